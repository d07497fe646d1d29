//! The person's seat at a UECda table (`cardroom uecda serve --human`).
//!
//! The server runs on a thread; the person is its [`HumanSeat`]. While the programs join, the
//! handshake lines print on the plain terminal; with the first deal the Daifugo screen opens,
//! linked to the table ([`crate::tui::screens::daifugo::link`]): it shows every change, the
//! programs under their profile names, and a status line with the game number and whom the
//! table waits for (or the latest note about a move: a time-out, a refused play, a lost
//! connection). When the screen closes the run stops after the current move.

use std::collections::VecDeque;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::{Duration, Instant};

use crate::config::{Config, Lang};
use crate::daifugo::{Action, Game, MatchResult};
use crate::i18n;
use crate::uecda::PLAYERS;
use crate::uecda::results::RunResults;
use crate::uecda::server::{HumanSeat, Note, Observer, ServeError, Server, ServerEvent};
use crate::uecda::words::refusal_text;

use super::app::App;
use super::ctx::Ctx;
use super::screens::daifugo::DaifugoScreen;
use super::screens::daifugo::link::{LinkUpdate, TableLink};

/// How long a note about a move stays in the status line.
const NOTE_SHOWN: Duration = Duration::from_secs(4);

/// What the server thread tells the screen.
enum Msg {
    /// A line for the plain terminal (the handshake).
    Line(String),
    /// A change of the table, with the player in each engine seat.
    Update(Box<LinkUpdate>, [usize; PLAYERS]),
    /// The table waits for this player.
    Awaiting(usize),
    /// A note about a move, in words.
    Note(String),
    /// The run is over.
    Done(Box<RunResults>),
}

/// The server's observer: everything goes down the channel.
struct Relay {
    tx: Sender<Msg>,
    lang: Lang,
    names: Vec<String>,
    /// Points so far by player.
    points: [u32; PLAYERS],
    game: u32,
    secs: u64,
}

impl Relay {
    fn send(&self, m: Msg) {
        let _ = self.tx.send(m);
    }
}

impl Observer for Relay {
    fn on(&mut self, e: ServerEvent<'_>) {
        match e {
            ServerEvent::Listening { addr, waiting } => self.send(Msg::Line(i18n::tf(
                self.lang,
                "uecda.serve.listening",
                &[("addr", &addr.to_string()), ("count", &waiting.to_string())],
            ))),
            ServerEvent::Joined { player, name, peer } => {
                if let Some(n) = self.names.get_mut(player) {
                    *n = name.to_string();
                }
                self.send(Msg::Line(i18n::tf(
                    self.lang,
                    "uecda.serve.joined",
                    &[
                        ("player", &player.to_string()),
                        ("name", name),
                        ("peer", &peer.to_string()),
                    ],
                )));
            }
            ServerEvent::Refused { peer, reason } => {
                self.send(Msg::Line(refusal_text(self.lang, peer, reason, self.secs)));
            }
            ServerEvent::Changed { game, events, info } => {
                self.game = info.number;
                for e in events {
                    if let crate::daifugo::Event::RoundEnd { points, .. } = e {
                        for (k, p) in info.seat_player.iter().enumerate() {
                            self.points[*p] += points[k];
                        }
                    }
                }
                for (k, p) in info.seat_player.iter().enumerate() {
                    if let Some(n) = self.names.get_mut(*p) {
                        n.clone_from(&info.names[k]);
                    }
                }
                let names = (0..PLAYERS)
                    .map(|k| {
                        if info.gone.get(k).copied().unwrap_or(false) {
                            i18n::tf(
                                self.lang,
                                "uecda.serve.gone_name",
                                &[("name", &info.names[k])],
                            )
                        } else {
                            info.names[k].clone()
                        }
                    })
                    .collect();
                self.send(Msg::Update(
                    Box::new(LinkUpdate {
                        game: game.clone(),
                        events: events.to_vec(),
                        names,
                        totals: info.seat_player.iter().map(|p| self.points[*p]).collect(),
                        number: info.number,
                        games: info.games,
                    }),
                    info.seat_player,
                ));
            }
            ServerEvent::Awaiting { player } => self.send(Msg::Awaiting(player)),
            ServerEvent::Noted { player, note } => {
                let name = self.names.get(player).cloned().unwrap_or_default();
                self.send(Msg::Note(short_note(self.lang, &name, note)));
            }
            ServerEvent::GameOver { .. } => {}
        }
    }
}

/// A note about a move as the status line shows it.
fn short_note(lang: Lang, name: &str, note: &Note) -> String {
    let key = match note {
        Note::Timeout => "uecda.ui.late",
        Note::Rejected(_) => "uecda.ui.refused",
        Note::Shape(_) => "uecda.ui.no_play",
        Note::BadTable(_) => "uecda.ui.bad_table",
        Note::BadGiveBack => "uecda.ui.bad_give_back",
        Note::Garbage(_) => "uecda.ui.stray",
        Note::Disconnected => "uecda.ui.lost",
        Note::Forced(_) => "uecda.ui.forced",
    };
    i18n::tf(lang, key, &[("name", name)])
}

/// The person's seat: waits for the screen's action.
struct Person {
    rx: Receiver<Action>,
    stop: Arc<AtomicBool>,
}

impl HumanSeat for Person {
    fn decide(&mut self, _game: &Game, _seat: usize) -> Option<Action> {
        loop {
            match self.rx.recv_timeout(Duration::from_millis(100)) {
                Ok(a) => return Some(a),
                Err(RecvTimeoutError::Timeout) if !self.stop.load(Ordering::Relaxed) => {}
                Err(_) => return None,
            }
        }
    }
}

/// The screen's end of the table.
struct Link {
    rx: Receiver<Msg>,
    tx: Sender<Action>,
    queue: VecDeque<(Box<LinkUpdate>, [usize; PLAYERS])>,
    awaiting: Option<usize>,
    note: Option<(String, Instant)>,
    names: Vec<String>,
    human: usize,
    shown: (u32, u32),
    seat_player: [usize; PLAYERS],
    done: Option<Box<RunResults>>,
}

impl Link {
    fn drain(&mut self) {
        loop {
            match self.rx.try_recv() {
                Ok(Msg::Update(u, seats)) => {
                    self.awaiting = None;
                    for (k, p) in seats.iter().enumerate() {
                        if let Some(n) = self.names.get_mut(*p) {
                            n.clone_from(&u.names[k]);
                        }
                    }
                    self.queue.push_back((u, seats));
                }
                Ok(Msg::Awaiting(p)) => self.awaiting = Some(p),
                Ok(Msg::Note(n)) => self.note = Some((n, Instant::now())),
                Ok(Msg::Line(n)) => self.note = Some((n, Instant::now())),
                Ok(Msg::Done(r)) => {
                    self.awaiting = None;
                    self.done = Some(r);
                }
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return,
            }
        }
    }
}

impl TableLink for Link {
    fn next(&mut self) -> Option<LinkUpdate> {
        self.drain();
        let (u, seats) = self.queue.pop_front()?;
        self.seat_player = seats;
        self.shown = (u.number, u.games);
        Some(*u)
    }

    fn send(&mut self, action: Action) {
        let _ = self.tx.send(action);
    }

    fn status(&self, ctx: &Ctx) -> String {
        let mut s = i18n::tf(
            ctx.lang,
            "uecda.serve.status",
            &[
                ("game", &self.shown.0.to_string()),
                ("games", &self.shown.1.to_string()),
            ],
        );
        if let Some((n, at)) = &self.note
            && at.elapsed() < NOTE_SHOWN
        {
            s.push_str(" | ");
            s.push_str(n);
        } else if let Some(p) = self.awaiting.filter(|p| *p != self.human) {
            let name = self.names.get(p).cloned().unwrap_or_default();
            s.push_str(" | ");
            s.push_str(&i18n::tf(
                ctx.lang,
                "uecda.serve.waiting",
                &[("name", &name)],
            ));
        }
        s
    }

    fn finished(&self) -> Option<MatchResult> {
        let r = self.done.as_ref()?;
        if !self.queue.is_empty() {
            return None;
        }
        let totals: Vec<u32> = self
            .seat_player
            .iter()
            .map(|p| {
                r.players.get(*p).map_or(0, |pl| {
                    pl.figures.points.iter().map(|x| u32::from(*x)).sum()
                })
            })
            .collect();
        Some(MatchResult {
            ranks: MatchResult::rank_totals(&totals),
            totals,
            rounds: Vec::new(),
        })
    }
}

/// Runs `server` with the person in its human seat: the handshake on the plain terminal, then
/// the Daifugo screen until the run ends or the person leaves (which stops the run after the
/// current move). Returns the run's figures.
///
/// Errors: as [`Server::run`].
pub fn run_table(
    config: Config,
    options: &super::Options,
    server: Server,
    record: Option<Box<dyn Write + Send>>,
) -> Result<RunResults, ServeError> {
    let ctx = Ctx::new(config, options, |k| std::env::var(k).ok());
    let lang = ctx.lang;
    let (tx, rx) = mpsc::channel::<Msg>();
    let (atx, arx) = mpsc::channel::<Action>();
    let stop = Arc::new(AtomicBool::new(false));
    let human = PLAYERS - 1;
    let thread_stop = Arc::clone(&stop);
    let done_tx = tx.clone();
    let handle = std::thread::Builder::new()
        .name("uecda-table".into())
        .spawn(move || {
            let mut relay = Relay {
                tx,
                lang,
                names: vec![String::new(); PLAYERS],
                points: [0; PLAYERS],
                game: 0,
                secs: 3,
            };
            let mut person = Person {
                rx: arx,
                stop: Arc::clone(&thread_stop),
            };
            let r = server.run(&mut relay, Some(&mut person), record, &thread_stop);
            if let Ok(res) = &r {
                let _ = done_tx.send(Msg::Done(Box::new(res.clone())));
            }
            r
        })
        .map_err(ServeError::Io)?;
    let join = |h: std::thread::JoinHandle<Result<RunResults, ServeError>>| {
        h.join()
            .unwrap_or_else(|_| Err(ServeError::Setup("the table thread failed".into())))
    };
    // The handshake, on the plain terminal.
    let (first, seats) = loop {
        match rx.recv() {
            Ok(Msg::Line(l)) | Ok(Msg::Note(l)) => eprintln!("{l}"),
            Ok(Msg::Update(u, seats)) => break (u, seats),
            Ok(Msg::Awaiting(_)) => {}
            Ok(Msg::Done(_)) | Err(_) => return join(handle),
        }
    };
    let mut names = vec![String::new(); PLAYERS];
    for (k, p) in seats.iter().enumerate() {
        names[*p].clone_from(&first.names[k]);
    }
    let link = Link {
        rx,
        tx: atx,
        queue: VecDeque::new(),
        awaiting: None,
        note: None,
        names,
        human,
        shown: (first.number, first.games),
        seat_player: seats,
        done: None,
    };
    let mut ctx = ctx;
    let screen = DaifugoScreen::linked(*first, Box::new(link), &mut ctx);
    let mut app = App::new(ctx, Box::new(screen));
    let _ = super::run_app(&mut app);
    stop.store(true, Ordering::Relaxed);
    drop(app);
    join(handle)
}

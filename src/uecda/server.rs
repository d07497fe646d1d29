//! `cardroom uecda serve`: a UECda protocol-20070 server (`uecda.md`, "Message order" and
//! "Rules of the official server"). The Daifugo engine is the referee; this module only moves
//! tables.
//!
//! * **Handshake.** Connections are taken one at a time in arrival order; each must send its
//!   profile within [`ServeOptions::handshake_timeout`] (3 s) and announce protocol 20070, else
//!   it is closed with a logged reason and the next connection is awaited. Player numbers
//!   0, 1, … go to external programs in order of connection; cardroom CPUs and the human take
//!   the numbers after them.
//! * **Seating and classes.** Seats are reshuffled at games 1, 1 + k, 1 + 2k, … (k =
//!   [`ServeOptions::seat_shuffle`], 0 = never) and classes reset at games 1, 1 + m, … (m =
//!   [`ServeOptions::class_reset`], 0 = never; a reset game has no exchange). Each stretch of
//!   games with one seating and no reset is one engine match: engine seat `k` is contest seat
//!   `k + r` (mod 5), where `r` puts the human, if any, in engine seat 0 (turn order is the
//!   same cycle); a match that continues the classes starts with [`Game::new_after`].
//! * **Each game.** The deal tables (the lower players' before they give, the others' after
//!   receiving; `[5][1]` the cards to give back), the upper players' give-backs (an invalid or
//!   missing choice gives their strongest cards), then per turn: all five hand tables, the
//!   mover's table, the answer 9 (accepted) or 8 (refused; a refused play counts as a pass, and
//!   a pass on a pile is answered 8 as the official server does), the field table (the pile as
//!   last accepted, rows 5–6 after the action) and the continue code (0, 1 game over, 2 all
//!   over) to all five.
//! * **Faults.** Every read has the move time limit ([`ServeOptions::move_timeout`]; `None` =
//!   wait forever, like the official server); a late move is a pass and its table, when it
//!   comes, is thrown away. Bytes sent out of turn are thrown away and counted. A lost
//!   connection passes for the rest of the run (and gives its strongest cards). Nothing a
//!   client sends can stop the table.

use std::io::{self, ErrorKind, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::RngExt;
use rand::seq::SliceRandom;

use super::PLAYERS;
use super::codec::{
    CellError, ShapeError, Submission, hand_of, hand_table, play_table, read_cells,
};
use super::results::{PlayerFigures, PlayerResult, RunResults, SeatKind};
use super::table::{PROTOCOL, TABLE_BYTES, Table, cell};
use crate::cards::{GameRng, rng_from_seed};
use crate::daifugo::cpu::{Budget, cpu_with_budget};
use crate::daifugo::game::strongest;
use crate::daifugo::record::{RecordWriter, SeatInfo, header_value, header_value_after};
use crate::daifugo::rules::Rules;
use crate::daifugo::{
    Action, CardSet, CpuPlayer, Decision, Event, EventSink, Game, MatchSettings, Phase, Play,
    RuleError,
};

/// How a server is set up.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on (only this one).
    pub bind: IpAddr,
    /// The port (0 = any free port; read it back with [`Server::local_addr`]).
    pub port: u16,
    /// Games to play.
    pub games: u32,
    /// Who plays, by player number: external programs first (they get the numbers in order of
    /// connection), then cardroom CPUs and the human. Five entries.
    pub seats: Vec<SeatKind>,
    /// Time allowed for each move and give-back of an external program; `None` = no limit.
    pub move_timeout: Option<Duration>,
    /// Time allowed for a new connection's profile.
    pub handshake_timeout: Duration,
    /// Classes reset every this many games (0 = never).
    pub class_reset: u32,
    /// Seats are shuffled every this many games (0 = never).
    pub seat_shuffle: u32,
    /// Seed of the seating, the deals and the CPUs' choices.
    pub seed: u64,
    /// The rules the engine referees.
    pub rules: Rules,
    /// Thinking budget of `hard` CPUs.
    pub budget: Budget,
    /// The name shown for the human's seat.
    pub human_name: String,
}

impl ServeOptions {
    /// The contest's defaults: 127.0.0.1:42485, 100 games, five external programs, 10 s per
    /// move, 3 s for the handshake, classes reset every 100 games, seats shuffled every 3.
    pub fn new(rules: Rules) -> ServeOptions {
        ServeOptions {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: super::table::DEFAULT_PORT,
            games: 100,
            seats: vec![SeatKind::External; PLAYERS],
            move_timeout: Some(Duration::from_secs(10)),
            handshake_timeout: Duration::from_secs(3),
            class_reset: 100,
            seat_shuffle: 3,
            seed: 0,
            rules,
            budget: Budget::default(),
            human_name: "human".into(),
        }
    }
}

/// Why a connection was turned away during the handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No profile arrived in time.
    Silent,
    /// The profile announced another protocol.
    Protocol(i32),
    /// The connection closed before its profile.
    Closed,
    /// A socket error.
    Io(String),
}

/// Something worth showing about a player's move.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// No move within the time limit: a pass (or their strongest cards, in the exchange).
    Timeout,
    /// The rules refused the play: a pass.
    Rejected(RuleError),
    /// The cells make no play: a pass.
    Shape(ShapeError),
    /// The table could not be read as cards: a pass (or their strongest cards).
    BadTable(CellError),
    /// The give-back was not exactly their own cards of the owed number: their strongest.
    BadGiveBack,
    /// Bytes sent out of turn, thrown away.
    Garbage(usize),
    /// The connection was lost; the player passes from now on.
    Disconnected,
    /// A pass the rules do not allow (a leader under rules where the leader must play): the
    /// first legal play was made for them.
    Forced(Action),
}

/// What the table looks like, for observers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableInfo {
    /// The game being played (1-based).
    pub number: u32,
    /// Games in the run.
    pub games: u32,
    /// The player in each engine seat.
    pub seat_player: [usize; PLAYERS],
    /// Names by engine seat.
    pub names: Vec<String>,
    /// Who plays each engine seat.
    pub kinds: Vec<SeatKind>,
    /// Engine seats whose connection is lost.
    pub gone: Vec<bool>,
}

/// What happens at the table, as observers see it (the progress line, the TUI).
pub enum ServerEvent<'a> {
    /// Listening on this address; waiting for `waiting` programs.
    Listening {
        /// The address.
        addr: SocketAddr,
        /// External programs awaited.
        waiting: usize,
    },
    /// A program joined.
    Joined {
        /// Its player number.
        player: usize,
        /// Its profile name.
        name: &'a str,
        /// Where from.
        peer: SocketAddr,
    },
    /// A connection was turned away.
    Refused {
        /// Where from.
        peer: SocketAddr,
        /// Why.
        reason: &'a Refusal,
    },
    /// The engine moved on: a new match (block) or an action. `events` are the engine's.
    Changed {
        /// The referee.
        game: &'a Game,
        /// What happened.
        events: &'a [Event],
        /// The table around it.
        info: &'a TableInfo,
    },
    /// The table waits for this player.
    Awaiting {
        /// Player number.
        player: usize,
    },
    /// Something about a player's move.
    Noted {
        /// Player number.
        player: usize,
        /// What.
        note: &'a Note,
    },
    /// A game ended.
    GameOver {
        /// Its number (1-based).
        number: u32,
        /// Places by player number (1-based).
        places: [u8; PLAYERS],
    },
}

/// Receives [`ServerEvent`]s.
pub trait Observer {
    /// One event.
    fn on(&mut self, e: ServerEvent<'_>);
}

/// An observer that ignores everything.
pub struct Quiet;

impl Observer for Quiet {
    fn on(&mut self, _e: ServerEvent<'_>) {}
}

/// The person's seat: asked for a decision when that seat is to act.
pub trait HumanSeat {
    /// The action for engine seat `seat` of `game` (a play, a pass or a give-back). `None`
    /// means the person left: the seat then passes (and gives its strongest cards).
    fn decide(&mut self, game: &Game, seat: usize) -> Option<Action>;
}

/// Why a run stopped early.
#[derive(Debug)]
pub enum ServeError {
    /// Listening or accepting failed.
    Io(io::Error),
    /// The stop flag was raised while waiting for programs to join.
    StoppedWaiting,
    /// The options make no table (not five seats, or the engine refused the rules).
    Setup(String),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Io(e) => write!(f, "{e}"),
            ServeError::StoppedWaiting => f.write_str("stopped while waiting for players"),
            ServeError::Setup(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for ServeError {}

impl From<io::Error> for ServeError {
    fn from(e: io::Error) -> ServeError {
        ServeError::Io(e)
    }
}

/// A bound server, ready to run.
pub struct Server {
    listener: TcpListener,
    opts: ServeOptions,
}

/// Where a read ended.
enum Read480 {
    Table(Box<Table>),
    Timeout,
    Closed,
}

/// One program's connection.
struct Conn {
    stream: TcpStream,
    /// Bytes still to come of a table that arrived too late (thrown away when they come).
    owed: usize,
    buf: [u8; TABLE_BYTES],
    have: usize,
    closed: bool,
}

impl Conn {
    fn new(stream: TcpStream, timeout: Option<Duration>) -> Conn {
        let _ = stream.set_nodelay(true);
        let _ = stream.set_write_timeout(timeout.map(|t| t.max(Duration::from_secs(1))));
        Conn {
            stream,
            owed: 0,
            buf: [0; TABLE_BYTES],
            have: 0,
            closed: false,
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.closed {
            return;
        }
        if self.stream.write_all(bytes).is_err() {
            self.close();
        }
    }

    fn close(&mut self) {
        self.closed = true;
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
    }

    /// Throws away whatever has arrived unasked: first the rest of a late table, then
    /// anything else (returned as the count of stray bytes).
    fn drain(&mut self) -> usize {
        if self.closed {
            return 0;
        }
        let mut stray = 0;
        if self.stream.set_nonblocking(true).is_err() {
            return 0;
        }
        let mut scratch = [0u8; 4096];
        loop {
            match self.stream.read(&mut scratch) {
                Ok(0) => {
                    self.close();
                    break;
                }
                Ok(n) => {
                    let late = n.min(self.owed);
                    self.owed -= late;
                    stray += n - late;
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        if !self.closed && self.stream.set_nonblocking(false).is_err() {
            self.close();
        }
        stray
    }

    /// Reads one table within `timeout` (after the rest of any late table). A table cut short
    /// by the time limit is owed: its remaining bytes are thrown away when they arrive.
    fn read_table(&mut self, timeout: Option<Duration>) -> Read480 {
        if self.closed {
            return Read480::Closed;
        }
        let deadline = timeout.map(|t| Instant::now() + t);
        let mut scratch = [0u8; TABLE_BYTES];
        loop {
            if self.owed == 0 && self.have == TABLE_BYTES {
                self.have = 0;
                return Read480::Table(Box::new(Table::from_bytes(&self.buf)));
            }
            let wait = match deadline {
                Some(d) => match d.checked_duration_since(Instant::now()) {
                    Some(w) if !w.is_zero() => Some(w),
                    _ => return self.timed_out(),
                },
                None => None,
            };
            if self.stream.set_read_timeout(wait).is_err() {
                self.close();
                return Read480::Closed;
            }
            let got = if self.owed > 0 {
                let n = self.owed.min(TABLE_BYTES);
                self.stream
                    .read(&mut scratch[..n])
                    .inspect(|k| self.owed -= k)
            } else {
                let have = self.have;
                let r = self.stream.read(&mut self.buf[have..]);
                if let Ok(k) = r {
                    self.have += k;
                }
                r
            };
            match got {
                Ok(0) => {
                    self.close();
                    return Read480::Closed;
                }
                Ok(_) => {}
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    return self.timed_out();
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => {
                    self.close();
                    return Read480::Closed;
                }
            }
        }
    }

    fn timed_out(&mut self) -> Read480 {
        self.owed += TABLE_BYTES - self.have;
        self.have = 0;
        Read480::Timeout
    }
}

/// A player and how it plays.
enum Driver {
    External(Box<Conn>),
    Cpu(Box<dyn CpuPlayer + Send>),
    Human,
}

struct Player {
    kind: SeatKind,
    name: String,
    driver: Driver,
    figures: PlayerFigures,
    gone: bool,
}

/// The record file of a run.
type Record = RecordWriter<Box<dyn Write + Send>>;

/// A run in progress.
struct Run<'a> {
    opts: ServeOptions,
    players: Vec<Player>,
    rng: GameRng,
    cpu_rng: GameRng,
    /// The player in each contest seat.
    seating: [usize; PLAYERS],
    /// Classes by player (0 = 大富豪) from the last game, `None` at the start of a cycle.
    classes: Option<[u8; PLAYERS]>,
    game: Option<Game>,
    info: TableInfo,
    /// Engine seat of each player.
    player_seat: [usize; PLAYERS],
    /// Events of the next game's start, not yet sent as tables.
    pending: Vec<Event>,
    /// The pile as last accepted, in cells.
    field: Table,
    /// The card cells of the external mover's last table that made a play.
    last_cells: Option<Table>,
    observer: &'a mut dyn Observer,
    human: Option<&'a mut dyn HumanSeat>,
    record: Option<Record>,
    /// Where the record goes before its first header is written.
    record_out: Option<Box<dyn Write + Send>>,
    stop: &'a AtomicBool,
}

/// Events tee'd to the record and kept for the observers.
struct Tee<'r> {
    record: Option<&'r mut Record>,
    events: Vec<Event>,
}

impl EventSink for Tee<'_> {
    fn event(&mut self, e: &Event) {
        if let Some(r) = self.record.as_mut() {
            r.event(e);
        }
        self.events.push(*e);
    }
}

impl Server {
    /// Listens on `opts.bind:opts.port`.
    ///
    /// Errors: the address cannot be bound; [`ServeError::Setup`] unless five seats.
    pub fn bind(opts: ServeOptions) -> Result<Server, ServeError> {
        if opts.seats.len() != PLAYERS {
            return Err(ServeError::Setup(format!(
                "a table has {PLAYERS} seats, not {}",
                opts.seats.len()
            )));
        }
        let listener = TcpListener::bind((opts.bind, opts.port))?;
        Ok(Server { listener, opts })
    }

    /// The address listened on (with the real port when 0 was asked for).
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Waits for the external programs, plays the games, and returns the figures. `record`
    /// receives the game record (JSON Lines, one match per seating); `stop`, when raised,
    /// ends the run after the current move (the figures then cover the games completed).
    ///
    /// Errors: accepting fails, or `stop` is raised before everyone has joined.
    pub fn run<'a>(
        self,
        observer: &'a mut dyn Observer,
        human: Option<&'a mut dyn HumanSeat>,
        record: Option<Box<dyn Write + Send>>,
        stop: &'a AtomicBool,
    ) -> Result<RunResults, ServeError> {
        let opts = self.opts;
        let waiting = opts
            .seats
            .iter()
            .filter(|k| **k == SeatKind::External)
            .count();
        observer.on(ServerEvent::Listening {
            addr: self.listener.local_addr()?,
            waiting,
        });
        let mut conns = accept_all(&self.listener, &opts, waiting, observer, stop)?;
        drop(self.listener);
        let mut conns = conns.drain(..);
        let mut players = Vec::with_capacity(PLAYERS);
        for kind in &opts.seats {
            let (name, driver) = match kind {
                SeatKind::External => match conns.next() {
                    Some((name, conn)) => (name, Driver::External(Box::new(conn))),
                    None => return Err(ServeError::StoppedWaiting),
                },
                SeatKind::Cpu(level) => (
                    format!("cardroom-{}", level.as_str()),
                    Driver::Cpu(cpu_with_budget(*level, opts.budget)),
                ),
                SeatKind::Human => (opts.human_name.clone(), Driver::Human),
            };
            players.push(Player {
                kind: *kind,
                name,
                driver,
                figures: PlayerFigures::default(),
                gone: false,
            });
        }
        let games = opts.games;
        let seed = opts.seed;
        let mut run = Run {
            opts,
            players,
            rng: rng_from_seed(seed),
            cpu_rng: rng_from_seed(seed ^ 0x5EED_C0DE_0000_0001),
            seating: [0, 1, 2, 3, 4],
            classes: None,
            game: None,
            info: TableInfo {
                number: 0,
                games,
                seat_player: [0, 1, 2, 3, 4],
                names: Vec::new(),
                kinds: Vec::new(),
                gone: vec![false; PLAYERS],
            },
            player_seat: [0, 1, 2, 3, 4],
            pending: Vec::new(),
            field: Table::default(),
            last_cells: None,
            observer,
            human,
            record: None,
            record_out: record,
            stop,
        };
        let start = Instant::now();
        let mut done = 0;
        for number in 1..=games {
            if run.stop.load(Ordering::Relaxed) {
                break;
            }
            run.info.number = number;
            if run
                .game
                .as_ref()
                .is_none_or(|g| g.phase() == Phase::MatchOver)
            {
                run.start_block(number)?;
            }
            if !run.play_game(number) {
                break;
            }
            done = number;
        }
        if let Some(r) = run.record.take() {
            let _ = r.finish();
        }
        for p in &mut run.players {
            if let Driver::External(c) = &mut p.driver {
                c.close();
            }
        }
        Ok(RunResults {
            games: done,
            games_planned: games,
            elapsed: start.elapsed(),
            players: run
                .players
                .into_iter()
                .enumerate()
                .map(|(i, p)| {
                    let searches = match &p.driver {
                        Driver::Cpu(cpu) => cpu.search_counts(),
                        Driver::External(_) | Driver::Human => None,
                    };
                    PlayerResult {
                        player: i,
                        name: p.name,
                        kind: p.kind,
                        figures: PlayerFigures {
                            searches,
                            ..p.figures
                        },
                    }
                })
                .collect(),
        })
    }
}

/// Takes connections until `want` programs have joined, in arrival order.
fn accept_all(
    listener: &TcpListener,
    opts: &ServeOptions,
    want: usize,
    observer: &mut dyn Observer,
    stop: &AtomicBool,
) -> Result<Vec<(String, Conn)>, ServeError> {
    let mut joined = Vec::with_capacity(want);
    listener.set_nonblocking(true)?;
    while joined.len() < want {
        if stop.load(Ordering::Relaxed) {
            return Err(ServeError::StoppedWaiting);
        }
        let (stream, peer) = match listener.accept() {
            Ok(x) => x,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
            Err(e) if e.kind() == ErrorKind::ConnectionAborted => continue,
            Err(e) => return Err(e.into()),
        };
        match handshake(stream, opts.handshake_timeout, joined.len()) {
            Ok((name, stream)) => {
                observer.on(ServerEvent::Joined {
                    player: joined.len(),
                    name: &name,
                    peer,
                });
                joined.push((name, Conn::new(stream, opts.move_timeout)));
            }
            Err(reason) => observer.on(ServerEvent::Refused {
                peer,
                reason: &reason,
            }),
        }
    }
    Ok(joined)
}

/// Reads a profile and answers the player number.
fn handshake(
    mut stream: TcpStream,
    timeout: Duration,
    number: usize,
) -> Result<(String, TcpStream), Refusal> {
    let io = |e: io::Error| Refusal::Io(e.to_string());
    stream.set_nonblocking(false).map_err(io)?;
    let _ = stream.set_nodelay(true);
    stream.set_read_timeout(Some(timeout)).map_err(io)?;
    let t = match super::table::read_table(&mut stream) {
        Ok(t) => t,
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
            return Err(Refusal::Silent);
        }
        Err(e) if e.kind() == ErrorKind::UnexpectedEof => return Err(Refusal::Closed),
        Err(e) => return Err(io(e)),
    };
    let (protocol, name) = t.profile_parts();
    if protocol != PROTOCOL {
        let _ = stream.shutdown(std::net::Shutdown::Both);
        return Err(Refusal::Protocol(protocol));
    }
    super::table::write_int(&mut stream, number as i32).map_err(io)?;
    Ok((name, stream))
}

/// Whether game `number` (1-based) starts a new cycle of `every` games.
fn boundary(number: u32, every: u32) -> bool {
    every > 0 && (number - 1).is_multiple_of(every)
}

impl Run<'_> {
    fn note(&mut self, player: usize, note: Note) {
        match &note {
            Note::Timeout => self.players[player].figures.timeouts += 1,
            Note::Rejected(_) | Note::Shape(_) => self.players[player].figures.rejected += 1,
            Note::BadTable(_) | Note::Garbage(_) => {
                self.players[player].figures.protocol_errors += 1;
            }
            _ => {}
        }
        self.observer.on(ServerEvent::Noted {
            player,
            note: &note,
        });
    }

    /// Marks lost connections once.
    fn check_gone(&mut self) {
        for p in 0..PLAYERS {
            let closed = matches!(&self.players[p].driver, Driver::External(c) if c.closed);
            if closed && !self.players[p].gone {
                self.players[p].gone = true;
                self.players[p].figures.disconnected_in = Some(self.info.number);
                self.info.gone[self.player_seat[p]] = true;
                self.note(p, Note::Disconnected);
            }
        }
    }

    /// Starts the engine match for the games from `number` up to the next reseating or class
    /// reset.
    fn start_block(&mut self, number: u32) -> Result<(), ServeError> {
        let o = &self.opts;
        let (games, shuffle, reset) = (o.games, o.seat_shuffle, o.class_reset);
        let rules = o.rules;
        if boundary(number, shuffle) {
            self.seating.shuffle(&mut self.rng);
        }
        if boundary(number, reset) {
            self.classes = None;
        }
        let mut len = 1;
        while number + len <= games
            && !boundary(number + len, shuffle)
            && !boundary(number + len, reset)
        {
            len += 1;
        }
        let human_pos = (0..PLAYERS)
            .find(|s| self.players[self.seating[*s]].kind == SeatKind::Human)
            .unwrap_or(0);
        for k in 0..PLAYERS {
            let p = self.seating[(k + human_pos) % PLAYERS];
            self.info.seat_player[k] = p;
            self.player_seat[p] = k;
        }
        self.info.names = (0..PLAYERS)
            .map(|k| self.players[self.info.seat_player[k]].name.clone())
            .collect();
        self.info.kinds = (0..PLAYERS)
            .map(|k| self.players[self.info.seat_player[k]].kind)
            .collect();
        self.info.gone = (0..PLAYERS)
            .map(|k| self.players[self.info.seat_player[k]].gone)
            .collect();
        let settings = MatchSettings {
            rules,
            players: PLAYERS,
            rounds: len,
        };
        let seed: u64 = self.rng.random();
        let seats: Vec<SeatInfo> = (0..PLAYERS)
            .map(|k| SeatInfo {
                name: self.info.names[k].clone(),
                level: self.info.kinds[k].label().to_string(),
                entry: None,
            })
            .collect();
        let previous: Option<Vec<u8>> = self.classes.map(|c| {
            (0..PLAYERS)
                .map(|k| c[self.info.seat_player[k]] + 1)
                .collect()
        });
        let header = match &previous {
            Some(p) => header_value_after(seed, &settings, &seats, p),
            None => header_value(seed, &settings, &seats),
        };
        if let Some(r) = self.record.as_mut() {
            let _ = r.next_header(&header);
        } else if let Some(out) = self.record_out.take() {
            self.record = RecordWriter::with_header(out, &header).ok();
        }
        let mut tee = Tee {
            record: self.record.as_mut(),
            events: Vec::new(),
        };
        let rng = rng_from_seed(seed);
        let game = match &previous {
            Some(p) => Game::new_after(settings, rng, p, &mut tee),
            None => Game::new_into(settings, rng, &mut tee),
        }
        .map_err(|e| ServeError::Setup(e.to_string()))?;
        self.pending = tee.events;
        self.observer.on(ServerEvent::Changed {
            game: &game,
            events: &self.pending,
            info: &self.info,
        });
        self.game = Some(game);
        Ok(())
    }

    /// The state rows (5 and 6) every table of this game shares: counts, classes, seating.
    fn info_row(&self, counts_by_player: [i32; PLAYERS]) -> [i32; 15] {
        let mut row = [0i32; 15];
        row[..PLAYERS].copy_from_slice(&counts_by_player);
        if let Some(c) = self.classes {
            for p in 0..PLAYERS {
                row[cell::CLASS_COL + p] = i32::from(c[p]);
            }
        }
        for s in 0..PLAYERS {
            row[cell::SEAT_COL + s] = self.seating[s] as i32;
        }
        row
    }

    fn counts_by_player(&self, game: &Game) -> [i32; PLAYERS] {
        let mut out = [0; PLAYERS];
        for (p, o) in out.iter_mut().enumerate() {
            *o = game.hand(self.player_seat[p]).len() as i32;
        }
        out
    }

    fn send_table(&mut self, player: usize, t: &Table) {
        if let Driver::External(c) = &mut self.players[player].driver {
            c.write(&t.to_bytes());
        }
    }

    fn send_int(&mut self, player: usize, v: i32) {
        if let Driver::External(c) = &mut self.players[player].driver {
            c.write(&v.max(0).to_be_bytes());
        }
    }

    fn drain(&mut self, player: usize) {
        let stray = match &mut self.players[player].driver {
            Driver::External(c) => c.drain(),
            _ => 0,
        };
        if stray > 0 {
            self.note(player, Note::Garbage(stray));
        }
    }

    /// Plays game `number` to its end; false when the run must stop.
    fn play_game(&mut self, number: u32) -> bool {
        self.field = Table::default();
        self.send_deal();
        self.check_gone();
        while self
            .game
            .as_ref()
            .is_some_and(|g| g.phase() == Phase::Exchange)
        {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            self.exchange_step();
        }
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            match self.turn(number) {
                Some(true) => return true,
                Some(false) => {}
                None => return false,
            }
        }
    }

    /// The deal tables, from the start events of this game.
    fn send_deal(&mut self) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let mut dealt = [CardSet::EMPTY; PLAYERS];
        let mut owed = [0i32; PLAYERS];
        let mut gave = [false; PLAYERS];
        for e in &self.pending {
            match *e {
                Event::Deal { hands, .. } => {
                    for (k, h) in hands.iter().take(PLAYERS).enumerate() {
                        dealt[self.info.seat_player[k]] = *h;
                    }
                }
                Event::Exchange {
                    from,
                    to,
                    cards,
                    forced: true,
                    ..
                } => {
                    gave[self.info.seat_player[usize::from(from)]] = true;
                    owed[self.info.seat_player[usize::from(to)]] = cards.len() as i32;
                }
                _ => {}
            }
        }
        let counts = dealt.map(|h| h.len() as i32);
        let row6 = self.info_row(counts);
        let tables: Vec<Table> = (0..PLAYERS)
            .map(|p| {
                let hand = if gave[p] {
                    dealt[p]
                } else {
                    game.hand(self.player_seat[p])
                };
                let mut t = hand_table(hand);
                t.set(cell::DEAL, 1);
                t.set(cell::EXCHANGE, owed[p]);
                t.set(cell::PLAYER, cell::DEAL_PLAYER);
                t.0[cell::INFO_ROW] = row6;
                t
            })
            .collect();
        self.pending.clear();
        for (p, t) in tables.iter().enumerate() {
            self.drain(p);
            self.send_table(p, t);
        }
    }

    /// One give-back of the exchange.
    fn exchange_step(&mut self) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let Some(seat) = game.current_seat() else {
            return;
        };
        let player = self.info.seat_player[seat];
        let hand = game.hand(seat);
        let count = match game.seat_view(seat).decision() {
            Decision::GiveBack { count, .. } => usize::from(count),
            _ => 0,
        };
        let fallback = Action::GiveBack(strongest(hand, count));
        if self.players[player].gone {
            self.apply(seat, fallback);
            return;
        }
        self.observer.on(ServerEvent::Awaiting { player });
        let (chosen, note) = self.ask(seat, player, true, None);
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let action = match chosen {
            Some(a @ Action::GiveBack(_)) => match game.check(seat, a) {
                Ok(a) => a,
                Err(_) => {
                    self.note(player, Note::BadGiveBack);
                    fallback
                }
            },
            _ => {
                match note {
                    Some(n) => self.note(player, n),
                    None if !self.players[player].gone => self.note(player, Note::BadGiveBack),
                    None => {}
                }
                fallback
            }
        };
        self.apply(seat, action);
        self.check_gone();
    }

    /// Asks the player of `seat` for an action. Returns the action (`None`: a pass, or the
    /// strongest cards in the exchange) and a note on why there is none. The card cells of an
    /// external program's play are kept in `last_cells`, to be echoed if it is accepted.
    /// `sent`: when the player's turn began (its hand table was written); the time from then
    /// to the answer is recorded as a move time. Give-backs pass `None` and are not timed.
    fn ask(
        &mut self,
        seat: usize,
        player: usize,
        exchange: bool,
        sent: Option<Instant>,
    ) -> (Option<Action>, Option<Note>) {
        let timeout = self.opts.move_timeout;
        self.last_cells = None;
        let mut left = false;
        let result = match &mut self.players[player].driver {
            Driver::External(conn) => match conn.read_table(timeout) {
                Read480::Table(t) => {
                    let r = if exchange {
                        give_back_of(&t)
                    } else {
                        action_of(&t)
                    };
                    match r {
                        Ok(a) => {
                            if matches!(a, Action::Play(_)) {
                                self.last_cells = Some(t.card_cells());
                            }
                            (Some(a), None)
                        }
                        Err(n) => (None, Some(n)),
                    }
                }
                Read480::Timeout => (None, Some(Note::Timeout)),
                Read480::Closed => (None, None),
            },
            Driver::Cpu(cpu) => match self.game.as_ref() {
                Some(g) => (
                    Some(cpu.choose(&g.seat_view(seat), &mut self.cpu_rng)),
                    None,
                ),
                None => (None, None),
            },
            Driver::Human => match (self.human.as_mut(), self.game.as_ref()) {
                (Some(h), Some(g)) => match h.decide(g, seat) {
                    Some(a) => (Some(a), None),
                    None => {
                        left = true;
                        (None, Some(Note::Disconnected))
                    }
                },
                _ => (None, None),
            },
        };
        if left {
            self.players[player].gone = true;
            self.players[player].figures.disconnected_in = Some(self.info.number);
            self.info.gone[seat] = true;
        }
        let answered = match &self.players[player].driver {
            Driver::External(c) => !c.closed && !matches!(result.1, Some(Note::Timeout)),
            Driver::Cpu(_) => true,
            Driver::Human => false,
        };
        if let Some(sent) = sent
            && answered
            && !self.players[player].gone
        {
            self.players[player].figures.move_times.push(sent.elapsed());
        }
        result
    }

    fn apply(&mut self, seat: usize, action: Action) -> Vec<Event> {
        let Some(game) = self.game.as_mut() else {
            return Vec::new();
        };
        let mut tee = Tee {
            record: self.record.as_mut(),
            events: Vec::new(),
        };
        if game.apply_into(seat, action, &mut tee).is_err() {
            // Checked before; should the engine still refuse, its first legal action keeps
            // the table going.
            if let Some(a) = game.legal_actions(seat).first().copied() {
                let _ = game.apply_into(seat, a, &mut tee);
            }
        }
        let events = tee.events;
        self.observer.on(ServerEvent::Changed {
            game,
            events: &events,
            info: &self.info,
        });
        events
    }

    /// One turn: returns `Some(true)` when the game ended, `Some(false)` to go on, `None` if
    /// the engine has nobody to move (never in a sound game).
    fn turn(&mut self, number: u32) -> Option<bool> {
        let game = self.game.as_ref()?;
        let seat = game.current_seat()?;
        let mover = self.info.seat_player[seat];
        let trick = *game.trick();
        let counts = self.counts_by_player(game);
        // Every player's hand table.
        let row6 = self.info_row(counts);
        let tables: Vec<Table> = (0..PLAYERS)
            .map(|p| {
                let mut t = hand_table(game.hand(self.player_seat[p]));
                t.set(cell::YOUR_TURN, i32::from(p == mover));
                t.set(cell::PLAYER, mover as i32);
                t.set(cell::PILE_EMPTY, i32::from(trick.pile.is_none()));
                t.set(cell::REVOLUTION, i32::from(trick.revolution));
                t.set(cell::LOCK, i32::from(!trick.lock.is_empty()));
                t.0[cell::INFO_ROW] = row6;
                t
            })
            .collect();
        self.drain(mover);
        let mut sent = Instant::now();
        for (p, t) in tables.iter().enumerate() {
            self.send_table(p, t);
            if p == mover {
                // The mover may answer while the others' tables are still being written.
                sent = Instant::now();
            }
        }
        self.check_gone();
        if !self.players[mover].gone {
            self.observer.on(ServerEvent::Awaiting { player: mover });
        }
        let (chosen, note) = if self.players[mover].gone {
            (None, None)
        } else {
            self.ask(seat, mover, false, Some(sent))
        };
        let submitted_pass = matches!(chosen, Some(Action::Pass));
        let submitted_cells = self.last_cells.take();
        let game = self.game.as_ref()?;
        let mut accepted = None;
        let mut action = Action::Pass;
        match chosen {
            Some(Action::Play(p)) => match game.check(seat, Action::Play(p)) {
                Ok(a @ Action::Play(play)) => {
                    accepted = Some(play);
                    action = a;
                }
                Ok(_) => {}
                Err(e) => self.note(mover, Note::Rejected(e)),
            },
            Some(_) => {}
            None => {
                if let Some(n) = note {
                    self.note(mover, n);
                }
            }
        }
        let game = self.game.as_ref()?;
        let mut forced = None;
        if accepted.is_none()
            && game.check(seat, Action::Pass).is_err()
            && let Some(a) = game.legal_actions(seat).first().copied()
        {
            forced = Some(a);
            action = a;
        }
        if let Some(a) = forced {
            self.note(mover, Note::Forced(a));
        }
        let pile_was_empty = trick.pile.is_none();
        let events = self.apply(seat, action);
        self.check_gone();
        // The answer.
        let answer = if accepted.is_some() || (submitted_pass && pile_was_empty) {
            9
        } else {
            8
        };
        self.send_int(mover, answer);
        // The field table: the pile as last accepted, state after the action.
        let played: Option<Play> = match action {
            Action::Play(p) => Some(p),
            _ => None,
        };
        if let Some(p) = played {
            self.field = match (accepted.is_some(), submitted_cells) {
                (true, Some(cells)) => cells,
                _ => play_table(p, trick.pile, trick.lock, trick.reversed()),
            };
        }
        let end = events
            .iter()
            .position(|e| matches!(e, Event::RoundEnd { .. }))
            .unwrap_or(events.len());
        let (this, next) = events.split_at(end);
        let cleared = this.iter().any(|e| matches!(e, Event::Clear { .. }));
        let game_over = !next.is_empty();
        let revolution = this
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::Revolution { active } => Some(*active),
                _ => None,
            })
            .unwrap_or(trick.revolution);
        let game = self.game.as_ref()?;
        let lock = if cleared || game_over {
            this.iter().any(|e| matches!(e, Event::Lock { .. }))
                || (!trick.lock.is_empty() && !played.is_some_and(|p| p.is_lone_joker()))
        } else {
            !game.trick().lock.is_empty()
        };
        let mut after = counts;
        if let Some(p) = played {
            after[mover] -= p.len() as i32;
        }
        let mut field = self.field;
        field.set(cell::PLAYER, mover as i32);
        field.set(cell::PILE_EMPTY, i32::from(self.field.cards_empty()));
        field.set(cell::REVOLUTION, i32::from(revolution));
        field.set(cell::LOCK, i32::from(lock));
        field.0[cell::INFO_ROW] = self.info_row(after);
        for p in 0..PLAYERS {
            self.send_table(p, &field);
        }
        let code = if !game_over {
            0
        } else if number >= self.opts.games {
            2
        } else {
            1
        };
        for p in 0..PLAYERS {
            self.send_int(p, code);
        }
        if cleared {
            self.field = Table::default();
        }
        self.check_gone();
        if let Some(Event::RoundEnd { places, .. }) = next.first().copied() {
            let mut by_player = [0u8; PLAYERS];
            for (k, place) in places.iter().take(PLAYERS).enumerate() {
                by_player[self.info.seat_player[k]] = *place;
            }
            let mut classes = [0u8; PLAYERS];
            for p in 0..PLAYERS {
                classes[p] = by_player[p].saturating_sub(1);
                self.players[p].figures.add_place(by_player[p]);
            }
            self.classes = Some(classes);
            self.pending = next[1..].to_vec();
            self.observer.on(ServerEvent::GameOver {
                number,
                places: by_player,
            });
            return Some(true);
        }
        Some(false)
    }
}

/// The action a submitted play table asks for (a pass, or the play its cells describe).
/// The submitted cells are echoed in the field table when the play is accepted.
fn action_of(t: &Table) -> Result<Action, Note> {
    match read_cells(t) {
        Ok(Submission::Pass) => Ok(Action::Pass),
        Ok(Submission::Cards(cells)) => cells.play().map(Action::Play).map_err(Note::Shape),
        Err(e) => Err(Note::BadTable(e)),
    }
}

/// The give-back a submitted exchange table asks for: its natural cards and, for any 2, the
/// joker.
fn give_back_of(t: &Table) -> Result<Action, Note> {
    match read_cells(t) {
        Ok(_) => Ok(Action::GiveBack(hand_of(t))),
        Err(e) => Err(Note::BadTable(e)),
    }
}

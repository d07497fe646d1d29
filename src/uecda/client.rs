//! `cardroom uecda connect`: a cardroom CPU at any protocol-20070 server (`uecda.md`,
//! "Message order").
//!
//! The client keeps its own view of the game from the tables the server sends, and hands its
//! CPU exactly what a CPU gets at a cardroom table — a [`SeatView`]: its hand, the counts,
//! the pile, the passes, the places, the played cards and a public log.
//!
//! * **Seats.** The view's seats are the contest seats (`[6][10 + s]` is the player in seat
//!   `s`; play goes seat by seat), so the engine's turn order is the table's.
//! * **Plays and passes.** Each field table shows the pile as last accepted and who acted
//!   (`[5][3]`): cells that differ from the pile the client holds are that player's play;
//!   unchanged cells are a pass (the 8/9 answer is never used for this — a pass on a pile is
//!   answered 8 by the official server).
//! * **Clears.** A hand table with `[5][4] = 1` after a non-empty pile is a clear; its mover
//!   leads.
//! * **The rest from the state cells.** Revolution `[5][6]`, lock `[5][7]` (the locked suits
//!   are the pile's rows), counts `[6][0..4]`, classes `[6][5..9]`.
//! * **Sending.** A play is encoded with [`super::codec::play_table`] (jokers in the cell they
//!   stand for); an exchange table holds exactly `[5][1]` cards.

use std::io::{self, Read, Write};
use std::net::TcpStream;

use super::PLAYERS;
use super::codec::{Submission, hand_of, hand_table, play_table, read_cells};
use super::table::{Table, cell, read_int, read_table, write_table};
use crate::cards::{GameRng, rng_from_seed};
use crate::daifugo::cpu::{Budget, cpu_with_budget};
use crate::daifugo::game::weakest;
use crate::daifugo::legal::{EIGHT, LegalCache, TrickState, is_spade3};
use crate::daifugo::rules::{CpuLevel, Rules};
use crate::daifugo::state::{PublicRound, RoundState};
use crate::daifugo::view::ExchangeNote;
use crate::daifugo::view::ViewContext;
use crate::daifugo::{
    Action, CardSet, ClearCause, CpuPlayer, Decision, FinishKind, LogEntry, Phase, Play, SeatSet,
    SeatView, SuitSet, Title,
};

/// How the client plays.
#[derive(Clone, Debug)]
pub struct ConnectOptions {
    /// `HOST:PORT` of the server.
    pub addr: String,
    /// The name sent in the profile (the server keeps 9 characters).
    pub name: String,
    /// The CPU level.
    pub level: CpuLevel,
    /// Thinking budget of a `hard` CPU.
    pub budget: Budget,
    /// The rules the CPU assumes (the server's).
    pub rules: Rules,
    /// Seed of the CPU's own choices.
    pub seed: u64,
}

/// What the client saw of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClientSummary {
    /// The player number the server gave.
    pub player: usize,
    /// Games played to their end.
    pub games: u32,
    /// Games finished in each place (index 0 = 1st).
    pub places: [u32; PLAYERS],
    /// Points (5 for 1st … 1 for 5th).
    pub points: u32,
    /// Plays of ours the server refused (answered 8).
    pub rejected: u32,
    /// Whether the server said all games are over (code 2).
    pub complete: bool,
}

impl ClientSummary {
    fn add_place(&mut self, place: u8) {
        let p = usize::from(place.clamp(1, PLAYERS as u8));
        self.places[p - 1] += 1;
        self.points += (PLAYERS + 1 - p) as u32;
        self.games += 1;
    }
}

/// What a client run reports as it goes.
#[derive(Clone, Copy, Debug)]
pub enum ClientEvent<'a> {
    /// A game ended: the summary so far.
    GameOver(&'a ClientSummary),
    /// The server answered 8 to a play of ours (it counts as a pass there). Our view may differ
    /// from the server's (a foreign rule or a lost table); shown so a person can look.
    Refused {
        /// The game (1-based).
        game: u32,
        /// What we played.
        play: Play,
        /// The pile as we saw it.
        pile: Option<Play>,
    },
}

/// The client's view of one game, kept from the tables.
#[derive(Clone, Debug)]
pub struct ClientView {
    rules: Rules,
    /// Our player number.
    pub player: usize,
    /// The player in each seat.
    pub seating: [usize; PLAYERS],
    /// Games seen (this one included).
    pub game: u32,
    hand: CardSet,
    dealt: CardSet,
    counts: [u8; PLAYERS],
    classes: Option<[u8; PLAYERS]>,
    titles: [Option<Title>; PLAYERS],
    pile: Option<Play>,
    pile_cells: Table,
    pile_seat: Option<usize>,
    lock: SuitSet,
    revolution: bool,
    passed: SeatSet,
    pass_streak: u16,
    places: [u8; PLAYERS],
    next_place: u8,
    played: CardSet,
    log: Vec<LogEntry>,
    exchange: ExchangeNote,
    owe: u8,
    totals: [u32; PLAYERS],
    mover: Option<usize>,
    my_turn: bool,
    first_turn: bool,
}

/// The seat of each player, from the seating.
fn seat_of(seating: &[usize; PLAYERS], player: usize) -> usize {
    seating.iter().position(|p| *p == player).unwrap_or(0)
}

/// A table cell as a small count, clamped to 0..=255.
fn small(v: i32) -> u8 {
    v.clamp(0, 255) as u8
}

impl ClientView {
    /// A view for player `player` under `rules`, before any game.
    pub fn new(player: usize, rules: Rules) -> ClientView {
        ClientView {
            rules,
            player,
            seating: [0, 1, 2, 3, 4],
            game: 0,
            hand: CardSet::EMPTY,
            dealt: CardSet::EMPTY,
            counts: [0; PLAYERS],
            classes: None,
            titles: [None; PLAYERS],
            pile: None,
            pile_cells: Table::default(),
            pile_seat: None,
            lock: SuitSet::EMPTY,
            revolution: false,
            passed: SeatSet::default(),
            pass_streak: 0,
            places: [0; PLAYERS],
            next_place: 1,
            played: CardSet::EMPTY,
            log: Vec::new(),
            exchange: ExchangeNote::default(),
            owe: 0,
            totals: [0; PLAYERS],
            mover: None,
            my_turn: false,
            first_turn: true,
        }
    }

    fn seat(&self, player: usize) -> usize {
        seat_of(&self.seating, player)
    }

    /// Our hand now.
    pub fn hand(&self) -> CardSet {
        self.hand
    }

    /// The pile as we see it.
    pub fn pile(&self) -> Option<Play> {
        self.pile
    }

    /// Places so far this game, by player number (0 = still playing).
    pub fn places_by_player(&self) -> [u8; PLAYERS] {
        let mut out = [0; PLAYERS];
        for (p, o) in out.iter_mut().enumerate() {
            *o = self.places[self.seat(p)];
        }
        out
    }

    /// Classes of the previous game by player (0 = 大富豪), when the deal table gave them.
    pub fn classes(&self) -> Option<[u8; PLAYERS]> {
        self.classes
    }

    /// Cards we owe in the exchange (`[5][1]` of the deal table).
    pub fn owe(&self) -> usize {
        usize::from(self.owe)
    }

    /// Whether the last hand table said it is our turn.
    pub fn my_turn(&self) -> bool {
        self.my_turn
    }

    fn read_row6(&mut self, t: &Table) {
        let row = t.0[cell::INFO_ROW];
        let mut seating = [0usize; PLAYERS];
        let mut seen = [false; PLAYERS];
        let mut ok = true;
        for (s, slot) in seating.iter_mut().enumerate() {
            let p = row[cell::SEAT_COL + s];
            match usize::try_from(p) {
                Ok(p) if p < PLAYERS && !seen[p] => {
                    seen[p] = true;
                    *slot = p;
                }
                _ => ok = false,
            }
        }
        if ok {
            self.seating = seating;
        }
        for (p, v) in row.iter().take(PLAYERS).enumerate() {
            let s = self.seat(p);
            self.counts[s] = small(*v);
        }
    }

    /// A deal table: a new game.
    pub fn on_deal(&mut self, t: &Table) {
        self.game += 1;
        self.read_row6(t);
        let row = t.0[cell::INFO_ROW];
        let classes: Vec<u8> = (0..PLAYERS)
            .map(|p| small(row[cell::CLASS_COL + p]))
            .collect();
        let mut sorted = classes.clone();
        sorted.sort_unstable();
        self.classes = (sorted == [0, 1, 2, 3, 4]).then(|| {
            let mut c = [0u8; PLAYERS];
            c.copy_from_slice(&classes);
            c
        });
        self.titles = [None; PLAYERS];
        if let Some(c) = self.classes {
            for (p, class) in c.iter().enumerate() {
                let s = self.seat(p);
                self.titles[s] = Some(Title::for_place(usize::from(*class) + 1, PLAYERS));
            }
        }
        self.hand = hand_of(t);
        self.dealt = self.hand;
        self.owe = small(t.get(cell::EXCHANGE));
        self.pile = None;
        self.pile_cells = Table::default();
        self.pile_seat = None;
        self.lock = SuitSet::EMPTY;
        self.revolution = false;
        self.passed = SeatSet::default();
        self.pass_streak = 0;
        self.places = [0; PLAYERS];
        self.next_place = 1;
        self.played = CardSet::EMPTY;
        self.log.clear();
        self.exchange = ExchangeNote::default();
        self.mover = None;
        self.my_turn = false;
        self.first_turn = true;
        if let Some(c) = self.classes {
            let seating = self.seating;
            let by_class = |k: u8| {
                (0..PLAYERS)
                    .find(|p| c[*p] == k)
                    .map(|p| seat_of(&seating, p) as u8)
            };
            let pairs = [(4, 0, 2), (3, 1, 1)];
            for (lower, upper, n) in pairs {
                if let (Some(from), Some(to)) = (by_class(lower), by_class(upper)) {
                    self.log.push(LogEntry::Exchange {
                        from,
                        to,
                        count: n,
                        forced: true,
                    });
                }
            }
            for (lower, upper, n) in pairs {
                if let (Some(from), Some(to)) = (by_class(upper), by_class(lower)) {
                    self.log.push(LogEntry::Exchange {
                        from,
                        to,
                        count: n,
                        forced: false,
                    });
                }
            }
        }
    }

    /// Our give-back was sent.
    pub fn gave(&mut self, cards: CardSet) {
        self.exchange.gave = self.exchange.gave.union(cards);
        self.hand = self.hand.minus(cards);
    }

    /// A hand table at the start of a turn.
    pub fn on_hand(&mut self, t: &Table) {
        self.read_row6(t);
        self.hand = hand_of(t);
        if self.first_turn {
            self.first_turn = false;
            // What the exchange moved, as far as we can tell.
            let received = self.hand.minus(self.dealt);
            let lost = self.dealt.minus(self.hand).minus(self.exchange.gave);
            self.exchange.received = self.exchange.received.union(received);
            self.exchange.gave = self.exchange.gave.union(lost);
        }
        let mover = usize::try_from(t.get(cell::PLAYER))
            .ok()
            .filter(|p| *p < PLAYERS)
            .map(|p| self.seat(p));
        let empty = t.get(cell::PILE_EMPTY) == 1;
        if self.mover.is_none() {
            if let Some(m) = mover {
                self.log.push(LogEntry::Lead { seat: m as u8 });
            }
        } else if empty && (self.pile.is_some() || mover.is_some_and(|m| self.passed.contains(m))) {
            let cause = match self.pile {
                Some(p) if p.has_natural(EIGHT) || p.joker_stands_for(EIGHT) => {
                    ClearCause::EightCut
                }
                Some(p) if is_spade3(p) => ClearCause::Spade3,
                _ => ClearCause::AllPassed,
            };
            self.clear(mover.unwrap_or(0), cause);
        }
        self.revolution = t.get(cell::REVOLUTION) == 1;
        self.mover = mover;
        self.my_turn = t.get(cell::YOUR_TURN) == 1;
    }

    fn clear(&mut self, leader: usize, cause: ClearCause) {
        self.pile = None;
        self.pile_cells = Table::default();
        self.pile_seat = None;
        self.lock = SuitSet::EMPTY;
        self.passed = SeatSet::default();
        self.log.push(LogEntry::Clear {
            leader: leader as u8,
            cause,
        });
    }

    /// A field table: the action of player `[5][3]`.
    pub fn on_field(&mut self, t: &Table) {
        let actor = usize::try_from(t.get(cell::PLAYER))
            .ok()
            .filter(|p| *p < PLAYERS)
            .map(|p| self.seat(p));
        let cells = t.card_cells();
        let Some(seat) = actor else {
            return;
        };
        if cells == self.pile_cells {
            self.passed.insert(seat);
            self.pass_streak = self.pass_streak.saturating_add(1);
            self.log.push(LogEntry::Pass { seat: seat as u8 });
        } else if let Ok(Submission::Cards(c)) = read_cells(&cells) {
            let cards = c.naturals.union(if c.joker.is_some() {
                CardSet::from_cards(&[crate::cards::Card::joker(0)])
            } else {
                CardSet::EMPTY
            });
            self.played = self.played.union(cards);
            self.pass_streak = 0;
            self.pile_cells = cells;
            self.pile_seat = Some(seat);
            match c.play() {
                Ok(p) => {
                    self.pile = Some(p);
                    self.log.push(LogEntry::Play {
                        seat: seat as u8,
                        play: p,
                    });
                }
                // Cells that name no play (a foreign server's malformed table): keep what the
                // naturals make, so the legal-play generator still has a pile to follow; the
                // server judges whatever we send.
                Err(_) => self.pile = Play::from_cards(c.naturals),
            }
            // The lock cell after a play: set by two plays of the same suits, off again after
            // a lone joker (which resets the lock).
            let locked = t.get(cell::LOCK) == 1;
            if locked && self.lock.is_empty() {
                self.lock = cell_suits(&cells);
                self.log.push(LogEntry::Lock { suits: self.lock });
            } else if !locked {
                self.lock = SuitSet::EMPTY;
            }
        }
        let revolution = t.get(cell::REVOLUTION) == 1;
        if revolution != self.revolution {
            self.revolution = revolution;
            self.log.push(LogEntry::Revolution { active: revolution });
        }
        let before = self.counts;
        self.read_row6(t);
        for (s, had) in before.iter().enumerate() {
            if *had > 0 && self.counts[s] == 0 && self.places[s] == 0 {
                self.places[s] = self.next_place;
                self.log.push(LogEntry::Finish {
                    seat: s as u8,
                    place: self.next_place,
                    kind: FinishKind::Out,
                });
                self.next_place += 1;
            }
        }
    }

    /// The game ended (code 1 or 2): the last player takes the places left, in seat order
    /// after the last finisher when several remain (a stalemate, whose real order the next
    /// deal table's classes tell). Returns places by player.
    pub fn on_game_over(&mut self) -> [u8; PLAYERS] {
        for s in 0..PLAYERS {
            if self.places[s] == 0 {
                self.places[s] = self.next_place;
                self.next_place += 1;
            }
        }
        let places = self.places_by_player();
        for (p, place) in places.iter().enumerate() {
            let s = self.seat(p);
            self.totals[s] += (PLAYERS as u32 + 1).saturating_sub(u32::from(*place));
        }
        places
    }

    /// The round as we know it: our hand, every seat's count, the pile, passes, places.
    pub fn round_state(&self) -> RoundState {
        let seat = self.seat(self.player);
        let trick = TrickState {
            pile: self.pile,
            lock: self.lock,
            number_lock: false,
            revolution: self.revolution,
            jack_back: false,
        };
        RoundState::from_public(&PublicRound {
            rules: self.rules,
            round: self.game.max(1),
            seat,
            hand: self.hand,
            counts: &self.counts,
            trick,
            pile_seat: self.pile_seat,
            passed: self.passed,
            pass_streak: self.pass_streak,
            places: &self.places,
            titles: &self.titles,
            totals: &self.totals,
            played: self.played,
            turn: self.mover.unwrap_or(seat),
        })
    }

    /// Calls `f` with the view our CPU decides from — what a CPU gets at a cardroom table:
    /// a give-back of `[5][1]` cards when `exchange`, else a play (or pass) in the trick.
    pub fn with_view<R>(&self, exchange: bool, f: impl FnOnce(&SeatView<'_>) -> R) -> R {
        let seat = self.seat(self.player);
        let state = self.round_state();
        let cache = LegalCache::default();
        let ctx = ViewContext {
            rounds: self.game.max(1),
            log: &self.log,
            exchange: self.exchange,
            phase: if exchange {
                Phase::Exchange
            } else {
                Phase::Play
            },
            to_act: Some(seat),
            // The UECda rules have no 7-pass.
            gifts: &[],
        };
        let view = if exchange {
            let to = self.classes.and_then(|c| {
                let mine = c[self.player];
                (0..PLAYERS)
                    .find(|p| c[*p] == 4 - mine)
                    .map(|p| self.seat(p) as u8)
            });
            let decision = Decision::GiveBack {
                count: self.owe,
                to: to.unwrap_or(0),
            };
            SeatView::new(&state, seat, &cache, ctx, decision)
        } else {
            state.seat_view(seat, &cache, ctx)
        };
        f(&view)
    }

    /// The table that submits `action` (a pass is all zeros; a give-back holds its cards).
    pub fn table_for(&self, action: Action) -> Table {
        match action {
            Action::Pass => Table::default(),
            Action::GiveBack(cards) => hand_table(cards),
            Action::Play(p) => play_table(p, self.pile, self.lock, self.revolution),
            // The house rules' hand-overs have no table in protocol 20070 (the UECda rules
            // never ask for them): sent as a pass.
            Action::Give(_) | Action::Discard(_) | Action::Bomb(_) => Table::default(),
        }
    }
}

/// The suits of the card cells in rows 0–3 (a joker counts as the suit of its cell).
fn cell_suits(t: &Table) -> SuitSet {
    let mut bits = 0u8;
    for (row, cells) in t.0[..4].iter().enumerate() {
        if cells.iter().any(|v| *v != 0) {
            bits |= 1 << row;
        }
    }
    SuitSet(bits)
}

/// Why a client run ended early.
#[derive(Debug)]
pub enum ClientError {
    /// The server could not be reached.
    Connect(io::Error),
    /// The connection failed during the run.
    Io(io::Error),
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Connect(e) | ClientError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ClientError {}

/// A connected client's stream and CPU.
struct Session<S: Read + Write> {
    stream: S,
    cpu: Box<dyn CpuPlayer + Send>,
    rng: GameRng,
    view: ClientView,
    summary: ClientSummary,
}

/// Connects, plays until the server says all games are over (code 2) or closes, and returns
/// what happened. `progress` hears of every game's end and every refused play.
///
/// Errors: the server cannot be reached ([`ClientError::Connect`]); the connection fails
/// before code 2 ([`ClientError::Io`], with the summary so far).
pub fn connect(
    opts: &ConnectOptions,
    progress: &mut dyn FnMut(ClientEvent<'_>),
) -> Result<ClientSummary, (ClientError, ClientSummary)> {
    let stream = TcpStream::connect(&opts.addr)
        .map_err(|e| (ClientError::Connect(e), ClientSummary::default()))?;
    let _ = stream.set_nodelay(true);
    play(stream, opts, progress)
}

/// [`connect`] over an open stream (tests use any `Read + Write`).
///
/// Errors: as [`connect`].
pub fn play<S: Read + Write>(
    mut stream: S,
    opts: &ConnectOptions,
    progress: &mut dyn FnMut(ClientEvent<'_>),
) -> Result<ClientSummary, (ClientError, ClientSummary)> {
    let fail = |e, s: &ClientSummary| (ClientError::Io(e), s.clone());
    let empty = ClientSummary::default();
    write_table(&mut stream, &Table::profile(&opts.name)).map_err(|e| fail(e, &empty))?;
    let player = read_int(&mut stream).map_err(|e| fail(e, &empty))?;
    let player = usize::try_from(player).unwrap_or(0).min(PLAYERS - 1);
    let mut s = Session {
        stream,
        cpu: cpu_with_budget(opts.level, opts.budget),
        rng: rng_from_seed(opts.seed),
        view: ClientView::new(player, opts.rules),
        summary: ClientSummary {
            player,
            ..ClientSummary::default()
        },
    };
    match s.games(progress) {
        Ok(()) => Ok(s.summary),
        Err(e) => Err(fail(e, &s.summary)),
    }
}

impl<S: Read + Write> Session<S> {
    fn games(&mut self, progress: &mut dyn FnMut(ClientEvent<'_>)) -> io::Result<()> {
        let mut last_places: Option<[u8; PLAYERS]> = None;
        loop {
            let deal = read_table(&mut self.stream)?;
            self.view.on_deal(&deal);
            // The deal's classes are the previous game's real places (a stalemate's random
            // places included): correct our count if we guessed.
            if let (Some(c), Some(guess)) = (self.view.classes(), last_places.take()) {
                let mine = guess[self.view.player];
                let real = c[self.view.player] + 1;
                if mine != real {
                    let (m, r) = (usize::from(mine) - 1, usize::from(real) - 1);
                    self.summary.places[m] -= 1;
                    self.summary.places[r] += 1;
                    self.summary.points = self.summary.points + u32::from(mine) - u32::from(real);
                }
            }
            if self.view.owe() > 0 {
                let count = self.view.owe();
                let (cpu, rng) = (&mut self.cpu, &mut self.rng);
                let chosen = self.view.with_view(true, |v| cpu.choose(v, rng));
                let cards = match chosen {
                    Action::GiveBack(c) if c.len() == count && self.view.hand().contains_all(c) => {
                        c
                    }
                    _ => weakest(self.view.hand(), count),
                };
                write_table(&mut self.stream, &hand_table(cards))?;
                self.view.gave(cards);
            }
            loop {
                let hand = read_table(&mut self.stream)?;
                self.view.on_hand(&hand);
                if self.view.my_turn() {
                    let (cpu, rng) = (&mut self.cpu, &mut self.rng);
                    let (action, legal) = self.view.with_view(false, |v| {
                        let a = cpu.choose(v, rng);
                        let ok = match a {
                            Action::Play(p) => v.legal_plays().contains(&p),
                            Action::Pass => v.can_pass(),
                            Action::GiveBack(_)
                            | Action::Give(_)
                            | Action::Discard(_)
                            | Action::Bomb(_) => false,
                        };
                        (a, ok)
                    });
                    let action = if legal { action } else { Action::Pass };
                    write_table(&mut self.stream, &self.view.table_for(action))?;
                    let answer = read_int(&mut self.stream)?;
                    if let (Action::Play(play), false) = (action, answer == 9) {
                        self.summary.rejected += 1;
                        progress(ClientEvent::Refused {
                            game: self.view.game,
                            play,
                            pile: self.view.pile(),
                        });
                    }
                }
                let field = read_table(&mut self.stream)?;
                self.view.on_field(&field);
                match read_int(&mut self.stream)? {
                    0 => {}
                    code => {
                        let places = self.view.on_game_over();
                        self.summary.add_place(places[self.view.player]);
                        last_places = Some(places);
                        progress(ClientEvent::GameOver(&self.summary));
                        if code != 1 {
                            self.summary.complete = true;
                            return Ok(());
                        }
                        break;
                    }
                }
            }
        }
    }
}

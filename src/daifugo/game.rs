//! The Daifugo match: deals, the exchange, tricks, places and points over `rounds` rounds, after
//! `rules/daifugo.md` §1–4. The engine contract of `DESIGN.md`: [`Game::current_seat`],
//! [`Game::legal_actions`], [`Game::apply`] (checked: on `Err` nothing changed),
//! [`Game::view`], [`Game::outcome`].
//!
//! Choices the rule book leaves open, made here:
//!
//! * **Seats and turns.** Seats are 0..players; play goes to the next higher seat, wrapping.
//! * **The deal.** One card at a time, starting with the dealer. Round 1's dealer is a seat
//!   drawn from the game's generator; from round 2 the dealer is the previous round's 大貧民
//!   (so with an uneven deal the 大貧民 holds the extra card); a match started with
//!   [`Game::new_after`] deals round 1 from the given places' 大貧民 too. Generator use, in
//!   order: round 1 draws the dealer (unless it follows given places), then each round
//!   shuffles the deck; `first_lead = "random"` draws the leader after the round-1 deal.
//!   Nothing else draws, so a seed and the actions replay a match.
//! * **The exchange.** The lower player's "strongest" cards are judged in normal order (a new
//!   round starts without a revolution): jokers first, then 2, A, K, …; between equal cards the
//!   first suit in display order (♠ ♥ ♦ ♣). The 大富豪 gives back first, then the 富豪.
//! * **Forbidden finish, "strongest rank".** Judged in the order the play is judged in
//!   (revolution XOR jack-back): the 2 normally, the 3 when reversed. "Natural 8" counts only
//!   when that 8 cuts (8-cut on; inside a sequence only with `eight_cut.in_sequence`).
//! * **Miyako-ochi.** Triggered when a player other than the reigning 大富豪 takes first place
//!   with a normal finish while the 大富豪 still holds cards.
//! * **Suit lock with jokers.** A play with a joker never establishes a lock; the play before it
//!   counts with its known suit set (a sequence's suit even with jokers; a single or group with
//!   a joker has none, so it never forms a lock).
//! * **Number lock.** Applies to singles and groups (by rank; a joker in a group takes the
//!   group's rank); plays of jokers only may always be played and never start one.
//! * **A round that ends on a cutting play** (the last two players, one going out on an 8)
//!   ends without a `Clear`: nobody is left to lead.

mod round;
mod setup;

pub(crate) use round::weakest_cards;
pub use round::{strongest, weakest};
pub use setup::Scenario;

use super::cardset::{CardSet, SeatSet};
use super::error::RuleError;
use super::event::{Action, Event, EventSink, MAX_SEATS, Places};
use super::legal::{LegalCache, TrickState};
use super::play::Play;
use super::rules::Rules;
use super::state::{RoundState, swap_jokers};
use super::view::{
    Decision, ExchangeNote, Gift, LogEntry, MatchResult, Phase, RoundResult, SeatView, Snapshot,
    Title, ViewContext,
};
use crate::cards::GameRng;
use crate::config::Config;

/// The table and match settings a [`Game`] needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    /// The rules of play.
    pub rules: Rules,
    /// Number of seats (2..=8).
    pub players: usize,
    /// Rounds in the match (at least 1).
    pub rounds: u32,
}

impl MatchSettings {
    /// Settings from a loaded configuration: its rules, `cpus + 1` players, `rounds`.
    pub fn from_config(c: &Config) -> MatchSettings {
        MatchSettings {
            rules: c.daifugo,
            players: c.daifugo_players(),
            rounds: u32::from(c.daifugo_table.rounds),
        }
    }
}

/// The game's own generator, wrapped so that a [`Game`] can be cloned (the ChaCha generator
/// is not `Clone`; its state is its seed, stream and word position).
#[derive(Debug, PartialEq)]
struct DealRng(GameRng);

impl Clone for DealRng {
    fn clone(&self) -> DealRng {
        let mut r = <GameRng as rand::SeedableRng>::from_seed(self.0.get_seed());
        r.set_stream(self.0.get_stream());
        r.set_word_pos(self.0.get_word_pos());
        DealRng(r)
    }
}

/// A give-back owed in the exchange.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct GiveBack {
    upper: u8,
    lower: u8,
    count: u8,
}

/// A Daifugo match in progress: the referee. It holds every hand (in its [`RoundState`], the
/// rules core); seats see it only through [`Game::view`] / [`Game::seat_view`].
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    state: RoundState,
    rounds: u32,
    rng: DealRng,
    phase: Phase,
    prev_places: Option<Places>,
    /// The seat that had each place in the previous round (index = place, 1-based;
    /// [`NO_SEAT`] for none), kept beside `prev_places` for the exchange and the leads.
    prev_seat: [u8; MAX_SEATS + 1],
    givebacks: [GiveBack; 2],
    gb_count: u8,
    gb_next: u8,
    exchange: [ExchangeNote; MAX_SEATS],
    legal: LegalCache,
    log: Vec<LogEntry>,
    /// Whether events go into `log` (see [`Game::set_trick_log`]).
    trick_log: bool,
    gifts: [Vec<Gift>; MAX_SEATS],
    history: Vec<RoundResult>,
    /// Whether finished rounds go into `history` (see [`Game::set_history`]).
    keep_history: bool,
    /// Whether a round's end waits for [`Game::next_round`] (see
    /// [`Game::set_pause_between_rounds`]).
    pause: bool,
}

/// Who answers for every seat in [`Game::play_out`]: an action from the view of the seat to
/// act. Every `FnMut(&SeatView) -> Action` is one; [`EasyCpu`](super::cpu::EasyCpu) is one the
/// loop takes in whole (no call per decision).
pub trait Policy {
    /// The action of the view's seat.
    fn decide(&mut self, view: &SeatView<'_>) -> Action;
}

impl<F: FnMut(&SeatView<'_>) -> Action> Policy for F {
    #[inline]
    fn decide(&mut self, view: &SeatView<'_>) -> Action {
        self(view)
    }
}

/// No seat, in [`Game`]'s table of the previous round's seats by place.
const NO_SEAT: u8 = u8::MAX;

/// An [`EventSink`] that also keeps the public part of each event in the round's log, and
/// each 7-pass in the private notes of its two seats.
struct Logged<'a, S: EventSink + ?Sized> {
    log: &'a mut Vec<LogEntry>,
    gifts: Option<&'a mut [Vec<Gift>; MAX_SEATS]>,
    sink: &'a mut S,
}

impl<S: EventSink + ?Sized> EventSink for Logged<'_, S> {
    #[inline]
    fn event(&mut self, e: &Event) {
        // Plays and passes are most events: logged without the general match.
        match *e {
            Event::Play { seat, play } => self.log.push(LogEntry::Play { seat, play }),
            Event::Pass { seat } => self.log.push(LogEntry::Pass { seat }),
            _ => self.other(e),
        }
        self.sink.event(e);
    }
}

impl<S: EventSink + ?Sized> Logged<'_, S> {
    /// Logs an event other than a play or pass, and keeps a 7-pass in its seats' notes.
    #[inline(never)]
    fn other(&mut self, e: &Event) {
        LogEntry::push_event(e, self.log);
        if let Event::Give { from, to, cards } = *e
            && let Some(g) = self.gifts.as_deref_mut()
        {
            let gift = Gift { from, to, cards };
            for s in [from, to] {
                if let Some(list) = g.get_mut(usize::from(s)) {
                    list.push(gift);
                }
            }
        }
    }
}

impl Game {
    /// Sends an event of the deal, the exchange or the lead to the sink and, while the round
    /// log is kept ([`Game::set_trick_log`]), its public part to the log.
    fn emit<S: EventSink + ?Sized>(&mut self, sink: &mut S, e: Event) {
        if self.trick_log {
            Logged {
                log: &mut self.log,
                gifts: None,
                sink,
            }
            .event(&e);
        } else {
            sink.event(&e);
        }
    }
}

impl Game {
    /// Starts a match: deals round 1 (and, as the rules say, draws the dealer and perhaps the
    /// first leader) from `rng`, the game's own generator. Returns the game and the opening
    /// events (`Deal`, `Lead`).
    ///
    /// Errors: [`RuleError::PlayerCount`] unless 2..=8 players.
    pub fn new(settings: MatchSettings, rng: GameRng) -> Result<(Game, Vec<Event>), RuleError> {
        let mut events = Vec::new();
        let g = Game::new_into(settings, rng, &mut events)?;
        Ok((g, events))
    }

    /// [`Game::new`] sending the opening events to `sink`.
    pub fn new_into<S: EventSink + ?Sized>(
        settings: MatchSettings,
        rng: GameRng,
        sink: &mut S,
    ) -> Result<Game, RuleError> {
        let mut g = Game::blank(settings, rng)?;
        g.start_round(sink);
        g.refresh_legal();
        Ok(g)
    }

    fn blank(settings: MatchSettings, rng: GameRng) -> Result<Game, RuleError> {
        if !(2..=MAX_SEATS).contains(&settings.players) {
            return Err(RuleError::PlayerCount {
                players: settings.players,
            });
        }
        Ok(Game {
            state: RoundState::blank(settings.rules, settings.players as u8),
            rounds: settings.rounds.max(1),
            rng: DealRng(rng),
            phase: Phase::Play,
            prev_places: None,
            prev_seat: [NO_SEAT; MAX_SEATS + 1],
            givebacks: [GiveBack::default(); 2],
            gb_count: 0,
            gb_next: 0,
            exchange: [ExchangeNote::default(); MAX_SEATS],
            legal: LegalCache::default(),
            log: Vec::with_capacity(128),
            trick_log: true,
            gifts: Default::default(),
            // Reserved at the first round's end, when it is kept.
            history: Vec::new(),
            keep_history: true,
            pause: false,
        })
    }

    // ----- queries -------------------------------------------------------------------------

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.state.rules
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        self.state.players()
    }

    /// The current round (1-based).
    pub fn round(&self) -> u32 {
        self.state.round
    }

    /// Rounds in the match.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Where the match stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The round's rules core: hands, trick, passes and places (referee access, like
    /// [`Game::hand`]).
    pub fn state(&self) -> &RoundState {
        &self.state
    }

    /// The seat to act: the upper player owing a give-back during the exchange, the player to
    /// play during a trick; `None` once the match is over.
    #[inline]
    pub fn current_seat(&self) -> Option<usize> {
        match self.phase {
            Phase::Exchange => Some(usize::from(self.givebacks[usize::from(self.gb_next)].upper)),
            Phase::Play => Some(self.state.turn()),
            Phase::RoundOver | Phase::MatchOver => None,
        }
    }

    /// A seat's cards: referee access for the UI's own seat, records and tests. CPUs never get
    /// this; they get a [`SeatView`]. Empty for a seat off the table.
    pub fn hand(&self, seat: usize) -> CardSet {
        self.state.hand(seat)
    }

    /// Cards played this round.
    pub fn played(&self) -> CardSet {
        self.state.played
    }

    /// Cards taken out of play this round (miyako-ochi, or not dealt in a scenario).
    pub fn out_of_play(&self) -> CardSet {
        self.state.out_of_play
    }

    /// Cards thrown out face up this round: 10-discards and Q-bomber losses
    /// (`rules/daifugo.md` §3b).
    pub fn discarded(&self) -> CardSet {
        self.state.discarded()
    }

    /// The trick state.
    pub fn trick(&self) -> &TrickState {
        &self.state.trick
    }

    /// Who made the pile's top play (`None` when the pile is empty).
    pub fn pile_seat(&self) -> Option<usize> {
        self.state.pile_seat()
    }

    /// Seats still holding cards this round.
    pub fn active(&self) -> SeatSet {
        self.state.active
    }

    /// Seats that have passed on the current pile.
    pub fn passed(&self) -> SeatSet {
        self.state.passed
    }

    /// Places so far this round by seat (0 = still playing).
    pub fn places(&self) -> &[u8] {
        &self.state.places[..self.players()]
    }

    /// Total points by seat.
    pub fn totals(&self) -> &[u32] {
        self.state.totals()
    }

    /// Titles from the previous round by seat.
    pub fn titles(&self) -> &[Option<Title>] {
        self.state.titles()
    }

    /// Finished rounds (none when [`Game::set_history`] turned them off).
    pub fn history(&self) -> &[RoundResult] {
        &self.history
    }

    /// Whether finished rounds are kept for [`Game::history`], the [`Game::outcome`]'s rounds
    /// and the snapshots' last result (on by default). A match that reads each round's places
    /// and points from its [`Event::RoundEnd`] events may turn this off: a round then ends
    /// without allocating, and the outcome lists no rounds (its totals and ranks are the same).
    pub fn set_history(&mut self, on: bool) {
        self.keep_history = on;
    }

    /// Whether a round's end waits before the next round is dealt (off by default). With it
    /// on, the action that ends a round (not the match) leaves the game at
    /// [`Phase::RoundOver`]: the table as the round left it (its last play, the places, the
    /// hands of those still holding cards), no seat to act, every action refused with
    /// [`RuleError::RoundOver`], until [`Game::next_round`] deals the next one. A screen that
    /// shows a round's results over its own table turns it on; the events are the same as
    /// without it, only split between the action and `next_round`.
    pub fn set_pause_between_rounds(&mut self, on: bool) {
        self.pause = on;
    }

    /// Deals the next round when the game waits at a round's end ([`Phase::RoundOver`]):
    /// the deal, and in the rounds after the first the exchange's forced gifts, as
    /// [`Game::apply`] would have sent them after the round's end. Returns those events; none,
    /// and nothing changes, at any other phase.
    pub fn next_round(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        if self.phase == Phase::RoundOver {
            self.start_round(&mut events);
            self.refresh_legal();
        }
        events
    }

    /// Whether the round log and the 7-pass notes are kept (on by default). A match whose
    /// seats never read them (CPUs that decide from the hand and the pile alone, see
    /// [`CpuPlayer::reads_log`](super::cpu::CpuPlayer::reads_log)) may turn this off to skip
    /// the bookkeeping: from then on the views show no new entries (the log of a round started
    /// later stays empty), and the events sent to the sink are the same.
    pub fn set_trick_log(&mut self, on: bool) {
        self.trick_log = on;
    }

    /// The public log of this round.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The legal plays of `seat` (empty unless it is that seat's turn in a trick), weakest
    /// first and grouped by form.
    pub fn legal_plays(&self, seat: usize) -> Vec<Play> {
        if self.phase == Phase::Play && seat == self.state.turn() && self.state.pending().is_none()
        {
            self.state.legal_plays(&self.legal).get().to_vec()
        } else {
            Vec::new()
        }
    }

    /// Whether `seat` may pass now.
    pub fn can_pass(&self, seat: usize) -> bool {
        self.phase == Phase::Play && seat == self.state.turn() && self.state.can_pass()
    }

    /// Every legal action of `seat`: during a trick each legal play then `Pass` when allowed,
    /// or, while a choice is owed after a play, every answer it accepts ([`RoundState::choices`]);
    /// during its give-back every choice of the owed number of cards, weakest cards first;
    /// nothing when it is not that seat's turn.
    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        match self.phase {
            Phase::Play if self.state.pending().is_some() => {
                if seat == self.state.turn() {
                    self.state.choices()
                } else {
                    Vec::new()
                }
            }
            Phase::Play => {
                let mut v: Vec<Action> = self
                    .legal_plays(seat)
                    .into_iter()
                    .map(Action::Play)
                    .collect();
                if self.can_pass(seat) {
                    v.push(Action::Pass);
                }
                v
            }
            Phase::Exchange => {
                let gb = self.givebacks[usize::from(self.gb_next)];
                if seat != usize::from(gb.upper) {
                    return Vec::new();
                }
                let cards = self.state.hands[seat].sorted(false);
                let mut out = Vec::new();
                round::choose_sets(&cards, usize::from(gb.count), &mut Vec::new(), 0, &mut out);
                out.into_iter().map(Action::GiveBack).collect()
            }
            Phase::RoundOver | Phase::MatchOver => Vec::new(),
        }
    }

    /// The match result once the match is over.
    pub fn outcome(&self) -> Option<MatchResult> {
        (self.phase == Phase::MatchOver).then(|| {
            let totals = self.totals().to_vec();
            MatchResult {
                ranks: MatchResult::rank_totals(&totals),
                totals,
                rounds: self.history.clone(),
            }
        })
    }

    /// What `seat` may see, borrowed: its hand, the public state, its legal decision. This is
    /// all a CPU receives. A seat off the table sees an empty hand and nothing to decide. The
    /// view is a few words: the match context and the decision are read when asked.
    #[inline]
    pub fn seat_view(&self, seat: usize) -> SeatView<'_> {
        SeatView::of_game(self, &self.state, &self.legal, seat)
    }

    /// The match context of `seat`'s view: rounds, the round's log, its own exchange and
    /// gifts, the phase and the seat to act.
    #[inline]
    pub(crate) fn view_context(&self, seat: usize) -> ViewContext<'_> {
        ViewContext {
            rounds: self.rounds,
            log: &self.log,
            exchange: self.exchange.get(seat).copied().unwrap_or_default(),
            gifts: self.gifts.get(seat).map_or(&[], Vec::as_slice),
            phase: self.phase,
            to_act: self.current_seat(),
        }
    }

    /// Whether `seat` is asked to play now (a trick decision with no choice pending).
    #[inline]
    pub(crate) fn to_play(&self, seat: usize) -> bool {
        self.phase == Phase::Play && self.state.turn() == seat && self.state.pending().is_none()
    }

    /// What `seat` is asked to decide now: its give-back in the exchange, its play or pending
    /// choice in a trick, else nothing.
    #[inline]
    pub(crate) fn decision(&self, seat: usize) -> Decision {
        match self.phase {
            Phase::Play => self
                .state
                .decision_for(seat, Phase::Play, Some(self.state.turn())),
            Phase::Exchange => {
                let gb = self.givebacks[usize::from(self.gb_next)];
                if usize::from(gb.upper) == seat {
                    Decision::GiveBack {
                        count: gb.count,
                        to: gb.lower,
                    }
                } else {
                    Decision::Wait
                }
            }
            Phase::RoundOver | Phase::MatchOver => Decision::Wait,
        }
    }

    /// The owned snapshot for `seat` (what the UI draws).
    pub fn view(&self, seat: usize) -> Snapshot {
        Snapshot::from_view(&self.seat_view(seat), self.history.last().cloned())
    }

    // ----- actions -------------------------------------------------------------------------

    /// Checks `action` by `seat` without changing anything; returns the action as it would be
    /// applied (jokers swapped for the seat's own, which are interchangeable). The error says
    /// why the action is refused.
    pub fn check(&self, seat: usize, action: Action) -> Result<Action, RuleError> {
        if seat >= self.players() {
            return Err(RuleError::NoSuchSeat { seat });
        }
        match self.phase {
            Phase::MatchOver => Err(RuleError::MatchOver),
            Phase::RoundOver => Err(RuleError::RoundOver),
            Phase::Exchange => {
                let gb = self.givebacks[usize::from(self.gb_next)];
                if seat != usize::from(gb.upper) {
                    return Err(RuleError::NotYourTurn {
                        seat,
                        to_act: usize::from(gb.upper),
                    });
                }
                let Action::GiveBack(cards) = action else {
                    return Err(RuleError::ExchangeFirst);
                };
                if cards.len() != usize::from(gb.count) {
                    return Err(RuleError::GiveBackCount {
                        need: usize::from(gb.count),
                        got: cards.len(),
                    });
                }
                let cards = swap_jokers(cards, self.state.hands[seat])?;
                Ok(Action::GiveBack(cards))
            }
            Phase::Play => self.state.check(seat, action),
        }
    }

    /// Applies `action` by `seat`, returning what happened (the action itself first, then any
    /// automatic steps: places, revolution, locks, clearing, the round's end, the next deal
    /// and forced exchange). On `Err` the game is unchanged.
    pub fn apply(&mut self, seat: usize, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(seat, action, &mut events)?;
        Ok(events)
    }

    /// [`Game::apply`] sending the events to `sink` (e.g. [`super::event::Discard`] in the
    /// fast CPU-only loop).
    pub fn apply_into<S: EventSink + ?Sized>(
        &mut self,
        seat: usize,
        action: Action,
        sink: &mut S,
    ) -> Result<(), RuleError> {
        match self.phase {
            Phase::Play => {
                if self.trick_log {
                    let mut logged = Logged {
                        log: &mut self.log,
                        gifts: Some(&mut self.gifts),
                        sink,
                    };
                    self.state.apply(seat, action, &mut logged)?;
                } else {
                    self.state.apply(seat, action, sink)?;
                }
                if self.state.is_over() {
                    self.end_round(sink);
                }
            }
            _ => {
                if let Action::GiveBack(cards) = self.check(seat, action)? {
                    self.give_back(cards, sink);
                }
            }
        }
        self.refresh_legal();
        Ok(())
    }

    /// Plays the match to its end with `policy` answering for every seat from that seat's view
    /// (the CPU-only loop of `daifugo simulate`, the benchmarks and tests), sending the events
    /// to `sink`: the same as asking `policy` for [`Game::current_seat`]'s action and applying
    /// it with [`Game::apply_into`] until the match is over. While the round log is off
    /// ([`Game::set_trick_log`]) the tricks of a round run in a tighter loop, each action going
    /// straight to the round.
    ///
    /// Errors: the engine's refusal of an action (see [`Game::apply`]); the game then stands
    /// as before that action.
    pub fn play_out<S, P>(&mut self, sink: &mut S, mut policy: P) -> Result<(), RuleError>
    where
        S: EventSink + ?Sized,
        P: Policy,
    {
        loop {
            match self.phase {
                Phase::Play if !self.trick_log && !self.state.is_over() => {
                    // What `apply_into` does for a play without the log, action after action
                    // until the round is over.
                    loop {
                        let action = policy.decide(&self.seat_view(self.state.turn()));
                        // The seat to act, read again: the same seat (the policy only reads),
                        // and `apply`'s check that it is to act then needs no comparison.
                        self.state.apply(self.state.turn(), action, sink)?;
                        self.refresh_legal();
                        if self.state.is_over() {
                            break;
                        }
                    }
                    self.end_round(sink);
                    self.refresh_legal();
                }
                Phase::MatchOver => return Ok(()),
                Phase::RoundOver => {
                    self.start_round(sink);
                    self.refresh_legal();
                }
                _ => {
                    let Some(seat) = self.current_seat() else {
                        return Ok(());
                    };
                    let action = policy.decide(&self.seat_view(seat));
                    self.apply_into(seat, action, sink)?;
                }
            }
        }
    }

    /// The game changed: the cached legal list is stale (it is rebuilt on first use).
    fn refresh_legal(&mut self) {
        self.legal.invalidate();
    }

    #[inline(never)]
    fn end_round<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let n = self.state.players;
        let seats = usize::from(n);
        let places = self.state.places;
        let mut points = [0u32; MAX_SEATS];
        for ((pt, total), place) in points[..seats]
            .iter_mut()
            .zip(&mut self.state.totals[..seats])
            .zip(&places[..seats])
        {
            *pt = u32::from(n + 1).saturating_sub(u32::from(*place));
            *total += *pt;
        }
        let round = self.state.round;
        sink.event(&Event::RoundEnd {
            round,
            players: n,
            places,
            points,
        });
        if self.keep_history {
            if self.history.capacity() == 0 {
                self.history
                    .reserve_exact(self.rounds.clamp(1, 64) as usize);
            }
            self.history.push(RoundResult {
                round,
                places: places[..seats].to_vec(),
                points: points[..seats].to_vec(),
            });
        }
        // Gekokujo (§3b): the titles the round began with turn over — the 大貧民 who finished
        // first becomes 大富豪, the 大富豪 大貧民, 富豪 and 貧民 trade places, 平民 stay — and
        // they, not this round's places, decide the next exchange and the reigning 大富豪.
        let titled = match self.prev_places {
            Some(prev) if self.state.gekokujo => {
                let mut t = prev;
                for p in t[..seats].iter_mut() {
                    *p = n + 1 - *p;
                }
                t
            }
            _ => places,
        };
        self.set_previous(titled);
        if round >= self.rounds {
            self.phase = Phase::MatchOver;
            sink.event(&Event::MatchEnd {
                players: n,
                totals: self.state.totals,
            });
        } else if self.pause {
            self.phase = Phase::RoundOver;
        } else {
            self.start_round(sink);
        }
    }
}

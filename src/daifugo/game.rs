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

pub use round::{strongest, weakest};
pub use setup::Scenario;

use super::cardset::{CardSet, SeatSet};
use super::error::RuleError;
use super::event::{Action, ClearCause, Event, EventSink, FinishKind, MAX_SEATS, Places};
use super::legal::{
    EIGHT, JACK, LegalCache, LegalPlays, TrickState, check_play, is_spade3_return, next_rank,
};
use super::play::{Form, Play};
use super::rules::{PassMode, Rules, SuitLock};
use super::view::{
    Decision, ExchangeNote, LogEntry, MatchResult, Phase, RoundResult, SeatView, Snapshot, Title,
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

/// A Daifugo match in progress: the referee. It holds every hand; seats see it only through
/// [`Game::view`] / [`Game::seat_view`].
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    rules: Rules,
    players: u8,
    rounds: u32,
    rng: DealRng,
    round: u32,
    phase: Phase,
    hands: [CardSet; MAX_SEATS],
    counts: [u8; MAX_SEATS],
    played: CardSet,
    out_of_play: CardSet,
    trick: TrickState,
    last: u8,
    passed: SeatSet,
    active: SeatSet,
    turn: u8,
    places: Places,
    next_top: u8,
    next_bottom: u8,
    titles: [Option<Title>; MAX_SEATS],
    prev_places: Option<Places>,
    reigning: Option<u8>,
    totals: [u32; MAX_SEATS],
    givebacks: [GiveBack; 2],
    gb_count: u8,
    gb_next: u8,
    exchange: [ExchangeNote; MAX_SEATS],
    legal: LegalCache,
    log: Vec<LogEntry>,
    history: Vec<RoundResult>,
}

/// Sends an event to the sink and, if public, to the round log.
fn emit<S: EventSink + ?Sized>(log: &mut Vec<LogEntry>, sink: &mut S, e: Event) {
    if let Some(l) = LogEntry::from_event(&e) {
        log.push(l);
    }
    sink.event(&e);
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
        let mut rules = settings.rules;
        rules.jokers = rules.jokers.min(2);
        let n = settings.players as u8;
        Ok(Game {
            rules,
            players: n,
            rounds: settings.rounds.max(1),
            rng: DealRng(rng),
            round: 0,
            phase: Phase::Play,
            hands: [CardSet::EMPTY; MAX_SEATS],
            counts: [0; MAX_SEATS],
            played: CardSet::EMPTY,
            out_of_play: CardSet::EMPTY,
            trick: TrickState::default(),
            last: 0,
            passed: SeatSet::default(),
            active: SeatSet::default(),
            turn: 0,
            places: [0; MAX_SEATS],
            next_top: 1,
            next_bottom: n,
            titles: [None; MAX_SEATS],
            prev_places: None,
            reigning: None,
            totals: [0; MAX_SEATS],
            givebacks: [GiveBack::default(); 2],
            gb_count: 0,
            gb_next: 0,
            exchange: [ExchangeNote::default(); MAX_SEATS],
            legal: LegalCache::default(),
            log: Vec::with_capacity(128),
            history: Vec::new(),
        })
    }

    // ----- queries -------------------------------------------------------------------------

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The current round (1-based).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Rounds in the match.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Where the match stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act: the upper player owing a give-back during the exchange, the player to
    /// play during a trick; `None` once the match is over.
    pub fn current_seat(&self) -> Option<usize> {
        match self.phase {
            Phase::Exchange => Some(usize::from(self.givebacks[usize::from(self.gb_next)].upper)),
            Phase::Play => Some(usize::from(self.turn)),
            Phase::MatchOver => None,
        }
    }

    /// A seat's cards: referee access for the UI's own seat, records and tests. CPUs never get
    /// this; they get a [`SeatView`]. Empty for a seat off the table.
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands.get(seat).copied().unwrap_or_default()
    }

    /// Cards played this round.
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// Cards taken out of play this round (miyako-ochi, or not dealt in a scenario).
    pub fn out_of_play(&self) -> CardSet {
        self.out_of_play
    }

    /// The trick state.
    pub fn trick(&self) -> &TrickState {
        &self.trick
    }

    /// Who made the pile's top play (`None` when the pile is empty).
    pub fn pile_seat(&self) -> Option<usize> {
        self.trick.pile.map(|_| usize::from(self.last))
    }

    /// Seats still holding cards this round.
    pub fn active(&self) -> SeatSet {
        self.active
    }

    /// Seats that have passed on the current pile.
    pub fn passed(&self) -> SeatSet {
        self.passed
    }

    /// Places so far this round by seat (0 = still playing).
    pub fn places(&self) -> &[u8] {
        &self.places[..self.players()]
    }

    /// Total points by seat.
    pub fn totals(&self) -> &[u32] {
        &self.totals[..self.players()]
    }

    /// Titles from the previous round by seat.
    pub fn titles(&self) -> &[Option<Title>] {
        &self.titles[..self.players()]
    }

    /// Finished rounds.
    pub fn history(&self) -> &[RoundResult] {
        &self.history
    }

    /// The public log of this round.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The legal plays of `seat` (empty unless it is that seat's turn in a trick), weakest
    /// first and grouped by form.
    pub fn legal_plays(&self, seat: usize) -> Vec<Play> {
        if self.phase == Phase::Play && seat == usize::from(self.turn) {
            self.legal
                .get(&self.rules, &self.trick, self.hands[seat])
                .to_vec()
        } else {
            Vec::new()
        }
    }

    /// Whether `seat` may pass now.
    pub fn can_pass(&self, seat: usize) -> bool {
        self.phase == Phase::Play && seat == usize::from(self.turn) && self.trick.pile.is_some()
    }

    /// Every legal action of `seat`: during a trick each legal play then `Pass` when allowed;
    /// during its give-back every choice of the owed number of cards, weakest cards first;
    /// nothing when it is not that seat's turn.
    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        match self.phase {
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
                let cards = self.hands[seat].sorted(false);
                let mut out = Vec::new();
                round::choose_sets(&cards, usize::from(gb.count), &mut Vec::new(), 0, &mut out);
                out.into_iter().map(Action::GiveBack).collect()
            }
            Phase::MatchOver => Vec::new(),
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
    /// all a CPU receives. A seat off the table sees an empty hand and nothing to decide.
    pub fn seat_view(&self, seat: usize) -> SeatView<'_> {
        let n = self.players();
        let to_act = self.current_seat();
        let decision = if to_act != Some(seat) {
            Decision::Wait
        } else {
            match self.phase {
                Phase::Play => Decision::Play {
                    legal: LegalPlays::new(&self.legal, &self.rules, self.trick, self.hand(seat)),
                    can_pass: self.trick.pile.is_some(),
                },
                Phase::Exchange => {
                    let gb = self.givebacks[usize::from(self.gb_next)];
                    Decision::GiveBack {
                        count: gb.count,
                        to: gb.lower,
                    }
                }
                Phase::MatchOver => Decision::Wait,
            }
        };
        SeatView {
            seat,
            players: n,
            rules: &self.rules,
            round: self.round,
            rounds: self.rounds,
            hand: self.hand(seat),
            counts: &self.counts[..n],
            trick: self.trick,
            pile_seat: self.pile_seat(),
            passed: self.passed,
            places: &self.places[..n],
            titles: &self.titles[..n],
            played: self.played,
            out_of_play: if self.out_of_play.is_empty() {
                0
            } else {
                self.out_of_play.len() as u8
            },
            log: &self.log,
            exchange: self.exchange.get(seat).copied().unwrap_or_default(),
            totals: &self.totals[..n],
            to_act,
            phase: self.phase,
            decision,
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
        let hand = self.hands[seat];
        match self.phase {
            Phase::MatchOver => Err(RuleError::MatchOver),
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
                let cards = swap_jokers(cards, hand)?;
                Ok(Action::GiveBack(cards))
            }
            Phase::Play => {
                if seat != usize::from(self.turn) {
                    return Err(if self.places[seat] != 0 {
                        RuleError::Finished
                    } else if self.passed.contains(seat) && self.rules.pass_mode == PassMode::Locked
                    {
                        RuleError::PassedAlready
                    } else {
                        RuleError::NotYourTurn {
                            seat,
                            to_act: usize::from(self.turn),
                        }
                    });
                }
                match action {
                    Action::GiveBack(_) => Err(RuleError::NotExchanging),
                    Action::Pass => {
                        if self.trick.pile.is_none() {
                            Err(RuleError::LeaderMustPlay)
                        } else {
                            Ok(Action::Pass)
                        }
                    }
                    Action::Play(p) => {
                        let cards = swap_jokers(p.cards(), hand)?;
                        let p = p
                            .with_jokers_from(hand)
                            .filter(|q| q.cards() == cards)
                            .ok_or(RuleError::NotInHand {
                                cards: p.cards().minus(hand),
                            })?;
                        check_play(&self.rules, &self.trick, p)?;
                        Ok(Action::Play(p))
                    }
                }
            }
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
        match self.check(seat, action)? {
            Action::GiveBack(cards) => self.give_back(cards, sink),
            Action::Pass => self.pass(seat as u8, sink),
            Action::Play(p) => self.play(seat as u8, p, sink),
        }
        self.refresh_legal();
        Ok(())
    }

    // ----- the state machine (rules/daifugo.md §4) ------------------------------------------

    /// The game changed: the cached legal list is stale (it is rebuilt on first use).
    fn refresh_legal(&mut self) {
        self.legal.invalidate();
    }

    fn play<S: EventSink + ?Sized>(&mut self, seat: u8, p: Play, sink: &mut S) {
        let s = usize::from(seat);
        let rules = self.rules;
        let before = self.trick;
        let reversed = before.reversed();
        self.hands[s] = self.hands[s].minus(p.cards());
        self.counts[s] -= p.len() as u8;
        self.played = self.played.union(p.cards());
        emit(&mut self.log, sink, Event::Play { seat, play: p });

        let spade3 = is_spade3_return(&rules, before.pile, p);
        let natural_eight = rules.eight_cut.enabled
            && p.has_natural(EIGHT)
            && (p.form() != Form::Sequence || rules.eight_cut.in_sequence);
        let joker_eight = rules.eight_cut.enabled
            && rules.eight_cut.joker_counts
            && rules.eight_cut.in_sequence
            && p.joker_stands_for(EIGHT);
        let cut = natural_eight || joker_eight;

        // Going out (forbidden finish, miyako-ochi).
        if self.hands[s].is_empty() {
            let ff = rules.forbidden_finish;
            let strongest = if reversed { 0 } else { 12 };
            let foul = (ff.joker && p.has_joker())
                || (ff.strongest && p.has_natural(strongest))
                || (ff.eight && natural_eight)
                || (ff.spade3 && spade3);
            self.place(
                seat,
                if foul {
                    FinishKind::Foul
                } else {
                    FinishKind::Out
                },
                sink,
            );
        }

        // Revolution.
        let rev = rules.revolution;
        let revolts = rev.enabled
            && match p.form() {
                Form::Group => p.len() >= usize::from(rev.group_min.max(2)),
                Form::Sequence => rev.sequence_min > 0 && p.len() >= usize::from(rev.sequence_min),
                Form::Single => false,
            };
        if revolts {
            self.trick.revolution = !self.trick.revolution;
            let active = self.trick.revolution;
            emit(&mut self.log, sink, Event::Revolution { active });
        }

        // Locks: two consecutive plays of this trick.
        if let Some(prev) = before.pile {
            if rules.lock.suit == SuitLock::Exact
                && self.trick.lock.is_empty()
                && !p.has_joker()
                && prev.definite_suits() == p.definite_suits()
            {
                let suits = p.natural_suits();
                self.trick.lock = suits;
                emit(&mut self.log, sink, Event::Lock { suits });
            }
            if rules.lock.number
                && !self.trick.number_lock
                && p.form() != Form::Sequence
                && !p.is_all_jokers()
                && !prev.is_all_jokers()
                && next_rank(prev.low(), reversed) == Some(p.low())
            {
                self.trick.number_lock = true;
                emit(&mut self.log, sink, Event::NumberLock);
            }
        }
        self.trick.pile = Some(p);
        self.last = seat;
        if rules.pass_mode == PassMode::Reentry {
            self.passed = SeatSet::default();
        }

        // Jack-back.
        if rules.jack_back && p.has_natural(JACK) && !self.trick.jack_back {
            self.trick.jack_back = true;
            emit(&mut self.log, sink, Event::JackBack);
        }

        if self.round_over(sink) {
            return;
        }
        if cut {
            self.clear(ClearCause::EightCut, sink);
        } else if spade3 {
            self.clear(ClearCause::Spade3, sink);
        } else if self.all_others_passed() {
            self.clear(ClearCause::AllPassed, sink);
        } else {
            self.turn = self.next_to_act(seat);
        }
    }

    fn pass<S: EventSink + ?Sized>(&mut self, seat: u8, sink: &mut S) {
        self.passed.insert(usize::from(seat));
        emit(&mut self.log, sink, Event::Pass { seat });
        if self.all_others_passed() {
            self.clear(ClearCause::AllPassed, sink);
        } else {
            self.turn = self.next_to_act(seat);
        }
    }

    /// Every active seat other than the last to play has passed.
    fn all_others_passed(&self) -> bool {
        self.active.0 & !(1 << self.last) & !self.passed.0 == 0
    }

    /// The next seat after `from` that still holds cards and has not passed.
    fn next_to_act(&self, from: u8) -> u8 {
        let n = self.players;
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|s| {
                self.active.contains(usize::from(*s)) && !self.passed.contains(usize::from(*s))
            })
            .unwrap_or(from)
    }

    /// The next seat after `from` that still holds cards.
    fn next_active(&self, from: u8) -> u8 {
        let n = self.players;
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|s| self.active.contains(usize::from(*s)))
            .unwrap_or(from)
    }

    fn clear<S: EventSink + ?Sized>(&mut self, cause: ClearCause, sink: &mut S) {
        let leader = if self.active.contains(usize::from(self.last)) {
            self.last
        } else {
            self.next_active(self.last)
        };
        self.trick = TrickState {
            revolution: self.trick.revolution,
            ..TrickState::default()
        };
        self.passed = SeatSet::default();
        self.turn = leader;
        emit(&mut self.log, sink, Event::Clear { leader, cause });
    }

    fn place<S: EventSink + ?Sized>(&mut self, seat: u8, kind: FinishKind, sink: &mut S) {
        let s = usize::from(seat);
        let place = match kind {
            FinishKind::Out | FinishKind::Last => {
                self.next_top += 1;
                self.next_top - 1
            }
            FinishKind::Foul | FinishKind::MiyakoOchi => {
                self.next_bottom -= 1;
                self.next_bottom + 1
            }
        };
        self.places[s] = place;
        self.active.remove(s);
        emit(&mut self.log, sink, Event::Finish { seat, place, kind });
        if kind == FinishKind::Out
            && place == 1
            && self.round >= 2
            && self.rules.miyako_ochi
            && let Some(d) = self.reigning
            && d != seat
            && self.active.contains(usize::from(d))
        {
            let d_hand = self.hands[usize::from(d)];
            self.out_of_play = self.out_of_play.union(d_hand);
            self.hands[usize::from(d)] = CardSet::EMPTY;
            self.counts[usize::from(d)] = 0;
            self.place(d, FinishKind::MiyakoOchi, sink);
        }
    }

    /// Ends the round if at most one seat holds cards; returns whether it ended.
    fn round_over<S: EventSink + ?Sized>(&mut self, sink: &mut S) -> bool {
        if self.active.len() > 1 {
            return false;
        }
        if let Some(last) = self.active.iter().next() {
            self.place(last as u8, FinishKind::Last, sink);
        }
        self.end_round(sink);
        true
    }

    fn end_round<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let n = self.players;
        let mut points = [0u32; MAX_SEATS];
        let seats = usize::from(n);
        for ((pt, total), place) in points[..seats]
            .iter_mut()
            .zip(&mut self.totals[..seats])
            .zip(&self.places[..seats])
        {
            *pt = u32::from(n + 1).saturating_sub(u32::from(*place));
            *total += *pt;
        }
        sink.event(&Event::RoundEnd {
            round: self.round,
            players: n,
            places: self.places,
            points,
        });
        self.history.push(RoundResult {
            round: self.round,
            places: self.places[..usize::from(n)].to_vec(),
            points: points[..usize::from(n)].to_vec(),
        });
        self.set_previous(self.places);
        if self.round >= self.rounds {
            self.phase = Phase::MatchOver;
            sink.event(&Event::MatchEnd {
                players: n,
                totals: self.totals,
            });
        } else {
            self.start_round(sink);
        }
    }
}

/// Replaces the jokers of `cards` by the lowest-numbered jokers of `hand` (jokers are
/// interchangeable); errors with the cards the hand lacks.
fn swap_jokers(cards: CardSet, hand: CardSet) -> Result<CardSet, RuleError> {
    let nat = cards.naturals();
    let need = cards.joker_count();
    let missing_nat = nat.minus(hand);
    if !missing_nat.is_empty() || hand.joker_count() < need {
        let missing_jk = if hand.joker_count() < need {
            cards.jokers().minus(hand)
        } else {
            CardSet::EMPTY
        };
        return Err(RuleError::NotInHand {
            cards: missing_nat.union(missing_jk),
        });
    }
    if hand.contains_all(cards.jokers()) {
        Ok(cards)
    } else {
        Ok(nat.union(hand.first_jokers(need)))
    }
}

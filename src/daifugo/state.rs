//! The rules core: one round of tricks as a small `Copy` value ([`RoundState`]) and its checked
//! transition ([`RoundState::apply`]), after `rules/daifugo.md` §1, §3 and §4.
//!
//! This is the only place where the trick and round rules are played out. The match
//! ([`Game`](super::Game)) holds one and adds deals, the exchange, the log and points; the
//! `hard` CPU copies one per playout and per endgame node, with a guess of the hidden hands;
//! `daifugo simulate` and the record checker go through the match. Hands are bit sets
//! ([`CardSet`]), plays are small `Copy` values and events go to a generic [`EventSink`], so
//! with [`Discard`](super::event::Discard) an action allocates nothing and builds no event.
//!
//! The order of effects of one play (`rules/daifugo.md` §4):
//!
//! 1. the cards leave the hand; an empty hand goes out (forbidden finish, miyako-ochi);
//! 2. revolution, locks, jack-back;
//! 3. the pile clears at once on an 8-cut or a spade-3 return;
//! 4. otherwise the turn moves on, and the pile clears when everyone else has passed.
//!
//! The round is over when at most one seat holds cards; that seat takes the last free place.

use super::cardset::SuitSet;
use super::cardset::{CardSet, SeatSet};
use super::error::RuleError;
use super::event::{Action, ClearCause, Event, EventSink, FinishKind, MAX_SEATS, Places};
use super::legal::{
    EIGHT, JACK, LegalCache, LegalPlays, TrickState, check_play, is_spade3_return, legal_plays,
    next_rank,
};
use super::play::{Form, Play};
use super::rules::{ClearMode, PassMode, Rules, SuitLock};
use super::view::{Decision, ExchangeNote, Phase, SeatView, Title, ViewContext};
use crate::cards::GameRng;

/// What one seat knows of a round: the input of [`RoundState::from_public`]. Slices are by
/// seat (the number of seats is `counts.len()`).
#[derive(Clone, Copy, Debug)]
pub struct PublicRound<'a> {
    /// The rules.
    pub rules: Rules,
    /// Round number (1-based).
    pub round: u32,
    /// The seat whose knowledge this is.
    pub seat: usize,
    /// That seat's cards.
    pub hand: CardSet,
    /// Cards held by each seat.
    pub counts: &'a [u8],
    /// The pile and the flags on it.
    pub trick: TrickState,
    /// Who played the pile's top play.
    pub pile_seat: Option<usize>,
    /// Seats that have passed since the pile cleared.
    pub passed: SeatSet,
    /// Passes in a row since the last play.
    pub pass_streak: u16,
    /// Places so far by seat (0 = still playing).
    pub places: &'a [u8],
    /// Titles from the previous round by seat.
    pub titles: &'a [Option<Title>],
    /// Total points by seat.
    pub totals: &'a [u32],
    /// Every card played this round.
    pub played: CardSet,
    /// The seat to act.
    pub turn: usize,
}

/// The state of one round of tricks: every hand, the pile and the flags on it, who passed,
/// who is out and in which place, whose turn it is. Plain data (`Copy`, about 250 bytes).
///
/// A `RoundState` is either one seat's turn in a trick or over ([`RoundState::is_over`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundState {
    pub(super) rules: Rules,
    pub(super) players: u8,
    pub(super) round: u32,
    pub(super) hands: [CardSet; MAX_SEATS],
    pub(super) counts: [u8; MAX_SEATS],
    pub(super) played: CardSet,
    pub(super) out_of_play: CardSet,
    pub(super) trick: TrickState,
    pub(super) last: u8,
    pub(super) passed: SeatSet,
    pub(super) active: SeatSet,
    pub(super) turn: u8,
    pub(super) places: Places,
    pub(super) next_top: u8,
    pub(super) next_bottom: u8,
    /// The reigning 大富豪 (previous round's first place), for miyako-ochi.
    pub(super) reigning: Option<u8>,
    /// Passes in a row since the last play (for `stalemate_passes`).
    pub(super) pass_streak: u16,
    /// The seed of a stalemate's random places.
    pub(super) stalemate_seed: u64,
    pub(super) titles: [Option<Title>; MAX_SEATS],
    pub(super) totals: [u32; MAX_SEATS],
}

impl RoundState {
    /// An empty round for `players` seats (no cards, nobody active) under `rules`, jokers
    /// capped at 2.
    pub(super) fn blank(rules: Rules, players: u8) -> RoundState {
        let mut rules = rules;
        rules.jokers = rules.jokers.min(2);
        RoundState {
            rules,
            players,
            round: 0,
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
            next_bottom: players,
            reigning: None,
            pass_streak: 0,
            stalemate_seed: 0,
            titles: [None; MAX_SEATS],
            totals: [0; MAX_SEATS],
        }
    }

    /// Clears the round's cards and places for round `round` (titles, totals and the reigning
    /// 大富豪 stay): everybody active, no pile.
    pub(super) fn reset(&mut self, round: u32) {
        let n = self.players;
        self.round = round;
        self.hands = [CardSet::EMPTY; MAX_SEATS];
        self.counts = [0; MAX_SEATS];
        self.played = CardSet::EMPTY;
        self.out_of_play = CardSet::EMPTY;
        self.trick = TrickState::default();
        self.passed = SeatSet::default();
        self.active = SeatSet(((1u16 << n) - 1) as u8);
        self.places = [0; MAX_SEATS];
        self.next_top = 1;
        self.next_bottom = n;
        self.pass_streak = 0;
    }

    /// Sets `seat` to lead the first trick.
    pub(super) fn begin(&mut self, leader: u8) {
        self.turn = leader;
        self.last = leader;
    }

    /// The state a seat's view shows during a trick decision of the seat to act, with
    /// `hands[s]` as seat `s`'s cards (the viewer's own entry is taken from the view; seats
    /// that are out should be empty) and `out` as the cards out of play (the view shows only
    /// their number). `None` when the view is not a trick decision of the viewer.
    pub fn from_view(
        view: &SeatView<'_>,
        hands: &[CardSet; MAX_SEATS],
        out: CardSet,
    ) -> Option<RoundState> {
        if !matches!(view.decision(), Decision::Play { .. }) || view.phase() != Phase::Play {
            return None;
        }
        let n = view.players().min(MAX_SEATS);
        let mut st = RoundState::blank(*view.rules(), n as u8);
        st.round = view.round();
        st.hands[..n].copy_from_slice(&hands[..n]);
        st.hands[view.seat()] = view.hand();
        let mut assigned = 0u16;
        for s in 0..n {
            st.counts[s] = st.hands[s].len() as u8;
            if view.places()[s] == 0 {
                st.active.insert(s);
            } else {
                assigned |= 1 << view.places()[s];
            }
        }
        // Places are handed out from both ends, so the free ones are one run in the middle.
        let free = |p: &u8| assigned & (1 << p) == 0;
        st.next_top = (1..=n as u8).find(free).unwrap_or(n as u8 + 1);
        st.next_bottom = (1..=n as u8).rev().find(free).unwrap_or(0);
        st.played = view.played();
        st.out_of_play = out;
        st.trick = view.trick();
        let turn = view.to_act().unwrap_or(view.seat()) as u8;
        st.turn = turn;
        st.last = view.pile_seat().map_or(turn, |s| s as u8);
        st.passed = view.passed();
        st.pass_streak = view.pass_streak();
        st.places[..n].copy_from_slice(&view.places()[..n]);
        st.titles[..n].copy_from_slice(&view.titles()[..n]);
        st.totals[..n].copy_from_slice(&view.totals()[..n]);
        st.reigning = (0..n)
            .find(|s| view.titles()[*s] == Some(Title::Daifugo))
            .map(|s| s as u8);
        Some(st)
    }

    /// A round as one seat knows it, kept outside the engine (a UECda client keeps it from the
    /// server's tables): `seat` holds `hand`, every other seat only its count; the trick, the
    /// passes, the places, titles and totals are public. `turn` is the seat to act. For a view
    /// of `seat` ([`RoundState::seat_view`]); the other hands are empty, so it is not for
    /// playing on (a search builds its own with [`RoundState::from_view`]).
    pub fn from_public(p: &PublicRound<'_>) -> RoundState {
        let n = p.counts.len().min(MAX_SEATS);
        let mut st = RoundState::blank(p.rules, n as u8);
        st.round = p.round;
        st.counts[..n].copy_from_slice(&p.counts[..n]);
        if let Some(h) = st.hands.get_mut(p.seat) {
            *h = p.hand;
        }
        let mut assigned = 0u16;
        for s in 0..n {
            let place = p.places.get(s).copied().unwrap_or(0);
            st.places[s] = place;
            if place == 0 {
                st.active.insert(s);
            } else {
                assigned |= 1 << place;
            }
        }
        let free = |q: &u8| assigned & (1 << q) == 0;
        st.next_top = (1..=n as u8).find(free).unwrap_or(n as u8 + 1);
        st.next_bottom = (1..=n as u8).rev().find(free).unwrap_or(0);
        st.played = p.played;
        st.trick = p.trick;
        st.turn = p.turn as u8;
        st.last = p.pile_seat.unwrap_or(p.turn) as u8;
        st.passed = p.passed;
        st.pass_streak = p.pass_streak;
        for (s, t) in p.titles.iter().take(n).enumerate() {
            st.titles[s] = *t;
        }
        for (s, t) in p.totals.iter().take(n).enumerate() {
            st.totals[s] = *t;
        }
        st.reigning = (0..n)
            .find(|s| st.titles[*s] == Some(Title::Daifugo))
            .map(|s| s as u8);
        st
    }

    // ----- queries -------------------------------------------------------------------------

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The round number (1-based).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Whether the round is over: at most one seat held cards and it has been placed.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.active.0 & self.active.0.wrapping_sub(1) == 0
    }

    /// The seat to act (meaningless once [`RoundState::is_over`]).
    #[inline]
    pub fn turn(&self) -> usize {
        usize::from(self.turn)
    }

    /// Seat `s`'s cards (empty off the table).
    #[inline]
    pub fn hand(&self, s: usize) -> CardSet {
        self.hands.get(s).copied().unwrap_or_default()
    }

    /// Cards held by each seat.
    pub fn counts(&self) -> &[u8] {
        &self.counts[..self.players()]
    }

    /// The trick.
    pub fn trick(&self) -> &TrickState {
        &self.trick
    }

    /// Seats still holding cards.
    pub fn active(&self) -> SeatSet {
        self.active
    }

    /// Passes in a row since the last play.
    pub fn pass_streak(&self) -> u16 {
        self.pass_streak
    }

    /// This state with the stalemate seed, the one thing about a round that no seat can see
    /// besides the other hands, set to 0 — as [`RoundState::from_view`] builds it.
    pub fn without_seed(&self) -> RoundState {
        RoundState {
            stalemate_seed: 0,
            ..*self
        }
    }

    /// Seats that passed on the pile.
    pub fn passed(&self) -> SeatSet {
        self.passed
    }

    /// Places by seat (0 = still playing).
    pub fn places(&self) -> &Places {
        &self.places
    }

    /// Titles from the previous round by seat.
    pub fn titles(&self) -> &[Option<Title>] {
        &self.titles[..self.players()]
    }

    /// Total points by seat before this round.
    pub fn totals(&self) -> &[u32] {
        &self.totals[..self.players()]
    }

    /// Who made the pile's top play (`None` when leading).
    pub fn pile_seat(&self) -> Option<usize> {
        self.trick.pile.map(|_| usize::from(self.last))
    }

    /// Cards played this round.
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// Cards out of play this round (miyako-ochi; in a prepared position, cards not dealt).
    pub fn out_of_play(&self) -> CardSet {
        self.out_of_play
    }

    /// Seat `seat`'s points for this round once placed: players − place + 1
    /// (`rules/daifugo.md` §2 "Match"); 0 while unplaced.
    pub fn points(&self, seat: usize) -> u32 {
        let p = u32::from(self.places.get(seat).copied().unwrap_or(0));
        if p == 0 {
            0
        } else {
            u32::from(self.players) + 1 - p
        }
    }

    /// The legal plays of the seat to act, into `out` (cleared first), weakest first and
    /// grouped by form.
    pub fn legal(&self, out: &mut Vec<Play>) {
        legal_plays(&self.rules, &self.trick, self.hands[self.turn()], out);
    }

    /// The legal plays of the seat to act through `cache` (see [`LegalPlays`]).
    pub fn legal_plays<'a>(&'a self, cache: &'a LegalCache) -> LegalPlays<'a> {
        LegalPlays::new(cache, &self.rules, self.trick, self.hands[self.turn()])
    }

    /// Whether the seat to act may pass: there is a pile to pass on.
    #[inline]
    pub fn can_pass(&self) -> bool {
        self.trick.pile.is_some() || self.rules.leader_may_pass
    }

    /// What `seat` may see, with the match context `ctx`: its hand, the public state, and
    /// (when it is to act in a trick) its legal plays through `cache`.
    #[inline]
    pub fn seat_view<'a>(
        &'a self,
        seat: usize,
        cache: &'a LegalCache,
        ctx: ViewContext<'a>,
    ) -> SeatView<'a> {
        let decision = if ctx.phase == Phase::Play && ctx.to_act == Some(seat) {
            Decision::Play {
                can_pass: self.can_pass(),
            }
        } else {
            Decision::Wait
        };
        SeatView::new(self, seat, cache, ctx, decision)
    }

    /// The view of the seat to act in a playout: no log, no exchange, the round as the match.
    #[inline]
    pub fn view<'a>(&'a self, cache: &'a LegalCache) -> SeatView<'a> {
        self.seat_view(
            self.turn(),
            cache,
            ViewContext {
                rounds: self.round,
                log: &[],
                exchange: ExchangeNote::default(),
                phase: Phase::Play,
                to_act: Some(self.turn()),
            },
        )
    }

    // ----- actions -------------------------------------------------------------------------

    /// Checks `action` by `seat` during a trick without changing anything; returns the action
    /// as it would be applied (jokers swapped for the seat's own, which are interchangeable).
    ///
    /// Errors: [`RuleError::NoSuchSeat`], [`RuleError::Finished`] for a seat that is out,
    /// [`RuleError::PassedAlready`] or [`RuleError::NotYourTurn`] off turn,
    /// [`RuleError::NotExchanging`] for a give-back, [`RuleError::LeaderMustPlay`],
    /// [`RuleError::NotInHand`], and the reasons of [`check_play`].
    #[inline(always)]
    pub fn check(&self, seat: usize, action: Action) -> Result<Action, RuleError> {
        if seat >= self.players() {
            return Err(RuleError::NoSuchSeat { seat });
        }
        if seat != self.turn() || self.is_over() {
            return Err(if self.places[seat] != 0 {
                RuleError::Finished
            } else if self.passed.contains(seat) && self.rules.pass_mode == PassMode::Locked {
                RuleError::PassedAlready
            } else {
                RuleError::NotYourTurn {
                    seat,
                    to_act: self.turn(),
                }
            });
        }
        match action {
            Action::GiveBack(_) => Err(RuleError::NotExchanging),
            Action::Pass => {
                if self.can_pass() {
                    Ok(Action::Pass)
                } else {
                    Err(RuleError::LeaderMustPlay)
                }
            }
            Action::Play(p) => {
                let p = self.name_jokers(p);
                let hand = self.hands[seat];
                let p = if hand.contains_all(p.cards()) {
                    p
                } else {
                    let cards = swap_jokers(p.cards(), hand)?;
                    p.with_jokers_from(hand)
                        .filter(|q| q.cards() == cards)
                        .ok_or(RuleError::NotInHand {
                            cards: p.cards().minus(hand),
                        })?
                };
                check_play(&self.rules, &self.trick, p)?;
                Ok(Action::Play(p))
            }
        }
    }

    /// A play's group jokers as the rules read them: without `lock.joker_establishes` the
    /// suits they name do not matter and are dropped; with it, under a lock, jokers that name
    /// none take the locked suits the natural cards lack.
    #[inline]
    fn name_jokers(&self, p: Play) -> Play {
        if p.form() != Form::Group || !p.has_joker() {
            return p;
        }
        if !self.rules.lock.joker_establishes {
            if p.joker_suits().is_empty() {
                return p;
            }
            return p.with_joker_suits(SuitSet::EMPTY).unwrap_or(p);
        }
        let lock = self.trick.lock;
        if p.joker_suits().is_empty() && !lock.is_empty() {
            return p
                .with_joker_suits(SuitSet(lock.0 & !p.natural_suits().0))
                .unwrap_or(p);
        }
        p
    }

    /// Applies `action` by `seat`, sending what happens to `sink` (the action first, then the
    /// automatic steps: places, revolution, locks, clearing). On `Err` nothing changed and
    /// nothing was sent. See [`RoundState::check`] for the errors.
    pub fn apply<S: EventSink + ?Sized>(
        &mut self,
        seat: usize,
        action: Action,
        sink: &mut S,
    ) -> Result<(), RuleError> {
        match self.check(seat, action)? {
            Action::Play(p) => self.play(p, sink),
            Action::Pass => self.pass(sink),
            Action::GiveBack(_) => return Err(RuleError::NotExchanging),
        }
        Ok(())
    }

    /// The seed of this round's stalemate draw (see `stalemate_passes`): the match sets it from
    /// its own generator when a round starts.
    pub(super) fn set_stalemate_seed(&mut self, seed: u64) {
        self.stalemate_seed = seed;
    }

    /// Applies an action of the seat to act without events; `false` (and no change) if the
    /// rules refuse it or the round is over.
    pub fn step(&mut self, action: Action) -> bool {
        let seat = self.turn();
        self.apply(seat, action, &mut super::event::Discard).is_ok()
    }

    /// Plays the round to its end with `policy` choosing for every seat; returns the number of
    /// actions taken. `cache` is scratch space for the legal plays.
    pub fn run<F>(&mut self, cache: &mut LegalCache, rng: &mut GameRng, mut policy: F) -> usize
    where
        F: FnMut(&SeatView<'_>, &mut GameRng) -> Action,
    {
        let mut steps = 0;
        // A round has at most 54 plays and, between two plays, fewer passes than seats; the
        // cap only guards against a policy that keeps answering with something refused.
        let cap = 60 * usize::from(self.players) + 60;
        while !self.is_over() && steps < cap {
            cache.invalidate();
            let action = {
                let v = self.view(cache);
                policy(&v, rng)
            };
            if !self.step(action) {
                // Fall back to a legal action so the playout always ends.
                let fallback = if self.can_pass() {
                    Action::Pass
                } else {
                    let first = self.legal_plays(cache).get().first().copied();
                    first.map_or(Action::Pass, Action::Play)
                };
                self.step(fallback);
            }
            steps += 1;
        }
        steps
    }

    // ----- the state machine (rules/daifugo.md §4) ------------------------------------------

    fn play<S: EventSink + ?Sized>(&mut self, p: Play, sink: &mut S) {
        let seat = self.turn;
        let s = usize::from(seat);
        let rules = &self.rules;
        let before = self.trick;
        let reversed = before.reversed();
        self.hands[s] = self.hands[s].minus(p.cards());
        self.counts[s] -= p.len() as u8;
        self.played = self.played.union(p.cards());
        sink.event(&Event::Play { seat, play: p });

        let spade3 = is_spade3_return(rules, before.pile, p);
        let ec = rules.eight_cut;
        let natural_eight =
            ec.enabled && p.has_natural(EIGHT) && (p.form() != Form::Sequence || ec.in_sequence);
        let joker_eight =
            ec.enabled && ec.joker_counts && ec.in_sequence && p.joker_stands_for(EIGHT);
        let cut = natural_eight || joker_eight;

        // (1) Going out (forbidden finish, miyako-ochi).
        if self.hands[s].is_empty() {
            let ff = rules.forbidden_finish;
            let strongest = if reversed { 0 } else { 12 };
            let foul = (ff.joker && p.has_joker())
                || (ff.strongest && p.has_natural(strongest))
                || (ff.eight && natural_eight)
                || (ff.spade3 && spade3);
            let kind = if foul {
                FinishKind::Foul
            } else {
                FinishKind::Out
            };
            self.place(seat, kind, sink);
        }

        // (2) Revolution, locks, jack-back.
        let rules = &self.rules;
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
            sink.event(&Event::Revolution { active });
        }
        if let Some(prev) = before.pile {
            let rules = &self.rules;
            let est = rules.lock.joker_establishes;
            if rules.lock.suit == SuitLock::Exact
                && self.trick.lock.is_empty()
                && (est || !p.has_joker())
                && let Some(suits) = p.lock_suits(est)
                && prev.lock_suits(est) == Some(suits)
            {
                self.trick.lock = suits;
                sink.event(&Event::Lock { suits });
            } else if est && p.is_lone_joker() && !self.trick.lock.is_empty() {
                // A lone joker ends the lock (UECda).
                self.trick.lock = SuitSet::EMPTY;
                sink.event(&Event::Lock {
                    suits: SuitSet::EMPTY,
                });
            }
            if rules.lock.number
                && !self.trick.number_lock
                && p.form() != Form::Sequence
                && !p.is_all_jokers()
                && !prev.is_all_jokers()
                && next_rank(prev.low(), reversed) == Some(p.low())
            {
                self.trick.number_lock = true;
                sink.event(&Event::NumberLock);
            }
        }
        self.trick.pile = Some(p);
        self.last = seat;
        self.pass_streak = 0;
        if self.rules.pass_mode == PassMode::Reentry {
            self.passed = SeatSet::default();
        }
        if self.rules.jack_back && p.has_natural(JACK) && !self.trick.jack_back {
            self.trick.jack_back = true;
            sink.event(&Event::JackBack);
        }

        if self.round_over(sink) {
            return;
        }
        // (3) Clears at once; (4) otherwise the turn moves on.
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

    fn pass<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let seat = self.turn;
        self.passed.insert(usize::from(seat));
        self.pass_streak = self.pass_streak.saturating_add(1);
        sink.event(&Event::Pass { seat });
        let limit = self.rules.stalemate_passes;
        if limit > 0 && self.pass_streak >= limit {
            self.stalemate(sink);
            return;
        }
        if self.trick.pile.is_none() {
            // Passing on an empty pile (the leader may pass, or has nothing legal).
            if self.active.0 & !self.passed.0 == 0 {
                if limit > 0 {
                    // Everybody passed: the same leader leads again, the passes count on.
                    self.passed = SeatSet::default();
                    self.turn = if self.active.contains(usize::from(self.last)) {
                        self.last
                    } else {
                        self.next_active(self.last)
                    };
                } else {
                    // Nobody will lead: a stalemate at once.
                    self.stalemate(sink);
                }
            } else {
                self.turn = self.next_to_act(seat);
            }
            return;
        }
        if self.all_others_passed() {
            self.clear(ClearCause::AllPassed, sink);
        } else {
            self.turn = self.next_to_act(seat);
        }
    }

    /// The pile clears after passes: every active seat other than the last to play has passed
    /// (`clear_mode = "others_passed"`), or every active seat (`"all_passed"`).
    fn all_others_passed(&self) -> bool {
        let others = match self.rules.clear_mode {
            ClearMode::OthersPassed => self.active.0 & !(1 << self.last),
            ClearMode::AllPassed => self.active.0,
        };
        others & !self.passed.0 == 0
    }

    /// 千日手 (`stalemate_passes`): the seats still holding cards take the places left in a
    /// random order drawn from the round's stalemate seed; the round is over.
    fn stalemate<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let mut seats = [0u8; MAX_SEATS];
        let mut n = 0;
        for s in self.active.iter() {
            seats[n] = s as u8;
            n += 1;
        }
        // Fisher–Yates with SplitMix64 from the seed.
        let mut x = self.stalemate_seed;
        for i in (1..n).rev() {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            let j = (z % (i as u64 + 1)) as usize;
            seats.swap(i, j);
        }
        sink.event(&Event::Stalemate);
        for &s in &seats[..n] {
            self.place(s, FinishKind::Stalemate, sink);
        }
    }

    /// The next seat after `from` in `allowed` (`from` itself if none).
    #[inline]
    fn next_in(&self, from: u8, allowed: u8) -> u8 {
        // Seats after `from` first, then the wrap-around (seats are below `players`).
        let after = u32::from(allowed) & !((2u32 << from) - 1);
        if after != 0 {
            return after.trailing_zeros() as u8;
        }
        let before = u32::from(allowed) & ((1u32 << from) - 1);
        if before != 0 {
            before.trailing_zeros() as u8
        } else {
            from
        }
    }

    /// The next seat after `from` that still holds cards and has not passed.
    fn next_to_act(&self, from: u8) -> u8 {
        self.next_in(from, self.active.0 & !self.passed.0)
    }

    /// The next seat after `from` that still holds cards.
    fn next_active(&self, from: u8) -> u8 {
        self.next_in(from, self.active.0)
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
        self.last = leader;
        sink.event(&Event::Clear { leader, cause });
    }

    /// Places `seat`: from the top for a normal finish or the last player, from the bottom for
    /// a forbidden finish or miyako-ochi. A first place by someone other than the reigning
    /// 大富豪, with an ordinary finish, makes the 大富豪 fall (miyako-ochi, §3): at once in the
    /// lowest free place, their cards out of play.
    pub(super) fn place<S: EventSink + ?Sized>(
        &mut self,
        seat: u8,
        kind: FinishKind,
        sink: &mut S,
    ) {
        let s = usize::from(seat);
        let place = match kind {
            FinishKind::Out | FinishKind::Last | FinishKind::Stalemate => {
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
        sink.event(&Event::Finish { seat, place, kind });
        if kind == FinishKind::Out
            && place == 1
            && self.round >= 2
            && self.rules.miyako_ochi
            && let Some(d) = self.reigning
            && d != seat
            && self.active.contains(usize::from(d))
        {
            let d = usize::from(d);
            self.out_of_play = self.out_of_play.union(self.hands[d]);
            self.hands[d] = CardSet::EMPTY;
            self.counts[d] = 0;
            self.place(d as u8, FinishKind::MiyakoOchi, sink);
        }
    }

    /// Places the last seat holding cards if at most one is left; returns whether the round is
    /// over.
    fn round_over<S: EventSink + ?Sized>(&mut self, sink: &mut S) -> bool {
        if self.active.len() > 1 {
            return false;
        }
        if let Some(last) = self.active.iter().next() {
            self.place(last as u8, FinishKind::Last, sink);
        }
        true
    }
}

/// Replaces the jokers of `cards` by the lowest-numbered jokers of `hand` (jokers are
/// interchangeable); errors with the cards the hand lacks.
pub(super) fn swap_jokers(cards: CardSet, hand: CardSet) -> Result<CardSet, RuleError> {
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

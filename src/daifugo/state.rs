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
use serde::{Deserialize, Serialize};

use super::cardset::RANKS;
use super::cardset::RankSet;
use super::legal::{
    Effects, LegalCache, LegalPlays, NaturalEffects, TEN, TrickState, check_play,
    check_play_inline, effects_with, is_forbidden_finish, legal_plays, next_rank, surely_legal,
};
use super::play::{Form, Play};
use super::rules::{Amount, ClearMode, Eligible, ForbiddenMode, PassMode, Rules, SuitLock};
use super::view::{Decision, Phase, SeatView, Title, ViewContext};
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
    /// The reigning 大貧民 (previous round's last place), for gekokujo.
    pub(super) reigning_low: Option<u8>,
    /// Gekokujo happened this round (the next titles are reversed).
    pub(super) gekokujo: bool,
    /// Play goes to the next higher seat (9-reverse flips it).
    pub(super) clockwise: bool,
    /// Cards out of play face up this round (10-discard, Q-bomber).
    pub(super) discarded: CardSet,
    /// Some rule of §3b acts on a play (skip, pass, discard, reverse, bomb, the extra cuts)
    /// ([`Rules::has_triggers`]).
    pub(super) triggers: bool,
    /// Which lock rules are on (for [`RoundState::update_locks`]).
    pub(super) lock_mode: LockMode,
    /// What natural singles and groups set off under these rules at this table.
    pub(super) natural: NaturalEffects,
    /// A choice owed after a play.
    pub(super) pending: Option<Pending>,
    /// The rest of the play whose choice is pending.
    pub(super) after: After,
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
            reigning_low: None,
            gekokujo: false,
            clockwise: true,
            discarded: CardSet::EMPTY,
            triggers: rules.has_triggers(),
            lock_mode: LockMode::of(&rules),
            natural: NaturalEffects::new(&rules, players),
            pending: None,
            after: After::default(),
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
        self.clockwise = true;
        self.discarded = CardSet::EMPTY;
        self.pending = None;
        self.after = After::default();
        self.gekokujo = false;
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
        let deciding = matches!(
            view.decision(),
            Decision::Play { .. }
                | Decision::Give { .. }
                | Decision::Discard { .. }
                | Decision::Bomb { .. }
        );
        if !deciding || view.phase() != Phase::Play {
            return None;
        }
        let n = view.players().min(MAX_SEATS);
        let mut st = RoundState::blank(*view.rules(), n as u8);
        st.round = view.round();
        st.hands[..n].copy_from_slice(&hands[..n]);
        st.hands[view.seat()] = view.hand();
        for s in 0..n {
            st.counts[s] = st.hands[s].len() as u8;
        }
        st.seat_places(view.places());
        st.played = view.played();
        st.out_of_play = out;
        st.trick = view.trick();
        let turn = view.to_act().unwrap_or(view.seat()) as u8;
        st.turn = turn;
        (st.last, st.gekokujo) = view.trick_marks();
        st.passed = view.passed();
        st.pass_streak = view.pass_streak();
        st.clockwise = view.clockwise();
        st.discarded = view.discarded();
        (st.pending, st.after) = view.pending_rest();
        st.reigning_low = (0..n)
            .find(|s| view.titles()[*s] == Some(Title::Daihinmin))
            .map(|s| s as u8);
        st.titles[..n].copy_from_slice(&view.titles()[..n]);
        st.totals[..n].copy_from_slice(&view.totals()[..n]);
        st.reigning = (0..n)
            .find(|s| view.titles()[*s] == Some(Title::Daifugo))
            .map(|s| s as u8);
        Some(st)
    }

    /// Seats the finishing places known so far: `places[s]` is seat `s`'s place (1 = first
    /// out, 0 = still playing; missing entries count as 0). Seats without a place are active,
    /// and the next places handed out are the free ones at each end (places are given from
    /// both ends, miyako-ochi and fouls from the bottom, so the free ones are one run in the
    /// middle).
    pub(crate) fn seat_places(&mut self, places: &[u8]) {
        let n = usize::from(self.players).min(MAX_SEATS);
        let mut assigned = 0u16;
        self.active = SeatSet::default();
        for s in 0..n {
            let place = places.get(s).copied().unwrap_or(0);
            self.places[s] = place;
            if place == 0 {
                self.active.insert(s);
            } else {
                assigned |= 1 << place;
            }
        }
        let free = |p: &u8| assigned & (1 << p) == 0;
        self.next_top = (1..=n as u8).find(free).unwrap_or(n as u8 + 1);
        self.next_bottom = (1..=n as u8).rev().find(free).unwrap_or(0);
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
        st.seat_places(p.places);
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
        if self.pending.is_some() {
            return false;
        }
        self.trick.pile.is_some() || self.rules.leader_may_pass || self.stuck()
    }

    /// A leader with nothing legal to lead: under `forbidden_finish.mode = "illegal"`, a last
    /// card that would be a forbidden finish. Such a leader passes (§3b).
    fn stuck(&self) -> bool {
        let hand = self.hands[self.turn()];
        self.rules.forbidden_finish.mode == ForbiddenMode::Illegal
            && self.trick.pile.is_none()
            && hand.len() == 1
            && hand
                .iter()
                .next()
                .is_some_and(|c| is_forbidden_finish(&self.rules, &self.trick, Play::single(c)))
    }

    /// Play goes to the next higher seat (else lower: 9-reverse).
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }

    /// Cards out of play face up this round (10-discard, Q-bomber).
    pub fn discarded(&self) -> CardSet {
        self.discarded
    }

    /// The pending choice and the rest of its play.
    pub(crate) fn pending_rest(&self) -> (Option<Pending>, After) {
        (self.pending, self.after)
    }

    /// The public marks of the trick and round: `last` (the pile's player, or with an empty
    /// pile the trick's leader, to whom the lead returns when everybody passes) and whether
    /// gekokujo happened this round.
    pub(crate) fn trick_marks(&self) -> (u8, bool) {
        (self.last, self.gekokujo)
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
        let decision = self.decision_for(seat, ctx.phase, ctx.to_act);
        SeatView::new(self, seat, cache, ctx, decision)
    }

    /// What `seat` is asked to decide when the match is at `phase` with `to_act` to act: a
    /// play, or the choice pending after its play, when it is to act in a trick; else nothing.
    #[inline]
    pub fn decision_for(&self, seat: usize, phase: Phase, to_act: Option<usize>) -> Decision {
        if phase == Phase::Play && to_act == Some(seat) {
            match self.pending {
                None => Decision::Play {
                    can_pass: self.can_pass(),
                },
                Some(Pending::Give { max, exact, to, .. }) => Decision::Give {
                    count: max,
                    exact,
                    to,
                },
                Some(Pending::Discard {
                    max,
                    exact,
                    eligible,
                    ..
                }) => Decision::Discard {
                    count: max,
                    exact,
                    eligible,
                },
                Some(Pending::Bomb { max, .. }) => Decision::Bomb { count: max },
            }
        } else {
            Decision::Wait
        }
    }

    /// The view of the seat to act in a playout: no log, no exchange, the round as the match.
    #[inline]
    pub fn view<'a>(&'a self, cache: &'a LegalCache) -> SeatView<'a> {
        SeatView::of_round(self, cache)
    }

    // ----- actions -------------------------------------------------------------------------

    /// The choice the rules owe to a seat after a play, if any (7-pass, 10-discard,
    /// Q-bomber): while one is pending, only that seat acts, with that kind of action.
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// Every answer the pending choice accepts (empty when none is pending): each set of cards
    /// of an allowed size (jokers counted, not told apart), smallest sets first; or each set of
    /// up to the allowed number of ranks.
    pub fn choices(&self) -> Vec<Action> {
        match self.pending {
            Some(p) => pending_choices(p, self.hands[usize::from(p.seat())]),
            None => Vec::new(),
        }
    }

    /// Checks `action` by `seat` during a trick without changing anything; returns the action
    /// as it would be applied (jokers swapped for the seat's own, which are interchangeable).
    ///
    /// Errors: [`RuleError::NoSuchSeat`], [`RuleError::Finished`] for a seat that is out,
    /// [`RuleError::PassedAlready`] or [`RuleError::NotYourTurn`] off turn,
    /// [`RuleError::NotExchanging`] for a give-back, [`RuleError::LeaderMustPlay`],
    /// [`RuleError::NotInHand`], [`RuleError::ForbiddenFinish`], the reasons of [`check_play`];
    /// for the choices after a play [`RuleError::ChoiceOwed`], [`RuleError::NothingOwed`],
    /// [`RuleError::CardCount`], [`RuleError::NotEligible`] and [`RuleError::TooManyRanks`].
    #[inline(always)]
    pub fn check(&self, seat: usize, action: Action) -> Result<Action, RuleError> {
        if seat >= self.players() {
            return Err(RuleError::NoSuchSeat { seat });
        }
        if seat != self.turn() || self.is_over() {
            return Err(if self.places[seat] != 0 && self.pending.is_none() {
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
        if let Some(pending) = self.pending {
            return self.check_choice(seat, pending, action);
        }
        match action {
            Action::GiveBack(_) => Err(RuleError::NotExchanging),
            Action::Give(_) | Action::Discard(_) | Action::Bomb(_) => Err(RuleError::NothingOwed),
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
                if self.rules.forbidden_finish.mode == ForbiddenMode::Illegal
                    && p.cards() == hand
                    && is_forbidden_finish(&self.rules, &self.trick, p)
                {
                    return Err(RuleError::ForbiddenFinish { play: p });
                }
                Ok(Action::Play(p))
            }
        }
    }

    /// Checks the answer to a pending choice. Inlined so that [`RoundState::apply_choice`]
    /// tells the kinds of choice apart once, not again on the checked answer.
    #[inline(always)]
    fn check_choice(
        &self,
        seat: usize,
        pending: Pending,
        action: Action,
    ) -> Result<Action, RuleError> {
        let hand = self.hands[seat];
        let count_ok = |n: usize, max: u8, exact: bool| {
            if n > usize::from(max) || (exact && n != usize::from(max)) {
                Err(RuleError::CardCount {
                    max: usize::from(max),
                    exact,
                    got: n,
                })
            } else {
                Ok(())
            }
        };
        match (pending, action) {
            (Pending::Give { max, exact, .. }, Action::Give(cards)) => {
                let cards = swap_jokers(cards, hand)?;
                count_ok(cards.len(), max, exact)?;
                Ok(Action::Give(cards))
            }
            (
                Pending::Discard {
                    max,
                    exact,
                    eligible,
                    ..
                },
                Action::Discard(cards),
            ) => {
                let cards = swap_jokers(cards, hand)?;
                count_ok(cards.len(), max, exact)?;
                let bad = cards.minus(eligible);
                if !bad.is_empty() {
                    return Err(RuleError::NotEligible { cards: bad });
                }
                Ok(Action::Discard(cards))
            }
            (Pending::Bomb { max, .. }, Action::Bomb(ranks)) => {
                let ranks = RankSet(ranks.0 & 0x1FFF);
                if ranks.len() > usize::from(max) {
                    return Err(RuleError::TooManyRanks {
                        max: usize::from(max),
                        got: ranks.len(),
                    });
                }
                Ok(Action::Bomb(ranks))
            }
            _ => Err(RuleError::ChoiceOwed { pending }),
        }
    }

    /// A play's group jokers as the rules read them: without `lock.joker_establishes` the
    /// suits they name do not matter and are dropped; with it, under a lock, jokers that name
    /// none take the locked suits the natural cards lack.
    #[inline(always)]
    fn name_jokers(&self, p: Play) -> Play {
        // One test of both (`&`, not `&&`): whether a play is a group is as hard to predict as
        // the plays are mixed, while a group with jokers is rare.
        if (p.form() == Form::Group) & p.has_joker() {
            return self.name_group_jokers(p);
        }
        p
    }

    /// [`RoundState::name_jokers`] for a group with jokers.
    #[inline(never)]
    fn name_group_jokers(&self, p: Play) -> Play {
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
    /// automatic steps: places, revolution, locks, reversals, clearing, skips). On `Err`
    /// nothing changed and nothing was sent. See [`RoundState::check`] for the errors.
    #[inline(always)]
    pub fn apply<S: EventSink + ?Sized>(
        &mut self,
        seat: usize,
        action: Action,
        sink: &mut S,
    ) -> Result<(), RuleError> {
        // The common case first, by the same checks as `check` but without building the
        // action or an error: the seat to act answering the choice it owes, or, with none
        // owed, making a held play or an allowed pass.
        if seat == usize::from(self.turn) && !self.is_over() {
            if let Some(pending) = self.pending {
                return self.apply_choice(seat, pending, action, sink);
            }
            match action {
                Action::Play(p) => {
                    let p = self.name_jokers(p);
                    let hand = self.hands[seat];
                    // The shortcut only ever accepts what the full check accepts.
                    debug_assert!(
                        !surely_legal(&self.rules, &self.trick, p)
                            || check_play_inline(&self.rules, &self.trick, p).is_ok()
                    );
                    if hand.contains_all(p.cards())
                        && (surely_legal(&self.rules, &self.trick, p)
                            || check_play_inline(&self.rules, &self.trick, p).is_ok())
                        && !(self.rules.forbidden_finish.mode == ForbiddenMode::Illegal
                            && p.cards() == hand
                            && is_forbidden_finish(&self.rules, &self.trick, p))
                    {
                        self.play(p, sink);
                        return Ok(());
                    }
                }
                Action::Pass if self.can_pass() => {
                    self.pass(sink);
                    return Ok(());
                }
                _ => {}
            }
        }
        self.apply_checked(seat, action, sink)
    }

    /// [`RoundState::apply`] for the answer of the seat to act to the choice `pending` it owes
    /// (as [`RoundState::check`] checks it).
    #[inline(never)]
    fn apply_choice<S: EventSink + ?Sized>(
        &mut self,
        seat: usize,
        pending: Pending,
        action: Action,
        sink: &mut S,
    ) -> Result<(), RuleError> {
        match self.check_choice(seat, pending, action)? {
            Action::Give(cards) => self.give(cards, sink),
            Action::Discard(cards) => self.discard(cards, sink),
            Action::Bomb(ranks) => self.bomb(ranks, sink),
            // `check_choice` answers with the kind of choice owed only.
            Action::Play(_) | Action::Pass | Action::GiveBack(_) => {
                return Err(RuleError::ChoiceOwed { pending });
            }
        }
        Ok(())
    }

    /// [`RoundState::apply`] through the whole of [`RoundState::check`]: jokers to swap for the
    /// seat's own, and every refusal.
    #[inline(never)]
    fn apply_checked<S: EventSink + ?Sized>(
        &mut self,
        seat: usize,
        action: Action,
        sink: &mut S,
    ) -> Result<(), RuleError> {
        match self.check(seat, action)? {
            Action::Play(p) => self.play(p, sink),
            Action::Pass => self.pass(sink),
            Action::Give(cards) => self.give(cards, sink),
            Action::Discard(cards) => self.discard(cards, sink),
            Action::Bomb(ranks) => self.bomb(ranks, sink),
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

    /// An action the rules always accept from the seat to act (for a playout whose policy
    /// answered with something refused): a pass when allowed, else the first legal play; for a
    /// pending choice, the least it may be (nothing, or the weakest eligible cards when the
    /// count is exact; no rank).
    pub fn fallback(&self, cache: &LegalCache) -> Action {
        match self.pending {
            Some(Pending::Give { max, exact, .. }) => Action::Give(if exact {
                weakest_of(self.hands[self.turn()], usize::from(max))
            } else {
                CardSet::EMPTY
            }),
            Some(Pending::Discard {
                max,
                exact,
                eligible,
                ..
            }) => Action::Discard(if exact {
                weakest_of(eligible, usize::from(max))
            } else {
                CardSet::EMPTY
            }),
            Some(Pending::Bomb { .. }) => Action::Bomb(RankSet::EMPTY),
            None if self.can_pass() => Action::Pass,
            None => {
                let first = self.legal_plays(cache).get().first().copied();
                first.map_or(Action::Pass, Action::Play)
            }
        }
    }

    /// Plays the round to its end with `policy` choosing for every seat; returns the number of
    /// actions taken. `cache` is scratch space for the legal plays.
    pub fn run<F>(&mut self, cache: &mut LegalCache, rng: &mut GameRng, mut policy: F) -> usize
    where
        F: FnMut(&SeatView<'_>, &mut GameRng) -> Action,
    {
        let mut steps = 0;
        // A round has at most 54 plays and, between two plays, fewer passes and choices than
        // seats; the cap only guards against a policy that keeps answering with something
        // refused.
        let cap = 80 * usize::from(self.players) + 80;
        while !self.is_over() && steps < cap {
            cache.invalidate();
            let action = {
                let v = self.view(cache);
                policy(&v, rng)
            };
            if !self.step(action) {
                // Fall back to an accepted action so the playout always ends.
                let fallback = self.fallback(cache);
                self.step(fallback);
            }
            steps += 1;
        }
        steps
    }

    // ----- the state machine (rules/daifugo.md §4, §3b "Order of effects") -----------------

    #[inline(always)]
    fn play<S: EventSink + ?Sized>(&mut self, p: Play, sink: &mut S) {
        let seat = self.turn;
        let s = usize::from(seat);
        let before = self.trick;
        let rest = self.hands[s].minus(p.cards());
        self.hands[s] = rest;
        self.counts[s] -= p.len() as u8;
        self.played = self.played.union(p.cards());
        sink.event(&Event::Play { seat, play: p });

        // What the play sets off, judged before it changes the trick: looked up for natural
        // singles and groups, else asked of the rules.
        let e = match self.natural.lookup(p, &before) {
            Some(0) if !rest.is_empty() => {
                // The common play sets off nothing: only locks, then the next turn or the
                // clear after passes (the hand still holds cards, so the round goes on).
                debug_assert!(self.effects(p, &before).is_plain());
                self.take_pile(seat, p, &before, sink);
                self.next_turn(seat, sink);
                return;
            }
            Some(fx) if !rest.is_empty() => NaturalEffects::unpack(fx, p.low()),
            Some(fx) => NaturalEffects::going_out(fx, &self.rules, &before, p),
            None => self.effects(p, &before),
        };
        debug_assert_eq!(e, self.effects(p, &before));
        self.play_effects(p, before, e, sink);
    }

    /// What the seat to act's play `p` (its cards already out of the hand) sets off on the
    /// trick `before` ([`effects_with`]).
    #[inline(never)]
    fn effects(&self, p: Play, before: &TrickState) -> Effects {
        let hand = self.hands[usize::from(self.turn)].union(p.cards());
        effects_with(&self.rules, self.triggers, before, self.players, hand, p)
    }

    /// After a play that leaves the pile to be answered by `seat`'s successors: the pile
    /// clears when everyone else has passed, else the next seat that may play is to act.
    #[inline(always)]
    fn next_turn<S: EventSink + ?Sized>(&mut self, seat: u8, sink: &mut S) {
        if self.all_others_passed() {
            self.clear(ClearCause::AllPassed, sink);
        } else {
            self.turn = self.next_to_act(seat);
        }
    }

    /// `seat`'s play `p` becomes the pile (after the locks it sets or keeps against the pile
    /// `before` held): `seat` is the last to have played, the pass streak restarts, and under
    /// re-entry passing (§3b) everyone may play again. The step every play takes, plain or not.
    #[inline]
    fn take_pile<S: EventSink + ?Sized>(
        &mut self,
        seat: u8,
        p: Play,
        before: &TrickState,
        sink: &mut S,
    ) {
        if let Some(prev) = before.pile {
            self.update_locks(prev, p, before.reversed(), sink);
        }
        self.trick.pile = Some(p);
        self.last = seat;
        self.pass_streak = 0;
        if self.rules.pass_mode == PassMode::Reentry {
            self.passed = SeatSet::default();
        }
    }

    /// The rest of [`RoundState::play`] for a play that sets off `e` (the rarer plays: natural
    /// plays with an effect, going out, sequences, jokers). Out of line: inlined into `play`,
    /// it cost 1.5–2k more instructions a game on every preset (callgrind).
    #[inline(never)]
    fn play_effects<S: EventSink + ?Sized>(
        &mut self,
        p: Play,
        before: TrickState,
        e: Effects,
        sink: &mut S,
    ) {
        self.apply_effects(p, before, e, sink);
    }

    /// The rest of [`RoundState::play`] for a play that sets off `e`, always inlined.
    #[inline(always)]
    fn apply_effects<S: EventSink + ?Sized>(
        &mut self,
        p: Play,
        before: TrickState,
        e: Effects,
        sink: &mut S,
    ) {
        let seat = self.turn;

        // (1) Going out (forbidden finish, miyako-ochi).
        if e.out {
            let kind = if e.foul {
                FinishKind::Foul
            } else {
                FinishKind::Out
            };
            self.place(seat, kind, sink);
        }

        // (2) Revolution, locks, jack-back, 9-reverse.
        if e.revolution {
            self.trick.revolution = !self.trick.revolution;
            let active = self.trick.revolution;
            sink.event(&Event::Revolution { active });
        }
        self.take_pile(seat, p, &before, sink);
        // Jack-back and 9-reverse set as data (in party rules they follow the plays too
        // closely to predict); only their events wait on them, and a sink that drops
        // events drops the tests too.
        self.trick.jack_back |= e.jack_back;
        self.clockwise ^= e.reverse;
        if e.jack_back {
            sink.event(&Event::JackBack);
        }
        if e.reverse {
            let clockwise = self.clockwise;
            sink.event(&Event::Reverse { clockwise });
        }

        if self.round_over(sink) {
            return;
        }
        // (3)–(7): the choices, the clear or the skip, the next turn.
        if e.give | e.discard | e.bomb != 0 {
            let after = After {
                seat,
                give: e.give,
                discard: e.discard,
                bomb: e.bomb,
                skip: e.skip,
                clear: e.clear,
            };
            self.after_play(after, Stage::Give, sink);
        } else if let Some(cause) = e.clear {
            // (5) as in `after_play` with no choice owed: the clear cancels a skip.
            self.clear(cause, sink);
        } else {
            if e.skip > 0 {
                self.skip(seat, e.skip, sink);
            }
            self.next_turn(seat, sink);
        }
    }

    /// Locks set by `p` answering `prev` (§3 "Suit lock", §3b partial and geki lock, UECda
    /// joker-established lock).
    #[inline(always)]
    fn update_locks<S: EventSink + ?Sized>(
        &mut self,
        prev: Play,
        p: Play,
        reversed: bool,
        sink: &mut S,
    ) {
        let exact = match self.lock_mode {
            LockMode::Off => return,
            LockMode::Exact => true,
            // Without jokers in either play, jokers that establish locks change nothing: the
            // plain suit lock.
            LockMode::ExactJokers => !p.has_joker() && !prev.has_joker(),
            LockMode::Other => false,
        };
        if exact {
            // Two plays in a row without jokers and with the same suits lock them (§3).
            if self.trick.lock.is_empty()
                && !p.has_joker()
                && let Some(suits) = p.definite_suits()
                && prev.definite_suits() == Some(suits)
            {
                self.trick.lock = suits;
                sink.event(&Event::Lock { suits });
            }
        } else {
            self.update_locks_other(prev, p, reversed, sink);
        }
    }

    /// [`RoundState::update_locks`] under lock rules beyond the plain suit lock.
    #[inline(never)]
    fn update_locks_other<S: EventSink + ?Sized>(
        &mut self,
        prev: Play,
        p: Play,
        reversed: bool,
        sink: &mut S,
    ) {
        let rules = self.rules.lock;
        let est = rules.joker_establishes;
        let mut suit_set = false;
        if self.trick.lock.is_empty()
            && (est || !p.has_joker())
            && let Some(suits) = p.lock_suits(est)
            && let Some(before) = prev.lock_suits(est)
        {
            let locked = match rules.suit {
                SuitLock::Exact if before == suits => Some(suits),
                SuitLock::Partial if before.0 & suits.0 != 0 => Some(SuitSet(before.0 & suits.0)),
                _ => None,
            };
            if let Some(suits) = locked {
                self.trick.lock = suits;
                suit_set = true;
                sink.event(&Event::Lock { suits });
            }
        }
        if !suit_set && est && p.is_lone_joker() && !self.trick.lock.is_empty() {
            // A lone joker ends the lock (UECda).
            self.trick.lock = SuitSet::EMPTY;
            sink.event(&Event::Lock {
                suits: SuitSet::EMPTY,
            });
        }
        // 激縛り: with `geki`, consecutive ranks under a suit lock (set now or before) set
        // the number lock too, even without `lock.number`.
        let geki = rules.geki && (suit_set || !self.trick.lock.is_empty());
        if (rules.number || geki)
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

    /// Steps (3)–(7) of the order of effects from `stage` on: the 7-pass and the 10-discard
    /// (only while the player holds cards), the Q-bomber, then the clear (which cancels a
    /// skip) or the 5-skip, then the next turn. A choice stops here until its seat answers.
    #[inline(never)]
    fn after_play<S: EventSink + ?Sized>(&mut self, after: After, stage: Stage, sink: &mut S) {
        let seat = after.seat;
        let s = usize::from(seat);
        if stage <= Stage::Give && after.give > 0 && !self.hands[s].is_empty() {
            let to = self.next_active(seat);
            if to != seat {
                let max = after.give.min(self.hands[s].len() as u8);
                let exact = self.rules.seven_pass.amount == Amount::Exact;
                self.owe(
                    Pending::Give {
                        seat,
                        to,
                        max,
                        exact,
                    },
                    after,
                );
                return;
            }
        }
        if stage <= Stage::Discard && after.discard > 0 && !self.hands[s].is_empty() {
            // Weaker than a 10 in the order in force after the play.
            let eligible = discard_eligible(&self.rules, self.hands[s], self.trick.reversed());
            let max = after.discard.min(eligible.len() as u8);
            if max > 0 {
                let exact = self.rules.ten_discard.amount == Amount::Exact;
                self.owe(
                    Pending::Discard {
                        seat,
                        max,
                        exact,
                        eligible,
                    },
                    after,
                );
                return;
            }
        }
        if stage <= Stage::Bomb && after.bomb > 0 {
            self.owe(
                Pending::Bomb {
                    seat,
                    max: after.bomb.min(RANKS),
                },
                after,
            );
            return;
        }
        // (5) Clears; (6) otherwise the skip; (7) the next turn.
        if let Some(cause) = after.clear {
            self.clear(cause, sink);
            return;
        }
        if after.skip > 0 {
            self.skip(seat, after.skip, sink);
        }
        self.next_turn(seat, sink);
    }

    /// Stops for a choice: `pending`'s seat is to act, `after` holds the rest of the play.
    fn owe(&mut self, pending: Pending, after: After) {
        self.turn = pending.seat();
        self.pending = Some(pending);
        self.after = after;
    }

    /// 7-pass: the cards go to the next player; giving away the last card is an ordinary
    /// finish.
    #[inline(never)]
    fn give<S: EventSink + ?Sized>(&mut self, cards: CardSet, sink: &mut S) {
        let Some(Pending::Give { seat, to, .. }) = self.pending.take() else {
            return;
        };
        let (f, t) = (usize::from(seat), usize::from(to));
        self.hands[f] = self.hands[f].minus(cards);
        self.hands[t] = self.hands[t].union(cards);
        self.counts[f] -= cards.len() as u8;
        self.counts[t] += cards.len() as u8;
        sink.event(&Event::Give {
            from: seat,
            to,
            cards,
        });
        if self.hands[f].is_empty() && self.active.contains(f) {
            self.place(seat, FinishKind::Out, sink);
            if self.round_over(sink) {
                return;
            }
        }
        let after = self.after;
        self.after_play(after, Stage::Discard, sink);
    }

    /// 10-discard: the cards leave play face up; discarding the last card is an ordinary
    /// finish.
    #[inline(never)]
    fn discard<S: EventSink + ?Sized>(&mut self, cards: CardSet, sink: &mut S) {
        let Some(Pending::Discard { seat, .. }) = self.pending.take() else {
            return;
        };
        let f = usize::from(seat);
        self.hands[f] = self.hands[f].minus(cards);
        self.counts[f] -= cards.len() as u8;
        self.discarded = self.discarded.union(cards);
        sink.event(&Event::Discard { seat, cards });
        if self.hands[f].is_empty() && self.active.contains(f) {
            self.place(seat, FinishKind::Out, sink);
            if self.round_over(sink) {
                return;
            }
        }
        let after = self.after;
        self.after_play(after, Stage::Bomb, sink);
    }

    /// Q-bomber: starting with the bomber and going round in the current direction, every
    /// active player throws away their natural cards of the named ranks; players left with no
    /// cards go out in that order (ordinary finishes).
    #[inline(never)]
    fn bomb<S: EventSink + ?Sized>(&mut self, ranks: RankSet, sink: &mut S) {
        let Some(Pending::Bomb { seat, .. }) = self.pending.take() else {
            return;
        };
        let gone = ranks.cards();
        let mut lost = [CardSet::EMPTY; MAX_SEATS];
        let mut order = [0u8; MAX_SEATS];
        let mut s = seat;
        for slot in order.iter_mut().take(self.players()) {
            *slot = s;
            let i = usize::from(s);
            // Active seats lose the named ranks (as data: whether a seat holds any of them
            // is no pattern to predict).
            let live = 0u64.wrapping_sub(u64::from(self.active.contains(i)));
            let l = CardSet::from_bits(self.hands[i].intersect(gone).bits() & live);
            self.hands[i] = self.hands[i].minus(l);
            self.counts[i] -= l.len() as u8;
            self.discarded = self.discarded.union(l);
            lost[i] = l;
            s = self.step_seat(s);
        }
        sink.event(&Event::Bomb {
            seat,
            ranks,
            players: self.players,
            lost,
        });
        for &s in &order[..self.players()] {
            let i = usize::from(s);
            if self.active.contains(i) & self.hands[i].is_empty() {
                self.place(s, FinishKind::Out, sink);
            }
        }
        if self.round_over(sink) {
            return;
        }
        let after = self.after;
        self.after_play(after, Stage::Done, sink);
    }

    /// 5-skip: the next `count` players who would get a turn after `seat`, in the current
    /// direction, are passed over (finished players never count, nor, in locked mode, players
    /// who already passed); never round to `seat` itself.
    fn skip<S: EventSink + ?Sized>(&mut self, seat: u8, count: u8, sink: &mut S) {
        // The seats that can be passed over: active, not `seat`, and in locked mode not
        // passed already; each skip takes the next of them in the current direction.
        let mut can = self.active.0 & !(1u8 << seat);
        if self.rules.pass_mode == PassMode::Locked {
            can &= !self.passed.0;
        }
        let mut s = seat;
        for _ in 0..count.min(can.count_ones() as u8) {
            s = self.next_in(s, can);
            can &= !(1u8 << s);
            self.passed.insert(usize::from(s));
            sink.event(&Event::Skip { seat: s });
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
        self.next_turn(seat, sink);
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
    ///
    /// One bit scan, without branches on who passed: a 64-bit word with the preferred seats
    /// (clockwise: after `from`; else below `from`) in the half the scan reaches first and
    /// every allowed seat and `from` itself, the fallback, in the other.
    #[inline]
    fn next_in(&self, from: u8, allowed: u8) -> u8 {
        let allowed = u64::from(allowed);
        let fallback = allowed | (1u64 << from);
        if self.clockwise {
            // The lowest seat above `from`, else the lowest of all (below `from`, or `from`).
            let above = allowed & !((2u64 << from) - 1);
            (((fallback << 32) | above).trailing_zeros() & 31) as u8
        } else {
            // The highest seat below `from`, else the highest of all.
            let below = allowed & ((1u64 << from) - 1);
            ((63 - ((below << 32) | fallback).leading_zeros()) & 31) as u8
        }
    }

    /// The seat after `s` in the current direction, whoever sits there.
    #[inline]
    fn step_seat(&self, s: u8) -> u8 {
        let n = self.players;
        // Clockwise `s + 1`, else `s - 1`, wrapping round the table, without branches.
        let t = if self.clockwise { s + 1 } else { s + n - 1 };
        let t = u32::from(t);
        let n = u32::from(n);
        (t - n * u32::from(t >= n)) as u8
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
            && self.rules.gekokujo
            && self.reigning_low == Some(seat)
        {
            self.gekokujo = true;
            sink.event(&Event::Gekokujo { seat });
        }
        if kind == FinishKind::Out
            && place == 1
            && self.round >= 2
            && self.rules.miyako_ochi
            && self.players >= self.rules.miyako_ochi_min_players
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
    #[inline]
    fn round_over<S: EventSink + ?Sized>(&mut self, sink: &mut S) -> bool {
        if !self.is_over() {
            return false;
        }
        self.place_last(sink);
        true
    }

    /// Places the one seat left holding cards, if any (the round is over).
    #[cold]
    fn place_last<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        if let Some(last) = self.active.iter().next() {
            self.place(last as u8, FinishKind::Last, sink);
        }
    }
}

/// Which lock rules are on, as [`RoundState::update_locks`] tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LockMode {
    /// No lock of any kind.
    Off,
    /// Only the suit lock of exactly the same suits (§3 "Suit lock").
    Exact,
    /// The suit lock of exactly the same suits with jokers that establish locks (UECda), and
    /// no number or geki lock.
    ExactJokers,
    /// Anything else: partial, number or geki locks, or jokers that establish locks.
    Other,
}

impl LockMode {
    fn of(rules: &Rules) -> LockMode {
        let l = rules.lock;
        match (l.suit, l.number || l.geki, l.joker_establishes) {
            (SuitLock::Off, false, false) => LockMode::Off,
            (SuitLock::Exact, false, false) => LockMode::Exact,
            (SuitLock::Exact, false, true) => LockMode::ExactJokers,
            _ => LockMode::Other,
        }
    }
}

/// A choice the rules owe a seat after its play (§3b): the seat to act is [`Pending::seat`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// 7-pass: give up to (or exactly, when `exact`) `max` cards to seat `to`.
    Give {
        /// The giver.
        seat: u8,
        /// The receiver: the next active seat in the current direction.
        to: u8,
        /// How many cards at most (exactly, when `exact`).
        max: u8,
        /// Whether exactly `max` must go.
        exact: bool,
    },
    /// 10-discard: throw away up to (or exactly) `max` of the `eligible` cards.
    Discard {
        /// The player.
        seat: u8,
        /// How many cards at most (exactly, when `exact`).
        max: u8,
        /// Whether exactly `max` must go.
        exact: bool,
        /// The cards that may go.
        eligible: CardSet,
    },
    /// Q-bomber: name up to `max` ranks.
    Bomb {
        /// The bomber.
        seat: u8,
        /// How many ranks at most.
        max: u8,
    },
}

impl Pending {
    /// The seat that owes the choice.
    pub fn seat(self) -> u8 {
        match self {
            Pending::Give { seat, .. }
            | Pending::Discard { seat, .. }
            | Pending::Bomb { seat, .. } => seat,
        }
    }
}

/// The rest of a play while a choice is pending: what it still sets off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct After {
    seat: u8,
    give: u8,
    discard: u8,
    bomb: u8,
    skip: u8,
    clear: Option<ClearCause>,
}

/// Where the rest of a play resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Give,
    Discard,
    Bomb,
    Done,
}

/// Every answer `pending` accepts from a seat holding `hand`: each set of cards of an allowed
/// size (jokers counted, not told apart), smallest sets first; or each set of up to the
/// allowed number of ranks.
pub fn pending_choices(pending: Pending, hand: CardSet) -> Vec<Action> {
    let sets = |allowed: CardSet, max: u8, exact: bool| {
        let allowed = allowed.intersect(hand);
        let naturals: Vec<u64> = allowed
            .naturals()
            .iter()
            .map(|c| CardSet::from_cards([c].iter()).bits())
            .collect();
        let jokers = allowed.jokers();
        let max = max.min(allowed.len() as u8);
        let mut out = Vec::new();
        let lo = if exact { max } else { 0 };
        for size in lo..=max {
            for j in 0..=jokers.len().min(usize::from(size)) as u8 {
                let mut cur = Vec::new();
                subsets(&naturals, usize::from(size - j), 0, 0, &mut cur);
                out.extend(
                    cur.into_iter()
                        .map(|c| CardSet::from_bits(c).union(jokers.first_jokers(j))),
                );
            }
        }
        out
    };
    match pending {
        Pending::Give { max, exact, .. } => sets(hand, max, exact)
            .into_iter()
            .map(Action::Give)
            .collect(),
        Pending::Discard {
            max,
            exact,
            eligible,
            ..
        } => sets(eligible, max, exact)
            .into_iter()
            .map(Action::Discard)
            .collect(),
        Pending::Bomb { max, .. } => {
            let ranks: Vec<u64> = (0..RANKS).map(|s| 1u64 << s).collect();
            let mut out = Vec::new();
            for size in 0..=usize::from(max.min(RANKS)) {
                subsets(&ranks, size, 0, 0, &mut out);
            }
            out.into_iter()
                .map(|c| Action::Bomb(RankSet(c as u16)))
                .collect()
        }
    }
}

/// The cards of `hand` a 10-discard may throw away under `rules` in the order in force
/// (`reversed`): all of them, or (`eligible = "weaker_than_ten"`) the natural cards weaker
/// than a 10.
pub fn discard_eligible(rules: &Rules, hand: CardSet, reversed: bool) -> CardSet {
    match rules.ten_discard.eligible {
        Eligible::Any => hand,
        Eligible::WeakerThanTen => {
            let ranks: u16 = if reversed {
                0x1FFF & !((2u16 << TEN) - 1)
            } else {
                (1u16 << TEN) - 1
            };
            hand.intersect(RankSet(ranks).cards())
        }
    }
}

/// Every union (as bits) of `k` of `items[from..]` with `cur`, into `out`.
fn subsets(items: &[u64], k: usize, from: usize, cur: u64, out: &mut Vec<u64>) {
    if k == 0 {
        out.push(cur);
        return;
    }
    for i in from..items.len() {
        if items.len() - i < k {
            break;
        }
        subsets(items, k - 1, i + 1, cur | items[i], out);
    }
}

/// The `k` weakest cards of `cards` in normal order (jokers last).
fn weakest_of(cards: CardSet, k: usize) -> CardSet {
    super::game::weakest(cards, k)
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

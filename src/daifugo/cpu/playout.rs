//! A lightweight copy of the rest of a round, for look-ahead: the `hard` CPU's playouts and the
//! endgame solver.
//!
//! A [`PlayoutState`] is built from a seat's [`SeatView`] plus a guess of the hidden hands (a
//! *determinization*, see [`super::determinize`]). It plays the trick and round state machine of
//! `rules/daifugo.md` §4 exactly as [`Game`](crate::daifugo::Game) does — 8-cut, spade-3
//! return, revolution, suit and number lock, jack-back, forbidden finish, miyako-ochi, clearing
//! and who leads — but only to the end of the current round, without logs, events or
//! allocation, so a CPU can play thousands of rounds per decision. It is not an engine a player
//! meets: every real action still goes through [`Game::apply`](crate::daifugo::Game::apply).
//! The test `playout_follows_the_engine` (in `tests/daifugo_cpu_playout.rs`) checks it against
//! the engine action by action.

use crate::cards::GameRng;
use crate::daifugo::cardset::{CardSet, SeatSet};
use crate::daifugo::event::{Action, MAX_SEATS, Places};
use crate::daifugo::legal::{
    EIGHT, JACK, LegalCache, LegalPlays, TrickState, check_play, is_spade3_return, legal_plays,
    next_rank,
};
use crate::daifugo::play::{Form, Play};
use crate::daifugo::rules::{PassMode, Rules, SuitLock};
use crate::daifugo::view::{Decision, ExchangeNote, Phase, SeatView, Title};

/// The whole deck under `rules`: 52 cards plus the jokers in play.
pub fn full_deck(rules: &Rules) -> CardSet {
    CardSet((1u64 << (52 + u32::from(rules.jokers.min(2)))) - 1)
}

/// The rest of a round with every hand known (one determinization). Cheap to copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutState {
    rules: Rules,
    players: u8,
    round: u32,
    hands: [CardSet; MAX_SEATS],
    counts: [u8; MAX_SEATS],
    played: CardSet,
    out_of_play: u8,
    trick: TrickState,
    last: u8,
    passed: SeatSet,
    active: SeatSet,
    turn: u8,
    places: Places,
    next_top: u8,
    next_bottom: u8,
    reigning: Option<u8>,
    titles: [Option<Title>; MAX_SEATS],
    totals: [u32; MAX_SEATS],
}

impl PlayoutState {
    /// The state a view shows, with `hands[s]` as seat `s`'s cards (the viewer's own entry is
    /// taken from the view; seats that are out should be empty). `None` when the view is not
    /// a trick decision of the viewer (exchange, waiting, match over).
    pub fn from_view(view: &SeatView<'_>, hands: &[CardSet; MAX_SEATS]) -> Option<PlayoutState> {
        if !matches!(view.decision, Decision::Play { .. }) {
            return None;
        }
        let n = view.players.min(MAX_SEATS);
        let mut h = [CardSet::EMPTY; MAX_SEATS];
        h[..n].copy_from_slice(&hands[..n]);
        h[view.seat] = view.hand;
        let mut active = SeatSet::default();
        let mut assigned = 0u16;
        for s in 0..n {
            if view.places[s] == 0 {
                active.insert(s);
            } else {
                assigned |= 1 << view.places[s];
            }
        }
        // Places given so far form a prefix from the top and a suffix from the bottom.
        let free: Vec<u8> = (1..=n as u8).filter(|p| assigned & (1 << p) == 0).collect();
        let next_top = free.first().copied().unwrap_or(n as u8 + 1);
        let next_bottom = free.last().copied().unwrap_or(0);
        let turn = view.to_act.unwrap_or(view.seat) as u8;
        let mut places = [0u8; MAX_SEATS];
        places[..n].copy_from_slice(&view.places[..n]);
        let mut titles = [None; MAX_SEATS];
        titles[..n].copy_from_slice(&view.titles[..n]);
        let mut totals = [0u32; MAX_SEATS];
        totals[..n].copy_from_slice(&view.totals[..n]);
        let mut counts = [0u8; MAX_SEATS];
        for (c, hand) in counts.iter_mut().zip(&h) {
            *c = hand.len() as u8;
        }
        let reigning = if view.round >= 2 {
            (0..n)
                .find(|s| view.titles[*s] == Some(Title::Daifugo))
                .map(|s| s as u8)
        } else {
            None
        };
        Some(PlayoutState {
            rules: *view.rules,
            players: n as u8,
            round: view.round,
            hands: h,
            counts,
            played: view.played,
            out_of_play: view.out_of_play,
            trick: view.trick,
            last: view.pile_seat.map_or(turn, |s| s as u8),
            passed: view.passed,
            active,
            turn,
            places,
            next_top,
            next_bottom,
            reigning,
            titles,
            totals,
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of seats.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Whether the round is over (at most one seat left holding cards is placed at once, so
    /// this is "nobody is to act").
    pub fn is_over(&self) -> bool {
        self.active.len() <= 1
    }

    /// The seat to act (meaningless once [`PlayoutState::is_over`]).
    pub fn turn(&self) -> usize {
        usize::from(self.turn)
    }

    /// Seat `s`'s cards.
    pub fn hand(&self, s: usize) -> CardSet {
        self.hands.get(s).copied().unwrap_or_default()
    }

    /// The trick.
    pub fn trick(&self) -> &TrickState {
        &self.trick
    }

    /// Seats still holding cards.
    pub fn active(&self) -> SeatSet {
        self.active
    }

    /// Seats that passed on the pile.
    pub fn passed(&self) -> SeatSet {
        self.passed
    }

    /// Places by seat (0 = still playing).
    pub fn places(&self) -> &Places {
        &self.places
    }

    /// Who made the pile's top play (`None` when leading).
    pub fn pile_seat(&self) -> Option<usize> {
        self.trick.pile.map(|_| usize::from(self.last))
    }

    /// Cards played this round.
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// Seat `seat`'s points for this round once it is placed: players − place + 1
    /// (`rules/daifugo.md` §2 "Match"); 0 while unplaced.
    pub fn points(&self, seat: usize) -> u32 {
        let p = u32::from(self.places[seat]);
        if p == 0 {
            0
        } else {
            u32::from(self.players) + 1 - p
        }
    }

    /// The legal plays of the seat to act, into `out` (cleared first).
    pub fn legal(&self, out: &mut Vec<Play>) {
        legal_plays(&self.rules, &self.trick, self.hands[self.turn()], out);
    }

    /// Whether the seat to act may pass.
    pub fn can_pass(&self) -> bool {
        self.trick.pile.is_some()
    }

    /// The view of the seat to act, for a policy to choose from: its hand, the public state,
    /// its legal plays through `cache` (which the caller invalidates after every action). The
    /// log is empty (a playout keeps none).
    pub fn view<'a>(&'a self, cache: &'a LegalCache) -> SeatView<'a> {
        let n = self.players();
        let hand = self.hands[self.turn()];
        SeatView {
            seat: self.turn(),
            players: n,
            rules: &self.rules,
            round: self.round,
            rounds: self.round,
            hand,
            counts: &self.counts[..n],
            trick: self.trick,
            pile_seat: self.pile_seat(),
            passed: self.passed,
            places: &self.places[..n],
            titles: &self.titles[..n],
            played: self.played,
            out_of_play: self.out_of_play,
            log: &[],
            exchange: ExchangeNote::default(),
            totals: &self.totals[..n],
            to_act: Some(self.turn()),
            phase: Phase::Play,
            decision: Decision::Play {
                legal: LegalPlays::new(cache, &self.rules, self.trick, hand),
                can_pass: self.can_pass(),
            },
        }
    }

    /// Applies the action of the seat to act, checked like the engine checks it: a pass
    /// needs a pile, a play must be held and allowed on the trick (`check_play`). Anything
    /// else (a give-back, an illegal play, a finished round) changes nothing and returns
    /// `false`.
    pub fn apply(&mut self, action: Action) -> bool {
        if self.is_over() {
            return false;
        }
        match action {
            Action::Pass if self.trick.pile.is_some() => {
                self.pass();
                true
            }
            Action::Play(p)
                if self.hands[self.turn()].contains_all(p.cards())
                    && check_play(&self.rules, &self.trick, p).is_ok() =>
            {
                self.play(p);
                true
            }
            _ => false,
        }
    }

    /// Plays the round to its end with `policy` choosing for every seat; returns the number of
    /// actions taken. `cache` is scratch space for the legal plays.
    pub fn run<F>(&mut self, cache: &mut LegalCache, rng: &mut GameRng, mut policy: F) -> usize
    where
        F: FnMut(&SeatView<'_>, &mut GameRng) -> Action,
    {
        let mut steps = 0;
        // A round has at most 54 plays and, between two plays, fewer passes than seats; the
        // cap only guards against a policy that answers with something this state refuses.
        let cap = 60 * usize::from(self.players) + 60;
        while !self.is_over() && steps < cap {
            cache.invalidate();
            let action = {
                let v = self.view(cache);
                policy(&v, rng)
            };
            if !self.apply(action) {
                // Fall back to a legal action so the playout always ends.
                let fallback = if self.can_pass() {
                    Action::Pass
                } else {
                    let v = self.view(cache);
                    let first = v.legal_plays().first().copied();
                    first.map_or(Action::Pass, Action::Play)
                };
                self.apply(fallback);
            }
            steps += 1;
        }
        steps
    }

    fn play(&mut self, p: Play) {
        let seat = self.turn;
        let s = usize::from(seat);
        let rules = self.rules;
        let before = self.trick;
        let reversed = before.reversed();
        self.hands[s] = self.hands[s].minus(p.cards());
        self.counts[s] = self.hands[s].len() as u8;
        self.played = self.played.union(p.cards());

        let spade3 = is_spade3_return(&rules, before.pile, p);
        let natural_eight = rules.eight_cut.enabled
            && p.has_natural(EIGHT)
            && (p.form() != Form::Sequence || rules.eight_cut.in_sequence);
        let joker_eight = rules.eight_cut.enabled
            && rules.eight_cut.joker_counts
            && rules.eight_cut.in_sequence
            && p.joker_stands_for(EIGHT);
        let cut = natural_eight || joker_eight;

        if self.hands[s].is_empty() {
            let ff = rules.forbidden_finish;
            let strongest = if reversed { 0 } else { 12 };
            let foul = (ff.joker && p.has_joker())
                || (ff.strongest && p.has_natural(strongest))
                || (ff.eight && natural_eight)
                || (ff.spade3 && spade3);
            self.place(seat, !foul);
        }

        let rev = rules.revolution;
        let revolts = rev.enabled
            && match p.form() {
                Form::Group => p.len() >= usize::from(rev.group_min.max(2)),
                Form::Sequence => rev.sequence_min > 0 && p.len() >= usize::from(rev.sequence_min),
                Form::Single => false,
            };
        if revolts {
            self.trick.revolution = !self.trick.revolution;
        }

        if let Some(prev) = before.pile {
            if rules.lock.suit == SuitLock::Exact
                && self.trick.lock.is_empty()
                && !p.has_joker()
                && prev.definite_suits() == p.definite_suits()
            {
                self.trick.lock = p.natural_suits();
            }
            if rules.lock.number
                && !self.trick.number_lock
                && p.form() != Form::Sequence
                && !p.is_all_jokers()
                && !prev.is_all_jokers()
                && next_rank(prev.low(), reversed) == Some(p.low())
            {
                self.trick.number_lock = true;
            }
        }
        self.trick.pile = Some(p);
        self.last = seat;
        if rules.pass_mode == PassMode::Reentry {
            self.passed = SeatSet::default();
        }
        if rules.jack_back && p.has_natural(JACK) && !self.trick.jack_back {
            self.trick.jack_back = true;
        }

        if self.round_over() {
            return;
        }
        if cut || spade3 || self.all_others_passed() {
            self.clear();
        } else {
            self.turn = self.next_to_act(seat);
        }
    }

    fn pass(&mut self) {
        let seat = self.turn;
        self.passed.insert(usize::from(seat));
        if self.all_others_passed() {
            self.clear();
        } else {
            self.turn = self.next_to_act(seat);
        }
    }

    fn all_others_passed(&self) -> bool {
        self.active.0 & !(1 << self.last) & !self.passed.0 == 0
    }

    fn next_to_act(&self, from: u8) -> u8 {
        let n = self.players;
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|s| {
                self.active.contains(usize::from(*s)) && !self.passed.contains(usize::from(*s))
            })
            .unwrap_or(from)
    }

    fn next_active(&self, from: u8) -> u8 {
        let n = self.players;
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|s| self.active.contains(usize::from(*s)))
            .unwrap_or(from)
    }

    fn clear(&mut self) {
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
    }

    /// Places `seat`: from the top when `top` (a normal finish or the last player), else from
    /// the bottom (forbidden finish, miyako-ochi). A first place by someone other than the
    /// reigning 大富豪 makes the 大富豪 fall (miyako-ochi, `rules/daifugo.md` §3).
    fn place(&mut self, seat: u8, top: bool) {
        let s = usize::from(seat);
        let place = if top {
            self.next_top += 1;
            self.next_top - 1
        } else {
            self.next_bottom -= 1;
            self.next_bottom + 1
        };
        self.places[s] = place;
        self.active.remove(s);
        if top
            && place == 1
            && self.round >= 2
            && self.rules.miyako_ochi
            && let Some(d) = self.reigning
            && d != seat
            && self.active.contains(usize::from(d))
        {
            let gone = self.hands[usize::from(d)];
            self.out_of_play = self.out_of_play.saturating_add(gone.len() as u8);
            self.hands[usize::from(d)] = CardSet::EMPTY;
            self.counts[usize::from(d)] = 0;
            self.place(d, false);
        }
    }

    fn round_over(&mut self) -> bool {
        if self.active.len() > 1 {
            return false;
        }
        if let Some(last) = self.active.iter().next() {
            self.place(last as u8, true);
        }
        true
    }
}

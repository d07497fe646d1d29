//! Rounds from shoes so small that they could run out: dealt card by card in the table's order
//! and summed over every outcome, with an exact test of whether the shoe can run out.
//!
//! The split formula of `split.rs` moves the other hands' cards after the dealer's, which is
//! exact only when no order of the cards can exhaust the shoe; `hand_evs` uses it when the
//! worst case of the whole round fits in the shoe (a bound: no hand draws past a hard 20, no
//! dealer past a hard 16). Otherwise it asks this module, which follows the round as the table
//! deals it (`table.rs`):
//!
//! * under peek the hole card is dealt first (with an ace or ten up, never one that makes a
//!   natural: the values are conditional on the dealer's peek finding none; see [`Round`] for
//!   how it is drawn here); under ENHC the dealer's second card is drawn at the dealer's turn;
//! * each split hand takes its second card when its turn comes, resplitting a pair card while
//!   the round is below the plan's limit, and is played to the end before the next hand;
//! * the dealer draws to the rule unless every hand has busted.
//!
//! A state is the cards left (per class: values, with the pair's rank apart when tens split by
//! rank), the hand being played, how many hands wait for their second card, the
//! number of hands, and whether a finished hand is still live. Its value is the expected sum of
//! the results of the hands still to finish and the distribution of the dealer's final outcome
//! (which settles the hands finished before), both linear in the outcomes, and whether the shoe
//! can run out from there. The table of states is memoized; with at most a few dozen cards left
//! it stays small.

use crate::blackjack::rules::HoleCard;

use super::dealer::{DealerDist, NATURAL};
use super::hand::{Hand, TEN, VALUES, unit};
use super::split::{Lane, Phase, Play};
use super::upcard::{FastMap, KeyMap, Removal, UpCard, stand_value};
use super::{most_cards_within, round_fits};

/// Card classes: the ten values, and the ten-valued cards of the pair's rank when tens split by
/// rank (they alone resplit).
pub(crate) const CLASSES: usize = VALUES + 1;
/// The class of the pair's rank when tens split by rank.
pub(crate) const PAIR_RANK: usize = VALUES;

/// Cards left per class.
pub(crate) type Counts = [u8; CLASSES];

/// The value index of a class.
fn value_of(c: usize) -> usize {
    c.min(TEN)
}

fn size(r: &Counts) -> u32 {
    r.iter().map(|&c| u32::from(c)).sum()
}

fn pack(r: &Counts) -> u128 {
    r.iter()
        .enumerate()
        .fold(0u128, |k, (i, &c)| k | (u128::from(c) << (8 * i)))
}

/// Who chooses the actions of the hand being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mode {
    /// A split hand: the split strategy (`split.rs`).
    Split,
    /// The hand asked about, playing on after a hit: the better of stand and hit among those
    /// that cannot run out the shoe, by the exact values of this module.
    Asked,
}

/// One state of the round (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// Cards left, packed (the hole card among them: see [`Round`]).
    r: u128,
    /// The hand being played.
    cur: Hand,
    /// Hands after it still waiting for their second card.
    pending: u8,
    /// Hands in the round.
    hands: u8,
    /// Most hands the round may reach under the plan.
    limit: u8,
    /// Whether a finished hand is still live (not busted): then the dealer plays.
    live: bool,
    /// Who chooses the current hand's actions.
    mode: Mode,
}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        // The hand's key holds its cards; the small fields share one word.
        h.write_u64(self.r as u64);
        h.write_u64((self.r >> 64) as u64);
        h.write_u64(self.cur.key);
        h.write_u64(
            u64::from(self.pending)
                | u64::from(self.hands) << 8
                | u64::from(self.limit) << 16
                | u64::from(self.live) << 24
                | u64::from(self.mode == Mode::Asked) << 25,
        );
    }
}

/// A memo key: a state and the first action forced on it (0 = none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key(State, u8);

impl Key {
    fn of(s: State, first: Option<Play>) -> Key {
        Key(
            s,
            match first {
                None => 0,
                Some(Play::Stand) => 1,
                Some(Play::Hit) => 2,
                Some(Play::Double) => 3,
            },
        )
    }
}

/// The value of a state, as `U`s (under peek, values times the indicator that the dealer has
/// no natural): `f` the expected sum of the results of the hands still to finish, `d` the
/// dealer's final outcome distribution (zero where the dealer does not play), `w` the chance
/// that the dealer has no natural (1 under ENHC), and whether the shoe can run out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Val {
    /// Expected sum of results still to come.
    pub f: f64,
    /// Dealer's outcome distribution (totals 17..21, bust, natural).
    pub d: DealerDist,
    /// Chance of no dealer natural.
    pub w: f64,
    /// The shoe can run out.
    pub exh: bool,
}

const RUN_OUT: Val = Val {
    f: 0.0,
    d: [0.0; 7],
    w: 0.0,
    exh: true,
};

const ZERO: Val = Val {
    f: 0.0,
    d: [0.0; 7],
    w: 0.0,
    exh: false,
};

/// The evaluator for one query.
///
/// Under peek the hole card is dealt before the player acts. The evaluator draws it at the
/// dealer's turn instead, from the cards left, which gives the same values (exchangeability)
/// and the same answer to "can the shoe run out": a player card can be drawn only while two
/// cards are left (one is the hole card), and a draw that leaves only cards making a natural is
/// a deal that cannot happen (the dealer has none) and counts for nothing. So the player's
/// choices never depend on the hole card, as at the table.
pub(crate) struct Round<'a> {
    ctx: &'a mut UpCard,
    /// Value index of the pair split in this round.
    pair: usize,
    /// The class whose cards resplit.
    pair_class: usize,
    memo: FastMap<Key, Val>,
    exh_memo: FastMap<Key, bool>,
    /// See [`Round::max_drawing_hard`].
    top: Option<u32>,
}

/// How a round starts: the hand to play first and the hands after it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Start {
    /// The hand played first.
    pub cur: Hand,
    /// Its first action, when forced (the action asked about); else chosen by `mode`.
    pub first: Option<Play>,
    /// Who chooses the first hand's actions.
    pub mode: Mode,
    /// Hands after it waiting for their second card.
    pub pending: u8,
    /// Hands in the round.
    pub hands: u8,
    /// The plan's limit on hands.
    pub limit: u8,
    /// Whether a finished hand is live.
    pub live: bool,
}

impl<'a> Round<'a> {
    /// An evaluator for a round splitting `pair` (value index; `pair_class` the class that
    /// resplits), its split hands played by the strategy of `ctx`.
    pub fn new(ctx: &'a mut UpCard, pair: usize, pair_class: usize) -> Round<'a> {
        Round {
            ctx,
            pair,
            pair_class,
            memo: FastMap::with_capacity_and_hasher(1 << 12, Default::default()),
            exh_memo: FastMap::default(),
            top: None,
        }
    }

    /// Cards the player side cannot take: the hole card under peek.
    fn reserve(&self) -> u32 {
        u32::from(self.ctx.rules.hole_card == HoleCard::Peek)
    }

    /// Whether a hole card making no natural (under peek with an ace or ten up) is left in `r`.
    fn hole_possible(&self, r: &Counts) -> bool {
        if !self.ctx.peeks() {
            return true;
        }
        let up = Hand::EMPTY.with(self.ctx.up);
        (0..CLASSES).any(|c| r[c] > 0 && !up.with(value_of(c)).is_two_card_21())
    }

    /// The round from `start` with `shoe` unseen, as a `U` (under peek with an ace or ten up,
    /// the caller divides by the chance of no natural), and whether the shoe can run out.
    pub fn run(&mut self, shoe: &Counts, start: Start) -> (f64, bool) {
        let s = State {
            r: pack(shoe),
            cur: start.cur,
            pending: start.pending,
            hands: start.hands,
            limit: start.limit,
            live: start.live,
            mode: start.mode,
        };
        let v = self.value(s, shoe, start.first);
        (v.f, v.exh)
    }

    /// The value of `s` (cards left `r`), its first action forced when `first` is given.
    fn value(&mut self, s: State, r: &Counts, first: Option<Play>) -> Val {
        if let Some(v) = self.memo.get(&Key::of(s, first)) {
            return *v;
        }
        let v = if self.safe(&s, r) {
            self.closed(s, r, first)
        } else if s.cur.cards == 1 {
            self.second_card(s, r)
        } else if let Some(p) = first {
            self.apply(s, r, p)
        } else {
            match s.mode {
                Mode::Split => {
                    let p = self.ctx.split_play(s.cur, self.pair);
                    self.apply(s, r, p)
                }
                Mode::Asked => {
                    let stand = self.apply(s, r, Play::Stand);
                    let hit = self.apply(s, r, Play::Hit);
                    match (stand.exh, hit.exh) {
                        (true, false) => hit,
                        (false, true) => stand,
                        _ if hit.f > stand.f => hit,
                        _ => stand,
                    }
                }
            }
        };
        self.memo.insert(Key::of(s, first), v);
        v
    }

    /// Whether the rest of the round can never need more cards than `r` holds, by the bound
    /// of `hand_evs` (no hand draws past a hard 20, the dealer past a hard 16).
    fn safe(&self, s: &State, r: &Counts) -> bool {
        let mut counts = [0u32; VALUES];
        for c in 0..CLASSES {
            counts[value_of(c)] += u32::from(r[c]);
        }
        let p = self.pair as u32 + 1;
        let mut hands = vec![s.cur.hard];
        hands.extend(std::iter::repeat_n(p, usize::from(s.pending)));
        round_fits(
            &counts,
            size(r),
            &hands,
            u32::from(s.limit.saturating_sub(s.hands)),
            p,
            self.ctx.up,
        )
    }

    /// Whether the rest of the round cannot take every card left, counting how the split
    /// strategy plays. A split hand draws only at a hard sum of at most `top`
    /// ([`Round::max_drawing_hard`]; the asked hand at most 20), so its cards but the last (a
    /// lone first card's second card included) add at most `top` less its hard sum; the dealer,
    /// to run out, must still be drawing: at most 16 less the up card in all. Running out needs
    /// every card taken: the cards that are no hand's last must fit in those points, and no
    /// more cards fit in them than the smallest (count), nor more points than all but the
    /// largest, one per hand (points).
    fn cannot_take_all(&mut self, s: &State, r: &Counts) -> bool {
        let top = self.max_drawing_hard();
        let p = self.pair as u32 + 1;
        let mut budget = 16u32.saturating_sub(self.ctx.up as u32 + 1);
        let mut lasts = 0;
        let mut hand = |hard: u32, one_card: bool, limit: u32| {
            if one_card || hard <= limit {
                budget += limit.saturating_sub(hard);
                lasts += 1;
            }
        };
        match s.mode {
            Mode::Split => hand(s.cur.hard, s.cur.cards == 1, top),
            Mode::Asked => hand(s.cur.hard, false, 20),
        }
        for _ in 0..s.pending {
            hand(p, true, top);
        }
        // A hand a resplit starts takes a pair card first.
        let new_hands = u32::from(s.limit.saturating_sub(s.hands));
        for _ in 0..new_hands {
            hand(p, true, top);
        }
        budget += new_hands * p;
        let mut counts = [0u32; VALUES];
        for c in 0..CLASSES {
            counts[value_of(c)] += u32::from(r[c]);
        }
        if lasts + most_cards_within(&counts, budget) < size(r) {
            return true;
        }
        let points: u32 = (0..VALUES).map(|v| counts[v] * (v as u32 + 1)).sum();
        let mut largest = 0;
        let mut k = lasts;
        for v in (0..VALUES).rev() {
            let take = counts[v].min(k);
            largest += take * (v as u32 + 1);
            k -= take;
        }
        points > budget + largest
    }

    /// The largest hard sum at which the split strategy draws (hits or doubles) for some hand
    /// of this round's pair: every composition from the root shoe holding a pair card and at
    /// least two cards is asked, from hard 20 down (computed once per evaluator).
    fn max_drawing_hard(&mut self) -> u32 {
        if let Some(t) = self.top {
            return t;
        }
        let mut top = 0;
        for t in (2..=20).rev() {
            let mut counts = [0u32; VALUES];
            counts[self.pair] = 1;
            let start = self.pair as u32 + 1;
            if t >= start && self.draws_at(&mut counts, 0, t - start) {
                top = t;
                break;
            }
        }
        self.top = Some(top);
        top
    }

    /// Whether some composition with `counts` so far (values below `v` settled) and `left`
    /// more points, within the root shoe, is a hand on which the split strategy draws.
    fn draws_at(&mut self, counts: &mut [u32; VALUES], v: usize, left: u32) -> bool {
        if left == 0 {
            let cards: u32 = counts.iter().sum();
            if cards < 2 {
                return false;
            }
            let mut h = Hand::EMPTY;
            for (value, &k) in counts.iter().enumerate() {
                for _ in 0..k {
                    h = h.with(value);
                }
            }
            return self.ctx.split_play(h, self.pair) != Play::Stand;
        }
        if v >= VALUES {
            return false;
        }
        let pts = v as u32 + 1;
        let have = counts[v];
        let mut k = 0;
        loop {
            if self.draws_at(counts, v + 1, left - k * pts) {
                counts[v] = have;
                return true;
            }
            k += 1;
            if k * pts > left || have + k > self.ctx.root[v] {
                break;
            }
            counts[v] = have + k;
        }
        counts[v] = have;
        false
    }

    /// The value of a state from which the shoe cannot run out, in closed form: with no order
    /// of the cards exhausting the shoe, every hand's draws and the dealer's may be taken in any
    /// order (exchangeability, as in `split.rs`), so the current hand is played from the cards
    /// left alone, the waiting hands by the split formula, and the dealer's outcome is that of
    /// a dealer drawing from the cards left.
    fn closed(&mut self, s: State, r: &Counts, first: Option<Play>) -> Val {
        let base = self.removal(r);
        let q = f64::from(r[self.pair_class]);
        let (pending, own) = if s.cur.cards == 1 {
            (u32::from(s.pending) + 1, 0.0)
        } else {
            (u32::from(s.pending), self.hand_u(s, base, first))
        };
        let phase = self.ctx.phase_u(
            Phase {
                pair: self.pair,
                pair_cards: q,
                limit: u32::from(s.limit),
                hands: u32::from(s.hands),
                pending,
            },
            base,
        );
        let d = self.ctx.dealer(base);
        let w = if self.ctx.peeks() {
            1.0 - d[NATURAL]
        } else {
            1.0
        };
        Val {
            f: own + phase,
            d,
            w,
            exh: false,
        }
    }

    /// `U` of the current hand (two cards or more) from the cards left, `base` being every card
    /// out of the root shoe (the hand's included).
    fn hand_u(&mut self, s: State, base: Removal, first: Option<Play>) -> f64 {
        let h = s.cur;
        let extra = Removal {
            key: base.key - h.key,
            n: base.n - h.cards,
        };
        let mut memo = KeyMap::default();
        match (first, s.mode) {
            (None, Mode::Split) => {
                let lane = Lane {
                    base: extra,
                    e0: 0,
                    lanes: 1,
                };
                self.ctx
                    .play_lanes(h, self.pair, lane, &mut KeyMap::default())[0]
            }
            (None, Mode::Asked) => self.ctx.best_u(h, extra, &mut memo),
            (Some(Play::Stand), _) => self.ctx.stand_u(h.total(), base),
            (Some(Play::Hit), _) => self.ctx.hit_u(h, extra, &mut memo),
            (Some(Play::Double), _) => self.ctx.double_u(h, extra),
        }
    }

    /// Whether some order of the cards left makes the round from `start` need a card from an
    /// empty shoe. An exact search over the deals in the table's order (small cards first, as
    /// they make the longest deals), cut wherever the rest of the round provably fits.
    pub fn can_run_out(&mut self, shoe: &Counts, start: Start) -> bool {
        let s = self.start_state(shoe, start);
        self.exhaust(s, shoe, start.first)
    }

    fn start_state(&self, shoe: &Counts, start: Start) -> State {
        State {
            r: pack(shoe),
            cur: start.cur,
            pending: start.pending,
            hands: start.hands,
            limit: start.limit,
            live: start.live,
            mode: start.mode,
        }
    }

    fn exhaust(&mut self, s: State, r: &Counts, first: Option<Play>) -> bool {
        if let Some(&e) = self.exh_memo.get(&Key::of(s, first)) {
            return e;
        }
        let e = if self.safe(&s, r) || self.cannot_take_all(&s, r) {
            false
        } else if s.cur.cards == 1 {
            match self.draws(r) {
                None => true,
                Some(draws) => draws.into_iter().any(|(c, _, r2, possible)| {
                    possible && {
                        let mut next = s;
                        next.r = pack(&r2);
                        next.mode = Mode::Split;
                        if c == self.pair_class && s.hands < s.limit {
                            next.pending += 1;
                            next.hands += 1;
                        } else {
                            next.cur = s.cur.with(value_of(c));
                        }
                        self.exhaust(next, &r2, None)
                    }
                }),
            }
        } else {
            match (first, s.mode) {
                (Some(p), _) => self.exhaust_apply(s, r, p),
                (None, Mode::Split) => {
                    let p = self.ctx.split_play(s.cur, self.pair);
                    self.exhaust_apply(s, r, p)
                }
                // The asked hand can run out only if both of its choices can.
                (None, Mode::Asked) => {
                    self.exhaust_apply(s, r, Play::Stand) && self.exhaust_apply(s, r, Play::Hit)
                }
            }
        };
        self.exh_memo.insert(Key::of(s, first), e);
        e
    }

    fn exhaust_apply(&mut self, s: State, r: &Counts, p: Play) -> bool {
        if p == Play::Stand {
            return self.exhaust_finish(s, r, true);
        }
        let Some(draws) = self.draws(r) else {
            return true;
        };
        draws.into_iter().any(|(c, _, r2, possible)| {
            possible && {
                let mut next = s;
                next.r = pack(&r2);
                next.cur = s.cur.with(value_of(c));
                if next.cur.busted() {
                    self.exhaust_finish(next, &r2, false)
                } else if p == Play::Double {
                    self.exhaust_finish(next, &r2, true)
                } else {
                    self.exhaust(next, &r2, None)
                }
            }
        })
    }

    fn exhaust_finish(&mut self, s: State, r: &Counts, live_now: bool) -> bool {
        let live = s.live || live_now;
        if s.pending > 0 {
            let mut n = s;
            n.cur = Hand::EMPTY.with(self.pair);
            n.pending -= 1;
            n.live = live;
            n.mode = Mode::Split;
            self.exhaust(n, r, None)
        } else {
            live && self.ctx.dealer_can_run_out(self.removal(r))
        }
    }

    /// `U` of the asked hand (the hand at the start of the round, `start.cur`) taking `first`
    /// and playing on by its best action that cannot run out the round, from its own cards and
    /// the cards left alone (the other hands' draws come later and drop out); `None` when the
    /// round can run out whatever it does. Exact once no order can exhaust the shoe: values of
    /// the hand alone, choices by whether the whole round stays safe.
    pub fn asked_u(&mut self, shoe: &Counts, start: Start, first: Play) -> Option<f64> {
        let s = self.start_state(shoe, start);
        self.asked_apply(s, shoe, first)
    }

    fn asked_apply(&mut self, s: State, r: &Counts, p: Play) -> Option<f64> {
        if self.exhaust(s, r, Some(p)) {
            return None;
        }
        let rem = self.removal(r);
        match p {
            Play::Stand => Some(self.ctx.stand_u(s.cur.total(), rem)),
            Play::Double => {
                let own = Removal {
                    key: rem.key - s.cur.key,
                    n: rem.n - s.cur.cards,
                };
                Some(self.ctx.double_u(s.cur, own))
            }
            Play::Hit => {
                let draws = self.draws(r)?;
                let mut acc = 0.0;
                for (c, w, r2, possible) in draws {
                    if !possible {
                        continue;
                    }
                    let mut next = s;
                    next.r = pack(&r2);
                    next.cur = s.cur.with(value_of(c));
                    let v = if next.cur.busted() {
                        self.ctx.lose_u(self.removal(&r2), 1.0)
                    } else {
                        let stand = self.asked_apply(next, &r2, Play::Stand);
                        let hit = self.asked_apply(next, &r2, Play::Hit);
                        match (stand, hit) {
                            (Some(a), Some(b)) => a.max(b),
                            (a, b) => a.or(b)?,
                        }
                    };
                    acc += w * v;
                }
                Some(acc)
            }
        }
    }

    /// Every card the player side may draw from `r`, with its weight, the cards left after it,
    /// and whether the deal can go on (a draw leaving no possible hole card cannot happen).
    fn draws(&self, r: &Counts) -> Option<Vec<(usize, f64, Counts, bool)>> {
        let n = size(r);
        if n <= self.reserve() {
            return None;
        }
        let mut out = Vec::with_capacity(CLASSES);
        for c in 0..CLASSES {
            if r[c] == 0 {
                continue;
            }
            let mut r2 = *r;
            r2[c] -= 1;
            let possible = self.hole_possible(&r2);
            out.push((c, f64::from(r[c]) / f64::from(n), r2, possible));
        }
        Some(out)
    }

    /// The current hand (one pair card) takes its second card.
    fn second_card(&mut self, s: State, r: &Counts) -> Val {
        let Some(draws) = self.draws(r) else {
            return RUN_OUT;
        };
        let mut acc = ZERO;
        for (c, w, r2, possible) in draws {
            if !possible {
                continue;
            }
            let mut next = s;
            next.r = pack(&r2);
            next.mode = Mode::Split;
            if c == self.pair_class && s.hands < s.limit {
                next.pending += 1;
                next.hands += 1;
            } else {
                next.cur = s.cur.with(value_of(c));
            }
            let v = self.value(next, &r2, None);
            add(&mut acc, w, &v);
        }
        acc
    }

    /// The current hand takes action `p`.
    fn apply(&mut self, s: State, r: &Counts, p: Play) -> Val {
        if p == Play::Stand {
            return self.finish(s, r, Some(s.cur.total()), 1.0);
        }
        let Some(draws) = self.draws(r) else {
            return RUN_OUT;
        };
        let mut acc = ZERO;
        for (c, w, r2, possible) in draws {
            if !possible {
                continue;
            }
            let mut next = s;
            next.r = pack(&r2);
            next.cur = s.cur.with(value_of(c));
            let stake = if p == Play::Double { 2.0 } else { 1.0 };
            let v = if next.cur.busted() {
                self.finish(next, &r2, None, stake)
            } else if p == Play::Double {
                self.finish(next, &r2, Some(next.cur.total()), stake)
            } else {
                self.value(next, &r2, None)
            };
            add(&mut acc, w, &v);
        }
        acc
    }

    /// The current hand is over with `total` (`None`: bust) and `stake` bets: the next hand
    /// takes its second card, or the dealer plays.
    fn finish(&mut self, s: State, r: &Counts, total: Option<u32>, stake: f64) -> Val {
        let live = s.live || total.is_some();
        let next = if s.pending > 0 {
            let mut n = s;
            n.cur = Hand::EMPTY.with(self.pair);
            n.pending -= 1;
            n.live = live;
            n.mode = Mode::Split;
            self.value(n, r, None)
        } else {
            self.dealer_turn(r, live)
        };
        let own = match total {
            None => -stake * next.w,
            Some(t) => {
                stake * stand_value(&next.d, t, self.ctx.rules.ties, self.ctx.rules.hole_card)
            }
        };
        Val {
            f: next.f + own,
            ..next
        }
    }

    /// The dealer's turn with `r` left, when some hand is live: the hole card (peek: drawn
    /// here, see [`Round`]) or second card (ENHC), then the draws. The dealer's outcomes come
    /// from the engine's exact dealer tables (`dealer.rs`), the first card drawn being the
    /// hole card, and whether the dealer can run out from the exact search of `upcard.rs`.
    fn dealer_turn(&mut self, r: &Counts, live: bool) -> Val {
        let rem = self.removal(r);
        let peek = self.ctx.rules.hole_card == HoleCard::Peek;
        if !live {
            let w = if peek { self.ctx.weight(rem) } else { 1.0 };
            return Val { w, ..ZERO };
        }
        let d = self.ctx.dealer(rem);
        let exh = self.ctx.dealer_can_run_out(rem);
        let w = if self.ctx.peeks() {
            1.0 - d[NATURAL]
        } else {
            1.0
        };
        Val { f: 0.0, d, w, exh }
    }

    /// The cards out of the engine's root shoe when `r` is left.
    fn removal(&self, r: &Counts) -> Removal {
        let mut key = 0;
        let mut n = 0;
        for v in 0..VALUES {
            let left = u32::from(r[v]) + if v == TEN { u32::from(r[PAIR_RANK]) } else { 0 };
            let out = self.ctx.root[v].saturating_sub(left);
            key += unit(v) * u64::from(out);
            n += out;
        }
        Removal { key, n }
    }
}

fn add(acc: &mut Val, w: f64, v: &Val) {
    acc.f += w * v.f;
    acc.w += w * v.w;
    for k in 0..7 {
        acc.d[k] += w * v.d[k];
    }
    acc.exh |= v.exh;
}

/// The unseen cards per class, with the ranks of `pair_rank` (a rank number 10..=13 when tens
/// split by rank) apart.
pub(crate) fn classes(ranks: &[u32; 13], pair_rank: Option<u8>) -> Counts {
    let mut c = [0u8; CLASSES];
    for (i, &n) in ranks.iter().enumerate() {
        let rank = i as u8 + 1;
        let class = if Some(rank) == pair_rank && rank >= 10 {
            PAIR_RANK
        } else {
            usize::from(rank.min(10) - 1)
        };
        c[class] = c[class].saturating_add(n.min(255) as u8);
    }
    c
}

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
//!   natural: the values are conditional on the dealer's peek finding none); under ENHC the
//!   dealer's second card is drawn at the dealer's turn;
//! * each split hand takes its second card when its turn comes, resplitting a pair card while
//!   the round is below the plan's limit, and is played to the end before the next hand;
//! * the dealer draws to the rule unless every hand has busted.
//!
//! A state is the cards left (per class: values, with the pair's rank apart when tens split by
//! rank), the hole card, the hand being played, how many hands wait for their second card, the
//! number of hands, and whether a finished hand is still live. Its value is the expected sum of
//! the results of the hands still to finish and the distribution of the dealer's final outcome
//! (which settles the hands finished before), both linear in the outcomes, and whether the shoe
//! can run out from there. The table of states is memoized; with at most a few dozen cards left
//! it stays small.

use crate::blackjack::rules::HoleCard;

use super::dealer::{BUST, DealerDist, NATURAL, dealer_stands};
use super::hand::{Hand, TEN, VALUES};
use super::split::Play;
use super::upcard::{FastMap, UpCard, stand_value};

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
    /// The hand asked about, playing on after a hit: the best action that cannot run out the
    /// shoe, by the exact values of this module.
    Asked,
}

/// One state of the round (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// Cards left, packed.
    r: u128,
    /// The hole card's class under peek (dealt first); `None` under ENHC.
    hole: Option<u8>,
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

/// The value of a state: `f` the expected sum of the results of the hands still to finish (as a
/// `U`: under peek with an ace or ten up the caller weights by the chance of no natural), `d`
/// the dealer's final outcome distribution where the dealer plays, and whether the shoe can
/// run out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Val {
    /// Expected sum of results still to come.
    pub f: f64,
    /// Dealer's outcome distribution (totals 17..21, bust, natural).
    pub d: DealerDist,
    /// The shoe can run out.
    pub exh: bool,
}

const RUN_OUT: Val = Val {
    f: 0.0,
    d: [0.0; 7],
    exh: true,
};

/// The evaluator for one query.
pub(crate) struct Round<'a> {
    ctx: &'a mut UpCard,
    /// Value index of the pair split in this round.
    pair: usize,
    /// The class whose cards resplit.
    pair_class: usize,
    memo: FastMap<(State, Option<Play>), Val>,
    dealer_memo: FastMap<(u128, Hand), (DealerDist, bool)>,
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
            memo: FastMap::default(),
            dealer_memo: FastMap::default(),
        }
    }

    fn peek(&self) -> bool {
        self.ctx.rules.hole_card == HoleCard::Peek
    }

    /// The round from `start` with `shoe` unseen, as a `U` (summed over the hole cards the
    /// dealer may hold: under peek with an ace or ten up, the caller divides by the chance of
    /// no natural), and whether the shoe can run out.
    pub fn run(&mut self, shoe: &Counts, start: Start) -> (f64, bool) {
        let n = size(shoe);
        let state = |r: &Counts, hole: Option<u8>| State {
            r: pack(r),
            hole,
            cur: start.cur,
            pending: start.pending,
            hands: start.hands,
            limit: start.limit,
            live: start.live,
            mode: start.mode,
        };
        if !self.peek() {
            let v = self.value(state(shoe, None), shoe, start.first);
            return (v.f, v.exh);
        }
        let up = Hand::EMPTY.with(self.ctx.up);
        let (mut u, mut exh) = (0.0, false);
        for h in 0..CLASSES {
            if shoe[h] == 0 {
                continue;
            }
            if self.ctx.peeks() && up.with(value_of(h)).is_two_card_21() {
                continue;
            }
            let mut r = *shoe;
            r[h] -= 1;
            let v = self.value(state(&r, Some(h as u8)), &r, start.first);
            u += f64::from(shoe[h]) / f64::from(n) * v.f;
            exh |= v.exh;
        }
        (u, exh)
    }

    /// The value of `s` (cards left `r`), its first action forced when `first` is given.
    fn value(&mut self, s: State, r: &Counts, first: Option<Play>) -> Val {
        if let Some(v) = self.memo.get(&(s, first)) {
            return *v;
        }
        let v = if s.cur.cards == 1 {
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
                        (false, true) => stand,
                        (true, false) => hit,
                        _ if hit.f > stand.f => hit,
                        _ => stand,
                    }
                }
            }
        };
        self.memo.insert((s, first), v);
        v
    }

    /// The current hand (one pair card) takes its second card.
    fn second_card(&mut self, s: State, r: &Counts) -> Val {
        let n = size(r);
        if n == 0 {
            return RUN_OUT;
        }
        let mut acc = Val {
            f: 0.0,
            d: [0.0; 7],
            exh: false,
        };
        for c in 0..CLASSES {
            if r[c] == 0 {
                continue;
            }
            let mut r2 = *r;
            r2[c] -= 1;
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
            add(&mut acc, f64::from(r[c]) / f64::from(n), &v);
        }
        acc
    }

    /// The current hand takes action `p`.
    fn apply(&mut self, s: State, r: &Counts, p: Play) -> Val {
        if p == Play::Stand {
            return self.finish(s, r, Some(s.cur.total()), 1.0);
        }
        let n = size(r);
        if n == 0 {
            return RUN_OUT;
        }
        let mut acc = Val {
            f: 0.0,
            d: [0.0; 7],
            exh: false,
        };
        for c in 0..CLASSES {
            if r[c] == 0 {
                continue;
            }
            let mut r2 = *r;
            r2[c] -= 1;
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
            add(&mut acc, f64::from(r[c]) / f64::from(n), &v);
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
        } else if live {
            let dealer = match s.hole {
                Some(h) => Hand::EMPTY.with(self.ctx.up).with(value_of(usize::from(h))),
                None => Hand::EMPTY.with(self.ctx.up),
            };
            let (d, exh) = self.dealer(r, dealer);
            Val { f: 0.0, d, exh }
        } else {
            Val {
                f: 0.0,
                d: [0.0; 7],
                exh: false,
            }
        };
        let own = match total {
            None => -stake,
            Some(t) => {
                stake * stand_value(&next.d, t, self.ctx.rules.ties, self.ctx.rules.hole_card)
            }
        };
        Val {
            f: next.f + own,
            d: next.d,
            exh: next.exh,
        }
    }

    /// The dealer's outcome distribution drawing from `r` holding `d`, and whether the dealer
    /// can run out.
    fn dealer(&mut self, r: &Counts, d: Hand) -> (DealerDist, bool) {
        let key = (pack(r), d);
        if let Some(v) = self.dealer_memo.get(&key) {
            return *v;
        }
        let mut out = [0.0; 7];
        let mut exh = false;
        if d.cards >= 2 && d.is_two_card_21() {
            out[NATURAL] = 1.0;
        } else if d.busted() {
            out[BUST] = 1.0;
        } else if d.cards >= 2 && dealer_stands(d, self.ctx.rules.dealer_hits_soft_17) {
            out[d.total() as usize - 17] = 1.0;
        } else {
            let n = size(r);
            if n == 0 {
                exh = true;
            } else {
                for c in 0..CLASSES {
                    if r[c] == 0 {
                        continue;
                    }
                    let mut r2 = *r;
                    r2[c] -= 1;
                    let (o, e) = self.dealer(&r2, d.with(value_of(c)));
                    let w = f64::from(r[c]) / f64::from(n);
                    for k in 0..7 {
                        out[k] += w * o[k];
                    }
                    exh |= e;
                }
            }
        }
        self.dealer_memo.insert(key, (out, exh));
        (out, exh)
    }
}

fn add(acc: &mut Val, w: f64, v: &Val) {
    acc.f += w * v.f;
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

//! The whole game from a full shoe: every up card, every two-card hand, optimal
//! composition-dependent play; the house-edge report and the input of the strategy tables.

use crate::blackjack::rules::{HoleCard, Rules, SplitTensBy, Surrender, Ties};

use super::Shoe;
use super::hand::{ACE, Hand, TEN, VALUES};
use super::upcard::{Removal, UpCard};

/// A split option of a pair: the share of the pair's deals it applies to and its `U`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SplitOption {
    /// Probability, given the two values, that the hand may split (1 except for ten-valued
    /// pairs under `split_tens_by = "rank"`, which split only when the ranks match).
    pub share: f64,
    /// `U` of splitting in that case.
    pub u: f64,
}

/// The unnormalized values (`U`, see `upcard.rs`) of every action on one two-card hand.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TwoCard {
    /// The hand.
    pub hand: Hand,
    /// Value indexes of its cards (`lo <= hi`).
    pub lo: usize,
    /// See `lo`.
    pub hi: usize,
    /// Probability of being dealt this hand, given the up card.
    pub prob: f64,
    /// Probability that the dealer holds a natural, given the hand and the up card.
    pub p_natural: f64,
    /// Stand.
    pub stand: f64,
    /// Hit, then optimal hit/stand.
    pub hit: f64,
    /// Double, when the double rule allows the total.
    pub double: Option<f64>,
    /// Late surrender under peek, or any surrender under ENHC (`U` of giving up half).
    pub surrender: Option<f64>,
    /// Split options (empty when the pair cannot split or this is no pair).
    pub splits: Vec<SplitOption>,
    /// Whole-game value of this hand (per initial bet, unconditional), optimal play.
    pub value: f64,
}

impl TwoCard {
    /// The best `U` without splitting.
    pub fn best_unsplit(&self) -> f64 {
        let mut b = self.stand.max(self.hit);
        if let Some(d) = self.double {
            b = b.max(d);
        }
        if let Some(s) = self.surrender {
            b = b.max(s);
        }
        b
    }

    /// The mean `U` of splitting over the split options (`None` without any).
    pub fn split_mean(&self) -> Option<f64> {
        let share: f64 = self.splits.iter().map(|s| s.share).sum();
        (share > 0.0).then(|| self.splits.iter().map(|s| s.share * s.u).sum::<f64>() / share)
    }
}

/// Everything computed against one up card.
pub(crate) struct UpAnalysis {
    /// Up card value index.
    pub up: usize,
    /// Probability of this up card from the full shoe.
    pub prob: f64,
    /// Every two-card hand.
    pub hands: Vec<TwoCard>,
    /// Player EV given this up card (per initial bet).
    pub ev: f64,
    /// The per-up-card state, holding every multi-card hand's values.
    pub ctx: UpCard,
}

/// What a natural pays, as a fraction of the bet.
pub(crate) fn natural_pays(rules: &Rules) -> f64 {
    let (n, d) = rules.blackjack_pays.ratio();
    n as f64 / d as f64
}

/// Analyses every up card and two-card hand dealt from `shoe` (full or infinite).
pub(crate) fn analyze(rules: &Rules, shoe: &Shoe) -> Vec<UpAnalysis> {
    let counts = shoe.value_counts();
    let total: u32 = counts.iter().sum();
    let infinite = shoe.is_infinite();
    let mut out = Vec::with_capacity(VALUES);
    for up in 0..VALUES {
        let p_up = f64::from(counts[up]) / f64::from(total);
        let mut root = counts;
        root[up] -= 1;
        let ctx = UpCard::new(rules, up, root, infinite);
        let mut done = analyze_up(rules, shoe, ctx, p_up);
        done.ctx.release_caches();
        out.push(done);
    }
    out
}

fn analyze_up(rules: &Rules, shoe: &Shoe, mut ctx: UpCard, p_up: f64) -> UpAnalysis {
    let up = ctx.up;
    let n = ctx.left(Removal::NONE);
    let pays = natural_pays(rules);
    let natural_tie = if rules.ties == Ties::Push { 0.0 } else { -1.0 };
    let mut hands = Vec::with_capacity(55);
    let mut ev = 0.0;
    for lo in 0..VALUES {
        for hi in lo..VALUES {
            let c_lo = ctx.avail(Removal::NONE, lo);
            let c_hi = ctx.avail(Removal::NONE, hi);
            let prob = if ctx.infinite {
                c_lo * c_hi / (n * n) * if lo == hi { 1.0 } else { 2.0 }
            } else if lo == hi {
                c_lo * (c_lo - 1.0) / (n * (n - 1.0))
            } else {
                2.0 * c_lo * c_hi / (n * (n - 1.0))
            };
            if prob <= 0.0 {
                continue;
            }
            let hand = Hand::of(&[lo, hi]);
            let rem = Removal::of(hand);
            let p_natural = ctx.p_natural(rem);
            let e = ctx.node(hand);
            let double = rules
                .double
                .allows_total(hand.total() as u8)
                .then(|| ctx.double_u(hand, Removal::NONE));
            let surrender = match (rules.surrender, rules.hole_card) {
                (Surrender::None, _) => None,
                (Surrender::Late, HoleCard::Peek) => Some(-0.5 * ctx.weight(rem)),
                // Early surrender is decided before the peek: handled on the final value.
                (Surrender::Early, HoleCard::Peek) => None,
                (_, HoleCard::Enhc) => Some(-0.5),
            };
            let splits = if lo == hi {
                split_options(rules, shoe, &mut ctx, lo)
            } else {
                Vec::new()
            };
            let mut tc = TwoCard {
                hand,
                lo,
                hi,
                prob,
                p_natural,
                stand: e.stand,
                hit: e.hit,
                double,
                surrender,
                splits,
                value: 0.0,
            };
            tc.value = if hand.is_two_card_21() {
                pays * (1.0 - p_natural) + natural_tie * p_natural
            } else {
                let nosplit = tc.best_unsplit();
                let mut best = nosplit;
                let mut share_left = 1.0;
                for s in &tc.splits {
                    best += s.share * (s.u.max(nosplit) - nosplit);
                    share_left -= s.share;
                }
                debug_assert!(share_left >= -1e-12);
                // Under peek the U values exclude a dealer natural, which takes the bet.
                let mut v = if ctx.peeks() { best - p_natural } else { best };
                if rules.surrender == Surrender::Early && rules.hole_card == HoleCard::Peek {
                    v = v.max(-0.5);
                }
                v
            };
            if up == ACE && rules.insurance {
                // Take insurance only when it pays (never from a full shoe).
                let p_ten = ctx.avail(rem, TEN) / ctx.left(rem);
                tc.value += (0.5 * (3.0 * p_ten - 1.0)).max(0.0);
            }
            ev += prob * tc.value;
            hands.push(tc);
        }
    }
    UpAnalysis {
        up,
        prob: p_up,
        hands,
        ev,
        ctx,
    }
}

/// The split options of the pair `(p, p)` dealt from a full (or infinite) shoe, valued under the
/// rules' resplit policy (`split.rs`).
fn split_options(rules: &Rules, shoe: &Shoe, ctx: &mut UpCard, p: usize) -> Vec<SplitOption> {
    if rules.max_hands < 2 {
        return Vec::new();
    }
    let same_value_left = ctx.avail(Removal::of(Hand::of(&[p, p])), p);
    if p != TEN || rules.split_tens_by == SplitTensBy::Value {
        let u = ctx.first_split_u(p, same_value_left).0;
        return vec![SplitOption { share: 1.0, u }];
    }
    // Ten-valued pair split by rank: only same-rank pairs split, and the pair cards left are
    // that rank's. The up card may share the pair's rank.
    if shoe.is_infinite() {
        let u = ctx.first_split_u(p, 1.0).0;
        return vec![SplitOption { share: 0.25, u }];
    }
    let per_rank = f64::from(shoe.value_counts()[TEN]) / 4.0;
    let tens = ctx.avail(Removal::NONE, TEN);
    let pairs = tens * (tens - 1.0);
    let mut out = Vec::new();
    let mut cases = Vec::new();
    if ctx.up == TEN {
        // One rank lost a card to the up card.
        cases.push(((per_rank - 1.0) * (per_rank - 2.0) / pairs, per_rank - 3.0));
        cases.push((3.0 * per_rank * (per_rank - 1.0) / pairs, per_rank - 2.0));
    } else {
        cases.push((4.0 * per_rank * (per_rank - 1.0) / pairs, per_rank - 2.0));
    }
    for (share, q) in cases {
        if share > 0.0 {
            let u = ctx.first_split_u(p, q).0;
            out.push(SplitOption { share, u });
        }
    }
    out
}

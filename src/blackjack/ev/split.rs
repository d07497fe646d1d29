//! Pair splitting, exact for the strategy it states.
//!
//! # The strategy
//! After a split each hand is played as an unsplit hand of the same cards would be: at a hand
//! `C` the action is the best of the actions still allowed (stand, hit, and double on two cards
//! when `double_after_split` and the double rule allow it) by the exact *unsplit* values of `C`,
//! computed with only `C` and the up card out of the root shoe (the shoe of the query plus the
//! hand asked about), among the actions that cannot run out the shoe (`upcard.rs`); values within
//! [`TIE`] count as equal, and stand comes before hit before double. The strategy has zero memory:
//! it never looks at the other split hands ("CDZ-" in the analyzers' terms). Split aces take one
//! card each unless `hit_split_aces`. A pair card arriving on a split hand is resplit while the
//! round has fewer hands than the plan's limit: `max_hands` for the plan "resplit", the hands
//! already in play for "no resplit" (a hand holding the pair then plays it as an ordinary hand).
//!
//! # The expected value (exact for that strategy)
//! Every hand's play, and the dealer's, depends only on its own cards, so the probability of any
//! assignment of card sequences to the hands and the dealer is the same whatever order they are
//! dealt in: one over the falling factorial of the number of cards used, provided the shoe cannot
//! run out (a round whose worst case fits in the shoe; smaller shoes go to `round.rs`). So the
//! cards drawn by the *other* hands after their second card may be moved after the dealer's,
//! where they cannot affect the hand counted. What remains coupled is the "second-card phase":
//! each hand waiting for its second card receives it, and a pair card starts a new hand while the
//! round is below the limit. Summing over every p/non-p pattern of that phase (`a` pair cards,
//! `b` hands with a non-pair second card, `r` hands left holding a pair at the limit), and writing
//! each other hand's "non-pair" condition as `1 − 1{pair}` (inclusion–exclusion), every term
//! becomes one hand played from the shoe with some number `m` of extra pair cards removed; the
//! other hands' unconstrained cards then drop out by exchangeability:
//!
//! ```text
//! E[Σ hands] = Σ_patterns  b · Σ_{t=0}^{b-1} C(b-1,t) (-1)^t P(a+t) W(a+t)
//!                        + r · Σ_{t=0}^{b}   C(b,t)   (-1)^t P(a+t) Z(a+t)
//! ```
//!
//! `P(m)` is the probability that the next `m` cards are all pair cards. `W(m)` is the value of
//! one hand whose second card is not a pair card, played from the shoe less those `m` pair
//! cards; `Z(m)` the value of a hand holding the pair at the limit, its own second card one of
//! the `m`. Counted from the root shoe (the unseen cards plus the two cards of the pair asked
//! about), `W(m)` is the hand `(p, x)` with `1 + m` more pair cards out (the other hand's first
//! card, or for a resplit spot the asking hand's second, and the `m`), and `Z(m)` the hand
//! `(p, p)` with `m` more out. With `max_hands = 2` this is the textbook `2 · (W(0) + P(1)
//! Z(1))` (Griffin, *The Theory of Blackjack*, on pair splitting). With resplits it is exact for
//! the zero-memory strategy, unlike the classic resplit approximations, which J. A. Nairn,
//! "Exact Calculation of Expected Values for Splitting Pairs in Blackjack" (2019,
//! arXiv:1909.13710) found inaccurate for tens; the same exchangeability idea underlies the
//! exact CDZ- splitting of Eric Farmer's public analyzer. The walk of the phase may start in
//! the middle of a round (`hands` in play, `pending` of them waiting), which values a resplit
//! at a later hand: the round's value after the resplit less its value without it.
//!
//! The tests check this against a brute force that deals split rounds card by card in the
//! table's order from small shoes (`tests/blackjack/split_brute.rs`), for every rule option.
//!
//! All `W(m)` for one pair are computed in a single walk of the strategy tree, one lane per
//! `m` (the decisions do not depend on `m`), and the dealer distributions of the lanes come
//! from one projection of the dealer trie along the pair's value (`dealer.rs`).
//!
//! Numerical note: the alternating sums have at most `2^(max_hands-1)` terms with binomial
//! weights below 100 multiplying probabilities at most 1, so they cost at most two decimal
//! digits of the f64 precision: the split values are good to about 1e-13.

use crate::blackjack::rules::ResplitPolicy;

use super::SplitPlan;
use super::dealer::DealerDist;
use super::hand::{ACE, Hand, VALUES, unit};
use super::upcard::{KeyMap, Removal, UpCard, stand_value};

/// One post-split decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Play {
    /// Stand.
    Stand,
    /// Hit (and go on by the same rule).
    Hit,
    /// Double: one card.
    Double,
}

/// Values closer than this count as equal when a split hand chooses its action (so that exact
/// ties are broken the same way however the values were rounded).
pub(crate) const TIE: f64 = 1e-12;

/// The patterns of a second-card phase, counted per `(a, b, r)`: starting with `hands` hands in
/// the round, `pending` of them waiting for their second card, at most `limit` hands.
fn phase_patterns(limit: u32, hands: u32, pending: u32) -> Vec<(u32, u32, u32, f64)> {
    fn walk(m: u32, h: u32, s: u32, a: u32, b: u32, r: u32, out: &mut Vec<(u32, u32, u32, f64)>) {
        if s == h {
            match out.iter_mut().find(|e| (e.0, e.1, e.2) == (a, b, r)) {
                Some(e) => e.3 += 1.0,
                None => out.push((a, b, r, 1.0)),
            }
            return;
        }
        // A pair card: a new hand while below the limit, else this hand keeps the pair.
        if h < m {
            walk(m, h + 1, s, a + 1, b, r, out);
        } else {
            walk(m, h, s + 1, a + 1, b, r + 1, out);
        }
        // A non-pair card completes this hand's first two cards.
        walk(m, h, s + 1, a, b + 1, r, out);
    }
    let mut out = Vec::new();
    walk(limit.max(hands), hands, hands - pending, 0, 0, 0, &mut out);
    out
}

fn binomial(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// A second-card phase to value (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Phase {
    /// Value index of the pair.
    pub pair: usize,
    /// Pair cards in the shoe (unseen): cards of the pair's value, or for `split_tens_by =
    /// "rank"` only the pair's rank (weight out of 13 for the infinite deck).
    pub pair_cards: f64,
    /// The most hands the round may reach under the plan.
    pub limit: u32,
    /// Hands in the round when the phase starts.
    pub hands: u32,
    /// Hands among them still waiting for their second card (each holds one pair card).
    pub pending: u32,
}

/// Lanes per pass of the strategy tree: values of one hand for up to this many numbers of extra
/// pair cards out of the shoe.
const LANES: usize = 8;

/// A vector of values, one per lane (see [`Lane`]).
pub(crate) type Lanes = [f64; LANES];

/// Which shoes the lanes of a pass play from: lane `i` has `base` and `e0 + i` more pair cards
/// out of the root shoe, besides the hand's own cards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lane {
    /// Cards out in every lane.
    pub base: Removal,
    /// Pair cards out besides `base` in lane 0.
    pub e0: u32,
    /// Lanes used (at most [`LANES`]).
    pub lanes: usize,
}

impl Lane {
    /// The cards out in lane `i`, the pair's value index being `pair`.
    fn extra(&self, pair: usize, i: usize) -> Removal {
        let e = self.e0 + i as u32;
        Removal {
            key: self.base.key + unit(pair) * u64::from(e),
            n: self.base.n + e,
        }
    }
}

impl UpCard {
    /// `U` of splitting the pair `p` as the first decision of a round, with `q` pair cards
    /// unseen, under the rules' resplit policy, and the plan it took: "best" takes the better of
    /// resplitting to `max_hands` and never resplitting, "always" resplits (none when no resplit
    /// can happen: `max_hands = 2`, aces without `resplit_aces`, or no pair card left).
    pub fn first_split_u(&mut self, p: usize, q: f64) -> (f64, SplitPlan) {
        let max = u32::from(self.rules.max_hands).max(2);
        let resplit_limit = if p == ACE && !self.rules.resplit_aces {
            2
        } else {
            max
        };
        let phase = |limit| Phase {
            pair: p,
            pair_cards: q,
            limit,
            hands: 2,
            pending: 2,
        };
        let base = Removal::of(Hand::of(&[p, p]));
        if resplit_limit <= 2 || q <= 0.0 {
            return (self.phase_u(phase(2), base), SplitPlan::NoResplit);
        }
        let (always, never) = match self.rules.resplit {
            ResplitPolicy::Always => (self.phase_u(phase(resplit_limit), base), f64::NEG_INFINITY),
            ResplitPolicy::Best => {
                let v = self.phases_u(&[phase(resplit_limit), phase(2)], base);
                (v[0], v[1])
            }
        };
        match self.rules.resplit {
            ResplitPolicy::Always => (always, SplitPlan::Resplit),
            ResplitPolicy::Best if always > never => (always, SplitPlan::Resplit),
            ResplitPolicy::Best => (never, SplitPlan::NoResplit),
        }
    }

    /// `U` of every hand made from the phase's waiting hands (the sum of their results), per
    /// initial bet, drawing from the cards of the root shoe less `base` (which must hold a
    /// card of the pair: the asking hand's first card). For a split asked about, `base` is the
    /// pair's two cards: the root shoe holds the unseen cards and those two.
    pub fn phase_u(&mut self, ph: Phase, base: Removal) -> f64 {
        self.phases_u(&[ph], base)[0]
    }

    /// [`UpCard::phase_u`] of several phases of one pair from one shoe at once: they share the
    /// values `W(m)` and `Z(m)` (only the coefficients differ), so each is computed once.
    pub fn phases_u(&mut self, phases: &[Phase], base: Removal) -> Vec<f64> {
        let mut totals = vec![0.0; phases.len()];
        let Some(first) = phases.iter().find(|ph| ph.pending > 0) else {
            return totals;
        };
        let p = first.pair;
        let q = first.pair_cards;
        let pair_hand = Hand::of(&[p, p]);
        let n = self.left(base);
        // Lane offsets count pair cards out beyond `base` less one pair card (the hand's own
        // first card is accounted in the hand): W(m) is (p, x) at offset m, Z(m) is (p, p) at
        // offset m − 1 (its second card is one of the m).
        let base = Removal {
            key: base.key - unit(p),
            n: base.n - 1,
        };
        // P(m): the next m cards are all pair cards.
        let max_m = phases
            .iter()
            .map(|ph| (2 * ph.limit.max(ph.hands) + ph.pending) as usize)
            .max()
            .unwrap_or(0);
        let mut pm = vec![0.0f64; max_m + 1];
        pm[0] = 1.0;
        for m in 1..=max_m {
            let i = (m - 1) as f64;
            pm[m] = if self.infinite {
                pm[m - 1] * q / n
            } else if q - i > 0.0 && n - i > 0.0 {
                pm[m - 1] * (q - i) / (n - i)
            } else {
                0.0
            };
        }
        // Coefficients of W(m) and Z(m), per phase.
        let mut cw = vec![vec![0.0f64; max_m + 1]; phases.len()];
        let mut cz = vec![vec![0.0f64; max_m + 1]; phases.len()];
        for (k, ph) in phases.iter().enumerate() {
            debug_assert!(ph.pending == 0 || (ph.pair, ph.pair_cards) == (p, q));
            if ph.pending == 0 {
                continue;
            }
            for (a, b, r, count) in phase_patterns(ph.limit, ph.hands, ph.pending) {
                if b >= 1 {
                    for t in 0..b {
                        let m = (a + t) as usize;
                        let sign = if t % 2 == 0 { 1.0 } else { -1.0 };
                        cw[k][m] += count * f64::from(b) * binomial(b - 1, t) * sign * pm[m];
                    }
                }
                if r >= 1 {
                    for t in 0..=b {
                        let m = (a + t) as usize;
                        let sign = if t % 2 == 0 { 1.0 } else { -1.0 };
                        cz[k][m] += count * f64::from(r) * binomial(b, t) * sign * pm[m];
                    }
                }
            }
        }
        let used = |c: &[Vec<f64>], m: usize| pm[m] > 0.0 && c.iter().any(|c| c[m] != 0.0);
        // Evaluate by chunks of lanes over the offset.
        let w_ms: Vec<usize> = (0..=max_m).filter(|&m| used(&cw, m)).collect();
        let z_ms: Vec<usize> = (1..=max_m).filter(|&m| used(&cz, m)).collect();
        if let (Some(&lo), Some(&hi)) = (w_ms.first(), w_ms.last()) {
            let mut e0 = lo as u32;
            while e0 <= hi as u32 {
                let lanes = ((hi as u32 - e0 + 1) as usize).min(LANES);
                let w = self.w_lanes(*first, Lane { base, e0, lanes });
                for (k, total) in totals.iter_mut().enumerate() {
                    for (i, wv) in w.iter().enumerate().take(lanes) {
                        *total += cw[k][e0 as usize + i] * wv;
                    }
                }
                e0 += LANES as u32;
            }
        }
        if let (Some(&lo), Some(&hi)) = (z_ms.first(), z_ms.last()) {
            let mut e0 = lo as u32 - 1;
            while e0 < hi as u32 {
                let lanes = ((hi as u32 - e0) as usize).min(LANES);
                let mut memo = KeyMap::default();
                let z = self.play_lanes(pair_hand, p, Lane { base, e0, lanes }, &mut memo);
                for (k, total) in totals.iter_mut().enumerate() {
                    for (i, zv) in z.iter().enumerate().take(lanes) {
                        *total += cz[k][e0 as usize + i + 1] * zv;
                    }
                }
                e0 += LANES as u32;
            }
        }
        totals
    }

    /// `W(m)` for `m = e0 + i`, lane `i`: one split hand (first card the pair card) whose
    /// second card is not a pair card, with `m` more pair cards out.
    fn w_lanes(&mut self, ph: Phase, lane: Lane) -> Lanes {
        let p = ph.pair;
        let start = Hand::EMPTY.with(p);
        let mut memo = KeyMap::default();
        let mut out = [0.0; LANES];
        let lanes = lane.lanes;
        for x in 0..VALUES {
            let mut a = [0.0f64; LANES];
            let mut any = false;
            for (i, ai) in a.iter_mut().enumerate().take(lanes) {
                let rem = lane.extra(p, i).plus(start);
                let left = self.left(rem);
                let mut c = self.avail(rem, x);
                if x == p {
                    // Cards of the pair's value that are not pair cards (other tens under
                    // "rank"); the m removed pair cards are out of both counts.
                    let m = f64::from(lane.e0 + i as u32);
                    c -= ph.pair_cards - if self.infinite { 0.0 } else { m };
                }
                if c > 0.0 && left > 0.0 {
                    *ai = c / left;
                    any = true;
                }
            }
            if !any {
                continue;
            }
            let v = self.play_lanes(start.with(x), p, lane, &mut memo);
            for i in 0..lanes {
                out[i] += a[i] * v[i];
            }
        }
        out
    }

    /// `U` of playing the split hand `h` by the split strategy, lane `i` with
    /// `lane.extra(pair, i)` out of the root shoe besides the hand's own cards.
    pub fn play_lanes(
        &mut self,
        h: Hand,
        pair: usize,
        lane: Lane,
        memo: &mut KeyMap<Lanes>,
    ) -> Lanes {
        let mk = self.node_key(h) | (u64::from(h.cards == 2) << 63);
        if let Some(v) = memo.get(&mk) {
            return *v;
        }
        let play = self.split_play(h, pair);
        let lanes = lane.lanes;
        let extra = |i: usize| lane.extra(pair, i);
        let mut out = [0.0f64; LANES];
        match play {
            Play::Stand => {
                let d = self.dealer_lanes(h, pair, lane);
                for i in 0..lanes {
                    out[i] = stand_value(&d[i], h.total(), self.rules.ties, self.rules.hole_card);
                }
            }
            Play::Double | Play::Hit => {
                let stake = if play == Play::Double { 2.0 } else { 1.0 };
                for v in 0..VALUES {
                    let mut a = [0.0f64; LANES];
                    let mut any = false;
                    for (i, ai) in a.iter_mut().enumerate().take(lanes) {
                        let rem = extra(i).plus(h);
                        let left = self.left(rem);
                        let c = self.avail(rem, v);
                        if c > 0.0 && left > 0.0 {
                            *ai = c / left;
                            any = true;
                        }
                    }
                    if !any {
                        continue;
                    }
                    let h2 = h.with(v);
                    let child: Lanes = if h2.busted() {
                        let mut b = [0.0; LANES];
                        for (i, bi) in b.iter_mut().enumerate().take(lanes) {
                            *bi = self.lose_u(extra(i).plus(h2), 1.0);
                        }
                        b
                    } else if play == Play::Double {
                        let d = self.dealer_lanes(h2, pair, lane);
                        let mut s = [0.0; LANES];
                        for i in 0..lanes {
                            s[i] = stand_value(
                                &d[i],
                                h2.total(),
                                self.rules.ties,
                                self.rules.hole_card,
                            );
                        }
                        s
                    } else {
                        self.play_lanes(h2, pair, lane, memo)
                    };
                    for i in 0..lanes {
                        out[i] += stake * a[i] * child[i];
                    }
                }
            }
        }
        memo.insert(mk, out);
        out
    }

    /// Dealer distributions for hand `h`, lane `i` with `lane.extra(pair, i)` out; one
    /// projection along the pair value serves every lane and the hands with more pair cards.
    fn dealer_lanes(&mut self, h: Hand, pair: usize, lane: Lane) -> [DealerDist; LANES] {
        let mut out = [[0.0; 7]; LANES];
        for (i, slot) in out.iter_mut().enumerate().take(lane.lanes) {
            *slot = self.dealer_along(lane.extra(pair, i).plus(h), pair);
        }
        out
    }

    /// The split strategy's action for hand `h` of a split of `pair` (module docs): the best
    /// safe action by the unsplit values of `h`, ties within [`TIE`] to stand, then hit; stand
    /// when nothing is safe. Memoized per up card.
    pub fn split_play(&mut self, h: Hand, pair: usize) -> Play {
        let aces_locked = pair == ACE && !self.rules.hit_split_aces;
        let dk =
            self.node_key(h) | (u64::from(h.cards == 2) << 63) | (u64::from(aces_locked) << 62);
        if let Some(p) = self.plays.get(&dk) {
            return *p;
        }
        let play = if aces_locked {
            // Split aces get one card each (rules/blackjack.md §2).
            Play::Stand
        } else {
            let e = self.node(h);
            let mut best: Option<(f64, Play)> = None;
            let mut consider = |v: f64, ok: bool, p: Play| {
                if ok && best.is_none_or(|(b, _)| v > b + TIE) {
                    best = Some((v, p));
                }
            };
            consider(e.stand, e.stand_ok, Play::Stand);
            consider(e.hit, e.hit_ok, Play::Hit);
            if h.cards == 2
                && self.rules.double_after_split
                && self.rules.double.allows_total(h.total() as u8)
            {
                let d = self.double_u(h, Removal::NONE);
                let ok = self.double_ok(h, Removal::NONE);
                consider(d, ok, Play::Double);
            }
            best.map_or(Play::Stand, |b| b.1)
        };
        self.plays.insert(dk, play);
        play
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_hand_patterns_reduce_to_the_textbook_formula() {
        // max_hands = 2: (np,np), (p,np), (np,p), (p,p).
        let mut pats = phase_patterns(2, 2, 2);
        pats.sort_by_key(|x| (x.0, x.1, x.2));
        assert_eq!(pats, vec![(0, 2, 0, 1.0), (1, 1, 1, 2.0), (2, 0, 2, 1.0)]);
    }

    #[test]
    fn pattern_probabilities_sum_to_one_in_an_infinite_deck() {
        // With pair probability x per card, the phase patterns are a complete set of outcomes.
        let x: f64 = 0.3;
        for m in 2..=6 {
            let s: f64 = phase_patterns(m, 2, 2)
                .iter()
                .map(|&(a, b, _, c)| c * x.powi(a as i32) * (1.0 - x).powi(b as i32))
                .sum();
            assert!((s - 1.0).abs() < 1e-12, "max_hands {m}: {s}");
        }
    }
}

//! Pair splitting under CDZ-, with resplits counted exactly.
//!
//! # The strategy (CDZ-)
//! After a split each hand is played with the same composition-dependent strategy as an unsplit
//! hand of the same cards: at a hand `C` the action is the best of the actions still allowed
//! (stand, hit, and double when `double_after_split` and the double rule allow it) by the
//! *unsplit* values of `C`, computed with only `C` and the up card out of the root shoe. The
//! strategy has zero memory: it never looks at the other split hands. Split aces take one card
//! each unless `hit_split_aces`. A pair is always resplit while the hand limit allows.
//!
//! # The expected value (exact for that strategy)
//! Because every hand's play, and the dealer's, depends only on that hand's own cards, the
//! probability of any assignment of card sequences to the hands and the dealer is the same
//! whatever order they are dealt in (for a shoe without replacement it is one over the falling
//! factorial of the number of cards used). So the cards drawn by the *other* hands after their
//! second card may be moved after the dealer's, where they cannot affect the hand counted. What
//! remains coupled is the "second-card phase", in which each hand receives its second card and a
//! pair card starts a new hand while fewer than `max_hands` exist. Summing over every p/non-p
//! pattern of that phase (`a` pair cards, `b` hands with a non-pair second card, `r` hands left
//! holding a pair at the limit), and writing each other hand's "non-pair" condition as
//! `1 − 1{pair}` (inclusion–exclusion), every term becomes a hand played from the shoe with some
//! number `m` of extra pair cards removed:
//!
//! ```text
//! E[split] = Σ_patterns  b · Σ_{t=0}^{b-1} C(b-1,t) (-1)^t P(a+t) W(a+t)
//!                      + r · Σ_{t=0}^{b}   C(b,t)   (-1)^t P(a+t) Z(a+t)
//! ```
//!
//! where `P(m)` is the probability that the next `m` cards are all pair cards, `W(m)` the value
//! of one split hand that gets a non-pair second card with `m` more pair cards gone, and `Z(m)`
//! the value of a hand holding the pair at the limit with `m` pair cards gone (its own second card
//! among them). With `max_hands = 2` this reduces to the textbook `2 · (W(0) + P(1) Z(1))`
//! (Griffin, *The Theory of Blackjack*, ch. on pair splitting). With resplits it is exact for
//! the zero-memory strategy, unlike the classic resplit approximations (Griffin's among them),
//! which J. A. Nairn, "Exact Calculation of Expected Values for Splitting Pairs in Blackjack"
//! (2019, arXiv:1909.13710), found inaccurate for resplitting tens by enumerating split hands;
//! the same exchangeability idea underlies the exact CDZ- splitting of Eric Farmer's public
//! combinatorial analyzer. The tests check it against seeded simulations of the same strategy,
//! eights and tens, one deck, four hands.
//!
//! All `W(m)` for one pair are computed in a single walk of the strategy tree, one lane per
//! `m` (the CDZ- decisions do not depend on `m`), and the dealer distributions of the lanes come
//! from one projection of the dealer trie along the pair's value (`dealer.rs`).
//!
//! Numerical note: the alternating sums have at most `2^(max_hands-1)` terms with binomial
//! weights below 100 multiplying probabilities at most 1, so they cost at most two decimal
//! digits of the f64 precision: the split values are good to about 1e-13.

use crate::blackjack::rules::Rules;

use super::dealer::DealerDist;
use super::hand::{ACE, Hand, VALUES, unit};
use super::upcard::{KeyMap, Removal, UpCard, stand_value};

/// One post-split decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Play {
    Stand,
    Hit,
    Double,
}

/// The number of second-card-phase patterns per `(a, b, r)`.
fn phase_patterns(max_hands: u32) -> Vec<(u32, u32, u32, f64)> {
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
    walk(max_hands, 2, 0, 0, 0, 0, &mut out);
    out
}

fn binomial(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// What a split of one pair needs to know.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SplitSpec {
    /// Value index of the pair.
    pub pair: usize,
    /// Pair cards left once both of the pair are out: cards of the pair's value, or for
    /// `split_tens_by = "rank"` only the pair's rank (weight out of 13 for the infinite deck).
    pub pair_cards: f64,
    /// The most hands this split may reach (2..=8).
    pub max_hands: u32,
}

impl SplitSpec {
    /// The most hands a split of `pair` may reach under `rules` when `hands_now` hands are
    /// already in play (1 before any split); `None` when it cannot split.
    pub fn limit(rules: &Rules, pair: usize, hands_now: u32) -> Option<u32> {
        let max = u32::from(rules.max_hands);
        if max < hands_now + 1 {
            return None;
        }
        let m = max - hands_now + 1;
        if pair == ACE && !rules.resplit_aces {
            // A split ace never resplits; only a first split of aces is possible at all.
            if hands_now > 1 {
                return None;
            }
            return Some(2);
        }
        Some(m)
    }
}

/// Lanes per pass of the strategy tree: values of one hand for up to this many numbers of extra
/// pair cards out of the shoe.
const LANES: usize = 8;

/// A vector of values, one per lane: lane `i` of a chunk starting at `e0` is the hand played with
/// `e0 + i` extra pair cards out of the shoe.
type Lanes = [f64; LANES];

impl UpCard {
    /// `U` of splitting the pair `(spec.pair, spec.pair)`, whose two cards are in the root shoe
    /// (the player's own cards), per initial bet.
    pub fn split_u(&mut self, spec: SplitSpec) -> f64 {
        let p = spec.pair;
        let pair_hand = Hand::of(&[p, p]);
        let base = Removal::of(pair_hand);
        let n = self.left(base);
        let q = spec.pair_cards;
        // P(m): the next m cards are all pair cards.
        let max_m = (2 * spec.max_hands) as usize;
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
        // Coefficients of W(m) and Z(m).
        let mut cw = vec![0.0f64; max_m + 1];
        let mut cz = vec![0.0f64; max_m + 1];
        for (a, b, r, count) in phase_patterns(spec.max_hands) {
            if b >= 1 {
                for t in 0..b {
                    let m = (a + t) as usize;
                    let sign = if t % 2 == 0 { 1.0 } else { -1.0 };
                    cw[m] += count * f64::from(b) * binomial(b - 1, t) * sign * pm[m];
                }
            }
            if r >= 1 {
                for t in 0..=b {
                    let m = (a + t) as usize;
                    let sign = if t % 2 == 0 { 1.0 } else { -1.0 };
                    cz[m] += count * f64::from(r) * binomial(b, t) * sign * pm[m];
                }
            }
        }
        let mut decisions: KeyMap<Play> = KeyMap::default();
        let mut total = 0.0;
        // W(m) is a hand (p, x) with e = 1 + m extra pair cards out; Z(m) the hand (p, p) with
        // e = m − 1 (its own second card is one of the m). Evaluate by chunks of lanes over e.
        let w_ms: Vec<usize> = (0..=max_m)
            .filter(|&m| cw[m] != 0.0 && pm[m] > 0.0)
            .collect();
        let z_ms: Vec<usize> = (1..=max_m)
            .filter(|&m| cz[m] != 0.0 && pm[m] > 0.0)
            .collect();
        if let (Some(&lo), Some(&hi)) = (w_ms.first(), w_ms.last()) {
            let mut e0 = 1 + lo as u32;
            while e0 <= 1 + hi as u32 {
                let lanes = ((1 + hi as u32 - e0 + 1) as usize).min(LANES);
                let w = self.w_lanes(spec, e0, lanes, &mut decisions);
                for (i, wv) in w.iter().enumerate().take(lanes) {
                    let m = (e0 as usize + i) - 1;
                    total += cw[m] * wv;
                }
                e0 += LANES as u32;
            }
        }
        if let (Some(&lo), Some(&hi)) = (z_ms.first(), z_ms.last()) {
            let mut e0 = lo as u32 - 1;
            while e0 < hi as u32 {
                let lanes = ((hi as u32 - 1 - e0 + 1) as usize).min(LANES);
                let mut memo = KeyMap::default();
                let z = self.play_lanes(pair_hand, p, e0, lanes, &mut memo, &mut decisions);
                for (i, zv) in z.iter().enumerate().take(lanes) {
                    let m = e0 as usize + i + 1;
                    total += cz[m] * zv;
                }
                e0 += LANES as u32;
            }
        }
        total
    }

    /// `W(m)` for `m = e0 − 1 + i`, lane `i`: one split hand (first card the pair card) whose
    /// second card is not a pair card, with the other hand's first card and `m` more pair cards
    /// out of the shoe (`e0 + i` extra pair cards besides the hand's own).
    fn w_lanes(
        &mut self,
        spec: SplitSpec,
        e0: u32,
        lanes: usize,
        decisions: &mut KeyMap<Play>,
    ) -> Lanes {
        let p = spec.pair;
        let start = Hand::EMPTY.with(p);
        let mut memo = KeyMap::default();
        let mut out = [0.0; LANES];
        for x in 0..VALUES {
            let mut a = [0.0f64; LANES];
            let mut any = false;
            for (i, ai) in a.iter_mut().enumerate().take(lanes) {
                let rem = Removal {
                    key: unit(p) * u64::from(e0 + i as u32),
                    n: e0 + i as u32,
                }
                .plus(start);
                let left = self.left(rem);
                let mut c = self.avail(rem, x);
                if x == p {
                    // Cards of the pair's value that are not pair cards (other tens under
                    // "rank"); the m = e − 1 removed pair cards are out of both counts.
                    let m = f64::from(e0 + i as u32 - 1);
                    c -= spec.pair_cards - if self.infinite { 0.0 } else { m };
                }
                if c > 0.0 && left > 0.0 {
                    *ai = c / left;
                    any = true;
                }
            }
            if !any {
                continue;
            }
            let v = self.play_lanes(start.with(x), p, e0, lanes, &mut memo, decisions);
            for i in 0..lanes {
                out[i] += a[i] * v[i];
            }
        }
        out
    }

    /// `U` of playing the split hand `h` by the CDZ- strategy, lane `i` with `e0 + i` extra pair
    /// cards out of the shoe besides the hand's own cards.
    fn play_lanes(
        &mut self,
        h: Hand,
        pair: usize,
        e0: u32,
        lanes: usize,
        memo: &mut KeyMap<Lanes>,
        decisions: &mut KeyMap<Play>,
    ) -> Lanes {
        let mk = self.node_key(h) | (u64::from(h.cards == 2) << 63);
        if let Some(v) = memo.get(&mk) {
            return *v;
        }
        let play = self.split_play(h, pair, decisions);
        let extra = |i: usize| Removal {
            key: unit(pair) * u64::from(e0 + i as u32),
            n: e0 + i as u32,
        };
        let mut out = [0.0f64; LANES];
        match play {
            Play::Stand => {
                let d = self.dealer_lanes(h, pair, e0, lanes);
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
                        let d = self.dealer_lanes(h2, pair, e0, lanes);
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
                        self.play_lanes(h2, pair, e0, lanes, memo, decisions)
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

    /// Dealer distributions for hand `h` with `e0 + i` extra pair cards out, lane `i`; one
    /// projection along the pair value serves every lane and the hands with more pair cards.
    fn dealer_lanes(&mut self, h: Hand, pair: usize, e0: u32, lanes: usize) -> [DealerDist; LANES] {
        let mut out = [[0.0; 7]; LANES];
        for (i, slot) in out.iter_mut().enumerate().take(lanes) {
            let rem = Removal {
                key: unit(pair) * u64::from(e0 + i as u32),
                n: e0 + i as u32,
            }
            .plus(h);
            *slot = self.dealer_along(rem, pair);
        }
        out
    }

    /// The CDZ- action for split hand `h`: the best allowed action by its unsplit values.
    fn split_play(&mut self, h: Hand, pair: usize, decisions: &mut KeyMap<Play>) -> Play {
        let dk = self.node_key(h) | (u64::from(h.cards == 2) << 63);
        if let Some(p) = decisions.get(&dk) {
            return *p;
        }
        let aces_locked = pair == ACE && !self.rules.hit_split_aces;
        let play = if aces_locked {
            // Split aces get one card each (rules/blackjack.md §2).
            Play::Stand
        } else {
            let e = self.node(h);
            let mut best = (e.stand, Play::Stand);
            if e.hit > best.0 {
                best = (e.hit, Play::Hit);
            }
            if h.cards == 2
                && self.rules.double_after_split
                && self.rules.double.allows_total(h.total() as u8)
            {
                let d = self.double_u(h, Removal::NONE);
                if d > best.0 {
                    best = (d, Play::Double);
                }
            }
            best.1
        };
        decisions.insert(dk, play);
        play
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_hand_patterns_reduce_to_the_textbook_formula() {
        // max_hands = 2: (np,np), (p,np), (np,p), (p,p).
        let mut pats = phase_patterns(2);
        pats.sort_by_key(|x| (x.0, x.1, x.2));
        assert_eq!(pats, vec![(0, 2, 0, 1.0), (1, 1, 1, 2.0), (2, 0, 2, 1.0)]);
    }

    #[test]
    fn pattern_probabilities_sum_to_one_in_an_infinite_deck() {
        // With pair probability x per card, the phase patterns are a complete set of outcomes.
        let x: f64 = 0.3;
        for m in 2..=6 {
            let s: f64 = phase_patterns(m)
                .iter()
                .map(|&(a, b, _, c)| c * x.powi(a as i32) * (1.0 - x).powi(b as i32))
                .sum();
            assert!((s - 1.0).abs() < 1e-12, "max_hands {m}: {s}");
        }
    }
}

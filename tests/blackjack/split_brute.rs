//! An independent brute force for the exact EV engine: a round is dealt card by card, in the
//! order the table deals it, from a small shoe, and every outcome is enumerated in exact integer
//! arithmetic. It shares no code with `src/blackjack/ev` (only the rule types), and it is the
//! reference the engine's split values (and its stand, hit and double values on depleted shoes,
//! with the shoe-exhaustion test) must agree with to 1e-12.
//!
//! # What is dealt, and in which order (rules/blackjack.md §2, `src/blackjack/table.rs`)
//! * Under "peek" the hole card is dealt first, before the player acts; with an ace or ten up a
//!   hole card completing a natural ends the round before the player acts, so those deals are
//!   left out (the values are conditional on no dealer natural). Under "enhc" the dealer's second
//!   card is drawn after the player, and a natural takes every stake.
//! * A split: the first hand takes its second card; a pair card makes a new hand (placed right
//!   after it) while the round has fewer hands than the limit, and the hand takes another second
//!   card; a hand that keeps its pair (at the limit) plays it as an ordinary hand. Each hand is
//!   played to the end before the next one takes its second card. Split aces take one card each
//!   unless `hit_split_aces`.
//! * The dealer draws to 17 (S17/H17) unless every hand has busted.
//! * A deal that needs a card from an empty shoe "runs out": its value would depend on the
//!   discards, so any action with such a deal has no value (`None`).
//!
//! # The strategy of a split hand (what the engine states)
//! Each split hand is played as an unsplit hand of the same cards would be: the action (stand,
//! hit, and double on two cards when `double_after_split` and the double rule allow it) with the
//! best exact value for that hand alone against the shoe it was dealt from (the query's shoe plus
//! the two pair cards, less the hand's own cards), among the actions that cannot run out the shoe
//! (stand if none can); values within 1e-12 count as equal, and stand is preferred to hit to
//! double. Hitting goes on by the same rule. The player does not see the hole card, so a value is
//! the mean over the hole cards the dealer can hold, and an action is allowed only when it cannot
//! run out whatever the hole card.
//!
//! # Arithmetic
//! With `n` cards left, `G = E[result] · n!` is an integer (every result here is a whole number
//! of bets), and `G(state) = Σ_v c_v · G(state + v)` over the `c_v` cards of each class left. So
//! everything is exact in `i128` for shoes of up to 30 cards.

#![allow(clippy::needless_range_loop)] // counts are indexed by card class throughout

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A small fast hash (FNV-1a over the key's bytes): the brute force's tables are hashed a lot.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type Map<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

use cardroom::blackjack::rules::{HoleCard, Rules, SplitTensBy, Ties};

/// Card classes: 0 = ace, 1..=8 = two..nine, 9 = ten-valued, 10 = ten-valued cards of the
/// pair's rank when tens split by rank (else unused).
pub const CLASSES: usize = 11;
/// The ten-valued class.
pub const TEN: usize = 9;
/// The class of the pair's rank when tens split by rank.
pub const PAIR_RANK: usize = 10;

/// Counts per class.
pub type Counts = [u8; CLASSES];

type Z = i128;

/// Points of a class, aces 1.
fn pts(c: usize) -> u32 {
    if c >= TEN { 10 } else { c as u32 + 1 }
}

fn size(r: &Counts) -> usize {
    r.iter().map(|&c| usize::from(c)).sum()
}

fn minus(mut r: Counts, c: usize) -> Counts {
    r[c] -= 1;
    r
}

fn plus(mut r: Counts, c: usize) -> Counts {
    r[c] += 1;
    r
}

/// (hard sum, holds an ace, cards) of a multiset of classes.
fn summary(h: &Counts) -> (u32, bool, u32) {
    let hard = (0..CLASSES).map(|c| pts(c) * u32::from(h[c])).sum();
    (hard, h[0] > 0, size(h) as u32)
}

/// Best total of a hand (hard sum, ace?).
fn total(hard: u32, ace: bool) -> u32 {
    if ace && hard + 10 <= 21 {
        hard + 10
    } else {
        hard
    }
}

/// The player actions on a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// Stand.
    Stand,
    /// Hit, then play on by the rule of the module docs.
    Hit,
    /// Double: one card, two bets.
    Double,
}

/// Dealer outcome slots: 0..=4 totals 17..=21, 5 bust, 6 natural.
type Outcomes = [Z; 7];

/// The brute force for one up card, rule set and shoe.
pub struct Brute {
    rules: Rules,
    /// Up card class (0 = ace, 9 = ten).
    up: usize,
    /// The cards the hypothetical unsplit values are taken from: the query's shoe plus the
    /// query's hand.
    root: Counts,
    fact: Vec<Z>,
    dealer_memo: Map<(Counts, u32, bool, u32), Option<Outcomes>>,
    cond_memo: Map<(Counts, Option<usize>, Act), Option<Z>>,
    avg_memo: Map<(Counts, Act), Option<Z>>,
    round_memo: Map<RoundKey, Option<Z>>,
    asked_memo: Map<(Counts, u8), Act>,
}

/// A state of a split round: cards left, the hole card (peek), the finished hands as sorted
/// (total or 0 for a bust, stake) pairs, the hand being played, the hands waiting for their
/// second card, the hands in the round and the plan's limit.
#[derive(Clone, PartialEq, Eq, Hash)]
struct RoundKey {
    r: Counts,
    hole: Option<usize>,
    done: Done,
    cur: Counts,
    pending: u8,
    hands: u8,
    limit: u8,
    /// The hand being played is the one asked about (it plays on by its best safe action).
    asked: bool,
}

/// Finished hands, kept sorted (at most 8).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Done {
    len: u8,
    hands: [(u8, u8); 8],
}

impl Done {
    fn push(&mut self, h: (u8, u8)) {
        let n = usize::from(self.len);
        self.hands[n] = h;
        self.hands[..=n].sort_unstable();
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = &(u8, u8)> {
        self.hands[..usize::from(self.len)].iter()
    }
}

/// Exact values of one query, as fractions `num / den` turned into `f64` at the end; `None`
/// where the shoe can run out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Exact {
    /// Stand.
    pub stand: Option<f64>,
    /// Hit, then play on.
    pub hit: Option<f64>,
    /// Double (`None` also when the rules do not allow it).
    pub double: Option<f64>,
    /// Split, resplitting whenever allowed (`None` also when the hand is no pair).
    pub split_resplit: Option<f64>,
    /// Split once, never resplitting.
    pub split_no_resplit: Option<f64>,
    /// Whether a decision of the strategy came within a hair of the 1e-12 threshold (then a
    /// floating-point engine may legitimately choose the other way).
    pub near_tie: bool,
}

impl Brute {
    /// A brute force for `hand` (classes) against `up` with `shoe` the unseen cards (the hand and
    /// the up card not in it).
    pub fn new(rules: &Rules, up: usize, shoe: &Counts, hand: &Counts) -> Brute {
        let mut root = *shoe;
        for c in 0..CLASSES {
            root[c] += hand[c];
        }
        let n = size(&root) + 2;
        let mut fact = vec![1 as Z; n + 1];
        for i in 1..=n {
            fact[i] = fact[i - 1] * i as Z;
        }
        assert!(n <= 33, "shoe too large for i128");
        Brute {
            rules: *rules,
            up,
            root,
            fact,
            dealer_memo: Map::default(),
            cond_memo: Map::default(),
            avg_memo: Map::default(),
            round_memo: Map::default(),
            asked_memo: Map::default(),
        }
    }

    fn peek_ace_or_ten(&self) -> bool {
        self.rules.hole_card == HoleCard::Peek && (self.up == 0 || self.up == TEN)
    }

    /// Whether hole class `h` makes a natural with the up card.
    fn natural_hole(&self, h: usize) -> bool {
        (self.up == 0 && h >= TEN) || (self.up == TEN && h == 0)
    }

    /// Dealer outcomes, `G`-scaled by `size(r)!`, drawing from `r` with the dealer holding
    /// (hard, ace, cards); `None` if the dealer can run out.
    fn dealer(&mut self, r: Counts, hard: u32, ace: bool, n: u32) -> Option<Outcomes> {
        let key = (r, hard, ace, n);
        if let Some(v) = self.dealer_memo.get(&key) {
            return *v;
        }
        let left = size(&r);
        let t = total(hard, ace);
        let slot = if n == 2 && ace && hard == 11 {
            Some(6)
        } else if hard > 21 {
            Some(5)
        } else if n >= 2
            && (t >= 18 || (t == 17 && !(self.rules.dealer_hits_soft_17 && ace && hard + 10 == 17)))
        {
            Some((t - 17) as usize)
        } else {
            None
        };
        let out = if let Some(s) = slot {
            let mut o = [0; 7];
            o[s] = self.fact[left];
            Some(o)
        } else if left == 0 {
            None
        } else {
            let mut acc = [0 as Z; 7];
            let mut ok = true;
            for c in 0..CLASSES {
                if r[c] == 0 {
                    continue;
                }
                match self.dealer(minus(r, c), hard + pts(c), ace || c == 0, n + 1) {
                    Some(o) => {
                        for k in 0..7 {
                            acc[k] += Z::from(r[c]) * o[k];
                        }
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            ok.then_some(acc)
        };
        self.dealer_memo.insert(key, out);
        out
    }

    /// The dealer's outcomes at the dealer's turn: with the hole card known (peek), or drawing
    /// the second card now (enhc).
    fn dealer_turn(&mut self, r: Counts, hole: Option<usize>) -> Option<Outcomes> {
        let up = self.up;
        match hole {
            Some(h) => self.dealer(r, pts(up) + pts(h), up == 0 || h == 0, 2),
            None => self.dealer(r, pts(up), up == 0, 1),
        }
    }

    /// One bet's result for a live total against a dealer outcome slot.
    fn payoff(&self, player: u32, slot: usize) -> Z {
        match slot {
            5 => 1,
            6 => -1,
            s => {
                let d = 17 + s as u32;
                if player > d {
                    1
                } else if player < d || self.rules.ties == Ties::Dealer {
                    -1
                } else {
                    0
                }
            }
        }
    }

    /// The cards left once `hand` and (if dealt) the hole card are out of the root.
    fn rest(&self, hand: &Counts, hole: Option<usize>) -> Counts {
        let mut r = self.root;
        for c in 0..CLASSES {
            r[c] -= hand[c];
        }
        if let Some(h) = hole {
            r[h] -= 1;
        }
        r
    }

    /// `G` of the unsplit hand `hand` taking `act` with the hole card `hole` (peek) or none yet
    /// (enhc), scaled by the factorial of the cards left; `None` if the shoe can run out.
    fn cond(&mut self, hand: Counts, hole: Option<usize>, act: Act) -> Option<Z> {
        let key = (hand, hole, act);
        if let Some(v) = self.cond_memo.get(&key) {
            return *v;
        }
        let r = self.rest(&hand, hole);
        let left = size(&r);
        let (hard, ace, _) = summary(&hand);
        let v = match act {
            Act::Stand => self.dealer_turn(r, hole).map(|o| {
                let t = total(hard, ace);
                (0..7).map(|s| o[s] * self.payoff(t, s)).sum()
            }),
            Act::Hit | Act::Double if left == 0 => None,
            Act::Hit | Act::Double => {
                let mut acc: Z = 0;
                let mut ok = true;
                for c in 0..CLASSES {
                    if r[c] == 0 {
                        continue;
                    }
                    let h2 = plus(hand, c);
                    let child = if hard + pts(c) > 21 {
                        Some(-self.fact[left - 1])
                    } else if act == Act::Double {
                        self.cond(h2, hole, Act::Stand)
                    } else {
                        match self.decide(h2, false).0 {
                            Some(d) => self.cond(h2, hole, d),
                            None => None,
                        }
                    };
                    match child {
                        Some(g) => {
                            let stake = if act == Act::Double { 2 } else { 1 };
                            acc += Z::from(r[c]) * stake * g;
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                ok.then_some(acc)
            }
        };
        self.cond_memo.insert(key, v);
        v
    }

    /// `G` of `act` on the unsplit `hand`, averaged over the hole cards the dealer can hold
    /// (the player does not see it), scaled by the factorial of the cards left besides the
    /// hand; `None` if the shoe can run out for some hole card.
    fn avg(&mut self, hand: Counts, act: Act) -> Option<Z> {
        let key = (hand, act);
        if let Some(v) = self.avg_memo.get(&key) {
            return *v;
        }
        let v = if self.rules.hole_card == HoleCard::Enhc {
            self.cond(hand, None, act)
        } else {
            let r = self.rest(&hand, None);
            let mut acc: Z = 0;
            let mut ok = true;
            for h in 0..CLASSES {
                if r[h] == 0 || (self.peek_ace_or_ten() && self.natural_hole(h)) {
                    continue;
                }
                match self.cond(hand, Some(h), act) {
                    Some(g) => acc += Z::from(r[h]) * g,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            ok.then_some(acc)
        };
        self.avg_memo.insert(key, v);
        v
    }

    /// The strategy's action on `hand` (see the module docs) and whether it was a near tie;
    /// `None` when no action is safe from running out.
    fn decide(&mut self, hand: Counts, may_double: bool) -> (Option<Act>, bool) {
        let left = size(&self.rest(&hand, None));
        let scale = self.fact[left] as f64;
        let mut best: Option<(Act, Z)> = None;
        let mut near = false;
        let acts: &[Act] = if may_double {
            &[Act::Stand, Act::Hit, Act::Double]
        } else {
            &[Act::Stand, Act::Hit]
        };
        for &a in acts {
            let Some(g) = self.avg(hand, a) else { continue };
            match best {
                None => best = Some((a, g)),
                Some((_, b)) => {
                    let diff = (g - b) as f64 / scale;
                    if (diff.abs() - 1e-12).abs() < 1e-13 {
                        near = true;
                    }
                    if diff > 1e-12 {
                        best = Some((a, g));
                    }
                }
            }
        }
        (best.map(|b| b.0), near)
    }

    /// The denominator turning a `G` over the whole query shoe into an EV: `size!` times the
    /// probability that the dealer holds no natural (1 unless peek with an ace or ten up).
    fn weight(&self, shoe_size: usize, shoe: &Counts) -> Z {
        if self.peek_ace_or_ten() {
            let ok: Z = (0..CLASSES)
                .filter(|&h| !self.natural_hole(h))
                .map(|h| Z::from(shoe[h]))
                .sum();
            ok * self.fact[shoe_size - 1]
        } else {
            self.fact[shoe_size]
        }
    }

    /// A split round from the state described by the key (see [`RoundKey`]), `G`-scaled by
    /// the factorial of the cards left.
    fn round(&mut self, k: RoundKey, pair: usize, near: &mut bool) -> Option<Z> {
        if let Some(v) = self.round_memo.get(&k) {
            return *v;
        }
        let left = size(&k.r);
        let (hard, ace, n) = summary(&k.cur);
        let out = if n == 1 {
            // The hand takes its second card; a pair card starts a new hand below the limit.
            if left == 0 {
                None
            } else {
                let mut acc: Z = 0;
                let mut ok = true;
                for c in 0..CLASSES {
                    if k.r[c] == 0 {
                        continue;
                    }
                    let mut next = k.clone();
                    next.r = minus(k.r, c);
                    if c == pair && k.hands < k.limit {
                        next.pending += 1;
                        next.hands += 1;
                    } else {
                        next.cur = plus(k.cur, c);
                    }
                    match self.round(next, pair, near) {
                        Some(g) => acc += Z::from(k.r[c]) * g,
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                ok.then_some(acc)
            }
        } else if k.asked {
            // The hand asked about plays on by its best action that cannot run out the shoe,
            // not knowing the hole card: chosen on the round's value summed over the hole cards.
            let a = self.asked_decide(&k, pair, near);
            self.act(&k, a, pair, near)
        } else {
            let aces_locked = pair == 0 && !self.rules.hit_split_aces;
            let act = if aces_locked || hard > 21 {
                Act::Stand
            } else {
                let may_double = n == 2
                    && self.rules.double_after_split
                    && self.rules.double.allows_total(total(hard, ace) as u8);
                let (d, nr) = self.decide(k.cur, may_double);
                *near |= nr;
                d.unwrap_or(Act::Stand)
            };
            self.act(&k, act, pair, near)
        };
        self.round_memo.insert(k, out);
        out
    }

    /// The action of the asked hand in state `k` (its first hand, nothing else dealt since the
    /// start but its own cards): the better of stand and hit by the round's value over every
    /// hole card the dealer may hold with these cards out; a safe one when only one is safe.
    fn asked_decide(&mut self, k: &RoundKey, pair: usize, near: &mut bool) -> Act {
        if let Some(&a) = self.asked_memo.get(&(k.cur, k.limit)) {
            return a;
        }
        // The cards left before the hole card: the root less the hand.
        let before_hole = self.rest(&k.cur, None);
        let mut vals = [None; 2];
        for (i, a) in [Act::Stand, Act::Hit].into_iter().enumerate() {
            let mut k0 = k.clone();
            vals[i] = self.over_holes(&before_hole, |b, r, hole| {
                k0.r = r;
                k0.hole = hole;
                b.act(&k0, a, pair, near)
            });
        }
        let a = match vals {
            [Some(s), Some(h)] if h > s => Act::Hit,
            [None, Some(_)] => Act::Hit,
            _ => Act::Stand,
        };
        self.asked_memo.insert((k.cur, k.limit), a);
        a
    }

    /// The current hand (two cards or more) takes action `act`.
    fn act(&mut self, k: &RoundKey, act: Act, pair: usize, near: &mut bool) -> Option<Z> {
        let left = size(&k.r);
        let (hard, ace, _) = summary(&k.cur);
        match act {
            Act::Stand => self.finish(k.clone(), total(hard, ace) as u8, 1, pair, near),
            Act::Hit | Act::Double if left == 0 => None,
            Act::Hit | Act::Double => {
                let mut acc: Z = 0;
                for c in 0..CLASSES {
                    if k.r[c] == 0 {
                        continue;
                    }
                    let mut next = k.clone();
                    next.r = minus(k.r, c);
                    next.cur = plus(k.cur, c);
                    let h2 = hard + pts(c);
                    let stake = if act == Act::Double { 2 } else { 1 };
                    let g = if h2 > 21 {
                        self.finish(next, 0, stake, pair, near)
                    } else if act == Act::Double {
                        let t = total(h2, ace || c == 0) as u8;
                        self.finish(next, t, 2, pair, near)
                    } else {
                        self.round(next, pair, near)
                    };
                    acc += Z::from(k.r[c]) * g?;
                }
                Some(acc)
            }
        }
    }

    /// The current hand is over with `total` (0 = bust) and `stake` bets: the next hand takes
    /// its second card, or the dealer plays and every hand is settled.
    fn finish(
        &mut self,
        mut k: RoundKey,
        total: u8,
        stake: u8,
        pair: usize,
        near: &mut bool,
    ) -> Option<Z> {
        k.done.push((total, stake));
        k.asked = false;
        if k.pending > 0 {
            k.pending -= 1;
            k.cur = [0; CLASSES];
            k.cur[pair] = 1;
            return self.round(k, pair, near);
        }
        let left = size(&k.r);
        if k.done.iter().all(|&(t, _)| t == 0) {
            let lost: Z = k.done.iter().map(|&(_, s)| Z::from(s)).sum();
            return Some(-lost * self.fact[left]);
        }
        let o = self.dealer_turn(k.r, k.hole)?;
        let mut g: Z = 0;
        for &(t, s) in k.done.iter() {
            for (slot, &p) in o.iter().enumerate() {
                let res = if t == 0 {
                    -1
                } else {
                    self.payoff(u32::from(t), slot)
                };
                g += p * res * Z::from(s);
            }
        }
        Some(g)
    }

    /// The split of the pair of class `pair` from `shoe` with at most `limit` hands, as an EV
    /// per initial bet; `None` if the shoe can run out.
    fn split(&mut self, shoe: &Counts, pair: usize, limit: u8, near: &mut bool) -> Option<f64> {
        let n = size(shoe);
        let mut cur = [0; CLASSES];
        cur[pair] = 1;
        let start = |r: Counts, hole: Option<usize>| RoundKey {
            r,
            hole,
            done: Done::default(),
            cur,
            pending: 1,
            hands: 2,
            limit,
            asked: false,
        };
        let g = if self.rules.hole_card == HoleCard::Enhc {
            self.round(start(*shoe, None), pair, near)?
        } else {
            let mut acc: Z = 0;
            for h in 0..CLASSES {
                if shoe[h] == 0 || (self.peek_ace_or_ten() && self.natural_hole(h)) {
                    continue;
                }
                acc +=
                    Z::from(shoe[h]) * self.round(start(minus(*shoe, h), Some(h)), pair, near)?;
            }
            acc
        };
        Some(g as f64 / self.weight(n, shoe) as f64)
    }
}

impl Brute {
    /// `f` summed over the hole cards the dealer may hold (peek: dealt first, never one that
    /// makes a natural with an ace or ten up), or `f` with none (ENHC); `G`-scaled by the
    /// factorial of `shoe`'s size.
    fn over_holes(
        &mut self,
        shoe: &Counts,
        mut f: impl FnMut(&mut Brute, Counts, Option<usize>) -> Option<Z>,
    ) -> Option<Z> {
        if self.rules.hole_card == HoleCard::Enhc {
            return f(self, *shoe, None);
        }
        let mut acc: Z = 0;
        for h in 0..CLASSES {
            if shoe[h] == 0 || (self.peek_ace_or_ten() && self.natural_hole(h)) {
                continue;
            }
            acc += Z::from(shoe[h]) * f(self, minus(*shoe, h), Some(h))?;
        }
        Some(acc)
    }
}

/// A later hand of a split round, asked about by brute force.
pub struct Mid {
    /// The hand's cards (classes); its first card is the pair's.
    pub hand: Counts,
    /// The pair's class.
    pub pair: usize,
    /// Hands in the round.
    pub hands: u8,
    /// Hands after it waiting for their second card.
    pub waiting: u8,
    /// A finished hand is live.
    pub others_live: bool,
}

/// Stand, hit and double; the resplit's value and plan (`true`: resplit whenever allowed) when
/// the rules allow it; whether a decision was a near tie.
type MidValues = ([Option<f64>; 3], Option<(Option<f64>, bool)>, bool);

/// Values at a later split hand: stand, hit, double (`None` where not allowed or where the shoe
/// can run out under every plan for the other hands), and the resplit under `policy` with its
/// plan (`true` = resplit whenever allowed).
pub fn exact_mid(
    rules: &Rules,
    up: usize,
    shoe: &Counts,
    m: &Mid,
    policy: cardroom::blackjack::rules::ResplitPolicy,
) -> MidValues {
    let mut b = Brute::new(rules, up, shoe, &m.hand);
    let w = b.weight(size(shoe), shoe) as f64;
    let mut near = false;
    let pair = m.pair;
    let max = rules.max_hands;
    let may_resplit = pair != 0 || rules.resplit_aces;
    let mut done = Done::default();
    if m.others_live {
        done.push((1, 0));
    }
    let mut one = [0u8; CLASSES];
    one[pair] = 1;
    let state =
        |r: Counts, hole: Option<usize>, cur: Counts, pending: u8, hands: u8, limit: u8| RoundKey {
            r,
            hole,
            done,
            cur,
            pending,
            hands,
            limit,
            asked: false,
        };
    // The waiting hands' own value under a plan's limit.
    let baseline = |b: &mut Brute, limit: u8, near: &mut bool| -> Option<Z> {
        if m.waiting == 0 {
            return Some(0);
        }
        b.over_holes(shoe, |b, r, hole| {
            b.round(
                state(r, hole, one, m.waiting - 1, m.hands, limit),
                pair,
                near,
            )
        })
    };
    let (hard, ace, n) = summary(&m.hand);
    let may_double =
        n == 2 && rules.double_after_split && rules.double.allows_total(total(hard, ace) as u8);
    let mut plain_plans = vec![m.hands];
    if max > m.hands && may_resplit {
        plain_plans.push(max);
    }
    let mut plain = [None; 3];
    for (i, a) in [Act::Stand, Act::Hit, Act::Double].into_iter().enumerate() {
        if a == Act::Double && !may_double {
            continue;
        }
        for &limit in &plain_plans {
            let g = b.over_holes(shoe, |b, r, hole| {
                let mut k = state(r, hole, m.hand, m.waiting, m.hands, limit);
                k.asked = true;
                b.act(&k, a, pair, &mut near)
            });
            if let Some(g) = g {
                let base = baseline(&mut b, limit, &mut near);
                assert!(
                    base.is_some(),
                    "the waiting hands alone cannot run out when {a:?} does not"
                );
                plain[i] = Some((g - base.unwrap()) as f64 / w);
                break;
            }
        }
    }
    let is_pair = m.hand[pair] == 2 && n == 2;
    let split = (is_pair && max > m.hands && may_resplit).then(|| {
        let resplit_possible = max > m.hands + 1 && shoe[pair] > 0;
        let never = (false, m.hands + 1, m.hands);
        let plans = if !resplit_possible {
            vec![never]
        } else if policy == cardroom::blackjack::rules::ResplitPolicy::Always {
            vec![(true, max, max)]
        } else {
            vec![(true, max, max), never]
        };
        let mut best: Option<(f64, bool)> = None;
        for &(plan, after, before) in &plans {
            let g = b.over_holes(shoe, |b, r, hole| {
                b.round(
                    state(r, hole, one, m.waiting + 1, m.hands + 1, after),
                    pair,
                    &mut near,
                )
            });
            let base = baseline(&mut b, before, &mut near);
            if let (Some(g), Some(base)) = (g, base) {
                let v = (g - base) as f64 / w;
                if best.is_none_or(|(x, _)| v > x) {
                    best = Some((v, plan));
                }
            }
        }
        match best {
            Some((v, plan)) => (Some(v), plan),
            None => (None, plans[0].0),
        }
    });
    (plain, split, near)
}

/// Every value of `hand` (two cards, classes) against `up` with `shoe` unseen, by brute force.
/// `pair` is the class of a splittable pair (`None` for no pair).
pub fn exact(rules: &Rules, up: usize, shoe: &Counts, hand: &Counts, pair: Option<usize>) -> Exact {
    let mut b = Brute::new(rules, up, shoe, hand);
    let n = size(shoe);
    let w = b.weight(n, shoe) as f64;
    let (hard, ace, _) = summary(hand);
    let ev = |g: Option<Z>| g.map(|g| g as f64 / w);
    let stand = ev(b.avg(*hand, Act::Stand));
    let hit = ev(b.avg(*hand, Act::Hit));
    let double = if rules.double.allows_total(total(hard, ace) as u8) {
        ev(b.avg(*hand, Act::Double))
    } else {
        None
    };
    let mut near = false;
    let (mut split_resplit, mut split_no_resplit) = (None, None);
    if let Some(p) = pair
        && rules.max_hands >= 2
    {
        let limit = if p == 0 && !rules.resplit_aces {
            2
        } else {
            rules.max_hands
        };
        split_resplit = b.split(shoe, p, limit, &mut near);
        split_no_resplit = b.split(shoe, p, 2, &mut near);
    }
    Exact {
        stand,
        hit,
        double,
        split_resplit,
        split_no_resplit,
        near_tie: near,
    }
}

/// The class of a rank number (1 = ace .. 13 = king), with `pair_rank` the rank whose tens are
/// their own class (tens split by rank).
pub fn class_of(rank: u8, pair_rank: Option<u8>) -> usize {
    if Some(rank) == pair_rank && rank >= 10 {
        PAIR_RANK
    } else {
        usize::from(rank.min(10) - 1)
    }
}

/// Classes of a shoe given per rank (ace first).
pub fn classes(ranks: &[u32; 13], pair_rank: Option<u8>) -> Counts {
    let mut c = [0u8; CLASSES];
    for (i, &n) in ranks.iter().enumerate() {
        c[class_of(i as u8 + 1, pair_rank)] += n as u8;
    }
    c
}

// ---------------------------------------------------------------------------------------------
// The engine against the brute force.

use cardroom::blackjack::ev::{Shoe, SplitPlan, Spot, hand_evs};
use cardroom::blackjack::rules::{DoubleRule, ResplitPolicy, Surrender};
use cardroom::cards::{Card, Rank, Suit, rng_from_seed};
use rand::RngExt;

use crate::long_tests;

fn rank(n: u8) -> Rank {
    Rank::ALL
        .into_iter()
        .find(|r| r.number() == n)
        .expect("rank number 1..=13")
}

/// A random rule set over every option the split depends on.
fn random_rules(rng: &mut impl RngExt) -> Rules {
    Rules {
        decks: 1,
        dealer_hits_soft_17: rng.random_bool(0.5),
        hole_card: if rng.random_bool(0.5) {
            HoleCard::Peek
        } else {
            HoleCard::Enhc
        },
        double: [
            DoubleRule::Any,
            DoubleRule::Any,
            DoubleRule::NineToEleven,
            DoubleRule::TenToEleven,
            DoubleRule::None,
        ][rng.random_range(0..5)],
        double_after_split: rng.random_bool(0.7),
        max_hands: rng.random_range(2..=4),
        split_tens_by: if rng.random_bool(0.3) {
            SplitTensBy::Rank
        } else {
            SplitTensBy::Value
        },
        resplit_aces: rng.random_bool(0.5),
        hit_split_aces: rng.random_bool(0.5),
        surrender: Surrender::None,
        ties: if rng.random_bool(0.8) {
            Ties::Push
        } else {
            Ties::Dealer
        },
        ..Rules::default()
    }
}

/// One random case: rules, the hand's two ranks, the up rank and the unseen ranks.
struct Case {
    rules: Rules,
    hand: [u8; 2],
    up: u8,
    shoe: [u32; 13],
}

fn random_case(rng: &mut impl RngExt, min: usize, max: usize) -> Case {
    let rules = random_rules(rng);
    let a = rng.random_range(1..=13u8);
    let b = if rng.random_bool(0.75) {
        a
    } else {
        rng.random_range(1..=13u8)
    };
    let up = rng.random_range(1..=13u8);
    let decks = if rng.random_bool(0.3) { 2 } else { 1 };
    let mut pool: Vec<u8> = (1..=13u8)
        .flat_map(|r| std::iter::repeat_n(r, 4 * decks))
        .collect();
    for r in [a, b, up] {
        let i = pool.iter().position(|&x| x == r).unwrap();
        pool.swap_remove(i);
    }
    // Skew some shoes towards small cards, which make the longest hands.
    if rng.random_bool(0.4) {
        pool.retain(|&r| r <= 7 || rng.random_bool(0.35));
    }
    let n = rng.random_range(min..=max).min(pool.len());
    let mut shoe = [0u32; 13];
    for _ in 0..n {
        let i = rng.random_range(0..pool.len());
        shoe[usize::from(pool.swap_remove(i)) - 1] += 1;
    }
    Case {
        rules,
        hand: [a, b],
        up,
        shoe,
    }
}

/// Largest difference so far, for the report.
fn check(got: Option<f64>, want: Option<f64>, what: &str, worst: &mut f64) {
    match (got, want) {
        (Some(g), Some(w)) => {
            let d = (g - w).abs();
            *worst = worst.max(d);
            assert!(d < 1e-12, "{what}: engine {g:.15}, brute force {w:.15}");
        }
        (None, None) => {}
        _ => panic!("{what}: engine {got:?}, brute force {want:?}"),
    }
}

/// What a run of comparisons covered.
#[derive(Default, Debug)]
struct Tally {
    cases: usize,
    /// Split values compared where the worst case of the round fits in the shoe (the engine's
    /// closed formula) and where it does not (the engine deals the round out).
    split_formula: usize,
    split_dealt: usize,
    values: usize,
    nulls: usize,
    near_ties: usize,
    refused: usize,
    worst: f64,
}

/// Compares the engine with the brute force on one case, under both resplit policies.
fn compare(c: &Case, i: usize, t: &mut Tally) {
    let r = c.rules;
    let pair = c.hand[0].min(10) == c.hand[1].min(10)
        && (r.split_tens_by == SplitTensBy::Value || c.hand[0] == c.hand[1] || c.hand[0] < 10);
    let pair_rank = (pair && r.split_tens_by == SplitTensBy::Rank).then_some(c.hand[0]);
    let shoe = classes(&c.shoe, pair_rank);
    let mut hand_cls = [0u8; CLASSES];
    for &h in &c.hand {
        hand_cls[class_of(h, pair_rank)] += 1;
    }
    let upc = usize::from(c.up.min(10) - 1);
    let b = exact(
        &r,
        upc,
        &shoe,
        &hand_cls,
        pair.then(|| class_of(c.hand[0], pair_rank)),
    );
    t.cases += 1;
    if b.near_tie {
        t.near_ties += 1;
        return;
    }
    let hand = [
        Card::new(rank(c.hand[0]), Suit::Spades),
        Card::new(rank(c.hand[1]), Suit::Hearts),
    ];
    let up = Card::new(rank(c.up), Suit::Diamonds);
    let unseen = Shoe::from_rank_counts(c.shoe);
    let what = format!(
        "case {i}: {r:?} hand {:?} v {} shoe {:?}",
        c.hand, c.up, c.shoe
    );
    let natural = c.hand.contains(&1) && c.hand.iter().any(|&x| x >= 10);
    for policy in [ResplitPolicy::Always, ResplitPolicy::Best] {
        let rules = Rules {
            resplit: policy,
            ..r
        };
        let e = match hand_evs(&rules, &unseen, &Spot::new(&hand, up)) {
            Ok(e) => e,
            Err(err) => {
                // Only deals that cannot happen are refused: under peek, no hole card the
                // dealer can hold without a natural.
                let possible = (0..CLASSES).any(|h| {
                    shoe[h] > 0
                        && !(r.hole_card == HoleCard::Peek
                            && ((upc == 0 && h >= TEN) || (upc == TEN && h == 0)))
                });
                assert!(
                    r.hole_card == HoleCard::Peek && !possible,
                    "{what}: refused with {err:?}"
                );
                t.refused += 1;
                return;
            }
        };
        if !natural {
            check(e.stand, b.stand, &format!("{what} stand"), &mut t.worst);
        }
        check(e.hit, b.hit, &format!("{what} hit"), &mut t.worst);
        check(e.double, b.double, &format!("{what} double"), &mut t.worst);
        let want = match policy {
            ResplitPolicy::Always => b.split_resplit,
            ResplitPolicy::Best => match (b.split_resplit, b.split_no_resplit) {
                (Some(x), Some(y)) => Some(x.max(y)),
                (x, y) => x.or(y),
            },
        };
        check(
            e.split,
            want,
            &format!("{what} split ({policy:?})"),
            &mut t.worst,
        );
        if let (Some(p), Some(_)) = (pair.then_some(c.hand[0]), want) {
            let limit = if p == 1 && !r.resplit_aces {
                2
            } else {
                u32::from(r.max_hands)
            };
            if worst_case_fits(
                &c.shoe,
                u32::from(p.min(10)),
                u32::from(c.up.min(10)),
                limit,
            ) {
                t.split_formula += 1;
            } else {
                t.split_dealt += 1;
            }
        }
        if let (ResplitPolicy::Best, Some(x), Some(y)) =
            (policy, b.split_resplit, b.split_no_resplit)
            && (x - y).abs() > 1e-9
        {
            let plan = if x > y {
                SplitPlan::Resplit
            } else {
                SplitPlan::NoResplit
            };
            assert_eq!(e.split_policy, Some(plan), "{what}: plan");
        }
        for (v, n) in [
            (e.stand, e.stand_note),
            (e.hit, e.hit_note),
            (e.double, e.double_note),
            (e.split, e.split_note),
        ] {
            t.values += usize::from(v.is_some());
            t.nulls += usize::from(n.is_some());
        }
    }
}

/// Whether the most cards a split round could use (every hand drawing the smallest cards to hard
/// 20 and one more, the dealer to hard 16 and one more, each resplit its pair card) fit in the
/// shoe.
fn worst_case_fits(shoe: &[u32; 13], pair: u32, up: u32, limit: u32) -> bool {
    let mut cards: Vec<u32> = (1..=13u32)
        .flat_map(|r| std::iter::repeat_n(r.min(10), shoe[r as usize - 1] as usize))
        .collect();
    cards.sort_unstable();
    let mut budget = limit * (20 - pair) + (16 - up.min(16));
    let mut n = 0;
    for c in cards {
        if c > budget {
            break;
        }
        budget -= c;
        n += 1;
    }
    n + 2 * limit - 2 + limit < shoe.iter().sum::<u32>()
}

#[test]
fn the_engine_agrees_with_a_card_by_card_brute_force_on_random_small_shoes() {
    let cases = if long_tests() { 4000 } else { 300 };
    let mut rng = rng_from_seed(2024);
    let mut t = Tally::default();
    for i in 0..cases {
        let c = random_case(&mut rng, 4, 14);
        compare(&c, i, &mut t);
    }
    eprintln!("engine v brute force: {t:?}");
    assert!(t.values > 10 * cases / 2, "{t:?}");
}

#[test]
fn the_split_formula_agrees_with_the_brute_force_where_the_round_fits_in_the_shoe() {
    let cases = if long_tests() { 600 } else { 40 };
    let mut rng = rng_from_seed(77);
    let mut t = Tally::default();
    let started = std::time::Instant::now();
    for i in 0..cases {
        let mut c = random_case(&mut rng, 16, 22);
        // Mostly high cards, so that the worst case of a split fits.
        let small: u32 = c.shoe[..5].iter().sum();
        if small > 2 {
            for r in 0..5 {
                c.shoe[r] = c.shoe[r].min(1);
            }
        }
        c.hand[1] = c.hand[0];
        compare(&c, i, &mut t);
    }
    eprintln!("formula v brute force: {t:?} in {:?}", started.elapsed());
}

/// The rules of issue 10's examples: 1 deck, S17, DAS, double any two, peek, 3:2, late
/// surrender, split to 2 hands.
fn issue_rules() -> Rules {
    Rules {
        decks: 1,
        max_hands: 2,
        ..Rules::default()
    }
}

fn cards(s: &str) -> Vec<Card> {
    cardroom::cards::parse_cards(s).unwrap()
}

fn evs_after(
    rules: &Rules,
    hand: &str,
    up: &str,
    removed: &str,
) -> cardroom::blackjack::ev::HandEvs {
    let h = cards(hand);
    let u = cards(up)[0];
    let mut seen = h.clone();
    seen.push(u);
    seen.extend(cards(removed));
    let shoe = Shoe::decks_without(rules.decks, &seen).unwrap();
    hand_evs(rules, &shoe, &Spot::new(&h, u)).unwrap()
}

/// The dealer's outcome probabilities (slots as [`Outcomes`]) drawing from `r` with (hard,
/// ace, cards), in plain floating point: the by-hand derivations use it on whole decks.
fn dealer_f64(r: Counts, hard: u32, ace: bool, n: u32, h17: bool) -> [f64; 7] {
    let t = total(hard, ace);
    let mut o = [0.0; 7];
    if n == 2 && ace && hard == 11 {
        o[6] = 1.0;
    } else if hard > 21 {
        o[5] = 1.0;
    } else if n >= 2 && (t >= 18 || (t == 17 && !(h17 && ace && hard == 7))) {
        o[(t - 17) as usize] = 1.0;
    } else {
        let left = size(&r) as f64;
        for c in 0..CLASSES {
            if r[c] == 0 {
                continue;
            }
            let d = dealer_f64(minus(r, c), hard + pts(c), ace || c == 0, n + 1, h17);
            for k in 0..7 {
                o[k] += f64::from(r[c]) / left * d[k];
            }
        }
    }
    o
}

#[test]
fn split_aces_against_a_six_by_hand_and_by_the_engine() {
    // Each split ace takes one card and stands; the second hand's card drops out by
    // exchangeability, so split = 2 Σ_x P(x) · stand(A+x), the dealer drawing from the deck less
    // A, A, 6 and x (a 6 up: no natural to condition on).
    let r = issue_rules();
    let mut shoe = [4u8; CLASSES];
    shoe[TEN] = 16;
    shoe[PAIR_RANK] = 0;
    shoe[0] -= 2;
    shoe[5] -= 1;
    let n = size(&shoe) as f64;
    let b = Brute::new(&r, 5, &[0; CLASSES], &[0; CLASSES]);
    let mut by_hand = 0.0;
    for x in 0..CLASSES {
        if shoe[x] == 0 {
            continue;
        }
        let o = dealer_f64(minus(shoe, x), 6, false, 1, false);
        let t = total(1 + pts(x), true);
        let stand: f64 = (0..7).map(|s| o[s] * b.payoff(t, s) as f64).sum();
        by_hand += 2.0 * f64::from(shoe[x]) / n * stand;
    }
    assert!((by_hand - 0.7582760188523).abs() < 1e-12, "{by_hand}");
    let e = evs_after(&r, "AS AH", "6D", "");
    assert!((e.split.unwrap() - by_hand).abs() < 1e-13, "{:?}", e.split);
}

#[test]
fn split_eights_against_a_seven_one_deck() {
    // Issue 10's exact figure for 8,8 v 7 (1 deck, split to 2 hands).
    let r = issue_rules();
    let e = evs_after(&r, "8S 8H", "7D", "");
    assert!(
        (e.split.unwrap() - 0.250712159667).abs() < 1e-12,
        "{:?}",
        e.split
    );
}

#[test]
fn splits_that_change_the_advice_as_issue_10_lists_them() {
    // 1 deck H17 DAS, split to 2 hands: 9,9 v A splits (−0.185971) rather than stands
    // (−0.186130). 2 decks H17 DAS: 8,8 v A splits at −0.499517.
    let r = Rules {
        dealer_hits_soft_17: true,
        ..issue_rules()
    };
    let e = evs_after(&r, "9S 9H", "AD", "");
    assert!((e.split.unwrap() - -0.185971).abs() < 5e-7, "{e:?}");
    assert!((e.stand.unwrap() - -0.186130).abs() < 5e-7, "{e:?}");
    assert_eq!(e.best, Some(cardroom::blackjack::strategy::Decision::Split));
    let r2 = Rules { decks: 2, ..r };
    let e = evs_after(&r2, "8S 8H", "AD", "");
    assert!((e.split.unwrap() - -0.499517).abs() < 5e-7, "{e:?}");
    assert_eq!(e.best, Some(cardroom::blackjack::strategy::Decision::Split));
}

/// Issue 10's depleted deck: every card but four tens and two jacks is gone.
const ONLY_TENS: &str = "AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6C 7S 7H 7D 7C \
     8S 8H 8D 8C 9S 9H 9D 9C JD JC QS QH QD QC KS KH KD KC";

#[test]
fn depleted_shoes_give_exact_values_and_say_which_could_run_out() {
    let r = issue_rules();
    // Six tens left: each ace takes a ten (21), the dealer's 6 takes two and busts.
    let e = evs_after(&r, "AS AH", "6D", ONLY_TENS);
    assert_eq!(e.split, Some(2.0));
    assert_eq!(e.split_note, None);
    assert_eq!(e.stand, Some(1.0));
    // Three tens left: stand, hit and double are exact; the split needs four tens.
    let e = evs_after(&r, "AS AH", "6D", &format!("{ONLY_TENS} TC JS JH"));
    assert_eq!(
        (e.stand, e.hit, e.double),
        (Some(1.0), Some(1.0), Some(2.0))
    );
    assert_eq!(e.split, None);
    assert_eq!(
        e.split_note,
        Some(cardroom::blackjack::ev::Note::ShoeCanRunOut)
    );
    assert_eq!(
        e.best,
        Some(cardroom::blackjack::strategy::Decision::Double)
    );
}

#[test]
fn later_split_hands_agree_with_the_brute_force() {
    // A hand of a split round in the middle of play: some hands finished (one perhaps live),
    // some waiting for their second card. Stand, hit and double are the hand's own values;
    // resplitting is the round's value after the resplit less its value without it.
    let cases = if long_tests() { 1500 } else { 100 };
    let mut rng = rng_from_seed(99);
    let (mut compared, mut nulls, mut near, mut worst) = (0, 0, 0, 0.0f64);
    for i in 0..cases {
        let mut c = random_case(&mut rng, 4, 13);
        let r = Rules {
            max_hands: rng.random_range(3..=4),
            ..c.rules
        };
        c.rules = r;
        let p = c.hand[0];
        if rng.random_bool(0.5) {
            c.hand[1] = p;
        }
        if p == 1 && !r.hit_split_aces {
            // Split aces without hits take no decision.
            c.hand[1] = 1;
        }
        let hands = rng.random_range(2..=r.max_hands);
        let waiting = rng.random_range(0..hands);
        let others_live = hands - 1 - waiting > 0 && rng.random_bool(0.5);
        let pair_rank = (r.split_tens_by == SplitTensBy::Rank).then_some(p);
        let shoe = classes(&c.shoe, pair_rank);
        let pair = class_of(p, pair_rank);
        let mut hand_cls = [0u8; CLASSES];
        for &h in &c.hand {
            hand_cls[class_of(h, pair_rank)] += 1;
        }
        let m = Mid {
            hand: hand_cls,
            pair,
            hands,
            waiting,
            others_live,
        };
        let upc = usize::from(c.up.min(10) - 1);
        let hand = [
            Card::new(rank(c.hand[0]), Suit::Spades),
            Card::new(rank(c.hand[1]), Suit::Hearts),
        ];
        let up = Card::new(rank(c.up), Suit::Diamonds);
        let unseen = Shoe::from_rank_counts(c.shoe);
        let spot = Spot {
            hand: &hand,
            up,
            from_split: true,
            hands_in_round: hands,
            waiting,
            others_live,
        };
        for policy in [ResplitPolicy::Always, ResplitPolicy::Best] {
            let rules = Rules {
                resplit: policy,
                ..r
            };
            let Ok(e) = hand_evs(&rules, &unseen, &spot) else {
                continue;
            };
            let (plain, split, nt) = exact_mid(&rules, upc, &shoe, &m, policy);
            if nt {
                near += 1;
                continue;
            }
            let what = format!(
                "case {i}: {rules:?} hand {:?} v {} shoe {:?} hands {hands} waiting {waiting} live {others_live}",
                c.hand, c.up, c.shoe
            );
            check(e.stand, plain[0], &format!("{what} stand"), &mut worst);
            check(e.hit, plain[1], &format!("{what} hit"), &mut worst);
            check(e.double, plain[2], &format!("{what} double"), &mut worst);
            match split {
                None => assert_eq!(e.split_policy, None, "{what}: split offered"),
                Some((v, plan)) => {
                    check(e.split, v, &format!("{what} resplit"), &mut worst);
                    if v.is_some() {
                        let want = if plan {
                            SplitPlan::Resplit
                        } else {
                            SplitPlan::NoResplit
                        };
                        assert_eq!(e.split_policy, Some(want), "{what}: plan");
                    }
                }
            }
            compared += 1;
            nulls += [e.stand, e.hit, e.double, e.split]
                .iter()
                .filter(|v| v.is_none())
                .count();
        }
    }
    eprintln!(
        "later split hands: {compared} compared, {nulls} without a value, {near} near ties, max |diff| {worst:e}"
    );
    assert!(compared > cases, "{compared}");
}

/// How long queries from depleted one-deck shoes take (every pair against random shoes of 8 to
/// 34 cards, split to 4 hands): a probe, not a check (`--ignored --nocapture`).
#[test]
#[ignore]
fn stress_depleted_timing() {
    let mut rng = rng_from_seed(5);
    let mut worst = (std::time::Duration::ZERO, String::new());
    let mut total = std::time::Duration::ZERO;
    let mut n = 0;
    for _ in 0..400 {
        let mut c = random_case(&mut rng, 8, 34);
        c.rules.max_hands = 4;
        c.rules.resplit_aces = rng.random_bool(0.5);
        for pair in 1..=10u8 {
            let hand = [
                Card::new(rank(pair), Suit::Spades),
                Card::new(rank(pair), Suit::Hearts),
            ];
            let up = Card::new(rank(c.up), Suit::Diamonds);
            let t0 = std::time::Instant::now();
            let _ = hand_evs(
                &c.rules,
                &Shoe::from_rank_counts(c.shoe),
                &Spot::new(&hand, up),
            );
            let dt = t0.elapsed();
            total += dt;
            n += 1;
            if dt > worst.0 {
                worst = (
                    dt,
                    format!("{:?} pair {pair} v {} shoe {:?}", c.rules, c.up, c.shoe),
                );
            }
        }
    }
    eprintln!(
        "{n} queries, mean {:?}, worst {:?}: {}",
        total / n,
        worst.0,
        worst.1
    );
}

/// Time per 6-deck query with a split (`--ignored --nocapture`; the criterion bench is
/// `benches/blackjack_ev.rs`): a probe for profiling, not a check.
#[test]
#[ignore]
fn six_deck_query_probe() {
    let n: u32 = std::env::var("PROBE_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let only = std::env::var("PROBE_ONLY").unwrap_or_default();
    for policy in [ResplitPolicy::Best, ResplitPolicy::Always] {
        let rules = Rules {
            resplit: policy,
            ..Rules::default()
        };
        for (hand, up) in [("2S 2H", "AD"), ("8S 8H", "TD")] {
            if !only.is_empty() && only != format!("{policy:?} {hand} {up}") {
                continue;
            }
            let h = cards(hand);
            let u = cards(up)[0];
            let shoe = Shoe::decks_without(6, &[h[0], h[1], u]).unwrap();
            let t0 = std::time::Instant::now();
            for _ in 0..n {
                std::hint::black_box(hand_evs(&rules, &shoe, &Spot::new(&h, u)).unwrap());
            }
            eprintln!("{policy:?} {hand} v {up}: {:?} per query", t0.elapsed() / n);
        }
    }
}

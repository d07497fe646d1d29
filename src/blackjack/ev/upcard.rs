//! [`UpCard`]: everything computed against one dealer up card from one root shoe — the memoized
//! dealer probabilities and the player's stand/hit/double values of every hand composition.
//!
//! Values here are *unnormalized*: `U = E[result × 1{no dealer natural}]` under peek, and the
//! plain expectation `E[result]` under ENHC. By exchangeability the hole card may be treated as
//! drawn after the player's cards, so `U(hit) = Σ_v P(v) U(hand + v)` with the ordinary draw
//! probabilities, and comparing `U`s at one hand compares the conditional EVs (they share the
//! factor `P(no natural | cards seen)`). The public API divides by that factor once, at the top.
//! This is exact, not an approximation of the peek.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::blackjack::rules::{HoleCard, Rules, Ties};

use super::dealer::{
    BUST, DealerDist, DealerTree, MAX_DRAWS, NATURAL, Projection, SHIFTED, dealer_stands,
};
use super::hand::{ACE, Hand, TEN, VALUES, count_in, points, points_in, unit};
use super::split::Play;

/// A hash for the packed multiset keys: the splitmix64 finalizer, so that keys differing in any
/// 6-bit field spread over every bit of the hash.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_isize(&mut self, x: isize) {
        self.write_u64(x as u64);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    fn write_u64(&mut self, x: u64) {
        let mut z = (self.0 ^ x).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = z ^ (z >> 31);
    }
}

/// Projections kept per up card (about 4 KB each): enough for the hit trees and one split.
const PROJECTIONS_KEPT: usize = 4096;

/// A hash map keyed by packed multisets.
pub(crate) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A hash map with any key, hashed by [`KeyHasher`] (keys made of integers).
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// Cards taken from the root shoe: a packed multiset and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Removal {
    /// Packed multiset (see `hand.rs`).
    pub key: u64,
    /// Number of cards.
    pub n: u32,
}

impl Removal {
    /// Nothing removed.
    pub const NONE: Removal = Removal { key: 0, n: 0 };

    /// The cards of a hand.
    pub fn of(h: Hand) -> Removal {
        Removal {
            key: h.key,
            n: h.cards,
        }
    }

    /// This removal plus the cards of `h`.
    pub fn plus(self, h: Hand) -> Removal {
        Removal {
            key: self.key + h.key,
            n: self.n + h.cards,
        }
    }
}

/// Unnormalized stand and hit values of one hand composition (hit = optimal play after the card),
/// and whether each action is safe from running out the shoe.
///
/// An action is *safe* when no order of the cards left can make the round need a card from an
/// empty shoe (a deal whose value would depend on the discards). Hitting is valued playing on by
/// the best safe action at every later hand; it is safe when, whatever card comes, some action
/// after it is safe (a bust needs no more cards). From a full shoe everything is safe.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct NodeEv {
    /// Standing now.
    pub stand: f64,
    /// Hitting, then playing on by the best safe action (hit or stand at each later card).
    pub hit: f64,
    /// Standing is safe: the dealer always finishes with the cards left.
    pub stand_ok: bool,
    /// Hitting is safe.
    pub hit_ok: bool,
}

impl NodeEv {
    /// The better of the two, whether safe or not.
    pub fn best(self) -> f64 {
        self.stand.max(self.hit)
    }

    /// The best safe value (the plain best when neither is safe: then the caller's action is
    /// not safe either, and the value is not used).
    pub fn best_ok(self) -> f64 {
        match (self.stand_ok, self.hit_ok) {
            (true, false) => self.stand,
            (false, true) => self.hit,
            _ => self.best(),
        }
    }

    /// Whether standing or hitting is safe.
    pub fn any_ok(self) -> bool {
        self.stand_ok || self.hit_ok
    }
}

/// The memo tables of an [`UpCard`]. A finished analysis hands its (cleared) tables back to a
/// small per-thread pool and the next one takes them: repeated queries (the benchmarks, a
/// session of the advisor on one thread) then neither grow tables nor fault in fresh pages.
#[derive(Default)]
struct Maps {
    dealer_cache: KeyMap<DealerDist>,
    nodes: KeyMap<NodeEv>,
    runs_out: KeyMap<bool>,
    plays: KeyMap<Play>,
    projections: KeyMap<Projection>,
}

/// Tables kept per thread, and the most entries a kept table may hold (larger ones are freed).
const POOLED: usize = 2;
const POOLED_ENTRIES: usize = 1 << 18;

thread_local! {
    static POOL: std::cell::RefCell<Vec<Maps>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Maps {
    fn take() -> Maps {
        POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default()
    }

    fn give(mut self) {
        let big = [
            self.dealer_cache.capacity(),
            self.nodes.capacity(),
            self.projections.capacity(),
        ]
        .into_iter()
        .any(|c| c > POOLED_ENTRIES);
        if big {
            return;
        }
        self.dealer_cache.clear();
        self.nodes.clear();
        self.runs_out.clear();
        self.plays.clear();
        self.projections.clear();
        // A thread being torn down has no pool left: the tables are simply dropped then.
        let _ = POOL.try_with(|p| {
            let mut p = p.borrow_mut();
            if p.len() < POOLED {
                p.push(self);
            }
        });
    }
}

impl Drop for UpCard {
    fn drop(&mut self) {
        Maps {
            dealer_cache: std::mem::take(&mut self.dealer_cache),
            nodes: std::mem::take(&mut self.nodes),
            runs_out: std::mem::take(&mut self.runs_out),
            plays: std::mem::take(&mut self.plays),
            projections: std::mem::take(&mut self.projections),
        }
        .give();
    }
}

/// The state of one analysis against one up card.
pub(crate) struct UpCard {
    /// The rules.
    pub rules: Rules,
    /// Up card value index.
    pub up: usize,
    /// Cards per value in the root shoe: every card not seen, plus the player's own cards (for
    /// the infinite deck: the weights 1 per value, 4 for tens, out of 13).
    pub root: [u32; VALUES],
    /// Cards in the root shoe.
    pub root_n: u32,
    /// Points (aces 1) of the root shoe.
    root_points: u32,
    /// Infinite deck: removals do not change the probabilities.
    pub infinite: bool,
    tree: &'static DealerTree,
    dealer_cache: KeyMap<DealerDist>,
    nodes: KeyMap<NodeEv>,
    /// Whether the dealer can run out, by removal (only asked of nearly empty shoes).
    runs_out: KeyMap<bool>,
    /// The actions of split hands (see `split.rs`), by hand.
    pub(crate) plays: KeyMap<Play>,
    /// Projections by (removal without the projected value, value), bounded.
    projections: KeyMap<Projection>,
    /// Scratch for the falling factorials of the projected value.
    fp_buf: Vec<f64>,
    /// Scratch for the reciprocal falling factorials of the cards left.
    inv_buf: Vec<f64>,
    /// Storage reused for the factor tables of a walk (rows beyond the trie's bound unused).
    table: Vec<f64>,
    /// Passes over the dealer trie done (a cost counter for tests).
    pub dealer_evals: u64,
}

impl UpCard {
    /// An analysis against up card `up` (value index) from the root shoe `root`.
    pub fn new(rules: &Rules, up: usize, root: [u32; VALUES], infinite: bool) -> UpCard {
        let (root, root_n) = if infinite {
            let mut w = [1u32; VALUES];
            w[TEN] = 4;
            (w, 13)
        } else {
            (root, root.iter().sum())
        };
        let root_points = (0..VALUES).map(|v| root[v] * points(v)).sum();
        let pooled = Maps::take();
        UpCard {
            rules: *rules,
            up,
            root,
            root_n,
            root_points,
            infinite,
            tree: DealerTree::shared(up, rules.dealer_hits_soft_17),
            dealer_cache: pooled.dealer_cache,
            nodes: pooled.nodes,
            runs_out: pooled.runs_out,
            plays: pooled.plays,
            projections: pooled.projections,
            fp_buf: vec![0.0; SHIFTED],
            inv_buf: vec![0.0; SHIFTED],
            table: vec![0.0; 16 * MAX_DRAWS],
            dealer_evals: 0,
        }
    }

    /// Whether the up card can make a natural that the dealer peeks for.
    pub fn peeks(&self) -> bool {
        self.rules.hole_card == HoleCard::Peek && (self.up == ACE || self.up == TEN)
    }

    /// Cards of value `v` left after `rem` (weight for the infinite deck).
    #[inline]
    pub fn avail(&self, rem: Removal, v: usize) -> f64 {
        if self.infinite {
            f64::from(self.root[v])
        } else {
            f64::from(self.root[v].saturating_sub(count_in(rem.key, v)))
        }
    }

    /// Cards left after `rem` (13 for the infinite deck, the sum of its weights).
    #[inline]
    pub fn left(&self, rem: Removal) -> f64 {
        if self.infinite {
            13.0
        } else {
            f64::from(self.root_n.saturating_sub(rem.n))
        }
    }

    /// Probability that the dealer's hole card makes a natural, given `rem` out of the shoe.
    pub fn p_natural(&self, rem: Removal) -> f64 {
        let left = self.left(rem);
        if left <= 0.0 {
            return 0.0;
        }
        match self.up {
            ACE => self.avail(rem, TEN) / left,
            TEN => self.avail(rem, ACE) / left,
            _ => 0.0,
        }
    }

    /// The factor that turns a conditional EV into a `U`: `P(no natural)` under peek, 1 otherwise.
    pub fn weight(&self, rem: Removal) -> f64 {
        if self.peeks() {
            1.0 - self.p_natural(rem)
        } else {
            1.0
        }
    }

    /// `U` of losing `stake` units outright (a bust), with `rem` out of the shoe.
    #[inline]
    pub fn lose_u(&self, rem: Removal, stake: f64) -> f64 {
        -stake * self.weight(rem)
    }

    /// Dealer outcome probabilities with `rem` out of the root shoe (memoized), computed along
    /// the aces: hands that differ only in their aces (a hit tree is full of them) share one
    /// pass over the trie.
    pub fn dealer(&mut self, rem: Removal) -> DealerDist {
        self.dealer_along(rem, ACE)
    }

    /// Dealer outcome probabilities with `rem` out of the root shoe (memoized), from the
    /// [`Projection`] along value `dir` of `rem` with every `dir` card put back: all removals
    /// that differ only in their count of `dir` share one pass over the trie, and each then
    /// costs a few hundred multiply-adds.
    pub fn dealer_along(&mut self, rem: Removal, dir: usize) -> DealerDist {
        let key = if self.infinite { 0 } else { rem.key };
        if let Some(d) = self.dealer_cache.get(&key) {
            return *d;
        }
        let d = if self.infinite {
            self.plain_dealer(rem)
        } else {
            self.projected_dealer(rem, dir)
        };
        self.dealer_cache.insert(key, d);
        d
    }

    /// One pass over the trie for exactly `rem`.
    fn plain_dealer(&mut self, rem: Removal) -> DealerDist {
        self.dealer_evals += 1;
        let mut table = std::mem::take(&mut self.table);
        self.falling(rem, &mut table);
        let d = self.tree.eval(&table, &self.inv_falling(rem, MAX_DRAWS));
        self.table = table;
        d
    }

    fn projected_dealer(&mut self, rem: Removal, dir: usize) -> DealerDist {
        let have = count_in(rem.key, dir);
        if have > self.root[dir] {
            // More cards out than the shoe holds: a split lane whose probability is 0. Any
            // finite value will do; it is multiplied by 0.
            return [0.0; 7];
        }
        let base = Removal {
            key: rem.key - unit(dir) * u64::from(have),
            n: rem.n - have,
        };
        // Keys use 60 bits; the direction goes above them.
        let pkey = base.key | ((dir as u64 + 1) << 60);
        if !self.projections.contains_key(&pkey) {
            if self.projections.len() >= PROJECTIONS_KEPT {
                // A bounded memo: start afresh rather than grow without limit.
                self.projections.clear();
            }
            self.dealer_evals += 1;
            let mut table = std::mem::take(&mut self.table);
            self.falling(base, &mut table);
            table[dir * MAX_DRAWS..(dir + 1) * MAX_DRAWS].fill(1.0);
            let proj = self.tree.project(&table, dir);
            self.table = table;
            self.projections.insert(pkey, proj);
        }
        let proj = &self.projections[&pkey];
        let (kmax, lmax) = proj.bounds();
        let width = have as usize + kmax.max(lmax);
        if width > SHIFTED {
            return self.plain_dealer(rem);
        }
        let c = self.avail(base, dir);
        let n = self.left(base);
        falling_into(c, self.infinite, &mut self.fp_buf[..width]);
        inv_falling_into(n, self.infinite, &mut self.inv_buf[..width]);
        self.projections[&pkey].dist_shifted(have as usize, &self.fp_buf, &self.inv_buf)
    }

    /// `c (c−1)…(c−k+1)` for every value `v` (its `c` cards left after `rem`) and count `k`
    /// below the trie's bound (for the infinite deck, `w^k` with the value's weight `w`).
    fn falling(&self, rem: Removal, out: &mut [f64]) {
        let width = self.tree.kmax();
        for v in 0..VALUES {
            let row = self.falling_row(self.avail(rem, v), width);
            out[v * MAX_DRAWS..v * MAX_DRAWS + width].copy_from_slice(&row[..width]);
        }
    }

    /// `c (c−1)…(c−k+1)` for `k` in `0..width` (`c^k` for the infinite deck); 0 beyond.
    fn falling_row(&self, c: f64, width: usize) -> [f64; SHIFTED] {
        let mut row = [0.0f64; SHIFTED];
        falling_into(c, self.infinite, &mut row[..width]);
        row
    }

    /// Per size `L < width`: `1 / N (N−1)…(N−L+1)` for the `N` cards left after `rem` (`13^−L`
    /// for the infinite deck).
    fn inv_falling(&self, rem: Removal, width: usize) -> [f64; SHIFTED] {
        let mut out = [0.0f64; SHIFTED];
        inv_falling_into(self.left(rem), self.infinite, &mut out[..width]);
        out
    }

    /// `U` of standing on `total` for one unit, with `rem` out of the shoe (rules/blackjack.md
    /// §2: ties push or go to the dealer; a dealer natural is excluded under peek and takes the
    /// stake under ENHC).
    pub fn stand_u(&mut self, total: u32, rem: Removal) -> f64 {
        let d = self.dealer(rem);
        stand_value(&d, total, self.rules.ties, self.rules.hole_card)
    }

    /// The memo key of a hand for unsplit values: its multiset, or for the infinite deck (where
    /// only the hard sum and the ace matter) a canonical small number.
    #[inline]
    pub fn node_key(&self, h: Hand) -> u64 {
        if self.infinite {
            u64::from(h.hard) * 2 + u64::from(h.has_ace)
        } else {
            h.key
        }
    }

    /// Stand and hit `U` of the unsplit hand `h` (its cards out of the root shoe), with whether
    /// each is safe from running out the shoe (see [`NodeEv`]), memoized.
    pub fn node(&mut self, h: Hand) -> NodeEv {
        let k = self.node_key(h);
        if let Some(e) = self.nodes.get(&k) {
            return *e;
        }
        let rem = Removal::of(h);
        let stand = self.stand_u(h.total(), rem);
        let stand_ok = !self.dealer_can_run_out(rem);
        let left = self.left(rem);
        let (hit, hit_ok) = if left <= self.hole_reserve() {
            // No card for the player (under peek the hole card is already out): not safe.
            (stand, false)
        } else {
            let mut acc = 0.0;
            let mut ok = true;
            for v in 0..VALUES {
                let a = self.avail(rem, v);
                if a <= 0.0 {
                    continue;
                }
                let h2 = h.with(v);
                let val = if h2.busted() {
                    self.lose_u(Removal::of(h2), 1.0)
                } else {
                    let e = self.node(h2);
                    // A card that would leave no hole card the dealer can hold cannot come.
                    if !e.any_ok() && self.possible(Removal::of(h2)) {
                        ok = false;
                    }
                    e.best_ok()
                };
                acc += a * val;
            }
            (acc / left, ok)
        };
        let e = NodeEv {
            stand,
            hit,
            stand_ok,
            hit_ok,
        };
        self.nodes.insert(k, e);
        e
    }

    /// Cards the player cannot draw: under peek the hole card was dealt before the player acted.
    pub fn hole_reserve(&self) -> f64 {
        if self.rules.hole_card == HoleCard::Peek && !self.infinite {
            1.0
        } else {
            0.0
        }
    }

    /// Whether, with `rem` out, the dealer can still hold a hole card consistent with the round
    /// going on: under peek one card must be left, and with an ace or ten up one that makes no
    /// natural (with none, the dealer would have shown a natural and the player never acts).
    pub fn possible(&self, rem: Removal) -> bool {
        if self.infinite || self.rules.hole_card == HoleCard::Enhc {
            return true;
        }
        let left = self.left(rem);
        let naturals = match (self.peeks(), self.up) {
            (false, _) => 0.0,
            (true, ACE) => self.avail(rem, TEN),
            (true, _) => self.avail(rem, ACE),
        };
        left - naturals > 0.0
    }

    /// Whether some order of the cards left after `rem` makes the dealer need a card from an
    /// empty shoe (under peek the hole card, one of them, makes no natural with an ace or ten
    /// up; under ENHC the second card is drawn and a natural ends the hand). Exact: a search
    /// over the orders, asked only when the cards left have so few points that the dealer could
    /// take them all (their points and the up card's at most 16).
    pub fn dealer_can_run_out(&mut self, rem: Removal) -> bool {
        if self.infinite {
            return false;
        }
        let left_points = self.root_points - points_in(rem.key);
        if left_points + points(self.up) > 16 {
            return false;
        }
        if let Some(&r) = self.runs_out.get(&rem.key) {
            return r;
        }
        let mut counts = [0u32; VALUES];
        for (v, c) in counts.iter_mut().enumerate() {
            *c = self.root[v].saturating_sub(count_in(rem.key, v));
        }
        let r = self.dealer_runs_out(&mut counts, Hand::EMPTY.with(self.up));
        self.runs_out.insert(rem.key, r);
        r
    }

    fn dealer_runs_out(&self, counts: &mut [u32; VALUES], d: Hand) -> bool {
        if d.cards >= 2
            && (d.is_two_card_21()
                || d.busted()
                || dealer_stands(d, self.rules.dealer_hits_soft_17))
        {
            return false;
        }
        if counts.iter().all(|&c| c == 0) {
            return true;
        }
        for v in 0..VALUES {
            if counts[v] == 0 {
                continue;
            }
            let natural_hole = d.cards == 1 && d.with(v).is_two_card_21();
            if natural_hole && self.peeks() {
                // Excluded: the dealer peeked and has no natural.
                continue;
            }
            counts[v] -= 1;
            let r = self.dealer_runs_out(counts, d.with(v));
            counts[v] += 1;
            if r {
                return true;
            }
        }
        false
    }

    /// `U` of doubling on `h` (two units, exactly one card) with `extra` also out of the shoe.
    pub fn double_u(&mut self, h: Hand, extra: Removal) -> f64 {
        let rem = extra.plus(h);
        let left = self.left(rem);
        if left <= 0.0 {
            return f64::NEG_INFINITY;
        }
        let mut acc = 0.0;
        for v in 0..VALUES {
            let a = self.avail(rem, v);
            if a <= 0.0 {
                continue;
            }
            let h2 = h.with(v);
            let r2 = extra.plus(h2);
            let val = if h2.busted() {
                self.lose_u(r2, 1.0)
            } else {
                self.stand_u(h2.total(), r2)
            };
            acc += a * val;
        }
        2.0 * acc / left
    }

    /// `U` of playing on from `h` optimally (the better of stand and hit at every hand), with
    /// `extra` also out of the shoe; for shoes that cannot run out. `memo` is keyed by hand and
    /// belongs to this `extra`.
    pub fn best_u(&mut self, h: Hand, extra: Removal, memo: &mut KeyMap<f64>) -> f64 {
        if let Some(&v) = memo.get(&h.key) {
            return v;
        }
        let stand = self.stand_u(h.total(), extra.plus(h));
        let v = stand.max(self.hit_u(h, extra, memo));
        memo.insert(h.key, v);
        v
    }

    /// `U` of hitting `h` once and playing on optimally, with `extra` also out of the shoe (see
    /// [`UpCard::best_u`]).
    pub fn hit_u(&mut self, h: Hand, extra: Removal, memo: &mut KeyMap<f64>) -> f64 {
        let rem = extra.plus(h);
        let left = self.left(rem);
        if left <= 0.0 {
            return f64::NEG_INFINITY;
        }
        let mut acc = 0.0;
        for v in 0..VALUES {
            let a = self.avail(rem, v);
            if a <= 0.0 {
                continue;
            }
            let h2 = h.with(v);
            let val = if h2.busted() {
                self.lose_u(extra.plus(h2), 1.0)
            } else {
                self.best_u(h2, extra, memo)
            };
            acc += a * val;
        }
        acc / left
    }

    /// Whether doubling on `h` (with `extra` also out) is safe from running out the shoe.
    pub fn double_ok(&mut self, h: Hand, extra: Removal) -> bool {
        let rem = extra.plus(h);
        if self.left(rem) <= self.hole_reserve() {
            return false;
        }
        for v in 0..VALUES {
            if self.avail(rem, v) <= 0.0 {
                continue;
            }
            let r2 = extra.plus(h.with(v));
            if !h.with(v).busted() && self.possible(r2) && self.dealer_can_run_out(r2) {
                return false;
            }
        }
        true
    }

    /// Drops the dealer caches (the hand values stay): what a finished analysis keeps.
    pub fn release_caches(&mut self) {
        self.dealer_cache = KeyMap::default();
        self.projections = KeyMap::default();
    }

    /// Every unsplit hand composition evaluated so far, with its values (for the strategy tables).
    pub fn nodes(&self) -> impl Iterator<Item = (u64, NodeEv)> + '_ {
        self.nodes.iter().map(|(k, e)| (*k, *e))
    }
}

/// Fills `out[k]` with `c (c−1)…(c−k+1)` (`c^k` when `infinite`), 0 once it reaches 0.
fn falling_into(c: f64, infinite: bool, out: &mut [f64]) {
    let mut acc = 1.0;
    for (k, slot) in out.iter_mut().enumerate() {
        *slot = acc;
        let next = if infinite { c } else { c - k as f64 };
        acc = if next > 0.0 { acc * next } else { 0.0 };
    }
}

/// Fills `out[L]` with `1 / n (n−1)…(n−L+1)` (`n^−L` when `infinite`): products first, then
/// independent reciprocals; 0 where the shoe would run out.
fn inv_falling_into(n: f64, infinite: bool, out: &mut [f64]) {
    let mut acc = 1.0;
    for (l, slot) in out.iter_mut().enumerate() {
        *slot = if acc > 0.0 { 1.0 / acc } else { 0.0 };
        let next = if infinite { n } else { n - l as f64 };
        acc = if next > 0.0 { acc * next } else { 0.0 };
    }
}

/// One unit's `U` of standing on `total` against the dealer distribution `d`.
pub(crate) fn stand_value(d: &DealerDist, total: u32, ties: Ties, hole: HoleCard) -> f64 {
    let mut u = d[BUST];
    for (k, &p) in d.iter().take(5).enumerate() {
        let dt = 17 + k as u32;
        if total > dt {
            u += p;
        } else if total < dt || ties == Ties::Dealer {
            u -= p;
        }
    }
    if hole == HoleCard::Enhc {
        u -= d[NATURAL];
    }
    u
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blackjack::ev::hand::unit;

    /// The dealer distribution by a plain pass over the trie, with no projection or cache.
    fn plain(ctx: &UpCard, rem: Removal) -> DealerDist {
        let mut table = vec![0.0; 16 * MAX_DRAWS];
        ctx.falling(rem, &mut table);
        ctx.tree.eval(&table, &ctx.inv_falling(rem, MAX_DRAWS))
    }

    #[test]
    fn projections_agree_with_plain_passes() {
        // A depleted two-deck shoe, several up cards, removals with many aces and pair cards,
        // asked for in an order that exercises the fill from the base up.
        let mut root = [8u32; VALUES];
        root[TEN] = 29;
        root[3] = 2;
        for up in [0usize, 1, 5, 9] {
            for h17 in [false, true] {
                let rules = Rules {
                    dealer_hits_soft_17: h17,
                    ..Rules::default()
                };
                let mut ctx = UpCard::new(&rules, up, root, false);
                let mut by_twos = UpCard::new(&rules, up, root, false);
                for (aces, twos, tens) in [
                    (2u64, 1u64, 0u64),
                    (0, 0, 1),
                    (3, 2, 1),
                    (1, 5, 0),
                    (0, 3, 0),
                ] {
                    let rem = Removal {
                        key: unit(ACE) * aces + unit(1) * twos + unit(TEN) * tens,
                        n: (aces + twos + tens) as u32,
                    };
                    let want = plain(&ctx, rem);
                    // Along the aces (the hit trees) and along the twos (a split of 2s).
                    for got in [ctx.dealer(rem), by_twos.dealer_along(rem, 1)] {
                        for k in 0..7 {
                            assert!(
                                (got[k] - want[k]).abs() < 1e-13,
                                "up {up} h17 {h17} {rem:?} slot {k}: {} vs {}",
                                got[k],
                                want[k]
                            );
                        }
                    }
                    let s: f64 = want.iter().sum();
                    assert!((s - 1.0).abs() < 1e-12);
                }
            }
        }
    }
}

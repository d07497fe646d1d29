//! The dealer's final-total probabilities for a shoe composition.
//!
//! The dealer's play is fixed by the rules (draw to 17, S17 or H17; rules/blackjack.md §2), so
//! the set of card sequences the dealer can draw from one up card is the same for every shoe;
//! only their probabilities depend on the composition. Drawing without replacement, an ordered
//! sequence holding `k_v` cards of each value `v` has probability
//! `Π_v c_v (c_v − 1) … (c_v − k_v + 1) / (N (N − 1) … (N − L + 1))` (`c_v` cards of value `v`
//! left, `N` cards left, `L = Σ k_v`): it depends only on the multiset drawn. So the tree of
//! ordered draws (up to 25,000 branches for a 2 up) is folded once, per (up card, S17/H17), into
//! the *multisets* the dealer can finish with, each with the number of its valid orderings, and
//! these are stored as a trie over the values in ascending order so that shared factors are
//! multiplied once (about 1,300 nodes for a 2 up, 120 for a ten). One evaluation is a single
//! pass over the flat trie, skipping every branch that needs more cards of a value than are left.
//!
//! A pass can also leave one value `p` out of the products and sort the sums by the number of
//! `p` in the multiset and its size ([`Projection`]); the distribution for *any* number of `p`
//! left then costs a few hundred multiply-adds instead of a pass. The hit trees (more and more
//! aces) and the split formula (more and more pair cards out) ask for exactly such families.
//!
//! Only the standing totals and the natural are enumerated; the bust probability is the
//! complement. That is exact as long as the shoe cannot run out during the dealer's draw, which
//! the public API checks before it computes anything.
//!
//! The first card drawn is the hole card. When it makes a natural with the up card the sequence
//! ends in [`NATURAL`]; callers decide what a natural means (excluded under peek, a loss of every
//! stake under ENHC).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use super::hand::{Hand, VALUES};

/// Outcome slots of a [`DealerDist`]: 0..=4 are final totals 17..=21.
pub(crate) const BUST: usize = 5;
/// Outcome slot of a dealer natural (the hole card completes A+ten).
pub(crate) const NATURAL: usize = 6;
/// Probabilities of the dealer's outcomes: totals 17, 18, 19, 20, 21, bust, natural.
pub(crate) type DealerDist = [f64; 7];

/// Bound (exclusive) on the copies of one value and on the cards in a dealer's final multiset
/// (the hard sum grows by at least 1 per card and the dealer stops by 22).
pub(crate) const MAX_DRAWS: usize = 32;

/// Falling factorials by value and count, indexed `v * MAX_DRAWS + k`, at least
/// `16 * MAX_DRAWS` long (a power of two, so that masked indexing needs no bounds check):
/// `c_v (c_v − 1) … (c_v − k + 1)`, 0 once fewer than `k` are left, 1 for `k = 0`.
pub(crate) type Falling = [f64];

/// One trie node: `k` copies of value `v` added to the multiset of its parent. 16 bytes, so
/// that the walk streams through memory.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Number of valid drawing orders of the multiset ending here (0 when none ends here).
    orders: f64,
    /// Index into [`Falling`]: `v * MAX_DRAWS + k`.
    factor: u16,
    /// `k · ROWS · lmax`: the accumulator offset of `k` projected cards.
    k_offset: u16,
    /// Accumulator entry of the multiset ending here with no projected cards:
    /// `row · lmax + cards` (0 when none ends here: `orders` is 0 then).
    base: u16,
    /// Depth in the trie (0 for the children of the root).
    level: u8,
    /// Value index.
    v: u8,
}

/// A trie node with children: the node, and the range of its children that are leaves.
#[derive(Clone, Copy, Debug)]
struct Inner {
    node: Node,
    leaf_start: u32,
    leaf_end: u32,
}

/// The dealer's final multisets for one up card and one soft-17 rule, as a flat trie: the
/// nodes with children in depth-first order, each followed (in the walk) by its run of leaf
/// children, which are most of the trie and need no stack.
#[derive(Clone, Debug)]
pub(crate) struct DealerTree {
    inner: Vec<Inner>,
    leaves: Vec<Node>,
    root_leaves: (u32, u32),
    /// One more than the most copies of one value in a final multiset.
    kmax: usize,
    /// Per value: one more than the most copies of it in a final multiset.
    kmax_of: [usize; VALUES],
    /// Per projected value (and last, none): the accumulator spans of [`Projection`].
    spans: Vec<Arc<Vec<(u8, u8)>>>,
    /// One more than the most cards in a final multiset.
    lmax: usize,
}

/// Outcome rows of the accumulator: 17..=21 and the natural.
const ROWS: usize = 6;
/// "No value is projected out."
const NO_DIR: u8 = 255;

/// The dealer's outcome weights with one value `p` projected out: for every outcome, count `k`
/// of `p` in the final multiset and size `L`, the sum over those multisets of orders × the
/// falling factorials of the *other* values. Multiplying by `c_p (c_p−1)…(c_p−k+1)` and by
/// `1 / N (N−1)…(N−L+1)` gives the probabilities for any number `c_p` of `p` left (`N` cards),
/// so one walk of the trie serves every shoe that differs only in its count of `p`.
#[derive(Clone, Debug)]
pub(crate) struct Projection {
    /// Weights indexed `(k · ROWS + row) · lmax + L`.
    acc: Vec<f64>,
    /// Per block `(k, row)`: the range of sizes `L` that any final multiset reaches (weights
    /// outside are always 0), shared by every projection of one trie along one value.
    spans: Arc<Vec<(u8, u8)>>,
    kmax: usize,
    lmax: usize,
}

/// Room for the shifted tables of [`Projection::dist_shifted`]: `kmax` or `lmax` plus the
/// largest shift.
pub(crate) const SHIFTED: usize = 2 * MAX_DRAWS;

impl Projection {
    /// Most cards of the projected value, and most cards in all, a final multiset can hold
    /// (plus one).
    pub fn bounds(&self) -> (usize, usize) {
        (self.kmax, self.lmax)
    }

    /// A projection of the accumulated weights `acc` (see [`DealerTree::walk`]).
    fn new(acc: Vec<f64>, spans: Arc<Vec<(u8, u8)>>, kmax: usize, lmax: usize) -> Projection {
        Projection {
            acc,
            spans,
            kmax,
            lmax,
        }
    }

    /// The outcome probabilities when `j` more cards of the projected value are out than in the
    /// shoe the tables describe: `falling_p[k]` = `c (c−1)…(c−k+1)` for that shoe's count `c`
    /// and `inv_falling[L]` = `1 / N (N−1)…(N−L+1)` for its `N` cards, both for `k` or `L` up
    /// to `j +` [`Projection::bounds`]. Uses `c−j (c−j−1)… = falling_p[k+j] / falling_p[j]` and
    /// `1 / (N−j)… = inv_falling[L+j] / inv_falling[j]`: no division per entry.
    pub fn dist_shifted(&self, j: usize, falling_p: &[f64], inv_falling: &[f64]) -> DealerDist {
        let mut rows = [0.0f64; ROWS];
        let scale = 1.0 / (falling_p[j] * inv_falling[j]);
        let lmax = self.lmax;
        for k in 0..self.kmax {
            let fk = falling_p[k + j];
            if fk == 0.0 {
                break;
            }
            for (row, slot) in rows.iter_mut().enumerate() {
                let block = k * ROWS + row;
                let (lo, hi) = self.spans[block];
                let (lo, hi) = (usize::from(lo), usize::from(hi));
                if lo >= hi {
                    continue;
                }
                let w = &self.acc[block * lmax + lo..block * lmax + hi];
                let g = &inv_falling[j + lo..j + hi];
                *slot += fk * dot(w, g);
            }
        }
        let mut out = [0.0; 7];
        for (row, &p) in rows.iter().enumerate() {
            out[if row == 5 { NATURAL } else { row }] = p * scale;
        }
        let standing: f64 = out.iter().sum();
        out[BUST] = (1.0 - standing).max(0.0);
        out
    }
}

/// Dot product with four partial sums (so that it pipelines).
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut s = [0.0f64; 4];
    let mut ca = a.chunks_exact(4);
    let mut cb = b.chunks_exact(4);
    for (x, y) in (&mut ca).zip(&mut cb) {
        for i in 0..4 {
            s[i] += x[i] * y[i];
        }
    }
    for (x, y) in ca.remainder().iter().zip(cb.remainder()) {
        s[0] += x * y;
    }
    (s[0] + s[1]) + (s[2] + s[3])
}

/// Whether the dealer stands on `h` (rules/blackjack.md §2: draw to 17; H17 hits soft 17).
pub(crate) fn dealer_stands(h: Hand, hits_soft_17: bool) -> bool {
    let t = h.total();
    t >= 18 || (t == 17 && !(hits_soft_17 && h.soft()))
}

/// Walks every ordered draw sequence, counting the non-bust final multisets.
fn collect(
    hand: Hand,
    drawn: &mut [u8; VALUES],
    depth: u32,
    h17: bool,
    out: &mut HashMap<[u8; VALUES], (u8, f64)>,
) {
    for v in 0..VALUES {
        let h = hand.with(v);
        drawn[v] += 1;
        let outcome = if depth == 0 && h.is_two_card_21() {
            Some(NATURAL as u8)
        } else if h.busted() {
            None
        } else if dealer_stands(h, h17) {
            Some((h.total() - 17) as u8)
        } else {
            collect(h, drawn, depth + 1, h17, out);
            None
        };
        if let Some(o) = outcome {
            let e = out.entry(*drawn).or_insert((o, 0.0));
            debug_assert_eq!(e.0, o, "a multiset has one final total");
            e.1 += 1.0;
        }
        drawn[v] -= 1;
    }
}

/// A trie under construction.
#[derive(Default)]
struct Build {
    children: Vec<(u8, u8, usize)>,
    outcome: Option<(u8, f64, u8)>,
}

impl DealerTree {
    /// The trie for up card value index `up`, built once per process and shared (the tries
    /// depend only on the up card and the soft-17 rule).
    pub fn shared(up: usize, hits_soft_17: bool) -> &'static DealerTree {
        static TRIES: [OnceLock<DealerTree>; 2 * VALUES] = [const { OnceLock::new() }; 2 * VALUES];
        TRIES[usize::from(hits_soft_17) * VALUES + up]
            .get_or_init(|| DealerTree::new(up, hits_soft_17))
    }

    /// Builds the trie for up card value index `up`.
    pub fn new(up: usize, hits_soft_17: bool) -> DealerTree {
        let mut finals = HashMap::new();
        collect(
            Hand::EMPTY.with(up),
            &mut [0; VALUES],
            0,
            hits_soft_17,
            &mut finals,
        );
        let mut kmax_of = [1usize; VALUES];
        for c in finals.keys() {
            for (v, &k) in c.iter().enumerate() {
                kmax_of[v] = kmax_of[v].max(usize::from(k) + 1);
            }
        }
        let kmax = kmax_of.iter().copied().max().unwrap_or(1);
        let lmax = 1 + finals
            .keys()
            .map(|c| c.iter().map(|&k| usize::from(k)).sum::<usize>())
            .max()
            .unwrap_or(0);
        assert!(lmax <= MAX_DRAWS && kmax <= MAX_DRAWS);
        // Which (count of the projected value, outcome row, size) cells any multiset reaches.
        let spans = (0..=VALUES)
            .map(|dir| {
                let k_of = |c: &[u8; VALUES]| if dir < VALUES { usize::from(c[dir]) } else { 0 };
                let kmax = if dir < VALUES { kmax_of[dir] } else { 1 };
                let mut sp = vec![(u8::MAX, 0u8); kmax * ROWS];
                for (c, (o, _)) in &finals {
                    let row = if usize::from(*o) == NATURAL {
                        5
                    } else {
                        usize::from(*o)
                    };
                    let len: u8 = c.iter().sum();
                    let e = &mut sp[k_of(c) * ROWS + row];
                    *e = (e.0.min(len), e.1.max(len + 1));
                }
                Arc::new(sp.into_iter().map(|(lo, hi)| (lo.min(hi), hi)).collect())
            })
            .collect();
        let mut arena = vec![Build::default()];
        let mut sorted: Vec<_> = finals.into_iter().collect();
        sorted.sort_by_key(|a| a.0);
        for (counts, (outcome, orders)) in sorted {
            let mut at = 0;
            // Tens first: about 12% fewer trie nodes than aces first.
            for (v, &k) in counts.iter().enumerate().rev() {
                if k == 0 {
                    continue;
                }
                let found = arena[at]
                    .children
                    .iter()
                    .find(|c| (c.0, c.1) == (v as u8, k))
                    .map(|c| c.2);
                at = match found {
                    Some(i) => i,
                    None => {
                        arena.push(Build::default());
                        let i = arena.len() - 1;
                        arena[at].children.push((v as u8, k, i));
                        i
                    }
                };
            }
            let len: u8 = counts.iter().sum();
            arena[at].outcome = Some((outcome, orders, len));
        }
        let mut inner = Vec::new();
        let mut leaves = Vec::new();
        let root_leaves = flatten(&arena, 0, 0, lmax, &mut inner, &mut leaves);
        DealerTree {
            spans,
            inner,
            leaves,
            root_leaves,
            kmax,
            kmax_of,
            lmax,
        }
    }

    /// One more than the most copies of one value in a final multiset.
    pub fn kmax(&self) -> usize {
        self.kmax
    }

    /// One pass over the trie into `acc` (cleared first), accumulating orders × the factors of
    /// `table` by outcome, count of value `dir` and size (`dir = NO_DIR`: count 0). No branch:
    /// a zero factor (a value exhausted) simply zeroes its subtree, and the caller gives the
    /// projected value factors of one.
    fn walk(&self, table: &Falling, dir: u8, acc: &mut Vec<f64>) {
        let kmax = if usize::from(dir) < VALUES {
            self.kmax_of[usize::from(dir)]
        } else {
            1
        };
        acc.clear();
        acc.resize(kmax * ROWS * self.lmax, 0.0);
        let table = &table[..16 * MAX_DRAWS];
        let mut stack = [0.0f64; 16];
        let mut offs = [0usize; 16];
        stack[0] = 1.0;
        let (rs, re) = self.root_leaves;
        leaf_run(
            &self.leaves[rs as usize..re as usize],
            1.0,
            0,
            dir,
            table,
            acc,
        );
        for inn in &self.inner {
            let nd = inn.node;
            let lvl = usize::from(nd.level) & 15;
            let p = stack[lvl] * table[usize::from(nd.factor) & (16 * MAX_DRAWS - 1)];
            let off = if nd.v == dir {
                usize::from(nd.k_offset)
            } else {
                offs[lvl]
            };
            stack[(lvl + 1) & 15] = p;
            offs[(lvl + 1) & 15] = off;
            // A node where no multiset ends has orders 0 and adds 0.
            acc[usize::from(nd.base) + off] += p * nd.orders;
            let run = &self.leaves[inn.leaf_start as usize..inn.leaf_end as usize];
            leaf_run(run, p, off, dir, table, acc);
        }
    }

    /// The outcome probabilities given `falling` (see [`Falling`]) and `inv_falling[L]` =
    /// `1 / (N (N − 1) … (N − L + 1))`.
    pub fn eval(&self, falling: &Falling, inv_falling: &[f64]) -> DealerDist {
        let mut acc = Vec::new();
        self.walk(falling, NO_DIR, &mut acc);
        let proj = Projection::new(acc, self.spans[VALUES].clone(), 1, self.lmax);
        let mut unit = [0.0; SHIFTED];
        unit[0] = 1.0;
        proj.dist_shifted(0, &unit, inv_falling)
    }

    /// The [`Projection`] along value `p` for shoes whose other counts give `falling` (its row
    /// `p` must be all ones).
    pub fn project(&self, falling: &Falling, p: usize) -> Projection {
        let mut acc = Vec::new();
        self.walk(falling, p as u8, &mut acc);
        Projection::new(acc, self.spans[p].clone(), self.kmax_of[p], self.lmax)
    }
}

/// Adds the leaves of one parent (probability `p`, accumulator offset `off`) to `acc`.
#[inline(always)]
fn leaf_run(leaves: &[Node], p: f64, off: usize, dir: u8, table: &[f64], acc: &mut [f64]) {
    for lf in leaves {
        let q = p * table[usize::from(lf.factor) & (16 * MAX_DRAWS - 1)];
        let o = if lf.v == dir {
            usize::from(lf.k_offset)
        } else {
            off
        };
        acc[usize::from(lf.base) + o] += q * lf.orders;
    }
}

fn node_of(arena: &[Build], v: u8, k: u8, child: usize, level: u8, lmax: usize) -> Node {
    let (base, orders) = match arena[child].outcome {
        Some((o, orders, len)) => {
            let row = if usize::from(o) == NATURAL {
                5
            } else {
                usize::from(o)
            };
            (row * lmax + usize::from(len), orders)
        }
        None => (0, 0.0),
    };
    Node {
        orders,
        factor: (usize::from(v) * MAX_DRAWS + usize::from(k)) as u16,
        k_offset: (usize::from(k) * ROWS * lmax) as u16,
        base: base as u16,
        level,
        v,
    }
}

/// Emits the children of `at`: its leaves into `leaves` (returning their range), then each
/// child with children into `inner`, depth first.
fn flatten(
    arena: &[Build],
    at: usize,
    level: u8,
    lmax: usize,
    inner: &mut Vec<Inner>,
    leaves: &mut Vec<Node>,
) -> (u32, u32) {
    let start = leaves.len() as u32;
    for &(v, k, child) in &arena[at].children {
        if arena[child].children.is_empty() {
            leaves.push(node_of(arena, v, k, child, level, lmax));
        }
    }
    let end = leaves.len() as u32;
    for &(v, k, child) in &arena[at].children {
        if !arena[child].children.is_empty() {
            let idx = inner.len();
            inner.push(Inner {
                node: node_of(arena, v, k, child, level, lmax),
                leaf_start: 0,
                leaf_end: 0,
            });
            let (s, e) = flatten(arena, child, level + 1, lmax, inner, leaves);
            inner[idx].leaf_start = s;
            inner[idx].leaf_end = e;
        }
    }
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::super::hand::TEN;
    use super::*;

    /// Falling-factorial tables for the infinite deck: weight^k and 13^-L.
    fn infinite_tables() -> ([f64; 16 * MAX_DRAWS], [f64; SHIFTED]) {
        let mut f = [0.0; 16 * MAX_DRAWS];
        for v in 0..VALUES {
            let w = if v == TEN { 4.0 } else { 1.0 };
            for k in 0..MAX_DRAWS {
                f[v * MAX_DRAWS + k] = f64::powi(w, k as i32);
            }
        }
        let mut g = [0.0; SHIFTED];
        for (l, slot) in g.iter_mut().enumerate() {
            *slot = 13f64.powi(-(l as i32));
        }
        (f, g)
    }

    #[test]
    fn infinite_deck_up_6_matches_the_rule_book() {
        // rules/blackjack.md §4: infinite deck, S17, up card 6: 17 .165438, 18 .106267,
        // 19 .106267, 20 .101715, 21 .097163, bust .423150.
        let (f, g) = infinite_tables();
        let d = DealerTree::new(5, false).eval(&f, &g);
        let want = [
            0.165438, 0.106267, 0.106267, 0.101715, 0.097163, 0.423150, 0.0,
        ];
        for k in 0..7 {
            assert!(
                (d[k] - want[k]).abs() < 5e-7,
                "slot {k}: {} vs {}",
                d[k],
                want[k]
            );
        }
    }

    #[test]
    fn infinite_deck_up_2_busts_as_published() {
        // rules/blackjack.md §4: up card 2 busts .353608.
        let (f, g) = infinite_tables();
        let d = DealerTree::new(1, false).eval(&f, &g);
        assert!((d[BUST] - 0.353608).abs() < 5e-7, "{}", d[BUST]);
    }

    #[test]
    fn naturals_come_from_the_hole_card_only() {
        let (f, g) = infinite_tables();
        for up in 0..VALUES {
            for h17 in [false, true] {
                let d = DealerTree::new(up, h17).eval(&f, &g);
                let want_nat = match up {
                    0 => 4.0 / 13.0,
                    TEN => 1.0 / 13.0,
                    _ => 0.0,
                };
                assert!((d[NATURAL] - want_nat).abs() < 1e-15);
                assert!(d.iter().all(|&p| (0.0..=1.0).contains(&p)));
            }
        }
    }

    #[test]
    fn one_card_left_of_a_kind_is_drawn_at_most_once() {
        // A shoe of exactly one 7 and one ten (N = 2) against a ten up: the hole card is the 7
        // (17) or the ten (20), each with probability 1/2; nothing else can happen.
        let mut f = [0.0; 16 * MAX_DRAWS];
        for v in 0..VALUES {
            f[v * MAX_DRAWS] = 1.0;
        }
        f[6 * MAX_DRAWS + 1] = 1.0;
        f[TEN * MAX_DRAWS + 1] = 1.0;
        let mut g = [0.0; SHIFTED];
        g[0] = 1.0;
        g[1] = 0.5;
        g[2] = 0.5;
        let d = DealerTree::new(TEN, false).eval(&f, &g);
        assert_eq!(d, [0.5, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0]);
    }
}

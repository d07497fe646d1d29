//! The dealer's final-total probabilities for a shoe composition.
//!
//! The dealer's play is fixed by the rules (draw to 17, S17 or H17; rules/blackjack.md §2), so
//! the tree of every card sequence the dealer can draw from one up card is the same for every
//! shoe; only the probability of each branch depends on the composition. The tree is built once
//! per (up card, S17/H17) and flattened in depth-first order; one evaluation is then a single
//! pass over the flat array: the probability of a node is its parent's times
//! `(count of its value left − copies of that value already drawn on the path) / (cards left −
//! cards already drawn)`, i.e. exact sampling without replacement. Branches whose card is
//! exhausted are skipped whole.
//!
//! The first card drawn is the hole card. When it makes a natural with the up card the branch
//! ends in [`NATURAL`]; callers decide what a natural means (excluded under peek, a loss of every
//! stake under ENHC).

use super::hand::{Hand, VALUES};

/// Outcome slots of a [`DealerDist`]: 0..=4 are final totals 17..=21.
pub(crate) const BUST: usize = 5;
/// Outcome slot of a dealer natural (the hole card completes A+ten).
pub(crate) const NATURAL: usize = 6;
/// Probabilities of the dealer's outcomes: totals 17, 18, 19, 20, 21, bust, natural.
pub(crate) type DealerDist = [f64; 7];

/// Most cards the dealer can draw (the hard sum grows by at least 1 per card and stops at 22).
pub(crate) const MAX_DRAWS: usize = 24;

/// Marks an inner node (the dealer draws again).
const INNER: u8 = 255;

/// One drawn card in the flattened tree.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Value index of the card drawn.
    v: u8,
    /// Copies of this value the dealer drew earlier on this path.
    m: u8,
    /// Cards the dealer drew before this one (0 = the hole card).
    d: u8,
    /// Outcome slot for a leaf, [`INNER`] otherwise.
    kind: u8,
    /// Index just after this node's subtree.
    end: u32,
}

/// The flattened dealer tree for one up card and one soft-17 rule.
#[derive(Clone, Debug)]
pub(crate) struct DealerTree {
    nodes: Vec<Node>,
}

/// Whether the dealer stands on `h` (rules/blackjack.md §2: draw to 17; H17 hits soft 17).
fn dealer_stands(h: Hand, hits_soft_17: bool) -> bool {
    let t = h.total();
    t >= 18 || (t == 17 && !(hits_soft_17 && h.soft()))
}

impl DealerTree {
    /// Builds the tree for up card value index `up`.
    pub fn new(up: usize, hits_soft_17: bool) -> DealerTree {
        let mut nodes = Vec::with_capacity(4096);
        let mut drawn = [0u8; VALUES];
        expand(
            &mut nodes,
            Hand::EMPTY.with(up),
            &mut drawn,
            0,
            hits_soft_17,
        );
        DealerTree { nodes }
    }

    /// Number of nodes (drawn-card branches) in the tree.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The outcome probabilities given, per value index and earlier copies `m`, the weight
    /// `avail[v][m]` (cards of value `v` left once `m` were drawn; 0 when none) and, per depth
    /// `d`, `inv[d]` (the reciprocal of the cards left once `d` were drawn).
    #[inline]
    pub fn eval(&self, avail: &[[f64; MAX_DRAWS]; VALUES], inv: &[f64; MAX_DRAWS]) -> DealerDist {
        let mut out = [0.0; 7];
        let mut stack = [0.0f64; MAX_DRAWS + 1];
        stack[0] = 1.0;
        let nodes = &self.nodes[..];
        let mut i = 0;
        while i < nodes.len() {
            let nd = nodes[i];
            let d = usize::from(nd.d);
            let c = avail[usize::from(nd.v)][usize::from(nd.m)];
            if c <= 0.0 {
                i = nd.end as usize;
                continue;
            }
            let p = stack[d] * c * inv[d];
            if nd.kind == INNER {
                stack[d + 1] = p;
            } else {
                out[usize::from(nd.kind)] += p;
            }
            i += 1;
        }
        out
    }
}

fn expand(nodes: &mut Vec<Node>, hand: Hand, drawn: &mut [u8; VALUES], depth: u8, h17: bool) {
    for v in 0..VALUES {
        let idx = nodes.len();
        let h = hand.with(v);
        let kind = if depth == 0 && h.is_two_card_21() {
            NATURAL as u8
        } else if h.busted() {
            BUST as u8
        } else if dealer_stands(h, h17) {
            (h.total() - 17) as u8
        } else {
            INNER
        };
        nodes.push(Node {
            v: v as u8,
            m: drawn[v],
            d: depth,
            kind,
            end: 0,
        });
        if kind == INNER {
            drawn[v] += 1;
            expand(nodes, h, drawn, depth + 1, h17);
            drawn[v] -= 1;
        }
        nodes[idx].end = nodes.len() as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::super::hand::TEN;
    use super::*;

    fn infinite_weights() -> ([[f64; MAX_DRAWS]; VALUES], [f64; MAX_DRAWS]) {
        let mut avail = [[1.0; MAX_DRAWS]; VALUES];
        avail[TEN] = [4.0; MAX_DRAWS];
        (avail, [1.0 / 13.0; MAX_DRAWS])
    }

    #[test]
    fn infinite_deck_up_6_matches_the_rule_book() {
        // rules/blackjack.md §4: infinite deck, S17, up card 6: 17 .165438, 18 .106267,
        // 19 .106267, 20 .101715, 21 .097163, bust .423150.
        let (a, inv) = infinite_weights();
        let d = DealerTree::new(5, false).eval(&a, &inv);
        let want = [0.165438, 0.106267, 0.106267, 0.101715, 0.097163, 0.423150, 0.0];
        for k in 0..7 {
            assert!((d[k] - want[k]).abs() < 5e-7, "slot {k}: {} vs {}", d[k], want[k]);
        }
    }

    #[test]
    fn infinite_deck_up_2_busts_as_published() {
        // rules/blackjack.md §4: up card 2 busts .353608.
        let (a, inv) = infinite_weights();
        let d = DealerTree::new(1, false).eval(&a, &inv);
        assert!((d[BUST] - 0.353608).abs() < 5e-7, "{}", d[BUST]);
    }

    #[test]
    fn probabilities_sum_to_one_and_naturals_come_from_the_hole_card() {
        let (a, inv) = infinite_weights();
        for up in 0..VALUES {
            for h17 in [false, true] {
                let d = DealerTree::new(up, h17).eval(&a, &inv);
                let s: f64 = d.iter().sum();
                assert!((s - 1.0).abs() < 1e-12, "up {up}: sum {s}");
                let want_nat = match up {
                    0 => 4.0 / 13.0,
                    TEN => 1.0 / 13.0,
                    _ => 0.0,
                };
                assert!((d[NATURAL] - want_nat).abs() < 1e-15);
            }
        }
    }
}

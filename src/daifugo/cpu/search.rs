//! The `hard` level's search: Monte Carlo over determinizations, flat at the root with common
//! random numbers and pruning, with a small tree over the searching seat's own next decisions.
//!
//! Each iteration draws one deal of the hidden cards (from any [`DealSource`]: the belief
//! sampler of [`super::belief`] in play, or the true hands in an analysis), then, on that same
//! deal, plays each live candidate action and finishes the round with the playout policy for
//! every seat on the rules core ([`RoundState`]) — except the searching seat's own next
//! decisions, which an [`OwnTree`] takes when one is given. A candidate's score is its mean
//! value over the deals (round points `players − place + 1`, `rules/daifugo.md` §2, plus the
//! optional future term); every candidate is scored on the same deals, so the differences
//! between candidates carry little of the deals' noise. Candidates whose paired difference to
//! the best falls below −3 standard errors are dropped as the samples grow (successive
//! elimination), so the budget goes to the close calls. With the tree, a candidate's final
//! value counts the playouts through its first tree node at the value of that node's
//! most-taken choice (the robust value: the tree's tries of weaker follow-ups do not count
//! against it).

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

use rand::RngExt;

use super::easy_choice;
use super::imitation::Imitation;
use super::normal::NormalPolicy;
use crate::cards::GameRng;
use crate::daifugo::cardset::CardSet;
use crate::daifugo::event::{Action, MAX_SEATS};
use crate::daifugo::legal::LegalCache;
use crate::daifugo::state::RoundState;
use crate::daifugo::view::{Decision, SeatView};

/// Where the hidden cards of a playout come from: one call, one deal — `hands[s]` for every
/// other seat still holding cards (the searching seat's entry is ignored), and the cards out of
/// play (miyako-ochi) as whatever unseen card no hand holds.
pub trait DealSource {
    /// One deal.
    fn deal(&mut self, rng: &mut GameRng) -> [CardSet; MAX_SEATS];
}

impl<F: FnMut(&mut GameRng) -> [CardSet; MAX_SEATS]> DealSource for F {
    fn deal(&mut self, rng: &mut GameRng) -> [CardSet; MAX_SEATS] {
        self(rng)
    }
}

/// Which policy plays the rest of the round in a playout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rollout {
    /// The `easy` level: fast, many playouts.
    Easy,
    /// The `normal` level: slower, closer to real play.
    #[default]
    Normal,
}

/// When a search stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// Stop when this instant has passed (checked between playouts; the CPU reads the clock,
    /// never the engine). `None`: no time limit.
    pub deadline: Option<Instant>,
    /// Stop after this many deals (at least one deal is always played out).
    pub max_deals: u32,
    /// Drop candidates that fall clearly behind (the paired test of `prune`, looked at after
    /// 16, 32 and 64 deals and every 64 after) and stop once one is left; `false` plays every
    /// candidate out on every deal until the limit ([`super::hard::HardOptions::no_prune_from`]).
    pub prune: bool,
}

/// Scratch space and policy state a search reuses between decisions.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    cache: LegalCache,
    policy: NormalPolicy,
    /// The last search's [`OwnTree`] nodes, emptied at the start of the next search rather
    /// than dropped at the end of their own: a search of seconds grows tens of thousands of
    /// nodes, and freeing them took up to 13 ms past the deadline of a 3000 ms search (p99
    /// 25 to 31 ms over the budget, `docs/daifugo.md` §7). Emptied first thing, they cost the
    /// next search a little of its own time instead, inside its clock.
    nodes: Nodes,
}

/// The nodes of one search's [`OwnTree`] by key, and the keys of its first-level nodes (those
/// `robust_means` counts) in the order the search made them.
///
/// `robust_means` sums over that list, not over the map: a `HashMap`'s order is drawn afresh
/// for every map, so summing in it could round the last bits of a value differently from one
/// run to the next, and a fixed-deal search (records, tests) must give the same values every
/// time.
#[derive(Clone, Debug, Default)]
struct Nodes {
    map: HashMap<u64, Node>,
    firsts: Vec<u64>,
}

impl Nodes {
    /// Forgets every node (keeping the storage for the next search).
    fn clear(&mut self) {
        self.map.clear();
        self.firsts.clear();
    }

    /// Adds a node the map does not hold yet under `key`.
    fn insert(&mut self, key: u64, node: Node) {
        if node.root.is_some() {
            self.firsts.push(key);
        }
        self.map.insert(key, node);
    }

    /// The first-level nodes, in the order they were made.
    fn firsts(&self) -> impl Iterator<Item = &Node> {
        self.firsts.iter().filter_map(|k| self.map.get(k))
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The chosen action (the best of [`SearchResult::means`] among the candidates still
    /// live; ties go to the earlier candidate).
    pub best: Action,
    /// Deals played out.
    pub deals: u32,
    /// Per candidate (in the order given): its value over its deals — the mean, or with
    /// [`OwnTree`] the robust value of `robust_means` — or `None` if dropped before any
    /// deal.
    pub means: Vec<Option<f64>>,
}

/// The value of a finished playout for `seat`: its round points plus the future term for its
/// place (`future` for first, `−future` for last, half as much for second and second-to-last
/// with four or more seats), added only when `rounds_left`.
pub fn playout_value(st: &RoundState, seat: usize, future: f32, rounds_left: bool) -> f32 {
    let pts = st.points(seat) as f32;
    if !rounds_left || future == 0.0 {
        return pts;
    }
    let n = st.players();
    let place = usize::from(st.places()[seat]);
    let bonus = if place == 1 {
        future
    } else if place == n {
        -future
    } else if n >= 4 && place == 2 {
        future / 2.0
    } else if n >= 4 && place == n - 1 {
        -future / 2.0
    } else {
        0.0
    };
    pts + bonus
}

/// How a search plays and scores its playouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playouts {
    /// The playout policy.
    pub rollout: Rollout,
    /// The future term of [`playout_value`].
    pub future: f32,
    /// How the searching seat's own next decisions in each playout are taken: by the tree
    /// of [`OwnTree`], or with `None` by the playout policy like every other decision.
    pub tree: Option<OwnTree>,
    /// The chance, 0..=1, that another seat's decision in a playout (in the tree's descent
    /// and the rollout alike) is the `easy` level's choice instead of the playout policy's
    /// ([`reply`]): replies that are not all `normal`'s, for tables that do not play like
    /// `normal`. 0 draws nothing, so a search without it is unchanged for a seed.
    pub easy_replies: f64,
    /// With `Some`, another seat's play decision in a playout is drawn from this imitation
    /// of `hard` instead ([`reply`]; [`crate::daifugo::cpu::hard::Imitate`] says when).
    pub imitation: Option<&'static Imitation>,
}

/// How the other seats reply in a search's playouts: [`Playouts::easy_replies`] and
/// [`Playouts::imitation`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Replies {
    /// The chance, 0..=1, of the `easy` level's choice.
    pub easy_share: f64,
    /// The imitation play decisions are drawn from, before the `easy` share.
    pub imitation: Option<&'static Imitation>,
}

impl Playouts {
    /// The replies of these playouts.
    pub fn replies(&self) -> Replies {
        Replies {
            easy_share: self.easy_replies,
            imitation: self.imitation,
        }
    }
}

/// A decision in a playout searched for seat `me`: another seat's play decision is drawn
/// from `replies.imitation` when there is one; otherwise another seat's decision is, with
/// chance `replies.easy_share` (0..=1), the `easy` level's choice, else `policy`'s; `me`'s own
/// is always `policy`'s. Only another seat's decision drawn from the imitation or at a share
/// above 0 draws from `rng`. See [`crate::daifugo::cpu::hard::Loosen::easy_replies`] and
/// [`crate::daifugo::cpu::hard::Imitate`] for why and what they measured.
pub fn reply(
    view: &SeatView<'_>,
    me: usize,
    replies: Replies,
    rng: &mut GameRng,
    policy: &mut NormalPolicy,
) -> Action {
    if view.seat() != me
        && let Some(im) = replies.imitation
        && matches!(view.decision(), Decision::Play { .. })
    {
        // The policy keeps the seat's knowledge between its decisions; a forced pass has
        // none to keep and no choice to draw.
        return match policy.knowledge(view) {
            Some(k) => im.sample_with(view, rng, Some(k)).unwrap_or(Action::Pass),
            None => Action::Pass,
        };
    }
    let easy_share = replies.easy_share;
    if view.seat() != me && easy_share > 0.0 && rng.random::<f64>() < easy_share {
        easy_choice(view)
    } else {
        policy.choose(view)
    }
}

/// The searching seat's own next decisions inside the playouts (issue 13): a small
/// information-set tree (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012, over the
/// seat's own decisions only; the other seats play the playout policy). A node is what the seat
/// would see at that decision — the node above, its hand, the trick, the hand counts and who
/// has passed — so every deal that shows the seat the same table shares the node's statistics,
/// and the seat picks among the `hard` candidates there by UCB1 (Auer, Cesa-Bianchi and Fischer
/// 2002), opening them one at a time as deals reach the node (progressive widening, the
/// `normal` choice first: a node few deals reach plays like `normal` rather than trying every
/// candidate once). A candidate at the root is then valued by how well the seat can go on
/// playing, not by how `normal` would go on; unlike letting the seat see the playout's deal, a
/// node cannot use what the seat would not know (no strategy fusion). By default the seat's
/// next two decisions are nodes; with a larger `depth`, deeper ones are created only once the
/// line leading to them has been played out often enough (progressive deepening,
/// [`OwnTree::expand`]) — an option measured and left off, see [`OwnTree::default`] and
/// `docs/daifugo.md` §7.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OwnTree {
    /// UCB1's exploration constant, in round points (a playout is worth 1 to the number of
    /// players).
    pub explore: f32,
    /// How many of the seat's next decisions that have a choice may be nodes; later ones are
    /// the playout policy's.
    pub depth: u8,
    /// Progressive deepening: past the first [`EAGER_LEVELS`] levels, a node is created only
    /// once the candidate leading to it at the node above has been taken this many times
    /// (the expansion threshold of Coulom 2006 and Chaslot et al. 2008); until then the
    /// playout policy takes that decision. The tree then grows deep only where the deals
    /// keep coming, so more time buys deeper follow-ups. 0 creates every level at once.
    pub expand: u32,
    /// Progressive widening (Coulom 2007; Chaslot et al. 2008): a node visited N times
    /// chooses among its first `1 + ⌊widen·√N⌋` candidates only — the `normal` choice alone
    /// on a first visit, a second candidate from the first revisit when `widen` is 1, a
    /// third from the fourth. A node few deals reach then plays like `normal` instead of
    /// trying each of its candidates once. 0 opens every candidate at once.
    pub widen: f32,
}

impl Default for OwnTree {
    /// Exploration 1.0, depth 2 (both levels created at once, so `expand` has no effect),
    /// widening 1.0. Depth and widening: `hard` at 1,600 deals a decision against
    /// three `normal` (one-round matches, seed 101, 1,000 matches) scored 3.090 ± 0.030
    /// without the tree, 3.186 ± 0.029 at depth 1, 3.202 ± 0.029 at depth 2 and 3.254 ±
    /// 0.028 at depth 2 with widening 1.0 (+0.052 ± 0.022 paired); at 400 deals (2,000
    /// matches) widening 0.5 and 1.0 both gained +0.028 (± 0.018 / ± 0.016), depth 4 with
    /// widening 0.5 lost 0.011 ± 0.011 against depth 2, and depth 8 without widening did no
    /// better than depth 2 at 25% more time.
    ///
    /// Depth 6 with progressive deepening after 16 takes (the default from 2026-12-02 to
    /// 12-03), against `normal`: paired against depth 2
    /// on the same deals (seed 101), +0.006 ± 0.009 at 400 deals (2,000 matches) and +0.029 ±
    /// 0.016 at 1,600 deals (1,000; 3.265 ± 0.028 against 3.236 ± 0.028); after 8 takes
    /// −0.001 ± 0.018, after 32 +0.024 ± 0.014 (1,600 deals); under time budgets (seeds 21
    /// and 22, 1,000 matches each) −0.014 ± 0.022 at 20 ms, +0.034 ± 0.019 at 100 ms and
    /// −0.001 ± 0.019 at 300 ms; all of it weighted by variance +0.010 ± 0.007, at no cost in
    /// decision time. But against four FujiGokoro clients at the UECda table (300 ms, 300
    /// games a run, seed 7), the runs with deepening scored 3.507 ± 0.091, 3.677 ± 0.085 and
    /// (without the robust value) 3.517 ± 0.089, those without it 3.723 ± 0.085 and (without
    /// the robust value) 3.793 ± 0.080, and on seed 8 3.387 ± 0.089 with deepening against
    /// 3.700 ± 0.085 without: deepening cost 0.22 ± 0.07 there over both seeds, while the
    /// robust value made no difference. A tree that follows the seat's own lines deeper on
    /// `normal` playouts fits `normal`'s replies, which another player does not make. Depth 2
    /// is within one paired standard error (± 0.01) of it against `normal` at every budget
    /// from 20 to 300 ms (seeds 21 and 22, 4,000 matches each; at 1000 ms deepening led by
    /// 0.064 ± 0.025 on 500 deals) and better against FujiGokoro. The `hard` level deepens
    /// only at a table that plays like `normal` (`hard::Deepen`). See `docs/daifugo.md` §7.
    fn default() -> OwnTree {
        OwnTree {
            explore: 1.0,
            depth: 2,
            widen: 1.0,
            expand: 16,
        }
    }
}

/// Searches `cands` (at least one; the first is the default choice on ties) for the view's
/// seat: deals from `deals`, playouts as `how` says, until `limit`. See the module docs.
pub fn search(
    view: &SeatView<'_>,
    cands: &[Action],
    deals: &mut dyn DealSource,
    how: Playouts,
    limit: Limit,
    rng: &mut GameRng,
    scratch: &mut Scratch,
) -> SearchResult {
    let me = view.seat();
    let k = cands.len();
    let mut live: Vec<bool> = vec![true; k];
    let mut sums = vec![0.0f64; k];
    let mut results: Vec<Vec<f32>> = vec![Vec::new(); k];
    let mut done = 0u32;
    // Taken out of `scratch` (which the playouts borrow) and put back at the end; see
    // `Scratch::nodes`.
    let mut nodes = std::mem::take(&mut scratch.nodes);
    nodes.clear();
    let mut path: Vec<(u64, usize)> = Vec::new();
    // For the robust value (see `robust_means`): per candidate, the value and count of the
    // playouts that reached no node of the tree.
    let mut bare = vec![(0.0f64, 0u32); k];
    // The tree credits of the deal under way (node, candidate taken, value; or for a
    // playout that reached no node, `bare`'s candidate and value), applied once the deal is
    // complete: a deal cut short by the deadline is dropped from the tree statistics as from
    // `results`, so the robust value and the plain mean rest on the same deals.
    let mut pending: Vec<(u64, usize, f32)> = Vec::new();
    let mut pending_bare: Vec<(usize, f32)> = Vec::new();
    let rounds_left = view.round() < view.rounds();
    let unseen = CardSet::deck(view.rules().jokers)
        .minus(view.hand())
        .minus(view.played());
    loop {
        let hands = deals.deal(rng);
        let dealt = hands
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != me)
            .fold(CardSet::EMPTY, |a, (_, h)| a.union(*h));
        let out = unseen.minus(dealt);
        let Some(base) = RoundState::from_view(view, &hands, out) else {
            break;
        };
        let mut late = false;
        for (c, a) in cands.iter().enumerate() {
            if !live[c] {
                continue;
            }
            if c > 0 && limit.deadline.is_some_and(|d| Instant::now() >= d) {
                late = true;
                break;
            }
            let mut st = base;
            let pts = if st.step(*a) {
                if let Some(tree) = how.tree {
                    let r = how.replies();
                    descend(&mut st, me, c, &mut nodes, tree, r, &mut path, rng, scratch);
                }
                let policy = &mut scratch.policy;
                match how.rollout {
                    Rollout::Normal => st.run(&mut scratch.cache, rng, |v, r| {
                        reply(v, me, how.replies(), r, policy)
                    }),
                    Rollout::Easy => st.run(&mut scratch.cache, rng, |v, _| easy_choice(v)),
                };
                let v = playout_value(&st, me, how.future, rounds_left);
                if path.is_empty() {
                    pending_bare.push((c, v));
                }
                pending.extend(path.drain(..).map(|(key, i)| (key, i, v)));
                v
            } else {
                0.0
            };
            sums[c] += f64::from(pts);
            results[c].push(pts);
        }
        if late && done > 0 {
            // Out of time inside a deal: drop its partial results so every live candidate
            // keeps the same deals. (Inside the first deal they are all there is: the
            // candidates it reached are compared on it, the others are left out.)
            for (c, r) in results.iter_mut().enumerate() {
                if live[c] && r.len() > done as usize {
                    sums[c] -= f64::from(r.pop().unwrap_or(0.0));
                }
            }
            break;
        }
        // The deal counts: credit the tree. (A root candidate's nodes are its own, so no
        // other candidate's playout of this deal would have read these statistics.)
        for (c, v) in pending_bare.drain(..) {
            bare[c].0 += f64::from(v);
            bare[c].1 += 1;
        }
        for (key, i, v) in pending.drain(..) {
            if let Some(node) = nodes.map.get_mut(&key) {
                node.record(i, v);
            }
        }
        if late {
            break;
        }
        done += 1;
        if done >= limit.max_deals.max(1) || limit.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        if limit.prune && (done >= 16 && done.is_power_of_two() || done.is_multiple_of(64)) {
            prune(&results, &mut live);
            if live.iter().filter(|l| **l).count() <= 1 {
                break;
            }
        }
    }
    let means = if how.tree.is_some() {
        robust_means(&results, &sums, &bare, &nodes)
    } else {
        (0..k)
            .map(|c| (!results[c].is_empty()).then(|| sums[c] / results[c].len() as f64))
            .collect()
    };
    let mut best = 0;
    let mut best_mean = f64::MIN;
    for c in 0..k {
        if let (true, Some(m)) = (live[c], means[c])
            && m > best_mean + 1e-9
        {
            best_mean = m;
            best = c;
        }
    }
    scratch.nodes = nodes;
    SearchResult {
        best: cands[best],
        deals: done,
        means,
    }
}

/// Each candidate's robust value (`None` if it was dropped before any deal): the mean over its
/// playouts (`sums` over `results`, the value when no playout of it reached the tree),
/// except that the playouts through a first-level node of [`OwnTree`] count at the
/// mean of that node's most-taken candidate ("robust child", Coulom 2006) instead of their own
/// values. UCB1 keeps trying the other candidates at a node, and those tries would pull down
/// the value of a root candidate whose follow-up is hard to find; the most-taken one is the
/// node's best estimate of how the seat goes on. Against three `normal` (one-round matches,
/// paired against the plain mean on the same deals): +0.021 ± 0.014 at 400 deals a decision
/// (seed 101, 2,000 matches); at 300 ms, the default, +0.040 ± 0.020 (seeds 21 and 22) and
/// +0.033 ± 0.022 (seeds 23 and 24, 1,000 matches each); but −0.033 ± 0.025 at 20 ms and
/// −0.029 ± 0.020 at 100 ms, where the nodes see few deals and values that are not paired
/// deal for deal cost more than the bias they remove. The node's best mean instead (among
/// candidates taken 8 times or more) lost 0.041 ± 0.013 at 400 deals, and the robust child
/// at every level of the tree 0.006 ± 0.015 (`docs/daifugo.md` §7). The first-level nodes
/// are summed in the order the search made them ([`Nodes`]), so the same search gives the same
/// values to the last bit on every run.
fn robust_means(
    results: &[Vec<f32>],
    sums: &[f64],
    bare: &[(f64, u32)],
    nodes: &Nodes,
) -> Vec<Option<f64>> {
    let mut sum: Vec<f64> = bare.iter().map(|b| b.0).collect();
    let mut count: Vec<f64> = bare.iter().map(|b| f64::from(b.1)).collect();
    for node in nodes.firsts() {
        if let Some(c) = node.root
            && let Some(v) = node.robust()
        {
            sum[c] += v * f64::from(node.total);
            count[c] += f64::from(node.total);
        }
    }
    (0..results.len())
        .map(|c| {
            (!results[c].is_empty()).then(|| {
                if count[c] > 0.0 {
                    sum[c] / count[c]
                } else {
                    sums[c] / results[c].len() as f64
                }
            })
        })
        .collect()
}

/// Drops candidates whose paired difference to the best live candidate is below −3
/// standard errors. The search calls it after 16, 32 and 64 deals and every 64 after: pruning
/// only from 64 deals on measured the same (`hard` at 100 deals vs three `normal`, one-round
/// matches, 250 deals played four times with `hard` in each seat, seed 31: 3.004 against
/// 3.009, paired difference −0.005 ± 0.013, with 24% more CPU), so the early calls stay.
fn prune(results: &[Vec<f32>], live: &mut [bool]) {
    let mean = |v: &Vec<f32>| v.iter().map(|x| f64::from(*x)).sum::<f64>() / v.len().max(1) as f64;
    let Some(best) = (0..results.len())
        .filter(|c| live[*c])
        .max_by(|a, b| mean(&results[*a]).total_cmp(&mean(&results[*b])))
    else {
        return;
    };
    for c in 0..results.len() {
        if c == best || !live[c] {
            continue;
        }
        let n = results[c].len().min(results[best].len());
        if n < 8 {
            continue;
        }
        let d: Vec<f64> = (0..n)
            .map(|i| f64::from(results[c][i]) - f64::from(results[best][i]))
            .collect();
        let m = d.iter().sum::<f64>() / n as f64;
        let var = d.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n as f64 - 1.0);
        let se = (var / n as f64).sqrt();
        if m + 3.0 * se.max(0.02) < 0.0 {
            live[c] = false;
        }
    }
}

/// The levels of [`OwnTree`] created on a first visit, whatever [`OwnTree::expand`] says: the
/// seat's next two decisions, the tree as it measured best before progressive deepening.
pub const EAGER_LEVELS: usize = 2;

/// Whether a playout may create a node at `level` of [`OwnTree`] (0 for the seat's next
/// decision with a choice) when the candidate that led there at the node above had been taken
/// `taken_before` times: always on the first [`EAGER_LEVELS`] levels, below them once it has
/// been taken `expand` times (progressive deepening, [`OwnTree::expand`]).
fn opens_node(level: usize, taken_before: u32, expand: u32) -> bool {
    level < EAGER_LEVELS || taken_before >= expand
}

/// The searching seat's statistics at one of its own decisions inside the playouts: its
/// candidates and, per candidate, the playouts that took it and their summed value.
#[derive(Clone, Debug)]
struct Node {
    actions: Vec<Action>,
    n: Vec<u32>,
    sum: Vec<f32>,
    total: u32,
    /// For a first-level node (the seat's first decision with a choice after a root
    /// candidate), that candidate's index: `robust_means` counts the node for it.
    root: Option<usize>,
}

impl Node {
    fn new(actions: Vec<Action>, root: Option<usize>) -> Node {
        Node {
            n: vec![0; actions.len()],
            sum: vec![0.0; actions.len()],
            actions,
            total: 0,
            root,
        }
    }

    /// UCB1 among the candidates open after N visits (all, or the first `1 + ⌊widen·√N⌋`
    /// with `widen` > 0; see [`OwnTree::widen`]): each open candidate once (in order, so the
    /// `normal` choice first), then the best mean plus `explore·sqrt(ln N / n)`; ties go to
    /// the earlier candidate.
    fn select(&self, explore: f32, widen: f32) -> usize {
        let open = if widen > 0.0 {
            (1 + (widen * (self.total as f32).sqrt()) as usize).min(self.actions.len())
        } else {
            self.actions.len()
        };
        if let Some(i) = self.n[..open].iter().position(|n| *n == 0) {
            return i;
        }
        let ln = (self.total as f32).ln();
        let mut best = 0;
        let mut best_v = f32::MIN;
        for i in 0..open {
            let n = self.n[i] as f32;
            let v = self.sum[i] / n + explore * (ln / n).sqrt();
            if v > best_v {
                best_v = v;
                best = i;
            }
        }
        best
    }

    /// The mean value of the most-taken candidate (the one with the higher sum on a tie), or
    /// `None` before the first visit.
    fn robust(&self) -> Option<f64> {
        let i = (0..self.n.len()).max_by(|a, b| {
            (self.n[*a], self.sum[*a])
                .partial_cmp(&(self.n[*b], self.sum[*b]))
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(b.cmp(a))
        })?;
        (self.n[i] > 0).then(|| f64::from(self.sum[i]) / f64::from(self.n[i]))
    }

    /// Counts a playout that took candidate `i` and was worth `value`.
    fn record(&mut self, i: usize, value: f32) {
        self.n[i] += 1;
        self.sum[i] += value;
        self.total += 1;
    }
}

/// The node the searching seat's information names at a decision of its own: the node above
/// (`parent`), its hand, the trick, the hand counts and who has passed.
fn node_key(parent: u64, view: &SeatView<'_>, st: &RoundState) -> u64 {
    let mut h = DefaultHasher::new();
    parent.hash(&mut h);
    view.hand().hash(&mut h);
    let t = view.trick();
    t.pile.hash(&mut h);
    t.lock.hash(&mut h);
    (t.number_lock, t.revolution, t.jack_back).hash(&mut h);
    st.counts().hash(&mut h);
    st.passed().hash(&mut h);
    h.finish()
}

/// Plays the playout on with the playout policy through the searching seat's next
/// `tree.depth` play decisions that have a choice, taking each by UCB1 at its node of
/// [`OwnTree`] (created on first visit with the `hard` candidates of that position); pushes
/// each node and the candidate taken onto `path`, for the caller to credit with the
/// playout's value. `root` is the root candidate's index; the other seats reply as [`reply`]
/// says with `replies`.
#[allow(clippy::too_many_arguments)]
fn descend(
    st: &mut RoundState,
    me: usize,
    root: usize,
    nodes: &mut Nodes,
    tree: OwnTree,
    replies: Replies,
    path: &mut Vec<(u64, usize)>,
    rng: &mut GameRng,
    scratch: &mut Scratch,
) {
    path.clear();
    let mut parent = root as u64;
    let cap = 80 * st.players() + 80;
    let mut steps = 0;
    // How often the candidate taken at the node above had been taken before this playout
    // (progressive deepening, [`OwnTree::expand`]).
    let mut taken_before = u32::MAX;
    while !st.is_over() && steps < cap && path.len() < usize::from(tree.depth) {
        scratch.cache.invalidate();
        let (action, picked) = {
            let v = st.view(&scratch.cache);
            match v.decision() {
                Decision::Play { can_pass } if v.seat() == me => {
                    // A node keeps the candidates of its first visit: they serve every deal
                    // that reaches it, since its hand and trick fix the legal plays (the
                    // `normal` choice among them may differ from deal to deal). Looking the
                    // node up first spares building the list again.
                    let key = node_key(parent, &v, st);
                    if let Some(node) = nodes.map.get(&key) {
                        let i = node.select(tree.explore, tree.widen);
                        taken_before = node.n[i];
                        (node.actions[i], Some((key, i)))
                    } else if !opens_node(path.len(), taken_before, tree.expand) {
                        // Not yet worth a node: the playout policy goes on from here.
                        break;
                    } else {
                        let cands = super::hard::candidates(&v, can_pass);
                        if cands.len() == 1 {
                            (cands[0], None)
                        } else {
                            // A new node's first pick is its first candidate, the `normal`
                            // choice (see `Node::select`).
                            let a = cands[0];
                            taken_before = 0;
                            let first = path.is_empty().then_some(root);
                            nodes.insert(key, Node::new(cands, first));
                            (a, Some((key, 0)))
                        }
                    }
                }
                _ => (reply(&v, me, replies, rng, &mut scratch.policy), None),
            }
        };
        if !st.step(action) {
            let fallback = st.fallback(&scratch.cache);
            st.step(fallback);
            return;
        }
        if let Some((key, i)) = picked {
            path.push((key, i));
            // The child's parent names the candidate taken too.
            parent = key ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        steps += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(stats: &[(u32, f32)]) -> Node {
        let mut n = Node::new(vec![Action::Pass; stats.len()], None);
        for (i, (count, sum)) in stats.iter().enumerate() {
            n.n[i] = *count;
            n.sum[i] = *sum;
            n.total += count;
        }
        n
    }

    #[test]
    fn ucb1_tries_every_candidate_once_in_order() {
        assert_eq!(node(&[(0, 0.0), (0, 0.0), (0, 0.0)]).select(1.0, 0.0), 0);
        assert_eq!(node(&[(3, 12.0), (0, 0.0), (0, 0.0)]).select(1.0, 0.0), 1);
        assert_eq!(node(&[(3, 3.0), (1, 1.0), (0, 0.0)]).select(1.0, 0.0), 2);
    }

    #[test]
    fn ucb1_weighs_mean_against_visits() {
        // N = 20: candidate 0 has mean 3.0 over 18, candidate 1 mean 2.5 over 2.
        // Bonus sqrt(ln 20 / n): 0.4080 for n = 18, 1.2239 for n = 2.
        // explore 1: 3.408 against 3.724, the rarely tried one; explore 0.1: 3.041 against
        // 2.622, the better mean.
        let n = node(&[(18, 54.0), (2, 5.0)]);
        assert_eq!(n.select(1.0, 0.0), 1);
        assert_eq!(n.select(0.1, 0.0), 0);
        // Equal scores: the earlier candidate.
        assert_eq!(node(&[(4, 10.0), (4, 10.0)]).select(1.0, 0.0), 0);
    }

    #[test]
    fn widening_opens_candidates_with_the_square_root_of_visits() {
        // widen 1: 1 + ⌊√N⌋ open — N = 0: one (the `normal` choice); N = 1..3: two;
        // N = 4..8: three. (N = 3: means 4 and 1, bonuses 0.741 and 1.048, so the first.)
        assert_eq!(node(&[(0, 0.0), (0, 0.0), (0, 0.0)]).select(1.0, 1.0), 0);
        assert_eq!(node(&[(1, 2.0), (0, 0.0), (0, 0.0)]).select(1.0, 1.0), 1);
        assert_eq!(node(&[(2, 8.0), (1, 1.0), (0, 0.0)]).select(1.0, 1.0), 0);
        assert_eq!(node(&[(3, 6.0), (1, 2.0), (0, 0.0)]).select(1.0, 1.0), 2);
        // widen 0.5: 1 + ⌊√N / 2⌋ — N = 3 keeps one open, so the first even though untried
        // ones wait; N = 4 opens the second.
        assert_eq!(node(&[(3, 3.0), (0, 0.0), (0, 0.0)]).select(1.0, 0.5), 0);
        assert_eq!(node(&[(4, 4.0), (0, 0.0), (0, 0.0)]).select(1.0, 0.5), 1);
        // Everything open: never past the last candidate.
        assert_eq!(node(&[(50, 50.0), (50, 200.0)]).select(1.0, 4.0), 1);
    }

    #[test]
    fn deepening_opens_the_first_levels_at_once_and_later_ones_once_well_visited() {
        // The seat's next two decisions always get a node, however new the path.
        assert!(opens_node(0, 0, 16));
        assert!(opens_node(1, 0, 16));
        // Below them, only after the candidate above has been taken 16 times.
        assert!(!opens_node(2, 0, 16));
        assert!(!opens_node(2, 15, 16));
        assert!(opens_node(2, 16, 16));
        assert!(!opens_node(5, 3, 16));
        assert!(opens_node(5, 40, 16));
        // 0: every level at once, as the tree without deepening.
        assert!(opens_node(4, 0, 0));
    }

    #[test]
    fn the_robust_value_is_the_most_taken_candidates_mean() {
        // Taken 3, 5 and 2 times: the second, 10 / 5.
        assert_eq!(node(&[(3, 9.0), (5, 10.0), (2, 8.0)]).robust(), Some(2.0));
        // Taken as often: the higher sum, 12 / 4.
        assert_eq!(node(&[(4, 8.0), (4, 12.0)]).robust(), Some(3.0));
        // Exactly equal: the earlier (with 2 / 1 after them, taken less).
        assert_eq!(node(&[(2, 4.0), (2, 4.0), (1, 2.0)]).robust(), Some(2.0));
        assert_eq!(node(&[(0, 0.0), (0, 0.0)]).robust(), None);
    }

    #[test]
    fn robust_means_count_first_level_nodes_at_their_robust_value() {
        // Candidate 0: two playouts reached no node (3 + 3) and eighty went through a node
        // whose most-taken candidate averages 3.5 over 64 (the other, tried 16 times, 1.0):
        // (6 + 80 × 3.5) / 82 = 286 / 82, where the plain mean is (6 + 224 + 16) / 82 = 3.
        // Candidate 1: no node, its plain mean 2. Candidate 2: dropped before any deal.
        // A deeper node (no root candidate) does not count.
        let mut first = node(&[(64, 224.0), (16, 16.0)]);
        first.root = Some(0);
        let mut nodes = Nodes::default();
        nodes.insert(7, first);
        nodes.insert(8, node(&[(40, 40.0)]));
        let results = vec![vec![3.0; 82], vec![2.0, 2.0], Vec::new()];
        let sums = [246.0, 4.0, 0.0];
        let bare = [(6.0, 2), (4.0, 2), (0.0, 0)];
        let m = robust_means(&results, &sums, &bare, &nodes);
        assert!((m[0].unwrap() - 286.0 / 82.0).abs() < 1e-9);
        assert_eq!(m[1], Some(2.0));
        assert_eq!(m[2], None);
    }

    #[test]
    fn a_node_counts_what_it_is_told() {
        let mut n = node(&[(0, 0.0), (0, 0.0)]);
        n.record(1, 4.0);
        n.record(1, 2.0);
        n.record(0, 1.0);
        assert_eq!(
            (n.n.clone(), n.sum.clone(), n.total),
            (vec![1, 2], vec![1.0, 6.0], 3)
        );
    }
}

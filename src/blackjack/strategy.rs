//! Basic strategy for the configured rules: the total-dependent action table derived from exact
//! expected values (not a hard-coded chart), and the O(1) lookup used by the hint, the advisor
//! and `simulate`.
//!
//! Interface shared by the engine, the simulator and the advisor: build a [`BasicStrategy`] once
//! per rule set with [`BasicStrategy::new`], then ask [`BasicStrategy::decide`] for each decision.
//!
//! # How the table is derived
//! [`crate::blackjack::ev`] computes, for a full shoe of the configured decks and every up card,
//! the composition-dependent value of every action on every two-card hand and of hitting or
//! standing on every larger hand. A total-dependent table must give one answer per total, so:
//!
//! * **First decision** (two cards; rows hard 4–20, soft 12–21, pairs): for each row and up card,
//!   every action's value is summed over the two-card hands making that total, each weighted by
//!   its probability of being dealt from the full shoe given the up card (pairs are their own
//!   row; non-split pairs also count in their hard or soft total). The actions are ranked by that
//!   weighted value; [`BasicStrategy::decide`] plays the best one the situation allows. Values
//!   are the unconditional contributions to the game's EV (a dealer natural under peek counts
//!   the same for every action), so the ranking maximizes the EV of the whole row. Early
//!   surrender under peek is valued before the peek (−0.5 against playing on with the natural
//!   risk).
//! * **After a hit** (three or more cards; rows hard 4–21, soft 12–21): hit or stand, by the
//!   value of each summed over every multi-card hand of the total, each weighted by the
//!   probability that the table's own strategy reaches it (dealt its cards in some order, hitting
//!   at every earlier step). Totals are settled in increasing hard sum, so every weight only
//!   depends on decisions already made.
//!
//! Split hands use the same rows (`from_split` only changes what is allowed). A
//! [`Situation`] that can neither double nor surrender and holds no pair is taken as a hand
//! after a hit; a two-card hand in that position (after a split without double-after-split)
//! is played by the after-hit row, which differs from the first-decision row only in near ties.
//!
//! The tables are computed once per rule set per process (about 0.1 s in a release build) and
//! shared: [`BasicStrategy::new`] is cheap after the first call.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::ev::{self, Hand, NodeEv, Removal, UpAnalysis, VALUES, count_in, unit};
use super::rules::{
    BlackjackPays, DoubleRule, HoleCard, ResplitPolicy, Rules, SplitTensBy, Surrender, Ties,
};

/// A player decision (insurance is a separate yes/no question; basic strategy always declines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    /// Take a card.
    Hit,
    /// Take no more cards.
    Stand,
    /// Double the bet and take exactly one card.
    Double,
    /// Split a pair into two hands.
    Split,
    /// Give up half the bet.
    Surrender,
}

impl Decision {
    /// The chart letter: H, S, D, P (split), R (surrender).
    pub fn letter(self) -> char {
        match self {
            Decision::Hit => 'H',
            Decision::Stand => 'S',
            Decision::Double => 'D',
            Decision::Split => 'P',
            Decision::Surrender => 'R',
        }
    }
}

/// What basic strategy needs to know about one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The hand's best total (4..=21).
    pub total: u8,
    /// Whether an ace counts 11 in `total`.
    pub soft: bool,
    /// For a two-card pair that may be split: the value of one card (1 = ace, 2..=10).
    pub pair: Option<u8>,
    /// Whether this hand was made by splitting.
    pub from_split: bool,
    /// Whether doubling is allowed now (rules, cards and chips).
    pub can_double: bool,
    /// Whether splitting is allowed now.
    pub can_split: bool,
    /// Whether surrendering is allowed now.
    pub can_surrender: bool,
    /// The dealer's up card value (1 = ace, 2..=10).
    pub dealer_up: u8,
}

/// The dealer columns of a chart, in the usual order: 2..=10, then the ace (1).
pub const DEALER_COLUMNS: [u8; 10] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];

/// One first-decision cell: the actions the rules allow for the row, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ranked {
    order: [Decision; 5],
    len: u8,
    /// The decision for each combination of (can double, can surrender, can split) bits.
    pick: [Decision; 8],
}

impl Ranked {
    fn new(mut evs: Vec<(Decision, f64)>) -> Ranked {
        // Stable order for exact ties: the list is built stand, hit, double, split, surrender.
        evs.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mut order = [Decision::Stand; 5];
        for (slot, (d, _)) in order.iter_mut().zip(&evs) {
            *slot = *d;
        }
        let len = evs.len() as u8;
        let mut pick = [Decision::Stand; 8];
        for (flags, slot) in pick.iter_mut().enumerate() {
            let allowed = |d: Decision| match d {
                Decision::Hit | Decision::Stand => true,
                Decision::Double => flags & 1 != 0,
                Decision::Surrender => flags & 2 != 0,
                Decision::Split => flags & 4 != 0,
            };
            *slot = order[..usize::from(len)]
                .iter()
                .copied()
                .find(|&d| allowed(d))
                .unwrap_or(Decision::Stand);
        }
        Ranked { order, len, pick }
    }

    fn ranked(&self) -> &[Decision] {
        &self.order[..usize::from(self.len)]
    }
}

/// One chart cell for display: the actions best first, among those the rules allow for the row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartCell {
    /// Best first; hit and stand are always present.
    pub ranked: Vec<Decision>,
}

impl ChartCell {
    /// The best action.
    pub fn best(&self) -> Decision {
        self.ranked.first().copied().unwrap_or(Decision::Stand)
    }

    /// The action when the best one is not allowed (a double on three cards, a surrender after
    /// a split): the next one ranked.
    pub fn otherwise(&self) -> Decision {
        let best = self.best();
        let fallback = |skip: &[Decision]| {
            self.ranked
                .iter()
                .copied()
                .find(|d| !skip.contains(d))
                .unwrap_or(Decision::Stand)
        };
        match best {
            // A hand that cannot double can usually not surrender either (three cards).
            Decision::Double => fallback(&[Decision::Double, Decision::Surrender]),
            _ => fallback(&[best]),
        }
    }

    /// The usual chart code: `H`, `S`, `P`, `D` (double, else hit), `Ds` (double, else stand),
    /// `R` (surrender, else hit), `Rs`, `Rp` (surrender, else stand / split).
    pub fn code(&self) -> String {
        match (self.best(), self.otherwise()) {
            (Decision::Double, Decision::Hit) => "D".into(),
            (Decision::Double, o) => format!("D{}", o.letter().to_ascii_lowercase()),
            (Decision::Surrender, Decision::Hit) => "R".into(),
            (Decision::Surrender, o) => format!("R{}", o.letter().to_ascii_lowercase()),
            (b, _) => b.letter().to_string(),
        }
    }
}

/// Which kind of row of a chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RowKind {
    /// Hard totals, first two cards.
    Hard,
    /// Soft totals, first two cards.
    Soft,
    /// Pairs (the row's `total` is the card's value, 1 = ace).
    Pair,
    /// Hard totals after a hit (hit or stand only).
    HardAfterHit,
    /// Soft totals after a hit (hit or stand only).
    SoftAfterHit,
}

/// One chart row: a total (or pair value) against every up card in [`DEALER_COLUMNS`] order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartRow {
    /// The row kind.
    pub kind: RowKind,
    /// The total (4..=21), or for [`RowKind::Pair`] the card value (1 = ace, 2..=10).
    pub total: u8,
    /// One cell per dealer up card, 2..=10 then ace.
    pub cells: Vec<ChartCell>,
}

/// First-decision rows: hard 4..=20, soft 12..=21, pairs A..=T; after-hit rows hard 4..=21 and
/// soft 12..=21. Indexed `[row][up value index]` (0 = ace).
#[derive(Clone, Debug)]
struct Tables {
    hard: [[Ranked; VALUES]; 17],
    soft: [[Ranked; VALUES]; 10],
    pairs: [[Ranked; VALUES]; VALUES],
    hard_after_hit: [[Decision; VALUES]; 18],
    soft_after_hit: [[Decision; VALUES]; 10],
}

/// The basic-strategy table for one rule set.
#[derive(Clone, Debug)]
pub struct BasicStrategy {
    rules: Rules,
    tables: Arc<Tables>,
}

impl BasicStrategy {
    /// Derives the table for `rules` (see the module docs), or takes it from the process-wide
    /// cache when these rules were derived before.
    pub fn new(rules: &Rules) -> BasicStrategy {
        static CACHE: OnceLock<Mutex<HashMap<StrategyKey, Arc<Tables>>>> = OnceLock::new();
        let key = StrategyKey::of(rules);
        let cache = CACHE.get_or_init(Default::default);
        let cached = cache
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
            .cloned();
        let tables = match cached {
            Some(t) => t,
            None => {
                let t = Arc::new(derive(rules));
                cache
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(key, t.clone());
                t
            }
        };
        BasicStrategy {
            rules: *rules,
            tables,
        }
    }

    /// The rules this table was derived for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The basic-strategy decision, always one that `s` allows (stand or hit at worst). A table
    /// lookup: O(1).
    pub fn decide(&self, s: &Situation) -> Decision {
        let up = usize::from(s.dealer_up.clamp(1, 10) - 1);
        let flags = usize::from(s.can_double)
            | usize::from(s.can_surrender) << 1
            | usize::from(s.can_split) << 2;
        let t = &self.tables;
        if let Some(p) = s.pair.filter(|p| (1..=10).contains(p)) {
            return t.pairs[usize::from(p - 1)][up].pick[flags & 7];
        }
        let flags = flags & 3;
        if s.total >= 21 {
            return Decision::Stand;
        }
        if s.soft {
            let row = usize::from(s.total.clamp(12, 21) - 12);
            if flags != 0 {
                t.soft[row][up].pick[flags]
            } else {
                t.soft_after_hit[row][up]
            }
        } else {
            let total = s.total.clamp(4, 21);
            if flags != 0 && total <= 20 {
                t.hard[usize::from(total - 4)][up].pick[flags]
            } else {
                t.hard_after_hit[usize::from(total - 4)][up]
            }
        }
    }

    /// The whole table for display: hard 4–20, soft 12–21 and pairs (first two cards), then hard
    /// 4–21 and soft 12–21 after a hit; columns in [`DEALER_COLUMNS`] order.
    pub fn chart(&self) -> Vec<ChartRow> {
        let t = &self.tables;
        let col = |up: u8| usize::from(up - 1);
        let ranked_row = |kind, total, row: &[Ranked; VALUES]| ChartRow {
            kind,
            total,
            cells: DEALER_COLUMNS
                .iter()
                .map(|&u| ChartCell {
                    ranked: row[col(u)].ranked().to_vec(),
                })
                .collect(),
        };
        let simple_row = |kind, total, row: &[Decision; VALUES]| ChartRow {
            kind,
            total,
            cells: DEALER_COLUMNS
                .iter()
                .map(|&u| {
                    let d = row[col(u)];
                    let other = if d == Decision::Hit {
                        Decision::Stand
                    } else {
                        Decision::Hit
                    };
                    ChartCell {
                        ranked: vec![d, other],
                    }
                })
                .collect(),
        };
        let mut rows = Vec::new();
        for (i, r) in t.hard.iter().enumerate() {
            rows.push(ranked_row(RowKind::Hard, 4 + i as u8, r));
        }
        for (i, r) in t.soft.iter().enumerate() {
            rows.push(ranked_row(RowKind::Soft, 12 + i as u8, r));
        }
        for (i, r) in t.pairs.iter().enumerate() {
            rows.push(ranked_row(RowKind::Pair, 1 + i as u8, r));
        }
        for (i, r) in t.hard_after_hit.iter().enumerate() {
            rows.push(simple_row(RowKind::HardAfterHit, 4 + i as u8, r));
        }
        for (i, r) in t.soft_after_hit.iter().enumerate() {
            rows.push(simple_row(RowKind::SoftAfterHit, 12 + i as u8, r));
        }
        rows
    }
}

/// The rule fields that change the strategy (money, penetration and the advisor do not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct StrategyKey {
    decks: u8,
    h17: bool,
    hole: HoleCard,
    pays: BlackjackPays,
    double: DoubleRule,
    das: bool,
    max_hands: u8,
    tens: SplitTensBy,
    rsa: bool,
    hsa: bool,
    resplit: ResplitPolicy,
    surrender: Surrender,
    insurance: bool,
    ties: Ties,
}

impl StrategyKey {
    fn of(r: &Rules) -> StrategyKey {
        StrategyKey {
            decks: r.decks,
            h17: r.dealer_hits_soft_17,
            hole: r.hole_card,
            pays: r.blackjack_pays,
            double: r.double,
            das: r.double_after_split,
            max_hands: r.max_hands,
            tens: r.split_tens_by,
            rsa: r.resplit_aces,
            hsa: r.hit_split_aces,
            resplit: r.resplit,
            surrender: r.surrender,
            insurance: r.insurance,
            ties: r.ties,
        }
    }
}

/// Unconditional values of the first-decision actions of one two-card hand (see the module
/// docs): the `U`s of the EV engine, which already carry `P(no natural)` under peek; early
/// surrender under peek becomes `−0.5 + P(natural)` on the same footing.
fn first_decision_values(rules: &Rules, h: &ev::TwoCard, with_split: bool) -> Vec<(Decision, f64)> {
    let mut v = vec![(Decision::Stand, h.stand), (Decision::Hit, h.hit)];
    if let Some(d) = h.double {
        v.push((Decision::Double, d));
    }
    if with_split && let Some(s) = h.split_mean() {
        v.push((Decision::Split, s));
    }
    if let Some(s) = h.surrender {
        v.push((Decision::Surrender, s));
    } else if rules.surrender == Surrender::Early && rules.hole_card == HoleCard::Peek {
        v.push((Decision::Surrender, -0.5 + h.p_natural));
    }
    v
}

/// Weighted sum of value lists with the same actions.
fn add_weighted(acc: &mut Vec<(Decision, f64)>, w: f64, vals: &[(Decision, f64)]) {
    if acc.is_empty() {
        acc.extend(vals.iter().map(|&(d, _)| (d, 0.0)));
    }
    for (a, &(d, x)) in acc.iter_mut().zip(vals) {
        debug_assert_eq!(a.0, d);
        a.1 += w * x;
    }
}

fn derive(rules: &Rules) -> Tables {
    let shoe = ev::Shoe::decks(rules.decks);
    let ups = ev::analyze(rules, &shoe);
    let hit_stand = Ranked::new(vec![(Decision::Stand, 0.0), (Decision::Hit, -1.0)]);
    let mut t = Tables {
        hard: [[hit_stand; VALUES]; 17],
        soft: [[hit_stand; VALUES]; 10],
        pairs: [[hit_stand; VALUES]; VALUES],
        hard_after_hit: [[Decision::Stand; VALUES]; 18],
        soft_after_hit: [[Decision::Stand; VALUES]; 10],
    };
    for ua in &ups {
        let up = ua.up;
        let mut hard: Vec<Vec<(Decision, f64)>> = vec![Vec::new(); 17];
        let mut soft: Vec<Vec<(Decision, f64)>> = vec![Vec::new(); 10];
        for h in &ua.hands {
            if h.hand.is_two_card_21() {
                continue;
            }
            let total = h.hand.total() as usize;
            let vals = first_decision_values(rules, h, false);
            if h.hand.soft() {
                add_weighted(&mut soft[total - 12], h.prob, &vals);
            } else {
                add_weighted(&mut hard[total - 4], h.prob, &vals);
            }
            if h.lo == h.hi {
                let with_split = first_decision_values(rules, h, true);
                t.pairs[h.lo][up] = Ranked::new(with_split);
            }
        }
        for (row, vals) in hard.into_iter().enumerate() {
            if !vals.is_empty() {
                t.hard[row][up] = Ranked::new(vals);
            }
        }
        for (row, vals) in soft.into_iter().enumerate() {
            if !vals.is_empty() {
                t.soft[row][up] = Ranked::new(vals);
            }
        }
        derive_after_hit(rules, ua, &mut t);
    }
    t
}

/// The first decision the tables make for a two-card hand with every option the rules give.
fn first_decision(rules: &Rules, t: &Tables, h: &ev::TwoCard, up: usize) -> Decision {
    let can_double = h.double.is_some();
    let can_surrender = rules.surrender != Surrender::None;
    let flags = usize::from(can_double) | usize::from(can_surrender) << 1;
    if h.lo == h.hi {
        let can_split = !h.splits.is_empty();
        return t.pairs[h.lo][up].pick[flags | usize::from(can_split) << 2];
    }
    let total = h.hand.total() as usize;
    if h.hand.soft() {
        t.soft[total - 12][up].pick[flags]
    } else {
        t.hard[total - 4][up].pick[flags]
    }
}

/// Hit or stand for hands of three or more cards, total by total in increasing hard sum, each
/// hand weighted by the probability that the strategy reaches it.
fn derive_after_hit(rules: &Rules, ua: &UpAnalysis, t: &mut Tables) {
    let up = ua.up;
    let ctx = &ua.ctx;
    let decode = |key: u64| {
        let mut h = Hand::EMPTY;
        for v in 0..VALUES {
            for _ in 0..count_in(key, v) {
                h = h.with(v);
            }
        }
        h
    };
    // Reach of every hand (by key) that the strategy hits from.
    let mut hits_from: HashMap<u64, f64> = HashMap::new();
    for h in &ua.hands {
        if !h.hand.is_two_card_21() && first_decision(rules, t, h, up) == Decision::Hit {
            hits_from.insert(h.hand.key, h.prob);
        }
    }
    let mut multi: Vec<(Hand, NodeEv)> = ctx
        .nodes()
        .map(|(k, e)| (decode(k), e))
        .filter(|(h, _)| h.cards >= 3)
        .collect();
    multi.sort_by_key(|(h, _)| (h.hard, h.cards, h.key));
    // Rows no multi-card hand reaches (hard 4 and 5 have none) take the two-card preference.
    for total in 4..=21usize {
        let two_card = if total <= 20 {
            t.hard[total - 4][up].pick[0]
        } else {
            Decision::Stand
        };
        t.hard_after_hit[total - 4][up] = two_card;
    }
    for total in 12..=21usize {
        t.soft_after_hit[total - 12][up] = t.soft[total - 12][up].pick[0];
    }
    let mut i = 0;
    while i < multi.len() {
        let hard_sum = multi[i].0.hard;
        let j = multi[i..]
            .iter()
            .position(|(h, _)| h.hard != hard_sum)
            .map_or(multi.len(), |p| i + p);
        // Reach of each hand of this hard sum (parents have smaller sums: already settled).
        let mut sums = [[0.0f64; 2]; 2]; // [soft?][stand, hit], reach-weighted
        let mut plain = [[0.0f64; 2]; 2]; // the same unweighted, for rows never reached
        let mut seen = [false; 2];
        let mut reach_of = Vec::with_capacity(j - i);
        for (h, e) in &multi[i..j] {
            let mut reach = 0.0;
            for v in 0..VALUES {
                if count_in(h.key, v) == 0 {
                    continue;
                }
                let parent_key = h.key - unit(v);
                if let Some(&r) = hits_from.get(&parent_key) {
                    let rem = Removal {
                        key: parent_key,
                        n: h.cards - 1,
                    };
                    reach += r * ctx.avail(rem, v) / ctx.left(rem);
                }
            }
            let s = usize::from(h.soft());
            sums[s][0] += reach * e.stand;
            sums[s][1] += reach * e.hit;
            plain[s][0] += e.stand;
            plain[s][1] += e.hit;
            seen[s] = true;
            reach_of.push(reach);
        }
        for soft in [false, true] {
            let si = usize::from(soft);
            if !seen[si] {
                continue;
            }
            let total = if soft { hard_sum + 10 } else { hard_sum };
            let [stand, hit] = if sums[si][0] == 0.0 && sums[si][1] == 0.0 {
                plain[si]
            } else {
                sums[si]
            };
            let d = if hit > stand {
                Decision::Hit
            } else {
                Decision::Stand
            };
            match (soft, total) {
                (false, 4..=21) => t.hard_after_hit[total as usize - 4][up] = d,
                (true, 12..=21) => t.soft_after_hit[total as usize - 12][up] = d,
                _ => {}
            }
        }
        // Record the hands of this sum that the strategy hits from.
        for ((h, _), reach) in multi[i..j].iter().zip(reach_of) {
            let d = if h.soft() {
                t.soft_after_hit[h.total() as usize - 12][up]
            } else if h.total() <= 21 {
                t.hard_after_hit[h.total() as usize - 4][up]
            } else {
                Decision::Stand
            };
            if d == Decision::Hit && reach > 0.0 {
                hits_from.insert(h.key, reach);
            }
        }
        i = j;
    }
}

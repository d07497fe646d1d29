//! The fast simulator behind `cardroom blackjack simulate`: basic strategy for the configured
//! rules, flat bets of one unit, a cut card at the penetration, never insurance or even money.
//!
//! It plays exactly the game of the checked engine ([`super::table::Table`]) — same shoe code and
//! shuffles ([`Shoe`]), same rule predicates and settlement ([`super::moves`]), same hand values
//! ([`super::hand`]) — but without the checks, events and snapshots: no allocation per round, the
//! shoe is an array of rank numbers and the strategy a flat table of decisions indexed by the
//! situation ([`StrategyTable`]). A test plays both from one seed and compares every round.
//!
//! Results are counted in tenths of the bet, so every payout (3:2 = 15, 6:5 = 12, surrender −5)
//! and the sums and squares behind the standard error are exact integers.

use std::sync::atomic::{AtomicU64, Ordering};

use super::hand::{HandValue, dealer_hits, points_make_natural, rank_points};
use super::moves::{
    self, Finish, HandShape, Outcome, early_surrender_step, hand_complete, is_pair, peek_applies,
};
use super::rules::{HoleCard, Rules, Surrender};
use super::shoe::Shoe;
use super::strategy::{BasicStrategy, Decision, Situation};
use crate::cards::{Card, GameRng, Rank, rng_from_seed};

/// Most hands a split round can reach in the simulator (the rule book's `max_hands` range is
/// 1..=8; larger values are treated as 8).
pub const MAX_HANDS: usize = 8;

const DECISIONS: [Decision; 5] = [
    Decision::Hit,
    Decision::Stand,
    Decision::Double,
    Decision::Split,
    Decision::Surrender,
];

fn code(d: Decision) -> u8 {
    match d {
        Decision::Hit => 0,
        Decision::Stand => 1,
        Decision::Double => 2,
        Decision::Split => 3,
        Decision::Surrender => 4,
    }
}

/// Cells of a [`StrategyTable`]: total (0..=21) × soft × pair (none, 1..=10) × from split ×
/// can double × can split × can surrender × dealer up card (1..=10).
const CELLS: usize = 22 * 2 * 11 * 2 * 2 * 2 * 2 * 10;

/// Basic strategy as a flat array: [`BasicStrategy::decide`] asked once for every consistent
/// [`Situation`], so a decision is one index computation and one load. Built from the strategy's
/// public interface only, so it gives the same answer as `decide` for every situation a game can
/// reach.
#[derive(Clone, Debug)]
pub struct StrategyTable {
    cells: Vec<u8>,
}

impl StrategyTable {
    /// Tabulates `strategy`. Situations no game can reach (a soft 5, a pair of 8s totalling 9…)
    /// are never asked of the strategy; their cells hold stand from 17, else hit.
    pub fn new(strategy: &BasicStrategy) -> StrategyTable {
        StrategyTable::from_fn(|s| strategy.decide(s))
    }

    /// Tabulates any decision rule `decide` the same way (tests and benchmarks use this to drive
    /// the simulator with other players).
    pub fn from_fn(decide: impl Fn(&Situation) -> Decision) -> StrategyTable {
        let mut cells = vec![0u8; CELLS];
        for total in 0..=21u8 {
            for soft in [false, true] {
                for pair in 0..=10u8 {
                    for from_split in [false, true] {
                        for can_double in [false, true] {
                            for can_split in [false, true] {
                                for can_surrender in [false, true] {
                                    for up in 1..=10u8 {
                                        let s = Situation {
                                            total,
                                            soft,
                                            pair: (pair > 0).then_some(pair),
                                            from_split,
                                            can_double,
                                            can_split,
                                            can_surrender,
                                            dealer_up: up,
                                        };
                                        let d = if consistent(&s) {
                                            decide(&s)
                                        } else if total >= 17 {
                                            Decision::Stand
                                        } else {
                                            Decision::Hit
                                        };
                                        cells[index(&s)] = code(d);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        StrategyTable { cells }
    }

    /// The tabulated decision for `s` (`s.total` at most 21, `s.dealer_up` 1..=10, a pair 1..=10;
    /// anything else reads a cell of the nearest valid situation rather than failing).
    #[inline]
    pub fn decide(&self, s: &Situation) -> Decision {
        let c = self.cells.get(index(s)).copied().unwrap_or(0);
        DECISIONS[usize::from(c).min(4)]
    }
}

/// Whether a situation can occur in a game: totals 4..=21, soft totals 12..=21, a pair's total
/// matching its cards, split only with a pair, surrender never after a split.
fn consistent(s: &Situation) -> bool {
    let total_ok = if s.soft {
        (12..=21).contains(&s.total)
    } else {
        (4..=21).contains(&s.total)
    };
    let pair_ok = match s.pair {
        None => !s.can_split,
        Some(1) => s.total == 12 && s.soft,
        Some(p) => s.total == 2 * p && !s.soft,
    };
    total_ok && pair_ok && !(s.can_surrender && s.from_split)
}

#[inline]
fn index(s: &Situation) -> usize {
    let total = usize::from(s.total.min(21));
    let pair = usize::from(s.pair.unwrap_or(0).min(10));
    let up = usize::from(s.dealer_up.clamp(1, 10) - 1);
    let mut i = total * 2 + usize::from(s.soft);
    i = i * 11 + pair;
    i = i * 2 + usize::from(s.from_split);
    i = i * 2 + usize::from(s.can_double);
    i = i * 2 + usize::from(s.can_split);
    i = i * 2 + usize::from(s.can_surrender);
    i * 10 + up
}

/// One player hand in the simulator: the running hard sum and ace flag, the first two ranks (for
/// pairs) and the stake in units.
#[derive(Clone, Copy, Debug, Default)]
struct SimHand {
    hard: u8,
    ace: bool,
    cards: u8,
    first: u8,
    second: u8,
    mult: u8,
    from_split: bool,
    split_aces: bool,
    surrendered: Option<Surrender>,
}

impl SimHand {
    #[inline]
    fn add(&mut self, rank: u8) {
        match self.cards {
            0 => self.first = rank,
            1 => self.second = rank,
            _ => {}
        }
        self.cards = self.cards.saturating_add(1);
        self.hard = self.hard.saturating_add(rank_points(rank));
        self.ace |= rank == 1;
    }

    #[inline]
    fn value(&self) -> HandValue {
        HandValue::from_hard(self.hard, self.ace)
    }

    #[inline]
    fn natural(&self) -> bool {
        !self.from_split
            && self.cards == 2
            && points_make_natural(rank_points(self.first), rank_points(self.second))
    }

    #[inline]
    fn shape(&self, rules: &Rules) -> HandShape {
        let pair = (self.cards == 2 && is_pair(self.first, self.second, rules.split_tens_by))
            .then(|| rank_points(self.first));
        HandShape {
            cards: self.cards,
            value: self.value(),
            pair,
            from_split: self.from_split,
            split_aces: self.split_aces,
        }
    }

    #[inline]
    fn finish(&self) -> Finish {
        Finish {
            value: self.value(),
            natural: self.natural(),
            surrendered: self.surrendered,
            even_money: false,
        }
    }
}

/// A seeded basic-strategy player at one table.
#[derive(Debug)]
pub struct Simulator {
    rules: Rules,
    shoe: Shoe<u8>,
    rng: GameRng,
    strategy: StrategyTable,
    /// Net result per unit stake of each [`Outcome`], in tenths, from [`Outcome::ratio`].
    payout: [i32; OUTCOMES.len()],
}

const OUTCOMES: [Outcome; 8] = [
    Outcome::Blackjack,
    Outcome::Win,
    Outcome::Push,
    Outcome::TieToDealer,
    Outcome::Lose,
    Outcome::Bust,
    Outcome::Surrender,
    Outcome::EvenMoney,
];

#[inline]
fn outcome_index(o: Outcome) -> usize {
    match o {
        Outcome::Blackjack => 0,
        Outcome::Win => 1,
        Outcome::Push => 2,
        Outcome::TieToDealer => 3,
        Outcome::Lose => 4,
        Outcome::Bust => 5,
        Outcome::Surrender => 6,
        Outcome::EvenMoney => 7,
    }
}

impl Simulator {
    /// A simulator for `rules` (with `max_hands` at most [`MAX_HANDS`]) whose shoe is shuffled by
    /// `rng_from_seed(seed)` — the same shoe a [`super::table::Table::new`] with this seed deals.
    pub fn new(rules: &Rules, strategy: StrategyTable, seed: u64) -> Simulator {
        let mut rules = *rules;
        rules.max_hands = rules.max_hands.min(MAX_HANDS as u8);
        let mut rng = rng_from_seed(seed);
        let mut shoe = Shoe::of_decks(rules.decks, rules.penetration)
            .map(|c: Card| c.rank().map_or(10, Rank::number));
        shoe.shuffle(&mut rng);
        // Every table ratio (3/2, 6/5, 1, 0, -1, -1/2) is a whole number of tenths.
        let payout = OUTCOMES.map(|o| {
            let (num, den) = o.ratio(&rules);
            (10 * num / den) as i32
        });
        Simulator {
            rules,
            shoe,
            rng,
            strategy,
            payout,
        }
    }

    #[inline]
    fn draw(&mut self) -> u8 {
        // A shoe of whole decks never runs dry with the table cleared (see `Shoe::draw`).
        self.shoe.draw(&mut self.rng).map_or(10, |d| d.card)
    }

    /// Plays one round at a flat bet and returns the net result in tenths of the bet (+15 for a
    /// 3:2 natural, −20 for a lost double, −5 for a surrender).
    pub fn play_round(&mut self) -> i32 {
        self.shoe.begin_round(&mut self.rng);
        let rules = self.rules;
        // Dealt player, dealer, player, then the hole card under "peek" (as the engine does).
        let p1 = self.draw();
        let up = self.draw();
        let p2 = self.draw();
        let peek = rules.hole_card == HoleCard::Peek;
        let up_pts = rank_points(up);
        let mut dealer = SimHand::default();
        dealer.add(up);
        if peek {
            let hole = self.draw();
            dealer.add(hole);
        }
        let mut hands = [SimHand::default(); MAX_HANDS];
        hands[0].add(p1);
        hands[0].add(p2);
        hands[0].mult = 1;
        let mut n = 1usize;

        // Insurance and even money: always declined. Then the early-surrender step.
        if early_surrender_step(&rules, up_pts) && !hands[0].natural() {
            let shape = hands[0].shape(&rules);
            let mut a = moves::allowed(&rules, &shape, 1, up_pts);
            a.surrender = true;
            if self.strategy.decide(&moves::situation(&shape, &a, up_pts)) == Decision::Surrender {
                hands[0].surrendered = Some(Surrender::Early);
            }
        }
        let dealer_natural_at_peek = peek_applies(&rules, up_pts) && dealer.natural();
        if !dealer_natural_at_peek && hands[0].finish().is_live() {
            self.play_hands(&mut hands, &mut n, up_pts);
        }

        // The dealer's turn.
        if !peek {
            let c = self.draw();
            dealer.add(c);
        }
        let dealer_natural = dealer.natural();
        if !dealer_natural && hands[..n].iter().any(|h| h.finish().is_live()) {
            while dealer_hits(dealer.value(), rules.dealer_hits_soft_17) {
                let c = self.draw();
                dealer.add(c);
            }
        }
        let dv = dealer.value();
        let mut net = 0i32;
        for h in &hands[..n] {
            let o = moves::outcome(&h.finish(), dv, dealer_natural, &rules);
            net += self.payout[outcome_index(o)] * i32::from(h.mult);
        }
        net
    }

    /// The player's turn over every hand, in order, splits inserted after the hand they came
    /// from (the engine's order).
    #[inline]
    fn play_hands(&mut self, hands: &mut [SimHand; MAX_HANDS], n: &mut usize, up_pts: u8) {
        let rules = self.rules;
        let mut i = 0;
        while i < *n {
            if hands[i].cards == 1 {
                let c = self.draw();
                hands[i].add(c);
            }
            loop {
                let shape = hands[i].shape(&rules);
                let a = moves::allowed(&rules, &shape, *n, up_pts);
                if hand_complete(&shape, &a) {
                    break;
                }
                let d = moves::effective(
                    self.strategy.decide(&moves::situation(&shape, &a, up_pts)),
                    &a,
                );
                match d {
                    Decision::Stand => break,
                    Decision::Hit => {
                        let c = self.draw();
                        hands[i].add(c);
                    }
                    Decision::Double => {
                        hands[i].mult = 2;
                        let c = self.draw();
                        hands[i].add(c);
                        break;
                    }
                    Decision::Surrender => {
                        hands[i].surrendered = Some(rules.surrender);
                        break;
                    }
                    Decision::Split => {
                        if *n >= MAX_HANDS {
                            break;
                        }
                        let (first, second) = (hands[i].first, hands[i].second);
                        let aces = first == 1;
                        hands.copy_within(i + 1..*n, i + 2);
                        let mut a = SimHand {
                            mult: 1,
                            from_split: true,
                            split_aces: aces,
                            ..SimHand::default()
                        };
                        let mut b = a;
                        a.add(first);
                        b.add(second);
                        hands[i] = a;
                        hands[i + 1] = b;
                        *n += 1;
                        let c = self.draw();
                        hands[i].add(c);
                    }
                }
            }
            i += 1;
        }
    }
}

/// Sums of a simulation, exact: results in tenths of the bet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Rounds played.
    pub hands: u64,
    /// Sum of the round results, tenths of the bet.
    pub sum: i64,
    /// Sum of the squared round results, tenths squared.
    pub sum_sq: u128,
}

impl Totals {
    /// Adds another run's sums.
    pub fn merge(&mut self, o: &Totals) {
        self.hands += o.hands;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }

    /// Mean result per round, in bets (0 for no rounds).
    pub fn ev_per_hand(&self) -> f64 {
        if self.hands == 0 {
            0.0
        } else {
            self.sum as f64 / self.hands as f64 / 10.0
        }
    }

    /// Standard error of [`Totals::ev_per_hand`], in bets: the sample standard deviation of the
    /// round results over √n (0 for fewer than two rounds).
    pub fn stderr(&self) -> f64 {
        if self.hands < 2 {
            return 0.0;
        }
        let n = self.hands as f64;
        let mean = self.sum as f64 / n;
        let var = (self.sum_sq as f64 - mean * self.sum as f64) / (n - 1.0);
        (var.max(0.0) / n).sqrt() / 10.0
    }
}

/// Rounds a worker plays between progress updates.
const CHUNK: u64 = 1 << 16;

/// The seed of worker `i` of a run seeded `seed`: worker 0 uses `seed` itself (so a one-thread
/// run deals exactly the shoe of `Table::new(rules, seed)`), the others a SplitMix64 mix of it.
pub fn worker_seed(seed: u64, i: usize) -> u64 {
    if i == 0 {
        return seed;
    }
    let mut z = seed.wrapping_add((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays `hands` rounds with basic strategy for `rules`, split over `threads` workers (at least
/// 1), each with its own shoe seeded by [`worker_seed`]; worker `i` plays `hands / threads`
/// rounds, plus one for the first `hands % threads` workers. Deterministic for a seed and thread
/// count. `progress` (if given) is advanced as rounds complete, in chunks.
pub fn simulate(
    rules: &Rules,
    strategy: &BasicStrategy,
    hands: u64,
    seed: u64,
    threads: usize,
    progress: Option<&AtomicU64>,
) -> Totals {
    let threads = threads.max(1);
    let table = StrategyTable::new(strategy);
    let per = hands / threads as u64;
    let extra = hands % threads as u64;
    let run = |i: usize| {
        let mut sim = Simulator::new(rules, table.clone(), worker_seed(seed, i));
        let mut left = per + u64::from((i as u64) < extra);
        let mut t = Totals::default();
        while left > 0 {
            let chunk = left.min(CHUNK);
            for _ in 0..chunk {
                let r = sim.play_round();
                t.sum += i64::from(r);
                t.sum_sq += (i64::from(r) * i64::from(r)) as u128;
            }
            t.hands += chunk;
            left -= chunk;
            if let Some(p) = progress {
                p.fetch_add(chunk, Ordering::Relaxed);
            }
        }
        t
    };
    if threads == 1 {
        return run(0);
    }
    let mut total = Totals::default();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|i| s.spawn(move || run(i))).collect();
        for h in handles {
            // A worker cannot panic (no indexing it does can fail); count nothing if one did.
            if let Ok(t) = h.join() {
                total.merge(&t);
            }
        }
    });
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_decide_on_every_consistent_situation() {
        let rules = Rules::default();
        let bs = BasicStrategy::new(&rules);
        let t = StrategyTable::new(&bs);
        let mut checked = 0;
        for total in 4..=21u8 {
            for up in 1..=10u8 {
                for can_double in [false, true] {
                    let s = Situation {
                        total,
                        soft: false,
                        pair: None,
                        from_split: false,
                        can_double,
                        can_split: false,
                        can_surrender: true,
                        dealer_up: up,
                    };
                    assert_eq!(t.decide(&s), bs.decide(&s));
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 18 * 10 * 2);
    }

    #[test]
    fn totals_give_mean_and_standard_error() {
        // Results +10 and -10 tenths alternating: mean 0, sd 1 bet, stderr 1/sqrt(n).
        let t = Totals {
            hands: 4,
            sum: 0,
            sum_sq: 400,
        };
        assert_eq!(t.ev_per_hand(), 0.0);
        let expected = (400.0f64 / 3.0 / 4.0).sqrt() / 10.0;
        assert!((t.stderr() - expected).abs() < 1e-12);
    }

    #[test]
    fn same_seed_same_result_and_threads_split_the_work() {
        let rules = Rules::default();
        let bs = BasicStrategy::new(&rules);
        let a = simulate(&rules, &bs, 10_001, 9, 3, None);
        let b = simulate(&rules, &bs, 10_001, 9, 3, None);
        assert_eq!(a, b);
        assert_eq!(a.hands, 10_001);
        assert_ne!(worker_seed(9, 1), worker_seed(9, 2));
    }
}

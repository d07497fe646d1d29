//! The fast simulator and the checked engine play the same game: from one seed, with the same
//! player, every round ends with the same result, across random rule combinations (including
//! one-deck shoes dealt to the end, which run dry mid-round).
//!
//! Two players: the rule book's printed chart (doubles, splits, surrenders like a real player)
//! and a "busy" player that picks among the allowed moves by a hash of the situation, so rare
//! paths (resplits, doubles after splits, surrender at every chance) come up often.

use cardroom::blackjack::rules::{
    BlackjackPays, DoubleRule, HoleCard, Rules, SplitTensBy, Surrender, Ties,
};
use cardroom::blackjack::sim::{Simulator, StrategyTable, simulate};
use cardroom::blackjack::strategy::{BasicStrategy, Decision, Situation};
use cardroom::blackjack::{Action, Event, Phase, Table};
use cardroom::cards::{GameRng, rng_from_seed};
use rand::RngExt;

fn random_rules(rng: &mut GameRng) -> Rules {
    let pick = |rng: &mut GameRng, n: usize| rng.random_range(0..n);
    let one_deck_to_the_end = rng.random_range(0..4) == 0;
    Rules {
        decks: if one_deck_to_the_end {
            1
        } else {
            rng.random_range(1..=8)
        },
        penetration: if one_deck_to_the_end {
            1.0
        } else {
            [0.5, 0.75, 0.95][pick(rng, 3)]
        },
        dealer_hits_soft_17: rng.random(),
        hole_card: [HoleCard::Peek, HoleCard::Enhc][pick(rng, 2)],
        blackjack_pays: [
            BlackjackPays::ThreeToTwo,
            BlackjackPays::SixToFive,
            BlackjackPays::OneToOne,
        ][pick(rng, 3)],
        double: [
            DoubleRule::Any,
            DoubleRule::NineToEleven,
            DoubleRule::TenToEleven,
            DoubleRule::None,
        ][pick(rng, 4)],
        double_after_split: rng.random(),
        max_hands: rng.random_range(1..=8),
        split_tens_by: [SplitTensBy::Value, SplitTensBy::Rank][pick(rng, 2)],
        resplit_aces: rng.random(),
        hit_split_aces: rng.random(),
        surrender: [Surrender::None, Surrender::Late, Surrender::Early][pick(rng, 3)],
        insurance: rng.random(),
        ties: [Ties::Push, Ties::Dealer][pick(rng, 2)],
        // Flat one-unit bets that never run out of money, as the simulator assumes.
        bankroll: 1_000_000_000_000,
        min_bet: 10,
        max_bet: 10,
        ..Rules::default()
    }
}

/// A decision rule.
type Player = fn(&Situation) -> Decision;

/// A deterministic player that likes every kind of move.
fn busy(s: &Situation) -> Decision {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in [
        s.total,
        u8::from(s.soft),
        s.pair.unwrap_or(0),
        u8::from(s.from_split),
        u8::from(s.can_double),
        u8::from(s.can_split),
        u8::from(s.can_surrender),
        s.dealer_up,
    ] {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut options = vec![Decision::Stand];
    if s.total < 17 {
        options.extend([Decision::Hit, Decision::Hit]);
    }
    if s.can_double {
        options.push(Decision::Double);
    }
    if s.can_split {
        options.extend([Decision::Split, Decision::Split]);
    }
    if s.can_surrender {
        options.push(Decision::Surrender);
    }
    options[(h % options.len() as u64) as usize]
}

/// One engine round at a flat bet of 10 chips, net in tenths of the bet (1 chip).
fn engine_round(t: &mut Table, decide: &dyn Fn(&Situation) -> Decision) -> i32 {
    let mut events = t.apply(Action::Bet(10)).expect("bet");
    while t.phase() != Phase::Settled {
        let a = t.strategy_action(decide).expect("a decision to make");
        events.extend(t.apply(a).expect("the strategy's action is legal"));
    }
    let net = events
        .iter()
        .find_map(|e| match e {
            Event::Settle { net, .. } => Some(*net),
            _ => None,
        })
        .expect("settled");
    assert_eq!(net.cents() % 100, 0);
    (net.cents() / 100) as i32
}

#[test]
fn simulator_and_engine_agree_round_by_round() {
    let mut rng = rng_from_seed(77);
    let players: [(&str, Player); 2] = [("chart", crate::chart::chart), ("busy", busy)];
    let mut rounds = 0;
    for _ in 0..24 {
        let rules = random_rules(&mut rng);
        for (name, decide) in players {
            let seed: u64 = rng.random();
            let mut table = Table::new(rules, seed);
            let mut sim = Simulator::new(&rules, StrategyTable::from_fn(decide), seed);
            for round in 0..4_000 {
                let e = engine_round(&mut table, &decide);
                let s = sim.play_round();
                assert_eq!(
                    e, s,
                    "round {round}, player {name}, seed {seed}, rules {rules:?}"
                );
                rounds += 1;
            }
        }
    }
    assert_eq!(rounds, 24 * 2 * 4_000);
}

#[test]
fn simulate_sums_the_rounds_of_the_seeded_shoe() {
    // One thread: the run is worker 0 seeded with the seed itself.
    let rules = Rules::default();
    let bs = BasicStrategy::new(&rules);
    let totals = simulate(&rules, &bs, 20_000, 5, 1, None);
    let mut table = Table::new(
        Rules {
            bankroll: 1_000_000_000,
            max_bet: 10,
            ..rules
        },
        5,
    );
    let decide = |s: &Situation| bs.decide(s);
    let mut sum = 0i64;
    for _ in 0..20_000 {
        sum += i64::from(engine_round(&mut table, &decide));
    }
    assert_eq!(totals.hands, 20_000);
    assert_eq!(totals.sum, sum);
}

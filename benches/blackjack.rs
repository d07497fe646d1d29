//! Blackjack throughput (release build, one core): the fast simulator's rounds per second — the
//! figure `cardroom blackjack simulate` reports as hands_per_sec — with the project's basic
//! strategy and with the rule book's printed chart (a player that doubles, splits and surrenders
//! like the real table will), and the checked engine for comparison.

#[path = "../tests/blackjack/chart.rs"]
mod chart;

use std::hint::black_box;

use cardroom::blackjack::rules::Rules;
use cardroom::blackjack::sim::{Simulator, StrategyTable};
use cardroom::blackjack::strategy::BasicStrategy;
use cardroom::blackjack::{Action, Phase, Table};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const ROUNDS: u64 = 200_000;

fn simulator(c: &mut Criterion) {
    let rules = Rules::default();
    let mut g = c.benchmark_group("simulate");
    g.throughput(Throughput::Elements(ROUNDS));
    g.sample_size(20);
    let players = [
        (
            "basic_strategy",
            StrategyTable::new(&BasicStrategy::new(&rules)),
        ),
        ("rule_book_chart", StrategyTable::from_fn(chart::chart)),
    ];
    for (name, table) in players {
        let mut sim = Simulator::new(&rules, table, 1);
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut sum = 0i64;
                for _ in 0..ROUNDS {
                    sum += i64::from(sim.play_round());
                }
                black_box(sum)
            })
        });
    }
    g.finish();
}

fn engine(c: &mut Criterion) {
    const ENGINE_ROUNDS: u64 = 10_000;
    let rules = Rules {
        bankroll: 1_000_000_000_000,
        max_bet: 10,
        ..Rules::default()
    };
    let mut g = c.benchmark_group("engine");
    g.throughput(Throughput::Elements(ENGINE_ROUNDS));
    g.sample_size(10);
    let mut t = Table::new(rules, 1);
    g.bench_function("rule_book_chart", |b| {
        b.iter(|| {
            for _ in 0..ENGINE_ROUNDS {
                t.apply(Action::Bet(10)).ok();
                while t.phase() != Phase::Settled {
                    let Some(a) = t.strategy_action(chart::chart) else {
                        break;
                    };
                    black_box(t.apply(a).ok());
                }
            }
        })
    });
    g.finish();
}

fn tabulate(c: &mut Criterion) {
    let bs = BasicStrategy::new(&Rules::default());
    c.bench_function("strategy_table_build", |b| {
        b.iter(|| black_box(StrategyTable::new(&bs)))
    });
}

criterion_group!(benches, simulator, engine, tabulate);
criterion_main!(benches);

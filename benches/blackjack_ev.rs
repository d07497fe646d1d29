//! EV latency (issues 5 and 10): one `ev` query on a 6-deck shoe including the split (target
//! ≤ 10 ms), one from a nearly empty one-deck shoe, and the full-shoe `edge` report (target
//! ≤ 0.3 s). Run with `cargo bench --bench blackjack_ev`.

use std::hint::black_box;
use std::time::Duration;

use cardroom::blackjack::ev::{Shoe, Spot, game_ev, hand_evs};
use cardroom::blackjack::rules::Rules;
use cardroom::cards::{Card, parse_cards};
use criterion::{Criterion, criterion_group, criterion_main};

/// One full query: the hand and up card out of a fresh 6-deck shoe, every action's EV.
fn query(rules: &Rules, hand: &str, up: &str) -> f64 {
    let h = parse_cards(hand).unwrap();
    let u: Card = up.parse().unwrap();
    let shoe = Shoe::decks_without(6, &[h[0], h[1], u]).unwrap();
    let e = hand_evs(rules, &shoe, &Spot::new(&h, u)).unwrap();
    e.split.or(e.stand).unwrap_or_default()
}

fn ev_queries(c: &mut Criterion) {
    let rules = Rules::default();
    let mut g = c.benchmark_group("ev query, 6 decks, with split");
    // A typical pair, and the most expensive ones (small pairs against an ace or a 2, whose
    // split hands draw the most cards).
    for (hand, up) in [
        ("8S 8H", "TD"),
        ("AS AH", "6D"),
        ("2S 2H", "2D"),
        ("2S 2H", "AD"),
    ] {
        g.bench_function(format!("{hand} vs {up}"), |b| {
            b.iter(|| query(black_box(&rules), hand, up))
        });
    }
    g.finish();
    // A nearly empty one-deck shoe (26 cards left, most of them small), split to 4 hands: the
    // worst case of the split round does not fit, so the exact exhaustion search runs.
    let mut g = c.benchmark_group("ev query, depleted 1 deck");
    let one = Rules {
        decks: 1,
        ..Rules::default()
    };
    let gone = parse_cards(
        "TS TH TD TC JS JH JD JC QS QH QD QC KS KH KD KC 9S 9H 9D 9C 8S 8H 8D 8C 7S 7H",
    )
    .unwrap();
    let h = parse_cards("2S 2H").unwrap();
    let u: Card = "6D".parse().unwrap();
    let mut seen = gone.clone();
    seen.extend([h[0], h[1], u]);
    let shoe = Shoe::decks_without(1, &seen).unwrap();
    g.bench_function("2S 2H vs 6D, 23 cards left", |b| {
        b.iter(|| {
            hand_evs(black_box(&one), &shoe, &Spot::new(&h, u))
                .unwrap()
                .split
        })
    });
    g.finish();
}

fn edge(c: &mut Criterion) {
    let mut g = c.benchmark_group("edge, full shoe");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let six = Rules::default();
    g.bench_function("6 decks S17 DAS LS", |b| {
        b.iter(|| game_ev(black_box(&six)).ev)
    });
    let h17 = Rules {
        dealer_hits_soft_17: true,
        ..Rules::default()
    };
    g.bench_function("6 decks H17 DAS LS", |b| {
        b.iter(|| game_ev(black_box(&h17)).ev)
    });
    let eight = Rules {
        decks: 8,
        max_hands: 8,
        resplit_aces: true,
        ..Rules::default()
    };
    g.bench_function("8 decks, split to 8 hands, RSA", |b| {
        b.iter(|| game_ev(black_box(&eight)).ev)
    });
    g.finish();
}

criterion_group!(benches, ev_queries, edge);
criterion_main!(benches);

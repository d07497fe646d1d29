//! Daifugo engine speed (issue 6 item 5, issue 11): legal-play generation for a 13-card hand
//! when leading (target ≤ 2 µs median), a follow, and whole CPU-only `easy` matches under each
//! preset — standard, party, uecda, classic (issue 11 target ≥ 50,000 games per second per
//! core; a game is one match of 5 rounds, 4 players): `easy_match` through
//! [`play_cpu_match`] with boxed-trait CPUs, `easy_simulate` through the game loop that
//! `daifugo simulate` runs ([`play_game`]: `easy_choice` for every seat, the figures kept).

use std::hint::black_box;

use cardroom::cards::{daifugo_deck, rng_from_seed, shuffle};
use cardroom::daifugo::cpu::Budget;
use cardroom::daifugo::legal::{TrickState, legal_plays};
use cardroom::daifugo::rules::CpuLevel;
use cardroom::daifugo::rules::{Preset, Rules};
use cardroom::daifugo::sim::play_cpu_match;
use cardroom::daifugo::simulate::{SimOptions, play_game};
use cardroom::daifugo::{CardSet, CpuPlayer, Discard, EasyCpu, MatchSettings, Play};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// 64 random 13-card hands from seeded shuffles of the 54-card deck.
fn hands() -> Vec<CardSet> {
    (0..64)
        .map(|seed| {
            let mut deck = daifugo_deck(2);
            shuffle(&mut deck, &mut rng_from_seed(seed));
            CardSet::from_cards(&deck[..13])
        })
        .collect()
}

fn legal_generation(c: &mut Criterion) {
    let rules = Rules::default();
    let hands = hands();
    let mut out: Vec<Play> = Vec::with_capacity(256);
    let lead = TrickState::default();
    let mut i = 0;
    c.bench_function("legal_plays/lead_13_cards", |b| {
        b.iter(|| {
            i = (i + 1) % hands.len();
            legal_plays(&rules, black_box(&lead), black_box(hands[i]), &mut out);
            out.len()
        })
    });
    let follow = TrickState {
        pile: Play::parse("7S 7H").ok(),
        ..TrickState::default()
    };
    c.bench_function("legal_plays/follow_pair_13_cards", |b| {
        b.iter(|| {
            i = (i + 1) % hands.len();
            legal_plays(&rules, black_box(&follow), black_box(hands[i]), &mut out);
            out.len()
        })
    });
}

fn easy_matches(c: &mut Criterion) {
    let mut group = c.benchmark_group("easy_match");
    group.throughput(Throughput::Elements(1));
    // One match of 5 rounds, 4 players, per rule set (issue 11: ≥ 50,000 a second under each).
    for (name, preset) in [
        ("4_players_5_rounds", Preset::Standard),
        ("party_4_players_5_rounds", Preset::Party),
        ("uecda_4_players_5_rounds", Preset::Uecda),
        ("classic_4_players_5_rounds", Preset::Classic),
    ] {
        let settings = MatchSettings {
            rules: Rules::preset(preset),
            players: 4,
            rounds: 5,
        };
        let mut seed = 0u64;
        let mut cpu_rng = rng_from_seed(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let (mut a, mut b2, mut c2, mut d) = (EasyCpu, EasyCpu, EasyCpu, EasyCpu);
                let mut cpus: [&mut dyn CpuPlayer; 4] = [&mut a, &mut b2, &mut c2, &mut d];
                play_cpu_match(
                    settings,
                    rng_from_seed(seed),
                    &mut cpus,
                    &mut cpu_rng,
                    &mut Discard,
                )
                .map(|r| r.totals[0])
            })
        });
    }
    group.finish();
}

fn easy_simulate(c: &mut Criterion) {
    let mut group = c.benchmark_group("easy_simulate");
    group.throughput(Throughput::Elements(1));
    // The game `daifugo simulate --levels easy,easy,easy,easy` plays, one a time.
    for (name, preset) in [
        ("standard", Preset::Standard),
        ("party", Preset::Party),
        ("uecda", Preset::Uecda),
        ("classic", Preset::Classic),
    ] {
        let opts = SimOptions {
            settings: MatchSettings {
                rules: Rules::preset(preset),
                players: 4,
                rounds: 5,
            },
            levels: vec![CpuLevel::Easy; 4],
            games: u64::MAX,
            seed: 1,
            budget: Budget::Playouts(1),
            budgets: Vec::new(),
            threads: 1,
            record: false,
        };
        let mut index = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                index += 1;
                play_game(&opts, index).map(|g| g.points[0])
            })
        });
    }
    group.finish();
}

criterion_group!(benches, legal_generation, easy_matches, easy_simulate);
criterion_main!(benches);

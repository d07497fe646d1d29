//! Daifugo CPU speed (issue 6 item 5): whole `easy` games through the `simulate` harness
//! (target ≥ 20,000 games per second per core; a game is one match of 5 rounds, 4 players),
//! `normal` decisions, playouts of the rest of a round with each policy, and `hard` decisions
//! with a fixed number of deals. The time-budget figures of `hard` (p99 ≤ budget + 20 ms) come
//! from `cardroom daifugo simulate`, which times every `hard` decision.

use std::hint::black_box;

use cardroom::cards::rng_from_seed;
use cardroom::daifugo::cpu::belief::{BeliefParams, Model};
use cardroom::daifugo::cpu::hard::{HardOptions, Imitate};
use cardroom::daifugo::cpu::normal::{NormalPolicy, normal_choice};
use cardroom::daifugo::cpu::{Budget, CpuPlayer, EasyCpu, HardCpu, easy_choice};
use cardroom::daifugo::legal::LegalCache;
use cardroom::daifugo::rules::{CpuLevel, Rules};
use cardroom::daifugo::simulate::{SimOptions, play_game};
use cardroom::daifugo::{CardSet, Discard, Game, MAX_SEATS, MatchSettings, Phase, RoundState};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn settings() -> MatchSettings {
    MatchSettings {
        rules: Rules::default(),
        players: 4,
        rounds: 5,
    }
}

/// Games paused at a trick decision: for each seed, the first match advanced by `easy` play
/// for `steps` actions (or to its first later trick decision).
fn positions(steps: usize) -> Vec<Game> {
    (0..32)
        .filter_map(|seed| {
            let (mut g, _) = Game::new(settings(), rng_from_seed(seed)).ok()?;
            let mut rng = rng_from_seed(seed);
            let mut n = 0;
            while let Some(seat) = g.current_seat() {
                if n >= steps && g.phase() == Phase::Play {
                    return Some(g);
                }
                let a = EasyCpu.choose(&g.seat_view(seat), &mut rng);
                g.apply_into(seat, a, &mut Discard).ok()?;
                n += 1;
            }
            None
        })
        .collect()
}

fn hands_of(g: &Game) -> [CardSet; MAX_SEATS] {
    let mut h = [CardSet::EMPTY; MAX_SEATS];
    for (s, slot) in h.iter_mut().enumerate().take(g.players()) {
        *slot = g.hand(s);
    }
    h
}

fn easy_games(c: &mut Criterion) {
    let opts = SimOptions {
        settings: settings(),
        levels: vec![CpuLevel::Easy; 4],
        games: u64::MAX,
        seed: 1,
        budget: Budget::Playouts(1),
        budgets: Vec::new(),
        threads: 1,
        record: false,
    };
    let mut group = c.benchmark_group("simulate");
    group.throughput(Throughput::Elements(1));
    let mut index = 0u64;
    group.bench_function("easy_game_4p_5_rounds", |b| {
        b.iter(|| {
            index += 1;
            play_game(&opts, black_box(index)).map(|r| r.points[0])
        })
    });
    group.finish();
}

fn decisions(c: &mut Criterion) {
    let games = positions(6);
    let mut i = 0;
    c.bench_function("normal/decision", |b| {
        b.iter(|| {
            i = (i + 1) % games.len();
            let g = &games[i];
            let seat = g.current_seat().unwrap_or(0);
            normal_choice(black_box(&g.seat_view(seat)))
        })
    });
    let mut rng = rng_from_seed(3);
    let mut group = c.benchmark_group("hard");
    group.sample_size(20);
    // The search as at a short budget (`normal` replies); with the other seats' replies drawn
    // from the learned imitation of `hard` (as a search of 500 ms or more at a table that does
    // not play like `normal`); and with the sampler weighing their actions by the imitation
    // too, from the first search (the imitation reading, `Imitate::read_epsilon`, as such a
    // search once the table has shown it does not play like `normal`).
    let short = HardOptions::new(Budget::Playouts(100));
    let imitating = HardOptions {
        imitation: Some(Imitate {
            min_deals: 0,
            read_epsilon: None,
            ..Imitate::default()
        }),
        ..short
    };
    let reading = HardOptions {
        belief: Some(BeliefParams {
            epsilon: 0.3,
            models: [(Model::Imitation, 1.0), (Model::Easy, 0.0)],
            ..BeliefParams::default()
        }),
        loosen: None,
        ..imitating
    };
    let searches = [
        ("decision_100_deals", short),
        ("decision_100_deals_imitating", imitating),
        ("decision_100_deals_reading_by_imitation", reading),
    ];
    for (name, options) in searches {
        let mut hard = HardCpu::with_options(options);
        group.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % games.len();
                let g = &games[i];
                let seat = g.current_seat().unwrap_or(0);
                hard.choose(black_box(&g.seat_view(seat)), &mut rng)
            })
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let games = positions(0);
    let starts: Vec<RoundState> = games
        .iter()
        .filter_map(|g| {
            let seat = g.current_seat()?;
            RoundState::from_view(&g.seat_view(seat), &hands_of(g), g.out_of_play())
        })
        .collect();
    let mut cache = LegalCache::default();
    let mut rng = rng_from_seed(5);
    let mut i = 0;
    let mut group = c.benchmark_group("playout_whole_round");
    group.throughput(Throughput::Elements(1));
    group.bench_function("easy", |b| {
        b.iter(|| {
            i = (i + 1) % starts.len();
            let mut st = starts[i];
            st.run(&mut cache, &mut rng, |v, _| easy_choice(v))
        })
    });
    let mut policy = NormalPolicy::default();
    group.bench_function("normal", |b| {
        b.iter(|| {
            i = (i + 1) % starts.len();
            let mut st = starts[i];
            st.run(&mut cache, &mut rng, |v, _| policy.choose(v))
        })
    });
    group.finish();
}

criterion_group!(benches, easy_games, decisions, playouts);
criterion_main!(benches);

//! Every decision of every CPU level is a legal action of its own view, over seeded matches on
//! random tables and rule sets (ten thousand with `CARDROOM_LONG_TESTS=1`, a hundred by
//! default); and the same seed gives the same game.

use crate::cpu_support::random_settings;
use cardroom::cards::{GameRng, rng_from_seed};
use cardroom::daifugo::cpu::{Budget, CpuPlayer, EasyCpu, HardCpu, NormalCpu, Rollout};
use cardroom::daifugo::record::check_record;
use cardroom::daifugo::rules::{CpuLevel, Rules};
use cardroom::daifugo::simulate::{SimOptions, play_game, simulate};
use cardroom::daifugo::{Action, Decision, Discard, Game, MatchSettings, SeatView};
use rand::RngExt;

/// Whether `a` is one of the view's legal actions: a listed play, a pass when allowed, a
/// give-back of exactly the owed number of the seat's own cards, a 7-pass of up to (exactly,
/// when `exact`) the owed number of its own cards, a 10-discard of as many of the eligible
/// cards, or a Q-bomber naming at most the owed number of ranks (`rules/daifugo.md` §3b).
fn legal_in_view(view: &SeatView<'_>, a: Action) -> bool {
    match (view.decision(), a) {
        (Decision::Play { can_pass, .. }, Action::Pass) => can_pass,
        (Decision::Play { .. }, Action::Play(p)) => view.legal_plays().contains(&p),
        (Decision::GiveBack { count, .. }, Action::GiveBack(cards)) => {
            cards.len() == usize::from(count) && view.hand().contains_all(cards)
        }
        (Decision::Give { count, exact, .. }, Action::Give(cards)) => {
            let n = usize::from(count);
            view.hand().contains_all(cards) && (cards.len() == n || !exact && cards.len() < n)
        }
        (
            Decision::Discard {
                count,
                exact,
                eligible,
            },
            Action::Discard(cards),
        ) => {
            let n = usize::from(count);
            eligible.contains_all(cards)
                && view.hand().contains_all(cards)
                && (cards.len() == n || !exact && cards.len() < n)
        }
        (Decision::Bomb { count }, Action::Bomb(ranks)) => ranks.len() <= usize::from(count),
        _ => false,
    }
}

#[test]
fn every_cpu_decision_is_a_legal_action_of_its_view() {
    let mut decisions = [0u64; 3];
    let games: u64 = if crate::long_tests() { 10_000 } else { 100 };
    for seed in 0..games {
        let mut rng: GameRng = rng_from_seed(seed);
        let rounds = if rng.random_bool(0.8) { 1 } else { 3 };
        let settings = random_settings(&mut rng, rounds);
        let mut levels = Vec::new();
        let mut cpus: Vec<Box<dyn CpuPlayer>> = (0..settings.players)
            .map(|_| -> Box<dyn CpuPlayer> {
                let level = rng.random_range(0..3usize);
                levels.push(level);
                match level {
                    0 => Box::new(EasyCpu),
                    1 => Box::new(NormalCpu),
                    _ => {
                        // A tiny fixed budget: one deal per decision, mostly with the fast
                        // playout policy, keeps ten thousand matches quick while exercising
                        // the whole search.
                        let rollout = if rng.random_bool(0.85) {
                            Rollout::Easy
                        } else {
                            Rollout::Normal
                        };
                        Box::new(HardCpu::with_rollout(Budget::Playouts(1), rollout))
                    }
                }
            })
            .collect();
        let mut g = Game::new_into(settings, rng_from_seed(!seed), &mut Discard).unwrap();
        let mut steps = 0;
        while let Some(seat) = g.current_seat() {
            let view = g.seat_view(seat);
            let action = cpus[seat].choose(&view, &mut rng);
            assert!(
                legal_in_view(&view, action),
                "seed {seed}: seat {seat} ({}) chose {action:?}, not a legal action of its view",
                ["easy", "normal", "hard"][levels[seat]]
            );
            decisions[levels[seat]] += 1;
            g.apply_into(seat, action, &mut Discard)
                .unwrap_or_else(|e| panic!("seed {seed}: the engine refused {action:?}: {e}"));
            steps += 1;
            assert!(steps < 10_000, "seed {seed}: the match does not end");
        }
        assert!(g.outcome().is_some());
    }
    for (level, n) in ["easy", "normal", "hard"].iter().zip(decisions) {
        assert!(n > games * 10, "{level}: only {n} decisions checked");
    }
}

fn options(levels: Vec<CpuLevel>, games: u64, threads: usize) -> SimOptions {
    SimOptions {
        settings: MatchSettings {
            rules: Rules::default(),
            players: levels.len(),
            rounds: 2,
        },
        levels,
        games,
        seed: 42,
        budget: Budget::Playouts(3),
        budgets: Vec::new(),
        threads,
        record: true,
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    use CpuLevel::*;
    let opts = options(vec![Hard, Normal, Easy, Normal], 3, 1);
    for index in 0..3 {
        let a = play_game(&opts, index).unwrap();
        let b = play_game(&opts, index).unwrap();
        assert_eq!(a.record, b.record, "game {index}: records differ");
        assert_eq!(a.points, b.points);
    }
    // Different games differ (a seed per game).
    let a = play_game(&opts, 0).unwrap();
    let b = play_game(&opts, 1).unwrap();
    assert_ne!(a.record, b.record);
}

#[test]
fn threads_do_not_change_the_games_and_records_replay() {
    use CpuLevel::*;
    let mut figures = Vec::new();
    let mut records = Vec::new();
    for threads in [1, 3] {
        let opts = options(vec![Hard, Easy, Normal], 6, threads);
        let mut out: Vec<u8> = Vec::new();
        let report = simulate(&opts, Some(&mut out), &mut |_, _, _| {}).unwrap();
        // Everything but the decision timing (wall clock) must match.
        let mut seats = report.seats.clone();
        for f in &mut seats {
            let count = f.decisions.take().map(|t| t.count);
            assert_eq!(count.is_some(), f.level == "hard", "{}", f.level);
            f.level.push_str(&format!(" {count:?}"));
        }
        figures.push(seats);
        records.push(out);
    }
    assert_eq!(figures[0], figures[1]);
    assert_eq!(records[0], records[1]);
    // Six matches one after another, each with its header, each checked by the replayer.
    let text = String::from_utf8(records[0].clone()).unwrap();
    let headers = text
        .lines()
        .filter(|l| l.contains("\"type\":\"header\""))
        .count();
    assert_eq!(headers, 6);
    let summary = check_record(&text).unwrap();
    assert_eq!(summary.matches, 6);
}

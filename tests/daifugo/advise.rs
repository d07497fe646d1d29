//! The Daifugo advisor (issue 14 item 5): its input holds one seat's knowledge only, and its
//! estimates rank a forced win above a loss in endgames worked out by hand from the rule book.

use std::path::Path;
use std::process::{Command, Output};

use cardroom::daifugo::cpu::Budget;
use cardroom::daifugo::cpu::advice::{OwnedSeatView, advise, best_index};
use cardroom::daifugo::{Action, Play};
use serde_json::Value;

use crate::cpu_view::{TABLE_A, TABLE_B, game};

/// The keys of the advisor's input, as serialized. A new field must be public information or
/// the seat's own: nothing here can hold another seat's cards.
const INPUT_FIELDS: &[&str] = &[
    "clockwise",
    "counts",
    "discarded",
    "exchange",
    "gifts",
    "hand",
    "log",
    "out_of_play",
    "pass_streak",
    "passed",
    "phase",
    "pile_seat",
    "places",
    "played",
    "players",
    "round",
    "rounds",
    "rules",
    "seat",
    "titles",
    "to_act",
    "to_play",
    "totals",
    "trick",
];

#[test]
fn the_advisor_input_holds_only_the_seats_own_knowledge() {
    let a = game(&TABLE_A, 0);
    let input = OwnedSeatView::from_view(&a.seat_view(0));
    let v = serde_json::to_value(&input).unwrap();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, INPUT_FIELDS, "the advisor's input changed shape");
    assert_eq!(v["counts"], serde_json::json!([13, 13, 13, 15]));
    // Two tables that split the hidden cards differently give the same input and therefore
    // the same estimates: nothing of the other hands reaches the advisor.
    let b = game(&TABLE_B, 0);
    assert_ne!(a.hand(1), b.hand(1));
    let other = OwnedSeatView::from_view(&b.seat_view(0));
    assert_eq!(input, other);
    let budget = Budget::Playouts(3);
    assert_eq!(advise(&input, budget, 5), advise(&other, budget, 5));
}

#[test]
fn the_input_can_be_sent_to_a_worker_thread() {
    fn send<T: Send + 'static>(_: &T) {}
    let g = game(&TABLE_A, 0);
    let input = OwnedSeatView::from_view(&g.seat_view(0));
    send(&input);
    let est = std::thread::spawn(move || advise(&input, Budget::Playouts(2), 1))
        .join()
        .unwrap();
    // One estimate per legal play (leading: no pass), each within the 4-player scale.
    assert_eq!(est.len(), g.seat_view(0).legal_plays().len());
    assert!(est.iter().all(|(_, v)| (1.0..=4.0).contains(v)), "{est:?}");
}

#[test]
fn waiting_seats_get_no_advice() {
    let g = game(&TABLE_A, 3);
    let input = OwnedSeatView::from_view(&g.seat_view(0));
    assert!(advise(&input, Budget::Playouts(2), 1).is_empty());
}

/// Every card of a two-joker deck except `keep`, in notation.
fn all_but(keep: &str) -> String {
    let keep: Vec<&str> = keep.split_whitespace().collect();
    let mut out = Vec::new();
    for r in "A23456789TJQK".chars() {
        for s in "SHDC".chars() {
            let c = format!("{r}{s}");
            if !keep.contains(&c.as_str()) {
                out.push(c);
            }
        }
    }
    let jokers = keep.iter().filter(|c| **c == "JK").count();
    for _ in jokers..2 {
        out.push("JK".into());
    }
    out.join(" ")
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardroom"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir)
        .env("HOME", dir)
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .expect("the binary runs")
}

/// `daifugo advise --json`: (cards or "pass", points, best) per action.
fn advise_json(args: &[&str]) -> Vec<(String, f64, bool)> {
    let dir = tempfile::tempdir().unwrap();
    let mut all = vec!["daifugo", "advise", "--json"];
    all.extend_from_slice(args);
    let out = run_in(dir.path(), &all);
    assert!(
        out.status.success(),
        "{all:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    v["estimates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let name = match e["cards"].as_array() {
                Some(cards) => cards
                    .iter()
                    .map(|c| c.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(" "),
                None => e["action"].as_str().unwrap().to_string(),
            };
            (
                name,
                e["points"].as_f64().unwrap(),
                e["best"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_two_player_endgame_is_solved_exactly() {
    // You hold 2♠ 6♦ and lead; the one opponent holds the A♥ (every other card is played, so
    // this is perfect information). 2♠ first: nothing beats it (both jokers are gone), the
    // pile clears, 6♦ goes out: first place, 2 points. 6♦ first: the A♥ beats it and goes
    // out: second place, 1 point (rules/daifugo.md §1–2).
    let played = all_but("2S 6D AH");
    let est = advise_json(&["--hand", "2S 6D", "--counts", "1", "--played", &played]);
    assert_eq!(
        est,
        vec![
            ("6D".to_string(), 1.0, false),
            ("2S".to_string(), 2.0, true),
        ]
    );
}

#[test]
fn a_forced_win_ranks_above_a_loss_when_the_hidden_cards_are_sampled() {
    // Three players: you hold 2♠ 6♦ and lead; the others hold one card each, the A♥ and the
    // K♥ in some order you cannot see (so the estimate comes from sampled deals). 2♠ then 6♦
    // wins whatever they hold: 3 points in every deal. After 6♦ the next player beats it with
    // either card and goes out first, so you score at most 2.
    let played = all_but("2S 6D AH KH");
    let est = advise_json(&[
        "--hand",
        "2S 6D",
        "--counts",
        "1,1",
        "--played",
        &played,
        "--playouts",
        "20",
    ]);
    let get = |name: &str| est.iter().find(|e| e.0 == name).unwrap().clone();
    assert_eq!(get("2S"), ("2S".to_string(), 3.0, true));
    assert!(get("6D").1 <= 2.0, "{est:?}");
    assert!(!get("6D").2);
}

#[test]
fn advise_lists_the_pass_and_checks_its_counts() {
    // Following a single 7♣: the plays that beat it, then the pass.
    let est = advise_json(&[
        "--hand",
        "3S 9D 2S",
        "--pile",
        "7C",
        "--counts",
        "5,6",
        "--playouts",
        "4",
    ]);
    let names: Vec<&str> = est.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(names, ["9D", "2S", "pass"]);
    assert_eq!(est.iter().filter(|e| e.2).count(), 1, "one best: {est:?}");
    // Counts beyond the unseen cards, a zero count, a played card in the hand: status 2.
    let dir = tempfile::tempdir().unwrap();
    for (args, want) in [
        (vec!["--hand", "3S", "--counts", "60"], "only 53"),
        (vec!["--hand", "3S", "--counts", "0,4"], "count 1 is 0"),
        (
            vec!["--hand", "3S", "--counts", "4", "--played", "3S"],
            "3S is also in the hand",
        ),
    ] {
        let mut all = vec!["daifugo", "advise"];
        all.extend_from_slice(&args);
        let out = run_in(dir.path(), &all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{all:?}: {err}");
    }
}

#[test]
fn best_index_takes_the_first_of_equal_bests() {
    let p = |s: &str| Action::Play(Play::parse(s).unwrap());
    let est = vec![
        (p("3S"), 1.5),
        (p("4S"), 2.5),
        (p("5S"), 2.5),
        (Action::Pass, 1.0),
    ];
    assert_eq!(best_index(&est), Some(1));
    assert_eq!(best_index(&[]), None);
}

//! `cardroom blackjack simulate`: the JSON shape, determinism for a seed and thread count, the
//! readable summary, and exit status 2 for bad input.

use std::process::Command;

use cardroom::blackjack::rules::Rules;
use cardroom::blackjack::sim::simulate;
use cardroom::blackjack::strategy::BasicStrategy;
use serde_json::Value;

fn cardroom(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardroom"))
        .args(args)
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .expect("the binary runs")
}

fn config(text: &str) -> tempfile::NamedTempFile {
    let f = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(f.path(), text).unwrap();
    f
}

#[test]
fn simulate_json_is_deterministic_and_matches_the_library() {
    let cfg = config("[blackjack]\ndecks = 2\ndealer_hits_soft_17 = true\n");
    let path = cfg.path().to_str().unwrap();
    let args = [
        "blackjack",
        "simulate",
        "--hands",
        "30000",
        "--seed",
        "3",
        "--threads",
        "2",
        "--json",
        "--config",
        path,
    ];
    let a = cardroom(&args);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let v: Value = serde_json::from_slice(&a.stdout).unwrap();
    assert_eq!(v["hands"], 30000);
    let ev = v["ev_per_hand"].as_f64().unwrap();
    let se = v["stderr"].as_f64().unwrap();
    assert!(v["hands_per_sec"].as_f64().unwrap() > 0.0);
    assert!(se > 0.0 && se < 0.05, "stderr {se}");
    // Same seed and threads: the same numbers; and the library says the same.
    let b: Value = serde_json::from_slice(&cardroom(&args).stdout).unwrap();
    assert_eq!(b["ev_per_hand"], v["ev_per_hand"]);
    assert_eq!(b["stderr"], v["stderr"]);
    let rules = Rules {
        decks: 2,
        dealer_hits_soft_17: true,
        ..Rules::default()
    };
    let t = simulate(&rules, &BasicStrategy::new(&rules), 30_000, 3, 2, None);
    // (JSON floats are read back to within an ulp or so.)
    assert!(
        (t.ev_per_hand() - ev).abs() < 1e-12,
        "{} {ev}",
        t.ev_per_hand()
    );
    assert!((t.stderr() - se).abs() < 1e-12);
}

#[test]
fn simulate_prints_a_readable_summary() {
    let out = cardroom(&[
        "blackjack",
        "simulate",
        "--hands",
        "1000",
        "--seed",
        "1",
        "--lang",
        "en",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("1000 hands"), "{text}");
    assert!(text.contains("EV per hand"), "{text}");
    let out = cardroom(&[
        "blackjack",
        "simulate",
        "--hands",
        "1000",
        "--seed",
        "1",
        "--lang",
        "ja",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("期待値"), "{text}");
}

#[test]
fn bad_input_exits_with_status_2() {
    let out = cardroom(&["blackjack", "simulate", "--hands", "0", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let cfg = config("[blackjack]\ndecks = 9\n");
    let out = cardroom(&[
        "blackjack",
        "simulate",
        "--hands",
        "10",
        "--json",
        "--config",
        cfg.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("decks"));
}

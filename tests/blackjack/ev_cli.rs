//! `cardroom blackjack ev` and `edge` as a user runs them: JSON keys of DESIGN.md, the human
//! table, and one-line errors with exit status 2.

use std::process::{Command, Output};

fn cardroom(args: &[&str], config: Option<&str>) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cardroom"));
    // A private config home, so no user file is picked up.
    cmd.env("XDG_CONFIG_HOME", dir.path())
        .current_dir(dir.path());
    if let Some(text) = config {
        let path = dir.path().join("table.toml");
        std::fs::write(&path, text).unwrap();
        cmd.arg("--config").arg(&path);
    }
    cmd.args(args).output().unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn ev_json_has_the_design_keys_and_the_published_values() {
    // One deck, S17, dealer ace (rules/blackjack.md §4): 6,5 doubles for +0.240259.
    let cfg = "[blackjack]\ndecks = 1\nsurrender = \"none\"\n";
    let out = cardroom(
        &[
            "blackjack",
            "ev",
            "--hand",
            "6S 5S",
            "--dealer",
            "AH",
            "--json",
        ],
        Some(cfg),
    );
    let v = json(&out);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    for k in ["stand", "hit", "double", "split", "surrender", "best"] {
        assert!(keys.contains(&k), "missing {k} in {keys:?}");
    }
    assert!((v["stand"].as_f64().unwrap() - -0.634013).abs() < 5e-7);
    assert!((v["hit"].as_f64().unwrap() - 0.172946).abs() < 5e-7);
    assert!((v["double"].as_f64().unwrap() - 0.240259).abs() < 5e-7);
    assert!(v["split"].is_null() && v["surrender"].is_null());
    assert_eq!(v["best"], "double");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.find("\"stand\"").unwrap() < text.find("\"best\"").unwrap(),
        "keys in DESIGN.md order: {text}"
    );
}

#[test]
fn ev_takes_seen_cards_out_and_offers_the_split() {
    let base = cardroom(
        &[
            "blackjack",
            "ev",
            "--hand",
            "8S 8H",
            "--dealer",
            "TD",
            "--json",
        ],
        None,
    );
    let v = json(&base);
    assert!(v["split"].as_f64().is_some());
    assert_eq!(v["best"], "split");
    // Removing eight tens helps an 8 against a ten.
    let fewer_tens = cardroom(
        &[
            "blackjack",
            "ev",
            "--hand",
            "8S 8H",
            "--dealer",
            "TD",
            "--shoe-removed",
            "TS TH TC KS KH KC QS QH",
            "--json",
        ],
        None,
    );
    let w = json(&fewer_tens);
    assert!(w["stand"].as_f64().unwrap() != v["stand"].as_f64().unwrap());
}

#[test]
fn ev_prints_a_table_without_json() {
    let out = cardroom(
        &["blackjack", "ev", "--hand", "TS 6S", "--dealer", "7H"],
        None,
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for word in ["stand", "hit", "double", "surrender", "best", "6 decks"] {
        assert!(text.contains(word), "{word} missing:\n{text}");
    }
}

#[test]
fn ev_infinite_deck_reproduces_the_textbook_value() {
    let out = cardroom(
        &[
            "blackjack",
            "ev",
            "--hand",
            "TS 6S",
            "--dealer",
            "TH",
            "--infinite",
            "--json",
        ],
        None,
    );
    let v = json(&out);
    assert!((v["stand"].as_f64().unwrap() - -0.540430).abs() < 5e-7);
    assert!((v["hit"].as_f64().unwrap() - -0.539826).abs() < 5e-7);
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let cases: [&[&str]; 4] = [
        &["blackjack", "ev", "--hand", "TS XX", "--dealer", "6H"],
        &["blackjack", "ev", "--hand", "TS 6S 9D", "--dealer", "6H"],
        &[
            "blackjack",
            "ev",
            "--hand",
            "AS AS",
            "--dealer",
            "6H",
            "--shoe-removed",
            "AS AS AS AS AS",
        ],
        &["blackjack", "ev", "--hand", "TS", "--dealer", "6H"],
    ];
    for args in cases {
        let out = cardroom(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
    let out = cardroom(
        &[
            "blackjack",
            "ev",
            "--hand",
            "AS AS",
            "--dealer",
            "6H",
            "--shoe-removed",
            "AS AS AS AS AS",
        ],
        None,
    );
    assert!(String::from_utf8(out.stderr).unwrap().contains("AS"));
}

#[test]
fn edge_reports_the_game_and_its_breakdown() {
    let cfg = "[blackjack]\ndecks = 1\nsurrender = \"none\"\n";
    let out = cardroom(&["blackjack", "edge", "--json"], Some(cfg));
    let v = json(&out);
    // rules/blackjack.md §4: one deck S17 DAS +0.182%.
    assert!((v["ev"].as_f64().unwrap() - 0.00182).abs() < 0.00005, "{v}");
    assert_eq!(
        v["house_edge"].as_f64().unwrap(),
        -v["ev"].as_f64().unwrap()
    );
    let by_up = v["by_up"].as_array().unwrap();
    assert_eq!(by_up.len(), 10);
    assert_eq!(by_up[0]["up"], 2);
    assert_eq!(by_up[9]["up"], 1);
    let text = cardroom(&["blackjack", "edge"], Some(cfg));
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("house edge") && text.contains("1 deck"),
        "{text}"
    );
}

#[test]
fn a_bad_config_is_refused_before_computing() {
    let out = cardroom(&["blackjack", "edge"], Some("[blackjack]\ndecks = 12\n"));
    assert_eq!(out.status.code(), Some(2));
}

//! `cardroom daifugo legal`: the JSON shape of `DESIGN.md`, the rule-book vectors through the
//! real binary, rules from `--config`, the human listing, and exit status 2 on bad input.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// Runs the binary in an empty directory with no user config and an English locale.
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

fn run(args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    run_in(dir.path(), args)
}

/// `legal --json` with extra arguments; returns the plays (joined with spaces) and can_pass.
fn legal_json(extra: &[&str]) -> (Vec<String>, bool) {
    let mut args = vec!["daifugo", "legal", "--json"];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    parse_json(&out.stdout)
}

fn parse_json(stdout: &[u8]) -> (Vec<String>, bool) {
    let v: Value = serde_json::from_slice(stdout).expect("JSON on stdout");
    let obj = v.as_object().expect("an object");
    assert_eq!(obj.len(), 2, "exactly plays and can_pass: {v}");
    let plays = obj["plays"]
        .as_array()
        .expect("plays is a list")
        .iter()
        .map(|p| {
            p.as_array()
                .expect("each play is a list of cards")
                .iter()
                .map(|c| c.as_str().expect("cards are strings").to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    (
        plays,
        obj["can_pass"].as_bool().expect("can_pass is a bool"),
    )
}

fn set(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn json_shape_matches_the_design() {
    let out = run(&[
        "daifugo", "legal", "--hand", "TD KS KC", "--pile", "9H", "--json",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["plays"], serde_json::json!([["TD"], ["KS"], ["KC"]]));
    assert_eq!(v["can_pass"], Value::Bool(true));
    assert_eq!(text.lines().count(), 1, "one line of JSON");
}

#[test]
fn d_vectors_through_the_binary() {
    let (p, pass) = legal_json(&["--hand", "3C 9S TD KD 2H", "--pile", "9H"]);
    assert_eq!((sorted(p), pass), (set(&["TD", "KD", "2H"]), true), "D1");
    let (p, _) = legal_json(&["--hand", "5C 2D JK", "--pile", "2S"]);
    assert_eq!(p, ["JK"], "D2");
    let (p, _) = legal_json(&["--hand", "3S 3H 2C 2D", "--pile", "JK"]);
    assert_eq!(p, ["3S"], "D3: the lone JK on the pile and a 3S in hand");
    let (p, _) = legal_json(&["--hand", "TH JK 4S 4D KS KC", "--pile", "9D 9C"]);
    assert_eq!(p, ["TH JK", "KS KC", "KS JK", "KC JK"], "D5");
    let (p, _) = legal_json(&[
        "--hand",
        "TH JK 4S 4D KS KC",
        "--pile",
        "9D 9C",
        "--revolution",
    ]);
    assert_eq!(sorted(p), set(&["4S 4D", "4S JK", "4D JK"]), "D6");
    let (p, _) = legal_json(&["--hand", "TH QS KH 2D JK", "--pile", "9H", "--lock", "H"]);
    assert_eq!(sorted(p), set(&["TH", "KH", "JK"]), "D11");
    let (p, _) = legal_json(&["--hand", "3S 3C KC", "--pile", "JK", "--lock", "C"]);
    assert_eq!(p, ["3S"], "D14");
    let (p, _) = legal_json(&["--hand", "8H 9H TH 8C", "--pile", "7D 7S"]);
    assert_eq!(p, ["8H 8C"], "D15");
    let (p, pass) = legal_json(&["--hand", "3S 3H 4H 5H JK"]);
    assert!(!pass, "D16: the leader may not pass");
    assert_eq!(
        p,
        [
            "3S",
            "3H",
            "4H",
            "5H",
            "JK",
            "3S 3H",
            "3S JK",
            "3H JK",
            "4H JK",
            "5H JK",
            "3S 3H JK",
            "3H 4H 5H",
            "JK=3H 4H 5H",
            "3H JK=4H 5H",
            "3H 4H JK=5H",
            "4H 5H JK=6H",
            "3H 4H 5H JK=6H"
        ],
        "D16"
    );
}

#[test]
fn rules_come_from_the_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().to_string()
    };
    let no_spade3 = write("a.toml", "[daifugo]\nspade3 = false\n");
    let out = run_in(
        dir.path(),
        &[
            "--config", &no_spade3, "daifugo", "legal", "--hand", "3S 2C", "--pile", "JK", "--json",
        ],
    );
    assert_eq!(parse_json(&out.stdout), (vec![], true), "D4");
    let overlap = write("b.toml", "[daifugo]\nsequence.compare = \"overlap\"\n");
    let args = [
        "daifugo",
        "legal",
        "--hand",
        "5S 6S 7S 8S",
        "--pile",
        "4H 5H 6H",
        "--json",
    ];
    let out = run_in(dir.path(), &args);
    assert_eq!(
        parse_json(&out.stdout).0,
        Vec::<String>::new(),
        "D10 strict"
    );
    let mut with = vec!["--config", overlap.as_str()];
    with.extend_from_slice(&args);
    let out = run_in(dir.path(), &with);
    assert_eq!(
        parse_json(&out.stdout).0,
        ["5S 6S 7S", "6S 7S 8S"],
        "D10 overlap"
    );
    let jack = write("c.toml", "[daifugo]\njack_back = true\n");
    let out = run_in(
        dir.path(),
        &[
            "--config",
            &jack,
            "daifugo",
            "legal",
            "--hand",
            "3H 9C QS 2D JK",
            "--pile",
            "JD",
            "--jack-back",
            "--json",
        ],
    );
    assert_eq!(
        sorted(parse_json(&out.stdout).0),
        set(&["3H", "9C", "JK"]),
        "D17"
    );
    let classic = write("d.toml", "[daifugo]\npreset = \"classic\"\n");
    let out = run_in(
        dir.path(),
        &[
            "--config", &classic, "daifugo", "legal", "--hand", "3H 4H 5H", "--json",
        ],
    );
    assert_eq!(
        parse_json(&out.stdout).0,
        ["3H", "4H", "5H"],
        "classic: no sequences"
    );
}

#[test]
fn the_listing_without_json_is_readable_in_both_languages() {
    let out = run(&[
        "daifugo",
        "legal",
        "--hand",
        "TH JK KS KC",
        "--pile",
        "9D 9C",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Legal plays (4):"), "{text}");
    assert!(text.contains("KS KC"));
    assert!(text.contains("a pair"));
    assert!(text.trim_end().ends_with("pass"));
    let out = run(&[
        "--lang", "ja", "daifugo", "legal", "--hand", "TH", "--pile", "9D",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("出せる手"), "{text}");
    assert!(text.contains("パス"));
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--hand", "3S 1X"], "unknown card '1X'"),
        (&["--hand", "3S 3S"], "3S is given twice"),
        (&["--hand", "3S 4S", "--pile", "4S"], "4S cannot be both"),
        (
            &["--hand", "3S", "--pile", "3H 4C"],
            "no single, group or sequence",
        ),
        (&["--hand", "3S", "--pile", "9H 9H"], "9H is given twice"),
        (&["--hand", "JK JK", "--pile", "JK"], "3 jokers"),
        (
            &["--hand", "3S", "--pile", "9H", "--lock", "X"],
            "'X' is not a suit",
        ),
        (
            &["--hand", "3S", "--pile", "9H", "--lock", "S"],
            "does not have those suits",
        ),
        (&["--hand", "3S", "--pile", "4H 5H"], "at least 3 cards"),
    ];
    for (extra, want) in cases {
        let mut args = vec!["daifugo", "legal", "--json"];
        args.extend_from_slice(extra);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{extra:?}: one line: {err}");
        assert!(err.contains(want), "{extra:?}: {err}");
        assert!(out.stdout.is_empty(), "{extra:?}: nothing on stdout");
    }
    // A bad config file is also status 2.
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bad.toml");
    std::fs::write(&p, "[daifugo]\nspade4 = true\n").unwrap();
    let out = run_in(
        dir.path(),
        &[
            "--config",
            p.to_str().unwrap(),
            "daifugo",
            "legal",
            "--hand",
            "3S",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
}

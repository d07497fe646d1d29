//! The headless commands as a shell uses them: output into a closed pipe or onto a full disk,
//! error messages onto a full disk. No command may panic (status 101): a closed pipe ends it
//! quietly with 0, a full disk is one line on stderr and status 1, and a message that cannot be
//! written leaves the command's own status.

use std::process::{Command, Output, Stdio};

use crate::tmux::BIN;

/// Every standard card and both jokers: thousands of legal plays, far more than a pipe holds.
const ALL_54: &str = "3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C \
                      9S 9H 9D 9C TS TH TD TC JS JH JD JC QS QH QD QC KS KH KD KC AS AH AD AC \
                      2S 2H 2D 2C JK JK";

/// `cardroom ARGS` in an empty folder with no user config.
fn cardroom(args: &[&str]) -> Command {
    let dir = std::env::temp_dir();
    let mut c = Command::new(BIN);
    c.args(args)
        .current_dir(&dir)
        .env("XDG_CONFIG_HOME", dir.join("cardroom-no-config"))
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::null());
    c
}

/// Runs with stdout into a pipe whose reading end is already closed (as after `| head -1`).
fn into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    cardroom(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run cardroom")
}

fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

#[test]
fn a_closed_pipe_ends_each_command_quietly_with_0() {
    let legal = ["daifugo", "legal", "--hand", ALL_54];
    let cases: &[&[&str]] = &[
        &legal,
        &["config", "default"],
        &["blackjack", "ev", "--hand", "T 6", "--dealer", "T"],
        &["blackjack", "edge", "--infinite"],
        &["blackjack", "simulate", "--hands", "100", "--seed", "1"],
        &["daifugo", "simulate", "--games", "2", "--seed", "1"],
        &["--help"],
        &["completions", "bash"],
        &["man"],
    ];
    for args in cases {
        let out = into_closed_pipe(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            !err.contains("cannot write"),
            "{args:?} ends quietly: {err}"
        );
    }
}

#[test]
fn a_full_disk_is_one_line_and_status_1() {
    let cases: &[&[&str]] = &[
        &["daifugo", "legal", "--hand", "3S 4S"],
        &["config", "default"],
        &["blackjack", "edge", "--infinite"],
        &[
            "blackjack",
            "ev",
            "--hand",
            "T 6",
            "--dealer",
            "T",
            "--json",
        ],
        &["--help"],
        &["completions", "zsh"],
        &["man"],
    ];
    for args in cases {
        let out = cardroom(args)
            .stdout(dev_full())
            .stderr(Stdio::piped())
            .output()
            .expect("run cardroom");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
        assert!(
            err.starts_with("cardroom: cannot write the output:"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn an_error_message_onto_a_full_disk_keeps_the_commands_status() {
    for (args, code) in [
        (&["daifugo", "legal", "--hand", "ZZ"][..], 2),
        (&["blackjack", "ev", "--hand", "ZZ", "--dealer", "T"][..], 2),
        (&["config", "check", "/nonexistent/cardroom.toml"][..], 2),
        (&["no-such-command"][..], 2),
    ] {
        let out = cardroom(args)
            .stdout(Stdio::null())
            .stderr(dev_full())
            .output()
            .expect("run cardroom");
        assert_eq!(out.status.code(), Some(code), "{args:?}");
    }
}

#[test]
fn completions_and_the_man_page_come_from_the_cli_definition() {
    let subcommands = [
        "play",
        "daifugo",
        "blackjack",
        "config",
        "completions",
        "man",
    ];
    for shell in ["bash", "zsh", "fish"] {
        let out = cardroom(&["completions", shell]).output().expect("run");
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        for sub in subcommands.iter().chain(&["legal", "simulate", "edge"]) {
            assert!(script.contains(sub), "{shell} completes {sub}");
        }
    }
    let out = cardroom(&["man"]).output().expect("run");
    assert_eq!(out.status.code(), Some(0));
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH cardroom 1"),
        "roff: {page}"
    );
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    for sub in subcommands {
        assert!(
            page.contains(&format!("cardroom\\-{sub}(1)")),
            "the page names {sub}"
        );
    }
    // One page per command, written into a folder.
    let dir = tempfile::tempdir().expect("temp dir");
    let out = cardroom(&["man", "--out-dir", dir.path().to_str().unwrap()])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0));
    for page in [
        "cardroom.1",
        "cardroom-daifugo-legal.1",
        "cardroom-blackjack-ev.1",
    ] {
        let text = std::fs::read_to_string(dir.path().join(page)).expect(page);
        assert!(text.contains(".TH"), "{page}");
    }
}

/// Runs `cardroom ARGS` and returns (status, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = cardroom(args).output().expect("run cardroom");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_daifugo_positions_are_refused_with_a_reason() {
    // An empty hand asks nothing.
    for hand in ["", "  ", " , "] {
        let (code, out, err) = run(&["daifugo", "legal", "--hand", hand]);
        assert_eq!(code, Some(2), "{hand:?}: {out}");
        assert!(err.contains("the hand is empty"), "{err}");
    }
    // A lock, jack-back or number lock describes the pile: without one it would be ignored.
    for (flag, extra) in [
        ("--lock", Some("S")),
        ("--jack-back", None),
        ("--number-lock", None),
    ] {
        let mut args = vec!["daifugo", "legal", "--hand", "3S 4S"];
        args.push(flag);
        args.extend(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{flag}");
        assert!(err.contains(&format!("{flag} needs --pile")), "{err}");
        args.extend(["--pile", " "]);
        assert_eq!(run(&args).0, Some(2), "{flag} with a blank pile");
    }
    let (code, _, _) = run(&[
        "daifugo", "legal", "--hand", "3S 4S", "--lock", "S", "--pile", "3H",
    ]);
    assert_eq!(code, Some(2), "the 3H pile has no spade");
    let (code, out, err) = run(&[
        "daifugo", "legal", "--hand", "5S", "--lock", "S", "--pile", "4S",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("5S"), "{out}");
    // A third joker is about jokers, not an unknown card with a note glued to its name.
    let (code, _, err) = run(&["daifugo", "legal", "--hand", "JK JK JK"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err.trim(),
        "cardroom: bad --hand: there are at most 2 jokers"
    );
}

#[test]
fn global_options_are_refused_where_they_would_do_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rec = dir.path().join("r.jsonl");
    let rec = rec.to_str().unwrap();
    let cfg = dir.path().join("c.toml");
    std::fs::write(&cfg, "").unwrap();
    let cfg = cfg.to_str().unwrap();
    let refused: &[(&[&str], &str)] = &[
        (
            &["--record", rec, "daifugo", "legal", "--hand", "3S"],
            "--record",
        ),
        (
            &[
                "--record",
                rec,
                "blackjack",
                "ev",
                "--hand",
                "T 6",
                "--dealer",
                "T",
            ],
            "--record",
        ),
        (
            &["--record", rec, "blackjack", "edge", "--infinite"],
            "--record",
        ),
        (
            &["--record", rec, "blackjack", "simulate", "--hands", "10"],
            "--record",
        ),
        (&["--record", rec, "config", "default"], "--record"),
        (&["--record", rec, "config", "check", cfg], "--record"),
        (
            &["--seed", "3", "daifugo", "legal", "--hand", "3S"],
            "--seed",
        ),
        (
            &[
                "--seed",
                "3",
                "blackjack",
                "ev",
                "--hand",
                "T 6",
                "--dealer",
                "T",
            ],
            "--seed",
        ),
        (&["--config", cfg, "config", "default"], "--config"),
        (&["--config", cfg, "completions", "bash"], "--config"),
    ];
    for (args, flag) in refused {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(
            err.contains(&format!("{flag} does nothing")),
            "{args:?}: {err}"
        );
    }
    assert!(!std::path::Path::new(rec).exists(), "nothing was written");
    // Where they work, they are accepted.
    let (code, _, err) = run(&[
        "--record", rec, "--seed", "3", "--config", cfg, "daifugo", "simulate", "--games", "1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(std::fs::read_to_string(rec).unwrap().contains("\"header\""));
    let (code, _, err) = run(&["--seed", "3", "blackjack", "simulate", "--hands", "10"]);
    assert_eq!(code, Some(0), "{err}");
    // `config check FILE --config OTHER` names two files.
    let (code, _, err) = run(&["config", "check", cfg, "--config", "/elsewhere.toml"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("two files"), "{err}");
}

#[test]
fn one_range_for_think_ms_and_one_rule_for_threads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = dir.path().join("c.toml");
    let cfg = cfg.to_str().unwrap();
    // The configuration's cpu_think_ms range (10..=10000), from the config's own messages…
    for (ms, ok) in [(9, false), (10, true), (10_000, true), (10_001, false)] {
        std::fs::write(cfg, format!("[daifugo]\ncpu_think_ms = {ms}\n")).unwrap();
        let (code, _, err) = run(&["config", "check", cfg]);
        assert_eq!(code == Some(0), ok, "cpu_think_ms = {ms}: {err}");
        // …is the range of --think-ms (checked before any game is played).
        let ms = ms.to_string();
        let args = [
            "daifugo",
            "simulate",
            "--games",
            "1",
            "--levels",
            "easy,easy",
            "--think-ms",
            &ms,
        ];
        let (code, _, err) = run(&args);
        assert_eq!(code == Some(0), ok, "--think-ms {ms}: {err}");
    }
    // --threads 0 is the same usage error for both simulations; --playouts 0 and --games 0 too.
    for args in [
        &["daifugo", "simulate", "--games", "1", "--threads", "0"][..],
        &["blackjack", "simulate", "--hands", "10", "--threads", "0"][..],
        &["daifugo", "simulate", "--games", "1", "--playouts", "0"][..],
        &["daifugo", "simulate", "--games", "0"][..],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains("'0'"), "{args:?}: {err}");
    }
}

#[test]
fn a_huge_simulation_shows_progress_without_a_terminal() {
    use std::io::{BufRead, BufReader};
    let mut child = cardroom(&[
        "daifugo",
        "simulate",
        "--games",
        "1000000000000",
        "--seed",
        "1",
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .expect("run cardroom");
    let stderr = child.stderr.take().expect("stderr");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = BufReader::new(stderr).read_line(&mut first);
        let _ = tx.send(first);
    });
    // A tenth of 10^12 games never comes; the first line must not wait for it.
    let line = rx.recv_timeout(crate::tmux::PATIENCE);
    let _ = child.kill();
    let _ = child.wait();
    let line = line.expect("a progress line on stderr");
    assert!(line.contains("/1000000000000 games"), "{line}");
}

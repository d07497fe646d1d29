//! Configuration files: every invalid fixture gives its expected located message, valid fixtures
//! load as written, and the binary exits with status 2 before touching the terminal.

use std::path::Path;
use std::process::Command;

use cardroom::config::{Config, SuitStyle, ThemeName};
use cardroom::daifugo::rules::{CpuLevel, PassMode};

fn fixtures(kind: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/config")
        .join(kind);
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_invalid_fixture_gives_its_expected_message() {
    let files = fixtures("invalid");
    assert!(files.len() >= 15, "the fixture folder is populated");
    for path in files {
        let name = path.file_name().unwrap().to_str().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        let err = Config::from_toml(name, &text).expect_err(name);
        let first = err.to_string().lines().next().unwrap().to_string();
        assert_eq!(first, expected.trim(), "fixture {name}");
        assert!(
            err.line > 0 && err.column > 0,
            "{name} names a line and column"
        );
        assert!(err.key.is_some(), "{name} names a key");
    }
}

#[test]
fn valid_fixtures_load_as_written() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/config/valid/classic_with_8cut.toml"),
    )
    .unwrap();
    let c = Config::from_toml("classic_with_8cut.toml", &text).unwrap();
    assert_eq!(
        c.daifugo.pass_mode,
        PassMode::Reentry,
        "from the classic preset"
    );
    assert!(!c.daifugo.revolution.enabled, "from the classic preset");
    assert!(
        !c.daifugo.sequence.enabled,
        "classic plays singles and groups only"
    );
    assert!(
        c.daifugo.eight_cut.enabled,
        "the file's key overrides the preset"
    );
    assert_eq!(c.daifugo_players(), 6);
    assert_eq!(c.daifugo_table.cpu_level.level(2), CpuLevel::Hard);

    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/config/valid/single_deck_h17.toml"),
    )
    .unwrap();
    let c = Config::from_toml("single_deck_h17.toml", &text).unwrap();
    assert_eq!(c.blackjack.decks, 1);
    assert!(c.blackjack.dealer_hits_soft_17);
    assert_eq!(c.general.theme, ThemeName::Mono);
    assert_eq!(c.general.suits, SuitStyle::Letters);
    assert_eq!(c.blackjack.max_bet, 500, "unset keys keep their defaults");
}

fn cardroom() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cardroom"));
    // Keep the user's own config folder out of the tests.
    c.env("XDG_CONFIG_HOME", env!("CARGO_TARGET_TMPDIR"));
    c
}

#[test]
fn a_broken_config_exits_2_with_file_line_column_and_no_escape_bytes() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/config/invalid/cpus_nine.toml");
    for args in [
        vec!["--config", path.to_str().unwrap()],
        vec!["play", "daifugo", "--config", path.to_str().unwrap()],
    ] {
        let out = cardroom().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains("cpus_nine.toml:2:8: key 'daifugo.cpus'"),
            "{stderr}"
        );
        assert!(stderr.contains("1 to 7"), "says what is allowed: {stderr}");
        assert!(
            !out.stdout.contains(&0x1b) && !stderr.contains('\u{1b}'),
            "terminal untouched"
        );
    }
}

#[test]
fn config_check_and_default() {
    let out = cardroom().args(["config", "default"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed, cardroom::config::DEFAULT_TOML);

    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("config.toml");
    let out = cardroom()
        .args(["config", "check", shipped.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout).unwrap().ends_with(": ok\n"));

    let out = cardroom()
        .args(["config", "check", "/nonexistent/cardroom.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("cannot read the file")
    );
}

#[test]
fn the_user_file_in_the_xdg_folder_is_layered_over_the_default() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("cardroom")).unwrap();
    std::fs::write(
        dir.path().join("cardroom/config.toml"),
        "[blackjack]\ndecks = 0\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cardroom"))
        .env("XDG_CONFIG_HOME", dir.path())
        .current_dir(dir.path())
        .args(["config", "check"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("cardroom/config.toml:2:9: key 'blackjack.decks'"),
        "{stderr}"
    );
}

#[test]
fn the_game_refuses_without_a_terminal() {
    let out = cardroom().output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "no escape bytes, nothing on stdout");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(!stderr.contains('\u{1b}'));
}

/// `cardroom ARGS` with no user configuration, status and stderr, failing (not hanging) when it
/// does not finish within the patience of the end-to-end tests.
fn run_bounded(args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardroom"))
        .args(args)
        .env("XDG_CONFIG_HOME", dir.path())
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run cardroom");
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let mut err = String::new();
            use std::io::Read;
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            return (status.code(), err);
        }
        if start.elapsed() > crate::tmux::PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("cardroom {args:?} hung");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn only_regular_files_of_at_most_1_mib_are_read_as_configuration() {
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("fifo.toml");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success(),
        "mkfifo"
    );
    let big = dir.path().join("big.toml");
    // A valid TOML comment just over the limit: refused for its size, not its content.
    let mut text = String::from("# ");
    text.push_str(&"x".repeat((1 << 20) - 2));
    text.push('\n');
    std::fs::write(&big, &text).unwrap();
    let exact = dir.path().join("exact.toml");
    std::fs::write(&exact, &text[..1 << 20]).unwrap();
    let folder = dir.path().to_str().unwrap();
    let (fifo, big, exact) = (
        fifo.to_str().unwrap(),
        big.to_str().unwrap(),
        exact.to_str().unwrap(),
    );
    for (file, why) in [
        (fifo, "not a regular file (a FIFO)"),
        ("/dev/zero", "not a regular file (a device)"),
        (folder, "not a regular file (a folder)"),
        (big, "a configuration file may have at most 1048576"),
    ] {
        for args in [
            vec!["--config", file, "daifugo", "legal", "--hand", "3S"],
            vec!["config", "check", file],
            vec!["--config", file, "config", "check"],
        ] {
            let (code, err) = run_bounded(&args);
            assert_eq!(code, Some(2), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "one line: {err}");
            assert!(err.contains(file) && err.contains(why), "{args:?}: {err}");
        }
    }
    // 1 MiB exactly is still read.
    let (code, err) = run_bounded(&["config", "check", exact]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_table_given_as_a_value_names_no_rust_type() {
    // Every table of the file, given a plain value instead.
    for (table, key) in [
        ("general", None),
        ("blackjack", None),
        ("daifugo", None),
        ("daifugo", Some("sequence")),
        ("daifugo", Some("revolution")),
        ("daifugo", Some("eight_cut")),
        ("daifugo", Some("lock")),
        ("daifugo", Some("forbidden_finish")),
    ] {
        let text = match key {
            Some(k) => format!("[{table}]\n{k} = false\n"),
            None => format!("{table} = false\n"),
        };
        let e = Config::from_toml("t.toml", &text).expect_err(&text);
        let msg = e.to_string();
        for word in ["Section", "FileConfig", "General", "struct"] {
            assert!(!msg.contains(word), "{text}: {msg}");
        }
        assert!(msg.contains("expected a table"), "{text}: {msg}");
        assert!(e.line > 0, "{text}: a line");
    }
    let e = Config::from_toml("t.toml", "[daifugo]\nrevolution = false\n").unwrap_err();
    assert!(
        e.message.contains("revolution.enabled = false"),
        "says how to write it: {e}"
    );
}

#[test]
fn contradicting_keys_blame_the_one_the_file_sets_with_its_line() {
    // min_bet above the default max_bet (500): the file never wrote max_bet.
    let e = Config::from_toml("t.toml", "[blackjack]\nmin_bet = 600\n").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("blackjack.min_bet"), "{e}");
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    assert!(
        e.message
            .contains("min_bet (600) must not exceed max_bet (500)"),
        "{e}"
    );
    // Both written: the later limit, max_bet, is the one to fix (the bets_reversed fixture).
    let e = Config::from_toml("t.toml", "[blackjack]\nmin_bet = 100\nmax_bet = 50\n").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("blackjack.max_bet"));
    assert_eq!(e.line, 3);
    // Only the bankroll written, below the default min_bet? The bankroll line is blamed.
    let e = Config::from_toml("t.toml", "[blackjack]\nbankroll = 1\n").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("blackjack.bankroll"), "{e}");
    assert_eq!(e.line, 2);
}

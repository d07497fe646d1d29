//! End-to-end tests of the real binary in a terminal: tmux runs `cardroom` in a detached
//! session of a fixed size, keys go in with `send-keys`, the screen comes out of
//! `capture-pane`. After the program exits, the pane's shell records `stty -g` and the exit
//! status, and tmux reports whether the alternate screen is off, the cursor visible and mouse
//! reporting off — so each test checks that the terminal came back exactly as it was.
//!
//! Each test uses its own tmux server (`-L` socket) and kills only that server. Without tmux
//! the tests print a message and pass (CI installs tmux).

use std::process::{Command, Stdio};

use crate::tmux::{BIN, Session, tmux_available};

#[test]
fn help_then_q_restores_the_terminal() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("help", &["--lang", "en"], 100, 30, &[]);
    s.wait_menu();
    // While it runs: alternate screen on, cursor hidden.
    assert!(
        s.modes().starts_with("1 0"),
        "modes while running: {}",
        s.modes()
    );
    s.send(&["?"]);
    let help = s.wait_screen("the help", |x| x.contains("Redraw the screen"));
    assert!(
        help.contains("Help") && help.contains("Open entry by number"),
        "{help}"
    );
    s.send(&["Escape"]);
    s.wait_screen("the help to close", |x| !x.contains("Redraw the screen"));
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0, "stderr: {}", s.stderr());
    s.assert_restored();
    assert_eq!(s.stderr(), "");
}

#[test]
fn rules_screen_and_back_in_japanese() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("ja", &["--lang", "ja"], 100, 30, &[]);
    s.wait_screen("the Japanese menu", |x| x.contains("ブラックジャック"));
    s.send(&["3"]);
    s.wait_screen("the rules", |x| x.contains("大富豪：採用ルール"));
    // Esc and q go separately: sent together they read as Alt-q.
    s.send(&["Escape"]);
    s.wait_screen("the menu again", |x| x.contains("6. 終了"));
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0);
    s.assert_restored();
}

#[test]
fn play_opens_the_game_and_esc_shows_the_menu() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("play", &["--lang", "en", "play", "blackjack"], 100, 30, &[]);
    s.wait_screen("the Blackjack betting step", |x| {
        x.contains("Bankroll") && x.contains("Deal")
    });
    s.send(&["Escape"]);
    s.wait_menu();
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0);
    s.assert_restored();
}

/// The SGR parameter lists in `s` (`\x1b[1;7m` gives `"1;7"`).
fn sgr_params(s: &str) -> Vec<String> {
    s.split("\x1b[")
        .skip(1)
        .filter_map(|rest| rest.find('m').map(|end| rest[..end].to_string()))
        .collect()
}

#[test]
fn no_color_draws_without_colour_and_shows_the_selection_in_reverse() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("mono", &["--lang", "en"], 100, 30, &[("NO_COLOR", "1")]);
    s.wait_menu();
    let screen = s.screen_with_attributes();
    for params in sgr_params(&screen) {
        for p in params.split(';') {
            // 39 and 49 are "default colour", which tmux writes on its own; 30-37, 40-47,
            // 90-97, 100-107 and 38/48 (extended) would be colours.
            let n: u32 = p.parse().unwrap_or(0);
            let colour = matches!(n, 30..=38 | 40..=48 | 90..=97 | 100..=107);
            assert!(!colour, "colour SGR {params:?} under NO_COLOR:\n{screen}");
        }
    }
    let selected = screen
        .lines()
        .find(|l| l.contains("> 1. Daifugo"))
        .expect("selected row");
    assert!(
        sgr_params(selected)
            .iter()
            .any(|p| p.split(';').any(|x| x == "7")),
        "the selected row is in reverse video: {selected:?}"
    );
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0);
    s.assert_restored();
}

#[test]
fn sigterm_exits_143_and_restores_the_terminal() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("term", &["--lang", "en"], 100, 30, &[]);
    s.wait_menu();
    s.signal("TERM");
    assert_eq!(s.exit_status(), 143);
    s.assert_restored();
}

#[test]
fn sighup_exits_129_and_sigint_130() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("hup", &["--lang", "en"], 100, 30, &[]);
    s.wait_menu();
    s.signal("HUP");
    assert_eq!(s.exit_status(), 129);
    s.assert_restored();

    let s = Session::start("int", &["--lang", "en"], 100, 30, &[]);
    s.wait_menu();
    s.signal("INT");
    assert_eq!(s.exit_status(), 130);
    s.assert_restored();
}

#[test]
fn ctrl_c_exits_130_and_restores_the_terminal() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("ctrlc", &["--lang", "en", "--no-color"], 100, 30, &[]);
    s.wait_menu();
    s.send(&["3"]); // from the rules screen, to show Ctrl-C works anywhere
    s.wait_screen("the rules", |x| x.contains("rules in play"));
    s.send(&["C-c"]);
    assert_eq!(s.exit_status(), 130);
    s.assert_restored();
}

#[test]
fn too_small_then_resized_redraws_the_menu() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("small", &["--lang", "en"], 60, 20, &[]);
    let small = s.wait_screen("the too-small notice", |x| x.contains("Terminal too small"));
    assert!(
        small.replace('\n', " ").contains("need 80×24, have 60×20"),
        "{small}"
    );
    let out = s.tmux(&["resize-window", "-t", "0", "-x", "90", "-y", "28"]);
    assert!(out.status.success(), "{out:?}");
    s.wait_menu();
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0);
    s.assert_restored();
}

#[cfg(debug_assertions)]
#[test]
fn a_panic_exits_101_restores_the_terminal_and_prints_the_message() {
    if !tmux_available() {
        return;
    }
    let s = Session::start(
        "panic",
        &["--lang", "en"],
        100,
        30,
        &[("CARDROOM_DEBUG_PANIC", "1")],
    );
    assert_eq!(s.exit_status(), 101);
    s.assert_restored();
    let err = s.stderr();
    assert!(
        err.contains("panicked") && err.contains("CARDROOM_DEBUG_PANIC"),
        "{err}"
    );
}

#[test]
fn refuses_without_a_terminal_and_writes_no_escape_bytes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = Command::new(BIN)
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run cardroom");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "stdout: {:?}", out.stdout);
    assert!(!out.stderr.contains(&0x1b), "escape bytes in stderr");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains("terminal"), "{err}");
}

#[test]
fn sigquit_and_ctrl_backslash_exit_131_and_restore_the_terminal() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("quit", &["--lang", "en"], 100, 30, &[]);
    s.wait_menu();
    s.signal("QUIT");
    assert_eq!(s.exit_status(), 131, "stderr: {}", s.stderr());
    s.assert_restored();

    // In raw mode Ctrl-\ is a key, not a signal: it leaves the same way.
    let s = Session::start("ctrlbs", &["--lang", "en", "play", "daifugo"], 100, 30, &[]);
    s.wait_screen("the Daifugo table", |x| x.contains("Daifugo"));
    s.send(&["C-\\"]);
    assert_eq!(s.exit_status(), 131, "stderr: {}", s.stderr());
    s.assert_restored();
}

/// The number of cards in the human's hand row (`[3♠] [3♦] …`) of a Daifugo screen.
fn hand_size(screen: &str) -> usize {
    screen
        .lines()
        .find(|l| l.trim_start().starts_with('['))
        .map_or(0, |l| l.matches('[').count())
}

#[test]
fn ctrl_l_redraws_the_game_and_keeps_it_running() {
    if !tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = dir.path().join("c.toml");
    std::fs::write(
        &cfg,
        format!(
            "[general]\ncpu_delay_ms = 200\nstats_file = {:?}\n",
            dir.path().join("stats.json").display().to_string()
        ),
    )
    .expect("config");
    let cfg = cfg.display().to_string();
    // Seed 3: the human leads and holds 14 cards.
    let args = [
        "--lang", "en", "--seed", "3", "--config", &cfg, "play", "daifugo",
    ];
    let s = Session::start("ctrll", &args, 100, 30, &[]);
    let before = s.wait_screen("the human's lead", |x| x.contains("▶ Your turn"));
    let n = hand_size(&before);
    assert!(n > 0, "{before}");
    // Play, then Ctrl-L at once while the CPUs are due to move. No further key: the CPUs
    // must play on their timer and the turn come back. A redraw that asked the terminal for
    // the cursor position froze the loop here until the next key (or ended it, status 1).
    s.send(&["Enter"]);
    s.send(&["C-l"]);
    let after = s.wait_screen("the CPUs to play and the turn to come back", |x| {
        x.contains("▶ Your turn") && hand_size(x) == n - 1
    });
    assert!(after.contains("Pile"), "the whole table is drawn: {after}");
    for _ in 0..5 {
        s.send(&["C-l"]);
    }
    s.wait_screen("the table after five more", |x| x.contains("▶ Your turn"));
    assert!(!s.path("rc").exists(), "exited: {}", s.stderr());
    s.send(&["C-c"]);
    assert_eq!(s.exit_status(), 130, "stderr: {}", s.stderr());
    s.assert_restored();
}

#[test]
fn the_terminal_going_away_without_sighup_ends_the_program_with_129() {
    if !tmux_available() {
        return;
    }
    let s = Session::start_hup_trapped("eof", &["--lang", "en"], 100, 30);
    s.wait_menu();
    let pid = s.pid();
    // The terminal goes away: tmux closes the pane's master side. The session leader (the
    // wrapper shell) ignores SIGHUP, so cardroom sees only its input end.
    let _ = s.tmux(&["kill-server"]);
    assert_eq!(
        s.exit_status(),
        129,
        "cardroom {pid} did not end with its input; stderr: {}",
        s.stderr()
    );
}

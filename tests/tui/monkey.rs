//! The monkey test: random keys with Ctrl-L and resizes, then SIGQUIT, and no unexpected exit.
//!
//! * In process, on a `TestBackend` that refuses terminal queries (as a real terminal whose
//!   reader the input thread owns): 5,000 keys by default, 100,000 with
//!   `CARDROOM_LONG_TESTS=1`. Every key is drawn at the current size, resizes go down to 20×5,
//!   and due CPU moves are made at once. A quit (q, Esc from the menu, the menu's Quit) starts a
//!   new app; any other stop, an error or a panic fails the test. It ends with SIGQUIT (131).
//! * The real binary in tmux: keys in batches, Ctrl-L and `resize-window` between them, a new
//!   session after a quit (status 0) and a failure for any other status or a word on stderr;
//!   then SIGQUIT, status 131 and the terminal checked back exactly as it was. 2,000 keys by
//!   default; 100,000 with `CARDROOM_LONG_TESTS=1`.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::common::*;
use crate::long_tests;
use crate::tmux::{Session, tmux_available};
use cardroom::config::ThemeName;
use cardroom::i18n::Lang;
use cardroom::tui::app::{App, Exit, draw, run_loop};
use cardroom::tui::ctx::Ctx;
use cardroom::tui::events::Msg;
use cardroom::tui::screens::title::TitleScreen;

/// The keys a monkey presses: every key the screens bind and some they don't, with Ctrl-L.
/// Ctrl-C and Ctrl-\ are left out: they are deliberate exits (130, 131).
const KEYS: &[(KeyCode, KeyModifiers)] = &[
    (KeyCode::Enter, KeyModifiers::NONE),
    (KeyCode::Char(' '), KeyModifiers::NONE),
    (KeyCode::Esc, KeyModifiers::NONE),
    (KeyCode::Up, KeyModifiers::NONE),
    (KeyCode::Down, KeyModifiers::NONE),
    (KeyCode::Left, KeyModifiers::NONE),
    (KeyCode::Right, KeyModifiers::NONE),
    (KeyCode::Tab, KeyModifiers::NONE),
    (KeyCode::BackTab, KeyModifiers::SHIFT),
    (KeyCode::Backspace, KeyModifiers::NONE),
    (KeyCode::PageUp, KeyModifiers::NONE),
    (KeyCode::PageDown, KeyModifiers::NONE),
    (KeyCode::Home, KeyModifiers::NONE),
    (KeyCode::End, KeyModifiers::NONE),
    (KeyCode::F(1), KeyModifiers::NONE),
    (KeyCode::Char('l'), KeyModifiers::CONTROL),
];

/// Printable keys: letters, digits and the punctuation the screens use.
const CHARS: &str = "abcdefghijklmnopqrstuvwxyz0123456789?+-=<>[]ABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn random_key(rng: &mut ChaCha8Rng) -> KeyEvent {
    if rng.random_range(0..3) == 0 {
        let (code, mods) = KEYS[rng.random_range(0..KEYS.len())];
        KeyEvent::new(code, mods)
    } else {
        let chars: Vec<char> = CHARS.chars().collect();
        KeyEvent::new(
            KeyCode::Char(chars[rng.random_range(0..chars.len())]),
            KeyModifiers::NONE,
        )
    }
}

fn random_size(rng: &mut ChaCha8Rng) -> (u16, u16) {
    (rng.random_range(20..=200), rng.random_range(5..=60))
}

/// A fresh app on the menu, with the statistics in `stats` (never the player's own file).
fn monkey_app(stats: &std::path::Path, lang: Lang) -> App {
    let mut c = config(lang, ThemeName::Dark);
    c.general.stats_file = stats.display().to_string();
    c.general.cpu_delay_ms = 0;
    let ctx = Ctx::new(c, &Default::default(), |_| None);
    App::new(ctx, Box::new(TitleScreen::new()))
}

#[test]
fn random_keys_ctrl_l_and_resizes_in_process_end_only_by_sigquit() {
    let n = if long_tests() { 100_000 } else { 5_000 };
    let dir = tempfile::tempdir().expect("temp dir");
    let stats = dir.path().join("stats.json");
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_201);
    let mut term = Terminal::new(NoQueries(TestBackend::new(80, 24))).expect("backend");
    let mut lang = Lang::En;
    let mut app = monkey_app(&stats, lang);
    let (mut quits, mut ctrl_l, mut resizes) = (0, 0, 0);
    // A virtual clock: CPU deadlines are met at once, so the games move on without waiting.
    let mut now = Instant::now();
    for i in 0..n {
        if rng.random_range(0..50) == 0 {
            let (w, h) = random_size(&mut rng);
            term.backend_mut().0.resize(w, h);
            app.handle_event(&Event::Resize(w, h), now);
            resizes += 1;
        } else {
            let key = random_key(&mut rng);
            if key.code == KeyCode::Char('l') && key.modifiers == KeyModifiers::CONTROL {
                ctrl_l += 1;
            }
            app.handle_event(&Event::Key(key), now);
        }
        while let Some(due) = app.next_deadline().filter(|_| app.exit().is_none()) {
            now = now.max(due) + Duration::from_millis(1);
            app.on_deadline(now);
            if app.next_deadline() == Some(due) {
                break;
            }
        }
        if let Err(e) = draw(&mut term, &mut app) {
            panic!("key {i}: drawing failed: {e}");
        }
        match app.exit() {
            None => {}
            Some(Exit::Quit) => {
                quits += 1;
                lang = if lang == Lang::En { Lang::Ja } else { Lang::En };
                app = monkey_app(&stats, lang);
            }
            Some(other) => panic!("key {i}: unexpected exit {other:?}"),
        }
    }
    // The end: SIGQUIT through the same channel the signal thread uses.
    let (tx, rx) = mpsc::channel();
    tx.send(Msg::Signal(Exit::QuitSignal)).unwrap();
    assert_eq!(run_loop(&mut term, &mut app, &rx).code(), 131);
    assert!(
        ctrl_l > 0 && resizes > 0,
        "{ctrl_l} Ctrl-L, {resizes} resizes"
    );
    eprintln!("{n} keys: {ctrl_l} Ctrl-L, {resizes} resizes, {quits} quits (each a new app)");
}

/// tmux's name for a key of [`random_key`].
fn tmux_key(k: &KeyEvent) -> String {
    match (k.code, k.modifiers) {
        (KeyCode::Char('l'), KeyModifiers::CONTROL) => "C-l".into(),
        (KeyCode::Char(' '), _) => "Space".into(),
        (KeyCode::Char(';'), _) => "\\;".into(),
        (KeyCode::Char(c), _) => c.to_string(),
        (KeyCode::Enter, _) => "Enter".into(),
        (KeyCode::Esc, _) => "Escape".into(),
        (KeyCode::Up, _) => "Up".into(),
        (KeyCode::Down, _) => "Down".into(),
        (KeyCode::Left, _) => "Left".into(),
        (KeyCode::Right, _) => "Right".into(),
        (KeyCode::Tab, _) => "Tab".into(),
        (KeyCode::BackTab, _) => "BTab".into(),
        (KeyCode::Backspace, _) => "BSpace".into(),
        (KeyCode::PageUp, _) => "PPage".into(),
        (KeyCode::PageDown, _) => "NPage".into(),
        (KeyCode::Home, _) => "Home".into(),
        (KeyCode::End, _) => "End".into(),
        (KeyCode::F(n), _) => format!("F{n}"),
        (other, _) => panic!("no tmux name for {other:?}"),
    }
}

/// Keys per `send-keys`: small, so a quit wastes few keys (the rest of its batch goes to the
/// pane's shell).
const BATCH: u32 = 20;

/// A monkey session of the real binary, with its statistics and CPU pacing in a config file.
fn start(n: u32, cfg: &str) -> Session {
    Session::start(
        &format!("monkey{n}"),
        &["--lang", "en", "--config", cfg],
        100,
        30,
        &[],
    )
}

#[test]
fn random_keys_ctrl_l_and_resizes_in_the_real_terminal_end_only_by_sigquit() {
    if !tmux_available() {
        return;
    }
    let n = if long_tests() { 100_000 } else { 2_000 };
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = dir.path().join("monkey.toml");
    std::fs::write(
        &cfg,
        format!(
            "[general]\ncpu_delay_ms = 0\nstats_file = {:?}\n",
            dir.path().join("stats.json").display().to_string()
        ),
    )
    .expect("config");
    // Read-only, so random keys on the settings screen cannot save a change (a language, a
    // CPU pace) into the test's own setup.
    let mut perms = std::fs::metadata(&cfg).expect("config").permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&cfg, perms).expect("read-only config");
    let cfg = cfg.display().to_string();
    let mut rng = ChaCha8Rng::seed_from_u64(1201);
    let mut sessions = 0;
    let mut s = start(sessions, &cfg);
    s.wait_menu();
    let started = Instant::now();
    let mut sent = 0;
    while sent < n {
        let batch: Vec<String> = (0..BATCH)
            .map(|_| tmux_key(&random_key(&mut rng)))
            .collect();
        let args: Vec<&str> = batch.iter().map(String::as_str).collect();
        s.send(&args);
        sent += BATCH;
        // Let cardroom read the batch: wait until the screen holds still (or it has quit).
        let mut last = s.screen();
        let t = Instant::now();
        while !s.path("rc").exists() && t.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(5));
            let now = s.screen();
            if now == last {
                break;
            }
            last = now;
        }
        if rng.random_range(0..4) == 0 {
            let (w, h) = random_size(&mut rng);
            let out = s.tmux(&[
                "resize-window",
                "-t",
                "0",
                "-x",
                &w.to_string(),
                "-y",
                &h.to_string(),
            ]);
            assert!(out.status.success(), "{out:?}");
        }
        // Quit by a key (status 0) is allowed: start again. Anything else is a failure.
        if s.path("rc").exists() {
            let code = s.exit_status();
            assert_eq!(code, 0, "after {sent} keys; stderr: {}", s.stderr());
            assert_eq!(s.stderr(), "", "after {sent} keys");
            s.assert_restored();
            sessions += 1;
            s = start(sessions, &cfg);
            s.wait_menu();
        }
    }
    // Let the last keys be read, then SIGQUIT: 131 and the terminal as it was.
    std::thread::sleep(Duration::from_millis(200));
    if s.path("rc").exists() {
        assert_eq!(s.exit_status(), 0, "stderr: {}", s.stderr());
        sessions += 1;
        s = start(sessions, &cfg);
        s.wait_menu();
    }
    s.signal("QUIT");
    assert_eq!(s.exit_status(), 131, "stderr: {}", s.stderr());
    assert_eq!(s.stderr(), "");
    s.assert_restored();
    eprintln!(
        "{sent} keys in {:.1} s, {} sessions",
        started.elapsed().as_secs_f64(),
        sessions + 1
    );
}

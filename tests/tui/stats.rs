//! The statistics screen (issue 14 item 2): snapshots at 80×24 and 120×40 in English and
//! Japanese over a fixed statistics file; a version-1 file (the format before the screen) shows
//! its counts; narrowing to one rule set; reset asks first, touches only the shown game, and a
//! read-only file is left alone with the reason on screen; and, end to end in tmux, a setting
//! changed on the settings screen (one CPU, one round) is played and the statistics count it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::{config, draw, press, screen_text};
use crate::tmux::{PATIENCE, Session, tmux_available};
use cardroom::config::ThemeName;
use cardroom::i18n::Lang;
use cardroom::stats::StatsStore;
use cardroom::tui::app::App;
use cardroom::tui::ctx::Ctx;
use cardroom::tui::screens::title::TitleScreen;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/stats")
        .join(name)
}

/// An app on the menu whose statistics file is `stats`.
fn app_with_stats(stats: &Path, lang: Lang) -> App {
    let mut c = config(lang, ThemeName::Dark);
    c.general.stats_file = stats.display().to_string();
    let ctx = Ctx::new(c, &cardroom::tui::Options::default(), |_| None);
    let mut app = App::new(ctx, Box::new(TitleScreen::new()));
    app.set_size(Size::new(80, 24));
    app
}

/// A copy of a fixture in a temporary folder (the screen may write it when it resets).
fn copy_of(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    std::fs::copy(fixture(name), &path).unwrap();
    (dir, path)
}

fn open_stats(app: &mut App) {
    press(app, KeyCode::Char('5'));
    assert!(
        ["Statistics", "成績"].contains(&app.top_title().as_str()),
        "{}",
        app.top_title()
    );
}

#[test]
fn the_counts_of_the_file_are_shown_and_one_rule_set_can_be_chosen() {
    let (_dir, path) = copy_of("v2.json");
    let mut app = app_with_stats(&path, Lang::En);
    open_stats(&mut app);
    let text = screen_text(&draw(&mut app, 120, 40));
    // The fixture's own figures: 40 matches (16 won), 200 rounds, 492 points; places
    // 50/41/60/49 of 200 rounds.
    assert!(
        text.contains("40 matches, 16 won; 200 rounds; 492 points"),
        "{text}"
    );
    assert!(text.contains("1st 50 (25%)"), "{text}");
    assert!(text.contains("3rd 60 (30%)"), "{text}");
    assert!(text.contains("Revolutions 17 (4 yours)"), "{text}");
    // `r`: the classic matches only (every third of the 40: 14), and back to all after the
    // last rule set.
    press(&mut app, KeyCode::Char('r'));
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("Rule set: classic  14 matches"), "{text}");
    assert!(text.contains("Points per match, last 14"), "{text}");
    press(&mut app, KeyCode::Char('r'));
    assert!(screen_text(&draw(&mut app, 120, 40)).contains("Rule set: standard  26 matches"));
    press(&mut app, KeyCode::Char('r'));
    assert!(screen_text(&draw(&mut app, 120, 40)).contains("Rule set: all  40 matches"));
    // Blackjack: 158 hands, 66 won.
    press(&mut app, KeyCode::Tab);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(
        text.contains("150 rounds; 158 hands; 7 blackjacks; net +275 chips"),
        "{text}"
    );
    assert!(text.contains("Won    66 (41%)"), "{text}");
    assert!(text.contains("Net over the last 150 rounds"), "{text}");
    // The coach's tally: 120 decisions, 9 mistakes, 1350 cents given away.
    assert!(
        text.contains("Coach: 120 decisions, 9 mistakes, EV given away 13.50 chips"),
        "{text}"
    );
}

#[test]
fn a_version_1_file_shows_its_counts() {
    let (_dir, path) = copy_of("v1.json");
    let mut app = app_with_stats(&path, Lang::En);
    open_stats(&mut app);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(
        text.contains("4 matches, 1 won; 20 rounds; 51 points"),
        "{text}"
    );
    assert!(text.contains("2nd 6 (30%)"), "{text}");
    press(&mut app, KeyCode::Tab);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(
        text.contains("30 rounds; 32 hands; 2 blackjacks; net -42.50 chips"),
        "{text}"
    );
    // Version 1 had no coach: nothing judged, said so.
    assert!(text.contains("Coach: no decisions judged yet"), "{text}");
    // Nothing was written by looking.
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        std::fs::read_to_string(fixture("v1.json")).unwrap()
    );
}

#[test]
fn reset_asks_first_and_clears_only_the_game_shown() {
    let (_dir, path) = copy_of("v2.json");
    let mut app = app_with_stats(&path, Lang::En);
    open_stats(&mut app);
    press(&mut app, KeyCode::Char('x'));
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Forget every Daifugo statistic?"), "{text}");
    press(&mut app, KeyCode::Char('n'));
    let kept = StatsStore::at(&path).load().unwrap().stats;
    assert_eq!(kept.daifugo.matches, 40, "no is no");
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Char('y'));
    let after = StatsStore::at(&path).load().unwrap().stats;
    assert_eq!(after.daifugo.matches, 0);
    assert!(after.daifugo.matches_log.is_empty());
    assert_eq!(after.blackjack.hands, 158, "Blackjack untouched");
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("Reset: the statistics start again"), "{text}");
    assert!(text.contains("0 matches"), "{text}");
}

#[test]
fn a_read_only_file_is_not_reset_and_says_why() {
    let (_dir, path) = copy_of("v2.json");
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms).unwrap();
    let mut app = app_with_stats(&path, Lang::En);
    open_stats(&mut app);
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Char('y'));
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("Not reset:"), "{text}");
    assert!(text.contains("40 matches"), "{text}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        std::fs::read_to_string(fixture("v2.json")).unwrap()
    );
}

#[test]
fn snapshot_en_80x24() {
    let (_dir, path) = copy_of("v2.json");
    let mut app = app_with_stats(&path, Lang::En);
    open_stats(&mut app);
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn snapshot_en_120x40() {
    let (_dir, path) = copy_of("v2.json");
    let mut app = app_with_stats(&path, Lang::En);
    open_stats(&mut app);
    press(&mut app, KeyCode::Tab);
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

#[test]
fn snapshot_ja_80x24() {
    let (_dir, path) = copy_of("v2.json");
    let mut app = app_with_stats(&path, Lang::Ja);
    open_stats(&mut app);
    press(&mut app, KeyCode::Tab);
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn snapshot_ja_120x40() {
    let (_dir, path) = copy_of("v2.json");
    let mut app = app_with_stats(&path, Lang::Ja);
    open_stats(&mut app);
    press(&mut app, KeyCode::Char('r'));
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

#[test]
fn snapshot_empty_en_80x24() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_with_stats(&dir.path().join("none.json"), Lang::En);
    open_stats(&mut app);
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

/// Waits until the screen shows `what` (by `pred`), sending Enter while it is the player's
/// turn (or `p` when only a pass is possible) and after each round's results.
fn play_until(s: &Session, what: &str, pred: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let screen = s.screen();
        if pred(&screen) {
            return screen;
        }
        assert!(
            start.elapsed() < PATIENCE * 4,
            "no {what}; screen:\n{screen}\nstderr: {}",
            s.stderr()
        );
        let key = if screen.contains("▶ Your turn") {
            Some(if screen.contains("Press p to pass") {
                "p"
            } else {
                "Enter"
            })
        } else if screen.contains("results") {
            Some("Enter")
        } else {
            None
        };
        match key {
            Some(k) => {
                s.send(&[k]);
                let t = Instant::now();
                while s.screen() == screen && t.elapsed() < Duration::from_secs(5) {
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
            None => std::thread::sleep(Duration::from_millis(30)),
        }
    }
}

#[test]
fn a_setting_changed_then_played_shows_in_the_statistics() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("tablestats", &["--lang", "en", "--seed", "3"], 100, 30, &[]);
    s.wait_menu();
    // Settings: CPU pace 0, one CPU, one round a match; save, back to the menu.
    s.send(&["4"]);
    s.wait_screen("the settings", |x| x.contains("> Language"));
    s.send(&["Down", "Down", "Down"]);
    s.wait_screen("CPU pace", |x| x.contains("> CPU pace"));
    s.send(&["0", "Enter"]);
    s.send(&["Down", "Down", "Down"]);
    s.wait_screen("CPU players", |x| x.contains("> CPU players"));
    s.send(&["Left", "Left"]);
    s.wait_screen("one CPU", |x| !x.contains("CPU 2 level"));
    s.send(&["Down", "Down"]);
    s.wait_screen("rounds", |x| x.contains("> Rounds per match"));
    s.send(&["1", "Enter", "s"]);
    s.wait_screen("saved", |x| x.contains("Saved to"));
    let cfg = std::fs::read_to_string(s.path("config/cardroom/config.toml")).expect("saved");
    assert!(
        cfg.contains("cpus = 1") && cfg.contains("rounds = 1"),
        "{cfg}"
    );
    assert!(cfg.contains("cpu_delay_ms = 0"), "{cfg}");
    s.send(&["Escape"]);
    s.wait_menu();

    // One match of one round against one CPU.
    s.send(&["1"]);
    s.wait_screen("the table", |x| x.contains("Your hand"));
    play_until(&s, "the match result", |x| x.contains("Play again"));
    s.send(&["Escape"]);
    s.wait_menu();

    // The statistics count it: one match, one round, and its place among two.
    s.send(&["5"]);
    let stats = s.wait_screen("the statistics", |x| x.contains("Rule set: all"));
    assert!(stats.contains("1 match, "), "{stats}");
    assert!(stats.contains("; 1 round; "), "{stats}");
    assert!(
        stats.contains("1st 1 (100%)") || stats.contains("2nd 1 (100%)"),
        "{stats}"
    );
    s.send(&["Escape"]);
    s.wait_menu();
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0, "stderr: {}", s.stderr());
    s.assert_restored();
}

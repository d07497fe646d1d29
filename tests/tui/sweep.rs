//! Draws every screen of the shell at every terminal size from 0×0 to 120×50, in English and
//! Japanese, and checks that nothing panics (the usual ratatui crash is an "index outside of
//! buffer" on a small terminal) and that each frame is either the screen or the too-small
//! notice. Also scrolls the rules and help to their ends at every size first.

use std::time::{Duration, Instant};

use crate::common::*;
use cardroom::config::ThemeName;
use cardroom::i18n::Lang;
use cardroom::tui::app::App;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

/// Every screen state the shell has, freshly built.
fn states(lang: Lang, theme: ThemeName) -> Vec<(&'static str, App)> {
    let mut out: Vec<(&'static str, App)> = Vec::new();
    out.push(("menu", themed_app(lang, theme)));
    let mut a = themed_app(lang, theme);
    press(&mut a, KeyCode::Char('?'));
    out.push(("help over menu", a));
    let mut a = themed_app(lang, theme);
    press(&mut a, KeyCode::Char('3'));
    out.push(("rules", a));
    let mut a = themed_app(lang, theme);
    press(&mut a, KeyCode::Char('3'));
    press(&mut a, KeyCode::Char('?'));
    out.push(("help over rules", a));
    let mut a = themed_app(lang, theme);
    press(&mut a, KeyCode::Char('1'));
    out.push(("daifugo table", a));
    // Blackjack statistics go to the temp folder, never the user's data folder.
    let bj_app = || {
        let mut a = themed_app(lang, theme);
        let stats =
            std::env::temp_dir().join(format!("cardroom-sweep-{}.json", std::process::id()));
        a.ctx.config.general.stats_file = stats.display().to_string();
        a.ctx.seed = Some(7);
        a
    };
    let mut a = bj_app();
    press(&mut a, KeyCode::Char('2'));
    out.push(("blackjack betting", a));
    // Blackjack in play (seed 7) with the hint and EVs asked for; then a round stood on.
    let mut a = bj_app();
    press(&mut a, KeyCode::Char('2'));
    for k in ['\n', 'p', 't', 'e'] {
        let code = if k == '\n' {
            KeyCode::Enter
        } else {
            KeyCode::Char(k)
        };
        press(&mut a, code);
    }
    out.push(("blackjack in play", a));
    let mut a = bj_app();
    press(&mut a, KeyCode::Char('2'));
    press(&mut a, KeyCode::Enter);
    press(&mut a, KeyCode::Char('s'));
    out.push(("blackjack settled", a));
    // The settings over a file that does not exist (never written: nothing is saved here).
    let settings_app = || {
        let mut a = themed_app(lang, theme);
        a.ctx.config_path = Some("no-such-folder/config.toml".into());
        press(&mut a, KeyCode::Char('4'));
        a
    };
    out.push(("settings", settings_app()));
    let mut a = settings_app();
    press(&mut a, KeyCode::End);
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Char('1'));
    out.push(("settings typing", a));
    let mut a = settings_app();
    press(&mut a, KeyCode::End);
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Char('9'));
    press(&mut a, KeyCode::Enter);
    press(&mut a, KeyCode::Esc);
    out.push(("settings conflict and discard question", a));
    // The statistics over the fixture file (read only: nothing resets it here).
    let stats_app = || {
        let mut a = themed_app(lang, theme);
        a.ctx.config.general.stats_file =
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/stats/v2.json").into();
        press(&mut a, KeyCode::Char('5'));
        a
    };
    out.push(("statistics daifugo", stats_app()));
    let mut a = stats_app();
    press(&mut a, KeyCode::Tab);
    out.push(("statistics blackjack", a));
    let mut a = stats_app();
    press(&mut a, KeyCode::Char('x'));
    out.push(("statistics reset question", a));
    for (name, replay) in crate::replay::sample_replays() {
        let mut a = themed_app(lang, theme);
        let screen = cardroom::tui::screens::replay::ReplayScreen::new(replay, &a.ctx);
        a.push(Box::new(screen));
        // The last event of the first round: its log, its discards, its places.
        press(&mut a, KeyCode::PageDown);
        press(&mut a, KeyCode::Left);
        out.push((name, a));
    }
    let mut a = themed_app(lang, theme);
    a.push(Box::new(FakeGame::new(
        Instant::now(),
        Duration::from_secs(1),
        0,
    )));
    press(&mut a, KeyCode::Char('q'));
    out.push(("quit question", a));
    out
}

/// Every size from 0×0 to 120×50 with `CARDROOM_LONG_TESTS=1`; by default every size up to
/// 40×30 (where layouts run out of room), the 80×24 neighbourhood, and a coarse grid beyond.
fn sizes() -> Vec<(u16, u16)> {
    let all = (0..=120u16).flat_map(|w| (0..=50u16).map(move |h| (w, h)));
    if crate::long_tests() {
        return all.collect();
    }
    all.filter(|&(w, h)| {
        (w <= 40 && h <= 30)
            || ((76..=84).contains(&w) && (20..=28).contains(&h))
            || (w % 7 == 0 && h % 5 == 0)
            || (w, h) == (120, 50)
    })
    .collect()
}

#[test]
fn every_screen_at_every_size_from_0x0_to_120x50() {
    let mut frames = 0u32;
    // The theme does not change the layout, so mono rides along with Japanese.
    for (lang, theme) in [(Lang::En, ThemeName::Dark), (Lang::Ja, ThemeName::Mono)] {
        for (name, mut app) in states(lang, theme) {
            let mut t = Terminal::new(TestBackend::new(0, 0)).expect("test backend");
            for (w, h) in sizes() {
                t.backend_mut().resize(w, h);
                app.set_size(Size::new(w, h));
                // Scroll keys act on the size, so exercise them at this size too.
                if name.starts_with("rules") || name.starts_with("help") {
                    press(&mut app, KeyCode::End);
                    press(&mut app, KeyCode::PageDown);
                    press(&mut app, KeyCode::Down);
                }
                t.draw(|f| app.render(f))
                    .unwrap_or_else(|e| panic!("{name} at {w}x{h}: {e}"));
                frames += 1;
                if w >= 80 && h >= 24 {
                    let top = rows(&t)[0].clone();
                    assert!(
                        top.contains("cardroom"),
                        "{name} {lang:?} at {w}x{h}: {top}"
                    );
                }
            }
        }
    }
    assert_eq!(frames, 2 * 18 * sizes().len() as u32);
}

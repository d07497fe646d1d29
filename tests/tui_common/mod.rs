//! Helpers shared by the TUI integration tests: an app on the title screen in a given
//! language, key presses, and drawing on a `TestBackend`.
#![allow(dead_code)]

use std::time::Instant;

use cardroom::cli::GlobalArgs;
use cardroom::config::{Config, LanguageSetting, ThemeName};
use cardroom::i18n::Lang;
use cardroom::tui::app::App;
use cardroom::tui::ctx::Ctx;
use cardroom::tui::screens::title::TitleScreen;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Size;

/// The config for `lang` with the given theme (nothing read from the environment).
pub fn config(lang: Lang, theme: ThemeName) -> Config {
    let mut c = Config::default();
    c.general.language = match lang {
        Lang::En => LanguageSetting::En,
        Lang::Ja => LanguageSetting::Ja,
    };
    c.general.theme = theme;
    c
}

/// An app on the title screen, in `lang`, dark theme.
pub fn title_app(lang: Lang) -> App {
    themed_app(lang, ThemeName::Dark)
}

/// An app on the title screen, in `lang` and `theme`.
pub fn themed_app(lang: Lang, theme: ThemeName) -> App {
    let ctx = Ctx::new(config(lang, theme), &GlobalArgs::default(), |_| None);
    let mut app = App::new(ctx, Box::new(TitleScreen::new()));
    app.set_size(Size::new(80, 24));
    app
}

/// Presses a key without modifiers.
pub fn press(app: &mut App, code: KeyCode) -> bool {
    app.handle_key(&KeyEvent::new(code, KeyModifiers::NONE), Instant::now())
}

/// Presses a key with modifiers.
pub fn press_mod(app: &mut App, code: KeyCode, mods: KeyModifiers) -> bool {
    app.handle_key(&KeyEvent::new(code, mods), Instant::now())
}

/// Draws the app on a fresh `w`×`h` test terminal.
pub fn draw(app: &mut App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    app.set_size(Size::new(w, h));
    t.draw(|f| app.render(f)).expect("draw");
    t
}

/// The screen text of a test terminal, one string per row.
pub fn rows(t: &Terminal<TestBackend>) -> Vec<String> {
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            let mut s = String::new();
            for x in 0..buf.area.width {
                s.push_str(buf[(x, y)].symbol());
            }
            s
        })
        .collect()
}

//! Helpers shared by the TUI integration tests: an app on the title screen in a given
//! language, key presses, and drawing on a `TestBackend`.
#![allow(dead_code)]

use std::time::Instant;

use cardroom::config::{Config, LanguageSetting, ThemeName};
use cardroom::i18n::Lang;
use cardroom::tui::Options;
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
    let ctx = Ctx::new(config(lang, theme), &Options::default(), |_| None);
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

use std::time::Duration;

use cardroom::tui::keymap::{Action, Binding, Key, common};
use cardroom::tui::screen::{Screen, Transition};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::Paragraph;

/// A stand-in game screen written only against the public screen API: a game is in progress,
/// a "CPU" plays every `step` (counting its moves), and `p` is its own key.
pub struct FakeGame {
    /// CPU moves made so far.
    pub moves: u32,
    /// When the next CPU move is due; `None` = waiting for the player.
    pub due: Option<Instant>,
    /// Time between CPU moves.
    pub step: Duration,
    /// How many CPU moves to make before it is the player's turn again.
    pub cpu_moves_left: u32,
    /// Quit (status 0) after the last CPU move, so a test of the event loop can end.
    pub quit_when_done: bool,
}

/// The fake game's own action.
pub const PLAY: Action = Action::Custom("play");

const FAKE_KEYS: &[Binding] = &[
    Binding::new(&[Key::char('p')], PLAY, "common.action.confirm").in_footer(),
    common::BACK,
];

impl FakeGame {
    /// A game whose CPUs will make `cpu_moves` moves, the first one `step` from `now`.
    pub fn new(now: Instant, step: Duration, cpu_moves: u32) -> FakeGame {
        FakeGame {
            moves: 0,
            due: (cpu_moves > 0).then(|| now + step),
            step,
            cpu_moves_left: cpu_moves,
            quit_when_done: false,
        }
    }
}

impl Screen for FakeGame {
    fn title(&self, _ctx: &Ctx) -> String {
        "Fake game".into()
    }
    fn status(&self, _ctx: &Ctx) -> String {
        format!("moves {}", self.moves)
    }
    fn render(&self, frame: &mut Frame, area: Rect, _ctx: &Ctx) {
        frame.render_widget(Paragraph::new(format!("CPU moves: {}", self.moves)), area);
    }
    fn keymap(&self) -> &[Binding] {
        FAKE_KEYS
    }
    fn handle(&mut self, action: Action, _ctx: &mut Ctx) -> Transition {
        match action {
            Action::Back => Transition::Pop,
            _ => Transition::Stay,
        }
    }
    fn next_deadline(&self) -> Option<Instant> {
        self.due
    }
    fn on_deadline(&mut self, now: Instant, _ctx: &mut Ctx) -> Transition {
        self.moves += 1;
        self.cpu_moves_left = self.cpu_moves_left.saturating_sub(1);
        self.due = (self.cpu_moves_left > 0).then(|| now + self.step);
        if self.due.is_none() && self.quit_when_done {
            Transition::QuitNow
        } else {
            Transition::Stay
        }
    }
    fn in_progress(&self) -> bool {
        true
    }
}

/// All rows joined with newlines, for `contains` checks.
pub fn screen_text(t: &Terminal<TestBackend>) -> String {
    rows(t).join("\n")
}

/// A terminal that cannot answer queries while the input thread owns the reader: asking for
/// the cursor position fails, as it does on a real terminal (crossterm#963). Everything else is
/// a `TestBackend`.
pub struct NoQueries(pub TestBackend);

impl ratatui::backend::Backend for NoQueries {
    type Error = std::io::Error;
    fn draw<'a, I>(&mut self, content: I) -> std::io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a ratatui::buffer::Cell)>,
    {
        ok(self.0.draw(content))
    }
    fn hide_cursor(&mut self) -> std::io::Result<()> {
        ok(self.0.hide_cursor())
    }
    fn show_cursor(&mut self) -> std::io::Result<()> {
        ok(self.0.show_cursor())
    }
    fn get_cursor_position(&mut self) -> std::io::Result<ratatui::layout::Position> {
        Err(std::io::Error::other(
            "The cursor position could not be read within a normal duration",
        ))
    }
    fn set_cursor_position<P: Into<ratatui::layout::Position>>(
        &mut self,
        p: P,
    ) -> std::io::Result<()> {
        ok(self.0.set_cursor_position(p))
    }
    fn clear(&mut self) -> std::io::Result<()> {
        ok(self.0.clear())
    }
    fn clear_region(&mut self, t: ratatui::backend::ClearType) -> std::io::Result<()> {
        ok(self.0.clear_region(t))
    }
    fn size(&self) -> std::io::Result<ratatui::layout::Size> {
        ok(self.0.size())
    }
    fn window_size(&mut self) -> std::io::Result<ratatui::backend::WindowSize> {
        ok(self.0.window_size())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        ok(self.0.flush())
    }
}

/// The value of a `TestBackend` call, which cannot fail.
fn ok<T>(r: Result<T, std::convert::Infallible>) -> std::io::Result<T> {
    Ok(r.unwrap_or_else(|e| match e {}))
}

//! The quit question, asked when `q` is pressed while a game is in progress: "Yes" quits at
//! once (status 0), "No" goes back to the game. `y` or a second `q` says yes; `n` or Esc says
//! no; arrows move between the buttons and Enter presses the focused one ("No" at first, so a
//! stray Enter never loses a game).

use ratatui::Frame;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, BACK_KEYS, Binding, Key, common};
use crate::tui::screen::{Screen, Transition};
use crate::tui::widgets::confirm::{self, Confirm};

/// The quit question and which button has the focus.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuitScreen {
    yes_focused: bool,
}

const KEYMAP: &[Binding] = &[
    Binding::new(
        &[Key::char('y'), Key::char('q')],
        Action::Yes,
        "common.action.yes",
    ),
    Binding::new(&[Key::char('n')], Action::No, "common.action.no"),
    Binding::new(BACK_KEYS, Action::No, "common.action.no"),
    Binding::new(
        &[
            Key::plain(KeyCode::Left),
            Key::char('h'),
            Key::plain(KeyCode::Right),
            Key::char('l'),
            Key::plain(KeyCode::Tab),
        ],
        Action::Right,
        "common.action.switch_button",
    ),
    common::CONFIRM,
];

impl QuitScreen {
    /// The question with "No" focused.
    pub fn new() -> QuitScreen {
        QuitScreen::default()
    }
}

impl Screen for QuitScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("common.quit.title").to_string()
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        confirm::render(
            frame,
            area,
            &Confirm {
                title: ctx.t("common.quit.title"),
                message: ctx.t("common.quit.message"),
                yes: ctx.t("common.quit.yes"),
                no: ctx.t("common.quit.no"),
                yes_focused: self.yes_focused,
            },
            ctx,
        );
    }

    fn keymap(&self) -> &[Binding] {
        KEYMAP
    }

    fn handle(&mut self, action: Action, _ctx: &mut Ctx) -> Transition {
        match action {
            Action::Yes => Transition::QuitNow,
            Action::No => Transition::Pop,
            Action::Left | Action::Right => {
                self.yes_focused = !self.yes_focused;
                Transition::Stay
            }
            Action::Confirm if self.yes_focused => Transition::QuitNow,
            Action::Confirm => Transition::Pop,
            _ => Transition::Stay,
        }
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

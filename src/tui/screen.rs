//! The screen API: the [`Screen`] trait every screen implements (menu, rules, the games, popups)
//! and the [`Transition`] a screen returns to move between screens. See the module docs of
//! [`crate::tui`] for how the app drives it.

use std::time::Instant;

use ratatui::Frame;
use ratatui::crossterm::event::MouseEvent;
use ratatui::layout::Rect;

use super::ctx::Ctx;
use super::keymap::{Action, Binding};

/// What happens after a screen handled an action or a deadline.
pub enum Transition {
    /// Stay on this screen (it is redrawn).
    Stay,
    /// Open a screen on top of this one (a game, a popup); Esc on it comes back here.
    Push(Box<dyn Screen>),
    /// Close this screen and return to the one below (closing the last one quits).
    Pop,
    /// Close this screen and open another in its place (e.g. a game's result screen).
    Replace(Box<dyn Screen>),
    /// Quit the program, asking first when any open screen has a game in progress.
    Quit,
    /// Quit the program at once with status 0 (the answer to the quit question).
    QuitNow,
}

impl std::fmt::Debug for Transition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Transition::Stay => "Stay",
            Transition::Push(_) => "Push",
            Transition::Pop => "Pop",
            Transition::Replace(_) => "Replace",
            Transition::Quit => "Quit",
            Transition::QuitNow => "QuitNow",
        })
    }
}

/// A screen of the app. The app keeps a stack of them; the top one gets the keys.
///
/// Contract:
/// * `render` draws only: it never changes game state (it takes `&self`). UI state (cursor,
///   scroll, selection) lives in the screen, game state in an engine the screen owns.
/// * `keymap` returns the bindings of the screen's *current* mode (e.g. betting vs. playing);
///   [`Screen::handle`] is called only with actions from that table, and the help overlay lists
///   exactly that table.
/// * Time: a screen that wants to act later (a CPU's turn `cpu_delay_ms` after the last play)
///   returns the instant from [`Screen::next_deadline`]; the event loop sleeps until then (or
///   until a key) and calls [`Screen::on_deadline`], which must move or clear the deadline. While
///   a deadline is pending, a key that neither the screen's table nor the global table binds
///   skips ahead: the app calls `on_deadline` at once. Only the top screen's deadline counts,
///   so an open popup (help, quit question) pauses the game below.
pub trait Screen {
    /// The screen's name for the top bar and the help overlay, in `ctx.lang`.
    fn title(&self, ctx: &Ctx) -> String;

    /// Short status for the right side of the top bar (round, chips, scroll position); empty
    /// by default.
    fn status(&self, _ctx: &Ctx) -> String {
        String::new()
    }

    /// Draws the screen into `area`: for a full screen the space between the top bar and the
    /// footer (at least 80×22, because smaller terminals get the too-small notice instead);
    /// for an overlay the whole frame, over the screen below. Never called with an area outside
    /// the frame; must not panic for any area (clamp, use saturating arithmetic).
    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx);

    /// The key bindings of the current mode. Shadows the global table (except Ctrl-C).
    fn keymap(&self) -> &[Binding];

    /// Acts on an action from [`Screen::keymap`].
    fn handle(&mut self, action: Action, ctx: &mut Ctx) -> Transition;

    /// When the screen next wants [`Screen::on_deadline`] called; `None` = only keys wake it.
    fn next_deadline(&self) -> Option<Instant> {
        None
    }

    /// Called at (or, when a key skips ahead, before) [`Screen::next_deadline`]. Must move or
    /// clear the deadline, or the loop would call it again at once.
    fn on_deadline(&mut self, _now: Instant, _ctx: &mut Ctx) -> Transition {
        Transition::Stay
    }

    /// Acts on a mouse click or wheel turn at a cell of the frame (issue 14 item 7); the
    /// screen finds what it drew there. The default ignores the mouse.
    fn mouse(&mut self, _ev: &MouseEvent, _ctx: &mut Ctx) -> Transition {
        Transition::Stay
    }

    /// Whether a game is in progress here, so that `q` asks before quitting.
    fn in_progress(&self) -> bool {
        false
    }

    /// Whether this screen is a popup drawn over the screen below (help, dialogs) rather than a
    /// full screen with the top bar and footer.
    fn is_overlay(&self) -> bool {
        false
    }
}

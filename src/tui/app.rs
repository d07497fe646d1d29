//! The app: the screen stack, how keys become actions and transitions, drawing, and the event
//! loop that sleeps until a key, a signal or a screen's deadline.
//!
//! [`App`] holds no terminal, so tests drive it with key events and draw it on a
//! `TestBackend`; [`run_loop`] connects it to the real terminal and to the input and signal
//! threads of [`super::events`].

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Instant;

use ratatui::Frame;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyEvent};
use ratatui::layout::Size;

use super::ctx::Ctx;
use super::events::Msg;
use super::keymap::{self, Action, FORCE_QUIT, GLOBAL, QUIT_SIGNAL};
use super::screen::{Screen, Transition};
use super::screens::help::HelpScreen;
use super::screens::quit::QuitScreen;
use super::widgets::{frame as chrome, too_small};

/// Why the app stopped, and the exit status that goes with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The player quit (status 0).
    Quit,
    /// Ctrl-C or SIGINT (status 130).
    Interrupted,
    /// SIGHUP: the terminal went away (status 129).
    HangUp,
    /// SIGTERM (status 143).
    Terminated,
    /// SIGQUIT or Ctrl-\\ (status 131).
    QuitSignal,
    /// The terminal failed (status 1); the text says how.
    Error(String),
}

impl Exit {
    /// The process exit status: 0, 130, 129, 131, 143 or 1 (128 + signal number for signals).
    pub fn code(&self) -> u8 {
        match self {
            Exit::Quit => 0,
            Exit::Interrupted => 130,
            Exit::HangUp => 129,
            Exit::Terminated => 143,
            Exit::QuitSignal => 131,
            Exit::Error(_) => 1,
        }
    }
}

/// The running app: the shared context and the stack of open screens (bottom = title).
pub struct App {
    /// What every screen reads (config, language, theme, size).
    pub ctx: Ctx,
    stack: Vec<Box<dyn Screen>>,
    exit: Option<Exit>,
    clear_requested: bool,
}

impl App {
    /// An app showing `root` (normally the title screen).
    pub fn new(ctx: Ctx, root: Box<dyn Screen>) -> App {
        App {
            ctx,
            stack: vec![root],
            exit: None,
            clear_requested: false,
        }
    }

    /// Opens `screen` on top (e.g. a game straight from `cardroom play`).
    pub fn push(&mut self, screen: Box<dyn Screen>) {
        self.stack.push(screen);
    }

    /// How many screens are open.
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// The title of the top screen, in the UI language.
    pub fn top_title(&self) -> String {
        self.stack
            .last()
            .map(|s| s.title(&self.ctx))
            .unwrap_or_default()
    }

    /// Why the app stopped, once it has.
    pub fn exit(&self) -> Option<&Exit> {
        self.exit.as_ref()
    }

    /// Stops the app (a signal, a terminal error).
    pub fn stop(&mut self, why: Exit) {
        self.exit.get_or_insert(why);
    }

    /// Records the terminal size for the screens (call before each draw and on resize).
    pub fn set_size(&mut self, size: Size) {
        self.ctx.size = size;
    }

    /// Whether Ctrl-L asked for the whole terminal to be cleared before the next draw; reading
    /// it resets it.
    pub fn take_clear_request(&mut self) -> bool {
        std::mem::take(&mut self.clear_requested)
    }

    /// Whether any open screen has a game in progress.
    pub fn in_progress(&self) -> bool {
        self.stack.iter().any(|s| s.in_progress())
    }

    /// Handles one terminal event; returns whether the screen needs a redraw.
    pub fn handle_event(&mut self, ev: &Event, now: Instant) -> bool {
        match ev {
            Event::Key(k) => self.handle_key(k, now),
            Event::Resize(w, h) => {
                self.set_size(Size::new(*w, *h));
                true
            }
            Event::FocusGained => true,
            _ => false,
        }
    }

    /// Handles a key: Ctrl-C first, then the top screen's table, then the global table. While
    /// the top screen waits for a deadline, a key bound nowhere skips ahead to it. Returns
    /// whether anything changed.
    pub fn handle_key(&mut self, key: &KeyEvent, now: Instant) -> bool {
        if self.exit.is_some() {
            return false;
        }
        let Some(top) = self.stack.last() else {
            return false;
        };
        let action = keymap::lookup(&[FORCE_QUIT, QUIT_SIGNAL], key)
            .or_else(|| keymap::lookup(top.keymap(), key))
            .or_else(|| keymap::lookup(GLOBAL, key));
        match action {
            Some(a) => {
                self.dispatch(a);
                true
            }
            None => {
                // Only presses skip ahead; a release or repeat of an unbound key does nothing.
                let press = key.kind == ratatui::crossterm::event::KeyEventKind::Press;
                if press && top.next_deadline().is_some() {
                    self.on_deadline(now);
                    true
                } else {
                    false
                }
            }
        }
    }

    /// Performs an action: the app's own (help, quit, Ctrl-C, redraw) or the top screen's.
    pub fn dispatch(&mut self, action: Action) {
        match action {
            Action::ForceQuit => self.stop(Exit::Interrupted),
            Action::QuitSignal => self.stop(Exit::QuitSignal),
            Action::Quit => self.apply(Transition::Quit),
            Action::Redraw => self.clear_requested = true,
            Action::Help => {
                if let Some(top) = self.stack.last() {
                    let help = HelpScreen::new(&top.title(&self.ctx), top.keymap(), &self.ctx);
                    self.stack.push(Box::new(help));
                }
            }
            other => {
                if let Some(top) = self.stack.last_mut() {
                    let t = top.handle(other, &mut self.ctx);
                    self.apply(t);
                }
            }
        }
    }

    /// The earliest instant the top screen wants to be woken at.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.stack.last().and_then(|s| s.next_deadline())
    }

    /// Lets the top screen act on its deadline.
    pub fn on_deadline(&mut self, now: Instant) {
        if let Some(top) = self.stack.last_mut() {
            let t = top.on_deadline(now, &mut self.ctx);
            self.apply(t);
        }
    }

    /// Carries out a screen's transition.
    pub fn apply(&mut self, t: Transition) {
        match t {
            Transition::Stay => {}
            Transition::Push(s) => self.stack.push(s),
            Transition::Pop => {
                self.stack.pop();
                if self.stack.is_empty() {
                    self.stop(Exit::Quit);
                }
            }
            Transition::Replace(s) => {
                self.stack.pop();
                self.stack.push(s);
            }
            Transition::Quit => {
                if self.in_progress() {
                    self.stack.push(Box::new(QuitScreen::new()));
                } else {
                    self.stop(Exit::Quit);
                }
            }
            Transition::QuitNow => self.stop(Exit::Quit),
        }
    }

    /// Draws the app: the too-small notice below 80×24; otherwise the topmost full screen in the
    /// common frame and every overlay above it.
    pub fn render(&self, frame: &mut Frame) {
        let area = frame.area();
        if too_small::is_too_small(area.as_size()) {
            too_small::render(frame, area, &self.ctx);
            return;
        }
        let base = self
            .stack
            .iter()
            .rposition(|s| !s.is_overlay())
            .unwrap_or(0);
        for (i, screen) in self.stack.iter().enumerate().skip(base) {
            if i == base && !screen.is_overlay() {
                let parts = chrome::areas(area);
                chrome::render_header(
                    frame,
                    parts.header,
                    &screen.title(&self.ctx),
                    &screen.status(&self.ctx),
                    &self.ctx,
                );
                screen.render(frame, parts.body, &self.ctx);
                chrome::render_footer(frame, parts.footer, &[screen.keymap(), GLOBAL], &self.ctx);
            } else {
                screen.render(frame, area, &self.ctx);
            }
        }
    }
}

/// Runs `app` on `terminal` until it stops: draws when something changed, then sleeps on the
/// message channel until a key, a resize, a signal or the top screen's deadline. Idle, it
/// blocks in `recv` and uses no CPU.
pub fn run_loop<B: Backend>(terminal: &mut Terminal<B>, app: &mut App, rx: &Receiver<Msg>) -> Exit
where
    B::Error: std::fmt::Display,
{
    let mut dirty = true;
    // A deadline that a screen left in place after it fired (against the contract): ignored
    // until it changes, so a faulty screen cannot make the loop spin.
    let mut stale: Option<Instant> = None;
    loop {
        if let Some(exit) = app.exit() {
            return exit.clone();
        }
        if dirty {
            if let Err(e) = draw(terminal, app) {
                return Exit::Error(e);
            }
            dirty = false;
            #[cfg(debug_assertions)]
            debug_panic_hook();
        }
        let deadline = app.next_deadline().filter(|d| Some(*d) != stale);
        let msg = match deadline {
            Some(when) => match rx.recv_timeout(when.saturating_duration_since(Instant::now())) {
                Ok(m) => Some(m),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => {
                    return Exit::Error("input channel closed".into());
                }
            },
            None => match rx.recv() {
                Ok(m) => Some(m),
                Err(_) => return Exit::Error("input channel closed".into()),
            },
        };
        let now = Instant::now();
        match msg {
            None => {
                app.on_deadline(now);
                stale = deadline.filter(|d| app.next_deadline() == Some(*d));
                dirty = true;
            }
            Some(Msg::Input(ev)) => dirty |= app.handle_event(&ev, now),
            Some(Msg::Signal(exit)) => app.stop(exit),
            // The terminal is gone: end as a hang-up would (129).
            Some(Msg::EndOfInput) => app.stop(Exit::HangUp),
            Some(Msg::InputError(e)) => {
                // A hang-up closes the terminal, and the failed read may beat the SIGHUP
                // message into the channel: give the signal a moment to win.
                match rx.recv_timeout(std::time::Duration::from_millis(200)) {
                    Ok(Msg::Signal(exit)) => app.stop(exit),
                    _ => app.stop(Exit::Error(e)),
                }
            }
        }
    }
}

/// Draws one frame; after Ctrl-L, first clears the terminal and forgets what is on it, so every
/// cell is written again.
///
/// The clear must not ask the terminal anything: ratatui's `Terminal::clear` reads the cursor
/// position (`ESC [ 6n`) and waits for the answer, but the answer goes to the input thread,
/// which owns crossterm's reader (crossterm#963) — the query times out and the game ended
/// with status 1. Resizing the terminal to its own area clears the screen and resets both
/// buffers without any query (the size comes from `ioctl`, not from the input stream).
///
/// Errors: the terminal could not be written or its size not read.
pub fn draw<B: Backend>(terminal: &mut Terminal<B>, app: &mut App) -> Result<(), String>
where
    B::Error: std::fmt::Display,
{
    let size = terminal.size().map_err(|e| e.to_string())?;
    if app.take_clear_request() {
        terminal
            .resize(ratatui::layout::Rect::from((
                ratatui::layout::Position::ORIGIN,
                size,
            )))
            .map_err(|e| e.to_string())?;
    }
    app.set_size(size);
    terminal
        .draw(|f| app.render(f))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Test hook (debug builds only): `CARDROOM_DEBUG_PANIC=1` panics after the first draw, so the
/// end-to-end tests can check that the panic hook restores the terminal and exits 101.
#[cfg(debug_assertions)]
fn debug_panic_hook() {
    if std::env::var_os("CARDROOM_DEBUG_PANIC").is_some_and(|v| v == "1") {
        panic!("CARDROOM_DEBUG_PANIC: a deliberate panic to test the terminal guard");
    }
}

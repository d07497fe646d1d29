//! The terminal UI: the terminal guard, the event loop, the screens and their widgets.
//!
//! # Shape
//!
//! ```text
//! input thread ─ Event ─┐                        ┌─ keymap::lookup(screen table, GLOBAL)
//! signal thread ─ Exit ─┼─► channel ─► run_loop ─┤      → Action → Screen::handle → Transition
//! deadline (recv_timeout)┘                        └─ App::render → Screen::render (never mutates)
//! ```
//!
//! * [`terminal`] — the one guard that enters raw mode and the alternate screen and restores
//!   both (plus the cursor and mouse capture) exactly once, on quit, error, panic (status 101)
//!   and signals (SIGINT 130, SIGHUP 129, SIGQUIT 131, SIGTERM 143). Ctrl-C and Ctrl-\\ are
//!   keys in raw mode (130, 131). The end of input (the terminal gone without a SIGHUP) ends
//!   the program like a SIGHUP (129).
//! * [`events`] — the input, signal and hang-up threads feeding one channel; the loop blocks
//!   on it, so an idle cardroom uses no CPU, and wakes at the top screen's deadline.
//! * [`app`] — [`app::App`]: the screen stack, key → action → transition, drawing, the
//!   too-small notice below 80×24.
//! * [`keymap`] — bindings: keys → [`keymap::Action`] → i18n label; the help overlay is built
//!   from the same tables.
//! * [`theme`] — dark, light and mono (no colour at all: NO_COLOR, `--no-color`).
//! * [`widgets`], [`screens`] — drawing pieces and the shell's screens.
//!
//! # Writing a game screen
//!
//! A game screen implements [`screen::Screen`] and is returned by [`screens::game_screen`] —
//! the single integration point; the menu and `cardroom play <game>` both go through it.
//!
//! ```ignore
//! use cardroom::tui::{ctx::Ctx, keymap::{self, Action, Binding, Key}, screen::{Screen, Transition}};
//!
//! const HIT: Action = Action::Custom("hit");
//! const PLAYING: &[Binding] = &[
//!     Binding::new(&[Key::char('h')], HIT, "blackjack.keys.hit").in_footer(),
//!     keymap::common::BACK,
//! ];
//!
//! impl Screen for BlackjackScreen {
//!     fn title(&self, ctx: &Ctx) -> String { ctx.t("common.menu.blackjack").into() }
//!     fn status(&self, ctx: &Ctx) -> String { /* e.g. chips */ String::new() }
//!     fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx) { /* draw self.engine.view(0) */ }
//!     fn keymap(&self) -> &[Binding] { if self.betting { BETTING } else { PLAYING } }
//!     fn handle(&mut self, a: Action, ctx: &mut Ctx) -> Transition {
//!         match a { HIT => { /* engine.apply(...) */ Transition::Stay }
//!                   Action::Back => Transition::Pop, _ => Transition::Stay }
//!     }
//!     fn next_deadline(&self) -> Option<Instant> { self.cpu_due }     // CPU pacing
//!     fn on_deadline(&mut self, now: Instant, ctx: &mut Ctx) -> Transition {
//!         /* one CPU step; then cpu_due = Some(now + cpu_delay_ms) or None */
//!         Transition::Stay
//!     }
//!     fn in_progress(&self) -> bool { self.hand_started }           // `q` asks first
//! }
//! ```
//!
//! The contract, in full:
//!
//! * **Drawing.** `render(&self, frame, area, ctx)` gets the body between the app's top bar
//!   (`cardroom | title`, `status` on the right) and footer (the bindings marked
//!   [`keymap::Binding::in_footer`], then `? Help` and `q Quit`). The area is at least 80×22:
//!   below 80×24 the app shows "Terminal too small" instead and never calls `render`. Still
//!   clamp every computed `Rect` with [`widgets::layout::fit`] and measure text in cells with
//!   [`widgets::text::width`] (Japanese is 2 cells a character). Style only through
//!   `ctx.theme` (mono must stay colourless); cards through `ctx.card_label` and
//!   `ctx.theme.card`.
//! * **State.** Rendering never changes game state. UI state (cursor, selection, popups, the
//!   CPU timer) lives in the screen; game state in the engine the screen owns.
//! * **Keys.** `keymap()` returns the bindings of the current mode; `handle` receives only
//!   those actions. Labels are i18n keys (both languages). A screen table shadows the global
//!   one (`?`/F1 help, `q` quit, Ctrl-L redraw) except Ctrl-C, which always quits (130). Only
//!   key presses count; repeats only for bindings marked [`keymap::Binding::repeating`].
//! * **Transitions.** `Stay`, `Push` (a popup or sub-screen), `Pop` (Esc back), `Replace`,
//!   `Quit` (asks first when any open screen's `in_progress()` is true), `QuitNow`.
//! * **Time.** `next_deadline()` returns when the screen wants `on_deadline` (e.g. the next
//!   CPU play `config.general.cpu_delay_ms` after the last); `on_deadline` must move or clear
//!   it. While a deadline is pending, a key bound nowhere skips ahead (calls `on_deadline` at
//!   once). Only the top screen's deadline counts, so help or the quit question pauses a game.
//! * **Context.** [`ctx::Ctx`] carries the config (rules of both games), language, theme,
//!   suit style, `--seed` (`ctx.game_seed()` gives the seed for a new game) and `--record`.
//!
//! # Who depends on whom
//!
//! The command line builds an [`Options`] and calls [`run`]; nothing here imports the CLI or
//! clap's argument types, so the dependency runs one way (`cli` → `tui`).

pub mod app;
pub mod ctx;
pub mod events;
pub mod keymap;
pub mod screen;
pub mod screens;
pub mod terminal;
pub mod theme;
pub mod widgets;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;

use crate::config::Config;

use app::{App, Exit};
use ctx::Ctx;
use screens::title::TitleScreen;

/// A game the UI can open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// 大富豪 / President.
    Daifugo,
    /// Casino blackjack.
    Blackjack,
}

/// What the command line asks of the UI beyond the configuration. Built by the CLI (from its
/// own argument types), so the UI never sees clap's structures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Open this game over the menu (`cardroom play <game>`); `None` shows the menu.
    pub game: Option<Game>,
    /// `--seed`: the seed of every shuffle, so a game can be replayed.
    pub seed: Option<u64>,
    /// `--record`: where to write the game record (JSON Lines).
    pub record: Option<PathBuf>,
    /// The config file the settings screen edits, as the CLI resolved it
    /// ([`crate::config::settings_path`]: `--config`, else the user's file, else the XDG path
    /// where saving creates it). `None`: the settings can be looked at but not saved — so a
    /// test's app never writes a real file by accident.
    pub settings_file: Option<PathBuf>,
    /// The command-line overrides (`--lang`, `--no-color` or `NO_COLOR`, `--ascii`), laid again
    /// over the configuration the settings screen reloads after saving.
    pub overrides: crate::config::Overrides,
}

/// Runs the full-screen UI until the player quits; returns the exit status: 0 quit, 1 terminal
/// error, 101 panic (from the panic hook), 129 SIGHUP or end of input, 130 Ctrl-C or SIGINT,
/// 131 Ctrl-\\ or SIGQUIT, 143 SIGTERM. With [`Options::game`] that game opens over the menu;
/// Esc from it shows the menu. The caller has checked that stdin and stdout are terminals.
pub fn run(config: Config, options: &Options) -> ExitCode {
    run_over_menu(config, options, |ctx| {
        options.game.map(|g| screens::game_screen(g, ctx))
    })
}

/// Runs the UI with the screen `first` makes (if any) open over the menu: a game, or the
/// replay viewer of `cardroom replay`. Exit statuses as [`run`].
pub fn run_over_menu(
    config: Config,
    options: &Options,
    first: impl FnOnce(&Ctx) -> Option<Box<dyn screen::Screen>>,
) -> ExitCode {
    let ctx = Ctx::new(config, options, |k| std::env::var(k).ok());
    let lang = ctx.lang;
    let mut app = App::new(ctx, Box::new(TitleScreen::new()));
    if let Some(screen) = first(&app.ctx) {
        app.push(screen);
    }
    let fail = |e: &dyn std::fmt::Display| {
        // The terminal may be gone: a message that cannot be written is dropped, not a panic.
        let _ = writeln!(
            std::io::stderr(),
            "{}",
            crate::i18n::tf(lang, "common.error.terminal", &[("error", &e.to_string())])
        );
        ExitCode::from(1)
    };

    let (tx, rx) = mpsc::channel();
    // Signals first: from here on SIGTERM can no longer kill us with the terminal raw.
    if let Err(e) = events::spawn_signal_thread(tx.clone()) {
        return fail(&e);
    }
    let mut guard = match terminal::TerminalGuard::enter() {
        Ok(g) => g,
        Err(e) => return fail(&e),
    };
    if let Err(e) = events::spawn_hang_up_watcher(tx.clone()) {
        drop(guard);
        return fail(&e);
    }
    if let Err(e) = events::spawn_input_thread(tx) {
        drop(guard);
        return fail(&e);
    }
    let exit = app::run_loop(guard.terminal(), &mut app, &rx);
    drop(guard);
    match exit {
        Exit::Error(e) => fail(&e),
        other => ExitCode::from(other.code()),
    }
}

//! The terminal guard: the one place that puts the terminal into the game's state (raw mode,
//! alternate screen, cursor hidden, mouse capture on: clicks and the wheel, issue 14 item 7) and
//! the one function that gives it back
//! (mouse capture off, main screen, cursor shown, original modes), exactly once, on every way
//! out: normal quit and error (the guard's `Drop`), panic (the hook from
//! [`install_panic_hook`]), Ctrl-C and signals (the event loop returns normally; the signal
//! thread's fallback calls [`restore`]).
//!
//! `ratatui::restore()` alone is not enough: it neither shows the cursor nor stops mouse
//! capture (`NOTES.md`).

use std::io::{self, Stdout, Write, stdout};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

/// The terminal type the app draws on.
pub type Tui = Terminal<CrosstermBackend<Stdout>>;

/// Whether the terminal is in the game's state and still has to be given back.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Owns the terminal while the UI runs; dropping it restores the terminal.
pub struct TerminalGuard {
    terminal: Tui,
}

impl TerminalGuard {
    /// Installs the panic hook, then enters raw mode and the alternate screen with the cursor
    /// hidden and mouse capture on.
    ///
    /// Errors: any terminal call failed; whatever was already changed has been undone.
    pub fn enter() -> io::Result<TerminalGuard> {
        install_panic_hook();
        // Marked active before the first change, so a failure half-way still restores.
        ACTIVE.store(true, Ordering::SeqCst);
        let setup = || -> io::Result<Tui> {
            enable_raw_mode()?;
            execute!(stdout(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
            Terminal::new(CrosstermBackend::new(stdout()))
        };
        match setup() {
            Ok(terminal) => Ok(TerminalGuard { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }

    /// The terminal to draw on.
    pub fn terminal(&mut self) -> &mut Tui {
        &mut self.terminal
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Gives the terminal back: mouse capture off, main screen, cursor shown, raw mode off (the
/// modes saved when it was entered). Does the work only the first time after
/// [`TerminalGuard::enter`], whoever calls it; returns whether this call did it. Errors are
/// ignored: there is nothing better to do on the way out.
pub fn restore() -> bool {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return false;
    }
    let mut out = stdout();
    let _ = execute!(out, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
    true
}

/// Installs (once) a panic hook that restores the terminal, prints the panic message with the
/// previous hook (so it lands on the normal screen, readable), and exits with status 101.
pub fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
            std::process::exit(101);
        }));
    });
}

//! Where the event loop's messages come from: an input thread blocked in crossterm's
//! `event::read` and a signal thread blocked on SIGINT/SIGTERM/SIGHUP (signal-hook), both
//! sending into one channel. The loop blocks on that channel, so an idle cardroom makes no
//! system calls at all, yet a signal still wakes it at once — a plain blocking `event::read`
//! would not return on a signal (crossterm retries on `EINTR`).

use std::io;
use std::sync::mpsc::Sender;
use std::thread;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use super::app::Exit;
use super::terminal;

/// A message to the event loop.
#[derive(Debug)]
pub enum Msg {
    /// A terminal event (key, resize, focus, paste).
    Input(Event),
    /// A signal asked the program to stop, with the matching exit.
    Signal(Exit),
    /// Reading the terminal failed; the text says why.
    InputError(String),
}

/// How long the signal thread waits for the event loop to exit cleanly before it restores the
/// terminal and exits by itself (only if the loop is stuck, e.g. inside a long computation).
pub const SIGNAL_GRACE: Duration = Duration::from_secs(2);

/// The exit a signal number asks for: SIGINT → 130, SIGHUP → 129, anything else → 143.
pub fn exit_for_signal(sig: i32) -> Exit {
    match sig {
        SIGINT => Exit::Interrupted,
        SIGHUP => Exit::HangUp,
        _ => Exit::Terminated,
    }
}

/// Installs the SIGINT, SIGTERM and SIGHUP handlers and starts the thread that forwards them.
/// Call before the terminal is touched, so a signal can never kill the process while the
/// terminal is raw.
///
/// Errors: the handlers could not be registered or the thread not started.
pub fn spawn_signal_thread(tx: Sender<Msg>) -> io::Result<()> {
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    thread::Builder::new()
        .name("cardroom-signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                let exit = exit_for_signal(sig);
                let code = exit.code();
                let _ = tx.send(Msg::Signal(exit));
                thread::sleep(SIGNAL_GRACE);
                // Still running: the loop is stuck. Give the terminal back anyway.
                terminal::restore();
                std::process::exit(i32::from(code));
            }
        })?;
    Ok(())
}

/// Starts the thread that reads terminal events and forwards them until the channel closes or
/// reading fails.
///
/// Errors: the thread could not be started.
pub fn spawn_input_thread(tx: Sender<Msg>) -> io::Result<()> {
    thread::Builder::new()
        .name("cardroom-input".into())
        .spawn(move || {
            loop {
                match event::read() {
                    Ok(ev) => {
                        if tx.send(Msg::Input(ev)).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Msg::InputError(e.to_string()));
                        return;
                    }
                }
            }
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_map_to_128_plus_their_number() {
        assert_eq!(exit_for_signal(SIGINT).code(), 128 + 2);
        assert_eq!(exit_for_signal(SIGHUP).code(), 128 + 1);
        assert_eq!(exit_for_signal(SIGTERM).code(), 128 + 15);
    }
}

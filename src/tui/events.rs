//! Where the event loop's messages come from: an input thread blocked in crossterm's
//! `event::read`, a signal thread blocked on SIGINT/SIGTERM/SIGHUP/SIGQUIT (signal-hook), and a
//! hang-up watcher blocked in `poll(2)` on standard input, all sending into one channel. The
//! loop blocks on that channel, so an idle cardroom makes no system calls at all, yet a signal
//! still wakes it at once — a plain blocking `event::read` would not return on a signal
//! (crossterm retries on `EINTR`).
//!
//! # End of input
//!
//! When the terminal goes away without a SIGHUP reaching us (a wrapper that is the session
//! leader and ignores HUP, so the kernel's hang-up signal stops there), every `read(0)` returns
//! 0. crossterm 0.29's reader treats a 0-byte read as "nothing yet" and reads again at once, so
//! the input thread would spin inside `event::read` for ever. It never returns, so the end
//! cannot be seen there: the hang-up watcher asks the kernel instead. It polls standard input
//! for no events at all, which `poll(2)` answers only with `POLLHUP`/`POLLERR`/`POLLNVAL` —
//! i.e. only when the terminal is gone — and then sends [`Msg::EndOfInput`]; the loop restores
//! what can be restored and exits 129, like a SIGHUP.

use std::io;
use std::sync::mpsc::Sender;
use std::thread;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event};
use rustix::event::{PollFd, PollFlags, poll};
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
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
    /// The terminal is gone (hung up, closed): no input will ever come again.
    EndOfInput,
}

/// How long the signal thread waits for the event loop to exit cleanly before it restores the
/// terminal and exits by itself (only if the loop is stuck, e.g. inside a long computation).
pub const SIGNAL_GRACE: Duration = Duration::from_secs(2);

/// The exit a signal number asks for: SIGINT → 130, SIGHUP → 129, SIGQUIT → 131, anything else
/// → 143.
pub fn exit_for_signal(sig: i32) -> Exit {
    match sig {
        SIGINT => Exit::Interrupted,
        SIGHUP => Exit::HangUp,
        SIGQUIT => Exit::QuitSignal,
        _ => Exit::Terminated,
    }
}

/// Installs the SIGINT, SIGTERM, SIGHUP and SIGQUIT handlers and starts the thread that
/// forwards them. (SIGQUIT's default action would dump core and leave the terminal raw.)
/// Call before the terminal is touched, so a signal can never kill the process while the
/// terminal is raw.
///
/// Errors: the handlers could not be registered or the thread not started.
pub fn spawn_signal_thread(tx: Sender<Msg>) -> io::Result<()> {
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT])?;
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

/// How [`wait_for_hang_up`] saw the descriptor end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HangUp {
    /// The other end is gone (`POLLHUP`, `POLLERR`): reads return 0 or fail from now on.
    Gone,
    /// The descriptor is not open (`POLLNVAL`).
    NotOpen,
}

/// Blocks until `fd` is hung up or in error, without reading from it and without waking for
/// data: it polls for no events, and `poll(2)` always reports `POLLHUP`, `POLLERR` and
/// `POLLNVAL`. Retries when a signal interrupts the wait.
///
/// Errors: `poll` itself failed (other than `EINTR`).
pub fn wait_for_hang_up(fd: impl std::os::fd::AsFd) -> io::Result<HangUp> {
    loop {
        let mut fds = [PollFd::new(&fd, PollFlags::empty())];
        match poll(&mut fds, None) {
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
        }
        let r = fds[0].revents();
        if r.contains(PollFlags::NVAL) {
            return Ok(HangUp::NotOpen);
        }
        if r.intersects(PollFlags::HUP | PollFlags::ERR) {
            return Ok(HangUp::Gone);
        }
    }
}

/// Starts the hang-up watcher: a thread blocked until standard input (the terminal) is hung
/// up, which then sends [`Msg::EndOfInput`] (see "End of input" above). It costs nothing while
/// the terminal is there: it wakes for no key and no timer.
///
/// Errors: the thread could not be started.
pub fn spawn_hang_up_watcher(tx: Sender<Msg>) -> io::Result<()> {
    thread::Builder::new()
        .name("cardroom-hangup".into())
        .spawn(move || {
            if wait_for_hang_up(io::stdin()).is_ok() {
                let _ = tx.send(Msg::EndOfInput);
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
        assert_eq!(exit_for_signal(SIGQUIT).code(), 128 + 3);
    }

    #[test]
    fn the_watcher_wakes_when_the_writer_goes_away_and_not_for_data() {
        let (reader, mut writer) = io::pipe().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let watcher = thread::spawn(move || {
            let r = wait_for_hang_up(&reader);
            tx.send(r.unwrap()).unwrap();
        });
        // Data waiting to be read is not the end: the watcher keeps waiting.
        use std::io::Write;
        writer.write_all(b"key").unwrap();
        assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
        // The writer closes: read() would now return 0, and the watcher says so.
        drop(writer);
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok(HangUp::Gone));
        watcher.join().unwrap();
    }
}

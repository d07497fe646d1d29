//! Where headless commands write, and what happens when writing fails.
//!
//! `println!` panics when stdout cannot be written (status 101 and a panic message), which is
//! what `cardroom daifugo legal … | head -1` and `cardroom blackjack edge >/dev/full` did. Every
//! write of a command goes through here instead (`clippy::print_stdout` and
//! `clippy::print_stderr` are denied in [`crate::cli`]):
//!
//! * **A closed pipe** (`EPIPE`: the reader, e.g. `head -1`, has all it wanted) ends the
//!   command quietly with status **0**, as ripgrep and most Rust tools do. (Rust ignores
//!   SIGPIPE, so the C convention — death by SIGPIPE, status 141 in a shell — is not
//!   available without unsafe code; a 0 also keeps `set -o pipefail` scripts happy.)
//! * **Any other write error on stdout** (a full disk: `ENOSPC`, `EIO`…) is one line on stderr,
//!   `cardroom: cannot write the output: …`, and status **1**.
//! * **stderr** (errors, progress) is written best effort: when it cannot be written there is
//!   nowhere left to say so, and the command keeps its own status (2 for bad input, …).

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

/// The status for a failed write to stdout: 0 for a closed pipe (quietly), else 1 after a
/// one-line message on stderr.
pub fn write_failed(e: &io::Error) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    error(format_args!("cannot write the output: {e}"));
    ExitCode::from(1)
}

/// Writes `text` to stdout (as it is: add the newline yourself) and flushes it.
///
/// Errors: the write or the flush failed; pass the error to [`write_failed`].
pub fn try_print(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Writes `text` to stdout and returns the command's status: 0, or what [`write_failed`] says.
pub fn print(text: &str) -> ExitCode {
    match try_print(text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => write_failed(&e),
    }
}

/// Writes `text` and a newline to stdout; the status as for [`print()`].
pub fn println(text: impl Display) -> ExitCode {
    print(&format!("{text}\n"))
}

/// Writes `cardroom: <text>` and a newline to stderr, best effort.
pub fn error(text: impl Display) {
    let _ = writeln!(io::stderr().lock(), "cardroom: {text}");
}

/// [`error`], then the given status (e.g. 2 for bad input).
pub fn fail(code: u8, text: impl Display) -> ExitCode {
    error(text);
    ExitCode::from(code)
}

/// Writes `text` to stderr as it is (progress lines, `\r` updates), best effort.
pub fn progress(text: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_success_and_other_errors_are_status_1() {
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert_eq!(write_failed(&pipe), ExitCode::SUCCESS);
        let full = io::Error::from_raw_os_error(28); // ENOSPC
        assert_eq!(write_failed(&full), ExitCode::from(1));
    }
}

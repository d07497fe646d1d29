//! The terminal UI.

use std::process::ExitCode;

use crate::cli::{GameArg, GlobalArgs};
use crate::config::Config;

/// Runs the full-screen UI until the player quits; returns the exit status.
pub fn run(_config: Config, _game: Option<GameArg>, _g: &GlobalArgs) -> ExitCode {
    ExitCode::SUCCESS
}

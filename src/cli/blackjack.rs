//! `cardroom blackjack …`: expected values, house edge and simulations without a screen.

use std::process::ExitCode;

use clap::Subcommand;

use super::GlobalArgs;

/// Blackjack headless commands.
#[derive(Debug, Subcommand)]
pub enum BlackjackCommand {}

/// Runs a Blackjack headless command.
pub fn run(_g: &GlobalArgs, cmd: BlackjackCommand) -> ExitCode {
    match cmd {}
}

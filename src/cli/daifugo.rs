//! `cardroom daifugo …`: legal plays and simulations without a screen.

use std::process::ExitCode;

use clap::Subcommand;

use super::GlobalArgs;

/// Daifugo headless commands.
#[derive(Debug, Subcommand)]
pub enum DaifugoCommand {
    /// List every legal play for a hand against a pile.
    Legal {
        /// The hand, e.g. "3S 3H 4H 5H JK".
        #[arg(long)]
        hand: String,
        /// The pile to answer (empty = leading).
        #[arg(long)]
        pile: Option<String>,
        /// A revolution is in force.
        #[arg(long)]
        revolution: bool,
        /// Jack-back is in force.
        #[arg(long)]
        jack_back: bool,
        /// Locked suits, e.g. "H" or "SH".
        #[arg(long)]
        lock: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a Daifugo headless command.
pub fn run(_g: &GlobalArgs, _cmd: DaifugoCommand) -> ExitCode {
    eprintln!("cardroom: daifugo commands are not available in this build");
    ExitCode::from(1)
}

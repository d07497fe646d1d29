//! `cardroom blackjack …`: expected values, house edge and simulations without a screen.

use std::process::ExitCode;

use clap::Subcommand;

use super::GlobalArgs;

/// Blackjack headless commands.
#[derive(Debug, Subcommand)]
pub enum BlackjackCommand {
    /// Exact EV of every action for one hand against one up card.
    Ev(super::blackjack_ev::EvArgs),
    /// Whole-game player EV (house edge) of the configured rules, by up card.
    Edge(super::blackjack_ev::EdgeArgs),
}

/// Runs a Blackjack headless command.
pub fn run(g: &GlobalArgs, cmd: BlackjackCommand) -> ExitCode {
    match cmd {
        BlackjackCommand::Ev(a) => super::blackjack_ev::run_ev(g, a),
        BlackjackCommand::Edge(a) => super::blackjack_ev::run_edge(g, a),
    }
}

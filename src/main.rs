//! The `cardroom` binary: parses the command line and hands over to [`cardroom::cli::run`].

use clap::Parser;

fn main() -> std::process::ExitCode {
    cardroom::cli::run(cardroom::cli::Cli::parse())
}

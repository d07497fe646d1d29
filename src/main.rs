//! The `cardroom` binary: parses the command line and hands over to [`cardroom::cli::run`].

use clap::Parser;

fn main() -> std::process::ExitCode {
    match cardroom::cli::Cli::try_parse() {
        Ok(cli) => cardroom::cli::run(cli),
        Err(e) => cardroom::cli::usage(&e),
    }
}

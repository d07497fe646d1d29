//! The human's seat at a UECda table (`cardroom uecda serve --human`).

use std::io::Write;

use crate::cli::GlobalArgs;
use crate::config::Config;
use crate::uecda::results::RunResults;
use crate::uecda::server::{ServeError, Server};

/// Runs the table with the person at the Daifugo screen.
///
/// Errors: as [`Server::run`].
pub fn run_table(
    _config: Config,
    _args: &GlobalArgs,
    _server: Server,
    _record: Option<Box<dyn Write + Send>>,
) -> Result<RunResults, ServeError> {
    Err(ServeError::Setup("not yet".into()))
}

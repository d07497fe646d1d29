//! A table whose games run elsewhere — a UECda server (`cardroom uecda serve --human`). The
//! screen then runs no CPUs: it shows the referee's game as the table sends it, one change at
//! a time (`general.cpu_delay_ms` apart), and sends the person's actions to the table.

use crate::daifugo::{Action, Event, Game, MatchResult};
use crate::tui::ctx::Ctx;

/// One change of the table: the game after it, what happened, and the table around it.
pub struct LinkUpdate {
    /// The referee's game, seen from engine seat 0 (the person's).
    pub game: Game,
    /// The engine's events of this change.
    pub events: Vec<Event>,
    /// Names of the seats (seat 0 is the person's and shows as "You").
    pub names: Vec<String>,
    /// Points so far in the whole run, by seat (the table's totals, not this match's).
    pub totals: Vec<u32>,
    /// The game being played, 1-based, in the run.
    pub number: u32,
    /// Games in the run.
    pub games: u32,
}

/// Where the screen gets a linked table's changes and sends the person's actions.
pub trait TableLink {
    /// The next change, if one has arrived.
    fn next(&mut self) -> Option<LinkUpdate>;
    /// Sends the person's action (seat 0 of the last game shown).
    fn send(&mut self, action: Action);
    /// The status line: which game, who the table waits for.
    fn status(&self, ctx: &Ctx) -> String;
    /// The run's result once the table has finished and every change has been shown
    /// (totals by seat of the last game shown).
    fn finished(&self) -> Option<MatchResult>;
}

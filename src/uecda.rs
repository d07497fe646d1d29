//! UECda protocol 20070: cardroom as a contest server and as a contest client (`uecda.md`).
//!
//! The UEC Computer Daihinmin Contest plays 5-player Daifugo between programs over TCP with
//! 8×15 integer tables. This module translates between those tables and the Daifugo engine;
//! the engine stays the referee. Nothing here decides a rule: a submitted table becomes an
//! engine action, the engine accepts or refuses it, and the engine's state becomes tables.
//!
//! * [`table`] — the table, its 480 bytes on the wire, the profile.
//! * [`codec`] — cards and plays in table cells, both ways.
//! * [`server`] — `cardroom uecda serve`: the handshake, the deal and exchange, every turn's
//!   tables, seats that are external programs, cardroom CPUs or the human in the TUI.
//! * [`client`] — `cardroom uecda connect`: a cardroom CPU at anyone's 20070 server, keeping
//!   its own view from the tables.
//! * [`results`] — per-player figures of a run (points ± standard error, places, rejected
//!   plays, time per move).
//! * [`words`] — notes and refusals in words, for the command line and the TUI.

pub mod client;
pub mod codec;
pub mod results;
pub mod server;
pub mod table;
pub mod words;

use crate::daifugo::rules::{Preset, Rules};

/// Players at a contest table.
pub const PLAYERS: usize = 5;

/// The contest's rules (`uecda.md`, "Rules of the official server"): the rules core's
/// `preset = "uecda"`.
pub fn contest_rules() -> Rules {
    Rules::preset(Preset::Uecda)
}

//! The Daifugo (大富豪 / 大貧民, "President") engine, after `rules/daifugo.md` §1–4.
//!
//! * [`rules`] — the rule set (presets and local rules), built by the config layer.
//! * [`cardset`] — hands and suit sets as bit sets; the strength scale.
//! * [`play`] — a play (single, group, sequence; jokers and what they stand for) and its
//!   notation.
//! * [`legal`] — the trick state, the check of a play against it, the legal-play generator.
//! * [`position`] — a hand, pile and flags written in notation (`daifugo legal`), checked.
//! * [`state`] — the rules core: one round of tricks ([`RoundState`]) and its checked
//!   transitions, used by the match, the CPUs' playouts and endgame solver, `daifugo simulate`
//!   and the record checker.
//! * [`game`] — the match ([`Game`]): tricks and places; `game/round.rs` deals, the exchange
//!   and round ends; `game/setup.rs` games from a prepared position or a seat's view.
//! * [`event`] — actions, events and event sinks.
//! * [`view`] — what one seat may see ([`SeatView`] for CPUs, [`Snapshot`] for the UI), titles.
//! * [`cpu`] — the CPU trait and the `easy` level.
//! * [`sim`] — the fast CPU-only match loop.
//! * [`simulate`] — many CPU-only matches with per-level strength figures (`daifugo simulate`).
//! * [`record`] — JSON Lines game records and the replay checker.
//! * [`error`] — why an action is refused.

pub mod cardset;
pub mod cpu;
pub mod error;
pub mod event;
pub mod game;
pub mod legal;
pub mod play;
pub mod position;
pub mod record;
pub mod rules;
pub mod sim;
pub mod simulate;
pub mod state;
pub mod view;

pub use cardset::{CardSet, SeatSet, SuitSet};
pub use cpu::{CpuPlayer, EasyCpu, HardCpu, NormalCpu};
pub use error::RuleError;
pub use event::{Action, ClearCause, Discard, Event, EventSink, FinishKind, MAX_SEATS};
pub use game::{Game, MatchSettings, Policy, Scenario};
pub use legal::{TrickState, check_play, legal_plays};
pub use play::{Form, Play, PlayParseError};
pub use state::RoundState;
pub use view::{Decision, LogEntry, MatchResult, Phase, SeatView, Snapshot, Title};

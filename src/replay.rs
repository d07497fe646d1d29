//! Replays (issue 14 item 6): any game record the program writes, read back into a list of
//! frames the replay viewer ([`crate::tui::screens::replay`]) steps through — one frame per
//! event, each with every hand face up, the pile or the dealer, and the log as they stood.
//!
//! Nothing here knows a rule. A record is replayed through its engine from the header's seed
//! and rules, exactly as the record checkers do, and every line must be what the engine did;
//! the frames are then the engine's own events laid one after another ([`daifugo::Table`],
//! [`blackjack::Table`]), and tests check that they agree with the engine's state after every
//! action. A file that is not a record, or a record that the engine does not reproduce, is an
//! error naming its line.

pub mod blackjack;
pub mod daifugo;

use serde_json::Value;

use crate::config::Lang;
use crate::i18n;

/// A record read for replaying.
#[derive(Clone, Debug)]
pub enum Replay {
    /// A Daifugo record (one or more matches).
    Daifugo(daifugo::DaifugoReplay),
    /// A Blackjack record (one or more tables).
    Blackjack(blackjack::BlackjackReplay),
}

impl Replay {
    /// How many frames (events) there are to step through.
    pub fn len(&self) -> usize {
        match self {
            Replay::Daifugo(r) => r.len(),
            Replay::Blackjack(r) => r.len(),
        }
    }

    /// Whether there is nothing to show (never, for a replay that loaded).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The indices of the frames that start a round (Daifugo: each deal; Blackjack: each bet),
    /// in order.
    pub fn round_starts(&self) -> Vec<usize> {
        match self {
            Replay::Daifugo(r) => r.round_starts(),
            Replay::Blackjack(r) => r.round_starts(),
        }
    }

    /// Whether the record stops before its game ended (a game left in the middle).
    pub fn incomplete(&self) -> bool {
        match self {
            Replay::Daifugo(r) => r.incomplete,
            Replay::Blackjack(_) => false,
        }
    }
}

/// Why a file cannot be replayed, with its 1-based line.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong there.
    pub problem: Problem,
}

/// What can be wrong with a file given to `cardroom replay`.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// The file holds no lines at all.
    Empty,
    /// The first line is not a record header (another kind of file).
    NotARecord,
    /// A header of a game this program does not play.
    UnknownGame {
        /// The header's `game`.
        game: String,
    },
    /// A record header of a newer format version.
    Version {
        /// The header's `version`.
        version: u64,
    },
    /// The Daifugo checker's finding.
    Daifugo(crate::daifugo::record::ReplayProblem),
    /// Not JSON, or a line without the fields its type needs.
    Malformed {
        /// The parser's words.
        detail: String,
    },
    /// The Blackjack table refused a recorded action.
    Refused(crate::blackjack::RuleError),
    /// A Blackjack line that is not an action where the player's action was due.
    ActionDue {
        /// The line's `type`.
        found: String,
    },
    /// A line differs from what the engine did.
    Mismatch {
        /// What the engine produced.
        expected: String,
        /// What the record says.
        found: String,
    },
    /// The record stops in the middle of what one action did.
    Truncated,
}

impl LoadError {
    /// The message in `lang` (it names the line).
    pub fn message(&self, lang: Lang) -> String {
        let line = self.line.to_string();
        let tf = |key: &str, extra: &[(&str, &str)]| {
            let mut args = vec![("line", line.as_str())];
            args.extend_from_slice(extra);
            i18n::tf(lang, key, &args)
        };
        match &self.problem {
            Problem::Empty => tf("replay.error.empty", &[]),
            Problem::NotARecord => tf("replay.error.not_a_record", &[]),
            Problem::UnknownGame { game } => tf("replay.error.unknown_game", &[("game", game)]),
            Problem::Version { version } => {
                tf("replay.error.version", &[("version", &version.to_string())])
            }
            Problem::Daifugo(p) => crate::i18n::daifugo::Message::message(
                &crate::daifugo::record::ReplayError {
                    line: self.line,
                    problem: p.clone(),
                },
                lang,
            ),
            Problem::Malformed { detail } => tf("replay.error.malformed", &[("detail", detail)]),
            Problem::Refused(e) => tf(
                "replay.error.illegal",
                &[(
                    "reason",
                    &crate::tui::screens::blackjack::words::rule_error(e, lang),
                )],
            ),
            Problem::ActionDue { found } => tf("replay.error.action_due", &[("found", found)]),
            Problem::Mismatch { expected, found } => tf(
                "replay.error.mismatch",
                &[("expected", expected), ("found", found)],
            ),
            Problem::Truncated => tf("replay.error.truncated", &[]),
        }
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for LoadError {}

/// Reads a record: which game its first header names, then every line through that game's
/// engine.
///
/// Errors: an empty file, a first line that is not a record header, an unknown game or a newer
/// format, and every error of the game's replay (named by line).
pub fn load(text: &str) -> Result<Replay, LoadError> {
    let Some((i, first)) = text.lines().enumerate().find(|(_, l)| !l.trim().is_empty()) else {
        return Err(LoadError {
            line: 1,
            problem: Problem::Empty,
        });
    };
    let line = i + 1;
    let err = |problem| LoadError { line, problem };
    let header: Value = serde_json::from_str(first).map_err(|_| err(Problem::NotARecord))?;
    if header.get("type").and_then(Value::as_str) != Some("header") {
        return Err(err(Problem::NotARecord));
    }
    let version = header.get("version").and_then(Value::as_u64).unwrap_or(0);
    let game = header
        .get("game")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let supported = match game.as_str() {
        "daifugo" => crate::daifugo::record::VERSION,
        "blackjack" => crate::blackjack::record::VERSION,
        _ => return Err(err(Problem::UnknownGame { game })),
    };
    if version > u64::from(supported) {
        return Err(err(Problem::Version { version }));
    }
    match game.as_str() {
        "daifugo" => daifugo::load(text).map(Replay::Daifugo),
        _ => blackjack::load(text).map(Replay::Blackjack),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foreign_and_empty_files_are_refused_at_their_first_line() {
        let e = load("").unwrap_err();
        assert_eq!((e.line, &e.problem), (1, &Problem::Empty));
        let e = load("\n\n[general]\ntheme = \"dark\"\n").unwrap_err();
        assert_eq!((e.line, &e.problem), (3, &Problem::NotARecord));
        let e = load("{\"type\":\"play\",\"seat\":0}\n").unwrap_err();
        assert_eq!(e.problem, Problem::NotARecord);
        let e = load("{\"type\":\"header\",\"game\":\"poker\",\"version\":1}\n").unwrap_err();
        assert_eq!(
            e.problem,
            Problem::UnknownGame {
                game: "poker".into()
            }
        );
        let e = load("{\"type\":\"header\",\"game\":\"daifugo\",\"version\":99}\n").unwrap_err();
        assert_eq!(e.problem, Problem::Version { version: 99 });
        assert!(
            e.message(Lang::En).contains("line 1"),
            "{}",
            e.message(Lang::En)
        );
    }
}

//! Blackjack game records (`DESIGN.md` "Records"): JSON Lines, a `header` line first, then one
//! line per engine [`Event`] — `shuffle`, `bet`, `deal`, `action`, `peek`, `card`, `reveal`,
//! `dealer`, `settle`, `bankroll`. A record and its seed replay a session exactly
//! ([`actions`] recovers the player's actions to feed a new [`super::table::Table`]).
//!
//! Pure: this module makes and reads lines; writing the file is the caller's job.

use serde::Serialize;
use serde_json::Value;

use super::money::Money;
use super::rules::Rules;
use super::table::{Action, Event, Table};

/// The record format version written in the header.
pub const VERSION: u32 = 1;

#[derive(Serialize)]
struct Header<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    game: &'static str,
    version: u32,
    seed: u64,
    rules: &'a Rules,
}

/// The header line: `{"type":"header","game":"blackjack","version":1,"seed":…,"rules":{…}}`
/// with the effective rules.
pub fn header(seed: u64, rules: &Rules) -> String {
    serde_json::to_string(&Header {
        kind: "header",
        game: "blackjack",
        version: VERSION,
        seed,
        rules,
    })
    .unwrap_or_default()
}

/// The line of the first shuffle, written after the header for a table just made with
/// [`Table::new`] (its constructor shuffles without emitting an event).
pub fn opening_shuffle(table: &Table) -> String {
    event(&Event::Shuffle {
        mid_round: false,
        cards: table.shoe().remaining(),
    })
}

/// One event as a record line, e.g. `{"type":"action","hand":0,"action":"split"}`.
pub fn event(e: &Event) -> String {
    serde_json::to_string(e).unwrap_or_default()
}

/// The lines of a list of events, in order.
pub fn events(es: &[Event]) -> Vec<String> {
    es.iter().map(event).collect()
}

/// A record line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "record line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

/// The player's actions in a record, in order, for a replay: each `bet` line as
/// [`Action::Bet`] and each `action` line's action. Other lines are skipped.
///
/// Errors: a line that is not JSON, or a `bet`/`action` line that does not parse.
pub fn actions(text: &str) -> Result<Vec<Action>, RecordError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let err = |m: String| RecordError {
            line: n + 1,
            message: m,
        };
        let v: Value = serde_json::from_str(line).map_err(|e| err(e.to_string()))?;
        match v.get("type").and_then(Value::as_str) {
            Some("bet") => {
                let amount: Money =
                    serde_json::from_value(v["amount"].clone()).map_err(|e| err(e.to_string()))?;
                let chips =
                    u64::try_from(amount.cents() / 100).map_err(|_| err("negative bet".into()))?;
                out.push(Action::Bet(chips));
            }
            Some("action") => {
                let a: Action =
                    serde_json::from_value(v["action"].clone()).map_err(|e| err(e.to_string()))?;
                out.push(a);
            }
            _ => {}
        }
    }
    Ok(out)
}

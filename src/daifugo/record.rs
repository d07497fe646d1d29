//! Game records as JSON Lines (`DESIGN.md` "Records"): a header, then one line per event:
//!
//! ```text
//! {"type":"header","game":"daifugo","version":1,"seed":7,"rules":{…},"rounds":5,"seats":[{"name":"You","level":"human"},…]}
//! {"type":"deal","round":1,"dealer":2,"hands":[["3D","7S",…],…]}
//! {"type":"exchange","round":2,"from":3,"to":0,"cards":["2H","JK"],"forced":true}
//! {"type":"play","seat":2,"cards":["7S","JK=8S","9S"]}
//! {"type":"pass","seat":1}
//! {"type":"clear","leader":2}
//! {"type":"revolution","active":true}
//! {"type":"finish","seat":0,"place":1,"foul":false}
//! {"type":"round_end","round":1,"places":[1,3,4,2],"points":[4,2,1,3]}
//! ```
//!
//! Seats are 0-based, by seat order. `dealer` is the seat dealt first; `forced` tells the lower
//! player's gift from the upper player's give-back. A `finish` line is written for every place,
//! including the 大富豪 who falls by miyako-ochi and the last player. Several matches may follow
//! one another in one file, each starting with its header. A match that continues a table
//! whose players were reseated (the UECda server) carries `"previous_places"` in its header
//! (by seat, 1-based): round 1 then starts with those titles and their exchange
//! ([`Game::new_after`]).
//!
//! [`RecordWriter`] writes records (an [`EventSink`]); [`check_record`] replays a record from its
//! seed and verifies every line against the engine; [`replay_record`] does the same and reports
//! every step, for the replay viewer.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Write};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::cardset::{CardSet, RankSet};
use super::error::RuleError;
use super::event::{Action, Event, EventSink, FinishKind};
use super::game::{Game, MatchSettings};
use super::play::Play;
use super::rules::Rules;
use super::view::MatchResult;
use crate::cards::rng_from_seed;

/// Record format version written in headers.
pub const VERSION: u32 = 1;

/// Who sits in a seat, for the header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// Display name.
    pub name: String,
    /// `human`, `easy`, `normal` or `hard`.
    pub level: String,
    /// In a `daifugo simulate` record, the entry of `--levels` seated here (0-based; the
    /// entries rotate through the seats from game to game) and its label with a `hard`
    /// entry's own budget, e.g. `"0 hard@1000"`; `None` (not written) elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
}

/// The header line of a match.
pub fn header_value(seed: u64, settings: &MatchSettings, seats: &[SeatInfo]) -> Value {
    json!({
        "type": "header",
        "game": "daifugo",
        "version": VERSION,
        "seed": seed,
        "rules": settings.rules,
        "rounds": settings.rounds,
        "seats": seats,
    })
}

/// The header line of a match started with [`Game::new_after`]: [`header_value`] plus
/// `"previous_places"` (by seat, 1-based), from which round 1 takes its titles and exchange.
pub fn header_value_after(
    seed: u64,
    settings: &MatchSettings,
    seats: &[SeatInfo],
    previous_places: &[u8],
) -> Value {
    let mut v = header_value(seed, settings, seats);
    v["previous_places"] = json!(previous_places);
    v
}

fn hands_value(hands: &[CardSet]) -> Value {
    Value::Array(hands.iter().map(|h| json!(h)).collect())
}

/// The record line of an event, or `None` for events the record format leaves out (the first
/// leader, locks, jack-back and the match end, which follow from the lines around them).
pub fn event_value(e: &Event) -> Option<Value> {
    Some(match *e {
        Event::Deal {
            round,
            first,
            players,
            hands,
        } => json!({
            "type": "deal",
            "round": round,
            "dealer": first,
            "hands": hands_value(&hands[..usize::from(players)]),
        }),
        Event::Exchange {
            round,
            from,
            to,
            cards,
            forced,
        } => json!({
            "type": "exchange", "round": round, "from": from, "to": to,
            "cards": cards, "forced": forced,
        }),
        Event::Play { seat, play } => json!({"type": "play", "seat": seat, "cards": play}),
        Event::Pass { seat } => json!({"type": "pass", "seat": seat}),
        Event::Clear { leader, .. } => json!({"type": "clear", "leader": leader}),
        Event::Revolution { active } => json!({"type": "revolution", "active": active}),
        Event::Stalemate => json!({"type": "stalemate"}),
        Event::Skip { seat } => json!({"type": "skip", "seat": seat}),
        Event::Give { from, to, cards } => json!({
            "type": "give", "from": from, "to": to, "cards": cards,
        }),
        Event::Discard { seat, cards } => json!({"type": "discard", "seat": seat, "cards": cards}),
        Event::Reverse { clockwise } => json!({"type": "reverse", "clockwise": clockwise}),
        Event::Bomb {
            seat,
            ranks,
            players,
            lost,
        } => json!({
            "type": "bomb", "seat": seat, "ranks": ranks,
            "lost": &lost[..usize::from(players)],
        }),
        Event::Gekokujo { seat } => json!({"type": "gekokujo", "seat": seat}),
        Event::Finish { seat, place, kind } => json!({
            "type": "finish", "seat": seat, "place": place, "foul": kind == FinishKind::Foul,
        }),
        Event::RoundEnd {
            round,
            players,
            places,
            points,
        } => json!({
            "type": "round_end",
            "round": round,
            "places": &places[..usize::from(players)],
            "points": &points[..usize::from(players)],
        }),
        Event::Lead { .. }
        | Event::Lock { .. }
        | Event::NumberLock
        | Event::JackBack
        | Event::MatchEnd { .. } => return None,
    })
}

/// Writes a record to `out`: the header at creation, then each event it receives as an
/// [`EventSink`]. The first write error is kept and returned by [`RecordWriter::finish`]; later
/// events are dropped.
pub struct RecordWriter<W: Write> {
    out: W,
    error: Option<io::Error>,
}

impl<W: Write> RecordWriter<W> {
    /// Starts a record with its header line.
    pub fn new(
        mut out: W,
        seed: u64,
        settings: &MatchSettings,
        seats: &[SeatInfo],
    ) -> io::Result<RecordWriter<W>> {
        writeln!(out, "{}", header_value(seed, settings, seats))?;
        Ok(RecordWriter { out, error: None })
    }

    /// Starts the next match of a multi-match file with its header line.
    pub fn next_match(
        &mut self,
        seed: u64,
        settings: &MatchSettings,
        seats: &[SeatInfo],
    ) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        writeln!(self.out, "{}", header_value(seed, settings, seats))
    }

    /// Starts the next match of a file with a header of its own (e.g. [`header_value_after`]).
    pub fn next_header(&mut self, header: &Value) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        writeln!(self.out, "{header}")
    }

    /// Starts a record whose first line is `header` (e.g. [`header_value_after`]).
    pub fn with_header(mut out: W, header: &Value) -> io::Result<RecordWriter<W>> {
        writeln!(out, "{header}")?;
        Ok(RecordWriter { out, error: None })
    }

    /// Flushes and returns the writer, or the first error met.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> EventSink for RecordWriter<W> {
    fn event(&mut self, e: &Event) {
        if self.error.is_some() {
            return;
        }
        if let Some(v) = event_value(e)
            && let Err(err) = writeln!(self.out, "{v}")
        {
            self.error = Some(err);
        }
    }
}

/// What a record check found wrong, with its 1-based line number.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub problem: ReplayProblem,
}

/// The kinds of wrong a record can be.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayProblem {
    /// Not JSON, or a line without the expected fields.
    Malformed {
        /// The parser's words.
        detail: String,
    },
    /// The first line is not a Daifugo header.
    NoHeader,
    /// The engine refused the recorded action.
    Illegal {
        /// The engine's reason.
        error: RuleError,
    },
    /// The line differs from what the engine did.
    Mismatch {
        /// What the engine produced.
        expected: String,
        /// What the record says.
        found: String,
    },
    /// The record ended before the engine's events did, or a match before its end.
    Truncated,
}

impl fmt::Display for ReplayError {
    /// A short technical description (the data, as `Debug` shows it); players read the words
    /// of `i18n::daifugo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for ReplayError {}

/// What a verified record held.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplaySummary {
    /// Matches in the file.
    pub matches: usize,
    /// Actions (plays, passes, give-backs) replayed.
    pub actions: usize,
    /// Each match's result.
    pub results: Vec<MatchResult>,
}

#[derive(Deserialize)]
struct Header {
    seed: u64,
    rules: Rules,
    rounds: u32,
    seats: Vec<SeatInfo>,
    #[serde(default)]
    previous_places: Option<Vec<u8>>,
}

/// One match being replayed: the engine, and the events it produced that the record has not
/// matched yet (`None` for the events the record leaves out).
struct Replay {
    game: Game,
    expected: VecDeque<(Option<Value>, Event)>,
    actions: usize,
}

impl Replay {
    fn queue(&mut self, events: &[Event]) {
        self.expected
            .extend(events.iter().map(|e| (event_value(e), *e)));
    }

    /// Whether a recorded line is still owed.
    fn owes_a_line(&self) -> bool {
        self.expected.iter().any(|(v, _)| v.is_some())
    }

    /// Reports the events before the next recorded one that the record leaves out.
    fn flush_unrecorded(&mut self, line: usize, on_step: &mut dyn FnMut(ReplayStep<'_>)) {
        while let Some((None, _)) = self.expected.front() {
            if let Some((_, e)) = self.expected.pop_front() {
                on_step(ReplayStep::Event {
                    line,
                    event: &e,
                    game: &self.game,
                    action: self.actions,
                });
            }
        }
    }
}

/// One step of a replay, as [`replay_record`] reports it to its caller (the replay viewer).
#[derive(Debug)]
pub enum ReplayStep<'a> {
    /// A match begins: its header line, seed, table and seats.
    Header {
        /// The header's line (1-based).
        line: usize,
        /// The match's seed.
        seed: u64,
        /// Rules, players and rounds.
        settings: MatchSettings,
        /// Who sat where.
        seats: &'a [SeatInfo],
    },
    /// The engine produced `event`. `line` is the record line that states it, or for an event
    /// the record leaves out (a lead, a lock, the match end) the line of the action that caused
    /// it. `game` is the match after that action: one action may produce several events (a play
    /// that ends a round also deals the next), so `game` can be ahead of the event.
    Event {
        /// The line (1-based).
        line: usize,
        /// What happened.
        event: &'a Event,
        /// The match after the action that produced it.
        game: &'a Game,
        /// How many actions of this match had been applied (0 for the events of the deal):
        /// the events of one action share it, so the last of them is where `game` and the
        /// events agree.
        action: usize,
    },
}

/// Replays every match of a record from its header's seed and rules, applying each recorded
/// play, pass and give-back through the engine and checking that every other line is exactly
/// what the engine did (the deal, the forced exchange, clears, revolutions, places, round ends).
///
/// Errors name the first bad line: not JSON, no header, an action the rules refuse, a line the
/// engine did not produce, or a match that stops before its end.
pub fn check_record(text: &str) -> Result<ReplaySummary, ReplayError> {
    replay_record(text, &mut |_| {})
}

/// [`check_record`], reporting every header and every engine event, in order, to `on_step`
/// (all of a match's events, also those the record leaves out). Steps reported before an error
/// belong to the good part of the record.
///
/// Errors: as [`check_record`].
pub fn replay_record(
    text: &str,
    on_step: &mut dyn FnMut(ReplayStep<'_>),
) -> Result<ReplaySummary, ReplayError> {
    let mut summary = ReplaySummary {
        matches: 0,
        actions: 0,
        results: Vec::new(),
    };
    let mut cur: Option<Replay> = None;
    let mut last_line = 0;
    // The last line that matched an event: where left-out events are reported.
    let mut prev_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last_line = line;
        if raw.trim().is_empty() {
            continue;
        }
        let err = |problem| ReplayError { line, problem };
        let v: Value = serde_json::from_str(raw).map_err(|e| {
            err(ReplayProblem::Malformed {
                detail: e.to_string(),
            })
        })?;
        let ty = v.get("type").and_then(Value::as_str).unwrap_or("");
        if ty == "header" {
            if let Some(mut r) = cur.take() {
                r.flush_unrecorded(prev_line, on_step);
                summary.results.push(finished(r, line)?);
            }
            if v.get("game").and_then(Value::as_str) != Some("daifugo") {
                return Err(err(ReplayProblem::NoHeader));
            }
            let h: Header = serde_json::from_value(v).map_err(|e| {
                err(ReplayProblem::Malformed {
                    detail: e.to_string(),
                })
            })?;
            let settings = MatchSettings {
                rules: h.rules,
                players: h.seats.len(),
                rounds: h.rounds,
            };
            let mut events = Vec::new();
            let rng = rng_from_seed(h.seed);
            let game = match &h.previous_places {
                Some(p) => Game::new_after(settings, rng, p, &mut events),
                None => Game::new_into(settings, rng, &mut events),
            }
            .map_err(|e| err(ReplayProblem::Illegal { error: e }))?;
            on_step(ReplayStep::Header {
                line,
                seed: h.seed,
                settings,
                seats: &h.seats,
            });
            let mut r = Replay {
                game,
                expected: VecDeque::new(),
                actions: 0,
            };
            r.queue(&events);
            cur = Some(r);
            prev_line = line;
            summary.matches += 1;
            continue;
        }
        let Some(r) = cur.as_mut() else {
            return Err(err(ReplayProblem::NoHeader));
        };
        if !r.owes_a_line() {
            // An action: apply it; its own line comes back first.
            r.flush_unrecorded(prev_line, on_step);
            let action = action_of(&v, &r.game)
                .map_err(|detail| err(ReplayProblem::Malformed { detail }))?;
            let seat = seat_of(&v, &r.game);
            let events = r
                .game
                .apply(seat, action)
                .map_err(|e| err(ReplayProblem::Illegal { error: e }))?;
            r.queue(&events);
            r.actions += 1;
            summary.actions += 1;
        }
        r.flush_unrecorded(line, on_step);
        let (want, event) = r
            .expected
            .pop_front()
            .ok_or_else(|| err(ReplayProblem::Truncated))?;
        let want = want.unwrap_or(Value::Null);
        if want != v {
            return Err(err(ReplayProblem::Mismatch {
                expected: want.to_string(),
                found: v.to_string(),
            }));
        }
        on_step(ReplayStep::Event {
            line,
            event: &event,
            game: &r.game,
            action: r.actions,
        });
        prev_line = line;
    }
    if let Some(mut r) = cur.take() {
        r.flush_unrecorded(prev_line, on_step);
        summary.results.push(finished(r, last_line + 1)?);
    }
    if summary.matches == 0 {
        return Err(ReplayError {
            line: 1,
            problem: ReplayProblem::NoHeader,
        });
    }
    Ok(summary)
}

fn finished(r: Replay, line: usize) -> Result<MatchResult, ReplayError> {
    if r.owes_a_line() {
        return Err(ReplayError {
            line,
            problem: ReplayProblem::Truncated,
        });
    }
    r.game.outcome().ok_or(ReplayError {
        line,
        problem: ReplayProblem::Truncated,
    })
}

/// The seat a line's action belongs to (`seat`, or `from` for a give-back).
fn seat_of(v: &Value, game: &Game) -> usize {
    v.get("seat")
        .or_else(|| v.get("from"))
        .and_then(Value::as_u64)
        .map_or(game.players(), |s| s as usize)
}

/// The action a record line describes.
fn action_of(v: &Value, _game: &Game) -> Result<Action, String> {
    let ty = v.get("type").and_then(Value::as_str).unwrap_or("");
    let cards = || -> Result<Vec<String>, String> {
        let c = v.get("cards").ok_or("no \"cards\"")?;
        serde_json::from_value(c.clone()).map_err(|e| e.to_string())
    };
    match ty {
        "pass" => Ok(Action::Pass),
        "play" => Play::parse(&cards()?.join(" "))
            .map(Action::Play)
            .map_err(|e| e.to_string()),
        "exchange" => {
            let list = crate::cards::parse_cards(&cards()?.join(" ")).map_err(|e| e.to_string())?;
            Ok(Action::GiveBack(CardSet::from_cards(&list)))
        }
        "give" | "discard" => {
            let list = crate::cards::parse_cards(&cards()?.join(" ")).map_err(|e| e.to_string())?;
            let set = CardSet::from_cards(&list);
            Ok(if ty == "give" {
                Action::Give(set)
            } else {
                Action::Discard(set)
            })
        }
        "bomb" => {
            let r = v.get("ranks").ok_or("no \"ranks\"")?;
            let ranks: RankSet = serde_json::from_value(r.clone()).map_err(|e| e.to_string())?;
            Ok(Action::Bomb(ranks))
        }
        other => Err(format!(
            "\"{other}\" is not an action and was not expected here"
        )),
    }
}

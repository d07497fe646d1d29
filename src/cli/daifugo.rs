//! `cardroom daifugo …`: legal plays and simulations without a screen.

use crate::i18n::daifugo::Message;
use std::process::ExitCode;

use clap::{Subcommand, ValueEnum};
use serde::Serialize;

use super::{GlobalArgs, output};
use crate::config::{Lang, resolve_language};
use crate::daifugo::cardset::CardSet;
use crate::daifugo::event::Action;
use crate::daifugo::legal::{Effects, legal_plays, play_effects};
use crate::daifugo::play::Play;
use crate::daifugo::position::{PositionText, parse_position};
use crate::daifugo::state::{Pending, pending_choices};
use crate::i18n;
use crate::i18n::daifugo::{effect_tags, pending_text};

/// Daifugo headless commands.
#[derive(Debug, Subcommand)]
pub enum DaifugoCommand {
    /// List every legal play for a hand against a pile.
    Legal {
        /// The hand, e.g. "3S 3H 4H 5H JK" (at least one card).
        #[arg(long, value_parser = non_empty_cards)]
        hand: String,
        /// The pile to answer (empty = leading), e.g. "9D 9C" or "7S JK=8S 9S".
        #[arg(long)]
        pile: Option<String>,
        /// A revolution is in force.
        #[arg(long)]
        revolution: bool,
        /// Jack-back is in force (with a pile).
        #[arg(long)]
        jack_back: bool,
        /// Locked suits, e.g. "H" or "SH" (with a pile).
        #[arg(long)]
        lock: Option<String>,
        /// A number lock is in force: only the next rank may follow (with a single or group pile).
        #[arg(long)]
        number_lock: bool,
        /// The direction of play now (9-reverse turns it): the listing says where a reversing
        /// play turns it.
        #[arg(long, value_enum, default_value_t = Direction::Clockwise)]
        direction: Direction,
        /// A choice owed after the player's own play, instead of a play: "give:N" (7-pass),
        /// "discard:N" (10-discard) or "bomb:N" (Q-bomber); up to or exactly N as the rules
        /// say. The hand is the hand after that play. Lists every answer.
        #[arg(long, value_name = "KIND:N")]
        pending: Option<String>,
        /// With --json: add what each play sets off ("effects", one object per play, in the
        /// order of "plays") and the direction ("clockwise").
        #[arg(long, requires = "json")]
        effects: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play many CPU-only matches and report each level's strength.
    Simulate(super::daifugo_simulate::SimulateArgs),
}

/// The direction of play (`--direction`).
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Direction {
    /// To the next higher seat (every round starts so).
    Clockwise,
    /// To the next lower seat (after an odd number of 9-reverses).
    Counterclockwise,
}

/// `daifugo legal --json` output (`DESIGN.md` "Headless commands"): the plays and whether
/// passing is allowed; with `--effects`, what each play sets off (same order) and the
/// direction.
#[derive(Debug, Serialize)]
struct LegalJson<'a> {
    plays: &'a [Play],
    #[serde(skip_serializing_if = "Option::is_none")]
    effects: Option<Vec<Effects>>,
    can_pass: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    clockwise: Option<bool>,
}

/// `daifugo legal --pending … --json` output: the choice owed and every answer.
#[derive(Debug, Serialize)]
struct ChoicesJson {
    /// "give", "discard" or "bomb".
    choice: &'static str,
    /// The most cards or ranks.
    max: u8,
    /// Whether exactly `max` must go.
    exact: bool,
    /// The cards a 10-discard may take (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    eligible: Option<CardSet>,
    /// Every answer: card lists, or rank lists for the Q-bomber.
    choices: Vec<serde_json::Value>,
    /// Passing is not an answer.
    can_pass: bool,
}

/// A card list that has at least one token (a blank `--hand ""` asks nothing).
fn non_empty_cards(text: &str) -> Result<String, String> {
    if crate::cards::tokens(text).next().is_none() {
        Err("the hand is empty: give at least one card, e.g. \"3S 3H\"".into())
    } else {
        Ok(text.to_string())
    }
}

/// The first of `--lock`, `--jack-back`, `--number-lock` given without a pile to answer: each
/// describes the play on the pile, so without one it would be silently ignored.
fn flag_without_pile(
    pile: Option<&str>,
    lock: Option<&str>,
    jack_back: bool,
    number_lock: bool,
) -> Option<&'static str> {
    if pile.is_some_and(|p| crate::cards::tokens(p).next().is_some()) {
        return None;
    }
    if lock.is_some() {
        Some("--lock")
    } else if jack_back {
        Some("--jack-back")
    } else if number_lock {
        Some("--number-lock")
    } else {
        None
    }
}

/// Runs a Daifugo headless command. Exit status 0 on success, 2 on bad input or config.
pub fn run(g: &GlobalArgs, cmd: DaifugoCommand) -> ExitCode {
    let config = match super::load_config(g) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let lang = resolve_language(config.general.language, |k| std::env::var(k).ok());
    match cmd {
        DaifugoCommand::Legal {
            hand,
            pile,
            revolution,
            jack_back,
            lock,
            number_lock,
            direction,
            pending,
            effects: with_effects,
            json,
        } => {
            if let Some(flag) =
                flag_without_pile(pile.as_deref(), lock.as_deref(), jack_back, number_lock)
            {
                return output::fail(
                    2,
                    i18n::tf(lang, "daifugo.legal.needs_pile", &[("flag", flag)]),
                );
            }
            let text = PositionText {
                hand: &hand,
                pile: pile.as_deref(),
                revolution,
                jack_back,
                lock: lock.as_deref(),
                number_lock,
                pending: pending.as_deref(),
            };
            let pos = match parse_position(&config.daifugo, &text) {
                Ok(p) => p,
                Err(e) => return output::fail(2, e.message(lang)),
            };
            let rules = &config.daifugo;
            if let Some(p) = pos.pending {
                return choices(lang, p, pos.hand, json);
            }
            let mut plays = Vec::new();
            legal_plays(rules, &pos.trick, pos.hand, &mut plays);
            // The leader passes only where the rules let it, or with nothing to lead (a last
            // card that would be a forbidden finish, when that is illegal).
            let can_pass = pos.trick.pile.is_some() || rules.leader_may_pass || plays.is_empty();
            let players = config.daifugo_players() as u8;
            let effects: Vec<Effects> = plays
                .iter()
                .map(|p| play_effects(rules, &pos.trick, players, pos.hand, *p))
                .collect();
            let clockwise = direction == Direction::Clockwise;
            if json {
                let out = LegalJson {
                    plays: &plays,
                    effects: with_effects.then_some(effects),
                    can_pass,
                    clockwise: with_effects.then_some(clockwise),
                };
                match serde_json::to_string(&out) {
                    Ok(s) => output::println(s),
                    Err(e) => output::fail(1, e),
                }
            } else {
                let tags: Vec<Vec<String>> = effects
                    .iter()
                    .map(|e| effect_tags(lang, rules, e, clockwise))
                    .collect();
                output::print(&listing_tagged(lang, &plays, &tags, can_pass))
            }
        }
        DaifugoCommand::Simulate(args) => super::daifugo_simulate::run(g, &config, lang, &args),
    }
}

/// Lists every answer to a pending choice (`--pending`), as text or JSON.
fn choices(lang: Lang, p: Pending, hand: CardSet, json: bool) -> ExitCode {
    let all = pending_choices(p, hand);
    if json {
        let (choice, max, exact, eligible) = match p {
            Pending::Give { max, exact, .. } => ("give", max, exact, None),
            Pending::Discard {
                max,
                exact,
                eligible,
                ..
            } => ("discard", max, exact, Some(eligible)),
            Pending::Bomb { max, .. } => ("bomb", max, false, None),
        };
        let choices = all
            .iter()
            .map(|a| match *a {
                Action::Give(c) | Action::Discard(c) => serde_json::json!(c),
                Action::Bomb(r) => serde_json::json!(r),
                _ => serde_json::Value::Null,
            })
            .collect();
        let out = ChoicesJson {
            choice,
            max,
            exact,
            eligible,
            choices,
            can_pass: false,
        };
        return match serde_json::to_string(&out) {
            Ok(s) => output::println(s),
            Err(e) => output::fail(1, e),
        };
    }
    let mut out = i18n::tf(
        lang,
        "daifugo.legal.choices_heading",
        &[
            ("what", &pending_text(lang, &p)),
            ("count", &all.len().to_string()),
        ],
    );
    out.push('\n');
    for a in &all {
        let text = match *a {
            Action::Give(c) | Action::Discard(c) => c.to_string(),
            Action::Bomb(r) => r
                .iter()
                .filter_map(crate::daifugo::cardset::rank_at)
                .map(|r| r.letter().to_string())
                .collect::<Vec<_>>()
                .join(" "),
            _ => String::new(),
        };
        let text = if text.is_empty() {
            i18n::t(lang, "daifugo.legal.nothing").to_string()
        } else {
            text
        };
        out.push_str(&format!("  {text}\n"));
    }
    output::print(&out)
}

/// The human-readable listing: a heading with the number of plays, one play per line with its
/// form, then whether passing is allowed.
pub fn listing(lang: Lang, plays: &[Play], can_pass: bool) -> String {
    listing_tagged(lang, plays, &[], can_pass)
}

/// [`listing`] with what each play sets off after its form (`tags[i]` for `plays[i]`; missing
/// entries show nothing).
pub fn listing_tagged(lang: Lang, plays: &[Play], tags: &[Vec<String>], can_pass: bool) -> String {
    let count = plays.len();
    let mut out = i18n::tf(
        lang,
        "daifugo.legal.heading",
        &[("count", &count.to_string())],
    );
    out.push('\n');
    if count == 0 {
        out.push_str(&format!("  {}\n", i18n::t(lang, "daifugo.legal.none")));
    }
    for (i, p) in plays.iter().enumerate() {
        let form = crate::i18n::daifugo::play_form(lang, *p);
        match tags.get(i).filter(|t| !t.is_empty()) {
            Some(t) => out.push_str(&format!(
                "  {:<22} {form} — {}\n",
                p.to_string(),
                t.join(", ")
            )),
            None => out.push_str(&format!("  {:<22} {form}\n", p.to_string())),
        }
    }
    if can_pass {
        out.push_str(&format!("  {}\n", i18n::t(lang, "daifugo.legal.pass")));
    } else {
        out.push_str(&format!("  {}\n", i18n::t(lang, "daifugo.legal.no_pass")));
    }
    out
}

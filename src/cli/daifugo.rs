//! `cardroom daifugo …`: legal plays and simulations without a screen.

use crate::i18n::daifugo::Message;
use std::process::ExitCode;

use clap::Subcommand;
use serde::Serialize;

use super::{GlobalArgs, output};
use crate::config::{Lang, resolve_language};
use crate::daifugo::legal::legal_plays;
use crate::daifugo::play::Play;
use crate::daifugo::position::{PositionText, parse_position};
use crate::i18n;

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
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play many CPU-only matches and report each level's strength.
    Simulate(super::daifugo_simulate::SimulateArgs),
}

/// `daifugo legal --json` output (`DESIGN.md` "Headless commands").
#[derive(Debug, Serialize)]
struct LegalJson<'a> {
    plays: &'a [Play],
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
            };
            let pos = match parse_position(&config.daifugo, &text) {
                Ok(p) => p,
                Err(e) => return output::fail(2, e.message(lang)),
            };
            let mut plays = Vec::new();
            legal_plays(&config.daifugo, &pos.trick, pos.hand, &mut plays);
            let can_pass = pos.trick.pile.is_some();
            if json {
                let out = LegalJson {
                    plays: &plays,
                    can_pass,
                };
                match serde_json::to_string(&out) {
                    Ok(s) => output::println(s),
                    Err(e) => output::fail(1, e),
                }
            } else {
                output::print(&listing(lang, &plays, can_pass))
            }
        }
        DaifugoCommand::Simulate(args) => super::daifugo_simulate::run(g, &config, lang, &args),
    }
}

/// The human-readable listing: a heading with the number of plays, one play per line with its
/// form, then whether passing is allowed.
pub fn listing(lang: Lang, plays: &[Play], can_pass: bool) -> String {
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
    for p in plays {
        out.push_str(&format!(
            "  {:<22} {}\n",
            p.to_string(),
            crate::i18n::daifugo::play_form(lang, *p)
        ));
    }
    if can_pass {
        out.push_str(&format!("  {}\n", i18n::t(lang, "daifugo.legal.pass")));
    } else {
        out.push_str(&format!("  {}\n", i18n::t(lang, "daifugo.legal.no_pass")));
    }
    out
}

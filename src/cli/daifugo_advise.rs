//! `cardroom daifugo advise`: the advisor's numbers without a screen (issue 14 item 5).
//!
//! ```text
//! cardroom daifugo advise --hand CARDS [--pile CARDS] [--revolution] [--jack-back]
//!     [--lock SUITS] [--number-lock] [--direction D] --counts 11,9,13 [--played CARDS] [--playouts P]
//!     [--seed S] [--config PATH] [--json]
//! ```
//!
//! The position is written as for `daifugo legal`; `--counts` gives the other players' card
//! counts (seat 1 first, so the table has one more player than counts), `--played` the cards
//! already out. For each legal play, and Pass when there is a pile, it prints the `hard` CPU's
//! expected round points for the player after that action (`players − place + 1`), the best
//! marked — the same numbers as the advisor column of the Daifugo screen. `--playouts` deals
//! per action (default [`DEFAULT_PLAYOUTS`]) and `--seed` (default 0) make the figures exact
//! for a given input.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::daifugo::Direction;
use super::{GlobalArgs, output};
use crate::config::{Config, Lang};
use crate::daifugo::cardset::CardSet;
use crate::daifugo::cpu::Budget;
use crate::daifugo::cpu::advice::{AdviseError, OwnedSeatView, advise, best_index};
use crate::daifugo::event::Action;
use crate::daifugo::play::Play;
use crate::daifugo::position::{PositionText, parse_position};
use crate::i18n;
use crate::i18n::daifugo::{Message, play_form};

/// Deals of the unseen cards per action when `--playouts` is not given.
pub const DEFAULT_PLAYOUTS: u32 = 200;

/// `daifugo advise` arguments (`--seed` and `--config` are the global options).
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// The hand, e.g. "3S 3H 4H 5H JK" (at least one card).
    #[arg(long, value_parser = super::daifugo::non_empty_cards)]
    pub hand: String,
    /// The pile to answer (empty = leading), e.g. "9D 9C" or "7S JK=8S 9S".
    #[arg(long)]
    pub pile: Option<String>,
    /// A revolution is in force.
    #[arg(long)]
    pub revolution: bool,
    /// Jack-back is in force (with a pile).
    #[arg(long)]
    pub jack_back: bool,
    /// Locked suits, e.g. "H" or "SH" (with a pile).
    #[arg(long)]
    pub lock: Option<String>,
    /// A number lock is in force (with a single or group pile).
    #[arg(long)]
    pub number_lock: bool,
    /// The direction of play now (9-reverse turns it).
    #[arg(long, value_enum, default_value_t = Direction::Clockwise)]
    pub direction: Direction,
    /// The other players' card counts, seat 1 first, e.g. "11,9,13".
    #[arg(long, value_name = "N,N,…", value_delimiter = ',', required = true,
          value_parser = clap::value_parser!(u8))]
    pub counts: Vec<u8>,
    /// Cards already played this round (besides the pile), e.g. "2S 2H JK".
    #[arg(long, value_name = "CARDS")]
    pub played: Option<String>,
    /// Deals of the unseen cards per action (more is slower and steadier).
    #[arg(long, value_name = "P", default_value_t = DEFAULT_PLAYOUTS,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub playouts: u32,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// One action's estimate in the JSON output.
#[derive(Debug, Serialize)]
struct EstimateJson {
    /// "play" or "pass".
    action: &'static str,
    /// The play's cards (absent for a pass).
    #[serde(skip_serializing_if = "Option::is_none")]
    cards: Option<Play>,
    /// Expected round points.
    points: f64,
    /// Whether this is the best estimate.
    best: bool,
}

/// The JSON output.
#[derive(Debug, Serialize)]
struct AdviseJson {
    /// Players at the table.
    players: usize,
    /// Deals per action.
    playouts: u32,
    /// One entry per action: the legal plays weakest first, then the pass.
    estimates: Vec<EstimateJson>,
}

/// The one-line message for an [`AdviseError`] in `lang`.
pub fn error_message(lang: Lang, e: &AdviseError) -> String {
    match *e {
        AdviseError::Players { given, max } => i18n::tf(
            lang,
            "daifugo.advise.players",
            &[("given", &given.to_string()), ("max", &max.to_string())],
        ),
        AdviseError::ZeroCount { index } => i18n::tf(
            lang,
            "daifugo.advise.zero_count",
            &[("index", &index.to_string())],
        ),
        AdviseError::TooManyCards { counted, unseen } => i18n::tf(
            lang,
            "daifugo.advise.too_many_cards",
            &[
                ("counted", &counted.to_string()),
                ("unseen", &unseen.to_string()),
            ],
        ),
        AdviseError::PlayedTwice { card } => i18n::tf(
            lang,
            "daifugo.advise.played_twice",
            &[("card", &card.to_string())],
        ),
    }
}

/// Runs `daifugo advise`.
pub fn run(g: &GlobalArgs, config: &Config, lang: Lang, args: &AdviseArgs) -> ExitCode {
    if let Some(flag) = super::daifugo::flag_without_pile(
        args.pile.as_deref(),
        args.lock.as_deref(),
        args.jack_back,
        args.number_lock,
    ) {
        return output::fail(
            2,
            i18n::tf(lang, "daifugo.legal.needs_pile", &[("flag", flag)]),
        );
    }
    let text = PositionText {
        hand: &args.hand,
        pile: args.pile.as_deref(),
        revolution: args.revolution,
        jack_back: args.jack_back,
        lock: args.lock.as_deref(),
        number_lock: args.number_lock,
        pending: None,
    };
    let pos = match parse_position(&config.daifugo, &text) {
        Ok(p) => p,
        Err(e) => return output::fail(2, e.message(lang)),
    };
    let played = match args.played.as_deref().map(crate::cards::parse_cards) {
        None => CardSet::EMPTY,
        Some(Ok(cards)) => CardSet::from_cards(&cards),
        Some(Err(e)) => {
            return output::fail(
                2,
                i18n::tf(
                    lang,
                    "daifugo.advise.bad_played",
                    &[("reason", &e.to_string())],
                ),
            );
        }
    };
    let mut input = match OwnedSeatView::from_position(&config.daifugo, &pos, &args.counts, played)
    {
        Ok(v) => v,
        Err(e) => return output::fail(2, error_message(lang, &e)),
    };
    input.clockwise = args.direction == Direction::Clockwise;
    let est = advise(&input, Budget::Playouts(args.playouts), g.seed.unwrap_or(0));
    let best = best_index(&est);
    if args.json {
        let out = AdviseJson {
            players: input.players,
            playouts: args.playouts,
            estimates: est
                .iter()
                .enumerate()
                .map(|(i, (a, v))| EstimateJson {
                    action: if matches!(a, Action::Pass) {
                        "pass"
                    } else {
                        "play"
                    },
                    cards: match a {
                        Action::Play(p) => Some(*p),
                        _ => None,
                    },
                    points: (v * 1000.0).round() / 1000.0,
                    best: Some(i) == best,
                })
                .collect(),
        };
        match serde_json::to_string(&out) {
            Ok(s) => output::println(s),
            Err(e) => output::fail(1, e),
        }
    } else {
        output::print(&listing(lang, input.players, &est, best))
    }
}

/// The human-readable listing: a heading with the scale, then one action per line with its
/// form and its expected points, the best marked.
pub fn listing(lang: Lang, players: usize, est: &[(Action, f64)], best: Option<usize>) -> String {
    let mut out = i18n::tf(
        lang,
        "daifugo.advise.heading",
        &[("players", &players.to_string())],
    );
    out.push('\n');
    let mark = i18n::t(lang, "daifugo.advise.best");
    for (i, (a, v)) in est.iter().enumerate() {
        let (cards, form) = match a {
            Action::Play(p) => (p.to_string(), play_form(lang, *p)),
            _ => (
                i18n::t(lang, "daifugo.legal.pass").to_string(),
                String::new(),
            ),
        };
        let tail = if Some(i) == best {
            format!("  ← {mark}")
        } else {
            String::new()
        };
        let pad = 10usize.saturating_sub(ratatui::text::Line::raw(form.as_str()).width());
        out.push_str(&format!(
            "  {cards:<22} {form}{} {v:>5.2}{tail}\n",
            " ".repeat(pad)
        ));
    }
    out
}

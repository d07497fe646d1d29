//! `cardroom blackjack ev` and `cardroom blackjack edge`: exact expected values and the
//! whole-game house edge without a screen (DESIGN.md "Headless commands"; conventions in
//! rules/blackjack.md §3). Tables in English: the CLI is for analysts.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use super::GlobalArgs;
use crate::blackjack::ev::{self, EvError, HandEvs, Note, Shoe, SplitPlan, Spot};
use crate::blackjack::rules::{
    DoubleRule, HoleCard, ResplitPolicy, Rules, SplitTensBy, Surrender, Ties,
};
use crate::blackjack::strategy::Decision;
use crate::cards::{Card, Rank, Suit};

/// `cardroom blackjack ev`: the EV of every action for one hand against one up card.
#[derive(Debug, Args)]
pub struct EvArgs {
    /// The player's cards, e.g. "TS 6H" (two or more).
    #[arg(long, value_name = "CARDS")]
    pub hand: String,
    /// The dealer's up card, e.g. "TH" (a bare rank such as "T" is accepted too).
    #[arg(long, value_name = "CARD")]
    pub dealer: String,
    /// Other cards already seen, taken out of the shoe as well.
    #[arg(long, value_name = "CARDS", conflicts_with = "infinite")]
    pub shoe_removed: Option<String>,
    /// Use the infinite deck (every rank 1/13 on every draw) instead of the configured shoe.
    #[arg(long)]
    pub infinite: bool,
    /// Print JSON: {"stand", "hit", "double", "split", "surrender", "insurance", "best"}.
    #[arg(long)]
    pub json: bool,
}

/// `cardroom blackjack edge`: the whole-game player EV of the configured rules.
#[derive(Debug, Args)]
pub struct EdgeArgs {
    /// Use the infinite deck instead of the configured number of decks.
    #[arg(long)]
    pub infinite: bool,
    /// Print JSON: {"ev", "house_edge", "by_up": [{"up", "probability", "ev"}]}.
    #[arg(long)]
    pub json: bool,
}

/// A one-line error and exit status 2 (bad input).
fn fail(msg: impl std::fmt::Display) -> ExitCode {
    super::output::fail(2, msg)
}

/// An EV engine error in words (the CLI speaks English and names cards in its notation, `TS`).
fn ev_fail(e: EvError) -> ExitCode {
    fail(crate::tui::screens::blackjack::words::ev_error(
        &e,
        crate::i18n::Lang::En,
        &|c| c.to_string(),
    ))
}

/// A card, or a bare rank (taken as a spade: suits do not matter to Blackjack values).
fn parse_one_card(text: &str) -> Result<Card, String> {
    let t = text.trim();
    if let Ok(c) = t.parse::<Card>() {
        return Ok(c);
    }
    match Rank::parse(t) {
        Some(r) => Ok(Card::new(r, Suit::Spades)),
        None => Err(format!(
            "unknown card '{t}': write a rank and a suit, e.g. TH or 6S"
        )),
    }
}

/// A card list in notation where bare ranks are accepted too (`"T 6"`, `"A,7"`), as for
/// [`parse_one_card`].
fn parse_bj_cards(list: &str) -> Result<Vec<Card>, String> {
    crate::cards::tokens(list).map(parse_one_card).collect()
}

/// A short description of the rules that matter to EVs.
pub fn rules_summary(r: &Rules) -> String {
    let mut parts = vec![
        format!("{} deck{}", r.decks, if r.decks == 1 { "" } else { "s" }),
        if r.dealer_hits_soft_17 { "H17" } else { "S17" }.to_string(),
        match r.hole_card {
            HoleCard::Peek => "peek",
            HoleCard::Enhc => "ENHC",
        }
        .to_string(),
    ];
    let (n, d) = r.blackjack_pays.ratio();
    parts.push(format!("BJ pays {n}:{d}"));
    parts.push(match r.double {
        DoubleRule::Any => "double any two".into(),
        DoubleRule::NineToEleven => "double 9-11".into(),
        DoubleRule::TenToEleven => "double 10-11".into(),
        DoubleRule::None => "no double".into(),
    });
    if r.double_after_split && r.double != DoubleRule::None {
        parts.push("DAS".into());
    }
    if r.max_hands >= 2 {
        parts.push(format!("split to {} hands", r.max_hands));
        if r.split_tens_by == SplitTensBy::Rank {
            parts.push("tens split by rank".into());
        }
        if r.resplit_aces {
            parts.push("RSA".into());
        }
        if r.max_hands > 2 {
            parts.push(match r.resplit {
                ResplitPolicy::Best => "resplit plan: the better per pair".into(),
                ResplitPolicy::Always => "resplit plan: always (CDZ-)".into(),
            });
        }
        if r.hit_split_aces {
            parts.push("hit split aces".into());
        }
    } else {
        parts.push("no split".into());
    }
    match r.surrender {
        Surrender::None => {}
        Surrender::Late => parts.push("late surrender".into()),
        Surrender::Early => parts.push("early surrender".into()),
    }
    if r.ties == Ties::Dealer {
        parts.push("dealer wins ties".into());
    }
    parts.join(", ")
}

/// Runs `cardroom blackjack ev`.
pub fn run_ev(g: &GlobalArgs, a: EvArgs) -> ExitCode {
    let config = match super::load_config(g) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let rules = config.blackjack;
    let hand = match parse_bj_cards(&a.hand) {
        Ok(h) => h,
        Err(e) => return fail(e),
    };
    let up = match parse_one_card(&a.dealer) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let removed = match a.shoe_removed.as_deref().map(parse_bj_cards).transpose() {
        Ok(r) => r.unwrap_or_default(),
        Err(e) => return fail(e),
    };
    let shoe = if a.infinite {
        if up.is_joker() || hand.iter().any(|c| c.is_joker()) {
            return ev_fail(EvError::Joker);
        }
        Shoe::infinite()
    } else {
        let mut seen = hand.clone();
        seen.push(up);
        seen.extend(&removed);
        match Shoe::decks_without(rules.decks, &seen) {
            Ok(s) => s,
            Err(e) => return ev_fail(e),
        }
    };
    let evs = match ev::hand_evs(&rules, &shoe, &Spot::new(&hand, up)) {
        Ok(e) => e,
        Err(e) => return ev_fail(e),
    };
    if a.json {
        super::output::println(ev_json(&evs))
    } else {
        super::output::print(&ev_table(
            &rules,
            &hand,
            up,
            a.infinite,
            removed.len(),
            &evs,
        ))
    }
}

/// The JSON object of DESIGN.md, keys in its order (plus `insurance`).
pub fn ev_json(e: &HandEvs) -> String {
    serde_json::to_string(e).unwrap_or_default()
}

fn ev_table(
    rules: &Rules,
    hand: &[Card],
    up: Card,
    infinite: bool,
    removed: usize,
    e: &HandEvs,
) -> String {
    let values: Vec<String> = hand.iter().map(Card::to_string).collect();
    let mut out = String::new();
    let shoe = if infinite {
        "infinite deck".to_string()
    } else if removed > 0 {
        format!("shoe less {removed} other card(s)")
    } else {
        "full shoe less the cards shown".to_string()
    };
    out += &format!(
        "Hand {} against dealer {}: {}; {}\n",
        values.join(" "),
        up,
        rules_summary(rules),
        shoe
    );
    let peek_up = matches!(up.rank().map(Rank::number), Some(1 | 10..=13));
    if rules.hole_card == HoleCard::Peek && peek_up {
        out += "EVs per initial bet, conditional on the dealer not holding a natural.\n";
    } else {
        out += "EVs per initial bet.\n";
    }
    out += "  action       EV        % of bet\n";
    let rows: [(&str, Option<f64>, Option<Decision>); 6] = [
        ("stand", e.stand, Some(Decision::Stand)),
        ("hit", e.hit, Some(Decision::Hit)),
        ("double", e.double, Some(Decision::Double)),
        ("split", e.split, Some(Decision::Split)),
        ("surrender", e.surrender, Some(Decision::Surrender)),
        ("insurance", e.insurance, None),
    ];
    for (name, v, d) in rows {
        let mark = if d.is_some() && d == e.best {
            "  <- best"
        } else {
            ""
        };
        let plan = match (d, e.split_policy) {
            (Some(Decision::Split), Some(SplitPlan::Resplit)) => "  (resplitting whenever allowed)",
            (Some(Decision::Split), Some(SplitPlan::NoResplit)) => "  (never resplitting)",
            _ => "",
        };
        match (v, d.and_then(|d| e.note(d))) {
            (Some(x), _) => {
                out += &format!("  {name:<10} {x:>+10.6} {:>+9.3}%{mark}{plan}\n", x * 100.0)
            }
            (None, Some(Note::ShoeCanRunOut)) => {
                out += &format!(
                    "  {name:<10} {:>10}   (the shoe could run out: the value would depend on the discards)\n",
                    "-"
                )
            }
            (None, None) => out += &format!("  {name:<10} {:>10}\n", "-"),
        }
    }
    out
}

/// Runs `cardroom blackjack edge`.
pub fn run_edge(g: &GlobalArgs, a: EdgeArgs) -> ExitCode {
    let config = match super::load_config(g) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let rules = config.blackjack;
    let started = Instant::now();
    let game = if a.infinite {
        ev::game_ev_from(&rules, &Shoe::infinite())
    } else {
        ev::game_ev(&rules)
    };
    let took = started.elapsed();
    if a.json {
        #[derive(serde::Serialize)]
        struct Edge<'a> {
            ev: f64,
            house_edge: f64,
            by_up: &'a [ev::UpCardEv],
        }
        let out = Edge {
            ev: game.ev,
            house_edge: -game.ev,
            by_up: &game.by_up,
        };
        return super::output::println(serde_json::to_string(&out).unwrap_or_default());
    }
    let mut out = format!(
        "Whole-game player EV, optimal composition-dependent play (split hands by their own cards), {}:\n{}\n",
        if a.infinite {
            "infinite deck"
        } else {
            "full shoe each round"
        },
        rules_summary(&rules)
    );
    out += &format!(
        "  player EV {:+.4}%   house edge {:+.4}%\n\n",
        game.ev * 100.0,
        -game.ev * 100.0
    );
    out += "  up   probability   player EV\n";
    for u in &game.by_up {
        let label = if u.up == 1 {
            "A".to_string()
        } else if u.up == 10 {
            "T".to_string()
        } else {
            u.up.to_string()
        };
        out += &format!(
            "  {label:<4} {:>10.6}   {:>+9.4}%\n",
            u.probability,
            u.ev * 100.0
        );
    }
    out += &format!("\n(computed in {:.2} s)\n", took.as_secs_f64());
    super::output::print(&out)
}

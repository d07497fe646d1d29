//! Words for the Daifugo engine's data: refusals, notation errors, positions, records,
//! simulations, form and title names, in English or Japanese from the `daifugo.*` strings.
//! The engine (`crate::daifugo`) speaks only in data; the TUI and the CLI call these.

use crate::cards::CardParseReason;
use crate::config::Lang;
use crate::daifugo::RuleError;
use crate::daifugo::event::ClearCause;
use crate::daifugo::legal::Effects;
use crate::daifugo::play::{Form, Play, PlayParseError};
use crate::daifugo::position::PositionError;
use crate::daifugo::record::{ReplayError, ReplayProblem};
use crate::daifugo::rules::{Amount, Rules};
use crate::daifugo::simulate::SimError;
use crate::daifugo::state::Pending;
use crate::daifugo::view::Title;
use crate::i18n;

/// A value that can say what it means to a player.
pub trait Message {
    /// The one-line message in `lang`.
    fn message(&self, lang: Lang) -> String;
}

/// The name of a form of `len` cards ("a single card", "a pair", "a triple", "a group of 5",
/// "a sequence of 4"), from the `daifugo.form.*` strings.
pub fn form_name(lang: Lang, form: Form, len: usize) -> String {
    let n = len.to_string();
    match (form, len) {
        (Form::Single, _) => i18n::t(lang, "daifugo.form.single").to_string(),
        (Form::Group, 2) => i18n::t(lang, "daifugo.form.pair").to_string(),
        (Form::Group, 3) => i18n::t(lang, "daifugo.form.triple").to_string(),
        (Form::Group, _) => i18n::tf(lang, "daifugo.form.group", &[("n", &n)]),
        (Form::Sequence, _) => i18n::tf(lang, "daifugo.form.sequence", &[("n", &n)]),
    }
}

/// The form of a play named for a player (see [`form_name`]).
pub fn play_form(lang: Lang, play: Play) -> String {
    form_name(lang, play.form(), play.len())
}

/// Short tags for what a play sets off ([`Effects`]), in the order of effects of §3b: going
/// out (or a forbidden finish), revolution, jack-back, 9-reverse (with the direction it turns
/// play to, given the direction now: `clockwise`), 7-pass, 10-discard, Q-bomber, a cut, 5-skip.
/// `rules` says whether the 7-pass and 10-discard take "up to" or "exactly" the count.
pub fn effect_tags(lang: Lang, rules: &Rules, e: &Effects, clockwise: bool) -> Vec<String> {
    let mut out = Vec::new();
    let tf = |key: &str, k: u8| i18n::tf(lang, key, &[("count", &k.to_string())]);
    let t = |key: &str| i18n::t(lang, key).to_string();
    if e.foul {
        out.push(t("daifugo.tag.foul"));
    } else if e.out {
        out.push(t("daifugo.tag.out"));
    }
    if e.revolution {
        out.push(t("daifugo.tag.revolution"));
    }
    if e.jack_back {
        out.push(t("daifugo.tag.jack_back"));
    }
    if e.reverse {
        out.push(t(if clockwise {
            "daifugo.tag.reverse_ccw"
        } else {
            "daifugo.tag.reverse_cw"
        }));
    }
    if e.give > 0 {
        out.push(if rules.seven_pass.amount == Amount::Exact {
            tf("daifugo.tag.give_exact", e.give)
        } else {
            tf("daifugo.tag.give_up_to", e.give)
        });
    }
    if e.discard > 0 {
        out.push(if rules.ten_discard.amount == Amount::Exact {
            tf("daifugo.tag.discard_exact", e.discard)
        } else {
            tf("daifugo.tag.discard_up_to", e.discard)
        });
    }
    if e.bomb > 0 {
        out.push(tf("daifugo.tag.bomb", e.bomb));
    }
    if let Some(cause) = e.clear {
        out.push(t(match cause {
            ClearCause::EightCut => "daifugo.tag.eight_cut",
            ClearCause::Spade3 => "daifugo.tag.spade3",
            ClearCause::Ambulance => "daifugo.tag.ambulance",
            ClearCause::Sandstorm => "daifugo.tag.sandstorm",
            ClearCause::AllPassed => "daifugo.tag.cut",
        }));
    }
    if e.skip > 0 {
        out.push(tf("daifugo.tag.skip", e.skip));
    }
    out
}

/// What a pending choice asks for (§3b), e.g. "give up to 2 cards to the next player
/// (7-pass)".
pub fn pending_text(lang: Lang, p: &Pending) -> String {
    let (key, n) = match *p {
        Pending::Give { max, exact, .. } => (
            if exact {
                "daifugo.choice.give_exact"
            } else {
                "daifugo.choice.give_up_to"
            },
            max,
        ),
        Pending::Discard { max, exact, .. } => (
            if exact {
                "daifugo.choice.discard_exact"
            } else {
                "daifugo.choice.discard_up_to"
            },
            max,
        ),
        Pending::Bomb { max, .. } => ("daifugo.choice.bomb", max),
    };
    i18n::tf(lang, key, &[("count", &n.to_string())])
}

/// The string-table key of a title (`daifugo.title.daifugo`, …).
pub fn title_key(title: Title) -> &'static str {
    match title {
        Title::Daifugo => "daifugo.title.daifugo",
        Title::Fugo => "daifugo.title.fugo",
        Title::Heimin => "daifugo.title.heimin",
        Title::Hinmin => "daifugo.title.hinmin",
        Title::Daihinmin => "daifugo.title.daihinmin",
    }
}

/// A title's name in `lang`: romaji in English (Daifugo, Fugo, Heimin, Hinmin, Daihinmin),
/// kanji in Japanese (大富豪, 富豪, 平民, 貧民, 大貧民).
pub fn title_name(lang: Lang, title: Title) -> &'static str {
    i18n::t(lang, title_key(title))
}

impl Message for RuleError {
    fn message(&self, lang: Lang) -> String {
        let t = |k: &str| i18n::t(lang, k).to_string();
        match self {
            RuleError::PlayerCount { players } => i18n::tf(
                lang,
                "daifugo.error.player_count",
                &[("players", &players.to_string())],
            ),
            RuleError::EmptyHand { seat } => i18n::tf(
                lang,
                "daifugo.error.empty_hand",
                &[("seat", &seat.to_string())],
            ),
            RuleError::NoSuchSeat { seat } => i18n::tf(
                lang,
                "daifugo.error.no_such_seat",
                &[("seat", &seat.to_string())],
            ),
            RuleError::MatchOver => t("daifugo.error.match_over"),
            RuleError::RoundOver => t("daifugo.error.round_over"),
            RuleError::NotYourTurn { seat, to_act } => i18n::tf(
                lang,
                "daifugo.error.not_your_turn",
                &[("seat", &seat.to_string()), ("to_act", &to_act.to_string())],
            ),
            RuleError::PassedAlready => t("daifugo.error.passed_already"),
            RuleError::Finished => t("daifugo.error.finished"),
            RuleError::ExchangeFirst => t("daifugo.error.exchange_first"),
            RuleError::NotExchanging => t("daifugo.error.not_exchanging"),
            RuleError::NotInHand { cards } => i18n::tf(
                lang,
                "daifugo.error.not_in_hand",
                &[("cards", &cards.to_string())],
            ),
            RuleError::GiveBackCount { need, got } => i18n::tf(
                lang,
                "daifugo.error.give_back_count",
                &[("need", &need.to_string()), ("got", &got.to_string())],
            ),
            RuleError::LeaderMustPlay => t("daifugo.error.leader_must_play"),
            RuleError::SequencesOff => t("daifugo.error.sequences_off"),
            RuleError::JokerPastEnd => t("daifugo.error.joker_past_end"),
            RuleError::SequenceTooShort { min, len } => i18n::tf(
                lang,
                "daifugo.error.sequence_too_short",
                &[("min", &min.to_string()), ("len", &len.to_string())],
            ),
            RuleError::FormMismatch { pile, play: _ } => i18n::tf(
                lang,
                "daifugo.error.form_mismatch",
                &[("form", &form_name(lang, pile.form(), pile.len()))],
            ),
            RuleError::DoesNotBeat { play, pile } => i18n::tf(
                lang,
                "daifugo.error.does_not_beat",
                &[("play", &play.to_string()), ("pile", &pile.to_string())],
            ),
            RuleError::SuitLocked { suits } => i18n::tf(
                lang,
                "daifugo.error.suit_locked",
                &[("suits", &suits.label(true))],
            ),
            RuleError::NumberLocked { need } => i18n::tf(
                lang,
                "daifugo.error.number_locked",
                &[("rank", &need.letter().to_string())],
            ),
            RuleError::NumberLockedOut => {
                i18n::t(lang, "daifugo.error.number_locked_out").to_string()
            }
            RuleError::ForbiddenFinish { play } => i18n::tf(
                lang,
                "daifugo.error.forbidden_finish",
                &[("play", &play.to_string())],
            ),
            RuleError::ChoiceOwed { pending } => match *pending {
                Pending::Give { max, exact, .. } => i18n::tf(
                    lang,
                    if exact {
                        "daifugo.error.give_exact"
                    } else {
                        "daifugo.error.give_up_to"
                    },
                    &[("count", &max.to_string())],
                ),
                Pending::Discard { max, exact, .. } => i18n::tf(
                    lang,
                    if exact {
                        "daifugo.error.discard_exact"
                    } else {
                        "daifugo.error.discard_up_to"
                    },
                    &[("count", &max.to_string())],
                ),
                Pending::Bomb { max, .. } => i18n::tf(
                    lang,
                    "daifugo.error.name_ranks",
                    &[("count", &max.to_string())],
                ),
            },
            RuleError::NothingOwed => t("daifugo.error.nothing_owed"),
            RuleError::CardCount { max, exact, got } => i18n::tf(
                lang,
                if *exact {
                    "daifugo.error.card_count_exact"
                } else {
                    "daifugo.error.card_count_up_to"
                },
                &[("max", &max.to_string()), ("got", &got.to_string())],
            ),
            RuleError::NotEligible { cards } => i18n::tf(
                lang,
                "daifugo.error.not_eligible",
                &[("cards", &cards.to_string())],
            ),
            RuleError::TooManyRanks { max, got } => i18n::tf(
                lang,
                "daifugo.error.too_many_ranks",
                &[("max", &max.to_string()), ("got", &got.to_string())],
            ),
        }
    }
}

impl Message for PlayParseError {
    fn message(&self, lang: Lang) -> String {
        match self {
            PlayParseError::BadCard(e) if e.reason == CardParseReason::ThirdJoker => {
                i18n::t(lang, "daifugo.parse.too_many_jokers").to_string()
            }
            PlayParseError::BadCard(e) => {
                i18n::tf(lang, "daifugo.parse.bad_card", &[("token", &e.token)])
            }
            PlayParseError::Empty => i18n::t(lang, "daifugo.parse.empty").to_string(),
            PlayParseError::Duplicate { card } => i18n::tf(
                lang,
                "daifugo.parse.duplicate",
                &[("card", &card.to_string())],
            ),
            PlayParseError::TooManyJokers => {
                i18n::t(lang, "daifugo.parse.too_many_jokers").to_string()
            }
            PlayParseError::BadStandIn { token } => {
                i18n::tf(lang, "daifugo.parse.bad_stand_in", &[("token", token)])
            }
            PlayParseError::NotAForm => i18n::t(lang, "daifugo.parse.not_a_form").to_string(),
            PlayParseError::JokerNeedsCard => {
                i18n::t(lang, "daifugo.parse.joker_needs_card").to_string()
            }
        }
    }
}

impl Message for PositionError {
    fn message(&self, lang: Lang) -> String {
        match self {
            PositionError::BadHand(e) => i18n::tf(
                lang,
                "daifugo.legal.bad_hand",
                &[("reason", &PlayParseError::BadCard(e.clone()).message(lang))],
            ),
            PositionError::HandDuplicate { card } => i18n::tf(
                lang,
                "daifugo.legal.hand_duplicate",
                &[("card", &card.to_string())],
            ),
            PositionError::BadPile(e) => i18n::tf(
                lang,
                "daifugo.legal.bad_pile",
                &[("reason", &e.message(lang))],
            ),
            PositionError::InBoth { cards } => i18n::tf(
                lang,
                "daifugo.legal.in_both",
                &[("cards", &cards.to_string())],
            ),
            PositionError::ImpossiblePile { pile, reason } => i18n::tf(
                lang,
                "daifugo.legal.impossible_pile",
                &[
                    ("pile", &pile.to_string()),
                    ("reason", &reason.message(lang)),
                ],
            ),
            PositionError::LockMismatch { suits, pile } => i18n::tf(
                lang,
                "daifugo.legal.lock_mismatch",
                &[("suits", &suits.to_string()), ("pile", &pile.to_string())],
            ),
            PositionError::TooManyJokers { count, allowed } => i18n::tf(
                lang,
                "daifugo.legal.too_many_jokers",
                &[
                    ("count", &count.to_string()),
                    ("allowed", &allowed.to_string()),
                ],
            ),
            PositionError::BadLock { ch } => {
                i18n::tf(lang, "daifugo.legal.bad_lock", &[("char", &ch.to_string())])
            }
            PositionError::BadPending { text } => {
                i18n::tf(lang, "daifugo.legal.bad_pending", &[("text", text)])
            }
        }
    }
}

impl Message for ReplayError {
    fn message(&self, lang: Lang) -> String {
        let line = self.line.to_string();
        match &self.problem {
            ReplayProblem::Malformed { detail } => i18n::tf(
                lang,
                "daifugo.record.malformed",
                &[("line", &line), ("detail", detail)],
            ),
            ReplayProblem::NoHeader => {
                i18n::tf(lang, "daifugo.record.no_header", &[("line", &line)])
            }
            ReplayProblem::Illegal { error } => i18n::tf(
                lang,
                "daifugo.record.illegal",
                &[("line", &line), ("reason", &error.message(lang))],
            ),
            ReplayProblem::Mismatch { expected, found } => i18n::tf(
                lang,
                "daifugo.record.mismatch",
                &[("line", &line), ("expected", expected), ("found", found)],
            ),
            ReplayProblem::Truncated => {
                i18n::tf(lang, "daifugo.record.truncated", &[("line", &line)])
            }
        }
    }
}

impl Message for SimError {
    fn message(&self, lang: Lang) -> String {
        match self {
            SimError::Seats { count } => i18n::tf(
                lang,
                "daifugo.simulate.bad_seats",
                &[("count", &count.to_string())],
            ),
            SimError::NoGames => i18n::t(lang, "daifugo.simulate.no_games").to_string(),
            SimError::Rule { game, error } => i18n::tf(
                lang,
                "daifugo.simulate.refused",
                &[
                    ("game", &game.to_string()),
                    ("reason", &error.message(lang)),
                ],
            ),
            SimError::Io(e) => i18n::tf(lang, "daifugo.simulate.io", &[("detail", &e.to_string())]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_names_are_romaji_and_kanji() {
        assert_eq!(title_name(Lang::En, Title::Daifugo), "Daifugo");
        assert_eq!(title_name(Lang::En, Title::Daihinmin), "Daihinmin");
        assert_eq!(title_name(Lang::Ja, Title::Daifugo), "大富豪");
        assert_eq!(title_name(Lang::Ja, Title::Fugo), "富豪");
        assert_eq!(title_name(Lang::Ja, Title::Heimin), "平民");
        assert_eq!(title_name(Lang::Ja, Title::Hinmin), "貧民");
        assert_eq!(title_name(Lang::Ja, Title::Daihinmin), "大貧民");
    }
}

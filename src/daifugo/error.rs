//! Why the engine refused an action. Each variant carries the data a player needs to read the
//! reason; the words come from the `daifugo.error.*` strings in `assets/lang/{en,ja}`.

use std::fmt;

use super::cardset::{CardSet, SuitSet};
use super::play::{Play, form_name};
use crate::cards::Rank;
use crate::config::Lang;
use crate::i18n;

/// An action the rules do not allow, or a table that cannot be set up. `apply` returns it and
/// leaves the game exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// A table needs 2 to 8 players.
    PlayerCount {
        /// The number asked for.
        players: usize,
    },
    /// A prepared position gives a seat no cards.
    EmptyHand {
        /// The seat.
        seat: usize,
    },
    /// There is no such seat at this table.
    NoSuchSeat {
        /// The seat given.
        seat: usize,
    },
    /// The match is over; nothing more can be played.
    MatchOver,
    /// Another seat is to act.
    NotYourTurn {
        /// The seat that tried to act.
        seat: usize,
        /// The seat to act.
        to_act: usize,
    },
    /// This seat passed and (in `locked` pass mode) must wait for the pile to clear.
    PassedAlready,
    /// This seat has gone out this round.
    Finished,
    /// The exchange is under way: the seat to act must choose cards to give back.
    ExchangeFirst,
    /// Cards can be given back only during the exchange.
    NotExchanging,
    /// The seat does not hold these cards.
    NotInHand {
        /// The cards it does not hold.
        cards: CardSet,
    },
    /// The give-back must be exactly `need` cards.
    GiveBackCount {
        /// Cards owed.
        need: usize,
        /// Cards offered.
        got: usize,
    },
    /// The leader must play (a pass needs a pile to pass on).
    LeaderMustPlay,
    /// Sequences are off under these rules (`sequence.enabled = false`).
    SequencesOff,
    /// A joker "below 3" or "above 2" at an end of a sequence, which these rules do not allow
    /// (`sequence.joker_ends`).
    JokerPastEnd,
    /// The sequence is shorter than `sequence.min_len`.
    SequenceTooShort {
        /// The shortest allowed.
        min: usize,
        /// The length played.
        len: usize,
    },
    /// The play does not have the pile's form and size ("a pair needs to be answered by a
    /// pair").
    FormMismatch {
        /// The pile.
        pile: Play,
        /// The play tried.
        play: Play,
    },
    /// The play is not strictly stronger than the pile in the current order.
    DoesNotBeat {
        /// The play tried.
        play: Play,
        /// The pile.
        pile: Play,
    },
    /// The trick is suit-locked and the play does not have the locked suits.
    SuitLocked {
        /// The locked suits.
        suits: SuitSet,
    },
    /// The trick is number-locked and the play is not of the next rank.
    NumberLocked {
        /// The rank required.
        need: Rank,
    },
}

impl RuleError {
    /// The reason in `lang`, e.g. "9S does not beat 9H".
    pub fn message(&self, lang: Lang) -> String {
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
        }
    }
}

impl fmt::Display for RuleError {
    /// The English reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for RuleError {}

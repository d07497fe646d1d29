//! Why the table refused an action. The variants carry the data; the words come from the string
//! tables (`blackjack.error.*` in `assets/lang/{en,ja}/blackjack.toml`).

use std::fmt;

use super::money::Money;
use super::rules::DoubleRule;
use super::table::{Action, Phase};
use crate::i18n::{Lang, t, tf};

/// An action the rules do not allow now (`rules/blackjack.md` §2). The table is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The action has no place in this phase (e.g. insurance during the player's turn).
    NotNow {
        /// The refused action.
        action: Action,
        /// The phase it was tried in.
        phase: Phase,
    },
    /// A hand move before any bet: there is no hand.
    NoHand,
    /// A hand move after the round was settled: the hand is over.
    RoundOver,
    /// The bet is outside the table limits.
    BetOutOfLimits {
        /// The bet asked, chips.
        bet: u64,
        /// `min_bet`.
        min: u64,
        /// `max_bet`.
        max: u64,
    },
    /// The bankroll cannot cover the bet.
    BetOverBankroll {
        /// The bet asked, chips.
        bet: u64,
        /// Chips held.
        bankroll: Money,
    },
    /// The bankroll cannot cover the extra stake of a double, split or insurance.
    CannotCover {
        /// The refused action.
        action: Action,
        /// The extra stake needed.
        needed: Money,
        /// Chips held.
        bankroll: Money,
    },
    /// Split aces that may not be hit (`hit_split_aces = false`).
    HitSplitAces,
    /// A double after a hit: only the first two cards of a hand double.
    DoubleAfterHit,
    /// A double on a split hand without `double_after_split`.
    DoubleAfterSplit,
    /// A double on split aces, which get one card each.
    DoubleSplitAces,
    /// `double = "none"`.
    DoubleOff,
    /// The total is not one the `double` rule allows.
    DoubleTotal {
        /// The hand's total.
        total: u8,
        /// The rule in force.
        rule: DoubleRule,
    },
    /// A split of a hand that does not hold exactly two cards (e.g. three).
    SplitNotTwoCards {
        /// Cards in the hand.
        cards: usize,
    },
    /// A split of two cards that are not a pair under `split_tens_by`.
    SplitNotPair,
    /// A split beyond `max_hands`.
    SplitMaxHands {
        /// `max_hands`.
        max: u8,
    },
    /// A resplit of aces without `resplit_aces`.
    ResplitAces,
    /// `surrender = "none"`.
    SurrenderOff,
    /// Surrender of a split hand.
    SurrenderAfterSplit,
    /// Surrender after a hit.
    SurrenderAfterHit,
    /// Surrender after declining the early-surrender offer.
    SurrenderPassed,
    /// An insurance amount of zero or more than half the bet.
    InsuranceAmount {
        /// The amount asked.
        amount: Money,
        /// Half the bet.
        max: Money,
    },
    /// Insurance with a natural: even money is the offer then.
    InsuranceOnNatural,
    /// Even money without a natural.
    EvenMoneyWithoutNatural,
    /// The shoe and the discards are empty (impossible with whole decks).
    ShoeEmpty,
}

impl RuleError {
    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let action_name = |a: &Action| t(lang, a.key()).to_string();
        match self {
            RuleError::NotNow { action, phase } => tf(
                lang,
                "blackjack.error.not_now",
                &[
                    ("action", &action_name(action)),
                    ("phase", t(lang, phase.key())),
                ],
            ),
            RuleError::NoHand => t(lang, "blackjack.error.no_hand").into(),
            RuleError::RoundOver => t(lang, "blackjack.error.round_over").into(),
            RuleError::BetOutOfLimits { bet, min, max } => tf(
                lang,
                "blackjack.error.bet_limits",
                &[
                    ("bet", &bet.to_string()),
                    ("min", &min.to_string()),
                    ("max", &max.to_string()),
                ],
            ),
            RuleError::BetOverBankroll { bet, bankroll } => tf(
                lang,
                "blackjack.error.bet_bankroll",
                &[
                    ("bet", &bet.to_string()),
                    ("bankroll", &bankroll.to_string()),
                ],
            ),
            RuleError::CannotCover {
                action,
                needed,
                bankroll,
            } => tf(
                lang,
                "blackjack.error.cannot_cover",
                &[
                    ("action", &action_name(action)),
                    ("needed", &needed.to_string()),
                    ("bankroll", &bankroll.to_string()),
                ],
            ),
            RuleError::HitSplitAces => t(lang, "blackjack.error.hit_split_aces").into(),
            RuleError::DoubleAfterHit => t(lang, "blackjack.error.double_after_hit").into(),
            RuleError::DoubleAfterSplit => t(lang, "blackjack.error.double_after_split").into(),
            RuleError::DoubleSplitAces => t(lang, "blackjack.error.double_split_aces").into(),
            RuleError::DoubleOff => t(lang, "blackjack.error.double_off").into(),
            RuleError::DoubleTotal { total, rule } => {
                let rule = match rule {
                    DoubleRule::Any => "2-21",
                    DoubleRule::NineToEleven => "9-11",
                    DoubleRule::TenToEleven => "10-11",
                    DoubleRule::None => "-",
                };
                tf(
                    lang,
                    "blackjack.error.double_total",
                    &[("total", &total.to_string()), ("rule", rule)],
                )
            }
            RuleError::SplitNotTwoCards { cards } => tf(
                lang,
                "blackjack.error.split_cards",
                &[("cards", &cards.to_string())],
            ),
            RuleError::SplitNotPair => t(lang, "blackjack.error.split_pair").into(),
            RuleError::SplitMaxHands { max } => tf(
                lang,
                "blackjack.error.split_max",
                &[("max", &max.to_string())],
            ),
            RuleError::ResplitAces => t(lang, "blackjack.error.resplit_aces").into(),
            RuleError::SurrenderOff => t(lang, "blackjack.error.surrender_off").into(),
            RuleError::SurrenderAfterSplit => t(lang, "blackjack.error.surrender_split").into(),
            RuleError::SurrenderAfterHit => t(lang, "blackjack.error.surrender_hit").into(),
            RuleError::SurrenderPassed => t(lang, "blackjack.error.surrender_passed").into(),
            RuleError::InsuranceAmount { amount, max } => tf(
                lang,
                "blackjack.error.insurance_amount",
                &[("amount", &amount.to_string()), ("max", &max.to_string())],
            ),
            RuleError::InsuranceOnNatural => t(lang, "blackjack.error.insurance_natural").into(),
            RuleError::EvenMoneyWithoutNatural => {
                t(lang, "blackjack.error.even_money_natural").into()
            }
            RuleError::ShoeEmpty => t(lang, "blackjack.error.shoe_empty").into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for RuleError {}

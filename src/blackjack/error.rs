//! Why the table refused an action. The variants carry the data; the TUI and the CLI put them
//! into words (`crate::tui::screens::blackjack::words`, string tables `blackjack.error.*`).

use super::money::Money;
use super::rules::DoubleRule;
use super::table::{Action, Phase};

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

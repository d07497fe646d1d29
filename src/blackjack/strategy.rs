//! Basic strategy for the configured rules: the total-dependent action table derived from
//! expected values (not a hard-coded chart), and the lookup used by the hint and `simulate`.
//!
//! Interface shared by the engine, the simulator and the advisor: build a [`BasicStrategy`] once
//! per rule set with [`BasicStrategy::new`], then ask [`BasicStrategy::decide`] for each decision.

use super::rules::Rules;

/// A player decision (insurance is a separate yes/no question; basic strategy always declines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    /// Take a card.
    Hit,
    /// Take no more cards.
    Stand,
    /// Double the bet and take exactly one card.
    Double,
    /// Split a pair into two hands.
    Split,
    /// Give up half the bet.
    Surrender,
}

/// What basic strategy needs to know about one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The hand's best total (4..=21).
    pub total: u8,
    /// Whether an ace counts 11 in `total`.
    pub soft: bool,
    /// For a two-card pair that may be split: the value of one card (1 = ace, 2..=10).
    pub pair: Option<u8>,
    /// Whether this hand was made by splitting.
    pub from_split: bool,
    /// Whether doubling is allowed now (rules, cards and chips).
    pub can_double: bool,
    /// Whether splitting is allowed now.
    pub can_split: bool,
    /// Whether surrendering is allowed now.
    pub can_surrender: bool,
    /// The dealer's up card value (1 = ace, 2..=10).
    pub dealer_up: u8,
}

/// The basic-strategy table for one rule set.
#[derive(Clone, Debug)]
pub struct BasicStrategy {
    rules: Rules,
}

impl BasicStrategy {
    /// Derives the table for `rules`.
    pub fn new(rules: &Rules) -> BasicStrategy {
        BasicStrategy { rules: *rules }
    }

    /// The rules this table was derived for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The basic-strategy decision, always one that `s` allows (stand or hit at worst).
    pub fn decide(&self, s: &Situation) -> Decision {
        // Provisional interface placeholder, replaced by the derived table.
        if s.total >= 17 {
            Decision::Stand
        } else {
            Decision::Hit
        }
    }
}

//! The Blackjack table rules of `rules/blackjack.md` §2 as plain values. The config layer builds a
//! [`Rules`]; the engine, the strategy and the EV code only ever read one.

use serde::{Deserialize, Serialize};

/// Whether the dealer peeks for a natural (`hole_card`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HoleCard {
    /// With an A or ten up the dealer checks for blackjack before the player acts; a dealer
    /// natural takes only the original bet.
    Peek,
    /// European no-hole-card: the second dealer card comes after the player; a dealer natural
    /// takes doubles and splits too.
    Enhc,
}

/// What a player natural pays (`blackjack_pays`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BlackjackPays {
    /// 3 to 2.
    #[serde(rename = "3:2")]
    ThreeToTwo,
    /// 6 to 5.
    #[serde(rename = "6:5")]
    SixToFive,
    /// Even money.
    #[serde(rename = "1:1")]
    OneToOne,
}

impl BlackjackPays {
    /// The payout as a fraction (numerator, denominator) of the bet: 3:2 is (3, 2).
    pub fn ratio(self) -> (i64, i64) {
        match self {
            BlackjackPays::ThreeToTwo => (3, 2),
            BlackjackPays::SixToFive => (6, 5),
            BlackjackPays::OneToOne => (1, 1),
        }
    }
}

/// Which two-card hands may double (`double`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DoubleRule {
    /// Any two cards.
    #[serde(rename = "any")]
    Any,
    /// Hard or soft totals 9, 10 and 11 only.
    #[serde(rename = "9-11")]
    NineToEleven,
    /// Totals 10 and 11 only.
    #[serde(rename = "10-11")]
    TenToEleven,
    /// No doubling.
    #[serde(rename = "none")]
    None,
}

impl DoubleRule {
    /// Whether a two-card total (hard or soft, as counted: A,8 is 19) may double under this rule.
    pub fn allows_total(self, total: u8) -> bool {
        match self {
            DoubleRule::Any => true,
            DoubleRule::NineToEleven => (9..=11).contains(&total),
            DoubleRule::TenToEleven => (10..=11).contains(&total),
            DoubleRule::None => false,
        }
    }
}

/// Which ten-valued pairs may split (`split_tens_by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SplitTensBy {
    /// Any two ten-valued cards (K,Q splits).
    Value,
    /// Only the same rank (K,K).
    Rank,
}

/// Surrender option (`surrender`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Surrender {
    /// Not offered.
    None,
    /// After the peek, first two cards only, not after a split: lose half.
    Late,
    /// Before the peek: lose half even against a dealer natural.
    Early,
}

/// Who wins a tie of totals (`ties`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ties {
    /// The stake comes back.
    Push,
    /// The dealer wins ties (a house rule of some home games).
    Dealer,
}

/// How a split is valued and played when a pair card arrives on a split hand (`resplit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResplitPolicy {
    /// The better of two plans: resplit whenever the rules allow, or never resplit (a hand that
    /// draws a pair card plays it as an ordinary hand). The EV output names the plan.
    #[default]
    Best,
    /// Always resplit while the rules allow: the convention of the published combinatorial
    /// analyzers ("CDZ-"), for comparing with their tables.
    Always,
}

/// What the in-game advisor shows (`advisor`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Advisor {
    /// Nothing unless asked (`t`).
    Off,
    /// The basic-strategy action for these rules.
    Hint,
    /// The exact expected value of every legal action.
    Ev,
}

/// A complete Blackjack rule set and table (`rules/blackjack.md` §2). `Rules::default()` is the
/// rule book's default 6-deck game. Money amounts are whole chips.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// Decks in the shoe (1..=8).
    pub decks: u8,
    /// Share of the shoe dealt before the reshuffle between rounds (0.1..=0.95).
    pub penetration: f64,
    /// H17 when true, S17 when false.
    pub dealer_hits_soft_17: bool,
    /// Peek or ENHC.
    pub hole_card: HoleCard,
    /// Natural payout.
    pub blackjack_pays: BlackjackPays,
    /// Double restriction.
    pub double: DoubleRule,
    /// Double allowed on two-card hands made by splitting.
    pub double_after_split: bool,
    /// Most hands a split round may reach (1 = no split; 1..=8).
    pub max_hands: u8,
    /// Which tens split.
    pub split_tens_by: SplitTensBy,
    /// Aces may be split again.
    pub resplit_aces: bool,
    /// Split aces may draw more than one card.
    pub hit_split_aces: bool,
    /// Which resplit plan split values assume (and the advisor and basic strategy follow).
    #[serde(default)]
    pub resplit: ResplitPolicy,
    /// Surrender option.
    pub surrender: Surrender,
    /// Insurance (and even money) offered against a dealer ace.
    pub insurance: bool,
    /// Tie rule.
    pub ties: Ties,
    /// Starting chips.
    pub bankroll: u64,
    /// Smallest bet in chips.
    pub min_bet: u64,
    /// Largest bet in chips.
    pub max_bet: u64,
    /// In-game advisor.
    pub advisor: Advisor,
    /// The coach: after a decision that is not the best for the actual shoe, the table says
    /// what it cost; a tally of decisions, mistakes and EV given away is kept.
    #[serde(default)]
    pub coach: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            decks: 6,
            penetration: 0.75,
            dealer_hits_soft_17: false,
            hole_card: HoleCard::Peek,
            blackjack_pays: BlackjackPays::ThreeToTwo,
            double: DoubleRule::Any,
            double_after_split: true,
            max_hands: 4,
            split_tens_by: SplitTensBy::Value,
            resplit_aces: false,
            hit_split_aces: false,
            resplit: ResplitPolicy::Best,
            surrender: Surrender::Late,
            insurance: true,
            ties: Ties::Push,
            bankroll: 1000,
            min_bet: 10,
            max_bet: 500,
            advisor: Advisor::Off,
            coach: true,
        }
    }
}

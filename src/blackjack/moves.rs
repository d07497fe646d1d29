//! The rule predicates of `rules/blackjack.md` §2 written once: which moves a player hand may make
//! (hit, double, split, surrender), when a hand is complete, when the dealer peeks, and how a
//! finished hand settles against the dealer. The checked engine ([`super::table`]) adds money
//! checks on top; the fast simulator ([`super::sim`]) calls the same functions, so the two follow
//! one definition of every rule.

use serde::{Deserialize, Serialize};

use super::hand::{HandValue, rank_points};
use super::rules::{HoleCard, Rules, SplitTensBy, Surrender, Ties};
use super::strategy::{Decision, Situation};

/// Whether two cards of rank numbers `a` and `b` (1 = ace … 13 = king) split as a pair under
/// `split_tens_by` (§2): the same rank always; two different ten-valued ranks (K,Q) only "by
/// value".
pub const fn is_pair(a: u8, b: u8, by: SplitTensBy) -> bool {
    a == b || (matches!(by, SplitTensBy::Value) && rank_points(a) == 10 && rank_points(b) == 10)
}

/// Whether the dealer peeks at the hole card before the player acts (§2 `hole_card`): under
/// "peek" with an ace or a ten-valued card up (`up_points` 1 or 10).
pub const fn peek_applies(rules: &Rules, up_points: u8) -> bool {
    matches!(rules.hole_card, HoleCard::Peek) && (up_points == 1 || up_points == 10)
}

/// Whether early surrender is offered as its own step before the peek: `surrender = "early"` and
/// the dealer is about to peek. In every other case surrender (late, or early with nothing to
/// peek) is a move of the player's first decision.
pub const fn early_surrender_step(rules: &Rules, up_points: u8) -> bool {
    matches!(rules.surrender, Surrender::Early) && peek_applies(rules, up_points)
}

/// What the rules need to know about one player hand to decide its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandShape {
    /// Cards in the hand (a split hand waiting for its second card has 1).
    pub cards: u8,
    /// Its value.
    pub value: HandValue,
    /// For exactly two cards that split as a pair under the rules ([`is_pair`]): one card's
    /// points (1 = ace, 2..=10).
    pub pair: Option<u8>,
    /// Made by splitting.
    pub from_split: bool,
    /// Made by splitting aces.
    pub split_aces: bool,
}

/// The moves the rules allow one hand, before any money check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Allowed {
    /// Take a card.
    pub hit: bool,
    /// Double the bet and take exactly one card.
    pub double: bool,
    /// Split the pair into two hands.
    pub split: bool,
    /// Give up half the bet.
    pub surrender: bool,
}

/// The moves `rules` allow a hand of `shape` while `hands` hands are in play, against a dealer
/// showing `up_points` (§2):
///
/// * hit: unless the hand was made by splitting aces and `hit_split_aces` is off;
/// * double: two cards, the total allowed by `double` (soft totals as counted: A,8 is 19), after a
///   split only with `double_after_split`, split aces only when they may be hit;
/// * split: two cards that pair ([`is_pair`]), fewer than `max_hands` hands, aces from a split of
///   aces only with `resplit_aces`;
/// * surrender: the unsplit first two cards, `surrender` "late", or "early" when the dealer has
///   no peek step (the early step itself is [`early_surrender_step`]).
///
/// A hand at 21 or more allows nothing (it is complete, see [`hand_complete`]).
pub fn allowed(rules: &Rules, shape: &HandShape, hands: usize, up_points: u8) -> Allowed {
    if shape.value.total >= 21 {
        return Allowed::default();
    }
    let two = shape.cards == 2;
    let hittable = !shape.split_aces || rules.hit_split_aces;
    let double = two
        && hittable
        && rules.double.allows_total(shape.value.total)
        && (!shape.from_split || rules.double_after_split);
    let split = two
        && match shape.pair {
            None => false,
            Some(p) => {
                hands < usize::from(rules.max_hands)
                    && (p != 1 || !shape.split_aces || rules.resplit_aces)
            }
        };
    let surrender = two
        && !shape.from_split
        && match rules.surrender {
            Surrender::None => false,
            Surrender::Late => true,
            Surrender::Early => !peek_applies(rules, up_points),
        };
    Allowed {
        hit: hittable,
        double,
        split,
        surrender,
    }
}

/// Whether a hand needs no decision: 21 or more (bust, or 21 stands by itself), or nothing but
/// standing is left (split aces that may not be hit and cannot be resplit get one card each).
pub fn hand_complete(shape: &HandShape, allowed: &Allowed) -> bool {
    shape.cards >= 2
        && (shape.value.total >= 21
            || !(allowed.hit || allowed.double || allowed.split || allowed.surrender))
}

/// The basic-strategy question for a hand ([`Situation`]) given what is allowed now.
pub fn situation(shape: &HandShape, allowed: &Allowed, up_points: u8) -> Situation {
    Situation {
        total: shape.value.total,
        soft: shape.value.soft,
        pair: shape.pair,
        from_split: shape.from_split,
        can_double: allowed.double,
        can_split: allowed.split,
        can_surrender: allowed.surrender,
        dealer_up: up_points,
    }
}

/// The move to make for a strategy `decision`: the decision itself when allowed, else a hit when
/// hitting is allowed, else stand. (The strategy interface promises an allowed decision; this
/// keeps a player following it from ever attempting an illegal move.)
pub fn effective(decision: Decision, allowed: &Allowed) -> Decision {
    let ok = match decision {
        Decision::Hit => allowed.hit,
        Decision::Stand => true,
        Decision::Double => allowed.double,
        Decision::Split => allowed.split,
        Decision::Surrender => allowed.surrender,
    };
    if ok {
        decision
    } else if allowed.hit && decision != Decision::Hit {
        Decision::Hit
    } else {
        Decision::Stand
    }
}

/// How a player hand ended, for settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finish {
    /// The hand's final value.
    pub value: HandValue,
    /// It is a natural (unsplit first two cards, an ace and a ten).
    pub natural: bool,
    /// Surrendered, and under which option.
    pub surrendered: Option<Surrender>,
    /// Even money was taken on this natural.
    pub even_money: bool,
}

impl Finish {
    /// Whether the dealer's play still matters to this hand: not bust, not surrendered, not a
    /// natural (which only needs to know whether the dealer also has one). The dealer draws
    /// beyond two cards only while some hand is live (§2: "the dealer does not draw when every
    /// player hand has busted or surrendered").
    pub fn is_live(&self) -> bool {
        !self.value.is_bust() && self.surrendered.is_none() && !self.natural && !self.even_money
    }
}

/// The result of one settled hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A natural against no dealer natural: paid at `blackjack_pays`.
    Blackjack,
    /// Beat the dealer (or the dealer busted): paid 1:1.
    Win,
    /// Equal totals under `ties = "push"`: the stake comes back.
    Push,
    /// Equal totals under `ties = "dealer"`: the stake is lost.
    TieToDealer,
    /// Lower total than the dealer, or against a dealer natural: the stake is lost.
    Lose,
    /// Over 21: the stake is lost.
    Bust,
    /// Surrendered: half the stake is lost.
    Surrender,
    /// Even money taken on a natural against an ace: paid 1:1 whatever the dealer holds.
    EvenMoney,
}

impl Outcome {
    /// The net result per chip of the hand's stake as a fraction (numerator, denominator):
    /// +3/2 for a 3:2 natural, +1 a win, 0 a push, −1 a loss, −1/2 a surrender (§2, §3).
    pub fn ratio(self, rules: &Rules) -> (i64, i64) {
        match self {
            Outcome::Blackjack => rules.blackjack_pays.ratio(),
            Outcome::Win | Outcome::EvenMoney => (1, 1),
            Outcome::Push => (0, 1),
            Outcome::TieToDealer | Outcome::Lose | Outcome::Bust => (-1, 1),
            Outcome::Surrender => (-1, 2),
        }
    }
}

fn tie(rules: &Rules) -> Outcome {
    match rules.ties {
        Ties::Push => Outcome::Push,
        Ties::Dealer => Outcome::TieToDealer,
    }
}

/// Settles one hand against the dealer's final `dealer` value (§2):
///
/// * even money pays 1:1; an early surrender loses half; a late surrender loses half, or the whole
///   stake against a dealer natural (possible only without a peek, under "enhc");
/// * a bust loses; a natural is paid `blackjack_pays`, or meets a dealer natural as a tie;
/// * anything else loses to a dealer natural (under "enhc" with its doubles and splits), wins
///   when the dealer busts, else the higher total wins and equal totals follow `ties` — which
///   also decides natural against natural.
pub fn outcome(h: &Finish, dealer: HandValue, dealer_natural: bool, rules: &Rules) -> Outcome {
    if h.even_money {
        return Outcome::EvenMoney;
    }
    match h.surrendered {
        Some(Surrender::Early) | Some(Surrender::None) => return Outcome::Surrender,
        Some(Surrender::Late) => {
            return if dealer_natural {
                Outcome::Lose
            } else {
                Outcome::Surrender
            };
        }
        None => {}
    }
    if h.value.is_bust() {
        return Outcome::Bust;
    }
    if h.natural {
        return if dealer_natural {
            tie(rules)
        } else {
            Outcome::Blackjack
        };
    }
    if dealer_natural {
        return Outcome::Lose;
    }
    if dealer.is_bust() || h.value.total > dealer.total {
        Outcome::Win
    } else if h.value.total < dealer.total {
        Outcome::Lose
    } else {
        tie(rules)
    }
}

/// The net result of an insurance bet per chip insured (§2): +2 (2:1) against a dealer natural,
/// else −1.
pub const fn insurance_ratio(dealer_natural: bool) -> (i64, i64) {
    if dealer_natural { (2, 1) } else { (-1, 1) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blackjack::rules::DoubleRule;

    fn shape(total: u8, soft: bool, cards: u8, pair: Option<u8>) -> HandShape {
        HandShape {
            cards,
            value: HandValue { total, soft },
            pair,
            from_split: false,
            split_aces: false,
        }
    }

    #[test]
    fn tens_pair_by_value_or_rank() {
        assert!(is_pair(13, 12, SplitTensBy::Value));
        assert!(!is_pair(13, 12, SplitTensBy::Rank));
        assert!(is_pair(13, 13, SplitTensBy::Rank));
        assert!(!is_pair(9, 10, SplitTensBy::Value));
    }

    #[test]
    fn double_restrictions_follow_the_rule() {
        let mut r = Rules {
            double: DoubleRule::TenToEleven,
            ..Rules::default()
        };
        assert!(!allowed(&r, &shape(9, false, 2, None), 1, 6).double);
        assert!(allowed(&r, &shape(11, false, 2, None), 1, 6).double);
        r.double = DoubleRule::NineToEleven;
        assert!(allowed(&r, &shape(9, false, 2, None), 1, 6).double);
        assert!(!allowed(&r, &shape(19, true, 2, None), 1, 6).double);
        assert!(
            !allowed(&r, &shape(11, false, 3, None), 1, 6).double,
            "not after a hit"
        );
    }

    #[test]
    fn split_limits() {
        let r = Rules {
            max_hands: 2,
            ..Rules::default()
        };
        assert!(allowed(&r, &shape(16, false, 2, Some(8)), 1, 6).split);
        assert!(!allowed(&r, &shape(16, false, 2, Some(8)), 2, 6).split);
        let mut aces = shape(12, true, 2, Some(1));
        aces.from_split = true;
        aces.split_aces = true;
        let r = Rules::default();
        let a = allowed(&r, &aces, 2, 6);
        assert!(
            !a.split && !a.hit && !a.double,
            "no resplit, no hit of split aces"
        );
        assert!(hand_complete(&aces, &a));
    }

    #[test]
    fn late_surrender_loses_all_to_an_enhc_natural() {
        let r = Rules::default();
        let f = Finish {
            value: HandValue {
                total: 16,
                soft: false,
            },
            natural: false,
            surrendered: Some(Surrender::Late),
            even_money: false,
        };
        let bj = HandValue {
            total: 21,
            soft: true,
        };
        assert_eq!(outcome(&f, bj, true, &r), Outcome::Lose);
        let early = Finish {
            surrendered: Some(Surrender::Early),
            ..f
        };
        assert_eq!(outcome(&early, bj, true, &r), Outcome::Surrender);
    }
}

//! Hand values after `rules/blackjack.md` §1: card points, hard and soft totals, naturals, busts,
//! and the dealer's drawing rule. The checked engine ([`super::table`]) and the fast simulator
//! ([`super::sim`]) both count with these functions, so they cannot disagree on a total.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, Rank};

/// The points of a rank: ace 1 (counted 11 by [`HandValue`] when that does not bust), 2–9 their
/// number, T J Q K 10 (§1).
pub const fn rank_points(rank_number: u8) -> u8 {
    if rank_number >= 10 { 10 } else { rank_number }
}

/// The points of a card (ace 1, tens 10). A joker, which no Blackjack shoe holds, counts 0.
pub fn card_points(card: Card) -> u8 {
    card.rank().map_or(0, |r| rank_points(r.number()))
}

/// A hand's best total and whether an ace is counted as 11 in it (a **soft** hand, §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandValue {
    /// The best total: the hard sum, plus 10 when an ace can count 11 without busting.
    pub total: u8,
    /// Whether an ace counts 11 in `total`.
    pub soft: bool,
}

impl HandValue {
    /// The value of a hand whose cards sum to `hard` with every ace counted 1, holding at least
    /// one ace when `has_ace`. An ace counts 11 (soft) when `hard + 10 <= 21`. `hard` above 245
    /// saturates (no real hand comes near).
    pub const fn from_hard(hard: u8, has_ace: bool) -> HandValue {
        if has_ace && hard <= 11 {
            HandValue {
                total: hard + 10,
                soft: true,
            }
        } else {
            HandValue {
                total: hard,
                soft: false,
            }
        }
    }

    /// Whether the total is over 21.
    pub const fn is_bust(self) -> bool {
        self.total > 21
    }
}

/// The value of a list of cards (§1): A,A,A,6 is soft 19; 5,A,A,5 hard 12; A,6,T hard 17.
pub fn hand_value(cards: &[Card]) -> HandValue {
    let mut hard: u8 = 0;
    let mut has_ace = false;
    for &c in cards {
        hard = hard.saturating_add(card_points(c));
        has_ace |= c.rank() == Some(Rank::Ace);
    }
    HandValue::from_hard(hard, has_ace)
}

/// Whether two card points make a natural: an ace and a ten-valued card (§1). Whether the hand is
/// an unsplit first two cards is the caller's to know ([`is_natural`] checks it).
pub const fn points_make_natural(a: u8, b: u8) -> bool {
    (a == 1 && b == 10) || (a == 10 && b == 1)
}

/// Whether `cards` are a natural (blackjack): exactly two cards, an ace and a ten-valued card,
/// in a hand that was not made by splitting (a 21 after a split is an ordinary 21, §1).
pub fn is_natural(cards: &[Card], from_split: bool) -> bool {
    !from_split
        && cards.len() == 2
        && points_make_natural(card_points(cards[0]), card_points(cards[1]))
}

/// The dealer's drawing rule (§2 `dealer_hits_soft_17`): hit below 17, stand on 17 or more,
/// except that under H17 (`hits_soft_17`) a soft 17 (A,6 or A,A,5) is hit. A,6,T is hard 17 and
/// stands under both rules.
pub const fn dealer_hits(v: HandValue, hits_soft_17: bool) -> bool {
    v.total < 17 || (hits_soft_17 && v.total == 17 && v.soft)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn v(s: &str) -> HandValue {
        hand_value(&parse_cards(s).unwrap())
    }

    #[test]
    fn rule_book_examples() {
        // rules/blackjack.md §1.
        assert_eq!(
            v("AS AH AD 6C"),
            HandValue {
                total: 19,
                soft: true
            }
        );
        assert_eq!(
            v("5S AH AD 5C"),
            HandValue {
                total: 12,
                soft: false
            }
        );
        assert_eq!(
            v("AS 6H TD"),
            HandValue {
                total: 17,
                soft: false
            }
        );
        assert_eq!(
            v("AS 5H AD"),
            HandValue {
                total: 17,
                soft: true
            }
        );
        assert_eq!(
            v("AS AH"),
            HandValue {
                total: 12,
                soft: true
            }
        );
        assert!(v("TS 6H 9D").is_bust());
    }

    #[test]
    fn naturals_need_two_unsplit_cards() {
        assert!(is_natural(&parse_cards("AS KD").unwrap(), false));
        assert!(is_natural(&parse_cards("TD AC").unwrap(), false));
        assert!(!is_natural(&parse_cards("AS KD").unwrap(), true));
        assert!(!is_natural(&parse_cards("AS 5D 5C").unwrap(), false));
        assert!(!is_natural(&parse_cards("AS AD").unwrap(), false));
    }

    #[test]
    fn dealer_rule_s17_and_h17() {
        let soft17 = v("AS 6D");
        let soft17b = v("AS AD 5C");
        let hard17 = v("AS 6D TC");
        assert!(!dealer_hits(soft17, false));
        assert!(dealer_hits(soft17, true));
        assert!(dealer_hits(soft17b, true));
        assert!(!dealer_hits(hard17, true));
        assert!(dealer_hits(v("TS 6D"), false));
        assert!(!dealer_hits(v("AS 7D"), true), "soft 18 stands under H17");
    }
}

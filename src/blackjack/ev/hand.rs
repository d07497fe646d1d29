//! The EV engine's own hand arithmetic on card values (the engine's `hand.rs` works on cards).
//!
//! Values are indexed 0..10: index 0 is the ace, index `i` is the value `i + 1`, index 9 is every
//! ten-valued card (T J Q K). A hand is a multiset of values packed in a `u64` key, six bits per
//! value, so that the union of two multisets is the sum of their keys (no value can reach 64
//! copies: eight decks hold 32 of each non-ten value, and a hand or removal never holds more than
//! one shoe's worth).

/// Number of distinct Blackjack card values (A, 2..9, ten-valued).
pub(crate) const VALUES: usize = 10;
/// Index of the ace.
pub(crate) const ACE: usize = 0;
/// Index of the ten-valued cards.
pub(crate) const TEN: usize = 9;
/// Bits per value in a packed multiset key.
const BITS: u32 = 6;

/// The key of one card of value index `v`.
#[inline]
pub(crate) const fn unit(v: usize) -> u64 {
    1u64 << (BITS * v as u32)
}

/// How many cards of value index `v` the packed multiset `key` holds.
#[inline]
pub(crate) const fn count_in(key: u64, v: usize) -> u32 {
    ((key >> (BITS * v as u32)) & 63) as u32
}

/// The points (aces 1) of the packed multiset `key`.
pub(crate) fn points_in(key: u64) -> u32 {
    (0..VALUES).map(|v| count_in(key, v) * points(v)).sum()
}

/// The points of value index `v` with aces counted 1 (rules/blackjack.md §1).
#[inline]
pub(crate) const fn points(v: usize) -> u32 {
    v as u32 + 1
}

/// A player or dealer hand as the engine needs it: the packed multiset, the hard sum (aces 1),
/// whether it holds an ace, and the number of cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Hand {
    /// Packed multiset of values (see the module docs).
    pub key: u64,
    /// Sum with every ace counted 1.
    pub hard: u32,
    /// Whether the hand holds at least one ace.
    pub has_ace: bool,
    /// Number of cards.
    pub cards: u32,
}

impl Hand {
    /// The empty hand.
    pub const EMPTY: Hand = Hand {
        key: 0,
        hard: 0,
        has_ace: false,
        cards: 0,
    };

    /// This hand with one more card of value index `v`.
    #[inline]
    pub fn with(self, v: usize) -> Hand {
        Hand {
            key: self.key + unit(v),
            hard: self.hard + points(v),
            has_ace: self.has_ace || v == ACE,
            cards: self.cards + 1,
        }
    }

    /// A hand of the given value indexes.
    pub fn of(values: &[usize]) -> Hand {
        values.iter().fold(Hand::EMPTY, |h, &v| h.with(v))
    }

    /// Whether one ace counts 11 (rules/blackjack.md §1: an ace counts 11 unless that busts).
    #[inline]
    pub fn soft(self) -> bool {
        self.has_ace && self.hard + 10 <= 21
    }

    /// The best total: hard sum, plus 10 when soft.
    #[inline]
    pub fn total(self) -> u32 {
        if self.soft() {
            self.hard + 10
        } else {
            self.hard
        }
    }

    /// Whether the hand is over 21.
    #[inline]
    pub fn busted(self) -> bool {
        self.hard > 21
    }

    /// Whether this is an ace and a ten-valued card (a natural when it is an unsplit first hand).
    pub fn is_two_card_21(self) -> bool {
        self.cards == 2 && self.has_ace && self.hard == 11
    }

    /// Whether the two cards are one value twice; `Some(value index)` if so.
    pub fn pair(self) -> Option<usize> {
        if self.cards != 2 {
            return None;
        }
        (0..VALUES).find(|&v| count_in(self.key, v) == 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_follow_the_rule_book_examples() {
        // rules/blackjack.md §1: A,A,A,6 = soft 19; 5,A,A,5 = hard 12; A,6,T = hard 17;
        // A,A = soft 12; A,5,A = soft 17.
        let h = Hand::of(&[ACE, ACE, ACE, 5]);
        assert_eq!((h.total(), h.soft()), (19, true));
        let h = Hand::of(&[4, ACE, ACE, 4]);
        assert_eq!((h.total(), h.soft()), (12, false));
        let h = Hand::of(&[ACE, 5, TEN]);
        assert_eq!((h.total(), h.soft()), (17, false));
        let h = Hand::of(&[ACE, ACE]);
        assert_eq!((h.total(), h.soft()), (12, true));
        assert_eq!(h.pair(), Some(ACE));
        let h = Hand::of(&[ACE, 4, ACE]);
        assert_eq!((h.total(), h.soft()), (17, true));
        assert!(Hand::of(&[TEN, TEN, 1]).busted());
        assert!(Hand::of(&[ACE, TEN]).is_two_card_21());
    }

    #[test]
    fn keys_add_as_multisets() {
        let a = Hand::of(&[3, 3, TEN]);
        let b = Hand::of(&[TEN, 3]);
        assert_eq!(count_in(a.key + b.key, 3), 3);
        assert_eq!(count_in(a.key + b.key, TEN), 2);
        assert_eq!(count_in(a.key + b.key, ACE), 0);
    }
}

//! [`Shoe`]: the unseen cards an EV is computed from, as counts per rank, or the infinite deck.

use crate::cards::{Card, Rank};

use super::EvError;
use super::hand::{TEN, VALUES};

/// The cards not yet seen, as counts per rank (a full shoe, or any depleted composition), or the
/// infinite deck of the textbooks (every rank drawn with probability 1/13 however many cards are
/// dealt; rules/blackjack.md §4 quotes its reference values).
///
/// Suits do not matter to Blackjack values, so only ranks are kept; ranks (not just values) are
/// kept because `split_tens_by = "rank"` splits K,K but not K,Q.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shoe {
    /// Cards left per rank, ace first (index = `Rank::number() - 1`).
    ranks: [u32; 13],
    /// The infinite deck: removals change nothing, draws are 1/13 per rank.
    infinite: bool,
}

impl Shoe {
    /// A full shoe of `decks` standard decks (any number from 1; the rules allow 1..=8).
    pub fn decks(decks: u8) -> Shoe {
        Shoe {
            ranks: [4 * u32::from(decks); 13],
            infinite: false,
        }
    }

    /// The infinite deck: every rank has probability 1/13 on every draw (ten-valued cards 4/13),
    /// and removing a card changes nothing.
    pub fn infinite() -> Shoe {
        Shoe {
            ranks: [4; 13],
            infinite: true,
        }
    }

    /// A shoe holding `counts[i]` cards of rank `i + 1` (ace first, king last).
    pub fn from_rank_counts(counts: [u32; 13]) -> Shoe {
        Shoe {
            ranks: counts,
            infinite: false,
        }
    }

    /// A full shoe of `decks` decks with `seen` taken out: the usual way to describe the shoe in
    /// play ("the cards dealt since the shuffle removed"). Each exact card (rank and suit) exists
    /// `decks` times, so seven A♠ cannot come out of six decks.
    ///
    /// Errors: [`EvError::Joker`] for a joker, [`EvError::NotInShoe`] for a card the shoe has no
    /// copy of left.
    pub fn decks_without(decks: u8, seen: &[Card]) -> Result<Shoe, EvError> {
        let mut copies = [0u32; 52];
        for &c in seen {
            if c.is_joker() {
                return Err(EvError::Joker);
            }
            let slot = &mut copies[c.index()];
            *slot += 1;
            if *slot > u32::from(decks) {
                return Err(EvError::NotInShoe { card: c });
            }
        }
        let mut s = Shoe::decks(decks);
        s.remove_all(seen)?;
        Ok(s)
    }

    /// Whether this is the infinite deck.
    pub fn is_infinite(&self) -> bool {
        self.infinite
    }

    /// Cards left of `rank` (for the infinite deck, the per-deck proportion 4).
    pub fn count(&self, rank: Rank) -> u32 {
        self.ranks[usize::from(rank.number() - 1)]
    }

    /// Cards left in total (52 for the infinite deck, whose proportions are one deck's).
    pub fn len(&self) -> u32 {
        self.ranks.iter().sum()
    }

    /// Whether no card is left.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Takes one card out. On the infinite deck this checks the card and changes nothing.
    ///
    /// Errors: [`EvError::Joker`] for a joker; [`EvError::NotInShoe`] when no copy of the card's
    /// rank is left. On error the shoe is unchanged.
    pub fn remove(&mut self, card: Card) -> Result<(), EvError> {
        let rank = card.rank().ok_or(EvError::Joker)?;
        if self.infinite {
            return Ok(());
        }
        let slot = &mut self.ranks[usize::from(rank.number() - 1)];
        if *slot == 0 {
            return Err(EvError::NotInShoe { card });
        }
        *slot -= 1;
        Ok(())
    }

    /// Takes several cards out, all or none.
    ///
    /// Errors: as [`Shoe::remove`], for the first card that cannot be taken; the shoe is then
    /// unchanged.
    pub fn remove_all(&mut self, cards: &[Card]) -> Result<(), EvError> {
        let mut next = *self;
        for &c in cards {
            next.remove(c)?;
        }
        *self = next;
        Ok(())
    }

    /// Puts one card back (finite shoes; the infinite deck ignores it). Jokers are ignored.
    pub fn insert(&mut self, card: Card) {
        if let (Some(rank), false) = (card.rank(), self.infinite) {
            self.ranks[usize::from(rank.number() - 1)] += 1;
        }
    }

    /// Counts per value index (ace, 2..9, ten-valued); see `hand.rs`.
    pub(crate) fn value_counts(&self) -> [u32; VALUES] {
        let mut v = [0u32; VALUES];
        for (i, &c) in self.ranks.iter().enumerate() {
            v[i.min(TEN)] += c;
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    #[test]
    fn removal_is_checked_and_atomic() {
        let mut s = Shoe::decks(1);
        assert_eq!(s.len(), 52);
        s.remove_all(&parse_cards("AS AH AD").unwrap()).unwrap();
        assert_eq!(s.count(Rank::Ace), 1);
        let before = s;
        let err = s.remove_all(&parse_cards("KS AC AS").unwrap()).unwrap_err();
        assert_eq!(
            err,
            EvError::NotInShoe {
                card: "AS".parse().unwrap()
            }
        );
        assert_eq!(s, before, "a failed removal leaves the shoe unchanged");
        assert_eq!(s.remove(Card::joker(0)), Err(EvError::Joker));
        assert_eq!(s.value_counts()[TEN], 16);
    }

    #[test]
    fn each_exact_card_exists_once_per_deck() {
        let six_aces = parse_cards("AS AS AS AS AS AS").unwrap();
        let s = Shoe::decks_without(6, &six_aces).unwrap();
        assert_eq!(s.count(Rank::Ace), 18);
        let mut seven = six_aces.clone();
        seven.push("AS".parse().unwrap());
        assert_eq!(
            Shoe::decks_without(6, &seven),
            Err(EvError::NotInShoe {
                card: "AS".parse().unwrap()
            })
        );
        assert!(Shoe::decks_without(1, &parse_cards("KS KH KD KC").unwrap()).is_ok());
    }

    #[test]
    fn the_infinite_deck_never_runs_out() {
        let mut s = Shoe::infinite();
        for _ in 0..100 {
            s.remove("AS".parse().unwrap()).unwrap();
        }
        assert_eq!(s.count(Rank::Ace), 4);
        assert!(s.is_infinite());
    }
}

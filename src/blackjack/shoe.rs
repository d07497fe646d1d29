//! The dealing shoe (`rules/blackjack.md` §2 `decks`, `penetration`): a fixed composition of
//! cards, a cut card at the penetration point, a full reshuffle only between rounds once the cut
//! card has come out, and — if the shoe runs dry in the middle of a round — the discards shuffled
//! back in so the round can go on.
//!
//! [`Shoe`] is generic over what a card is: the checked engine deals [`Card`]s, the fast simulator
//! deals rank numbers from a shoe made with [`Shoe::map`]. Both run this code with the same
//! generator, so a seed gives both the same sequence of cards.
//!
//! Layout: one array holds every card of the composition. `cards[..round_start]` is the discard
//! tray, `cards[round_start..next]` is on the table this round, `cards[next..]` is still to deal.

use crate::cards::{Card, GameRng, shoe_cards};

/// Shuffles `cards` in place with the project's one seeded shuffle, [`crate::cards::shuffle`]
/// (`rand`'s Fisher–Yates over the ChaCha generator, pinned by the golden deal test).
pub fn shuffle_cards<T>(cards: &mut [T], rng: &mut GameRng) {
    crate::cards::shuffle(cards, rng);
}

/// A copy of a generator at the same point of its stream (the ChaCha generator of `rand` 0.10 is
/// not `Clone`; its seed, stream and word position are its whole state).
pub fn clone_rng(rng: &GameRng) -> GameRng {
    use rand::SeedableRng;
    let mut copy = GameRng::from_seed(rng.get_seed());
    copy.set_stream(rng.get_stream());
    copy.set_word_pos(rng.get_word_pos());
    copy
}

/// A [`GameRng`] that can be cloned (see [`clone_rng`]), so a table can be copied.
#[derive(Debug, PartialEq, Eq)]
pub struct TableRng(pub GameRng);

impl Clone for TableRng {
    fn clone(&self) -> TableRng {
        TableRng(clone_rng(&self.0))
    }
}

/// A shoe of cards of type `T` (see the module docs for the layout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shoe<T> {
    /// The composition in its canonical order, restored before every full shuffle so the same
    /// generator state always gives the same order.
    fresh: Vec<T>,
    cards: Vec<T>,
    next: usize,
    round_start: usize,
    cut: usize,
    /// The discards were shuffled in during this round: reshuffle everything before the next.
    refilled: bool,
}

/// A card drawn from the shoe, and whether the discards had to be shuffled back in first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawn<T> {
    /// The card.
    pub card: T,
    /// The shoe ran out and the discards were shuffled in before this card.
    pub refilled: bool,
}

/// Where the cut card goes for a shoe of `len` cards and `penetration` (share dealt before the
/// reshuffle): `round(penetration × len)`, at least 1 and at most `len`. A penetration that is not
/// a finite number counts as 1 (deal to the end).
pub fn cut_position(len: usize, penetration: f64) -> usize {
    let p = if penetration.is_finite() {
        penetration.clamp(0.0, 1.0)
    } else {
        1.0
    };
    ((p * len as f64).round() as usize).clamp(1, len.max(1))
}

impl Shoe<Card> {
    /// A shoe of `decks` standard decks (clamped to 1..=8) in canonical (deck) order, not yet
    /// shuffled: call [`Shoe::shuffle`].
    pub fn of_decks(decks: u8, penetration: f64) -> Shoe<Card> {
        Shoe::new(shoe_cards(decks), penetration)
    }
}

impl<T: Copy> Shoe<T> {
    /// A shoe that deals `cards` in exactly this order until its first reshuffle (a stacked
    /// shoe); later shuffles start from this order too. The cut card is placed by
    /// [`cut_position`].
    pub fn new(cards: Vec<T>, penetration: f64) -> Shoe<T> {
        let cut = cut_position(cards.len(), penetration);
        Shoe {
            fresh: cards.clone(),
            cards,
            next: 0,
            round_start: 0,
            cut,
            refilled: false,
        }
    }

    /// The same shoe (order, position, cut) with every card converted by `f`.
    pub fn map<U: Copy>(&self, f: impl Fn(T) -> U) -> Shoe<U> {
        Shoe {
            fresh: self.fresh.iter().map(|&c| f(c)).collect(),
            cards: self.cards.iter().map(|&c| f(c)).collect(),
            next: self.next,
            round_start: self.round_start,
            cut: self.cut,
            refilled: self.refilled,
        }
    }

    /// Gathers every card, restores the canonical order and shuffles the whole shoe
    /// ([`shuffle_cards`]). Only between rounds: the table must be empty.
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        self.cards.copy_from_slice(&self.fresh);
        shuffle_cards(&mut self.cards, rng);
        self.next = 0;
        self.round_start = 0;
        self.refilled = false;
    }

    /// Whether the next round must start with a full reshuffle: the cut card has come out, or the
    /// discards were shuffled in during the last round.
    pub fn reshuffle_due(&self) -> bool {
        self.next >= self.cut || self.refilled
    }

    /// Clears the table into the discards and, when [`Shoe::reshuffle_due`], reshuffles the whole
    /// shoe. Returns whether it reshuffled.
    pub fn begin_round(&mut self, rng: &mut GameRng) -> bool {
        if self.reshuffle_due() {
            self.shuffle(rng);
            true
        } else {
            self.round_start = self.next;
            false
        }
    }

    /// Deals the next card. When nothing is left, the discards (not the cards on the table) are
    /// shuffled in first, in the order they were discarded. `None` only when the shoe is empty and
    /// there are no discards either, which cannot happen with whole decks: one round never holds
    /// 52 cards at once.
    #[inline]
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<Drawn<T>> {
        let mut refilled = false;
        if self.next >= self.cards.len() {
            if !self.refill(rng) {
                return None;
            }
            refilled = true;
        }
        let card = *self.cards.get(self.next)?;
        self.next += 1;
        Some(Drawn { card, refilled })
    }

    /// Shuffles the discard tray back in when the shoe is empty mid-round: the table cards move
    /// to the front, the tray (in the order discarded) after them, then the tray is shuffled.
    /// Returns false when there are no discards.
    #[cold]
    #[inline(never)]
    fn refill(&mut self, rng: &mut GameRng) -> bool {
        if self.round_start == 0 {
            return false;
        }
        self.cards.rotate_left(self.round_start);
        self.next = self.cards.len() - self.round_start;
        self.round_start = 0;
        shuffle_cards(&mut self.cards[self.next..], rng);
        self.refilled = true;
        true
    }

    /// Cards in the shoe altogether.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the shoe has no cards at all (never for a shoe of whole decks).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Cards still to deal.
    pub fn remaining(&self) -> usize {
        self.cards.len() - self.next
    }

    /// Cards dealt since the last full shuffle (discards and table).
    pub fn dealt(&self) -> usize {
        self.next
    }

    /// The cut card's position: a full reshuffle is due once this many cards have been dealt.
    pub fn cut(&self) -> usize {
        self.cut
    }

    /// The cards still to deal, next first.
    pub fn undealt(&self) -> &[T] {
        &self.cards[self.next..]
    }

    /// The discard tray (cards of earlier rounds since the last shuffle).
    pub fn discards(&self) -> &[T] {
        &self.cards[..self.round_start]
    }

    /// The cards dealt this round, in the order they came out of the shoe.
    pub fn on_table(&self) -> &[T] {
        &self.cards[self.round_start..self.next]
    }

    /// The composition in canonical order.
    pub fn composition(&self) -> &[T] {
        &self.fresh
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::rng_from_seed;

    #[test]
    fn cloned_generator_continues_the_same_stream() {
        use rand::RngExt;
        let mut a = rng_from_seed(5);
        let _: u32 = a.random_range(0..1000);
        let mut b = clone_rng(&a);
        let xs: Vec<u32> = (0..50).map(|_| a.random_range(0..1_000_000)).collect();
        let ys: Vec<u32> = (0..50).map(|_| b.random_range(0..1_000_000)).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn the_shuffle_is_uniform() {
        // All 6 orders of 3 cards, 60,000 shuffles: each order 10,000 ± a few standard
        // deviations (sd = sqrt(60000 × 1/6 × 5/6) ≈ 91).
        let mut rng = rng_from_seed(8);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..60_000 {
            let mut v = [0u8, 1, 2];
            shuffle_cards(&mut v, &mut rng);
            *counts.entry(v).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 6);
        for (order, n) in counts {
            assert!((9_500..=10_500).contains(&n), "{order:?}: {n}");
        }
        // Every card of a 52-card deck lands on the top about 1/52 of the time.
        let mut top = [0u32; 52];
        for _ in 0..52_000 {
            let mut deck: Vec<u8> = (0..52).collect();
            shuffle_cards(&mut deck, &mut rng);
            top[usize::from(deck[0])] += 1;
        }
        assert!(top.iter().all(|&n| (850..=1_150).contains(&n)), "{top:?}");
        // The same seed gives the same order.
        let mut a: Vec<u16> = (0..312).collect();
        let mut b = a.clone();
        shuffle_cards(&mut a, &mut rng_from_seed(1));
        shuffle_cards(&mut b, &mut rng_from_seed(1));
        assert_eq!(a, b);
    }

    #[test]
    fn cut_card_at_penetration() {
        assert_eq!(cut_position(312, 0.75), 234);
        assert_eq!(cut_position(52, 0.5), 26);
        assert_eq!(cut_position(52, f64::NAN), 52);
        assert_eq!(cut_position(52, 0.0), 1);
    }

    #[test]
    fn reshuffles_only_at_round_start() {
        let mut rng = rng_from_seed(1);
        let mut s = Shoe::new((0..10u8).collect(), 0.5);
        assert!(!s.begin_round(&mut rng));
        for i in 0..6 {
            assert_eq!(s.draw(&mut rng).unwrap().card, i, "stacked order");
        }
        assert!(s.reshuffle_due(), "past the cut card");
        assert_eq!(s.remaining(), 4, "no reshuffle while the round goes on");
        assert!(s.begin_round(&mut rng));
        assert_eq!(s.remaining(), 10);
    }

    #[test]
    fn running_dry_shuffles_the_discards_in() {
        let mut rng = rng_from_seed(2);
        let mut s = Shoe::new((0..6u8).collect(), 1.0);
        s.begin_round(&mut rng);
        for _ in 0..4 {
            s.draw(&mut rng).unwrap();
        }
        assert!(!s.begin_round(&mut rng), "cut card not reached");
        assert_eq!(s.discards(), &[0, 1, 2, 3]);
        let a = s.draw(&mut rng).unwrap();
        let b = s.draw(&mut rng).unwrap();
        assert_eq!((a.card, b.card), (4, 5));
        let c = s.draw(&mut rng).unwrap();
        assert!(c.refilled && c.card < 4, "a discard comes back");
        assert_eq!(s.on_table()[..2], [4, 5], "table cards stay on the table");
        assert!(s.reshuffle_due());
        let mut all: Vec<u8> = s.discards().to_vec();
        all.extend(s.on_table());
        all.extend(s.undealt());
        all.sort();
        assert_eq!(all, [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn an_empty_table_and_shoe_gives_none() {
        let mut rng = rng_from_seed(3);
        let mut s = Shoe::new(vec![1u8, 2], 1.0);
        s.begin_round(&mut rng);
        s.draw(&mut rng).unwrap();
        s.draw(&mut rng).unwrap();
        assert!(s.draw(&mut rng).is_none());
    }
}

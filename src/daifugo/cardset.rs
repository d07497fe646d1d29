//! Bit sets of cards and suits, and the Daifugo strength scale.
//!
//! A [`CardSet`] is one `u64` laid out by suit and strength: bit `16 * suit + s` is the card of
//! suit `suit` ([`Suit::ALL`] order) and strength index `s` (below), and the two jokers are
//! bits 13 and 14 (the spare bits of the spade row). So a suit's cards in strength order are a
//! plain 16-bit slice, a rank's four cards are one column mask, and hands, the played cards and
//! the cards of a play are single machine words: the legal-play generator and the CPUs work
//! with shifts and masks instead of heap lists.
//!
//! The *strength index* of a rank (`rules/daifugo.md` §1 "Strength") runs 0..13 in normal
//! order: 3 → 0, 4 → 1, …, K → 10, A → 11, 2 → 12. A revolution or jack-back reverses the
//! comparison, never the index.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cards::{Card, Rank, Suit};

/// Number of ranks on the strength scale (13).
pub const RANKS: u8 = 13;

/// The strength rows of all 13 ranks (bit `s` = strength index `s`).
pub(crate) const ALL_RANKS: u16 = (1 << RANKS) - 1;

/// One bit per suit lane of a card set's bits (strength 0 of each suit): `LANES << s` is the
/// column of strength `s`, `u64::from(ranks) * LANES` those ranks in every suit.
pub(crate) const LANES: u64 = 0x0001_0001_0001_0001;

/// The ranks (strength bits) present in any suit lane of card-set bits `x`.
#[inline]
pub(crate) const fn lane_ranks(x: u64) -> u16 {
    ((x | (x >> 16) | (x >> 32) | (x >> 48)) & ALL_RANKS as u64) as u16
}

/// Mask of the 13 bits of one suit row.
const ROW: u64 = 0x1FFF;

/// The natural (non-joker) card bits: 13 in each of the four rows.
const NATURALS: u64 = 0x1FFF_1FFF_1FFF_1FFF;

/// Mask of the two joker bits (13, 14).
const JOKER_BITS: u64 = 0b11 << 13;

/// The four standard cards of strength index 0 (shift left by `s` for the others).
const COLUMN: u64 = 0x0001_0001_0001_0001;

/// The bit of each packed card index ([`Card::index`]: `suit * 13 + rank - 1`, jokers 52, 53).
const BIT_OF: [u8; 54] = {
    let mut t = [0u8; 54];
    let mut i = 0;
    while i < 52 {
        let (suit, face) = (i / 13, i % 13);
        t[i] = (suit * 16 + (face + 11) % 13) as u8;
        i += 1;
    }
    t[52] = 13;
    t[53] = 14;
    t
};

/// The packed card index of each bit (255 for bits that hold no card).
const CARD_OF: [u8; 64] = {
    let mut t = [255u8; 64];
    let mut i = 0;
    while i < 54 {
        t[BIT_OF[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// The strength index of a rank in normal order: 3 → 0, …, K → 10, A → 11, 2 → 12
/// (`rules/daifugo.md` §1).
pub const fn strength(rank: Rank) -> u8 {
    (rank as u8 + 10) % 13
}

/// The rank at strength index `s` (0..13); `None` out of range.
pub fn rank_at(s: u8) -> Option<Rank> {
    if s >= RANKS {
        return None;
    }
    Rank::from_number((s + 2) % 13 + 1)
}

/// The standard card at strength index `s` (0..13) of `suit`. Out-of-range indexes wrap, so
/// callers keep `s < 13`.
pub fn card_at(s: u8, suit: u8) -> Card {
    let face = (s % 13 + 2) % 13; // rank number - 1
    Card::from_index(usize::from(suit % 4) * 13 + usize::from(face)).unwrap_or(Card::joker(0))
}

/// The strength index of a standard card; `None` for a joker.
pub fn card_strength(c: Card) -> Option<u8> {
    c.rank().map(strength)
}

/// The bit of a card in a [`CardSet`].
#[inline]
const fn bit(c: Card) -> u64 {
    let i = c.index();
    if i < 54 { 1u64 << BIT_OF[i] } else { 0 }
}

/// A set of cards as a bit set in the strength layout (see the module docs).
///
/// Serialized as a list of cards in notation, ordered by normal strength (jokers last).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The set of the one card with packed index `i` ([`Card::index`]: `suit * 13 + rank - 1`,
    /// jokers 52 and 53); empty for `i >= 54`. Dealing shuffles these sets directly.
    #[inline]
    pub const fn of_index(i: usize) -> CardSet {
        CardSet(if i < 54 { 1u64 << BIT_OF[i] } else { 0 })
    }

    /// The whole deck: the 52 standard cards plus `jokers` jokers (at most 2).
    pub const fn deck(jokers: u8) -> CardSet {
        let j = match jokers {
            0 => 0,
            1 => 1 << 13,
            _ => JOKER_BITS,
        };
        CardSet(NATURALS | j)
    }

    /// The set of one card.
    pub const fn of(c: Card) -> CardSet {
        CardSet(bit(c))
    }

    /// The joker with number `i` (0 or 1) as a set.
    pub const fn joker(i: u8) -> CardSet {
        CardSet(if i == 0 { 1 << 13 } else { 1 << 14 })
    }

    /// The standard card of strength index `s` (0..13) and suit index `suit` (0..4) as a set.
    pub const fn at(s: u8, suit: u8) -> CardSet {
        CardSet(1u64 << ((suit as u64 % 4) * 16 + (s % 13) as u64))
    }

    /// The set of the given cards.
    pub fn from_cards<'a>(cards: impl IntoIterator<Item = &'a Card>) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in cards {
            s.insert(*c);
        }
        s
    }

    /// The raw bits (layout in the module docs): for hashing and equality keys.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set with these raw bits (layout in the module docs); bits that hold no card are
    /// dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & (NATURALS | JOKER_BITS))
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `c` is in the set.
    pub const fn contains(self, c: Card) -> bool {
        self.0 & bit(c) != 0
    }

    /// Whether every card of `other` is in this set.
    pub const fn contains_all(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Adds a card.
    pub const fn insert(&mut self, c: Card) {
        self.0 |= bit(c);
    }

    /// Removes a card.
    pub const fn remove(&mut self, c: Card) {
        self.0 &= !bit(c);
    }

    /// The union.
    pub const fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }

    /// The cards of `self` not in `o`.
    pub const fn minus(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }

    /// The intersection.
    pub const fn intersect(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }

    /// How many jokers the set holds (0..=2).
    pub const fn joker_count(self) -> u8 {
        (((self.0 >> 13) & 1) + ((self.0 >> 14) & 1)) as u8
    }

    /// The jokers of the set.
    pub const fn jokers(self) -> CardSet {
        CardSet(self.0 & JOKER_BITS)
    }

    /// The standard (non-joker) cards of the set.
    pub const fn naturals(self) -> CardSet {
        CardSet(self.0 & NATURALS)
    }

    /// The lowest-numbered `n` jokers of the set (fewer if it holds fewer).
    pub const fn first_jokers(self, n: u8) -> CardSet {
        let j = self.0 & JOKER_BITS;
        match n {
            0 => CardSet(0),
            1 => CardSet(j & j.wrapping_neg()),
            _ => CardSet(j),
        }
    }

    /// The cards in bit order: by suit, each suit in strength order, the jokers after the
    /// spades.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Card::from_index(usize::from(CARD_OF[i]))
        })
    }

    /// One suit's cards as a 13-bit row in strength order (bit `s` = the card of strength
    /// index `s`): bit 0 is the 3, bit 12 the 2.
    #[inline]
    pub const fn strength_row(self, suit: u8) -> u16 {
        ((self.0 >> ((suit as u64 % 4) * 16)) & ROW) as u16
    }

    /// The four rows of [`CardSet::strength_row`], ♠ ♥ ♦ ♣.
    #[inline]
    pub const fn rows(self) -> [u16; 4] {
        [
            (self.0 & ROW) as u16,
            ((self.0 >> 16) & ROW) as u16,
            ((self.0 >> 32) & ROW) as u16,
            ((self.0 >> 48) & ROW) as u16,
        ]
    }

    /// The cards of a strength row of one suit (inverse of [`CardSet::strength_row`]).
    #[inline]
    pub const fn from_strength_row(suit: u8, row: u16) -> CardSet {
        CardSet(((row as u64) & ROW) << ((suit as u64 % 4) * 16))
    }

    /// The natural cards of strength index `s` in the suits of the 4-bit mask `suits`.
    #[inline]
    pub const fn column(s: u8, suits: u8) -> CardSet {
        // Spread the 4 suit bits to bits 0, 16, 32, 48.
        let m = suits as u64 & 0xF;
        let spread = (m & 1) | ((m & 2) << 15) | ((m & 4) << 30) | ((m & 8) << 45);
        CardSet(spread << (s % 13))
    }

    /// The suits held at strength index `s` as a 4-bit [`SuitSet`].
    #[inline]
    pub const fn suits_at(self, s: u8) -> SuitSet {
        let y = (self.0 >> (s % 13)) & COLUMN;
        // Gather bits 0, 16, 32, 48 into bits 48..52 (no carries: the partial products are
        // distinct bits).
        let k = (1u64 << 48) | (1u64 << 33) | (1u64 << 18) | (1u64 << 3);
        SuitSet((y.wrapping_mul(k) >> 48) as u8 & 0xF)
    }

    /// The set of suits of the standard cards.
    pub const fn suits(self) -> SuitSet {
        let r = self.rows();
        SuitSet(
            (r[0] != 0) as u8
                | ((r[1] != 0) as u8) << 1
                | ((r[2] != 0) as u8) << 2
                | ((r[3] != 0) as u8) << 3,
        )
    }

    /// Whether the set holds a standard card of strength index `s`.
    #[inline]
    pub const fn has_strength(self, s: u8) -> bool {
        s < RANKS && self.0 & (COLUMN << s) != 0
    }

    /// The cards ordered by strength, weakest first: standard cards by strength index (in
    /// reversed order when `reversed`), suits in display order within a rank, jokers last.
    pub fn sorted(self, reversed: bool) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len());
        for k in 0..RANKS {
            let s = if reversed { RANKS - 1 - k } else { k };
            let m = self.suits_at(s);
            for suit in 0..4 {
                if m.contains_index(suit) {
                    out.push(card_at(s, suit));
                }
            }
        }
        out.extend(self.jokers().iter());
        out
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl fmt::Display for CardSet {
    /// The cards in notation, weakest first in normal order, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.sorted(false) {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.sorted(false))
    }
}

impl<'de> Deserialize<'de> for CardSet {
    /// Reads a list of cards in notation; jokers are numbered in order of appearance.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let v = Vec::<String>::deserialize(d)?;
        let cards = crate::cards::parse_cards(&v.join(" ")).map_err(serde::de::Error::custom)?;
        Ok(CardSet::from_cards(&cards))
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(it: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in it {
            s.insert(c);
        }
        s
    }
}

/// A set of suits as 4 bits in [`Suit::ALL`] order (bit 0 ♠, 1 ♥, 2 ♦, 3 ♣). Used for the
/// suit lock (`rules/daifugo.md` §3 "Suit lock").
///
/// Serialized as a string of suit letters in display order, e.g. `"SH"`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SuitSet(pub u8);

impl SuitSet {
    /// No suit (no lock).
    pub const EMPTY: SuitSet = SuitSet(0);

    /// The set holding one suit.
    pub const fn of(s: Suit) -> SuitSet {
        SuitSet(1 << s as u8)
    }

    /// Whether no suit is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 & 0xF == 0
    }

    /// Number of suits (0..=4).
    pub const fn len(self) -> usize {
        (self.0 & 0xF).count_ones() as usize
    }

    /// Whether the suit with index `i` (0..4, [`Suit::ALL`] order) is in the set.
    pub const fn contains_index(self, i: u8) -> bool {
        i < 4 && self.0 & (1 << i) != 0
    }

    /// Whether `s` is in the set.
    pub const fn contains(self, s: Suit) -> bool {
        self.contains_index(s as u8)
    }

    /// Whether every suit of `o` is in this set.
    pub const fn contains_all(self, o: SuitSet) -> bool {
        o.0 & !self.0 == 0
    }

    /// The suits in display order.
    pub fn iter(self) -> impl Iterator<Item = Suit> {
        Suit::ALL.into_iter().filter(move |s| self.contains(*s))
    }

    /// Parses suit letters or symbols (`"SH"`, `"♥"`, `"s,h"`); spaces and commas are ignored.
    /// Errors: the first character that is not a suit.
    pub fn parse(text: &str) -> Result<SuitSet, char> {
        let mut m = 0u8;
        for ch in text.chars().filter(|c| !c.is_whitespace() && *c != ',') {
            let s = Suit::from_char(ch).ok_or(ch)?;
            m |= 1 << s as u8;
        }
        Ok(SuitSet(m))
    }

    /// The suits as symbols (`♥♠`) or letters, in display order.
    pub fn label(self, symbols: bool) -> String {
        self.iter()
            .map(|s| if symbols { s.symbol() } else { s.letter() })
            .collect()
    }
}

impl fmt::Debug for SuitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SuitSet({})", self.label(false))
    }
}

impl fmt::Display for SuitSet {
    /// The suit letters in display order (`SH`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label(false))
    }
}

impl Serialize for SuitSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SuitSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SuitSet, D::Error> {
        let s = String::deserialize(d)?;
        SuitSet::parse(&s).map_err(|c| serde::de::Error::custom(format!("'{c}' is not a suit")))
    }
}

/// A set of ranks as 13 bits over the strength index (bit 0 the 3, bit 12 the 2): the ranks a
/// Q-bomber names (§3b). Serialized as a list of rank letters in strength order (`["3", "T"]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RankSet(pub u16);

impl RankSet {
    /// No rank.
    pub const EMPTY: RankSet = RankSet(0);

    /// Number of ranks.
    pub const fn len(self) -> usize {
        (self.0 & 0x1FFF).count_ones() as usize
    }

    /// Whether no rank is named.
    pub const fn is_empty(self) -> bool {
        self.0 & 0x1FFF == 0
    }

    /// Whether strength index `s` is in the set.
    pub const fn contains(self, s: u8) -> bool {
        s < RANKS && self.0 & (1 << s) != 0
    }

    /// The set with strength index `s` added (`s` < 13).
    pub const fn with(self, s: u8) -> RankSet {
        if s < RANKS {
            RankSet(self.0 | (1 << s))
        } else {
            self
        }
    }

    /// The strength indexes in the set, weakest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..RANKS).filter(move |s| self.contains(*s))
    }

    /// Every natural card of these ranks, as a card set.
    pub fn cards(self) -> CardSet {
        self.iter()
            .fold(CardSet::EMPTY, |a, s| a.union(CardSet::column(s, 0xF)))
    }

    /// Parses rank letters separated by spaces or commas (`"3 T"`, `"10,K"`).
    /// Errors: the first token that is not a rank.
    pub fn parse(text: &str) -> Result<RankSet, String> {
        let mut set = RankSet::EMPTY;
        for tok in text.split([' ', ',']).filter(|t| !t.is_empty()) {
            let r = Rank::parse(tok).ok_or_else(|| tok.to_string())?;
            set = set.with(strength(r));
        }
        Ok(set)
    }
}

impl Serialize for RankSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.iter()
                .filter_map(rank_at)
                .map(|r| r.letter().to_string()),
        )
    }
}

impl<'de> Deserialize<'de> for RankSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RankSet, D::Error> {
        let v = Vec::<String>::deserialize(d)?;
        RankSet::parse(&v.join(" "))
            .map_err(|t| serde::de::Error::custom(format!("'{t}' is not a rank")))
    }
}

/// A set of seats (0..8) as 8 bits. Serialized as the list of seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(pub u8);

impl Serialize for SeatSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl SeatSet {
    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: usize) -> bool {
        seat < 8 && self.0 & (1 << seat) != 0
    }

    /// Number of seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds a seat (0..8; others are ignored).
    pub fn insert(&mut self, seat: usize) {
        if seat < 8 {
            self.0 |= 1 << seat;
        }
    }

    /// Removes a seat.
    pub fn remove(&mut self, seat: usize) {
        if seat < 8 {
            self.0 &= !(1 << seat);
        }
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..8).filter(move |s| self.contains(*s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn set(s: &str) -> CardSet {
        CardSet::from_cards(&parse_cards(s).unwrap())
    }

    #[test]
    fn strength_scale_runs_from_three_to_two() {
        // rules/daifugo.md §1: 3 < 4 < … < K < A < 2.
        assert_eq!(strength(Rank::Three), 0);
        assert_eq!(strength(Rank::King), 10);
        assert_eq!(strength(Rank::Ace), 11);
        assert_eq!(strength(Rank::Two), 12);
        for s in 0..13 {
            assert_eq!(strength(rank_at(s).unwrap()), s);
        }
        assert_eq!(card_at(0, 0).to_string(), "3S");
        assert_eq!(card_at(12, 1).to_string(), "2H");
        assert_eq!(card_at(11, 3).to_string(), "AC");
    }

    #[test]
    fn every_card_has_its_own_bit_in_its_suit_row_at_its_strength() {
        let mut all = CardSet::EMPTY;
        for i in 0..54 {
            let c = Card::from_index(i).unwrap();
            let one = CardSet::of(c);
            assert_eq!(one.len(), 1, "{c}");
            assert!(!all.contains(c), "{c} shares a bit");
            all.insert(c);
            assert_eq!(one.iter().collect::<Vec<_>>(), vec![c]);
            match (c.suit(), card_strength(c)) {
                (Some(suit), Some(st)) => {
                    assert_eq!(one.strength_row(suit as u8), 1 << st, "{c}");
                    assert_eq!(one.suits_at(st), SuitSet::of(suit), "{c}");
                    assert_eq!(CardSet::column(st, 1 << suit as u8), one, "{c}");
                    assert_eq!(CardSet::at(st, suit as u8), one, "{c}");
                    assert!(one.has_strength(st));
                }
                _ => assert_eq!(one.joker_count(), 1),
            }
        }
        assert_eq!(all, CardSet::deck(2));
        assert_eq!(all.len(), 54);
        assert_eq!(CardSet::deck(1).joker_count(), 1);
        assert_eq!(CardSet::deck(0).len(), 52);
        assert_eq!(all.naturals().len(), 52);
        assert_eq!(CardSet::column(5, 0xF).suits_at(5).len(), 4);
    }

    #[test]
    fn rows_are_in_strength_order() {
        let h = set("3H 4H AH 2H KS");
        assert_eq!(h.strength_row(1), 0b1_1000_0000_0011);
        assert_eq!(h.strength_row(0), 1 << 10);
        assert_eq!(
            CardSet::from_strength_row(1, h.strength_row(1)),
            set("3H 4H AH 2H")
        );
        assert_eq!(h.suits_at(12), SuitSet::of(Suit::Hearts));
    }

    #[test]
    fn sorting_puts_jokers_last_and_follows_the_order() {
        let h = set("2C JK 3D KS 3S");
        assert_eq!(
            crate::cards::format_cards(&h.sorted(false)),
            "3S 3D KS 2C JK"
        );
        assert_eq!(
            crate::cards::format_cards(&h.sorted(true)),
            "2C KS 3S 3D JK"
        );
        assert_eq!(h.joker_count(), 1);
    }

    #[test]
    fn suit_sets_parse_letters_and_symbols() {
        assert_eq!(SuitSet::parse("sh").unwrap().label(false), "SH");
        assert_eq!(SuitSet::parse("♥").unwrap(), SuitSet::of(Suit::Hearts));
        assert_eq!(SuitSet::parse("HX"), Err('X'));
    }
}

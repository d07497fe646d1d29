//! A play: the cards put on the pile at once, with its form (single, group, sequence), and the
//! play notation of `DESIGN.md` ("Card notation"): `JK=8S` is a joker standing for 8♠ inside a
//! sequence; in singles and groups a joker is written `JK`.
//!
//! [`Play`] is a small `Copy` value (a card mask plus form, length, rank and suit), so the
//! legal-play generator and the CPU loops never allocate for it. Which card a joker stands for
//! in a sequence follows from the mask: the window positions not covered by natural cards.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::cardset::{CardSet, RANKS, SuitSet, card_at, card_strength, rank_at};
use crate::cards::{Card, CardParseError, Rank, Suit, tokens};

/// The shape of a play (`rules/daifugo.md` §1 "Forms").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Form {
    /// One card.
    Single,
    /// Two or more cards of one rank (jokers fill in); all jokers is the strongest group.
    Group,
    /// Consecutive ranks of one suit (階段); jokers may fill any position.
    Sequence,
}

/// The `low` value of a play made of jokers only (a lone joker or `JK JK`): above every rank.
pub const JOKER_RANK: u8 = RANKS;

/// One play: which physical cards, and what they form.
///
/// * `Single`: one card; `low` is its strength index, or [`JOKER_RANK`] for a joker.
/// * `Group`: `len` cards; `low` is the rank of its natural cards, [`JOKER_RANK`] if all jokers.
/// * `Sequence`: `len` consecutive positions of `suit`: the window `low..low+w` of the
///   strength scale, each position holding the natural card or a joker, plus (with
///   `sequence.joker_ends`, UECda) a joker standing "below 3" (written `JK=-S`) or "above 2"
///   (`JK=+S`) at an end of the scale. Jokers are assigned to the uncovered positions, the
///   lower-numbered joker to the lower position.
///
/// In a group a joker may name the card it stands for (`JK=9H`): only
/// `lock.joker_establishes` (UECda) looks at it, to lock the suits.
///
/// Plays are built by the checked constructors ([`Play::single`], [`Play::group`],
/// [`Play::sequence`], [`Play::parse`]) or by the legal-play generator, so every `Play` is
/// well formed; whether it may be played is the rules' question.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Play {
    cards: CardSet,
    form: Form,
    len: u8,
    low: u8,
    suit: u8,
    /// Sequences: [`BELOW`] and/or [`ABOVE`] when a joker stands past an end of the scale.
    ext: u8,
    /// Groups: the suits the jokers stand for (0 = not named).
    jsuits: u8,
}

/// [`Play`]`::ext` bit: a joker stands "below 3".
const BELOW: u8 = 1;
/// [`Play`]`::ext` bit: a joker stands "above 2".
const ABOVE: u8 = 2;

impl Play {
    /// A single card.
    pub fn single(card: Card) -> Play {
        Play {
            cards: CardSet::of(card),
            form: Form::Single,
            len: 1,
            low: card_strength(card).unwrap_or(JOKER_RANK),
            suit: card.suit().map_or(0, |s| s as u8),
            ext: 0,
            jsuits: 0,
        }
    }

    /// A group: two or more cards whose natural cards share one rank (jokers fill in; all
    /// jokers is allowed). `None` if the cards are fewer than two or of several ranks.
    pub fn group(cards: CardSet) -> Option<Play> {
        if cards.len() < 2 {
            return None;
        }
        let nat = cards.naturals();
        let low = match nat.iter().next() {
            None => JOKER_RANK,
            Some(c) => {
                let s = card_strength(c)?;
                (nat.suits_at(s).len() == nat.len()).then_some(s)?
            }
        };
        Some(Play {
            cards,
            form: Form::Group,
            len: cards.len() as u8,
            low,
            suit: 0,
            ext: 0,
            jsuits: 0,
        })
    }

    /// A sequence of `len` positions starting at strength index `low` in `suit`, made of
    /// `cards`: natural cards of that suit inside the window, plus exactly one joker per
    /// position they leave open. `None` if that does not hold, if the window leaves the scale
    /// (no wrap-around: the 2 is the top), if `len < 2`, or if no natural card is in it.
    pub fn sequence(cards: CardSet, suit: Suit, low: u8, len: u8) -> Option<Play> {
        if len < 2 || u32::from(low) + u32::from(len) > u32::from(RANKS) {
            return None;
        }
        let nat = cards.naturals();
        let s = suit as u8;
        let row = nat.strength_row(s);
        if nat.is_empty() || CardSet::from_strength_row(s, row) != nat {
            return None; // a natural card of another suit
        }
        let window = (((1u32 << len) - 1) << low) as u16;
        if row & !window != 0 {
            return None;
        }
        let open = (window & !row).count_ones() as u8;
        if open != cards.joker_count() {
            return None;
        }
        Some(Play {
            cards,
            form: Form::Sequence,
            len,
            low,
            suit: s,
            ext: 0,
            jsuits: 0,
        })
    }

    /// Builds a sequence without checks; only for the generator, which constructs valid ones.
    pub(crate) const fn sequence_unchecked(cards: CardSet, suit: u8, low: u8, len: u8) -> Play {
        Play {
            cards,
            form: Form::Sequence,
            len,
            low,
            suit,
            ext: 0,
            jsuits: 0,
        }
    }

    /// A sequence with jokers past the ends of the scale (`sequence.joker_ends`): the on-scale
    /// window `low..low+window` of `suit` made of natural cards and one joker per open
    /// position, plus one more joker "below 3" when `below` (the window must start at the 3)
    /// and one "above 2" when `above` (the window must end at the 2). `None` if that does not
    /// hold, if no natural card is in it or if it has fewer than 2 cards. Without `below` and
    /// `above` this is [`Play::sequence`].
    pub fn sequence_ext(
        cards: CardSet,
        suit: Suit,
        low: u8,
        window: u8,
        below: bool,
        above: bool,
    ) -> Option<Play> {
        let ext = (u8::from(below) * BELOW) | (u8::from(above) * ABOVE);
        let extra = ext.count_ones() as u8;
        if window == 0
            || u32::from(low) + u32::from(window) > u32::from(RANKS)
            || (below && low != 0)
            || (above && low + window != RANKS)
            || window + extra < 2
        {
            return None;
        }
        let nat = cards.naturals();
        let s = suit as u8;
        let row = nat.strength_row(s);
        if nat.is_empty() || CardSet::from_strength_row(s, row) != nat {
            return None;
        }
        let win = (((1u32 << window) - 1) << low) as u16;
        if row & !win != 0 || (win & !row).count_ones() as u8 + extra != cards.joker_count() {
            return None;
        }
        Some(Play {
            cards,
            form: Form::Sequence,
            len: window + extra,
            low,
            suit: s,
            ext,
            jsuits: 0,
        })
    }

    /// [`Play::sequence_ext`] without checks; only for the generator. `ext` holds bit 0 for a
    /// joker below the 3 and bit 1 for one above the 2; `len` counts every card.
    pub(crate) const fn sequence_unchecked_ext(
        cards: CardSet,
        suit: u8,
        low: u8,
        len: u8,
        ext: u8,
    ) -> Play {
        Play {
            cards,
            form: Form::Sequence,
            len,
            low,
            suit,
            ext: ext & 3,
            jsuits: 0,
        }
    }

    /// This group with its jokers naming the suits `suits` (one suit per joker, none a suit
    /// of its natural cards: `JK=9H`). `None` for anything but a group with natural cards,
    /// or suits that do not fit. An empty set clears the names.
    pub fn with_joker_suits(self, suits: SuitSet) -> Option<Play> {
        if suits.is_empty() {
            return Some(Play { jsuits: 0, ..self });
        }
        let nat = self.cards.suits();
        (self.form == Form::Group
            && !self.is_all_jokers()
            && suits.len() == usize::from(self.joker_count())
            && (suits.0 & nat.0) == 0)
            .then_some(Play {
                jsuits: suits.0 & 0xF,
                ..self
            })
    }

    /// The suits the jokers of a group name (empty when they name none).
    pub const fn joker_suits(self) -> SuitSet {
        SuitSet(self.jsuits)
    }

    /// Builds a single or group without checks; only for the generator.
    pub(crate) const fn group_unchecked(cards: CardSet, low: u8, len: u8, form: Form) -> Play {
        Play {
            cards,
            form,
            len,
            low,
            suit: 0,
            ext: 0,
            jsuits: 0,
        }
    }

    /// The single natural card of strength index `s` (0..13) and suit index `suit` (0..4).
    pub(crate) const fn single_at(s: u8, suit: u8) -> Play {
        Play {
            cards: CardSet::at(s, suit),
            form: Form::Single,
            len: 1,
            low: s % 13,
            suit: suit % 4,
            ext: 0,
            jsuits: 0,
        }
    }

    /// The physical cards played.
    pub const fn cards(self) -> CardSet {
        self.cards
    }

    /// The form.
    pub const fn form(self) -> Form {
        self.form
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Always false: a play holds at least one card.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The strength index of the play's rank (single, group) or lowest position on the scale
    /// (sequence); [`JOKER_RANK`] for jokers only.
    pub const fn low(self) -> u8 {
        self.low
    }

    /// The strength index of the highest position on the scale (equals [`Play::low`] for
    /// singles and groups).
    pub const fn high(self) -> u8 {
        match self.form {
            Form::Sequence => self.low + self.window_len() - 1,
            _ => self.low,
        }
    }

    /// The number of positions of a sequence on the strength scale (its length without the
    /// jokers past the ends); the length for other forms.
    pub const fn window_len(self) -> u8 {
        self.len - self.ext.count_ones() as u8
    }

    /// The lowest position of a sequence counting a joker "below 3" as −1 (else
    /// [`Play::low`]), for comparing sequences.
    pub const fn lo_pos(self) -> i8 {
        self.low as i8 - (self.ext & BELOW) as i8
    }

    /// The highest position of a sequence counting a joker "above 2" as 13 (else
    /// [`Play::high`]), for comparing sequences.
    pub const fn hi_pos(self) -> i8 {
        self.high() as i8 + ((self.ext & ABOVE) >> 1) as i8
    }

    /// Whether a joker of this sequence stands "below 3".
    pub const fn joker_below(self) -> bool {
        self.ext & BELOW != 0
    }

    /// Whether a joker of this sequence stands "above 2".
    pub const fn joker_above(self) -> bool {
        self.ext & ABOVE != 0
    }

    /// The rank of a single or group (`None` for jokers only and for sequences).
    pub fn rank(self) -> Option<Rank> {
        match self.form {
            Form::Sequence => None,
            _ => rank_at(self.low),
        }
    }

    /// The suit index (0..4) of a natural single or a sequence; 0 otherwise.
    pub(crate) const fn suit_index(self) -> u8 {
        self.suit
    }

    /// The suit of a sequence; `None` for singles and groups.
    pub fn suit(self) -> Option<Suit> {
        match self.form {
            Form::Sequence => Suit::from_index(usize::from(self.suit)),
            _ => None,
        }
    }

    /// Number of jokers in the play.
    pub const fn joker_count(self) -> u8 {
        self.cards.joker_count()
    }

    /// Whether the play holds a joker (alone or as a wildcard).
    pub const fn has_joker(self) -> bool {
        self.cards.joker_count() > 0
    }

    /// Whether the play is made of jokers only (a lone joker, or `JK JK`).
    pub const fn is_all_jokers(self) -> bool {
        self.low == JOKER_RANK
    }

    /// Whether this is a lone joker.
    pub const fn is_lone_joker(self) -> bool {
        matches!(self.form, Form::Single) && self.low == JOKER_RANK
    }

    /// The suits of the natural cards.
    pub const fn natural_suits(self) -> SuitSet {
        self.cards.suits()
    }

    /// The suit set a lock compares, when it is known: a play without jokers has its cards'
    /// suits, a sequence has its suit (its jokers stand for cards of that suit); a single or
    /// group with a joker has no known suit set (`rules/daifugo.md` §3 "Suit lock").
    #[inline(always)]
    pub const fn definite_suits(self) -> Option<SuitSet> {
        if matches!(self.form, Form::Sequence) {
            Some(SuitSet(1 << self.suit))
        } else if self.cards.joker_count() == 0 {
            // Natural cards of one rank: their suits are those held at that rank.
            Some(self.cards.suits_at(self.low))
        } else {
            None
        }
    }

    /// The suit set a lock compares under `lock.joker_establishes` (UECda), when known: as
    /// [`Play::definite_suits`], except that a group's jokers count as the suits they name (a
    /// group whose jokers name none has no known set). A lone joker or a group of jokers only
    /// has none.
    #[inline(always)]
    pub const fn lock_suits(self, joker_establishes: bool) -> Option<SuitSet> {
        if !joker_establishes {
            return self.definite_suits();
        }
        match self.form {
            Form::Sequence => Some(SuitSet(1 << self.suit)),
            _ if self.low >= RANKS => None,
            _ if self.cards.joker_count() == 0 => Some(self.cards.suits_at(self.low)),
            _ if self.jsuits != 0 => Some(SuitSet(self.cards.suits().0 | self.jsuits)),
            _ => None,
        }
    }

    /// Strength positions (bits of a 13-bit row) held by jokers in a sequence; 0 otherwise.
    pub const fn joker_positions(self) -> u16 {
        match self.form {
            Form::Sequence => {
                let window = (((1u32 << self.window_len()) - 1) << self.low) as u16;
                window & !self.cards.strength_row(self.suit)
            }
            _ => 0,
        }
    }

    /// Whether the play holds a natural card of strength index `s`.
    pub const fn has_natural(self, s: u8) -> bool {
        self.cards.has_strength(s)
    }

    /// Whether a joker of this sequence stands for a card of strength index `s`.
    pub const fn joker_stands_for(self, s: u8) -> bool {
        s < RANKS && self.joker_positions() & (1 << s) != 0
    }

    /// Each joker of a sequence with the card it stands for, lower positions first.
    pub fn stand_ins(self) -> impl Iterator<Item = (Card, Card)> {
        let mut pos = self.joker_positions();
        let mut jokers = self.cards.jokers().iter();
        let suit = self.suit;
        std::iter::from_fn(move || {
            if pos == 0 {
                return None;
            }
            let s = pos.trailing_zeros() as u8;
            pos &= pos - 1;
            Some((jokers.next()?, card_at(s, suit)))
        })
    }

    /// The same play made with the jokers of `hand`: the play's jokers replaced by the
    /// lowest-numbered jokers the hand holds (jokers are interchangeable cards). `None` if the
    /// hand holds fewer jokers than the play needs. Natural cards are kept as they are.
    pub fn with_jokers_from(self, hand: CardSet) -> Option<Play> {
        let need = self.cards.joker_count();
        if hand.contains_all(self.cards.jokers()) {
            return Some(self);
        }
        if hand.joker_count() < need {
            return None;
        }
        Some(Play {
            cards: self.cards.naturals().union(hand.first_jokers(need)),
            ..self
        })
    }

    /// The notation tokens in display order: a sequence by position (`7S`, `JK=8S`, `9S`;
    /// `JK=-S` first for a joker below the 3, `JK=+S` last for one above the 2); a single or
    /// group by suit with jokers last (`3S`, `3H`, `JK`, or `JK=3D` when the joker names its
    /// card).
    pub fn tokens(self) -> Vec<String> {
        self.tokens_with(|c| c.to_string(), |s| s.letter().to_string())
    }

    /// The tokens with `card` and `suit` writing cards and suit marks.
    fn tokens_with(
        self,
        card: impl Fn(Card) -> String,
        suit: impl Fn(Suit) -> String,
    ) -> Vec<String> {
        match self.form {
            Form::Sequence => {
                let jpos = self.joker_positions();
                let su = Suit::from_index(usize::from(self.suit)).unwrap_or(Suit::Spades);
                let mut out = Vec::with_capacity(self.len());
                if self.joker_below() {
                    out.push(format!("JK=-{}", suit(su)));
                }
                for s in self.low..=self.high() {
                    let c = card_at(s, self.suit);
                    out.push(if jpos & (1 << s) != 0 {
                        format!("JK={}", card(c))
                    } else {
                        card(c)
                    });
                }
                if self.joker_above() {
                    out.push(format!("JK=+{}", suit(su)));
                }
                out
            }
            _ => {
                let nat = self.cards.naturals().sorted(false);
                let mut out: Vec<String> = nat.iter().map(|c| card(*c)).collect();
                let named = SuitSet(self.jsuits);
                if named.is_empty() || self.low >= RANKS {
                    out.extend(self.cards.jokers().iter().map(|_| "JK".to_string()));
                } else {
                    out.extend(
                        named
                            .iter()
                            .map(|su| format!("JK={}", card(card_at(self.low, su as u8)))),
                    );
                }
                out
            }
        }
    }

    /// The cards as the screen shows them: like [`Play::tokens`], with suit symbols when
    /// `symbols` (`7♠ JK=8♠ 9♠`).
    pub fn label(self, symbols: bool) -> String {
        if !symbols {
            return self.to_string();
        }
        self.tokens_with(|c| c.label(true), |s| s.symbol().to_string())
            .join(" ")
    }

    /// Parses a play in notation: cards separated by spaces or commas, `JK` for a joker,
    /// `JK=8S` for a joker standing for a card (in a sequence, or naming its card in a group),
    /// `JK=-S` / `JK=+S` for a joker standing below the 3 / above the 2 at an end of a
    /// sequence. Jokers are numbered in order of appearance. Same-rank cards (with or without
    /// `JK`) make a single or group; consecutive cards of one suit make a sequence. A joker in
    /// a sequence may be written plain `JK` when only one window fits (`4H JK 6H`).
    ///
    /// Errors ([`PlayParseError`]): an unknown card, no card, a card twice, a third joker, an
    /// `=` on a card that is not a joker, cards that make no form, or a sequence joker whose
    /// card cannot be told.
    pub fn parse(text: &str) -> Result<Play, PlayParseError> {
        let mut naturals = CardSet::EMPTY;
        let mut jokers = 0u8;
        let mut assigned: [Option<StandIn>; 2] = [None; 2];
        for tok in tokens(text) {
            let (head, stand) = match tok.split_once('=') {
                Some((h, a)) => (h, Some(a)),
                None => (tok, None),
            };
            let card: Card = head.parse().map_err(PlayParseError::BadCard)?;
            if card.is_joker() {
                if jokers >= 2 {
                    return Err(PlayParseError::TooManyJokers);
                }
                if let Some(a) = stand {
                    let bad = || PlayParseError::BadStandIn {
                        token: tok.to_string(),
                    };
                    let st = if let Some(rest) = a.strip_prefix('-') {
                        let mut ch = rest.chars();
                        let su = ch.next().and_then(Suit::from_char).ok_or_else(bad)?;
                        if ch.next().is_some() {
                            return Err(bad());
                        }
                        StandIn::Below(su)
                    } else if let Some(rest) = a.strip_prefix('+') {
                        let mut ch = rest.chars();
                        let su = ch.next().and_then(Suit::from_char).ok_or_else(bad)?;
                        if ch.next().is_some() {
                            return Err(bad());
                        }
                        StandIn::Above(su)
                    } else {
                        let c: Card = a.parse().map_err(PlayParseError::BadCard)?;
                        if c.is_joker() {
                            return Err(bad());
                        }
                        StandIn::Card(c)
                    };
                    assigned[usize::from(jokers)] = Some(st);
                }
                jokers += 1;
            } else {
                if stand.is_some() {
                    return Err(PlayParseError::BadStandIn {
                        token: tok.to_string(),
                    });
                }
                if naturals.contains(card) {
                    return Err(PlayParseError::Duplicate { card });
                }
                naturals.insert(card);
            }
        }
        let joker_cards = match jokers {
            0 => CardSet::EMPTY,
            1 => CardSet::joker(0),
            _ => CardSet::joker(0).union(CardSet::joker(1)),
        };
        let cards = naturals.union(joker_cards);
        if cards.is_empty() {
            return Err(PlayParseError::Empty);
        }
        let n_assigned = assigned.iter().flatten().count() as u8;
        if n_assigned > 0 {
            if n_assigned != jokers {
                return Err(PlayParseError::JokerNeedsCard);
            }
            // A group whose jokers name cards of its rank.
            let rank_of = |c: Card| c.rank();
            let nat_rank = naturals.iter().next().and_then(rank_of);
            let all_same_rank = nat_rank.is_some()
                && naturals.iter().all(|c| rank_of(c) == nat_rank)
                && assigned
                    .iter()
                    .flatten()
                    .all(|a| matches!(a, StandIn::Card(c) if rank_of(*c) == nat_rank));
            if all_same_rank && cards.len() >= 2 {
                let mut named = SuitSet::EMPTY;
                for a in assigned.iter().flatten() {
                    if let StandIn::Card(c) = a
                        && let Some(su) = c.suit()
                    {
                        if named.contains(su) {
                            return Err(PlayParseError::NotAForm);
                        }
                        named.0 |= 1 << su as u8;
                    }
                }
                return Play::group(cards)
                    .and_then(|g| g.with_joker_suits(named))
                    .ok_or(PlayParseError::NotAForm);
            }
            return Play::sequence_from_stand_ins(naturals, joker_cards, &assigned)
                .ok_or(PlayParseError::NotAForm);
        }
        Play::from_cards(cards).ok_or(if jokers > 0 {
            PlayParseError::JokerNeedsCard
        } else {
            PlayParseError::NotAForm
        })
    }

    fn sequence_from_stand_ins(
        naturals: CardSet,
        jokers: CardSet,
        assigned: &[Option<StandIn>; 2],
    ) -> Option<Play> {
        let mut all = naturals;
        let (mut below, mut above) = (None, None);
        for a in assigned.iter().flatten() {
            match *a {
                StandIn::Card(c) => {
                    if all.contains(c) {
                        return None; // two cards at one position
                    }
                    all.insert(c);
                }
                StandIn::Below(su) => {
                    if below.replace(su).is_some() {
                        return None;
                    }
                }
                StandIn::Above(su) => {
                    if above.replace(su).is_some() {
                        return None;
                    }
                }
            }
        }
        let suit = all.suits();
        if suit.len() != 1 {
            return None;
        }
        let s = suit.iter().next()?;
        if below.is_some_and(|b| b != s) || above.is_some_and(|b| b != s) {
            return None;
        }
        let row = all.strength_row(s as u8);
        let low = row.trailing_zeros() as u8;
        let len = row.count_ones() as u8;
        if row >> low != (1 << len) - 1 {
            return None; // not consecutive
        }
        Play::sequence_ext(
            naturals.union(jokers),
            s,
            low,
            len,
            below.is_some(),
            above.is_some(),
        )
    }

    /// The play these cards make when no joker carries an explicit card: a single, a group
    /// (same rank, jokers fill in), or a sequence (one suit, consecutive; a joker fills the one
    /// window that fits). `None` if they make no form or a joker's place is ambiguous.
    pub fn from_cards(cards: CardSet) -> Option<Play> {
        let n = cards.len();
        let nat = cards.naturals();
        if n == 0 {
            return None;
        }
        if n == 1 {
            return cards.iter().next().map(Play::single);
        }
        if let Some(g) = Play::group(cards) {
            return Some(g);
        }
        let suits = nat.suits();
        if suits.len() != 1 {
            return None;
        }
        let s = suits.iter().next()?;
        let row = nat.strength_row(s as u8);
        let lo = row.trailing_zeros() as u8;
        let hi = 15 - row.leading_zeros() as u8;
        let len = n as u8;
        if hi - lo + 1 > len {
            return None;
        }
        // Windows of `len` positions that contain lo..=hi and stay on the scale.
        let first = hi.saturating_sub(len - 1);
        let last = lo.min(RANKS.saturating_sub(len));
        if first != last {
            return None; // no window, or several: the joker's card must be written
        }
        Play::sequence(cards, s, first, len)
    }
}

impl fmt::Display for Play {
    /// The play in notation, tokens separated by spaces (`7S JK=8S 9S`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tokens().join(" "))
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Play[{self}]")
    }
}

impl Serialize for Play {
    /// A list of notation tokens: `["7S", "JK=8S", "9S"]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.tokens())
    }
}

impl<'de> Deserialize<'de> for Play {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Play, D::Error> {
        let v = Vec::<String>::deserialize(d)?;
        Play::parse(&v.join(" ")).map_err(serde::de::Error::custom)
    }
}

/// What a joker stands for in notation: a card (`JK=8S`), or a place past an end of a
/// sequence (`JK=-S`, `JK=+S`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StandIn {
    Card(Card),
    Below(Suit),
    Above(Suit),
}

/// Why a play could not be read from notation. The text comes from `daifugo.parse.*`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayParseError {
    /// A token that is not a card.
    BadCard(CardParseError),
    /// No card at all.
    Empty,
    /// The same card twice.
    Duplicate {
        /// The repeated card.
        card: Card,
    },
    /// More than two jokers.
    TooManyJokers,
    /// `=` after something other than `JK`, or `JK=` followed by a joker.
    BadStandIn {
        /// The token as given.
        token: String,
    },
    /// The cards make no single, group or sequence.
    NotAForm,
    /// A joker in a sequence whose card cannot be told; write it as `JK=8S`.
    JokerNeedsCard,
}

impl fmt::Display for PlayParseError {
    /// A short technical description (the data, as `Debug` shows it); players read the words
    /// of `i18n::daifugo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for PlayParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Play {
        Play::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn reads_each_form() {
        assert_eq!(p("9H").form(), Form::Single);
        assert_eq!(p("JK").form(), Form::Single);
        assert!(p("JK").is_lone_joker());
        assert_eq!(p("3S 3H JK").form(), Form::Group);
        assert_eq!(p("3S 3H JK").rank(), Some(Rank::Three));
        assert!(p("JK JK").is_all_jokers());
        let s = p("7S JK=8S 9S");
        assert_eq!(s.form(), Form::Sequence);
        assert_eq!((s.low(), s.high()), (4, 6));
        assert!(s.joker_stands_for(5));
        assert_eq!(s.to_string(), "7S JK=8S 9S");
        assert_eq!(p("5H 3H 4H").to_string(), "3H 4H 5H");
    }

    #[test]
    fn a_joker_may_stand_at_either_end() {
        assert_eq!(p("JK=3H 4H 5H").joker_positions(), 1);
        assert_eq!(p("4H 5H JK=6H").to_string(), "4H 5H JK=6H");
        assert_eq!(p("KH AH JK=2H").high(), 12);
        // A plain JK in the only window that fits is placed there.
        assert_eq!(p("4H JK 6H").to_string(), "4H JK=5H 6H");
        // At an end it is ambiguous.
        assert_eq!(Play::parse("4H 5H JK"), Err(PlayParseError::JokerNeedsCard));
        // No wrap-around past the 2.
        assert_eq!(Play::parse("AH 2H JK=3H"), Err(PlayParseError::NotAForm));
    }

    #[test]
    fn refuses_what_is_no_play() {
        assert_eq!(Play::parse("3S 4H"), Err(PlayParseError::NotAForm));
        assert_eq!(Play::parse("3S 5S"), Err(PlayParseError::NotAForm));
        assert!(matches!(
            Play::parse("3S 3S"),
            Err(PlayParseError::Duplicate { .. })
        ));
        assert_eq!(Play::parse(""), Err(PlayParseError::Empty));
        assert_eq!(Play::parse("JK JK JK"), Err(PlayParseError::TooManyJokers));
        assert!(matches!(
            Play::parse("3S=4S"),
            Err(PlayParseError::BadStandIn { .. })
        ));
        assert_eq!(Play::parse("7S JK=7S 8S"), Err(PlayParseError::NotAForm));
    }

    #[test]
    fn jokers_are_swapped_for_the_hand_s_own() {
        let hand = CardSet::joker(1); // joker 1 only
        let play = p("5H JK");
        let mapped = play.with_jokers_from(hand).unwrap();
        assert!(mapped.cards().contains(Card::joker(1)));
        assert!(!mapped.cards().contains(Card::joker(0)));
        assert_eq!(p("JK JK").with_jokers_from(hand), None);
    }

    #[test]
    fn serializes_as_tokens() {
        let s = serde_json::to_string(&p("7S JK=8S 9S")).unwrap();
        assert_eq!(s, r#"["7S","JK=8S","9S"]"#);
        let back: Play = serde_json::from_str(&s).unwrap();
        assert_eq!(back, p("7S JK=8S 9S"));
    }
}

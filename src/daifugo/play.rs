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
use crate::cards::{Card, CardParseError, CardParseReason, Rank, Suit, tokens};
use crate::config::Lang;
use crate::i18n;

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
/// * `Sequence`: `len` consecutive strength positions `low..low+len` of `suit`; each position
///   holds the natural card or a joker. Jokers are assigned to the uncovered positions, the
///   lower-numbered joker to the lower position.
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
}

impl Play {
    /// A single card.
    pub fn single(card: Card) -> Play {
        Play {
            cards: CardSet::EMPTY.union(CardSet(1 << card.index())),
            form: Form::Single,
            len: 1,
            low: card_strength(card).unwrap_or(JOKER_RANK),
            suit: card.suit().map_or(0, |s| s as u8),
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
        }
    }

    /// Builds a single or group without checks; only for the generator.
    pub(crate) const fn group_unchecked(cards: CardSet, low: u8, len: u8, form: Form) -> Play {
        Play {
            cards,
            form,
            len,
            low,
            suit: 0,
        }
    }

    /// The single natural card of strength index `s` (0..13) and suit index `suit` (0..4).
    pub(crate) const fn single_at(s: u8, suit: u8) -> Play {
        let face = (s % 13 + 2) % 13;
        Play {
            cards: CardSet(1 << ((suit as u64 % 4) * 13 + face as u64)),
            form: Form::Single,
            len: 1,
            low: s % 13,
            suit: suit % 4,
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

    /// The strength index of the play's rank (single, group) or lowest position (sequence);
    /// [`JOKER_RANK`] for jokers only.
    pub const fn low(self) -> u8 {
        self.low
    }

    /// The strength index of the highest position (equals [`Play::low`] for singles and
    /// groups).
    pub const fn high(self) -> u8 {
        match self.form {
            Form::Sequence => self.low + self.len - 1,
            _ => self.low,
        }
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
    pub const fn definite_suits(self) -> Option<SuitSet> {
        if matches!(self.form, Form::Sequence) {
            Some(SuitSet(1 << self.suit))
        } else if self.cards.joker_count() == 0 {
            Some(self.cards.suits())
        } else {
            None
        }
    }

    /// Strength positions (bits of a 13-bit row) held by jokers in a sequence; 0 otherwise.
    pub const fn joker_positions(self) -> u16 {
        match self.form {
            Form::Sequence => {
                let window = (((1u32 << self.len) - 1) << self.low) as u16;
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

    /// The notation tokens in display order: a sequence by position (`7S`, `JK=8S`, `9S`);
    /// a single or group by suit with jokers last (`3S`, `3H`, `JK`).
    pub fn tokens(self) -> Vec<String> {
        match self.form {
            Form::Sequence => {
                let nat = self.cards.naturals();
                let jpos = self.joker_positions();
                (self.low..self.low + self.len)
                    .map(|s| {
                        let c = card_at(s, self.suit);
                        if jpos & (1 << s) != 0 {
                            format!("JK={c}")
                        } else {
                            debug_assert!(nat.contains(c));
                            c.to_string()
                        }
                    })
                    .collect()
            }
            _ => self
                .cards
                .sorted(false)
                .iter()
                .map(Card::to_string)
                .collect(),
        }
    }

    /// The cards as the screen shows them: like [`Play::tokens`], with suit symbols when
    /// `symbols` (`7♠ JK=8♠ 9♠`).
    pub fn label(self, symbols: bool) -> String {
        if !symbols {
            return self.to_string();
        }
        let mut out = Vec::new();
        match self.form {
            Form::Sequence => {
                let jpos = self.joker_positions();
                for s in self.low..self.low + self.len {
                    let c = card_at(s, self.suit).label(true);
                    out.push(if jpos & (1 << s) != 0 {
                        format!("JK={c}")
                    } else {
                        c
                    });
                }
            }
            _ => out.extend(self.cards.sorted(false).iter().map(|c| c.label(true))),
        }
        out.join(" ")
    }

    /// Parses a play in notation: cards separated by spaces or commas, `JK` for a joker and
    /// `JK=8S` for a joker standing for a card in a sequence. Jokers are numbered in order of
    /// appearance. Same-rank cards (with or without `JK`) make a single or group; consecutive
    /// cards of one suit make a sequence. A joker in a sequence may be written plain `JK` when
    /// only one window fits (`4H JK 6H`).
    ///
    /// Errors ([`PlayParseError`]): an unknown card, no card, a card twice, a third joker, an
    /// `=` on a card that is not a joker, cards that make no form, or a sequence joker whose
    /// card cannot be told.
    pub fn parse(text: &str) -> Result<Play, PlayParseError> {
        let mut naturals = CardSet::EMPTY;
        let mut jokers = 0u8;
        let mut assigned: [Option<Card>; 2] = [None; 2];
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
                    let c: Card = a.parse().map_err(PlayParseError::BadCard)?;
                    if c.is_joker() {
                        return Err(PlayParseError::BadStandIn {
                            token: tok.to_string(),
                        });
                    }
                    assigned[usize::from(jokers)] = Some(c);
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
        let joker_cards = CardSet::EMPTY.union(match jokers {
            0 => CardSet::EMPTY,
            1 => CardSet(1 << 52),
            _ => CardSet(0b11 << 52),
        });
        let cards = naturals.union(joker_cards);
        if cards.is_empty() {
            return Err(PlayParseError::Empty);
        }
        let n_assigned = assigned.iter().flatten().count() as u8;
        if n_assigned > 0 {
            if n_assigned != jokers {
                return Err(PlayParseError::JokerNeedsCard);
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
        assigned: &[Option<Card>; 2],
    ) -> Option<Play> {
        let mut all = naturals;
        for c in assigned.iter().flatten() {
            if all.contains(*c) {
                return None; // two cards at one position
            }
            all.insert(*c);
        }
        let suit = all.suits();
        if suit.len() != 1 {
            return None;
        }
        let s = suit.iter().next()?;
        let row = all.strength_row(s as u8);
        let low = row.trailing_zeros() as u8;
        let len = row.count_ones() as u8;
        if row >> low != (1 << len) - 1 {
            return None; // not consecutive
        }
        Play::sequence(naturals.union(jokers), s, low, len)
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

    /// The form named for a player: "a single card", "a pair", "a triple", "a group of 5",
    /// "a sequence of 4", from the `daifugo.form.*` strings.
    pub fn form_name(self, lang: Lang) -> String {
        form_name(lang, self.form, self.len())
    }
}

/// The name of a form of `len` cards ("a pair", "a sequence of 4"), from the string tables.
pub fn form_name(lang: Lang, form: Form, len: usize) -> String {
    let n = len.to_string();
    match (form, len) {
        (Form::Single, _) => i18n::t(lang, "daifugo.form.single").to_string(),
        (Form::Group, 2) => i18n::t(lang, "daifugo.form.pair").to_string(),
        (Form::Group, 3) => i18n::t(lang, "daifugo.form.triple").to_string(),
        (Form::Group, _) => i18n::tf(lang, "daifugo.form.group", &[("n", &n)]),
        (Form::Sequence, _) => i18n::tf(lang, "daifugo.form.sequence", &[("n", &n)]),
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

impl PlayParseError {
    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            PlayParseError::BadCard(e) if e.reason == CardParseReason::ThirdJoker => {
                i18n::t(lang, "daifugo.parse.too_many_jokers").to_string()
            }
            PlayParseError::BadCard(e) => {
                i18n::tf(lang, "daifugo.parse.bad_card", &[("token", &e.token)])
            }
            PlayParseError::Empty => i18n::t(lang, "daifugo.parse.empty").to_string(),
            PlayParseError::Duplicate { card } => i18n::tf(
                lang,
                "daifugo.parse.duplicate",
                &[("card", &card.to_string())],
            ),
            PlayParseError::TooManyJokers => {
                i18n::t(lang, "daifugo.parse.too_many_jokers").to_string()
            }
            PlayParseError::BadStandIn { token } => {
                i18n::tf(lang, "daifugo.parse.bad_stand_in", &[("token", token)])
            }
            PlayParseError::NotAForm => i18n::t(lang, "daifugo.parse.not_a_form").to_string(),
            PlayParseError::JokerNeedsCard => {
                i18n::t(lang, "daifugo.parse.joker_needs_card").to_string()
            }
        }
    }
}

impl fmt::Display for PlayParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
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
        let hand = CardSet(1 << 53); // joker 1 only
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

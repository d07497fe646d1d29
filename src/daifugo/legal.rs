//! What may be played: the public state of a trick ([`TrickState`]), the check of one play
//! against it ([`check_play`], which gives the reason for a refusal), and the generator of every
//! distinct legal play ([`legal_plays`]). Rules: `rules/daifugo.md` §1 ("Following"), §3
//! (revolution, suit and number lock, spade-3 return, jack-back).
//!
//! The generator and the check agree by construction of the tests: every generated play passes
//! the check, and every play that passes the check and is held is generated.
//!
//! Order of the generated list (what the UI shows): grouped by form — singles, then groups by
//! size, then sequences by length — and inside each, weakest first in the current order. Equal
//! strength: suits in display order (♠ ♥ ♦ ♣), plays with fewer jokers first, then jokers at
//! lower positions first. Plays of jokers only come last in their size (they are the strongest).
//! Two jokers are interchangeable, so a play that differs only in which joker it uses is listed
//! once, with the lower-numbered joker.

use serde::{Deserialize, Serialize};

use super::cardset::{CardSet, RANKS, SuitSet, card_at, rank_at};
use super::error::RuleError;
use super::play::{Form, JOKER_RANK, Play};
use super::rules::{Rules, SequenceCompare};

/// Strength index of the 3 (the spade-3 return card's rank).
const THREE: u8 = 0;
/// Strength index of the 8 (eight-cut).
pub const EIGHT: u8 = 5;
/// Strength index of the J (jack-back).
pub const JACK: u8 = 8;

/// The public state of the current trick: the pile to beat and the rules in force on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickState {
    /// The play on top of the pile; `None` when leading.
    pub pile: Option<Play>,
    /// Locked suits (empty = no suit lock). Ends when the pile clears.
    pub lock: SuitSet,
    /// Number lock (階段縛り) in force: the next play must be the next rank.
    pub number_lock: bool,
    /// A revolution is in force (survives pile clears; ends with the round).
    pub revolution: bool,
    /// Jack-back is in force (until the pile clears).
    pub jack_back: bool,
}

impl TrickState {
    /// Whether the strength order is reversed now: revolution XOR jack-back
    /// (`rules/daifugo.md` §3 "Jack back").
    pub const fn reversed(&self) -> bool {
        self.revolution ^ self.jack_back
    }
}

/// The shortest sequence the rules allow (`sequence.min_len`, never below 2).
pub fn min_sequence_len(rules: &Rules) -> usize {
    usize::from(rules.sequence.min_len.max(2))
}

/// Whether strength index `a` is strictly stronger than `b` in the order (`reversed` = after a
/// revolution or jack-back).
pub const fn stronger(a: u8, b: u8, reversed: bool) -> bool {
    if reversed { a < b } else { a > b }
}

/// The rank one step stronger than `s` in the order; `None` past the end or for jokers.
pub const fn next_rank(s: u8, reversed: bool) -> Option<u8> {
    if s >= RANKS {
        None
    } else if reversed {
        s.checked_sub(1)
    } else if s + 1 < RANKS {
        Some(s + 1)
    } else {
        None
    }
}

/// Whether `play` beats `pile` on strength alone (same form and size assumed): singles and
/// groups by rank, jokers-only above everything but themselves; sequences `strict` (the new
/// lowest card beats the old highest) or `overlap` (top cards only) — `rules/daifugo.md` §1.
pub fn beats(rules: &Rules, pile: Play, play: Play, reversed: bool) -> bool {
    match play.form() {
        Form::Single | Form::Group => {
            if play.is_all_jokers() {
                !pile.is_all_jokers()
            } else if pile.is_all_jokers() {
                false
            } else {
                stronger(play.low(), pile.low(), reversed)
            }
        }
        Form::Sequence => match (rules.sequence.compare, reversed) {
            (SequenceCompare::Strict, false) => play.low() > pile.high(),
            (SequenceCompare::Strict, true) => play.high() < pile.low(),
            (SequenceCompare::Overlap, false) => play.high() > pile.high(),
            (SequenceCompare::Overlap, true) => play.low() < pile.low(),
        },
    }
}

/// Whether a play is the 3♠ alone.
pub fn is_spade3(play: Play) -> bool {
    play.form() == Form::Single && play.cards() == CardSet(1 << card_at(THREE, 0).index())
}

/// Whether `play` answering `pile` is a spade-3 return (`spade3` on, the pile a lone joker, the
/// play the 3♠ alone).
pub fn is_spade3_return(rules: &Rules, pile: Option<Play>, play: Play) -> bool {
    rules.spade3 && pile.is_some_and(Play::is_lone_joker) && is_spade3(play)
}

/// Whether the play has the locked suits: jokers fill any locked suit, a play of jokers only
/// always fits, a sequence must be of the locked suit (`rules/daifugo.md` §3 "Suit lock").
pub fn fits_lock(play: Play, lock: SuitSet) -> bool {
    if lock.is_empty() || play.is_all_jokers() {
        return true;
    }
    match play.suit() {
        Some(s) => lock == SuitSet::of(s),
        None => lock.contains_all(play.natural_suits()) && play.len() == lock.len(),
    }
}

/// Checks that `play` may be put on the trick under `rules`, ignoring whose turn it is and
/// whether the cards are held. Errors name the first rule broken: sequences off or too short,
/// form or size mismatch, not stronger, suit lock, number lock.
pub fn check_play(rules: &Rules, trick: &TrickState, play: Play) -> Result<(), RuleError> {
    if play.form() == Form::Sequence {
        if !rules.sequence.enabled {
            return Err(RuleError::SequencesOff);
        }
        let min = min_sequence_len(rules);
        if play.len() < min {
            return Err(RuleError::SequenceTooShort {
                min,
                len: play.len(),
            });
        }
    }
    let Some(pile) = trick.pile else {
        return Ok(());
    };
    if is_spade3_return(rules, Some(pile), play) {
        return Ok(()); // beats the lone joker even under a lock
    }
    if play.form() != pile.form() || play.len() != pile.len() {
        return Err(RuleError::FormMismatch { pile, play });
    }
    let rev = trick.reversed();
    if !beats(rules, pile, play, rev) {
        return Err(RuleError::DoesNotBeat { play, pile });
    }
    if !fits_lock(play, trick.lock) {
        return Err(RuleError::SuitLocked { suits: trick.lock });
    }
    if trick.number_lock
        && !play.is_all_jokers()
        && play.form() != Form::Sequence
        && let Some(need) = next_rank(pile.low(), rev)
        && play.low() != need
        && let Some(rank) = rank_at(need)
    {
        return Err(RuleError::NumberLocked { need: rank });
    }
    Ok(())
}

/// The 4-bit suit subsets of each size, in lexicographic suit order (♠♥ before ♠♦ …).
const SUBSETS: [&[u8]; 5] = [
    &[0],
    &[0b0001, 0b0010, 0b0100, 0b1000],
    &[0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100],
    &[0b0111, 0b1011, 0b1101, 0b1110],
    &[0b1111],
];

/// What a follow must satisfy, precomputed once per generation.
struct Follow {
    pile: Play,
    reversed: bool,
    lock: SuitSet,
    /// The rank a number lock asks for (`None` = no number lock).
    need: Option<u8>,
    compare: SequenceCompare,
}

impl Follow {
    /// Whether natural cards of strength `s` may answer a single or group pile.
    fn rank_ok(&self, s: u8) -> bool {
        if self.pile.is_all_jokers() || !stronger(s, self.pile.low(), self.reversed) {
            return false;
        }
        self.need.is_none_or(|n| n == s)
    }

    /// Whether a sequence window starting at `w` of the pile's length beats the pile.
    fn window_ok(&self, w: u8, len: u8) -> bool {
        let hi = w + len - 1;
        match (self.compare, self.reversed) {
            (SequenceCompare::Strict, false) => w > self.pile.high(),
            (SequenceCompare::Strict, true) => hi < self.pile.low(),
            (SequenceCompare::Overlap, false) => hi > self.pile.high(),
            (SequenceCompare::Overlap, true) => w < self.pile.low(),
        }
    }
}

/// The hand prepared for generation: rows per suit in strength order and the jokers.
struct Gen<'a> {
    rows: [u16; 4],
    jokers: CardSet,
    j: u8,
    reversed: bool,
    out: &'a mut Vec<Play>,
}

impl Gen<'_> {
    fn new(hand: CardSet, reversed: bool, out: &mut Vec<Play>) -> Gen<'_> {
        Gen {
            rows: [0, 1, 2, 3].map(|s| hand.strength_row(s)),
            jokers: hand.jokers(),
            j: hand.joker_count(),
            reversed,
            out,
        }
    }

    /// The suits held at strength `s`.
    fn suits_at(&self, s: u8) -> u8 {
        let mut m = 0;
        for (i, r) in self.rows.iter().enumerate() {
            m |= (((r >> s) & 1) as u8) << i;
        }
        m
    }

    /// The suits natural cards may have under the follow's lock, for a play of `size` natural
    /// suits at most: all four without a lock; none when the lock's size cannot match.
    fn lock_mask(follow: Option<&Follow>, size: u8) -> u8 {
        match follow {
            Some(f) if !f.lock.is_empty() => {
                if f.lock.len() == usize::from(size) {
                    f.lock.0 & 0xF
                } else {
                    0
                }
            }
            _ => 0xF,
        }
    }

    /// Strength index of the `k`-th rank in the current order (weakest first).
    fn rank_in_order(&self, k: u8) -> u8 {
        if self.reversed { RANKS - 1 - k } else { k }
    }

    /// The natural cards of the suit subset `sub` at strength `s`.
    fn column(s: u8, sub: u8) -> CardSet {
        let face = u64::from((s + 2) % 13);
        let mut bits = 0u64;
        for suit in 0..4u64 {
            if sub & (1 << suit) != 0 {
                bits |= 1 << (suit * 13 + face);
            }
        }
        CardSet(bits)
    }

    fn singles(&mut self, follow: Option<&Follow>) {
        let lock = Gen::lock_mask(follow, 1);
        for k in 0..RANKS {
            let s = self.rank_in_order(k);
            if follow.is_some_and(|f| !f.rank_ok(s)) {
                continue;
            }
            let m = self.suits_at(s) & lock;
            for suit in 0..4u8 {
                if m & (1 << suit) != 0 {
                    self.out.push(Play::single(card_at(s, suit)));
                }
            }
        }
        if self.j > 0 && follow.is_none_or(|f| !f.pile.is_all_jokers()) {
            if let Some(c) = self.jokers.iter().next() {
                self.out.push(Play::single(c));
            }
        }
    }

    fn groups(&mut self, size: u8, follow: Option<&Follow>) {
        let lock = Gen::lock_mask(follow, size);
        for k in 0..RANKS {
            let s = self.rank_in_order(k);
            if follow.is_some_and(|f| !f.rank_ok(s)) {
                continue;
            }
            let m = self.suits_at(s) & lock;
            let have = m.count_ones() as u8;
            for jj in 0..=self.j.min(size - 1) {
                let r = size - jj;
                if r > have || r > 4 {
                    continue;
                }
                let jokers = self.jokers.first_jokers(jj);
                for &sub in SUBSETS[usize::from(r)] {
                    if sub & !m == 0 {
                        let cards = Gen::column(s, sub).union(jokers);
                        self.out.push(Play::group_unchecked(cards, s, size));
                    }
                }
            }
        }
        if self.j >= size && follow.is_none_or(|f| !f.pile.is_all_jokers()) {
            self.out.push(Play::group_unchecked(
                self.jokers.first_jokers(size),
                JOKER_RANK,
                size,
            ));
        }
    }

    fn sequences(&mut self, len: u8, follow: Option<&Follow>) {
        if len > RANKS || len < 2 {
            return;
        }
        // A sequence fits only a lock of exactly its one suit.
        let lock = Gen::lock_mask(follow, 1);
        let windows = RANKS - len + 1;
        let full = (1u16 << len) - 1;
        for k in 0..windows {
            let w = if self.reversed { windows - 1 - k } else { k };
            if follow.is_some_and(|f| !f.window_ok(w, len)) {
                continue;
            }
            let win = full << w;
            for suit in 0..4u8 {
                if lock & (1 << suit) == 0 {
                    continue;
                }
                let have = self.rows[usize::from(suit)] & win;
                let missing = win & !have;
                let miss = missing.count_ones() as u8;
                if miss > self.j || have == 0 {
                    continue;
                }
                for jj in miss..=self.j.min(len - 1) {
                    let jokers = self.jokers.first_jokers(jj);
                    match jj - miss {
                        0 => self.push_seq(suit, w, len, win, missing, jokers),
                        1 => {
                            let mut rest = have;
                            while rest != 0 {
                                let b = rest & rest.wrapping_neg();
                                rest &= rest - 1;
                                self.push_seq(suit, w, len, win, missing | b, jokers);
                            }
                        }
                        _ => {
                            let mut a_rest = have;
                            while a_rest != 0 {
                                let a = a_rest & a_rest.wrapping_neg();
                                a_rest &= a_rest - 1;
                                let mut b_rest = a_rest;
                                while b_rest != 0 {
                                    let b = b_rest & b_rest.wrapping_neg();
                                    b_rest &= b_rest - 1;
                                    self.push_seq(suit, w, len, win, missing | a | b, jokers);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn push_seq(&mut self, suit: u8, w: u8, len: u8, win: u16, joker_pos: u16, jokers: CardSet) {
        let nat = win & !joker_pos;
        if nat == 0 {
            return;
        }
        let cards = CardSet::from_strength_row(suit, nat).union(jokers);
        self.out.push(Play::sequence_unchecked(cards, suit, w, len));
    }
}

/// Every distinct legal play of `hand` on the trick under `rules`, weakest first and grouped by
/// form (see the module docs for the order), written into `out` (cleared first; its capacity is
/// reused, so a caller that keeps `out` allocates nothing after warm-up). Passing is not listed:
/// it is allowed exactly when `trick.pile` is `Some` (and the seat has not passed).
pub fn legal_plays(rules: &Rules, trick: &TrickState, hand: CardSet, out: &mut Vec<Play>) {
    out.clear();
    let mut g = Gen::new(hand, trick.reversed(), out);
    let seq_on = rules.sequence.enabled;
    let min_len = min_sequence_len(rules) as u8;
    match trick.pile {
        None => {
            g.singles(None);
            let widest = (0..RANKS).map(|s| g.suits_at(s).count_ones()).max();
            let max_group = widest.unwrap_or(0) as u8 + g.j;
            for size in 2..=max_group.max(g.j) {
                g.groups(size, None);
            }
            if seq_on {
                let longest = g.rows.iter().map(|r| r.count_ones()).max().unwrap_or(0) as u8;
                for len in min_len..=(longest + g.j).min(RANKS) {
                    g.sequences(len, None);
                }
            }
        }
        Some(pile) => {
            if rules.spade3 && pile.is_lone_joker() {
                // Only the 3♠ answers a lone joker (nothing is stronger than it).
                if g.rows[0] & 1 != 0 {
                    g.out.push(Play::single(card_at(THREE, 0)));
                }
                return;
            }
            let f = Follow {
                pile,
                reversed: trick.reversed(),
                lock: trick.lock,
                need: if trick.number_lock && pile.form() != Form::Sequence {
                    // No next rank: nothing natural can follow.
                    Some(next_rank(pile.low(), trick.reversed()).unwrap_or(RANKS + 1))
                } else {
                    None
                },
                compare: rules.sequence.compare,
            };
            match pile.form() {
                Form::Single => g.singles(Some(&f)),
                Form::Group => g.groups(pile.len() as u8, Some(&f)),
                Form::Sequence => {
                    if seq_on {
                        g.sequences(pile.len() as u8, Some(&f));
                    }
                }
            }
        }
    }
}

//! A position written in notation — a hand, a pile, the flags in force — as used by
//! `cardroom daifugo legal` and the rule-vector tests, checked for being possible.

use std::fmt;

use super::cardset::{CardSet, SuitSet};
use super::error::RuleError;
use super::legal::{TrickState, check_play, fits_lock};
use super::play::{Form, Play, PlayParseError};
use super::rules::Rules;
use crate::cards::{CardParseError, parse_cards};

/// What a position says, as text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionText<'a> {
    /// The hand, e.g. `"3S 3H 4H 5H JK"`.
    pub hand: &'a str,
    /// The pile's top play, if any (`"7S JK=8S 9S"`).
    pub pile: Option<&'a str>,
    /// A revolution is in force.
    pub revolution: bool,
    /// Jack-back is in force (only with a pile: it ends when the pile clears).
    pub jack_back: bool,
    /// Locked suits as letters (`"H"`, `"SH"`); ignored without a pile.
    pub lock: Option<&'a str>,
    /// A number lock is in force (singles and groups; ignored otherwise).
    pub number_lock: bool,
}

/// A checked position: the hand and the trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The hand.
    pub hand: CardSet,
    /// The trick state.
    pub trick: TrickState,
}

/// Why a position cannot be read or cannot happen. Text from `daifugo.legal.*`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A hand token is not a card, or more than two jokers.
    BadHand(CardParseError),
    /// A card is in the hand twice.
    HandDuplicate {
        /// The card.
        card: crate::cards::Card,
    },
    /// The pile cannot be read as a play.
    BadPile(PlayParseError),
    /// Cards both in the hand and on the pile.
    InBoth {
        /// The cards.
        cards: CardSet,
    },
    /// The pile is a play the rules do not allow (e.g. a sequence when sequences are off).
    ImpossiblePile {
        /// The pile as read.
        pile: Play,
        /// The rules' reason.
        reason: RuleError,
    },
    /// The pile does not have the locked suits.
    LockMismatch {
        /// The locked suits.
        suits: SuitSet,
        /// The pile.
        pile: Play,
    },
    /// More jokers than the rules put in the deck.
    TooManyJokers {
        /// Jokers given in hand and pile.
        count: u8,
        /// Jokers in the deck.
        allowed: u8,
    },
    /// A `--lock` character that is not a suit.
    BadLock {
        /// The character.
        ch: char,
    },
}

impl fmt::Display for PositionError {
    /// A short technical description (the data, as `Debug` shows it); players read the words
    /// of `i18n::daifugo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for PositionError {}

/// Reads and checks a position under `rules`. The hand's jokers are jokers 0, 1 in order; the
/// pile's jokers are the ones the hand does not hold. Errors: unknown cards, a card twice,
/// a card both in hand and pile, more jokers than the deck has, a pile that is no play or not
/// allowed by the rules, a lock the pile does not have, a lock letter that is not a suit.
pub fn parse_position(rules: &Rules, text: &PositionText<'_>) -> Result<Position, PositionError> {
    let cards = parse_cards(text.hand).map_err(PositionError::BadHand)?;
    let mut hand = CardSet::EMPTY;
    for c in &cards {
        if hand.contains(*c) {
            return Err(PositionError::HandDuplicate { card: *c });
        }
        hand.insert(*c);
    }
    let pile = match text.pile.filter(|p| !p.trim().is_empty()) {
        None => None,
        Some(p) => {
            let play = Play::parse(p).map_err(PositionError::BadPile)?;
            let both = play.cards().naturals().intersect(hand);
            if !both.is_empty() {
                return Err(PositionError::InBoth { cards: both });
            }
            let count = hand.joker_count() + play.joker_count();
            if count > rules.jokers.min(2) {
                return Err(PositionError::TooManyJokers {
                    count,
                    allowed: rules.jokers.min(2),
                });
            }
            let free_jokers = CardSet::deck(2).jokers().minus(hand);
            let play = play
                .with_jokers_from(free_jokers)
                .ok_or(PositionError::TooManyJokers {
                    count,
                    allowed: rules.jokers.min(2),
                })?;
            check_play(rules, &TrickState::default(), play)
                .map_err(|reason| PositionError::ImpossiblePile { pile: play, reason })?;
            Some(play)
        }
    };
    if pile.is_none() && hand.joker_count() > rules.jokers.min(2) {
        return Err(PositionError::TooManyJokers {
            count: hand.joker_count(),
            allowed: rules.jokers.min(2),
        });
    }
    let lock = match text.lock {
        Some(l) => SuitSet::parse(l).map_err(|ch| PositionError::BadLock { ch })?,
        None => SuitSet::EMPTY,
    };
    let mut trick = TrickState {
        pile,
        revolution: text.revolution,
        ..TrickState::default()
    };
    if let Some(p) = pile {
        if !lock.is_empty() && !fits_lock(p, lock) {
            return Err(PositionError::LockMismatch {
                suits: lock,
                pile: p,
            });
        }
        trick.lock = lock;
        trick.jack_back = text.jack_back;
        trick.number_lock = text.number_lock && p.form() != Form::Sequence;
    }
    Ok(Position { hand, trick })
}

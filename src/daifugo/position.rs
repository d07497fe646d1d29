//! A position written in notation — a hand, a pile, the flags in force — as used by
//! `cardroom daifugo legal` and the rule-vector tests, checked for being possible.

use std::fmt;

use super::cardset::{CardSet, SuitSet};
use super::error::RuleError;
use super::legal::{TrickState, check_play, fits_lock};
use super::play::{Form, Play, PlayParseError};
use super::rules::{Amount, Rules};
use super::state::{Pending, discard_eligible};
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
    /// A choice owed after the player's play (§3b): `give:N` (7-pass), `discard:N`
    /// (10-discard) or `bomb:N` (Q-bomber), N at least 1; up to or exactly N as the rules'
    /// `amount` says. The hand is then the hand after the play.
    pub pending: Option<&'a str>,
}

/// A checked position: the hand and the trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The hand.
    pub hand: CardSet,
    /// The trick state.
    pub trick: TrickState,
    /// The choice owed, if any (seat 0 owes it; a 7-pass goes to seat 1).
    pub pending: Option<Pending>,
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
    /// A pending choice that is not `give:N`, `discard:N` or `bomb:N` with N from 1 to 6.
    BadPending {
        /// The text as given.
        text: String,
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
    let pending = match text.pending {
        None => None,
        Some(t) => Some(parse_pending(rules, t, hand, &trick)?),
    };
    Ok(Position {
        hand,
        trick,
        pending,
    })
}

/// The most cards or ranks a choice can be owed: four natural cards of the rank and two
/// jokers counted with them.
pub const MAX_OWED: u8 = 6;

/// Reads a pending choice (`give:N`, `discard:N`, `bomb:N`) for a player holding `hand` in
/// `trick` (the order in force decides the cards a 10-discard may take).
fn parse_pending(
    rules: &Rules,
    text: &str,
    hand: CardSet,
    trick: &TrickState,
) -> Result<Pending, PositionError> {
    let bad = || PositionError::BadPending {
        text: text.to_string(),
    };
    let (kind, n) = text.trim().split_once(':').ok_or_else(bad)?;
    let n: u8 = n.trim().parse().map_err(|_| bad())?;
    if !(1..=MAX_OWED).contains(&n) {
        return Err(bad());
    }
    let up_to = |len: usize| n.min(len as u8);
    Ok(match kind.trim() {
        "give" => Pending::Give {
            seat: 0,
            to: 1,
            max: up_to(hand.len()),
            exact: rules.seven_pass.amount == Amount::Exact,
        },
        "discard" => {
            let eligible = discard_eligible(rules, hand, trick.reversed());
            Pending::Discard {
                seat: 0,
                max: up_to(eligible.len()),
                exact: rules.ten_discard.amount == Amount::Exact,
                eligible,
            }
        }
        "bomb" => Pending::Bomb { seat: 0, max: n },
        _ => return Err(bad()),
    })
}

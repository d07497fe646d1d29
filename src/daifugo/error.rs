//! Why the engine refused an action. Each variant carries the data a player needs to read the
//! reason (the cards, ranks, suits and seats it is about); the words are the edges' business
//! (`i18n::daifugo`, from the `daifugo.error.*` strings).

use std::fmt;

use super::cardset::{CardSet, SuitSet};
use super::play::Play;
use super::state::Pending;
use crate::cards::Rank;

/// An action the rules do not allow, or a table that cannot be set up. `apply` returns it and
/// leaves the game exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// A table needs 2 to 8 players.
    PlayerCount {
        /// The number asked for.
        players: usize,
    },
    /// A prepared position gives a seat no cards.
    EmptyHand {
        /// The seat.
        seat: usize,
    },
    /// There is no such seat at this table.
    NoSuchSeat {
        /// The seat given.
        seat: usize,
    },
    /// The match is over; nothing more can be played.
    MatchOver,
    /// The round is over and the next has not been dealt yet
    /// ([`Phase::RoundOver`](super::Phase::RoundOver)).
    RoundOver,
    /// Another seat is to act.
    NotYourTurn {
        /// The seat that tried to act.
        seat: usize,
        /// The seat to act.
        to_act: usize,
    },
    /// This seat passed and (in `locked` pass mode) must wait for the pile to clear.
    PassedAlready,
    /// This seat has gone out this round.
    Finished,
    /// The exchange is under way: the seat to act must choose cards to give back.
    ExchangeFirst,
    /// Cards can be given back only during the exchange.
    NotExchanging,
    /// The seat does not hold these cards.
    NotInHand {
        /// The cards it does not hold.
        cards: CardSet,
    },
    /// The give-back must be exactly `need` cards.
    GiveBackCount {
        /// Cards owed.
        need: usize,
        /// Cards offered.
        got: usize,
    },
    /// The leader must play (a pass needs a pile to pass on).
    LeaderMustPlay,
    /// Sequences are off under these rules (`sequence.enabled = false`).
    SequencesOff,
    /// A joker "below 3" or "above 2" at an end of a sequence, which these rules do not allow
    /// (`sequence.joker_ends`).
    JokerPastEnd,
    /// The sequence is shorter than `sequence.min_len`.
    SequenceTooShort {
        /// The shortest allowed.
        min: usize,
        /// The length played.
        len: usize,
    },
    /// The play does not have the pile's form and size ("a pair needs to be answered by a
    /// pair").
    FormMismatch {
        /// The pile.
        pile: Play,
        /// The play tried.
        play: Play,
    },
    /// The play is not strictly stronger than the pile in the current order.
    DoesNotBeat {
        /// The play tried.
        play: Play,
        /// The pile.
        pile: Play,
    },
    /// The trick is suit-locked and the play does not have the locked suits.
    SuitLocked {
        /// The locked suits.
        suits: SuitSet,
    },
    /// The trick is number-locked and the play is not of the next rank.
    NumberLocked {
        /// The rank required.
        need: Rank,
    },
    /// The trick is number-locked on the strongest rank of the order in force: no rank
    /// follows it, so only jokers may be played (`rules/daifugo.md` §3, number lock).
    NumberLockedOut,
    /// The play would empty the hand with a forbidden finish, which these rules do not allow
    /// (`forbidden_finish.mode = "illegal"`).
    ForbiddenFinish {
        /// The play.
        play: Play,
    },
    /// A choice is owed first (7-pass, 10-discard, Q-bomber), and this action is not it.
    ChoiceOwed {
        /// The choice owed.
        pending: Pending,
    },
    /// Cards to give or discard, or ranks to name, but nothing is owed now.
    NothingOwed,
    /// The wrong number of cards to give or discard.
    CardCount {
        /// The most allowed (or the number required, when `exact`).
        max: usize,
        /// Whether exactly `max` must go.
        exact: bool,
        /// How many were offered.
        got: usize,
    },
    /// Cards a 10-discard may not throw away (`ten_discard.eligible`).
    NotEligible {
        /// The cards.
        cards: CardSet,
    },
    /// More ranks named than the Q-bomber allows.
    TooManyRanks {
        /// The most allowed.
        max: usize,
        /// How many were named.
        got: usize,
    },
}

impl fmt::Display for RuleError {
    /// A short technical description (the data, as `Debug` shows it); players read the words
    /// of `i18n::daifugo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for RuleError {}

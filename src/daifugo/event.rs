//! What a seat can do ([`Action`]) and what the engine reports ([`Event`]), and where events go
//! ([`EventSink`]). Automatic steps — dealing, the forced exchange, clearing the pile, places,
//! the next round — come out as events so a UI can show and pace them, and a record writer can
//! write them.

use serde::{Deserialize, Serialize};

use super::cardset::{CardSet, SuitSet};
use super::play::Play;

/// The most seats at a table.
pub const MAX_SEATS: usize = 8;

/// Something a seat does. Plays and passes during a trick; during the exchange the upper
/// player's choice of cards to give back (`rules/daifugo.md` §2), so the UI and the CPUs use the
/// same path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Put a play on the pile.
    Play(Play),
    /// Pass.
    Pass,
    /// Give these cards back to the lower player of the exchange.
    GiveBack(CardSet),
}

/// Why the pile cleared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClearCause {
    /// Every active player other than the last to play passed.
    AllPassed,
    /// A natural 8 (8切り).
    EightCut,
    /// The 3♠ answered a lone joker.
    Spade3,
}

/// How a player left the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishKind {
    /// Went out normally: the next free place from the top.
    Out,
    /// Went out with a forbidden finish (反則上がり): the lowest free place.
    Foul,
    /// The reigning 大富豪 fell (都落ち): the lowest free place, cards out of play.
    MiyakoOchi,
    /// The last player holding cards: the one free place left.
    Last,
    /// Placed by the random draw of a stalemate (千日手, `stalemate_passes`).
    Stalemate,
}

/// Places by seat (1-based; 0 = not placed), the first `players` entries meaningful.
pub type Places = [u8; MAX_SEATS];

/// Something that happened, in order. Seats are 0-based; rounds 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A round was dealt: every seat's cards (the first `players` entries). `first` is the seat
    /// that received the first card (the dealer; see [`super::game`]).
    Deal {
        /// Round number.
        round: u32,
        /// Seat dealt first.
        first: u8,
        /// Number of seats.
        players: u8,
        /// Each seat's hand.
        hands: [CardSet; MAX_SEATS],
    },
    /// Cards moved in the exchange: `forced` from the lower player (their strongest), else the
    /// upper player's give-back.
    Exchange {
        /// Round number.
        round: u32,
        /// Giving seat.
        from: u8,
        /// Receiving seat.
        to: u8,
        /// The cards.
        cards: CardSet,
        /// Whether the rules chose the cards (the lower player's strongest).
        forced: bool,
    },
    /// The seat to lead the round's first trick.
    Lead {
        /// The leader.
        seat: u8,
    },
    /// A play was made.
    Play {
        /// Who played.
        seat: u8,
        /// What.
        play: Play,
    },
    /// A seat passed.
    Pass {
        /// Who passed.
        seat: u8,
    },
    /// A revolution turned the order (革命) or turned it back (革命返し).
    Revolution {
        /// Whether the order is now revolutionised.
        active: bool,
    },
    /// A suit lock began (縛り).
    Lock {
        /// The locked suits.
        suits: SuitSet,
    },
    /// A number lock began (階段縛り).
    NumberLock,
    /// Jack-back began (11バック).
    JackBack,
    /// 千日手: too many passes in a row (or nobody willing to lead); the seats still holding
    /// cards are placed in a random order by the `Finish` events that follow.
    Stalemate,
    /// A player finished.
    Finish {
        /// Who.
        seat: u8,
        /// Their place (1-based).
        place: u8,
        /// How.
        kind: FinishKind,
    },
    /// The pile cleared; `leader` leads the next trick.
    Clear {
        /// Who leads.
        leader: u8,
        /// Why it cleared.
        cause: ClearCause,
    },
    /// The round ended.
    RoundEnd {
        /// Round number.
        round: u32,
        /// Number of seats.
        players: u8,
        /// Places by seat.
        places: Places,
        /// Points scored this round by seat (players − place + 1).
        points: [u32; MAX_SEATS],
    },
    /// The match ended.
    MatchEnd {
        /// Number of seats.
        players: u8,
        /// Total points by seat.
        totals: [u32; MAX_SEATS],
    },
}

/// Where the engine sends events. `Vec<Event>` collects them; [`Discard`] drops them (the fast
/// CPU-only loop).
pub trait EventSink {
    /// Receives one event.
    fn event(&mut self, e: &Event);
}

impl EventSink for Vec<Event> {
    fn event(&mut self, e: &Event) {
        self.push(*e);
    }
}

/// An [`EventSink`] that drops everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct Discard;

impl EventSink for Discard {
    #[inline]
    fn event(&mut self, _e: &Event) {}
}

impl<S: EventSink + ?Sized> EventSink for &mut S {
    fn event(&mut self, e: &Event) {
        (**self).event(e);
    }
}

//! What a seat can do ([`Action`]) and what the engine reports ([`Event`]), and where events go
//! ([`EventSink`]). Automatic steps — dealing, the forced exchange, clearing the pile, places,
//! the next round — come out as events so a UI can show and pace them, and a record writer can
//! write them.

use serde::{Deserialize, Serialize};

use super::cardset::{CardSet, RankSet, SuitSet};
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
    /// 7-pass: give these cards (up to or exactly the count owed) to the next player.
    Give(CardSet),
    /// 10-discard: throw these cards out of play, face up.
    Discard(CardSet),
    /// Q-bomber: name these ranks (up to the count owed; none is allowed).
    Bomb(RankSet),
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
    /// A pair of natural 9s (救急車, `ambulance = "cut"`).
    Ambulance,
    /// Three natural 3s (砂嵐, `sandstorm = "cut_triple"`).
    Sandstorm,
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
    /// 5-skip: this seat's turn is passed over (it counts as having passed).
    Skip {
        /// The seat skipped.
        seat: u8,
    },
    /// 7-pass: cards given to the next player (only these two seats see which).
    Give {
        /// The giver.
        from: u8,
        /// The receiver.
        to: u8,
        /// The cards.
        cards: CardSet,
    },
    /// 10-discard: cards thrown out of play, face up.
    Discard {
        /// Who discarded.
        seat: u8,
        /// The cards.
        cards: CardSet,
    },
    /// 9-reverse: the direction of play changed.
    Reverse {
        /// Whether play now goes to the next higher seat.
        clockwise: bool,
    },
    /// Q-bomber: the ranks named and the cards every seat lost (face up, out of play).
    Bomb {
        /// The bomber.
        seat: u8,
        /// The ranks named.
        ranks: RankSet,
        /// Number of seats.
        players: u8,
        /// The cards each seat lost (by seat; the first `players` entries meaningful).
        lost: [CardSet; MAX_SEATS],
    },
    /// Gekokujo: the reigning 大貧民 finished first; the titles turn over for the next round.
    Gekokujo {
        /// The former 大貧民.
        seat: u8,
    },
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

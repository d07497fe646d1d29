//! Games that start from a prepared position: [`Scenario`] (hands chosen by hand, for tests
//! and study). Search CPUs rebuild a round from a view with
//! [`RoundState::from_view`](crate::daifugo::state::RoundState::from_view).

use super::{Game, MatchSettings};
use crate::cards::GameRng;
use crate::daifugo::cardset::CardSet;
use crate::daifugo::error::RuleError;
use crate::daifugo::event::{EventSink, MAX_SEATS};

/// A prepared position for tests and study: given hands, a leader, and optionally a round
/// number, the previous round's places (titles, the reigning 大富豪, the exchange) and a
/// revolution in force. Cards in no hand are out of play.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scenario {
    /// Each seat's cards (one entry per seat).
    pub hands: Vec<CardSet>,
    /// The seat to lead (when there is no exchange to make first, or after it when the rules'
    /// later-round leader does not apply).
    pub leader: usize,
    /// Round number (1 when 0).
    pub round: u32,
    /// The previous round's places by seat (1-based), for round 2 and later.
    pub previous_places: Option<Vec<u8>>,
    /// Start with a revolution in force.
    pub revolution: bool,
    /// Run the exchange first (needs `previous_places` and `rules.exchange`).
    pub exchange: bool,
}

impl Game {
    /// [`Game::new_into`] for a match that continues a table whose previous round's places are
    /// known — `previous_places` by seat, 1-based. Round 1 is then played like a later round:
    /// titles from those places, dealt from their 大貧民, with the exchange when the rules have
    /// one. For hosts that reseat the players between matches (the UECda server's seat
    /// shuffle, `uecda.md`), so each seating is one match and the classes carry over.
    ///
    /// Errors: [`RuleError::PlayerCount`] unless 2..=8 players and one place per seat;
    /// [`RuleError::NoSuchSeat`] when the places are not a permutation of 1..=players.
    pub fn new_after<S: EventSink + ?Sized>(
        settings: MatchSettings,
        rng: GameRng,
        previous_places: &[u8],
        sink: &mut S,
    ) -> Result<Game, RuleError> {
        let mut g = Game::blank(settings, rng)?;
        let n = g.players();
        if previous_places.len() != n {
            return Err(RuleError::PlayerCount {
                players: previous_places.len(),
            });
        }
        let mut sorted = previous_places.to_vec();
        sorted.sort_unstable();
        if sorted != (1..=n as u8).collect::<Vec<_>>() {
            return Err(RuleError::NoSuchSeat { seat: n });
        }
        let mut places = [0u8; MAX_SEATS];
        places[..n].copy_from_slice(previous_places);
        g.set_previous(places);
        g.start_round(sink);
        g.refresh_legal();
        Ok(g)
    }

    /// A game from a prepared position ([`Scenario`]) for tests and study. Opening events
    /// (the forced exchange if asked for, `Lead`) go to `sink`. The match has
    /// `settings.rounds` rounds in all, counting the scenario's round.
    ///
    /// Errors: [`RuleError::PlayerCount`] for a bad seat count or a hand list of another
    /// length; [`RuleError::EmptyHand`] for a seat without cards; [`RuleError::NotInHand`]
    /// naming cards dealt twice; [`RuleError::NoSuchSeat`]
    /// for a leader off the table or previous places that are not a permutation.
    pub fn from_scenario<S: EventSink + ?Sized>(
        settings: MatchSettings,
        rng: GameRng,
        sc: &Scenario,
        sink: &mut S,
    ) -> Result<Game, RuleError> {
        let mut g = Game::blank(settings, rng)?;
        let n = g.players();
        if sc.hands.len() != n {
            return Err(RuleError::PlayerCount {
                players: sc.hands.len(),
            });
        }
        let mut seen = CardSet::EMPTY;
        for (seat, h) in sc.hands.iter().enumerate() {
            if h.is_empty() {
                return Err(RuleError::EmptyHand { seat });
            }
            let twice = seen.intersect(*h);
            if !twice.is_empty() {
                return Err(RuleError::NotInHand { cards: twice });
            }
            seen = seen.union(*h);
        }
        if sc.leader >= n {
            return Err(RuleError::NoSuchSeat { seat: sc.leader });
        }
        if let Some(p) = &sc.previous_places {
            let mut sorted = p.clone();
            sorted.sort_unstable();
            if sorted != (1..=n as u8).collect::<Vec<_>>() {
                return Err(RuleError::NoSuchSeat { seat: n });
            }
            let mut places = [0u8; MAX_SEATS];
            places[..n].copy_from_slice(p);
            g.set_previous(places);
        }
        let round = sc.round.max(1);
        g.rounds = g.rounds.max(round);
        g.reset_round(round);
        g.state.hands[..n].copy_from_slice(&sc.hands);
        for s in 0..n {
            g.state.counts[s] = g.state.hands[s].len() as u8;
        }
        g.state.out_of_play = CardSet::deck(g.state.rules.jokers).minus(seen);
        g.state.trick.revolution = sc.revolution;
        if g.state.rules.may_stall() {
            let seed = rand::RngExt::random::<u64>(&mut g.rng.0);
            g.state.set_stalemate_seed(seed);
        }
        if sc.exchange && g.state.rules.exchange && g.prev_places.is_some() {
            g.forced_exchange(sink);
        } else {
            g.begin_play(Some(sc.leader as u8), sink);
        }
        g.refresh_legal();
        Ok(g)
    }
}

//! Games that start from a prepared position: [`Scenario`] (hands chosen by hand, for tests
//! and study) and [`Game::from_view`] (a seat's view plus hypothesised hands, for search CPUs).

use super::{Game, MatchSettings};
use crate::cards::GameRng;
use crate::daifugo::cardset::{CardSet, SeatSet};
use crate::daifugo::error::RuleError;
use crate::daifugo::event::{EventSink, MAX_SEATS};
use crate::daifugo::view::{Phase, SeatView, Title};

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
        let n = usize::from(g.players);
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
        let n = usize::from(g.players);
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
        g.round = sc.round.max(1);
        g.rounds = g.rounds.max(g.round);
        g.reset_round();
        g.hands[..n].copy_from_slice(&sc.hands);
        for s in 0..n {
            g.counts[s] = g.hands[s].len() as u8;
        }
        let deck = CardSet((1u64 << (52 + u32::from(g.rules.jokers))) - 1);
        g.out_of_play = deck.minus(seen);
        g.trick.revolution = sc.revolution;
        if sc.exchange && g.rules.exchange && g.prev_places.is_some() {
            g.forced_exchange(sink);
        } else {
            g.begin_play(Some(sc.leader as u8), sink);
        }
        g.refresh_legal();
        Ok(g)
    }

    /// A game rebuilt from one seat's view, with `hands` as every seat's cards: the view's seat
    /// must get exactly its own hand and every other seat as many cards as the view counts.
    /// Everything public — the trick, passes, places, titles, totals, the log — comes from the
    /// view; `rng` deals any later rounds. This is determinization for search-based CPUs: sample
    /// the unseen cards into the other hands, then play out on the real engine.
    ///
    /// Works during a trick; errors: [`RuleError::ExchangeFirst`] during the exchange,
    /// [`RuleError::MatchOver`] after the match, [`RuleError::PlayerCount`] for a hand list of
    /// the wrong length, [`RuleError::NotInHand`] naming cards that do not fit (a wrong own
    /// hand, a wrong count, a card twice or already played).
    pub fn from_view(
        view: &SeatView<'_>,
        hands: &[CardSet],
        rng: GameRng,
    ) -> Result<Game, RuleError> {
        let n = view.players;
        let settings = MatchSettings {
            rules: *view.rules,
            players: n,
            rounds: view.rounds,
        };
        let mut g = Game::blank(settings, rng)?;
        let turn = match (view.phase, view.to_act) {
            (Phase::Play, Some(t)) => t,
            (Phase::Exchange, _) => return Err(RuleError::ExchangeFirst),
            _ => return Err(RuleError::MatchOver),
        };
        if hands.len() != n {
            return Err(RuleError::PlayerCount {
                players: hands.len(),
            });
        }
        let mut seen = view.played;
        for (s, h) in hands.iter().enumerate() {
            let clash = seen.intersect(*h);
            let wrong_own = s == view.seat && *h != view.hand;
            if !clash.is_empty() || wrong_own || h.len() != usize::from(view.counts[s]) {
                return Err(RuleError::NotInHand {
                    cards: if clash.is_empty() { *h } else { clash },
                });
            }
            seen = seen.union(*h);
        }
        let deck = CardSet((1u64 << (52 + u32::from(g.rules.jokers))) - 1);
        g.round = view.round;
        g.hands[..n].copy_from_slice(hands);
        g.counts[..n].copy_from_slice(view.counts);
        g.played = view.played;
        g.out_of_play = deck.minus(seen);
        g.trick = view.trick;
        g.turn = turn as u8;
        g.last = view.pile_seat.unwrap_or(turn) as u8;
        g.passed = view.passed;
        g.places[..n].copy_from_slice(view.places);
        g.active = SeatSet(
            (0..n)
                .filter(|s| view.places[*s] == 0)
                .fold(0u8, |m, s| m | (1 << s)),
        );
        // Places are handed out from both ends, so the free ones are one run in the middle.
        let taken = |p: u8| view.places.contains(&p);
        g.next_top = (1..=n as u8).find(|p| !taken(*p)).unwrap_or(n as u8);
        g.next_bottom = (1..=n as u8).rev().find(|p| !taken(*p)).unwrap_or(1);
        g.titles[..n].copy_from_slice(view.titles);
        g.reigning = view
            .titles
            .iter()
            .position(|t| *t == Some(Title::Daifugo))
            .map(|s| s as u8);
        g.totals[..n].copy_from_slice(view.totals);
        g.exchange[view.seat] = view.exchange;
        g.log = view.log.to_vec();
        g.phase = Phase::Play;
        Ok(g)
    }
}

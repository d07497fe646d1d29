//! The Daifugo advisor (issue 14 item 5): the `hard` level's estimate of each action open to a
//! seat, from what that seat may see and nothing else.
//!
//! * [`OwnedSeatView`] — an owned copy of one [`SeatView`], so the estimate can run on a worker
//!   thread while the game goes on. Like the view it copies, it has a field for the seat's own
//!   hand and for public facts (counts, pile, played cards, the public log, the seat's own
//!   exchange) and no field that could hold another seat's cards.
//! * [`OwnedSeatView::from_position`] — the same for a position written in notation
//!   (`cardroom daifugo advise`): the hand and trick of `daifugo legal` plus the other
//!   players' card counts and, optionally, the cards already played.
//! * [`advise`] — [`super::hard::estimate_actions`] on such a view.

use serde::Serialize;

use super::hard::{Budget, estimate_actions};
use crate::daifugo::cardset::{CardSet, SeatSet};
use crate::daifugo::event::{Action, MAX_SEATS};
use crate::daifugo::legal::{LegalCache, TrickState};
use crate::daifugo::position::Position;
use crate::daifugo::rules::Rules;
use crate::daifugo::state::RoundState;
use crate::daifugo::view::{
    Decision, ExchangeNote, Gift, LogEntry, Phase, SeatView, Title, ViewContext,
};

/// What one seat may see, owned (see the module docs). Built only from a [`SeatView`] or a
/// written position; serializable so tests can list every card it mentions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OwnedSeatView {
    /// The seat (0-based).
    pub seat: usize,
    /// Number of seats.
    pub players: usize,
    /// The rules of the table.
    pub rules: Rules,
    /// Round number (1-based).
    pub round: u32,
    /// Rounds in the match.
    pub rounds: u32,
    /// This seat's cards.
    pub hand: CardSet,
    /// Cards held by each seat (a count, never the cards).
    pub counts: Vec<u8>,
    /// The trick: pile, locks, revolution, jack-back.
    pub trick: TrickState,
    /// Who played the pile's top play.
    pub pile_seat: Option<usize>,
    /// Seats that have passed on this pile.
    pub passed: SeatSet,
    /// Passes in a row since the last play (public).
    pub pass_streak: u16,
    /// Play goes to the next higher seat (else lower: 9-reverse).
    pub clockwise: bool,
    /// Cards out of play face up this round (10-discard, Q-bomber), public.
    pub discarded: CardSet,
    /// Places so far this round by seat (0 = still playing).
    pub places: Vec<u8>,
    /// Titles from the previous round by seat.
    pub titles: Vec<Option<Title>>,
    /// Every card played this round (public).
    pub played: CardSet,
    /// How many cards miyako-ochi took out of play (which ones is not shown).
    pub out_of_play: u8,
    /// The public log of this round, oldest first.
    pub log: Vec<LogEntry>,
    /// This seat's own exchange this round.
    pub exchange: ExchangeNote,
    /// The 7-pass gifts this seat gave or received this round (its own knowledge).
    pub gifts: Vec<Gift>,
    /// Total points so far by seat.
    pub totals: Vec<u32>,
    /// The seat to act (`None` when the match is over).
    pub to_act: Option<usize>,
    /// Where the match stands.
    pub phase: Phase,
    /// What the seat decides: `Some(can_pass)` when it is to play, `None` otherwise (waiting,
    /// giving back, a pending 7-pass, 10-discard or Q-bomber choice, match over — the advisor
    /// has nothing to say then).
    pub to_play: Option<bool>,
}

/// Why a written position cannot be advised on (turned into words by the CLI).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdviseError {
    /// `--counts` names no other player, or more than the table can seat.
    Players {
        /// Other players given.
        given: usize,
        /// The most other players a table seats.
        max: usize,
    },
    /// A count of 0 (a player who has finished is left out of `--counts`).
    ZeroCount {
        /// 1-based position in `--counts`.
        index: usize,
    },
    /// The other players hold more cards than are unseen.
    TooManyCards {
        /// Cards in the counts.
        counted: usize,
        /// Cards neither in the hand, on the pile nor played.
        unseen: usize,
    },
    /// A card listed as played is in the hand or on the pile.
    PlayedTwice {
        /// The card.
        card: crate::cards::Card,
    },
}

impl OwnedSeatView {
    /// The owned copy of `v` (what the seat sees, nothing more).
    pub fn from_view(v: &SeatView<'_>) -> OwnedSeatView {
        OwnedSeatView {
            seat: v.seat(),
            players: v.players(),
            rules: *v.rules(),
            round: v.round(),
            rounds: v.rounds(),
            hand: v.hand(),
            counts: v.counts().to_vec(),
            trick: v.trick(),
            pile_seat: v.pile_seat(),
            passed: v.passed(),
            pass_streak: v.pass_streak(),
            clockwise: v.clockwise(),
            discarded: v.discarded(),
            places: v.places().to_vec(),
            titles: v.titles().to_vec(),
            played: v.played(),
            out_of_play: v.out_of_play(),
            log: v.log().to_vec(),
            exchange: v.exchange(),
            gifts: v.gifts().to_vec(),
            totals: v.totals().to_vec(),
            to_act: v.to_act(),
            phase: v.phase(),
            to_play: match v.decision() {
                Decision::Play { can_pass } => Some(can_pass),
                _ => None,
            },
        }
    }

    /// Seat 0 of a fresh one-round table, to play on `pos`: the other seats hold `counts`
    /// cards (seat 1 first), the pile (if any) was played by the last seat, and `played`
    /// (plus the pile) is out of every hand. Cards unaccounted for — neither in the hand,
    /// played, nor in the counts — count as played without saying which (the view's
    /// out-of-play count).
    ///
    /// Errors: no other player or more than [`MAX_SEATS`]` − 1`, a count of 0, counts above the
    /// unseen cards, a played card also in the hand or on the pile.
    pub fn from_position(
        rules: &Rules,
        pos: &Position,
        counts: &[u8],
        played: CardSet,
    ) -> Result<OwnedSeatView, AdviseError> {
        if counts.is_empty() || counts.len() >= MAX_SEATS {
            return Err(AdviseError::Players {
                given: counts.len(),
                max: MAX_SEATS - 1,
            });
        }
        if let Some(i) = counts.iter().position(|c| *c == 0) {
            return Err(AdviseError::ZeroCount { index: i + 1 });
        }
        let pile = pos.trick.pile.map_or(CardSet::EMPTY, |p| p.cards());
        if let Some(card) = played.intersect(pos.hand.union(pile)).iter().next() {
            return Err(AdviseError::PlayedTwice { card });
        }
        let played = played.union(pile);
        let unseen = CardSet::deck(rules.jokers)
            .minus(pos.hand)
            .minus(played)
            .len();
        let counted: usize = counts.iter().map(|c| usize::from(*c)).sum();
        if counted > unseen {
            return Err(AdviseError::TooManyCards { counted, unseen });
        }
        let players = counts.len() + 1;
        let mut all = vec![pos.hand.len() as u8];
        all.extend_from_slice(counts);
        Ok(OwnedSeatView {
            seat: 0,
            players,
            rules: *rules,
            round: 1,
            rounds: 1,
            hand: pos.hand,
            counts: all,
            trick: pos.trick,
            pile_seat: pos.trick.pile.map(|_| players - 1),
            passed: SeatSet::default(),
            pass_streak: 0,
            clockwise: true,
            discarded: CardSet::EMPTY,
            places: vec![0; players],
            titles: vec![None; players],
            played,
            out_of_play: (unseen - counted).min(usize::from(u8::MAX)) as u8,
            log: Vec::new(),
            exchange: ExchangeNote::default(),
            gifts: Vec::new(),
            totals: vec![0; players],
            to_act: Some(0),
            phase: Phase::Play,
            to_play: Some(pos.trick.pile.is_some() || rules.leader_may_pass),
        })
    }

    /// The round as this seat may know it: its own hand, every public fact, and no other
    /// hand — the other seats hold no cards here, only their counts; the cards miyako-ochi
    /// took out of play (a count in the view) are stood for by that many unseen cards, of
    /// which only the number is ever read through a view.
    fn masked_round(&self) -> RoundState {
        let n = self.players.min(MAX_SEATS);
        let mut st = RoundState::blank(self.rules, n as u8);
        st.round = self.round;
        st.hands[self.seat.min(MAX_SEATS - 1)] = self.hand;
        for s in 0..n {
            st.counts[s] = self.counts.get(s).copied().unwrap_or(0);
        }
        st.seat_places(&self.places);
        st.played = self.played;
        let unseen = CardSet::deck(self.rules.jokers)
            .minus(self.hand)
            .minus(self.played);
        st.out_of_play = unseen.iter().take(usize::from(self.out_of_play)).collect();
        st.trick = self.trick;
        let turn = self.to_act.unwrap_or(self.seat) as u8;
        st.turn = turn;
        st.last = self.pile_seat.map_or(turn, |s| s as u8);
        st.passed = self.passed;
        st.pass_streak = self.pass_streak;
        st.clockwise = self.clockwise;
        st.discarded = self.discarded;
        for (s, t) in self.titles.iter().enumerate().take(n) {
            st.titles[s] = *t;
            match t {
                Some(Title::Daifugo) => st.reigning = Some(s as u8),
                Some(Title::Daihinmin) => st.reigning_low = Some(s as u8),
                _ => {}
            }
        }
        st.totals[..n].copy_from_slice(&self.totals[..n]);
        st
    }

    /// Runs `f` on the borrowed [`SeatView`] of this copy (legal plays from a fresh cache).
    pub fn with_view<R>(&self, f: impl FnOnce(&SeatView<'_>) -> R) -> R {
        let st = self.masked_round();
        let cache = LegalCache::default();
        let ctx = ViewContext {
            rounds: self.rounds,
            log: &self.log,
            exchange: self.exchange,
            gifts: &self.gifts,
            phase: self.phase,
            to_act: self.to_act,
        };
        let view = st.seat_view(self.seat, &cache, ctx);
        f(&view)
    }
}

/// The `hard` level's estimate for each action of `input`'s seat: expected round points after
/// it (see [`estimate_actions`] for the order, the units and the method). Empty when the seat
/// is not to play.
pub fn advise(input: &OwnedSeatView, budget: Budget, seed: u64) -> Vec<(Action, f64)> {
    input.with_view(|v| estimate_actions(v, budget, seed))
}

/// The index of the best estimate (the first of equal ones, within 1e-9), if any.
pub fn best_index(estimates: &[(Action, f64)]) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, (_, v)) in estimates.iter().enumerate() {
        if best.is_none_or(|(_, b)| *v > b + 1e-9) {
            best = Some((i, *v));
        }
    }
    best.map(|(i, _)| i)
}

//! What one seat may see.
//!
//! * [`SeatView`] — borrowed and cheap (a few words), built for every CPU decision; what it
//!   shows is read when asked. By type it shows only that seat's own hand, the public state
//!   (counts, pile, flags, played cards, the public log) and the seat's own exchange: the round
//!   and game it borrows are private to this module, no method reaches another hand, and the
//!   engine hands CPUs nothing else.
//! * [`Snapshot`] — the same information as owned, serializable plain data for the UI, plus
//!   the results so far.
//!
//! Also here: titles ([`Title`], `rules/daifugo.md` §2), the public log ([`LogEntry`]) and
//! round and match results.

use std::cell::Ref;
use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Serialize};

use super::cardset::{CardSet, RankSet, SeatSet, SuitSet};
use super::event::{Action, ClearCause, Event, FinishKind};
use super::game::Game;
use super::legal::{LegalCache, LegalPlays, TrickState};
use super::play::Play;
use super::rules::Rules;
use super::state::RoundState;
use crate::cards::Card;

/// A title earned by a place (`rules/daifugo.md` §2 "Titles by player count").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Title {
    /// 大富豪, first place.
    Daifugo,
    /// 富豪, second place (4 or more players).
    Fugo,
    /// 平民, the middle places.
    Heimin,
    /// 貧民, second to last (4 or more players).
    Hinmin,
    /// 大貧民, last place.
    Daihinmin,
}

impl Title {
    /// The title of `place` (1-based) among `players`: 2 — 大富豪, 大貧民; 3 — 大富豪, 平民,
    /// 大貧民; 4 — 大富豪, 富豪, 貧民, 大貧民; 5 or more — 平民 fill the middle.
    pub fn for_place(place: usize, players: usize) -> Title {
        if place <= 1 {
            Title::Daifugo
        } else if place >= players {
            Title::Daihinmin
        } else if players >= 4 && place == 2 {
            Title::Fugo
        } else if players >= 4 && place == players - 1 {
            Title::Hinmin
        } else {
            Title::Heimin
        }
    }
}

/// One public line of the round's log: what every seat saw happen. Exchanges show only who
/// gave how many cards to whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LogEntry {
    /// Cards changed hands in the exchange.
    Exchange {
        /// Giving seat.
        from: u8,
        /// Receiving seat.
        to: u8,
        /// How many cards.
        count: u8,
        /// The lower player's forced gift (else the upper player's give-back).
        forced: bool,
    },
    /// The round's first leader.
    Lead {
        /// The leader.
        seat: u8,
    },
    /// A play.
    Play {
        /// Who played.
        seat: u8,
        /// What.
        play: Play,
    },
    /// A pass.
    Pass {
        /// Who passed.
        seat: u8,
    },
    /// A revolution (or its reversal).
    Revolution {
        /// Whether the order is now revolutionised.
        active: bool,
    },
    /// A suit lock began.
    Lock {
        /// The locked suits.
        suits: SuitSet,
    },
    /// A number lock began.
    NumberLock,
    /// Jack-back began.
    JackBack,
    /// A stalemate (千日手): the places left are drawn at random (the finishes follow).
    Stalemate,
    /// 5-skip: a seat was passed over.
    Skip {
        /// The seat skipped.
        seat: u8,
    },
    /// 7-pass: how many cards went to whom (the cards only the two seats see).
    Give {
        /// The giver.
        from: u8,
        /// The receiver.
        to: u8,
        /// How many cards.
        count: u8,
    },
    /// Cards out of play face up: a 10-discard, or what a seat lost to a Q-bomber.
    Discard {
        /// Whose cards.
        seat: u8,
        /// The cards.
        cards: CardSet,
        /// Lost to a Q-bomber (else a 10-discard).
        bomb: bool,
    },
    /// 9-reverse: the direction of play changed.
    Reverse {
        /// Whether play now goes to the next higher seat.
        clockwise: bool,
    },
    /// Q-bomber: the ranks named (the losses follow as `Discard` entries).
    Bomb {
        /// The bomber.
        seat: u8,
        /// The ranks named.
        ranks: RankSet,
    },
    /// Gekokujo: the reigning 大貧民 finished first.
    Gekokujo {
        /// The former 大貧民.
        seat: u8,
    },
    /// A player finished.
    Finish {
        /// Who.
        seat: u8,
        /// Place.
        place: u8,
        /// How.
        kind: FinishKind,
    },
    /// The pile cleared.
    Clear {
        /// Who leads.
        leader: u8,
        /// Why.
        cause: ClearCause,
    },
}

impl LogEntry {
    /// Appends the public part of an event to a round's log: nothing for events that are not
    /// logged per round (the deal, round and match ends), one entry per seat's loss for a
    /// Q-bomber.
    pub fn push_event(e: &Event, log: &mut Vec<LogEntry>) {
        if let Event::Bomb {
            seat, ranks, lost, ..
        } = *e
        {
            log.push(LogEntry::Bomb { seat, ranks });
            for (s, cards) in lost.iter().enumerate() {
                if !cards.is_empty() {
                    log.push(LogEntry::Discard {
                        seat: s as u8,
                        cards: *cards,
                        bomb: true,
                    });
                }
            }
        } else if let Some(l) = LogEntry::from_event(e) {
            log.push(l);
        }
    }

    /// The public part of an event; `None` for events that are not logged per round (the deal,
    /// round and match ends). A Q-bomber gives its ranks only (see [`LogEntry::push_event`]).
    pub fn from_event(e: &Event) -> Option<LogEntry> {
        Some(match *e {
            Event::Skip { seat } => LogEntry::Skip { seat },
            Event::Give { from, to, cards } => LogEntry::Give {
                from,
                to,
                count: cards.len() as u8,
            },
            Event::Discard { seat, cards } => LogEntry::Discard {
                seat,
                cards,
                bomb: false,
            },
            Event::Reverse { clockwise } => LogEntry::Reverse { clockwise },
            Event::Bomb { seat, ranks, .. } => LogEntry::Bomb { seat, ranks },
            Event::Gekokujo { seat } => LogEntry::Gekokujo { seat },
            Event::Exchange {
                from,
                to,
                cards,
                forced,
                ..
            } => LogEntry::Exchange {
                from,
                to,
                count: cards.len() as u8,
                forced,
            },
            Event::Lead { seat } => LogEntry::Lead { seat },
            Event::Play { seat, play } => LogEntry::Play { seat, play },
            Event::Pass { seat } => LogEntry::Pass { seat },
            Event::Revolution { active } => LogEntry::Revolution { active },
            Event::Lock { suits } => LogEntry::Lock { suits },
            Event::NumberLock => LogEntry::NumberLock,
            Event::JackBack => LogEntry::JackBack,
            Event::Stalemate => LogEntry::Stalemate,
            Event::Finish { seat, place, kind } => LogEntry::Finish { seat, place, kind },
            Event::Clear { leader, cause } => LogEntry::Clear { leader, cause },
            Event::Deal { .. } | Event::RoundEnd { .. } | Event::MatchEnd { .. } => return None,
        })
    }
}

/// A seat's own side of this round's exchange (empty when it took no part).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeNote {
    /// Cards this seat gave.
    pub gave: CardSet,
    /// Cards this seat received.
    pub received: CardSet,
}

/// Where the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// An upper player is choosing cards to give back.
    Exchange,
    /// Tricks are being played.
    Play,
    /// A round is over and the next waits to be dealt by
    /// [`Game::next_round`](super::Game::next_round) (only when
    /// [`Game::set_pause_between_rounds`](super::Game::set_pause_between_rounds) is on): the
    /// table stands as the round left it, and no seat acts.
    RoundOver,
    /// The match is over.
    MatchOver,
}

/// What a seat is asked to decide now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// Play one of [`SeatView::legal_plays`] (weakest first, grouped by form), or pass when
    /// `can_pass`.
    Play {
        /// Whether passing is allowed (there is a pile).
        can_pass: bool,
    },
    /// Give back `count` cards of the hand to seat `to`.
    GiveBack {
        /// How many cards.
        count: u8,
        /// The lower player receiving them.
        to: u8,
    },
    /// 7-pass: give up to (or, when `exact`, exactly) `count` cards of the hand to seat `to`.
    Give {
        /// How many cards at most (exactly, when `exact`).
        count: u8,
        /// Whether exactly `count` must go.
        exact: bool,
        /// The receiver.
        to: u8,
    },
    /// 10-discard: throw away up to (or exactly) `count` of the `eligible` cards.
    Discard {
        /// How many cards at most (exactly, when `exact`).
        count: u8,
        /// Whether exactly `count` must go.
        exact: bool,
        /// The cards that may go.
        eligible: CardSet,
    },
    /// Q-bomber: name up to `count` distinct ranks (none is allowed).
    Bomb {
        /// How many ranks at most.
        count: u8,
    },
    /// Not this seat's turn.
    Wait,
}

/// Cards handed from one seat to another this round by a 7-pass, as the two seats know them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gift {
    /// The giver.
    pub from: u8,
    /// The receiver.
    pub to: u8,
    /// The cards.
    pub cards: CardSet,
}

/// What a view shows besides the round itself: the match around it.
#[derive(Clone, Copy, Debug)]
pub struct ViewContext<'a> {
    /// Rounds in the match.
    pub rounds: u32,
    /// The public log of the round.
    pub log: &'a [LogEntry],
    /// The seat's own exchange this round.
    pub exchange: ExchangeNote,
    /// The 7-pass gifts this seat gave or received this round.
    pub gifts: &'a [Gift],
    /// Where the match stands.
    pub phase: Phase,
    /// The seat to act (`None` once the match is over).
    pub to_act: Option<usize>,
}

/// One seat's view for a decision: borrowed from the engine and cheap to build (a few words;
/// what a CPU does not ask for — the match context, the decision — is read only when asked).
/// Through its methods it shows this seat's own hand, the public state and the seat's own
/// exchange, and nothing about another seat's cards but their counts: the round and the game it
/// borrows are private to this module, and the engine hands CPUs nothing else.
#[derive(Clone, Copy)]
pub struct SeatView<'a> {
    state: &'a RoundState,
    cache: &'a LegalCache,
    seat: usize,
    source: Source<'a>,
}

/// Where a view's match context and decision come from.
#[derive(Clone, Copy)]
enum Source<'a> {
    /// A match: read from the game (whose round is the view's `state`) when asked.
    Game(&'a Game),
    /// A round alone (a playout): the seat to act is the view's seat, in play, with no log,
    /// exchange or gifts, and the round number as the match's rounds.
    Round,
    /// Given by the caller.
    Given(ViewContext<'a>, Decision),
}

impl fmt::Debug for SeatView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeatView")
            .field("seat", &self.seat)
            .field("hand", &self.hand())
            .field("trick", &self.trick())
            .field("counts", &self.counts())
            .field("places", &self.places())
            .field("decision", &self.decision())
            .finish()
    }
}

impl Serialize for SeatView<'_> {
    /// Every public part of the view, by its accessor's name; `decision` with the legal plays
    /// when the seat is to play.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        #[derive(Serialize)]
        struct DecisionJson<'b> {
            #[serde(flatten)]
            decision: Decision,
            #[serde(skip_serializing_if = "Option::is_none")]
            legal: Option<LegalPlays<'b>>,
        }
        let mut st = s.serialize_struct("SeatView", 20)?;
        st.serialize_field("seat", &self.seat())?;
        st.serialize_field("players", &self.players())?;
        st.serialize_field("rules", self.rules())?;
        st.serialize_field("round", &self.round())?;
        st.serialize_field("rounds", &self.rounds())?;
        st.serialize_field("hand", &self.hand())?;
        st.serialize_field("counts", self.counts())?;
        st.serialize_field("trick", &self.trick())?;
        st.serialize_field("pile_seat", &self.pile_seat())?;
        st.serialize_field("passed", &self.passed())?;
        st.serialize_field("places", self.places())?;
        st.serialize_field("titles", self.titles())?;
        st.serialize_field("played", &self.played())?;
        st.serialize_field("out_of_play", &self.out_of_play())?;
        st.serialize_field("log", self.log())?;
        st.serialize_field("exchange", &self.exchange())?;
        st.serialize_field("gifts", self.gifts())?;
        st.serialize_field("clockwise", &self.clockwise())?;
        st.serialize_field("discarded", &self.discarded())?;
        st.serialize_field("pass_streak", &self.pass_streak())?;
        st.serialize_field("totals", self.totals())?;
        st.serialize_field("to_act", &self.to_act())?;
        st.serialize_field("phase", &self.phase())?;
        let decision = self.decision();
        let legal = matches!(decision, Decision::Play { .. }).then(|| self.legal());
        st.serialize_field("decision", &DecisionJson { decision, legal })?;
        st.end()
    }
}

impl<'a> SeatView<'a> {
    /// The view of `seat` on `state` with the match context `ctx`, deciding `decision`; legal
    /// plays come through `cache` (which the owner invalidates whenever `state` changes).
    #[inline]
    pub fn new(
        state: &'a RoundState,
        seat: usize,
        cache: &'a LegalCache,
        ctx: ViewContext<'a>,
        decision: Decision,
    ) -> SeatView<'a> {
        SeatView {
            state,
            cache,
            seat,
            source: Source::Given(ctx, decision),
        }
    }

    /// The view of `seat` in `game`, whose round is `state` and whose legal plays come through
    /// `cache`: the match context and the decision are read from the game when asked.
    #[inline]
    pub(crate) fn of_game(
        game: &'a Game,
        state: &'a RoundState,
        cache: &'a LegalCache,
        seat: usize,
    ) -> SeatView<'a> {
        SeatView {
            state,
            cache,
            seat,
            source: Source::Game(game),
        }
    }

    /// The view of the seat to act in `state` alone (a playout): in play, no log, exchange or
    /// gifts, the round number as the match's rounds.
    #[inline]
    pub(crate) fn of_round(state: &'a RoundState, cache: &'a LegalCache) -> SeatView<'a> {
        SeatView {
            state,
            cache,
            seat: state.turn(),
            source: Source::Round,
        }
    }

    /// The match context: read from the game, or the round's, or as given.
    fn ctx(&self) -> ViewContext<'a> {
        match self.source {
            Source::Game(g) => g.view_context(self.seat),
            Source::Round => ViewContext {
                rounds: self.state.round(),
                log: &[],
                exchange: ExchangeNote::default(),
                gifts: &[],
                phase: Phase::Play,
                to_act: Some(self.state.turn()),
            },
            Source::Given(ctx, _) => ctx,
        }
    }

    /// This seat (0-based).
    #[inline]
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// Number of seats.
    #[inline]
    pub fn players(&self) -> usize {
        self.state.players()
    }

    /// The rules of the table.
    #[inline]
    pub fn rules(&self) -> &'a Rules {
        self.state.rules()
    }

    /// Round number (1-based).
    #[inline]
    pub fn round(&self) -> u32 {
        self.state.round()
    }

    /// Rounds in the match.
    #[inline]
    pub fn rounds(&self) -> u32 {
        self.ctx().rounds
    }

    /// This seat's cards.
    #[inline]
    pub fn hand(&self) -> CardSet {
        self.state.hand(self.seat)
    }

    /// Cards held by each seat.
    #[inline]
    pub fn counts(&self) -> &'a [u8] {
        self.state.counts()
    }

    /// The trick: pile, locks, revolution, jack-back.
    #[inline]
    pub fn trick(&self) -> TrickState {
        *self.state.trick()
    }

    /// Who played the pile's top play.
    #[inline]
    pub fn pile_seat(&self) -> Option<usize> {
        self.state.pile_seat()
    }

    /// Seats that have passed since the pile was last cleared (or, in `reentry` mode, since the
    /// last play).
    #[inline]
    pub fn passed(&self) -> SeatSet {
        self.state.passed()
    }

    /// Passes in a row since the last play (public: everyone saw them), for
    /// `stalemate_passes`.
    #[inline]
    pub fn pass_streak(&self) -> u16 {
        self.state.pass_streak()
    }

    /// Places so far this round by seat (0 = still playing).
    #[inline]
    pub fn places(&self) -> &'a [u8] {
        let st: &'a RoundState = self.state;
        &st.places()[..st.players()]
    }

    /// Titles from the previous round by seat (none in round 1).
    #[inline]
    pub fn titles(&self) -> &'a [Option<Title>] {
        self.state.titles()
    }

    /// Every card played this round (public).
    #[inline]
    pub fn played(&self) -> CardSet {
        self.state.played()
    }

    /// How many cards are out of play (miyako-ochi; which ones is not shown).
    #[inline]
    pub fn out_of_play(&self) -> u8 {
        let o = self.state.out_of_play();
        if o.is_empty() { 0 } else { o.len() as u8 }
    }

    /// The public log of this round, oldest first.
    #[inline]
    pub fn log(&self) -> &'a [LogEntry] {
        self.ctx().log
    }

    /// This seat's own exchange this round.
    #[inline]
    pub fn exchange(&self) -> ExchangeNote {
        self.ctx().exchange
    }

    /// The 7-pass gifts this seat gave or received this round (only the two seats of a gift
    /// see its cards).
    #[inline]
    pub fn gifts(&self) -> &'a [Gift] {
        self.ctx().gifts
    }

    /// Play goes to the next higher seat (else lower: 9-reverse).
    #[inline]
    pub fn clockwise(&self) -> bool {
        self.state.clockwise()
    }

    /// Cards out of play face up this round (10-discard, Q-bomber), public.
    #[inline]
    pub fn discarded(&self) -> CardSet {
        self.state.discarded()
    }

    /// The rest of the play whose choice this seat owes (public: everyone saw the play), for
    /// search CPUs rebuilding the round.
    pub(crate) fn pending_rest(
        &self,
    ) -> (
        Option<crate::daifugo::state::Pending>,
        crate::daifugo::state::After,
    ) {
        self.state.pending_rest()
    }

    /// Who played the pile, or with an empty pile who leads the trick (a leader may have
    /// passed on it), and whether gekokujo happened this round: public, for search CPUs
    /// rebuilding the round.
    pub(crate) fn trick_marks(&self) -> (u8, bool) {
        self.state.trick_marks()
    }

    /// Total points so far by seat.
    #[inline]
    pub fn totals(&self) -> &'a [u32] {
        self.state.totals()
    }

    /// The seat to act (`None` when the match is over).
    #[inline]
    pub fn to_act(&self) -> Option<usize> {
        self.ctx().to_act
    }

    /// Where the match stands.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.ctx().phase
    }

    /// Whether this seat's decision is a play ([`Decision::Play`]): the cheap question a CPU
    /// asks first, without building the decision.
    #[inline]
    pub fn to_play(&self) -> bool {
        match self.source {
            Source::Game(g) => g.to_play(self.seat),
            Source::Round => self.state.pending().is_none(),
            Source::Given(_, d) => matches!(d, Decision::Play { .. }),
        }
    }

    /// What this seat must decide.
    #[inline]
    pub fn decision(&self) -> Decision {
        match self.source {
            Source::Game(g) => g.decision(self.seat),
            Source::Round => self
                .state
                .decision_for(self.seat, Phase::Play, Some(self.seat)),
            Source::Given(_, d) => d,
        }
    }

    /// This seat's legal plays as a generator handle: listed on first use and kept until the
    /// game changes ([`LegalPlays::get`]), or streamed ([`LegalPlays::visit`]). Meaningful
    /// only while the decision is a play.
    #[inline]
    pub fn legal(&self) -> LegalPlays<'a> {
        let st: &'a RoundState = self.state;
        LegalPlays::new(self.cache, st.rules(), *st.trick(), st.hand(self.seat))
    }

    /// This seat's legal plays, weakest first and grouped by form; empty unless it is to play.
    /// Generated on first use and then kept until the game changes.
    pub fn legal_plays(&self) -> PlayList<'a> {
        match self.decision() {
            Decision::Play { .. } => PlayList::Cached(self.legal().get()),
            _ => PlayList::Empty,
        }
    }

    /// Whether this seat may pass now.
    #[inline]
    pub fn can_pass(&self) -> bool {
        matches!(self.decision(), Decision::Play { can_pass: true })
    }

    /// Whether the order is reversed now (revolution XOR jack-back).
    #[inline]
    pub fn reversed(&self) -> bool {
        self.state.trick().reversed()
    }
}

/// A borrowed list of plays (see [`SeatView::legal_plays`]); dereferences to `[Play]`.
pub enum PlayList<'a> {
    /// The engine's cached list.
    Cached(Ref<'a, [Play]>),
    /// No plays.
    Empty,
}

impl Deref for PlayList<'_> {
    type Target = [Play];
    fn deref(&self) -> &[Play] {
        match self {
            PlayList::Cached(r) => r,
            PlayList::Empty => &[],
        }
    }
}

/// The pile as drawn: the top play and who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileView {
    /// Who played it.
    pub seat: usize,
    /// The play.
    pub play: Play,
}

/// A give-back the seat owes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GiveBackView {
    /// How many cards.
    pub count: usize,
    /// To which seat.
    pub to: usize,
}

/// One finished round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// Round number.
    pub round: u32,
    /// Places by seat (1-based).
    pub places: Vec<u8>,
    /// Points scored by seat: players − place + 1 (`rules/daifugo.md` §2 "Match").
    pub points: Vec<u32>,
}

/// The match result: totals and ranks by seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    /// Total points by seat.
    pub totals: Vec<u32>,
    /// Rank by seat (1 = most points; equal totals share a rank, the next rank skipping).
    pub ranks: Vec<u8>,
    /// Every round's result.
    pub rounds: Vec<RoundResult>,
}

impl MatchResult {
    /// Ranks for `totals`: 1 + the number of seats with more points.
    pub fn rank_totals(totals: &[u32]) -> Vec<u8> {
        totals
            .iter()
            .map(|t| 1 + totals.iter().filter(|o| *o > t).count() as u8)
            .collect()
    }
}

/// Everything the UI draws for one seat: owned, serializable plain data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The seat this snapshot is for.
    pub seat: usize,
    /// Number of seats.
    pub players: usize,
    /// The rules.
    pub rules: Rules,
    /// Round number (1-based).
    pub round: u32,
    /// Rounds in the match.
    pub rounds: u32,
    /// Where the match stands.
    pub phase: Phase,
    /// The seat to act.
    pub to_act: Option<usize>,
    /// This seat's cards, weakest first in the current order (jokers last).
    pub hand: Vec<Card>,
    /// Cards held by each seat.
    pub counts: Vec<u8>,
    /// Titles from the previous round by seat.
    pub titles: Vec<Option<Title>>,
    /// Whether each seat has passed on this pile.
    pub passed: Vec<bool>,
    /// Each seat's place this round, once finished.
    pub places: Vec<Option<u8>>,
    /// The pile's top play and who made it.
    pub pile: Option<PileView>,
    /// Locked suits (empty = none).
    pub lock: SuitSet,
    /// Number lock in force.
    pub number_lock: bool,
    /// Revolution in force.
    pub revolution: bool,
    /// Jack-back in force.
    pub jack_back: bool,
    /// This seat's legal plays (weakest first, grouped by form); empty unless it is to play.
    pub legal: Vec<Play>,
    /// Whether this seat may pass now.
    pub can_pass: bool,
    /// The give-back this seat owes now, if any.
    pub give_back: Option<GiveBackView>,
    /// This seat's exchange this round.
    pub exchange: ExchangeNote,
    /// A choice this seat owes now after its play (7-pass, 10-discard, Q-bomber).
    pub choice: Option<Decision>,
    /// Play goes to the next higher seat (9-reverse flips it).
    pub clockwise: bool,
    /// Cards out of play face up this round (10-discard, Q-bomber).
    pub discarded: CardSet,
    /// The 7-pass gifts this seat gave or received this round.
    pub gifts: Vec<Gift>,
    /// The most recent public log entries of this round, oldest first.
    pub log: Vec<LogEntry>,
    /// Cards played this round.
    pub played: CardSet,
    /// Total points by seat.
    pub totals: Vec<u32>,
    /// The last finished round.
    pub last_round: Option<RoundResult>,
}

/// How many log entries a [`Snapshot`] keeps.
pub const SNAPSHOT_LOG: usize = 16;

impl Snapshot {
    /// The owned snapshot of a view, with the last round's result.
    pub fn from_view(v: &SeatView<'_>, last_round: Option<RoundResult>) -> Snapshot {
        let n = v.players();
        let (legal, can_pass, give_back) = match v.decision() {
            Decision::Play { can_pass } => (v.legal().get().to_vec(), can_pass, None),
            Decision::GiveBack { count, to } => (
                Vec::new(),
                false,
                Some(GiveBackView {
                    count: usize::from(count),
                    to: usize::from(to),
                }),
            ),
            Decision::Wait
            | Decision::Give { .. }
            | Decision::Discard { .. }
            | Decision::Bomb { .. } => (Vec::new(), false, None),
        };
        let choice = match v.decision() {
            d @ (Decision::Give { .. } | Decision::Discard { .. } | Decision::Bomb { .. }) => {
                Some(d)
            }
            _ => None,
        };
        Snapshot {
            seat: v.seat(),
            players: n,
            rules: *v.rules(),
            round: v.round(),
            rounds: v.rounds(),
            phase: v.phase(),
            to_act: v.to_act(),
            hand: v.hand().sorted(v.trick().reversed()),
            counts: v.counts().to_vec(),
            titles: v.titles().to_vec(),
            passed: (0..n).map(|s| v.passed().contains(s)).collect(),
            places: v.places().iter().map(|p| (*p != 0).then_some(*p)).collect(),
            pile: match (v.trick().pile, v.pile_seat()) {
                (Some(play), Some(seat)) => Some(PileView { seat, play }),
                _ => None,
            },
            lock: v.trick().lock,
            number_lock: v.trick().number_lock,
            revolution: v.trick().revolution,
            jack_back: v.trick().jack_back,
            legal,
            can_pass,
            give_back,
            exchange: v.exchange(),
            choice,
            clockwise: v.clockwise(),
            discarded: v.discarded(),
            gifts: v.gifts().to_vec(),
            log: v.log()[v.log().len().saturating_sub(SNAPSHOT_LOG)..].to_vec(),
            played: v.played(),
            totals: v.totals().to_vec(),
            last_round,
        }
    }

    /// The legal actions as [`Action`]s: each play, then `Pass` when allowed.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v: Vec<Action> = self.legal.iter().map(|p| Action::Play(*p)).collect();
        if self.can_pass {
            v.push(Action::Pass);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_follow_the_player_count() {
        // rules/daifugo.md §2.
        let names = |n: usize| -> Vec<Title> { (1..=n).map(|p| Title::for_place(p, n)).collect() };
        use Title::*;
        assert_eq!(names(2), [Daifugo, Daihinmin]);
        assert_eq!(names(3), [Daifugo, Heimin, Daihinmin]);
        assert_eq!(names(4), [Daifugo, Fugo, Hinmin, Daihinmin]);
        assert_eq!(names(5), [Daifugo, Fugo, Heimin, Hinmin, Daihinmin]);
        assert_eq!(
            names(7),
            [Daifugo, Fugo, Heimin, Heimin, Heimin, Hinmin, Daihinmin]
        );
    }

    #[test]
    fn equal_totals_share_a_rank() {
        assert_eq!(MatchResult::rank_totals(&[10, 12, 10, 8]), [2, 1, 2, 4]);
    }
}

//! Determinization: dealing the cards a seat has not seen into the other hands, consistently
//! with everything that seat saw — for the `hard` level's Monte Carlo search.
//!
//! What the seat knows, from its [`SeatView`] alone ([`Belief::from_view`]):
//!
//! * **Counts.** Each other seat's card count; finished seats hold nothing; cards taken out of
//!   play by miyako-ochi are a count only (which cards is not shown), so they are dealt to an
//!   "out of play" pile of that size.
//! * **Played cards.** Everything played this round is out of every hand, and so is every card
//!   thrown out face up by a 10-discard or a Q-bomber (`rules/daifugo.md` §3b).
//! * **7-pass gifts** (§3b). Cards this seat gave and that have not been played or thrown out
//!   since are in the receiver's hand (unless the receiver has given cards on: then which ones
//!   it kept is unknown). Gifts between other seats are a count only. A seat that gave cards
//!   away loses its exchange pin, and one that received some loses its exchange cap.
//! * **The exchange** (`rules/daifugo.md` §2). Cards this seat gave and that have not been
//!   played yet are in the receiver's hand (or out of play if the receiver fell by
//!   miyako-ochi). When this seat *received* a lower player's forced gift, that player gave
//!   their strongest cards in the engine's order (jokers first, then 2, A, K, …, within a rank
//!   ♠ ♥ ♦ ♣ — `game::strongest`), so every other card they still hold ranks below the weakest
//!   card given, apart from what this seat gave back to them.
//! * **The first lead** (`rules/daifugo.md` §1). Under a 3♦ lead the round's leader held the
//!   3♦ when play began: while nobody has seen it, it is still in the leader's hand (unless
//!   the leader gave cards away by 7-pass).
//! * **Passes.** Passing is always allowed (`rules/daifugo.md` §1 "Passing"), so a pass never
//!   rules a hand out: a seat that passed on a single 9 may still hold a 2. It is evidence,
//!   though: a pass made while holding a legal play is less likely than one forced by having
//!   none, and passing while holding only strong cards worth keeping is more likely than
//!   passing on a cheap answer. A sampled deal is accepted with probability the product of
//!   a factor per pass — likelihood weighting by rejection, so every deal consistent with the
//!   hard facts keeps a positive chance. The factor ([`PassModel`]) is 1 for a forced pass
//!   (no legal play in that deal) and otherwise, by default, 1 if the `normal` policy in the
//!   passer's seat — that hand, the public state of that moment — would have passed too, else
//!   [`POLICY_EPSILON`]; or, in the simpler model, [`PASS_EPSILON`] for any pass made holding a
//!   play ([`PASS_EPSILON_KNOWN`] for a seat shown to pass by choice this round: it later
//!   played cards that would have answered a pile it passed on).
//!
//! Sampling is uniform over the deals that satisfy the hard facts: the one seat with a cap is
//! dealt first, uniformly from the cards it may hold, and the rest are shuffled into the other
//! hands (every way of filling the capped hand leaves the same number of ways to deal the rest).

use rand::RngExt;

use super::normal::normal_choice;
use crate::cards::{Card, GameRng, Rank, Suit};
use crate::daifugo::cardset::{CardSet, SeatSet};
use crate::daifugo::event::{Action, FinishKind, MAX_SEATS};
use crate::daifugo::legal::{LegalCache, TrickState, legal_plays};
use crate::daifugo::rules::{FirstLead, LaterLead, PassMode, Rules};
use crate::daifugo::state::RoundState;
use crate::daifugo::view::{Decision, ExchangeNote, LogEntry, Phase, SeatView, Title, ViewContext};

/// Acceptance factor per pass made while holding a legal play (see the module docs).
pub const PASS_EPSILON: f64 = 0.25;
/// Acceptance factor, under [`PassModel::Policy`], per pass where the `normal` policy would
/// have played.
pub const POLICY_EPSILON: f64 = 0.2;
/// The same for a seat shown this round to pass while able to play.
pub const PASS_EPSILON_KNOWN: f64 = 0.6;
/// Deals tried per sample before the best-weighted one is taken.
pub const MAX_TRIES: usize = 24;
/// Pseudo-seat index of the out-of-play pile in [`Belief::need`].
const OUT: usize = MAX_SEATS;

/// How passes weigh a deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PassModel {
    /// [`PASS_EPSILON`] per pass made while holding a legal play.
    Epsilon,
    /// [`POLICY_EPSILON`] per pass where the `normal` policy, in the passer's seat with the
    /// dealt hand and the public state of that moment, would have played.
    #[default]
    Policy,
}

/// A pass seen in the log: who passed, on what trick, and the public state at that moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassSeen {
    /// The seat that passed.
    pub seat: u8,
    /// The trick it passed on.
    pub trick: TrickState,
    /// Cards that seat played later this round (it held them when it passed).
    pub later: CardSet,
    /// Every seat's card count then.
    pub counts: [u8; MAX_SEATS],
    /// Cards played this round until then.
    pub played: CardSet,
    /// Seats that had passed on that pile before.
    pub passed: SeatSet,
    /// Places then.
    pub places: [u8; MAX_SEATS],
    /// Who made the pile's top play.
    pub pile_seat: Option<usize>,
}

/// The hard facts and the pass evidence of one seat's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Belief {
    /// The rules (for which plays a passing seat held).
    pub rules: Rules,
    /// The viewing seat.
    pub seat: usize,
    /// Seats at the table.
    pub players: usize,
    /// The cards to deal: neither in the viewer's hand nor played.
    pub unseen: CardSet,
    /// Cards each seat is known to hold (index [`MAX_SEATS`]: known to be out of play).
    pub pinned: [CardSet; MAX_SEATS + 1],
    /// The one seat whose other cards are capped (the lower player whose forced gift this
    /// seat received) and the cards it may hold besides its pinned ones.
    pub cap: Option<(usize, CardSet)>,
    /// How many cards each seat holds (index [`MAX_SEATS`]: out of play).
    pub need: [u8; MAX_SEATS + 1],
    /// The passes of other seats this round.
    pub passes: Vec<PassSeen>,
    /// Seats shown to pass by choice this round.
    pub voluntary: SeatSet,
    /// How passes weigh a deal.
    pub model: PassModel,
    /// Round, rounds, titles and totals, for the passers' views.
    pub round: (u32, u32),
    /// Titles by seat.
    pub titles: [Option<Title>; MAX_SEATS],
    /// Total points by seat.
    pub totals: [u32; MAX_SEATS],
}

/// The position of a card in the order the forced exchange takes cards (higher = taken
/// first): jokers (the lower-numbered first), then 2, A, K, …, 3; within a rank ♠ ♥ ♦ ♣.
pub fn gift_order(c: Card) -> u8 {
    match c.rank() {
        None => 200 - c.index() as u8,
        Some(r) => {
            let s = crate::daifugo::cardset::strength(r);
            let suit = c.suit().map_or(0, |s| s.index() as u8);
            s * 4 + (3 - suit)
        }
    }
}

/// The seat that led the view's round when the rules give the first lead to the holder of the
/// 3♦ (`first_lead = "diamond3"` in round 1, `later_lead = "diamond3"` after it;
/// `rules/daifugo.md` §1 "First lead"), or `None` under another lead rule or before the first
/// lead.
fn diamond3_leader(view: &SeatView<'_>) -> Option<usize> {
    let by_d3 = if view.round() <= 1 {
        view.rules().first_lead == FirstLead::Diamond3
    } else {
        view.rules().later_lead == LaterLead::Diamond3
    };
    if !by_d3 {
        return None;
    }
    view.log().iter().find_map(|e| match *e {
        LogEntry::Lead { seat } => Some(usize::from(seat)),
        _ => None,
    })
}

impl Belief {
    /// Works out the facts of a view (see the module docs).
    pub fn from_view(view: &SeatView<'_>) -> Belief {
        let n = view.players().min(MAX_SEATS);
        // Cards thrown out face up (10-discard, Q-bomber) are seen by everyone.
        let unseen = CardSet::deck(view.rules().jokers)
            .minus(view.hand())
            .minus(view.played())
            .minus(view.discarded());
        let mut need = [0u8; MAX_SEATS + 1];
        for (s, slot) in need.iter_mut().enumerate().take(n) {
            if s != view.seat() && view.places()[s] == 0 {
                *slot = view.counts()[s];
            }
        }
        need[OUT] = view.out_of_play();
        let mut pinned = [CardSet::EMPTY; MAX_SEATS + 1];
        // The exchange: who gave what to whom, from the viewer's side.
        let mut gift_from: Option<usize> = None;
        let mut gave_to: Option<usize> = None;
        for e in view.log() {
            if let LogEntry::Exchange {
                from, to, forced, ..
            } = *e
            {
                let (from, to) = (usize::from(from), usize::from(to));
                if from == view.seat() && to < n {
                    gave_to = Some(to);
                }
                if to == view.seat() && forced && from < n {
                    gift_from = Some(from);
                }
            }
        }
        // 7-pass gifts (§3b) move cards between hands during play: a seat that gave some
        // away may hold anything the exchange pinned on it no more, and one that received
        // some may hold cards above its exchange cap.
        let mut gave_in_play = SeatSet::default();
        let mut got_in_play = SeatSet::default();
        for e in view.log() {
            if let LogEntry::Give { from, to, .. } = *e {
                gave_in_play.insert(usize::from(from));
                got_in_play.insert(usize::from(to));
            }
        }
        let still_out = view.exchange().gave.intersect(unseen);
        if let Some(to) = gave_to
            && !still_out.is_empty()
            && !gave_in_play.contains(to)
        {
            let holder = if view.places()[to] == 0 { to } else { OUT };
            pinned[holder] = pinned[holder].union(still_out);
        }
        // The cards this seat gave by 7-pass and nobody has played or thrown out since are in
        // the receiver's hand, unless the receiver passed cards on in turn.
        for g in view.gifts() {
            let (from, to) = (usize::from(g.from), usize::from(g.to));
            if from == view.seat() && to < n && !gave_in_play.contains(to) {
                let still = g.cards.intersect(unseen);
                let holder = if view.places()[to] == 0 { to } else { OUT };
                pinned[holder] = pinned[holder].union(still);
            }
        }
        // Under a 3♦ lead (`rules/daifugo.md` §1 "First lead"), the round's leader held the
        // 3♦ when play began; while it is unseen and the leader has given no cards away by
        // 7-pass, the leader still holds it.
        let d3 = Card::new(Rank::Three, Suit::Diamonds);
        if let Some(leader) = diamond3_leader(view)
            && leader != view.seat()
            && leader < n
            && view.places()[leader] == 0
            && !gave_in_play.contains(leader)
            && unseen.contains(d3)
            && !pinned.iter().any(|p| p.contains(d3))
        {
            pinned[leader].insert(d3);
        }
        // Never pin more on a seat than it holds (a pin is a fact, so this only guards
        // against a view the rules could not produce).
        for (s, p) in pinned.iter_mut().enumerate() {
            if p.len() > usize::from(need[s]) {
                *p = CardSet::EMPTY;
            }
        }
        let all_pinned = pinned.iter().fold(CardSet::EMPTY, |a, p| a.union(*p));
        let mut cap = None;
        if let Some(lower) = gift_from
            && view.places()[lower] == 0
            && !got_in_play.contains(lower)
            && let Some(cut) = view.exchange().received.iter().map(gift_order).min()
        {
            let below: CardSet = unseen.iter().filter(|c| gift_order(*c) < cut).collect();
            cap = Some((lower, below.minus(all_pinned)));
        }
        let (passes, voluntary) = passes_seen(view);
        let mut titles = [None; MAX_SEATS];
        titles[..n].copy_from_slice(&view.titles()[..n]);
        let mut totals = [0u32; MAX_SEATS];
        totals[..n].copy_from_slice(&view.totals()[..n]);
        Belief {
            rules: *view.rules(),
            seat: view.seat(),
            players: n,
            unseen,
            pinned,
            cap,
            need,
            passes,
            voluntary,
            model: PassModel::default(),
            round: (view.round(), view.rounds()),
            titles,
            totals,
        }
    }

    /// One deal of the unseen cards: `hands[s]` for every other seat (the viewer's entry and
    /// finished seats empty). Pass evidence is weighed by rejection (see the module docs).
    pub fn sample(&self, rng: &mut GameRng, cache: &mut LegalCache) -> [CardSet; MAX_SEATS] {
        let mut best = self.deal(rng);
        if self.passes.is_empty() {
            return best;
        }
        let mut best_w = -1.0;
        for _ in 0..MAX_TRIES {
            let hands = if best_w < 0.0 { best } else { self.deal(rng) };
            let w = self.weight(&hands, cache);
            if rng.random::<f64>() < w {
                return hands;
            }
            if w > best_w {
                best_w = w;
                best = hands;
            }
        }
        best
    }

    /// The likelihood of the passes under a deal (see [`PassModel`]).
    pub fn weight(&self, hands: &[CardSet; MAX_SEATS], cache: &mut LegalCache) -> f64 {
        let mut w = 1.0;
        for p in &self.passes {
            let s = usize::from(p.seat);
            let then = hands[s].union(p.later);
            cache.invalidate();
            if cache.get(&self.rules, &p.trick, then).is_empty() {
                continue; // a forced pass says nothing
            }
            w *= match self.model {
                PassModel::Epsilon => {
                    if self.voluntary.contains(s) {
                        PASS_EPSILON_KNOWN
                    } else {
                        PASS_EPSILON
                    }
                }
                PassModel::Policy => {
                    let st = self.passer_state(p, then);
                    let view = SeatView::new(
                        &st,
                        s,
                        cache,
                        ViewContext {
                            rounds: self.round.1,
                            log: &[],
                            exchange: ExchangeNote::default(),
                            gifts: &[],
                            phase: Phase::Play,
                            to_act: Some(s),
                        },
                        Decision::Play { can_pass: true },
                    );
                    if normal_choice(&view) == Action::Pass {
                        1.0
                    } else {
                        POLICY_EPSILON
                    }
                }
            };
        }
        w
    }

    /// The round as the passer saw it when it passed, with `hand` as its cards (the other
    /// hands left empty: a policy sees only their counts).
    fn passer_state(&self, p: &PassSeen, hand: CardSet) -> RoundState {
        let seat = usize::from(p.seat);
        let mut st = RoundState::blank(self.rules, self.players as u8);
        st.round = self.round.0;
        st.hands[seat] = hand;
        st.counts = p.counts;
        st.trick = p.trick;
        st.passed = p.passed;
        st.places = p.places;
        st.played = p.played;
        st.turn = p.seat;
        st.last = p.pile_seat.map_or(p.seat, |s| s as u8);
        st.titles = self.titles;
        st.totals = self.totals;
        st.active = SeatSet(
            (0..self.players)
                .filter(|s| p.places[*s] == 0)
                .fold(0u8, |m, s| m | (1 << s)),
        );
        st
    }

    /// A deal satisfying the hard facts, uniform among them.
    pub fn deal(&self, rng: &mut GameRng) -> [CardSet; MAX_SEATS] {
        let mut hands = [CardSet::EMPTY; MAX_SEATS + 1];
        let mut pool = self.unseen;
        for (h, p) in hands.iter_mut().zip(&self.pinned) {
            *h = *p;
            pool = pool.minus(*p);
        }
        // The capped seat first, from the cards it may hold.
        let capped = self.cap.map(|(s, _)| s);
        if let Some((s, allowed)) = self.cap {
            let want = usize::from(self.need[s]).saturating_sub(hands[s].len());
            let mut from = pool.intersect(allowed);
            if from.len() < want {
                from = pool; // inconsistent facts: fall back to any card
            }
            let got = pick(from, want, rng);
            hands[s] = hands[s].union(got);
            pool = pool.minus(got);
        }
        // Everyone else from what is left.
        let mut cards: Vec<Card> = pool.iter().collect();
        crate::cards::shuffle(&mut cards, rng);
        let mut it = cards.into_iter();
        for (s, hand) in hands.iter_mut().enumerate() {
            if Some(s) == capped {
                continue;
            }
            let want = usize::from(self.need[s]).saturating_sub(hand.len());
            for c in it.by_ref().take(want) {
                hand.insert(c);
            }
        }
        let mut out = [CardSet::EMPTY; MAX_SEATS];
        out.copy_from_slice(&hands[..MAX_SEATS]);
        out[self.seat.min(MAX_SEATS - 1)] = CardSet::EMPTY;
        out
    }
}

/// `k` cards drawn uniformly from `from`.
fn pick(from: CardSet, k: usize, rng: &mut GameRng) -> CardSet {
    let mut cards: Vec<Card> = from.iter().collect();
    let k = k.min(cards.len());
    // Partial Fisher–Yates.
    for i in 0..k {
        let j = rng.random_range(i..cards.len());
        cards.swap(i, j);
    }
    cards[..k].iter().copied().collect()
}

/// The passes of other seats in this round's log, each with the trick it passed on and the
/// public state of that moment (replayed from the log: counts go back up by the cards each
/// seat played since), and the seats shown to pass by choice.
fn passes_seen(view: &SeatView<'_>) -> (Vec<PassSeen>, SeatSet) {
    let n = view.players().min(MAX_SEATS);
    let mut out: Vec<PassSeen> = Vec::new();
    // Counts at the start of play: now plus what each seat has played since.
    let mut counts = [0u8; MAX_SEATS];
    counts[..n].copy_from_slice(&view.counts()[..n]);
    for e in view.log() {
        if let LogEntry::Play { seat, play } = *e
            && usize::from(seat) < n
        {
            counts[usize::from(seat)] += play.len() as u8;
        }
        // 7-pass and 10-discard / Q-bomber losses (§3b) moved cards too.
        if let LogEntry::Give { from, to, count } = *e
            && usize::from(from) < n
            && usize::from(to) < n
        {
            counts[usize::from(from)] += count;
            counts[usize::from(to)] = counts[usize::from(to)].saturating_sub(count);
        }
        if let LogEntry::Discard { seat, cards, .. } = *e
            && usize::from(seat) < n
        {
            counts[usize::from(seat)] += cards.len() as u8;
        }
        if let LogEntry::Finish {
            seat,
            kind: FinishKind::MiyakoOchi,
            ..
        } = *e
            && usize::from(seat) < n
        {
            // The fallen 大富豪's cards left play: that many are out of play now.
            counts[usize::from(seat)] += view.out_of_play();
        }
    }
    // The revolution before the first logged change.
    let mut revolution = view.trick().revolution;
    for e in view.log() {
        if let LogEntry::Revolution { active } = *e {
            revolution = !active;
            break;
        }
    }
    let mut trick = TrickState {
        revolution,
        ..TrickState::default()
    };
    let mut played = CardSet::EMPTY;
    let mut passed = SeatSet::default();
    let mut places = [0u8; MAX_SEATS];
    let mut pile_seat = None;
    for e in view.log() {
        match *e {
            LogEntry::Play { seat, play } => {
                trick.pile = Some(play);
                pile_seat = Some(usize::from(seat));
                played = played.union(play.cards());
                if let Some(c) = counts.get_mut(usize::from(seat)) {
                    *c = c.saturating_sub(play.len() as u8);
                }
                if view.rules().pass_mode == PassMode::Reentry {
                    passed = SeatSet::default();
                }
                for p in out.iter_mut().filter(|p| p.seat == seat) {
                    p.later = p.later.union(play.cards());
                }
            }
            LogEntry::Pass { seat } => {
                if usize::from(seat) != view.seat() && trick.pile.is_some() {
                    out.push(PassSeen {
                        seat,
                        trick,
                        later: CardSet::EMPTY,
                        counts,
                        played,
                        passed,
                        places,
                        pile_seat,
                    });
                }
                passed.insert(usize::from(seat));
            }
            LogEntry::Finish { seat, place, kind } => {
                if let Some(p) = places.get_mut(usize::from(seat)) {
                    *p = place;
                }
                if kind == FinishKind::MiyakoOchi
                    && let Some(c) = counts.get_mut(usize::from(seat))
                {
                    *c = 0;
                }
            }
            LogEntry::Give { from, to, count } => {
                if let Some(c) = counts.get_mut(usize::from(from)) {
                    *c = c.saturating_sub(count);
                }
                if let Some(c) = counts.get_mut(usize::from(to)) {
                    *c = c.saturating_add(count);
                }
            }
            LogEntry::Discard { seat, cards, .. } => {
                if let Some(c) = counts.get_mut(usize::from(seat)) {
                    *c = c.saturating_sub(cards.len() as u8);
                }
                played = played.union(cards);
            }
            // A skipped seat counts as having passed, but chose nothing: no evidence.
            LogEntry::Skip { seat } => passed.insert(usize::from(seat)),
            LogEntry::Revolution { active } => trick.revolution = active,
            LogEntry::Lock { suits } => trick.lock = suits,
            LogEntry::NumberLock => trick.number_lock = true,
            LogEntry::JackBack => trick.jack_back = true,
            LogEntry::Clear { .. } => {
                trick = TrickState {
                    revolution: trick.revolution,
                    ..TrickState::default()
                };
                passed = SeatSet::default();
                pile_seat = None;
            }
            _ => {}
        }
    }
    // A seat that later played cards which answered a pile it passed on passed by choice.
    let mut voluntary = SeatSet::default();
    let mut scratch = Vec::new();
    for p in &out {
        if !p.later.is_empty() {
            legal_plays(view.rules(), &p.trick, p.later, &mut scratch);
            if !scratch.is_empty() {
                voluntary.insert(usize::from(p.seat));
            }
        }
    }
    (out, voluntary)
}

//! Reading the table: weighted sampling of the other hands from everything a seat saw, for
//! the `hard` level's search.
//!
//! [`super::determinize::Belief`] holds the **hard facts** of a view: counts, cards played, the
//! cards this seat gave in the exchange (pinned to the receiver), the cap on the lower player
//! whose forced gift this seat received (it gave its strongest cards, `rules/daifugo.md` §2),
//! and the 3♦ of a `diamond3` lead. Every deal drawn here satisfies them.
//!
//! On top, every action another seat took this round is **evidence**, weighed rather than
//! filtered: a deal is as likely as the actions it explains. For each logged play or pass of
//! another seat, the public state of that moment is replayed on the rules core
//! ([`Evidence::from_view`]), and the seat's hand then is rebuilt from a deal (its hidden cards
//! now plus the cards it played since). Its likelihood under a mixture of player models:
//!
//! ```text
//! P(action | hand) = (1 − ε) · Σ_m α_m · [model m would take this action]
//!                  + ε / (legal plays + 1 if it could pass)
//! ```
//!
//! A pass with no legal play is forced and says nothing (likelihood 1). The models are the
//! `normal` and `easy` levels' decisions, whose agreement is 1 or 0, and the learned
//! imitation of `hard`, whose agreement is its probability of the action ([`Model`]); the
//! uniform part keeps every deal that meets the hard facts possible, so an opponent unlike any
//! model only makes the evidence weaker, never wrong. A pass over a single 9 while holding
//! loose 10s, a lead that is not the hand's weakest unit, a follow that breaks a pair: each
//! makes the hands that explain it more likely.
//!
//! The weighted deals are drawn by Markov chain Monte Carlo (Metropolis–Hastings) on the
//! deals that meet the hard facts: a move swaps two cards between two other hands (or a hand
//! and the cards out of play), re-weighs only the two seats it touched, and is accepted with
//! probability min(1, L'/L). Proposals are symmetric, so the chains' stationary law is the
//! posterior over deals. Several chains run side by side and the search takes their states in
//! turn, a few moves apart. A seat's chains carry over from one of its decisions to the next in
//! the same round ([`Sampler::carry`]): brought into line with the cards played since, they
//! need only a short burn-in to weigh the new actions.

use std::collections::HashMap;
use std::time::Instant;

use rand::RngExt;

use super::analysis::Knowledge;
use super::determinize::Belief;
use super::easy_choice;
use super::imitation::Imitation;
use super::normal::normal_choice_with;
use crate::cards::{Card, GameRng};
use crate::daifugo::cardset::CardSet;
use crate::daifugo::event::{Action, Discard, FinishKind, MAX_SEATS};
use crate::daifugo::legal::LegalCache;
use crate::daifugo::state::RoundState;
use crate::daifugo::view::{Decision, ExchangeNote, LogEntry, Phase, SeatView, ViewContext};

/// Pseudo-seat index of the cards out of play in a deal with [`MAX_SEATS`] + 1 slots.
pub const OUT: usize = MAX_SEATS;

/// A player model: how another seat may choose its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// The `normal` level's decision.
    Normal,
    /// The `easy` level's decision.
    Easy,
    /// The learned imitation of `hard` ([`Imitation::TRAINED`]): unlike the levels, it gives
    /// every candidate a probability, and its agreement with an action is that probability.
    Imitation,
}

/// How the sampler weighs evidence and runs its chains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BeliefParams {
    /// ε: the share of an action explained by a uniform choice among the legal ones (0..=1;
    /// 1 ignores the evidence).
    pub epsilon: f64,
    /// The player models and their weights α (normalised; a zero weight drops a model).
    pub models: [(Model, f64); 2],
    /// Independent chains.
    pub chains: usize,
    /// Moves per chain before its first state is used.
    pub burn_in: usize,
    /// Moves between two states taken from one chain.
    pub thin: usize,
    /// Chains carried over from the seat's previous decision of the same round: `Some(n)`
    /// starts each chain from a state of the last decision's chains, brought into line with
    /// what the table has shown since ([`Sampler::carry`]), and moves it `n` times before its
    /// first state is used instead of `burn_in` from a uniform deal; `None` starts afresh.
    pub carry_burn_in: Option<usize>,
}

impl BeliefParams {
    /// Whether `model` weighs the evidence: it is among [`BeliefParams::models`] with a
    /// positive weight α.
    pub fn weighs_by(&self, model: Model) -> bool {
        self.models.iter().any(|(m, w)| *m == model && *w > 0.0)
    }
}

impl Default for BeliefParams {
    /// ε = 0.005, the `normal` model alone, 8 chains, 200 burn-in moves, 8 moves between
    /// states, chains carried over with 50 moves. Measured with `hard` at 100 deals a decision
    /// against three `normal` players (one-round matches, each deal played four times with
    /// `hard` in each seat, 50 deals, paired): ε = 0.1 with 60/4 moves 2.960, ε = 0.02 3.035,
    /// 200/12 moves 3.060, ε = 0.005 with 120 burn-in moves 3.100 (± 0.06; the
    /// pass-rejection sampler of [`super::determinize`]: 2.920). Thinning, at 100 deals
    /// against three `normal` (one-round matches, seed 11): 8 moves 3.069 ± 0.030 (1,000
    /// matches), 2 moves 2.959 ± 0.031 (1,000; 16% less CPU, not worth the correlated deals),
    /// 32 moves with 800 burn-in moves 3.077 ± 0.038 (600; 44% more CPU for nothing
    /// measurable).
    ///
    /// Chains carried over between decisions with 50 moves each (`hard` at 400 deals a
    /// decision against three `normal`, one-round matches, seed 101, 2,000 matches, paired
    /// against fresh chains on the same deals): +0.005 ± 0.015 points with about a quarter
    /// less CPU (6.6 matches a second instead of 5.0); with 16 or 32 chains −0.011 ± 0.016 and
    /// −0.006 ± 0.016. Fresh chains burnt in 1,600 moves instead of 200: +0.005 ± 0.023
    /// (1,000 matches) — the chains' burn-in does not limit the search. On the same deals,
    /// ε = 0.001 −0.019 ± 0.013 and ε = 0.01 −0.003 ± 0.014.
    fn default() -> BeliefParams {
        BeliefParams {
            epsilon: 0.005,
            models: [(Model::Normal, 1.0), (Model::Easy, 0.0)],
            chains: 8,
            burn_in: 200,
            thin: 8,
            carry_burn_in: Some(50),
        }
    }
}

/// One action of another seat this round, with the public state it was taken in.
#[derive(Clone, Copy, Debug)]
pub struct Observation {
    /// Who acted.
    pub seat: u8,
    /// What it did.
    pub action: Action,
    /// Log entries before it (the log that seat saw).
    pub log_len: usize,
    /// The round just before the action, with placeholder cards in every hand (only the
    /// acting seat's is replaced when weighing; the others are seen only by their counts).
    pub state: RoundState,
    /// Cards that left the seat's hand from this action on this round, played or discarded
    /// (in its hand then).
    pub later: CardSet,
}

/// Every action of the other seats this round, replayed from a view's log.
#[derive(Clone, Debug, Default)]
pub struct Evidence {
    /// The actions, in order.
    pub obs: Vec<Observation>,
    /// Per seat: indexes into `obs`.
    pub by_seat: [Vec<u16>; MAX_SEATS],
    /// The round's log (the observations' `log_len` index it).
    pub log: Vec<LogEntry>,
    /// Rounds in the match (for the replayed views).
    pub rounds: u32,
    /// The seat whose cards went out of play by miyako-ochi, if any: its hand for the
    /// evidence is the out-of-play pile.
    pub fallen: Option<usize>,
}

impl Evidence {
    /// Replays the round in `view`'s log on the rules core, with `filler` (a deal that meets
    /// the hard facts, [`OUT`] included) standing in for the hidden cards, and keeps each
    /// action of another seat. A seat's hand at the start of the round is its hidden cards
    /// now with every card it has played or had discarded since (a 10-discard, the losses to
    /// a Q-bomber: face up in the log). Empty if the log does not replay: it always should,
    /// except after a 7-pass, whose cards only the two seats see (then the sampler weighs
    /// nothing this round and draws under the hard facts alone).
    pub fn from_view(view: &SeatView<'_>, filler: &[CardSet; MAX_SEATS + 1]) -> Evidence {
        let n = view.players().min(MAX_SEATS);
        let me = view.seat();
        let log = view.log();
        // Per seat, the cards that left its hand this round, face up.
        let mut left_by = [CardSet::EMPTY; MAX_SEATS];
        let mut leader = None;
        let mut fallen = None;
        for e in log {
            if let Some((s, cards)) = cards_left(e, n) {
                left_by[s] = left_by[s].union(cards);
            }
            match *e {
                LogEntry::Lead { seat } => leader = Some(seat),
                LogEntry::Finish {
                    seat,
                    kind: FinishKind::MiyakoOchi,
                    ..
                } => fallen = Some(usize::from(seat)),
                _ => {}
            }
        }
        let empty = Evidence {
            rounds: view.rounds(),
            ..Evidence::default()
        };
        let Some(leader) = leader else {
            return empty;
        };
        let mut st = RoundState::blank(*view.rules(), n as u8);
        st.reset(view.round());
        st.round = view.round();
        for s in 0..n {
            let hidden = if s == me {
                view.hand()
            } else if Some(s) == fallen {
                filler[OUT]
            } else {
                filler[s]
            };
            st.hands[s] = left_by[s].union(hidden);
            st.counts[s] = st.hands[s].len() as u8;
        }
        st.titles[..n].copy_from_slice(&view.titles()[..n]);
        st.totals[..n].copy_from_slice(&view.totals()[..n]);
        st.reigning = (0..n)
            .find(|s| view.titles()[*s] == Some(crate::daifugo::view::Title::Daifugo))
            .map(|s| s as u8);
        st.begin(leader);
        let mut obs: Vec<Observation> = Vec::new();
        for (i, e) in log.iter().enumerate() {
            let (seat, action) = match *e {
                LogEntry::Play { seat, play } => (seat, Action::Play(play)),
                LogEntry::Pass { seat } => (seat, Action::Pass),
                // The house rules' choices after a play; a Q-bomber's losses follow from the
                // ranks it named, and a 7-pass cannot be replayed (its cards are not shown).
                LogEntry::Bomb { seat, ranks } => (seat, Action::Bomb(ranks)),
                LogEntry::Discard {
                    seat,
                    cards,
                    bomb: false,
                } => (seat, Action::Discard(cards)),
                LogEntry::Give { .. } => return empty,
                _ => continue,
            };
            let choice = matches!(action, Action::Play(_) | Action::Pass);
            if choice && usize::from(seat) != me && usize::from(seat) < n {
                obs.push(Observation {
                    seat,
                    action,
                    log_len: i,
                    state: st,
                    later: CardSet::EMPTY,
                });
            }
            if st.apply(usize::from(seat), action, &mut Discard).is_err() {
                return empty;
            }
        }
        // The replay must arrive where the view is.
        if st.trick() != &view.trick() || st.counts()[..n] != view.counts()[..n] {
            return empty;
        }
        // Cards each seat lost from each of its actions on (its hand then held them).
        let mut after = [CardSet::EMPTY; MAX_SEATS];
        let mut next = obs.len();
        for (i, e) in log.iter().enumerate().rev() {
            if let Some((s, cards)) = cards_left(e, n) {
                after[s] = after[s].union(cards);
            }
            while next > 0 && obs[next - 1].log_len >= i {
                next -= 1;
                let o = &mut obs[next];
                o.later = after[usize::from(o.seat)];
            }
        }
        let mut by_seat: [Vec<u16>; MAX_SEATS] = Default::default();
        for (i, o) in obs.iter().enumerate() {
            by_seat[usize::from(o.seat)].push(i as u16);
        }
        Evidence {
            obs,
            by_seat,
            log: log.to_vec(),
            rounds: view.rounds(),
            fallen,
        }
    }

    /// The slot of a deal that holds `seat`'s hidden cards ([`OUT`] for the fallen 大富豪).
    pub fn slot_of(&self, seat: usize) -> usize {
        if Some(seat) == self.fallen { OUT } else { seat }
    }

    /// The seat whose evidence a slot's cards explain, if any.
    pub fn seat_of(&self, slot: usize) -> Option<usize> {
        if slot == OUT { self.fallen } else { Some(slot) }
    }

    /// The log-likelihood of `seat`'s actions if its hidden cards now are `hidden`, and how
    /// well the models fit them on that hand ([`Fit`]).
    pub fn log_likelihood(
        &self,
        seat: usize,
        hidden: CardSet,
        params: &BeliefParams,
        scratch: &mut Weighing,
    ) -> (f64, Fit) {
        self.log_likelihood_above(seat, hidden, f64::NEG_INFINITY, params, scratch)
            .unwrap_or((f64::NEG_INFINITY, Fit::default()))
    }

    /// [`Evidence::log_likelihood`], stopped as soon as it falls below `floor`: `None` then.
    /// Every action's likelihood is at most 1, so the sum only falls as actions are added and
    /// a sum below `floor` part-way stays below it (the Metropolis–Hastings test of
    /// [`Sampler`] needs only that, and most proposals fail it at an early action).
    pub fn log_likelihood_above(
        &self,
        seat: usize,
        hidden: CardSet,
        floor: f64,
        params: &BeliefParams,
        scratch: &mut Weighing,
    ) -> Option<(f64, Fit)> {
        let mut ll = 0.0;
        let mut fit = Fit::default();
        for &i in &self.by_seat[seat] {
            let i = usize::from(i);
            let o = &self.obs[i];
            let p = match self.agreement(i, hidden.union(o.later), params, scratch) {
                None => 1.0,
                Some((agree, choices, missed)) => {
                    fit.weighed += 1;
                    fit.missed += u32::from(missed);
                    mix(agree, choices, params)
                }
            };
            ll += p.ln();
            if ll < floor {
                return None;
            }
        }
        Some((ll, fit))
    }

    /// The models' agreement with observed action `i` (an index into `obs`) if the seat held
    /// `hand` then — the weight α of the models that would take it (for
    /// [`Model::Imitation`], α times its probability), 0..=1 — the number of actions open to
    /// the seat (its legal plays, and the pass if it could pass), and whether the action is
    /// a miss for the [`Fit`]; `None` for a forced pass. [`mix`] makes the agreement the
    /// action's likelihood (see the module docs).
    fn agreement(
        &self,
        i: usize,
        hand: CardSet,
        params: &BeliefParams,
        scratch: &mut Weighing,
    ) -> Weighed {
        // The imitation's weighings are kept for the sampler's life (see `Weighing::weighed`).
        if !params.weighs_by(Model::Imitation) {
            return self.weigh_action(i, hand, params, scratch);
        }
        let key = (i, hand.bits());
        if let Some(found) = scratch.weighed.get(&key) {
            return *found;
        }
        let found = self.weigh_action(i, hand, params, scratch);
        scratch.weighed.insert(key, found);
        found
    }

    /// [`Evidence::agreement`], worked out.
    fn weigh_action(
        &self,
        i: usize,
        hand: CardSet,
        params: &BeliefParams,
        scratch: &mut Weighing,
    ) -> Weighed {
        let o = &self.obs[i];
        let s = usize::from(o.seat);
        let mut st = o.state;
        st.hands[s] = hand;
        let Weighing { cache, known, .. } = scratch;
        cache.invalidate();
        let can_pass = st.can_pass();
        let view = SeatView::new(
            &st,
            s,
            cache,
            ViewContext {
                rounds: self.rounds,
                log: &self.log[..o.log_len.min(self.log.len())],
                exchange: ExchangeNote::default(),
                gifts: &[],
                phase: Phase::Play,
                to_act: Some(s),
            },
            Decision::Play { can_pass },
        );
        let options = view.legal().get().len();
        if options == 0 {
            return None; // a forced pass
        }
        let total: f64 = params.models.iter().map(|(_, w)| w.max(0.0)).sum();
        let mut agree = 0.0;
        // Whether `normal` would take the action, when a model has worked it out.
        let mut normal = None;
        if total > 0.0 {
            for (m, w) in params.models {
                if w <= 0.0 {
                    continue;
                }
                let p = match m {
                    Model::Normal => {
                        let k = knowledge_at(known, i, &view);
                        let took = same_action(normal_choice_with(&view, Some(k)), o.action);
                        normal = Some(took);
                        f64::from(u8::from(took))
                    }
                    Model::Easy => f64::from(u8::from(same_action(easy_choice(&view), o.action))),
                    Model::Imitation => {
                        let k = knowledge_at(known, i, &view);
                        let judged = Imitation::TRAINED.judge(&view, o.action, Some(k));
                        normal = Some(judged.normal);
                        judged.probability
                    }
                };
                agree += p * w / total;
            }
        }
        // A miss is an action `normal` would not take; without `normal` among the models,
        // one the models mostly would not.
        let missed = normal.map_or(agree < 0.5, |took| !took);
        Some((agree, options + usize::from(can_pass), missed))
    }
}

/// Observation `i`'s acting seat's [`Knowledge`] for the hand in `view`: the one kept from
/// the last weighing, brought up to date for the new hand, or worked out afresh.
fn knowledge_at<'k>(
    known: &'k mut Vec<Option<Knowledge>>,
    i: usize,
    view: &SeatView<'_>,
) -> &'k Knowledge {
    if known.len() <= i {
        known.resize(i + 1, None);
    }
    match &mut known[i] {
        Some(k) => {
            k.refresh_hand(view);
            k
        }
        slot => slot.insert(Knowledge::from_view(view)),
    }
}

/// The seat (below `n`) whose hand a log entry takes cards from, face up, and those cards: a
/// play, or a discard (a 10-discard, a loss to a Q-bomber).
fn cards_left(e: &LogEntry, n: usize) -> Option<(usize, CardSet)> {
    let (seat, cards) = match *e {
        LogEntry::Play { seat, play } => (seat, play.cards()),
        LogEntry::Discard { seat, cards, .. } => (seat, cards),
        _ => return None,
    };
    (usize::from(seat) < n).then_some((usize::from(seat), cards))
}

/// An action's likelihood from the models' agreement with it and the number of actions that
/// were open: `(1 − ε) · agree + ε / choices` (the module docs' mixture).
fn mix(agree: f64, choices: usize, params: &BeliefParams) -> f64 {
    (1.0 - params.epsilon) * agree + params.epsilon / choices as f64
}

/// How well the player models explain a seat's observed actions on a deal: of the actions
/// weighed (every one that had a choice — a forced pass says nothing), how many `normal` would
/// not have taken from that hand, whichever models weigh them (without `normal` or the
/// imitation among them, which work out `normal`'s choice anyway: how many the models would
/// mostly not have taken, agreement below one half). Summed over seats, chains and decisions,
/// the share missed says whether the table plays like the model: against three `normal`
/// players `hard`'s chains miss 1.3 % of the actions, against three `easy` 33 %, at a table
/// of `hard` players 43 % and against FujiGokoro clients 27–30 % (`docs/daifugo.md` §7). The
/// `hard` level reads it to deepen its tree where the table fits (`hard::Deepen`) and to
/// trust the evidence less where it does not (`hard::Loosen`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fit {
    /// Actions weighed.
    pub weighed: u32,
    /// Of those, actions `normal` would not have taken.
    pub missed: u32,
}

impl Fit {
    /// Adds another count to this one (saturating: a `uecda serve` run sums every search).
    pub fn add(&mut self, other: Fit) {
        self.weighed = self.weighed.saturating_add(other.weighed);
        self.missed = self.missed.saturating_add(other.missed);
    }

    /// The share of the weighed actions missed, 0..=1 (`None` when nothing was weighed).
    pub fn miss_rate(self) -> Option<f64> {
        (self.weighed > 0).then(|| f64::from(self.missed) / f64::from(self.weighed))
    }
}

/// What weighing one observed action gives ([`Evidence::agreement`]): the models' agreement
/// with it, the number of actions open, and whether it is a miss for the [`Fit`]; `None` for
/// a forced pass.
type Weighed = Option<(f64, usize, bool)>;

/// Scratch space for weighing evidence, kept between the weighings of one [`Sampler`]: the
/// legal-play cache and, per observation, the acting seat's [`Knowledge`] as last worked out.
/// Weighing the same observation again differs only in that seat's hand (the moves of the
/// chains swap a card or two), so the knowledge is refreshed for the new hand rather than
/// rebuilt: the passes read from the log stay, and only the ranks at and below the strongest
/// card that changed are worked out again.
#[derive(Clone, Debug, Default)]
pub struct Weighing {
    cache: LegalCache,
    known: Vec<Option<Knowledge>>,
    /// With the imitation among the models: each (observation, hand then) weighed so far,
    /// since its weighing (every candidate's features) is dear and the chains come back to
    /// hands they have weighed.
    weighed: HashMap<(usize, u64), Weighed>,
}

/// Whether two actions put down the same cards, whichever joker stands where it stands.
pub fn same_action(a: Action, b: Action) -> bool {
    match (a, b) {
        (Action::Play(p), Action::Play(q)) => {
            p.form() == q.form()
                && p.len() == q.len()
                && p.low() == q.low()
                && p.cards().naturals() == q.cards().naturals()
                && p.joker_count() == q.joker_count()
        }
        _ => a == b,
    }
}

/// One chain's state: a deal ([`OUT`] included) and each slot's log-likelihood and fit.
#[derive(Clone, Copy, Debug)]
struct Chain {
    hands: [CardSet; MAX_SEATS + 1],
    ll: [f64; MAX_SEATS + 1],
    fit: [Fit; MAX_SEATS + 1],
}

/// The weighted sampler of one decision (see the module docs).
#[derive(Clone, Debug)]
pub struct Sampler {
    /// The hard facts.
    pub facts: Belief,
    /// The evidence.
    pub evidence: Evidence,
    /// The parameters.
    pub params: BeliefParams,
    chains: Vec<Chain>,
    next: usize,
    /// Slots that hold cards that may move.
    slots: Vec<usize>,
    scratch: Weighing,
    /// Moves proposed and accepted so far.
    pub moves: (u64, u64),
    /// Under a time budget: when burning in a new chain stops early (the CPU reads the
    /// clock; `None` burns in fully, as fixed-deal budgets must for determinism).
    pub burn_deadline: Option<Instant>,
    /// Chain states of an earlier decision, to start new chains from.
    carried: Vec<[CardSet; MAX_SEATS + 1]>,
}

impl Sampler {
    /// The sampler of a view: its facts and evidence; chains start on deals drawn uniformly
    /// under the hard facts and are burnt in on first use.
    pub fn new(view: &SeatView<'_>, params: BeliefParams, rng: &mut GameRng) -> Sampler {
        let facts = Belief::from_view(view);
        let filler = full_deal(&facts, rng);
        let evidence = Evidence::from_view(view, &filler);
        let slots: Vec<usize> = (0..=MAX_SEATS)
            .filter(|s| *s != facts.seat && facts.need[*s] > 0)
            .filter(|s| facts.need[*s] as usize > facts.pinned[*s].len())
            .collect();
        Sampler {
            facts,
            evidence,
            params,
            chains: Vec::new(),
            next: 0,
            slots,
            scratch: Weighing::default(),
            moves: (0, 0),
            burn_deadline: None,
            carried: Vec::new(),
        }
    }

    /// Starts the chains not yet begun from these states of an earlier decision of the same
    /// round (each a deal of that decision's hidden cards, [`OUT`] included), when
    /// [`BeliefParams::carry_burn_in`] asks for it: a chain run at one decision has already
    /// weighed the table's earlier actions, so it needs only the moves that weigh what
    /// happened since. A state that cannot be brought into line with the hard facts of now
    /// gives way to a uniform deal.
    pub fn carry(&mut self, states: Vec<[CardSet; MAX_SEATS + 1]>) {
        self.carried = states;
    }

    /// The current state of every chain (for [`Sampler::carry`] at the next decision).
    pub fn states(&self) -> Vec<[CardSet; MAX_SEATS + 1]> {
        self.chains.iter().map(|c| c.hands).collect()
    }

    /// Whether any evidence weighs the deals (else they are uniform under the hard facts).
    pub fn has_evidence(&self) -> bool {
        self.params.epsilon < 1.0 && !self.evidence.obs.is_empty()
    }

    /// How well the player models explain the other seats' actions on the chains' current
    /// states, summed over the chains ([`Fit`]; nothing before the first deal is drawn, or
    /// without evidence).
    pub fn fit(&self) -> Fit {
        let mut fit = Fit::default();
        for c in &self.chains {
            for f in c.fit {
                fit.add(f);
            }
        }
        fit
    }

    fn slot_ll(&mut self, slot: usize, hidden: CardSet) -> (f64, Fit) {
        match self.evidence.seat_of(slot) {
            Some(seat) => {
                self.evidence
                    .log_likelihood(seat, hidden, &self.params, &mut self.scratch)
            }
            None => (0.0, Fit::default()),
        }
    }

    fn slot_ll_above(&mut self, slot: usize, hidden: CardSet, floor: f64) -> Option<(f64, Fit)> {
        match self.evidence.seat_of(slot) {
            Some(seat) => self.evidence.log_likelihood_above(
                seat,
                hidden,
                floor,
                &self.params,
                &mut self.scratch,
            ),
            None => (floor <= 0.0).then_some((0.0, Fit::default())),
        }
    }

    /// A new chain: from a carried-over state when one is left and fits, else from a uniform
    /// deal; burnt in.
    fn new_chain(&mut self, rng: &mut GameRng) -> Chain {
        let carried = match self.params.carry_burn_in {
            Some(n) => self
                .carried
                .pop()
                .and_then(|prev| carry_over(&self.facts, &prev, rng))
                .map(|hands| (hands, n)),
            None => None,
        };
        let (hands, burn_in) = match carried {
            Some(c) => c,
            None => (full_deal(&self.facts, rng), self.params.burn_in),
        };
        let mut ll = [0.0; MAX_SEATS + 1];
        let mut fit = [Fit::default(); MAX_SEATS + 1];
        for s in self.slots.clone() {
            (ll[s], fit[s]) = self.slot_ll(s, hands[s]);
        }
        let mut c = Chain { hands, ll, fit };
        for i in 0..burn_in {
            if i % 16 == 0 && self.burn_deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.step(&mut c, rng);
        }
        c
    }

    /// One Metropolis–Hastings move: swap a movable card of one slot with one of another.
    fn step(&mut self, c: &mut Chain, rng: &mut GameRng) {
        let k = self.slots.len();
        if k < 2 {
            return;
        }
        let i = rng.random_range(0..k);
        let mut j = rng.random_range(0..k - 1);
        if j >= i {
            j += 1;
        }
        let (a, b) = (self.slots[i], self.slots[j]);
        let ma = c.hands[a].minus(self.facts.pinned[a]);
        let mb = c.hands[b].minus(self.facts.pinned[b]);
        let (Some(x), Some(y)) = (nth_card(ma, rng), nth_card(mb, rng)) else {
            return;
        };
        if let Some((capped, allowed)) = self.facts.cap
            && ((capped == a && !allowed.contains(y)) || (capped == b && !allowed.contains(x)))
        {
            return;
        }
        self.moves.0 += 1;
        let mut ha = c.hands[a];
        ha.remove(x);
        ha.insert(y);
        let mut hb = c.hands[b];
        hb.remove(y);
        hb.insert(x);
        // Accept with probability min(1, L'/L): draw u first and accept when
        // ln L'a + ln L'b ≥ ln La + ln Lb + ln u, stopping the sums as soon as they fail (each
        // only falls as actions are added), which rejects most proposals after a few actions.
        let floor = c.ll[a] + c.ll[b] + (1.0 - rng.random::<f64>()).ln();
        let Some((la, fa)) = self.slot_ll_above(a, ha, floor) else {
            return;
        };
        let Some((lb, fb)) = self.slot_ll_above(b, hb, floor - la) else {
            return;
        };
        c.hands[a] = ha;
        c.hands[b] = hb;
        c.ll[a] = la;
        c.ll[b] = lb;
        c.fit[a] = fa;
        c.fit[b] = fb;
        self.moves.1 += 1;
    }

    /// One deal: `hands[s]` for every other seat (the viewer's entry and finished seats
    /// empty). Without evidence, a fresh uniform deal under the hard facts; with it, the next
    /// chain's state `thin` moves on.
    pub fn sample(&mut self, rng: &mut GameRng) -> [CardSet; MAX_SEATS] {
        let hands = if !self.has_evidence() {
            full_deal(&self.facts, rng)
        } else {
            if self.chains.len() < self.params.chains.max(1) {
                let c = self.new_chain(rng);
                self.chains.push(c);
                self.next = self.chains.len() - 1;
            } else {
                self.next = (self.next + 1) % self.chains.len();
                let mut c = self.chains[self.next];
                for _ in 0..self.params.thin {
                    self.step(&mut c, rng);
                }
                self.chains[self.next] = c;
            }
            self.chains[self.next].hands
        };
        let mut out = [CardSet::EMPTY; MAX_SEATS];
        out.copy_from_slice(&hands[..MAX_SEATS]);
        out[self.facts.seat.min(MAX_SEATS - 1)] = CardSet::EMPTY;
        out
    }
}

/// A uniform deal under the hard facts with the out-of-play slot.
fn full_deal(facts: &Belief, rng: &mut GameRng) -> [CardSet; MAX_SEATS + 1] {
    let hands = facts.deal(rng);
    let mut full = [CardSet::EMPTY; MAX_SEATS + 1];
    full[..MAX_SEATS].copy_from_slice(&hands);
    let dealt = hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
    full[OUT] = facts.unseen.minus(dealt);
    full
}

/// A deal of an earlier decision brought into line with `facts`: each hand keeps the cards it
/// held that are still unseen (the pinned cards go to their holders, the capped seat keeps only
/// what it may hold), drops random cards it no longer has room for; the capped seat is
/// refilled first, from the cards left over it may hold or else from another hand; then the
/// cards left over are dealt at random to the hands short of cards. `None` when the facts
/// cannot be met that way.
fn carry_over(
    facts: &Belief,
    prev: &[CardSet; MAX_SEATS + 1],
    rng: &mut GameRng,
) -> Option<[CardSet; MAX_SEATS + 1]> {
    let pinned = facts.pinned.iter().fold(CardSet::EMPTY, |a, p| a.union(*p));
    let capped = facts.cap.map(|(s, _)| s);
    let mut hands = [CardSet::EMPTY; MAX_SEATS + 1];
    for (s, hand) in hands.iter_mut().enumerate() {
        let need = usize::from(facts.need[s]);
        if s == facts.seat || need == 0 {
            continue;
        }
        let mut h = prev[s]
            .intersect(facts.unseen)
            .minus(pinned)
            .union(facts.pinned[s]);
        if let Some((c, allowed)) = facts.cap
            && c == s
        {
            h = h.intersect(allowed.union(facts.pinned[s]));
        }
        while h.len() > need {
            h.remove(nth_card(h.minus(facts.pinned[s]), rng)?);
        }
        *hand = h;
    }
    let mut pool = facts
        .unseen
        .minus(hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h)));
    // The capped seat first: from the cards left over if it can, else it takes a card it may
    // hold from another hand (which is then refilled from what is left over).
    if let Some((c, allowed)) = facts.cap {
        while hands[c].len() < usize::from(facts.need[c]) {
            let others = (0..=MAX_SEATS)
                .filter(|t| *t != c && *t != facts.seat)
                .fold(CardSet::EMPTY, |a, t| {
                    a.union(hands[t].minus(facts.pinned[t]))
                });
            let card = nth_card(pool.intersect(allowed), rng)
                .or_else(|| nth_card(others.intersect(allowed), rng))?;
            pool.remove(card);
            for (t, h) in hands.iter_mut().enumerate() {
                if t != c {
                    h.remove(card);
                }
            }
            hands[c].insert(card);
        }
    }
    for (s, hand) in hands.iter_mut().enumerate() {
        if s == facts.seat || Some(s) == capped {
            continue;
        }
        while hand.len() < usize::from(facts.need[s]) {
            let c = nth_card(pool, rng)?;
            hand.insert(c);
            pool.remove(c);
        }
    }
    pool.is_empty().then_some(hands)
}

/// A uniformly chosen card of `set`.
fn nth_card(set: CardSet, rng: &mut GameRng) -> Option<Card> {
    let n = set.len();
    if n == 0 {
        return None;
    }
    let mut k = rng.random_range(0..n);
    let mut bits = set.bits();
    while k > 0 {
        bits &= bits - 1;
        k -= 1;
    }
    let one = CardSet::from_bits(bits & bits.wrapping_neg());
    one.iter().next()
}

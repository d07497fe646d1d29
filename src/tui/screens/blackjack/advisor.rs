//! The EV advisor: the exact expected value of each legal action for the real shoe at this
//! moment, computed on a worker thread so the screen never waits for it.
//!
//! Each request carries a generation number; a result for an older generation (the player has
//! acted since, or switched the advisor off) is discarded. The screen polls the worker's channel
//! through its deadline every [`POLL`] while a result is pending, so no other part of the app
//! needs to know about the thread.

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

use crate::blackjack::ev::{self, Note, Shoe, SplitPlan, Spot};
use crate::blackjack::hand::card_points;
use crate::blackjack::moves::peek_applies;
use crate::blackjack::rules::{Rules, Ties};
use crate::blackjack::strategy::{BasicStrategy, Decision};
use crate::blackjack::table::{Action as Move, Phase, Table};
use crate::cards::{Card, Rank};
use crate::i18n::Lang;

/// How often the screen looks for a finished computation.
pub const POLL: Duration = Duration::from_millis(40);

/// The EVs of the legal actions at one decision, as fractions of the initial bet.
#[derive(Clone, Debug, PartialEq)]
pub struct EvLine {
    /// Each legal action with its EV (`None` where there is no figure, e.g. a bet).
    pub values: Vec<(Move, Option<f64>)>,
    /// The action with the highest EV.
    pub best: Option<Move>,
    /// Whether the values are conditional on the dealer not holding a natural (peek).
    pub conditional: bool,
    /// The resplit plan behind the split's value (when a split is valued).
    pub split_plan: Option<SplitPlan>,
    /// Legal actions without a value, and why (the shoe could run out).
    pub notes: Vec<(Move, Note)>,
}

/// What the advisor has to show.
#[derive(Clone, Debug, PartialEq)]
pub enum EvState {
    /// Nothing asked (advisor off, or no decision in front of the player).
    Idle,
    /// A worker is computing.
    Computing,
    /// The values for the current decision.
    Ready(EvLine),
    /// The EV engine refused (e.g. too few cards left); the reason, in the UI language.
    Failed(String),
}

/// Everything the worker needs, copied out of the table (the worker never sees the table).
#[derive(Clone, Debug)]
pub struct Question {
    /// The table's rules.
    pub rules: Rules,
    /// Cards seen since the last shuffle: the discards and every face-up card on the table.
    pub seen: Vec<Card>,
    /// The hand in question.
    pub hand: Vec<Card>,
    /// The dealer's up card.
    pub up: Card,
    /// The hand was made by splitting.
    pub from_split: bool,
    /// Hands in the round now.
    pub hands_in_round: u8,
    /// Split hands after this one still waiting for their second card.
    pub waiting: u8,
    /// Whether another hand of the round is finished and live (the dealer will draw).
    pub others_live: bool,
    /// The phase (insurance, early surrender or player).
    pub phase: Phase,
    /// The legal actions to value.
    pub legal: Vec<Move>,
    /// The language of error messages.
    pub lang: Lang,
    /// Whether error messages name cards with suit symbols (`10♠`) or letters (`10S`), as the
    /// screen shows them.
    pub symbols: bool,
}

impl Question {
    /// The question for the decision in front of the player, `None` when there is none.
    pub fn of(table: &Table, lang: Lang, symbols: bool) -> Option<Question> {
        let v = table.view();
        if !matches!(
            v.phase,
            Phase::Insurance | Phase::EarlySurrender | Phase::Player
        ) {
            return None;
        }
        let i = v.active.unwrap_or(0);
        let h = v.hands.get(i)?;
        let up = *v.dealer.cards.first()?;
        let mut seen = table.card_places().discards;
        seen.extend(v.hands.iter().flat_map(|h| h.cards.iter().copied()));
        seen.extend(v.dealer.cards.iter().copied());
        Some(Question {
            rules: *table.rules(),
            seen,
            hand: h.cards.clone(),
            up,
            from_split: h.from_split,
            hands_in_round: u8::try_from(v.hands.len()).unwrap_or(u8::MAX),
            waiting: u8::try_from(
                v.hands
                    .iter()
                    .skip(i + 1)
                    .filter(|h| h.cards.len() == 1)
                    .count(),
            )
            .unwrap_or(u8::MAX),
            others_live: v
                .hands
                .iter()
                .enumerate()
                .any(|(j, h)| j != i && h.done && !h.bust && !h.surrendered),
            phase: v.phase,
            legal: v.legal.clone(),
            lang,
            symbols,
        })
    }
}

/// The worker's answer for one generation.
type Answer = (u64, Result<EvLine, String>);

/// The advisor's state on the screen's side.
pub struct EvAdvisor {
    generation: u64,
    state: EvState,
    rx: Option<Receiver<Answer>>,
    due: Option<Instant>,
}

impl Default for EvAdvisor {
    fn default() -> Self {
        Self::new()
    }
}

impl EvAdvisor {
    /// An idle advisor.
    pub fn new() -> EvAdvisor {
        EvAdvisor {
            generation: 0,
            state: EvState::Idle,
            rx: None,
            due: None,
        }
    }

    /// What to show.
    pub fn state(&self) -> &EvState {
        &self.state
    }

    /// Forgets any pending or shown result.
    pub fn clear(&mut self) {
        self.generation += 1;
        self.state = EvState::Idle;
        self.rx = None;
        self.due = None;
    }

    /// Starts computing the EVs of the decision in front of the player (or goes idle when there
    /// is none). Any earlier computation's result will be discarded.
    pub fn request(&mut self, table: &Table, lang: Lang, symbols: bool) {
        self.clear();
        let Some(q) = Question::of(table, lang, symbols) else {
            return;
        };
        let generation = self.generation;
        let (tx, rx) = channel();
        let spawned = std::thread::Builder::new()
            .name("ev-advisor".into())
            .spawn(move || {
                // The receiver may be gone (a newer request): nothing to do then.
                let _ = tx.send((generation, compute(&q)));
            });
        match spawned {
            Ok(_) => {
                self.rx = Some(rx);
                self.state = EvState::Computing;
                self.due = Some(Instant::now() + POLL);
            }
            Err(e) => self.state = EvState::Failed(e.to_string()),
        }
    }

    /// When the screen should look for the result (`None` when nothing is pending).
    pub fn poll_due(&self) -> Option<Instant> {
        self.due
    }

    /// Takes a finished result if there is one; otherwise polls again [`POLL`] after `now`.
    pub fn poll(&mut self, now: Instant) {
        let Some(rx) = &self.rx else {
            self.due = None;
            return;
        };
        match rx.try_recv() {
            Ok((g, answer)) if g == self.generation => {
                self.state = match answer {
                    Ok(line) => EvState::Ready(line),
                    Err(e) => EvState::Failed(e),
                };
                self.rx = None;
                self.due = None;
            }
            Ok(_) => self.due = Some(now + POLL),
            Err(TryRecvError::Empty) => self.due = Some(now + POLL),
            Err(TryRecvError::Disconnected) => {
                self.state = EvState::Failed("the EV worker stopped".into());
                self.rx = None;
                self.due = None;
            }
        }
    }
}

/// The EVs for `q` (runs on the worker thread), after `rules/blackjack.md` §3 and the
/// conventions of [`crate::blackjack::ev`]: per initial bet; under peek, conditional on no dealer
/// natural once the dealer has peeked.
///
/// * Player phase and early surrender: each legal move's value from [`ev::hand_evs`]; declining
///   early surrender is worth the best of the other moves.
/// * Insurance offer: the insurance side bet's value against 0 for declining it; even money
///   (+1, certain) against the natural's unconditional value `pays × (1 − p) − [ties to
///   dealer] × p`, `p` the chance of a ten in the hole.
pub fn compute(q: &Question) -> Result<EvLine, String> {
    let unseen = Shoe::decks_without(q.rules.decks, &q.seen)
        .map_err(|e| super::words::ev_error(&e, q.lang, &|c| c.label(q.symbols)))?;
    let spot = Spot {
        hand: &q.hand,
        up: q.up,
        from_split: q.from_split,
        hands_in_round: q.hands_in_round,
        waiting: q.waiting,
        others_live: q.others_live,
    };
    let evs = ev::hand_evs(&q.rules, &unseen, &spot)
        .map_err(|e| super::words::ev_error(&e, q.lang, &|c| c.label(q.symbols)))?;
    let up_points = card_points(q.up);
    let mut values: Vec<(Move, Option<f64>)> = Vec::new();
    let mut notes: Vec<(Move, Note)> = Vec::new();
    let conditional = q.phase == Phase::Player && peek_applies(&q.rules, up_points);
    match q.phase {
        Phase::Insurance => {
            let tens: u32 = [Rank::Ten, Rank::Jack, Rank::Queen, Rank::King]
                .iter()
                .map(|&r| unseen.count(r))
                .sum();
            let p = if unseen.is_empty() {
                0.0
            } else {
                f64::from(tens) / f64::from(unseen.len())
            };
            for &m in &q.legal {
                let v = match m {
                    Move::Insure(_) => evs.insurance,
                    Move::EvenMoney => Some(1.0),
                    Move::Decline if q.legal.contains(&Move::EvenMoney) => {
                        let (num, den) = q.rules.blackjack_pays.ratio();
                        let pays = num as f64 / den as f64;
                        let tie = if q.rules.ties == Ties::Push {
                            0.0
                        } else {
                            -1.0
                        };
                        Some(pays * (1.0 - p) + tie * p)
                    }
                    Move::Decline => Some(0.0),
                    _ => None,
                };
                values.push((m, v));
            }
        }
        Phase::EarlySurrender => {
            let others = [
                Decision::Stand,
                Decision::Hit,
                Decision::Double,
                Decision::Split,
            ]
            .iter()
            .filter_map(|&d| evs.get(d))
            .fold(f64::NEG_INFINITY, f64::max);
            for &m in &q.legal {
                let v = match m {
                    Move::Surrender => evs.surrender,
                    Move::Decline => Some(others),
                    _ => None,
                };
                values.push((m, v));
            }
        }
        _ => {
            for &m in &q.legal {
                let d = match m {
                    Move::Hit => Some(Decision::Hit),
                    Move::Stand => Some(Decision::Stand),
                    Move::Double => Some(Decision::Double),
                    Move::Split => Some(Decision::Split),
                    Move::Surrender => Some(Decision::Surrender),
                    _ => None,
                };
                values.push((m, d.and_then(|d| evs.get(d))));
                if let Some(n) = d.and_then(|d| evs.note(d)) {
                    notes.push((m, n));
                }
            }
        }
    }
    let best = values
        .iter()
        .filter_map(|(m, v)| v.map(|v| (*m, v)))
        .fold(None::<(Move, f64)>, |acc, (m, v)| match acc {
            Some((_, bv)) if bv >= v => acc,
            _ => Some((m, v)),
        })
        .map(|(m, _)| m);
    let split_plan = values
        .iter()
        .any(|(m, v)| *m == Move::Split && v.is_some())
        .then_some(evs.split_policy)
        .flatten();
    Ok(EvLine {
        values,
        best,
        conditional,
        split_plan,
        notes,
    })
}

/// The basic-strategy table, derived on a worker thread when the screen opens (deriving it
/// takes a noticeable moment, far too long to freeze the screen for).
pub struct StrategySlot {
    ready: Option<BasicStrategy>,
    rx: Option<Receiver<BasicStrategy>>,
}

impl StrategySlot {
    /// Starts deriving the table for `rules` (falls back to deriving it here if no thread can
    /// be started).
    pub fn derive(rules: Rules) -> StrategySlot {
        let (tx, rx) = channel();
        let spawned = std::thread::Builder::new()
            .name("basic-strategy".into())
            .spawn(move || {
                let _ = tx.send(BasicStrategy::new(&rules));
            });
        match spawned {
            Ok(_) => StrategySlot {
                ready: None,
                rx: Some(rx),
            },
            Err(_) => StrategySlot {
                ready: Some(BasicStrategy::new(&rules)),
                rx: None,
            },
        }
    }

    /// A slot holding a table already derived.
    pub fn ready(table: BasicStrategy) -> StrategySlot {
        StrategySlot {
            ready: Some(table),
            rx: None,
        }
    }

    /// The table once derived.
    pub fn get(&self) -> Option<&BasicStrategy> {
        self.ready.as_ref()
    }

    /// Whether the table is still being derived.
    pub fn pending(&self) -> bool {
        self.ready.is_none() && self.rx.is_some()
    }

    /// Takes the table if the worker has finished.
    pub fn poll(&mut self) {
        if let Some(rx) = &self.rx {
            match rx.try_recv() {
                Ok(t) => {
                    self.ready = Some(t);
                    self.rx = None;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.rx = None,
            }
        }
    }
}

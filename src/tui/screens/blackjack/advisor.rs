//! The EV advisor: the exact expected value of each legal action for the real shoe at this
//! moment, computed on a worker thread so the screen never waits for it.
//!
//! Each request carries a generation number; a result for an older generation (the player has
//! acted since, or switched the advisor off) is discarded. The screen polls the worker's channel
//! through its deadline every [`POLL`] while a result is pending, so no other part of the app
//! needs to know about the thread.

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

use crate::blackjack::rules::Rules;
use crate::blackjack::table::{Action as Move, Phase, Table};
use crate::cards::Card;

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
    /// The EV engine refused (e.g. too few cards left); the reason, in English.
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
    /// The phase (insurance, early surrender or player).
    pub phase: Phase,
    /// The legal actions to value.
    pub legal: Vec<Move>,
}

impl Question {
    /// The question for the decision in front of the player, `None` when there is none.
    pub fn of(table: &Table) -> Option<Question> {
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
            phase: v.phase,
            legal: v.legal.clone(),
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
    pub fn request(&mut self, table: &Table) {
        self.clear();
        let Some(q) = Question::of(table) else {
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

    /// Waits (blocking) for the pending result; for tests and snapshots only.
    pub fn wait(&mut self) {
        while self.due.is_some() {
            std::thread::sleep(Duration::from_millis(2));
            self.poll(Instant::now());
        }
    }
}

/// The EVs for `q` (runs on the worker thread).
fn compute(q: &Question) -> Result<EvLine, String> {
    let _ = q;
    Err("the EV engine is not available in this build".into())
}

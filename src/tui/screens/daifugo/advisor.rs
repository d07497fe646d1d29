//! The advisor column of the Daifugo screen (issue 14 item 5): beside each candidate play, the
//! `hard` CPU's expected round points for the human after it, the best marked.
//!
//! The estimate ([`advise`]) runs on a worker thread from an [`OwnedSeatView`] of the human's
//! seat — a type with no field for another seat's cards — so the screen keeps drawing and
//! answering keys while it thinks, and shows "thinking…" until the first figures are ready.
//! The worker plays out [`CHUNK`] deals at a time (each chunk on its own seed, every action on
//! the same deals) and sends the running means after each chunk, so the figures firm up while
//! the player looks, until the budget is spent; an exact endgame is sent once. Every change of
//! the game starts a new estimate when the human is to play and stops the old worker.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::{Duration, Instant};

use crate::daifugo::cpu::Budget;
use crate::daifugo::cpu::advice::{OwnedSeatView, advise, best_index};
use crate::daifugo::cpu::endgame::values_view;
use crate::daifugo::{Action, Game};

use super::candidates::Candidate;

/// Deals per chunk of the worker.
pub const CHUNK: u32 = 8;

/// Deals after which the worker stops even with time left (the figures are steady by then).
pub const MAX_DEALS: u32 = 480;

/// How often the screen asks a running estimate whether it is done.
pub const POLL: Duration = Duration::from_millis(40);

/// The shortest thinking time of the advisor (a `cpu_think_ms` below it is raised to it): the
/// human's list can hold dozens of plays, each played out on every deal.
pub const MIN_THINK: Duration = Duration::from_millis(800);

/// Where the advisor stands, for drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cell {
    /// The advisor is off, or has nothing to say about this entry.
    None,
    /// Still thinking.
    Thinking,
    /// Expected round points, and whether this is the best entry.
    Points(f64, bool),
}

/// Running means and the deals behind them (0 for an exact endgame).
type Figures = (Vec<(Action, f64)>, u32);

struct Job {
    input: OwnedSeatView,
    rx: Receiver<Figures>,
    stop: Arc<AtomicBool>,
}

impl Drop for Job {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The worker: the exact endgame if the position is one, else chunks of deals until `budget`
/// (time or deals) is spent or `stop` is set, sending the running means after each chunk.
fn work(input: &OwnedSeatView, budget: Budget, seed: u64, stop: &AtomicBool, tx: &Sender<Figures>) {
    let start = Instant::now();
    let exact = input.with_view(|v| {
        let mut acts: Vec<Action> = v.legal_plays().iter().map(|p| Action::Play(*p)).collect();
        if v.can_pass() {
            acts.push(Action::Pass);
        }
        values_view(v, &acts, Some(start + Duration::from_millis(500)))
            .map(|vals| acts.into_iter().zip(vals).collect::<Vec<_>>())
    });
    if let Some(est) = exact {
        let _ = tx.send((est, 0));
        return;
    }
    let (time, max) = match budget {
        Budget::Time(d) => (Some(d), MAX_DEALS),
        Budget::Playouts(n) => (None, n.max(1)),
    };
    let mut sums: Vec<(Action, f64)> = Vec::new();
    let mut deals = 0u32;
    let mut k = 0u64;
    while deals < max && !stop.load(Ordering::Relaxed) {
        let n = CHUNK.min(max - deals);
        let est = advise(input, Budget::Playouts(n), seed.wrapping_add(k));
        k += 1;
        if sums.is_empty() {
            sums = est.iter().map(|(a, v)| (*a, v * f64::from(n))).collect();
        } else {
            for ((_, s), (_, v)) in sums.iter_mut().zip(&est) {
                *s += v * f64::from(n);
            }
        }
        deals += n;
        let means = sums
            .iter()
            .map(|(a, s)| (*a, s / f64::from(deals)))
            .collect();
        if tx.send((means, deals)).is_err() || time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
    }
}

/// The advisor's state in the screen (UI state: it never changes the game).
pub struct Advisor {
    on: bool,
    budget: Budget,
    seed: u64,
    job: Option<Job>,
    ready: Option<(OwnedSeatView, Figures)>,
    poll_at: Option<Instant>,
}

impl Advisor {
    /// An advisor, on or off, thinking for `budget` per position with this seed.
    pub fn new(on: bool, budget: Budget, seed: u64) -> Advisor {
        Advisor {
            on,
            budget,
            seed,
            job: None,
            ready: None,
            poll_at: None,
        }
    }

    /// The thinking budget for a table whose `hard` CPUs think `think_ms` per decision: that
    /// time, at least [`MIN_THINK`].
    pub fn budget_for(think_ms: u32) -> Budget {
        Budget::Time(Duration::from_millis(u64::from(think_ms)).max(MIN_THINK))
    }

    /// Whether the column shows.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Sets the thinking budget (tests use a fixed number of deals, for the same numbers on
    /// every run). Takes effect from the next position.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Turns the column on or off, then looks at `game` again.
    pub fn toggle(&mut self, game: &Game, now: Instant) {
        self.on = !self.on;
        self.update(game, now);
    }

    /// After the game changed: starts an estimate for seat 0 when it is to play and the
    /// position is new; forgets everything when it is not to play or the advisor is off.
    pub fn update(&mut self, game: &Game, now: Instant) {
        let input = OwnedSeatView::from_view(&game.seat_view(0));
        if !self.on || input.to_play.is_none() {
            self.job = None;
            self.ready = None;
            self.poll_at = None;
            return;
        }
        if self.ready.as_ref().is_some_and(|(i, _)| *i == input)
            || self.job.as_ref().is_some_and(|j| j.input == input)
        {
            return;
        }
        self.ready = None;
        self.job = None;
        let (tx, rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let (budget, seed, sent, flag) = (self.budget, self.seed, input.clone(), stop.clone());
        let spawned = std::thread::Builder::new()
            .name("advisor".into())
            .spawn(move || work(&sent, budget, seed, &flag, &tx));
        if spawned.is_err() {
            // No thread: no advice rather than a frozen screen.
            self.job = None;
            self.poll_at = None;
            return;
        }
        self.job = Some(Job { input, rx, stop });
        self.poll_at = Some(now + POLL);
    }

    /// When the screen should call [`Advisor::poll`] next (`None`: nothing running).
    pub fn poll_at(&self) -> Option<Instant> {
        self.poll_at
    }

    /// Takes the latest figures the worker sent; returns whether something changed.
    pub fn poll(&mut self, now: Instant) -> bool {
        let Some(job) = &self.job else {
            self.poll_at = None;
            return false;
        };
        let mut changed = false;
        loop {
            match job.rx.try_recv() {
                Ok(fig) => {
                    self.ready = Some((job.input.clone(), fig));
                    changed = true;
                }
                Err(TryRecvError::Empty) => {
                    self.poll_at = Some(now + POLL);
                    return changed;
                }
                Err(TryRecvError::Disconnected) => {
                    self.job = None;
                    self.poll_at = None;
                    return true;
                }
            }
        }
    }

    /// Waits until the worker has spent its budget and takes its last figures (tests).
    pub fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            while let Ok(fig) = job.rx.recv() {
                self.ready = Some((job.input.clone(), fig));
            }
            self.poll_at = None;
        }
    }

    /// Whether the worker is still at work (the figures may still change).
    pub fn thinking(&self) -> bool {
        self.on && self.job.is_some()
    }

    /// The latest figures, in the engine's order (plays, then Pass).
    pub fn estimates(&self) -> Option<&[(Action, f64)]> {
        self.ready.as_ref().map(|(_, (e, _))| e.as_slice())
    }

    /// Deals behind the latest figures (0 when they are an exact endgame).
    pub fn deals(&self) -> Option<u32> {
        self.ready.as_ref().map(|(_, (_, d))| *d)
    }

    /// What to show beside `cand`.
    pub fn cell(&self, cand: Candidate) -> Cell {
        if !self.on {
            return Cell::None;
        }
        let Some(est) = self.estimates() else {
            return if self.job.is_some() {
                Cell::Thinking
            } else {
                Cell::None
            };
        };
        let action = match cand {
            Candidate::Play(p) => Action::Play(p),
            Candidate::Pass => Action::Pass,
        };
        let best = best_index(est);
        match est.iter().position(|(a, _)| *a == action) {
            Some(i) => Cell::Points(est[i].1, Some(i) == best),
            None => Cell::None,
        }
    }
}

/// Cells the value column takes at the right of a row (a space, `3.62`, the best mark).
pub const COLUMN: usize = 6;

/// The value beside an entry: ` 3.62 ` or ` 3.62★` for the best (`*` with ASCII suits), `…`
/// while thinking; `None` when there is nothing to show.
pub fn cell_span(cell: Cell, ctx: &crate::tui::ctx::Ctx) -> Option<ratatui::text::Span<'static>> {
    use ratatui::style::Modifier;
    use ratatui::text::Span;
    match cell {
        Cell::None => None,
        Cell::Thinking => Some(Span::styled(format!("{:>5} ", "…"), ctx.theme.dim)),
        Cell::Points(v, best) => {
            let mark = match (best, ctx.symbols) {
                (false, _) => " ",
                (true, true) => "★",
                (true, false) => "*",
            };
            let style = if best {
                ctx.theme.accent.add_modifier(Modifier::BOLD)
            } else {
                ctx.theme.dim
            };
            Some(Span::styled(format!(" {v:>4.2}{mark}"), style))
        }
    }
}

/// The line under the list while the advisor is on: "thinking…", or what the numbers are.
pub fn legend(a: &Advisor, players: usize, ctx: &crate::tui::ctx::Ctx) -> Option<String> {
    if !a.is_on() {
        return None;
    }
    match a.deals() {
        None if a.thinking() => Some(ctx.t("daifugo.ui.advisor.thinking").to_string()),
        None => None,
        Some(0) => Some(ctx.tf(
            "daifugo.ui.advisor.exact",
            &[("players", &players.to_string())],
        )),
        Some(d) => Some(ctx.tf(
            "daifugo.ui.advisor.legend",
            &[("players", &players.to_string()), ("deals", &d.to_string())],
        )),
    }
}

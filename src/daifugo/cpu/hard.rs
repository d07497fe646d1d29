//! The `hard` level (issue 6 item 1): determinized Monte Carlo search.
//!
//! For each decision of a trick:
//!
//! 1. **Candidates.** Every legal play when following (wildcard jokers only near the end) and
//!    passing; when leading, the units of the `normal` plan, the `normal` choice, and the
//!    weakest play of each form and size — a lead list can run to a hundred plays, most of
//!    them splits no player would make.
//! 2. **Exact endgame.** With one opponent left and no card unaccounted for, the position is
//!    of perfect information and small: [`super::endgame`] solves it.
//! 3. **Playouts.** Otherwise, repeatedly: deal the unseen cards consistently with the view
//!    ([`super::determinize`]), then, on that same deal, play each live candidate and finish
//!    the round with the playout policy (`normal` by default) for every seat, on the rules
//!    core ([`RoundState`]). The candidate's score is its mean round points (`players − place +
//!    1`), and all candidates are scored on the same deals (common random numbers), so their
//!    differences are measured with little noise. Candidates that fall clearly behind the best
//!    (paired difference below −3 standard errors) are dropped as the samples grow.
//! 4. **Budget.** Playouts continue until the budget is spent: a wall-clock time (the CPU, not
//!    the engine, reads the clock) or a fixed number of deals, which makes the level
//!    deterministic for a seed — the mode for tests and records. The best mean wins; ties go
//!    to the `normal` choice.
//!
//! The exchange give-back follows the `normal` level.

use std::time::{Duration, Instant};

use super::CpuPlayer;
use super::analysis::{Knowledge, plan};
use super::determinize::Belief;
use super::easy_choice;
use super::endgame;
use super::normal::{NormalPolicy, give_back, normal_choice};
use crate::cards::GameRng;
use crate::daifugo::cardset::CardSet;
use crate::daifugo::event::Action;
use crate::daifugo::legal::LegalCache;
use crate::daifugo::play::{Form, Play};
use crate::daifugo::state::RoundState;
use crate::daifugo::view::{Decision, SeatView};

/// How long a `hard` CPU may think about one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time per decision (`cpu_think_ms`).
    Time(Duration),
    /// A fixed number of deals per decision, each played out for every candidate:
    /// deterministic for a seed.
    Playouts(u32),
}

impl Default for Budget {
    /// The config's default `cpu_think_ms` of 300 ms.
    fn default() -> Budget {
        Budget::Time(Duration::from_millis(300))
    }
}

/// Which policy plays the rest of the round in a playout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rollout {
    /// The `easy` level: fast, many playouts.
    Easy,
    /// The `normal` level: slower, closer to real play.
    #[default]
    Normal,
}

/// How a `hard` CPU searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HardOptions {
    /// The thinking budget per decision.
    pub budget: Budget,
    /// The playout policy.
    pub rollout: Rollout,
    /// Points added to a playout's result for finishing first (and taken for finishing last;
    /// half as much for second and second-to-last) when rounds remain: the next exchange
    /// (`rules/daifugo.md` §2) gives the 大富豪 the 大貧民's two best cards.
    pub future: f32,
}

impl HardOptions {
    /// The defaults with this budget: `normal` playouts, no future term (in self-play
    /// against `normal`, weights 0.3 and 0.6 did no better than 0: 2.909 and 2.895 against
    /// 2.922 points per round, ± 0.03, 400 games each).
    pub fn new(budget: Budget) -> HardOptions {
        HardOptions {
            budget,
            rollout: Rollout::Normal,
            future: 0.0,
        }
    }
}

/// The `hard` level (see the module docs).
#[derive(Clone, Debug)]
pub struct HardCpu {
    options: HardOptions,
    cache: LegalCache,
    sample_cache: LegalCache,
}

impl HardCpu {
    /// A `hard` CPU with this budget and the default options.
    pub fn new(budget: Budget) -> HardCpu {
        HardCpu::with_options(HardOptions::new(budget))
    }

    /// A `hard` CPU with this budget and playout policy.
    pub fn with_rollout(budget: Budget, rollout: Rollout) -> HardCpu {
        HardCpu::with_options(HardOptions {
            rollout,
            ..HardOptions::new(budget)
        })
    }

    /// A `hard` CPU with these options.
    pub fn with_options(options: HardOptions) -> HardCpu {
        HardCpu {
            options,
            cache: LegalCache::default(),
            sample_cache: LegalCache::default(),
        }
    }

    /// The options.
    pub fn options(&self) -> HardOptions {
        self.options
    }
}

/// The value of a finished playout for `seat`: its round points plus the future term for its
/// place (see [`HardOptions::future`]).
fn playout_value(st: &RoundState, seat: usize, future: f32, rounds_left: bool) -> f32 {
    let pts = st.points(seat) as f32;
    if !rounds_left || future == 0.0 {
        return pts;
    }
    let n = st.players();
    let place = usize::from(st.places()[seat]);
    let bonus = if place == 1 {
        future
    } else if place == n {
        -future
    } else if n >= 4 && place == 2 {
        future / 2.0
    } else if n >= 4 && place == n - 1 {
        -future / 2.0
    } else {
        0.0
    };
    pts + bonus
}

impl CpuPlayer for HardCpu {
    fn choose(&mut self, view: &SeatView<'_>, rng: &mut GameRng) -> Action {
        let start = Instant::now();
        match view.decision() {
            Decision::GiveBack { count, .. } => {
                Action::GiveBack(give_back(view, usize::from(count)))
            }
            Decision::Play { can_pass } => {
                let legal = view.legal();
                let cands = {
                    let legal = legal.get();
                    if legal.is_empty() {
                        return Action::Pass;
                    }
                    candidates(view, &legal, can_pass)
                };
                if cands.len() == 1 {
                    return cands[0];
                }
                let deadline = match self.options.budget {
                    Budget::Time(d) => Some(start + d / 2),
                    Budget::Playouts(_) => None,
                };
                if let Some(a) = endgame::solve_view(view, &cands, deadline) {
                    return a;
                }
                self.search(view, &cands, rng, start)
            }
            Decision::Wait => Action::Pass,
        }
    }
}

/// The moves worth searching (see the module docs); the `normal` choice first.
pub fn candidates(view: &SeatView<'_>, legal: &[Play], can_pass: bool) -> Vec<Action> {
    let first = normal_choice(view);
    let mut out = vec![first];
    let add = |a: Action, out: &mut Vec<Action>| {
        if !out.contains(&a) {
            out.push(a);
        }
    };
    let endgame = view.hand().len() <= 5;
    match view.trick().pile {
        Some(_) => {
            for p in legal {
                if !p.has_joker() || p.is_all_jokers() || endgame {
                    add(Action::Play(*p), &mut out);
                }
            }
            if can_pass {
                add(Action::Pass, &mut out);
            }
        }
        None => {
            let k = Knowledge::from_view(view);
            for u in plan(&k, view.hand()).units() {
                if let Some(p) = legal.iter().find(|p| {
                    p.form() == u.form()
                        && p.len() == u.len()
                        && p.cards().naturals() == u.cards().naturals()
                        && p.joker_count() == u.joker_count()
                }) {
                    add(Action::Play(*p), &mut out);
                }
            }
            // The weakest play of each form and size (the list is weakest first per group).
            let mut seen: Vec<(Form, usize)> = Vec::new();
            for p in legal {
                let key = (p.form(), p.len());
                if seen.contains(&key) || (p.has_joker() && !p.is_all_jokers() && !endgame) {
                    continue;
                }
                seen.push(key);
                add(Action::Play(*p), &mut out);
            }
            if endgame {
                for p in legal {
                    add(Action::Play(*p), &mut out);
                }
            }
        }
    }
    out
}

impl HardCpu {
    fn search(
        &mut self,
        view: &SeatView<'_>,
        cands: &[Action],
        rng: &mut GameRng,
        start: Instant,
    ) -> Action {
        let belief = Belief::from_view(view);
        let me = view.seat();
        let k = cands.len();
        let mut live: Vec<bool> = vec![true; k];
        let mut sums = vec![0.0f64; k];
        let mut results: Vec<Vec<f32>> = vec![Vec::new(); k];
        let mut deals = 0u32;
        let (deadline, max_deals) = match self.options.budget {
            Budget::Time(d) => (Some(start + d), u32::MAX),
            Budget::Playouts(n) => (None, n.max(1)),
        };
        let rollout = self.options.rollout;
        let future = self.options.future;
        let rounds_left = view.round() < view.rounds();
        let mut policy = NormalPolicy::default();
        loop {
            let hands = belief.sample(rng, &mut self.sample_cache);
            let dealt = hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
            let out = belief.unseen.minus(dealt);
            let Some(base) = RoundState::from_view(view, &hands, out) else {
                break;
            };
            let mut late = false;
            for (c, a) in cands.iter().enumerate() {
                if !live[c] {
                    continue;
                }
                if deals > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                    late = true;
                    break;
                }
                let mut st = base;
                let pts = if st.step(*a) {
                    match rollout {
                        Rollout::Normal => st.run(&mut self.cache, rng, |v, _| policy.choose(v)),
                        Rollout::Easy => st.run(&mut self.cache, rng, |v, _| easy_choice(v)),
                    };
                    playout_value(&st, me, future, rounds_left)
                } else {
                    0.0
                };
                sums[c] += f64::from(pts);
                results[c].push(pts);
            }
            if late {
                // Out of time inside a deal: drop its partial results so every live
                // candidate keeps the same deals.
                for (c, r) in results.iter_mut().enumerate() {
                    if live[c] && r.len() > deals as usize {
                        sums[c] -= f64::from(r.pop().unwrap_or(0.0));
                    }
                }
                break;
            }
            deals += 1;
            if deals >= max_deals || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if deals >= 16 && deals.is_power_of_two() || deals.is_multiple_of(64) {
                prune(&results, &mut live);
                if live.iter().filter(|l| **l).count() <= 1 {
                    break;
                }
            }
        }
        let mut best = 0;
        let mut best_mean = f64::MIN;
        for c in 0..k {
            if !live[c] || results[c].is_empty() {
                continue;
            }
            let mean = sums[c] / results[c].len() as f64;
            if mean > best_mean + 1e-9 {
                best_mean = mean;
                best = c;
            }
        }
        cands[best]
    }
}

/// Drops candidates whose paired difference to the best live candidate is below −3
/// standard errors.
fn prune(results: &[Vec<f32>], live: &mut [bool]) {
    let mean = |v: &Vec<f32>| v.iter().map(|x| f64::from(*x)).sum::<f64>() / v.len().max(1) as f64;
    let Some(best) = (0..results.len())
        .filter(|c| live[*c])
        .max_by(|a, b| mean(&results[*a]).total_cmp(&mean(&results[*b])))
    else {
        return;
    };
    for c in 0..results.len() {
        if c == best || !live[c] {
            continue;
        }
        let n = results[c].len().min(results[best].len());
        if n < 8 {
            continue;
        }
        let d: Vec<f64> = (0..n)
            .map(|i| f64::from(results[c][i]) - f64::from(results[best][i]))
            .collect();
        let m = d.iter().sum::<f64>() / n as f64;
        let var = d.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n as f64 - 1.0);
        let se = (var / n as f64).sqrt();
        if m + 3.0 * se.max(0.02) < 0.0 {
            live[c] = false;
        }
    }
}

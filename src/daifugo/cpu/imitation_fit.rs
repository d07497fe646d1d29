//! Fitting the imitation of [`super::imitation`] to `hard`'s self-play (issue 13 item 3):
//! [`collect`] plays matches of `hard` players at a fixed deal count (deterministic for a
//! seed) and records, at every play decision with a choice, the features of each candidate
//! and the one taken; [`fit`] finds the weights of greatest penalised likelihood by Newton's
//! method (the log-likelihood of a conditional logit is concave, so it converges from zero
//! weights in a few steps). [`Refit`] puts the two together with the settings of the shipped
//! weights; `cargo run --release --example imitation_fit` runs it and prints the constants of
//! [`Imitation::TRAINED`].

use super::CpuPlayer;
use super::hard::{Budget, HardCpu, HardOptions, candidates};
use super::imitation::{FEATURES, Features, Imitation, features, softmax};
use crate::cards::{GameRng, rng_from_seed};
use crate::daifugo::event::Discard;
use crate::daifugo::game::{Game, MatchSettings};
use crate::daifugo::rules::Rules;
use crate::daifugo::view::Decision;

/// A whole refit: [`collect`] the examples of `games` matches of `rounds` rounds of four `hard`
/// players (standard rules) at `deals` deals a decision from `seed`, [`fit`] four in five of
/// them and [`score`] the fifth. [`Refit::default`] is how [`Imitation::TRAINED`] was made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Refit {
    /// The seed of match 0.
    pub seed: u64,
    /// Matches to play.
    pub games: u64,
    /// Rounds a match (0 counts as 1): from the second round on, the exchange and the titles
    /// (miyako-ochi among them) shape the hands and the play the examples come from.
    pub rounds: u32,
    /// Deals each `hard` player searches a decision.
    pub deals: u32,
    /// The L2 penalty of the fit.
    pub l2: f64,
    /// Newton steps.
    pub steps: usize,
}

impl Default for Refit {
    /// Seed 5001, 480 one-round matches (21,695 decisions with a choice), 600 deals a decision
    /// (a fixed count, so the examples replay from the seed; `hard@100`, the level the
    /// imitation stands in for at the tables it was measured at, searches for a time
    /// instead), L2 0.01, 30 Newton steps.
    fn default() -> Refit {
        Refit {
            seed: 5001,
            games: 480,
            rounds: 1,
            deals: 600,
            l2: 0.01,
            steps: 30,
        }
    }
}

/// What a [`Refit`] found: the imitation, and its scores on the examples it was fitted to and
/// on those held out (every fifth), leads then follows; and the shipped weights'
/// ([`Imitation::TRAINED`]) scores on the same held-out examples, to compare.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Refitted {
    /// The fitted imitation.
    pub imitation: Imitation,
    /// Scores on the fitted examples: leads, follows.
    pub fitted: [Score; 2],
    /// Scores on the held-out examples: leads, follows.
    pub held_out: [Score; 2],
    /// [`Imitation::TRAINED`]'s scores on the same held-out examples: leads, follows.
    pub shipped: [Score; 2],
}

impl Refit {
    /// Runs the refit on `threads` threads (the examples, and so the weights, are the same
    /// whatever the count). `None` if the engine refuses a CPU's action (a bug).
    pub fn run(&self, threads: u64) -> Option<Refitted> {
        let opts = CollectOptions {
            settings: MatchSettings {
                rules: Rules::default(),
                players: 4,
                rounds: self.rounds.max(1),
            },
            deals: self.deals,
            seed: self.seed,
        };
        let threads = threads.clamp(1, 64);
        let per = self.games.div_ceil(threads);
        let games = self.games;
        let parts: Vec<Option<Vec<Example>>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let range = (t * per).min(games)..((t + 1) * per).min(games);
                    s.spawn(move || collect(&opts, range))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().ok().flatten())
                .collect()
        });
        let examples: Vec<Example> = parts
            .into_iter()
            .collect::<Option<Vec<_>>>()?
            .into_iter()
            .flatten()
            .collect();
        let mut train = Vec::new();
        let mut held = Vec::new();
        for (i, e) in examples.into_iter().enumerate() {
            if i % 5 == 4 {
                held.push(e);
            } else {
                train.push(e);
            }
        }
        let imitation = fit(&train, self.l2, self.steps);
        Some(Refitted {
            imitation,
            fitted: [
                score(&imitation, &train, true),
                score(&imitation, &train, false),
            ],
            held_out: [
                score(&imitation, &held, true),
                score(&imitation, &held, false),
            ],
            shipped: [
                score(&Imitation::TRAINED, &held, true),
                score(&Imitation::TRAINED, &held, false),
            ],
        })
    }
}

/// One recorded decision: every candidate's features and the candidate taken.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// Whether the seat led the trick (the lead weights apply) or answered a pile.
    pub lead: bool,
    /// The index in `features` of the candidate taken.
    pub chosen: usize,
    /// The features of each candidate, in [`candidates`]' order (two or more).
    pub features: Vec<Features>,
}

/// What [`collect`] plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollectOptions {
    /// Rules, players and rounds of each match (one round a match is what the shipped fit was
    /// made on).
    pub settings: MatchSettings,
    /// Deals each `hard` player searches a decision (its imitation off: the imitated player
    /// is `hard` as it plays at a short budget).
    pub deals: u32,
    /// The seed of match 0; match `i` deals from `seed + i`.
    pub seed: u64,
}

/// Plays matches `range` (of [`CollectOptions::seed`]) with `hard` in every seat and records
/// each play decision that has a choice among [`candidates`] (see the module docs), in the
/// order of play. The matches are independent, so ranges can be collected apart (on threads)
/// and joined in order to the same examples. `None` if the engine refuses an action (a bug).
pub fn collect(opts: &CollectOptions, range: std::ops::Range<u64>) -> Option<Vec<Example>> {
    let n = opts.settings.players;
    let mut out = Vec::new();
    for i in range {
        let seed = opts.seed.wrapping_add(i);
        let mut g = Game::new_into(opts.settings, rng_from_seed(seed), &mut Discard).ok()?;
        let mut rng: GameRng = rng_from_seed(seed);
        rng.set_stream(1);
        let mut cpus: Vec<HardCpu> = (0..n)
            .map(|_| {
                HardCpu::with_options(HardOptions {
                    imitation: None,
                    ..HardOptions::new(Budget::Playouts(opts.deals))
                })
            })
            .collect();
        while let Some(seat) = g.current_seat() {
            let view = g.seat_view(seat);
            let a = cpus[seat].choose(&view, &mut rng);
            if let Decision::Play { can_pass } = view.decision() {
                let cands = candidates(&view, can_pass);
                if cands.len() > 1
                    && let Some(chosen) = cands.iter().position(|c| *c == a)
                {
                    let (lead, features) = features(&view, &cands);
                    out.push(Example {
                        lead,
                        chosen,
                        features,
                    });
                }
            }
            g.apply_into(seat, a, &mut Discard).ok()?;
        }
    }
    Some(out)
}

/// An example's log-likelihood under weights `w`, its gradient and its Hessian (the
/// features' covariance under the softmax, which the log-likelihood's Hessian is the
/// negative of).
fn derivatives(w: &Features, e: &Example) -> (f64, Features, [Features; FEATURES]) {
    let p = softmax(w, &e.features);
    let mut mean = [0.0; FEATURES];
    for (q, f) in p.iter().zip(&e.features) {
        for (m, x) in mean.iter_mut().zip(f) {
            *m += q * x;
        }
    }
    let mut grad = [0.0; FEATURES];
    for (g, (x, m)) in grad.iter_mut().zip(e.features[e.chosen].iter().zip(&mean)) {
        *g = x - m;
    }
    let mut cov = [[0.0; FEATURES]; FEATURES];
    for (q, f) in p.iter().zip(&e.features) {
        for a in 0..FEATURES {
            let da = f[a] - mean[a];
            if da == 0.0 {
                continue;
            }
            for b in 0..FEATURES {
                cov[a][b] += q * da * (f[b] - mean[b]);
            }
        }
    }
    (p[e.chosen].ln(), grad, cov)
}

/// Solves `a·x = b` by Gauss–Jordan elimination with partial pivoting (`a` positive
/// definite here: a covariance plus the penalty).
fn solve(mut a: [Features; FEATURES], mut b: Features) -> Features {
    for i in 0..FEATURES {
        let pivot = (i..FEATURES)
            .max_by(|x, y| a[*x][i].abs().total_cmp(&a[*y][i].abs()))
            .unwrap_or(i);
        a.swap(i, pivot);
        b.swap(i, pivot);
        let d = a[i][i];
        for r in 0..FEATURES {
            if r == i {
                continue;
            }
            let f = a[r][i] / d;
            if f != 0.0 {
                let row = a[i];
                for (x, y) in a[r].iter_mut().zip(row) {
                    *x -= f * y;
                }
                b[r] -= f * b[i];
            }
        }
    }
    let mut x = [0.0; FEATURES];
    for i in 0..FEATURES {
        x[i] = b[i] / a[i][i];
    }
    x
}

/// The weights of greatest mean log-likelihood minus `l2 / 2 · |w|²` over `examples` of one
/// kind (leads or follows), by `steps` Newton steps from zero weights. A feature that never
/// varies among an example's candidates gets weight 0.
pub fn fit_weights(examples: &[&Example], l2: f64, steps: usize) -> Features {
    let mut w = [0.0; FEATURES];
    let n = examples.len().max(1) as f64;
    for _ in 0..steps {
        let mut g = [0.0; FEATURES];
        let mut h = [[0.0; FEATURES]; FEATURES];
        for e in examples {
            let (_, ge, he) = derivatives(&w, e);
            for ((gs, x), (hs, row)) in g.iter_mut().zip(ge).zip(h.iter_mut().zip(he)) {
                *gs += x;
                for (y, z) in hs.iter_mut().zip(row) {
                    *y += z;
                }
            }
        }
        // The penalised mean: gradient `ḡ − l2·w`, Hessian (negated) `H̄ + l2·I`.
        for (a, (gs, hs)) in g.iter_mut().zip(h.iter_mut()).enumerate() {
            *gs = *gs / n - l2 * w[a];
            for y in hs.iter_mut() {
                *y /= n;
            }
            hs[a] += l2 + 1e-9;
        }
        let step = solve(h, g);
        for (x, s) in w.iter_mut().zip(step) {
            *x += s;
        }
    }
    w
}

/// The imitation fitted to `examples` (leads and follows apart; see [`fit_weights`]).
pub fn fit(examples: &[Example], l2: f64, steps: usize) -> Imitation {
    let part =
        |lead: bool| -> Vec<&Example> { examples.iter().filter(|e| e.lead == lead).collect() };
    Imitation {
        lead: fit_weights(&part(true), l2, steps),
        follow: fit_weights(&part(false), l2, steps),
    }
}

/// How well an imitation predicts examples of one kind.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// Examples scored.
    pub examples: usize,
    /// Mean log-likelihood of the candidate taken (nats a decision).
    pub log_likelihood: f64,
    /// The same under a uniform choice among the candidates.
    pub uniform: f64,
    /// The share of examples whose most likely candidate is the one taken.
    pub accuracy: f64,
    /// The share whose first candidate (the `normal` choice) is the one taken.
    pub normal: f64,
}

/// Scores `im` on the examples that are leads (`lead`) or follows.
pub fn score(im: &Imitation, examples: &[Example], lead: bool) -> Score {
    let mut s = Score::default();
    for e in examples.iter().filter(|e| e.lead == lead) {
        let p = im.probabilities(lead, &e.features);
        let best = (0..p.len())
            .max_by(|a, b| p[*a].total_cmp(&p[*b]))
            .unwrap_or(0);
        s.examples += 1;
        s.log_likelihood += p[e.chosen].ln();
        s.uniform -= (e.features.len() as f64).ln();
        s.accuracy += f64::from(u8::from(best == e.chosen));
        s.normal += f64::from(u8::from(e.chosen == 0));
    }
    let n = s.examples.max(1) as f64;
    s.log_likelihood /= n;
    s.uniform /= n;
    s.accuracy /= n;
    s.normal /= n;
    s
}

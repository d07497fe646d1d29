//! Measuring how well the `hard` level reads the table (issue 13 item 2): the log-likelihood
//! and the accuracy of the **true** hidden hands under the weighted sampler of
//! [`super::belief`], against uniform sampling under the hard facts alone
//! ([`Belief::deal`](super::determinize::Belief::deal)) and the older pass-rejection sampler
//! ([`Belief::sample`](super::determinize::Belief::sample)).
//!
//! Matches are played by CPUs of the given levels; in deal `d` the observer is seat `d mod
//! players`. At each of the observer's play decisions, each sampler draws `samples` deals from the
//! observer's [`SeatView`](crate::daifugo::view::SeatView) alone, and every unseen card that
//! another seat still holds is scored: the sampler's probability that the card is with its true
//! holder, taken from the drawn deals with add-½ smoothing over the seats that could hold it
//! (`(hits + ½) / (samples + ½ k)` for `k` such seats). The figures are the sums over cards of the
//! natural logarithm of that probability (a marginal log-likelihood, in nats) and the number of
//! cards whose most frequent holder in the draws is the true one.
//!
//! The samplers draw from their own generator, so the games played are the same whatever the
//! sample size; a seed replays every figure exactly.

use super::belief::{BeliefParams, OUT, Sampler};
use super::determinize::Belief;
use super::{Budget, cpu_with_budget};
use crate::cards::{GameRng, rng_from_seed};
use crate::daifugo::cardset::CardSet;
use crate::daifugo::event::{Discard, MAX_SEATS};
use crate::daifugo::game::{Game, MatchSettings};
use crate::daifugo::legal::LegalCache;
use crate::daifugo::rules::CpuLevel;
use crate::daifugo::view::Decision;

/// What to measure.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreOptions {
    /// Rules, players and rounds of each match.
    pub settings: MatchSettings,
    /// One level per seat (a `hard` seat thinks 20 deals a decision).
    pub levels: Vec<CpuLevel>,
    /// Matches to play.
    pub deals: u64,
    /// Seed of the first match (match `d` uses `seed + d`).
    pub seed: u64,
    /// Deals each sampler draws per scored decision.
    pub samples: usize,
    /// The weighted sampler's parameters.
    pub params: BeliefParams,
}

/// Sums over the scored cards (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BeliefScore {
    /// Observer decisions scored.
    pub decisions: u64,
    /// Hidden cards scored.
    pub cards: u64,
    /// Σ ln P(true holder) under uniform deals meeting the hard facts (nats).
    pub ll_uniform: f64,
    /// The same under the pass-rejection sampler of [`super::determinize`].
    pub ll_rejection: f64,
    /// The same under the weighted sampler of [`super::belief`].
    pub ll_weighted: f64,
    /// Cards whose most frequent holder in the uniform draws is the true one.
    pub hits_uniform: u64,
    /// The same for the pass-rejection sampler.
    pub hits_rejection: u64,
    /// The same for the weighted sampler.
    pub hits_weighted: u64,
}

impl BeliefScore {
    /// Mean log-likelihood gain per card of the weighted sampler over uniform (nats).
    pub fn gain_per_card(&self) -> f64 {
        (self.ll_weighted - self.ll_uniform) / self.cards.max(1) as f64
    }

    /// Per-card means: (uniform, rejection, weighted) log-likelihood in nats.
    pub fn ll_per_card(&self) -> (f64, f64, f64) {
        let n = self.cards.max(1) as f64;
        (
            self.ll_uniform / n,
            self.ll_rejection / n,
            self.ll_weighted / n,
        )
    }

    /// Accuracy (share of cards whose most frequent holder is right): (uniform, rejection,
    /// weighted).
    pub fn accuracy(&self) -> (f64, f64, f64) {
        let n = self.cards.max(1) as f64;
        (
            self.hits_uniform as f64 / n,
            self.hits_rejection as f64 / n,
            self.hits_weighted as f64 / n,
        )
    }
}

/// Per card and slot: how many draws put the card there.
type Tally = Vec<[u32; MAX_SEATS + 1]>;

fn tally(t: &mut Tally, hands: &[CardSet; MAX_SEATS], others: &[usize]) {
    for &s in others {
        for c in hands[s].iter() {
            t[c.index()][s] += 1;
        }
    }
}

/// Plays the matches and scores the samplers (see the module docs). `None` if the levels do
/// not fit the settings' players or a CPU's action is refused.
pub fn score(opts: &ScoreOptions) -> Option<BeliefScore> {
    let n = opts.settings.players;
    if opts.levels.len() != n || n > MAX_SEATS {
        return None;
    }
    let mut out = BeliefScore::default();
    let mut cache = LegalCache::default();
    let samples = opts.samples.max(1);
    for d in 0..opts.deals {
        let seed = opts.seed.wrapping_add(d);
        let mut g = Game::new_into(opts.settings, rng_from_seed(seed), &mut Discard).ok()?;
        let mut rng: GameRng = rng_from_seed(seed);
        rng.set_stream(1);
        let mut srng: GameRng = rng_from_seed(seed);
        srng.set_stream(2);
        let mut cpus: Vec<_> = opts
            .levels
            .iter()
            .map(|l| cpu_with_budget(*l, Budget::Playouts(20)))
            .collect();
        let observer = (d % n as u64) as usize;
        while let Some(seat) = g.current_seat() {
            let view = g.seat_view(seat);
            if seat == observer && matches!(view.decision(), Decision::Play { .. }) {
                let others: Vec<usize> = (0..n)
                    .filter(|s| *s != seat && g.places()[*s] == 0)
                    .collect();
                if others.len() >= 2 {
                    let facts = Belief::from_view(&view);
                    let mut sampler = Sampler::new(&view, opts.params, &mut srng);
                    let mut tu: Tally = vec![[0; MAX_SEATS + 1]; 64];
                    let mut tr = tu.clone();
                    let mut tw = tu.clone();
                    for _ in 0..samples {
                        tally(&mut tu, &facts.deal(&mut srng), &others);
                        tally(&mut tr, &facts.sample(&mut srng, &mut cache), &others);
                        tally(&mut tw, &sampler.sample(&mut srng), &others);
                    }
                    out.decisions += 1;
                    let k = others.len() as f64;
                    for c in facts.unseen.iter() {
                        let Some(t) = others.iter().copied().find(|s| g.hand(*s).contains(c))
                        else {
                            continue; // out of play (miyako-ochi): not a hand
                        };
                        debug_assert!(t != OUT);
                        out.cards += 1;
                        let i = c.index();
                        let p = |x: u32| (f64::from(x) + 0.5) / (samples as f64 + 0.5 * k);
                        let hit = |row: &[u32; MAX_SEATS + 1]| {
                            others.iter().all(|s| *s == t || row[*s] < row[t])
                        };
                        out.ll_uniform += p(tu[i][t]).ln();
                        out.ll_rejection += p(tr[i][t]).ln();
                        out.ll_weighted += p(tw[i][t]).ln();
                        out.hits_uniform += u64::from(hit(&tu[i]));
                        out.hits_rejection += u64::from(hit(&tr[i]));
                        out.hits_weighted += u64::from(hit(&tw[i]));
                    }
                }
            }
            let a = cpus[seat].choose(&view, &mut rng);
            g.apply_into(seat, a, &mut Discard).ok()?;
        }
    }
    Some(out)
}

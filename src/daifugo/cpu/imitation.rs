//! A learned imitation of the `hard` level (issue 13 item 3): a softmax over `hard`'s own
//! candidate list ([`candidates`](super::hard::candidates)) that gives each candidate a
//! probability from 25 features of the position and the candidate — a conditional logit
//! (McFadden 1974), with one weight vector for leads and one for follows.
//!
//! It stands in for another seat in the playouts of a long search ([`super::hard::Imitate`]):
//! a table of `hard` players does not play like `normal` (which misses 43 % of their
//! actions), and replying with `normal` in the playouts values a candidate against the wrong
//! opponents. Drawn from the imitation instead, the replies vary like the table's, and
//! `hard` at 1000 ms scores more against three at 100 ms: 2.591 ± 0.040 points against 2.466 ±
//! 0.039 (`docs/daifugo.md` §7, "The imitation landed").
//!
//! The sampler weighs the other seats' actions by it too in such a search
//! ([`Imitation::judge`], [`super::belief::Model::Imitation`],
//! [`super::hard::Imitate::read_epsilon`]): it reads a table of `hard` players better than
//! the levels' models (`docs/daifugo.md` §7, "The imitation in the reading" and "The
//! imitation reading gated on the table").
//!
//! The weights ([`Imitation::TRAINED`]) are fitted by [`super::imitation_fit`] to `hard`'s
//! own self-play at a fixed deal count, so a seed reproduces them exactly;
//! `cargo run --release --example imitation_fit` refits them and prints the constants.

use std::borrow::Cow;

use super::analysis::{Knowledge, is_control, plan, plan_cost, top_rel};
use super::belief::same_action;
use super::easy_choice;
use super::hard::candidates_with;
use crate::cards::GameRng;
use crate::daifugo::event::Action;
use crate::daifugo::play::{Form, Play};
use crate::daifugo::view::{Decision, SeatView};
use rand::RngExt;

/// The number of features of a candidate (see [`features`] for each).
pub const FEATURES: usize = 25;

/// One candidate's features (see [`features`]).
pub type Features = [f64; FEATURES];

/// The imitation's weights: a candidate's logit is the dot product of its [`features`] with
/// `lead` when the seat leads a trick and with `follow` when it answers a pile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Imitation {
    /// Weights of a lead decision, one per feature.
    pub lead: Features,
    /// Weights of a follow decision (the pass among the candidates), one per feature.
    pub follow: Features,
}

impl Imitation {
    /// The weights fitted by `cargo run --release --example imitation_fit` with its defaults
    /// (seed 5001, 480 one-round matches of four `hard` players at 600 deals a decision,
    /// L2 penalty 0.01; see [`super::imitation_fit`] and `docs/daifugo.md` §7).
    pub const TRAINED: Imitation = Imitation {
        lead: [
            0.720577, -0.000705, 0.000000, -0.129730, -0.122252, -0.509250, -0.107672, 0.452448,
            0.039917, 0.082407, -0.854468, -0.168052, 0.379685, -0.874103, -0.299665, -0.957864,
            0.000000, 0.000000, -0.709171, -0.144294, 0.000000, 0.213358, 1.083331, -0.617558,
            0.653870,
        ],
        follow: [
            0.626540, 0.378072, -0.794465, 0.019582, -0.182500, -0.609753, -0.621697, 0.027154,
            -0.080458, 0.200363, -0.994988, -0.804645, 0.475527, -0.612820, -0.105558, -0.860541,
            -0.073839, 0.144197, -0.153364, -0.269161, 0.074433, 0.086997, 0.205324, -0.339975,
            0.000000,
        ],
    };

    /// The weights for a decision: [`Imitation::lead`] or [`Imitation::follow`].
    pub fn weights(&self, lead: bool) -> &Features {
        if lead { &self.lead } else { &self.follow }
    }

    /// The probability of each of `features`' candidates (the softmax of their logits), in
    /// their order; they sum to 1. Empty for no candidates.
    pub fn probabilities(&self, lead: bool, features: &[Features]) -> Vec<f64> {
        softmax(self.weights(lead), features)
    }

    /// A play decision drawn from the imitation: one of
    /// [`candidates`](super::hard::candidates) with its probability. `None` when the view's
    /// decision is not a play (the exchange and the house-rule choices after a play are left
    /// to the caller). Draws from `rng` only when there is a choice.
    pub fn sample(&self, view: &SeatView<'_>, rng: &mut GameRng) -> Option<Action> {
        self.sample_with(view, rng, None)
    }

    /// [`Imitation::sample`] with the seat's [`Knowledge`] already worked out (`None` works it
    /// out): the same draw, without rebuilding the knowledge a playout keeps.
    pub fn sample_with(
        &self,
        view: &SeatView<'_>,
        rng: &mut GameRng,
        known: Option<&Knowledge>,
    ) -> Option<Action> {
        let (cands, k) = play_candidates(view, known)?;
        if cands.len() == 1 {
            return Some(cands[0]);
        }
        let (lead, f) = features_with(view, &cands, &k);
        let p = self.probabilities(lead, &f);
        let mut u = rng.random::<f64>();
        for (a, q) in cands.iter().zip(&p) {
            u -= q;
            if u < 0.0 {
                return Some(*a);
            }
        }
        cands.last().copied()
    }

    /// The imitation's probability that the view's seat takes `action` (0..=1): 0 when the
    /// decision is not a play or the action is not among
    /// [`candidates`](super::hard::candidates) (the same cards, whichever joker stands where,
    /// count as the same action).
    pub fn probability(&self, view: &SeatView<'_>, action: Action) -> f64 {
        self.judge(view, action, None).probability
    }

    /// [`Imitation::probability`] with the seat's [`Knowledge`] already worked out (`None`
    /// works it out), and whether `action` is `normal`'s choice: the first of
    /// [`candidates`](super::hard::candidates), which the list works out anyway (the sampler's
    /// [`super::belief::Fit`] counts the actions `normal` would not take, whichever model
    /// weighs them).
    pub fn judge(&self, view: &SeatView<'_>, action: Action, known: Option<&Knowledge>) -> Judged {
        let none = Judged {
            probability: 0.0,
            normal: false,
        };
        let Some((cands, k)) = play_candidates(view, known) else {
            return none;
        };
        let Some(i) = cands.iter().position(|a| same_action(*a, action)) else {
            return none;
        };
        let normal = i == 0;
        if cands.len() == 1 {
            return Judged {
                probability: 1.0,
                normal,
            };
        }
        let (lead, f) = features_with(view, &cands, &k);
        Judged {
            probability: self.probabilities(lead, &f)[i],
            normal,
        }
    }
}

/// A play decision's candidates ([`candidates_with`]) and the seat's knowledge: `known`, or
/// worked out afresh; `None` when the view's decision is not a play.
fn play_candidates<'k>(
    view: &SeatView<'_>,
    known: Option<&'k Knowledge>,
) -> Option<(Vec<Action>, Cow<'k, Knowledge>)> {
    let Decision::Play { can_pass } = view.decision() else {
        return None;
    };
    let k = known.map_or_else(|| Cow::Owned(Knowledge::from_view(view)), Cow::Borrowed);
    Some((candidates_with(view, can_pass, Some(&k)), k))
}

/// What [`Imitation::judge`] says of an action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judged {
    /// The imitation's probability of the action, 0..=1.
    pub probability: f64,
    /// Whether the action is `normal`'s choice.
    pub normal: bool,
}

/// The softmax of the candidates' logits (each one's features dotted with `weights`): a
/// probability per candidate, in their order, summing to 1; empty for no candidates.
pub fn softmax(weights: &Features, features: &[Features]) -> Vec<f64> {
    let logits: Vec<f64> = features
        .iter()
        .map(|f| f.iter().zip(weights).map(|(x, y)| x * y).sum())
        .collect();
    let top = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut p: Vec<f64> = logits.iter().map(|l| (l - top).exp()).collect();
    let z: f64 = p.iter().sum();
    for x in &mut p {
        *x /= z;
    }
    p
}

/// A play's strength in the current order, 0..=1: [`top_rel`] over 13.
fn strength(p: Play, reversed: bool) -> f64 {
    f64::from(top_rel(p, reversed)) / 13.0
}

/// Whether the view's seat leads (no pile), and the features of each of `cands` (a play
/// decision's candidates, [`candidates`](super::hard::candidates)' first being the `normal`
/// choice), in their order.
/// With `t` a play's strength (its top card's rank in the current order over 13, 0..=1; jokers
/// alone 1), `h` the seat's hand size over 13 and "danger" another seat in the round holding at
/// most 2 cards, feature (a feature that does not apply is 0):
///
/// | # | feature | # | feature |
/// | --- | --- | --- | --- |
/// | 0 | is the first candidate (`normal`'s) | 13 | breaks a group (more of its rank in hand) |
/// | 1 | is the `easy` choice | 14 | `t` among the plays (0 weakest, 1 strongest) |
/// | 2 | is the pass | 15 | `h·t` |
/// | 3 | cards played / 4 | 16 | pass × danger |
/// | 4 | `t` | 17 | pass × the pile's strength |
/// | 5 | `t²` | 18 | is the weakest play |
/// | 6 | holds a joker | 19 | is the strongest play |
/// | 7 | is a sequence | 20 | pass × `h` |
/// | 8 | cards left / 13 | 21 | `t` × danger |
/// | 9 | goes out | 22 | the chance it wins the trick ([`Knowledge::win_chance`]) |
/// | 10 | change in the plan cost ([`plan_cost`], within ±3) | 23 | 22 × `h` |
/// | 11 | change in the plan's control units | 24 | a unit of the hand's [`plan`] (leads only) |
/// | 12 | wins control ([`is_control`]) | | |
pub fn features(view: &SeatView<'_>, cands: &[Action]) -> (bool, Vec<Features>) {
    features_with(view, cands, &Knowledge::from_view(view))
}

/// [`features`] with the seat's [`Knowledge`] already worked out.
pub fn features_with(
    view: &SeatView<'_>,
    cands: &[Action],
    k: &Knowledge,
) -> (bool, Vec<Features>) {
    let hand = view.hand();
    let rev = view.reversed();
    let lead = view.trick().pile.is_none();
    let easy = easy_choice(view);
    let base = plan_cost(k, hand);
    let me = view.seat();
    let danger = (0..view.players())
        .filter(|s| *s != me && view.places()[*s] == 0)
        .any(|s| view.counts()[s] <= 2);
    let tops: Vec<Option<f64>> = cands
        .iter()
        .map(|a| match a {
            Action::Play(p) => Some(strength(*p, rev)),
            _ => None,
        })
        .collect();
    let lo = tops.iter().flatten().copied().fold(f64::INFINITY, f64::min);
    let hi = tops
        .iter()
        .flatten()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let pile = view.trick().pile.map_or(0.0, |p| strength(p, rev));
    let h = hand.len() as f64 / 13.0;
    let units: Vec<Play> = if lead {
        plan(k, hand).units().collect()
    } else {
        Vec::new()
    };
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    let mut out = Vec::with_capacity(cands.len());
    for (i, (a, top)) in cands.iter().zip(&tops).enumerate() {
        let mut f = [0.0; FEATURES];
        f[0] = flag(i == 0);
        f[1] = flag(same_action(*a, easy));
        match (a, top) {
            (Action::Play(p), Some(t)) => {
                let t = *t;
                f[3] = p.len() as f64 / 4.0;
                f[4] = t;
                f[5] = t * t;
                f[6] = flag(p.has_joker());
                f[7] = flag(p.form() == Form::Sequence);
                let left = hand.len() - p.len();
                f[8] = left as f64 / 13.0;
                f[9] = flag(left == 0);
                let after = plan_cost(k, hand.minus(p.cards()));
                f[10] = f64::from(after.cost - base.cost).clamp(-3.0, 3.0);
                f[11] = f64::from(after.controls) - f64::from(base.controls);
                f[12] = flag(is_control(k, *p));
                if p.form() != Form::Sequence && !p.is_all_jokers() {
                    let naturals = p.len() - usize::from(p.joker_count());
                    f[13] = flag(hand.suits_at(p.low()).len() > naturals);
                }
                f[14] = if hi > lo { (t - lo) / (hi - lo) } else { 0.5 };
                f[15] = h * t;
                f[18] = flag(t <= lo);
                f[19] = flag(t >= hi);
                f[21] = if danger { t } else { 0.0 };
                let w = f64::from(k.win_chance(*p, rev, 1.0, 0));
                f[22] = w;
                f[23] = w * h;
                f[24] =
                    flag(units.iter().any(|u| {
                        u.cards().naturals() == p.cards().naturals() && u.len() == p.len()
                    }));
            }
            _ => {
                f[2] = 1.0;
                f[16] = flag(danger);
                f[17] = pile;
                f[20] = h;
            }
        }
        out.push(f);
    }
    (lead, out)
}

//! CPU players. A CPU decides from a [`SeatView`] — its own hand, the public state and its legal
//! actions — and nothing else: the type gives it no way to reach another hand.
//!
//! The `easy` level ([`EasyCpu`], issue 3 item 3; like the UECda default client):
//!
//! * **Leading**: its longest sequence, else its largest group, else its weakest single; weakest
//!   in the current order (so mirrored in a revolution). Jokers are kept back: these are made of
//!   natural cards, and a joker is led only when the hand holds nothing else.
//! * **Following**: the weakest legal play. When a single is asked for it keeps the cards that
//!   belong to its groups (two or more of a rank) and sequences (runs of `sequence.min_len` in a
//!   suit): it plays the weakest single outside them, and breaks one only when there is none.
//!   The joker counts as belonging (it is part of every group and sequence as a wildcard). It
//!   passes only when it has no legal play.
//! * **Exchange**: gives back its weakest cards.

pub mod analysis;
pub mod determinize;
pub mod endgame;
pub mod hard;
pub mod levels;
pub mod normal;
pub mod playout;

pub use hard::{Budget, HardCpu, Rollout};
pub use levels::{cpu_with_budget, table_cpus, table_levels};
pub use normal::NormalCpu;

use super::cardset::{CardSet, RANKS};
use super::event::Action;
use super::game::weakest;
use super::legal::min_sequence_len;
use super::play::{Form, Play};
use super::rules::CpuLevel;
use super::view::{Decision, SeatView};
use crate::cards::GameRng;

/// A computer player: picks an action from what its seat may see.
///
/// `choose` is called only when the view's seat is to act, and should return one of the
/// view's legal actions (a play from `legal_plays()`, `Pass` when `can_pass()`, or during a
/// give-back `GiveBack` of exactly the owed number of its own cards). The engine checks the
/// action anyway and refuses anything else. `rng` is the CPUs' generator, separate from the
/// deal's, so CPU choices never change the cards dealt.
pub trait CpuPlayer {
    /// Chooses the action for the view's seat.
    fn choose(&mut self, view: &SeatView<'_>, rng: &mut GameRng) -> Action;
}

/// The `easy` level (see the module docs). Stateless and deterministic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EasyCpu;

impl CpuPlayer for EasyCpu {
    fn choose(&mut self, view: &SeatView<'_>, _rng: &mut GameRng) -> Action {
        easy_choice(view)
    }
}

/// The `easy` decision for a view (see the module docs).
pub fn easy_choice(view: &SeatView<'_>) -> Action {
    match view.decision {
        Decision::GiveBack { count, .. } => {
            Action::GiveBack(weakest(view.hand, usize::from(count)))
        }
        Decision::Play { legal, .. } => {
            let Some(first) = legal.first() else {
                return Action::Pass;
            };
            match view.trick.pile {
                None => Action::Play(easy_lead(legal)),
                Some(pile) if pile.form() == Form::Single => {
                    let keep = combo_cards(view.hand, view);
                    let loose = legal
                        .iter()
                        .find(|p| !p.has_joker() && keep.intersect(p.cards()).is_empty());
                    Action::Play(*loose.unwrap_or(first))
                }
                Some(_) => Action::Play(*first),
            }
        }
        Decision::Wait => Action::Pass,
    }
}

/// The `easy` lead from a leader's legal list (which holds every play of the hand, weakest
/// first within each form and size).
fn easy_lead(legal: &[Play]) -> Play {
    let mut best_seq: Option<Play> = None;
    let mut best_group: Option<Play> = None;
    let mut single: Option<Play> = None;
    for p in legal.iter().filter(|p| !p.has_joker()) {
        let slot = match p.form() {
            Form::Sequence => &mut best_seq,
            Form::Group => &mut best_group,
            Form::Single => {
                if single.is_none() {
                    single = Some(*p);
                }
                continue;
            }
        };
        // Strictly longer only: the first of the longest is the weakest.
        if slot.is_none_or(|b| p.len() > b.len()) {
            *slot = Some(*p);
        }
    }
    best_seq
        .or(best_group)
        .or(single)
        // Only jokers left: the largest play of them.
        .or_else(|| legal.iter().max_by_key(|p| p.len()).copied())
        .unwrap_or(legal[0])
}

/// The cards of `hand` that belong to a group (2+ natural cards of a rank) or a joker-free
/// sequence of at least `sequence.min_len` (when sequences are on), plus the jokers.
pub fn combo_cards(hand: CardSet, view: &SeatView<'_>) -> CardSet {
    let mut keep = hand.jokers();
    let rows = [0, 1, 2, 3].map(|s| hand.strength_row(s));
    // Groups: ranks held in two or more suits.
    let mut pair_ranks = 0u16;
    for a in 0..4 {
        for b in a + 1..4 {
            pair_ranks |= rows[a] & rows[b];
        }
    }
    for (suit, row) in rows.iter().enumerate() {
        let mut mask = row & pair_ranks;
        if view.rules.sequence.enabled {
            let len = min_sequence_len(view.rules).min(usize::from(RANKS));
            let mut starts = *row;
            for k in 1..len {
                starts &= row >> k;
            }
            for k in 0..len {
                mask |= starts << k;
            }
        }
        keep = keep.union(CardSet::from_strength_row(suit as u8, mask & row));
    }
    keep
}

/// A CPU of the given level (`hard` with the default 300 ms budget; see
/// [`cpu_with_budget`] and [`table_cpus`] for the configured one).
pub fn cpu_for_level(level: CpuLevel) -> Box<dyn CpuPlayer + Send> {
    cpu_with_budget(level, Budget::default())
}

//! The fast CPU-only game loop, for `daifugo simulate`, benchmarks and property tests: every
//! seat is a CPU, events go to any [`EventSink`] (drop them with [`Discard`](super::Discard),
//! or write a record), and nothing allocates per action.

use super::cpu::CpuPlayer;
use super::error::RuleError;
use super::event::EventSink;
use super::game::{Game, MatchSettings};
use super::view::{MatchResult, SeatView};
use crate::cards::GameRng;

/// Plays a whole match with `cpus[seat]` deciding for each seat.
///
/// `deal_rng` is the game's own generator (the deals); `cpu_rng` is shared by the CPUs. Events
/// go to `sink`. Errors: [`RuleError::PlayerCount`] when `cpus` does not have one entry per
/// seat (or the seat count is not 2..=8), or the engine's refusal of an illegal CPU action.
pub fn play_cpu_match<S: EventSink + ?Sized>(
    settings: MatchSettings,
    deal_rng: GameRng,
    cpus: &mut [&mut dyn CpuPlayer],
    cpu_rng: &mut GameRng,
    sink: &mut S,
) -> Result<MatchResult, RuleError> {
    if cpus.len() != settings.players {
        return Err(RuleError::PlayerCount {
            players: cpus.len(),
        });
    }
    let mut game = Game::new_into(settings, deal_rng, sink)?;
    game.set_trick_log(cpus.iter().any(|c| c.reads_log()));
    run_cpus(&mut game, cpus, cpu_rng, sink)?;
    game.outcome().ok_or(RuleError::MatchOver)
}

/// Lets the CPUs play `game` to the end of the match (or until a CPU's action is refused).
/// `cpus` needs one entry per seat: [`RuleError::NoSuchSeat`] (the first seat without one)
/// before any action otherwise.
pub fn run_cpus<S: EventSink + ?Sized>(
    game: &mut Game,
    cpus: &mut [&mut dyn CpuPlayer],
    cpu_rng: &mut GameRng,
    sink: &mut S,
) -> Result<(), RuleError> {
    if cpus.len() < game.players() && game.current_seat().is_some() {
        return Err(RuleError::NoSuchSeat { seat: cpus.len() });
    }
    game.play_out(sink, |view: &SeatView<'_>| {
        cpus[view.seat()].choose(view, cpu_rng)
    })
}

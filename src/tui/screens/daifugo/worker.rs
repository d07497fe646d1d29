//! CPU decisions off the UI thread. A `hard` CPU may think for up to `cpu_think_ms`; running
//! its choice on a worker thread keeps the screen drawing and answering keys meanwhile. The
//! worker gets a clone of the game (from which it builds only its own seat's view, so it sees
//! exactly what a CPU may see), the CPU and the CPUs' generator; it sends all three back with
//! the chosen action. If a thread cannot be started the choice is made at once instead.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex};

use crate::cards::GameRng;
use crate::daifugo::{Action, CpuPlayer, Game};

/// A CPU as the screen keeps it.
pub type Cpu = Box<dyn CpuPlayer + Send>;

/// What a finished decision hands back.
pub struct Decided {
    /// The seat that decided.
    pub seat: usize,
    /// The CPU, to be put back in its seat.
    pub cpu: Cpu,
    /// The CPUs' generator, to be used for the next decision.
    pub rng: GameRng,
    /// The chosen action (checked by the engine when applied).
    pub action: Action,
}

/// Where a decision stands.
pub enum Poll {
    /// Decided.
    Ready(Box<Decided>),
    /// Still thinking.
    Waiting,
    /// The worker stopped without an answer (a CPU panicked).
    Gone,
}

/// A decision in progress.
pub struct Thinking {
    seat: usize,
    rx: Receiver<Decided>,
}

fn decide(game: &Game, seat: usize, mut cpu: Cpu, mut rng: GameRng) -> Decided {
    let view = game.seat_view(seat);
    let action = cpu.choose(&view, &mut rng);
    Decided {
        seat,
        cpu,
        rng,
        action,
    }
}

impl Thinking {
    /// Starts `cpu` deciding for `seat` on a worker thread (or at once when no thread can be
    /// started).
    pub fn start(game: &Game, seat: usize, cpu: Cpu, rng: GameRng) -> Thinking {
        let (tx, rx) = mpsc::channel();
        // The CPU waits in a shared slot so that, should no thread start, it is not lost with
        // the thread's closure and the decision can be made here instead.
        let slot = Arc::new(Mutex::new(Some((cpu, rng))));
        let take = |s: &Mutex<Option<(Cpu, GameRng)>>| s.lock().ok().and_then(|mut s| s.take());
        let (g, s2, tx2) = (game.clone(), Arc::clone(&slot), tx.clone());
        let spawned = std::thread::Builder::new()
            .name(format!("cpu-{seat}"))
            .spawn(move || {
                if let Some((cpu, rng)) = take(&s2) {
                    // The screen may have gone away meanwhile; then nobody wants the answer.
                    let _ = tx2.send(decide(&g, seat, cpu, rng));
                }
            });
        if spawned.is_err()
            && let Some((cpu, rng)) = take(&slot)
        {
            let _ = tx.send(decide(game, seat, cpu, rng));
        }
        Thinking { seat, rx }
    }

    /// The seat deciding.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The decision if it is ready.
    pub fn poll(&self) -> Poll {
        match self.rx.try_recv() {
            Ok(d) => Poll::Ready(Box::new(d)),
            Err(TryRecvError::Empty) => Poll::Waiting,
            Err(TryRecvError::Disconnected) => Poll::Gone,
        }
    }

    /// Waits for the decision (tests and the synchronous fallback).
    pub fn wait(self) -> Option<Decided> {
        self.rx.recv().ok()
    }
}

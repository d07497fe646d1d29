//! `cardroom blackjack …`: expected values, house edge and simulations without a screen.

use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::GlobalArgs;

/// Blackjack headless commands.
#[derive(Debug, Subcommand)]
pub enum BlackjackCommand {
    /// Play many rounds of basic strategy for the configured rules (flat bets, cut card at the
    /// penetration, never insurance) and report the EV per hand.
    Simulate(SimulateArgs),
    /// Exact EV of every action for one hand against one up card.
    Ev(super::blackjack_ev::EvArgs),
    /// Whole-game player EV (house edge) of the configured rules, by up card.
    Edge(super::blackjack_ev::EdgeArgs),
}

/// Runs a Blackjack headless command.
pub fn run(g: &GlobalArgs, cmd: BlackjackCommand) -> ExitCode {
    match cmd {
        BlackjackCommand::Simulate(a) => simulate::run(g, &a),
        BlackjackCommand::Ev(a) => super::blackjack_ev::run_ev(g, a),
        BlackjackCommand::Edge(a) => super::blackjack_ev::run_edge(g, a),
    }
}

/// `cardroom blackjack simulate` options (`--seed` and `--config` are global).
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Rounds to play (each may become several hands by splitting).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub hands: u64,
    /// Worker threads; the result is deterministic for a seed and thread count.
    #[arg(long, default_value_t = 1, value_parser = super::threads_parser())]
    pub threads: u16,
    /// Print JSON: {"hands", "ev_per_hand", "stderr", "hands_per_sec", "seed", "threads"}.
    #[arg(long)]
    pub json: bool,
}

mod simulate {
    use std::io::IsTerminal;
    use std::process::ExitCode;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    use super::SimulateArgs;
    use crate::blackjack::sim;
    use crate::blackjack::strategy::BasicStrategy;
    use crate::cli::{GlobalArgs, load_config, output};
    use crate::config::resolve_language;
    use crate::i18n::{Lang, tf};

    /// Runs the simulation, showing progress on stderr once it has run for a second.
    pub fn run(g: &GlobalArgs, a: &SimulateArgs) -> ExitCode {
        let config = match load_config(g) {
            Ok(c) => c,
            Err(code) => return code,
        };
        let lang = resolve_language(config.general.language, |k| std::env::var(k).ok());
        let rules = config.blackjack;
        let seed = g.seed.unwrap_or_else(|| {
            use rand::RngExt;
            rand::rng().random()
        });
        let threads = usize::from(a.threads);
        let strategy = BasicStrategy::new(&rules);
        let done = AtomicU64::new(0);
        let finished = AtomicBool::new(false);
        let start = Instant::now();
        let totals = std::thread::scope(|s| {
            let worker = s.spawn(|| {
                let t = sim::simulate(&rules, &strategy, a.hands, seed, threads, Some(&done));
                finished.store(true, Ordering::Release);
                t
            });
            show_progress(lang, a.hands, &done, &finished, start);
            worker.join()
        });
        let Ok(totals) = totals else {
            return output::fail(1, "the simulation failed");
        };
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        let speed = totals.hands as f64 / secs;
        if a.json {
            let v = serde_json::json!({
                "hands": totals.hands,
                "ev_per_hand": totals.ev_per_hand(),
                "stderr": totals.stderr(),
                "hands_per_sec": speed,
                "seed": seed,
                "threads": threads,
            });
            output::println(v)
        } else {
            output::println(tf(
                lang,
                "blackjack.simulate.summary",
                &[
                    ("hands", &totals.hands.to_string()),
                    ("threads", &threads.to_string()),
                    ("seed", &seed.to_string()),
                    ("ev", &format!("{:+.4}", totals.ev_per_hand() * 100.0)),
                    ("stderr", &format!("{:.4}", totals.stderr() * 100.0)),
                    ("speed", &format!("{speed:.0}")),
                ],
            ))
        }
    }

    /// Waits for the run to finish; after the first second, prints progress to stderr (one
    /// updating line on a terminal, else a line every five seconds).
    fn show_progress(
        lang: Lang,
        total: u64,
        done: &AtomicU64,
        finished: &AtomicBool,
        start: Instant,
    ) {
        let tty = std::io::stderr().is_terminal();
        let every = if tty {
            Duration::from_millis(250)
        } else {
            Duration::from_secs(5)
        };
        let mut next_report = start + Duration::from_secs(1);
        let mut shown = false;
        while !finished.load(Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(50));
            let now = Instant::now();
            if now < next_report {
                continue;
            }
            next_report = now + every;
            let d = done.load(Ordering::Relaxed).min(total);
            let line = tf(
                lang,
                "blackjack.simulate.progress",
                &[
                    ("done", &d.to_string()),
                    ("total", &total.to_string()),
                    (
                        "percent",
                        &format!("{:.0}", d as f64 * 100.0 / total as f64),
                    ),
                ],
            );
            if tty {
                output::progress(&format!("\r{line}\x1b[K"));
            } else {
                output::progress(&format!("{line}\n"));
            }
            shown = true;
        }
        if shown && tty {
            output::progress("\r\x1b[K");
        }
    }
}

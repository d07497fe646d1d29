//! Refits the learned imitation of `hard` (`Imitation::TRAINED`) from cardroom's own self-play
//! and prints the constants to paste into `src/daifugo/cpu/imitation.rs`.
//!
//! ```text
//! cargo run --release --example imitation_fit -- [--seed 5001] [--games 480] [--rounds 1]
//!     [--deals 600] [--l2 0.01] [--threads 2]
//! ```
//!
//! Plays `games` matches of `rounds` rounds of four `hard` players at `deals` deals a decision
//! (standard rules; match `i` deals from `seed + i`, so the examples — and the weights — are
//! the same for a seed whatever the thread count), fits the lead and follow weights on four
//! examples in five and scores them on the fifth (mean log-likelihood of the choice taken
//! against a uniform choice, and how often the most likely candidate is the one taken), beside
//! the shipped weights' scores on the same fifth; see `Refit` in
//! `src/daifugo/cpu/imitation_fit.rs`. The defaults, those of the shipped weights, take about
//! five minutes on two cores.

use cardroom::daifugo::cpu::imitation::Imitation;
use cardroom::daifugo::cpu::imitation_fit::{Refit, Score};
use clap::Parser;

/// The command line (see the module docs).
#[derive(Parser)]
struct Args {
    /// The seed of match 0.
    #[arg(long, default_value_t = Refit::default().seed)]
    seed: u64,
    /// Matches to play.
    #[arg(long, default_value_t = Refit::default().games)]
    games: u64,
    /// Rounds a match (the shipped weights: 1).
    #[arg(long, default_value_t = Refit::default().rounds)]
    rounds: u32,
    /// Deals each `hard` player searches a decision.
    #[arg(long, default_value_t = Refit::default().deals)]
    deals: u32,
    /// The L2 penalty of the fit.
    #[arg(long, default_value_t = Refit::default().l2)]
    l2: f64,
    /// Threads to play on.
    #[arg(long, default_value_t = 2)]
    threads: u64,
}

fn main() {
    let args = Args::parse();
    let refit = Refit {
        seed: args.seed,
        games: args.games,
        rounds: args.rounds,
        deals: args.deals,
        l2: args.l2,
        ..Refit::default()
    };
    let Some(r) = refit.run(args.threads) else {
        eprintln!("imitation_fit: the engine refused a CPU's action (a bug)");
        std::process::exit(1);
    };
    for (i, name) in ["leads", "follows"].iter().enumerate() {
        report(name, r.fitted[i], r.held_out[i]);
        eprintln!(
            "  the shipped weights on the same held-out {name}: log-likelihood {:.3}, most \
             likely taken {:.1} %",
            r.shipped[i].log_likelihood,
            100.0 * r.shipped[i].accuracy
        );
    }
    print_constants(&r.imitation);
}

/// One line of scores to standard error.
fn report(name: &str, fitted: Score, held: Score) {
    eprintln!(
        "{name}: fitted on {}, held out {}: log-likelihood {:.3} a decision (uniform {:.3}, \
         fitted {:.3}); most likely taken {:.1} %, normal's choice taken {:.1} %",
        fitted.examples,
        held.examples,
        held.log_likelihood,
        held.uniform,
        fitted.log_likelihood,
        100.0 * held.accuracy,
        100.0 * held.normal
    );
}

/// Prints the weights as the Rust constant of `Imitation::TRAINED`.
fn print_constants(im: &Imitation) {
    println!("    pub const TRAINED: Imitation = Imitation {{");
    for (name, w) in [("lead", &im.lead), ("follow", &im.follow)] {
        println!("        {name}: [");
        for row in w.chunks(8) {
            let cells: Vec<String> = row.iter().map(|x| format!("{x:.6},")).collect();
            println!("            {}", cells.join(" "));
        }
        println!("        ],");
    }
    println!("    }};");
}

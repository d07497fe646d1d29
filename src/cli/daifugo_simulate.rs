//! `cardroom daifugo simulate`: the command line of [`crate::daifugo::simulate`].
//!
//! ```text
//! cardroom daifugo simulate --games N [--levels hard,easy,easy,easy] [--seed S]
//!     [--think-ms T | --playouts P] [--threads K] [--record FILE] [--config PATH] [--json]
//! ```
//!
//! Rules and rounds come from the configuration. Without `--levels` the table is the
//! configured one: seat 0 (the human's seat at the table) is played by `easy`, the baseline,
//! and the CPU seats by `cpu_level`. `--think-ms` defaults to `cpu_think_ms`. A `hard` entry
//! of `--levels` may carry its own budget, `hard@MS` (milliseconds, 10 to 10000) or
//! `hard@Pp` (deals), in place of `--think-ms`/`--playouts`:
//! `--levels hard@1000,hard@100,hard@100,hard@100` sets one `hard` at 1000 ms against three at
//! 100 ms, and the report gives each budget its own line. Progress goes to
//! stderr; the report to stdout. Exit status 2 for bad arguments, 1 if the run fails.

use crate::i18n::daifugo::Message;
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use super::{GlobalArgs, output};
use crate::config::{Config, Lang, THINK_MS};
use crate::daifugo::cpu::Budget;
use crate::daifugo::cpu::levels::config_budget;
use crate::daifugo::game::MatchSettings;
use crate::daifugo::rules::CpuLevel;
use crate::daifugo::simulate::{Figures, SimOptions, SimReport, simulate};
use crate::i18n;

/// `daifugo simulate` arguments (`--seed`, `--record` and `--config` are the global options).
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Number of games (matches of `rounds` rounds).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// One level per seat, e.g. "hard,easy,easy,easy" (default: the configured table); a hard
    /// seat may have its own think time, "hard@1000" (ms, 10 to 10000) or "hard@400p" (deals),
    /// e.g. "hard@1000,hard@100,hard@100,hard@100".
    #[arg(long, value_name = "LEVELS")]
    pub levels: Option<String>,
    /// Thinking time of `hard` CPUs per decision, in ms, 10 to 10000 like `cpu_think_ms`
    /// (default: cpu_think_ms).
    #[arg(long, value_name = "MS", conflicts_with = "playouts", value_parser = super::think_ms_parser())]
    pub think_ms: Option<u32>,
    /// Give `hard` CPUs a fixed number of deals per decision instead of a time budget, so a
    /// seed replays every game exactly.
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u32).range(1..))]
    pub playouts: Option<u32>,
    /// Worker threads (1 to 1024).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = super::threads_parser())]
    pub threads: u16,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Parses a `--levels` list: entries separated by commas or spaces, each `easy`, `normal`,
/// `hard`, or `hard@MS` / `hard@Pp` — a `hard` entry with its own budget of MS milliseconds
/// per decision (10 to 10000, as `cpu_think_ms`) or P deals per decision (at least 1).
/// Returns each entry's level and own budget; the error is the first entry that is none of
/// these.
pub fn parse_levels(text: &str) -> Result<Vec<(CpuLevel, Option<Budget>)>, String> {
    text.split([',', ' '])
        .filter(|t| !t.is_empty())
        .map(|t| parse_entry(t).ok_or_else(|| t.to_string()))
        .collect()
}

/// One entry of `--levels` (see [`parse_levels`]).
fn parse_entry(t: &str) -> Option<(CpuLevel, Option<Budget>)> {
    let t = t.trim().to_ascii_lowercase();
    let (name, own) = match t.split_once('@') {
        Some((name, own)) => (name, Some(own)),
        None => (t.as_str(), None),
    };
    let level = match name {
        "easy" => CpuLevel::Easy,
        "normal" => CpuLevel::Normal,
        "hard" => CpuLevel::Hard,
        _ => return None,
    };
    let Some(own) = own else {
        return Some((level, None));
    };
    if level != CpuLevel::Hard {
        return None; // only `hard` thinks
    }
    let budget = match own.strip_suffix('p') {
        Some(p) => Budget::Playouts(p.parse::<u32>().ok().filter(|p| *p >= 1)?),
        None => {
            let ms = own.parse::<u32>().ok().filter(|ms| THINK_MS.contains(ms))?;
            Budget::Time(Duration::from_millis(u64::from(ms)))
        }
    };
    Some((level, Some(budget)))
}

/// The levels of the configured table: `easy` in seat 0, then `cpu_level` per CPU seat.
pub fn config_levels(config: &Config) -> Vec<CpuLevel> {
    let cpus = usize::from(config.daifugo_table.cpus);
    std::iter::once(CpuLevel::Easy)
        .chain((0..cpus).map(|i| config.daifugo_table.cpu_level.level(i)))
        .collect()
}

/// Runs `daifugo simulate`.
pub fn run(g: &GlobalArgs, config: &Config, lang: Lang, args: &SimulateArgs) -> ExitCode {
    let levels = match &args.levels {
        Some(text) => match parse_levels(text) {
            Ok(l) => l,
            Err(bad) => {
                return output::fail(
                    2,
                    i18n::tf(lang, "daifugo.simulate.bad_level", &[("level", &bad)]),
                );
            }
        },
        None => config_levels(config)
            .into_iter()
            .map(|l| (l, None))
            .collect(),
    };
    let (levels, budgets): (Vec<CpuLevel>, Vec<Option<Budget>>) = levels.into_iter().unzip();
    if !(2..=8).contains(&levels.len()) {
        return output::fail(
            2,
            i18n::tf(
                lang,
                "daifugo.simulate.bad_seats",
                &[("count", &levels.len().to_string())],
            ),
        );
    }
    if args.games == 0 {
        return output::fail(2, i18n::t(lang, "daifugo.simulate.no_games"));
    }
    let budget = match (args.playouts, args.think_ms) {
        (Some(p), _) => Budget::Playouts(p),
        (None, Some(ms)) => Budget::Time(Duration::from_millis(u64::from(ms))),
        (None, None) => config_budget(config),
    };
    let opts = SimOptions {
        settings: MatchSettings {
            players: levels.len(),
            ..MatchSettings::from_config(config)
        },
        levels,
        games: args.games,
        seed: g.seed.unwrap_or(0),
        budget,
        budgets,
        threads: usize::from(args.threads),
        record: g.record.is_some(),
    };
    let mut file = match &g.record {
        Some(path) => match File::create(path) {
            Ok(f) => Some(BufWriter::new(f)),
            Err(e) => {
                return output::fail(
                    2,
                    i18n::tf(
                        lang,
                        "daifugo.simulate.record_open",
                        &[
                            ("path", &path.display().to_string()),
                            ("detail", &e.to_string()),
                        ],
                    ),
                );
            }
        },
        None => None,
    };
    let tty = std::io::stderr().is_terminal();
    let mut last_draw: Option<Instant> = None;
    let mut last_tenth = 0u64;
    let mut progress = |done: u64, total: u64, secs: f64| {
        let now = Instant::now();
        let tenth = done * 10 / total.max(1);
        // On a terminal a line that updates five times a second; otherwise a line at each tenth
        // of the run and at least every ten seconds, so a huge --games still shows progress.
        let due = if tty {
            done == total || last_draw.is_none_or(|t| now.duration_since(t).as_millis() >= 200)
        } else {
            tenth > last_tenth
                || done == total
                || last_draw.is_none_or(|t| now.duration_since(t).as_secs() >= 10)
        };
        if !due {
            return;
        }
        last_draw = Some(now);
        last_tenth = tenth;
        let rate = done as f64 / secs.max(1e-9);
        let eta = (total - done) as f64 / rate.max(1e-9);
        let line = i18n::tf(
            lang,
            "daifugo.simulate.progress",
            &[
                ("done", &done.to_string()),
                ("total", &total.to_string()),
                ("rate", &format!("{rate:.1}")),
                ("eta", &format!("{eta:.0}")),
            ],
        );
        if tty {
            output::progress(&format!("\r{line}\x1b[K"));
            if done == total {
                output::progress("\n");
            }
        } else {
            output::progress(&format!("{line}\n"));
        }
    };
    let record: Option<&mut dyn Write> = file.as_mut().map(|f| f as &mut dyn Write);
    let report = match simulate(&opts, record, &mut progress) {
        Ok(r) => r,
        Err(e) => return output::fail(1, e.message(lang)),
    };
    if args.json {
        match serde_json::to_string(&report) {
            Ok(s) => output::println(s),
            Err(e) => output::fail(1, e),
        }
    } else {
        output::print(&summary(lang, &report))
    }
}

fn figures_line(lang: Lang, f: &Figures, width: usize) -> String {
    i18n::tf(
        lang,
        "daifugo.simulate.line",
        &[
            ("level", &format!("{:<width$}", f.level)),
            ("entries", &f.entries.to_string()),
            ("points", &format!("{:.3}", f.mean_points)),
            ("points_se", &format!("{:.3}", f.mean_points_se)),
            ("first", &format!("{:.1}", 100.0 * f.first_rate)),
            ("first_se", &format!("{:.1}", 100.0 * f.first_rate_se)),
        ],
    )
}

/// The human-readable report.
pub fn summary(lang: Lang, r: &SimReport) -> String {
    let mut out = i18n::tf(
        lang,
        "daifugo.simulate.heading",
        &[
            ("games", &r.games.to_string()),
            ("rounds", &r.rounds.to_string()),
            ("players", &r.players.to_string()),
            ("seed", &r.seed.to_string()),
        ],
    );
    out.push('\n');
    out.push_str(i18n::t(lang, "daifugo.simulate.by_level"));
    out.push('\n');
    let width = r
        .seats
        .iter()
        .map(|f| f.level.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    for f in &r.levels {
        out.push_str(&figures_line(lang, f, width));
        out.push('\n');
    }
    out.push_str(i18n::t(lang, "daifugo.simulate.by_entry"));
    out.push('\n');
    for f in &r.seats {
        out.push_str(&figures_line(lang, f, width));
        out.push('\n');
    }
    out.push_str(&i18n::tf(
        lang,
        "daifugo.simulate.speed",
        &[
            ("rate", &format!("{:.1}", r.games_per_sec)),
            ("secs", &format!("{:.1}", r.elapsed_sec)),
            ("threads", &r.threads.to_string()),
        ],
    ));
    out.push('\n');
    if let Some(t) = &r.hard_decisions {
        out.push_str(&i18n::tf(
            lang,
            "daifugo.simulate.hard_times",
            &[
                ("count", &t.count.to_string()),
                ("p50", &format!("{:.1}", t.p50_ms)),
                ("p99", &format!("{:.1}", t.p99_ms)),
                ("max", &format!("{:.1}", t.max_ms)),
            ],
        ));
        out.push('\n');
    }
    // With hard entries on different budgets, each budget's timing too.
    let timed: Vec<&Figures> = r.levels.iter().filter(|f| f.decisions.is_some()).collect();
    if timed.len() > 1 {
        for f in timed {
            if let Some(t) = &f.decisions {
                out.push_str(&i18n::tf(
                    lang,
                    "daifugo.simulate.hard_times_of",
                    &[
                        ("level", &f.level),
                        ("count", &t.count.to_string()),
                        ("p50", &format!("{:.1}", t.p50_ms)),
                        ("p99", &format!("{:.1}", t.p99_ms)),
                        ("max", &format!("{:.1}", t.max_ms)),
                    ],
                ));
                out.push('\n');
            }
        }
    }
    for f in &r.levels {
        if let Some(s) = &f.searches {
            out.push_str(&i18n::tf(
                lang,
                "daifugo.simulate.searches",
                &[
                    ("level", &f.level),
                    ("count", &s.searches.to_string()),
                    ("deepened", &format!("{:.1}", 100.0 * s.deepened_rate)),
                    ("loosened", &format!("{:.1}", 100.0 * s.loosened_rate)),
                    ("imitated", &format!("{:.1}", 100.0 * s.imitated_rate)),
                    (
                        "read_by_imitation",
                        &format!("{:.1}", 100.0 * s.read_by_imitation_rate),
                    ),
                ],
            ));
            out.push('\n');
        }
    }
    out
}

//! `cardroom uecda …`: the UECda protocol-20070 server and client (`crate::uecda`).
//!
//! ```text
//! cardroom uecda serve [--bind ADDR] [--port N] [--games N] [--cpu LEVEL]... [--human]
//!     [--move-timeout SECS] [--class-reset N] [--seat-shuffle N] [--think-ms MS] [--json]
//!     [--seed S] [--record FILE]
//! cardroom uecda connect HOST[:PORT] [--name NAME] [--level easy|normal|hard] [--think-ms MS]
//!     [--json] [--seed S]
//! ```
//!
//! `serve` waits for the external programs (five unless `--cpu`/`--human` take seats), plays
//! the games and prints a results table (or JSON). Notes about moves and a live progress line
//! go to stderr. With `--human` the Daifugo screen opens and the person plays one seat.
//! Exit status 0 when the run completes, 1 when it fails, 2 for bad arguments.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand, ValueEnum};

use super::{GlobalArgs, output};
use crate::config::{Config, Lang, resolve_language};
use crate::daifugo::cpu::levels::config_budget;
use crate::daifugo::cpu::{Budget, SearchFigures};
use crate::daifugo::rules::CpuLevel;
use crate::i18n;
use crate::uecda::client::{ClientEvent, ClientSummary, ConnectOptions, connect};
use crate::uecda::results::{RunResults, SeatKind};
use crate::uecda::server::{Observer, ServeOptions, Server, ServerEvent};
use crate::uecda::table::DEFAULT_PORT;
use crate::uecda::words::{note_text, refusal_text};
use crate::uecda::{PLAYERS, contest_rules};

/// The UECda commands.
#[derive(Debug, Subcommand)]
pub enum UecdaCommand {
    /// Host a UECda (protocol 20070) table for external programs, cardroom CPUs and you.
    Serve(ServeArgs),
    /// Play at a UECda (protocol 20070) server with a cardroom CPU.
    Connect(ConnectArgs),
}

/// A CPU level on the command line.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum LevelArg {
    /// Simple fixed policy.
    Easy,
    /// A good club player's heuristics.
    Normal,
    /// Determinized Monte Carlo search.
    Hard,
}

impl From<LevelArg> for CpuLevel {
    fn from(l: LevelArg) -> CpuLevel {
        match l {
            LevelArg::Easy => CpuLevel::Easy,
            LevelArg::Normal => CpuLevel::Normal,
            LevelArg::Hard => CpuLevel::Hard,
        }
    }
}

/// `uecda serve` arguments (`--seed`, `--record` and `--config` are the global options).
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (only this one).
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
    pub bind: IpAddr,
    /// The port (0 = any free port).
    #[arg(long, default_value_t = DEFAULT_PORT, value_name = "N")]
    pub port: u16,
    /// Games to play.
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub games: u32,
    /// Seat a cardroom CPU (repeat for more). External programs take the other seats.
    #[arg(long = "cpu", value_enum, value_name = "LEVEL")]
    pub cpus: Vec<LevelArg>,
    /// Sit at the table yourself: opens the Daifugo screen.
    #[arg(long)]
    pub human: bool,
    /// Seconds an external program may take per move (0 = no limit); a late move is a pass.
    #[arg(long, default_value = "10", value_name = "SECS")]
    pub move_timeout: String,
    /// Classes reset every N games (0 = never).
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub class_reset: u32,
    /// Seats are shuffled every N games (0 = never).
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub seat_shuffle: u32,
    /// Thinking time of `hard` CPUs per decision, in ms (default: cpu_think_ms).
    #[arg(long, value_name = "MS")]
    pub think_ms: Option<u32>,
    /// Print the results as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `uecda connect` arguments.
#[derive(Debug, Args)]
pub struct ConnectArgs {
    /// The server: HOST or HOST:PORT (default port 42485).
    pub server: String,
    /// The name sent to the server (it keeps 9 characters).
    #[arg(long, default_value = "cardroom", value_name = "NAME")]
    pub name: String,
    /// The CPU level that plays.
    #[arg(long, value_enum, default_value = "hard", value_name = "LEVEL")]
    pub level: LevelArg,
    /// Thinking time of a `hard` CPU per decision, in ms (default: cpu_think_ms).
    #[arg(long, value_name = "MS")]
    pub think_ms: Option<u32>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs a UECda command.
pub fn run(g: &GlobalArgs, cmd: UecdaCommand) -> ExitCode {
    let config = match super::load_config(g) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let lang = resolve_language(config.general.language, |k| std::env::var(k).ok());
    match cmd {
        UecdaCommand::Serve(a) => serve(g, &config, lang, &a),
        UecdaCommand::Connect(a) => client(g, &config, lang, &a),
    }
}

fn budget(config: &Config, think_ms: Option<u32>) -> Budget {
    match think_ms {
        Some(ms) => Budget::Time(Duration::from_millis(u64::from(ms))),
        None => config_budget(config),
    }
}

/// Parses `--move-timeout`: seconds, 0 = none.
pub fn parse_timeout(text: &str) -> Option<Option<Duration>> {
    let secs: f64 = text.trim().parse().ok()?;
    if !secs.is_finite() || secs < 0.0 {
        return None;
    }
    Some((secs > 0.0).then(|| Duration::from_secs_f64(secs)))
}

fn fail(lang: Lang, key: &str, args: &[(&str, &str)], code: u8) -> ExitCode {
    output::fail(code, i18n::tf(lang, key, args))
}

/// The seats of a table: external programs first, then the CPUs, then the human.
pub fn seats(cpus: &[LevelArg], human: bool) -> Option<Vec<SeatKind>> {
    let taken = cpus.len() + usize::from(human);
    if taken > PLAYERS {
        return None;
    }
    let mut v = vec![SeatKind::External; PLAYERS - taken];
    v.extend(cpus.iter().map(|l| SeatKind::Cpu((*l).into())));
    if human {
        v.push(SeatKind::Human);
    }
    Some(v)
}

fn serve(g: &GlobalArgs, config: &Config, lang: Lang, a: &ServeArgs) -> ExitCode {
    let Some(seats) = seats(&a.cpus, a.human) else {
        let count = (a.cpus.len() + usize::from(a.human)).to_string();
        return fail(lang, "uecda.serve.bad_seats", &[("count", &count)], 2);
    };
    if a.games == 0 {
        return fail(lang, "uecda.serve.no_games", &[], 2);
    }
    let Some(move_timeout) = parse_timeout(&a.move_timeout) else {
        return fail(
            lang,
            "uecda.serve.bad_timeout",
            &[("value", &a.move_timeout)],
            2,
        );
    };
    if a.human && (!std::io::stdin().is_terminal() || !std::io::stdout().is_terminal()) {
        return fail(lang, "uecda.serve.human_needs_tty", &[], 2);
    }
    let seed = g.seed.unwrap_or_else(rand::random);
    let opts = ServeOptions {
        bind: a.bind,
        port: a.port,
        games: a.games,
        seats,
        move_timeout,
        class_reset: a.class_reset,
        seat_shuffle: a.seat_shuffle,
        seed,
        budget: budget(config, a.think_ms),
        human_name: i18n::t(lang, "daifugo.ui.you").to_string(),
        ..ServeOptions::new(contest_rules())
    };
    let record: Option<Box<dyn Write + Send>> = match &g.record {
        Some(path) => match File::create(path) {
            Ok(f) => Some(Box::new(BufWriter::new(f))),
            Err(e) => {
                return fail(
                    lang,
                    "uecda.serve.record_open",
                    &[
                        ("path", &path.display().to_string()),
                        ("detail", &e.to_string()),
                    ],
                    2,
                );
            }
        },
        None => None,
    };
    let server = match Server::bind(opts.clone()) {
        Ok(s) => s,
        Err(e) => {
            let addr = SocketAddr::new(a.bind, a.port).to_string();
            return fail(
                lang,
                "uecda.serve.bind",
                &[("addr", &addr), ("error", &e.to_string())],
                1,
            );
        }
    };
    let results = if a.human {
        crate::tui::uecda::run_table(config.clone(), &super::tui_options(g, None), server, record)
    } else {
        let stop = AtomicBool::new(false);
        let mut progress = Progress::new(lang, a.games, &opts);
        server.run(&mut progress, None, record, &stop)
    };
    match results {
        Ok(r) => {
            let printed = if a.json {
                let mut v = r.to_json();
                v["seed"] = serde_json::json!(seed);
                output::println(v)
            } else {
                output::print(&results_table(lang, &r, seed))
            };
            if printed != ExitCode::SUCCESS || r.games == r.games_planned {
                printed
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => fail(lang, "uecda.serve.failed", &[("error", &e.to_string())], 1),
    }
}

/// The headless observer: notes and a progress line on stderr.
struct Progress {
    lang: Lang,
    total: u32,
    tty: bool,
    start: Option<Instant>,
    last_draw: Option<Instant>,
    names: Vec<String>,
    game: u32,
    handshake_secs: u64,
    line_open: bool,
}

impl Progress {
    fn new(lang: Lang, total: u32, opts: &ServeOptions) -> Progress {
        Progress {
            lang,
            total,
            tty: std::io::stderr().is_terminal(),
            start: None,
            last_draw: None,
            names: opts.seats.iter().map(|k| k.label().to_string()).collect(),
            game: 0,
            handshake_secs: opts.handshake_timeout.as_secs(),
            line_open: false,
        }
    }

    fn say(&mut self, line: String) {
        if self.line_open {
            output::progress("\r\x1b[K");
            self.line_open = false;
        }
        output::progress(&format!("{line}\n"));
    }

    fn progress(&mut self, done: u32) {
        let now = Instant::now();
        let start = *self.start.get_or_insert(now);
        let due = if self.tty {
            done == self.total
                || self
                    .last_draw
                    .is_none_or(|t| now - t >= Duration::from_millis(200))
        } else {
            let tenth = |d: u32| u64::from(d) * 10 / u64::from(self.total.max(1));
            done == self.total || tenth(done) > tenth(done.saturating_sub(1))
        };
        if !due {
            return;
        }
        self.last_draw = Some(now);
        let rate = f64::from(done) / (now - start).as_secs_f64().max(1e-9);
        let line = i18n::tf(
            self.lang,
            "uecda.serve.progress",
            &[
                ("done", &done.to_string()),
                ("total", &self.total.to_string()),
                ("rate", &format!("{rate:.1}")),
            ],
        );
        if self.tty {
            output::progress(&format!("\r{line}\x1b[K"));
            self.line_open = true;
            if done == self.total {
                output::progress("\n");
                self.line_open = false;
            }
        } else {
            output::progress(&format!("{line}\n"));
        }
    }
}

impl Observer for Progress {
    fn on(&mut self, e: ServerEvent<'_>) {
        match e {
            ServerEvent::Listening { addr, waiting } => {
                let line = i18n::tf(
                    self.lang,
                    "uecda.serve.listening",
                    &[("addr", &addr.to_string()), ("count", &waiting.to_string())],
                );
                self.say(line);
            }
            ServerEvent::Joined { player, name, peer } => {
                if let Some(n) = self.names.get_mut(player) {
                    *n = name.to_string();
                }
                let line = i18n::tf(
                    self.lang,
                    "uecda.serve.joined",
                    &[
                        ("player", &player.to_string()),
                        ("name", name),
                        ("peer", &peer.to_string()),
                    ],
                );
                self.say(line);
            }
            ServerEvent::Refused { peer, reason } => {
                let line = refusal_text(self.lang, peer, reason, self.handshake_secs);
                self.say(line);
            }
            ServerEvent::Changed { info, .. } => {
                self.game = info.number;
                if self.start.is_none() {
                    self.start = Some(Instant::now());
                }
            }
            ServerEvent::Noted { player, note } => {
                let name = self.names.get(player).cloned().unwrap_or_default();
                let line = note_text(self.lang, self.game, player, &name, note);
                self.say(line);
            }
            ServerEvent::GameOver { number, .. } => self.progress(number),
            ServerEvent::Awaiting { .. } => {}
        }
    }
}

fn ms(d: Option<Duration>) -> String {
    d.map_or_else(
        || "-".into(),
        |d| format!("{:.1}", d.as_secs_f64() * 1000.0),
    )
}

/// Pads `s` to `w` display cells.
fn pad(s: &str, w: usize) -> String {
    let n = unicode_width::UnicodeWidthStr::width(s);
    format!("{s}{}", " ".repeat(w.saturating_sub(n)))
}

/// The results table of a run.
pub fn results_table(lang: Lang, r: &RunResults, seed: u64) -> String {
    let mut out = i18n::tf(
        lang,
        "uecda.serve.heading",
        &[
            ("games", &r.games.to_string()),
            ("planned", &r.games_planned.to_string()),
            ("secs", &format!("{:.1}", r.elapsed.as_secs_f64())),
            ("seed", &seed.to_string()),
        ],
    );
    out.push('\n');
    out.push_str(i18n::t(lang, "uecda.serve.columns"));
    out.push('\n');
    for p in &r.players {
        let f = &p.figures;
        let name: String = p.name.chars().take(10).collect();
        let places: Vec<String> = f.places.iter().map(|n| format!("{n:>4}")).collect();
        out.push_str(&format!(
            "{:>6}  {}{}{:>6.3} ± {:<6.3}  {}  {:>7}  {:>4}  {:>6}  {}/{}/{}\n",
            p.player,
            pad(&name, 11),
            pad(p.kind.label(), 10),
            f.mean_points(),
            f.stderr(),
            places.join(" "),
            f.rejected,
            f.timeouts,
            f.protocol_errors,
            ms(f.move_time(0.5)),
            ms(f.move_time(0.99)),
            ms(f.move_time(1.0)),
        ));
        if let Some(s) = f.searches.and_then(SearchFigures::from_counts) {
            out.push_str(&i18n::tf(
                lang,
                "uecda.serve.searches",
                &[
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
        if let Some(g) = f.disconnected_in {
            out.push_str(&i18n::tf(
                lang,
                "uecda.serve.disconnected",
                &[("game", &g.to_string())],
            ));
            out.push('\n');
        }
    }
    out
}

fn client(g: &GlobalArgs, config: &Config, lang: Lang, a: &ConnectArgs) -> ExitCode {
    let addr = if a.server.contains(':') && !a.server.ends_with(']') {
        a.server.clone()
    } else {
        format!("{}:{DEFAULT_PORT}", a.server)
    };
    let level: CpuLevel = a.level.into();
    let opts = ConnectOptions {
        addr: addr.clone(),
        name: a.name.clone(),
        level,
        budget: budget(config, a.think_ms),
        rules: contest_rules(),
        seed: g.seed.unwrap_or_else(rand::random),
    };
    let tty = std::io::stderr().is_terminal();
    let mut progress = |e: ClientEvent<'_>| {
        let s = match e {
            ClientEvent::GameOver(s) => s,
            ClientEvent::Refused { game, play, pile } => {
                let pile = pile.map_or_else(|| "-".to_string(), |p| p.to_string());
                let line = i18n::tf(
                    lang,
                    "uecda.connect.refused",
                    &[
                        ("game", &game.to_string()),
                        ("play", &play.to_string()),
                        ("pile", &pile),
                    ],
                );
                let clear = if tty { "\r\x1b[K" } else { "" };
                output::progress(&format!("{clear}{line}\n"));
                return;
            }
        };
        if tty {
            let line = i18n::tf(
                lang,
                "uecda.connect.progress",
                &[
                    ("games", &s.games.to_string()),
                    ("points", &s.points.to_string()),
                ],
            );
            output::progress(&format!("\r{line}\x1b[K"));
        }
    };
    let result = connect(&opts, &mut progress);
    if tty {
        output::progress("\r\x1b[K");
    }
    let (summary, code) = match result {
        Ok(s) => (s, ExitCode::SUCCESS),
        Err((crate::uecda::client::ClientError::Connect(e), _)) => {
            return fail(
                lang,
                "uecda.connect.connect_error",
                &[("addr", &addr), ("error", &e.to_string())],
                1,
            );
        }
        Err((e, s)) => {
            output::error(i18n::tf(
                lang,
                "uecda.connect.lost",
                &[("error", &e.to_string())],
            ));
            (s, ExitCode::from(1))
        }
    };
    let games = summary.games.max(1);
    let mean = f64::from(summary.points) / f64::from(games);
    let se = client_stderr(&summary);
    let text = if a.json {
        serde_json::json!({
            "player": summary.player,
            "name": a.name,
            "level": level.as_str(),
            "games": summary.games,
            "points": summary.points,
            "mean_points": mean,
            "stderr": se,
            "places": summary.places,
            "rejected": summary.rejected,
            "complete": summary.complete,
        })
        .to_string()
    } else {
        let places: Vec<String> = summary.places.iter().map(u32::to_string).collect();
        [
            i18n::tf(
                lang,
                "uecda.connect.summary",
                &[
                    ("player", &summary.player.to_string()),
                    ("name", &a.name),
                    ("level", level.as_str()),
                    ("games", &summary.games.to_string()),
                    ("points", &summary.points.to_string()),
                    ("mean", &format!("{mean:.3}")),
                    ("se", &format!("{se:.3}")),
                ],
            ),
            i18n::tf(
                lang,
                "uecda.connect.places",
                &[("places", &places.join(" "))],
            ),
            i18n::tf(
                lang,
                "uecda.connect.rejected",
                &[("count", &summary.rejected.to_string())],
            ),
        ]
        .join("\n")
    };
    let printed = output::println(text);
    if printed != ExitCode::SUCCESS {
        return printed;
    }
    code
}

/// The standard error of the mean points from the place counts.
fn client_stderr(s: &ClientSummary) -> f64 {
    let n: u32 = s.places.iter().sum();
    if n < 2 {
        return 0.0;
    }
    let mean = f64::from(s.points) / f64::from(n);
    let ss: f64 = s
        .places
        .iter()
        .enumerate()
        .map(|(i, k)| f64::from(*k) * ((PLAYERS - i) as f64 - mean).powi(2))
        .sum();
    (ss / f64::from(n - 1) / f64::from(n)).sqrt()
}

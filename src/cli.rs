//! The command line (clap): the TUI entry points and the headless commands of `DESIGN.md`
//! ("Headless commands"). Exit statuses: 0 success, 1 error, 2 usage or bad input/config.
//!
//! Commands write only through [`output`] (printing macros are denied here): a closed pipe
//! ends a command quietly with 0, a full disk is one line on stderr and status 1.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod blackjack;
pub mod blackjack_ev;
pub mod daifugo;
pub mod daifugo_simulate;
pub mod output;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::config::{Config, LanguageSetting, Overrides};

/// `cardroom`: Daifugo and Blackjack in the terminal, and analysis without a screen.
#[derive(Debug, Parser)]
#[command(name = "cardroom", version, about, long_about = None)]
pub struct Cli {
    /// Options that apply to every command.
    #[command(flatten)]
    pub global: GlobalArgs,
    /// What to do; without a command, the menu.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Options shared by every command.
#[derive(Debug, Args, Clone, Default)]
pub struct GlobalArgs {
    /// Configuration file (default: $XDG_CONFIG_HOME/cardroom/config.toml, else ./config.toml).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Seed for every shuffle, so a game can be replayed exactly.
    #[arg(long, global = true, value_name = "N")]
    pub seed: Option<u64>,
    /// Language of the interface.
    #[arg(long, global = true, value_enum)]
    pub lang: Option<LangArg>,
    /// Draw without colour (also when NO_COLOR is set).
    #[arg(long, global = true)]
    pub no_color: bool,
    /// Letters instead of suit symbols (S H D C).
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Write the game record (JSON Lines) to this file.
    #[arg(long, global = true, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// `--lang` values.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum LangArg {
    /// English.
    En,
    /// Japanese (日本語).
    Ja,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game in the terminal, skipping the menu.
    Play {
        /// Which game.
        #[arg(value_enum)]
        game: GameArg,
    },
    /// Daifugo without a screen: legal plays, simulations.
    #[command(subcommand)]
    Daifugo(daifugo::DaifugoCommand),
    /// Blackjack without a screen: expected values, house edge, simulations.
    #[command(subcommand)]
    Blackjack(blackjack::BlackjackCommand),
    /// Check or print the configuration.
    #[command(subcommand)]
    Config(ConfigCommand),
    /// Watch a recorded game again (a `--record` file of either game), every hand face up.
    Replay {
        /// The record (JSON Lines).
        file: PathBuf,
    },
    /// Print a shell completion script, e.g. `cardroom completions bash > ~/.local/share/bash-completion/completions/cardroom`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `cardroom man > cardroom.1; man ./cardroom.1`.
    Man {
        /// Instead, write one page per command and subcommand (cardroom.1,
        /// cardroom-daifugo-legal.1, …) into this folder.
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
}

/// A game to play.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum GameArg {
    /// 大富豪 / President.
    Daifugo,
    /// Casino blackjack.
    Blackjack,
}

/// `cardroom config …`.
#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Validate a configuration file (default: the one cardroom would load).
    Check {
        /// The file to check.
        path: Option<PathBuf>,
    },
    /// Print the documented default configuration.
    Default,
}

/// The command-line overrides of the global options, with `NO_COLOR` (non-empty) counted as
/// `--no-color`.
pub fn overrides(g: &GlobalArgs) -> Overrides {
    let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Overrides {
        language: g.lang.map(|l| match l {
            LangArg::En => LanguageSetting::En,
            LangArg::Ja => LanguageSetting::Ja,
        }),
        no_color: g.no_color || no_color_env,
        ascii: g.ascii,
    }
}

/// Loads the configuration for a command, printing a located error on failure.
/// Returns `Err(ExitCode 2)` so callers can exit before touching the terminal.
pub fn load_config(g: &GlobalArgs) -> Result<Config, ExitCode> {
    Config::load(g.config.as_deref(), &overrides(g))
        .map_err(|e| output::fail(2, format_args!("config error: {e}")))
}

/// The global options a command uses. Each of `--seed`, `--record` and `--config` is refused
/// (a usage error, status 2) where it would do nothing, rather than accepted and ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Uses {
    seed: bool,
    record: bool,
    config: bool,
}

impl Uses {
    fn of(cmd: &Option<Command>) -> (Uses, &'static str) {
        use blackjack::BlackjackCommand as B;
        use daifugo::DaifugoCommand as D;
        let all = Uses {
            seed: true,
            record: true,
            config: true,
        };
        let config_only = Uses {
            seed: false,
            record: false,
            config: true,
        };
        let nothing = Uses {
            seed: false,
            record: false,
            config: false,
        };
        match cmd {
            None => (all, "cardroom"),
            Some(Command::Play { .. }) => (all, "cardroom play"),
            Some(Command::Daifugo(D::Legal { .. })) => (config_only, "cardroom daifugo legal"),
            Some(Command::Daifugo(D::Simulate(_))) => (all, "cardroom daifugo simulate"),
            Some(Command::Blackjack(B::Simulate(_))) => (
                Uses {
                    record: false,
                    ..all
                },
                "cardroom blackjack simulate",
            ),
            Some(Command::Blackjack(B::Ev(_))) => (config_only, "cardroom blackjack ev"),
            Some(Command::Blackjack(B::Edge(_))) => (config_only, "cardroom blackjack edge"),
            Some(Command::Config(ConfigCommand::Check { .. })) => {
                (config_only, "cardroom config check")
            }
            Some(Command::Config(ConfigCommand::Default)) => (nothing, "cardroom config default"),
            Some(Command::Completions { .. }) => (nothing, "cardroom completions"),
            Some(Command::Man { .. }) => (nothing, "cardroom man"),
            Some(Command::Replay { .. }) => (config_only, "cardroom replay"),
        }
    }
}

/// The usage error for a global option the command would ignore, if any.
fn unused_option(cli: &Cli) -> Option<clap::Error> {
    let (uses, name) = Uses::of(&cli.command);
    let g = &cli.global;
    let (flag, users) = if g.record.is_some() && !uses.record {
        (
            "--record",
            "the game in the terminal (cardroom, cardroom play) and `cardroom daifugo simulate`",
        )
    } else if g.seed.is_some() && !uses.seed {
        (
            "--seed",
            "the game in the terminal and the simulations (`daifugo simulate`, `blackjack simulate`)",
        )
    } else if g.config.is_some() && !uses.config {
        (
            "--config",
            "the game, the analysis commands and `config check`; `config default` prints the built-in file",
        )
    } else {
        return None;
    };
    Some(Cli::command().error(
        clap::error::ErrorKind::ArgumentConflict,
        format!("{flag} does nothing for `{name}`; it is for {users}"),
    ))
}

/// Prints what clap has to say instead of running a command (`--help`, `--version`, a usage
/// error) and returns its status, with the same write rules as every command ([`output`]):
/// help on a closed pipe is status 0, help on a full disk is status 1, and a usage error keeps
/// its status 2 even when stderr cannot take the message.
pub fn usage(e: &clap::Error) -> ExitCode {
    let code = u8::try_from(e.exit_code()).unwrap_or(2);
    match e.print() {
        Ok(()) => ExitCode::from(code),
        Err(w) if !e.use_stderr() => output::write_failed(&w),
        Err(_) => ExitCode::from(code),
    }
}

/// Runs a parsed command line and returns the process exit status.
pub fn run(cli: Cli) -> ExitCode {
    if let Some(e) = unused_option(&cli) {
        return usage(&e);
    }
    match cli.command {
        Some(Command::Config(ConfigCommand::Default)) => output::print(crate::config::DEFAULT_TOML),
        Some(Command::Config(ConfigCommand::Check { path })) => config_check(&cli.global, path),
        Some(Command::Daifugo(cmd)) => daifugo::run(&cli.global, cmd),
        Some(Command::Blackjack(cmd)) => blackjack::run(&cli.global, cmd),
        Some(Command::Play { game }) => launch(&cli.global, Some(game.into())),
        Some(Command::Completions { shell }) => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "cardroom", &mut script);
            output::print(&String::from_utf8_lossy(&script))
        }
        Some(Command::Man { out_dir: Some(dir) }) => {
            match clap_mangen::generate_to(Cli::command(), &dir) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => output::fail(1, format_args!("{}: {e}", dir.display())),
            }
        }
        Some(Command::Man { out_dir: None }) => {
            let mut page = Vec::new();
            match clap_mangen::Man::new(Cli::command()).render(&mut page) {
                Ok(()) => output::print(&String::from_utf8_lossy(&page)),
                Err(e) => output::fail(1, e),
            }
        }
        Some(Command::Replay { file }) => replay(&cli.global, &file),
        None => launch(&cli.global, None),
    }
}

fn config_check(g: &GlobalArgs, path: Option<PathBuf>) -> ExitCode {
    if let (Some(p), Some(c)) = (&path, &g.config)
        && p != c
    {
        return usage(&Cli::command().error(
            clap::error::ErrorKind::ArgumentConflict,
            format!(
                "`config check {}` and `--config {}` name two files: give one",
                p.display(),
                c.display()
            ),
        ));
    }
    let path = path.or_else(|| g.config.clone());
    match path {
        Some(p) => {
            let shown = p.display().to_string();
            let text = match crate::config::read_source(&p) {
                Ok(t) => t,
                Err(e) => return output::fail(2, format_args!("config error: {e}")),
            };
            match Config::from_toml(&shown, &text) {
                Ok(_) => output::println(format_args!("{shown}: ok")),
                Err(e) => output::fail(2, format_args!("config error: {e}")),
            }
        }
        None => match load_config(g) {
            Ok(c) => output::println(format_args!("{}: ok", c.sources.join(" + "))),
            Err(code) => code,
        },
    }
}

impl From<GameArg> for crate::tui::Game {
    fn from(g: GameArg) -> Self {
        match g {
            GameArg::Daifugo => crate::tui::Game::Daifugo,
            GameArg::Blackjack => crate::tui::Game::Blackjack,
        }
    }
}

/// `--threads` of the simulations, one rule for both games: 1 to 1024 worker threads (0 is a
/// usage error, not a silent 1).
pub fn threads_parser() -> clap::builder::RangedI64ValueParser<u16> {
    clap::value_parser!(u16).range(1..=1024)
}

/// `--think-ms`: the range of the configuration's `cpu_think_ms` ([`crate::config::THINK_MS`]).
pub fn think_ms_parser() -> clap::builder::RangedI64ValueParser<u32> {
    let r = crate::config::THINK_MS;
    clap::value_parser!(u32).range(i64::from(*r.start())..=i64::from(*r.end()))
}

/// The UI's options from the global arguments and the game to open.
pub fn tui_options(g: &GlobalArgs, game: Option<crate::tui::Game>) -> crate::tui::Options {
    crate::tui::Options {
        game,
        seed: g.seed,
        record: g.record.clone(),
        settings_file: crate::config::settings_path(g.config.as_deref()),
        overrides: overrides(g),
    }
}

/// The largest record `cardroom replay` reads (64 MiB: a long Blackjack session is a few MiB).
const MAX_RECORD_BYTES: u64 = 64 << 20;

/// `cardroom replay FILE`: reads and checks the whole record first — a file that cannot be read,
/// is not a regular file, is not a record, or that the engine does not reproduce is a one-line
/// error naming the line, status 2, before the terminal is touched — then opens the replay
/// viewer over the menu.
fn replay(g: &GlobalArgs, file: &std::path::Path) -> ExitCode {
    let config = match load_config(g) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let lang = crate::config::resolve_language(config.general.language, |k| std::env::var(k).ok());
    let shown = file.display().to_string();
    let unreadable = |error: String| {
        output::fail(
            2,
            crate::i18n::tf(
                lang,
                "replay.error.read",
                &[("path", &shown), ("error", &error)],
            ),
        )
    };
    // Looked at before it is opened: a FIFO would block, a device or a huge file never end.
    match std::fs::metadata(file) {
        Ok(m) if !m.is_file() => {
            return unreadable(crate::config::file_kind(&m).to_string());
        }
        Ok(m) if m.len() > MAX_RECORD_BYTES => {
            return unreadable(format!("{} bytes", m.len()));
        }
        Ok(_) => {}
        Err(e) => return unreadable(e.to_string()),
    }
    let text = match std::fs::read(file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => return unreadable(e.to_string()),
    };
    let replay = match crate::replay::load(&text) {
        Ok(r) => r,
        Err(e) => return output::fail(2, format_args!("{shown}: {}", e.message(lang))),
    };
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return output::fail(
            1,
            "the game needs a terminal (stdin and stdout must be a TTY); see `cardroom --help` for commands that work without one",
        );
    }
    crate::tui::run_over_menu(config, &tui_options(g, None), |ctx| {
        Some(Box::new(crate::tui::screens::replay::ReplayScreen::new(
            replay, ctx,
        )))
    })
}

/// Starts the TUI (menu, or straight into a game), after loading the configuration and checking
/// that stdin and stdout are terminals.
fn launch(g: &GlobalArgs, game: Option<crate::tui::Game>) -> ExitCode {
    let config = match load_config(g) {
        Ok(c) => c,
        Err(code) => return code,
    };
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return output::fail(
            1,
            "the game needs a terminal (stdin and stdout must be a TTY); see `cardroom --help` for commands that work without one",
        );
    }
    crate::tui::run(config, &tui_options(g, game))
}

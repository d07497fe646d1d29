//! The command line (clap): the TUI entry points and the headless commands of `DESIGN.md`
//! ("Headless commands"). Exit statuses: 0 success, 1 error, 2 usage or bad input/config.

pub mod blackjack;
pub mod blackjack_ev;
pub mod daifugo;
pub mod daifugo_simulate;
pub mod uecda;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

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
    /// UECda (protocol 20070): host a contest table, or join one with a cardroom CPU.
    #[command(subcommand)]
    Uecda(uecda::UecdaCommand),
    /// Check or print the configuration.
    #[command(subcommand)]
    Config(ConfigCommand),
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
    Config::load(g.config.as_deref(), &overrides(g)).map_err(|e| {
        eprintln!("cardroom: config error: {e}");
        ExitCode::from(2)
    })
}

/// Runs a parsed command line and returns the process exit status.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Some(Command::Config(ConfigCommand::Default)) => {
            print!("{}", crate::config::DEFAULT_TOML);
            ExitCode::SUCCESS
        }
        Some(Command::Config(ConfigCommand::Check { path })) => config_check(&cli.global, path),
        Some(Command::Daifugo(cmd)) => daifugo::run(&cli.global, cmd),
        Some(Command::Blackjack(cmd)) => blackjack::run(&cli.global, cmd),
        Some(Command::Uecda(cmd)) => uecda::run(&cli.global, cmd),
        Some(Command::Play { game }) => launch(&cli.global, Some(game)),
        None => launch(&cli.global, None),
    }
}

fn config_check(g: &GlobalArgs, path: Option<PathBuf>) -> ExitCode {
    let path = path.or_else(|| g.config.clone());
    match path {
        Some(p) => {
            let shown = p.display().to_string();
            let text = match std::fs::read_to_string(&p) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("cardroom: config error: {shown}: cannot read the file: {e}");
                    return ExitCode::from(2);
                }
            };
            match Config::from_toml(&shown, &text) {
                Ok(_) => {
                    println!("{shown}: ok");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("cardroom: config error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        None => match load_config(g) {
            Ok(c) => {
                println!("{}: ok", c.sources.join(" + "));
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
    }
}

/// Starts the TUI (menu, or straight into a game), after loading the configuration and checking
/// that stdin and stdout are terminals.
fn launch(g: &GlobalArgs, game: Option<GameArg>) -> ExitCode {
    let config = match load_config(g) {
        Ok(c) => c,
        Err(code) => return code,
    };
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        eprintln!(
            "cardroom: the game needs a terminal (stdin and stdout must be a TTY); see `cardroom --help` for commands that work without one"
        );
        return ExitCode::from(1);
    }
    crate::tui::run(config, game, g)
}

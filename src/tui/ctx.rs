//! [`Ctx`]: what every screen may read while it draws or handles an action — the loaded
//! configuration, the language, the theme, the suit style, the seed and record options of the
//! command line, and the terminal size.

use std::path::PathBuf;

use ratatui::layout::Size;

use crate::cards::Card;
use crate::config::{self, Config, Overrides, SuitStyle};
use crate::i18n::{self, Lang};

use super::Options;
use super::theme::Theme;

/// The shared context handed to every screen. Screens read it; only the app changes
/// [`Ctx::size`].
#[derive(Clone, Debug)]
pub struct Ctx {
    /// The effective configuration (rules of both games, `[general]`).
    pub config: Config,
    /// The interface language, resolved from the config, `--lang` and the locale.
    pub lang: Lang,
    /// The styles to draw with.
    pub theme: Theme,
    /// Whether cards show suit symbols (`A♠`) rather than letters (`AS`).
    pub symbols: bool,
    /// `--seed`: the seed of every shuffle, when the player gave one.
    pub seed: Option<u64>,
    /// `--record`: where to write the game record (JSON Lines), when asked.
    pub record: Option<PathBuf>,
    /// The terminal size in cells at the last draw (or resize).
    pub size: Size,
    /// The config file the settings screen edits ([`Options::settings_file`]); `None`: none
    /// (no home folder is known, or a test's app), so the settings cannot be saved.
    pub config_path: Option<PathBuf>,
    /// The command-line overrides (`--lang`, `--no-color` or `NO_COLOR`, `--ascii`), laid again
    /// over the configuration the settings screen reloads.
    pub overrides: Overrides,
}

impl Ctx {
    /// The context for a run: language from `config.general.language` (`auto` reads `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` through `env`), theme and suit style from `[general]` (the CLI has
    /// already folded `--no-color`, `NO_COLOR` and `--ascii` into them), seed and record from
    /// the command line's [`Options`] (also the file the settings screen edits and the
    /// overrides it lays over a reloaded configuration).
    pub fn new(config: Config, args: &Options, env: impl Fn(&str) -> Option<String>) -> Ctx {
        let lang = config::resolve_language(config.general.language, &env);
        let overrides: Overrides = args.overrides.clone();
        Ctx {
            lang,
            theme: Theme::new(config.general.theme),
            symbols: config.general.suits == SuitStyle::Symbols,
            seed: args.seed,
            record: args.record.clone(),
            size: Size::new(0, 0),
            config_path: args.settings_file.clone(),
            overrides,
            config,
        }
    }

    /// Puts a newly loaded configuration in force (after the settings screen saved): the
    /// language (`auto` reads the locale through `env`), theme and suit style change at once;
    /// the games read their rules from it when they next deal.
    pub fn set_config(&mut self, config: Config, env: impl Fn(&str) -> Option<String>) {
        self.lang = config::resolve_language(config.general.language, env);
        self.theme = Theme::new(config.general.theme);
        self.symbols = config.general.suits == SuitStyle::Symbols;
        self.config = config;
    }

    /// The text of an i18n key in this context's language.
    pub fn t(&self, key: &str) -> &'static str {
        i18n::t(self.lang, key)
    }

    /// The text of an i18n key with its `{name}` placeholders filled.
    pub fn tf(&self, key: &str, args: &[(&str, &str)]) -> String {
        i18n::tf(self.lang, key, args)
    }

    /// A card as this context shows it: `A♠` with symbols, `AS` with letters, `JK`.
    pub fn card_label(&self, card: Card) -> String {
        card.label(self.symbols)
    }

    /// A rank as the screen shows it: its letter, `10` for the ten.
    pub fn rank_label(&self, rank: crate::cards::Rank) -> String {
        if rank == crate::cards::Rank::Ten {
            "10".to_string()
        } else {
            rank.letter().to_string()
        }
    }

    /// The seed for a new game: `--seed` when given, else a fresh random one (the UI may use
    /// the OS generator; engines only ever see the seed).
    pub fn game_seed(&self) -> u64 {
        self.seed.unwrap_or_else(rand::random)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{LanguageSetting, ThemeName};

    #[test]
    fn resolves_language_theme_and_suits_from_the_config() {
        let mut c = Config::default();
        c.general.language = LanguageSetting::Auto;
        c.general.theme = ThemeName::Mono;
        c.general.suits = SuitStyle::Letters;
        let args = Options {
            seed: Some(7),
            ..Options::default()
        };
        let ctx = Ctx::new(c, &args, |k| {
            (k == "LANG").then(|| "ja_JP.UTF-8".to_string())
        });
        assert_eq!(ctx.lang, Lang::Ja);
        assert_eq!(ctx.theme, Theme::mono());
        assert!(!ctx.symbols);
        assert_eq!(ctx.game_seed(), 7);
        let ace = Card::new(crate::cards::Rank::Ace, crate::cards::Suit::Spades);
        assert_eq!(ctx.card_label(ace), "AS");
    }

    #[test]
    fn explicit_language_beats_the_locale() {
        let mut c = Config::default();
        c.general.language = LanguageSetting::En;
        let ctx = Ctx::new(c, &Options::default(), |_| Some("ja_JP.UTF-8".into()));
        assert_eq!(ctx.lang, Lang::En);
        assert!(ctx.symbols);
    }
}

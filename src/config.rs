//! Configuration: the `config.toml` format, its built-in default (the repository's `config.toml`,
//! embedded), layering (embedded → user file → command-line flags), validation, and errors that
//! name the file, line, column and key.
//!
//! Each file is first checked on its own, so an error points into the file that has it; then the
//! files are merged table by table (a key in a later file replaces the same key of an earlier one)
//! and the result is read once more. Daifugo rule keys left unset take their value from the
//! `preset` (`rules/daifugo.md` §3 "Presets"), so the shipped file leaves them commented out.

pub mod edit;
pub mod keys;

use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

use crate::blackjack::rules::Rules as BlackjackRules;
use crate::daifugo::rules::{
    Ambulance, Amount, ClearMode, Count, CpuLevel, Eligible, FirstLead, ForbiddenMode, LaterLead,
    PassMode, Preset, Rules as DaifugoRules, Sandstorm, SequenceCompare, SuitLock,
};

/// The thinking budget a `hard` CPU may be given per decision, in milliseconds: the range of
/// `daifugo.cpu_think_ms` and of `daifugo simulate --think-ms` (one range for both).
pub const THINK_MS: std::ops::RangeInclusive<u32> = 10..=10_000;

/// The largest configuration file read, in bytes (1 MiB). The documented file is about 10 KiB;
/// anything near the limit is a mistake (a log, a device), not a configuration.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The documented default configuration, `config.toml` at the repository root.
pub const DEFAULT_TOML: &str = include_str!("../config.toml");

/// The UI language setting (`general.language`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum LanguageSetting {
    /// Detect from `LC_ALL`, `LC_MESSAGES`, `LANG`.
    #[default]
    Auto,
    /// English.
    En,
    /// Japanese.
    Ja,
}

/// The colour theme (`general.theme`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ThemeName {
    /// Colours for a dark background.
    #[default]
    Dark,
    /// Colours for a light background.
    Light,
    /// No colour at all: reverse video, bold and text markers only.
    Mono,
}

/// How suits are drawn (`general.suits`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SuitStyle {
    /// ♠ ♥ ♦ ♣ (ambiguous width on some Japanese terminals).
    #[default]
    Symbols,
    /// S H D C, always one cell.
    Letters,
}

/// The `[general]` table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of general settings ([general])"
)]
pub struct General {
    /// UI language.
    pub language: LanguageSetting,
    /// Colour theme.
    pub theme: ThemeName,
    /// Suit drawing.
    pub suits: SuitStyle,
    /// Pause between CPU plays, in milliseconds (0..=5000).
    #[serde(deserialize_with = "de_u32_0_5000")]
    pub cpu_delay_ms: u32,
    /// Where statistics are kept; empty means the platform data folder
    /// (`$XDG_DATA_HOME/cardroom/stats.json`).
    pub stats_file: String,
}

impl Default for General {
    fn default() -> General {
        General {
            language: LanguageSetting::Auto,
            theme: ThemeName::Dark,
            suits: SuitStyle::Symbols,
            cpu_delay_ms: 600,
            stats_file: String::new(),
        }
    }
}

/// The `[blackjack]` table: the table rules, read straight into the engine's rule type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of Blackjack rules ([blackjack])"
)]
struct BlackjackSection {
    #[serde(deserialize_with = "de_u8_1_8")]
    decks: u8,
    #[serde(deserialize_with = "de_penetration")]
    penetration: f64,
    dealer_hits_soft_17: bool,
    hole_card: crate::blackjack::rules::HoleCard,
    blackjack_pays: crate::blackjack::rules::BlackjackPays,
    double: crate::blackjack::rules::DoubleRule,
    double_after_split: bool,
    #[serde(deserialize_with = "de_u8_1_8")]
    max_hands: u8,
    split_tens_by: crate::blackjack::rules::SplitTensBy,
    resplit_aces: bool,
    hit_split_aces: bool,
    resplit: crate::blackjack::rules::ResplitPolicy,
    surrender: crate::blackjack::rules::Surrender,
    insurance: bool,
    ties: crate::blackjack::rules::Ties,
    #[serde(deserialize_with = "de_chips")]
    bankroll: u64,
    #[serde(deserialize_with = "de_chips")]
    min_bet: u64,
    #[serde(deserialize_with = "de_chips")]
    max_bet: u64,
    advisor: crate::blackjack::rules::Advisor,
    coach: bool,
}

impl Default for BlackjackSection {
    fn default() -> Self {
        BlackjackSection::from(BlackjackRules::default())
    }
}

impl From<BlackjackRules> for BlackjackSection {
    fn from(r: BlackjackRules) -> Self {
        BlackjackSection {
            decks: r.decks,
            penetration: r.penetration,
            dealer_hits_soft_17: r.dealer_hits_soft_17,
            hole_card: r.hole_card,
            blackjack_pays: r.blackjack_pays,
            double: r.double,
            double_after_split: r.double_after_split,
            max_hands: r.max_hands,
            split_tens_by: r.split_tens_by,
            resplit_aces: r.resplit_aces,
            hit_split_aces: r.hit_split_aces,
            resplit: r.resplit,
            surrender: r.surrender,
            insurance: r.insurance,
            ties: r.ties,
            bankroll: r.bankroll,
            min_bet: r.min_bet,
            max_bet: r.max_bet,
            advisor: r.advisor,
            coach: r.coach,
        }
    }
}

impl From<BlackjackSection> for BlackjackRules {
    fn from(s: BlackjackSection) -> Self {
        BlackjackRules {
            decks: s.decks,
            penetration: s.penetration,
            dealer_hits_soft_17: s.dealer_hits_soft_17,
            hole_card: s.hole_card,
            blackjack_pays: s.blackjack_pays,
            double: s.double,
            double_after_split: s.double_after_split,
            max_hands: s.max_hands,
            split_tens_by: s.split_tens_by,
            resplit_aces: s.resplit_aces,
            hit_split_aces: s.hit_split_aces,
            resplit: s.resplit,
            surrender: s.surrender,
            insurance: s.insurance,
            ties: s.ties,
            bankroll: s.bankroll,
            min_bet: s.min_bet,
            max_bet: s.max_bet,
            advisor: s.advisor,
            coach: s.coach,
        }
    }
}

/// `cpu_level`: one level for every CPU, or one per CPU seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum CpuLevels {
    /// The same level for all CPUs.
    All(CpuLevel),
    /// One level per CPU seat, seat 1 first.
    PerSeat(Vec<CpuLevel>),
}

impl Default for CpuLevels {
    fn default() -> Self {
        CpuLevels::All(CpuLevel::Easy)
    }
}

impl CpuLevels {
    /// The level of CPU number `i` (0 = seat 1). A per-seat list shorter than the CPU count is
    /// rejected by validation; out of range here falls back to the last entry.
    pub fn level(&self, i: usize) -> CpuLevel {
        match self {
            CpuLevels::All(l) => *l,
            CpuLevels::PerSeat(v) => v.get(i).or(v.last()).copied().unwrap_or(CpuLevel::Easy),
        }
    }
}

impl<'de> Deserialize<'de> for CpuLevels {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CpuLevels;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(r#""easy", "normal" or "hard", or a list of them, one per CPU"#)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<CpuLevels, E> {
                parse_level(s).map(CpuLevels::All)
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<CpuLevels, A::Error> {
                let mut v = Vec::new();
                while let Some(s) = seq.next_element::<String>()? {
                    v.push(parse_level(&s)?);
                }
                if v.is_empty() || v.len() > 7 {
                    return Err(de::Error::custom("a per-seat list needs 1 to 7 levels"));
                }
                Ok(CpuLevels::PerSeat(v))
            }
        }
        d.deserialize_any(V)
    }
}

fn parse_level<E: de::Error>(s: &str) -> Result<CpuLevel, E> {
    match s {
        "easy" => Ok(CpuLevel::Easy),
        "normal" => Ok(CpuLevel::Normal),
        "hard" => Ok(CpuLevel::Hard),
        _ => Err(E::custom(format!(
            "unknown CPU level \"{s}\", expected \"easy\", \"normal\" or \"hard\""
        ))),
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of sequence rules, e.g. sequence.enabled = false"
)]
struct SequenceSection {
    enabled: Option<bool>,
    #[serde(deserialize_with = "de_opt_seq_len")]
    min_len: Option<u8>,
    compare: Option<SequenceCompare>,
    joker_ends: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of revolution rules, e.g. revolution.enabled = false"
)]
struct RevolutionSection {
    enabled: Option<bool>,
    #[serde(deserialize_with = "de_opt_group_min")]
    group_min: Option<u8>,
    #[serde(deserialize_with = "de_opt_sequence_min")]
    sequence_min: Option<u8>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of eight-cut rules, e.g. eight_cut.enabled = false"
)]
struct EightCutSection {
    enabled: Option<bool>,
    in_sequence: Option<bool>,
    joker_counts: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of lock rules, e.g. lock.number = false"
)]
struct LockSection {
    suit: Option<SuitLock>,
    number: Option<bool>,
    joker_establishes: Option<bool>,
    geki: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of 5-skip or 9-reverse rules, e.g. five_skip.enabled = true"
)]
struct CountedSection {
    enabled: Option<bool>,
    count: Option<Count>,
    joker_counts: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of 7-pass rules, e.g. seven_pass.enabled = true"
)]
struct SevenPassSection {
    enabled: Option<bool>,
    count: Option<Count>,
    amount: Option<Amount>,
    joker_counts: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of 10-discard rules, e.g. ten_discard.enabled = true"
)]
struct TenDiscardSection {
    enabled: Option<bool>,
    count: Option<Count>,
    amount: Option<Amount>,
    joker_counts: Option<bool>,
    eligible: Option<Eligible>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of Q-bomber rules, e.g. q_bomber.enabled = true"
)]
struct BomberSection {
    enabled: Option<bool>,
    joker_counts: Option<bool>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of forbidden-finish rules, e.g. forbidden_finish.joker = false"
)]
struct ForbiddenFinishSection {
    joker: Option<bool>,
    strongest: Option<bool>,
    eight: Option<bool>,
    spade3: Option<bool>,
    mode: Option<ForbiddenMode>,
}

/// The `[daifugo]` table as written: table settings plus rule keys that override the preset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a table of Daifugo settings ([daifugo])"
)]
struct DaifugoSection {
    preset: Preset,
    #[serde(deserialize_with = "de_opt_u8_1_7")]
    cpus: Option<u8>,
    #[serde(deserialize_with = "de_u8_1_100")]
    rounds: u8,
    cpu_level: CpuLevels,
    #[serde(deserialize_with = "de_think_ms")]
    cpu_think_ms: u32,
    #[serde(deserialize_with = "de_opt_jokers")]
    jokers: Option<u8>,
    pass_mode: Option<PassMode>,
    first_lead: Option<FirstLead>,
    later_lead: Option<LaterLead>,
    exchange: Option<bool>,
    sequence: SequenceSection,
    revolution: RevolutionSection,
    eight_cut: EightCutSection,
    lock: LockSection,
    spade3: Option<bool>,
    jack_back: Option<bool>,
    forbidden_finish: ForbiddenFinishSection,
    miyako_ochi: Option<bool>,
    clear_mode: Option<ClearMode>,
    leader_may_pass: Option<bool>,
    #[serde(deserialize_with = "de_opt_u16_0_1000")]
    stalemate_passes: Option<u16>,
    five_skip: CountedSection,
    seven_pass: SevenPassSection,
    ten_discard: TenDiscardSection,
    nine_reverse: CountedSection,
    q_bomber: BomberSection,
    ambulance: Option<Ambulance>,
    sandstorm: Option<Sandstorm>,
    gekokujo: Option<bool>,
    #[serde(deserialize_with = "de_opt_players")]
    miyako_ochi_min_players: Option<u8>,
    joker_return: Option<bool>,
}

impl Default for DaifugoSection {
    fn default() -> Self {
        DaifugoSection {
            preset: Preset::Standard,
            cpus: None,
            rounds: 5,
            cpu_level: CpuLevels::default(),
            cpu_think_ms: 300,
            jokers: None,
            pass_mode: None,
            first_lead: None,
            later_lead: None,
            exchange: None,
            sequence: SequenceSection::default(),
            revolution: RevolutionSection::default(),
            eight_cut: EightCutSection::default(),
            lock: LockSection::default(),
            spade3: None,
            jack_back: None,
            forbidden_finish: ForbiddenFinishSection::default(),
            miyako_ochi: None,
            clear_mode: None,
            leader_may_pass: None,
            stalemate_passes: None,
            five_skip: CountedSection::default(),
            seven_pass: SevenPassSection::default(),
            ten_discard: TenDiscardSection::default(),
            nine_reverse: CountedSection::default(),
            q_bomber: BomberSection::default(),
            ambulance: None,
            sandstorm: None,
            gekokujo: None,
            miyako_ochi_min_players: None,
            joker_return: None,
        }
    }
}

impl DaifugoSection {
    /// The preset's rules with every key this section sets laid over them.
    fn rules(&self) -> DaifugoRules {
        let mut r = DaifugoRules::preset(self.preset);
        fn set<T: Copy>(slot: &mut T, v: Option<T>) {
            if let Some(v) = v {
                *slot = v;
            }
        }
        set(&mut r.jokers, self.jokers);
        set(&mut r.pass_mode, self.pass_mode);
        set(&mut r.first_lead, self.first_lead);
        set(&mut r.later_lead, self.later_lead);
        set(&mut r.exchange, self.exchange);
        set(&mut r.sequence.enabled, self.sequence.enabled);
        set(&mut r.sequence.min_len, self.sequence.min_len);
        set(&mut r.sequence.compare, self.sequence.compare);
        set(&mut r.sequence.joker_ends, self.sequence.joker_ends);
        set(&mut r.revolution.enabled, self.revolution.enabled);
        set(&mut r.revolution.group_min, self.revolution.group_min);
        set(&mut r.revolution.sequence_min, self.revolution.sequence_min);
        set(&mut r.eight_cut.enabled, self.eight_cut.enabled);
        set(&mut r.eight_cut.in_sequence, self.eight_cut.in_sequence);
        set(&mut r.eight_cut.joker_counts, self.eight_cut.joker_counts);
        set(&mut r.lock.suit, self.lock.suit);
        set(&mut r.lock.number, self.lock.number);
        set(&mut r.lock.joker_establishes, self.lock.joker_establishes);
        set(&mut r.spade3, self.spade3);
        set(&mut r.jack_back, self.jack_back);
        set(&mut r.forbidden_finish.joker, self.forbidden_finish.joker);
        set(
            &mut r.forbidden_finish.strongest,
            self.forbidden_finish.strongest,
        );
        set(&mut r.forbidden_finish.eight, self.forbidden_finish.eight);
        set(&mut r.forbidden_finish.spade3, self.forbidden_finish.spade3);
        set(&mut r.miyako_ochi, self.miyako_ochi);
        set(&mut r.clear_mode, self.clear_mode);
        set(&mut r.leader_may_pass, self.leader_may_pass);
        set(&mut r.stalemate_passes, self.stalemate_passes);
        set(&mut r.lock.geki, self.lock.geki);
        set(&mut r.forbidden_finish.mode, self.forbidden_finish.mode);
        for (rule, sec) in [
            (&mut r.five_skip, &self.five_skip),
            (&mut r.nine_reverse, &self.nine_reverse),
        ] {
            set(&mut rule.enabled, sec.enabled);
            set(&mut rule.count, sec.count);
            set(&mut rule.joker_counts, sec.joker_counts);
        }
        let sp = &self.seven_pass;
        set(&mut r.seven_pass.enabled, sp.enabled);
        set(&mut r.seven_pass.count, sp.count);
        set(&mut r.seven_pass.amount, sp.amount);
        set(&mut r.seven_pass.joker_counts, sp.joker_counts);
        let td = &self.ten_discard;
        set(&mut r.ten_discard.enabled, td.enabled);
        set(&mut r.ten_discard.count, td.count);
        set(&mut r.ten_discard.amount, td.amount);
        set(&mut r.ten_discard.joker_counts, td.joker_counts);
        set(&mut r.ten_discard.eligible, td.eligible);
        set(&mut r.q_bomber.enabled, self.q_bomber.enabled);
        set(&mut r.q_bomber.joker_counts, self.q_bomber.joker_counts);
        set(&mut r.ambulance, self.ambulance);
        set(&mut r.sandstorm, self.sandstorm);
        set(&mut r.gekokujo, self.gekokujo);
        set(&mut r.miyako_ochi_min_players, self.miyako_ochi_min_players);
        set(&mut r.joker_return, self.joker_return);
        r
    }

    /// The CPU count: as set, else one fewer than the preset's players.
    fn cpus(&self) -> u8 {
        self.cpus
            .unwrap_or(self.preset.players().saturating_sub(1) as u8)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, expecting = "a configuration file")]
struct FileConfig {
    general: General,
    blackjack: BlackjackSection,
    daifugo: DaifugoSection,
}

/// Daifugo table settings that are not rules of play.
#[derive(Clone, Debug, PartialEq)]
pub struct DaifugoTable {
    /// CPU opponents (1..=7); players = cpus + 1.
    pub cpus: u8,
    /// Rounds in a match (1..=100).
    pub rounds: u8,
    /// CPU levels.
    pub cpu_level: CpuLevels,
    /// Thinking budget of a `hard` CPU per decision, in milliseconds (10..=10000).
    pub cpu_think_ms: u32,
    /// The preset the rules started from.
    pub preset: Preset,
}

/// The effective configuration after layering and validation.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// `[general]`.
    pub general: General,
    /// `[blackjack]`.
    pub blackjack: BlackjackRules,
    /// `[daifugo]` rules of play, preset plus overrides.
    pub daifugo: DaifugoRules,
    /// `[daifugo]` table settings.
    pub daifugo_table: DaifugoTable,
    /// Where each layer came from, in order (`"built-in default"` first).
    pub sources: Vec<String>,
}

impl Default for Config {
    /// The built-in defaults, exactly what the shipped `config.toml` says.
    fn default() -> Config {
        Config::from_file_config(FileConfig::default(), vec!["built-in default".into()])
    }
}

/// A configuration error with its place: file, 1-based line and column, and dotted key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The file's path as given (or `built-in default`).
    pub path: String,
    /// 1-based line, 0 when unknown (e.g. the file could not be read).
    pub line: usize,
    /// 1-based column in characters, 0 when unknown.
    pub column: usize,
    /// The dotted key, e.g. `blackjack.decks`, when known.
    pub key: Option<String>,
    /// What is wrong and what is allowed.
    pub message: String,
    /// The offending source line, for a caret display.
    pub source_line: Option<String>,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path)?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column)?;
        }
        if let Some(k) = &self.key {
            write!(f, ": key '{k}'")?;
        }
        write!(f, ": {}", self.message)?;
        if let (Some(src), true) = (&self.source_line, self.column > 0) {
            let gutter = self.line.to_string().len();
            write!(
                f,
                "\n{:gutter$} |\n{} | {}\n{:gutter$} | {}^",
                "",
                self.line,
                src,
                "",
                " ".repeat(self.column - 1)
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigError {}

/// Settings given on the command line, applied after every file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// `--lang`.
    pub language: Option<LanguageSetting>,
    /// `--no-color` (or a non-empty `NO_COLOR`): the mono theme.
    pub no_color: bool,
    /// `--ascii`: letters for suits.
    pub ascii: bool,
}

impl Overrides {
    /// The command-line option (`--lang`, `--no-color`, `--ascii`) that replaces the dotted
    /// `key` in this run, if one does.
    pub fn flag_for(&self, key: &str) -> Option<&'static str> {
        match key {
            "general.language" if self.language.is_some() => Some("--lang"),
            "general.theme" if self.no_color => Some("--no-color"),
            "general.suits" if self.ascii => Some("--ascii"),
            _ => None,
        }
    }
}

impl Config {
    fn from_file_config(fc: FileConfig, sources: Vec<String>) -> Config {
        Config {
            daifugo: fc.daifugo.rules(),
            daifugo_table: DaifugoTable {
                cpus: fc.daifugo.cpus(),
                rounds: fc.daifugo.rounds,
                cpu_level: fc.daifugo.cpu_level.clone(),
                cpu_think_ms: fc.daifugo.cpu_think_ms,
                preset: fc.daifugo.preset,
            },
            general: fc.general,
            blackjack: fc.blackjack.into(),
            sources,
        }
    }

    /// Parses and validates one file's text on its own (`path` is only used in messages).
    /// Returns the configuration that file alone gives on top of the built-in defaults.
    ///
    /// Errors: TOML syntax, unknown keys, wrong types, out-of-range values, and cross-key
    /// checks (`min_bet <= max_bet`, a per-seat `cpu_level` list as long as `cpus`).
    pub fn from_toml(path: &str, text: &str) -> Result<Config, ConfigError> {
        let table = parse_table(path, text)?;
        let merged = merge_tables(default_table(), table);
        let fc = read_merged(path, text, merged)?;
        Ok(Config::from_file_config(fc, vec![path.to_string()]))
    }

    /// Like [`Config::from_toml`] but without the checks of keys that must go together
    /// ([`Conflict`]): the settings screen shows the values the player chose while it explains
    /// a conflict (and saves only what [`Config::from_toml`] accepts).
    ///
    /// Errors: TOML syntax, unknown keys, wrong types, out-of-range values.
    pub fn from_toml_lenient(path: &str, text: &str) -> Result<Config, ConfigError> {
        let table = parse_table(path, text)?;
        toml::from_str::<FileConfig>(text)
            .map_err(|e| located(path, text, e.span(), e.message()))?;
        let fc = FileConfig::deserialize(merge_tables(default_table(), table)).map_err(|e| {
            ConfigError {
                path: path.to_string(),
                line: 0,
                column: 0,
                key: None,
                message: e.to_string(),
                source_line: None,
            }
        })?;
        Ok(Config::from_file_config(fc, vec![path.to_string()]))
    }

    /// Loads the effective configuration: the embedded default, then the user file
    /// (`explicit`, else `$XDG_CONFIG_HOME/cardroom/config.toml` if present, else
    /// `./config.toml` if present), then the command-line overrides.
    ///
    /// Errors: an unreadable explicit file, or any error of [`Config::from_toml`].
    pub fn load(explicit: Option<&Path>, overrides: &Overrides) -> Result<Config, ConfigError> {
        let mut table = default_table();
        let mut sources = vec!["built-in default".to_string()];
        if let Some(path) = explicit
            .map(Path::to_path_buf)
            .or_else(user_config_path)
            .filter(|p| explicit.is_some() || p.is_file())
        {
            let shown = path.display().to_string();
            let text = read_source(&path)?;
            let user = parse_table(&shown, &text)?;
            // Check the user's file alone first so errors point into it.
            read_merged(&shown, &text, merge_tables(default_table(), user.clone()))?;
            table = merge_tables(table, user);
            sources.push(shown);
        }
        let fc: FileConfig = FileConfig::deserialize(table).map_err(|e| ConfigError {
            path: sources.last().cloned().unwrap_or_default(),
            line: 0,
            column: 0,
            key: None,
            message: e.to_string(),
            source_line: None,
        })?;
        let mut cfg = Config::from_file_config(fc, sources);
        cfg.apply(overrides);
        Ok(cfg)
    }

    /// Applies command-line overrides.
    pub fn apply(&mut self, o: &Overrides) {
        if let Some(l) = o.language {
            self.general.language = l;
        }
        if o.no_color {
            self.general.theme = ThemeName::Mono;
        }
        if o.ascii {
            self.general.suits = SuitStyle::Letters;
        }
    }

    /// The number of Daifugo players (the human plus the CPUs).
    pub fn daifugo_players(&self) -> usize {
        usize::from(self.daifugo_table.cpus) + 1
    }
}

/// Reads a configuration file's text: only a regular file (a symbolic link is followed) of at
/// most [`MAX_CONFIG_BYTES`]. Anything else is refused before it is read, so a FIFO cannot hang
/// the program and `/dev/zero` or a huge file cannot eat the memory.
///
/// Errors (naming the file, line 0): it cannot be inspected or opened; it is a folder, FIFO,
/// device or socket; it is larger than the limit; it is not UTF-8.
pub fn read_source(path: &Path) -> Result<String, ConfigError> {
    use std::io::Read;
    let fail = |message: String| ConfigError {
        path: path.display().to_string(),
        line: 0,
        column: 0,
        key: None,
        message,
        source_line: None,
    };
    let limit = MAX_CONFIG_BYTES;
    let check = |meta: &std::fs::Metadata| -> Result<(), ConfigError> {
        if !meta.is_file() {
            return Err(fail(format!(
                "not a regular file ({}): give the path of a configuration file",
                file_kind(meta)
            )));
        }
        if meta.len() > limit {
            return Err(fail(format!(
                "the file is {} bytes; a configuration file may have at most {limit} (1 MiB)",
                meta.len()
            )));
        }
        Ok(())
    };
    // Looked at before it is opened: opening a FIFO for reading blocks until a writer comes.
    check(&std::fs::metadata(path).map_err(|e| fail(format!("cannot read the file: {e}")))?)?;
    let file = std::fs::File::open(path).map_err(|e| fail(format!("cannot read the file: {e}")))?;
    // And again once open, in case it was replaced in between.
    check(
        &file
            .metadata()
            .map_err(|e| fail(format!("cannot read the file: {e}")))?,
    )?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(format!("cannot read the file: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(fail(format!(
            "the file grew past {limit} bytes (1 MiB) while it was read"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        fail(format!(
            "the file is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// What kind of file `meta` describes, in words.
pub fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_file() {
        "a regular file"
    } else {
        "not a file"
    }
}

/// The user's config file in the XDG config folder: `$XDG_CONFIG_HOME/cardroom/config.toml`
/// (else `~/.config/...`), falling back to `./config.toml`. Existence is not checked.
pub fn user_config_path() -> Option<PathBuf> {
    use etcetera::BaseStrategy;
    let xdg = etcetera::choose_base_strategy()
        .ok()
        .map(|s| s.config_dir().join("cardroom").join("config.toml"));
    match xdg {
        Some(p) if p.is_file() => Some(p),
        _ => Some(PathBuf::from("config.toml")),
    }
}

/// The XDG location of the user's config file, `$XDG_CONFIG_HOME/cardroom/config.toml` (else
/// `~/.config/cardroom/config.toml`), whether or not it exists: where the settings screen
/// creates the file when the player has none. `None` when no home folder is known.
pub fn xdg_config_path() -> Option<PathBuf> {
    use etcetera::BaseStrategy;
    etcetera::choose_base_strategy()
        .ok()
        .map(|s| s.config_dir().join("cardroom").join("config.toml"))
}

/// The file the settings screen edits: `explicit` (`--config`), else the user file the loader
/// reads ([`user_config_path`], when it exists), else the XDG path, where it will be created.
pub fn settings_path(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(p.to_path_buf());
    }
    user_config_path()
        .filter(|p| p.is_file())
        .or_else(xdg_config_path)
}

/// The conflict in a file's text laid over the built-in default, if its keys are each valid but
/// some do not go together; `None` for a valid file or one with another error.
pub fn conflict_in(text: &str) -> Option<Conflict> {
    let table = text.parse::<toml::Table>().ok()?;
    let fc = FileConfig::deserialize(merge_tables(default_table(), table)).ok()?;
    conflict(&fc)
}

/// Every key of the effective configuration `c` with its value as a file would write it, in
/// tables (`daifugo.sequence.min_len` is `t["daifugo"]["sequence"]["min_len"]`): Daifugo rule
/// keys carry the value in force (the preset's unless overridden). Command-line overrides that
/// were applied to `c` show too. The settings screen reads current values here, and the key
/// table of [`keys`] is checked against it.
pub fn effective_table(c: &Config) -> toml::Table {
    fn table<T: Serialize>(v: &T) -> toml::Table {
        toml::Table::try_from(v).expect("configuration values serialize to TOML")
    }
    let mut daifugo = table(&c.daifugo);
    // The rules' fields that are no key of the file: a 7-pass gives any card, so its
    // `eligible` (shared with 10-discard in the rules type) is neither read nor shown.
    if let Some(toml::Value::Table(seven)) = daifugo.get_mut("seven_pass") {
        seven.remove("eligible");
    }
    let t = &c.daifugo_table;
    daifugo.insert(
        "preset".into(),
        toml::Value::try_from(t.preset).expect("preset"),
    );
    daifugo.insert("cpus".into(), i64::from(t.cpus).into());
    daifugo.insert("rounds".into(), i64::from(t.rounds).into());
    daifugo.insert(
        "cpu_level".into(),
        toml::Value::try_from(&t.cpu_level).expect("levels"),
    );
    daifugo.insert("cpu_think_ms".into(), i64::from(t.cpu_think_ms).into());
    let mut out = toml::Table::new();
    out.insert("general".into(), table(&c.general).into());
    out.insert(
        "blackjack".into(),
        table(&BlackjackSection::from(c.blackjack)).into(),
    );
    out.insert("daifugo".into(), daifugo.into());
    out
}

fn default_table() -> toml::Table {
    DEFAULT_TOML
        .parse::<toml::Table>()
        .expect("the embedded config.toml is valid TOML (checked by tests)")
}

fn parse_table(path: &str, text: &str) -> Result<toml::Table, ConfigError> {
    text.parse::<toml::Table>()
        .map_err(|e| located(path, text, e.span(), e.message()))
}

/// Reads a merged table into the file structure; errors are located in `text` (the file that
/// was merged last).
fn read_merged(path: &str, text: &str, merged: toml::Table) -> Result<FileConfig, ConfigError> {
    // The file alone first: its errors carry spans into `text`.
    toml::from_str::<FileConfig>(text).map_err(|e| located(path, text, e.span(), e.message()))?;
    let fc = FileConfig::deserialize(merged).map_err(|e| ConfigError {
        path: path.to_string(),
        line: 0,
        column: 0,
        key: None,
        message: e.to_string(),
        source_line: None,
    })?;
    if let Some(c) = conflict(&fc) {
        let (section, keys) = c.blame();
        // Blame the key this file sets; for the bets, say it from that key's side.
        let message = match c {
            Conflict::MaxBetBelowMinBet { min_bet, max_bet }
                if key_offset(text, "blackjack", "max_bet").is_none() =>
            {
                format!("min_bet ({min_bet}) must not exceed max_bet ({max_bet})")
            }
            _ => c.message_en(),
        };
        return Err(key_error(path, text, section, keys, message));
    }
    Ok(fc)
}

/// Two or more keys whose values are each allowed but not together. The loader refuses them
/// (an error located at the first key); the settings screen explains them in the player's
/// language from [`Conflict::keys`] and the values inside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// `blackjack.max_bet` is below `blackjack.min_bet`.
    MaxBetBelowMinBet {
        /// The smallest bet, in chips.
        min_bet: u64,
        /// The largest bet, in chips.
        max_bet: u64,
    },
    /// `blackjack.min_bet` is more than the starting `bankroll`.
    MinBetAboveBankroll {
        /// The smallest bet, in chips.
        min_bet: u64,
        /// The starting chips.
        bankroll: u64,
    },
    /// A per-seat `daifugo.cpu_level` list whose length is not `daifugo.cpus`.
    LevelsPerSeat {
        /// Levels in the list.
        levels: usize,
        /// CPU players.
        cpus: u8,
    },
    /// `daifugo.revolution.sequence_min` is neither 0 nor at least `daifugo.sequence.min_len`.
    RevolutionSequenceShort {
        /// The revolting sequence length.
        sequence_min: u8,
        /// The shortest sequence.
        min_len: u8,
    },
}

impl Conflict {
    /// The dotted keys involved, the one the loader points at first.
    pub fn keys(&self) -> &'static [&'static str] {
        match self {
            Conflict::MaxBetBelowMinBet { .. } => &["blackjack.max_bet", "blackjack.min_bet"],
            Conflict::MinBetAboveBankroll { .. } => &["blackjack.min_bet", "blackjack.bankroll"],
            Conflict::LevelsPerSeat { .. } => &["daifugo.cpu_level", "daifugo.cpus"],
            Conflict::RevolutionSequenceShort { .. } => &[
                "daifugo.revolution.sequence_min",
                "daifugo.sequence.min_len",
            ],
        }
    }

    /// The section and the keys in it that the loader may blame, in order of preference: the
    /// error points at the first one the file sets.
    fn blame(&self) -> (&'static str, &'static [&'static str]) {
        match self {
            Conflict::MaxBetBelowMinBet { .. } => ("blackjack", &["max_bet", "min_bet"]),
            Conflict::MinBetAboveBankroll { .. } => ("blackjack", &["min_bet", "bankroll"]),
            Conflict::LevelsPerSeat { .. } => ("daifugo", &["cpu_level", "cpus"]),
            Conflict::RevolutionSequenceShort { .. } => (
                "daifugo",
                &["revolution.sequence_min", "sequence.min_len", "preset"],
            ),
        }
    }

    /// The loader's English message (configuration errors are printed before the UI starts).
    pub fn message_en(&self) -> String {
        match *self {
            Conflict::MaxBetBelowMinBet { min_bet, max_bet } => {
                format!("max_bet ({max_bet}) must be at least min_bet ({min_bet})")
            }
            Conflict::MinBetAboveBankroll { min_bet, bankroll } => {
                format!("min_bet ({min_bet}) must not exceed the bankroll ({bankroll})")
            }
            Conflict::LevelsPerSeat { levels, cpus } => format!(
                "the per-seat list has {levels} levels but cpus = {cpus}: give one level per CPU, or a single level for all"
            ),
            Conflict::RevolutionSequenceShort { .. } => {
                "sequence_min must be 0 (off) or at least sequence.min_len".into()
            }
        }
    }
}

/// The first pair of keys in `fc` that may not stand together.
fn conflict(fc: &FileConfig) -> Option<Conflict> {
    let bj = &fc.blackjack;
    if bj.min_bet > bj.max_bet {
        return Some(Conflict::MaxBetBelowMinBet {
            min_bet: bj.min_bet,
            max_bet: bj.max_bet,
        });
    }
    if bj.min_bet > bj.bankroll {
        return Some(Conflict::MinBetAboveBankroll {
            min_bet: bj.min_bet,
            bankroll: bj.bankroll,
        });
    }
    if let CpuLevels::PerSeat(v) = &fc.daifugo.cpu_level
        && v.len() != usize::from(fc.daifugo.cpus())
    {
        return Some(Conflict::LevelsPerSeat {
            levels: v.len(),
            cpus: fc.daifugo.cpus(),
        });
    }
    let rules = fc.daifugo.rules();
    let rev = rules.revolution;
    if rev.sequence_min != 0 && rev.sequence_min < rules.sequence.min_len {
        return Some(Conflict::RevolutionSequenceShort {
            sequence_min: rev.sequence_min,
            min_len: rules.sequence.min_len,
        });
    }
    None
}

/// Merges `upper` into `lower`: tables merge key by key, any other value replaces.
fn merge_tables(mut lower: toml::Table, upper: toml::Table) -> toml::Table {
    for (k, v) in upper {
        match (lower.get_mut(&k), v) {
            (Some(toml::Value::Table(l)), toml::Value::Table(u)) => {
                let merged = merge_tables(std::mem::take(l), u);
                *l = merged;
            }
            (_, v) => {
                lower.insert(k, v);
            }
        }
    }
    lower
}

/// 1-based (line, column in characters) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The dotted key of the assignment on the line holding `offset`: the nearest `[table]` header
/// above it plus the text before `=`.
fn key_at(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = &text[line_start..line_end];
    let table = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('[') && !l.starts_with("[["))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim().to_string());
    let trimmed = line.trim();
    let key = if trimmed.starts_with('[') {
        return Some(trimmed.trim_matches(|c| c == '[' || c == ']').trim().into());
    } else {
        trimmed
            .split('=')
            .next()?
            .trim()
            .trim_matches('"')
            .to_string()
    };
    if key.is_empty() {
        return table;
    }
    Some(match table {
        Some(t) if !t.is_empty() => format!("{t}.{key}"),
        _ => key,
    })
}

fn located(
    path: &str,
    text: &str,
    span: Option<std::ops::Range<usize>>,
    message: &str,
) -> ConfigError {
    let (line, column, key, source_line) = match span {
        Some(s) => {
            let (line, column) = line_col(text, s.start);
            (
                line,
                column,
                key_at(text, s.start),
                text.lines().nth(line - 1).map(str::to_string),
            )
        }
        None => (0, 0, None, None),
    };
    ConfigError {
        path: path.to_string(),
        line,
        column,
        key,
        message: message.trim().replace('\n', " "),
        source_line,
    }
}

/// The byte offset of the assignment of `section.key` in `text` (`key` may be dotted within
/// the section, as `revolution.sequence_min`, written either dotted or under its own
/// `[section.sub]` header).
fn key_offset(text: &str, section: &str, key: &str) -> Option<usize> {
    let mut current = String::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if t.starts_with('[') {
            current = t.trim_matches(|c| c == '[' || c == ']').trim().to_string();
        } else if let Some((k, _)) = t.split_once('=') {
            // (A quoted key; the quote is written as an escape so the i18n key scanner, which
            // splits the source on quote marks, stays in step.)
            let k = k.trim().trim_matches('\u{22}');
            let full = if current.is_empty() {
                k.to_string()
            } else {
                format!("{current}.{k}")
            };
            if full == format!("{section}.{key}") {
                return Some(offset + line.len() - line.trim_start().len());
            }
        }
        offset += line.len();
    }
    None
}

/// An error about keys of `section` that contradict each other, located at the first of `keys`
/// (in order of preference) that `text` sets — the file's own line, not a key it never wrote.
/// When it sets none of them, the first key is named without a line.
fn key_error(path: &str, text: &str, section: &str, keys: &[&str], message: String) -> ConfigError {
    let found = keys
        .iter()
        .find_map(|k| key_offset(text, section, k).map(|o| (*k, o)));
    match found {
        Some((key, o)) => {
            let mut e = located(path, text, Some(o..o), &message);
            e.key = Some(format!("{section}.{key}"));
            e
        }
        None => ConfigError {
            path: path.to_string(),
            line: 0,
            column: 0,
            key: Some(format!("{section}.{}", keys[0])),
            message,
            source_line: None,
        },
    }
}

/// A visitor for whole numbers in `lo..=hi` that says what is allowed when it refuses.
struct RangeVisitor {
    lo: i64,
    hi: i64,
    what: &'static str,
}

impl Visitor<'_> for RangeVisitor {
    type Value = i64;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} from {} to {}", self.what, self.lo, self.hi)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<i64, E> {
        if (self.lo..=self.hi).contains(&v) {
            Ok(v)
        } else {
            Err(E::custom(format!(
                "{v} is out of range: expected {} from {} to {}",
                self.what, self.lo, self.hi
            )))
        }
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<i64, E> {
        self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
    }
}

fn de_range<'de, D: Deserializer<'de>>(
    d: D,
    lo: i64,
    hi: i64,
    what: &'static str,
) -> Result<i64, D::Error> {
    d.deserialize_i64(RangeVisitor { lo, hi, what })
}

fn de_u8_1_8<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    de_range(d, 1, 8, "a whole number").map(|v| v as u8)
}
fn de_opt_u8_1_7<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    de_range(d, 1, 7, "a number of CPU players").map(|v| Some(v as u8))
}
fn de_opt_u16_0_1000<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u16>, D::Error> {
    de_range(d, 0, 1000, "a number of passes (0 = never)").map(|v| Some(v as u16))
}
fn de_u8_1_100<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    de_range(d, 1, 100, "a number of rounds").map(|v| v as u8)
}
fn de_u32_0_5000<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    de_range(d, 0, 5000, "milliseconds").map(|v| v as u32)
}
fn de_think_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let (lo, hi) = (i64::from(*THINK_MS.start()), i64::from(*THINK_MS.end()));
    de_range(d, lo, hi, "milliseconds").map(|v| v as u32)
}
fn de_chips<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    de_range(d, 1, 1_000_000_000, "whole chips").map(|v| v as u64)
}
fn de_opt_players<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    de_range(d, 2, 8, "a number of players").map(|v| Some(v as u8))
}
fn de_opt_jokers<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    de_range(d, 0, 2, "a number of jokers").map(|v| Some(v as u8))
}
fn de_opt_seq_len<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    de_range(d, 3, 5, "a sequence length").map(|v| Some(v as u8))
}
fn de_opt_group_min<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    de_range(d, 2, 8, "a group size").map(|v| Some(v as u8))
}
fn de_opt_sequence_min<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    de_range(d, 0, 13, "a sequence length (0 = off)").map(|v| Some(v as u8))
}

fn de_penetration<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    struct V;
    impl Visitor<'_> for V {
        type Value = f64;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a share of the shoe from 0.1 to 0.95")
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
            if (0.1..=0.95).contains(&v) {
                Ok(v)
            } else {
                Err(E::custom(format!(
                    "{v} is out of range: expected a share of the shoe from 0.1 to 0.95"
                )))
            }
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
            self.visit_f64(v as f64)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
            self.visit_f64(v as f64)
        }
    }
    d.deserialize_f64(V)
}

/// The language to use: the setting, or for `auto` the first of `LC_ALL`, `LC_MESSAGES`, `LANG`
/// that is set and non-empty (`ja…` gives Japanese, anything else English).
pub fn resolve_language(setting: LanguageSetting, env: impl Fn(&str) -> Option<String>) -> Lang {
    match setting {
        LanguageSetting::En => Lang::En,
        LanguageSetting::Ja => Lang::Ja,
        LanguageSetting::Auto => ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| env(k).filter(|v| !v.is_empty()))
            .next()
            .map_or(Lang::En, |v| {
                if v.to_ascii_lowercase().starts_with("ja") {
                    Lang::Ja
                } else {
                    Lang::En
                }
            }),
    }
}

/// A UI language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    En,
    /// Japanese.
    Ja,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_file_is_exactly_the_built_in_defaults() {
        let shipped = Config::from_toml("config.toml", DEFAULT_TOML).unwrap();
        let builtin = Config::default();
        assert_eq!(shipped.general, builtin.general);
        assert_eq!(shipped.blackjack, BlackjackRules::default());
        assert_eq!(shipped.daifugo, DaifugoRules::default());
        assert_eq!(shipped.daifugo_table, builtin.daifugo_table);
        // And the shipped file states the rule books' defaults.
        assert_eq!(shipped.blackjack.decks, 6);
        assert_eq!(shipped.daifugo_table.cpus, 3);
        assert_eq!(shipped.daifugo_table.rounds, 5);
        assert_eq!(shipped.daifugo.jokers, 2);
    }

    #[test]
    fn preset_classic_applies_unless_a_key_overrides() {
        let c = Config::from_toml("t", "[daifugo]\npreset = \"classic\"\n").unwrap();
        assert!(!c.daifugo.revolution.enabled);
        assert_eq!(c.daifugo.pass_mode, PassMode::Reentry);
        let c = Config::from_toml(
            "t",
            "[daifugo]\npreset = \"classic\"\nrevolution.enabled = true\n",
        )
        .unwrap();
        assert!(c.daifugo.revolution.enabled);
        assert!(!c.daifugo.eight_cut.enabled);
    }

    #[test]
    fn errors_name_line_column_and_key() {
        let e = Config::from_toml("my.toml", "[blackjack]\ndecks = 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 9));
        assert_eq!(e.key.as_deref(), Some("blackjack.decks"));
        assert!(e.message.contains("1 to 8"), "{e}");
        assert!(
            e.to_string()
                .starts_with("my.toml:2:9: key 'blackjack.decks'")
        );
    }

    #[test]
    fn language_detection_reads_locale_variables_in_order() {
        let env = |k: &str| match k {
            "LC_ALL" => Some(String::new()),
            "LC_MESSAGES" => Some("ja_JP.UTF-8".into()),
            "LANG" => Some("en_US.UTF-8".into()),
            _ => None,
        };
        assert_eq!(resolve_language(LanguageSetting::Auto, env), Lang::Ja);
        assert_eq!(resolve_language(LanguageSetting::En, env), Lang::En);
        assert_eq!(resolve_language(LanguageSetting::Auto, |_| None), Lang::En);
    }
}

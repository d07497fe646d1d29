//! The one description of every configuration key: its dotted path, the kind of value and the
//! values allowed, whether a Daifugo `preset` decides it, and (derived from the path) the i18n
//! keys of its name and one-line explanation. The settings screen is built from [`KEYS`] and
//! nothing else; tests check the table against the loader (every key of the effective
//! configuration has a descriptor, every descriptor is a key the loader accepts, and the allowed
//! values are exactly the ones it accepts).
//!
//! Defaults are not copied here: [`KeyDesc::default_value`] reads them from the built-in
//! configuration (for a rule key, from the chosen preset's rules).

use super::{Config, FileConfig, effective_table};
use crate::daifugo::rules::Preset;

/// What values a key takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// `true` or `false`.
    Bool,
    /// A whole number from `min` to `max`; the settings screen steps by `step`.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// One step of ← / →.
        step: i64,
    },
    /// A decimal number from `min` to `max`, stepped by `step` (shown with two decimals).
    Float {
        /// Smallest value.
        min: f64,
        /// Largest value.
        max: f64,
        /// One step of ← / →.
        step: f64,
    },
    /// One of the listed strings, in the order the screen cycles through them.
    Choice(&'static [&'static str]),
    /// `daifugo.cpu_level`: one CPU level for all, or a list with one per CPU seat.
    Levels,
    /// Free text (a file path); shown, edited in the file.
    Text,
}

/// Where a key is listed on the settings screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// `[general]`: language, look, pacing.
    General,
    /// `[daifugo]` table settings: preset, CPUs, rounds, levels.
    DaifugoTable,
    /// `[daifugo]` rules of play (set by the preset unless overridden).
    DaifugoRules,
    /// `[daifugo]` house rules of `rules/daifugo.md` §3b (5-skip … joker return), off unless
    /// the preset (`party`) or the file turns them on.
    HouseRules,
    /// `[blackjack]` table rules.
    Blackjack,
}

impl Group {
    /// The groups in screen order.
    pub const ALL: [Group; 5] = [
        Group::General,
        Group::DaifugoTable,
        Group::DaifugoRules,
        Group::HouseRules,
        Group::Blackjack,
    ];

    /// i18n key of the group's heading.
    pub fn label_key(self) -> &'static str {
        match self {
            Group::General => "settings.group.general",
            Group::DaifugoTable => "settings.group.daifugo_table",
            Group::DaifugoRules => "settings.group.daifugo_rules",
            Group::HouseRules => "settings.group.house_rules",
            Group::Blackjack => "settings.group.blackjack",
        }
    }
}

/// One configuration key.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KeyDesc {
    /// The dotted path as a file writes it under its table: `daifugo.sequence.min_len` is
    /// `sequence.min_len = …` in `[daifugo]`.
    pub path: &'static str,
    /// The values it takes.
    pub kind: Kind,
    /// Whether the Daifugo `preset` decides it while the file leaves it unset.
    pub preset: bool,
    /// Whether it is one of the house rules of `rules/daifugo.md` §3b (listed under their own
    /// heading).
    pub house: bool,
}

impl KeyDesc {
    const fn new(path: &'static str, kind: Kind) -> KeyDesc {
        KeyDesc {
            path,
            kind,
            preset: false,
            house: false,
        }
    }

    const fn rule(path: &'static str, kind: Kind) -> KeyDesc {
        KeyDesc {
            path,
            kind,
            preset: true,
            house: false,
        }
    }

    const fn house(path: &'static str, kind: Kind) -> KeyDesc {
        KeyDesc {
            path,
            kind,
            preset: true,
            house: true,
        }
    }

    /// The section (`general`, `daifugo`, `blackjack`).
    pub fn section(&self) -> &'static str {
        self.path.split('.').next().unwrap_or("")
    }

    /// The settings screen group.
    pub fn group(&self) -> Group {
        match self.section() {
            "general" => Group::General,
            "blackjack" => Group::Blackjack,
            _ if self.house => Group::HouseRules,
            _ if self.preset => Group::DaifugoRules,
            _ => Group::DaifugoTable,
        }
    }

    /// i18n key of the short name (`settings.name.<path>`).
    pub fn name_key(&self) -> String {
        format!("settings.name.{}", self.path)
    }

    /// i18n key of the one-line explanation (`settings.help.<path>`).
    pub fn help_key(&self) -> String {
        format!("settings.help.{}", self.path)
    }

    /// Whether the value this key takes when the file leaves it out depends on the preset: every
    /// rule key, and table settings such as `cpus` (`uecda` seats five players).
    pub fn preset_dependent(&self) -> bool {
        static DEPENDENT: std::sync::OnceLock<Vec<bool>> = std::sync::OnceLock::new();
        let all = DEPENDENT.get_or_init(|| {
            let presets = presets();
            KEYS.iter()
                .map(|k| {
                    // (The preset key itself is what the preset is, not something it sets.)
                    k.preset
                        || (k.path != PRESET
                            && presets
                                .windows(2)
                                .any(|w| k.default_value(w[0]) != k.default_value(w[1])))
                })
                .collect()
        });
        KEYS.iter()
            .position(|k| k.path == self.path)
            .is_some_and(|i| all[i])
    }

    /// The built-in value of this key under `preset` (the preset matters only for rule keys).
    pub fn default_value(&self, preset: Preset) -> Option<toml::Value> {
        let fc = FileConfig {
            daifugo: super::DaifugoSection {
                preset,
                ..Default::default()
            },
            ..Default::default()
        };
        let c = Config::from_file_config(fc, Vec::new());
        lookup(&effective_table(&c), self.path).cloned()
    }
}

use Kind::{Bool, Choice, Float, Int, Levels, Text};

/// How often a house rule fires for a play (`count`).
const COUNT: &[&str] = &["per_card", "per_play"];
/// How many cards a 7-pass or 10-discard moves (`amount`).
const AMOUNT: &[&str] = &["up_to", "exact"];
/// Which cards a 10-discard may throw (`eligible`).
const ELIGIBLE: &[&str] = &["any", "weaker_than_ten"];

/// Every key of `config.toml`, in the order of the settings screen (which is the order of the
/// shipped file).
pub const KEYS: &[KeyDesc] = &[
    // [general]
    KeyDesc::new("general.language", Choice(&["auto", "en", "ja"])),
    KeyDesc::new("general.theme", Choice(&["dark", "light", "mono"])),
    KeyDesc::new("general.suits", Choice(&["symbols", "letters"])),
    KeyDesc::new(
        "general.cpu_delay_ms",
        Int {
            min: 0,
            max: 5000,
            step: 100,
        },
    ),
    KeyDesc::new("general.stats_file", Text),
    // [daifugo] table
    KeyDesc::new(
        "daifugo.preset",
        Choice(&["standard", "classic", "uecda", "party"]),
    ),
    KeyDesc::new(
        "daifugo.cpus",
        Int {
            min: 1,
            max: 7,
            step: 1,
        },
    ),
    KeyDesc::new("daifugo.cpu_level", Levels),
    KeyDesc::new(
        "daifugo.rounds",
        Int {
            min: 1,
            max: 100,
            step: 1,
        },
    ),
    KeyDesc::new(
        "daifugo.cpu_think_ms",
        Int {
            min: 10,
            max: 10_000,
            step: 100,
        },
    ),
    // [daifugo] rules of play
    KeyDesc::rule(
        "daifugo.jokers",
        Int {
            min: 0,
            max: 2,
            step: 1,
        },
    ),
    KeyDesc::rule("daifugo.pass_mode", Choice(&["locked", "reentry"])),
    KeyDesc::rule("daifugo.first_lead", Choice(&["diamond3", "random"])),
    KeyDesc::rule("daifugo.later_lead", Choice(&["daihinmin", "diamond3"])),
    KeyDesc::rule("daifugo.exchange", Bool),
    KeyDesc::rule("daifugo.sequence.enabled", Bool),
    KeyDesc::rule(
        "daifugo.sequence.min_len",
        Int {
            min: 3,
            max: 5,
            step: 1,
        },
    ),
    KeyDesc::rule("daifugo.sequence.compare", Choice(&["strict", "overlap"])),
    KeyDesc::rule("daifugo.sequence.joker_ends", Bool),
    KeyDesc::rule("daifugo.revolution.enabled", Bool),
    KeyDesc::rule(
        "daifugo.revolution.group_min",
        Int {
            min: 2,
            max: 8,
            step: 1,
        },
    ),
    KeyDesc::rule(
        "daifugo.revolution.sequence_min",
        Int {
            min: 0,
            max: 13,
            step: 1,
        },
    ),
    KeyDesc::rule("daifugo.eight_cut.enabled", Bool),
    KeyDesc::rule("daifugo.eight_cut.in_sequence", Bool),
    KeyDesc::rule("daifugo.eight_cut.joker_counts", Bool),
    KeyDesc::rule("daifugo.lock.suit", Choice(&["exact", "partial", "off"])),
    KeyDesc::rule("daifugo.lock.number", Bool),
    KeyDesc::rule("daifugo.lock.geki", Bool),
    KeyDesc::rule("daifugo.lock.joker_establishes", Bool),
    KeyDesc::rule("daifugo.spade3", Bool),
    KeyDesc::rule("daifugo.jack_back", Bool),
    KeyDesc::rule("daifugo.forbidden_finish.joker", Bool),
    KeyDesc::rule("daifugo.forbidden_finish.strongest", Bool),
    KeyDesc::rule("daifugo.forbidden_finish.eight", Bool),
    KeyDesc::rule("daifugo.forbidden_finish.spade3", Bool),
    KeyDesc::rule(
        "daifugo.forbidden_finish.mode",
        Choice(&["last_place", "illegal"]),
    ),
    KeyDesc::rule("daifugo.miyako_ochi", Bool),
    KeyDesc::rule(
        "daifugo.miyako_ochi_min_players",
        Int {
            min: 2,
            max: 8,
            step: 1,
        },
    ),
    KeyDesc::rule(
        "daifugo.clear_mode",
        Choice(&["others_passed", "all_passed"]),
    ),
    KeyDesc::rule("daifugo.leader_may_pass", Bool),
    KeyDesc::rule(
        "daifugo.stalemate_passes",
        Int {
            min: 0,
            max: 1000,
            step: 10,
        },
    ),
    // [daifugo] house rules (rules/daifugo.md §3b)
    KeyDesc::house("daifugo.five_skip.enabled", Bool),
    KeyDesc::house("daifugo.five_skip.count", Choice(COUNT)),
    KeyDesc::house("daifugo.five_skip.joker_counts", Bool),
    KeyDesc::house("daifugo.seven_pass.enabled", Bool),
    KeyDesc::house("daifugo.seven_pass.count", Choice(COUNT)),
    KeyDesc::house("daifugo.seven_pass.amount", Choice(AMOUNT)),
    KeyDesc::house("daifugo.seven_pass.joker_counts", Bool),
    KeyDesc::house("daifugo.ten_discard.enabled", Bool),
    KeyDesc::house("daifugo.ten_discard.count", Choice(COUNT)),
    KeyDesc::house("daifugo.ten_discard.amount", Choice(AMOUNT)),
    KeyDesc::house("daifugo.ten_discard.eligible", Choice(ELIGIBLE)),
    KeyDesc::house("daifugo.ten_discard.joker_counts", Bool),
    KeyDesc::house("daifugo.nine_reverse.enabled", Bool),
    KeyDesc::house("daifugo.nine_reverse.count", Choice(COUNT)),
    KeyDesc::house("daifugo.nine_reverse.joker_counts", Bool),
    KeyDesc::house("daifugo.q_bomber.enabled", Bool),
    KeyDesc::house("daifugo.q_bomber.joker_counts", Bool),
    KeyDesc::house("daifugo.ambulance", Choice(&["off", "cut"])),
    KeyDesc::house(
        "daifugo.sandstorm",
        Choice(&["off", "beats_triple", "cut_triple"]),
    ),
    KeyDesc::house("daifugo.gekokujo", Bool),
    KeyDesc::house("daifugo.joker_return", Bool),
    // [blackjack]
    KeyDesc::new(
        "blackjack.decks",
        Int {
            min: 1,
            max: 8,
            step: 1,
        },
    ),
    KeyDesc::new(
        "blackjack.penetration",
        Float {
            min: 0.1,
            max: 0.95,
            step: 0.05,
        },
    ),
    KeyDesc::new("blackjack.dealer_hits_soft_17", Bool),
    KeyDesc::new("blackjack.hole_card", Choice(&["peek", "enhc"])),
    KeyDesc::new("blackjack.blackjack_pays", Choice(&["3:2", "6:5", "1:1"])),
    KeyDesc::new(
        "blackjack.double",
        Choice(&["any", "9-11", "10-11", "none"]),
    ),
    KeyDesc::new("blackjack.double_after_split", Bool),
    KeyDesc::new(
        "blackjack.max_hands",
        Int {
            min: 1,
            max: 8,
            step: 1,
        },
    ),
    KeyDesc::new("blackjack.split_tens_by", Choice(&["value", "rank"])),
    KeyDesc::new("blackjack.resplit_aces", Bool),
    KeyDesc::new("blackjack.hit_split_aces", Bool),
    KeyDesc::new("blackjack.resplit", Choice(&["best", "always"])),
    KeyDesc::new("blackjack.surrender", Choice(&["none", "late", "early"])),
    KeyDesc::new("blackjack.insurance", Bool),
    KeyDesc::new("blackjack.ties", Choice(&["push", "dealer"])),
    KeyDesc::new(
        "blackjack.bankroll",
        Int {
            min: 1,
            max: 1_000_000_000,
            step: 100,
        },
    ),
    KeyDesc::new(
        "blackjack.min_bet",
        Int {
            min: 1,
            max: 1_000_000_000,
            step: 5,
        },
    ),
    KeyDesc::new(
        "blackjack.max_bet",
        Int {
            min: 1,
            max: 1_000_000_000,
            step: 50,
        },
    ),
    KeyDesc::new("blackjack.advisor", Choice(&["off", "hint", "ev"])),
    KeyDesc::new("blackjack.coach", Bool),
];

/// `daifugo.cpus`, whose value decides how many `cpu_level` rows the settings screen shows.
pub const CPUS: &str = "daifugo.cpus";
/// `daifugo.cpu_level`, kept as long as the CPU count when it lists one level per seat.
pub const CPU_LEVEL: &str = "daifugo.cpu_level";

/// `daifugo.preset`.
pub const PRESET: &str = "daifugo.preset";

/// Every preset, in the order of the `preset` key's choices.
pub fn presets() -> Vec<Preset> {
    let Some(KeyDesc {
        kind: Choice(names),
        ..
    }) = find(PRESET)
    else {
        return vec![Preset::Standard];
    };
    names
        .iter()
        .filter_map(|n| toml::Value::String((*n).into()).try_into().ok())
        .collect()
}

/// The descriptor of a dotted key.
pub fn find(path: &str) -> Option<&'static KeyDesc> {
    KEYS.iter().find(|k| k.path == path)
}

/// The value at a dotted path of a table (tables only; arrays are values).
pub fn lookup<'a>(table: &'a toml::Table, path: &str) -> Option<&'a toml::Value> {
    let mut parts = path.split('.');
    let mut v = table.get(parts.next()?)?;
    for p in parts {
        v = v.as_table()?.get(p)?;
    }
    Some(v)
}

/// Every leaf of a table as (dotted path, value), tables walked depth first in key order.
pub fn leaves(table: &toml::Table) -> Vec<(String, toml::Value)> {
    fn walk(prefix: &str, t: &toml::Table, out: &mut Vec<(String, toml::Value)>) {
        for (k, v) in t {
            let path = if prefix.is_empty() {
                k.clone()
            } else {
                format!("{prefix}.{k}")
            };
            match v {
                toml::Value::Table(inner) => walk(&path, inner, out),
                other => out.push((path, other.clone())),
            }
        }
    }
    let mut out = Vec::new();
    walk("", table, &mut out);
    out
}

/// Whether a choice value is a word the settings screen translates (`late`, `diamond3`) rather
/// than a figure it shows as written (`3:2`, `9-11`).
pub fn is_word(value: &str) -> bool {
    value.bytes().any(|b| b.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// A one-key file: `[section]` then `rest = value`.
    fn file_with(path: &str, value: &str) -> String {
        let (section, rest) = path.split_once('.').unwrap();
        format!("[{section}]\n{rest} = {value}\n")
    }

    #[test]
    fn every_config_key_has_a_descriptor_and_no_descriptor_is_extra() {
        let keys: BTreeSet<String> = leaves(&effective_table(&Config::default()))
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        let described: BTreeSet<String> = KEYS.iter().map(|k| k.path.to_string()).collect();
        let missing: Vec<_> = keys.difference(&described).collect();
        assert!(
            missing.is_empty(),
            "config keys without a descriptor: {missing:?}"
        );
        let extra: Vec<_> = described.difference(&keys).collect();
        assert!(extra.is_empty(), "descriptors of no config key: {extra:?}");
        assert_eq!(KEYS.len(), described.len(), "a key is described twice");
    }

    #[test]
    fn rule_keys_are_exactly_the_fields_of_the_daifugo_rules() {
        let rules = toml::Table::try_from(crate::daifugo::rules::Rules::default()).unwrap();
        let rule_paths: BTreeSet<String> = leaves(&rules)
            .into_iter()
            .map(|(p, _)| format!("daifugo.{p}"))
            // A 7-pass gives any card: the field it shares with 10-discard is no key.
            .filter(|p| p != "daifugo.seven_pass.eligible")
            .collect();
        let flagged: BTreeSet<String> = KEYS
            .iter()
            .filter(|k| k.preset)
            .map(|k| k.path.to_string())
            .collect();
        assert_eq!(flagged, rule_paths);
    }

    #[test]
    fn every_descriptor_loads_with_its_default_and_its_allowed_values() {
        for k in KEYS {
            let default = k.default_value(Preset::Standard).unwrap();
            let text = file_with(k.path, &default.to_string());
            Config::from_toml("t", &text).unwrap_or_else(|e| panic!("{}: {e}", k.path));
            match k.kind {
                Choice(values) => {
                    for v in values {
                        let text = file_with(k.path, &format!("\"{v}\""));
                        Config::from_toml("t", &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    }
                    // The loader's own list of variants (serde names them all in its error)
                    // is the descriptor's list: nothing missing, nothing extra.
                    let e = Config::from_toml("t", &file_with(k.path, "\"zzz\"")).unwrap_err();
                    let listed: BTreeSet<&str> = e
                        .message
                        .split('`')
                        .skip(3)
                        .step_by(2)
                        .collect::<BTreeSet<_>>();
                    let ours: BTreeSet<&str> = values.iter().copied().collect();
                    assert_eq!(listed, ours, "{}: {}", k.path, e.message);
                }
                Int { min, max, .. } => {
                    // In range: loads, or fails only as a combination (min_bet 1e9 > bankroll).
                    for ok in [min, max] {
                        let text = file_with(k.path, &ok.to_string());
                        if let Err(e) = Config::from_toml("t", &text) {
                            assert!(super::super::conflict_in(&text).is_some(), "{text}: {e}");
                        }
                    }
                    for bad in [min - 1, max + 1] {
                        let text = file_with(k.path, &bad.to_string());
                        assert!(Config::from_toml("t", &text).is_err(), "{text} loads");
                        assert!(super::super::conflict_in(&text).is_none(), "{text}");
                    }
                }
                Float { min, max, .. } => {
                    for ok in [min, max] {
                        let text = file_with(k.path, &format!("{ok:?}"));
                        Config::from_toml("t", &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    }
                    for bad in [min - 0.01, max + 0.01] {
                        let text = file_with(k.path, &format!("{bad:?}"));
                        assert!(Config::from_toml("t", &text).is_err(), "{text} loads");
                    }
                }
                Bool => {
                    let text = file_with(k.path, "1");
                    assert!(Config::from_toml("t", &text).is_err(), "{text} loads");
                }
                Levels | Text => {}
            }
        }
    }

    #[test]
    fn every_rule_key_written_in_a_file_reaches_the_rules_in_force() {
        // For each on/off and choice rule, a value other than its default, written alone in
        // a file, must be what the loaded configuration says (a key the loader accepts but
        // never lays over the preset would fail here).
        for k in KEYS.iter().filter(|k| k.preset) {
            let default = k.default_value(Preset::Standard).unwrap();
            let other: toml::Value = match k.kind {
                Bool => (!default.as_bool().unwrap()).into(),
                Choice(values) => (*values
                    .iter()
                    .find(|v| Some(**v) != default.as_str())
                    .unwrap())
                .into(),
                Int { min, max, .. } => {
                    let d = default.as_integer().unwrap();
                    (if d == max { min } else { max }).into()
                }
                _ => continue,
            };
            let text = file_with(k.path, &other.to_string());
            let Ok(c) = Config::from_toml("t", &text) else {
                // Only a combination may refuse it (a revolution sequence below the sequences).
                assert!(super::super::conflict_in(&text).is_some(), "{text}");
                continue;
            };
            assert_eq!(lookup(&effective_table(&c), k.path), Some(&other), "{text}");
        }
    }

    #[test]
    fn rule_defaults_follow_the_preset_and_others_do_not() {
        let seq = find("daifugo.sequence.enabled").unwrap();
        assert_eq!(seq.default_value(Preset::Standard), Some(true.into()));
        assert_eq!(seq.default_value(Preset::Classic), Some(false.into()));
        let decks = find("blackjack.decks").unwrap();
        assert_eq!(decks.default_value(Preset::Classic), Some(6.into()));
        assert_eq!(
            find("daifugo.cpus").unwrap().default_value(Preset::Classic),
            Some(3.into())
        );
    }

    #[test]
    fn the_cpu_count_follows_the_preset_and_the_decks_do_not() {
        assert_eq!(presets().len(), 4);
        assert!(find("daifugo.cpus").unwrap().preset_dependent());
        assert!(find("daifugo.jokers").unwrap().preset_dependent());
        assert!(!find("daifugo.rounds").unwrap().preset_dependent());
        assert!(!find(PRESET).unwrap().preset_dependent());
        assert!(!find("blackjack.decks").unwrap().preset_dependent());
    }

    #[test]
    fn groups_follow_the_sections() {
        assert_eq!(find("general.theme").unwrap().group(), Group::General);
        assert_eq!(find("daifugo.cpus").unwrap().group(), Group::DaifugoTable);
        assert_eq!(find("daifugo.jokers").unwrap().group(), Group::DaifugoRules);
        assert_eq!(find("blackjack.ties").unwrap().group(), Group::Blackjack);
        assert_eq!(
            find("daifugo.q_bomber.enabled").unwrap().group(),
            Group::HouseRules
        );
        assert!(find("daifugo.q_bomber.enabled").unwrap().preset);
        assert!(is_word("late") && is_word("diamond3") && !is_word("3:2") && !is_word("9-11"));
    }
}

//! English and Japanese string tables, in Mozilla's Fluent format.
//!
//! Every string a player sees comes from `assets/lang/<lang>/<area>.ftl`. Code names a message
//! by a dotted key (`menu.daifugo`, `daifugo.ui.cards`); in the `.ftl` files the dots are
//! hyphens (`daifugo-ui-cards`), because Fluent identifiers cannot hold dots. Arguments are
//! written `{ $name }` and filled by [`tf`]; an argument whose text is a whole number (`3`,
//! `-12`) is passed to Fluent as a number, so a message can choose its plural form:
//!
//! ```text
//! daifugo-ui-cards = { $n ->
//!     [one] { $n } card
//!    *[other] { $n } cards
//! }
//! ```
//!
//! Japanese has no plural categories, so its messages simply write `{ $n }枚`. Both languages
//! must have the same messages and the same arguments (checked by a test). Unicode isolation
//! marks are off: a terminal cell is a terminal cell.

pub mod daifugo;

use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use crate::config::Lang;

/// The message files of each language, in the same order: (area, English text, Japanese text).
/// A new area adds one line here and one file per language.
const FILES: &[(&str, &str, &str)] = &[
    (
        "common",
        include_str!("../assets/lang/en/common.ftl"),
        include_str!("../assets/lang/ja/common.ftl"),
    ),
    (
        "daifugo",
        include_str!("../assets/lang/en/daifugo.ftl"),
        include_str!("../assets/lang/ja/daifugo.ftl"),
    ),
    (
        "daifugo_cpu",
        include_str!("../assets/lang/en/daifugo_cpu.ftl"),
        include_str!("../assets/lang/ja/daifugo_cpu.ftl"),
    ),
    (
        "blackjack",
        include_str!("../assets/lang/en/blackjack.ftl"),
        include_str!("../assets/lang/ja/blackjack.ftl"),
    ),
    (
        "ev",
        include_str!("../assets/lang/en/ev.ftl"),
        include_str!("../assets/lang/ja/ev.ftl"),
    ),
    (
        "settings",
        include_str!("../assets/lang/en/settings.ftl"),
        include_str!("../assets/lang/ja/settings.ftl"),
    ),
    (
        "replay",
        include_str!("../assets/lang/en/replay.ftl"),
        include_str!("../assets/lang/ja/replay.ftl"),
    ),
    (
        "stats",
        include_str!("../assets/lang/en/stats.ftl"),
        include_str!("../assets/lang/ja/stats.ftl"),
    ),
];

/// One language's messages: the Fluent bundle, and every message formatted without arguments
/// (what [`t`] hands out as `&'static str`).
struct Strings {
    bundle: FluentBundle<FluentResource>,
    plain: HashMap<String, String>,
}

/// The source text of each of a language's files, in [`FILES`] order.
fn sources(lang: Lang) -> impl Iterator<Item = (&'static str, &'static str)> {
    FILES.iter().map(move |(area, en, ja)| {
        (
            *area,
            match lang {
                Lang::En => *en,
                Lang::Ja => *ja,
            },
        )
    })
}

/// The Fluent message id of a dotted key (`daifugo.ui.cards` → `daifugo-ui-cards`).
fn message_id(key: &str) -> String {
    key.replace('.', "-")
}

/// The dotted key of a Fluent message id (the inverse of [`message_id`]).
fn key_of(id: &str) -> String {
    id.replace('-', ".")
}

/// Builds one language's bundle from its files. Panics only if a shipped asset is not valid
/// Fluent or defines a message twice, which the tests rule out.
fn build(lang: Lang) -> Strings {
    let tag = match lang {
        Lang::En => "en",
        Lang::Ja => "ja",
    };
    let locale: unic_langid::LanguageIdentifier = tag.parse().expect("a valid language tag");
    let mut bundle = FluentBundle::new_concurrent(vec![locale]);
    bundle.set_use_isolating(false);
    let mut ids = Vec::new();
    for (area, text) in sources(lang) {
        let res = FluentResource::try_new(text.to_string())
            .unwrap_or_else(|(_, e)| panic!("assets/lang/{tag}/{area}.ftl: {e:?}"));
        ids.extend(message_ids(&res));
        bundle
            .add_resource(res)
            .unwrap_or_else(|e| panic!("assets/lang/{tag}/{area}.ftl: {e:?}"));
    }
    let mut plain = HashMap::new();
    for id in ids {
        if let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, None, &mut errors);
            plain.insert(key_of(&id), text.into_owned());
        }
    }
    Strings { bundle, plain }
}

/// The ids of the messages a resource defines, in file order.
fn message_ids(res: &FluentResource) -> Vec<String> {
    res.entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// A language's messages (built once).
fn strings(lang: Lang) -> &'static Strings {
    static EN: OnceLock<Strings> = OnceLock::new();
    static JA: OnceLock<Strings> = OnceLock::new();
    match lang {
        Lang::En => EN.get_or_init(|| build(Lang::En)),
        Lang::Ja => JA.get_or_init(|| build(Lang::Ja)),
    }
}

/// Whether `lang` has a message for the dotted `key`.
pub fn has_key(lang: Lang, key: &str) -> bool {
    strings(lang).plain.contains_key(key)
}

/// The text of `key` in `lang`, for a message without arguments. A missing key returns the key
/// itself, so a gap shows on screen rather than crashing; a test checks that every key named in
/// the source exists in both languages.
pub fn t(lang: Lang, key: &str) -> &'static str {
    match strings(lang).plain.get(key) {
        Some(s) => s.as_str(),
        None => {
            // Keys are program constants: leak each missing one once, so the fallback stays
            // `&'static` without growing.
            static MISSING: OnceLock<std::sync::Mutex<HashMap<String, &'static str>>> =
                OnceLock::new();
            let mut m = MISSING
                .get_or_init(Default::default)
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            m.entry(key.to_string())
                .or_insert_with(|| Box::leak(key.to_string().into_boxed_str()))
        }
    }
}

/// Whether an argument's text is a whole number that Fluent should see as a number (so plural
/// selectors work): an optional minus sign and digits without a leading zero, within i64.
fn as_integer(value: &str) -> Option<i64> {
    let digits = value.strip_prefix('-').unwrap_or(value);
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if plain { value.parse().ok() } else { None }
}

/// The text of `key` with each `{ $name }` argument filled from `args` (name, value). Values
/// that are whole numbers are passed as numbers, so the message can pick its plural form.
pub fn tf(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let s = strings(lang);
    let Some(pattern) = s
        .bundle
        .get_message(&message_id(key))
        .and_then(|m| m.value())
    else {
        return key.to_string();
    };
    let mut fargs = FluentArgs::new();
    for (name, value) in args {
        match as_integer(value) {
            Some(n) => fargs.set(*name, FluentValue::from(n)),
            None => fargs.set(*name, FluentValue::from(*value)),
        }
    }
    let mut errors = Vec::new();
    s.bundle
        .format_pattern(pattern, Some(&fargs), &mut errors)
        .into_owned()
}

/// Every message of `lang`: dotted key → the names of the arguments it uses, sorted. For the
/// parity test and tools.
pub fn arguments(lang: Lang) -> HashMap<String, Vec<String>> {
    use fluent_syntax::ast;

    fn in_pattern(p: &ast::Pattern<&str>, out: &mut Vec<String>) {
        for el in &p.elements {
            if let ast::PatternElement::Placeable { expression } = el {
                in_expression(expression, out);
            }
        }
    }
    fn in_inline(e: &ast::InlineExpression<&str>, out: &mut Vec<String>) {
        match e {
            ast::InlineExpression::VariableReference { id } => out.push(id.name.to_string()),
            ast::InlineExpression::Placeable { expression } => in_expression(expression, out),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    in_inline(a, out);
                }
            }
            _ => {}
        }
    }
    fn in_expression(e: &ast::Expression<&str>, out: &mut Vec<String>) {
        match e {
            ast::Expression::Inline(i) => in_inline(i, out),
            ast::Expression::Select { selector, variants } => {
                in_inline(selector, out);
                for v in variants {
                    in_pattern(&v.value, out);
                }
            }
        }
    }

    let mut map = HashMap::new();
    for (_, text) in sources(lang) {
        let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
        for entry in res.entries() {
            if let ast::Entry::Message(m) = entry {
                let mut args = Vec::new();
                if let Some(v) = &m.value {
                    in_pattern(v, &mut args);
                }
                args.sort();
                args.dedup();
                map.insert(key_of(m.id.name), args);
            }
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_without_errors_or_duplicates() {
        for lang in [Lang::En, Lang::Ja] {
            let mut seen = std::collections::HashSet::new();
            for (area, text) in sources(lang) {
                let res = FluentResource::try_new(text.to_string())
                    .unwrap_or_else(|(_, e)| panic!("{lang:?}/{area}.ftl: {e:?}"));
                for id in message_ids(&res) {
                    assert!(seen.insert(id.clone()), "{lang:?}/{area}.ftl: {id} twice");
                }
            }
        }
    }

    #[test]
    fn both_languages_have_the_same_keys_and_arguments() {
        let en = arguments(Lang::En);
        let ja = arguments(Lang::Ja);
        let mut missing: Vec<_> = en.keys().filter(|k| !ja.contains_key(*k)).collect();
        missing.extend(ja.keys().filter(|k| !en.contains_key(*k)));
        missing.sort();
        assert!(missing.is_empty(), "keys in one language only: {missing:?}");
        for (k, v) in &en {
            assert_eq!(v, &ja[k], "arguments differ for {k}");
        }
    }

    /// Every string literal in `src/` that looks like a message key (`area.word.word`) is a
    /// message in both languages: a typo in a key would otherwise show the key on screen.
    #[test]
    fn every_key_named_in_the_source_exists() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![root];
        let mut missing = Vec::new();
        while let Some(p) = files.pop() {
            if p.is_dir() {
                for e in std::fs::read_dir(&p).unwrap() {
                    files.push(e.unwrap().path());
                }
                continue;
            }
            // Configuration keys (`daifugo.cpus`) look like message keys; they live in config.
            if p.extension().is_none_or(|x| x != "rs")
                || p.ends_with("config.rs")
                || p.components().any(|c| c.as_os_str() == "config")
            {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            for lit in text.split('"').skip(1).step_by(2) {
                let areas = [
                    "common.",
                    "daifugo.",
                    "blackjack.",
                    "ev.",
                    "menu.",
                    "settings.",
                    "stats.",
                    "replay.",
                ];
                let keyish = areas.iter().any(|a| lit.starts_with(a))
                    && lit.matches('.').count() >= 1
                    && !lit.ends_with('.')
                    && !lit.ends_with(".json")
                    && lit.bytes().all(|b| {
                        b.is_ascii_lowercase() || b.is_ascii_digit() || b"._".contains(&b)
                    });
                if keyish && !(has_key(Lang::En, lit) && has_key(Lang::Ja, lit)) {
                    missing.push(format!("{}: {lit}", p.display()));
                }
            }
        }
        missing.sort();
        missing.dedup();
        assert!(missing.is_empty(), "keys without a message: {missing:#?}");
    }

    #[test]
    fn fills_arguments_and_chooses_plurals() {
        let s = tf(Lang::En, "common.too_small", &[("w", "40"), ("h", "10")]);
        assert_eq!(s, "Terminal too small: need 80×24, have 40×10");
        let s = tf(Lang::Ja, "common.too_small", &[("w", "40"), ("h", "10")]);
        assert!(s.contains("40×10"));
        assert_eq!(tf(Lang::En, "daifugo.ui.cards", &[("n", "1")]), "1 card");
        assert_eq!(tf(Lang::En, "daifugo.ui.cards", &[("n", "13")]), "13 cards");
        assert_eq!(tf(Lang::En, "daifugo.ui.cards", &[("n", "0")]), "0 cards");
        assert_eq!(tf(Lang::Ja, "daifugo.ui.cards", &[("n", "1")]), "1枚");
    }

    #[test]
    fn only_plain_whole_numbers_become_numbers() {
        assert_eq!(as_integer("12"), Some(12));
        assert_eq!(as_integer("-3"), Some(-3));
        assert_eq!(as_integer("0"), Some(0));
        assert_eq!(as_integer("007"), None);
        assert_eq!(as_integer("22.50"), None);
        assert_eq!(as_integer("T"), None);
        assert_eq!(as_integer(""), None);
        assert_eq!(as_integer("-"), None);
    }
}

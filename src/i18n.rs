//! English and Japanese string tables.
//!
//! Every string a player sees comes from `assets/lang/<lang>/<area>.toml`: flat TOML tables whose
//! dotted paths are the keys (`menu.daifugo`). Placeholders are written `{name}` and filled by
//! [`tf`]. Both languages must have the same keys and placeholders (checked by a test).

use std::collections::HashMap;
use std::sync::OnceLock;

pub use crate::config::Lang;

/// The table files of each language, in the same order: (area, English text, Japanese text).
/// A new area adds one line here and one file per language.
const FILES: &[(&str, &str, &str)] = &[
    (
        "common",
        include_str!("../assets/lang/en/common.toml"),
        include_str!("../assets/lang/ja/common.toml"),
    ),
    (
        "daifugo",
        include_str!("../assets/lang/en/daifugo.toml"),
        include_str!("../assets/lang/ja/daifugo.toml"),
    ),
    (
        "daifugo_cpu",
        include_str!("../assets/lang/en/daifugo_cpu.toml"),
        include_str!("../assets/lang/ja/daifugo_cpu.toml"),
    ),
    (
        "blackjack",
        include_str!("../assets/lang/en/blackjack.toml"),
        include_str!("../assets/lang/ja/blackjack.toml"),
    ),
    (
        "ev",
        include_str!("../assets/lang/en/ev.toml"),
        include_str!("../assets/lang/ja/ev.toml"),
    ),
    (
        "uecda",
        include_str!("../assets/lang/en/uecda.toml"),
        include_str!("../assets/lang/ja/uecda.toml"),
    ),
];

/// A language's strings: dotted key → text.
pub type Table = HashMap<String, String>;

fn flatten(prefix: &str, t: &toml::Table, out: &mut Table) {
    for (k, v) in t {
        let key = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match v {
            toml::Value::Table(sub) => flatten(&key, sub, out),
            toml::Value::String(s) => {
                out.insert(key, s.clone());
            }
            other => {
                out.insert(key, other.to_string());
            }
        }
    }
}

/// Builds one language's table from its files. Panics only if a shipped asset is not valid
/// TOML, which the tests rule out.
fn build(lang: Lang) -> Table {
    let mut out = Table::new();
    for (area, en, ja) in FILES {
        let text = match lang {
            Lang::En => en,
            Lang::Ja => ja,
        };
        let t: toml::Table = text
            .parse()
            .unwrap_or_else(|e| panic!("assets/lang/{lang:?}/{area}.toml: {e}"));
        flatten("", &t, &mut out);
    }
    out
}

/// The whole table of a language (built once).
pub fn table(lang: Lang) -> &'static Table {
    static EN: OnceLock<Table> = OnceLock::new();
    static JA: OnceLock<Table> = OnceLock::new();
    match lang {
        Lang::En => EN.get_or_init(|| build(Lang::En)),
        Lang::Ja => JA.get_or_init(|| build(Lang::Ja)),
    }
}

/// The text of `key` in `lang`. A missing key returns the key itself, so a gap shows on screen
/// rather than crashing; the tests check that every key used exists.
pub fn t(lang: Lang, key: &str) -> &'static str {
    match table(lang).get(key) {
        Some(s) => s.as_str(),
        None => {
            // Leak-free fallback: keys are program constants, so return a static copy once.
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

/// The text of `key` with each `{name}` replaced by its value from `args`.
pub fn tf(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let mut s = t(lang, key).to_string();
    for (name, value) in args {
        s = s.replace(&format!("{{{name}}}"), value);
    }
    s
}

/// The placeholder names in a text (`{w}` → `w`), sorted.
pub fn placeholders(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        match after.find('}') {
            Some(end) => {
                out.push(after[..end].to_string());
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_the_same_keys_and_placeholders() {
        let en = table(Lang::En);
        let ja = table(Lang::Ja);
        let mut missing: Vec<_> = en.keys().filter(|k| !ja.contains_key(*k)).collect();
        missing.extend(ja.keys().filter(|k| !en.contains_key(*k)));
        assert!(missing.is_empty(), "keys in one language only: {missing:?}");
        for (k, v) in en {
            assert_eq!(
                placeholders(v),
                placeholders(&ja[k]),
                "placeholders differ for {k}"
            );
        }
    }

    #[test]
    fn formats_placeholders() {
        assert_eq!(
            placeholders("need {need}, have {w}×{h}"),
            ["h", "need", "w"]
        );
        let s = tf(Lang::En, "common.too_small", &[("w", "40"), ("h", "10")]);
        assert_eq!(s, "Terminal too small: need 80×24, have 40×10");
        let s = tf(Lang::Ja, "common.too_small", &[("w", "40"), ("h", "10")]);
        assert!(s.contains("40×10"));
    }
}

//! Text measured in terminal cells: width, truncation and word wrapping that treat Japanese
//! (2 cells a character) and English alike. Widths agree with ratatui's own `Line::width()`
//! (both use `unicode-width`); East-Asian *ambiguous* characters (♠ ♥ ♣, box drawing) count as
//! 1 cell, as ratatui draws them.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The width of `s` in terminal cells.
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

fn char_width(c: char) -> usize {
    UnicodeWidthChar::width(c).unwrap_or(0)
}

/// `s` cut to at most `max` cells, ending in `...` when something was cut (and `max` allows).
pub fn truncate(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_string();
    }
    let ellipsis = if max >= 4 { "..." } else { "" };
    let room = max - width(ellipsis);
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = char_width(c);
        if used + w > room {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push_str(ellipsis);
    out
}

/// Characters a line may not start with: Japanese line-start prohibitions (kinsoku, after JIS X
/// 4051 §6.1): closing brackets and quotes, small kana, the prolonged-sound and iteration marks,
/// middle dots and colons, full stops and commas, and their ASCII cousins.
fn no_break_before(c: char) -> bool {
    matches!(
        c,
        // closing brackets and quotes
        '）' | '〕' | '］' | '｝' | '〉' | '》' | '」' | '』' | '】' | '〙' | '〗' | '〟' | '’' | '”'
            | '｠' | '»'
            // small hiragana and katakana (ㇰ..ㇿ are the small katakana extensions)
            | 'ぁ' | 'ぃ' | 'ぅ' | 'ぇ' | 'ぉ' | 'っ' | 'ゃ' | 'ゅ' | 'ょ' | 'ゎ' | 'ゕ' | 'ゖ'
            | 'ァ' | 'ィ' | 'ゥ' | 'ェ' | 'ォ' | 'ッ' | 'ャ' | 'ュ' | 'ョ' | 'ヮ' | 'ヵ' | 'ヶ'
            | 'ㇰ'
            ..='ㇿ'
            // prolonged sound, iteration marks, hyphens and dashes
            | 'ー' | 'ゝ' | 'ゞ' | 'ヽ' | 'ヾ' | '々' | '〻' | '゠' | '‐' | '〜' | '～'
            // middle dot, colons, punctuation
            | '・' | '：' | '；' | '、' | '。' | '，' | '．' | '！' | '？' | '‼' | '⁇' | '⁈' | '⁉'
            | ')' | ']' | '}' | ',' | '.' | ':' | ';' | '!' | '?' | '%' | '％'
    )
}

/// Characters a line may not end with: opening brackets and quotes (JIS X 4051 §6.1).
fn no_break_after(c: char) -> bool {
    matches!(
        c,
        '（' | '〔'
            | '［'
            | '｛'
            | '〈'
            | '《'
            | '「'
            | '『'
            | '【'
            | '〘'
            | '〖'
            | '〝'
            | '‘'
            | '“'
            | '｟'
            | '«'
            | '('
            | '['
            | '{'
    )
}

/// Splits text into unbreakable units, as byte ranges of `text` with a flag for spaces: words
/// of narrow characters, single wide characters (Japanese may break between any two), and runs
/// of spaces; kinsoku characters are glued to their neighbour.
fn units(text: &str) -> Vec<(usize, usize, bool)> {
    let mut out: Vec<(usize, usize, bool)> = Vec::new();
    let mut glue_next = false;
    let mut prev_wide = false;
    for (i, c) in text.char_indices() {
        let end = i + c.len_utf8();
        let is_space = c == ' ';
        let wide = char_width(c) >= 2;
        let joins_prev = match out.last() {
            None => false,
            Some(&(_, _, true)) => is_space,
            Some(&(_, _, false)) => {
                !is_space && (glue_next || no_break_before(c) || (!wide && !prev_wide))
            }
        };
        match out.last_mut() {
            Some(last) if joins_prev => last.1 = end,
            _ => out.push((i, end, is_space)),
        }
        glue_next = no_break_after(c);
        prev_wide = wide;
    }
    out
}

/// Wraps `text` into lines of at most `max` cells: breaks at spaces in English and between
/// characters in Japanese (never before `、。）` and the like), and cuts a unit longer than a
/// whole line. Spaces at a break are dropped. `max == 0` gives no lines.
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    if max == 0 {
        return Vec::new();
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    let mut pending_space = "";
    for (a, b, is_space) in units(text) {
        let unit = &text[a..b];
        if is_space {
            if used > 0 {
                pending_space = unit;
            }
            continue;
        }
        let uw = width(unit);
        let sw = width(pending_space);
        if used > 0 && used + sw + uw <= max {
            line.push_str(pending_space);
            line.push_str(unit);
            used += sw + uw;
        } else if uw <= max {
            if used > 0 {
                lines.push(std::mem::take(&mut line));
            }
            line.push_str(unit);
            used = uw;
        } else {
            // A unit wider than a line: cut it by characters.
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                used = 0;
            }
            for c in unit.chars() {
                let w = char_width(c);
                if used + w > max && used > 0 {
                    lines.push(std::mem::take(&mut line));
                    used = 0;
                }
                line.push(c);
                used += w;
            }
        }
        pending_space = "";
    }
    if used > 0 || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::text::Line;

    #[test]
    fn widths_count_cells_like_ratatui() {
        assert_eq!(width("大富豪"), 6);
        assert_eq!(width("A♠"), 2);
        assert_eq!(width("3♦"), 2);
        for s in ["大富豪 (Daifugo)", "ヘルプ", "10♥ J♣"] {
            assert_eq!(width(s), Line::from(s).width());
        }
    }

    #[test]
    fn wraps_english_at_spaces() {
        let lines = wrap("the quick brown fox jumps", 10);
        assert_eq!(lines, ["the quick", "brown fox", "jumps"]);
        assert!(lines.iter().all(|l| width(l) <= 10));
    }

    #[test]
    fn no_line_starts_with_a_small_kana_or_a_closing_mark() {
        // デ|ィーラー was the reported break: the small ィ and the prolonged ー stay with デ. From
        // 6 cells on (the widest glued unit here) no line may start with a prohibited character.
        for max in 1..=12 {
            for line in wrap("ディーラーは17で止まります。（ソフト17）「ヒット」", max)
                .iter()
                .skip(1)
            {
                let first = line.chars().next().unwrap();
                if max >= 6 {
                    assert!(
                        !no_break_before(first),
                        "max {max}: line starts with {first}: {line}"
                    );
                }
            }
        }
        // Exact breaks: the small ィ and both ー stay glued to the kana before them.
        assert_eq!(
            wrap("カードをディーラー", 8),
            ["カードを", "ディー", "ラー"]
        );
        let lines = wrap("あいうえ（かき）", 5);
        assert!(lines.iter().all(|l| !l.ends_with('（')), "{lines:?}");
    }

    #[test]
    fn wraps_japanese_between_characters_and_keeps_punctuation_attached() {
        let lines = wrap("大富豪は、日本のカードゲームです。", 8);
        for l in &lines {
            assert!(width(l) <= 8, "{l:?} is too wide");
            assert!(!l.starts_with('、') && !l.starts_with('。'), "{l:?}");
        }
        assert_eq!(lines.concat(), "大富豪は、日本のカードゲームです。");
    }

    #[test]
    fn cuts_units_longer_than_a_line_and_handles_zero() {
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert!(wrap("anything", 0).is_empty());
        assert_eq!(wrap("", 5), [""]);
    }

    #[test]
    fn truncates_by_cells() {
        assert_eq!(truncate("Blackjack", 20), "Blackjack");
        assert_eq!(truncate("Blackjack", 7), "Blac...");
        assert_eq!(truncate("ブラックジャック", 9), "ブラッ...");
        assert_eq!(truncate("abc", 2), "ab");
        assert!(width(&truncate("ブラックジャック", 10)) <= 10);
    }
}

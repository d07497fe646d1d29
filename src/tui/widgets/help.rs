//! The help overlay: a box titled "Help" / "ヘルプ" listing the keys of the current screen and
//! the global keys, generated from the same [`Binding`] tables that handle the keys. A global
//! key that the screen shadows is left out, so the list never shows a key that would do
//! something else.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::layout::centered;
use super::text::{truncate, width};
use crate::i18n::{self, Lang};
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, Binding, Key};
use crate::tui::theme::Theme;

/// One row of the help: the keys as written (`↑ k`) and what they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpRow {
    /// The keys, space-separated.
    pub keys: String,
    /// What they do, in the UI language.
    pub label: String,
}

/// A titled group of rows (the screen's keys, then "General").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpSection {
    /// The group's heading.
    pub title: String,
    /// Its rows in table order.
    pub rows: Vec<HelpRow>,
}

fn rows_of(table: &[Binding], shadow: &[Binding], lang: Lang) -> Vec<HelpRow> {
    let mut rows: Vec<HelpRow> = Vec::new();
    for b in table {
        // Keys that an earlier table already takes do something else here: leave them out.
        let keys: Vec<Key> = b
            .keys
            .iter()
            .copied()
            .filter(|k| b.action == Action::ForceQuit || !shadow.iter().any(|s| s.matches(*k)))
            .collect();
        if keys.is_empty() {
            continue;
        }
        let keys = keys
            .iter()
            .map(|k| k.label(lang))
            .collect::<Vec<_>>()
            .join(" ");
        let label = i18n::t(lang, b.label).to_string();
        // Two bindings with the same label (e.g. Up and PageUp both "scroll") merge into one row.
        if let Some(r) = rows.iter_mut().find(|r| r.label == label) {
            r.keys = format!("{} {}", r.keys, keys);
        } else {
            rows.push(HelpRow { keys, label });
        }
    }
    rows
}

/// The help content for a screen: its own bindings under its title, then the global ones
/// (minus shadowed keys) under "General".
pub fn sections(
    screen_title: &str,
    screen: &[Binding],
    global: &[Binding],
    lang: Lang,
) -> Vec<HelpSection> {
    let mut out = Vec::new();
    let own = rows_of(screen, &[], lang);
    if !own.is_empty() {
        out.push(HelpSection {
            title: screen_title.to_string(),
            rows: own,
        });
    }
    out.push(HelpSection {
        title: i18n::t(lang, "common.help.general").to_string(),
        rows: rows_of(global, screen, lang),
    });
    out
}

/// The help as styled lines: headings, then rows with the keys in an aligned column.
pub fn lines(sections: &[HelpSection], theme: &Theme) -> Vec<Line<'static>> {
    let key_col = sections
        .iter()
        .flat_map(|s| s.rows.iter())
        .map(|r| width(&r.keys))
        .max()
        .unwrap_or(0);
    let mut out = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        if i > 0 {
            out.push(Line::raw(""));
        }
        out.push(Line::from(Span::styled(s.title.clone(), theme.title)));
        for r in &s.rows {
            let pad = key_col.saturating_sub(width(&r.keys));
            out.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(r.keys.clone(), theme.key),
                Span::raw(" ".repeat(pad + 2)),
                Span::styled(r.label.clone(), theme.text),
            ]));
        }
    }
    out
}

/// The box the help takes in `area`: as wide as its widest line (plus borders and margins),
/// as tall as its lines plus the closing hint, shrunk to leave a margin around it.
pub fn box_rect(area: Rect, lines: &[Line], hint: &str) -> Rect {
    let content_w = lines
        .iter()
        .map(Line::width)
        .chain([width(hint)])
        .max()
        .unwrap_or(0);
    let w = u16::try_from(content_w.saturating_add(4)).unwrap_or(u16::MAX);
    let h = u16::try_from(lines.len().saturating_add(4)).unwrap_or(u16::MAX);
    let max_w = area.width.saturating_sub(4);
    let max_h = area.height.saturating_sub(2);
    centered(area, w.max(24).min(max_w), h.min(max_h))
}

/// How many content lines fit in the box (box height minus borders, the blank and the hint).
pub fn visible_lines(boxed: Rect) -> usize {
    usize::from(boxed.height.saturating_sub(4))
}

/// The line at the bottom of the box saying how to close it, from the binding that closes it.
pub fn close_hint(close: &Binding, ctx: &Ctx) -> String {
    ctx.tf(
        "common.help.close_hint",
        &[("keys", &close.keys_label(ctx.lang))],
    )
}

/// Draws the help box over whatever is in `area`, showing `lines` from `scroll` on, with
/// `hint` (see [`close_hint`]) at the bottom.
pub fn render(
    frame: &mut Frame,
    area: Rect,
    lines: &[Line<'static>],
    scroll: usize,
    hint: &str,
    ctx: &Ctx,
) {
    let boxed = box_rect(area, lines, hint);
    if boxed.width < 3 || boxed.height < 3 {
        return;
    }
    let theme = &ctx.theme;
    let inner_w = usize::from(boxed.width.saturating_sub(4));
    let visible = visible_lines(boxed);
    let max_scroll = lines.len().saturating_sub(visible);
    let scroll = scroll.min(max_scroll);
    let mut title = format!(" {} ", ctx.t("common.help.title"));
    if max_scroll > 0 {
        let last = (scroll + visible).min(lines.len());
        title = format!(
            " {} ({}-{}/{}) ",
            ctx.t("common.help.title"),
            scroll + 1,
            last,
            lines.len()
        );
    }
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.border)
        .title(Span::styled(truncate(&title, inner_w + 2), theme.title));
    let inner = block.inner(boxed);
    super::layout::clear(frame, boxed);
    frame.render_widget(block, boxed);
    let mut shown: Vec<Line> = lines.iter().skip(scroll).take(visible).cloned().collect();
    while shown.len() < visible {
        shown.push(Line::raw(""));
    }
    shown.push(Line::raw(""));
    shown.push(Line::from(Span::styled(truncate(hint, inner_w), theme.dim)));
    let text_area = Rect::new(
        inner.x.saturating_add(1),
        inner.y,
        inner.width.saturating_sub(2),
        inner.height,
    );
    frame.render_widget(Paragraph::new(shown), super::layout::fit(text_area, inner));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keymap::{GLOBAL, common};
    use ratatui::crossterm::event::KeyCode;

    #[test]
    fn sections_list_screen_keys_then_general() {
        let screen = [common::UP, common::DOWN, common::CONFIRM];
        let s = sections("Menu", &screen, GLOBAL, Lang::En);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].title, "Menu");
        assert_eq!(s[0].rows.len(), 3);
        assert_eq!(s[0].rows[2].keys, "Enter Space");
        assert_eq!(s[1].title, "General");
        let general: Vec<&str> = s[1].rows.iter().map(|r| r.keys.as_str()).collect();
        assert_eq!(general, ["? F1", "q", "Ctrl-C", "Ctrl-\\", "Ctrl-L"]);
    }

    #[test]
    fn shadowed_global_keys_are_not_listed() {
        const YES: Binding = Binding::new(&[Key::char('q')], Action::Yes, "common.action.yes");
        let s = sections("Quit?", &[YES], GLOBAL, Lang::En);
        assert!(s[1].rows.iter().all(|r| r.keys != "q"));
        // Ctrl-C can never be shadowed, so it is always listed.
        const GRAB: Binding = Binding::new(
            &[Key::ctrl('c'), Key::plain(KeyCode::F(1))],
            Action::Yes,
            "common.action.yes",
        );
        let s = sections("X", &[GRAB], GLOBAL, Lang::En);
        assert!(s[1].rows.iter().any(|r| r.keys == "Ctrl-C"));
        assert!(
            s[1].rows.iter().any(|r| r.keys == "?"),
            "F1 is taken, ? is left"
        );
    }

    #[test]
    fn key_column_is_aligned_in_cells() {
        let s = sections("メニュー", &[common::UP, common::CONFIRM], GLOBAL, Lang::Ja);
        let ls = lines(&s, &Theme::mono());
        // Every row's label starts at the same cell.
        let starts: Vec<usize> = ls
            .iter()
            .filter(|l| l.spans.len() == 4)
            .map(|l| l.spans[..3].iter().map(|sp| sp.width()).sum())
            .collect();
        assert!(starts.len() >= 5);
        assert!(starts.iter().all(|&x| x == starts[0]), "{starts:?}");
    }
}

//! The common frame of every full screen: a top bar (`cardroom | <screen>` and a status on the
//! right) and a footer of key hints taken from the keymap (bindings marked
//! [`Binding::in_footer`]). The screen draws in the rows between.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::layout::{fit, row};
use super::text::{truncate, width};
use crate::tui::ctx::Ctx;
use crate::tui::keymap::Binding;

/// The three parts of a full screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    /// The top bar (one row).
    pub header: Rect,
    /// Where the screen draws.
    pub body: Rect,
    /// The key hints (one row).
    pub footer: Rect,
}

/// Splits `area` into top bar, body and footer; rows that do not exist are empty rectangles.
pub fn areas(area: Rect) -> Areas {
    let header = row(area, 0);
    let footer = if area.height >= 2 {
        row(area, area.height - 1)
    } else {
        Rect::new(area.x, area.y, 0, 0)
    };
    let body = fit(
        Rect::new(
            area.x,
            area.y.saturating_add(1),
            area.width,
            area.height.saturating_sub(2),
        ),
        area,
    );
    Areas {
        header,
        body,
        footer,
    }
}

/// Draws the top bar: app name and screen title on the left, `status` on the right (dropped
/// first when the row is too narrow).
pub fn render_header(frame: &mut Frame, area: Rect, title: &str, status: &str, ctx: &Ctx) {
    if area.is_empty() {
        return;
    }
    let theme = &ctx.theme;
    let total = usize::from(area.width);
    let left = format!(" {} | {}", ctx.t("common.app_name"), title);
    let left = truncate(&left, total);
    let right = format!("{status} ");
    let gap = total.saturating_sub(width(&left) + width(&right));
    let mut spans = vec![Span::raw(left.clone())];
    if !status.is_empty() && gap >= 1 {
        spans.push(Span::raw(" ".repeat(gap)));
        spans.push(Span::raw(right));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)).style(theme.header), area);
}

/// Draws the footer: `key label` pairs of the footer bindings, screen's first, as many as fit.
/// A binding whose keys an earlier table already takes is left out (it would not work here).
pub fn render_footer(frame: &mut Frame, area: Rect, tables: &[&[Binding]], ctx: &Ctx) {
    if area.is_empty() {
        return;
    }
    let theme = &ctx.theme;
    let max = usize::from(area.width);
    let mut spans = vec![Span::raw(" ")];
    let mut used = 1;
    let mut seen: Vec<&str> = Vec::new();
    for (i, table) in tables.iter().enumerate() {
        let earlier = &tables[..i];
        for b in table.iter().filter(|b| b.footer) {
            let shadowed = b
                .keys
                .iter()
                .all(|k| earlier.iter().any(|t| t.iter().any(|e| e.matches(*k))));
            if shadowed || seen.contains(&b.label) {
                continue;
            }
            seen.push(b.label);
            let keys = b.keys_label(ctx.lang);
            let label = ctx.t(b.label);
            let sep = if used > 1 { "  " } else { "" };
            let need = width(sep) + width(&keys) + 1 + width(label);
            if used + need > max {
                break;
            }
            spans.push(Span::raw(sep));
            spans.push(Span::styled(keys, theme.key));
            spans.push(Span::styled(format!(" {label}"), theme.footer));
            used += need;
        }
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, LanguageSetting};
    use crate::tui::Options;
    use crate::tui::keymap::{Action, GLOBAL, Key};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn footer_text(tables: &[&[Binding]]) -> String {
        let mut c = Config::default();
        c.general.language = LanguageSetting::En;
        let ctx = Ctx::new(c, &Options::default(), |_| None);
        let mut t = Terminal::new(TestBackend::new(80, 1)).unwrap();
        t.draw(|f| render_footer(f, f.area(), tables, &ctx))
            .unwrap();
        let buf = t.backend().buffer();
        (0..80).map(|x| buf[(x, 0)].symbol()).collect()
    }

    #[test]
    fn footer_lists_screen_keys_then_global_ones() {
        let text = footer_text(&[&[crate::tui::keymap::common::CONFIRM], GLOBAL]);
        assert!(
            text.starts_with(" Enter Space Choose  ? F1 Help  q Quit"),
            "{text}"
        );
    }

    #[test]
    fn footer_leaves_out_a_global_key_the_screen_shadows() {
        const TAKE_Q: Binding =
            Binding::new(&[Key::char('q')], Action::Yes, "common.action.yes").in_footer();
        let text = footer_text(&[&[TAKE_Q], GLOBAL]);
        assert!(text.contains("q Yes"), "{text}");
        assert!(!text.contains("q Quit"), "{text}");
    }

    #[test]
    fn areas_split_header_body_footer_and_survive_tiny_sizes() {
        let a = areas(Rect::new(0, 0, 80, 24));
        assert_eq!(a.header, Rect::new(0, 0, 80, 1));
        assert_eq!(a.body, Rect::new(0, 1, 80, 22));
        assert_eq!(a.footer, Rect::new(0, 23, 80, 1));
        let z = areas(Rect::new(0, 0, 5, 1));
        assert!(z.body.is_empty() && z.footer.is_empty());
    }
}

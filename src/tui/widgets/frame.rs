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
pub fn render_footer(frame: &mut Frame, area: Rect, tables: &[&[Binding]], ctx: &Ctx) {
    if area.is_empty() {
        return;
    }
    let theme = &ctx.theme;
    let max = usize::from(area.width);
    let mut spans = vec![Span::raw(" ")];
    let mut used = 1;
    let mut seen: Vec<&str> = Vec::new();
    for b in tables.iter().flat_map(|t| t.iter()).filter(|b| b.footer) {
        if seen.contains(&b.label) {
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
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

//! A yes/no dialog box: a title, a wrapped message and two buttons, the focused one drawn with
//! the selection style and the theme's marker (so it shows without colour).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::layout::{centered, fit};
use super::text::{truncate, wrap};
use crate::tui::ctx::Ctx;

/// What a confirm dialog shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirm<'a> {
    /// The box title.
    pub title: &'a str,
    /// The question, wrapped to the box.
    pub message: &'a str,
    /// The "yes" button text.
    pub yes: &'a str,
    /// The "no" button text.
    pub no: &'a str,
    /// Whether "yes" has the focus (else "no").
    pub yes_focused: bool,
}

/// The widest the dialog grows, in cells.
const MAX_WIDTH: u16 = 56;

/// Draws the dialog centred in `area`.
pub fn render(frame: &mut Frame, area: Rect, c: &Confirm, ctx: &Ctx) {
    let theme = &ctx.theme;
    let w = MAX_WIDTH.min(area.width.saturating_sub(4));
    if w < 8 || area.height < 5 {
        return;
    }
    let text_w = usize::from(w.saturating_sub(4));
    let msg = wrap(c.message, text_w);
    let h = u16::try_from(msg.len() + 5).unwrap_or(u16::MAX);
    let boxed = centered(area, w, h);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.border)
        .title(Span::styled(
            truncate(&format!(" {} ", c.title), text_w + 2),
            theme.title,
        ));
    let inner = block.inner(boxed);
    super::layout::clear(frame, boxed);
    frame.render_widget(block, boxed);

    let button = |label: &str, focused: bool| -> Vec<Span<'static>> {
        let marker = if focused {
            theme.marker
        } else {
            theme.no_marker
        };
        let style = if focused { theme.selected } else { theme.text };
        vec![Span::styled(format!("{marker}[ {label} ]"), style)]
    };
    let mut buttons = button(c.yes, c.yes_focused);
    buttons.push(Span::raw("   "));
    buttons.extend(button(c.no, !c.yes_focused));
    let buttons_w: usize = buttons.iter().map(|s| s.width()).sum();
    let pad = text_w.saturating_sub(buttons_w) / 2;
    buttons.insert(0, Span::raw(" ".repeat(pad)));

    let mut lines: Vec<Line> = msg.into_iter().map(Line::raw).collect();
    lines.push(Line::raw(""));
    lines.push(Line::from(buttons));
    let text_area = fit(
        Rect::new(
            inner.x.saturating_add(1),
            inner.y.saturating_add(1),
            inner.width.saturating_sub(2),
            inner.height.saturating_sub(1),
        ),
        inner,
    );
    frame.render_widget(Paragraph::new(lines).style(theme.text), text_area);
}

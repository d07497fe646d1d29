//! The notice every screen shows instead of its content when the terminal is smaller than
//! [`MIN_WIDTH`]×[`MIN_HEIGHT`]: "Terminal too small: need 80×24, have W×H" (i18n key
//! `common.too_small`), wrapped and centred in whatever space there is, down to 0×0.

use ratatui::Frame;
use ratatui::layout::{Rect, Size};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};

use super::layout::fit;
use super::text::{width, wrap};
use crate::tui::ctx::Ctx;

/// The narrowest terminal the screens are laid out for, in cells.
pub const MIN_WIDTH: u16 = 80;
/// The lowest terminal the screens are laid out for, in rows.
pub const MIN_HEIGHT: u16 = 24;

/// Whether a terminal of `size` is too small for the screens.
pub fn is_too_small(size: Size) -> bool {
    size.width < MIN_WIDTH || size.height < MIN_HEIGHT
}

/// Draws the notice over the whole `area`.
pub fn render(frame: &mut Frame, area: Rect, ctx: &Ctx) {
    if area.is_empty() {
        return;
    }
    frame.render_widget(Clear, area);
    let msg = ctx.tf(
        "common.too_small",
        &[
            ("w", &area.width.to_string()),
            ("h", &area.height.to_string()),
        ],
    );
    let lines = wrap(&msg, usize::from(area.width));
    let shown = lines.len().min(usize::from(area.height));
    let top = (usize::from(area.height) - shown) / 2;
    let out: Vec<Line> = lines
        .into_iter()
        .take(shown)
        .map(|l| {
            let pad = usize::from(area.width).saturating_sub(width(&l)) / 2;
            Line::styled(format!("{}{l}", " ".repeat(pad)), ctx.theme.warning)
        })
        .collect();
    let y = area.y.saturating_add(u16::try_from(top).unwrap_or(0));
    let r = fit(
        Rect::new(
            area.x,
            y,
            area.width,
            u16::try_from(shown).unwrap_or(u16::MAX),
        ),
        area,
    );
    frame.render_widget(Paragraph::new(out), r);
}

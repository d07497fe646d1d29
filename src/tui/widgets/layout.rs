//! Rectangle helpers that can never produce a `Rect` outside the area they are given — the
//! usual cause of ratatui's "index outside of buffer" panic on small terminals. All arithmetic
//! saturates.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::Clear;

/// `r` cut down to the part inside `area`; an empty rectangle at `area`'s corner when they do
/// not overlap (so even an empty result is never positioned off the frame).
pub fn fit(r: Rect, area: Rect) -> Rect {
    let i = r.intersection(area);
    if i.is_empty() {
        Rect::new(area.x, area.y, 0, 0)
    } else {
        i
    }
}

/// A `width`×`height` rectangle centred in `area`, shrunk to fit it.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    let x = area.x.saturating_add((area.width - w) / 2);
    let y = area.y.saturating_add((area.height - h) / 2);
    fit(Rect::new(x, y, w, h), area)
}

/// `area` with `dx` cells taken off each side and `dy` rows off the top and bottom (never
/// negative).
pub fn shrink(area: Rect, dx: u16, dy: u16) -> Rect {
    let w = area.width.saturating_sub(dx.saturating_mul(2));
    let h = area.height.saturating_sub(dy.saturating_mul(2));
    fit(
        Rect::new(area.x.saturating_add(dx), area.y.saturating_add(dy), w, h),
        area,
    )
}

/// Row `i` of `area` (height 1), or an empty rectangle when `area` has no such row.
pub fn row(area: Rect, i: u16) -> Rect {
    if i < area.height {
        Rect::new(area.x, area.y + i, area.width, 1)
    } else {
        Rect::new(area.x, area.y, 0, 0)
    }
}

/// Blanks `area` for a popup drawn over other content. Also blanks a double-width character
/// that starts just left of `area` and spills into it, which `Clear` alone would leave half
/// covered (the buffer would keep a character the terminal can no longer show).
pub fn clear(frame: &mut Frame, area: Rect) {
    let area = fit(area, frame.area());
    if area.is_empty() {
        return;
    }
    frame.render_widget(Clear, area);
    if area.x > frame.area().x {
        let buf = frame.buffer_mut();
        for y in area.top()..area.bottom() {
            let left = &mut buf[(area.x - 1, y)];
            if super::text::width(left.symbol()) > 1 {
                left.set_symbol(" ");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centred_rect_stays_inside_even_when_too_big() {
        let area = Rect::new(2, 3, 10, 4);
        assert_eq!(centered(area, 4, 2), Rect::new(5, 4, 4, 2));
        assert_eq!(centered(area, 50, 50), area);
        assert_eq!(centered(Rect::ZERO, 5, 5), Rect::ZERO);
    }

    #[test]
    fn fit_never_points_outside() {
        let area = Rect::new(0, 0, 10, 10);
        assert_eq!(fit(Rect::new(8, 8, 5, 5), area), Rect::new(8, 8, 2, 2));
        let far = fit(Rect::new(50, 50, 5, 5), area);
        assert!(far.is_empty());
        assert_eq!((far.x, far.y), (0, 0));
    }

    #[test]
    fn shrink_and_row_saturate() {
        assert_eq!(shrink(Rect::new(0, 0, 3, 1), 2, 1).width, 0);
        assert_eq!(shrink(Rect::new(1, 1, 10, 6), 2, 1), Rect::new(3, 2, 6, 4));
        assert_eq!(row(Rect::new(0, 5, 10, 2), 1), Rect::new(0, 6, 10, 1));
        assert!(row(Rect::new(0, 5, 10, 2), 2).is_empty());
    }

    #[test]
    fn clear_blanks_a_wide_character_spilling_into_the_popup() {
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;
        let mut t = Terminal::new(TestBackend::new(10, 1)).unwrap();
        t.draw(|f| {
            f.buffer_mut()
                .set_string(0, 0, "大富豪", ratatui::style::Style::new());
            // "富" occupies cells 2 and 3; a popup from cell 3 must not leave half of it.
            clear(f, Rect::new(3, 0, 4, 1));
        })
        .unwrap();
        let buf = t.backend().buffer();
        assert_eq!(buf[(0, 0)].symbol(), "大");
        assert_eq!(buf[(2, 0)].symbol(), " ");
        assert_eq!(buf[(3, 0)].symbol(), " ");
    }
}

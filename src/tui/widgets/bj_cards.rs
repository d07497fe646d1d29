//! Blackjack card faces: a row of small boxed cards (`┌───┐ │A♠ │ └───┘`, 5×3 cells), the
//! face-down hole card, and the fall-backs for narrow space — overlapped cards (3 cells each
//! but the last), then plain labels (`A♠ 10♥`). On big terminals the big faces of
//! [`super::big_cards`] come first. Everything is clipped to the given area, so a
//! hand of any length draws at any width without leaving it.
//!
//! Named `bj_*` because the Daifugo screen has card widgets of its own. Like every card on
//! screen, the ten shows as `10` (`T` is notation, not a face).

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::cards::Card;
use crate::tui::ctx::Ctx;
use crate::tui::widgets::big_cards::{BIG_H, BigFace, big_row_width, big_step, draw_big_row};
use crate::tui::widgets::layout::fit;
use crate::tui::widgets::text::width;

/// Width of one boxed card face in cells.
pub const FACE_W: u16 = 5;
/// Height of one boxed card face in rows.
pub const FACE_H: u16 = 3;
/// Cells a covered card keeps visible when the faces overlap.
const OVERLAP_W: u16 = 3;

/// One card position in a row: a known card or the face-down hole card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// A face-up card.
    Up(Card),
    /// A face-down card (the dealer's hole card).
    Down,
}

/// How a row of cards is drawn, from roomiest to most compact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowStyle {
    /// Boxed faces side by side with a one-cell gap.
    Spread,
    /// Boxed faces overlapping; the last card whole.
    Overlap,
    /// Plain labels on the middle row.
    Labels,
    /// Big faces (7×5, [`super::big_cards`]) `step` cells apart: spread with a gap at
    /// `BIG_W + 1`, overlapping below.
    Big {
        /// Cells between the left edges of neighbouring faces.
        step: u16,
    },
}

/// The label of a card's rank and suit as a face shows it: `10♥` for a ten, `A♠`, and with
/// letters `10H`, `AS` (the screen's card label, [`Ctx::card_label`]).
pub fn face_label(card: Card, ctx: &Ctx) -> String {
    ctx.card_label(card)
}

/// The text of the face-down card's middle: shaded with symbols, `###` with letters.
fn back_label(ctx: &Ctx) -> &'static str {
    if ctx.symbols { "▒▒▒" } else { "###" }
}

/// Cells a row of `n` cards needs in `style`.
pub fn row_width(faces: &[Face], style: RowStyle, ctx: &Ctx) -> u16 {
    let n = u16::try_from(faces.len()).unwrap_or(u16::MAX);
    match style {
        RowStyle::Big { step } => big_row_width(faces.len(), step),
        RowStyle::Spread => n.saturating_mul(FACE_W + 1).saturating_sub(1),
        RowStyle::Overlap => {
            if n == 0 {
                0
            } else {
                (n - 1).saturating_mul(OVERLAP_W).saturating_add(FACE_W)
            }
        }
        RowStyle::Labels => {
            let w: usize = faces.iter().map(|f| width(&label_of(*f, ctx)) + 1).sum();
            u16::try_from(w.saturating_sub(1)).unwrap_or(u16::MAX)
        }
    }
}

/// The roomiest style whose row fits in `avail` cells (and, for boxes, in `rows` rows). With
/// `big` (a big terminal) big faces come first, spread or overlapping, when `rows` has room.
pub fn choose_style(faces: &[Face], avail: u16, rows: u16, big: bool, ctx: &Ctx) -> RowStyle {
    if big
        && rows >= BIG_H
        && let Some(step) = big_step(faces.len(), avail)
    {
        return RowStyle::Big { step };
    }
    if rows >= FACE_H {
        for s in [RowStyle::Spread, RowStyle::Overlap] {
            if row_width(faces, s, ctx) <= avail {
                return s;
            }
        }
    }
    RowStyle::Labels
}

fn label_of(face: Face, ctx: &Ctx) -> String {
    match face {
        Face::Up(c) => face_label(c, ctx),
        Face::Down => back_label(ctx).to_string(),
    }
}

fn style_of(face: Face, ctx: &Ctx) -> Style {
    match face {
        Face::Up(c) => ctx.theme.card(c),
        Face::Down => ctx.theme.dim,
    }
}

/// Writes `s` at (x, y) clipped to `clip` (never outside the buffer either).
fn put(buf: &mut Buffer, clip: Rect, x: u16, y: u16, s: &str, style: Style) {
    let clip = fit(clip, buf.area);
    if y < clip.top() || y >= clip.bottom() || x >= clip.right() || x < clip.left() {
        return;
    }
    let room = usize::from(clip.right() - x);
    buf.set_stringn(x, y, s, room, style);
}

/// Draws one boxed face with its top-left corner at (x, y), showing only `show` columns of it
/// (a covered card in an overlapping row), clipped to `clip`.
fn draw_face(buf: &mut Buffer, clip: Rect, x: u16, y: u16, face: Face, show: u16, ctx: &Ctx) {
    let label = label_of(face, ctx);
    // The middle is 3 cells: "A♠ ", "10♥", "▒▒▒".
    let pad = 3usize.saturating_sub(width(&label));
    let mid = format!("{label}{}", " ".repeat(pad));
    let border = ctx.theme.border;
    let clip = fit(Rect::new(x, y, show, FACE_H), clip);
    put(buf, clip, x, y, "┌───┐", border);
    put(buf, clip, x, y + 1, "│", border);
    put(buf, clip, x + 1, y + 1, &mid, style_of(face, ctx));
    put(buf, clip, x + 4, y + 1, "│", border);
    put(buf, clip, x, y + 2, "└───┘", border);
}

/// Draws `faces` left-aligned in `area` in the roomiest style that fits (big faces first with
/// `big`); returns the style used. Labels go on the middle row of a 3-row area (or the first
/// row of a smaller one).
pub fn render_row(frame: &mut Frame, area: Rect, faces: &[Face], big: bool, ctx: &Ctx) -> RowStyle {
    let area = fit(area, frame.area());
    let style = choose_style(faces, area.width, area.height, big, ctx);
    let buf = frame.buffer_mut();
    match style {
        RowStyle::Big { step } => {
            let big: Vec<BigFace> = faces
                .iter()
                .map(|f| match f {
                    Face::Up(c) => BigFace::up(*c),
                    Face::Down => BigFace::down(),
                })
                .collect();
            draw_big_row(buf, area, (area.x, area.y), &big, step, &|_| 0, ctx);
        }
        RowStyle::Spread => {
            for (i, f) in faces.iter().enumerate() {
                let x = area.x + u16::try_from(i).unwrap_or(0) * (FACE_W + 1);
                draw_face(buf, area, x, area.y, *f, FACE_W, ctx);
            }
        }
        RowStyle::Overlap => {
            let last = faces.len().saturating_sub(1);
            for (i, f) in faces.iter().enumerate() {
                let x = area.x + u16::try_from(i).unwrap_or(0) * OVERLAP_W;
                let show = if i == last { FACE_W } else { OVERLAP_W };
                draw_face(buf, area, x, area.y, *f, show, ctx);
            }
        }
        RowStyle::Labels => {
            let y = if area.height >= FACE_H {
                area.y + 1
            } else {
                area.y
            };
            let mut x = area.x;
            for f in faces {
                let l = label_of(*f, ctx);
                put(buf, area, x, y, &l, style_of(*f, ctx));
                let w = u16::try_from(width(&l)).unwrap_or(u16::MAX);
                x = x.saturating_add(w).saturating_add(1);
            }
        }
    }
    style
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use crate::tui::widgets::test_support::{ctx, text};

    #[test]
    fn a_ten_reads_10_and_the_hole_card_is_shaded() {
        let ctx = ctx();
        let faces = [Face::Up(Card::new(Rank::Ten, Suit::Hearts)), Face::Down];
        let mut t = Terminal::new(TestBackend::new(12, 3)).unwrap();
        t.draw(|f| {
            assert_eq!(
                render_row(f, f.area(), &faces, false, &ctx),
                RowStyle::Spread
            );
        })
        .unwrap();
        assert_eq!(text(&t), ["┌───┐ ┌───┐ ", "│10♥│ │▒▒▒│ ", "└───┘ └───┘ "]);
    }

    #[test]
    fn narrow_rows_overlap_then_fall_back_to_labels() {
        let ctx = ctx();
        let c = |r| Face::Up(Card::new(r, Suit::Spades));
        let faces = [c(Rank::Ace), c(Rank::Two), c(Rank::Three)];
        // Spread needs 17 cells, overlap 11, labels 8.
        assert_eq!(row_width(&faces, RowStyle::Spread, &ctx), 17);
        assert_eq!(choose_style(&faces, 16, 3, false, &ctx), RowStyle::Overlap);
        assert_eq!(choose_style(&faces, 10, 3, false, &ctx), RowStyle::Labels);
        assert_eq!(choose_style(&faces, 40, 2, false, &ctx), RowStyle::Labels);
        let mut t = Terminal::new(TestBackend::new(11, 3)).unwrap();
        t.draw(|f| {
            render_row(f, f.area(), &faces, false, &ctx);
        })
        .unwrap();
        assert_eq!(text(&t)[1], "│A♠│2♠│3♠ │");
    }

    #[test]
    fn big_faces_come_first_on_a_big_terminal_then_the_small_ones() {
        let ctx = ctx();
        let c = |r| Face::Up(Card::new(r, Suit::Spades));
        let faces = [c(Rank::Ace), c(Rank::Two), c(Rank::Three)];
        // Spread big faces need 2 × 8 + 7 = 23 cells; 4 apart, 2 × 4 + 7 = 15.
        assert_eq!(
            choose_style(&faces, 23, 5, true, &ctx),
            RowStyle::Big { step: 8 }
        );
        assert_eq!(
            choose_style(&faces, 21, 5, true, &ctx),
            RowStyle::Big { step: 7 }
        );
        assert_eq!(
            choose_style(&faces, 15, 5, true, &ctx),
            RowStyle::Big { step: 4 }
        );
        // Narrower: the small overlap (11 cells); too few rows: the small spread.
        assert_eq!(choose_style(&faces, 14, 5, true, &ctx), RowStyle::Overlap);
        assert_eq!(choose_style(&faces, 40, 4, true, &ctx), RowStyle::Spread);
        assert_eq!(row_width(&faces, RowStyle::Big { step: 7 }, &ctx), 21);
    }

    #[test]
    fn never_draws_outside_a_tiny_area() {
        let ctx = ctx();
        let faces = vec![Face::Down; 9];
        let mut t = Terminal::new(TestBackend::new(4, 1)).unwrap();
        t.draw(|f| {
            render_row(f, Rect::new(1, 0, 2, 1), &faces, false, &ctx);
        })
        .unwrap();
        let row = &text(&t)[0];
        assert!(row.starts_with(' ') && row.ends_with(' '), "{row:?}");
    }
}

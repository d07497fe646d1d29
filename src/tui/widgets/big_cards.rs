//! Big card faces for big terminals (at least [`BIG_TERMINAL`], 120×40): a 7×5-cell box with the
//! card's label in the top-left corner, its suit in the middle and the label again in the
//! bottom-right corner; the face-down card shaded inside. Rows of big faces spread with a
//! one-cell gap or, when that is too wide, overlap (each covered card keeps at least
//! [`MIN_STEP`] cells: its border and label). Daifugo's hand and pile and the Blackjack table
//! use them; smaller terminals keep the small faces of [`super::cards`] and
//! [`super::bj_cards`].
//!
//! Like the small faces, nothing here needs colour: a marked card has a double border, a
//! highlighted one is in reverse video and bold, a noted one has underlined labels, and the
//! card's colour comes from the theme. Widths are measured with [`super::text::width`], as
//! ratatui draws them (♠ ♥ ♣ and box drawing count 1 cell).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

use super::layout::fit;
use super::text::width;
use crate::cards::Card;
use crate::tui::ctx::Ctx;

/// Width of a big face in cells.
pub const BIG_W: u16 = 7;
/// Height of a big face in rows.
pub const BIG_H: u16 = 5;
/// The fewest cells a covered big face keeps visible in an overlapping row: its left border
/// and a label of up to 3 cells (`10♠`).
pub const MIN_STEP: u16 = 4;
/// The smallest terminal (columns, rows) that gets big faces.
pub const BIG_TERMINAL: (u16, u16) = (120, 40);

/// Whether a terminal of this size (the whole frame, not a screen's body) gets big faces.
pub fn is_big(frame: Rect) -> bool {
    frame.width >= BIG_TERMINAL.0 && frame.height >= BIG_TERMINAL.1
}

/// The distance in cells between the left edges of neighbouring faces when `n` big faces are
/// laid in a row `avail` cells wide: `BIG_W + 1` (spread, a one-cell gap) when they fit so,
/// else the largest overlap step that fits, at least [`MIN_STEP`]. `None` when even the
/// tightest overlap is too wide (or `n` is 0).
pub fn big_step(n: usize, avail: u16) -> Option<u16> {
    if n == 0 || avail < BIG_W {
        return None;
    }
    if n == 1 {
        return Some(BIG_W + 1);
    }
    let gaps = u16::try_from(n - 1).ok()?;
    let step = ((avail - BIG_W) / gaps).min(BIG_W + 1);
    (step >= MIN_STEP).then_some(step)
}

/// Cells a row of `n` big faces `step` apart takes.
pub fn big_row_width(n: usize, step: u16) -> u16 {
    match n {
        0 => 0,
        _ => u16::try_from(n - 1)
            .unwrap_or(u16::MAX)
            .saturating_mul(step)
            .saturating_add(BIG_W),
    }
}

/// Cells of face `i` (of `n`, `step` apart) that are visible: the whole face for the last one
/// and in a spread row, the step for a covered one.
pub fn shown(i: usize, n: usize, step: u16) -> u16 {
    if i + 1 >= n { BIG_W } else { step.min(BIG_W) }
}

/// Which face of a row of `n` faces `step` apart owns the cell `dx` cells from the row's left
/// edge: each face owns its visible columns; `None` in a gap or past the row.
pub fn big_hit(n: usize, step: u16, dx: u16) -> Option<usize> {
    if n == 0 || step == 0 {
        return None;
    }
    let i = usize::from(dx / step).min(n - 1);
    let left = u16::try_from(i).ok()?.checked_mul(step)?;
    (dx >= left && dx - left < shown(i, n, step)).then_some(i)
}

/// One big face: the card (`None` for a face-down card) and how it is marked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BigFace {
    /// The card, or `None` face down.
    pub card: Option<Card>,
    /// A joker's card in a sequence: named on the bottom edge, dim.
    pub stands_for: Option<Card>,
    /// Marked by the player: a double border.
    pub marked: bool,
    /// What Enter will put down: reverse video, bold.
    pub highlight: bool,
    /// Worth a note: the labels underlined.
    pub noted: bool,
}

impl BigFace {
    /// A plain face-up card.
    pub fn up(card: Card) -> BigFace {
        BigFace {
            card: Some(card),
            ..BigFace::default()
        }
    }

    /// The face-down card.
    pub fn down() -> BigFace {
        BigFace::default()
    }
}

/// Writes `parts` one after another from (x, y), character by character, leaving out every
/// character not wholly inside `clip`.
fn put(buf: &mut Buffer, clip: Rect, x: u16, y: u16, parts: &[(&str, Style)]) {
    if y < clip.top() || y >= clip.bottom() {
        return;
    }
    let mut x = x;
    let mut tmp = [0u8; 4];
    for (s, style) in parts {
        for c in s.chars() {
            let w = u16::try_from(width(c.encode_utf8(&mut tmp))).unwrap_or(u16::MAX);
            if x >= clip.left() && x.saturating_add(w) <= clip.right() {
                buf.set_stringn(x, y, c.encode_utf8(&mut tmp), usize::from(w), *style);
            }
            x = x.saturating_add(w);
        }
    }
}

/// Draws `face` with its top-left corner at (x, y), showing its first `show` columns (a
/// covered face in an overlapping row keeps its border, top-left label and part of the middle;
/// its bottom-right label is left out rather than cut), all clipped to `clip` and the buffer.
pub fn draw_big(buf: &mut Buffer, clip: Rect, x: u16, y: u16, face: BigFace, show: u16, ctx: &Ctx) {
    let clip = fit(fit(Rect::new(x, y, show.min(BIG_W), BIG_H), clip), buf.area);
    if clip.is_empty() {
        return;
    }
    let mut extra = Style::new();
    if face.highlight {
        extra = extra.add_modifier(Modifier::REVERSED | Modifier::BOLD);
    }
    let border = ctx.theme.border.patch(extra);
    let (tl, h, tr, v, bl, br) = if face.marked {
        ("╔", "═", "╗", "║", "╚", "╝")
    } else {
        ("┌", "─", "┐", "│", "└", "┘")
    };
    let inner = usize::from(BIG_W - 2);
    let fill = |s: &str| " ".repeat(inner.saturating_sub(width(s)));
    let top = format!("{tl}{}{tr}", h.repeat(inner));
    put(buf, clip, x, y, &[(&top, border)]);
    match face.card {
        None => {
            let back = if ctx.symbols { "▒" } else { "#" }.repeat(inner);
            for r in 1..BIG_H - 1 {
                put(
                    buf,
                    clip,
                    x,
                    y + r,
                    &[
                        (v, border),
                        (&back, ctx.theme.dim.patch(extra)),
                        (v, border),
                    ],
                );
            }
        }
        Some(card) => {
            let mut label_style = ctx
                .theme
                .card(card)
                .patch(extra)
                .add_modifier(Modifier::BOLD);
            if face.noted {
                label_style = label_style.add_modifier(Modifier::UNDERLINED);
            }
            let plain = ctx.theme.card(card).patch(extra);
            let label = ctx.card_label(card);
            let middle = match card.suit() {
                Some(s) if ctx.symbols => s.symbol().to_string(),
                Some(s) => s.letter().to_string(),
                None => String::new(),
            };
            let left = (inner.saturating_sub(width(&middle))) / 2;
            let right = inner.saturating_sub(width(&middle) + left);
            let whole = show >= BIG_W;
            let (pad_l, pad_r) = (" ".repeat(left), " ".repeat(right));
            let fill_label = fill(&label);
            let blank = " ".repeat(inner);
            let rows: [Vec<(&str, Style)>; 3] = [
                vec![
                    (v, border),
                    (&label, label_style),
                    (&fill_label, plain),
                    (v, border),
                ],
                vec![
                    (v, border),
                    (&pad_l, plain),
                    (&middle, plain),
                    (&pad_r, plain),
                    (v, border),
                ],
                if whole {
                    vec![
                        (v, border),
                        (&fill_label, plain),
                        (&label, label_style),
                        (v, border),
                    ]
                } else {
                    vec![(v, border), (&blank, plain)]
                },
            ];
            for (r, parts) in rows.iter().enumerate() {
                put(buf, clip, x, y + 1 + r as u16, parts);
            }
        }
    }
    let bottom_y = y + BIG_H - 1;
    match face.stands_for {
        Some(c) => {
            let l = ctx.card_label(c);
            let rest = h.repeat(inner.saturating_sub(1 + width(&l)));
            put(
                buf,
                clip,
                x,
                bottom_y,
                &[
                    (bl, border),
                    (h, border),
                    (
                        &l,
                        ctx.theme.card(c).patch(extra).add_modifier(Modifier::DIM),
                    ),
                    (&rest, border),
                    (br, border),
                ],
            );
        }
        None => {
            let bottom = format!("{bl}{}{br}", h.repeat(inner));
            put(buf, clip, x, bottom_y, &[(&bottom, border)]);
        }
    }
}

/// Draws `faces` left to right from (x, y), `step` cells apart (later faces over earlier
/// ones), clipped to `clip`. `raised(i)` lifts face `i` by `lift` rows (0 or 1).
pub fn draw_big_row(
    buf: &mut Buffer,
    clip: Rect,
    (x, y): (u16, u16),
    faces: &[BigFace],
    step: u16,
    lift: &dyn Fn(usize) -> u16,
    ctx: &Ctx,
) {
    let n = faces.len();
    for (i, f) in faces.iter().enumerate() {
        let fx = u16::try_from(i)
            .unwrap_or(u16::MAX)
            .saturating_mul(step)
            .saturating_add(x);
        let fy = y.saturating_sub(lift(i));
        draw_big(buf, clip, fx, fy, *f, shown(i, n, step), ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use crate::config::Config;
    use crate::tui::Options;
    use crate::tui::widgets::test_support::{ctx, text};

    #[test]
    fn steps_spread_then_overlap_then_give_up() {
        // 14 faces spread need 13 × 8 + 7 = 111 cells.
        assert_eq!(big_step(14, 111), Some(8));
        assert_eq!(big_step(14, 110), Some(7));
        // 18 faces at 4 cells: 17 × 4 + 7 = 75.
        assert_eq!(big_step(18, 75), Some(4));
        assert_eq!(big_step(18, 74), None);
        assert_eq!(big_step(1, 7), Some(8));
        assert_eq!(big_step(1, 6), None);
        assert_eq!(big_step(0, 100), None);
        assert_eq!(big_row_width(14, 8), 111);
        assert_eq!(big_row_width(18, 4), 75);
    }

    #[test]
    fn hits_follow_the_visible_columns() {
        // Spread: cells 0..7 are face 0, 7 is the gap, 8..15 face 1.
        assert_eq!(big_hit(3, 8, 0), Some(0));
        assert_eq!(big_hit(3, 8, 6), Some(0));
        assert_eq!(big_hit(3, 8, 7), None);
        assert_eq!(big_hit(3, 8, 8), Some(1));
        assert_eq!(big_hit(3, 8, 22), Some(2));
        assert_eq!(big_hit(3, 8, 23), None);
        // Overlap by 4: face 0 shows 0..4, face 1 4..8, the last 8..15.
        assert_eq!(big_hit(3, 4, 3), Some(0));
        assert_eq!(big_hit(3, 4, 4), Some(1));
        assert_eq!(big_hit(3, 4, 14), Some(2));
        assert_eq!(big_hit(3, 4, 15), None);
    }

    #[test]
    fn a_face_a_marked_face_a_covered_face_and_the_back() {
        let ctx = ctx();
        let ten = Card::new(Rank::Ten, Suit::Spades);
        let ace = Card::new(Rank::Ace, Suit::Hearts);
        let mut t = Terminal::new(TestBackend::new(27, 5)).unwrap();
        t.draw(|f| {
            let buf = f.buffer_mut();
            let area = buf.area;
            draw_big(buf, area, 0, 0, BigFace::up(ten), BIG_W, &ctx);
            let marked = BigFace {
                marked: true,
                ..BigFace::up(ace)
            };
            draw_big(buf, area, 8, 0, marked, 4, &ctx);
            draw_big(buf, area, 12, 0, BigFace::up(ace), BIG_W, &ctx);
            draw_big(buf, area, 20, 0, BigFace::down(), BIG_W, &ctx);
        })
        .unwrap();
        assert_eq!(
            text(&t),
            [
                "┌─────┐ ╔═══┌─────┐ ┌─────┐",
                "│10♠  │ ║A♥ │A♥   │ │▒▒▒▒▒│",
                "│  ♠  │ ║  ♥│  ♥  │ │▒▒▒▒▒│",
                "│  10♠│ ║   │   A♥│ │▒▒▒▒▒│",
                "└─────┘ ╚═══└─────┘ └─────┘",
            ]
        );
    }

    #[test]
    fn letter_suits_fill_the_face_with_letters_and_the_back_with_hashes() {
        let mut config = Config::default();
        config.general.suits = crate::config::SuitStyle::Letters;
        let ctx = Ctx::new(config, &Options::default(), |_| None);
        let ten = Card::new(Rank::Ten, Suit::Diamonds);
        let mut t = Terminal::new(TestBackend::new(15, 5)).unwrap();
        t.draw(|f| {
            let buf = f.buffer_mut();
            let area = buf.area;
            draw_big(buf, area, 0, 0, BigFace::up(ten), BIG_W, &ctx);
            draw_big(buf, area, 8, 0, BigFace::down(), BIG_W, &ctx);
        })
        .unwrap();
        assert_eq!(
            text(&t),
            [
                "┌─────┐ ┌─────┐",
                "│10D  │ │#####│",
                "│  D  │ │#####│",
                "│  10D│ │#####│",
                "└─────┘ └─────┘",
            ]
        );
    }

    #[test]
    fn a_joker_names_the_card_it_stands_for_and_never_draws_outside_the_clip() {
        let ctx = ctx();
        let jk = Card::joker(0);
        let eight = Card::new(Rank::Eight, Suit::Spades);
        let mut t = Terminal::new(TestBackend::new(9, 5)).unwrap();
        t.draw(|f| {
            let buf = f.buffer_mut();
            let face = BigFace {
                stands_for: Some(eight),
                ..BigFace::up(jk)
            };
            draw_big(buf, Rect::new(0, 0, 9, 5), 0, 0, face, BIG_W, &ctx);
            // Clipped to one cell: only that cell is drawn.
            draw_big(
                buf,
                Rect::new(8, 0, 1, 1),
                7,
                0,
                BigFace::down(),
                BIG_W,
                &ctx,
            );
        })
        .unwrap();
        assert_eq!(
            text(&t),
            [
                "┌─────┐ ─",
                "│JK   │  ",
                "│     │  ",
                "│   JK│  ",
                "└─8♠──┘  ",
            ]
        );
    }
}

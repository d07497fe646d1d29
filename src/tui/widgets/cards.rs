//! Card faces for any card game: a card as a short coloured label (`7♠`), as a small one-line
//! face (`[7♠]`), as a tall three-row face, and a hand laid out as a row of small faces: the
//! highlighted cards (what Enter will put down) raised one row in reverse video, marked cards
//! in angle brackets (`<7♠>`), noted cards underlined, and the cursor a quiet `^` under one card.
//! Colours come from the theme; none of these marks needs one (NO_COLOR, the mono theme).
//!
//! Widths are measured in cells with [`super::text::width`]; a hand that does not fit one row
//! wraps onto further rows. On big terminals a hand may be drawn with the big faces of
//! [`super::big_cards`] instead (one row of them, spread or overlapping), with the same marks.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::big_cards::{BIG_H, BIG_W, BigFace, big_hit, big_step, draw_big_row, shown};
use super::layout::{fit, row};
use super::text::width;
use crate::cards::Card;
use crate::tui::ctx::Ctx;

/// A card's label (`7♠`, `7S`, `JK`) in the card's theme style.
pub fn card_span(card: Card, ctx: &Ctx) -> Span<'static> {
    Span::styled(ctx.card_label(card), ctx.theme.card(card))
}

/// A small face: the label in brackets (`[7♠]`), `extra` patched over the card's style.
pub fn face_spans(card: Card, ctx: &Ctx, extra: Style) -> Vec<Span<'static>> {
    bracketed(card, ctx, extra, ("[", "]"))
}

fn bracketed(
    card: Card,
    ctx: &Ctx,
    extra: Style,
    (open, close): (&'static str, &'static str),
) -> Vec<Span<'static>> {
    let frame = ctx.theme.border.patch(extra);
    vec![
        Span::styled(open, frame),
        Span::styled(ctx.card_label(card), ctx.theme.card(card).patch(extra)),
        Span::styled(close, frame),
    ]
}

/// Width in cells of a small face of `card`.
pub fn face_width(card: Card, ctx: &Ctx) -> usize {
    width(&ctx.card_label(card)) + 2
}

/// A tall face, three rows: `┌──┐` / `│7♠│` / `└──┘`. With `stands_for` (a joker inside a
/// sequence) the bottom edge names the card the joker stands for: `└8♠┘`.
pub fn tall_face(card: Card, stands_for: Option<Card>, ctx: &Ctx) -> [Line<'static>; 3] {
    let label = ctx.card_label(card);
    let w = width(&label);
    let b = ctx.theme.border;
    let bottom = match stands_for {
        Some(c) => {
            let l = ctx.card_label(c);
            let pad = w.saturating_sub(width(&l));
            Line::from(vec![
                Span::styled("└", b),
                Span::styled(l, ctx.theme.card(c).add_modifier(Modifier::DIM)),
                Span::styled(format!("{}┘", "─".repeat(pad)), b),
            ])
        }
        None => Line::styled(format!("└{}┘", "─".repeat(w)), b),
    };
    [
        Line::styled(format!("┌{}┐", "─".repeat(w)), b),
        Line::from(vec![
            Span::styled("│", b),
            Span::styled(label, ctx.theme.card(card).add_modifier(Modifier::BOLD)),
            Span::styled("│", b),
        ]),
        bottom,
    ]
}

/// How one card of a hand is drawn. The loudest mark is `highlight`, the quietest `cursor`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaceState {
    /// The hand cursor is on it: a dim `^` under its rank.
    pub cursor: bool,
    /// Marked by the player: angle brackets instead of square ones (`<7♠>`).
    pub marked: bool,
    /// What Enter will put down (the selected play, the cards to give back): raised one row
    /// and in reverse video, bold.
    pub highlight: bool,
    /// Worth a note (the cards just received): underlined.
    pub noted: bool,
}

/// Rows a hand of `cards` needs in `width` cells: three per line of small faces (raised row,
/// face row, cursor row), or with `big` faces that fit ([`big_hand_step`]) the raised row, the
/// five rows of a big face and the cursor row.
pub fn hand_height(cards: &[Card], width_cells: u16, big: bool, ctx: &Ctx) -> u16 {
    if big && big_hand_step(cards, width_cells).is_some() {
        return BIG_H + 2;
    }
    let lines = hand_lines(cards, usize::from(width_cells), ctx)
        .len()
        .max(1);
    u16::try_from(lines * 3).unwrap_or(u16::MAX)
}

/// The step between big faces of a hand laid in `width` cells ([`big_step`]): spread, or
/// overlapping down to 4 cells a card; `None` when the hand is too long for big faces (it
/// falls back to rows of small ones) or empty.
pub fn big_hand_step(cards: &[Card], width_cells: u16) -> Option<u16> {
    big_step(cards.len(), width_cells)
}

/// Splits the hand into lines of faces that fit `max` cells (a gap of one cell between faces).
fn hand_lines(cards: &[Card], max: usize, ctx: &Ctx) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut used = 0;
    for (i, c) in cards.iter().enumerate() {
        let w = face_width(*c, ctx) + usize::from(i > start);
        if i > start && used + w > max {
            out.push(start..i);
            start = i;
            used = face_width(*c, ctx);
        } else {
            used += w;
        }
    }
    if start < cards.len() {
        out.push(start..cards.len());
    }
    out
}

/// Which card of a hand drawn by [`render_hand`] in `area` (with the same `big`) is at cell
/// (`x`, `y`): each card owns its visible columns of its rows (raised, face, caret). `None`
/// between cards or outside. The geometry is the drawing's: the same line split or big step.
pub fn hand_hit(
    cards: &[Card],
    area: Rect,
    (x, y): (u16, u16),
    big: bool,
    ctx: &Ctx,
) -> Option<usize> {
    if !area.contains(ratatui::layout::Position::new(x, y)) {
        return None;
    }
    if big && let Some(step) = big_hand_step(cards, area.width) {
        if y - area.y >= BIG_H + 2 {
            return None;
        }
        return big_hit(cards.len(), step, x - area.x);
    }
    let line = usize::from(y - area.y) / 3;
    let range = hand_lines(cards, usize::from(area.width), ctx)
        .into_iter()
        .nth(line)?;
    let mut left = usize::from(area.x);
    for i in range.clone() {
        if i > range.start {
            left += 1;
        }
        let w = face_width(cards[i], ctx);
        if (left..left + w).contains(&usize::from(x)) {
            return Some(i);
        }
        left += w;
    }
    None
}

/// Draws a hand of big faces one step apart: a highlighted card one row up, the caret under
/// the cursor's card in the last row.
fn render_big_hand(
    frame: &mut Frame,
    area: Rect,
    cards: &[Card],
    step: u16,
    state: &dyn Fn(usize) -> FaceState,
    ctx: &Ctx,
) {
    let faces: Vec<BigFace> = cards
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let st = state(i);
            BigFace {
                marked: st.marked,
                highlight: st.highlight,
                noted: st.noted,
                ..BigFace::up(*c)
            }
        })
        .collect();
    let n = cards.len();
    let buf = frame.buffer_mut();
    draw_big_row(
        buf,
        area,
        (area.x, area.y + 1),
        &faces,
        step,
        &|i| u16::from(faces[i].highlight),
        ctx,
    );
    let caret = row(area, BIG_H + 1);
    if let Some(i) = (0..n).find(|i| state(*i).cursor)
        && !caret.is_empty()
    {
        // Under the middle of the card's visible part.
        let dx = u16::try_from(i).unwrap_or(u16::MAX).saturating_mul(step);
        let x = caret
            .x
            .saturating_add(dx)
            .saturating_add(shown(i, n, step).min(BIG_W) / 2);
        if x < caret.right() {
            buf.set_string(x, caret.y, "^", ctx.theme.dim);
        }
    }
}

/// Draws a hand as rows of small faces in `area`: highlighted cards one row up in reverse
/// video, marked cards in `<>`, a `^` under the cursor (see [`FaceState`]). `state(i)` says how
/// card `i` is drawn. Rows that do not fit are left out. With `big`, a hand that fits as big
/// faces ([`big_hand_step`]) is drawn with them instead: marked cards get a double border.
pub fn render_hand(
    frame: &mut Frame,
    area: Rect,
    cards: &[Card],
    state: &dyn Fn(usize) -> FaceState,
    big: bool,
    ctx: &Ctx,
) {
    let area = fit(area, frame.area());
    if area.is_empty() {
        return;
    }
    if big && let Some(step) = big_hand_step(cards, area.width) {
        render_big_hand(frame, area, cards, step, state, ctx);
        return;
    }
    for (li, range) in hand_lines(cards, usize::from(area.width), ctx)
        .into_iter()
        .enumerate()
    {
        let base = u16::try_from(li * 3).unwrap_or(u16::MAX);
        let mut raised: Vec<Span> = Vec::new();
        let mut faces: Vec<Span> = Vec::new();
        let mut under: Vec<Span> = Vec::new();
        for i in range.clone() {
            let c = cards[i];
            let st = state(i);
            let w = face_width(c, ctx);
            let gap = if i > range.start { " " } else { "" };
            for v in [&mut raised, &mut faces, &mut under] {
                v.push(Span::raw(gap));
            }
            let mut extra = Style::new();
            if st.noted {
                extra = extra.add_modifier(Modifier::UNDERLINED);
            }
            let brackets = if st.marked { ("<", ">") } else { ("[", "]") };
            if st.highlight {
                extra = extra.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                raised.extend(bracketed(c, ctx, extra, brackets));
                faces.push(Span::raw(" ".repeat(w)));
            } else {
                raised.push(Span::raw(" ".repeat(w)));
                faces.extend(bracketed(c, ctx, extra, brackets));
            }
            // One dim caret under the rank: the cursor shows without colour, and quieter than
            // a raised card.
            under.push(if st.cursor {
                Span::styled(
                    format!(" ^{}", " ".repeat(w.saturating_sub(2))),
                    ctx.theme.dim,
                )
            } else {
                Span::raw(" ".repeat(w))
            });
        }
        for (k, spans) in [raised, faces, under].into_iter().enumerate() {
            let r = row(area, base.saturating_add(k as u16));
            if !r.is_empty() {
                frame.render_widget(Paragraph::new(Line::from(spans)), r);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use crate::tui::widgets::test_support::ctx;

    #[test]
    fn a_long_hand_wraps_onto_more_lines() {
        let ctx = ctx();
        let cards: Vec<Card> = Rank::ALL
            .iter()
            .map(|r| Card::new(*r, Suit::Spades))
            .collect();
        // 12 faces of 4 cells, the ten's `[10♠]` of 5, and 12 gaps: 65 cells.
        assert_eq!(hand_height(&cards, 65, false, &ctx), 3);
        assert_eq!(hand_height(&cards, 64, false, &ctx), 6);
    }

    #[test]
    fn the_highlight_is_raised_and_reversed_marks_are_bracketed_the_cursor_is_a_dim_caret() {
        let ctx = ctx();
        let cards = [
            Card::new(Rank::Three, Suit::Spades),
            Card::new(Rank::Four, Suit::Hearts),
            Card::new(Rank::Ten, Suit::Clubs),
        ];
        let mut t = Terminal::new(TestBackend::new(20, 3)).unwrap();
        t.draw(|f| {
            render_hand(
                f,
                f.area(),
                &cards,
                &|i| FaceState {
                    cursor: i == 1,
                    marked: i == 0,
                    highlight: i != 1,
                    noted: false,
                },
                false,
                &ctx,
            )
        })
        .unwrap();
        let buf = t.backend().buffer();
        let line = |y: u16| -> String { (0..20).map(|x| buf[(x, y)].symbol()).collect() };
        assert_eq!(line(0).trim_end(), "<3♠>      [10♣]");
        assert_eq!(line(1).trim_end(), "     [4♥]");
        assert_eq!(line(2).trim_end(), "      ^");
        let raised = buf[(1, 0)].modifier;
        assert!(
            raised.contains(Modifier::REVERSED | Modifier::BOLD),
            "{raised:?}"
        );
        let caret = buf[(6, 2)].modifier;
        assert!(
            !caret.intersects(Modifier::REVERSED | Modifier::BOLD),
            "a quiet mark: {caret:?}"
        );
        assert!(
            !buf[(6, 1)].modifier.contains(Modifier::REVERSED),
            "the cursor's card is plain"
        );
    }
}

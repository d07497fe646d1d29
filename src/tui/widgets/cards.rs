//! Card faces for any card game: a card as a short coloured label (`7♠`), as a small one-line
//! face (`[7♠]`), as a tall three-row face, and a hand laid out as a row of small faces with a
//! cursor, "raised" (marked) cards and highlighted cards. Colours come from the theme (none in
//! mono: there state shows as reverse video, bold, underline and the raised row).
//!
//! Widths are measured in cells with [`super::text::width`]; a hand that does not fit one row
//! wraps onto further rows.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

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
    let frame = ctx.theme.border.patch(extra);
    vec![
        Span::styled("[", frame),
        Span::styled(ctx.card_label(card), ctx.theme.card(card).patch(extra)),
        Span::styled("]", frame),
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

/// How one card of a hand is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaceState {
    /// The hand cursor is on it (a `^` under it, bold).
    pub cursor: bool,
    /// Marked (drawn raised, one row up, in reverse video).
    pub marked: bool,
    /// Part of something highlighted elsewhere (the selected play): underlined.
    pub highlight: bool,
}

/// Rows a hand of `cards` needs in `width` cells: three per line of faces (raised row, face
/// row, cursor row).
pub fn hand_height(cards: &[Card], width_cells: u16, ctx: &Ctx) -> u16 {
    let lines = hand_lines(cards, usize::from(width_cells), ctx)
        .len()
        .max(1);
    u16::try_from(lines * 3).unwrap_or(u16::MAX)
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

/// Draws a hand as rows of small faces in `area`: marked cards one row up, a `^` under the
/// cursor. `state(i)` says how card `i` is drawn. Rows that do not fit are left out.
pub fn render_hand(
    frame: &mut Frame,
    area: Rect,
    cards: &[Card],
    state: &dyn Fn(usize) -> FaceState,
    ctx: &Ctx,
) {
    let area = fit(area, frame.area());
    if area.is_empty() {
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
            if st.highlight {
                extra = extra.add_modifier(Modifier::UNDERLINED);
            }
            if st.cursor {
                extra = extra.add_modifier(Modifier::BOLD);
            }
            if st.marked {
                extra = extra.add_modifier(Modifier::REVERSED);
                raised.extend(face_spans(c, ctx, extra));
                faces.push(Span::raw(" ".repeat(w)));
            } else {
                raised.push(Span::raw(" ".repeat(w)));
                faces.extend(face_spans(c, ctx, extra));
            }
            // A caret under the whole face, so the cursor shows without colour.
            under.push(if st.cursor {
                Span::styled("^".repeat(w), ctx.theme.key)
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
    use crate::config::Config;
    use crate::tui::Options;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn ctx() -> Ctx {
        Ctx::new(Config::default(), &Options::default(), |_| None)
    }

    #[test]
    fn a_long_hand_wraps_onto_more_lines() {
        let ctx = ctx();
        let cards: Vec<Card> = Rank::ALL
            .iter()
            .map(|r| Card::new(*r, Suit::Spades))
            .collect();
        // 13 faces of 4 cells and 12 gaps: 64 cells.
        assert_eq!(hand_height(&cards, 64, &ctx), 3);
        assert_eq!(hand_height(&cards, 63, &ctx), 6);
    }

    #[test]
    fn marked_cards_are_raised_and_the_cursor_has_a_caret() {
        let ctx = ctx();
        let cards = [
            Card::new(Rank::Three, Suit::Spades),
            Card::new(Rank::Four, Suit::Hearts),
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
                    highlight: false,
                },
                &ctx,
            )
        })
        .unwrap();
        let buf = t.backend().buffer();
        let line = |y: u16| -> String { (0..20).map(|x| buf[(x, y)].symbol()).collect() };
        assert_eq!(line(0).trim_end(), "[3♠]");
        assert_eq!(line(1).trim_end(), "     [4♥]");
        assert_eq!(line(2).trim_end(), "     ^^^^");
    }
}

//! Drawing the Daifugo screen: the other seats along the top, the pile with its badges and the
//! log on the left, the candidate list (or the exchange panel) on the right, the message line,
//! and the human's hand along the bottom; the round and match results and the leave question
//! over it. Rendering only reads the screen.
//!
//! At 80×22 (the smallest body) the seats take 4 rows, the hand 4 (more when it wraps), the
//! message 1; the rest is split between the pile (6 rows), the log and the list. Taller
//! bodies get tall card faces on the pile, a longer log and list, and two message rows. On a
//! terminal of 120×40 or more the hand and the pile use big faces
//! ([`crate::tui::widgets::big_cards`]): the hand takes 8 rows (title, raised row, face, cursor
//! row) and the pile 10; a hand too long for them, even overlapping, keeps the small faces.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::candidates::{Candidate, form_group};
use super::words::{cards_label, place_name, play_label, play_spans, seat_name};
use super::{DaifugoScreen, Mode, advisor, history, tracker};
use crate::cards::Card;
use crate::daifugo::cardset::{RANKS, rank_at};
use crate::daifugo::{CardSet, Decision, FinishKind, Form, Play, Title};
use crate::tui::ctx::Ctx;
use crate::tui::widgets::big_cards::{BIG_H, BigFace, big_step, draw_big_row, is_big};
use crate::tui::widgets::cards::{FaceState, card_span, hand_height, render_hand, tall_face};
use crate::tui::widgets::confirm::{self, Confirm};
use crate::tui::widgets::layout::{centered, clear, fit, row};
use crate::tui::widgets::list::window_start;
use crate::tui::widgets::text::{truncate, width, wrap};

/// The parts of the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    /// The other seats.
    pub seats: Rect,
    /// The pile box.
    pub pile: Rect,
    /// The log box.
    pub log: Rect,
    /// The candidate list or exchange panel.
    pub side: Rect,
    /// The message line(s).
    pub message: Rect,
    /// The hand (title row, then the faces).
    pub hand: Rect,
}

/// Lays out `area` for a hand of `hand_rows` rows of faces and a message of `msg_lines` rows
/// when wrapped to the width: the message gets 1 row (2 from 30 rows up), or 2 when it needs
/// them, so its last words ("Press p to pass.") are never cut off; the log gives up the row.
/// With `big` faces (a big terminal) the pile is one row taller when the middle has room, for
/// its five-row faces.
pub fn areas(area: Rect, hand_rows: u16, msg_lines: u16, big: bool) -> Areas {
    let seats_h = if area.height >= 34 { 5 } else { 4 };
    let msg_h = if area.height >= 30 { 2 } else { 1 }.max(msg_lines.min(2));
    let hand_h = (1 + hand_rows).min(area.height.saturating_sub(seats_h + msg_h + 6));
    let mid_h = area
        .height
        .saturating_sub(seats_h)
        .saturating_sub(msg_h)
        .saturating_sub(hand_h);
    let seats = Rect::new(area.x, area.y, area.width, seats_h);
    let mid_y = area.y + seats_h;
    let side_w = (area.width * 2 / 5).clamp(30.min(area.width), 52.min(area.width));
    let left_w = area.width.saturating_sub(side_w);
    let pile_h = if big && mid_h >= 18 {
        BIG_PILE_H
    } else if mid_h >= 16 {
        9
    } else {
        6.min(mid_h)
    };
    let pile = Rect::new(area.x, mid_y, left_w, pile_h);
    let log = Rect::new(area.x, mid_y + pile_h, left_w, mid_h.saturating_sub(pile_h));
    let side = Rect::new(area.x + left_w, mid_y, side_w, mid_h);
    let message = Rect::new(area.x, mid_y + mid_h, area.width, msg_h);
    let hand = Rect::new(area.x, mid_y + mid_h + msg_h, area.width, hand_h);
    Areas {
        seats: fit(seats, area),
        pile: fit(pile, area),
        log: fit(log, area),
        side: fit(side, area),
        message: fit(message, area),
        hand: fit(hand, area),
    }
}

/// Rows of the pile box with big faces: borders, the badges, who played, a big face, the turn.
const BIG_PILE_H: u16 = BIG_H + 5;

/// `text` wrapped to `cells` with the shared wrap (Japanese line-breaking rules: no line starts
/// with a small kana or a closing mark), one styled line per row.
fn wrapped(text: &str, style: Style, cells: u16) -> Vec<Line<'static>> {
    wrap(text, usize::from(cells))
        .into_iter()
        .map(|l| Line::styled(l, style))
        .collect()
}

fn boxed<'a>(title: Line<'a>, style: Style) -> Block<'a> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(style)
        .title(title)
}

/// Draws the whole screen body.
pub fn render(s: &DaifugoScreen, f: &mut Frame, area: Rect, ctx: &Ctx) {
    let area = fit(area, f.area());
    if area.width < 40 || area.height < 12 {
        return;
    }
    let big = is_big(f.area());
    let hand_rows = hand_height(&s.snap.hand, area.width, big, ctx);
    let msg_lines = wrap(
        &message(s, ctx).0,
        usize::from(area.width.saturating_sub(1)),
    )
    .len();
    let a = areas(
        area,
        hand_rows,
        u16::try_from(msg_lines).unwrap_or(u16::MAX),
        big,
    );
    render_seats(s, f, a.seats, ctx);
    render_pile(s, f, a.pile, ctx);
    s.log_rows.set(usize::from(a.log.height.saturating_sub(2)));
    {
        let mut hits = s.hits.borrow_mut();
        hits.log = a.log;
        hits.side = a.side;
        hits.list.clear();
    }
    if s.tracker {
        tracker::render(&s.snap, f, a.log, ctx);
    } else {
        history::render(&s.history, f, a.log, ctx);
    }
    if s.snap.choice.is_some() && s.human_to_act() {
        render_choice(s, f, a.side, ctx);
    } else if s.snap.give_back.is_some() && s.human_to_act() {
        render_exchange(s, f, a.side, ctx);
    } else {
        render_candidates(s, f, a.side, ctx);
    }
    render_message(s, f, a.message, ctx);
    render_hand_area(s, f, a.hand, big, ctx);
    match &s.mode {
        Mode::Table => {}
        Mode::RoundOver(r) => render_round_result(s, r, f, area, ctx),
        Mode::MatchOver(m) => render_match_result(m, s.link.is_some(), f, area, ctx),
    }
    if let Some(yes) = s.leave {
        confirm::render(
            f,
            area,
            &Confirm {
                title: ctx.t("daifugo.ui.leave.title"),
                message: ctx.t("daifugo.ui.leave.question"),
                yes: ctx.t("common.quit.yes"),
                no: ctx.t("common.quit.no"),
                yes_focused: yes,
            },
            ctx,
        );
    }
}

fn title_of(t: Option<Title>, ctx: &Ctx) -> Option<&'static str> {
    t.map(|t| crate::i18n::daifugo::title_name(ctx.lang, t))
}

/// The status words of a seat: out (place), passed, to play.
fn seat_status(s: &DaifugoScreen, seat: usize, ctx: &Ctx) -> (String, Style) {
    let snap = &s.snap;
    if let Some(Some(p)) = snap.places.get(seat) {
        return (
            ctx.tf("daifugo.ui.out", &[("place", &place_name(*p, ctx))]),
            ctx.theme.title,
        );
    }
    if s.mode == Mode::Table && snap.to_act == Some(seat) {
        return (ctx.t("daifugo.ui.to_play").to_string(), ctx.theme.accent);
    }
    if snap.passed.get(seat).copied().unwrap_or(false) {
        return (ctx.t("daifugo.ui.passed").to_string(), ctx.theme.dim);
    }
    (String::new(), ctx.theme.text)
}

fn render_seats(s: &DaifugoScreen, f: &mut Frame, area: Rect, ctx: &Ctx) {
    let n = s.snap.players;
    if n < 2 || area.is_empty() {
        return;
    }
    let others = (n - 1) as u16;
    let w = (area.width / others).min(30);
    let x0 = area.x + (area.width - w * others) / 2;
    for (i, seat) in (1..n).enumerate() {
        let r = fit(Rect::new(x0 + w * i as u16, area.y, w, area.height), area);
        let to_act = s.mode == Mode::Table && s.snap.to_act == Some(seat);
        let name = seat_name(seat, ctx);
        let (title, border) = if to_act {
            (
                Line::styled(format!("▶{name} "), ctx.theme.selected),
                ctx.theme.selected,
            )
        } else {
            (
                Line::styled(format!(" {name} "), ctx.theme.text),
                ctx.theme.border,
            )
        };
        let block = boxed(title, border);
        let inner = block.inner(r);
        f.render_widget(block, r);
        let iw = usize::from(inner.width);
        let title_txt = title_of(s.snap.titles.get(seat).copied().flatten(), ctx);
        let pts = ctx.tf(
            "daifugo.ui.points",
            &[(
                "n",
                &s.snap.totals.get(seat).copied().unwrap_or(0).to_string(),
            )],
        );
        let line1 = match title_txt {
            Some(t) => Line::from(vec![
                Span::styled(t.to_string(), ctx.theme.title),
                Span::styled(format!(" {pts}"), ctx.theme.dim),
            ]),
            None => Line::styled(pts, ctx.theme.dim),
        };
        let cards = ctx.tf(
            "daifugo.ui.cards",
            &[(
                "n",
                &s.snap.counts.get(seat).copied().unwrap_or(0).to_string(),
            )],
        );
        let (status, st_style) = seat_status(s, seat, ctx);
        let mut line2 = vec![Span::styled(cards, ctx.theme.text)];
        if !status.is_empty() {
            line2.push(Span::raw(" "));
            line2.push(Span::styled(status, st_style));
        }
        let lines = vec![trim_line(line1, iw), trim_line(Line::from(line2), iw)];
        let lines = if inner.height >= 3 {
            // Room for a row of card backs: how many cards, at a glance.
            let count = usize::from(s.snap.counts.get(seat).copied().unwrap_or(0));
            let mut l = lines;
            l.insert(0, Line::styled("▮".repeat(count.min(iw)), ctx.theme.border));
            l
        } else {
            lines
        };
        f.render_widget(Paragraph::new(lines), inner);
    }
}

/// `line` cut to `max` cells (span by span, the last one truncated).
pub(super) fn trim_line(line: Line<'static>, max: usize) -> Line<'static> {
    let mut used = 0;
    let mut out = Vec::new();
    for sp in line.spans {
        let w = width(&sp.content);
        if used + w <= max {
            used += w;
            out.push(sp);
        } else {
            let rest = max.saturating_sub(used);
            if rest > 0 {
                out.push(Span::styled(truncate(&sp.content, rest), sp.style));
            }
            break;
        }
    }
    Line::from(out)
}

fn badges(s: &DaifugoScreen, ctx: &Ctx) -> Line<'static> {
    let snap = &s.snap;
    let badge_style = ctx.theme.warning.add_modifier(Modifier::REVERSED);
    let mut spans: Vec<Span> = Vec::new();
    let mut add = |text: String, style: Style| {
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(format!("[{text}]"), style));
    };
    if snap.revolution {
        add(ctx.t("daifugo.ui.revolution").to_string(), badge_style);
    }
    if snap.jack_back {
        add(ctx.t("daifugo.ui.jack_back").to_string(), badge_style);
    }
    if !snap.lock.is_empty() {
        add(
            ctx.tf(
                "daifugo.ui.lock",
                &[("suits", &snap.lock.label(ctx.symbols))],
            ),
            ctx.theme.accent.add_modifier(Modifier::BOLD),
        );
    }
    if snap.number_lock {
        add(
            ctx.t("daifugo.ui.number_lock").to_string(),
            ctx.theme.accent.add_modifier(Modifier::BOLD),
        );
    }
    if spans.is_empty() {
        spans.push(Span::styled(
            ctx.t("daifugo.ui.normal_order").to_string(),
            ctx.theme.dim,
        ));
    }
    // The direction of play first, where a 9-reverse can turn it (§3b).
    if snap.rules.nine_reverse.enabled && snap.players > 2 {
        let (key, style) = if snap.clockwise {
            ("daifugo.ui.clockwise", ctx.theme.dim)
        } else {
            (
                "daifugo.ui.counterclockwise",
                ctx.theme.warning.add_modifier(Modifier::BOLD),
            )
        };
        spans.insert(0, Span::raw(" "));
        spans.insert(0, Span::styled(ctx.t(key).to_string(), style));
    }
    Line::from(spans)
}

fn turn_line(s: &DaifugoScreen, ctx: &Ctx) -> Line<'static> {
    match s.snap.to_act {
        Some(0) if s.mode == Mode::Table => {
            Line::styled(ctx.t("daifugo.ui.turn_you").to_string(), ctx.theme.selected)
        }
        Some(seat) if s.mode == Mode::Table => Line::styled(
            ctx.tf("daifugo.ui.turn_seat", &[("seat", &seat_name(seat, ctx))]),
            ctx.theme.accent,
        ),
        _ => Line::raw(""),
    }
}

fn render_pile(s: &DaifugoScreen, f: &mut Frame, area: Rect, ctx: &Ctx) {
    if area.height < 3 {
        return;
    }
    let block = boxed(
        Line::styled(format!(" {} ", ctx.t("daifugo.ui.pile")), ctx.theme.title),
        ctx.theme.border,
    );
    let inner = block.inner(area);
    f.render_widget(block, area);
    let iw = usize::from(inner.width);
    f.render_widget(Paragraph::new(trim_line(badges(s, ctx), iw)), row(inner, 0));
    let last = inner.height.saturating_sub(1);
    f.render_widget(Paragraph::new(turn_line(s, ctx)), row(inner, last));
    match s.snap.pile {
        None => {
            f.render_widget(
                Paragraph::new(Line::styled(
                    ctx.t("daifugo.ui.pile_empty").to_string(),
                    ctx.theme.dim,
                )),
                row(inner, 1),
            );
        }
        Some(pv) => {
            let by = ctx.tf(
                "daifugo.ui.pile_by",
                &[
                    ("seat", &seat_name(pv.seat, ctx)),
                    ("form", &crate::i18n::daifugo::play_form(ctx.lang, pv.play)),
                ],
            );
            f.render_widget(
                Paragraph::new(Line::styled(truncate(&by, iw), ctx.theme.text)),
                row(inner, 1),
            );
            let big_cards = Rect::new(inner.x, inner.y + 2, inner.width, BIG_H);
            let big = area.height >= BIG_PILE_H
                && is_big(f.area())
                && render_big_play(pv.play, f, big_cards, ctx);
            if big {
                // Drawn.
            } else if inner.height >= 6 {
                render_tall_play(
                    pv.play,
                    f,
                    Rect::new(inner.x, inner.y + 2, inner.width, 3),
                    ctx,
                );
            } else {
                let spans: Vec<Span> = play_spans(pv.play, ctx)
                    .into_iter()
                    .map(|sp| sp.patch_style(Style::new().add_modifier(Modifier::BOLD)))
                    .collect();
                f.render_widget(
                    Paragraph::new(trim_line(Line::from(spans), iw)),
                    row(inner, 2),
                );
            }
        }
    }
}

/// The cards of `play` in the order the pile shows them, each with the card a joker stands for
/// in a sequence: a sequence by strength, a group's natural cards then its jokers.
fn pile_cards(play: Play) -> Vec<(Card, Option<Card>)> {
    let stand: Vec<_> = play.stand_ins().collect();
    let mut cards: Vec<(crate::cards::Card, Option<crate::cards::Card>)> = play
        .cards()
        .naturals()
        .iter()
        .map(|c| (c, None))
        .chain(stand.iter().map(|(j, c)| (*j, Some(*c))))
        .collect();
    if play.form() == Form::Sequence {
        cards.sort_by_key(|(c, s)| {
            crate::daifugo::cardset::card_strength(s.unwrap_or(*c)).unwrap_or(u8::MAX)
        });
    } else {
        // Jokers of a group stand for nothing in particular: after the natural cards.
        cards = play
            .cards()
            .sorted(false)
            .into_iter()
            .map(|c| (c, None))
            .collect();
    }
    cards
}

/// Draws `play` as big faces in the 5-row `area`, spread or overlapping; false (nothing drawn)
/// when even overlapping faces do not fit, so the caller falls back to smaller ones.
fn render_big_play(play: Play, f: &mut Frame, area: Rect, ctx: &Ctx) -> bool {
    let area = fit(area, f.area());
    let cards = pile_cards(play);
    let Some(step) = big_step(cards.len(), area.width) else {
        return false;
    };
    if area.height < BIG_H {
        return false;
    }
    let faces: Vec<BigFace> = cards
        .into_iter()
        .map(|(c, s)| BigFace {
            stands_for: s,
            ..BigFace::up(c)
        })
        .collect();
    draw_big_row(
        f.buffer_mut(),
        area,
        (area.x, area.y),
        &faces,
        step,
        &|_| 0,
        ctx,
    );
    true
}

fn render_tall_play(play: Play, f: &mut Frame, area: Rect, ctx: &Ctx) {
    let area = fit(area, f.area());
    let cards = pile_cards(play);
    let mut rows: [Vec<Span>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    let mut used = 0usize;
    for (c, s) in cards {
        let face = tall_face(c, s, ctx);
        let w = face[0].width() + 1;
        if used + w > usize::from(area.width) {
            break;
        }
        used += w;
        for (k, l) in face.into_iter().enumerate() {
            rows[k].extend(l.spans);
            rows[k].push(Span::raw(" "));
        }
    }
    for (k, spans) in rows.into_iter().enumerate() {
        f.render_widget(Paragraph::new(Line::from(spans)), row(area, k as u16));
    }
}

/// One display row of the candidate list.
enum ListRow {
    Header(String),
    Item(usize),
}

fn render_candidates(s: &DaifugoScreen, f: &mut Frame, area: Rect, ctx: &Ctx) {
    if area.height < 3 {
        return;
    }
    let my_turn = s.human_to_act();
    let items = s.cands.items();
    let shown = items
        .iter()
        .filter(|i| matches!(i, Candidate::Play(_)))
        .count();
    let title = if my_turn {
        ctx.tf(
            "daifugo.ui.plays",
            &[
                ("shown", &shown.to_string()),
                ("total", &s.cands.total_plays().to_string()),
            ],
        )
    } else {
        ctx.t("daifugo.ui.plays_none").to_string()
    };
    let border = if my_turn {
        ctx.theme.accent
    } else {
        ctx.theme.border
    };
    let mut block = boxed(Line::styled(format!(" {title} "), ctx.theme.title), border);
    if my_turn && let Some(text) = advisor::legend(&s.advisor, s.snap.players, ctx) {
        block = block.title_bottom(Line::styled(format!(" {text} "), ctx.theme.dim));
    }
    let inner = block.inner(area);
    f.render_widget(block, area);
    let iw = usize::from(inner.width);
    let value_w = if s.advisor.is_on() {
        advisor::COLUMN
    } else {
        0
    };
    if !my_turn {
        // Only while the round is played: once it is over nobody plays on.
        let at_table = s.mode == Mode::Table;
        let text = match (s.snap.places.first(), s.snap.to_act) {
            (Some(Some(p)), _) if at_table => {
                ctx.tf("daifugo.ui.you_are_out", &[("place", &place_name(*p, ctx))])
            }
            (_, Some(seat)) if at_table => {
                ctx.tf("daifugo.ui.waiting", &[("seat", &seat_name(seat, ctx))])
            }
            _ => String::new(),
        };
        f.render_widget(
            Paragraph::new(wrapped(&text, ctx.theme.dim, inner.width)),
            inner,
        );
        return;
    }
    // Rows: a heading whenever the form changes, then the entries.
    let mut rows: Vec<ListRow> = Vec::new();
    let mut last_group = None;
    let mut sel_row = 0;
    for (i, item) in items.iter().enumerate() {
        if let Candidate::Play(p) = item {
            let g = form_group(*p);
            if last_group != Some(g) {
                let name = match g {
                    (Form::Sequence, _) => ctx.t("daifugo.ui.head_sequence").to_string(),
                    (Form::Single, _) => ctx.t("daifugo.ui.head_single").to_string(),
                    (Form::Group, 2) => ctx.t("daifugo.ui.head_pair").to_string(),
                    (Form::Group, 3) => ctx.t("daifugo.ui.head_triple").to_string(),
                    (Form::Group, k) => ctx.tf("daifugo.ui.head_group", &[("n", &k.to_string())]),
                };
                rows.push(ListRow::Header(name));
                last_group = Some(g);
            }
        }
        if i == s.cands.selected() {
            sel_row = rows.len();
        }
        rows.push(ListRow::Item(i));
    }
    let h = usize::from(inner.height);
    let start = window_start(sel_row, rows.len(), h);
    s.hits.borrow_mut().list = rows
        .iter()
        .skip(start)
        .take(h)
        .enumerate()
        .filter_map(|(k, r)| match r {
            ListRow::Item(i) => Some((inner.y + k as u16, *i)),
            ListRow::Header(_) => None,
        })
        .collect();
    let mut lines = Vec::new();
    for r in rows.iter().skip(start).take(h) {
        match r {
            ListRow::Header(name) => {
                lines.push(Line::styled(
                    truncate(&format!("── {name}"), iw),
                    ctx.theme.dim,
                ));
            }
            ListRow::Item(i) => {
                let selected = *i == s.cands.selected();
                let mut spans = vec![Span::raw(if selected {
                    ctx.theme.marker
                } else {
                    ctx.theme.no_marker
                })];
                match items[*i] {
                    Candidate::Play(p) => {
                        spans.extend(play_spans(p, ctx));
                        let tags = s.tags_of(p);
                        let mut tag = |key: &str| {
                            spans.push(Span::raw(" "));
                            spans
                                .push(Span::styled(format!("[{}]", ctx.t(key)), ctx.theme.warning));
                        };
                        match tags.revolution {
                            Some(true) => tag("daifugo.ui.tag.revolution"),
                            Some(false) => tag("daifugo.ui.tag.counter_revolution"),
                            None => {}
                        }
                        if tags.forbidden_finish {
                            tag("daifugo.ui.tag.forbidden_finish");
                        }
                    }
                    Candidate::Pass => spans.push(Span::styled(
                        ctx.t("daifugo.ui.pass").to_string(),
                        ctx.theme.text,
                    )),
                }
                let mut line = trim_line(Line::from(spans), iw.saturating_sub(value_w));
                if let Some(v) = advisor::cell_span(s.advisor.cell(items[*i]), ctx) {
                    let used = line.width();
                    let room = iw.saturating_sub(used + advisor::COLUMN);
                    line.spans.push(Span::raw(" ".repeat(room)));
                    line.spans.push(v);
                }
                if selected {
                    let used = line.width();
                    line.spans
                        .push(Span::raw(" ".repeat(iw.saturating_sub(used))));
                    line = line.patch_style(ctx.theme.selected);
                }
                lines.push(line);
            }
        }
    }
    // Marks that no play holds: say why under what is left of the list.
    if let Some(reason) = s.marked_reason(ctx) {
        if !lines.is_empty() {
            lines.push(Line::raw(""));
        }
        let text = ctx.tf("daifugo.ui.hint.marked_none", &[("reason", &reason)]);
        lines.extend(wrapped(&text, ctx.theme.warning, inner.width));
    }
    // "More" hints on the border when the list scrolls.
    f.render_widget(Paragraph::new(lines), inner);
    if start > 0 {
        let r = Rect::new(area.x + area.width.saturating_sub(4), area.y, 3, 1);
        f.render_widget(
            Paragraph::new(Span::styled("▲", ctx.theme.key)),
            fit(r, area),
        );
    }
    if start + h < rows.len() {
        let r = Rect::new(
            area.x + area.width.saturating_sub(4),
            area.y + area.height.saturating_sub(1),
            3,
            1,
        );
        f.render_widget(
            Paragraph::new(Span::styled("▼", ctx.theme.key)),
            fit(r, area),
        );
    }
}

fn cards_spans(cards: CardSet, ctx: &Ctx) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for (i, c) in cards.sorted(false).into_iter().enumerate() {
        if i > 0 {
            out.push(Span::raw(" "));
        }
        out.push(card_span(c, ctx));
    }
    out
}

fn render_exchange(s: &DaifugoScreen, f: &mut Frame, area: Rect, ctx: &Ctx) {
    if area.height < 3 {
        return;
    }
    let Some(gb) = s.snap.give_back else {
        return;
    };
    let block = boxed(
        Line::styled(format!(" {} ", ctx.t("daifugo.keys.give")), ctx.theme.title),
        ctx.theme.accent,
    );
    let inner = block.inner(area);
    f.render_widget(block, area);
    let title = title_of(s.snap.titles.first().copied().flatten(), ctx).unwrap_or("");
    let received = cards_label(s.snap.exchange.received, ctx);
    let text = ctx.tf(
        "daifugo.ui.hint.give_back",
        &[
            ("title", title),
            ("seat", &seat_name(gb.to, ctx)),
            ("cards", &received),
            ("count", &gb.count.to_string()),
        ],
    );
    let mut lines = wrapped(&text, ctx.theme.text, inner.width);
    lines.push(Line::raw(""));
    let mut marked = vec![Span::styled(
        format!("{} / {}: ", s.marked.len(), gb.count),
        ctx.theme.key,
    )];
    marked.extend(cards_spans(s.marked, ctx));
    lines.push(trim_line(Line::from(marked), usize::from(inner.width)));
    f.render_widget(Paragraph::new(lines), inner);
}

/// The choice owed after the human's play (`rules/daifugo.md` §3b): the cards to give
/// (7-pass, the receiver named) or throw away (10-discard, the cards allowed listed), marked in
/// the hand as in the exchange, with the count allowed; or the thirteen ranks to name for a
/// Q-bomber, with how many of each the hand holds.
fn render_choice(s: &DaifugoScreen, f: &mut Frame, area: Rect, ctx: &Ctx) {
    if area.height < 3 {
        return;
    }
    let Some(choice) = s.snap.choice else {
        return;
    };
    let title = match choice {
        Decision::Give { .. } => "daifugo.ui.choice.give_title",
        Decision::Discard { .. } => "daifugo.ui.choice.discard_title",
        _ => "daifugo.ui.choice.bomb_title",
    };
    let block = boxed(
        Line::styled(format!(" {} ", ctx.t(title)), ctx.theme.title),
        ctx.theme.accent,
    );
    let inner = block.inner(area);
    f.render_widget(block, area);
    let count = |n: u8| n.to_string();
    let mut lines = Vec::new();
    match choice {
        Decision::Give {
            count: n,
            exact,
            to,
        } => {
            let key = if exact {
                "daifugo.ui.choice.give_exact"
            } else {
                "daifugo.ui.choice.give_up_to"
            };
            let text = ctx.tf(
                key,
                &[
                    ("count", &count(n)),
                    ("seat", &seat_name(usize::from(to), ctx)),
                ],
            );
            lines.extend(wrapped(&text, ctx.theme.text, inner.width));
            lines.push(Line::raw(""));
            let mut marked = vec![Span::styled(
                format!("{} / {}: ", s.marked.len(), n),
                ctx.theme.key,
            )];
            marked.extend(cards_spans(s.marked, ctx));
            lines.push(trim_line(Line::from(marked), usize::from(inner.width)));
        }
        Decision::Discard {
            count: n,
            exact,
            eligible,
        } => {
            let key = if exact {
                "daifugo.ui.choice.discard_exact"
            } else {
                "daifugo.ui.choice.discard_up_to"
            };
            lines.extend(wrapped(
                &ctx.tf(key, &[("count", &count(n))]),
                ctx.theme.text,
                inner.width,
            ));
            let hand = CardSet::from_cards(&s.snap.hand);
            if eligible != hand {
                lines.extend(wrapped(
                    &ctx.tf(
                        "daifugo.ui.choice.eligible",
                        &[("cards", &cards_label(eligible, ctx))],
                    ),
                    ctx.theme.dim,
                    inner.width,
                ));
            }
            lines.push(Line::raw(""));
            let mut marked = vec![Span::styled(
                format!("{} / {}: ", s.marked.len(), n),
                ctx.theme.key,
            )];
            marked.extend(cards_spans(s.marked, ctx));
            lines.push(trim_line(Line::from(marked), usize::from(inner.width)));
        }
        Decision::Bomb { count: n } => {
            let (ranks, cursor) = s.bomb_marks();
            lines.extend(wrapped(
                &ctx.tf("daifugo.ui.choice.bomb", &[("count", &count(n))]),
                ctx.theme.text,
                inner.width,
            ));
            lines.push(Line::styled(
                format!("{} / {}", ranks.len(), n),
                ctx.theme.key,
            ));
            let hand = CardSet::from_cards(&s.snap.hand);
            // The rank list, scrolled so the highlighted row shows, in the rows the (already
            // wrapped) text leaves.
            let used = lines.len() as u16;
            let rows = inner.height.saturating_sub(used).max(1) as usize;
            let first = window_start(usize::from(cursor), RANKS as usize, rows);
            for st in (0..RANKS).skip(first).take(rows) {
                let Some(rank) = rank_at(st) else { continue };
                let mark = if ranks.contains(st) { "[x]" } else { "[ ]" };
                let held = hand.suits_at(st).len();
                let mut text = format!("{mark} {:>2}", ctx.rank_label(rank));
                if held > 0 {
                    text.push_str("  ");
                    text.push_str(&ctx.tf(
                        "daifugo.ui.choice.you_hold",
                        &[("count", &held.to_string())],
                    ));
                }
                let style = if st == cursor {
                    ctx.theme.accent.add_modifier(Modifier::REVERSED)
                } else if ranks.contains(st) {
                    ctx.theme.warning
                } else {
                    ctx.theme.text
                };
                lines.push(Line::styled(text, style));
            }
        }
        _ => {}
    }
    f.render_widget(Paragraph::new(lines), inner);
}

/// The message: a notice if there is one, else what the player should know now.
pub fn message(s: &DaifugoScreen, ctx: &Ctx) -> (String, Style) {
    if let Some(n) = &s.notice {
        let style = if n.warning {
            ctx.theme.warning
        } else {
            ctx.theme.accent
        };
        return (n.text.clone(), style);
    }
    let snap = &s.snap;
    match &s.mode {
        Mode::RoundOver(r) => {
            return (
                ctx.tf(
                    "daifugo.ui.hint.round_over",
                    &[("round", &r.round.to_string())],
                ),
                ctx.theme.text,
            );
        }
        Mode::MatchOver(_) => return (String::new(), ctx.theme.text),
        Mode::Table => {}
    }
    if let Some(seat) = s.thinking_seat() {
        return (
            ctx.tf(
                "daifugo.ui.hint.thinking",
                &[("seat", &seat_name(seat, ctx))],
            ),
            ctx.theme.accent,
        );
    }
    match snap.to_act {
        Some(0) if snap.give_back.is_some() => (String::new(), ctx.theme.text),
        Some(0) if snap.choice.is_some() => (
            ctx.t(match snap.choice {
                Some(Decision::Bomb { .. }) => "daifugo.ui.hint.choice_bomb",
                _ => "daifugo.ui.hint.choice_cards",
            })
            .to_string(),
            ctx.theme.text,
        ),
        Some(0) => match snap.pile {
            None => (ctx.t("daifugo.ui.hint.lead").to_string(), ctx.theme.text),
            Some(pv) => {
                let pile = play_label(pv.play, ctx);
                if let Some(reason) = s.why_only_pass(ctx) {
                    return (
                        ctx.tf(
                            "daifugo.ui.hint.only_pass",
                            &[("pile", &pile), ("reason", &reason)],
                        ),
                        ctx.theme.warning,
                    );
                }
                let mut text = ctx.tf(
                    "daifugo.ui.hint.follow",
                    &[
                        ("pile", &pile),
                        ("form", &crate::i18n::daifugo::play_form(ctx.lang, pv.play)),
                        ("seat", &seat_name(pv.seat, ctx)),
                    ],
                );
                if !snap.lock.is_empty() {
                    text.push(' ');
                    text.push_str(&ctx.tf(
                        "daifugo.ui.hint.lock",
                        &[("suits", &snap.lock.label(ctx.symbols))],
                    ));
                }
                if snap.number_lock
                    && let Some(next) =
                        next_rank_label(pv.play, snap.revolution != snap.jack_back, ctx)
                {
                    text.push(' ');
                    text.push_str(&ctx.tf("daifugo.ui.hint.number_lock", &[("rank", &next)]));
                }
                (text, ctx.theme.text)
            }
        },
        Some(seat) => {
            if let Some(Some(p)) = snap.places.first() {
                return (
                    ctx.tf("daifugo.ui.hint.out", &[("place", &place_name(*p, ctx))]),
                    ctx.theme.text,
                );
            }
            let key = if snap.phase == crate::daifugo::Phase::Exchange {
                "daifugo.ui.hint.exchange_wait"
            } else {
                "daifugo.ui.hint.cpu_turn"
            };
            (
                ctx.tf(key, &[("seat", &seat_name(seat, ctx))]),
                ctx.theme.dim,
            )
        }
        None => (String::new(), ctx.theme.text),
    }
}

/// The rank a number lock asks for after `pile` (one step stronger in the current order), as
/// the screen writes it (`10`, not `T`).
fn next_rank_label(pile: Play, reversed: bool, ctx: &Ctx) -> Option<String> {
    let r = pile.rank()?;
    let s = crate::daifugo::cardset::strength(r);
    let next = if reversed {
        s.checked_sub(1)?
    } else {
        s.checked_add(1)?
    };
    crate::daifugo::cardset::rank_at(next).map(|r| ctx.rank_label(r).to_string())
}

fn render_message(s: &DaifugoScreen, f: &mut Frame, area: Rect, ctx: &Ctx) {
    let (text, style) = message(s, ctx);
    let lines: Vec<Line> = wrap(&text, usize::from(area.width.saturating_sub(1)))
        .into_iter()
        .map(|l| Line::styled(format!(" {l}"), style))
        .collect();
    f.render_widget(Paragraph::new(lines), area);
}

fn render_hand_area(s: &DaifugoScreen, f: &mut Frame, area: Rect, big: bool, ctx: &Ctx) {
    if area.is_empty() {
        return;
    }
    let snap = &s.snap;
    let cards = ctx.tf("daifugo.ui.cards", &[("n", &snap.hand.len().to_string())]);
    let points = ctx.tf(
        "daifugo.ui.points",
        &[("n", &snap.totals.first().copied().unwrap_or(0).to_string())],
    );
    let info = match title_of(snap.titles.first().copied().flatten(), ctx) {
        Some(t) => ctx.tf(
            "daifugo.ui.hand_info",
            &[("title", t), ("cards", &cards), ("points", &points)],
        ),
        None => ctx.tf(
            "daifugo.ui.hand_info_untitled",
            &[("cards", &cards), ("points", &points)],
        ),
    };
    let my_turn = s.human_to_act();
    let mut spans = vec![
        Span::styled(
            ctx.t("daifugo.ui.hand").to_string(),
            if my_turn {
                ctx.theme.selected
            } else {
                ctx.theme.title
            },
        ),
        Span::styled(info, ctx.theme.dim),
    ];
    if my_turn {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            ctx.t("daifugo.ui.turn_you").to_string(),
            ctx.theme.accent.add_modifier(Modifier::BOLD),
        ));
    }
    let ex = snap.exchange;
    if !ex.received.is_empty() && snap.give_back.is_none() {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            ctx.tf(
                "daifugo.ui.received",
                &[("cards", &cards_label(ex.received, ctx))],
            ),
            ctx.theme.dim,
        ));
    }
    if !ex.gave.is_empty() {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            ctx.tf("daifugo.ui.gave", &[("cards", &cards_label(ex.gave, ctx))]),
            ctx.theme.dim,
        ));
    }
    f.render_widget(
        Paragraph::new(trim_line(Line::from(spans), usize::from(area.width))),
        row(area, 0),
    );
    let faces = Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height.saturating_sub(1),
    );
    // Raised: what Enter will put down — the highlighted play's cards, or during a give-back,
    // a 7-pass or a 10-discard the marked cards. Underlined: the cards just received (a
    // give-back) or the cards that may go (a 10-discard).
    let (highlight, noted) = match (my_turn, snap.give_back, snap.choice) {
        (true, _, Some(Decision::Discard { eligible, .. })) => (s.marked, eligible),
        (true, _, Some(_)) => (s.marked, CardSet::EMPTY),
        (true, Some(_), None) => (s.marked, snap.exchange.received),
        (true, None, None) => (s.cands.current_cards(), CardSet::EMPTY),
        _ => (CardSet::EMPTY, CardSet::EMPTY),
    };
    let hand = &snap.hand;
    {
        let mut hits = s.hits.borrow_mut();
        hits.hand = faces;
        hits.big = big;
    }
    render_hand(
        f,
        faces,
        hand,
        &|i| FaceState {
            cursor: my_turn && i == s.cursor,
            marked: s.marked.contains(hand[i]),
            highlight: highlight.contains(hand[i]),
            noted: noted.contains(hand[i]),
        },
        big,
        ctx,
    );
}

/// A results box centred in `area`: blanked, bordered, titled.
fn results_box(f: &mut Frame, area: Rect, w: u16, h: u16, title: &str, ctx: &Ctx) -> Rect {
    let r = centered(
        area,
        w.min(area.width.saturating_sub(2)),
        h.min(area.height),
    );
    clear(f, r);
    let block = boxed(
        Line::styled(format!(" {title} "), ctx.theme.title),
        ctx.theme.accent,
    );
    let inner = block.inner(r);
    f.render_widget(block, r);
    inner
}

/// Left-aligned columns: each cell padded to its column's width in cells.
fn columns(cells: &[Vec<(String, Style)>]) -> Vec<Line<'static>> {
    let cols = cells.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            cells
                .iter()
                .filter_map(|r| r.get(c))
                .map(|(t, _)| width(t))
                .max()
                .unwrap_or(0)
        })
        .collect();
    cells
        .iter()
        .map(|r| {
            let mut spans = Vec::new();
            for (c, (t, st)) in r.iter().enumerate() {
                let pad = widths[c].saturating_sub(width(t)) + 2;
                spans.push(Span::styled(format!("{t}{}", " ".repeat(pad)), *st));
            }
            Line::from(spans)
        })
        .collect()
}

fn render_round_result(
    s: &DaifugoScreen,
    r: &crate::daifugo::view::RoundResult,
    f: &mut Frame,
    area: Rect,
    ctx: &Ctx,
) {
    let n = r.places.len();
    let title = ctx.tf(
        "daifugo.ui.results.round_title",
        &[
            ("round", &r.round.to_string()),
            ("rounds", &s.settings.rounds.to_string()),
        ],
    );
    let head = |k: &str| (ctx.t(k).to_string(), ctx.theme.key);
    let mut cells = vec![vec![
        head("daifugo.ui.results.place"),
        head("daifugo.ui.results.player"),
        head("daifugo.ui.results.title"),
        head("daifugo.ui.results.points"),
        head("daifugo.ui.results.total"),
    ]];
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|seat| r.places[*seat]);
    // Totals after this round: the history up to and including it.
    let totals: Vec<u32> = (0..n)
        .map(|seat| {
            s.game
                .history()
                .iter()
                .take_while(|h| h.round <= r.round)
                .map(|h| h.points.get(seat).copied().unwrap_or(0))
                .sum()
        })
        .collect();
    // A title a fall or a foul gave says so: "Daihinmin" alone reads like a round played badly.
    for seat in order {
        let place = r.places[seat];
        let st = if seat == 0 {
            ctx.theme.title
        } else {
            ctx.theme.text
        };
        let title =
            crate::i18n::daifugo::title_name(ctx.lang, Title::for_place(usize::from(place), n));
        let title = match s.history.finish_kind(r.round, seat as u8) {
            Some(FinishKind::MiyakoOchi) => ctx.tf("daifugo.ui.results.fell", &[("title", title)]),
            Some(FinishKind::Foul) => ctx.tf("daifugo.ui.results.foul", &[("title", title)]),
            _ => title.to_string(),
        };
        cells.push(vec![
            (place_name(place, ctx), st),
            (seat_name(seat, ctx), st),
            (title, st),
            (format!("+{}", r.points[seat]), st),
            (totals[seat].to_string(), st),
        ]);
    }
    let mut lines = columns(&cells);
    lines.push(Line::raw(""));
    let next = if s.game.outcome().is_some() {
        "daifugo.ui.results.last_round"
    } else {
        "daifugo.ui.results.next_round"
    };
    lines.push(Line::styled(ctx.t(next).to_string(), ctx.theme.key));
    let w = lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(20)
        .max(width(&title) + 4) as u16
        + 4;
    let h = lines.len() as u16 + 2;
    let inner = results_box(f, area, w, h, &title, ctx);
    f.render_widget(
        Paragraph::new(lines),
        fit(crate::tui::widgets::layout::shrink(inner, 1, 0), inner),
    );
}

/// The match result. A linked table's (`linked`: a UECda run, often hundreds of games) has no
/// places by round, and Enter closes the table instead of starting another match.
fn render_match_result(
    m: &crate::daifugo::MatchResult,
    linked: bool,
    f: &mut Frame,
    area: Rect,
    ctx: &Ctx,
) {
    let n = m.totals.len();
    let head = |k: &str| (ctx.t(k).to_string(), ctx.theme.key);
    let mut cells = vec![vec![
        head("daifugo.ui.results.rank"),
        head("daifugo.ui.results.player"),
        head("daifugo.ui.results.total"),
    ]];
    if !linked {
        cells[0].push(head("daifugo.ui.results.rounds"));
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|seat| (m.ranks[*seat], *seat));
    for seat in order {
        let st = if seat == 0 {
            ctx.theme.title
        } else {
            ctx.theme.text
        };
        let places: Vec<String> = m
            .rounds
            .iter()
            .map(|r| r.places.get(seat).copied().unwrap_or(0).to_string())
            .collect();
        let mut row = vec![
            (place_name(m.ranks[seat], ctx), st),
            (seat_name(seat, ctx), st),
            (m.totals[seat].to_string(), st),
        ];
        if !linked {
            row.push((places.join(" "), st));
        }
        cells.push(row);
    }
    let table = columns(&cells);
    let you = m.ranks.first().copied().unwrap_or(0);
    let verdict = if you == 1 {
        ctx.t("daifugo.ui.results.you_won").to_string()
    } else {
        ctx.tf(
            "daifugo.ui.results.you_placed",
            &[("place", &place_name(you, ctx))],
        )
    };
    let again = ctx.t(if linked {
        "daifugo.ui.results.close_table"
    } else {
        "daifugo.ui.results.again"
    });
    let title = ctx.t("daifugo.ui.results.match_title");
    let w = table
        .iter()
        .map(Line::width)
        .chain([width(&verdict), width(again), width(title) + 4])
        .max()
        .unwrap_or(20) as u16
        + 4;
    // The text under the table wraps to the box as drawn (borders and margins take 4 cells).
    let text_w = w.min(area.width.saturating_sub(2)).saturating_sub(4);
    let mut lines = table;
    lines.push(Line::raw(""));
    lines.extend(wrapped(&verdict, ctx.theme.title, text_w));
    lines.push(Line::raw(""));
    lines.extend(wrapped(again, ctx.theme.key, text_w));
    let h = lines.len() as u16 + 2;
    let inner = results_box(f, area, w, h, title, ctx);
    f.render_widget(
        Paragraph::new(lines),
        fit(crate::tui::widgets::layout::shrink(inner, 1, 0), inner),
    );
}

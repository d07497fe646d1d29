//! The basic-strategy chart for the configured rules (key `b` on the Blackjack screen): hard
//! totals, soft totals and pairs against every dealer up card, exactly as the hint plays them
//! ([`BasicStrategy::chart`], derived from exact EVs for these rules).
//!
//! Each cell is the usual chart code: `H` hit, `S` stand, `D` double (else hit), `Ds` double
//! (else stand), `P` split, `R` surrender (else hit), `Rs` / `Rp` surrender (else stand / split).
//! The letters carry the meaning, so the chart reads the same without colour (mono theme,
//! `NO_COLOR`); with colour each action has its own. The hard and soft-and-pairs tables stand
//! side by side when the terminal is wide enough, else one under the other; ↑/↓ scroll what
//! does not fit.

use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::blackjack::rules::{HoleCard, Rules, Surrender};
use crate::blackjack::strategy::{BasicStrategy, ChartRow, DEALER_COLUMNS, RowKind};
use crate::config::ThemeName;
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, Binding, Key, common};
use crate::tui::screen::{Screen, Transition};
use crate::tui::screens::blackjack::advisor::StrategySlot;
use crate::tui::theme::Theme;
use crate::tui::widgets::layout::fit;
use crate::tui::widgets::text::{width, wrap};

/// How often the screen looks for the derived table while it is computed.
const POLL: Duration = Duration::from_millis(40);

const KEYMAP: &[Binding] = &[
    Binding::new(
        &[
            Key::plain(ratatui::crossterm::event::KeyCode::Esc),
            Key::char('b'),
        ],
        Action::Back,
        "common.action.close",
    )
    .in_footer(),
    common::SCROLL_UP,
    common::SCROLL_DOWN,
    common::PAGE_UP,
    common::PAGE_DOWN,
];

/// Cells per table: a row label, then one 3-column cell per dealer up card.
const LABEL_W: usize = 7;
const CELL_W: usize = 3;
/// Width of one table.
const TABLE_W: usize = LABEL_W + CELL_W * DEALER_COLUMNS.len();
/// Space between two tables side by side.
const GAP: usize = 4;

/// The chart screen.
pub struct ChartScreen {
    rules: Rules,
    strategy: StrategySlot,
    due: Option<Instant>,
    scroll: usize,
}

impl ChartScreen {
    /// The chart for `rules`: `known` when the caller already holds the derived table, else
    /// derived on a worker thread (at once when these rules were derived before).
    pub fn new(rules: Rules, known: Option<BasicStrategy>) -> ChartScreen {
        let strategy = match known {
            Some(t) => StrategySlot::ready(t),
            None => StrategySlot::derive(rules),
        };
        let mut s = ChartScreen {
            rules,
            strategy,
            due: None,
            scroll: 0,
        };
        s.poll(Instant::now());
        s
    }

    fn poll(&mut self, now: Instant) {
        self.strategy.poll();
        self.due = self.strategy.pending().then(|| now + POLL);
    }

    /// The chart's lines for a body `cols` wide.
    fn lines(&self, cols: usize, ctx: &Ctx) -> Vec<Line<'static>> {
        let mut out = Vec::new();
        // The rules, broken between their parts.
        let mut cur = String::new();
        for part in rules_parts(&self.rules, ctx) {
            if !cur.is_empty() && width(&cur) + 3 + width(&part) > cols {
                out.push(Line::styled(std::mem::take(&mut cur), ctx.theme.dim));
            }
            if !cur.is_empty() {
                cur.push_str(" · ");
            }
            cur.push_str(&part);
        }
        out.push(Line::styled(cur, ctx.theme.dim));
        for l in wrap(ctx.t("blackjack.chart.axes"), cols.max(20)) {
            out.push(Line::styled(l, ctx.theme.dim));
        }
        let Some(strategy) = self.strategy.get() else {
            out.push(Line::raw(""));
            out.push(Line::styled(
                ctx.t("blackjack.chart.computing").to_string(),
                ctx.theme.dim,
            ));
            return out;
        };
        out.push(Line::raw(""));
        let rows = strategy.chart();
        let hard = table(
            ctx.t("blackjack.chart.hard"),
            rows_of(&rows, RowKind::Hard, 5..=20, true),
            ctx,
        );
        let mut right = table(
            ctx.t("blackjack.chart.soft"),
            rows_of(&rows, RowKind::Soft, 13..=20, false),
            ctx,
        );
        right.push(Line::raw(""));
        right.extend(table(
            ctx.t("blackjack.chart.pairs"),
            rows_of(&rows, RowKind::Pair, 1..=10, false),
            ctx,
        ));
        if cols >= 2 * TABLE_W + GAP {
            let n = hard.len().max(right.len());
            for i in 0..n {
                let left = hard.get(i).cloned().unwrap_or_default();
                let pad = (TABLE_W + GAP).saturating_sub(left.width());
                let mut spans = left.spans;
                spans.push(Span::raw(" ".repeat(pad)));
                if let Some(r) = right.get(i) {
                    spans.extend(r.spans.iter().cloned());
                }
                out.push(Line::from(spans));
            }
        } else {
            out.extend(hard);
            out.push(Line::raw(""));
            out.extend(right);
        }
        out.push(Line::raw(""));
        out.extend(legend(cols, ctx));
        out
    }
}

/// The rows of one kind whose totals are in `range`; with `skip_all_stand`, rows at the end of
/// the range where every cell is a plain stand are left out (hard 18 to 20 usually).
fn rows_of(
    rows: &[ChartRow],
    kind: RowKind,
    range: std::ops::RangeInclusive<u8>,
    skip_all_stand: bool,
) -> Vec<ChartRow> {
    let mut out: Vec<ChartRow> = rows
        .iter()
        .filter(|r| r.kind == kind && range.contains(&r.total))
        .cloned()
        .collect();
    if skip_all_stand {
        while out.len() > 1
            && out
                .last()
                .is_some_and(|r| r.total > 17 && r.cells.iter().all(|c| c.code() == "S"))
        {
            out.pop();
        }
    }
    out
}

/// A row's label: "12", "A,7", "8,8", "10,10".
fn row_label(r: &ChartRow) -> String {
    let card = |v: u8| match v {
        1 => "A".to_string(),
        n => n.to_string(),
    };
    match r.kind {
        RowKind::Pair => format!("{0},{0}", card(r.total)),
        RowKind::Soft | RowKind::SoftAfterHit => format!("A,{}", card(r.total - 11)),
        RowKind::Hard | RowKind::HardAfterHit => r.total.to_string(),
    }
}

/// One table: its title, the dealer's up cards, and the rows.
fn table(title: &str, rows: Vec<ChartRow>, ctx: &Ctx) -> Vec<Line<'static>> {
    let mut out = vec![Line::styled(title.to_string(), ctx.theme.title)];
    let mut head = vec![Span::raw(" ".repeat(LABEL_W))];
    for up in DEALER_COLUMNS {
        let t = if up == 1 { "A".into() } else { up.to_string() };
        head.push(Span::styled(format!("{t:<CELL_W$}"), ctx.theme.dim));
    }
    out.push(Line::from(head));
    for r in rows {
        let mut spans = vec![Span::styled(
            format!("{:<LABEL_W$}", row_label(&r)),
            ctx.theme.text.add_modifier(Modifier::BOLD),
        )];
        for c in &r.cells {
            let code = c.code();
            spans.push(Span::styled(
                format!("{code:<CELL_W$}"),
                cell_style(&code, &ctx.theme),
            ));
        }
        out.push(Line::from(spans));
    }
    out
}

/// The style of a chart code by its first letter. The letters say everything; the colours only
/// help the eye. The theme has no style per action, so the chart picks its colours by theme,
/// and under the mono theme (and `NO_COLOR`) sets none: bold, underline and italic instead.
fn cell_style(code: &str, theme: &Theme) -> Style {
    let first = code.chars().next().unwrap_or('H');
    if theme.name == ThemeName::Mono {
        return match first {
            'S' => theme.text.add_modifier(Modifier::BOLD),
            'D' => theme.text.add_modifier(Modifier::UNDERLINED),
            'P' => theme
                .text
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            'R' => theme.text.add_modifier(Modifier::ITALIC),
            _ => theme.text,
        };
    }
    let light = theme.name == ThemeName::Light;
    let color = match first {
        'S' => {
            if light {
                Color::Blue
            } else {
                Color::Yellow
            }
        }
        'D' => Color::Green,
        'P' => {
            if light {
                Color::Magenta
            } else {
                Color::Cyan
            }
        }
        'R' => Color::Red,
        _ => return theme.text,
    };
    Style::new().fg(color).add_modifier(Modifier::BOLD)
}

/// What the codes mean, wrapped to `cols`.
fn legend(cols: usize, ctx: &Ctx) -> Vec<Line<'static>> {
    let items = [
        ("H", "blackjack.chart.legend_h"),
        ("S", "blackjack.chart.legend_s"),
        ("D", "blackjack.chart.legend_d"),
        ("Ds", "blackjack.chart.legend_ds"),
        ("P", "blackjack.chart.legend_p"),
        ("R", "blackjack.chart.legend_r"),
        ("Rs", "blackjack.chart.legend_rs"),
        ("Rp", "blackjack.chart.legend_rp"),
    ];
    let mut out = Vec::new();
    let mut cur: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for (code, key) in items {
        let text = ctx.t(key).to_string();
        let w = width(code) + 1 + width(&text) + 2;
        if used > 0 && used + w > cols {
            out.push(Line::from(std::mem::take(&mut cur)));
            used = 0;
        }
        cur.push(Span::styled(code.to_string(), cell_style(code, &ctx.theme)));
        cur.push(Span::styled(format!(" {text}  "), ctx.theme.dim));
        used += w;
    }
    if !cur.is_empty() {
        out.push(Line::from(cur));
    }
    out
}

/// The rules the chart is for, in a few words each.
fn rules_parts(r: &Rules, ctx: &Ctx) -> Vec<String> {
    let mut parts = vec![ctx.tf("blackjack.chart.decks", &[("decks", &r.decks.to_string())])];
    parts.push(if r.dealer_hits_soft_17 { "H17" } else { "S17" }.to_string());
    parts.push(
        ctx.t(match r.hole_card {
            HoleCard::Peek => "blackjack.chart.peek",
            HoleCard::Enhc => "blackjack.chart.enhc",
        })
        .to_string(),
    );
    if r.double_after_split {
        parts.push("DAS".into());
    }
    parts.push(ctx.tf(
        "blackjack.chart.hands",
        &[("hands", &r.max_hands.to_string())],
    ));
    match r.surrender {
        Surrender::None => {}
        Surrender::Late => parts.push(ctx.t("blackjack.chart.late_surrender").to_string()),
        Surrender::Early => parts.push(ctx.t("blackjack.chart.early_surrender").to_string()),
    }
    let (n, d) = r.blackjack_pays.ratio();
    parts.push(format!("BJ {n}:{d}"));
    parts
}

/// Columns and rows the chart is drawn in: the frame less the top bar, the footer and a margin
/// of one cell each side (as `render` lays it out).
fn body_size(ctx: &Ctx) -> (usize, usize) {
    (
        usize::from(ctx.size.width.saturating_sub(2)),
        usize::from(ctx.size.height.saturating_sub(2)),
    )
}

impl Screen for ChartScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("blackjack.chart.title").to_string()
    }

    /// Where the view is when the chart does not fit ("lines 1-22 of 40"), as the rules screen
    /// says it; nothing when it all shows.
    fn status(&self, ctx: &Ctx) -> String {
        let (cols, visible) = body_size(ctx);
        let total = self.lines(cols, ctx).len();
        if total <= visible {
            return String::new();
        }
        let first = self.scroll.min(total - visible);
        ctx.tf(
            "common.rules.position",
            &[
                ("first", &(first + 1).to_string()),
                ("last", &(first + visible).to_string()),
                ("total", &total.to_string()),
            ],
        )
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let area = fit(
            crate::tui::widgets::layout::shrink(area, 1, 0),
            frame.area(),
        );
        let lines = self.lines(usize::from(area.width), ctx);
        let visible = usize::from(area.height);
        let scroll = self.scroll.min(lines.len().saturating_sub(visible));
        let shown: Vec<Line<'static>> = lines.into_iter().skip(scroll).take(visible).collect();
        frame.render_widget(Paragraph::new(shown), area);
    }

    fn keymap(&self) -> &[Binding] {
        KEYMAP
    }

    fn handle(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        let (cols, visible) = body_size(ctx);
        let max = self.lines(cols, ctx).len().saturating_sub(visible);
        let page = visible.saturating_sub(1).max(1);
        match action {
            Action::Back => return Transition::Pop,
            Action::Up => self.scroll = self.scroll.saturating_sub(1),
            Action::Down => self.scroll = (self.scroll + 1).min(max),
            Action::PageUp => self.scroll = self.scroll.saturating_sub(page),
            Action::PageDown => self.scroll = (self.scroll + page).min(max),
            _ => {}
        }
        Transition::Stay
    }

    fn next_deadline(&self) -> Option<Instant> {
        self.due
    }

    fn on_deadline(&mut self, now: Instant, _ctx: &mut Ctx) -> Transition {
        self.poll(now);
        Transition::Stay
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_as_cards() {
        let row = |kind, total| ChartRow {
            kind,
            total,
            cells: Vec::new(),
        };
        assert_eq!(row_label(&row(RowKind::Pair, 1)), "A,A");
        assert_eq!(row_label(&row(RowKind::Pair, 10)), "10,10");
        assert_eq!(row_label(&row(RowKind::Soft, 18)), "A,7");
        assert_eq!(row_label(&row(RowKind::Hard, 12)), "12");
    }
}

//! The statistics screen (issue 14 item 2): what the statistics file holds, charted with
//! ratatui's own widgets — [`BarChart`] for places, titles and hand results, [`Sparkline`] for
//! points per match, [`Chart`] for the Blackjack bankroll line. Daifugo can be narrowed to one
//! rule set (`r`); `x` resets the shown game's statistics after a yes/no question, through the
//! same atomic update the games use (a read-only or newer file is left as it is and the
//! screen says why).

use ratatui::Frame;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Axis, Bar, BarChart, Block, Borders, Chart, Dataset, GraphType, Paragraph, Sparkline,
};

use crate::stats::{BlackjackStats, DaifugoStats, Stats, StatsStore, TITLE_ORDER};
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, BACK_KEYS, Binding, Key, common};
use crate::tui::screen::{Screen, Transition};
use crate::tui::screens::blackjack::coach::Tally;
use crate::tui::screens::blackjack::render::tally_text;
use crate::tui::widgets::confirm::{self, Confirm};
use crate::tui::widgets::layout::{fit, row};
use crate::tui::widgets::text::{truncate, wrap};

const SWITCH: Action = Action::Custom("stats_switch");
const RULES: Action = Action::Custom("stats_rules");
const RESET: Action = Action::Custom("stats_reset");

static KEYMAP: &[Binding] = &[
    Binding::new(
        &[
            Key::plain(KeyCode::Tab),
            Key::plain(KeyCode::Left),
            Key::plain(KeyCode::Right),
            Key::char('h'),
            Key::char('l'),
        ],
        SWITCH,
        "stats.keys.switch",
    )
    .in_footer(),
    Binding::new(&[Key::char('r')], RULES, "stats.keys.rules").in_footer(),
    Binding::new(&[Key::char('x')], RESET, "stats.keys.reset").in_footer(),
    Binding::new(BACK_KEYS, Action::Back, "common.action.back").in_footer(),
];

static CONFIRM_KEYS: &[Binding] = &[
    Binding::new(&[Key::char('y')], Action::Yes, "common.action.yes"),
    Binding::new(&[Key::char('n')], Action::No, "common.action.no"),
    Binding::new(BACK_KEYS, Action::No, "common.action.no"),
    Binding::new(
        &[
            Key::plain(KeyCode::Left),
            Key::char('h'),
            Key::plain(KeyCode::Right),
            Key::char('l'),
            Key::plain(KeyCode::Tab),
        ],
        Action::Right,
        "common.action.switch_button",
    ),
    common::CONFIRM,
];

/// Which game the screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// Daifugo.
    Daifugo,
    /// Blackjack.
    Blackjack,
}

/// The statistics screen. See the module docs.
pub struct StatsScreen {
    store: Option<StatsStore>,
    stats: Stats,
    problem: Option<String>,
    notice: Option<String>,
    tab: Tab,
    /// `None`: every rule set; else one of `stats.daifugo.by_rules`.
    rules: Option<String>,
    confirm: Option<bool>,
}

impl StatsScreen {
    /// The screen over the statistics file of `ctx` (read now, never written unless the
    /// player resets).
    pub fn new(ctx: &Ctx) -> StatsScreen {
        let store = StatsStore::locate(&ctx.config.general.stats_file);
        let mut s = StatsScreen {
            store,
            stats: Stats::default(),
            problem: None,
            notice: None,
            tab: Tab::Daifugo,
            rules: None,
            confirm: None,
        };
        s.reload(ctx);
        s
    }

    /// The statistics shown.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The game shown.
    pub fn tab(&self) -> Tab {
        self.tab
    }

    fn reload(&mut self, ctx: &Ctx) {
        self.problem = None;
        match &self.store {
            None => self.problem = Some(ctx.t("stats.no_file").into()),
            Some(store) => match store.load() {
                Ok(loaded) => {
                    self.stats = loaded.stats;
                    if let Some(p) = loaded.set_aside {
                        self.notice =
                            Some(ctx.tf("stats.set_aside", &[("path", &p.display().to_string())]));
                    }
                }
                Err(e) => self.problem = Some(e.message(ctx.lang)),
            },
        }
        if let Some(r) = &self.rules
            && !self.stats.daifugo.by_rules.contains_key(r)
        {
            self.rules = None;
        }
    }

    fn next_rules(&mut self) {
        let names: Vec<&String> = self.stats.daifugo.by_rules.keys().collect();
        self.rules = match &self.rules {
            None => names.first().map(|s| (*s).clone()),
            Some(cur) => names
                .iter()
                .position(|n| *n == cur)
                .and_then(|i| names.get(i + 1))
                .map(|s| (*s).clone()),
        };
    }

    fn reset(&mut self, ctx: &Ctx) {
        let Some(store) = &self.store else {
            return;
        };
        let tab = self.tab;
        let result = store.update(|s| match tab {
            Tab::Daifugo => {
                let unknown = std::mem::take(&mut s.daifugo.unknown);
                s.daifugo = DaifugoStats {
                    unknown,
                    ..Default::default()
                };
            }
            Tab::Blackjack => {
                let unknown = std::mem::take(&mut s.blackjack.unknown);
                s.blackjack = BlackjackStats {
                    unknown,
                    ..Default::default()
                };
            }
        });
        self.notice = Some(match result {
            Ok(_) => ctx.t("stats.reset_done").into(),
            Err(e) => ctx.tf("stats.reset_failed", &[("error", &e.message(ctx.lang))]),
        });
        self.reload(ctx);
    }

    /// `(all rule sets) ` before the counts the file keeps only for every rule set together,
    /// while one rule set is chosen.
    fn all_rules_note(&self, ctx: &Ctx) -> String {
        match self.rules {
            Some(_) => format!("{} ", ctx.t("stats.all_rules_note")),
            None => String::new(),
        }
    }

    fn render_daifugo(&self, f: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let d = &self.stats.daifugo;
        // The counts of the chosen rule set, or of all of them.
        let (matches, won, rounds, places, points) = match self.rules.as_ref() {
            Some(r) => {
                let x = d.by_rules.get(r).cloned().unwrap_or_default();
                (x.matches, x.matches_won, x.rounds, x.places, x.points)
            }
            None => (d.matches, d.matches_won, d.rounds, d.places, d.points),
        };
        let rules_label = match &self.rules {
            None => ctx.t("stats.rules_all").to_string(),
            Some(r) => r.clone(),
        };
        let lines = vec![
            Line::from(vec![
                Span::styled(
                    ctx.tf("stats.rules", &[("rules", &rules_label)]),
                    theme.accent,
                ),
                Span::raw("  "),
                Span::styled(
                    ctx.tf(
                        "stats.df.summary",
                        &[
                            ("matches", &matches.to_string()),
                            ("won", &won.to_string()),
                            ("rounds", &rounds.to_string()),
                            ("points", &points.to_string()),
                        ],
                    ),
                    theme.text,
                ),
            ]),
            Line::styled(
                self.all_rules_note(ctx)
                    + &ctx.tf(
                        "stats.df.events",
                        &[
                            ("revolutions", &d.revolutions.to_string()),
                            ("yours", &d.revolutions_by_you.to_string()),
                            ("fouls", &d.fouls.to_string()),
                            ("falls", &d.miyako_ochi.to_string()),
                        ],
                    ),
                theme.dim,
            ),
        ];
        f.render_widget(Paragraph::new(lines), fit(Rect { height: 2, ..area }, area));
        let body = fit(
            Rect::new(
                area.x,
                area.y.saturating_add(3),
                area.width,
                area.height.saturating_sub(3),
            ),
            area,
        );
        let [top, bottom] =
            Layout::vertical([Constraint::Percentage(55), Constraint::Fill(1)]).areas(body);
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Fill(1)]).areas(top);

        // Places: as many bars as the deepest place reached.
        let deepest = places
            .iter()
            .rposition(|&n| n > 0)
            .map_or(4, |i| i + 1)
            .max(2);
        let place_bars: Vec<BarItem> = places[..deepest]
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let label = ctx.t(&format!("daifugo.ui.place_{}", i + 1)).to_string();
                (label, n, theme.accent)
            })
            .collect();
        bars(f, left, ctx.t("stats.df.places"), &place_bars, rounds, ctx);

        // Titles: every rule set together (the file counts them so).
        let total_titles: u64 = d.titles.iter().sum();
        let title_bars: Vec<BarItem> = TITLE_ORDER
            .iter()
            .zip(d.titles)
            .map(|(t, n)| {
                let name = crate::i18n::daifugo::title_name(ctx.lang, *t);
                (name.to_string(), n, theme.title)
            })
            .collect();
        bars(
            f,
            right,
            &(self.all_rules_note(ctx) + ctx.t("stats.df.titles")),
            &title_bars,
            total_titles,
            ctx,
        );

        // Points per match, oldest first, of the chosen rule set.
        let log: Vec<u64> = d
            .matches_log
            .iter()
            .filter(|m| self.rules.as_ref().is_none_or(|r| &m.rules == r))
            .map(|m| m.points)
            .collect();
        let title = if log.is_empty() {
            ctx.t("stats.df.points_none").to_string()
        } else {
            ctx.tf("stats.df.points", &[("n", &log.len().to_string())])
        };
        let block = boxed(&title, ctx);
        let inner = block.inner(bottom);
        f.render_widget(block, bottom);
        if log.is_empty() {
            empty(f, inner, ctx);
        } else {
            let shown = &log[log.len().saturating_sub(usize::from(inner.width))..];
            f.render_widget(Sparkline::default().data(shown).style(theme.accent), inner);
        }
    }

    fn render_blackjack(&self, f: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let b = &self.stats.blackjack;
        let net = crate::blackjack::Money::from_cents(b.net_cents);
        let summary = Line::styled(
            ctx.tf(
                "stats.bj.summary",
                &[
                    ("rounds", &b.rounds.to_string()),
                    ("hands", &b.hands.to_string()),
                    ("naturals", &b.naturals.to_string()),
                    ("net", &signed(net)),
                ],
            ),
            theme.text,
        );
        f.render_widget(Paragraph::new(summary), row(area, 0));
        // The coach's tally over every round it judged (the EV given away, in chips).
        let coach = if b.coach_decisions == 0 {
            Line::styled(ctx.t("stats.bj.coach_none"), theme.dim)
        } else {
            let tally = Tally {
                decisions: b.coach_decisions,
                mistakes: b.coach_mistakes,
                cost_cents: b.coach_cost_cents,
            };
            Line::styled(tally_text(&tally, ctx), theme.text)
        };
        f.render_widget(Paragraph::new(coach), row(area, 1));
        let body = fit(
            Rect::new(
                area.x,
                area.y.saturating_add(3),
                area.width,
                area.height.saturating_sub(3),
            ),
            area,
        );
        let [left, right] =
            Layout::horizontal([Constraint::Length(34), Constraint::Fill(1)]).areas(body);
        let results: Vec<BarItem> = vec![
            (ctx.t("stats.bj.won").into(), b.won, theme.accent),
            (ctx.t("stats.bj.pushed").into(), b.pushed, theme.text),
            (ctx.t("stats.bj.lost").into(), b.lost, theme.warning),
        ];
        bars(f, left, ctx.t("stats.bj.results"), &results, b.hands, ctx);

        // The bankroll line: the overall net after each kept round.
        let line = b.net_line();
        let title = if b.round_nets.is_empty() {
            ctx.t("stats.bj.net_line_none").to_string()
        } else {
            ctx.tf(
                "stats.bj.net_line",
                &[("n", &b.round_nets.len().to_string())],
            )
        };
        let block = boxed(&title, ctx);
        if b.round_nets.is_empty() {
            let inner = block.inner(right);
            f.render_widget(block, right);
            empty(f, inner, ctx);
            return;
        }
        let points: Vec<(f64, f64)> = line
            .iter()
            .enumerate()
            .map(|(i, c)| (i as f64, *c as f64 / 100.0))
            .collect();
        let lo = points.iter().map(|p| p.1).fold(0.0_f64, f64::min);
        let hi = points.iter().map(|p| p.1).fold(0.0_f64, f64::max);
        let (lo, hi) = if hi - lo < 1.0 {
            (lo - 1.0, hi + 1.0)
        } else {
            (lo, hi)
        };
        let last = (points.len() - 1) as f64;
        // Break-even, for the eye: the line is above it when the player is ahead.
        let zero = [(0.0, 0.0), (last.max(1.0), 0.0)];
        let chart = Chart::new(vec![
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.dim)
                .data(&zero),
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.accent)
                .data(&points),
        ])
        .block(block)
        .x_axis(
            Axis::default()
                .bounds([0.0, last.max(1.0)])
                .labels(["0".to_string(), format!("{}", points.len() - 1)])
                .style(theme.dim),
        )
        .y_axis(
            Axis::default()
                .bounds([lo, hi])
                .labels([format!("{lo:.0}"), format!("{hi:.0}")])
                .style(theme.dim),
        );
        f.render_widget(chart, right);
    }
}

fn signed(m: crate::blackjack::Money) -> String {
    if m.is_positive() {
        format!("+{m}")
    } else {
        m.to_string()
    }
}

/// One bar of a chart: its label, its count and its colour.
type BarItem = (String, u64, Style);

fn boxed<'a>(title: &str, ctx: &Ctx) -> Block<'a> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(ctx.theme.border)
        .title(Span::styled(format!(" {title} "), ctx.theme.title))
}

/// A horizontal bar chart in a box, each bar's text its count and its share of `total`;
/// "nothing yet" when every count is zero.
fn bars(f: &mut Frame, area: Rect, title: &str, items: &[BarItem], total: u64, ctx: &Ctx) {
    let block = boxed(title, ctx);
    let inner = block.inner(area);
    if items.iter().all(|i| i.1 == 0) {
        f.render_widget(block, area);
        empty(f, inner, ctx);
        return;
    }
    let data: Vec<Bar> = items
        .iter()
        .map(|(label, n, style)| {
            let pct = n.saturating_mul(100).checked_div(total).unwrap_or(0);
            Bar::default()
                .label(Line::from(label.clone()))
                .value(*n)
                .text_value(format!("{n} ({pct}%)"))
                .style(*style)
        })
        .collect();
    let n = u16::try_from(data.len()).unwrap_or(1).max(1);
    // As thick as the box allows, one row apart.
    let width = (inner.height.saturating_sub(n.saturating_sub(1)) / n).clamp(1, 3);
    f.render_widget(
        BarChart::horizontal(data)
            .block(block)
            .bar_width(width)
            .bar_gap(1)
            .value_style(ctx.theme.text)
            .label_style(ctx.theme.text),
        area,
    );
}

fn empty(f: &mut Frame, area: Rect, ctx: &Ctx) {
    let text = ctx.t("stats.nothing_yet");
    let lines: Vec<Line> = wrap(text, usize::from(area.width))
        .into_iter()
        .map(|l| Line::styled(l, ctx.theme.dim))
        .collect();
    f.render_widget(Paragraph::new(lines), area);
}

impl Screen for StatsScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("stats.title").into()
    }

    fn status(&self, ctx: &Ctx) -> String {
        ctx.t(match self.tab {
            Tab::Daifugo => "common.menu.daifugo",
            Tab::Blackjack => "common.menu.blackjack",
        })
        .into()
    }

    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let w = usize::from(area.width);
        // The tabs.
        let tab = |t: Tab, key: &str| {
            let style = if self.tab == t {
                theme.selected
            } else {
                theme.dim
            };
            Span::styled(format!(" {} ", ctx.t(key)), style)
        };
        let tabs = Line::from(vec![
            tab(Tab::Daifugo, "common.menu.daifugo"),
            Span::raw(" "),
            tab(Tab::Blackjack, "common.menu.blackjack"),
        ]);
        f.render_widget(Paragraph::new(tabs), row(area, 0));
        // A problem with the file, or a notice, at the bottom.
        let message = self
            .problem
            .as_ref()
            .map(|p| (p, theme.warning))
            .or_else(|| self.notice.as_ref().map(|n| (n, theme.accent)));
        let bottom = u16::from(message.is_some());
        if let Some((m, style)) = message {
            f.render_widget(
                Paragraph::new(Line::styled(truncate(m, w), style)),
                row(area, area.height.saturating_sub(1)),
            );
        }
        let body = fit(
            Rect::new(
                area.x,
                area.y.saturating_add(2),
                area.width,
                area.height.saturating_sub(2 + bottom),
            ),
            area,
        );
        match self.tab {
            Tab::Daifugo => self.render_daifugo(f, body, ctx),
            Tab::Blackjack => self.render_blackjack(f, body, ctx),
        }
        if let Some(yes) = self.confirm {
            let game = ctx.t(match self.tab {
                Tab::Daifugo => "common.menu.daifugo",
                Tab::Blackjack => "common.menu.blackjack",
            });
            let message = ctx.tf("stats.reset_question", &[("game", game)]);
            confirm::render(
                f,
                area,
                &Confirm {
                    title: ctx.t("stats.reset_title"),
                    message: &message,
                    yes: ctx.t("stats.reset_yes"),
                    no: ctx.t("stats.reset_no"),
                    yes_focused: yes,
                },
                ctx,
            );
        }
    }

    fn keymap(&self) -> &[Binding] {
        if self.confirm.is_some() {
            CONFIRM_KEYS
        } else {
            KEYMAP
        }
    }

    fn handle(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        if let Some(yes) = self.confirm {
            match action {
                Action::Yes => {
                    self.confirm = None;
                    self.reset(ctx);
                }
                Action::Confirm if yes => {
                    self.confirm = None;
                    self.reset(ctx);
                }
                Action::No | Action::Confirm => self.confirm = None,
                Action::Right => self.confirm = Some(!yes),
                _ => {}
            }
            return Transition::Stay;
        }
        match action {
            SWITCH => {
                self.tab = match self.tab {
                    Tab::Daifugo => Tab::Blackjack,
                    Tab::Blackjack => Tab::Daifugo,
                };
            }
            RULES => self.next_rules(),
            RESET => {
                self.notice = None;
                // Nothing to reset without a file; the problem line says why.
                if self.store.is_some() && self.problem.is_none() {
                    self.confirm = Some(false);
                }
            }
            Action::Back => return Transition::Pop,
            _ => {}
        }
        Transition::Stay
    }
}

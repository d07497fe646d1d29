//! The replay viewer (issue 14 item 6), opened by `cardroom replay FILE`: steps through the
//! frames of a [`Replay`] — one per event — with every hand face up, the pile (or the dealer)
//! and the log as they stood. ← / → step one event, PgUp / PgDn jump a round, Home / End go to
//! either end, Space plays at the CPU pace (`general.cpu_delay_ms`). The screen keeps only the
//! position; every frame is data the loader made by replaying the record through its engine,
//! so the same position always draws the same screen.

use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::blackjack::table::{Event as BjEvent, Spot};
use crate::daifugo::{CardSet, Event as DfEvent, FinishKind, LogEntry};
use crate::replay::Replay;
use crate::replay::blackjack::BlackjackReplay;
use crate::replay::daifugo::{DaifugoReplay, Frame as DfFrame, LogLine};
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, BACK_KEYS, Binding, Key, LEFT_KEYS, RIGHT_KEYS};
use crate::tui::screen::{Screen, Transition};
use crate::tui::screens::blackjack::render::{result_text, signed, total_text};
use crate::tui::screens::blackjack::words::action_key;
use crate::tui::screens::daifugo::words::{log_line, place_name, play_spans, seat_name};
use crate::tui::widgets::cards::card_span;
use crate::tui::widgets::layout::{fit, row};
use crate::tui::widgets::text::{truncate, width};

const PLAY: Action = Action::Custom("replay_play");

static KEYMAP: &[Binding] = &[
    Binding::new(LEFT_KEYS, Action::Left, "replay.keys.back")
        .repeating()
        .in_footer(),
    Binding::new(RIGHT_KEYS, Action::Right, "replay.keys.forward")
        .repeating()
        .in_footer(),
    Binding::new(
        &[Key::plain(KeyCode::PageUp)],
        Action::PageUp,
        "replay.keys.round_back",
    )
    .repeating()
    .in_footer(),
    Binding::new(
        &[Key::plain(KeyCode::PageDown)],
        Action::PageDown,
        "replay.keys.round_forward",
    )
    .repeating()
    .in_footer(),
    Binding::new(
        &[Key::plain(KeyCode::Home), Key::char('g')],
        Action::Home,
        "replay.keys.first",
    ),
    Binding::new(
        &[Key::plain(KeyCode::End), Key::char('G')],
        Action::End,
        "replay.keys.last",
    ),
    Binding::new(&[Key::char(' ')], PLAY, "replay.keys.play").in_footer(),
    Binding::new(BACK_KEYS, Action::Back, "replay.keys.leave"),
];

/// The replay viewer. See the module docs.
pub struct ReplayScreen {
    replay: Replay,
    rounds: Vec<usize>,
    pos: usize,
    due: Option<Instant>,
    delay: Duration,
}

impl ReplayScreen {
    /// The viewer on `replay`, at its first event; Space plays at `ctx`'s CPU pace.
    pub fn new(replay: Replay, ctx: &Ctx) -> ReplayScreen {
        ReplayScreen {
            rounds: replay.round_starts(),
            replay,
            pos: 0,
            due: None,
            // Never faster than 20 frames a second, so playing stays watchable at delay 0.
            delay: Duration::from_millis(u64::from(ctx.config.general.cpu_delay_ms).max(50)),
        }
    }

    /// The frame shown (0-based).
    pub fn position(&self) -> usize {
        self.pos
    }

    /// How many frames there are.
    pub fn len(&self) -> usize {
        self.replay.len()
    }

    /// Whether there are no frames (never, for a loaded replay).
    pub fn is_empty(&self) -> bool {
        self.replay.is_empty()
    }

    /// Whether Space is playing.
    pub fn playing(&self) -> bool {
        self.due.is_some()
    }

    fn last(&self) -> usize {
        self.len().saturating_sub(1)
    }

    fn round_back(&mut self) {
        // The start of this round, or of the one before when already there.
        self.pos = self
            .rounds
            .iter()
            .rev()
            .find(|&&s| s < self.pos)
            .copied()
            .unwrap_or(0);
    }

    fn round_forward(&mut self) {
        self.pos = self
            .rounds
            .iter()
            .find(|&&s| s > self.pos)
            .copied()
            .unwrap_or(self.last());
    }

    fn render_daifugo(&self, r: &DaifugoReplay, f: &mut Frame, area: Rect, ctx: &Ctx) {
        let Some(fr) = r.frame(self.pos) else {
            return;
        };
        let fr = &fr;
        let theme = &ctx.theme;
        let t = &fr.table;
        let info = &r.matches[fr.match_index.min(r.matches.len().saturating_sub(1))];
        let w = usize::from(area.width);
        let mut y = 0u16;

        // Where we are, and the badges.
        let mut head = vec![
            Span::styled(
                ctx.tf(
                    "replay.match",
                    &[
                        ("n", &(fr.match_index + 1).to_string()),
                        ("total", &r.matches.len().to_string()),
                    ],
                ),
                theme.text,
            ),
            Span::raw("  "),
            Span::styled(
                ctx.tf(
                    "replay.round",
                    &[
                        ("n", &t.round.max(1).to_string()),
                        ("total", &info.settings.rounds.to_string()),
                    ],
                ),
                theme.text,
            ),
            Span::raw("  "),
            Span::styled(
                ctx.tf("replay.line", &[("line", &fr.line.to_string())]),
                theme.dim,
            ),
        ];
        let mut badges: Vec<String> = Vec::new();
        if t.revolution {
            badges.push(ctx.t("daifugo.ui.revolution").into());
        }
        if t.jack_back {
            badges.push(ctx.t("daifugo.ui.jack_back").into());
        }
        if !t.lock.is_empty() {
            badges.push(ctx.tf("daifugo.ui.lock", &[("suits", &t.lock.label(ctx.symbols))]));
        }
        if t.number_lock {
            badges.push(ctx.t("daifugo.ui.number_lock").into());
        }
        if !t.clockwise {
            badges.push(ctx.t("replay.counter_clockwise").into());
        }
        for b in badges {
            head.push(Span::raw("  "));
            head.push(Span::styled(format!("[{b}]"), theme.warning));
        }
        f.render_widget(Paragraph::new(Line::from(head)), row(area, y));
        y += 1;

        // What this event is.
        let mut now = daifugo_event_line(fr, ctx);
        now.style = theme.selected;
        f.render_widget(Paragraph::new(now), row(area, y));
        y += 2;

        // Every hand, face up.
        let acting = daifugo_event_seat(&fr.event);
        let names: Vec<String> = (0..t.hands.len()).map(|s| seat_name(s, ctx)).collect();
        let labels: Vec<String> = names
            .iter()
            .zip(&t.titles)
            .map(|(n, ti)| match ti {
                Some(x) => ctx.tf(
                    "replay.seat_title",
                    &[
                        ("seat", n),
                        ("title", crate::i18n::daifugo::title_name(ctx.lang, *x)),
                    ],
                ),
                None => n.clone(),
            })
            .collect();
        let name_w = labels
            .iter()
            .map(|l| width(l))
            .max()
            .unwrap_or(8)
            .min(w / 3);
        for (seat, label) in labels.iter().enumerate() {
            if y >= area.height {
                break;
            }
            let marker = if acting == Some(seat) {
                theme.marker
            } else {
                theme.no_marker
            };
            let label = truncate(label, name_w);
            let pad = " ".repeat(name_w.saturating_sub(width(&label)) + 1);
            let mut spans = vec![Span::styled(
                format!("{marker}{label}{pad}"),
                if acting == Some(seat) {
                    theme.accent
                } else {
                    theme.text
                },
            )];
            let place = t.places.get(seat).copied().flatten();
            if let Some((p, _)) = place {
                spans.push(Span::styled(
                    format!("{} ", place_name(p, ctx)),
                    theme.title,
                ));
            }
            let cards = t.hands[seat].sorted(t.revolution ^ t.jack_back);
            let dim = place.is_some();
            for (i, c) in cards.iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw(" "));
                }
                let mut s = card_span(*c, ctx);
                if dim {
                    s.style = theme.dim;
                }
                spans.push(s);
            }
            if let Some((_, kind)) = place
                && !cards.is_empty()
            {
                let key = if kind == FinishKind::Last {
                    "replay.left_holding"
                } else {
                    "replay.out_of_play"
                };
                spans.push(Span::styled(format!("  {}", ctx.t(key)), theme.dim));
            }
            spans.push(Span::styled(
                format!(
                    "  {}",
                    ctx.tf("replay.points", &[("n", &t.totals[seat].to_string())])
                ),
                theme.dim,
            ));
            f.render_widget(Paragraph::new(Line::from(spans)), row(area, y));
            y += 1;
        }
        y += 1;

        // The pile, newest last.
        let mut pile = vec![Span::styled(joined(ctx.t("replay.pile")), theme.title)];
        if t.pile.is_empty() {
            pile.push(Span::styled(ctx.t("daifugo.ui.pile_empty"), theme.dim));
        }
        let start = t.pile.len().saturating_sub(4);
        for (i, (seat, play)) in t.pile.iter().enumerate().skip(start) {
            if i > start {
                pile.push(Span::styled("  ", theme.dim));
            }
            pile.push(Span::styled(
                format!("{} ", seat_name(*seat, ctx)),
                theme.dim,
            ));
            pile.extend(play_spans(*play, ctx));
        }
        if y < area.height {
            f.render_widget(Paragraph::new(Line::from(pile)), row(area, y));
        }
        y += 1;
        // The cards thrown out face up this round (10-discard, Q-bomber), when there are any.
        if !t.discarded.is_empty() {
            let mut out = vec![Span::styled(joined(ctx.t("replay.discarded")), theme.title)];
            for (i, c) in t.discarded.sorted(false).iter().enumerate() {
                if i > 0 {
                    out.push(Span::raw(" "));
                }
                out.push(card_span(*c, ctx));
            }
            if y < area.height {
                f.render_widget(Paragraph::new(Line::from(out)), row(area, y));
            }
            y += 1;
        }
        y += 1;

        // The round's log, newest last, filling the rest.
        let log_h = area.height.saturating_sub(y);
        let lines: Vec<Line> = t.log.iter().map(|l| daifugo_log_line(l, ctx)).collect();
        let shown: Vec<Line> = lines
            .iter()
            .skip(lines.len().saturating_sub(usize::from(log_h)))
            .cloned()
            .collect();
        let log_area = fit(
            Rect::new(area.x, area.y.saturating_add(y), area.width, log_h),
            area,
        );
        f.render_widget(Paragraph::new(shown), log_area);
        if self.pos == self.last() && r.incomplete {
            let last = row(area, area.height.saturating_sub(1));
            f.render_widget(
                Paragraph::new(Line::styled(ctx.t("replay.incomplete"), theme.warning)),
                last,
            );
        }
    }

    fn render_blackjack(&self, r: &BlackjackReplay, f: &mut Frame, area: Rect, ctx: &Ctx) {
        let Some(fr) = r.frame(self.pos) else {
            return;
        };
        let fr = &fr;
        let theme = &ctx.theme;
        let t = &fr.table;
        let mut y = 0u16;
        let mut head = vec![
            Span::styled(
                ctx.tf(
                    "replay.table",
                    &[
                        ("n", &(fr.session + 1).to_string()),
                        ("total", &r.sessions.len().to_string()),
                    ],
                ),
                theme.text,
            ),
            Span::raw("  "),
        ];
        if t.round > 0 {
            head.push(Span::styled(
                ctx.tf("replay.bj_round", &[("n", &t.round.to_string())]),
                theme.text,
            ));
            head.push(Span::raw("  "));
        }
        head.push(Span::styled(
            ctx.tf("replay.line", &[("line", &fr.line.to_string())]),
            theme.dim,
        ));
        head.push(Span::raw("  "));
        head.push(Span::styled(
            ctx.tf(
                "blackjack.ui.bankroll",
                &[("amount", &t.bankroll.to_string())],
            ),
            theme.accent,
        ));
        f.render_widget(Paragraph::new(Line::from(head)), row(area, y));
        y += 1;
        f.render_widget(
            Paragraph::new(Line::styled(
                blackjack_event_text(&fr.event, ctx),
                theme.selected,
            )),
            row(area, y),
        );
        y += 2;

        // The dealer, the hole card face up and marked.
        let mut dealer = vec![Span::styled(
            joined(ctx.t("replay.bj.dealer_name")),
            theme.title,
        )];
        for (i, c) in t.dealer.iter().enumerate() {
            if i > 0 {
                dealer.push(Span::raw(" "));
            }
            dealer.push(card_span(*c, ctx));
        }
        if let Some(h) = t.hole {
            dealer.push(Span::raw(" "));
            dealer.push(card_span(h, ctx));
            dealer.push(Span::styled(
                format!(" {}", ctx.t("replay.bj.hole")),
                theme.dim,
            ));
        }
        if let Some(v) = t.dealer_total {
            dealer.push(Span::styled(
                format!("  {}", total_text(v, false, ctx)),
                theme.dim,
            ));
        }
        f.render_widget(Paragraph::new(Line::from(dealer)), row(area, y));
        y += 2;

        // The player's hands.
        let active = match fr.event {
            BjEvent::Action { hand, .. } => Some(hand),
            BjEvent::Card {
                to: Spot::Hand(h), ..
            } => Some(h),
            _ => None,
        };
        for (i, h) in t.hands.iter().enumerate() {
            if y >= area.height {
                break;
            }
            let marker = if active == Some(i) {
                theme.marker
            } else {
                theme.no_marker
            };
            let mut spans = vec![Span::styled(
                format!(
                    "{marker}{}",
                    joined(&ctx.tf("replay.bj.hand", &[("n", &(i + 1).to_string())]))
                ),
                theme.text,
            )];
            for (k, c) in h.cards.iter().enumerate() {
                if k > 0 {
                    spans.push(Span::raw(" "));
                }
                spans.push(card_span(*c, ctx));
            }
            if !h.cards.is_empty() {
                let natural = h.cards.len() == 2 && !h.from_split && h.value().total == 21;
                spans.push(Span::styled(
                    format!("  {}", total_text(h.value(), natural, ctx)),
                    theme.dim,
                ));
            }
            spans.push(Span::styled(
                format!(
                    "  {}",
                    ctx.tf("replay.bj.bet_on", &[("amount", &h.bet.to_string())])
                ),
                theme.dim,
            ));
            if h.doubled {
                spans.push(Span::styled(
                    format!("  {}", ctx.t("replay.bj.doubled")),
                    theme.dim,
                ));
            }
            if h.surrendered && h.result.is_none() {
                spans.push(Span::styled(
                    format!("  {}", ctx.t("replay.bj.surrendered")),
                    theme.dim,
                ));
            }
            if let Some(res) = h.result {
                let (text, style) = result_text(res.result, res.amount, ctx);
                spans.push(Span::raw("  "));
                spans.push(Span::styled(text, style));
            }
            f.render_widget(Paragraph::new(Line::from(spans)), row(area, y));
            y += 1;
        }
        y += 1;

        let log_h = area.height.saturating_sub(y);
        let lines: Vec<Line> = t
            .log
            .iter()
            .map(|e| Line::styled(blackjack_event_text(e, ctx), theme.text))
            .collect();
        let shown: Vec<Line> = lines
            .iter()
            .skip(lines.len().saturating_sub(usize::from(log_h)))
            .cloned()
            .collect();
        let log_area = fit(
            Rect::new(area.x, area.y.saturating_add(y), area.width, log_h),
            area,
        );
        f.render_widget(Paragraph::new(shown), log_area);
    }
}

/// The seat an event is about (for the ▶ marker).
fn daifugo_event_seat(e: &DfEvent) -> Option<usize> {
    match *e {
        DfEvent::Play { seat, .. }
        | DfEvent::Pass { seat }
        | DfEvent::Lead { seat }
        | DfEvent::Skip { seat }
        | DfEvent::Discard { seat, .. }
        | DfEvent::Bomb { seat, .. }
        | DfEvent::Gekokujo { seat }
        | DfEvent::Finish { seat, .. } => Some(usize::from(seat)),
        DfEvent::Exchange { from, .. } | DfEvent::Give { from, .. } => Some(usize::from(from)),
        DfEvent::Clear { leader, .. } => Some(usize::from(leader)),
        _ => None,
    }
}

/// The line describing a frame's own event: its log line, or for the events the log keeps
/// elsewhere (a deal, the round's end, the match's end) their own words.
fn daifugo_event_line(fr: &DfFrame, ctx: &Ctx) -> Line<'static> {
    match fr.event {
        DfEvent::Deal { .. }
        | DfEvent::RoundEnd { .. }
        | DfEvent::Exchange { .. }
        | DfEvent::Give { .. } => fr
            .table
            .log
            .iter()
            .rev()
            .find(|l| {
                matches!(
                    (l, &fr.event),
                    (LogLine::Deal { .. }, DfEvent::Deal { .. })
                        | (LogLine::RoundEnd(_), DfEvent::RoundEnd { .. })
                        | (LogLine::Exchange { .. }, DfEvent::Exchange { .. })
                        | (LogLine::Give { .. }, DfEvent::Give { .. })
                )
            })
            .map(|l| daifugo_log_line(l, ctx))
            .unwrap_or_default(),
        DfEvent::MatchEnd { .. } => Line::raw(ctx.t("replay.end").to_string()),
        e => LogEntry::from_event(&e)
            .map(|entry| log_line(&entry, ctx))
            .unwrap_or_default(),
    }
}

fn daifugo_log_line(l: &LogLine, ctx: &Ctx) -> Line<'static> {
    match l {
        LogLine::Deal { round, dealer } => Line::styled(
            ctx.tf(
                "replay.log.deal",
                &[
                    ("round", &round.to_string()),
                    ("dealer", &seat_name(usize::from(*dealer), ctx)),
                ],
            ),
            ctx.theme.title,
        ),
        LogLine::Exchange {
            from, to, cards, ..
        } => cards_line("replay.log.exchange", *from, *to, *cards, ctx),
        LogLine::Give { from, to, cards } => cards_line("replay.log.give", *from, *to, *cards, ctx),
        LogLine::Entry(e) => log_line(e, ctx),
        // The places and points show on the seats' rows.
        LogLine::RoundEnd(res) => Line::styled(
            ctx.tf("replay.log.round_end", &[("round", &res.round.to_string())]),
            ctx.theme.title,
        ),
    }
}

/// "`from` gives `to`:" (the words of `key`) and the cards, face up.
fn cards_line(key: &str, from: u8, to: u8, cards: CardSet, ctx: &Ctx) -> Line<'static> {
    let mut spans = vec![Span::styled(
        joined(&ctx.tf(
            key,
            &[
                ("from", &seat_name(usize::from(from), ctx)),
                ("to", &seat_name(usize::from(to), ctx)),
            ],
        )),
        ctx.theme.text,
    )];
    for (i, c) in cards.sorted(false).iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        spans.push(card_span(*c, ctx));
    }
    Line::from(spans)
}

/// A label followed by what it introduces: a space after it unless it ends in a full-width
/// colon (Japanese `場：`).
fn joined(label: &str) -> String {
    if label.ends_with('：') {
        label.to_string()
    } else {
        format!("{label} ")
    }
}

/// One Blackjack event in words.
fn blackjack_event_text(e: &BjEvent, ctx: &Ctx) -> String {
    let card = |c: &crate::cards::Card| ctx.card_label(*c);
    match e {
        BjEvent::Shuffle { mid_round, cards } => ctx.tf(
            if *mid_round {
                "replay.bj.shuffle_mid"
            } else {
                "replay.bj.shuffle"
            },
            &[("cards", &cards.to_string())],
        ),
        BjEvent::Bet { round, amount } => ctx.tf(
            "replay.bj.bet",
            &[
                ("round", &round.to_string()),
                ("amount", &amount.to_string()),
            ],
        ),
        BjEvent::Deal {
            player, dealer_up, ..
        } => ctx.tf(
            "replay.bj.deal",
            &[
                (
                    "cards",
                    &format!("{} {}", card(&player[0]), card(&player[1])),
                ),
                ("up", &card(dealer_up)),
            ],
        ),
        BjEvent::Action { hand, action } => match action {
            crate::blackjack::Action::Insure(m) => {
                ctx.tf("replay.bj.insure", &[("amount", &m.to_string())])
            }
            a => ctx.tf(
                "replay.bj.action",
                &[
                    ("hand", &(hand + 1).to_string()),
                    ("action", ctx.t(action_key(*a))),
                ],
            ),
        },
        BjEvent::Peek { natural } => ctx
            .t(if *natural {
                "replay.bj.peek_natural"
            } else {
                "replay.bj.peek_none"
            })
            .into(),
        BjEvent::Card { to, card: c } => match to {
            Spot::Hand(h) => ctx.tf(
                "replay.bj.card_hand",
                &[("hand", &(h + 1).to_string()), ("card", &card(c))],
            ),
            Spot::Dealer(_) => ctx.tf("replay.bj.card_dealer", &[("card", &card(c))]),
        },
        BjEvent::Reveal { card: c } => ctx.tf("replay.bj.reveal", &[("card", &card(c))]),
        BjEvent::Dealer {
            total,
            natural,
            bust,
            ..
        } => {
            let key = if *natural {
                "replay.bj.dealer_natural"
            } else if *bust {
                "replay.bj.dealer_bust"
            } else {
                "replay.bj.dealer"
            };
            ctx.tf(key, &[("total", &total.to_string())])
        }
        BjEvent::Settle { net, .. } => ctx.tf("replay.bj.settle", &[("net", &signed(*net))]),
        BjEvent::Bankroll { amount } => {
            ctx.tf("replay.bj.bankroll", &[("amount", &amount.to_string())])
        }
    }
}

impl Screen for ReplayScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("replay.title").into()
    }

    fn status(&self, ctx: &Ctx) -> String {
        let pos = ctx.tf(
            "replay.position",
            &[
                ("n", &(self.pos + 1).to_string()),
                ("total", &self.len().to_string()),
            ],
        );
        if self.playing() {
            format!("{}  {pos}", ctx.t("replay.playing"))
        } else {
            pos
        }
    }

    fn render(&self, f: &mut Frame, area: Rect, ctx: &Ctx) {
        match &self.replay {
            Replay::Daifugo(r) => self.render_daifugo(r, f, area, ctx),
            Replay::Blackjack(r) => self.render_blackjack(r, f, area, ctx),
        }
    }

    fn keymap(&self) -> &[Binding] {
        KEYMAP
    }

    fn handle(&mut self, action: Action, _ctx: &mut Ctx) -> Transition {
        if action != PLAY {
            self.due = None;
        }
        match action {
            Action::Left => self.pos = self.pos.saturating_sub(1),
            Action::Right => self.pos = (self.pos + 1).min(self.last()),
            Action::PageUp => self.round_back(),
            Action::PageDown => self.round_forward(),
            Action::Home => self.pos = 0,
            Action::End => self.pos = self.last(),
            PLAY => {
                self.due = match self.due {
                    Some(_) => None,
                    None if self.pos < self.last() => Some(Instant::now() + self.delay),
                    None => None,
                }
            }
            Action::Back => return Transition::Pop,
            _ => {}
        }
        Transition::Stay
    }

    fn next_deadline(&self) -> Option<Instant> {
        self.due
    }

    fn on_deadline(&mut self, now: Instant, _ctx: &mut Ctx) -> Transition {
        self.pos = (self.pos + 1).min(self.last());
        self.due = (self.pos < self.last()).then(|| now + self.delay);
        Transition::Stay
    }
}

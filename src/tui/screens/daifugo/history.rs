//! The match history of the Daifugo screen (issue 14 item 3): the log keeps every round of the
//! match, not only the last lines of this one, and scrolls — PageUp shows older lines,
//! PageDown newer; while the view is scrolled up a mark says how many newer lines wait below,
//! and new lines do not move what the player is reading.
//!
//! Round ends explain themselves: who fell by miyako-ochi and why (the reigning 大富豪 did not
//! go out first — who did), who fouled and why (the forbidden finish, `rules/daifugo.md` §3,
//! by the card that ended the hand), and what each seat gave and received in that round's
//! exchange, cards shown. The exchange's cards between other seats are held back until the
//! round is over — during play the log says only who gave how many, as the engine's public
//! log does — so the history never tells the player more than the table had shown by then.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::words::{log_line, own_log_line, place_name, seat_name};
use crate::daifugo::legal::{eight_cuts, is_spade3_return};
use crate::daifugo::play::Play;
use crate::daifugo::rules::Rules;
use crate::daifugo::view::{ExchangeNote, Gift};
use crate::daifugo::{CardSet, Event, FinishKind, LogEntry, TrickState};
use crate::tui::ctx::Ctx;
use crate::tui::widgets::cards::card_span;

/// Lines PageUp and PageDown move.
pub const PAGE: usize = 5;

/// Why a finish was forbidden (`rules/daifugo.md` §3 "Forbidden finish"), by the last play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoulReason {
    /// The last play held a joker.
    Joker,
    /// It held a card of the strongest rank (a 2; a 3 in a revolution).
    Strongest,
    /// It held an 8 that cuts.
    Eight,
    /// It was the 3♠ returning a joker.
    Spade3,
    /// None of these could be told (should not happen).
    Other,
}

impl FoulReason {
    /// Which forbidden finish `play` was, made on the trick `before` under `rules`: the first
    /// of joker, strongest rank, 8, spade-3 return that the rules forbid and the play is.
    pub fn of(rules: &Rules, before: &TrickState, play: Play) -> FoulReason {
        let ff = rules.forbidden_finish;
        let strongest = if before.reversed() { 0 } else { 12 };
        if ff.joker && play.has_joker() {
            FoulReason::Joker
        } else if ff.strongest && play.has_natural(strongest) {
            FoulReason::Strongest
        } else if ff.eight && eight_cuts(rules, play) {
            FoulReason::Eight
        } else if ff.spade3 && is_spade3_return(rules, before.pile, play) {
            FoulReason::Spade3
        } else {
            FoulReason::Other
        }
    }

    fn key(self) -> &'static str {
        match self {
            FoulReason::Joker => "daifugo.history.foul_joker",
            FoulReason::Strongest => "daifugo.history.foul_strongest",
            FoulReason::Eight => "daifugo.history.foul_eight",
            FoulReason::Spade3 => "daifugo.history.foul_spade3",
            FoulReason::Other => "daifugo.history.foul_other",
        }
    }
}

/// One line of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A round begins.
    Round(u32),
    /// A log line as the engine logs it, with the cards of a hand-over (exchange or 7-pass)
    /// the human gave or received: the human saw those cards, every other seat only a count.
    Log(LogEntry, Option<CardSet>),
    /// The round is over; the explanations follow.
    RoundOver(u32),
    /// A seat went out with a forbidden finish.
    Foul {
        /// The seat.
        seat: u8,
        /// Its last play.
        play: Play,
        /// Why it was forbidden.
        reason: FoulReason,
        /// The place it got.
        place: u8,
    },
    /// The reigning 大富豪 fell by miyako-ochi.
    Fell {
        /// The seat that fell.
        seat: u8,
        /// Who went out first instead.
        first: Option<u8>,
        /// The place it got.
        place: u8,
    },
    /// The round's exchange, told now that the round is over: the heading of the
    /// [`Entry::Exchanged`] lines after it (they come under "Round N over" but happened
    /// before that round's first play).
    ExchangeShown(u32),
    /// Cards one seat gave another in the round's exchange.
    Exchanged {
        /// The giver.
        from: u8,
        /// The receiver.
        to: u8,
        /// The cards.
        cards: CardSet,
        /// The lower player's forced gift (else the upper player's give-back).
        forced: bool,
    },
}

/// The history and its scroll position (UI state).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    entries: Vec<Entry>,
    /// Lines between the bottom of the view and the newest line (0: following the newest).
    offset: usize,
    /// This round's exchanges, told when the round ends.
    exchanges: Vec<Entry>,
    /// This round's explanations (fouls, miyako-ochi), told when the round ends.
    notes: Vec<Entry>,
    /// Who went out first this round.
    first: Option<u8>,
    /// The round being played.
    round: u32,
}

impl History {
    /// A history that starts in `round` with the lines already in its log; `mine` is the
    /// human's own exchange this round and `gifts` its own 7-pass hand-overs, in order.
    pub fn new(round: u32, log: &[LogEntry], mine: ExchangeNote, gifts: &[Gift]) -> History {
        let mut h = History {
            round,
            ..History::default()
        };
        h.entries.push(Entry::Round(round));
        let mut own = gifts.iter();
        h.entries.extend(log.iter().map(|e| {
            let cards = match *e {
                LogEntry::Exchange { to: 0, .. } => Some(mine.received),
                LogEntry::Exchange { from: 0, .. } => Some(mine.gave),
                LogEntry::Give { from, to, .. } if from == 0 || to == 0 => own
                    .by_ref()
                    .find(|g| g.from == from && g.to == to)
                    .map(|g| g.cards),
                _ => None,
            };
            Entry::Log(*e, cards.filter(|c| !c.is_empty()))
        }));
        for e in log {
            if let LogEntry::Finish { seat, place: 1, .. } = *e {
                h.first = Some(seat);
            }
        }
        h
    }

    /// Every line, oldest first.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Why `seat` placed where it did in `round` when its title alone would not say: a fall
    /// by miyako-ochi (the reigning 大富豪 who does not go out first places last) or a
    /// forbidden finish (placed at the lowest free place), `rules/daifugo.md` §3; `None` for an
    /// ordinary finish or a round the history did not see.
    pub fn finish_kind(&self, round: u32, seat: u8) -> Option<FinishKind> {
        let mut current = None;
        self.entries.iter().find_map(|e| match *e {
            Entry::Round(r) => {
                current = Some(r);
                None
            }
            Entry::Log(LogEntry::Finish { seat: s, kind, .. }, _)
                if current == Some(round)
                    && s == seat
                    && matches!(kind, FinishKind::MiyakoOchi | FinishKind::Foul) =>
            {
                Some(kind)
            }
            _ => None,
        })
    }

    /// Lines between the bottom of the view and the newest line.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Adds what `events` show (one engine step), made on the trick `before` under `rules`.
    /// While the player has scrolled up, the view stays on the same lines.
    pub fn record(&mut self, events: &[Event], before: &TrickState, rules: &Rules) {
        let start = self.entries.len();
        let mut last_play: Option<(u8, Play)> = None;
        for e in events {
            match *e {
                Event::Deal { round, .. } => {
                    self.round = round;
                    self.first = None;
                    self.entries.push(Entry::Round(round));
                }
                Event::Exchange {
                    from,
                    to,
                    cards,
                    forced,
                    ..
                } => self.exchanges.push(Entry::Exchanged {
                    from,
                    to,
                    cards,
                    forced,
                }),
                Event::Play { seat, play } => last_play = Some((seat, play)),
                Event::Finish { seat, place, kind } => {
                    if place == 1 {
                        self.first = Some(seat);
                    }
                    match kind {
                        FinishKind::Foul => {
                            if let Some((s, play)) = last_play.filter(|(s, _)| *s == seat) {
                                self.notes.push(Entry::Foul {
                                    seat: s,
                                    play,
                                    reason: FoulReason::of(rules, before, play),
                                    place,
                                });
                            }
                        }
                        FinishKind::MiyakoOchi => self.notes.push(Entry::Fell {
                            seat,
                            first: self.first,
                            place,
                        }),
                        _ => {}
                    }
                }
                Event::RoundEnd { .. } => {
                    self.entries.push(Entry::RoundOver(self.round));
                    self.entries.append(&mut self.notes);
                    if !self.exchanges.is_empty() {
                        self.entries.push(Entry::ExchangeShown(self.round));
                        self.entries.append(&mut self.exchanges);
                    }
                }
                _ => {}
            }
            // The human's own hand-overs keep their cards.
            let own = match *e {
                Event::Exchange {
                    from, to, cards, ..
                }
                | Event::Give { from, to, cards }
                    if from == 0 || to == 0 =>
                {
                    Some(cards)
                }
                _ => None,
            };
            let mut log = Vec::new();
            LogEntry::push_event(e, &mut log);
            self.entries
                .extend(log.into_iter().map(|l| Entry::Log(l, own)));
        }
        if self.offset > 0 {
            self.offset += self.entries.len() - start;
        }
    }

    /// Scrolls `lines` older (positive) or newer (negative), within the history shown `rows`
    /// at a time.
    pub fn scroll(&mut self, lines: isize, rows: usize) {
        let max = self.entries.len().saturating_sub(rows.max(1));
        self.offset = self.offset.saturating_add_signed(lines).min(max);
    }
}

/// One history line as styled text.
pub fn entry_line(e: &Entry, ctx: &Ctx) -> Line<'static> {
    let name = |s: u8| seat_name(usize::from(s), ctx);
    match e {
        Entry::Round(r) => Line::styled(
            ctx.tf("daifugo.history.round", &[("round", &r.to_string())]),
            ctx.theme.header,
        ),
        Entry::Log(l, cards) => {
            let cards = cards.unwrap_or(CardSet::EMPTY);
            match *l {
                LogEntry::Exchange { from, to, .. } => {
                    let mine = ExchangeNote {
                        gave: if from == 0 { cards } else { CardSet::EMPTY },
                        received: if to == 0 { cards } else { CardSet::EMPTY },
                    };
                    own_log_line(l, &mine, None, ctx)
                }
                LogEntry::Give { .. } if !cards.is_empty() => {
                    own_log_line(l, &ExchangeNote::default(), Some(cards), ctx)
                }
                _ => log_line(l, ctx),
            }
        }
        Entry::RoundOver(r) => Line::styled(
            ctx.tf("daifugo.history.round_over", &[("round", &r.to_string())]),
            ctx.theme.header,
        ),
        Entry::ExchangeShown(r) => Line::styled(
            ctx.tf(
                "daifugo.history.exchange_shown",
                &[("round", &r.to_string())],
            ),
            ctx.theme.text,
        ),
        Entry::Foul {
            seat,
            play,
            reason,
            place,
        } => {
            let mut spans = vec![Span::styled(
                ctx.tf(
                    reason.key(),
                    &[("seat", &name(*seat)), ("place", &place_name(*place, ctx))],
                ),
                ctx.theme.warning,
            )];
            spans.push(Span::raw(" ("));
            spans.extend(super::words::play_spans(*play, ctx));
            spans.push(Span::raw(")"));
            Line::from(spans)
        }
        Entry::Fell { seat, first, place } => {
            let text = match first {
                Some(f) => ctx.tf(
                    "daifugo.history.fell",
                    &[
                        ("seat", &name(*seat)),
                        ("first", &name(*f)),
                        ("place", &place_name(*place, ctx)),
                    ],
                ),
                None => ctx.tf(
                    "daifugo.history.fell_unknown",
                    &[("seat", &name(*seat)), ("place", &place_name(*place, ctx))],
                ),
            };
            Line::styled(text, ctx.theme.warning)
        }
        Entry::Exchanged {
            from,
            to,
            cards,
            forced,
        } => {
            let key = if *forced {
                "daifugo.history.gift"
            } else {
                "daifugo.history.give_back"
            };
            let mut spans = vec![Span::styled(
                ctx.tf(key, &[("from", &name(*from)), ("to", &name(*to))]),
                ctx.theme.text,
            )];
            for c in cards.sorted(false) {
                spans.push(Span::raw(" "));
                spans.push(card_span(c, ctx));
            }
            Line::from(spans)
        }
    }
}

/// Draws the history in `area` (the log box), scrolled as the player left it, with a mark on
/// the bottom edge while newer lines are below.
pub fn render(h: &History, f: &mut Frame, area: Rect, ctx: &Ctx) {
    if area.height < 3 {
        return;
    }
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_style(ctx.theme.border)
        .title(Line::styled(
            format!(" {} ", ctx.t("daifugo.ui.log_title")),
            ctx.theme.title,
        ));
    let rows = usize::from(area.height.saturating_sub(2));
    let total = h.entries.len();
    let offset = h.offset.min(total.saturating_sub(rows));
    if offset > 0 {
        block = block.title_bottom(
            Line::styled(
                format!(
                    " {} ",
                    ctx.tf("daifugo.history.newer", &[("n", &offset.to_string())])
                ),
                ctx.theme.key,
            )
            .right_aligned(),
        );
    }
    let inner = block.inner(area);
    f.render_widget(block, area);
    let end = total - offset;
    let start = end.saturating_sub(rows);
    let iw = usize::from(inner.width);
    let lines: Vec<Line> = h.entries[start..end]
        .iter()
        .map(|e| super::draw::trim_line(entry_line(e, ctx), iw))
        .collect();
    f.render_widget(Paragraph::new(lines), inner);
}

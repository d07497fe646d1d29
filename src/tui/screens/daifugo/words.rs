//! The words of the Daifugo screen: seat names, places, log lines, the play as styled card
//! labels. Every string comes from the `daifugo.ui.*` tables, so English and Japanese match.

use ratatui::text::{Line, Span};

use crate::daifugo::{ClearCause, FinishKind, LogEntry, Play};
use crate::tui::ctx::Ctx;
use crate::tui::widgets::cards::card_span;

/// The name of `seat` as the screen shows it: "You" / "あなた" for seat 0, "CPU n" after.
pub fn seat_name(seat: usize, ctx: &Ctx) -> String {
    if seat == 0 {
        ctx.t("daifugo.ui.you").to_string()
    } else {
        ctx.tf("daifugo.ui.cpu", &[("n", &seat.to_string())])
    }
}

/// A place as words: "1st" / "1位".
pub fn place_name(place: u8, ctx: &Ctx) -> String {
    let key = format!("daifugo.ui.place_{}", place.clamp(1, 8));
    ctx.t(&key).to_string()
}

/// The cards of a play as styled labels separated by spaces; a joker in a sequence shows the
/// card it stands for (`JK=8♠`).
pub fn play_spans(play: Play, ctx: &Ctx) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let stand_ins: Vec<_> = play.stand_ins().collect();
    let cards: Vec<_> = match play.form() {
        crate::daifugo::Form::Sequence => {
            // In order along the sequence: each natural card, or the joker where it stands.
            let mut v: Vec<(crate::cards::Card, Option<crate::cards::Card>)> = play
                .cards()
                .naturals()
                .iter()
                .map(|c| (c, None))
                .chain(stand_ins.iter().map(|(j, c)| (*j, Some(*c))))
                .collect();
            v.sort_by_key(|(c, s)| {
                crate::daifugo::cardset::card_strength(s.unwrap_or(*c)).unwrap_or(u8::MAX)
            });
            v
        }
        _ => play
            .cards()
            .sorted(false)
            .into_iter()
            .map(|c| (c, None))
            .collect(),
    };
    for (i, (c, stands)) in cards.into_iter().enumerate() {
        if i > 0 {
            out.push(Span::raw(" "));
        }
        out.push(card_span(c, ctx));
        if let Some(s) = stands {
            out.push(Span::styled("=", ctx.theme.dim));
            out.push(card_span(s, ctx));
        }
    }
    out
}

/// One log entry as a line.
pub fn log_line(e: &LogEntry, ctx: &Ctx) -> Line<'static> {
    let name = |s: u8| seat_name(usize::from(s), ctx);
    // English conjugates for "you": the human's lines have their own strings.
    let who = |key: &str, s: u8| -> String {
        if s == 0 {
            format!("{key}_you")
        } else {
            key.to_string()
        }
    };
    let text = |s: String| Line::styled(s, ctx.theme.text);
    match *e {
        LogEntry::Exchange {
            from,
            to,
            count,
            forced: _,
        } => text(ctx.tf(
            "daifugo.ui.log.exchange",
            &[
                ("from", &name(from)),
                ("to", &name(to)),
                ("count", &count.to_string()),
            ],
        )),
        LogEntry::Lead { seat } => {
            text(ctx.tf(&who("daifugo.ui.log.lead", seat), &[("seat", &name(seat))]))
        }
        LogEntry::Play { seat, play } => {
            let mut spans = vec![Span::styled(format!("{}: ", name(seat)), ctx.theme.text)];
            spans.extend(play_spans(play, ctx));
            Line::from(spans)
        }
        LogEntry::Pass { seat } => Line::styled(
            ctx.tf(&who("daifugo.ui.log.pass", seat), &[("seat", &name(seat))]),
            ctx.theme.dim,
        ),
        LogEntry::Revolution { active } => Line::styled(
            ctx.t(if active {
                "daifugo.ui.log.revolution"
            } else {
                "daifugo.ui.log.counter_revolution"
            })
            .to_string(),
            ctx.theme.warning,
        ),
        LogEntry::Lock { suits } if suits.is_empty() => {
            Line::styled(ctx.t("daifugo.ui.log.unlock").to_string(), ctx.theme.accent)
        }
        LogEntry::Skip { seat } => Line::styled(
            ctx.tf(&who("daifugo.ui.log.skip", seat), &[("seat", &name(seat))]),
            ctx.theme.warning,
        ),
        LogEntry::Give { from, to, count } => Line::styled(
            ctx.tf(
                if from == 0 {
                    "daifugo.ui.log.give_you"
                } else if to == 0 {
                    "daifugo.ui.log.give_to_you"
                } else {
                    "daifugo.ui.log.give"
                },
                &[
                    ("from", &name(from)),
                    ("to", &name(to)),
                    ("count", &count.to_string()),
                ],
            ),
            ctx.theme.accent,
        ),
        LogEntry::Discard { seat, cards, bomb } => {
            let key = if bomb {
                "daifugo.ui.log.bombed"
            } else {
                "daifugo.ui.log.discard"
            };
            let labels: Vec<String> = cards
                .sorted(false)
                .iter()
                .map(|c| c.label(ctx.symbols))
                .collect();
            Line::styled(
                ctx.tf(
                    &who(key, seat),
                    &[("seat", &name(seat)), ("cards", &labels.join(" "))],
                ),
                ctx.theme.accent,
            )
        }
        LogEntry::Reverse { clockwise } => Line::styled(
            ctx.t(if clockwise {
                "daifugo.ui.log.reverse_cw"
            } else {
                "daifugo.ui.log.reverse_ccw"
            })
            .to_string(),
            ctx.theme.warning,
        ),
        LogEntry::Bomb { seat, ranks } => {
            let names: Vec<String> = ranks
                .iter()
                .filter_map(crate::daifugo::cardset::rank_at)
                .map(|r| ctx.rank_label(r))
                .collect();
            let line = if names.is_empty() {
                ctx.tf(
                    &who("daifugo.ui.log.bomb_none", seat),
                    &[("seat", &name(seat))],
                )
            } else {
                ctx.tf(
                    &who("daifugo.ui.log.bomb", seat),
                    &[("seat", &name(seat)), ("ranks", &names.join(" "))],
                )
            };
            Line::styled(line, ctx.theme.warning)
        }
        LogEntry::Gekokujo { seat } => Line::styled(
            ctx.tf(
                &who("daifugo.ui.log.gekokujo", seat),
                &[("seat", &name(seat))],
            ),
            ctx.theme.warning,
        ),
        LogEntry::Stalemate => Line::styled(
            ctx.t("daifugo.ui.log.stalemate").to_string(),
            ctx.theme.warning,
        ),
        LogEntry::Lock { suits } => Line::styled(
            ctx.tf(
                "daifugo.ui.log.lock",
                &[("suits", &suits.label(ctx.symbols))],
            ),
            ctx.theme.accent,
        ),
        LogEntry::NumberLock => Line::styled(
            ctx.t("daifugo.ui.log.number_lock").to_string(),
            ctx.theme.accent,
        ),
        LogEntry::JackBack => Line::styled(
            ctx.t("daifugo.ui.log.jack_back").to_string(),
            ctx.theme.accent,
        ),
        LogEntry::Finish { seat, place, kind } => {
            let key = match kind {
                FinishKind::Out => "daifugo.ui.log.finish",
                FinishKind::Last => "daifugo.ui.log.last",
                FinishKind::Foul => "daifugo.ui.log.foul",
                FinishKind::MiyakoOchi => "daifugo.ui.log.miyako_ochi",
                FinishKind::Stalemate => "daifugo.ui.log.drawn",
            };
            Line::styled(
                ctx.tf(
                    &who(key, seat),
                    &[("seat", &name(seat)), ("place", &place_name(place, ctx))],
                ),
                ctx.theme.title,
            )
        }
        LogEntry::Clear { leader, cause } => {
            let key = match cause {
                ClearCause::AllPassed => "daifugo.ui.log.clear",
                ClearCause::EightCut => "daifugo.ui.log.eight_cut",
                ClearCause::Spade3 => "daifugo.ui.log.spade3",
                ClearCause::Ambulance => "daifugo.ui.log.ambulance",
                ClearCause::Sandstorm => "daifugo.ui.log.sandstorm",
            };
            Line::styled(
                ctx.tf(&who(key, leader), &[("seat", &name(leader))]),
                ctx.theme.dim,
            )
        }
    }
}

//! The words of the Daifugo screen: seat names, places, log lines, the play as styled card
//! labels, and the engine's refusals put in the screen's card notation. Every string comes from
//! the `daifugo.*` tables, so English and Japanese match; every card and rank is written as the
//! screen shows it ([`Ctx::card_label`], [`Ctx::rank_label`]: `10♠`, never the notation's `TS`).

use ratatui::text::{Line, Span};

use crate::daifugo::view::ExchangeNote;
use crate::daifugo::{CardSet, ClearCause, FinishKind, LogEntry, Play, RuleError};
use crate::i18n::daifugo::Message;
use crate::tui::ctx::Ctx;
use crate::tui::widgets::cards::card_span;

/// The name of `seat` as the screen shows it: "You" / "あなた" for seat 0, "CPU n" after (or
/// the table's own names, [`Ctx::seat_names`]).
pub fn seat_name(seat: usize, ctx: &Ctx) -> String {
    if seat == 0 {
        ctx.t("daifugo.ui.you").to_string()
    } else if let Some(name) = ctx.seat_names.get(seat).filter(|n| !n.is_empty()) {
        name.clone()
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

/// The cards of a play as plain text in the screen's notation (`7♠ JK=8♠ 9♠`, `10♦ 10♣`).
pub fn play_label(play: Play, ctx: &Ctx) -> String {
    play_spans(play, ctx)
        .into_iter()
        .map(|s| s.content.into_owned())
        .collect()
}

/// Cards as plain text in the screen's notation, weakest first, separated by spaces.
pub fn cards_label(cards: CardSet, ctx: &Ctx) -> String {
    cards
        .sorted(false)
        .iter()
        .map(|c| ctx.card_label(*c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why the engine refused an action, in the screen's words: the refusals that name cards,
/// suits or ranks write them as the screen shows them (`10♠ does not beat J♥`); the others
/// read as [`RuleError::message`] gives them.
pub fn rule_error(e: &RuleError, ctx: &Ctx) -> String {
    match e {
        RuleError::NotInHand { cards } => ctx.tf(
            "daifugo.error.not_in_hand",
            &[("cards", &cards_label(*cards, ctx))],
        ),
        RuleError::DoesNotBeat { play, pile } => ctx.tf(
            "daifugo.error.does_not_beat",
            &[
                ("play", &play_label(*play, ctx)),
                ("pile", &play_label(*pile, ctx)),
            ],
        ),
        RuleError::SuitLocked { suits } => ctx.tf(
            "daifugo.error.suit_locked",
            &[("suits", &suits.label(ctx.symbols))],
        ),
        RuleError::NumberLocked { need } => ctx.tf(
            "daifugo.error.number_locked",
            &[("rank", ctx.rank_label(*need))],
        ),
        RuleError::ForbiddenFinish { play } => ctx.tf(
            "daifugo.error.forbidden_finish",
            &[("play", &play_label(*play, ctx))],
        ),
        RuleError::NotEligible { cards } => ctx.tf(
            "daifugo.error.not_eligible",
            &[("cards", &cards_label(*cards, ctx))],
        ),
        other => other.message(ctx.lang),
    }
}

/// One log entry as a line, as every seat saw it: hand-overs name only how many cards moved
/// (the replay, which shows every card, words those itself).
pub fn log_line(e: &LogEntry, ctx: &Ctx) -> Line<'static> {
    own_log_line(e, &ExchangeNote::default(), None, ctx)
}

/// One log entry as a line. `mine` is the human's own exchange this round: an exchange the
/// human gave or received names its cards ("CPU 2 gave you 2♠ JK"); one between others only
/// says how many cards changed hands, as every seat saw. `gift` is the cards of a 7-pass the
/// human gave or received (`None` for others', which only the two seats see).
pub fn own_log_line(
    e: &LogEntry,
    mine: &ExchangeNote,
    gift: Option<CardSet>,
    ctx: &Ctx,
) -> Line<'static> {
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
        } => {
            let line = if to == 0 && !mine.received.is_empty() {
                ctx.tf(
                    "daifugo.ui.log.exchange_to_you",
                    &[
                        ("from", &name(from)),
                        ("cards", &cards_label(mine.received, ctx)),
                    ],
                )
            } else if from == 0 && !mine.gave.is_empty() {
                ctx.tf(
                    "daifugo.ui.log.exchange_you",
                    &[("to", &name(to)), ("cards", &cards_label(mine.gave, ctx))],
                )
            } else {
                ctx.tf(
                    "daifugo.ui.log.exchange",
                    &[
                        ("from", &name(from)),
                        ("to", &name(to)),
                        ("count", &count.to_string()),
                    ],
                )
            };
            text(line)
        }
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
        LogEntry::Give { from, to, count } => {
            let line = match gift {
                // "up to" k: a player may give nothing, said as such (not "gives 0 cards").
                _ if count == 0 => ctx.tf(
                    &who("daifugo.ui.log.give_none", from),
                    &[("from", &name(from)), ("to", &name(to))],
                ),
                Some(cards) if to == 0 => ctx.tf(
                    "daifugo.ui.log.give_to_you",
                    &[("from", &name(from)), ("cards", &cards_label(cards, ctx))],
                ),
                Some(cards) if from == 0 => ctx.tf(
                    "daifugo.ui.log.give_you",
                    &[("to", &name(to)), ("cards", &cards_label(cards, ctx))],
                ),
                _ => ctx.tf(
                    "daifugo.ui.log.give",
                    &[
                        ("from", &name(from)),
                        ("to", &name(to)),
                        ("count", &count.to_string()),
                    ],
                ),
            };
            Line::styled(line, ctx.theme.accent)
        }
        // "up to" k: a player may discard nothing, said as such.
        LogEntry::Discard { seat, cards, bomb } if cards.is_empty() && !bomb => Line::styled(
            ctx.tf(
                &who("daifugo.ui.log.discard_none", seat),
                &[("seat", &name(seat))],
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
                .map(|r| ctx.rank_label(r).to_string())
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

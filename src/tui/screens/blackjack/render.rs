//! Drawing the Blackjack screen from the engine's [`View`] (as [`BlackjackScreen::shown_view`]
//! paces it) and the screen's UI state. Nothing here changes state.
//!
//! Layout, top to bottom: the dealer (label and total, the shoe on the right; a row of cards),
//! the player's hands side by side (label, cards, total, result), the money line, a prompt line
//! (offers, the betting step, the round's result, game over), the action bar, the EV of each
//! action under it, the basic-strategy hint and a notice line. Spare rows go between the dealer
//! and the player, so 80×24 and 120×40 both read naturally. From 120×40 the cards are big, the
//! dealer and the hands centred, and the felt between them says what blackjack pays and how the
//! dealer plays.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::advisor::EvState;
use super::{BarItem, BlackjackScreen, bet_step};
use crate::blackjack::ev::SplitPlan;
use crate::blackjack::hand::HandValue;
use crate::blackjack::money::Money;
use crate::blackjack::moves::Outcome;
use crate::blackjack::rules::BlackjackPays;
use crate::blackjack::table::{Action as Move, HandView, Phase, View};
use crate::tui::ctx::Ctx;
use crate::tui::widgets::big_cards::{BIG_H, BIG_W, is_big};
use crate::tui::widgets::bj_cards::{FACE_H, Face, choose_style, render_row, row_width};
use crate::tui::widgets::layout::{fit, row};
use crate::tui::widgets::text::{truncate, width};

/// Draws the whole screen body into `area`. On a big terminal ([`is_big`]) the table spreads:
/// big faces, the dealer and the hands centred, the table's rules printed on the felt between
/// them, and the whole body height used.
pub fn render(s: &BlackjackScreen, frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let area = fit(area, frame.area());
    let big = is_big(frame.area());
    let face_h = if big { BIG_H } else { FACE_H };
    // On tall terminals keep the table together: at most 28 rows (34 with big faces), centred.
    let most = if big { 34 } else { 28 };
    let area = crate::tui::widgets::layout::centered(area, area.width, area.height.min(most));
    let v = s.shown_view();
    let [
        _,
        dealer,
        _,
        felt,
        _,
        player,
        _,
        money,
        prompt,
        bar,
        ev,
        hint,
        notice,
    ] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1 + face_h),
        Constraint::Fill(1),
        Constraint::Length(u16::from(big)),
        Constraint::Fill(1),
        Constraint::Length(2 + face_h + 1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let inset = |r: Rect| fit(crate::tui::widgets::layout::shrink(r, 1, 0), area);
    render_dealer(frame, inset(dealer), &v, big, ctx);
    if big {
        render_felt(s, frame, inset(felt), ctx);
    }
    if v.hands.is_empty() {
        render_bet_panel(s, frame, inset(player), &v, ctx);
    } else {
        render_hands(frame, inset(player), &v, big, ctx);
    }
    render_money(frame, inset(money), &v, ctx);
    render_prompt(s, frame, inset(prompt), &v, ctx);
    let slots = render_bar(s, frame, inset(bar), ctx);
    *s.bar_hits.borrow_mut() = (
        inset(bar).y,
        slots.iter().map(|(_, x, w)| (*x, *w)).collect(),
    );
    render_ev(s, frame, inset(ev), &slots, ctx);
    render_hint(s, frame, inset(hint), &v, ctx);
    render_notice(s, frame, inset(notice), ctx);
}

/// The table's main rules as printed on a casino felt, centred between the dealer and the
/// player: what a blackjack pays and whether the dealer hits soft 17 (the rules screen's
/// sentences). Left out when it does not fit.
fn render_felt(s: &BlackjackScreen, frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let pays = match s.rules.blackjack_pays {
        BlackjackPays::ThreeToTwo => "3:2",
        BlackjackPays::SixToFive => "6:5",
        BlackjackPays::OneToOne => "1:1",
    };
    let text = format!(
        "{}  {}",
        ctx.tf("common.rules.blackjack.pays", &[("pays", pays)]),
        ctx.t(if s.rules.dealer_hits_soft_17 {
            "common.rules.blackjack.h17"
        } else {
            "common.rules.blackjack.s17"
        })
    );
    let w = width(&text);
    if w <= usize::from(area.width) {
        let pad = (area.width - u16::try_from(w).unwrap_or(0)) / 2;
        line(
            frame,
            fit(Rect::new(area.x + pad, area.y, area.width - pad, 1), area),
            &text,
            ctx.theme.dim,
        );
    }
}

/// Cells the dealer's cards are centred as at least (two big faces): the label and the cards
/// stay put when the hole card turns and cards are drawn.
const DEALER_MIN_W: u16 = 2 * BIG_W + 1;

/// The left offset that centres `w` cells in `area`.
fn centre_x(area: Rect, w: u16) -> u16 {
    area.x + area.width.saturating_sub(w) / 2
}

/// Any notice (a refusal's reason first of all), then the coach's verdict on the last decision
/// ("Hit cost 4.2% — Stand was best").
fn render_notice(s: &BlackjackScreen, frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let mut parts: Vec<String> = Vec::new();
    if let Some(n) = &s.notice {
        parts.push(n.clone());
    }
    if let Some(v) = &s.verdict {
        parts.push(verdict_text(v, ctx));
    }
    if !parts.is_empty() {
        line(frame, area, &parts.join("  "), ctx.theme.warning);
    }
}

/// "Hit cost 4.2% — Stand was best".
pub fn verdict_text(v: &super::coach::Verdict, ctx: &Ctx) -> String {
    ctx.tf(
        "blackjack.coach.verdict",
        &[
            ("action", ctx.t(super::words::action_key(v.chosen))),
            ("cost", &cost_percent(v.cost)),
            ("best", ctx.t(super::words::action_key(v.best))),
        ],
    )
}

/// An EV given up, in % of the bet: "4.2%", "0.35%" below one percent, "0.01%" at least.
pub fn cost_percent(cost: f64) -> String {
    let pc = cost * 100.0;
    if pc >= 1.0 {
        format!("{pc:.1}%")
    } else {
        format!("{:.2}%", pc.max(0.01))
    }
}

/// Writes `text` into a one-row area, cut to its width.
fn line(frame: &mut Frame, area: Rect, text: &str, style: Style) {
    let t = truncate(text, usize::from(area.width));
    frame.render_widget(Paragraph::new(Line::styled(t, style)), area);
}

fn spans(frame: &mut Frame, area: Rect, parts: Vec<Span<'static>>) {
    frame.render_widget(Paragraph::new(Line::from(parts)), area);
}

/// "soft 17", "hard 12", "Blackjack", "Bust (24)".
pub fn total_text(value: HandValue, natural: bool, ctx: &Ctx) -> String {
    let total = value.total.to_string();
    if natural {
        ctx.t("blackjack.ui.blackjack").to_string()
    } else if value.is_bust() {
        ctx.tf("blackjack.ui.bust", &[("total", &total)])
    } else if value.soft {
        ctx.tf("blackjack.ui.soft_total", &[("total", &total)])
    } else {
        ctx.tf("blackjack.ui.hard_total", &[("total", &total)])
    }
}

/// A signed amount: `+22.50`, `-10`, `0`.
pub fn signed(m: Money) -> String {
    if m.is_positive() {
        format!("+{m}")
    } else {
        m.to_string()
    }
}

fn render_dealer(frame: &mut Frame, area: Rect, v: &View, big: bool, ctx: &Ctx) {
    let mut head = row(area, 0);
    let mut parts = vec![Span::styled(
        ctx.t("blackjack.ui.dealer").to_string(),
        ctx.theme.title,
    )];
    if let Some(value) = v.dealer.value {
        let t = if v.dealer.hole_hidden {
            // One card up: an ace reads "A" (it counts 1 or 11), any other card its points.
            let up = if value.soft && value.total == 11 {
                "A".to_string()
            } else {
                value.total.to_string()
            };
            ctx.tf("blackjack.ui.shows", &[("total", &up)])
        } else {
            total_text(value, v.dealer.natural, ctx)
        };
        parts.push(Span::raw("  "));
        parts.push(Span::styled(t, ctx.theme.text));
    }
    let mut label_w: usize = parts.iter().map(|p| width(&p.content)).sum();
    let mut faces: Vec<Face> = v.dealer.cards.iter().map(|&c| Face::Up(c)).collect();
    if v.dealer.hole_hidden {
        faces.push(Face::Down);
    }
    let face_h = if big { BIG_H } else { FACE_H };
    let mut cards = fit(Rect::new(area.x, area.y + 1, area.width, face_h), area);
    if big {
        // Centred: the cards (as wide as two big faces at least, so the label does not jump
        // when the hole card turns) with the label above their left edge.
        let style = choose_style(&faces, cards.width, cards.height, big, ctx);
        let w = row_width(&faces, style, ctx).max(DEALER_MIN_W);
        let x = centre_x(cards, w);
        let dx = x - cards.x;
        cards = fit(Rect::new(x, cards.y, cards.width - dx, cards.height), cards);
        head = fit(Rect::new(x, head.y, head.width - dx, 1), head);
        label_w += usize::from(dx);
    }
    spans(frame, head, parts);
    let style = render_row(frame, cards, &faces, big, ctx);
    let cards_w = usize::from(row_width(&faces, style, ctx)) + usize::from(cards.x - area.x);
    let head = row(area, 0);
    // The shoe, right-aligned: the count beside the dealer's label, the coming reshuffle on
    // the next row (beside the cards), each only where it does not cover anything.
    let shoe = ctx.tf(
        "blackjack.ui.shoe",
        &[
            ("left", &v.shoe.cards_left.to_string()),
            ("total", &v.shoe.cards_total.to_string()),
        ],
    );
    right_text(frame, head, &shoe, label_w + 2, ctx.theme.dim);
    if v.shoe.reshuffle_due {
        right_text(
            frame,
            row(area, 1),
            ctx.t("blackjack.ui.reshuffle_due"),
            cards_w + 2,
            ctx.theme.accent,
        );
    }
}

/// Writes `text` right-aligned in the one-row `area` when it fits beside the first `taken`
/// cells.
fn right_text(frame: &mut Frame, area: Rect, text: &str, taken: usize, style: Style) {
    let w = width(text);
    if w + taken <= usize::from(area.width) {
        let w16 = u16::try_from(w).unwrap_or(u16::MAX);
        line(
            frame,
            Rect::new(area.right() - w16, area.y, w16, 1),
            text,
            style,
        );
    }
}

/// Writes `text` in the one-row `area` three cells after the first `taken` cells (or at its
/// start when nothing is taken), when it fits whole.
fn after_text(frame: &mut Frame, area: Rect, text: &str, taken: usize, style: Style) {
    let gap = if taken == 0 { 0 } else { 3 };
    let w = width(text);
    let x = taken + gap;
    if x + w <= usize::from(area.width) {
        let (x16, w16) = (
            u16::try_from(x).unwrap_or(u16::MAX),
            u16::try_from(w).unwrap_or(u16::MAX),
        );
        line(
            frame,
            fit(Rect::new(area.x.saturating_add(x16), area.y, w16, 1), area),
            text,
            style,
        );
    }
}

fn render_bet_panel(s: &BlackjackScreen, frame: &mut Frame, area: Rect, v: &View, ctx: &Ctx) {
    if s.game_over() {
        return;
    }
    let bet = s.offered_bet();
    let step = bet_step(s.rules.min_bet, s.effective_bet());
    line(
        frame,
        row(area, 0),
        ctx.t("blackjack.ui.place_bet"),
        ctx.theme.title,
    );
    let amount = if s.typed.is_empty() {
        ctx.tf("blackjack.ui.bet_amount", &[("amount", &bet.to_string())])
    } else {
        ctx.tf("blackjack.ui.bet_typed", &[("amount", &s.typed)])
    };
    line(
        frame,
        row(area, 2),
        &amount,
        ctx.theme.text.add_modifier(Modifier::BOLD),
    );
    line(
        frame,
        row(area, 3),
        &ctx.tf("blackjack.ui.bet_help", &[("step", &step.to_string())]),
        ctx.theme.dim,
    );
    line(
        frame,
        row(area, 4),
        &ctx.tf(
            "blackjack.ui.limits",
            &[
                ("min", &v.min_bet.to_string()),
                ("max", &v.max_bet.to_string()),
                ("bankroll", &v.bankroll.to_string()),
            ],
        ),
        ctx.theme.dim,
    );
}

fn render_hands(frame: &mut Frame, area: Rect, v: &View, big: bool, ctx: &Ctx) {
    let n = v.hands.len().max(1);
    let n16 = u16::try_from(n).unwrap_or(u16::MAX);
    let mut col_w = (area.width / n16).min(if big { 40 } else { 36 });
    // Big: the hands centred as a group, a single hand's cards under the dealer's (its
    // label and cards are indented by 2) with the rest of the row to spread into.
    let x0 = if big && n == 1 {
        let x = centre_x(area, DEALER_MIN_W).saturating_sub(2).max(area.x);
        col_w = area.right() - x + 1;
        x
    } else if big {
        centre_x(area, col_w.saturating_mul(n16))
    } else {
        area.x
    };
    for (i, h) in v.hands.iter().enumerate() {
        let x = x0 + col_w * u16::try_from(i).unwrap_or(0);
        let col = fit(
            Rect::new(x, area.y, col_w.saturating_sub(1), area.height),
            area,
        );
        render_hand(frame, col, i, h, v, big, ctx);
    }
}

fn render_hand(
    frame: &mut Frame,
    area: Rect,
    i: usize,
    h: &HandView,
    v: &View,
    big: bool,
    ctx: &Ctx,
) {
    let face_h = if big { BIG_H } else { FACE_H };
    let active = v.active == Some(i) && v.phase == Phase::Player;
    let name = if v.hands.len() == 1 {
        ctx.t("blackjack.ui.you").to_string()
    } else {
        ctx.tf("blackjack.ui.hand_n", &[("n", &(i + 1).to_string())])
    };
    let mut label = format!(
        "{}{name}  {}",
        if active {
            ctx.theme.marker
        } else {
            ctx.theme.no_marker
        },
        ctx.tf("blackjack.ui.bet_on_hand", &[("bet", &h.bet.to_string())])
    );
    if h.doubled {
        label = format!("{label}  {}", ctx.t("blackjack.ui.doubled"));
    }
    let label_style = if active {
        ctx.theme.selected
    } else {
        ctx.theme.text
    };
    line(frame, row(area, 0), &label, label_style);
    let faces: Vec<Face> = h.cards.iter().map(|&c| Face::Up(c)).collect();
    let cards = fit(
        Rect::new(area.x + 2, area.y + 1, area.width.saturating_sub(2), face_h),
        area,
    );
    render_row(frame, cards, &faces, big, ctx);
    let mut total = total_text(h.value, h.natural, ctx);
    if h.surrendered && h.result.is_none() {
        total = ctx.t("blackjack.ui.surrendered").to_string();
    } else if active {
        total = format!("{total}  {}", ctx.t("blackjack.ui.active"));
    }
    let total_style = if h.value.is_bust() {
        ctx.theme.warning
    } else {
        ctx.theme.text.add_modifier(Modifier::BOLD)
    };
    let mut r = row(area, 1 + face_h);
    r.x = r.x.saturating_add(2).min(r.right());
    r.width = r.width.saturating_sub(2);
    line(frame, r, &total, total_style);
    if let Some(res) = h.result {
        let mut r = row(area, 2 + face_h);
        r.x = r.x.saturating_add(2).min(r.right());
        r.width = r.width.saturating_sub(2);
        let (text, style) = result_text(res.result, res.amount, ctx);
        line(frame, r, &text, style);
    }
}

/// A hand's result as shown: "Won 10", "Lost 10" (a bust too), "Blackjack 22.50", "Push", with
/// its style.
pub fn result_text(o: Outcome, amount: Money, ctx: &Ctx) -> (String, Style) {
    let key = match o {
        Outcome::Blackjack => "blackjack.result.blackjack",
        Outcome::Win => "blackjack.result.win",
        Outcome::Push => "blackjack.result.push",
        Outcome::TieToDealer => "blackjack.result.tie_to_dealer",
        // The total above already says "Bust (25)": the result says what it cost.
        Outcome::Lose | Outcome::Bust => "blackjack.result.lose",
        Outcome::Surrender => "blackjack.result.surrender",
        Outcome::EvenMoney => "blackjack.result.even_money",
    };
    let style = if amount.is_positive() {
        ctx.theme.accent.add_modifier(Modifier::BOLD)
    } else if amount == Money::ZERO {
        ctx.theme.text
    } else {
        ctx.theme.warning
    };
    // The word says won or lost, so the amount is shown without a sign.
    let abs = if amount.is_positive() {
        amount
    } else {
        -amount
    };
    (ctx.tf(key, &[("amount", &abs.to_string())]), style)
}

fn render_money(frame: &mut Frame, area: Rect, v: &View, ctx: &Ctx) {
    let mut parts = vec![Span::styled(
        ctx.tf(
            "blackjack.ui.bankroll",
            &[("amount", &v.bankroll.to_string())],
        ),
        ctx.theme.text.add_modifier(Modifier::BOLD),
    )];
    let staked: Money = v.hands.iter().map(|h| h.bet).sum();
    if staked.is_positive() {
        parts.push(Span::raw("   "));
        parts.push(Span::styled(
            ctx.tf("blackjack.ui.bet", &[("amount", &staked.to_string())]),
            ctx.theme.text,
        ));
    }
    if let Some(m) = v.insurance {
        parts.push(Span::raw("   "));
        let mut t = ctx.tf("blackjack.ui.insurance", &[("amount", &m.to_string())]);
        if let Some(r) = v.insurance_result {
            t = format!("{t} ({})", signed(r));
        }
        parts.push(Span::styled(t, ctx.theme.text));
    }
    spans(frame, area, parts);
}

fn render_prompt(s: &BlackjackScreen, frame: &mut Frame, area: Rect, v: &View, ctx: &Ctx) {
    if s.pacing.is_some() {
        line(
            frame,
            area,
            ctx.t("blackjack.ui.dealer_plays"),
            ctx.theme.dim,
        );
        return;
    }
    if s.game_over() {
        let t = ctx.tf(
            "blackjack.ui.game_over",
            &[
                ("bankroll", &v.bankroll.to_string()),
                ("min", &v.min_bet.to_string()),
            ],
        );
        line(frame, area, &t, ctx.theme.warning);
        return;
    }
    match v.phase {
        Phase::Insurance => {
            let insure = v.legal.iter().find_map(|a| match a {
                Move::Insure(m) => Some(*m),
                _ => None,
            });
            let t = if v.legal.contains(&Move::EvenMoney) {
                ctx.t("blackjack.ui.even_money_offer").to_string()
            } else if let Some(m) = insure {
                ctx.tf(
                    "blackjack.ui.insurance_offer",
                    &[("amount", &m.to_string())],
                )
            } else {
                // The whole bankroll is on the hand: nothing to insure with, only to decline.
                ctx.t("blackjack.ui.insurance_unaffordable").to_string()
            };
            line(frame, area, &t, ctx.theme.accent);
        }
        Phase::EarlySurrender => line(
            frame,
            area,
            ctx.t("blackjack.ui.early_offer"),
            ctx.theme.accent,
        ),
        Phase::Settled => {
            let net = v.round_net.unwrap_or(Money::ZERO);
            let net_style = if net.is_positive() {
                ctx.theme.accent.add_modifier(Modifier::BOLD)
            } else if net == Money::ZERO {
                ctx.theme.text
            } else {
                ctx.theme.warning
            };
            let bet = s.offered_bet();
            let step = bet_step(s.rules.min_bet, s.effective_bet());
            spans(
                frame,
                area,
                vec![
                    Span::styled(
                        ctx.tf("blackjack.ui.round_net", &[("amount", &signed(net))]),
                        net_style,
                    ),
                    Span::raw("   "),
                    Span::styled(
                        ctx.tf(
                            "blackjack.ui.next_bet",
                            &[("amount", &bet.to_string()), ("step", &step.to_string())],
                        ),
                        ctx.theme.dim,
                    ),
                ],
            );
        }
        Phase::Player => {
            // What the EV line cannot say beside its numbers: the split's resplit plan, and
            // why an action has no value.
            if s.ev_on
                && let EvState::Ready(evs) = s.advisor.state()
            {
                let mut parts = Vec::new();
                if let Some(plan) = evs.split_plan {
                    parts.push(ctx.t(match plan {
                        SplitPlan::Resplit => "blackjack.ui.split_resplit",
                        SplitPlan::NoResplit => "blackjack.ui.split_no_resplit",
                    }));
                }
                if !evs.notes.is_empty() {
                    parts.push(ctx.t("blackjack.ui.ev_run_out"));
                }
                line(frame, area, &parts.join("  ·  "), ctx.theme.dim);
            }
        }
        Phase::Betting => {}
    }
}

/// The label of a bar item: "Hit (h)", "Insurance 5 (i)", "Deal 10 (Enter)".
fn item_label(item: BarItem, ctx: &Ctx) -> String {
    match item {
        BarItem::Restart => ctx.t("blackjack.keys.restart").to_string(),
        BarItem::Move(m) => {
            let name = ctx.t(super::words::action_key(m));
            match m {
                Move::Bet(b) => format!("{} {b}", ctx.t("blackjack.ui.deal")),
                Move::Insure(a) => format!("{name} {a} (i)"),
                Move::EvenMoney => format!("{name} (i)"),
                Move::Decline => format!("{name} (n)"),
                Move::Hit => format!("{name} (h)"),
                Move::Stand => format!("{name} (s)"),
                Move::Double => format!("{name} (d)"),
                Move::Split => format!("{name} (p)"),
                Move::Surrender => format!("{name} (r)"),
                Move::NextRound => name.to_string(),
            }
        }
    }
}

/// Where each bar item was drawn: its item and its column range.
type Slots = Vec<(BarItem, u16, u16)>;

fn render_bar(s: &BlackjackScreen, frame: &mut Frame, area: Rect, ctx: &Ctx) -> Slots {
    let items = s.bar();
    let mut slots = Vec::new();
    let mut x = area.x;
    for (i, item) in items.iter().enumerate() {
        let selected = i == s.cursor.min(items.len().saturating_sub(1));
        let label = format!(" {} ", item_label(*item, ctx));
        let marker = if selected {
            ctx.theme.marker
        } else {
            ctx.theme.no_marker
        };
        let w = u16::try_from(width(marker) + width(&label)).unwrap_or(u16::MAX);
        if x.saturating_add(w) > area.right() {
            break;
        }
        let style = if selected {
            ctx.theme.selected
        } else {
            ctx.theme.key
        };
        spans(
            frame,
            Rect::new(x, area.y, w, 1),
            vec![Span::raw(marker), Span::styled(label, style)],
        );
        slots.push((*item, x, w));
        x = x.saturating_add(w).saturating_add(1);
    }
    slots
}

/// "Coach: 12 decisions, 2 mistakes, 3.50 chips of EV given away".
pub fn tally_text(t: &super::coach::Tally, ctx: &Ctx) -> String {
    ctx.tf(
        "blackjack.coach.tally",
        &[
            ("decisions", &t.decisions.to_string()),
            ("mistakes", &t.mistakes.to_string()),
            ("cost", &t.cost().to_string()),
        ],
    )
}

/// "+12.3%" (one decimal, signed).
pub fn percent(ev: f64) -> String {
    format!("{:+.1}%", ev * 100.0)
}

fn render_ev(s: &BlackjackScreen, frame: &mut Frame, area: Rect, slots: &Slots, ctx: &Ctx) {
    if !s.ev_on || s.pacing.is_some() || s.betting() || s.game_over() {
        return;
    }
    match s.advisor.state() {
        EvState::Idle => {}
        EvState::Computing => line(frame, area, ctx.t("blackjack.ui.computing"), ctx.theme.dim),
        EvState::Failed(why) => line(
            frame,
            area,
            &ctx.tf("blackjack.ui.ev_unavailable", &[("reason", why)]),
            ctx.theme.dim,
        ),
        EvState::Ready(evs) => {
            let mut right = area.x;
            for (item, x, w) in slots {
                let BarItem::Move(m) = item else { continue };
                let Some((_, value)) = evs.values.iter().find(|(a, _)| a == m) else {
                    continue;
                };
                let Some(ev) = value else {
                    // No value: the shoe could run out after this action.
                    if evs.notes.iter().any(|(a, _)| a == m) {
                        let t = "—";
                        let tx = x + w.saturating_sub(1) / 2;
                        line(
                            frame,
                            fit(Rect::new(tx, area.y, 1, 1), area),
                            t,
                            ctx.theme.dim,
                        );
                        right = right.max(tx + 1);
                    }
                    continue;
                };
                let best = evs.best == Some(*m);
                let t = if best {
                    format!("[{}]", percent(*ev))
                } else {
                    percent(*ev)
                };
                let tw = u16::try_from(width(&t)).unwrap_or(u16::MAX);
                let tx = x + w.saturating_sub(tw) / 2;
                let style = if best {
                    ctx.theme
                        .accent
                        .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
                } else {
                    ctx.theme.text
                };
                let r = fit(Rect::new(tx, area.y, tw, 1), area);
                line(frame, r, &t, style);
                right = right.max(tx + tw);
            }
            // The label right after the last value (not at the far edge of a wide terminal),
            // when there is room.
            after_text(
                frame,
                area,
                ctx.t("blackjack.ui.ev_label"),
                usize::from(right.saturating_sub(area.x)),
                ctx.theme.dim,
            );
        }
    }
}

fn render_hint(s: &BlackjackScreen, frame: &mut Frame, area: Rect, v: &View, ctx: &Ctx) {
    if s.pacing.is_some() {
        return;
    }
    if s.game_over() {
        let t = ctx.tf(
            "blackjack.ui.start_again",
            &[("bankroll", &s.rules.bankroll.to_string())],
        );
        line(frame, area, &t, ctx.theme.dim);
        return;
    }
    if s.coach_on && s.betting() {
        // Between rounds the session's tally; before the first judged decision, how to turn
        // the coach off (its key is not on the key bar).
        let t = if s.session_tally.decisions == 0 {
            ctx.t("blackjack.ui.coach_ready").to_string()
        } else {
            tally_text(&s.session_tally, ctx)
        };
        line(frame, area, &t, ctx.theme.dim);
        return;
    }
    let text = match v.phase {
        _ if !s.hint_on => None,
        Phase::Insurance => Some(ctx.t("blackjack.ui.hint_insurance").to_string()),
        Phase::EarlySurrender | Phase::Player => match s.strategy.get() {
            Some(strategy) => s.table.basic_strategy_action(strategy).map(|a| {
                ctx.tf(
                    "blackjack.ui.hint",
                    &[("action", ctx.t(super::words::action_key(a)))],
                )
            }),
            None => Some(ctx.t("blackjack.ui.hint_computing").to_string()),
        },
        Phase::Betting | Phase::Settled => None,
    };
    let used = text.as_deref().map_or(0, width);
    if let Some(t) = text {
        line(frame, area, &t, ctx.theme.accent);
    }
    // Under peek the EVs shown are conditional on no dealer natural: say so beside the hint.
    if s.ev_on
        && let EvState::Ready(evs) = s.advisor.state()
        && evs.conditional
    {
        after_text(
            frame,
            area,
            ctx.t("blackjack.ui.ev_conditional"),
            used,
            ctx.theme.dim,
        );
    }
}

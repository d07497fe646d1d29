//! The rules screen: the rules both games will be played with, read from the loaded `Config`
//! and put in plain words (English or Japanese), one bullet per rule, scrolling. The words for
//! each rule and value are i18n keys under `common.rules.`; the facts follow
//! `rules/daifugo.md` §1–3 and `rules/blackjack.md` §2.

use std::cell::RefCell;
use std::rc::Rc;

use ratatui::Frame;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::blackjack::rules::{Advisor, Rules as BlackjackRules};
use crate::blackjack::rules::{BlackjackPays, DoubleRule, HoleCard, SplitTensBy, Surrender, Ties};
use crate::cards::{Card, Rank, Suit};
use crate::config::{Config, CpuLevels};
use crate::daifugo::rules::{
    Ambulance, Amount, Count, CpuLevel, Eligible, FirstLead, ForbiddenMode, LaterLead, PassMode,
    Preset, Rules as DaifugoRules, Sandstorm, SequenceCompare, SuitLock,
};
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, Binding, Key, common};
use crate::tui::screen::{Screen, Transition};
use crate::tui::theme::Theme;
use crate::tui::widgets::frame;
use crate::tui::widgets::layout::fit;
use crate::tui::widgets::text::{width, wrap};

/// One paragraph of the rules text before wrapping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Para {
    /// A section heading (one per game).
    Heading(String),
    /// One rule, drawn as a bullet.
    Item(String),
    /// A note in the secondary style (where the rules came from).
    Note(String),
    /// An empty line.
    Blank,
}

/// The yes/no form of a switch: `on` or `off` key.
fn pick(ctx: &Ctx, on: bool, yes: &str, no: &str) -> String {
    ctx.t(if on { yes } else { no }).to_string()
}

fn level_name(ctx: &Ctx, l: CpuLevel) -> &'static str {
    ctx.t(match l {
        CpuLevel::Easy => "common.rules.level.easy",
        CpuLevel::Normal => "common.rules.level.normal",
        CpuLevel::Hard => "common.rules.level.hard",
    })
}

/// Alternatives as a list: "a, b, or c" ("a or b" for two) in English, "a、b、c" in Japanese.
fn or_list(items: &[&str], ctx: &Ctx) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [a, b] => format!("{a}{}{b}", ctx.t("common.rules.or_pair")),
        [init @ .., last] => format!(
            "{}{}{last}",
            init.join(ctx.t("common.rules.list_sep")),
            ctx.t("common.rules.or_last")
        ),
    }
}

/// Weakest first: easy, normal, hard.
fn level_rank(l: CpuLevel) -> u8 {
    match l {
        CpuLevel::Easy => 0,
        CpuLevel::Normal => 1,
        CpuLevel::Hard => 2,
    }
}

/// The key of a level's one-sentence description for players (`common.rules.level.*_about`).
pub fn level_about(l: CpuLevel) -> &'static str {
    match l {
        CpuLevel::Easy => "common.rules.level.easy_about",
        CpuLevel::Normal => "common.rules.level.normal_about",
        CpuLevel::Hard => "common.rules.level.hard_about",
    }
}

/// The Daifugo rules in force, one paragraph per rule (`rules/daifugo.md` §1–3).
pub fn daifugo_paras(config: &Config, ctx: &Ctx) -> Vec<Para> {
    let r: &DaifugoRules = &config.daifugo;
    let table = &config.daifugo_table;
    let mut out = vec![Para::Heading(ctx.t("common.rules.daifugo.heading").into())];
    let levels = match &table.cpu_level {
        CpuLevels::All(l) => level_name(ctx, *l).to_string(),
        CpuLevels::PerSeat(v) => v
            .iter()
            .take(usize::from(table.cpus))
            .map(|l| level_name(ctx, *l))
            .collect::<Vec<_>>()
            .join(ctx.t("common.rules.list_sep")),
    };
    out.push(Para::Item(ctx.tf(
        "common.rules.daifugo.table",
        &[
            ("players", &config.daifugo_players().to_string()),
            ("cpus", &table.cpus.to_string()),
            ("levels", &levels),
            ("rounds", &table.rounds.to_string()),
        ],
    )));
    // One sentence per level at the table, weakest first (issue 13 item 6).
    let mut at_table: Vec<CpuLevel> = match &table.cpu_level {
        CpuLevels::All(l) => vec![*l],
        CpuLevels::PerSeat(v) => v.iter().take(usize::from(table.cpus)).copied().collect(),
    };
    at_table.sort_by_key(|l| level_rank(*l));
    at_table.dedup();
    for l in at_table {
        out.push(Para::Item(ctx.t(level_about(l)).into()));
    }
    out.push(Para::Item(
        ctx.t(match table.preset {
            Preset::Standard => "common.rules.daifugo.preset_standard",
            Preset::Classic => "common.rules.daifugo.preset_classic",
            Preset::Uecda => "common.rules.daifugo.preset_uecda",
            Preset::Party => "common.rules.daifugo.preset_party",
        })
        .into(),
    ));
    out.push(Para::Item(if r.jokers == 0 {
        ctx.t("common.rules.daifugo.deck_no_jokers").into()
    } else {
        ctx.tf(
            "common.rules.daifugo.deck",
            &[("jokers", &r.jokers.to_string())],
        )
    }));
    out.push(Para::Item(ctx.t("common.rules.daifugo.order").into()));
    out.push(Para::Item(ctx.t("common.rules.daifugo.follow").into()));
    out.push(Para::Item(
        ctx.t(match r.pass_mode {
            PassMode::Locked => "common.rules.daifugo.pass_locked",
            PassMode::Reentry => "common.rules.daifugo.pass_reentry",
        })
        .into(),
    ));
    let d3 = ctx.card_label(Card::new(Rank::Three, Suit::Diamonds));
    let first = match r.first_lead {
        FirstLead::Diamond3 => ctx.tf("common.rules.daifugo.first_diamond3", &[("card", &d3)]),
        FirstLead::Random => ctx.t("common.rules.daifugo.first_random").into(),
    };
    let later = match r.later_lead {
        LaterLead::Daihinmin => ctx.t("common.rules.daifugo.later_daihinmin").into(),
        LaterLead::Diamond3 => ctx.tf("common.rules.daifugo.later_diamond3", &[("card", &d3)]),
    };
    out.push(Para::Item(format!(
        "{first}{}{later}",
        ctx.t("common.rules.sentence_sep")
    )));
    out.push(Para::Item(pick(
        ctx,
        r.exchange,
        "common.rules.daifugo.exchange_on",
        "common.rules.daifugo.exchange_off",
    )));
    out.push(Para::Item(if r.sequence.enabled {
        let compare = ctx.t(match r.sequence.compare {
            SequenceCompare::Strict => "common.rules.daifugo.sequence_strict",
            SequenceCompare::Overlap => "common.rules.daifugo.sequence_overlap",
        });
        ctx.tf(
            "common.rules.daifugo.sequence_on",
            &[
                ("min", &r.sequence.min_len.to_string()),
                ("compare", compare),
            ],
        )
    } else {
        ctx.t("common.rules.daifugo.sequence_off").into()
    }));
    out.push(Para::Item(if r.revolution.enabled {
        let mut s = ctx.tf(
            "common.rules.daifugo.revolution_on",
            &[("n", &r.revolution.group_min.to_string())],
        );
        if r.revolution.sequence_min > 0 && r.sequence.enabled {
            s.push_str(ctx.t("common.rules.sentence_sep"));
            s.push_str(&ctx.tf(
                "common.rules.daifugo.revolution_sequence",
                &[("n", &r.revolution.sequence_min.to_string())],
            ));
        }
        s
    } else {
        ctx.t("common.rules.daifugo.revolution_off").into()
    }));
    out.push(Para::Item(if r.eight_cut.enabled {
        let mut s = ctx.t("common.rules.daifugo.eight_cut_on").to_string();
        if r.sequence.enabled {
            s.push_str(ctx.t("common.rules.sentence_sep"));
            s.push_str(&pick(
                ctx,
                r.eight_cut.in_sequence,
                "common.rules.daifugo.eight_cut_in_sequence",
                "common.rules.daifugo.eight_cut_not_in_sequence",
            ));
        }
        if r.jokers > 0 {
            s.push_str(ctx.t("common.rules.sentence_sep"));
            s.push_str(&pick(
                ctx,
                r.eight_cut.joker_counts,
                "common.rules.daifugo.eight_cut_joker",
                "common.rules.daifugo.eight_cut_no_joker",
            ));
        }
        s
    } else {
        ctx.t("common.rules.daifugo.eight_cut_off").into()
    }));
    out.push(Para::Item(
        ctx.t(match r.lock.suit {
            SuitLock::Exact => "common.rules.daifugo.lock_exact",
            SuitLock::Partial => "common.rules.daifugo.lock_partial",
            SuitLock::Off => "common.rules.daifugo.lock_off",
        })
        .into(),
    ));
    if r.lock.number {
        out.push(Para::Item(ctx.t("common.rules.daifugo.number_lock").into()));
    }
    let s3 = ctx.card_label(Card::new(Rank::Three, Suit::Spades));
    out.push(Para::Item(if r.spade3 && r.jokers > 0 {
        ctx.tf("common.rules.daifugo.spade3_on", &[("card", &s3)])
    } else {
        ctx.t("common.rules.daifugo.spade3_off").into()
    }));
    out.push(Para::Item(pick(
        ctx,
        r.jack_back,
        "common.rules.daifugo.jack_back_on",
        "common.rules.daifugo.jack_back_off",
    )));
    let ff = &r.forbidden_finish;
    let mut finishes = Vec::new();
    if ff.joker && r.jokers > 0 {
        finishes.push(ctx.t("common.rules.daifugo.finish_joker"));
    }
    if ff.strongest {
        // The strongest rank is the 3 while the order is reversed; say so only under the
        // rules that can reverse it (rules/daifugo.md §3: revolution, jack-back).
        let revolution = r.revolution.enabled;
        finishes.push(ctx.t(match (revolution, r.jack_back) {
            (true, false) => "common.rules.daifugo.finish_strongest",
            (false, true) => "common.rules.daifugo.finish_strongest_jack_back",
            (true, true) => "common.rules.daifugo.finish_strongest_reversed",
            (false, false) => "common.rules.daifugo.finish_strongest_fixed",
        }));
    }
    if ff.eight && r.eight_cut.enabled {
        finishes.push(ctx.t("common.rules.daifugo.finish_eight"));
    }
    if ff.spade3 && r.spade3 && r.jokers > 0 {
        finishes.push(ctx.t("common.rules.daifugo.finish_spade3"));
    }
    out.push(Para::Item(if finishes.is_empty() {
        ctx.t("common.rules.daifugo.forbidden_off").into()
    } else {
        ctx.tf(
            if r.forbidden_finish.mode == ForbiddenMode::Illegal {
                "common.rules.daifugo.forbidden_illegal"
            } else {
                "common.rules.daifugo.forbidden_on"
            },
            &[("list", &or_list(&finishes, ctx))],
        )
    }));
    let players = config.daifugo_players();
    out.push(Para::Item(
        if r.miyako_ochi && players < usize::from(r.miyako_ochi_min_players) {
            ctx.tf(
                "common.rules.daifugo.miyako_min",
                &[("n", &r.miyako_ochi_min_players.to_string())],
            )
        } else {
            pick(
                ctx,
                r.miyako_ochi,
                "common.rules.daifugo.miyako_on",
                "common.rules.daifugo.miyako_off",
            )
        },
    ));
    out.extend(house_paras(r, players, ctx));
    out.push(Para::Item(ctx.t("common.rules.daifugo.scoring").into()));
    out
}

/// The house rules of `rules/daifugo.md` §3b in force, one paragraph each, then the order of
/// effects of one play when any rule that acts after a play is on.
fn house_paras(r: &DaifugoRules, players: usize, ctx: &Ctx) -> Vec<Para> {
    let yes = |b: bool| if b { "yes" } else { "no" };
    let per_card = |c: Count| yes(c == Count::PerCard);
    let mut out = Vec::new();
    if r.lock.geki && r.lock.suit != SuitLock::Off {
        out.push(Para::Item(ctx.t("common.rules.daifugo.lock_geki").into()));
    }
    if r.five_skip.enabled {
        out.push(Para::Item(ctx.tf(
            "common.rules.daifugo.five_skip",
            &[("per_card", per_card(r.five_skip.count))],
        )));
    }
    if r.seven_pass.enabled {
        out.push(Para::Item(ctx.tf(
            "common.rules.daifugo.seven_pass",
            &[
                ("per_card", per_card(r.seven_pass.count)),
                ("exact", yes(r.seven_pass.amount == Amount::Exact)),
            ],
        )));
    }
    if r.ten_discard.enabled {
        out.push(Para::Item(ctx.tf(
            "common.rules.daifugo.ten_discard",
            &[
                ("per_card", per_card(r.ten_discard.count)),
                ("exact", yes(r.ten_discard.amount == Amount::Exact)),
                (
                    "weaker",
                    yes(r.ten_discard.eligible == Eligible::WeakerThanTen),
                ),
            ],
        )));
    }
    if r.nine_reverse.enabled && players > 2 {
        out.push(Para::Item(ctx.tf(
            "common.rules.daifugo.nine_reverse",
            &[("per_card", per_card(r.nine_reverse.count))],
        )));
    }
    if r.q_bomber.enabled {
        out.push(Para::Item(ctx.t("common.rules.daifugo.q_bomber").into()));
    }
    if r.ambulance == Ambulance::Cut {
        out.push(Para::Item(ctx.t("common.rules.daifugo.ambulance").into()));
    }
    if r.sandstorm != Sandstorm::Off {
        out.push(Para::Item(ctx.tf(
            "common.rules.daifugo.sandstorm",
            &[("cut", yes(r.sandstorm == Sandstorm::CutTriple))],
        )));
    }
    if r.gekokujo {
        out.push(Para::Item(ctx.t("common.rules.daifugo.gekokujo").into()));
    }
    if r.joker_return && r.jokers == 2 {
        out.push(Para::Item(
            ctx.t("common.rules.daifugo.joker_return").into(),
        ));
    }
    if r.has_triggers() {
        out.push(Para::Item(ctx.t("common.rules.daifugo.house_order").into()));
    }
    out
}

/// The Blackjack table rules in force, one paragraph per rule (`rules/blackjack.md` §2).
pub fn blackjack_paras(r: &BlackjackRules, ctx: &Ctx) -> Vec<Para> {
    let mut out = vec![Para::Heading(
        ctx.t("common.rules.blackjack.heading").into(),
    )];
    let pct = format!("{:.0}", r.penetration * 100.0);
    out.push(Para::Item(ctx.tf(
        if r.decks == 1 {
            "common.rules.blackjack.shoe_one"
        } else {
            "common.rules.blackjack.shoe"
        },
        &[("decks", &r.decks.to_string()), ("percent", &pct)],
    )));
    out.push(Para::Item(pick(
        ctx,
        r.dealer_hits_soft_17,
        "common.rules.blackjack.h17",
        "common.rules.blackjack.s17",
    )));
    out.push(Para::Item(
        ctx.t(match r.hole_card {
            HoleCard::Peek => "common.rules.blackjack.peek",
            HoleCard::Enhc => "common.rules.blackjack.enhc",
        })
        .into(),
    ));
    let pays = match r.blackjack_pays {
        BlackjackPays::ThreeToTwo => "3:2",
        BlackjackPays::SixToFive => "6:5",
        BlackjackPays::OneToOne => "1:1",
    };
    out.push(Para::Item(
        ctx.tf("common.rules.blackjack.pays", &[("pays", pays)]),
    ));
    let mut double = ctx
        .t(match r.double {
            DoubleRule::Any => "common.rules.blackjack.double_any",
            DoubleRule::NineToEleven => "common.rules.blackjack.double_9_11",
            DoubleRule::TenToEleven => "common.rules.blackjack.double_10_11",
            DoubleRule::None => "common.rules.blackjack.double_none",
        })
        .to_string();
    if r.double != DoubleRule::None && r.max_hands > 1 {
        double.push_str(ctx.t("common.rules.sentence_sep"));
        double.push_str(&pick(
            ctx,
            r.double_after_split,
            "common.rules.blackjack.das_on",
            "common.rules.blackjack.das_off",
        ));
    }
    out.push(Para::Item(double));
    out.push(Para::Item(if r.max_hands <= 1 {
        ctx.t("common.rules.blackjack.split_none").into()
    } else {
        let sep = ctx.t("common.rules.sentence_sep");
        [
            ctx.tf(
                "common.rules.blackjack.split",
                &[("hands", &r.max_hands.to_string())],
            ),
            ctx.t(match r.split_tens_by {
                SplitTensBy::Value => "common.rules.blackjack.split_tens_value",
                SplitTensBy::Rank => "common.rules.blackjack.split_tens_rank",
            })
            .into(),
            pick(
                ctx,
                r.resplit_aces,
                "common.rules.blackjack.resplit_aces_on",
                "common.rules.blackjack.resplit_aces_off",
            ),
            pick(
                ctx,
                r.hit_split_aces,
                "common.rules.blackjack.hit_split_aces_on",
                "common.rules.blackjack.hit_split_aces_off",
            ),
        ]
        .join(sep)
    }));
    out.push(Para::Item(
        ctx.t(match r.surrender {
            Surrender::None => "common.rules.blackjack.surrender_none",
            Surrender::Late => "common.rules.blackjack.surrender_late",
            Surrender::Early => "common.rules.blackjack.surrender_early",
        })
        .into(),
    ));
    out.push(Para::Item(pick(
        ctx,
        r.insurance,
        "common.rules.blackjack.insurance_on",
        "common.rules.blackjack.insurance_off",
    )));
    out.push(Para::Item(
        ctx.t(match r.ties {
            Ties::Push => "common.rules.blackjack.ties_push",
            Ties::Dealer => "common.rules.blackjack.ties_dealer",
        })
        .into(),
    ));
    out.push(Para::Item(ctx.tf(
        "common.rules.blackjack.chips",
        &[
            ("bankroll", &r.bankroll.to_string()),
            ("min", &r.min_bet.to_string()),
            ("max", &r.max_bet.to_string()),
        ],
    )));
    out.push(Para::Item(
        ctx.t(match r.advisor {
            Advisor::Off => "common.rules.blackjack.advisor_off",
            Advisor::Hint => "common.rules.blackjack.advisor_hint",
            Advisor::Ev => "common.rules.blackjack.advisor_ev",
        })
        .into(),
    ));
    out
}

/// The whole rules text: Daifugo, Blackjack, and where the settings came from.
pub fn paras(ctx: &Ctx) -> Vec<Para> {
    let mut out = daifugo_paras(&ctx.config, ctx);
    out.push(Para::Blank);
    out.extend(blackjack_paras(&ctx.config.blackjack, ctx));
    out.push(Para::Blank);
    let source = match ctx.config.sources.get(1..) {
        Some(files) if !files.is_empty() => ctx.tf(
            "common.rules.source_file",
            &[("path", &files.join(ctx.t("common.rules.list_sep")))],
        ),
        _ => ctx.t("common.rules.source_default").into(),
    };
    out.push(Para::Note(source));
    out.push(Para::Note(ctx.t("common.rules.change_hint").into()));
    out
}

/// The paragraphs wrapped to `width` cells: bullets with a hanging indent, headings bold.
/// Also returns the line index of each heading, for jumping between sections.
pub fn layout(
    paras: &[Para],
    width_cells: usize,
    theme: &Theme,
    bullet: &str,
) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let indent = width(bullet);
    for p in paras {
        match p {
            Para::Heading(h) => {
                for l in wrap(h, width_cells) {
                    out.push(Line::styled(l, theme.title));
                }
            }
            Para::Item(text) => {
                let body = width_cells.saturating_sub(indent);
                if body == 0 {
                    continue;
                }
                for (i, l) in wrap(text, body).into_iter().enumerate() {
                    let lead = if i == 0 {
                        Span::styled(bullet.to_string(), theme.accent)
                    } else {
                        Span::raw(" ".repeat(indent))
                    };
                    out.push(Line::from(vec![lead, Span::styled(l, theme.text)]));
                }
            }
            Para::Note(text) => {
                for l in wrap(text, width_cells) {
                    out.push(Line::styled(l, theme.dim));
                }
            }
            Para::Blank => out.push(Line::raw("")),
        }
    }
    out
}

/// The rules screen's state: how far it is scrolled, and the text laid out for the last width
/// drawn (a cache of derived text, not state: the config and language never change while the
/// screen is open, so the width is the only key).
#[derive(Clone, Debug, Default)]
pub struct RulesScreen {
    scroll: usize,
    laid_out: RefCell<Option<(u16, Rc<Vec<Line<'static>>>)>>,
}

const NEXT_SECTION: Action = Action::Custom("next-section");

const KEYMAP: &[Binding] = &[
    common::SCROLL_UP,
    common::SCROLL_DOWN,
    common::PAGE_UP,
    common::PAGE_DOWN,
    common::HOME,
    common::END,
    Binding::new(
        &[Key::plain(KeyCode::Tab)],
        NEXT_SECTION,
        "common.action.next_section",
    ),
    common::BACK,
];

/// Horizontal margin of the text in the body, in cells.
const MARGIN: u16 = 2;

impl RulesScreen {
    /// The rules screen scrolled to the top.
    pub fn new() -> RulesScreen {
        RulesScreen::default()
    }

    /// The first line shown.
    pub fn scroll(&self) -> usize {
        self.scroll
    }

    /// The text area for a terminal of `ctx.size` (the body of the common frame, minus margins).
    fn text_area(ctx: &Ctx) -> Rect {
        let full = Rect::new(0, 0, ctx.size.width, ctx.size.height);
        let body = frame::areas(full).body;
        text_area_in(body)
    }

    /// The rules text laid out for `area`'s width (cached per width).
    fn lines(&self, ctx: &Ctx, area: Rect) -> Rc<Vec<Line<'static>>> {
        if let Some((w, lines)) = &*self.laid_out.borrow()
            && *w == area.width
        {
            return Rc::clone(lines);
        }
        let lines = Rc::new(layout(
            &paras(ctx),
            usize::from(area.width),
            &ctx.theme,
            ctx.t("common.rules.bullet"),
        ));
        *self.laid_out.borrow_mut() = Some((area.width, Rc::clone(&lines)));
        lines
    }

    /// (total lines, visible lines) for the current terminal size.
    fn extent(&self, ctx: &Ctx) -> (usize, usize) {
        let area = RulesScreen::text_area(ctx);
        (self.lines(ctx, area).len(), usize::from(area.height))
    }
}

fn text_area_in(body: Rect) -> Rect {
    fit(
        Rect::new(
            body.x.saturating_add(MARGIN),
            body.y.saturating_add(1),
            body.width.saturating_sub(MARGIN * 2),
            body.height.saturating_sub(1),
        ),
        body,
    )
}

impl Screen for RulesScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("common.rules.title").to_string()
    }

    fn status(&self, ctx: &Ctx) -> String {
        let (total, visible) = self.extent(ctx);
        if total == 0 {
            return String::new();
        }
        let first = self.scroll.min(total.saturating_sub(visible));
        let last = (first + visible).min(total);
        ctx.tf(
            "common.rules.position",
            &[
                ("first", &(first + 1).to_string()),
                ("last", &last.to_string()),
                ("total", &total.to_string()),
            ],
        )
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let text = text_area_in(area);
        let lines = self.lines(ctx, text);
        let visible = usize::from(text.height);
        let first = self.scroll.min(lines.len().saturating_sub(visible));
        let shown: Vec<Line> = lines.iter().skip(first).take(visible).cloned().collect();
        frame.render_widget(Paragraph::new(shown), text);
    }

    fn keymap(&self) -> &[Binding] {
        KEYMAP
    }

    /// The wheel scrolls the text a line a notch, as ↑/↓ do (issue 14 item 7).
    fn mouse(&mut self, ev: &ratatui::crossterm::event::MouseEvent, ctx: &mut Ctx) -> Transition {
        use ratatui::crossterm::event::MouseEventKind as K;
        match ev.kind {
            K::ScrollUp => self.handle(Action::Up, ctx),
            K::ScrollDown => self.handle(Action::Down, ctx),
            _ => Transition::Stay,
        }
    }

    fn handle(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        let (total, visible) = self.extent(ctx);
        let max = total.saturating_sub(visible);
        let page = visible.saturating_sub(1).max(1);
        self.scroll = self.scroll.min(max);
        match action {
            Action::Up => self.scroll = self.scroll.saturating_sub(1),
            Action::Down => self.scroll = (self.scroll + 1).min(max),
            Action::PageUp => self.scroll = self.scroll.saturating_sub(page),
            Action::PageDown => self.scroll = (self.scroll + page).min(max),
            Action::Home => self.scroll = 0,
            Action::End => self.scroll = max,
            NEXT_SECTION => {
                // The heading lines: the first line of the text and the line after each blank
                // that precedes a heading. Jump to the next one below, or back to the top.
                let area = RulesScreen::text_area(ctx);
                let heading_rows = heading_rows(ctx, area);
                self.scroll = heading_rows
                    .into_iter()
                    .find(|&r| r > self.scroll)
                    .unwrap_or(0)
                    .min(max);
            }
            Action::Back => return Transition::Pop,
            _ => {}
        }
        Transition::Stay
    }
}

/// Line numbers at which a heading starts, for the current width.
fn heading_rows(ctx: &Ctx, area: Rect) -> Vec<usize> {
    let bullet = ctx.t("common.rules.bullet");
    let mut rows = Vec::new();
    let mut n = 0;
    for p in paras(ctx) {
        if matches!(p, Para::Heading(_)) {
            rows.push(n);
        }
        n += layout(
            std::slice::from_ref(&p),
            usize::from(area.width),
            &ctx.theme,
            bullet,
        )
        .len();
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{LanguageSetting, SuitStyle};
    use crate::i18n::Lang;
    use crate::tui::Options;

    fn ctx_with(config: Config, lang: Lang) -> Ctx {
        let mut c = config;
        c.general.language = match lang {
            Lang::En => LanguageSetting::En,
            Lang::Ja => LanguageSetting::Ja,
        };
        let mut ctx = Ctx::new(c, &Options::default(), |_| None);
        ctx.size = ratatui::layout::Size::new(80, 24);
        ctx
    }

    fn text(paras: &[Para]) -> String {
        paras
            .iter()
            .map(|p| match p {
                Para::Heading(s) | Para::Item(s) | Para::Note(s) => s.as_str(),
                Para::Blank => "",
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn default_rules_read_as_the_rule_book_defaults() {
        let ctx = ctx_with(Config::default(), Lang::En);
        let d = text(&daifugo_paras(&ctx.config, &ctx));
        // rules/daifugo.md §1–3 defaults: 2 jokers, locked passing, 3♦ leads, revolution on 4,
        // 8-cut, suit lock, spade 3, no jack-back, miyako-ochi; 4 players, 5 rounds.
        assert!(d.contains("4 players"), "{d}");
        assert!(d.contains("5 rounds"), "{d}");
        assert!(d.contains("2 jokers"), "{d}");
        assert!(d.contains("3♦"), "{d}");
        assert!(d.contains("4 or more cards"), "{d}");
        assert!(d.contains("Eight-cut"), "{d}");
        assert!(d.contains("No jack-back"), "{d}");
        assert!(d.contains("Miyako-ochi"), "{d}");
        let b = text(&blackjack_paras(&ctx.config.blackjack, &ctx));
        // rules/blackjack.md §2 defaults: 6 decks, 75 %, S17, peek, 3:2, late surrender.
        assert!(b.contains("6 decks"), "{b}");
        assert!(b.contains("75%"), "{b}");
        assert!(b.contains("S17"), "{b}");
        assert!(b.contains("3:2"), "{b}");
        assert!(b.contains("Late surrender"), "{b}");
        assert!(b.contains("1000 chips"), "{b}");
    }

    #[test]
    fn every_house_rule_in_force_is_explained() {
        // rules/daifugo.md §3b: party turns on 5-skip, 7-pass, 10-discard, 9-reverse,
        // Q-bomber, ambulance and sandstorm; gekokujo and joker return are set here.
        let toml = r#"
[daifugo]
preset = "party"
gekokujo = true
joker_return = true
seven_pass.amount = "exact"
ten_discard.eligible = "weaker_than_ten"
forbidden_finish.mode = "illegal"
"#;
        let c = Config::from_toml("test.toml", toml).expect("valid config");
        for lang in [Lang::En, Lang::Ja] {
            let ctx = ctx_with(c.clone(), lang);
            let d = text(&daifugo_paras(&ctx.config, &ctx));
            let want: &[&str] = match lang {
                Lang::En => &[
                    "5-skip:",
                    "gives exactly one card per 7",
                    "from the cards weaker than a 10",
                    "9-reverse:",
                    "Q-bomber:",
                    "Ambulance:",
                    "Sandstorm: three 3s beat any triple and clear the pile.",
                    "Gekokujo:",
                    "Joker return:",
                    "is not allowed at all",
                    "Order of effects",
                ],
                Lang::Ja => &[
                    "5飛ばし",
                    "7渡し",
                    "10捨て",
                    "9リバース",
                    "12ボンバー",
                    "救急車",
                    "砂嵐",
                    "下剋上",
                    "ジョーカー返し",
                    "効果の順番",
                ],
            };
            for w in want {
                assert!(d.contains(w), "{w:?} missing: {d}");
            }
        }
        // The standard rules say none of it.
        let ctx = ctx_with(Config::default(), Lang::En);
        let d = text(&daifugo_paras(&ctx.config, &ctx));
        assert!(
            !d.contains("5-skip") && !d.contains("Order of effects"),
            "{d}"
        );
    }

    #[test]
    fn changed_settings_change_the_words() {
        let toml = r#"
[general]
suits = "letters"
[blackjack]
decks = 1
dealer_hits_soft_17 = true
blackjack_pays = "6:5"
surrender = "none"
max_hands = 1
[daifugo]
preset = "classic"
cpus = 4
jack_back = true
"#;
        let c = Config::from_toml("test.toml", toml).expect("valid config");
        assert_eq!(c.general.suits, SuitStyle::Letters);
        let ctx = ctx_with(c, Lang::En);
        let d = text(&daifugo_paras(&ctx.config, &ctx));
        assert!(d.contains("5 players"), "{d}");
        assert!(d.contains("3D"), "letters for suits: {d}");
        assert!(d.contains("No revolution"), "{d}");
        assert!(d.contains("No sequences"), "{d}");
        assert!(d.contains("Jack-back:"), "{d}");
        let b = text(&blackjack_paras(&ctx.config.blackjack, &ctx));
        assert!(b.contains("1 deck,"), "{b}");
        assert!(b.contains("H17"), "{b}");
        assert!(b.contains("6:5"), "{b}");
        assert!(b.contains("No surrender"), "{b}");
        assert!(b.contains("No splitting"), "{b}");
    }

    #[test]
    fn japanese_text_uses_japanese_terms() {
        let ctx = ctx_with(Config::default(), Lang::Ja);
        let all = text(&paras(&ctx));
        for term in [
            "大富豪",
            "革命",
            "8切り",
            "縛り",
            "都落ち",
            "ブラックジャック",
        ] {
            assert!(all.contains(term), "{term} missing:\n{all}");
        }
    }

    #[test]
    fn wrapped_lines_fit_the_width_in_cells() {
        for lang in [Lang::En, Lang::Ja] {
            let ctx = ctx_with(Config::default(), lang);
            for w in [20usize, 40, 76] {
                let ls = layout(&paras(&ctx), w, &ctx.theme, ctx.t("common.rules.bullet"));
                assert!(ls.iter().all(|l| l.width() <= w), "{lang:?} at {w}");
            }
        }
    }

    #[test]
    fn scrolling_stops_at_both_ends() {
        let mut ctx = ctx_with(Config::default(), Lang::En);
        let mut s = RulesScreen::new();
        s.handle(Action::Up, &mut ctx);
        assert_eq!(s.scroll(), 0);
        s.handle(Action::End, &mut ctx);
        let end = s.scroll();
        assert!(end > 0, "the rules are longer than one 80x24 page");
        s.handle(Action::Down, &mut ctx);
        assert_eq!(s.scroll(), end);
        s.handle(Action::PageUp, &mut ctx);
        assert!(s.scroll() < end);
        s.handle(Action::Home, &mut ctx);
        assert_eq!(s.scroll(), 0);
        s.handle(NEXT_SECTION, &mut ctx);
        assert!(s.scroll() > 0, "Tab jumps to the Blackjack heading");
        assert!(matches!(s.handle(Action::Back, &mut ctx), Transition::Pop));
    }
}

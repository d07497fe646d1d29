//! The title screen: the `cardroom` banner, a strip of cards in the chosen suit style, and the
//! menu — Daifugo, Blackjack, Rules, Quit — with a one-line description of the highlighted
//! entry.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::cards::{Card, Rank, Suit};
use crate::tui::Game;
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, BACK_KEYS, Binding, Key, common};
use crate::tui::screen::{Screen, Transition};
use crate::tui::widgets::layout::fit;
use crate::tui::widgets::text::{truncate, width, wrap};

/// The banner drawn above the menu (ASCII only, so its width is the same on every terminal).
pub const BANNER: &str = include_str!("../../../assets/title.txt");

/// The entries of the menu, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// Play Daifugo.
    Daifugo,
    /// Play Blackjack.
    Blackjack,
    /// Read the rules in play.
    Rules,
    /// Change the settings (the config file).
    Settings,
    /// See the statistics.
    Statistics,
    /// Leave cardroom.
    Quit,
}

impl MenuItem {
    /// The menu in display order.
    pub const ALL: [MenuItem; 6] = [
        MenuItem::Daifugo,
        MenuItem::Blackjack,
        MenuItem::Rules,
        MenuItem::Settings,
        MenuItem::Statistics,
        MenuItem::Quit,
    ];

    /// i18n key of the entry's name.
    pub fn label_key(self) -> &'static str {
        match self {
            MenuItem::Daifugo => "common.menu.daifugo",
            MenuItem::Blackjack => "common.menu.blackjack",
            MenuItem::Rules => "common.menu.rules",
            MenuItem::Settings => "common.menu.settings",
            MenuItem::Statistics => "common.menu.statistics",
            MenuItem::Quit => "common.menu.quit",
        }
    }

    /// i18n key of the entry's one-line description.
    pub fn description_key(self) -> &'static str {
        match self {
            MenuItem::Daifugo => "common.menu.daifugo_desc",
            MenuItem::Blackjack => "common.menu.blackjack_desc",
            MenuItem::Rules => "common.menu.rules_desc",
            MenuItem::Settings => "common.menu.settings_desc",
            MenuItem::Statistics => "common.menu.statistics_desc",
            MenuItem::Quit => "common.menu.quit_desc",
        }
    }
}

/// The title screen's state: which menu entry is highlighted.
#[derive(Clone, Debug, Default)]
pub struct TitleScreen {
    selected: usize,
}

/// Digit keys choose an entry at once (the help merges them into one row).
const PICK_1: Action = Action::Custom("menu-1");
const PICK_2: Action = Action::Custom("menu-2");
const PICK_3: Action = Action::Custom("menu-3");
const PICK_4: Action = Action::Custom("menu-4");
const PICK_5: Action = Action::Custom("menu-5");
const PICK_6: Action = Action::Custom("menu-6");
const PICKS: [Action; 6] = [PICK_1, PICK_2, PICK_3, PICK_4, PICK_5, PICK_6];

const KEYMAP: &[Binding] = &[
    Binding::new(common::UP.keys, Action::Up, "common.action.menu_up").repeating(),
    Binding::new(common::DOWN.keys, Action::Down, "common.action.menu_down").repeating(),
    common::HOME,
    common::END,
    Binding::new(&[Key::char('1')], PICK_1, "common.action.menu_number"),
    Binding::new(&[Key::char('2')], PICK_2, "common.action.menu_number"),
    Binding::new(&[Key::char('3')], PICK_3, "common.action.menu_number"),
    Binding::new(&[Key::char('4')], PICK_4, "common.action.menu_number"),
    Binding::new(&[Key::char('5')], PICK_5, "common.action.menu_number"),
    Binding::new(&[Key::char('6')], PICK_6, "common.action.menu_number"),
    common::CONFIRM,
    Binding::new(BACK_KEYS, Action::Back, "common.action.quit"),
];

/// Width of the menu column in cells.
const MENU_WIDTH: usize = 34;

impl TitleScreen {
    /// The title screen with the first entry highlighted.
    pub fn new() -> TitleScreen {
        TitleScreen::default()
    }

    /// The highlighted entry.
    pub fn selected(&self) -> MenuItem {
        MenuItem::ALL[self.selected.min(MenuItem::ALL.len() - 1)]
    }

    /// Highlights `item`.
    pub fn select(&mut self, item: MenuItem) {
        self.selected = MenuItem::ALL.iter().position(|m| *m == item).unwrap_or(0);
    }

    fn choose(&self, ctx: &Ctx) -> Transition {
        match self.selected() {
            MenuItem::Daifugo => Transition::Push(super::game_screen(Game::Daifugo, ctx)),
            MenuItem::Blackjack => Transition::Push(super::game_screen(Game::Blackjack, ctx)),
            MenuItem::Rules => Transition::Push(Box::new(super::rules::RulesScreen::new())),
            MenuItem::Settings => {
                Transition::Push(Box::new(super::settings::SettingsScreen::new(ctx, false)))
            }
            MenuItem::Statistics => Transition::Push(Box::new(super::stats::StatsScreen::new(ctx))),
            MenuItem::Quit => Transition::Quit,
        }
    }

    fn card_strip(&self, ctx: &Ctx) -> Line<'static> {
        let cards = [
            Card::new(Rank::Ace, Suit::Spades),
            Card::new(Rank::King, Suit::Hearts),
            Card::joker(0),
            Card::new(Rank::Queen, Suit::Diamonds),
            Card::new(Rank::Jack, Suit::Clubs),
        ];
        let mut spans = Vec::new();
        for (i, c) in cards.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw("  "));
            }
            spans.push(Span::styled("[", ctx.theme.border));
            spans.push(Span::styled(ctx.card_label(*c), ctx.theme.card(*c)));
            spans.push(Span::styled("]", ctx.theme.border));
        }
        Line::from(spans)
    }
}

fn centred_line(line: Line<'static>, width_cells: u16) -> Line<'static> {
    let pad = usize::from(width_cells).saturating_sub(line.width()) / 2;
    let mut spans = vec![Span::raw(" ".repeat(pad))];
    spans.extend(line.spans);
    Line::from(spans).style(line.style)
}

impl Screen for TitleScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("common.menu.title").to_string()
    }

    fn status(&self, _ctx: &Ctx) -> String {
        format!("v{}", env!("CARGO_PKG_VERSION"))
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let w = area.width;
        let mut lines: Vec<Line<'static>> = Vec::new();
        let banner: Vec<&str> = BANNER.lines().collect();
        let banner_w = banner.iter().map(|l| width(l)).max().unwrap_or(0);
        // The banner needs its width and 17 rows in all; without them the menu comes first.
        let show_banner = banner_w <= usize::from(w) && area.height >= 17;
        if show_banner {
            let pad = (usize::from(w) - banner_w) / 2;
            for l in &banner {
                lines.push(Line::styled(format!("{}{l}", " ".repeat(pad)), theme.title));
            }
            lines.push(Line::raw(""));
        }
        for s in wrap(ctx.t("common.menu.subtitle"), usize::from(w)) {
            lines.push(centred_line(Line::styled(s, theme.text), w));
        }
        lines.push(Line::raw(""));
        lines.push(centred_line(self.card_strip(ctx), w));
        lines.push(Line::raw(""));

        let menu_w = MENU_WIDTH.min(usize::from(w));
        let menu_pad = (usize::from(w) - menu_w) / 2;
        for (i, item) in MenuItem::ALL.iter().enumerate() {
            let focused = i == self.selected;
            let marker = if focused {
                theme.marker
            } else {
                theme.no_marker
            };
            let text = format!("{marker}{}. {}", i + 1, ctx.t(item.label_key()));
            let text = truncate(&text, menu_w);
            let fill = " ".repeat(menu_w.saturating_sub(width(&text)));
            let style = if focused { theme.selected } else { theme.text };
            lines.push(Line::from(vec![
                Span::raw(" ".repeat(menu_pad)),
                Span::styled(format!("{text}{fill}"), style),
            ]));
        }
        lines.push(Line::raw(""));
        for s in wrap(ctx.t(self.selected().description_key()), usize::from(w)) {
            lines.push(centred_line(Line::styled(s, theme.dim), w));
        }

        let used = u16::try_from(lines.len()).unwrap_or(u16::MAX);
        let top = area.height.saturating_sub(used) / 2;
        let r = fit(Rect::new(area.x, area.y.saturating_add(top), w, used), area);
        frame.render_widget(Paragraph::new(lines), r);
    }

    fn keymap(&self) -> &[Binding] {
        KEYMAP
    }

    fn handle(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        let n = MenuItem::ALL.len();
        match action {
            Action::Up => self.selected = (self.selected + n - 1) % n,
            Action::Down => self.selected = (self.selected + 1) % n,
            Action::Home => self.selected = 0,
            Action::End => self.selected = n - 1,
            Action::Confirm => return self.choose(ctx),
            Action::Back => return Transition::Quit,
            a if PICKS.contains(&a) => {
                self.selected = PICKS.iter().position(|p| *p == a).unwrap_or(0);
                return self.choose(ctx);
            }
            _ => {}
        }
        Transition::Stay
    }
}

//! The placeholder for a game that is not built yet: its name and a notice that Esc goes back.
//! The Daifugo and Blackjack issues replace it through [`super::game_screen`].

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

use crate::cli::GameArg;
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, Binding, CONFIRM_KEYS, common};
use crate::tui::screen::{Screen, Transition};
use crate::tui::widgets::layout::centered;
use crate::tui::widgets::text::{width, wrap};

/// "Coming soon" for one game.
#[derive(Clone, Copy, Debug)]
pub struct ComingSoon {
    game: GameArg,
}

const KEYMAP: &[Binding] = &[
    common::BACK,
    Binding::new(CONFIRM_KEYS, Action::Back, "common.action.back"),
];

impl ComingSoon {
    /// The placeholder for `game`.
    pub fn new(game: GameArg) -> ComingSoon {
        ComingSoon { game }
    }

    fn name_key(&self) -> &'static str {
        match self.game {
            GameArg::Daifugo => "common.menu.daifugo",
            GameArg::Blackjack => "common.menu.blackjack",
        }
    }
}

impl Screen for ComingSoon {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t(self.name_key()).to_string()
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let msg = ctx.tf("common.soon.message", &[("game", ctx.t(self.name_key()))]);
        let text_w = 50usize.min(usize::from(area.width.saturating_sub(6)));
        let lines: Vec<Line> = wrap(&msg, text_w)
            .into_iter()
            .chain([String::new()])
            .chain(wrap(ctx.t("common.soon.back"), text_w))
            .map(|l| {
                let pad = text_w.saturating_sub(width(&l)) / 2;
                Line::styled(format!("{}{l}", " ".repeat(pad)), ctx.theme.text)
            })
            .collect();
        let h = u16::try_from(lines.len() + 4).unwrap_or(u16::MAX);
        let w = u16::try_from(text_w + 4).unwrap_or(u16::MAX);
        let boxed = centered(area, w, h);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(ctx.theme.border)
            .title(Line::styled(
                format!(" {} ", ctx.t("common.soon.title")),
                ctx.theme.title,
            ));
        let inner = block.inner(boxed);
        frame.render_widget(block, boxed);
        frame.render_widget(
            Paragraph::new(lines),
            crate::tui::widgets::layout::shrink(inner, 1, 1),
        );
    }

    fn keymap(&self) -> &[Binding] {
        KEYMAP
    }

    fn handle(&mut self, action: Action, _ctx: &mut Ctx) -> Transition {
        match action {
            Action::Back => Transition::Pop,
            _ => Transition::Stay,
        }
    }
}

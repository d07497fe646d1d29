//! The help overlay as a screen: opened by `?` or F1 over any screen, it lists that screen's
//! keys and the global keys (see [`crate::tui::widgets::help`]), scrolls when it does not fit
//! (↑/↓, PgUp/PgDn, Home/End), and closes with Esc, `?` or F1.

use ratatui::Frame;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, Binding, GLOBAL, Key, common};
use crate::tui::screen::{Screen, Transition};
use crate::tui::widgets::help::{self, HelpSection};

/// The help for one screen, with its scroll position.
#[derive(Clone, Debug)]
pub struct HelpScreen {
    sections: Vec<HelpSection>,
    scroll: usize,
}

/// The help's keys; the first one closes it (its keys are named in the box's last line).
const KEYMAP: &[Binding] = &[
    Binding::new(
        &[
            Key::plain(KeyCode::Esc),
            Key::char('?'),
            Key::plain(KeyCode::F(1)),
        ],
        Action::Back,
        "common.action.close",
    ),
    common::SCROLL_UP,
    common::SCROLL_DOWN,
    common::PAGE_UP,
    common::PAGE_DOWN,
    common::HOME,
    common::END,
];

impl HelpScreen {
    /// The help for a screen called `title` with the bindings `keymap` (its current mode).
    pub fn new(title: &str, keymap: &[Binding], ctx: &Ctx) -> HelpScreen {
        HelpScreen {
            sections: help::sections(title, keymap, GLOBAL, ctx.lang),
            scroll: 0,
        }
    }

    /// The sections shown, in order.
    pub fn sections(&self) -> &[HelpSection] {
        &self.sections
    }

    fn lines(&self, ctx: &Ctx) -> Vec<Line<'static>> {
        help::lines(&self.sections, &ctx.theme)
    }

    fn max_scroll(&self, ctx: &Ctx) -> usize {
        let lines = self.lines(ctx);
        let full = Rect::new(0, 0, ctx.size.width, ctx.size.height);
        let boxed = help::box_rect(full, &lines, &help::close_hint(&KEYMAP[0], ctx));
        lines.len().saturating_sub(help::visible_lines(boxed))
    }
}

impl Screen for HelpScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("common.help.title").to_string()
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let hint = help::close_hint(&KEYMAP[0], ctx);
        help::render(frame, area, &self.lines(ctx), self.scroll, &hint, ctx);
    }

    fn keymap(&self) -> &[Binding] {
        KEYMAP
    }

    fn handle(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        let max = self.max_scroll(ctx);
        self.scroll = self.scroll.min(max);
        match action {
            Action::Back => return Transition::Pop,
            Action::Up => self.scroll = self.scroll.saturating_sub(1),
            Action::Down => self.scroll = (self.scroll + 1).min(max),
            Action::PageUp => self.scroll = self.scroll.saturating_sub(5),
            Action::PageDown => self.scroll = (self.scroll + 5).min(max),
            Action::Home => self.scroll = 0,
            Action::End => self.scroll = max,
            _ => {}
        }
        Transition::Stay
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

    fn is_overlay(&self) -> bool {
        true
    }
}

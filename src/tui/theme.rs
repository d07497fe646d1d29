//! Themes: the styles every screen draws with, in three flavours.
//!
//! `dark` and `light` use colour; `mono` sets no colour at all — every style has neither a
//! foreground nor a background — and shows state with reverse video, bold, underline and the
//! text [`Theme::marker`]. That is required, not a taste: under `NO_COLOR` crossterm 0.29 turns
//! every colour command into a bare SGR reset, which would cancel the reverse video of a
//! highlighted row (see `NOTES.md`). The config layer selects `mono` for `NO_COLOR`,
//! `--no-color` and `theme = "mono"`.

use ratatui::style::{Color, Modifier, Style};

use crate::cards::Card;
use crate::config::ThemeName;

/// The styles of one theme. Screens use these names, never raw colours, so that `mono` stays
/// free of colour everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Which theme this is.
    pub name: ThemeName,
    /// Ordinary text.
    pub text: Style,
    /// Secondary text (descriptions, hints).
    pub dim: Style,
    /// Headings and the title art.
    pub title: Style,
    /// The top bar (screen title and status).
    pub header: Style,
    /// The bottom bar (key hints).
    pub footer: Style,
    /// The highlighted row or button (always paired with [`Theme::marker`]).
    pub selected: Style,
    /// Box borders.
    pub border: Style,
    /// Key names in the help and the footer.
    pub key: Style,
    /// Something to notice (a badge, a count).
    pub accent: Style,
    /// Warnings and errors.
    pub warning: Style,
    /// Red suits (♥ ♦) and jokers.
    pub red_suit: Style,
    /// Black suits (♠ ♣).
    pub black_suit: Style,
    /// The marker drawn before a highlighted row, so selection never depends on colour alone.
    pub marker: &'static str,
    /// Blank of the same width as [`Theme::marker`], before other rows.
    pub no_marker: &'static str,
}

impl Theme {
    /// The theme called `name`.
    pub fn new(name: ThemeName) -> Theme {
        match name {
            ThemeName::Dark => Theme::dark(),
            ThemeName::Light => Theme::light(),
            ThemeName::Mono => Theme::mono(),
        }
    }

    /// Colours for a dark terminal background; text keeps the terminal's own foreground.
    pub fn dark() -> Theme {
        Theme {
            name: ThemeName::Dark,
            text: Style::new(),
            dim: Style::new().fg(Color::Gray),
            title: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            header: Style::new()
                .fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD),
            footer: Style::new().fg(Color::Gray),
            selected: Style::new()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
            border: Style::new().fg(Color::DarkGray),
            key: Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            accent: Style::new().fg(Color::Cyan),
            warning: Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
            red_suit: Style::new().fg(Color::LightRed),
            black_suit: Style::new().fg(Color::White),
            marker: "> ",
            no_marker: "  ",
        }
    }

    /// Colours for a light terminal background.
    pub fn light() -> Theme {
        Theme {
            name: ThemeName::Light,
            text: Style::new(),
            dim: Style::new().fg(Color::DarkGray),
            title: Style::new().fg(Color::Blue).add_modifier(Modifier::BOLD),
            header: Style::new()
                .fg(Color::White)
                .bg(Color::Blue)
                .add_modifier(Modifier::BOLD),
            footer: Style::new().fg(Color::DarkGray),
            selected: Style::new()
                .fg(Color::White)
                .bg(Color::Blue)
                .add_modifier(Modifier::BOLD),
            border: Style::new().fg(Color::Gray),
            key: Style::new().fg(Color::Blue).add_modifier(Modifier::BOLD),
            accent: Style::new().fg(Color::Magenta),
            warning: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            red_suit: Style::new().fg(Color::Red),
            black_suit: Style::new().fg(Color::Black),
            marker: "> ",
            no_marker: "  ",
        }
    }

    /// No colour at all: modifiers and markers only (see the module docs for why).
    pub fn mono() -> Theme {
        let plain = Style::new();
        Theme {
            name: ThemeName::Mono,
            text: plain,
            dim: plain,
            title: plain.add_modifier(Modifier::BOLD),
            header: plain.add_modifier(Modifier::REVERSED),
            footer: plain,
            selected: plain.add_modifier(Modifier::REVERSED | Modifier::BOLD),
            border: plain,
            key: plain.add_modifier(Modifier::BOLD),
            accent: plain.add_modifier(Modifier::UNDERLINED),
            warning: plain.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            red_suit: plain,
            black_suit: plain,
            marker: "> ",
            no_marker: "  ",
        }
    }

    /// Whether this theme draws any colour (false only for `mono`).
    pub fn uses_colour(&self) -> bool {
        self.name != ThemeName::Mono
    }

    /// The style of a card's label: red for ♥ ♦ and jokers, black for ♠ ♣ (no colour in mono).
    pub fn card(&self, card: Card) -> Style {
        match card.suit() {
            Some(s) if !s.is_red() => self.black_suit,
            _ => self.red_suit,
        }
    }

    /// Every style of the theme, for checks that apply to all of them.
    pub fn all_styles(&self) -> [Style; 12] {
        [
            self.text,
            self.dim,
            self.title,
            self.header,
            self.footer,
            self.selected,
            self.border,
            self.key,
            self.accent,
            self.warning,
            self.red_suit,
            self.black_suit,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    #[test]
    fn mono_sets_no_colour_anywhere() {
        let m = Theme::mono();
        assert!(!m.uses_colour());
        for s in m.all_styles() {
            assert_eq!(s.fg, None, "{s:?}");
            assert_eq!(s.bg, None, "{s:?}");
        }
        // Selection must still be visible without colour.
        assert!(m.selected.add_modifier.contains(Modifier::REVERSED));
    }

    #[test]
    fn colour_themes_tell_red_from_black_suits() {
        for t in [Theme::dark(), Theme::light()] {
            let heart = t.card(Card::new(Rank::Ace, Suit::Hearts));
            let spade = t.card(Card::new(Rank::Ace, Suit::Spades));
            assert_ne!(heart, spade);
            assert!(t.selected.bg.is_some());
        }
    }

    #[test]
    fn names_round_trip() {
        for n in [ThemeName::Dark, ThemeName::Light, ThemeName::Mono] {
            assert_eq!(Theme::new(n).name, n);
        }
    }
}

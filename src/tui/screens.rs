//! The screens of the shell: the title menu, the rules, the help overlay, the quit question,
//! and the placeholder game screens. [`game_screen`] is where the Daifugo and Blackjack screens
//! plug in.

pub mod blackjack;
pub mod blackjack_chart;
pub mod daifugo;
pub mod help;
pub mod quit;
pub mod replay;
pub mod rules;
pub mod settings;
pub mod stats;
pub mod title;

use super::Game;

use super::ctx::Ctx;
use super::screen::Screen;

/// The screen that plays `game`; both the menu and `cardroom play <game>` open it. This is the
/// one place a game issue changes to plug its screen in (until then a "coming soon" notice).
pub fn game_screen(game: Game, ctx: &Ctx) -> Box<dyn Screen> {
    match game {
        Game::Daifugo => Box::new(daifugo::DaifugoScreen::new(ctx)),
        Game::Blackjack => Box::new(blackjack::BlackjackScreen::new(ctx)),
    }
}

//! Snapshots of the shell's screens at 80×24 on ratatui's `TestBackend` (insta): the menu and
//! the help overlay, in English and Japanese, plus the rules screen, the quit question and the
//! too-small notice. The `.snap` files are committed (insta does not write them under CI).

use crate::common::{draw, press, title_app};
use cardroom::i18n::Lang;
use ratatui::crossterm::event::KeyCode;

#[test]
fn menu_en() {
    let mut app = title_app(Lang::En);
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn menu_ja() {
    let mut app = title_app(Lang::Ja);
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn help_en() {
    let mut app = title_app(Lang::En);
    press(&mut app, KeyCode::Char('?'));
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn help_ja() {
    let mut app = title_app(Lang::Ja);
    press(&mut app, KeyCode::F(1));
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn rules_en() {
    let mut app = title_app(Lang::En);
    press(&mut app, KeyCode::Char('3'));
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn rules_ja() {
    let mut app = title_app(Lang::Ja);
    press(&mut app, KeyCode::Char('3'));
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn too_small_en() {
    let mut app = title_app(Lang::En);
    insta::assert_snapshot!(draw(&mut app, 40, 6).backend());
}

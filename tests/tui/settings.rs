//! The settings screen (issue 14 item 1), driven with keys through the app: snapshots at 80×24
//! and 120×40 in English and Japanese; a commented config file saved with a few changes is
//! byte for byte the golden file (every comment, the order and the spacing kept, only the
//! changed keys touched); a read-only file is refused and nothing changes; a conflict is
//! explained and never saved; a change undone is no change; saving puts the new configuration
//! in force; `o` opens the screen from a game.

use std::path::{Path, PathBuf};

use crate::common::{config, draw, press, screen_text};
use cardroom::config::ThemeName;
use cardroom::i18n::Lang;
use cardroom::tui::app::App;
use cardroom::tui::ctx::Ctx;
use cardroom::tui::screens::title::TitleScreen;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/settings")
        .join(name)
}

/// An app on the menu whose settings screen edits `path`.
fn app_editing(path: &Path, lang: Lang) -> App {
    let mut ctx = Ctx::new(
        config(lang, ThemeName::Dark),
        &cardroom::tui::Options::default(),
        |_| None,
    );
    ctx.config_path = Some(path.to_path_buf());
    let mut app = App::new(ctx, Box::new(TitleScreen::new()));
    app.set_size(Size::new(80, 24));
    app
}

/// Opens the settings from the menu (entry 4).
fn open_settings(app: &mut App) {
    press(app, KeyCode::Char('4'));
    assert_eq!(app.top_title(), "Settings");
}

/// The highlighted line of the settings list.
fn highlighted(app: &mut App) -> String {
    let text = screen_text(&draw(app, 80, 24));
    text.lines()
        .find(|l| l.starts_with("> "))
        .unwrap_or_default()
        .to_string()
}

/// Moves the highlight down (wrapping to the top once) until the row named `name` is on it.
fn go_to(app: &mut App, name: &str) {
    press(app, KeyCode::Home);
    for _ in 0..120 {
        let line = highlighted(app);
        if line[2..].starts_with(name) {
            return;
        }
        press(app, KeyCode::Down);
    }
    panic!("no row {name}");
}

#[test]
fn saving_a_commented_file_keeps_every_comment_and_changes_only_the_keys_changed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::copy(fixture("commented.toml"), &path).unwrap();
    let mut app = app_editing(&path, Lang::En);
    open_settings(&mut app);

    go_to(&mut app, "Colours");
    press(&mut app, KeyCode::Right); // dark → light
    go_to(&mut app, "CPU players");
    press(&mut app, KeyCode::Right); // 3 → 4
    go_to(&mut app, "Jack-back");
    press(&mut app, KeyCode::Enter); // off → on
    go_to(&mut app, "Revolution by a group of");
    press(&mut app, KeyCode::Left); // 5 → 4
    go_to(&mut app, "Decks");
    press(&mut app, KeyCode::Char('2')); // type 2
    press(&mut app, KeyCode::Enter);
    // A change made and undone is no change.
    go_to(&mut app, "Rounds per match");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Left);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("5 unsaved changes"), "{text}");

    press(&mut app, KeyCode::Char('s'));
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Saved to"), "{text}");
    let saved = std::fs::read_to_string(&path).unwrap();
    let golden = std::fs::read_to_string(fixture("commented.saved.toml")).unwrap();
    assert_eq!(saved, golden);

    // The new configuration is in force: the theme at once, the rules for the next game.
    let c = &app.ctx.config;
    assert_eq!(c.general.theme, ThemeName::Light);
    assert_eq!(app.ctx.theme, cardroom::tui::theme::Theme::light());
    assert_eq!(c.daifugo_table.cpus, 4);
    assert!(c.daifugo.jack_back);
    assert_eq!(c.daifugo.revolution.group_min, 4);
    assert_eq!(c.blackjack.decks, 2);
    assert_eq!(c.daifugo_table.rounds, 3, "the file's value, untouched");
    assert!(!text.contains("unsaved"), "nothing is left to save: {text}");
    // Leaving now asks nothing.
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.top_title(), "Menu");
}

#[test]
fn a_read_only_file_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::copy(fixture("commented.toml"), &path).unwrap();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms).unwrap();
    let mut app = app_editing(&path, Lang::En);
    let before = app.ctx.config.clone();
    open_settings(&mut app);
    go_to(&mut app, "CPU players");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char('s'));
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("Could not save"), "{text}");
    assert!(text.contains("read-only"), "{text}");
    assert!(text.contains("Nothing was changed"), "{text}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        std::fs::read_to_string(fixture("commented.toml")).unwrap()
    );
    assert_eq!(
        app.ctx.config, before,
        "the configuration in force is unchanged"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // Leaving with the change unsaved asks first; `n` stays, `y` leaves.
    press(&mut app, KeyCode::Esc);
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("Leave the settings without saving?"));
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.top_title(), "Settings");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.top_title(), "Menu");
}

#[test]
fn a_conflict_is_explained_and_never_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut app = app_editing(&path, Lang::En);
    open_settings(&mut app);
    go_to(&mut app, "Smallest bet");
    for c in "600".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(
        text.contains("The largest bet (500) is below the smallest bet (600)"),
        "{text}"
    );
    press(&mut app, KeyCode::Char('s'));
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Not saved"), "{text}");
    assert!(!path.exists(), "nothing was written");
    // Raising the largest bet resolves it; the file is created with the two keys only.
    go_to(&mut app, "Largest bet");
    for c in "1000".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('s'));
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(saved, "\n[blackjack]\nmin_bet = 600\nmax_bet = 1000\n");
    assert_eq!(app.ctx.config.blackjack.min_bet, 600);
}

#[test]
fn an_out_of_range_number_is_refused_and_back_to_default_restores_the_built_in_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "[daifugo]\n# two of them\ncpus = 2\n").unwrap();
    let mut app = app_editing(&path, Lang::En);
    open_settings(&mut app);
    go_to(&mut app, "CPU players");
    press(&mut app, KeyCode::Char('9'));
    press(&mut app, KeyCode::Enter);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("9 is out of range: 1 to 7"), "{text}");
    // `d` puts the built-in 3 in place, keeping the line and its comment.
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[daifugo]\n# two of them\ncpus = 3\n"
    );
    // Per-seat levels follow the CPU count: three rows, and a fourth after one more CPU.
    go_to(&mut app, "CPU 2 level");
    press(&mut app, KeyCode::Right); // easy → normal: a per-seat list
    go_to(&mut app, "CPU players");
    press(&mut app, KeyCode::Right);
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("CPU 4 level"), "{text}");
    press(&mut app, KeyCode::Char('s'));
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.ends_with("cpus = 4\ncpu_level = [\"easy\", \"normal\", \"easy\", \"easy\"]\n"),
        "{saved}"
    );
}

#[test]
fn the_language_changes_as_soon_as_it_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut app = app_editing(&path, Lang::En);
    open_settings(&mut app);
    go_to(&mut app, "Language");
    press(&mut app, KeyCode::Right); // auto → en
    press(&mut app, KeyCode::Right); // en → ja
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.ctx.lang, Lang::Ja);
    assert_eq!(app.top_title(), "設定");
}

#[test]
fn a_key_the_command_line_replaces_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_editing(&dir.path().join("config.toml"), Lang::En);
    app.ctx.overrides.ascii = true;
    open_settings(&mut app);
    let text = screen_text(&draw(&mut app, 120, 40));
    let suits = text.lines().find(|l| l.contains("Suits")).unwrap();
    assert!(suits.contains("(this run: --ascii)"), "{suits}");
    let theme = text.lines().find(|l| l.contains("Colours")).unwrap();
    assert!(!theme.contains("this run"), "{theme}");
}

#[test]
fn o_opens_the_settings_from_a_game_and_esc_goes_back_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let mut app = app_editing(&path, Lang::En);
    press(&mut app, KeyCode::Char('1'));
    assert_eq!(app.top_title(), "Daifugo");
    press(&mut app, KeyCode::Char('o'));
    assert_eq!(app.top_title(), "Settings");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.top_title(), "Daifugo");
    // The help overlay of the game lists the key.
    press(&mut app, KeyCode::Char('?'));
    assert!(screen_text(&draw(&mut app, 120, 40)).contains("Settings (the next game uses them)"));
}

fn snapshot_app(lang: Lang) -> App {
    // A relative path that does not exist: the screen shows it as a file to create, the same
    // on every machine.
    app_editing(Path::new("no-such-folder/config.toml"), lang)
}

#[test]
fn snapshot_en_80x24() {
    let mut app = snapshot_app(Lang::En);
    open_settings(&mut app);
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn snapshot_ja_80x24() {
    let mut app = snapshot_app(Lang::Ja);
    press(&mut app, KeyCode::Char('4'));
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn snapshot_conflict_en_120x40() {
    let mut app = snapshot_app(Lang::En);
    open_settings(&mut app);
    go_to(&mut app, "Smallest bet");
    for c in "600".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

#[test]
fn snapshot_rules_ja_120x40() {
    let mut app = snapshot_app(Lang::Ja);
    press(&mut app, KeyCode::Char('4'));
    // Down to the Daifugo rules, with one rule changed.
    for _ in 0..14 {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Right);
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

#[test]
fn without_a_settings_file_nothing_can_be_written() {
    // An app built without the CLI's resolved file (every other test's app) shows the
    // settings but never writes anywhere — not even ./config.toml of the working folder.
    let mut app = crate::common::title_app(Lang::En);
    assert_eq!(app.ctx.config_path, None);
    let before = std::fs::read_to_string("config.toml").ok();
    open_settings(&mut app);
    go_to(&mut app, "CPU players");
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Char('s'));
    let text = screen_text(&draw(&mut app, 120, 40));
    assert!(text.contains("there is no config file to edit"), "{text}");
    assert_eq!(std::fs::read_to_string("config.toml").ok(), before);
    assert_eq!(app.ctx.config.daifugo_table.cpus, 3);
}

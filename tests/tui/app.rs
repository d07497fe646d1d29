//! Behaviour of the shell driven through `App` with key events, drawn on a `TestBackend`: menu
//! navigation, help generated from the keymap, quitting (with and without a game in progress),
//! Ctrl-C, key releases, CPU pacing deadlines, themes and suit styles.

use std::time::{Duration, Instant};

use crate::common::*;
use cardroom::config::ThemeName;
use cardroom::i18n::Lang;
use cardroom::tui::Game;
use cardroom::tui::app::Exit;
use cardroom::tui::screens;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers,
};
use ratatui::style::{Color, Modifier};

#[test]
fn arrows_and_vi_keys_walk_the_menu_and_enter_opens_an_entry() {
    let mut app = title_app(Lang::En);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('j'));
    let t = draw(&mut app, 80, 24);
    assert!(
        screen_text(&t).contains("> 3. Rules"),
        "{}",
        screen_text(&t)
    );
    press(&mut app, KeyCode::Char('k'));
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Up); // wraps to the last entry
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("> 6. Quit"));
    press(&mut app, KeyCode::Home);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.top_title(), "Daifugo");
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("Your hand"));
    // Esc asks before leaving a game in progress; `y` leaves.
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.top_title(), "Daifugo");
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.top_title(), "Menu");
    press(&mut app, KeyCode::Char('2'));
    assert_eq!(app.top_title(), "Blackjack");
    press(&mut app, KeyCode::Esc); // the Blackjack table: Esc goes back to the menu
    assert_eq!(app.depth(), 1);
}

#[test]
fn rules_screen_shows_the_loaded_config_and_scrolls() {
    let mut app = title_app(Lang::En);
    press(&mut app, KeyCode::Char('3'));
    assert_eq!(app.top_title(), "Rules");
    let top = screen_text(&draw(&mut app, 80, 24));
    assert!(top.contains("Daifugo (President): rules in play"));
    assert!(top.contains("lines 1-"));
    press(&mut app, KeyCode::End);
    let end = screen_text(&draw(&mut app, 80, 24));
    assert!(end.contains("Blackjack pays 3:2."), "{end}");
    assert!(!end.contains("Daifugo (President): rules in play"));
    press(&mut app, KeyCode::Char('g'));
    assert_eq!(screen_text(&draw(&mut app, 80, 24)), top);
}

#[test]
fn help_lists_the_current_screens_keys_and_closes_again() {
    let mut app = title_app(Lang::En);
    press(&mut app, KeyCode::Char('3'));
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.top_title(), "Help");
    let text = screen_text(&draw(&mut app, 80, 24));
    for expected in [
        "Help",
        "Rules",
        "Scroll up",
        "PgUp",
        "Next game's rules",
        "General",
        "Ctrl-C",
        "Redraw the screen",
    ] {
        assert!(text.contains(expected), "{expected} missing:\n{text}");
    }
    // The menu's entries are not listed on the rules screen's help.
    assert!(!text.contains("Open entry by number"));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.top_title(), "Rules");
    press(&mut app, KeyCode::F(1));
    press(&mut app, KeyCode::F(1));
    assert_eq!(app.top_title(), "Rules");
}

/// A help longer than the terminal scrolls to its end with End (or `G`) and back with Home (or
/// `g`), as the other scrolled screens do.
#[test]
fn help_scrolls_to_its_end_and_back() {
    let mut app = title_app(Lang::En);
    // The Blackjack table waits for a bet: its keys do not change with a CPU's pacing.
    press(&mut app, KeyCode::Char('2'));
    assert_eq!(app.top_title(), "Blackjack");
    press(&mut app, KeyCode::Char('?'));
    let top = screen_text(&draw(&mut app, 80, 24));
    assert!(top.contains("Blackjack"), "{top}");
    assert!(!top.contains("Redraw the screen"), "the help fits:\n{top}");
    press(&mut app, KeyCode::End);
    let end = screen_text(&draw(&mut app, 80, 24));
    assert!(end.contains("Redraw the screen"), "{end}");
    press(&mut app, KeyCode::Home);
    assert_eq!(screen_text(&draw(&mut app, 80, 24)), top);
    press(&mut app, KeyCode::Char('G'));
    assert_eq!(screen_text(&draw(&mut app, 80, 24)), end);
    press(&mut app, KeyCode::Char('g'));
    assert_eq!(screen_text(&draw(&mut app, 80, 24)), top);
}

#[test]
fn help_is_titled_in_japanese() {
    let mut app = title_app(Lang::Ja);
    press(&mut app, KeyCode::Char('?'));
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("ヘ") && text.contains("ル") && text.contains("プ"));
    assert_eq!(app.top_title(), "ヘルプ");
}

#[test]
fn q_quits_at_once_without_a_game() {
    let mut app = title_app(Lang::En);
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.exit(), Some(&Exit::Quit));
    assert_eq!(Exit::Quit.code(), 0);
}

#[test]
fn q_asks_first_during_a_game() {
    let mut app = title_app(Lang::En);
    app.push(Box::new(FakeGame::new(
        Instant::now(),
        Duration::from_secs(1),
        0,
    )));
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.exit(), None);
    assert_eq!(app.top_title(), "Quit?");
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("A game is in progress"), "{text}");
    assert!(
        text.contains("> [ Keep playing ]"),
        "No is focused first:\n{text}"
    );
    // Enter on the focused "Keep playing" goes back to the game.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.top_title(), "Fake game");
    // n and Esc say no as well.
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.top_title(), "Fake game");
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.exit(), None);
    // Moving to "Quit" and pressing Enter quits; so would y or a second q.
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.exit(), Some(&Exit::Quit));

    let mut app = title_app(Lang::En);
    app.push(Box::new(FakeGame::new(
        Instant::now(),
        Duration::from_secs(1),
        0,
    )));
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.exit(), Some(&Exit::Quit));
}

#[test]
fn ctrl_c_quits_at_once_from_anywhere_with_130() {
    let mut app = title_app(Lang::En);
    app.push(Box::new(FakeGame::new(
        Instant::now(),
        Duration::from_secs(1),
        0,
    )));
    press(&mut app, KeyCode::Char('q')); // the quit question is open
    press_mod(&mut app, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(app.exit(), Some(&Exit::Interrupted));
    assert_eq!(Exit::Interrupted.code(), 130);
}

#[test]
fn ctrl_l_asks_for_a_full_redraw() {
    let mut app = title_app(Lang::En);
    assert!(!app.take_clear_request());
    press_mod(&mut app, KeyCode::Char('l'), KeyModifiers::CONTROL);
    assert!(app.take_clear_request());
    assert!(!app.take_clear_request(), "reading the request resets it");
}

#[test]
fn key_releases_do_nothing() {
    let mut app = title_app(Lang::En);
    let release = KeyEvent {
        code: KeyCode::Char('q'),
        modifiers: KeyModifiers::NONE,
        kind: KeyEventKind::Release,
        state: KeyEventState::NONE,
    };
    assert!(!app.handle_key(&release, Instant::now()));
    assert_eq!(app.exit(), None);
}

#[test]
fn resize_events_update_the_size_and_ask_for_a_redraw() {
    let mut app = title_app(Lang::En);
    assert!(app.handle_event(&Event::Resize(100, 40), Instant::now()));
    assert_eq!((app.ctx.size.width, app.ctx.size.height), (100, 40));
}

#[test]
fn deadlines_pace_the_cpu_and_any_unbound_key_skips_ahead() {
    let start = Instant::now();
    let step = Duration::from_secs(3600);
    let mut app = title_app(Lang::En);
    app.push(Box::new(FakeGame::new(start, step, 3)));
    assert_eq!(app.next_deadline(), Some(start + step));
    // The loop calls on_deadline when the deadline passes.
    app.on_deadline(start + step);
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("CPU moves: 1"));
    // An unbound key skips ahead to the next CPU move at once.
    press(&mut app, KeyCode::Char('x'));
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("CPU moves: 2"));
    // A bound key is the screen's, not a skip.
    press(&mut app, KeyCode::Char('p'));
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("CPU moves: 2"));
    // The help overlay pauses the game: no deadline while it is open.
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.next_deadline(), None);
    press(&mut app, KeyCode::Esc);
    assert!(app.next_deadline().is_some());
    press(&mut app, KeyCode::Char('x'));
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("CPU moves: 3"));
    // After the last CPU move the screen waits for the player: the loop may sleep for good.
    assert_eq!(app.next_deadline(), None);
    assert!(!press(&mut app, KeyCode::Char('x')));
}

#[test]
fn play_opens_the_game_over_the_menu() {
    let mut app = title_app(Lang::En);
    let screen = screens::game_screen(Game::Blackjack, &app.ctx);
    app.push(screen);
    assert_eq!(app.top_title(), "Blackjack");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.top_title(), "Menu");
}

fn every_state(lang: Lang, theme: ThemeName) -> Vec<(&'static str, cardroom::tui::app::App)> {
    let mut out = Vec::new();
    out.push(("menu", themed_app(lang, theme)));
    let mut a = themed_app(lang, theme);
    press(&mut a, KeyCode::Char('?'));
    out.push(("help", a));
    let mut a = themed_app(lang, theme);
    press(&mut a, KeyCode::Char('3'));
    out.push(("rules", a));
    let mut a = themed_app(lang, theme);
    press(&mut a, KeyCode::Char('1'));
    out.push(("daifugo", a));
    let mut a = themed_app(lang, theme);
    a.push(Box::new(FakeGame::new(
        Instant::now(),
        Duration::from_secs(1),
        0,
    )));
    press(&mut a, KeyCode::Char('q'));
    out.push(("quit", a));
    out
}

#[test]
fn mono_draws_no_colour_at_all_and_still_marks_the_selection() {
    for lang in [Lang::En, Lang::Ja] {
        for (name, mut app) in every_state(lang, ThemeName::Mono) {
            for (w, h) in [(80, 24), (120, 40), (30, 10)] {
                let t = draw(&mut app, w, h);
                for cell in t.backend().buffer().content() {
                    assert_eq!(cell.fg, Color::Reset, "{name} {w}x{h}: {cell:?}");
                    assert_eq!(cell.bg, Color::Reset, "{name} {w}x{h}: {cell:?}");
                }
            }
        }
    }
    let mut app = themed_app(Lang::En, ThemeName::Mono);
    let t = draw(&mut app, 80, 24);
    let buf = t.backend().buffer();
    let row = rows(&t)
        .iter()
        .position(|r| r.contains("> 1. Daifugo"))
        .unwrap();
    let x = rows(&t)[row].find('>').unwrap() as u16;
    assert!(buf[(x, row as u16)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn colour_themes_colour_the_selection() {
    for theme in [ThemeName::Dark, ThemeName::Light] {
        let mut app = themed_app(Lang::En, theme);
        let t = draw(&mut app, 80, 24);
        let row = rows(&t)
            .iter()
            .position(|r| r.contains("> 1. Daifugo"))
            .unwrap();
        let x = rows(&t)[row].find('>').unwrap() as u16;
        assert_ne!(
            t.backend().buffer()[(x, row as u16)].bg,
            Color::Reset,
            "{theme:?}"
        );
    }
}

#[test]
fn suit_style_letters_replaces_symbols() {
    let mut c = config(Lang::En, ThemeName::Dark);
    c.general.suits = cardroom::config::SuitStyle::Letters;
    let ctx = cardroom::tui::ctx::Ctx::new(c, &Default::default(), |_| None);
    let mut app = cardroom::tui::app::App::new(
        ctx,
        Box::new(cardroom::tui::screens::title::TitleScreen::new()),
    );
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("[AS]") && text.contains("[QD]"), "{text}");
    assert!(!text.contains('♠'));
    let mut app = title_app(Lang::En);
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("[A♠]"));
}

#[test]
fn below_80x24_every_screen_shows_the_too_small_notice() {
    for lang in [Lang::En, Lang::Ja] {
        for (name, mut app) in every_state(lang, ThemeName::Dark) {
            for (w, h) in [(79, 24), (80, 23), (60, 20)] {
                let text = screen_text(&draw(&mut app, w, h)).replace('\n', "");
                let size = format!("{w}×{h}");
                assert!(text.contains(&size), "{name} {lang:?} {w}x{h}:\n{text}");
                assert!(!text.contains("cardroom |"), "{name}: content drawn anyway");
            }
            let text = screen_text(&draw(&mut app, 80, 24));
            assert!(text.contains("cardroom |"), "{name} at 80x24");
        }
    }
}

#[test]
fn no_screen_shows_a_raw_i18n_key() {
    // A key missing from a table is shown as the key itself ("common.…"), so no drawn screen
    // may contain "common.".
    for lang in [Lang::En, Lang::Ja] {
        for (name, mut app) in every_state(lang, ThemeName::Dark) {
            let text = screen_text(&draw(&mut app, 120, 50));
            assert!(!text.contains("common."), "{name} {lang:?}:\n{text}");
        }
    }
}

#[test]
fn every_rule_variant_has_words_in_both_languages() {
    use cardroom::tui::screens::rules;
    let variants = [
        "",
        r#"[daifugo]
preset = "classic"
jokers = 0"#,
        r#"[daifugo]
pass_mode = "reentry"
first_lead = "random"
later_lead = "diamond3"
exchange = false
sequence.compare = "overlap"
revolution.sequence_min = 5
eight_cut.in_sequence = false
eight_cut.joker_counts = true
lock.suit = "off"
lock.number = true
spade3 = false
jack_back = true
forbidden_finish.joker = false
miyako_ochi = false
cpu_level = ["easy", "hard", "normal"]
[blackjack]
decks = 1
dealer_hits_soft_17 = true
hole_card = "enhc"
blackjack_pays = "1:1"
double = "9-11"
double_after_split = false
split_tens_by = "rank"
resplit_aces = true
hit_split_aces = true
surrender = "early"
insurance = false
ties = "dealer"
advisor = "ev""#,
        r#"[blackjack]
double = "10-11"
advisor = "hint"
max_hands = 1"#,
        r#"[blackjack]
double = "none""#,
    ];
    for (i, toml) in variants.iter().enumerate() {
        let cfg = cardroom::config::Config::from_toml("variant.toml", toml)
            .unwrap_or_else(|e| panic!("variant {i}: {e}"));
        for lang in [Lang::En, Lang::Ja] {
            let mut c = cfg.clone();
            c.general.language = match lang {
                Lang::En => cardroom::config::LanguageSetting::En,
                Lang::Ja => cardroom::config::LanguageSetting::Ja,
            };
            let ctx = cardroom::tui::ctx::Ctx::new(c, &Default::default(), |_| None);
            for p in rules::paras(&ctx) {
                let s = format!("{p:?}");
                assert!(
                    !s.contains("common.") && !s.contains('{'),
                    "variant {i} {lang:?}: {s}"
                );
            }
        }
    }
}

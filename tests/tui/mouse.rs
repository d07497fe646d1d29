//! The mouse (issue 14 item 7): a click on a card marks it, on a candidate selects it and a
//! second click plays it; the wheel scrolls the Daifugo log and list, the rules and the help; a
//! click picks a menu entry and a Blackjack action. Driven through the app with the cells the
//! screen drew.

use std::time::Instant;

use crate::common::{draw, rows, title_app};
use crate::daifugo::{app_with, lead_game, screen};
use cardroom::i18n::Lang;
use cardroom::tui::app::App;
use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

fn mouse(app: &mut App, kind: MouseEventKind, column: u16, row: u16) {
    let ev = Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    });
    app.handle_event(&ev, Instant::now());
}

fn click(app: &mut App, column: u16, row: u16) {
    mouse(app, MouseEventKind::Down(MouseButton::Left), column, row);
    mouse(app, MouseEventKind::Up(MouseButton::Left), column, row);
}

/// Where `text` is drawn on an 80×24 screen: (column, row) of its first cell, searching rows
/// from `from_row` down and columns from `from_col` right.
fn find(app: &mut App, text: &str, from_row: usize, from_col: usize) -> Option<(u16, u16)> {
    let r = rows(&draw(app, 80, 24));
    for (y, line) in r.iter().enumerate().skip(from_row) {
        let cells: Vec<char> = line.chars().collect();
        let s: String = cells.iter().skip(from_col).collect();
        if let Some(pos) = s.find(text) {
            let col = from_col + s[..pos].chars().count();
            return Some((col as u16, y as u16));
        }
    }
    None
}

fn screen_text(app: &mut App) -> String {
    rows(&draw(app, 80, 24)).join("\n")
}

#[test]
fn clicking_a_card_marks_it_and_clicking_a_candidate_twice_plays_it() {
    let (s, c) = screen(lead_game(), Lang::En);
    let mut app = app_with(s, c);
    // The hand row: [3♦] [3♥] … at the bottom. A click on the 3♥ marks it (drawn `<3♥>`,
    // raised a row as the highlighted single) and narrows the list to plays holding it.
    let before = screen_text(&mut app);
    assert!(
        before.contains("Your plays (42/42)") || before.contains("Your plays ("),
        "{before}"
    );
    let (x, y) = find(&mut app, "[3♥]", 18, 0).expect("the 3♥ is drawn");
    click(&mut app, x + 1, y);
    let after = screen_text(&mut app);
    let hand_rows: Vec<&str> = after.lines().skip(18).collect();
    assert!(
        hand_rows.iter().any(|l| l.trim_start().starts_with("<3♥>")),
        "the 3♥ is raised as marked:\n{after}"
    );
    assert!(!after.contains("Your plays (33/33)"), "{after}");
    // The pair 3♥ 3♦ in the list: one click highlights it, a second plays it.
    let (x, y) = find(&mut app, "3♥ 3♦", 5, 48).expect("the pair is listed");
    click(&mut app, x, y);
    let sel = screen_text(&mut app);
    let line = sel.lines().nth(usize::from(y)).unwrap().to_string();
    assert!(line.contains("> 3♥ 3♦"), "highlighted: {line}");
    click(&mut app, x, y);
    let played = screen_text(&mut app);
    assert!(played.contains("You: 3♥ 3♦"), "{played}");
}

#[test]
fn the_wheel_scrolls_the_log_and_moves_the_list() {
    let (s, c) = screen(lead_game(), Lang::En);
    let mut app = app_with(s, c);
    let (x, y) = find(&mut app, "> 3♥", 5, 48).expect("the first play is highlighted");
    mouse(&mut app, MouseEventKind::ScrollDown, x, y);
    let t = screen_text(&mut app);
    assert!(
        t.contains("> 3♦"),
        "the wheel moved the highlight down:\n{t}"
    );
    // The log holds two lines here: nothing to scroll, and no mark appears.
    let (lx, ly) = find(&mut app, "┌ Log", 0, 0).expect("the log");
    mouse(&mut app, MouseEventKind::ScrollUp, lx + 3, ly + 1);
    assert!(!screen_text(&mut app).contains("newer line"));
    // After a round the log is longer than its box: one notch up shows one older line.
    let (mut s, mut c) = crate::daifugo::round_over(3, Lang::En);
    use cardroom::tui::screen::Screen;
    s.handle(cardroom::tui::keymap::Action::Custom("next"), &mut c);
    crate::daifugo_history::play_out(&mut s, &mut c);
    s.handle(cardroom::tui::keymap::Action::Custom("next"), &mut c);
    let mut app = app_with(s, c);
    let (lx, ly) = find(&mut app, "┌ Log", 0, 0).expect("the log");
    mouse(&mut app, MouseEventKind::ScrollUp, lx + 3, ly + 2);
    mouse(&mut app, MouseEventKind::ScrollUp, lx + 3, ly + 2);
    mouse(&mut app, MouseEventKind::ScrollDown, lx + 3, ly + 2);
    let t = screen_text(&mut app);
    assert!(t.contains("↓ 1 newer line (PgDn)"), "{t}");
}

#[test]
fn clicking_a_menu_entry_opens_it() {
    let mut app = title_app(Lang::En);
    let (x, y) = find(&mut app, "2. ", 0, 0).expect("the second entry");
    click(&mut app, x, y);
    assert_eq!(app.depth(), 2, "a game opened:\n{}", screen_text(&mut app));
}

#[test]
fn clicking_deal_and_stand_plays_a_blackjack_round() {
    use cardroom::blackjack::rules::Rules;
    use cardroom::config::ThemeName;
    // Player T♠ 9♥ against the dealer's 7♦ (hole K♣): a click on Deal, then on Stand.
    let (mut app, _dir) =
        crate::blackjack::app_with(Lang::En, ThemeName::Dark, Rules::default(), "TS 7D 9H KC");
    let (x, y) = find(&mut app, "Deal", 10, 0).expect("the Deal button");
    click(&mut app, x, y);
    let t = screen_text(&mut app);
    let (x, y) = find(&mut app, "Stand (s)", 10, 0).unwrap_or_else(|| panic!("{t}"));
    click(&mut app, x, y);
    while let Some(due) = app.next_deadline() {
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        app.on_deadline(Instant::now());
    }
    let done = screen_text(&mut app);
    assert!(done.contains("Won"), "19 beats the dealer's 17:\n{done}");
}

/// Turns the wheel `notches` times at the middle of an 80×24 screen.
fn wheel(app: &mut App, down: bool, notches: usize) {
    let kind = if down {
        MouseEventKind::ScrollDown
    } else {
        MouseEventKind::ScrollUp
    };
    for _ in 0..notches {
        mouse(app, kind, 40, 12);
    }
}

/// The wheel scrolls a text screen a line a notch: the same screen as that many ↓ (or ↑)
/// presses, and never past the top.
fn wheel_scrolls_like_the_arrows(mut by_wheel: App, mut by_keys: App) {
    use crate::common::press;
    use ratatui::crossterm::event::KeyCode;
    let top = screen_text(&mut by_wheel);
    wheel(&mut by_wheel, true, 3);
    for _ in 0..3 {
        press(&mut by_keys, KeyCode::Down);
    }
    let scrolled = screen_text(&mut by_wheel);
    assert_ne!(scrolled, top, "three notches moved the text:\n{scrolled}");
    assert_eq!(scrolled, screen_text(&mut by_keys));
    wheel(&mut by_wheel, false, 1);
    press(&mut by_keys, KeyCode::Up);
    assert_eq!(screen_text(&mut by_wheel), screen_text(&mut by_keys));
    wheel(&mut by_wheel, false, 10);
    assert_eq!(
        screen_text(&mut by_wheel),
        top,
        "back at the top, no further"
    );
}

#[test]
fn the_wheel_scrolls_the_rules() {
    use crate::common::press;
    use ratatui::crossterm::event::KeyCode;
    let open = || {
        let mut app = title_app(Lang::En);
        press(&mut app, KeyCode::Char('3'));
        app
    };
    wheel_scrolls_like_the_arrows(open(), open());
}

#[test]
fn the_wheel_scrolls_the_help() {
    use crate::common::press;
    use ratatui::crossterm::event::KeyCode;
    // The Daifugo screen's help (its keys and the global ones) is longer than an 80×24 box.
    let open = || {
        let (s, c) = screen(lead_game(), Lang::En);
        let mut app = app_with(s, c);
        press(&mut app, KeyCode::Char('?'));
        app
    };
    wheel_scrolls_like_the_arrows(open(), open());
}

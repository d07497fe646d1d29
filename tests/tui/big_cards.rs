//! Big card faces on big terminals (issue 14 item 8): from 120×40 the Daifugo hand and pile and
//! the Blackjack table use 7×5 faces. Snapshots of both tables at 80×24 (unchanged small faces)
//! and 120×40 in English and Japanese; a hand too long to spread overlaps, one too long even
//! for that falls back to small faces, and no card is ever cut off; a click on a big face (or
//! on the visible part of a covered one) marks that card and a click between faces marks
//! nothing.

use std::time::Instant;

use crate::common::{draw, press, rows};
use crate::daifugo::{app_with, ctx, game, play, set};
use cardroom::blackjack::rules::Rules;
use cardroom::cards::{Card, parse_cards};
use cardroom::config::ThemeName;
use cardroom::daifugo::{Game, Scenario};
use cardroom::i18n::Lang;
use cardroom::tui::app::App;
use cardroom::tui::keymap::Action;
use cardroom::tui::screen::Screen;
use cardroom::tui::screens::daifugo::DaifugoScreen;
use ratatui::crossterm::event::MouseEventKind;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent};

/// The human's hand in the table snapshots: two 3-card spade sequences beat the pile's.
const HUMAN: &str = "3D 4D 5D 8S 9S TS JS QD KC AH 2C 2D";

/// CPU 3 leads 5♥ 6♥ and a joker standing for 7♥; the human, to follow, has marked J♠, so the
/// sequence 9♠ 10♠ J♠ is highlighted (raised).
fn sequence_game() -> Game {
    let sc = Scenario {
        hands: [
            HUMAN,
            "3C 4C 6C 7C 8C 9C TC JC",
            "3S 4S 5S 6S 7S 3H 4H 8H",
            "5H 6H JK 9H TH JH QH KH",
        ]
        .iter()
        .map(|h| set(h))
        .collect(),
        leader: 3,
        round: 1,
        previous_places: None,
        revolution: false,
        exchange: false,
    };
    let mut g = game(&sc, 5);
    play(&mut g, 3, "5H 6H JK=7H");
    g
}

fn marked_screen(lang: Lang) -> (DaifugoScreen, cardroom::tui::ctx::Ctx) {
    let mut c = ctx(lang);
    let mut s = DaifugoScreen::with_game(sequence_game(), 7, &c);
    // The cursor starts on the weakest card (3♦); J♠ is the seventh.
    for _ in 0..6 {
        s.handle(Action::Right, &mut c);
    }
    s.handle(Action::Custom("mark"), &mut c);
    (s, c)
}

fn tag(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Ja => "ja",
    }
}

#[test]
fn daifugo_table_snapshots() {
    for lang in [Lang::En, Lang::Ja] {
        for (w, h) in [(80u16, 24u16), (120, 40)] {
            let (s, c) = marked_screen(lang);
            let mut app = app_with(s, c);
            let t = draw(&mut app, w, h);
            insta::assert_snapshot!(format!("daifugo_table_{}_{w}x{h}", tag(lang)), t.backend());
        }
    }
}

#[test]
fn blackjack_table_snapshots() {
    for lang in [Lang::En, Lang::Ja] {
        // Player 8♠ 8♥ against the dealer's 6♦ (hole 10♣): split, the first hand draws 3♣
        // and hits a 2♦.
        let (mut app, _d) = crate::blackjack::app_with(
            lang,
            ThemeName::Dark,
            Rules::default(),
            "8S 6D 8H TC 3C 2D",
        );
        for k in [KeyCode::Enter, KeyCode::Char('p'), KeyCode::Char('h')] {
            press(&mut app, k);
        }
        for (w, h) in [(80u16, 24u16), (120, 40)] {
            let t = draw(&mut app, w, h);
            insta::assert_snapshot!(
                format!("blackjack_table_{}_{w}x{h}", tag(lang)),
                t.backend()
            );
        }
    }
}

/// The rows of the hand's faces at the bottom of a `w`×`h` screen: the key bar is the last
/// row, the big faces the seven above it.
fn hand_rows(app: &mut App, w: u16, h: u16) -> Vec<String> {
    let r = rows(&draw(app, w, h));
    r[r.len() - 8..r.len() - 1].to_vec()
}

/// A deal where the human holds the cards of `hand` (the CPUs a few kings) and leads.
fn long_hand(hand: &str) -> App {
    let sc = Scenario {
        hands: vec![set(hand), set("KS"), set("KH"), set("KD")],
        leader: 0,
        round: 1,
        previous_places: None,
        revolution: false,
        exchange: false,
    };
    let c = ctx(Lang::En);
    let s = DaifugoScreen::with_game(game(&sc, 5), 7, &c);
    app_with(s, c)
}

fn labels(hand: &str) -> Vec<String> {
    parse_cards(hand)
        .expect("cards")
        .into_iter()
        .map(|c: Card| c.label(true))
        .collect()
}

#[test]
fn a_long_hand_overlaps_big_faces_and_shows_every_card() {
    // 27 cards: spread they need 26 × 8 + 7 = 215 cells; overlapping 4 apart, 26 × 4 + 7 = 111.
    let hand = "3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D";
    let mut app = long_hand(hand);
    let r = hand_rows(&mut app, 120, 40);
    // Every card's label is on a label row (the first card, the highlighted single, is raised
    // a row), none cut.
    for l in labels(hand) {
        let face = format!("│{l}");
        assert!(
            r[1].contains(&face) || r[2].contains(&face),
            "{l} missing:\n{}",
            r.join("\n")
        );
    }
    // Overlapping: covered faces 4 cells apart, the last whole.
    assert!(r[1].contains("┌───┌───┌───"), "{}", r.join("\n"));
    assert!(r[1].trim_end().ends_with("┌───┌─────┐"), "{}", r[1]);
}

#[test]
fn a_hand_too_long_for_big_faces_falls_back_to_small_ones() {
    // 30 cards would need 29 × 4 + 7 = 123 cells: small faces, wrapped, all shown.
    let hand = "3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C \
                9S 9H 9D 9C TS TH";
    let mut app = long_hand(hand);
    let text = rows(&draw(&mut app, 120, 40)).join("\n");
    assert!(!text.contains("┌─────┐"), "no big face:\n{text}");
    for l in labels(hand) {
        assert!(
            text.contains(&format!("[{l}]")) || text.contains(&format!("<{l}>")),
            "{l} is drawn whole:\n{text}"
        );
    }
}

fn click(app: &mut App, column: u16, row: u16) {
    for kind in [
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Up(MouseButton::Left),
    ] {
        let ev = Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        });
        app.handle_event(&ev, Instant::now());
    }
}

/// (column, row) of the first cell of `text` in the rows of a 120×40 screen, searching from
/// `from_row` down. Only for rows without double-width characters (columns are characters).
fn find(app: &mut App, text: &str, from_row: usize) -> Option<(u16, u16)> {
    let r = rows(&draw(app, 120, 40));
    r.iter().enumerate().skip(from_row).find_map(|(y, line)| {
        line.find(text)
            .map(|pos| (line[..pos].chars().count() as u16, y as u16))
    })
}

#[test]
fn a_click_on_a_big_face_marks_that_card() {
    let c = ctx(Lang::En);
    let s = DaifugoScreen::with_game(sequence_game(), 7, &c);
    let mut app = app_with(s, c);
    // The Q♦ face: its label at the top left; a click on its middle (the suit's row, two
    // rows down and three cells right of the label) marks it — a double border.
    let (x, y) = find(&mut app, "│Q♦   │", 30).expect("the Q♦ as a big face");
    assert!(!rows(&draw(&mut app, 120, 40)).join("\n").contains('║'));
    click(&mut app, x + 3, y + 1);
    let after = rows(&draw(&mut app, 120, 40));
    let face: String = after[usize::from(y)]
        .chars()
        .skip(usize::from(x))
        .take(7)
        .collect();
    assert_eq!(face, "║Q♦   ║", "Q♦ marked:\n{}", after.join("\n"));
    // Exactly one card is marked.
    let doubles: usize = after.iter().map(|l| l.matches('╔').count()).sum();
    assert_eq!(doubles, 1, "{}", after.join("\n"));
    // A click in the gap left of it marks nothing more; on the mark's own face, unmarks.
    click(&mut app, x - 1, y + 1);
    let still: usize = rows(&draw(&mut app, 120, 40))
        .iter()
        .map(|l| l.matches('╔').count())
        .sum();
    assert_eq!(still, 1);
    click(&mut app, x, y + 2);
    let none: usize = rows(&draw(&mut app, 120, 40))
        .iter()
        .map(|l| l.matches('╔').count())
        .sum();
    assert_eq!(none, 0);
}

#[test]
fn a_click_on_a_covered_face_marks_the_covered_card() {
    let hand = "3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D";
    let mut app = long_hand(hand);
    // The 4♥ (sixth card) shows 4 cells: `│4♥ ` on its label row. A click on its last visible
    // cell marks the 4♥, not the 4♦ drawn over the rest of it.
    let (x, y) = find(&mut app, "│4♥", 30).expect("the covered 4♥");
    click(&mut app, x + 3, y);
    // Marked, the 4♥ is also the one play left highlighted: raised a row, with a double
    // border, and the only card so marked.
    let after = rows(&draw(&mut app, 120, 40));
    let face: String = after[usize::from(y) - 1]
        .chars()
        .skip(usize::from(x))
        .take(4)
        .collect();
    assert_eq!(face, "║4♥ ", "4♥ marked:\n{}", after.join("\n"));
    let doubles: usize = after.iter().map(|l| l.matches('╔').count()).sum();
    assert_eq!(doubles, 1, "{}", after.join("\n"));
}

#[test]
fn without_colour_the_marks_still_show() {
    use ratatui::style::{Color, Modifier};
    // The mono theme (what NO_COLOR selects): no cell has a colour, the highlighted play is
    // raised in reverse video and the marked J♠ has its double border.
    let mut config = crate::common::config(Lang::En, ThemeName::Mono);
    config.general.cpu_delay_ms = 0;
    let mut c = cardroom::tui::ctx::Ctx::new(config, &cardroom::tui::Options::default(), |_| None);
    let mut s = DaifugoScreen::with_game(sequence_game(), 7, &c);
    for _ in 0..6 {
        s.handle(Action::Right, &mut c);
    }
    s.handle(Action::Custom("mark"), &mut c);
    let mut app = app_with(s, c);
    let t = draw(&mut app, 120, 40);
    let buf = t.backend().buffer();
    for cell in buf.content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{cell:?}");
    }
    let r = rows(&t);
    let (y, line) = r
        .iter()
        .enumerate()
        .find(|(_, l)| l.contains("║J♠   ║"))
        .expect("the marked J♠ as a big face");
    let x = line[..line.find("║J♠").unwrap()].chars().count() as u16;
    let cell = &buf[(x + 1, y as u16)];
    assert!(cell.modifier.contains(Modifier::REVERSED), "{cell:?}");
    // Raised: its label is on the row of the other faces' top edges, its own edge above.
    assert!(r[y - 1].contains("╔═════╗"), "{}", r.join("\n"));
    assert!(line.starts_with("┌─────┐"), "{}", r.join("\n"));
}

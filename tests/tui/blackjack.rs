//! The Blackjack screen on ratatui's `TestBackend`: insta snapshots of the betting step, a split
//! hand in play (with the basic-strategy hint and the EVs shown) and settled rounds (English and
//! Japanese), plus checks of what a player must see — the rule book's payouts shown exactly,
//! only legal actions in the bar, the hint matching the chart, stats written after a round.
//!
//! Tables are stacked (`Table::stacked`): the listed cards come first, dealt player, dealer,
//! player, dealer, then the player's and the dealer's draws in order.

use std::time::{Duration, Instant};

use crate::common::{draw, press, rows, screen_text};
use cardroom::blackjack::rules::Rules;
use cardroom::blackjack::table::Table;
use cardroom::cards::parse_cards;
use cardroom::config::{Config, LanguageSetting, ThemeName};
use cardroom::i18n::Lang;
use cardroom::tui::Options;
use cardroom::tui::app::App;
use cardroom::tui::ctx::Ctx;
use cardroom::tui::screens::blackjack::BlackjackScreen;
use cardroom::tui::screens::title::TitleScreen;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

/// An app with the Blackjack screen open on a table stacked with `top`, statistics in a temp
/// folder (kept alive by the returned guard), no dealer pacing.
fn app_with(lang: Lang, theme: ThemeName, rules: Rules, top: &str) -> (App, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = Config::default();
    c.general.language = match lang {
        Lang::En => LanguageSetting::En,
        Lang::Ja => LanguageSetting::Ja,
    };
    c.general.theme = theme;
    c.general.cpu_delay_ms = 0;
    c.general.stats_file = dir.path().join("stats.json").display().to_string();
    c.blackjack = rules;
    let ctx = Ctx::new(c, &Options::default(), |_| None);
    let mut app = App::new(ctx, Box::new(TitleScreen::new()));
    app.set_size(Size::new(80, 24));
    let cards = parse_cards(top).expect("card list");
    let table = Table::stacked(rules, &cards, 1).expect("stackable");
    let screen = BlackjackScreen::with_table(&app.ctx, table, 1);
    app.push(Box::new(screen));
    (app, dir)
}

fn app(top: &str) -> (App, tempfile::TempDir) {
    app_with(Lang::En, ThemeName::Dark, Rules::default(), top)
}

/// Lets the screen's deadlines run out (dealer pacing, the strategy table, the EV worker).
fn settle(app: &mut App) {
    let start = Instant::now();
    while let Some(due) = app.next_deadline() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "deadlines never end"
        );
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        app.on_deadline(Instant::now());
    }
}

fn keys(app: &mut App, keys: &[KeyCode]) {
    for k in keys {
        press(app, *k);
    }
    settle(app);
}

const C: fn(char) -> KeyCode = KeyCode::Char;

#[test]
fn betting_step_en() {
    let (mut app, _d) = app("");
    let t = draw(&mut app, 80, 24);
    let text = screen_text(&t);
    assert!(text.contains("Place your bet"));
    assert!(
        text.contains("Bet: 10 chips"),
        "the minimum bet is proposed"
    );
    insta::assert_snapshot!(t.backend());
}

#[test]
fn bet_steps_follow_the_table_and_the_last_bet_is_remembered() {
    // Player 20 against a dealer 10+7: the player wins; the bet of 30 is proposed again.
    let (mut app, _d) = app("TS TD QH 7C");
    keys(&mut app, &[KeyCode::Up, KeyCode::Up]);
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("Bet: 30 chips"));
    keys(&mut app, &[KeyCode::Down]);
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("Bet: 20 chips"));
    keys(&mut app, &[KeyCode::Up, KeyCode::Enter, C('s')]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Won 30"), "{text}");
    assert!(text.contains("Bankroll 1030"), "{text}");
    assert!(text.contains("Deal 30"), "the last bet is proposed: {text}");
}

#[test]
fn split_hand_in_play_with_hint_and_evs_en() {
    // 8,8 against a 6: split; the first hand draws a 3 (8,3 = hard 11). The rule book's chart
    // (4–8 decks, S17, DAS) doubles 11 against a 6, and the exact EVs agree that doubling is
    // best there.
    let (mut app, _d) = app("8S 6D 8H TC 3C");
    keys(&mut app, &[KeyCode::Enter, C('p'), C('t'), C('e')]);
    let t = draw(&mut app, 80, 24);
    let text = screen_text(&t);
    assert!(text.contains("Hand 1"), "{text}");
    assert!(text.contains("Hand 2"), "{text}");
    assert!(text.contains("hard 11  playing"), "{text}");
    assert!(text.contains("Basic strategy: Double"), "{text}");
    // Only legal actions: no surrender after a split, no split of 8,3.
    assert!(!text.contains("Surrender (r)") && !text.contains("Split (p)"));
    let ev_row = rows(&t)
        .into_iter()
        .find(|r| r.contains('%'))
        .expect("an EV row");
    let bar = rows(&t)
        .into_iter()
        .find(|r| r.contains("Double (d)"))
        .expect("the bar");
    let best = ev_row.find('[').expect("the best EV is marked");
    let double_at = bar.find("Double (d)").unwrap();
    assert!(
        best + 4 >= double_at && best <= double_at + 12,
        "the marked EV sits under Double:\n{bar}\n{ev_row}"
    );
    insta::assert_snapshot!(t.backend());
}

#[test]
fn settled_round_en() {
    let (mut app, _d) = app("TS TD QH 7C");
    keys(&mut app, &[KeyCode::Enter, C('s')]);
    let t = draw(&mut app, 80, 24);
    let text = screen_text(&t);
    assert!(text.contains("Dealer  hard 17"), "{text}");
    assert!(text.contains("hard 20"), "{text}");
    assert!(text.contains("Won 10"), "{text}");
    assert!(text.contains("This round: +10"), "{text}");
    insta::assert_snapshot!(t.backend());
}

#[test]
fn settled_round_ja() {
    let (mut app, _d) = app_with(Lang::Ja, ThemeName::Dark, Rules::default(), "TS TD QH 7C");
    keys(&mut app, &[KeyCode::Enter, C('s')]);
    let t = draw(&mut app, 80, 24);
    let text = screen_text(&t);
    assert!(text.replace(' ', "").contains("勝ち10"), "{text}");
    insta::assert_snapshot!(t.backend());
}

#[test]
fn a_natural_pays_3_to_2_exactly() {
    // rules/blackjack.md §2: 3:2 on 15 chips pays 22.50. Bets of 5 chips step by 5.
    let rules = Rules {
        min_bet: 5,
        ..Rules::default()
    };
    let (mut app, _d) = app_with(Lang::En, ThemeName::Dark, rules, "AS 9D KH 7C");
    keys(&mut app, &[KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Blackjack 22.50"), "{text}");
    assert!(text.contains("Bankroll 1022.50"), "{text}");
}

#[test]
fn insurance_is_offered_against_an_ace_and_pays_2_to_1() {
    // Dealer A up with a K in the hole: insurance of 5 on a 10 bet wins 10 (2:1); the hand loses
    // 10; the round nets 0.
    let (mut app, _d) = app("9S AD 7H KC");
    keys(&mut app, &[KeyCode::Enter]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Insurance 5 (i)"), "{text}");
    assert!(text.contains("No thanks (n)"), "{text}");
    assert!(
        !text.contains("Hit (h)"),
        "no play before the offer is answered"
    );
    keys(&mut app, &[C('i')]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Dealer  Blackjack"), "{text}");
    assert!(text.contains("Insurance 5 (+10)"), "{text}");
    assert!(text.contains("This round: 0"), "{text}");
}

#[test]
fn a_refused_action_says_why_and_changes_nothing() {
    // T,2 then a 3: 15 on three cards, which may no longer double.
    let (mut app, _d) = app("TS 6D 2H 9C 3C");
    keys(&mut app, &[KeyCode::Enter, C('h'), C('d')]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(
        text.contains("You can double only on a hand's first two cards"),
        "{text}"
    );
    assert!(text.contains("hard 15  playing"), "{text}");
    assert!(
        text.contains("Bankroll 990"),
        "no second stake was taken: {text}"
    );
}

#[test]
fn stats_are_saved_after_a_settled_round() {
    let (mut app, dir) = app("TS TD QH 7C");
    keys(&mut app, &[KeyCode::Enter, C('s')]);
    let text = std::fs::read_to_string(dir.path().join("stats.json")).expect("stats written");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["blackjack"]["rounds"], 1);
    assert_eq!(v["blackjack"]["won"], 1);
    assert_eq!(v["blackjack"]["net_cents"], 1000);
}

#[test]
fn mono_theme_draws_no_colour() {
    let (mut app, _d) = app_with(
        Lang::En,
        ThemeName::Mono,
        Rules::default(),
        "8S 6D 8H TC 3C",
    );
    keys(&mut app, &[KeyCode::Enter, C('p'), C('t')]);
    let t = draw(&mut app, 120, 40);
    let buf = t.backend().buffer();
    for cell in buf.content() {
        assert_eq!(cell.fg, ratatui::style::Color::Reset, "{cell:?}");
        assert_eq!(cell.bg, ratatui::style::Color::Reset, "{cell:?}");
    }
    assert!(screen_text(&t).contains("> Hand 1"));
}

#[test]
fn split_hand_in_play_120x40() {
    let (mut app, _d) = app("8S 6D 8H TC 3C");
    keys(&mut app, &[KeyCode::Enter, C('p'), C('t'), C('e')]);
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

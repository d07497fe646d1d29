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

// ---------------------------------------------------------------------------------------------
// Issue 10: the coach, the typed bet, the basic-strategy chart, the split plan in the EVs.

/// Draws the state `build` leaves the app in at 80×24 and 120×40, in English and Japanese, and
/// snapshots each (`<name>_<lang>_<w>x<h>`).
fn snapshots(name: &str, build: impl Fn(Lang) -> (App, tempfile::TempDir)) {
    for lang in [Lang::En, Lang::Ja] {
        let (mut app, _d) = build(lang);
        for (w, h) in [(80, 24), (120, 40)] {
            let t = draw(&mut app, w, h);
            let tag = if lang == Lang::En { "en" } else { "ja" };
            insta::assert_snapshot!(format!("{name}_{tag}_{w}x{h}"), t.backend());
        }
    }
}

#[test]
fn the_coach_prices_a_mistake_at_once_and_keeps_a_tally() {
    // 10,7 against a 10: standing is best (−0.42 or so); hitting busts on the K and gives away
    // 16.2% of the bet for these cards. The verdict shows before the dealer has played; the
    // tally shows once the round is over.
    let (mut app, dir) = app("TS TD 7H 3C KH");
    keys(&mut app, &[KeyCode::Enter, C('h')]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Hit cost"), "{text}");
    assert!(text.contains("Stand was best"), "{text}");
    assert!(
        text.contains("Coach: 1 decision, 1 mistake, EV given away"),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("stats.json")).expect("stats written"),
    )
    .unwrap();
    assert_eq!(v["blackjack"]["coach_decisions"], 1);
    assert_eq!(v["blackjack"]["coach_mistakes"], 1);
    assert!(v["blackjack"]["coach_cost_cents"].as_i64().unwrap() > 100);
    snapshots("coach_after_a_mistake", |lang| {
        let (mut app, d) = app_with(lang, ThemeName::Dark, Rules::default(), "TS TD 7H 3C KH");
        keys(&mut app, &[KeyCode::Enter, C('h')]);
        (app, d)
    });
}

#[test]
fn the_coach_prices_a_mistake_from_the_cards_seen_and_the_bet() {
    // The same decision on a typed bet of 50: the cost is the exact EV of standing less that of
    // hitting T,7 against a 10 from six decks without the three cards in sight (the hole card
    // is not one of them), times the 50 at stake. The EV engine itself is checked against a
    // card-by-card brute force in tests/blackjack; this checks what the coach feeds it and
    // what it makes of the answer.
    use cardroom::blackjack::ev::{Shoe, Spot, hand_evs};
    let cards = parse_cards("TS TD 7H").unwrap();
    let unseen = Shoe::decks_without(6, &cards).unwrap();
    let evs = hand_evs(
        &Rules::default(),
        &unseen,
        &Spot::new(&[cards[0], cards[2]], cards[1]),
    )
    .unwrap();
    let cost = evs.stand.unwrap() - evs.hit.unwrap();
    assert!(
        cost > 0.1,
        "standing on 17 against a 10 is far better: {cost}"
    );
    let (mut app, dir) = app("TS TD 7H 3C KH");
    keys(&mut app, &[C('5'), C('0'), KeyCode::Enter, C('h')]);
    let text = screen_text(&draw(&mut app, 80, 24));
    let shown = format!("Hit cost {:.1}% — Stand was best", cost * 100.0);
    assert!(text.contains(&shown), "{shown}\n{text}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("stats.json")).unwrap())
            .unwrap();
    let cents = (cost * 5000.0).round() as i64;
    assert_eq!(v["blackjack"]["coach_cost_cents"], cents);
    let chips = format!("EV given away {}.{:02} chips", cents / 100, cents % 100);
    assert!(text.contains(&chips), "{chips}\n{text}");
}

#[test]
fn the_best_play_is_no_mistake_and_the_coach_can_be_switched_off() {
    let (mut app, dir) = app("TS TD 7H 3C KH");
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(
        text.contains("Coach on: ") && text.contains("(c turns it off)"),
        "{text}"
    );
    keys(&mut app, &[KeyCode::Enter, C('s')]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(!text.contains("cost"), "{text}");
    assert!(
        text.contains("Coach: 1 decision, 0 mistakes, EV given away 0 chips"),
        "{text}"
    );
    keys(&mut app, &[C('c')]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Coach off"), "{text}");
    assert!(!text.contains("Coach: 1 decision"), "{text}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("stats.json")).unwrap())
            .unwrap();
    assert_eq!(v["blackjack"]["coach_mistakes"], 0);
}

#[test]
fn a_bet_is_typed_with_the_digit_keys() {
    let (mut app, _d) = app("TS TD QH 7C");
    keys(
        &mut app,
        &[C('1'), C('2'), C('5'), KeyCode::Backspace, C('0')],
    );
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Bet: 120_"), "{text}");
    assert!(text.contains("Deal 120"), "{text}");
    keys(&mut app, &[KeyCode::Enter, C('s')]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("Won 120"), "{text}");
    assert!(
        text.contains("Deal 120"),
        "the typed bet is the next one: {text}"
    );
    // A bet outside the limits is refused with them, and stays to be edited.
    keys(&mut app, &[C('9'), C('0'), C('0'), KeyCode::Enter]);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("between 10 and 500"), "{text}");
    assert!(text.contains("Deal 900"), "{text}");
    snapshots("typed_bet", |lang| {
        let (mut app, d) = app_with(lang, ThemeName::Dark, Rules::default(), "");
        keys(&mut app, &[C('7'), C('5')]);
        (app, d)
    });
}

#[test]
fn the_chart_shows_the_configured_rules_and_closes() {
    let (mut app, _d) = app("");
    keys(&mut app, &[C('b')]);
    let t = draw(&mut app, 120, 40);
    let text = screen_text(&t);
    assert!(text.contains("Basic strategy"), "{text}");
    assert!(text.contains("6 decks · S17 · peek · DAS"), "{text}");
    // rules/blackjack.md §4 (4–8 decks, S17, DAS, late surrender): 16 surrenders against 9,
    // 10 and A; 8,8 always splits; soft 18 doubles against 3–6.
    let row = |label: &str| {
        rows(&t)
            .into_iter()
            .find(|r| r.trim_start().starts_with(label))
            .unwrap_or_default()
    };
    assert!(
        row("16 ").ends_with("R  R  R") || row("16 ").contains("R  R  R "),
        "{}",
        row("16 ")
    );
    assert!(
        text.contains("A,7    S  Ds Ds Ds Ds S  S  H  H  H"),
        "{text}"
    );
    assert!(
        text.contains("8,8    P  P  P  P  P  P  P  P  P  P"),
        "{text}"
    );
    keys(&mut app, &[KeyCode::Esc]);
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("Place your bet"));
    snapshots("basic_strategy_chart", |lang| {
        let (mut app, d) = app_with(lang, ThemeName::Dark, Rules::default(), "");
        keys(&mut app, &[C('b')]);
        (app, d)
    });
}

#[test]
fn the_chart_reads_without_colour() {
    let (mut app, _d) = app_with(Lang::En, ThemeName::Mono, Rules::default(), "");
    keys(&mut app, &[C('b')]);
    let t = draw(&mut app, 120, 40);
    for cell in t.backend().buffer().content() {
        assert_eq!(cell.fg, ratatui::style::Color::Reset, "{cell:?}");
        assert_eq!(cell.bg, ratatui::style::Color::Reset, "{cell:?}");
    }
    assert!(screen_text(&t).contains("Ds double, else stand"));
}

#[test]
fn the_evs_name_the_split_plan() {
    // T,T against a 9 from six decks, split to 4 hands: splitting once beats resplitting every
    // ten (issue 10), and the EV line says which plan the split's value follows.
    let (mut app, _d) = app("TS 9D KH 7C");
    keys(&mut app, &[KeyCode::Enter, C('e')]);
    let t = draw(&mut app, 120, 40);
    let text = screen_text(&t);
    assert!(
        text.contains("Split EV: splitting once, no resplits"),
        "{text}"
    );
    snapshots("evs_with_the_split_plan", |lang| {
        let (mut app, d) = app_with(lang, ThemeName::Dark, Rules::default(), "TS 9D KH 7C");
        keys(&mut app, &[KeyCode::Enter, C('e')]);
        (app, d)
    });
}

// ---------------------------------------------------------------------------------------------
// Issue 9, items 9–10: the words and the key bar of the Blackjack screen.

/// The last row of the screen: the key bar.
fn footer(t: &ratatui::Terminal<ratatui::backend::TestBackend>) -> String {
    rows(t).pop().unwrap_or_default()
}

#[test]
fn the_key_bar_keeps_help_and_quit_at_80x24_in_every_state() {
    // Each state the screen can be in, as keys from a fresh stacked table.
    let poor = Rules {
        bankroll: 10,
        ..Rules::default()
    };
    let states: [(&str, Rules, &str, &[KeyCode]); 7] = [
        ("betting", Rules::default(), "", &[]),
        (
            "playing",
            Rules::default(),
            "TS 6D 7H 9C",
            &[KeyCode::Enter],
        ),
        (
            "a split hand",
            Rules::default(),
            "8S 6D 8H TC 3C",
            &[KeyCode::Enter, C('p'), C('e')],
        ),
        (
            "settled after a split",
            Rules::default(),
            "8S 6D 8H TC 3C 9D TH",
            &[KeyCode::Enter, C('p'), C('s'), C('s')],
        ),
        (
            "insurance",
            Rules::default(),
            "9S AD 7H KC",
            &[KeyCode::Enter],
        ),
        ("game over", poor, "TS TD 6H 7C", &[KeyCode::Enter, C('s')]),
        ("chart", Rules::default(), "", &[C('b')]),
    ];
    for lang in [Lang::En, Lang::Ja] {
        // Compared without spaces: a wide character's second cell reads as one.
        let (help, quit) = match lang {
            Lang::En => ("?F1Help", "qQuit"),
            Lang::Ja => ("?F1ヘルプ", "q終了"),
        };
        for (name, rules, top, ks) in &states {
            let (mut app, _d) = app_with(lang, ThemeName::Dark, *rules, top);
            keys(&mut app, ks);
            let t = draw(&mut app, 80, 24);
            let bar = footer(&t).replace(' ', "");
            assert!(
                bar.contains(help) && bar.ends_with(quit),
                "{lang:?}, {name}: {bar}\n{}",
                screen_text(&t)
            );
        }
    }
}

#[test]
fn a_bust_reads_lost_and_the_first_screen_has_no_round_0() {
    let (mut app, _d) = app("TS TD 7H 3C KH");
    let t = draw(&mut app, 80, 24);
    let top = rows(&t).remove(0);
    assert!(!top.contains("Round"), "{top}");
    assert!(top.trim_end().ends_with("1000 chips"), "{top}");
    keys(&mut app, &[KeyCode::Enter, C('h')]);
    let t = draw(&mut app, 80, 24);
    assert!(
        rows(&t)[0].contains("Round 1  |  990 chips"),
        "{}",
        rows(&t)[0]
    );
    let text = screen_text(&t);
    assert!(text.contains("Bust (27)"), "{text}");
    assert!(text.contains("Lost 10"), "{text}");
    assert!(!text.contains("Bust 10"), "{text}");
    let (mut app, _d) = app_with(
        Lang::Ja,
        ThemeName::Dark,
        Rules::default(),
        "TS TD 7H 3C KH",
    );
    assert!(!rows(&draw(&mut app, 80, 24))[0].contains("ラウンド"));
    keys(&mut app, &[KeyCode::Enter, C('h')]);
    let text = screen_text(&draw(&mut app, 80, 24)).replace(' ', "");
    assert!(text.contains("負け10"), "{text}");
}

#[test]
fn with_no_chips_left_insurance_is_not_priced_at_0() {
    // The whole bankroll of 10 is on the hand when the dealer shows an ace: there is nothing to
    // insure with, so only "No thanks" is offered, and the prompt says why.
    let rules = Rules {
        bankroll: 10,
        ..Rules::default()
    };
    for (lang, says) in [
        (Lang::En, "Youhavenochipsleftforinsurance."),
        (Lang::Ja, "インシュアランスに回すチップがありません。"),
    ] {
        let (mut app, _d) = app_with(lang, ThemeName::Dark, rules, "9S AD 7H KC");
        keys(&mut app, &[KeyCode::Enter]);
        let text = screen_text(&draw(&mut app, 80, 24));
        assert!(text.replace(' ', "").contains(says), "{text}");
        assert!(
            !text.contains("costs 0") && !text.replace(' ', "").contains("は0で"),
            "{text}"
        );
    }
}

#[test]
fn at_160x50_the_ev_label_sits_by_its_numbers() {
    let (mut app, _d) = app("TS TD 7H 3C KH");
    keys(&mut app, &[KeyCode::Enter, C('e')]);
    let t = draw(&mut app, 160, 50);
    let row = rows(&t)
        .into_iter()
        .find(|r| r.contains("EV % of the bet"))
        .expect("the EV row");
    let label = row.find("EV % of the bet").unwrap();
    let last = row[..label].rfind('%').expect("values before the label");
    assert!(label - last <= 5, "{row}");
}

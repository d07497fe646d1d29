//! The card tracker (issue 14 item 4): `u` shows, in place of the log, the strong cards
//! played and how many of each rank are unseen — counted from the human's own view, checked
//! here against counts made by hand from the table's hands.

use crate::common::{draw, rows};
use crate::daifugo::{HANDS, app_with, ctx, follow_game, game, scenario, set, snap_all};
use cardroom::cards::{Card, Rank};
use cardroom::i18n::Lang;
use cardroom::tui::keymap::Action;
use cardroom::tui::screen::Screen;
use cardroom::tui::screens::daifugo::DaifugoScreen;
use cardroom::tui::screens::daifugo::tracker::Tracker;

const TRACKER: Action = Action::Custom("tracker");

fn tracked(g: cardroom::daifugo::Game, lang: Lang) -> (DaifugoScreen, cardroom::tui::ctx::Ctx) {
    let mut c = ctx(lang);
    let mut s = DaifugoScreen::with_game(g, 7, &c);
    s.handle(TRACKER, &mut c);
    (s, c)
}

#[test]
fn snapshots_tracker() {
    snap_all("tracker_follow", |l| tracked(follow_game(), l));
}

#[test]
fn the_counts_are_what_the_human_can_count() {
    // CPU 3 led the T♠. The human holds 3♦ 3♥ 5♠ 6♠ 7♠ 9♣ T♦ J♥ Q♠ K♣ 2♥ JK (HANDS[0]).
    let (s, _) = tracked(follow_game(), Lang::En);
    assert!(s.tracker_shown());
    let t = Tracker::from_snapshot(s.snapshot());
    let unseen = |r: Option<Rank>| t.get(r).unwrap().unseen;
    // Tens: four in the deck, T♦ held, T♠ played → 2 unseen.
    assert_eq!(unseen(Some(Rank::Ten)), 2);
    let ten_s: Card = "TS".parse().unwrap();
    assert_eq!(t.get(Some(Rank::Ten)).unwrap().played, vec![ten_s]);
    // Threes: 3♦ 3♥ held → 2 unseen; 2s: 2♥ held → 3; jokers: one of two held → 1.
    assert_eq!(unseen(Some(Rank::Three)), 2);
    assert_eq!(unseen(Some(Rank::Two)), 3);
    assert_eq!(unseen(None), 1);
    // Aces and 8s: none held, none played → all four unseen.
    assert_eq!(unseen(Some(Rank::Ace)), 4);
    assert_eq!(unseen(Some(Rank::Eight)), 4);
    // Every card is held, played or unseen.
    let total: usize = t
        .ranks
        .iter()
        .map(|r| r.unseen + r.mine + r.played.len())
        .sum();
    assert_eq!(total, 54);
    // On screen, in place of the log; u again brings the log back.
    let (mut s, mut c) = tracked(follow_game(), Lang::En);
    let text = rows(&draw(&mut app_with(s, c.clone()), 80, 24)).join("\n");
    assert!(text.contains("Card tracker"), "{text}");
    assert!(!text.contains("┌ Log"), "{text}");
    (s, c) = tracked(follow_game(), Lang::En);
    s.handle(TRACKER, &mut c);
    assert!(!s.tracker_shown());
    let text = rows(&draw(&mut app_with(s, c.clone()), 80, 24)).join("\n");
    assert!(text.contains("┌ Log"), "{text}");
}

#[test]
fn the_tracker_does_not_know_how_the_hidden_cards_are_split() {
    // The same table with CPU 2's and CPU 3's hands (nine cards each) swapped: the human sees
    // the same counts, so the tracker must say the same.
    let a = game(&scenario(0, false), 5);
    let mut sc = scenario(0, false);
    sc.hands.swap(2, 3);
    assert_eq!(sc.hands[2], set(HANDS[3]));
    let b = game(&sc, 5);
    let (sa, _) = tracked(a, Lang::En);
    let (sb, _) = tracked(b, Lang::En);
    assert_eq!(
        Tracker::from_snapshot(sa.snapshot()),
        Tracker::from_snapshot(sb.snapshot())
    );
}

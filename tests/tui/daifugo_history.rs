//! The match history in the Daifugo log (issue 14 item 3): it keeps every round, scrolls with
//! PageUp/PageDown without being yanked back by new lines, and round ends explain fouls,
//! miyako-ochi and the exchange's cards — checked against rule-book outcomes of hand-built
//! tables (`rules/daifugo.md` §2–3).

use crate::common::{draw, rows};
use crate::daifugo::{app_with, game, round_over, screen, set, snap_all};
use cardroom::daifugo::{FinishKind, Scenario, rules::Rules};
use cardroom::i18n::Lang;
use cardroom::tui::keymap::Action;
use cardroom::tui::screen::Screen;
use cardroom::tui::screens::daifugo::history::{Entry, FoulReason};
use cardroom::tui::screens::daifugo::{DaifugoScreen, Mode};

const OLDER: Action = Action::Custom("log_older");
const NEWER: Action = Action::Custom("log_newer");

fn table(hands: [&str; 4], leader: usize, previous: Option<Vec<u8>>) -> Scenario {
    Scenario {
        hands: hands.iter().map(|h| set(h)).collect(),
        leader,
        round: if previous.is_some() { 2 } else { 1 },
        previous_places: previous,
        revolution: false,
        exchange: false,
    }
}

#[test]
fn going_out_on_a_two_is_explained_as_a_foul() {
    // The human leads its last card, the 2♠: a forbidden finish (§3, the strongest rank), so
    // it takes the lowest free place, 4th.
    let g = game(&table(["2S", "3C 4C", "5D 6D", "7H 9H"], 0, None), 2);
    let (mut s, mut c) = screen(g, Lang::En);
    s.handle(Action::Custom("play"), &mut c);
    s.settle(&c);
    assert!(matches!(s.mode(), Mode::RoundOver(_)), "{:?}", s.mode());
    let fouls: Vec<&Entry> = s
        .history()
        .entries()
        .iter()
        .filter(|e| matches!(e, Entry::Foul { .. }))
        .collect();
    assert_eq!(fouls.len(), 1, "{:?}", s.history().entries());
    let Entry::Foul {
        seat,
        reason,
        place,
        ..
    } = fouls[0]
    else {
        unreachable!()
    };
    assert_eq!((*seat, *reason, *place), (0, FoulReason::Strongest, 4));
    // After the round-over line, not before it.
    let e = s.history().entries();
    let over = e
        .iter()
        .position(|x| matches!(x, Entry::RoundOver(1)))
        .unwrap();
    let foul = e
        .iter()
        .position(|x| matches!(x, Entry::Foul { .. }))
        .unwrap();
    assert!(over < foul);
    assert_eq!(s.history().finish_kind(1, 0), Some(FinishKind::Foul));
    let mut app = app_with(s, c);
    let text = rows(&draw(&mut app, 120, 40)).join("\n");
    assert!(
        text.contains("You fouled, 4th: went out on the strongest rank"),
        "{text}"
    );
    // The round's results say why the human is 大貧民.
    assert!(
        text.contains("Daihinmin (foul: forbidden finish)"),
        "{text}"
    );
}

#[test]
fn the_reigning_daifugo_who_is_not_first_falls_and_the_log_says_why() {
    // Round 2; the human was 大富豪 (places 1, 2, 3, 4 last round). CPU 1 leads its last card
    // and goes out first, so the human falls by miyako-ochi to last place (§3).
    let g = game(&fell_table(), 3);
    assert!(Rules::default().miyako_ochi);
    let (mut s, c) = screen(g, Lang::En);
    s.settle(&c);
    let fell: Vec<&Entry> = s
        .history()
        .entries()
        .iter()
        .filter(|e| matches!(e, Entry::Fell { .. }))
        .collect();
    assert_eq!(
        fell,
        [&Entry::Fell {
            seat: 0,
            first: Some(1),
            place: 4
        }],
        "{:?}",
        s.history().entries()
    );
    // The round's results say why the human is 大貧民, and no other seat's title is marked.
    let Mode::RoundOver(r) = s.mode() else {
        panic!("the round is over: {:?}", s.mode())
    };
    let round = r.round;
    assert_eq!(
        s.history().finish_kind(round, 0),
        Some(FinishKind::MiyakoOchi)
    );
    assert_eq!(s.history().finish_kind(round, 1), None);
    assert_eq!(s.history().finish_kind(round + 1, 0), None);
    let mut app = app_with(s, c);
    let text = rows(&draw(&mut app, 120, 40)).join("\n");
    assert!(text.contains("Daihinmin (fell: miyako-ochi)"), "{text}");
    assert_eq!(text.matches("(fell: ").count(), 1, "{text}");
    // The same in Japanese: 大貧民（都落ち）.
    let (mut s, c) = screen(game(&fell_table(), 3), Lang::Ja);
    s.settle(&c);
    let mut app = app_with(s, c);
    let text = rows(&draw(&mut app, 120, 40)).join("\n");
    // A wide character's second cell draws as a space.
    assert!(text.replace(' ', "").contains("大貧民（都落ち）"), "{text}");
}

/// Round 2 of a match where the human was 大富豪 and CPU 1 goes out first on its last card.
fn fell_table() -> Scenario {
    table(
        ["3C 4D 5H", "KS", "5D 6D 7C", "7H 9H 9C"],
        1,
        Some(vec![1, 2, 3, 4]),
    )
}

/// Plays the human's turns (the highlighted play, or the first two cards given back) and the
/// CPUs' until the round ends.
pub(crate) fn play_out(s: &mut DaifugoScreen, c: &mut cardroom::tui::ctx::Ctx) {
    for _ in 0..500 {
        if !matches!(s.mode(), Mode::Table) {
            return;
        }
        if s.human_to_act() {
            if s.snapshot().give_back.is_some() {
                s.handle(Action::Custom("mark"), c);
                s.handle(Action::Right, c);
                s.handle(Action::Custom("mark"), c);
            }
            s.handle(Action::Custom("play"), c);
        }
        s.settle(c);
    }
}

#[test]
fn the_exchange_is_shown_with_its_cards_once_the_round_is_over() {
    let (mut s, mut c) = round_over(2, Lang::En);
    s.handle(Action::Custom("next"), &mut c);
    // Round 2: the human, 大富豪, received the 大貧民's best cards and gives two back.
    let mut seen = None;
    for _ in 0..500 {
        if s.snapshot().give_back.is_none() && !s.snapshot().exchange.gave.is_empty() {
            seen = Some(s.snapshot().exchange);
            break;
        }
        play_out_step(&mut s, &mut c);
    }
    let mine = seen.expect("the human gave cards back");
    let told = |s: &DaifugoScreen| -> Vec<Entry> {
        s.history()
            .entries()
            .iter()
            .filter(|e| matches!(e, Entry::Exchanged { .. }))
            .cloned()
            .collect()
    };
    assert!(told(&s).is_empty(), "no cards told while the round is on");
    play_out(&mut s, &mut c);
    assert!(matches!(s.mode(), Mode::RoundOver(_)));
    let all = told(&s);
    // What the human received and gave, exactly as its own exchange panel showed.
    assert!(all.iter().any(|e| matches!(e,
        Entry::Exchanged { to: 0, forced: true, cards, .. } if *cards == mine.received)));
    assert!(all.iter().any(|e| matches!(e,
        Entry::Exchanged { from: 0, forced: false, cards, .. } if *cards == mine.gave)));
    // Four players: two forced gifts and two give-backs (§2).
    assert_eq!(all.len(), 4, "{all:?}");
    // Under a heading that says whose exchange they were: they come after "Round 2 over" but
    // were made before that round's first play.
    let entries = s.history().entries();
    let over = entries
        .iter()
        .position(|e| matches!(e, Entry::RoundOver(2)));
    let head = entries
        .iter()
        .position(|e| matches!(e, Entry::ExchangeShown(2)));
    let first = entries
        .iter()
        .position(|e| matches!(e, Entry::Exchanged { .. }));
    assert!(over.is_some() && over < head, "{entries:?}");
    assert_eq!(first, head.map(|h| h + 1), "{entries:?}");
}

fn play_out_step(s: &mut DaifugoScreen, c: &mut cardroom::tui::ctx::Ctx) {
    if s.human_to_act() && s.snapshot().give_back.is_some() {
        s.handle(Action::Custom("mark"), c);
        s.handle(Action::Right, c);
        s.handle(Action::Custom("mark"), c);
        s.handle(Action::Custom("play"), c);
    } else {
        s.settle(c);
    }
}

#[test]
fn paging_back_holds_the_view_while_new_lines_come() {
    let (mut s, mut c) = round_over(3, Lang::En);
    s.handle(Action::Custom("next"), &mut c);
    play_out(&mut s, &mut c);
    let len = s.history().entries().len();
    assert!(len > 12, "a round and a half of lines: {len}");
    s.handle(OLDER, &mut c);
    assert!(s.history().offset() > 0);
    s.handle(NEWER, &mut c);
    assert_eq!(s.history().offset(), 0);
    s.handle(OLDER, &mut c);
    s.handle(OLDER, &mut c);
    let off = s.history().offset();
    assert!(off > 5, "{off}");
    // New lines arrive (round 3 is played): the same lines stay in view, so the offset grows
    // by exactly the lines added.
    let before = s.history().entries().len();
    s.handle(Action::Custom("next"), &mut c);
    play_out_step(&mut s, &mut c);
    if s.human_to_act() {
        s.handle(Action::Custom("play"), &mut c);
    }
    let added = s.history().entries().len() - before;
    assert!(added > 0);
    assert_eq!(s.history().offset(), off + added);
    // The mark says how many newer lines wait below.
    let n = s.history().offset();
    let mut app = app_with(s, c);
    let text = rows(&draw(&mut app, 80, 24)).join("\n");
    assert!(
        text.contains(&format!("↓ {n} newer lines (PgDn)")),
        "{text}"
    );
}

#[test]
fn snapshots_history_scrolled() {
    snap_all("history_scrolled", |l| {
        // Round 2 played out, its results closed: paging back shows how it ended.
        let (mut s, mut c) = round_over(3, l);
        s.handle(Action::Custom("next"), &mut c);
        play_out(&mut s, &mut c);
        s.handle(Action::Custom("next"), &mut c);
        s.handle(OLDER, &mut c);
        (s, c)
    });
}

#[test]
fn in_a_terminal_the_log_pages_back_and_the_tracker_opens_and_closes() {
    use crate::tmux::{Session, tmux_available};
    if !tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = crate::daifugo_e2e::write_config(dir.path());
    let s = Session::start(
        "dfhistory",
        &[
            "--config", &cfg, "--seed", "7", "--lang", "en", "play", "daifugo",
        ],
        100,
        30,
        &[],
    );
    s.wait_screen("the Daifugo table", |x| x.contains("Your hand"));
    // The tracker replaces the log, and u brings the log back.
    s.send(&["u"]);
    let t = s.wait_screen("the card tracker", |x| x.contains("Card tracker"));
    assert!(t.contains("Unseen") && !t.contains("┌ Log"), "{t}");
    s.send(&["u"]);
    s.wait_screen("the log again", |x| x.contains("┌ Log"));
    // A whole round fills the log; after the results, PageUp shows older lines and marks
    // the newer ones waiting below; PageDown goes back to the newest.
    crate::daifugo_e2e::play_round(&s);
    s.send(&["Enter"]);
    s.wait_screen("the table again", |x| !x.contains("results"));
    s.send(&["PageUp"]);
    let up = s.wait_screen("the scrolled log", |x| x.contains("newer lines (PgDn)"));
    assert!(up.contains("┌ Log"), "{up}");
    s.send(&["PageDown", "PageDown", "PageDown", "PageDown"]);
    s.wait_screen("the log at its newest", |x| !x.contains("(PgDn)"));
    s.send(&["q"]);
    s.wait_screen("the quit question", |x| x.contains("Quit"));
    s.send(&["y"]);
    assert_eq!(s.exit_status(), 0, "stderr: {}", s.stderr());
    s.assert_restored();
}

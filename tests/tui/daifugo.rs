//! The Daifugo screen on ratatui's `TestBackend`: insta snapshots at 80×24 and 120×40 in
//! English and Japanese (a lead, a follow, a revolution with a lock, the exchange, the round
//! results and the match result; under the house rules the 7-pass, the 10-discard, the
//! Q-bomber and a 9-reverse), built from the engine's scenario constructor; and the screen's
//! behaviour driven with key actions: the candidate list, marks, rank jumps, refusals
//! explained in the engine's words, the exchange, the house-rule choices, results, leaving,
//! statistics.

use crate::common::{config, draw, screen_text};
use cardroom::cards::{Card, parse_cards, rng_from_seed};
use cardroom::config::{Config, ThemeName};
use cardroom::daifugo::{Action as GameAction, CardSet, Game, MatchSettings, Play, Scenario};
use cardroom::i18n::Lang;
use cardroom::tui::Options;
use cardroom::tui::app::App;
use cardroom::tui::ctx::Ctx;
use cardroom::tui::keymap::Action;
use cardroom::tui::screen::{Screen, Transition};
use cardroom::tui::screens::daifugo::candidates::Candidate;
use cardroom::tui::screens::daifugo::{DaifugoScreen, Mode};
use cardroom::tui::screens::title::TitleScreen;
use ratatui::layout::Size;

fn set(s: &str) -> CardSet {
    CardSet::from_cards(&parse_cards(s).expect("cards"))
}

fn ctx(lang: Lang) -> Ctx {
    let mut c: Config = config(lang, ThemeName::Dark);
    c.general.cpu_delay_ms = 0;
    Ctx::new(c, &Options::default(), |_| None)
}

fn settings(players: usize, rounds: u32) -> MatchSettings {
    MatchSettings {
        rules: cardroom::daifugo::rules::Rules::default(),
        players,
        rounds,
    }
}

/// Four hands for the table states (cards in no hand are out of play).
const HANDS: [&str; 4] = [
    "3D 3H 5S 6S 7S 9C TD JH QS KC 2H JK",
    "4C 4D 8H 9D TC QH KD AS",
    "3C 5H 6D 7C 9H JS QC AD 2S",
    "4S 5C 6H 8C TS JD KH AC 2D",
];

fn scenario(leader: usize, revolution: bool) -> Scenario {
    Scenario {
        hands: HANDS.iter().map(|h| set(h)).collect(),
        leader,
        round: 1,
        previous_places: None,
        revolution,
        exchange: false,
    }
}

fn game(sc: &Scenario, rounds: u32) -> Game {
    Game::from_scenario(
        settings(sc.hands.len(), rounds),
        rng_from_seed(7),
        sc,
        &mut Vec::new(),
    )
    .expect("valid scenario")
}

fn play(g: &mut Game, seat: usize, cards: &str) {
    let p = Play::parse(cards).expect("play");
    g.apply(seat, GameAction::Play(p)).expect("legal play");
}

/// The human leads.
fn lead_game() -> Game {
    game(&scenario(0, false), 5)
}

/// CPU 3 leads T♠; the human follows.
fn follow_game() -> Game {
    let mut g = game(&scenario(3, false), 5);
    play(&mut g, 3, "TS");
    g
}

/// A revolution in force and a lock on ♠: CPU 2 leads J♠, CPU 3 answers T♠ (lower beats
/// higher in a revolution), so ♠ is locked for the human.
fn revolution_lock_game() -> Game {
    let mut g = game(&scenario(2, true), 5);
    play(&mut g, 2, "JS");
    play(&mut g, 3, "TS");
    g
}

/// Round 2: the human was 大富豪 and received the 大貧民's two strongest cards; it must give
/// two back.
fn exchange_game() -> Game {
    let sc = Scenario {
        hands: HANDS.iter().map(|h| set(h)).collect(),
        leader: 0,
        round: 2,
        previous_places: Some(vec![1, 3, 4, 2]),
        revolution: false,
        exchange: true,
    };
    game(&sc, 5)
}

/// Small hands so that a round ends in a few plays: the human leads and goes out first.
fn short_round(rounds: u32) -> Game {
    let sc = Scenario {
        hands: vec![set("KS"), set("3C 4C"), set("5D 6D"), set("7H 9H")],
        leader: 0,
        round: 1,
        previous_places: None,
        revolution: false,
        exchange: false,
    };
    game(&sc, rounds)
}

fn screen(g: Game, lang: Lang) -> (DaifugoScreen, Ctx) {
    let c = ctx(lang);
    (DaifugoScreen::with_game(g, 7, &c), c)
}

fn app_with(s: DaifugoScreen, c: Ctx) -> App {
    let mut app = App::new(c, Box::new(TitleScreen::new()));
    app.push(Box::new(s));
    app
}

fn round_over(rounds: u32, lang: Lang) -> (DaifugoScreen, Ctx) {
    let (mut s, mut c) = screen(short_round(rounds), lang);
    s.handle(Action::Custom("play"), &mut c);
    s.settle(&c);
    (s, c)
}

fn snap_all(name: &str, make: impl Fn(Lang) -> (DaifugoScreen, Ctx)) {
    for lang in [Lang::En, Lang::Ja] {
        for (w, h) in [(80u16, 24u16), (120, 40)] {
            let (s, c) = make(lang);
            let mut app = app_with(s, c);
            let t = draw(&mut app, w, h);
            let l = match lang {
                Lang::En => "en",
                Lang::Ja => "ja",
            };
            insta::assert_snapshot!(format!("{name}_{l}_{w}x{h}"), t.backend());
        }
    }
}

#[test]
fn snapshots_lead() {
    snap_all("lead", |l| screen(lead_game(), l));
}

#[test]
fn snapshots_follow() {
    snap_all("follow", |l| screen(follow_game(), l));
}

#[test]
fn snapshots_revolution_with_lock() {
    snap_all("revolution_lock", |l| screen(revolution_lock_game(), l));
}

#[test]
fn snapshots_exchange() {
    snap_all("exchange", |l| screen(exchange_game(), l));
}

#[test]
fn snapshots_round_results() {
    snap_all("round_results", |l| round_over(2, l));
}

#[test]
fn snapshots_match_results() {
    snap_all("match_results", |l| {
        let (mut s, mut c) = round_over(1, l);
        s.handle(Action::Custom("next"), &mut c);
        (s, c)
    });
}

fn plays_of(s: &DaifugoScreen) -> Vec<String> {
    s.candidates()
        .items()
        .iter()
        .map(|i| match i {
            Candidate::Play(p) => p.to_string(),
            Candidate::Pass => "pass".into(),
        })
        .collect()
}

#[test]
fn the_leader_gets_every_play_weakest_first_without_pass() {
    let (s, _c) = screen(lead_game(), Lang::En);
    let items = plays_of(&s);
    // rules/daifugo.md §1: the leader may play any form; a lead cannot be passed.
    assert!(!items.contains(&"pass".to_string()));
    assert_eq!(
        items[0], "3H",
        "the weakest single first (3♥ before 3♦ in display order)"
    );
    assert!(items.contains(&"3H 3D".to_string()));
    assert!(items.contains(&"5S 6S 7S".to_string()));
    assert_eq!(items.len(), s.game().legal_plays(0).len());
}

#[test]
fn following_lists_only_plays_that_beat_the_pile_then_pass() {
    let (s, _c) = screen(follow_game(), Lang::En);
    let items = plays_of(&s);
    // T♠ on the pile: singles above ten (J, Q, K, 2, joker) — the 2 and joker included.
    assert_eq!(items, ["JH", "QS", "KC", "2H", "JK", "pass"]);
}

#[test]
fn under_revolution_and_lock_only_lower_spades_follow() {
    let (s, c) = screen(revolution_lock_game(), Lang::En);
    let items = plays_of(&s);
    // Revolution: lower beats higher; lock on ♠: 5♠ 6♠ 7♠ beat T♠; the joker beats anything.
    assert_eq!(items, ["7S", "6S", "5S", "JK", "pass"]);
    let mut app = app_with(s, c);
    let text = screen_text(&draw(&mut app, 80, 24));
    assert!(text.contains("[REVOLUTION]"), "{text}");
    assert!(text.contains("[LOCK ♠]"), "{text}");
}

#[test]
fn marking_narrows_the_list_and_an_impossible_mark_is_explained() {
    let (mut s, mut c) = screen(follow_game(), Lang::En);
    // The hand is sorted weakest first: 3H 3D 5S 6S 7S 9C TD JH QS KC 2H JK; QS is index 8.
    for _ in 0..8 {
        s.handle(Action::Right, &mut c);
    }
    s.handle(Action::Custom("mark"), &mut c);
    assert_eq!(plays_of(&s), ["QS", "pass"]);
    s.handle(Action::Custom("clear_marks"), &mut c);
    // 3H cannot beat T♠: marking it leaves only Pass, and Enter says why in the engine's words.
    for _ in 0..8 {
        s.handle(Action::Left, &mut c);
    }
    s.handle(Action::Custom("mark"), &mut c);
    assert_eq!(plays_of(&s), ["pass"]);
    let before = s.game().clone();
    s.handle(Action::Custom("play"), &mut c);
    assert_eq!(s.game(), &before, "nothing was played or passed");
    let n = s.notice().expect("a reason");
    assert!(n.warning);
    assert!(n.text.contains("does not beat TS"), "{}", n.text);
}

#[test]
fn a_rank_key_jumps_and_enter_plays_the_highlighted() {
    let (mut s, mut c) = screen(follow_game(), Lang::En);
    s.handle(Action::Custom("rank_K"), &mut c);
    assert_eq!(
        s.candidates().current(),
        Some(Candidate::Play(Play::parse("KC").unwrap()))
    );
    s.handle(Action::Custom("play"), &mut c);
    let pile = s.snapshot().pile.expect("a pile");
    assert_eq!(pile.seat, 0);
    assert_eq!(pile.play.to_string(), "KC");
    // A rank nobody can play leaves a notice and the highlight alone.
    let (mut s, mut c) = screen(follow_game(), Lang::En);
    s.handle(Action::Custom("rank_4"), &mut c);
    assert_eq!(s.candidates().selected(), 0);
    assert!(s.notice().unwrap().text.contains("No play with a 4"));
}

#[test]
fn the_leader_cannot_pass_and_is_told_so() {
    let (mut s, mut c) = screen(lead_game(), Lang::En);
    s.handle(Action::Custom("pass"), &mut c);
    assert_eq!(s.game().current_seat(), Some(0));
    assert!(s.notice().unwrap().text.contains("the leader must play"));
}

#[test]
fn the_exchange_takes_exactly_the_owed_number_of_cards() {
    let (mut s, mut c) = screen(exchange_game(), Lang::En);
    let gb = s.snapshot().give_back.expect("the human owes a give-back");
    assert_eq!(
        (gb.count, gb.to),
        (2, 2),
        "大富豪 gives 2 back to the 大貧民 (seat 2)"
    );
    s.handle(Action::Custom("mark"), &mut c);
    s.handle(Action::Custom("play"), &mut c);
    assert!(s.snapshot().give_back.is_some(), "one card is not enough");
    assert!(s.notice().unwrap().text.contains("exactly 2"));
    let first_two: CardSet = CardSet::from_cards(&s.snapshot().hand[..2]);
    s.handle(Action::Right, &mut c);
    s.handle(Action::Custom("mark"), &mut c);
    s.handle(Action::Custom("play"), &mut c);
    assert!(s.snapshot().give_back.is_none());
    assert_eq!(s.snapshot().exchange.gave, first_two);
}

#[test]
fn a_round_ends_in_results_then_the_match_result_offers_another_match() {
    let (mut s, mut c) = round_over(1, Lang::En);
    let Mode::RoundOver(r) = s.mode().clone() else {
        panic!("round results expected, got {:?}", s.mode());
    };
    // The human went out first with its only card: place 1, 4 points in a 4-player round
    // (points = players − place + 1, rules/daifugo.md §2).
    assert_eq!(r.places[0], 1);
    assert_eq!(r.points[0], 4);
    let mut sorted = r.places.clone();
    sorted.sort();
    assert_eq!(sorted, [1, 2, 3, 4]);
    s.handle(Action::Custom("next"), &mut c);
    assert!(matches!(s.mode(), Mode::MatchOver(_)));
    assert!(!s.in_progress());
    s.handle(Action::Custom("again"), &mut c);
    assert_eq!(s.mode(), &Mode::Table);
    assert!(s.in_progress());
    assert_eq!(s.game().round(), 1);
}

#[test]
fn esc_asks_before_leaving_a_game() {
    let (mut s, mut c) = screen(lead_game(), Lang::En);
    assert!(matches!(
        s.handle(Action::Custom("leave"), &mut c),
        Transition::Stay
    ));
    assert!(s.keymap().iter().any(|b| b.action == Action::Yes));
    assert!(matches!(s.handle(Action::No, &mut c), Transition::Stay));
    s.handle(Action::Custom("leave"), &mut c);
    assert!(matches!(s.handle(Action::Yes, &mut c), Transition::Pop));
}

#[test]
fn statistics_are_written_at_the_end_of_each_round_and_match() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    let (mut s, mut c) = screen(short_round(1), Lang::En);
    let store = cardroom::stats::StatsStore::at(&path);
    s.set_stats(Some(store.clone()));
    s.handle(Action::Custom("play"), &mut c);
    s.settle(&c);
    // The round that ends the match is saved with its match in one write, so no kill can
    // leave `rounds` ahead of `matches` (with one round per match they must be equal).
    assert_eq!(
        store.writes(),
        1,
        "one atomic save for the round and its match"
    );
    let loaded = store.load().unwrap();
    let d = loaded.stats.daifugo;
    assert_eq!((d.rounds, d.matches, d.matches_won), (1, 1, 1));
    assert_eq!(d.places[0], 1);
    assert_eq!(d.points, 4);
}

#[test]
fn a_corrupt_statistics_file_is_set_aside_and_said() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    std::fs::write(&path, "not json").unwrap();
    let (mut s, mut c) = screen(short_round(2), Lang::En);
    s.set_stats(Some(cardroom::stats::StatsStore::at(&path)));
    s.handle(Action::Custom("play"), &mut c);
    s.settle(&c);
    let n = s.notice().expect("a notice");
    assert!(n.text.contains("set aside"), "{}", n.text);
    let mut app = app_with(s, c);
    assert!(screen_text(&draw(&mut app, 80, 24)).contains("set aside"));
}

#[test]
fn cpu_turns_come_one_per_deadline() {
    let c = ctx(Lang::En);
    let mut s = DaifugoScreen::with_game(follow_game(), 7, &c);
    let mut c2 = c.clone();
    // The human passes: CPU 1 is next, and its turn waits for the deadline.
    s.handle(Action::Custom("pass"), &mut c2);
    assert_eq!(s.game().current_seat(), Some(1));
    let due = s.next_deadline().expect("a CPU step is scheduled");
    // Wait for the worker, then step: exactly one CPU action per deadline.
    let log_len = s.game().log().len();
    let mut steps = 0;
    while s.game().log().len() == log_len && steps < 2000 {
        std::thread::sleep(std::time::Duration::from_millis(2));
        s.on_deadline(due, &mut c2);
        steps += 1;
    }
    assert_eq!(s.game().log().len(), log_len + 1, "one CPU action");
    assert_eq!(s.game().current_seat(), Some(2));
}

#[test]
fn every_size_from_0x0_to_120x50_draws_without_panicking() {
    let states: Vec<(&str, Game)> = vec![
        ("lead", lead_game()),
        ("revolution", revolution_lock_game()),
        ("exchange", exchange_game()),
    ];
    for lang in [Lang::En, Lang::Ja] {
        for (name, g) in &states {
            let (s, c) = screen(g.clone(), lang);
            let mut app = app_with(s, c);
            let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(0, 0)).unwrap();
            for w in (0..=120u16).step_by(3) {
                for h in 0..=50u16 {
                    t.backend_mut().resize(w, h);
                    app.set_size(Size::new(w, h));
                    t.draw(|f| app.render(f))
                        .unwrap_or_else(|e| panic!("{name} {w}x{h}: {e}"));
                }
            }
        }
    }
}

#[test]
fn two_and_eight_players_fit_at_80x24() {
    for players in [2usize, 8] {
        let c = {
            let mut c = ctx(Lang::Ja);
            c.config.daifugo_table.cpus = (players - 1) as u8;
            c
        };
        let (g, _) = Game::new(settings(players, 5), rng_from_seed(3)).unwrap();
        let s = DaifugoScreen::with_game(g, 3, &c);
        let hand: Vec<Card> = s.snapshot().hand.clone();
        let mut app = app_with(s, c);
        let text = screen_text(&draw(&mut app, 80, 24));
        assert!(text.contains(&format!("CPU {}", players - 1)), "{text}");
        // Every card of the hand is drawn.
        for card in hand {
            let label = card.label(true);
            assert!(text.contains(&label), "{label} missing:\n{text}");
        }
    }
}

/// A CPU that passes only once the test lets it: it stands for a `hard` CPU thinking long.
struct GatedCpu(std::sync::Mutex<std::sync::mpsc::Receiver<()>>);

impl cardroom::daifugo::CpuPlayer for GatedCpu {
    fn choose(
        &mut self,
        _view: &cardroom::daifugo::SeatView<'_>,
        _rng: &mut cardroom::cards::GameRng,
    ) -> GameAction {
        let _ = self.0.lock().unwrap().recv();
        GameAction::Pass
    }
}

#[test]
fn a_slow_cpu_shows_it_is_thinking_and_the_screen_keeps_answering() {
    let c = ctx(Lang::En);
    let mut c2 = c.clone();
    let mut s = DaifugoScreen::with_game(follow_game(), 7, &c);
    let (tx, rx) = std::sync::mpsc::channel();
    s.set_cpu(1, Box::new(GatedCpu(std::sync::Mutex::new(rx))));
    s.handle(Action::Custom("pass"), &mut c2);
    let due = s.next_deadline().expect("CPU 1 is due");
    // The deadline comes while CPU 1 still thinks: nothing is played, the screen says so and
    // asks to be woken again soon.
    s.on_deadline(due, &mut c2);
    assert_eq!(s.thinking_seat(), Some(1));
    assert_eq!(s.game().current_seat(), Some(1));
    assert!(s.next_deadline().is_some());
    let (msg, _) = cardroom::tui::screens::daifugo::draw::message(&s, &c);
    assert_eq!(msg, "CPU 1 is thinking...");
    // Released, its pass is applied on a following deadline.
    tx.send(()).unwrap();
    for _ in 0..5000 {
        if s.game().current_seat() != Some(1) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        s.on_deadline(due, &mut c2);
    }
    assert_eq!(s.game().current_seat(), Some(2));
    assert_eq!(s.thinking_seat(), None);
}

#[test]
fn a_fifo_or_read_only_statistics_file_is_said_and_play_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.json");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let ro = dir.path().join("ro.json");
    std::fs::write(&ro, "{\"version\": 1}").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    for (path, says) in [(fifo, "is a FIFO"), (ro, "is read-only")] {
        // Opening the FIFO would block the UI at the round's end; it is refused instead.
        let (mut s, mut c) = screen(short_round(2), Lang::En);
        s.set_stats(Some(cardroom::stats::StatsStore::at(&path)));
        s.handle(Action::Custom("play"), &mut c);
        s.settle(&c);
        let n = s.notice().expect("a notice");
        assert!(n.text.contains(says), "{}", n.text);
        assert!(n.text.contains("Could not save statistics"), "{}", n.text);
    }
}

// ----- the house rules (rules/daifugo.md §3b) ------------------------------------------------

/// The `party` preset at the table of [`HANDS`], the human to lead.
fn party_game() -> Game {
    let sc = scenario(0, false);
    Game::from_scenario(
        MatchSettings {
            rules: cardroom::daifugo::rules::Rules::preset(cardroom::daifugo::rules::Preset::Party),
            players: 4,
            rounds: 5,
        },
        rng_from_seed(7),
        &sc,
        &mut Vec::new(),
    )
    .expect("valid scenario")
}

/// The human led a 7 and owes a 7-pass to CPU 1.
fn seven_pass_game() -> Game {
    let mut g = party_game();
    play(&mut g, 0, "7S");
    g
}

/// The human led a 10 and owes a 10-discard.
fn ten_discard_game() -> Game {
    let mut g = party_game();
    play(&mut g, 0, "TD");
    g
}

/// The human led a queen and names a rank for the Q-bomber.
fn q_bomber_game() -> Game {
    let mut g = party_game();
    play(&mut g, 0, "QS");
    g
}

/// The human led a 9: play now goes counter-clockwise, CPU 3 is to act.
fn reversed_game() -> Game {
    let mut g = party_game();
    play(&mut g, 0, "9C");
    g
}

#[test]
fn snapshots_seven_pass() {
    snap_all("seven_pass", |l| screen(seven_pass_game(), l));
}

#[test]
fn snapshots_ten_discard() {
    snap_all("ten_discard", |l| screen(ten_discard_game(), l));
}

#[test]
fn snapshots_q_bomber() {
    snap_all("q_bomber", |l| {
        let (mut s, mut c) = screen(q_bomber_game(), l);
        s.handle(Action::Down, &mut c);
        s.handle(Action::Custom("mark"), &mut c);
        (s, c)
    });
}

#[test]
fn snapshots_nine_reverse() {
    snap_all("nine_reverse", |l| screen(reversed_game(), l));
}

#[test]
fn the_seven_pass_gives_the_marked_cards_to_the_player_named() {
    let (mut s, mut c) = screen(seven_pass_game(), Lang::En);
    let t = draw(
        &mut app_with(screen(seven_pass_game(), Lang::En).0, ctx(Lang::En)),
        100,
        30,
    );
    let text = screen_text(&t);
    assert!(
        text.contains("give up to 1 card to") && text.contains("│CPU 1."),
        "{text}"
    );
    // Two cards are one too many: refused in the engine's words, nothing lost.
    s.handle(Action::Custom("mark"), &mut c);
    s.handle(Action::Right, &mut c);
    s.handle(Action::Custom("mark"), &mut c);
    s.handle(Action::Custom("play"), &mut c);
    assert!(s.snapshot().choice.is_some(), "still owed");
    assert!(s.notice().is_some_and(|n| n.warning), "the refusal is said");
    // One card goes to CPU 1.
    s.handle(Action::Custom("clear_marks"), &mut c);
    s.handle(Action::Custom("mark"), &mut c);
    let first = s.snapshot().hand[1];
    s.handle(Action::Custom("play"), &mut c);
    assert!(s.snapshot().choice.is_none());
    assert!(s.game().hand(1).contains(first));
    assert!(!s.game().hand(0).contains(first));
}

#[test]
fn the_q_bomber_names_ranks_from_the_list_or_by_their_keys() {
    let (mut s, mut c) = screen(q_bomber_game(), Lang::En);
    // The 9 by its key: every 9 leaves play (the human's 9C, CPU 1's 9D, CPU 2's 9H).
    s.handle(Action::Custom("rank_9"), &mut c);
    s.handle(Action::Custom("play"), &mut c);
    assert!(s.snapshot().choice.is_none());
    for seat in 0..4 {
        assert!(
            s.game()
                .hand(seat)
                .iter()
                .all(|c| c.rank() != Some(cardroom::cards::Rank::Nine)),
            "seat {seat} still holds a 9"
        );
    }
    assert_eq!(s.game().discarded(), set("9C 9D 9H"));
}

#[test]
fn the_ten_discard_takes_only_what_may_go_and_can_keep_everything() {
    let (mut s, mut c) = screen(ten_discard_game(), Lang::En);
    let before = s.game().hand(0);
    // Nothing marked: nothing thrown away ("up to" in party).
    s.handle(Action::Custom("play"), &mut c);
    assert!(s.snapshot().choice.is_none());
    assert_eq!(s.game().hand(0), before);
    assert!(s.game().discarded().is_empty());
}

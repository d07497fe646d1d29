//! The replay viewer (issue 14 item 6): snapshots of a Daifugo and a Blackjack replay at 80×24
//! and 120×40 in English and Japanese; stepping forward then back (one event, a round, to the
//! ends) gives back the identical screen; `cardroom replay` refuses a foreign or damaged file
//! with a message naming the line and status 2 before touching the terminal; and in tmux the
//! viewer opens, plays with Space, and leaves the terminal as it found it.

use std::process::{Command, Stdio};

use crate::common::{config, draw, press};
use crate::tmux::{BIN, Session, tmux_available};
use cardroom::blackjack::record as bj_record;
use cardroom::blackjack::rules::Rules as BjRules;
use cardroom::blackjack::{Phase, Table};
use cardroom::cards::rng_from_seed;
use cardroom::config::ThemeName;
use cardroom::daifugo::record::{RecordWriter, SeatInfo};
use cardroom::daifugo::rules::{Preset, Rules};
use cardroom::daifugo::sim::play_cpu_match;
use cardroom::daifugo::{CpuPlayer, EasyCpu, MatchSettings};
use cardroom::i18n::Lang;
use cardroom::replay::daifugo::{LogLine, Table as DfTable};
use cardroom::replay::{self, Problem};
use cardroom::tui::app::App;
use cardroom::tui::ctx::Ctx;
use cardroom::tui::screens::replay::ReplayScreen;
use cardroom::tui::screens::title::TitleScreen;
use rand::RngExt;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Size;

/// A four-player, two-round Daifugo match between easy CPUs, seat 0 named as the human.
fn daifugo_record(seed: u64) -> String {
    record_with(Rules::default(), seed)
}

/// A four-player, two-round match under `preset = "party"` (the house rules of §3b).
fn party_record(seed: u64) -> String {
    record_with(Rules::preset(Preset::Party), seed)
}

/// The first frame of a Daifugo replay whose table satisfies `pred`.
fn first_frame(text: &str, pred: impl Fn(&DfTable) -> bool) -> usize {
    let replay::Replay::Daifugo(d) = replay::load(text).unwrap() else {
        panic!("a Daifugo replay");
    };
    (0..d.len())
        .find(|&i| pred(&d.frame(i).unwrap().table))
        .expect("such a frame")
}

/// A four-player, two-round match under `rules` between easy CPUs, seat 0 named as the human.
fn record_with(rules: Rules, seed: u64) -> String {
    let settings = MatchSettings {
        rules,
        players: 4,
        rounds: 2,
    };
    let seats: Vec<SeatInfo> = (0..4)
        .map(|i| SeatInfo {
            name: if i == 0 {
                "You".into()
            } else {
                format!("CPU {i}")
            },
            level: if i == 0 {
                "human".into()
            } else {
                "easy".into()
            },
            entry: None,
        })
        .collect();
    let mut w = RecordWriter::new(Vec::new(), seed, &settings, &seats).unwrap();
    let mut owned = [EasyCpu; 4];
    let mut cpus: Vec<&mut dyn CpuPlayer> =
        owned.iter_mut().map(|c| c as &mut dyn CpuPlayer).collect();
    play_cpu_match(
        settings,
        rng_from_seed(seed),
        &mut cpus,
        &mut rng_from_seed(seed ^ 1),
        &mut w,
    )
    .unwrap();
    String::from_utf8(w.finish().unwrap()).unwrap()
}

/// A Blackjack session of `rounds` rounds by a seeded random player.
fn blackjack_record(seed: u64, rounds: usize) -> String {
    let rules = BjRules::default();
    let mut t = Table::new(rules, seed);
    let mut rng = rng_from_seed(seed ^ 0xabc);
    let mut lines = vec![
        bj_record::header(seed, &rules),
        bj_record::opening_shuffle(&t),
    ];
    for _ in 0..rounds {
        loop {
            let legal = t.legal_actions();
            let a = legal[rng.random_range(0..legal.len())];
            lines.extend(bj_record::events(&t.apply(a).unwrap()));
            if t.phase() == Phase::Settled {
                break;
            }
        }
    }
    lines.join("\n") + "\n"
}

/// A Daifugo and a Blackjack replay, for the sweep of every screen at every size.
pub fn sample_replays() -> Vec<(&'static str, replay::Replay)> {
    vec![
        ("daifugo replay", replay::load(&daifugo_record(21)).unwrap()),
        ("party replay", replay::load(&party_record(3)).unwrap()),
        (
            "blackjack replay",
            replay::load(&blackjack_record(5, 6)).unwrap(),
        ),
    ]
}

/// An app showing the replay of `text` over the menu.
fn replay_app(text: &str, lang: Lang) -> App {
    let ctx = Ctx::new(
        config(lang, ThemeName::Dark),
        &cardroom::tui::Options::default(),
        |_| None,
    );
    let r = replay::load(text).expect("a good record");
    let screen = ReplayScreen::new(r, &ctx);
    let mut app = App::new(ctx, Box::new(TitleScreen::new()));
    app.push(Box::new(screen));
    app.set_size(Size::new(80, 24));
    app
}

fn screen(app: &mut App, w: u16, h: u16) -> ratatui::buffer::Buffer {
    draw(app, w, h).backend().buffer().clone()
}

#[test]
fn stepping_forward_then_back_gives_back_the_same_screens() {
    // The party record steps through 7-passes, 10-discards, Q-bombs and 9-reverses too: past
    // the first frame that shows all of them.
    let (party, house) = party_frame();
    let steps = 120.max(house + 10);
    for text in [daifugo_record(21), party, blackjack_record(5, 12)] {
        let mut app = replay_app(&text, Lang::En);
        let total = replay::load(&text).unwrap().len();
        let mut screens = vec![screen(&mut app, 80, 24)];
        for _ in 1..total.min(steps) {
            press(&mut app, KeyCode::Right);
            screens.push(screen(&mut app, 80, 24));
        }
        // Every step showed something new (the top bar counts the event).
        for w in screens.windows(2) {
            assert_ne!(w[0], w[1]);
        }
        for i in (0..screens.len() - 1).rev() {
            press(&mut app, KeyCode::Left);
            assert_eq!(
                screen(&mut app, 80, 24),
                screens[i],
                "back to event {}",
                i + 1
            );
        }
        // A round forward and back lands on the round's first event again.
        press(&mut app, KeyCode::PageDown);
        let round2 = screen(&mut app, 80, 24);
        press(&mut app, KeyCode::Right);
        press(&mut app, KeyCode::Right);
        press(&mut app, KeyCode::PageUp);
        assert_eq!(screen(&mut app, 80, 24), round2);
        // End, then back to the start.
        press(&mut app, KeyCode::End);
        let end = screen(&mut app, 120, 40);
        press(&mut app, KeyCode::Home);
        assert_eq!(screen(&mut app, 80, 24), screens[0]);
        press(&mut app, KeyCode::Char('G'));
        assert_eq!(screen(&mut app, 120, 40), end);
    }
}

#[test]
fn every_hand_is_face_up_and_cards_add_up() {
    let text = daifugo_record(21);
    let r = replay::load(&text).unwrap();
    let replay::Replay::Daifugo(d) = r else {
        panic!("a Daifugo replay");
    };
    // At every event the hands, the pile's plays and the cards that left play account for the
    // whole deck of 54 within a round: nothing appears or vanishes between steps.
    for i in 0..d.len() {
        let held: usize = d
            .frame(i)
            .unwrap()
            .table
            .hands
            .iter()
            .map(|h| h.len())
            .sum();
        assert!(held <= 54);
    }
    let mut app = replay_app(&text, Lang::En);
    let first = crate::common::screen_text(&draw(&mut app, 120, 40));
    // The deal shows all four hands: 54 cards, 14 + 14 + 13 + 13.
    assert!(first.contains("You") && first.contains("CPU 3"), "{first}");
}

#[test]
fn snapshot_daifugo_en_80x24() {
    let mut app = replay_app(&daifugo_record(21), Lang::En);
    for _ in 0..30 {
        press(&mut app, KeyCode::Right);
    }
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn snapshot_daifugo_ja_120x40() {
    let mut app = replay_app(&daifugo_record(21), Lang::Ja);
    press(&mut app, KeyCode::PageDown);
    for _ in 0..6 {
        press(&mut app, KeyCode::Right);
    }
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

#[test]
fn snapshot_daifugo_ja_80x24() {
    let mut app = replay_app(&daifugo_record(21), Lang::Ja);
    press(&mut app, KeyCode::PageDown);
    press(&mut app, KeyCode::Left);
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn snapshot_blackjack_en_120x40() {
    let mut app = replay_app(&blackjack_record(5, 12), Lang::En);
    for _ in 0..3 {
        press(&mut app, KeyCode::PageDown);
    }
    press(&mut app, KeyCode::Right);
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

#[test]
fn snapshot_daifugo_en_120x40() {
    let mut app = replay_app(&daifugo_record(21), Lang::En);
    press(&mut app, KeyCode::PageDown);
    press(&mut app, KeyCode::Left);
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

#[test]
fn snapshot_blackjack_en_80x24() {
    let mut app = replay_app(&blackjack_record(5, 12), Lang::En);
    press(&mut app, KeyCode::PageDown);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn snapshot_blackjack_ja_120x40() {
    let mut app = replay_app(&blackjack_record(5, 12), Lang::Ja);
    for _ in 0..5 {
        press(&mut app, KeyCode::PageDown);
    }
    press(&mut app, KeyCode::Right);
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

#[test]
fn snapshot_blackjack_ja_80x24() {
    let mut app = replay_app(&blackjack_record(5, 12), Lang::Ja);
    for _ in 0..3 {
        press(&mut app, KeyCode::PageDown);
    }
    press(&mut app, KeyCode::End);
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn a_foreign_or_damaged_file_is_refused_by_line_before_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let out = Command::new(BIN)
            .args(["--lang", "en", "replay"])
            .arg(&path)
            .env("XDG_CONFIG_HOME", dir.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.stdout,
        )
    };
    let (code, err, out) = run("config.toml", "[general]\ntheme = \"dark\"\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("line 1: not a cardroom game record"), "{err}");
    assert!(out.is_empty(), "nothing was drawn");

    // A Daifugo record with one play changed: the line is named.
    let good = daifugo_record(21);
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    let i = lines
        .iter()
        .position(|l| l.contains("\"type\":\"pass\""))
        .unwrap();
    lines[i] = lines[i].replace("\"type\":\"pass\"", "\"type\":\"dance\"");
    let (code, err, out) = run("damaged.jsonl", &lines.join("\n"));
    assert_eq!(code, Some(2));
    assert!(err.contains(&format!("line {}", i + 1)), "{err}");
    assert!(out.is_empty());

    // A Blackjack record cut inside a round's settlement.
    let bj = blackjack_record(5, 3);
    let cut: Vec<&str> = bj.lines().collect();
    let k = cut.iter().position(|l| l.contains("\"settle\"")).unwrap();
    let e = replay::load(&cut[..k].join("\n")).unwrap_err();
    assert_eq!(e.problem, Problem::Truncated);
    let (code, err, _) = run("cut.jsonl", &cut[..k].join("\n"));
    assert_eq!(code, Some(2));
    assert!(err.contains("stops in the middle of a move"), "{err}");

    let out = Command::new(BIN)
        .args(["--lang", "en", "replay"])
        .arg(dir.path().join("no-such.jsonl"))
        .env("XDG_CONFIG_HOME", dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot read") && err.contains("no-such.jsonl"),
        "{err}"
    );
}

#[test]
fn replay_in_a_terminal_plays_and_restores_it() {
    if !tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.jsonl");
    std::fs::write(&path, daifugo_record(21)).unwrap();
    let p = path.to_str().unwrap();
    let s = Session::start("replay", &["--lang", "en", "replay", p], 100, 30, &[]);
    s.wait_screen("the first event", |x| {
        x.contains("1 / ") && x.contains("Round 1 is dealt")
    });
    s.send(&["Right"]);
    s.wait_screen("the second event", |x| x.contains("2 / "));
    s.send(&["Space"]);
    s.wait_screen("playing on", |x| x.contains("playing"));
    s.wait_screen("a few events on", |x| {
        x.contains(" 5 / ") || x.contains(" 6 / ")
    });
    s.send(&["Space"]);
    s.send(&["Escape"]);
    s.wait_menu();
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0, "stderr: {}", s.stderr());
    s.assert_restored();
}

/// A party-rules frame with a 7-pass in the log (its cards face up), the 10-discard and
/// Q-bomber losses on the discards row, and play reversed by a 9.
fn party_frame() -> (String, usize) {
    let text = party_record(3);
    let i = first_frame(&text, |t| {
        !t.clockwise
            && !t.discarded.is_empty()
            && t.log.iter().any(|l| matches!(l, LogLine::Give { .. }))
    });
    (text, i)
}

#[test]
fn house_rules_show_face_up_with_the_direction() {
    let (text, i) = party_frame();
    let mut app = replay_app(&text, Lang::En);
    for _ in 0..i {
        press(&mut app, KeyCode::Right);
    }
    let shown = crate::common::screen_text(&draw(&mut app, 120, 40));
    assert!(shown.contains("[9-reverse ↺]"), "{shown}");
    assert!(shown.contains("Discarded:"), "{shown}");
    assert!(shown.contains("(7-pass):"), "{shown}");
}

#[test]
fn snapshot_house_rules_en_80x24() {
    let (text, i) = party_frame();
    let mut app = replay_app(&text, Lang::En);
    for _ in 0..i {
        press(&mut app, KeyCode::Right);
    }
    insta::assert_snapshot!(draw(&mut app, 80, 24).backend());
}

#[test]
fn snapshot_house_rules_ja_120x40() {
    let (text, i) = party_frame();
    let mut app = replay_app(&text, Lang::Ja);
    for _ in 0..i {
        press(&mut app, KeyCode::Right);
    }
    insta::assert_snapshot!(draw(&mut app, 120, 40).backend());
}

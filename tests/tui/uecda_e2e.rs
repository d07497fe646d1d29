//! End-to-end: a person plays at a UECda table. tmux runs `cardroom uecda serve --human` on a
//! free port; four `cardroom uecda connect` processes join as the external programs; the test
//! answers the person's turns with Enter (or `p` when only a pass is possible) until the run
//! ends, then checks the results table, the clients' summaries, the record and the terminal.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cardroom::daifugo::record::check_record;

use crate::tmux::{BIN, PATIENCE, Session, tmux_available};

#[test]
fn a_person_plays_a_uecda_run_against_four_programs() {
    if !tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = dir.path().join("cardroom.toml");
    std::fs::write(&cfg, "[general]\ncpu_delay_ms = 0\n").expect("config");
    let cfg = cfg.display().to_string();
    let record = dir.path().join("run.jsonl").display().to_string();
    let s = Session::start(
        "uecda",
        &[
            "--config",
            &cfg,
            "--seed",
            "3",
            "--lang",
            "en",
            "--record",
            &record,
            "uecda",
            "serve",
            "--port",
            "0",
            "--games",
            "2",
            "--class-reset",
            "1",
            "--human",
        ],
        100,
        30,
        &[],
    );
    // The port, from the listening line on stderr.
    let start = Instant::now();
    let port = loop {
        let err = s.stderr();
        if let Some(rest) = err.split("on 127.0.0.1:").nth(1) {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(p) = digits.parse::<u16>() {
                break p;
            }
        }
        assert!(start.elapsed() < PATIENCE, "no listening line: {err}");
        std::thread::sleep(Duration::from_millis(30));
    };
    let clients: Vec<_> = (0..4)
        .map(|i| {
            let c = Command::new(BIN)
                .args(["--config", &cfg, "--lang", "en", "uecda", "connect"])
                .arg(format!("127.0.0.1:{port}"))
                .args(["--level", "easy", "--name", &format!("prog{i}")])
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("start a client");
            std::thread::sleep(Duration::from_millis(50));
            c
        })
        .collect();
    let table = s.wait_screen("the table", |x| x.contains("Your hand"));
    for i in 0..4 {
        assert!(
            table.contains(&format!("prog{i}")),
            "profile names:\n{table}"
        );
    }
    assert!(table.contains("game 1/2"), "the status line:\n{table}");
    let start = Instant::now();
    while !s.path("rc").exists() {
        assert!(
            start.elapsed() < PATIENCE * 4,
            "the run did not end; screen:\n{}",
            s.screen()
        );
        let screen = s.screen();
        let key = if screen.contains("Press p to pass") {
            "p"
        } else {
            "Enter"
        };
        s.send(&[key]);
        std::thread::sleep(Duration::from_millis(40));
    }
    assert_eq!(s.exit_status(), 0, "stderr: {}", s.stderr());
    s.assert_restored();
    let after = s.screen();
    assert!(
        after.contains("UECda table: 2 of 2 games"),
        "results:\n{after}"
    );
    assert!(after.contains("human"), "results:\n{after}");
    for c in clients {
        let out = c.wait_with_output().expect("client");
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("2 games"), "client summary: {text}");
    }
    let text = std::fs::read_to_string(&record).expect("record");
    let summary = check_record(&text).expect("the record replays");
    assert_eq!(
        summary
            .results
            .iter()
            .map(|r| r.rounds.len())
            .sum::<usize>(),
        2
    );
}

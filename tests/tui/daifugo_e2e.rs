//! End-to-end: the real binary plays a whole Daifugo round in a terminal. tmux runs
//! `cardroom play daifugo` with a seed and `cpu_delay_ms = 0` in a detached session; the test
//! answers every turn of the human with Enter (or `p` when only a pass is possible), reaches
//! the round results, quits, and checks that the terminal came back exactly as it was. A second
//! run writes the game record with `--record`.

use std::time::{Duration, Instant};

use crate::tmux::{PATIENCE, Session, tmux_available};

/// A config with no CPU delay and the statistics file inside the test's folder.
fn write_config(dir: &std::path::Path) -> String {
    let stats = dir.join("stats.json");
    let cfg = dir.join("cardroom.toml");
    std::fs::write(
        &cfg,
        format!(
            "[general]\ncpu_delay_ms = 0\nstats_file = {:?}\n",
            stats.display().to_string()
        ),
    )
    .expect("write config");
    cfg.display().to_string()
}

/// Plays the human's turns with Enter, or `p` when the screen says only a pass is possible,
/// until the round results show; returns that screen.
fn play_round(s: &Session) -> String {
    let start = Instant::now();
    let mut keys = 0;
    loop {
        let screen = s.screen();
        if screen.contains("Round 1 of 5: results") {
            // tmux may capture the pane while the results window is half drawn: wait for its
            // last row (the daihinmin) before reading it.
            return s.wait_screen("the whole results window", |x| x.contains("Daihinmin"));
        }
        assert!(
            start.elapsed() < PATIENCE * 4,
            "no round result after {keys} keys; screen:\n{screen}\nstderr: {}",
            s.stderr()
        );
        if screen.contains("▶ Your turn") {
            let key = if screen.contains("Press p to pass") {
                "p"
            } else {
                "Enter"
            };
            s.send(&[key]);
            keys += 1;
            // Let the screen move on before looking again.
            let before = screen;
            let t = Instant::now();
            while s.screen() == before && t.elapsed() < Duration::from_secs(5) {
                std::thread::sleep(Duration::from_millis(20));
            }
        } else {
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}

#[test]
fn a_whole_round_with_enter_and_p_reaches_the_results_and_quits_cleanly() {
    if !tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = write_config(dir.path());
    let record = dir.path().join("game.jsonl").display().to_string();
    let s = Session::start(
        "dfround",
        &[
            "--config", &cfg, "--seed", "7", "--lang", "en", "--record", &record, "play", "daifugo",
        ],
        100,
        30,
        &[],
    );
    s.wait_screen("the Daifugo table", |x| x.contains("Your hand"));
    let results = play_round(&s);
    assert!(
        results.contains("Place") && results.contains("Daihinmin"),
        "{results}"
    );
    assert!(results.contains("You"), "{results}");
    // The match is still in progress: q asks first; y quits.
    s.send(&["q"]);
    s.wait_screen("the quit question", |x| x.contains("Quit"));
    s.send(&["y"]);
    assert_eq!(s.exit_status(), 0, "stderr: {}", s.stderr());
    s.assert_restored();
    // The record: a header, the deal, plays, and the round's end.
    let text = std::fs::read_to_string(&record).expect("record written");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains(r#""type":"header""#) && lines[0].contains(r#""seed":7"#));
    assert!(lines[1].contains(r#""type":"deal""#));
    let has = |a: &str, b: &str| lines.iter().any(|l| l.contains(a) && l.contains(b));
    assert!(has(r#""type":"play""#, r#""seat":0"#), "the human played");
    assert!(has(r#""type":"round_end""#, r#""round":1"#));
    // Statistics went to the configured file, not the real home.
    let stats = std::fs::read_to_string(dir.path().join("stats.json")).expect("stats written");
    assert!(stats.contains("\"rounds\": 1"), "{stats}");
}

//! End to end: the real binary in a tmux pane (`cardroom play blackjack --seed 5 --record
//! FILE`): bet, play the hand by standing, see its result, quit with `q`, and find the terminal
//! restored (main screen, cursor visible, no mouse reporting, the same `stty -g`) and the
//! record written. Statistics go to the test's temp folder. Without tmux the test passes with a
//! message (CI installs tmux).

use crate::tmux::{Session, tmux_available};

#[test]
fn bet_play_see_the_result_and_quit_with_the_terminal_restored() {
    if !tmux_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let cfg = d.join("config.toml");
    std::fs::write(
        &cfg,
        format!(
            "[general]\nlanguage = \"en\"\ncpu_delay_ms = 50\nstats_file = \"{}\"\n",
            d.join("stats.json").display()
        ),
    )
    .unwrap();
    let cfg = cfg.display().to_string();
    let record = d.join("rec.jsonl").display().to_string();
    let s = Session::start(
        "bj",
        &[
            "play",
            "blackjack",
            "--seed",
            "5",
            "--config",
            &cfg,
            "--record",
            &record,
        ],
        80,
        24,
        &[],
    );
    s.wait_screen("the betting step", |x| x.contains("Place your bet"));
    s.send(&["Enter"]);
    // The seeded deal either needs a decision (stand) or settles at once (a natural).
    let x = s.wait_screen("a dealt hand", |x| {
        x.contains("Stand (s)") || x.contains("This round:") || x.contains("No thanks")
    });
    if x.contains("No thanks") {
        s.send(&["n"]);
    }
    if !x.contains("This round:") {
        s.wait_screen("the action bar", |x| {
            x.contains("Stand (s)") || x.contains("This round:")
        });
        s.send(&["s"]);
    }
    let x = s.wait_screen("the result", |x| x.contains("This round:"));
    assert!(
        ["Won ", "Lost ", "Push", "Blackjack ", "Bust "]
            .iter()
            .any(|w| x.contains(w)),
        "a hand result is shown:\n{x}"
    );
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0, "stderr: {}", s.stderr());
    s.assert_restored();
    let rec = std::fs::read_to_string(&record).expect("record written");
    let first = rec.lines().next().unwrap_or_default();
    assert!(first.contains("\"type\":\"header\"") && first.contains("\"seed\":5"));
    assert!(rec.contains("\"type\":\"bet\"") && rec.contains("\"type\":\"settle\""));
    let stats = std::fs::read_to_string(d.join("stats.json")).expect("stats written");
    assert!(stats.contains("\"rounds\": 1"), "{stats}");
}

//! End to end: the real binary in a tmux pane (`cardroom play blackjack --seed 5 --record
//! FILE`): bet, play the hand by standing, see its result, quit with `q`, and find the terminal
//! restored (main screen, cursor visible, no mouse reporting, the same `stty -g`) and the
//! record written. Statistics go to the test's temp folder. Without tmux the test passes with a
//! message (CI installs tmux).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_cardroom");
const PATIENCE: Duration = Duration::from_secs(60);

fn tmux(socket: &str, args: &[&str]) -> String {
    let out = Command::new("tmux")
        .args(["-L", socket])
        .args(args)
        .output()
        .expect("run tmux");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn wait(what: &str, mut f: impl FnMut() -> Option<String>) -> String {
    let start = Instant::now();
    loop {
        if let Some(s) = f() {
            return s;
        }
        assert!(start.elapsed() < PATIENCE, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn bet_play_see_the_result_and_quit_with_the_terminal_restored() {
    let ok = Command::new("tmux")
        .arg("-V")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("tmux is not installed: skipping the Blackjack end-to-end test");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    std::fs::write(
        d.join("config.toml"),
        format!(
            "[general]\nlanguage = \"en\"\ncpu_delay_ms = 50\nstats_file = \"{}\"\n",
            d.join("stats.json").display()
        ),
    )
    .unwrap();
    let script = format!(
        "stty -g > stty.before\n\
         '{BIN}' play blackjack --seed 5 --config config.toml --record rec.jsonl 2> stderr.txt\n\
         echo $? > rc.tmp && mv rc.tmp rc\n\
         stty -g > stty.after\n\
         exec sleep 3600\n"
    );
    std::fs::write(d.join("run.sh"), script).unwrap();
    let socket = format!("cardroom-bj-e2e-{}", std::process::id());
    let out = Command::new("tmux")
        .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
        .args(["-x", "80", "-y", "24", "-c"])
        .arg(d)
        .arg("sh run.sh")
        .current_dir(d)
        .env_remove("TMUX")
        .env_remove("NO_COLOR")
        .env("HOME", d)
        .env("LANG", "C.UTF-8")
        .output()
        .expect("tmux");
    assert!(out.status.success(), "{out:?}");
    let screen = || tmux(&socket, &["capture-pane", "-p", "-t", "0"]);
    let send = |k: &str| {
        tmux(&socket, &["send-keys", "-t", "0", k]);
    };
    let result = std::panic::catch_unwind(|| {
        wait("the betting step", || {
            let s = screen();
            s.contains("Place your bet").then_some(s)
        });
        send("Enter");
        // The seeded deal either needs a decision (stand) or settles at once (a natural).
        let s = wait("a dealt hand", || {
            let s = screen();
            (s.contains("Stand (s)") || s.contains("This round:") || s.contains("No thanks"))
                .then_some(s)
        });
        if s.contains("No thanks") {
            send("n");
        }
        if !s.contains("This round:") {
            wait("the action bar", || {
                let s = screen();
                (s.contains("Stand (s)") || s.contains("This round:")).then_some(s)
            });
            send("s");
        }
        let s = wait("the result", || {
            let s = screen();
            s.contains("This round:").then_some(s)
        });
        assert!(
            ["Won ", "Lost ", "Push", "Blackjack ", "Bust "]
                .iter()
                .any(|w| s.contains(w)),
            "a hand result is shown:\n{s}"
        );
        send("q");
        let rc = wait("the exit", || {
            std::fs::read_to_string(d.join("rc"))
                .ok()
                .map(|s| s.trim().to_string())
        });
        assert_eq!(
            rc,
            "0",
            "stderr: {:?}",
            std::fs::read_to_string(d.join("stderr.txt"))
        );
        let modes = wait("restored modes", || {
            let m = tmux(
                &socket,
                &[
                    "display-message",
                    "-p",
                    "-t",
                    "0",
                    "#{alternate_on} #{cursor_flag} #{mouse_any_flag}",
                ],
            );
            let m = m.trim().to_string();
            (m == "0 1 0").then_some(m)
        });
        assert_eq!(modes, "0 1 0");
        wait("stty after", || {
            std::fs::read_to_string(d.join("stty.after")).ok()
        });
        assert_eq!(
            std::fs::read_to_string(d.join("stty.before")).unwrap(),
            std::fs::read_to_string(d.join("stty.after")).unwrap(),
            "terminal modes changed"
        );
        let rec = std::fs::read_to_string(d.join("rec.jsonl")).expect("record written");
        let first = rec.lines().next().unwrap_or_default();
        assert!(first.contains("\"type\":\"header\"") && first.contains("\"seed\":5"));
        assert!(rec.contains("\"type\":\"bet\"") && rec.contains("\"type\":\"settle\""));
        let stats = std::fs::read_to_string(d.join("stats.json")).expect("stats written");
        assert!(stats.contains("\"rounds\": 1"), "{stats}");
    });
    tmux(&socket, &["kill-server"]);
    if let Err(e) = result {
        std::panic::resume_unwind(e);
    }
}

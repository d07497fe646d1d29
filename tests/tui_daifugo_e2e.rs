//! End-to-end: the real binary plays a whole Daifugo round in a terminal. tmux runs
//! `cardroom play daifugo` with a seed and `cpu_delay_ms = 0` in a detached session; the test
//! answers every turn of the human with Enter (or `p` when only a pass is possible), reaches
//! the round results, quits, and checks that the terminal came back exactly as it was. A second
//! run writes the game record with `--record`. The session helpers follow `tests/tui_e2e.rs`.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_cardroom");
/// How long to wait for the screen or the exit before failing (generous: CI machines are slow).
const PATIENCE: Duration = Duration::from_secs(30);

fn tmux_available() -> bool {
    let ok = Command::new("tmux")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("tmux is not installed: skipping the terminal end-to-end test");
    }
    ok
}

/// One cardroom run inside its own tmux server.
struct Session {
    socket: String,
    dir: tempfile::TempDir,
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

impl Session {
    /// Starts `cardroom ARGS` in a `width`×`height` pane, with `extra_env` set.
    fn start(
        name: &str,
        args: &[&str],
        width: u16,
        height: u16,
        extra_env: &[(&str, &str)],
    ) -> Session {
        let dir = tempfile::tempdir().expect("temp dir");
        let socket = format!("cardroom-e2e-{name}-{}", std::process::id());
        let cmd = std::iter::once(BIN)
            .chain(args.iter().copied())
            .map(shell_quote)
            .collect::<Vec<_>>()
            .join(" ");
        // The pane's shell: note the modes, run cardroom in the foreground (its pid in `pid`),
        // then note the modes and the status again, and stay alive for tmux to be asked.
        let script = format!(
            "stty -g > stty.before\n\
             sh -c 'echo $$ > pid; exec \"$@\"' sh {cmd} 2> stderr.txt\n\
             rc=$?\n\
             stty -g > stty.after\n\
             echo $rc > rc.tmp && mv rc.tmp rc\n\
             exec sleep 3600\n"
        );
        std::fs::write(dir.path().join("run.sh"), script).expect("write script");
        std::fs::create_dir_all(dir.path().join("config")).expect("config dir");
        let mut c = Command::new("tmux");
        c.args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .arg("-c")
            .arg(dir.path())
            .arg("sh run.sh")
            .current_dir(dir.path())
            .env_remove("TMUX")
            .env_remove("NO_COLOR")
            .env("HOME", dir.path())
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .env("LANG", "C.UTF-8");
        for (k, v) in extra_env {
            c.env(k, v);
        }
        let out = c.output().expect("run tmux");
        assert!(out.status.success(), "tmux new-session failed: {out:?}");
        Session { socket, dir }
    }

    fn path(&self, f: &str) -> PathBuf {
        self.dir.path().join(f)
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("run tmux")
    }

    fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "0"];
        args.extend(keys);
        let out = self.tmux(&args);
        assert!(out.status.success(), "send-keys {keys:?}: {out:?}");
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-t", "0"]).stdout).into_owned()
    }

    /// Waits until the screen satisfies `pred`; returns it.
    fn wait_screen(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if pred(&s) {
                return s;
            }
            if start.elapsed() > PATIENCE {
                panic!(
                    "timed out waiting for {what}; screen:\n{s}\nstderr: {}",
                    self.stderr()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn wait_file(&self, f: &str) -> String {
        let start = Instant::now();
        loop {
            if let Ok(s) = std::fs::read_to_string(self.path(f)) {
                return s.trim().to_string();
            }
            if start.elapsed() > PATIENCE {
                panic!("timed out waiting for {f}; screen:\n{}", self.screen());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits for cardroom to exit and returns its status as the shell saw it.
    fn exit_status(&self) -> i32 {
        self.wait_file("rc").parse().expect("numeric status")
    }

    fn stderr(&self) -> String {
        std::fs::read_to_string(self.path("stderr.txt")).unwrap_or_default()
    }

    /// (alternate screen on, cursor visible, any mouse reporting on) as tmux sees the pane.
    fn modes(&self) -> String {
        let out = self.tmux(&[
            "display-message",
            "-p",
            "-t",
            "0",
            "#{alternate_on} #{cursor_flag} #{mouse_any_flag}",
        ]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Asserts the terminal came back exactly: main screen, cursor shown, no mouse
    /// reporting, and the same `stty -g` as before.
    fn assert_restored(&self) {
        let start = Instant::now();
        // tmux may still be reading the last bytes cardroom wrote; give it a moment.
        while self.modes() != "0 1 0" && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert_eq!(
            self.modes(),
            "0 1 0",
            "alternate screen off, cursor visible, mouse off; screen:\n{}",
            self.screen()
        );
        let before = std::fs::read_to_string(self.path("stty.before")).expect("stty before");
        let after = std::fs::read_to_string(self.path("stty.after")).expect("stty after");
        assert!(!before.trim().is_empty());
        assert_eq!(before, after, "terminal modes changed");
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

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
            return screen;
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

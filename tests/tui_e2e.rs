//! End-to-end tests of the real binary in a terminal: tmux runs `cardroom` in a detached
//! session of a fixed size, keys go in with `send-keys`, the screen comes out of
//! `capture-pane`. After the program exits, the pane's shell records `stty -g` and the exit
//! status, and tmux reports whether the alternate screen is off, the cursor visible and mouse
//! reporting off — so each test checks that the terminal came back exactly as it was.
//!
//! Each test uses its own tmux server (`-L` socket) and kills only that server. Without tmux
//! the tests print a message and pass (CI installs tmux).

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

    /// The screen with its attributes as SGR sequences (`capture-pane -e`).
    fn screen_with_attributes(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-e", "-t", "0"]).stdout)
            .into_owned()
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

    /// cardroom's process id.
    fn pid(&self) -> String {
        self.wait_file("pid")
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

    fn signal(&self, sig: &str) {
        let status = Command::new("kill")
            .args([&format!("-{sig}"), &self.pid()])
            .status()
            .expect("run kill");
        assert!(status.success());
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

    fn wait_menu(&self) -> String {
        self.wait_screen("the menu", |s| {
            s.contains("1. Daifugo") && s.contains("4. Quit")
        })
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

#[test]
fn help_then_q_restores_the_terminal() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("help", &["--lang", "en"], 100, 30, &[]);
    s.wait_menu();
    // While it runs: alternate screen on, cursor hidden.
    assert!(
        s.modes().starts_with("1 0"),
        "modes while running: {}",
        s.modes()
    );
    s.send(&["?"]);
    let help = s.wait_screen("the help", |x| x.contains("Redraw the screen"));
    assert!(
        help.contains("Help") && help.contains("Open entry by number"),
        "{help}"
    );
    s.send(&["Escape"]);
    s.wait_screen("the help to close", |x| !x.contains("Redraw the screen"));
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0, "stderr: {}", s.stderr());
    s.assert_restored();
    assert_eq!(s.stderr(), "");
}

#[test]
fn rules_screen_and_back_in_japanese() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("ja", &["--lang", "ja"], 100, 30, &[]);
    s.wait_screen("the Japanese menu", |x| x.contains("ブラックジャック"));
    s.send(&["3"]);
    s.wait_screen("the rules", |x| x.contains("大富豪：採用ルール"));
    // Esc and q go separately: sent together they read as Alt-q.
    s.send(&["Escape"]);
    s.wait_screen("the menu again", |x| x.contains("4. 終了"));
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0);
    s.assert_restored();
}

#[test]
fn play_opens_the_game_and_esc_shows_the_menu() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("play", &["--lang", "en", "play", "blackjack"], 100, 30, &[]);
    s.wait_screen("the Blackjack betting step", |x| {
        x.contains("Bankroll") && x.contains("Deal")
    });
    s.send(&["Escape"]);
    s.wait_menu();
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0);
    s.assert_restored();
}

/// The SGR parameter lists in `s` (`\x1b[1;7m` gives `"1;7"`).
fn sgr_params(s: &str) -> Vec<String> {
    s.split("\x1b[")
        .skip(1)
        .filter_map(|rest| rest.find('m').map(|end| rest[..end].to_string()))
        .collect()
}

#[test]
fn no_color_draws_without_colour_and_shows_the_selection_in_reverse() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("mono", &["--lang", "en"], 100, 30, &[("NO_COLOR", "1")]);
    s.wait_menu();
    let screen = s.screen_with_attributes();
    for params in sgr_params(&screen) {
        for p in params.split(';') {
            // 39 and 49 are "default colour", which tmux writes on its own; 30-37, 40-47,
            // 90-97, 100-107 and 38/48 (extended) would be colours.
            let n: u32 = p.parse().unwrap_or(0);
            let colour = matches!(n, 30..=38 | 40..=48 | 90..=97 | 100..=107);
            assert!(!colour, "colour SGR {params:?} under NO_COLOR:\n{screen}");
        }
    }
    let selected = screen
        .lines()
        .find(|l| l.contains("> 1. Daifugo"))
        .expect("selected row");
    assert!(
        sgr_params(selected)
            .iter()
            .any(|p| p.split(';').any(|x| x == "7")),
        "the selected row is in reverse video: {selected:?}"
    );
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0);
    s.assert_restored();
}

#[test]
fn sigterm_exits_143_and_restores_the_terminal() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("term", &["--lang", "en"], 100, 30, &[]);
    s.wait_menu();
    s.signal("TERM");
    assert_eq!(s.exit_status(), 143);
    s.assert_restored();
}

#[test]
fn sighup_exits_129_and_sigint_130() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("hup", &["--lang", "en"], 100, 30, &[]);
    s.wait_menu();
    s.signal("HUP");
    assert_eq!(s.exit_status(), 129);
    s.assert_restored();

    let s = Session::start("int", &["--lang", "en"], 100, 30, &[]);
    s.wait_menu();
    s.signal("INT");
    assert_eq!(s.exit_status(), 130);
    s.assert_restored();
}

#[test]
fn ctrl_c_exits_130_and_restores_the_terminal() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("ctrlc", &["--lang", "en", "--no-color"], 100, 30, &[]);
    s.wait_menu();
    s.send(&["3"]); // from the rules screen, to show Ctrl-C works anywhere
    s.wait_screen("the rules", |x| x.contains("rules in play"));
    s.send(&["C-c"]);
    assert_eq!(s.exit_status(), 130);
    s.assert_restored();
}

#[test]
fn too_small_then_resized_redraws_the_menu() {
    if !tmux_available() {
        return;
    }
    let s = Session::start("small", &["--lang", "en"], 60, 20, &[]);
    let small = s.wait_screen("the too-small notice", |x| x.contains("Terminal too small"));
    assert!(
        small.replace('\n', " ").contains("need 80×24, have 60×20"),
        "{small}"
    );
    let out = s.tmux(&["resize-window", "-t", "0", "-x", "90", "-y", "28"]);
    assert!(out.status.success(), "{out:?}");
    s.wait_menu();
    s.send(&["q"]);
    assert_eq!(s.exit_status(), 0);
    s.assert_restored();
}

#[cfg(debug_assertions)]
#[test]
fn a_panic_exits_101_restores_the_terminal_and_prints_the_message() {
    if !tmux_available() {
        return;
    }
    let s = Session::start(
        "panic",
        &["--lang", "en"],
        100,
        30,
        &[("CARDROOM_DEBUG_PANIC", "1")],
    );
    assert_eq!(s.exit_status(), 101);
    s.assert_restored();
    let err = s.stderr();
    assert!(
        err.contains("panicked") && err.contains("CARDROOM_DEBUG_PANIC"),
        "{err}"
    );
}

#[test]
fn refuses_without_a_terminal_and_writes_no_escape_bytes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = Command::new(BIN)
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run cardroom");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "stdout: {:?}", out.stdout);
    assert!(!out.stderr.contains(&0x1b), "escape bytes in stderr");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains("terminal"), "{err}");
}

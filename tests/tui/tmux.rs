//! A cardroom run inside its own tmux server, for the end-to-end tests: the real binary in a
//! detached pane of a fixed size, keys in with `send-keys`, the screen out with `capture-pane`.
//! After the program exits, the pane's shell records `stty -g` and the exit status, and tmux
//! reports whether the alternate screen is off, the cursor visible and mouse reporting off — so a
//! test can check that the terminal came back exactly as it was.
//!
//! Each session uses its own tmux server (`-L` socket) and kills only that server. Without tmux
//! the tests print a message and pass (CI installs tmux).
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_cardroom");
/// How long to wait for the screen or the exit before failing (generous: CI machines are slow).
pub const PATIENCE: Duration = Duration::from_secs(30);

pub fn tmux_available() -> bool {
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
pub struct Session {
    socket: String,
    dir: tempfile::TempDir,
}

pub fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

impl Session {
    /// Starts `cardroom ARGS` in a `width`×`height` pane, with `extra_env` set.
    pub fn start(
        name: &str,
        args: &[&str],
        width: u16,
        height: u16,
        extra_env: &[(&str, &str)],
    ) -> Session {
        Session::start_wrapped(name, args, width, height, extra_env, false)
    }

    /// Like [`Session::start`], but the pane's shell — the session leader, to which alone the
    /// kernel sends SIGHUP when the terminal goes away — ignores SIGHUP and does not pass it
    /// on, as some wrappers do. cardroom then learns of a hang-up only from its input ending.
    /// The shell exits after noting the status (nothing is left to ask tmux).
    pub fn start_hup_trapped(name: &str, args: &[&str], width: u16, height: u16) -> Session {
        Session::start_wrapped(name, args, width, height, &[], true)
    }

    fn start_wrapped(
        name: &str,
        args: &[&str],
        width: u16,
        height: u16,
        extra_env: &[(&str, &str)],
        trap_hup: bool,
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
        let (prelude, tail) = if trap_hup {
            ("trap '' HUP\n", "exit 0\n")
        } else {
            ("", "exec sleep 3600\n")
        };
        let script = format!(
            "{prelude}stty -g > stty.before\n\
             sh -c 'echo $$ > pid; exec \"$@\"' sh {cmd} 2> stderr.txt\n\
             rc=$?\n\
             stty -g > stty.after\n\
             echo $rc > rc.tmp && mv rc.tmp rc\n\
             {tail}"
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

    pub fn path(&self, f: &str) -> PathBuf {
        self.dir.path().join(f)
    }

    pub fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("run tmux")
    }

    pub fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "0"];
        args.extend(keys);
        let out = self.tmux(&args);
        assert!(out.status.success(), "send-keys {keys:?}: {out:?}");
    }

    /// The screen with its attributes as SGR sequences (`capture-pane -e`).
    pub fn screen_with_attributes(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-e", "-t", "0"]).stdout)
            .into_owned()
    }

    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-t", "0"]).stdout).into_owned()
    }

    /// Waits until the screen satisfies `pred`; returns it.
    pub fn wait_screen(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
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

    pub fn wait_file(&self, f: &str) -> String {
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
    pub fn pid(&self) -> String {
        self.wait_file("pid")
    }

    /// Waits for cardroom to exit and returns its status as the shell saw it.
    pub fn exit_status(&self) -> i32 {
        self.wait_file("rc").parse().expect("numeric status")
    }

    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.path("stderr.txt")).unwrap_or_default()
    }

    /// (alternate screen on, cursor visible, any mouse reporting on) as tmux sees the pane.
    pub fn modes(&self) -> String {
        let out = self.tmux(&[
            "display-message",
            "-p",
            "-t",
            "0",
            "#{alternate_on} #{cursor_flag} #{mouse_any_flag}",
        ]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    pub fn signal(&self, sig: &str) {
        let status = Command::new("kill")
            .args([&format!("-{sig}"), &self.pid()])
            .status()
            .expect("run kill");
        assert!(status.success());
    }

    /// Asserts the terminal came back exactly: main screen, cursor shown, no mouse
    /// reporting, and the same `stty -g` as before.
    pub fn assert_restored(&self) {
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

    pub fn wait_menu(&self) -> String {
        self.wait_screen("the menu", |s| {
            s.contains("1. Daifugo") && s.contains("6. Quit")
        })
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
        // A cardroom that outlived its terminal (a failed test) is ended by its own pid.
        if !self.path("rc").exists()
            && let Ok(pid) = std::fs::read_to_string(self.path("pid"))
        {
            let _ = Command::new("kill")
                .args(["-KILL", pid.trim()])
                .stderr(Stdio::null())
                .status();
        }
    }
}

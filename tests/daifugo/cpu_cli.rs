//! `cardroom daifugo simulate` from the command line, and the configured table's CPU levels
//! (`cpu_level` for all CPUs or per seat, `cpu_think_ms`).

use std::process::Command;

use cardroom::config::Config;
use cardroom::daifugo::cpu::levels::{config_budget, table_levels};
use cardroom::daifugo::cpu::{Budget, table_cpus};
use cardroom::daifugo::record::check_record;
use cardroom::daifugo::rules::CpuLevel;
use serde_json::Value;

fn cardroom(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardroom"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("cardroom runs")
}

#[test]
fn simulate_reports_every_level_with_standard_errors() {
    let out = cardroom(&[
        "daifugo",
        "simulate",
        "--games",
        "40",
        "--levels",
        "normal,easy,easy,easy",
        "--seed",
        "3",
        "--threads",
        "2",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 40);
    assert_eq!(v["players"], 4);
    assert_eq!(v["seed"], 3);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 2);
    assert_eq!(levels[0]["level"], "normal");
    assert_eq!(levels[1]["level"], "easy");
    assert_eq!(levels[1]["entries"], 3);
    // Points per round are 4/3/2/1 with four players: every round hands out 10 in all, so
    // the per-level means, weighted by entries, average 2.5.
    let total: f64 = levels
        .iter()
        .map(|l| l["mean_points"].as_f64().unwrap() * l["entries"].as_f64().unwrap())
        .sum();
    assert!(
        (total / 4.0 - 2.5).abs() < 1e-9,
        "mean of means {}",
        total / 4.0
    );
    // One first place per round: the first-place rates sum to 1 over entries.
    let firsts: f64 = seats
        .iter()
        .map(|s| s["first_rate"].as_f64().unwrap())
        .sum();
    assert!((firsts - 1.0).abs() < 1e-9);
    for s in seats {
        assert!(s["mean_points_se"].as_f64().unwrap() > 0.0);
        assert!(s["first_rate_se"].as_f64().unwrap() > 0.0);
        // 40 games of 5 rounds: 200 places per entry.
        let places: u64 = s["places"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .sum();
        assert_eq!(places, 200);
    }
    assert!(v["games_per_sec"].as_f64().unwrap() > 0.0);
    assert!(v["hard_decisions"].is_null());
    assert!(seats.iter().all(|s| s["searches"].is_null()));
    // Progress went to stderr.
    assert!(String::from_utf8_lossy(&out.stderr).contains("40/40"));
}

#[test]
fn simulate_writes_every_game_record_and_they_replay() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.jsonl");
    let out = cardroom(&[
        "daifugo",
        "simulate",
        "--games",
        "5",
        "--levels",
        "hard,normal,easy",
        "--playouts",
        "4",
        "--record",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["playouts"], 4);
    assert!(v["hard_decisions"]["count"].as_u64().unwrap() > 0);
    let text = std::fs::read_to_string(&path).unwrap();
    let summary = check_record(&text).unwrap();
    assert_eq!(summary.matches, 5);
    // Each header names the levels of that game's seats, rotated game by game.
    let headers: Vec<Value> = text
        .lines()
        .filter(|l| l.contains("\"header\""))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let first_seat: Vec<&str> = headers
        .iter()
        .map(|h| h["seats"][0]["level"].as_str().unwrap())
        .collect();
    assert_eq!(first_seat, ["hard", "normal", "easy", "hard", "normal"]);
    // ... and which entry of `--levels` sits there: game g seats entry (s + g) mod n at seat s.
    let first_entry: Vec<&str> = headers
        .iter()
        .map(|h| h["seats"][0]["entry"].as_str().unwrap())
        .collect();
    assert_eq!(
        first_entry,
        ["0 hard", "1 normal", "2 easy", "0 hard", "1 normal"]
    );
}

#[test]
fn levels_take_a_hard_seats_own_think_time() {
    use cardroom::cli::daifugo_simulate::parse_levels;
    use std::time::Duration;
    let ms = |m: u64| Some(Budget::Time(Duration::from_millis(m)));
    assert_eq!(
        parse_levels("hard@1000,hard@100,hard@100,hard@100").unwrap(),
        vec![
            (CpuLevel::Hard, ms(1000)),
            (CpuLevel::Hard, ms(100)),
            (CpuLevel::Hard, ms(100)),
            (CpuLevel::Hard, ms(100)),
        ]
    );
    assert_eq!(
        parse_levels("Hard@400p normal,easy").unwrap(),
        vec![
            (CpuLevel::Hard, Some(Budget::Playouts(400))),
            (CpuLevel::Normal, None),
            (CpuLevel::Easy, None),
        ]
    );
    // The think time has cpu_think_ms's range (10 to 10000 ms); only hard thinks; a deal count
    // is at least 1; the error names the entry.
    assert_eq!(parse_levels("hard@10").unwrap()[0].1, ms(10));
    assert_eq!(parse_levels("hard@10000").unwrap()[0].1, ms(10_000));
    for bad in [
        "hard@9",
        "hard@10001",
        "hard@",
        "hard@0p",
        "hard@p",
        "hard@1s",
        "hard@-5",
        "normal@100",
        "easy@10p",
        "expert@100",
    ] {
        assert_eq!(
            parse_levels(&format!("normal,{bad}")),
            Err(bad.to_string()),
            "{bad}"
        );
    }
}

#[test]
fn simulate_reports_each_hard_budget_apart() {
    let out = cardroom(&[
        "daifugo",
        "simulate",
        "--games",
        "2",
        "--levels",
        "hard@6p,hard@2p,hard@2p",
        "--seed",
        "5",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 2, "{levels:?}");
    assert_eq!(levels[0]["level"], "hard@6p");
    assert_eq!(levels[0]["entries"], 1);
    assert_eq!(levels[1]["level"], "hard@2p");
    assert_eq!(levels[1]["entries"], 2);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats[2]["level"], "hard@2p");
    // Each budget's decisions are timed apart and add up to all hard decisions.
    let count = |f: &Value| f["decisions"]["count"].as_u64().unwrap();
    assert_eq!(
        count(&levels[0]) + count(&levels[1]),
        v["hard_decisions"]["count"].as_u64().unwrap()
    );
    assert!(count(&levels[0]) > 0 && count(&levels[1]) > 0);
    // Each budget's searches are counted apart too, and add up over its entries.
    let searches = |f: &Value| f["searches"]["searches"].as_u64().unwrap();
    assert_eq!(
        searches(&levels[1]),
        searches(&seats[1]) + searches(&seats[2])
    );
    assert!(searches(&levels[0]) > 0 && searches(&levels[0]) <= count(&levels[0]));
    for f in levels {
        let rate = f["searches"]["deepened_rate"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&rate), "{f}");
    }
    // The same seed replays the same games with fixed deal counts; the record names each
    // seat's entry with its own budget (game 1 seats entry 1 at seat 0, entry 0 at seat 2).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.jsonl");
    let again = cardroom(&[
        "daifugo",
        "simulate",
        "--games",
        "2",
        "--levels",
        "hard@6p,hard@2p,hard@2p",
        "--seed",
        "5",
        "--record",
        path.to_str().unwrap(),
        "--json",
    ]);
    let w: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(v["seats"][0]["places"], w["seats"][0]["places"]);
    assert_eq!(v["seats"][1]["mean_points"], w["seats"][1]["mean_points"]);
    let text = std::fs::read_to_string(&path).unwrap();
    let entries: Vec<Vec<String>> = text
        .lines()
        .filter(|l| l.contains("\"header\""))
        .map(|l| {
            let h: Value = serde_json::from_str(l).unwrap();
            let seats = h["seats"].as_array().unwrap();
            seats
                .iter()
                .map(|s| s["entry"].as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    assert_eq!(
        entries,
        [
            ["0 hard@6p", "1 hard@2p", "2 hard@2p"],
            ["1 hard@2p", "2 hard@2p", "0 hard@6p"]
        ]
    );
    // Text output names each budget's timing.
    let text = cardroom(&[
        "daifugo",
        "simulate",
        "--games",
        "1",
        "--levels",
        "hard@3p,hard@2p,normal",
        "--lang",
        "en",
    ]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("  hard@3p: "), "{text}");
    assert!(text.contains("  hard@2p: "), "{text}");
    assert!(text.contains(" searches, "), "{text}");
}

#[test]
fn simulate_refuses_bad_levels_with_status_2() {
    for levels in [
        "easy,expert",
        "hard@5",
        "normal@100,easy",
        "hard",
        "easy,easy,easy,easy,easy,easy,easy,easy,easy",
    ] {
        let out = cardroom(&["daifugo", "simulate", "--games", "1", "--levels", levels]);
        assert_eq!(out.status.code(), Some(2), "--levels {levels}");
        assert!(!out.stderr.is_empty());
    }
    let out = cardroom(&[
        "daifugo",
        "simulate",
        "--games",
        "0",
        "--levels",
        "easy,easy",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_table_follows_cpu_level_per_seat_and_cpu_think_ms() {
    let text =
        "[daifugo]\ncpus = 3\ncpu_level = [\"easy\", \"hard\", \"normal\"]\ncpu_think_ms = 120\n";
    let config = Config::from_toml("test.toml", text).unwrap();
    assert_eq!(
        table_levels(&config),
        [
            None,
            Some(CpuLevel::Easy),
            Some(CpuLevel::Hard),
            Some(CpuLevel::Normal)
        ]
    );
    assert_eq!(
        config_budget(&config),
        Budget::Time(std::time::Duration::from_millis(120))
    );
    let cpus = table_cpus(&config);
    assert_eq!(cpus.len(), 4);
    assert!(cpus[0].is_none() && cpus[1..].iter().all(Option::is_some));
    let one = Config::from_toml("one.toml", "[daifugo]\ncpus = 2\ncpu_level = \"hard\"\n").unwrap();
    assert_eq!(
        table_levels(&one),
        [None, Some(CpuLevel::Hard), Some(CpuLevel::Hard)]
    );
}

//! Game records (`DESIGN.md` "Records"): the writer's JSON Lines, and the replay checker that
//! re-runs a record from its seed and verifies every line; tampered records are caught.

use std::collections::BTreeSet;

use cardroom::cards::rng_from_seed;
use cardroom::daifugo::record::{RecordWriter, ReplayProblem, SeatInfo, check_record};
use cardroom::daifugo::rules::{PassMode, Preset, Rules};
use cardroom::daifugo::sim::play_cpu_match;
use cardroom::daifugo::{CpuPlayer, EasyCpu, MatchResult, MatchSettings};
use serde_json::Value;

fn seats(n: usize) -> Vec<SeatInfo> {
    (0..n)
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
        .collect()
}

/// Plays one CPU match into a record; returns the record text and the result.
fn record_match(settings: MatchSettings, seed: u64) -> (String, MatchResult) {
    let mut w = RecordWriter::new(Vec::new(), seed, &settings, &seats(settings.players)).unwrap();
    let mut cpus_owned: Vec<EasyCpu> = vec![EasyCpu; settings.players];
    let mut cpus: Vec<&mut dyn CpuPlayer> = cpus_owned
        .iter_mut()
        .map(|c| c as &mut dyn CpuPlayer)
        .collect();
    let result = play_cpu_match(
        settings,
        rng_from_seed(seed),
        &mut cpus,
        &mut rng_from_seed(seed ^ 1),
        &mut w,
    )
    .unwrap();
    (String::from_utf8(w.finish().unwrap()).unwrap(), result)
}

fn standard(players: usize, rounds: u32) -> MatchSettings {
    MatchSettings {
        rules: Rules::default(),
        players,
        rounds,
    }
}

#[test]
fn a_record_has_the_design_s_lines() {
    let (text, result) = record_match(standard(4, 5), 7);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let h = &lines[0];
    assert_eq!(h["type"], "header");
    assert_eq!(h["game"], "daifugo");
    assert_eq!(h["version"], 1);
    assert_eq!(h["seed"], 7);
    assert_eq!(h["rules"]["jokers"], 2);
    assert_eq!(h["rules"]["sequence"]["compare"], "strict");
    assert_eq!(
        h["seats"][0],
        serde_json::json!({"name": "You", "level": "human"})
    );
    let design: BTreeSet<&str> = [
        "deal",
        "exchange",
        "play",
        "pass",
        "clear",
        "revolution",
        "finish",
        "round_end",
    ]
    .into();
    let mut rounds = 0;
    let mut finishes = 0;
    for l in &lines[1..] {
        let ty = l["type"].as_str().unwrap();
        assert!(design.contains(ty), "only the design's line types: {ty}");
        match ty {
            "deal" => {
                let hands = l["hands"].as_array().unwrap();
                assert_eq!(hands.len(), 4);
                let total: usize = hands.iter().map(|h| h.as_array().unwrap().len()).sum();
                assert_eq!(total, 54, "every card dealt");
            }
            "play" => {
                assert!(l["seat"].as_u64().unwrap() < 4);
                assert!(!l["cards"].as_array().unwrap().is_empty());
            }
            "exchange" => assert!(l["cards"].as_array().unwrap().len() <= 2),
            "finish" => finishes += 1,
            "round_end" => {
                rounds += 1;
                let mut places: Vec<u64> = l["places"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_u64().unwrap())
                    .collect();
                places.sort_unstable();
                assert_eq!(places, [1, 2, 3, 4]);
            }
            _ => {}
        }
    }
    assert_eq!(rounds, 5);
    assert_eq!(finishes, 20, "a finish line for every seat in every round");
    let summary = check_record(&text).unwrap();
    assert_eq!(summary.matches, 1);
    assert_eq!(summary.results, [result]);
}

#[test]
fn records_replay_under_every_rule_variant() {
    let mut variants = vec![Rules::default(), Rules::preset(Preset::Classic)];
    let mut r = Rules::preset(Preset::Standard);
    r.jack_back = true;
    r.lock.number = true;
    r.pass_mode = PassMode::Reentry;
    r.revolution.sequence_min = 5;
    r.jokers = 1;
    variants.push(r);
    for (i, rules) in variants.into_iter().enumerate() {
        for players in 2..=8 {
            let settings = MatchSettings {
                rules,
                players,
                rounds: 3,
            };
            let seed = (i * 10 + players) as u64;
            let (text, result) = record_match(settings, seed);
            let summary = check_record(&text)
                .unwrap_or_else(|e| panic!("variant {i}, {players} players: {e}"));
            assert_eq!(summary.results, [result]);
        }
    }
}

#[test]
fn several_matches_follow_one_another_in_one_file() {
    let (a, ra) = record_match(standard(4, 2), 1);
    let (b, rb) = record_match(standard(5, 2), 2);
    let summary = check_record(&format!("{a}{b}")).unwrap();
    assert_eq!(summary.matches, 2);
    assert_eq!(summary.results, [ra, rb]);
}

#[test]
fn tampered_records_are_caught_at_the_bad_line() {
    let (text, _) = record_match(standard(4, 2), 3);
    let lines: Vec<&str> = text.lines().collect();

    // A play with other cards: refused or not what the engine did.
    let i = lines.iter().position(|l| l.contains("\"play\"")).unwrap();
    let v: Value = serde_json::from_str(lines[i]).unwrap();
    let seat = v["seat"].as_u64().unwrap();
    let mut bad = lines.clone();
    let forged = format!(r#"{{"type":"play","seat":{seat},"cards":["AS","AH","AD","AC"]}}"#);
    bad[i] = &forged;
    let e = check_record(&bad.join("\n")).unwrap_err();
    assert_eq!(e.line, i + 1);
    assert!(matches!(e.problem, ReplayProblem::Illegal { .. }), "{e}");

    // Another seed deals other cards.
    let mut bad = lines.clone();
    let header = lines[0].replace("\"seed\":3", "\"seed\":4");
    bad[0] = &header;
    let e = check_record(&bad.join("\n")).unwrap_err();
    assert_eq!(e.line, 2, "the deal differs");
    assert!(matches!(e.problem, ReplayProblem::Mismatch { .. }));

    // A missing line.
    let mut bad = lines.clone();
    let j = lines.iter().position(|l| l.contains("\"pass\"")).unwrap();
    bad.remove(j);
    assert!(check_record(&bad.join("\n")).is_err());

    // A record cut short.
    let e = check_record(&lines[..lines.len() / 2].join("\n")).unwrap_err();
    assert_eq!(e.problem, ReplayProblem::Truncated);

    // A wrong place.
    let k = lines.iter().position(|l| l.contains("\"finish\"")).unwrap();
    let mut bad = lines.clone();
    let v: Value = serde_json::from_str(lines[k]).unwrap();
    let wrong = lines[k].replace(
        &format!("\"place\":{}", v["place"]),
        &format!("\"place\":{}", v["place"].as_u64().unwrap() % 4 + 1),
    );
    bad[k] = &wrong;
    let e = check_record(&bad.join("\n")).unwrap_err();
    assert_eq!(e.line, k + 1);

    assert_eq!(
        check_record("{\"type\":\"play\"}").unwrap_err().problem,
        ReplayProblem::NoHeader
    );
}

/// The house-rule sets the record tests play: `party`, and `party` with every other variant
/// of §3b turned the other way.
fn house_variants() -> Vec<Rules> {
    use cardroom::daifugo::rules::{Amount, Count, Eligible, ForbiddenMode, Sandstorm, SuitLock};
    let party = Rules::preset(Preset::Party);
    let mut r = party;
    r.seven_pass.amount = Amount::Exact;
    r.ten_discard.amount = Amount::Exact;
    r.ten_discard.eligible = Eligible::WeakerThanTen;
    r.five_skip.count = Count::PerPlay;
    r.five_skip.joker_counts = true;
    r.nine_reverse.count = Count::PerCard;
    r.q_bomber.joker_counts = true;
    r.sandstorm = Sandstorm::BeatsTriple;
    r.lock.suit = SuitLock::Partial;
    r.lock.geki = true;
    r.forbidden_finish.mode = ForbiddenMode::Illegal;
    r.gekokujo = true;
    r.joker_return = true;
    r.pass_mode = PassMode::Reentry;
    vec![party, r]
}

#[test]
fn house_rule_records_carry_every_effect_and_replay() {
    // docs/daifugo.md §6: skip, give, discard, reverse and bomb lines, checked by replay.
    let mut types = BTreeSet::new();
    for (i, rules) in house_variants().into_iter().enumerate() {
        for players in 2..=8 {
            let settings = MatchSettings {
                rules,
                players,
                rounds: 3,
            };
            let seed = (100 + i * 10 + players) as u64;
            let (text, result) = record_match(settings, seed);
            for l in text.lines() {
                let v: Value = serde_json::from_str(l).unwrap();
                types.insert(v["type"].as_str().unwrap().to_string());
            }
            let summary = check_record(&text)
                .unwrap_or_else(|e| panic!("house variant {i}, {players} players: {e}"));
            assert_eq!(summary.results, [result]);
        }
    }
    for t in ["skip", "give", "discard", "reverse", "bomb"] {
        assert!(types.contains(t), "no {t} line in any record: {types:?}");
    }
}

#[test]
fn tampered_house_rule_lines_are_caught() {
    let settings = MatchSettings {
        rules: Rules::preset(Preset::Party),
        players: 4,
        rounds: 3,
    };
    let (text, _) = record_match(settings, 11);
    let lines: Vec<&str> = text.lines().collect();
    let find = |ty: &str| {
        lines
            .iter()
            .position(|l| l.contains(&format!("\"type\":\"{ty}\"")))
            .unwrap_or_else(|| panic!("no {ty} line"))
    };

    // A bomb that says a seat lost other cards than the ranks take.
    let i = find("bomb");
    let v: Value = serde_json::from_str(lines[i]).unwrap();
    let mut forged = v.clone();
    forged["lost"][0] = serde_json::json!(["AS", "AH", "AD", "AC"]);
    let forged = forged.to_string();
    let mut bad = lines.clone();
    bad[i] = &forged;
    let e = check_record(&bad.join("\n")).unwrap_err();
    assert_eq!(e.line, i + 1, "{e}");

    // A skip line removed: the next line is not what the rules did.
    let j = find("skip");
    let mut bad = lines.clone();
    bad.remove(j);
    let e = check_record(&bad.join("\n")).unwrap_err();
    assert_eq!(e.line, j + 1, "{e}");

    // A gift of more cards than the 7s allow (or cards not held) is refused.
    let k = find("give");
    let v: Value = serde_json::from_str(lines[k]).unwrap();
    let mut forged = v.clone();
    forged["cards"] = serde_json::json!(["3S", "3H", "3D", "3C", "4S", "4H", "4D"]);
    let forged = forged.to_string();
    let mut bad = lines.clone();
    bad[k] = &forged;
    let e = check_record(&bad.join("\n")).unwrap_err();
    assert_eq!(e.line, k + 1, "{e}");
    assert!(matches!(e.problem, ReplayProblem::Illegal { .. }), "{e}");

    // A reversal to the wrong direction.
    let r = find("reverse");
    let flipped = if lines[r].contains("false") {
        lines[r].replace("false", "true")
    } else {
        lines[r].replace("true", "false")
    };
    let mut bad = lines.clone();
    bad[r] = &flipped;
    let e = check_record(&bad.join("\n")).unwrap_err();
    assert_eq!(e.line, r + 1, "{e}");
    assert!(matches!(e.problem, ReplayProblem::Mismatch { .. }), "{e}");
}

#[test]
fn records_of_random_tables_and_rule_sets_replay() {
    // docs/daifugo.md §6 over random tables (2–8 players, 1–3 rounds) and random rule sets
    // (every preset, local rule, UECda variant and house rule): the checker, which knows only
    // the rules, replays every record to the same result. 10,000 matches with
    // CARDROOM_LONG_TESTS=1.
    let games = if crate::long_tests() { 10_000 } else { 200 };
    let mut lines = 0;
    for seed in 0..games {
        let mut rng = rng_from_seed(seed);
        let rounds = 1 + (seed % 3) as u32;
        let settings = crate::cpu_support::random_settings(&mut rng, rounds);
        let (text, result) = record_match(settings, seed);
        let summary = check_record(&text)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\nrules: {:?}", settings.rules));
        assert_eq!(summary.matches, 1);
        assert_eq!(summary.results, [result], "seed {seed}");
        lines += text.lines().count();
    }
    assert!(lines > games as usize * 20, "only {lines} record lines");
}

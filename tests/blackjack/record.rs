//! Blackjack game records (`DESIGN.md` "Records"): the header and event lines, and a replay of the
//! recorded actions on a table with the same seed giving back the same record, line for line.

use cardroom::blackjack::record;
use cardroom::blackjack::rules::Rules;
use cardroom::blackjack::{Action, Phase, Table};
use cardroom::cards::{parse_cards, rng_from_seed};
use rand::RngExt;
use serde_json::Value;

/// Plays `rounds` rounds with a seeded random player and returns the record's lines.
fn session(rules: Rules, seed: u64, rounds: usize) -> Vec<String> {
    let mut t = Table::new(rules, seed);
    let mut rng = rng_from_seed(seed ^ 0xabc);
    let mut lines = vec![record::header(seed, &rules), record::opening_shuffle(&t)];
    for _ in 0..rounds {
        if t.game_over() {
            break;
        }
        loop {
            let legal = t.legal_actions();
            let a = legal[rng.random_range(0..legal.len())];
            lines.extend(record::events(&t.apply(a).expect("legal")));
            if t.phase() == Phase::Settled {
                break;
            }
        }
    }
    lines
}

#[test]
fn a_record_replays_to_the_same_record() {
    let rules = Rules {
        decks: 2,
        penetration: 0.5,
        ..Rules::default()
    };
    let lines = session(rules, 99, 300);
    let text = lines.join("\n");
    let actions = record::actions(&text).unwrap();
    assert!(actions.iter().any(|a| matches!(a, Action::Bet(_))));

    let mut t = Table::new(rules, 99);
    let mut replay = vec![record::header(99, &rules), record::opening_shuffle(&t)];
    for a in actions {
        replay.extend(record::events(
            &t.apply(a).expect("recorded actions are legal"),
        ));
    }
    assert_eq!(replay, lines);
}

#[test]
fn lines_have_the_documented_shape() {
    let rules = Rules::default();
    let lines = session(rules, 5, 200);
    let header: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(header["type"], "header");
    assert_eq!(header["game"], "blackjack");
    assert_eq!(header["version"], 1);
    assert_eq!(header["seed"], 5);
    assert_eq!(header["rules"]["decks"], 6);
    assert_eq!(header["rules"]["blackjack_pays"], "3:2");
    let known = [
        "shuffle", "bet", "deal", "action", "peek", "card", "reveal", "dealer", "settle",
        "bankroll",
    ];
    let mut seen = std::collections::BTreeSet::new();
    for l in &lines[1..] {
        let v: Value = serde_json::from_str(l).unwrap();
        let ty = v["type"].as_str().unwrap().to_string();
        assert!(known.contains(&ty.as_str()), "{l}");
        seen.insert(ty);
    }
    for ty in [
        "shuffle", "bet", "deal", "action", "card", "dealer", "settle", "bankroll",
    ] {
        assert!(seen.contains(ty), "no {ty} line in 200 rounds");
    }

    // A split, a settlement and a 3:2 amount as they are written.
    let mut t = Table::stacked(rules, &parse_cards("8S 6H 8D TC 3C 9D").unwrap(), 1).unwrap();
    t.apply(Action::Bet(15)).unwrap();
    let ev = t.apply(Action::Split).unwrap();
    assert_eq!(
        record::event(&ev[0]),
        r#"{"type":"action","hand":0,"action":"split"}"#
    );
    assert_eq!(
        record::event(&ev[1]),
        r#"{"type":"card","to":0,"card":"3C"}"#
    );
    let mut t = Table::stacked(rules, &parse_cards("AS 9H KD 7C").unwrap(), 1).unwrap();
    let ev = t.apply(Action::Bet(15)).unwrap();
    let lines = record::events(&ev);
    assert!(lines.contains(
        &r#"{"type":"settle","hands":[{"hand":0,"result":"blackjack","bet":15,"amount":22.5}],"insurance":null,"net":22.5}"#.to_string()
    ), "{lines:#?}");
    assert!(lines.contains(&r#"{"type":"bankroll","amount":1022.5}"#.to_string()));
    assert!(lines.contains(
        &r#"{"type":"dealer","cards":["9H","7C"],"total":16,"soft":false,"natural":false,"bust":false}"#.to_string()
    ));
}

#[test]
fn bad_record_lines_are_located() {
    let e = record::actions("{\"type\":\"bet\",\"amount\":10}\nnot json").unwrap_err();
    assert_eq!(e.line, 2);
    let e = record::actions("{\"type\":\"action\",\"hand\":0,\"action\":\"dance\"}").unwrap_err();
    assert_eq!(e.line, 1);
}

//! The public test vectors of `rules/daifugo.md` §5: D1–D18 (legal plays) and S1–S7 (the
//! state machine). Expected values are copied from the rule book's table.

use crate::common::*;
use cardroom::daifugo::position::PositionText;
use cardroom::daifugo::rules::{PassMode, Rules, SequenceCompare};
use cardroom::daifugo::{Action, CardSet, ClearCause, Event, FinishKind, Phase, Play, Scenario};
use cardroom::i18n::daifugo::Message;

fn std_rules() -> Rules {
    Rules::default()
}

/// One D-vector: rules, position, the legal list from the table.
struct Vector {
    id: &'static str,
    rules: Rules,
    pos: PositionText<'static>,
    expect: &'static str,
}

fn pos(hand: &'static str, pile: Option<&'static str>) -> PositionText<'static> {
    PositionText {
        hand,
        pile,
        ..Default::default()
    }
}

#[test]
fn d_vectors_list_exactly_the_legal_plays() {
    let no_spade3 = Rules {
        spade3: false,
        ..std_rules()
    };
    let jack_back = Rules {
        jack_back: true,
        ..std_rules()
    };
    let vectors = [
        Vector {
            id: "D1",
            rules: std_rules(),
            pos: pos("3C 9S TD KD 2H", Some("9H")),
            expect: "TD|KD|2H|PASS",
        },
        Vector {
            id: "D2",
            rules: std_rules(),
            pos: pos("5C 2D JK", Some("2S")),
            expect: "JK|PASS",
        },
        Vector {
            id: "D3",
            rules: std_rules(),
            pos: pos("3S 3H 2C 2D", Some("JK")),
            expect: "3S|PASS",
        },
        Vector {
            id: "D4",
            rules: no_spade3,
            pos: pos("3S 2C", Some("JK")),
            expect: "PASS",
        },
        Vector {
            id: "D5",
            rules: std_rules(),
            pos: pos("TH JK 4S 4D KS KC", Some("9D 9C")),
            expect: "TH JK|KS KC|KS JK|KC JK|PASS",
        },
        Vector {
            id: "D6",
            rules: std_rules(),
            pos: PositionText {
                revolution: true,
                ..pos("TH JK 4S 4D KS KC", Some("9D 9C"))
            },
            expect: "4S 4D|4S JK|4D JK|PASS",
        },
        Vector {
            id: "D7",
            rules: std_rules(),
            pos: PositionText {
                revolution: true,
                ..pos("3D 6H 8S 2C JK", Some("7C"))
            },
            expect: "3D|6H|JK|PASS",
        },
        Vector {
            id: "D8",
            rules: std_rules(),
            pos: PositionText {
                revolution: true,
                ..pos("5S 5H 5D 5C 7S 7H 7D 7C JK", Some("6S 6H 6D 6C"))
            },
            expect: "5S 5H 5D 5C|5S 5H 5D JK|5S 5H 5C JK|5S 5D 5C JK|5H 5D 5C JK|PASS",
        },
        Vector {
            id: "D9",
            rules: std_rules(),
            pos: pos("8C 9S", Some("6D")),
            expect: "8C|9S|PASS",
        },
        Vector {
            id: "D10 strict",
            rules: std_rules(),
            pos: pos("5S 6S 7S 8S", Some("4H 5H 6H")),
            expect: "PASS",
        },
        Vector {
            id: "D10 overlap",
            rules: Rules {
                sequence: cardroom::daifugo::rules::SequenceRules {
                    compare: SequenceCompare::Overlap,
                    ..std_rules().sequence
                },
                ..std_rules()
            },
            pos: pos("5S 6S 7S 8S", Some("4H 5H 6H")),
            expect: "5S 6S 7S|6S 7S 8S|PASS",
        },
        Vector {
            id: "D11",
            rules: std_rules(),
            pos: PositionText {
                lock: Some("H"),
                ..pos("TH QS KH 2D JK", Some("9H"))
            },
            expect: "TH|KH|JK|PASS",
        },
        Vector {
            id: "D12",
            rules: std_rules(),
            pos: pos("TH QS KH 2D JK", Some("9S")),
            expect: "TH|QS|KH|2D|JK|PASS",
        },
        Vector {
            id: "D13",
            rules: std_rules(),
            pos: pos("6S 7H", Some("5H")),
            expect: "6S|7H|PASS",
        },
        Vector {
            id: "D14",
            rules: std_rules(),
            pos: PositionText {
                lock: Some("C"),
                ..pos("3S 3C KC", Some("JK"))
            },
            expect: "3S|PASS",
        },
        Vector {
            id: "D15",
            rules: std_rules(),
            pos: pos("8H 9H TH 8C", Some("7D 7S")),
            expect: "8H 8C|PASS",
        },
        Vector {
            id: "D17",
            rules: jack_back,
            pos: PositionText {
                jack_back: true,
                ..pos("3H 9C QS 2D JK", Some("JD"))
            },
            expect: "3H|9C|JK|PASS",
        },
    ];
    for v in vectors {
        assert_eq!(
            sorted(legal(&v.rules, v.pos.clone())),
            sorted(list(v.expect)),
            "{}",
            v.id
        );
    }
}

#[test]
fn d16_leading_gives_exactly_the_17_plays_in_the_book_s_order() {
    let got = legal_on(&std_rules(), "3S 3H 4H 5H JK", None);
    let want = list(
        "3S|3H|4H|5H|JK|3S 3H|3S JK|3H JK|4H JK|5H JK|3S 3H JK|3H 4H 5H|JK=3H 4H 5H|\
         3H JK=4H 5H|3H 4H JK=5H|4H 5H JK=6H|3H 4H 5H JK=6H",
    );
    assert_eq!(got.len(), 17);
    assert_eq!(got, want, "no PASS for the leader, and this order");
}

#[test]
fn d18_a_group_of_four_with_a_joker_starts_a_revolution() {
    let got = legal_on(&std_rules(), "9S 9H 9D JK 4C", None);
    assert!(got.contains(&"9S 9H 9D JK".to_string()));
    assert!(!got.contains(&"PASS".to_string()));
    let mut g = scenario(
        std_rules(),
        &["9S 9H 9D JK 4C", "5C 6C", "5D 6D", "5H 6H"],
        0,
    );
    let ev = act(&mut g, 0, "9S 9H 9D JK");
    assert!(ev.contains(&Event::Revolution { active: true }));
    assert!(g.trick().revolution);
}

#[test]
fn d8_each_answer_revolts_back() {
    let rules = std_rules();
    for answer in ["5S 5H 5D 5C", "5S 5H 5D JK", "5H 5D 5C JK"] {
        let mut g = scenario(
            rules,
            &[
                "6S 6H 6D 6C 3D",
                "5S 5H 5D 5C 7S 7H 7D 7C JK",
                "4C 9C",
                "4D 9D",
            ],
            0,
        );
        act(&mut g, 0, "6S 6H 6D 6C");
        assert!(g.trick().revolution);
        let ev = act(&mut g, 1, answer);
        assert!(
            ev.contains(&Event::Revolution { active: false }),
            "{answer}: {ev:?}"
        );
    }
}

#[test]
fn d9_an_eight_cuts_and_its_player_leads_again() {
    let mut g = scenario(std_rules(), &["6D 4S", "8C 9S", "4C 5C", "4D 5D"], 0);
    act(&mut g, 0, "6D");
    assert_eq!(sorted(legal_now(&g)), sorted(list("8C|9S|PASS")));
    let ev = act(&mut g, 1, "8C");
    assert!(ev.contains(&Event::Clear {
        leader: 1,
        cause: ClearCause::EightCut
    }));
    assert_eq!(g.current_seat(), Some(1));
    assert!(g.trick().pile.is_none());
}

#[test]
fn d11_to_d13_locks_come_from_the_trick_itself() {
    // D11: 5H then 9H locks hearts.
    let mut g = scenario(
        std_rules(),
        &["5H 3C", "9H 3D", "TH QS KH 2D JK", "4C 4D"],
        0,
    );
    act(&mut g, 0, "5H");
    let ev = act(&mut g, 1, "9H");
    assert!(ev.iter().any(|e| matches!(e, Event::Lock { .. })));
    assert_eq!(sorted(legal_now(&g)), sorted(list("TH|KH|JK|PASS")));
    // D12: 5H then 9S does not.
    let mut g = scenario(
        std_rules(),
        &["5H 3C", "9S 3D", "TH QS KH 2D JK", "4C 4D"],
        0,
    );
    act(&mut g, 0, "5H");
    act(&mut g, 1, "9S");
    assert_eq!(sorted(legal_now(&g)), sorted(list("TH|QS|KH|2D|JK|PASS")));
    // D13: a lone lead never locks.
    let mut g = scenario(std_rules(), &["5H 3C", "6S 7H", "4C 4D", "4S 4H"], 0);
    act(&mut g, 0, "5H");
    assert_eq!(sorted(legal_now(&g)), sorted(list("6S|7H|PASS")));
}

#[test]
fn d14_spade3_beats_a_lone_joker_under_a_lock_and_leads() {
    let mut g = scenario(std_rules(), &["5C 4H", "9C 4D", "JK 4S", "3S 3C KC"], 0);
    act(&mut g, 0, "5C");
    act(&mut g, 1, "9C"); // clubs locked
    assert!(!g.trick().lock.is_empty());
    act(&mut g, 2, "JK");
    assert_eq!(legal_now(&g), list("3S|PASS"));
    let ev = act(&mut g, 3, "3S");
    assert!(ev.contains(&Event::Clear {
        leader: 3,
        cause: ClearCause::Spade3
    }));
    assert_eq!(g.current_seat(), Some(3));
}

#[test]
fn d17_jack_back_judges_the_jack_in_the_old_order_then_reverses() {
    let rules = Rules {
        jack_back: true,
        ..std_rules()
    };
    let mut g = scenario(rules, &["9S 4C", "JD 4D", "3H 9C QS 2D JK", "4S 5S"], 0);
    act(&mut g, 0, "9S"); // another suit, so no lock
    let ev = act(&mut g, 1, "JD"); // J beats 9 in the order before it
    assert!(ev.contains(&Event::JackBack));
    assert_eq!(sorted(legal_now(&g)), sorted(list("3H|9C|JK|PASS")));
}

// ----- state-machine cases -------------------------------------------------------------------

#[test]
fn s1_a_passed_player_is_skipped_and_the_pile_clears() {
    let seats = ["5C 3H 4H", "6C 7C KD", "9D TD 3S", "4D 5D 6D"];
    let mut g = scenario(std_rules(), &seats, 0);
    act(&mut g, 0, "5C");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "9D");
    act(&mut g, 3, "PASS");
    assert_eq!(g.current_seat(), Some(0));
    let ev = act(&mut g, 0, "PASS");
    assert!(ev.contains(&Event::Clear {
        leader: 2,
        cause: ClearCause::AllPassed
    }));
    assert_eq!(g.current_seat(), Some(2), "B was skipped; C leads");
    // B tried to play out of turn earlier would have been refused as "passed".

    let reentry = Rules {
        pass_mode: PassMode::Reentry,
        ..std_rules()
    };
    let mut g = scenario(reentry, &seats, 0);
    act(&mut g, 0, "5C");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "9D");
    act(&mut g, 3, "PASS");
    act(&mut g, 0, "PASS");
    assert_eq!(g.current_seat(), Some(1), "reentry: B may play again");
    assert!(legal_now(&g).contains(&"KD".to_string()));
}

#[test]
fn s1_locked_pass_is_refused_with_its_reason() {
    let mut g = scenario(
        std_rules(),
        &["5C 3H 4H", "6C 7C KD", "9D TD 3S", "4D 5D 6D"],
        0,
    );
    act(&mut g, 0, "5C");
    act(&mut g, 1, "PASS");
    let before = g.clone();
    let err = g
        .apply(1, Action::Play(Play::parse("KD").unwrap()))
        .unwrap_err();
    assert_eq!(
        err.message(cardroom::config::Lang::En),
        "you passed; wait until the pile clears"
    );
    assert_eq!(g, before);
}

#[test]
fn s2_an_eight_as_the_last_card_cuts_and_is_a_forbidden_finish() {
    let seats = ["8D", "4C 6C 9C", "4D 6D 9D", "5S 4H 6H"];
    let mut g = scenario(std_rules(), &seats, 3);
    act(&mut g, 3, "5S");
    let ev = act(&mut g, 0, "8D");
    assert!(ev.contains(&Event::Finish {
        seat: 0,
        place: 4,
        kind: FinishKind::Foul
    }));
    assert!(ev.contains(&Event::Clear {
        leader: 1,
        cause: ClearCause::EightCut
    }));
    assert_eq!(g.current_seat(), Some(1), "A is out; B leads");

    let mut no_ff = std_rules();
    no_ff.forbidden_finish.eight = false;
    let mut g = scenario(no_ff, &seats, 3);
    act(&mut g, 3, "5S");
    let ev = act(&mut g, 0, "8D");
    assert!(ev.contains(&Event::Finish {
        seat: 0,
        place: 1,
        kind: FinishKind::Out
    }));
}

#[test]
fn s3_spade3_clears_at_once_and_its_player_leads() {
    let mut g = scenario(std_rules(), &["4C 5C", "JK 4D", "3S 5D", "4H 5H"], 1);
    act(&mut g, 1, "JK");
    let ev = act(&mut g, 2, "3S");
    assert!(ev.contains(&Event::Clear {
        leader: 2,
        cause: ClearCause::Spade3
    }));
    assert_eq!(g.current_seat(), Some(2));
    assert!(g.trick().pile.is_none());
}

#[test]
fn s4_a_revolution_survives_the_clear() {
    let mut g = scenario(
        std_rules(),
        &["6S 6H 6D 6C 4H 7D", "3C 5C KC 2C JK", "9D TD", "9H TH"],
        0,
    );
    act(&mut g, 0, "6S 6H 6D 6C");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "PASS");
    let ev = act(&mut g, 3, "PASS");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Clear { leader: 0, .. }))
    );
    assert!(g.trick().revolution, "the revolution survives the clear");
    act(&mut g, 0, "4H");
    assert_eq!(sorted(legal_now(&g)), sorted(list("3C|JK|PASS")));
}

/// Plays `last` as the last card(s) of seat 0 after seat 3 leads `pile`; returns seat 0's
/// finish.
fn finish_of(rules: Rules, seat0: &str, pile: Option<&str>, last: &str, revolution: bool) -> Event {
    let hands = hands(&[seat0, "4C 5C 6C", "4D 5D 6D", "9C 9D 4H 5H 6H QH"]);
    let mut g = scenario_with(
        rules,
        Scenario {
            hands,
            leader: if pile.is_some() { 3 } else { 0 },
            revolution,
            ..Default::default()
        },
        1,
    );
    if let Some(p) = pile {
        act(&mut g, 3, p);
    }
    let ev = act(&mut g, 0, last);
    *ev.iter()
        .find(|e| matches!(e, Event::Finish { seat: 0, .. }))
        .expect("seat 0 finished")
}

#[test]
fn s5_forbidden_finishes() {
    let r = std_rules();
    let foul = |place| Event::Finish {
        seat: 0,
        place,
        kind: FinishKind::Foul,
    };
    let out = |place| Event::Finish {
        seat: 0,
        place,
        kind: FinishKind::Out,
    };
    // (a) the 2 in normal order.
    assert_eq!(finish_of(r, "2S", Some("9C"), "2S", false), foul(4));
    // (b) the 3 in a revolution.
    assert_eq!(finish_of(r, "3C", Some("9C"), "3C", true), foul(4));
    // (c) a lone joker.
    assert_eq!(finish_of(r, "JK", Some("9C"), "JK", false), foul(4));
    // (d) a wildcard joker.
    let mut g = scenario(r, &["7H JK", "4C 5C 6C", "9D TD QD", "6S 6D 4H 5H"], 3);
    act(&mut g, 3, "6S 6D");
    let ev = act(&mut g, 0, "7H JK");
    assert!(ev.contains(&foul(4)), "{ev:?}");
    // (e) leading four 3s in normal order: the revolution is made by that very play.
    assert_eq!(
        finish_of(r, "3S 3H 3D 3C", None, "3S 3H 3D 3C", false),
        out(1)
    );
}

#[test]
fn s6_miyako_ochi_and_its_forbidden_finish_exception() {
    let rules = std_rules();
    let sc = |c_hand: &str| Scenario {
        hands: hands(&["4C 5C 6C", "4D 5D 6D", c_hand, "4H 5H 6H"]),
        leader: 2,
        round: 2,
        previous_places: Some(vec![2, 1, 3, 4]), // B is the reigning daifugo
        ..Default::default()
    };
    let mut g = scenario_with(rules, sc("5S"), 2);
    let ev = act(&mut g, 2, "5S");
    assert!(ev.contains(&Event::Finish {
        seat: 2,
        place: 1,
        kind: FinishKind::Out
    }));
    assert!(ev.contains(&Event::Finish {
        seat: 1,
        place: 4,
        kind: FinishKind::MiyakoOchi
    }));
    assert!(g.hand(1).is_empty(), "B's cards leave play");
    assert_eq!(g.out_of_play().len() - (54 - 10), 3);

    let mut g = scenario_with(rules, sc("2S"), 2);
    let ev = act(&mut g, 2, "2S");
    assert!(ev.contains(&Event::Finish {
        seat: 2,
        place: 4,
        kind: FinishKind::Foul
    }));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Finish { seat: 1, .. }))
    );
    assert_eq!(g.hand(1).len(), 3, "nothing happens to B");
}

#[test]
fn s7_the_daihinmin_gives_joker_and_two_the_daifugo_gives_back_any_two() {
    let rules = std_rules();
    let sc = Scenario {
        hands: hands(&[
            "3C 4C 5C 6C",    // seat 0: daifugo
            "3D 4D 5D 6D",    // seat 1: fugo
            "3H 4H 5H AS",    // seat 2: hinmin
            "7S 9S 2H JK KS", // seat 3: daihinmin
        ]),
        leader: 0,
        round: 2,
        previous_places: Some(vec![1, 2, 3, 4]),
        exchange: true,
        ..Default::default()
    };
    let mut g = scenario_with(rules, sc, 2);
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.current_seat(), Some(0), "the daifugo chooses first");
    let got = g.hand(0);
    assert!(got.contains_all(hands(&["2H JK"])[0]), "{got}");
    assert_eq!(g.hand(3).len(), 3);
    // The fugo received the hinmin's strongest card, the ace.
    assert!(g.hand(1).contains_all(hands(&["AS"])[0]));
    // Any two cards, including the ones just received.
    let back = hands(&["2H JK"])[0];
    let choices = g.legal_actions(0);
    assert_eq!(choices.len(), 15, "C(6,2) choices from 6 cards");
    assert!(choices.contains(&Action::GiveBack(back)));
    let ev = g.apply(0, Action::GiveBack(back)).unwrap();
    assert!(ev.contains(&Event::Exchange {
        round: 2,
        from: 0,
        to: 3,
        cards: back,
        forced: false
    }));
    assert_eq!(g.current_seat(), Some(1), "then the fugo gives back one");
    let err = g.apply(1, Action::GiveBack(CardSet::EMPTY)).unwrap_err();
    assert_eq!(
        err.message(cardroom::config::Lang::En),
        "give back exactly 1 card, not 0"
    );
    g.apply(1, Action::GiveBack(hands(&["3D"])[0])).unwrap();
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(
        g.current_seat(),
        Some(3),
        "the daihinmin leads later rounds"
    );
    assert_eq!(g.hand(3).len(), 5);
}

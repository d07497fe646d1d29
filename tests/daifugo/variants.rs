//! The UECda variants of `rules/daifugo.md` §3b and `uecda.md` ("Rules of the official
//! server"): the pile that clears only when everyone has passed, jokers that establish a lock
//! (and a lone joker that ends one), jokers "below 3" and "above 2" at the ends of a sequence,
//! the leader who may pass, the stalemate after N passes in a row, and `preset = "uecda"`.

use crate::common::*;
use cardroom::config::Config;
use cardroom::daifugo::rules::{ClearMode, Preset, Rules};
use cardroom::daifugo::{Action, ClearCause, Event, FinishKind, Play, SuitSet};

fn all_passed() -> Rules {
    Rules {
        clear_mode: ClearMode::AllPassed,
        ..Rules::default()
    }
}

#[test]
fn in_all_passed_mode_the_turn_comes_back_and_the_last_player_may_play_on() {
    // uecda.md: the pile clears only when every active player has passed, the last player
    // included; that player may play on top of their own cards.
    let seats = ["5C 7C 9D", "3H 4H", "3D 4D", "3S 4S"];
    let mut g = scenario(all_passed(), &seats, 0);
    act(&mut g, 0, "5C");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "PASS");
    let ev = act(&mut g, 3, "PASS");
    assert!(!ev.iter().any(|e| matches!(e, Event::Clear { .. })));
    assert_eq!(g.current_seat(), Some(0));
    assert_eq!(sorted(legal_now(&g)), sorted(list("7C|9D|PASS")));
    act(&mut g, 0, "7C");
    // The others passed on this pile already (locked passing): straight back to seat 0.
    assert_eq!(g.current_seat(), Some(0));
    let ev = act(&mut g, 0, "PASS");
    assert!(ev.contains(&Event::Clear {
        leader: 0,
        cause: ClearCause::AllPassed
    }));
    assert_eq!(g.current_seat(), Some(0));
    assert!(g.trick().pile.is_none());

    // The standard rule clears as soon as the other three have passed.
    let mut g = scenario(Rules::default(), &seats, 0);
    act(&mut g, 0, "5C");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "PASS");
    let ev = act(&mut g, 3, "PASS");
    assert!(ev.contains(&Event::Clear {
        leader: 0,
        cause: ClearCause::AllPassed
    }));
}

#[test]
fn in_all_passed_mode_a_player_who_went_out_hands_the_lead_on() {
    let seats = ["9C", "3H 4H", "3D 4D", "3S 4S"];
    let mut g = scenario(all_passed(), &seats, 0);
    act(&mut g, 0, "9C");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "PASS");
    let ev = act(&mut g, 3, "PASS");
    assert!(ev.contains(&Event::Clear {
        leader: 1,
        cause: ClearCause::AllPassed
    }));
}

fn establishing() -> Rules {
    let mut r = Rules::default();
    r.lock.joker_establishes = true;
    r
}

#[test]
fn a_joker_names_its_suit_in_a_group_and_can_establish_a_lock() {
    // Pile 5S 5H; the answer 9S + joker standing for 9H has the same suits: lock on ♠♥.
    let seats = ["5S 5H 3D", "9S JK 4D", "TS TH 4C", "3C 4S"];
    let mut g = scenario(establishing(), &seats, 0);
    act(&mut g, 0, "5S 5H");
    let legal = legal_now(&g);
    for want in ["9S JK=9H", "9S JK=9D", "9S JK=9C"] {
        assert!(legal.contains(&want.to_string()), "{want} in {legal:?}");
    }
    assert!(!legal.contains(&"9S JK".to_string()));
    let ev = act(&mut g, 1, "9S JK=9H");
    assert!(ev.contains(&Event::Lock {
        suits: SuitSet::parse("SH").unwrap()
    }));
    // Naming another suit sets no lock.
    let mut g = scenario(establishing(), &seats, 0);
    act(&mut g, 0, "5S 5H");
    let ev = act(&mut g, 1, "9S JK=9D");
    assert!(!ev.iter().any(|e| matches!(e, Event::Lock { .. })));

    // Under the standard rule a play with a joker never locks, whatever it names.
    let mut g = scenario(Rules::default(), &seats, 0);
    act(&mut g, 0, "5S 5H");
    assert!(legal_now(&g).contains(&"9S JK".to_string()));
    let ev = act(&mut g, 1, "9S JK=9H");
    assert!(!ev.iter().any(|e| matches!(e, Event::Lock { .. })));
}

#[test]
fn under_a_lock_the_joker_takes_the_locked_suit_and_a_lone_joker_ends_the_lock() {
    let seats = ["5H 3D", "7H 4D", "JK 9S 4C", "9H 3C"];
    let mut g = scenario(establishing(), &seats, 0);
    act(&mut g, 0, "5H");
    let ev = act(&mut g, 1, "7H");
    assert!(ev.contains(&Event::Lock {
        suits: SuitSet::parse("H").unwrap()
    }));
    let ev = act(&mut g, 2, "JK");
    assert!(ev.contains(&Event::Lock {
        suits: SuitSet::EMPTY
    }));
    assert!(g.trick().lock.is_empty());
}

fn joker_ends() -> Rules {
    let mut r = Rules::default();
    r.sequence.joker_ends = true;
    r
}

#[test]
fn a_joker_may_stand_below_the_3_or_above_the_2() {
    let p = Play::parse("JK=-S 3S 4S").unwrap();
    assert_eq!((p.lo_pos(), p.hi_pos(), p.len()), (-1, 1, 3));
    assert_eq!(p.to_string(), "JK=-S 3S 4S");
    let q = Play::parse("AH 2H JK=+H").unwrap();
    assert_eq!((q.lo_pos(), q.hi_pos()), (11, 13));
    assert_eq!(q.to_string(), "AH 2H JK=+H");
    // Only at the ends of the scale.
    assert!(Play::parse("JK=-S 4S 5S").is_err());
    assert!(Play::parse("QH KH JK=+H").is_err());

    // Leading 3S 4S and a joker: the joker below the 3 is one of the sequences.
    let legal = legal_on(&joker_ends(), "3S 4S JK 9D", None);
    assert!(legal.contains(&"JK=-S 3S 4S".to_string()), "{legal:?}");
    assert!(legal.contains(&"3S 4S JK=5S".to_string()));
    // Not under the standard rules, where the play is refused.
    let legal = legal_on(&Rules::default(), "3S 4S JK 9D", None);
    assert!(!legal.iter().any(|p| p.contains("JK=-")));
    let mut g = scenario(Rules::default(), &["3S 4S JK 9D", "5C"], 0);
    let e = g
        .apply(0, Action::Play(Play::parse("JK=-S 3S 4S").unwrap()))
        .unwrap_err();
    assert_eq!(e, cardroom::daifugo::RuleError::JokerPastEnd);
}

#[test]
fn sequences_past_the_ends_compare_by_their_positions() {
    // A joker above the 2 makes the top of the scale: nothing beats it in normal order...
    let got = legal_on(&joker_ends(), "JK 3D 4D 5D 6D KC", Some("AH 2H JK=+H"));
    assert_eq!(got, list("PASS"));
    // ...and J Q K is beaten by A 2 + joker above.
    let got = legal_on(&joker_ends(), "AS 2S JK 5D", Some("JH QH KH"));
    assert!(got.contains(&"AS 2S JK=+S".to_string()), "{got:?}");
    // In a revolution the joker below the 3 is the strongest place.
    let rev = cardroom::daifugo::position::PositionText {
        hand: "3S 4S JK",
        pile: Some("5H 6H 7H"),
        revolution: true,
        ..Default::default()
    };
    assert!(legal(&joker_ends(), rev).contains(&"JK=-S 3S 4S".to_string()));
}

#[test]
fn the_leader_may_pass_when_the_rule_says_so() {
    let r = Rules {
        leader_may_pass: true,
        ..Rules::default()
    };
    let mut g = scenario(r, &["5C 7C", "3H 4H", "3D 4D"], 0);
    assert!(legal_now(&g).contains(&"PASS".to_string()));
    act(&mut g, 0, "PASS");
    assert_eq!(g.current_seat(), Some(1));
    assert!(g.trick().pile.is_none());
    // Standard: refused.
    let mut g = scenario(Rules::default(), &["5C 7C", "3H 4H", "3D 4D"], 0);
    assert!(g.apply(0, Action::Pass).is_err());
}

#[test]
fn a_stalemate_deals_the_places_left_at_random_after_n_passes_in_a_row() {
    let r = Rules {
        leader_may_pass: true,
        stalemate_passes: 4,
        ..Rules::default()
    };
    let seats = ["5C 7C", "3H 4H", "3D 4D"];
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut g = scenario_seeded(r, &seats, 0, seed);
        act(&mut g, 0, "PASS");
        act(&mut g, 1, "PASS");
        act(&mut g, 2, "PASS");
        // All three passed on an empty pile: the same leader leads again.
        assert_eq!(g.current_seat(), Some(0));
        let ev = act(&mut g, 0, "PASS");
        assert!(ev.contains(&Event::Stalemate));
        let finishes: Vec<(u8, u8)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Finish {
                    seat,
                    place,
                    kind: FinishKind::Stalemate,
                } => Some((*seat, *place)),
                _ => None,
            })
            .collect();
        assert_eq!(finishes.len(), 3);
        let mut places: Vec<u8> = finishes.iter().map(|f| f.1).collect();
        places.sort_unstable();
        assert_eq!(places, [1, 2, 3]);
        assert!(ev.iter().any(|e| matches!(e, Event::RoundEnd { .. })));
        orders.insert(finishes);
    }
    // The draw depends on the seed: several orders come up.
    assert!(orders.len() >= 4, "{orders:?}");
    // Any play resets the count. (Passes on an empty pile stand until it clears: after the
    // 3D the other two have passed, so the pile clears and seat 2 leads again.)
    let mut g = scenario_seeded(r, &seats, 0, 1);
    act(&mut g, 0, "PASS");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "3D");
    assert_eq!(g.current_seat(), Some(2));
    act(&mut g, 2, "PASS");
    act(&mut g, 0, "PASS");
    act(&mut g, 1, "PASS");
    assert!(
        g.history().is_empty(),
        "three passes since the play: no stalemate yet"
    );
    let ev = act(&mut g, 2, "PASS");
    assert!(ev.contains(&Event::Stalemate));
}

#[test]
fn the_uecda_preset_sets_the_contest_rules_and_five_players() {
    let c = Config::from_toml("t", "[daifugo]\npreset = \"uecda\"\n").unwrap();
    let r = c.daifugo;
    assert_eq!(c.daifugo_players(), 5);
    assert_eq!(r, Rules::preset(Preset::Uecda));
    assert_eq!(r.jokers, 1);
    assert_eq!(r.clear_mode, ClearMode::AllPassed);
    assert!(r.lock.joker_establishes && r.sequence.joker_ends && r.leader_may_pass);
    assert_eq!(r.stalemate_passes, 20);
    assert_eq!(r.revolution.sequence_min, 5);
    assert!(r.eight_cut.joker_counts && r.eight_cut.in_sequence);
    assert!(!r.jack_back && !r.miyako_ochi);
    let ff = r.forbidden_finish;
    assert!(!ff.joker && !ff.strongest && !ff.eight && !ff.spade3);
    assert_eq!(r.later_lead, cardroom::daifugo::rules::LaterLead::Diamond3);
    // A key overrides the preset; cpus too.
    let c = Config::from_toml(
        "t",
        "[daifugo]\npreset = \"uecda\"\ncpus = 3\nstalemate_passes = 0\n",
    )
    .unwrap();
    assert_eq!(c.daifugo_players(), 4);
    assert_eq!(c.daifugo.stalemate_passes, 0);
    // The standard table keeps 4 players.
    let c = Config::from_toml("t", "[daifugo]\n").unwrap();
    assert_eq!(c.daifugo_players(), 4);
}

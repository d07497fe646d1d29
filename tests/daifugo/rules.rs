//! Rule cases derived from the text of `rules/daifugo.md` beyond the public vectors: number
//! lock, jack-back with revolution, locks and jokers, overlap comparison, passing modes, eight-cut
//! variants, forbidden-finish combinations, miyako-ochi, titles, the exchange by player count,
//! and the player-readable reasons for refusals.

use crate::common::*;
use cardroom::cards::rng_from_seed;
use cardroom::daifugo::position::PositionText;
use cardroom::daifugo::rules::{PassMode, Preset, Rules, SequenceCompare};
use cardroom::daifugo::{
    Action, ClearCause, CpuPlayer, EasyCpu, Event, FinishKind, Game, MatchSettings, Phase, Play,
    RuleError, Scenario, SuitSet, Title,
};
use cardroom::i18n::daifugo::Message;

fn std_rules() -> Rules {
    Rules::default()
}

fn has_event(ev: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    ev.iter().any(f)
}

// ----- number lock ---------------------------------------------------------------------------

#[test]
fn number_lock_asks_for_the_next_rank() {
    let mut rules = std_rules();
    rules.lock.number = true;
    let seats = ["5H 3D 4D", "6S 3C 4C", "7C 8D 9S JK 3H", "TD JD QD"];
    let mut g = scenario(rules, &seats, 0);
    act(&mut g, 0, "5H");
    let ev = act(&mut g, 1, "6S");
    assert!(ev.contains(&Event::NumberLock));
    assert_eq!(sorted(legal_now(&g)), sorted(list("7C|JK|PASS")));
    let err = g
        .apply(2, Action::Play(Play::parse("9S").unwrap()))
        .unwrap_err();
    assert_eq!(
        err.message(cardroom::config::Lang::En),
        "the numbers are locked: only a 7 may follow"
    );

    // Without the rule, any stronger card.
    let mut g = scenario(std_rules(), &seats, 0);
    act(&mut g, 0, "5H");
    act(&mut g, 1, "6S");
    assert_eq!(sorted(legal_now(&g)), sorted(list("7C|8D|9S|JK|PASS")));
}

#[test]
fn number_lock_runs_downward_in_a_revolution_and_needs_consecutive_ranks() {
    let mut rules = std_rules();
    rules.lock.number = true;
    let mut g = scenario_with(
        rules,
        Scenario {
            hands: hands(&["7H 3D 4D", "6S TC", "5C 4S 3S JK", "TD JD QD"]),
            leader: 0,
            revolution: true,
            ..Default::default()
        },
        1,
    );
    act(&mut g, 0, "7H");
    let ev = act(&mut g, 1, "6S");
    assert!(ev.contains(&Event::NumberLock));
    assert_eq!(sorted(legal_now(&g)), sorted(list("5C|JK|PASS")));

    // 5 then 7 is not consecutive: no lock.
    let mut g = scenario(rules, &["5H 3D", "7S 3C", "8C 9C", "TD JD"], 0);
    act(&mut g, 0, "5H");
    let ev = act(&mut g, 1, "7S");
    assert!(!ev.contains(&Event::NumberLock));
    assert_eq!(sorted(legal_now(&g)), sorted(list("8C|9C|PASS")));
}

#[test]
fn number_lock_applies_to_groups_and_through_the_cli_position() {
    let mut rules = std_rules();
    rules.lock.number = true;
    let mut g = scenario(
        rules,
        &["5S 5H 3D", "6D 6C 3C", "7S 7H 9S 9H", "TD JD QD"],
        0,
    );
    act(&mut g, 0, "5S 5H");
    act(&mut g, 1, "6D 6C");
    assert_eq!(sorted(legal_now(&g)), sorted(list("7S 7H|PASS")));
    let got = legal(
        &rules,
        PositionText {
            hand: "7C 8D JK",
            pile: Some("6S"),
            number_lock: true,
            ..Default::default()
        },
    );
    assert_eq!(sorted(got), sorted(list("7C|JK|PASS")));
}

// ----- jack-back -----------------------------------------------------------------------------

#[test]
fn jack_back_and_revolution_combine_by_exclusive_or() {
    let rules = Rules {
        jack_back: true,
        ..std_rules()
    };
    // Revolution and jack-back: the normal order again.
    let got = legal(
        &rules,
        PositionText {
            hand: "3H 9C QS 2D JK",
            pile: Some("JD"),
            revolution: true,
            jack_back: true,
            ..Default::default()
        },
    );
    assert_eq!(sorted(got), sorted(list("QS|2D|JK|PASS")));

    // In a revolution a J beats a Q (judged before it), then the order is normal until the
    // pile clears.
    let mut g = scenario_with(
        rules,
        Scenario {
            hands: hands(&["QS 4C 5C", "JH 4D 5D", "TC KC 3S", "TD 9D 6D"]),
            leader: 0,
            revolution: true,
            ..Default::default()
        },
        1,
    );
    act(&mut g, 0, "QS");
    let ev = act(&mut g, 1, "JH");
    assert!(ev.contains(&Event::JackBack));
    assert!(g.trick().revolution && g.trick().jack_back);
    assert_eq!(sorted(legal_now(&g)), sorted(list("KC|PASS")));
    act(&mut g, 2, "PASS");
    act(&mut g, 3, "PASS");
    let ev = act(&mut g, 0, "PASS");
    assert!(has_event(&ev, |e| matches!(
        e,
        Event::Clear { leader: 1, .. }
    )));
    assert!(!g.trick().jack_back, "jack-back ends with the pile");
    assert!(g.trick().revolution, "the revolution stays");
}

// ----- locks and jokers ----------------------------------------------------------------------

#[test]
fn a_joker_fills_a_locked_suit_in_a_group() {
    let got = legal(
        &std_rules(),
        PositionText {
            hand: "TS TH TD JK KS",
            pile: Some("9S 9H"),
            lock: Some("SH"),
            ..Default::default()
        },
    );
    assert_eq!(sorted(got), sorted(list("TS TH|TS JK|TH JK|KS JK|PASS")));
    // A lone joker may always be played under a lock.
    let got = legal(
        &std_rules(),
        PositionText {
            hand: "JK 2S",
            pile: Some("9H"),
            lock: Some("H"),
            ..Default::default()
        },
    );
    assert_eq!(sorted(got), sorted(list("JK|PASS")));
}

#[test]
fn a_play_with_a_joker_never_establishes_a_lock() {
    let mut g = scenario(
        std_rules(),
        &["5S 5H 3D", "9S JK 3C", "TD TC 4D", "QS QH 4H"],
        0,
    );
    act(&mut g, 0, "5S 5H");
    let ev = act(&mut g, 1, "9S JK");
    assert!(!has_event(&ev, |e| matches!(e, Event::Lock { .. })));
    assert!(legal_now(&g).contains(&"TD TC".to_string()));
    // Nor a joker-free play after a group with a joker (its suits are not known).
    let ev = act(&mut g, 2, "TD TC");
    assert!(!has_event(&ev, |e| matches!(e, Event::Lock { .. })));
}

#[test]
fn a_sequence_with_a_joker_still_has_its_suit_for_the_next_play() {
    let seats = [
        "JK 4H 5H 3C",
        "9H TH JH 3D",
        "QS KS AS QH KH AH 4C",
        "6D 7D 4S",
    ];
    let mut g = scenario(std_rules(), &seats, 0);
    act(&mut g, 0, "JK=3H 4H 5H");
    let ev = act(&mut g, 1, "9H TH JH");
    assert!(ev.contains(&Event::Lock {
        suits: SuitSet::parse("H").unwrap()
    }));
    assert_eq!(sorted(legal_now(&g)), sorted(list("QH KH AH|PASS")));

    // The other way round: the answer holds the joker, so no lock.
    let seats = [
        "3H 4H 5H 3C",
        "9H JK JH 3D",
        "QS KS AS QH KH AH 4C",
        "6D 7D 4S",
    ];
    let mut g = scenario(std_rules(), &seats, 0);
    act(&mut g, 0, "3H 4H 5H");
    let ev = act(&mut g, 1, "9H JK=TH JH");
    assert!(!has_event(&ev, |e| matches!(e, Event::Lock { .. })));
    assert_eq!(
        sorted(legal_now(&g)),
        sorted(list("QS KS AS|QH KH AH|PASS"))
    );
}

// ----- comparison ----------------------------------------------------------------------------

#[test]
fn sequences_compare_strict_or_overlap_in_both_orders() {
    let overlap = Rules {
        sequence: cardroom::daifugo::rules::SequenceRules {
            compare: SequenceCompare::Overlap,
            ..std_rules().sequence
        },
        ..std_rules()
    };
    let rev = |hand, pile| PositionText {
        hand,
        pile: Some(pile),
        revolution: true,
        ..Default::default()
    };
    // In a revolution lower is stronger: overlap compares the top (lowest) cards.
    let got = legal(&overlap, rev("5S 6S 7S 9S", "7H 8H 9H"));
    assert_eq!(sorted(got), sorted(list("5S 6S 7S|PASS")));
    // Strict: the new sequence must lie wholly below the old.
    let got = legal(&std_rules(), rev("4S 5S 6S 7S 9S", "7H 8H 9H"));
    assert_eq!(sorted(got), sorted(list("4S 5S 6S|PASS")));
}

#[test]
fn jokers_only_are_strongest_in_both_orders() {
    let r = std_rules();
    let rev = |hand, pile| PositionText {
        hand,
        pile: Some(pile),
        revolution: true,
        ..Default::default()
    };
    assert_eq!(
        sorted(legal(&r, rev("JK 4S", "3S"))),
        sorted(list("JK|PASS"))
    );
    // JK JK beats any pair and cannot be beaten.
    assert_eq!(legal_on(&r, "JK JK", Some("2S 2H")), list("JK JK|PASS"));
    assert_eq!(legal_on(&r, "2C 2D", Some("JK JK")), list("PASS"));
    // A joker cannot beat a joker.
    assert_eq!(
        legal_on(&Rules { spade3: false, ..r }, "JK", Some("JK")),
        list("PASS")
    );
}

// ----- passing and clearing ------------------------------------------------------------------

#[test]
fn reentry_clears_only_when_all_others_pass_after_the_last_play() {
    let rules = Rules {
        pass_mode: PassMode::Reentry,
        ..std_rules()
    };
    let mut g = scenario(rules, &["5C 3H", "6C KD", "9D 3S", "4D 6D"], 0);
    act(&mut g, 0, "5C");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "9D");
    act(&mut g, 3, "PASS");
    act(&mut g, 0, "PASS");
    let ev = act(&mut g, 1, "PASS");
    assert!(ev.contains(&Event::Clear {
        leader: 2,
        cause: ClearCause::AllPassed
    }));
}

#[test]
fn when_the_last_player_went_out_the_next_active_seat_leads() {
    let mut g = scenario(std_rules(), &["9C", "4C 5C", "4D 5D", "4H 5H"], 0);
    let ev = act(&mut g, 0, "9C");
    assert!(ev.contains(&Event::Finish {
        seat: 0,
        place: 1,
        kind: FinishKind::Out
    }));
    assert_eq!(g.current_seat(), Some(1), "the others must still answer");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "PASS");
    let ev = act(&mut g, 3, "PASS");
    assert!(ev.contains(&Event::Clear {
        leader: 1,
        cause: ClearCause::AllPassed
    }));
}

// ----- eight-cut and revolution variants ------------------------------------------------------

#[test]
fn eight_cut_variants() {
    let seats = ["6S 7S 8S 3C", "4C 5C", "4D 5D", "4H 5H"];
    let cut = |rules: Rules, play: &str, seat0: &str| {
        let mut g = scenario(rules, &[seat0, "4C 5C", "4D 5D", "4H 5H"], 0);
        let ev = act(&mut g, 0, play);
        ev.iter().any(|e| {
            matches!(
                e,
                Event::Clear {
                    cause: ClearCause::EightCut,
                    ..
                }
            )
        })
    };
    let r = std_rules();
    assert!(cut(r, "6S 7S 8S", seats[0]), "an 8 inside a sequence cuts");
    let mut no_seq = r;
    no_seq.eight_cut.in_sequence = false;
    assert!(!cut(no_seq, "6S 7S 8S", seats[0]));
    assert!(
        !cut(r, "6S 7S JK=8S", "6S 7S JK 3C"),
        "a joker-8 does not cut"
    );
    let mut joker_counts = r;
    joker_counts.eight_cut.joker_counts = true;
    assert!(cut(joker_counts, "6S 7S JK=8S", "6S 7S JK 3C"));
    let mut off = r;
    off.eight_cut.enabled = false;
    assert!(!cut(off, "8S", "8S 3C"));
}

#[test]
fn sequences_revolt_only_when_configured() {
    let seats = ["3H 4H 5H 6H 7H 9C", "4C 5C", "4D 5D", "4S 5S"];
    let mut g = scenario(std_rules(), &seats, 0);
    let ev = act(&mut g, 0, "3H 4H 5H 6H 7H");
    assert!(!has_event(&ev, |e| matches!(e, Event::Revolution { .. })));
    let mut r = std_rules();
    r.revolution.sequence_min = 5;
    let mut g = scenario(r, &seats, 0);
    let ev = act(&mut g, 0, "3H 4H 5H 6H 7H");
    assert!(ev.contains(&Event::Revolution { active: true }));
}

// ----- forbidden finish and miyako-ochi ------------------------------------------------------

#[test]
fn two_forbidden_finishes_the_earlier_takes_the_lower_place() {
    let mut g = scenario(std_rules(), &["2S", "JK", "3C KC", "5D 6D 7D"], 0);
    let ev = act(&mut g, 0, "2S");
    assert!(ev.contains(&Event::Finish {
        seat: 0,
        place: 4,
        kind: FinishKind::Foul
    }));
    let ev = act(&mut g, 1, "JK");
    assert!(ev.contains(&Event::Finish {
        seat: 1,
        place: 3,
        kind: FinishKind::Foul
    }));
    act(&mut g, 2, "PASS");
    act(&mut g, 3, "PASS");
    assert_eq!(g.current_seat(), Some(2), "B is out: C leads");
    act(&mut g, 2, "3C");
    act(&mut g, 3, "5D");
    let ev = act(&mut g, 2, "KC");
    let end = round_end(&ev, 4).expect("the round ends with one player holding cards");
    assert_eq!(end.0, [4, 3, 1, 2]);
    assert_eq!(end.1, [1, 2, 4, 3], "points are players - place + 1");
}

/// Places and points of the round end among `ev`.
fn round_end(ev: &[Event], n: usize) -> Option<(Vec<u8>, Vec<u32>)> {
    ev.iter().find_map(|e| match e {
        Event::RoundEnd { places, points, .. } => {
            Some((places[..n].to_vec(), points[..n].to_vec()))
        }
        _ => None,
    })
}

#[test]
fn a_spade3_return_as_the_last_card_is_forbidden() {
    let mut g = scenario(std_rules(), &["JK 4C", "3S", "4D 5D", "4H 5H"], 0);
    act(&mut g, 0, "JK");
    let ev = act(&mut g, 1, "3S");
    assert!(ev.contains(&Event::Finish {
        seat: 1,
        place: 4,
        kind: FinishKind::Foul
    }));
    assert!(ev.contains(&Event::Clear {
        leader: 2,
        cause: ClearCause::Spade3
    }));
    let mut r = std_rules();
    r.forbidden_finish.spade3 = false;
    let mut g = scenario(r, &["JK 4C", "3S", "4D 5D", "4H 5H"], 0);
    act(&mut g, 0, "JK");
    let ev = act(&mut g, 1, "3S");
    assert!(ev.contains(&Event::Finish {
        seat: 1,
        place: 1,
        kind: FinishKind::Out
    }));
}

#[test]
fn forbidden_finish_keys_can_each_be_turned_off() {
    let mut r = std_rules();
    r.forbidden_finish.strongest = false;
    let mut g = scenario(r, &["2S", "4C 5C", "4D 5D", "4H 5H"], 0);
    let ev = act(&mut g, 0, "2S");
    assert!(ev.contains(&Event::Finish {
        seat: 0,
        place: 1,
        kind: FinishKind::Out
    }));
    let mut r = std_rules();
    r.forbidden_finish.joker = false;
    let mut g = scenario(r, &["JK", "4C 5C", "4D 5D", "4H 5H"], 0);
    let ev = act(&mut g, 0, "JK");
    assert!(ev.contains(&Event::Finish {
        seat: 0,
        place: 1,
        kind: FinishKind::Out
    }));
}

fn miyako(ev: &[Event]) -> bool {
    ev.iter().any(|e| {
        matches!(
            e,
            Event::Finish {
                kind: FinishKind::MiyakoOchi,
                ..
            }
        )
    })
}

#[test]
fn miyako_ochi_needs_round_two_another_winner_and_the_rule() {
    let sc = |round: u32, leader: usize, hands_: &[&str]| Scenario {
        hands: hands(hands_),
        leader,
        round,
        previous_places: (round > 1).then(|| vec![2, 1, 3, 4]),
        ..Default::default()
    };
    let seats = ["4C 5C 6C", "4D 5D 6D", "5S", "4H 5H 6H"];
    // Round 1: nobody reigns.
    let mut g = scenario_with(std_rules(), sc(1, 2, &seats), 1);
    assert!(!miyako(&act(&mut g, 2, "5S")));
    // The reigning daifugo finishing first keeps the title.
    let seats_b = ["4C 5C 6C", "5S", "4D 5D 6D", "4H 5H 6H"];
    let mut g = scenario_with(std_rules(), sc(2, 1, &seats_b), 2);
    let ev = act(&mut g, 1, "5S");
    assert!(ev.contains(&Event::Finish {
        seat: 1,
        place: 1,
        kind: FinishKind::Out
    }));
    assert!(!miyako(&ev));
    // Rule off.
    let mut r = std_rules();
    r.miyako_ochi = false;
    let mut g = scenario_with(r, sc(2, 2, &seats), 2);
    assert!(!miyako(&act(&mut g, 2, "5S")));
    assert_eq!(g.hand(1).len(), 3);
}

#[test]
fn miyako_ochi_leaving_one_player_ends_the_round() {
    // Three players (miyako-ochi lowered to three): C goes out first, the daifugo B falls to
    // 3rd, A is left with cards and takes the one free place, 2nd.
    let mut r = std_rules();
    r.miyako_ochi_min_players = 3;
    let mut g = scenario_with(
        r,
        Scenario {
            hands: hands(&["4C 5C", "4D 5D", "5S"]),
            leader: 2,
            round: 2,
            previous_places: Some(vec![2, 1, 3]),
            ..Default::default()
        },
        2,
    );
    let ev = act(&mut g, 2, "5S");
    assert!(miyako(&ev));
    let (places, points) = round_end(&ev, 3).expect("round over");
    assert_eq!(places, [2, 3, 1]);
    assert_eq!(points, [2, 1, 3]);
    assert_eq!(g.phase(), Phase::MatchOver);
    let result = g.outcome().unwrap();
    assert_eq!(result.totals, [2, 1, 3]);
    assert_eq!(result.ranks, [2, 3, 1]);
}

// ----- titles and the exchange by player count ------------------------------------------------

fn exchange_moves(events: &[Event]) -> Vec<(u8, u8, String, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Exchange {
                from,
                to,
                cards,
                forced,
                ..
            } => Some((*from, *to, cards.to_string(), *forced)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_exchange_by_player_count() {
    // 3 players: only the daihinmin and the daifugo exchange, 2 cards.
    let sc = Scenario {
        hands: hands(&["3C 4C 2S JK 9D", "3D 4D 5D 6D", "3H 4H 5H 6H"]),
        leader: 0,
        round: 2,
        previous_places: Some(vec![3, 1, 2]),
        exchange: true,
        ..Default::default()
    };
    let settings = MatchSettings {
        rules: std_rules(),
        players: 3,
        rounds: 2,
    };
    let mut events = Vec::new();
    let g = Game::from_scenario(settings, rng_from_seed(1), &sc, &mut events).unwrap();
    assert_eq!(exchange_moves(&events), [(0, 1, "2S JK".to_string(), true)]);
    assert_eq!(g.hand(2).len(), 4, "the heimin keeps their cards");
    assert_eq!(g.current_seat(), Some(1));
    assert_eq!(
        g.view(1).give_back.map(|gb| (gb.count, gb.to)),
        Some((2, 0))
    );

    // 5 players: 2 cards from 5th to 1st, 1 from 4th to 2nd; the heimin is left out.
    let sc = Scenario {
        hands: hands(&["3C 4C", "3D 4D", "3H 4H AS", "5C 6C", "7C 8C KH"]),
        leader: 0,
        round: 2,
        previous_places: Some(vec![1, 2, 3, 4, 5]),
        exchange: true,
        ..Default::default()
    };
    let settings = MatchSettings {
        rules: std_rules(),
        players: 5,
        rounds: 2,
    };
    let mut events = Vec::new();
    let mut g = Game::from_scenario(settings, rng_from_seed(1), &sc, &mut events).unwrap();
    assert_eq!(
        exchange_moves(&events),
        [
            (4, 0, "8C KH".to_string(), true),
            (3, 1, "6C".to_string(), true)
        ]
    );
    assert_eq!(g.hand(2).len(), 3);
    // Give-backs go down the same way, the daifugo first.
    assert_eq!(g.current_seat(), Some(0));
    let ev = g.apply(0, Action::GiveBack(hands(&["3C 4C"])[0])).unwrap();
    assert_eq!(exchange_moves(&ev), [(0, 4, "3C 4C".to_string(), false)]);
    let ev = g.apply(1, Action::GiveBack(hands(&["3D"])[0])).unwrap();
    assert_eq!(exchange_moves(&ev), [(1, 3, "3D".to_string(), false)]);
    assert_eq!(g.phase(), Phase::Play);
}

#[test]
fn titles_come_from_the_previous_round() {
    let settings = MatchSettings {
        rules: std_rules(),
        players: 6,
        rounds: 2,
    };
    let (mut g, _) = Game::new(settings, rng_from_seed(3)).unwrap();
    assert!(
        g.titles().iter().all(Option::is_none),
        "no titles in round 1"
    );
    let mut cpu = EasyCpu;
    let mut rng = rng_from_seed(4);
    while g.round() == 1 {
        let seat = g.current_seat().unwrap();
        let a = cpu.choose(&g.seat_view(seat), &mut rng);
        g.apply(seat, a).unwrap();
    }
    let places = &g.history()[0].places;
    for (seat, title) in g.titles().iter().enumerate() {
        let want = match places[seat] {
            1 => Title::Daifugo,
            2 => Title::Fugo,
            5 => Title::Hinmin,
            6 => Title::Daihinmin,
            _ => Title::Heimin,
        };
        assert_eq!(*title, Some(want), "seat {seat} place {}", places[seat]);
    }
}

/// A game that pauses between rounds sends the same events as one that does not, split at each
/// round's end: the action that ends a round leaves the table as the round left it (no seat to
/// act, every action refused, the round's places), and `next_round` deals the next one with the
/// exchange's forced gifts. The last round ends the match without a pause.
#[test]
fn a_pause_between_rounds_splits_the_same_events() {
    let settings = MatchSettings {
        rules: std_rules(),
        players: 4,
        rounds: 3,
    };
    let play = |pause: bool| -> (Vec<Event>, u32) {
        let (mut g, mut events) = Game::new(settings, rng_from_seed(8)).unwrap();
        g.set_pause_between_rounds(pause);
        let mut cpu = EasyCpu;
        let mut rng = rng_from_seed(9);
        let mut pauses = 0;
        loop {
            if g.phase() == Phase::RoundOver {
                pauses += 1;
                let round = g.round();
                assert_eq!(g.current_seat(), None);
                assert_eq!(g.history().last().map(|r| r.round), Some(round));
                let places = &g.history()[usize::try_from(round).unwrap() - 1].places;
                let view = g.view(0);
                assert_eq!(view.round, round, "the table is the finished round's");
                let placed: Vec<Option<u8>> = places.iter().map(|p| Some(*p)).collect();
                assert_eq!(view.places, placed);
                for seat in 0..4 {
                    assert_eq!(
                        g.check(seat, Action::Pass),
                        Err(RuleError::RoundOver),
                        "seat {seat}"
                    );
                    assert!(g.legal_actions(seat).is_empty());
                }
                let before = g.clone();
                assert_eq!(g.apply(0, Action::Pass), Err(RuleError::RoundOver));
                assert_eq!(g, before, "a refused action changes nothing");
                let dealt = g.next_round();
                assert!(
                    matches!(dealt.first(), Some(Event::Deal { .. })),
                    "{dealt:?}"
                );
                assert_eq!(g.round(), round + 1);
                events.extend(dealt);
                continue;
            }
            let Some(seat) = g.current_seat() else { break };
            // Away from a round's end, next_round deals nothing and changes nothing.
            let before = g.clone();
            assert!(g.next_round().is_empty());
            assert_eq!(g, before);
            let a = cpu.choose(&g.seat_view(seat), &mut rng);
            events.extend(g.apply(seat, a).unwrap());
        }
        assert_eq!(g.phase(), Phase::MatchOver);
        (events, pauses)
    };
    let (plain, none) = play(false);
    let (paused, pauses) = play(true);
    assert_eq!(none, 0);
    assert_eq!(pauses, 2, "after rounds 1 and 2, not after the last");
    assert_eq!(paused, plain);
}

// ----- presets and refusals ------------------------------------------------------------------

#[test]
fn classic_plays_no_sequences() {
    let classic = Rules::preset(Preset::Classic);
    assert_eq!(legal_on(&classic, "3H 4H 5H", None), list("3H|4H|5H"));
    let mut g = scenario(classic, &["3H 4H 5H", "4C 5C", "4D 5D", "4S 5S"], 0);
    let err = g
        .apply(0, Action::Play(Play::parse("3H 4H 5H").unwrap()))
        .unwrap_err();
    assert_eq!(err, RuleError::SequencesOff);
}

/// Tries an action that must be refused; returns the English reason after checking that the
/// game did not change.
fn refused(g: &mut Game, seat: usize, what: &str) -> String {
    let before = g.clone();
    let action = if what == "PASS" {
        Action::Pass
    } else {
        Action::Play(Play::parse(what).unwrap())
    };
    let e = g.apply(seat, action).unwrap_err();
    assert!(*g == before, "unchanged after {what}");
    e.message(cardroom::config::Lang::En)
}

#[test]
fn refusals_say_why_and_change_nothing() {
    let mut g = scenario(
        std_rules(),
        &["7D 7S 3C", "8H 9H TH 8C 9S", "5H 9C", "QH QS"],
        0,
    );
    assert_eq!(
        refused(&mut g, 0, "PASS"),
        "the leader must play; there is nothing to pass on"
    );
    assert_eq!(
        refused(&mut g, 1, "8H"),
        "it is not your turn (seat 0 is to act, not seat 1)"
    );
    assert_eq!(refused(&mut g, 0, "AS"), "you do not hold AS");
    act(&mut g, 0, "7D 7S");
    assert_eq!(
        refused(&mut g, 1, "8H 9H TH"),
        "a pair needs to be answered by a pair"
    );
    assert_eq!(
        refused(&mut g, 1, "9S"),
        "a pair needs to be answered by a pair"
    );

    let mut g = scenario(std_rules(), &["9H 3C", "9S 3D", "5H 4C", "TC 4D"], 0);
    act(&mut g, 0, "9H");
    assert_eq!(refused(&mut g, 1, "9S"), "9S does not beat 9H");

    let mut g = scenario(std_rules(), &["5H 3C", "9H 3D", "TC 4C", "TD 4D"], 0);
    act(&mut g, 0, "5H");
    act(&mut g, 1, "9H");
    assert_eq!(refused(&mut g, 2, "TC"), "the suits are locked to ♥");
    // The Japanese reason comes from the ja table.
    let e = g
        .apply(2, Action::Play(Play::parse("TC").unwrap()))
        .unwrap_err();
    assert_eq!(e.message(cardroom::config::Lang::Ja), "♥ に縛られています");
}

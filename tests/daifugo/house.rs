//! The house rules of `rules/daifugo.md` §3b, case by case from the rule book: 5-skip, 7-pass,
//! 10-discard, 9-reverse, Q-bomber, ambulance, sandstorm, partial and geki lock, forbidden
//! finish as illegal, gekokujo, the miyako-ochi player minimum, joker return; the order of
//! effects of one play; `preset = "party"` and the config keys.

use crate::common::*;
use cardroom::cards::Card;
use cardroom::daifugo::cardset::RankSet;
use cardroom::daifugo::rules::{
    Ambulance, Amount, Count, Eligible, ForbiddenMode, Preset, Rules, Sandstorm, SuitLock,
};
use cardroom::daifugo::state::Pending;
use cardroom::daifugo::{
    Action, CardSet, ClearCause, Decision, Event, FinishKind, Game, RuleError, Scenario,
};

fn std_rules() -> Rules {
    Rules::default()
}

fn party() -> Rules {
    Rules::preset(Preset::Party)
}

/// The cards of one hand in notation (jokers numbered from 0).
fn cards(s: &str) -> CardSet {
    hands(&[s])[0]
}

/// Applies `action` for `seat`; panics with the engine's reason if refused.
fn apply(g: &mut Game, seat: usize, action: Action) -> Vec<Event> {
    g.apply(seat, action)
        .unwrap_or_else(|e| panic!("seat {seat} {action:?}: {e:?}"))
}

fn give(g: &mut Game, seat: usize, c: &str) -> Vec<Event> {
    apply(g, seat, Action::Give(cards(c)))
}

fn bomb(g: &mut Game, seat: usize, ranks: &str) -> Vec<Event> {
    apply(g, seat, Action::Bomb(RankSet::parse(ranks).unwrap()))
}

fn skips(ev: &[Event]) -> Vec<u8> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Skip { seat } => Some(*seat),
            _ => None,
        })
        .collect()
}

fn finishes(ev: &[Event]) -> Vec<(u8, u8, FinishKind)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Finish { seat, place, kind } => Some((*seat, *place, *kind)),
            _ => None,
        })
        .collect()
}

fn clears(ev: &[Event]) -> Vec<(u8, ClearCause)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Clear { leader, cause } => Some((*leader, *cause)),
            _ => None,
        })
        .collect()
}

fn decision(g: &Game) -> Decision {
    let seat = g.current_seat().unwrap();
    g.seat_view(seat).decision()
}

// ----- the order of effects ----------------------------------------------------------------

#[test]
fn a_run_with_a_five_seven_and_eight_gives_then_cuts_and_does_not_skip() {
    // §3b "Order of effects": 5H 6H 7H 8H — (3) the 7-pass, then (5) the 8-cut, which cancels
    // (6) the 5-skip.
    let seats = ["5H 6H 7H 8H 3C 9C", "3D 4C", "3S 4S", "3H 4H"];
    let mut g = scenario(party(), &seats, 0);
    let ev = act(&mut g, 0, "5H 6H 7H 8H");
    assert!(clears(&ev).is_empty() && skips(&ev).is_empty(), "{ev:?}");
    assert_eq!(g.current_seat(), Some(0));
    assert_eq!(
        decision(&g),
        Decision::Give {
            count: 1,
            exact: false,
            to: 1
        }
    );
    // Up to one card: nothing, 3C or 9C.
    assert_eq!(g.legal_actions(0).len(), 3);
    let ev = give(&mut g, 0, "9C");
    assert_eq!(
        ev[0],
        Event::Give {
            from: 0,
            to: 1,
            cards: cards("9C")
        }
    );
    assert_eq!(clears(&ev), [(0, ClearCause::EightCut)]);
    assert!(skips(&ev).is_empty());
    assert_eq!(g.current_seat(), Some(0));
    assert!(g.trick().pile.is_none());
    assert!(g.hand(1).contains("9C".parse::<Card>().unwrap()));
}

#[test]
fn three_fives_at_four_players_skip_everyone_and_the_pile_clears() {
    let mut r = std_rules();
    r.five_skip.enabled = true;
    let seats = ["5S 5H 5D 9C", "3D 4C", "3S 4S", "3H 4H"];
    let mut g = scenario(r, &seats, 0);
    let ev = act(&mut g, 0, "5S 5H 5D");
    assert_eq!(skips(&ev), [1, 2, 3]);
    assert_eq!(clears(&ev), [(0, ClearCause::AllPassed)]);
    assert_eq!(g.current_seat(), Some(0));
    // Per play: one skip only, then the turn goes on to seat 2.
    r.five_skip.count = Count::PerPlay;
    let mut g = scenario(r, &seats, 0);
    let ev = act(&mut g, 0, "5S 5H 5D");
    assert_eq!(skips(&ev), [1]);
    assert!(clears(&ev).is_empty());
    assert_eq!(g.current_seat(), Some(2));
}

#[test]
fn going_out_on_a_seven_gives_nothing() {
    let seats = ["7S", "3D 4C", "3S 4S", "3H 4H"];
    let mut g = scenario(party(), &seats, 0);
    let ev = act(&mut g, 0, "7S");
    assert_eq!(finishes(&ev), [(0, 1, FinishKind::Out)]);
    assert_eq!(g.current_seat(), Some(1));
    assert_eq!(decision(&g), Decision::Play { can_pass: true });
}

#[test]
fn giving_away_the_last_card_is_an_ordinary_finish() {
    // Even a joker: a forbidden finish is about the last *play*, and giving is not one.
    for last in ["3C", "JK"] {
        let a = format!("7S {last}");
        let seats = [a.as_str(), "3D 4C", "3S 4S", "3H 4H"];
        let mut g = scenario(party(), &seats, 0);
        act(&mut g, 0, "7S");
        let ev = give(&mut g, 0, last);
        assert_eq!(finishes(&ev), [(0, 1, FinishKind::Out)], "{last}");
        assert_eq!(g.hand(1).len(), 3);
        assert_eq!(g.current_seat(), Some(1));
    }
}

#[test]
fn a_q_bomber_finishes_players_in_turn_order_in_the_current_direction() {
    // Seat 1 leads 9C (9-reverse: play now goes to lower seats), seat 0 answers QS and names
    // the 4: from seat 0 the bomb goes 0, 3, 2, 1 — seat 3 is emptied first, then seat 1.
    let seats = ["QS 3C", "9C 4C", "4S 5S", "4H"];
    let mut g = scenario(party(), &seats, 1);
    let ev = act(&mut g, 1, "9C");
    assert!(ev.contains(&Event::Reverse { clockwise: false }));
    assert_eq!(g.current_seat(), Some(0));
    act(&mut g, 0, "QS");
    assert_eq!(decision(&g), Decision::Bomb { count: 1 });
    let ev = bomb(&mut g, 0, "4");
    let Some(Event::Bomb { ranks, lost, .. }) = ev.iter().find(|e| matches!(e, Event::Bomb { .. }))
    else {
        panic!("no bomb in {ev:?}");
    };
    assert_eq!(*ranks, RankSet::parse("4").unwrap());
    assert_eq!(lost[0], CardSet::EMPTY);
    assert_eq!(lost[1], cards("4C"));
    assert_eq!(lost[2], cards("4S"));
    assert_eq!(lost[3], cards("4H"));
    assert_eq!(
        finishes(&ev),
        [(3, 1, FinishKind::Out), (1, 2, FinishKind::Out)]
    );
    // The bombed cards are out of play, face up.
    assert_eq!(g.seat_view(2).discarded(), cards("4C 4S 4H"));
    assert_eq!(g.current_seat(), Some(2));
}

// ----- 5-skip -------------------------------------------------------------------------------

#[test]
fn a_skip_passes_over_only_players_who_would_get_a_turn() {
    // Locked passing: seat 1 passed already, so the one skip falls on seat 2; with seat 3 passed
    // too, everyone else has passed and the pile clears.
    let mut r = std_rules();
    r.five_skip.enabled = true;
    let seats = ["3C 5S 9D", "3D 4C", "4D 6S", "3H 4H"];
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "3C");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "4D");
    act(&mut g, 3, "PASS");
    let ev = act(&mut g, 0, "5S");
    assert_eq!(skips(&ev), [2]);
    assert_eq!(clears(&ev), [(0, ClearCause::AllPassed)]);
    // A skip that empties the hand still skips; the next seat after the skipped one answers.
    let seats = ["5S", "3D 4C", "4D 6S", "3H 4H"];
    let mut g = scenario(r, &seats, 0);
    let ev = act(&mut g, 0, "5S");
    assert_eq!(skips(&ev), [1]);
    assert_eq!(g.current_seat(), Some(2));
}

#[test]
fn a_joker_counts_for_a_skip_only_with_joker_counts() {
    let mut r = std_rules();
    r.five_skip.enabled = true;
    let seats = ["5S JK 9C", "3D 4C", "3S 4S", "3H 4H"];
    let mut g = scenario(r, &seats, 0);
    assert_eq!(skips(&act(&mut g, 0, "5S JK")), [1]);
    r.five_skip.joker_counts = true;
    let mut g = scenario(r, &seats, 0);
    assert_eq!(skips(&act(&mut g, 0, "5S JK")), [1, 2]);
}

// ----- 7-pass -------------------------------------------------------------------------------

#[test]
fn seven_pass_counts_amount_and_privacy() {
    let mut r = std_rules();
    r.seven_pass.enabled = true;
    let seats = ["7S 7H 3C 4C 9D", "3D 5C", "3S 4S", "3H 4H"];
    // Per card, up to: two 7s, up to two cards, none allowed.
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "7S 7H");
    assert_eq!(
        decision(&g),
        Decision::Give {
            count: 2,
            exact: false,
            to: 1
        }
    );
    // 1 + 3 + 3 sets of at most two of the three cards left.
    assert_eq!(g.legal_actions(0).len(), 7);
    assert_eq!(
        g.check(0, Action::Give(cards("3C 4C 9D"))),
        Err(RuleError::CardCount {
            max: 2,
            exact: false,
            got: 3
        })
    );
    assert_eq!(
        g.check(0, Action::Give(cards("5C"))),
        Err(RuleError::NotInHand { cards: cards("5C") })
    );
    assert_eq!(
        g.check(0, Action::Pass),
        Err(RuleError::ChoiceOwed {
            pending: Pending::Give {
                seat: 0,
                to: 1,
                max: 2,
                exact: false
            }
        })
    );
    // Nobody else may act meanwhile.
    assert!(g.check(1, Action::Pass).is_err());
    let ev = give(&mut g, 0, "3C 4C");
    // Giving is not a play: it sets off nothing but the gift itself.
    assert_eq!(
        ev,
        [Event::Give {
            from: 0,
            to: 1,
            cards: cards("3C 4C")
        }]
    );
    assert_eq!(g.current_seat(), Some(1));
    // Giver and receiver see the cards; the others see only how many.
    assert_eq!(g.seat_view(0).gifts().len(), 1);
    assert_eq!(g.seat_view(1).gifts()[0].cards, cards("3C 4C"));
    assert!(g.seat_view(2).gifts().is_empty());
    assert!(g.seat_view(2).log().iter().any(|l| matches!(
        l,
        cardroom::daifugo::LogEntry::Give {
            from: 0,
            to: 1,
            count: 2
        }
    )));
    // Per play, exactly: one card, and exactly one.
    r.seven_pass.count = Count::PerPlay;
    r.seven_pass.amount = Amount::Exact;
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "7S 7H");
    assert_eq!(
        g.check(0, Action::Give(CardSet::EMPTY)),
        Err(RuleError::CardCount {
            max: 1,
            exact: true,
            got: 0
        })
    );
    assert_eq!(g.legal_actions(0).len(), 3);
    give(&mut g, 0, "9D");
}

#[test]
fn the_seven_pass_never_asks_for_more_cards_than_are_held() {
    let mut r = std_rules();
    r.seven_pass.enabled = true;
    r.seven_pass.amount = Amount::Exact;
    let seats = ["7S 7H 7D 3C", "3D 5C", "3S 4S", "3H 4H"];
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "7S 7H 7D");
    assert_eq!(
        decision(&g),
        Decision::Give {
            count: 1,
            exact: true,
            to: 1
        }
    );
}

#[test]
fn the_seven_pass_goes_to_the_next_active_seat_in_the_current_direction() {
    let mut r = std_rules();
    r.seven_pass.enabled = true;
    r.nine_reverse.enabled = true;
    // Seat 0 leads 9S (play turns to lower seats); everyone passes, the pile clears to seat 0,
    // who leads 7C: the gift goes to seat 3, the next seat in the current direction.
    let seats = ["9S 7C 3C", "3D 5C", "3S 4S", "3H 4H"];
    let mut g = scenario(r, &seats, 0);
    let ev = act(&mut g, 0, "9S");
    assert!(ev.contains(&Event::Reverse { clockwise: false }));
    assert_eq!(g.current_seat(), Some(3));
    act(&mut g, 3, "PASS");
    act(&mut g, 2, "PASS");
    let ev = act(&mut g, 1, "PASS");
    assert_eq!(clears(&ev), [(0, ClearCause::AllPassed)]);
    act(&mut g, 0, "7C");
    assert_eq!(
        decision(&g),
        Decision::Give {
            count: 1,
            exact: false,
            to: 3
        }
    );
}

#[test]
fn the_seven_pass_goes_to_the_next_seat_even_if_it_has_passed() {
    let mut r = std_rules();
    r.seven_pass.enabled = true;
    // Seats 1 and 2 pass on 3C, seat 3 answers 4H, seat 0 plays 7S: the gift goes to seat 1,
    // which has passed, and the turn to seat 3, the only seat still in the trick.
    let seats = ["3C 7S 9D", "3D 5C", "3S 4S", "4H 6H"];
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "3C");
    act(&mut g, 1, "PASS");
    act(&mut g, 2, "PASS");
    act(&mut g, 3, "4H");
    act(&mut g, 0, "7S");
    assert_eq!(
        decision(&g),
        Decision::Give {
            count: 1,
            exact: false,
            to: 1
        }
    );
    give(&mut g, 0, "9D");
    assert!(g.hand(1).contains("9D".parse::<Card>().unwrap()));
    assert_eq!(g.current_seat(), Some(3));
}

#[test]
fn easy_gives_one_joker_when_it_holds_two_and_owes_one() {
    // Found by `daifugo simulate` under the party preset: a hand of two jokers owing one card
    // gave both.
    use cardroom::daifugo::CpuPlayer;
    let seats = ["7S JK JK", "3D 4C", "3S 4S", "3H 4H"];
    let mut g = scenario(party(), &seats, 0);
    act(&mut g, 0, "7S");
    let a =
        cardroom::daifugo::EasyCpu.choose(&g.seat_view(0), &mut cardroom::cards::rng_from_seed(1));
    assert_eq!(a, Action::Give(cards("JK")));
    assert!(g.apply(0, a).is_ok());
}

#[test]
fn every_level_plays_the_party_preset_without_a_refused_action() {
    // Issue 11 item 4: easy, normal and hard answer every house-rule choice legally (the engine
    // refuses anything else, and play_cpu_match stops at a refusal).
    use cardroom::cards::rng_from_seed;
    use cardroom::daifugo::cpu::{Budget, HardCpu};
    use cardroom::daifugo::sim::play_cpu_match;
    use cardroom::daifugo::{CpuPlayer, Discard, EasyCpu, MatchSettings, NormalCpu};
    let games = if crate::long_tests() { 3_000 } else { 300 };
    for seed in 0..games {
        let players = 3 + (seed % 4) as usize;
        let settings = MatchSettings {
            rules: party(),
            players,
            rounds: 3,
        };
        let mut easy = vec![EasyCpu; players];
        let mut normal = vec![NormalCpu; players];
        let mut cpus: Vec<&mut dyn CpuPlayer> = easy
            .iter_mut()
            .zip(normal.iter_mut())
            .enumerate()
            .map(|(s, (e, n))| -> &mut dyn CpuPlayer {
                if s % 2 == 0 { e } else { n }
            })
            .collect();
        play_cpu_match(
            settings,
            rng_from_seed(seed),
            &mut cpus,
            &mut rng_from_seed(seed + 1),
            &mut Discard,
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
    }
    // hard, with a few playouts per decision.
    for seed in 0..3u64 {
        let mut hard = HardCpu::new(Budget::Playouts(6));
        let mut a = EasyCpu;
        let mut b = NormalCpu;
        let mut c = EasyCpu;
        let mut cpus: [&mut dyn CpuPlayer; 4] = [&mut hard, &mut a, &mut b, &mut c];
        let settings = MatchSettings {
            rules: party(),
            players: 4,
            rounds: 2,
        };
        play_cpu_match(
            settings,
            rng_from_seed(seed),
            &mut cpus,
            &mut rng_from_seed(seed + 9),
            &mut Discard,
        )
        .unwrap_or_else(|e| panic!("hard, seed {seed}: {e:?}"));
    }
}

// ----- 10-discard ----------------------------------------------------------------------------

fn discard(g: &mut Game, seat: usize, c: &str) -> Vec<Event> {
    apply(g, seat, Action::Discard(cards(c)))
}

#[test]
fn a_ten_discard_throws_cards_out_face_up_and_may_be_limited_to_weaker_cards() {
    let seats = ["TD 3C 4C KS", "3D 5C", "3S 4S", "3H 4H"];
    let mut g = scenario(party(), &seats, 0);
    act(&mut g, 0, "TD");
    assert_eq!(
        decision(&g),
        Decision::Discard {
            count: 1,
            exact: false,
            eligible: cards("3C 4C KS")
        }
    );
    let ev = discard(&mut g, 0, "KS");
    assert_eq!(
        ev[0],
        Event::Discard {
            seat: 0,
            cards: cards("KS")
        }
    );
    assert_eq!(g.discarded(), cards("KS"));
    assert_eq!(g.current_seat(), Some(1));
    // eligible = "weaker_than_ten": only the 3 and 4 may go.
    let mut r = std_rules();
    r.ten_discard.enabled = true;
    r.ten_discard.eligible = Eligible::WeakerThanTen;
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "TD");
    assert_eq!(
        g.check(0, Action::Discard(cards("KS"))),
        Err(RuleError::NotEligible { cards: cards("KS") })
    );
    discard(&mut g, 0, "3C");
}

#[test]
fn discarding_the_last_card_is_an_ordinary_finish() {
    let seats = ["TD 2C", "3D 5C", "3S 4S", "3H 4H"];
    let mut g = scenario(party(), &seats, 0);
    act(&mut g, 0, "TD");
    let ev = discard(&mut g, 0, "2C");
    assert_eq!(finishes(&ev), [(0, 1, FinishKind::Out)]);
}

// ----- 9-reverse -----------------------------------------------------------------------------

#[test]
fn nine_reverse_counts_per_play_or_per_card_and_not_with_two_players() {
    let reverses = |ev: &[Event]| {
        ev.iter()
            .filter(|e| matches!(e, Event::Reverse { .. }))
            .count()
    };
    let mut r = std_rules();
    r.nine_reverse.enabled = true;
    let seats = ["9S 9H 3C", "3D 5C", "3S 4S", "3H 4H"];
    let mut g = scenario(r, &seats, 0);
    assert_eq!(reverses(&act(&mut g, 0, "9S 9H")), 1, "per play");
    assert_eq!(g.current_seat(), Some(3), "play goes to the lower seat");
    // Per card: two 9s turn it twice, so not at all.
    r.nine_reverse.count = Count::PerCard;
    let mut g = scenario(r, &seats, 0);
    assert_eq!(reverses(&act(&mut g, 0, "9S 9H")), 0);
    assert_eq!(g.current_seat(), Some(1));
    // Two players: no effect.
    r.nine_reverse.count = Count::PerPlay;
    let mut g = scenario(r, &seats[..2], 0);
    assert_eq!(reverses(&act(&mut g, 0, "9S 9H")), 0);
}

// ----- Q-bomber ------------------------------------------------------------------------------

#[test]
fn a_q_bomber_applies_even_when_the_queens_empty_the_hand() {
    let seats = ["QS", "4C 5C", "4S 6S", "4H"];
    let mut g = scenario(party(), &seats, 0);
    let ev = act(&mut g, 0, "QS");
    assert_eq!(finishes(&ev), [(0, 1, FinishKind::Out)]);
    assert_eq!(decision(&g), Decision::Bomb { count: 1 });
    assert_eq!(
        g.check(0, Action::Bomb(RankSet::parse("4 5").unwrap())),
        Err(RuleError::TooManyRanks { max: 1, got: 2 })
    );
    let ev = bomb(&mut g, 0, "4");
    assert_eq!(finishes(&ev), [(3, 2, FinishKind::Out)]);
    assert_eq!(g.discarded(), cards("4C 4S 4H"));
}

// ----- ambulance and sandstorm ---------------------------------------------------------------

#[test]
fn an_ambulance_pair_of_nines_clears_the_pile() {
    let mut r = std_rules();
    r.ambulance = Ambulance::Cut;
    let seats = ["4S 4H 3C", "9S 9H 5C", "3S 4C", "3H 5H"];
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "4S 4H");
    let ev = act(&mut g, 1, "9S 9H");
    assert_eq!(clears(&ev), [(1, ClearCause::Ambulance)]);
    assert_eq!(g.current_seat(), Some(1));
    // Off: the pile stays.
    let mut g = scenario(std_rules(), &seats, 0);
    act(&mut g, 0, "4S 4H");
    assert!(clears(&act(&mut g, 1, "9S 9H")).is_empty());
}

#[test]
fn a_sandstorm_beats_any_triple_and_may_clear_the_pile() {
    let mut r = std_rules();
    r.sandstorm = Sandstorm::BeatsTriple;
    let seats = ["KS KH KD 4C", "3S 3H 3D 5C", "6S 6H", "7S 7H"];
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "KS KH KD");
    assert!(legal_now(&g).contains(&"3S 3H 3D".to_string()));
    assert!(clears(&act(&mut g, 1, "3S 3H 3D")).is_empty());
    r.sandstorm = Sandstorm::CutTriple;
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "KS KH KD");
    assert_eq!(
        clears(&act(&mut g, 1, "3S 3H 3D")),
        [(1, ClearCause::Sandstorm)]
    );
    // Off: three 3s do not beat three kings.
    let mut g = scenario(std_rules(), &seats, 0);
    act(&mut g, 0, "KS KH KD");
    assert!(!legal_now(&g).contains(&"3S 3H 3D".to_string()));
}

#[test]
fn no_rank_follows_twos_under_a_number_lock_not_even_a_sandstorm() {
    // §3 number lock: the next play must be the next rank; after the 2s there is none.
    let mut r = std_rules();
    r.sandstorm = Sandstorm::BeatsTriple;
    r.lock.number = true;
    let seats = ["AS AH AD 4C", "2S 2H 2D 5C", "3S 3H 3D 6C", "7S 7H"];
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "AS AH AD");
    act(&mut g, 1, "2S 2H 2D");
    assert!(g.trick().number_lock);
    assert!(!legal_now(&g).contains(&"3S 3H 3D".to_string()));
    let p = cardroom::daifugo::Play::parse("3S 3H 3D").unwrap();
    assert_eq!(g.check(2, Action::Play(p)), Err(RuleError::NumberLockedOut));
}

// ----- partial and geki lock -----------------------------------------------------------------

#[test]
fn a_partial_lock_keeps_the_shared_suits() {
    let mut r = std_rules();
    r.lock.suit = SuitLock::Partial;
    let seats = ["4S 4H 3C", "5S 5D 3D", "6H 6D 6S 6C", "3H 4C"];
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "4S 4H");
    act(&mut g, 1, "5S 5D");
    // ♠ is shared: every answer must hold a ♠.
    let legal = legal_now(&g);
    assert!(legal.iter().all(|p| p.contains('S')), "{legal:?}");
    assert!(legal.contains(&"6S 6C".to_string()) || legal.contains(&"6S 6H".to_string()));
    let p = cardroom::daifugo::Play::parse("6H 6D").unwrap();
    assert!(matches!(
        g.check(2, Action::Play(p)),
        Err(RuleError::SuitLocked { .. })
    ));
}

#[test]
fn a_geki_lock_adds_the_number_lock_to_a_suit_lock() {
    let mut r = std_rules();
    r.lock.geki = true;
    let seats = ["4S 3C", "5S 3D", "6S 7S 9S", "3H 4C"];
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "4S");
    act(&mut g, 1, "5S");
    assert!(g.trick().number_lock);
    assert_eq!(sorted(legal_now(&g)), list("6S|PASS"));
    // Without geki only the suit is locked.
    let mut g = scenario(std_rules(), &seats, 0);
    act(&mut g, 0, "4S");
    act(&mut g, 1, "5S");
    assert_eq!(sorted(legal_now(&g)), list("6S|7S|9S|PASS"));
}

// ----- forbidden finish as illegal, gekokujo, miyako-ochi minimum, joker return -------------

#[test]
fn an_illegal_forbidden_finish_is_neither_listed_nor_accepted() {
    let mut r = std_rules();
    r.forbidden_finish.mode = ForbiddenMode::Illegal;
    let seats = ["3C 4C", "2S", "3S 4S", "3H 4H"];
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "3C");
    assert_eq!(legal_now(&g), ["PASS"]);
    let p = cardroom::daifugo::Play::parse("2S").unwrap();
    assert_eq!(
        g.check(1, Action::Play(p)),
        Err(RuleError::ForbiddenFinish { play: p })
    );
}

fn round_two(rules: Rules, seats: &[&str], leader: usize, previous: Vec<u8>) -> Game {
    scenario_with(
        rules,
        Scenario {
            hands: hands(seats),
            leader,
            round: 2,
            previous_places: Some(previous),
            revolution: false,
            exchange: false,
        },
        3,
    )
}

#[test]
fn gekokujo_when_the_daihinmin_finishes_first() {
    let mut r = std_rules();
    r.gekokujo = true;
    r.miyako_ochi = false;
    // Seat 3 was 大貧民 (place 4 last round) and goes out first.
    let seats = ["5C 6C", "5D 6D", "5S 6S", "3H"];
    let mut g = round_two(r, &seats, 3, vec![1, 2, 3, 4]);
    let ev = act(&mut g, 3, "3H");
    assert!(ev.contains(&Event::Gekokujo { seat: 3 }), "{ev:?}");
    // Off: no gekokujo.
    let mut g = round_two(std_rules(), &seats, 3, vec![1, 2, 3, 4]);
    let ev = act(&mut g, 3, "3H");
    assert!(!ev.iter().any(|e| matches!(e, Event::Gekokujo { .. })));
}

#[test]
fn miyako_ochi_needs_the_minimum_number_of_players() {
    // Three players, seat 0 the reigning 大富豪, seat 1 goes out first.
    let seats = ["5C 6C", "3H", "5S 6S"];
    let fell = |min: u8| {
        let mut r = std_rules();
        r.miyako_ochi_min_players = min;
        let mut g = round_two(r, &seats, 1, vec![1, 2, 3]);
        let ev = act(&mut g, 1, "3H");
        finishes(&ev).iter().any(|f| f.2 == FinishKind::MiyakoOchi)
    };
    assert!(!fell(4), "the default 4: no miyako-ochi at three");
    assert!(fell(3));
}

#[test]
fn joker_return_answers_a_lone_joker_with_the_other() {
    let seats = ["JK 3C", "JK 4C", "3S 4S", "3H 4H"];
    let mut r = std_rules();
    r.joker_return = true;
    let mut g = scenario(r, &seats, 0);
    act(&mut g, 0, "JK");
    assert!(
        legal_now(&g).contains(&"JK".to_string()),
        "{:?}",
        legal_now(&g)
    );
    let mut g = scenario(std_rules(), &seats, 0);
    act(&mut g, 0, "JK");
    assert_eq!(legal_now(&g), ["PASS"]);
}

//! The house rules of `rules/daifugo.md` §3b, case by case from the rule book: 5-skip, 7-pass,
//! 10-discard, 9-reverse, Q-bomber, ambulance, sandstorm, partial and geki lock, forbidden
//! finish as illegal, gekokujo, the miyako-ochi player minimum, joker return; the order of
//! effects of one play; `preset = "party"` and the config keys.

use crate::common::*;
use cardroom::cards::Card;
use cardroom::daifugo::cardset::RankSet;
use cardroom::daifugo::rules::{Amount, Count, Preset, Rules};
use cardroom::daifugo::state::Pending;
use cardroom::daifugo::{
    Action, CardSet, ClearCause, Decision, Event, FinishKind, Game, RuleError,
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

//! Blackjack rule tests with stacked shoes (`rules/blackjack.md` §1–2). Cards come out of a
//! stacked shoe in the order written: player, dealer up card, player, dealer hole card (under
//! "peek"), then every later card in order.

use cardroom::blackjack::hand::{HandValue, hand_value};
use cardroom::blackjack::moves::Outcome;
use cardroom::blackjack::rules::{
    BlackjackPays, DoubleRule, HoleCard, Rules, SplitTensBy, Surrender, Ties,
};
use cardroom::blackjack::table::{HandSettlement, Spot};
use cardroom::blackjack::{Action, Event, Money, Phase, RuleError, Table};
use cardroom::cards::{Card, parse_cards};
use cardroom::i18n::Lang;
use cardroom::tui::screens::blackjack::words::rule_error;

fn stacked(rules: Rules, cards: &str) -> Table {
    Table::stacked(rules, &parse_cards(cards).unwrap(), 1).unwrap()
}

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// Applies the actions in order, all of which must be legal, and returns every event.
fn play(t: &mut Table, actions: &[Action]) -> Vec<Event> {
    let mut out = Vec::new();
    for &a in actions {
        match t.apply(a) {
            Ok(ev) => out.extend(ev),
            Err(e) => panic!("{a:?} refused in {:?}: {e:?}", t.phase()),
        }
    }
    out
}

/// The settlement of the round: per-hand results, insurance result, net.
fn settlement(ev: &[Event]) -> (Vec<HandSettlement>, Option<Money>, Money) {
    ev.iter()
        .find_map(|e| match e {
            Event::Settle {
                hands,
                insurance,
                net,
            } => Some((hands.clone(), *insurance, *net)),
            _ => None,
        })
        .expect("the round was settled")
}

fn dealer_cards(ev: &[Event]) -> Vec<Card> {
    ev.iter()
        .find_map(|e| match e {
            Event::Dealer { cards, .. } => Some(cards.clone()),
            _ => None,
        })
        .expect("the dealer's hand was shown")
}

fn chips(n: i64) -> Money {
    Money::from_cents(n * 100)
}

/// Asserts that `action` is refused with `expected` and that the table did not change at all.
fn refused(t: &mut Table, action: Action, expected: RuleError) {
    let before = t.clone();
    assert_eq!(t.apply(action), Err(expected));
    assert!(*t == before, "the table changed on a refused {action:?}");
}

#[test]
fn hand_values_from_the_rule_book() {
    // §1: A,A,A,6 soft 19; 5,A,A,5 hard 12; A,6,T hard 17; A,5,A soft 17; A,A soft 12.
    let cases = [
        ("AS AH AD 6C", 19, true),
        ("5S AH AD 5C", 12, false),
        ("AS 6H TD", 17, false),
        ("AS 5H AD", 17, true),
        ("AS AH", 12, true),
    ];
    for (hand, total, soft) in cases {
        assert_eq!(
            hand_value(&cards(hand)),
            HandValue { total, soft },
            "{hand}"
        );
    }
}

#[test]
fn dealer_natural_against_player_natural_pushes() {
    for hole_card in [HoleCard::Peek, HoleCard::Enhc] {
        let rules = Rules {
            hole_card,
            ..Rules::default()
        };
        let mut t = stacked(rules, "AS AH KD KC");
        play(&mut t, &[Action::Bet(10)]);
        assert_eq!(t.phase(), Phase::Insurance);
        assert_eq!(t.legal_actions(), [Action::EvenMoney, Action::Decline]);
        let ev = play(&mut t, &[Action::Decline]);
        let (hands, _, net) = settlement(&ev);
        assert_eq!(hands[0].result, Outcome::Push, "{hole_card:?}");
        assert_eq!(net, Money::ZERO);
        assert_eq!(t.bankroll(), chips(1000));
    }
}

#[test]
fn split_aces_get_one_card_each() {
    let mut t = stacked(Rules::default(), "AS 6H AD TC 5S 9D 8C");
    play(&mut t, &[Action::Bet(10)]);
    assert!(t.legal_actions().contains(&Action::Split));
    let ev = play(&mut t, &[Action::Split]);
    // Both aces got exactly one card and the round went straight to the dealer.
    assert_eq!(t.phase(), Phase::Settled);
    let v = t.view();
    assert_eq!(v.hands[0].cards, cards("AS 5S"));
    assert_eq!(v.hands[1].cards, cards("AD 9D"));
    assert_eq!(dealer_cards(&ev), cards("6H TC 8C"));
    let (hands, _, net) = settlement(&ev);
    assert_eq!(hands.len(), 2);
    assert!(hands.iter().all(|h| h.result == Outcome::Win));
    assert_eq!(net, chips(20));

    // With hit_split_aces the first ace waits for a decision and may hit.
    let rules = Rules {
        hit_split_aces: true,
        ..Rules::default()
    };
    let mut t = stacked(rules, "AS 6H AD TC 5S 9D 8C");
    play(&mut t, &[Action::Bet(10), Action::Split]);
    assert_eq!(t.phase(), Phase::Player);
    assert_eq!(t.active_hand(), Some(0));
    play(&mut t, &[Action::Hit]);
    assert_eq!(t.view().hands[0].cards.len(), 3);
}

#[test]
fn twenty_one_after_a_split_is_not_a_natural() {
    // Split aces: AS+TS is 21 but pays 1:1, not 3:2; the dealer draws to 20.
    let mut t = stacked(Rules::default(), "AS 9H AD 7C TS 5D 4H");
    let ev = play(&mut t, &[Action::Bet(10), Action::Split]);
    let v = t.view();
    assert_eq!(v.hands[0].value.total, 21);
    assert!(!v.hands[0].natural);
    assert_eq!(dealer_cards(&ev), cards("9H 7C 4H"));
    let (hands, _, _) = settlement(&ev);
    assert_eq!(hands[0].result, Outcome::Win);
    assert_eq!(hands[0].amount, chips(10), "1:1, not 3:2");
    assert_eq!(hands[1].result, Outcome::Lose);
}

#[test]
fn a_double_gets_exactly_one_card() {
    let mut t = stacked(Rules::default(), "5S 6H 4D TC 2S 9D");
    let ev = play(&mut t, &[Action::Bet(10), Action::Double]);
    // 9 doubled to 11 takes one card and stops, though 11 would always hit again.
    let v = t.view();
    assert_eq!(v.hands[0].cards, cards("5S 4D 2S"));
    assert_eq!(v.hands[0].bet, chips(20));
    assert_eq!(dealer_cards(&ev), cards("6H TC 9D"));
    let (hands, _, net) = settlement(&ev);
    assert_eq!(hands[0].result, Outcome::Win);
    assert_eq!(net, chips(20));
    assert_eq!(t.bankroll(), chips(1020));
}

#[test]
fn late_surrender_returns_half_and_the_dealer_does_not_draw() {
    let mut t = stacked(Rules::default(), "TS 9H 6D 7C 5S");
    let ev = play(&mut t, &[Action::Bet(10), Action::Surrender]);
    let (hands, _, net) = settlement(&ev);
    assert_eq!(hands[0].result, Outcome::Surrender);
    assert_eq!(net, chips(-5));
    assert_eq!(t.bankroll(), chips(995));
    // Dealer 16 would hit, but no player hand is left to play against.
    assert_eq!(dealer_cards(&ev), cards("9H 7C"));
}

#[test]
fn insurance_pays_two_to_one() {
    let mut t = stacked(Rules::default(), "TS AH 7D KC");
    play(&mut t, &[Action::Bet(10)]);
    assert_eq!(
        t.legal_actions(),
        [Action::Insure(chips(5)), Action::Decline]
    );
    refused(
        &mut t,
        Action::Insure(chips(6)),
        RuleError::InsuranceAmount {
            amount: chips(6),
            max: chips(5),
        },
    );
    let ev = play(&mut t, &[Action::Insure(chips(5))]);
    assert!(ev.contains(&Event::Peek { natural: true }));
    let (hands, insurance, net) = settlement(&ev);
    assert_eq!(hands[0].result, Outcome::Lose);
    assert_eq!(insurance, Some(chips(10)), "5 insured pays 10");
    assert_eq!(net, Money::ZERO);
    assert_eq!(t.bankroll(), chips(1000));

    // A partial insurance of 2.50 against no natural is lost.
    let mut t = stacked(Rules::default(), "TS AH 9D 7C");
    let ev = play(
        &mut t,
        &[
            Action::Bet(10),
            Action::Insure(Money::from_cents(250)),
            Action::Stand,
        ],
    );
    let (_, insurance, net) = settlement(&ev);
    assert_eq!(insurance, Some(Money::from_cents(-250)));
    assert_eq!(
        net,
        chips(10) - Money::from_cents(250),
        "19 beats 18, insurance lost"
    );
}

#[test]
fn even_money_pays_one_to_one_whatever_the_dealer_holds() {
    for stack in ["AS AH KD 7C", "AS AH KD KC"] {
        let mut t = stacked(Rules::default(), stack);
        let ev = play(&mut t, &[Action::Bet(10), Action::EvenMoney]);
        let (hands, _, net) = settlement(&ev);
        assert_eq!(hands[0].result, Outcome::EvenMoney, "{stack}");
        assert_eq!(net, chips(10));
    }
}

#[test]
fn ties_go_to_the_dealer_when_the_rule_says_so() {
    // Player 20 against dealer 9,A = soft 20.
    let mut t = stacked(Rules::default(), "TS 9H QD AC");
    let ev = play(&mut t, &[Action::Bet(10), Action::Stand]);
    assert_eq!(settlement(&ev).0[0].result, Outcome::Push);
    assert_eq!(settlement(&ev).2, Money::ZERO);
    let rules = Rules {
        ties: Ties::Dealer,
        ..Rules::default()
    };
    let mut t = stacked(rules, "TS 9H QD AC");
    let ev = play(&mut t, &[Action::Bet(10), Action::Stand]);
    assert_eq!(settlement(&ev).0[0].result, Outcome::TieToDealer);
    assert_eq!(settlement(&ev).2, chips(-10));
}

#[test]
fn h17_hits_soft_17_and_stands_on_hard_17() {
    let h17 = Rules {
        dealer_hits_soft_17: true,
        ..Rules::default()
    };
    let s17 = Rules::default();
    // (stack, dealer's final cards under H17, under S17). The player stands on 18.
    let cases = [
        ("TS AH 8D 6C 2S 5S", "AH 6C 2S", "AH 6C"),
        ("TS AH 8D AC 5S 3D 9S", "AH AC 5S 3D", "AH AC 5S"),
        ("TS AH 8D 6C TD 5S", "AH 6C TD", "AH 6C"),
    ];
    for (stack, under_h17, under_s17) in cases {
        for (rules, expected) in [(h17, under_h17), (s17, under_s17)] {
            let mut t = stacked(rules, stack);
            let ev = play(&mut t, &[Action::Bet(10), Action::Decline, Action::Stand]);
            assert_eq!(
                dealer_cards(&ev),
                cards(expected),
                "{stack}, H17 = {}",
                rules.dealer_hits_soft_17
            );
        }
    }
}

#[test]
fn enhc_dealer_natural_takes_doubles_and_splits() {
    let enhc = Rules {
        hole_card: HoleCard::Enhc,
        ..Rules::default()
    };
    // Split 8s: 8+3 doubled to 20, 8+T stands; then the dealer's second card makes a natural.
    let mut t = stacked(enhc, "8S AH 8D 3C 9D TS KC");
    let ev = play(
        &mut t,
        &[
            Action::Bet(10),
            Action::Decline,
            Action::Split,
            Action::Double,
            Action::Stand,
        ],
    );
    assert_eq!(dealer_cards(&ev), cards("AH KC"));
    let (hands, _, net) = settlement(&ev);
    assert_eq!(hands[0].bet, chips(20));
    assert!(hands.iter().all(|h| h.result == Outcome::Lose));
    assert_eq!(net, chips(-30));
    assert_eq!(t.bankroll(), chips(970));

    // With a peek the same natural is found first and takes only the original bet.
    let mut t = stacked(Rules::default(), "8S AH 8D KC");
    let ev = play(&mut t, &[Action::Bet(10), Action::Decline]);
    assert_eq!(t.phase(), Phase::Settled);
    assert_eq!(settlement(&ev).2, chips(-10));
}

#[test]
fn early_surrender_against_a_dealer_natural() {
    let early = Rules {
        surrender: Surrender::Early,
        ..Rules::default()
    };
    // Hard 16 against an ace with a king in the hole.
    let mut t = stacked(early, "TS AH 6D KC");
    play(&mut t, &[Action::Bet(10), Action::Decline]);
    assert_eq!(t.phase(), Phase::EarlySurrender);
    let ev = play(&mut t, &[Action::Surrender]);
    assert!(ev.contains(&Event::Peek { natural: true }));
    let (hands, _, net) = settlement(&ev);
    assert_eq!(hands[0].result, Outcome::Surrender);
    assert_eq!(
        net,
        chips(-5),
        "early surrender loses half even to a natural"
    );

    // A ten up: no insurance offer, straight to the early-surrender offer.
    let mut t = stacked(early, "TS KH 6D AC");
    play(&mut t, &[Action::Bet(10)]);
    assert_eq!(t.phase(), Phase::EarlySurrender);
    assert_eq!(settlement(&play(&mut t, &[Action::Surrender])).2, chips(-5));

    // Late surrender: the peek comes first and the natural takes the whole bet.
    let mut t = stacked(Rules::default(), "TS AH 6D KC");
    let ev = play(&mut t, &[Action::Bet(10), Action::Decline]);
    assert_eq!(t.phase(), Phase::Settled);
    assert_eq!(settlement(&ev).2, chips(-10));

    // Without a hole card, late surrender does not escape a dealer natural; early does.
    for (surrender, expected) in [(Surrender::Late, -10), (Surrender::Early, -5)] {
        let rules = Rules {
            hole_card: HoleCard::Enhc,
            surrender,
            ..Rules::default()
        };
        let mut t = stacked(rules, "TS AH 6D KC");
        let ev = play(
            &mut t,
            &[Action::Bet(10), Action::Decline, Action::Surrender],
        );
        assert_eq!(settlement(&ev).2, chips(expected), "{surrender:?}");
    }
}

#[test]
fn blackjack_payouts_are_exact() {
    // A natural on a bet of 15 (dealer 9 up, so no insurance and no peek).
    let cases = [
        (BlackjackPays::ThreeToTwo, 15, 2250),
        (BlackjackPays::SixToFive, 15, 1800),
        (BlackjackPays::SixToFive, 13, 1560),
        (BlackjackPays::OneToOne, 15, 1500),
    ];
    for (pays, bet, cents) in cases {
        let rules = Rules {
            blackjack_pays: pays,
            ..Rules::default()
        };
        let mut t = stacked(rules, "AS 9H KD 7C");
        let ev = play(&mut t, &[Action::Bet(bet)]);
        let (hands, _, net) = settlement(&ev);
        assert_eq!(hands[0].result, Outcome::Blackjack);
        assert_eq!(net, Money::from_cents(cents), "{pays:?} on {bet}");
        assert_eq!(t.bankroll(), chips(1000) + Money::from_cents(cents));
    }
    assert_eq!(Money::from_cents(2250).to_string(), "22.50");
}

#[test]
fn the_shoe_is_never_reshuffled_mid_round() {
    // One deck, cut card after 5 cards; this round deals 8.
    let rules = Rules {
        decks: 1,
        penetration: 0.1,
        ..Rules::default()
    };
    let mut t = stacked(rules, "2S 6H 3D TC 2H 2D 3C 4S");
    let ev = play(
        &mut t,
        &[
            Action::Bet(10),
            Action::Hit,
            Action::Hit,
            Action::Hit,
            Action::Stand,
        ],
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Shuffle { .. })));
    let player: Vec<Card> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Card {
                to: Spot::Hand(0),
                card,
            } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(player, cards("2H 2D 3C"), "the stacked cards kept coming");
    assert_eq!(dealer_cards(&ev), cards("6H TC 4S"));
    assert!(t.view().shoe.reshuffle_due);
    // The next round starts with the whole deck reshuffled.
    let ev = play(&mut t, &[Action::Bet(10)]);
    assert_eq!(
        ev[0],
        Event::Shuffle {
            mid_round: false,
            cards: 52
        }
    );
    assert!(matches!(ev[1], Event::Bet { round: 2, .. }));
}

#[test]
fn a_shoe_that_runs_out_mid_round_shuffles_the_discards_back_in() {
    // One deck dealt to the last card: some round starts with fewer than the four cards the deal
    // needs. Stand on everything until that happens.
    let rules = Rules {
        decks: 1,
        penetration: 1.0,
        insurance: false,
        ..Rules::default()
    };
    let mut t = Table::new(rules, 11);
    let mut found = false;
    for _ in 0..300 {
        let mut ev = play(&mut t, &[Action::Bet(10)]);
        while t.phase() == Phase::Player {
            ev.extend(play(&mut t, &[Action::Stand]));
        }
        let Some(at) = ev.iter().position(|e| {
            matches!(
                e,
                Event::Shuffle {
                    mid_round: true,
                    ..
                }
            )
        }) else {
            assert!(
                !ev.iter()
                    .skip(1)
                    .any(|e| matches!(e, Event::Shuffle { .. })),
                "no other shuffle after the bet"
            );
            continue;
        };
        found = true;
        // Cards dealt before the shuffle stayed on the table.
        let places = t.card_places();
        let mut on_table: Vec<Card> = places.hands.concat();
        on_table.extend(&places.dealer);
        for e in &ev[..at] {
            if let Event::Card { card, .. } = e {
                assert!(on_table.contains(card));
            }
            if let Event::Deal {
                player, dealer_up, ..
            } = e
            {
                assert!(on_table.contains(dealer_up));
                assert!(player.iter().all(|c| on_table.contains(c)));
            }
        }
        // Every card of the deck is in exactly one place.
        let mut all = places.undealt.clone();
        all.extend(places.discards);
        all.extend(on_table);
        all.sort();
        let mut deck = cardroom::cards::shoe_cards(1);
        deck.sort();
        assert_eq!(all, deck);
        assert!(t.view().shoe.reshuffle_due);
        let ev = play(&mut t, &[Action::Bet(10)]);
        assert!(matches!(
            ev[0],
            Event::Shuffle {
                mid_round: false,
                ..
            }
        ));
        break;
    }
    assert!(found, "no round ran the shoe dry");
}

#[test]
fn the_hole_card_stays_hidden_until_revealed() {
    let mut t = stacked(Rules::default(), "TS 6H 7D KC 9S");
    play(&mut t, &[Action::Bet(10)]);
    let v = t.view();
    assert!(v.dealer.hole_hidden);
    assert_eq!(v.dealer.cards, cards("6H"));
    let json = serde_json::to_string(&v).unwrap();
    assert!(!json.contains("KC"), "hole card leaked: {json}");
    play(&mut t, &[Action::Stand]);
    let v = t.view();
    assert!(!v.dealer.hole_hidden);
    assert_eq!(v.dealer.cards, cards("6H KC 9S"), "revealed, then 16 draws");
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    // Split of a three-card hand.
    let mut t = stacked(Rules::default(), "8S 6H 8D TC 2S");
    play(&mut t, &[Action::Bet(10), Action::Hit]);
    refused(
        &mut t,
        Action::Split,
        RuleError::SplitNotTwoCards { cards: 3 },
    );
    // Double after a hit.
    refused(&mut t, Action::Double, RuleError::DoubleAfterHit);
    refused(&mut t, Action::Surrender, RuleError::SurrenderAfterHit);
    refused(
        &mut t,
        Action::Insure(chips(5)),
        RuleError::NotNow {
            action: Action::Insure(chips(5)),
            phase: Phase::Player,
        },
    );
    // Any action after the hand is over.
    play(&mut t, &[Action::Stand]);
    refused(&mut t, Action::Hit, RuleError::RoundOver);
    refused(&mut t, Action::Stand, RuleError::RoundOver);

    // A double or split the bankroll cannot cover.
    let rules = Rules {
        bankroll: 15,
        ..Rules::default()
    };
    let mut t = stacked(rules, "8S 6H 8D TC");
    play(&mut t, &[Action::Bet(10)]);
    let cover = |action| RuleError::CannotCover {
        action,
        needed: chips(10),
        bankroll: chips(5),
    };
    refused(&mut t, Action::Double, cover(Action::Double));
    refused(&mut t, Action::Split, cover(Action::Split));
    assert_eq!(
        t.legal_actions(),
        [Action::Hit, Action::Stand, Action::Surrender]
    );

    // Surrender after a split; double after a split without DAS.
    let rules = Rules {
        double_after_split: false,
        ..Rules::default()
    };
    let mut t = stacked(rules, "8S 6H 8D TC 3S");
    play(&mut t, &[Action::Bet(10), Action::Split]);
    refused(&mut t, Action::Surrender, RuleError::SurrenderAfterSplit);
    refused(&mut t, Action::Double, RuleError::DoubleAfterSplit);

    // Bets out of limits or beyond the bankroll, and moves before any bet.
    let rules = Rules {
        bankroll: 100,
        ..Rules::default()
    };
    let mut t = Table::new(rules, 3);
    let limits = |bet| RuleError::BetOutOfLimits {
        bet,
        min: 10,
        max: 500,
    };
    refused(&mut t, Action::Bet(5), limits(5));
    refused(&mut t, Action::Bet(501), limits(501));
    refused(
        &mut t,
        Action::Bet(200),
        RuleError::BetOverBankroll {
            bet: 200,
            bankroll: chips(100),
        },
    );
    refused(&mut t, Action::Hit, RuleError::NoHand);
}

#[test]
fn split_and_double_options() {
    // Ten-valued pairs: K,Q splits by value, not by rank.
    let rank = Rules {
        split_tens_by: SplitTensBy::Rank,
        ..Rules::default()
    };
    let mut t = stacked(rank, "KS 6H QD TC");
    play(&mut t, &[Action::Bet(10)]);
    refused(&mut t, Action::Split, RuleError::SplitNotPair);
    let mut t = stacked(Rules::default(), "KS 6H QD TC");
    play(&mut t, &[Action::Bet(10)]);
    assert!(t.legal_actions().contains(&Action::Split));

    // max_hands = 2: no resplit of 8,8.
    let two = Rules {
        max_hands: 2,
        ..Rules::default()
    };
    let mut t = stacked(two, "8S 6H 8D TC 8C");
    play(&mut t, &[Action::Bet(10), Action::Split]);
    refused(&mut t, Action::Split, RuleError::SplitMaxHands { max: 2 });
    // max_hands = 4: resplit to four hands, then no more.
    let mut t = stacked(Rules::default(), "8S 6H 8D TC 8C 8H 8S 9C 9D 9H 9S");
    play(
        &mut t,
        &[Action::Bet(10), Action::Split, Action::Split, Action::Split],
    );
    assert_eq!(t.view().hands.len(), 4);
    assert_eq!(t.view().hands[0].cards, cards("8S 8S"));
    refused(&mut t, Action::Split, RuleError::SplitMaxHands { max: 4 });

    // Resplitting aces: the second ace waits for a split-or-stand decision and cannot hit.
    let resplit = Rules {
        resplit_aces: true,
        ..Rules::default()
    };
    let mut t = stacked(resplit, "AS 6H AD TC AC 5D 9S 9D");
    play(&mut t, &[Action::Bet(10), Action::Split]);
    assert_eq!(t.legal_actions(), [Action::Stand, Action::Split]);
    refused(&mut t, Action::Hit, RuleError::HitSplitAces);
    let mut t = stacked(Rules::default(), "AS 6H AD TC AC 5D 9S 9D");
    play(&mut t, &[Action::Bet(10), Action::Split]);
    assert_eq!(t.phase(), Phase::Settled, "no resplit: split aces stand");

    // Double restrictions.
    for (double, total9, total11) in [
        (DoubleRule::Any, true, true),
        (DoubleRule::NineToEleven, true, true),
        (DoubleRule::TenToEleven, false, true),
        (DoubleRule::None, false, false),
    ] {
        let rules = Rules {
            double,
            ..Rules::default()
        };
        for (stack, allowed) in [("5S 6H 4D TC", total9), ("5S 6H 6D TC", total11)] {
            let mut t = stacked(rules, stack);
            play(&mut t, &[Action::Bet(10)]);
            assert_eq!(
                t.legal_actions().contains(&Action::Double),
                allowed,
                "{double:?} {stack}"
            );
            if !allowed {
                let expected = if double == DoubleRule::None {
                    RuleError::DoubleOff
                } else {
                    RuleError::DoubleTotal {
                        total: 9,
                        rule: double,
                    }
                };
                refused(&mut t, Action::Double, expected);
            }
        }
    }

    // No surrender at this table.
    let none = Rules {
        surrender: Surrender::None,
        ..Rules::default()
    };
    let mut t = stacked(none, "TS 9H 6D 7C");
    play(&mut t, &[Action::Bet(10)]);
    refused(&mut t, Action::Surrender, RuleError::SurrenderOff);
}

#[test]
fn refusals_are_worded_in_both_languages() {
    let all = [
        RuleError::NotNow {
            action: Action::Hit,
            phase: Phase::Betting,
        },
        RuleError::NoHand,
        RuleError::RoundOver,
        RuleError::BetOutOfLimits {
            bet: 5,
            min: 10,
            max: 500,
        },
        RuleError::BetOverBankroll {
            bet: 50,
            bankroll: chips(20),
        },
        RuleError::CannotCover {
            action: Action::Split,
            needed: chips(10),
            bankroll: chips(5),
        },
        RuleError::HitSplitAces,
        RuleError::DoubleAfterHit,
        RuleError::DoubleAfterSplit,
        RuleError::DoubleSplitAces,
        RuleError::DoubleOff,
        RuleError::DoubleTotal {
            total: 9,
            rule: DoubleRule::TenToEleven,
        },
        RuleError::SplitNotTwoCards { cards: 3 },
        RuleError::SplitNotPair,
        RuleError::SplitMaxHands { max: 4 },
        RuleError::ResplitAces,
        RuleError::SurrenderOff,
        RuleError::SurrenderAfterSplit,
        RuleError::SurrenderAfterHit,
        RuleError::SurrenderPassed,
        RuleError::InsuranceAmount {
            amount: chips(6),
            max: chips(5),
        },
        RuleError::InsuranceOnNatural,
        RuleError::EvenMoneyWithoutNatural,
        RuleError::ShoeEmpty,
    ];
    for e in all {
        for lang in [Lang::En, Lang::Ja] {
            let m = rule_error(&e, lang);
            assert!(
                !m.contains("blackjack.") && !m.contains('{'),
                "{e:?} in {lang:?}: {m}"
            );
        }
        assert_ne!(rule_error(&e, Lang::En), rule_error(&e, Lang::Ja));
    }
    assert_eq!(
        rule_error(&RuleError::SplitMaxHands { max: 2 }, Lang::En),
        "No more splits: at most 2 hands"
    );
    assert!(
        rule_error(
            &RuleError::DoubleTotal {
                total: 9,
                rule: DoubleRule::TenToEleven
            },
            Lang::Ja
        )
        .contains("10-11")
    );
}

#[test]
fn the_engine_speaks_in_data_not_words() {
    // Issue 9: no module under src/blackjack imports the string tables or the UI language;
    // errors and events are data, and the TUI and CLI put them into words.
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("blackjack.rs")];
    walk(&root.join("blackjack"), &mut files);
    assert!(files.len() > 10, "{files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for bad in ["i18n", "config::Lang", "Lang::"] {
            assert!(!text.contains(bad), "{} mentions {bad}", f.display());
        }
    }
}

//! The derived basic-strategy table against the rule book's chart (rules/blackjack.md §4),
//! cell by cell, and against well-known charts for other rule sets.

use cardroom::blackjack::rules::{DoubleRule, HoleCard, Rules, Surrender};
use cardroom::blackjack::strategy::{BasicStrategy, DEALER_COLUMNS, Decision, RowKind, Situation};

use Decision::{Double as D, Hit as H, Split as P, Stand as S, Surrender as R};

/// The chart of rules/blackjack.md §4 for 4–8 decks, S17, DAS, late surrender, "apply the
/// first rule that fits", with its H17 changes when `h17`. `total` is the hand's total,
/// `pair` the value of a splittable pair, `up` the dealer's card (1 = ace).
fn chart(h17: bool, total: u8, soft: bool, pair: Option<u8>, up: u8) -> Decision {
    let ten_or_ace = up == 10 || up == 1;
    // H17 changes: surrender 15, 8,8 and 17 vs A.
    if h17 && up == 1 && !soft && (total == 15 || total == 17 || pair == Some(8)) {
        return R;
    }
    // Surrender hard 16 (not 8,8) vs 9, T, A and hard 15 vs T.
    if !soft
        && pair != Some(8)
        && ((total == 16 && (up == 9 || ten_or_ace)) || (total == 15 && up == 10))
    {
        return R;
    }
    if let Some(p) = pair {
        let split = match p {
            1 | 8 => true,
            5 | 10 => false,
            2 | 3 | 7 => (2..=7).contains(&up),
            4 => (5..=6).contains(&up),
            6 => (2..=6).contains(&up),
            9 => (2..=6).contains(&up) || up == 8 || up == 9,
            _ => unreachable!(),
        };
        if split {
            return P;
        }
    }
    if soft {
        // Doubles: soft 13–14 vs 5–6, 15–16 vs 4–6, 17–18 vs 3–6; H17: soft 18 vs 2, 19 vs 6.
        let double = match total {
            13 | 14 => (5..=6).contains(&up),
            15 | 16 => (4..=6).contains(&up),
            17 => (3..=6).contains(&up),
            18 => (3..=6).contains(&up) || (h17 && up == 2),
            19 => h17 && up == 6,
            _ => false,
        };
        if double {
            return D;
        }
        return match total {
            19.. => S,
            18 => {
                if up == 9 || ten_or_ace {
                    H
                } else {
                    S
                }
            }
            _ => H,
        };
    }
    // Hard doubles: 9 vs 3–6, 10 vs 2–9, 11 vs 2–10 (H17: and vs A).
    let double = match total {
        9 => (3..=6).contains(&up),
        10 => (2..=9).contains(&up),
        11 => up != 1 || h17,
        _ => false,
    };
    if double {
        return D;
    }
    match total {
        17.. => S,
        13..=16 if (2..=6).contains(&up) => S,
        12 if (4..=6).contains(&up) => S,
        _ => H,
    }
}

fn first_decision(total: u8, soft: bool, pair: Option<u8>, up: u8) -> Situation {
    Situation {
        total,
        soft,
        pair,
        from_split: false,
        can_double: true,
        can_split: pair.is_some(),
        can_surrender: true,
        dealer_up: up,
    }
}

/// Every first-decision cell the chart describes: hard 5–20 and soft 13–20 without a pair,
/// and the ten pairs, against every up card.
fn cells() -> Vec<(u8, bool, Option<u8>)> {
    let mut v = Vec::new();
    for t in 5..=20 {
        v.push((t, false, None));
    }
    for t in 13..=20 {
        v.push((t, true, None));
    }
    for p in 1..=10u8 {
        let (t, soft) = if p == 1 { (12, true) } else { (2 * p, false) };
        v.push((t, soft, Some(p)));
    }
    v
}

fn check_chart(decks: u8, h17: bool) {
    let rules = Rules {
        decks,
        dealer_hits_soft_17: h17,
        ..Rules::default()
    };
    let bs = BasicStrategy::new(&rules);
    let mut wrong = Vec::new();
    for (total, soft, pair) in cells() {
        for up in 1..=10 {
            let want = chart(h17, total, soft, pair, up);
            let got = bs.decide(&first_decision(total, soft, pair, up));
            if got != want {
                wrong.push(format!(
                    "{}{total}{} vs {up}: got {got:?}, chart {want:?}",
                    if soft { "soft " } else { "hard " },
                    pair.map(|p| format!(" (pair {p})")).unwrap_or_default()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{decks} decks, H17 {h17}: {} cells differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn four_six_and_eight_decks_s17_match_the_chart_cell_by_cell() {
    for decks in [4, 6, 8] {
        check_chart(decks, false);
    }
}

#[test]
fn the_h17_changes_match_the_chart_cell_by_cell() {
    for decks in [4, 6, 8] {
        check_chart(decks, true);
    }
}

#[test]
fn without_surrender_the_chart_hits() {
    // "Apply the first rule that fits": when surrender is not allowed, hard 15 and 16 fall
    // through to "stand vs 2–6", i.e. hit against 9, T, A.
    let bs = BasicStrategy::new(&Rules::default());
    for (total, up) in [(16, 9), (16, 10), (16, 1), (15, 10)] {
        let s = Situation {
            can_surrender: false,
            ..first_decision(total, false, None, up)
        };
        assert_eq!(bs.decide(&s), H, "hard {total} vs {up}");
    }
    // A game without surrender derives the same from its own values.
    let none = BasicStrategy::new(&Rules {
        surrender: Surrender::None,
        ..Rules::default()
    });
    assert_eq!(none.decide(&first_decision(16, false, None, 10)), H);
    assert_eq!(none.decide(&first_decision(15, false, None, 10)), H);
}

#[test]
fn soft_18_stands_when_it_cannot_double() {
    // rules/blackjack.md §4: "soft 18 stands when it cannot double" (vs 3–6), and hits 9, T, A.
    for h17 in [false, true] {
        let bs = BasicStrategy::new(&Rules {
            dealer_hits_soft_17: h17,
            ..Rules::default()
        });
        for up in 1..=10 {
            let s = Situation {
                can_double: false,
                can_surrender: false,
                ..first_decision(18, true, None, up)
            };
            let want = if up == 9 || up == 10 || up == 1 { H } else { S };
            assert_eq!(bs.decide(&s), want, "soft 18 vs {up}, H17 {h17}");
        }
    }
}

#[test]
fn a_hand_that_cannot_double_hits_or_stands_by_its_total() {
    let bs = BasicStrategy::new(&Rules::default());
    let after_hit = |total, soft, up| Situation {
        can_double: false,
        can_surrender: false,
        ..first_decision(total, soft, None, up)
    };
    for up in 1..=10 {
        assert_eq!(bs.decide(&after_hit(11, false, up)), H, "11 vs {up}");
        assert_eq!(bs.decide(&after_hit(17, true, up)), H, "soft 17 vs {up}");
        assert_eq!(bs.decide(&after_hit(19, true, up)), S, "soft 19 vs {up}");
        assert_eq!(bs.decide(&after_hit(17, false, up)), S, "17 vs {up}");
        let want12 = if (4..=6).contains(&up) { S } else { H };
        assert_eq!(bs.decide(&after_hit(12, false, up)), want12, "12 vs {up}");
    }
    // With three or more cards, 16 stands against a ten: the small cards it holds make the
    // next card likelier to bust it (the composition effect behind the usual exception).
    assert_eq!(bs.decide(&after_hit(16, false, 10)), S);
}

#[test]
fn decide_only_returns_what_the_situation_allows() {
    let bs = BasicStrategy::new(&Rules {
        dealer_hits_soft_17: true,
        ..Rules::default()
    });
    for total in 4..=21u8 {
        for soft in [false, true] {
            if soft && total < 12 {
                continue;
            }
            for pair in [None, Some(1), Some(8)] {
                for flags in 0..8u8 {
                    for up in 1..=10 {
                        let s = Situation {
                            total,
                            soft,
                            pair,
                            from_split: flags & 1 != 0,
                            can_double: flags & 1 != 0,
                            can_surrender: flags & 2 != 0,
                            can_split: flags & 4 != 0 && pair.is_some(),
                            dealer_up: up,
                        };
                        let ok = match bs.decide(&s) {
                            H | S => true,
                            D => s.can_double,
                            R => s.can_surrender,
                            P => s.can_split,
                        };
                        assert!(ok, "{s:?} -> {:?}", bs.decide(&s));
                    }
                }
            }
        }
    }
}

#[test]
fn the_table_follows_the_rules_not_one_chart() {
    // Single deck, S17, DAS, no surrender (Wizard of Odds' single-deck chart): double 8 vs
    // 5–6, 9 vs 2, 11 vs A; stand 7,7 vs T; stand soft 18 vs A.
    let one = BasicStrategy::new(&Rules {
        decks: 1,
        surrender: Surrender::None,
        ..Rules::default()
    });
    assert_eq!(one.decide(&first_decision(8, false, None, 5)), D);
    assert_eq!(one.decide(&first_decision(8, false, None, 6)), D);
    assert_eq!(one.decide(&first_decision(9, false, None, 2)), D);
    assert_eq!(one.decide(&first_decision(11, false, None, 1)), D);
    assert_eq!(one.decide(&first_decision(14, false, Some(7), 10)), S);
    assert_eq!(one.decide(&first_decision(18, true, None, 1)), S);
    // No double after split (the "Ph" cells of the 4–8 deck chart become hits).
    let no_das = BasicStrategy::new(&Rules {
        double_after_split: false,
        ..Rules::default()
    });
    for (pair, up) in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 5), (4, 6), (6, 2)] {
        let total = 2 * pair;
        assert_eq!(
            no_das.decide(&first_decision(total, false, Some(pair), up)),
            H,
            "{pair},{pair} vs {up} without DAS"
        );
    }
    // European no-hole-card: no double of 11 vs T/A, no split of 8,8 vs T/A or A,A vs A.
    let enhc = BasicStrategy::new(&Rules {
        hole_card: HoleCard::Enhc,
        surrender: Surrender::None,
        ..Rules::default()
    });
    assert_eq!(enhc.decide(&first_decision(11, false, None, 10)), H);
    assert_eq!(enhc.decide(&first_decision(11, false, None, 1)), H);
    assert_eq!(enhc.decide(&first_decision(16, false, Some(8), 10)), H);
    assert_eq!(enhc.decide(&first_decision(16, false, Some(8), 1)), H);
    assert_eq!(enhc.decide(&first_decision(12, true, Some(1), 1)), H);
    // Doubling restricted to 10–11: soft 17 vs 4 hits, hard 9 vs 4 hits, 10 vs 4 doubles.
    let ten_eleven = BasicStrategy::new(&Rules {
        double: DoubleRule::TenToEleven,
        ..Rules::default()
    });
    assert_eq!(ten_eleven.decide(&first_decision(17, true, None, 4)), H);
    assert_eq!(ten_eleven.decide(&first_decision(9, false, None, 4)), H);
    assert_eq!(ten_eleven.decide(&first_decision(10, false, None, 4)), D);
}

#[test]
fn the_chart_for_display_uses_the_usual_codes() {
    let bs = BasicStrategy::new(&Rules {
        dealer_hits_soft_17: true,
        ..Rules::default()
    });
    let chart = bs.chart();
    let cell = |kind: RowKind, total: u8, up: u8| {
        let row = chart
            .iter()
            .find(|r| r.kind == kind && r.total == total)
            .unwrap();
        let col = DEALER_COLUMNS.iter().position(|&u| u == up).unwrap();
        row.cells[col].code()
    };
    assert_eq!(cell(RowKind::Soft, 18, 3), "Ds");
    assert_eq!(cell(RowKind::Hard, 11, 5), "D");
    assert_eq!(cell(RowKind::Hard, 16, 10), "R");
    assert_eq!(cell(RowKind::Hard, 17, 1), "Rs");
    assert_eq!(cell(RowKind::Pair, 8, 1), "Rp");
    assert_eq!(cell(RowKind::Pair, 1, 6), "P");
    assert_eq!(cell(RowKind::Hard, 12, 2), "H");
    assert_eq!(cell(RowKind::HardAfterHit, 16, 10), "S");
    for row in &chart {
        assert_eq!(row.cells.len(), 10);
    }
    let kinds = |k| chart.iter().filter(|r| r.kind == k).count();
    assert_eq!(
        (
            kinds(RowKind::Hard),
            kinds(RowKind::Soft),
            kinds(RowKind::Pair)
        ),
        (17, 10, 10)
    );
}

#[test]
fn every_rule_set_derives_a_legal_table() {
    use cardroom::blackjack::rules::{BlackjackPays, SplitTensBy, Ties};
    let base = Rules::default();
    let sets = [
        Rules { decks: 1, ..base },
        Rules {
            decks: 2,
            max_hands: 8,
            resplit_aces: true,
            hit_split_aces: true,
            ..base
        },
        Rules {
            decks: 8,
            surrender: Surrender::Early,
            ..base
        },
        Rules {
            hole_card: HoleCard::Enhc,
            surrender: Surrender::Early,
            ..base
        },
        Rules {
            double: DoubleRule::None,
            max_hands: 1,
            surrender: Surrender::None,
            ..base
        },
        Rules {
            double: DoubleRule::NineToEleven,
            split_tens_by: SplitTensBy::Rank,
            ..base
        },
        Rules {
            ties: Ties::Dealer,
            blackjack_pays: BlackjackPays::OneToOne,
            ..base
        },
    ];
    for rules in sets {
        let bs = BasicStrategy::new(&rules);
        for (total, soft, pair) in cells() {
            for up in 1..=10 {
                let s = Situation {
                    can_double: rules.double != DoubleRule::None,
                    can_split: pair.is_some() && rules.max_hands > 1,
                    can_surrender: rules.surrender != Surrender::None,
                    ..first_decision(total, soft, pair, up)
                };
                let d = bs.decide(&s);
                let ok = match d {
                    H | S => true,
                    D => s.can_double,
                    R => s.can_surrender,
                    P => s.can_split,
                };
                assert!(ok, "{rules:?}: {s:?} -> {d:?}");
            }
        }
        // With no doubling allowed by the rules the table never ranks a double.
        if rules.double == DoubleRule::None {
            assert!(
                bs.chart()
                    .iter()
                    .all(|r| r.cells.iter().all(|c| !c.ranked.contains(&D)))
            );
        }
    }
}

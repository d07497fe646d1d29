//! Engine properties over a million seeded rounds across random rule combinations, played by a
//! random player that tries every legal action (and now and then an illegal one):
//!
//! * after every action, every card of the shoe is in exactly one place;
//! * a refused action leaves the table exactly as it was;
//! * bankroll before the bet + the round's net = bankroll after, and each hand's amount is its
//!   stake times the payout of its result (`rules/blackjack.md` §2);
//! * each result follows from the final totals, and the dealer followed S17/H17 and stopped
//!   drawing when no hand was left to play against.
//!
//! The checks recount totals and payouts here, independently of the engine's own functions.

use cardroom::blackjack::moves::Outcome;
use cardroom::blackjack::rules::{
    BlackjackPays, DoubleRule, HoleCard, Rules, SplitTensBy, Surrender, Ties,
};
use cardroom::blackjack::table::HandView;
use cardroom::blackjack::{Action, Event, Money, Phase, Table};
use cardroom::cards::{Card, GameRng, rng_from_seed};
use rand::RngExt;

/// Rounds played: a million with `CARDROOM_LONG_TESTS=1`, a hundred thousand by default.
fn rounds_to_play() -> u64 {
    if crate::long_tests() {
        1_000_000
    } else {
        100_000
    }
}
const BLOCK: u64 = 5_000;

fn random_rules(rng: &mut GameRng) -> Rules {
    let pick = |rng: &mut GameRng, n: usize| rng.random_range(0..n);
    Rules {
        decks: rng.random_range(1..=8),
        penetration: [0.5, 0.75, 0.95, 1.0][pick(rng, 4)],
        dealer_hits_soft_17: rng.random(),
        hole_card: [HoleCard::Peek, HoleCard::Enhc][pick(rng, 2)],
        blackjack_pays: [
            BlackjackPays::ThreeToTwo,
            BlackjackPays::SixToFive,
            BlackjackPays::OneToOne,
        ][pick(rng, 3)],
        double: [
            DoubleRule::Any,
            DoubleRule::NineToEleven,
            DoubleRule::TenToEleven,
            DoubleRule::None,
        ][pick(rng, 4)],
        double_after_split: rng.random(),
        max_hands: rng.random_range(1..=8),
        split_tens_by: [SplitTensBy::Value, SplitTensBy::Rank][pick(rng, 2)],
        resplit_aces: rng.random(),
        hit_split_aces: rng.random(),
        surrender: [Surrender::None, Surrender::Late, Surrender::Early][pick(rng, 3)],
        insurance: rng.random(),
        ties: [Ties::Push, Ties::Dealer][pick(rng, 2)],
        bankroll: 2_000,
        min_bet: rng.random_range(1..=10),
        max_bet: rng.random_range(10..=200),
        ..Rules::default()
    }
}

/// Points and softness, counted here from scratch (§1).
fn total(cards: &[Card]) -> (u8, bool) {
    let mut hard = 0u8;
    let mut ace = false;
    for c in cards {
        let n = c.rank().expect("no jokers in a shoe").number();
        hard += n.min(10);
        ace |= n == 1;
    }
    if ace && hard + 10 <= 21 {
        (hard + 10, true)
    } else {
        (hard, false)
    }
}

fn natural(cards: &[Card]) -> bool {
    cards.len() == 2 && total(cards).0 == 21
}

fn dealer_hits(cards: &[Card], h17: bool) -> bool {
    let (t, soft) = total(cards);
    t < 17 || (h17 && t == 17 && soft)
}

/// Every card of the composition is in exactly one place.
fn census(t: &Table, decks: u8) {
    let p = t.card_places();
    let mut counts = [0u16; 52];
    let all = p
        .undealt
        .iter()
        .chain(&p.discards)
        .chain(p.hands.iter().flatten())
        .chain(&p.dealer);
    for c in all {
        counts[c.index()] += 1;
    }
    assert!(
        counts.iter().all(|&n| n == u16::from(decks)),
        "card census broken: {counts:?}"
    );
}

/// The result the rules give a hand (§2), worked out from the cards.
fn expected_result(h: &HandView, dealer: &[Card], rules: &Rules) -> Outcome {
    let tie = match rules.ties {
        Ties::Push => Outcome::Push,
        Ties::Dealer => Outcome::TieToDealer,
    };
    let dealer_bj = natural(dealer);
    let (pt, _) = total(&h.cards);
    let (dt, _) = total(dealer);
    let hand_bj = natural(&h.cards) && !h.from_split;
    if h.even_money {
        return Outcome::EvenMoney;
    }
    if h.surrendered {
        // Late surrender does not escape a natural the dealer makes without a peek.
        let late = rules.surrender == Surrender::Late;
        return if late && dealer_bj {
            Outcome::Lose
        } else {
            Outcome::Surrender
        };
    }
    if pt > 21 {
        Outcome::Bust
    } else if hand_bj {
        if dealer_bj { tie } else { Outcome::Blackjack }
    } else if dealer_bj {
        Outcome::Lose
    } else if dt > 21 || pt > dt {
        Outcome::Win
    } else if pt < dt {
        Outcome::Lose
    } else {
        tie
    }
}

fn payout(result: Outcome, rules: &Rules) -> (i64, i64) {
    match result {
        Outcome::Blackjack => match rules.blackjack_pays {
            BlackjackPays::ThreeToTwo => (3, 2),
            BlackjackPays::SixToFive => (6, 5),
            BlackjackPays::OneToOne => (1, 1),
        },
        Outcome::Win | Outcome::EvenMoney => (1, 1),
        Outcome::Push => (0, 1),
        Outcome::Lose | Outcome::Bust | Outcome::TieToDealer => (-1, 1),
        Outcome::Surrender => (-1, 2),
    }
}

/// Checks the settled round against the rules.
fn check_settlement(t: &Table, events: &[Event], bankroll_before: Money, rules: &Rules) {
    let (hands, insurance, net) = events
        .iter()
        .find_map(|e| match e {
            Event::Settle {
                hands,
                insurance,
                net,
            } => Some((hands.clone(), *insurance, *net)),
            _ => None,
        })
        .expect("settled");
    let dealer = events
        .iter()
        .find_map(|e| match e {
            Event::Dealer { cards, .. } => Some(cards.clone()),
            _ => None,
        })
        .expect("dealer shown");
    // Money: before + payouts = after, payouts exact.
    assert_eq!(bankroll_before + net, t.bankroll(), "bankroll accounting");
    let sum: Money = hands.iter().map(|h| h.amount).sum();
    assert_eq!(sum + insurance.unwrap_or(Money::ZERO), net);
    let view = t.view();
    for (s, h) in hands.iter().zip(&view.hands) {
        let expected = expected_result(h, &dealer, rules);
        assert_eq!(s.result, expected, "hand {h:?} vs dealer {dealer:?}");
        let (num, den) = payout(s.result, rules);
        assert_eq!(s.bet.cents() * num % den, 0, "payout not a whole cent");
        assert_eq!(s.amount.cents(), s.bet.cents() * num / den);
    }
    if let (Some(ins), Some(amount)) = (view.insurance, insurance) {
        let expected = if natural(&dealer) { ins + ins } else { -ins };
        assert_eq!(amount, expected, "insurance pays 2:1");
    }
    // The dealer's rule.
    let live = view.hands.iter().any(|h| {
        let unsplit_natural = natural(&h.cards) && !h.from_split;
        total(&h.cards).0 <= 21 && !h.surrendered && !unsplit_natural && !h.even_money
    });
    if natural(&dealer) || !live {
        assert_eq!(dealer.len(), 2, "no draws: {dealer:?}");
    } else {
        for k in 2..dealer.len() {
            assert!(
                dealer_hits(&dealer[..k], rules.dealer_hits_soft_17),
                "drew on a standing total: {dealer:?}"
            );
        }
        assert!(
            !dealer_hits(&dealer, rules.dealer_hits_soft_17),
            "stopped too early: {dealer:?}"
        );
    }
}

/// Every action shape, legal or not, for the illegal-action probes.
fn any_action(rng: &mut GameRng) -> Action {
    match rng.random_range(0..10) {
        0 => Action::Bet(rng.random_range(0..300)),
        1 => Action::Insure(Money::from_cents(rng.random_range(-100..3000))),
        2 => Action::EvenMoney,
        3 => Action::Decline,
        4 => Action::Hit,
        5 => Action::Stand,
        6 => Action::Double,
        7 => Action::Split,
        8 => Action::Surrender,
        _ => Action::NextRound,
    }
}

/// A legal action chosen at random (any bet or insurance amount, not only the listed one).
fn random_legal(t: &Table, rng: &mut GameRng) -> Action {
    let legal = t.legal_actions();
    let a = legal[rng.random_range(0..legal.len())];
    match a {
        Action::Bet(_) => {
            let r = t.rules();
            let afford = u64::try_from(t.bankroll().cents() / 100).unwrap_or(0);
            Action::Bet(rng.random_range(r.min_bet..=r.max_bet.min(afford)))
        }
        Action::Insure(max) => Action::Insure(Money::from_cents(rng.random_range(1..=max.cents()))),
        other => other,
    }
}

#[test]
fn random_rounds_keep_every_invariant() {
    let mut rng = rng_from_seed(2024);
    let mut rounds = 0u64;
    let mut refusals = 0u64;
    let mut splits = 0u64;
    let total = rounds_to_play();
    while rounds < total {
        let rules = random_rules(&mut rng);
        let mut t = Table::new(rules, rng.random());
        census(&t, rules.decks);
        let mut played = 0;
        while played < BLOCK {
            if t.game_over() {
                t = Table::new(rules, rng.random());
            }
            let bankroll_before = t.bankroll();
            let bet = random_legal(&t, &mut rng);
            let bet = if matches!(bet, Action::NextRound) {
                t.apply(bet).unwrap();
                census(&t, rules.decks);
                if t.game_over() {
                    continue;
                }
                random_legal(&t, &mut rng)
            } else {
                bet
            };
            let mut events = t.apply(bet).expect("a legal bet");
            census(&t, rules.decks);
            while t.phase() != Phase::Settled {
                if rng.random_range(0..8) == 0 {
                    let probe = any_action(&mut rng);
                    let before = t.clone();
                    match t.apply(probe) {
                        Err(_) => {
                            refusals += 1;
                            assert!(t == before, "refused {probe:?} changed the table");
                            continue;
                        }
                        Ok(ev) => {
                            events.extend(ev);
                            census(&t, rules.decks);
                            continue;
                        }
                    }
                }
                let a = random_legal(&t, &mut rng);
                splits += u64::from(a == Action::Split);
                events.extend(t.apply(a).expect("a listed action is legal"));
                census(&t, rules.decks);
            }
            check_settlement(&t, &events, bankroll_before, &rules);
            played += 1;
            rounds += 1;
        }
    }
    // Per million rounds: more than 10,000 refusals and 10,000 splits.
    let per = total / 100;
    assert!(refusals > per && splits > per, "{refusals} {splits}");
}

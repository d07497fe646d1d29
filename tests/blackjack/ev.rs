//! Exact expected values against the published figures of rules/blackjack.md §4, identities
//! between the rule variants, errors, and seeded simulations of single decisions.

use cardroom::blackjack::ev::{
    EvError, HandEvs, Shoe, Spot, dealer_outcomes, game_ev, game_ev_from, hand_evs,
};
use cardroom::blackjack::rules::{
    BlackjackPays, HoleCard, ResplitPolicy, Rules, SplitTensBy, Surrender,
};
use cardroom::blackjack::strategy::Decision;
use cardroom::cards::{Card, parse_cards};

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// EVs of `hand` against `up` drawn from `decks` full decks (the hand and up card removed).
fn evs(rules: &Rules, hand: &str, up: &str) -> HandEvs {
    let h = parse_cards(hand).unwrap();
    let u = card(up);
    let mut seen = h.clone();
    seen.push(u);
    let shoe = Shoe::decks_without(rules.decks, &seen).unwrap();
    hand_evs(rules, &shoe, &Spot::new(&h, u)).unwrap()
}

fn infinite(rules: &Rules, hand: &str, up: &str) -> HandEvs {
    let h = parse_cards(hand).unwrap();
    hand_evs(rules, &Shoe::infinite(), &Spot::new(&h, card(up))).unwrap()
}

fn close(got: f64, want: f64, tol: f64, what: &str) {
    assert!(
        (got - want).abs() <= tol,
        "{what}: got {got:.7}, want {want:.7}"
    );
}

/// Six decimals as printed: within half a unit of the last digit.
const SIX: f64 = 5e-7;

fn s17_peek() -> Rules {
    Rules {
        surrender: Surrender::None,
        ..Rules::default()
    }
}

#[test]
fn infinite_deck_values_match_the_rule_book() {
    // rules/blackjack.md §4, infinite deck, S17, peek: (hand, up, stand, hit, double).
    let r = s17_peek();
    let table: [(&str, &str, f64, f64, Option<f64>); 5] = [
        ("TS 6S", "TH", -0.540430, -0.539826, Some(-1.079653)),
        ("TS 6S", "7H", -0.475375, -0.414779, None),
        ("TS 2S", "4H", -0.211063, -0.213537, None),
        ("5S 6S", "6H", -0.153699, 0.333690, Some(0.667380)),
        ("AS 7S", "9H", -0.183163, -0.100744, Some(-0.290219)),
    ];
    for (hand, up, stand, hit, double) in table {
        let e = infinite(&r, hand, up);
        close(
            e.stand.unwrap(),
            stand,
            SIX,
            &format!("{hand} v {up} stand"),
        );
        close(e.hit.unwrap(), hit, SIX, &format!("{hand} v {up} hit"));
        if let Some(d) = double {
            close(e.double.unwrap(), d, SIX, &format!("{hand} v {up} double"));
        }
    }
}

#[test]
fn hard_sixteen_is_the_same_however_it_is_made_in_an_infinite_deck() {
    let r = s17_peek();
    let a = infinite(&r, "TS 6S", "TH");
    let b = infinite(&r, "9S 7S", "TH");
    let c = infinite(&r, "4S 2S KH", "TH");
    close(a.stand.unwrap(), b.stand.unwrap(), 1e-12, "T6 vs 97 stand");
    close(a.hit.unwrap(), c.hit.unwrap(), 1e-12, "T6 vs 4-2-K hit");
}

#[test]
fn one_deck_against_an_ace_matches_wizard_of_odds_appendix_9() {
    // rules/blackjack.md §4: one deck, S17, dealer ace, peek (conditional on no natural).
    let r = Rules {
        decks: 1,
        ..s17_peek()
    };
    let table = [
        ("6S 5S", -0.634013, 0.172946, 0.240259),
        ("6S 4S", -0.636118, 0.081506, 0.048615),
        ("7S AS", -0.101015, -0.108386, -0.357778),
    ];
    for (hand, stand, hit, double) in table {
        let e = evs(&r, hand, "AH");
        close(e.stand.unwrap(), stand, SIX, &format!("{hand} stand"));
        close(e.hit.unwrap(), hit, SIX, &format!("{hand} hit"));
        close(e.double.unwrap(), double, SIX, &format!("{hand} double"));
    }
    assert_eq!(evs(&r, "6S 5S", "AH").best, Some(Decision::Double));
    assert_eq!(evs(&r, "6S 4S", "AH").best, Some(Decision::Hit));
    assert_eq!(evs(&r, "7S AS", "AH").best, Some(Decision::Stand));
}

#[test]
fn dealer_totals_in_an_infinite_deck_match_the_rule_book() {
    // rules/blackjack.md §4: infinite deck, S17, before the peek.
    let r = Rules::default();
    let d = dealer_outcomes(&r, &Shoe::infinite(), card("6C")).unwrap();
    let want = [0.165438, 0.106267, 0.106267, 0.101715, 0.097163];
    for (k, (&got, &w)) in d.totals.iter().zip(&want).enumerate() {
        close(got, w, SIX, &format!("up 6 total {}", 17 + k));
    }
    close(d.bust, 0.423150, SIX, "up 6 bust");
    assert_eq!(d.natural, 0.0);
    let d2 = dealer_outcomes(&r, &Shoe::infinite(), card("2C")).unwrap();
    close(d2.bust, 0.353608, SIX, "up 2 bust");
    let da = dealer_outcomes(&r, &Shoe::infinite(), card("AC")).unwrap();
    close(da.natural, 4.0 / 13.0, 1e-15, "ace up natural");
}

/// Whole-game figures of rules/blackjack.md §4, to within 0.005% (absolute, in percent).
const GAME_TOL: f64 = 0.005e-2;

#[test]
fn one_deck_s17_das_game_matches_the_published_figure() {
    let r = Rules {
        decks: 1,
        surrender: Surrender::None,
        ..Rules::default()
    };
    close(game_ev(&r).ev, 0.182e-2, GAME_TOL, "1 deck S17 DAS");
}

#[test]
fn six_deck_games_match_the_published_figures() {
    let s17 = Rules::default();
    close(game_ev(&s17).ev, -0.330e-2, GAME_TOL, "6 decks S17 DAS LS");
    let h17 = Rules {
        dealer_hits_soft_17: true,
        ..Rules::default()
    };
    close(game_ev(&h17).ev, -0.527e-2, GAME_TOL, "6 decks H17 DAS LS");
    let six_five = Rules {
        blackjack_pays: BlackjackPays::SixToFive,
        ..Rules::default()
    };
    close(
        game_ev(&six_five).ev,
        -1.690e-2,
        GAME_TOL,
        "6 decks S17 DAS LS 6:5",
    );
}

#[test]
fn the_breakdown_by_up_card_adds_up() {
    let g = game_ev_from(&Rules::default(), &Shoe::infinite());
    assert_eq!(g.by_up.len(), 10);
    assert_eq!(g.by_up[0].up, 2, "2 first");
    assert_eq!(g.by_up[9].up, 1, "ace last");
    let p: f64 = g.by_up.iter().map(|u| u.probability).sum();
    close(p, 1.0, 1e-12, "up-card probabilities");
    let ev: f64 = g.by_up.iter().map(|u| u.probability * u.ev).sum();
    close(ev, g.ev, 1e-15, "weighted sum");
    // The player wins most against a 5 or 6 and loses most against an ace or ten.
    let ev_of = |up: u8| g.by_up.iter().find(|u| u.up == up).unwrap().ev;
    assert!(ev_of(5) > 0.0 && ev_of(6) > 0.0);
    assert!(ev_of(1) < ev_of(10) && ev_of(10) < ev_of(7));
}

#[test]
fn enhc_is_the_peek_value_weighted_by_the_natural() {
    // Without a hole card a dealer natural takes the bet: with a ten up, standing is worth
    // P(no natural) · (peek value) − P(natural). Doubling loses two units to the natural.
    let peek = Rules::default();
    let enhc = Rules {
        hole_card: HoleCard::Enhc,
        ..peek
    };
    let h = parse_cards("9S 2D").unwrap();
    let u = card("TH");
    let shoe = Shoe::decks_without(6, &[h[0], h[1], u]).unwrap();
    let p_nat = 24.0 / 309.0; // aces left of the 309 unseen cards
    let a = hand_evs(&peek, &shoe, &Spot::new(&h, u)).unwrap();
    let b = hand_evs(&enhc, &shoe, &Spot::new(&h, u)).unwrap();
    close(
        b.stand.unwrap(),
        (1.0 - p_nat) * a.stand.unwrap() - p_nat,
        1e-12,
        "stand",
    );
    close(
        b.double.unwrap(),
        (1.0 - p_nat) * a.double.unwrap() - 2.0 * p_nat,
        1e-12,
        "double",
    );
    // With a 7 up there is no natural to fear: the values agree.
    let u7 = card("7H");
    let shoe7 = Shoe::decks_without(6, &[h[0], h[1], u7]).unwrap();
    let a7 = hand_evs(&peek, &shoe7, &Spot::new(&h, u7)).unwrap();
    let b7 = hand_evs(&enhc, &shoe7, &Spot::new(&h, u7)).unwrap();
    close(
        a7.hit.unwrap(),
        b7.hit.unwrap(),
        1e-15,
        "no natural possible",
    );
}

#[test]
fn early_surrender_is_reported_as_its_conditional_equivalent() {
    let r = Rules {
        surrender: Surrender::Early,
        ..Rules::default()
    };
    let e = evs(&r, "TS 6S", "AH");
    let p_nat = 95.0 / 309.0; // tens left (the hand holds one) of the 309 unseen cards
    close(
        e.surrender.unwrap(),
        (-0.5 + p_nat) / (1.0 - p_nat),
        1e-12,
        "early surrender vs ace",
    );
    assert_eq!(
        e.best,
        Some(Decision::Surrender),
        "16 vs ace surrenders early"
    );
    let late = evs(&Rules::default(), "TS 6S", "AH");
    assert_eq!(late.surrender, Some(-0.5));
    assert_eq!(
        evs(&r, "TS 6S", "9H").surrender,
        Some(-0.5),
        "no peek with a 9"
    );
}

#[test]
fn insurance_pays_two_to_one_on_the_tens_left() {
    // One deck, player 5,6, dealer ace: 16 tens among 49 unseen cards.
    let r = Rules {
        decks: 1,
        ..Rules::default()
    };
    let e = evs(&r, "5S 6S", "AH");
    close(
        e.insurance.unwrap(),
        0.5 * (2.0 * 16.0 / 49.0 - 33.0 / 49.0),
        1e-15,
        "insurance",
    );
    // Holding two tens leaves fewer: insurance is worse.
    let e2 = evs(&r, "TS KS", "AH");
    assert!(e2.insurance.unwrap() < e.insurance.unwrap());
    assert_eq!(
        evs(&r, "5S 6S", "TH").insurance,
        None,
        "only against an ace"
    );
}

#[test]
fn a_natural_is_worth_its_payout() {
    let r = Rules::default();
    assert_eq!(
        evs(&r, "AS KH", "AD").stand,
        Some(1.5),
        "peek: conditional on no dealer natural"
    );
    let six_five = Rules {
        blackjack_pays: BlackjackPays::SixToFive,
        ..r
    };
    close(
        evs(&six_five, "AS KH", "7D").stand.unwrap(),
        1.2,
        1e-15,
        "6:5",
    );
    assert_eq!(evs(&r, "AS KH", "7D").best, Some(Decision::Stand));
}

#[test]
fn actions_are_offered_as_the_rules_allow() {
    let r = Rules::default();
    let e = evs(&r, "8S 8H", "6D");
    assert!(e.split.is_some() && e.double.is_some() && e.surrender.is_some());
    assert_eq!(e.best, Some(Decision::Split));
    let three = evs(&r, "2S 3H 4D", "6D");
    assert_eq!(
        (three.double, three.split, three.surrender),
        (None, None, None),
        "three cards: hit or stand only"
    );
    let no_double = Rules {
        double: cardroom::blackjack::rules::DoubleRule::TenToEleven,
        max_hands: 1,
        surrender: Surrender::None,
        ..r
    };
    let e = evs(&no_double, "8S 8H", "6D");
    assert_eq!((e.double, e.split, e.surrender), (None, None, None));
    assert!(evs(&no_double, "6S 4H", "6D").double.is_some());
    // Tens split by rank: K,K splits, K,Q does not.
    let by_rank = Rules {
        split_tens_by: SplitTensBy::Rank,
        ..r
    };
    assert!(evs(&by_rank, "KS KH", "6D").split.is_some());
    assert!(evs(&by_rank, "KS QH", "6D").split.is_none());
    assert!(evs(&r, "KS QH", "6D").split.is_some());
    // After a split: no surrender, doubles only with DAS, no resplit of aces.
    let h = parse_cards("9S 2D").unwrap();
    let u = card("6C");
    let shoe = Shoe::decks_without(6, &[h[0], h[1], u, card("9H")]).unwrap();
    let spot = Spot {
        hand: &h,
        up: u,
        from_split: true,
        hands_in_round: 2,
        waiting: 0,
        others_live: false,
    };
    let e = hand_evs(&r, &shoe, &spot).unwrap();
    assert!(e.surrender.is_none() && e.double.is_some() && e.insurance.is_none());
    let no_das = Rules {
        double_after_split: false,
        ..r
    };
    assert!(hand_evs(&no_das, &shoe, &spot).unwrap().double.is_none());
    let aces = parse_cards("AS AD").unwrap();
    let shoe = Shoe::decks_without(6, &[aces[0], aces[1], u, card("AH")]).unwrap();
    let spot = Spot {
        hand: &aces,
        up: u,
        from_split: true,
        hands_in_round: 2,
        waiting: 0,
        others_live: false,
    };
    assert!(hand_evs(&r, &shoe, &spot).unwrap().split.is_none());
    let rsa = Rules {
        resplit_aces: true,
        ..r
    };
    assert!(hand_evs(&rsa, &shoe, &spot).unwrap().split.is_some());
    // At the hand limit nothing splits.
    let full = Spot {
        hands_in_round: 4,
        ..spot
    };
    assert!(hand_evs(&rsa, &shoe, &full).unwrap().split.is_none());
}

#[test]
fn more_resplits_are_worth_more_for_eights() {
    // Each extra hand allowed is an option the player may use: the value cannot fall.
    let mut last = f64::NEG_INFINITY;
    for max_hands in 2..=8 {
        let r = Rules {
            max_hands,
            ..Rules::default()
        };
        let s = evs(&r, "8S 8H", "TD").split.unwrap();
        assert!(s >= last - 1e-12, "max_hands {max_hands}: {s} < {last}");
        last = s;
    }
}

#[test]
fn bad_spots_are_refused_with_their_reason() {
    let r = Rules::default();
    let one = parse_cards("TS").unwrap();
    assert_eq!(
        hand_evs(&r, &Shoe::decks(6), &Spot::new(&one, card("6D"))),
        Err(EvError::TooFewCards { cards: 1 })
    );
    let bust = parse_cards("TS 6S 9D").unwrap();
    assert_eq!(
        hand_evs(&r, &Shoe::decks(6), &Spot::new(&bust, card("6D"))),
        Err(EvError::Busted { total: 25 })
    );
    let jk = parse_cards("TS JK").unwrap();
    assert_eq!(
        hand_evs(&r, &Shoe::decks(6), &Spot::new(&jk, card("6D"))),
        Err(EvError::Joker)
    );
    // Deals that cannot happen under peek: no card left for the hole, or only cards that would
    // have given the dealer a natural (the round would have ended before the player acts).
    let h = parse_cards("TS 2S").unwrap();
    assert_eq!(
        hand_evs(
            &r,
            &Shoe::from_rank_counts([0; 13]),
            &Spot::new(&h, card("6D"))
        ),
        Err(EvError::NoHoleCard)
    );
    let tens = Shoe::from_rank_counts([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0]);
    assert_eq!(
        hand_evs(&r, &tens, &Spot::new(&h, card("AD"))),
        Err(EvError::DealerHasNatural)
    );
    // Under ENHC the same empty shoe is a real (if odd) spot: only surrender needs no card.
    let enhc = Rules {
        hole_card: HoleCard::Enhc,
        ..r
    };
    let e = hand_evs(
        &enhc,
        &Shoe::from_rank_counts([0; 13]),
        &Spot::new(&h, card("6D")),
    )
    .unwrap();
    assert_eq!((e.stand, e.hit, e.double), (None, None, None));
    assert_eq!(e.surrender, Some(-0.5));
    assert_eq!(e.best, Some(Decision::Surrender));
}

// ---------------------------------------------------------------------------------------------
// Seeded simulations of single decisions, dealing from the same composition.

mod sim {
    use std::collections::HashMap;

    use cardroom::blackjack::ev::{Shoe, Spot, hand_evs};
    use cardroom::blackjack::rules::Rules;
    use cardroom::cards::{Card, GameRng, rng_from_seed};
    use rand::RngExt;

    /// Blackjack value of a card: ace 1, tens 10.
    pub fn value(c: Card) -> u32 {
        u32::from(c.rank().unwrap().number().min(10))
    }

    /// (best total, soft) of card values.
    pub fn total(vals: &[u32]) -> (u32, bool) {
        let hard: u32 = vals.iter().sum();
        if vals.contains(&1) && hard + 10 <= 21 {
            (hard + 10, true)
        } else {
            (hard, false)
        }
    }

    /// A shuffled-on-demand deck: each draw takes a uniformly random card of those left.
    pub struct Deal<'a> {
        cards: &'a mut Vec<Card>,
        next: usize,
        rng: &'a mut GameRng,
    }

    impl<'a> Deal<'a> {
        pub fn new(cards: &'a mut Vec<Card>, rng: &'a mut GameRng) -> Deal<'a> {
            Deal {
                cards,
                next: 0,
                rng,
            }
        }
        pub fn draw(&mut self) -> Card {
            let i = self.rng.random_range(self.next..self.cards.len());
            self.cards.swap(self.next, i);
            self.next += 1;
            self.cards[self.next - 1]
        }
    }

    /// The dealer's final total (22 = bust) drawing after `hole`, S17.
    pub fn dealer_total(up: Card, hole: Card, deal: &mut Deal<'_>) -> u32 {
        let mut vals = vec![value(up), value(hole)];
        loop {
            let (t, _) = total(&vals);
            if t > 21 {
                return 22;
            }
            if t >= 17 {
                return t;
            }
            vals.push(value(deal.draw()));
        }
    }

    /// Win +1, push 0, loss −1 for a player total against the dealer's.
    pub fn settle(player: u32, dealer: u32) -> f64 {
        if player > 21 {
            -1.0
        } else if dealer > 21 || player > dealer {
            1.0
        } else if player == dealer {
            0.0
        } else {
            -1.0
        }
    }

    /// Mean and standard error.
    pub fn mean_se(xs: &[f64]) -> (f64, f64) {
        let n = xs.len() as f64;
        let m = xs.iter().sum::<f64>() / n;
        let v = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0);
        (m, (v / n).sqrt())
    }

    /// Composition-dependent choices by hand composition, from the exact engine: what the
    /// player does holding `cards` (values) from `root` (the unseen cards plus the hand).
    pub struct Policy {
        pub rules: Rules,
        pub root: Vec<Card>,
        pub up: Card,
        pub can_double: bool,
        memo: HashMap<Vec<u32>, cardroom::blackjack::strategy::Decision>,
    }

    impl Policy {
        pub fn new(rules: Rules, root: Vec<Card>, up: Card, can_double: bool) -> Policy {
            Policy {
                rules,
                root,
                up,
                can_double,
                memo: HashMap::new(),
            }
        }

        /// Stand, hit or (two cards, if allowed) double, by the unsplit EVs of `hand`.
        pub fn choose(&mut self, hand: &[Card]) -> cardroom::blackjack::strategy::Decision {
            use cardroom::blackjack::strategy::Decision;
            let mut key: Vec<u32> = hand.iter().map(|&c| value(c)).collect();
            key.sort_unstable();
            if let Some(d) = self.memo.get(&key) {
                return *d;
            }
            let mut unseen = Shoe::from_rank_counts([0; 13]);
            for &c in &self.root {
                unseen.insert(c);
            }
            unseen.remove_all(hand).unwrap();
            let e = hand_evs(&self.rules, &unseen, &Spot::new(hand, self.up)).unwrap();
            let mut best = (e.stand.unwrap(), Decision::Stand);
            if e.hit.unwrap() > best.0 {
                best = (e.hit.unwrap(), Decision::Hit);
            }
            if let (true, 2, Some(d)) = (self.can_double, hand.len(), e.double)
                && d > best.0
            {
                best = (d, Decision::Double);
            }
            self.memo.insert(key, best.1);
            best.1
        }
    }

    pub fn rng(seed: u64) -> GameRng {
        rng_from_seed(seed)
    }
}

/// Four standard errors: a correct EV fails this about once in 16,000 runs (never, seeded).
const Z: f64 = 4.0;

#[test]
fn doubling_eleven_against_an_ace_agrees_with_a_simulation() {
    // One deck, S17, peek: the exact double EV of 6,5 vs A is conditional on no dealer
    // natural, so the simulation deals the hole card first and discards the deals where it
    // completes a natural.
    let r = Rules {
        decks: 1,
        ..s17_peek()
    };
    let exact = evs(&r, "6S 5S", "AH").double.unwrap();
    let mut rest = Shoe::decks(1);
    let seen = parse_cards("6S 5S AH").unwrap();
    let mut cards: Vec<Card> = cardroom::cards::shoe_cards(1);
    for c in &seen {
        let i = cards.iter().position(|x| x == c).unwrap();
        cards.swap_remove(i);
        rest.remove(*c).unwrap();
    }
    let mut rng = sim::rng(11);
    let mut results = Vec::new();
    while results.len() < 300_000 {
        let mut deal = sim::Deal::new(&mut cards, &mut rng);
        let hole = deal.draw();
        if sim::value(hole) == 10 {
            continue; // dealer natural: the player never doubles
        }
        let third = deal.draw();
        let player = sim::total(&[6, 5, sim::value(third)]).0;
        let dealer = sim::dealer_total(card("AH"), hole, &mut deal);
        results.push(2.0 * sim::settle(player, dealer));
    }
    let (m, se) = sim::mean_se(&results);
    assert!(
        (m - exact).abs() < Z * se,
        "simulated {m:.5} ± {se:.5}, exact {exact:.5}"
    );
}

#[test]
fn hitting_with_optimal_play_after_agrees_with_a_simulation() {
    // One deck, S17, 2,3 against a ten (peek): hit, then hit or stand at every card by the
    // exact composition-dependent values, which is what the engine's hit value assumes.
    let r = Rules {
        decks: 1,
        ..s17_peek()
    };
    let hand = parse_cards("2S 3H").unwrap();
    let up = card("TD");
    let exact = evs(&r, "2S 3H", "TD").hit.unwrap();
    let mut cards = cardroom::cards::shoe_cards(1);
    for c in [hand[0], hand[1], up] {
        let i = cards.iter().position(|x| *x == c).unwrap();
        cards.swap_remove(i);
    }
    let mut root = cards.clone();
    root.extend(&hand);
    let mut policy = sim::Policy::new(r, root, up, false);
    let mut rng = sim::rng(23);
    let mut results = Vec::new();
    while results.len() < 200_000 {
        let mut deal = sim::Deal::new(&mut cards, &mut rng);
        let hole = deal.draw();
        if sim::value(hole) == 1 {
            continue; // dealer natural
        }
        let mut h = hand.clone();
        h.push(deal.draw());
        while sim::total(&h.iter().map(|&c| sim::value(c)).collect::<Vec<_>>()).0 <= 21
            && policy.choose(&h) == Decision::Hit
        {
            h.push(deal.draw());
        }
        let player = sim::total(&h.iter().map(|&c| sim::value(c)).collect::<Vec<_>>()).0;
        let dealer = if player > 21 {
            0
        } else {
            sim::dealer_total(up, hole, &mut deal)
        };
        results.push(sim::settle(player, dealer));
    }
    let (m, se) = sim::mean_se(&results);
    assert!(
        (m - exact).abs() < Z * se,
        "simulated {m:.5} ± {se:.5}, exact {exact:.5}"
    );
}

/// Simulates `rounds` splits of `pair` against `up` from one deck, in the casino's order (hole
/// card first, then each split hand to the end before the next; a pair card starts a new hand
/// while fewer than `max_hands` exist), every hand played by the CDZ- rule: the choice the
/// unsplit values of its own cards give. Returns the exact split EV and the simulated mean and
/// standard error.
fn simulate_split(rules: Rules, pair: &str, up: &str, seed: u64, rounds: usize) -> (f64, f64, f64) {
    let hand = parse_cards(pair).unwrap();
    let up = card(up);
    let exact = evs(&rules, pair, &up.to_string()).split.unwrap();
    let pair_value = sim::value(hand[0]);
    let max_hands = usize::from(rules.max_hands);
    let mut cards = cardroom::cards::shoe_cards(1);
    for c in [hand[0], hand[1], up] {
        let i = cards.iter().position(|x| *x == c).unwrap();
        cards.swap_remove(i);
    }
    let mut root = cards.clone();
    root.extend(&hand);
    let mut policy = sim::Policy::new(rules, root, up, rules.double_after_split);
    let mut rng = sim::rng(seed);
    let mut results = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let mut deal = sim::Deal::new(&mut cards, &mut rng);
        let hole = deal.draw();
        // Hands waiting to be played, each starting with one pair card.
        let mut pending = vec![vec![hand[0]], vec![hand[1]]];
        let mut hands = 2;
        let mut done: Vec<(u32, f64)> = Vec::new(); // (total, stake)
        while let Some(mut h) = pending.pop() {
            loop {
                let c = deal.draw();
                if sim::value(c) == pair_value && hands < max_hands {
                    hands += 1;
                    pending.push(vec![c]);
                    continue;
                }
                h.push(c);
                break;
            }
            let mut stake = 1.0;
            loop {
                let vals: Vec<u32> = h.iter().map(|&c| sim::value(c)).collect();
                if sim::total(&vals).0 > 21 {
                    break;
                }
                match policy.choose(&h) {
                    Decision::Hit => h.push(deal.draw()),
                    Decision::Double => {
                        stake = 2.0;
                        h.push(deal.draw());
                        break;
                    }
                    _ => break,
                }
            }
            let vals: Vec<u32> = h.iter().map(|&c| sim::value(c)).collect();
            done.push((sim::total(&vals).0, stake));
        }
        let dealer = sim::dealer_total(up, hole, &mut deal);
        results.push(done.iter().map(|&(t, s)| s * sim::settle(t, dealer)).sum());
    }
    let (m, se) = sim::mean_se(&results);
    println!("{pair} vs {up}: exact {exact:.5}, simulated {m:.5} ± {se:.5}");
    (exact, m, se)
}

#[test]
fn splitting_eights_with_resplits_agrees_with_a_simulation() {
    // One deck, S17, DAS, resplit to 4 hands, 8,8 against a 6.
    let r = Rules {
        decks: 1,
        resplit: ResplitPolicy::Always,
        ..s17_peek()
    };
    let (exact, m, se) = simulate_split(r, "8S 8H", "6D", 37, 300_000);
    assert!(
        (m - exact).abs() < Z * se,
        "simulated {m:.5} ± {se:.5}, exact {exact:.5}"
    );
}

#[test]
fn resplitting_tens_agrees_with_a_simulation() {
    // Tens are where the older resplit approximations fail (Nairn 2019): one deck, 4 hands,
    // T,T against a 6, where up to 14 more tens can come.
    let r = Rules {
        decks: 1,
        resplit: ResplitPolicy::Always,
        ..s17_peek()
    };
    let (exact, m, se) = simulate_split(r, "TS KH", "6D", 41, 300_000);
    assert!(
        (m - exact).abs() < Z * se,
        "simulated {m:.5} ± {se:.5}, exact {exact:.5}"
    );
}

#[test]
fn fewer_options_never_raise_the_game_value() {
    // Splitting tens only by rank takes options away: the optimal game cannot gain (and loses
    // next to nothing, since splitting tens is hardly ever right). Likewise no surrender.
    let one = Rules {
        decks: 1,
        ..Rules::default()
    };
    let by_rank = Rules {
        split_tens_by: SplitTensBy::Rank,
        ..one
    };
    let no_surrender = Rules {
        surrender: Surrender::None,
        ..one
    };
    let full = game_ev(&one).ev;
    let rank = game_ev(&by_rank).ev;
    assert!(
        rank <= full + 1e-12 && full - rank < 1e-4,
        "{full} vs {rank}"
    );
    assert!(game_ev(&no_surrender).ev < full);
}

//! Determinization samples (`cpu::determinize`) are consistent with what the seat saw: card
//! counts, no card it holds or saw played, the exchange (`rules/daifugo.md` §2: the lower
//! player gave its strongest cards, so it holds nothing stronger than the weakest of them; the
//! cards given back are with the receiver), and passes taken as evidence, never as proof
//! (§1: a player may pass even when able to play).

use crate::cpu_support::{cards, hands, random_settings};
use cardroom::cards::{GameRng, rng_from_seed};
use cardroom::daifugo::cpu::determinize::{Belief, PASS_EPSILON, POLICY_EPSILON, PassModel};
use cardroom::daifugo::cpu::{CpuPlayer, EasyCpu, NormalCpu};
use cardroom::daifugo::legal::LegalCache;
use cardroom::daifugo::rules::{FirstLead, PassMode, Preset, Rules};
use cardroom::daifugo::{Action, CardSet, Discard, Game, MatchSettings, Phase, Play, Scenario};
use rand::RngExt;

fn game(rules: Rules, sc: Scenario) -> Game {
    let settings = MatchSettings {
        rules,
        players: sc.hands.len(),
        rounds: sc.round.max(1),
    };
    Game::from_scenario(settings, rng_from_seed(1), &sc, &mut Discard).unwrap()
}

fn play(g: &mut Game, seat: usize, text: &str) {
    let p = Play::parse(text).unwrap();
    g.apply(seat, Action::Play(p)).unwrap();
}

#[test]
fn samples_deal_exactly_the_unseen_cards_by_count() {
    let mut scratch = LegalCache::default();
    let mut checked = 0;
    for seed in 0..300u64 {
        let mut rng: GameRng = rng_from_seed(seed);
        let settings = random_settings(&mut rng, 3);
        let mut g = Game::new_into(settings, rng_from_seed(seed + 7), &mut Discard).unwrap();
        let mut cpus: Vec<Box<dyn CpuPlayer>> = (0..settings.players)
            .map(|s| -> Box<dyn CpuPlayer> {
                if s % 2 == 0 {
                    Box::new(EasyCpu)
                } else {
                    Box::new(NormalCpu)
                }
            })
            .collect();
        while let Some(seat) = g.current_seat() {
            let view = g.seat_view(seat);
            if g.phase() == Phase::Play && rng.random_bool(0.2) {
                let belief = Belief::from_view(&view);
                // Seen: the hand, the cards played and those thrown out face up (10-discard,
                // Q-bomber).
                let seen = view.hand().union(view.played()).union(view.discarded());
                let unseen = CardSet::deck(view.rules().jokers).minus(seen);
                for _ in 0..5 {
                    let h = belief.sample(&mut rng, &mut scratch);
                    let mut dealt = CardSet::EMPTY;
                    for (s, hand) in h.iter().enumerate().take(g.players()) {
                        if s == seat || g.places()[s] != 0 {
                            assert!(hand.is_empty(), "seed {seed}: seat {s} should get nothing");
                            continue;
                        }
                        assert_eq!(hand.len(), g.hand(s).len(), "seed {seed}: seat {s} count");
                        assert!(dealt.intersect(*hand).is_empty(), "a card dealt twice");
                        dealt = dealt.union(*hand);
                    }
                    assert!(
                        dealt.intersect(seen).is_empty(),
                        "seed {seed}: a seen card dealt"
                    );
                    assert!(unseen.contains_all(dealt));
                    // What is not dealt is exactly the out-of-play pile.
                    assert_eq!(
                        unseen.len() - dealt.len(),
                        usize::from(view.out_of_play()),
                        "seed {seed}: cards left over"
                    );
                    checked += 1;
                }
            }
            let a = cpus[seat].choose(&view, &mut rng);
            g.apply_into(seat, a, &mut Discard).unwrap();
        }
    }
    assert!(checked > 2000, "only {checked} samples checked");
}

/// Round 2, four players: seat 0 was 大富豪, seat 3 大貧民. Seat 3 holds one joker, 2H and 2D,
/// so it must give the joker and 2H (jokers first, then within the 2s ♠ before ♥ before ♦).
fn exchange_game() -> Game {
    let seats = [
        "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 3H 2S",
        "JK 4H 5H 6H 7H 8H 9H TH JH QH KH AH 3D",
        "4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C 4C 5C",
        "JK 2H 2D 6C 7C 8C 9C TC JC QC KC AC 2C",
    ];
    let mut g = game(
        Rules::default(),
        Scenario {
            hands: hands(&seats),
            leader: 3,
            round: 2,
            previous_places: Some(vec![1, 2, 3, 4]),
            revolution: false,
            exchange: true,
        },
    );
    // Seat 0 gives back 3S and 4S; seat 1 gives back 3D to seat 2.
    g.apply(0, Action::GiveBack(cards("3S 4S"))).unwrap();
    g.apply(1, Action::GiveBack(cards("3D"))).unwrap();
    assert_eq!(g.phase(), Phase::Play);
    g
}

#[test]
fn the_lower_player_holds_nothing_above_its_gift() {
    let g = exchange_game();
    // Seat 0 received the joker and 2H.
    assert!(g.hand(0).contains_all(cards("2H")));
    assert_eq!(g.hand(0).joker_count(), 1);
    // Seat 3 leads; let it lead so that seat 0 is to act.
    let mut g = g;
    play(&mut g, 3, "6C");
    let view = g.seat_view(0);
    let belief = Belief::from_view(&view);
    let mut rng = rng_from_seed(3);
    let mut scratch = LegalCache::default();
    let other_joker = g.hand(1).jokers();
    assert_eq!(other_joker.len(), 1);
    let (mut had_2d, mut had_2c) = (0, 0);
    for _ in 0..2000 {
        let h = belief.sample(&mut rng, &mut scratch);
        // Never a card ranked above 2H in the gift order: the other joker.
        assert!(
            h[3].intersect(other_joker).is_empty(),
            "lower player got a joker"
        );
        // The cards seat 0 gave back (3S, 4S) are with seat 3.
        assert!(
            h[3].contains_all(cards("3S 4S")),
            "give-back not with seat 3"
        );
        // Cards below 2H (2D, 2C) remain possible.
        had_2d += usize::from(h[3].contains_all(cards("2D")));
        had_2c += usize::from(h[3].contains_all(cards("2C")));
    }
    assert!(had_2d > 0 && had_2c > 0, "2D/2C never dealt to seat 3");
}

#[test]
fn the_upper_player_holds_the_gift_until_it_is_played() {
    let mut g = exchange_game();
    // Seat 3 (the 大貧民) knows seat 0 holds the joker and 2H it gave.
    play(&mut g, 3, "6C");
    play(&mut g, 0, "9S");
    play(&mut g, 1, "TH");
    play(&mut g, 2, "QD");
    let view = g.seat_view(3);
    let gift = view.exchange().gave;
    assert_eq!(gift.len(), 2);
    assert!(gift.contains_all(cards("2H")) && gift.joker_count() == 1);
    let belief = Belief::from_view(&view);
    let mut rng = rng_from_seed(4);
    let mut scratch = LegalCache::default();
    for _ in 0..500 {
        let h = belief.sample(&mut rng, &mut scratch);
        assert!(h[0].contains_all(gift), "the gift is not with seat 0");
    }
}

/// Locked passing, 4 players, round 1; seat 0 leads the KH, seat 1 passes (holding the 2S).
fn pass_game() -> Game {
    let seats = [
        "KH 3H 4H 5H 6H 7H 8D 9D TD 3C 4C 5C 6C",
        "3S 4S 5S 6S 7S 8S 2S 3D 4D 5D 6D 7D 8H",
        "TS JS QS KS AS 9H TH JH QH 9S AH 2H 7C",
        "2D JD QD KD AD 8C 9C TC JC QC KC AC 2C JK JK",
    ];
    let rules = Rules {
        pass_mode: PassMode::Locked,
        ..Rules::default()
    };
    let mut g = game(
        rules,
        Scenario {
            hands: hands(&seats),
            leader: 0,
            ..Default::default()
        },
    );
    play(&mut g, 0, "KH");
    g.apply(1, Action::Pass).unwrap();
    g
}

#[test]
fn a_pass_is_evidence_not_proof() {
    let g = pass_game();
    // Seat 2 to act: how often does it think seat 1 holds a single above the K?
    let view = g.seat_view(2);
    let mut belief = Belief::from_view(&view);
    belief.model = PassModel::Epsilon;
    assert_eq!(belief.passes.len(), 1);
    let above_king =
        cards("AS AH AD AC 2S 2H 2D 2C").union(CardSet::deck(view.rules().jokers).jokers());
    let mut rng = rng_from_seed(5);
    let mut scratch = LegalCache::default();
    let (mut with_pass, mut uniform) = (0, 0);
    let n = 3000;
    for _ in 0..n {
        let h = belief.sample(&mut rng, &mut scratch);
        with_pass += usize::from(!h[1].intersect(above_king).is_empty());
        let u = belief.deal(&mut rng);
        uniform += usize::from(!u[1].intersect(above_king).is_empty());
    }
    // Seat 1 holds 13 of the 40 cards seat 2 has not seen, 7 of which beat the K (AD AC 2S 2D
    // 2C and the jokers): a uniform deal leaves it none with chance C(33,13)/C(40,13) ≈ 3.7%.
    // Weighing the pass (a pass made holding a play is ε times as likely as a forced one)
    // raises that to p0 / (p0 + (1 − p0)·ε) — about 13% with ε = 1/4; yet a hand with a
    // stronger card stays likely (seat 1 in fact holds the 2S).
    let p0: f64 = (0..13)
        .map(|i| (33.0 - i as f64) / (40.0 - i as f64))
        .product();
    let eps = PASS_EPSILON;
    let posterior = p0 / (p0 + (1.0 - p0) * eps);
    let (u, w) = ((n - uniform) as f64, (n - with_pass) as f64); // no card above the K
    let n = n as f64;
    assert!((u / n - p0).abs() < 0.015, "uniform: {} vs {p0}", u / n);
    assert!(
        (w / n - posterior).abs() < 0.03,
        "with the pass: {} vs {posterior}",
        w / n
    );
    assert!(w > 2.0 * u, "the pass changed too little: {w} vs {u}");
    assert!(
        with_pass as f64 > n / 2.0,
        "the pass was taken as proof: {with_pass}"
    );
}

/// Under the policy model a deal is consistent with a pass when the `normal` policy, holding
/// that hand in the passer's seat, would have passed too; other deals keep a weight of
/// `POLICY_EPSILON`. So the share of consistent deals rises from `q` (uniform) to
/// `q / (q + (1 − q)·ε)` (Bayes), and inconsistent deals stay possible.
#[test]
fn under_the_policy_model_passes_weigh_by_what_normal_would_do() {
    let g = pass_game();
    let view = g.seat_view(2);
    let belief = Belief::from_view(&view);
    assert_eq!(belief.model, PassModel::Policy);
    let mut rng = rng_from_seed(6);
    let mut cache = LegalCache::default();
    let n = 4000;
    let (mut uniform, mut sampled) = (0, 0);
    for _ in 0..n {
        let u = belief.deal(&mut rng);
        uniform += usize::from(belief.weight(&u, &mut cache) == 1.0);
        let h = belief.sample(&mut rng, &mut cache);
        sampled += usize::from(belief.weight(&h, &mut cache) == 1.0);
    }
    let q = uniform as f64 / n as f64;
    let want = q / (q + (1.0 - q) * POLICY_EPSILON);
    let got = sampled as f64 / n as f64;
    assert!(
        q > 0.05 && q < 0.95,
        "uniform share {q}: the position tests nothing"
    );
    assert!(
        (got - want).abs() < 0.03,
        "consistent share {got}, Bayes says {want}"
    );
    assert!(sampled < n, "inconsistent deals were ruled out");
}

#[test]
fn a_seat_that_later_plays_what_it_passed_on_passes_by_choice() {
    let mut g = pass_game();
    // Seat 2 plays AS, seat 3 passes, seat 0 passes: the pile clears to seat 2.
    play(&mut g, 2, "AS");
    g.apply(3, Action::Pass).unwrap();
    g.apply(0, Action::Pass).unwrap();
    // Seat 2 leads 7C; seat 3 passes; seat 0 passes; seat 1 plays the 2S, which would have
    // beaten the KH it passed on.
    play(&mut g, 2, "7C");
    g.apply(3, Action::Pass).unwrap();
    g.apply(0, Action::Pass).unwrap();
    play(&mut g, 1, "2S");
    let seat = g.current_seat().unwrap();
    let belief = Belief::from_view(&g.seat_view(seat));
    assert!(
        belief.voluntary.contains(1),
        "seat 1 passed on KH holding 2S"
    );
    assert!(!belief.voluntary.contains(3));
}

#[test]
fn seven_pass_gifts_stay_with_the_receiver_and_discards_are_dealt_to_nobody() {
    // rules/daifugo.md §3b: the 7-pass gift is seen by giver and receiver; 10-discards are
    // face up, out of play.
    let rules = Rules::preset(Preset::Party);
    let sc = Scenario {
        hands: hands(&[
            "7S 3C 4C 9H KS",
            "TH 5D 6D KC",
            "3D 4D 6S 8C",
            "3H 4H 6H JD",
        ]),
        leader: 0,
        ..Default::default()
    };
    let mut g = game(rules, sc);
    play(&mut g, 0, "7S");
    g.apply(0, Action::Give(cards("3C"))).unwrap();
    play(&mut g, 1, "TH");
    g.apply(1, Action::Discard(cards("5D"))).unwrap();
    let view = g.seat_view(0);
    let belief = Belief::from_view(&view);
    assert!(!belief.unseen.contains_all(cards("5D")));
    let mut rng = rng_from_seed(5);
    let mut scratch = LegalCache::default();
    for _ in 0..500 {
        let h = belief.sample(&mut rng, &mut scratch);
        assert!(
            h[1].contains_all(cards("3C")),
            "the gift is not with seat 1"
        );
        assert!(
            h.iter().all(|x| !x.contains_all(cards("5D"))),
            "a discarded card was dealt"
        );
        for (s, dealt) in h.iter().enumerate().take(4).skip(1) {
            assert_eq!(dealt.len(), g.hand(s).len(), "seat {s}");
        }
    }
    // Seat 2 saw only that a card went from 0 to 1: no pin on seat 1.
    let belief = Belief::from_view(&g.seat_view(2));
    let mut seen_elsewhere = false;
    for _ in 0..500 {
        let h = belief.sample(&mut rng, &mut scratch);
        seen_elsewhere |= !h[1].contains_all(cards("3C"));
    }
    assert!(seen_elsewhere, "seat 2 knows where the gift went");
}

/// `rules/daifugo.md` §1 "First lead": under `first_lead = "diamond3"` the holder of the 3♦ leads
/// round 1 and need not play it, so while nobody has seen it, it is in the leader's hand; under
/// a random first lead the lead says nothing; and a leader who gave cards away by 7-pass
/// (§3b) may have given it.
#[test]
fn the_diamond3_leader_holds_it_until_it_is_seen() {
    let seats = ["4S 9C KD", "3D 5S 8H QC", "6S 7H TC JD", "3C 5C 9S KS"];
    let scenario = || Scenario {
        hands: hands(&seats),
        leader: 1,
        ..Default::default()
    };
    let mut rng = rng_from_seed(9);
    let mut scratch = LegalCache::default();
    let rules = Rules::default();
    assert_eq!(rules.first_lead, FirstLead::Diamond3);
    let mut g = game(rules, scenario());
    play(&mut g, 1, "5S");
    let belief = Belief::from_view(&g.seat_view(2));
    assert!(belief.pinned[1].contains_all(cards("3D")));
    for _ in 0..300 {
        let h = belief.sample(&mut rng, &mut scratch);
        assert!(h[1].contains_all(cards("3D")), "the 3D left the leader");
    }

    // A random first lead: the 3D may be with any seat that holds cards.
    let random = Rules {
        first_lead: FirstLead::Random,
        ..Rules::default()
    };
    let mut g = game(random, scenario());
    play(&mut g, 1, "5S");
    let belief = Belief::from_view(&g.seat_view(2));
    let mut holders = [0u32; 4];
    for _ in 0..300 {
        let h = belief.sample(&mut rng, &mut scratch);
        for (s, hand) in h.iter().enumerate().take(4) {
            holders[s] += u32::from(hand.contains_all(cards("3D")));
        }
    }
    assert!(
        holders[0] > 0 && holders[1] > 0 && holders[3] > 0,
        "{holders:?}"
    );

    // 7-pass: the leader plays a 7 and gives the 3D to seat 2; seat 3 sees a card go, not
    // which, so the 3D is no longer pinned on the leader.
    let party = Rules::preset(Preset::Party);
    assert_eq!(party.first_lead, FirstLead::Diamond3);
    let sc = Scenario {
        hands: hands(&["4S 9C KD", "3D 7S 8H QC", "6S 7H TC JD", "3C 5C 9S KS"]),
        leader: 1,
        ..Default::default()
    };
    let mut g = game(party, sc);
    play(&mut g, 1, "7S");
    g.apply(1, Action::Give(cards("3D"))).unwrap();
    let belief = Belief::from_view(&g.seat_view(2));
    assert!(
        !belief.unseen.contains_all(cards("3D")),
        "seat 2 holds it now"
    );
    let belief = Belief::from_view(&g.seat_view(3));
    assert!(belief.pinned.iter().all(|p| !p.contains_all(cards("3D"))));
    let mut with_seat2 = 0;
    for _ in 0..300 {
        let h = belief.sample(&mut rng, &mut scratch);
        with_seat2 += u32::from(h[2].contains_all(cards("3D")));
    }
    assert!(with_seat2 > 0, "the 3D is never where it went");
}

//! Properties over many seeded CPU-only matches across the presets and every rule toggle
//! (2–8 players, 0–2 jokers, each local rule and each house rule of `rules/daifugo.md` §3b on
//! and off with its variants; easy and normal CPUs), checked after every action:
//!
//! * every card of the deck is in exactly one place (a hand, played, out of play, thrown out
//!   face up by a 10-discard or a Q-bomber);
//! * the seat to act still holds cards, is not placed, and has a legal action;
//! * every CPU action is in its seat's legal list, and the legal list is exactly the plays
//!   of the hand that the rule check accepts;
//! * rounds end within a bound; places are a permutation of 1..=players; points are
//!   players − place + 1;
//! * the exchange moves the lower players' strongest cards up (2 from the 大貧民 to the
//!   大富豪, 1 from the 貧民 to the 富豪 with 4 or more players) and the same counts back down;
//! * an illegal action is refused and leaves the state exactly unchanged.

use cardroom::cards::{GameRng, rng_from_seed};
use cardroom::daifugo::cardset::card_at;
use cardroom::daifugo::legal::{TrickState, check_play, legal_plays};
use cardroom::daifugo::rules::{ForbiddenMode, Rules};
use cardroom::daifugo::{
    Action, CardSet, CpuPlayer, Decision, EasyCpu, Event, Game, MatchSettings, NormalCpu, Phase,
    Play,
};
use rand::RngExt;

use crate::cpu_support::random_rules;

/// Every card of the deck in exactly one place.
fn check_cards(g: &Game) {
    let deck = CardSet::deck(g.rules().jokers);
    let mut seen = CardSet::EMPTY;
    let mut total = 0;
    let places =
        (0..g.players())
            .map(|s| g.hand(s))
            .chain([g.played(), g.out_of_play(), g.discarded()]);
    for p in places {
        assert!(
            seen.intersect(p).is_empty(),
            "a card is in two places: {}",
            seen.intersect(p)
        );
        seen = seen.union(p);
        total += p.len();
    }
    assert_eq!(seen, deck, "every card somewhere");
    assert_eq!(total, deck.len());
}

/// The strongest `k` cards in normal order, computed here from the rule book's order
/// (jokers, then 2, A, K … 3; ties broken by suit display order).
fn strongest_by_book(hand: CardSet, k: usize) -> CardSet {
    let order = [
        "2", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3",
    ];
    let mut cards: Vec<_> = hand.jokers().iter().collect();
    for r in order {
        for s in ["S", "H", "D", "C"] {
            let c = format!("{r}{s}").parse().unwrap();
            if hand.contains(c) {
                cards.push(c);
            }
        }
    }
    cards.truncate(k);
    CardSet::from_cards(&cards)
}

/// The plays of `hand` the rule check accepts on `trick` (every well-formed play of the hand
/// comes from the leading generator), and that `apply` would take from `seat` in `g` (with
/// `forbidden_finish.mode = "illegal"` a forbidden last play is refused too, §3b).
fn accepted(g: &Game, seat: usize, rules: &Rules, trick: &TrickState, hand: CardSet) -> Vec<Play> {
    let mut all = Vec::new();
    // Every well-formed play, forbidden last plays included (the check judges them).
    let mut open = *rules;
    open.forbidden_finish.mode = ForbiddenMode::LastPlace;
    legal_plays(&open, &TrickState::default(), hand, &mut all);
    // With sequences off the leading list has none; the check refuses them anyway.
    all.into_iter()
        .filter(|p| check_play(rules, trick, *p).is_ok())
        .filter(|p| g.check(seat, Action::Play(*p)).is_ok())
        .collect()
}

/// An action that must be refused, when one can be made.
fn illegal_action(g: &Game, seat: usize, rng: &mut GameRng) -> Option<(usize, Action)> {
    let n = g.players();
    match rng.random_range(0..4) {
        0 => Some(((seat + 1 + rng.random_range(0..n - 1)) % n, Action::Pass)),
        1 if g.phase() == Phase::Play && !g.can_pass(seat) => Some((seat, Action::Pass)),
        2 if g.phase() == Phase::Play => {
            // A natural single of the hand that is not a legal play (jokers are
            // interchangeable, so either joker counts as the listed one).
            let legal = g.legal_plays(seat);
            g.hand(seat)
                .naturals()
                .iter()
                .map(Play::single)
                .find(|p| !legal.iter().any(|q| q.cards() == p.cards()))
                .map(|p| (seat, Action::Play(p)))
        }
        _ => {
            // A card the seat does not hold.
            let not_held = (0..52)
                .map(|i: u8| card_at(i % 13, i / 13))
                .find(|c| !g.hand(seat).contains(*c))?;
            Some((seat, Action::Play(Play::single(not_held))))
        }
    }
}

struct Stats {
    games: usize,
    actions: usize,
    exchanges: usize,
    fouls: usize,
    miyako: usize,
    revolutions: usize,
    refused: usize,
    /// Skips, gifts, discards, reversals and bombs seen.
    house: [usize; 5],
}

fn play_checked(seed: u64, stats: &mut Stats) {
    let mut cfg_rng = rng_from_seed(seed ^ 0x5eed);
    let rules = random_rules(&mut cfg_rng);
    let players = cfg_rng.random_range(2..=8);
    let settings = MatchSettings {
        rules,
        players,
        rounds: 3,
    };
    let mut events = Vec::new();
    let mut g = Game::new_into(settings, rng_from_seed(seed), &mut events).unwrap();
    let mut cpu_rng = rng_from_seed(!seed);
    // Easy and normal CPUs (normal at seats where seed and seat say so).
    let normal_seats = cfg_rng.random_range(0..=255u16);
    let mut dealt: Vec<CardSet> = Vec::new();
    let mut prev_places: Option<Vec<u8>> = None;
    // Gekokujo (§3b): the titles the round began with, turned over at its end.
    let mut round_titles: Option<Vec<u8>> = None;
    let mut gekokujo = false;
    let mut round_actions = 0usize;
    let bound = 54 * (players + 1) + 10;
    loop {
        for e in events.drain(..) {
            match e {
                Event::Deal {
                    hands, players: n, ..
                } => {
                    dealt = hands[..usize::from(n)].to_vec();
                    round_titles = prev_places.clone();
                    gekokujo = false;
                    round_actions = 0;
                    let sizes: Vec<usize> = dealt.iter().map(|h| h.len()).collect();
                    let (lo, hi) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
                    assert!(hi - lo <= 1, "dealt as evenly as possible: {sizes:?}");
                }
                Event::Exchange {
                    from,
                    to,
                    cards,
                    forced,
                    ..
                } => {
                    stats.exchanges += 1;
                    let prev = prev_places.as_ref().expect("exchange only after a round");
                    let n = players as u8;
                    let (pf, pt) = (prev[usize::from(from)], prev[usize::from(to)]);
                    if forced {
                        let k = if pf == n { 2 } else { 1 };
                        assert!(
                            (pf == n && pt == 1) || (n >= 4 && pf == n - 1 && pt == 2),
                            "forced exchange goes up: place {pf} -> {pt}"
                        );
                        assert_eq!(cards.len(), k);
                        assert_eq!(cards, strongest_by_book(dealt[usize::from(from)], k));
                    } else {
                        let k = if pt == n { 2 } else { 1 };
                        assert!(
                            (pf == 1 && pt == n) || (n >= 4 && pf == 2 && pt == n - 1),
                            "give-back goes down: place {pf} -> {pt}"
                        );
                        assert_eq!(cards.len(), k);
                    }
                }
                Event::RoundEnd {
                    players: n,
                    places,
                    points,
                    ..
                } => {
                    let n = usize::from(n);
                    let mut p: Vec<u8> = places[..n].to_vec();
                    for s in 0..n {
                        assert_eq!(points[s] as usize, n - usize::from(places[s]) + 1);
                    }
                    prev_places = match (&round_titles, gekokujo) {
                        (Some(t), true) => Some(t.iter().map(|x| n as u8 + 1 - x).collect()),
                        _ => Some(p.clone()),
                    };
                    p.sort_unstable();
                    assert_eq!(
                        p,
                        (1..=n as u8).collect::<Vec<_>>(),
                        "places are a permutation"
                    );
                }
                Event::Finish { kind, .. } => match kind {
                    cardroom::daifugo::FinishKind::Foul => stats.fouls += 1,
                    cardroom::daifugo::FinishKind::MiyakoOchi => stats.miyako += 1,
                    _ => {}
                },
                Event::Revolution { .. } => stats.revolutions += 1,
                Event::Gekokujo { .. } => gekokujo = true,
                Event::Skip { .. } => stats.house[0] += 1,
                Event::Give { .. } => stats.house[1] += 1,
                Event::Discard { .. } => stats.house[2] += 1,
                Event::Reverse { .. } => stats.house[3] += 1,
                Event::Bomb { .. } => stats.house[4] += 1,
                _ => {}
            }
        }
        let Some(seat) = g.current_seat() else { break };
        check_cards(&g);
        round_actions += 1;
        assert!(round_actions < bound, "a round ends");
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "the seat to act has a legal action");
        let playing = matches!(g.seat_view(seat).decision(), Decision::Play { .. });
        if g.phase() == Phase::Play && playing {
            assert_eq!(
                g.places()[seat],
                0,
                "a finished player is never asked to act"
            );
            assert!(!g.hand(seat).is_empty());
            assert!(g.active().contains(seat));
            // The generator and the rule check agree.
            let want = accepted(&g, seat, g.rules(), g.trick(), g.hand(seat));
            let mut got: Vec<Play> = g.legal_plays(seat).to_vec();
            let key = |p: &Play| (p.cards(), p.form(), p.low(), p.len());
            let mut want_keys: Vec<_> = want.iter().map(key).collect();
            let mut got_keys: Vec<_> = got.iter().map(key).collect();
            want_keys.sort();
            got_keys.sort();
            got.dedup();
            assert_eq!(
                got_keys,
                want_keys,
                "legal list = plays the check accepts (seed {seed}, trick {:?}, hand {}, forbidden {:?}, players {players})",
                g.trick(),
                g.hand(seat),
                g.rules()
            );
            assert_eq!(got.len(), g.legal_plays(seat).len(), "no play listed twice");
        }
        // Now and then, an illegal action must change nothing.
        if round_actions.is_multiple_of(7)
            && let Some((s, bad)) = illegal_action(&g, seat, &mut cpu_rng)
        {
            let before = g.clone();
            assert!(g.apply(s, bad).is_err(), "{bad:?} by {s} must be refused");
            assert!(g == before, "a refused action changes nothing");
            stats.refused += 1;
        }
        let view = g.seat_view(seat);
        assert_eq!(view.hand(), g.hand(seat));
        let action = if normal_seats & (1 << seat) != 0 {
            NormalCpu.choose(&view, &mut cpu_rng)
        } else {
            EasyCpu.choose(&view, &mut cpu_rng)
        };
        assert!(legal.contains(&action), "CPU action {action:?} is legal");
        g.apply_into(seat, action, &mut events).unwrap();
        stats.actions += 1;
    }
    assert!(g.outcome().is_some());
    assert_eq!(g.history().len(), 3);
    stats.games += 1;
}

#[test]
fn ten_thousand_seeded_matches_keep_every_invariant() {
    let mut stats = Stats {
        games: 0,
        actions: 0,
        exchanges: 0,
        fouls: 0,
        miyako: 0,
        revolutions: 0,
        refused: 0,
        house: [0; 5],
    };
    let games: u64 = if crate::long_tests() { 10_000 } else { 1_000 };
    for seed in 0..games {
        play_checked(seed, &mut stats);
    }
    assert_eq!(stats.games as u64, games);
    // Per 10,000 matches: >1000 exchanges, >100 fouls, miyako-ochi and revolutions, >1000 refusals.
    let per = |n: u64| (n * games / 10_000) as usize;
    // The toggles were really exercised.
    assert!(
        stats.exchanges > per(1000),
        "exchanges: {}",
        stats.exchanges
    );
    assert!(
        stats.fouls > per(100),
        "forbidden finishes: {}",
        stats.fouls
    );
    assert!(stats.miyako > per(100), "miyako-ochi: {}", stats.miyako);
    assert!(
        stats.revolutions > per(100),
        "revolutions: {}",
        stats.revolutions
    );
    assert!(
        stats.refused > per(1000),
        "refused actions: {}",
        stats.refused
    );
    for (i, name) in ["skips", "gifts", "discards", "reversals", "bombs"]
        .iter()
        .enumerate()
    {
        assert!(stats.house[i] > per(100), "{name}: {}", stats.house[i]);
    }
    eprintln!(
        "{:?} house effects (skip, give, discard, reverse, bomb)",
        stats.house
    );
    eprintln!(
        "{} matches, {} actions, {} exchanges, {} fouls, {} miyako-ochi, {} revolutions, {} refused",
        stats.games,
        stats.actions,
        stats.exchanges,
        stats.fouls,
        stats.miyako,
        stats.revolutions,
        stats.refused
    );
}

#[test]
fn the_same_seed_gives_the_same_match() {
    let settings = MatchSettings {
        rules: Rules::default(),
        players: 5,
        rounds: 3,
    };
    let run = |seed| {
        let mut events = Vec::new();
        let mut a: EasyCpu = EasyCpu;
        let mut b: EasyCpu = EasyCpu;
        let mut c: EasyCpu = EasyCpu;
        let mut d: EasyCpu = EasyCpu;
        let mut e: EasyCpu = EasyCpu;
        let mut cpus: [&mut dyn CpuPlayer; 5] = [&mut a, &mut b, &mut c, &mut d, &mut e];
        let r = cardroom::daifugo::sim::play_cpu_match(
            settings,
            rng_from_seed(seed),
            &mut cpus,
            &mut rng_from_seed(99),
            &mut events,
        )
        .unwrap();
        (r, events)
    };
    let (r1, e1) = run(7);
    let (r2, e2) = run(7);
    assert_eq!(r1, r2);
    assert_eq!(e1, e2);
    let (_, e3) = run(8);
    assert_ne!(e1, e3, "another seed deals other cards");
}

#[test]
fn random_actions_never_panic_and_refusals_change_nothing() {
    let mut refused = 0;
    for seed in 0..400u64 {
        let mut cfg_rng = rng_from_seed(seed ^ 0xf00d);
        let settings = MatchSettings {
            rules: random_rules(&mut cfg_rng),
            players: cfg_rng.random_range(2..=8),
            rounds: 2,
        };
        let (mut g, _) = Game::new(settings, rng_from_seed(seed)).unwrap();
        let mut rng = rng_from_seed(seed + 1);
        let mut cpu = EasyCpu;
        while let Some(seat) = g.current_seat() {
            for _ in 0..3 {
                // Arbitrary bits, including ones that are no card at all.
                let bits: u64 = rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>();
                let hand_bits = g.hand(seat).bits() & rng.random::<u64>();
                let raw = cardroom::daifugo::CardSet::from_bits(if rng.random_bool(0.5) {
                    bits
                } else {
                    hand_bits
                });
                let action = match rng.random_range(0..4) {
                    0 => Play::from_cards(raw).map(Action::Play),
                    1 => Play::group(raw).map(Action::Play),
                    2 => Some(Action::GiveBack(raw)),
                    _ => Some(Action::Pass),
                };
                let Some(action) = action else { continue };
                let who = rng.random_range(0..10usize);
                let before = g.clone();
                match g.apply(who, action) {
                    Ok(_) => {
                        // Only a legal action could be applied.
                        assert!(
                            before
                                .legal_actions(who)
                                .iter()
                                .any(|a| match (a, &action) {
                                    (Action::Play(p), Action::Play(q)) => {
                                        p.cards().naturals() == q.cards().naturals()
                                            && p.cards().joker_count() == q.cards().joker_count()
                                    }
                                    (Action::GiveBack(c), Action::GiveBack(d)) => {
                                        c.naturals() == d.naturals()
                                            && c.joker_count() == d.joker_count()
                                    }
                                    (x, y) => x == y,
                                })
                        );
                        break;
                    }
                    Err(e) => {
                        assert!(g == before, "refused {action:?} ({e}) changed the game");
                        assert!(!e.to_string().is_empty());
                        refused += 1;
                    }
                }
            }
            if let Some(seat) = g.current_seat() {
                let a = cpu.choose(&g.seat_view(seat), &mut rng);
                g.apply(seat, a).unwrap();
            }
        }
    }
    assert!(refused > 10_000, "{refused}");
}

//! The `easy` CPU (issue 3 item 3) and the CPU's view:
//!
//! * hand-made positions for each clause of the policy;
//! * over thousands of decisions from seeded games, the fast policy equals a plain reading of
//!   the text applied to the view's legal list;
//! * a view (and a snapshot) holds no card of another seat's hand.

use std::collections::BTreeSet;

use crate::common::*;
use cardroom::cards::rng_from_seed;
use cardroom::daifugo::cpu::easy_choice;
use cardroom::daifugo::rules::{Preset, Rules};
use cardroom::daifugo::{
    Action, CardSet, CpuPlayer, Decision, EasyCpu, Form, Game, MatchSettings, Play, SeatView,
};

fn easy_lead(rules: Rules, hand: &str, revolution: bool) -> String {
    let h = hands(&[hand, "3D"]);
    let sc = cardroom::daifugo::Scenario {
        hands: h,
        leader: 0,
        revolution,
        ..Default::default()
    };
    let g = scenario_with(rules, sc, 1);
    match easy_choice(&g.seat_view(0)) {
        Action::Play(p) => p.to_string(),
        other => format!("{other:?}"),
    }
}

#[test]
fn easy_leads_longest_sequence_then_largest_group_then_weakest_single() {
    let r = Rules::default();
    assert_eq!(
        easy_lead(r, "3H 4H 5H 6H 7S 7D 7C 9S", false),
        "3H 4H 5H 6H"
    );
    assert_eq!(easy_lead(r, "5S 5H 5D 9C 9D KS", false), "5S 5H 5D");
    assert_eq!(easy_lead(r, "4S 9C KD", false), "4S");
    // Jokers are kept back: 4H 5H JK is no natural sequence.
    assert_eq!(easy_lead(r, "4H 5H JK 9C", false), "4H");
    assert_eq!(easy_lead(r, "JK", false), "JK");
    assert_eq!(easy_lead(r, "JK JK", false), "JK JK");
    // Classic has no sequences: the group.
    let classic = Rules::preset(Preset::Classic);
    assert_eq!(easy_lead(classic, "3H 4H 5H 7S 7D", false), "7S 7D");
}

#[test]
fn easy_mirrors_its_lead_in_a_revolution() {
    let r = Rules::default();
    assert_eq!(easy_lead(r, "4S 9C KD", true), "KD");
    assert_eq!(easy_lead(r, "5S 5H 9C 9D KS", true), "9D 9C");
    assert_eq!(easy_lead(r, "3H 4H 5H 9S TS JS", true), "9S TS JS");
}

fn easy_follow(hand: &str, pile: &str) -> String {
    // Seat 1 leads the pile, seat 0 answers.
    let mut g = scenario(Rules::default(), &[hand, &format!("{pile} 3D")], 1);
    act(&mut g, 1, pile);
    match easy_choice(&g.seat_view(0)) {
        Action::Play(p) => p.to_string(),
        Action::Pass => "PASS".into(),
        other => format!("{other:?}"),
    }
}

#[test]
fn easy_follows_with_the_weakest_play_keeping_its_combinations() {
    // The 7s are a pair and the joker belongs to every combination: the loose 9C goes.
    assert_eq!(easy_follow("7H 7D 9C JK", "6S"), "9C");
    // Nothing loose: the weakest legal single.
    assert_eq!(easy_follow("7H 7D JK", "6S"), "7H");
    // 4H 5H 6H is a sequence: keep it.
    assert_eq!(easy_follow("4H 5H 6H 9S", "3C"), "9S");
    // A pair is answered by the weakest legal pair.
    assert_eq!(easy_follow("TH JK KS KC 4S 4D", "9D 9C"), "TH JK");
    // Nothing legal: pass.
    assert_eq!(easy_follow("3C 4C", "2S"), "PASS");
}

#[test]
fn easy_gives_back_its_weakest_cards() {
    let sc = cardroom::daifugo::Scenario {
        hands: hands(&[
            "5C 9C KC AC",
            "3D 4D 5D 6D",
            "3H 4H 5H 6H",
            "7S 9S 2H JK KS",
        ]),
        leader: 0,
        round: 2,
        previous_places: Some(vec![1, 2, 3, 4]),
        exchange: true,
        ..Default::default()
    };
    let g = scenario_with(Rules::default(), sc, 2);
    match easy_choice(&g.seat_view(0)) {
        Action::GiveBack(c) => assert_eq!(c.to_string(), "5C 9C"),
        other => panic!("{other:?}"),
    }
}

/// The words applied to the view's legal list, written independently of the engine's
/// fast path.
fn easy_by_the_book(view: &SeatView<'_>) -> Action {
    if let Decision::GiveBack { count, .. } = view.decision() {
        // Weakest cards in normal order: 3 first … 2, jokers last; suits S H D C.
        let order = [
            "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2",
        ];
        let mut out = Vec::new();
        for r in order {
            for s in ["S", "H", "D", "C"] {
                let c = format!("{r}{s}").parse().unwrap();
                if view.hand().contains(c) {
                    out.push(c);
                }
            }
        }
        out.extend(view.hand().jokers().iter());
        out.truncate(usize::from(count));
        return Action::GiveBack(CardSet::from_cards(&out));
    }
    let legal: Vec<Play> = view.legal_plays().to_vec();
    if legal.is_empty() {
        return Action::Pass;
    }
    let natural = |p: &&Play| !p.has_joker();
    match view.trick().pile {
        None => {
            let longest = |form: Form| {
                let of_form: Vec<&Play> = legal
                    .iter()
                    .filter(natural)
                    .filter(|p| p.form() == form)
                    .collect();
                let max = of_form.iter().map(|p| p.len()).max()?;
                of_form.into_iter().find(|p| p.len() == max).copied()
            };
            let pick = longest(Form::Sequence)
                .or_else(|| longest(Form::Group))
                .or_else(|| legal.iter().find(|p| natural(p)).copied())
                .unwrap_or_else(|| *legal.iter().max_by_key(|p| p.len()).unwrap());
            Action::Play(pick)
        }
        Some(pile) if pile.form() == Form::Single => {
            let hand = view.hand();
            let in_group = |c: cardroom::cards::Card| {
                hand.naturals()
                    .iter()
                    .filter(|o| o.rank() == c.rank())
                    .count()
                    >= 2
            };
            let in_sequence = |c: cardroom::cards::Card| {
                if !view.rules().sequence.enabled {
                    return false;
                }
                let min = usize::from(view.rules().sequence.min_len.max(2));
                let strength = |x: cardroom::cards::Card| {
                    cardroom::daifugo::cardset::card_strength(x).unwrap() as i32
                };
                let held = |s: i32| {
                    (0..13).contains(&s)
                        && hand
                            .naturals()
                            .iter()
                            .any(|o| o.suit() == c.suit() && strength(o) == s)
                };
                let s = strength(c);
                let mut lo = s;
                while held(lo - 1) {
                    lo -= 1;
                }
                let mut hi = s;
                while held(hi + 1) {
                    hi += 1;
                }
                (hi - lo + 1) as usize >= min
            };
            let loose = legal.iter().find(|p| {
                !p.has_joker() && {
                    let c = p.cards().iter().next().unwrap();
                    !in_group(c) && !in_sequence(c)
                }
            });
            Action::Play(*loose.unwrap_or(&legal[0]))
        }
        Some(_) => Action::Play(legal[0]),
    }
}

#[test]
fn the_fast_easy_policy_is_the_policy_as_written() {
    let mut decisions = 0;
    for seed in 0..1500u64 {
        let rules = match seed % 3 {
            0 => Rules::default(),
            1 => Rules::preset(Preset::Classic),
            _ => {
                let mut r = Rules::preset(Preset::Standard);
                r.jack_back = true;
                r.lock.number = true;
                r.sequence.min_len = 4;
                r
            }
        };
        let players = 2 + (seed % 7) as usize;
        let settings = MatchSettings {
            rules,
            players,
            rounds: 2,
        };
        let (mut g, _) = Game::new(settings, rng_from_seed(seed)).unwrap();
        let mut rng = rng_from_seed(seed + 1);
        while let Some(seat) = g.current_seat() {
            let view = g.seat_view(seat);
            let fast = EasyCpu.choose(&view, &mut rng);
            let book = easy_by_the_book(&view);
            assert_eq!(
                fast,
                book,
                "seed {seed} seat {seat} pile {:?}",
                view.trick().pile
            );
            decisions += 1;
            g.apply(seat, fast).unwrap();
        }
    }
    assert!(decisions > 100_000, "{decisions} decisions compared");
}

/// Every card named anywhere in a JSON value.
fn cards_in(v: &serde_json::Value, out: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::String(s) => {
            let s = s.strip_prefix("JK=").map_or(s.as_str(), |_| "JK");
            if s.len() == 2 && s.parse::<cardroom::cards::Card>().is_ok() {
                out.insert(s.to_string());
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| cards_in(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| cards_in(x, out)),
        _ => {}
    }
}

#[test]
fn a_view_holds_no_card_of_another_hand() {
    // A CPU receives `&SeatView` and nothing else (the `CpuPlayer::choose` signature); every
    // field of that type is serialized here, and no card in another seat's hand appears.
    let settings = MatchSettings {
        rules: Rules::default(),
        players: 4,
        rounds: 3,
    };
    let (mut g, _) = Game::new(settings, rng_from_seed(5)).unwrap();
    let mut rng = rng_from_seed(6);
    let mut checked = 0;
    while let Some(seat) = g.current_seat() {
        for s in 0..4 {
            let view = g.seat_view(s);
            let mut seen = BTreeSet::new();
            cards_in(&serde_json::to_value(view).unwrap(), &mut seen);
            cards_in(&serde_json::to_value(g.view(s)).unwrap(), &mut seen);
            // What this seat may know: its hand, the played cards, and its own exchange (it
            // knows the cards it gave away).
            let known = view
                .hand()
                .union(view.played())
                .union(view.exchange().gave)
                .union(view.exchange().received);
            let others: BTreeSet<String> = (0..4)
                .filter(|o| *o != s)
                .flat_map(|o| {
                    g.hand(o)
                        .naturals()
                        .minus(known)
                        .iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                })
                .collect();
            let leaked: Vec<_> = seen.intersection(&others).collect();
            assert!(leaked.is_empty(), "seat {s} sees {leaked:?} of other hands");
            checked += 1;
        }
        let a = EasyCpu.choose(&g.seat_view(seat), &mut rng);
        g.apply(seat, a).unwrap();
    }
    assert!(checked > 500);
}

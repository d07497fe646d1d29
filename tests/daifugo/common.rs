//! Helpers shared by the Daifugo integration tests: positions and scenario games written in
//! card notation.
#![allow(dead_code)]

use cardroom::cards::{Card, parse_cards, rng_from_seed};
use cardroom::daifugo::legal::legal_plays;
use cardroom::daifugo::position::{PositionText, parse_position};
use cardroom::daifugo::rules::Rules;
use cardroom::daifugo::{Action, CardSet, Event, Game, MatchSettings, Play, Scenario};

/// The legal plays of a position as strings ("3S 3H", "JK=3H 4H 5H"), then "PASS" when a pass
/// is allowed.
pub fn legal(rules: &Rules, text: PositionText<'_>) -> Vec<String> {
    let pos = parse_position(rules, &text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    let mut out = Vec::new();
    legal_plays(rules, &pos.trick, pos.hand, &mut out);
    let mut v: Vec<String> = out.iter().map(Play::to_string).collect();
    if pos.trick.pile.is_some() {
        v.push("PASS".into());
    }
    v
}

/// `legal` on a hand and pile with no flags.
pub fn legal_on(rules: &Rules, hand: &str, pile: Option<&str>) -> Vec<String> {
    legal(
        rules,
        PositionText {
            hand,
            pile,
            ..Default::default()
        },
    )
}

/// Sorted copy, for comparing as sets.
pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Expected strings from a `|`-separated list.
pub fn list(s: &str) -> Vec<String> {
    s.split('|').map(|x| x.trim().to_string()).collect()
}

/// Hands from notation, one string per seat; jokers are numbered across the table so two
/// seats' `JK` are the two different jokers.
pub fn hands(seats: &[&str]) -> Vec<CardSet> {
    let mut next_joker = 0u8;
    seats
        .iter()
        .map(|h| {
            let mut set = CardSet::EMPTY;
            for c in parse_cards(h).unwrap() {
                if c.is_joker() {
                    set.insert(Card::joker(next_joker));
                    next_joker += 1;
                } else {
                    set.insert(c);
                }
            }
            set
        })
        .collect()
}

/// A one-round game from a prepared deal, seat `leader` to lead.
pub fn scenario(rules: Rules, seats: &[&str], leader: usize) -> Game {
    scenario_with(
        rules,
        Scenario {
            hands: hands(seats),
            leader,
            ..Default::default()
        },
        1,
    )
}

/// A one-round game from a prepared deal with the game's generator seeded `seed` (which draws
/// a stalemate's places).
pub fn scenario_seeded(rules: Rules, seats: &[&str], leader: usize, seed: u64) -> Game {
    let sc = Scenario {
        hands: hands(seats),
        leader,
        ..Default::default()
    };
    let settings = MatchSettings {
        rules,
        players: sc.hands.len(),
        rounds: 1,
    };
    Game::from_scenario(settings, rng_from_seed(seed), &sc, &mut Vec::new()).unwrap()
}

/// A game from a scenario, with `rounds` rounds in all.
pub fn scenario_with(rules: Rules, sc: Scenario, rounds: u32) -> Game {
    let settings = MatchSettings {
        rules,
        players: sc.hands.len(),
        rounds,
    };
    Game::from_scenario(settings, rng_from_seed(1), &sc, &mut Vec::new()).unwrap()
}

/// Applies a play written in notation (or "PASS") by `seat`; panics with the reason if refused.
pub fn act(g: &mut Game, seat: usize, what: &str) -> Vec<Event> {
    let action = if what == "PASS" {
        Action::Pass
    } else {
        Action::Play(Play::parse(what).unwrap())
    };
    g.apply(seat, action)
        .unwrap_or_else(|e| panic!("seat {seat} {what}: {e}"))
}

/// The legal actions of the seat to act, as strings.
pub fn legal_now(g: &Game) -> Vec<String> {
    let seat = g.current_seat().unwrap();
    g.legal_actions(seat)
        .iter()
        .map(|a| match a {
            Action::Play(p) => p.to_string(),
            Action::Pass => "PASS".into(),
            Action::GiveBack(c) => format!("GIVE {c}"),
            Action::Give(c) => format!("PASS7 {c}"),
            Action::Discard(c) => format!("DISCARD {c}"),
            Action::Bomb(r) => format!("BOMB {r:?}"),
        })
        .collect()
}

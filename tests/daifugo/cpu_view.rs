//! A CPU cannot reach another seat's cards: `CpuPlayer::choose` receives a `SeatView` and a
//! generator, nothing else, and a `SeatView` — every field of it, as its serialization shows —
//! is the same for two tables that differ only in how the other seats' cards are split. So
//! every level, `hard` included, decides the same at both tables.

use crate::cpu_support::hands;
use cardroom::cards::rng_from_seed;
use cardroom::daifugo::cpu::{Budget, CpuPlayer, EasyCpu, HardCpu, NormalCpu, Rollout};
use cardroom::daifugo::rules::Rules;
use cardroom::daifugo::{Action, Discard, Game, MatchSettings, Play, Scenario, SeatView};

/// The only things a seat's view holds (the keys of its serialization). A new field here
/// must be public information or this seat's own.
const VIEW_FIELDS: &[&str] = &[
    "clockwise",
    "counts",
    "decision",
    "discarded",
    "exchange",
    "gifts",
    "hand",
    "log",
    "out_of_play",
    "pass_streak",
    "passed",
    "phase",
    "pile_seat",
    "places",
    "played",
    "players",
    "rounds",
    "round",
    "rules",
    "seat",
    "titles",
    "to_act",
    "totals",
    "trick",
];

fn game(seats: &[&str], leader: usize) -> Game {
    let settings = MatchSettings {
        rules: Rules::default(),
        players: seats.len(),
        rounds: 1,
    };
    let sc = Scenario {
        hands: hands(seats),
        leader,
        ..Default::default()
    };
    Game::from_scenario(settings, rng_from_seed(1), &sc, &mut Discard).unwrap()
}

fn cpus() -> Vec<(&'static str, Box<dyn CpuPlayer>)> {
    vec![
        ("easy", Box::new(EasyCpu)),
        ("normal", Box::new(NormalCpu)),
        (
            "hard",
            Box::new(HardCpu::with_rollout(Budget::Playouts(40), Rollout::Normal)),
        ),
        (
            "hard/easy playouts",
            Box::new(HardCpu::with_rollout(Budget::Playouts(40), Rollout::Easy)),
        ),
    ]
}

fn json(v: &SeatView<'_>) -> serde_json::Value {
    serde_json::to_value(v).unwrap()
}

/// Seat 0's cards are the same at both tables; seats 1 and 2 hold the same number of cards
/// but different ones (the jokers and 2s moved from seat 1 to seat 2).
const TABLE_A: [&str; 4] = [
    "3S 4S 5S 7H 7D 9C TC JH QD KS AH 2C 8S",
    "JK JK 2S 2H 3H 4H 5H 6H 8H 9H TH QH KH",
    "3D 4D 5D 6D 8D 9D TD JD AD 2D 3C 4C 5C",
    "6S 9S TS JS QS AS 6C 7C 8C JC QC KC AC KD 7S",
];
const TABLE_B: [&str; 4] = [
    "3S 4S 5S 7H 7D 9C TC JH QD KS AH 2C 8S",
    "3D 4D 5D 6D 8D 9D TD JD AD 3H 3C 4C 5C",
    "JK JK 2S 2H 2D 4H 5H 6H 8H 9H TH QH KH",
    "6S 9S TS JS QS AS 6C 7C 8C JC QC KC AC KD 7S",
];

#[test]
fn a_view_holds_only_public_information_and_its_own_hand() {
    let g = game(&TABLE_A, 0);
    let v = json(&g.seat_view(0));
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    let mut want = VIEW_FIELDS.to_vec();
    want.sort_unstable();
    assert_eq!(
        keys, want,
        "SeatView fields changed: check none reveals another hand"
    );
    // The other seats appear only as counts.
    assert_eq!(v["counts"], serde_json::json!([13, 13, 13, 15]));
}

#[test]
fn the_same_view_at_tables_that_split_the_hidden_cards_differently() {
    // Leading.
    let (a, b) = (game(&TABLE_A, 0), game(&TABLE_B, 0));
    assert_ne!(a.hand(1), b.hand(1));
    assert_eq!(json(&a.seat_view(0)), json(&b.seat_view(0)));
    for (name, mut cpu) in cpus() {
        let x = cpu.choose(&a.seat_view(0), &mut rng_from_seed(9));
        let y = cpu.choose(&b.seat_view(0), &mut rng_from_seed(9));
        assert_eq!(x, y, "{name} decided differently on the same view");
    }
    // Following: seat 3 leads the 6♠ (its hand is the same at both tables).
    let (mut a, mut b) = (game(&TABLE_A, 3), game(&TABLE_B, 3));
    let six = Action::Play(Play::parse("6S").unwrap());
    a.apply(3, six).unwrap();
    b.apply(3, six).unwrap();
    assert_eq!(json(&a.seat_view(0)), json(&b.seat_view(0)));
    for (name, mut cpu) in cpus() {
        let x = cpu.choose(&a.seat_view(0), &mut rng_from_seed(9));
        let y = cpu.choose(&b.seat_view(0), &mut rng_from_seed(9));
        assert_eq!(x, y, "{name} decided differently on the same view");
    }
}

//! Helpers shared by the Daifugo tests: random tables and rule sets (every preset, local rule,
//! UECda variant and house rule), hands in notation.
#![allow(dead_code)]

use cardroom::cards::{Card, GameRng, parse_cards};
use cardroom::daifugo::rules::{
    Ambulance, Amount, ClearMode, Count, Eligible, ForbiddenMode, PassMode, Preset, Rules,
    Sandstorm, SequenceCompare, SuitLock,
};
use cardroom::daifugo::{CardSet, MatchSettings};
use rand::RngExt;

/// A rule set: a preset as shipped half the time (standard, classic, uecda or party), else a
/// preset with every local rule, UECda variant and house rule toggled at random with its
/// variants (`rules/daifugo.md` §3, §3b).
pub fn random_rules(rng: &mut GameRng) -> Rules {
    let preset = match rng.random_range(0..8) {
        0..=2 => Preset::Standard,
        3 | 4 => Preset::Classic,
        5 => Preset::Uecda,
        _ => Preset::Party,
    };
    let mut r = Rules::preset(preset);
    if rng.random_bool(0.5) {
        return r; // the preset as shipped
    }
    r.jokers = rng.random_range(0..=2);
    r.pass_mode = if rng.random_bool(0.5) {
        PassMode::Locked
    } else {
        PassMode::Reentry
    };
    r.exchange = rng.random_bool(0.7);
    r.sequence.enabled = rng.random_bool(0.7);
    r.sequence.min_len = rng.random_range(3..=5);
    r.sequence.compare = if rng.random_bool(0.5) {
        SequenceCompare::Strict
    } else {
        SequenceCompare::Overlap
    };
    r.revolution.enabled = rng.random_bool(0.7);
    r.revolution.group_min = rng.random_range(3..=5);
    r.revolution.sequence_min = if rng.random_bool(0.5) { 0 } else { 5 };
    r.eight_cut.enabled = rng.random_bool(0.6);
    r.eight_cut.in_sequence = rng.random_bool(0.5);
    r.eight_cut.joker_counts = rng.random_bool(0.5);
    r.lock.suit = if rng.random_bool(0.6) {
        SuitLock::Exact
    } else {
        SuitLock::Off
    };
    r.lock.number = rng.random_bool(0.4);
    r.spade3 = rng.random_bool(0.6);
    r.jack_back = rng.random_bool(0.4);
    r.forbidden_finish.joker = rng.random_bool(0.6);
    r.forbidden_finish.strongest = rng.random_bool(0.6);
    r.forbidden_finish.eight = rng.random_bool(0.6);
    r.forbidden_finish.spade3 = rng.random_bool(0.6);
    r.miyako_ochi = rng.random_bool(0.6);
    // The UECda variants (rules/daifugo.md §3b).
    r.clear_mode = if rng.random_bool(0.3) {
        ClearMode::AllPassed
    } else {
        ClearMode::OthersPassed
    };
    r.lock.joker_establishes = rng.random_bool(0.3);
    r.sequence.joker_ends = rng.random_bool(0.3);
    r.leader_may_pass = rng.random_bool(0.2);
    r.stalemate_passes = if rng.random_bool(0.3) {
        rng.random_range(3..=20)
    } else {
        0
    };
    // The house rules (rules/daifugo.md §3b), each on or off with its variants.
    let count = |rng: &mut GameRng| {
        if rng.random_bool(0.5) {
            Count::PerCard
        } else {
            Count::PerPlay
        }
    };
    let amount = |rng: &mut GameRng| {
        if rng.random_bool(0.5) {
            Amount::UpTo
        } else {
            Amount::Exact
        }
    };
    for rule in [&mut r.five_skip, &mut r.nine_reverse] {
        rule.enabled = rng.random_bool(0.4);
        rule.count = count(rng);
        rule.joker_counts = rng.random_bool(0.3);
    }
    r.seven_pass.enabled = rng.random_bool(0.4);
    r.seven_pass.count = count(rng);
    r.seven_pass.amount = amount(rng);
    r.seven_pass.joker_counts = rng.random_bool(0.3);
    r.ten_discard.enabled = rng.random_bool(0.4);
    r.ten_discard.count = count(rng);
    r.ten_discard.amount = amount(rng);
    r.ten_discard.joker_counts = rng.random_bool(0.3);
    r.ten_discard.eligible = if rng.random_bool(0.5) {
        Eligible::Any
    } else {
        Eligible::WeakerThanTen
    };
    r.q_bomber.enabled = rng.random_bool(0.4);
    r.q_bomber.joker_counts = rng.random_bool(0.3);
    r.ambulance = if rng.random_bool(0.4) {
        Ambulance::Cut
    } else {
        Ambulance::Off
    };
    r.sandstorm = match rng.random_range(0..3) {
        0 => Sandstorm::Off,
        1 => Sandstorm::BeatsTriple,
        _ => Sandstorm::CutTriple,
    };
    if rng.random_bool(0.2) {
        r.lock.suit = SuitLock::Partial;
    }
    r.lock.geki = rng.random_bool(0.2);
    r.forbidden_finish.mode = if rng.random_bool(0.3) {
        ForbiddenMode::Illegal
    } else {
        ForbiddenMode::LastPlace
    };
    r.gekokujo = rng.random_bool(0.3);
    r.miyako_ochi_min_players = rng.random_range(2..=5);
    r.joker_return = rng.random_bool(0.3);
    r
}

/// A random table: 2–8 players (4 most often), `rounds` rounds, random rules.
pub fn random_settings(rng: &mut GameRng, rounds: u32) -> MatchSettings {
    let players = if rng.random_bool(0.4) {
        4
    } else {
        rng.random_range(2..=8)
    };
    MatchSettings {
        rules: random_rules(rng),
        players,
        rounds,
    }
}

/// A hand from notation; `JK` takes the jokers in order (first `JK` is joker 0).
pub fn cards(text: &str) -> CardSet {
    let mut set = CardSet::EMPTY;
    let mut next_joker = 0;
    for c in parse_cards(text).unwrap() {
        if c.is_joker() {
            set.insert(Card::joker(next_joker));
            next_joker += 1;
        } else {
            set.insert(c);
        }
    }
    set
}

/// Hands from notation, one per seat; jokers numbered across the table.
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

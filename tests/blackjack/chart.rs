//! The printed basic-strategy chart of `rules/blackjack.md` §4 (4–8 decks, S17, DAS, late
//! surrender), as a decision rule. Tests and the benchmark use it as a realistic player — one that
//! doubles, splits and surrenders — for the fast simulator and the checked engine alike. It is not
//! the project's basic strategy (that is derived in `src/blackjack/strategy.rs`).

#![allow(dead_code)]

use cardroom::blackjack::strategy::{Decision, Situation};

/// The chart's decision for `s` ("apply the first rule that fits"); a double or surrender that is
/// not allowed falls back to the chart's own alternative (soft 18 stands, others hit).
pub fn chart(s: &Situation) -> Decision {
    let up = s.dealer_up;
    let in_range = |lo: u8, hi: u8| (lo..=hi).contains(&up) && up != 1;
    let t = s.total;
    if s.can_surrender && !s.soft {
        if t == 16 && s.pair != Some(8) && (up == 9 || up == 10 || up == 1) {
            return Decision::Surrender;
        }
        if t == 15 && up == 10 {
            return Decision::Surrender;
        }
    }
    if let (true, Some(p)) = (s.can_split, s.pair) {
        let split = match p {
            1 | 8 => true,
            5 | 10 => false,
            2 | 3 | 7 => in_range(2, 7),
            4 => in_range(5, 6),
            6 => in_range(2, 6),
            9 => in_range(2, 6) || in_range(8, 9),
            _ => false,
        };
        if split {
            return Decision::Split;
        }
    }
    let double_or = |alt: Decision| {
        if s.can_double { Decision::Double } else { alt }
    };
    if !s.soft {
        match t {
            9 if in_range(3, 6) => double_or(Decision::Hit),
            10 if in_range(2, 9) => double_or(Decision::Hit),
            11 if in_range(2, 10) => double_or(Decision::Hit),
            17.. => Decision::Stand,
            13..=16 if in_range(2, 6) => Decision::Stand,
            12 if in_range(4, 6) => Decision::Stand,
            _ => Decision::Hit,
        }
    } else {
        match t {
            13 | 14 if in_range(5, 6) => double_or(Decision::Hit),
            15 | 16 if in_range(4, 6) => double_or(Decision::Hit),
            17 if in_range(3, 6) => double_or(Decision::Hit),
            18 if in_range(3, 6) => double_or(Decision::Stand),
            19.. => Decision::Stand,
            18 if up == 2 || up == 7 || up == 8 => Decision::Stand,
            _ => Decision::Hit,
        }
    }
}

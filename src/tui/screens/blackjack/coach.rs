//! The coach (`coach = true`, key `c`): each decision the player takes is judged against the
//! exact EVs of the actual shoe at that moment (the private `advisor::compute`); one that is
//! not the best is reported at once with what it cost, and a tally of decisions, mistakes and
//! EV given away is kept for the session and in the statistics.

use crate::blackjack::money::Money;
use crate::blackjack::table::Action as Move;

use super::advisor::EvLine;

/// Differences of EV smaller than this (in bets) are ties, not mistakes.
pub const TIE: f64 = 1e-9;

/// One judged decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// What the player did.
    pub chosen: Move,
    /// The best action for the actual shoe.
    pub best: Move,
    /// EV given up, in bets of the hand (0 when the choice was best or tied).
    pub cost: f64,
}

impl Verdict {
    /// Whether the decision gave EV away.
    pub fn mistake(&self) -> bool {
        self.cost > TIE
    }
}

/// Decisions judged, mistakes, and the EV given away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Decisions judged.
    pub decisions: u64,
    /// Decisions that were not the best.
    pub mistakes: u64,
    /// EV given away, cents of a chip.
    pub cost_cents: i64,
}

impl Tally {
    /// Counts `v`, taken on a hand with `bet` at stake (the EVs are per bet of the hand).
    pub fn add(&mut self, v: &Verdict, bet: Money) {
        self.decisions += 1;
        if v.mistake() {
            self.mistakes += 1;
            self.cost_cents += (v.cost * bet.cents() as f64).round() as i64;
        }
    }

    /// The EV given away as chips.
    pub fn cost(&self) -> Money {
        Money::from_cents(self.cost_cents)
    }
}

/// Judges `chosen` against the EVs of the decision: `None` when it cannot be judged (no value
/// for it or for the best action, e.g. where the shoe could run out).
pub fn judge(line: &EvLine, chosen: Move) -> Option<Verdict> {
    let value = |m: Move| {
        line.values
            .iter()
            .find(|(a, _)| *a == m)
            .and_then(|(_, v)| *v)
    };
    let mine = value(chosen)?;
    let best = line.best?;
    let top = value(best)?;
    let cost = (top - mine).max(0.0);
    Some(Verdict {
        chosen,
        best: if cost > TIE { best } else { chosen },
        cost: if cost > TIE { cost } else { 0.0 },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(values: &[(Move, Option<f64>)]) -> EvLine {
        let best = values
            .iter()
            .filter_map(|(m, v)| v.map(|v| (*m, v)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|x| x.0);
        EvLine {
            values: values.to_vec(),
            best,
            conditional: false,
            split_plan: None,
            notes: Vec::new(),
        }
    }

    #[test]
    fn a_worse_action_costs_the_difference_and_the_best_costs_nothing() {
        let l = line(&[
            (Move::Hit, Some(-0.25)),
            (Move::Stand, Some(-0.208)),
            (Move::Double, Some(-0.5)),
        ]);
        let v = judge(&l, Move::Hit).unwrap();
        assert_eq!(v.best, Move::Stand);
        assert!((v.cost - 0.042).abs() < 1e-12);
        assert!(v.mistake());
        let v = judge(&l, Move::Stand).unwrap();
        assert_eq!((v.cost, v.mistake()), (0.0, false));
        let mut t = Tally::default();
        t.add(&judge(&l, Move::Hit).unwrap(), Money::from_cents(1000));
        t.add(&judge(&l, Move::Stand).unwrap(), Money::from_cents(1000));
        // 4.2% of a 10-chip bet is 0.42 chips.
        assert_eq!(
            t,
            Tally {
                decisions: 2,
                mistakes: 1,
                cost_cents: 42
            }
        );
    }

    #[test]
    fn ties_and_missing_values_are_not_mistakes() {
        let l = line(&[(Move::Hit, Some(0.1)), (Move::Stand, Some(0.1 - 1e-12))]);
        assert!(!judge(&l, Move::Stand).unwrap().mistake());
        let l = line(&[(Move::Hit, None), (Move::Stand, Some(0.2))]);
        assert_eq!(judge(&l, Move::Hit), None);
    }
}

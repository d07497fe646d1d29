//! What a Blackjack session keeps outside the table: the game record (`--record FILE`, written
//! with the engine's own line writer, [`crate::blackjack::record`]) and the persisted
//! statistics ([`crate::stats`]). Both are best effort: an I/O error becomes a one-line notice
//! for the screen and never stops the game.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use crate::blackjack::moves::Outcome;
use crate::blackjack::record;
use crate::blackjack::table::{Event, Table};
use crate::i18n::{Lang, tf};
use crate::stats::{BlackjackStats, StatsStore, bump};

use super::coach::Tally;

/// The open record file. Every line is flushed at once, so a record is complete up to the last
/// action even if the program is killed.
pub struct Recorder {
    out: BufWriter<File>,
}

impl Recorder {
    /// Creates (truncates) `path` and writes the header and the opening shuffle of `table`,
    /// made from `seed`.
    ///
    /// Errors: the file cannot be created or written.
    pub fn create(path: &Path, seed: u64, table: &Table) -> std::io::Result<Recorder> {
        let mut r = Recorder {
            out: BufWriter::new(File::create(path)?),
        };
        r.start_table(seed, table)?;
        Ok(r)
    }

    /// Writes the header and opening shuffle of a new table (also after "start again", so the
    /// file then holds one header per table, each followed by its own events).
    ///
    /// Errors: the file cannot be written.
    pub fn start_table(&mut self, seed: u64, table: &Table) -> std::io::Result<()> {
        self.line(&record::header(seed, table.rules()))?;
        self.line(&record::opening_shuffle(table))
    }

    /// Writes one line per event.
    ///
    /// Errors: the file cannot be written.
    pub fn events(&mut self, events: &[Event]) -> std::io::Result<()> {
        for l in record::events(events) {
            self.line(&l)?;
        }
        Ok(())
    }

    fn line(&mut self, l: &str) -> std::io::Result<()> {
        self.out.write_all(l.as_bytes())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }
}

/// Adds one settled round (`Event::Settle` and whether the first hand was a natural) to `s`,
/// with the coach's tally of its decisions. Surrenders count as losses, even money as a win and
/// a natural (`BlackjackStats` docs).
pub fn add_round(s: &mut BlackjackStats, events: &[Event], natural: bool, coach: Tally) {
    s.coach_decisions = s.coach_decisions.saturating_add(coach.decisions);
    s.coach_mistakes = s.coach_mistakes.saturating_add(coach.mistakes);
    s.coach_cost_cents = s.coach_cost_cents.saturating_add(coach.cost_cents);
    for e in events {
        if let Event::Settle { hands, net, .. } = e {
            // Saturating: a counter at its largest value stays there instead of wrapping to 0.
            bump(&mut s.rounds);
            s.net_cents = s.net_cents.saturating_add(net.cents());
            s.push_round_net(net.cents());
            if natural {
                bump(&mut s.naturals);
            }
            for h in hands {
                bump(&mut s.hands);
                match h.result {
                    Outcome::Blackjack | Outcome::Win | Outcome::EvenMoney => bump(&mut s.won),
                    Outcome::Push => bump(&mut s.pushed),
                    Outcome::TieToDealer | Outcome::Lose | Outcome::Bust | Outcome::Surrender => {
                        bump(&mut s.lost)
                    }
                }
            }
        }
    }
}

/// Adds the round in `events` (and the coach's tally of its decisions) to the statistics in
/// `store`, in one atomic update. Returns a one-line notice in `lang` when the old file was set
/// aside or the save was refused (a read-only or newer file, a FIFO, an I/O error); the game goes
/// on either way.
pub fn save_round(
    store: &StatsStore,
    events: &[Event],
    natural: bool,
    coach: Tally,
    lang: Lang,
) -> Option<String> {
    match store.update(|stats| add_round(&mut stats.blackjack, events, natural, coach)) {
        Ok(saved) => saved.set_aside.map(|p| {
            tf(
                lang,
                "blackjack.ui.stats_set_aside",
                &[("path", &p.display().to_string())],
            )
        }),
        Err(e) => Some(tf(
            lang,
            "blackjack.ui.stats_error",
            &[("error", &e.message(lang))],
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blackjack::money::Money;
    use crate::blackjack::table::HandSettlement;

    #[test]
    fn a_split_round_counts_each_hand_and_the_net() {
        // A split round: one hand won 10, the other lost 10 → net 0, two hands.
        let settle = Event::Settle {
            hands: vec![
                HandSettlement {
                    hand: 0,
                    result: Outcome::Win,
                    bet: Money::from_chips(10),
                    amount: Money::from_chips(10),
                },
                HandSettlement {
                    hand: 1,
                    result: Outcome::Surrender,
                    bet: Money::from_chips(15),
                    amount: Money::from_cents(-750),
                },
            ],
            insurance: None,
            net: Money::from_cents(250),
        };
        let mut s = BlackjackStats::default();
        let coach = Tally {
            decisions: 3,
            mistakes: 1,
            cost_cents: 42,
        };
        add_round(&mut s, &[settle], false, coach);
        assert_eq!(
            (s.rounds, s.hands, s.won, s.lost, s.pushed),
            (1, 2, 1, 1, 0)
        );
        assert_eq!(s.net_cents, 250);
        assert_eq!(
            (s.coach_decisions, s.coach_mistakes, s.coach_cost_cents),
            (3, 1, 42)
        );
    }

    #[test]
    fn statistics_written_before_the_coach_load_and_keep_their_counts() {
        // A file from before the coach fields: the old counts survive, the new ones start at 0,
        // and the next save keeps both.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        std::fs::write(
            &path,
            r#"{"version":1,"daifugo":{"matches":2,"matches_won":1,"rounds":10,"places":[3,3,2,2,0,0,0,0],"points":25},"blackjack":{"rounds":7,"hands":8,"won":4,"lost":3,"pushed":1,"naturals":1,"net_cents":1500,"later_field":[1,2]}}"#,
        )
        .unwrap();
        let store = StatsStore::at(&path);
        let settle = Event::Settle {
            hands: vec![],
            insurance: None,
            net: Money::from_chips(10),
        };
        let coach = Tally {
            decisions: 2,
            mistakes: 1,
            cost_cents: 84,
        };
        assert_eq!(save_round(&store, &[settle], false, coach, Lang::En), None);
        let s = store.load().unwrap().stats;
        assert_eq!((s.daifugo.matches, s.daifugo.points), (2, 25));
        let b = s.blackjack;
        assert_eq!((b.rounds, b.hands, b.net_cents), (8, 8, 2500));
        assert_eq!(
            (b.coach_decisions, b.coach_mistakes, b.coach_cost_cents),
            (2, 1, 84)
        );
        assert_eq!(b.unknown["later_field"], serde_json::json!([1, 2]));
    }

    #[test]
    fn unwritable_stats_give_a_notice_not_a_crash() {
        let dir = tempfile::tempdir().unwrap();
        // A folder where the file should be: loading fails to read it as a file.
        let path = dir.path().join("stats.json");
        std::fs::create_dir(&path).unwrap();
        let store = StatsStore::at(&path);
        let settle = Event::Settle {
            hands: vec![],
            insurance: None,
            net: Money::ZERO,
        };
        let notice = save_round(&store, &[settle], false, Tally::default(), Lang::En);
        assert!(notice.is_some_and(|n| n.starts_with("Statistics not saved")));
    }
}

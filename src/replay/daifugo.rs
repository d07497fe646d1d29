//! Daifugo replays: the record is re-run through the engine by
//! [`crate::daifugo::record::replay_record`] (which checks every line), and each engine event
//! becomes a frame holding the table as it stood just after that event.
//!
//! One action can produce many events — the play that ends a round also scores it and deals
//! the next — so the table of a frame is the previous frame's table with that one event laid
//! on it ([`Table::apply`]): cards move exactly as the events say (a deal gives each hand, an
//! exchange or a play moves its cards), and the badges follow the events that start them and
//! the clear that ends them. Tests check the result against the engine after every action.

use crate::daifugo::record::{ReplayError, ReplayProblem, ReplayStep, SeatInfo, replay_record};
use crate::daifugo::view::{LogEntry, RoundResult, Title};
use crate::daifugo::{CardSet, Event, FinishKind, MatchSettings, Play, SuitSet};

use super::{LoadError, Problem};

/// One line of a frame's log: the engine's public log entries, plus what a replay may show
/// that a player at the table could not (the cards of an exchange) and the round's bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogLine {
    /// A round was dealt; `dealer` got the first card.
    Deal {
        /// Round number.
        round: u32,
        /// The seat dealt first.
        dealer: u8,
    },
    /// Cards changed hands in the exchange (face up in a replay).
    Exchange {
        /// Giving seat.
        from: u8,
        /// Receiving seat.
        to: u8,
        /// The cards.
        cards: CardSet,
        /// The lower player's forced gift (else the upper player's give-back).
        forced: bool,
    },
    /// Cards given by a 7-pass (face up in a replay; at the table only the two seats see them).
    Give {
        /// The giver.
        from: u8,
        /// The receiver.
        to: u8,
        /// The cards.
        cards: CardSet,
    },
    /// A public log entry (lead, play, pass, revolution, lock, skip, discard, bomb, finish,
    /// clear…).
    Entry(LogEntry),
    /// The round ended with these places and points (by seat).
    RoundEnd(RoundResult),
}

/// The table as it stood after one event, every hand face up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Round number (1-based; 0 before the first deal).
    pub round: u32,
    /// Rounds in the match.
    pub rounds: u32,
    /// Each seat's cards; a seat that has finished keeps the cards it held then (a 大富豪 who
    /// fell by miyako-ochi, the last player), which are out of play.
    pub hands: Vec<CardSet>,
    /// The plays on the pile since it last cleared, oldest first, with who made them.
    pub pile: Vec<(usize, Play)>,
    /// A revolution is in force.
    pub revolution: bool,
    /// Jack-back is in force.
    pub jack_back: bool,
    /// Locked suits (empty: no suit lock).
    pub lock: SuitSet,
    /// A number lock is in force.
    pub number_lock: bool,
    /// Play goes to the next higher seat (a 9-reverse turns it for the rest of the round).
    pub clockwise: bool,
    /// Cards thrown out of play face up this round (10-discard, Q-bomber).
    pub discarded: CardSet,
    /// Each seat's place this round and how it finished, once it has.
    pub places: Vec<Option<(u8, FinishKind)>>,
    /// Each seat's title this round, as the engine gave them at the deal
    /// ([`Table::set_titles`]).
    pub titles: Vec<Option<Title>>,
    /// Points so far in the match, by seat.
    pub totals: Vec<u32>,
    /// This round's log, oldest first.
    pub log: Vec<LogLine>,
    /// The match is over.
    pub over: bool,
}

impl Table {
    /// The empty table of a match for `players` seats.
    pub fn new(players: usize, rounds: u32) -> Table {
        Table {
            round: 0,
            rounds,
            hands: vec![CardSet::EMPTY; players],
            pile: Vec::new(),
            revolution: false,
            jack_back: false,
            lock: SuitSet::EMPTY,
            number_lock: false,
            clockwise: true,
            discarded: CardSet::EMPTY,
            places: vec![None; players],
            titles: vec![None; players],
            totals: vec![0; players],
            log: Vec::new(),
            over: false,
        }
    }

    /// Puts the titles the engine gave for the round just dealt (the places of the round
    /// before, or whatever a house rule made of them); events never change them.
    pub fn set_titles(&mut self, titles: &[Option<Title>]) {
        for (t, n) in self.titles.iter_mut().zip(titles) {
            *t = *n;
        }
    }

    /// Lays one engine event on the table.
    pub fn apply(&mut self, e: &Event) {
        let players = self.hands.len();
        match *e {
            Event::Deal {
                round,
                first,
                hands,
                ..
            } => {
                self.round = round;
                for (seat, h) in self.hands.iter_mut().enumerate() {
                    *h = hands.get(seat).copied().unwrap_or(CardSet::EMPTY);
                }
                self.pile.clear();
                self.revolution = false;
                self.jack_back = false;
                self.lock = SuitSet::EMPTY;
                self.number_lock = false;
                self.clockwise = true;
                self.discarded = CardSet::EMPTY;
                self.places = vec![None; players];
                self.log = vec![LogLine::Deal {
                    round,
                    dealer: first,
                }];
            }
            Event::Exchange {
                from,
                to,
                cards,
                forced,
                ..
            } => {
                for c in cards.iter() {
                    if let Some(h) = self.hands.get_mut(usize::from(from)) {
                        h.remove(c);
                    }
                    if let Some(h) = self.hands.get_mut(usize::from(to)) {
                        h.insert(c);
                    }
                }
                self.log.push(LogLine::Exchange {
                    from,
                    to,
                    cards,
                    forced,
                });
            }
            Event::Play { seat, play } => {
                if let Some(h) = self.hands.get_mut(usize::from(seat)) {
                    for c in play.cards().iter() {
                        h.remove(c);
                    }
                }
                self.pile.push((usize::from(seat), play));
            }
            Event::Clear { .. } => {
                // A clear ends the trick's lock and jack-back (rules/daifugo.md §3); the
                // revolution stays for the round.
                self.pile.clear();
                self.lock = SuitSet::EMPTY;
                self.number_lock = false;
                self.jack_back = false;
            }
            Event::Give { from, to, cards } => {
                for c in cards.iter() {
                    if let Some(h) = self.hands.get_mut(usize::from(from)) {
                        h.remove(c);
                    }
                    if let Some(h) = self.hands.get_mut(usize::from(to)) {
                        h.insert(c);
                    }
                }
                self.log.push(LogLine::Give { from, to, cards });
            }
            Event::Discard { seat, cards } => self.throw_out(usize::from(seat), cards),
            Event::Bomb { players, lost, .. } => {
                for (seat, cards) in lost.iter().enumerate().take(usize::from(players)) {
                    self.throw_out(seat, *cards);
                }
            }
            Event::Reverse { clockwise } => self.clockwise = clockwise,
            Event::Revolution { active } => self.revolution = active,
            Event::Lock { suits } => self.lock = suits,
            Event::NumberLock => self.number_lock = true,
            Event::JackBack => self.jack_back = true,
            Event::Finish { seat, place, kind } => {
                if let Some(p) = self.places.get_mut(usize::from(seat)) {
                    *p = Some((place, kind));
                }
            }
            Event::RoundEnd {
                round,
                places,
                points,
                ..
            } => {
                for (t, p) in self.totals.iter_mut().zip(points) {
                    *t += p;
                }
                self.log.push(LogLine::RoundEnd(RoundResult {
                    round,
                    places: places[..players].to_vec(),
                    points: points[..players].to_vec(),
                }));
            }
            Event::MatchEnd { .. } => self.over = true,
            Event::Lead { .. }
            | Event::Pass { .. }
            | Event::Skip { .. }
            | Event::Gekokujo { .. }
            | Event::Stalemate => {}
        }
        // The exchange and the 7-pass are logged above with their cards.
        if !matches!(e, Event::Exchange { .. } | Event::Give { .. }) {
            let mut entries = Vec::new();
            LogEntry::push_event(e, &mut entries);
            self.log.extend(entries.into_iter().map(LogLine::Entry));
        }
    }

    /// Takes `cards` out of `seat`'s hand onto the face-up discards.
    fn throw_out(&mut self, seat: usize, cards: CardSet) {
        if let Some(h) = self.hands.get_mut(seat) {
            *h = h.minus(cards);
        }
        self.discarded = self.discarded.union(cards);
    }
}

/// One step of a replay: the event, where it is in the record, and the table after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The record line that states the event (or, for an event the record leaves out, the line
    /// of the action that caused it).
    pub line: usize,
    /// Which match of the file (0-based).
    pub match_index: usize,
    /// The event.
    pub event: Event,
    /// The table just after it.
    pub table: Table,
}

/// One match's header.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchInfo {
    /// The header's line.
    pub line: usize,
    /// Its seed.
    pub seed: u64,
    /// Rules, players, rounds.
    pub settings: MatchSettings,
    /// Who sat where.
    pub seats: Vec<SeatInfo>,
}

/// An event as the replay keeps it: where it is, and what it is.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Step {
    line: usize,
    match_index: usize,
    event: Event,
}

/// A Daifugo record, replayed. It keeps every event and the table at the start of each round;
/// a frame is that table with the round's events up to the frame laid on it
/// ([`DaifugoReplay::frame`]), so a long record costs a few dozen bytes an event.
#[derive(Clone, Debug, PartialEq)]
pub struct DaifugoReplay {
    /// Each match's header, in file order.
    pub matches: Vec<MatchInfo>,
    steps: Vec<Step>,
    /// (step index, table just after that step) at every deal.
    checkpoints: Vec<(usize, Table)>,
    /// The record stops before its last match ended (the player left it); everything up to
    /// there replayed.
    pub incomplete: bool,
    /// Lines in the file.
    pub lines: usize,
}

impl DaifugoReplay {
    /// How many frames (events) there are.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether there are none (never, for a replay that loaded).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The frames that deal a round.
    pub fn round_starts(&self) -> Vec<usize> {
        self.checkpoints.iter().map(|(i, _)| *i).collect()
    }

    /// Frame `i` (0-based): the event and the table just after it; `None` past the end.
    pub fn frame(&self, i: usize) -> Option<Frame> {
        let step = self.steps.get(i)?;
        let c = self.checkpoints.partition_point(|(k, _)| *k <= i);
        let (mut table, from) = match c.checked_sub(1).map(|c| &self.checkpoints[c]) {
            Some((k, t)) => (t.clone(), k + 1),
            None => {
                let m = &self.matches[step.match_index.min(self.matches.len() - 1)];
                (Table::new(m.settings.players, m.settings.rounds), 0)
            }
        };
        for s in &self.steps[from..=i] {
            table.apply(&s.event);
        }
        Some(Frame {
            line: step.line,
            match_index: step.match_index,
            event: step.event,
            table,
        })
    }
}

/// Replays a Daifugo record into frames. A record that simply stops (a match left in the
/// middle) replays as far as it goes.
///
/// Errors: every error of [`crate::daifugo::record::check_record`] but that one.
pub fn load(text: &str) -> Result<DaifugoReplay, LoadError> {
    let lines = text.lines().count();
    let mut matches: Vec<MatchInfo> = Vec::new();
    let mut steps: Vec<Step> = Vec::new();
    let mut checkpoints: Vec<(usize, Table)> = Vec::new();
    let mut table = Table::new(0, 0);
    let result = replay_record(text, &mut |step| match step {
        ReplayStep::Header {
            line,
            seed,
            settings,
            seats,
        } => {
            matches.push(MatchInfo {
                line,
                seed,
                settings,
                seats: seats.to_vec(),
            });
            table = Table::new(settings.players, settings.rounds);
        }
        ReplayStep::Event {
            line, event, game, ..
        } => {
            table.apply(event);
            if matches!(event, Event::Deal { .. }) {
                table.set_titles(game.titles());
                checkpoints.push((steps.len(), table.clone()));
            }
            steps.push(Step {
                line,
                match_index: matches.len().saturating_sub(1),
                event: *event,
            });
        }
    });
    let incomplete = match result {
        Ok(_) => false,
        // The match simply stops at the end of the file: what is there is a good replay.
        Err(ReplayError {
            line,
            problem: ReplayProblem::Truncated,
        }) if line > lines && !steps.is_empty() => true,
        Err(e) => {
            return Err(LoadError {
                line: e.line,
                problem: match e.problem {
                    ReplayProblem::NoHeader => Problem::NotARecord,
                    other => Problem::Daifugo(other),
                },
            });
        }
    };
    Ok(DaifugoReplay {
        matches,
        steps,
        checkpoints,
        incomplete,
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::rng_from_seed;
    use crate::daifugo::record::RecordWriter;
    use crate::daifugo::rules::{Amount, Count, Eligible, ForbiddenMode, Preset, Rules, SuitLock};
    use crate::daifugo::sim::play_cpu_match;
    use crate::daifugo::{CpuPlayer, EasyCpu};

    fn seats(n: usize) -> Vec<SeatInfo> {
        (0..n)
            .map(|i| SeatInfo {
                name: format!("P{i}"),
                level: "easy".into(),
                entry: None,
            })
            .collect()
    }

    pub(crate) fn record(settings: MatchSettings, seed: u64) -> String {
        let mut w =
            RecordWriter::new(Vec::new(), seed, &settings, &seats(settings.players)).unwrap();
        let mut owned = vec![EasyCpu; settings.players];
        let mut cpus: Vec<&mut dyn CpuPlayer> =
            owned.iter_mut().map(|c| c as &mut dyn CpuPlayer).collect();
        play_cpu_match(
            settings,
            rng_from_seed(seed),
            &mut cpus,
            &mut rng_from_seed(seed ^ 1),
            &mut w,
        )
        .unwrap();
        String::from_utf8(w.finish().unwrap()).unwrap()
    }

    /// After the last event of every action the laid-out table is exactly the engine's: every
    /// hand, the top of the pile, the badges, the places and the totals.
    #[test]
    fn the_table_agrees_with_the_engine_after_every_action() {
        let mut checked = 0;
        let mut seen = std::collections::HashSet::new();
        for (seed, players, preset) in [
            (1, 4, Preset::Standard),
            (2, 5, Preset::Standard),
            (3, 3, Preset::Classic),
            (4, 6, Preset::Standard),
            (5, 5, Preset::Uecda),
            (6, 5, Preset::Uecda),
            (7, 4, Preset::Party),
            (8, 5, Preset::Party),
            (9, 3, Preset::Party),
            (10, 6, Preset::Party),
        ] {
            let mut rules = Rules::preset(preset);
            rules.jack_back = seed % 2 == 0;
            rules.lock.number = seed % 2 == 1;
            if preset == Preset::Party && seed % 2 == 0 {
                // The other variants of the house rules (rules/daifugo.md §3b).
                rules.seven_pass.amount = Amount::Exact;
                rules.ten_discard.count = Count::PerPlay;
                rules.ten_discard.eligible = Eligible::WeakerThanTen;
                rules.five_skip.count = Count::PerPlay;
                rules.nine_reverse.count = Count::PerCard;
                rules.lock.suit = SuitLock::Partial;
                rules.lock.geki = true;
                rules.gekokujo = true;
                rules.joker_return = true;
                rules.forbidden_finish.mode = ForbiddenMode::Illegal;
            }
            let settings = MatchSettings {
                rules,
                players,
                rounds: 3,
            };
            let text = record(settings, seed);
            let mut table = Table::new(players, 3);
            let mut pending: Option<(Table, crate::daifugo::Game, usize)> = None;
            let mut compare = |t: &Table, g: &crate::daifugo::Game| {
                // A seat with a place may still hold cards in the engine (the last player)
                // or have them taken out of play (a 大富豪 fallen by miyako-ochi); the replay
                // keeps them on show either way.
                for seat in 0..players {
                    if t.places[seat].is_some() {
                        let held = g.hand(seat);
                        assert_eq!(
                            held.iter().filter(|c| !t.hands[seat].contains(*c)).count(),
                            0
                        );
                    } else {
                        assert_eq!(t.hands[seat], g.hand(seat), "seed {seed} seat {seat}");
                    }
                }
                let trick = g.trick();
                assert_eq!(t.pile.last().map(|p| p.1), trick.pile, "seed {seed}");
                assert_eq!(t.revolution, trick.revolution);
                assert_eq!(t.jack_back, trick.jack_back);
                assert_eq!(t.lock, trick.lock);
                assert_eq!(t.number_lock, trick.number_lock);
                assert_eq!(t.clockwise, g.state().clockwise(), "seed {seed}");
                assert_eq!(t.discarded, g.state().discarded(), "seed {seed}");
                assert_eq!(t.totals, g.totals());
                let places: Vec<u8> = t.places.iter().map(|p| p.map_or(0, |x| x.0)).collect();
                if !t.over {
                    assert_eq!(places, g.places(), "seed {seed}");
                    assert_eq!(t.titles, g.titles(), "seed {seed}");
                }
                checked += 1;
            };
            replay_record(&text, &mut |step| {
                if let ReplayStep::Event {
                    event,
                    game,
                    action,
                    ..
                } = step
                {
                    if matches!(
                        event,
                        Event::Skip { .. }
                            | Event::Give { .. }
                            | Event::Discard { .. }
                            | Event::Reverse { .. }
                            | Event::Bomb { .. }
                    ) {
                        seen.insert(std::mem::discriminant(event));
                    }
                    if let Some((t, g, a)) = pending.take()
                        && a != action
                    {
                        compare(&t, &g);
                    }
                    table.apply(event);
                    if matches!(event, Event::Deal { .. }) {
                        table.set_titles(game.titles());
                    }
                    pending = Some((table.clone(), game.clone(), action));
                }
            })
            .unwrap();
            if let Some((t, g, _)) = pending.take() {
                compare(&t, &g);
            }
        }
        assert!(checked > 400, "{checked} actions checked");
        // The house rules did happen (else the party matches checked nothing new).
        assert!(seen.len() >= 5, "house-rule events seen: {seen:?}");
    }

    #[test]
    fn frames_cover_every_event_and_rounds_start_at_deals() {
        let settings = MatchSettings {
            rules: Rules::default(),
            players: 4,
            rounds: 3,
        };
        let text = record(settings, 9);
        let r = load(&text).unwrap();
        assert!(!r.incomplete);
        assert_eq!(r.round_starts().len(), 3);
        assert_eq!(r.matches.len(), 1);
        let last = r.frame(r.len() - 1).unwrap();
        assert!(last.table.over);
        assert!(matches!(last.event, Event::MatchEnd { .. }));
        assert!(r.frame(r.len()).is_none());
        // 52 cards and 2 jokers are in the hands after each deal.
        for i in r.round_starts() {
            let n: usize = r
                .frame(i)
                .unwrap()
                .table
                .hands
                .iter()
                .map(|h| h.len())
                .sum();
            assert_eq!(n, 54);
        }
        // A frame built from its round's start is the table laid event by event from the
        // match's start.
        let mut table = Table::new(4, 3);
        for i in 0..r.len() {
            let f = r.frame(i).unwrap();
            table.apply(&f.event);
            if matches!(f.event, Event::Deal { .. }) {
                // The engine's titles for the round (checked against it in the test above).
                table.set_titles(&f.table.titles);
            }
            assert_eq!(f.table, table, "frame {i}");
        }
    }

    /// Under the house rules (7-pass, 10-discard, Q-bomber…) every card of the deck is, at
    /// every frame, in exactly one place: a hand, a play of this round, or the discards.
    #[test]
    fn under_the_house_rules_every_card_is_in_exactly_one_place() {
        for (seed, players) in [(31, 4), (32, 5), (33, 3)] {
            let settings = MatchSettings {
                rules: Rules::preset(Preset::Party),
                players,
                rounds: 3,
            };
            let deck = CardSet::deck(settings.rules.jokers);
            let r = load(&record(settings, seed)).unwrap();
            let mut played = CardSet::EMPTY;
            let mut thrown = 0;
            for i in 0..r.len() {
                let f = r.frame(i).unwrap();
                match f.event {
                    Event::Deal { .. } => played = CardSet::EMPTY,
                    Event::Play { play, .. } => played = played.union(play.cards()),
                    _ => {}
                }
                let places = f.table.hands.iter().chain([&played, &f.table.discarded]);
                let count: usize = places.clone().map(|c| c.len()).sum();
                let all = places.fold(CardSet::EMPTY, |a, c| a.union(*c));
                assert_eq!((count, all), (deck.len(), deck), "seed {seed} frame {i}");
                thrown = thrown.max(f.table.discarded.len());
            }
            assert!(thrown > 0, "seed {seed}: nothing was ever discarded");
        }
    }

    #[test]
    fn a_record_cut_short_replays_as_far_as_it_goes_and_damage_is_located() {
        let settings = MatchSettings {
            rules: Rules::default(),
            players: 4,
            rounds: 2,
        };
        let text = record(settings, 11);
        let lines: Vec<&str> = text.lines().collect();
        let cut = lines[..40].join("\n");
        let r = load(&cut).unwrap();
        assert!(r.incomplete);
        assert!((0..r.len()).all(|i| r.frame(i).unwrap().line <= 40));
        // A changed card in a play is caught at its line.
        let (i, play) = lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.contains("\"type\":\"play\""))
            .unwrap();
        let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        bad[i] = play.replace("\"cards\":[\"", "\"cards\":[\"JK\",\"");
        let e = load(&bad.join("\n")).unwrap_err();
        assert_eq!(e.line, i + 1, "{e}");
        // Not JSON in the middle.
        let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        bad[10] = "{oops".into();
        let e = load(&bad.join("\n")).unwrap_err();
        assert_eq!(e.line, 11);
    }
}

//! Blackjack replays: each table of the record (a header, its opening shuffle, then the events)
//! is re-run through the engine — every `bet` and `action` line is applied as the player's
//! action, and every line must be the event the engine produced — and each event becomes a
//! frame with the table as it stood just after it, the dealer's hole card face up.
//!
//! One action can produce many events (a stand reveals the hole card, the dealer draws, the
//! round settles), so the table of a frame is the previous frame's table with that one event
//! laid on it ([`Table::apply`]): cards go where the events send them; a split moves the second
//! card into a new hand right after the one split, as the engine does. Tests check the result
//! against the engine after every action.

use std::collections::VecDeque;

use serde_json::Value;

use crate::blackjack::hand::{HandValue, hand_value};
use crate::blackjack::money::Money;
use crate::blackjack::rules::Rules;
use crate::blackjack::table::{Action, Event, HandSettlement, Phase, Spot, Table as Engine};
use crate::cards::Card;

use super::{LoadError, Problem};

/// One player hand as it stood.
#[derive(Clone, Debug, PartialEq)]
pub struct Hand {
    /// The cards, in the order dealt.
    pub cards: Vec<Card>,
    /// The stake.
    pub bet: Money,
    /// Doubled.
    pub doubled: bool,
    /// Made by splitting.
    pub from_split: bool,
    /// Surrendered.
    pub surrendered: bool,
    /// Even money taken.
    pub even_money: bool,
    /// The settlement, once the round is settled.
    pub result: Option<HandSettlement>,
}

impl Hand {
    fn new(bet: Money) -> Hand {
        Hand {
            cards: Vec::new(),
            bet,
            doubled: false,
            from_split: false,
            surrendered: false,
            even_money: false,
            result: None,
        }
    }

    /// Total and softness of the cards.
    pub fn value(&self) -> HandValue {
        hand_value(&self.cards)
    }
}

/// The table as it stood after one event, the hole card face up.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Round number (0 before the first bet).
    pub round: u32,
    /// The player's hands, in play order.
    pub hands: Vec<Hand>,
    /// The dealer's cards that are face up.
    pub dealer: Vec<Card>,
    /// The face-down hole card (shown face up in a replay) until it is turned over.
    pub hole: Option<Card>,
    /// The dealer's final total once the round is settled.
    pub dealer_total: Option<HandValue>,
    /// The insurance bet, if placed.
    pub insurance: Option<Money>,
    /// Its net result once settled.
    pub insurance_result: Option<Money>,
    /// The round's net result once settled.
    pub net: Option<Money>,
    /// Chips after the last settlement (the starting bankroll before any).
    pub bankroll: Money,
    /// This round's events, oldest first.
    pub log: Vec<Event>,
}

impl Table {
    /// The table of a session starting with `bankroll` chips.
    pub fn new(bankroll: Money) -> Table {
        Table {
            round: 0,
            hands: Vec::new(),
            dealer: Vec::new(),
            hole: None,
            dealer_total: None,
            insurance: None,
            insurance_result: None,
            net: None,
            bankroll,
            log: Vec::new(),
        }
    }

    /// Lays one engine event on the table. `hole` is the dealer's face-down card, for a deal
    /// that has one (the viewer knows it from the engine).
    pub fn apply(&mut self, e: &Event, hole: Option<Card>) {
        match e {
            Event::Bet { round, amount } => {
                let bankroll = self.bankroll;
                *self = Table::new(bankroll);
                self.round = *round;
                self.hands = vec![Hand::new(*amount)];
            }
            Event::Deal {
                player,
                dealer_up,
                hole_card,
            } => {
                if let Some(h) = self.hands.first_mut() {
                    h.cards = player.to_vec();
                }
                self.dealer = vec![*dealer_up];
                self.hole = if *hole_card { hole } else { None };
            }
            Event::Action { hand, action } => match action {
                Action::Double => {
                    if let Some(h) = self.hands.get_mut(*hand) {
                        h.bet = h.bet + h.bet;
                        h.doubled = true;
                    }
                }
                Action::Split => {
                    if let Some(h) = self.hands.get_mut(*hand)
                        && let Some(second) = h.cards.pop()
                    {
                        h.from_split = true;
                        let mut new = Hand::new(h.bet);
                        new.cards.push(second);
                        new.from_split = true;
                        self.hands.insert(hand + 1, new);
                    }
                }
                Action::Surrender => {
                    if let Some(h) = self.hands.get_mut(*hand) {
                        h.surrendered = true;
                    }
                }
                Action::EvenMoney => {
                    if let Some(h) = self.hands.get_mut(*hand) {
                        h.even_money = true;
                    }
                }
                Action::Insure(m) => self.insurance = Some(*m),
                _ => {}
            },
            Event::Card { to, card } => match to {
                Spot::Hand(i) => {
                    if let Some(h) = self.hands.get_mut(*i) {
                        h.cards.push(*card);
                    }
                }
                Spot::Dealer(_) => self.dealer.push(*card),
            },
            Event::Reveal { card } => {
                self.dealer.push(*card);
                self.hole = None;
            }
            Event::Dealer {
                cards, total, soft, ..
            } => {
                self.dealer = cards.clone();
                self.hole = None;
                self.dealer_total = Some(HandValue {
                    total: *total,
                    soft: *soft,
                });
            }
            Event::Settle {
                hands,
                insurance,
                net,
            } => {
                for s in hands {
                    if let Some(h) = self.hands.get_mut(s.hand) {
                        h.result = Some(*s);
                    }
                }
                self.insurance_result = *insurance;
                self.net = Some(*net);
            }
            Event::Bankroll { amount } => self.bankroll = *amount,
            Event::Shuffle { .. } | Event::Peek { .. } => {}
        }
        self.log.push(e.clone());
    }

    /// Every dealer card on the table, the hole card included (face up).
    pub fn dealer_cards(&self) -> Vec<Card> {
        let mut v = self.dealer.clone();
        if let Some(h) = self.hole {
            v.insert(1.min(v.len()), h);
        }
        v
    }
}

/// One step of a replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The record line.
    pub line: usize,
    /// Which table of the file (0-based; "start again" begins a new one).
    pub session: usize,
    /// The event.
    pub event: Event,
    /// The table just after it.
    pub table: Table,
}

/// One table's header.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionInfo {
    /// The header's line.
    pub line: usize,
    /// Its seed.
    pub seed: u64,
    /// The table rules.
    pub rules: Rules,
}

/// An event as the replay keeps it.
#[derive(Clone, Debug, PartialEq)]
struct Step {
    line: usize,
    session: usize,
    event: Event,
    /// The dealer's face-down card, for a deal that has one.
    hole: Option<Card>,
}

/// A Blackjack record, replayed. It keeps every event and the table at the start of each
/// round (and of each table); a frame is that table with the events up to the frame laid on
/// it ([`BlackjackReplay::frame`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BlackjackReplay {
    /// Each table's header, in file order.
    pub sessions: Vec<SessionInfo>,
    steps: Vec<Step>,
    /// (step index, table just after that step) at every bet and every table's first event.
    checkpoints: Vec<(usize, Table)>,
    /// Lines in the file.
    pub lines: usize,
}

impl BlackjackReplay {
    /// How many frames (events) there are.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The frames that start a round (each bet).
    pub fn round_starts(&self) -> Vec<usize> {
        self.steps
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.event, Event::Bet { .. }))
            .map(|(i, _)| i)
            .collect()
    }

    /// Frame `i` (0-based): the event and the table just after it; `None` past the end.
    pub fn frame(&self, i: usize) -> Option<Frame> {
        let step = self.steps.get(i)?;
        let c = self.checkpoints.partition_point(|(k, _)| *k <= i);
        let (k, t) = &self.checkpoints[c.checked_sub(1)?];
        let mut table = t.clone();
        for s in &self.steps[k + 1..=i] {
            table.apply(&s.event, s.hole);
        }
        Some(Frame {
            line: step.line,
            session: step.session,
            event: step.event.clone(),
            table,
        })
    }
}

#[derive(serde::Deserialize)]
struct Header {
    seed: u64,
    rules: Rules,
}

/// The player's action a line states, if it is an action line: `bet`, `action`, or a
/// `shuffle` between rounds (the engine's "next round" step, which the record shows only by
/// the shuffle it causes).
fn action_of(v: &Value, engine: &Engine) -> Result<Option<Action>, String> {
    match v.get("type").and_then(Value::as_str) {
        Some("bet") => {
            let amount: Money = serde_json::from_value(v["amount"].clone())
                .map_err(|e| format!("\"amount\": {e}"))?;
            let chips =
                u64::try_from(amount.cents() / 100).map_err(|_| "a negative bet".to_string())?;
            Ok(Some(Action::Bet(chips)))
        }
        Some("action") => serde_json::from_value(v["action"].clone())
            .map(Some)
            .map_err(|e| format!("\"action\": {e}")),
        Some("shuffle") if engine.phase() == Phase::Settled => Ok(Some(Action::NextRound)),
        _ => Ok(None),
    }
}

/// Replays a Blackjack record into frames. A record may stop between any two actions (the
/// player left the table).
///
/// Errors: a line that is not JSON or lacks its fields, an action the engine refuses, a line
/// that differs from what the engine did, a header of another game, or a record that stops in
/// the middle of one action's events.
pub fn load(text: &str) -> Result<BlackjackReplay, LoadError> {
    let lines = text.lines().count();
    let mut sessions: Vec<SessionInfo> = Vec::new();
    let mut steps: Vec<Step> = Vec::new();
    let mut checkpoints: Vec<(usize, Table)> = Vec::new();
    let mut new_session = false;
    let mut engine: Option<Engine> = None;
    let mut expected: VecDeque<Event> = VecDeque::new();
    let mut hole: Option<Card> = None;
    let mut table = Table::new(Money::ZERO);
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let err = |problem| LoadError { line, problem };
        let v: Value = serde_json::from_str(raw).map_err(|e| {
            err(Problem::Malformed {
                detail: e.to_string(),
            })
        })?;
        if v.get("type").and_then(Value::as_str) == Some("header") {
            if !expected.is_empty() {
                return Err(err(Problem::Truncated));
            }
            match v.get("game").and_then(Value::as_str) {
                Some("blackjack") => {}
                Some(other) => {
                    return Err(err(Problem::UnknownGame {
                        game: other.to_string(),
                    }));
                }
                None => return Err(err(Problem::NotARecord)),
            }
            let h: Header = serde_json::from_value(v).map_err(|e| {
                err(Problem::Malformed {
                    detail: e.to_string(),
                })
            })?;
            let e = Engine::new(h.rules, h.seed);
            expected.push_back(Event::Shuffle {
                mid_round: false,
                cards: e.shoe().remaining(),
            });
            table = Table::new(Money::from_chips(h.rules.bankroll));
            sessions.push(SessionInfo {
                line,
                seed: h.seed,
                rules: h.rules,
            });
            engine = Some(e);
            new_session = true;
            continue;
        }
        let Some(eng) = engine.as_mut() else {
            return Err(err(Problem::NotARecord));
        };
        if expected.is_empty() {
            let action = action_of(&v, eng)
                .map_err(|detail| err(Problem::Malformed { detail }))?
                .ok_or_else(|| {
                    err(Problem::ActionDue {
                        found: ty(&v).to_string(),
                    })
                })?;
            let events = eng.apply(action).map_err(|e| err(Problem::Refused(e)))?;
            if matches!(action, Action::Bet(_)) {
                hole = eng.card_places().dealer.get(1).copied();
            }
            expected.extend(events);
        }
        let Some(want) = expected.pop_front() else {
            return Err(err(Problem::Truncated));
        };
        let want_v = serde_json::to_value(&want).unwrap_or(Value::Null);
        if want_v != v {
            return Err(err(Problem::Mismatch {
                expected: crate::blackjack::record::event(&want),
                found: raw.trim().to_string(),
            }));
        }
        let hole = matches!(want, Event::Deal { .. }).then_some(hole).flatten();
        table.apply(&want, hole);
        if new_session || matches!(want, Event::Bet { .. }) {
            checkpoints.push((steps.len(), table.clone()));
            new_session = false;
        }
        steps.push(Step {
            line,
            session: sessions.len().saturating_sub(1),
            event: want,
            hole,
        });
    }
    if !expected.is_empty() {
        return Err(LoadError {
            line: lines + 1,
            problem: Problem::Truncated,
        });
    }
    if sessions.is_empty() {
        return Err(LoadError {
            line: 1,
            problem: Problem::NotARecord,
        });
    }
    Ok(BlackjackReplay {
        sessions,
        steps,
        checkpoints,
        lines,
    })
}

fn ty(v: &Value) -> String {
    v.get("type")
        .and_then(Value::as_str)
        .unwrap_or("?")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blackjack::record;
    use crate::cards::rng_from_seed;
    use rand::RngExt;

    /// A session of `rounds` rounds with a seeded random player; the record's text.
    pub(crate) fn session(rules: Rules, seed: u64, rounds: usize) -> String {
        let mut t = Engine::new(rules, seed);
        let mut rng = rng_from_seed(seed ^ 0xabc);
        let mut lines = vec![record::header(seed, &rules), record::opening_shuffle(&t)];
        for _ in 0..rounds {
            if t.game_over() {
                break;
            }
            loop {
                let legal = t.legal_actions();
                let a = legal[rng.random_range(0..legal.len())];
                lines.extend(record::events(&t.apply(a).expect("legal")));
                if t.phase() == Phase::Settled {
                    break;
                }
            }
        }
        lines.join("\n")
    }

    /// After each action the laid-out table is the engine's: every hand's cards and stake, the
    /// dealer's cards (the hole card face up) and, once settled, the bankroll.
    #[test]
    fn the_table_agrees_with_the_engine_after_every_action() {
        let mut checked = 0;
        for (seed, rules) in [
            (
                3,
                Rules {
                    decks: 1,
                    penetration: 0.5,
                    ..Rules::default()
                },
            ),
            (
                4,
                Rules {
                    hole_card: crate::blackjack::rules::HoleCard::Enhc,
                    surrender: crate::blackjack::rules::Surrender::Early,
                    ..Rules::default()
                },
            ),
        ] {
            let text = session(rules, seed, 150);
            let r = load(&text).unwrap();
            // Re-run the actions and compare after each one.
            let mut eng = Engine::new(rules, seed);
            let actions = record::actions(&text).unwrap();
            let mut frame = 1; // after the opening shuffle
            for a in actions {
                let n = eng.apply(a).unwrap().len();
                frame += n;
                let t = &r.frame(frame - 1).unwrap().table;
                let view = eng.view();
                assert_eq!(t.hands.len(), view.hands.len(), "seed {seed}");
                for (h, v) in t.hands.iter().zip(&view.hands) {
                    assert_eq!(h.cards, v.cards);
                    assert_eq!(h.bet, v.bet);
                    assert_eq!(h.doubled, v.doubled);
                    assert_eq!(h.from_split, v.from_split);
                }
                assert_eq!(t.dealer_cards(), eng.card_places().dealer, "seed {seed}");
                if eng.phase() == Phase::Settled {
                    assert_eq!(t.bankroll, view.bankroll);
                    assert_eq!(t.net, view.round_net);
                }
                checked += 1;
            }
            assert_eq!(frame, r.len());
        }
        assert!(checked > 300, "{checked}");
    }

    #[test]
    fn damage_is_located_and_a_session_may_stop_between_actions() {
        let text = session(Rules::default(), 8, 30);
        let lines: Vec<&str> = text.lines().collect();
        // Cut after a bet's events: fine.
        let r = load(&lines[..2].join("\n")).unwrap();
        assert_eq!(r.len(), 1);
        // A changed card.
        let (i, l) = lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.contains("\"type\":\"card\""))
            .unwrap();
        let mut v: Value = serde_json::from_str(l).unwrap();
        v["card"] = if v["card"] == "2S" { "3S" } else { "2S" }.into();
        let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        bad[i] = v.to_string();
        let e = load(&bad.join("\n")).unwrap_err();
        assert_eq!(e.line, i + 1, "{e}");
        // A bet the table refuses.
        let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        let (j, _) = lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.contains("\"type\":\"bet\""))
            .unwrap();
        bad[j] = "{\"type\":\"bet\",\"round\":1,\"amount\":100000}".into();
        let e = load(&bad.join("\n")).unwrap_err();
        assert_eq!(e.line, j + 1);
        assert!(
            matches!(
                e.problem,
                Problem::Refused(crate::blackjack::RuleError::BetOutOfLimits { bet: 100_000, .. })
            ),
            "{e:?}"
        );
        // Cut inside a round's settlement: the last action's events are incomplete.
        let (k, _) = lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.contains("\"type\":\"settle\""))
            .unwrap();
        let e = load(&lines[..k].join("\n")).unwrap_err();
        assert_eq!(e.problem, Problem::Truncated);
    }
}

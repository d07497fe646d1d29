//! The Blackjack screen: one player against the dealer on the checked engine
//! ([`crate::blackjack::table::Table`]).
//!
//! * **Betting** (also right after a settled round, whose cards and results stay on the table):
//!   ↑/↓ change the bet in table-sized steps ([`bet_step`]), Home/End jump to the limits, the
//!   digit keys type a bet (Backspace erases), Enter deals. The last bet is remembered.
//! * **Playing**: the action bar lists only the legal actions; ←/→ and Enter choose one, or the
//!   letters `h s d p r` (hit, stand, double, split, surrender), `i` insurance or even money, `n`
//!   declines an offer. An action the engine refuses shows its reason and changes nothing.
//! * **Dealer**: the engine plays the dealer inside one `apply`; the screen reveals the dealer's
//!   cards one by one, `general.cpu_delay_ms` apart, and holds back the results and the new
//!   bankroll until the last card (the private `Pacing`). Any key skips to the end.
//! * **Advisor**: `t` shows the basic-strategy action for the configured rules (always on with
//!   `advisor = "hint"`); `e` the exact EV of each legal action (always on with `advisor =
//!   "ev"`), computed on a worker thread (the private `advisor` module).
//! * **Coach** (`coach = true`, key `c`): each decision is judged against the exact EVs of the
//!   actual shoe; one that is not the best is reported at once with what it cost ("Hit cost
//!   4.2% — Stand was best"), and the session's tally shows between rounds ([`coach`]).
//! * **Basic strategy chart**: `b` opens the chart for the configured rules
//!   ([`crate::tui::screens::blackjack_chart`]).
//! * **Game over** when the bankroll cannot cover the minimum bet: Enter starts a new table.
//!
//! `--seed N` fixes the shuffle, `--record FILE` writes the engine's record ([`session`]);
//! statistics are updated after every settled round.

pub(crate) mod advisor;
pub mod coach;
pub(crate) mod render;
pub mod session;
pub mod words;

use std::time::{Duration, Instant};

use crate::blackjack::hand::hand_value;
use crate::blackjack::money::Money;
use crate::blackjack::rules::{Advisor, Rules};
use crate::blackjack::table::{Action as Move, Event, Phase, Table, View};
use crate::stats::StatsStore;
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, Binding, CONFIRM_KEYS, Key, common};
use crate::tui::screen::{Screen, Transition};
use ratatui::Frame;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

use advisor::{EvAdvisor, StrategySlot};
use session::Recorder;

const HIT: Action = Action::Custom("bj.hit");
const STAND: Action = Action::Custom("bj.stand");
const DOUBLE: Action = Action::Custom("bj.double");
const SPLIT: Action = Action::Custom("bj.split");
const SURRENDER: Action = Action::Custom("bj.surrender");
const INSURE: Action = Action::Custom("bj.insure");
const DECLINE: Action = Action::Custom("bj.decline");
const HINT: Action = Action::Custom("bj.hint");
const EV: Action = Action::Custom("bj.ev");
const RESTART: Action = Action::Custom("bj.restart");
const SETTINGS: Action = Action::Custom("bj.settings");
const SETTINGS_B: Binding = Binding::new(&[Key::char('o')], SETTINGS, "settings.keys.open");
const COACH: Action = Action::Custom("bj.coach");
const CHART: Action = Action::Custom("bj.chart");
const ERASE: Action = Action::Custom("bj.erase");
/// The digit keys of the bet, `DIGITS[d]` for digit `d`.
const DIGITS: [Action; 10] = [
    Action::Custom("bj.digit.0"),
    Action::Custom("bj.digit.1"),
    Action::Custom("bj.digit.2"),
    Action::Custom("bj.digit.3"),
    Action::Custom("bj.digit.4"),
    Action::Custom("bj.digit.5"),
    Action::Custom("bj.digit.6"),
    Action::Custom("bj.digit.7"),
    Action::Custom("bj.digit.8"),
    Action::Custom("bj.digit.9"),
];
/// Digits of a typed bet at most (a bet beyond the limits is refused with the limits anyway).
const TYPED_DIGITS: usize = 9;

const COACH_BINDING: Binding = Binding::new(&[Key::char('c')], COACH, "blackjack.keys.coach");
const CHART_BINDING: Binding = Binding::new(&[Key::char('b')], CHART, "blackjack.keys.chart");

const HINT_BINDING: Binding =
    Binding::new(&[Key::char('t')], HINT, "blackjack.keys.hint").in_footer();
const EV_BINDING: Binding = Binding::new(&[Key::char('e')], EV, "blackjack.keys.ev").in_footer();
// Own arrows: the common LEFT/RIGHT also bind the vi keys h and l, and h is "hit" here.
const LEFT: Binding = Binding::new(
    &[Key::plain(KeyCode::Left)],
    Action::Left,
    "blackjack.keys.select",
);
const RIGHT: Binding = Binding::new(
    &[Key::plain(KeyCode::Right)],
    Action::Right,
    "blackjack.keys.select",
);

const PLAYING: &[Binding] = &[
    Binding::new(&[Key::char('h')], HIT, "blackjack.keys.hit"),
    Binding::new(&[Key::char('s')], STAND, "blackjack.keys.stand"),
    Binding::new(&[Key::char('d')], DOUBLE, "blackjack.keys.double"),
    Binding::new(&[Key::char('p')], SPLIT, "blackjack.keys.split"),
    Binding::new(&[Key::char('r')], SURRENDER, "blackjack.keys.surrender"),
    Binding::new(&[Key::char('i')], INSURE, "blackjack.keys.insurance"),
    Binding::new(&[Key::char('n')], DECLINE, "blackjack.keys.decline"),
    LEFT,
    RIGHT,
    Binding::new(CONFIRM_KEYS, Action::Confirm, "blackjack.keys.confirm").in_footer(),
    HINT_BINDING,
    EV_BINDING,
    COACH_BINDING,
    CHART_BINDING,
    common::BACK,
];

// ↑/↓ stay out of the footer: the bet panel and the next-bet prompt say what they do, and the
// footer must keep room for Help and Quit at 80 columns in both languages.
const BETTING: &[Binding] = &[
    Binding::new(
        &[Key::plain(KeyCode::Up)],
        Action::Up,
        "blackjack.keys.bet_up",
    )
    .repeating(),
    Binding::new(
        &[Key::plain(KeyCode::Down)],
        Action::Down,
        "blackjack.keys.bet_down",
    )
    .repeating(),
    Binding::new(
        &[Key::plain(KeyCode::Home)],
        Action::Home,
        "blackjack.keys.bet_min",
    ),
    Binding::new(
        &[Key::plain(KeyCode::End)],
        Action::End,
        "blackjack.keys.bet_max",
    ),
    Binding::new(CONFIRM_KEYS, Action::Confirm, "blackjack.keys.deal").in_footer(),
    Binding::new(&[Key::char('0')], DIGITS[0], "blackjack.keys.type_bet"),
    Binding::new(&[Key::char('1')], DIGITS[1], "blackjack.keys.type_bet"),
    Binding::new(&[Key::char('2')], DIGITS[2], "blackjack.keys.type_bet"),
    Binding::new(&[Key::char('3')], DIGITS[3], "blackjack.keys.type_bet"),
    Binding::new(&[Key::char('4')], DIGITS[4], "blackjack.keys.type_bet"),
    Binding::new(&[Key::char('5')], DIGITS[5], "blackjack.keys.type_bet"),
    Binding::new(&[Key::char('6')], DIGITS[6], "blackjack.keys.type_bet"),
    Binding::new(&[Key::char('7')], DIGITS[7], "blackjack.keys.type_bet"),
    Binding::new(&[Key::char('8')], DIGITS[8], "blackjack.keys.type_bet"),
    Binding::new(&[Key::char('9')], DIGITS[9], "blackjack.keys.type_bet"),
    Binding::new(
        &[Key::plain(KeyCode::Backspace)],
        ERASE,
        "blackjack.keys.erase",
    ),
    HINT_BINDING,
    EV_BINDING,
    SETTINGS_B,
    COACH_BINDING,
    CHART_BINDING,
    common::BACK,
];

const GAME_OVER: &[Binding] = &[
    Binding::new(CONFIRM_KEYS, RESTART, "blackjack.keys.restart").in_footer(),
    SETTINGS_B,
    CHART_BINDING,
    common::BACK,
];

/// While the dealer's cards are revealed one by one: every other key is unbound, so it skips.
const PACING: &[Binding] = &[common::BACK];

/// The bet step for a bet of `bet` chips at a table whose minimum is `min_bet`: the minimum
/// below 10 minimums, 5 minimums below 50, then 25 minimums — so ↑ walks 10, 20 … 100, 150 …
/// 500, 750 … at a 10-chip table.
pub fn bet_step(min_bet: u64, bet: u64) -> u64 {
    let min = min_bet.max(1);
    let m = if bet < 10 * min {
        1
    } else if bet < 50 * min {
        5
    } else {
        25
    };
    min.saturating_mul(m)
}

/// The dealer's cards being revealed one at a time after an action that ended the player's
/// turn. The table already holds the final state; the screen shows part of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pacing {
    /// Dealer cards shown so far.
    shown: usize,
    /// A face-down hole card lies on the table until the second card is shown.
    hole: bool,
    /// The bankroll before the settlement (stakes on the table, nothing paid yet).
    bankroll: Money,
    /// When the next card is shown.
    due: Instant,
}

/// What the action bar offers: an engine move, or dealing / starting again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BarItem {
    /// An engine action (legal now).
    Move(Move),
    /// Start a new table after game over.
    Restart,
}

/// The Blackjack screen.
pub struct BlackjackScreen {
    table: Table,
    rules: Rules,
    seed: u64,
    restarts: u64,
    fixed_seed: bool,
    strategy: StrategySlot,
    /// When to look for the derived strategy table again (while the hint waits for it).
    strategy_due: Option<Instant>,
    /// The bet being chosen, chips (clamped to the limits and the bankroll when used).
    bet: u64,
    /// The highlighted action bar item.
    cursor: usize,
    hint_on: bool,
    ev_on: bool,
    pacing: Option<Pacing>,
    delay: Duration,
    notice: Option<String>,
    recorder: Option<Recorder>,
    stats: Option<StatsStore>,
    advisor: EvAdvisor,
    /// The coach judges decisions (`coach`, key `c`).
    coach_on: bool,
    /// The last decision the coach judged a mistake, shown until the next action.
    verdict: Option<coach::Verdict>,
    /// The coach's tally since the screen opened, and for the round in play (saved with it).
    session_tally: coach::Tally,
    round_tally: coach::Tally,
    /// Digits of a bet being typed (empty: none).
    typed: String,
    /// Where the last draw put the action bar: its row and each item's columns (start,
    /// width), for clicks.
    bar_hits: std::cell::RefCell<(u16, Vec<(u16, u16)>)>,
}

impl BlackjackScreen {
    /// A new table with the configured rules, shuffled from `ctx.game_seed()`; opens the
    /// `--record` file and finds the statistics file. Failures there become a notice.
    pub fn new(ctx: &Ctx) -> BlackjackScreen {
        let seed = ctx.game_seed();
        BlackjackScreen::with_table(ctx, Table::new(ctx.config.blackjack, seed), seed)
    }

    /// The screen on a given table (a stacked shoe for tests and demonstrations), whose shoe
    /// was shuffled from `seed` (written in the record's header). The table's rules are used.
    pub fn with_table(ctx: &Ctx, table: Table, seed: u64) -> BlackjackScreen {
        let rules = *table.rules();
        let mut notice = None;
        let recorder = ctx.record.as_deref().and_then(|path| {
            Recorder::create(path, seed, &table)
                .map_err(|e| {
                    notice =
                        Some(ctx.tf("blackjack.ui.record_error", &[("error", &e.to_string())]));
                })
                .ok()
        });
        let bet = table.view().legal.iter().find_map(|a| match a {
            Move::Bet(b) => Some(*b),
            _ => None,
        });
        let mut s = BlackjackScreen {
            strategy: StrategySlot::derive(rules),
            strategy_due: None,
            bet: bet.unwrap_or(rules.min_bet),
            table,
            rules,
            seed,
            restarts: 0,
            fixed_seed: ctx.seed.is_some(),
            cursor: 0,
            hint_on: rules.advisor == Advisor::Hint,
            ev_on: rules.advisor == Advisor::Ev,
            pacing: None,
            delay: Duration::from_millis(u64::from(ctx.config.general.cpu_delay_ms)),
            notice,
            recorder,
            stats: StatsStore::locate(&ctx.config.general.stats_file),
            advisor: EvAdvisor::new(),
            coach_on: rules.coach,
            verdict: None,
            session_tally: coach::Tally::default(),
            round_tally: coach::Tally::default(),
            typed: String::new(),
            bar_hits: std::cell::RefCell::new((0, Vec::new())),
        };
        s.poll_strategy(Instant::now());
        s
    }

    /// The engine's view as the screen shows it now: during the dealer's paced play, only the
    /// dealer cards revealed so far, no results and the bankroll before the settlement.
    pub fn shown_view(&self) -> View {
        let mut v = self.table.view();
        if let Some(p) = self.pacing {
            v.dealer.cards.truncate(p.shown);
            v.dealer.hole_hidden = p.hole && p.shown < 2;
            v.dealer.value = (!v.dealer.cards.is_empty()).then(|| hand_value(&v.dealer.cards));
            v.dealer.natural = false;
            for h in &mut v.hands {
                h.result = None;
            }
            v.round_net = None;
            v.insurance_result = None;
            v.bankroll = p.bankroll;
            v.legal.clear();
        }
        v
    }

    /// The bet typed with the digit keys, if any (not clamped: the table refuses a bet outside
    /// its limits and says why).
    fn typed_bet(&self) -> Option<u64> {
        self.typed.parse().ok()
    }

    /// The bet the action bar offers: the typed one, else the chosen one within the limits.
    fn offered_bet(&self) -> u64 {
        self.typed_bet().unwrap_or_else(|| self.effective_bet())
    }

    /// The bet that Enter would place now: the chosen bet within the limits and the bankroll.
    fn effective_bet(&self) -> u64 {
        let afford = u64::try_from(self.table.bankroll().cents() / 100).unwrap_or(0);
        let hi = self.rules.max_bet.min(afford).max(self.rules.min_bet);
        self.bet.clamp(self.rules.min_bet, hi)
    }

    /// Whether the screen is in the betting step (a fresh table or a settled round).
    fn betting(&self) -> bool {
        self.pacing.is_none()
            && matches!(self.table.phase(), Phase::Betting | Phase::Settled)
            && !self.table.game_over()
    }

    fn game_over(&self) -> bool {
        self.pacing.is_none() && self.table.game_over()
    }

    /// The action bar's items now.
    pub(crate) fn bar(&self) -> Vec<BarItem> {
        if self.pacing.is_some() {
            return Vec::new();
        }
        if self.table.game_over() {
            return vec![BarItem::Restart];
        }
        let legal = self.table.legal_actions();
        if self.betting() {
            return vec![BarItem::Move(Move::Bet(self.offered_bet()))];
        }
        legal.into_iter().map(BarItem::Move).collect()
    }

    /// Applies `m` to the table: records the events, notes shuffles, saves the statistics of a
    /// settled round, starts the dealer's pacing, and asks the advisor again.
    fn act(&mut self, m: Move, ctx: &Ctx, now: Instant) {
        let before = self.table.view();
        let judged = self.judge(m, &before, ctx);
        let events = match self.table.apply(m) {
            Ok(ev) => ev,
            Err(e) => {
                self.notice = Some(words::rule_error(&e, ctx.lang));
                return;
            }
        };
        if let Move::Bet(b) = m {
            // A new round: the typed bet becomes the bet, the coach's round tally restarts.
            self.bet = b;
            self.typed.clear();
            self.round_tally = coach::Tally::default();
        }
        self.verdict = None;
        if let Some((v, stake)) = judged {
            self.session_tally.add(&v, stake);
            self.round_tally.add(&v, stake);
            self.verdict = v.mistake().then_some(v);
        }
        self.notice = None;
        self.cursor = 0;
        if let Some(r) = self.recorder.as_mut()
            && let Err(e) = r.events(&events)
        {
            self.notice = Some(ctx.tf("blackjack.ui.record_error", &[("error", &e.to_string())]));
            self.recorder = None;
        }
        for e in &events {
            if let Event::Peek { natural: false } = e {
                self.notice = Some(ctx.t("blackjack.ui.peek_none").to_string());
            }
            if let Event::Shuffle { mid_round, .. } = e {
                let key = if *mid_round {
                    "blackjack.ui.shuffled_mid"
                } else {
                    "blackjack.ui.shuffled"
                };
                self.notice = Some(ctx.t(key).to_string());
            }
        }
        let after = self.table.view();
        if events.iter().any(|e| matches!(e, Event::Settle { .. })) {
            let natural = after.hands.first().is_some_and(|h| h.natural);
            let tally = std::mem::take(&mut self.round_tally);
            if let Some(store) = &self.stats
                && let Some(n) = session::save_round(store, &events, natural, tally, ctx.lang)
            {
                self.notice = Some(n);
            }
        }
        self.start_pacing(&before, &after, &events, now);
        self.refresh_advisor(ctx);
    }

    /// The coach's verdict on taking `m` at the decision in front of the player (with the
    /// hand's bet, which the EVs are per), when the coach is on and the decision can be judged.
    /// Uses the advisor's values when they are ready, else computes them now.
    fn judge(&self, m: Move, before: &View, ctx: &Ctx) -> Option<(coach::Verdict, Money)> {
        if !self.coach_on || matches!(m, Move::Bet(_) | Move::NextRound) {
            return None;
        }
        let stake = before
            .active
            .and_then(|i| before.hands.get(i))
            .or(before.hands.first())
            .map(|h| h.bet)?;
        let line = match self.advisor.state() {
            advisor::EvState::Ready(line) => line.clone(),
            _ => advisor::compute(&advisor::Question::of(&self.table, ctx.lang, ctx.symbols)?)
                .ok()?,
        };
        Some((coach::judge(&line, m)?, stake))
    }

    fn start_pacing(&mut self, before: &View, after: &View, events: &[Event], now: Instant) {
        let dealt = events.iter().any(|e| matches!(e, Event::Deal { .. }));
        let hole = before.dealer.hole_hidden
            || events.iter().any(|e| {
                matches!(
                    e,
                    Event::Deal {
                        hole_card: true,
                        ..
                    }
                )
            });
        // After a fresh deal the up card is seen with the deal; otherwise what was seen before.
        let start = if dealt { 1 } else { before.dealer.cards.len() };
        let target = after.dealer.cards.len();
        if self.delay.is_zero() || target <= start || after.phase != Phase::Settled {
            self.pacing = None;
            return;
        }
        let stakes: Money = after.hands.iter().map(|h| h.bet).sum::<Money>()
            + after.insurance.unwrap_or(Money::ZERO);
        let paid = stakes + after.round_net.unwrap_or(Money::ZERO);
        self.pacing = Some(Pacing {
            shown: start,
            hole,
            bankroll: after.bankroll - paid,
            due: now + self.delay,
        });
    }

    fn restart(&mut self, ctx: &Ctx) {
        self.restarts += 1;
        self.seed = if self.fixed_seed {
            self.seed.wrapping_add(1)
        } else {
            ctx.game_seed()
        };
        self.table = Table::new(self.rules, self.seed);
        self.bet = self.rules.min_bet;
        self.cursor = 0;
        self.pacing = None;
        self.notice = None;
        if let Some(r) = self.recorder.as_mut()
            && let Err(e) = r.start_table(self.seed, &self.table)
        {
            self.notice = Some(ctx.tf("blackjack.ui.record_error", &[("error", &e.to_string())]));
            self.recorder = None;
        }
        self.refresh_advisor(ctx);
    }

    fn refresh_advisor(&mut self, ctx: &Ctx) {
        // The coach judges with the same values, so it keeps them coming too.
        if (self.ev_on || self.coach_on) && self.pacing.is_none() {
            self.advisor.request(&self.table, ctx.lang, ctx.symbols);
        } else {
            self.advisor.clear();
        }
    }

    /// Takes the derived strategy table when ready; while the hint is shown and waits for it,
    /// looks again after [`advisor::POLL`].
    fn poll_strategy(&mut self, now: Instant) {
        self.strategy.poll();
        self.strategy_due = (self.hint_on && self.strategy.pending()).then(|| now + advisor::POLL);
    }

    fn change_bet(&mut self, up: bool) {
        if let Some(t) = self.typed_bet() {
            self.bet = t;
        }
        self.typed.clear();
        let cur = self.effective_bet();
        self.bet = if up {
            cur.saturating_add(bet_step(self.rules.min_bet, cur))
        } else {
            // Step down by the step of the level below, so ↓ retraces ↑ exactly.
            let below = cur.saturating_sub(1);
            cur.saturating_sub(bet_step(self.rules.min_bet, below))
        };
        self.bet = self.effective_bet();
    }

    fn bar_move(&self, want: impl Fn(&Move) -> bool) -> Option<Move> {
        self.table.legal_actions().into_iter().find(|m| want(m))
    }
}

impl Screen for BlackjackScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("blackjack.ui.title").to_string()
    }

    fn status(&self, ctx: &Ctx) -> String {
        let v = self.shown_view();
        if v.round == 0 {
            // Before the first deal there is no round to number.
            return ctx.tf(
                "blackjack.ui.status_chips",
                &[("bankroll", &v.bankroll.to_string())],
            );
        }
        ctx.tf(
            "blackjack.ui.status",
            &[
                ("round", &v.round.to_string()),
                ("bankroll", &v.bankroll.to_string()),
            ],
        )
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        render::render(self, frame, area, ctx);
    }

    fn keymap(&self) -> &[Binding] {
        if self.pacing.is_some() {
            PACING
        } else if self.table.game_over() {
            GAME_OVER
        } else if self.betting() {
            BETTING
        } else {
            PLAYING
        }
    }

    fn handle(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        let now = Instant::now();
        self.poll_strategy(now);
        let ctx = &*ctx;
        let letter = |m: Move| Some(m);
        let chosen: Option<Move> = match action {
            Action::Back => return Transition::Pop,
            SETTINGS => {
                return Transition::Push(Box::new(super::settings::SettingsScreen::new(ctx, true)));
            }
            HINT => {
                self.hint_on = !self.hint_on;
                self.poll_strategy(now);
                None
            }
            EV => {
                self.ev_on = !self.ev_on;
                self.refresh_advisor(ctx);
                None
            }
            RESTART => {
                self.restart(ctx);
                None
            }
            COACH => {
                self.coach_on = !self.coach_on;
                self.verdict = None;
                let key = if self.coach_on {
                    "blackjack.ui.coach_on"
                } else {
                    "blackjack.ui.coach_off"
                };
                self.notice = Some(ctx.t(key).to_string());
                self.refresh_advisor(ctx);
                None
            }
            CHART => {
                let chart = crate::tui::screens::blackjack_chart::ChartScreen::new(
                    self.rules,
                    self.strategy.get().cloned(),
                );
                return Transition::Push(Box::new(chart));
            }
            ERASE if self.betting() => {
                self.typed.pop();
                None
            }
            a if self.betting() && DIGITS.contains(&a) => {
                let d = DIGITS.iter().position(|&x| x == a).unwrap_or(0);
                if self.typed.len() < TYPED_DIGITS && !(self.typed.is_empty() && d == 0) {
                    self.typed.push(char::from(b'0' + d as u8));
                }
                None
            }
            Action::Up if self.betting() => {
                self.change_bet(true);
                None
            }
            Action::Down if self.betting() => {
                self.change_bet(false);
                None
            }
            Action::Home if self.betting() => {
                self.typed.clear();
                self.bet = self.rules.min_bet;
                None
            }
            Action::End if self.betting() => {
                self.typed.clear();
                self.bet = self.rules.max_bet;
                self.bet = self.effective_bet();
                None
            }
            Action::Left => {
                self.cursor = self.cursor.saturating_sub(1);
                None
            }
            Action::Right => {
                let n = self.bar().len();
                self.cursor = (self.cursor + 1).min(n.saturating_sub(1));
                None
            }
            Action::Confirm => match self.bar().get(self.cursor).copied() {
                Some(BarItem::Move(m)) => Some(m),
                Some(BarItem::Restart) => {
                    self.restart(ctx);
                    None
                }
                None => None,
            },
            HIT => letter(Move::Hit),
            STAND => letter(Move::Stand),
            DOUBLE => letter(Move::Double),
            SPLIT => letter(Move::Split),
            SURRENDER => letter(Move::Surrender),
            DECLINE => letter(Move::Decline),
            INSURE => self
                .bar_move(|m| matches!(m, Move::Insure(_) | Move::EvenMoney))
                // Not offered now: let the engine say why (full insurance of the bet).
                .or(Some(Move::Insure(self.table.insurance_max()))),
            _ => None,
        };
        if let Some(m) = chosen {
            self.act(m, ctx, now);
        }
        Transition::Stay
    }

    fn mouse(&mut self, ev: &ratatui::crossterm::event::MouseEvent, ctx: &mut Ctx) -> Transition {
        use ratatui::crossterm::event::{MouseButton, MouseEventKind as K};
        if ev.kind != K::Down(MouseButton::Left) {
            return Transition::Stay;
        }
        // A click on an action bar item does what Enter does with that item highlighted,
        // whenever Enter would.
        let (row, slots) = self.bar_hits.borrow().clone();
        let hit = slots
            .iter()
            .position(|(x, w)| ev.row == row && (*x..x.saturating_add(*w)).contains(&ev.column));
        let confirm = self.keymap().iter().any(|b| b.action == Action::Confirm);
        match hit {
            Some(i) if confirm => {
                self.cursor = i;
                self.handle(Action::Confirm, ctx)
            }
            _ => Transition::Stay,
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        let pace = self.pacing.map(|p| p.due);
        let poll = match (self.advisor.poll_due(), self.strategy_due) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        match (pace, poll) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn on_deadline(&mut self, now: Instant, ctx: &mut Ctx) -> Transition {
        // Called before any deadline is due only when a key skipped ahead.
        let skip = self.next_deadline().is_some_and(|d| now < d);
        if self.advisor.poll_due().is_some() {
            self.advisor.poll(now);
        }
        self.poll_strategy(now);
        if let Some(mut p) = self.pacing {
            let target = self.table.view().dealer.cards.len();
            if skip {
                // Any key shows the rest of the dealer's play at once.
                p.shown = target;
            } else if now >= p.due {
                p.shown += 1;
            } else {
                // The advisor's poll came first; the next card is not due yet.
                return Transition::Stay;
            }
            if p.shown >= target {
                self.pacing = None;
                self.refresh_advisor(ctx);
            } else {
                p.due = now + self.delay;
                self.pacing = Some(p);
            }
        }
        Transition::Stay
    }

    fn in_progress(&self) -> bool {
        self.pacing.is_some()
            || matches!(
                self.table.phase(),
                Phase::Insurance | Phase::EarlySurrender | Phase::Player
            )
    }
}

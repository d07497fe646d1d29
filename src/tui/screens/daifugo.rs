//! The Daifugo screen: the human (seat 0) against `cpus` CPU players under the configured
//! rules, played from the highlighted list of legal plays (issue 3 item 2).
//!
//! * [`candidates`] — the candidate list (legal plays, narrowed by marked cards, Pass last).
//! * [`draw`] — the table view, the exchange panel and the results boxes.
//! * [`words`] — seat names, places and log lines from the string tables.
//! * [`worker`] — CPU decisions on a worker thread, so a thinking CPU never freezes the screen.
//! * [`advisor`] — the advisor column (`a`): the `hard` CPU's estimate beside each play, worked
//!   out on a worker thread from the human's view only.
//! * [`history`] — the log of the whole match, scrolled with PageUp/PageDown, with round ends
//!   that explain themselves (miyako-ochi, forbidden finishes, the exchange's cards).
//! * [`tracker`] — the card tracker (`u`): the strong cards played and the unseen count of
//!   every rank, from the human's view, in place of the log.
//!
//! Flow: the engine ([`Game`]) is the referee; the screen keeps only UI state (hand cursor,
//! marks, the highlighted candidate, notices, the CPU timer). CPU turns are applied one at a
//! time, `general.cpu_delay_ms` apart, through the shell's deadline; a CPU starts thinking as
//! soon as its turn comes, so its thinking overlaps the delay. Any unbound key skips ahead.
//! At the end of a round the results show until Enter; at the end of the match the match
//! result offers another match or the menu. `--record FILE` writes the game record and
//! `--seed N` fixes the deal; statistics are updated at each round's and the match's end.
//!
//! A *linked* screen ([`link`], [`DaifugoScreen::linked`]) shows a table that runs elsewhere (a
//! UECda server with the person in one seat): no CPUs run here; the table's changes are shown
//! one at a time, the person's actions are checked against the shown game and sent to the
//! table, and the seats carry the table's names.

pub mod advisor;
pub mod candidates;
pub mod draw;
pub mod history;
pub mod link;
pub mod tracker;
pub mod words;
pub mod worker;

use std::fs::File;
use std::io::LineWriter;
use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::KeyCode;
use ratatui::crossterm::event::MouseEvent;
use ratatui::layout::{Position, Rect};

use crate::cards::{GameRng, Rank, rng_from_seed};
use crate::daifugo::cardset::{RANKS, RankSet, strength};
use crate::daifugo::cpu::cpu_for_level;
use crate::daifugo::record::{RecordWriter, SeatInfo};
use crate::daifugo::rules::{CpuLevel, Rules};
use crate::daifugo::view::{Decision, RoundResult};
use crate::daifugo::{
    Action as GameAction, CardSet, Event, EventSink, FinishKind, Form, Game, MatchResult,
    MatchSettings, Phase, Play, RuleError, Snapshot, TrickState,
};
use crate::stats::StatsStore;
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, BACK_KEYS, Binding, CONFIRM_KEYS, Key, common};
use crate::tui::screen::{Screen, Transition};
use crate::tui::widgets::cards::hand_hit;

use advisor::Advisor;
use candidates::{Candidate, Candidates, PlayTags};
use history::History;
use link::{LinkUpdate, TableLink};
use worker::{Cpu, Thinking};

/// How often a thinking CPU is asked whether it has decided.
const POLL: Duration = Duration::from_millis(25);

const PLAY: Action = Action::Custom("play");
const PASS: Action = Action::Custom("pass");
const MARK: Action = Action::Custom("mark");
const CLEAR: Action = Action::Custom("clear_marks");
const SKIP: Action = Action::Custom("skip");
const NEXT: Action = Action::Custom("next");
const AGAIN: Action = Action::Custom("again");
const MENU: Action = Action::Custom("menu");
const LEAVE: Action = Action::Custom("leave");
const ADVISOR: Action = Action::Custom("advisor");
const TRACKER: Action = Action::Custom("tracker");
const LOG_OLDER: Action = Action::Custom("log_older");
const LOG_NEWER: Action = Action::Custom("log_newer");

/// The rank keys: digits, `t`/`T`, `1` or `A` for the ace, and J Q K with Shift (lower-case
/// `j`/`k` move the highlight, `q` quits and `a` toggles the advisor).
const RANK_KEYS: &[(char, Rank)] = &[
    ('2', Rank::Two),
    ('3', Rank::Three),
    ('4', Rank::Four),
    ('5', Rank::Five),
    ('6', Rank::Six),
    ('7', Rank::Seven),
    ('8', Rank::Eight),
    ('9', Rank::Nine),
    ('t', Rank::Ten),
    ('T', Rank::Ten),
    ('J', Rank::Jack),
    ('Q', Rank::Queen),
    ('K', Rank::King),
    ('1', Rank::Ace),
    ('A', Rank::Ace),
];

macro_rules! rank_binding {
    ($c:literal) => {
        Binding::new(
            &[Key::char($c)],
            Action::Custom(concat!("rank_", $c)),
            "daifugo.keys.rank",
        )
    };
}

const MOVE_KEYS: [Binding; 6] = [
    common::UP,
    common::DOWN,
    common::PAGE_UP,
    common::PAGE_DOWN,
    Binding::new(
        &[Key::plain(KeyCode::Home)],
        Action::Home,
        "common.action.home",
    ),
    Binding::new(
        &[Key::plain(KeyCode::End)],
        Action::End,
        "common.action.end",
    ),
];

const HAND_LEFT: Binding = Binding::new(
    crate::tui::keymap::LEFT_KEYS,
    Action::Left,
    "daifugo.keys.hand_left",
)
.repeating();
const HAND_RIGHT: Binding = Binding::new(
    crate::tui::keymap::RIGHT_KEYS,
    Action::Right,
    "daifugo.keys.hand_right",
)
.repeating();
const MARK_B: Binding = Binding::new(&[Key::char('x')], MARK, "daifugo.keys.mark").in_footer();
const CLEAR_B: Binding = Binding::new(
    &[Key::char('c'), Key::plain(KeyCode::Backspace)],
    CLEAR,
    "daifugo.keys.clear_marks",
);
const LEAVE_B: Binding = Binding::new(BACK_KEYS, LEAVE, "daifugo.keys.leave");
const SETTINGS: Action = Action::Custom("settings");
const SETTINGS_B: Binding = Binding::new(&[Key::char('o')], SETTINGS, "settings.keys.open");
const ADVISOR_B: Binding = Binding::new(&[Key::char('a')], ADVISOR, "daifugo.keys.advisor");
const TRACKER_B: Binding = Binding::new(&[Key::char('u')], TRACKER, "daifugo.keys.tracker");
const LOG_OLDER_B: Binding = Binding::new(
    &[Key::plain(KeyCode::PageUp)],
    LOG_OLDER,
    "daifugo.keys.log_older",
)
.repeating();
const LOG_NEWER_B: Binding = Binding::new(
    &[Key::plain(KeyCode::PageDown)],
    LOG_NEWER,
    "daifugo.keys.log_newer",
)
.repeating();

const PASS_B: Binding = Binding::new(&[Key::char('p')], PASS, "daifugo.keys.pass");

/// The human's turn to play, with `$pass` the pass binding (on the key bar or not).
macro_rules! play_keys {
    ($pass:expr) => {
        &[
            Binding::new(CONFIRM_KEYS, PLAY, "daifugo.keys.play").in_footer(),
            $pass,
            MOVE_KEYS[0],
            MOVE_KEYS[1],
            LOG_OLDER_B,
            LOG_NEWER_B,
            MOVE_KEYS[4],
            MOVE_KEYS[5],
            HAND_LEFT,
            HAND_RIGHT,
            MARK_B,
            CLEAR_B,
            rank_binding!('3'),
            rank_binding!('4'),
            rank_binding!('5'),
            rank_binding!('6'),
            rank_binding!('7'),
            rank_binding!('8'),
            rank_binding!('9'),
            rank_binding!('t'),
            rank_binding!('T'),
            rank_binding!('J'),
            rank_binding!('Q'),
            rank_binding!('K'),
            rank_binding!('1'),
            rank_binding!('A'),
            rank_binding!('2'),
            ADVISOR_B,
            TRACKER_B,
            LEAVE_B,
            SETTINGS_B,
        ]
    };
}

/// The human's turn to follow: Pass is on the key bar.
static PLAY_KEYS: &[Binding] = play_keys!(PASS_B.in_footer());

/// The human's lead: a leader cannot pass, so the key bar does not offer it (the key still
/// answers, saying why).
static LEAD_KEYS: &[Binding] = play_keys!(PASS_B);

/// The human gives cards back in the exchange.
static GIVE_KEYS: &[Binding] = &[
    Binding::new(CONFIRM_KEYS, PLAY, "daifugo.keys.give").in_footer(),
    HAND_LEFT,
    HAND_RIGHT,
    MARK_B,
    CLEAR_B,
    ADVISOR_B,
    TRACKER_B,
    LOG_OLDER_B,
    LOG_NEWER_B,
    LEAVE_B,
    SETTINGS_B,
];

/// The human gives (7-pass) or throws away (10-discard) cards after a play.
static CHOICE_KEYS: &[Binding] = &[
    Binding::new(CONFIRM_KEYS, PLAY, "daifugo.keys.hand_over").in_footer(),
    HAND_LEFT,
    HAND_RIGHT,
    MARK_B,
    CLEAR_B,
    LEAVE_B,
];

/// The human names ranks for a Q-bomber: a list of the thirteen ranks.
static BOMB_KEYS: &[Binding] = &[
    Binding::new(CONFIRM_KEYS, PLAY, "daifugo.keys.bomb").in_footer(),
    common::UP,
    common::DOWN,
    Binding::new(&[Key::char('x')], MARK, "daifugo.keys.mark_rank").in_footer(),
    CLEAR_B,
    rank_binding!('3'),
    rank_binding!('4'),
    rank_binding!('5'),
    rank_binding!('6'),
    rank_binding!('7'),
    rank_binding!('8'),
    rank_binding!('9'),
    rank_binding!('t'),
    rank_binding!('T'),
    rank_binding!('J'),
    rank_binding!('Q'),
    rank_binding!('K'),
    rank_binding!('1'),
    rank_binding!('A'),
    rank_binding!('2'),
    LEAVE_B,
];

/// A CPU is to act: Enter or any unbound key skips ahead.
static WAIT_KEYS: &[Binding] = &[
    Binding::new(CONFIRM_KEYS, SKIP, "daifugo.keys.skip").in_footer(),
    ADVISOR_B,
    TRACKER_B,
    LOG_OLDER_B,
    LOG_NEWER_B,
    LEAVE_B,
    SETTINGS_B,
];

/// The round results.
static ROUND_KEYS: &[Binding] = &[
    Binding::new(CONFIRM_KEYS, NEXT, "daifugo.keys.next").in_footer(),
    LEAVE_B,
    SETTINGS_B,
];

/// The match result.
static MATCH_KEYS: &[Binding] = &[
    Binding::new(CONFIRM_KEYS, AGAIN, "daifugo.keys.again").in_footer(),
    Binding::new(BACK_KEYS, MENU, "daifugo.keys.menu").in_footer(),
    SETTINGS_B,
];

/// A linked table's run is over: either key closes the table (the results print after).
static LINKED_MATCH_KEYS: &[Binding] = &[
    Binding::new(CONFIRM_KEYS, AGAIN, "daifugo.keys.close_table").in_footer(),
    Binding::new(BACK_KEYS, MENU, "daifugo.keys.close_table"),
];

/// "Leave the game?"
static LEAVE_KEYS: &[Binding] = &[
    Binding::new(&[Key::char('y')], Action::Yes, "common.action.yes"),
    Binding::new(&[Key::char('n')], Action::No, "common.action.no"),
    Binding::new(BACK_KEYS, Action::No, "common.action.no"),
    Binding::new(
        &[
            Key::plain(KeyCode::Left),
            Key::char('h'),
            Key::plain(KeyCode::Right),
            Key::char('l'),
            Key::plain(KeyCode::Tab),
        ],
        Action::Right,
        "common.action.switch_button",
    ),
    common::CONFIRM,
];

/// What the screen shows over the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    /// The table: tricks and the exchange.
    Table,
    /// A round just ended; its result shows until Enter.
    RoundOver(RoundResult),
    /// The match is over.
    MatchOver(MatchResult),
}

/// A one-line message under the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The text, in the UI language.
    pub text: String,
    /// Whether it is a warning (a refused play, an I/O failure) rather than information.
    pub warning: bool,
}

/// The Daifugo screen. See the module docs.
pub struct DaifugoScreen {
    game: Game,
    settings: MatchSettings,
    seed: u64,
    matches: u64,
    snap: Snapshot,
    levels: Vec<CpuLevel>,
    cpus: Vec<Option<Cpu>>,
    cpu_rng: Option<GameRng>,
    thinking: Option<Thinking>,
    thinking_shown: bool,
    due: Option<Instant>,
    delay: Duration,
    mode: Mode,
    cursor: usize,
    marked: CardSet,
    /// Q-bomber: the ranks named so far (strengths) and the highlighted row of the rank list.
    bomb_ranks: RankSet,
    rank_cursor: u8,
    cands: Candidates,
    tags: Vec<(Play, PlayTags)>,
    notice: Option<Notice>,
    leave: Option<bool>,
    record: Option<RecordWriter<LineWriter<File>>>,
    stats: Option<StatsStore>,
    /// This round's revolutions and the human's finish, for the statistics.
    round_detail: crate::stats::RoundDetail,
    /// Who made the last play (a revolution is theirs).
    last_player: usize,
    advisor: Advisor,
    tracker: bool,
    history: History,
    log_rows: std::cell::Cell<usize>,
    hits: std::cell::RefCell<Hits>,
    link: Option<Box<dyn TableLink>>,
    /// Linked: the person's action went to the table and its answer is awaited.
    sent: bool,
    /// Linked: the table's running totals by seat, shown instead of this match's.
    link_totals: Option<Vec<u32>>,
}

/// Where the last draw put what a click can reach (UI state, written while drawing).
#[derive(Clone, Debug, Default)]
pub struct Hits {
    /// The hand's faces.
    pub hand: Rect,
    /// Whether the hand was drawn with big faces allowed (a big terminal).
    pub big: bool,
    /// The candidate list or exchange panel box.
    pub side: Rect,
    /// The list's item rows on screen: (row, item index).
    pub list: Vec<(u16, usize)>,
    /// The log box.
    pub log: Rect,
}

/// The tags of the human's `plays`: each tried on a copy of `game`, reading the events the
/// engine answers with (a revolution or counter-revolution, seat 0 going out with a foul).
fn play_tags(game: &Game, plays: &[Play]) -> Vec<(Play, PlayTags)> {
    plays
        .iter()
        .map(|p| {
            let mut tags = PlayTags::default();
            let mut g = game.clone();
            for e in g.apply(0, GameAction::Play(*p)).unwrap_or_default() {
                match e {
                    Event::Revolution { active } => tags.revolution = Some(active),
                    Event::Finish {
                        seat: 0,
                        kind: FinishKind::Foul,
                        ..
                    } => tags.forbidden_finish = true,
                    _ => {}
                }
            }
            (*p, tags)
        })
        .collect()
}

/// A history that starts with what the human's view of `game` already shows.
fn history_of(game: &Game) -> History {
    let v = game.seat_view(0);
    History::new(game.round(), v.log(), v.exchange(), v.gifts())
}

/// Seeds the CPUs' generator apart from the deal's, so CPU choices never change the cards.
fn cpu_seed(seed: u64) -> u64 {
    seed ^ 0x9E37_79B9_7F4A_7C15
}

impl DaifugoScreen {
    /// A new match under `ctx`'s configuration: rules, CPU count and levels, the seed
    /// (`--seed`, else random), the record file (`--record`) and the statistics file. A record
    /// that cannot be opened, or a table the engine refuses, shows as a notice; never a panic.
    pub fn new(ctx: &Ctx) -> DaifugoScreen {
        let settings = MatchSettings::from_config(&ctx.config);
        let seed = ctx.game_seed();
        let (game, events) = match Game::new(settings, rng_from_seed(seed)) {
            Ok(g) => g,
            Err(_) => {
                // Config validation keeps cpus in 1..=7; fall back to a 4-player table anyway.
                let s = MatchSettings {
                    players: 4,
                    ..settings
                };
                Game::new(s, rng_from_seed(seed)).expect("a 4-player table is always valid")
            }
        };
        let mut screen = DaifugoScreen::with_game(game, seed, ctx);
        screen.settings.players = screen.game.players();
        screen.stats = StatsStore::locate(&ctx.config.general.stats_file);
        if let Some(path) = &ctx.record {
            match File::create(path).and_then(|f| {
                RecordWriter::new(
                    LineWriter::new(f),
                    seed,
                    &screen.settings,
                    &screen.seat_infos(),
                )
            }) {
                Ok(mut w) => {
                    for e in &events {
                        w.event(e);
                    }
                    screen.record = Some(w);
                }
                Err(e) => screen
                    .warn(ctx.tf("daifugo.ui.hint.record_error", &[("error", &e.to_string())])),
            }
        }
        screen.schedule(Instant::now());
        screen
    }

    /// A screen over a prepared game (tests, study): no record, no statistics. `seed` is
    /// used only for the CPUs' generator and another match. CPUs get the configured levels.
    pub fn with_game(mut game: Game, seed: u64, ctx: &Ctx) -> DaifugoScreen {
        // A round's results show over the table as that round left it; Enter deals the next.
        game.set_pause_between_rounds(true);
        let players = game.players();
        let levels: Vec<CpuLevel> = (0..players.saturating_sub(1))
            .map(|i| ctx.config.daifugo_table.cpu_level.level(i))
            .collect();
        let cpus = std::iter::once(None)
            .chain(levels.iter().map(|l| Some(cpu_for_level(*l))))
            .collect();
        let settings = MatchSettings {
            rules: *game.rules(),
            players,
            rounds: game.rounds(),
        };
        let snap = game.view(0);
        let mut s = DaifugoScreen {
            game,
            settings,
            seed,
            matches: 0,
            snap,
            levels,
            cpus,
            cpu_rng: Some(rng_from_seed(cpu_seed(seed))),
            thinking: None,
            thinking_shown: false,
            due: None,
            delay: Duration::from_millis(u64::from(ctx.config.general.cpu_delay_ms)),
            mode: Mode::Table,
            cursor: 0,
            marked: CardSet::EMPTY,
            bomb_ranks: RankSet::EMPTY,
            rank_cursor: 0,
            cands: Candidates::default(),
            tags: Vec::new(),
            notice: None,
            leave: None,
            record: None,
            stats: None,
            round_detail: Default::default(),
            last_player: 0,
            advisor: Advisor::new(
                ctx.config.daifugo_table.advisor,
                Advisor::budget_for(ctx.config.daifugo_table.cpu_think_ms),
                cpu_seed(seed) ^ 0xAD,
            ),
            tracker: false,
            history: History::default(),
            log_rows: std::cell::Cell::new(5),
            hits: std::cell::RefCell::new(Hits::default()),
            link: None,
            sent: false,
            link_totals: None,
        };
        s.history = history_of(&s.game);
        s.refresh();
        s
    }

    /// A screen over a table that runs elsewhere, from its first change (see [`link`]). The
    /// table's seat names go into `ctx`.
    pub fn linked(first: LinkUpdate, link: Box<dyn TableLink>, ctx: &mut Ctx) -> DaifugoScreen {
        ctx.seat_names = first.names.clone();
        let mut s = DaifugoScreen::with_game(first.game, 0, ctx);
        s.link_totals = Some(first.totals);
        s.cpus = s.cpus.iter().map(|_| None).collect();
        s.cpu_rng = None;
        s.settings.rounds = first.games;
        s.link = Some(link);
        s.schedule(Instant::now());
        s
    }

    /// Linked: shows the table's next change, if one has come; keeps looking otherwise.
    fn link_step(&mut self, now: Instant, ctx: &mut Ctx) {
        self.due = None;
        if self.mode != Mode::Table {
            return;
        }
        let Some(link) = self.link.as_mut() else {
            return;
        };
        let Some(u) = link.next() else {
            if let Some(res) = link.finished() {
                self.mode = Mode::MatchOver(res);
            } else {
                self.due = Some(now + POLL);
            }
            return;
        };
        ctx.seat_names = u.names;
        self.link_totals = Some(u.totals);
        self.game = u.game;
        self.sent = false;
        for e in &u.events {
            if let Event::RoundEnd { .. } = e
                && let Some(mut r) = self.game.history().last().cloned()
            {
                r.round = u.number;
                self.mode = Mode::RoundOver(r);
            }
        }
        self.refresh();
        if self.mode == Mode::Table {
            self.due = Some(now + self.delay.max(POLL));
        }
    }

    /// Uses `store` for statistics (tests point it into a temporary folder).
    pub fn set_stats(&mut self, store: Option<StatsStore>) {
        self.stats = store;
    }

    /// Seats `cpu` at `seat` (1..players) in place of the configured level; for tests and
    /// study (e.g. a CPU that thinks slowly). Ignored for seat 0 and seats off the table, and
    /// while that seat's CPU is thinking.
    pub fn set_cpu(&mut self, seat: usize, cpu: Cpu) {
        if seat > 0
            && let Some(slot) = self.cpus.get_mut(seat)
            && self.thinking.as_ref().is_none_or(|t| t.seat() != seat)
        {
            *slot = Some(cpu);
        }
    }

    /// The engine (read-only).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// What seat 0 sees now.
    pub fn snapshot(&self) -> &Snapshot {
        &self.snap
    }

    /// The overlay mode.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The candidate list.
    pub fn candidates(&self) -> &Candidates {
        &self.cands
    }

    /// Whether the card tracker shows (in place of the log).
    pub fn tracker_shown(&self) -> bool {
        self.tracker
    }

    /// The match history shown in the log box.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The advisor column's state.
    pub fn advisor(&self) -> &Advisor {
        &self.advisor
    }

    /// The advisor, to change its budget or wait for it (tests).
    pub fn advisor_mut(&mut self) -> &mut Advisor {
        &mut self.advisor
    }

    /// The message line, if any.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// Takes the table from `ctx.config` for the next match (the settings screen may have
    /// changed the rules, the CPU count, the levels or the pace).
    fn take_settings(&mut self, ctx: &Ctx) {
        self.settings = MatchSettings::from_config(&ctx.config);
        self.levels = (0..self.settings.players.saturating_sub(1))
            .map(|i| ctx.config.daifugo_table.cpu_level.level(i))
            .collect();
        self.cpus = std::iter::once(None)
            .chain(self.levels.iter().map(|l| Some(cpu_for_level(*l))))
            .collect();
        self.delay = Duration::from_millis(u64::from(ctx.config.general.cpu_delay_ms));
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        std::iter::once(SeatInfo {
            name: "You".into(),
            level: "human".into(),
            entry: None,
        })
        .chain(self.levels.iter().enumerate().map(|(i, l)| SeatInfo {
            name: format!("CPU {}", i + 1),
            level: l.as_str().into(),
            entry: None,
        }))
        .collect()
    }

    fn warn(&mut self, text: String) {
        self.notice = Some(Notice {
            text,
            warning: true,
        });
    }

    /// Rebuilds the snapshot and the candidate list after the game changed.
    fn refresh(&mut self) {
        self.snap = self.game.view(0);
        if let Some(t) = &self.link_totals {
            self.snap.totals.clone_from(t);
        }
        let hand = CardSet::from_cards(&self.snap.hand);
        self.marked = self.marked.intersect(hand);
        self.cursor = self.cursor.min(self.snap.hand.len().saturating_sub(1));
        self.cands = Candidates::new(&self.snap.legal, self.snap.can_pass, self.marked);
        self.advisor.update(&self.game, Instant::now());
        self.tags = if self.snap.to_act == Some(0) && self.snap.give_back.is_none() {
            play_tags(&self.game, &self.snap.legal)
        } else {
            Vec::new()
        };
    }

    /// The tags of one of the human's legal plays (none for a play not in the list).
    pub fn tags_of(&self, play: Play) -> PlayTags {
        self.tags
            .iter()
            .find(|(p, _)| *p == play)
            .map(|(_, t)| *t)
            .unwrap_or_default()
    }

    /// Why no listed play holds the marked cards, in the engine's words (`None` when nothing
    /// is marked or some play holds them all).
    pub fn marked_reason(&self, ctx: &Ctx) -> Option<String> {
        let holds = self
            .cands
            .items()
            .iter()
            .any(|i| matches!(i, Candidate::Play(_)));
        if self.marked.is_empty() || holds {
            return None;
        }
        match Play::from_cards(self.marked) {
            None => Some(ctx.t("daifugo.ui.hint.not_a_form").to_string()),
            Some(p) => self
                .game
                .check(0, GameAction::Play(p))
                .err()
                .map(|e| words::rule_error(&e, ctx)),
        }
    }

    /// Whether the human is to decide now (play or give back).
    pub fn human_to_act(&self) -> bool {
        self.mode == Mode::Table && self.snap.to_act == Some(0) && !self.sent
    }

    /// The seat whose CPU is thinking past its delay, for "CPU 2 is thinking…".
    pub fn thinking_seat(&self) -> Option<usize> {
        self.thinking
            .as_ref()
            .filter(|_| self.thinking_shown)
            .map(|t| t.seat())
    }

    /// After any change: if a CPU is to act, start it thinking and set the timer.
    fn schedule(&mut self, now: Instant) {
        self.due = None;
        if self.mode != Mode::Table {
            return;
        }
        if self.link.is_some() {
            self.due = Some(now + POLL);
            return;
        }
        let Some(seat) = self.game.current_seat() else {
            return;
        };
        if seat == 0 {
            return;
        }
        if self.thinking.is_none() {
            self.start_thinking(seat);
        }
        self.due = Some(now + self.delay);
    }

    fn start_thinking(&mut self, seat: usize) {
        let cpu = self
            .cpus
            .get_mut(seat)
            .and_then(Option::take)
            .unwrap_or_else(|| cpu_for_level(CpuLevel::Easy));
        let rng = self
            .cpu_rng
            .take()
            .unwrap_or_else(|| rng_from_seed(cpu_seed(self.seed)));
        self.thinking = Some(Thinking::start(&self.game, seat, cpu, rng));
        self.thinking_shown = false;
    }

    /// One CPU step: apply the decision if it is ready, else say the CPU is thinking and look
    /// again shortly.
    fn cpu_step(&mut self, now: Instant, ctx: &Ctx) {
        self.due = None;
        let Some(t) = self.thinking.take() else {
            self.schedule(now);
            return;
        };
        match t.poll() {
            worker::Poll::Waiting => {
                self.thinking = Some(t);
                self.thinking_shown = true;
                self.due = Some(now + POLL);
            }
            worker::Poll::Ready(d) => self.finish_decision(*d, now, ctx),
            worker::Poll::Gone => {
                // The worker died without an answer (a panic in a CPU): decide with `easy`.
                let seat = t.seat();
                if let Some(slot) = self.cpus.get_mut(seat) {
                    *slot = Some(cpu_for_level(CpuLevel::Easy));
                }
                self.thinking_shown = false;
                self.schedule(now);
            }
        }
    }

    /// Puts the CPU and the generator back and applies the decision (checked; should a CPU
    /// ever choose an illegal action, its first legal action keeps the game going).
    fn finish_decision(&mut self, d: worker::Decided, now: Instant, ctx: &Ctx) {
        if let Some(slot) = self.cpus.get_mut(d.seat) {
            *slot = Some(d.cpu);
        }
        self.cpu_rng = Some(d.rng);
        self.thinking_shown = false;
        if self.game.current_seat() != Some(d.seat) {
            self.schedule(now);
            return;
        }
        let action = match self.game.check(d.seat, d.action) {
            Ok(a) => a,
            Err(_) => match self.game.legal_actions(d.seat).first() {
                Some(a) => *a,
                None => return,
            },
        };
        let _ = self.apply(d.seat, action, now, ctx);
    }

    /// Plays CPU turns at once, waiting for each decision, until the human must act, a result
    /// shows or the match ends. For tests and demonstrations; the UI paces CPU turns with
    /// deadlines instead.
    pub fn settle(&mut self, ctx: &Ctx) {
        // A round has at most a few hundred actions; the bound only guards against a bug.
        for _ in 0..10_000 {
            let cpu_turn =
                self.mode == Mode::Table && self.game.current_seat().is_some_and(|s| s != 0);
            if !cpu_turn {
                break;
            }
            let now = Instant::now();
            if self.thinking.is_none() {
                self.schedule(now);
            }
            match self.thinking.take().map(Thinking::wait) {
                Some(Some(d)) => self.finish_decision(d, now, ctx),
                _ => {
                    let seat = self.game.current_seat().unwrap_or(0);
                    if let Some(slot) = self.cpus.get_mut(seat) {
                        *slot = Some(cpu_for_level(CpuLevel::Easy));
                    }
                }
            }
        }
        self.due = None;
    }

    /// Applies `action` for `seat`, writes the record, notes results and statistics, and
    /// schedules the next CPU. On `Err` nothing changed.
    fn apply(
        &mut self,
        seat: usize,
        action: GameAction,
        now: Instant,
        ctx: &Ctx,
    ) -> Result<(), RuleError> {
        let before = *self.game.trick();
        let rules = *self.game.rules();
        let events = self.game.apply(seat, action)?;
        self.log_events(&events, &before, &rules);
        // One statistics update for the whole step: a round that also ends the match is saved
        // with its match, so a kill can never leave a round counted without its match.
        let mut round = None;
        let mut ended = None;
        let mut detail = None;
        for e in &events {
            self.round_detail.observe(e, 0, &mut self.last_player);
            match e {
                Event::RoundEnd { .. } => {
                    detail = Some(std::mem::take(&mut self.round_detail));
                    if let Some(r) = self.game.history().last().cloned() {
                        round = Some(r.clone());
                        self.mode = Mode::RoundOver(r);
                    }
                }
                Event::MatchEnd { .. } => ended = self.game.outcome(),
                _ => {}
            }
        }
        if round.is_some() || ended.is_some() {
            self.save_stats(round.as_ref(), ended.as_ref(), detail, ctx);
        }
        if seat == 0 {
            self.marked = CardSet::EMPTY;
            self.bomb_ranks = RankSet::EMPTY;
            self.rank_cursor = 0;
        }
        self.refresh();
        self.schedule(now);
        Ok(())
    }

    /// Writes `events` into the history and the record; `before` is the trick before them.
    fn log_events(&mut self, events: &[Event], before: &TrickState, rules: &Rules) {
        self.history.record(events, before, rules);
        if let Some(w) = &mut self.record {
            for e in events {
                w.event(e);
            }
        }
    }

    /// Deals the next round when the game waits at a round's end (the results were shown
    /// over the table that round left): its deal and forced exchange go into the history, the
    /// record and the next round's statistics.
    fn deal_next_round(&mut self) {
        let before = *self.game.trick();
        let rules = *self.game.rules();
        let events = self.game.next_round();
        self.log_events(&events, &before, &rules);
        for e in &events {
            self.round_detail.observe(e, 0, &mut self.last_player);
        }
    }

    /// Saves a finished round and, when it ended the match, the match, in one atomic update
    /// of the statistics file; a refused or failed save becomes a notice and play goes on.
    fn save_stats(
        &mut self,
        round: Option<&RoundResult>,
        ended: Option<&MatchResult>,
        detail: Option<crate::stats::RoundDetail>,
        ctx: &Ctx,
    ) {
        let Some(store) = &self.stats else {
            return;
        };
        let players = self.settings.players;
        let rules = crate::stats::rules_name(&self.settings.rules, ctx.config.daifugo_table.preset);
        let result = store.update(|s| {
            if let Some(r) = round {
                let place = r.places.first().copied().unwrap_or(0);
                let points = u64::from(r.points.first().copied().unwrap_or(0));
                let mut d = detail.unwrap_or_default();
                d.players = players;
                d.rules = rules.clone();
                s.daifugo.add_round_detail(usize::from(place), points, &d);
            }
            if let Some(res) = ended {
                s.daifugo.add_match_entry(crate::stats::MatchEntry {
                    points: u64::from(res.totals.first().copied().unwrap_or(0)),
                    rank: res.ranks.first().copied().unwrap_or(0),
                    players: u8::try_from(players).unwrap_or(u8::MAX),
                    rounds: u32::try_from(res.rounds.len()).unwrap_or(u32::MAX),
                    rules: rules.clone(),
                    ..Default::default()
                });
            }
        });
        match result {
            Ok(saved) => {
                if let Some(p) = saved.set_aside {
                    self.warn(ctx.tf(
                        "daifugo.ui.hint.stats_set_aside",
                        &[("path", &p.display().to_string())],
                    ));
                }
            }
            Err(e) => {
                self.warn(ctx.tf(
                    "daifugo.ui.hint.stats_error",
                    &[("error", &e.message(ctx.lang))],
                ));
            }
        }
    }

    /// Starts another match with the same table (the next seed after `--seed`, so a seeded
    /// run stays reproducible).
    fn play_again(&mut self, now: Instant, ctx: &Ctx) {
        self.matches += 1;
        self.take_settings(ctx);
        let seed = match ctx.seed {
            Some(s) => s.wrapping_add(self.matches),
            None => ctx.game_seed(),
        };
        let Ok((mut game, events)) = Game::new(self.settings, rng_from_seed(seed)) else {
            return;
        };
        game.set_pause_between_rounds(true);
        let infos = self.seat_infos();
        if let Some(w) = &mut self.record {
            match w.next_match(seed, &self.settings, &infos) {
                Ok(()) => {
                    for e in &events {
                        w.event(e);
                    }
                }
                Err(e) => {
                    self.record = None;
                    self.warn(ctx.tf("daifugo.ui.hint.record_error", &[("error", &e.to_string())]));
                }
            }
        }
        self.game = game;
        self.history = history_of(&self.game);
        self.seed = seed;
        self.thinking = None;
        for (seat, slot) in self.cpus.iter_mut().enumerate().skip(1) {
            if slot.is_none() {
                *slot = Some(cpu_for_level(self.levels[seat - 1]));
            }
        }
        self.cpu_rng = Some(rng_from_seed(cpu_seed(seed)));
        self.round_detail = Default::default();
        self.mode = Mode::Table;
        self.marked = CardSet::EMPTY;
        self.cursor = 0;
        self.refresh();
        self.schedule(now);
    }

    /// The human plays the highlighted candidate (or, with marked cards that no listed play
    /// holds, tries them, so the engine says why they cannot be played).
    fn play_selected(&mut self, now: Instant, ctx: &Ctx) {
        let chosen = match self.cands.current() {
            Some(Candidate::Play(p)) => GameAction::Play(p),
            Some(Candidate::Pass) if !self.marked.is_empty() => {
                return self.explain_marked(ctx);
            }
            Some(Candidate::Pass) => GameAction::Pass,
            None if !self.marked.is_empty() => return self.explain_marked(ctx),
            None => return,
        };
        self.act(chosen, now, ctx);
    }

    fn act(&mut self, action: GameAction, now: Instant, ctx: &Ctx) {
        if let Some(link) = self.link.as_mut() {
            if self.sent {
                return;
            }
            match self.game.check(0, action) {
                Ok(a) => {
                    link.send(a);
                    self.sent = true;
                    self.marked = CardSet::EMPTY;
                    self.notice = None;
                    self.due = Some(now);
                }
                Err(e) => self.warn(words::rule_error(&e, ctx)),
            }
            return;
        }
        match self.apply(0, action, now, ctx) {
            Ok(()) => self.notice = None,
            Err(e) => self.warn(words::rule_error(&e, ctx)),
        }
    }

    /// Why the marked cards are not a legal play, in the engine's words.
    fn explain_marked(&mut self, ctx: &Ctx) {
        let reason = match Play::from_cards(self.marked) {
            None => ctx.t("daifugo.ui.hint.not_a_form").to_string(),
            Some(p) => match self.game.check(0, GameAction::Play(p)) {
                Err(e) => words::rule_error(&e, ctx),
                // Legal after all (e.g. a joker the list assigns differently): play it.
                Ok(_) => {
                    self.act(GameAction::Play(p), Instant::now(), ctx);
                    return;
                }
            },
        };
        self.warn(ctx.tf("daifugo.ui.hint.marked_none", &[("reason", &reason)]));
    }

    fn give_back(&mut self, now: Instant, ctx: &Ctx) {
        let Some(gb) = self.snap.give_back else {
            return;
        };
        if self.marked.len() != gb.count {
            let text = ctx.tf(
                "daifugo.ui.hint.give_back_count",
                &[
                    ("count", &gb.count.to_string()),
                    ("marked", &self.marked.len().to_string()),
                ],
            );
            self.warn(text);
            return;
        }
        self.act(GameAction::GiveBack(self.marked), now, ctx);
    }

    /// Whether the human owes a choice after a play (7-pass, 10-discard, Q-bomber).
    fn choosing(&self) -> bool {
        self.human_to_act() && self.snap.choice.is_some()
    }

    /// Whether the human is naming ranks for a Q-bomber.
    fn bombing(&self) -> bool {
        self.human_to_act() && matches!(self.snap.choice, Some(Decision::Bomb { .. }))
    }

    /// Marks or unmarks the rank of strength `s` for the Q-bomber.
    fn toggle_rank(&mut self, s: u8) {
        self.bomb_ranks = if self.bomb_ranks.contains(s) {
            RankSet(self.bomb_ranks.0 & !(1 << s))
        } else {
            self.bomb_ranks.with(s)
        };
    }

    /// Answers the choice owed with the marked cards or ranks; the engine checks the count
    /// and the cards, and its refusal shows as a notice (nothing is lost).
    fn answer_choice(&mut self, now: Instant, ctx: &Ctx) {
        let action = match self.snap.choice {
            Some(Decision::Give { .. }) => GameAction::Give(self.marked),
            Some(Decision::Discard { .. }) => GameAction::Discard(self.marked),
            Some(Decision::Bomb { .. }) => GameAction::Bomb(self.bomb_ranks),
            _ => return,
        };
        self.act(action, now, ctx);
    }

    /// The ranks named so far for a Q-bomber and the highlighted row (strengths).
    pub fn bomb_marks(&self) -> (RankSet, u8) {
        (self.bomb_ranks, self.rank_cursor)
    }

    fn toggle_mark(&mut self) {
        if let Some(c) = self.snap.hand.get(self.cursor).copied() {
            if self.marked.contains(c) {
                self.marked.remove(c);
            } else {
                self.marked.insert(c);
            }
            self.cands.set_marked(self.marked);
        }
    }

    /// Why the human can only pass: the engine's refusal of its best try of the pile's form.
    pub fn why_only_pass(&self, ctx: &Ctx) -> Option<String> {
        let pile = self.snap.pile?;
        if !self.snap.legal.is_empty() {
            return None;
        }
        let hand = CardSet::from_cards(&self.snap.hand);
        let reversed = self.game.trick().reversed();
        let strongest_first: Vec<_> = hand.naturals().sorted(!reversed);
        let n = pile.play.len();
        let probe = match pile.play.form() {
            Form::Single => strongest_first.first().map(|c| Play::single(*c)),
            Form::Group => {
                let jokers = hand.jokers();
                strongest_first.iter().find_map(|c| {
                    let same: Vec<_> = hand
                        .naturals()
                        .iter()
                        .filter(|d| d.rank() == c.rank())
                        .collect();
                    let need_jk = n.saturating_sub(same.len());
                    if need_jk > jokers.len() {
                        return None;
                    }
                    let mut set = CardSet::from_cards(same.iter().take(n));
                    set = set.union(jokers.first_jokers(need_jk as u8));
                    Play::group(set)
                })
            }
            Form::Sequence => None,
        };
        let form = crate::i18n::daifugo::play_form(ctx.lang, pile.play);
        Some(
            match probe.map(|p| self.game.check(0, GameAction::Play(p))) {
                Some(Err(e)) => words::rule_error(&e, ctx),
                _ => ctx.tf("daifugo.ui.hint.no_form", &[("form", &form)]),
            },
        )
    }
}

impl Screen for DaifugoScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("common.menu.daifugo").to_string()
    }

    fn status(&self, ctx: &Ctx) -> String {
        if let Some(link) = &self.link {
            return link.status(ctx);
        }
        ctx.tf(
            "daifugo.ui.status",
            &[
                ("round", &self.snap.round.to_string()),
                ("rounds", &self.snap.rounds.to_string()),
            ],
        )
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        draw::render(self, frame, area, ctx);
    }

    fn keymap(&self) -> &[Binding] {
        if self.leave.is_some() {
            return LEAVE_KEYS;
        }
        match self.mode {
            Mode::RoundOver(_) => ROUND_KEYS,
            Mode::MatchOver(_) if self.link.is_some() => LINKED_MATCH_KEYS,
            Mode::MatchOver(_) => MATCH_KEYS,
            Mode::Table if self.human_to_act() => match self.snap.choice {
                Some(Decision::Bomb { .. }) => BOMB_KEYS,
                Some(_) => CHOICE_KEYS,
                None if self.snap.give_back.is_some() => GIVE_KEYS,
                None if self.snap.can_pass => PLAY_KEYS,
                None => LEAD_KEYS,
            },
            Mode::Table => WAIT_KEYS,
        }
    }

    fn handle(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        let now = Instant::now();
        if let Some(yes) = self.leave {
            match action {
                Action::Yes => return Transition::Pop,
                Action::No => self.leave = None,
                Action::Right => self.leave = Some(!yes),
                Action::Confirm if yes => return Transition::Pop,
                Action::Confirm => self.leave = None,
                _ => {}
            }
            return Transition::Stay;
        }
        let page = 8isize;
        match action {
            LEAVE => {
                if !self.marked.is_empty() && self.human_to_act() {
                    self.marked = CardSet::EMPTY;
                    self.cands.set_marked(self.marked);
                } else {
                    self.leave = Some(false);
                }
            }
            MENU => return Transition::Pop,
            SETTINGS => {
                return Transition::Push(Box::new(
                    crate::tui::screens::settings::SettingsScreen::new(ctx, true),
                ));
            }
            TRACKER => self.tracker = !self.tracker,
            LOG_OLDER => self
                .history
                .scroll(history::PAGE as isize, self.log_rows.get()),
            LOG_NEWER => self
                .history
                .scroll(-(history::PAGE as isize), self.log_rows.get()),
            ADVISOR => {
                self.advisor.toggle(&self.game, now);
                let key = if self.advisor.is_on() {
                    "daifugo.ui.advisor.on"
                } else {
                    "daifugo.ui.advisor.off"
                };
                self.notice = Some(Notice {
                    text: ctx.t(key).to_string(),
                    warning: false,
                });
            }
            SKIP if self.link.is_some() => self.link_step(now, ctx),
            SKIP => self.cpu_step(now, ctx),
            NEXT => {
                if let Mode::RoundOver(_) = self.mode {
                    self.notice = None;
                    self.deal_next_round();
                    self.mode = match self.game.outcome() {
                        Some(res) if self.link.is_none() => Mode::MatchOver(res),
                        _ => Mode::Table,
                    };
                    self.refresh();
                    self.schedule(now);
                }
            }
            AGAIN if self.link.is_some() => return Transition::Pop,
            AGAIN => self.play_again(now, ctx),
            PLAY if self.choosing() => self.answer_choice(now, ctx),
            MARK if self.bombing() => {
                self.notice = None;
                self.toggle_rank(self.rank_cursor);
            }
            CLEAR if self.bombing() => {
                self.notice = None;
                self.bomb_ranks = RankSet::EMPTY;
            }
            Action::Up if self.bombing() => self.rank_cursor = self.rank_cursor.saturating_sub(1),
            Action::Down if self.bombing() => {
                self.rank_cursor = (self.rank_cursor + 1).min(RANKS - 1);
            }
            Action::Custom(name) if self.bombing() && name.starts_with("rank_") => {
                let key = name.chars().last().unwrap_or(' ');
                if let Some((_, rank)) = RANK_KEYS.iter().find(|(c, _)| *c == key) {
                    self.notice = None;
                    self.rank_cursor = strength(*rank);
                    self.toggle_rank(self.rank_cursor);
                }
            }
            PLAY if self.snap.give_back.is_some() => self.give_back(now, ctx),
            PLAY => self.play_selected(now, ctx),
            PASS => {
                if self.snap.can_pass {
                    self.act(GameAction::Pass, now, ctx);
                } else {
                    self.warn(words::rule_error(&RuleError::LeaderMustPlay, ctx));
                }
            }
            MARK => {
                self.notice = None;
                self.toggle_mark();
            }
            CLEAR => {
                self.notice = None;
                self.marked = CardSet::EMPTY;
                self.cands.set_marked(self.marked);
            }
            Action::Up => self.cands.step(-1),
            Action::Down => self.cands.step(1),
            Action::PageUp => self.cands.step(-page),
            Action::PageDown => self.cands.step(page),
            Action::Home => self.cands.to_end(false),
            Action::End => self.cands.to_end(true),
            Action::Left => self.cursor = self.cursor.saturating_sub(1),
            Action::Right => {
                self.cursor = (self.cursor + 1).min(self.snap.hand.len().saturating_sub(1));
            }
            Action::Custom(name) if name.starts_with("rank_") => {
                let key = name.chars().last().unwrap_or(' ');
                if let Some((_, rank)) = RANK_KEYS.iter().find(|(c, _)| *c == key) {
                    if self.cands.jump_to_rank(*rank) {
                        self.notice = None;
                    } else {
                        self.notice = Some(Notice {
                            text: ctx.tf(
                                "daifugo.ui.hint.no_rank",
                                &[("rank", ctx.rank_label(*rank))],
                            ),
                            warning: false,
                        });
                    }
                }
            }
            _ => {}
        }
        Transition::Stay
    }

    fn mouse(&mut self, ev: &MouseEvent, ctx: &mut Ctx) -> Transition {
        use ratatui::crossterm::event::{MouseButton, MouseEventKind as K};
        if self.leave.is_some() {
            return Transition::Stay;
        }
        let at = Position::new(ev.column, ev.row);
        let hits = self.hits.borrow().clone();
        match ev.kind {
            K::ScrollUp | K::ScrollDown => {
                let up = ev.kind == K::ScrollUp;
                if hits.log.contains(at) && !self.tracker {
                    self.history
                        .scroll(if up { 1 } else { -1 }, self.log_rows.get());
                } else if hits.side.contains(at) && self.human_to_act() {
                    self.cands.step(if up { -1 } else { 1 });
                }
            }
            K::Down(MouseButton::Left) => {
                if !(self.mode == Mode::Table && self.human_to_act()) {
                    // Outside the human's turn a click is like Enter: results go on, a
                    // waiting CPU is skipped to.
                    let action = match self.mode {
                        Mode::RoundOver(_) => NEXT,
                        Mode::MatchOver(_) => return Transition::Stay,
                        Mode::Table => SKIP,
                    };
                    return self.handle(action, ctx);
                }
                if hits.hand.contains(at) {
                    if let Some(i) = hand_hit(
                        &self.snap.hand,
                        hits.hand,
                        (ev.column, ev.row),
                        hits.big,
                        ctx,
                    ) {
                        self.cursor = i;
                        self.notice = None;
                        self.toggle_mark();
                    }
                } else if let Some((_, i)) = hits.list.iter().find(|(y, _)| *y == ev.row)
                    && hits.side.contains(at)
                    && self.snap.give_back.is_none()
                {
                    if self.cands.selected() == *i {
                        self.play_selected(Instant::now(), ctx);
                    } else {
                        self.cands.select(*i);
                    }
                }
            }
            _ => {}
        }
        Transition::Stay
    }

    fn next_deadline(&self) -> Option<Instant> {
        if self.leave.is_some() {
            return None;
        }
        match (self.due, self.advisor.poll_at()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn on_deadline(&mut self, now: Instant, ctx: &mut Ctx) -> Transition {
        if self.advisor.poll_at().is_some() {
            self.advisor.poll(now);
        }
        // The CPU timer only runs on CPU turns; the advisor only thinks on the human's.
        if self.link.is_some() {
            self.link_step(now, ctx);
        } else if self.due.is_some() {
            self.cpu_step(now, ctx);
        }
        Transition::Stay
    }

    fn in_progress(&self) -> bool {
        if let Some(link) = &self.link {
            return !matches!(self.mode, Mode::MatchOver(_)) || link.finished().is_none();
        }
        !matches!(self.mode, Mode::MatchOver(_)) && self.game.phase() != Phase::MatchOver
    }
}

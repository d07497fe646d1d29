//! `cardroom daifugo simulate`: many CPU-only matches, per-level strength figures.
//!
//! A *game* is one match of `rounds` rounds, with the exchange as the rules say. The levels are
//! one entry per seat; between games the entries rotate around the table (game `g` seats entry
//! `(s + g) mod n` at seat `s`), so no level keeps a seat or a place in the turn order. Each
//! game has its own seed, derived from the run's seed and the game's index, so the figures do
//! not depend on how many threads share the work, and with a fixed playout count (or levels
//! without search) a seed reproduces every game. A game's deal generator is its seed
//! (`rng_from_seed`, as the record header says); the CPUs share a second stream of it.
//!
//! Figures per level (and per entry): mean points per round, with points
//! `players − place + 1` (`rules/daifugo.md` §2; 4/3/2/1 with four players, so equal players
//! average 2.5), and the share of rounds won (first place). Rounds within a match are not
//! independent (the exchange links them), so standard errors are taken over games: the
//! standard deviation of the per-game means divided by √games. For `hard` CPUs the harness
//! (not the CPU) also times every decision and reports the median, the 99th percentile and the
//! maximum, and counts how its searches read the table (the share that ran the deeper tree or
//! the loosened reading: [`SearchCounts`]).

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::cpu::{Budget, CpuPlayer, EasyCpu, SearchCounts, SearchFigures, cpu_with_budget};
use super::error::RuleError;
use super::event::{Discard, Event, EventSink, MAX_SEATS};
use super::game::{Game, MatchSettings};
use super::record::{RecordWriter, SeatInfo};
use super::rules::CpuLevel;
use super::view::SeatView;
use crate::cards::{GameRng, rng_from_seed};

/// What to simulate.
#[derive(Clone, Debug, PartialEq)]
pub struct SimOptions {
    /// Rules and rounds; `players` must equal `levels.len()`.
    pub settings: MatchSettings,
    /// One level per seat (entry `i` starts at seat `i` and rotates).
    pub levels: Vec<CpuLevel>,
    /// Number of games (matches).
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// The thinking budget of `hard` CPUs.
    pub budget: Budget,
    /// Per entry of `levels`, a `hard` entry's own budget in place of `budget` (`None`, or an
    /// entry past the end of the list: `budget`), e.g. one `hard` at 1000 ms against three at
    /// 100 ms. Entries with different budgets are reported apart.
    pub budgets: Vec<Option<Budget>>,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Write each game's record.
    pub record: bool,
}

/// Why a simulation could not run.
#[derive(Debug)]
pub enum SimError {
    /// The levels do not make a table of 2 to 8 seats.
    Seats {
        /// Levels given.
        count: usize,
    },
    /// No games asked for.
    NoGames,
    /// The engine refused a CPU action (a bug in a CPU): the game index and the reason.
    Rule {
        /// Which game.
        game: u64,
        /// The engine's reason.
        error: RuleError,
    },
    /// Writing the record failed.
    Io(io::Error),
}

impl fmt::Display for SimError {
    /// A short technical description (the data, as `Debug` shows it); players read the words
    /// of `i18n::daifugo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for SimError {}

/// The seed of game `index` of a run seeded `seed` (SplitMix64 of their mix), so games are
/// independent and each replays alone.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The CPUs' generator for a game: the game's seed on stream 1 (the deal uses stream 0).
pub fn cpu_rng(game_seed: u64) -> GameRng {
    let mut r = rng_from_seed(game_seed);
    r.set_stream(1);
    r
}

/// The budget of entry `e` of `opts.levels`: its own ([`SimOptions::budgets`]) or the run's.
pub fn entry_budget(opts: &SimOptions, e: usize) -> Budget {
    opts.budgets
        .get(e)
        .copied()
        .flatten()
        .unwrap_or(opts.budget)
}

/// The name of an entry in the report: the level (`easy`, `normal`, `hard`), with a `hard`
/// entry's own budget as `--levels` writes it: `hard@1000` (ms) or `hard@400p` (deals).
pub fn entry_label(level: CpuLevel, own: Option<Budget>) -> String {
    match (level, own) {
        (CpuLevel::Hard, Some(Budget::Time(d))) => format!("hard@{}", d.as_millis()),
        (CpuLevel::Hard, Some(Budget::Playouts(p))) => format!("hard@{p}p"),
        _ => level.as_str().to_string(),
    }
}

/// The entry (index into the levels) sitting at `seat` in game `index`.
pub fn entry_at(seat: usize, index: u64, players: usize) -> usize {
    ((seat as u64 + index) % players as u64) as usize
}

/// One finished game, by entry.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameResult {
    /// The game's index.
    pub index: u64,
    /// Points over the match, by entry.
    pub points: [u32; MAX_SEATS],
    /// Rounds won (first place), by entry.
    pub firsts: [u32; MAX_SEATS],
    /// How often each entry took each place: `places[entry][place - 1]`.
    pub places: [[u32; MAX_SEATS]; MAX_SEATS],
    /// Every `hard` decision's time: (entry, microseconds).
    pub hard_us: Vec<(usize, u32)>,
    /// Each searching CPU's counts over the match: (entry, counts).
    pub searches: Vec<(usize, SearchCounts)>,
    /// The game's record (JSON Lines, header first) when asked for.
    pub record: Option<Vec<u8>>,
}

/// Plays game `index` of a run: deals from the game's seed, seats the rotated entries, lets
/// the CPUs play the match, and collects the figures (and the record when asked for).
///
/// Errors: [`SimError::Seats`] for a bad table, [`SimError::Rule`] if the engine refuses a
/// CPU's action, [`SimError::Io`] if the record cannot be written.
pub fn play_game(opts: &SimOptions, index: u64) -> Result<GameResult, SimError> {
    let n = opts.levels.len();
    if !(2..=MAX_SEATS).contains(&n) {
        return Err(SimError::Seats { count: n });
    }
    let settings = MatchSettings {
        players: n,
        ..opts.settings
    };
    let seed = game_seed(opts.seed, index);
    let mut levels = [CpuLevel::Easy; MAX_SEATS];
    for (s, l) in levels[..n].iter_mut().enumerate() {
        *l = opts.levels[entry_at(s, index, n)];
    }
    let seat_levels = &levels[..n];
    // A table of `easy` CPUs plays through `easy_choice` directly (the same choices: the level
    // is stateless and draws nothing), without boxed players.
    let all_easy = seat_levels.iter().all(|l| *l == CpuLevel::Easy);
    let mut cpus: Vec<Box<dyn CpuPlayer + Send>> = if all_easy {
        Vec::new()
    } else {
        (0..n)
            .map(|s| {
                let e = entry_at(s, index, n);
                cpu_with_budget(opts.levels[e], entry_budget(opts, e))
            })
            .collect()
    };
    let mut rng = cpu_rng(seed);
    let mut hard_us = Vec::new();
    // The record is written from the events; the round log only serves the CPUs' views (the
    // `easy` level reads neither it nor the 7-pass notes). The figures come from the round
    // ends as they pass, so the game keeps no history.
    let trick_log = !all_easy && cpus.iter().any(|c| c.reads_log());
    let rule = |error| SimError::Rule { game: index, error };
    let (tally, record) = if opts.record {
        let seats: Vec<SeatInfo> = seat_levels
            .iter()
            .enumerate()
            .map(|(s, l)| {
                let e = entry_at(s, index, n);
                SeatInfo {
                    name: format!("CPU {s}"),
                    level: l.as_str().to_string(),
                    entry: Some(format!("{e} {}", entry_label(*l, own_budget(opts, e)))),
                }
            })
            .collect();
        let mut w = RecordWriter::new(Vec::new(), seed, &settings, &seats).map_err(SimError::Io)?;
        let mut t = RoundTally::new(&mut w);
        let mut game = Game::new_into(settings, rng_from_seed(seed), &mut t).map_err(rule)?;
        game.set_trick_log(trick_log);
        game.set_history(false);
        run(
            &mut game,
            &mut cpus,
            seat_levels,
            &mut rng,
            &mut t,
            &mut hard_us,
        )
        .map_err(rule)?;
        let tally = t.counts;
        (tally, Some(w.finish().map_err(SimError::Io)?))
    } else {
        let mut discard = Discard;
        let mut t = RoundTally::new(&mut discard);
        let mut game = Game::new_into(settings, rng_from_seed(seed), &mut t).map_err(rule)?;
        game.set_trick_log(trick_log);
        game.set_history(false);
        run(
            &mut game,
            &mut cpus,
            seat_levels,
            &mut rng,
            &mut t,
            &mut hard_us,
        )
        .map_err(rule)?;
        (t.counts, None)
    };
    let hard_us = hard_us
        .into_iter()
        .map(|(seat, us)| (entry_at(seat, index, n), us))
        .collect();
    let searches = cpus
        .iter()
        .enumerate()
        .filter_map(|(seat, c)| Some((entry_at(seat, index, n), c.search_counts()?)))
        .collect();
    let mut out = GameResult {
        index,
        hard_us,
        searches,
        record,
        ..GameResult::default()
    };
    for seat in 0..n {
        let e = entry_at(seat, index, n);
        out.points[e] = tally.points[seat];
        out.firsts[e] = tally.firsts[seat];
        out.places[e] = tally.places[seat];
    }
    Ok(out)
}

/// Each seat's points and places over a match's rounds, by seat.
#[derive(Clone, Copy, Debug, Default)]
struct SeatCounts {
    /// Points by seat.
    points: [u32; MAX_SEATS],
    /// Rounds won (first place) by seat.
    firsts: [u32; MAX_SEATS],
    /// How often each seat took each place: `places[seat][place - 1]` (a place 0 counts
    /// as the first).
    places: [[u32; MAX_SEATS]; MAX_SEATS],
}

/// An [`EventSink`] that adds up each seat's points and places from the round ends
/// ([`Event::RoundEnd`]) and passes every event on to `sink`.
struct RoundTally<'a, S: EventSink + ?Sized> {
    sink: &'a mut S,
    counts: SeatCounts,
}

impl<'a, S: EventSink + ?Sized> RoundTally<'a, S> {
    fn new(sink: &'a mut S) -> RoundTally<'a, S> {
        RoundTally {
            sink,
            counts: SeatCounts::default(),
        }
    }
}

impl<S: EventSink + ?Sized> EventSink for RoundTally<'_, S> {
    #[inline]
    fn event(&mut self, e: &Event) {
        if let Event::RoundEnd {
            players,
            places,
            points,
            ..
        } = *e
        {
            let c = &mut self.counts;
            for seat in 0..usize::from(players).min(MAX_SEATS) {
                let place = places[seat];
                c.points[seat] += points[seat];
                c.firsts[seat] += u32::from(place == 1);
                if let Some(slot) = c.places[seat].get_mut(usize::from(place.saturating_sub(1))) {
                    *slot += 1;
                }
            }
        }
        self.sink.event(e);
    }
}

/// The CPU loop of one match, timing `hard` decisions: (seat, microseconds). No `cpus` means a
/// table of `easy` CPUs, answered by [`EasyCpu`]'s [`Policy`](super::game::Policy) (the loop takes [`easy_choice`](super::cpu::easy_choice) in whole).
fn run<S: EventSink + ?Sized>(
    game: &mut Game,
    cpus: &mut [Box<dyn CpuPlayer + Send>],
    levels: &[CpuLevel],
    rng: &mut GameRng,
    sink: &mut S,
    hard_us: &mut Vec<(usize, u32)>,
) -> Result<(), RuleError> {
    if cpus.is_empty() {
        return game.play_out(sink, EasyCpu);
    }
    if cpus.len() < game.players() {
        return Err(RuleError::NoSuchSeat { seat: cpus.len() });
    }
    game.play_out(sink, |view: &SeatView<'_>| {
        let seat = view.seat();
        let cpu = &mut cpus[seat];
        if levels.get(seat) == Some(&CpuLevel::Hard) {
            let t = Instant::now();
            let a = cpu.choose(view, rng);
            hard_us.push((
                seat,
                t.elapsed().as_micros().min(u128::from(u32::MAX)) as u32,
            ));
            a
        } else {
            cpu.choose(view, rng)
        }
    })
}

/// Running sums of a per-game figure, for its mean and standard error over games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Moments {
    n: u64,
    sum: f64,
    sum_sq: f64,
}

impl Moments {
    fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// Standard error of the mean: sample standard deviation / √n (0 for fewer than 2).
    fn se(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        let var = (self.sum_sq - self.sum * self.sum / n) / (n - 1.0);
        (var.max(0.0) / n).sqrt()
    }
}

/// Figures for one entry of the levels, or for all entries of one level (with one budget).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
    /// The level, with a `hard` entry's own budget ([`entry_label`]: `hard@1000`).
    pub level: String,
    /// How many entries this covers (1 for an entry).
    pub entries: usize,
    /// Mean points per round.
    pub mean_points: f64,
    /// Its standard error (over games).
    pub mean_points_se: f64,
    /// Share of rounds won (first place), 0..=1.
    pub first_rate: f64,
    /// Its standard error (over games).
    pub first_rate_se: f64,
    /// How many rounds ended in each place (1st first), summed over the entries.
    pub places: Vec<u64>,
    /// The timing of these entries' decisions when they are `hard`, else `null`.
    pub decisions: Option<DecisionTimes>,
    /// How these entries' searches read the table when they are `hard`, else `null`.
    pub searches: Option<SearchFigures>,
}

/// The timing of `hard` decisions, in milliseconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecisionTimes {
    /// Decisions timed.
    pub count: u64,
    /// Median.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Slowest.
    pub max_ms: f64,
    /// Mean.
    pub mean_ms: f64,
}

/// A simulation's report (`--json` prints it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimReport {
    /// Games played.
    pub games: u64,
    /// Rounds per game.
    pub rounds: u32,
    /// Seats.
    pub players: usize,
    /// The run's seed.
    pub seed: u64,
    /// The `hard` budget: milliseconds per decision, or `null` with a fixed playout count.
    pub think_ms: Option<u32>,
    /// The `hard` fixed playout count, or `null` with a time budget.
    pub playouts: Option<u32>,
    /// Worker threads.
    pub threads: usize,
    /// Per entry of the levels, in the order given.
    pub seats: Vec<Figures>,
    /// Per distinct level, in order of first appearance.
    pub levels: Vec<Figures>,
    /// Games per second of wall time.
    pub games_per_sec: f64,
    /// Wall time in seconds.
    pub elapsed_sec: f64,
    /// `hard` decision times over every `hard` entry, when a `hard` CPU played (with
    /// different budgets, see each level's `decisions`).
    pub hard_decisions: Option<DecisionTimes>,
}

/// A level as the report groups entries: the level and a `hard` entry's own budget.
type LevelKey = (CpuLevel, Option<Budget>);

/// Accumulates game results into the report's figures.
struct Tally {
    rounds: f64,
    entry_points: Vec<Moments>,
    entry_firsts: Vec<Moments>,
    entry_places: Vec<Vec<u64>>,
    /// Distinct (level, own budget) with their entries.
    levels: Vec<(LevelKey, Vec<usize>)>,
    level_points: Vec<Moments>,
    level_firsts: Vec<Moments>,
    /// (entry, microseconds) of every `hard` decision.
    hard_us: Vec<(usize, u32)>,
    /// Search counts summed by entry.
    searches: Vec<SearchCounts>,
}

impl Tally {
    fn new(opts: &SimOptions) -> Tally {
        let (levels, rounds) = (&opts.levels, opts.settings.rounds);
        let n = levels.len();
        let mut distinct: Vec<(LevelKey, Vec<usize>)> = Vec::new();
        for (i, l) in levels.iter().enumerate() {
            let own = match l {
                CpuLevel::Hard => opts.budgets.get(i).copied().flatten(),
                _ => None,
            };
            let key = (*l, own);
            match distinct.iter_mut().find(|(d, _)| *d == key) {
                Some((_, v)) => v.push(i),
                None => distinct.push((key, vec![i])),
            }
        }
        Tally {
            rounds: f64::from(rounds.max(1)),
            entry_points: vec![Moments::default(); n],
            entry_firsts: vec![Moments::default(); n],
            entry_places: vec![vec![0; n]; n],
            level_points: vec![Moments::default(); distinct.len()],
            level_firsts: vec![Moments::default(); distinct.len()],
            levels: distinct,
            hard_us: Vec::new(),
            searches: vec![SearchCounts::default(); n],
        }
    }

    fn add(&mut self, g: &GameResult) {
        let n = self.entry_points.len();
        for e in 0..n {
            self.entry_points[e].add(f64::from(g.points[e]) / self.rounds);
            self.entry_firsts[e].add(f64::from(g.firsts[e]) / self.rounds);
            for p in 0..n {
                self.entry_places[e][p] += u64::from(g.places[e][p]);
            }
        }
        for (i, (_, entries)) in self.levels.iter().enumerate() {
            let m = entries.len() as f64 * self.rounds;
            let pts: u32 = entries.iter().map(|e| g.points[*e]).sum();
            let fst: u32 = entries.iter().map(|e| g.firsts[*e]).sum();
            self.level_points[i].add(f64::from(pts) / m);
            self.level_firsts[i].add(f64::from(fst) / m);
        }
        self.hard_us.extend_from_slice(&g.hard_us);
        for (e, c) in &g.searches {
            if let Some(sum) = self.searches.get_mut(*e) {
                sum.add(*c);
            }
        }
    }

    fn figures(&self, opts: &SimOptions) -> (Vec<Figures>, Vec<Figures>) {
        let seats = opts
            .levels
            .iter()
            .enumerate()
            .map(|(e, l)| Figures {
                level: entry_label(*l, own_budget(opts, e)),
                entries: 1,
                mean_points: self.entry_points[e].mean(),
                mean_points_se: self.entry_points[e].se(),
                first_rate: self.entry_firsts[e].mean(),
                first_rate_se: self.entry_firsts[e].se(),
                places: self.entry_places[e].clone(),
                decisions: self.times(|x| x == e),
                searches: SearchFigures::from_counts(self.searches[e]),
            })
            .collect();
        let n = opts.levels.len();
        let levels = self
            .levels
            .iter()
            .enumerate()
            .map(|(i, ((l, own), entries))| {
                let mut places = vec![0u64; n];
                for e in entries {
                    for (p, c) in places.iter_mut().zip(&self.entry_places[*e]) {
                        *p += c;
                    }
                }
                Figures {
                    level: entry_label(*l, *own),
                    entries: entries.len(),
                    mean_points: self.level_points[i].mean(),
                    mean_points_se: self.level_points[i].se(),
                    first_rate: self.level_firsts[i].mean(),
                    first_rate_se: self.level_firsts[i].se(),
                    places,
                    decisions: self.times(|x| entries.contains(&x)),
                    searches: SearchFigures::from_counts(entries.iter().fold(
                        SearchCounts::default(),
                        |mut sum, e| {
                            sum.add(self.searches[*e]);
                            sum
                        },
                    )),
                }
            })
            .collect();
        (seats, levels)
    }

    /// The timing of the `hard` decisions of the entries `which` accepts.
    fn times(&self, which: impl Fn(usize) -> bool) -> Option<DecisionTimes> {
        let mut v: Vec<u32> = self
            .hard_us
            .iter()
            .filter(|(e, _)| which(*e))
            .map(|(_, us)| *us)
            .collect();
        if v.is_empty() {
            return None;
        }
        v.sort_unstable();
        let at = |q: f64| {
            let i = ((v.len() as f64 - 1.0) * q).round() as usize;
            f64::from(v[i.min(v.len() - 1)]) / 1000.0
        };
        let mean = v.iter().map(|x| f64::from(*x)).sum::<f64>() / v.len() as f64 / 1000.0;
        Some(DecisionTimes {
            count: v.len() as u64,
            p50_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: at(1.0),
            mean_ms: mean,
        })
    }
}

/// Progress as the games finish: games done, games in all, seconds so far.
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64, f64);

/// How long a worker of [`simulate`] collects results before sending them on.
const BATCH_EVERY: Duration = Duration::from_millis(20);

/// Runs the simulation on `opts.threads` threads. Records, when asked for, go to `record` in
/// game order, each match starting with its header. `progress` is called from this thread
/// after each game (the caller decides how often to draw).
///
/// Errors: the first [`SimError`] met; the other threads stop at their next game.
pub fn simulate(
    opts: &SimOptions,
    mut record: Option<&mut dyn Write>,
    progress: Progress<'_>,
) -> Result<SimReport, SimError> {
    let n = opts.levels.len();
    if !(2..=MAX_SEATS).contains(&n) {
        return Err(SimError::Seats { count: n });
    }
    if opts.games == 0 {
        return Err(SimError::NoGames);
    }
    let start = Instant::now();
    let mut tally = Tally::new(opts);
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let threads = opts.threads.clamp(1, 256);
    let mut failure: Option<SimError> = None;
    std::thread::scope(|scope| {
        // Results travel in batches (one send at least every BATCH_EVERY), so that fast games
        // do not pay a wake-up of this thread each.
        let (tx, rx) = mpsc::channel::<Vec<Result<GameResult, SimError>>>();
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                let mut batch = Vec::new();
                let mut sent = Instant::now();
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= opts.games {
                        break;
                    }
                    let r = play_game(opts, i);
                    let failed = r.is_err();
                    batch.push(r);
                    if failed || sent.elapsed() >= BATCH_EVERY {
                        if tx.send(std::mem::take(&mut batch)).is_err() || failed {
                            return;
                        }
                        sent = Instant::now();
                    }
                }
                if !batch.is_empty() {
                    let _ = tx.send(batch);
                }
            });
        }
        drop(tx);
        // Results arrive in any order; records are written in game order.
        let mut pending: std::collections::BTreeMap<u64, Vec<u8>> = Default::default();
        let mut next_write = 0u64;
        let mut done = 0u64;
        for r in rx.into_iter().flatten() {
            match r {
                Ok(mut g) => {
                    done += 1;
                    if let Some(bytes) = g.record.take() {
                        pending.insert(g.index, bytes);
                    }
                    tally.add(&g);
                    if let Some(w) = record.as_deref_mut() {
                        while let Some(bytes) = pending.remove(&next_write) {
                            if let Err(e) = w.write_all(&bytes) {
                                failure.get_or_insert(SimError::Io(e));
                                stop.store(true, Ordering::Relaxed);
                            }
                            next_write += 1;
                        }
                    }
                    progress(done, opts.games, start.elapsed().as_secs_f64());
                }
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if let Some(w) = record {
        w.flush().map_err(SimError::Io)?;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let (seats, levels) = tally.figures(opts);
    let (think_ms, playouts) = match opts.budget {
        Budget::Time(d) => (Some(d.as_millis().min(u128::from(u32::MAX)) as u32), None),
        Budget::Playouts(p) => (None, Some(p)),
    };
    Ok(SimReport {
        games: opts.games,
        rounds: opts.settings.rounds,
        players: n,
        seed: opts.seed,
        think_ms,
        playouts,
        threads,
        seats,
        levels,
        games_per_sec: opts.games as f64 / elapsed.max(1e-9),
        elapsed_sec: elapsed,
        hard_decisions: tally.times(|_| true),
    })
}

/// Entry `e`'s own budget when it is a `hard` entry that has one.
fn own_budget(opts: &SimOptions, e: usize) -> Option<Budget> {
    match opts.levels.get(e) {
        Some(CpuLevel::Hard) => opts.budgets.get(e).copied().flatten(),
        _ => None,
    }
}

/// The budget of a `hard` CPU thinking `ms` milliseconds per decision.
pub fn think_budget(ms: u32) -> Budget {
    Budget::Time(Duration::from_millis(u64::from(ms)))
}

//! Persisted statistics: what the player has done across sessions, kept as JSON in the
//! platform data folder (or `general.stats_file`).
//!
//! # Saving
//!
//! Every finished Daifugo round (with its match, when the round ends it) and every settled
//! Blackjack round is **one** [`StatsStore::update`]: under a lock on the folder (so two
//! cardrooms cannot lose each other's rounds), it reads the file, applies the change, writes
//! the result to `.<name>.tmp` beside it, syncs it, renames it over the file and syncs the
//! folder. A kill at any instant therefore leaves either the old file or the new one; the only
//! thing a kill can leave behind is that one temporary name, which the next save reuses —
//! never a pile of stray temporary files.
//!
//! The file is treated with care:
//! * only a **regular file** is read or replaced; a FIFO, device or folder is refused before it
//!   is opened (opening a FIFO would block the game);
//! * a **read-only** file is left alone and reported;
//! * a **symbolic link** is followed: the file it points to is replaced and the link stays;
//! * the file's **permissions** are kept;
//! * a file written by a **newer** cardroom (a higher `version`) is never overwritten; fields
//!   this version does not know are kept as they are;
//! * a file that cannot be read as statistics is never overwritten silently: it is renamed
//!   aside (`stats.json.corrupt-<n>`) and the caller is told, so the player can recover it;
//! * counters **saturate** at their largest value instead of wrapping to 0.
//!
//! # Format
//!
//! `{"version": 2, "daifugo": {...}, "blackjack": {...}}`. A file without `version` (or with a
//! lower one) is read and upgraded ([`Stats::upgrade`]) on the next save. A new field is added
//! with `#[serde(default)]`; a change that old versions would misread raises [`VERSION`].
//!
//! Version 2 (the statistics screen) adds, for Daifugo, the titles earned, revolutions, fouls
//! and falls, the last [`MAX_MATCHES`] matches (points, place, table, rule set) and the counts
//! per rule set; for Blackjack the net of the last [`MAX_BJ_ROUNDS`] rounds, for the bankroll
//! line. Version 1 files have none of these: their totals stay, the new counts start at zero,
//! and the bankroll line starts at the net they had reached.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::i18n::{self, Lang};

/// The format version this build writes. Files with a higher one are left untouched.
pub const VERSION: u32 = 2;

/// How many finished Daifugo matches the file keeps one by one (the oldest go first).
pub const MAX_MATCHES: usize = 500;

/// How many settled Blackjack rounds the file keeps one by one (the oldest go first).
pub const MAX_BJ_ROUNDS: usize = 2000;

/// The largest statistics file read (1 MiB; a real one is well under 1 KiB).
pub const MAX_STATS_BYTES: u64 = 1 << 20;

/// Fields of a JSON object that this version does not know, kept so a save loses nothing.
pub type Unknown = serde_json::Map<String, serde_json::Value>;

/// Daifugo statistics for the human seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DaifugoStats {
    /// Matches played to the end.
    pub matches: u64,
    /// Matches won (first by total points).
    pub matches_won: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Rounds finished in each place: index 0 = first place, up to 8 players.
    pub places: [u64; 8],
    /// Points scored over all rounds.
    pub points: u64,
    /// Rounds by the title they earned: 大富豪, 富豪, 平民, 貧民, 大貧民 (version 2 on).
    pub titles: [u64; 5],
    /// Revolutions (and counter-revolutions) in the rounds played (version 2 on).
    pub revolutions: u64,
    /// Of those, the ones the player made.
    pub revolutions_by_you: u64,
    /// Rounds the player ended with a forbidden finish (placed last).
    pub fouls: u64,
    /// Rounds the player fell from 大富豪 by miyako-ochi.
    pub miyako_ochi: u64,
    /// The last [`MAX_MATCHES`] finished matches, oldest first.
    pub matches_log: Vec<MatchEntry>,
    /// Counts per rule set (the preset's name; `+` after it when rules were changed).
    pub by_rules: std::collections::BTreeMap<String, RulesStats>,
    /// Fields written by another version, kept as they are.
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// The order of [`DaifugoStats::titles`], highest first.
pub const TITLE_ORDER: [crate::daifugo::Title; 5] = [
    crate::daifugo::Title::Daifugo,
    crate::daifugo::Title::Fugo,
    crate::daifugo::Title::Heimin,
    crate::daifugo::Title::Hinmin,
    crate::daifugo::Title::Daihinmin,
];

/// One finished Daifugo match, as the statistics keep it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchEntry {
    /// The player's points over the match.
    pub points: u64,
    /// The player's place by points (1 = won).
    pub rank: u8,
    /// Players at the table.
    pub players: u8,
    /// Rounds played.
    pub rounds: u32,
    /// The rule set ([`DaifugoStats::by_rules`]).
    pub rules: String,
    /// Fields written by another version, kept as they are.
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// Daifugo counts under one rule set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RulesStats {
    /// Matches played to the end.
    pub matches: u64,
    /// Matches won.
    pub matches_won: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Rounds finished in each place (index 0 = first).
    pub places: [u64; 8],
    /// Points scored.
    pub points: u64,
    /// Fields written by another version, kept as they are.
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// What one finished Daifugo round adds beyond its place and points (version 2).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundDetail {
    /// Players at the table.
    pub players: usize,
    /// The rule set's name ([`DaifugoStats::by_rules`]).
    pub rules: String,
    /// Revolutions in the round (each reversal counts).
    pub revolutions: u64,
    /// Of those, made by the player.
    pub revolutions_by_you: u64,
    /// The player finished with a forbidden finish.
    pub foul: bool,
    /// The player fell by miyako-ochi.
    pub fell: bool,
}

impl RoundDetail {
    /// Counts a round's events for the player in `seat`: revolutions (who made them is the
    /// seat of the play just before) and how the seat finished.
    pub fn observe(&mut self, e: &crate::daifugo::Event, seat: usize, last_player: &mut usize) {
        use crate::daifugo::{Event, FinishKind};
        match *e {
            Event::Play { seat: s, .. } => *last_player = usize::from(s),
            Event::Revolution { .. } => {
                bump(&mut self.revolutions);
                if *last_player == seat {
                    bump(&mut self.revolutions_by_you);
                }
            }
            Event::Finish { seat: s, kind, .. } if usize::from(s) == seat => {
                self.foul |= kind == FinishKind::Foul;
                self.fell |= kind == FinishKind::MiyakoOchi;
            }
            _ => {}
        }
    }
}

/// The rule set's name for the statistics: the preset whose rules these are, else the
/// configured preset's name with `+` (its rules changed by the player).
pub fn rules_name(
    rules: &crate::daifugo::rules::Rules,
    preset: crate::daifugo::rules::Preset,
) -> String {
    use crate::daifugo::rules::{Preset, Rules};
    let name = |p: Preset| {
        serde_json::to_value(p)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    };
    // Every preset the configuration offers (the key table's list), so that uecda and party
    // are named as themselves rather than as changed standard rules.
    for p in crate::config::keys::presets() {
        if Rules::preset(p) == *rules {
            return name(p);
        }
    }
    format!("{}+", name(preset))
}

impl DaifugoStats {
    /// Counts a finished round with its details: the totals ([`DaifugoStats::add_round`]), the
    /// title of `place` at this table, revolutions, fouls and falls, and the rule set's counts.
    pub fn add_round_detail(&mut self, place: usize, points: u64, d: &RoundDetail) {
        self.add_round(place, points);
        if (1..=d.players).contains(&place) && d.players >= 2 {
            let t = crate::daifugo::Title::for_place(place, d.players);
            let i = TITLE_ORDER.iter().position(|x| *x == t).unwrap_or(0);
            bump(&mut self.titles[i]);
        }
        self.revolutions = self.revolutions.saturating_add(d.revolutions);
        self.revolutions_by_you = self.revolutions_by_you.saturating_add(d.revolutions_by_you);
        if d.foul {
            bump(&mut self.fouls);
        }
        if d.fell {
            bump(&mut self.miyako_ochi);
        }
        let r = self.by_rules.entry(d.rules.clone()).or_default();
        bump(&mut r.rounds);
        if let Some(slot) = place.checked_sub(1).and_then(|i| r.places.get_mut(i)) {
            bump(slot);
        }
        r.points = r.points.saturating_add(points);
    }

    /// Counts a finished match with its entry in the log ([`DaifugoStats::add_match`] for the
    /// totals); the log keeps the last [`MAX_MATCHES`].
    pub fn add_match_entry(&mut self, m: MatchEntry) {
        let won = m.rank == 1;
        self.add_match(won);
        let r = self.by_rules.entry(m.rules.clone()).or_default();
        bump(&mut r.matches);
        if won {
            bump(&mut r.matches_won);
        }
        self.matches_log.push(m);
        let extra = self.matches_log.len().saturating_sub(MAX_MATCHES);
        self.matches_log.drain(..extra);
    }

    /// Counts a finished round: finished in `place` (1-based; out of range counts no place)
    /// with `points`. Saturating.
    pub fn add_round(&mut self, place: usize, points: u64) {
        self.rounds = self.rounds.saturating_add(1);
        if let Some(slot) = place.checked_sub(1).and_then(|i| self.places.get_mut(i)) {
            *slot = slot.saturating_add(1);
        }
        self.points = self.points.saturating_add(points);
    }

    /// Counts a finished match, won or not. Saturating.
    pub fn add_match(&mut self, won: bool) {
        self.matches = self.matches.saturating_add(1);
        if won {
            self.matches_won = self.matches_won.saturating_add(1);
        }
    }
}

/// Blackjack statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BlackjackStats {
    /// Rounds dealt.
    pub rounds: u64,
    /// Player hands settled (a split round counts each hand).
    pub hands: u64,
    /// Hands won.
    pub won: u64,
    /// Hands lost (surrenders included).
    pub lost: u64,
    /// Hands pushed.
    pub pushed: u64,
    /// Player naturals.
    pub naturals: u64,
    /// Net result in cents of a chip (positive = the player is ahead).
    pub net_cents: i64,
    /// The net of each of the last [`MAX_BJ_ROUNDS`] settled rounds, in cents, oldest first
    /// (version 2 on).
    pub round_nets: Vec<i64>,
    /// The overall net, in cents, before the first of [`BlackjackStats::round_nets`]: where
    /// the bankroll line starts.
    pub nets_base_cents: i64,
    /// Decisions the coach judged (`coach = true`): each action taken where the exact EVs of
    /// the actual shoe were known.
    pub coach_decisions: u64,
    /// Of those, the ones that were not the best action.
    pub coach_mistakes: u64,
    /// EV given away by those mistakes, in cents of a chip (the EV lost times the hand's bet).
    pub coach_cost_cents: i64,
    /// Fields written by another version, kept as they are.
    #[serde(flatten)]
    pub unknown: Unknown,
}

impl BlackjackStats {
    /// Keeps a settled round's net for the bankroll line (the oldest beyond
    /// [`MAX_BJ_ROUNDS`] folds into [`BlackjackStats::nets_base_cents`]).
    pub fn push_round_net(&mut self, cents: i64) {
        self.round_nets.push(cents);
        let extra = self.round_nets.len().saturating_sub(MAX_BJ_ROUNDS);
        for old in self.round_nets.drain(..extra) {
            self.nets_base_cents = self.nets_base_cents.saturating_add(old);
        }
    }

    /// The overall net after each kept round, in cents, starting with the base: the bankroll
    /// line (`1 + round_nets.len()` points).
    pub fn net_line(&self) -> Vec<i64> {
        let mut out = Vec::with_capacity(self.round_nets.len() + 1);
        let mut net = self.nets_base_cents;
        out.push(net);
        for n in &self.round_nets {
            net = net.saturating_add(*n);
            out.push(net);
        }
        out
    }
}

/// Adds one to a counter, staying at `u64::MAX` rather than wrapping to 0.
pub fn bump(counter: &mut u64) {
    *counter = counter.saturating_add(1);
}

/// Everything that is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Format version ([`VERSION`] when written by this build; 0 when the file had none).
    pub version: u32,
    /// Daifugo.
    pub daifugo: DaifugoStats,
    /// Blackjack.
    pub blackjack: BlackjackStats,
    /// Fields written by another version, kept as they are.
    #[serde(flatten)]
    pub unknown: Unknown,
}

impl Stats {
    /// Brings statistics of an older format up to [`VERSION`] in memory: a version-1 (or
    /// unversioned) file has no round nets, so the bankroll line starts at the net it had
    /// reached. Idempotent; newer files are left as they are.
    pub fn upgrade(&mut self) {
        if self.version < 2 {
            let bj = &mut self.blackjack;
            if bj.round_nets.is_empty() {
                bj.nets_base_cents = bj.net_cents;
            }
            self.version = 2;
        }
    }
}

/// The result of loading: the statistics, and the path a corrupt file was moved to, if any.
#[derive(Debug)]
pub struct Loaded {
    /// The statistics (defaults when there was no usable file).
    pub stats: Stats,
    /// Where an unreadable file was set aside.
    pub set_aside: Option<PathBuf>,
}

/// Why statistics could not be read or saved. The game goes on; the screens show
/// [`StatsError::message`].
#[derive(Debug)]
pub enum StatsError {
    /// The path is not a regular file (`kind`: `"fifo"`, `"device"`, `"folder"`, `"other"`).
    NotAFile {
        /// The statistics path.
        path: PathBuf,
        /// What it is instead.
        kind: &'static str,
    },
    /// The file may not be written by this user; it is left as it is.
    ReadOnly {
        /// The file.
        path: PathBuf,
    },
    /// The file was written by a newer cardroom; it is left as it is.
    Newer {
        /// The file.
        path: PathBuf,
        /// Its format version.
        version: u32,
    },
    /// The file is larger than [`MAX_STATS_BYTES`]; it is left as it is.
    TooLarge {
        /// The file.
        path: PathBuf,
    },
    /// Another cardroom held the statistics folder's lock for too long.
    Busy {
        /// The file.
        path: PathBuf,
    },
    /// Reading or writing failed.
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        error: io::Error,
    },
}

impl StatsError {
    /// The one-line explanation in `lang` (what happened to the file, and that play goes on).
    pub fn message(&self, lang: Lang) -> String {
        let shown = |p: &Path| p.display().to_string();
        match self {
            StatsError::NotAFile { path, kind } => i18n::tf(
                lang,
                "common.stats.not_a_file",
                &[("path", &shown(path)), ("kind", kind)],
            ),
            StatsError::ReadOnly { path } => {
                i18n::tf(lang, "common.stats.read_only", &[("path", &shown(path))])
            }
            StatsError::Newer { path, version } => i18n::tf(
                lang,
                "common.stats.newer",
                &[("path", &shown(path)), ("version", &version.to_string())],
            ),
            StatsError::TooLarge { path } => {
                i18n::tf(lang, "common.stats.too_large", &[("path", &shown(path))])
            }
            StatsError::Busy { path } => {
                i18n::tf(lang, "common.stats.busy", &[("path", &shown(path))])
            }
            StatsError::Io { path, error } => i18n::tf(
                lang,
                "common.stats.io",
                &[("path", &shown(path)), ("error", &error.to_string())],
            ),
        }
    }
}

impl std::fmt::Display for StatsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for StatsError {}

/// What a successful [`StatsStore::update`] has to report.
#[derive(Debug, Default)]
pub struct Saved {
    /// Where an unreadable old file was set aside before the new one was written.
    pub set_aside: Option<PathBuf>,
}

/// A statistics file at a fixed path. Clones share the count of [`StatsStore::writes`].
#[derive(Clone, Debug)]
pub struct StatsStore {
    path: PathBuf,
    writes: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl PartialEq for StatsStore {
    fn eq(&self, other: &Self) -> bool {
        self.path == other.path
    }
}

impl Eq for StatsStore {}

/// How long [`StatsStore::update`] waits for another cardroom to finish its save.
const LOCK_PATIENCE: Duration = Duration::from_secs(2);

impl StatsStore {
    /// The store at `configured` if non-empty, else `<data dir>/cardroom/stats.json`
    /// (`$XDG_DATA_HOME`, else `~/.local/share`). `None` when no home folder is known.
    pub fn locate(configured: &str) -> Option<StatsStore> {
        if !configured.is_empty() {
            return Some(StatsStore::at(configured));
        }
        use etcetera::BaseStrategy;
        let base = etcetera::choose_base_strategy().ok()?;
        Some(StatsStore::at(
            base.data_dir().join("cardroom").join("stats.json"),
        ))
    }

    /// The store at exactly `path`.
    pub fn at(path: impl Into<PathBuf>) -> StatsStore {
        StatsStore {
            path: path.into(),
            writes: Default::default(),
        }
    }

    /// How many times this store (or a clone) has replaced the file: one per
    /// [`StatsStore::update`] that succeeded.
    pub fn writes(&self) -> u64 {
        self.writes.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file that is really read and replaced: the path with every symbolic link followed
    /// (the path itself when it does not exist yet).
    fn target(&self) -> PathBuf {
        fs::canonicalize(&self.path).unwrap_or_else(|_| self.path.clone())
    }

    /// The folder the file lives in.
    fn folder(file: &Path) -> PathBuf {
        match file.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        }
    }

    /// The temporary name a save writes before it renames: `.<name>.tmp` beside the file.
    pub fn temp_path(file: &Path) -> PathBuf {
        let name = file
            .file_name()
            .map_or_else(|| "stats.json".into(), |n| n.to_string_lossy().into_owned());
        file.with_file_name(format!(".{name}.tmp"))
    }

    /// Reads the statistics. A missing file gives defaults; a file that is not valid statistics
    /// is renamed aside and reported in [`Loaded::set_aside`]. Only reads: it never blocks on a
    /// FIFO (refused before opening).
    ///
    /// Errors: not a regular file; too large; it exists but cannot be read or renamed.
    pub fn load(&self) -> Result<Loaded, StatsError> {
        let target = self.target();
        let io = |error| StatsError::Io {
            path: self.path.clone(),
            error,
        };
        let meta = match fs::metadata(&target) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Loaded {
                    stats: Stats::default(),
                    set_aside: None,
                });
            }
            Err(e) => return Err(io(e)),
        };
        self.check_regular(&meta)?;
        let mut bytes = Vec::new();
        fs::File::open(&target)
            .and_then(|f| f.take(MAX_STATS_BYTES + 1).read_to_end(&mut bytes))
            .map_err(io)?;
        if bytes.len() as u64 > MAX_STATS_BYTES {
            return Err(StatsError::TooLarge {
                path: self.path.clone(),
            });
        }
        match serde_json::from_slice::<Stats>(&bytes) {
            Ok(mut stats) => {
                stats.upgrade();
                Ok(Loaded {
                    stats,
                    set_aside: None,
                })
            }
            Err(_) => {
                let aside = free_aside_path(&target);
                fs::rename(&target, &aside).map_err(io)?;
                Ok(Loaded {
                    stats: Stats::default(),
                    set_aside: Some(aside),
                })
            }
        }
    }

    fn check_regular(&self, meta: &fs::Metadata) -> Result<(), StatsError> {
        if meta.is_file() {
            return Ok(());
        }
        let kind = match crate::config::file_kind(meta) {
            "a FIFO" => "fifo",
            "a device" => "device",
            "a folder" => "folder",
            _ => "other",
        };
        Err(StatsError::NotAFile {
            path: self.path.clone(),
            kind,
        })
    }

    /// Applies `change` to the saved statistics in one atomic step (see "Saving" above) and
    /// returns what the caller should tell the player.
    ///
    /// Errors: the file is not a regular file, read-only, from a newer version or too large (it
    /// is then left exactly as it was); another cardroom holds the lock; an I/O error. In every
    /// case the old file is intact.
    pub fn update(&self, change: impl FnOnce(&mut Stats)) -> Result<Saved, StatsError> {
        let io = |error| StatsError::Io {
            path: self.path.clone(),
            error,
        };
        let target = self.target();
        let dir = Self::folder(&target);
        fs::create_dir_all(&dir).map_err(io)?;
        let _lock = self.lock(&dir)?;
        let existing = match fs::metadata(&target) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(io(e)),
        };
        if let Some(meta) = &existing {
            self.check_regular(meta)?;
            // Read-only: no write permission at all (respected even by root, who could write
            // it anyway), or none for us (opening for writing without truncating changes
            // nothing).
            if meta.permissions().readonly() {
                return Err(StatsError::ReadOnly {
                    path: self.path.clone(),
                });
            }
            if let Err(e) = fs::OpenOptions::new().write(true).open(&target) {
                return Err(if e.kind() == io::ErrorKind::PermissionDenied {
                    StatsError::ReadOnly {
                        path: self.path.clone(),
                    }
                } else {
                    io(e)
                });
            }
        }
        let loaded = self.load()?;
        let mut stats = loaded.stats;
        if stats.version > VERSION {
            return Err(StatsError::Newer {
                path: self.path.clone(),
                version: stats.version,
            });
        }
        stats.upgrade();
        change(&mut stats);
        stats.version = VERSION;
        let mode = existing
            .filter(|_| loaded.set_aside.is_none())
            .map(|m| m.permissions());
        write_atomically(&target, &dir, &stats, mode).map_err(io)?;
        self.writes
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(Saved {
            set_aside: loaded.set_aside,
        })
    }

    /// Takes the folder's lock (an advisory `flock` on the folder itself, so no lock file is
    /// left behind), waiting up to [`LOCK_PATIENCE`] for another cardroom's save.
    fn lock(&self, dir: &Path) -> Result<fs::File, StatsError> {
        let handle = fs::File::open(dir).map_err(|error| StatsError::Io {
            path: self.path.clone(),
            error,
        })?;
        let start = Instant::now();
        loop {
            match handle.try_lock() {
                Ok(()) => return Ok(handle),
                Err(fs::TryLockError::WouldBlock) if start.elapsed() < LOCK_PATIENCE => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(fs::TryLockError::WouldBlock) => {
                    return Err(StatsError::Busy {
                        path: self.path.clone(),
                    });
                }
                Err(fs::TryLockError::Error(error)) => {
                    return Err(StatsError::Io {
                        path: self.path.clone(),
                        error,
                    });
                }
            }
        }
    }

    /// Writes `stats` (as format [`VERSION`]) atomically, without the lock and the checks of
    /// [`StatsStore::update`] — for tests and tools that build a file by hand. The game saves
    /// only through `update`.
    ///
    /// Errors: the folder cannot be created or written.
    pub fn save(&self, stats: &Stats) -> io::Result<()> {
        let target = self.target();
        let dir = Self::folder(&target);
        fs::create_dir_all(&dir)?;
        let stats = Stats {
            version: VERSION,
            ..stats.clone()
        };
        write_atomically(&target, &dir, &stats, None)
    }
}

/// Writes `stats` to the temporary name beside `target`, with `mode` (else private, 0600),
/// syncs it, renames it over `target` and syncs the folder.
fn write_atomically(
    target: &Path,
    dir: &Path,
    stats: &Stats,
    mode: Option<fs::Permissions>,
) -> io::Result<()> {
    let json = serde_json::to_string_pretty(stats).map_err(io::Error::other)?;
    let tmp = StatsStore::temp_path(target);
    let mut opts = fs::OpenOptions::new();
    opts.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
    // A temporary file left by a save that was killed: ours to replace (we hold the lock).
    let _ = fs::remove_file(&tmp);
    let result = (|| {
        let mut f = opts.open(&tmp)?;
        if let Some(m) = mode {
            f.set_permissions(m)?;
        }
        f.write_all(json.as_bytes())?;
        f.write_all(b"\n")?;
        f.sync_all()?;
        fs::rename(&tmp, target)?;
        #[cfg(unix)]
        fs::File::open(dir)?.sync_all()?;
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

fn free_aside_path(file: &Path) -> PathBuf {
    let name = file
        .file_name()
        .map_or_else(|| "stats.json".into(), |n| n.to_string_lossy().into_owned());
    (1..)
        .map(|n| file.with_file_name(format!("{name}.corrupt-{n}")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| file.with_file_name(format!("{name}.corrupt")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn files_in(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn round_trips_and_missing_is_default() {
        let dir = tempfile::tempdir().unwrap();
        let store = StatsStore::at(dir.path().join("sub/stats.json"));
        let loaded = store.load().unwrap();
        assert_eq!(loaded.stats, Stats::default());
        store
            .update(|s| {
                s.daifugo.matches = 3;
                s.blackjack.net_cents = -1250;
            })
            .unwrap();
        let back = store.load().unwrap();
        assert_eq!(back.stats.version, VERSION);
        assert_eq!(back.stats.daifugo.matches, 3);
        assert_eq!(back.stats.blackjack.net_cents, -1250);
        assert!(back.set_aside.is_none());
        assert_eq!(store.writes(), 1);
    }

    #[test]
    fn a_corrupt_file_is_set_aside_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        fs::write(&path, "{ this is not json").unwrap();
        let store = StatsStore::at(&path);
        let saved = store.update(|s| s.daifugo.rounds = 1).unwrap();
        let aside = saved.set_aside.expect("the corrupt file was moved");
        assert_eq!(fs::read_to_string(&aside).unwrap(), "{ this is not json");
        assert_eq!(store.load().unwrap().stats.daifugo.rounds, 1);
        store.update(|s| s.daifugo.rounds += 1).unwrap();
        assert_eq!(
            fs::read_to_string(&aside).unwrap(),
            "{ this is not json",
            "saving later never touches the set-aside copy"
        );
        // A second corrupt file gets its own name.
        fs::write(&path, "garbage").unwrap();
        let again = store.load().unwrap().set_aside.unwrap();
        assert_ne!(again, aside);
    }

    #[test]
    fn a_fifo_is_refused_without_being_opened() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.unwrap().success());
        let store = StatsStore::at(&path);
        // Opening a FIFO for reading would block here for ever (no writer).
        let e = store.update(|s| s.daifugo.rounds = 1).unwrap_err();
        assert!(
            matches!(e, StatsError::NotAFile { kind: "fifo", .. }),
            "{e:?}"
        );
        assert!(e.message(Lang::En).contains("is a FIFO"), "{e}");
        assert!(matches!(store.load(), Err(StatsError::NotAFile { .. })));
        let still = fs::metadata(&path).unwrap().file_type();
        assert!(std::os::unix::fs::FileTypeExt::is_fifo(&still));
    }

    #[test]
    fn a_read_only_file_is_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        let store = StatsStore::at(&path);
        store.update(|s| s.daifugo.rounds = 5).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let before = fs::read(&path).unwrap();
        let e = store.update(|s| s.daifugo.rounds += 1).unwrap_err();
        assert!(matches!(e, StatsError::ReadOnly { .. }), "{e:?}");
        assert!(e.message(Lang::En).contains("read-only"), "{e}");
        assert_eq!(fs::read(&path).unwrap(), before);
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o444, "not replaced by a 0600 file");
        assert_eq!(files_in(dir.path()), ["stats.json"]);
    }

    #[test]
    fn a_symlink_is_followed_and_the_mode_kept() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real/stats.json");
        fs::create_dir_all(real.parent().unwrap()).unwrap();
        fs::write(&real, r#"{"version":1,"daifugo":{"rounds":2}}"#).unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("stats.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let store = StatsStore::at(&link);
        store.update(|s| s.daifugo.rounds += 1).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(store.load().unwrap().stats.daifugo.rounds, 3);
        let real_text = fs::read_to_string(&real).unwrap();
        assert!(real_text.contains("\"rounds\": 3"), "{real_text}");
        let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(files_in(real.parent().unwrap()), ["stats.json"]);
    }

    #[test]
    fn a_file_from_a_newer_version_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        let newer =
            r#"{"version": 99, "daifugo": {"rounds": 9, "streak": 4}, "uecda": {"wins": 1}}"#;
        fs::write(&path, newer).unwrap();
        let store = StatsStore::at(&path);
        let e = store.update(|s| s.daifugo.rounds += 1).unwrap_err();
        assert!(matches!(e, StatsError::Newer { version: 99, .. }), "{e:?}");
        assert!(e.message(Lang::En).contains("newer cardroom"), "{e}");
        assert_eq!(fs::read_to_string(&path).unwrap(), newer);
    }

    #[test]
    fn unknown_fields_survive_a_save_and_old_files_are_upgraded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        // No version (the first format) and fields this build does not know.
        fs::write(
            &path,
            r#"{"daifugo": {"rounds": 2, "coach": {"asked": 3}}, "blackjack": {"hands": 1, "tally": [1, 2]}, "extra": true}"#,
        )
        .unwrap();
        let store = StatsStore::at(&path);
        store.update(|s| s.daifugo.rounds += 1).unwrap();
        let v: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(v["version"], VERSION);
        assert_eq!(v["daifugo"]["rounds"], 3);
        assert_eq!(v["daifugo"]["coach"]["asked"], 3);
        assert_eq!(v["blackjack"]["hands"], 1);
        assert_eq!(v["blackjack"]["tally"], serde_json::json!([1, 2]));
        assert_eq!(v["extra"], true);
    }

    /// A file as version 1 wrote it (the format before the statistics screen) is read with
    /// every count intact, upgraded, and saved as version 2 with the new round added.
    #[test]
    fn a_version_1_file_is_read_and_upgraded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        fs::write(&path, include_str!("../tests/fixtures/stats/v1.json")).unwrap();
        let store = StatsStore::at(&path);
        let loaded = store.load().unwrap().stats;
        assert_eq!(loaded.version, 2, "upgraded in memory");
        assert_eq!(loaded.daifugo.rounds, 20);
        assert_eq!(loaded.daifugo.places[..4], [5, 6, 4, 5]);
        assert_eq!(loaded.daifugo.titles, [0; 5], "not known for old rounds");
        assert!(loaded.daifugo.matches_log.is_empty());
        assert_eq!(loaded.blackjack.hands, 32);
        // The bankroll line starts at the net reached before the upgrade.
        assert_eq!(loaded.blackjack.net_line(), vec![-4250]);

        store
            .update(|s| {
                let d = RoundDetail {
                    players: 4,
                    rules: "standard".into(),
                    revolutions: 1,
                    ..Default::default()
                };
                s.daifugo.add_round_detail(2, 3, &d);
                s.blackjack.net_cents += 1500;
                s.blackjack.push_round_net(1500);
            })
            .unwrap();
        let v: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(v["version"], 2);
        assert_eq!(v["daifugo"]["rounds"], 21);
        assert_eq!(v["daifugo"]["points"], 54);
        assert_eq!(v["daifugo"]["places"][1], 7);
        assert_eq!(v["daifugo"]["titles"], serde_json::json!([0, 1, 0, 0, 0]));
        assert_eq!(v["daifugo"]["by_rules"]["standard"]["rounds"], 1);
        assert_eq!(v["blackjack"]["nets_base_cents"], -4250);
        assert_eq!(v["blackjack"]["round_nets"], serde_json::json!([1500]));
        let again = store.load().unwrap().stats;
        assert_eq!(again.blackjack.net_line(), vec![-4250, -2750]);
    }

    #[test]
    fn titles_follow_the_table_size() {
        // rules/daifugo.md §2 "Titles by player count": 3 players have no 富豪 or 貧民; 5 have
        // a 平民 in the middle; 2 only 大富豪 and 大貧民.
        let mut d = DaifugoStats::default();
        let detail = |players| RoundDetail {
            players,
            rules: "standard".into(),
            ..Default::default()
        };
        d.add_round_detail(2, 2, &detail(3)); // 平民
        d.add_round_detail(2, 4, &detail(4)); // 富豪
        d.add_round_detail(3, 3, &detail(5)); // 平民
        d.add_round_detail(4, 2, &detail(5)); // 貧民
        d.add_round_detail(2, 1, &detail(2)); // 大貧民
        d.add_round_detail(1, 5, &detail(5)); // 大富豪
        assert_eq!(d.titles, [1, 1, 2, 1, 1]);
        assert_eq!(d.rounds, 6);
        assert_eq!(d.by_rules["standard"].places[..4], [1, 3, 1, 1]);
    }

    #[test]
    fn the_logs_keep_their_latest_entries() {
        let mut d = DaifugoStats::default();
        for i in 0..(MAX_MATCHES + 3) {
            d.add_match_entry(MatchEntry {
                points: i as u64,
                rank: if i % 2 == 0 { 1 } else { 2 },
                players: 4,
                rounds: 5,
                rules: "classic".into(),
                ..Default::default()
            });
        }
        assert_eq!(d.matches_log.len(), MAX_MATCHES);
        assert_eq!(d.matches_log[0].points, 3);
        assert_eq!(d.matches, (MAX_MATCHES + 3) as u64);
        assert_eq!(d.by_rules["classic"].matches_won, 252);
        let mut b = BlackjackStats::default();
        for _ in 0..(MAX_BJ_ROUNDS + 2) {
            b.push_round_net(100);
        }
        assert_eq!(b.round_nets.len(), MAX_BJ_ROUNDS);
        assert_eq!(b.nets_base_cents, 200);
        assert_eq!(
            *b.net_line().last().unwrap(),
            100 * (MAX_BJ_ROUNDS as i64 + 2)
        );
    }

    #[test]
    fn a_round_s_revolutions_and_finish_are_counted_for_the_player() {
        use crate::cards::parse_cards;
        use crate::daifugo::{CardSet, Event, FinishKind, Play};
        let play = |seat| Event::Play {
            seat,
            play: Play::from_cards(CardSet::from_cards(&parse_cards("5S 5H 5D 5C").unwrap()))
                .unwrap(),
        };
        let mut d = RoundDetail::default();
        let mut last = 0;
        for e in [
            play(2),
            Event::Revolution { active: true },
            play(0),
            Event::Revolution { active: false },
            Event::Finish {
                seat: 0,
                place: 4,
                kind: FinishKind::Foul,
            },
            Event::Finish {
                seat: 1,
                place: 3,
                kind: FinishKind::MiyakoOchi,
            },
        ] {
            d.observe(&e, 0, &mut last);
        }
        assert_eq!((d.revolutions, d.revolutions_by_you), (2, 1));
        assert!(d.foul && !d.fell, "seat 1's fall is not the player's");
    }

    #[test]
    fn rule_sets_are_named_by_their_preset() {
        use crate::daifugo::rules::{Preset, Rules};
        assert_eq!(rules_name(&Rules::default(), Preset::Standard), "standard");
        assert_eq!(
            rules_name(&Rules::preset(Preset::Classic), Preset::Standard),
            "classic"
        );
        let r = Rules {
            jack_back: true,
            ..Rules::default()
        };
        assert_eq!(rules_name(&r, Preset::Standard), "standard+");
        assert_eq!(
            rules_name(&Rules::preset(Preset::Uecda), Preset::Uecda),
            "uecda"
        );
        assert_eq!(
            rules_name(&Rules::preset(Preset::Party), Preset::Party),
            "party"
        );
        let r = Rules {
            gekokujo: true,
            ..Rules::preset(Preset::Party)
        };
        assert_eq!(rules_name(&r, Preset::Party), "party+");
    }

    #[test]
    fn counters_saturate_instead_of_wrapping() {
        let mut d = DaifugoStats {
            rounds: u64::MAX,
            points: u64::MAX - 1,
            matches: u64::MAX,
            matches_won: u64::MAX,
            ..DaifugoStats::default()
        };
        d.places[0] = u64::MAX;
        d.add_round(1, 4);
        d.add_match(true);
        assert_eq!(
            (d.rounds, d.points, d.places[0]),
            (u64::MAX, u64::MAX, u64::MAX)
        );
        assert_eq!((d.matches, d.matches_won), (u64::MAX, u64::MAX));
        // A place out of range counts the round but no place.
        let mut d = DaifugoStats::default();
        d.add_round(0, 0);
        d.add_round(9, 0);
        assert_eq!((d.rounds, d.places.iter().sum::<u64>()), (2, 0));
        let mut c = u64::MAX;
        bump(&mut c);
        assert_eq!(c, u64::MAX);
        // A saved file at the limit stays at the limit.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        fs::write(
            &path,
            format!(r#"{{"version":1,"daifugo":{{"rounds":{}}}}}"#, u64::MAX),
        )
        .unwrap();
        let store = StatsStore::at(&path);
        store.update(|s| s.daifugo.add_round(1, 1)).unwrap();
        assert_eq!(store.load().unwrap().stats.daifugo.rounds, u64::MAX);
    }

    #[test]
    fn a_save_killed_half_way_leaves_the_old_file_and_no_pile_of_temporaries() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        let store = StatsStore::at(&path);
        store.update(|s| s.daifugo.rounds = 1).unwrap();
        // A save killed before its rename: the temporary is there, half written; the file is
        // still the old one.
        let tmp = StatsStore::temp_path(&path);
        fs::write(&tmp, "{\"version\": 1, \"daif").unwrap();
        assert_eq!(store.load().unwrap().stats.daifugo.rounds, 1);
        // Later saves reuse the one temporary name and leave nothing beside the file.
        for _ in 0..20 {
            store.update(|s| s.daifugo.rounds += 1).unwrap();
        }
        assert_eq!(store.load().unwrap().stats.daifugo.rounds, 21);
        assert_eq!(files_in(dir.path()), ["stats.json"]);
    }

    #[test]
    fn two_stores_on_one_file_lose_no_update() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let store = StatsStore::at(&path);
                std::thread::spawn(move || {
                    for _ in 0..25 {
                        store.update(|s| s.blackjack.rounds += 1).unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(
            StatsStore::at(&path).load().unwrap().stats.blackjack.rounds,
            100
        );
    }
}

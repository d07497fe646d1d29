//! Persisted statistics: what the player has done across sessions, kept as JSON in the
//! platform data folder (or `general.stats_file`).
//!
//! Writes are atomic (a temporary file in the same folder, synced, renamed over the old one, and
//! the folder synced), so a crash never leaves half a file. A file that cannot be read as
//! statistics is never overwritten silently: it is renamed aside (`stats.json.corrupt-<n>`) and
//! the caller is told, so the player can recover it.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

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
}

/// Everything that is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Format version, for future migrations.
    pub version: u32,
    /// Daifugo.
    pub daifugo: DaifugoStats,
    /// Blackjack.
    pub blackjack: BlackjackStats,
}

/// The result of loading: the statistics, and the path a corrupt file was moved to, if any.
#[derive(Debug)]
pub struct Loaded {
    /// The statistics (defaults when there was no usable file).
    pub stats: Stats,
    /// Where an unreadable file was set aside.
    pub set_aside: Option<PathBuf>,
}

/// A statistics file at a fixed path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatsStore {
    path: PathBuf,
}

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
        StatsStore { path: path.into() }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the statistics. A missing file gives defaults; a file that is not valid statistics
    /// is renamed aside and reported in [`Loaded::set_aside`].
    ///
    /// Errors: the file exists but cannot be read or renamed.
    pub fn load(&self) -> std::io::Result<Loaded> {
        let text = match fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Loaded {
                    stats: Stats::default(),
                    set_aside: None,
                });
            }
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => String::new(),
            Err(e) => return Err(e),
        };
        match serde_json::from_str::<Stats>(&text) {
            Ok(stats) => Ok(Loaded {
                stats,
                set_aside: None,
            }),
            Err(_) => {
                let aside = self.free_aside_path();
                fs::rename(&self.path, &aside)?;
                Ok(Loaded {
                    stats: Stats::default(),
                    set_aside: Some(aside),
                })
            }
        }
    }

    fn free_aside_path(&self) -> PathBuf {
        let name = self
            .path
            .file_name()
            .map_or_else(|| "stats.json".into(), |n| n.to_string_lossy().into_owned());
        (1..)
            .map(|n| self.path.with_file_name(format!("{name}.corrupt-{n}")))
            .find(|p| !p.exists())
            .unwrap_or_else(|| self.path.with_file_name(format!("{name}.corrupt")))
    }

    /// Writes the statistics atomically, creating the folder if needed.
    ///
    /// Errors: the folder cannot be created or written.
    pub fn save(&self, stats: &Stats) -> std::io::Result<()> {
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&dir)?;
        let mut tmp = tempfile::NamedTempFile::new_in(&dir)?;
        let json = serde_json::to_string_pretty(&Stats {
            version: 1,
            ..stats.clone()
        })
        .map_err(std::io::Error::other)?;
        tmp.write_all(json.as_bytes())?;
        tmp.write_all(b"\n")?;
        // persist() renames but syncs nothing: sync the data, then the folder entry.
        tmp.as_file().sync_all()?;
        tmp.persist(&self.path).map_err(|e| e.error)?;
        #[cfg(unix)]
        fs::File::open(&dir)?.sync_all()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_missing_is_default() {
        let dir = tempfile::tempdir().unwrap();
        let store = StatsStore::at(dir.path().join("sub/stats.json"));
        let loaded = store.load().unwrap();
        assert_eq!(loaded.stats, Stats::default());
        let mut s = Stats::default();
        s.daifugo.matches = 3;
        s.blackjack.net_cents = -1250;
        store.save(&s).unwrap();
        let back = store.load().unwrap();
        assert_eq!(back.stats.daifugo.matches, 3);
        assert_eq!(back.stats.blackjack.net_cents, -1250);
        assert!(back.set_aside.is_none());
    }

    #[test]
    fn a_corrupt_file_is_set_aside_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.json");
        fs::write(&path, "{ this is not json").unwrap();
        let store = StatsStore::at(&path);
        let loaded = store.load().unwrap();
        let aside = loaded.set_aside.expect("the corrupt file was moved");
        assert_eq!(fs::read_to_string(&aside).unwrap(), "{ this is not json");
        assert!(!path.exists());
        store.save(&loaded.stats).unwrap();
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
}

//! The figures of a run, per player: points (mean ± standard error), places, rejected plays,
//! protocol faults and time per move. Data only; the command line puts it into words.

use std::time::Duration;

use serde::Serialize;

use super::PLAYERS;
use crate::daifugo::cpu::{SearchCounts, SearchFigures};
use crate::daifugo::rules::CpuLevel;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "level", rename_all = "lowercase")]
pub enum SeatKind {
    /// A program that connects over TCP.
    External,
    /// A cardroom CPU of this level.
    Cpu(CpuLevel),
    /// The person at the terminal.
    Human,
}

impl SeatKind {
    /// The word used in records and JSON: `external`, `easy`, `normal`, `hard`, `human`.
    pub fn label(self) -> &'static str {
        match self {
            SeatKind::External => "external",
            SeatKind::Cpu(l) => l.as_str(),
            SeatKind::Human => "human",
        }
    }
}

/// One player's figures.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerFigures {
    /// Points per game, in order (5 for 1st … 1 for 5th).
    pub points: Vec<u8>,
    /// Games finished in each place (index 0 = 1st).
    pub places: [u32; PLAYERS],
    /// Plays the rules refused (each counted as a pass).
    pub rejected: u32,
    /// Moves not made within the move time limit (each counted as a pass).
    pub timeouts: u32,
    /// Tables that could not be read as cards (bad values, cards where none exist) and bytes
    /// sent out of turn.
    pub protocol_errors: u32,
    /// The game in which the connection was lost, if it was.
    pub disconnected_in: Option<u32>,
    /// Per play or pass made: the time from writing the player's hand table to having its
    /// answer (for a cardroom CPU, its thinking time). Give-backs are not timed.
    pub move_times: Vec<Duration>,
    /// For a cardroom CPU that searches (`hard`): its searches over the run and how they read
    /// the table ([`SearchCounts`]); `None` for the others.
    pub searches: Option<SearchCounts>,
}

impl PlayerFigures {
    /// Records one game's place (1-based).
    pub fn add_place(&mut self, place: u8) {
        let p = usize::from(place.clamp(1, PLAYERS as u8));
        self.places[p - 1] += 1;
        self.points.push((PLAYERS + 1 - p) as u8);
    }

    /// Mean points per game (0 without games).
    pub fn mean_points(&self) -> f64 {
        mean(&self.points)
    }

    /// Standard error of the mean points: the sample standard deviation over √games
    /// (0 with fewer than two games).
    pub fn stderr(&self) -> f64 {
        let n = self.points.len();
        if n < 2 {
            return 0.0;
        }
        let m = self.mean_points();
        let var = self
            .points
            .iter()
            .map(|p| (f64::from(*p) - m).powi(2))
            .sum::<f64>()
            / (n - 1) as f64;
        (var / n as f64).sqrt()
    }

    /// The `q`-quantile (0..=1) of the move times by the nearest-rank method; `None` without
    /// moves.
    pub fn move_time(&self, q: f64) -> Option<Duration> {
        let mut v = self.move_times.clone();
        if v.is_empty() {
            return None;
        }
        v.sort_unstable();
        let rank = (q.clamp(0.0, 1.0) * v.len() as f64).ceil() as usize;
        v.get(rank.clamp(1, v.len()) - 1).copied()
    }
}

fn mean(points: &[u8]) -> f64 {
    if points.is_empty() {
        0.0
    } else {
        points.iter().map(|p| f64::from(*p)).sum::<f64>() / points.len() as f64
    }
}

/// One player of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerResult {
    /// Player number (0–4).
    pub player: usize,
    /// Profile name (or the CPU's / the human's name).
    pub name: String,
    /// Who played.
    pub kind: SeatKind,
    /// The figures.
    pub figures: PlayerFigures,
}

/// The result of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResults {
    /// Games completed.
    pub games: u32,
    /// Games asked for.
    pub games_planned: u32,
    /// By player number.
    pub players: Vec<PlayerResult>,
    /// Wall-clock time of the games (after the handshake).
    pub elapsed: Duration,
}

/// The JSON form of a run (`--json`).
#[derive(Serialize)]
struct JsonRun<'a> {
    games: u32,
    games_planned: u32,
    seconds: f64,
    players: Vec<JsonPlayer<'a>>,
}

#[derive(Serialize)]
struct JsonPlayer<'a> {
    player: usize,
    name: &'a str,
    seat: SeatKind,
    mean_points: f64,
    stderr: f64,
    places: [u32; PLAYERS],
    rejected: u32,
    timeouts: u32,
    protocol_errors: u32,
    disconnected_in: Option<u32>,
    move_ms: JsonTimes,
    searches: Option<SearchFigures>,
}

#[derive(Serialize)]
struct JsonTimes {
    moves: usize,
    p50: Option<f64>,
    p99: Option<f64>,
    max: Option<f64>,
}

fn ms(d: Option<Duration>) -> Option<f64> {
    d.map(|d| d.as_secs_f64() * 1000.0)
}

impl RunResults {
    /// The run as JSON: `{"games", "games_planned", "seconds", "players": [{"player", "name",
    /// "seat": {"kind", "level"}, "mean_points", "stderr", "places": [1st..5th], "rejected",
    /// "timeouts", "protocol_errors", "disconnected_in", "move_ms": {"moves", "p50", "p99",
    /// "max"}, "searches": {"searches", "deepened_rate", "loosened_rate", "imitated_rate",
    /// "read_by_imitation_rate"} or null}]}`
    /// ([`SearchFigures`]; null for a player that does not search).
    pub fn to_json(&self) -> serde_json::Value {
        let run = JsonRun {
            games: self.games,
            games_planned: self.games_planned,
            seconds: self.elapsed.as_secs_f64(),
            players: self
                .players
                .iter()
                .map(|p| {
                    let f = &p.figures;
                    JsonPlayer {
                        player: p.player,
                        name: &p.name,
                        seat: p.kind,
                        mean_points: f.mean_points(),
                        stderr: f.stderr(),
                        places: f.places,
                        rejected: f.rejected,
                        timeouts: f.timeouts,
                        protocol_errors: f.protocol_errors,
                        disconnected_in: f.disconnected_in,
                        move_ms: JsonTimes {
                            moves: f.move_times.len(),
                            p50: ms(f.move_time(0.5)),
                            p99: ms(f.move_time(0.99)),
                            max: ms(f.move_time(1.0)),
                        },
                        searches: f.searches.and_then(SearchFigures::from_counts),
                    }
                })
                .collect(),
        };
        serde_json::to_value(run).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_standard_error_by_hand() {
        let mut f = PlayerFigures::default();
        f.add_place(1);
        f.add_place(5);
        // Points 5 and 1: mean 3, sample sd √8, standard error √8/√2 = 2.
        assert_eq!(f.mean_points(), 3.0);
        assert!((f.stderr() - 2.0).abs() < 1e-12);
        assert_eq!(f.places, [1, 0, 0, 0, 1]);
    }

    #[test]
    fn move_time_quantiles_by_nearest_rank() {
        let f = PlayerFigures {
            move_times: (1..=100).rev().map(Duration::from_millis).collect(),
            ..PlayerFigures::default()
        };
        assert_eq!(f.move_time(0.5), Some(Duration::from_millis(50)));
        assert_eq!(f.move_time(0.99), Some(Duration::from_millis(99)));
        assert_eq!(f.move_time(1.0), Some(Duration::from_millis(100)));
        assert_eq!(PlayerFigures::default().move_time(0.5), None);
    }
}

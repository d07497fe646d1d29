//! The harness: a `uecda serve` table in a thread on 127.0.0.1 and a free port, and a test
//! client written here from `uecda.md` alone — it speaks the protocol with raw sockets, plays
//! simple legal-looking cards, and checks every table it receives against the protocol
//! (answers, field tables, its own hand, the exchange, counts, seating, continue codes).

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use cardroom::daifugo::record::check_record;
use cardroom::uecda::contest_rules;
use cardroom::uecda::results::{RunResults, SeatKind};
use cardroom::uecda::server::{Observer, Quiet, ServeError, ServeOptions, Server};

pub use crate::long_tests;

/// A writer whose bytes the test can read afterwards.
#[derive(Clone, Default)]
pub struct Shared(pub Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Options for a test table: `games` games, the given seats, a short handshake limit.
pub fn options(games: u32, seats: Vec<SeatKind>, seed: u64) -> ServeOptions {
    ServeOptions {
        port: 0,
        games,
        seats,
        seed,
        handshake_timeout: Duration::from_millis(500),
        move_timeout: Some(Duration::from_secs(5)),
        budget: cardroom::daifugo::cpu::Budget::Playouts(4),
        ..ServeOptions::new(contest_rules())
    }
}

/// A table running in a thread.
pub struct Table {
    /// Where it listens.
    pub addr: SocketAddr,
    handle: JoinHandle<Result<RunResults, ServeError>>,
    record: Shared,
}

/// Starts a table with `observer`.
pub fn start_with(opts: ServeOptions, mut observer: Box<dyn Observer + Send>) -> Table {
    let server = Server::bind(opts).expect("bind 127.0.0.1:0");
    let addr = server.local_addr().unwrap();
    let record = Shared::default();
    let out = record.clone();
    let handle = std::thread::spawn(move || {
        let stop = AtomicBool::new(false);
        server.run(&mut *observer, None, Some(Box::new(out)), &stop)
    });
    Table {
        addr,
        handle,
        record,
    }
}

/// Starts a quiet table.
pub fn start(opts: ServeOptions) -> Table {
    start_with(opts, Box::new(Quiet))
}

impl Table {
    /// Waits for the run; returns its figures and the record, which must replay.
    pub fn finish(self) -> (RunResults, String) {
        let results = self.handle.join().expect("server thread").expect("run");
        let text = String::from_utf8(self.record.0.lock().unwrap().clone()).unwrap();
        let summary = check_record(&text).unwrap_or_else(|e| panic!("record: {e}"));
        assert_eq!(
            summary
                .results
                .iter()
                .map(|r| r.rounds.len())
                .sum::<usize>(),
            results.games as usize,
            "every game is in the record"
        );
        (results, text)
    }
}

/// Checks what holds of every complete run: each game's places are a permutation (so each
/// game hands out 15 points), each player has one place per game.
pub fn check_figures(r: &RunResults) {
    let games = r.games as usize;
    let mut by_place = [0usize; 5];
    for p in &r.players {
        assert_eq!(p.figures.points.len(), games, "player {}", p.player);
        assert_eq!(p.figures.places.iter().sum::<u32>() as usize, games);
        for (i, n) in p.figures.places.iter().enumerate() {
            by_place[i] += *n as usize;
        }
    }
    assert_eq!(by_place, [games; 5], "each place once per game");
    let total: f64 = r.players.iter().map(|p| p.figures.mean_points()).sum();
    assert!((total - 15.0).abs() < 1e-9, "15 points a game, got {total}");
}

// ----- the test client ----------------------------------------------------------------------

/// A table as the test client sees it: 8×15 ints.
pub type Cells = [[i32; 15]; 8];

fn read_exact(s: &mut TcpStream, n: usize) -> Option<Vec<u8>> {
    let mut b = vec![0u8; n];
    s.read_exact(&mut b).ok()?;
    Some(b)
}

fn read_table(s: &mut TcpStream) -> Option<Cells> {
    let b = read_exact(s, 480)?;
    let mut t = [[0i32; 15]; 8];
    for (i, v) in t.iter_mut().flatten().enumerate() {
        *v = i32::from_be_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]);
    }
    Some(t)
}

fn read_int(s: &mut TcpStream) -> Option<i32> {
    let b = read_exact(s, 4)?;
    Some(i32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

fn bytes(t: &Cells) -> Vec<u8> {
    t.iter().flatten().flat_map(|v| v.to_be_bytes()).collect()
}

/// Cards as a bit set over cells `row * 15 + col` (rows 0–3 naturals, `[4][1]` the joker).
type Hand = u128;

fn bit(row: usize, col: usize) -> Hand {
    1 << (row * 15 + col)
}

fn hand_of(t: &Cells) -> Hand {
    let mut h = 0;
    for (r, row) in t.iter().take(5).enumerate() {
        for (c, v) in row.iter().enumerate() {
            if *v == 1 {
                h |= bit(r, c);
            } else if *v == 2 {
                h |= bit(4, 1);
            }
        }
    }
    h
}

fn table_of(h: Hand) -> Cells {
    let mut t = [[0; 15]; 8];
    for (r, row) in t.iter_mut().enumerate().take(5) {
        for (c, v) in row.iter_mut().enumerate() {
            if h & bit(r, c) != 0 {
                *v = if r == 4 { 2 } else { 1 };
            }
        }
    }
    t
}

/// The `k` strongest cards as `uecda.md` says the lower players give them: the joker first,
/// then from the 2 downward, ♠ ♥ ♦ ♣ within a rank.
pub fn strongest(h: Hand, k: usize) -> Hand {
    let mut out = 0;
    let mut left = k;
    if h & bit(4, 1) != 0 && left > 0 {
        out |= bit(4, 1);
        left -= 1;
    }
    for c in (1..=13).rev() {
        for r in 0..4 {
            if left > 0 && h & bit(r, c) != 0 {
                out |= bit(r, c);
                left -= 1;
            }
        }
    }
    out
}

/// The `k` weakest cards, the 3s first.
fn weakest(h: Hand, k: usize) -> Hand {
    let mut out = 0;
    let mut left = k;
    for c in 1..=13 {
        for r in 0..4 {
            if left > 0 && h & bit(r, c) != 0 {
                out |= bit(r, c);
                left -= 1;
            }
        }
    }
    if left > 0 && h & bit(4, 1) != 0 {
        out |= bit(4, 1);
    }
    out
}

/// How the test client misbehaves.
#[derive(Clone, Debug, Default)]
pub struct Behaviour {
    /// Send every table in two writes with a pause between.
    pub split_writes: bool,
    /// After every n-th move, send this many junk bytes out of turn.
    pub junk_every: Option<(u32, usize)>,
    /// At this move (counted from 1), send a table with a 7 in it.
    pub bad_value_at: Option<u32>,
    /// At this move, wait this long before answering.
    pub slow_at: Option<(u32, Duration)>,
    /// At this move, send half a table and disconnect.
    pub quit_at: Option<u32>,
    /// From this move on, never answer (but keep reading).
    pub silent_from: Option<u32>,
    /// Announce this protocol number instead of 20070.
    pub protocol: Option<i32>,
}

/// What a test client saw.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    /// Player number.
    pub player: usize,
    /// Games ended (continue codes 1 and 2).
    pub games: u32,
    /// Our plays answered 9.
    pub accepted: u32,
    /// Our plays answered 8.
    pub refused: u32,
    /// The seating of each game (player in seat s).
    pub seatings: Vec<[usize; 5]>,
    /// Whether each game's deal table had classes.
    pub had_classes: Vec<bool>,
    /// Whether the last code was 2.
    pub finished: bool,
    /// Turns on which the server asked us to move (hand tables with `[5][2] = 1`).
    pub moves: u32,
}

/// Runs a test client to the end of the run and returns what it saw; panics when a table
/// breaks the protocol.
pub fn test_client(addr: SocketAddr, name: &str, b: Behaviour) -> Seen {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_nodelay(true).unwrap();
    let mut profile = [[0i32; 15]; 8];
    profile[0][0] = b.protocol.unwrap_or(20070);
    for (i, ch) in name.bytes().enumerate().take(14) {
        profile[1][i] = i32::from(ch);
    }
    s.write_all(&bytes(&profile)).unwrap();
    let mut seen = Seen::default();
    let Some(player) = read_int(&mut s) else {
        return seen;
    };
    assert!((0..5).contains(&player), "player number {player}");
    seen.player = player as usize;
    let me = seen.player;
    let mut moves = 0u32;
    let send = |s: &mut TcpStream, t: &Cells| {
        let b8 = bytes(t);
        if b.split_writes {
            let _ = s.write_all(&b8[..100]);
            std::thread::sleep(Duration::from_millis(5));
            let _ = s.write_all(&b8[100..]);
        } else {
            let _ = s.write_all(&b8);
        }
    };
    'games: loop {
        let Some(deal) = read_table(&mut s) else {
            return seen;
        };
        assert_eq!(deal[5][0], 1, "deal flag");
        assert_eq!(deal[5][3], 6, "deal table's player cell");
        let counts: Vec<i32> = deal[6][..5].to_vec();
        assert_eq!(counts.iter().sum::<i32>(), 53, "53 cards dealt: {counts:?}");
        let mut sorted = counts.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [10, 10, 11, 11, 11], "11/11/11/10/10");
        let mut seating = [0usize; 5];
        for (i, slot) in seating.iter_mut().enumerate() {
            *slot = deal[6][10 + i] as usize;
        }
        let mut check = seating;
        check.sort_unstable();
        assert_eq!(check, [0, 1, 2, 3, 4], "seating is a permutation");
        seen.seatings.push(seating);
        let classes: Vec<i32> = deal[6][5..10].to_vec();
        let has_classes = classes.iter().any(|c| *c != 0);
        seen.had_classes.push(has_classes);
        let my_class = classes[me];
        let owe = deal[5][1];
        let expected_owe = match (has_classes, my_class) {
            (true, 0) => 2,
            (true, 1) => 1,
            _ => 0,
        };
        assert_eq!(owe, expected_owe, "[5][1] for class {my_class}");
        let dealt = hand_of(&deal);
        let gift = match (has_classes, my_class) {
            (true, 0) => 2,
            (true, 1) => 1,
            _ => 0,
        };
        assert_eq!(
            dealt.count_ones() as i32,
            counts[me] + gift,
            "an upper player's deal table already holds the gift"
        );
        let mut hand = dealt;
        let mut gave = 0;
        if owe > 0 {
            gave = weakest(hand, owe as usize);
            send(&mut s, &table_of(gave));
            hand &= !gave;
        }
        let mut first = true;
        let mut pile: Cells = [[0; 15]; 8];
        let mut played_total = 0i32;
        loop {
            let Some(h) = read_table(&mut s) else {
                return seen;
            };
            let now = hand_of(&h);
            if first {
                first = false;
                match (has_classes, my_class) {
                    (true, 3) | (true, 4) => {
                        // The 大貧民 (class 4) gives 2, the 貧民 (class 3) 1.
                        let k = (my_class - 2) as usize;
                        let kept = dealt & !strongest(dealt, k);
                        assert_eq!(
                            now & kept,
                            kept,
                            "a lower player keeps all but its strongest"
                        );
                        assert_eq!(now.count_ones(), dealt.count_ones(), "gave k, got k");
                    }
                    (true, 0) | (true, 1) => {
                        assert_eq!(now, dealt & !gave, "the upper player's give-back");
                    }
                    _ => assert_eq!(now, dealt, "no exchange"),
                }
            } else {
                assert_eq!(
                    now, hand,
                    "our hand is what we were dealt minus what we played"
                );
            }
            hand = now;
            let mover = h[5][3];
            assert_eq!(h[5][2] == 1, mover as usize == me, "[5][2] marks our turn");
            assert_eq!(h[6][me] as u32, hand.count_ones(), "our count");
            let total: i32 = h[6][..5].iter().sum();
            assert_eq!(total + played_total, 53, "counts plus played cards");
            if h[5][4] == 1 {
                pile = [[0; 15]; 8];
            }
            let mut submitted: Option<Cells> = None;
            if mover as usize == me {
                moves += 1;
                seen.moves = moves;
                if b.quit_at == Some(moves) {
                    let t = choose(&h, hand, &pile);
                    let _ = s.write_all(&bytes(&t)[..200]);
                    let _ = s.shutdown(Shutdown::Both);
                    return seen;
                }
                let silent = b.silent_from.is_some_and(|m| moves >= m);
                let slow = b.slow_at.is_some_and(|(m, _)| m == moves);
                if let Some((_, d)) = b.slow_at.filter(|_| slow) {
                    std::thread::sleep(d);
                }
                let t = if silent {
                    None
                } else if b.bad_value_at == Some(moves) {
                    let mut t = [[0; 15]; 8];
                    t[0][5] = 7;
                    Some(t)
                } else {
                    Some(choose(&h, hand, &pile))
                };
                if let Some(t) = &t {
                    send(&mut s, t);
                    if let Some((n, k)) = b.junk_every
                        && moves.is_multiple_of(n)
                    {
                        let _ = s.write_all(&vec![0x5A; k]);
                    }
                }
                let answer = read_int(&mut s).expect("answer");
                assert!(answer == 8 || answer == 9, "answer {answer}");
                if silent || slow {
                    assert_eq!(answer, 8, "a move past the time limit is refused");
                }
                let was_play = t.is_some_and(|t| t[..5].iter().flatten().any(|v| *v != 0));
                if was_play && answer == 9 {
                    seen.accepted += 1;
                    submitted = t;
                } else if was_play {
                    seen.refused += 1;
                }
            }
            let Some(f) = read_table(&mut s) else {
                return seen;
            };
            assert_eq!(f[5][3], mover, "the field table names the mover");
            let cells: Vec<i32> = f[..5].iter().flatten().copied().collect();
            let old: Vec<i32> = pile[..5].iter().flatten().copied().collect();
            match submitted {
                Some(t) => {
                    let mine: Vec<i32> = t[..5].iter().flatten().copied().collect();
                    assert_eq!(cells, mine, "an accepted play is the new pile");
                    hand &= !hand_of(&t);
                }
                None if mover as usize == me => {
                    // The contest's leader may pass: nothing is ever played for a player.
                    assert_eq!(cells, old, "a refused play or pass leaves the pile");
                }
                None => {}
            }
            if cells != old {
                played_total += cells.iter().filter(|v| **v != 0).count() as i32;
                pile = f;
            }
            let code = read_int(&mut s).expect("code");
            match code {
                0 => {}
                1 | 2 => {
                    seen.games += 1;
                    if code == 2 {
                        seen.finished = true;
                        break 'games;
                    }
                    continue 'games;
                }
                other => panic!("continue code {other}"),
            }
        }
    }
    seen
}

/// The test client's play: lead the weakest single (the strongest in a revolution); follow a
/// single natural card with the next stronger card it holds in any suit; else pass.
fn choose(h: &Cells, hand: Hand, pile: &Cells) -> Cells {
    let rev = h[5][6] == 1;
    let mut t = [[0; 15]; 8];
    let cols: Vec<usize> = if rev {
        (1..=13).rev().collect()
    } else {
        (1..=13).collect()
    };
    let pile_cells: Vec<(usize, usize, i32)> = (0..5)
        .flat_map(|r| (0..15).map(move |c| (r, c)))
        .filter(|(r, c)| pile[*r][*c] != 0)
        .map(|(r, c)| (r, c, pile[r][c]))
        .collect();
    let beats = |c: usize| -> bool {
        match pile_cells.as_slice() {
            [] => true,
            [(_, pc, 1)] => {
                if rev {
                    c < *pc
                } else {
                    c > *pc
                }
            }
            _ => false,
        }
    };
    for c in cols {
        if !beats(c) {
            continue;
        }
        for r in 0..4 {
            if hand & bit(r, c) != 0 {
                t[r][c] = 1;
                return t;
            }
        }
    }
    if pile_cells.is_empty() && hand & bit(4, 1) != 0 {
        t[0][14] = 2;
    }
    t
}

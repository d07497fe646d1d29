//! Clients that misbehave: tables in pieces, stray bytes, unreadable tables, a lost connection
//! mid-turn, moves past the time limit, bad handshakes. The table always finishes its run and
//! its record replays.

use std::io::Write;
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use cardroom::uecda::results::SeatKind;
use cardroom::uecda::server::{Observer, Refusal, ServerEvent};

use super::support::{Behaviour, Seen, check_figures, options, start, start_with, test_client};

/// Runs five test clients, the first with `odd` behaviour, and returns what the odd one saw
/// and the figures.
fn run_with(
    games: u32,
    timeout_ms: Option<u64>,
    odd: Behaviour,
) -> (Seen, cardroom::uecda::results::RunResults) {
    let mut opts = options(games, vec![SeatKind::External; 5], 21);
    opts.move_timeout = timeout_ms.map(Duration::from_millis);
    let table = start(opts);
    let addr = table.addr;
    let mut handles = Vec::new();
    for i in 0..5 {
        let b = if i == 0 {
            odd.clone()
        } else {
            Behaviour::default()
        };
        handles.push(thread::spawn(move || {
            test_client(addr, &format!("c{i}"), b)
        }));
        thread::sleep(Duration::from_millis(30));
    }
    let seen: Vec<Seen> = handles
        .into_iter()
        .map(|h| h.join().expect("client"))
        .collect();
    let (results, _) = table.finish();
    assert_eq!(results.games, games, "the run completes");
    check_figures(&results);
    for s in &seen[1..] {
        assert!(s.finished, "the well-behaved clients reach the end");
    }
    (seen[0].clone(), results)
}

#[test]
fn tables_sent_in_two_pieces_are_read_whole() {
    let (odd, r) = run_with(
        4,
        Some(5_000),
        Behaviour {
            split_writes: true,
            ..Behaviour::default()
        },
    );
    assert!(odd.finished);
    assert!(odd.accepted > 0);
    assert_eq!(r.players[0].figures.protocol_errors, 0);
    assert_eq!(r.players[0].figures.timeouts, 0);
}

#[test]
fn stray_bytes_are_thrown_away_and_counted() {
    let (odd, r) = run_with(
        4,
        Some(5_000),
        Behaviour {
            junk_every: Some((2, 7)),
            ..Behaviour::default()
        },
    );
    assert!(odd.finished);
    assert!(r.players[0].figures.protocol_errors > 0);
    assert!(
        r.players[1..]
            .iter()
            .all(|p| p.figures.protocol_errors == 0)
    );
    // It stayed in step: its later plays were still accepted.
    assert!(odd.accepted > 5);
}

#[test]
fn an_unreadable_table_is_a_pass() {
    let (odd, r) = run_with(
        3,
        Some(5_000),
        Behaviour {
            bad_value_at: Some(2),
            ..Behaviour::default()
        },
    );
    assert!(odd.finished);
    assert_eq!(r.players[0].figures.protocol_errors, 1);
}

#[test]
fn a_client_lost_mid_turn_passes_for_the_rest_of_the_run() {
    let (_, r) = run_with(
        4,
        Some(5_000),
        Behaviour {
            quit_at: Some(3),
            ..Behaviour::default()
        },
    );
    let f = &r.players[0].figures;
    assert_eq!(f.disconnected_in, Some(1), "lost in the first game");
    assert!(
        r.players[1..]
            .iter()
            .all(|p| p.figures.disconnected_in.is_none())
    );
}

#[test]
fn a_late_move_is_a_pass_and_the_late_table_is_dropped() {
    let (odd, r) = run_with(
        3,
        Some(150),
        Behaviour {
            slow_at: Some((2, Duration::from_millis(400))),
            ..Behaviour::default()
        },
    );
    let f = &r.players[0].figures;
    // Its next turns may come round while it still sleeps: at most 400 / 150 + 1 more.
    assert!((1..=3).contains(&f.timeouts), "{} timeouts", f.timeouts);
    assert_eq!(
        f.protocol_errors, 0,
        "the late table is not taken for stray bytes"
    );
    assert!(odd.finished);
    assert!(odd.accepted > 3, "it plays on in step after the late move");
}

#[test]
fn a_silent_client_times_out_every_move_and_the_run_ends() {
    let (odd, r) = run_with(
        2,
        Some(40),
        Behaviour {
            silent_from: Some(1),
            ..Behaviour::default()
        },
    );
    assert!(odd.finished, "it still reads to the end");
    assert!(r.players[0].figures.timeouts >= 2);
    assert_eq!(r.players[0].figures.move_times.len(), 0);
}

/// Collects the refusals of the handshake.
#[derive(Clone, Default)]
struct Refusals(Arc<Mutex<Vec<Refusal>>>);

impl Observer for Refusals {
    fn on(&mut self, e: ServerEvent<'_>) {
        if let ServerEvent::Refused { reason, .. } = e {
            self.0.lock().unwrap().push(reason.clone());
        }
    }
}

#[test]
fn bad_handshakes_are_turned_away_and_the_next_connection_gets_the_number() {
    let refusals = Refusals::default();
    let table = start_with(
        options(2, vec![SeatKind::External; 5], 22),
        Box::new(refusals.clone()),
    );
    let addr = table.addr;
    // Silent: connects and sends nothing (the limit is 500 ms in these tests).
    let silent = TcpStream::connect(addr).unwrap();
    thread::sleep(Duration::from_millis(30));
    // The 2006 protocol.
    let old = thread::spawn(move || {
        test_client(
            addr,
            "old",
            Behaviour {
                protocol: Some(20060),
                ..Behaviour::default()
            },
        )
    });
    thread::sleep(Duration::from_millis(30));
    // A profile cut short, then closed.
    let mut short = TcpStream::connect(addr).unwrap();
    short.write_all(&[0, 0, 0x4E, 0x66, 0, 0]).unwrap();
    drop(short);
    thread::sleep(Duration::from_millis(30));
    let mut handles = Vec::new();
    for i in 0..5 {
        handles.push(thread::spawn(move || {
            test_client(addr, &format!("ok{i}"), Behaviour::default())
        }));
        thread::sleep(Duration::from_millis(30));
    }
    let seen: Vec<Seen> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        old.join().unwrap().games,
        0,
        "the old protocol is not seated"
    );
    drop(silent);
    let (results, _) = table.finish();
    assert_eq!(results.games, 2);
    let numbers: Vec<usize> = seen.iter().map(|s| s.player).collect();
    assert_eq!(numbers, [0, 1, 2, 3, 4], "numbers in order of joining");
    let r = refusals.0.lock().unwrap().clone();
    assert_eq!(
        r,
        [Refusal::Silent, Refusal::Protocol(20060), Refusal::Closed],
        "each turned away with its reason"
    );
}

//! Whole runs: test clients, cardroom CPUs and cardroom's own client at a `uecda serve` table.

use std::thread;

use cardroom::daifugo::cpu::Budget;
use cardroom::daifugo::rules::CpuLevel;
use cardroom::uecda::client::{ConnectOptions, connect};
use cardroom::uecda::contest_rules;
use cardroom::uecda::results::SeatKind;

use super::support::{Behaviour, Seen, check_figures, long_tests, options, start, test_client};

fn clients(addr: std::net::SocketAddr, n: usize) -> Vec<thread::JoinHandle<Seen>> {
    (0..n)
        .map(|i| {
            let h =
                thread::spawn(move || test_client(addr, &format!("test{i}"), Behaviour::default()));
            // Connect in a known order.
            thread::sleep(std::time::Duration::from_millis(30));
            h
        })
        .collect()
}

#[test]
fn five_test_clients_play_a_run_with_reseating_and_class_resets() {
    let games = if long_tests() { 300 } else { 14 };
    let mut opts = options(games, vec![SeatKind::External; 5], 11);
    opts.class_reset = 5;
    opts.seat_shuffle = 3;
    let table = start(opts);
    let seen: Vec<Seen> = clients(table.addr, 5)
        .into_iter()
        .map(|h| h.join().expect("client"))
        .collect();
    let (results, _) = table.finish();
    assert_eq!(results.games, games);
    check_figures(&results);
    let mut numbers: Vec<usize> = seen.iter().map(|s| s.player).collect();
    numbers.sort_unstable();
    assert_eq!(
        numbers,
        [0, 1, 2, 3, 4],
        "player numbers in connection order"
    );
    assert_eq!(seen[0].player, 0, "the first to connect is player 0");
    for s in &seen {
        assert_eq!(s.games, games);
        assert!(s.finished, "code 2 at the end");
        assert_eq!(
            s.seatings, seen[0].seatings,
            "everyone is told the same seating"
        );
        for g in 1..games as usize {
            // Games are 1-based: a reseating may come only at games 1, 4, 7, …
            if g % 3 != 0 {
                assert_eq!(
                    s.seatings[g],
                    s.seatings[g - 1],
                    "seating kept in game {}",
                    g + 1
                );
            }
            // Classes reset at games 1, 6, 11, …
            assert_eq!(s.had_classes[g], g % 5 != 0, "classes in game {}", g + 1);
        }
        assert!(!s.had_classes[0]);
    }
    for p in &results.players {
        assert_eq!(p.figures.protocol_errors, 0);
        assert_eq!(p.figures.timeouts, 0);
        assert_eq!(p.figures.disconnected_in, None);
        // One time per play or pass; the exchange's give-backs are not moves.
        let asked = seen.iter().find(|s| s.player == p.player).map(|s| s.moves);
        assert_eq!(Some(p.figures.move_times.len() as u32), asked);
    }
    let accepted: u32 = seen.iter().map(|s| s.accepted).sum();
    assert!(accepted > 53, "cards were played");
}

#[test]
fn three_test_clients_and_two_cardroom_cpus() {
    let games = if long_tests() { 200 } else { 8 };
    let seats = vec![
        SeatKind::External,
        SeatKind::External,
        SeatKind::External,
        SeatKind::Cpu(CpuLevel::Normal),
        SeatKind::Cpu(CpuLevel::Hard),
    ];
    let table = start(options(games, seats, 12));
    let seen: Vec<Seen> = clients(table.addr, 3)
        .into_iter()
        .map(|h| h.join().expect("client"))
        .collect();
    let (results, record) = table.finish();
    check_figures(&results);
    assert_eq!(results.games, games);
    assert!(seen.iter().all(|s| s.games == games && s.finished));
    assert_eq!(results.players[3].kind, SeatKind::Cpu(CpuLevel::Normal));
    assert_eq!(results.players[4].kind, SeatKind::Cpu(CpuLevel::Hard));
    // CPUs play only legal actions: nothing of theirs is refused.
    assert_eq!(results.players[3].figures.rejected, 0);
    assert_eq!(results.players[4].figures.rejected, 0);
    assert!(record.contains("\"level\":\"hard\""));
    // The searching CPU reports its searches; the others report none.
    let hard = results.players[4].figures.searches.expect("hard searches");
    assert!(hard.searches > 0, "{hard:?}");
    assert!(hard.deepened + hard.loosened <= hard.searches, "{hard:?}");
    assert!(
        results.players[..4]
            .iter()
            .all(|p| p.figures.searches.is_none())
    );
    let json = results.to_json();
    assert_eq!(json["players"][4]["searches"]["searches"], hard.searches);
    assert!(json["players"][3]["searches"].is_null());
}

#[test]
fn cardroom_clients_play_at_the_cardroom_table() {
    let games = if long_tests() { 100 } else { 6 };
    let table = start(options(games, vec![SeatKind::External; 5], 13));
    let addr = table.addr;
    let levels = [
        CpuLevel::Easy,
        CpuLevel::Normal,
        CpuLevel::Hard,
        CpuLevel::Easy,
        CpuLevel::Normal,
    ];
    let handles: Vec<_> = levels
        .iter()
        .enumerate()
        .map(|(i, level)| {
            let opts = ConnectOptions {
                addr: addr.to_string(),
                name: format!("room{i}"),
                level: *level,
                budget: Budget::Playouts(4),
                rules: contest_rules(),
                seed: i as u64,
            };
            let h =
                thread::spawn(move || connect(&opts, &mut |_| {}).map_err(|(e, _)| e.to_string()));
            thread::sleep(std::time::Duration::from_millis(30));
            h
        })
        .collect();
    let summaries: Vec<_> = handles
        .into_iter()
        .map(|h| h.join().expect("client").expect("run"))
        .collect();
    let (results, _) = table.finish();
    check_figures(&results);
    for s in &summaries {
        assert!(s.complete);
        assert_eq!(s.games, games);
        let server_side = &results.players[s.player].figures;
        // The client's own count of its places is the server's.
        assert_eq!(s.places, server_side.places, "player {}", s.player);
        let points: u32 = server_side.points.iter().map(|p| u32::from(*p)).sum();
        assert_eq!(s.points, points);
        // Its view of the game kept its CPU's plays legal: the server refused none.
        assert_eq!(s.rejected, 0, "player {}", s.player);
        assert_eq!(server_side.rejected, 0);
    }
}

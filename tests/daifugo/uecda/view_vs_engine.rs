//! The client's view against the referee's: five clients keep their views from the tables
//! alone ([`ClientView`]) while the table's observer reads the engine's own view of the same
//! seat at the same moment ([`Game::seat_view`]). At every turn the two must agree on what a
//! CPU decides from: hand, counts, pile, lock, revolution, who passed, places, the cards
//! played, titles, and so the legal plays.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread;

use cardroom::daifugo::game::weakest;
use cardroom::daifugo::view::Title;
use cardroom::daifugo::{Action, CardSet, Game, Phase, SeatView, SuitSet};
use cardroom::uecda::client::ClientView;
use cardroom::uecda::codec::hand_table;
use cardroom::uecda::contest_rules;
use cardroom::uecda::results::SeatKind;
use cardroom::uecda::server::{Observer, ServerEvent, TableInfo};
use cardroom::uecda::table::{Table, read_int, read_table, write_table};

use super::support::{long_tests, options, start_with};

/// What a CPU decides from, by player number.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Facts {
    hand: CardSet,
    counts: [u8; 5],
    pile: Option<CardSet>,
    pile_player: Option<usize>,
    lock: SuitSet,
    revolution: bool,
    passed: [bool; 5],
    places: [u8; 5],
    played: CardSet,
    titles: [Option<Title>; 5],
    legal: Vec<String>,
    can_pass: bool,
}

/// The facts of `v`, whose seat `s` holds player `player_of[s]`.
fn facts(v: &SeatView<'_>, player_of: [usize; 5]) -> Facts {
    let mut f = Facts {
        hand: v.hand(),
        counts: [0; 5],
        pile: v.trick().pile.map(|p| p.cards()),
        pile_player: v.pile_seat().map(|s| player_of[s]),
        lock: v.trick().lock,
        revolution: v.trick().revolution,
        passed: [false; 5],
        places: [0; 5],
        played: v.played(),
        titles: [None; 5],
        legal: v.legal_plays().iter().map(|p| p.to_string()).collect(),
        can_pass: v.can_pass(),
    };
    f.legal.sort();
    for (s, p) in player_of.iter().enumerate() {
        f.counts[*p] = v.counts()[s];
        f.passed[*p] = v.passed().contains(s);
        f.places[*p] = v.places()[s];
        f.titles[*p] = v.titles()[s];
    }
    // The pile's owner only matters while there is a pile.
    if f.pile.is_none() {
        f.pile_player = None;
    }
    f
}

type Log = Arc<Mutex<Vec<Vec<Facts>>>>;

/// Reads the engine's view of the awaited player's seat.
struct Referee {
    game: Option<Game>,
    info: Option<TableInfo>,
    log: Log,
}

impl Observer for Referee {
    fn on(&mut self, e: ServerEvent<'_>) {
        match e {
            ServerEvent::Changed { game, info, .. } => {
                self.game = Some(game.clone());
                self.info = Some(info.clone());
            }
            ServerEvent::Awaiting { player } => {
                let (Some(g), Some(info)) = (&self.game, &self.info) else {
                    return;
                };
                if g.phase() != Phase::Play {
                    return;
                }
                let seat = info.seat_player.iter().position(|p| *p == player);
                let seat = seat.expect("the awaited player sits");
                let f = facts(&g.seat_view(seat), info.seat_player);
                self.log.lock().unwrap()[player].push(f);
            }
            _ => {}
        }
    }
}

/// A client that keeps a [`ClientView`] and plays one of its legal plays by turn number (or
/// passes every third turn when it may), recording its facts at each turn. Returns (player,
/// facts).
fn client(addr: SocketAddr, name: &str) -> (usize, Vec<Facts>) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_nodelay(true).unwrap();
    write_table(&mut s, &Table::profile(name)).unwrap();
    let player = read_int(&mut s).unwrap() as usize;
    let mut v = ClientView::new(player, contest_rules());
    let mut out = Vec::new();
    let mut turn = 0u32;
    let tbl = |s: &mut TcpStream| read_table(s).unwrap();
    loop {
        v.on_deal(&tbl(&mut s));
        if v.owe() > 0 {
            let cards = weakest(v.hand(), v.owe());
            write_table(&mut s, &hand_table(cards)).unwrap();
            v.gave(cards);
        }
        loop {
            v.on_hand(&tbl(&mut s));
            if v.my_turn() {
                turn += 1;
                let (f, action) = v.with_view(false, |view| {
                    let f = facts(view, v.seating);
                    // Plays spread over the list (jokers in groups and sequences come up);
                    // the longest every fourth turn and whenever it has four cards or more
                    // (so revolutions come up, and their reversals).
                    let legal = view.legal_plays();
                    let longest = (0..legal.len()).max_by_key(|i| legal[*i].len());
                    let pick = match longest {
                        Some(i) if turn % 4 == 1 || legal[i].len() >= 4 => i,
                        _ => (turn as usize * 7 + player) % legal.len().max(1),
                    };
                    let action = match legal.get(pick).copied() {
                        Some(p) if !(view.can_pass() && turn.is_multiple_of(3)) => Action::Play(p),
                        _ => Action::Pass,
                    };
                    (f, action)
                });
                out.push(f);
                write_table(&mut s, &v.table_for(action)).unwrap();
                let answer = read_int(&mut s).unwrap();
                if matches!(action, Action::Play(_)) {
                    assert_eq!(answer, 9, "{name}: a play from the view is accepted");
                }
            }
            v.on_field(&tbl(&mut s));
            match read_int(&mut s).unwrap() {
                0 => {}
                1 => {
                    v.on_game_over();
                    break;
                }
                _ => {
                    // All over: the server closes.
                    let mut rest = Vec::new();
                    let _ = s.read_to_end(&mut rest);
                    let _ = s.flush();
                    return (player, out);
                }
            }
        }
    }
}

#[test]
fn the_clients_view_is_the_referees_at_every_turn() {
    let games = if long_tests() { 200 } else { 30 };
    let log: Log = Arc::new(Mutex::new(vec![Vec::new(); 5]));
    let mut opts = options(games, vec![SeatKind::External; 5], 21);
    // Short cycles, so the run has resets, exchanges and reseatings.
    opts.class_reset = 5;
    opts.seat_shuffle = 3;
    let referee = Referee {
        game: None,
        info: None,
        log: Arc::clone(&log),
    };
    let table = start_with(opts, Box::new(referee));
    let addr = table.addr;
    let handles: Vec<_> = (0..5)
        .map(|i| {
            let h = thread::spawn(move || client(addr, &format!("view{i}")));
            thread::sleep(std::time::Duration::from_millis(30));
            h
        })
        .collect();
    let seen: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let (results, _) = table.finish();
    assert_eq!(results.games, games);
    let log = log.lock().unwrap();
    // The run met what the tables must carry.
    let all = || log.iter().flatten();
    let joker = CardSet::from_cards(&[cardroom::cards::Card::joker(0)]);
    assert!(all().any(|f| f.revolution), "a revolution");
    assert!(all().any(|f| !f.lock.is_empty()), "a lock");
    assert!(
        all().any(|f| f.pile.is_some_and(|p| p.len() > 1 && p.contains_all(joker))),
        "a joker in a group or sequence on the pile"
    );
    assert!(all().any(|f| f.places.iter().any(|p| *p > 0)), "places");
    for (player, mine) in &seen {
        let theirs = &log[*player];
        assert_eq!(mine.len(), theirs.len(), "player {player}: turns");
        assert!(!mine.is_empty());
        for (i, (a, b)) in mine.iter().zip(theirs).enumerate() {
            assert_eq!(a, b, "player {player}, turn {}", i + 1);
        }
    }
}

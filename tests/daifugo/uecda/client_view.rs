//! The client's own view, kept from tables alone (`uecda.md`, "Message order"): a pass is a
//! field table whose cells did not change — whatever the answer was — a clear is a hand table
//! with an empty pile, the lock's suits are the pile's rows, places come from the counts.

use cardroom::daifugo::{LogEntry, Play, SuitSet};
use cardroom::uecda::client::ClientView;
use cardroom::uecda::codec::{hand_table, play_table};
use cardroom::uecda::contest_rules;
use cardroom::uecda::table::{Table, cell};

fn p(s: &str) -> Play {
    Play::parse(s).unwrap()
}

/// Rows 5–6 of a table: the player cell, counts by player, seating 0..4 in order.
fn state(t: &mut Table, player: i32, counts: [i32; 5]) {
    t.set(cell::PLAYER, player);
    t.0[6][..5].copy_from_slice(&counts);
    for s in 0..5 {
        t.0[6][10 + s] = s as i32;
    }
}

fn deal(hand: &str, counts: [i32; 5]) -> Table {
    let mut t = hand_table(Play::parse(hand).map(|x| x.cards()).unwrap_or_default());
    t.set(cell::DEAL, 1);
    t.set(cell::PLAYER, 6);
    state(&mut t, 6, counts);
    t
}

fn hand_turn(hand: &str, mover: i32, pile_empty: bool, counts: [i32; 5], me: i32) -> Table {
    let mut t = hand_table(Play::parse(hand).map(|x| x.cards()).unwrap_or_default());
    state(&mut t, mover, counts);
    t.set(cell::PILE_EMPTY, i32::from(pile_empty));
    t.set(cell::YOUR_TURN, i32::from(mover == me));
    t
}

fn field(cells: &Table, actor: i32, counts: [i32; 5], lock: bool) -> Table {
    let mut t = cells.card_cells();
    state(&mut t, actor, counts);
    t.set(cell::LOCK, i32::from(lock));
    t
}

#[test]
fn plays_passes_clears_and_locks_come_from_the_tables() {
    // We are player 2 holding a single card, the 2♠ (a "hand" of one card is a single).
    let mut v = ClientView::new(2, contest_rules());
    let counts = [11, 11, 1, 10, 10];
    v.on_deal(&deal("2S", counts));
    assert_eq!(v.owe(), 0);
    // Player 0 leads 5♥.
    v.on_hand(&hand_turn("2S", 0, true, counts, 2));
    let five = play_table(p("5H"), None, SuitSet::EMPTY, false);
    let counts = [10, 11, 1, 10, 10];
    v.on_field(&field(&five, 0, counts, false));
    assert_eq!(v.pile(), Some(p("5H")));
    // Player 1 plays 9♥: same suit twice, the server says locked.
    v.on_hand(&hand_turn("2S", 1, false, counts, 2));
    let nine = play_table(p("9H"), None, SuitSet::EMPTY, false);
    let counts = [10, 10, 1, 10, 10];
    v.on_field(&field(&nine, 1, counts, true));
    // Our turn: the view holds the pile, the lock on ♥ and our 2♠, which the lock forbids.
    v.on_hand(&hand_turn("2S", 2, false, counts, 2));
    assert!(v.my_turn());
    v.with_view(false, |view| {
        assert_eq!(view.seat(), 2);
        assert_eq!(view.trick().pile, Some(p("9H")));
        assert_eq!(view.trick().lock, SuitSet::parse("H").unwrap());
        assert!(view.legal_plays().is_empty(), "2♠ does not follow a ♥ lock");
        assert!(view.can_pass());
    });
    // We pass: the field table shows the same cells (the answer, 8, is never read for this).
    v.on_field(&field(&nine, 2, counts, true));
    // Players 3, 4, 0 pass; the next hand table shows an empty pile: a clear, 1 leads.
    for actor in [3, 4, 0] {
        v.on_hand(&hand_turn("2S", actor, false, counts, 2));
        v.on_field(&field(&nine, actor, counts, true));
    }
    v.on_hand(&hand_turn("2S", 1, true, counts, 2));
    assert_eq!(v.pile(), None);
    v.with_view(false, |view| {
        let log = view.log();
        let passes = log
            .iter()
            .filter(|e| matches!(e, LogEntry::Pass { .. }))
            .count();
        assert_eq!(passes, 4);
        assert!(
            log.iter()
                .any(|e| matches!(e, LogEntry::Clear { leader: 1, .. }))
        );
        assert!(log.iter().any(|e| matches!(e, LogEntry::Lock { .. })));
        assert!(view.trick().lock.is_empty(), "a clear ends the lock");
        assert_eq!(view.played(), p("5H").cards().union(p("9H").cards()));
    });
    // Player 1 goes out with its last card... its count reaching 0 places it first.
    let six = play_table(p("6D"), None, SuitSet::EMPTY, false);
    let counts = [10, 0, 1, 10, 10];
    v.on_field(&field(&six, 1, counts, false));
    assert_eq!(v.places_by_player(), [0, 1, 0, 0, 0]);
}

#[test]
fn a_lone_joker_on_the_pile_is_read_from_any_cell() {
    let mut v = ClientView::new(0, contest_rules());
    let counts = [11, 11, 11, 10, 10];
    v.on_deal(&deal("3S", counts));
    v.on_hand(&hand_turn("3S", 1, true, counts, 0));
    // The dev kit's client puts a lone joker at [0][14].
    let mut jk = Table::default();
    jk.0[0][14] = 2;
    v.on_field(&field(&jk, 1, [11, 10, 11, 10, 10], false));
    assert_eq!(v.pile(), Some(p("JK")));
    v.on_hand(&hand_turn("3S", 0, false, [11, 10, 11, 10, 10], 0));
    v.with_view(false, |view| {
        assert_eq!(
            &*view.legal_plays(),
            &[p("3S")],
            "only the 3♠ answers a lone joker"
        );
    });
}

//! The table encodings of `uecda.md`, byte by byte.

use cardroom::daifugo::{CardSet, Play, SuitSet};
use cardroom::uecda::codec::{
    CellError, ShapeError, Submission, hand_of, hand_table, play_table, read_cells,
};
use cardroom::uecda::table::{Table, read_table, write_table};

fn p(s: &str) -> Play {
    Play::parse(s).unwrap()
}

/// The four bytes of cell (row, col) in a table's 480.
fn cell_bytes(t: &Table, row: usize, col: usize) -> [u8; 4] {
    let b = t.to_bytes();
    let i = (row * 15 + col) * 4;
    [b[i], b[i + 1], b[i + 2], b[i + 3]]
}

/// The nonzero cells of a table's card rows.
fn marks(t: &Table) -> Vec<(usize, usize, i32)> {
    let mut v = Vec::new();
    for r in 0..5 {
        for c in 0..15 {
            if t.0[r][c] != 0 {
                v.push((r, c, t.0[r][c]));
            }
        }
    }
    v
}

#[test]
fn the_profile_is_20070_and_the_name_in_row_1() {
    let t = Table::profile("ab");
    let b = t.to_bytes();
    assert_eq!(
        &b[..4],
        &[0x00, 0x00, 0x4E, 0x66],
        "[0][0] = 20070 big-endian"
    );
    assert_eq!(
        &b[60..72],
        &[0, 0, 0, 97, 0, 0, 0, 98, 0, 0, 0, 0],
        "'a' 'b' then 0"
    );
    assert!(b[72..].iter().all(|x| *x == 0));
    assert_eq!(b.len(), 480);
}

#[test]
fn a_pass_is_480_zero_bytes() {
    assert!(Table::default().to_bytes().iter().all(|x| *x == 0));
    assert_eq!(read_cells(&Table::default()), Ok(Submission::Pass));
    let t = play_table(p("3S"), None, SuitSet::EMPTY, false);
    assert_ne!(read_cells(&t), Ok(Submission::Pass));
}

#[test]
fn hand_tables_mark_cards_with_1_and_the_joker_at_row_4_column_1() {
    let hand: CardSet = Play::parse("3S").unwrap().cards();
    let t = hand_table(hand.union(p("JK").cards()).union(p("2C").cards()));
    assert_eq!(cell_bytes(&t, 0, 1), [0, 0, 0, 1], "3♠ at [0][1]");
    assert_eq!(cell_bytes(&t, 3, 13), [0, 0, 0, 1], "2♣ at [3][13]");
    assert_eq!(cell_bytes(&t, 4, 1), [0, 0, 0, 2], "joker at [4][1]");
    assert_eq!(marks(&t).len(), 3);
    assert_eq!(hand_of(&t).len(), 3);
}

#[test]
fn a_joker_in_a_group_sits_in_the_cell_it_stands_for() {
    // uecda.md: "♦10 in a group of 10s is [2][8] = 2".
    let t = play_table(p("TS TH JK=TD"), None, SuitSet::EMPTY, false);
    assert_eq!(marks(&t), [(0, 8, 1), (1, 8, 1), (2, 8, 2)]);
    assert_eq!(cell_bytes(&t, 2, 8), [0, 0, 0, 2]);
    // Read back, the joker names the ♦ (a lock counts it).
    let Ok(Submission::Cards(cells)) = read_cells(&t) else {
        panic!("cards");
    };
    assert_eq!(cells.play(), Ok(p("TS TH JK=TD")));
    // A joker that names a suit goes there whatever the lock.
    let t = play_table(p("TS JK=TC"), None, SuitSet::parse("SH").unwrap(), false);
    assert_eq!(marks(&t), [(0, 8, 1), (3, 8, 2)]);
    // One that names none fills the first free suit.
    let t = play_table(p("TS TH JK"), None, SuitSet::EMPTY, false);
    assert_eq!(marks(&t), [(0, 8, 1), (1, 8, 1), (2, 8, 2)]);
    // Under a lock on ♥♣ the joker takes the locked suit the naturals leave free.
    let lock = SuitSet::parse("HC").unwrap();
    let t = play_table(p("TH JK"), None, lock, false);
    assert_eq!(marks(&t), [(1, 8, 1), (3, 8, 2)]);
}

#[test]
fn a_joker_in_a_sequence_sits_at_its_card() {
    // uecda.md: "the ♣Q of a ♣J–Q–K sequence is [3][10] = 2".
    let t = play_table(p("JC JK=QC KC"), None, SuitSet::EMPTY, false);
    assert_eq!(marks(&t), [(3, 9, 1), (3, 10, 2), (3, 11, 1)]);
    let Ok(Submission::Cards(cells)) = read_cells(&t) else {
        panic!("cards");
    };
    assert_eq!(cells.play(), Ok(p("JC JK=QC KC")));
}

#[test]
fn four_of_a_kind_and_the_joker_put_the_joker_in_row_4() {
    let t = play_table(p("9S 9H 9D 9C JK"), None, SuitSet::EMPTY, false);
    assert_eq!(
        marks(&t),
        [(0, 7, 1), (1, 7, 1), (2, 7, 1), (3, 7, 1), (4, 7, 2)]
    );
    let Ok(Submission::Cards(cells)) = read_cells(&t) else {
        panic!("cards");
    };
    assert_eq!(cells.play(), Ok(p("9S 9H 9D 9C JK")));
}

#[test]
fn a_lone_joker_goes_past_the_ends_in_a_suit_the_pile_lacks() {
    // Leading in normal order: "above 2", column 14; in a revolution column 0.
    let t = play_table(p("JK"), None, SuitSet::EMPTY, false);
    assert_eq!(marks(&t), [(0, 14, 2)]);
    let t = play_table(p("JK"), None, SuitSet::EMPTY, true);
    assert_eq!(marks(&t), [(0, 0, 2)]);
    // On a ♠K the joker takes another row than the pile's.
    let t = play_table(p("JK"), Some(p("KS")), SuitSet::EMPTY, false);
    assert_eq!(marks(&t), [(1, 14, 2)]);
    // Read back: a 2 alone in any cell of rows 0–3 is the lone joker (the dev kit's client
    // puts it at [0][14] or [0][0]).
    for (r, c) in [(0, 14), (0, 0), (3, 7)] {
        let mut t = Table::default();
        t.0[r][c] = 2;
        let Ok(Submission::Cards(cells)) = read_cells(&t) else {
            panic!("cards");
        };
        assert_eq!(cells.play(), Ok(p("JK")));
    }
}

#[test]
fn below_3_and_above_2_are_columns_0_and_14() {
    // ♥: joker "below 3", 3♥, 4♥ — and K♣, A♣, 2♣, joker "above 2".
    let mut low = Table::default();
    low.0[1][0] = 2;
    low.0[1][1] = 1;
    low.0[1][2] = 1;
    let mut high = Table::default();
    high.0[3][11] = 1;
    high.0[3][12] = 1;
    high.0[3][13] = 1;
    high.0[3][14] = 2;
    for (t, play) in [(low, "JK=-H 3H 4H"), (high, "KC AC 2C JK=+C")] {
        let Ok(Submission::Cards(cells)) = read_cells(&t) else {
            panic!("cards");
        };
        assert_eq!(cells.play(), Ok(p(play)), "{play}");
        // And back: the play puts its joker in the same cell.
        assert_eq!(play_table(p(play), None, SuitSet::EMPTY, false), t);
    }
    // Past an end the naturals do not reach: no play.
    let mut gap = Table::default();
    gap.0[0][0] = 2;
    gap.0[0][2] = 1;
    gap.0[0][3] = 1;
    let Ok(Submission::Cards(cells)) = read_cells(&gap) else {
        panic!("cards");
    };
    assert_eq!(cells.play(), Err(ShapeError::JokerPastEnd));
}

#[test]
fn cells_the_server_refuses_before_any_rule() {
    let mut t = Table::default();
    t.0[0][5] = 7;
    assert_eq!(
        read_cells(&t),
        Err(CellError::BadValue {
            row: 0,
            col: 5,
            value: 7
        })
    );
    let mut t = Table::default();
    t.0[2][0] = 1;
    assert_eq!(
        read_cells(&t),
        Err(CellError::NoSuchCard { row: 2, col: 0 })
    );
    let mut t = Table::default();
    t.0[4][3] = 1;
    assert_eq!(
        read_cells(&t),
        Err(CellError::NoSuchCard { row: 4, col: 3 })
    );
    let mut t = Table::default();
    t.0[0][3] = 2;
    t.0[1][3] = 2;
    assert_eq!(read_cells(&t), Err(CellError::TwoJokers));
    // A lone joker in row 4 names no play.
    let mut t = Table::default();
    t.0[4][1] = 2;
    let Ok(Submission::Cards(cells)) = read_cells(&t) else {
        panic!("cards");
    };
    assert_eq!(cells.play(), Err(ShapeError::JokerRow));
    // Rows 5-7 never matter in a submission.
    let mut t = Table::default();
    t.0[5][0] = 99;
    t.0[7][14] = -3;
    assert_eq!(read_cells(&t), Ok(Submission::Pass));
}

#[test]
fn tables_survive_the_wire_in_pieces() {
    let t = play_table(p("7S 8S 9S"), None, SuitSet::EMPTY, false);
    let mut wire = Vec::new();
    write_table(&mut wire, &t).unwrap();
    assert_eq!(wire.len(), 480);
    // A reader that gets 7 bytes at a time still reads the whole table.
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(7).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    assert_eq!(read_table(&mut Trickle(&wire)).unwrap(), t);
}

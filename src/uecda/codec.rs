//! Cards and plays in table cells, both ways (`uecda.md`, "Card cells").
//!
//! * Rows 0–3 are ♠ ♥ ♦ ♣ (the display order of [`Suit`]); columns 1–13 the ranks 3 4 5 6 7
//!   8 9 10 J Q K A 2, i.e. column = strength index + 1. A 1 marks a card.
//! * In a hand table the joker is `[4][1] = 2`.
//! * In a play a joker is a 2 in the cell it stands for; in a group of four naturals and the
//!   joker it sits in row 4 of the group's column; columns 0 and 14 hold a joker at the end of
//!   a sequence meaning "below 3" / "above 2"; a lone joker is a 2 in any cell of rows 0–3.
//! * A pass is a table of zeros.
//!
//! Reading is two steps. [`read_cells`] checks only what the cells can say (values 0/1/2, no 1
//! in row 4 or columns 0/14, one joker at most) — the refusals the official server makes before
//! it looks at any rule. [`Cells::play`] then names the play the cells describe, for the engine
//! to judge. Neither decides whether a play is allowed: that is the engine's question.

use std::fmt;

use super::table::{COLS, Table};
use crate::cards::{Card, Suit};
use crate::daifugo::cardset::{RANKS, card_at, card_strength};
use crate::daifugo::{CardSet, Form, Play, SuitSet};

/// The row of the joker in a hand table and of a fifth card in a group.
pub const JOKER_ROW: usize = 4;
/// The value marking a natural card.
pub const CARD: i32 = 1;
/// The value marking a joker.
pub const JOKER: i32 = 2;

/// The cell (row, column) of a standard card; `None` for a joker.
pub fn cell_of(card: Card) -> Option<(usize, usize)> {
    let s = card_strength(card)?;
    Some((card.suit()?.index(), usize::from(s) + 1))
}

/// The standard card of a cell in rows 0–3, columns 1–13; `None` elsewhere.
pub fn card_of_cell(row: usize, col: usize) -> Option<Card> {
    (row < 4 && (1..=usize::from(RANKS)).contains(&col)).then(|| card_at(col as u8 - 1, row as u8))
}

/// A hand in table cells: each standard card a 1 in its cell, a joker `[4][1] = 2`. Rows 5–7
/// are left zero.
pub fn hand_table(hand: CardSet) -> Table {
    let mut t = Table::default();
    for c in hand.iter() {
        match cell_of(c) {
            Some(cell) => t.set(cell, CARD),
            None => t.set((JOKER_ROW, 1), JOKER),
        }
    }
    t
}

/// The cards of a hand table: every 1 in rows 0–3, columns 1–13, and a joker for a 2 anywhere
/// in rows 0–4 (the server puts it at `[4][1]`). Other cells are ignored.
pub fn hand_of(t: &Table) -> CardSet {
    let mut hand = CardSet::EMPTY;
    let mut jokers = 0u8;
    for (row, cells) in t.0[..5].iter().enumerate() {
        for (col, v) in cells.iter().enumerate() {
            match (*v, card_of_cell(row, col)) {
                (CARD, Some(c)) => hand.insert(c),
                (JOKER, _) if jokers < 2 => {
                    hand.insert(Card::joker(jokers));
                    jokers += 1;
                }
                _ => {}
            }
        }
    }
    hand
}

/// The cards of a submitted table, read cell by cell: the natural cards and where the joker
/// is. No rule has been asked yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cells {
    /// The natural cards (1s in rows 0–3, columns 1–13).
    pub naturals: CardSet,
    /// The joker's cell (a 2), if any.
    pub joker: Option<(usize, usize)>,
}

/// Why a submitted table's cells are refused before any rule is asked (what the official
/// server refuses in `count_card_num`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellError {
    /// A value other than 0, 1 or 2 in rows 0–4.
    BadValue {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The value found.
        value: i32,
    },
    /// A 1 (a natural card) in row 4 or in column 0 or 14, where no natural card exists.
    NoSuchCard {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
    },
    /// More than one joker (the contest deck has one).
    TwoJokers,
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellError::BadValue { row, col, value } => {
                write!(f, "value {value} in cell [{row}][{col}] (only 0, 1, 2)")
            }
            CellError::NoSuchCard { row, col } => {
                write!(f, "a card (1) in cell [{row}][{col}], where no card exists")
            }
            CellError::TwoJokers => f.write_str("more than one joker (2)"),
        }
    }
}

/// What a submitted table says: a pass, or cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Submission {
    /// All card cells zero.
    Pass,
    /// Some cards.
    Cards(Cells),
}

/// Reads the card cells (rows 0–4) of a submitted table; rows 5–7 are ignored.
///
/// Errors: a value other than 0/1/2, a 1 in row 4 or columns 0/14, two jokers.
pub fn read_cells(t: &Table) -> Result<Submission, CellError> {
    let mut naturals = CardSet::EMPTY;
    let mut joker = None;
    for (row, cells) in t.0[..5].iter().enumerate() {
        for (col, v) in cells.iter().enumerate() {
            match *v {
                0 => {}
                CARD => match card_of_cell(row, col) {
                    Some(c) => naturals.insert(c),
                    None => return Err(CellError::NoSuchCard { row, col }),
                },
                JOKER => {
                    if joker.is_some() {
                        return Err(CellError::TwoJokers);
                    }
                    joker = Some((row, col));
                }
                value => return Err(CellError::BadValue { row, col, value }),
            }
        }
    }
    Ok(if naturals.is_empty() && joker.is_none() {
        Submission::Pass
    } else {
        Submission::Cards(Cells { naturals, joker })
    })
}

/// Why cells make no play the engine can be asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// The cards make no single, group or sequence.
    NotAForm,
    /// A lone joker in row 4.
    JokerRow,
    /// A joker in row 4 beside something other than four naturals of its column.
    FifthCard,
    /// A joker meaning "below 3" or "above 2" (columns 0 and 14) where the naturals do not
    /// reach that end of the ranks.
    JokerPastEnd,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ShapeError::NotAForm => "the cards make no single, group or sequence",
            ShapeError::JokerRow => "a lone joker in row 4",
            ShapeError::FifthCard => "a joker in row 4 without four cards of its column",
            ShapeError::JokerPastEnd => {
                "a joker past the end of the ranks (column 0 or 14) away from that end"
            }
        })
    }
}

impl Cells {
    /// The play these cells describe, for the engine to judge (with the joker as whichever
    /// joker the caller's hand holds — jokers are interchangeable).
    ///
    /// * a joker alone (rows 0–3, any column) is the lone joker;
    /// * naturals of one rank with the joker in their column (rows 0–3, or row 4 beside all
    ///   four) are a group;
    /// * naturals of one suit with the joker in their row make a sequence over the joker's
    ///   column and theirs, which must be consecutive;
    /// * naturals alone make whatever form they make.
    ///
    /// Errors: [`ShapeError`].
    pub fn play(&self) -> Result<Play, ShapeError> {
        let jk = Card::joker(0);
        let nat = self.naturals;
        let Some((jrow, jcol)) = self.joker else {
            return Play::from_cards(nat).ok_or(ShapeError::NotAForm);
        };
        if nat.is_empty() {
            return if jrow < 4 {
                Ok(Play::single(jk))
            } else {
                Err(ShapeError::JokerRow)
            };
        }
        let strengths: u16 = (0..4u8).fold(0, |m, s| m | nat.strength_row(s));
        let one_rank = strengths.count_ones() == 1;
        let rank_col = strengths.trailing_zeros() as usize + 1;
        if jrow == 4 {
            return if one_rank && jcol == rank_col && nat.len() == 4 {
                Play::group(nat.union(CardSet::from_cards(&[jk]))).ok_or(ShapeError::NotAForm)
            } else {
                Err(ShapeError::FifthCard)
            };
        }
        if one_rank && jcol == rank_col {
            // The joker names the suit of its row (the lock counts it: `JK=9H`).
            return Play::group(nat.union(CardSet::from_cards(&[jk])))
                .and_then(|g| g.with_joker_suits(SuitSet(1 << jrow)))
                .ok_or(ShapeError::NotAForm);
        }
        // A sequence: one suit, the joker in that suit's row.
        let suits = nat.suits();
        if suits.len() != 1 || !suits.contains_index(jrow as u8) {
            return Err(ShapeError::NotAForm);
        }
        let suit = Suit::from_index(jrow).ok_or(ShapeError::NotAForm)?;
        let cards = nat.union(CardSet::from_cards(&[jk]));
        let naturals = nat.strength_row(jrow as u8);
        if jcol == 0 || jcol == COLS - 1 {
            // "Below 3" / "above 2": the naturals fill the window up to that end.
            let low = naturals.trailing_zeros() as u8;
            let high = 15 - naturals.leading_zeros() as u8;
            let (below, above) = (jcol == 0, jcol != 0);
            let (lo, window) = if below {
                (0, high + 1)
            } else {
                (low, RANKS - low)
            };
            return Play::sequence_ext(cards, suit, lo, window, below, above)
                .ok_or(ShapeError::JokerPastEnd);
        }
        let row = naturals | 1 << (jcol - 1);
        let low = row.trailing_zeros() as u8;
        let len = row.count_ones() as u8;
        if row >> low != (1 << len) - 1 {
            return Err(ShapeError::NotAForm);
        }
        Play::sequence(cards, suit, low, len).ok_or(ShapeError::NotAForm)
    }
}

/// A play in table cells, as a client submits it and the server echoes it in the field table:
/// naturals as 1s; a joker in a sequence at the card it stands for; a joker in a group of five
/// in row 4; a joker in a smaller group in a suit the naturals leave free — one of the `lock`ed
/// suits when a lock is in force, so the play keeps the lock; a lone joker in column 14
/// ("above 2"), or column 0 in `reversed` order, in the first row whose suit is not among the
/// pile's (as the reference clients place it, so no client mistakes it for the pile).
pub fn play_table(play: Play, pile: Option<Play>, lock: SuitSet, reversed: bool) -> Table {
    let mut t = Table::default();
    for c in play.cards().naturals().iter() {
        if let Some(cell) = cell_of(c) {
            t.set(cell, CARD);
        }
    }
    if !play.has_joker() {
        return t;
    }
    match play.form() {
        Form::Sequence => {
            for (_, stands) in play.stand_ins() {
                if let Some(cell) = cell_of(stands) {
                    t.set(cell, JOKER);
                }
            }
            let row = usize::from(play.suit().map_or(0, |s| s as u8));
            if play.joker_below() {
                t.set((row, 0), JOKER);
            }
            if play.joker_above() {
                t.set((row, COLS - 1), JOKER);
            }
        }
        Form::Group if play.is_all_jokers() => {
            // Two jokers never occur with the contest deck; mark one cell per joker.
            for (i, _) in play.cards().jokers().iter().enumerate() {
                t.set((i, COLS - 1), JOKER);
            }
        }
        Form::Group => {
            let col = usize::from(play.low()) + 1;
            let taken = play.natural_suits();
            let named = play.joker_suits();
            let free = |s: &u8| !taken.contains_index(*s);
            let mut rows = (0..4u8)
                .filter(|s| named.contains_index(*s))
                .chain((0..4u8).filter(|s| named.is_empty() && lock.contains_index(*s) && free(s)))
                .chain(
                    (0..4u8).filter(|s| named.is_empty() && !lock.contains_index(*s) && free(s)),
                );
            for _ in 0..play.joker_count() {
                match rows.next() {
                    Some(r) => t.set((usize::from(r), col), JOKER),
                    None => t.set((4, col), JOKER),
                }
            }
        }
        Form::Single => {
            let pile_suits = pile.map_or(SuitSet::EMPTY, |p| p.natural_suits());
            let row = (0..4u8)
                .find(|s| !pile_suits.contains_index(*s))
                .unwrap_or(0);
            let col = if reversed { 0 } else { COLS - 1 };
            t.set((usize::from(row), col), JOKER);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Play {
        Play::parse(s).unwrap()
    }

    #[test]
    fn cells_follow_the_manual() {
        let c = |s: &str| cell_of(s.parse().unwrap()).unwrap();
        assert_eq!(c("3S"), (0, 1));
        assert_eq!(c("TD"), (2, 8));
        assert_eq!(c("2C"), (3, 13));
        assert_eq!(c("AH"), (1, 12));
        assert_eq!(card_of_cell(0, 0), None);
        assert_eq!(card_of_cell(4, 1), None);
    }

    #[test]
    fn plays_read_back_as_written() {
        for text in ["9H", "5S 5D", "7S 8S 9S", "QC KC AC 2C", "JK"] {
            let play = p(text);
            let t = play_table(play, None, SuitSet::EMPTY, false);
            let Ok(Submission::Cards(cells)) = read_cells(&t) else {
                panic!("{text}: {t:?}");
            };
            assert_eq!(cells.play(), Ok(play), "{text}");
        }
    }
}

//! The 8×15 integer table of UECda protocol 20070 (`uecda.md`, "Wire format"): its cells, its
//! 480 bytes on the wire, and the few integers sent beside it.
//!
//! A table is 8 rows × 15 columns of 32-bit signed integers in network byte order (big-endian),
//! row-major. A writer builds the whole 480-byte buffer and sends it with one write: reference
//! clients read a table with a single `read(480)`, so a table split over two writes can
//! desynchronise them. A reader loops until it has all 480 bytes ([`read_table`] uses
//! `read_exact`). Negative values are clamped to 0 when encoded, as the official server does.

use std::io::{self, Read, Write};

/// Rows of a table.
pub const ROWS: usize = 8;
/// Columns of a table.
pub const COLS: usize = 15;
/// Bytes of a table on the wire: 8 × 15 × 4.
pub const TABLE_BYTES: usize = ROWS * COLS * 4;
/// The protocol number a client announces in its profile (`[0][0]`).
pub const PROTOCOL: i32 = 20070;
/// The contest's TCP port.
pub const DEFAULT_PORT: u16 = 42485;
/// How many characters of a profile name the server keeps.
pub const NAME_CHARS: usize = 9;

/// The state cells of rows 5 and 6 (`uecda.md`, "State cells"), as (row, column).
pub mod cell {
    /// 1 in every deal table.
    pub const DEAL: (usize, usize) = (5, 0);
    /// Cards this player must give back in the exchange (2 大富豪, 1 富豪, else 0).
    pub const EXCHANGE: (usize, usize) = (5, 1);
    /// 1 only in the mover's own hand table.
    pub const YOUR_TURN: (usize, usize) = (5, 2);
    /// The player to move (hand tables), who just acted (field table), 6 in a deal table.
    pub const PLAYER: (usize, usize) = (5, 3);
    /// 1 when the pile is empty (a new trick).
    pub const PILE_EMPTY: (usize, usize) = (5, 4);
    /// 11-back (always 0 under the contest rules).
    pub const JACK_BACK: (usize, usize) = (5, 5);
    /// 1 while a revolution is in force.
    pub const REVOLUTION: (usize, usize) = (5, 6);
    /// 1 while a suit lock is in force.
    pub const LOCK: (usize, usize) = (5, 7);
    /// Row 6: cards held by players 0–4 in columns 0–4, their classes in 5–9 (0 = 大富豪 …
    /// 4 = 大貧民), and the player sitting in seat `s` in column `10 + s`.
    pub const INFO_ROW: usize = 6;
    /// First column of the classes in row 6.
    pub const CLASS_COL: usize = 5;
    /// First column of the seating in row 6.
    pub const SEAT_COL: usize = 10;
    /// The value of [`PLAYER`] in a deal table.
    pub const DEAL_PLAYER: i32 = 6;
}

/// One 8×15 table. `Table::default()` is all zeros: a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Table(pub [[i32; COLS]; ROWS]);

impl Default for Table {
    fn default() -> Table {
        Table([[0; COLS]; ROWS])
    }
}

impl std::fmt::Debug for Table {
    /// Rows of cells, the way the manual prints tables.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Table [")?;
        for row in &self.0 {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:2}")).collect();
            writeln!(f, "  {}", cells.join(" "))?;
        }
        write!(f, "]")
    }
}

impl Table {
    /// The cell at (row, column); 0 outside the table.
    pub fn get(&self, (row, col): (usize, usize)) -> i32 {
        self.0
            .get(row)
            .and_then(|r| r.get(col))
            .copied()
            .unwrap_or(0)
    }

    /// Sets the cell at (row, column); ignored outside the table.
    pub fn set(&mut self, (row, col): (usize, usize), v: i32) {
        if let Some(c) = self.0.get_mut(row).and_then(|r| r.get_mut(col)) {
            *c = v;
        }
    }

    /// The 480 bytes of the table: big-endian, row-major, negatives sent as 0.
    pub fn to_bytes(&self) -> [u8; TABLE_BYTES] {
        let mut out = [0u8; TABLE_BYTES];
        for (i, v) in self.0.iter().flatten().enumerate() {
            out[i * 4..i * 4 + 4].copy_from_slice(&(*v).max(0).to_be_bytes());
        }
        out
    }

    /// The table in 480 bytes as [`Table::to_bytes`] writes them (values are read as signed).
    pub fn from_bytes(bytes: &[u8; TABLE_BYTES]) -> Table {
        let mut t = Table::default();
        for (i, v) in t.0.iter_mut().flatten().enumerate() {
            let mut b = [0u8; 4];
            b.copy_from_slice(&bytes[i * 4..i * 4 + 4]);
            *v = i32::from_be_bytes(b);
        }
        t
    }

    /// Whether every card cell (rows 0–4) is 0: a pass when submitted, an empty pile in a field
    /// table.
    pub fn cards_empty(&self) -> bool {
        self.0[..5].iter().flatten().all(|v| *v == 0)
    }

    /// The card cells (rows 0–4) only, with rows 5–7 zeroed.
    pub fn card_cells(&self) -> Table {
        let mut t = Table::default();
        t.0[..5].copy_from_slice(&self.0[..5]);
        t
    }

    /// A profile table (`uecda.md`, "Handshake"): `[0][0] = 20070` and the name in row 1, one
    /// character code per cell from column 0, ended by 0. Characters other than printable
    /// ASCII become `?`; at most 14 are sent so the row keeps its ending 0.
    pub fn profile(name: &str) -> Table {
        let mut t = Table::default();
        t.0[0][0] = PROTOCOL;
        for (i, c) in name.chars().take(COLS - 1).enumerate() {
            t.0[1][i] = if c.is_ascii_graphic() || c == ' ' {
                c as i32
            } else {
                '?' as i32
            };
        }
        t
    }

    /// The protocol number and the name of a profile table: the name read from row 1 up to the
    /// first 0, at most [`NAME_CHARS`] characters; codes that are not printable ASCII become
    /// `?`.
    pub fn profile_parts(&self) -> (i32, String) {
        let name = self.0[1]
            .iter()
            .take(NAME_CHARS)
            .take_while(|v| **v != 0)
            .map(|v| match u8::try_from(*v) {
                Ok(b) if b.is_ascii_graphic() || b == b' ' => char::from(b),
                _ => '?',
            })
            .collect();
        (self.0[0][0], name)
    }
}

/// Writes `t` with a single write of its 480 bytes.
pub fn write_table<W: Write + ?Sized>(w: &mut W, t: &Table) -> io::Result<()> {
    w.write_all(&t.to_bytes())
}

/// Reads one table, looping until all 480 bytes have arrived.
pub fn read_table<R: Read + ?Sized>(r: &mut R) -> io::Result<Table> {
    let mut buf = [0u8; TABLE_BYTES];
    r.read_exact(&mut buf)?;
    Ok(Table::from_bytes(&buf))
}

/// Writes one integer (big-endian; negatives sent as 0).
pub fn write_int<W: Write + ?Sized>(w: &mut W, v: i32) -> io::Result<()> {
    w.write_all(&v.max(0).to_be_bytes())
}

/// Reads one big-endian integer.
pub fn read_int<R: Read + ?Sized>(r: &mut R) -> io::Result<i32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b)?;
    Ok(i32::from_be_bytes(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_are_big_endian_row_major() {
        let mut t = Table::default();
        t.0[0][0] = 20070; // 0x00004E66
        t.0[0][1] = 1;
        t.0[7][14] = 0x0102_0304;
        let b = t.to_bytes();
        assert_eq!(&b[..8], &[0, 0, 0x4E, 0x66, 0, 0, 0, 1]);
        assert_eq!(&b[476..], &[1, 2, 3, 4]);
        assert_eq!(Table::from_bytes(&b), t);
    }

    #[test]
    fn negatives_go_out_as_zero() {
        let mut t = Table::default();
        t.0[5][1] = -2;
        assert_eq!(&t.to_bytes()[(5 * 15 + 1) * 4..][..4], &[0, 0, 0, 0]);
        let mut v = Vec::new();
        write_int(&mut v, -1).unwrap();
        assert_eq!(v, [0, 0, 0, 0]);
    }

    #[test]
    fn profiles_carry_protocol_and_a_short_name() {
        let t = Table::profile("default");
        assert_eq!(t.0[0][0], 20070);
        assert_eq!(&t.0[1][..8], &[100, 101, 102, 97, 117, 108, 116, 0]);
        assert_eq!(t.profile_parts(), (20070, "default".to_string()));
        // The server keeps 9 characters.
        let long = Table::profile("abcdefghijkl");
        assert_eq!(long.profile_parts().1, "abcdefghi");
        let mut odd = Table::default();
        odd.0[1][0] = 0xE3;
        odd.0[1][1] = -5;
        odd.0[1][2] = 'x' as i32;
        assert_eq!(odd.profile_parts().1, "??x");
    }
}

//! UECda events in words (English and Japanese, from `assets/lang/*/uecda.ftl`), shared by the
//! command line and the person's table in the TUI.

use std::net::SocketAddr;

use super::codec::{CellError, ShapeError};
use super::server::{Note, Refusal};
use crate::config::Lang;
use crate::i18n;
use crate::i18n::daifugo::Message;

/// A note about a move, in words.
pub fn note_text(lang: Lang, game: u32, player: usize, name: &str, note: &Note) -> String {
    let (g, p) = (game.to_string(), player.to_string());
    let base = [("game", g.as_str()), ("player", p.as_str()), ("name", name)];
    let with = |key: &str, extra: &[(&str, &str)]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        i18n::tf(lang, key, &args)
    };
    match note {
        Note::Timeout => with("uecda.serve.note_timeout", &[]),
        Note::Rejected(e) => with("uecda.serve.note_rejected", &[("reason", &e.message(lang))]),
        Note::Shape(e) => with(
            "uecda.serve.note_shape",
            &[("reason", &shape_text(lang, *e))],
        ),
        Note::BadTable(e) => with(
            "uecda.serve.note_bad_table",
            &[("reason", &cell_text(lang, *e))],
        ),
        Note::BadGiveBack => with("uecda.serve.note_bad_give_back", &[]),
        Note::Garbage(n) => with("uecda.serve.note_garbage", &[("bytes", &n.to_string())]),
        Note::Disconnected => with("uecda.serve.note_disconnected", &[]),
        Note::Forced(a) => {
            let text = match a {
                crate::daifugo::Action::Play(p) => p.to_string(),
                crate::daifugo::Action::GiveBack(c)
                | crate::daifugo::Action::Give(c)
                | crate::daifugo::Action::Discard(c) => c.to_string(),
                // Never forced at a UECda table (no Q-bomber there); the ranks as data.
                crate::daifugo::Action::Bomb(r) => format!("{r:?}"),
                crate::daifugo::Action::Pass => i18n::t(lang, "daifugo.legal.pass").to_string(),
            };
            with("uecda.serve.note_forced", &[("action", &text)])
        }
    }
}

/// A refusal in words.
pub fn refusal_text(lang: Lang, peer: SocketAddr, reason: &Refusal, secs: u64) -> String {
    let peer = peer.to_string();
    match reason {
        Refusal::Silent => i18n::tf(
            lang,
            "uecda.serve.refused_silent",
            &[("peer", &peer), ("secs", &secs.to_string())],
        ),
        Refusal::Protocol(p) => i18n::tf(
            lang,
            "uecda.serve.refused_protocol",
            &[("peer", &peer), ("protocol", &p.to_string())],
        ),
        Refusal::Closed => i18n::tf(lang, "uecda.serve.refused_closed", &[("peer", &peer)]),
        Refusal::Io(e) => i18n::tf(
            lang,
            "uecda.serve.refused_io",
            &[("peer", &peer), ("error", e)],
        ),
    }
}

/// Why cells make no play, in words.
pub fn shape_text(lang: Lang, e: ShapeError) -> String {
    let key = match e {
        ShapeError::NotAForm => "uecda.cells.not_a_form",
        ShapeError::JokerRow => "uecda.cells.joker_row",
        ShapeError::FifthCard => "uecda.cells.fifth_card",
        ShapeError::JokerPastEnd => "uecda.cells.joker_past_end",
    };
    i18n::t(lang, key).to_string()
}

/// Why a table's cells were refused before any rule, in words.
pub fn cell_text(lang: Lang, e: CellError) -> String {
    match e {
        CellError::BadValue { row, col, value } => i18n::tf(
            lang,
            "uecda.cells.bad_value",
            &[
                ("row", &row.to_string()),
                ("col", &col.to_string()),
                ("value", &value.to_string()),
            ],
        ),
        CellError::NoSuchCard { row, col } => i18n::tf(
            lang,
            "uecda.cells.no_such_card",
            &[("row", &row.to_string()), ("col", &col.to_string())],
        ),
        CellError::TwoJokers => i18n::t(lang, "uecda.cells.two_jokers").to_string(),
    }
}

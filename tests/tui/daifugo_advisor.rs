//! The Daifugo advisor column (issue 14 item 5) on the screen: `a` toggles it, it thinks on a
//! worker thread without blocking keys ("…" until the first figures), marks one best entry,
//! and starts again after every move. Snapshots at 80×24 and 120×40 in both languages.

use crate::common::{draw, rows};
use crate::daifugo::{app_with, ctx, follow_game, lead_game, snap_all};
use cardroom::daifugo::cpu::Budget;
use cardroom::i18n::Lang;
use cardroom::tui::keymap::Action;
use cardroom::tui::screen::Screen;
use cardroom::tui::screens::daifugo::DaifugoScreen;
use cardroom::tui::screens::daifugo::advisor::Cell;

const ADVISOR: Action = Action::Custom("advisor");

/// A screen over `game` with the advisor on, thinking a fixed number of deals (the same
/// figures on every run), and its figures in.
fn advised(
    game: cardroom::daifugo::Game,
    lang: Lang,
    deals: u32,
) -> (DaifugoScreen, cardroom::tui::ctx::Ctx) {
    let mut c = ctx(lang);
    let mut s = DaifugoScreen::with_game(game, 7, &c);
    s.advisor_mut().set_budget(Budget::Playouts(deals));
    s.handle(ADVISOR, &mut c);
    s.advisor_mut().wait();
    (s, c)
}

#[test]
fn snapshots_advisor() {
    snap_all("advisor_follow", |l| advised(follow_game(), l, 16));
}

#[test]
fn the_column_shows_one_figure_per_entry_and_marks_one_best() {
    let (s, _) = advised(follow_game(), Lang::En, 16);
    let cells: Vec<Cell> = s
        .candidates()
        .items()
        .iter()
        .map(|i| s.advisor().cell(*i))
        .collect();
    assert!(!cells.is_empty());
    let mut best = 0;
    for c in &cells {
        match c {
            // Round points of a 4-player table lie between last (1) and first (4).
            Cell::Points(v, b) => {
                assert!((1.0..=4.0).contains(v), "{cells:?}");
                best += usize::from(*b);
            }
            other => panic!("no figure: {other:?}"),
        }
    }
    assert_eq!(best, 1, "{cells:?}");
    assert_eq!(s.advisor().deals(), Some(16));
}

#[test]
fn thinking_never_blocks_keys_and_a_move_starts_it_again() {
    let mut c = ctx(Lang::En);
    let mut s = DaifugoScreen::with_game(lead_game(), 7, &c);
    // A budget far beyond a test's patience: the worker is still at it below.
    s.advisor_mut().set_budget(Budget::Playouts(1_000_000));
    s.handle(ADVISOR, &mut c);
    assert!(s.advisor().thinking());
    assert!(s.next_deadline().is_some(), "the screen polls the worker");
    let first = s.candidates().selected();
    s.handle(Action::Down, &mut c);
    assert_eq!(
        s.candidates().selected(),
        first + 1,
        "keys answer meanwhile"
    );
    let item = s.candidates().items()[0];
    assert!(matches!(
        s.advisor().cell(item),
        Cell::Thinking | Cell::Points(..)
    ));
    let mut app = app_with(s, c.clone());
    let text = rows(&draw(&mut app, 80, 24)).join("\n");
    assert!(text.contains('…') || text.contains("deals"), "{text}");
    // Off: nothing shows, nothing runs.
    let mut s = DaifugoScreen::with_game(lead_game(), 7, &c);
    s.advisor_mut().set_budget(Budget::Playouts(8));
    s.handle(ADVISOR, &mut c);
    s.advisor_mut().wait();
    let before = s.advisor().estimates().map(<[_]>::to_vec);
    assert!(before.is_some());
    // The human plays: the CPUs answer, and on the human's next turn a new estimate starts
    // for the new position.
    s.handle(Action::Custom("play"), &mut c);
    assert!(s.advisor().estimates().is_none(), "old figures are dropped");
    s.settle(&c);
    if s.human_to_act() {
        assert!(s.advisor().thinking());
        s.advisor_mut().wait();
        assert_ne!(s.advisor().estimates().map(<[_]>::to_vec), before);
    }
    s.handle(ADVISOR, &mut c);
    assert!(!s.advisor().thinking());
    assert!(s.advisor().estimates().is_none());
    assert_eq!(s.advisor().cell(s.candidates().items()[0]), Cell::None);
}

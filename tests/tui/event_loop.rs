//! The event loop (`run_loop`) on a `TestBackend`, fed through the same channel the input and
//! signal threads use: keys and signals end it with the right exit, it wakes for a screen's
//! deadlines with no input at all, and a screen that forgets to move its deadline cannot make
//! it spin.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common::*;
use cardroom::i18n::Lang;
use cardroom::tui::app::{App, Exit, run_loop};
use cardroom::tui::ctx::Ctx;
use cardroom::tui::events::Msg;
use cardroom::tui::keymap::Binding;
use cardroom::tui::screen::{Screen, Transition};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

fn key(code: KeyCode) -> Msg {
    Msg::Input(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

fn terminal() -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(80, 24)).expect("test backend")
}

#[test]
fn keys_through_the_channel_drive_the_app_until_q() {
    let mut app = title_app(Lang::En);
    let (tx, rx) = mpsc::channel();
    for m in [
        key(KeyCode::Char('?')),
        key(KeyCode::Esc),
        key(KeyCode::Char('3')),
        Msg::Input(Event::Resize(100, 30)),
        key(KeyCode::Esc),
        key(KeyCode::Char('q')),
    ] {
        tx.send(m).unwrap();
    }
    let mut t = terminal();
    assert_eq!(run_loop(&mut t, &mut app, &rx), Exit::Quit);
    assert_eq!(app.top_title(), "Menu");
}

#[test]
fn signals_and_read_errors_end_the_loop_with_their_status() {
    for (msg, code) in [
        (Msg::Signal(Exit::Terminated), 143),
        (Msg::Signal(Exit::HangUp), 129),
        (Msg::Signal(Exit::Interrupted), 130),
        (Msg::InputError("gone".into()), 1),
    ] {
        let mut app = title_app(Lang::En);
        let (tx, rx) = mpsc::channel();
        tx.send(msg).unwrap();
        assert_eq!(run_loop(&mut terminal(), &mut app, &rx).code(), code);
    }
    // A closed channel (no input thread any more) is an error, not a hang.
    let mut app = title_app(Lang::En);
    let (tx, rx) = mpsc::channel::<Msg>();
    drop(tx);
    assert!(matches!(
        run_loop(&mut terminal(), &mut app, &rx),
        Exit::Error(_)
    ));
}

#[test]
fn deadlines_wake_the_loop_without_any_input() {
    let mut app = title_app(Lang::En);
    let mut game = FakeGame::new(Instant::now(), Duration::from_millis(1), 3);
    game.quit_when_done = true;
    app.push(Box::new(game));
    let (_tx, rx) = mpsc::channel::<Msg>(); // kept open: nothing will ever arrive
    // Three CPU moves, each at its deadline, then the fake game quits.
    assert_eq!(run_loop(&mut terminal(), &mut app, &rx), Exit::Quit);
}

/// A screen that breaks the contract: its deadline never moves.
struct StuckClock {
    due: Instant,
    fired: Rc<Cell<u32>>,
}

impl Screen for StuckClock {
    fn title(&self, _: &Ctx) -> String {
        "stuck".into()
    }
    fn render(&self, _: &mut ratatui::Frame, _: Rect, _: &Ctx) {}
    fn keymap(&self) -> &[Binding] {
        &[]
    }
    fn handle(&mut self, _: cardroom::tui::keymap::Action, _: &mut Ctx) -> Transition {
        Transition::Stay
    }
    fn next_deadline(&self) -> Option<Instant> {
        Some(self.due)
    }
    fn on_deadline(&mut self, _: Instant, _: &mut Ctx) -> Transition {
        self.fired.set(self.fired.get() + 1);
        Transition::Stay
    }
}

#[test]
fn a_deadline_left_in_place_fires_once_instead_of_spinning() {
    let fired = Rc::new(Cell::new(0));
    let mut app = App::new(
        title_app(Lang::En).ctx,
        Box::new(StuckClock {
            due: Instant::now(),
            fired: Rc::clone(&fired),
        }),
    );
    let (tx, rx) = mpsc::channel();
    let sender = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        tx.send(key(KeyCode::Char('q'))).unwrap();
    });
    assert_eq!(run_loop(&mut terminal(), &mut app, &rx), Exit::Quit);
    sender.join().unwrap();
    assert!(fired.get() <= 1, "fired {} times", fired.get());
}

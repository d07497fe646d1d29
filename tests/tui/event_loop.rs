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

fn ctrl(c: char) -> Msg {
    Msg::Input(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::CONTROL,
    )))
}

#[test]
fn ctrl_l_redraws_without_asking_the_terminal_anything() {
    let mut app = title_app(Lang::En);
    let (tx, rx) = mpsc::channel();
    for _ in 0..5 {
        tx.send(ctrl('l')).unwrap();
    }
    tx.send(key(KeyCode::Char('q'))).unwrap();
    let mut t = Terminal::new(NoQueries(TestBackend::new(80, 24))).unwrap();
    assert_eq!(run_loop(&mut t, &mut app, &rx), Exit::Quit);
}

#[test]
fn ctrl_l_repaints_every_cell_of_a_scribbled_screen() {
    use ratatui::backend::Backend;
    let mut app = title_app(Lang::En);
    let mut t = Terminal::new(NoQueries(TestBackend::new(80, 24))).unwrap();
    cardroom::tui::app::draw(&mut t, &mut app).unwrap();
    let good = t.backend().0.buffer().clone();
    // Something else wrote over the screen (another program, a stray message).
    let junk = ratatui::buffer::Cell::new("#");
    let cells: Vec<(u16, u16, &ratatui::buffer::Cell)> = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .map(|(x, y)| (x, y, &junk))
        .collect();
    t.backend_mut().draw(cells.into_iter()).unwrap();
    // A plain redraw writes only what changed in the app's eyes: nothing.
    cardroom::tui::app::draw(&mut t, &mut app).unwrap();
    assert_ne!(t.backend().0.buffer(), &good);
    // Ctrl-L: the whole screen comes back.
    app.handle_event(
        &Event::Key(KeyEvent::new(KeyCode::Char('l'), KeyModifiers::CONTROL)),
        Instant::now(),
    );
    cardroom::tui::app::draw(&mut t, &mut app).unwrap();
    assert_eq!(t.backend().0.buffer(), &good);
}

#[test]
fn ctrl_backslash_quits_at_once_with_status_131() {
    // Legacy terminals report Ctrl-\ as Ctrl-4; the kitty keyboard protocol as Ctrl-\.
    for c in ['4', '\\'] {
        let mut app = title_app(Lang::En);
        let (tx, rx) = mpsc::channel();
        tx.send(key(KeyCode::Char('3'))).unwrap(); // from the rules screen: works anywhere
        tx.send(ctrl(c)).unwrap();
        let exit = run_loop(&mut terminal(), &mut app, &rx);
        assert_eq!(
            (exit.clone(), exit.code()),
            (Exit::QuitSignal, 131),
            "Ctrl-{c}"
        );
    }
}

#[test]
fn sigquit_and_the_end_of_input_end_the_loop_with_131_and_129() {
    for (msg, code) in [(Msg::Signal(Exit::QuitSignal), 131), (Msg::EndOfInput, 129)] {
        let mut app = title_app(Lang::En);
        let (tx, rx) = mpsc::channel();
        tx.send(msg).unwrap();
        assert_eq!(run_loop(&mut terminal(), &mut app, &rx).code(), code);
    }
}

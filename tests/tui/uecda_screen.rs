//! The Daifugo screen linked to a table that runs elsewhere (the person's seat at a UECda
//! table): it shows the table's changes, names the seats as the table does, and sends the
//! person's actions to the table instead of applying them.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use cardroom::cards::rng_from_seed;
use cardroom::config::Config;
use cardroom::daifugo::cpu::easy_choice;
use cardroom::daifugo::{Action as GameAction, Game, MatchResult, MatchSettings};
use cardroom::tui::ctx::Ctx;
use cardroom::tui::keymap::{Action, lookup};
use cardroom::tui::screen::{Screen, Transition};
use cardroom::tui::screens::daifugo::DaifugoScreen;
use cardroom::tui::screens::daifugo::link::{LinkUpdate, TableLink};
use cardroom::uecda::contest_rules;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

#[derive(Clone, Default)]
struct Fake {
    queue: Arc<Mutex<VecDeque<LinkUpdate>>>,
    sent: Arc<Mutex<Vec<GameAction>>>,
    done: Arc<Mutex<Option<MatchResult>>>,
}

impl TableLink for Fake {
    fn next(&mut self) -> Option<LinkUpdate> {
        self.queue.lock().unwrap().pop_front()
    }
    fn send(&mut self, action: GameAction) {
        self.sent.lock().unwrap().push(action);
    }
    fn status(&self, _ctx: &Ctx) -> String {
        "game 2/7 | waiting for prog3".into()
    }
    fn finished(&self) -> Option<MatchResult> {
        self.done.lock().unwrap().clone()
    }
}

fn update(game: &Game) -> LinkUpdate {
    LinkUpdate {
        game: game.clone(),
        events: Vec::new(),
        names: ["", "prog1", "prog2", "prog3", "prog4"]
            .map(String::from)
            .to_vec(),
        totals: vec![12, 34, 56, 78, 90],
        number: 2,
        games: 7,
    }
}

fn text(screen: &DaifugoScreen, ctx: &Ctx) -> String {
    let mut t = Terminal::new(TestBackend::new(110, 34)).unwrap();
    t.draw(|f| screen.render(f, f.area(), ctx)).unwrap();
    let buf = t.backend().buffer();
    let mut s = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            s.push_str(buf[(x, y)].symbol());
        }
        s.push('\n');
    }
    s
}

#[test]
fn the_linked_screen_shows_the_table_and_sends_the_persons_action() {
    let mut config = Config::default();
    config.general.cpu_delay_ms = 0;
    let mut ctx = Ctx::new(config, &cardroom::tui::Options::default(), |_| None);
    let settings = MatchSettings {
        rules: contest_rules(),
        players: 5,
        rounds: 3,
    };
    let (mut game, _) = Game::new(settings, rng_from_seed(4)).unwrap();
    let link = Fake::default();
    let mut screen = DaifugoScreen::linked(update(&game), Box::new(link.clone()), &mut ctx);
    // The other seats play (elsewhere) until the person is to act; the table sends each change.
    let mut applied = 0;
    while game.current_seat() != Some(0) {
        let seat = game.current_seat().unwrap();
        let a = easy_choice(&game.seat_view(seat));
        game.apply(seat, a).unwrap();
        link.queue.lock().unwrap().push_back(update(&game));
        applied += 1;
    }
    for _ in 0..=applied {
        screen.on_deadline(Instant::now(), &mut ctx);
    }
    assert!(
        screen.human_to_act(),
        "the table's last change is the person's turn"
    );
    assert_eq!(screen.game(), &game, "the screen shows the table's game");
    let shown = text(&screen, &ctx);
    for name in ["prog1", "prog2", "prog3", "prog4"] {
        assert!(shown.contains(name), "{name} on the table:\n{shown}");
    }
    assert!(!shown.contains("CPU 1"));
    // The run's totals, not this match's (all 0 so far).
    assert!(shown.contains("78 pts"), "{shown}");
    assert_eq!(screen.status(&ctx), "game 2/7 | waiting for prog3");
    // The person plays the highlighted play: it goes to the table, the screen waits.
    let log_before = screen.game().log().len();
    let expected = match screen.candidates().current() {
        Some(cardroom::tui::screens::daifugo::candidates::Candidate::Play(p)) => {
            GameAction::Play(p)
        }
        other => panic!("a play to make, got {other:?}"),
    };
    screen.handle(Action::Custom("play"), &mut ctx);
    assert_eq!(link.sent.lock().unwrap().as_slice(), [expected]);
    assert_eq!(screen.game().log().len(), log_before, "not applied here");
    assert!(!screen.human_to_act(), "waiting for the table's answer");
    // A second press sends nothing more.
    screen.handle(Action::Custom("play"), &mut ctx);
    assert_eq!(link.sent.lock().unwrap().len(), 1);
    // The table's answer arrives: the play is on the pile.
    game.apply(0, expected).unwrap();
    link.queue.lock().unwrap().push_back(update(&game));
    screen.on_deadline(Instant::now(), &mut ctx);
    assert_eq!(screen.game(), &game);
}

#[test]
fn the_end_of_a_run_shows_its_totals_and_enter_closes_the_table() {
    let mut config = Config::default();
    config.general.cpu_delay_ms = 0;
    let mut ctx = Ctx::new(config, &cardroom::tui::Options::default(), |_| None);
    let settings = MatchSettings {
        rules: contest_rules(),
        players: 5,
        rounds: 3,
    };
    let (game, _) = Game::new(settings, rng_from_seed(5)).unwrap();
    let link = Fake::default();
    let mut screen = DaifugoScreen::linked(update(&game), Box::new(link.clone()), &mut ctx);
    // A 300-game run ends: the table's totals by seat, no places by round (the table keeps none).
    let totals = vec![911, 702, 1305, 823, 759];
    *link.done.lock().unwrap() = Some(MatchResult {
        ranks: MatchResult::rank_totals(&totals),
        totals,
        rounds: Vec::new(),
    });
    screen.on_deadline(Instant::now(), &mut ctx);
    screen.on_deadline(Instant::now(), &mut ctx);
    let shown = text(&screen, &ctx);
    assert!(shown.contains("Match result"), "{shown}");
    assert!(shown.contains("1305"), "{shown}");
    assert!(
        shown.contains("You placed 2nd."),
        "911 is the second total:\n{shown}"
    );
    assert!(!shown.contains("Places by round"), "{shown}");
    assert!(!shown.contains("play again"), "{shown}");
    assert!(shown.contains("close the table"), "{shown}");
    // Enter, through the screen's keymap, closes the table.
    let enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
    let action = lookup(screen.keymap(), &enter).expect("Enter does something");
    assert!(matches!(screen.handle(action, &mut ctx), Transition::Pop));
}

//! Frame render time of the shell's screens at 120×40 on ratatui's `TestBackend`: the menu,
//! the rules screen and the help overlay over the menu. Each iteration clears the test
//! terminal first, so every frame is drawn and flushed in full (no diff shortcut).
//! Target (issue 2, item 8): under 1 ms per frame in a release build.

use std::hint::black_box;
use std::time::Instant;

use cardroom::config::{Config, LanguageSetting};
use cardroom::tui::Options;
use cardroom::tui::app::App;
use cardroom::tui::ctx::Ctx;
use cardroom::tui::screens::title::TitleScreen;
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Size;

fn app(lang: LanguageSetting, keys: &[KeyCode]) -> App {
    let mut config = Config::default();
    config.general.language = lang;
    let ctx = Ctx::new(config, &Options::default(), |_| None);
    let mut app = App::new(ctx, Box::new(TitleScreen::new()));
    app.set_size(Size::new(120, 40));
    for k in keys {
        app.handle_key(&KeyEvent::new(*k, KeyModifiers::NONE), Instant::now());
    }
    app
}

fn bench(c: &mut Criterion) {
    let cases = [
        ("menu_en_120x40", app(LanguageSetting::En, &[])),
        ("menu_ja_120x40", app(LanguageSetting::Ja, &[])),
        (
            "rules_en_120x40",
            app(LanguageSetting::En, &[KeyCode::Char('3')]),
        ),
        (
            "rules_ja_120x40",
            app(LanguageSetting::Ja, &[KeyCode::Char('3')]),
        ),
        (
            "help_en_120x40",
            app(LanguageSetting::En, &[KeyCode::Char('?')]),
        ),
    ];
    // The floor: clearing and flushing a blank 120x40 frame, with nothing rendered.
    let mut blank = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
    c.bench_function("blank_120x40", |b| {
        b.iter(|| {
            blank.clear().expect("clear");
            blank
                .draw(|f| {
                    black_box(f);
                })
                .expect("draw");
        })
    });
    for (name, app) in &cases {
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
        c.bench_function(name, |b| {
            b.iter(|| {
                terminal.clear().expect("clear");
                terminal.draw(|f| app.render(black_box(f))).expect("draw");
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

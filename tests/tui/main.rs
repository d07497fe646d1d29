//! Terminal UI and application tests, one binary: screens on ratatui's `TestBackend` (insta
//! snapshots, behaviour, a sweep of every size), the event loop, configuration files, and the
//! real binary end to end in tmux.
//!
//! Long runs are sized by [`long_tests`]: `CARDROOM_LONG_TESTS=1` (set by `.ci/run`) runs the
//! full sizes, the default runs a sample that takes seconds.

mod app;
mod big_cards;
mod blackjack;
mod blackjack_e2e;
mod common;
mod config_files;
mod daifugo;
mod daifugo_advisor;
mod daifugo_e2e;
mod daifugo_history;
mod daifugo_tracker;
mod daifugo_words;
mod e2e;

mod event_loop;
mod headless;
mod monkey;
mod mouse;
mod replay;
mod settings;
mod snapshots;
mod stats;
mod structure;
mod sweep;
mod tmux;
mod uecda_e2e;
mod uecda_screen;

/// Whether the long versions of the property and simulation tests should run
/// (`CARDROOM_LONG_TESTS=1`, as `.ci/run` sets).
pub fn long_tests() -> bool {
    std::env::var_os("CARDROOM_LONG_TESTS").is_some_and(|v| v != "0" && !v.is_empty())
}

//! Blackjack integration tests, one binary: the rules with stacked shoes, properties over random
//! rounds, records, the simulator against the engine, basic strategy, exact EVs, the CLI.
//!
//! Long runs are sized by [`long_tests`]: `CARDROOM_LONG_TESTS=1` (set by `.ci/run`) runs the
//! full sizes, the default runs a sample that takes seconds.

mod chart;
mod chart_ev;
mod cli;
mod ev;
mod ev_cli;
mod properties;
mod record;
mod rules;
mod sim_agrees;
mod split_brute;
mod strategy;

/// Whether the long versions of the property and simulation tests should run
/// (`CARDROOM_LONG_TESTS=1`, as `.ci/run` sets).
pub fn long_tests() -> bool {
    std::env::var_os("CARDROOM_LONG_TESTS").is_some_and(|v| v != "0" && !v.is_empty())
}

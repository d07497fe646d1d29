//! Daifugo integration tests, one binary: the rule-book vectors and rule cases, properties over
//! seeded matches, records, the CPU levels and their search, the CLI.
//!
//! Long runs are sized by [`long_tests`]: `CARDROOM_LONG_TESTS=1` (set by `.ci/run`) runs the
//! full sizes, the default runs a sample that takes seconds.

mod advise;
mod cli;
mod common;
mod cpu;
mod cpu_belief;
mod cpu_cli;
mod cpu_determinize;
mod cpu_imitation;
mod cpu_legal;
mod cpu_play;
mod cpu_playout;
mod cpu_support;
mod cpu_view;
mod house;
mod props;
mod records;
mod rules;
mod structure;
mod uecda;
mod variants;
mod vectors;

/// Whether the long versions of the property and simulation tests should run
/// (`CARDROOM_LONG_TESTS=1`, as `.ci/run` sets).
pub fn long_tests() -> bool {
    std::env::var_os("CARDROOM_LONG_TESTS").is_some_and(|v| v != "0" && !v.is_empty())
}

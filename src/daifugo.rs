//! The Daifugo (大富豪 / 大貧民, "President") engine, after `rules/daifugo.md`.

pub mod rules;

//! cardroom: a full-screen terminal card room — Daifugo (大富豪, "President") against CPU players
//! and casino Blackjack — plus headless analysis commands.
//!
//! Module map (data flows one way: key → action → engine → snapshot → frame):
//!
//! * [`cards`] — suits, ranks, cards with distinct jokers, notation, decks, seeded shuffle.
//! * [`config`] — `config.toml`: defaults, layering, validation, located errors.
//! * [`daifugo`] — the Daifugo engine: rules, plays, tricks, rounds, match, CPU players.
//! * [`blackjack`] — the Blackjack engine: rules, hands, table, basic strategy, exact EVs.
//! * [`i18n`] — English and Japanese string tables from `assets/lang/`.
//! * [`replay`] — game records read back through the engines into frames for the viewer.
//! * [`stats`] — persisted statistics, written atomically; corrupt files set aside.
//! * [`tui`] — the terminal UI: terminal guard, event loop, screens, widgets, themes.
//! * [`cli`] — the command line and the headless commands.
//!
//! Engines are pure: no terminal, files, clock or global RNG; every random draw comes from a
//! seeded [`cards::GameRng`].
#![forbid(unsafe_code)]

pub mod blackjack;
pub mod cards;
pub mod cli;
pub mod config;
pub mod daifugo;
pub mod i18n;
pub mod replay;
pub mod stats;
pub mod tui;

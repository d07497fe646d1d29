//! The Blackjack engine, after `rules/blackjack.md`.

pub mod rules;
pub mod strategy;

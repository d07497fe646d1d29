//! The Blackjack engine, after `rules/blackjack.md`.

pub mod ev;
pub mod rules;
pub mod strategy;

//! The Blackjack engine, after `rules/blackjack.md`.
//!
//! * [`rules`] — the rule set (`[blackjack]` in the config).
//! * [`hand`] — card points, hard/soft totals, naturals, the dealer's drawing rule.
//! * [`moves`] — which moves a hand may make, peek and surrender timing, settlement.
//! * [`money`] — exact chip amounts (cents).
//! * [`shoe`] — the multi-deck shoe with its cut card and reshuffles.
//! * [`table`] — the checked round state machine (bets, insurance, play, dealer, settlement).
//! * [`error`] — why an action was refused.
//! * [`ev`] — exact composition-dependent expected values.
//! * [`record`] — game records (JSON Lines).
//! * [`sim`] — the fast basic-strategy simulator behind `cardroom blackjack simulate`.
//! * [`strategy`] — basic strategy for the configured rules.

pub mod error;
pub mod ev;
pub mod hand;
pub mod money;
pub mod moves;
pub mod record;
pub mod rules;
pub mod shoe;
pub mod sim;
pub mod strategy;
pub mod table;

pub use error::RuleError;
pub use money::Money;
pub use table::{Action, Event, Phase, Table, View};

//! The Blackjack engine's data put into words: the table's refusals, the names of actions and
//! phases, errors of the EV engine and the reasons an EV is missing. The engine speaks in data
//! (`crate::blackjack`); this module and the string tables (`assets/lang/{en,ja}`) speak English
//! and Japanese, for the screen and the CLI alike (each naming cards in its own notation).

use crate::blackjack::RuleError;
use crate::blackjack::ev::EvError;
use crate::blackjack::rules::DoubleRule;
use crate::blackjack::table::{Action, Phase};
use crate::cards::Card;
use crate::i18n::{Lang, t, tf};

/// The message for an EV engine error, in `lang`, naming a card as `card_name` writes it: the
/// screen's label (`10♠`, [`crate::tui::ctx::Ctx::card_label`]) on screen, the notation (`TS`)
/// on the command line.
pub fn ev_error(e: &EvError, lang: Lang, card_name: &dyn Fn(Card) -> String) -> String {
    match e {
        EvError::Joker => tf(lang, "ev.error.joker", &[]),
        EvError::NotInShoe { card } => {
            tf(lang, "ev.error.not_in_shoe", &[("card", &card_name(*card))])
        }
        EvError::TooFewCards { cards } => tf(
            lang,
            "ev.error.too_few_cards",
            &[("cards", &cards.to_string())],
        ),
        EvError::Busted { total } => tf(lang, "ev.error.busted", &[("total", &total.to_string())]),
        EvError::NoHoleCard => tf(lang, "ev.error.no_hole_card", &[]),
        EvError::DealerHasNatural => tf(lang, "ev.error.dealer_natural", &[]),
        EvError::DealerCanRunOut => tf(lang, "ev.error.dealer_can_run_out", &[]),
    }
}

/// The string-table key of an action's name (`blackjack.action.*`).
pub fn action_key(a: Action) -> &'static str {
    match a {
        Action::Bet(_) => "blackjack.action.bet",
        Action::Insure(_) => "blackjack.action.insure",
        Action::EvenMoney => "blackjack.action.even_money",
        Action::Decline => "blackjack.action.decline",
        Action::Hit => "blackjack.action.hit",
        Action::Stand => "blackjack.action.stand",
        Action::Double => "blackjack.action.double",
        Action::Split => "blackjack.action.split",
        Action::Surrender => "blackjack.action.surrender",
        Action::NextRound => "blackjack.action.next_round",
    }
}

/// The string-table key of a phase's name (`blackjack.phase.*`).
pub fn phase_key(p: Phase) -> &'static str {
    match p {
        Phase::Betting => "blackjack.phase.betting",
        Phase::Insurance => "blackjack.phase.insurance",
        Phase::EarlySurrender => "blackjack.phase.early_surrender",
        Phase::Player => "blackjack.phase.player",
        Phase::Settled => "blackjack.phase.settled",
    }
}

/// Why the table refused an action, in `lang`.
pub fn rule_error(e: &RuleError, lang: Lang) -> String {
    let action_name = |a: Action| t(lang, action_key(a)).to_string();
    match *e {
        RuleError::NotNow { action, phase } => tf(
            lang,
            "blackjack.error.not_now",
            &[
                ("action", &action_name(action)),
                ("phase", t(lang, phase_key(phase))),
            ],
        ),
        RuleError::NoHand => t(lang, "blackjack.error.no_hand").into(),
        RuleError::RoundOver => t(lang, "blackjack.error.round_over").into(),
        RuleError::BetOutOfLimits { bet, min, max } => tf(
            lang,
            "blackjack.error.bet_limits",
            &[
                ("bet", &bet.to_string()),
                ("min", &min.to_string()),
                ("max", &max.to_string()),
            ],
        ),
        RuleError::BetOverBankroll { bet, bankroll } => tf(
            lang,
            "blackjack.error.bet_bankroll",
            &[
                ("bet", &bet.to_string()),
                ("bankroll", &bankroll.to_string()),
            ],
        ),
        RuleError::CannotCover {
            action,
            needed,
            bankroll,
        } => tf(
            lang,
            "blackjack.error.cannot_cover",
            &[
                ("action", &action_name(action)),
                ("needed", &needed.to_string()),
                ("bankroll", &bankroll.to_string()),
            ],
        ),
        RuleError::HitSplitAces => t(lang, "blackjack.error.hit_split_aces").into(),
        RuleError::DoubleAfterHit => t(lang, "blackjack.error.double_after_hit").into(),
        RuleError::DoubleAfterSplit => t(lang, "blackjack.error.double_after_split").into(),
        RuleError::DoubleSplitAces => t(lang, "blackjack.error.double_split_aces").into(),
        RuleError::DoubleOff => t(lang, "blackjack.error.double_off").into(),
        RuleError::DoubleTotal { total, rule } => {
            let rule = match rule {
                DoubleRule::Any => "2-21",
                DoubleRule::NineToEleven => "9-11",
                DoubleRule::TenToEleven => "10-11",
                DoubleRule::None => "-",
            };
            tf(
                lang,
                "blackjack.error.double_total",
                &[("total", &total.to_string()), ("rule", rule)],
            )
        }
        RuleError::SplitNotTwoCards { cards } => tf(
            lang,
            "blackjack.error.split_cards",
            &[("cards", &cards.to_string())],
        ),
        RuleError::SplitNotPair => t(lang, "blackjack.error.split_pair").into(),
        RuleError::SplitMaxHands { max } => tf(
            lang,
            "blackjack.error.split_max",
            &[("max", &max.to_string())],
        ),
        RuleError::ResplitAces => t(lang, "blackjack.error.resplit_aces").into(),
        RuleError::SurrenderOff => t(lang, "blackjack.error.surrender_off").into(),
        RuleError::SurrenderAfterSplit => t(lang, "blackjack.error.surrender_split").into(),
        RuleError::SurrenderAfterHit => t(lang, "blackjack.error.surrender_hit").into(),
        RuleError::SurrenderPassed => t(lang, "blackjack.error.surrender_passed").into(),
        RuleError::InsuranceAmount { amount, max } => tf(
            lang,
            "blackjack.error.insurance_amount",
            &[("amount", &amount.to_string()), ("max", &max.to_string())],
        ),
        RuleError::InsuranceOnNatural => t(lang, "blackjack.error.insurance_natural").into(),
        RuleError::EvenMoneyWithoutNatural => t(lang, "blackjack.error.even_money_natural").into(),
        RuleError::ShoeEmpty => t(lang, "blackjack.error.shoe_empty").into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    #[test]
    fn an_ev_error_names_the_card_in_the_notation_given() {
        let e = EvError::NotInShoe {
            card: Card::new(Rank::Ten, Suit::Spades),
        };
        let screen = ev_error(&e, Lang::En, &|c| c.label(true));
        assert!(screen.contains("no 10♠ left"), "{screen}");
        let cli = ev_error(&e, Lang::En, &|c| c.to_string());
        assert!(cli.contains("no TS left"), "{cli}");
        let ja = ev_error(&e, Lang::Ja, &|c| c.label(false));
        assert!(ja.contains("10S"), "{ja}");
    }
}

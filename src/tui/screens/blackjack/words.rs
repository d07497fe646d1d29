//! The Blackjack engine's data put into words: errors of the EV engine and the reasons an EV is
//! missing. The engine speaks in data (`crate::blackjack`); this module and the string tables
//! (`assets/lang/{en,ja}`) speak English and Japanese, for the screen and the CLI alike.

use crate::blackjack::ev::EvError;
use crate::i18n::{Lang, tf};

/// The message for an EV engine error, in `lang`.
pub fn ev_error(e: &EvError, lang: Lang) -> String {
    match e {
        EvError::Joker => tf(lang, "ev.error.joker", &[]),
        EvError::NotInShoe { card } => {
            tf(lang, "ev.error.not_in_shoe", &[("card", &card.to_string())])
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

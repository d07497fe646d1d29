//! Exact composition-dependent expected values (issue 5; conventions in rules/blackjack.md §3).
//!
//! Given the unseen cards ([`Shoe`]: counts per rank, or the infinite deck), a player hand and
//! the dealer's up card, [`hand_evs`] gives the EV of standing, hitting (with optimal play
//! after), doubling, splitting, surrendering and insuring; [`game_ev`] gives the whole-game EV of
//! a rule set for optimal composition-dependent play from a full shoe, by up card.
//!
//! # Conventions
//! * EVs are per initial bet: a won double is +2, surrender −0.5, a split counts every hand.
//! * Under `hole_card = "peek"` with an ace or ten up, EVs are conditional on the dealer not
//!   holding a natural (the player only acts then). Under ENHC they are unconditional, and a
//!   dealer natural takes every stake, doubles and splits included.
//! * Early surrender under peek is decided before the peek; so that it compares with the other
//!   (conditional) values it is reported as its conditional equivalent `(−0.5 + P(natural)) /
//!   P(no natural)`, the conditional EV at which surrendering and playing on are worth the same.
//!   Under ENHC surrender (late or early) gives up half before the dealer's second card: −0.5.
//! * Insurance is the EV of the full insurance side bet (half the bet, paying 2:1) per initial
//!   bet, decided before the peek, so unconditional.
//!
//! # Method
//! * Dealer: exact sampling without replacement over every multiset the dealer can finish with,
//!   stored once per up card as a trie (`dealer.rs`); a pass over it can leave one value out
//!   ("projection"), so all shoes differing only in that value's count share one pass. Results
//!   are memoized by the multiset of cards removed from the root shoe (`upcard.rs`).
//! * Player: stand / hit / double of every hand composition by recursion over the next card,
//!   memoized by composition (`upcard.rs`). Under peek, values carry the factor
//!   `P(no natural | cards)` and are divided by it once, which is exact: by exchangeability the
//!   hole card may be drawn after the player's cards.
//! * Splits: CDZ- (each split hand played like an unsplit hand of the same cards, zero memory),
//!   resplits counted exactly (`split.rs`, with the derivation and references).
//! * Infinite deck: the same code with removals ignored (every draw 1/13 per rank), so the
//!   infinite-deck figures of the rule book are computed directly, not through a large shoe.
//!
//! # Accuracy
//! The values are exact for the model up to f64 rounding: sums of products of probabilities,
//! with the only subtractions the complement `bust = 1 − Σ others` and the bounded alternating
//! sums of the split formula. The absolute error is below 1e-12 (the projections agree with
//! plain passes to 1e-13 in the unit tests). The model differences that remain against other
//! analyzers are in the split strategy only: CDZ- here (post-split decisions from the unsplit
//! values of the hand's own cards, always resplitting); analyzers that optimize post-split play
//! for the removed pair card (CDZ, CDP) or approximate resplits report whole-game figures a few
//! thousandths of a percent apart (rules/blackjack.md §4). Measured against §4: 1 deck S17 DAS
//! +0.1817% (published +0.182%), 6 decks S17 DAS LS −0.3303% (−0.330%), H17 −0.5273% (−0.527%),
//! 6:5 −1.6900% (−1.690%).
//!
//! # Speed
//! Release build, one core (`benches/blackjack_ev.rs`, measured on a shared 2-core machine):
//! a 6-deck `hand_evs` with the split takes about 0.4 ms for 8,8 v T and 6.4 ms for the
//! costliest pair, 2,2 v A; [`game_ev`] for 6 decks takes about 0.1 s (0.2 s for 8 decks
//! splitting to 8 hands). The dealer tries are built once per process (a few ms per up card).

mod dealer;
mod game;
mod hand;
mod shoe;
mod split;
mod upcard;

use std::fmt;

use serde::Serialize;

use crate::blackjack::rules::{HoleCard, Rules, SplitTensBy, Surrender};
use crate::blackjack::strategy::Decision;
use crate::cards::{Card, Rank};
use crate::i18n::{Lang, tf};

pub use shoe::Shoe;

pub(crate) use game::{TwoCard, UpAnalysis, analyze};
pub(crate) use hand::{ACE, Hand, TEN, VALUES, count_in, unit};
pub(crate) use upcard::{NodeEv, Removal, UpCard};

use split::SplitSpec;

/// Why an EV cannot be computed. The text comes from the string tables (`ev.error.*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvError {
    /// A joker was given; Blackjack uses none.
    Joker,
    /// The shoe has no copy of this card left (it was dealt already, or named twice).
    NotInShoe {
        /// The card.
        card: Card,
    },
    /// A hand needs at least two cards; this many were given.
    TooFewCards {
        /// Cards given.
        cards: usize,
    },
    /// The hand is over 21 and has no decision left.
    Busted {
        /// Its total.
        total: u32,
    },
    /// So few cards are left that a deal could run out of them.
    ShoeTooSmall {
        /// Cards left in the shoe.
        left: u32,
        /// Cards the computation needs available.
        needed: u32,
    },
}

impl EvError {
    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            EvError::Joker => tf(lang, "ev.error.joker", &[]),
            EvError::NotInShoe { card } => {
                tf(lang, "ev.error.not_in_shoe", &[("card", &card.to_string())])
            }
            EvError::TooFewCards { cards } => tf(
                lang,
                "ev.error.too_few_cards",
                &[("cards", &cards.to_string())],
            ),
            EvError::Busted { total } => {
                tf(lang, "ev.error.busted", &[("total", &total.to_string())])
            }
            EvError::ShoeTooSmall { left, needed } => tf(
                lang,
                "ev.error.shoe_too_small",
                &[("left", &left.to_string()), ("needed", &needed.to_string())],
            ),
        }
    }
}

impl fmt::Display for EvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for EvError {}

/// One decision point: the player's hand, the dealer's up card, and where the hand stands in the
/// round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot<'a> {
    /// The hand's cards (at least two).
    pub hand: &'a [Card],
    /// The dealer's up card.
    pub up: Card,
    /// Whether this hand was made by splitting (no natural, no surrender, doubles only with
    /// `double_after_split`).
    pub from_split: bool,
    /// Hands the player has in this round now (1 before any split); limits resplits. A
    /// resplit's value counts its own hands as one group of at most `max_hands −
    /// hands_in_round + 1`; the round's other unfinished hands are not coupled to it (they too
    /// could resplit and use up the limit), a small approximation that only arises mid-round.
    pub hands_in_round: u8,
}

impl<'a> Spot<'a> {
    /// The first decision of an unsplit hand.
    pub fn new(hand: &'a [Card], up: Card) -> Spot<'a> {
        Spot {
            hand,
            up,
            from_split: false,
            hands_in_round: 1,
        }
    }
}

/// The EV of every action at one spot, per initial bet (see the module docs). `None` where the
/// rules or the hand do not allow the action. Serialized with the JSON keys of DESIGN.md.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct HandEvs {
    /// Stand (for a natural: what the natural is worth).
    pub stand: f64,
    /// Hit, then play on optimally.
    pub hit: f64,
    /// Double: two-card hands the double rule allows (after a split only with DAS).
    pub double: Option<f64>,
    /// Split, resplitting while allowed, CDZ- play of each hand.
    pub split: Option<f64>,
    /// Surrender: first two cards of an unsplit hand, when offered.
    pub surrender: Option<f64>,
    /// The insurance side bet, when offered (dealer ace, first decision).
    pub insurance: Option<f64>,
    /// The action with the highest EV (insurance is a separate question).
    pub best: Decision,
}

impl HandEvs {
    /// The EV of `d`, `None` where not allowed.
    pub fn get(&self, d: Decision) -> Option<f64> {
        match d {
            Decision::Stand => Some(self.stand),
            Decision::Hit => Some(self.hit),
            Decision::Double => self.double,
            Decision::Split => self.split,
            Decision::Surrender => self.surrender,
        }
    }
}

/// The value index of a card (0 = ace, 9 = ten-valued); jokers are refused.
fn value_index(card: Card) -> Result<usize, EvError> {
    let r = card.rank().ok_or(EvError::Joker)?;
    Ok(usize::from(r.number().min(10) - 1))
}

/// Largest number of cards of `counts` whose points (aces 1) sum to at most `budget`.
fn most_cards_within(counts: &[u32; VALUES], budget: u32) -> u32 {
    let mut left = budget;
    let mut n = 0;
    for (v, &c) in counts.iter().enumerate() {
        let pts = v as u32 + 1;
        let take = c.min(left / pts);
        n += take;
        left -= take * pts;
    }
    n
}

/// The EV of every action at `spot`, with `unseen` the cards not yet seen: the hand and the up
/// card must already be out of it (so must every other card seen; the dealer's hole card, being
/// unseen, stays in). This is what the in-game advisor calls with "the real shoe at that
/// moment": `Shoe::decks_without(decks, &dealt_cards_since_the_shuffle)`.
///
/// Errors: [`EvError::Joker`], [`EvError::TooFewCards`], [`EvError::Busted`], and
/// [`EvError::ShoeTooSmall`] when `unseen` holds so few cards that the hand or the dealer could
/// run out (a split on its own is then reported as `None` when only it could run out).
pub fn hand_evs(rules: &Rules, unseen: &Shoe, spot: &Spot<'_>) -> Result<HandEvs, EvError> {
    if spot.hand.len() < 2 {
        return Err(EvError::TooFewCards {
            cards: spot.hand.len(),
        });
    }
    let up = value_index(spot.up)?;
    let values = spot
        .hand
        .iter()
        .map(|&c| value_index(c))
        .collect::<Result<Vec<_>, _>>()?;
    let hand = Hand::of(&values);
    if hand.busted() {
        return Err(EvError::Busted { total: hand.hard });
    }
    let infinite = unseen.is_infinite();
    let unseen_counts = unseen.value_counts();
    if !infinite {
        let needed = most_cards_within(&unseen_counts, (21 - hand.hard) + (16 - (up as u32 + 1)))
            .saturating_add(2);
        if unseen.len() < needed {
            return Err(EvError::ShoeTooSmall {
                left: unseen.len(),
                needed,
            });
        }
    }
    let mut root = unseen_counts;
    for &v in &values {
        root[v] += 1;
    }
    let mut ctx = UpCard::new(rules, up, root, infinite);
    let rem = Removal::of(hand);
    let weight = ctx.weight(rem);
    let p_natural = if ctx.peeks() || rules.hole_card == HoleCard::Enhc {
        ctx.p_natural(rem)
    } else {
        0.0
    };
    let first = !spot.from_split && spot.hands_in_round <= 1;
    let e = ctx.node(hand);
    let mut stand = e.stand / weight;
    let hit = e.hit / weight;
    let natural = first && hand.is_two_card_21();
    if natural {
        let pays = game::natural_pays(rules);
        let tie = if rules.ties == crate::blackjack::rules::Ties::Push {
            0.0
        } else {
            -1.0
        };
        stand = if ctx.peeks() {
            pays
        } else {
            pays * (1.0 - p_natural) + tie * p_natural
        };
    }
    let double = (hand.cards == 2
        && rules.double.allows_total(hand.total() as u8)
        && (!spot.from_split || rules.double_after_split))
        .then(|| ctx.double_u(hand, Removal::NONE) / weight);
    let surrender = (first && hand.cards == 2).then_some(()).and_then(|_| {
        match (rules.surrender, rules.hole_card) {
            (Surrender::None, _) => None,
            (Surrender::Early, HoleCard::Peek) if ctx.peeks() => {
                Some((-0.5 + p_natural) / (1.0 - p_natural))
            }
            _ => Some(-0.5),
        }
    });
    let split = match hand.pair() {
        Some(p) if can_split_pair(rules, spot) => {
            split_ev(rules, unseen, &mut ctx, spot, p, up).map(|u| u / weight)
        }
        _ => None,
    };
    let insurance = (first && hand.cards == 2 && up == ACE && rules.insurance).then(|| {
        let p_ten = ctx.avail(rem, TEN) / ctx.left(rem);
        0.5 * (3.0 * p_ten - 1.0)
    });
    let mut best = (stand, Decision::Stand);
    if !natural {
        for (v, d) in [
            (Some(hit), Decision::Hit),
            (double, Decision::Double),
            (split, Decision::Split),
            (surrender, Decision::Surrender),
        ] {
            if let Some(v) = v
                && v > best.0
            {
                best = (v, d);
            }
        }
    }
    Ok(HandEvs {
        stand,
        hit,
        double,
        split,
        surrender,
        insurance,
        best: best.1,
    })
}

/// Whether the two cards of `spot` (already known to be one value twice) may split: ten-valued
/// cards under `split_tens_by = "rank"` need the same rank.
fn can_split_pair(rules: &Rules, spot: &Spot<'_>) -> bool {
    let (a, b) = (spot.hand[0].rank(), spot.hand[1].rank());
    let tens = a.is_some_and(|r| r.number() >= 10);
    !(tens && rules.split_tens_by == SplitTensBy::Rank && a != b)
}

/// `U` of splitting the pair of value index `p` at `spot`, or `None` when the rules forbid it or
/// the shoe is too small for the split phase.
fn split_ev(
    rules: &Rules,
    unseen: &Shoe,
    ctx: &mut UpCard,
    spot: &Spot<'_>,
    p: usize,
    up: usize,
) -> Option<f64> {
    let limit = SplitSpec::limit(rules, p, u32::from(spot.hands_in_round.max(1)))?;
    if spot.from_split && p == ACE && !rules.resplit_aces {
        return None;
    }
    let pair_cards = if p == TEN && rules.split_tens_by == SplitTensBy::Rank {
        let rank = spot.hand[0].rank().unwrap_or(Rank::Ten);
        if unseen.is_infinite() {
            1.0
        } else {
            f64::from(unseen.count(rank))
        }
    } else if unseen.is_infinite() {
        f64::from(ctx.root[p])
    } else {
        f64::from(unseen.value_counts()[p])
    };
    if !unseen.is_infinite() {
        // The phase may take 2·(limit−1) pair cards; each hand and the dealer then draw.
        let counts = unseen.value_counts();
        let budget = limit * (21 - (p as u32 + 1)) + (16 - (up as u32 + 1));
        let needed = 2 * (limit - 1) + most_cards_within(&counts, budget) + limit + 1;
        if unseen.len() < needed {
            return None;
        }
    }
    Some(ctx.split_u(SplitSpec {
        pair: p,
        pair_cards,
        max_hands: limit,
    }))
}

/// The dealer's final-outcome probabilities from one up card (before any peek: naturals
/// included), as the rule book tabulates them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DealerOutcomes {
    /// Final totals 17, 18, 19, 20, 21 (without naturals).
    pub totals: [f64; 5],
    /// Bust.
    pub bust: f64,
    /// A natural (hole card completing A + ten).
    pub natural: f64,
}

/// The dealer's outcome probabilities with up card `up` drawing from `unseen` (the up card
/// already out of it), under the rules' soft-17 rule.
///
/// Errors: [`EvError::Joker`]; [`EvError::ShoeTooSmall`] when the dealer could run out.
pub fn dealer_outcomes(rules: &Rules, unseen: &Shoe, up: Card) -> Result<DealerOutcomes, EvError> {
    let upv = value_index(up)?;
    let counts = unseen.value_counts();
    if !unseen.is_infinite() {
        let needed = most_cards_within(&counts, 16 - (upv as u32 + 1)) + 1;
        if unseen.len() < needed {
            return Err(EvError::ShoeTooSmall {
                left: unseen.len(),
                needed,
            });
        }
    }
    let mut ctx = UpCard::new(rules, upv, counts, unseen.is_infinite());
    let d = ctx.dealer(Removal::NONE);
    Ok(DealerOutcomes {
        totals: [d[0], d[1], d[2], d[3], d[4]],
        bust: d[5],
        natural: d[6],
    })
}

/// The player's EV with one up card, as part of [`GameEv`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct UpCardEv {
    /// The up card's value: 1 = ace, 2..=10.
    pub up: u8,
    /// Probability of this up card.
    pub probability: f64,
    /// Player EV per initial bet given this up card (unconditional: dealer naturals included).
    pub ev: f64,
}

/// The whole-game player EV of a rule set: optimal composition-dependent play (CDZ- splits) from
/// a full shoe reshuffled before every round, per initial bet.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameEv {
    /// Player EV per initial bet (the house edge is its negative).
    pub ev: f64,
    /// The breakdown by dealer up card, 2 first and ace last.
    pub by_up: Vec<UpCardEv>,
}

/// The whole-game EV of `rules` from a full shoe of `rules.decks` decks (rules/blackjack.md §3:
/// full shoe, shuffle before each hand). For a 6-deck game this takes well under a second in a
/// release build.
pub fn game_ev(rules: &Rules) -> GameEv {
    game_ev_from(rules, &Shoe::decks(rules.decks))
}

/// The whole-game EV from `shoe` as the full shoe (for instance [`Shoe::infinite`]).
pub fn game_ev_from(rules: &Rules, shoe: &Shoe) -> GameEv {
    let ups = analyze(rules, shoe);
    let ev = ups.iter().map(|u| u.prob * u.ev).sum();
    let mut by_up: Vec<UpCardEv> = ups
        .iter()
        .map(|u| UpCardEv {
            up: u.up as u8 + 1,
            probability: u.prob,
            ev: u.ev,
        })
        .collect();
    by_up.rotate_left(1);
    GameEv { ev, by_up }
}

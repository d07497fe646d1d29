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
//! * Splits: each split hand played like an unsplit hand of the same cards (zero memory,
//!   "CDZ-"), under the resplit plan of the rules (`resplit`: the better of resplitting and not,
//!   or always resplitting), exact for that strategy (`split.rs`, with the derivation and
//!   references; checked against a card-by-card brute force in the tests).
//! * Depleted shoes: when the worst case of a round does not fit in the shoe, whether some order
//!   of the cards can run it out is decided exactly (`upcard.rs` for one hand, `round.rs` for a
//!   split round); such an action has no value and a [`Note`] says why, and the split value
//!   comes from the formula where its terms still fit, else from the round dealt card by card.
//! * Infinite deck: the same code with removals ignored (every draw 1/13 per rank), so the
//!   infinite-deck figures of the rule book are computed directly, not through a large shoe.
//!
//! # Accuracy
//! The values are exact for the model up to f64 rounding: sums of products of probabilities,
//! with the only subtractions the complement `bust = 1 − Σ others` and the bounded alternating
//! sums of the split formula. The absolute error is below 1e-12 (the projections agree with
//! plain passes to 1e-13 in the unit tests; the brute force of the tests to 1e-15). The model
//! differences that remain against other analyzers are in the split strategy only: CDZ- here
//! (post-split decisions from the unsplit values of the hand's own cards); analyzers that
//! optimize post-split play for the removed pair card (CDZ, CDP) or approximate resplits report
//! whole-game figures a few thousandths of a percent apart (rules/blackjack.md §4). Measured
//! against §4: 1 deck S17 DAS +0.1819% (published +0.182%), 6 decks S17 DAS LS −0.3303%
//! (−0.330%), H17 −0.5273% (−0.527%), 6:5 −1.6900% (−1.690%).
//!
//! # Speed
//! Release build, one core (`benches/blackjack_ev.rs`, measured on a shared 2-core machine at
//! load 3–5): a 6-deck `hand_evs` with the split takes about 0.4 ms for 8,8 v T and 8 ms for
//! the costliest pair, 2,2 v A (57 million instructions; about 5 ms of CPU); [`game_ev`] for 6
//! decks takes about 0.1 s (0.2 s for 8 decks splitting to 8 hands). Both resplit plans share
//! one pass (`UpCard::phases_u`). The dealer tries are built once per process (a few ms per up
//! card), and the memo tables of a finished query are reused by the next one on the thread.
//! From a nearly empty one-deck shoe a query takes milliseconds, up to a few seconds for the
//! rare shoes of twenty-odd small cards split to four hands, where the exhaustion search has
//! most deals to rule out.

mod dealer;
mod game;
mod hand;
mod round;
mod shoe;
mod split;
mod upcard;

use serde::Serialize;

use crate::blackjack::rules::{HoleCard, ResplitPolicy, Rules, SplitTensBy, Surrender};
use crate::blackjack::strategy::Decision;
use crate::cards::{Card, Rank};

pub use shoe::Shoe;

pub(crate) use game::{TwoCard, UpAnalysis, analyze};
pub(crate) use hand::{ACE, Hand, TEN, VALUES, count_in, unit};
pub(crate) use upcard::{NodeEv, Removal, UpCard};

use round::{Mode, Round, Start};
use split::{Phase, Play};

/// Why an EV cannot be computed. Data only: the CLI and the TUI put it into words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Under peek the dealer's hole card is one of the unseen cards, and none is left: no such
    /// deal exists.
    NoHoleCard,
    /// Under peek with an ace or ten up, every unseen card would give the dealer a natural: the
    /// dealer would have shown it and the player never acts.
    DealerHasNatural,
    /// The dealer could run out of cards (asked of [`dealer_outcomes`] only).
    DealerCanRunOut,
}

/// A split hand's plan for pair cards that arrive later (rules `resplit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SplitPlan {
    /// Resplit whenever the rules allow.
    Resplit,
    /// Never resplit: a hand that draws a pair card plays it as an ordinary hand.
    NoResplit,
}

/// Why an action that the rules allow has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Note {
    /// Some order of the unseen cards makes the round need a card from an empty shoe; the value
    /// would then depend on the discards reshuffled.
    ShoeCanRunOut,
}

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
    /// Hands the player has in this round now (1 before any split); limits resplits.
    pub hands_in_round: u8,
    /// Split hands after this one still waiting for their second card (each holds one card of
    /// the pair, this hand's first card): they are played after this hand, and a resplit here
    /// leaves them fewer resplits.
    pub waiting: u8,
    /// Whether a finished hand of this round is still live (stood or doubled without busting),
    /// so that the dealer will draw even if this hand busts.
    pub others_live: bool,
}

impl<'a> Spot<'a> {
    /// The first decision of an unsplit hand.
    pub fn new(hand: &'a [Card], up: Card) -> Spot<'a> {
        Spot {
            hand,
            up,
            from_split: false,
            hands_in_round: 1,
            waiting: 0,
            others_live: false,
        }
    }
}

/// The EV of every action at one spot, per initial bet (see the module docs). `None` where the
/// rules or the hand do not allow the action, or where the shoe can run out (then the action's
/// note says so). Serialized with the JSON keys of DESIGN.md, plus `split_policy` and the notes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct HandEvs {
    /// Stand (for a natural: what the natural is worth).
    pub stand: Option<f64>,
    /// Hit, then play on optimally.
    pub hit: Option<f64>,
    /// Double: two-card hands the double rule allows (after a split only with DAS).
    pub double: Option<f64>,
    /// Split, under the plan in `split_policy`; at a later split hand, resplitting it: the
    /// round's value after the resplit less its value without (the hands still to come count).
    pub split: Option<f64>,
    /// Surrender: first two cards of an unsplit hand, when offered.
    pub surrender: Option<f64>,
    /// The insurance side bet, when offered (dealer ace, first decision).
    pub insurance: Option<f64>,
    /// The action with the highest EV (insurance is a separate question); `None` when no
    /// action has a value.
    pub best: Option<Decision>,
    /// The resplit plan behind `split`.
    pub split_policy: Option<SplitPlan>,
    /// Why `stand` has no value although allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stand_note: Option<Note>,
    /// Why `hit` has no value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hit_note: Option<Note>,
    /// Why `double` has no value although allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub double_note: Option<Note>,
    /// Why `split` has no value although allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_note: Option<Note>,
}

impl HandEvs {
    /// The EV of `d`, `None` where not allowed or not defined.
    pub fn get(&self, d: Decision) -> Option<f64> {
        match d {
            Decision::Stand => self.stand,
            Decision::Hit => self.hit,
            Decision::Double => self.double,
            Decision::Split => self.split,
            Decision::Surrender => self.surrender,
        }
    }

    /// Why `d` has no value although the rules allow it.
    pub fn note(&self, d: Decision) -> Option<Note> {
        match d {
            Decision::Stand => self.stand_note,
            Decision::Hit => self.hit_note,
            Decision::Double => self.double_note,
            Decision::Split => self.split_note,
            Decision::Surrender => None,
        }
    }
}

/// The value index of a card (0 = ace, 9 = ten-valued); jokers are refused.
fn value_index(card: Card) -> Result<usize, EvError> {
    let r = card.rank().ok_or(EvError::Joker)?;
    Ok(usize::from(r.number().min(10) - 1))
}

/// Largest number of cards of `counts` whose points (aces 1) sum to at most `budget`.
pub(crate) fn most_cards_within(counts: &[u32; VALUES], budget: u32) -> u32 {
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

/// Whether a round can never need more than the `left` cards of `counts`, however they fall: a
/// bound, not a search. `hands` are the hard sums of the player hands still to play (each takes
/// at least one more card and draws only while at most hard 20 — no strategy here hits a hard
/// 21), `new_hands` how many more hands resplits may start (each takes its pair card from the
/// shoe, then plays like a hand of `pair_points`), and the dealer draws only while at most
/// hard 16 (the hole card included). All but the last card of each hand and of the dealer then
/// fit in the points budget, and no more cards fit in it than the smallest ones.
pub(crate) fn round_fits(
    counts: &[u32; VALUES],
    left: u32,
    hands: &[u32],
    new_hands: u32,
    pair_points: u32,
    up: usize,
) -> bool {
    let mut budget = 16u32.saturating_sub(up as u32 + 1);
    let mut cards = 1;
    for &h in hands {
        budget += 20u32.saturating_sub(h);
        cards += 1;
    }
    budget += new_hands * 20u32.saturating_sub(pair_points);
    cards += 2 * new_hands;
    cards + most_cards_within(counts, budget) <= left
}

/// Whether the split formula's terms stay exact in a shoe that cannot run out (`split.rs`): each
/// term plays one hand and the dealer from the shoe less some of the second-card phase's cards,
/// the others put back, and is exact when that hand and the dealer together with every card of
/// the phase fit in the shoe. The phase starts with `hands` hands, `pending` of them waiting,
/// at most `limit`: it deals at most `pending + 2 (limit − hands)` cards. A bound, as
/// [`round_fits`]: the hand draws past its second card only while at most hard 20, the dealer
/// only while at most hard 16.
fn weak_fits(
    counts: &[u32; VALUES],
    left: u32,
    pair_points: u32,
    up: usize,
    pending: u32,
    hands: u32,
    limit: u32,
) -> bool {
    if pending == 0 {
        return true;
    }
    let phase = pending + 2 * limit.saturating_sub(hands);
    let budget = 19u32.saturating_sub(pair_points) + 16u32.saturating_sub(up as u32 + 1);
    phase + 2 + most_cards_within(counts, budget) <= left
}

/// The unseen cards per class for the exact rounds (`round.rs`).
fn round_classes(unseen: &Shoe, pair_rank: Option<u8>) -> round::Counts {
    let mut ranks = [0u32; 13];
    for (i, r) in Rank::ALL.iter().enumerate() {
        ranks[i] = unseen.count(*r);
    }
    round::classes(&ranks, pair_rank)
}

/// The EV of every action at `spot`, with `unseen` the cards not yet seen: the hand and the up
/// card must already be out of it (so must every other card seen; the dealer's hole card, being
/// unseen, stays in). This is what the in-game advisor calls with "the real shoe at that
/// moment": `Shoe::decks_without(decks, &dealt_cards_since_the_shuffle)`.
///
/// From a nearly empty shoe an action whose round could run out of cards has no value (`None`,
/// with a [`Note`]); whether it can is decided exactly (`upcard.rs`, `round.rs`), and the other
/// actions keep their exact values.
///
/// Errors: [`EvError::Joker`], [`EvError::TooFewCards`], [`EvError::Busted`], and for deals
/// that cannot happen under peek [`EvError::NoHoleCard`] and [`EvError::DealerHasNatural`].
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
    if !infinite && rules.hole_card == HoleCard::Peek {
        if unseen.is_empty() {
            return Err(EvError::NoHoleCard);
        }
        let naturals = match up {
            ACE => unseen_counts[TEN],
            TEN => unseen_counts[ACE],
            _ => 0,
        };
        if naturals == unseen.len() {
            return Err(EvError::DealerHasNatural);
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
    let natural = first && hand.is_two_card_21();
    let may_double = hand.cards == 2
        && rules.double.allows_total(hand.total() as u8)
        && (!spot.from_split || rules.double_after_split);
    let pair = hand.pair().filter(|_| can_split_pair(rules, spot));
    let pair_rank = match pair {
        Some(TEN) if rules.split_tens_by == SplitTensBy::Rank => {
            spot.hand[0].rank().map(Rank::number)
        }
        _ => None,
    };
    // The round's pair: this hand's first card once split.
    let round_pair = if spot.from_split {
        values[0]
    } else {
        hand.pair().unwrap_or(values[0])
    };
    let waiting = u32::from(if spot.from_split { spot.waiting } else { 0 });
    let others_live = spot.from_split && spot.others_live;
    let hands_now = u32::from(spot.hands_in_round.max(1));
    let max_hands = u32::from(rules.max_hands);

    // The plain actions.
    let mut out = HandEvs {
        stand: None,
        hit: None,
        double: None,
        split: None,
        surrender: None,
        insurance: None,
        best: None,
        split_policy: None,
        stand_note: None,
        hit_note: None,
        double_note: None,
        split_note: None,
    };
    let later_hands = waiting > 0 || others_live;
    let mut hands_hard = vec![hand.hard];
    hands_hard.extend(std::iter::repeat_n(round_pair as u32 + 1, waiting as usize));
    let plain_fits = infinite
        || !later_hands
        || round_fits(
            &unseen_counts,
            unseen.len(),
            &hands_hard,
            max_hands.saturating_sub(hands_now),
            round_pair as u32 + 1,
            up,
        );
    let note = |ok: bool| (!ok).then_some(Note::ShoeCanRunOut);
    if plain_fits {
        let e = ctx.node(hand);
        (out.stand, out.stand_note) = (e.stand_ok.then_some(e.stand / weight), note(e.stand_ok));
        (out.hit, out.hit_note) = (e.hit_ok.then_some(e.hit / weight), note(e.hit_ok));
        if may_double {
            let ok = ctx.double_ok(hand, Removal::NONE);
            let d = ctx.double_u(hand, Removal::NONE) / weight;
            (out.double, out.double_note) = (ok.then_some(d), note(ok));
        }
    } else {
        // A split hand with hands still to come, from a shoe that could run out. Whether the
        // round can run out is decided by an exact search (`round.rs`), under either plan for
        // the waiting hands; where it cannot, the action is worth what it is worth to this
        // hand alone (the other hands' cards drop out by exchangeability).
        let classes = round_classes(unseen, pair_rank);
        let pair_class = if pair_rank.is_some() {
            round::PAIR_RANK
        } else {
            round_pair
        };
        let mut plans = vec![hands_now];
        if max_hands > hands_now && (round_pair != ACE || rules.resplit_aces) {
            plans.push(max_hands);
        }
        let mut r = Round::new(&mut ctx, round_pair, pair_class);
        let mut values = [None; 3];
        for (i, play) in [Play::Stand, Play::Hit, Play::Double]
            .into_iter()
            .enumerate()
        {
            if play == Play::Double && !may_double {
                continue;
            }
            values[i] = plans.iter().find_map(|&limit| {
                let start = Start {
                    cur: hand,
                    first: Some(play),
                    mode: Mode::Asked,
                    pending: waiting as u8,
                    hands: hands_now as u8,
                    limit: limit as u8,
                    live: others_live,
                };
                r.asked_u(&classes, start, play)
            });
        }
        let [stand, hit, double] = values.map(|v| v.map(|u| u / weight));
        (out.stand, out.stand_note) = (stand, note(stand.is_some()));
        (out.hit, out.hit_note) = (hit, note(hit.is_some()));
        if may_double {
            (out.double, out.double_note) = (double, note(double.is_some()));
        }
    }
    if natural {
        let pays = game::natural_pays(rules);
        let tie = if rules.ties == crate::blackjack::rules::Ties::Push {
            0.0
        } else {
            -1.0
        };
        out.stand = if ctx.peeks() {
            Some(pays)
        } else if rules.hole_card == HoleCard::Enhc && !infinite && unseen.is_empty() {
            // The dealer's second card decides a push against a natural.
            None
        } else {
            Some(pays * (1.0 - p_natural) + tie * p_natural)
        };
        out.stand_note = note(out.stand.is_some());
    }
    out.surrender = (first && hand.cards == 2).then_some(()).and_then(|_| {
        match (rules.surrender, rules.hole_card) {
            (Surrender::None, _) => None,
            (Surrender::Early, HoleCard::Peek) if ctx.peeks() => {
                Some((-0.5 + p_natural) / (1.0 - p_natural))
            }
            _ => Some(-0.5),
        }
    });
    if let Some(p) = pair {
        let q = if pair_rank.is_some() {
            let rank = spot.hand[0].rank().unwrap_or(Rank::Ten);
            if infinite {
                1.0
            } else {
                f64::from(unseen.count(rank))
            }
        } else if infinite {
            f64::from(ctx.root[p])
        } else {
            f64::from(unseen_counts[p])
        };
        if let Some((v, plan)) = split_value(
            rules,
            unseen,
            &mut ctx,
            SplitAsk {
                pair: p,
                pair_rank,
                q,
                from_split: spot.from_split,
                hands_now,
                waiting,
                others_live,
                up,
            },
        ) {
            out.split_policy = Some(plan);
            match v {
                Some(u) => out.split = Some(u / weight),
                None => out.split_note = Some(Note::ShoeCanRunOut),
            }
        }
    }
    out.insurance = (first && hand.cards == 2 && up == ACE && rules.insurance).then(|| {
        let p_ten = ctx.avail(rem, TEN) / ctx.left(rem);
        0.5 * (3.0 * p_ten - 1.0)
    });
    let candidates = if natural {
        vec![(out.stand, Decision::Stand)]
    } else {
        vec![
            (out.stand, Decision::Stand),
            (out.hit, Decision::Hit),
            (out.double, Decision::Double),
            (out.split, Decision::Split),
            (out.surrender, Decision::Surrender),
        ]
    };
    let mut best: Option<(f64, Decision)> = None;
    for (v, d) in candidates {
        if let Some(v) = v
            && best.is_none_or(|(b, _)| v > b)
        {
            best = Some((v, d));
        }
    }
    out.best = best.map(|b| b.1);
    Ok(out)
}

/// Whether the two cards of `spot` (already known to be one value twice) may split: ten-valued
/// cards under `split_tens_by = "rank"` need the same rank.
fn can_split_pair(rules: &Rules, spot: &Spot<'_>) -> bool {
    let (a, b) = (spot.hand[0].rank(), spot.hand[1].rank());
    let tens = a.is_some_and(|r| r.number() >= 10);
    !(tens && rules.split_tens_by == SplitTensBy::Rank && a != b)
}

/// A split asked about (see [`split_value`]).
#[derive(Clone, Copy, Debug)]
struct SplitAsk {
    pair: usize,
    pair_rank: Option<u8>,
    q: f64,
    from_split: bool,
    hands_now: u32,
    waiting: u32,
    others_live: bool,
    up: usize,
}

/// `U` of splitting (or resplitting) at the asked spot and the plan it follows, `None` when the
/// rules forbid it; the value is `None` when the shoe can run out under every plan.
fn split_value(
    rules: &Rules,
    unseen: &Shoe,
    ctx: &mut UpCard,
    a: SplitAsk,
) -> Option<(Option<f64>, SplitPlan)> {
    let max = u32::from(rules.max_hands);
    if max < a.hands_now + 1 {
        return None;
    }
    if a.pair == ACE && a.from_split && !rules.resplit_aces {
        return None;
    }
    let infinite = unseen.is_infinite();
    // (plan, limit after the split, limit of the hands waiting without it)
    let no_resplit = (SplitPlan::NoResplit, a.hands_now + 1, a.hands_now);
    let resplit_possible =
        (a.pair != ACE || rules.resplit_aces) && max > a.hands_now + 1 && (infinite || a.q > 0.0);
    let plans: Vec<(SplitPlan, u32, u32)> = if !resplit_possible {
        vec![no_resplit]
    } else if rules.resplit == ResplitPolicy::Always {
        vec![(SplitPlan::Resplit, max, max)]
    } else {
        vec![(SplitPlan::Resplit, max, max), no_resplit]
    };
    let pair_points = a.pair as u32 + 1;
    // The asking hand's two cards: the root shoe is the unseen cards and these.
    let pair_base = Removal::of(Hand::of(&[a.pair, a.pair]));
    let phases = |limit: u32, before_limit: u32| {
        [
            Phase {
                pair: a.pair,
                pair_cards: a.q,
                limit,
                hands: a.hands_now + 1,
                pending: a.waiting + 2,
            },
            Phase {
                pair: a.pair,
                pair_cards: a.q,
                limit: before_limit,
                hands: a.hands_now,
                pending: a.waiting,
            },
        ]
    };
    let fits = |limit: u32| {
        infinite || {
            let hands = vec![pair_points; 2 + a.waiting as usize];
            round_fits(
                &unseen.value_counts(),
                unseen.len(),
                &hands,
                limit.saturating_sub(a.hands_now + 1),
                pair_points,
                a.up,
            )
        }
    };
    // The plans whose worst case fits, valued together (they share the hands' values).
    let fitting: Vec<Phase> = plans
        .iter()
        .filter(|&&(_, limit, _)| fits(limit))
        .flat_map(|&(_, limit, before)| phases(limit, before))
        .collect();
    let mut formula = ctx.phases_u(&fitting, pair_base).into_iter();
    let mut best: Option<(f64, SplitPlan)> = None;
    let mut first_plan = None;
    for (plan, limit, before_limit) in plans {
        first_plan.get_or_insert(plan);
        let fits = fits(limit);
        let value = if fits {
            let after = formula.next().unwrap_or(0.0);
            let before = formula.next().unwrap_or(0.0);
            Some(after - before)
        } else {
            // The worst case does not fit: decide exactly whether the round can run out, with
            // and without this split; where neither can, the split formula still holds when
            // the hands it moves around fit (`weak_fits`), else the round is dealt out.
            let classes = round_classes(unseen, a.pair_rank);
            let pair_class = if a.pair_rank.is_some() {
                round::PAIR_RANK
            } else {
                a.pair
            };
            let after = Start {
                cur: Hand::EMPTY.with(a.pair),
                first: None,
                mode: Mode::Split,
                pending: (a.waiting + 1) as u8,
                hands: (a.hands_now + 1) as u8,
                limit: limit as u8,
                live: a.others_live,
            };
            let before = (a.waiting > 0).then(|| Start {
                pending: (a.waiting - 1) as u8,
                hands: a.hands_now as u8,
                limit: before_limit as u8,
                ..after
            });
            let counts = unseen.value_counts();
            let weak = |pending: u32, hands: u32, limit: u32| {
                weak_fits(
                    &counts,
                    unseen.len(),
                    pair_points,
                    a.up,
                    pending,
                    hands,
                    limit,
                )
            };
            let formula_holds = weak(a.waiting + 2, a.hands_now + 1, limit)
                && weak(a.waiting, a.hands_now, before_limit);
            let mut r = Round::new(ctx, a.pair, pair_class);
            let runs_out = r.can_run_out(&classes, after)
                || before.is_some_and(|b| r.can_run_out(&classes, b));
            if runs_out {
                None
            } else if formula_holds {
                drop(r);
                let v = ctx.phases_u(&phases(limit, before_limit), pair_base);
                Some(v[0] - v[1])
            } else {
                let after = r.run(&classes, after).0;
                let before = before.map_or(0.0, |b| r.run(&classes, b).0);
                Some(after - before)
            }
        };
        if let Some(v) = value
            && best.is_none_or(|(b, _)| v > b)
        {
            best = Some((v, plan));
        }
    }
    Some(match best {
        Some((v, plan)) => (Some(v), plan),
        None => (None, first_plan.unwrap_or(SplitPlan::NoResplit)),
    })
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
/// Errors: [`EvError::Joker`]; [`EvError::DealerCanRunOut`] when some order of the cards makes
/// the dealer need a card from an empty shoe.
pub fn dealer_outcomes(rules: &Rules, unseen: &Shoe, up: Card) -> Result<DealerOutcomes, EvError> {
    let upv = value_index(up)?;
    let counts = unseen.value_counts();
    let mut ctx = UpCard::new(rules, upv, counts, unseen.is_infinite());
    if ctx.dealer_can_run_out(Removal::NONE) {
        return Err(EvError::DealerCanRunOut);
    }
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

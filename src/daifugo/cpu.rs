//! CPU players. A CPU decides from a [`SeatView`] — its own hand, the public state and its legal
//! actions — and nothing else: the type gives it no way to reach another hand.
//!
//! The `easy` level ([`EasyCpu`], issue 3 item 3; like the UECda default client):
//!
//! * **Leading**: its longest sequence, else its largest group, else its weakest single; weakest
//!   in the current order (so mirrored in a revolution). Jokers are kept back: these are made of
//!   natural cards, and a joker is led only when the hand holds nothing else.
//!   With forbidden finishes illegal (§3b) a lead that would be one gives way to the first
//!   legal lead (or a pass when nothing can be led).
//! * **Following**: the weakest legal play. When a single is asked for it keeps the cards that
//!   belong to its groups (two or more of a rank) and sequences (runs of `sequence.min_len` in a
//!   suit): it plays the weakest single outside them, and breaks one only when there is none.
//!   The joker counts as belonging (it is part of every group and sequence as a wildcard). It
//!   passes only when it has no legal play.
//! * **Exchange**: gives back its weakest cards.
//!
//! The thinking levels of issue 6 live in submodules:
//!
//! * [`normal`] — a good club player's heuristics on a hand model ([`analysis`]): card
//!   memory, control counting, locks, revolutions, passes, planning to go out.
//! * [`hard`] — determinized Monte Carlo search: deals of the unseen cards consistent with the
//!   view ([`determinize`]), playouts of the rest of the round on the rules core
//!   ([`RoundState`](super::state::RoundState)), an exact
//!   two-player endgame ([`endgame`]), within a time budget or a fixed number of deals.
//! * [`levels`] — CPUs from levels and the table configuration (`cpu_level`, `cpu_think_ms`).

pub mod advice;
pub mod analysis;
pub mod belief;
pub mod belief_score;
pub mod determinize;
pub mod endgame;
pub mod hard;
pub mod levels;
pub mod normal;
pub mod search;

pub use hard::{Budget, HardCpu, HardOptions, Rollout, estimate_actions};
pub use levels::{cpu_with_budget, table_cpus, table_levels};
pub use normal::NormalCpu;

use std::ops::ControlFlow;

use super::cardset::{CardSet, RANKS, RankSet};
use super::event::Action;
use super::game::weakest;
use super::legal::{SinkFn, first_follow, min_sequence_len};
use super::play::{Form, JOKER_RANK, Play};
use super::rules::{CpuLevel, ForbiddenMode, Rules};
use super::view::{Decision, SeatView};
use crate::cards::GameRng;

/// A computer player: picks an action from what its seat may see.
///
/// `choose` is called only when the view's seat is to act, and should return one of the
/// view's legal actions (a play from `legal_plays()`, `Pass` when `can_pass()`, or during a
/// give-back `GiveBack` of exactly the owed number of its own cards). The engine checks the
/// action anyway and refuses anything else. `rng` is the CPUs' generator, separate from the
/// deal's, so CPU choices never change the cards dealt.
pub trait CpuPlayer {
    /// Chooses the action for the view's seat.
    fn choose(&mut self, view: &SeatView<'_>, rng: &mut GameRng) -> Action;

    /// Whether its choices may depend on the view's log or 7-pass notes (true unless the
    /// player says otherwise). A match of players that all answer false may run without them
    /// ([`Game::set_trick_log`](super::Game::set_trick_log)).
    fn reads_log(&self) -> bool {
        true
    }
}

/// The `easy` level (see the module docs). Stateless and deterministic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EasyCpu;

impl CpuPlayer for EasyCpu {
    fn choose(&mut self, view: &SeatView<'_>, _rng: &mut GameRng) -> Action {
        easy_choice(view)
    }

    /// The `easy` level looks at its hand and the pile only.
    fn reads_log(&self) -> bool {
        false
    }
}

/// The `easy` decision for a view (see the module docs). Leads are computed from the hand's
/// bits; follows stream the legal plays and stop at the first acceptable one, so a decision
/// costs far less than listing every play.
pub fn easy_choice(view: &SeatView<'_>) -> Action {
    match view.decision() {
        Decision::GiveBack { count, .. } => {
            Action::GiveBack(weakest(view.hand(), usize::from(count)))
        }
        Decision::Give { count, .. } => {
            // Its weakest natural cards, then as many jokers as are still owed (never more
            // cards than the count: a hand of two jokers owing one gives one).
            let hand = view.hand();
            let n = usize::from(count).min(hand.len());
            let k = n.min(hand.naturals().len());
            Action::Give(
                weakest(hand.naturals(), k).union(hand.jokers().first_jokers((n - k) as u8)),
            )
        }
        Decision::Discard {
            count, eligible, ..
        } => Action::Discard(weakest_in_order(
            eligible,
            usize::from(count),
            view.reversed(),
        )),
        Decision::Bomb { count } => Action::Bomb(easy_bomb(view.hand(), count)),
        Decision::Play { .. } => match view.trick().pile {
            None => {
                let p = easy_lead(view.rules(), view.trick().reversed(), view.hand());
                // With forbidden finishes illegal (§3b) a last play may not be allowed: then
                // the weakest legal lead, or a pass when there is none.
                if view.rules().forbidden_finish.mode == ForbiddenMode::Illegal
                    && p.cards() == view.hand()
                {
                    let legal = view.legal();
                    let legal = legal.get();
                    if !legal.contains(&p) {
                        return legal.first().map_or(Action::Pass, |q| Action::Play(*q));
                    }
                }
                Action::Play(p)
            }
            Some(pile) => {
                if let Some((first, singles)) =
                    first_follow(view.rules(), &view.trick(), view.hand())
                {
                    let loose = if pile.form() == Form::Single {
                        Combos::new(view.hand(), view.rules())
                            .first_loose(singles, view.trick().reversed())
                    } else {
                        None
                    };
                    return loose.or(first).map_or(Action::Pass, Action::Play);
                }
                let combos = Combos::new(view.hand(), view.rules());
                let mut first: Option<Play> = None;
                if pile.form() != Form::Single {
                    view.legal().visit(&mut SinkFn(|p: Play| {
                        first = Some(p);
                        ControlFlow::Break(())
                    }));
                    return first.map_or(Action::Pass, Action::Play);
                }
                let mut loose: Option<Play> = None;
                view.legal().visit(&mut SinkFn(|p: Play| {
                    if first.is_none() {
                        first = Some(p);
                    }
                    if !p.has_joker() && !combos.holds(p) {
                        loose = Some(p);
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                }));
                loose.or(first).map_or(Action::Pass, Action::Play)
            }
        },
        Decision::Wait => Action::Pass,
    }
}

/// The `k` weakest cards of `cards` in the order `reversed` (jokers last).
pub fn weakest_in_order(cards: CardSet, k: usize, reversed: bool) -> CardSet {
    let mut out = CardSet::EMPTY;
    let mut n = 0;
    for i in 0..RANKS {
        if n >= k {
            break;
        }
        let s = if reversed { RANKS - 1 - i } else { i };
        let m = cards.suits_at(s).0;
        for suit in 0..4 {
            if n < k && m & (1 << suit) != 0 {
                out = out.union(CardSet::at(s, suit));
                n += 1;
            }
        }
    }
    out.union(cards.first_jokers(k.saturating_sub(n).min(2) as u8))
}

/// The `easy` Q-bomber: the strongest ranks (in normal order) it holds no card of, up to
/// `count` — they cost it nothing and hurt the others most.
pub fn easy_bomb(hand: CardSet, count: u8) -> RankSet {
    let mut out = RankSet::EMPTY;
    let mut s = RANKS;
    while s > 0 && out.len() < usize::from(count) {
        s -= 1;
        if !hand.has_strength(s) {
            out = out.with(s);
        }
    }
    out
}

/// The `easy` lead: the longest natural sequence, else the largest natural group, else the
/// weakest natural single, each the weakest of its kind in the current order (`reversed` after
/// a revolution); with only jokers left, all of them. Every such play is legal for a leader.
pub fn easy_lead(rules: &Rules, reversed: bool, hand: CardSet) -> Play {
    let rows = hand.rows();
    // Longest natural sequence.
    if rules.sequence.enabled {
        let min = min_sequence_len(rules) as u8;
        let longest = rows.iter().map(|r| longest_run(*r)).max().unwrap_or(0);
        if longest >= min {
            let windows = RANKS - longest + 1;
            let full = (1u16 << longest) - 1;
            for k in 0..windows {
                let w = if reversed { windows - 1 - k } else { k };
                for (suit, row) in rows.iter().enumerate() {
                    if row & (full << w) == full << w {
                        let cards = CardSet::from_strength_row(suit as u8, full << w);
                        return Play::sequence_unchecked(cards, suit as u8, w, longest);
                    }
                }
            }
        }
    }
    // Largest natural group, else the weakest single.
    let [a, b, c, d] = rows;
    let at_least = [
        a | b | c | d,
        (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d),
        (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d),
        a & b & c & d,
    ];
    if let Some(w) = (0..4).rev().find(|w| at_least[*w] != 0) {
        let ranks = at_least[w];
        let s = if reversed {
            15 - ranks.leading_zeros() as u8
        } else {
            ranks.trailing_zeros() as u8
        };
        if w == 0 {
            let suit = rows.iter().position(|r| (r >> s) & 1 != 0).unwrap_or(0) as u8;
            return Play::single_at(s, suit);
        }
        let cards = (0..4u8)
            .filter(|suit| (rows[usize::from(*suit)] >> s) & 1 != 0)
            .fold(CardSet::EMPTY, |acc, suit| {
                acc.union(Play::single_at(s, suit).cards())
            });
        return Play::group_unchecked(cards, s, w as u8 + 1, Form::Group);
    }
    // Only jokers.
    let j = hand.joker_count().max(1);
    let form = if j >= 2 { Form::Group } else { Form::Single };
    Play::group_unchecked(hand.first_jokers(j), JOKER_RANK, j, form)
}

/// Length of the longest run of consecutive set bits.
fn longest_run(mut row: u16) -> u8 {
    let mut n = 0;
    while row != 0 {
        row &= row >> 1;
        n += 1;
    }
    n
}

/// Which natural cards of a hand belong to a group or a sequence, asked card by card (what
/// [`combo_cards`] computes for the whole hand, without building the set).
struct Combos {
    rows: [u16; 4],
    pairs: u16,
    run: u32,
}

impl Combos {
    fn new(hand: CardSet, rules: &Rules) -> Combos {
        let rows = hand.rows();
        let [a, b, c, d] = rows;
        Combos {
            rows,
            pairs: (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d),
            run: if rules.sequence.enabled {
                min_sequence_len(rules) as u32
            } else {
                u32::MAX
            },
        }
    }

    /// The first natural single outside the groups and runs among `singles` (strength rows by
    /// suit): weakest first in the order `reversed`, suits in display order.
    fn first_loose(&self, singles: [u16; 4], reversed: bool) -> Option<Play> {
        let cand = singles.map(|r| r & !self.pairs);
        let mut any = cand[0] | cand[1] | cand[2] | cand[3];
        while any != 0 {
            let s = if reversed {
                15 - any.leading_zeros() as u8
            } else {
                any.trailing_zeros() as u8
            };
            any &= !(1 << s);
            for (suit, row) in cand.iter().enumerate() {
                if (row >> s) & 1 != 0 {
                    let p = Play::single_at(s, suit as u8);
                    if !self.holds(p) {
                        return Some(p);
                    }
                }
            }
        }
        None
    }

    /// Whether the natural single `p` is a card of a group or of a run of `run` in its suit.
    fn holds(&self, p: Play) -> bool {
        let s = p.low();
        if s >= RANKS || (self.pairs >> s) & 1 != 0 {
            return s < RANKS;
        }
        let row = u32::from(self.rows[usize::from(p.suit_index() & 3)]);
        // Set bits running up from s, and running down from just below s.
        let up = (!(row >> s)).trailing_zeros();
        let down = if s == 0 {
            0
        } else {
            (!(row << (32 - u32::from(s)))).leading_zeros()
        };
        up + down >= self.run
    }
}

/// The cards of `hand` that belong to a group (2+ natural cards of a rank) or a joker-free
/// sequence of at least `sequence.min_len` (when sequences are on), plus the jokers.
pub fn combo_cards(hand: CardSet, rules: &Rules) -> CardSet {
    let [a, b, c, d] = hand.rows();
    // Ranks held in two or more suits.
    let pairs = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    let len = if rules.sequence.enabled {
        min_sequence_len(rules).min(usize::from(RANKS)) as u32
    } else {
        0
    };
    let in_runs = |row: u16| -> u16 {
        if len == 0 {
            return 0;
        }
        // Positions where a run of `len` starts, then every position such a run covers.
        let mut starts = row;
        for k in 1..len {
            starts &= row >> k;
        }
        let mut cover = starts;
        for k in 1..len {
            cover |= starts << k;
        }
        cover
    };
    let keep = |suit: u8, row: u16| CardSet::from_strength_row(suit, (pairs | in_runs(row)) & row);
    hand.jokers()
        .union(keep(0, a))
        .union(keep(1, b))
        .union(keep(2, c))
        .union(keep(3, d))
}

/// A CPU of the given level (`hard` with the default 300 ms budget; see
/// [`cpu_with_budget`] and [`table_cpus`] for the configured one).
pub fn cpu_for_level(level: CpuLevel) -> Box<dyn CpuPlayer + Send> {
    cpu_with_budget(level, Budget::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{daifugo_deck, rng_from_seed, shuffle};

    #[test]
    fn card_by_card_combo_check_matches_the_whole_hand_set() {
        for seed in 0..300 {
            let mut deck = daifugo_deck(2);
            shuffle(&mut deck, &mut rng_from_seed(seed));
            let hand = CardSet::from_cards(&deck[..(seed as usize % 20) + 3]);
            let mut rules = Rules::default();
            rules.sequence.min_len = 3 + (seed % 3) as u8;
            rules.sequence.enabled = seed % 5 != 0;
            let whole = combo_cards(hand, &rules);
            let combos = Combos::new(hand, &rules);
            for c in hand.naturals().iter() {
                assert_eq!(
                    combos.holds(Play::single(c)),
                    whole.contains(c),
                    "{c} in {hand} (min_len {})",
                    rules.sequence.min_len
                );
            }
        }
    }

    /// The `easy` follow worked out from the rank masks must be the one the generator's list
    /// gives (its first play, and its first natural single outside the hand's combinations),
    /// on random hands and piles under every preset, with locks, number locks and reversals.
    #[test]
    fn fast_follow_matches_the_generated_list() {
        use crate::daifugo::legal::{TrickState, first_follow, legal_plays};
        use crate::daifugo::rules::Preset;
        use rand::RngExt;
        let presets = [
            Preset::Standard,
            Preset::Classic,
            Preset::Uecda,
            Preset::Party,
        ];
        let mut rng = rng_from_seed(11);
        let (mut leads, mut list) = (Vec::new(), Vec::new());
        let mut checked = 0;
        for seed in 0..4000u64 {
            let mut rules = Rules::preset(presets[seed as usize % presets.len()]);
            rules.sequence.min_len = 3 + (seed % 3) as u8;
            let mut deck = daifugo_deck(2);
            shuffle(&mut deck, &mut rng);
            let n = rng.random_range(1..=16);
            let hand = CardSet::from_cards(&deck[..n]);
            let other = CardSet::from_cards(&deck[n..n + 14]);
            legal_plays(&rules, &TrickState::default(), other, &mut leads);
            leads.retain(|p| p.form() != Form::Sequence);
            let pile = leads[rng.random_range(0..leads.len())];
            let mut trick = TrickState {
                pile: Some(pile),
                revolution: rng.random_bool(0.3),
                jack_back: rng.random_bool(0.2),
                number_lock: rng.random_bool(0.2),
                ..TrickState::default()
            };
            if rng.random_bool(0.4) {
                trick.lock = pile.natural_suits();
            }
            let Some((first, singles)) = first_follow(&rules, &trick, hand) else {
                continue;
            };
            let loose = Combos::new(hand, &rules).first_loose(singles, trick.reversed());
            legal_plays(&rules, &trick, hand, &mut list);
            let combos = Combos::new(hand, &rules);
            assert_eq!(first, list.first().copied(), "{hand} on {trick:?}");
            if pile.form() == Form::Single {
                let want = list
                    .iter()
                    .copied()
                    .find(|p| !p.has_joker() && !combos.holds(*p));
                assert_eq!(loose, want, "{hand} on {trick:?}");
            }
            checked += 1;
        }
        assert!(
            checked > 1500,
            "only {checked} positions took the fast path"
        );
    }

    #[test]
    fn combo_cards_are_pairs_runs_and_jokers() {
        let hand: CardSet = crate::cards::parse_cards("3H 4H 5H 7S 7D 9C JK QC")
            .unwrap()
            .into_iter()
            .collect();
        let keep = combo_cards(hand, &Rules::default());
        assert_eq!(keep.to_string(), "3H 4H 5H 7S 7D JK");
    }
}

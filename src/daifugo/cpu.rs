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
//! * [`imitation`] — a learned softmax imitation of `hard`'s choices, the other seats' replies
//!   in a long search's playouts; [`imitation_fit`] fits it to `hard`'s self-play.
//! * [`levels`] — CPUs from levels and the table configuration (`cpu_level`, `cpu_think_ms`).

pub mod advice;
pub mod analysis;
pub mod belief;
pub mod belief_score;
pub mod determinize;
pub mod endgame;
pub mod hard;
pub mod imitation;
pub mod imitation_fit;
pub mod levels;
pub mod normal;
pub mod search;

pub use hard::{Budget, HardCpu, HardOptions, Rollout, estimate_actions};
pub use levels::{cpu_with_budget, table_cpus, table_levels};
pub use normal::NormalCpu;

use std::ops::ControlFlow;

use serde::Serialize;

use super::cardset::{ALL_RANKS, CardSet, LANES, RANKS, RankSet, SuitSet, lane_ranks};
use super::event::Action;
use super::game::{Policy, weakest, weakest_cards};
use super::legal::{SinkFn, TrickState, first_follow, min_sequence_len, next_rank};
use super::play::{Form, JOKER_RANK, Play};
use super::rules::{CpuLevel, ForbiddenMode, Rules, Sandstorm, SequenceCompare, SuitLock};
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

    /// How this player's searches have read the table so far, for a player that searches
    /// (the `hard` level); `None` for the others. A harness reports it beside the decision
    /// times (`daifugo simulate`, `uecda serve`).
    fn search_counts(&self) -> Option<SearchCounts> {
        None
    }
}

/// How a searching CPU read the table over its searches (issue 13 item 2): how many searches
/// it made, and in how many of them the others' play had opened the deeper own-seat tree
/// ([`hard::Deepen`]) or loosened its reading of their actions ([`hard::Loosen`]). A search is
/// a decision with a choice that the exact endgame did not settle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchCounts {
    /// Searches made.
    pub searches: u64,
    /// Searches run with the deeper own-seat tree (the `normal` model explained the table).
    pub deepened: u64,
    /// Searches that weighed the other seats' actions loosely (it did not).
    pub loosened: u64,
    /// Searches whose playouts drew the other seats' replies from the learned imitation of
    /// `hard` ([`hard::Imitate`]).
    pub imitated: u64,
    /// Searches whose sampler weighed the other seats' actions by the learned imitation
    /// ([`hard::Imitate::read_epsilon`]).
    pub read_by_imitation: u64,
}

impl SearchCounts {
    /// Adds another player's (or another match's) counts to these.
    pub fn add(&mut self, other: SearchCounts) {
        self.searches += other.searches;
        self.deepened += other.deepened;
        self.loosened += other.loosened;
        self.imitated += other.imitated;
        self.read_by_imitation += other.read_by_imitation;
    }
}

/// [`SearchCounts`] as a report gives them (`daifugo simulate`, `uecda serve`): how many searches
/// there were, and the shares (0..=1) run with the deeper own-seat tree, with the loosened
/// reading, with replies by imitation and with the reading by imitation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchFigures {
    /// Searches made (decisions with a choice the exact endgame did not settle).
    pub searches: u64,
    /// Share of them run with the deeper own-seat tree (`normal` explained the table).
    pub deepened_rate: f64,
    /// Share of them that weighed the other seats' actions loosely (it did not).
    pub loosened_rate: f64,
    /// Share of them whose playouts replied by the learned imitation of `hard`.
    pub imitated_rate: f64,
    /// Share of them whose sampler read the other seats by the learned imitation.
    pub read_by_imitation_rate: f64,
}

impl SearchFigures {
    /// The figures of these counts; `None` when no search was made.
    pub fn from_counts(c: SearchCounts) -> Option<SearchFigures> {
        (c.searches > 0).then(|| {
            let n = c.searches as f64;
            SearchFigures {
                searches: c.searches,
                deepened_rate: c.deepened as f64 / n,
                loosened_rate: c.loosened as f64 / n,
                imitated_rate: c.imitated as f64 / n,
                read_by_imitation_rate: c.read_by_imitation as f64 / n,
            }
        })
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

/// The `easy` decision for a view (see the module docs). Leads and the common follows (single
/// and group piles, sequences without jokers in hand) are computed from the hand's bits; the
/// rarer follows stream the legal plays and stop at the first acceptable one, so a decision
/// costs far less than listing every play.
pub fn easy_choice(view: &SeatView<'_>) -> Action {
    easy_choice_inline(view)
}

/// The `easy` level as the policy of [`Game::play_out`](super::Game::play_out) for every seat
/// (`daifugo simulate`'s table of `easy` CPUs): [`easy_choice`], taken into the loop whole.
impl Policy for EasyCpu {
    #[inline(always)]
    fn decide(&mut self, view: &SeatView<'_>) -> Action {
        easy_choice_inline(view)
    }
}

/// [`easy_choice`] always inlined (see [`EasyCpu`]'s [`Policy`]).
#[inline(always)]
fn easy_choice_inline(view: &SeatView<'_>) -> Action {
    if view.to_play() {
        let trick = view.trick();
        let rules = view.rules();
        let hand = view.hand();
        return match trick.pile {
            None => easy_lead_action(view, rules, &trick, hand),
            Some(pile) => {
                if let Some(a) = fast_follow(rules, &trick, pile, hand) {
                    return a;
                }
                easy_follow(view, rules, &trick, pile, hand)
            }
        };
    }
    easy_choice_other(view)
}

/// The `easy` answer to a decision other than a play: a give-back, a 7-pass, a 10-discard, a
/// Q-bomber (see the module docs); a pass when there is nothing to decide.
#[inline(never)]
fn easy_choice_other(view: &SeatView<'_>) -> Action {
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
        } => Action::Discard(weakest_cards(eligible, usize::from(count), view.reversed())),
        Decision::Bomb { count } => Action::Bomb(easy_bomb(view.hand(), count)),
        // Plays are answered by `easy_choice`.
        Decision::Play { .. } | Decision::Wait => Action::Pass,
    }
}

/// The `easy` lead as an action (see [`easy_lead`]), with a forbidden finish that is illegal
/// (§3b) giving way to the weakest legal lead, or a pass when there is none.
#[inline(always)]
fn easy_lead_action(
    view: &SeatView<'_>,
    rules: &Rules,
    trick: &TrickState,
    hand: CardSet,
) -> Action {
    let p = easy_lead(rules, trick.reversed(), hand);
    if rules.forbidden_finish.mode == ForbiddenMode::Illegal && p.cards() == hand {
        let legal = view.legal();
        let legal = legal.get();
        if !legal.contains(&p) {
            return legal.first().map_or(Action::Pass, |q| Action::Play(*q));
        }
    }
    Action::Play(p)
}

/// The `easy` follow through the generator's mask path ([`first_follow`]) or its list: the
/// first legal play, and on a single pile the first natural single outside the hand's groups
/// and runs.
#[inline(never)]
fn easy_follow(
    view: &SeatView<'_>,
    rules: &Rules,
    trick: &TrickState,
    pile: Play,
    hand: CardSet,
) -> Action {
    if let Some((first, singles)) = first_follow(rules, trick, hand) {
        let loose = if pile.form() == Form::Single {
            Combos::new(hand, rules).first_loose(singles, trick.reversed())
        } else {
            None
        };
        return loose.or(first).map_or(Action::Pass, Action::Play);
    }
    let combos = Combos::new(hand, rules);
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

/// The weakest strength in the rank bits `m` (non-zero) in the order `reversed`.
#[inline]
fn weakest_rank(m: u16, reversed: bool) -> u8 {
    if reversed {
        15 - m.leading_zeros() as u8
    } else {
        m.trailing_zeros() as u8
    }
}

/// The first suit (display order) whose lane of `x` holds strength `s`.
#[inline]
fn first_suit_at(x: u64, s: u8) -> u8 {
    (((x >> s) & LANES).trailing_zeros() / 16) as u8
}

/// The weakest card of card-set bits `x` (non-zero, naturals only) as a strength and a suit:
/// weakest rank in the order `reversed`, then the first suit in display order.
#[inline]
fn weakest_card(x: u64, reversed: bool) -> (u8, u8) {
    let s = weakest_rank(lane_ranks(x), reversed);
    (s, first_suit_at(x, s))
}

/// Card-set bits of the suit lanes a lock lets natural cards use in a play of `size` natural
/// suits: all without a lock, the locked suits when the sizes match, none otherwise.
#[inline]
fn lock_lanes(lock: SuitSet, size: usize) -> u64 {
    if lock.is_empty() {
        u64::MAX
    } else if lock.len() == size {
        CardSet::column(0, lock.0 & 0xF).bits() * u64::from(ALL_RANKS)
    } else {
        0
    }
}

/// Card-set bits of the cards of `nat` (natural cards' bits) that start a run of `len`
/// consecutive ranks in their suit (runs never cross suits: the three unused bits above each
/// suit's 13 ranks are clear).
#[inline]
fn run_starts(nat: u64, len: u32) -> u64 {
    // The common minimum lengths without a loop.
    match len {
        2 => nat & (nat >> 1),
        3 => nat & (nat >> 1) & (nat >> 2),
        _ => {
            let mut starts = nat;
            for k in 1..len {
                starts &= nat >> k;
            }
            starts
        }
    }
}

/// Card-set bits of every card that a run of `len` starting at `starts` covers.
#[inline]
fn run_cover(starts: u64, len: u32) -> u64 {
    match len {
        2 => starts | (starts << 1),
        3 => starts | (starts << 1) | (starts << 2),
        _ => {
            let mut cover = starts;
            for k in 1..len {
                cover |= starts << k;
            }
            cover
        }
    }
}

/// The `easy` follow worked out from the hand's bits for the common cases, the same play as
/// [`easy_follow`]: a natural single pile (the weakest legal single outside the groups and runs,
/// else the weakest legal single, else a joker), a group pile (the generator's first play), and
/// a sequence pile answered by a hand without jokers (the weakest sequence that beats it, first
/// suit in display order). `None` for everything else (joker-only piles, partial locks, a play
/// that could be an illegal forbidden finish, triples under sandstorm, groups whose jokers name
/// suits, a hand with jokers on a sequence): ask [`easy_follow`].
#[inline(always)]
fn fast_follow(rules: &Rules, trick: &TrickState, pile: Play, hand: CardSet) -> Option<Action> {
    if pile.is_all_jokers()
        || (rules.lock.suit == SuitLock::Partial && !trick.lock.is_empty())
        || (rules.forbidden_finish.mode == ForbiddenMode::Illegal && hand.len() <= pile.len())
    {
        return None;
    }
    let reversed = trick.reversed();
    let nat = hand.naturals().bits();
    match pile.form() {
        Form::Single => {
            // Natural singles stronger than the pile (and of the number lock's rank), in the
            // suits the lock allows.
            let ranks = number_locked(pile.low(), reversed, trick.number_lock);
            let singles = nat & (u64::from(ranks) * LANES) & lock_lanes(trick.lock, 1);
            if singles == 0 {
                return Some(if hand.joker_count() > 0 {
                    Action::Play(Play::group_unchecked(
                        hand.first_jokers(1),
                        JOKER_RANK,
                        1,
                        Form::Single,
                    ))
                } else {
                    Action::Pass
                });
            }
            // Outside the groups (ranks held in two or more suits) and the runs.
            let [a, b, c, d] = hand.rows();
            let pairs = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
            let mut loose = singles & !(u64::from(pairs) * LANES);
            if loose != 0 && rules.sequence.enabled {
                let len = min_sequence_len(rules) as u32;
                loose &= !run_cover(run_starts(nat, len), len);
            }
            let (s, suit) = weakest_card(if loose != 0 { loose } else { singles }, reversed);
            Some(Action::Play(Play::single_at(s, suit)))
        }
        Form::Group if !(rules.sandstorm != Sandstorm::Off && pile.len() == 3) => {
            // The weakest rank that makes the group with the fewest jokers (natural cards in
            // the suits the lock allows, stronger than the pile and of the number lock's rank),
            // its first suits in display order, then jokers; else jokers only, else a pass.
            let size = pile.len() as u8;
            let j = hand.joker_count();
            let ranks = number_locked(pile.low(), reversed, trick.number_lock);
            let x = nat & (u64::from(ranks) * LANES) & lock_lanes(trick.lock, usize::from(size));
            let need = size.saturating_sub(j).max(1);
            let [a, b, c, d] = CardSet::from_bits(x).rows();
            let ranks = match need {
                1 => a | b | c | d,
                2 => (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d),
                3 => (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d),
                4 => a & b & c & d,
                _ => 0,
            };
            if ranks == 0 {
                return Some(if j >= size {
                    Action::Play(Play::group_unchecked(
                        hand.first_jokers(size),
                        JOKER_RANK,
                        size,
                        Form::Group,
                    ))
                } else {
                    Action::Pass
                });
            }
            let s = weakest_rank(ranks, reversed);
            let mut column = (x >> s) & LANES;
            let mut cards = 0u64;
            let mut r = 0u8;
            while r < size && column != 0 {
                cards |= column & column.wrapping_neg();
                column &= column - 1;
                r += 1;
            }
            let jj = size - r;
            // Jokers that name suits (`lock.joker_establishes`) make several plays of one group.
            if jj > 0 && rules.lock.joker_establishes {
                return None;
            }
            let cards = CardSet::from_bits(cards << s).union(hand.first_jokers(jj));
            Some(Action::Play(Play::group_unchecked(
                cards,
                s,
                size,
                Form::Group,
            )))
        }
        Form::Sequence if hand.joker_count() == 0 && rules.sequence.enabled => {
            let len = pile.len() as u8;
            if len > RANKS {
                return Some(Action::Pass);
            }
            let starts = run_starts(nat, u32::from(len))
                & lock_lanes(trick.lock, 1)
                & (u64::from(sequence_windows(rules, pile, reversed)) * LANES);
            if starts == 0 {
                return Some(Action::Pass);
            }
            let (w, suit) = weakest_card(starts, reversed);
            let row = ((1u16 << len) - 1) << w;
            Some(Action::Play(Play::sequence_unchecked(
                CardSet::from_strength_row(suit, row),
                suit,
                w,
                len,
            )))
        }
        _ => None,
    }
}

/// The ranks (strength bits) whose natural cards may answer a single or group pile of natural
/// rank `p`: stronger than it in the order `reversed`, and only the next rank under a number
/// lock.
#[inline]
fn number_locked(p: u8, reversed: bool, number_lock: bool) -> u16 {
    let stronger = if reversed {
        (1u16 << p) - 1
    } else {
        ALL_RANKS & !((1u16 << (p + 1)) - 1)
    };
    if number_lock {
        next_rank(p, reversed).map_or(0, |n| stronger & (1 << n))
    } else {
        stronger
    }
}

/// The window starts (strength bits) of on-scale sequences of the pile's length that beat the
/// sequence `pile` (`rules/daifugo.md` §3b `sequence.compare`): `strict`, the new lowest card
/// beats the old highest; `overlap`, the top cards only. None past a joker standing beyond the
/// end of the scale on the stronger side.
fn sequence_windows(rules: &Rules, pile: Play, reversed: bool) -> u16 {
    let len = pile.len() as u8;
    if (!reversed && pile.joker_above()) || (reversed && pile.joker_below()) {
        return 0;
    }
    let (lo, hi) = (pile.low(), pile.high());
    let above = |x: u8| ALL_RANKS & !((1u32 << (u32::from(x) + 1)) - 1) as u16;
    let below = |x: u8| ((1u32 << x) - 1) as u16;
    match (rules.sequence.compare, reversed) {
        (SequenceCompare::Strict, false) => above(hi),
        (SequenceCompare::Strict, true) => below((lo + 1).saturating_sub(len)),
        (SequenceCompare::Overlap, false) => {
            if hi + 1 < len {
                ALL_RANKS
            } else {
                above(hi + 1 - len)
            }
        }
        (SequenceCompare::Overlap, true) => below(lo),
    }
}

/// The `easy` Q-bomber: the strongest ranks (in normal order) it holds no card of, up to
/// `count` — they cost it nothing and hurt the others most.
pub fn easy_bomb(hand: CardSet, count: u8) -> RankSet {
    let mut missing = ALL_RANKS & !lane_ranks(hand.naturals().bits());
    let mut out = 0u16;
    for _ in 0..count.min(RANKS) {
        if missing == 0 {
            break;
        }
        let top = 1u16 << (15 - missing.leading_zeros());
        out |= top;
        missing &= !top;
    }
    RankSet(out)
}

/// The `easy` lead: the longest natural sequence, else the largest natural group, else the
/// weakest natural single, each the weakest of its kind in the current order (`reversed` after
/// a revolution); with only jokers left, all of them. Every such play is legal for a leader.
#[inline(always)]
pub fn easy_lead(rules: &Rules, reversed: bool, hand: CardSet) -> Play {
    let nat = hand.naturals().bits();
    // Longest natural sequence: the starts of runs of `min`, then of one more while any.
    if rules.sequence.enabled {
        let min = min_sequence_len(rules) as u32;
        let mut starts = run_starts(nat, min);
        if starts != 0 {
            let mut len = min;
            loop {
                let longer = starts & (nat >> len);
                if longer == 0 {
                    break;
                }
                starts = longer;
                len += 1;
            }
            let (w, suit) = weakest_card(starts, reversed);
            let row = (((1u32 << len) - 1) as u16) << w;
            return Play::sequence_unchecked(
                CardSet::from_strength_row(suit, row),
                suit,
                w,
                len as u8,
            );
        }
    }
    // Largest natural group, else the weakest single.
    let [a, b, c, d] = hand.rows();
    let any = a | b | c | d;
    if any != 0 {
        let two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
        let (ranks, size) = if two == 0 {
            (any, 1)
        } else {
            let three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d);
            if three == 0 {
                (two, 2)
            } else {
                let four = a & b & c & d;
                if four == 0 { (three, 3) } else { (four, 4) }
            }
        };
        let s = weakest_rank(ranks, reversed);
        if size == 1 {
            return Play::single_at(s, first_suit_at(nat, s));
        }
        let cards = CardSet::from_bits(nat & (LANES << s));
        return Play::group_unchecked(cards, s, size, Form::Group);
    }
    // Only jokers.
    let j = hand.joker_count().max(1);
    let form = if j >= 2 { Form::Group } else { Form::Single };
    Play::group_unchecked(hand.first_jokers(j), JOKER_RANK, j, form)
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
    fn first_follow_matches_the_generated_list() {
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

    /// The `easy` lead by its definition, card by card: the longest natural run in a suit
    /// (weakest window in the order, first suit), else the largest natural group, else the
    /// weakest natural single, else the jokers.
    fn reference_lead(rules: &Rules, reversed: bool, hand: CardSet) -> Play {
        let order: Vec<u8> = if reversed {
            (0..RANKS).rev().collect()
        } else {
            (0..RANKS).collect()
        };
        let has = |s: u8, suit: u8| hand.contains_all(CardSet::at(s, suit));
        if rules.sequence.enabled {
            let min = min_sequence_len(rules) as u8;
            for len in (min..=RANKS).rev() {
                for &w in &order {
                    if w + len > RANKS {
                        continue;
                    }
                    for suit in 0..4u8 {
                        if (w..w + len).all(|s| has(s, suit)) {
                            let mut row = 0u16;
                            for s in w..w + len {
                                row |= 1 << s;
                            }
                            let cards = CardSet::from_strength_row(suit, row);
                            return Play::sequence(
                                cards,
                                crate::cards::Suit::ALL[usize::from(suit)],
                                w,
                                len,
                            )
                            .unwrap();
                        }
                    }
                }
            }
        }
        for size in (1..=4usize).rev() {
            for &s in &order {
                let suits: Vec<u8> = (0..4u8).filter(|suit| has(s, *suit)).collect();
                if suits.len() == size {
                    let cards = suits
                        .iter()
                        .fold(CardSet::EMPTY, |acc, suit| acc.union(CardSet::at(s, *suit)));
                    return if size == 1 {
                        Play::single_at(s, suits[0])
                    } else {
                        Play::group(cards).unwrap()
                    };
                }
            }
        }
        let j = hand.joker_count().max(1);
        let form = if j >= 2 { Form::Group } else { Form::Single };
        Play::group_unchecked(hand.first_jokers(j), JOKER_RANK, j, form)
    }

    #[test]
    fn the_lead_from_bits_is_the_lead_by_definition() {
        let mut rng = rng_from_seed(5);
        for seed in 0..6000u64 {
            let mut rules = Rules::default();
            rules.sequence.min_len = 2 + (seed % 4) as u8;
            rules.sequence.enabled = seed % 7 != 0;
            let mut deck = daifugo_deck(2);
            shuffle(&mut deck, &mut rng);
            let n = 1 + (seed as usize % 30);
            let hand = CardSet::from_cards(&deck[..n]);
            let reversed = seed % 3 == 0;
            assert_eq!(
                easy_lead(&rules, reversed, hand),
                reference_lead(&rules, reversed, hand),
                "{hand} reversed {reversed} min {}",
                rules.sequence.min_len
            );
        }
    }

    /// The follow worked out from the hand's bits must be the one the generator's list gives
    /// (on a single pile its first natural single outside the hand's combinations, else its
    /// first play; on a group or a sequence its first play; a pass when the list is empty), on random
    /// hands and piles under every preset, with locks, number locks, reversals and the
    /// sequence comparisons.
    #[test]
    fn fast_follow_matches_the_generated_list() {
        use crate::daifugo::legal::legal_plays;
        use crate::daifugo::rules::Preset;
        use rand::RngExt;
        let presets = [
            Preset::Standard,
            Preset::Classic,
            Preset::Uecda,
            Preset::Party,
        ];
        let mut rng = rng_from_seed(13);
        let (mut piles, mut list) = (Vec::new(), Vec::new());
        let (mut singles, mut groups, mut sequences) = (0, 0, 0);
        for seed in 0..8000u64 {
            let mut rules = Rules::preset(presets[seed as usize % presets.len()]);
            rules.sequence.min_len = 3 + (seed % 3) as u8;
            if seed % 2 == 0 {
                rules.sequence.compare = if rules.sequence.compare == SequenceCompare::Strict {
                    SequenceCompare::Overlap
                } else {
                    SequenceCompare::Strict
                };
            }
            let mut deck = daifugo_deck(2);
            shuffle(&mut deck, &mut rng);
            let n = rng.random_range(1..=16);
            let hand = CardSet::from_cards(&deck[..n]);
            let other = CardSet::from_cards(&deck[n..n + 20]);
            legal_plays(&rules, &TrickState::default(), other, &mut piles);
            let pile = piles[rng.random_range(0..piles.len())];
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
            let Some(got) = fast_follow(&rules, &trick, pile, hand) else {
                continue;
            };
            legal_plays(&rules, &trick, hand, &mut list);
            let combos = Combos::new(hand, &rules);
            let want = if pile.form() == Form::Single {
                singles += 1;
                list.iter()
                    .copied()
                    .find(|p| !p.has_joker() && !combos.holds(*p))
                    .or(list.first().copied())
            } else {
                if pile.form() == Form::Sequence {
                    sequences += 1;
                } else {
                    groups += 1;
                }
                list.first().copied()
            };
            assert_eq!(
                got,
                want.map_or(Action::Pass, Action::Play),
                "{hand} on {trick:?}"
            );
        }
        assert!(
            singles > 1000 && groups > 1000 && sequences > 300,
            "only {singles} singles, {groups} groups and {sequences} sequences took the fast path"
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

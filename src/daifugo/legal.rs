//! What may be played: the public state of a trick ([`TrickState`]), the check of one play
//! against it ([`check_play`], which gives the reason for a refusal), and the generator of every
//! distinct legal play ([`legal_plays`]). Rules: `rules/daifugo.md` §1 ("Following"), §3
//! (revolution, suit and number lock, spade-3 return, jack-back).
//!
//! The generator and the check agree by construction of the tests: every generated play passes
//! the check, and every play that passes the check and is held is generated.
//!
//! Order of the generated list (what the UI shows): grouped by form — singles, then groups by
//! size, then sequences by length — and inside each, weakest first in the current order. Equal
//! strength: suits in display order (♠ ♥ ♦ ♣), plays with fewer jokers first, then jokers at
//! lower positions first. Plays of jokers only come last in their size (they are the strongest).
//! Two jokers are interchangeable, so a play that differs only in which joker it uses is listed
//! once, with the lower-numbered joker.

use std::cell::{Cell, Ref, RefCell};
use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use super::cardset::{CardSet, RANKS, SuitSet, rank_at};
use super::error::RuleError;
use super::event::ClearCause;
use super::play::{Form, JOKER_RANK, Play};
use super::rules::{
    Ambulance, Count, CountedRule, ForbiddenMode, Rules, Sandstorm, SequenceCompare, SuitLock,
};

/// Every rank of the strength scale as a 13-bit row.
const ALL_RANKS: u16 = (1 << RANKS) - 1;

/// Strength index of the 3 (the spade-3 return card's rank).
const THREE: u8 = 0;
/// Strength index of the 8 (eight-cut).
pub const EIGHT: u8 = 5;
/// Strength index of the 5 (5-skip).
pub const FIVE: u8 = 2;
/// Strength index of the 7 (7-pass).
pub const SEVEN: u8 = 4;
/// Strength index of the 9 (9-reverse, ambulance).
pub const NINE: u8 = 6;
/// Strength index of the 10 (10-discard).
pub const TEN: u8 = 7;
/// Strength index of the Q (Q-bomber).
pub const QUEEN: u8 = 9;
/// Strength index of the J (jack-back).
pub const JACK: u8 = 8;

/// The public state of the current trick: the pile to beat and the rules in force on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickState {
    /// The play on top of the pile; `None` when leading.
    pub pile: Option<Play>,
    /// Locked suits (empty = no suit lock). Ends when the pile clears.
    pub lock: SuitSet,
    /// Number lock (階段縛り) in force: the next play must be the next rank.
    pub number_lock: bool,
    /// A revolution is in force (survives pile clears; ends with the round).
    pub revolution: bool,
    /// Jack-back is in force (until the pile clears).
    pub jack_back: bool,
}

impl TrickState {
    /// Whether the strength order is reversed now: revolution XOR jack-back
    /// (`rules/daifugo.md` §3 "Jack back").
    pub const fn reversed(&self) -> bool {
        self.revolution ^ self.jack_back
    }
}

/// The shortest sequence the rules allow (`sequence.min_len`, never below 2).
pub fn min_sequence_len(rules: &Rules) -> usize {
    usize::from(rules.sequence.min_len.max(2))
}

/// Whether strength index `a` is strictly stronger than `b` in the order (`reversed` = after a
/// revolution or jack-back).
pub const fn stronger(a: u8, b: u8, reversed: bool) -> bool {
    if reversed { a < b } else { a > b }
}

/// The rank one step stronger than `s` in the order; `None` past the end or for jokers.
pub const fn next_rank(s: u8, reversed: bool) -> Option<u8> {
    if s >= RANKS {
        None
    } else if reversed {
        s.checked_sub(1)
    } else if s + 1 < RANKS {
        Some(s + 1)
    } else {
        None
    }
}

/// Whether `play` beats `pile` on strength alone (same form and size assumed): singles and
/// groups by rank, jokers-only above everything but themselves; sequences `strict` (the new
/// lowest card beats the old highest) or `overlap` (top cards only) — `rules/daifugo.md` §1.
pub fn beats(rules: &Rules, pile: Play, play: Play, reversed: bool) -> bool {
    match play.form() {
        Form::Group if rules.sandstorm != Sandstorm::Off && play.len() == 3 => {
            // 砂嵐: three natural 3s beat any triple in either order; only a sandstorm answers
            // one (§3b).
            match (is_sandstorm(play), is_sandstorm(pile)) {
                (_, true) => false,
                (true, false) => true,
                (false, false) => {
                    !pile.is_all_jokers()
                        && (play.is_all_jokers() || stronger(play.low(), pile.low(), reversed))
                }
            }
        }
        Form::Single if rules.joker_return && play.is_lone_joker() && pile.is_lone_joker() => {
            true // ジョーカー返し: the other joker answers a lone joker.
        }
        Form::Single | Form::Group => {
            if play.is_all_jokers() {
                !pile.is_all_jokers()
            } else if pile.is_all_jokers() {
                false
            } else {
                stronger(play.low(), pile.low(), reversed)
            }
        }
        Form::Sequence => sequence_beats(rules.sequence.compare, pile, play, reversed),
    }
}

/// Whether sequence `play` beats sequence `pile` (same length assumed), counting a joker
/// "below 3" as position −1 and one "above 2" as 13 (`sequence.joker_ends`).
pub fn sequence_beats(compare: SequenceCompare, pile: Play, play: Play, reversed: bool) -> bool {
    match (compare, reversed) {
        (SequenceCompare::Strict, false) => play.lo_pos() > pile.hi_pos(),
        (SequenceCompare::Strict, true) => play.hi_pos() < pile.lo_pos(),
        (SequenceCompare::Overlap, false) => play.hi_pos() > pile.hi_pos(),
        (SequenceCompare::Overlap, true) => play.lo_pos() < pile.lo_pos(),
    }
}

/// Whether a play is a sandstorm: a group of exactly three natural 3s (§3b).
pub fn is_sandstorm(play: Play) -> bool {
    play.form() == Form::Group && play.len() == 3 && play.low() == THREE && !play.has_joker()
}

/// Whether a play is an ambulance: a pair of natural 9s (§3b).
pub fn is_ambulance(play: Play) -> bool {
    play.form() == Form::Group && play.len() == 2 && play.low() == NINE && !play.has_joker()
}

/// Whether a play whose natural 8 (or a joker standing for an 8) cuts under `rules` (§3
/// "8-cut"): a natural 8, inside a sequence only with `in_sequence`; a joker standing for an 8
/// in a sequence with `joker_counts`.
pub fn eight_cuts(rules: &Rules, play: Play) -> bool {
    let ec = rules.eight_cut;
    ec.enabled
        && ((play.has_natural(EIGHT) && (play.form() != Form::Sequence || ec.in_sequence))
            || (ec.joker_counts && ec.in_sequence && play.joker_stands_for(EIGHT)))
}

/// Whether going out with `play` on the trick `before` is a forbidden finish (§3): a joker, a
/// natural card of the strongest rank in the order before the play, a natural 8 that cuts, or
/// a 3♠ used as a spade-3 return — as far as `forbidden_finish` names them.
pub fn is_forbidden_finish(rules: &Rules, before: &TrickState, play: Play) -> bool {
    let ff = rules.forbidden_finish;
    let strongest = if before.reversed() { 0 } else { RANKS - 1 };
    (ff.joker && play.has_joker())
        || (ff.strongest && play.has_natural(strongest))
        || (ff.eight
            && rules.eight_cut.enabled
            && play.has_natural(EIGHT)
            && (play.form() != Form::Sequence || rules.eight_cut.in_sequence))
        || (ff.spade3 && is_spade3_return(rules, before.pile, play))
}

/// How many cards of strength index `s` a play holds for a house rule's count (§3b
/// "Counting"): its natural cards of that rank, plus its jokers standing for that rank when
/// `joker_counts` (in a group of that rank, or in a sequence at that position).
pub fn rank_count(play: Play, s: u8, joker_counts: bool) -> u8 {
    let natural = play.cards().naturals().suits_at(s).len() as u8;
    if !joker_counts || !play.has_joker() {
        return natural;
    }
    let jokers = match play.form() {
        Form::Group if play.low() == s => play.joker_count(),
        Form::Sequence if play.joker_stands_for(s) => 1,
        _ => 0,
    };
    natural + jokers
}

/// What a legal play sets off under the rules (§3, §3b), as data: the rule core applies
/// these in the order of effects of §3b, the screens and `daifugo legal` tag plays with them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effects {
    /// The play empties the hand.
    pub out: bool,
    /// ...with a forbidden finish (§3: the player is placed low).
    pub foul: bool,
    /// It starts (or ends) a revolution.
    pub revolution: bool,
    /// It starts jack-back.
    pub jack_back: bool,
    /// It reverses the direction of play (9-reverse).
    pub reverse: bool,
    /// It clears the pile at once: 8-cut, spade-3 return, ambulance, sandstorm.
    pub clear: Option<ClearCause>,
    /// Cards the player then gives to the next player, at most (7-pass; 0 when going out).
    pub give: u8,
    /// Cards the player then discards, at most (10-discard; 0 when going out).
    pub discard: u8,
    /// Ranks the player then names for the Q-bomber, at most.
    pub bomb: u8,
    /// Players skipped after it (5-skip; none when the pile clears).
    pub skip: u8,
}

impl Effects {
    /// Whether the play sets off nothing beyond answering the pile.
    pub fn is_plain(&self) -> bool {
        *self == Effects::default()
    }
}

/// What `play`, legal on `trick` for a player holding `hand` (before the play), sets off at a
/// table of `players` seats under `rules` (§3, §3b): see [`Effects`]. The counts of the
/// choices are the most the rules allow before the hand is looked at again (the rule core
/// caps them by the cards left).
#[inline]
pub fn play_effects(
    rules: &Rules,
    trick: &TrickState,
    players: u8,
    hand: CardSet,
    play: Play,
) -> Effects {
    effects_with(rules, rules.has_triggers(), trick, players, hand, play)
}

/// [`play_effects`] with `triggers` = [`Rules::has_triggers`] given (the rule core keeps it).
#[inline(always)]
pub(crate) fn effects_with(
    rules: &Rules,
    triggers: bool,
    trick: &TrickState,
    players: u8,
    hand: CardSet,
    p: Play,
) -> Effects {
    let clear = if eight_cuts(rules, p) {
        Some(ClearCause::EightCut)
    } else if is_spade3_return(rules, trick.pile, p) {
        Some(ClearCause::Spade3)
    } else if triggers && rules.ambulance == Ambulance::Cut && is_ambulance(p) {
        Some(ClearCause::Ambulance)
    } else if triggers && rules.sandstorm == Sandstorm::CutTriple && is_sandstorm(p) {
        Some(ClearCause::Sandstorm)
    } else {
        None
    };
    let out = hand.minus(p.cards()).is_empty();
    let rev = &rules.revolution;
    let revolution = rev.enabled
        && match p.form() {
            Form::Group => p.len() >= usize::from(rev.group_min.max(2)),
            Form::Sequence => rev.sequence_min > 0 && p.len() >= usize::from(rev.sequence_min),
            Form::Single => false,
        };
    let mut e = Effects {
        out,
        foul: out && is_forbidden_finish(rules, trick, p),
        revolution,
        jack_back: rules.jack_back && p.has_natural(JACK) && !trick.jack_back,
        clear,
        ..Effects::default()
    };
    if triggers {
        if !out {
            e.give = counted(p, rules.seven_pass.counted(), SEVEN);
            e.discard = counted(p, rules.ten_discard.counted(), TEN);
        }
        if rules.q_bomber.enabled {
            e.bomb = rank_count(p, QUEEN, rules.q_bomber.joker_counts);
        }
        if clear.is_none() {
            e.skip = counted(p, rules.five_skip, FIVE);
        }
        e.reverse = players > 2 && {
            let k = counted(p, rules.nine_reverse, NINE);
            match rules.nine_reverse.count {
                Count::PerPlay => k > 0,
                Count::PerCard => k % 2 == 1,
            }
        };
    }
    e
}

/// What natural singles and groups set off under one rule set at one table (§3, §3b), worked
/// out once so that the rule core looks a play's effects up instead of asking every rule
/// ([`effects_with`] gives the same [`Effects`]; the tests compare the two).
///
/// Entry `(k − 1) · 16 + s` is for `k` natural cards (1..=4) of strength index `s` that leave
/// cards in the hand, on a trick without jack-back and whose pile is not a lone joker; the
/// bits are [`NaturalEffects::GIVE`] and the other constants. 0 means the play sets off
/// nothing. Not for sequences, plays with jokers or a 3 answering a lone joker (a spade-3
/// return): see [`NaturalEffects::lookup`]; for a play that empties the hand see
/// [`NaturalEffects::going_out`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NaturalEffects([u16; 64]);

impl NaturalEffects {
    /// Shift of the 7-pass count (3 bits; counts fit: a natural play holds at most 4 cards).
    const GIVE: u32 = 0;
    /// Shift of the 10-discard count (3 bits).
    const DISCARD: u32 = 3;
    /// Shift of the Q-bomber count (3 bits).
    const BOMB: u32 = 6;
    /// Shift of the 5-skip count (3 bits).
    const SKIP: u32 = 9;
    /// The play reverses the direction (9-reverse).
    const REVERSE: u16 = 1 << 12;
    /// The play starts jack-back (cleared when jack-back is in force already).
    const JACK_BACK: u16 = 1 << 13;
    /// The play starts or ends a revolution.
    const REVOLUTION: u16 = 1 << 14;
    /// The play clears the pile: an 8-cut (8s), an ambulance (9s) or a sandstorm (3s).
    const CLEAR: u16 = 1 << 15;

    /// The table for `rules` at a table of `players` seats. Only the ranks some rule names
    /// are visited (a few dozen steps: a match builds one per game).
    pub(crate) fn new(rules: &Rules, players: u8) -> NaturalEffects {
        let mut t = [0u16; 64];
        let at = |k: u8, s: u8| (usize::from(k - 1) << 4) | usize::from(s);
        // How many times counted rule `r` fires for `k` natural cards of its rank.
        let times = |r: CountedRule, k: u8| -> u16 {
            match (r.enabled, r.count) {
                (false, _) => 0,
                (true, Count::PerCard) => u16::from(k),
                (true, Count::PerPlay) => 1,
            }
        };
        let triggers = rules.has_triggers();
        let rev = revolution_size(rules);
        for k in 1..=4u8 {
            if rules.eight_cut.enabled {
                t[at(k, EIGHT)] |= Self::CLEAR;
            }
            if rules.jack_back {
                t[at(k, JACK)] |= Self::JACK_BACK;
            }
            if k >= rev {
                for s in 0..RANKS {
                    t[at(k, s)] |= Self::REVOLUTION;
                }
            }
            if !triggers {
                continue;
            }
            if k == 2 && rules.ambulance == Ambulance::Cut {
                t[at(k, NINE)] |= Self::CLEAR;
            }
            if k == 3 && rules.sandstorm == Sandstorm::CutTriple {
                t[at(k, THREE)] |= Self::CLEAR;
            }
            t[at(k, SEVEN)] |= times(rules.seven_pass.counted(), k) << Self::GIVE;
            t[at(k, TEN)] |= times(rules.ten_discard.counted(), k) << Self::DISCARD;
            if rules.q_bomber.enabled {
                t[at(k, QUEEN)] |= u16::from(k) << Self::BOMB;
            }
            // Rank 5 never clears (the clears are 8s, 9s and 3s), so the skip always stands.
            t[at(k, FIVE)] |= times(rules.five_skip, k) << Self::SKIP;
            let nine = times(rules.nine_reverse, k);
            if players > 2 && nine % 2 == 1 {
                t[at(k, NINE)] |= Self::REVERSE;
            }
        }
        NaturalEffects(t)
    }

    /// The packed effects of `p` on the trick `before` if it leaves cards in the hand: 0 when
    /// it sets off nothing. `None` when the table does not tell (a sequence, a play with a
    /// joker, a 3 on a lone joker): ask [`effects_with`].
    #[inline(always)]
    pub(crate) fn lookup(&self, p: Play, before: &TrickState) -> Option<u16> {
        if p.form() == Form::Sequence
            || p.has_joker()
            || (p.low() == THREE && before.pile.is_some_and(Play::is_lone_joker))
        {
            return None;
        }
        let fx = self.0[(((p.len() - 1) << 4) & 0x30) | usize::from(p.low() & 15)];
        Some(fx & !(u16::from(before.jack_back) * Self::JACK_BACK))
    }

    /// The [`Effects`] of a play of strength index `s` with packed effects `fx`
    /// ([`NaturalEffects::lookup`]) that leaves cards in the hand.
    #[inline(always)]
    pub(crate) fn unpack(fx: u16, s: u8) -> Effects {
        let clear = if fx & Self::CLEAR == 0 {
            None
        } else if s == EIGHT {
            Some(ClearCause::EightCut)
        } else if s == NINE {
            Some(ClearCause::Ambulance)
        } else {
            Some(ClearCause::Sandstorm)
        };
        let count = |shift: u32| ((fx >> shift) & 7) as u8;
        Effects {
            out: false,
            foul: false,
            revolution: fx & Self::REVOLUTION != 0,
            jack_back: fx & Self::JACK_BACK != 0,
            reverse: fx & Self::REVERSE != 0,
            clear,
            give: count(Self::GIVE),
            discard: count(Self::DISCARD),
            bomb: count(Self::BOMB),
            skip: count(Self::SKIP),
        }
    }

    /// The [`Effects`] of natural play `p` with packed effects `fx` ([`NaturalEffects::lookup`])
    /// that empties the hand on the trick `before` under `rules`: it goes out, foul or not, and
    /// owes no 7-pass or 10-discard.
    pub(crate) fn going_out(fx: u16, rules: &Rules, before: &TrickState, p: Play) -> Effects {
        Effects {
            out: true,
            foul: is_forbidden_finish(rules, before, p),
            give: 0,
            discard: 0,
            ..Self::unpack(fx, p.low())
        }
    }
}

/// The smallest group that starts a revolution under `rules` (255 when revolutions are off).
fn revolution_size(rules: &Rules) -> u8 {
    if rules.revolution.enabled {
        rules.revolution.group_min.max(2)
    } else {
        u8::MAX
    }
}

/// How many times a counted rule fires for `p` with trigger strength `s` (§3b "Counting"):
/// 0 when the rule is off.
#[inline]
pub fn counted(p: Play, r: CountedRule, s: u8) -> u8 {
    if !r.enabled {
        return 0;
    }
    let k = rank_count(p, s, r.joker_counts);
    match r.count {
        Count::PerCard => k,
        Count::PerPlay => u8::from(k > 0),
    }
}

/// Whether a play is the 3♠ alone.
pub fn is_spade3(play: Play) -> bool {
    play.form() == Form::Single && play.cards() == CardSet::at(THREE, 0)
}

/// Whether `play` answering `pile` is a spade-3 return (`spade3` on, the pile a lone joker, the
/// play the 3♠ alone).
pub fn is_spade3_return(rules: &Rules, pile: Option<Play>, play: Play) -> bool {
    rules.spade3 && pile.is_some_and(Play::is_lone_joker) && is_spade3(play)
}

/// Whether the play has the locked suits: jokers fill any locked suit, a play of jokers only
/// always fits, a sequence must be of the locked suit (`rules/daifugo.md` §3 "Suit lock").
/// With `lock.suit = "partial"` the play must contain the locked suits (§3b).
pub fn fits_lock_in(rules: &Rules, play: Play, lock: SuitSet) -> bool {
    if rules.lock.suit != SuitLock::Partial || lock.is_empty() || play.is_all_jokers() {
        return fits_lock(play, lock);
    }
    match play.suit() {
        Some(s) => lock == SuitSet::of(s),
        None => {
            let have = play.natural_suits().0 | play.joker_suits().0;
            let missing = (lock.0 & !have).count_ones() as u8;
            let free = play.joker_count() - play.joker_suits().len() as u8;
            missing <= free
        }
    }
}

/// [`fits_lock_in`] for an exact lock: the play's suits are the locked suits.
pub fn fits_lock(play: Play, lock: SuitSet) -> bool {
    if lock.is_empty() || play.is_all_jokers() {
        return true;
    }
    match play.suit() {
        Some(s) => lock == SuitSet::of(s),
        None if !play.joker_suits().is_empty() => {
            SuitSet(play.natural_suits().0 | play.joker_suits().0) == lock
        }
        None => lock.contains_all(play.natural_suits()) && play.len() == lock.len(),
    }
}

/// Checks that `play` may be put on the trick under `rules`, ignoring whose turn it is and
/// whether the cards are held. Errors name the first rule broken: sequences off or too short,
/// form or size mismatch, not stronger, suit lock, number lock.
#[inline]
pub fn check_play(rules: &Rules, trick: &TrickState, play: Play) -> Result<(), RuleError> {
    check_play_inline(rules, trick, play)
}

/// [`check_play`], inlined where only whether the play passes is asked (the errors are then
/// never built).
#[inline(always)]
pub(crate) fn check_play_inline(
    rules: &Rules,
    trick: &TrickState,
    play: Play,
) -> Result<(), RuleError> {
    if play.form() == Form::Sequence {
        if !rules.sequence.enabled {
            return Err(RuleError::SequencesOff);
        }
        if (play.joker_below() || play.joker_above()) && !rules.sequence.joker_ends {
            return Err(RuleError::JokerPastEnd);
        }
        let min = min_sequence_len(rules);
        if play.len() < min {
            return Err(RuleError::SequenceTooShort {
                min,
                len: play.len(),
            });
        }
    }
    let Some(pile) = trick.pile else {
        return Ok(());
    };
    if is_spade3_return(rules, Some(pile), play) {
        return Ok(()); // beats the lone joker even under a lock
    }
    if play.form() != pile.form() || play.len() != pile.len() {
        return Err(RuleError::FormMismatch { pile, play });
    }
    let rev = trick.reversed();
    if !beats(rules, pile, play, rev) {
        return Err(RuleError::DoesNotBeat { play, pile });
    }
    if !fits_lock_in(rules, play, trick.lock) {
        return Err(RuleError::SuitLocked { suits: trick.lock });
    }
    if trick.number_lock && !play.is_all_jokers() && play.form() != Form::Sequence {
        match next_rank(pile.low(), rev) {
            // No rank follows the strongest: only jokers (a sandstorm on 2s is refused too).
            None => return Err(RuleError::NumberLockedOut),
            Some(need) if play.low() != need => {
                if let Some(rank) = rank_at(need) {
                    return Err(RuleError::NumberLocked { need: rank });
                }
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Whether [`check_play`] surely accepts `p` on `trick`, by the few tests that settle the
/// common case: a natural single or group leading, or answering a pile of its form and size
/// that is not jokers only, stronger, with no number lock, under no suit lock or an exact one
/// it has (a natural play's suits are distinct, so it has the lock's suits exactly when its
/// suits are the lock), and not three cards under the sandstorm rule. `false` means only
/// that [`check_play`] must be asked.
#[inline(always)]
pub(crate) fn surely_legal(rules: &Rules, trick: &TrickState, p: Play) -> bool {
    if p.form() == Form::Sequence || p.has_joker() {
        return false;
    }
    let Some(pile) = trick.pile else {
        return true;
    };
    pile.form() == p.form()
        && pile.len() == p.len()
        && !pile.is_all_jokers()
        && stronger(p.low(), pile.low(), trick.reversed())
        && !trick.number_lock
        && (trick.lock.is_empty()
            || (rules.lock.suit != SuitLock::Partial && p.cards().suits_at(p.low()) == trick.lock))
        && (p.len() != 3 || rules.sandstorm == Sandstorm::Off)
}

/// Where the generator puts plays, in order; returning `ControlFlow::Break` stops it (so a
/// caller that wants only the first play of some kind pays only for the plays before it).
pub trait PlaySink {
    /// Receives the next legal play.
    fn play(&mut self, p: Play) -> ControlFlow<()>;
}

impl PlaySink for Vec<Play> {
    #[inline]
    fn play(&mut self, p: Play) -> ControlFlow<()> {
        self.push(p);
        ControlFlow::Continue(())
    }
}

/// A [`PlaySink`] from a closure.
pub struct SinkFn<F: FnMut(Play) -> ControlFlow<()>>(pub F);

impl<F: FnMut(Play) -> ControlFlow<()>> PlaySink for SinkFn<F> {
    #[inline]
    fn play(&mut self, p: Play) -> ControlFlow<()> {
        (self.0)(p)
    }
}

/// The legal plays of the seat to act, computed on first use and kept until the game changes.
/// The list's allocation is reused, so after warm-up nothing allocates. As a cache it compares
/// equal to any other (it is not part of the game's state).
#[derive(Clone, Debug, Default)]
pub struct LegalCache {
    plays: RefCell<Vec<Play>>,
    ready: Cell<bool>,
}

impl PartialEq for LegalCache {
    fn eq(&self, _: &LegalCache) -> bool {
        true
    }
}

impl LegalCache {
    /// Forgets the list (the game changed).
    pub fn invalidate(&mut self) {
        *self.ready.get_mut() = false;
    }

    /// The list for `hand` on `trick`, generated if not yet known.
    pub fn get(&self, rules: &Rules, trick: &TrickState, hand: CardSet) -> Ref<'_, [Play]> {
        if !self.ready.get() {
            legal_plays(rules, trick, hand, &mut self.plays.borrow_mut());
            self.ready.set(true);
        }
        Ref::map(self.plays.borrow(), Vec::as_slice)
    }
}

/// A seat's legal plays as handed out in a view: generated on first use (see [`LegalCache`]).
#[derive(Clone, Copy, Debug)]
pub struct LegalPlays<'a> {
    cache: &'a LegalCache,
    rules: &'a Rules,
    trick: TrickState,
    hand: CardSet,
}

impl<'a> LegalPlays<'a> {
    /// A handle on `cache` for `hand` on `trick`.
    pub fn new(cache: &'a LegalCache, rules: &'a Rules, trick: TrickState, hand: CardSet) -> Self {
        LegalPlays {
            cache,
            rules,
            trick,
            hand,
        }
    }

    /// Every legal play, weakest first and grouped by form.
    pub fn get(&self) -> Ref<'a, [Play]> {
        self.cache.get(self.rules, &self.trick, self.hand)
    }

    /// Runs the generator into `sink` without touching the cache (for callers that stop
    /// early).
    pub fn visit<S: PlaySink>(&self, sink: &mut S) {
        visit_legal_plays(self.rules, &self.trick, self.hand, sink);
    }
}

impl Serialize for LegalPlays<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.get().iter())
    }
}

/// How many suits a 4-bit suit mask holds.
const SUIT_COUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// How many cards a strength row holds (by table: the build targets CPUs without a
/// population count instruction).
#[inline]
fn row_len(row: u16) -> u8 {
    SUIT_COUNT[usize::from(row & 0xF)]
        + SUIT_COUNT[usize::from((row >> 4) & 0xF)]
        + SUIT_COUNT[usize::from((row >> 8) & 0xF)]
        + SUIT_COUNT[usize::from(row >> 12)]
}

/// The 4-bit suit subsets of each size, in lexicographic suit order (♠♥ before ♠♦ …).
const SUBSETS: [&[u8]; 5] = [
    &[0],
    &[0b0001, 0b0010, 0b0100, 0b1000],
    &[0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100],
    &[0b0111, 0b1011, 0b1101, 0b1110],
    &[0b1111],
];

/// For each held-suit mask `m` (0..16) and size `r` (0..=4), the subsets of `m` of size `r` in
/// lexicographic suit order, packed 4 bits each (first subset in the low bits) with the count.
const SUBSETS_OF: [[(u8, u32); 5]; 16] = {
    let mut t = [[(0u8, 0u32); 5]; 16];
    let mut m = 0;
    while m < 16 {
        let mut r = 0;
        while r < 5 {
            let list = SUBSETS[r];
            let mut i = 0;
            let (mut n, mut packed) = (0u8, 0u32);
            while i < list.len() {
                if list[i] & !(m as u8) == 0 {
                    packed |= (list[i] as u32) << (4 * n as u32);
                    n += 1;
                }
                i += 1;
            }
            t[m][r] = (n, packed);
            r += 1;
        }
        m += 1;
    }
    t
};

/// What a follow must satisfy, precomputed once per generation.
struct Follow {
    pile: Play,
    reversed: bool,
    lock: SuitSet,
    /// The rank a number lock asks for (`None` = no number lock).
    need: Option<u8>,
    compare: SequenceCompare,
}

impl Follow {
    /// The ranks (bits of a strength row) whose natural cards may answer a single or group
    /// pile: stronger than it, and the number lock's rank if one is in force.
    fn rank_mask(&self) -> u16 {
        if self.pile.is_all_jokers() {
            return 0;
        }
        let p = self.pile.low();
        let stronger = if self.reversed {
            (1u16 << p) - 1
        } else {
            ALL_RANKS & !((1u16 << (p + 1)) - 1)
        };
        match self.need {
            None => stronger,
            Some(n) if n < RANKS => stronger & (1 << n),
            Some(_) => 0,
        }
    }

    /// The window starts (bits) of sequences of the pile's length that beat the pile:
    /// `strict`, the new lowest card beats the old highest; `overlap`, the top cards only.
    fn window_mask(&self) -> u16 {
        let len = self.pile.len() as u8;
        // A joker past an end: no on-scale window beats it on that side.
        if (!self.reversed && self.pile.joker_above()) || (self.reversed && self.pile.joker_below())
        {
            return 0;
        }
        let (lo, hi) = (self.pile.low(), self.pile.high());
        // Starts above `x` / below `x` as masks.
        let above = |x: u8| ALL_RANKS & !((1u32 << (u32::from(x) + 1)) - 1) as u16;
        let below = |x: u8| ((1u32 << x) - 1) as u16;
        match (self.compare, self.reversed) {
            // w > hi
            (SequenceCompare::Strict, false) => above(hi),
            // w + len - 1 < lo
            (SequenceCompare::Strict, true) => below((lo + 1).saturating_sub(len)),
            // w + len - 1 > hi
            (SequenceCompare::Overlap, false) => {
                if hi + 1 < len {
                    ALL_RANKS
                } else {
                    above(hi + 1 - len)
                }
            }
            // w < lo
            (SequenceCompare::Overlap, true) => below(lo),
        }
    }
}

/// The hand prepared for generation: rows per suit in strength order and the jokers.
struct Gen<'a, S: PlaySink> {
    /// Jokers in groups name their suits (`lock.joker_establishes`).
    name_jokers: bool,
    /// Three natural 3s beat any triple (`sandstorm`).
    sandstorm: bool,
    hand: CardSet,
    rows: [u16; 4],
    jokers: CardSet,
    j: u8,
    reversed: bool,
    out: &'a mut S,
}

impl<S: PlaySink> Gen<'_, S> {
    fn new(hand: CardSet, reversed: bool, out: &mut S) -> Gen<'_, S> {
        Gen {
            name_jokers: false,
            sandstorm: false,
            hand,
            rows: hand.rows(),
            jokers: hand.jokers(),
            j: hand.joker_count(),
            reversed,
            out,
        }
    }

    /// The suits held at strength `s`.
    #[inline]
    fn suits_at(&self, s: u8) -> u8 {
        self.hand.suits_at(s).0
    }

    /// The suits natural cards may have under the follow's lock, for a play of `size` natural
    /// suits at most: all four without a lock; none when the lock's size cannot match.
    fn lock_mask(follow: Option<&Follow>, size: u8) -> u8 {
        match follow {
            Some(f) if !f.lock.is_empty() => {
                if f.lock.len() == usize::from(size) {
                    f.lock.0 & 0xF
                } else {
                    0
                }
            }
            _ => 0xF,
        }
    }

    /// The natural cards of the suit subset `sub` at strength `s`.
    #[inline]
    fn column(s: u8, sub: u8) -> CardSet {
        CardSet::column(s, sub)
    }

    /// Calls `f` for each rank of `mask`, weakest first in the current order.
    fn each_rank(
        &mut self,
        mut mask: u16,
        mut f: impl FnMut(&mut Self, u8) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        while mask != 0 {
            let s = if self.reversed {
                15 - mask.leading_zeros() as u8
            } else {
                mask.trailing_zeros() as u8
            };
            mask &= !(1 << s);
            f(self, s)?;
        }
        ControlFlow::Continue(())
    }

    /// Ranks held in at least `t` of the suits in `lock` (bit-parallel count over the rows).
    fn ranks_with_at_least(&self, t: u8, lock: u8) -> u16 {
        let [a, b, c, d] = if lock & 0xF == 0xF {
            self.rows
        } else {
            let rows_mask = CardSet::column(0, lock).bits() * 0x1FFF;
            self.hand.intersect(CardSet::from_bits(rows_mask)).rows()
        };
        match t {
            0 => ALL_RANKS,
            1 => a | b | c | d,
            2 => (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d),
            3 => (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d),
            4 => a & b & c & d,
            _ => 0,
        }
    }

    fn singles(&mut self, follow: Option<&Follow>) -> ControlFlow<()> {
        let lock = Self::lock_mask(follow, 1);
        let ranks = self.ranks_with_at_least(1, lock) & follow.map_or(ALL_RANKS, Follow::rank_mask);
        self.each_rank(ranks, |g, s| {
            let mut m = g.suits_at(s) & lock;
            while m != 0 {
                let suit = m.trailing_zeros() as u8;
                m &= m - 1;
                g.out.play(Play::single_at(s, suit))?;
            }
            ControlFlow::Continue(())
        })?;
        if self.j > 0 && follow.is_none_or(|f| !f.pile.is_all_jokers()) {
            self.out.play(Play::group_unchecked(
                self.jokers.first_jokers(1),
                JOKER_RANK,
                1,
                Form::Single,
            ))?;
        }
        ControlFlow::Continue(())
    }

    fn groups(&mut self, size: u8, follow: Option<&Follow>) -> ControlFlow<()> {
        let lock = Self::lock_mask(follow, size);
        let need = size.saturating_sub(self.j).max(1);
        let mut mask = follow.map_or(ALL_RANKS, Follow::rank_mask);
        if self.sandstorm && size == 3 && follow.is_some_and(|f| is_sandstorm(f.pile)) {
            mask = 0; // only a sandstorm answers a sandstorm, and there is no second one
        }
        let ranks = self.ranks_with_at_least(need, lock) & mask;
        // 砂嵐: three natural 3s answer any triple even where 3s are not stronger.
        if self.sandstorm
            && size == 3
            && let Some(f) = follow
            && !is_sandstorm(f.pile)
            && !f.pile.is_all_jokers()
            && mask & 1 == 0
            && f.need.is_none_or(|n| n == THREE)
        {
            let m = self.suits_at(THREE) & lock;
            let (count, mut packed) = SUBSETS_OF[usize::from(m)][3];
            for _ in 0..count {
                let sub = (packed & 0xF) as u8;
                packed >>= 4;
                let cards = Self::column(THREE, sub);
                self.out
                    .play(Play::group_unchecked(cards, THREE, 3, Form::Group))?;
            }
        }
        self.each_rank(ranks, |g, s| {
            let m = g.suits_at(s) & lock;
            let have = SUIT_COUNT[usize::from(m & 0xF)];
            for jj in 0..=g.j.min(size - 1) {
                let r = size - jj;
                if r > have || r > 4 {
                    continue;
                }
                let jokers = g.jokers.first_jokers(jj);
                let (count, mut packed) = SUBSETS_OF[usize::from(m)][usize::from(r)];
                for _ in 0..count {
                    let sub = (packed & 0xF) as u8;
                    packed >>= 4;
                    let cards = Self::column(s, sub).union(jokers);
                    let p = Play::group_unchecked(cards, s, size, Form::Group);
                    if g.name_jokers && jj > 0 {
                        g.named_jokers(p, sub, jj, follow)?;
                    } else {
                        g.out.play(p)?;
                    }
                }
            }
            ControlFlow::Continue(())
        })?;
        if self.j >= size && follow.is_none_or(|f| !f.pile.is_all_jokers()) {
            self.out.play(Play::group_unchecked(
                self.jokers.first_jokers(size),
                JOKER_RANK,
                size,
                Form::Group,
            ))?;
        }
        ControlFlow::Continue(())
    }

    /// Group `p` (natural suits `sub`, `jj` jokers) once per way its jokers can name missing
    /// suits: under a lock, the locked suits it lacks; otherwise every choice, in suit order.
    fn named_jokers(
        &mut self,
        p: Play,
        sub: u8,
        jj: u8,
        follow: Option<&Follow>,
    ) -> ControlFlow<()> {
        if let Some(f) = follow.filter(|f| !f.lock.is_empty()) {
            let named = SuitSet(f.lock.0 & !sub & 0xF);
            if let Some(q) = p.with_joker_suits(named) {
                self.out.play(q)?;
            }
            return ControlFlow::Continue(());
        }
        let missing = usize::from(!sub & 0xF);
        let (count, mut packed) = SUBSETS_OF[missing][usize::from(jj.min(4))];
        for _ in 0..count {
            let named = SuitSet((packed & 0xF) as u8);
            packed >>= 4;
            if let Some(q) = p.with_joker_suits(named) {
                self.out.play(q)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every sequence of `len` cards with a joker past an end of the scale ("below 3" or
    /// "above 2", `sequence.joker_ends`) in the suits of `lock`, that beats the follow's pile
    /// if there is one: those with a joker below first, then above, then both.
    fn joker_end_sequences(
        &mut self,
        len: u8,
        lock: u8,
        follow: Option<&Follow>,
    ) -> ControlFlow<()> {
        for (below, above) in [(true, false), (false, true), (true, true)] {
            let extra = u8::from(below) + u8::from(above);
            let Some(w) = len.checked_sub(extra).filter(|w| (1..=RANKS).contains(w)) else {
                continue;
            };
            if below && above && w != RANKS {
                continue;
            }
            let low = if below { 0 } else { RANKS - w };
            let win = (((1u32 << w) - 1) << low) as u16;
            let ext = u8::from(below) | u8::from(above) << 1;
            for suit in 0..4u8 {
                if lock & (1 << suit) == 0 {
                    continue;
                }
                let have = self.rows[usize::from(suit)] & win;
                if have == 0 {
                    continue;
                }
                let missing = win & !have;
                let need = missing.count_ones() as u8 + extra;
                for jj in need..=self.j.min(len - 1) {
                    // The jokers beyond those needed replace natural cards.
                    let spare = jj - need;
                    let mut a_rest = if spare > 0 { have } else { 1 };
                    while a_rest != 0 {
                        let a = if spare > 0 {
                            a_rest & a_rest.wrapping_neg()
                        } else {
                            0
                        };
                        a_rest &= a_rest - 1;
                        let mut b_rest = if spare > 1 { a_rest } else { 1 };
                        while b_rest != 0 {
                            let b = if spare > 1 {
                                b_rest & b_rest.wrapping_neg()
                            } else {
                                0
                            };
                            b_rest &= b_rest - 1;
                            let nat = have & !a & !b;
                            if nat == 0 {
                                continue;
                            }
                            let cards = CardSet::from_strength_row(suit, nat)
                                .union(self.jokers.first_jokers(jj));
                            let p = Play::sequence_unchecked_ext(cards, suit, low, len, ext);
                            if follow
                                .is_none_or(|f| sequence_beats(f.compare, f.pile, p, f.reversed))
                            {
                                self.out.play(p)?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// For each suit, the window starts (bits) at which a sequence of each length `1..=max`
    /// can be made with the hand's jokers: `starts[len][suit]`. Bit-parallel over all starts:
    /// saturating counters of the missing positions as the window grows one rank at a time.
    fn sequence_starts(&self, max: u8, lock: u8) -> [[u16; 4]; RANKS as usize + 1] {
        let mut starts = [[0u16; 4]; RANKS as usize + 1];
        for (suit, row) in self.rows.iter().enumerate() {
            if lock & (1 << suit) == 0 {
                continue;
            }
            let missing = !row & ALL_RANKS;
            let (mut ge1, mut ge2, mut ge3) = (0u16, 0u16, 0u16);
            for len in 1..=max {
                let x = missing >> (len - 1);
                ge3 |= ge2 & x;
                ge2 |= ge1 & x;
                ge1 |= x;
                let over = match self.j {
                    0 => ge1,
                    1 => ge2,
                    _ => ge3,
                };
                // Windows that stay on the scale (no wrap-around past the 2).
                let on_scale = (1u16 << (RANKS - len + 1)) - 1;
                let valid = !over & on_scale;
                if valid == 0 {
                    // A window of one more rank holds this one: no longer sequence either.
                    break;
                }
                starts[usize::from(len)][suit] = valid;
            }
        }
        starts
    }

    /// [`Gen::sequence_starts`] for one length only: the window starts of sequences of `len`
    /// cards per suit (suits outside `lock` get none).
    fn sequence_starts_of(&self, len: u8, lock: u8) -> [u16; 4] {
        let mut out = [0u16; 4];
        let on_scale = (1u16 << (RANKS - len + 1)) - 1;
        for (suit, row) in self.rows.iter().enumerate() {
            if lock & (1 << suit) == 0 || *row == 0 {
                continue;
            }
            let missing = !row & ALL_RANKS;
            let (mut ge1, mut ge2, mut ge3) = (0u16, 0u16, 0u16);
            for k in 0..len {
                let x = missing >> k;
                ge3 |= ge2 & x;
                ge2 |= ge1 & x;
                ge1 |= x;
            }
            let over = match self.j {
                0 => ge1,
                1 => ge2,
                _ => ge3,
            };
            out[suit] = !over & on_scale;
        }
        out
    }

    /// Every sequence of `len` cards, given the valid window starts per suit.
    fn sequences_of(&mut self, len: u8, per_suit: [u16; 4], allowed: u16) -> ControlFlow<()> {
        let per_suit = per_suit.map(|m| m & allowed);
        let any = per_suit[0] | per_suit[1] | per_suit[2] | per_suit[3];
        let full = (1u16 << len) - 1;
        self.each_rank(any, |g, w| {
            let win = full << w;
            for suit in 0..4u8 {
                if (per_suit[usize::from(suit)] >> w) & 1 == 0 {
                    continue;
                }
                let have = g.rows[usize::from(suit)] & win;
                let missing = win & !have;
                let miss = missing.count_ones() as u8;
                for jj in miss..=g.j.min(len - 1) {
                    let jokers = g.jokers.first_jokers(jj);
                    match jj - miss {
                        0 => g.push_seq(suit, w, len, win, missing, jokers)?,
                        1 => {
                            let mut rest = have;
                            while rest != 0 {
                                let b = rest & rest.wrapping_neg();
                                rest &= rest - 1;
                                g.push_seq(suit, w, len, win, missing | b, jokers)?;
                            }
                        }
                        _ => {
                            let mut a_rest = have;
                            while a_rest != 0 {
                                let a = a_rest & a_rest.wrapping_neg();
                                a_rest &= a_rest - 1;
                                let mut b_rest = a_rest;
                                while b_rest != 0 {
                                    let b = b_rest & b_rest.wrapping_neg();
                                    b_rest &= b_rest - 1;
                                    g.push_seq(suit, w, len, win, missing | a | b, jokers)?;
                                }
                            }
                        }
                    }
                }
            }
            ControlFlow::Continue(())
        })
    }

    fn push_seq(
        &mut self,
        suit: u8,
        w: u8,
        len: u8,
        win: u16,
        joker_pos: u16,
        jokers: CardSet,
    ) -> ControlFlow<()> {
        let nat = win & !joker_pos;
        if nat == 0 {
            return ControlFlow::Continue(());
        }
        let cards = CardSet::from_strength_row(suit, nat).union(jokers);
        self.out.play(Play::sequence_unchecked(cards, suit, w, len))
    }
}

/// The first legal play of `hand` answering a single or group pile in the generator's order
/// ([`legal_plays`]), and, for a single pile, the legal natural singles as strength rows by
/// suit (the generator lists them weakest first in the order in force, suits in display
/// order, before the joker). Worked out from the rank masks without listing plays, for the
/// `easy` CPU. `None` when the rules or the pile take the generator's slower paths (no pile, a
/// sequence, a lone joker or jokers-only pile, partial locks, illegal forbidden finishes,
/// sandstorm, a group whose jokers name suits): ask the generator then.
#[inline]
pub(crate) fn first_follow(
    rules: &Rules,
    trick: &TrickState,
    hand: CardSet,
) -> Option<(Option<Play>, [u16; 4])> {
    let pile = trick.pile?;
    if pile.form() == Form::Sequence
        || pile.is_all_jokers()
        || rules.forbidden_finish.mode == ForbiddenMode::Illegal
        || (rules.lock.suit == SuitLock::Partial && !trick.lock.is_empty())
        || rules.sandstorm != Sandstorm::Off
    {
        return None;
    }
    let reversed = trick.reversed();
    let f = Follow {
        pile,
        reversed,
        lock: trick.lock,
        need: if trick.number_lock {
            Some(next_rank(pile.low(), reversed).unwrap_or(RANKS + 1))
        } else {
            None
        },
        compare: rules.sequence.compare,
    };
    let size = pile.len() as u8;
    let lock = Gen::<Vec<Play>>::lock_mask(Some(&f), size);
    // Rows of the suits the lock allows.
    let lr = hand
        .intersect(CardSet::from_bits(CardSet::column(0, lock).bits() * 0x1FFF))
        .rows();
    let jokers = hand.jokers();
    let j = jokers.joker_count();
    let rank_mask = f.rank_mask();
    let weakest = |m: u16| {
        if reversed {
            15 - m.leading_zeros() as u8
        } else {
            m.trailing_zeros() as u8
        }
    };
    let [a, b, c, d] = lr;
    if size == 1 {
        let singles = [a & rank_mask, b & rank_mask, c & rank_mask, d & rank_mask];
        let ranks = singles[0] | singles[1] | singles[2] | singles[3];
        let first = if ranks != 0 {
            let s = weakest(ranks);
            let suit = singles.iter().position(|r| (r >> s) & 1 != 0).unwrap_or(0) as u8;
            Some(Play::single_at(s, suit))
        } else if j > 0 {
            Some(Play::group_unchecked(
                jokers.first_jokers(1),
                JOKER_RANK,
                1,
                Form::Single,
            ))
        } else {
            None
        };
        return Some((first, singles));
    }
    // A group: the weakest rank that can make it with the fewest jokers, its first suits.
    let need = size.saturating_sub(j).max(1);
    let ranks = match need {
        1 => a | b | c | d,
        2 => (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d),
        3 => (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d),
        4 => a & b & c & d,
        _ => 0,
    } & rank_mask;
    let none = [0; 4];
    if ranks != 0 {
        let s = weakest(ranks);
        let m = hand.suits_at(s).0 & lock;
        let have = m.count_ones() as u8;
        let jj = size.saturating_sub(have);
        let r = size - jj;
        let (count, packed) = SUBSETS_OF[usize::from(m)][usize::from(r.min(4))];
        // Jokers that name suits (`lock.joker_establishes`) make several plays of one group.
        if count == 0 || r > 4 || jj > j || (jj > 0 && rules.lock.joker_establishes) {
            return None;
        }
        let cards = CardSet::column(s, (packed & 0xF) as u8).union(jokers.first_jokers(jj));
        return Some((
            Some(Play::group_unchecked(cards, s, size, Form::Group)),
            none,
        ));
    }
    if j >= size {
        return Some((
            Some(Play::group_unchecked(
                jokers.first_jokers(size),
                JOKER_RANK,
                size,
                Form::Group,
            )),
            none,
        ));
    }
    Some((None, none))
}

/// Every distinct legal play of `hand` on the trick under `rules`, weakest first and grouped by
/// form (see the module docs for the order), written into `out` (cleared first; its capacity is
/// reused, so a caller that keeps `out` allocates nothing after warm-up). Passing is not listed:
/// it is allowed exactly when `trick.pile` is `Some` (and the seat has not passed).
pub fn legal_plays(rules: &Rules, trick: &TrickState, hand: CardSet, out: &mut Vec<Play>) {
    out.clear();
    visit_legal_plays(rules, trick, hand, out);
}

/// [`legal_plays`] into any [`PlaySink`], in the same order; stops when the sink breaks.
pub fn visit_legal_plays<S: PlaySink>(
    rules: &Rules,
    trick: &TrickState,
    hand: CardSet,
    sink: &mut S,
) {
    let _ = visit(rules, trick, hand, sink);
}

fn visit<S: PlaySink>(
    rules: &Rules,
    trick: &TrickState,
    hand: CardSet,
    sink: &mut S,
) -> ControlFlow<()> {
    let illegal = rules.forbidden_finish.mode == ForbiddenMode::Illegal;
    let partial = rules.lock.suit == SuitLock::Partial && !trick.lock.is_empty();
    if !illegal && !partial {
        return visit_all(rules, trick, hand, sink);
    }
    // The rarer rules filter the plain list: a partial lock (the plays must contain the locked
    // suits), a forbidden finish that is illegal (§3b).
    let open = TrickState {
        lock: if partial { SuitSet::EMPTY } else { trick.lock },
        ..*trick
    };
    let mut filter = SinkFn(|p: Play| {
        // A spade-3 return beats the lone joker even under a lock (§3).
        if partial && !fits_lock_in(rules, p, trick.lock) && !is_spade3_return(rules, trick.pile, p)
        {
            return ControlFlow::Continue(());
        }
        if illegal && p.cards() == hand && is_forbidden_finish(rules, trick, p) {
            return ControlFlow::Continue(());
        }
        sink.play(p)
    });
    visit_all(rules, &open, hand, &mut filter)
}

fn visit_all<S: PlaySink>(
    rules: &Rules,
    trick: &TrickState,
    hand: CardSet,
    sink: &mut S,
) -> ControlFlow<()> {
    let mut g = Gen::new(hand, trick.reversed(), sink);
    g.sandstorm = rules.sandstorm != Sandstorm::Off;
    g.name_jokers = rules.lock.joker_establishes;
    let ends = rules.sequence.joker_ends && g.j > 0;
    let seq_on = rules.sequence.enabled;
    let min_len = min_sequence_len(rules) as u8;
    match trick.pile {
        None => {
            g.singles(None)?;
            let max_have = (1..=4u8)
                .rev()
                .find(|t| g.ranks_with_at_least(*t, 0xF) != 0)
                .unwrap_or(0);
            for size in 2..=(max_have + g.j) {
                g.groups(size, None)?;
            }
            if seq_on {
                let longest = g.rows.iter().map(|r| row_len(*r)).max().unwrap_or(0);
                let max = (longest + g.j).min(RANKS);
                if max >= min_len {
                    let starts = g.sequence_starts(max, 0xF);
                    for len in min_len..=max {
                        let at = starts[usize::from(len)];
                        if at == [0; 4] && !ends {
                            break; // nor any longer one (see `sequence_starts`)
                        }
                        g.sequences_of(len, at, ALL_RANKS)?;
                        if ends {
                            g.joker_end_sequences(len, 0xF, None)?;
                        }
                    }
                }
                if ends {
                    // Past the scale's 13 positions only with a joker at an end.
                    for len in (max + 1).max(min_len)..=(longest + g.j).min(RANKS + 2) {
                        g.joker_end_sequences(len, 0xF, None)?;
                    }
                }
            }
            ControlFlow::Continue(())
        }
        Some(pile) => {
            if pile.is_lone_joker() && (rules.spade3 || rules.joker_return) {
                // Only the 3♠ (spade-3 return) and the other joker (joker return) answer a
                // lone joker: nothing is stronger than it.
                if rules.spade3 && g.rows[0] & 1 != 0 {
                    g.out.play(Play::single_at(THREE, 0))?;
                }
                if rules.joker_return && g.j > 0 {
                    g.out.play(Play::group_unchecked(
                        g.jokers.first_jokers(1),
                        JOKER_RANK,
                        1,
                        Form::Single,
                    ))?;
                }
                return ControlFlow::Continue(());
            }
            let f = Follow {
                pile,
                reversed: trick.reversed(),
                lock: trick.lock,
                need: if trick.number_lock && pile.form() != Form::Sequence {
                    // No next rank: nothing natural can follow.
                    Some(next_rank(pile.low(), trick.reversed()).unwrap_or(RANKS + 1))
                } else {
                    None
                },
                compare: rules.sequence.compare,
            };
            match pile.form() {
                Form::Single => g.singles(Some(&f)),
                Form::Group => g.groups(pile.len() as u8, Some(&f)),
                Form::Sequence if seq_on => {
                    let len = pile.len() as u8;
                    // A sequence fits only a lock of exactly its one suit.
                    let lock = Gen::<S>::lock_mask(Some(&f), 1);
                    if len <= RANKS {
                        let starts = g.sequence_starts_of(len, lock);
                        g.sequences_of(len, starts, f.window_mask())?;
                    }
                    if ends {
                        g.joker_end_sequences(len, lock, Some(&f))?;
                    }
                    ControlFlow::Continue(())
                }
                Form::Sequence => ControlFlow::Continue(()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::daifugo::rules::Preset;

    /// A rule set with the rules that act on natural plays turned on and off by the bits of
    /// `m`, on the party or standard preset.
    fn rules_for(m: u32) -> Rules {
        let bit = |i: u32| (m >> i) & 1 != 0;
        let mut r = Rules::preset(if bit(0) {
            Preset::Standard
        } else {
            Preset::Party
        });
        let count = |b: bool| if b { Count::PerPlay } else { Count::PerCard };
        r.eight_cut.enabled = bit(1);
        r.jack_back = bit(2);
        r.revolution.enabled = bit(3);
        r.revolution.group_min = if bit(4) { 3 } else { 4 };
        r.five_skip.enabled = bit(5);
        r.five_skip.count = count(bit(6));
        r.seven_pass.enabled = bit(7);
        r.seven_pass.count = count(bit(6));
        r.ten_discard.enabled = bit(8);
        r.ten_discard.count = count(!bit(6));
        r.nine_reverse.enabled = bit(9);
        r.nine_reverse.count = count(bit(10));
        r.q_bomber.enabled = bit(11);
        r.ambulance = if bit(12) {
            Ambulance::Cut
        } else {
            Ambulance::Off
        };
        r.sandstorm = match (m >> 13) & 3 {
            0 => Sandstorm::Off,
            1 => Sandstorm::BeatsTriple,
            _ => Sandstorm::CutTriple,
        };
        r.spade3 = bit(15);
        r
    }

    #[test]
    fn the_natural_effects_table_agrees_with_the_rules() {
        // Every natural single and group that leaves a card in the hand, under rule sets
        // covering each rule that acts on them: the table's effects are those of the rules
        // (`effects_with`, which asks each rule in turn).
        for m in (0..1u32 << 16).step_by(5) {
            let rules = rules_for(m);
            for players in [2u8, 4] {
                let table = NaturalEffects::new(&rules, players);
                for k in 1..=4u8 {
                    for s in 0..RANKS {
                        let cards = CardSet::column(s, (1u8 << k) - 1);
                        let form = if k == 1 { Form::Single } else { Form::Group };
                        let p = Play::group_unchecked(cards, s, k, form);
                        let hand = cards.union(CardSet::at((s + 1) % RANKS, 0));
                        for jack_back in [false, true] {
                            let trick = TrickState {
                                jack_back,
                                ..TrickState::default()
                            };
                            let fx = table.lookup(p, &trick).expect("a natural play");
                            let got = NaturalEffects::unpack(fx, s);
                            let want = effects_with(
                                &rules,
                                rules.has_triggers(),
                                &trick,
                                players,
                                hand,
                                p,
                            );
                            assert_eq!(got, want, "{rules:?}, {players} players, {p:?}");
                            assert_eq!(fx == 0, want.is_plain());
                            // Going out with it.
                            let got = NaturalEffects::going_out(fx, &rules, &trick, p);
                            let want = effects_with(
                                &rules,
                                rules.has_triggers(),
                                &trick,
                                players,
                                cards,
                                p,
                            );
                            assert_eq!(got, want, "{rules:?}, {players} players, out {p:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_natural_effects_table_leaves_the_other_plays_to_the_rules() {
        let rules = Rules::preset(Preset::Party);
        let table = NaturalEffects::new(&rules, 4);
        let trick = TrickState::default();
        // A natural 7 is looked up...
        assert!(table.lookup(Play::single_at(SEVEN, 0), &trick).is_some());
        // ...a joker is not.
        let joker = Play::group_unchecked(CardSet::joker(0), JOKER_RANK, 1, Form::Single);
        assert_eq!(table.lookup(joker, &trick), None);
        // A sequence is not.
        let row = CardSet::from_strength_row(0, 0b111);
        let seq = Play::sequence_unchecked(row, 0, 0, 3);
        assert_eq!(table.lookup(seq, &trick), None);
        // A 3 answering a lone joker (a spade-3 return) is not.
        let on_joker = TrickState {
            pile: Some(joker),
            ..TrickState::default()
        };
        let spade3 = Play::single_at(THREE, 0);
        assert_eq!(table.lookup(spade3, &on_joker), None);
        assert!(table.lookup(spade3, &trick).is_some());
    }
}

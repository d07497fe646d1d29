//! The `normal` level (issue 6 item 1): the heuristics of a good club player, on top of the
//! hand model of [`super::analysis`].
//!
//! * **Card memory.** It knows every card played this round and the cards it gave and got in
//!   the exchange, so it knows which of its units still win control (a 2 is control once both
//!   jokers are gone; an ace once the 2s and jokers are).
//! * **Leading.** Goes out at once when a single legal play empties the hand without a
//!   forbidden finish. When its losing units are down to one it runs its control units first
//!   (8-cuts, then forbidden last cards such as jokers and 2s, then other winners) and keeps a
//!   finish-legal unit for last. A weak hand with a revolution group revolts first. Otherwise
//!   it leads its weakest losing unit, groups and sequences before singles of like strength.
//! * **Following.** Scores every legal play by the cost of the hand it leaves plus the chance
//!   of winning the trick (card memory and passes: only players who have not passed can still
//!   answer, and a lock narrows the answers to its suits), against passing. So it sheds weak
//!   cards freely, keeps jokers, 2s and 8s to win control when it needs it, spends them when
//!   winning the trick lets it play out, and blocks an opponent about to go out.
//! * **Passes.** Besides who can still answer, it reads from the log which seats passed on a
//!   single without a lock: they are unlikely to hold a loose stronger single.
//! * **House rules** (`rules/daifugo.md` §3b). A play's effects count in its value: an
//!   ambulance or sandstorm cut wins the trick, a 5-skip passes over opponents who could answer,
//!   a 7-pass or 10-discard sheds more cards, so such leads come first among like units. It
//!   gives and discards the cards whose loss lowers its hand's cost most (never a card that
//!   wins control to the next player if a weaker one will do), and bombs the ranks the
//!   opponents most likely hold and it does not.
//! * **Exchange.** Gives back the cards whose loss lowers its hand's cost most: loose low
//!   singles, never its jokers, 2s or 8s while it has weaker cards.

use std::borrow::Cow;

use super::CpuPlayer;
use super::analysis::{Knowledge, PlanCost, PlanParts, is_control, plan, plan_cost, rel, top_rel};
use crate::cards::GameRng;
use crate::daifugo::cardset::{CardSet, RankSet, SuitSet};
use crate::daifugo::event::Action;
use crate::daifugo::legal::{Effects, check_play, play_effects};
use crate::daifugo::play::{Form, Play};
use crate::daifugo::rules::{ForbiddenMode, PassMode};
use crate::daifugo::view::{Decision, SeatView};

/// The value of winning the trick (a lead of one's own), in units of hand cost.
const LEAD_VALUE: f32 = 0.5;
/// Extra value of winning the trick when the hand left can then be played out.
const RUN_OUT_VALUE: f32 = 1.0;
/// Extra value of winning the trick per card an opponent lacks below three (blocking).
const BLOCK_VALUE: f32 = 0.45;
/// How much cheaper the hand must get for a revolution to be led.
const REVOLT_MARGIN: f32 = 0.5;

/// The `normal` level (see the module docs). Stateless and deterministic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NormalCpu;

impl CpuPlayer for NormalCpu {
    fn choose(&mut self, view: &SeatView<'_>, _rng: &mut GameRng) -> Action {
        normal_choice(view)
    }
}

/// The `normal` decision for a view (see the module docs). Always one of the view's legal
/// actions.
pub fn normal_choice(view: &SeatView<'_>) -> Action {
    normal_choice_with(view, None)
}

/// [`normal_choice`] with the seat's [`Knowledge`] already worked out (playouts keep it
/// between a seat's decisions while no card is played).
pub fn normal_choice_with(view: &SeatView<'_>, known: Option<&Knowledge>) -> Action {
    match view.decision() {
        Decision::GiveBack { count, .. } => Action::GiveBack(give_back(view, usize::from(count))),
        Decision::Give { count, exact, .. } => {
            Action::Give(shed(view, view.hand(), usize::from(count), exact, true))
        }
        Decision::Discard {
            count,
            exact,
            eligible,
        } => Action::Discard(shed(view, eligible, usize::from(count), exact, false)),
        Decision::Bomb { count } => Action::Bomb(bomb_ranks(view, count)),
        Decision::Play { can_pass } => {
            let open = open_lead(view);
            if !open && view.legal().get().is_empty() {
                return Action::Pass;
            }
            let k: &Knowledge =
                &known.map_or_else(|| Cow::Owned(Knowledge::from_view(view)), Cow::Borrowed);
            match view.trick().pile {
                None => Action::Play(lead(view, k, Lead { view, open })),
                Some(_) => follow(view, k, &view.legal().get(), can_pass),
            }
        }
        Decision::Wait => Action::Pass,
    }
}

/// Whether two plays put down the same cards up to which joker is used.
fn same_play(a: Play, b: Play) -> bool {
    a.form() == b.form()
        && a.len() == b.len()
        && a.low() == b.low()
        && a.cards().naturals() == b.cards().naturals()
        && a.joker_count() == b.joker_count()
}

/// The legal play matching a unit, if the legal list has it.
fn find(legal: &[Play], u: Play) -> Option<Play> {
    legal.iter().copied().find(|p| same_play(*p, u))
}

/// Whether the view's seat leads where every natural single, group and long enough sequence
/// of its hand is legal ([`check_play`] accepts it) and the legal list is never empty: no pile,
/// no lock, and no forbidden finish refused as illegal (the one filter of the legal list that
/// can drop such a play, `rules/daifugo.md` §3b). The generator lists every legal play, so
/// there a natural unit is its own legal play and the list need not be built for it.
fn open_lead(view: &SeatView<'_>) -> bool {
    let t = view.trick();
    t.pile.is_none()
        && t.lock.is_empty()
        && view.rules().forbidden_finish.mode != ForbiddenMode::Illegal
}

/// The legal plays of a lead, the list built only for the questions that need it (see
/// [`open_lead`]).
#[derive(Clone, Copy)]
struct Lead<'a, 'v> {
    view: &'a SeatView<'v>,
    /// [`open_lead`] of the view.
    open: bool,
}

impl<'v> Lead<'_, 'v> {
    /// The whole legal list.
    fn list(&self) -> std::cell::Ref<'v, [Play]> {
        self.view.legal().get()
    }

    /// [`find`] in the legal list: a natural unit on an open lead is its own legal play when
    /// the rules core accepts it (a natural play's cards fix every field of it).
    fn find(&self, u: Play) -> Option<Play> {
        if self.open
            && !u.has_joker()
            && check_play(self.view.rules(), &self.view.trick(), u).is_ok()
        {
            debug_assert_eq!(find(&self.list(), u), Some(u));
            return Some(u);
        }
        find(&self.list(), u)
    }

    /// [`go_out`]; without building the list when the hand's natural cards span two ranks
    /// and two suits (then no single, group or sequence holds them all).
    fn go_out(&self, k: &Knowledge) -> Option<Play> {
        let [a, b, c, d] = self.view.hand().naturals().rows();
        let ranks = a | b | c | d;
        let suits = [a, b, c, d].iter().filter(|r| **r != 0).count();
        if ranks & ranks.wrapping_sub(1) != 0 && suits > 1 {
            debug_assert!(go_out(self.view, k, &self.list()).is_none());
            return None;
        }
        go_out(self.view, k, &self.list())
    }
}

/// The legal play that empties the hand without a forbidden finish, if any.
fn go_out(view: &SeatView<'_>, k: &Knowledge, legal: &[Play]) -> Option<Play> {
    let rev = view.trick().reversed();
    legal
        .iter()
        .copied()
        .find(|p| p.cards() == view.hand() && !k.forbidden_last(*p, rev))
}

fn lead(view: &SeatView<'_>, k: &Knowledge, legal: Lead<'_, '_>) -> Play {
    if let Some(p) = legal.go_out(k) {
        return p;
    }
    let hand = view.hand();
    let pl = plan(k, hand);
    if let Some(p) = revolution_lead(k, hand, legal, &pl.cost) {
        return p;
    }
    // Running out: at most one losing unit left.
    if pl.cost.losers <= 1 && pl.len() >= 2 {
        let finishers = pl
            .units()
            .filter(|u| !k.forbidden_last(*u, k.revolution))
            .count();
        let mut best: Option<(i32, Play)> = None;
        for u in pl.units() {
            let forbidden = k.forbidden_last(u, k.revolution);
            let control = is_control(k, u);
            let mut pri = if k.cuts(u) {
                40
            } else if control && forbidden {
                30
            } else if control {
                20
            } else {
                0
            };
            if !forbidden && finishers == 1 {
                pri = -10; // the last card: keep it
            }
            pri += i32::from(u.len() as u8); // shed more cards first
            if best.is_none_or(|(b, _)| pri > b)
                && let Some(p) = legal.find(u)
            {
                best = Some((pri, p));
            }
        }
        if let Some((_, p)) = best {
            return p;
        }
    }
    // Lead the weakest losing unit, bigger units first at like strength — but never leave
    // only forbidden last plays (a 2, a joker, a cutting 8) behind.
    let finishers = pl
        .units()
        .filter(|u| !k.forbidden_last(*u, k.revolution))
        .count();
    let triggers = view.rules().has_triggers();
    let mut best: Option<(f32, Play)> = None;
    for u in pl.units() {
        let loser = !is_control(k, u) && !k.cuts(u);
        // Under the house rules a lead that sheds more cards or skips players is worth more.
        let bonus = if triggers {
            let e = play_effects(view.rules(), &view.trick(), view.players() as u8, hand, u);
            let left = hand.len() - u.len();
            1.5 * (usize::from(e.give.saturating_add(e.discard)).min(left) as f32)
                + 0.5 * f32::from(e.skip.min(2))
        } else {
            0.0
        };
        let forbidden = k.forbidden_last(u, k.revolution);
        let strands = !forbidden && finishers == 1 && pl.len() > 1;
        let key = f32::from(top_rel(u, k.revolution)) - 1.5 * (u.len() as f32 - 1.0)
            + if loser { 0.0 } else { 30.0 }
            + if forbidden { 5.0 } else { 0.0 }
            + if strands { 100.0 } else { 0.0 }
            - bonus;
        if best.is_none_or(|(b, _)| key < b)
            && let Some(p) = legal.find(u)
        {
            best = Some((key, p));
        }
    }
    best.map(|(_, p)| p).unwrap_or_else(|| legal.list()[0])
}

/// A revolution group to lead when the hand left is clearly better in the reversed order.
fn revolution_lead(
    k: &Knowledge,
    hand: CardSet,
    legal: Lead<'_, '_>,
    now: &PlanCost,
) -> Option<Play> {
    let r = k.rules.revolution;
    if !r.enabled {
        return None;
    }
    let min = usize::from(r.group_min.max(2));
    // Only a rank held `min` times makes such a group.
    let [a, b, c, d] = hand.naturals().rows();
    let held = match min {
        2 => (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d),
        3 => (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d),
        4 => a & b & c & d,
        _ => 0,
    };
    if held == 0 {
        return None;
    }
    let mut best: Option<(f32, Play)> = None;
    let mut flipped: Option<Knowledge> = None;
    for p in legal
        .list()
        .iter()
        .filter(|p| p.form() == Form::Group && p.len() >= min && !p.has_joker())
    {
        let flipped = flipped.get_or_insert_with(|| k.flipped());
        let after = plan_cost(flipped, hand.minus(p.cards()));
        if after.cost + REVOLT_MARGIN < now.cost && best.is_none_or(|(c, _)| after.cost < c) {
            best = Some((after.cost, *p));
        }
    }
    best.map(|(_, p)| p)
}

/// The share of the unseen cards held by opponents who may still answer the pile.
fn reach(view: &SeatView<'_>) -> f32 {
    let mut can = 0u32;
    let mut all = u32::from(view.out_of_play());
    for s in 0..view.players() {
        if s == view.seat() || view.places()[s] != 0 {
            continue;
        }
        let c = u32::from(view.counts()[s]);
        all += c;
        let passed = view.rules().pass_mode == PassMode::Locked && view.passed().contains(s);
        if !passed {
            can += c;
        }
    }
    if all == 0 {
        0.0
    } else {
        can as f32 / all as f32
    }
}

/// The suits a play would be locked to if it answered the pile (0 = no lock), given the
/// pile's [`Play::definite_suits`] as `pile_suits`.
fn lock_after(view: &SeatView<'_>, pile_suits: Option<SuitSet>, p: Play) -> u8 {
    let t = view.trick();
    if !t.lock.is_empty() {
        return t.lock.0;
    }
    if view.rules().lock.suit == crate::daifugo::rules::SuitLock::Off || p.has_joker() {
        return 0;
    }
    match (pile_suits, p.definite_suits()) {
        (Some(a), Some(b)) if a == b => b.0,
        _ => 0,
    }
}

/// The fewest cards any opponent still holds (255 if none is left).
fn closest_opponent(view: &SeatView<'_>) -> u8 {
    (0..view.players())
        .filter(|s| *s != view.seat() && view.places()[*s] == 0)
        .map(|s| view.counts()[s])
        .min()
        .unwrap_or(255)
}

fn follow(view: &SeatView<'_>, k: &Knowledge, legal: &[Play], can_pass: bool) -> Action {
    if let Some(p) = go_out(view, k, legal) {
        return Action::Play(p);
    }
    let hand = view.hand();
    let rev_now = view.trick().reversed();
    let parts = PlanParts::new(k, hand);
    let base = parts.cost();
    let reach = reach(view);
    let close = closest_opponent(view);
    let block = if close < 3 {
        BLOCK_VALUE * f32::from(3 - close)
    } else {
        0.0
    };
    let endgame = hand.len() <= 4;
    let triggers = view.rules().has_triggers();
    let players = view.players() as u8;
    // A play of cards outside the runs leaves them as they are (see `run_cards`).
    let in_runs = parts.in_runs();
    let mut best: Option<(f32, Play)> = None;
    // What a single or group of cards outside the runs leaves costs the same whatever its
    // suits: keep the cost per (rank, natural cards, jokers).
    let mut memo: [Option<(u8, usize, u8, PlanCost)>; 4] = [None; 4];
    // The strongest single any opponent still in the round passed on (see below).
    let passed_most = (0..view.players())
        .filter(|s| *s != view.seat() && view.places()[*s] == 0)
        .map(|s| k.passed_single[s])
        .max()
        .unwrap_or(0);
    let mut last_win = None;
    let pile_suits = view.trick().pile.and_then(Play::definite_suits);
    for p in legal.iter().copied() {
        // Jokers as wildcards are worth more kept, except near the end.
        if p.has_joker() && !p.is_all_jokers() && !endgame {
            continue;
        }
        let after = if p.form() == Form::Sequence || !p.cards().intersect(in_runs).is_empty() {
            plan_cost(k, hand.minus(p.cards()))
        } else {
            // (The natural cards: every card but the jokers.)
            let key = (
                p.low(),
                p.len() - usize::from(p.joker_count()),
                p.joker_count(),
            );
            let slot = (usize::from(p.low()) + p.len()) % memo.len();
            match memo[slot] {
                Some((a, b, c, pc)) if (a, b, c) == key => pc,
                _ => {
                    let pc = parts
                        .without(k, p)
                        .unwrap_or_else(|| plan_cost(k, hand.minus(p.cards())));
                    memo[slot] = Some((key.0, key.1, key.2, pc));
                    pc
                }
            }
        };
        // A passed seat's earlier pass on a stronger single says it holds no loose card
        // that beats this one: answer only from the others.
        let mut r = reach;
        if p.form() == Form::Single && !p.is_all_jokers() && view.trick().lock.is_empty() {
            let me = rel(p.low(), rev_now) + 1;
            if passed_most >= me {
                r *= 0.8;
            }
        }
        // Singles and groups of one rank come one after another in the legal list, and their
        // chance depends only on the rank, the size, the reach and the lock.
        let lock = lock_after(view, pile_suits, p);
        let key = (p.form(), p.low(), p.len(), r.to_bits(), lock);
        let mut win = match last_win {
            Some((k0, w)) if k0 == key && p.form() != Form::Sequence => w,
            _ => {
                let w = k.win_chance(p, rev_now, r, lock);
                last_win = Some((key, w));
                w
            }
        };
        let mut v = 0.0;
        if triggers {
            let e = play_effects(view.rules(), &view.trick(), players, hand, p);
            (win, v) = house_value(view, &e, win, hand.len() - p.len());
        }
        let mut v = v - after.cost + win * (LEAD_VALUE + block);
        if win > 0.9 && usize::from(after.losers) <= usize::from(after.controls) + 1 {
            v += RUN_OUT_VALUE;
        }
        if best.is_none_or(|(b, _)| v > b + 1e-4) {
            best = Some((v, p));
        }
    }
    let pass_value = -base.cost;
    match best {
        Some((v, p)) if !can_pass || v > pass_value => Action::Play(p),
        None if !can_pass => Action::Play(legal[0]),
        _ => Action::Pass,
    }
}

/// Value of each card a play lets the hand give or throw away afterwards (7-pass,
/// 10-discard), in units of hand cost: about what a loose weak card costs.
const SHED_VALUE: f32 = 0.4;
/// Value of each rank a Q-bomber names: the opponents lose cards too.
const BOMB_VALUE: f32 = 0.15;

/// The chance of winning the trick and the extra value of a play under the house rules of
/// `rules/daifugo.md` §3b, given what it sets off (`e`), its chance `win` without them and the
/// cards it leaves in hand (`left`): an ambulance or sandstorm cut wins the trick at once;
/// a 5-skip passes over that many of the opponents who could answer; a 7-pass or 10-discard
/// sheds more cards (never more than are left); a Q-bomber hurts the others. A 9-reverse is
/// neutral here (the `hard` level weighs it by search).
fn house_value(view: &SeatView<'_>, e: &Effects, win: f32, left: usize) -> (f32, f32) {
    let mut win = win;
    if e.clear.is_some() {
        win = 1.0;
    } else if e.skip > 0 {
        let locked = view.rules().pass_mode == PassMode::Locked;
        let can = (0..view.players())
            .filter(|s| {
                *s != view.seat()
                    && view.places()[*s] == 0
                    && !(locked && view.passed().contains(*s))
            })
            .count();
        let covered = if can == 0 {
            1.0
        } else {
            (f32::from(e.skip) / can as f32).min(1.0)
        };
        win = 1.0 - (1.0 - win) * (1.0 - covered);
    }
    let shed = usize::from(e.give.saturating_add(e.discard)).min(left);
    let v = SHED_VALUE * shed as f32 + BOMB_VALUE * f32::from(e.bomb);
    (win, v)
}

/// Cost of handing a card to the next player beyond what leaving the hand saves: a card that
/// wins control (a joker, the strongest cards) helps that player.
const GIFT_PENALTY: f32 = 0.8;

/// The cards to give (7-pass, `giving`) or discard (10-discard) from `allowed`: one at a
/// time, the card whose loss lowers the hand's cost most; with `exact` exactly `count`, else
/// stopping when no card is worth losing.
pub fn shed(
    view: &SeatView<'_>,
    allowed: CardSet,
    count: usize,
    exact: bool,
    giving: bool,
) -> CardSet {
    let k = Knowledge::from_view(view);
    let mut hand = view.hand();
    let mut out = CardSet::EMPTY;
    let mut now = plan_cost(&k, hand).cost;
    for _ in 0..count {
        let mut best: Option<(f32, crate::cards::Card)> = None;
        for c in allowed.minus(out).intersect(hand).sorted(k.revolution) {
            let mut rest = hand;
            rest.remove(c);
            let mut cost = plan_cost(&k, rest).cost;
            if giving {
                let strong = c.is_joker()
                    || is_control(&k, Play::single(c))
                    || c.rank().is_some_and(|r| {
                        rel(crate::daifugo::cardset::strength(r), k.revolution) >= 10
                    });
                if strong {
                    cost += GIFT_PENALTY;
                }
            }
            if best.is_none_or(|(b, _)| cost < b - 1e-4) {
                best = Some((cost, c));
            }
        }
        match best {
            Some((cost, c)) if exact || cost < now - 1e-4 => {
                hand.remove(c);
                out.insert(c);
                now = cost;
            }
            _ => break,
        }
    }
    out
}

/// The Q-bomber's ranks: up to `count` ranks whose cards the opponents are likely to hold
/// and this hand is not (unseen natural cards count, stronger ones more; the hand's own cards
/// of a rank count against it).
pub fn bomb_ranks(view: &SeatView<'_>, count: u8) -> RankSet {
    let k = Knowledge::from_view(view);
    let hand = view.hand();
    let mut scored: Vec<(f32, u8)> = (0..crate::daifugo::cardset::RANKS)
        .map(|s| {
            let theirs = k.unseen.suits_at(s).len() as f32;
            let mine = hand.suits_at(s).len() as f32;
            let strength = f32::from(rel(s, k.revolution)) / 12.0;
            (theirs * (0.5 + strength) - mine * 1.5, s)
        })
        .filter(|(v, _)| *v > 0.0)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
        .iter()
        .take(usize::from(count))
        .fold(RankSet::EMPTY, |r, (_, s)| r.with(*s))
}

/// The `count` cards to give back in the exchange: one at a time, the card whose loss lowers
/// the hand's cost most (the weaker card on a tie).
pub fn give_back(view: &SeatView<'_>, count: usize) -> CardSet {
    let k = Knowledge::from_view(view);
    let mut hand = view.hand();
    let mut out = CardSet::EMPTY;
    for _ in 0..count {
        let mut best: Option<(f32, crate::cards::Card)> = None;
        for c in hand.sorted(k.revolution) {
            let mut rest = hand;
            rest.remove(c);
            let cost = plan_cost(&k, rest).cost;
            if best.is_none_or(|(b, _)| cost < b - 1e-4) {
                best = Some((cost, c));
            }
        }
        match best {
            Some((_, c)) => {
                hand.remove(c);
                out.insert(c);
            }
            None => break,
        }
    }
    out
}

/// The `normal` policy for playouts: [`normal_choice`], keeping each seat's [`Knowledge`]
/// while its hand, the cards played, the order and the number of opponents stay the same
/// (between passes), since rebuilding it is most of a decision's cost.
#[derive(Clone, Debug, Default)]
pub struct NormalPolicy {
    known: [Option<(KnowledgeKey, Knowledge)>; 8],
}

/// What a seat's [`Knowledge`] depends on in a playout: its hand, the cards played, the
/// lasting order and the number of opponents.
type KnowledgeKey = (u64, u64, bool, u8);

impl NormalPolicy {
    /// The decision for `view`, as [`normal_choice`] makes it.
    pub fn choose(&mut self, view: &SeatView<'_>) -> Action {
        if !matches!(view.decision(), Decision::Play { .. }) || view.seat() >= self.known.len() {
            return normal_choice(view);
        }
        match self.knowledge(view) {
            Some(k) => normal_choice_with(view, Some(k)),
            None => Action::Pass, // nothing to think about
        }
    }

    /// The seat's [`Knowledge`] at a play decision, kept from its last decision or brought up
    /// to date; `None` when the seat has no legal play and is not leading (a forced pass:
    /// nothing to think about) or the decision is not a play.
    pub fn knowledge(&mut self, view: &SeatView<'_>) -> Option<&Knowledge> {
        if !matches!(view.decision(), Decision::Play { .. })
            || view.seat() >= self.known.len()
            || (!open_lead(view) && view.legal().get().is_empty())
        {
            return None;
        }
        let opponents = (0..view.players())
            .filter(|s| *s != view.seat() && view.places()[*s] == 0)
            .count() as u8;
        let key = (
            view.hand().bits(),
            view.played().bits(),
            view.trick().revolution,
            opponents,
        );
        let slot = &mut self.known[view.seat()];
        match slot {
            Some((k, known)) if *k != key || !view.log().is_empty() => {
                *k = key;
                known.refresh(view);
            }
            Some(_) => {}
            None => *slot = Some((key, Knowledge::from_view(view))),
        }
        slot.as_ref().map(|(_, k)| k)
    }
}

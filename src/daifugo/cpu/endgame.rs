//! Exact endgame solving for the `hard` level.
//!
//! When only one opponent still holds cards and no card is unaccounted for (nothing went out
//! of play by miyako-ochi), the viewer knows the opponent's hand exactly: every unseen card is
//! in it. The rest of the round is then a two-player game of perfect information, and the only
//! question is who finishes ahead — a forbidden finish included, which drops the player to the
//! lower of the two places. [`solve`] searches it exhaustively (AND–OR search with a
//! transposition table) over the rules core ([`RoundState`]), and
//! gives up beyond [`NODE_LIMIT`] positions, leaving the decision to the Monte Carlo search.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use super::determinize::Belief;
use crate::daifugo::cardset::{CardSet, SeatSet, SuitSet};
use crate::daifugo::event::{Action, MAX_SEATS};
use crate::daifugo::legal::legal_plays;
use crate::daifugo::play::Play;
use crate::daifugo::state::RoundState;
use crate::daifugo::view::SeatView;

/// Positions searched at most per decision before giving up.
pub const NODE_LIMIT: usize = 60_000;

/// The deepest line the solver follows (plies). Every ply of a real endgame plays a card or
/// passes towards a clear, so no exact line comes near it; it only stops a line that would
/// not progress from overflowing the thread's stack.
const MAX_DEPTH: usize = 512;

/// A fast hasher for the solver's table (the multiply-rotate hash of the Rust compiler's
/// `FxHasher`): the keys are small and not chosen by an adversary.
#[derive(Clone, Copy, Default)]
struct Fx(u64);

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Everything that decides the rest of a two-player endgame.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    hands: [CardSet; 2],
    pile: Option<Play>,
    lock: SuitSet,
    flags: u8,
    turn: u8,
    last: u8,
    passed: SeatSet,
}

struct Solver {
    deadline: Option<Instant>,
    me: usize,
    seats: [usize; 2],
    nodes: usize,
    memo: HashMap<Key, bool, BuildHasherDefault<Fx>>,
    buf: Vec<Vec<Play>>,
}

impl Solver {
    fn key(&self, st: &RoundState) -> Key {
        let t = st.trick();
        Key {
            hands: [st.hand(self.seats[0]), st.hand(self.seats[1])],
            pile: t.pile,
            lock: t.lock,
            flags: u8::from(t.revolution)
                | u8::from(t.jack_back) << 1
                | u8::from(t.number_lock) << 2,
            turn: st.turn() as u8,
            last: st.pile_seat().unwrap_or(MAX_SEATS) as u8,
            passed: st.passed(),
        }
    }

    /// The best points the viewer can secure from here: `Some(true)` if it finishes ahead of
    /// the opponent against any defence, `None` when the node limit is hit.
    fn wins(&mut self, st: &RoundState, target: u32, depth: usize) -> Option<bool> {
        if st.is_over() {
            return Some(st.points(self.me) >= target);
        }
        let key = self.key(st);
        if let Some(v) = self.memo.get(&key) {
            return Some(*v);
        }
        self.nodes += 1;
        if self.nodes > NODE_LIMIT
            || (self.nodes.is_multiple_of(512)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            return None;
        }
        if self.buf.len() <= depth {
            self.buf.push(Vec::with_capacity(32));
        }
        let mut moves = std::mem::take(&mut self.buf[depth]);
        st.legal(&mut moves);
        let mine = st.turn() == self.me;
        let mut result = !mine;
        // A position the solver cannot step through (a house-rule choice pending, which this
        // solver does not enumerate) would recurse on itself: give up on it instead.
        if depth > MAX_DEPTH {
            self.buf[depth] = moves;
            return None;
        }
        let try_move = |a: Action, s: &mut Solver| -> Option<bool> {
            let mut next = *st;
            if !next.step(a) {
                return None;
            }
            s.wins(&next, target, depth + 1)
        };
        let mut outcome = Some(result);
        // Plays first (the ones that empty the hand come up quickly), then the pass.
        let pass = st.can_pass().then_some(Action::Pass);
        for a in moves.iter().map(|p| Action::Play(*p)).chain(pass) {
            match try_move(a, self) {
                None => {
                    outcome = None;
                    break;
                }
                Some(v) => {
                    if v == mine {
                        result = v;
                        break;
                    }
                }
            }
        }
        self.buf[depth] = moves;
        let r = outcome.map(|_| result);
        if let Some(v) = r {
            self.memo.insert(key, v);
        }
        r
    }
}

/// Solves a position of perfect information with two seats holding cards: among the legal
/// actions of the seat to act (`me`), one that secures the better of the two places left —
/// trying `preferred` actions first — or `None` if none does, or the search passes
/// [`NODE_LIMIT`] positions or the `deadline` (read by this CPU-side solver, never by the
/// engine).
pub fn solve(
    st: &RoundState,
    me: usize,
    preferred: &[Action],
    deadline: Option<Instant>,
) -> Option<Action> {
    let seats: Vec<usize> = st.active().iter().collect();
    if seats.len() != 2 || st.turn() != me || st.is_over() {
        return None;
    }
    // The better of the two places left: the smaller free place gives more points.
    let n = st.players() as u32;
    let taken: u32 = (0..st.players())
        .filter(|s| st.places()[*s] != 0)
        .map(|s| 1 << st.places()[s])
        .sum();
    let best_place = (1..=n).find(|p| taken & (1 << p) == 0)?;
    let target = n + 1 - best_place;
    let mut solver = Solver {
        deadline,
        me,
        seats: [seats[0], seats[1]],
        nodes: 0,
        memo: HashMap::with_capacity_and_hasher(4096, BuildHasherDefault::default()),
        buf: Vec::new(),
    };
    let mut moves = Vec::new();
    legal_plays(st.rules(), st.trick(), st.hand(me), &mut moves);
    let mut acts: Vec<Action> = preferred.to_vec();
    acts.extend(moves.into_iter().map(Action::Play));
    if st.can_pass() {
        acts.push(Action::Pass);
    }
    let mut tried: Vec<Action> = Vec::with_capacity(acts.len());
    for a in acts {
        if tried.contains(&a) {
            continue;
        }
        tried.push(a);
        let mut next = *st;
        if !next.step(a) {
            continue;
        }
        match solver.wins(&next, target, 0) {
            Some(true) => return Some(a),
            Some(false) => {}
            None => return None,
        }
    }
    None
}

/// The exact endgame move for a view, when the view allows it: one opponent left, no card out
/// of play, so the opponent's hand is every unseen card. Tries `preferred` first; gives up at
/// `deadline`.
pub fn solve_view(
    view: &SeatView<'_>,
    preferred: &[Action],
    deadline: Option<Instant>,
) -> Option<Action> {
    let opponents: Vec<usize> = (0..view.players())
        .filter(|s| *s != view.seat() && view.places()[*s] == 0)
        .collect();
    if opponents.len() != 1 || view.out_of_play() != 0 {
        return None;
    }
    let belief = Belief::from_view(view);
    let opp = opponents[0];
    if belief.unseen.len() != usize::from(view.counts()[opp]) {
        return None;
    }
    let mut hands = [CardSet::EMPTY; MAX_SEATS];
    hands[opp] = belief.unseen;
    let st = RoundState::from_view(view, &hands, CardSet::EMPTY)?;
    solve(&st, view.seat(), preferred, deadline)
}

/// The exact round points of the viewer after each of `actions` (in that order), when the
/// view allows the exact endgame (as [`solve_view`]): the better of the two places left if
/// the action secures it against any defence, else the worse. `None` when the view is not
/// such an endgame, an action is not legal there, or the search passes [`NODE_LIMIT`]
/// positions or the `deadline`. Points are `players − place + 1` (`rules/daifugo.md` §2).
pub fn values_view(
    view: &SeatView<'_>,
    actions: &[Action],
    deadline: Option<Instant>,
) -> Option<Vec<f64>> {
    let me = view.seat();
    let opponents: Vec<usize> = (0..view.players())
        .filter(|s| *s != me && view.places()[*s] == 0)
        .collect();
    if opponents.len() != 1 || view.out_of_play() != 0 || view.places()[me] != 0 {
        return None;
    }
    let belief = Belief::from_view(view);
    let opp = opponents[0];
    if belief.unseen.len() != usize::from(view.counts()[opp]) {
        return None;
    }
    let mut hands = [CardSet::EMPTY; MAX_SEATS];
    hands[opp] = belief.unseen;
    let st = RoundState::from_view(view, &hands, CardSet::EMPTY)?;
    if st.turn() != me || st.is_over() {
        return None;
    }
    let n = st.players() as u32;
    let taken: u32 = (0..st.players())
        .filter(|s| st.places()[*s] != 0)
        .map(|s| 1 << st.places()[s])
        .sum();
    let best_place = (1..=n).find(|p| taken & (1 << p) == 0)?;
    let target = n + 1 - best_place;
    let mut solver = Solver {
        deadline,
        me,
        seats: [me, opp],
        nodes: 0,
        memo: HashMap::with_capacity_and_hasher(4096, BuildHasherDefault::default()),
        buf: Vec::new(),
    };
    let mut out = Vec::with_capacity(actions.len());
    for a in actions {
        let mut next = st;
        if !next.step(*a) {
            return None;
        }
        let win = solver.wins(&next, target, 0)?;
        out.push(f64::from(if win { target } else { target - 1 }));
    }
    Some(out)
}

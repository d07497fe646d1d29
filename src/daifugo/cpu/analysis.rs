//! What a good player works out about a hand before choosing: which cards are still out
//! (card memory), how the hand splits into plays ("units"), which units win control, and what
//! passes said about the other seats. Used by the `normal` level and, through it, by the
//! `hard` level's playouts.
//!
//! The model (a club player's rule of thumb, made numeric):
//!
//! * A hand is played as a set of **units** — sequences, groups and singles — and every unit
//!   needs an occasion to be played: a lead of one's own, or a trick it can follow.
//! * A unit **wins control** when nobody still holding cards can beat it: a single with no
//!   stronger card unseen, a group with no stronger rank that an opponent can still make, a
//!   natural 8 (8-cut, `rules/daifugo.md` §3). Each won trick gives a lead, and each lead
//!   gets rid of one losing unit, so a hand can be played out when its losing units are no
//!   more than its control units plus one. [`Plan::cost`] counts the losing units (weighted:
//!   a low one needs a lead of its own, a high one can often follow) minus a credit for the
//!   control units.
//! * The **forbidden finish** (§3) makes jokers, the strongest rank and cutting 8s bad last
//!   cards: a plan whose remaining units are all such cards is penalised.

use std::cell::Cell;
use std::sync::OnceLock;

use crate::daifugo::cardset::{CardSet, RANKS, card_at};
use crate::daifugo::legal::{EIGHT, min_sequence_len};
use crate::daifugo::play::{Form, Play};
use crate::daifugo::rules::Rules;
use crate::daifugo::view::{LogEntry, SeatView};

/// How many suits a 4-bit suit mask holds.
const SUIT_COUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// How many bits a strength row (or any 16-bit mask) has, by table (the build targets CPUs
/// without a population count instruction).
#[inline]
fn ones(x: u16) -> u8 {
    RANK_COUNT[usize::from(x & 0xFF)] + RANK_COUNT[usize::from(x >> 8)]
}

/// How many bits each byte has.
const RANK_COUNT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Relative strength of strength index `s` in an order: 0 the weakest, 12 the strongest.
pub const fn rel(s: u8, reversed: bool) -> u8 {
    if reversed { RANKS - 1 - s } else { s }
}

/// The relative strength of a play's top card in an order (0 the weakest rank, 12 the
/// strongest; jokers alone 13): the high end of a sequence (its low end in a revolution), the
/// rank of a group.
pub fn top_rel(p: Play, reversed: bool) -> u8 {
    match p.form() {
        Form::Sequence => rel(if reversed { p.low() } else { p.high() }, reversed),
        _ if p.is_all_jokers() => 13,
        _ => rel(p.low(), reversed),
    }
}

/// The most units a hand splits into (54 cards at most, but a hand of a 2-player table holds
/// 27; every unit has at least one card).
pub const MAX_UNITS: usize = 28;

/// The weights of the hand model. Tuned by self-play against the `easy` level (see
/// `benches/daifugo_cpu.rs` and the simulate figures in the issue).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Cost of a losing unit of the weakest rank (a lead of its own).
    pub low_unit: f32,
    /// Cost of a losing unit of the strongest rank (it can follow most tricks).
    pub high_unit: f32,
    /// Credit per control unit (a lead it will win).
    pub control: f32,
    /// Penalty when every unit left is a forbidden last play.
    pub forbidden: f32,
    /// Cost per card held (fewer cards, fewer chances to be stuck).
    pub card: f32,
}

/// The weights the `normal` level plays with.
pub const WEIGHTS: Weights = Weights {
    low_unit: 1.0,
    high_unit: 0.35,
    control: 0.6,
    forbidden: 2.5,
    card: 0.04,
};

/// The cost of a losing unit by relative strength (0 the weakest, 12 the strongest) under
/// `w`: from `low_unit` down to `high_unit` in equal steps.
const fn lose_costs(w: &Weights) -> [f32; RANKS as usize] {
    let mut out = [0.0f32; RANKS as usize];
    let mut i = 0;
    while i < RANKS as usize {
        let r = i as f32 / (RANKS - 1) as f32;
        out[i] = w.low_unit + (w.high_unit - w.low_unit) * r;
        i += 1;
    }
    out
}

/// [`lose_costs`] of the `normal` level's weights.
const WEIGHTS_LOSE_COSTS: [f32; RANKS as usize] = lose_costs(&WEIGHTS);

/// What one seat knows about the cards: its order of play, the cards still unseen, the
/// opponents and what their passes said; plus, precomputed from these, what each unit of a
/// hand is worth (so a plan costs a few table look-ups).
#[derive(Clone, Debug)]
pub struct Knowledge {
    /// The rules.
    pub rules: Rules,
    /// The lasting order (a revolution in force), for planning past this trick.
    pub revolution: bool,
    /// Cards neither in this hand nor played: the other hands and cards out of play.
    pub unseen: CardSet,
    /// Jokers among `unseen` (0 when the rules play without jokers).
    pub unseen_jokers: u8,
    /// Active opponents (still holding cards).
    pub opponents: u8,
    /// Per seat: the strongest single (relative strength in the lasting order, +1; 0 = none)
    /// it passed on this round without a lock, i.e. a single it chose or had to let go.
    pub passed_single: [u8; 8],
    /// The weights in use.
    pub weights: Weights,
    /// `unseen` as strength rows, one per suit.
    rows: [u16; 4],
    /// Cost of a unit of `c` natural cards of strength `s`, at `[s][c - 1]` (`c` 1..=4; the
    /// four sizes side by side, so a rank's costs are worked out and stored together; 16
    /// rows, the last 3 unused, so a 4-bit index needs no bounds check).
    unit_cost: [[f32; 4]; 16],
    /// Bit `s` of entry `c`: that unit wins control.
    unit_control: [u16; 5],
    /// Cost of a lone joker, and whether it is control.
    joker: (f32, bool),
    /// Strengths whose natural cards make a forbidden last play in the lasting order.
    forbidden_ranks: u16,
    /// Recent sequence control chances in the lasting order, with every unseen card in reach
    /// and no lock (what plans ask for, again and again within one decision): `(key, chance)`,
    /// direct-mapped by key; key 0 is empty.
    seq_memo: [Cell<(u16, f32)>; 8],
    /// What the unit tables were last built from, if they were: the unseen cards, the rules
    /// they read (eight-cut, spade-3, forbidden finish), the order, the opponents and the
    /// weights — so [`Knowledge::refresh`] redoes only the ranks at and below the strongest
    /// one whose unseen cards changed.
    basis: Option<Basis>,
    /// The state of the pass over the ranks as it reached the `k`-th strongest rank: the
    /// running products of [`Knowledge::rebuild`] and the unseen cards stronger than it.
    steps: [([f32; 4], u32); RANKS as usize],
    /// How far the last passes went: the tables hold the `done` strongest ranks (those a
    /// hand of the seat can hold; weaker ones are left stale, see [`reach_of`]).
    done: u8,
    /// [`lose_costs`] of the weights.
    lose_costs: [f32; RANKS as usize],
}

/// How many ranks, strongest first in the order `reversed`, reach down to the weakest natural
/// card of `hand`: the ranks whose unit tables plans of the hand, or of part of it, read.
fn reach_of(hand: CardSet, reversed: bool) -> u8 {
    let [a, b, c, d] = hand.naturals().rows();
    let held = a | b | c | d;
    if held == 0 {
        0
    } else if reversed {
        // Pass index `k` is strength `k`: down to the strongest held.
        16 - held.leading_zeros() as u8
    } else {
        // Pass index `k` is strength `RANKS - 1 - k`: down to the weakest held.
        RANKS - held.trailing_zeros() as u8
    }
}

/// What [`Knowledge`]'s unit tables depend on: the unseen cards and the [`Setting`].
#[derive(Clone, Copy, Debug, PartialEq)]
struct Basis {
    unseen: CardSet,
    setting: Setting,
}

/// What [`Knowledge`]'s unit tables depend on besides the unseen cards.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Setting {
    eight_cut: bool,
    spade3: bool,
    forbidden: crate::daifugo::rules::ForbiddenFinishRules,
    revolution: bool,
    opponents: u8,
    weights: Weights,
}

impl Knowledge {
    /// The knowledge of a view's seat. Its unit tables cover the ranks of the seat's hand and
    /// the stronger ones: plans, costs and control are for that hand or part of it (the
    /// [`Knowledge::flipped`] order covers every rank).
    pub fn from_view(view: &SeatView<'_>) -> Knowledge {
        let mut k = Knowledge {
            rules: *view.rules(),
            revolution: false,
            unseen: CardSet::EMPTY,
            unseen_jokers: 0,
            opponents: 0,
            passed_single: [0; 8],
            weights: WEIGHTS,
            rows: [0; 4],
            unit_cost: [[0.0; 4]; 16],
            unit_control: [0; 5],
            joker: (0.0, true),
            forbidden_ranks: 0,
            seq_memo: Default::default(),
            basis: None,
            steps: [([0.0; 4], 0); RANKS as usize],
            done: 0,
            lose_costs: WEIGHTS_LOSE_COSTS,
        };
        k.refresh(view);
        k
    }

    /// Makes this the knowledge of a view's seat (as [`Knowledge::from_view`], in place and
    /// with the weights kept).
    pub fn refresh(&mut self, view: &SeatView<'_>) {
        self.passed_single = read_passes(view.log(), view.trick().revolution);
        self.refresh_cards(view);
    }

    /// [`Knowledge::refresh`] but for the passes.
    fn refresh_cards(&mut self, view: &SeatView<'_>) {
        let unseen = CardSet::deck(view.rules().jokers)
            .minus(view.hand())
            .minus(view.played())
            .minus(view.discarded());
        let n = view.players();
        let opponents = (0..n)
            .filter(|s| *s != view.seat() && view.places()[*s] == 0)
            .count() as u8;
        self.rules = *view.rules();
        self.revolution = view.trick().revolution;
        self.unseen = unseen;
        self.unseen_jokers = unseen.joker_count();
        self.opponents = opponents;
        self.rebuild(reach_of(view.hand(), self.revolution));
    }

    /// [`Knowledge::refresh`] for a view of the same moment of the same round as the view it
    /// was last worked out from (the same log, trick and seats in play), where only the seat's
    /// hand may differ, as when weighing another deal of the hidden cards: the passes read
    /// from the log are kept.
    pub fn refresh_hand(&mut self, view: &SeatView<'_>) {
        let passed = self.passed_single;
        self.refresh_cards(view);
        self.passed_single = passed;
        debug_assert_eq!(
            self.passed_single,
            read_passes(view.log(), view.trick().revolution)
        );
    }

    /// The same knowledge in the other lasting order (after a revolution).
    pub fn flipped(&self) -> Knowledge {
        let mut k = self.clone();
        k.revolution = !self.revolution;
        k.rebuild(RANKS);
        k
    }

    /// The ranks whose unit tables are up to date (see `done`).
    fn valid_ranks(&self) -> u16 {
        let done = self.done.min(RANKS);
        if self.revolution {
            (1u16 << done) - 1
        } else {
            0x1FFF & !((1u16 << (RANKS - done)) - 1)
        }
    }

    /// What the unit tables are built from now.
    fn basis(&self) -> Basis {
        Basis {
            unseen: self.unseen,
            setting: Setting {
                eight_cut: self.rules.eight_cut.enabled,
                spade3: self.rules.spade3,
                forbidden: self.rules.forbidden_finish,
                revolution: self.revolution,
                opponents: self.opponents,
                weights: self.weights,
            },
        }
    }

    /// Recomputes the unit tables from the unseen cards, the order and the weights: one pass
    /// over the ranks from the strongest down, carrying how many unseen cards and which
    /// groups could beat the rank reached so far. When only some natural cards became seen
    /// since the last build, the pass resumes at the strongest rank among them (the ranks
    /// above it come out the same).
    fn rebuild(&mut self, limit: u8) {
        let basis = self.basis();
        let from = match self.basis {
            Some(old) if old.setting == basis.setting && old.unseen == basis.unseen => {
                if self.done >= limit {
                    // The same cards unseen under the same rules: the tables stand.
                    return;
                }
                self.done
            }
            Some(old) if old.setting == basis.setting => {
                let diff = CardSet::from_bits(old.unseen.bits() ^ basis.unseen.bits());
                let [a, b, c, d] = diff.rows();
                let changed = a | b | c | d;
                let at = if diff.joker_count() > 0 {
                    0
                } else if self.revolution {
                    (changed.trailing_zeros() as u8).min(RANKS)
                } else {
                    (changed.leading_zeros() as u8).saturating_sub(3).min(RANKS)
                };
                // Not below where the last pass stopped.
                at.min(self.done)
            }
            _ => 0,
        };
        self.basis = Some(basis);
        for m in &self.seq_memo {
            m.set((0, 0.0));
        }
        self.rows = self.unseen.rows();
        let rev = self.revolution;
        let jokers = usize::from(self.unseen_jokers);
        let cut = self.rules.eight_cut.enabled;
        // Running products of "no opponent beats a group of c" over the stronger ranks,
        // starting with the jokers-only group; lane `c - 1` for groups of `c` (lane 0 unused).
        // A factor is 1 where a rank cannot make such a group (the chance table is 0 there),
        // so every lane is multiplied at every rank with the same result as skipping it.
        let factors = group_factors(self.opponents.max(1));
        let (mut group_win, mut stronger) = if from == 0 {
            (factors[jokers.min(6)], jokers as u32)
        } else if from < RANKS {
            self.steps[usize::from(from)]
        } else {
            ([0.0; 4], 0)
        };
        let w = self.weights;
        if from == 0 {
            self.lose_costs = if w == WEIGHTS {
                WEIGHTS_LOSE_COSTS
            } else {
                lose_costs(&w)
            };
        }
        let lose_costs = self.lose_costs;
        // The control bits of the ranks the pass does not reach are kept.
        let kept: u16 = if from == 0 {
            0
        } else if rev {
            (1u16 << from) - 1
        } else {
            0x1FFF & !((1u16 << (RANKS - from)) - 1)
        };
        let uc = self.unit_control;
        let mut control = [uc[1] & kept, uc[2] & kept, uc[3] & kept, uc[4] & kept];
        for k in from..limit {
            self.steps[usize::from(k)] = (group_win, stronger);
            let s = if rev { k } else { RANKS - 1 - k };
            // The k-th strongest rank: relative strength RANKS - 1 - k.
            let lose_cost = lose_costs[usize::from(RANKS - 1 - k)];
            let wins = if cut && s == EIGHT {
                [1.0; 4]
            } else {
                [
                    if stronger == 0 { 1.0 } else { 0.0 },
                    group_win[1],
                    group_win[2],
                    group_win[3],
                ]
            };
            let mut costs = [0.0f32; 4];
            for (cost, win) in costs.iter_mut().zip(wins) {
                *cost = (1.0 - win) * lose_cost - win * w.control;
            }
            self.unit_cost[usize::from(s)] = costs;
            for (bits, win) in control.iter_mut().zip(wins) {
                *bits |= u16::from(win >= 0.999) << s;
            }
            // The unseen natural cards of rank `s`: its four column bits summed into the top
            // 16 bits (no carries: at most 4).
            let column = (self.unseen.bits() >> s) & 0x0001_0001_0001_0001;
            let nat = (column.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u8;
            stronger += u32::from(nat);
            if nat > 0 {
                let f = factors[(usize::from(nat) + jokers).min(6)];
                for (g, x) in group_win.iter_mut().zip(f) {
                    *g *= x;
                }
            }
        }
        if from < limit && limit < RANKS {
            // Where a later pass resumes.
            self.steps[usize::from(limit)] = (group_win, stronger);
        }
        self.done = from.max(limit);
        self.unit_control = [0, control[0], control[1], control[2], control[3]];
        let jw = self.joker_win(1.0);
        self.joker = (self.cost_of(jw, 1.0), jw >= 0.999);
        let ff = self.rules.forbidden_finish;
        let mut f = 0u16;
        if ff.strongest {
            f |= 1 << if rev { 0 } else { RANKS - 1 };
        }
        if ff.eight && cut {
            f |= 1 << EIGHT;
        }
        self.forbidden_ranks = f;
    }

    /// A unit's cost from its chance of winning control and its relative strength (0..=1).
    fn cost_of(&self, win: f32, r: f32) -> f32 {
        let w = self.weights;
        let lose_cost = w.low_unit + (w.high_unit - w.low_unit) * r;
        (1.0 - win) * lose_cost - win * w.control
    }

    /// Whether the rules make a play containing a natural 8 clear the pile.
    pub fn cuts(&self, p: Play) -> bool {
        let e = self.rules.eight_cut;
        e.enabled && p.has_natural(EIGHT) && (p.form() != Form::Sequence || e.in_sequence)
    }

    /// Whether going out with `p` would be a forbidden finish (`rules/daifugo.md` §3), judged
    /// in the order `reversed`.
    pub fn forbidden_last(&self, p: Play, reversed: bool) -> bool {
        let ff = self.rules.forbidden_finish;
        let strongest = if reversed { 0 } else { RANKS - 1 };
        (ff.joker && p.has_joker())
            || (ff.strongest && p.has_natural(strongest))
            || (ff.eight && self.cuts(p))
    }

    /// Unseen natural cards stronger than strength `s` in the order, in the suits of `mask`.
    fn stronger_unseen(&self, s: u8, reversed: bool, mask: u8) -> u32 {
        let above: u16 = if reversed {
            (1u16 << s) - 1
        } else {
            0x1FFF & !((2u16 << s) - 1)
        };
        // `above` in the row of every suit of `mask` (no carries: rows are 16 bits apart).
        let lanes = CardSet::column(0, mask).bits() * u64::from(above);
        self.unseen
            .naturals()
            .intersect(CardSet::from_bits(lanes))
            .len() as u32
    }

    fn single_win(&self, s: u8, reversed: bool, reach: f32, mask: u8) -> f32 {
        let threats = self.stronger_unseen(s, reversed, mask) + u32::from(self.unseen_jokers);
        (1.0 - reach).powi(threats as i32)
    }

    fn group_win(&self, s: u8, k: usize, reversed: bool, reach: f32, mask: u8) -> f32 {
        let m = self.opponents.max(1);
        let jokers = usize::from(self.unseen_jokers);
        let mut win = 1.0f32;
        // The stronger ranks, weakest index first.
        let mut stronger: u16 = if reversed {
            (1u16 << s) - 1
        } else {
            0x1FFF & !((2u16 << s) - 1)
        };
        while stronger != 0 {
            let r = stronger.trailing_zeros() as u8;
            stronger &= stronger - 1;
            let nat = usize::from(SUIT_COUNT[usize::from(self.unseen.suits_at(r).0 & mask & 0xF)]);
            let t = nat + jokers;
            if nat > 0 && t >= k {
                win *= 1.0 - reach * group_chance(t, k, m);
            }
        }
        if jokers >= k {
            win *= 1.0 - reach * group_chance(jokers, k, m);
        }
        win
    }

    fn joker_win(&self, reach: f32) -> f32 {
        // Only the 3♠ returns a lone joker.
        if self.rules.spade3 && self.unseen.contains(card_at(0, 0)) {
            1.0 - 0.5 * reach
        } else {
            1.0
        }
    }

    /// The chance that nobody beats `p` once played, in the order `reversed`, when a share
    /// `reach` (0..=1) of the unseen cards sits with players who may still answer. A single
    /// is beaten by any stronger unseen card in reach; a group by a stronger rank some one
    /// opponent holds enough of (jokers fill in); a sequence by a stronger run an opponent
    /// can make. `lock` restricts the answers to those suits (0 = none).
    pub fn win_chance(&self, p: Play, reversed: bool, reach: f32, lock: u8) -> f32 {
        if self.cuts(p) || reach <= 0.0 {
            return 1.0;
        }
        let mask = if lock == 0 { 0xF } else { lock };
        match p.form() {
            Form::Single if p.is_all_jokers() => self.joker_win(reach),
            Form::Single => self.single_win(p.low(), reversed, reach, mask),
            Form::Group if p.is_all_jokers() => 1.0,
            Form::Group => self.group_win(p.low(), p.len(), reversed, reach, mask),
            Form::Sequence if reach == 1.0 && lock == 0 && reversed == self.revolution => {
                let key = 1
                    + u16::from(p.suit_index() & 3)
                    + 4 * u16::from(p.low())
                    + 64 * p.len() as u16;
                let slot = &self.seq_memo[usize::from(key) % self.seq_memo.len()];
                let (k, v) = slot.get();
                if k == key {
                    return v;
                }
                let v = self.sequence_win(p, reversed, reach, mask);
                slot.set((key, v));
                v
            }
            Form::Sequence => self.sequence_win(p, reversed, reach, mask),
        }
    }

    /// [`Knowledge::win_chance`] of a sequence: no opponent holds a stronger run of its
    /// length in the suits of `mask` (jokers fill in).
    fn sequence_win(&self, p: Play, reversed: bool, reach: f32, mask: u8) -> f32 {
        let jokers = self.unseen_jokers;
        let len = p.len() as u8;
        let m = f32::from(self.opponents.max(1));
        // The window starts that beat `p`.
        let last = RANKS - len;
        let starts: u16 = if reversed {
            // w + len - 1 < low
            match (p.low() + 1).checked_sub(len) {
                Some(x) => (1u16 << x.min(last + 1)) - 1,
                None => 0,
            }
        } else if p.high() >= last {
            0
        } else {
            // w > high, w <= last
            ((1u16 << (last + 1)) - 1) & !((2u16 << p.high()) - 1)
        };
        let mut win = 1.0f32;
        for (suit, row) in self.rows.iter().enumerate() {
            if mask & (1 << suit) == 0 || *row == 0 {
                continue;
            }
            let mut ws = starts;
            while ws != 0 {
                let w = ws.trailing_zeros() as u8;
                ws &= ws - 1;
                let window = ((1u16 << len) - 1) << w;
                let have = (row & window).count_ones() as u8;
                if have > 0 && len - have <= jokers {
                    // One opponent must hold every natural card of the run.
                    win *= 1.0 - reach * (1.0 / m).powi(i32::from(have) - 1);
                }
            }
        }
        win
    }
}

/// For each seat, the strongest single it passed on this round while no lock was in force and
/// the lasting order was `revolution` (relative strength + 1; 0 = none). Rebuilt from the
/// public log: a pass follows the pile of the last play since the last clear.
pub fn read_passes(log: &[LogEntry], revolution: bool) -> [u8; 8] {
    let mut out = [0u8; 8];
    let mut pile: Option<Play> = None;
    let mut locked = false;
    let mut rev = false;
    let mut jack = false;
    for e in log {
        match *e {
            LogEntry::Play { play, .. } => pile = Some(play),
            LogEntry::Clear { .. } => {
                pile = None;
                locked = false;
                jack = false;
            }
            LogEntry::Lock { .. } | LogEntry::NumberLock => locked = true,
            LogEntry::Revolution { active } => rev = active,
            LogEntry::JackBack => jack = true,
            LogEntry::Pass { seat } => {
                if let Some(p) = pile
                    && p.form() == Form::Single
                    && !p.is_all_jokers()
                    && !locked
                    && !jack
                    && rev == revolution
                    && usize::from(seat) < 8
                {
                    let r = rel(p.low(), rev) + 1;
                    let slot = &mut out[usize::from(seat)];
                    *slot = (*slot).max(r);
                }
            }
            _ => {}
        }
    }
    out
}

/// The chance that, with `t` cards of a rank dealt at random among `m` players, one player
/// holds at least `k` of them. Exact, from a table built once (t ≤ 6, m ≤ 7).
pub fn group_chance(t: usize, k: usize, m: u8) -> f32 {
    if k == 0 {
        return 1.0;
    }
    if t < k {
        return 0.0;
    }
    group_chances(m)[t.min(6)][k.min(6)]
}

/// For `m` players, per count `t` (0..=6) of cards of a rank that may be out there, the
/// chances that no one player holds a group of 2, 3, 4 of them: `1 − group_chance(t, c, m)` at
/// lane `c - 1` (lane 0 is 1).
fn group_factors(m: u8) -> &'static [[f32; 4]; 7] {
    static TABLE: OnceLock<[[[f32; 4]; 7]; 8]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut tab = [[[1.0f32; 4]; 7]; 8];
        for (m, by_t) in tab.iter_mut().enumerate().skip(1) {
            let chances = group_chances(m as u8);
            for (t, lanes) in by_t.iter_mut().enumerate() {
                for (c, lane) in lanes.iter_mut().enumerate().skip(1) {
                    *lane = 1.0 - chances[t][c + 1];
                }
            }
        }
        tab
    });
    &table[usize::from(m.clamp(1, 7))]
}

/// [`group_chance`] for `m` players as a table `[t][k]` (zero where `t < k`).
fn group_chances(m: u8) -> &'static [[f32; 7]; 7] {
    static TABLE: OnceLock<[[[f32; 7]; 7]; 8]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut tab = [[[0.0f32; 7]; 7]; 8];
        for (m, by_t) in tab.iter_mut().enumerate().skip(1) {
            for (t, by_k) in by_t.iter_mut().enumerate() {
                // Enumerate every assignment of t cards to m players.
                let total = m.pow(t as u32);
                let mut hits = [0u32; 7];
                for code in 0..total {
                    let mut counts = [0u8; 8];
                    let mut c = code;
                    for _ in 0..t {
                        counts[c % m] += 1;
                        c /= m;
                    }
                    let top = usize::from(counts.iter().copied().max().unwrap_or(0));
                    for h in hits.iter_mut().take(top + 1).skip(1) {
                        *h += 1;
                    }
                }
                for (slot, h) in by_k.iter_mut().zip(hits).skip(1) {
                    *slot = h as f32 / total as f32;
                }
            }
        }
        tab
    });
    &table[usize::from(m.clamp(1, 7))]
}

/// A hand split into units, with its cost under a [`Knowledge`].
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    units: [Option<Play>; MAX_UNITS],
    len: usize,
    /// The cost, control and losing counts.
    pub cost: PlanCost,
}

/// What a plan is worth (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlanCost {
    /// Weighted losing units minus the control credit, plus the forbidden-finish penalty and
    /// the per-card cost (lower is better).
    pub cost: f32,
    /// Units that win control.
    pub controls: u8,
    /// Units that do not.
    pub losers: u8,
}

impl Plan {
    /// The units.
    pub fn units(&self) -> impl Iterator<Item = Play> + '_ {
        self.units[..self.len].iter().flatten().copied()
    }

    /// Number of units.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the plan has no unit (an empty hand).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Whether a unit wins control in the lasting order (see the module docs).
pub fn is_control(k: &Knowledge, u: Play) -> bool {
    if k.cuts(u) {
        return true;
    }
    match u.form() {
        Form::Sequence => k.win_chance(u, k.revolution, 1.0, 0) >= 0.999,
        _ if u.is_all_jokers() => k.joker.1,
        _ => {
            debug_assert!(k.valid_ranks() & (1 << u.low()) != 0);
            k.unit_control[u.len().min(4)] & (1 << u.low()) != 0
        }
    }
}

/// The maximal natural runs of a hand long enough to be sequences: (suit, low, len), and the
/// same runs trimmed of end cards whose rank pairs with another card.
fn runs(
    k: &Knowledge,
    rows: &[u16; 4],
    out: &mut [(u8, u8, u8); 8],
    trimmed: &mut [(u8, u8, u8); 8],
) -> usize {
    if !k.rules.sequence.enabled {
        return 0;
    }
    let min = min_sequence_len(&k.rules).min(usize::from(RANKS)) as u8;
    let all = u64::from(rows[0])
        | (u64::from(rows[1]) << 16)
        | (u64::from(rows[2]) << 32)
        | (u64::from(rows[3]) << 48);
    let cover = run_cover(all, min);
    if cover == 0 {
        return 0;
    }
    // The first card of each run (row by row, weakest first, as the rows are laid out).
    let mut heads = cover & !(cover << 1);
    let pairs = {
        let [a, b, c, d] = *rows;
        (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    };
    let mut n = 0;
    while heads != 0 && n < out.len() {
        let h = heads.trailing_zeros();
        heads &= heads - 1;
        let (suit, start) = ((h / 16) as u8, (h % 16) as u8);
        let len = (!(cover >> h)).trailing_zeros() as u8;
        out[n] = (suit, start, len);
        let (mut lo, mut hi) = (start, start + len - 1);
        while hi + 1 - lo > min && pairs & (1 << lo) != 0 {
            lo += 1;
        }
        while hi + 1 - lo > min && pairs & (1 << hi) != 0 {
            hi -= 1;
        }
        trimmed[n] = (suit, lo, hi + 1 - lo);
        n += 1;
    }
    n
}

/// The cost of the units left in `rows` grouped by rank plus the given sequences and
/// `jokers` lone jokers.
fn cost_with(
    k: &Knowledge,
    rows: &[u16; 4],
    seqs: &[(u8, u8, u8)],
    jokers: u8,
    cards: usize,
) -> PlanCost {
    let mut rows = *rows;
    let mut sq = seq_part(k, &mut rows, seqs);
    let g = grouping(k, &rows);
    let mut left = g.present;
    while left != 0 {
        let s = left.trailing_zeros();
        left &= left - 1;
        sq.pc.cost += g.term(k, s);
    }
    finish(k, sq, g.present, g.control, jokers, cards)
}

/// The sequences of a split, costed: their cost, control and losing units, how many, and
/// whether all of them are forbidden last plays.
#[derive(Clone, Copy, Debug, Default)]
struct SeqPart {
    pc: PlanCost,
    units: u32,
    /// Some sequence is not a forbidden last play.
    allowed: bool,
}

/// Costs the given sequences (natural runs from [`runs`]) and takes their cards out of `rows`.
#[inline(always)]
fn seq_part(k: &Knowledge, rows: &mut [u16; 4], seqs: &[(u8, u8, u8)]) -> SeqPart {
    let mut sq = SeqPart::default();
    for &(suit, low, len) in seqs {
        let bits = ((1u16 << len) - 1) << low;
        rows[usize::from(suit)] &= !bits;
        sq.units += 1;
        // A natural run from `runs`: on the scale and at least 2 long.
        let p = Play::sequence_unchecked(CardSet::from_strength_row(suit, bits), suit, low, len);
        let win = k.win_chance(p, k.revolution, 1.0, 0);
        let top = if k.revolution { low } else { low + len - 1 };
        let r = f32::from(rel(top, k.revolution)) / f32::from(RANKS - 1);
        sq.pc.cost += k.cost_of(win, r);
        if win >= 0.999 {
            sq.pc.controls += 1;
        } else {
            sq.pc.losers += 1;
        }
        if !k.forbidden_last(p, k.revolution) {
            sq.allowed = true;
        }
    }
    sq
}

/// The natural cards of some rows grouped by rank: the ranks held, the bit-sliced counts
/// (a rank held in `c` suits has entry `c - 1` of its costs: low bit at `s`, high bit at
/// `s + 16` of `sel`) and the ranks whose group wins control.
#[derive(Clone, Copy, Debug)]
struct Grouping {
    present: u16,
    sel: u32,
    control: u16,
}

impl Grouping {
    /// The cost of the group at rank `s` (held).
    #[inline(always)]
    fn term(&self, k: &Knowledge, s: u32) -> f32 {
        let x = self.sel >> s;
        let i = (x & 1) | ((x >> 15) & 2);
        k.unit_cost[(s & 15) as usize][i as usize]
    }

    /// How many cards rank `s` holds.
    #[inline(always)]
    fn count(&self, s: u32) -> u8 {
        if self.present & (1 << s) == 0 {
            return 0;
        }
        let x = self.sel >> s;
        ((x & 1) | ((x >> 15) & 2)) as u8 + 1
    }
}

#[inline(always)]
fn grouping(k: &Knowledge, rows: &[u16; 4]) -> Grouping {
    let [a, b, c, d] = *rows;
    let present = a | b | c | d;
    // Bit-sliced counts: ranks held in at least 2, 3, 4 suits.
    let ge2 = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    let ge3 = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d);
    let ge4 = a & b & c & d;
    let sel = u32::from(ge2 ^ ge3 ^ ge4) | (u32::from(ge3) << 16);
    debug_assert_eq!(
        present & !k.valid_ranks(),
        0,
        "a rank weaker than the seat's hand"
    );
    let uc = &k.unit_control;
    let control =
        (present & !ge2 & uc[1]) | (ge2 & !ge3 & uc[2]) | (ge3 & !ge4 & uc[3]) | (ge4 & uc[4]);
    Grouping {
        present,
        sel,
        control,
    }
}

/// A plan's cost from its sequences (with the groups' costs already added to `sq.pc.cost`),
/// the ranks held and winning control outside them, its lone jokers and its card count.
#[inline(always)]
fn finish(
    k: &Knowledge,
    sq: SeqPart,
    present: u16,
    control: u16,
    jokers: u8,
    cards: usize,
) -> PlanCost {
    let SeqPart {
        mut pc,
        mut units,
        allowed,
    } = sq;
    let mut all_forbidden = !allowed;
    let held = ones(present);
    let won = ones(control);
    units += u32::from(held);
    pc.controls += won;
    pc.losers += held - won;
    if present & !k.forbidden_ranks != 0 {
        all_forbidden = false;
    }
    if jokers > 0 {
        units += u32::from(jokers);
        pc.cost += f32::from(jokers) * k.joker.0;
        if k.joker.1 {
            pc.controls += jokers;
        } else {
            pc.losers += jokers;
        }
        if !k.rules.forbidden_finish.joker {
            all_forbidden = false;
        }
    }
    if units > 0 && all_forbidden {
        pc.cost += k.weights.forbidden;
    }
    pc.cost += k.weights.card * cards as f32;
    pc
}

/// A hand's best plan kept in parts, so that [`PlanParts::without`] gives the [`plan_cost`]
/// of the hand less a single or group outside its runs in a few steps. Each way of splitting
/// the hand (no sequences; every maximal run; the runs trimmed) keeps its sequences' cost, its
/// grouping by rank and, per rank held, the running sum of the group costs before it in the
/// order the plan cost adds them (the private `cost_with`): taking cards of one rank changes
/// only that rank's term, so the sum restarts there and adds the stronger ranks' terms again,
/// bit for bit as the plan cost would.
#[derive(Clone, Debug)]
pub struct PlanParts {
    hand: CardSet,
    /// The natural cards in runs ([`run_cards`]).
    in_runs: CardSet,
    /// Ranks held in two or more suits (what trimming reads).
    pairs: u16,
    /// How many splits are kept: 1 without runs, 2 with, 3 when trimming changes the runs.
    splits: usize,
    seq: [SeqPart; 3],
    groups: [Grouping; 3],
    /// Per split and rank held: the running sum before that rank's term.
    before: [[f32; 16]; 3],
    /// Per split: the whole running sum.
    total: [f32; 3],
    cost: PlanCost,
}

impl PlanParts {
    /// The parts of `hand`'s best plan.
    #[inline]
    pub fn new(k: &Knowledge, hand: CardSet) -> PlanParts {
        let rows = hand.naturals().rows();
        let j = hand.joker_count();
        let cards = hand.len();
        let mut full = [(0, 0, 0); 8];
        let mut trimmed = [(0, 0, 0); 8];
        let n = runs(k, &rows, &mut full, &mut trimmed);
        let [a, b, c, d] = rows;
        let mut parts = PlanParts {
            hand,
            in_runs: CardSet::EMPTY,
            pairs: (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d),
            splits: 1,
            seq: [SeqPart::default(); 3],
            groups: [Grouping {
                present: 0,
                sel: 0,
                control: 0,
            }; 3],
            before: [[0.0; 16]; 3],
            total: [0.0; 3],
            cost: PlanCost::default(),
        };
        parts.fill(0, k, &rows, &[]);
        let mut best = parts.split_without(0, k, 0, 0, j, cards);
        if n > 0 {
            parts.in_runs = run_cards(k, hand);
            parts.fill(1, k, &rows, &full[..n]);
            parts.splits = 2;
            let a = parts.split_without(1, k, 0, 0, j, cards);
            if a.cost < best.cost {
                best = a;
            }
            if trimmed[..n] != full[..n] {
                parts.fill(2, k, &rows, &trimmed[..n]);
                parts.splits = 3;
                let b = parts.split_without(2, k, 0, 0, j, cards);
                if b.cost < best.cost {
                    best = b;
                }
            }
        }
        debug_assert_eq!(best, plan_cost(k, hand));
        parts.cost = best;
        parts
    }

    /// Works out split `i` of `rows` with the sequences `seqs`.
    #[inline(always)]
    fn fill(&mut self, i: usize, k: &Knowledge, rows: &[u16; 4], seqs: &[(u8, u8, u8)]) {
        let mut rows = *rows;
        let sq = seq_part(k, &mut rows, seqs);
        let g = grouping(k, &rows);
        let mut sum = sq.pc.cost;
        let before = &mut self.before[i];
        let mut left = g.present;
        while left != 0 {
            let s = left.trailing_zeros();
            left &= left - 1;
            before[(s & 15) as usize] = sum;
            sum += g.term(k, s);
        }
        self.seq[i] = sq;
        self.groups[i] = g;
        self.total[i] = sum;
    }

    /// [`cost_with`] of split `i`'s rows less `n` natural cards of rank `s` (held at least `n`
    /// times there; none when `n` is 0), with `jokers` lone jokers and `cards` cards.
    #[inline(always)]
    fn split_without(
        &self,
        i: usize,
        k: &Knowledge,
        s: u8,
        n: u8,
        jokers: u8,
        cards: usize,
    ) -> PlanCost {
        let mut sq = self.seq[i];
        let g = &self.groups[i];
        if n == 0 {
            sq.pc.cost = self.total[i];
            return finish(k, sq, g.present, g.control, jokers, cards);
        }
        let s = u32::from(s);
        let bit = 1u16 << s;
        let left = g.count(s) - n;
        let mut cost = self.before[i][(s & 15) as usize];
        let mut present = g.present;
        let mut control = g.control & !bit;
        if left > 0 {
            cost += k.unit_cost[(s & 15) as usize][usize::from(left - 1)];
            control |= k.unit_control[usize::from(left)] & bit;
        } else {
            present &= !bit;
        }
        // The stronger ranks, in the same order.
        let mut rest = g.present & !((bit << 1).wrapping_sub(1));
        while rest != 0 {
            let r = rest.trailing_zeros();
            rest &= rest - 1;
            cost += g.term(k, r);
        }
        sq.pc.cost = cost;
        finish(k, sq, present, control, jokers, cards)
    }

    /// [`plan_cost`] of the hand.
    pub fn cost(&self) -> PlanCost {
        self.cost
    }

    /// The natural cards of the hand in runs long enough to be sequences ([`run_cards`]).
    pub fn in_runs(&self) -> CardSet {
        self.in_runs
    }

    /// [`plan_cost`] of the hand less `p`, a single or group of cards it holds outside its
    /// runs, the same to the last bit: the runs stay as they were and only `p`'s rank changes
    /// in each split. `None` when taking `p` could change how runs are trimmed (then ask
    /// [`plan_cost`]).
    pub fn without(&self, k: &Knowledge, p: Play) -> Option<PlanCost> {
        debug_assert!(p.form() != Form::Sequence && self.hand.contains_all(p.cards()));
        debug_assert!(p.cards().intersect(self.in_runs).is_empty());
        let jk = p.joker_count();
        let n = p.len() as u8 - jk;
        let s = if n == 0 { 0 } else { p.low() };
        let jokers = self.hand.joker_count() - jk;
        let cards = self.hand.len() - p.len();
        if self.splits == 3 && n > 0 && self.pairs & (1 << s) != 0 {
            // Trimming reads which ranks pair up: fine if rank `s` still does.
            let column = (self.hand.bits() >> s) & 0x0001_0001_0001_0001;
            let held = (column.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u8;
            if held - n < 2 {
                return None;
            }
        }
        let mut best = self.split_without(0, k, s, n, jokers, cards);
        for i in 1..self.splits {
            let c = self.split_without(i, k, s, n, jokers, cards);
            if c.cost < best.cost {
                best = c;
            }
        }
        debug_assert_eq!(best, plan_cost(k, self.hand.minus(p.cards())));
        Some(best)
    }
}

/// Which sequences the best plan of `hand` takes, and its cost. Jokers are kept as lone
/// singles (the strongest single; wildcards only at the end). Sequences (when the rules have
/// them) are tried three ways — none, every maximal run, runs trimmed of ends that pair up —
/// and the cheapest wins.
#[inline]
fn best_split(k: &Knowledge, hand: CardSet) -> (PlanCost, [(u8, u8, u8); 8], usize) {
    let rows = hand.naturals().rows();
    let j = hand.joker_count();
    let cards = hand.len();
    let mut full = [(0, 0, 0); 8];
    let mut trimmed = [(0, 0, 0); 8];
    let n = runs(k, &rows, &mut full, &mut trimmed);
    let mut best = (cost_with(k, &rows, &[], j, cards), full, 0);
    if n > 0 {
        let a = cost_with(k, &rows, &full[..n], j, cards);
        if a.cost < best.0.cost {
            best = (a, full, n);
        }
        if trimmed[..n] != full[..n] {
            let b = cost_with(k, &rows, &trimmed[..n], j, cards);
            if b.cost < best.0.cost {
                best = (b, trimmed, n);
            }
        }
    }
    best
}

/// The cost of the best plan of `hand` (see [`plan`]) without listing its units.
pub fn plan_cost(k: &Knowledge, hand: CardSet) -> PlanCost {
    best_split(k, hand).0
}

/// The natural cards of `hand` in runs long enough to be sequences (the runs [`plan`] may
/// take as sequences). Taking away cards outside them leaves those runs as they are, so the
/// [`plan_cost`] of what is left depends only on how many cards of which rank (and how many
/// jokers) were taken, not on their suits.
pub fn run_cards(k: &Knowledge, hand: CardSet) -> CardSet {
    if !k.rules.sequence.enabled {
        return CardSet::EMPTY;
    }
    let min = min_sequence_len(&k.rules).min(usize::from(RANKS)) as u8;
    CardSet::from_bits(run_cover(hand.naturals().bits(), min))
}

/// Every card of a run of `min` or more consecutive ranks in one row, with `all` the four rows
/// side by side in one word (the [`CardSet::bits`] of natural cards: 16 bits apart, the top 3
/// of each empty, so no run crosses from one row into the next): the starts of `min` consecutive
/// cards, then every card they cover.
#[inline]
fn run_cover(all: u64, min: u8) -> u64 {
    let mut starts = all;
    for i in 1..min {
        starts &= all >> i;
    }
    let mut cover = starts;
    for i in 1..min {
        cover |= starts << i;
    }
    cover
}

/// Splits `hand` into units (see [`plan_cost`] for how) and costs it.
pub fn plan(k: &Knowledge, hand: CardSet) -> Plan {
    let (cost, seqs, n) = best_split(k, hand);
    let mut plan = Plan {
        units: [None; MAX_UNITS],
        len: 0,
        cost,
    };
    let push = |p: Play, plan: &mut Plan| {
        if plan.len < MAX_UNITS {
            plan.units[plan.len] = Some(p);
            plan.len += 1;
        }
    };
    let mut rest = hand.naturals();
    for &(suit, low, len) in &seqs[..n] {
        let p = seq_unit(suit, low, len);
        rest = rest.minus(p.cards());
        push(p, &mut plan);
    }
    let [a, b, c, d] = rest.rows();
    let mut left = a | b | c | d;
    while left != 0 {
        let s = left.trailing_zeros() as u8;
        left &= left - 1;
        let suits = rest.suits_at(s).0;
        let n = SUIT_COUNT[usize::from(suits)];
        // The natural cards of one rank: a single, or a group of them.
        let unit = if n == 1 {
            Play::single_at(s, suits.trailing_zeros() as u8)
        } else {
            Play::group_unchecked(CardSet::column(s, suits), s, n, Form::Group)
        };
        push(unit, &mut plan);
    }
    for j in hand.jokers().iter() {
        push(Play::single(j), &mut plan);
    }
    plan
}

/// The sequence unit of a natural run from [`runs`] (`suit`, `low`, `len`): on the scale, at
/// least 2 long, so [`Play::sequence`] of it would give the same play.
fn seq_unit(suit: u8, low: u8, len: u8) -> Play {
    let cards = CardSet::from_strength_row(suit, ((1u16 << len) - 1) << low);
    let p = Play::sequence_unchecked(cards, suit, low, len);
    debug_assert_eq!(Play::sequence(cards, suit_of(suit), low, len), Some(p));
    p
}

fn suit_of(i: u8) -> crate::cards::Suit {
    crate::cards::Suit::from_index(usize::from(i)).unwrap_or(crate::cards::Suit::Spades)
}

#[cfg(test)]
mod tests {
    use rand::RngExt;

    use super::*;
    use crate::cards::{Card, Rank, Suit, rng_from_seed};
    use crate::daifugo::cardset::SuitSet;
    use crate::daifugo::event::ClearCause;
    use crate::daifugo::legal::{TrickState, legal_plays};
    use crate::daifugo::rules::Rules;
    use crate::daifugo::{Game, MatchSettings};

    /// The passes read from a log, worked by hand: a pass counts the single it let go
    /// (3 = strength 0, so a 4 is 1 + 1, a 9 6 + 1 and a king 10 + 1), keeps each seat's
    /// strongest, and skips a pair, a lock and a jack-back; passes after a revolution count
    /// only in that order (a 5 there is 12 − 2 + 1).
    #[test]
    fn passes_read_from_a_log() {
        let single = |r| Play::single(Card::new(r, Suit::Spades));
        let play = |seat, play| LogEntry::Play { seat, play };
        let pass = |seat| LogEntry::Pass { seat };
        let clear = LogEntry::Clear {
            leader: 0,
            cause: ClearCause::AllPassed,
        };
        let pair = Play::group(CardSet::from_iter([
            Card::new(Rank::Ace, Suit::Spades),
            Card::new(Rank::Ace, Suit::Hearts),
        ]))
        .expect("a pair");
        let log = [
            play(0, single(Rank::Nine)),
            pass(1),
            play(2, single(Rank::King)),
            pass(3),
            pass(1),
            clear,
            play(0, single(Rank::Four)),
            pass(2),
            clear,
            play(1, pair),
            pass(2),
            clear,
            play(1, single(Rank::Ten)),
            LogEntry::Lock {
                suits: SuitSet::default(),
            },
            pass(2),
            play(3, single(Rank::Jack)),
            LogEntry::JackBack,
            pass(0),
            clear,
            LogEntry::Revolution { active: true },
            play(2, single(Rank::Five)),
            pass(3),
        ];
        assert_eq!(read_passes(&log, false), [0, 11, 2, 11, 0, 0, 0, 0]);
        assert_eq!(read_passes(&log, true), [0, 0, 0, 11, 0, 0, 0, 0]);
    }

    /// [`PlanParts`] gives [`plan_cost`] of a hand and of the hand less any single or group
    /// outside its runs, bit for bit (or declines): random hands of 1..=27 cards with and
    /// without jokers, seen by seats of real games in both orders, with sequences of 3 and 4.
    #[test]
    fn plan_parts_match_plan_cost() {
        let mut rng = rng_from_seed(17);
        let mut checked = 0;
        for seed in 0..40u64 {
            let mut rules = Rules::default();
            rules.sequence.min_len = 3 + (seed % 2) as u8;
            let settings = MatchSettings {
                rules,
                players: 4,
                rounds: 1,
            };
            let (g, _) = Game::new(settings, rng_from_seed(seed)).expect("a game");
            let seat = g.current_seat().unwrap_or(0);
            let view = g.seat_view(seat);
            let mut k = Knowledge::from_view(&view);
            if seed % 3 == 0 {
                k = k.flipped();
            }
            for _ in 0..25 {
                // A random hand: each card of the deck with a random chance.
                let p = rng.random_range(0.05..0.6);
                let hand = CardSet::deck(2)
                    .iter()
                    .filter(|_| rng.random_bool(p))
                    .fold(CardSet::EMPTY, |h, c| h.union(CardSet::of(c)));
                if hand.is_empty() || hand.len() > 27 {
                    continue;
                }
                let parts = PlanParts::new(&k, hand);
                assert_eq!(parts.cost(), plan_cost(&k, hand));
                let mut plays = Vec::new();
                legal_plays(&k.rules, &TrickState::default(), hand, &mut plays);
                for q in plays {
                    if q.form() == Form::Sequence
                        || !q.cards().intersect(parts.in_runs()).is_empty()
                    {
                        continue;
                    }
                    if let Some(c) = parts.without(&k, q) {
                        assert_eq!(
                            c,
                            plan_cost(&k, hand.minus(q.cards())),
                            "{hand:?} less {q:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}

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

use std::sync::OnceLock;

use crate::daifugo::cardset::{CardSet, RANKS, card_at};
use crate::daifugo::legal::{EIGHT, min_sequence_len};
use crate::daifugo::play::{Form, Play};
use crate::daifugo::rules::Rules;
use crate::daifugo::view::{LogEntry, SeatView};

use super::playout::full_deck;

/// Relative strength of strength index `s` in an order: 0 the weakest, 12 the strongest.
pub const fn rel(s: u8, reversed: bool) -> u8 {
    if reversed { RANKS - 1 - s } else { s }
}

/// Whether natural cards of strength `a` beat those of `b` in the order.
const fn above(a: u8, b: u8, reversed: bool) -> bool {
    if reversed { a < b } else { a > b }
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

/// What one seat knows about the cards: its order of play, the cards still unseen, the
/// opponents and what their passes said.
#[derive(Clone, Copy, Debug)]
pub struct Knowledge {
    /// The rules.
    pub rules: Rules,
    /// The lasting order (a revolution in force), for planning past this trick.
    pub revolution: bool,
    /// Cards neither in this hand nor played: the other hands and cards out of play.
    pub unseen: CardSet,
    /// Jokers among `unseen`.
    pub unseen_jokers: u8,
    /// Active opponents (still holding cards).
    pub opponents: u8,
    /// Per seat: the strongest single (relative strength in the lasting order, +1; 0 = none)
    /// it passed on this round without a lock, i.e. a single it chose or had to let go.
    pub passed_single: [u8; 8],
    /// The weights in use.
    pub weights: Weights,
}

impl Knowledge {
    /// The knowledge of a view's seat.
    pub fn from_view(view: &SeatView<'_>) -> Knowledge {
        let unseen = full_deck(view.rules).minus(view.hand).minus(view.played);
        let n = view.players;
        let opponents = (0..n)
            .filter(|s| *s != view.seat && view.places[*s] == 0)
            .count() as u8;
        Knowledge {
            rules: *view.rules,
            revolution: view.trick.revolution,
            unseen,
            unseen_jokers: unseen.joker_count(),
            opponents,
            passed_single: read_passes(view.log, view.trick.revolution),
            weights: WEIGHTS,
        }
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

    /// The chance that nobody beats `p` once played, in the order `reversed`, when a share
    /// `reach` (0..=1) of the unseen cards sits with players who may still answer. A single
    /// is beaten by any stronger unseen card in reach; a group by a stronger rank some one
    /// opponent holds enough of (jokers fill in); a sequence by a stronger run an opponent
    /// can make. `lock` restricts the answers to those suits (0 = none).
    pub fn win_chance(&self, p: Play, reversed: bool, reach: f32, lock: u8) -> f32 {
        if self.cuts(p) || reach <= 0.0 {
            return 1.0;
        }
        let jokers = if self.rules.jokers == 0 {
            0
        } else {
            self.unseen_jokers
        };
        let suit_mask = if lock == 0 { 0xF } else { lock };
        match p.form() {
            Form::Single => {
                if p.is_all_jokers() {
                    // Only the 3♠ returns a lone joker.
                    let s3 = card_at(0, 0);
                    return if self.rules.spade3 && self.unseen.contains(s3) {
                        1.0 - 0.5 * reach
                    } else {
                        1.0
                    };
                }
                let mut threats = u32::from(jokers);
                for s in 0..RANKS {
                    if above(s, p.low(), reversed) {
                        threats += (self.unseen.suits_at(s).0 & suit_mask).count_ones();
                    }
                }
                (1.0 - reach).powi(threats as i32)
            }
            Form::Group => {
                if p.is_all_jokers() {
                    return 1.0;
                }
                let k = p.len();
                let m = self.opponents.max(1);
                let mut win = 1.0f32;
                for s in 0..RANKS {
                    if above(s, p.low(), reversed) {
                        let nat = (self.unseen.suits_at(s).0 & suit_mask).count_ones() as usize;
                        let t = nat + usize::from(jokers);
                        if nat > 0 && t >= k {
                            win *= 1.0 - reach * group_chance(t, k, m);
                        }
                    }
                }
                if usize::from(jokers) >= k {
                    win *= 1.0 - reach * group_chance(usize::from(jokers), k, m);
                }
                win
            }
            Form::Sequence => {
                let len = p.len() as u8;
                let m = f32::from(self.opponents.max(1));
                let mut win = 1.0f32;
                for suit in 0..4u8 {
                    if suit_mask & (1 << suit) == 0 {
                        continue;
                    }
                    let row = self.unseen.strength_row(suit);
                    for w in 0..=(RANKS - len) {
                        let beats = if reversed {
                            w + len - 1 < p.low()
                        } else {
                            w > p.high()
                        };
                        if !beats {
                            continue;
                        }
                        let window = ((1u16 << len) - 1) << w;
                        let have = (row & window).count_ones() as u8;
                        let miss = len - have;
                        if have > 0 && miss <= jokers {
                            // One opponent must hold every natural card of the run.
                            win *= 1.0 - reach * (1.0 / m).powi(i32::from(have) - 1);
                        }
                    }
                }
                win
            }
        }
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
    static TABLE: OnceLock<[[[f32; 8]; 7]; 7]> = OnceLock::new();
    if k == 0 {
        return 1.0;
    }
    if t < k {
        return 0.0;
    }
    let table = TABLE.get_or_init(|| {
        let mut tab = [[[0.0f32; 8]; 7]; 7];
        for m in 1..=7usize {
            for t in 0..=6usize {
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
                for k in 1..=6 {
                    tab[t][k][m] = hits[k] as f32 / total as f32;
                }
            }
        }
        tab
    });
    table[t.min(6)][k.min(6)][usize::from(m.clamp(1, 7))]
}

/// A hand split into units, with its cost under a [`Knowledge`].
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    units: [Option<Play>; MAX_UNITS],
    len: usize,
    /// Weighted losing units minus the control credit, plus the forbidden-finish penalty and
    /// the per-card cost (lower is better; see the module docs).
    pub cost: f32,
    /// Units that win control.
    pub controls: u8,
    /// Units that do not.
    pub losers: u8,
}

impl Plan {
    fn empty() -> Plan {
        Plan {
            units: [None; MAX_UNITS],
            len: 0,
            cost: 0.0,
            controls: 0,
            losers: 0,
        }
    }

    fn push(&mut self, p: Play) {
        if self.len < MAX_UNITS {
            self.units[self.len] = Some(p);
            self.len += 1;
        }
    }

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
    unit_win(k, u) >= 0.999
}

/// The chance a unit wins control when led later in the round (all opponents may answer).
pub fn unit_win(k: &Knowledge, u: Play) -> f32 {
    k.win_chance(u, k.revolution, 1.0, 0)
}

/// The cost of one unit: its losing part, weighted by rank, minus the control credit.
fn unit_cost(k: &Knowledge, u: Play) -> (f32, bool) {
    let w = k.weights;
    let win = unit_win(k, u);
    let top = match u.form() {
        Form::Sequence => {
            if k.revolution {
                u.low()
            } else {
                u.high()
            }
        }
        _ => u.low().min(RANKS - 1),
    };
    let r = f32::from(rel(top, k.revolution)) / f32::from(RANKS - 1);
    let lose_cost = w.low_unit + (w.high_unit - w.low_unit) * r;
    ((1.0 - win) * lose_cost - win * w.control, win >= 0.999)
}

/// Splits `hand` into units and costs it. Jokers are kept as lone singles (the strongest
/// single; wildcards only at the end). Sequences (when the rules have them) are tried three
/// ways — none, every maximal run, runs trimmed of ends that pair up — and the cheapest plan
/// wins.
pub fn plan(k: &Knowledge, hand: CardSet) -> Plan {
    let nat = hand.naturals();
    let mut best = grouped(k, hand, nat, CardSet::EMPTY, &[]);
    if k.rules.sequence.enabled {
        let min = min_sequence_len(&k.rules).min(usize::from(RANKS)) as u8;
        let mut runs = [None; 8];
        let mut n_runs = 0;
        let mut trimmed = [None; 8];
        for suit in 0..4u8 {
            let row = nat.strength_row(suit);
            let mut s = 0u8;
            while s < RANKS {
                if row & (1 << s) == 0 {
                    s += 1;
                    continue;
                }
                let start = s;
                while s < RANKS && row & (1 << s) != 0 {
                    s += 1;
                }
                let len = s - start;
                if len >= min && n_runs < runs.len() {
                    let cards = CardSet::from_strength_row(suit, ((1u16 << len) - 1) << start);
                    runs[n_runs] = Play::sequence(cards, suit_of(suit), start, len);
                    // Trim ends whose rank pairs with another card.
                    let (mut lo, mut hi) = (start, start + len - 1);
                    while hi + 1 - lo > min && nat.suits_at(lo).len() >= 2 {
                        lo += 1;
                    }
                    while hi + 1 - lo > min && nat.suits_at(hi).len() >= 2 {
                        hi -= 1;
                    }
                    let tl = hi + 1 - lo;
                    let tc = CardSet::from_strength_row(suit, ((1u16 << tl) - 1) << lo);
                    trimmed[n_runs] = Play::sequence(tc, suit_of(suit), lo, tl);
                    n_runs += 1;
                }
            }
        }
        if n_runs > 0 {
            for set in [&runs[..n_runs], &trimmed[..n_runs]] {
                let mut used = CardSet::EMPTY;
                let mut seqs = [None; 8];
                for (i, r) in set.iter().enumerate() {
                    if let Some(p) = r {
                        used = used.union(p.cards());
                        seqs[i] = Some(*p);
                    }
                }
                let cand = grouped(k, hand, nat.minus(used), used, &seqs[..n_runs]);
                if cand.cost < best.cost {
                    best = cand;
                }
            }
        }
    }
    best
}

fn suit_of(i: u8) -> crate::cards::Suit {
    crate::cards::Suit::from_index(usize::from(i)).unwrap_or(crate::cards::Suit::Spades)
}

/// The plan with the given sequences, the other natural cards grouped by rank, and each joker
/// a single.
fn grouped(
    k: &Knowledge,
    hand: CardSet,
    rest: CardSet,
    _in_seqs: CardSet,
    seqs: &[Option<Play>],
) -> Plan {
    let mut plan = Plan::empty();
    for p in seqs.iter().flatten() {
        plan.push(*p);
    }
    for s in 0..RANKS {
        let suits = rest.suits_at(s);
        if suits.is_empty() {
            continue;
        }
        let mut cards = CardSet::EMPTY;
        for suit in 0..4u8 {
            if suits.contains_index(suit) {
                cards.insert(card_at(s, suit));
            }
        }
        let unit = if cards.len() == 1 {
            cards.iter().next().map(Play::single)
        } else {
            Play::group(cards)
        };
        if let Some(u) = unit {
            plan.push(u);
        }
    }
    for j in hand.jokers().iter() {
        plan.push(Play::single(j));
    }
    score(k, &mut plan, hand.len());
    plan
}

/// Fills in a plan's cost and counts.
fn score(k: &Knowledge, plan: &mut Plan, cards: usize) {
    let mut cost = 0.0;
    let mut all_forbidden = plan.len > 0;
    let (mut c, mut l) = (0u8, 0u8);
    for u in plan.units[..plan.len].iter().flatten() {
        let (uc, ctl) = unit_cost(k, *u);
        cost += uc;
        if ctl || k.cuts(*u) {
            c += 1;
        } else {
            l += 1;
        }
        if !k.forbidden_last(*u, k.revolution) {
            all_forbidden = false;
        }
    }
    if all_forbidden {
        cost += k.weights.forbidden;
    }
    cost += k.weights.card * cards as f32;
    plan.cost = cost;
    plan.controls = c;
    plan.losers = l;
}

//! Rounds: the deal, the exchange (`rules/daifugo.md` §2), the first lead, and the end of a
//! round with its points and titles.

use rand::RngExt;

use super::{Game, GiveBack, NO_SEAT};
use crate::cards::{CARD_INDEXES, Card, GameRng, Rank, Suit};
use crate::daifugo::cardset::{CardSet, LANES, lane_ranks};
use crate::daifugo::event::{Event, EventSink, MAX_SEATS, Places};
use crate::daifugo::rules::{FirstLead, LaterLead};
use crate::daifugo::view::{ExchangeNote, Phase, Title};

impl Game {
    /// Records the previous round's places: titles and the reigning 大富豪.
    pub(super) fn set_previous(&mut self, places: Places) {
        let n = self.players();
        self.prev_places = Some(places);
        // The first seat with each place (seats in reverse, so the lowest one stays).
        self.prev_seat = [NO_SEAT; MAX_SEATS + 1];
        for s in (0..n).rev() {
            if let Some(slot) = self.prev_seat.get_mut(usize::from(places[s])) {
                *slot = s as u8;
            }
        }
        self.state.reigning = self.seat_with_previous(1);
        self.state.reigning_low = self.seat_with_previous(n as u8);
        for (title, place) in self.state.titles[..n].iter_mut().zip(&places[..n]) {
            *title = Some(Title::for_place(usize::from(*place), n));
        }
    }

    /// The seat that had `place` in the previous round.
    #[inline]
    pub(super) fn seat_with_previous(&self, place: u8) -> Option<u8> {
        let s = *self.prev_seat.get(usize::from(place))?;
        (s != NO_SEAT).then_some(s)
    }

    /// Starts round `round`: no cards dealt yet, no exchange, an empty log.
    pub(super) fn reset_round(&mut self, round: u32) {
        self.state.reset(round);
        self.exchange = [ExchangeNote::default(); MAX_SEATS];
        for g in &mut self.gifts {
            g.clear();
        }
        self.gb_count = 0;
        self.gb_next = 0;
        self.log.clear();
    }

    pub(super) fn start_round<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let round = self.state.round + 1;
        self.reset_round(round);
        let n = self.state.players;
        let first = match self.seat_with_previous(n) {
            Some(daihinmin) => daihinmin,
            None => self.rng.0.random_range(0..n),
        };
        let count = (52 + usize::from(self.state.rules.jokers)).min(CARD_INDEXES);
        // The cards as their bits in a card set, in card-index order: the shuffle moves
        // positions only, so the deal is the one a deck of `Card`s would give.
        let mut deck = DECK_BITS;
        shuffle_deck(&mut deck[..count], &mut self.rng.0);
        if self.state.rules.may_stall() {
            // Only rules that can stall draw this seed, so other tables deal as before.
            let seed = self.rng.0.random::<u64>();
            self.state.set_stalemate_seed(seed);
        }
        // One card at a time, starting with `first`: the `k`-th seat from `first` gets the
        // cards at positions k, k + n, k + 2n, …
        let seats = usize::from(n);
        let mut seat = usize::from(first);
        for k in 0..seats.min(count) {
            let mut bits = 0u64;
            for b in deck[k..count].iter().step_by(seats) {
                bits |= 1u64 << (b & 63);
            }
            let dealt = CardSet::from_bits(bits);
            let s = seat & (MAX_SEATS - 1);
            self.state.hands[s] = self.state.hands[s].union(dealt);
            self.state.counts[s] += dealt.len() as u8;
            seat += 1;
            if seat == seats {
                seat = 0;
            }
        }
        sink.event(&Event::Deal {
            round,
            first,
            players: n,
            hands: self.state.hands,
        });
        if self.state.rules.exchange && self.prev_places.is_some() {
            self.forced_exchange(sink);
        } else {
            self.begin_play(None, sink);
        }
    }

    /// The lower players give their strongest cards; the upper players then owe give-backs.
    pub(super) fn forced_exchange<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let n = self.state.players;
        let mut pairs: [(u8, u8, u8); 2] = [(0, 0, 0); 2];
        let mut count = 0;
        if let (Some(top), Some(bottom)) = (self.seat_with_previous(1), self.seat_with_previous(n))
        {
            pairs[count] = (top, bottom, 2);
            count += 1;
        }
        if n >= 4
            && let (Some(second), Some(fourth)) =
                (self.seat_with_previous(2), self.seat_with_previous(n - 1))
        {
            pairs[count] = (second, fourth, 1);
            count += 1;
        }
        self.gb_count = 0;
        self.gb_next = 0;
        for &(upper, lower, k) in &pairs[..count] {
            let cards = strongest(self.state.hands[usize::from(lower)], usize::from(k));
            self.move_cards(lower, upper, cards);
            self.emit(
                sink,
                Event::Exchange {
                    round: self.state.round,
                    from: lower,
                    to: upper,
                    cards,
                    forced: true,
                },
            );
            self.givebacks[usize::from(self.gb_count)] = GiveBack {
                upper,
                lower,
                count: cards.len() as u8,
            };
            self.gb_count += 1;
        }
        if self.gb_count == 0 {
            self.begin_play(None, sink);
        } else {
            self.phase = Phase::Exchange;
        }
    }

    pub(super) fn move_cards(&mut self, from: u8, to: u8, cards: CardSet) {
        let (f, t) = (usize::from(from), usize::from(to));
        let st = &mut self.state;
        st.hands[f] = st.hands[f].minus(cards);
        st.hands[t] = st.hands[t].union(cards);
        st.counts[f] -= cards.len() as u8;
        st.counts[t] += cards.len() as u8;
        self.exchange[f].gave = self.exchange[f].gave.union(cards);
        self.exchange[t].received = self.exchange[t].received.union(cards);
    }

    #[inline(never)]
    pub(super) fn give_back<S: EventSink + ?Sized>(&mut self, cards: CardSet, sink: &mut S) {
        let gb = self.givebacks[usize::from(self.gb_next)];
        self.move_cards(gb.upper, gb.lower, cards);
        self.emit(
            sink,
            Event::Exchange {
                round: self.state.round,
                from: gb.upper,
                to: gb.lower,
                cards,
                forced: false,
            },
        );
        self.gb_next += 1;
        if self.gb_next >= self.gb_count {
            self.begin_play(None, sink);
        }
    }

    pub(super) fn holder_of(&self, c: Card) -> Option<u8> {
        (0..self.state.players).find(|s| self.state.hands[usize::from(*s)].contains(c))
    }

    /// Starts the round's first trick: `leader` if given (scenarios), else by the rules
    /// (`first_lead` in round 1, `later_lead` after).
    pub(super) fn begin_play<S: EventSink + ?Sized>(&mut self, leader: Option<u8>, sink: &mut S) {
        let n = self.state.players;
        let d3 = Card::new(Rank::Three, Suit::Diamonds);
        let leader = leader.unwrap_or_else(|| {
            let by_d3 = |g: &Game| g.holder_of(d3).unwrap_or(0);
            if self.state.round <= 1 || self.prev_places.is_none() {
                match self.state.rules.first_lead {
                    FirstLead::Diamond3 => by_d3(self),
                    FirstLead::Random => self.rng.0.random_range(0..n),
                }
            } else {
                match self.state.rules.later_lead {
                    LaterLead::Daihinmin => self.seat_with_previous(n).unwrap_or(0),
                    LaterLead::Diamond3 => by_d3(self),
                }
            }
        });
        self.phase = Phase::Play;
        self.state.begin(leader);
        self.emit(sink, Event::Lead { seat: leader });
    }
}

/// Shuffles `deck` into the order [`shuffle`](crate::cards::shuffle) (rand's `SliceRandom::shuffle`) gives with the
/// same generator, drawing the same numbers, with less bookkeeping per card: position `i`
/// (from the front) swaps with a uniform index in `0..=i`. The indices come in batches: one
/// draw `random_range(..b)` serves the next `k` positions, `b` being the product of their
/// `k` index ranges (the longest run of consecutive ranges whose product fits in a `u32`,
/// [`BATCHES`]), and is split into them as the digits of a mixed-radix number, the last
/// position taking what is left. The test beside it holds it to rand's shuffle.
fn shuffle_deck(deck: &mut [u8], rng: &mut GameRng) {
    if deck.len() <= 1 {
        return;
    }
    let mut chunk = 0u32;
    // Position 0 can only swap with itself: no draw.
    let mut left = 1u8;
    for i in 0..deck.len() {
        let range = i as u32 + 1;
        if left == 0 {
            let (bound, count) = BATCHES[i.min(BATCHES.len() - 1)];
            chunk = rng.random_range(..bound);
            left = count;
        }
        left -= 1;
        let j = if left == 0 {
            chunk
        } else {
            let r = chunk % range;
            chunk /= range;
            r
        };
        deck.swap(i, j as usize);
    }
}

/// For each position `i` of a deck (index range `m = i + 1`): the product
/// `m (m + 1) … (m + k − 1)` of the longest run of consecutive index ranges that fits in a `u32`,
/// and `k` (see [`shuffle_deck`]).
const BATCHES: [(u32, u8); CARD_INDEXES] = {
    let mut t = [(0u32, 0u8); CARD_INDEXES];
    let mut i = 0;
    while i < CARD_INDEXES {
        let m = i as u32 + 1;
        let mut product = m;
        let mut next = m + 1;
        while let Some(p) = product.checked_mul(next) {
            product = p;
            next += 1;
        }
        t[i] = (product, (next - m) as u8);
        i += 1;
    }
    t
};

/// Each card index's bit in a [`CardSet`] (what a shuffled deck holds for the deal).
const DECK_BITS: [u8; CARD_INDEXES] = {
    let mut a = [0u8; CARD_INDEXES];
    let mut i = 0;
    while i < CARD_INDEXES {
        a[i] = CardSet::of_index(i).bits().trailing_zeros() as u8;
        i += 1;
    }
    a
};

/// Adds to `out` the cards of `nat` (natural cards' bits) at strength `s`, first suits in
/// display order first, while fewer than `k` are taken (`n` counts them).
#[inline]
fn take_column(nat: u64, s: u32, k: usize, out: &mut u64, n: &mut usize) {
    let mut column = (nat >> s) & LANES;
    while column != 0 && *n < k {
        *out |= (column & column.wrapping_neg()) << s;
        column &= column - 1;
        *n += 1;
    }
}

/// The `k` strongest cards of `hand` in normal order: jokers first, then 2, A, K, …; within a
/// rank the first suit in display order.
pub fn strongest(hand: CardSet, k: usize) -> CardSet {
    let jokers = hand.first_jokers(k.min(2) as u8);
    let mut n = jokers.len();
    let nat = hand.naturals().bits();
    let mut ranks = u64::from(lane_ranks(nat));
    let mut out = 0u64;
    while n < k && ranks != 0 {
        let s = 63 - ranks.leading_zeros();
        ranks &= !(1 << s);
        take_column(nat, s, k, &mut out, &mut n);
    }
    jokers.union(CardSet::from_bits(out))
}

/// The `k` weakest cards of `hand` in normal order: 3, 4, …, 2, jokers last; within a rank the
/// first suit in display order.
pub fn weakest(hand: CardSet, k: usize) -> CardSet {
    weakest_cards(hand, k, false)
}

/// The `k` weakest cards of `hand` in the order `reversed` (3 strongest when reversed), jokers
/// last; within a rank the first suit in display order.
pub fn weakest_cards(hand: CardSet, k: usize, reversed: bool) -> CardSet {
    let nat = hand.naturals().bits();
    let mut ranks = u64::from(lane_ranks(nat));
    let (mut out, mut n) = (0u64, 0usize);
    while n < k && ranks != 0 {
        let s = if reversed {
            63 - ranks.leading_zeros()
        } else {
            ranks.trailing_zeros()
        };
        ranks &= !(1 << s);
        take_column(nat, s, k, &mut out, &mut n);
    }
    let short = k.saturating_sub(n);
    CardSet::from_bits(out).union(hand.first_jokers(short.min(2) as u8))
}

/// Every `k`-card subset of `cards`, in lexicographic order of positions.
pub(super) fn choose_sets(
    cards: &[Card],
    k: usize,
    cur: &mut Vec<Card>,
    from: usize,
    out: &mut Vec<CardSet>,
) {
    if cur.len() == k {
        out.push(CardSet::from_cards(cur.iter()));
        return;
    }
    for i in from..cards.len() {
        cur.push(cards[i]);
        choose_sets(cards, k, cur, i + 1, out);
        cur.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{rng_from_seed, shuffle};
    use rand::Rng;

    #[test]
    fn the_deal_shuffle_is_rands_shuffle() {
        for len in [0usize, 1, 2, 3, 7, 13, 52, 53, 54] {
            for seed in 0..300u64 {
                let (mut a, mut b) = (rng_from_seed(seed), rng_from_seed(seed));
                let mut x: Vec<u8> = (0..len as u8).collect();
                let mut y = x.clone();
                shuffle(&mut x, &mut a);
                shuffle_deck(&mut y, &mut b);
                assert_eq!(x, y, "{len} cards, seed {seed}");
                // The same numbers drawn: the generators stay in step.
                assert_eq!(a.next_u64(), b.next_u64(), "{len} cards, seed {seed}");
            }
        }
    }

    /// The cards of `hand` one by one in the exchange's order (rules/daifugo.md §2: the
    /// strongest first — jokers, then 2, A, K, … down to 3, within a rank the first suit in
    /// display order), by walking every strength and suit: the definition the bit-mask
    /// `strongest` and `weakest` must meet.
    fn by_strength(hand: CardSet) -> Vec<CardSet> {
        let mut order: Vec<CardSet> = (0..2)
            .map(|i| CardSet::joker(i).intersect(hand))
            .filter(|c| !c.is_empty())
            .collect();
        for s in (0..13u8).rev() {
            for suit in 0..4u8 {
                let c = CardSet::at(s, suit);
                if hand.contains_all(c) {
                    order.push(c);
                }
            }
        }
        order
    }

    #[test]
    fn strongest_and_weakest_take_the_cards_in_the_exchange_order() {
        let mut rng = rng_from_seed(7);
        for case in 0..3_000 {
            let deck = CardSet::deck(2).bits();
            let hand = CardSet::from_bits(deck & rng.next_u64() & rng.next_u64());
            let order = by_strength(hand);
            for k in 0..=hand.len().min(8) {
                let top = order[..k].iter().fold(CardSet::EMPTY, |a, c| a.union(*c));
                assert_eq!(strongest(hand, k), top, "case {case}, k {k}");
                // The weakest: naturals from the 3 up (first suit first), jokers last.
                let mut up: Vec<CardSet> = order
                    .iter()
                    .copied()
                    .filter(|c| c.jokers().is_empty())
                    .collect();
                up.sort_by_key(|c| c.bits().trailing_zeros() % 16);
                up.extend(order.iter().copied().filter(|c| !c.jokers().is_empty()));
                let low = up[..k].iter().fold(CardSet::EMPTY, |a, c| a.union(*c));
                assert_eq!(weakest(hand, k), low, "case {case}, k {k}");
            }
        }
    }
}

//! Rounds: the deal, the exchange (`rules/daifugo.md` §2), the first lead, and the end of a
//! round with its points and titles.

use rand::RngExt;

use super::{Game, GiveBack, emit};
use crate::cards::{CARD_INDEXES, Card, Rank, Suit, shuffle};
use crate::daifugo::cardset::{CardSet, SeatSet, card_at};
use crate::daifugo::event::{Event, EventSink, MAX_SEATS, Places};
use crate::daifugo::legal::TrickState;
use crate::daifugo::rules::{FirstLead, LaterLead};
use crate::daifugo::view::{ExchangeNote, Phase, Title};

impl Game {
    /// Records the previous round's places: titles and the reigning 大富豪.
    pub(super) fn set_previous(&mut self, places: Places) {
        let n = self.players();
        self.prev_places = Some(places);
        self.reigning = (0..n).find(|s| places[*s] == 1).map(|s| s as u8);
        for (title, place) in self.titles[..n].iter_mut().zip(&places[..n]) {
            *title = Some(Title::for_place(usize::from(*place), n));
        }
    }

    /// The seat that had `place` in the previous round.
    pub(super) fn seat_with_previous(&self, place: u8) -> Option<u8> {
        let p = self.prev_places?;
        (0..self.players).find(|s| p[usize::from(*s)] == place)
    }

    pub(super) fn reset_round(&mut self) {
        let n = self.players;
        self.hands = [CardSet::EMPTY; MAX_SEATS];
        self.counts = [0; MAX_SEATS];
        self.played = CardSet::EMPTY;
        self.out_of_play = CardSet::EMPTY;
        self.trick = TrickState::default();
        self.passed = SeatSet::default();
        self.active = SeatSet(((1u16 << n) - 1) as u8);
        self.places = [0; MAX_SEATS];
        self.next_top = 1;
        self.next_bottom = n;
        self.exchange = [ExchangeNote::default(); MAX_SEATS];
        self.gb_count = 0;
        self.gb_next = 0;
        self.log.clear();
    }

    pub(super) fn start_round<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        self.round += 1;
        self.reset_round();
        let n = self.players;
        let first = match self.seat_with_previous(n) {
            Some(daihinmin) => daihinmin,
            None => self.rng.0.random_range(0..n),
        };
        let count = 52 + usize::from(self.rules.jokers);
        let mut deck = [Card::joker(0); CARD_INDEXES];
        for (i, c) in deck.iter_mut().enumerate().take(count) {
            *c = Card::from_index(i).unwrap_or(Card::joker(0));
        }
        shuffle(&mut deck[..count], &mut self.rng.0);
        let mut seat = first;
        for c in &deck[..count] {
            self.hands[usize::from(seat)].insert(*c);
            self.counts[usize::from(seat)] += 1;
            seat = if seat + 1 == n { 0 } else { seat + 1 };
        }
        sink.event(&Event::Deal {
            round: self.round,
            first,
            players: n,
            hands: self.hands,
        });
        if self.rules.exchange && self.prev_places.is_some() {
            self.forced_exchange(sink);
        } else {
            self.begin_play(None, sink);
        }
    }

    /// The lower players give their strongest cards; the upper players then owe give-backs.
    pub(super) fn forced_exchange<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let n = self.players;
        let mut pairs: Vec<(u8, u8, u8)> = Vec::with_capacity(2);
        if let (Some(top), Some(bottom)) = (self.seat_with_previous(1), self.seat_with_previous(n))
        {
            pairs.push((top, bottom, 2));
        }
        if n >= 4
            && let (Some(second), Some(fourth)) =
                (self.seat_with_previous(2), self.seat_with_previous(n - 1))
        {
            pairs.push((second, fourth, 1));
        }
        self.gb_count = 0;
        self.gb_next = 0;
        for (upper, lower, count) in pairs {
            let cards = strongest(self.hands[usize::from(lower)], usize::from(count));
            self.move_cards(lower, upper, cards);
            emit(
                &mut self.log,
                sink,
                Event::Exchange {
                    round: self.round,
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
        self.hands[f] = self.hands[f].minus(cards);
        self.hands[t] = self.hands[t].union(cards);
        self.counts[f] -= cards.len() as u8;
        self.counts[t] += cards.len() as u8;
        self.exchange[f].gave = self.exchange[f].gave.union(cards);
        self.exchange[t].received = self.exchange[t].received.union(cards);
    }

    pub(super) fn give_back<S: EventSink + ?Sized>(&mut self, cards: CardSet, sink: &mut S) {
        let gb = self.givebacks[usize::from(self.gb_next)];
        self.move_cards(gb.upper, gb.lower, cards);
        emit(
            &mut self.log,
            sink,
            Event::Exchange {
                round: self.round,
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
        (0..self.players).find(|s| self.hands[usize::from(*s)].contains(c))
    }

    /// Starts the round's first trick: `leader` if given (scenarios), else by the rules
    /// (`first_lead` in round 1, `later_lead` after).
    pub(super) fn begin_play<S: EventSink + ?Sized>(&mut self, leader: Option<u8>, sink: &mut S) {
        let n = self.players;
        let d3 = Card::new(Rank::Three, Suit::Diamonds);
        let leader = leader.unwrap_or_else(|| {
            let by_d3 = |g: &Game| g.holder_of(d3).unwrap_or(0);
            if self.round <= 1 || self.prev_places.is_none() {
                match self.rules.first_lead {
                    FirstLead::Diamond3 => by_d3(self),
                    FirstLead::Random => self.rng.0.random_range(0..n),
                }
            } else {
                match self.rules.later_lead {
                    LaterLead::Daihinmin => self.seat_with_previous(n).unwrap_or(0),
                    LaterLead::Diamond3 => by_d3(self),
                }
            }
        });
        self.phase = Phase::Play;
        self.turn = leader;
        self.last = leader;
        emit(&mut self.log, sink, Event::Lead { seat: leader });
    }
}

/// The `k` strongest cards of `hand` in normal order: jokers first, then 2, A, K, …; within a
/// rank the first suit in display order.
pub fn strongest(hand: CardSet, k: usize) -> CardSet {
    let mut out = hand.first_jokers(k.min(2) as u8);
    let mut s = 13u8;
    while out.len() < k && s > 0 {
        s -= 1;
        for suit in 0..4 {
            let c = card_at(s, suit);
            if out.len() < k && hand.contains(c) {
                out.insert(c);
            }
        }
    }
    out
}

/// The `k` weakest cards of `hand` in normal order: 3, 4, …, 2, jokers last; within a rank the
/// first suit in display order.
pub fn weakest(hand: CardSet, k: usize) -> CardSet {
    let mut out = CardSet::EMPTY;
    for s in 0..13u8 {
        for suit in 0..4 {
            let c = card_at(s, suit);
            if out.len() < k && hand.contains(c) {
                out.insert(c);
            }
        }
    }
    let short = k.saturating_sub(out.len());
    out.union(hand.first_jokers(short.min(2) as u8))
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

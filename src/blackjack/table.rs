//! The Blackjack table: one player against the dealer, round after round, after
//! `rules/blackjack.md` §1–2 and the engine contract of `DESIGN.md`.
//!
//! A round goes through the phases betting → (insurance offer) → (early-surrender offer) → player
//! → settled, and the next bet starts the next round. The dealer's play, the peek, the reveal of
//! the hole card and the settlement happen inside [`Table::apply`] and come out as [`Event`]s so a
//! screen can pace them.
//!
//! [`Table::apply`] is checked: it refuses an illegal action with a [`RuleError`] and leaves the
//! table exactly as it was. All randomness comes from the seeded generator the table was made
//! with, so a seed and the list of actions replay a session exactly.

use serde::{Deserialize, Serialize};

use super::error::RuleError;
use super::hand::{HandValue, card_points, hand_value, is_natural};
use super::money::Money;
use super::moves::{
    self, Allowed, Finish, HandShape, Outcome, early_surrender_step, insurance_ratio, is_pair,
    peek_applies,
};
use super::rules::{HoleCard, Rules, Surrender};
use super::shoe::{Shoe, TableRng};
use super::strategy::{BasicStrategy, Decision, Situation};
use crate::cards::{Card, GameRng, Rank, rng_from_seed, shoe_cards, shuffle};

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Waiting for a bet ([`Action::Bet`]).
    Betting,
    /// The dealer shows an ace: insurance (or even money on a natural) is offered.
    Insurance,
    /// `surrender = "early"` and the dealer is about to peek: surrender now or decline.
    EarlySurrender,
    /// The player acts on the active hand.
    Player,
    /// The round is settled; bet again or move on with [`Action::NextRound`].
    Settled,
}

/// Something the player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Bet this many whole chips and deal a round (from betting, or straight from a settled
    /// round). Limits: `min_bet..=max_bet` and the bankroll.
    Bet(u64),
    /// Insure against a dealer natural: a side bet of more than 0 and up to half the bet, paying
    /// 2:1 (§2 `insurance`).
    Insure(Money),
    /// With a natural against a dealer ace: take 1:1 now whatever the dealer holds.
    EvenMoney,
    /// Decline the current offer (insurance, even money or early surrender).
    Decline,
    /// Take a card.
    Hit,
    /// Take no more cards on this hand.
    Stand,
    /// Double the bet and take exactly one card.
    Double,
    /// Split the pair into two hands, each with the original bet.
    Split,
    /// Give up the hand for half the bet back.
    Surrender,
    /// Clear a settled round's cards and go back to betting.
    NextRound,
}

impl Action {
    /// The player's move for a strategy decision.
    pub fn from_decision(d: Decision) -> Action {
        match d {
            Decision::Hit => Action::Hit,
            Decision::Stand => Action::Stand,
            Decision::Double => Action::Double,
            Decision::Split => Action::Split,
            Decision::Surrender => Action::Surrender,
        }
    }
}

/// Who receives a card: a player hand (by index, 0 first) or the dealer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Spot {
    /// Player hand number n.
    Hand(usize),
    /// The dealer (written `"dealer"`).
    Dealer(DealerTag),
}

/// The serialized name of [`Spot::Dealer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealerTag {
    /// `"dealer"`.
    Dealer,
}

impl Spot {
    /// The dealer's spot.
    pub const DEALER: Spot = Spot::Dealer(DealerTag::Dealer);
}

/// How one hand was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSettlement {
    /// The hand's index.
    pub hand: usize,
    /// Its result.
    pub result: Outcome,
    /// Its stake at the end (doubled hands twice the bet).
    pub bet: Money,
    /// The net amount won (positive) or lost (negative).
    pub amount: Money,
}

/// What happened, in order, as the result of one action. Serialized with a `type` tag; the game
/// record (`DESIGN.md` "Records") is these events one per line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The shoe was shuffled: between rounds once the cut card came out, or in the middle of a
    /// round when it ran out (`mid_round`, the discards only). `cards` is how many it now holds to
    /// deal.
    Shuffle {
        /// The discards were shuffled in during a round.
        mid_round: bool,
        /// Cards left to deal after the shuffle.
        cards: usize,
    },
    /// A round began with this bet.
    Bet {
        /// Round number, from 1.
        round: u32,
        /// The bet.
        amount: Money,
    },
    /// The first cards: two to the player, the dealer's up card and (under "peek") a face-down
    /// hole card, dealt player, dealer, player, dealer.
    Deal {
        /// The player's first two cards.
        player: [Card; 2],
        /// The dealer's face-up card.
        dealer_up: Card,
        /// Whether a face-down hole card was dealt (peek games).
        hole_card: bool,
    },
    /// The player acted on a hand.
    Action {
        /// The hand acted on.
        hand: usize,
        /// The action.
        action: Action,
    },
    /// The dealer checked the hole card for a natural.
    Peek {
        /// The dealer has a natural (the round ends).
        natural: bool,
    },
    /// A card was dealt face up.
    Card {
        /// Who got it.
        to: Spot,
        /// The card.
        card: Card,
    },
    /// The dealer turned the hole card over.
    Reveal {
        /// The hole card.
        card: Card,
    },
    /// The dealer's final hand.
    Dealer {
        /// All the dealer's cards.
        cards: Vec<Card>,
        /// Final value.
        total: u8,
        /// Soft total.
        soft: bool,
        /// A natural.
        natural: bool,
        /// Over 21.
        bust: bool,
    },
    /// The round's results.
    Settle {
        /// Each hand's result and net amount.
        hands: Vec<HandSettlement>,
        /// The insurance bet's net result, if one was placed.
        insurance: Option<Money>,
        /// The round's net result: bankroll after minus bankroll before.
        net: Money,
    },
    /// The bankroll after settlement.
    Bankroll {
        /// Chips the player holds.
        amount: Money,
    },
}

/// One player hand in play.
#[derive(Clone, Debug, PartialEq, Eq)]
struct PlayerHand {
    cards: Vec<Card>,
    bet: Money,
    from_split: bool,
    split_aces: bool,
    doubled: bool,
    surrendered: Option<Surrender>,
    even_money: bool,
    done: bool,
    result: Option<HandSettlement>,
}

impl PlayerHand {
    fn new(bet: Money) -> PlayerHand {
        PlayerHand {
            cards: Vec::with_capacity(4),
            bet,
            from_split: false,
            split_aces: false,
            doubled: false,
            surrendered: None,
            even_money: false,
            done: false,
            result: None,
        }
    }

    fn value(&self) -> HandValue {
        hand_value(&self.cards)
    }

    fn natural(&self) -> bool {
        is_natural(&self.cards, self.from_split)
    }

    fn finish(&self) -> Finish {
        Finish {
            value: self.value(),
            natural: self.natural(),
            surrendered: self.surrendered,
            even_money: self.even_money,
        }
    }
}

/// The shape of a hand for the rule predicates.
fn shape_of(h: &PlayerHand, rules: &Rules) -> HandShape {
    let pair = match h.cards.as_slice() {
        [a, b] => {
            let (ra, rb) = (rank_number(*a), rank_number(*b));
            is_pair(ra, rb, rules.split_tens_by).then(|| card_points(*a))
        }
        _ => None,
    };
    HandShape {
        cards: h.cards.len().min(255) as u8,
        value: h.value(),
        pair,
        from_split: h.from_split,
        split_aces: h.split_aces,
    }
}

fn rank_number(c: Card) -> u8 {
    c.rank().map_or(0, Rank::number)
}

/// A snapshot of one player hand for the screen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandView {
    /// The cards, in the order dealt.
    pub cards: Vec<Card>,
    /// Total and softness.
    pub value: HandValue,
    /// A natural (blackjack).
    pub natural: bool,
    /// Over 21.
    pub bust: bool,
    /// The stake on this hand.
    pub bet: Money,
    /// Doubled.
    pub doubled: bool,
    /// Made by splitting.
    pub from_split: bool,
    /// Surrendered.
    pub surrendered: bool,
    /// Even money taken.
    pub even_money: bool,
    /// No more decisions on this hand.
    pub done: bool,
    /// Its settlement once the round is settled.
    pub result: Option<HandSettlement>,
}

/// A snapshot of the dealer's hand as the player may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DealerView {
    /// The face-up cards (the hole card only once revealed).
    pub cards: Vec<Card>,
    /// A face-down hole card is on the table.
    pub hole_hidden: bool,
    /// The value of the face-up cards (`None` before the deal).
    pub value: Option<HandValue>,
    /// The dealer is known to hold a natural.
    pub natural: bool,
}

/// The shoe as the player may see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShoeView {
    /// Decks in the shoe.
    pub decks: u8,
    /// Cards left to deal.
    pub cards_left: usize,
    /// Cards in the shoe altogether.
    pub cards_total: usize,
    /// The cut card has come out: the shoe is reshuffled before the next round.
    pub reshuffle_due: bool,
}

/// Everything the screen needs, and nothing the player may not see (the hole card stays hidden
/// until revealed; the shoe order is not shown).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Round number (0 before the first bet).
    pub round: u32,
    /// Where the round stands.
    pub phase: Phase,
    /// Chips not on the table.
    pub bankroll: Money,
    /// The player's hands, in play order.
    pub hands: Vec<HandView>,
    /// The hand being played, during the player phase.
    pub active: Option<usize>,
    /// The dealer's hand.
    pub dealer: DealerView,
    /// The insurance bet, if placed.
    pub insurance: Option<Money>,
    /// The insurance bet's net result once settled.
    pub insurance_result: Option<Money>,
    /// The round's net result once settled.
    pub round_net: Option<Money>,
    /// The shoe.
    pub shoe: ShoeView,
    /// Legal actions now ([`Table::legal_actions`]).
    pub legal: Vec<Action>,
    /// Smallest bet, chips.
    pub min_bet: u64,
    /// Largest bet, chips.
    pub max_bet: u64,
    /// The last bet placed, chips.
    pub last_bet: Option<u64>,
    /// The bankroll cannot cover the minimum bet: no further round is possible.
    pub game_over: bool,
}

/// Every card's place, for tests, records and checkers that may see everything (not for a
/// player's screen: it shows the hole card and the shoe order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardPlaces {
    /// Cards still to deal, next first.
    pub undealt: Vec<Card>,
    /// The discard tray.
    pub discards: Vec<Card>,
    /// Each player hand's cards.
    pub hands: Vec<Vec<Card>>,
    /// The dealer's cards, hole card included.
    pub dealer: Vec<Card>,
}

/// A stacked shoe that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackError {
    /// The card the shoe does not hold (or holds too few of).
    pub card: Card,
}

impl std::fmt::Display for StackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the shoe does not hold another {} to stack", self.card)
    }
}

impl std::error::Error for StackError {}

/// The Blackjack table: rules, shoe, bankroll and the round in progress. Two tables are equal
/// when every part of their state is, generator position included.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    rules: Rules,
    rng: TableRng,
    shoe: Shoe<Card>,
    bankroll: Money,
    phase: Phase,
    round: u32,
    last_bet: Option<u64>,
    hands: Vec<PlayerHand>,
    active: usize,
    dealer: Vec<Card>,
    hole_revealed: bool,
    insurance: Option<Money>,
    insurance_result: Option<Money>,
    round_net: Option<Money>,
}

impl Table {
    /// A table for `rules` with a shoe shuffled by `rng_from_seed(seed)`, the starting bankroll
    /// and no round in play.
    pub fn new(rules: Rules, seed: u64) -> Table {
        Table::with_rng(rules, rng_from_seed(seed))
    }

    /// A table whose shoe is shuffled by `rng` (which also does every later shuffle).
    pub fn with_rng(rules: Rules, mut rng: GameRng) -> Table {
        let mut shoe = Shoe::of_decks(rules.decks, rules.penetration);
        shoe.shuffle(&mut rng);
        Table::with_shoe(rules, shoe, rng)
    }

    /// A table with a stacked shoe for tests and demonstrations: the shoe holds `rules.decks`
    /// whole decks, deals `top` first in that order, then the rest of the cards in an order
    /// shuffled by `rng_from_seed(seed)`; later reshuffles are random as usual.
    ///
    /// Errors: a card of `top` that the shoe does not hold often enough (or a joker).
    pub fn stacked(rules: Rules, top: &[Card], seed: u64) -> Result<Table, StackError> {
        let mut rng = rng_from_seed(seed);
        let mut rest = shoe_cards(rules.decks);
        for &c in top {
            let i = rest
                .iter()
                .position(|&x| x == c)
                .ok_or(StackError { card: c })?;
            rest.remove(i);
        }
        shuffle(&mut rest, &mut rng);
        let mut order = top.to_vec();
        order.extend(rest);
        let shoe = Shoe::new(order, rules.penetration);
        Ok(Table::with_shoe(rules, shoe, rng))
    }

    fn with_shoe(rules: Rules, shoe: Shoe<Card>, rng: GameRng) -> Table {
        Table {
            rules,
            rng: TableRng(rng),
            shoe,
            bankroll: Money::from_chips(rules.bankroll),
            phase: Phase::Betting,
            round: 0,
            last_bet: None,
            hands: Vec::new(),
            active: 0,
            dealer: Vec::new(),
            hole_revealed: false,
            insurance: None,
            insurance_result: None,
            round_net: None,
        }
    }

    /// The rules of this table.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Chips not on the table.
    pub fn bankroll(&self) -> Money {
        self.bankroll
    }

    /// The round number (0 before the first bet).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The index of the hand being played, during the player phase.
    pub fn active_hand(&self) -> Option<usize> {
        (self.phase == Phase::Player).then_some(self.active)
    }

    /// The shoe (for tests and checkers; the screen uses [`View::shoe`]).
    pub fn shoe(&self) -> &Shoe<Card> {
        &self.shoe
    }

    /// Whether the bankroll can no longer cover the minimum bet.
    pub fn game_over(&self) -> bool {
        matches!(self.phase, Phase::Betting | Phase::Settled)
            && self.bankroll < Money::from_chips(self.rules.min_bet)
    }

    /// Every card's place (see [`CardPlaces`]).
    pub fn card_places(&self) -> CardPlaces {
        let table_cleared = self.phase == Phase::Betting;
        CardPlaces {
            undealt: self.shoe.undealt().to_vec(),
            discards: self.shoe.discards().to_vec(),
            hands: if table_cleared {
                Vec::new()
            } else {
                self.hands.iter().map(|h| h.cards.clone()).collect()
            },
            dealer: if table_cleared {
                Vec::new()
            } else {
                self.dealer.clone()
            },
        }
    }

    fn up_points(&self) -> u8 {
        self.dealer.first().map_or(0, |&c| card_points(c))
    }

    fn base_bet(&self) -> Money {
        self.hands.first().map_or(Money::ZERO, |h| {
            if h.doubled {
                h.bet.mul_ratio(1, 2)
            } else {
                h.bet
            }
        })
    }

    /// The bet [`Table::legal_actions`] proposes: the last bet clamped to the limits and the
    /// bankroll, else the minimum. `None` when no bet is possible.
    fn proposed_bet(&self) -> Option<u64> {
        let max_afford = u64::try_from(self.bankroll.cents() / 100).unwrap_or(0);
        let hi = self.rules.max_bet.min(max_afford);
        if hi < self.rules.min_bet {
            return None;
        }
        Some(
            self.last_bet
                .unwrap_or(self.rules.min_bet)
                .clamp(self.rules.min_bet, hi),
        )
    }

    /// The largest insurance bet allowed now: half the bet, or the bankroll if less.
    pub fn insurance_max(&self) -> Money {
        self.base_bet().mul_ratio(1, 2).min(self.bankroll)
    }

    /// The moves the rules allow the active hand, with the money to cover doubles and splits.
    fn active_allowed(&self) -> Option<(HandShape, Allowed)> {
        if self.phase != Phase::Player {
            return None;
        }
        let h = self.hands.get(self.active)?;
        let shape = shape_of(h, &self.rules);
        let mut a = moves::allowed(&self.rules, &shape, self.hands.len(), self.up_points());
        if self.bankroll < h.bet {
            a.double = false;
            a.split = false;
        }
        Some((shape, a))
    }

    /// The basic-strategy question for the decision in front of the player: the active hand in
    /// the player phase, or the first hand at the early-surrender offer. `None` otherwise.
    pub fn situation(&self) -> Option<Situation> {
        match self.phase {
            Phase::Player => {
                let (shape, a) = self.active_allowed()?;
                Some(moves::situation(&shape, &a, self.up_points()))
            }
            Phase::EarlySurrender => {
                let h = self.hands.first()?;
                let shape = shape_of(h, &self.rules);
                let mut a = moves::allowed(&self.rules, &shape, 1, self.up_points());
                if self.bankroll < h.bet {
                    a.double = false;
                    a.split = false;
                }
                a.surrender = true;
                Some(moves::situation(&shape, &a, self.up_points()))
            }
            _ => None,
        }
    }

    /// What a basic-strategy player does now: never insurance or even money; at the early
    /// surrender offer, surrender when the strategy says so; in the player phase the strategy's
    /// decision (an allowed one, see [`moves::effective`]). `None` when the next action is a bet
    /// or [`Action::NextRound`], which are the player's to choose.
    pub fn basic_strategy_action(&self, strategy: &BasicStrategy) -> Option<Action> {
        self.strategy_action(|s| strategy.decide(s))
    }

    /// [`Table::basic_strategy_action`] for any decision rule `decide` (the simulator's player).
    pub fn strategy_action(&self, decide: impl Fn(&Situation) -> Decision) -> Option<Action> {
        match self.phase {
            Phase::Insurance => Some(Action::Decline),
            Phase::EarlySurrender => {
                let s = self.situation()?;
                Some(if decide(&s) == Decision::Surrender {
                    Action::Surrender
                } else {
                    Action::Decline
                })
            }
            Phase::Player => {
                let (shape, a) = self.active_allowed()?;
                let s = moves::situation(&shape, &a, self.up_points());
                Some(Action::from_decision(moves::effective(decide(&s), &a)))
            }
            Phase::Betting | Phase::Settled => None,
        }
    }

    /// The legal actions now. A bet is listed once, at the proposed amount (the last bet, within
    /// the limits and the bankroll); any whole amount in `min_bet..=max_bet` that the bankroll
    /// covers is legal. Insurance is listed at its largest amount ([`Table::insurance_max`]); any
    /// amount above 0 up to it is legal. Empty when the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Betting | Phase::Settled => {
                if self.phase == Phase::Settled {
                    out.push(Action::NextRound);
                }
                if let Some(b) = self.proposed_bet() {
                    out.push(Action::Bet(b));
                }
            }
            Phase::Insurance => {
                if self.hands.first().is_some_and(PlayerHand::natural) {
                    out.push(Action::EvenMoney);
                } else {
                    let m = self.insurance_max();
                    if m.is_positive() {
                        out.push(Action::Insure(m));
                    }
                }
                out.push(Action::Decline);
            }
            Phase::EarlySurrender => {
                out.push(Action::Surrender);
                out.push(Action::Decline);
            }
            Phase::Player => {
                for a in [
                    Action::Hit,
                    Action::Stand,
                    Action::Double,
                    Action::Split,
                    Action::Surrender,
                ] {
                    if self.check(a).is_ok() {
                        out.push(a);
                    }
                }
            }
        }
        out
    }

    /// Whether `action` is legal now, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        let not_now = || RuleError::NotNow {
            action,
            phase: self.phase,
        };
        let player_move = matches!(
            action,
            Action::Hit | Action::Stand | Action::Double | Action::Split | Action::Surrender
        );
        match self.phase {
            Phase::Betting | Phase::Settled => match action {
                Action::Bet(chips) => self.check_bet(chips),
                Action::NextRound if self.phase == Phase::Settled => Ok(()),
                _ if player_move && self.phase == Phase::Settled => Err(RuleError::RoundOver),
                _ if player_move => Err(RuleError::NoHand),
                _ => Err(not_now()),
            },
            Phase::Insurance => {
                let natural = self.hands.first().is_some_and(PlayerHand::natural);
                match action {
                    Action::Decline => Ok(()),
                    Action::EvenMoney if natural => Ok(()),
                    Action::EvenMoney => Err(RuleError::EvenMoneyWithoutNatural),
                    Action::Insure(_) if natural => Err(RuleError::InsuranceOnNatural),
                    Action::Insure(m) => {
                        let max = self.base_bet().mul_ratio(1, 2);
                        if !m.is_positive() || m > max {
                            Err(RuleError::InsuranceAmount { amount: m, max })
                        } else if m > self.bankroll {
                            Err(RuleError::CannotCover {
                                action,
                                needed: m,
                                bankroll: self.bankroll,
                            })
                        } else {
                            Ok(())
                        }
                    }
                    _ => Err(not_now()),
                }
            }
            Phase::EarlySurrender => match action {
                Action::Surrender | Action::Decline => Ok(()),
                _ => Err(not_now()),
            },
            Phase::Player => self.check_move(action),
        }
    }

    fn check_bet(&self, chips: u64) -> Result<(), RuleError> {
        let (min, max) = (self.rules.min_bet, self.rules.max_bet);
        if chips < min || chips > max {
            return Err(RuleError::BetOutOfLimits {
                bet: chips,
                min,
                max,
            });
        }
        if Money::from_chips(chips) > self.bankroll {
            return Err(RuleError::BetOverBankroll {
                bet: chips,
                bankroll: self.bankroll,
            });
        }
        Ok(())
    }

    fn check_move(&self, action: Action) -> Result<(), RuleError> {
        let Some(h) = self.hands.get(self.active) else {
            return Err(RuleError::NoHand);
        };
        let shape = shape_of(h, &self.rules);
        let a = moves::allowed(&self.rules, &shape, self.hands.len(), self.up_points());
        let r = &self.rules;
        let cover = |ok: bool| {
            if self.bankroll < h.bet {
                Err(RuleError::CannotCover {
                    action,
                    needed: h.bet,
                    bankroll: self.bankroll,
                })
            } else if ok {
                Ok(())
            } else {
                Err(RuleError::NotNow {
                    action,
                    phase: self.phase,
                })
            }
        };
        match action {
            Action::Stand => Ok(()),
            Action::Hit => {
                if a.hit {
                    Ok(())
                } else {
                    Err(RuleError::HitSplitAces)
                }
            }
            Action::Double => {
                if shape.cards != 2 {
                    Err(RuleError::DoubleAfterHit)
                } else if r.double == super::rules::DoubleRule::None {
                    Err(RuleError::DoubleOff)
                } else if shape.split_aces && !r.hit_split_aces {
                    Err(RuleError::DoubleSplitAces)
                } else if shape.from_split && !r.double_after_split {
                    Err(RuleError::DoubleAfterSplit)
                } else if !r.double.allows_total(shape.value.total) {
                    Err(RuleError::DoubleTotal {
                        total: shape.value.total,
                        rule: r.double,
                    })
                } else {
                    cover(a.double)
                }
            }
            Action::Split => {
                if shape.cards != 2 {
                    Err(RuleError::SplitNotTwoCards {
                        cards: h.cards.len(),
                    })
                } else if shape.pair.is_none() {
                    Err(RuleError::SplitNotPair)
                } else if self.hands.len() >= usize::from(r.max_hands) {
                    Err(RuleError::SplitMaxHands { max: r.max_hands })
                } else if shape.pair == Some(1) && shape.split_aces && !r.resplit_aces {
                    Err(RuleError::ResplitAces)
                } else {
                    cover(a.split)
                }
            }
            Action::Surrender => {
                if r.surrender == Surrender::None {
                    Err(RuleError::SurrenderOff)
                } else if shape.from_split {
                    Err(RuleError::SurrenderAfterSplit)
                } else if shape.cards != 2 {
                    Err(RuleError::SurrenderAfterHit)
                } else if !a.surrender {
                    Err(RuleError::SurrenderPassed)
                } else {
                    Ok(())
                }
            }
            _ => Err(RuleError::NotNow {
                action,
                phase: self.phase,
            }),
        }
    }

    /// Applies an action. On success returns what happened, in order (including the dealer's
    /// automatic play and the settlement when the action ends the player's turn). On error the
    /// table is exactly as before.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check(action)?;
        // Work on a copy and keep it only on success: the state stays unchanged on every error
        // path, including the (whole-deck-impossible) empty shoe.
        let mut next = self.clone();
        let mut ev = Vec::new();
        next.perform(action, &mut ev)?;
        *self = next;
        Ok(ev)
    }

    /// A snapshot for the screen (see [`View`]).
    pub fn view(&self) -> View {
        let cleared = self.phase == Phase::Betting;
        let hands = if cleared {
            Vec::new()
        } else {
            self.hands
                .iter()
                .map(|h| {
                    let value = h.value();
                    HandView {
                        cards: h.cards.clone(),
                        value,
                        natural: h.natural(),
                        bust: value.is_bust(),
                        bet: h.bet,
                        doubled: h.doubled,
                        from_split: h.from_split,
                        surrendered: h.surrendered.is_some(),
                        even_money: h.even_money,
                        done: h.done,
                        result: h.result,
                    }
                })
                .collect()
        };
        let hole_hidden = !cleared && self.dealer.len() >= 2 && !self.hole_revealed;
        let visible: Vec<Card> = if cleared {
            Vec::new()
        } else if hole_hidden {
            self.dealer[..1].to_vec()
        } else {
            self.dealer.clone()
        };
        let dealer = DealerView {
            value: (!visible.is_empty()).then(|| hand_value(&visible)),
            natural: !hole_hidden && is_natural(&visible, false),
            cards: visible,
            hole_hidden,
        };
        View {
            round: self.round,
            phase: self.phase,
            bankroll: self.bankroll,
            hands,
            active: self.active_hand(),
            dealer,
            insurance: if cleared { None } else { self.insurance },
            insurance_result: self.insurance_result,
            round_net: self.round_net,
            shoe: ShoeView {
                decks: self.rules.decks,
                cards_left: self.shoe.remaining(),
                cards_total: self.shoe.len(),
                reshuffle_due: self.shoe.reshuffle_due(),
            },
            legal: self.legal_actions(),
            min_bet: self.rules.min_bet,
            max_bet: self.rules.max_bet,
            last_bet: self.last_bet,
            game_over: self.game_over(),
        }
    }

    // ---- mutation (only after `check` passed) ----

    fn perform(&mut self, action: Action, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        match action {
            Action::NextRound => {
                self.clear_table(ev);
                Ok(())
            }
            Action::Bet(chips) => {
                if self.phase == Phase::Settled {
                    self.clear_table(ev);
                }
                self.start_round(chips, ev)
            }
            Action::Insure(m) => {
                ev.push(Event::Action { hand: 0, action });
                self.bankroll -= m;
                self.insurance = Some(m);
                self.after_insurance(ev)
            }
            Action::EvenMoney => {
                ev.push(Event::Action { hand: 0, action });
                if let Some(h) = self.hands.first_mut() {
                    h.even_money = true;
                    h.done = true;
                }
                self.after_insurance(ev)
            }
            Action::Decline => {
                ev.push(Event::Action { hand: 0, action });
                if self.phase == Phase::Insurance {
                    self.after_insurance(ev)
                } else {
                    self.after_early_offer(ev)
                }
            }
            Action::Surrender if self.phase == Phase::EarlySurrender => {
                ev.push(Event::Action { hand: 0, action });
                if let Some(h) = self.hands.first_mut() {
                    h.surrendered = Some(Surrender::Early);
                    h.done = true;
                }
                self.after_early_offer(ev)
            }
            Action::Hit | Action::Stand | Action::Double | Action::Split | Action::Surrender => {
                self.player_move(action, ev)
            }
        }
    }

    fn draw(&mut self, ev: &mut Vec<Event>) -> Result<Card, RuleError> {
        let d = self
            .shoe
            .draw(&mut self.rng.0)
            .ok_or(RuleError::ShoeEmpty)?;
        if d.refilled {
            ev.push(Event::Shuffle {
                mid_round: true,
                cards: self.shoe.remaining() + 1,
            });
        }
        Ok(d.card)
    }

    fn clear_table(&mut self, ev: &mut Vec<Event>) {
        if self.shoe.begin_round(&mut self.rng.0) {
            ev.push(Event::Shuffle {
                mid_round: false,
                cards: self.shoe.remaining(),
            });
        }
        self.hands.clear();
        self.dealer.clear();
        self.active = 0;
        self.hole_revealed = false;
        self.insurance = None;
        self.insurance_result = None;
        self.round_net = None;
        self.phase = Phase::Betting;
    }

    fn start_round(&mut self, chips: u64, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let bet = Money::from_chips(chips);
        self.round += 1;
        self.last_bet = Some(chips);
        self.bankroll -= bet;
        ev.push(Event::Bet {
            round: self.round,
            amount: bet,
        });
        let mut hand = PlayerHand::new(bet);
        // Dealt player, dealer, player, then the hole card under "peek".
        let p1 = self.draw(ev)?;
        let up = self.draw(ev)?;
        let p2 = self.draw(ev)?;
        hand.cards.extend([p1, p2]);
        self.hands.push(hand);
        self.dealer.push(up);
        let hole = self.rules.hole_card == HoleCard::Peek;
        if hole {
            let c = self.draw(ev)?;
            self.dealer.push(c);
        }
        ev.push(Event::Deal {
            player: [p1, p2],
            dealer_up: up,
            hole_card: hole,
        });
        if card_points(up) == 1 && self.rules.insurance {
            self.phase = Phase::Insurance;
            return Ok(());
        }
        self.after_insurance(ev)
    }

    fn after_insurance(&mut self, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let offer = early_surrender_step(&self.rules, self.up_points())
            && self
                .hands
                .first()
                .is_some_and(|h| !h.natural() && !h.even_money);
        if offer {
            self.phase = Phase::EarlySurrender;
            return Ok(());
        }
        self.after_early_offer(ev)
    }

    /// The peek (when it applies), then the player's turn or straight to the dealer.
    fn after_early_offer(&mut self, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        if peek_applies(&self.rules, self.up_points()) {
            let natural = is_natural(&self.dealer, false);
            ev.push(Event::Peek { natural });
            if natural {
                return self.dealer_turn(ev);
            }
        }
        if self.hands.first().is_some_and(|h| !h.finish().is_live()) {
            return self.dealer_turn(ev);
        }
        self.phase = Phase::Player;
        self.active = 0;
        self.advance(ev)
    }

    fn player_move(&mut self, action: Action, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let i = self.active;
        ev.push(Event::Action { hand: i, action });
        match action {
            Action::Hit => {
                let c = self.draw(ev)?;
                self.give(i, c, ev);
            }
            Action::Stand => self.hands[i].done = true,
            Action::Double => {
                let bet = self.hands[i].bet;
                self.bankroll -= bet;
                self.hands[i].bet = bet + bet;
                self.hands[i].doubled = true;
                let c = self.draw(ev)?;
                self.give(i, c, ev);
                self.hands[i].done = true;
            }
            Action::Split => {
                let bet = self.hands[i].bet;
                self.bankroll -= bet;
                let second = self.hands[i].cards.pop().ok_or(RuleError::NoHand)?;
                let aces = second.rank() == Some(Rank::Ace);
                let h = &mut self.hands[i];
                h.from_split = true;
                h.split_aces = aces;
                let mut new = PlayerHand::new(bet);
                new.cards.push(second);
                new.from_split = true;
                new.split_aces = aces;
                self.hands.insert(i + 1, new);
            }
            Action::Surrender => {
                let h = &mut self.hands[i];
                h.surrendered = Some(self.rules.surrender);
                h.done = true;
            }
            _ => {}
        }
        self.advance(ev)
    }

    /// Gives hand `i` a card and marks it done when it needs no more decisions.
    fn give(&mut self, i: usize, card: Card, ev: &mut Vec<Event>) {
        ev.push(Event::Card {
            to: Spot::Hand(i),
            card,
        });
        self.hands[i].cards.push(card);
        let shape = shape_of(&self.hands[i], &self.rules);
        let a = moves::allowed(&self.rules, &shape, self.hands.len(), self.up_points());
        if moves::hand_complete(&shape, &a) {
            self.hands[i].done = true;
        }
    }

    /// Moves to the next hand needing a decision (dealing a split hand its second card), or to
    /// the dealer when every hand is done.
    fn advance(&mut self, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        loop {
            let i = self.active;
            let Some(h) = self.hands.get(i) else {
                return self.dealer_turn(ev);
            };
            if h.cards.len() == 1 {
                let c = self.draw(ev)?;
                self.give(i, c, ev);
            } else if !self.hands[i].done {
                // Re-check: a split can change how many hands there are.
                let shape = shape_of(&self.hands[i], &self.rules);
                let a = moves::allowed(&self.rules, &shape, self.hands.len(), self.up_points());
                if moves::hand_complete(&shape, &a) {
                    self.hands[i].done = true;
                }
            }
            if self.hands[i].done {
                self.active += 1;
                continue;
            }
            self.phase = Phase::Player;
            return Ok(());
        }
    }

    /// The dealer's turn: reveal the hole card (or, under ENHC, draw the second card), draw to
    /// the rule while some hand is live and the dealer has no natural, then settle.
    fn dealer_turn(&mut self, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.rules.hole_card == HoleCard::Peek {
            if let Some(&hole) = self.dealer.get(1) {
                self.hole_revealed = true;
                ev.push(Event::Reveal { card: hole });
            }
        } else {
            let c = self.draw(ev)?;
            self.dealer.push(c);
            self.hole_revealed = true;
            ev.push(Event::Card {
                to: Spot::DEALER,
                card: c,
            });
        }
        let natural = is_natural(&self.dealer, false);
        let any_live = self.hands.iter().any(|h| h.finish().is_live());
        if !natural && any_live {
            while super::hand::dealer_hits(hand_value(&self.dealer), self.rules.dealer_hits_soft_17)
            {
                let c = self.draw(ev)?;
                self.dealer.push(c);
                ev.push(Event::Card {
                    to: Spot::DEALER,
                    card: c,
                });
            }
        }
        let v = hand_value(&self.dealer);
        ev.push(Event::Dealer {
            cards: self.dealer.clone(),
            total: v.total,
            soft: v.soft,
            natural,
            bust: v.is_bust(),
        });
        self.settle(v, natural, ev);
        Ok(())
    }

    fn settle(&mut self, dealer: HandValue, dealer_natural: bool, ev: &mut Vec<Event>) {
        let mut results = Vec::with_capacity(self.hands.len());
        let mut net = Money::ZERO;
        for (i, h) in self.hands.iter_mut().enumerate() {
            let result = moves::outcome(&h.finish(), dealer, dealer_natural, &self.rules);
            let (num, den) = result.ratio(&self.rules);
            let amount = h.bet.mul_ratio(num, den);
            self.bankroll += h.bet + amount;
            net += amount;
            let s = HandSettlement {
                hand: i,
                result,
                bet: h.bet,
                amount,
            };
            h.result = Some(s);
            h.done = true;
            results.push(s);
        }
        let insurance = self.insurance.map(|m| {
            let (num, den) = insurance_ratio(dealer_natural);
            let amount = m.mul_ratio(num, den);
            self.bankroll += m + amount;
            amount
        });
        net += insurance.unwrap_or(Money::ZERO);
        self.insurance_result = insurance;
        self.round_net = Some(net);
        self.phase = Phase::Settled;
        self.active = self.hands.len();
        ev.push(Event::Settle {
            hands: results,
            insurance,
            net,
        });
        ev.push(Event::Bankroll {
            amount: self.bankroll,
        });
    }
}

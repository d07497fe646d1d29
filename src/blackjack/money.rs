//! Exact money for the Blackjack table: [`Money`] counts whole cents of a chip, so every payout the
//! rule book asks for is exact (`rules/blackjack.md` §2, `blackjack_pays`: 3:2 on 15 chips pays
//! 22.50; 6:5 on 15 pays 18.00; half of an odd bet on surrender is .50).
//!
//! Bets are whole chips, so a 3:2, 6:5 or 1:1 payout, a surrender refund (half) and an insurance
//! bet of up to half the bet paying 2:1 are all whole cents: nothing is ever rounded.

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An amount of chips kept in cents (1 chip = 100). Signed, so a net result can be negative.
///
/// Serialized as a JSON number of chips (`22.5`), which is exact for any amount below 2^53 cents.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

/// Cents in one chip.
pub const CENTS_PER_CHIP: i64 = 100;

impl Money {
    /// No money.
    pub const ZERO: Money = Money(0);

    /// `chips` whole chips. Saturates at `i64::MAX` cents (about 9.2e16 chips).
    pub const fn from_chips(chips: u64) -> Money {
        let c = if chips > (i64::MAX / CENTS_PER_CHIP) as u64 {
            i64::MAX / CENTS_PER_CHIP
        } else {
            chips as i64
        };
        Money(c * CENTS_PER_CHIP)
    }

    /// An amount of `cents` hundredths of a chip.
    pub const fn from_cents(cents: i64) -> Money {
        Money(cents)
    }

    /// The amount in cents.
    pub const fn cents(self) -> i64 {
        self.0
    }

    /// The amount in chips as a float (for display and JSON only; arithmetic stays in cents).
    pub fn as_chips_f64(self) -> f64 {
        self.0 as f64 / CENTS_PER_CHIP as f64
    }

    /// `self × num / den`, exact when `self.cents() × num` is a multiple of `den` (always the case
    /// for the table's ratios 3/2, 6/5, 1/1, 1/2 and 2/1 applied to whole-chip bets). Otherwise
    /// the result is rounded toward zero. `den == 0` gives zero. Saturates instead of overflowing.
    pub fn mul_ratio(self, num: i64, den: i64) -> Money {
        if den == 0 {
            return Money::ZERO;
        }
        let v = i128::from(self.0) * i128::from(num) / i128::from(den);
        Money(v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
    }

    /// Whether `self × num / den` is an exact number of cents.
    pub fn ratio_is_exact(self, num: i64, den: i64) -> bool {
        den != 0 && (i128::from(self.0) * i128::from(num)) % i128::from(den) == 0
    }

    /// Whether the amount is above zero.
    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, o: Money) -> Money {
        Money(self.0.saturating_add(o.0))
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, o: Money) {
        *self = *self + o;
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, o: Money) -> Money {
        Money(self.0.saturating_sub(o.0))
    }
}

impl SubAssign for Money {
    fn sub_assign(&mut self, o: Money) {
        *self = *self - o;
    }
}

impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(self.0.saturating_neg())
    }
}

impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Money {
    /// Whole amounts print without decimals (`15`), others with two (`22.50`, `-7.50`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let (whole, cents) = (abs / 100, abs % 100);
        if cents == 0 {
            write!(f, "{sign}{whole}")
        } else {
            write!(f, "{sign}{whole}.{cents:02}")
        }
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % CENTS_PER_CHIP == 0 {
            s.serialize_i64(self.0 / CENTS_PER_CHIP)
        } else {
            s.serialize_f64(self.as_chips_f64())
        }
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Money, D::Error> {
        let chips = f64::deserialize(d)?;
        if !chips.is_finite() || chips.abs() > 9.0e13 {
            return Err(serde::de::Error::custom("amount out of range"));
        }
        Ok(Money((chips * CENTS_PER_CHIP as f64).round() as i64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payouts_from_the_rule_book_are_exact() {
        // rules/blackjack.md §2: 3:2 on 15 chips pays 22.5.
        let bet = Money::from_chips(15);
        assert_eq!(bet.mul_ratio(3, 2), Money::from_cents(2250));
        assert!(bet.ratio_is_exact(3, 2));
        // 6:5 on 15 pays 18; on 13 pays 15.60.
        assert_eq!(bet.mul_ratio(6, 5), Money::from_chips(18));
        assert_eq!(
            Money::from_chips(13).mul_ratio(6, 5),
            Money::from_cents(1560)
        );
        assert!(Money::from_chips(13).ratio_is_exact(6, 5));
    }

    #[test]
    fn displays_and_serializes_chips() {
        assert_eq!(Money::from_cents(2250).to_string(), "22.50");
        assert_eq!(Money::from_cents(-750).to_string(), "-7.50");
        assert_eq!(Money::from_chips(15).to_string(), "15");
        assert_eq!(
            serde_json::to_string(&Money::from_cents(2250)).unwrap(),
            "22.5"
        );
        assert_eq!(serde_json::to_string(&Money::from_chips(15)).unwrap(), "15");
        let back: Money = serde_json::from_str("15.6").unwrap();
        assert_eq!(back, Money::from_cents(1560));
    }
}

//! The arithmetic behind Number limits and random methods.

use crate::vars::error::VarError;
use crate::vars::random::RandomSource;

/// Goes around like a clock between `lo` and `hi` (with `lo <= hi`, both finite).
/// A range too wide to measure (wider than the largest number) stops at its ends.
pub(super) fn wrap_between(value: f64, lo: f64, hi: f64) -> f64 {
    let span = hi - lo;
    if (lo..=hi).contains(&value) {
        value
    } else if span <= 0.0 || !span.is_finite() {
        value.clamp(lo, hi)
    } else if value > hi {
        lo + (value - hi).rem_euclid(span)
    } else {
        hi - (lo - value).rem_euclid(span)
    }
}

/// A random number between `a` and `b` (either order). Whole numbers are picked
/// evenly from every whole number in the range, both ends included.
pub(super) fn random_between(
    a: f64,
    b: f64,
    whole: bool,
    rng: &mut (impl RandomSource + ?Sized),
) -> Result<f64, VarError> {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if !whole {
        return Ok(lo + rng.next_f64() * (hi - lo));
    }
    let (lo, hi) = (lo.ceil(), hi.floor());
    if lo > hi {
        return Err(VarError::NoWholeNumberBetween { min: a, max: b });
    }
    let count = hi - lo + 1.0;
    Ok((lo + (rng.next_f64() * count).floor()).min(hi))
}

/// GEMSTEP's `subFloat2` keeps 3 decimal places so that 0.6 - 0.05 shows as 0.55.
pub(super) fn round_to_thousandths(value: f64) -> f64 {
    let scaled = (value * 1000.0).round() / 1000.0;
    if scaled.is_finite() {
        scaled
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;

    #[test]
    fn wrapping_is_modular_past_either_end() {
        let cases = [
            (370.0, 10.0),
            (-10.0, 350.0),
            (360.0, 360.0),
            (0.0, 0.0),
            (725.0, 5.0),
            (-725.0, 355.0),
        ];
        for (value, expected) in cases {
            assert_eq!(wrap_between(value, 0.0, 360.0), expected, "value={value}");
        }
        assert_eq!(
            wrap_between(9.0, 5.0, 5.0),
            5.0,
            "an empty range keeps its one value"
        );
    }

    #[test]
    fn random_picks_cover_the_range_in_either_order() {
        let mut rng = Pcg32::seed_from_u64(5);
        for _ in 0..500 {
            let x = random_between(10.0, -10.0, false, &mut rng).unwrap();
            assert!((-10.0..10.0).contains(&x), "x={x}");
            let k = random_between(-1.5, 1.5, true, &mut rng).unwrap();
            assert!([-1.0, 0.0, 1.0].contains(&k), "k={k}");
        }
    }

    #[test]
    fn rounding_keeps_three_decimals_and_huge_values() {
        assert_eq!(round_to_thousandths(0.549_999_9), 0.55);
        assert_eq!(round_to_thousandths(1e308), 1e308);
    }
}

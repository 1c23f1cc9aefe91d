//! [`SimTime`]: seconds as a 64-bit signed fixed-point number with 16 fractional bits.

use fixed::types::I48F16;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A point in (or span of) simulation time, in seconds.
///
/// Backed by [`I48F16`]: 48 integer bits and 16 fractional bits, so one unit is
/// 1/65536 s (about 15 µs) and the range is about ±4.4 million years. [`SimTime::MIN`]
/// means "never": an event predicted at `MIN` is obsolete (openage's `TIME_MIN`).
///
/// Arithmetic is checked or saturating; nothing here overflows silently.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SimTime(I48F16);

/// Why a time could not be made or computed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TimeError {
    /// The result does not fit in [`SimTime`]'s range.
    Overflow,
    /// A floating-point input was NaN or infinite.
    NotFinite,
}

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeError::Overflow => f.write_str("time out of range"),
            TimeError::NotFinite => f.write_str("time is not a finite number"),
        }
    }
}

impl std::error::Error for TimeError {}

impl SimTime {
    /// The earliest time; also the marker for "never" / "obsolete".
    pub const MIN: SimTime = SimTime(I48F16::MIN);
    /// The latest representable time.
    pub const MAX: SimTime = SimTime(I48F16::MAX);
    /// The start of every simulation.
    pub const ZERO: SimTime = SimTime(I48F16::ZERO);
    /// The smallest positive step (1/65536 s).
    pub const DELTA: SimTime = SimTime(I48F16::DELTA);

    /// Wraps a fixed-point number of seconds.
    pub const fn from_fixed(seconds: I48F16) -> Self {
        SimTime(seconds)
    }

    /// The fixed-point number of seconds.
    pub const fn to_fixed(self) -> I48F16 {
        self.0
    }

    /// The raw bits (seconds × 65536); exact, for hashing and compact storage.
    pub const fn to_bits(self) -> i64 {
        self.0.to_bits()
    }

    /// From raw bits (seconds × 65536).
    pub const fn from_bits(bits: i64) -> Self {
        SimTime(I48F16::from_bits(bits))
    }

    /// Whole seconds; exact.
    pub fn from_secs(seconds: i32) -> Self {
        SimTime(I48F16::from_num(seconds))
    }

    /// Whole milliseconds, rounded to the nearest 1/65536 s.
    pub fn from_millis(ms: i64) -> Result<Self, TimeError> {
        let bits = i128::from(ms) * 65_536;
        let rounded = if bits >= 0 {
            (bits + 500) / 1000
        } else {
            (bits - 500) / 1000
        };
        i64::try_from(rounded)
            .map(SimTime::from_bits)
            .map_err(|_| TimeError::Overflow)
    }

    /// Whole milliseconds, rounded to the nearest (halves toward positive infinity).
    pub fn to_millis(self) -> i64 {
        let ms = (i128::from(self.to_bits()) * 1000 + 32_768).div_euclid(65_536);
        // |bits| < 2^63, so |bits * 1000 / 65536| < 2^63 as well.
        ms as i64
    }

    /// From seconds as `f64`, rounded to the nearest representable time.
    pub fn from_f64(seconds: f64) -> Result<Self, TimeError> {
        if !seconds.is_finite() {
            return Err(TimeError::NotFinite);
        }
        I48F16::checked_from_num(seconds)
            .map(SimTime)
            .ok_or(TimeError::Overflow)
    }

    /// Seconds as `f64` (exact for every time within ±2^37 s).
    pub fn to_f64(self) -> f64 {
        self.0.to_num::<f64>()
    }

    /// `self + rhs`, or `None` on overflow.
    pub fn checked_add(self, rhs: SimTime) -> Option<SimTime> {
        self.0.checked_add(rhs.0).map(SimTime)
    }

    /// `self - rhs`, or `None` on overflow.
    pub fn checked_sub(self, rhs: SimTime) -> Option<SimTime> {
        self.0.checked_sub(rhs.0).map(SimTime)
    }

    /// `self × factor`, or `None` on overflow.
    pub fn checked_mul(self, factor: I48F16) -> Option<SimTime> {
        self.0.checked_mul(factor).map(SimTime)
    }

    /// `self + rhs`, clamped to `MIN..=MAX`.
    pub fn saturating_add(self, rhs: SimTime) -> SimTime {
        SimTime(self.0.saturating_add(rhs.0))
    }

    /// `self - rhs`, clamped to `MIN..=MAX`.
    pub fn saturating_sub(self, rhs: SimTime) -> SimTime {
        SimTime(self.0.saturating_sub(rhs.0))
    }

    /// `self × factor`, clamped to `MIN..=MAX`.
    pub fn saturating_mul(self, factor: I48F16) -> SimTime {
        SimTime(self.0.saturating_mul(factor))
    }
}

impl fmt::Display for SimTime {
    /// Seconds, as `1.5s`; [`SimTime::MIN`] and [`SimTime::MAX`] print as `-inf` and `inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == SimTime::MIN {
            f.write_str("-inf")
        } else if *self == SimTime::MAX {
            f.write_str("inf")
        } else {
            write!(f, "{}s", self.0)
        }
    }
}

impl fmt::Debug for SimTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn millis_round_trip_exactly_on_whole_seconds() {
        let t = SimTime::from_millis(2_000).unwrap();
        assert_eq!(t, SimTime::from_secs(2));
        assert_eq!(t.to_millis(), 2_000);
    }

    #[test]
    fn millis_are_rounded_to_nearest_unit() {
        // 1 ms = 65.536 units, rounded to 66.
        assert_eq!(SimTime::from_millis(1).unwrap().to_bits(), 66);
        assert_eq!(SimTime::from_millis(-1).unwrap().to_bits(), -66);
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        assert_eq!(SimTime::MAX.checked_add(SimTime::DELTA), None);
        assert_eq!(
            SimTime::MAX.saturating_add(SimTime::from_secs(1)),
            SimTime::MAX
        );
        assert_eq!(
            SimTime::MIN.saturating_sub(SimTime::from_secs(1)),
            SimTime::MIN
        );
        assert_eq!(SimTime::from_millis(i64::MAX), Err(TimeError::Overflow));
        assert_eq!(SimTime::from_f64(1e30), Err(TimeError::Overflow));
        assert_eq!(SimTime::from_f64(f64::NAN), Err(TimeError::NotFinite));
    }

    #[test]
    fn displays_as_seconds() {
        assert_eq!(SimTime::from_f64(1.5).unwrap().to_string(), "1.5s");
        assert_eq!(SimTime::MIN.to_string(), "-inf");
    }

    #[test]
    fn serde_keeps_every_bit() {
        let t = SimTime::from_bits(123_456_789);
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(serde_json::from_str::<SimTime>(&json).unwrap(), t);
    }
}

//! [`RandomSource`]: where `setToRnd`, `addRnd` and `subRnd` get their randomness.
//!
//! The simulation owns one seeded generator and lends it to every call, so the same
//! project and seed give the same values natively and in WASM. Any `rand_core`
//! generator qualifies; the simulation uses `rand_pcg::Pcg32`.

/// A source of uniform random numbers in `[0, 1)`.
pub trait RandomSource {
    /// The next number, at least 0 and below 1.
    fn next_f64(&mut self) -> f64;
}

impl<R: rand_core::Rng + ?Sized> RandomSource for R {
    /// Uses the top 53 bits of the next 64-bit output: every value is a multiple of
    /// 2⁻⁵³, identically on every platform.
    fn next_f64(&mut self) -> f64 {
        const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
        (self.next_u64() >> 11) as f64 * SCALE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;

    #[test]
    fn values_stay_in_the_unit_interval() {
        let mut rng = Pcg32::seed_from_u64(7);
        for _ in 0..10_000 {
            let x = rng.next_f64();
            assert!((0.0..1.0).contains(&x), "x={x}");
        }
    }

    #[test]
    fn same_seed_gives_same_sequence() {
        let mut a = Pcg32::seed_from_u64(42);
        let mut b = Pcg32::seed_from_u64(42);
        let mut c = Pcg32::seed_from_u64(43);
        let xs: Vec<f64> = (0..5).map(|_| a.next_f64()).collect();
        let ys: Vec<f64> = (0..5).map(|_| b.next_f64()).collect();
        let zs: Vec<f64> = (0..5).map(|_| c.next_f64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }
}

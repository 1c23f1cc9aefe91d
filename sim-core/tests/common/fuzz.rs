//! How many cases each property test tries.

/// Cases per property: 2000, or `STEPWISE_FUZZ_CASES` for a long fuzzing run.
pub fn cases() -> u32 {
    std::env::var("STEPWISE_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000)
}

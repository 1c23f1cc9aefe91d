//! The Timer feature: asks the round to stop.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use spec::TIMER;

/// Timer's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: TIMER,
    runtime: runtime::RUNTIME,
};

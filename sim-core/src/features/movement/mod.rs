//! The Movement feature: every movement type, seeking, and the stage's bounds.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use spec::MOVEMENT;
pub use spec::MOVEMENT_TYPES;

/// Movement's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: MOVEMENT,
    runtime: runtime::RUNTIME,
};

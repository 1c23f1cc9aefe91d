//! The Physics feature: each agent's body, the box touch tests compare.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::{half_size, KIND, SCALE, SCALE_Y};
pub(crate) use spec::PHYSICS;

/// Physics's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: PHYSICS,
    runtime: runtime::RUNTIME,
};

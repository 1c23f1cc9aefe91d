//! The Vision feature: a cone in front of the agent, and whether a colour stands out from the
//! agents behind it (camouflage).
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::{sees, sees_color, Backdrops, VIEW_DISTANCE};
pub(crate) use spec::VISION;

/// Vision's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: VISION,
    runtime: runtime::RUNTIME,
};

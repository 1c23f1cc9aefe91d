//! The Costume feature: which picture and frame, glow that fades, and a tint in HSV that the
//! renderer draws and Vision compares (camouflage).
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::{
    at_least, COLOR_VALUE, FLIP_X, FLIP_Y, FRAME, GLOW, GLOW_COLOR, KIND, NAME, SCALE, SCALE_Y,
};
pub(crate) use spec::COSTUME;

/// Costume's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: COSTUME,
    runtime: runtime::RUNTIME,
};

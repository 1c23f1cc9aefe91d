//! The Global feature: props every character of the model shares.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::{no_global, prop_call};
pub(crate) use spec::GLOBAL;

/// Global's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: GLOBAL,
    runtime: runtime::RUNTIME,
};

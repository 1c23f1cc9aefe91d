//! The Touches feature: what touching memory to forget.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use spec::TOUCHES;
pub use spec::TOUCH_TYPES;

/// Touches's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: TOUCHES,
    runtime: runtime::RUNTIME,
};

//! The Movement feature: every movement type, seeking, and the stage's bounds.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::RUNTIME;
pub(crate) use spec::MOVEMENT;
pub use spec::MOVEMENT_TYPES;

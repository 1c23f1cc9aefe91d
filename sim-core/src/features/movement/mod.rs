//! The Movement feature: every movement type, seeking, and the stage's bounds.

mod runtime;

pub(crate) use runtime::RUNTIME;

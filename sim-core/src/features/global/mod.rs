//! The Global feature: props every character of the model shares.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::{no_global, prop_call, RUNTIME};
pub(crate) use spec::GLOBAL;

//! The Timer feature: asks the round to stop.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::RUNTIME;
pub(crate) use spec::TIMER;

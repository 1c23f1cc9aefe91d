//! The Timer feature: asks the round to stop.

mod runtime;

pub(crate) use runtime::RUNTIME;

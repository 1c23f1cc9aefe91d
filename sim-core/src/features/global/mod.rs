//! The Global feature: props every character of the model shares.

mod runtime;

pub(crate) use runtime::{no_global, prop_call, RUNTIME};

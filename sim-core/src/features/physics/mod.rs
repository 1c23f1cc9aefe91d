//! The Physics feature: each agent's body, the box touch tests compare.

mod runtime;

pub(crate) use runtime::{half_size, KIND, RUNTIME, SCALE, SCALE_Y};

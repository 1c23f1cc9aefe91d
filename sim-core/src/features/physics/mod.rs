//! The Physics feature: each agent's body, the box touch tests compare.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::{half_size, KIND, RUNTIME, SCALE, SCALE_Y};
pub(crate) use spec::PHYSICS;

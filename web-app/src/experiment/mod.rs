//! Experiments in the browser: the Experiment panel, the Web Workers its runs go on, and what
//! the two say to each other. The runs themselves are [`sim_core::experiment`]'s, the same as
//! `stepwise sweep` runs.

mod panel;
mod plot;
mod pool;
pub mod protocol;

pub use panel::{ExperimentPanel, Replay};
pub use plot::short;

//! The panels under the stage: the graphs and the runtime log, and the profiler the
//! developer tools show.
//!
//! Like the inspector, the components only show readouts the page takes a few times a second
//! while the model runs ([`PanelsReadout`]) and the [`Series`] it samples once per sim-second;
//! nothing here touches the simulation.

mod component;
mod readout;
mod series;

pub use component::{Panels, Profiler};
pub use readout::{performance_micros, PanelsReadout};
pub use series::Series;

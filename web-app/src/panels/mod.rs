//! The teacher's panels under the inspector: the runtime log, the profiler and the graphs.
//!
//! Like the inspector, the components only show snapshots the App takes a few times a second
//! while the model runs ([`PanelsSnapshot`]) and the [`Series`] it samples once per sim-second;
//! nothing here touches the simulation.

mod component;
mod series;
mod snapshot;

pub use component::Panels;
pub use series::Series;
pub use snapshot::{performance_micros, PanelsSnapshot};

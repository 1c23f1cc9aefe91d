//! Periodic tasks (after FlightGear's event manager): housekeeping such as autosave, graph
//! sampling and statistics runs every so often, and at most one task runs per call of
//! [`Scheduler::process`], so no frame pays for several.
//!
//! Each task keeps run-time statistics, measured with a timer the caller injects (the
//! browser's `performance.now()`, a counter in tests), which feed the profiler panel.

mod error;
mod scheduler;
mod stats;

pub use error::SchedError;
pub use scheduler::{Scheduler, TaskStatus};
pub use stats::{SchedulerStats, TaskStats};

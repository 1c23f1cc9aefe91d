//! Simulation time: [`SimTime`], fixed-point seconds, and the [`Clock`] that advances it.
//!
//! Time is fixed-point so that event order is total and identical on every platform
//! (natively and in WASM); floating point never decides when something happens.

mod clock;
mod sim_time;

pub use clock::{Clock, ClockState, Speed};
pub use sim_time::{SimTime, TimeError};

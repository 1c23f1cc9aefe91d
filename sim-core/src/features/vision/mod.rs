//! The Vision feature: a cone in front of the agent, and whether a colour stands out from the
//! agents behind it (camouflage).

mod runtime;

pub(crate) use runtime::{sees, sees_color, Backdrops, RUNTIME, VIEW_DISTANCE};

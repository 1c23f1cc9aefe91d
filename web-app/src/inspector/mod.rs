//! The inspector: the selected agent's props, editable in place, and a list of every agent
//! that selects on click.
//!
//! The component only shows an [`Inspection`], a readout the page takes a few times a
//! second while the model runs and after every user action, and sends what the user asks for
//! back up as callbacks, which the stage applies to the simulation.

mod component;
mod readout;

pub use component::Inspector;
pub use readout::{parse_value, Edit, Inspection};

//! The event system (after openage's): everything that happens in a simulation is an
//! [`Event`] run by an [`EventLoop`] at an exact [`SimTime`](crate::time::SimTime).
//!
//! An [`EventHandler`] says what an event does and, through its [`TriggerType`], what
//! makes it run: its own predicted time (`Repeat`, `Once`), a change of an entity it
//! depends on (`Dependency`, `DependencyImmediately`), or an explicit trigger (`Trigger`).
//! [`EventLoop::reach_time`] runs the due events in `(time, creation)` order and settles
//! the changes they cause in rounds, with [`Limits`] that turn a model that never settles
//! into an [`EventError`].
//!
//! Event targets are weak: an event whose entity has been removed is skipped, never run
//! on a newer entity that reuses its slot.

mod dependencies;
mod error;
mod event_loop;
mod handler;
mod payload;
mod queue;
mod record;

pub use error::EventError;
pub use event_loop::{EventLoop, Limits};
pub use handler::{EventHandler, HandlerId, Invocation, TriggerType};
pub use payload::{Payload, Value};
pub use queue::EventQueue;
pub use record::{Event, EventRef};

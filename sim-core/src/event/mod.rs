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
//!
//! ```
//! use sim_core::entity::EntityId;
//! use sim_core::event::{EventHandler, EventLoop, Invocation, Payload, TriggerType};
//! use sim_core::time::SimTime;
//! use std::rc::Rc;
//!
//! /// Says hello every second, three times.
//! struct Hello;
//!
//! impl EventHandler<Vec<SimTime>> for Hello {
//!     fn id(&self) -> &str {
//!         "hello"
//!     }
//!     fn trigger_type(&self) -> TriggerType {
//!         TriggerType::Repeat
//!     }
//!     fn invoke(&self, _: &mut EventLoop<Vec<SimTime>>, said: &mut Vec<SimTime>, call: Invocation<'_>) {
//!         said.push(call.time);
//!     }
//!     fn predict_invoke_time(&self, _: EntityId, said: &Vec<SimTime>, at: SimTime) -> SimTime {
//!         if said.len() < 3 { at.saturating_add(SimTime::from_secs(1)) } else { SimTime::MIN }
//!     }
//! }
//!
//! let mut lp = EventLoop::new();
//! let hello = lp.add_event_handler(Rc::new(Hello))?;
//! let world = lp.spawn_entity()?;
//! let mut said = Vec::new();
//! lp.create_event(hello, world, &said, SimTime::ZERO, Payload::new())?;
//! lp.reach_time(SimTime::from_secs(10), &mut said)?;
//! assert_eq!(said, [1, 2, 3].map(SimTime::from_secs));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dependencies;
mod entities;
mod error;
mod event_loop;
mod handler;
mod payload;
mod queue;
mod record;

pub use entities::Entities;
pub use error::EventError;
pub use event_loop::{EventLoop, Limits};
pub use handler::{EventHandler, HandlerId, Invocation, TriggerType};
pub use payload::{Payload, Value};
pub use queue::EventQueue;
pub use record::{Event, EventRef};

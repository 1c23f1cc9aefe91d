//! Entities and how they talk to each other (the query/response technique).
//!
//! Entities are addressed by opaque [`EntityId`]s, never by reference, so that one day they
//! can live on another worker or device. [`EntityRegistry::lookup_entity`] resolves a
//! `Blueprint/name` path; [`EntityRegistry::update_entity`] and
//! [`EntityRegistry::query_entity`] send timestamped events through the
//! [`EventLoop`](crate::event::EventLoop), no sooner than the minimum output delay, and a
//! query's answer comes back as a callback event on the asker. Callers outside the loop
//! (the UI) ask directly with [`EntityRegistry::query_now`].
//!
//! What an update, a query, an answer and a callback *are* is up to the world, through
//! the [`EntityWorld`] trait.

mod error;
mod id;
mod messaging;
mod registry;

pub use crate::event::Entities;
pub use error::EntityError;
pub use id::EntityId;
pub use messaging::{EntityWorld, QueryMessage, QueryOutcome};
pub use registry::EntityRegistry;

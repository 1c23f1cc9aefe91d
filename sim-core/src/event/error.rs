//! [`EventError`]: why the event loop refused a request or stopped short.

use super::HandlerId;
use crate::entity::EntityId;
use crate::time::SimTime;
use std::fmt;

/// Why the event loop refused a request or stopped short of the requested time.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EventError {
    /// No handler is registered under this name.
    NoSuchHandlerName(String),
    /// The handler id does not belong to this loop.
    NoSuchHandler(HandlerId),
    /// A handler with this name is already registered.
    DuplicateHandler(String),
    /// The entity is not alive (removed, or never existed).
    NoSuchEntity(EntityId),
    /// The event has already finished or was cancelled.
    NoSuchEvent,
    /// `Repeat` events follow their own predictions and cannot depend on an entity.
    RepeatCannotDepend(String),
    /// A `Repeat` event predicted a next run not later than the run it just had, which
    /// would run it forever without time passing. The event has been removed.
    RepeatDidNotAdvance {
        /// The handler's name.
        handler: String,
        /// The run's time.
        time: SimTime,
        /// The predicted next run.
        next: SimTime,
    },
    /// Changes kept causing events in every settling round.
    NotSettled {
        /// The time `reach_time` was asked to reach.
        until: SimTime,
        /// How many rounds ran.
        rounds: u32,
    },
    /// One `reach_time` call ran more events than its limit allows.
    TooManyEvents {
        /// The time `reach_time` was asked to reach.
        until: SimTime,
        /// The limit.
        limit: u64,
    },
    /// More than 2^32 events at once.
    Exhausted,
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::NoSuchHandlerName(name) => write!(f, "no event handler named '{name}'"),
            EventError::NoSuchHandler(id) => write!(f, "no such event handler ({id})"),
            EventError::DuplicateHandler(name) => {
                write!(f, "an event handler named '{name}' is already registered")
            }
            EventError::NoSuchEntity(id) => write!(f, "no such entity ({id})"),
            EventError::NoSuchEvent => f.write_str("no such event (finished or cancelled)"),
            EventError::RepeatCannotDepend(name) => write!(
                f,
                "repeating event '{name}' cannot depend on an entity; use a dependency event"
            ),
            EventError::RepeatDidNotAdvance {
                handler,
                time,
                next,
            } => write!(
                f,
                "repeating event '{handler}' ran at {time} and asked to run again at {next}; \
                 the next run must be later"
            ),
            EventError::NotSettled { until, rounds } => write!(
                f,
                "events did not settle on the way to {until}: changes still caused events \
                 after {rounds} rounds"
            ),
            EventError::TooManyEvents { until, limit } => write!(
                f,
                "more than {limit} events ran on the way to {until}; \
                 is an event creating events at its own time?"
            ),
            EventError::Exhausted => f.write_str("too many events at once"),
        }
    }
}

impl std::error::Error for EventError {}

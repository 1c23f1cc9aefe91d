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
    /// More than 2^32 entities at once.
    TooManyEntities,
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
    /// More than 16,777,216 events alive at once, or more than 2^40 created in all.
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
            EventError::TooManyEntities => f.write_str("too many entities at once"),
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
            EventError::Exhausted => f.write_str(
                "too many events: at most 16,777,216 alive at once and 2^40 created in all",
            ),
        }
    }
}

impl std::error::Error for EventError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_lowercase_and_name_the_culprit() {
        let e = EventError::RepeatDidNotAdvance {
            handler: "tick".into(),
            time: SimTime::from_secs(2),
            next: SimTime::from_secs(2),
        };
        assert_eq!(
            e.to_string(),
            "repeating event 'tick' ran at 2s and asked to run again at 2s; the next run must be later"
        );
        let e = EventError::NotSettled {
            until: SimTime::from_secs(1),
            rounds: 64,
        };
        assert!(e
            .to_string()
            .starts_with("events did not settle on the way to 1s"));
    }
}

//! [`EntityError`]: why an entity could not be found, named or sent a message.

use super::EntityId;
use crate::event::EventError;
use crate::time::SimTime;
use std::fmt;

/// Why an entity could not be found, named or sent a message.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EntityError {
    /// The entity is not alive (removed, or never existed).
    NoSuchEntity(EntityId),
    /// No entity has this `Blueprint/name` path.
    NoSuchName(String),
    /// A path that is not of the form `Blueprint/name`.
    BadPath(String),
    /// A blueprint or entity name that is empty or contains `/`.
    BadName(String),
    /// Another entity already has this path.
    DuplicateName(String),
    /// A message timestamped earlier than the loop's time plus the minimum output delay.
    TooSoon {
        /// The requested delivery time.
        at: SimTime,
        /// The earliest time allowed.
        earliest: SimTime,
    },
    /// A negative minimum output delay, which would let messages arrive in the past.
    NegativeDelay(SimTime),
    /// More than 2^32 entities at once.
    Exhausted,
    /// The event loop refused the message's event.
    Event(EventError),
}

impl fmt::Display for EntityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntityError::NoSuchEntity(id) => write!(f, "no such entity ({id})"),
            EntityError::NoSuchName(path) => write!(f, "no entity named '{path}'"),
            EntityError::BadPath(path) => {
                write!(
                    f,
                    "'{path}' is not an entity path; expected 'Blueprint/name'"
                )
            }
            EntityError::BadName(name) => write!(
                f,
                "'{name}' cannot name a blueprint or entity; use a non-empty name without '/'"
            ),
            EntityError::DuplicateName(path) => {
                write!(f, "an entity named '{path}' already exists")
            }
            EntityError::TooSoon { at, earliest } => write!(
                f,
                "a message for {at} is too soon; the earliest allowed time is {earliest}"
            ),
            EntityError::NegativeDelay(d) => {
                write!(f, "the minimum output delay must not be negative, got {d}")
            }
            EntityError::Exhausted => f.write_str("too many entities at once"),
            EntityError::Event(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EntityError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EntityError::Event(e) => Some(e),
            _ => None,
        }
    }
}

impl From<EventError> for EntityError {
    fn from(e: EventError) -> Self {
        match e {
            EventError::NoSuchEntity(id) => EntityError::NoSuchEntity(id),
            EventError::TooManyEntities => EntityError::Exhausted,
            other => EntityError::Event(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_event_target_becomes_no_such_entity() {
        let id = crate::event::Entities::new().spawn().unwrap();
        let e = EntityError::from(EventError::NoSuchEntity(id));
        assert_eq!(e, EntityError::NoSuchEntity(id));
        assert_eq!(
            EntityError::BadPath("Nemo".into()).to_string(),
            "'Nemo' is not an entity path; expected 'Blueprint/name'"
        );
    }
}

//! [`SchedError`]: why the scheduler refused a request.

use crate::time::SimTime;
use std::fmt;

/// Why the scheduler refused a request.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SchedError {
    /// A task with this name is already registered.
    DuplicateTask(String),
    /// No task has this name.
    NoSuchTask(String),
    /// A task's interval must not be negative.
    NegativeInterval {
        /// The task's name.
        task: String,
        /// The interval given.
        interval: SimTime,
    },
}

impl fmt::Display for SchedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchedError::DuplicateTask(name) => write!(f, "a task named '{name}' already exists"),
            SchedError::NoSuchTask(name) => write!(f, "no task named '{name}'"),
            SchedError::NegativeInterval { task, interval } => {
                write!(f, "task '{task}' has a negative interval ({interval})")
            }
        }
    }
}

impl std::error::Error for SchedError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_task() {
        let e = SchedError::NegativeInterval {
            task: "autosave".into(),
            interval: SimTime::from_secs(-1),
        };
        assert_eq!(
            e.to_string(),
            "task 'autosave' has a negative interval (-1s)"
        );
    }
}

//! [`VarError`]: everything that can go wrong when a script calls a GVar method.

use std::fmt;

use super::value::{Value, ValueKind};

/// Why a GVar method call failed. After an error the variable is unchanged.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum VarError {
    /// The type has no method of that name.
    UnknownMethod {
        /// The variable's type (`Number`, `String` …).
        type_name: String,
        /// The name the script wrote.
        method: String,
        /// The closest real method name, if one is close.
        suggestion: Option<String>,
    },
    /// Too few or too many arguments.
    WrongArgCount {
        /// The method called.
        method: String,
        /// The fewest arguments it takes.
        min: usize,
        /// The most arguments it takes.
        max: usize,
        /// How many the script gave.
        got: usize,
    },
    /// An argument of the wrong kind.
    WrongArgType {
        /// The method called.
        method: String,
        /// The argument's name.
        arg: String,
        /// What the argument takes.
        expected: ValueKind,
        /// A description of what the script gave.
        got: String,
    },
    /// `div 0`.
    DivisionByZero,
    /// The result would not be a number (for example Infinity minus Infinity).
    NotANumber {
        /// The method called.
        method: String,
    },
    /// `setToRnd`/`addRnd` asked for a whole number between two numbers with none between.
    NoWholeNumberBetween {
        /// The lower end.
        min: f64,
        /// The upper end.
        max: f64,
    },
    /// `setToOption`/`equalToOption` named an option never added.
    UnknownOption {
        /// The option name the script wrote.
        option: String,
        /// The closest option name, if one is close.
        suggestion: Option<String>,
    },
    /// `setMin`/`setMax` would put the minimum above the maximum.
    MinAboveMax {
        /// The minimum it would have.
        min: f64,
        /// The maximum it would have.
        max: f64,
    },
    /// `addProp name Dictionary` given an initial value.
    NoInitialValue {
        /// The type that starts empty.
        type_name: String,
    },
    /// `addItem` with a key the dictionary already has.
    DuplicateKey {
        /// The key.
        key: String,
    },
    /// `getItem` with a key the dictionary does not have.
    MissingKey {
        /// The key.
        key: String,
        /// The closest key, if one is close.
        suggestion: Option<String>,
    },
    /// A text would be longer than [`super::MAX_TEXT_BYTES`].
    TextTooLong {
        /// How long it would be, in bytes.
        bytes: usize,
    },
    /// A dictionary would hold more than `MAX_ITEMS` items.
    TooManyItems,
    /// `addProp name Type` with a type that does not exist.
    UnknownType {
        /// The type the script wrote.
        type_name: String,
        /// The closest type name, if one is close.
        suggestion: Option<String>,
    },
}

impl fmt::Display for VarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VarError::TextTooLong { bytes } => write!(
                f,
                "the text would be {} KB long, but a text may hold at most {} KB",
                bytes.div_ceil(1024),
                super::MAX_TEXT_BYTES / 1024
            ),
            VarError::TooManyItems => write!(
                f,
                "the dictionary is full: it may hold at most {} items",
                super::dictionary::MAX_ITEMS
            ),
            VarError::UnknownMethod {
                type_name,
                method,
                suggestion,
            } => {
                write!(f, "a {type_name} property has no method '{method}'")?;
                write_suggestion(f, suggestion)
            }
            VarError::WrongArgCount {
                method,
                min,
                max,
                got,
            } => {
                let expected = match (min, max) {
                    (0, 0) => "no arguments".to_string(),
                    (1, 1) => "1 argument".to_string(),
                    (min, max) if min == max => format!("{min} arguments"),
                    (min, max) if *max == min + 1 => format!("{min} or {max} arguments"),
                    (min, max) => format!("{min} to {max} arguments"),
                };
                let given = match got {
                    0 => "none".to_string(),
                    n => n.to_string(),
                };
                write!(f, "{method} takes {expected}, but it was given {given}")
            }
            VarError::WrongArgType {
                method,
                arg,
                expected,
                got,
            } => write!(f, "{method} needs {expected} for '{arg}', not {got}"),
            VarError::DivisionByZero => {
                f.write_str("cannot divide by zero (the value is unchanged)")
            }
            VarError::NotANumber { method } => write!(
                f,
                "{method} would give no number (like Infinity minus Infinity), so the value is unchanged"
            ),
            VarError::NoWholeNumberBetween { min, max } => write!(
                f,
                "there is no whole number between {} and {}",
                Value::Number(*min),
                Value::Number(*max)
            ),
            VarError::UnknownOption { option, suggestion } => {
                write!(f, "there is no option named '{option}'")?;
                match suggestion {
                    Some(_) => write_suggestion(f, suggestion),
                    None => f.write_str(" (add it first with addOption)"),
                }
            }
            VarError::MinAboveMax { min, max } => write!(
                f,
                "the minimum ({}) cannot be above the maximum ({}) (the limits are unchanged)",
                Value::Number(*min),
                Value::Number(*max)
            ),
            VarError::NoInitialValue { type_name } => write!(
                f,
                "a {type_name} starts empty and takes no starting value: delete the value after {type_name}"
            ),
            VarError::DuplicateKey { key } => {
                write!(f, "the dictionary already has an item '{key}'")
            }
            VarError::MissingKey { key, suggestion } => {
                write!(f, "the dictionary has no item '{key}'")?;
                write_suggestion(f, suggestion)
            }
            VarError::UnknownType {
                type_name,
                suggestion,
            } => {
                write!(
                    f,
                    "'{type_name}' is not a type: use Number, String, Boolean or Dictionary"
                )?;
                write_suggestion(f, suggestion)
            }
        }
    }
}

impl std::error::Error for VarError {}

fn write_suggestion(f: &mut fmt::Formatter<'_>, suggestion: &Option<String>) -> fmt::Result {
    match suggestion {
        Some(s) => write!(f, " — did you mean '{s}'?"),
        None => Ok(()),
    }
}

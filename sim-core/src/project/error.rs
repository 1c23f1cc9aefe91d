//! [`ProjectError`] and [`Problem`]: why a project file could not be loaded or saved.

use std::fmt;

use super::costume::{CostumeProblem, MAX_COSTUMES, MAX_TOTAL_BYTES};
use super::experiment::MAX_EXPERIMENTS;
use super::widget::MAX_WIDGETS;

/// Why a `.gemprj` file could not be loaded (or, rarely, written).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ProjectError {
    /// The file holds nothing but whitespace.
    Empty,
    /// The file is not a JSON object (a list, a single value or not JSON at all).
    NotAnObject,
    /// The JSON is malformed, or a field has the wrong type.
    Json {
        /// Where in the project, like `blueprints[2].scriptText` (empty for the file itself).
        path: String,
        /// Line of the JSON text, from 1.
        line: usize,
        /// Column of the JSON text, from 1.
        column: usize,
        /// What was wrong there.
        message: String,
    },
    /// The JSON is well formed but the project contradicts itself.
    Invalid {
        /// Every problem found, in file order.
        problems: Vec<Problem>,
    },
    /// The project could not be written as JSON.
    Write {
        /// What went wrong.
        message: String,
    },
}

/// One way a well-formed project contradicts itself.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Problem {
    /// A stage bound is not below its opposite bound.
    StageBounds {
        /// The bound that must be smaller (`left` or `top`).
        low: &'static str,
        /// Its value.
        low_value: f64,
        /// The bound that must be larger (`right` or `bottom`).
        high: &'static str,
        /// Its value.
        high_value: f64,
    },
    /// A blueprint without a name.
    UnnamedBlueprint {
        /// Its index in `blueprints`.
        index: usize,
    },
    /// A blueprint's name or an instance's label holds an invisible character (a zero-width
    /// space, a direction override...), which would make two names that look alike.
    InvisibleInName {
        /// Where the name is (`blueprints[2].name`).
        field: String,
        /// The character's place in the name, from 1.
        at: usize,
        /// The character.
        character: char,
    },
    /// Two blueprints with the same name.
    DuplicateBlueprint {
        /// The name.
        name: String,
        /// The index of the first.
        first: usize,
        /// The index of the second.
        second: usize,
    },
    /// Two instances with the same id.
    DuplicateInstance {
        /// The id.
        id: String,
        /// The index of the first.
        first: usize,
        /// The index of the second.
        second: usize,
    },
    /// An instance of a blueprint the project does not have.
    UnknownBlueprint {
        /// The instance's index in `instances`.
        index: usize,
        /// The blueprint name it gives.
        bpid: String,
        /// The closest blueprint name, if one is close.
        suggestion: Option<String>,
    },
    /// A costume the project carries is unusable.
    Costume {
        /// Its index in `costumes`.
        index: usize,
        /// Its name.
        name: String,
        /// What is wrong with it.
        problem: CostumeProblem,
    },
    /// Two costumes with the same name.
    DuplicateCostume {
        /// The name.
        name: String,
        /// The index of the first.
        first: usize,
        /// The index of the second.
        second: usize,
    },
    /// More costumes, or more image bytes, than a project may carry.
    TooManyCostumes {
        /// How many costumes.
        count: usize,
        /// Their image bytes together.
        bytes: usize,
    },
    /// More experiments than a project may keep.
    TooManyExperiments {
        /// How many.
        count: usize,
    },
    /// More widgets than a project may keep.
    TooManyWidgets {
        /// How many.
        count: usize,
    },
    /// A lesson guide with more text or entries than a project may keep.
    GuideTooBig {
        /// What is too big, in words (`guide.steps: 41 entries; …`).
        why: String,
    },
}

impl fmt::Display for ProjectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProjectError::Empty => f.write_str("the project file is empty"),
            ProjectError::NotAnObject => {
                f.write_str("a project file must be a JSON object ({ … }), not a list, a single value or other text")
            }
            ProjectError::Json {
                path,
                line,
                column,
                message,
            } => {
                if !path.is_empty() {
                    write!(f, "{path}: ")?;
                }
                write!(f, "{message} (line {line}, column {column})")
            }
            ProjectError::Invalid { problems } => {
                let list: Vec<String> = problems.iter().map(Problem::to_string).collect();
                match list.as_slice() {
                    [one] => f.write_str(one),
                    _ => write!(f, "the project has {} problems: {}", list.len(), list.join("; ")),
                }
            }
            ProjectError::Write { message } => write!(f, "the project could not be written: {message}"),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::StageBounds {
                low,
                low_value,
                high,
                high_value,
            } => write!(
                f,
                "metadata: {low} ({low_value}) must be less than {high} ({high_value})"
            ),
            Problem::UnnamedBlueprint { index } => write!(f, "blueprints[{index}] has no name"),
            Problem::InvisibleInName {
                field,
                at,
                character,
            } => write!(
                f,
                "{field} holds an invisible character (U+{:04X}) at character {at}; delete it",
                u32::from(*character)
            ),
            Problem::DuplicateBlueprint {
                name,
                first,
                second,
            } => write!(
                f,
                "blueprints[{first}] and blueprints[{second}] are both named '{name}'"
            ),
            Problem::DuplicateInstance { id, first, second } => write!(
                f,
                "instances[{first}] and instances[{second}] both have the id '{id}'"
            ),
            Problem::UnknownBlueprint {
                index,
                bpid,
                suggestion,
            } => {
                write!(
                    f,
                    "instances[{index}].bpid: there is no blueprint named '{bpid}'"
                )?;
                match suggestion {
                    Some(s) => write!(f, " — did you mean '{s}'?"),
                    None => Ok(()),
                }
            }
            Problem::Costume {
                index,
                name,
                problem,
            } => write!(f, "costumes[{index}] ('{name}'): {problem}"),
            Problem::DuplicateCostume {
                name,
                first,
                second,
            } => write!(
                f,
                "costumes[{first}] and costumes[{second}] are both named '{name}'"
            ),
            Problem::TooManyCostumes { count, bytes } => write!(
                f,
                "costumes: {count} costumes holding {} KB; a project may carry {MAX_COSTUMES} \
                 holding {} KB",
                bytes.div_ceil(1024),
                MAX_TOTAL_BYTES / 1024
            ),
            Problem::TooManyExperiments { count } => write!(
                f,
                "experiments: {count} experiments; a project may keep {MAX_EXPERIMENTS}"
            ),
            Problem::TooManyWidgets { count } => write!(
                f,
                "widgets: {count} widgets; a project may keep {MAX_WIDGETS}"
            ),
            Problem::GuideTooBig { why } => f.write_str(why),
        }
    }
}

impl std::error::Error for ProjectError {}

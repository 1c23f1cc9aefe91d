//! [`LoadError`]: why a project could not be loaded, saved or shared. Every failure on these
//! paths ends up as one of these, shown as a message in the panel; none of them panics.

use crate::share::ShareError;
use sim_core::{ProjectError, MAX_PROJECT_BYTES};
use std::fmt;

/// Why the projects panel could not do what was asked. The current project is kept whenever
/// one of these happens.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum LoadError {
    /// A file on the site (a bundled model or the model list) could not be fetched.
    Fetch {
        /// What was fetched (`static/models/wander.gemprj`).
        url: String,
        /// Why it failed (a status code or the browser's message).
        message: String,
    },
    /// The list of bundled models is not what the app expects.
    Index {
        /// What was wrong with it.
        message: String,
    },
    /// A file chosen for import could not be read.
    File {
        /// The file's name.
        name: String,
        /// The browser's message.
        message: String,
    },
    /// Input bigger than any real project, refused before it is read.
    TooLarge {
        /// Where it came from (a file name, `the autosave`).
        source: String,
        /// Its size in bytes.
        bytes: usize,
    },
    /// The text is not a usable project.
    Project {
        /// Where it came from (a file name, a bundled model, `the share link`).
        source: String,
        /// What the project module found wrong, with its JSON path.
        error: ProjectError,
    },
    /// A share link in the address bar is damaged.
    Share(ShareError),
    /// The browser's local storage is unavailable (private mode, disabled by policy).
    StorageUnavailable,
    /// Local storage refused to keep the autosave (usually its quota is full).
    StorageWrite {
        /// The browser's message.
        message: String,
    },
    /// The autosave entry is not a project this app wrote.
    Autosave {
        /// What was wrong with it.
        message: String,
    },
    /// The project library (IndexedDB) failed or refused (a full quota, no database).
    Library {
        /// What was being done (`saving to the project library`).
        action: String,
        /// The browser's message, with the error's name.
        message: String,
    },
    /// A browser facility the action needs failed (downloads, the address bar).
    Browser {
        /// What was being done (`export`).
        action: String,
        /// The browser's message.
        message: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Fetch { url, message } => write!(f, "could not fetch {url}: {message}"),
            LoadError::Index { message } => {
                write!(f, "the list of example models is broken: {message}")
            }
            LoadError::File { name, message } => write!(f, "could not read {name}: {message}"),
            LoadError::TooLarge { source, bytes } => f.write_str(
                &sim_core::project::too_large(source, *bytes as u64).unwrap_or_default(),
            ),
            LoadError::Project { source, error } => {
                write!(f, "{source} is not a valid project: {error}")
            }
            LoadError::Share(error) => write!(f, "could not open the share link: {error}"),
            LoadError::StorageUnavailable => f.write_str(
                "this browser does not allow saving, so work is not kept after a reload",
            ),
            LoadError::StorageWrite { message } => {
                write!(
                    f,
                    "could not autosave (the browser's storage may be full): {message}"
                )
            }
            LoadError::Autosave { message } => {
                write!(
                    f,
                    "the autosaved project could not be restored and was ignored: {message}"
                )
            }
            LoadError::Library { action, message } | LoadError::Browser { action, message } => {
                write!(f, "{action} failed: {message}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

impl From<ShareError> for LoadError {
    fn from(error: ShareError) -> Self {
        LoadError::Share(error)
    }
}

/// Refuses input of `bytes` bytes from `source` when it is too large to be a project, so a
/// hostile file is turned away before it is read into memory.
pub fn check_size(source: &str, bytes: usize) -> Result<(), LoadError> {
    if bytes > MAX_PROJECT_BYTES {
        return Err(LoadError::TooLarge {
            source: source.to_string(),
            bytes,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_project_message_names_its_source_and_json_path() {
        let error =
            sim_core::Project::from_json(r#"{ "blueprints": [{ "name": 5 }] }"#).unwrap_err();
        let message = LoadError::Project {
            source: "fish.gemprj".into(),
            error,
        }
        .to_string();
        assert!(
            message.starts_with("fish.gemprj is not a valid project: blueprints[0].name"),
            "{message}"
        );
    }
}

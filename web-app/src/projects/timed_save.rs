//! The timed autosave: every few seconds the app's scheduler writes the current project to
//! local storage when it differs from what is stored there, besides the save the projects
//! panel makes after each change. Comparing with the stored entry (not a copy kept here)
//! means a save the panel just made is not written again.

use super::autosave::{encode, STORAGE_KEY};
use super::browser;
use super::current::ProjectHandle;
use super::error::LoadError;

/// Writes the current project's autosave entry if the stored one differs; true when it
/// wrote. Nothing is written while no project is loaded.
pub fn save_if_changed(current: &ProjectHandle) -> Result<bool, LoadError> {
    let Some(entry) = current.with(|c| c.map(|c| encode(&c.project, &c.origin))) else {
        return Ok(false);
    };
    let entry = entry?;
    if browser::storage_get(STORAGE_KEY)?.as_deref() == Some(entry.as_str()) {
        return Ok(false);
    }
    browser::storage_set(STORAGE_KEY, &entry)?;
    Ok(true)
}

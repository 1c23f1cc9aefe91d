//! [`apply_edit`]: the one way the map editor changes the project, and [`MapError`], why it
//! refused. Each edit is one undoable step of the project's history
//! ([`ProjectHandle::try_edit`]) and works on a copy; the copy becomes the current project only
//! when it is consistent and compiles no worse than before, so the project is valid after
//! every change.

use crate::projects::ProjectHandle;
use sim_core::{script::compile_project, CompileError, Project};
use std::fmt;

/// Why a map edit was refused. The project stays as it was.
#[derive(Debug, Clone, PartialEq)]
pub enum MapError {
    /// No project is open yet.
    NoProject,
    /// The edit names a blueprint the project lacks.
    NoBlueprint(String),
    /// The edit names an instance that is gone.
    NoInstance(usize),
    /// The edit names a round that is gone.
    NoRound(usize),
    /// Wrap has two axes, 0 (x) and 1 (y).
    NoSuchAxis(usize),
    /// An instance name left blank.
    BlankName,
    /// An instance name another instance has.
    NameTaken(String),
    /// A field that takes a number got something else.
    NotANumber {
        /// The field.
        field: String,
        /// What was typed.
        text: String,
    },
    /// A round time that is not a whole number of seconds.
    NotASeconds(String),
    /// A background that is not `#rrggbb`.
    NotAColour(String),
    /// The changed project contradicts itself (a stage without room ...).
    Invalid(String),
    /// The changed project has a compile error it did not have.
    Breaks(String),
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapError::NoProject => f.write_str("no project is open"),
            MapError::NoBlueprint(name) => write!(f, "there is no blueprint named '{name}'"),
            MapError::NoInstance(_) => f.write_str("that instance is no longer there"),
            MapError::NoRound(_) => f.write_str("that round is no longer there"),
            MapError::NoSuchAxis(axis) => write!(f, "there is no axis {axis} to wrap"),
            MapError::BlankName => f.write_str("an instance needs a name"),
            MapError::NameTaken(name) => write!(f, "another instance is already named '{name}'"),
            MapError::NotANumber { field, text } => {
                write!(f, "{field} must be a number, not '{text}'")
            }
            MapError::NotASeconds(text) => {
                write!(
                    f,
                    "a round's time is whole seconds (0 or more), not '{text}'"
                )
            }
            MapError::NotAColour(text) => write!(f, "'{text}' is not a colour like #336699"),
            MapError::Invalid(why) => write!(f, "{why}"),
            MapError::Breaks(why) => write!(f, "that would break the model: {why}"),
        }
    }
}

/// Applies `change` (described by `label`, e.g. "move Fish 1") to a copy of the current
/// project and makes the copy current, recompiled, when it is valid: one undoable step. Every
/// map edit goes through here. The error says which edit failed and why.
pub fn apply_edit(
    handle: &ProjectHandle,
    label: &str,
    change: impl FnOnce(&mut Project) -> Result<(), MapError>,
) -> Result<(), String> {
    let before = handle
        .with(|c| c.map(|c| c.errors.clone()))
        .ok_or(MapError::NoProject)
        .map_err(|error| format!("could not {label}: {error}"))?;
    handle
        .try_edit(label, |project| checked(project, &before, change))
        .map(|_| ())
        .map_err(|error| format!("could not {label}: {error}"))
}

/// Applies `change` to `project` and checks the result: consistent, and compiling with no
/// error that `before` (the errors of the project as it was) did not have.
fn checked(
    project: &mut Project,
    before: &[CompileError],
    change: impl FnOnce(&mut Project) -> Result<(), MapError>,
) -> Result<(), MapError> {
    change(project)?;
    if let Some(problem) = project.problems().first() {
        return Err(MapError::Invalid(problem.to_string()));
    }
    let after = compile_project(project).err().unwrap_or_default();
    match new_error(before, &after) {
        Some(error) => Err(MapError::Breaks(error.to_string())),
        None => Ok(()),
    }
}

/// The first error of `after` that `before` did not have, compared by what is wrong (not by
/// script name, which a rename changes).
fn new_error<'a>(before: &[CompileError], after: &'a [CompileError]) -> Option<&'a CompileError> {
    let mut old: Vec<String> = before.iter().map(|e| e.kind.to_string()).collect();
    after.iter().find(
        |e| match old.iter().position(|m| *m == e.kind.to_string()) {
            Some(i) => {
                old.swap_remove(i);
                false
            }
            None => true,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapedit::place::{place, set_init_script};
    use crate::mapedit::settings::{set_bound, Bound};
    use crate::projects::{CurrentProject, Origin};

    fn handle() -> ProjectHandle {
        let handle = ProjectHandle::empty();
        let project = Project::from_json(
            r##"{ "blueprints": [{ "name": "Fish", "scriptText": "# BLUEPRINT Fish\naddProp energy Number 1" }] }"##,
        )
        .unwrap();
        handle.replace(CurrentProject::new(project, Origin::Other));
        handle
    }

    fn instances(handle: &ProjectHandle) -> usize {
        handle.with(|c| c.map_or(0, |c| c.project.instances.len()))
    }

    #[test]
    fn a_valid_edit_replaces_the_project_and_bumps_the_revision() {
        let handle = handle();
        let revision = handle.revision();
        apply_edit(&handle, "place a Fish", |p| {
            place(p, "Fish", 5.0, 5.0).map(|_| ())
        })
        .unwrap();
        assert_eq!(instances(&handle), 1);
        assert_eq!(handle.revision(), revision + 1);
    }

    #[test]
    fn each_edit_is_one_undo_step_and_a_refused_one_none() {
        let handle = handle();
        apply_edit(&handle, "place a Fish", |p| {
            place(p, "Fish", 5.0, 5.0).map(|_| ())
        })
        .unwrap();
        let refused = apply_edit(&handle, "set left", |p| set_bound(p, Bound::Left, "wide"));
        assert!(refused.is_err());
        assert_eq!(handle.undo_label().as_deref(), Some("place a Fish"));
        assert!(handle.undo());
        assert_eq!(instances(&handle), 0);
        assert!(handle.redo());
        assert_eq!(instances(&handle), 1);
    }

    #[test]
    fn refused_edits_leave_the_project_alone_and_say_why() {
        let handle = handle();
        apply_edit(&handle, "place", |p| place(p, "Fish", 0.0, 0.0).map(|_| ())).unwrap();
        let revision = handle.revision();
        let breaks = apply_edit(&handle, "change the script", |p| {
            set_init_script(p, 0, "prop energy setTo 'x' 'y'")
        });
        assert!(
            breaks.as_ref().is_err_and(
                |e| e.starts_with("could not change the script: that would break the model")
            ),
            "{breaks:?}"
        );
        let cramped = apply_edit(&handle, "set left", |p| set_bound(p, Bound::Left, "900"));
        assert_eq!(
            cramped,
            Err("could not set left: metadata: left (900) must be less than right (400)".into())
        );
        assert_eq!(handle.revision(), revision);
        assert_eq!(
            apply_edit(&ProjectHandle::empty(), "place", |_| Ok(())),
            Err("could not place: no project is open".into())
        );
    }

    #[test]
    fn an_old_error_does_not_block_other_edits() {
        let handle = handle();
        let broken = handle.with(|c| c.map(|c| (*c.project).clone())).unwrap();
        let mut project = broken;
        place(&mut project, "Fish", 0.0, 0.0).unwrap();
        project.instances[0].init_script.push_str("\nnotAKeyword");
        handle.replace(CurrentProject::new(project, Origin::Other));
        apply_edit(&handle, "rename", |p| {
            crate::mapedit::place::rename(p, 0, "Nemo")
        })
        .unwrap();
        apply_edit(&handle, "place", |p| place(p, "Fish", 1.0, 1.0).map(|_| ())).unwrap();
        assert_eq!(instances(&handle), 2);
    }
}

//! [`CurrentProject`]: the project the app is showing, with what its compilation found.
//!
//! The app keeps one in a [`ProjectHandle`] (`Rc<RefCell<…>>`) outside Yew's state, so the
//! simulation and the panels all read the same project; replacing it is the only way to
//! change it, and a failed load never gets that far.

use sim_core::project::Project;
use sim_core::script::compiler::{compile_project, CompileError};
use std::cell::RefCell;
use std::rc::Rc;

/// Where the current project came from, so the model picker can show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// One of the bundled example models, by its id in the model list.
    Bundled(String),
    /// Anything else: an import, a share link or the autosave.
    Other,
}

/// The loaded project and its compile errors.
#[derive(Debug, Clone, PartialEq)]
pub struct CurrentProject {
    /// The project itself.
    pub project: Project,
    /// Where it came from.
    pub origin: Origin,
    /// Every compile error, in project order (empty when it compiles).
    pub errors: Vec<CompileError>,
}

/// How one blueprint compiled, for the panel's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlueprintStatus {
    /// The blueprint's name.
    pub name: String,
    /// Its label, or its name when it has none.
    pub label: String,
    /// How many compile errors its script has.
    pub errors: usize,
}

impl CurrentProject {
    /// Compiles `project` and keeps the result next to it.
    pub fn new(project: Project, origin: Origin) -> CurrentProject {
        let errors = compile_project(&project).err().unwrap_or_default();
        CurrentProject {
            project,
            origin,
            errors,
        }
    }

    /// The name to show: the label, else the id, else a placeholder.
    pub fn title(&self) -> &str {
        [&self.project.label, &self.project.id]
            .into_iter()
            .find(|s| !s.trim().is_empty())
            .map_or("untitled project", |s| s.as_str())
    }

    /// The file name an export gets: the id, made safe for a file system.
    pub fn file_name(&self) -> String {
        let safe: String = self
            .project
            .id
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let stem = if safe.is_empty() {
            "project"
        } else {
            safe.as_str()
        };
        format!("{stem}.gemprj")
    }

    /// Each blueprint with its error count, in project order.
    pub fn blueprint_statuses(&self) -> Vec<BlueprintStatus> {
        self.project
            .blueprints
            .iter()
            .map(|bp| BlueprintStatus {
                name: bp.name.clone(),
                label: if bp.label.trim().is_empty() {
                    bp.name.clone()
                } else {
                    bp.label.clone()
                },
                errors: self.errors.iter().filter(|e| e.script == bp.name).count(),
            })
            .collect()
    }
}

/// The shared home of the current project: the app owns it, panels and the simulation read
/// it, and the projects panel replaces what is inside. Each replacement bumps a revision
/// number, so a reader (the simulation runner) notices a new project by comparing numbers.
#[derive(Debug, Clone)]
pub struct ProjectHandle(Rc<RefCell<(u64, Option<CurrentProject>)>>);

impl ProjectHandle {
    /// A handle with no project loaded yet (revision 0).
    pub fn empty() -> ProjectHandle {
        ProjectHandle(Rc::new(RefCell::new((0, None))))
    }

    /// How many times the project has been replaced.
    pub fn revision(&self) -> u64 {
        self.0.borrow().0
    }

    /// Runs `read` on the current project without copying it.
    pub fn with<T>(&self, read: impl FnOnce(Option<&CurrentProject>) -> T) -> T {
        read(self.0.borrow().1.as_ref())
    }

    /// Makes `current` the current project.
    pub fn replace(&self, current: CurrentProject) {
        let mut cell = self.0.borrow_mut();
        *cell = (cell.0.wrapping_add(1), Some(current));
    }
}

impl PartialEq for ProjectHandle {
    /// Two handles are equal when they share the same project cell.
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(json: &str) -> Project {
        Project::from_json(json).unwrap()
    }

    #[test]
    fn errors_are_counted_per_blueprint() {
        let p = project(
            r##"{ "id": "t", "blueprints": [
                { "name": "Good", "scriptText": "# BLUEPRINT Good" },
                { "name": "Bad", "label": "Broken one", "scriptText": "# BLUEPRINT Bad\nfeatPorp x\nnotAKeyword y" }
            ] }"##,
        );
        let current = CurrentProject::new(p, Origin::Other);
        let statuses = current.blueprint_statuses();
        assert_eq!(statuses[0].errors, 0);
        assert_eq!(statuses[0].label, "Good");
        assert_eq!(statuses[1].label, "Broken one");
        assert_eq!(statuses[1].errors, current.errors.len());
        assert!(statuses[1].errors >= 1, "{:?}", current.errors);
        assert!(
            current.errors[0].to_string().starts_with("Bad:"),
            "{}",
            current.errors[0]
        );
    }

    #[test]
    fn titles_and_file_names_fall_back_sensibly() {
        let named = CurrentProject::new(
            project(r#"{ "id": "a b/c", "label": "Fish" }"#),
            Origin::Other,
        );
        assert_eq!(named.title(), "Fish");
        assert_eq!(named.file_name(), "a_b_c.gemprj");
        let bare = CurrentProject::new(project("{}"), Origin::Other);
        assert_eq!(bare.title(), "untitled project");
        assert_eq!(bare.file_name(), "project.gemprj");
    }

    #[test]
    fn a_handle_shares_its_project() {
        let handle = ProjectHandle::empty();
        let other = handle.clone();
        assert_eq!(handle, other);
        assert_ne!(handle, ProjectHandle::empty());
        handle.replace(CurrentProject::new(
            project(r#"{ "id": "x" }"#),
            Origin::Other,
        ));
        assert_eq!(
            other.with(|c| c.map(|c| c.project.id.clone())),
            Some("x".into())
        );
    }
}

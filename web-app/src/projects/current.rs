//! [`CurrentProject`]: the project the app is showing, with what its compilation found.
//!
//! The app keeps one in a [`ProjectHandle`] (`Rc<RefCell<…>>`) outside Yew's state, so the
//! simulation and the panels all read the same project. It changes in two ways only: a load
//! replaces it (a failed load never gets that far), and an authoring edit goes through
//! [`ProjectHandle::edit`], which records the step for undo.

use super::history::History;
use super::listeners::Listeners;
pub use super::listeners::Subscription;
use sim_core::sim::is_controllable;
use sim_core::{script::compile_project, CompileError, Project};
use std::cell::RefCell;
use std::rc::Rc;
use yew::Callback;

/// The note left when an edit does not compile and the stage goes on with the last version
/// that did; the projects panel takes it away once the project compiles again.
pub const STALE_NOTE: &str =
    "the stage keeps running the last version that compiled; fix the errors to see your change";

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
    /// The project itself, shared with the simulation that runs it and the undo history
    /// (an edit changes a copy: [`ProjectHandle::edit`]).
    pub project: Rc<Project>,
    /// Where it came from.
    pub origin: Origin,
    /// Every compile error, in project order (empty when it compiles).
    pub errors: Vec<CompileError>,
    /// The blueprints students may steer (tagged `isCharControllable true`), in project
    /// order; none while it does not compile.
    pub characters: Vec<String>,
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
    pub fn new(project: impl Into<Rc<Project>>, origin: Origin) -> CurrentProject {
        let project = project.into();
        let (errors, characters) = match compile_project(&project) {
            Ok(compiled) => {
                let characters = compiled.blueprints.iter();
                let characters = characters.filter(|b| is_controllable(&b.tags));
                (Vec::new(), characters.map(|b| b.name.clone()).collect())
            }
            Err(errors) => (errors, Vec::new()),
        };
        CurrentProject {
            project,
            origin,
            errors,
            characters,
        }
    }

    /// The name to show: the label, else the id, else a placeholder.
    pub fn title(&self) -> &str {
        project_title(&self.project)
    }

    /// The file name an export gets; see [`export_file_name`].
    pub fn file_name(&self) -> String {
        export_file_name(&self.project)
    }

    /// Each blueprint with its error count, in project order.
    pub fn blueprint_statuses(&self) -> Vec<BlueprintStatus> {
        self.project
            .blueprints
            .iter()
            .map(|bp| BlueprintStatus {
                name: bp.name.clone(),
                label: bp.shown_label().to_string(),
                errors: self.errors.iter().filter(|e| e.script == bp.name).count(),
            })
            .collect()
    }
}

/// The name to show for `project`: its label, else its id, else a placeholder.
pub fn project_title(project: &Project) -> &str {
    [&project.label, &project.id]
        .into_iter()
        .find(|s| !s.trim().is_empty())
        .map_or("untitled project", |s| s.as_str())
}

/// The file name an export of `project` gets: its id, made safe for a file system.
pub fn export_file_name(project: &Project) -> String {
    let safe: String = project
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

/// What a [`ProjectHandle`] shares between its clones.
#[derive(Debug, Default)]
struct Shared {
    /// Bumped by every change of the project (a load, an edit, an undo).
    revision: u64,
    /// Bumped only when a different project is opened.
    lineage: u64,
    current: Option<CurrentProject>,
    history: History,
    /// A message for the student from whoever runs the project (the stage model).
    note: Option<String>,
}

/// The shared home of the current project: the app owns it, panels and the simulation read
/// it, and the projects panel and the editors change it.
///
/// There are two ways to change it. [`ProjectHandle::replace`] opens a *different* project
/// (a bundled model, an import, a share link, the autosave): it starts a new lineage and a
/// new, empty undo history, so undo never crosses from one project into another.
/// [`ProjectHandle::edit`] (or [`ProjectHandle::try_edit`]) is the one path for authoring:
/// it records the project as it was in the [`History`] (at most [`MAX_STEPS`](super::history::MAX_STEPS) steps), so
/// [`ProjectHandle::undo`] and [`ProjectHandle::redo`] can walk back and forth. Every change
/// bumps a revision number, so a reader (the stage model) notices it by comparing
/// numbers, and tells the [subscribers](ProjectHandle::subscribe), so the projects panel can
/// autosave and redraw whoever made the change.
#[derive(Debug, Clone)]
pub struct ProjectHandle {
    shared: Rc<RefCell<Shared>>,
    listeners: Listeners,
}

impl ProjectHandle {
    /// A handle with no project loaded yet (revision 0).
    pub fn empty() -> ProjectHandle {
        ProjectHandle {
            shared: Rc::default(),
            listeners: Listeners::default(),
        }
    }

    /// How many times the project has changed.
    pub fn revision(&self) -> u64 {
        self.shared.borrow().revision
    }

    /// How many different projects have been opened: edits, undo and redo keep it, so a
    /// reader can tell an edit of the same project from a new one.
    pub fn lineage(&self) -> u64 {
        self.shared.borrow().lineage
    }

    /// Runs `read` on the current project without copying it.
    pub fn with<T>(&self, read: impl FnOnce(Option<&CurrentProject>) -> T) -> T {
        read(self.shared.borrow().current.as_ref())
    }

    /// Opens `current` as a different project, with a fresh undo history.
    pub fn replace(&self, current: CurrentProject) {
        self.install(current, true);
    }

    /// The authoring path: applies `change` to a copy of the project and, when it changed
    /// anything, records the step as `label` (shown as "Undo {label}") and makes the copy
    /// current. True when the project changed. Call it once per user action (on a drop, not
    /// on every pointer move), since each call is one undo step.
    pub fn edit(&self, label: &str, change: impl FnOnce(&mut Project)) -> bool {
        let result: Result<bool, std::convert::Infallible> = self.try_edit(label, |project| {
            change(project);
            Ok(())
        });
        result.unwrap_or_else(|never| match never {})
    }

    /// [`ProjectHandle::edit`] for a change that may refuse: its error is returned and the
    /// project stays as it was. `Ok(false)` when no project is loaded or nothing changed.
    pub fn try_edit<E>(
        &self,
        label: &str,
        change: impl FnOnce(&mut Project) -> Result<(), E>,
    ) -> Result<bool, E> {
        let Some((before, origin)) =
            self.with(|c| c.map(|c| (Rc::clone(&c.project), c.origin.clone())))
        else {
            return Ok(false);
        };
        let mut project = (*before).clone();
        change(&mut project)?;
        if project == *before {
            return Ok(false);
        }
        self.shared.borrow_mut().history.record(label, before);
        self.install(CurrentProject::new(project, origin), false);
        Ok(true)
    }

    /// Takes back the last authoring step; false when there is none.
    pub fn undo(&self) -> bool {
        self.walk(History::undo)
    }

    /// Makes the last undone step again; false when there is none.
    pub fn redo(&self) -> bool {
        self.walk(History::redo)
    }

    /// The label of the step [`ProjectHandle::undo`] would take back.
    pub fn undo_label(&self) -> Option<String> {
        self.shared
            .borrow()
            .history
            .undo_label()
            .map(str::to_string)
    }

    /// The label of the step [`ProjectHandle::redo`] would make again.
    pub fn redo_label(&self) -> Option<String> {
        self.shared
            .borrow()
            .history
            .redo_label()
            .map(str::to_string)
    }

    /// Leaves a message for the student about the running project (the stage model's "model
    /// reset because …"); the projects panel shows it.
    pub fn post_note(&self, note: String) {
        self.shared.borrow_mut().note = Some(note);
        self.notify();
    }

    /// The message left by [`ProjectHandle::post_note`], once.
    pub fn take_note(&self) -> Option<String> {
        self.shared.borrow_mut().note.take()
    }

    /// Calls `listener` after every change and note, until the returned guard is dropped.
    pub fn subscribe(&self, listener: Callback<()>) -> Subscription {
        self.listeners.subscribe(listener)
    }

    fn walk(&self, step: fn(&mut History, Rc<Project>) -> Option<Rc<Project>>) -> bool {
        let walked = {
            let shared = &mut *self.shared.borrow_mut();
            let Some(current) = &shared.current else {
                return false;
            };
            let origin = current.origin.clone();
            step(&mut shared.history, Rc::clone(&current.project)).map(|p| (p, origin))
        };
        let Some((project, origin)) = walked else {
            return false;
        };
        self.install(CurrentProject::new(project, origin), false);
        true
    }

    fn install(&self, current: CurrentProject, new_project: bool) {
        {
            let mut shared = self.shared.borrow_mut();
            shared.revision = shared.revision.wrapping_add(1);
            if new_project {
                shared.lineage = shared.lineage.wrapping_add(1);
                shared.history = History::default();
            }
            shared.current = Some(current);
        }
        self.notify();
    }

    fn notify(&self) {
        self.listeners.notify();
    }
}

impl PartialEq for ProjectHandle {
    /// Two handles are equal when they share the same project cell.
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.shared, &other.shared)
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
                { "name": "Bad", "label": "Broken one", "scriptText": "# BLUEPRINT Bad\nprop enrgy add 1\n5 y" }
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

    fn loaded(id: &str) -> ProjectHandle {
        let handle = ProjectHandle::empty();
        handle.replace(CurrentProject::new(
            project(&format!(r#"{{ "id": "{id}" }}"#)),
            Origin::Bundled(id.into()),
        ));
        handle
    }

    fn id(handle: &ProjectHandle) -> String {
        handle.with(|c| c.map(|c| c.project.id.clone()).unwrap_or_default())
    }

    #[test]
    fn an_edit_is_recorded_and_undo_and_redo_walk_it() {
        let handle = loaded("a");
        let (revision, lineage) = (handle.revision(), handle.lineage());
        assert!(handle.edit("rename", |p| p.id = "b".into()));
        assert_eq!(id(&handle), "b");
        assert_eq!(handle.revision(), revision + 1);
        assert_eq!(handle.undo_label().as_deref(), Some("rename"));
        assert!(handle.undo());
        assert_eq!(id(&handle), "a");
        assert_eq!(handle.redo_label().as_deref(), Some("rename"));
        assert!(handle.redo());
        assert_eq!(id(&handle), "b");
        assert!(!handle.redo());
        assert_eq!(handle.lineage(), lineage, "edits keep the lineage");
        assert_eq!(
            handle.with(|c| c.map(|c| c.origin.clone())),
            Some(Origin::Bundled("a".into()))
        );
    }

    #[test]
    fn an_edit_that_changes_nothing_or_refuses_is_not_recorded() {
        let handle = loaded("a");
        let revision = handle.revision();
        assert!(!handle.edit("nothing", |_| {}));
        let refused: Result<bool, &str> = handle.try_edit("bad", |p| {
            p.id = "half done".into();
            Err("no")
        });
        assert_eq!(refused, Err("no"));
        assert_eq!(id(&handle), "a");
        assert_eq!(handle.revision(), revision);
        assert_eq!(handle.undo_label(), None);
        assert!(!handle.undo());
        assert!(!ProjectHandle::empty().edit("none", |p| p.id = "x".into()));
    }

    #[test]
    fn opening_another_project_starts_a_new_history() {
        let handle = loaded("a");
        let lineage = handle.lineage();
        handle.edit("rename", |p| p.id = "b".into());
        handle.replace(CurrentProject::new(project("{}"), Origin::Other));
        assert_eq!(handle.lineage(), lineage + 1);
        assert_eq!(handle.undo_label(), None);
        assert!(!handle.undo());
    }

    #[test]
    fn subscribers_hear_of_changes_until_they_unsubscribe() {
        let handle = loaded("a");
        let heard = Rc::new(RefCell::new(Vec::new()));
        let listener = {
            let (heard, handle) = (Rc::clone(&heard), handle.clone());
            Callback::from(move |()| heard.borrow_mut().push(id(&handle)))
        };
        let subscription = handle.subscribe(listener);
        handle.edit("rename", |p| p.id = "b".into());
        handle.post_note("reset".into());
        assert_eq!(*heard.borrow(), ["b", "b"]);
        assert_eq!(handle.take_note().as_deref(), Some("reset"));
        assert_eq!(handle.take_note(), None);
        drop(subscription);
        handle.undo();
        assert_eq!(heard.borrow().len(), 2);
    }
}

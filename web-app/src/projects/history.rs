//! [`History`]: the undo and redo stacks of authoring steps, as whole project states.
//!
//! Keeping whole projects rather than inverse operations means every kind of edit (a script,
//! a blueprint rename, an instance dragged on the map) undoes the same way, and an undo can
//! never drift from what the edit did. Each state is shared (`Rc`) with whoever else holds
//! it (the current project, the running simulation), so a step costs one copy of the
//! project, made by the edit that left it.

use sim_core::Project;
use std::rc::Rc;

/// The most steps kept on each stack; the oldest step is forgotten past it, so a long
/// session cannot grow memory without end.
pub const MAX_STEPS: usize = 100;

/// One recorded step: what it was called and the project as it was on the other side of it.
#[derive(Debug, Clone, PartialEq)]
struct Step {
    label: String,
    project: Rc<Project>,
}

/// The undo and redo stacks of one project's authoring session.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
}

impl History {
    /// Records that the step `label` changed the project away from `before`. A new step
    /// makes the redo stack meaningless, so it is cleared.
    pub fn record(&mut self, label: &str, before: Rc<Project>) {
        push_bounded(
            &mut self.undo,
            Step {
                label: label.to_string(),
                project: before,
            },
        );
        self.redo.clear();
    }

    /// Undoes the last step: returns the project before it and moves `current` to the redo
    /// stack; `None` when there is nothing to undo.
    pub fn undo(&mut self, current: Rc<Project>) -> Option<Rc<Project>> {
        let step = self.undo.pop()?;
        push_bounded(
            &mut self.redo,
            Step {
                label: step.label,
                project: current,
            },
        );
        Some(step.project)
    }

    /// Redoes the last undone step: returns the project after it and moves `current` back
    /// to the undo stack; `None` when there is nothing to redo.
    pub fn redo(&mut self, current: Rc<Project>) -> Option<Rc<Project>> {
        let step = self.redo.pop()?;
        push_bounded(
            &mut self.undo,
            Step {
                label: step.label,
                project: current,
            },
        );
        Some(step.project)
    }

    /// The label of the step an undo would take back.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|s| s.label.as_str())
    }

    /// The label of the step a redo would make again.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|s| s.label.as_str())
    }
}

fn push_bounded(stack: &mut Vec<Step>, step: Step) {
    stack.push(step);
    let excess = stack.len().saturating_sub(MAX_STEPS);
    stack.drain(..excess);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(id: &str) -> Rc<Project> {
        Rc::new(Project {
            id: id.to_string(),
            ..Project::default()
        })
    }

    #[test]
    fn undo_and_redo_walk_back_and_forth_through_the_steps() {
        let mut history = History::default();
        history.record("first", project("a"));
        history.record("second", project("b"));
        assert_eq!(history.undo_label(), Some("second"));
        assert_eq!(history.undo(project("c")), Some(project("b")));
        assert_eq!(history.redo_label(), Some("second"));
        assert_eq!(history.undo(project("b")), Some(project("a")));
        assert_eq!(history.undo(project("a")), None);
        assert_eq!(history.redo(project("a")), Some(project("b")));
        assert_eq!(history.redo(project("b")), Some(project("c")));
        assert_eq!(history.redo(project("c")), None);
        assert_eq!(history.undo_label(), Some("second"));
    }

    #[test]
    fn a_new_step_clears_what_could_be_redone() {
        let mut history = History::default();
        history.record("first", project("a"));
        assert!(history.undo(project("b")).is_some());
        assert!(history.redo_label().is_some());
        history.record("other", project("a"));
        assert_eq!(history.redo_label(), None);
        assert_eq!(history.redo(project("x")), None);
    }

    #[test]
    fn only_the_newest_steps_are_kept() {
        let mut history = History::default();
        for i in 0..MAX_STEPS + 5 {
            history.record(&i.to_string(), project(&i.to_string()));
        }
        let mut undone = 0;
        let mut current = project("now");
        while let Some(before) = history.undo(current.clone()) {
            current = before;
            undone += 1;
        }
        assert_eq!(undone, MAX_STEPS);
        assert_eq!(
            current,
            project("5"),
            "the five oldest steps were forgotten"
        );
    }
}

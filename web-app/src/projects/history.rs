//! [`History`]: the undo and redo stacks of authoring steps, as whole project states.
//!
//! Keeping whole projects rather than inverse operations means every kind of edit (a script,
//! a blueprint rename, an instance dragged on the map) undoes the same way, and an undo can
//! never drift from what the edit did. Each state is shared (`Rc`) with whoever else holds
//! it (the current project, the running simulation), so a step costs one copy of the
//! project, made by the edit that left it; each stack keeps at most [`MAX_STEPS`] steps and
//! [`MAX_STEP_BYTES`] of projects.

use sim_core::Project;
use std::rc::Rc;

/// The most steps kept on each stack; the oldest step is forgotten past it, so a long
/// session cannot grow memory without end.
pub const MAX_STEPS: usize = 100;

/// The most bytes of projects (as JSON) each stack keeps: a model of 10,000 starting agents
/// is about 2 MB, so 100 of its steps would take a tab's memory. The oldest steps go first;
/// the newest is always kept.
pub const MAX_STEP_BYTES: usize = 32 << 20;

/// One recorded step: what it was called and the project as it was on the other side of it.
#[derive(Debug, Clone, PartialEq)]
struct Step {
    label: String,
    project: Rc<Project>,
    /// The project's size as JSON, counted once when the step is made.
    bytes: usize,
}

impl Step {
    fn new(label: String, project: Rc<Project>) -> Step {
        let bytes = json_bytes(&project);
        Step {
            label,
            project,
            bytes,
        }
    }
}

/// How many bytes `project` takes as JSON, counted as it is written, without the text.
fn json_bytes(project: &Project) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing into a counter cannot fail but for a value serde refuses, which a project
    // read from JSON has none of; it then counts what was written before.
    let _ = serde_json::to_writer(&mut count, project);
    count.0
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
        push_bounded(&mut self.undo, Step::new(label.to_string(), before));
        self.redo.clear();
    }

    /// Undoes the last step: returns the project before it and moves `current` to the redo
    /// stack; `None` when there is nothing to undo.
    pub fn undo(&mut self, current: Rc<Project>) -> Option<Rc<Project>> {
        let step = self.undo.pop()?;
        push_bounded(&mut self.redo, Step::new(step.label, current));
        Some(step.project)
    }

    /// Redoes the last undone step: returns the project after it and moves `current` back
    /// to the undo stack; `None` when there is nothing to redo.
    pub fn redo(&mut self, current: Rc<Project>) -> Option<Rc<Project>> {
        let step = self.redo.pop()?;
        push_bounded(&mut self.undo, Step::new(step.label, current));
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
    let mut bytes: usize = stack.iter().map(|s| s.bytes).sum();
    let mut oldest = 0;
    while bytes > MAX_STEP_BYTES && oldest + 1 < stack.len() {
        bytes -= stack.get(oldest).map_or(0, |s| s.bytes);
        oldest += 1;
    }
    stack.drain(..oldest);
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
    fn large_projects_keep_fewer_steps_and_always_the_newest() {
        let big = |id: &str| {
            let mut project = (*project(id)).clone();
            project.description = "x".repeat(MAX_STEP_BYTES / 3);
            Rc::new(project)
        };
        let mut history = History::default();
        for i in 0..5 {
            history.record(&i.to_string(), big(&i.to_string()));
        }
        let mut current = project("now");
        let mut undone = Vec::new();
        while let Some(before) = history.undo(current.clone()) {
            undone.push(before.id.clone());
            current = before;
        }
        assert_eq!(undone, ["4", "3"], "two thirds of the budget each: two fit");
        let mut lone = History::default();
        let mut huge = (*project("huge")).clone();
        huge.description = "x".repeat(MAX_STEP_BYTES + 1);
        lone.record("huge", Rc::new(huge));
        assert_eq!(
            lone.undo_label(),
            Some("huge"),
            "the newest is kept whatever its size"
        );
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

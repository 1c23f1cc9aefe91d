//! A project that starts where a run is now: *Continue from here* on a class run's replay
//! ("what if we had…") keeps the moment as a model of its own.

use super::view::PropGroup;
use super::Simulation;
use crate::project::Project;
use crate::vars::Value;
use std::fmt::Write as _;

/// The built-in props a starting agent takes from the moment (the rest follow from its
/// blueprint or are the run's own bookkeeping).
const CARRIED_BUILTINS: [&str; 4] = ["x", "y", "alpha", "isInert"];

/// A prop's value as script text, when a script can say it exactly.
fn literal(value: &Value) -> Option<String> {
    match value {
        // Rust's shortest round-trip form: the script reads back the same number.
        Value::Number(n) if n.is_finite() => Some(format!("{n}")),
        Value::Boolean(b) => Some(b.to_string()),
        Value::String(s) if !s.contains(['\'', '\n', '\r']) => Some(format!("'{s}'")),
        _ => None,
    }
}

impl Simulation {
    /// `project` with its starting agents replaced by this run's agents as they are now: each
    /// of its blueprint, with its name, its place and the props its blueprint added (numbers,
    /// text and true/false) set to their values now. What a project cannot say starts
    /// afresh when it runs: timers, features' state, the random generator, Global props.
    pub fn project_from_here(&self, project: &Project) -> Project {
        let mut from_here = project.clone();
        from_here.instances.clear();
        for agent in self.agents() {
            if project.blueprint(agent.blueprint()).is_none() {
                continue;
            }
            let mut init = String::new();
            for row in agent.props() {
                let carried = match &row.group {
                    PropGroup::Builtin => CARRIED_BUILTINS.contains(&row.name.as_str()),
                    PropGroup::Added => true,
                    PropGroup::Feature(_) => false,
                };
                if let Some(value) = literal(&row.value).filter(|_| carried) {
                    let _ = writeln!(init, "prop {} setTo {value}", row.name);
                }
            }
            let index = from_here.add_instance(agent.blueprint(), init.trim_end().to_string());
            from_here.instances[index].label = agent.name().to_string();
        }
        from_here
    }
}

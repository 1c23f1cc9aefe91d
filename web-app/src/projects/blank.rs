//! The project *New project* opens: an empty stage with nothing on it, for a student who
//! builds a model from the start with the blueprint list, the wizard and the map editor.

use sim_core::Project;

/// An empty, valid project: GEMSTEP's default stage, no blueprints, instances or rounds.
pub fn blank_project() -> Project {
    Project {
        id: "new-project".to_owned(),
        label: "New project".to_owned(),
        ..Project::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::Simulation;

    #[test]
    fn a_new_project_is_empty_valid_and_runs() {
        let project = blank_project();
        assert!(project.blueprints.is_empty() && project.instances.is_empty());
        assert!(project.problems().is_empty());
        let sim = Simulation::load(&project, 1).unwrap();
        assert_eq!(sim.agents().count(), 0);
        let saved = project.to_json_pretty().unwrap();
        assert_eq!(Project::from_json(&saved).unwrap(), project);
    }
}

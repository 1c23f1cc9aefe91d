//! Whether a model still holds what its lesson guide promises: each of the guide's alive
//! checks names a measure that works with the model ([`alive_problems`]) and, after the model
//! has run on its own, is at least its number ([`alive_failures`]).

use super::measure::Measure;
use crate::project::{Guide, Project};
use crate::script::compiler::project_symbols;
use crate::sim::Simulation;

/// For each of the guide's alive checks that cannot work with the model, its index and why.
pub fn alive_problems(project: &Project) -> Vec<(usize, String)> {
    let Some(guide) = &project.guide else {
        return Vec::new();
    };
    let symbols = project_symbols(project);
    guide
        .alive
        .iter()
        .enumerate()
        .filter_map(|(i, check)| {
            Measure::parse(&check.measure)
                .and_then(|m| m.check(&symbols))
                .err()
                .map(|why| (i, why))
        })
        .collect()
}

/// Each of `guide`'s alive checks that `sim` (running the guide's model) does not meet now,
/// said as "count Fish is 0; the guide wants at least 2".
pub fn alive_failures(guide: &Guide, sim: &Simulation) -> Vec<String> {
    guide
        .alive
        .iter()
        .filter_map(|check| {
            let value = Measure::parse(&check.measure).and_then(|m| m.sample(sim));
            match value {
                Ok(v) if v >= check.at_least => None,
                Ok(v) => Some(format!(
                    "{} is {v}; the guide wants at least {}",
                    check.measure, check.at_least
                )),
                Err(why) => Some(format!("{}: {why}", check.measure)),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::AliveCheck;

    fn project(alive: &[(&str, f64)]) -> Project {
        let mut project = Project::from_json(
            r##"{ "blueprints": [{ "name": "Fish", "scriptText": "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp energy Number 5" }],
                  "instances": [{ "id": "1", "label": "A", "bpid": "Fish" }, { "id": "2", "label": "B", "bpid": "Fish" }] }"##,
        )
        .unwrap();
        project.guide = Some(Guide {
            alive: alive
                .iter()
                .map(|(measure, at_least)| AliveCheck {
                    measure: measure.to_string(),
                    at_least: *at_least,
                })
                .collect(),
            ..Guide::default()
        });
        project
    }

    #[test]
    fn a_check_met_says_nothing_and_one_missed_says_by_how_much() {
        let project = project(&[("count Fish", 2.0), ("mean Fish.energy", 6.0)]);
        let sim = Simulation::load(&project, 1).unwrap();
        let failures = alive_failures(project.guide.as_ref().unwrap(), &sim);
        assert_eq!(
            failures,
            ["mean Fish.energy is 5; the guide wants at least 6"]
        );
    }

    #[test]
    fn a_check_that_cannot_work_is_named_with_its_index() {
        let project = project(&[("count Fish", 1.0), ("count Fsh", 1.0), ("nonsense", 1.0)]);
        let problems = alive_problems(&project);
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[0].0, 1);
        assert!(
            problems[0].1.contains("did you mean Fish?"),
            "{}",
            problems[0].1
        );
        assert_eq!(problems[1].0, 2);
        let sim = Simulation::load(&project, 1).unwrap();
        let failures = alive_failures(project.guide.as_ref().unwrap(), &sim);
        assert_eq!(failures.len(), 2, "{failures:?}");
    }
}

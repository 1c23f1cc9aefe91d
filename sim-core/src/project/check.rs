//! Consistency checks on a project that parsed: names that must be unique and
//! references that must resolve.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use super::costume::{MAX_COSTUMES, MAX_TOTAL_BYTES};
use super::error::Problem;
use super::experiment::MAX_EXPERIMENTS;
use super::widget::MAX_WIDGETS;
use super::Project;

/// Every problem in `project`, stage first, then blueprints, then instances.
pub(super) fn problems(project: &Project) -> Vec<Problem> {
    let mut problems = stage_problems(project);
    problems.extend(blueprint_problems(project));
    problems.extend(instance_problems(project));
    problems.extend(costume_problems(project));
    if project.experiments.len() > MAX_EXPERIMENTS {
        problems.push(Problem::TooManyExperiments {
            count: project.experiments.len(),
        });
    }
    if project.widgets.len() > MAX_WIDGETS {
        problems.push(Problem::TooManyWidgets {
            count: project.widgets.len(),
        });
    }
    if let Some(why) = project.guide.as_ref().and_then(|g| g.too_big()) {
        problems.push(Problem::GuideTooBig { why });
    }
    problems
}

fn costume_problems(project: &Project) -> Vec<Problem> {
    let costumes = &project.costumes;
    let mut problems = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (index, costume) in costumes.iter().enumerate() {
        if let Some(problem) = costume.problem() {
            problems.push(Problem::Costume {
                index,
                name: costume.name.clone(),
                problem,
            });
        } else if let Some(first) = first_seen(&mut seen, &costume.name, index) {
            problems.push(Problem::DuplicateCostume {
                name: costume.name.clone(),
                first,
                second: index,
            });
        }
    }
    let bytes: usize = costumes.iter().map(|c| c.image_bytes()).sum();
    if costumes.len() > MAX_COSTUMES || bytes > MAX_TOTAL_BYTES {
        problems.push(Problem::TooManyCostumes {
            count: costumes.len(),
            bytes,
        });
    }
    problems
}

/// The first invisible character in name `text` (see [`crate::lexical::is_invisible`]).
fn invisible(field: &str, text: &str) -> Option<Problem> {
    let (at, character) = text
        .chars()
        .enumerate()
        .find(|(_, c)| crate::lexical::is_invisible(*c))?;
    Some(Problem::InvisibleInName {
        field: field.to_string(),
        at: at + 1,
        character,
    })
}

fn stage_problems(project: &Project) -> Vec<Problem> {
    let stage = &project.metadata;
    [
        ("left", stage.left, "right", stage.right),
        ("top", stage.top, "bottom", stage.bottom),
    ]
    .into_iter()
    .filter(|(_, low, _, high)| low >= high)
    .map(|(low, low_value, high, high_value)| Problem::StageBounds {
        low,
        low_value,
        high,
        high_value,
    })
    .collect()
}

/// Where `name` was seen before, if it was; otherwise notes it as first seen at `index`.
fn first_seen<'a>(
    seen: &mut HashMap<&'a str, usize>,
    name: &'a str,
    index: usize,
) -> Option<usize> {
    match seen.entry(name) {
        Entry::Occupied(entry) => Some(*entry.get()),
        Entry::Vacant(entry) => {
            entry.insert(index);
            None
        }
    }
}

fn blueprint_problems(project: &Project) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (index, blueprint) in project.blueprints.iter().enumerate() {
        problems.extend(invisible(
            &format!("blueprints[{index}].name"),
            &blueprint.name,
        ));
        if blueprint.name.trim().is_empty() {
            problems.push(Problem::UnnamedBlueprint { index });
        } else if let Some(first) = first_seen(&mut seen, &blueprint.name, index) {
            problems.push(Problem::DuplicateBlueprint {
                name: blueprint.name.clone(),
                first,
                second: index,
            });
        }
    }
    problems
}

fn instance_problems(project: &Project) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (index, instance) in project.instances.iter().enumerate() {
        problems.extend(invisible(
            &format!("instances[{index}].label"),
            &instance.label,
        ));
        if let Some(first) = first_seen(&mut seen, &instance.id, index) {
            problems.push(Problem::DuplicateInstance {
                id: instance.id.clone(),
                first,
                second: index,
            });
        }
        if project.blueprint(&instance.bpid).is_none() {
            let names = project.blueprints.iter().map(|b| b.name.as_str());
            problems.push(Problem::UnknownBlueprint {
                index,
                bpid: instance.bpid.clone(),
                suggestion: crate::suggest::closest(&instance.bpid, names).map(str::to_string),
            });
        }
    }
    problems
}

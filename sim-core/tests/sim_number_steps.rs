//! `add`, `sub` and `setTo` by a number on a prop, a feature prop or a Global prop, when the
//! number is written out or an expression of numbers only: an update program made only of
//! them is worked out once and run without the interpreter. Whatever the path, a run must be
//! the interpreter's: the same props, the same random draws and the same errors on the same
//! lines. Each test runs a model three ways and compares them: as written (the worked-out
//! program); with a statement added at the end that only the interpreter runs (`exprPush`,
//! whose value the next statement's empty stack drops), so that the interpreter runs each
//! step; and with every expression made to read a prop (`+ agent.getProp('zero').value`,
//! which adds 0), so that no statement is worked out.

mod sim_common;

use sim_common::{errors, load, num, project};
use sim_core::Simulation;

const BUG: &str = "# BLUEPRINT Bug
# PROGRAM DEFINE
useFeature Global
addFeature Movement
featCall Movement setRandomPosition
addProp zero Number 0
addProp energy Number 5
prop energy setMax 8
addProp note String 'n'
# PROGRAM UPDATE
{UPDATE}
";

const COUNTER: &str = "# BLUEPRINT Counter
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp steps Number 0
";

fn run(update: &str) -> Simulation {
    let bug = BUG.replace("{UPDATE}", update);
    let names: Vec<String> = (0..12).map(|i| format!("b{i}")).collect();
    let mut instances = vec![("Counter", "counter", "")];
    instances.extend(names.iter().map(|n| ("Bug", n.as_str(), "")));
    let mut sim = load(
        &project(
            &[
                ("Bug", &bug),
                ("Counter", COUNTER),
                ("Spare", sim_common::SPARE),
            ],
            &instances,
            true,
        ),
        9,
    );
    for _ in 0..20 {
        sim.step();
    }
    sim
}

/// Runs `update` the three ways; answers the worked-out run and its errors' places.
fn same_every_way(update: &str) -> (Simulation, Vec<String>) {
    let direct = run(update);
    let short = run(&format!("{update}\nexprPush {{{{ 0 }}}}"));
    let full = run(&update.replace(" }}", " + agent.getProp('zero').value }}"));
    // Messages quote the expression, which differs; the places and counts may not.
    let places = |sim: &Simulation| -> Vec<String> {
        errors(sim)
            .iter()
            .map(|e| e.split(": ").next().unwrap_or_default().to_string())
            .collect()
    };
    for (way, other) in [("short", &short), ("full", &full)] {
        assert_eq!(direct.state_hash(), other.state_hash(), "{way}: {update}");
        assert_eq!(direct.globals(), other.globals(), "{way}: {update}");
        assert_eq!(places(&direct), places(other), "{way}: {update}");
    }
    assert_eq!(errors(&direct), errors(&short), "{update}");
    let found = places(&direct);
    (direct, found)
}

#[test]
fn steps_by_numbers_and_random_draws_give_the_full_paths_results() {
    let (sim, errors) = same_every_way(
        "prop energy add {{ Math.random() * 2 }}
prop x add {{ 3 }}
featProp Movement direction add {{ Math.random() * 10 - 5 }}
featProp Movement distance setTo {{ 2 * 3 }}
featCall Global globalProp steps add {{ 1 }}
featCall Global globalProp steps sub 0.5",
    );
    assert!(errors.is_empty(), "{errors:?}");
    let steps = sim
        .globals()
        .into_iter()
        .find(|(name, _)| name == "steps")
        .and_then(|(_, v)| v.as_number());
    assert_eq!(steps, Some(12.0 * 20.0 * 0.5));
    // The limit holds on the worked-out path.
    assert_eq!(num(&sim, "Bug/b0", "energy"), 8.0);
}

#[test]
fn what_the_short_path_cannot_change_the_full_path_changes_or_reports() {
    let (sim, errors) = same_every_way(
        "prop note add {{ 1 }}
featProp Movement distance setTo {{ 1 / 0 - 1 / 0 }}
featCall Global globalProp spare add {{ 1 }}
prop energy sub {{ 1 }}
featCall Global globalProp spare add {{ Math.random() }}
featProp Movement direction setTo {{ Math.random() / 0 }}
featProp Movement direction add {{ Math.random() }}",
    );
    // A Number step on a String prop is the String's own `add`.
    assert_eq!(
        sim_common::prop(&sim, "Bug/b0", "note"),
        sim_core::Value::String(format!("n{}", "1".repeat(20)))
    );
    // Not-a-number and a Global prop nothing made are errors of their lines, and the
    // statements after them still run.
    assert!(
        errors.iter().any(|e| e.starts_with("Bug:12:")),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.starts_with("Bug:13:")),
        "{errors:?}"
    );
    // A failure after a random draw: the draw is made again by the path that reports it, so
    // the numbers drawn after it are the full path's (the direction shows them).
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(
        errors.iter().any(|e| e.starts_with("Bug:16:")),
        "{errors:?}"
    );
    assert_eq!(num(&sim, "Bug/b0", "energy"), 5.0 - 20.0);
}

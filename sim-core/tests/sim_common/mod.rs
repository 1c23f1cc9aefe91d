//! Helpers shared by the simulation behaviour tests: small projects written in the test.

#![allow(dead_code)]

use sim_core::{sim::tick_time, Project, Simulation, Value, TICKS_PER_SECOND};

/// A blueprint that declares the Global prop `spare`: a test that makes no agent of it has a
/// Global prop the compiler knows but that is never made, so changing it fails as it runs.
pub const SPARE: &str = "# BLUEPRINT Spare
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp spare Number 0
";

/// A project with these blueprints `(name, script)` and instances `(blueprint, label, init)`.
pub fn project(
    blueprints: &[(&str, &str)],
    instances: &[(&str, &str, &str)],
    wrap: bool,
) -> Project {
    let blueprints: Vec<_> = blueprints
        .iter()
        .map(
            |(name, script)| serde_json::json!({"name": name, "label": name, "scriptText": script}),
        )
        .collect();
    let instances: Vec<_> = instances
        .iter()
        .enumerate()
        .map(|(i, (bp, label, init))| {
            serde_json::json!({"id": i.to_string(), "label": label, "bpid": bp, "initScript": init})
        })
        .collect();
    let json = serde_json::json!({
        "id": "test", "label": "test", "description": "",
        "metadata": {"top": -400, "right": 400, "bottom": 400, "left": -400,
                     "wrap": [wrap, wrap], "bounce": !wrap, "bgcolor": 0, "roundsCanLoop": false},
        "rounds": [], "blueprints": blueprints, "instances": instances
    });
    Project::from_json(&json.to_string()).expect("test project is valid")
}

/// Loads a project, panicking with every compile error if it does not compile.
pub fn load(project: &Project, seed: u64) -> Simulation {
    match Simulation::load(project, seed) {
        Ok(sim) => sim,
        Err(e) => panic!("test model does not load:\n{e}"),
    }
}

/// Runs the simulation to `seconds` of simulation time.
pub fn run_seconds(sim: &mut Simulation, seconds: u64) {
    sim.advance_to(tick_time(seconds * u64::from(TICKS_PER_SECOND)));
}

/// The value of prop `prop` of the agent `Blueprint/name`.
pub fn prop(sim: &Simulation, path: &str, prop: &str) -> Value {
    let id = sim
        .lookup(path)
        .unwrap_or_else(|| panic!("no agent {path}"));
    sim.agent_props(id)
        .expect("agent exists")
        .into_iter()
        .find(|row| row.name == prop)
        .unwrap_or_else(|| panic!("{path} has no prop {prop}"))
        .value
}

/// A number prop.
pub fn num(sim: &Simulation, path: &str, name: &str) -> f64 {
    prop(sim, path, name).as_number().expect("a number")
}

/// How many agents of `blueprint` exist.
pub fn count(sim: &Simulation, blueprint: &str) -> usize {
    sim.counts()
        .into_iter()
        .find(|(name, _)| name == blueprint)
        .map_or(0, |(_, n)| n)
}

/// The warnings in the log, as `blueprint:line:col: message`.
pub fn warnings(sim: &Simulation) -> Vec<String> {
    sim.log()
        .iter()
        .filter(|e| e.kind == sim_core::LogKind::Warning)
        .map(|e| format!("{}:{}:{}: {}", e.blueprint, e.line, e.col, e.message))
        .collect()
}

/// The runtime errors in the log, as text.
pub fn errors(sim: &Simulation) -> Vec<String> {
    sim.log()
        .iter()
        .filter(|e| e.kind == sim_core::LogKind::Error)
        .map(|e| format!("{}:{}:{}: {}", e.blueprint, e.line, e.col, e.message))
        .collect()
}

/// A pond for session tests: Fish that students steer (`isCharControllable`) and wandering
/// Algae, `algae` of them at the start; both change a prop every tick.
pub fn pond(algae: usize) -> Project {
    const FISH: &str = "# BLUEPRINT Fish
# TAG isCharControllable true
# PROGRAM DEFINE
addFeature Movement
featProp Movement movementType setTo 'wander'
addProp energy Number 10
# PROGRAM UPDATE
prop energy sub 0.1
";
    const ALGAE: &str = "# BLUEPRINT Algae
# PROGRAM DEFINE
addFeature Movement
featProp Movement movementType setTo 'wander'
addProp size Number 1
# PROGRAM UPDATE
prop size add 0.01
";
    let labels: Vec<String> = (1..=algae).map(|n| format!("a{n}")).collect();
    let instances: Vec<(&str, &str, &str)> =
        labels.iter().map(|l| ("Algae", l.as_str(), "")).collect();
    project(&[("Fish", FISH), ("Algae", ALGAE)], &instances, true)
}

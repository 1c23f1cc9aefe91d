//! The command line on a running model: a line of ScriptText run once, at the start of the
//! next tick, by the model as a whole, every agent of a blueprint, or one agent; refused at
//! once with its line and column when it does not compile; recorded once in the input log.

mod sim_common;

use sim_common::project;
use sim_core::{
    sim::{replay, CommandError, MAX_WAITING_COMMANDS},
    CommandTarget, Input, Project, Simulation, Value,
};

const FISH: &str = "# BLUEPRINT Fish
# PROGRAM DEFINE
addProp energy Number 10
";

const KEEPER: &str = "# BLUEPRINT Keeper
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp rate Number 1
";

fn model() -> Project {
    project(
        &[("Fish", FISH), ("Keeper", KEEPER)],
        &[("Fish", "a", ""), ("Fish", "b", ""), ("Keeper", "k", "")],
        true,
    )
}

fn energies(sim: &Simulation) -> Vec<f64> {
    sim.prop_numbers("Fish", "energy").collect()
}

#[test]
fn a_command_runs_at_the_next_tick_on_every_agent_it_names() {
    let mut sim = Simulation::load(model(), 1).unwrap();
    let fish = CommandTarget::Blueprint("Fish".into());
    assert_eq!(sim.run_command(&fish, "prop energy add 5"), Ok(2));
    assert_eq!(energies(&sim), [10.0, 10.0], "nothing runs before the tick");
    sim.step();
    assert_eq!(energies(&sim), [15.0, 15.0]);
    sim.step();
    assert_eq!(energies(&sim), [15.0, 15.0], "it runs once");

    let a = sim.lookup("Fish/a").unwrap();
    assert_eq!(
        sim.run_command(&CommandTarget::Agent(a), "prop energy setTo 1"),
        Ok(1)
    );
    sim.step();
    assert_eq!(energies(&sim), [1.0, 15.0]);

    let model = CommandTarget::Model;
    assert_eq!(
        sim.run_command(&model, "featCall Global globalProp rate setTo 7"),
        Ok(1)
    );
    sim.step();
    assert_eq!(sim.global("rate"), Some(Value::Number(7.0)));
}

#[test]
fn a_command_that_does_not_compile_is_refused_with_its_place() {
    let mut sim = Simulation::load(model(), 1).unwrap();
    let fish = CommandTarget::Blueprint("Fish".into());
    let Err(CommandError::Message(e)) = sim.run_command(&fish, "prop enrgy add 5") else {
        panic!("a misspelt prop compiled");
    };
    let text = e.to_string();
    assert!(text.starts_with("command to Fish:1:6: "), "{text}");
    assert!(text.contains("energy"), "it suggests the prop: {text}");
    let bad = sim.run_command(&CommandTarget::Blueprint("Fsh".into()), "prop energy add 1");
    assert!(bad.unwrap_err().to_string().contains("Fsh"));
    let long = "dbgOut 'x' ".repeat(300);
    assert_eq!(sim.run_command(&fish, &long), Err(CommandError::TooLong));
    for _ in 0..MAX_WAITING_COMMANDS {
        sim.run_command(&fish, "prop energy add 1").unwrap();
    }
    assert_eq!(
        sim.run_command(&fish, "prop energy add 1"),
        Err(CommandError::TooMany)
    );
    assert!(
        sim.input_log().entries().len() == MAX_WAITING_COMMANDS,
        "refusals are not logged"
    );
    sim.step();
    assert_eq!(energies(&sim), [74.0, 74.0]);
}

#[test]
fn a_typed_command_refuses_what_a_script_would_only_warn_about() {
    let mut sim = Simulation::load(model(), 1).unwrap();
    let fish = CommandTarget::Blueprint("Fish".into());
    for (line, place, says) in [
        (
            "prop energy setTo",
            "command to Fish:1:13: ",
            "needs its 'value'",
        ),
        (
            "featPorp Costume glow setTo 1",
            "command to Fish:1:1: ",
            "featProp",
        ),
        ("prop energy setTo 1 2", "command to Fish:1:21: ", "ignored"),
    ] {
        let Err(CommandError::Message(e)) = sim.type_command(&fish, line) else {
            panic!("'{line}' was sent from the command line");
        };
        let text = e.to_string();
        assert!(text.starts_with(place), "{line}: {text}");
        assert!(text.contains(says), "{line}: {text}");
    }
    let model_line = sim.type_command(
        &CommandTarget::Model,
        "featCall Global globalProp rate setTo",
    );
    assert!(model_line.is_err(), "{model_line:?}");
    assert!(
        sim.input_log().entries().is_empty(),
        "refusals are not logged"
    );
    // A button's line, or a replayed input, runs as a script's line would.
    assert_eq!(sim.run_command(&fish, "prop energy setTo 1 2"), Ok(2));
    assert_eq!(sim.type_command(&fish, "prop energy add 1"), Ok(2));
    sim.step();
    assert_eq!(energies(&sim), [2.0, 2.0]);
}

#[test]
fn a_command_is_logged_once_and_replays_and_restores_exactly() {
    let p = model();
    let mut sim = Simulation::load(&p, 3).unwrap();
    sim.step();
    sim.run_command(
        &CommandTarget::Blueprint("Fish".into()),
        "prop energy add 5",
    )
    .unwrap();
    sim.run_command(
        &CommandTarget::Model,
        "featCall Global globalProp rate add 2",
    )
    .unwrap();
    let commands: Vec<_> = sim
        .input_log()
        .entries()
        .iter()
        .filter(|l| matches!(l.input, Input::Command(..)))
        .collect();
    assert_eq!(commands.len(), 2, "one entry per command, not per agent");
    // A snapshot taken with the commands waiting keeps them.
    let mut restored = Simulation::restore(&p, &sim.snapshot()).unwrap();
    for _ in 0..3 {
        sim.step();
        restored.step();
    }
    assert_eq!(sim.global("rate"), Some(Value::Number(3.0)));
    assert_eq!(restored.state_hash(), sim.state_hash());
    let again = replay(&p, 3, sim.input_log().entries(), sim.tick_count()).unwrap();
    assert_eq!(again.state_hash(), sim.state_hash());
}

//! Messages sent to running agents (GEMSTEP's update / think / exec message queues): each runs
//! once, in its phase, after that phase's blueprint program, in the order queued.

mod sim_common;

use sim_common::{load, project, prop};
use sim_core::{sim::MessageError, QueuePhase, Simulation, Value};

/// A bee whose update program sets `step` to 1 and whose exec program sets it to 3, so a
/// message that copies `step` shows where in the tick it ran.
const BEE: &str = "# BLUEPRINT Bee
# PROGRAM DEFINE
addProp step Number 0
addProp seen Number 0
addProp n Number 0
# PROGRAM UPDATE
prop step setTo 1
# PROGRAM EXEC
prop step setTo 3
";

/// Copies `step` into `seen` through the value stack.
const COPY_STEP: &str = "propPush step\npropPop seen";

fn bees(labels: &[&str]) -> Simulation {
    let instances: Vec<(&str, &str, &str)> = labels.iter().map(|l| ("Bee", *l, "")).collect();
    load(&project(&[("Bee", BEE)], &instances, true), 3)
}

fn bee(sim: &Simulation, label: &str) -> sim_core::EntityId {
    sim.lookup(&format!("Bee/{label}")).unwrap()
}

#[test]
fn a_message_queued_for_the_think_phase_runs_after_update_and_before_exec_in_the_same_tick() {
    let mut sim = bees(&["b"]);
    sim.queue_message(bee(&sim, "b"), QueuePhase::Think, COPY_STEP)
        .unwrap();
    sim.step();
    assert_eq!(prop(&sim, "Bee/b", "seen"), Value::Number(1.0));
    assert_eq!(prop(&sim, "Bee/b", "step"), Value::Number(3.0));
}

#[test]
fn an_update_message_runs_after_the_update_program_and_an_exec_message_after_the_exec_program() {
    let mut sim = bees(&["b"]);
    let id = bee(&sim, "b");
    sim.queue_message(id, QueuePhase::Update, "prop step add 10")
        .unwrap();
    sim.queue_message(id, QueuePhase::Think, COPY_STEP).unwrap();
    sim.step();
    assert_eq!(
        prop(&sim, "Bee/b", "seen"),
        Value::Number(11.0),
        "the update message added to the update program's 1, before think"
    );
    sim.queue_message(id, QueuePhase::Exec, "prop step add 100")
        .unwrap();
    sim.step();
    assert_eq!(
        prop(&sim, "Bee/b", "step"),
        Value::Number(103.0),
        "the exec message added to the exec program's 3"
    );
}

#[test]
fn messages_run_once_in_the_order_queued() {
    let mut sim = bees(&["b"]);
    let id = bee(&sim, "b");
    sim.queue_message(id, QueuePhase::Think, "prop n setTo 5")
        .unwrap();
    sim.queue_message(id, QueuePhase::Think, "prop n add 1")
        .unwrap();
    sim.step();
    assert_eq!(
        prop(&sim, "Bee/b", "n"),
        Value::Number(6.0),
        "set, then add"
    );
    sim.step();
    sim.step();
    assert_eq!(prop(&sim, "Bee/b", "n"), Value::Number(6.0), "not again");
}

#[test]
fn a_message_runs_only_on_the_agent_it_was_sent_to() {
    let mut sim = bees(&["a", "b"]);
    sim.queue_message(bee(&sim, "b"), QueuePhase::Exec, "prop n add 1")
        .unwrap();
    sim.step();
    assert_eq!(prop(&sim, "Bee/a", "n"), Value::Number(0.0));
    assert_eq!(prop(&sim, "Bee/b", "n"), Value::Number(1.0));
}

#[test]
fn a_message_to_a_removed_agent_is_refused() {
    let mut sim = bees(&["a", "b"]);
    let id = bee(&sim, "b");
    sim.remove_agent(id).unwrap();
    assert_eq!(
        sim.queue_message(id, QueuePhase::Update, "prop n add 1"),
        Err(MessageError::NoSuchAgent)
    );
}

#[test]
fn a_message_that_does_not_compile_is_refused_with_its_line_and_column() {
    let mut sim = bees(&["b"]);
    let id = bee(&sim, "b");
    let Err(MessageError::Compile(errors)) =
        sim.queue_message(id, QueuePhase::Think, "prop n add 1\nprop enrgy add 1")
    else {
        panic!("a message naming a missing prop was queued");
    };
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0].pos.line, errors[0].pos.col), (2, 6));
    let text = MessageError::Compile(errors).to_string();
    assert!(
        text.starts_with("think message to Bee/b:2:6:") && text.contains("enrgy"),
        "{text}"
    );
    sim.step();
    assert_eq!(
        prop(&sim, "Bee/b", "n"),
        Value::Number(0.0),
        "nothing of it was queued"
    );
}

#[test]
fn a_message_that_fails_while_running_is_logged_under_its_name_and_the_tick_goes_on() {
    let mut sim = bees(&["b"]);
    let id = bee(&sim, "b");
    sim.queue_message(id, QueuePhase::Exec, "propPop n\nprop n add 1")
        .unwrap();
    sim.step();
    let entry = sim
        .log()
        .iter()
        .find(|e| e.blueprint == "exec message to Bee/b")
        .unwrap_or_else(|| panic!("no log entry: {:?}", sim.log()));
    assert_eq!(entry.line, 1);
    assert_eq!(prop(&sim, "Bee/b", "n"), Value::Number(1.0), "went on");
}

#[test]
fn a_queued_message_survives_a_hot_swap_and_runs_with_the_new_program() {
    let mut sim = bees(&["b"]);
    let id = bee(&sim, "b");
    sim.queue_message(id, QueuePhase::Exec, "prop step add 100")
        .unwrap();
    let edited = BEE.replace("prop step setTo 3", "prop step setTo 4");
    sim.hot_swap(project(&[("Bee", &edited)], &[("Bee", "b", "")], true))
        .unwrap();
    sim.step();
    assert_eq!(prop(&sim, "Bee/b", "step"), Value::Number(104.0));
}

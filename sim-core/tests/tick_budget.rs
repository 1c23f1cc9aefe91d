//! A tick that would never end stops at its work budget: loops inside loops over every
//! character, spawning inside them or inside a `when` rule, stop at a fixed count of
//! statements and characters (never at a time), with a runtime error naming the blueprint,
//! line and rule; no tick runs until the run is told to go on, and every device stops at the
//! same statement.

mod sim_common;

use sim_common::{load, project};
use sim_core::{sim::MAX_TICK_WORK, Simulation};

/// `depth` levels of `tellAllCharacters` around one statement.
fn nested(depth: usize, inner: &str) -> String {
    let mut text = inner.to_string();
    for _ in 0..depth {
        text = format!("featCall Population tellAllCharacters [[\n{text}\n]]");
    }
    text
}

/// `n` agents of a blueprint `Fish` whose UPDATE is `update`.
fn fish(n: usize, update: &str) -> Simulation {
    let script = format!(
        "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Population\naddProp k Number 0\n# PROGRAM UPDATE\n{update}\n"
    );
    let instances: Vec<(&str, String, &str)> =
        (0..n).map(|i| ("Fish", format!("f{i}"), "")).collect();
    let instances: Vec<(&str, &str, &str)> = instances
        .iter()
        .map(|(bp, label, init)| (*bp, label.as_str(), *init))
        .collect();
    load(&project(&[("Fish", &script)], &instances, false), 1)
}

#[test]
fn thirty_agents_nesting_eight_loops_stop_at_the_budget_with_the_place() {
    let mut sim = fish(30, &nested(8, "prop zIndex add 1"));
    sim.step();
    let overrun = sim.stopped().expect("the tick stopped").clone();
    assert_eq!(overrun.tick, 1);
    assert_eq!(&*overrun.script, "Fish");
    assert_eq!(
        (overrun.line, overrun.col),
        (14, 1),
        "at the statement that went past it"
    );
    assert!(sim.work_done() > MAX_TICK_WORK);
    let error = sim.log().last().expect("logged");
    assert_eq!((error.line, error.col), (14, 1));
    assert!(
        error
            .message
            .starts_with("Tick 1 stopped at Fish:14:1: it did more than 4,000,000"),
        "{}",
        error.message
    );

    // No tick runs until the run is told to go on, however far it is asked to run.
    let tick = sim.tick_count();
    sim.step();
    sim.step();
    assert_eq!(sim.tick_count(), tick);
    assert!(sim.go_on());
    assert!(sim.stopped().is_none());
    sim.step();
    assert_eq!(sim.tick_count(), tick + 1, "it went on, and stopped again");
    assert!(sim.stopped().is_some());
    assert!(!sim.go_on() || sim.stopped().is_none());
}

#[test]
fn every_device_stops_at_the_same_statement_and_a_replay_goes_on_where_the_teacher_did() {
    let update = nested(3, "prop zIndex add 1");
    let mut teacher = fish(12, &update);
    teacher.set_work_limit(5_000);
    let mut device = fish(12, &update);
    device.set_work_limit(5_000);
    teacher.step();
    device.step();
    assert!(teacher.stopped().is_some());
    assert_eq!(teacher.stopped(), device.stopped());
    assert_eq!(teacher.state_hash(), device.state_hash());
    assert!(teacher.go_on());
    teacher.step();
    // A replay of the teacher's inputs goes on at the same tick.
    let mut replayed = fish(12, &update);
    replayed.set_work_limit(5_000);
    replayed.replay_to(teacher.input_log().entries(), teacher.tick_count());
    assert_eq!(replayed.tick_count(), teacher.tick_count());
    assert_eq!(replayed.state_hash(), teacher.state_hash());
}

#[test]
fn two_thousand_agents_with_three_nested_loops_stop_in_the_first_tick() {
    let mut sim = fish(2_000, &nested(3, "prop zIndex add 1"));
    sim.step();
    let overrun = sim.stopped().expect("stopped");
    assert_eq!(overrun.tick, 1);
    assert_eq!((overrun.line, overrun.col), (9, 1));
}

#[test]
fn spawning_inside_a_loop_over_everyone_stops_and_names_the_line() {
    let mut sim = fish(
        30,
        "featCall Population tellAllCharacters [[\nfeatCall Population spawnChild\n]]",
    );
    for _ in 0..30 {
        sim.step();
        if sim.stopped().is_some() {
            break;
        }
    }
    let overrun = sim.stopped().expect("stopped");
    assert_eq!(&*overrun.script, "Fish");
    assert!(overrun.line == 6 || overrun.line == 7, "{overrun:?}");
}

#[test]
fn a_rule_that_makes_agents_for_every_pair_is_bounded_and_names_its_rule() {
    let script = "# BLUEPRINT Fish
# PROGRAM DEFINE
addFeature Population
addFeature Physics
addFeature Touches
featCall Touches monitor Fish b2b
# PROGRAM UPDATE
when Fish touches Fish [[
  featCall Population tellAllCharacters [[
    prop zIndex add 1
  ]]
]]
";
    let instances: Vec<String> = (0..40).map(|i| format!("f{i}")).collect();
    let instances: Vec<(&str, &str, &str)> =
        instances.iter().map(|l| ("Fish", l.as_str(), "")).collect();
    let mut sim = load(&project(&[("Fish", script)], &instances, false), 1);
    sim.set_work_limit(20_000);
    for _ in 0..5 {
        sim.step();
    }
    let overrun = sim.stopped().expect("stopped");
    assert_eq!(overrun.rule.as_deref(), Some("Fish touches Fish"));
    assert!(overrun
        .to_string()
        .contains("(in the rule 'when Fish touches Fish')"));
}

#[test]
fn starting_agents_whose_init_never_ends_open_stopped() {
    let script = "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Population\n";
    let init = nested(6, "prop zIndex add 1");
    let instances: Vec<String> = (0..20).map(|i| format!("f{i}")).collect();
    let instances: Vec<(&str, &str, &str)> = instances
        .iter()
        .map(|l| ("Fish", l.as_str(), init.as_str()))
        .collect();
    let mut sim = load(&project(&[("Fish", script)], &instances, false), 1);
    let overrun = sim.stopped().expect("it opens stopped").clone();
    assert_eq!(overrun.tick, 0);
    assert!(overrun
        .to_string()
        .starts_with("Making the starting agents stopped at instance f"));
    sim.step();
    assert_eq!(sim.tick_count(), 0, "no tick runs until it goes on");
    assert!(sim.go_on());
    sim.step();
    assert_eq!(sim.tick_count(), 1);
}

#[test]
fn an_ordinary_heavy_tick_is_far_below_the_budget() {
    // 2,000 agents each telling all the others once: 4,000,000 visits is past the budget,
    // but 1,000 agents (1,000,000 visits, a quadratic model a class might write) runs.
    let mut sim = fish(
        1_000,
        "featCall Population tellAllCharacters [[\nprop zIndex add 1\n]]",
    );
    sim.step();
    assert!(sim.stopped().is_none());
    assert!(sim.work_done() > 2_000_000 && sim.work_done() < MAX_TICK_WORK);
}

//! The order of the exec phase's work: each agent, in id order, runs its exec program, then
//! the exec messages sent to it, then its `when` consequents rule by rule, whatever order the
//! rules' spatial scans found the pairs in.

mod sim_common;

use sim_common::{load, project, prop};
use sim_core::{QueuePhase, Simulation, Value};

/// A bee that writes down what it runs: `x` for its exec program, `1` and `2` for the
/// consequents of its two rules; the first rule also appends the bee's tag to the global
/// `order`. Every bee is close to every other.
const BEE: &str = "# BLUEPRINT Bee
# PROGRAM DEFINE
useFeature Global
addProp tag String ''
addProp trail String ''
# PROGRAM EXEC
prop trail add 'x'
# PROGRAM EVENT
when Bee isCloseTo Bee 2000 [[
  prop trail add '1'
  featCall Global globalProp order add {{ agent.getProp('tag').value }}
]]
when Bee isCloseTo Bee 2000 [[
  prop trail add '2'
]]
";

const HIVE: &str = "# BLUEPRINT Hive
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp order String ''
";

/// Bees tagged `a`, `b`, `c` … made in that order (so their ids are in that order) but
/// placed from the bottom right to the top left, so a scan of the stage meets them last to
/// first.
fn bees(tags: &[&str]) -> Simulation {
    let inits: Vec<String> = tags
        .iter()
        .enumerate()
        .map(|(i, tag)| {
            let at = 300.0 - 300.0 * i as f64;
            format!("prop tag setTo '{tag}'\nprop x setTo {at}\nprop y setTo {at}")
        })
        .collect();
    let mut instances = vec![("Hive", "hive", "")];
    instances.extend(
        tags.iter()
            .zip(&inits)
            .map(|(t, i)| ("Bee", *t, i.as_str())),
    );
    load(
        &project(&[("Bee", BEE), ("Hive", HIVE)], &instances, false),
        5,
    )
}

fn text(sim: &Simulation, path: &str, name: &str) -> String {
    match prop(sim, path, name) {
        Value::String(s) => s.to_string(),
        other => panic!("{path}.{name} is {other:?}"),
    }
}

fn order(sim: &Simulation) -> String {
    match sim.globals().into_iter().find(|(name, _)| name == "order") {
        Some((_, Value::String(s))) => s.to_string(),
        other => panic!("no global order: {other:?}"),
    }
}

#[test]
fn an_agent_runs_its_consequents_after_its_exec_program_in_rule_order() {
    let mut sim = bees(&["a", "b"]);
    sim.step();
    assert_eq!(text(&sim, "Bee/a", "trail"), "x12");
    sim.step();
    assert_eq!(text(&sim, "Bee/a", "trail"), "x12x12", "once a tick");
    assert_eq!(text(&sim, "Bee/b", "trail"), "x12x12");
}

#[test]
fn an_exec_message_sent_before_a_tick_runs_before_that_agents_consequents() {
    let mut sim = bees(&["a", "b"]);
    let a = sim.lookup("Bee/a").unwrap();
    sim.queue_message(a, QueuePhase::Exec, "prop trail add 'm'")
        .unwrap();
    sim.queue_message(a, QueuePhase::Exec, "prop trail add 'n'")
        .unwrap();
    sim.step();
    assert_eq!(text(&sim, "Bee/a", "trail"), "xmn12");
    assert_eq!(
        text(&sim, "Bee/b", "trail"),
        "x12",
        "the message was a's alone"
    );
    sim.step();
    assert_eq!(text(&sim, "Bee/a", "trail"), "xmn12x12", "and ran once");
}

#[test]
fn agents_run_their_consequents_in_id_order_not_in_the_order_the_scan_met_them() {
    let mut sim = bees(&["a", "b", "c"]);
    sim.step();
    // Each bee is close to the two others: two consequents of the first rule each.
    assert_eq!(order(&sim), "aabbcc");
}

#[test]
fn with_an_exec_message_sent_agents_still_run_in_id_order_each_message_before_consequents() {
    let mut sim = bees(&["a", "b", "c"]);
    let b = sim.lookup("Bee/b").unwrap();
    sim.queue_message(
        b,
        QueuePhase::Exec,
        "featCall Global globalProp order add 'M'",
    )
    .unwrap();
    sim.step();
    assert_eq!(order(&sim), "aaMbbcc");
    sim.step();
    assert_eq!(order(&sim), "aaMbbccaabbcc");
}

#[test]
fn a_removed_agent_runs_no_consequents_and_its_partners_run_theirs() {
    let mut sim = bees(&["a", "b", "c"]);
    sim.step();
    sim.remove_agent(sim.lookup("Bee/b").unwrap()).unwrap();
    sim.step();
    assert_eq!(order(&sim), "aabbccac");
    assert_eq!(
        text(&sim, "Bee/c", "trail"),
        "x1122x12",
        "two partners, then one"
    );
}

//! A `when` rule passes for at most [`MAX_PAIRS_PER_RULE`] pairs in one tick: the scan stops
//! there, as if the pairs after the cap were never found, and the log warns once. A crowd of
//! agents all at one place makes every pair pass, so the count of consequents run is known
//! exactly, on both sides of the cap and at it.

mod sim_common;

use sim_common::{load, project};
use sim_core::{sim::MAX_PAIRS_PER_RULE, LogKind, Simulation};

/// Ants and bees that stay where they are made (all at the origin); `{RULE}` is a `when` test
/// whose consequent counts in the Global prop `meetings`.
const ANT: &str = "# BLUEPRINT Ant
# PROGRAM DEFINE
useFeature Global
# PROGRAM EVENT
when {RULE} [[
  featCall Global globalProp meetings add 1
]]
";

const BEE: &str = "# BLUEPRINT Bee
";

const NEST: &str = "# BLUEPRINT Nest
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp meetings Number 0
";

/// Runs one tick of `ants` ants and `bees` bees with `when rule`; answers the count of
/// consequents run and whether the log warned of the cap.
fn crowd(ants: usize, bees: usize, rule: &str) -> (f64, bool) {
    let ant = ANT.replace("{RULE}", rule);
    let names: Vec<String> = (0..ants.max(bees)).map(|i| format!("n{i}")).collect();
    let mut instances = vec![("Nest", "nest", "")];
    instances.extend(names.iter().take(ants).map(|n| ("Ant", n.as_str(), "")));
    instances.extend(names.iter().take(bees).map(|n| ("Bee", n.as_str(), "")));
    let mut sim = load(
        &project(
            &[("Ant", &ant), ("Bee", BEE), ("Nest", NEST)],
            &instances,
            false,
        ),
        1,
    );
    sim.step();
    (meetings(&sim), warned(&sim))
}

fn meetings(sim: &Simulation) -> f64 {
    sim.globals()
        .into_iter()
        .find(|(name, _)| name == "meetings")
        .and_then(|(_, v)| v.as_number())
        .unwrap_or(f64::NAN)
}

fn warned(sim: &Simulation) -> bool {
    sim.log()
        .iter()
        .any(|e| e.kind == LogKind::Warning && e.message.contains("pairs in one tick"))
}

const CAP: f64 = MAX_PAIRS_PER_RULE as f64;

#[test]
fn ants_near_bees_pass_up_to_the_cap_and_no_further() {
    let rule = "Ant isCloseTo Bee 10";
    assert_eq!(crowd(316, 316, rule), (316.0 * 316.0, false));
    // Exactly the cap: nothing was skipped, so there is nothing to warn of.
    assert_eq!(crowd(250, 400, rule), (CAP, false));
    assert_eq!(crowd(320, 320, rule), (CAP, true));
}

#[test]
fn ants_near_ants_pass_up_to_the_cap_and_no_further() {
    let rule = "Ant isCloseTo Ant 10";
    // Every ordered pair of different ants.
    assert_eq!(crowd(300, 0, rule), (300.0 * 299.0, false));
    assert_eq!(crowd(400, 0, rule), (CAP, true));
}

//! The realistic suite's pattern workloads: what real GEMSTEP scripts do most, each alone,
//! written as a student would write it, on the benchmark's world (see [`crate::workload`]:
//! about 0.92 agents per cell of [`CELL`] units, wrapping at every edge).
//!
//! - **pair-props**: Fish and Algae, half each, wander; `when Fish isCloseTo Algae` changes
//!   both agents' props (`prop Fish.energy add 1`, `prop Algae.energy sub 1`).
//! - **if-getprop**: Fish wander and lose energy; three `ifExpr {{ agent.getProp('energy')
//!   .value < 20 }}`-style tests pick a costume pose; no pair test at all.
//! - **physics-touches**: Fish and Algae, half each, wander with Physics bodies of GEMSTEP's
//!   default size (none is set: a body is as wide as a costume, 32 units, a little over
//!   three cells) and Touches `b2b`; `when Fish touches Algae` changes both agents' props for
//!   every touching pair, every tick they touch: about 92,000 pairs a tick at 10,000 agents,
//!   under the 100,000 a rule may pass in one tick.
//! - **every**: wanderers with two `every` timers (half a second and a second, one with
//!   `runAtStart`) that change props and test one.
//! - **population**: each tick about one agent in a hundred has a child (`spawnChild`) and
//!   is removed (`removeCharacter`), so the count stays level while agents come and go.
//! - **kelp**: the peer of AgentScript's KelpForest sample model (see `bench/agentscript.mjs`):
//!   kelp, urchins and sea stars (90 %, 9 %, 1 %); urchins and sea stars wiggle up to 22.5°
//!   either way and move 0.1 cell a tick; an urchin within two cells of a sea star turns to
//!   the sea star's heading reversed; an urchin within half a cell of kelp eats it (the kelp
//!   grows again at a random place); a sea star within half a cell eats an urchin (a new
//!   urchin appears at a random place). The sample's sea stars also face the nearest urchin;
//!   ScriptText has no arctangent to face with, so here they only wiggle, in both systems.

use crate::workload::{side_cells, CELL};
use sim_core::Project;

/// Wandering (GEMSTEP's own `wander` movement, one unit a tick) from a random place.
const WANDER: &str = "addFeature Movement
featProp Movement movementType setTo 'wander'
featProp Movement distance setTo 1
featCall Movement setRandomPosition
";

/// A blueprint: its name, its share of the agents, and its ScriptText.
struct Blueprint {
    name: &'static str,
    share: f64,
    script: String,
}

/// The project of pattern `name` with `n` agents; `None` when `name` is not a pattern.
pub fn project(name: &str, n: usize) -> Option<Result<Project, String>> {
    let blueprints = match name {
        "pair-props" => pair_props(),
        "if-getprop" => if_getprop(),
        "physics-touches" => physics_touches(),
        "every" => every(),
        "population" => population(),
        "kelp" => kelp(),
        _ => return None,
    };
    Some(build(&blueprints, n))
}

fn fish_and_algae(fish: &str, algae: &str) -> Vec<Blueprint> {
    let bp = |name, extra: &str| Blueprint {
        name,
        share: 0.5,
        script: format!(
            "# BLUEPRINT {name}\n# PROGRAM DEFINE\n{WANDER}addProp energy Number 50\n{extra}"
        ),
    };
    vec![bp("Fish", fish), bp("Algae", algae)]
}

fn pair_props() -> Vec<Blueprint> {
    fish_and_algae(
        "# PROGRAM EVENT
when Fish isCloseTo Algae 10 [[
  prop Fish.energy add 1
  prop Algae.energy sub 1
]]
",
        "",
    )
}

fn if_getprop() -> Vec<Blueprint> {
    let script = format!(
        "# BLUEPRINT Fish
# PROGRAM DEFINE
{WANDER}useFeature Costume
featCall Costume setCostume 'fish.json' 0
addProp energy Number 50
prop energy setTo {{{{ Math.random() * 100 }}}}
# PROGRAM UPDATE
prop energy sub 0.5
ifExpr {{{{ agent.getProp('energy').value < 1 }}}} [[
  prop energy setTo 100
]]
ifExpr {{{{ agent.getProp('energy').value > 50 }}}} [[
  featCall Costume setPose 0
]]
ifExpr {{{{ agent.getProp('energy').value < 50 }}}} [[
  featCall Costume setPose 1
]]
ifExpr {{{{ agent.getProp('energy').value < 20 }}}} [[
  featCall Costume setPose 2
]]
"
    );
    vec![Blueprint {
        name: "Fish",
        share: 1.0,
        script,
    }]
}

fn physics_touches() -> Vec<Blueprint> {
    let body = |other: &str| {
        format!(
            "useFeature Physics
featCall Physics init
useFeature Touches
featCall Touches monitor {other} b2b
"
        )
    };
    let fish = format!(
        "{}# PROGRAM EVENT
when Fish touches Algae [[
  prop Fish.energy add 1
  prop Algae.energy sub 1
]]
",
        body("Algae")
    );
    fish_and_algae(&fish, &body("Fish"))
}

fn every() -> Vec<Blueprint> {
    let script = format!(
        "# BLUEPRINT Bug
# PROGRAM DEFINE
{WANDER}addProp energy Number 50
addProp age Number 0
# PROGRAM UPDATE
every 0.5 [[
  prop energy sub 1
]]
every 1 runAtStart [[
  prop age add 1
  ifExpr {{{{ agent.getProp('energy').value < 10 }}}} [[
    prop energy setTo 50
  ]]
]]
"
    );
    vec![Blueprint {
        name: "Bug",
        share: 1.0,
        script,
    }]
}

fn population() -> Vec<Blueprint> {
    let script = format!(
        "# BLUEPRINT Bug
# PROGRAM DEFINE
{WANDER}useFeature Population
addProp generation Number 0
# PROGRAM UPDATE
ifExpr {{{{ Math.random() < 0.01 }}}} [[
  featCall Population spawnChild [[
    prop generation add 1
    featCall Movement setRandomPosition
  ]]
  featCall Population removeCharacter
]]
"
    );
    vec![Blueprint {
        name: "Bug",
        share: 1.0,
        script,
    }]
}

fn kelp() -> Vec<Blueprint> {
    let swimmer = |name: &str, rules: &str| {
        format!(
            "# BLUEPRINT {name}
# PROGRAM DEFINE
addFeature Movement
featProp Movement movementType setTo 'edgeToEdge'
featProp Movement distance setTo 1
featCall Movement setRandomDirection
featCall Movement setRandomPosition
# PROGRAM UPDATE
featProp Movement direction add {{{{ Math.random() * 45 - 22.5 }}}}
{rules}"
        )
    };
    let urchin_rules = "# PROGRAM EVENT
when Urchin isCloseTo SeaStar 20 [[
  featProp Urchin.Movement direction setTo {{ SeaStar.prop.Movement.direction.value + 180 }}
]]
when Urchin isCloseTo Kelp 5 [[
  featCall Kelp.Movement setRandomPosition
]]
when Urchin isCloseTo SeaStar 5 [[
  featCall Urchin.Movement setRandomPosition
]]
";
    vec![
        Blueprint {
            name: "Kelp",
            share: 0.90,
            script: "# BLUEPRINT Kelp
# PROGRAM DEFINE
addFeature Movement
featCall Movement setRandomPosition
"
            .to_string(),
        },
        Blueprint {
            name: "Urchin",
            share: 0.09,
            script: swimmer("Urchin", urchin_rules),
        },
        Blueprint {
            name: "SeaStar",
            share: 0.01,
            script: swimmer("SeaStar", ""),
        },
    ]
}

/// The project of `blueprints` sharing `n` agents (every blueprint at least one), on the
/// benchmark's square wrapping world for `n`.
fn build(blueprints: &[Blueprint], n: usize) -> Result<Project, String> {
    let half = side_cells(n) * CELL / 2.0;
    let mut instances = Vec::with_capacity(n);
    let mut made = 0;
    for (i, bp) in blueprints.iter().enumerate() {
        let count = if i + 1 == blueprints.len() {
            n.saturating_sub(made).max(1)
        } else {
            ((n as f64 * bp.share).round() as usize).max(1)
        };
        instances.extend((made..made + count).map(|k| {
            serde_json::json!({"id": k.to_string(), "label": format!("{} {k}", bp.name),
                               "bpid": bp.name, "initScript": ""})
        }));
        made += count;
    }
    let json = serde_json::json!({
        "id": "bench", "label": "Benchmark", "description": "a realistic suite pattern",
        "metadata": {"top": -half, "right": half, "bottom": half, "left": -half,
                     "wrap": [true, true], "bounce": false, "bgcolor": 0, "roundsCanLoop": false},
        "rounds": [],
        "blueprints": blueprints.iter().map(|bp| serde_json::json!({
            "name": bp.name, "label": bp.name, "scriptText": bp.script,
        })).collect::<Vec<_>>(),
        "instances": instances,
    });
    Project::from_json(&json.to_string()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Runner;
    use sim_core::Value;

    const ALL: [&str; 6] = [
        "pair-props",
        "if-getprop",
        "physics-touches",
        "every",
        "population",
        "kelp",
    ];

    fn runner(name: &str, n: usize) -> Runner {
        let project = project(name, n).expect("a pattern").expect("it loads");
        Runner::new(project, 1).expect("it compiles")
    }

    /// The sum of added Number prop `prop` over the agents of `blueprint` (any: `None`).
    fn sum_of(runner: &Runner, prop: &str, blueprint: Option<&str>) -> f64 {
        let sim = runner.simulation();
        sim.agents()
            .filter(|a| blueprint.is_none_or(|b| a.blueprint() == b))
            .flat_map(|a| a.props())
            .filter(|p| p.name == prop)
            .filter_map(|p| match p.value {
                Value::Number(n) => Some(n),
                _ => None,
            })
            .sum()
    }

    fn total(runner: &Runner, prop: &str) -> f64 {
        sum_of(runner, prop, None)
    }

    #[test]
    fn every_pattern_loads_with_n_agents_and_no_warning() {
        for name in ALL {
            let r = runner(name, 200);
            assert_eq!(r.agent_count(), 200, "{name}");
            assert!(
                r.simulation().log().is_empty(),
                "{name}: {:?}",
                r.simulation().log()
            );
        }
        assert!(project("nothing", 10).is_none());
    }

    #[test]
    fn the_pair_rules_change_both_agents_props() {
        for name in ["pair-props", "physics-touches"] {
            let mut r = runner(name, 1_000);
            let energies = |r: &Runner| {
                (
                    sum_of(r, "energy", Some("Fish")),
                    sum_of(r, "energy", Some("Algae")),
                )
            };
            let (fish, algae) = energies(&r);
            r.step(30);
            let (fish_after, algae_after) = energies(&r);
            assert!(
                fish_after > fish + 100.0,
                "{name}: fish {fish} → {fish_after}"
            );
            assert!(
                algae_after < algae - 100.0,
                "{name}: algae {algae} → {algae_after}"
            );
            assert_eq!(fish_after - fish, algae - algae_after, "{name}");
            assert!(
                r.simulation().log().is_empty(),
                "{name}: {:?}",
                r.simulation().log()
            );
        }
    }

    #[test]
    fn timers_spawning_and_tests_run_without_errors() {
        let mut every = runner("every", 100);
        every.step(63);
        // runAtStart fires at the first tick, then (GEMSTEP counts more than 30 ticks since
        // the last firing) at ticks 32 and 63: every bug has aged three times.
        assert_eq!(total(&every, "age"), 300.0);
        let mut population = runner("population", 1_000);
        population.step(30);
        assert_eq!(population.agent_count(), 1_000);
        assert!(total(&population, "generation") > 100.0);
        for mut r in [
            every,
            population,
            runner("if-getprop", 100),
            runner("kelp", 1_000),
        ] {
            r.step(30);
            assert!(
                r.simulation().log().is_empty(),
                "{:?}",
                r.simulation().log()
            );
        }
    }
}

//! Issue 8's workloads written as ScriptText, the way a student would write them in the app.
//!
//! One grid cell of the other systems is [`CELL`] stage units, so the numbers below are the
//! shared rules (see `bench/handwritten`) scaled to the stage:
//!
//! - The stage is a square of `round(sqrt(1.089 n))` cells centred on the origin, wrapping at
//!   every edge.
//! - **wander**: each tick the Movement direction turns by `Math.random() * 10 - 5` degrees,
//!   then the agent moves 0.1 cell ahead. GEMSTEP's own `wander` movement turns by up to 90°
//!   about once a second instead, so the blueprint moves `edgeToEdge` (straight ahead along
//!   its direction) and turns in its update program.
//! - **touch**: wander, and `when Walker isCloseTo Walker 10` adds one to the Global prop
//!   [`CONTACTS`](crate::CONTACTS) per pair: `isCloseTo` is centre-to-centre distance ≤ 1
//!   cell, tested for each ordered pair of distinct agents, and not across the wrap edge, as in
//!   the other systems. A one-agent `Counter` blueprint declares the Global prop.

pub use bench_protocol::Workload;
use sim_core::Project;

/// Stage units per cell of the shared workload rules.
pub const CELL: f64 = 10.0;

/// The walker's definition: a random place and direction, 0.1 cell a tick straight ahead.
const WALKER_DEFINE: &str = "# BLUEPRINT Walker
# PROGRAM DEFINE
addFeature Movement
featProp Movement movementType setTo 'edgeToEdge'
featProp Movement distance setTo 1
featCall Movement setRandomDirection
featCall Movement setRandomPosition
";

/// The walker's update: turn a little each tick.
const WALKER_UPDATE: &str = "# PROGRAM UPDATE
featProp Movement direction add {{ Math.random() * 10 - 5 }}
";

/// What touch adds to the walker: count every neighbour within one cell.
const TOUCH_RULE: &str = "# PROGRAM EVENT
when Walker isCloseTo Walker 10 [[
  featCall Global globalProp contacts add 1
]]
";

/// The blueprint that declares the contacts counter.
const COUNTER: &str = "# BLUEPRINT Counter
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp contacts Number 0
";

/// The side of the square world for `n` agents, in whole cells (at least 1).
pub fn side_cells(n: usize) -> f64 {
    (1.089 * n as f64).sqrt().round().max(1.0)
}

/// The project of `workload` with `n` agents: for wander and touch, `n` walkers (and, for
/// touch, one counter); a realistic workload comes from [`crate::patterns`] or
/// [`crate::gemstep`].
pub fn project(workload: Workload, n: usize) -> Result<Project, String> {
    match workload {
        Workload::Wander => walkers(false, n),
        Workload::Touch => walkers(true, n),
        Workload::Realistic(name) => crate::patterns::project(name, n)
            .or_else(|| crate::gemstep::project(name, n))
            .unwrap_or_else(|| Err(format!("no Stepwise project for workload {name}"))),
    }
}

/// `n` walkers, and for `touch` their contact rule and the counter.
fn walkers(touch: bool, n: usize) -> Result<Project, String> {
    let half = side_cells(n) * CELL / 2.0;
    let mut blueprints = vec![serde_json::json!({
        "name": "Walker",
        "label": "Walker",
        "scriptText": if touch {
            format!("{WALKER_DEFINE}useFeature Global\n{WALKER_UPDATE}{TOUCH_RULE}")
        } else {
            format!("{WALKER_DEFINE}{WALKER_UPDATE}")
        },
    })];
    let mut instances: Vec<_> = (0..n).map(|i| instance(&i.to_string(), "Walker")).collect();
    if touch {
        blueprints.push(
            serde_json::json!({"name": "Counter", "label": "Counter", "scriptText": COUNTER}),
        );
        instances.push(instance("counter", "Counter"));
    }
    let json = serde_json::json!({
        "id": "bench", "label": "Benchmark", "description": "issue 8's benchmark workload",
        "metadata": {"top": -half, "right": half, "bottom": half, "left": -half,
                     "wrap": [true, true], "bounce": false, "bgcolor": 0, "roundsCanLoop": false},
        "rounds": [],
        "blueprints": blueprints,
        "instances": instances,
    });
    Project::from_json(&json.to_string()).map_err(|e| e.to_string())
}

fn instance(id: &str, blueprint: &str) -> serde_json::Value {
    serde_json::json!({"id": id, "label": format!("{blueprint} {id}"), "bpid": blueprint, "initScript": ""})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Runner;

    #[test]
    fn the_world_side_gives_about_0_92_agents_per_cell() {
        assert_eq!(side_cells(1_000), 33.0);
        assert_eq!(side_cells(10_000), 104.0);
    }

    #[test]
    fn wander_makes_n_walkers_that_move() {
        let mut runner = Runner::new(project(Workload::Wander, 50).unwrap(), 1).unwrap();
        assert_eq!(runner.agent_count(), 50);
        let before = runner.state_hash();
        runner.step(1);
        assert_ne!(runner.state_hash(), before);
        assert_eq!(runner.contacts(), 0.0);
    }

    #[test]
    fn touch_counts_about_2_8_contacts_per_agent_per_tick() {
        let n = 1_000;
        let mut runner = Runner::new(project(Workload::Touch, n).unwrap(), 1).unwrap();
        assert_eq!(runner.agent_count(), n + 1);
        let ticks = 30;
        let total: u64 = (0..ticks).map(|_| runner.tick_contacts()).sum();
        let mean = total as f64 / (ticks * n) as f64;
        assert!((2.5..3.1).contains(&mean), "mean contacts {mean}");
    }
}

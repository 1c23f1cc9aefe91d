//! Runs a one-blueprint model whose update program is given on the command line, for
//! counting under callgrind what a statement costs:
//!
//! ```text
//! cargo build --release -p stepwise-runner --example statements
//! valgrind --tool=callgrind target/release/examples/statements 1000 40 "prop e add 1"
//! valgrind --tool=callgrind target/release/examples/statements 1000 40 ""
//! ```
//!
//! Each of the agents (Bugs, wandering, with a Costume and a Number prop `e` starting at 50)
//! runs the given statements every tick; lines are separated by `;`. The difference of two
//! totals over ticks × agents is what the extra statements cost one agent once.

use sim_core::Project;
use stepwise_runner::Runner;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [agents, ticks, update] = args.as_slice() else {
        return Err("expected: <agents> <ticks> <update statements, split by ;>".into());
    };
    let agents: usize = agents.parse().map_err(|e| format!("agents: {e}"))?;
    let ticks: u32 = ticks.parse().map_err(|e| format!("ticks: {e}"))?;
    let script = format!(
        "# BLUEPRINT Bug\n# PROGRAM DEFINE\naddFeature Movement\nfeatProp Movement movementType setTo 'wander'\n\
         useFeature Costume\nfeatCall Costume setCostume 'fish.json' 0\naddProp e Number 50\n\
         # PROGRAM UPDATE\n{}\n",
        update.replace(';', "\n")
    );
    let instances: Vec<_> = (0..agents)
        .map(|i| serde_json::json!({"id": i.to_string(), "label": format!("Bug {i}"), "bpid": "Bug", "initScript": ""}))
        .collect();
    let json = serde_json::json!({
        "id": "statements", "label": "statements",
        "blueprints": [{"name": "Bug", "label": "Bug", "scriptText": script}],
        "instances": instances,
    });
    let project = Project::from_json(&json.to_string()).map_err(|e| e.to_string())?;
    let mut runner = Runner::new(project, 1)?;
    runner.step(ticks);
    println!("hash {:016x}", runner.state_hash());
    Ok(())
}

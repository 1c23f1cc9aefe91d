//! Runs a fixed number of ticks of a workload, for instruction counts under callgrind:
//!
//! ```text
//! cargo build --release -p stepwise-runner --example ticks
//! valgrind --tool=callgrind target/release/examples/ticks touch 1000 10
//! valgrind --tool=callgrind target/release/examples/ticks touch 1000 60
//! ```
//!
//! The difference of the two totals over 50 is the cost of one warm tick (loading cancels
//! out). Prints the state hash, so a change that alters results shows up too.

use bench_protocol::{Workload, SEED};
use stepwise_runner::{workload, Runner};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, agents, ticks] = args.as_slice() else {
        return Err("expected: <wander|touch> <agents> <ticks>".into());
    };
    let kind = match kind.as_str() {
        "wander" => Workload::Wander,
        "touch" => Workload::Touch,
        other => return Err(format!("unknown workload '{other}'")),
    };
    let agents: usize = agents.parse().map_err(|e| format!("agents: {e}"))?;
    let ticks: u32 = ticks.parse().map_err(|e| format!("ticks: {e}"))?;
    let mut runner = Runner::new(&workload::project(kind, agents)?, SEED)?;
    runner.step(ticks);
    println!(
        "hash {:016x} contacts {}",
        runner.state_hash(),
        runner.contacts()
    );
    Ok(())
}

//! Runs a fixed number of ticks of any workload, for instruction counts under callgrind:
//!
//! ```text
//! cargo build --release -p stepwise-runner --example ticks
//! valgrind --tool=callgrind target/release/examples/ticks if-getprop 1000 10
//! valgrind --tool=callgrind target/release/examples/ticks if-getprop 1000 60
//! ```
//!
//! The difference of the two totals over 50 is the cost of one warm tick (loading cancels
//! out). Prints the state hash, so a change that alters results shows up too.

use bench_protocol::{parse_args, SEED};
use stepwise_runner::{workload, Runner};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, agents, ticks] = args.as_slice() else {
        return Err("expected: <workload> <agents> <ticks>".into());
    };
    let run = parse_args(&[kind.clone(), agents.clone(), "0".into(), "0".into()])?;
    let ticks: u32 = ticks.parse().map_err(|e| format!("ticks: {e}"))?;
    let mut runner = Runner::new(workload::project(run.workload, run.agents)?, SEED)?;
    runner.step(ticks);
    println!(
        "hash {:016x} agents {} contacts {}",
        runner.state_hash(),
        runner.agent_count(),
        runner.contacts()
    );
    Ok(())
}

//! The native runner of the hand-written baseline for `scripts/bench`, following the runner
//! protocol of `bench-protocol`:
//!
//! ```text
//! handwritten-bench <wander|touch> <agents> <warm-up seconds> <window seconds>
//! ```
//!
//! The realistic suite's workloads are Stepwise models; the baseline hand-writes only the
//! two shared ones, and refuses the others.

use std::process::ExitCode;

use bench_handwritten::World;
use bench_protocol::{run_main, Workload, SEED};

fn main() -> ExitCode {
    run_main("handwritten-bench", |run| {
        let touch = match run.workload {
            Workload::Wander => false,
            Workload::Touch => true,
            Workload::Realistic(name) => {
                return Err(format!(
                    "the hand-written baseline runs wander and touch, not {name}"
                ))
            }
        };
        let mut world = World::new(run.agents, SEED);
        Ok(move || {
            if touch {
                world.step_touch()
            } else {
                world.step_wander();
                0
            }
        })
    })
}

//! The native runner of the hand-written baseline for `scripts/bench`, following the runner
//! protocol of `bench-protocol`:
//!
//! ```text
//! handwritten-bench <wander|touch> <agents> <warm-up seconds> <window seconds>
//! ```

use std::process::ExitCode;

use bench_handwritten::World;
use bench_protocol::{run_main, Workload, SEED};

fn main() -> ExitCode {
    run_main("handwritten-bench", |run| {
        let mut world = World::new(run.agents, SEED);
        let workload = run.workload;
        Ok(move || match workload {
            Workload::Wander => {
                world.step_wander();
                0
            }
            Workload::Touch => world.step_touch(),
        })
    })
}

//! The native runner of Stepwise for `scripts/bench` (the `stepwise-native` row), following
//! the runner protocol of `bench-protocol`:
//!
//! ```text
//! stepwise-bench <wander|touch> <agents> <warm-up seconds> <window seconds>
//! ```

use std::process::ExitCode;

use bench_protocol::{run_main, SEED};
use stepwise_runner::{workload, Runner};

fn main() -> ExitCode {
    run_main("stepwise-bench", |run| {
        let project = workload::project(run.workload, run.agents)?;
        let mut runner = Runner::new(&project, SEED)?;
        Ok(move || runner.tick_contacts())
    })
}

//! The native runner of Stepwise for `scripts/bench` (the `stepwise-native` row), following
//! the runner protocol of `bench-protocol`:
//!
//! ```text
//! stepwise-bench <workload> <agents> <warm-up seconds> <window seconds>
//! stepwise-bench --project <workload> <agents>
//! stepwise-bench --workloads
//! ```
//!
//! The second form prints the workload's project as `.gemprj` JSON instead, which the WASM
//! runner loads, so both platforms run the very same project; the third names the realistic
//! suite's workloads, for `bench/run.mjs`.

use std::process::ExitCode;

use bench_protocol::{parse_args, run_main, Workload, REALISTIC, SEED};
use stepwise_runner::{workload, Runner};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args == ["--workloads"] {
        println!("{}", REALISTIC.join(" "));
        return ExitCode::SUCCESS;
    }
    if let [flag, name, agents] = args.as_slice() {
        if flag == "--project" {
            let run = [name.clone(), agents.clone(), "0".into(), "0".into()];
            let text = parse_args(&run)
                .and_then(|run| workload::project(run.workload, run.agents))
                .and_then(|project| project.to_json_pretty().map_err(|e| e.to_string()));
            return match text {
                Ok(text) => {
                    println!("{text}");
                    ExitCode::SUCCESS
                }
                Err(message) => {
                    eprintln!("stepwise-bench: {message}");
                    ExitCode::from(2)
                }
            };
        }
    }
    run_main("stepwise-bench", |run| {
        let project = workload::project(run.workload, run.agents)?;
        let mut runner = Runner::new(project, SEED)?;
        let realistic = matches!(run.workload, Workload::Realistic(_));
        Ok(move || {
            if realistic {
                // A model with rounds goes on to the next as `stepwise run` does.
                runner.step(1);
                0
            } else {
                runner.tick_contacts()
            }
        })
    })
}

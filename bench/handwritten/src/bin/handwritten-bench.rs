//! The native runner of the hand-written baseline for `scripts/bench`, following the runner
//! protocol of `bench-protocol`:
//!
//! ```text
//! handwritten-bench <wander|touch|pair-props|if-getprop|physics-touches|aquatic> <agents> <warm-up seconds> <window seconds>
//! ```
//!
//! The realistic suite's workloads are Stepwise models; the baseline hand-writes the two
//! shared ones and four realistic ones (`pair-props`, `if-getprop`, `physics-touches`,
//! `aquatic`), and refuses the others. A realistic tick returns its passing pairs (each runs
//! its rule's consequent once; if-getprop has no rule), which the protocol, as for Stepwise,
//! does not report for a realistic workload.

use std::process::ExitCode;

use bench_handwritten::{Aquatic, IfGetprop, PairProps, PhysicsTouches, World};
use bench_protocol::{run_main, Workload, SEED};

fn main() -> ExitCode {
    run_main("handwritten-bench", |run| {
        // One call through a pointer a tick costs nothing next to the tick.
        let tick: Box<dyn FnMut() -> u64> = match run.workload {
            Workload::Wander => {
                let mut world = World::new(run.agents, SEED);
                Box::new(move || {
                    world.step_wander();
                    0
                })
            }
            Workload::Touch => {
                let mut world = World::new(run.agents, SEED);
                Box::new(move || world.step_touch())
            }
            Workload::Realistic("pair-props") => {
                let mut world = PairProps::new(run.agents, SEED);
                Box::new(move || world.step())
            }
            Workload::Realistic("if-getprop") => {
                let mut world = IfGetprop::new(run.agents, SEED);
                Box::new(move || {
                    world.step();
                    0
                })
            }
            Workload::Realistic("physics-touches") => {
                let mut world = PhysicsTouches::new(run.agents, SEED);
                Box::new(move || world.step())
            }
            Workload::Realistic("aquatic") => {
                let mut model = Aquatic::new(run.agents, SEED);
                Box::new(move || model.step())
            }
            Workload::Realistic(name) => {
                let runs = "wander, touch, pair-props, if-getprop, physics-touches and aquatic";
                return Err(format!("the hand-written baseline runs {runs}, not {name}"));
            }
        };
        Ok(tick)
    })
}

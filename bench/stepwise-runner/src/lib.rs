//! # Stepwise run headless, for the determinism test and the benchmark
//!
//! [`Runner`] loads a project and steps it, reporting what both the determinism test and
//! `scripts/bench` read: the state hash, the agent count and the contacts a touch rule has
//! counted. The crate builds twice from the same code:
//!
//! - natively, as the `stepwise-bench` runner of `scripts/bench` (the `stepwise-native` row);
//! - as a bare wasm32 module (`wasm` below, plain `extern "C"` exports, no wasm-bindgen) that
//!   `bench/stepwise-wasm.mjs` and `bench/tests/determinism.test.mjs` drive from Node, so the
//!   engine compiled to WASM is checked against `stepwise run` hash for hash.
//!
//! [`workload`] writes issue 8's two workloads as the ScriptText a student would write;
//! [`patterns`] and [`gemstep`] make the realistic suite's workloads: the common patterns of
//! real scripts, and GEMSTEP's shipped models scaled up.

#![deny(missing_docs)]
#![deny(unsafe_code)]

pub mod gemstep;
pub mod patterns;
#[cfg(target_arch = "wasm32")]
mod wasm;
pub mod workload;

use sim_core::{sim::parse_frame_log, InputFrame, Project, Simulation, Value};
use std::rc::Rc;

/// The Global prop a touch rule counts its contacts in.
pub const CONTACTS: &str = "contacts";

/// A loaded simulation and what the callers read from it.
pub struct Runner {
    sim: Simulation,
    /// The project, which a snapshot is restored against (the one the simulation holds).
    project: Rc<Project>,
    /// Controller frames to send as the run reaches their ticks (tick order).
    frames: Vec<(u64, InputFrame)>,
}

impl Runner {
    /// Loads `project` with `seed`; the error names every script problem.
    pub fn new(project: Project, seed: u64) -> Result<Runner, String> {
        let project = Rc::new(project);
        let sim = Simulation::load(Rc::clone(&project), seed).map_err(|e| e.to_string())?;
        Ok(Runner {
            sim,
            project,
            frames: Vec::new(),
        })
    }

    /// Loads a `.gemprj` project's JSON text with `seed`.
    pub fn from_json(text: &str, seed: u64) -> Result<Runner, String> {
        let project = Project::from_json(text).map_err(|e| e.to_string())?;
        Runner::new(project, seed)
    }

    /// Runs `ticks` ticks, starting each next round as soon as one ends, as `stepwise run`
    /// does (see [`Simulation::play_rounds_to`]).
    pub fn step(&mut self, ticks: u32) {
        let until = self.sim.tick_count() + u64::from(ticks);
        self.sim.play_frames_to(&self.frames, until);
    }

    /// Takes a log of controller frames (`stepwise run --inputs` lines) to send as the run
    /// reaches their ticks.
    pub fn set_frames(&mut self, log: &str) -> Result<(), String> {
        self.frames = parse_frame_log(log)?;
        Ok(())
    }

    /// Runs one tick and returns the contacts the touch rule counted in it.
    pub fn tick_contacts(&mut self) -> u64 {
        let before = self.contacts();
        self.sim.step();
        let counted = self.contacts() - before;
        // Whole, non-negative counts well below 2^53: the conversion is exact.
        counted.max(0.0) as u64
    }

    /// A snapshot of the simulation (see [`Simulation::snapshot`]).
    pub fn snapshot(&self) -> Vec<u8> {
        self.sim.snapshot()
    }

    /// Replaces the simulation with the one `bytes` was made from (a snapshot of this
    /// project, made here or by `stepwise run --snapshot-out`).
    pub fn restore(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.sim =
            Simulation::restore(Rc::clone(&self.project), bytes).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// The simulation, to read.
    pub fn simulation(&self) -> &Simulation {
        &self.sim
    }

    /// The simulation's state hash, as `stepwise run` prints it.
    pub fn state_hash(&self) -> u64 {
        self.sim.state_hash()
    }

    /// How many agents the simulation holds.
    pub fn agent_count(&self) -> usize {
        self.sim.agents().count()
    }

    /// The running total of the [`CONTACTS`] Global prop (0 when the project has none).
    pub fn contacts(&self) -> f64 {
        self.sim
            .globals()
            .into_iter()
            .find(|(name, _)| name == CONTACTS)
            .and_then(|(_, value)| match value {
                Value::Number(n) => Some(n),
                _ => None,
            })
            .unwrap_or(0.0)
    }
}

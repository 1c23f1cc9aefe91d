//! [`ExperimentDef`]: an experiment as the project file keeps it, so the app's Experiment
//! panel and `stepwise sweep` run the same one and write the same table.
//!
//! GEMSTEP has no experiments; the list is left out of the file when there are none, and
//! GEMSTEP ignores the field when there are, so a project still opens there.
//! [`crate::experiment`] reads a definition into runs and checks it against the model.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The most experiments a project keeps.
pub const MAX_EXPERIMENTS: usize = 50;

/// A parameter sweep: which props to vary over which values, how many runs of each
/// combination, how long each runs, and what to measure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ExperimentDef {
    /// The name people pick it by (`energy use`).
    pub name: String,
    /// The props varied, the first slowest (see [`VaryDef`]).
    pub vary: Vec<VaryDef>,
    /// Runs of each combination, one per seed.
    pub seeds: u32,
    /// The seed of each combination's first run; the others follow it (1, 2, 3…).
    pub first_seed: u64,
    /// How long each run goes on, in seconds of simulation time (30 ticks a second).
    pub seconds: u32,
    /// What is measured (`count Fish`, `Global.rate`, `mean Fish.energyLevel`).
    pub measures: Vec<String>,
    /// Ticks between measurements, from tick 0; 0 measures once, at the end of the run.
    pub every: u32,
    /// Fields Stepwise does not use, kept so saving does not lose them.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Default for ExperimentDef {
    fn default() -> ExperimentDef {
        ExperimentDef {
            name: String::new(),
            vary: Vec::new(),
            seeds: 1,
            first_seed: 1,
            seconds: 60,
            measures: Vec::new(),
            every: 0,
            extra: Map::new(),
        }
    }
}

/// One varied prop and its values, as written: `Fish.energyUse` (a blueprint prop's
/// starting value) or `Global.rate`, over `1,2,3` (a list: numbers, `true`/`false`, or
/// text) or `0.1..0.5:0.1` (a range, its ends included, stepping by the number after `:`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VaryDef {
    /// `Blueprint.prop` or `Global.prop`.
    pub prop: String,
    /// The values (see the type's docs).
    pub values: String,
}

//! What the page and an experiment's Web Workers say to each other, as JSON text (shared by
//! the page and the `sweep-worker` binary, which includes this file).
//!
//! A worker says [`FromWorker::Ready`] once its WASM is running (a message sent before then
//! would find no listener and be lost); the page then sends [`ToWorker::Load`] with the model
//! and the experiment, and one [`ToWorker::Run`] at a time, each answered by
//! [`FromWorker::Rows`] or [`FromWorker::Failed`]. Handing out one run at a time keeps every
//! worker busy however long each run takes; stopping is the page terminating the workers.

use serde::{Deserialize, Serialize};
use sim_core::{Blank, ExperimentDef, Project};

/// From the page to a worker.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ToWorker {
    /// The model and the experiment the runs to come belong to.
    Load {
        /// The project.
        project: Box<Project>,
        /// The experiment.
        experiment: ExperimentDef,
    },
    /// Run this run (numbered from 1).
    Run {
        /// Its number.
        number: usize,
    },
}

/// From a worker to the page.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FromWorker {
    /// The worker is listening.
    Ready,
    /// A run finished: its rows of the table (CSV lines), and its measures at its last tick.
    Rows {
        /// Its number.
        number: usize,
        /// Its table rows, each ending in a newline.
        csv: String,
        /// Each measure's value at the run's last tick (`None`: nothing to measure).
        last: Vec<Option<f64>>,
        /// Each measure's empty cells in the run and why (see [`Blank`]).
        #[serde(default)]
        blanks: Vec<Option<Blank>>,
    },
    /// A run, or the loading of the experiment, failed.
    Failed {
        /// The run's number (0 for the loading).
        number: usize,
        /// Why.
        message: String,
    },
}

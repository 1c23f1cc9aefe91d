//! The Web Workers an experiment's runs go on: one per core the browser offers
//! (`navigator.hardwareConcurrency`), and no more than there are runs. Each is handed runs one
//! by one (see [`super::protocol`]), with the next already waiting while it works on one, so it
//! never waits for the page (busy drawing the last result) to hand it more; stopping terminates
//! them all at once.

use super::protocol::{FromWorker, ToWorker};
use sim_core::{ExperimentDef, Project};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker};
use yew::Callback;

/// The worker script Trunk writes beside the page (the `sweep-worker` binary's loader).
const SCRIPT: &str = "./sweep-worker_loader.js";

/// Runs handed to a worker and not yet back: the one it works on and the next.
const IN_FLIGHT: usize = 2;

/// What a worker said, or that it broke, with which worker it was.
#[derive(Debug)]
pub enum Event {
    /// Worker `.0` said `.1`.
    Said(usize, FromWorker),
    /// A worker failed outside any run (its script did not load, or it crashed).
    Broke(String),
}

/// One worker and the listeners kept alive with it.
struct Slot {
    worker: Worker,
    /// How many runs it was handed that are not back yet.
    in_flight: usize,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

/// Running workers handing their answers to a callback.
pub struct Pool {
    slots: Vec<Slot>,
    /// The load message every worker gets once it is ready.
    load: String,
    /// The next run to hand out, and the last there is.
    next: usize,
    last: usize,
}

/// How many workers to start for `runs` runs: one per core the browser offers (at least one).
pub fn worker_count(runs: usize) -> usize {
    let cores = web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .filter(|n| n.is_finite() && *n >= 1.0)
        .map_or(1, |n| n as usize);
    cores.min(runs).max(1)
}

impl Pool {
    /// Starts `workers` workers for runs 1 to `runs` of `experiment` on `project`; what they
    /// say goes to `on_event`.
    pub fn start(
        project: &Project,
        experiment: &ExperimentDef,
        runs: usize,
        workers: usize,
        on_event: Callback<Event>,
    ) -> Result<Pool, String> {
        let load = serde_json::to_string(&ToWorker::Load {
            project: Box::new(project.clone()),
            experiment: experiment.clone(),
        })
        .map_err(|e| format!("the experiment could not be sent to the workers: {e}"))?;
        let mut slots = Vec::with_capacity(workers);
        for index in 0..workers {
            let worker = Worker::new(SCRIPT)
                .map_err(|e| format!("the browser did not start a worker: {}", describe(&e)))?;
            let said = on_event.clone();
            let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                let text = e.data().as_string().unwrap_or_default();
                said.emit(match serde_json::from_str::<FromWorker>(&text) {
                    Ok(message) => Event::Said(index, message),
                    Err(e) => Event::Broke(format!("a worker's answer does not read: {e}")),
                });
            });
            let broke = on_event.clone();
            let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
                let message = e.message();
                broke.emit(Event::Broke(if message.is_empty() {
                    "a worker stopped with an error".to_string()
                } else {
                    message
                }));
            });
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            slots.push(Slot {
                worker,
                in_flight: 0,
                _on_message: on_message,
                _on_error: on_error,
            });
        }
        Ok(Pool {
            slots,
            load,
            next: 1,
            last: runs,
        })
    }

    /// How many workers run.
    pub fn size(&self) -> usize {
        self.slots.len()
    }

    /// Worker `index` is ready: it gets the experiment and its first runs.
    pub fn ready(&mut self, index: usize) {
        if let Some(slot) = self.slots.get(index) {
            let _ = slot.worker.post_message(&JsValue::from_str(&self.load));
        }
        self.hand_out(index);
    }

    /// Worker `index` finished a run: it gets another, if any is left.
    pub fn finished(&mut self, index: usize) {
        if let Some(slot) = self.slots.get_mut(index) {
            slot.in_flight = slot.in_flight.saturating_sub(1);
        }
        self.hand_out(index);
    }

    /// Whether every run was handed out and came back.
    pub fn done(&self) -> bool {
        self.next > self.last && self.slots.iter().all(|s| s.in_flight == 0)
    }

    /// Hands worker `index` runs until it has [`IN_FLIGHT`] or none is left.
    fn hand_out(&mut self, index: usize) {
        let Some(slot) = self.slots.get_mut(index) else {
            return;
        };
        while slot.in_flight < IN_FLIGHT && self.next <= self.last {
            let message =
                serde_json::to_string(&ToWorker::Run { number: self.next }).unwrap_or_default();
            if slot
                .worker
                .post_message(&JsValue::from_str(&message))
                .is_err()
            {
                return;
            }
            slot.in_flight += 1;
            self.next += 1;
        }
    }
}

impl Drop for Pool {
    /// Stops every worker at once, whatever it is doing (a cancel, a finished experiment, the
    /// panel going away).
    fn drop(&mut self) {
        for slot in &self.slots {
            slot.worker.terminate();
        }
    }
}

fn describe(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_string())
}

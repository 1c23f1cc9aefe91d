//! An experiment's Web Worker: runs the runs the page hands it, one at a time, off the page's
//! thread, with the same engine and the same table code as `stepwise sweep` (see
//! [`sim_core::experiment`]), so the browser and the command line write the same CSV.

#[path = "../experiment/protocol.rs"]
mod protocol;

use protocol::{FromWorker, ToWorker};
use sim_core::{experiment::table, Sweep};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let sweep: Rc<RefCell<Option<Sweep>>> = Rc::default();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let reply = match e.data().as_string() {
            Some(text) => answer(&sweep, &text),
            None => Some(FromWorker::Failed {
                number: 0,
                message: "the page sent something that is not text".to_string(),
            }),
        };
        if let Some(reply) = reply {
            post(&reply_scope, &reply);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as its page wants it; so does its listener.
    on_message.forget();
    post(&scope, &FromWorker::Ready);
}

/// What to answer the page's message `text` with.
fn answer(sweep: &RefCell<Option<Sweep>>, text: &str) -> Option<FromWorker> {
    let message = match serde_json::from_str::<ToWorker>(text) {
        Ok(message) => message,
        Err(e) => {
            return Some(FromWorker::Failed {
                number: 0,
                message: format!("the page's message does not read: {e}"),
            })
        }
    };
    match message {
        ToWorker::Load {
            project,
            experiment,
        } => match Sweep::new(&project, &experiment) {
            Ok(loaded) => {
                *sweep.borrow_mut() = Some(loaded);
                None
            }
            Err(errors) => Some(FromWorker::Failed {
                number: 0,
                message: errors.join("; "),
            }),
        },
        ToWorker::Run { number } => {
            let sweep = sweep.borrow();
            let Some(sweep) = sweep.as_ref() else {
                return Some(FromWorker::Failed {
                    number,
                    message: "no experiment was loaded".to_string(),
                });
            };
            Some(match sweep.run(number) {
                Ok(rows) => FromWorker::Rows {
                    number,
                    csv: table::rows(&rows),
                    last: rows.rows.last().map(|(_, v)| v.clone()).unwrap_or_default(),
                    blanks: rows.blanks,
                },
                Err(message) => FromWorker::Failed { number, message },
            })
        }
    }
}

fn post(scope: &DedicatedWorkerGlobalScope, message: &FromWorker) {
    let text = serde_json::to_string(message).unwrap_or_default();
    // Posting text to the page fails only when the page is gone.
    let _ = scope.post_message(&JsValue::from_str(&text));
}

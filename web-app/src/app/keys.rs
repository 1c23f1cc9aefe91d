//! The stage's keyboard shortcuts, listened for on the whole window.

use super::{App, Msg};
use crate::projects::browser::typing_target;
use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

/// Listens on the window for the stage's keys: Delete, Escape and Space. Keys typed into a
/// field (the script editor, the inspector, a picker) are left alone.
pub(super) fn listen_for_keys(ctx: &Context<App>) -> Option<EventListener> {
    let window = web_sys::window()?;
    let link = ctx.link().clone();
    let options = EventListenerOptions::enable_prevent_default();
    Some(EventListener::new_with_options(
        &window,
        "keydown",
        options,
        move |e| {
            let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            if typing_target(e) || e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let msg = match e.key().as_str() {
                "Delete" => Msg::DeleteSelected,
                "Escape" => Msg::ClearSelection,
                " " => Msg::TogglePlay,
                _ => return,
            };
            // Space would also scroll the page or press the focused button.
            e.prevent_default();
            link.send_message(msg);
        },
    ))
}

//! The page-wide events the projects panel listens for: keys (Escape leaves the projector
//! view; Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y undo and redo) and a share link pasted into the
//! address bar.

use super::panel::{Msg, ProjectsPanel};
use crate::browser;
use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;

/// Listens for Escape, which leaves the projector view; for Ctrl+Z (undo), Ctrl+Shift+Z and
/// Ctrl+Y (redo) outside fields that keep their own undo (the script editor's text); and for
/// a new fragment in the address bar (a share link pasted into an open tab), which loads the
/// project it carries.
pub(super) fn page_listeners(link: &yew::html::Scope<ProjectsPanel>) -> Vec<EventListener> {
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    let mut listeners = Vec::new();
    if let Some(document) = window.document() {
        let link = link.clone();
        let options = EventListenerOptions::enable_prevent_default();
        listeners.push(EventListener::new_with_options(
            &document,
            "keydown",
            options,
            move |event| {
                let Some(key) = event.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if let Some(msg) = key_message(key) {
                    if !matches!(msg, Msg::ExitProjector) {
                        key.prevent_default();
                    }
                    link.send_message(msg);
                }
            },
        ));
    }
    let link = link.clone();
    listeners.push(EventListener::new(&window, "hashchange", move |_| {
        link.send_message(Msg::FragmentChanged)
    }));
    listeners
}

/// What a key press asks of the panel, if anything.
fn key_message(key: &KeyboardEvent) -> Option<Msg> {
    if key.key() == "Escape" {
        return Some(Msg::ExitProjector);
    }
    let command = key.ctrl_key() || key.meta_key();
    if !command || key.alt_key() || browser::typing_target(key) {
        return None;
    }
    match key.key().to_lowercase().as_str() {
        "z" if key.shift_key() => Some(Msg::Redo),
        "z" => Some(Msg::Undo),
        "y" => Some(Msg::Redo),
        _ => None,
    }
}

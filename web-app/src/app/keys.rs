//! The stage's keyboard shortcuts, listened for on the whole window, and what they do.

use crate::browser::typing_target;
use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

/// A key the page answers to (see [`SHORTCUTS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortcut {
    /// Remove the selected agents.
    Delete,
    /// Clear the selection (or close the list of shortcuts).
    Escape,
    /// Play when paused, pause when playing.
    TogglePlay,
    /// Run one tick.
    Step,
    /// Go back one tick on the timeline.
    StepBack,
    /// Back to the model's starting state.
    Reset,
    /// The next faster speed.
    Faster,
    /// The next slower speed.
    Slower,
    /// Show or hide the list of shortcuts.
    Help,
}

/// Listens on the window for the stage's keys and tells `on_key`. Keys typed into a field
/// (the script editor, the inspector, a picker) are left alone.
pub(super) fn listen_for_keys(on_key: Callback<Shortcut>) -> Option<EventListener> {
    let window = web_sys::window()?;
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
            let key = match e.key().as_str() {
                "Delete" => Shortcut::Delete,
                "Escape" => Shortcut::Escape,
                " " => Shortcut::TogglePlay,
                "." => Shortcut::Step,
                "," => Shortcut::StepBack,
                "r" | "R" => Shortcut::Reset,
                "+" | "=" => Shortcut::Faster,
                "-" => Shortcut::Slower,
                "?" => Shortcut::Help,
                _ => return,
            };
            // Space would also scroll the page or press the focused button.
            e.prevent_default();
            on_key.emit(key);
        },
    ))
}

/// The keys the app answers to outside text fields, as the `?` list shows them.
pub(super) const SHORTCUTS: [(&str, &str); 11] = [
    ("Space", "play or pause"),
    (".", "step one tick"),
    (",", "step back one tick (the timeline)"),
    ("R", "reset the model"),
    ("+ / −", "run faster / slower"),
    ("Delete", "remove the selected agents"),
    (
        "Escape",
        "clear the selection, leave the projector view, close this list",
    ),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z or Ctrl+Y", "redo"),
    ("Ctrl+Enter", "apply the script (in the editor)"),
    ("?", "show or hide this list"),
];

/// The list of keyboard shortcuts, with a button that closes it.
pub(super) fn shortcut_list(on_close: yew::Callback<yew::MouseEvent>) -> yew::Html {
    yew::html! {
        <section class="shortcuts" data-testid="shortcuts" role="dialog" aria-label="Keyboard shortcuts">
            <h2>{ "Keyboard shortcuts" }</h2>
            <dl>
                { for SHORTCUTS.iter().map(|(key, what)| yew::html! {
                    <><dt><kbd>{ *key }</kbd></dt><dd>{ *what }</dd></>
                }) }
            </dl>
            <button data-testid="shortcuts-close" onclick={on_close}>{ "Close" }</button>
        </section>
    }
}

//! The projects panel's markup, kept apart from its behaviour in [`super::panel`].

use super::current::{CurrentProject, Origin};
use super::library::SaveState;
use super::models::ModelEntry;
use super::panel::Notice;
use yew::prelude::*;

/// What the panel shows besides the project itself.
pub struct State<'a> {
    /// The bundled models, in picker order.
    pub models: &'a [ModelEntry],
    /// The picker `<select>`, whose value the panel sets after each load.
    pub picker: &'a NodeRef,
    /// The last share link made for the current project.
    pub share_link: Option<&'a str>,
    /// Whether the projector view is on.
    pub projector: bool,
    /// Messages about loads and saves, oldest first.
    pub notices: &'a [Notice],
    /// How the open project stands with the library.
    pub saved: SaveState,
}

/// The parts of the panel that are components of their own.
pub struct Parts {
    /// The project library's list.
    pub library: Html,
    /// The blueprint list.
    pub blueprints: Html,
    /// The costume list.
    pub costumes: Html,
}

/// The callbacks the panel's controls fire.
pub struct Actions {
    pub on_pick: Callback<Event>,
    pub on_import: Callback<Event>,
    pub on_new: Callback<MouseEvent>,
    pub on_library: Callback<MouseEvent>,
    pub on_tutorial: Callback<MouseEvent>,
    pub on_export: Callback<MouseEvent>,
    pub on_share: Callback<MouseEvent>,
    pub on_projector: Callback<MouseEvent>,
    pub on_dismiss: Callback<MouseEvent>,
}

/// The whole panel.
pub fn panel(
    state: &State,
    current: Option<&CurrentProject>,
    actions: Actions,
    parts: Parts,
) -> Html {
    let origin = current.map(|c| &c.origin);
    html! {
        <aside class="projects-panel" aria-label="Projects">
            <section class="project-files">
                <div class="model-choice">
                    { picker(state, origin, actions.on_pick) }
                    <button data-testid="open-library" onclick={actions.on_library}
                        title="Browse the models library: every model with its picture, subject and lesson guide">
                        { "Library…" }</button>
                    <button data-testid="start-tutorial" onclick={actions.on_tutorial}
                        title="Build your first model, step by step: two kinds of character that meet, and a graph">
                        { "Tutorial" }</button>
                </div>
                <div class="file-buttons">
                    <button data-testid="new-project" onclick={actions.on_new}
                        title="Start an empty project: no blueprints, nothing on stage">{ "New" }</button>
                    <label class="button" title="Open a .gemprj file, or keep a saved class run (.stepwise-run)">
                        { "Import" }
                        <input type="file" data-testid="import" accept=".gemprj,.json,application/json,.stepwise-run"
                            onchange={actions.on_import} />
                    </label>
                    <button data-testid="export" disabled={current.is_none()} onclick={actions.on_export}
                        title="Save the model as a .gemprj file">{ "Export" }</button>
                    <button data-testid="share" disabled={current.is_none()} onclick={actions.on_share}
                        title="Make a link that opens this model">{ "Share" }</button>
                </div>
                { share_box(state.share_link) }
                { parts.library }
            </section>
            { summary(current, &state.saved) }
            { parts.blueprints }
            { parts.costumes }
            { messages(state.notices, current, actions.on_dismiss) }
            <button class="projector-toggle" data-testid="projector" aria-pressed={state.projector.to_string()}
                onclick={actions.on_projector}>
                { if state.projector { "Exit projector view (Esc)" } else { "Projector view" } }
            </button>
        </aside>
    }
}

fn picker(state: &State, origin: Option<&Origin>, on_pick: Callback<Event>) -> Html {
    let other = !matches!(origin, Some(Origin::Bundled(_)));
    html! {
        <label class="picker">{ "Model" }
            <select data-testid="model-picker" ref={state.picker.clone()} onchange={on_pick}>
                <option value="" disabled=true selected={other}>
                    { if origin.is_some() { "(your own model)" } else { "loading…" } }
                </option>
                { for state.models.iter().map(|m| html! {
                    <option value={m.id.clone()}
                        selected={origin == Some(&Origin::Bundled(m.id.clone()))}>{ &m.label }</option>
                }) }
            </select>
        </label>
    }
}

fn share_box(link: Option<&str>) -> Html {
    let Some(link) = link else { return html! {} };
    html! {
        <input class="share-link" data-testid="share-link" readonly=true value={link.to_string()}
            aria-label="Share link" onfocus={Callback::from(|e: FocusEvent| {
                if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                    input.select();
                }
            })} />
    }
}

fn summary(current: Option<&CurrentProject>, saved: &SaveState) -> Html {
    let Some(current) = current else {
        return html! { <section class="project-summary"><p>{ "Loading a model…" }</p></section> };
    };
    html! {
        <section class="project-summary">
            <h2 data-testid="project-label">{ current.title() }</h2>
            { save_status(saved) }
            if !current.project.description.trim().is_empty() {
                <p class="description">{ &current.project.description }</p>
            }
        </section>
    }
}

/// One line saying whether the student's work is kept, in plain words.
fn save_status(saved: &SaveState) -> Html {
    let (class, text) = match saved {
        SaveState::Starting => ("quiet", "Opening your projects…".to_string()),
        SaveState::Unedited => (
            "quiet",
            "Not in your projects yet: your first change keeps a copy there".to_string(),
        ),
        SaveState::Saving => ("quiet", "Saving…".to_string()),
        SaveState::Saved { at } => (
            "saved",
            format!("Saved in your projects at {}", clock_time(*at)),
        ),
        SaveState::Failed(message) => ("error", format!("Not saved: {message}")),
        SaveState::Unavailable(message) => ("error", format!("Not saved: {message}")),
    };
    html! { <p class={classes!("save-status", class)} data-testid="save-status" aria-live="polite">{ text }</p> }
}

/// The local time of page-clock milliseconds `ms`, as hours and minutes.
pub fn clock_time(ms: f64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    format!("{:02}:{:02}", date.get_hours(), date.get_minutes())
}

fn messages(
    notices: &[Notice],
    current: Option<&CurrentProject>,
    on_dismiss: Callback<MouseEvent>,
) -> Html {
    let compile_errors = current.map_or(&[][..], |c| c.errors.as_slice());
    let empty = notices.is_empty() && compile_errors.is_empty();
    html! {
        <section class="messages" data-testid="messages" aria-live="polite">
            <h3>{ "Messages" }
                if !notices.is_empty() {
                    <button class="dismiss" onclick={on_dismiss} title="Clear these messages">{ "Clear" }</button>
                }
            </h3>
            if empty { <p class="quiet">{ "No problems." }</p> }
            <ul>
                { for notices.iter().rev().map(|n| html! {
                    <li class={if n.is_error { "notice error" } else { "notice info" }}>{ &n.text }</li>
                }) }
                { for compile_errors.iter().map(|e| html! {
                    <li class="compile-error">{ e.to_string() }</li>
                }) }
            </ul>
        </section>
    }
}

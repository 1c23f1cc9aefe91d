//! [`ScriptPanel`]: the "Script" button and the drawer that shows the [`ScriptEditor`] for a
//! blueprint of the current model. Until the app holds a project of its own, the panel edits
//! the first blueprint of the bundled Wander model and keeps what is applied.

use super::component::ScriptEditor;
use super::vocab::project_symbols;
use sim_core::project::Project;
use std::rc::Rc;
use yew::prelude::*;

/// The model whose first blueprint the panel edits.
const MODEL: &str = include_str!("../../../static/models/wander.gemprj");

/// The Script toggle and, when open, the editor of the model's first blueprint.
#[function_component(ScriptPanel)]
pub fn script_panel() -> Html {
    let open = use_state(|| false);
    let project = use_state(|| Project::from_json(MODEL).ok());
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let editor = match (*open, project.as_ref()) {
        (true, Some(model)) => editor_for(model, &project),
        (true, None) => html! { <p class="editor-missing">{ "The model could not be read." }</p> },
        (false, _) => html! {},
    };
    html! {
        <aside class={classes!("script-panel", (*open).then_some("open"))}>
            <button class="script-toggle" data-testid="script-toggle" aria-pressed={(*open).to_string()}
                onclick={toggle}>{ "Script" }</button>
            { editor }
        </aside>
    }
}

/// The editor of `model`'s first blueprint; applying stores the text in the model.
fn editor_for(model: &Project, state: &UseStateHandle<Option<Project>>) -> Html {
    let Some(bp) = model.blueprints.first() else {
        return html! { <p class="editor-missing">{ "This model has no blueprints yet." }</p> };
    };
    let on_apply = {
        let state = state.clone();
        let name = bp.name.clone();
        Callback::from(move |text: String| {
            let mut next = (*state).clone();
            if let Some(bp) = next.as_mut().and_then(|p| p.blueprint_mut(&name)) {
                bp.script_text = text;
            }
            state.set(next);
        })
    };
    html! {
        <ScriptEditor text={bp.script_text.clone()} blueprint={bp.name.clone()}
            symbols={Rc::new(project_symbols(model))} {on_apply} />
    }
}

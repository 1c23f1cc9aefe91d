//! [`ScriptPanel`]: the drawer that shows the [`ScriptEditor`] for one blueprint of the current
//! project (the title bar's *Script* button opens it), as text or in the [`Wizard`] (a Text /
//! Wizard switch over the same script). It edits nothing itself: applying hands the new text to
//! its owner (the projects panel), which recompiles and autosaves the project.

use super::component::ScriptEditor;
use super::place::ScriptPlace;
use crate::authoring::limits::too_large;
use crate::authoring::vocab::project_symbols;
use crate::reference::ReferenceOpener;
use crate::tutorial::{tutorial_box, TutorialShown};
use crate::wizard::Wizard;
use sim_core::{BlueprintDef, Project};
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Properties of [`ScriptPanel`].
#[derive(Properties, PartialEq)]
pub struct ScriptPanelProps {
    /// The current project, or `None` while none is loaded.
    pub project: Option<Rc<Project>>,
    /// Called with (blueprint name, new script text) when the student applies an edit.
    pub on_apply: Callback<(String, String)>,
    /// Called with (blueprint name, new name) when the student renames the blueprint from the
    /// editor (to match its `# BLUEPRINT` line); the drawer follows it.
    #[prop_or_default]
    pub on_rename: Callback<(String, String)>,
    /// A blueprint to show, asked for by the blueprint list: the drawer opens on it.
    #[prop_or_default]
    pub focus: Option<AttrValue>,
    /// Counts the list's requests, so asking again for the same blueprint reopens the drawer.
    #[prop_or_default]
    pub focus_serial: u32,
    /// Whether the drawer is open (the title bar's *Script* button says).
    pub open: bool,
    /// Opens (true) or closes the drawer: asked for by a blueprint to show.
    pub on_open: Callback<bool>,
}

/// When open, a blueprint chooser and that blueprint's editor. A [`ScriptPlace`] asked for
/// through the app's context opens the panel on that blueprint's text at that line.
#[function_component(ScriptPanel)]
pub fn script_panel(props: &ScriptPanelProps) -> Html {
    let open = props.open;
    let chosen = use_state(String::new);
    let wizard = use_state(|| false);
    let reveal = use_state(|| None::<ScriptPlace>);
    let asked = use_context::<Option<ScriptPlace>>().flatten();
    let reference = use_context::<ReferenceOpener>();
    let tutorial = use_context::<Option<TutorialShown>>().flatten();
    {
        let (open, chosen, wizard, reveal) = (
            props.on_open.clone(),
            chosen.clone(),
            wizard.clone(),
            reveal.clone(),
        );
        use_effect_with(asked, move |asked| {
            if let Some(place) = asked {
                open.emit(true);
                wizard.set(false);
                chosen.set(place.blueprint.clone());
                reveal.set(Some(place.clone()));
            }
        });
    }
    {
        let (open, chosen) = (props.on_open.clone(), chosen.clone());
        use_effect_with(
            (props.focus.clone(), props.focus_serial),
            move |(focus, _)| {
                if let Some(name) = focus {
                    chosen.set(name.to_string());
                    open.emit(true);
                }
            },
        );
    }
    // The page's layout makes room for the open drawer (on a phone the stage shrinks to
    // stay in view above it).
    use_effect_with(open, |open| {
        crate::browser::set_root_class("script-open", *open)
    });
    let body = match (open, props.project.as_deref()) {
        (false, _) => html! {},
        (true, None) => html! { <p class="editor-missing">{ "No model is loaded." }</p> },
        (true, Some(project)) => editor_for(
            project,
            (&chosen, &reveal),
            &wizard,
            (&props.on_apply, &props.on_rename),
            reference.as_ref(),
        ),
    };
    html! {
        <aside class={classes!("script-panel", open.then_some("open"))} aria-label="Script">
            if let Some(shown) = tutorial.filter(|_| open) {
                <div class="drawer-tutorial">{ tutorial_box(&shown) }</div>
            }
            { body }
        </aside>
    }
}

/// The chooser, the Text / Wizard switch and the editor of the chosen blueprint (the first
/// one until one is chosen, or when the chosen one is gone), shown at the place to reveal
/// when it is in that blueprint; choosing another blueprint forgets the place.
/// A callback given a blueprint's name and a text (its new script or its new name).
type NamedText = Callback<(String, String)>;

/// The blueprint's script: in the wizard or the text editor, or why it is too large for
/// either.
fn script_view(
    project: &Project,
    bp: &BlueprintDef,
    wizard: bool,
    reveal: Option<ScriptPlace>,
    on_apply: Callback<String>,
    on_rename: Callback<String>,
) -> Html {
    if let Some(why) = too_large(&bp.script_text) {
        return html! {
            <p class="editor-too-large" data-testid="script-too-large" role="alert">
                { format!("{why}. It still runs as it is. To change it, Export the project and edit \
                    the file in a text editor, or split the blueprint into smaller ones.") }
            </p>
        };
    }
    let symbols = Rc::new(project_symbols(project));
    if wizard {
        return html! { <Wizard key={bp.name.clone()} text={bp.script_text.clone()} blueprint={bp.name.clone()}
        {symbols} {on_apply} /> };
    }
    html! { <ScriptEditor key={bp.name.clone()} text={bp.script_text.clone()} blueprint={bp.name.clone()}
    project={project.id.clone()} {symbols} {on_apply} {on_rename} {reveal} /> }
}

/// The Text / Wizard switch over one script: `wizard` is the one shown, `on_mode` hears the
/// one clicked (true: the wizard). The teacher's drawer and a student's share it.
pub fn mode_tabs(wizard: bool, on_mode: &Callback<bool>) -> Html {
    let tab = |label: &'static str, testid: &'static str, is_wizard: bool| {
        let active = wizard == is_wizard;
        let onclick = on_mode.reform(move |_: MouseEvent| is_wizard);
        html! {
            <button class={classes!("script-tab", active.then_some("active"))} data-testid={testid}
                aria-pressed={active.to_string()} {onclick}>{ label }</button>
        }
    };
    html! { <>{ tab("Text", "text-tab", false) }{ tab("Wizard", "wizard-tab", true) }</> }
}

/// *Reference*: opens the searchable script reference beside the script (where the page
/// provides one).
pub fn reference_button(reference: Option<&ReferenceOpener>) -> Html {
    let Some(ReferenceOpener(open)) = reference else {
        return Html::default();
    };
    let onclick = open.reform(|_: MouseEvent| None);
    html! {
        <button class="script-tab" data-testid="reference-open" {onclick}
            title="Every keyword, feature and method, with an example">{ "Reference" }</button>
    }
}

/// Choosing another blueprint in the picker opens its script (at its top).
fn choosing(
    chosen: &UseStateHandle<String>,
    reveal: &UseStateHandle<Option<ScriptPlace>>,
) -> Callback<Event> {
    let (chosen, reveal) = (chosen.clone(), reveal.clone());
    Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
            reveal.set(None);
            chosen.set(select.value());
        }
    })
}

fn editor_for(
    project: &Project,
    (chosen, reveal): (
        &UseStateHandle<String>,
        &UseStateHandle<Option<ScriptPlace>>,
    ),
    wizard: &UseStateHandle<bool>,
    (on_apply, on_rename): (&NamedText, &NamedText),
    reference: Option<&ReferenceOpener>,
) -> Html {
    let bp = project
        .blueprint(chosen.as_str())
        .or_else(|| project.blueprints.first());
    let Some(bp) = bp else {
        return html! { <p class="editor-missing">{ "This model has no blueprints yet." }</p> };
    };
    let on_choose = choosing(chosen, reveal);
    let on_apply = {
        let name = bp.name.clone();
        on_apply.reform(move |text: String| (name.clone(), text))
    };
    let on_rename = {
        let (name, on_rename, chosen) = (bp.name.clone(), on_rename.clone(), chosen.clone());
        Callback::from(move |new: String| {
            chosen.set(new.clone());
            on_rename.emit((name.clone(), new));
        })
    };
    let reveal = (**reveal)
        .clone()
        .filter(|place| place.blueprint == bp.name);
    let view = script_view(project, bp, **wizard, reveal, on_apply, on_rename);
    let on_mode = {
        let wizard = wizard.clone();
        Callback::from(move |is_wizard| wizard.set(is_wizard))
    };
    html! {
        <>
            <div class="script-bar">
                { mode_tabs(**wizard, &on_mode) }
                { reference_button(reference) }
            <select class="script-blueprint" data-testid="script-blueprint" aria-label="Blueprint" onchange={on_choose}>
                { for project.blueprints.iter().map(|b| html! {
                    <option value={b.name.clone()} selected={b.name == bp.name}>{ &b.name }</option>
                }) }
            </select>
            </div>
            { view }
        </>
    }
}

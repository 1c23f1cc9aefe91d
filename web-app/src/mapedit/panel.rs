//! [`MapEditor`]: the map editor's panel. The title bar's *Map* opens it (the stage's pointer
//! then places and moves instances); inside are the blueprint to place, the instance list
//! (name, place, init script, delete), the stage settings and the rounds. Every control's
//! change goes through [`apply_edit`]; a refused change shows why and leaves the project
//! alone.

use super::place::{self, position_in};
use super::settings::{self, Bound, RoundField};
use super::{apply_edit, MapError, MapTool};
use crate::projects::ProjectHandle;
use sim_core::{InstanceDef, Project, Round};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Properties of [`MapEditor`].
#[derive(Properties, PartialEq)]
pub struct MapEditorProps {
    /// The open project, which the panel edits.
    pub project: ProjectHandle,
    /// The project's revision, so the panel redraws when it changes.
    pub revision: u64,
    /// Whether the panel is open and which blueprint a click places.
    pub tool: MapTool,
    /// Called when the user opens or closes the panel or picks a blueprint.
    pub on_tool: Callback<MapTool>,
    /// Why the last placing or moving on the stage was refused.
    #[prop_or_default]
    pub stage_error: Option<AttrValue>,
}

/// Runs edits and keeps the last refusal to show.
#[derive(Clone)]
struct Editor {
    handle: ProjectHandle,
    error: UseStateHandle<Option<String>>,
}

impl Editor {
    fn run(&self, label: &str, change: impl FnOnce(&mut Project) -> Result<(), MapError>) {
        self.error
            .set(apply_edit(&self.handle, label, change).err());
    }

    /// A callback that runs `edit` with the changed field's text.
    fn on_text(&self, edit: impl Fn(&Editor, String) + 'static) -> Callback<Event> {
        let editor = self.clone();
        Callback::from(move |e: Event| {
            if let Some(value) = field_value(&e) {
                edit(&editor, value);
            }
        })
    }

    /// A callback that runs `edit` with a checkbox's new state.
    fn on_check(&self, edit: impl Fn(&Editor, bool) + 'static) -> Callback<Event> {
        let editor = self.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                edit(&editor, input.checked());
            }
        })
    }

    /// A callback that runs `edit` on a click.
    fn on_click(&self, edit: impl Fn(&Editor) + 'static) -> Callback<MouseEvent> {
        let editor = self.clone();
        Callback::from(move |_: MouseEvent| edit(&editor))
    }
}

/// The value of the input, text area or drop-down an event came from.
fn field_value(e: &Event) -> Option<String> {
    let target = e.target()?;
    if let Some(input) = target.dyn_ref::<HtmlInputElement>() {
        return Some(input.value());
    }
    if let Some(area) = target.dyn_ref::<HtmlTextAreaElement>() {
        return Some(area.value());
    }
    target.dyn_ref::<HtmlSelectElement>().map(|s| s.value())
}

/// The map editor's panel while it is open (the title bar's *Map* button opens it); a
/// refusal shown goes when it opens or closes.
#[function_component(MapEditor)]
pub fn map_editor(props: &MapEditorProps) -> Html {
    let error = use_state(|| None::<String>);
    let editor = Editor {
        handle: props.project.clone(),
        error: error.clone(),
    };
    let tool = props.tool.clone();
    {
        let error = error.clone();
        use_effect_with(tool.open, move |_| error.set(None));
    }
    // The app redraws every frame while a model runs: a closed panel copies nothing.
    let project = tool
        .open
        .then(|| {
            props
                .project
                .with(|c| c.map(|c| Rc::new(c.project.clone())))
        })
        .flatten();
    let shown_error = (*error)
        .clone()
        .or_else(|| props.stage_error.as_ref().map(|e| e.to_string()));
    html! {
        <div class="map-dock">
            if let (true, Some(project)) = (tool.open, project) {
                <section class="map-editor" data-testid="map-editor" aria-label="Map editor">
                    <p class="map-note">
                        { "Each change here resets the model to its new starting state." }
                    </p>
                    if let Some(text) = shown_error {
                        <p class="map-error" data-testid="map-error" role="alert">{ text }</p>
                    }
                    { placing(&project, &tool, &props.on_tool) }
                    { instance_list(&project, &editor) }
                    { stage_settings(&project, &editor) }
                    { round_list(&project, &editor) }
                </section>
            }
        </div>
    }
}

/// The blueprint a click on the stage places.
fn placing(project: &Project, tool: &MapTool, on_tool: &Callback<MapTool>) -> Html {
    let onchange = {
        let (tool, on_tool) = (tool.clone(), on_tool.clone());
        Callback::from(move |e: Event| {
            if let Some(blueprint) = field_value(&e) {
                on_tool.emit(MapTool {
                    blueprint,
                    ..tool.clone()
                });
            }
        })
    };
    let hint = match tool.placing() {
        Some(bp) => format!("Click the stage to place a {bp}. Drag an agent to move it."),
        None => "Choose a blueprint, then click the stage to place one. Drag an agent to move it."
            .to_owned(),
    };
    html! {
        <div class="map-section">
            <label class="map-field">{ "Place" }
                <select data-testid="map-blueprint" {onchange}>
                    <option value="" selected={tool.blueprint.is_empty()}>{ "— nothing —" }</option>
                    { for project.blueprints.iter().map(|b| html! {
                        <option value={b.name.clone()} selected={b.name == tool.blueprint}>{ b.shown_label() }</option>
                    }) }
                </select>
            </label>
            <p class="map-hint">{ hint }</p>
        </div>
    }
}

/// The instances, each with its name, place, init script and a delete button.
fn instance_list(project: &Project, editor: &Editor) -> Html {
    html! {
        <div class="map-section">
            <h3>{ format!("Instances ({})", project.instances.len()) }</h3>
            <ul class="map-instances" data-testid="map-instances">
                { for project.instances.iter().enumerate().map(|(i, inst)| {
                    let kind = project.blueprint(&inst.bpid).map_or(inst.bpid.as_str(), |b| b.shown_label());
                    instance_row(i, inst, kind, editor)
                }) }
            </ul>
        </div>
    }
}

/// One instance's row; `kind` is its blueprint as the lists show it.
fn instance_row(index: usize, instance: &InstanceDef, kind: &str, editor: &Editor) -> Html {
    let name = instance.label.clone();
    let on_rename = editor
        .on_text(move |ed, text| ed.run("rename the instance", |p| place::rename(p, index, &text)));
    let on_script = {
        let name = name.clone();
        editor.on_text(move |ed, text| {
            ed.run(&format!("change {name}'s script"), |p| {
                place::set_init_script(p, index, &text)
            })
        })
    };
    let on_delete = {
        let name = name.clone();
        editor.on_click(move |ed| ed.run(&format!("delete {name}"), |p| place::remove(p, index)))
    };
    let at = position_in(&instance.init_script).map_or_else(
        || "placed by its script".to_owned(),
        |(x, y)| format!("at {x}, {y}"),
    );
    html! {
        <li class="map-instance" data-testid="map-instance" data-name={name.clone()}
            key={format!("{}-{}", instance.id, index)}>
            <div class="map-instance-head">
                <input type="text" data-testid="instance-name" aria-label="Instance name"
                    value={name} onchange={on_rename} />
                <span class="map-instance-kind">{ kind }</span>
                <button data-testid="instance-delete" title="Delete this instance"
                    aria-label="Delete this instance" onclick={on_delete}>{ "✕" }</button>
            </div>
            <span class="map-instance-at" data-testid="instance-at">{ at }</span>
            <details class="map-instance-script">
                <summary>{ "Init script" }</summary>
                <textarea data-testid="instance-script" spellcheck="false" rows="4"
                    value={instance.init_script.clone()} onchange={on_script} />
            </details>
        </li>
    }
}

/// Bounds, wrap, bounce and background.
fn stage_settings(project: &Project, editor: &Editor) -> Html {
    let bound = |bound: Bound| {
        let onchange = editor.on_text(move |ed, text| {
            ed.run(&format!("set {}", bound.name()), |p| {
                settings::set_bound(p, bound, &text)
            })
        });
        html! {
            <label class="map-field small">{ bound.name() }
                <input type="text" inputmode="decimal" data-testid={format!("stage-{}", bound.name())}
                    value={bound.get(project).to_string()} {onchange} />
            </label>
        }
    };
    let wrap = |axis: usize, name: &'static str| {
        let onchange = editor.on_check(move |ed, on| {
            ed.run(&format!("set wrap {name}"), |p| {
                settings::set_wrap(p, axis, on)
            })
        });
        let checked = project.metadata.wrap.get(axis).copied().unwrap_or(false);
        html! {
            <label class="map-check">
                <input type="checkbox" data-testid={format!("stage-wrap-{name}")} {checked} {onchange} />
                { format!("wrap {name}") }
            </label>
        }
    };
    let on_bounce = editor.on_check(|ed, on| {
        ed.run("set bounce", |p| {
            settings::set_bounce(p, on);
            Ok(())
        })
    });
    let on_background = editor
        .on_text(|ed, text| ed.run("set the background", |p| settings::set_background(p, &text)));
    html! {
        <div class="map-section">
            <h3>{ "Stage" }</h3>
            <div class="map-bounds">{ for Bound::ALL.into_iter().map(bound) }</div>
            <div class="map-checks">
                { wrap(0, "x") }
                { wrap(1, "y") }
                <label class="map-check">
                    <input type="checkbox" data-testid="stage-bounce" checked={project.metadata.bounce}
                        onchange={on_bounce} />
                    { "bounce" }
                </label>
                <label class="map-check">
                    <input type="color" data-testid="stage-background"
                        value={settings::background_hex(project)} onchange={on_background} />
                    { "background" }
                </label>
            </div>
        </div>
    }
}

/// The rounds, each with its fields and a delete button, and a button to add one.
fn round_list(project: &Project, editor: &Editor) -> Html {
    let on_add = editor.on_click(|ed| {
        ed.run("add a round", |p| {
            settings::add_round(p);
            Ok(())
        })
    });
    html! {
        <div class="map-section">
            <h3>{ format!("Rounds ({})", project.rounds.len()) }</h3>
            { for project.rounds.iter().enumerate().map(|(i, r)| round_row(i, r, editor)) }
            <button data-testid="round-add" onclick={on_add}>{ "+ Round" }</button>
        </div>
    }
}

fn round_row(index: usize, round: &Round, editor: &Editor) -> Html {
    let field = |field: RoundField, label: &'static str| {
        let onchange = editor.on_text(move |ed, text| {
            ed.run(&format!("set round {}'s {label}", index + 1), |p| {
                settings::set_round(p, index, field, &text)
            })
        });
        let testid = format!("round-{}", field.name());
        let value = field.get(round);
        let input = match field {
            RoundField::InitScript | RoundField::EndScript => html! {
                <textarea data-testid={testid} spellcheck="false" rows="2" {value} {onchange} />
            },
            RoundField::Time => html! {
                <input type="text" inputmode="numeric" data-testid={testid} {value} {onchange} />
            },
            _ => html! { <input type="text" data-testid={testid} {value} {onchange} /> },
        };
        html! { <label class="map-field">{ label }{ input }</label> }
    };
    let on_delete = editor.on_click(move |ed| {
        ed.run(&format!("delete round {}", index + 1), |p| {
            settings::remove_round(p, index)
        })
    });
    html! {
        <div class="map-round" data-testid="map-round" key={format!("{}-{}", round.id, index)}>
            <div class="map-instance-head">
                <strong>{ format!("Round {}", index + 1) }</strong>
                <button data-testid="round-delete" title="Delete this round"
                    aria-label="Delete this round" onclick={on_delete}>{ "✕" }</button>
            </div>
            { field(RoundField::Label, "name") }
            { field(RoundField::Time, "time (seconds, 0: no limit)") }
            { field(RoundField::Intro, "intro") }
            { field(RoundField::Outro, "outro") }
            { field(RoundField::InitScript, "script at start") }
            { field(RoundField::EndScript, "script at end") }
        </div>
    }
}

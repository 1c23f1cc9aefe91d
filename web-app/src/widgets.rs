//! The teacher's interface widgets beside the stage (the first of the panels; beside the
//! stage in projector view): sliders, switches and choosers that set a prop of the running
//! model at once ([`sim_core::Simulation::set_value`]), monitors that show a measure, and
//! buttons that run a line of ScriptText at the next tick. *Edit widgets* adds, changes and
//! removes them, each change one undoable edit of the project.

use crate::projects::ProjectHandle;
use sim_core::{
    experiment::{suggest_widgets, widget_problems},
    Measure, Simulation, StartTarget, Value, WidgetDef, WidgetKind, WidgetSuggestion,
};
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// What a widget shows now.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// Nothing to show (a button; a prop the model has not made).
    Nothing,
    /// The value of a slider's, switch's or chooser's prop.
    Value(Value),
    /// A monitor's measure (`None`: nothing to measure, or a measure that does not read).
    Measure(Option<f64>),
}

/// What `widget` shows in `sim` now.
pub fn shown(sim: &Simulation, widget: &WidgetDef) -> Shown {
    match widget.kind {
        WidgetKind::Button => Shown::Nothing,
        WidgetKind::Monitor => Shown::Measure(
            Measure::parse(&widget.target)
                .ok()
                .and_then(|m| m.sample(sim).ok()),
        ),
        _ => {
            let value = match StartTarget::parse(&widget.target) {
                Ok(StartTarget::Global(name)) => sim.global(&name),
                Ok(StartTarget::Prop { blueprint, prop }) => sim.prop_value(&blueprint, &prop),
                Err(_) => None,
            };
            value.map_or(Shown::Nothing, Shown::Value)
        }
    }
}

/// The widgets' inputs.
#[derive(Properties, PartialEq)]
pub struct WidgetsProps {
    /// The open project, whose widgets these are (and which *Edit widgets* changes).
    pub project: ProjectHandle,
    /// Its revision, so the panel redraws when the widgets change.
    pub revision: u64,
    /// What each widget shows now, in the project's order.
    pub shown: Rc<Vec<Shown>>,
    /// Whether the widgets change the model (false on a class screen that follows it).
    #[prop_or(true)]
    pub live: bool,
    /// A slider, switch or chooser was set: the widget's index and the value; the answer is
    /// why the model refused it.
    pub on_set: Callback<(usize, Value), Result<(), String>>,
    /// A button was pressed: its index; the answer is why its line could not run.
    pub on_press: Callback<usize, Result<(), String>>,
}

pub enum Msg {
    ToggleEdit,
    Add(WidgetKind),
    Remove(usize),
    Kind(usize, String),
    /// A field being typed in: widget, field, text (kept until the field is left).
    Typing(usize, &'static str, String),
    /// A field was left or Enter pressed: its text becomes the widget's.
    Commit(usize, &'static str, String),
    /// A slider moving under the pointer or the keys: the value shown until it is let go.
    Sliding(usize, String),
    /// *Suggest widgets*: list a widget for each prop the model invites the class to change.
    Suggest,
    /// Keep suggestion `.0`.
    Keep(usize),
    /// A slider was let go at this value: the model gets it, and the slider shows the model's
    /// value again (until then a redraw, while the model plays, keeps the slider where it is).
    Slid(usize, f64),
    /// A switch or chooser was set: the model gets the value.
    Set(usize, Value),
    /// A button was pressed: its line runs.
    Press(usize),
}

/// The widgets panel.
pub struct Widgets {
    editing: bool,
    /// A slider being moved and its value, shown before the model has it.
    sliding: Option<(usize, String)>,
    /// Text typed in the editor's fields and not yet committed, by widget and field: a
    /// redraw (the model plays on) shows it rather than the widget's saved text.
    typing: std::collections::HashMap<(usize, &'static str), String>,
    /// The suggestions listed, until kept or the editing ends.
    suggested: Option<Vec<WidgetSuggestion>>,
    /// Why each widget cannot work with the model (`None` where it can), as of `checked`.
    problems: Vec<Option<String>>,
    /// The project revision `problems` was worked out for.
    checked: u64,
    /// Why the last change from a widget was refused.
    error: Option<String>,
}

/// A chooser of the widget's options, showing the model's value.
fn chooser(ctx: &Context<Widgets>, i: usize, w: &WidgetDef, value: Option<Value>) -> Html {
    let now = value.as_ref().map(ToString::to_string).unwrap_or_default();
    let was = value.unwrap_or(Value::String(String::new()));
    let on_change = ctx.link().callback(move |e: Event| {
        let text = e.target_unchecked_into::<HtmlSelectElement>().value();
        let value = crate::inspector::parse_value(&text, &was).unwrap_or(Value::String(text));
        Msg::Set(i, value)
    });
    html! {
        <select data-testid="widget-chooser" aria-label={w.shown_label().to_string()}
            disabled={!ctx.props().live} onchange={on_change}>
            // The model's value, when it is none of the options.
            if !w.options.contains(&now) {
                <option value="" selected=true disabled=true>{ now.clone() }</option>
            }
            { for w.options.iter().map(|o| html! { <option value={o.clone()} selected={*o == now}>{ o }</option> }) }
        </select>
    }
}

/// Adds `widget` to the project's, as the undoable edit `label`, unless it has the most.
fn add(project: &ProjectHandle, label: &str, widget: WidgetDef) {
    project.edit(label, |p| {
        if p.widgets.len() < sim_core::MAX_WIDGETS {
            p.widgets.push(widget);
        }
    });
}

/// Why each widget of `project` cannot work with its model.
fn problems_of(project: &ProjectHandle) -> Vec<Option<String>> {
    project.with(|c| c.map(|c| widget_problems(&c.project)).unwrap_or_default())
}

const KINDS: [(WidgetKind, &str); 5] = [
    (WidgetKind::Slider, "slider"),
    (WidgetKind::Switch, "switch"),
    (WidgetKind::Chooser, "chooser"),
    (WidgetKind::Monitor, "monitor"),
    (WidgetKind::Button, "button"),
];

fn kind_name(kind: WidgetKind) -> &'static str {
    KINDS
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or("slider", |(_, n)| n)
}

impl Component for Widgets {
    type Message = Msg;
    type Properties = WidgetsProps;

    fn create(ctx: &Context<Self>) -> Self {
        Widgets {
            editing: false,
            sliding: None,
            typing: std::collections::HashMap::new(),
            suggested: None,
            problems: problems_of(&ctx.props().project),
            checked: ctx.props().revision,
            error: None,
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, _old: &WidgetsProps) -> bool {
        if ctx.props().revision != self.checked {
            self.problems = problems_of(&ctx.props().project);
            self.checked = ctx.props().revision;
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let project = &ctx.props().project;
        match msg {
            Msg::ToggleEdit => {
                self.editing = !self.editing;
                self.typing.clear();
                self.suggested = None;
            }
            Msg::Suggest => {
                self.suggested = project.with(|c| c.map(|c| suggest_widgets(&c.project)));
            }
            Msg::Keep(i) => return self.keep(project, i),
            Msg::Sliding(i, text) => self.sliding = Some((i, text)),
            Msg::Slid(i, n) => {
                self.sliding = None;
                self.error = ctx.props().on_set.emit((i, Value::Number(n))).err();
            }
            Msg::Set(i, value) => self.error = ctx.props().on_set.emit((i, value)).err(),
            Msg::Press(i) => self.error = ctx.props().on_press.emit(i).err(),
            Msg::Add(kind) => add(project, "Add a widget", new_widget(kind)),
            Msg::Remove(i) => {
                // The widgets after it move up: text typed in theirs would land on others.
                self.typing.clear();
                project.edit("Remove a widget", |p| {
                    if i < p.widgets.len() {
                        p.widgets.remove(i);
                    }
                });
            }
            Msg::Kind(i, text) => {
                let kind = KINDS.iter().find(|(_, n)| *n == text).map(|(k, _)| *k);
                if let Some(kind) = kind {
                    edit_one(project, "Change a widget", i, |w| w.kind = kind);
                }
            }
            Msg::Typing(i, field, text) => {
                self.typing.insert((i, field), text);
                return false;
            }
            Msg::Commit(i, field, text) => {
                self.typing.remove(&(i, field));
                commit(project, i, field, &text);
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let link = ctx.link();
        let widgets = props
            .project
            .with(|c| c.map(|c| c.project.widgets.clone()).unwrap_or_default());
        if widgets.is_empty() && !props.live {
            return Html::default();
        }
        html! {
            <div class={classes!("panel", "widgets", widgets.is_empty().then_some("empty"))} data-testid="widgets">
                <h2>{ "Controls" }
                    if props.live {
                        <button class="edit-toggle" data-testid="edit-widgets" aria-pressed={self.editing.to_string()}
                            onclick={link.callback(|_| Msg::ToggleEdit)}>
                            { if self.editing { "Done" } else { "Edit widgets" } }
                        </button>
                    }
                </h2>
                if widgets.is_empty() && !self.editing {
                    <p class="hint">{ "Sliders, switches, monitors and buttons for this model: press Edit widgets to add them." }</p>
                }
                if let Some(error) = &self.error {
                    <p class="error" role="alert" data-testid="widget-error">{ error }</p>
                }
                <div class="widget-list">
                    { for widgets.iter().enumerate().map(|(i, w)| {
                        let shown = props.shown.get(i).cloned().unwrap_or(Shown::Nothing);
                        if self.editing { self.editor(ctx, i, w) } else { self.widget(ctx, i, w, shown) }
                    }) }
                </div>
                if self.editing {
                    { self.suggestions(ctx) }
                    <div class="add-widgets">
                        { for KINDS.iter().map(|(kind, name)| {
                            let kind = *kind;
                            html! { <button data-testid={format!("add-{name}")} onclick={link.callback(move |_| Msg::Add(kind))}>{ format!("+ {name}") }</button> }
                        }) }
                        <button data-testid="suggest-widgets" onclick={link.callback(|_| Msg::Suggest)}>{ "Suggest widgets" }</button>
                    </div>
                }
            </div>
        }
    }
}

impl Widgets {
    /// The suggested widgets, each with *Keep* (nothing before *Suggest widgets* is pressed).
    fn suggestions(&self, ctx: &Context<Self>) -> Html {
        let Some(list) = &self.suggested else {
            return Html::default();
        };
        let link = ctx.link();
        html! {
            <div class="suggestions" data-testid="suggestions">
                <h3>{ "Suggested" }</h3>
                if list.is_empty() {
                    <p class="hint">{ "Nothing more to suggest: no prop is set in a DEFINE program or under a STUDENTS_MAY_CHANGE comment without a widget." }</p>
                }
                <ul>
                    { for list.iter().enumerate().map(|(i, s)| html! {
                        <li data-testid="suggestion">
                            <span class="what">{ format!("{} {}", kind_name(s.widget.kind), s.widget.target) }</span>
                            <span class="from">{ format!("{}:{}{}", s.from.0, s.from.1, if s.marked { " · STUDENTS_MAY_CHANGE" } else { "" }) }</span>
                            <button data-testid="keep-suggestion" onclick={link.callback(move |_| Msg::Keep(i))}>{ "Keep" }</button>
                        </li>
                    }) }
                </ul>
            </div>
        }
    }

    /// A widget as the class uses it.
    fn widget(&self, ctx: &Context<Self>, i: usize, w: &WidgetDef, shown: Shown) -> Html {
        let props = ctx.props();
        let link = ctx.link();
        let label = w.shown_label().to_string();
        let disabled = !props.live;
        let problem = self.problems.get(i).and_then(Option::as_ref);
        let value = match &shown {
            Shown::Value(v) => Some(v.clone()),
            _ => None,
        };
        let body = match w.kind {
            WidgetKind::Slider => self.slider(ctx, i, w, value.as_ref()),
            WidgetKind::Switch => {
                let on = matches!(value, Some(Value::Boolean(true)));
                html! {
                    <input type="checkbox" role="switch" data-testid="widget-switch" aria-label={label.clone()}
                        checked={on} {disabled}
                        onchange={link.callback(move |e: Event| {
                            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
                            Msg::Set(i, Value::Boolean(on))
                        })} />
                }
            }
            WidgetKind::Chooser => chooser(ctx, i, w, value),
            WidgetKind::Monitor => {
                let text = match shown {
                    Shown::Measure(Some(n)) => crate::experiment::short(n),
                    _ => "–".to_string(),
                };
                html! { <output class="monitor" data-testid="widget-monitor">{ text }</output> }
            }
            WidgetKind::Button => {
                let on_press = link.callback(move |_: MouseEvent| Msg::Press(i));
                html! { <button data-testid="widget-button" {disabled} onclick={on_press}>{ label.clone() }</button> }
            }
        };
        html! {
            <div class={classes!("widget", kind_name(w.kind), problem.is_some().then_some("broken"))}
                data-testid="widget" data-kind={kind_name(w.kind)} title={problem.cloned()}>
                if w.kind != WidgetKind::Button {
                    <span class="widget-label">{ label }</span>
                }
                { body }
            </div>
        }
    }

    /// Adds suggestion `i` to the widgets; false when there is none such.
    fn keep(&mut self, project: &ProjectHandle, i: usize) -> bool {
        let Some(list) = &mut self.suggested else {
            return false;
        };
        if i >= list.len() {
            return false;
        }
        add(project, "Add a suggested widget", list.remove(i).widget);
        true
    }

    /// A slider: what it shows is the value under the pointer while it moves, the model's
    /// otherwise.
    fn slider(&self, ctx: &Context<Self>, i: usize, w: &WidgetDef, value: Option<&Value>) -> Html {
        let link = ctx.link();
        let now = match &self.sliding {
            Some((j, text)) if *j == i => text.clone(),
            _ => value
                .and_then(Value::as_number)
                .map(|n| n.to_string())
                .unwrap_or_default(),
        };
        html! { <>
            <input type="range" data-testid="widget-slider" aria-label={w.shown_label().to_string()}
                min={w.min.to_string()} max={w.max.to_string()} step={slider_step(w)}
                value={now.clone()} disabled={!ctx.props().live}
                oninput={link.callback(move |e: InputEvent| Msg::Sliding(i, e.target_unchecked_into::<HtmlInputElement>().value()))}
                onchange={link.batch_callback(move |e: Event| {
                    let text = e.target_unchecked_into::<HtmlInputElement>().value();
                    text.parse::<f64>().ok().map(|n| Msg::Slid(i, n))
                })} />
            <output data-testid="widget-value">{ now }</output>
        </> }
    }

    /// A widget's fields, for the author.
    fn editor(&self, ctx: &Context<Self>, i: usize, w: &WidgetDef) -> Html {
        let link = ctx.link();
        let field = |name: &'static str, saved: String, kind: &'static str, hint: &'static str| {
            let value = self.typing.get(&(i, name)).cloned().unwrap_or(saved);
            html! {
                <input type={kind} data-testid={format!("widget-{name}")} placeholder={hint} {value}
                    oninput={link.callback(move |e: InputEvent| Msg::Typing(i, name, e.target_unchecked_into::<HtmlInputElement>().value()))}
                    onchange={link.callback(move |e: Event| Msg::Commit(i, name, e.target_unchecked_into::<HtmlInputElement>().value()))} />
            }
        };
        let target_hint = match w.kind {
            WidgetKind::Monitor => {
                "count Fish, mean Fish.energy, Global.rate or {{ Fish.count / 2 }}"
            }
            WidgetKind::Button => "who runs it: a blueprint, or empty for the model",
            _ => "Fish.energyUse or Global.rate",
        };
        html! {
            <fieldset class="widget-editor" data-testid="widget-editor">
                <legend>{ format!("Widget {}", i + 1) }</legend>
                <label>{ "Kind " }
                    <select data-testid="widget-kind" onchange={link.callback(move |e: Event| Msg::Kind(i, e.target_unchecked_into::<HtmlSelectElement>().value()))}>
                        { for KINDS.iter().map(|(k, n)| html! { <option value={*n} selected={*k == w.kind}>{ *n }</option> }) }
                    </select>
                </label>
                <label>{ "Label " }{ field("label", w.label.clone(), "text", "") }</label>
                <label>{ if w.kind == WidgetKind::Button { "Run as " } else if w.kind == WidgetKind::Monitor { "Shows " } else { "Sets " } }
                    { field("target", w.target.clone(), "text", target_hint) }</label>
                if w.kind == WidgetKind::Slider {
                    <div class="numbers">
                        <label>{ "Min " }{ field("min", w.min.to_string(), "number", "") }</label>
                        <label>{ "Max " }{ field("max", w.max.to_string(), "number", "") }</label>
                        <label>{ "Step " }{ field("step", w.step.to_string(), "number", "") }</label>
                    </div>
                }
                if w.kind == WidgetKind::Chooser {
                    <label>{ "Options " }{ field("options", w.options.join(", "), "text", "consumer, producer") }</label>
                }
                if w.kind == WidgetKind::Button {
                    <label>{ "Runs " }{ field("script", w.script.clone(), "text", "prop energy setTo 100") }</label>
                }
                if let Some(Some(problem)) = self.problems.get(i) {
                    <p class="error" role="alert" data-testid="widget-problem">{ problem }</p>
                }
                <button data-testid="remove-widget" aria-label={format!("Remove widget {}", i + 1)}
                    onclick={link.callback(move |_| Msg::Remove(i))}>{ "Remove" }</button>
            </fieldset>
        }
    }
}

/// Makes `text`, typed in `field` of widget `i`, the widget's, as one undoable edit (a number
/// field's text that is not a number changes nothing).
fn commit(project: &ProjectHandle, i: usize, field: &str, text: &str) {
    let number = text.trim().parse::<f64>().ok().filter(|n| n.is_finite());
    match field {
        "label" => edit_one(project, "Rename a widget", i, |w| {
            w.label = text.to_string()
        }),
        "target" => edit_one(project, "Change a widget", i, |w| {
            w.target = text.trim().to_string()
        }),
        "options" => edit_one(project, "Change a chooser", i, |w| {
            w.options = text
                .split(',')
                .map(|o| o.trim().to_string())
                .filter(|o| !o.is_empty())
                .take(50)
                .collect();
        }),
        "script" => edit_one(project, "Change a button", i, |w| {
            w.script = text.to_string()
        }),
        "min" | "max" | "step" => {
            if let Some(n) = number {
                edit_one(project, "Change a slider", i, |w| match field {
                    "min" => w.min = n,
                    "max" => w.max = n,
                    _ => w.step = n.abs(),
                });
            }
        }
        _ => {}
    }
}

/// Applies `change` to widget `i` of the project as one undoable edit called `label`.
fn edit_one(project: &ProjectHandle, label: &str, i: usize, change: impl FnOnce(&mut WidgetDef)) {
    project.edit(label, |p| {
        if let Some(w) = p.widgets.get_mut(i) {
            change(w);
        }
    });
}

/// A new widget of `kind`, to be filled in.
fn new_widget(kind: WidgetKind) -> WidgetDef {
    WidgetDef {
        kind,
        ..WidgetDef::default()
    }
}

/// A slider's step for the browser's range input ("any" for none).
fn slider_step(w: &WidgetDef) -> String {
    if w.step > 0.0 && w.step.is_finite() {
        w.step.to_string()
    } else {
        "any".to_string()
    }
}

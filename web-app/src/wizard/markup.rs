//! [`Wizard`]: the Yew component of the wizard lines. It holds no script of its own: it draws the
//! lines of the text it is given and hands every accepted edit's new text to `on_apply`, the
//! same callback the text editor uses, so the project recompiles and autosaves it.

use super::choices::{
    control, keyword_choices, method_arg, shown_value, typed_value, Choice, Control,
};
use super::edit::{Edit, Script};
use super::lines::{Block, Line, LineKind, Slot};
use super::more::use_lines_shown;
use super::optional::{starting_token, Extra};
use crate::authoring::limits::too_large;
use crate::authoring::vocab::Vocabulary;
use crate::reference::{entry_brief, ReferenceOpener};
use sim_core::reference::Entry;
use sim_core::Symbols;
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Properties of [`Wizard`].
#[derive(Properties, PartialEq)]
pub struct WizardProps {
    /// The blueprint's script as the project holds it.
    pub text: AttrValue,
    /// The blueprint's name.
    pub blueprint: AttrValue,
    /// What the whole project declares.
    pub symbols: Rc<Symbols>,
    /// Called with the new text after each accepted edit.
    pub on_apply: Callback<String>,
}

/// What the rows need to draw themselves and report edits.
#[derive(Clone)]
struct Env {
    vocab: Rc<Vocabulary>,
    /// The script, to try an optional argument's addition or removal before offering it.
    script: Rc<Script>,
    edit: Callback<Edit>,
    help: Callback<Help>,
}

/// What the help box shows: what was clicked is for, and the reference entry of its line.
#[derive(Clone, PartialEq)]
struct Help {
    text: String,
    about: Option<&'static Entry>,
}

/// The wizard: one row of controls per line of the script.
#[function_component(Wizard)]
pub fn wizard(props: &WizardProps) -> Html {
    let message = use_state(|| None::<String>);
    let help = use_state(|| Help {
        text: "Click a line to see what it does.".to_owned(),
        about: None,
    });
    let reference = use_context::<ReferenceOpener>();
    let script = Script::new(
        props.blueprint.to_string(),
        props.text.to_string(),
        (*props.symbols).clone(),
    );
    let edit = editing(&script, &message, &props.on_apply);
    let env = Env {
        vocab: Rc::new(script.vocab().clone()),
        script: Rc::new(script.clone()),
        edit,
        help: {
            let help = help.clone();
            Callback::from(move |shown: Help| help.set(shown))
        },
    };
    let errors = script.errors().to_vec();
    let lines = script.lines();
    let total = lines.as_ref().map_or(0, Vec::len);
    let (shown, root, end) = use_lines_shown(total);
    let body = match lines {
        Ok(lines) => html! {
            <>
                { for lines.iter().take(shown).map(|l| line_view(l, &env)) }
                if shown < total {
                    <p class="wizard-more" data-testid="wizard-more" ref={end}>
                        { format!("{shown} of {total} rows are shown: scroll down for the rest.") }
                    </p>
                }
            </>
        },
        Err(error) => raw_text(&script.text, &capitalised(&error.to_string())),
    };
    html! {
        <div class="wizard" data-testid="wizard">
            <div class="wizard-top">
                <div class="wizard-help" data-testid="wizard-help" aria-live="polite">
                    <p>{ help.text.clone() }</p>
                    if let Some(entry) = help.about {
                        { entry_brief(entry) }
                        if let Some(ReferenceOpener(open)) = &reference {
                            <button class="wizard-more-help" data-testid="wizard-reference"
                                onclick={open.reform(move |_: MouseEvent| Some(AttrValue::from(entry.key.clone())))}>
                                { "More in the reference" }
                            </button>
                        }
                    }
                </div>
                if let Some(text) = (*message).clone() {
                    <div class="wizard-message" data-testid="wizard-message" role="alert">{ text }</div>
                }
                if !errors.is_empty() {
                    <ul class="wizard-errors" data-testid="wizard-errors">
                        { for errors.iter().map(|e| html! { <li>{ format!("Line {}: {}", e.pos.line, e.kind) }</li> }) }
                    </ul>
                }
            </div>
            <div class="wizard-lines" ref={root}>{ body }</div>
        </div>
    }
}

/// Applies a row's edit to the script: the new text goes to `on_apply`, or `message` says why
/// the change was not made.
fn editing(
    script: &Script,
    message: &UseStateHandle<Option<String>>,
    on_apply: &Callback<String>,
) -> Callback<Edit> {
    let (script, message, on_apply) = (script.clone(), message.clone(), on_apply.clone());
    Callback::from(move |edit: Edit| match script.apply(&edit) {
        Ok(text) => match too_large(&text) {
            Some(why) => message.set(Some(format!("{why}: that change was not made."))),
            None => {
                message.set(None);
                if text != script.text {
                    on_apply.emit(text);
                }
            }
        },
        Err(error) => message.set(Some(capitalised(&error.to_string()))),
    })
}

/// "that change ..." → "That change ...".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The script as read-only lines, under the reason it cannot be shown as controls.
fn raw_text(text: &str, why: &str) -> Html {
    html! {
        <>
            <p class="wizard-message" data-testid="wizard-message">{ why }</p>
            { for text.split('\n').enumerate().map(|(i, l)| html! {
                <div class="wizard-line raw" data-testid="wizard-line" data-line={(i + 1).to_string()}>
                    <code>{ l }</code>
                </div>
            }) }
        </>
    }
}

/// One row, and under it the rows of its blocks.
fn line_view(line: &Line, env: &Env) -> Html {
    let focus = {
        let (help, shown) = (
            env.help.clone(),
            Help {
                text: line.help.to_owned(),
                about: line.about,
            },
        );
        Callback::from(move |_: FocusEvent| help.emit(shown.clone()))
    };
    let (head, blocks) = match &line.kind {
        LineKind::Blank => (keyword_select(line, "", env), &[][..]),
        LineKind::Comment(text) => (
            html! { <span class="wizard-comment">{ format!("Note: {text}") }</span> },
            &[][..],
        ),
        LineKind::Pragma { name, slots } => (
            html! { <>
                <span class="wizard-pragma">{ format!("# {name}") }</span>
                { for slots.iter().map(|s| slot_view(line, s, slots, name, env)) }
            </> },
            &[][..],
        ),
        LineKind::Statement {
            keyword,
            slots,
            blocks,
            comment,
            extras,
        } => (
            html! { <>
                { keyword_select(line, keyword, env) }
                { for slots.iter().map(|s| slot_view(line, s, slots, keyword, env)) }
                if let Some(c) = comment { <span class="wizard-comment">{ format!("Note: {c}") }</span> }
                { for extras.iter().map(|e| extra_button(line, e, slots, keyword, env)) }
            </> },
            blocks.as_slice(),
        ),
        LineKind::Raw(text) => (
            html! { <code class="wizard-raw" title="Change this line in the Text view">{ text }</code> },
            &[][..],
        ),
    };
    html! {
        <div class="wizard-item">
            <div class="wizard-line" data-testid="wizard-line" data-line={line.line.to_string()} onfocusin={focus}>
                <span class="wizard-number">{ line.line }</span>
                <div class="wizard-words">{ head }</div>
                { line_buttons(line, env) }
            </div>
            { for blocks.iter().enumerate().map(|(i, b)| block_view(line, i, b, env)) }
        </div>
    }
}

/// A block's rows, indented, with its "add a line inside" button.
fn block_view(line: &Line, index: usize, block: &Block, env: &Env) -> Html {
    let add = {
        let (edit, path) = (env.edit.clone(), line.path.clone());
        Callback::from(move |_: MouseEvent| {
            edit.emit(Edit::AddInside {
                path: path.clone(),
                block: index,
            })
        })
    };
    html! {
        <div class="wizard-block">
            <span class="wizard-block-name">{ block.name }
                if block.optional {
                    { remove_button(line, block.token, "Remove this block", env) }
                }
            </span>
            { for block.lines.iter().map(|l| line_view(l, env)) }
            <button class="wizard-add-inside" data-testid="wizard-add-inside" onclick={add}>
                { "+ Add a line inside" }
            </button>
        </div>
    }
}

/// Move up, move down, delete, and add a line after.
fn line_buttons(line: &Line, env: &Env) -> Html {
    let button = |label: &'static str, title: &'static str, testid: &'static str, edit: Edit| {
        let sink = env.edit.clone();
        let onclick = Callback::from(move |_: MouseEvent| sink.emit(edit.clone()));
        let class = classes!(
            "wizard-button",
            (testid == "wizard-add").then_some("wizard-add-after")
        );
        html! { <button {class} data-testid={testid} {title} aria-label={title} {onclick}>{ label }</button> }
    };
    let path = line.path.clone();
    html! {
        <span class="wizard-buttons">
            { button("↑", "Move up", "wizard-up", Edit::Move { path: path.clone(), up: true }) }
            { button("↓", "Move down", "wizard-down", Edit::Move { path: path.clone(), up: false }) }
            { button("✕", "Delete this line", "wizard-delete", Edit::Delete(path.clone())) }
            { button("+ Line", "Add a line below", "wizard-add", Edit::AddAfter(path)) }
        </span>
    }
}

/// The keyword drop-down; a blank line starts on "choose".
fn keyword_select(line: &Line, current: &str, env: &Env) -> Html {
    let onchange = {
        let (edit, path) = (env.edit.clone(), line.path.clone());
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                edit.emit(Edit::SetKeyword {
                    path: path.clone(),
                    keyword: select.value(),
                });
            }
        })
    };
    let mut choices = keyword_choices();
    if !current.is_empty() && !choices.iter().any(|c| c.name == current) {
        choices.insert(
            0,
            Choice {
                name: current.to_owned(),
                help: "",
            },
        );
    }
    html! {
        <label class="wizard-slot keyword">
            <span class="wizard-slot-name">{ "do" }</span>
            <select data-testid="wizard-keyword" {onchange}>
                <option value="" selected={current.is_empty()}>{ if current.is_empty() { "— choose —" } else { "(empty line)" } }</option>
                { for choices.iter().map(|c| html! {
                    <option value={c.name.clone()} title={c.help} selected={c.name == current}>{ &c.name }</option>
                }) }
            </select>
        </label>
    }
}

/// One argument: its name above a drop-down or a box.
fn slot_view(line: &Line, slot: &Slot, slots: &[Slot], keyword: &str, env: &Env) -> Html {
    let control = control(slot, slots, keyword, &env.vocab);
    let (name, about) = match method_arg(slot, slots, &env.vocab) {
        Some(arg) => (arg.name, arg.help),
        None => (slot.name, slot.help),
    };
    let set = {
        let (edit, path, tokens, typed) = (
            env.edit.clone(),
            line.path.clone(),
            slot.tokens.clone(),
            control.clone(),
        );
        move |value: String| {
            edit.emit(Edit::SetSlot {
                path: path.clone(),
                tokens: tokens.clone(),
                value: typed_value(&value, &typed),
            })
        }
    };
    let help = {
        let (sink, shown) = (
            env.help.clone(),
            Help {
                text: slot_help(slot, name, about, &control),
                about: line.about,
            },
        );
        Callback::from(move |e: FocusEvent| {
            e.stop_propagation();
            sink.emit(shown.clone());
        })
    };
    let input = match &control {
        Control::Pick(choices) => pick_view(slot, name, choices, set),
        other => {
            let onchange = Callback::from(move |e: Event| {
                if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                    set(input.value());
                }
            });
            let class = if *other == Control::Number {
                "number"
            } else {
                "text"
            };
            html! {
                <input type="text" {class} data-testid="wizard-slot" data-slot={name}
                    value={shown_value(slot, other)} {onchange} spellcheck="false" />
            }
        }
    };
    html! {
        <label class="wizard-slot" onfocusin={help}>
            <span class="wizard-slot-name">{ name }
                if slot.optional {
                    { remove_button(line, slot.tokens.start, "Leave this out", env) }
                }
            </span>
            { input }
        </label>
    }
}

/// A button that adds the optional argument `extra` to the line, starting at its first
/// sensible value; none when adding it would not compile (`+ second` on `when Fish dies`).
fn extra_button(line: &Line, extra: &Extra, slots: &[Slot], keyword: &str, env: &Env) -> Html {
    let edit = Edit::AddArg {
        path: line.path.clone(),
        at: extra.at,
        token: starting_token(extra, slots, &env.vocab, keyword),
    };
    if env.script.apply(&edit).is_err() {
        return html! {};
    }
    let (sink, help) = (env.edit.clone(), env.help.clone());
    let shown = Help {
        text: format!("{} (optional): {}", extra.spec.name, extra.spec.help),
        about: line.about,
    };
    let onclick = Callback::from(move |_: MouseEvent| {
        help.emit(shown.clone());
        sink.emit(edit.clone())
    });
    html! {
        <button class="wizard-add-arg" data-testid="wizard-add-arg" data-arg={extra.spec.name}
            title={extra.spec.help} {onclick}>{ format!("+ {}", extra.spec.name) }</button>
    }
}

/// A small button that removes token `at` (an optional word or block) from the line; none
/// when the line needs it after all (the second kind of `when Fish touches Algae`).
fn remove_button(line: &Line, at: usize, title: &'static str, env: &Env) -> Html {
    let edit = Edit::RemoveArg {
        path: line.path.clone(),
        at,
    };
    if env.script.apply(&edit).is_err() {
        return html! {};
    }
    let sink = env.edit.clone();
    let onclick = Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        sink.emit(edit.clone())
    });
    html! {
        <button class="wizard-remove-arg" data-testid="wizard-remove-arg" {title} aria-label={title}
            {onclick}>{ "×" }</button>
    }
}

/// The help for a slot: what it is for, and what its current choice means.
fn slot_help(slot: &Slot, name: &str, about: &str, control: &Control) -> String {
    let chosen = match control {
        Control::Pick(choices) => choices
            .iter()
            .find(|c| c.name == slot.value && !c.help.is_empty()),
        _ => None,
    };
    match chosen {
        Some(c) => format!("{name}: {about} — {}: {}", c.name, c.help),
        None => format!("{name}: {about}"),
    }
}

/// A drop-down of `choices`, with the slot's current value kept even if it is not one of them.
fn pick_view(
    slot: &Slot,
    name: &'static str,
    choices: &[Choice],
    set: impl Fn(String) + 'static,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
            set(select.value());
        }
    });
    let known = choices.iter().any(|c| c.name == slot.value);
    html! {
        <select data-testid="wizard-slot" data-slot={name} {onchange}>
            if !known {
                <option value={slot.value.clone()} selected=true>{ &slot.value }</option>
            }
            { for choices.iter().map(|c| html! {
                <option value={c.name.clone()} title={c.help} selected={c.name == slot.value}>{ &c.name }</option>
            }) }
        </select>
    }
}

//! [`BlueprintList`]: the project's blueprints with their compile status, and the actions
//! on them: create, open in the script editor, rename, duplicate and delete. Every action is
//! one undoable step through [`ProjectHandle::try_edit`]; a refused name is shown under the
//! list, never applied.

use super::blueprints::{self, BlueprintError};
use super::current::{BlueprintStatus, ProjectHandle};
use sim_core::Project;
use std::rc::Rc;
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

/// What a rename does and does not reach, for its button's tooltip.
const RENAME_HELP: &str = "Rename: the new name also replaces the old one in its starting \
    agents and as a word in every script (# BLUEPRINT lines, when … touches …, prop Name.x). \
    Not inside quotes ('Name') or {{ }} expressions: edit those yourself.";

/// Properties of [`BlueprintList`].
#[derive(Properties, PartialEq)]
pub struct ListProps {
    /// The project the actions change.
    pub current: ProjectHandle,
    /// Each blueprint with its error count, in project order.
    pub statuses: Vec<BlueprintStatus>,
    /// How many starting agents each blueprint has, parallel to `statuses`.
    pub instances: Vec<usize>,
    /// Called with a blueprint's name to open it in the script editor.
    pub on_open: Callback<String>,
}

/// A rename in progress: the blueprint and the name typed so far.
#[derive(Clone, PartialEq)]
struct Renaming {
    old: String,
    typed: String,
}

/// The blueprint list.
#[function_component(BlueprintList)]
pub fn blueprint_list(props: &ListProps) -> Html {
    let renaming = use_state(|| None::<Renaming>);
    let name_box = use_node_ref();
    {
        // A rename starts with its name selected in a focused box, ready to be typed over.
        let name_box = name_box.clone();
        let started = renaming.as_ref().map(|r| r.old.clone());
        use_effect_with(started, move |_| {
            if let Some(input) = name_box.cast::<HtmlInputElement>() {
                let _ = input.focus();
                input.select();
            }
        });
    }
    let error = use_state(|| None::<String>);
    let run = runner(props, &error);
    let on_create = {
        let run = Rc::clone(&run);
        Callback::from(move |_: MouseEvent| {
            run(
                "add a blueprint".into(),
                Box::new(|p| Ok(Some(blueprints::create(p)))),
            );
        })
    };
    let commit = rename_commit(&run, &renaming);
    let rows = props
        .statuses
        .iter()
        .zip(props.instances.iter().chain(std::iter::repeat(&0)))
        .map(|(status, &agents)| {
            let editing = renaming.as_ref().filter(|r| r.old == status.name);
            match editing {
                Some(r) => rename_row(status, &r.typed, &renaming, &commit, &name_box),
                None => row(status, agents, &renaming, &run, &props.on_open),
            }
        });
    html! {
        <section class="blueprint-list" data-testid="blueprint-list">
            <h3>{ "Blueprints" }
                <button class="add-blueprint" data-testid="blueprint-create" onclick={on_create}
                    title="Add a new, empty blueprint">{ "+ New" }</button>
            </h3>
            <ul class="blueprints" data-testid="blueprints">{ for rows }</ul>
            if let Some(message) = &*error {
                <p class="blueprint-error" data-testid="blueprint-error" role="alert">{ message }</p>
            }
        </section>
    }
}

/// Makes the list's changes as undoable edits of the project: the error shows under the list,
/// the blueprint named afterwards opens in the editor.
fn runner(props: &ListProps, error: &UseStateHandle<Option<String>>) -> Run {
    let (current, error, on_open) = (props.current.clone(), error.clone(), props.on_open.clone());
    Rc::new(move |label: String, action: Action| {
        let mut opened = None;
        let result = current.try_edit(&label, |project| {
            opened = action(project)?;
            Ok::<(), BlueprintError>(())
        });
        match result {
            Ok(_) => {
                error.set(None);
                if let Some(name) = opened {
                    on_open.emit(name);
                }
                true
            }
            Err(e) => {
                error.set(Some(e.to_string()));
                false
            }
        }
    })
}

/// Renames the blueprint being renamed to the name typed; the rename ends when it worked.
fn rename_commit(run: &Run, renaming: &UseStateHandle<Option<Renaming>>) -> Callback<()> {
    let (run, renaming) = (Rc::clone(run), renaming.clone());
    Callback::from(move |()| {
        let Some(Renaming { old, typed }) = (*renaming).clone() else {
            return;
        };
        let typed = typed.trim().to_string();
        let label = format!("rename {old} to {typed}");
        // The script editor follows the blueprint under its new name.
        let renamed = run(
            label,
            Box::new(move |p| blueprints::rename(p, &old, &typed).map(|()| Some(typed))),
        );
        if renamed {
            renaming.set(None);
        }
    })
}

/// A change of the project the list makes: the blueprint to open afterwards, if any.
type Action = Box<dyn FnOnce(&mut Project) -> Result<Option<String>, BlueprintError>>;

/// Runs an [`Action`] as one undo step labelled by the string; true when it was applied.
type Run = Rc<dyn Fn(String, Action) -> bool>;

/// One blueprint: its name (opens it), status and action buttons.
fn row(
    status: &BlueprintStatus,
    agents: usize,
    renaming: &UseStateHandle<Option<Renaming>>,
    run: &Run,
    on_open: &Callback<String>,
) -> Html {
    let name = status.name.clone();
    let (class, text) = match status.errors {
        0 => ("ok", "ok".to_string()),
        1 => ("has-errors", "1 error".to_string()),
        n => ("has-errors", format!("{n} errors")),
    };
    let open = {
        let (on_open, name) = (on_open.clone(), name.clone());
        Callback::from(move |_: MouseEvent| on_open.emit(name.clone()))
    };
    let start_rename = {
        let (renaming, name) = (renaming.clone(), name.clone());
        Callback::from(move |_: MouseEvent| {
            renaming.set(Some(Renaming {
                old: name.clone(),
                typed: name.clone(),
            }))
        })
    };
    let duplicate = on_click(run, format!("duplicate {name}"), {
        let from = name.clone();
        move || {
            let from = from.clone();
            Box::new(move |p| blueprints::duplicate(p, &from).map(Some))
        }
    });
    let delete = on_click(run, format!("delete {name}"), {
        let gone = name.clone();
        move || {
            let gone = gone.clone();
            Box::new(move |p| blueprints::delete(p, &gone).map(|()| None))
        }
    });
    let delete_help = match agents {
        0 => format!("Delete {name} (Undo brings it back)"),
        n => format!("Delete {name} and its {n} starting agents (Undo brings them back)"),
    };
    html! {
        <li class={class} data-testid="blueprint-row" data-blueprint={name.clone()}>
            <button class="name" data-testid="blueprint-open" onclick={open}
                title={format!("Open {name} in the script editor")}>{ &status.label }</button>
            <span class="status" data-testid="blueprint-status">{ text }</span>
            <span class="row-actions">
                <button data-testid="blueprint-rename" onclick={start_rename} title={RENAME_HELP}
                    aria-label={format!("Rename {name}")}>{ "✎" }</button>
                <button data-testid="blueprint-duplicate" onclick={duplicate}
                    title={format!("Duplicate {name}")} aria-label={format!("Duplicate {name}")}>{ "❐" }</button>
                <button data-testid="blueprint-delete" onclick={delete} title={delete_help.clone()}
                    aria-label={delete_help}>{ "✕" }</button>
            </span>
        </li>
    }
}

/// A button's click that runs the change `make` makes, as the undoable edit `label`.
fn on_click(run: &Run, label: String, make: impl Fn() -> Action + 'static) -> Callback<MouseEvent> {
    let run = Rc::clone(run);
    Callback::from(move |_: MouseEvent| {
        run(label.clone(), make());
    })
}

/// A blueprint being renamed: a name box (Enter renames, Escape cancels) and OK.
fn rename_row(
    status: &BlueprintStatus,
    typed: &str,
    renaming: &UseStateHandle<Option<Renaming>>,
    commit: &Callback<()>,
    name_box: &NodeRef,
) -> Html {
    let old = status.name.clone();
    let on_input = {
        let (renaming, old) = (renaming.clone(), old.clone());
        Callback::from(move |e: InputEvent| {
            let typed = e.target_unchecked_into::<HtmlInputElement>().value();
            renaming.set(Some(Renaming {
                old: old.clone(),
                typed,
            }))
        })
    };
    let on_key = {
        let (renaming, commit) = (renaming.clone(), commit.clone());
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Enter" => commit.emit(()),
            "Escape" => renaming.set(None),
            _ => {}
        })
    };
    html! {
        <li class="renaming" data-testid="blueprint-row" data-blueprint={old.clone()}>
            <input data-testid="blueprint-name-input" value={typed.to_string()} oninput={on_input}
                onkeydown={on_key} aria-label={format!("New name for {old}")} ref={name_box.clone()} />
            <button data-testid="blueprint-rename-ok" onclick={commit.reform(|_: MouseEvent| ())}>{ "OK" }</button>
        </li>
    }
}

//! A joined student hands a project in: one of their own projects, or their version of the
//! class model (with the changes they have not sent), to the teacher, who keeps it; the
//! student sees when it arrived.

use super::action::{Action, DeviceAction};
use super::page::ActingHandle;
use super::student_script::class_with_drafts;
use crate::projects::{project_title, saved_project, saved_projects, ProjectHandle};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The picker's value for the class model.
const CLASS: &str = "\u{1f}class";

/// What the part shows of the last hand-in: its title and the teacher's answer (`None`
/// while none came; `Some(None)` when it arrived; `Some(Some(why))` when refused).
pub type Shown = Option<(String, Option<Option<String>>)>;

/// What the part is given.
#[derive(Properties, PartialEq)]
pub struct HandInProps {
    /// The page, to send the hand-in.
    pub page: ActingHandle,
    /// The class model as the snapshots carry it.
    pub project: ProjectHandle,
    /// The room's code.
    pub code: AttrValue,
    /// The last hand-in and its answer.
    pub shown: Shown,
}

/// *Hand in…*, the choice of project and what became of the last hand-in.
#[function_component(HandIn)]
pub fn hand_in(props: &HandInProps) -> Html {
    let open = use_state(|| false);
    let saved = use_state(Vec::<(String, String)>::new);
    let problem = use_state(|| None::<String>);
    let choice = use_state(|| CLASS.to_string());
    let toggle = {
        let (open, saved, problem) = (open.clone(), saved.clone(), problem.clone());
        Callback::from(move |_: MouseEvent| {
            if !*open {
                let (saved, problem) = (saved.clone(), problem.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    match saved_projects().await {
                        Ok(list) => saved.set(list),
                        Err(e) => problem.set(Some(e.to_string())),
                    }
                });
            }
            open.set(!*open);
        })
    };
    let send = send_callback(props, (&choice, &problem, &open));
    let on_pick = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            choice.set(e.target_unchecked_into::<HtmlSelectElement>().value());
        })
    };
    html! {
        <div class="hand-in">
            <button data-testid="handin" aria-expanded={open.to_string()} onclick={toggle}>{ "Hand in…" }</button>
            if *open {
                <div class="hand-in-pick">
                    <label>{ "Hand in " }
                        <select data-testid="handin-pick" onchange={on_pick}>
                            <option value={CLASS} selected={*choice == CLASS}>{ "my version of the class model" }</option>
                            { for saved.iter().map(|(id, name)| html! {
                                <option value={id.clone()} selected={*choice == *id}>{ name }</option>
                            }) }
                        </select>
                    </label>
                    <button class="primary" data-testid="handin-send" onclick={send}>{ "Hand in" }</button>
                </div>
            }
            if let Some(why) = &*problem {
                <p class="join-refused" role="alert">{ format!("Not handed in: {why}") }</p>
            }
            { state(&props.shown) }
        </div>
    }
}

/// What *Hand in* does: reads the chosen project (the student's version of the class model,
/// or one of their projects) and hands it in; a problem is said, and the choice closes.
fn send_callback(
    props: &HandInProps,
    (choice, problem, open): (
        &UseStateHandle<String>,
        &UseStateHandle<Option<String>>,
        &UseStateHandle<bool>,
    ),
) -> Callback<MouseEvent> {
    let (page, project, code) = (
        props.page.0.clone(),
        props.project.clone(),
        props.code.to_string(),
    );
    let (choice, problem, open) = (choice.clone(), problem.clone(), open.clone());
    Callback::from(move |_: MouseEvent| {
        let choice = (*choice).clone();
        let (page, project, code, problem, open) = (
            page.clone(),
            project.clone(),
            code.clone(),
            problem.clone(),
            open.clone(),
        );
        wasm_bindgen_futures::spawn_local(async move {
            let chosen = if choice == CLASS {
                project
                    .with(|c| c.map(|c| class_with_drafts(&code, &c.project)))
                    .ok_or_else(|| "the class model has not arrived yet".to_string())
            } else {
                saved_project(&choice).await.map_err(|e| e.to_string())
            };
            let sent = chosen.and_then(|p| {
                let title = project_title(&p).to_string();
                page.dispatch(Action::Device(DeviceAction::HandIn(title, Box::new(p))))
            });
            match sent {
                Ok(_) => open.set(false),
                Err(why) => problem.set(Some(why)),
            }
        });
    })
}

/// What became of the last hand-in.
fn state(shown: &Shown) -> Html {
    let Some((title, answer)) = shown else {
        return Html::default();
    };
    let (state, text) = match answer {
        None => ("sending", format!("Handing in “{title}”…")),
        Some(None) => ("arrived", format!("“{title}” arrived at the teacher's.")),
        Some(Some(why)) => ("refused", format!("“{title}” was not taken: {why}.")),
    };
    html! { <p class="handin-state" data-testid="handin-state" data-state={state} role="status">{ text }</p> }
}

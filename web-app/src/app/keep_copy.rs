//! A joined student keeps the class model: when the teacher hands it out, *Save a copy to my
//! projects* (`handout-save`) adds it to this browser's library as a new project, never
//! over another; the same button is there at any time (`class-save`).

use crate::browser::{storage_get, storage_set};
use crate::projects::{keep_copy, ProjectHandle};
use yew::prelude::*;

/// What the part is given.
#[derive(Properties, PartialEq)]
pub struct KeepCopyProps {
    /// The class model as the snapshots carry it.
    pub project: ProjectHandle,
    /// The room's code (in the copy's name).
    pub code: AttrValue,
    /// The teacher's last hand-out, if any.
    pub handout: Option<u32>,
}

/// Where a browser keeps the last hand-out its student saved or put aside, by room.
fn answered_key(code: &str) -> String {
    format!("stepwise-handout-{code}")
}

/// The name a copy gets: the model's title, the room and today's date.
fn copy_name(title: &str, code: &str) -> String {
    let iso = String::from(js_sys::Date::new_0().to_iso_string());
    let date = iso.get(..10).unwrap_or_default();
    format!("{title} (class {code}, {date})")
}

/// The hand-out offer and the *Save the class model* button, with what the last save did.
#[function_component(KeepCopy)]
pub fn keep_copy_part(props: &KeepCopyProps) -> Html {
    let said = use_state(|| None::<Result<String, String>>);
    let answered = use_state(|| storage_get(&answered_key(&props.code)).ok().flatten());
    let save = {
        let (project, code, said, answered) = (
            props.project.clone(),
            props.code.to_string(),
            said.clone(),
            answered.clone(),
        );
        let handout = props.handout;
        Callback::from(move |_: MouseEvent| {
            let Some(model) = project.with(|c| c.map(|c| c.project.clone())) else {
                return;
            };
            let name = copy_name(crate::projects::project_title(&model), &code);
            if let Some(id) = handout {
                let _ = storage_set(&answered_key(&code), &id.to_string());
                answered.set(Some(id.to_string()));
            }
            let said = said.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let result = keep_copy(&model, &name).await.map_err(|e| e.to_string());
                said.set(Some(result));
            });
        })
    };
    let not_now = {
        let (code, answered, handout) = (props.code.to_string(), answered.clone(), props.handout);
        Callback::from(move |_: MouseEvent| {
            if let Some(id) = handout {
                let _ = storage_set(&answered_key(&code), &id.to_string());
                answered.set(Some(id.to_string()));
            }
        })
    };
    let offered = props
        .handout
        .is_some_and(|id| answered.as_deref() != Some(id.to_string().as_str()));
    html! {
        <div class="keep-copy">
            if offered {
                <p class="handout" data-testid="handout" role="status">
                    { "Your teacher handed out the class model. " }
                    <button class="primary" data-testid="handout-save" onclick={save.clone()}>{ "Save a copy to my projects" }</button>
                    <button data-testid="handout-later" onclick={not_now}>{ "Not now" }</button>
                </p>
            } else {
                <button data-testid="class-save" onclick={save}
                    title="Keep the class model as it is now in your own projects">{ "Save the class model to my projects" }</button>
            }
            { match &*said {
                Some(Ok(name)) => html! { <p data-testid="handout-saved" role="status">{ format!("Saved to your projects as “{name}”.") }</p> },
                Some(Err(why)) => html! { <p class="join-refused" data-testid="handout-saved" role="alert">{ format!("Not saved: {why}") }</p> },
                None => Html::default(),
            } }
        </div>
    }
}

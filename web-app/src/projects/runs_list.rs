//! The library's *Class runs*: the lessons kept in this browser (saved by the teacher's page,
//! kept when a session ended, or imported), each opened as a replay in a new tab or deleted.

use super::runs::{delete_run, kept_runs, RunEntry};
use yew::prelude::*;

/// *Delete*, once the teacher confirmed it: the list is read again after.
fn delete_asking(deleted: &UseStateHandle<u32>) -> Callback<(String, String)> {
    let deleted = deleted.clone();
    Callback::from(move |(id, title): (String, String)| {
        let sure = web_sys::window()
            .and_then(|w| {
                w.confirm_with_message(&format!(
                    "Delete the class run “{title}” from this browser?"
                ))
                .ok()
            })
            .unwrap_or(false);
        if !sure {
            return;
        }
        let deleted = deleted.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = delete_run(&id).await {
                web_sys::console::warn_1(&e.to_string().into());
            }
            deleted.set(*deleted + 1);
        });
    })
}

/// Which list to show: `serial` changes when a run was kept, so the list is read again.
#[derive(Properties, PartialEq)]
pub struct RunsListProps {
    /// Counts the runs kept from this panel.
    pub serial: u32,
}

/// The kept class runs, newest first (nothing shown while there are none).
#[function_component(RunsList)]
pub fn runs_list(props: &RunsListProps) -> Html {
    let list = use_state(Vec::<RunEntry>::new);
    let deleted = use_state(|| 0u32);
    {
        let list = list.clone();
        use_effect_with((props.serial, *deleted), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(runs) = kept_runs().await {
                    list.set(runs);
                }
            });
        });
    }
    if list.is_empty() {
        return Html::default();
    }
    let delete = delete_asking(&deleted);
    html! {
        <details class="runs-list" open=true>
            <summary>{ format!("Class runs ({})", list.len()) }</summary>
            <ul>
                { for list.iter().map(|run| {
                    let when = js_sys::Date::new(&run.started_ms.into());
                    let label = format!(
                        "{} · {} · {:.0} min · {}",
                        run.title,
                        String::from(when.to_locale_date_string("default", &wasm_bindgen::JsValue::UNDEFINED)),
                        run.minutes,
                        super::runs::size_text(run.bytes)
                    );
                    let target = (run.id.clone(), run.title.clone());
                    html! {
                        <li data-testid="library-run" data-run={run.id.clone()}>
                            <span>{ label }</span>
                            <a data-testid="library-run-open" href={format!("?run={}", run.id)} target="_blank">{ "Replay" }</a>
                            <button data-testid="library-run-delete" onclick={delete.reform(move |_| target.clone())}>{ "Delete" }</button>
                        </li>
                    }
                }) }
            </ul>
        </details>
    }
}

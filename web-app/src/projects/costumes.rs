//! [`CostumeList`]: the project's own costumes, with a thumbnail each, and the controls that
//! import pictures (PNG, SVG) and GEMSTEP sprite sheets (the JSON and its PNG chosen
//! together) and remove them. Every import and removal is one undoable step; a file that
//! cannot be used is named under the list with the reason, and nothing of it is applied.

use super::current::ProjectHandle;
use crate::browser;
use sim_core::{project::import_files, CostumeAsset, CostumeProblem, MAX_IMAGE_BYTES};
use web_sys::{File, HtmlInputElement};
use yew::prelude::*;

/// The most files read in one import, so a huge selection cannot exhaust memory.
const MAX_FILES: u32 = 64;

/// Properties of [`CostumeList`].
#[derive(Properties, PartialEq)]
pub struct CostumeProps {
    /// The project the list shows and changes.
    pub current: ProjectHandle,
    /// Its costumes, in project order.
    pub costumes: Vec<CostumeAsset>,
}

/// The costume list and its import control.
#[function_component(CostumeList)]
pub fn costume_list(props: &CostumeProps) -> Html {
    let errors = use_state(Vec::<String>::new);
    let on_choose = {
        let (current, errors) = (props.current.clone(), errors.clone());
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
                return;
            };
            // The list is live: the files are taken out before the input is cleared (which
            // lets the same files be chosen again after a fix).
            let chosen: Vec<File> = input.files().map_or_else(Vec::new, |files| {
                (0..files.length().min(MAX_FILES))
                    .filter_map(|i| files.get(i))
                    .collect()
            });
            input.set_value("");
            let (current, errors) = (current.clone(), errors.clone());
            wasm_bindgen_futures::spawn_local(async move {
                errors.set(import(&current, chosen).await);
            });
        })
    };
    let rows = props
        .costumes
        .iter()
        .map(|costume| costume_row(costume, &props.current, &errors));
    html! {
        <section class="costume-list" data-testid="costume-list">
            <h3>{ "Costumes" }
                <label class="button add-costume" title="Add PNG or SVG pictures, or a GEMSTEP sprite \
                    sheet (choose its .json and .png together). A costume named like built-in art \
                    (bunny) replaces it.">
                    { "+ Add" }
                    <input type="file" multiple=true data-testid="costume-import"
                        accept=".png,.svg,.json,image/png,image/svg+xml,application/json"
                        onchange={on_choose} />
                </label>
            </h3>
            if props.costumes.is_empty() {
                <p class="quiet">{ "Built-in art only. Add your own pictures here." }</p>
            }
            <ul class="costumes" data-testid="costumes">{ for rows }</ul>
            { for errors.iter().map(|message| html! {
                <p class="blueprint-error" data-testid="costume-error" role="alert">{ message }</p>
            }) }
        </section>
    }
}

/// A costume's row: thumbnail, name, poses and size, and its Remove (undoable).
fn costume_row(
    costume: &CostumeAsset,
    current: &ProjectHandle,
    errors: &UseStateHandle<Vec<String>>,
) -> Html {
    let remove = {
        let (current, errors, name) = (current.clone(), errors.clone(), costume.name.clone());
        Callback::from(move |_: MouseEvent| {
            current.edit(&format!("remove costume {name}"), |p| {
                p.remove_costume(&name);
            });
            errors.set(Vec::new());
        })
    };
    let poses = match costume.poses() {
        1 => "1 pose".to_string(),
        n => format!("{n} poses"),
    };
    let name = &costume.name;
    html! {
        <li data-testid="costume-row" data-costume={name.clone()}>
            <img class="thumb" src={costume.data_url()} alt="" />
            <span class="name" title={format!("{name}: setCostume '{name}.json' — {poses}")}>{ name }</span>
            <span class="status">{ format!("{poses} · {}×{}", costume.width, costume.height) }</span>
            <button data-testid="costume-remove" onclick={remove}
                title={format!("Remove {name} (Undo brings it back)")}
                aria-label={format!("Remove costume {name}")}>{ "✕" }</button>
        </li>
    }
}

/// Reads the chosen files, imports what can be imported as one undoable step each, and
/// returns a message for every file refused.
async fn import(current: &ProjectHandle, files: Vec<File>) -> Vec<String> {
    let mut errors = Vec::new();
    let mut read = Vec::new();
    for file in files {
        let name = file.name();
        let bytes = file.size();
        // A file far above the limit is refused before it is read into memory.
        if bytes > (2 * MAX_IMAGE_BYTES) as f64 {
            let problem = CostumeProblem::TooLarge {
                bytes: bytes as usize,
            };
            errors.push(format!("{name}: {problem}"));
            continue;
        }
        match browser::read_file_bytes(&file).await {
            Ok(bytes) => read.push((name, bytes)),
            Err(error) => errors.push(error.to_string()),
        }
    }
    for result in import_files(&read) {
        let asset = match result {
            Ok(asset) => asset,
            Err(failure) => {
                errors.push(failure.to_string());
                continue;
            }
        };
        let label = format!("add costume {}", asset.name);
        let name = asset.name.clone();
        if let Err(problem) = current.try_edit(&label, |p| p.put_costume(asset)) {
            errors.push(format!("{name}: {problem}"));
        }
    }
    errors
}

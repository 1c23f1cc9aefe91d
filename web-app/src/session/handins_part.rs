//! The teacher's *Handed in* list: each hand-in (student, project, time, size) with *Add to
//! my projects* and *Export*, and *Download all* as one zip. The projects are read from the
//! library's database when asked for (a session keeps up to 200 of up to 2 MB each).

use super::handins::{file_name, zip_of, Handed, Tray};
use crate::browser::{download, download_bytes};
use crate::projects::{keep_copy, rooms, ProjectHandle};
use sim_core::session::follow::unpack_project;
use sim_core::Project;
use yew::prelude::*;

/// What the list does.
#[derive(Clone)]
pub struct HandinActions {
    /// Adds hand-in `n` to the teacher's projects.
    pub keep: Callback<u32>,
    /// Exports hand-in `n` as `.gemprj`.
    pub export: Callback<u32>,
    /// Downloads every hand-in in one zip.
    pub all: Callback<MouseEvent>,
}

/// The list, newest last.
pub fn handins_part(tray: &Tray, actions: &HandinActions) -> Html {
    let time = |ms: f64| {
        let d = js_sys::Date::new(&ms.into());
        format!("{:02}:{:02}", d.get_hours(), d.get_minutes())
    };
    html! {
        <fieldset class="session-handins" data-testid="session-handins">
            <legend>{ format!("Handed in ({})", tray.list().len()) }</legend>
            if tray.list().is_empty() {
                <p>{ "Nothing yet: students press Hand in on their page." }</p>
            }
            <ul>
                { for tray.list().iter().map(|h| {
                    let n = h.n;
                    html! {
                        <li data-testid="handin-row" data-student={h.name.clone()} data-project={h.title.clone()}>
                            <span>{ format!("{} · {} · {} · {} KB", h.name, h.title, time(h.wall_ms), h.bytes.div_ceil(1024)) }</span>
                            <button data-testid="handin-open" onclick={actions.keep.reform(move |_: MouseEvent| n)}>{ "Add to my projects" }</button>
                            <button data-testid="handin-export" onclick={actions.export.reform(move |_: MouseEvent| n)}>{ "Export" }</button>
                        </li>
                    }
                }) }
            </ul>
            if !tray.list().is_empty() {
                <button data-testid="handin-download-all" onclick={actions.all.clone()}>{ "Download all (zip)" }</button>
            }
        </fieldset>
    }
}

/// Hand-in `h` of room `code`, read back.
async fn read(code: &str, h: &Handed) -> Result<Project, String> {
    let packed = rooms::kept_handin(code, h.n)
        .await
        .map_err(|e| e.to_string())?
        .ok_or("it is no longer kept in this browser")?;
    unpack_project(&packed)
}

/// Adds hand-in `h` to the teacher's projects, as a new project named by student; the
/// messages say how it went.
pub fn keep(code: String, h: Handed, project: ProjectHandle) {
    wasm_bindgen_futures::spawn_local(async move {
        let name = format!("{} — {}", h.title, h.name);
        let result = match read(&code, &h).await {
            Ok(p) => keep_copy(&p, &name).await.map_err(|e| e.to_string()),
            Err(why) => Err(why),
        };
        project.post_note(match result {
            Ok(name) => format!("{}'s hand-in is in your projects as “{name}”.", h.name),
            Err(why) => format!("{}'s hand-in was not added: {why}", h.name),
        });
    });
}

/// Offers hand-in `h` as a `.gemprj` file.
pub fn export(code: String, h: Handed, project: ProjectHandle) {
    wasm_bindgen_futures::spawn_local(async move {
        let text = read(&code, &h)
            .await
            .and_then(|p| p.to_json_pretty().map_err(|e| e.to_string()));
        let done = text.and_then(|text| {
            download(&file_name(&h), "application/json", &text).map_err(|e| e.to_string())
        });
        if let Err(why) = done {
            project.post_note(format!("{}'s hand-in was not exported: {why}", h.name));
        }
    });
}

/// Wall-clock milliseconds `ms` as this computer's local date and time.
fn local_time(ms: f64) -> super::handins::LocalTime {
    let d = js_sys::Date::new(&ms.into());
    let part = |v: u32| u8::try_from(v).unwrap_or(0);
    (
        u16::try_from(d.get_full_year()).unwrap_or(1980),
        part(d.get_month() + 1),
        part(d.get_date()),
        part(d.get_hours()),
        part(d.get_minutes()),
        part(d.get_seconds()),
    )
}

/// Offers every hand-in of room `code` in one zip, named by student, each file dated when
/// it was handed in.
pub fn download_all(code: String, list: Vec<Handed>, project: ProjectHandle) {
    wasm_bindgen_futures::spawn_local(async move {
        let mut files = Vec::new();
        for h in &list {
            match read(&code, h)
                .await
                .and_then(|p| p.to_json_pretty().map_err(|e| e.to_string()))
            {
                Ok(text) => files.push((file_name(h), text, Some(local_time(h.wall_ms)))),
                Err(why) => project.post_note(format!("{}'s hand-in is left out: {why}", h.name)),
            }
        }
        let done = zip_of(&files).and_then(|bytes| {
            download_bytes(
                &format!("stepwise-handins-{code}.zip"),
                "application/zip",
                &bytes,
            )
            .map_err(|e| e.to_string())
        });
        if let Err(why) = done {
            project.post_note(format!("The hand-ins were not downloaded: {why}"));
        }
    });
}

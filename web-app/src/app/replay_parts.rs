//! The replay page's parts: the run's controls under the stage (Play, the timeline over the
//! whole lesson, the speed, *Continue from here*) and beside it the run's parts and the
//! lesson's record, each row taking the stage to its moment.

use super::action::{Action, ClassRunAction};
use super::page::PageHandle;
use super::replay::ClassRunView;
use crate::projects::{keep_and_open_next, runs};
use crate::session::page::page_base;
use sim_core::session::RunReplay;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The speeds offered, as times the lesson's pace.
const SPEEDS: [&str; 5] = ["1", "2", "4", "8", "16"];

/// Reads the class run kept as `id` and opens it on the page (or says why not).
pub fn load(page: &PageHandle, id: String) {
    let page = page.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let opened = match runs::kept_run(&id).await {
            Ok(Some(bytes)) => RunReplay::open(&bytes).map_err(|e| e.to_string()),
            Ok(None) => Err("this class run is no longer kept in this browser".into()),
            Err(e) => Err(e.to_string()),
        };
        let _ = page.dispatch(Action::ClassRun(ClassRunAction::Opened(opened)));
    });
}

/// The page handle, for the replay's parts.
#[derive(Properties, PartialEq)]
pub struct ReplayProps {
    /// The page's shared state.
    pub page: PageHandle,
}

/// Under the stage: Play, the timeline, the speed, where it stands and *Continue from here*.
#[function_component(RunBar)]
pub fn run_bar(props: &ReplayProps) -> Html {
    let page = &props.page;
    let saying = use_state(|| None::<String>);
    let state = page.read();
    let Some(run) = &state.class_run else {
        let text = state
            .class_run_failed
            .as_ref()
            .map_or("Opening the class run…".to_string(), |why| {
                format!("This class run cannot be shown: {why}")
            });
        return html! { <footer class="controls run-bar"><p data-testid="run-state" role="status">{ text }</p></footer> };
    };
    let length = run.replay.length();
    let (part, tick) = run.replay.locate(run.wanted);
    let play = page.on(|on: bool| Some(Action::ClassRun(ClassRunAction::Play(on))));
    let playing = run.playing;
    let seek = page.on(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let position = input.value().parse::<u64>().ok()?;
        Some(Action::ClassRun(ClassRunAction::Seek(position)))
    });
    let speed = page.on(|e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let speed = input.value().parse().unwrap_or(1.0);
        Some(Action::ClassRun(ClassRunAction::Speed(speed)))
    });
    let status = status(run, part, tick);
    html! {
        <footer class="controls run-bar" data-testid="run-bar" data-position={run.wanted.to_string()}
            data-shown={run.shown.map(|s| s.to_string())} data-part={part.to_string()}>
            <button data-testid="run-play" onclick={play.reform(move |_| !playing)}>
                { if playing { "Pause" } else { "Play" } }</button>
            <input type="range" class="run-timeline" data-testid="run-timeline" min="0" step="1"
                aria-label="The lesson's timeline" max={length.saturating_sub(1).to_string()}
                value={run.wanted.to_string()} oninput={seek} />
            <label>{ "Speed " }
                <select data-testid="run-speed" onchange={speed}>
                    { for SPEEDS.iter().map(|s| html! {
                        <option value={*s} selected={s.parse::<f64>().ok() == Some(run.speed)}>{ format!("{s}×") }</option>
                    }) }
                </select>
            </label>
            <button data-testid="run-continue" onclick={continue_here(page, &saying)}
                title="Make a new project that starts from this moment">{ "Continue from here" }</button>
            <p class={classes!("run-state", run.error.is_some().then_some("error"))} data-testid="run-state" role="status">{ status }</p>
            if let Some(said) = &*saying { <p data-testid="run-continue-state" role="status">{ said.clone() }</p> }
        </footer>
    }
}

/// Where the replay stands, or why it stopped.
fn status(run: &ClassRunView, part: usize, tick: u64) -> String {
    match &run.error {
        Some(why) => why.clone(),
        None if run.shown != Some(run.wanted) => "Catching up…".to_string(),
        None => format!(
            "{} of {} · part {} of {} · tick {tick} · {} of the lesson's state checks matched",
            ClassRunView::clock(run.wanted),
            ClassRunView::clock(run.replay.length().saturating_sub(1)),
            part + 1,
            run.replay.parts().len(),
            run.checks
        ),
    }
}

/// *Continue from here*: the moment kept as a new project, which the app then opens.
fn continue_here(
    page: &PageHandle,
    saying: &UseStateHandle<Option<String>>,
) -> Callback<MouseEvent> {
    let (page, saying) = (page.clone(), saying.clone());
    Callback::from(move |_| {
        let from_here = page.read().run_from_here();
        let Some((project, name)) = from_here else {
            return;
        };
        let saying = saying.clone();
        saying.set(Some(format!("Keeping “{name}” in your projects…")));
        wasm_bindgen_futures::spawn_local(async move {
            match keep_and_open_next(&project, &name).await {
                Ok(_) => {
                    if let Some(w) = web_sys::window() {
                        let _ = w.location().assign(&page_base());
                    }
                }
                Err(e) => saying.set(Some(format!("It could not be kept: {e}"))),
            }
        });
    })
}

/// Beside the stage: the run's title, its parts, and the lesson's record; each row takes the
/// stage to its moment.
#[function_component(RunSide)]
pub fn run_side(props: &ReplayProps) -> Html {
    let page = &props.page;
    let state = page.read();
    let Some(run) = &state.class_run else {
        return Html::default();
    };
    let file = run.replay.file();
    let parts = run.replay.parts();
    let current = run.replay.locate(run.wanted).0;
    let go = page.on(|position: u64| Some(Action::ClassRun(ClassRunAction::Seek(position))));
    let rows = activity_rows(&file.activity, &parts, &run.replay);
    html! {
        <aside class="run-side" aria-label="The class run">
            <h2 data-testid="run-title">{ format!("Class run: {}", file.title) }</h2>
            <p>{ format!("{} students", file.names.len()) }</p>
            <h3>{ "Parts" }</h3>
            <ol class="run-parts">
                { for parts.iter().enumerate().map(|(i, p)| html! {
                    <li><button data-testid="run-part" aria-current={(i == current).then_some("true")}
                        data-start={p.start.to_string()} data-first-tick={p.ticks.0.to_string()}
                        onclick={go.reform({ let start = p.start; move |_| start })}>
                        { format!("{} · {}", ClassRunView::clock(p.start), p.why) }</button></li>
                }) }
            </ol>
            <h3>{ "What happened" }</h3>
            <ol class="run-activity" data-testid="run-activity">
                { for rows.into_iter().map(|(text, position)| html! {
                    <li data-testid="run-activity-row"><button onclick={go.reform(move |_| position)}>{ text }</button></li>
                }) }
            </ol>
        </aside>
    }
}

/// The record's rows (JSON Lines as the teacher's page wrote them), each with the position
/// of its moment: its tick in the last part that started before it.
fn activity_rows(
    activity: &str,
    parts: &[sim_core::session::Part],
    replay: &RunReplay,
) -> Vec<(String, u64)> {
    activity
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .map(|row| {
            let text = |key: &str| row[key].as_str().unwrap_or_default().to_string();
            let tick = row["tick"].as_u64().unwrap_or(0);
            let wall = js_sys::Date::parse(&text("wall_time"));
            let part = parts.iter().rposition(|p| p.at_ms <= wall).unwrap_or(0);
            let time = crate::browser::clock_time(wall);
            let shown = format!("{time} · tick {tick} · {}: {}", text("who"), text("what"));
            (shown, replay.position_of(part, tick))
        })
        .collect()
}

//! [`RunControls`]: the run controls of a page that runs its own model (Play, Pause, Step,
//! Reset, the speed, the timeline), with the notices about the run, the session's part and
//! the command line. Each control acts on the page's state through its handle.

use super::page::{PageHandle, PageState};
use super::session_parts::TeacherControls;
use super::stage::SPEEDS;
use super::timeline;
use crate::command::CommandLine;
use sim_core::RoundPhase;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The run controls' inputs.
#[derive(Properties, PartialEq)]
pub struct RunControlsProps {
    /// The page's shared state.
    pub page: PageHandle,
    /// Whether the list of keyboard shortcuts is shown.
    pub shortcuts: bool,
    /// Shows or hides the list of keyboard shortcuts.
    pub on_shortcuts: Callback<MouseEvent>,
}

/// The run controls.
#[function_component(RunControls)]
pub fn run_controls(props: &RunControlsProps) -> Html {
    let page = &props.page;
    let state = page.read();
    let stage = &state.stage;
    let running = stage.running();
    let phase = stage
        .model()
        .round()
        .map_or(RoundPhase::Running, |r| r.phase);
    let on_speed = page.callback(|state, e: Event| {
        let value = e.target_dyn_into::<HtmlSelectElement>().map(|s| s.value());
        state.stage.set_speed(value.unwrap_or_default());
    });
    let act = |action: fn(&mut PageState)| page.callback(move |state, _: MouseEvent| action(state));
    html! {
        <footer class="controls">
            { notices(page, &state) }
            if phase == RoundPhase::Over {
                <button data-testid="next-round" class="next-round" onclick={act(|s| s.stage.next_round())}>{ "Next round" }</button>
            }
            { timeline::bar(stage.model().timeline_range(), stage.model().tick(), page) }
            <button data-testid="play" disabled={running || phase != RoundPhase::Running} onclick={act(|s| s.stage.play())}>{ "Play" }</button>
            <button data-testid="pause" disabled={!running} onclick={act(|s| s.stage.pause())}>{ "Pause" }</button>
            <button data-testid="step" disabled={phase != RoundPhase::Running} onclick={act(|s| s.stage.step())}>{ "Step" }</button>
            <button data-testid="reset" onclick={act(PageState::reset)}>{ "Reset" }</button>
            <button data-testid="shortcuts-toggle" title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts"
                aria-expanded={props.shortcuts.to_string()}
                onclick={props.on_shortcuts.clone()}>{ "?" }</button>
            <label>{ "Speed " }
                <select data-testid="speed" onchange={on_speed}>
                    { for SPEEDS.iter().map(|s| html! {
                        <option value={*s} selected={*s == stage.speed_label()}>{ format!("{s}×") }</option>
                    }) }
                </select>
            </label>
            <span class="status">
                { format!("t = {:.2} s · tick ", stage.shown_time().to_f64()) }
                <span data-testid="tick">{ stage.shown_tick() }</span>
            </span>
            if let Some(run) = stage.model().replaying() {
                <span class="status replaying" data-testid="replaying">
                    { format!("Replaying {run} ") }
                    <button data-testid="end-replay" onclick={act(PageState::end_replay)}>{ "Back to the model" }</button>
                </span>
            }
            <TeacherControls page={page.clone()} />
            if let Some((fps, work)) = stage.demo_fps() {
                <span class="status">
                    { "demo · " }<span data-testid="fps">{ format!("{fps:.1}") }</span>{ " fps · frame work " }
                    <span data-testid="frame-ms">{ format!("{work:.1}") }</span>{ " ms" }
                </span>
            }
            <CommandLine blueprints={state.views.inspection.blueprints.clone()}
                selected={state.views.inspection.inspected.as_ref().map(|(row, _)| (row.id, row.name.clone()))}
                on_send={page.asking(|state, (target, text): (sim_core::CommandTarget, String)| state.send_command(&target, &text))} />
        </footer>
    }
}

/// The crash guard's and the watchdog's notices, each with its OK.
fn notices(page: &PageHandle, state: &PageState) -> Html {
    let dismiss = || page.callback(|state, _: MouseEvent| state.stage.dismiss_notices());
    html! {
        <>
        if state.stage.crashed() {
            <p class="run-notice" data-testid="crash-notice" role="alert">
                { "The page closed while this model was running, so it opened paused. \
                   If the model made the page close, undo your last change or fix the \
                   script before pressing Play; Export keeps a copy." }
                <button onclick={dismiss()}>{ "OK" }</button>
            </p>
        }
        if let Some(text) = state.stage.watchdog() {
            <p class="run-notice" data-testid="watchdog-notice" role="alert">
                { text }
                <button onclick={dismiss()}>{ "OK" }</button>
            </p>
        }
        </>
    }
}

//! [`RunControls`]: the run controls of a page that runs its own model (Play, Pause, Step,
//! Reset, the speed, the timeline), with the notices about the run. Each control dispatches
//! what it does as an action.

use super::action::{Action, RunAction};
use super::page::{PageHandle, PageState};
use super::timeline;
use crate::run::SPEEDS;
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
    let (run, stage) = (&state.run, &state.stage);
    let running = run.running();
    let phase = run.round().map_or(RoundPhase::Running, |r| r.phase);
    let on_speed = page.on(|e: Event| {
        let value = e.target_dyn_into::<HtmlSelectElement>()?.value();
        Some(Action::Run(RunAction::Speed(value)))
    });
    let act = |make: fn() -> RunAction| page.on(move |_: MouseEvent| Some(Action::Run(make())));
    html! {
        <footer class="controls">
            { notices(page, &state) }
            if phase == RoundPhase::Over {
                <button data-testid="next-round" class="next-round" onclick={act(|| RunAction::NextRound)}>{ "Next round" }</button>
            }
            { timeline::bar(run.timeline_range(), run.tick(), page) }
            <button data-testid="play" disabled={running || phase != RoundPhase::Running} onclick={act(|| RunAction::Play)}>{ "Play" }</button>
            <button data-testid="pause" disabled={!running} onclick={act(|| RunAction::Pause)}>{ "Pause" }</button>
            <button data-testid="step" disabled={phase != RoundPhase::Running} onclick={act(|| RunAction::Step)}>{ "Step" }</button>
            <button data-testid="reset" onclick={act(|| RunAction::Reset)}>{ "Reset" }</button>
            <button data-testid="shortcuts-toggle" title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts"
                aria-expanded={props.shortcuts.to_string()}
                onclick={props.on_shortcuts.clone()}>{ "?" }</button>
            <label>{ "Speed " }
                <select data-testid="speed" onchange={on_speed}>
                    { for SPEEDS.iter().map(|s| html! {
                        <option value={*s} selected={*s == run.speed_label()}>{ format!("{s}×") }</option>
                    }) }
                </select>
            </label>
            <span class="status">
                { format!("t = {:.2} s · tick ", stage.shown_time(run).to_f64()) }
                <span data-testid="tick">{ stage.shown_tick() }</span>
            </span>
            if let Some(replayed) = run.replaying() {
                <span class="status replaying" data-testid="replaying">
                    { format!("Replaying {replayed} ") }
                    <button data-testid="end-replay" onclick={act(|| RunAction::EndReplay)}>{ "Back to the model" }</button>
                </span>
            }
            if let Some((fps, work)) = stage.demo_fps() {
                <span class="status">
                    { "demo · " }<span data-testid="fps">{ format!("{fps:.1}") }</span>{ " fps · frame work " }
                    <span data-testid="frame-ms">{ format!("{work:.1}") }</span>{ " ms" }
                </span>
            }
        </footer>
    }
}

/// The crash guard's and the watchdog's notices, each with its OK.
fn notices(page: &PageHandle, state: &PageState) -> Html {
    let dismiss = || page.on(|_: MouseEvent| Some(Action::Run(RunAction::DismissNotices)));
    let notices = state.run.notices();
    html! {
        <>
        if notices.crashed() {
            <p class="run-notice" data-testid="crash-notice" role="alert">
                { "The page closed while this model was running, so it opened paused. \
                   If the model made the page close, undo your last change or fix the \
                   script before pressing Play; Export keeps a copy." }
                <button onclick={dismiss()}>{ "OK" }</button>
            </p>
        }
        if let Some(text) = notices.watchdog() {
            <p class="run-notice" data-testid="watchdog-notice" role="alert">
                { text }
                <button onclick={dismiss()}>{ "OK" }</button>
            </p>
        }
        </>
    }
}

//! [`TutorialBox`]: the first-model tutorial, at the top of the side column while it runs. It
//! shows the first step not yet done (checked against the project at every change and against
//! the run for the last step), the lines to add, and *Do this step for me* for a student who
//! is stuck. Whether it runs is kept in the browser, so a reload goes on with it.

pub mod steps;

use crate::projects::ProjectHandle;
use steps::{act, current, Act, Progress, RUN_SECONDS, STEPS};
use yew::prelude::*;

/// Where the browser keeps whether the tutorial runs.
const STORAGE_KEY: &str = "stepwise.tutorial";

/// Whether the tutorial was running when the page was last left.
pub fn was_running() -> bool {
    crate::browser::flag_kept(STORAGE_KEY)
}

/// Keeps whether the tutorial runs.
pub fn keep_running(on: bool) {
    crate::browser::keep_flag(STORAGE_KEY, on);
}

/// The box's inputs.
#[derive(Properties, PartialEq, Clone)]
pub struct TutorialProps {
    /// The open project, which the steps check and *Do this step for me* changes.
    pub project: ProjectHandle,
    /// Its revision: the steps are checked again when it changes.
    pub revision: u64,
    /// The run's time, in whole sim-seconds.
    pub time: u64,
    /// Stops the tutorial.
    pub on_close: Callback<MouseEvent>,
}

/// While the tutorial runs, what its box needs, handed by the app to the script drawer too: on
/// a phone or an upright tablet the open drawer covers the side column, so the drawer shows
/// the box itself (the stylesheet shows one of the two).
#[derive(Clone, PartialEq)]
pub struct TutorialShown(pub TutorialProps);

/// The box for `shown`.
pub fn tutorial_box(shown: &TutorialShown) -> Html {
    let props = shown.0.clone();
    html! { <TutorialBox ..props /> }
}

/// The tutorial box.
#[function_component(TutorialBox)]
pub fn tutorial_box(props: &TutorialProps) -> Html {
    let failed = use_state(|| None::<String>);
    // The last step counts the run's seconds from when it became the step to do (or from a
    // reset that took the time back).
    let run_from = use_state(|| None::<u64>);
    let ran = run_from.map_or(0, |from| props.time.saturating_sub(from));
    let checked = {
        let project = props.project.clone();
        let enough = ran as f64 >= RUN_SECONDS;
        use_memo((props.revision, enough), move |_| {
            project.with(|c| {
                c.map(|c| {
                    let progress = Progress::of(&c.project, ran as f64);
                    (current(&progress), progress.broken().to_vec())
                })
            })
        })
    };
    let (at, broken) = (*checked).clone().unwrap_or((0, Vec::new()));
    {
        let (run_from, time, running) = (run_from.clone(), props.time, at >= STEPS.len() - 1);
        use_effect_with((running, time), move |_| match *run_from {
            None if running => run_from.set(Some(time)),
            Some(_) if !running => run_from.set(None),
            Some(from) if time < from => run_from.set(Some(time)),
            _ => {}
        });
    }
    let do_it = {
        let (project, failed) = (props.project.clone(), failed.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(step) = STEPS.get(at) else { return };
            let label = format!("tutorial step {}", at + 1);
            match project.try_edit(&label, |p| act(step, p)) {
                Ok(_) => failed.set(None),
                Err(why) => {
                    failed.set(Some(format!("That step could not be done for you: {why}.")))
                }
            }
        })
    };
    html! {
        <section class="tutorial" data-testid="tutorial" data-step={(at + 1).to_string()} aria-labelledby="tutorial-title">
            <header class="info-head">
                <h2 id="tutorial-title">{ "Tutorial: your first model" }</h2>
                <button data-testid="tutorial-close" onclick={props.on_close.clone()}
                    aria-label="Stop the tutorial">{ "Stop" }</button>
            </header>
            <progress max={STEPS.len().to_string()} value={at.to_string()} aria-label="Steps done" />
            <p class="tutorial-progress" data-testid="tutorial-progress" aria-live="polite">
                { progress_text(at) }
            </p>
            { match STEPS.get(at) {
                None => html! {
                    <p class="tutorial-done" data-testid="tutorial-done">
                        { "You built a model with two kinds of character that meet, and a graph. Try changing \
                           the numbers: how much energy a fish uses, how much it gains. Open the Library to see \
                           what other models do." }
                    </p>
                },
                Some(step) => step_view(step, at, &broken, do_it, (*failed).clone(), ran),
            } }
            <details class="tutorial-all">
                <summary>{ "All steps" }</summary>
                <ol>
                    { for STEPS.iter().enumerate().map(|(i, s)| html! {
                        <li class={classes!((i < at).then_some("done"), (i == at).then_some("now"))}>
                            { if i < at { format!("✓ {}", s.title) } else { s.title.to_owned() } }
                        </li>
                    }) }
                </ol>
            </details>
        </section>
    }
}

/// How long *Show me where* marks the control, in milliseconds.
const SPOT_MS: u32 = 2500;

/// *Show me where*: brings the control with test id `control` into view and rings it for a
/// moment (the side column or the page scrolls to it; nothing else changes).
fn show_me(control: &'static str) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        let found = web_sys::window().and_then(|w| w.document()).and_then(|d| {
            d.query_selector(&format!("[data-testid=\"{control}\"]"))
                .ok()
                .flatten()
        });
        let Some(element) = found else { return };
        element.scroll_into_view_with_bool(false);
        let _ = element.class_list().add_1("tutorial-spot");
        gloo_timers::callback::Timeout::new(SPOT_MS, move || {
            let _ = element.class_list().remove_1("tutorial-spot");
        })
        .forget();
    })
}

/// "Step 3 of 11", with the step just done when there is one.
fn progress_text(at: usize) -> String {
    let done = at
        .checked_sub(1)
        .and_then(|i| STEPS.get(i))
        .map(|s| format!("✓ {}. ", s.title))
        .unwrap_or_default();
    if at >= STEPS.len() {
        return format!("{done}All {} steps done!", STEPS.len());
    }
    format!("{done}Step {} of {}", at + 1, STEPS.len())
}

/// The step to do: what to do, the lines to add, why it cannot be checked (a script with a
/// mistake), and *Do this step for me*.
fn step_view(
    step: &steps::Step,
    at: usize,
    broken: &[String],
    do_it: Callback<MouseEvent>,
    failed: Option<String>,
    ran: u64,
) -> Html {
    let lines: &[steps::Lines] = match step.act {
        Act::Lines(lines) => lines,
        _ => &[],
    };
    let stuck: Vec<&String> = broken
        .iter()
        .filter(|b| matches!(b.as_str(), "Fish" | "Algae"))
        .collect();
    html! {
        <>
            <h3 class="tutorial-title" data-testid="tutorial-step">{ step.title }</h3>
            <p>{ step.how }</p>
            { for lines.iter().map(|l| html! {
                <>
                    <p class="quiet">{ format!("In {}, under # PROGRAM {}:", l.blueprint, l.program) }</p>
                    <pre class="tutorial-lines" data-testid="tutorial-lines">{ l.text }</pre>
                </>
            }) }
            if at == STEPS.len() - 1 {
                <p class="quiet" data-testid="tutorial-ran">{ format!("Run so far: {ran} of {RUN_SECONDS} seconds.") }</p>
            }
            { for stuck.iter().map(|b| html! {
                <p class="tutorial-stuck" role="alert" data-testid="tutorial-stuck">
                    { format!("{b}'s script has a mistake, so this step cannot be checked yet. It is underlined \
                               in the script and listed under Messages: fix it and Apply.") }
                </p>
            }) }
            if let Some(why) = failed { <p class="tutorial-stuck" role="alert">{ why }</p> }
            <div class="tutorial-buttons">
                <button class="tutorial-do" data-testid="tutorial-show" onclick={show_me(step.control)}>{ "Show me where" }</button>
                if step.act != Act::Yourself {
                    <button class="tutorial-do" data-testid="tutorial-do" onclick={do_it}>{ "Do this step for me" }</button>
                }
            </div>
        </>
    }
}

//! [`HistoryButtons`]: Undo and Redo of the open project's authoring steps, in the title bar
//! so they are always in reach (Ctrl+Z and Ctrl+Shift+Z do the same; see `keys`).

use super::current::ProjectHandle;
use yew::prelude::*;

/// The buttons' inputs.
#[derive(Properties, PartialEq)]
pub struct HistoryButtonsProps {
    /// The open project, whose history they walk.
    pub project: ProjectHandle,
}

/// Undo and Redo, each titled with the step it would take back or make again. They hear every
/// change of the project themselves, so they show at once what Undo and Redo would do now.
#[function_component(HistoryButtons)]
pub fn history_buttons(props: &HistoryButtonsProps) -> Html {
    let redraw = use_force_update();
    {
        let project = props.project.clone();
        use_effect_with(props.project.clone(), move |_| {
            let listening = project.subscribe(Callback::from(move |()| redraw.force_update()));
            move || drop(listening)
        });
    }
    let (undo, redo) = (props.project.undo_label(), props.project.redo_label());
    let title = |verb: &str, step: &Option<String>| match step {
        Some(step) => format!("{verb} {step}"),
        None => format!("Nothing to {}", verb.to_lowercase()),
    };
    let on = |redo: bool| {
        let project = props.project.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = if redo { project.redo() } else { project.undo() };
        })
    };
    html! {
        <div class="history-buttons" role="group" aria-label="Undo and redo">
            <button data-testid="undo" disabled={undo.is_none()} onclick={on(false)}
                title={format!("{} (Ctrl+Z)", title("Undo", &undo))} aria-label={title("Undo", &undo)}>
                { "↶" }<span class="label">{ " Undo" }</span></button>
            <button data-testid="redo" disabled={redo.is_none()} onclick={on(true)}
                title={format!("{} (Ctrl+Shift+Z)", title("Redo", &redo))} aria-label={title("Redo", &redo)}>
                { "↷" }<span class="label">{ " Redo" }</span></button>
        </div>
    }
}

//! [`ToolsPanel`]: the developer tools, behind the title bar's *Tools* button and closed by
//! default — the command line, the profiler with the periodic tasks, and the experiment. A
//! lesson needs none of them, so they stay out of the way; a student who joined a session
//! never sees them.

use super::action::{Action, ModelAction, RunAction};
use super::page::PageHandle;
use crate::command::CommandLine;
use crate::experiment::ExperimentPanel;
use crate::panels::Profiler;
use crate::projects::ProjectHandle;
use yew::prelude::*;

/// The tools' inputs.
#[derive(Properties, PartialEq)]
pub struct ToolsProps {
    /// The page's shared state.
    pub page: PageHandle,
    /// The open project, which the experiment varies.
    pub project: ProjectHandle,
    /// Closes the tools.
    pub on_close: Callback<MouseEvent>,
}

/// The developer tools, once opened; they scroll into view as they open.
#[function_component(ToolsPanel)]
pub fn tools_panel(props: &ToolsProps) -> Html {
    let here = use_node_ref();
    {
        let here = here.clone();
        use_effect_with((), move |_| {
            if let Some(section) = here.cast::<web_sys::Element>() {
                section.scroll_into_view();
            }
        });
    }
    let page = &props.page;
    let state = page.read();
    let readouts = &state.readouts;
    let selected = readouts
        .inspection
        .inspected
        .as_ref()
        .map(|(row, _)| (row.id, row.name.clone()));
    let on_send = page.asking(
        |(target, text)| Action::Model(ModelAction::Command(target, text)),
        |reply| reply.map(Option::unwrap_or_default),
    );
    html! {
        <section class="tools" data-testid="tools" aria-label="Developer tools" ref={here}>
            <header class="tools-head">
                <h2>{ "Tools" }</h2>
                <button data-testid="tools-close" onclick={props.on_close.clone()}>{ "Close tools" }</button>
            </header>
            <div class="tools-body">
                <CommandLine blueprints={readouts.inspection.blueprints.clone()} {selected} {on_send} />
                <Profiler data={readouts.panels.clone()} />
                <ExperimentPanel project={props.project.clone()} revision={props.project.revision()}
                    on_replay={page.on(|run| Some(Action::Run(RunAction::Replay(run))))} />
            </div>
        </section>
    }
}

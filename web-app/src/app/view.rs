//! The app's view, in the page's parts: the stage, the run controls, the panels beside them,
//! and what a device following a session shows instead.

use super::stage::SPEEDS;
use super::{keys, rounds, timeline, App, Msg, SessionMsg};
use crate::command::CommandLine;
use crate::experiment::ExperimentPanel;
use crate::inspector::Inspector;
use crate::panels::Panels;
use crate::projects::ProjectsPanel;
use crate::session::device::Role;
use crate::session::PageRole;
use crate::widgets::Widgets;
use sim_core::RoundPhase;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

impl App {
    /// The stage: the canvas, a student's controller pad over it, the round bar and the
    /// teacher's message.
    pub(super) fn stage_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let round = self.stage.model().round();
        let dialog = self
            .stage
            .model()
            .newest_dialog()
            .filter(|d| d.serial > self.dismissed_dialog);
        let stage_label = format!(
            "Stage of {}: {} agents",
            self.project
                .with(|c| c.map(|c| c.title().to_string()))
                .unwrap_or_else(|| "no model".into()),
            self.inspection.agents.len()
        );
        html! {
            <main class="stage-area">
                <div class="stage-frame">
                <canvas data-testid="stage" ref={self.stage.canvas_ref()} width="800" height="800"
                    role="img" aria-label={stage_label}
                    data-tick={self.stage.model().tick().to_string()}
                    data-hash={self.shown_hash.map(|(_, h)| format!("{h:016x}"))}
                    onwheel={link.callback(Msg::Wheel)}
                    onpointerdown={link.callback(Msg::PointerDown)}
                    onpointermove={link.callback(Msg::PointerMove)}
                    onpointerup={link.callback(Msg::PointerUp)}
                    onpointercancel={link.callback(Msg::PointerUp)}
                    onpointerleave={link.callback(|_| Msg::PointerLeave)}
                    ondblclick={link.callback(|_| Msg::Fit)} />
                if self.device.as_ref().is_some_and(|d| d.role() == Role::Student && d.welcome.is_some()) {
                    <div class="controller-pad" data-testid="controller-pad"
                        role="application" aria-label="Drag to steer your character"
                        onpointerdown={link.callback(|e| Msg::Session(SessionMsg::PadDown(e)))}
                        onpointermove={link.callback(|e| Msg::Session(SessionMsg::PadMove(e)))}
                        onpointerup={link.callback(|e| Msg::Session(SessionMsg::PadUp(e)))}
                        onpointercancel={link.callback(|e| Msg::Session(SessionMsg::PadUp(e)))} />
                }
                { round.as_ref().map(rounds::round_bar).unwrap_or_default() }
                { rounds::dialog(dialog, link.callback(|_| Msg::DismissDialog)) }
                </div>
            </main>
        }
    }

    /// A device following a session: its status and join form, and on a projector the graphs
    /// and widgets.
    pub(super) fn device_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        html! {
            <>
            <footer class="controls">{ self.device_session_view(ctx) }</footer>
            if matches!(self.role, PageRole::Projector(_)) {
                <Panels data={self.panels.clone()} series={self.series.clone()}
                    on_open={link.callback(Msg::OpenScript)}
                    lead={html! { <Widgets project={self.project.clone()} revision={self.project.revision()}
                        shown={self.widgets_shown.clone()} live={false}
                        on_set={link.callback(Msg::SetWidget)} on_press={link.callback(Msg::PressWidget)} /> }} />
            }
            </>
        }
    }

    /// The run controls of a page that runs its own model, with its notices, the session's
    /// part and the command line.
    pub(super) fn controls_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let running = self.stage.running();
        let phase = self
            .stage
            .model()
            .round()
            .map_or(RoundPhase::Running, |r| r.phase);
        let on_speed = link.callback(|e: Event| {
            let value = e.target_dyn_into::<HtmlSelectElement>().map(|s| s.value());
            Msg::SetSpeed(value.unwrap_or_default())
        });
        html! {
            <footer class="controls">
                if self.crashed {
                    <p class="run-notice" data-testid="crash-notice" role="alert">
                        { "The page closed while this model was running, so it opened paused. \
                           If the model made the page close, undo your last change or fix the \
                           script before pressing Play; Export keeps a copy." }
                        <button onclick={link.callback(|_| Msg::DismissNotice)}>{ "OK" }</button>
                    </p>
                }
                if let Some(text) = &self.watchdog {
                    <p class="run-notice" data-testid="watchdog-notice" role="alert">
                        { text }
                        <button onclick={link.callback(|_| Msg::DismissNotice)}>{ "OK" }</button>
                    </p>
                }
                if phase == RoundPhase::Over {
                    <button data-testid="next-round" class="next-round" onclick={link.callback(|_| Msg::NextRound)}>{ "Next round" }</button>
                }
                { timeline::bar(self.stage.model().timeline_range(), self.stage.model().tick(), link) }
                <button data-testid="play" disabled={running || phase != RoundPhase::Running} onclick={link.callback(|_| Msg::Play)}>{ "Play" }</button>
                <button data-testid="pause" disabled={!running} onclick={link.callback(|_| Msg::Pause)}>{ "Pause" }</button>
                <button data-testid="step" disabled={phase != RoundPhase::Running} onclick={link.callback(|_| Msg::Step)}>{ "Step" }</button>
                <button data-testid="reset" onclick={link.callback(|_| Msg::Reset)}>{ "Reset" }</button>
                <button data-testid="shortcuts-toggle" title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts"
                    aria-expanded={self.shortcuts.to_string()}
                    onclick={link.callback(|_| Msg::ToggleShortcuts)}>{ "?" }</button>
                <label>{ "Speed " }
                    <select data-testid="speed" onchange={on_speed}>
                        { for SPEEDS.iter().map(|s| html! {
                            <option value={*s} selected={*s == self.stage.speed_label()}>{ format!("{s}×") }</option>
                        }) }
                    </select>
                </label>
                <span class="status">
                    { format!("t = {:.2} s · tick ", self.stage.shown_time().to_f64()) }
                    <span data-testid="tick">{ self.stage.shown_tick() }</span>
                </span>
                if let Some(run) = self.stage.model().replaying() {
                    <span class="status replaying" data-testid="replaying">
                        { format!("Replaying {run} ") }
                        <button data-testid="end-replay" onclick={link.callback(|_| Msg::EndReplay)}>{ "Back to the model" }</button>
                    </span>
                }
                { self.teacher_session_view(ctx) }
                if let Some((fps, work)) = self.stage.demo_fps() {
                    <span class="status">
                        { "demo · " }<span data-testid="fps">{ format!("{fps:.1}") }</span>{ " fps · frame work " }
                        <span data-testid="frame-ms">{ format!("{work:.1}") }</span>{ " ms" }
                    </span>
                }
                <CommandLine blueprints={self.inspection.blueprints.clone()}
                    selected={self.inspection.inspected.as_ref().map(|(row, _)| (row.id, row.name.clone()))}
                    answer={self.command_answer.clone()} on_send={link.callback(Msg::Command)} />
            </footer>
        }
    }

    /// Beside the stage: the shortcuts, the projects, the inspector and the panels.
    pub(super) fn panels_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        html! {
            <>
            if self.shortcuts {
                { keys::shortcut_list(link.callback(|_| Msg::ToggleShortcuts)) }
            }
            <ProjectsPanel current={self.project.clone()} library={self.library.clone()} />
            <Inspector data={self.inspection.clone()}
                on_select={link.callback(Msg::Select)}
                on_edit={link.callback(Msg::Edit)} />
            <Panels data={self.panels.clone()} series={self.series.clone()}
                on_open={link.callback(Msg::OpenScript)}
                lead={html! { <Widgets project={self.project.clone()} revision={self.project.revision()}
                    shown={self.widgets_shown.clone()} error={self.widget_error.clone().map(AttrValue::from)}
                    on_set={link.callback(Msg::SetWidget)} on_press={link.callback(Msg::PressWidget)} /> }}>
                <ExperimentPanel project={self.project.clone()} revision={self.project.revision()}
                    on_replay={link.callback(Msg::Replay)} />
            </Panels>
            </>
        }
    }
}

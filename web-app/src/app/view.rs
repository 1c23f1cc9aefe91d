//! The shell's layout of the page's parts: the map editor, the stage area, then the run
//! controls and the panels beside them, or what a device following a session shows instead.

use super::controls::RunControls;
use super::hand_in::HandIn;
use super::keep_copy::KeepCopy;
use super::page::{ActingHandle, PageState};
use super::projector::ProjectorCard;
use super::replay_view::{RunBar, RunSide};
use super::session_parts::DeviceControls;
use super::stage_area::StageArea;
use super::student_script::StudentScript;
use super::{keys, App, Msg};
use crate::experiment::ExperimentPanel;
use crate::inspector::{Edit, Inspector};
use crate::mapedit::MapEditor;
use crate::panels::Panels;
use crate::projects::ProjectsPanel;
use crate::session::device::Role;
use crate::session::PageRole;
use crate::widgets::Widgets;
use yew::prelude::*;

impl App {
    /// The page's parts in the page's order.
    pub(super) fn parts(&self, ctx: &Context<Self>) -> Html {
        let page = &self.page;
        let state = page.read();
        let follows = state.session.device.is_some() || state.role == PageRole::AskCode;
        if matches!(state.role, PageRole::Replay(_)) {
            return self.replay_view(&state);
        }
        html! {
            <>
            if state.session.device.is_none() && state.role == PageRole::Teacher {
                <MapEditor project={self.project.clone()} revision={self.project.revision()}
                    tool={state.map.clone()} on_tool={page.callback(|s, tool| s.set_map_tool(tool))}
                    stage_error={state.map_error.clone().map(AttrValue::from)} />
            }
            <StageArea page={page.clone()} library={self.library.clone()} />
            // The run controls follow the stage in the page's order (the grid places them), so
            // the keyboard reaches them first.
            if follows {
                { self.device_view(ctx, &state) }
            } else {
                <RunControls page={page.clone()} shortcuts={self.shortcuts}
                    on_shortcuts={ctx.link().callback(|_| Msg::Key(keys::Shortcut::Help))} />
                { self.panels_view(ctx, &state) }
            }
            </>
        }
    }

    /// A class run's replay: the stage, the run's controls, its parts and record, and the
    /// inspector (only to look: the replay is the lesson as it ran).
    fn replay_view(&self, state: &PageState) -> Html {
        let page = &self.page;
        html! {
            <>
            <StageArea page={page.clone()} library={self.library.clone()} />
            <RunBar page={page.clone()} />
            <RunSide page={page.clone()} />
            <Inspector data={state.views.inspection.clone()}
                on_select={page.callback(|s, agent| s.select(agent))}
                on_edit={Callback::noop()} />
            </>
        }
    }

    /// The model's widgets, set and pressed on the page's state (`live`: they change the
    /// model; a class screen that follows it only shows them).
    fn widgets(&self, state: &PageState, live: bool) -> Html {
        let page = &self.page;
        html! {
            <Widgets project={self.project.clone()} revision={self.project.revision()}
                shown={state.views.widgets.clone()} {live}
                on_set={page.asking(|s, (index, value)| s.set_widget(index, value))}
                on_press={page.asking(|s, index| s.press_widget(index))} />
        }
    }

    /// A device following a session: its status and join form, and on a projector the graphs
    /// and widgets.
    fn device_view(&self, ctx: &Context<Self>, state: &PageState) -> Html {
        html! {
            <>
            <footer class="controls"><DeviceControls page={self.page.clone()} />{ self.keep_copy(state) }</footer>
            { self.student_script(state) }
            if matches!(state.role, PageRole::Projector(_)) {
                <Panels data={state.views.panels.clone()} series={state.views.series.clone()}
                    on_open={ctx.link().callback(Msg::OpenScript)}
                    lead={html! { <><ProjectorCard page={self.page.clone()} />{ self.widgets(state, false) }</> }} />
            }
            </>
        }
    }

    /// A joined student's script drawer, given only what it shows.
    fn student_script(&self, state: &PageState) -> Html {
        let Some(d) = state
            .session
            .device
            .as_ref()
            .filter(|d| d.role() == Role::Student)
        else {
            return Html::default();
        };
        let own = d
            .welcome
            .as_ref()
            .filter(|_| d.following())
            .map(|w| AttrValue::from(w.blueprint.clone()));
        html! {
            <StudentScript page={ActingHandle(self.page.clone())} project={self.project.clone()}
                revision={self.project.revision()} code={AttrValue::from(d.code().to_string())}
                policy={d.policy} {own} sent={d.sent.clone()} />
        }
    }

    /// A joined student's hand-out offer and *Save the class model*, under their controls.
    fn keep_copy(&self, state: &PageState) -> Html {
        let Some(d) = state
            .session
            .device
            .as_ref()
            .filter(|d| d.role() == Role::Student && d.welcome.is_some() && d.following())
        else {
            return Html::default();
        };
        let code = AttrValue::from(d.code().to_string());
        let shown = d
            .handin
            .as_ref()
            .map(|h| (h.title.clone(), h.answer.clone()));
        html! {
            <>
            <KeepCopy project={self.project.clone()} code={code.clone()} handout={d.handout} />
            <HandIn page={ActingHandle(self.page.clone())} project={self.project.clone()} {code} {shown} />
            </>
        }
    }

    /// Beside the stage: the shortcuts, the projects, the inspector and the panels.
    fn panels_view(&self, ctx: &Context<Self>, state: &PageState) -> Html {
        let link = ctx.link();
        let page = &self.page;
        html! {
            <>
            if self.shortcuts {
                { keys::shortcut_list(link.callback(|_| Msg::Key(keys::Shortcut::Help))) }
            }
            <ProjectsPanel current={self.project.clone()} library={self.library.clone()} />
            <Inspector data={state.views.inspection.clone()}
                on_select={page.callback(|s, agent| s.select(agent))}
                on_edit={page.callback(|s, edit: Edit| s.edit(&edit))} />
            <Panels data={state.views.panels.clone()} series={state.views.series.clone()}
                on_open={link.callback(Msg::OpenScript)}
                lead={self.widgets(state, true)}>
                <ExperimentPanel project={self.project.clone()} revision={self.project.revision()}
                    on_replay={page.callback(|s, run| s.replay(run))} />
            </Panels>
            </>
        }
    }
}

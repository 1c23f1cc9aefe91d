//! The shell's layout: one screen per role. The authoring page has the title bar's tools
//! (Undo, Redo, Map, Script, Tools, the session), the map editor, the stage and its run
//! controls, the side column (the projects panel; while a session runs, the lesson panel
//! beside it), the inspector, the graphs and log, and the developer tools once opened. A
//! student's or projector's page shows the stage and what following a session needs; a
//! class run's replay its own controls.

use super::action::{Action, AgentAction, ModelAction};
use super::controls::RunControls;
use super::device_controls::DeviceControls;
use super::hand_in::HandIn;
use super::keep_copy::KeepCopy;
use super::lesson::{LessonPanel, ResumeOffer, SessionButton};
use super::page::{ActingHandle, PageState};
use super::projector::ProjectorCard;
use super::replay_parts::{RunBar, RunSide};
use super::stage_area::StageArea;
use super::student_script::StudentScript;
use super::tools::ToolsPanel;
use super::update::UpdateOffer;
use super::{keys, App, Msg, Side};
use crate::inspector::Inspector;
use crate::mapedit::{MapEditor, MapTool};
use crate::panels::Panels;
use crate::projects::{HistoryButtons, InfoPanel, ProjectsPanel};
use crate::reference::ReferencePanel;
use crate::session::device::Role;
use crate::session::lesson::LessonTab;
use crate::session::PageRole;
use crate::tutorial::tutorial_box;
use crate::widgets::Widgets;
use std::rc::Rc;
use yew::prelude::*;

/// While the page hosts a session: the blueprints its students steer, each once.
fn steered(state: &PageState) -> Option<Rc<Vec<String>>> {
    let t = state.session.teacher.as_ref()?;
    let mut steered: Vec<String> = t.room().students().map(|s| s.blueprint.clone()).collect();
    steered.sort();
    steered.dedup();
    Some(Rc::new(steered))
}

impl App {
    /// The page's parts in the page's order.
    pub(super) fn parts(&self, ctx: &Context<Self>) -> Html {
        let page = &self.page;
        let state = page.read();
        let follows = state.session.device.is_some() || state.role == PageRole::AskCode;
        if matches!(state.role, PageRole::Replay(_)) {
            return self.replay_page(&state);
        }
        html! {
            <>
            { self.title_bar(ctx, &state, follows) }
            if !follows {
                <MapEditor project={self.project.clone()} revision={self.project.revision()}
                    tool={state.map.clone()} on_tool={page.on(|tool| Some(Action::Map(tool)))}
                    stage_error={state.map_error.clone().map(AttrValue::from)} />
            }
            <StageArea page={page.clone()} library={self.library.clone()} />
            // The run controls follow the stage in the page's order (the grid places them), so
            // the keyboard reaches them first.
            if follows {
                { self.device_page(ctx, &state) }
            } else {
                <RunControls page={page.clone()} shortcuts={self.shortcuts}
                    on_shortcuts={ctx.link().callback(|_| Msg::Key(keys::Shortcut::Help))} />
                { self.authoring_parts(ctx, &state) }
            }
            </>
        }
    }

    /// The title bar: the app's name, and the tools of the page's role.
    fn title_bar(&self, ctx: &Context<Self>, state: &PageState, follows: bool) -> Html {
        let tools = if follows {
            self.device_tools(ctx, state)
        } else {
            self.authoring_tools(ctx, state)
        };
        let title = self
            .project
            .with(|c| c.map(|c| c.title().to_string()))
            .filter(|_| !follows);
        html! {
            <header class="title-bar">
                <h1>{ "Stepwise" }</h1>
                if let Some(title) = title {
                    <span class="title-project" data-testid="title-project" title={title.clone()}>{ title }</span>
                } else {
                    <span class="subtitle">{ "classroom simulations" }</span>
                }
                <nav class="toolbar" aria-label="Page tools">{ tools }</nav>
                <UpdateOffer />
            </header>
        }
    }

    /// The authoring page's tools: Undo, Redo, Map, Script, Tools and the session.
    fn authoring_tools(&self, ctx: &Context<Self>, state: &PageState) -> Html {
        let link = ctx.link();
        let page = &self.page;
        let map = state.map.clone();
        let on_map = page.on(move |_: MouseEvent| {
            Some(Action::Map(MapTool {
                open: !map.open,
                ..map.clone()
            }))
        });
        let (script, tools) = (self.script_open, self.tools_open);
        let info = self.side == Side::Info;
        let join = crate::session::ask_code_search(&state.query);
        html! {
            <>
            <HistoryButtons project={self.project.clone()} />
            <button class="map-toggle" data-testid="map-toggle" aria-pressed={state.map.open.to_string()}
                onclick={on_map}>{ if state.map.open { "Close map" } else { "Map" } }</button>
            <button class="script-toggle" data-testid="script-toggle" aria-pressed={script.to_string()}
                onclick={link.callback(move |_| Msg::Script(!script))}>{ "Script" }</button>
            <button class="info-toggle" data-testid="info-toggle" aria-pressed={info.to_string()}
                title="The model's lesson guide: what it shows, how to teach with it, things to try"
                onclick={link.callback(move |_| Msg::ShowInfo(!info))}>{ "Info" }</button>
            <button class="tools-toggle" data-testid="tools-toggle" aria-pressed={tools.to_string()}
                title="Developer tools: the command line, the profiler, experiments"
                onclick={link.callback(move |_| Msg::Tools(!tools))}>{ "Tools" }</button>
            <SessionButton page={page.clone()} on_show={link.callback(Msg::ShowLesson)} />
            if state.session.teacher.is_none() {
                <a class="join-link" data-testid="join-session" href={join}>{ "Join a session" }</a>
            }
            </>
        }
    }

    /// A device's tools: a joined student's *Script*.
    fn device_tools(&self, ctx: &Context<Self>, state: &PageState) -> Html {
        let joined = state
            .session
            .device
            .as_ref()
            .is_some_and(|d| d.role() == Role::Student && d.welcome.is_some() && d.following());
        let script = self.script_open;
        html! {
            if joined {
                <button class="script-toggle" data-testid="script-toggle" aria-pressed={script.to_string()}
                    onclick={ctx.link().callback(move |_| Msg::Script(!script))}>{ "Script" }</button>
            }
        }
    }

    /// A class run's replay: the stage, the run's controls, its parts and record, and the
    /// inspector (only to look: the replay is the lesson as it ran).
    fn replay_page(&self, state: &PageState) -> Html {
        let page = &self.page;
        html! {
            <>
            <header class="title-bar"><h1>{ "Stepwise" }</h1><span class="subtitle">{ "class run" }</span></header>
            <StageArea page={page.clone()} library={self.library.clone()} />
            <RunBar page={page.clone()} />
            <RunSide page={page.clone()} />
            <Inspector data={state.readouts.inspection.clone()}
                on_select={page.on(|agent| Some(Action::Agents(AgentAction::Select(agent))))}
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
                shown={state.readouts.widgets.clone()} {live}
                on_set={page.asking(|(index, value)| Action::Model(ModelAction::SetWidget(index, value)), |r| r.map(drop))}
                on_press={page.asking(|index| Action::Model(ModelAction::PressWidget(index)), |r| r.map(drop))} />
        }
    }

    /// A device following a session: its status and join form, and on a projector the graphs
    /// and widgets.
    fn device_page(&self, ctx: &Context<Self>, state: &PageState) -> Html {
        html! {
            <>
            <footer class="controls"><DeviceControls page={self.page.clone()} />{ self.keep_copy(state) }</footer>
            { self.student_script(state) }
            if matches!(state.role, PageRole::Projector(_)) {
                <Panels data={state.readouts.panels.clone()} series={state.readouts.series.clone()}
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
                policy={d.policy} {own} sent={d.sent.clone()} open={self.script_open} />
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

    /// Beside and under the stage on the authoring page: the side column, the inspector, the
    /// graphs and log, and the developer tools once opened.
    fn authoring_parts(&self, ctx: &Context<Self>, state: &PageState) -> Html {
        let link = ctx.link();
        let page = &self.page;
        html! {
            <>
            if self.shortcuts {
                { keys::shortcut_list(link.callback(|_| Msg::Key(keys::Shortcut::Help))) }
            }
            { self.side_column(ctx, state) }
            <Inspector data={state.readouts.inspection.clone()}
                on_select={page.on(|agent| Some(Action::Agents(AgentAction::Select(agent))))}
                on_edit={page.on(|edit| Some(Action::Agents(AgentAction::Edit(edit))))} />
            <Panels data={state.readouts.panels.clone()} series={state.readouts.series.clone()}
                on_open={link.callback(Msg::OpenScript)}
                lead={self.widgets(state, true)} />
            if self.tools_open {
                <ToolsPanel page={page.clone()} project={self.project.clone()}
                    on_close={link.callback(|_| Msg::Tools(false))} />
            }
            </>
        }
    }

    /// The side column: the projects panel, and while a session runs the lesson panel with
    /// a switch between the two.
    fn side_column(&self, ctx: &Context<Self>, state: &PageState) -> Html {
        let link = ctx.link();
        let live = state.session.teacher.is_some();
        let lesson = match self.side {
            Side::Lesson(tab) if live => Some(tab),
            _ => None,
        };
        let info = self.side == Side::Info;
        let reference = match &self.side {
            Side::Reference(at) => Some(at.clone()),
            _ => None,
        };
        let waiting = state
            .session
            .teacher
            .as_ref()
            .map_or(0, |t| t.desk.waiting().len());
        html! {
            <div class={classes!("side", live.then_some("live"))}>
                if live {
                    <div class="side-tabs" role="tablist" aria-label="Beside the stage">
                        <button role="tab" data-testid="side-lesson" aria-selected={lesson.is_some().to_string()}
                            onclick={link.callback(|_| Msg::ShowLesson(LessonTab::Students))}>
                            { if waiting > 0 { format!("Lesson · {waiting} to review") } else { "Lesson".to_string() } }
                        </button>
                        <button role="tab" data-testid="side-model" aria-selected={(lesson.is_none() && !info).to_string()}
                            onclick={link.callback(|_| Msg::ShowModel)}>{ "Model" }</button>
                        <button role="tab" data-testid="side-info" aria-selected={info.to_string()}
                            onclick={link.callback(|_| Msg::ShowInfo(true))}>{ "Info" }</button>
                    </div>
                }
                if let Some(shown) = self.tutorial_shown(ctx) {
                    { tutorial_box(&shown) }
                }
                <ResumeOffer page={self.page.clone()} on_show={link.callback(Msg::ShowLesson)} />
                if let Some(tab) = lesson {
                    <LessonPanel page={self.page.clone()} {tab} on_tab={link.callback(Msg::ShowLesson)} />
                }
                if info {
                    <InfoPanel project={self.project.clone()} revision={self.project.revision()}
                        on_close={link.callback(|_| Msg::ShowInfo(false))} />
                }
                if let Some(chosen) = reference.clone() {
                    <ReferencePanel {chosen} on_close={link.callback(|_| Msg::ShowModel)} />
                }
                // Away while the lesson, the guide or the reference shows, but for the script
                // drawer the panel holds.
                <div class={classes!("side-model", (lesson.is_some() || info || reference.is_some()).then_some("away"))}>
                    <ProjectsPanel current={self.project.clone()} library={self.library.clone()}
                        script_open={self.script_open} on_script={link.callback(Msg::Script)}
                        runs_kept={self.runs_kept} session={steered(state)}
                        on_tutorial={link.callback(|()| Msg::Tutorial(true))} />
                </div>
            </div>
        }
    }
}

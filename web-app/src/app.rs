//! The top-level component: the page's shell. It lays out one screen per role (see
//! `layout`): the authoring page, which becomes the teacher's lesson page while a session
//! runs; a student's or projector's page following a session; a class run's replay. It hands
//! each part the page's shared state ([`PageHandle`]) and the open project; the parts own what
//! only they need and change shared state by dispatching actions (see `action`). The shell
//! keeps what the title bar switches (the script drawer, the developer tools, the side
//! column's lesson or model), the script place asked for (a context for the script panel),
//! the list of keyboard shortcuts and the window's keys, and shows the page again when a part
//! changed it.
//!
//! The stage area runs the frame loop (`stage_area`, `frame`, `periodic`); the run controls
//! play, pause, step, reset and seek (`controls`, `timeline`); the teacher's session parts
//! are in `lesson`, a device's in `device_controls`.

mod action;
mod controls;
mod crash_guard;
mod device_controls;
mod frame;
mod hand_in;
mod keep_copy;
mod keys;
mod layout;
mod lesson;
mod page;
mod periodic;
mod pointer;
mod projector;
mod replay;
mod replay_parts;
mod rounds;
mod stage_area;
mod student_script;
mod timeline;
mod tools;
mod update;

use crate::editor::ScriptPlace;
use crate::projects::{Library, ProjectHandle};
use crate::reference::ReferenceOpener;
use crate::session::lesson::LessonTab;
use crate::session::PageRole;
use crate::tutorial::{TutorialProps, TutorialShown};
use action::{Action, TeachAction};
use gloo_events::EventListener;
use keys::Shortcut;
use page::{PageHandle, PageState};
use yew::prelude::*;

/// What the page's parts ask of the shell.
pub enum Msg {
    /// A part changed the page's shared state: show it.
    Changed,
    /// Open a blueprint's script at a line (a log entry's link was clicked).
    OpenScript((String, u32)),
    /// A keyboard shortcut was pressed.
    Key(Shortcut),
    /// Open (true) or close the script drawer.
    Script(bool),
    /// Open or close the developer tools.
    Tools(bool),
    /// Show the side column's lesson panel at this tab.
    ShowLesson(LessonTab),
    /// Show the side column's model (the projects panel), not the lesson.
    ShowModel,
    /// Show the open model's lesson guide in the side column (true), or the model again.
    ShowInfo(bool),
    /// Show the script reference in the side column, at this entry (its key) if any.
    ShowReference(Option<AttrValue>),
    /// Start (true) or stop the first-model tutorial.
    Tutorial(bool),
    /// A class run was kept among the library's class runs.
    RunKept,
}

/// What the side column shows: the model, its lesson guide, the script reference, or while a
/// session runs the lesson.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Side {
    /// The lesson panel, at this tab.
    Lesson(LessonTab),
    /// The projects panel: the model, its blueprints, its messages.
    Model,
    /// The open model's lesson guide.
    Info,
    /// The script reference, at this entry if one was asked for.
    Reference(Option<AttrValue>),
}

/// The app shell.
pub struct App {
    /// The page's shared state: the run, the stage, the session, the readouts.
    page: PageHandle,
    /// The open project, shared with the projects panel, the editor and the panels.
    project: ProjectHandle,
    /// The student's projects, where the open project is autosaved.
    library: Library,
    /// The script place last asked for, provided to the script panel as a context.
    script_place: Option<ScriptPlace>,
    /// Whether the list of keyboard shortcuts is shown (`?`).
    shortcuts: bool,
    /// Whether the script drawer is open.
    script_open: bool,
    /// Whether the developer tools are open.
    tools_open: bool,
    /// Whether the first-model tutorial runs (kept in the browser across reloads).
    tutorial: bool,
    /// What the side column shows.
    side: Side,
    /// Counts the class runs the session kept, so the projects panel lists them at once.
    runs_kept: u32,
    /// The window's keyboard shortcuts; dropping it removes them.
    keys: Option<EventListener>,
    /// Opens the reference at an entry: one callback for the page's life, so the context
    /// that hands it to the script drawer does not change at every render.
    open_reference: Callback<Option<AttrValue>>,
}

impl App {
    /// Asks the script panel to show `line` of `blueprint`'s script.
    fn open_script(&mut self, blueprint: String, line: u32) {
        let serial = self.script_place.as_ref().map_or(0, |p| p.serial) + 1;
        self.script_place = Some(ScriptPlace {
            blueprint,
            line,
            serial,
        });
    }

    /// What the tutorial's box needs while the tutorial runs.
    fn tutorial_shown(&self, ctx: &Context<Self>) -> Option<TutorialShown> {
        self.tutorial.then(|| {
            TutorialShown(TutorialProps {
                project: self.project.clone(),
                revision: self.project.revision(),
                time: self.page.read().run.time().to_f64().max(0.0) as u64,
                on_close: ctx.link().callback(|_| Msg::Tutorial(false)),
            })
        })
    }

    /// A keyboard shortcut: the list of shortcuts is the shell's, the rest act on the stage.
    /// True when the shell must render again.
    fn key(&mut self, key: Shortcut) -> bool {
        match key {
            Shortcut::Help => self.shortcuts = !self.shortcuts,
            Shortcut::Escape if self.shortcuts => self.shortcuts = false,
            _ => {
                let _ = self.page.dispatch(Action::Key(key));
                return false;
            }
        }
        true
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let query = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let project = ProjectHandle::empty();
        let mut state = PageState::new(query, project.clone());
        state.run_kept = ctx.link().callback(|()| Msg::RunKept);
        if state.session.device.is_some() || state.role == PageRole::AskCode {
            crate::browser::set_root_class("session-device", true);
        }
        if matches!(state.role, PageRole::Projector(_)) {
            crate::browser::set_root_class("projector", true);
        }
        App {
            page: PageHandle::new(state, ctx.link().callback(|_| Msg::Changed)),
            library: Library::new(project.clone()),
            project,
            script_place: None,
            shortcuts: false,
            script_open: false,
            tools_open: false,
            tutorial: crate::tutorial::was_running(),
            side: Side::Model,
            runs_kept: 0,
            keys: None,
            open_reference: ctx.link().callback(Msg::ShowReference),
        }
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: Self::Message) -> bool {
        match msg {
            Msg::Changed => self.page = self.page.next(),
            Msg::OpenScript((blueprint, line)) => self.open_script(blueprint, line),
            Msg::Key(key) => return self.key(key),
            Msg::Script(open) => self.script_open = open,
            Msg::Tools(open) => self.tools_open = open,
            Msg::ShowLesson(tab) => self.side = Side::Lesson(tab),
            Msg::ShowModel | Msg::ShowInfo(false) => self.side = Side::Model,
            Msg::ShowInfo(true) => self.side = Side::Info,
            Msg::ShowReference(at) => {
                // On a phone the drawer would cover the reference under the stage.
                if crate::browser::narrow() {
                    self.script_open = false;
                }
                self.side = Side::Reference(at);
            }
            Msg::Tutorial(on) => {
                self.tutorial = on;
                crate::tutorial::keep_running(on);
            }
            Msg::RunKept => self.runs_kept = self.runs_kept.wrapping_add(1),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let reference = ReferenceOpener(self.open_reference.clone());
        let tutorial = self.tutorial_shown(ctx);
        html! {
            <ContextProvider<Option<ScriptPlace>> context={self.script_place.clone()}>
            <ContextProvider<ReferenceOpener> context={reference}>
            <ContextProvider<Option<TutorialShown>> context={tutorial}>
            <div class="app">
                { self.parts(ctx) }
            </div>
            </ContextProvider<Option<TutorialShown>>>
            </ContextProvider<ReferenceOpener>>
            </ContextProvider<Option<ScriptPlace>>>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        // The lesson page's grid gives the lesson panel a wider column.
        let lesson =
            self.page.read().session.teacher.is_some() && matches!(self.side, Side::Lesson(_));
        crate::browser::set_root_class("lesson", lesson);
        if !first_render {
            return;
        }
        self.keys = keys::listen_for_keys(ctx.link().callback(Msg::Key));
        update::register();
        if let PageRole::Replay(id) = self.page.read().role.clone() {
            replay_parts::load(&self.page, id);
        }
        // A reload of the teacher's page goes on with the session it ran.
        let teacher = self.page.read().role == PageRole::Teacher;
        if let Some(room) = crate::session::page::running_room().filter(|_| teacher) {
            let started = self
                .page
                .dispatch(Action::Teach(TeachAction::Start(Some(room))));
            if started.is_ok() {
                ctx.link()
                    .send_message(Msg::ShowLesson(LessonTab::Students));
            }
        }
    }
}

/// The page's high-resolution clock, milliseconds; 0 where the page has none.
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

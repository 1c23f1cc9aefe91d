//! The top-level component: the page's shell. It lays out the title bar, the map editor, the
//! stage area, the run controls (or a device's session controls) and the panels beside them,
//! and hands each part the page's shared state ([`PageHandle`]) and the open project. The
//! parts own what only they need and act on the shared state themselves; the shell keeps the
//! script place asked for (a context for the script panel), the list of keyboard shortcuts
//! and the window's keys, and shows the page again when a part changed it.
//!
//! The stage area runs the frame loop (`stage_area`, `frame`, `periodic`); the run controls
//! play, pause, step, reset and seek (`controls`, `timeline`); the session's parts start,
//! follow and steer a live session (`session`, `session_parts`).

mod controls;
mod crash_guard;
mod fps;
mod frame;
mod hand_in;
mod keep_copy;
mod keys;
mod page;
mod periodic;
mod pointer;
mod projector;
mod replay;
mod replay_view;
mod rounds;
mod session;
mod session_parts;
mod stage;
mod stage_area;
mod stage_canvas;
mod student_script;
mod timeline;
mod update;
mod view;
mod watchdog;

use crate::editor::ScriptPlace;
use crate::projects::{Library, ProjectHandle};
use crate::session::PageRole;
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
}

/// The app shell.
pub struct App {
    /// The page's shared state: the stage, the session, the panels' snapshots.
    page: PageHandle,
    /// The open project, shared with the projects panel, the editor and the panels.
    project: ProjectHandle,
    /// The student's projects, where the open project is autosaved.
    library: Library,
    /// The script place last asked for, provided to the script panel as a context.
    script_place: Option<ScriptPlace>,
    /// Whether the list of keyboard shortcuts is shown (`?`).
    shortcuts: bool,
    /// The window's keyboard shortcuts; dropping it removes them.
    keys: Option<EventListener>,
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

    /// A keyboard shortcut: the list of shortcuts is the shell's, the rest act on the stage.
    /// True when the shell must render again.
    fn key(&mut self, key: Shortcut) -> bool {
        match key {
            Shortcut::Help => self.shortcuts = !self.shortcuts,
            Shortcut::Escape if self.shortcuts => self.shortcuts = false,
            _ => {
                self.page.act(|state| state.shortcut(key));
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
        let state = PageState::new(query, project.clone());
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
            keys: None,
        }
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: Self::Message) -> bool {
        match msg {
            Msg::Changed => self.page = self.page.next(),
            Msg::OpenScript((blueprint, line)) => self.open_script(blueprint, line),
            Msg::Key(key) => return self.key(key),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        html! {
            <ContextProvider<Option<ScriptPlace>> context={self.script_place.clone()}>
            <div class="app">
                <header class="title-bar">
                    <h1>{ "Stepwise" }</h1>
                    <span class="subtitle">{ "classroom simulations" }</span>
                    <update::UpdateOffer />
                </header>
                { self.parts(ctx) }
            </div>
            </ContextProvider<Option<ScriptPlace>>>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if !first_render {
            return;
        }
        self.keys = keys::listen_for_keys(ctx.link().callback(Msg::Key));
        update::register();
        if let PageRole::Replay(id) = self.page.read().role.clone() {
            replay_view::load(&self.page, id);
        }
        // A reload of the teacher's page goes on with the session it ran.
        let teacher = self.page.read().role == PageRole::Teacher;
        if let Some(room) = session::running_room().filter(|_| teacher) {
            self.page.act(|state| state.start_session(Some(room)));
        }
    }
}

/// The page's high-resolution clock, milliseconds; 0 where the page has none.
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

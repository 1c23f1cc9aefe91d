//! The top-level component: title bar, stage canvas and run controls.
//!
//! The clock, the current project's simulation and the canvas's renderer live in the
//! [`Stage`], outside the rendered view; every animation frame the component has the stage
//! advance the clock, run the ticks due and redraw the canvas directly, then runs the periodic
//! task due (graph sampling, panel refreshes, the timed autosave: `periodic`). The view itself re-renders
//! only on a user action, when the displayed time changes or when a task changed what it shows.
//! The wheel zooms the stage about the pointer, a drag on empty stage pans it, two fingers
//! pinch-zoom it, a double click fits it again. A press on an agent selects it (shift adds it to the group) and drags
//! it; the pointer hovering over an agent marks it hovered. Delete, Escape and Space on the
//! window remove the selection, clear it and toggle play, unless the user is typing.

mod crash_guard;
mod fps;
mod keys;
mod map;
mod periodic;
mod pointer;
mod rounds;
mod session;
mod stage;
mod timeline;
mod view;
mod watchdog;

use crate::command::Answer;
use crate::editor::ScriptPlace;
use crate::experiment::Replay;
use crate::inspector::{Edit, Inspection};
use crate::mapedit::{MapEditor, MapTool};
use crate::panels::{PanelsSnapshot, Series};
use crate::projects::{Library, ProjectHandle};
use crate::render::Gestures;
use crate::session::device::DeviceSession;
use crate::session::teacher::TeacherSession;
use crate::session::PageRole;
use crate::widgets::Shown;
use gloo_events::EventListener;
use session::SessionMsg;
use sim_core::{CommandTarget, EntityId, Scheduler, SchedulerStats, StartTarget, Value};
use stage::Stage;
use std::rc::Rc;
use web_sys::{PointerEvent, WheelEvent};
use yew::prelude::*;

/// What the user or the browser asks of the app.
pub enum Msg {
    /// An animation frame fired at this real time (milliseconds).
    Frame(f64),
    Play,
    Pause,
    /// The crash guard's or the watchdog's notice was read.
    DismissNotice,
    Step,
    Reset,
    SetSpeed(String),
    /// A key asked for the next faster (1) or slower (-1) speed.
    SpeedBy(i8),
    /// `?` shows or hides the list of keyboard shortcuts.
    ToggleShortcuts,
    /// The wheel turned over the stage.
    Wheel(WheelEvent),
    /// A pointer was pressed on the stage.
    PointerDown(PointerEvent),
    /// A pointer moved over the stage.
    PointerMove(PointerEvent),
    /// A pointer was released or lost.
    PointerUp(PointerEvent),
    /// The pointer left the stage.
    PointerLeave,
    /// A double click on the stage.
    Fit,
    /// Play when paused, pause when playing (the Space key).
    TogglePlay,
    /// Remove the selected agents (the Delete key).
    DeleteSelected,
    /// Clear the selection (the Escape key).
    ClearSelection,
    /// Select this agent alone (a click in the agent list).
    Select(EntityId),
    /// Apply a prop edit from the inspector.
    Edit(Edit),
    /// The map editor opened, closed or picked the blueprint to place.
    MapTool(MapTool),
    /// Open a blueprint's script at a line (a log entry's link was clicked).
    OpenScript((String, u32)),
    /// Prepare the next round (its intro shows; Play starts it).
    NextRound,
    /// The teacher dismissed the message shown on the stage.
    DismissDialog,
    /// The timeline was moved to this tick.
    Seek(u64),
    /// Go back one tick (the timeline's Step back).
    StepBack,
    /// Something of a live session.
    Session(SessionMsg),
    /// Replay a run of an experiment on the stage.
    Replay(Replay),
    /// Back from a replayed run to the model as it starts by itself.
    EndReplay,
    /// A command from the command line, and who runs it.
    Command((CommandTarget, String)),
    /// A slider, switch or chooser was set: the widget's index and the value.
    SetWidget((usize, Value)),
    /// A widget button was pressed: its index.
    PressWidget(usize),
}

/// An agent held by a pointer: which pointer, which agent, and the agent's offset from the
/// pointer in world units, so it does not jump to centre on the pointer.
struct Held {
    pointer: i32,
    agent: EntityId,
    offset: (f64, f64),
    /// Whether it moved since it was pressed.
    moved: bool,
}

/// The app shell.
pub struct App {
    /// The clock, the simulation and the canvas's drawing.
    stage: Stage,
    /// The page's query string: the session it asks for, and the demo to rebuild on reset.
    query: String,
    /// Pointers panning or pinching the stage.
    gestures: Gestures,
    /// The open project, shared with the projects panel (and later the simulation).
    project: ProjectHandle,
    /// The student's projects, where the open project is autosaved.
    library: Library,
    /// Whether the list of keyboard shortcuts is shown (`?`).
    shortcuts: bool,
    /// The agent being dragged.
    held: Option<Held>,
    /// What the inspector shows.
    inspection: Rc<Inspection>,
    /// What the log and profiler panels show, taken with the inspection.
    panels: Rc<PanelsSnapshot>,
    /// Counts and Globals sampled once per sim-second, reset with the model.
    series: Rc<Series>,
    /// Why the last inspector edit was refused.
    edit_error: Option<String>,
    /// What became of the last command sent from the command line.
    command_answer: Option<Answer>,
    /// What each of the model's widgets shows, taken with the panels, and the project revision
    /// it was taken at (an edit of the widgets takes it again at once).
    widgets_shown: Rc<Vec<Shown>>,
    widgets_at: u64,
    /// Why the last change from a widget was refused.
    widget_error: Option<String>,
    /// The window's keyboard shortcuts; dropping it removes them.
    keys: Option<EventListener>,
    /// The periodic tasks; `None` only while it runs one (it is taken out to lend the app to
    /// the task) or if it could not be set up.
    scheduler: Option<Scheduler<App>>,
    /// The tasks' statistics after the last one ran, for the profiler.
    task_stats: SchedulerStats,
    /// Set by a task that changed what the view shows.
    view_stale: bool,
    /// The script place last asked for, provided to the script panel as a context.
    script_place: Option<ScriptPlace>,
    /// The serial of the newest stage message the teacher dismissed (0: none yet).
    dismissed_dialog: u64,
    /// The last page died with a model running, so this one opened paused; shown until
    /// dismissed or Play.
    crashed: bool,
    /// Why the watchdog paused the run, until dismissed or Play.
    watchdog: Option<String>,
    /// Whether the crash guard's marker says a model is running.
    marked_running: bool,
    /// Clears the crash guard's marker when the page is closed on purpose.
    _page_hide: Option<EventListener>,
    /// The map editor's state: open, and the blueprint a click places.
    map: MapTool,
    /// Why the last place or move on the stage was refused.
    map_error: Option<String>,
    /// What the page's address made this page: the teacher's, a projector or a student's.
    role: PageRole,
    /// The live session this page hosts.
    teacher: Option<TeacherSession>,
    /// Whether the session panel is shown.
    session_panel: bool,
    /// The session this page follows (a projector or a student's device).
    device: Option<DeviceSession>,
    /// The join form's name field and character picker.
    join_name: NodeRef,
    join_pick: NodeRef,
    /// Fingers on the controller pad and the marker each moves.
    pad_pointers: Vec<(i32, usize)>,
    /// The state hash at the shown tick, in a session (the stage's `data-hash`).
    shown_hash: Option<(u64, u64)>,
    /// Set when the state changed without a tick (an input applied while paused).
    hash_stale: bool,
    /// The real time of the frame before, for the session's refresh beat.
    now_before: f64,
}

impl App {
    /// Draws the stage, with a student's marks over it.
    fn draw(&mut self) {
        let marks = self.marks();
        if let Some(ctx) = self.stage.draw(&marks) {
            self.draw_marks(&ctx, &marks);
        }
    }

    /// Takes fresh snapshots for the inspector and the panels.
    fn inspect(&mut self) {
        self.refresh_inspection();
        self.refresh_panels();
    }

    /// Asks the script panel to show `line` of `blueprint`'s script.
    fn open_script(&mut self, blueprint: String, line: u32) {
        let serial = self.script_place.as_ref().map_or(0, |p| p.serial) + 1;
        self.script_place = Some(ScriptPlace {
            blueprint,
            line,
            serial,
        });
    }

    /// Starts the graphs afresh (a new or reset model) with a sample of the initial state.
    fn restart_series(&mut self) {
        self.series = Rc::default();
        self.stage.model().sample(&mut self.series);
    }

    /// After the stage's model started afresh in another way than a reset (a replayed run of
    /// an experiment, or back from one).
    fn after_restart(&mut self) {
        self.held = None;
        self.stage.restarted();
        self.dismissed_dialog = 0;
        self.restart_series();
    }

    /// The project's widget `index`.
    fn widget(&self, index: usize) -> Option<sim_core::WidgetDef> {
        self.project
            .with(|c| c.and_then(|c| c.project.widgets.get(index).cloned()))
    }

    /// A slider, switch or chooser set its prop.
    fn set_widget(&mut self, index: usize, value: Value) {
        let Some(widget) = self.widget(index) else {
            return;
        };
        let result = StartTarget::parse(&widget.target)
            .and_then(|target| self.stage.model_mut().set_value(&target, value));
        self.widget_error = result
            .err()
            .map(|why| format!("{}: {why}", widget.shown_label()));
    }

    /// A widget button runs its line as the model or as a blueprint's agents.
    fn press_widget(&mut self, index: usize) {
        let Some(widget) = self.widget(index) else {
            return;
        };
        let target = match widget.target.trim() {
            "" | "model" | "Global" => CommandTarget::Model,
            blueprint => CommandTarget::Blueprint(blueprint.to_string()),
        };
        let result = self.stage.model_mut().run_command(&target, &widget.script);
        self.widget_error = result
            .err()
            .map(|why| format!("{}: {why}", widget.shown_label()));
    }

    /// Sends a command from the command line and keeps the answer for it to show.
    fn send_command(&mut self, target: &CommandTarget, text: &str) {
        let sent = self.stage.model_mut().type_command(target, text);
        let said = sent.and_then(|count| match target {
            CommandTarget::Model => Ok("sent to the model; it runs at the next tick".to_string()),
            CommandTarget::Blueprint(bp) if count == 0 => {
                Err(format!("there is no {bp} to run it"))
            }
            CommandTarget::Blueprint(bp) => {
                Ok(format!("sent to {count} {bp}; it runs at the next tick"))
            }
            CommandTarget::Agent(_) => {
                Ok("sent to the selected agent; it runs at the next tick".to_string())
            }
        });
        let serial = self.command_answer.as_ref().map_or(0, |a| a.serial) + 1;
        self.command_answer = Some(Answer { serial, said });
    }

    /// Pauses and goes back to the model's starting state.
    fn reset(&mut self) {
        self.stage.reset(&self.query);
        self.dismissed_dialog = 0;
        self.restart_series();
    }

    /// Shows tick `tick` of the run again, paused: the stage, the inspector and the graphs
    /// as they were then.
    fn seek(&mut self, tick: u64) {
        self.held = None;
        match self.stage.seek(&self.project, tick) {
            Ok(time) => {
                Rc::make_mut(&mut self.series).show_until(time.to_f64());
                self.inspect();
                self.view_stale = true;
                self.draw();
            }
            Err(why) => self.project.post_note(why),
        }
    }

    /// One animation frame: take in what changed (the session's news, an edit of the project,
    /// the widgets), run the ticks due, hand the session its part, draw, and run the periodic
    /// task due. Returns whether the view must re-render.
    fn frame(&mut self, ts: f64) -> bool {
        self.stage.begin_frame(ts, self.crashed);
        let synced = self.take_in_changes(ts);
        self.stage.update_clock(ts);
        if self.device.is_none() {
            self.run_due();
        }
        let running = self.stage.running();
        self.session_after_ticks(ts, running);
        let started = now_ms();
        self.draw();
        let work_ms = now_ms() - started;
        self.stage.request_frame();
        let changed = self.stage.show_tick();
        let hash_before = self.shown_hash;
        self.refresh_hash();
        // A session's panel and status line (roster, connection) refresh four times a second.
        let session_beat = (self.teacher.is_some() || self.device.is_some())
            && (ts / 250.0) as u64 != (self.now_before / 250.0) as u64;
        self.now_before = ts;
        let changed = changed || hash_before != self.shown_hash || session_beat;
        let fps_changed = self.stage.count_frame(ts, work_ms);
        self.run_periodic(ts);
        self.mark_running();
        let stale = std::mem::take(&mut self.view_stale);
        synced || changed || fps_changed || stale
    }

    /// Before the frame's ticks: what the session brought, a changed project (which restarts
    /// the graphs and the inspection) and changed widgets. Returns whether the model was
    /// replaced.
    fn take_in_changes(&mut self, ts: f64) -> bool {
        let adopted = self.session_before_ticks(ts);
        let synced = adopted || (self.device.is_none() && self.stage.sync_project(&self.project));
        if synced {
            self.held = None;
            self.dismissed_dialog = 0;
            self.edit_error = None;
            self.restart_series();
            self.inspect();
        }
        if self.project.revision() != self.widgets_at && self.refresh_widgets() {
            self.view_stale = true;
        }
        synced
    }

    /// Runs the ticks due on a page that runs its own model.
    fn run_due(&mut self) {
        if let Some(why) = self.stage.run_due() {
            // The run paused itself: the panels, which refresh only while it runs, show what
            // the last ticks did (the error that stopped it).
            self.watchdog = Some(why);
            self.refresh_panels();
            self.refresh_inspection();
        }
        self.note_branch();
    }

    /// Tells the crash guard whether a model is running, when that changed.
    fn mark_running(&mut self) {
        let running = self.stage.running();
        if running != self.marked_running {
            crash_guard::mark_running(running);
            self.marked_running = running;
        }
    }

    /// After the run went on from a rewound moment: the graphs drop what came after it, and a
    /// message says the old future is gone.
    fn note_branch(&mut self) {
        let Some(at) = self.stage.model_mut().take_branched() else {
            return;
        };
        Rc::make_mut(&mut self.series).drop_ahead();
        self.project.post_note(format!(
            "The run went on from t = {:.2} s, so what came after that moment before was dropped.",
            sim_core::sim::tick_time(at).to_f64()
        ));
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
        let role = PageRole::from_query(&query);
        let device = session::device_for(&role, &query);
        if device.is_some() || role == PageRole::AskCode {
            crate::browser::set_root_class("session-device", true);
        }
        if matches!(role, PageRole::Projector(_)) {
            crate::browser::set_root_class("projector", true);
        }
        App {
            stage: Stage::new(&query, ctx.link().callback(Msg::Frame)),
            query,
            gestures: Gestures::default(),
            library: Library::new(project.clone()),
            project,
            shortcuts: false,
            held: None,
            inspection: Rc::default(),
            panels: Rc::default(),
            series: Rc::default(),
            edit_error: None,
            command_answer: None,
            widgets_shown: Rc::default(),
            widgets_at: 0,
            widget_error: None,
            keys: None,
            map: MapTool::default(),
            map_error: None,
            scheduler: periodic::scheduler(periodic::real_time(0.0))
                .map_err(|e| web_sys::console::warn_1(&e.to_string().into()))
                .ok(),
            task_stats: SchedulerStats::default(),
            view_stale: false,
            script_place: None,
            dismissed_dialog: 0,
            crashed: crash_guard::died_while_running(),
            watchdog: None,
            marked_running: false,
            _page_hide: crash_guard::clear_on_page_hide(),
            role,
            teacher: None,
            session_panel: false,
            device,
            join_name: NodeRef::default(),
            join_pick: NodeRef::default(),
            pad_pointers: Vec::new(),
            shown_hash: None,
            hash_stale: false,
            now_before: 0.0,
        }
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: Self::Message) -> bool {
        match msg {
            Msg::Frame(ts) => return self.frame(ts),
            Msg::Wheel(e) => {
                self.stage.wheel(&e);
                self.draw();
                return false;
            }
            Msg::PointerDown(e) => {
                if !self.press(&e) {
                    return false;
                }
            }
            Msg::PointerMove(e) => {
                if !self.pointer_moved(&e) {
                    return false;
                }
            }
            Msg::PointerUp(e) => {
                if !self.release(e.pointer_id()) {
                    return false;
                }
            }
            Msg::PointerLeave => {
                if self.held.is_some() || !self.stage.model_mut().hover(None) {
                    return false;
                }
            }
            Msg::TogglePlay => {
                self.crashed = false;
                self.watchdog = None;
                self.stage.toggle_play();
            }
            Msg::DeleteSelected => {
                self.held = None;
                self.stage.model_mut().remove_selected();
            }
            Msg::ClearSelection if self.shortcuts => self.shortcuts = false,
            Msg::ClearSelection => self.stage.model_mut().clear_selection(),
            Msg::Select(agent) => {
                self.edit_error = None;
                self.stage.model_mut().select(agent, false);
            }
            Msg::Edit(edit) => self.edit_error = self.stage.model_mut().edit(&edit).err(),
            Msg::MapTool(tool) => self.set_map_tool(tool),
            Msg::OpenScript((blueprint, line)) => self.open_script(blueprint, line),
            Msg::Fit => {
                self.stage.view_mut().fit();
                self.draw();
                return false;
            }
            Msg::Play => {
                self.crashed = false;
                self.watchdog = None;
                self.stage.play();
            }
            Msg::DismissNotice => {
                self.crashed = false;
                self.watchdog = None;
            }
            Msg::Pause => self.stage.pause(),
            Msg::Step => self.stage.step(),
            Msg::NextRound => self.stage.next_round(),
            Msg::DismissDialog => {
                let newest = self.stage.model().newest_dialog().map_or(0, |d| d.serial);
                self.dismissed_dialog = newest;
            }
            Msg::Reset => self.reset(),
            Msg::SetSpeed(label) => self.stage.set_speed(label),
            Msg::SpeedBy(step) => self.stage.speed_by(step),
            Msg::ToggleShortcuts => self.shortcuts = !self.shortcuts,
            Msg::Seek(tick) => self.seek(tick),
            Msg::StepBack => self.seek(self.stage.model().tick().saturating_sub(1)),
            Msg::Session(msg) => {
                if !self.session_update(msg) {
                    return false;
                }
            }
            Msg::Replay(run) => {
                let model = self.stage.model_mut();
                model.replay(&self.project, run.starting, run.seed, run.label);
                self.after_restart();
            }
            Msg::EndReplay => {
                self.stage.model_mut().end_replay(&self.project);
                self.after_restart();
            }
            Msg::Command((target, text)) => self.send_command(&target, &text),
            Msg::SetWidget((index, value)) => self.set_widget(index, value),
            Msg::PressWidget(index) => self.press_widget(index),
        }
        self.hash_stale = true;
        self.stage.show_tick();
        self.draw();
        self.inspect();
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let follows = self.device.is_some() || self.role == PageRole::AskCode;
        html! {
            <ContextProvider<Option<ScriptPlace>> context={self.script_place.clone()}>
            <div class="app">
                <header class="title-bar">
                    <h1>{ "Stepwise" }</h1>
                    <span class="subtitle">{ "classroom simulations" }</span>
                </header>
                if self.device.is_none() && self.role == PageRole::Teacher {
                    <MapEditor project={self.project.clone()} revision={self.project.revision()}
                        tool={self.map.clone()} on_tool={link.callback(Msg::MapTool)}
                        stage_error={self.map_error.clone().map(AttrValue::from)} />
                }
                { self.stage_view(ctx) }
                // The run controls follow the stage in the page's order (the grid places them), so
                // the keyboard reaches them first.
                if follows {
                    { self.device_view(ctx) }
                } else {
                    { self.controls_view(ctx) }
                    { self.panels_view(ctx) }
                }
            </div>
            </ContextProvider<Option<ScriptPlace>>>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.draw();
            self.stage.request_frame();
            self.keys = keys::listen_for_keys(ctx);
            // A reload of the teacher's page goes on with the session it ran.
            if self.role == PageRole::Teacher {
                if let Some(room) = session::running_room() {
                    self.start_session(Some(room));
                    self.session_panel = false;
                    ctx.link()
                        .send_message(Msg::Session(SessionMsg::Panel(false)));
                }
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

//! The top-level component: title bar, stage canvas and run controls.
//!
//! The clock and the current project's simulation (the [`Runner`]) live in the component,
//! outside the rendered view; every animation frame advances the clock, runs the ticks due,
//! redraws the canvas directly through the [`Renderer`], and runs the periodic task due (graph
//! sampling, panel refreshes, the timed autosave: `periodic`). The view itself re-renders
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
mod timeline;
mod watchdog;

use crate::demo::Demo;
use crate::editor::ScriptPlace;
use crate::inspector::{Edit, Inspection, Inspector};
use crate::mapedit::{MapEditor, MapTool};
use crate::panels::{Panels, PanelsSnapshot, Series};
use crate::projects::{Library, ProjectHandle, ProjectsPanel};
use crate::render::{Bounds, Gestures, RenderAgent, Renderer, Rgb, StageView};
use crate::runner::Runner;
use crate::session::device::{DeviceSession, Role};
use crate::session::teacher::TeacherSession;
use crate::session::PageRole;
use fps::FpsMeter;
use gloo_events::EventListener;
use gloo_render::{request_animation_frame, AnimationFrame};
use session::SessionMsg;
use sim_core::entity::EntityId;
use sim_core::sched::{Scheduler, SchedulerStats};
use sim_core::sim::RoundPhase;
use sim_core::time::{Clock, ClockState, SimTime, Speed};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, HtmlSelectElement, MouseEvent, PointerEvent,
    WheelEvent,
};
use yew::prelude::*;

/// The speeds offered in the speed control, as sim-seconds per real second.
const SPEEDS: [&str; 6] = ["0.25", "0.5", "1", "2", "4", "8"];

/// The stage's colour inside its bounds.
const STAGE_BACKGROUND: Rgb = Rgb::from_packed(0x24506b);

/// How much one pixel of wheel scrolling zooms: the zoom factor is `exp(-delta × this)`.
const WHEEL_ZOOM_RATE: f64 = 0.0015;

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
    clock: Clock,
    canvas: NodeRef,
    /// The pending animation frame; dropping it cancels the loop.
    frame: Option<AnimationFrame>,
    /// The last real time seen, milliseconds, for actions that need "now".
    now_ms: f64,
    speed_label: String,
    /// The tick shown in the status bar; the view re-renders when it changes.
    shown_tick: i64,
    /// `None` only when the page has no document to make sprites in.
    renderer: Option<Renderer>,
    view: StageView,
    /// The current project's simulation.
    runner: Runner,
    /// A developer demo from the URL, drawn instead of the skeleton model.
    demo: Option<Demo>,
    /// The page's query string, to rebuild the demo on reset.
    query: String,
    /// Sim time of the last drawn frame, seconds; demos move by the difference.
    drawn_secs: f64,
    /// Pointers panning or pinching the stage.
    gestures: Gestures,
    fps: FpsMeter,
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
    fn request_frame(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        self.frame = Some(request_animation_frame(move |ts| {
            link.send_message(Msg::Frame(ts))
        }));
    }

    fn tick(&self) -> i64 {
        i64::try_from(self.runner.tick()).unwrap_or(i64::MAX)
    }

    /// Picks up a newly loaded or edited project: a fresh simulation from tick zero, and the
    /// stage fitted to the model's bounds. True when the project changed.
    fn sync_project(&mut self) -> bool {
        if let Some(renderer) = &mut self.renderer {
            self.project.with(|c| {
                renderer.set_project_costumes(c.map_or(&[], |c| c.project.costumes.as_slice()))
            });
        }
        if !self.runner.sync(&self.project) {
            return false;
        }
        self.clock.set_time(SimTime::ZERO);
        self.fit_to_project();
        true
    }

    /// Fits the stage to the open project's bounds and background, with its costumes.
    fn fit_to_project(&mut self) {
        if let Some(renderer) = &mut self.renderer {
            self.project.with(|c| {
                renderer.set_project_costumes(c.map_or(&[], |c| c.project.costumes.as_slice()))
            });
        }
        self.view.bounds = Runner::bounds(&self.project);
        self.view.background = MapTool::background(&self.project).unwrap_or(STAGE_BACKGROUND);
        self.view.fit();
    }

    fn draw(&mut self) {
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else {
            return;
        };
        fit_backing_store(&canvas);
        self.view.canvas = (f64::from(canvas.width()), f64::from(canvas.height()));
        let Ok(Some(ctx)) = canvas.get_context("2d") else {
            return;
        };
        let Ok(ctx) = ctx.dyn_into::<CanvasRenderingContext2d>() else {
            return;
        };
        let Some(renderer) = &mut self.renderer else {
            return;
        };
        let secs = self.clock.time().to_f64();
        let agents: &[RenderAgent] = match &mut self.demo {
            Some(demo) => {
                demo.advance(secs - self.drawn_secs);
                demo.agents()
            }
            None => self.runner.agents(renderer.costumes_mut()),
        };
        self.drawn_secs = secs;
        renderer.draw(&ctx, &self.view, agents);
        self.draw_marks(&ctx);
    }

    /// The agents drawn last.
    fn drawn_agents(&self) -> &[RenderAgent] {
        self.demo
            .as_ref()
            .map_or(self.runner.drawn(), |demo| demo.agents())
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
        self.runner.sample(&mut self.series);
    }

    fn toggle_play(&mut self) {
        match self.clock.state() {
            ClockState::Running => self.clock.pause(self.now_ms),
            ClockState::Paused => self.clock.resume(self.now_ms),
            _ => self.clock.start(self.now_ms),
        }
    }

    fn wheel(&mut self, e: &WheelEvent) {
        e.prevent_default();
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else {
            return;
        };
        // Line and page modes scroll in coarser units than pixels.
        let unit = match e.delta_mode() {
            WheelEvent::DOM_DELTA_LINE => 16.0,
            WheelEvent::DOM_DELTA_PAGE => 400.0,
            _ => 1.0,
        };
        let (px, py) = canvas_point(&canvas, e);
        self.view
            .zoom_about(px, py, (-e.delta_y() * unit * WHEEL_ZOOM_RATE).exp());
        self.draw();
    }

    /// Pauses and goes back to the model's starting state.
    /// Runs at the speed labelled `label` (one of [`SPEEDS`]).
    fn set_speed(&mut self, label: String) {
        if let Ok(speed) = label.parse::<f64>() {
            self.clock.set_speed(Speed::from_num(speed), self.now_ms);
            self.speed_label = label;
        }
    }

    fn reset(&mut self) {
        self.clock.pause(self.now_ms);
        self.clock.set_time(SimTime::ZERO);
        self.runner.reset();
        self.dismissed_dialog = 0;
        self.restart_series();
        if let Some(renderer) = &mut self.renderer {
            self.demo = Demo::from_query(&self.query, renderer.costumes_mut());
        }
        self.drawn_secs = 0.0;
    }

    /// The time the status line shows: the time of the last tick run, so time and tick
    /// always agree (a demo, which has no ticks, shows its clock).
    fn shown_time(&self) -> SimTime {
        if self.demo.is_some() {
            self.clock.time()
        } else {
            self.runner.time()
        }
    }

    /// A round that ended stops the ticks: the clock pauses with them, at the time of the
    /// last tick, so Play and the status line never run ahead of the model.
    fn pause_when_round_stops(&mut self) {
        let stopped = self
            .runner
            .round()
            .is_some_and(|r| r.phase != RoundPhase::Running);
        if stopped && self.clock.state() == ClockState::Running {
            self.clock.pause(self.now_ms);
            self.clock.set_time(self.runner.time());
        }
    }

    /// The teacher's *Next round*: the next round is prepared, paused, ready for Play.
    fn next_round(&mut self) {
        if self.runner.next_round() {
            self.clock.pause(self.now_ms);
            self.clock.set_time(self.runner.time());
        }
    }

    /// Runs the model up to the clock, pausing it when that took more than the watchdog's
    /// budget (and saying where the time went).
    fn advance_watched(&mut self) {
        let before = self.runner.profile();
        let started = now_ms();
        self.runner.advance_to(self.clock.time());
        let work_ms = now_ms() - started;
        if work_ms > watchdog::BUDGET_MS && self.clock.state() == ClockState::Running {
            self.clock.pause(self.now_ms);
            self.clock.set_time(self.runner.time());
            let (names, rules) = self.runner.profile_names();
            let after = self.runner.profile();
            self.watchdog = Some(watchdog::verdict(work_ms, &before, &after, &names, &rules));
        }
    }

    /// Shows tick `tick` of the run again, paused: the stage, the inspector and the graphs
    /// as they were then.
    fn seek(&mut self, tick: u64) {
        self.clock.pause(self.now_ms);
        self.held = None;
        match self.runner.seek(&self.project, tick) {
            Ok(()) => {
                let time = self.runner.time();
                self.clock.set_time(time);
                Rc::make_mut(&mut self.series).show_until(time.to_f64());
                self.inspect();
                self.view_stale = true;
                self.draw();
            }
            Err(why) => self.project.post_note(why),
        }
    }

    /// After the run went on from a rewound moment: the graphs drop what came after it, and a
    /// message says the old future is gone.
    fn note_branch(&mut self) {
        let Some(at) = self.runner.take_branched() else {
            return;
        };
        Rc::make_mut(&mut self.series).drop_ahead();
        self.project.post_note(format!(
            "The run went on from t = {:.2} s, so what came after that moment before was dropped.",
            sim_core::sim::tick_time(at).to_f64()
        ));
    }

    fn step_once(&mut self) {
        self.clock.pause(self.now_ms);
        self.runner.step();
        self.clock.set_time(self.runner.time());
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(_ctx: &Context<Self>) -> Self {
        let window = web_sys::window();
        let query = window
            .as_ref()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let mut renderer = window.and_then(|w| w.document()).map(Renderer::new);
        let demo = renderer
            .as_mut()
            .and_then(|r| Demo::from_query(&query, r.costumes_mut()));
        let project = ProjectHandle::empty();
        let role = PageRole::from_query(&query);
        let device = session::device_for(&role, &query);
        if device.is_some() || role == PageRole::AskCode {
            crate::projects::browser::set_root_class("session-device", true);
        }
        if matches!(role, PageRole::Projector(_)) {
            crate::projects::browser::set_root_class("projector", true);
        }
        App {
            clock: Clock::new(),
            canvas: NodeRef::default(),
            frame: None,
            now_ms: 0.0,
            speed_label: "1".into(),
            shown_tick: 0,
            renderer,
            view: StageView::new(Bounds::default(), STAGE_BACKGROUND, 800.0, 800.0),
            runner: Runner::default(),
            demo,
            query,
            drawn_secs: 0.0,
            gestures: Gestures::default(),
            fps: FpsMeter::default(),
            library: Library::new(project.clone()),
            project,
            shortcuts: false,
            held: None,
            inspection: Rc::default(),
            panels: Rc::default(),
            series: Rc::default(),
            edit_error: None,
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

    fn update(&mut self, ctx: &Context<Self>, msg: Self::Message) -> bool {
        match msg {
            Msg::Frame(ts) => {
                self.now_ms = ts;
                if self.clock.state() == ClockState::Init {
                    self.clock.start(ts);
                    if self.crashed {
                        self.clock.pause(ts);
                    }
                }
                let adopted = self.session_before_ticks(ts);
                let synced = adopted || (self.device.is_none() && self.sync_project());
                if synced {
                    self.held = None;
                    self.dismissed_dialog = 0;
                    self.edit_error = None;
                    self.restart_series();
                    self.inspect();
                }
                self.clock.update_time(ts);
                if self.device.is_none() {
                    self.advance_watched();
                    self.note_branch();
                    self.pause_when_round_stops();
                }
                let running = self.clock.state() == ClockState::Running;
                self.session_after_ticks(ts, running);
                let started = now_ms();
                self.draw();
                let work_ms = now_ms() - started;
                self.request_frame(ctx);
                let tick = self.tick();
                let changed = tick != self.shown_tick;
                self.shown_tick = tick;
                let hash_before = self.shown_hash;
                self.refresh_hash();
                // A session's panel and status line (roster, connection) refresh four times a
                // second.
                let session_beat = (self.teacher.is_some() || self.device.is_some())
                    && (ts / 250.0) as u64 != (self.now_before / 250.0) as u64;
                self.now_before = ts;
                let changed = changed || hash_before != self.shown_hash || session_beat;
                let fps_changed = self.fps.frame(ts, work_ms) && self.demo.is_some();
                self.run_periodic(ts);
                let running = self.clock.state() == ClockState::Running;
                if running != self.marked_running {
                    crash_guard::mark_running(running);
                    self.marked_running = running;
                }
                let stale = std::mem::take(&mut self.view_stale);
                return synced || changed || fps_changed || stale;
            }
            Msg::Wheel(e) => {
                self.wheel(&e);
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
                if self.held.is_some() || !self.runner.hover(None) {
                    return false;
                }
            }
            Msg::TogglePlay => {
                self.crashed = false;
                self.watchdog = None;
                self.toggle_play();
            }
            Msg::DeleteSelected => {
                self.held = None;
                self.runner.remove_selected();
            }
            Msg::ClearSelection if self.shortcuts => self.shortcuts = false,
            Msg::ClearSelection => self.runner.clear_selection(),
            Msg::Select(agent) => {
                self.edit_error = None;
                self.runner.select(agent, false);
            }
            Msg::Edit(edit) => self.edit_error = self.runner.edit(&edit).err(),
            Msg::MapTool(tool) => self.set_map_tool(tool),
            Msg::OpenScript((blueprint, line)) => self.open_script(blueprint, line),
            Msg::Fit => {
                self.view.fit();
                self.draw();
                return false;
            }
            Msg::Play => {
                self.crashed = false;
                self.watchdog = None;
                match self.clock.state() {
                    ClockState::Paused => self.clock.resume(self.now_ms),
                    _ => self.clock.start(self.now_ms),
                }
            }
            Msg::DismissNotice => {
                self.crashed = false;
                self.watchdog = None;
            }
            Msg::Pause => self.clock.pause(self.now_ms),
            Msg::Step => self.step_once(),
            Msg::NextRound => self.next_round(),
            Msg::DismissDialog => {
                let newest = self.runner.newest_dialog().map_or(0, |d| d.serial);
                self.dismissed_dialog = newest;
            }
            Msg::Reset => self.reset(),
            Msg::SetSpeed(label) => self.set_speed(label),
            Msg::SpeedBy(step) => {
                let at = SPEEDS
                    .iter()
                    .position(|s| *s == self.speed_label)
                    .unwrap_or(2);
                let next = at
                    .saturating_add_signed(isize::from(step))
                    .min(SPEEDS.len() - 1);
                self.set_speed(SPEEDS[next].to_string());
            }
            Msg::ToggleShortcuts => self.shortcuts = !self.shortcuts,
            Msg::Seek(tick) => self.seek(tick),
            Msg::StepBack => self.seek(self.runner.tick().saturating_sub(1)),
            Msg::Session(msg) => {
                if !self.session_update(msg) {
                    return false;
                }
            }
        }
        self.hash_stale = true;
        self.shown_tick = self.tick();
        self.draw();
        self.inspect();
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let running = self.clock.state() == ClockState::Running;
        let round = self.runner.round();
        let phase = round.as_ref().map_or(RoundPhase::Running, |r| r.phase);
        let dialog = self
            .runner
            .newest_dialog()
            .filter(|d| d.serial > self.dismissed_dialog);
        let on_speed = link.callback(|e: Event| {
            let value = e.target_dyn_into::<HtmlSelectElement>().map(|s| s.value());
            Msg::SetSpeed(value.unwrap_or_default())
        });
        let stage_label = format!(
            "Stage of {}: {} agents",
            self.project
                .with(|c| c.map(|c| c.title().to_string()))
                .unwrap_or_else(|| "no model".into()),
            self.inspection.agents.len()
        );
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
                <main class="stage-area">
                    <div class="stage-frame">
                    <canvas data-testid="stage" ref={self.canvas.clone()} width="800" height="800"
                        role="img" aria-label={stage_label}
                        data-tick={self.runner.tick().to_string()}
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
                // The run controls follow the stage in the page's order (the grid places them), so
                // the keyboard reaches them first.
                if self.device.is_some() || self.role == PageRole::AskCode {
                    <footer class="controls">{ self.device_session_view(ctx) }</footer>
                    if matches!(self.role, PageRole::Projector(_)) {
                        <Panels data={self.panels.clone()} series={self.series.clone()}
                            on_open={link.callback(Msg::OpenScript)} />
                    }
                } else {
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
                    { timeline::bar(self.runner.timeline_range(), self.runner.tick(), link) }
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
                                <option value={*s} selected={*s == self.speed_label}>{ format!("{s}×") }</option>
                            }) }
                        </select>
                    </label>
                    <span class="status">
                        { format!("t = {:.2} s · tick ", self.shown_time().to_f64()) }
                        <span data-testid="tick">{ self.shown_tick }</span>
                    </span>
                    { self.teacher_session_view(ctx) }
                    if let Some((fps, work)) = self.fps.shown.filter(|_| self.demo.is_some()) {
                        <span class="status">
                            { "demo · " }<span data-testid="fps">{ format!("{fps:.1}") }</span>{ " fps · frame work " }
                            <span data-testid="frame-ms">{ format!("{work:.1}") }</span>{ " ms" }
                        </span>
                    }
                </footer>
                if self.shortcuts {
                    { keys::shortcut_list(link.callback(|_| Msg::ToggleShortcuts)) }
                }
                <ProjectsPanel current={self.project.clone()} library={self.library.clone()} />
                <Inspector data={self.inspection.clone()}
                    on_select={link.callback(Msg::Select)}
                    on_edit={link.callback(Msg::Edit)} />
                <Panels data={self.panels.clone()} series={self.series.clone()}
                    on_open={link.callback(Msg::OpenScript)} />
                }
            </div>
            </ContextProvider<Option<ScriptPlace>>>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.draw();
            self.request_frame(ctx);
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

/// Sizes the canvas's pixel buffer to its displayed size in device pixels, so the stage is
/// sharp at any window size; a canvas not laid out (zero size) is left alone.
fn fit_backing_store(canvas: &HtmlCanvasElement) {
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let size = |css: i32| (f64::from(css) * ratio).round() as u32;
    let (width, height) = (size(canvas.client_width()), size(canvas.client_height()));
    if width == 0 || height == 0 {
        return;
    }
    if canvas.width() != width {
        canvas.set_width(width);
    }
    if canvas.height() != height {
        canvas.set_height(height);
    }
}

/// Where a mouse event falls on the canvas, in canvas pixels.
fn canvas_point(canvas: &HtmlCanvasElement, e: &MouseEvent) -> (f64, f64) {
    let ratio = |pixels: u32, css: i32| {
        if css > 0 {
            f64::from(pixels) / f64::from(css)
        } else {
            1.0
        }
    };
    (
        f64::from(e.offset_x()) * ratio(canvas.width(), canvas.client_width()),
        f64::from(e.offset_y()) * ratio(canvas.height(), canvas.client_height()),
    )
}

/// The page's high-resolution clock, milliseconds; 0 where the page has none.
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

//! [`Stage`]: the running model behind the stage canvas, kept apart from the page's UI state
//! so the frame loop and the run controls read as one piece. It owns the clock, the current
//! project's [`StageModel`], the [`Renderer`] and the [`StageView`], and what only they need
//! (a developer demo, the time last drawn, the frames-per-second meter, the tick shown, the
//! speed, and the notices about the run); the stage area drives it each animation frame and
//! the run controls play, pause, step, reset, seek and change its speed.

use super::fps::FpsMeter;
use super::stage_canvas::{Choice, StageCanvas};
use super::{crash_guard, now_ms, watchdog};
use crate::demo::Demo;
use crate::mapedit::MapTool;
use crate::projects::ProjectHandle;
use crate::render::{agent_at, Bounds, Renderer, Rgb, StageView};
use crate::stage_model::StageModel;
use sim_core::{Clock, ClockState, RoundPhase, SimTime, Speed};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, MouseEvent, WheelEvent};
use yew::NodeRef;

/// The speeds offered in the speed control, as sim-seconds per real second.
pub const SPEEDS: [&str; 6] = ["0.25", "0.5", "1", "2", "4", "8"];

/// The stage's colour inside its bounds.
const STAGE_BACKGROUND: Rgb = Rgb::from_packed(0x24506b);
/// The stage's colour in high contrast: near black, under agents ringed in white.
const HIGH_CONTRAST_BACKGROUND: Rgb = Rgb::from_packed(0x05080b);

/// How much one pixel of wheel scrolling zooms: the zoom factor is `exp(-delta × this)`.
const WHEEL_ZOOM_RATE: f64 = 0.0015;

/// The clock, the simulation and the drawing of the stage: each animation frame it runs the
/// ticks due and draws; the run controls play, pause, step, reset, seek and change its speed.
pub struct Stage {
    clock: Clock,
    canvases: StageCanvas,
    /// The drawing path the page's address asked for.
    render: Choice,
    /// The page's query string, for the demo a reset rebuilds.
    query: String,
    /// The last real time seen, milliseconds, for actions that need "now".
    now_ms: f64,
    speed_label: String,
    /// The tick shown in the status bar; the view re-renders when it changes.
    shown_tick: i64,
    /// `None` only when the page has no document to make sprites in.
    renderer: Option<Renderer>,
    view: StageView,
    /// The current project's simulation.
    model: StageModel,
    /// A developer demo from the URL, drawn instead of the skeleton model.
    demo: Option<Demo>,
    /// Sim time of the last drawn frame, seconds; demos move by the difference.
    drawn_secs: f64,
    fps: FpsMeter,
    /// What the canvas shows, once painted.
    shown: Option<Shown>,
    /// Frames painted so far (the canvas's `data-painted`).
    painted: u64,
    /// Frames not painted since the last one painted.
    skipped: u32,
    /// The stop at a tick's work budget already told (see [`Stage::run_due`]).
    stop_told: Option<sim_core::Overrun>,
    /// The last page died with a model running, so this one opened paused; shown until
    /// dismissed or Play.
    crashed: bool,
    /// Why the watchdog paused the run, until dismissed or Play.
    watchdog: Option<String>,
    /// The serial of the newest stage message the teacher dismissed (0: none yet).
    dismissed_dialog: u64,
    /// Counts what ends a drag on the stage: a new or restarted model, a moment sought,
    /// agents removed.
    generation: u64,
    /// Whether the stage is drawn in high contrast (a dark stage, every agent ringed in
    /// white), for a class screen showing a low-contrast model.
    high_contrast: bool,
}

/// The most frames in a row left unpainted: a safety net for whatever could change the
/// canvas unseen (a browser discarding a canvas's pixels, a font arriving), costing one paint
/// (and one listing of the agents) in two seconds at 60 frames a second.
const MAX_SKIPPED: u32 = 120;

/// What a painted frame showed besides the agents: a frame that would show the same agents
/// on the same canvas, through the same view, with the same marks, is not painted again.
/// Painting is most of a frame's work, and most frames would paint the same picture: every
/// frame while the model is paused (a student writing a script), and every other one while
/// it runs, since the model ticks 30 times a second and the screen refreshes 60 times.
struct Shown {
    canvas: HtmlCanvasElement,
    view: StageView,
    marks: Vec<(f64, f64)>,
}

impl Shown {
    /// Whether this is what the canvas would show.
    fn is(&self, canvas: &HtmlCanvasElement, view: &StageView, marks: &[(f64, f64)]) -> bool {
        self.canvas.is_same_node(Some(canvas)) && self.view == *view && self.marks == marks
    }
}

impl Stage {
    /// A stage with no model yet, its clock not started, showing the demo the page's query
    /// `query` asks for, if any.
    pub fn new(query: &str) -> Stage {
        let mut renderer = web_sys::window()
            .and_then(|w| w.document())
            .map(Renderer::new);
        let demo = renderer
            .as_mut()
            .and_then(|r| Demo::from_query(query, r.costumes_mut()));
        Stage {
            clock: Clock::new(),
            canvases: StageCanvas::default(),
            render: Choice::from_query(query),
            query: query.to_string(),
            now_ms: 0.0,
            speed_label: "1".into(),
            shown_tick: 0,
            renderer,
            view: StageView::new(Bounds::default(), STAGE_BACKGROUND, 800.0, 800.0),
            model: StageModel::default(),
            demo,
            drawn_secs: 0.0,
            fps: FpsMeter::default(),
            shown: None,
            painted: 0,
            skipped: 0,
            stop_told: None,
            crashed: crash_guard::died_while_running(),
            watchdog: None,
            dismissed_dialog: 0,
            generation: 0,
            high_contrast: false,
        }
    }

    /// Whether the stage is drawn in high contrast.
    pub fn high_contrast(&self) -> bool {
        self.high_contrast
    }

    /// Draws the stage in high contrast (`on`) or with the open project's own background.
    pub fn set_high_contrast(&mut self, on: bool, project: &ProjectHandle) {
        self.high_contrast = on;
        self.model.set_high_contrast(on);
        self.view.background = self.background(project);
    }

    /// The stage's colour: the project's, or dark in high contrast.
    fn background(&self, project: &ProjectHandle) -> Rgb {
        if self.high_contrast {
            return HIGH_CONTRAST_BACKGROUND;
        }
        MapTool::background(project).unwrap_or(STAGE_BACKGROUND)
    }

    /// Whether the last page died with a model running (this one opened paused), until the
    /// notice is dismissed or Play pressed.
    pub fn crashed(&self) -> bool {
        self.crashed
    }

    /// Why the watchdog paused the run, until dismissed or Play.
    pub fn watchdog(&self) -> Option<&str> {
        self.watchdog.as_deref()
    }

    /// The crash guard's and the watchdog's notices were read.
    pub fn dismiss_notices(&mut self) {
        self.crashed = false;
        self.watchdog = None;
    }

    /// The newest message of the model the teacher has not dismissed.
    pub fn dialog(&self) -> Option<&sim_core::Dialog> {
        self.model
            .newest_dialog()
            .filter(|d| d.serial > self.dismissed_dialog)
    }

    /// The teacher dismissed the message shown on the stage.
    pub fn dismiss_dialog(&mut self) {
        self.dismissed_dialog = self.model.newest_dialog().map_or(0, |d| d.serial);
    }

    /// Counts what ends a drag (see [`Stage::end_drags`]); a drag begun at another count is
    /// over.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Ends any drag in progress: the agent held may be gone or somewhere else.
    pub fn end_drags(&mut self) {
        self.generation += 1;
    }

    /// The model started over: a drag in progress ends, and messages dismissed before show
    /// again when the model sends them anew.
    pub fn started_over(&mut self) {
        self.end_drags();
        self.dismissed_dialog = 0;
    }

    /// Removes the selected agents (the Delete key); a drag in progress ends.
    pub fn remove_selected(&mut self) {
        self.end_drags();
        self.model.remove_selected();
    }

    /// The stage canvas's reference, for the view to bind.
    pub fn canvas_ref(&self) -> NodeRef {
        self.canvases.stage_ref()
    }

    /// Where the view puts the canvas over the stage (see [`StageCanvas`]).
    pub fn over_ref(&self) -> NodeRef {
        self.canvases.over_ref()
    }

    /// The stage canvas, once it is on the page (pointer capture, event positions).
    pub fn canvas(&self) -> Option<HtmlCanvasElement> {
        self.canvases.stage()
    }

    /// How the stage maps the world onto the canvas, to place pointers and marks.
    pub fn view(&self) -> &StageView {
        &self.view
    }

    /// The view, for the pan and pinch gestures and a fit to the stage.
    pub fn view_mut(&mut self) -> &mut StageView {
        &mut self.view
    }

    /// The current project's simulation, for the panels, the inspector and the session.
    pub fn model(&self) -> &StageModel {
        &self.model
    }

    /// The simulation, for the edits the user and the session make to it.
    pub fn model_mut(&mut self) -> &mut StageModel {
        &mut self.model
    }

    /// Whether a developer demo is drawn instead of the model (nothing to select or hover).
    pub fn is_demo(&self) -> bool {
        self.demo.is_some()
    }

    /// Whether the clock runs.
    pub fn running(&self) -> bool {
        self.clock.state() == ClockState::Running
    }

    /// The real time of the last frame, milliseconds, for the session's "seen ... ago".
    pub fn frame_ms(&self) -> f64 {
        self.now_ms
    }

    /// The speed chosen, as labelled in [`SPEEDS`].
    pub fn speed_label(&self) -> &str {
        &self.speed_label
    }

    /// The tick the status line shows.
    pub fn shown_tick(&self) -> i64 {
        self.shown_tick
    }

    /// The time the status line shows: the time of the last tick run, so time and tick
    /// always agree (a demo, which has no ticks, shows its clock).
    pub fn shown_time(&self) -> SimTime {
        if self.demo.is_some() {
            self.clock.time()
        } else {
            self.model.time()
        }
    }

    /// The demo's frames per second and mean frame work (ms), once measured.
    pub fn demo_fps(&self) -> Option<(f64, f64)> {
        self.fps.shown.filter(|_| self.demo.is_some())
    }

    /// Notes the frame's real time `ts` (milliseconds); the first frame starts the clock,
    /// paused when the last page died with a model running.
    pub fn begin_frame(&mut self, ts: f64) {
        self.now_ms = ts;
        if self.clock.state() == ClockState::Init {
            self.clock.start(ts);
            if self.crashed {
                self.clock.pause(ts);
            }
        }
    }

    /// Picks up a newly loaded or edited project: a fresh simulation from tick zero, and the
    /// stage fitted to the model's bounds. True when the project changed.
    pub fn sync_project(&mut self, project: &ProjectHandle) -> bool {
        self.show_costumes(project);
        if !self.model.sync(project) {
            return false;
        }
        self.started_over();
        self.clock.set_time(SimTime::ZERO);
        self.fit_to_project(project);
        true
    }

    /// Fits the stage to the open project's bounds and background, with its costumes.
    pub fn fit_to_project(&mut self, project: &ProjectHandle) {
        self.show_costumes(project);
        self.view.bounds = StageModel::bounds(project);
        self.view.background = self.background(project);
        self.view.fit();
    }

    fn show_costumes(&mut self, project: &ProjectHandle) {
        if let Some(renderer) = &mut self.renderer {
            project.with(|c| {
                renderer.set_project_costumes(c.map_or(&[], |c| c.project.costumes.as_slice()))
            });
        }
    }

    /// Brings the clock up to the frame's real time `ts` (milliseconds).
    pub fn update_clock(&mut self, ts: f64) {
        self.clock.update_time(ts);
    }

    /// Runs the model up to the clock. When that took more than the watchdog's budget the run
    /// pauses and the watchdog's notice says where the time went (true: it paused so); a
    /// round that ended pauses it too.
    pub fn run_due(&mut self) -> bool {
        let Some(why) = self.advance() else {
            return false;
        };
        self.watchdog = Some(why);
        true
    }

    /// Runs the model up to the clock; the watchdog's notice when the run paused itself.
    fn advance(&mut self) -> Option<String> {
        let before = self.model.profile();
        let started = now_ms();
        self.model.advance_to(self.clock.time());
        let work_ms = now_ms() - started;
        let mut verdict = None;
        let stopped = self.model.stopped();
        if let Some(overrun) = &stopped {
            // A tick went past its work budget: the model waits at it, and so does the clock.
            // The notice is given once for each stop.
            if self.running() {
                self.hold_at_last_tick();
            }
            if self.stop_told.as_ref() != Some(overrun) {
                self.stop_told = stopped.clone();
                return Some(watchdog::stopped(overrun));
            }
            return None;
        }
        self.stop_told = None;
        if work_ms > watchdog::BUDGET_MS && self.running() {
            self.hold_at_last_tick();
            let (names, rules) = self.model.profile_names();
            let after = self.model.profile();
            verdict = Some(watchdog::verdict(work_ms, &before, &after, &names, &rules));
        }
        self.pause_when_round_stops();
        verdict
    }

    /// Pauses the clock at the time of the last tick run, so Play and the status line never
    /// run ahead of the model.
    fn hold_at_last_tick(&mut self) {
        self.clock.pause(self.now_ms);
        self.clock.set_time(self.model.time());
    }

    /// A round that ended stops the ticks: the clock pauses with them.
    fn pause_when_round_stops(&mut self) {
        let stopped = self
            .model
            .round()
            .is_some_and(|r| r.phase != RoundPhase::Running);
        if stopped && self.running() {
            self.hold_at_last_tick();
        }
    }

    /// Draws the current moment on the canvas, sized first to its displayed size, with a
    /// student's `marks` (world points) to go over it, unless the canvas already shows just
    /// that (see [`Shown`]). Returns the canvas's context for the shell to draw the marks,
    /// `None` when nothing was painted (no canvas or renderer yet, or nothing to change).
    pub fn draw(&mut self, marks: &[(f64, f64)]) -> Option<CanvasRenderingContext2d> {
        let canvas = self.canvas()?;
        fit_backing_store(&canvas);
        self.view.canvas = (f64::from(canvas.width()), f64::from(canvas.height()));
        let renderer = self.renderer.as_mut()?;
        let secs = self.clock.time().to_f64();
        // The costumes changed or art is still loading, or the safety net is due: the frame
        // is painted, from the simulation as it is rather than as last listed.
        let forced = renderer.needs_paint() || self.skipped >= MAX_SKIPPED;
        let unchanged = match &mut self.demo {
            Some(demo) => {
                demo.advance(secs - self.drawn_secs);
                false
            }
            None => !self.model.refresh_drawn(renderer.costumes_mut(), forced),
        };
        self.drawn_secs = secs;
        let shown = self
            .shown
            .as_ref()
            .is_some_and(|s| s.is(&canvas, &self.view, marks));
        if unchanged && shown && !forced {
            self.skipped += 1;
            return None;
        }
        self.skipped = 0;
        // What the canvas shows is known again once this frame is painted.
        self.shown = None;
        let ctx = self.canvases.context(renderer, self.render)?;
        let agents = match &self.demo {
            Some(demo) => demo.agents(),
            None => self.model.drawn(),
        };
        renderer.draw(&ctx, &self.view, agents);
        self.shown = Some(Shown {
            canvas: canvas.clone(),
            view: self.view.clone(),
            marks: marks.to_vec(),
        });
        self.painted += 1;
        let _ = canvas.set_attribute("data-painted", &self.painted.to_string());
        Some(ctx)
    }

    /// Counts a frame at `ts` whose work (drawing) took `work_ms`; true when the demo's fps
    /// figures changed.
    pub fn count_frame(&mut self, ts: f64, work_ms: f64) -> bool {
        self.fps.frame(ts, work_ms) && self.demo.is_some()
    }

    /// Makes the status line show the current tick; true when that changed it.
    pub fn show_tick(&mut self) -> bool {
        let tick = i64::try_from(self.model.tick()).unwrap_or(i64::MAX);
        let changed = tick != self.shown_tick;
        self.shown_tick = tick;
        changed
    }

    /// The agent drawn last at world point `(wx, wy)`, as its index among those drawn.
    pub fn agent_at(&self, wx: f64, wy: f64) -> Option<u32> {
        let drawn = self
            .demo
            .as_ref()
            .map_or(self.model.drawn(), |demo| demo.agents());
        self.renderer
            .as_ref()
            .and_then(|r| agent_at(drawn, r.costumes(), wx, wy))
    }

    /// Zooms the view about the pointer as the wheel turned.
    pub fn wheel(&mut self, e: &WheelEvent) {
        e.prevent_default();
        let Some(canvas) = self.canvas() else {
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
    }

    /// Play: resumes a paused clock, starts any other.
    pub fn play(&mut self) {
        self.dismiss_notices();
        // After a tick stopped at its work budget, Play goes on from the next tick.
        self.model.go_on();
        match self.clock.state() {
            ClockState::Paused => self.clock.resume(self.now_ms),
            _ => self.clock.start(self.now_ms),
        }
    }

    /// Pause.
    pub fn pause(&mut self) {
        self.clock.pause(self.now_ms);
    }

    /// Pauses when running, plays otherwise (the Space key).
    pub fn toggle_play(&mut self) {
        self.dismiss_notices();
        if self.running() {
            self.pause();
        } else {
            self.play();
        }
    }

    /// Runs one tick, paused.
    pub fn step(&mut self) {
        self.model.go_on();
        self.model.step();
        self.hold_at_last_tick();
    }

    /// Pauses and goes back to the model's starting state (and the demo of the page's query
    /// to its start).
    pub fn reset(&mut self) {
        self.started_over();
        self.clock.pause(self.now_ms);
        self.clock.set_time(SimTime::ZERO);
        self.model.reset();
        if let Some(renderer) = &mut self.renderer {
            self.demo = Demo::from_query(&self.query, renderer.costumes_mut());
        }
        self.drawn_secs = 0.0;
    }

    /// After the stage model was taken back to a kept state (a resumed session): the
    /// clock at its time, paused, and the stage fitted to its project.
    pub fn resumed(&mut self, project: &ProjectHandle) {
        self.started_over();
        self.clock.pause(self.now_ms);
        self.clock.set_time(self.model.time());
        self.drawn_secs = self.model.time().to_f64();
        self.fit_to_project(project);
    }

    /// After the stage model started afresh (a replayed run, or back from one): paused,
    /// at time zero.
    pub fn restarted(&mut self) {
        self.started_over();
        self.clock.pause(self.now_ms);
        self.clock.set_time(SimTime::ZERO);
        self.drawn_secs = 0.0;
    }

    /// Pauses and goes back to tick `tick` of the run; the time shown then, or why not.
    pub fn seek(&mut self, project: &ProjectHandle, tick: u64) -> Result<SimTime, String> {
        self.end_drags();
        self.clock.pause(self.now_ms);
        self.model.seek(project, tick)?;
        let time = self.model.time();
        self.clock.set_time(time);
        Ok(time)
    }

    /// The teacher's *Next round*: the next round is prepared, paused, ready for Play.
    pub fn next_round(&mut self) {
        if self.model.next_round() {
            self.hold_at_last_tick();
        }
    }

    /// Runs at the speed labelled `label` (one of [`SPEEDS`]).
    pub fn set_speed(&mut self, label: String) {
        if let Ok(speed) = label.parse::<f64>() {
            self.clock.set_speed(Speed::from_num(speed), self.now_ms);
            self.speed_label = label;
        }
    }

    /// Runs at the next faster (`step` 1) or slower (-1) of [`SPEEDS`], stopping at the ends.
    pub fn speed_by(&mut self, step: i8) {
        let at = SPEEDS
            .iter()
            .position(|s| *s == self.speed_label)
            .unwrap_or(2);
        let next = at
            .saturating_add_signed(isize::from(step))
            .min(SPEEDS.len() - 1);
        self.set_speed(SPEEDS[next].to_string());
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
pub fn canvas_point(canvas: &HtmlCanvasElement, e: &MouseEvent) -> (f64, f64) {
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

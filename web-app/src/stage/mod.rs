//! [`Stage`]: the canvas that shows the run, and its drawing. It owns the canvases and the
//! path frames take to them (see `canvas`), the [`Renderer`], the [`StageView`] (how the
//! model's world maps onto the canvas: zoom and pan), the [`Drawn`] agents, a developer demo
//! drawn instead of a model, the frames-per-second meter, and what ends a drag. What it
//! shows is the [`Run`]'s; it never changes the run.

mod canvas;
mod drawn;
mod fps;

use crate::demo::Demo;
use crate::mapedit::MapTool;
use crate::projects::ProjectHandle;
use crate::render::{agent_at, Bounds, RenderAgent, Renderer, Rgb, StageView};
use crate::run::Run;
use crate::session::PuppetNames;
use canvas::{Choice, StageCanvas};
use fps::FpsMeter;
use sim_core::EntityId;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, MouseEvent, WheelEvent};
use yew::NodeRef;

pub use drawn::{still_agents, Drawn};

/// The stage's colour inside its bounds.
const STAGE_BACKGROUND: Rgb = Rgb::from_packed(0x24506b);
/// The stage's colour in high contrast: near black, under agents ringed in white.
const HIGH_CONTRAST_BACKGROUND: Rgb = Rgb::from_packed(0x05080b);

/// How much one pixel of wheel scrolling zooms: the zoom factor is `exp(-delta × this)`.
const WHEEL_ZOOM_RATE: f64 = 0.0015;

/// The most frames in a row left unpainted: a safety net for whatever could change the
/// canvas unseen (a browser discarding a canvas's pixels, a font arriving), costing one paint
/// (and one listing of the agents) in two seconds at 60 frames a second.
const MAX_SKIPPED: u32 = 120;

/// The stage bounds of the open project, in the renderer's y-up world.
pub fn bounds(project: &ProjectHandle) -> Bounds {
    project.with(|c| c.map_or_else(Bounds::default, |c| project_bounds(&c.project)))
}

/// `project`'s stage bounds, in the renderer's y-up world.
pub fn project_bounds(project: &sim_core::Project) -> Bounds {
    let m = &project.metadata;
    Bounds {
        left: m.left,
        right: m.right,
        top: -m.top,
        bottom: -m.bottom,
    }
}

/// The canvas that shows the run, and its drawing.
pub struct Stage {
    canvases: StageCanvas,
    /// The drawing path the page's address asked for.
    render: Choice,
    /// The page's query string, for the demo a reset rebuilds.
    query: String,
    /// The tick shown in the status bar; the controls render again when it changes.
    shown_tick: i64,
    /// `None` only when the page has no document to make sprites in.
    renderer: Option<Renderer>,
    view: StageView,
    /// The run's agents as drawn.
    drawn: Drawn,
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
    /// Counts what ends a drag on the stage: a new or restarted model, a moment sought,
    /// agents removed.
    generation: u64,
    /// Whether the stage is drawn in high contrast (a dark stage, every agent ringed in
    /// white), for a class screen showing a low-contrast model.
    high_contrast: bool,
}

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
    /// A stage showing the demo the page's query `query` asks for, if any; `own` says the
    /// page runs the model it shows (see [`Drawn::new`]).
    pub fn new(query: &str, own: bool) -> Stage {
        let mut renderer = web_sys::window()
            .and_then(|w| w.document())
            .map(Renderer::new);
        let demo = renderer
            .as_mut()
            .and_then(|r| Demo::from_query(query, r.costumes_mut()));
        Stage {
            canvases: StageCanvas::default(),
            render: Choice::from_query(query),
            query: query.to_string(),
            shown_tick: 0,
            renderer,
            view: StageView::new(Bounds::default(), STAGE_BACKGROUND, 800.0, 800.0),
            drawn: Drawn::new(own),
            demo,
            drawn_secs: 0.0,
            fps: FpsMeter::default(),
            shown: None,
            painted: 0,
            skipped: 0,
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
        self.drawn.set_high_contrast(on);
        self.view.background = self.background(project);
    }

    /// The stage's colour: the project's, or dark in high contrast.
    fn background(&self, project: &ProjectHandle) -> Rgb {
        if self.high_contrast {
            return HIGH_CONTRAST_BACKGROUND;
        }
        MapTool::background(project).unwrap_or(STAGE_BACKGROUND)
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

    /// The run started over (another model, a reset, a replay, a resumed state): a drag in
    /// progress ends and a demo goes back to its start.
    pub fn started_over(&mut self, run: &Run) {
        self.end_drags();
        self.drawn_secs = run.time().to_f64();
    }

    /// A reset: the run started over, and the demo of the page's query goes back to its
    /// start.
    pub fn reset(&mut self, run: &Run) {
        self.started_over(run);
        if let Some(renderer) = &mut self.renderer {
            self.demo = Demo::from_query(&self.query, renderer.costumes_mut());
        }
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

    /// Takes `view` as the stage's (a pan or a pinch the pointer made).
    pub fn set_view(&mut self, view: StageView) {
        self.view = view;
    }

    /// Fits the view to the stage's bounds again (a double click).
    pub fn fit(&mut self) {
        self.view.fit();
    }

    /// Whether a developer demo is drawn instead of the model (nothing to select or hover).
    pub fn is_demo(&self) -> bool {
        self.demo.is_some()
    }

    /// The tick the status line shows.
    pub fn shown_tick(&self) -> i64 {
        self.shown_tick
    }

    /// The time the status line shows: the time of the last tick run, so time and tick
    /// always agree (a demo, which has no ticks, shows its clock).
    pub fn shown_time(&self, run: &Run) -> sim_core::SimTime {
        if self.demo.is_some() {
            run.clock_time()
        } else {
            run.time()
        }
    }

    /// The demo's frames per second and mean frame work (ms), once measured.
    pub fn demo_fps(&self) -> Option<(f64, f64)> {
        self.fps.shown.filter(|_| self.demo.is_some())
    }

    /// Fits the stage to the open project's bounds and background, with its costumes.
    pub fn fit_to_project(&mut self, project: &ProjectHandle) {
        self.show_costumes(project);
        self.view.bounds = bounds(project);
        self.view.background = self.background(project);
        self.view.fit();
    }

    /// Takes in the open project's own costumes (they may have changed with an edit).
    pub fn show_costumes(&mut self, project: &ProjectHandle) {
        if let Some(renderer) = &mut self.renderer {
            project.with(|c| {
                renderer.set_project_costumes(c.map_or(&[], |c| c.project.costumes.as_slice()))
            });
        }
    }

    /// Draws the run's current moment on the canvas, sized first to its displayed size,
    /// with a student's `marks` (world points) to go over it and the students' `names` by
    /// their characters, unless the canvas already shows just that (see [`Shown`]). Returns
    /// the canvas's context for the page to draw the marks, `None` when nothing was painted
    /// (no canvas or renderer yet, or nothing to change).
    pub fn draw(
        &mut self,
        run: &Run,
        names: &PuppetNames,
        marks: &[(f64, f64)],
    ) -> Option<CanvasRenderingContext2d> {
        let canvas = self.canvas()?;
        fit_backing_store(&canvas);
        self.view.canvas = (f64::from(canvas.width()), f64::from(canvas.height()));
        self.drawn.set_names(names);
        let renderer = self.renderer.as_mut()?;
        let secs = run.clock_time().to_f64();
        // The costumes changed or art is still loading, or the safety net is due: the frame
        // is painted, from the run as it is rather than as last listed.
        let forced = renderer.needs_paint() || self.skipped >= MAX_SKIPPED;
        let unchanged = match &mut self.demo {
            Some(demo) => {
                demo.advance(secs - self.drawn_secs);
                false
            }
            None => !self.drawn.refresh(run, renderer.costumes_mut(), forced),
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
            None => self.drawn.agents(),
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

    /// The agents drawn last (a demo's, or the run's).
    pub fn drawn(&self) -> &[RenderAgent] {
        self.demo
            .as_ref()
            .map_or(self.drawn.agents(), |demo| demo.agents())
    }

    /// Whose characters are whose, as drawn.
    pub fn names(&self) -> &PuppetNames {
        self.drawn.names()
    }

    /// Counts a frame at `ts` whose work (drawing) took `work_ms`; true when the demo's fps
    /// figures changed.
    pub fn count_frame(&mut self, ts: f64, work_ms: f64) -> bool {
        self.fps.frame(ts, work_ms) && self.demo.is_some()
    }

    /// Makes the status line show the run's current tick; true when that changed it.
    pub fn show_tick(&mut self, run: &Run) -> bool {
        let tick = i64::try_from(run.tick()).unwrap_or(i64::MAX);
        let changed = tick != self.shown_tick;
        self.shown_tick = tick;
        changed
    }

    /// The agent drawn last at world point `(wx, wy)`: its place among those drawn, and its
    /// entity (none for a demo's).
    pub fn agent_at(&self, wx: f64, wy: f64) -> Option<(u32, Option<EntityId>)> {
        let drawn = self
            .renderer
            .as_ref()
            .and_then(|r| agent_at(self.drawn(), r.costumes(), wx, wy))?;
        let entity = self
            .demo
            .is_none()
            .then(|| self.drawn.entity(drawn))
            .flatten();
        Some((drawn, entity))
    }

    /// Where the agent drawn at place `drawn` is, in the world.
    pub fn drawn_at(&self, drawn: u32) -> Option<(f64, f64)> {
        self.drawn().get(drawn as usize).map(|a| (a.x, a.y))
    }

    /// The view zoomed about the pointer as the wheel turned (none before the canvas is on
    /// the page).
    pub fn wheeled(&self, e: &WheelEvent) -> Option<StageView> {
        e.prevent_default();
        let canvas = self.canvas()?;
        // Line and page modes scroll in coarser units than pixels.
        let unit = match e.delta_mode() {
            WheelEvent::DOM_DELTA_LINE => 16.0,
            WheelEvent::DOM_DELTA_PAGE => 400.0,
            _ => 1.0,
        };
        let (px, py) = canvas_point(&canvas, e);
        let mut view = self.view.clone();
        view.zoom_about(px, py, (-e.delta_y() * unit * WHEEL_ZOOM_RATE).exp());
        Some(view)
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

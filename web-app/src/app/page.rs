//! [`PageState`]: what the page's parts share, behind one [`PageHandle`]. It is a few plain
//! pieces — the [`Run`] (simulation, clock, timeline), the [`Stage`] (the canvas and its
//! drawing), the live [`PageSession`], the [`Readouts`] the panels show — and the page's
//! role. The stage area drives it each animation frame (see `frame`); every other change
//! comes as a typed [`Action`](super::action::Action) dispatched through the handle (see
//! `action`), the one place where the parts' requests change shared state. What only one
//! part needs (a drag, a finger on the controller pad, a panel being open, a widget's error)
//! stays in that part.

use super::projector::high_contrast_kept;
use super::replay::ClassRunView;
use crate::inspector::Inspection;
use crate::mapedit::MapTool;
use crate::panels::{PanelsReadout, Series};
use crate::projects::ProjectHandle;
use crate::run::Run;
use crate::session::{PageRole, PageSession, PuppetNames};
use crate::stage::Stage;
use crate::widgets::Shown;
use sim_core::SchedulerStats;
use std::cell::{Ref, RefCell};
use std::rc::Rc;
use yew::Callback;

/// The page's shared state.
pub struct PageState {
    /// The open project's simulation, its clock and its timeline.
    pub run: Run,
    /// The canvas that shows the run.
    pub stage: Stage,
    /// The open project, shared with the projects panel, the editor and the widgets.
    pub project: ProjectHandle,
    /// The page's query string: the session it asks for, the server, the demo.
    pub query: String,
    /// What the page's address made this page: the teacher's, a projector or a student's.
    pub role: PageRole,
    /// The live session this page hosts or follows.
    pub session: PageSession,
    /// What the inspector, the panels, the graphs and the widgets show.
    pub readouts: Readouts,
    /// The map editor's state: open, and the blueprint a click places.
    pub map: MapTool,
    /// Why the last place or move on the stage was refused.
    pub map_error: Option<String>,
    /// On a class run's replay page, the run shown.
    pub class_run: Option<ClassRunView>,
    /// On a class run's replay page, why its run could not be opened.
    pub class_run_failed: Option<String>,
    /// Told when a class run was kept among the library's class runs (the list shows it).
    pub run_kept: Callback<()>,
}

/// What the panels show of the run, read while it runs by the periodic tasks and after each
/// user action, never while a panel renders.
#[derive(Default)]
pub struct Readouts {
    /// What the inspector shows.
    pub inspection: Rc<Inspection>,
    /// What the log and profiler panels show, taken with the inspection.
    pub panels: Rc<PanelsReadout>,
    /// Counts and Globals sampled once per sim-second, started afresh with the model.
    pub series: Rc<Series>,
    /// What each of the model's widgets shows, taken with the panels.
    pub widgets: Rc<Vec<Shown>>,
    /// The project revision the widgets were taken at (an edit of them takes them again).
    widgets_at: u64,
    /// The project revision the inspection was taken at (an edit swapped into the running
    /// model, which may add agents, takes it again even while paused).
    pub inspected_at: u64,
    /// Why the last inspector edit was refused.
    pub edit_error: Option<String>,
    /// The periodic tasks' statistics after the last one ran, for the profiler.
    pub task_stats: SchedulerStats,
    /// Set when something changed what the page shows outside a user action.
    pub stale: bool,
}

impl PageState {
    /// The state of a page opened at the address whose query string is `query`.
    pub fn new(query: String, project: ProjectHandle) -> PageState {
        let role = PageRole::from_query(&query);
        let session = PageSession::for_page(&role, &query);
        let mut stage = Stage::new(&query, session.device.is_none());
        if matches!(role, PageRole::Projector(_)) && high_contrast_kept() {
            stage.set_high_contrast(true, &project);
        }
        let crashed = super::crash_guard::died_while_running();
        let run = Run::new(crate::panels::performance_micros, crashed, stage.is_demo());
        PageState {
            run,
            stage,
            project,
            query,
            role,
            session,
            readouts: Readouts::default(),
            map: MapTool::default(),
            map_error: None,
            class_run: None,
            class_run_failed: None,
            run_kept: Callback::noop(),
        }
    }

    /// Draws the stage, with a student's marks over it.
    pub fn draw(&mut self) {
        let marks = self.session.marks(&self.run, &self.project);
        let names = names(&self.class_run, &self.session);
        if let Some(ctx) = self.stage.draw(&self.run, names, &marks) {
            self.session.draw_marks(&ctx, self.stage.view(), &marks);
        }
    }

    /// What every user action that changed the run ends with: the tick and the hash shown
    /// again, the stage drawn, fresh readouts for the inspector and the panels.
    pub fn after_action(&mut self) {
        self.session.hash_stale = true;
        self.stage.show_tick(&self.run);
        self.draw();
        self.inspect();
    }

    /// Takes fresh readouts for the inspector and the panels.
    pub fn inspect(&mut self) {
        self.refresh_inspection();
        self.refresh_panels();
    }

    /// A fresh readout for the inspector.
    pub fn refresh_inspection(&mut self) {
        let error = self.readouts.edit_error.clone();
        let names = names(&self.class_run, &self.session);
        self.readouts.inspection = Rc::new(self.run.inspection(error, names));
    }

    /// A fresh readout for the log and profiler panels and the widgets.
    pub fn refresh_panels(&mut self) {
        let mut panels = self.run.panels();
        panels.tasks = self.readouts.task_stats.clone();
        self.readouts.panels = Rc::new(panels);
        self.refresh_widgets();
    }

    /// Takes what the model's widgets show; true when it changed.
    pub fn refresh_widgets(&mut self) -> bool {
        self.readouts.widgets_at = self.project.revision();
        let run = &self.run;
        let shown = self.project.with(|c| {
            c.map(|c| run.widget_values(&c.project.widgets))
                .unwrap_or_default()
        });
        if *self.readouts.widgets == shown {
            return false;
        }
        self.readouts.widgets = Rc::new(shown);
        true
    }

    /// Whether the widgets were taken at an older revision of the project.
    pub fn widgets_behind(&self) -> bool {
        self.project.revision() != self.readouts.widgets_at
    }

    /// Starts the graphs afresh (a new or reset model) with a sample of the initial state.
    pub fn restart_series(&mut self) {
        self.readouts.series = Rc::default();
        self.run.sample(&mut self.readouts.series);
    }

    /// After a device took the class model from a snapshot: the graphs keep what they drew
    /// up to the snapshot's moment (a student's change applied, a resync), so the class
    /// screen's curves go on; they start afresh when the run went back to its start.
    pub fn follow_series(&mut self) {
        let time = self.run.time().to_f64();
        if self
            .readouts
            .series
            .samples
            .first()
            .is_none_or(|s| time <= s.time)
        {
            self.restart_series();
            return;
        }
        let series = Rc::make_mut(&mut self.readouts.series);
        series.show_until(time);
        series.drop_ahead();
        self.run.sample(&mut self.readouts.series);
    }

    /// Whether the model shown is running: the clock, or on a device the teacher's.
    pub fn model_running(&self) -> bool {
        self.session
            .device_playing()
            .unwrap_or_else(|| self.run.running())
    }

    /// The run started afresh in another way than a frame's sync (a reset, a replayed run of
    /// an experiment, a kept state): a drag ends and the graphs start again.
    pub fn after_restart(&mut self) {
        self.stage.started_over(&self.run);
        self.restart_series();
    }
}

/// Whose characters are whose on this page: as a class run's file has them on its replay
/// page, else as the live session says.
fn names<'a>(class_run: &'a Option<ClassRunView>, session: &'a PageSession) -> &'a PuppetNames {
    match class_run {
        Some(run) => &run.names,
        None => session.names(),
    }
}

/// The page's parts' one way to [`PageState`]: clones share it, and each change made through
/// the handle tells the app shell, which hands every part a handle of the next revision so
/// they show it. A borrow lasts only as long as one action; an action asked for while
/// another holds the state is dropped with a console warning rather than a panic.
#[derive(Clone)]
pub struct PageHandle {
    state: Rc<RefCell<PageState>>,
    revision: u64,
    changed: Callback<()>,
}

impl PartialEq for PageHandle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.state, &other.state) && self.revision == other.revision
    }
}

/// A page handle for a part that only acts on the page and reads what it shows from its
/// own props: equal to any handle of the same page, so a new revision alone does not render
/// the part again.
#[derive(Clone)]
pub struct ActingHandle(pub PageHandle);

impl PartialEq for ActingHandle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0.state, &other.0.state)
    }
}

impl PageHandle {
    /// A handle to `state`; every change made through it is told to `changed`.
    pub fn new(state: PageState, changed: Callback<()>) -> PageHandle {
        PageHandle {
            state: Rc::new(RefCell::new(state)),
            revision: 0,
            changed,
        }
    }

    /// The same state at the next revision: what the shell hands on after a change.
    pub fn next(&self) -> PageHandle {
        PageHandle {
            revision: self.revision.wrapping_add(1),
            ..self.clone()
        }
    }

    /// Reads the state (for a view).
    pub fn read(&self) -> Ref<'_, PageState> {
        self.state.borrow()
    }

    /// Runs `work` on the state unless an action holds it already (the frame loop's way in;
    /// every other change is an action).
    pub fn with_state<T>(&self, work: impl FnOnce(&mut PageState) -> T) -> Option<T> {
        let Ok(mut state) = self.state.try_borrow_mut() else {
            web_sys::console::warn_1(&"Stepwise: an action came while another ran".into());
            return None;
        };
        Some(work(&mut state))
    }

    /// Tells the shell the page shows something new.
    pub fn notify(&self) {
        self.changed.emit(());
    }
}

//! [`PageState`]: what the page's parts share, behind one [`PageHandle`]. The stage area runs
//! it each animation frame; the run controls, the session's parts, the inspector, the widgets,
//! the command line, the map editor and the experiment act on it through the handle, which
//! tells the app shell to show the change. What only one part needs (a drag, a finger on the
//! controller pad, the session panel being open, a widget's error) stays in that part.

use super::projector::high_contrast_kept;
use super::session::PageSession;
use super::stage::Stage;
use crate::browser;
use crate::experiment::Replay;
use crate::inspector::{Edit, Inspection};
use crate::mapedit::MapTool;
use crate::panels::{PanelsSnapshot, Series};
use crate::projects::ProjectHandle;
use crate::session::PageRole;
use crate::widgets::Shown;
use sim_core::{CommandTarget, EntityId, SchedulerStats, StartTarget, Value};
use std::cell::{Ref, RefCell, RefMut};
use std::rc::Rc;
use yew::Callback;

/// The page's shared state: the stage, the session, and the snapshots its panels show.
pub struct PageState {
    /// The clock, the simulation and the canvas's drawing.
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
    pub views: Views,
    /// The map editor's state: open, and the blueprint a click places.
    pub map: MapTool,
    /// Why the last place or move on the stage was refused.
    pub map_error: Option<String>,
    /// On a replay page, the class run shown.
    pub run: Option<super::replay::RunView>,
    /// On a replay page, why its class run could not be opened.
    pub run_failed: Option<String>,
}

/// Snapshots of the model for the panels: taken while it runs by the periodic tasks and after
/// each user action, never while a panel renders.
#[derive(Default)]
pub struct Views {
    /// What the inspector shows.
    pub inspection: Rc<Inspection>,
    /// What the log and profiler panels show, taken with the inspection.
    pub panels: Rc<PanelsSnapshot>,
    /// Counts and Globals sampled once per sim-second, reset with the model.
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
        let mut stage = Stage::new(&query);
        if matches!(role, PageRole::Projector(_)) && high_contrast_kept() {
            stage.set_high_contrast(true, &project);
        }
        PageState {
            stage,
            project,
            query,
            role,
            session,
            views: Views::default(),
            map: MapTool::default(),
            map_error: None,
            run: None,
            run_failed: None,
        }
    }

    /// Draws the stage, with a student's marks over it.
    pub fn draw(&mut self) {
        let marks = self.session.marks(self.stage.model(), &self.project);
        if let Some(ctx) = self.stage.draw(&marks) {
            self.session.draw_marks(&ctx, self.stage.view(), &marks);
        }
    }

    /// What every user action ends with: the tick and the hash shown again, the stage drawn,
    /// fresh snapshots for the inspector and the panels.
    pub fn after_action(&mut self) {
        self.session.hash_stale = true;
        self.stage.show_tick();
        self.draw();
        self.inspect();
    }

    /// Takes fresh snapshots for the inspector and the panels.
    pub fn inspect(&mut self) {
        self.refresh_inspection();
        self.refresh_panels();
    }

    /// A fresh snapshot for the inspector.
    pub fn refresh_inspection(&mut self) {
        let error = self.views.edit_error.clone();
        self.views.inspection = Rc::new(self.stage.model().inspection(error));
    }

    /// A fresh snapshot for the log and profiler panels and the widgets.
    pub fn refresh_panels(&mut self) {
        let mut panels = self.stage.model().panels();
        panels.tasks = self.views.task_stats.clone();
        self.views.panels = Rc::new(panels);
        self.refresh_widgets();
    }

    /// Takes what the model's widgets show; true when it changed.
    pub fn refresh_widgets(&mut self) -> bool {
        self.views.widgets_at = self.project.revision();
        let model = self.stage.model();
        let shown = self.project.with(|c| {
            c.map(|c| model.widget_values(&c.project.widgets))
                .unwrap_or_default()
        });
        if *self.views.widgets == shown {
            return false;
        }
        self.views.widgets = Rc::new(shown);
        true
    }

    /// Whether the widgets were taken at an older revision of the project.
    pub fn widgets_behind(&self) -> bool {
        self.project.revision() != self.views.widgets_at
    }

    /// Starts the graphs afresh (a new or reset model) with a sample of the initial state.
    pub fn restart_series(&mut self) {
        self.views.series = Rc::default();
        self.stage.model().sample(&mut self.views.series);
    }

    /// After a device took the class model from a snapshot: the graphs keep what they drew
    /// up to the snapshot's moment (a student's change applied, a resync), so the class
    /// screen's curves go on; they start afresh when the run went back to its start.
    pub fn follow_series(&mut self) {
        let time = self.stage.model().time().to_f64();
        if self
            .views
            .series
            .samples
            .first()
            .is_none_or(|s| time <= s.time)
        {
            self.restart_series();
            return;
        }
        let series = Rc::make_mut(&mut self.views.series);
        series.show_until(time);
        series.drop_ahead();
        self.stage.model().sample(&mut self.views.series);
    }

    /// Whether the model shown is running: the clock, or on a device the teacher's.
    pub fn model_running(&self) -> bool {
        self.session
            .device_playing()
            .unwrap_or_else(|| self.stage.running())
    }

    /// Pauses and goes back to the model's starting state.
    pub fn reset(&mut self) {
        self.stage.reset();
        self.restart_series();
    }

    /// Shows tick `tick` of the run again, paused: the stage, the inspector and the graphs
    /// as they were then.
    pub fn seek(&mut self, tick: u64) {
        match self.stage.seek(&self.project, tick) {
            Ok(time) => {
                Rc::make_mut(&mut self.views.series).show_until(time.to_f64());
                self.inspect();
                self.views.stale = true;
                self.draw();
            }
            Err(why) => self.project.post_note(why),
        }
    }

    /// Replays a run of an experiment on the stage.
    pub fn replay(&mut self, run: Replay) {
        let model = self.stage.model_mut();
        model.replay(&self.project, run.starting, run.seed, run.label);
        self.after_restart();
    }

    /// Back from a replayed run to the model as it starts by itself.
    pub fn end_replay(&mut self) {
        self.stage.model_mut().end_replay(&self.project);
        self.after_restart();
    }

    /// After the stage's model started afresh in another way than a reset (a replayed run of
    /// an experiment, or back from one).
    fn after_restart(&mut self) {
        self.stage.restarted();
        self.restart_series();
    }

    /// Selects this agent alone (a click in the agent list).
    pub fn select(&mut self, agent: EntityId) {
        self.views.edit_error = None;
        self.stage.model_mut().select(agent, false);
    }

    /// Applies a prop edit from the inspector (its error shows there).
    pub fn edit(&mut self, edit: &Edit) {
        self.views.edit_error = self.stage.model_mut().edit(edit).err();
    }

    /// The project's widget `index`.
    fn widget(&self, index: usize) -> Option<sim_core::WidgetDef> {
        self.project
            .with(|c| c.and_then(|c| c.project.widgets.get(index).cloned()))
    }

    /// A slider, switch or chooser set its prop; why not, named by the widget's label.
    pub fn set_widget(&mut self, index: usize, value: Value) -> Result<(), String> {
        let Some(widget) = self.widget(index) else {
            return Ok(());
        };
        StartTarget::parse(&widget.target)
            .and_then(|target| self.stage.model_mut().set_value(&target, value))
            .map(|_| ())
            .map_err(|why| format!("{}: {why}", widget.shown_label()))
    }

    /// A widget button runs its line as the model or as a blueprint's agents.
    pub fn press_widget(&mut self, index: usize) -> Result<(), String> {
        let Some(widget) = self.widget(index) else {
            return Ok(());
        };
        let target = match widget.target.trim() {
            "" | "model" | "Global" => CommandTarget::Model,
            blueprint => CommandTarget::Blueprint(blueprint.to_string()),
        };
        self.stage
            .model_mut()
            .run_command(&target, &widget.script)
            .map(|_| ())
            .map_err(|why| format!("{}: {why}", widget.shown_label()))
    }

    /// Sends a command from the command line; what became of it.
    pub fn send_command(&mut self, target: &CommandTarget, text: &str) -> Result<String, String> {
        let count = self.stage.model_mut().type_command(target, text)?;
        match target {
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
        }
    }

    /// Opens, closes or retargets the map editor. Opening it pauses and shows the starting
    /// state, the state its edits change; while it is open the page makes room for its panel.
    pub fn set_map_tool(&mut self, tool: MapTool) {
        if tool.open && !self.map.open {
            self.reset();
        }
        self.map_error = None;
        browser::set_root_class("map-editing", tool.open);
        self.map = tool;
    }
}

/// The page's parts' one way to [`PageState`]: clones share it, and each change made through
/// the handle tells the app shell, which hands every part a handle of the next revision so
/// they show it. Borrows last only as long as one action; an action asked for while another
/// holds the state is dropped with a console warning rather than a panic.
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

    /// The state to change, unless an action holds it already.
    pub fn write(&self) -> Option<RefMut<'_, PageState>> {
        let state = self.state.try_borrow_mut();
        if state.is_err() {
            web_sys::console::warn_1(&"Stepwise: an action came while another ran".into());
        }
        state.ok()
    }

    /// Tells the shell the page shows something new.
    pub fn notify(&self) {
        self.changed.emit(());
    }

    /// Runs a user action on the state, then what every action ends with (see
    /// [`PageState::after_action`]), and tells the shell.
    pub fn act<T>(&self, action: impl FnOnce(&mut PageState) -> T) -> Option<T> {
        let done = {
            let mut state = self.write()?;
            let done = action(&mut state);
            state.after_action();
            done
        };
        self.notify();
        Some(done)
    }

    /// A callback that runs `action` with its input as a user action (see
    /// [`PageHandle::act`]).
    pub fn callback<IN: 'static>(
        &self,
        action: impl Fn(&mut PageState, IN) + 'static,
    ) -> Callback<IN> {
        let page = self.clone();
        Callback::from(move |input| {
            page.act(|state| action(state, input));
        })
    }

    /// A callback that runs `action` with its input as a user action and answers what became
    /// of it (an error when another action held the page).
    pub fn asking<IN: 'static, T: 'static>(
        &self,
        action: impl Fn(&mut PageState, IN) -> Result<T, String> + 'static,
    ) -> Callback<IN, Result<T, String>> {
        let page = self.clone();
        Callback::from(move |input| {
            page.act(|state| action(state, input))
                .unwrap_or_else(|| Err("the page was busy; try again".to_string()))
        })
    }
}

//! [`Simulation`]: the one entry point to a running model.
//!
//! It owns the compiled project, the agents, the event loop whose `Repeat` event is the tick
//! (30 per simulation second), the phase machine, one seeded PCG generator, the runtime log
//! and the rounds. The web app and the `stepwise` command use it like this:
//!
//! - make and run: [`Simulation::load`] (every compile error at once), [`Simulation::reset`],
//!   [`Simulation::step`] (one tick), [`Simulation::advance_to`] (every tick due by a time);
//! - read: [`Simulation::time`], [`Simulation::tick_count`], [`Simulation::round`],
//!   [`Simulation::agents`] / [`Simulation::agent`] (borrowed [`AgentView`]s with costume and
//!   graph data), [`Simulation::agent_props`] (inspector rows), [`Simulation::counts`],
//!   [`Simulation::globals`], [`Simulation::log`], [`Simulation::profile`],
//!   [`Simulation::state_hash`];
//! - change (between ticks, through the entity update messages): [`Simulation::set_prop`],
//!   [`Simulation::set_feat_prop`], [`Simulation::move_agent`], selection flags
//!   ([`Simulation::select`], [`Simulation::hover`], [`Simulation::group`],
//!   [`Simulation::set_captive`]), [`Simulation::set_input_mode`],
//!   [`Simulation::create_agent`], [`Simulation::remove_agent`], and a cursor carrying an
//!   agent ([`Simulation::pick_up`], [`Simulation::drop_held`], [`Simulation::held_by`]);
//! - send an agent statements to run in its update, think or exec phase:
//!   [`Simulation::queue_message`];
//! - take edited scripts while running: [`Simulation::hot_swap`].
//!
//! ```
//! use sim_core::project::Project;
//! use sim_core::sim::{tick_time, Simulation};
//!
//! let json = r##"{"id": "demo", "label": "demo", "blueprints": [{"name": "Bee",
//!     "scriptText": "# BLUEPRINT Bee\n# PROGRAM DEFINE\naddProp n Number 0\n# PROGRAM UPDATE\nevery 1 [[\n  prop n add 1\n]]\n"}],
//!     "instances": [{"id": "1", "label": "Buzz", "bpid": "Bee", "initScript": ""}]}"##;
//! let project = Project::from_json(json)?;
//! let mut sim = Simulation::load(&project, 42).expect("the demo compiles");
//! sim.advance_to(tick_time(120)); // four simulation seconds: `every 1` fires on runs 31, 62, 93
//! let bee = sim.lookup("Bee/Buzz").expect("made from the instance");
//! let n = sim.agent_props(bee).unwrap().into_iter().find(|row| row.name == "n").unwrap();
//! assert_eq!(n.value, sim_core::vars::Value::Number(3.0));
//! # Ok::<(), sim_core::project::ProjectError>(())
//! ```

mod command;
mod conditions;
mod controllers;
mod from_here;
mod hash;
mod hot_swap;
mod input;
mod lifecycle;
mod messages;
mod record;
mod snapshot;
mod tick;
mod timeline;
mod values;
mod view;

pub use crate::world::budget::{Overrun, MAX_TICK_WORK};
pub use crate::world::dialogs::{Dialog, MAX_DIALOGS, MAX_DIALOG_CHARS};
pub use crate::world::rounds::{RoundInfo, RoundPhase};
pub use crate::world::starting::{StartTarget, Starting};
pub use crate::world::{Profile, MAX_AGENTS, TICKS_PER_SECOND};
pub use command::{CommandError, CommandTarget, MAX_COMMAND_CHARS, MAX_WAITING_COMMANDS};
pub use conditions::MAX_PAIRS_PER_RULE;
pub use controllers::{
    is_controllable, parse_frame_log, InputFrame, InputRefusal, Marker, CONTROLLABLE_TAG,
    MAX_INPUT_NAME_CHARS, MAX_MARKERS_PER_DEVICE, MAX_MARKERS_PER_TICK, PUPPET_TIMEOUT_TICKS,
};
pub(crate) use hash::bytes_hash;
pub use hot_swap::{SwapError, Swapped};
pub use input::InputError;
pub use messages::MessageError;
pub use record::{replay, Input, InputLog, Logged, MAX_LOGGED_INPUTS};
pub use snapshot::{SnapshotError, MAX_SNAPSHOT_BYTES, SNAPSHOT_VERSION};
pub use tick::tick_time;
pub use timeline::{Timeline, MAX_TIMELINE_SNAPSHOTS, SNAPSHOT_EVERY_TICKS, TIMELINE_BUDGET_BYTES};
pub use view::{AgentView, CostumeView, GraphView, PropEntry, PropGroup, StatusView};

use crate::entity::{EntityId, EntityRegistry};
use crate::event::{EventLoop, Payload};
use crate::exec::loaded::LoadedProject;
use crate::project::Project;
use crate::script::compiler::{compile_project, CompileError, CompiledProject};
use crate::time::SimTime;
use crate::world::log::LogEntry;
use crate::world::{Settings, World};
use std::rc::Rc;

/// Why a project could not be loaded.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadErrors {
    /// Every compile error of every script, with script, line and column.
    Compile(Vec<CompileError>),
    /// The engine could not be set up (the event loop refused its handlers).
    Engine(String),
}

impl std::fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadErrors::Compile(errors) => {
                let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
                write!(f, "{}", lines.join("\n"))
            }
            LoadErrors::Engine(message) => write!(f, "the simulation could not start: {message}"),
        }
    }
}

impl std::error::Error for LoadErrors {}

/// A running model.
pub struct Simulation {
    lp: EventLoop<World>,
    world: World,
    /// The tick, which holds the lowered program it runs ([`Simulation::program`]).
    tick: Rc<tick::TickHandler>,
    /// The project it runs, shared with whoever gave it one to share (a scaled model's
    /// starting agents make it megabytes; see [`Simulation::load`]).
    project: Rc<Project>,
    seed: u64,
    timer: fn() -> u64,
    agent_cap: usize,
    /// The most work one tick may do ([`MAX_TICK_WORK`] unless a test says otherwise).
    work_limit: u64,
    /// The entity the tick event runs for, to schedule the tick again when a round starts.
    clock: EntityId,
    /// The inputs received since the start (see [`record`]).
    inputs: InputLog,
    /// Whether it runs on the reference interpreter ([`Simulation::load_reference`]), kept
    /// across [`Simulation::reset`].
    reference: bool,
    /// Props' starting values ([`Simulation::load_starting`]), kept across a reset.
    starting: Rc<[Starting]>,
}

fn no_timer() -> u64 {
    0
}

impl Simulation {
    /// The world, for the crate's unit tests to look at what the public views leave out.
    #[cfg(test)]
    pub(crate) fn world(&self) -> &World {
        &self.world
    }

    /// The lowered program the ticks run: the one the model was loaded with, or the last
    /// edit swapped in.
    fn program(&self) -> Rc<LoadedProject> {
        Rc::clone(&self.tick.program.borrow())
    }

    /// Compiles `project` and makes its agents, ready for the first tick. Every compile error
    /// of every script is returned, with its script, line and column.
    ///
    /// A borrowed project is copied; an `Rc<Project>` is shared, so a caller that keeps the
    /// project too (the app's editor, a runner restoring snapshots) holds it once.
    pub fn load(project: impl Into<Rc<Project>>, seed: u64) -> Result<Simulation, LoadErrors> {
        Simulation::load_as(project.into(), seed, false, Rc::from([]))
    }

    /// [`Simulation::load`] on the reference interpreter: every statement runs the plain,
    /// slow way (each value evaluated as a tree, each method found by name in its type's
    /// table, each consequent run statement by statement, each rule's pairs found by testing
    /// every agent of its first blueprint against every agent of its second). The engine's
    /// own shortcuts must give the same state and the same log tick after tick; the
    /// differential test (`tests/reference.rs`) checks that on generated models. Not for the
    /// app: it is as slow as it is plain.
    pub fn load_reference(
        project: impl Into<Rc<Project>>,
        seed: u64,
    ) -> Result<Simulation, LoadErrors> {
        Simulation::load_as(project.into(), seed, true, Rc::from([]))
    }

    /// [`Simulation::load`] with props starting at the values `starting` gives them instead
    /// of their scripts' (see `world::starting`): an experiment's run. A value a
    /// prop refuses is logged as a warning.
    pub fn load_starting(
        project: impl Into<Rc<Project>>,
        seed: u64,
        starting: Vec<Starting>,
    ) -> Result<Simulation, LoadErrors> {
        Simulation::load_as(project.into(), seed, false, starting.into())
    }

    fn load_as(
        project: Rc<Project>,
        seed: u64,
        reference: bool,
        starting: Rc<[Starting]>,
    ) -> Result<Simulation, LoadErrors> {
        let program = loaded(compile_project(&project).map_err(LoadErrors::Compile)?);
        let settings = Settings {
            seed,
            timer: no_timer,
            agent_cap: MAX_AGENTS,
            work_limit: MAX_TICK_WORK,
            reference,
            starting: Rc::clone(&starting),
        };
        let (lp, world, clock, tick) =
            build(&project, &program, settings).map_err(LoadErrors::Engine)?;
        Ok(Simulation {
            lp,
            world,
            tick,
            project,
            seed,
            timer: no_timer,
            agent_cap: MAX_AGENTS,
            work_limit: MAX_TICK_WORK,
            clock,
            inputs: InputLog::default(),
            reference,
            starting,
        })
    }

    /// How this run's world is made, for [`Simulation::reset`].
    fn settings(&self) -> Settings {
        Settings {
            seed: self.seed,
            timer: self.timer,
            agent_cap: self.agent_cap,
            work_limit: self.work_limit,
            reference: self.reference,
            starting: Rc::clone(&self.starting),
        }
    }

    /// Sets the timer the profiler reads (any monotonic counter; the web app passes
    /// `performance.now` in microseconds, tests a counter). Sim-core never reads a clock.
    pub fn set_timer(&mut self, timer: fn() -> u64) {
        self.timer = timer;
        self.world.set_timer(timer);
    }

    /// Sets the most agents the model may have (at least 1; [`MAX_AGENTS`] by default). Kept
    /// across [`Simulation::reset`], which applies it from the start.
    pub fn set_agent_cap(&mut self, cap: usize) {
        self.agent_cap = cap.max(1);
        self.world.set_agent_cap(self.agent_cap);
    }

    /// Sets the most work one tick may do (see `world::budget`; [`MAX_TICK_WORK`]
    /// by default), from the next tick; kept across [`Simulation::reset`]. Tests use small
    /// limits to reach it quickly.
    pub fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
        self.world.budget = crate::world::budget::Budget::with_limit(limit);
    }

    /// The work the last tick did, as its budget counts it: statements run (as written or
    /// lowered, alike), agents visited by loops and agents made.
    pub fn work_done(&self) -> u64 {
        self.world.budget.spent()
    }

    /// Goes back to the model's initial state with the same seed.
    pub fn reset(&mut self) {
        // The starting agents' init scripts are compiled again: the program keeps none of
        // them once they ran (with thousands of starting agents they are megabytes).
        let program = match compile_project(&self.project) {
            Ok(compiled) => loaded(compiled),
            Err(e) => {
                let at = self.world.origin("simulation", 0, 0);
                let why = format!("reset failed: {} compile errors", e.len());
                self.world.log.warn_once(at, why);
                return;
            }
        };
        // The same steps succeeded in `load`, so they succeed again; if not, the current
        // state is kept and the reason logged.
        match build(&self.project, &program, self.settings()) {
            Ok((lp, world, clock, tick)) => {
                self.lp = lp;
                self.world = world;
                self.clock = clock;
                self.tick = tick;
                self.inputs = InputLog::default();
            }
            Err(e) => {
                let at = self.world.origin("simulation", 0, 0);
                self.world.log.warn_once(at, format!("reset failed: {e}"));
            }
        }
    }

    /// Where the run stopped at a tick's work budget (see `world::budget`), if it
    /// did: no tick runs until [`Simulation::go_on`]. The log has it as a runtime error at
    /// the statement that went past the budget.
    pub fn stopped(&self) -> Option<&Overrun> {
        self.world.halted.as_ref()
    }

    /// Lets a run that [stopped](Simulation::stopped) at a tick's budget go on from the next
    /// tick (Play after the notice). Recorded in the input log, so a replay and a session's
    /// other screens go on at the same tick. False, and nothing changes, when it had not
    /// stopped.
    pub fn go_on(&mut self) -> bool {
        if self.world.halted.take().is_none() {
            return false;
        }
        self.world.budget.renew();
        self.record(Input::GoOn);
        self.schedule_tick("the run could not go on")
    }

    /// Schedules the next tick from the world's time (none while the round waits or is done,
    /// or the run is halted); logs `failing` with the reason when it cannot.
    fn schedule_tick(&mut self, failing: &str) -> bool {
        let scheduled = self.lp.create_event_by_name(
            tick::TICK_HANDLER,
            self.clock,
            &self.world,
            self.world.time,
            Payload::new(),
        );
        if let Err(e) = scheduled {
            let at = self.world.origin("simulation", 0, 0);
            self.world.log.warn_once(at, format!("{failing}: {e}"));
            return false;
        }
        true
    }

    /// Prepares the next round once the current one is over, as GEMSTEP's *Next round*:
    /// its init script runs and its intro is shown, and ticks run again from the next
    /// [`Simulation::step`] or [`Simulation::advance_to`]. False (and nothing changes) while
    /// a round runs or when all rounds are done.
    pub fn next_round(&mut self) -> bool {
        if self.world.round().phase != RoundPhase::Over {
            return false;
        }
        let loops = self.world.stage().rounds_can_loop;
        let Some(next) = self.world.round().next(self.world.rounds().len(), loops) else {
            return false;
        };
        self.world.budget.renew();
        let program = self.program();
        tick::start_round(&mut self.world, &program, Some(next));
        lifecycle::flush(&mut self.world, &program, &mut self.lp);
        self.world.halt_if_over();
        self.record(Input::NextRound);
        self.schedule_tick("the next round could not start")
    }

    /// Runs to tick `until` as a teacher who starts each next round the moment one ends
    /// would: the headless runs (`stepwise run`, the determinism test's WASM runner) use it,
    /// so both play rounds alike. Stops early when all rounds are done.
    pub fn play_rounds_to(&mut self, until: u64) {
        loop {
            self.advance_to(tick_time(until));
            let over = self.world.round().phase == RoundPhase::Over;
            if !(over && self.world.tick < until && self.next_round()) {
                return;
            }
        }
    }

    /// Every compile warning of the blueprints (what GEMSTEP runs but quietly ignores),
    /// with its script, line and column; each is also in the log from the start.
    pub fn warnings(&self) -> Vec<CompileError> {
        self.program()
            .project
            .blueprints
            .iter()
            .flat_map(|b| b.warnings.iter().cloned())
            .collect()
    }

    /// What the model showed the class (`showMessage`, round intros and outros), oldest
    /// first; the last [`MAX_DIALOGS`] are kept.
    pub fn dialogs(&self) -> &[Dialog] {
        self.world.dialogs().list()
    }

    /// Runs exactly one tick (if a round is running).
    pub fn step(&mut self) {
        let next = tick_time(self.world.tick + 1);
        self.advance_to(next);
    }

    /// Runs every tick due up to `t`, through the event loop. Answers whether anything ran
    /// (an event, or a failure that was logged): only then can the state differ, so a stage
    /// that is paused need not look at the agents again.
    pub fn advance_to(&mut self, t: SimTime) -> bool {
        match self.lp.reach_time(t, &mut self.world) {
            Ok(ran) => ran > 0,
            Err(e) => {
                let at = self.world.origin("simulation", 0, 0);
                self.world
                    .log
                    .warn_once(at, format!("the event loop stopped: {e}"));
                true
            }
        }
    }

    /// Simulation time of the last tick run.
    pub fn time(&self) -> SimTime {
        self.world.time
    }

    /// How many ticks have run.
    pub fn tick_count(&self) -> u64 {
        self.world.tick
    }

    /// The current round, its time left and texts, and whether ticks run, wait for
    /// [`Simulation::next_round`] or are done.
    pub fn round(&self) -> RoundInfo {
        self.world
            .round()
            .info(self.world.rounds(), self.world.tick)
    }

    /// The runtime log: script errors (once per source line) and debug lines.
    pub fn log(&self) -> &[LogEntry] {
        self.world.log.entries()
    }

    /// Time spent per blueprint and per `when` rule, in the injected timer's units.
    pub fn profile(&self) -> &Profile {
        self.world.profile()
    }

    /// The blueprint names, in project order (the order of [`Profile::blueprints`]).
    pub fn blueprint_names(&self) -> Vec<String> {
        (0..self.world.blueprints.count())
            .map(|i| self.world.blueprints.name(i).to_string())
            .collect()
    }

    /// Whether the model has a blueprint called `name`.
    pub fn has_blueprint(&self, name: &str) -> bool {
        self.world.blueprints.index(name).is_some()
    }

    /// Each `when` rule as `Blueprint: A test B` (the order of [`Profile::rules`]).
    pub fn rules(&self) -> Vec<String> {
        let program = self.program();
        let rules = program.rules.iter();
        rules
            .map(|r| format!("{}: {}", r.script, r.described))
            .collect()
    }

    /// Every visible agent in a stable order, as views for the renderer and inspector.
    pub fn agents(&self) -> impl Iterator<Item = AgentView<'_>> {
        self.world
            .visible_agents()
            .map(move |agent| AgentView::new(agent, &self.world))
    }

    /// One agent's view.
    pub fn agent(&self, id: EntityId) -> Option<AgentView<'_>> {
        self.world
            .agents
            .get(id)
            .filter(|a| !a.system)
            .map(|a| AgentView::new(a, &self.world))
    }

    /// How many agents of each blueprint exist (project order).
    pub fn counts(&self) -> Vec<(String, usize)> {
        let mut counts = vec![0usize; self.world.blueprints.count()];
        for agent in self.world.visible_agents() {
            if let Some(c) = counts.get_mut(agent.blueprint) {
                *c += 1;
            }
        }
        counts
            .into_iter()
            .enumerate()
            .map(|(i, c)| (self.world.blueprints.name(i).to_string(), c))
            .collect()
    }

    /// The value of the added prop `prop` of the first agent of `blueprint` that has it (what
    /// a slider bound to the blueprint's prop shows).
    pub fn prop_value(&self, blueprint: &str, prop: &str) -> Option<crate::vars::Value> {
        let bp = self.world.blueprints.index(blueprint)?;
        let agents = &self.world.agents;
        self.world
            .visible_agents()
            .filter(|a| a.blueprint == bp)
            .find_map(|a| agents.prop(&a, prop))
            .map(crate::vars::GVar::value)
    }

    /// How many agents of `blueprint` exist (none of a blueprint the model lacks).
    pub fn count_of(&self, blueprint: &str) -> usize {
        let bp = self.world.blueprints.index(blueprint);
        self.world
            .visible_agents()
            .filter(|a| Some(a.blueprint) == bp)
            .count()
    }

    /// The value of the Global prop `name`, once a script has made it.
    pub fn global(&self, name: &str) -> Option<crate::vars::Value> {
        self.world.global(name).map(crate::vars::GVar::value)
    }

    /// The Global props and their values, in the order they were added.
    pub fn globals(&self) -> Vec<(String, crate::vars::Value)> {
        self.world
            .globals
            .list()
            .iter()
            .map(|(n, v)| (n.clone(), v.value()))
            .collect()
    }

    /// The number each agent of `blueprint` holds in its prop `prop`, added or built in
    /// (agents without it, or whose value is not a number, give none), in slot order: what
    /// an experiment's `mean Fish.energy` or `mean Fish.x` averages.
    pub fn prop_numbers<'s>(
        &'s self,
        blueprint: &str,
        prop: &'s str,
    ) -> impl Iterator<Item = f64> + 's {
        let bp = self.world.blueprints.index(blueprint);
        let agents = &self.world.agents;
        self.world
            .visible_agents()
            .filter(move |a| Some(a.blueprint) == bp)
            .filter_map(move |a| match agents.prop(&a, prop) {
                Some(crate::vars::GVar::Number(n)) => Some(n.value()).filter(|v| !v.is_nan()),
                Some(var) => var.value().as_number(),
                // A built-in prop (`x`, `alpha`...) is a field of the agent, not an added prop.
                None => agents.builtin(a, prop)?.as_number(),
            })
    }

    /// The agent named `Blueprint/name`.
    pub fn lookup(&self, path: &str) -> Option<EntityId> {
        self.world.registry().lookup_entity(path).ok()
    }

    /// A stable hash of the whole simulation state: time, tick, every agent's props and the
    /// generator's state. Equal on every platform for equal runs.
    pub fn state_hash(&self) -> u64 {
        hash::state_hash(&self.world)
    }
}

/// What [`build`] makes: the event loop, the world, the tick's entity and the tick.
type Built = (EventLoop<World>, World, EntityId, Rc<tick::TickHandler>);

/// A fresh event loop and world for `project`: agents made, first round prepared, the tick
/// scheduled; with the entity the tick runs for.
fn build(
    project: &Project,
    program: &Rc<LoadedProject>,
    settings: Settings,
) -> Result<Built, String> {
    let (mut lp, registry) = new_loop()?;
    let mut world = World::new(project, &program.names, settings, registry);
    world.note_warnings(&program.project.blueprints);
    lifecycle::populate(&mut world, program, &project.instances, &mut lp)?;
    let clock = lp.spawn_entity().map_err(|e| e.to_string())?;
    let tick = start_ticks(&mut lp, &world, clock, program)?;
    Ok((lp, world, clock, tick))
}

/// `compiled` ready to run.
pub(crate) fn loaded(compiled: CompiledProject) -> Rc<LoadedProject> {
    Rc::new(LoadedProject::new(compiled))
}

/// An event loop with the entity messaging handlers and its registry, before any entity.
fn new_loop() -> Result<(EventLoop<World>, EntityRegistry<World>), String> {
    let mut lp = EventLoop::new();
    let registry = EntityRegistry::new(&mut lp, SimTime::ZERO).map_err(|e| e.to_string())?;
    Ok((lp, registry))
}

/// Registers the tick handler, running `program`, and schedules the next tick for `clock`
/// from the world's time (none while the round waits or is done); returns the handler.
fn start_ticks(
    lp: &mut EventLoop<World>,
    world: &World,
    clock: EntityId,
    program: &Rc<LoadedProject>,
) -> Result<Rc<tick::TickHandler>, String> {
    let tick = Rc::new(tick::TickHandler {
        machine: tick::phases(),
        scratch: Default::default(),
        program: std::cell::RefCell::new(Rc::clone(program)),
    });
    let handler = lp
        .add_event_handler(Rc::clone(&tick) as Rc<dyn crate::event::EventHandler<World>>)
        .map_err(|e| e.to_string())?;
    lp.create_event(handler, clock, world, world.time, Payload::new())
        .map_err(|e| e.to_string())?;
    Ok(tick)
}

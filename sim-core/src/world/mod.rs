//! The world: everything the tick changes, handed to the event loop as its state.
//!
//! It sits below the code that runs on it: the interpreter ([`crate::exec`]) and the
//! features' methods and tick hooks ([`crate::features`]) read and change it, and
//! [`crate::sim`] orchestrates ticks over it. What it holds lives here too: the blueprints'
//! names, the log, round state, dialogs, the consequents waiting to run and the controller
//! inputs. The lowered program the ticks run ([`crate::exec::loaded`]) is not the world's:
//! the simulation holds it and hands it to what runs it, so nothing here imports the
//! interpreter or the features.

pub(crate) mod blueprints;
pub mod budget;
pub(crate) mod consequents;
pub(crate) mod controls;
pub(crate) mod dialogs;
pub(crate) mod globals;
pub mod log;
mod new_agents;
pub(crate) mod rounds;
pub mod starting;

use crate::agent::{Agent, AgentRef, Agents};
use crate::entity::{EntityId, EntityRegistry};
use crate::project::StageMetadata;
use crate::script::program::Stmt;
use crate::time::SimTime;
use crate::vars::GVar;
use blueprints::Blueprints;
use globals::Globals;
use log::{Log, Origin};
use rand_pcg::Pcg32;
use rounds::RoundState;
use std::rc::Rc;

/// Ticks per simulation second, as in GEMSTEP.
pub const TICKS_PER_SECOND: u32 = 30;

/// The most agents a model may have unless [`crate::sim::Simulation::set_agent_cap`] says
/// otherwise; creations beyond it are refused with a warning, so a runaway `reproduce`
/// cannot freeze the browser.
pub const MAX_AGENTS: usize = 20_000;

/// An agent to make at the end of the current phase.
#[derive(Debug, Clone)]
pub(crate) struct Birth {
    /// Its blueprint.
    pub blueprint: usize,
    /// Where it starts.
    pub at: (f64, f64),
    /// A parent whose props and features it copies (`spawnChild`, `reproduce`).
    pub parent: Option<EntityId>,
    /// Statements it runs after its blueprint's define and init.
    pub init: Rc<[Stmt]>,
    /// Which script the init statements come from, for the log.
    pub script: Rc<str>,
    /// A feature prop to change a little in the child: (feature, prop, most added, most
    /// subtracted).
    pub mutation: Option<(String, String, f64, f64)>,
}

/// One cursor carrying one character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Hold {
    /// The agent that carries.
    pub cursor: EntityId,
    /// The agent carried.
    pub held: EntityId,
}

/// Time spent per blueprint program and per `when` rule, measured with the injected timer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profile {
    /// Per blueprint (project order): total timer units spent in its programs.
    pub blueprints: Vec<u64>,
    /// Per `when` rule (in [`crate::sim::Simulation::rules`] order): timer units spent testing.
    pub rules: Vec<u64>,
}

/// Everything the tick reads and changes.
///
/// Eight parts are open to the code that runs on the world: the program, the agents, the
/// generator, the log, the Global props, the tick and its time, and the tick's work budget.
/// Every feature and
/// statement reads or changes them, often two at once (an agent and the generator it draws
/// from), which a method borrowing the whole world would forbid. The rest is the world's
/// own bookkeeping, reached through the methods below, so what changes it stays in one
/// place: the queues of births, deaths and script events, rule memory, round state, the
/// cursors' holds, controller frames, the profile and the settings a run was made with.
pub(crate) struct World {
    /// The blueprints' names (the programs they run are the simulation's).
    pub blueprints: Rc<Blueprints>,
    pub agents: Agents,
    pub rng: Pcg32,
    pub log: Log,
    pub globals: Globals,
    pub tick: u64,
    pub time: SimTime,
    /// The work this tick may still do (see [`budget`]).
    pub budget: budget::Budget,
    /// Where the last tick (or the work before the first) went past its budget: no tick
    /// runs until the run is told to go on.
    pub halted: Option<budget::Overrun>,
    stage: StageMetadata,
    rounds: Rc<Vec<crate::project::Round>>,
    registry: EntityRegistry<World>,
    /// Per `when` rule: the pairs in contact last tick, sorted, for a first or last touch
    /// (other rules need no memory and keep none; `when A dies` keeps its dead, paired with
    /// themselves).
    touching: Vec<Vec<(EntityId, EntityId)>>,
    births: Vec<Birth>,
    deaths: Vec<EntityId>,
    round: RoundState,
    /// Script events raised since the last conditions phase, in order (see
    /// [`World::raise`]).
    pending_events: Vec<crate::script::program::SimEvent>,
    /// What the model shows the class (`showMessage`, round intros and outros).
    dialogs: dialogs::Dialogs,
    profile: Profile,
    timer: fn() -> u64,
    /// The hidden agent that runs the rounds.
    system: Option<EntityId>,
    /// Counts the agents named so far, for the names of new ones.
    serial: u64,
    /// A value stack kept between runners (see [`crate::exec::Runner`]).
    spare_stack: Vec<crate::vars::Value>,
    /// The most agents (see [`MAX_AGENTS`]).
    agent_cap: usize,
    /// Which cursor carries which character (see [`crate::features::cursor`]).
    holds: Vec<Hold>,
    /// Per [`crate::agent::QueuePhase`] (update, think, exec): whether a message was sent to
    /// that phase's queues since its last pass, so the tick skips a pass over every agent when
    /// nobody sent anything.
    messages_sent: [bool; 3],
    /// The consequents of `when` rules that passed this tick, run in the exec phase (empty
    /// between ticks).
    consequents: consequents::Consequents,
    /// Controller frames waiting for the next tick, and the puppets they drive.
    controls: controls::Controls,
    /// Runs every statement and rule the plain way (see [`crate::sim::Simulation::load_reference`]).
    reference: bool,
    /// Why the last change the UI sent an agent was refused, kept until the sender takes it
    /// (see [`World::refuse`]): the change travels as an entity update, whose handler has no
    /// way to answer the sender.
    refused: Option<String>,
    /// Props that start at a value the run was given (see [`starting`]).
    starting: Rc<[starting::Starting]>,
}

/// What a snapshot keeps of the world's own bookkeeping besides its agents and names (see
/// [`World::save`] and [`World::restore`]).
pub(crate) struct Saved {
    pub tick: u64,
    pub time: SimTime,
    pub rng: Pcg32,
    pub system: Option<EntityId>,
    pub globals: Globals,
    pub touching: Vec<Vec<(EntityId, EntityId)>>,
    pub round: RoundState,
    pub pending_events: Vec<crate::script::program::SimEvent>,
    pub dialogs: dialogs::Dialogs,
    pub serial: u64,
    pub holds: Vec<Hold>,
    pub messages_sent: [bool; 3],
    pub controls: controls::Controls,
}

/// How long the queues of births and deaths were at [`World::queued`], to cut them back to.
#[derive(Clone, Copy)]
pub(crate) struct Queued {
    births: usize,
    deaths: usize,
}

/// How a world is made: what [`World::new`] needs besides the project.
pub(crate) struct Settings {
    /// Seeds the generator.
    pub seed: u64,
    /// The profiler's timer (see [`crate::sim::Simulation::set_timer`]).
    pub timer: fn() -> u64,
    /// The most agents.
    pub agent_cap: usize,
    /// The most work a tick may do (see [`budget`]).
    pub work_limit: u64,
    /// Runs everything the plain way.
    pub reference: bool,
    /// Starting values given to props (see [`starting`]).
    pub starting: Rc<[starting::Starting]>,
}

impl World {
    /// A world with no agents yet, at tick 0, of `project` with blueprints `blueprints`,
    /// whose names `registry` keeps.
    pub(crate) fn new(
        project: &crate::project::Project,
        blueprints: &Rc<Blueprints>,
        settings: Settings,
        registry: EntityRegistry<World>,
    ) -> World {
        use rand_core::SeedableRng;
        World {
            blueprints: Rc::clone(blueprints),
            agents: Agents::default(),
            rng: Pcg32::seed_from_u64(settings.seed),
            log: Log::default(),
            globals: Globals::default(),
            tick: 0,
            time: SimTime::ZERO,
            budget: budget::Budget::with_limit(settings.work_limit),
            halted: None,
            stage: project.metadata.clone(),
            rounds: Rc::new(project.rounds.clone()),
            registry,
            touching: Vec::new(),
            births: Vec::new(),
            deaths: Vec::new(),
            round: RoundState::default(),
            pending_events: Vec::new(),
            dialogs: dialogs::Dialogs::default(),
            profile: Profile::default(),
            timer: settings.timer,
            system: None,
            serial: 0,
            spare_stack: Vec::new(),
            agent_cap: settings.agent_cap,
            holds: Vec::new(),
            messages_sent: [false; 3],
            consequents: consequents::Consequents::default(),
            controls: controls::Controls::default(),
            reference: settings.reference,
            refused: None,
            starting: settings.starting,
        }
    }

    /// A copy of what a snapshot keeps of the world besides its agents and names.
    pub(crate) fn save(&self) -> Saved {
        Saved {
            tick: self.tick,
            time: self.time,
            rng: self.rng.clone(),
            system: self.system,
            globals: self.globals.clone(),
            touching: self.touching.clone(),
            round: self.round.clone(),
            pending_events: self.pending_events.clone(),
            dialogs: self.dialogs.clone(),
            serial: self.serial,
            holds: self.holds.clone(),
            messages_sent: self.messages_sent,
            controls: self.controls.clone(),
        }
    }

    /// Puts back what [`World::save`] copied.
    pub(crate) fn restore(&mut self, saved: Saved) {
        self.tick = saved.tick;
        self.time = saved.time;
        self.rng = saved.rng;
        self.system = saved.system;
        self.globals = saved.globals;
        self.touching = saved.touching;
        self.round = saved.round;
        self.pending_events = saved.pending_events;
        self.dialogs = saved.dialogs;
        self.serial = saved.serial;
        self.holds = saved.holds;
        self.messages_sent = saved.messages_sent;
        self.controls = saved.controls;
    }

    /// The stage: its bounds, wrapping and bouncing, and whether rounds loop.
    pub fn stage(&self) -> &StageMetadata {
        &self.stage
    }

    /// The project's rounds.
    pub fn rounds(&self) -> &Rc<Vec<crate::project::Round>> {
        &self.rounds
    }

    /// Where the rounds are.
    pub(crate) fn round(&self) -> &RoundState {
        &self.round
    }

    /// Where the rounds are, to move them on.
    pub(crate) fn round_mut(&mut self) -> &mut RoundState {
        &mut self.round
    }

    /// The names of the agents, and the entities they are.
    pub(crate) fn registry(&self) -> &EntityRegistry<World> {
        &self.registry
    }

    /// The names of the agents, to add or remove one.
    pub(crate) fn registry_mut(&mut self) -> &mut EntityRegistry<World> {
        &mut self.registry
    }

    /// The hidden agent that runs the rounds, once made.
    pub fn system(&self) -> Option<EntityId> {
        self.system
    }

    /// Makes `id` the hidden agent that runs the rounds.
    pub(crate) fn set_system(&mut self, id: EntityId) {
        self.system = Some(id);
    }

    /// How many agents have been named so far: the number in a new agent's name.
    pub(crate) fn serial(&self) -> u64 {
        self.serial
    }

    /// Counts one more agent named.
    pub(crate) fn count_named(&mut self) {
        self.serial += 1;
    }

    /// The most agents the model may have.
    pub fn agent_cap(&self) -> usize {
        self.agent_cap
    }

    /// Changes the most agents the model may have.
    pub(crate) fn set_agent_cap(&mut self, cap: usize) {
        self.agent_cap = cap;
    }

    /// Whether everything runs the plain way (the reference interpreter).
    pub fn reference(&self) -> bool {
        self.reference
    }

    /// The profiler's timer, read now.
    pub(crate) fn now(&self) -> u64 {
        (self.timer)()
    }

    /// Changes the profiler's timer.
    pub(crate) fn set_timer(&mut self, timer: fn() -> u64) {
        self.timer = timer;
    }

    /// Time spent per blueprint and per rule.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// Time spent per blueprint and per rule, to add to.
    pub(crate) fn profile_mut(&mut self) -> &mut Profile {
        &mut self.profile
    }

    /// Moves each blueprint's profile time to its new index (`remap[old] = new`).
    pub(crate) fn carry_profile(&mut self, remap: &[usize], count: usize) {
        let mut times = vec![0; count];
        for (old, &new) in remap.iter().enumerate() {
            let time = self.profile().blueprints.get(old);
            if let (Some(slot), Some(time)) = (times.get_mut(new), time) {
                *slot = *time;
            }
        }
        self.profile_mut().blueprints = times;
    }

    /// What the model shows the class.
    pub(crate) fn dialogs(&self) -> &dialogs::Dialogs {
        &self.dialogs
    }

    /// Shows `text` to the class.
    pub(crate) fn show(&mut self, text: &str) {
        self.dialogs.show(text);
    }

    /// The cursors' holds.
    pub(crate) fn holds(&self) -> &[Hold] {
        &self.holds
    }

    /// The cursors' holds, to take or let go of a character.
    pub(crate) fn holds_mut(&mut self) -> &mut Vec<Hold> {
        &mut self.holds
    }

    /// Controller frames waiting, and the puppets they drive.
    pub(crate) fn controls(&self) -> &controls::Controls {
        &self.controls
    }

    /// Controller frames waiting, and the puppets they drive, to add or apply one.
    pub(crate) fn controls_mut(&mut self) -> &mut controls::Controls {
        &mut self.controls
    }

    /// The consequents waiting for the exec phase.
    pub(crate) fn consequents_mut(&mut self) -> &mut consequents::Consequents {
        &mut self.consequents
    }

    /// Makes room for the memory and profile of `count` rules.
    pub(crate) fn fit_rules(&mut self, count: usize) {
        if self.touching.len() < count {
            self.touching.resize_with(count, Vec::new);
        }
        if self.profile.rules.len() < count {
            self.profile.rules.resize(count, 0);
        }
    }

    /// Rule `index`'s memory of last tick's pairs in contact.
    pub(crate) fn touching_mut(&mut self, index: usize) -> Option<&mut Vec<(EntityId, EntityId)>> {
        self.touching.get_mut(index)
    }

    /// Forgets every remembered contact of the agent whose index is `index` (GEMSTEP's
    /// `clearTouches`).
    pub(crate) fn forget_touches_of(&mut self, index: f64) {
        for pairs in &mut self.touching {
            pairs.retain(|(a, b)| f64::from(a.index()) != index && f64::from(b.index()) != index);
        }
    }

    /// Sets each rule's memory and profile time, by rule (a hot swap moves them).
    pub(crate) fn set_rule_memory(
        &mut self,
        touching: Vec<Vec<(EntityId, EntityId)>>,
        times: Vec<u64>,
    ) {
        self.touching = touching;
        self.profile.rules = times;
    }

    /// Takes rule `index`'s memory, leaving it empty.
    pub(crate) fn take_touching(&mut self, index: usize) -> Vec<(EntityId, EntityId)> {
        self.touching
            .get_mut(index)
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// The births queued for the end of the phase.
    pub(crate) fn births(&self) -> &[Birth] {
        &self.births
    }

    /// Queues a birth for the end of the phase.
    pub(crate) fn queue_birth(&mut self, birth: Birth) {
        self.births.push(birth);
    }

    /// Takes the births queued so far, for the end of a phase.
    pub(crate) fn take_births(&mut self) -> Vec<Birth> {
        std::mem::take(&mut self.births)
    }

    /// Takes the removals queued so far, for the end of a phase.
    pub(crate) fn take_deaths(&mut self) -> Vec<EntityId> {
        std::mem::take(&mut self.deaths)
    }

    /// How long the queues of births and deaths are now.
    pub(crate) fn queued(&self) -> Queued {
        Queued {
            births: self.births.len(),
            deaths: self.deaths.len(),
        }
    }

    /// Drops the births and deaths queued since `queued`.
    pub(crate) fn unqueue_since(&mut self, queued: Queued) {
        self.births.truncate(queued.births);
        self.deaths.truncate(queued.deaths);
    }

    /// Takes the script events raised since the last conditions phase.
    pub(crate) fn take_events(&mut self) -> Vec<crate::script::program::SimEvent> {
        std::mem::take(&mut self.pending_events)
    }

    /// Gives back the buffer [`World::take_events`] took, emptied, to raise events into.
    pub(crate) fn return_events(&mut self, mut buffer: Vec<crate::script::program::SimEvent>) {
        buffer.clear();
        if self.pending_events.is_empty() {
            self.pending_events = buffer;
        }
    }

    /// Raises a script event for the next conditions phase (GEMSTEP's script event queue).
    /// Only the engine raises events, a few per tick at most.
    pub(crate) fn raise(&mut self, event: crate::script::program::SimEvent) {
        self.pending_events.push(event);
    }

    /// A value stack to run on, kept from an earlier runner so it needs no allocation.
    #[inline]
    pub(crate) fn take_stack(&mut self) -> Vec<crate::vars::Value> {
        std::mem::take(&mut self.spare_stack)
    }

    /// Keeps `stack`, emptied, for the next runner if it is larger than the one kept (on
    /// every run of a program, so inlined: a call costs more than the test).
    #[inline]
    pub(crate) fn keep_stack(&mut self, stack: &mut Vec<crate::vars::Value>) {
        if stack.capacity() > self.spare_stack.capacity() {
            stack.clear();
            self.spare_stack = std::mem::take(stack);
        }
    }
}

impl World {
    /// Notes why a change from the UI was refused, for [`World::take_refusal`], and logs it
    /// once at the inspector (a change a script makes is refused the same way).
    pub(crate) fn refuse(&mut self, message: String) {
        let at = self.origin("inspector", 0, 0);
        self.log.warn_once(at, message.clone());
        self.refused = Some(message);
    }

    /// Why the last change from the UI was refused, if it was; taking it clears it.
    pub(crate) fn take_refusal(&mut self) -> Option<String> {
        self.refused.take()
    }

    /// Logs the compile warnings of `blueprints` (what GEMSTEP would quietly ignore), each
    /// once at its place: when a model loads, and when an edit is swapped in.
    pub(crate) fn note_warnings(
        &mut self,
        blueprints: &[crate::script::program::CompiledBlueprint],
    ) {
        for warning in blueprints.iter().flat_map(|b| &b.warnings) {
            let at = self.origin(&warning.script, warning.pos.line, warning.pos.col);
            self.log.warn_once(at, warning.kind.to_string());
        }
    }

    /// Where a log entry about `script` at `line:col` happened.
    pub fn origin<'a>(&self, script: &'a str, line: u32, col: u32) -> Origin<'a> {
        Origin {
            script,
            line,
            col,
            time: self.time,
            tick: self.tick,
        }
    }

    /// The blueprint name of an agent.
    pub fn blueprint_name(&self, agent: &Agent) -> Rc<str> {
        self.blueprints.name(agent.blueprint)
    }

    /// Agents a script or the UI may see (not the hidden round agent), in slot order.
    pub fn visible_agents(&self) -> impl Iterator<Item = AgentRef<'_>> {
        self.agents.iter().filter(|a| !a.system)
    }

    /// A global prop by name, to read.
    pub fn global(&self, name: &str) -> Option<&GVar> {
        self.globals.get(name)
    }

    /// A global prop by name.
    pub fn global_mut(&mut self, name: &str) -> Option<&mut GVar> {
        self.globals.get_mut(name)
    }

    /// The flag of [`World::messages_sent`] for `phase`.
    pub fn messages_sent_mut(&mut self, phase: crate::agent::QueuePhase) -> &mut bool {
        messages_flag(&mut self.messages_sent, phase)
    }

    /// Queues the removal of an agent at the end of the phase.
    pub fn remove_later(&mut self, id: EntityId) {
        if !self.deaths.contains(&id) {
            self.deaths.push(id);
        }
    }
}

/// The flag of `phase` among the three of [`World::messages_sent`].
fn messages_flag(flags: &mut [bool; 3], phase: crate::agent::QueuePhase) -> &mut bool {
    use crate::agent::QueuePhase;
    let [update, think, exec] = flags;
    match phase {
        QueuePhase::Update => update,
        QueuePhase::Think => think,
        QueuePhase::Exec => exec,
    }
}

/// Whether two names are the same text, compared eight bytes at a time. Names are short, and
/// in a WASM build a call to the library's `memcmp`, which compares byte by byte, costs more
/// than the comparison itself; a consequent looks up its Global prop by name every time.
pub(crate) fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize| {
        s.get(at..at + 8)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map(u64::from_ne_bytes)
    };
    let whole = a.len() - a.len() % 8;
    let mut at = 0;
    while at < whole {
        if word(a, at) != word(b, at) {
            return false;
        }
        at += 8;
    }
    (whole..a.len()).all(|at| a.get(at) == b.get(at))
}

#[cfg(test)]
mod tests {
    use super::same_text;

    #[test]
    fn names_compare_equal_only_when_every_byte_is() {
        for (a, b, same) in [
            ("contacts", "contacts", true),
            ("", "", true),
            ("population size", "population size", true),
            ("contacts", "contactz", false),
            ("population size", "population sizf", false),
            ("Apopulation size", "Bpopulation size", false),
            ("abc", "abcd", false),
            ("é", "e\u{301}", false),
        ] {
            assert_eq!(same_text(a, b), same, "{a} {b}");
            assert_eq!(same_text(a, b), a == b, "{a} {b}");
        }
    }
}

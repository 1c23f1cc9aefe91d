//! The world: everything the tick changes, handed to the event loop as its state.
//!
//! It sits below the code that runs on it: the interpreter and the features' runtime
//! ([`crate::exec`]) read and change it, and [`crate::sim`] orchestrates ticks over it. What
//! it holds lives here too: the compiled program, the log, round state, dialogs, the
//! consequents waiting to run and the controller inputs.

pub(crate) mod consequents;
pub(crate) mod controls;
pub(crate) mod dialogs;
pub mod log;
pub(crate) mod ops;
pub(crate) mod program;
pub(crate) mod rounds;

use crate::agent::{Agent, Agents};
use crate::entity::{EntityId, EntityRegistry};
use crate::project::StageMetadata;
use crate::script::program::Stmt;
use crate::time::SimTime;
use crate::vars::GVar;
use log::{Log, Origin};
use program::Program;
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
pub(crate) struct World {
    pub program: Rc<Program>,
    pub agents: Agents,
    pub rng: Pcg32,
    pub log: Log,
    pub globals: Vec<(String, GVar)>,
    pub tick: u64,
    pub time: SimTime,
    pub stage: StageMetadata,
    pub rounds: Rc<Vec<crate::project::Round>>,
    pub registry: EntityRegistry<World>,
    /// Per `when` rule: the pairs in contact last tick, sorted, for a first or last touch
    /// (other rules need no memory and keep none; `when A dies` keeps its dead, paired with
    /// themselves).
    pub touching: Vec<Vec<(EntityId, EntityId)>>,
    pub births: Vec<Birth>,
    pub deaths: Vec<EntityId>,
    pub round: RoundState,
    /// Script events raised since the last conditions phase, in order (see
    /// [`World::raise`]).
    pub pending_events: Vec<crate::script::program::SimEvent>,
    /// What the model shows the class (`showMessage`, round intros and outros).
    pub dialogs: dialogs::Dialogs,
    pub profile: Profile,
    pub timer: fn() -> u64,
    pub system: Option<EntityId>,
    pub serial: u64,
    /// A value stack kept between runners (see [`crate::exec::Runner`]).
    pub spare_stack: Vec<crate::vars::Value>,
    /// The most agents (see [`MAX_AGENTS`]).
    pub agent_cap: usize,
    /// Which cursor carries which character (see [`crate::exec::features::cursor`]).
    pub holds: Vec<Hold>,
    /// Per [`crate::agent::QueuePhase`] (update, think, exec): whether a message was sent to
    /// that phase's queues since its last pass, so the tick skips a pass over every agent when
    /// nobody sent anything.
    pub messages_sent: [bool; 3],
    /// The consequents of `when` rules that passed this tick, run in the exec phase (empty
    /// between ticks).
    pub consequents: consequents::Consequents,
    /// Controller frames waiting for the next tick, and the puppets they drive.
    pub controls: controls::Controls,
    /// Runs every statement and rule the plain way (see [`crate::sim::Simulation::load_reference`]).
    pub reference: bool,
    /// Why the last change the UI sent an agent was refused, kept until the sender takes it
    /// (see [`World::refuse`]): the change travels as an entity update, whose handler has no
    /// way to answer the sender.
    pub refused: Option<String>,
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

    /// Logs the compile warnings of `program` (what GEMSTEP would quietly ignore), each once
    /// at its place: when a model loads, and when an edit is swapped in.
    pub(crate) fn note_warnings(&mut self, program: &Program) {
        for warning in program.project.blueprints.iter().flat_map(|b| &b.warnings) {
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
        self.program.name(agent.blueprint)
    }

    /// Agents a script or the UI may see (not the hidden round agent), in slot order.
    pub fn visible_agents(&self) -> impl Iterator<Item = &Agent> {
        self.agents.iter().filter(|a| !a.system)
    }

    /// A global prop by name, to read.
    pub fn global(&self, name: &str) -> Option<&GVar> {
        self.globals
            .iter()
            .find(|(n, _)| same_text(n, name))
            .map(|(_, v)| v)
    }

    /// A global prop by name.
    pub fn global_mut(&mut self, name: &str) -> Option<&mut GVar> {
        global_in(&mut self.globals, name)
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

/// The global prop `name` among `globals`, for a caller that holds other parts of the world
/// at the same time (the generator a method call draws from).
#[inline]
pub(crate) fn global_in<'g>(globals: &'g mut [(String, GVar)], name: &str) -> Option<&'g mut GVar> {
    globals
        .iter_mut()
        .find(|(n, _)| same_text(n, name))
        .map(|(_, v)| v)
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

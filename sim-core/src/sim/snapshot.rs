//! Exact snapshots: [`Simulation::snapshot`] writes everything that decides a run's future
//! (agents with their props, features, timers and queued messages, touch memory, rounds,
//! dialogs, controller frames and puppets, the entity table, the random generator, the tick
//! and time) and
//! [`Simulation::restore`] rebuilds a simulation from it that continues bit-for-bit as the
//! original would, natively or in WASM, whichever made it.
//!
//! The format: the bytes `SWSN`, a little-endian `u16` version, then the state in postcard
//! (a compact, stable serde binary format) inside a zlib stream, whose Adler-32 checksum
//! catches a damaged file. What a snapshot refers to by position (blueprints, rules, rounds)
//! comes from the project it is restored against, which must be the project it was made
//! from; reading checks every such reference and every id, so a hostile snapshot is an
//! error, never a panic later.
//!
//! Not kept: the log (its lines are not state; a restored run starts a fresh one) and the
//! profiler's counts.

use super::{hash, new_loop, start_ticks, Simulation, MAX_AGENTS, MAX_TICK_WORK};
use crate::agent::{Agent, Agents, Builtins, FeatureState, QueuePhase};
use crate::entity::{Entities, EntityId};
use crate::exec::loaded::LoadedProject;
use crate::project::Project;
use crate::script::compiler::{
    compile_agent_script, compile_model_script, compile_project_scripts,
};
use crate::script::program::SimEvent;
use crate::time::SimTime;
use crate::vars::{GVar, PropName};
use crate::world::Hold;
use crate::world::{Saved, Settings, World};
use rand_pcg::Pcg32;
use serde::ser::SerializeSeq;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::rc::Rc;

/// The first bytes of every snapshot.
const MAGIC: &[u8; 4] = b"SWSN";

/// The snapshot format's version; a snapshot of another version is refused. Version 3 writes
/// an agent's fields in their new order (props and timers right after the first cache line);
/// version 4 writes every agent's features after the agents, as the feature tables hold them;
/// version 5 its added props after them; version 6 its built-ins beside it, as the built-in
/// columns hold them; version 7 each feature's last plotted `graphValue` and pending
/// `jitterRotate` after its counts.
pub const SNAPSHOT_VERSION: u16 = 7;

/// The most bytes a snapshot's state may unpack to (a full model of [`MAX_AGENTS`] agents
/// is far below it); more is refused before it is read.
pub const MAX_SNAPSHOT_BYTES: usize = 256 << 20;

/// How hard the state is compressed: level 1 packs 10,000 agents in a third of the time of
/// level 3, for a tenth more bytes.
const LEVEL: u32 = 1;

/// Why a snapshot could not be restored.
#[derive(Debug, Clone, PartialEq)]
pub enum SnapshotError {
    /// Not a Stepwise snapshot (no `SWSN` at its start, or shorter than its header).
    NotASnapshot,
    /// A snapshot of another format version.
    Version(u16),
    /// The compressed state is damaged, truncated or too large to unpack.
    Damaged(String),
    /// The state does not read as a snapshot's state.
    Malformed(String),
    /// It was made from another project (or another version of this one).
    OtherProject,
    /// The project does not compile.
    Project(String),
    /// The state reads but contradicts itself or the project (an id or index out of place).
    Inconsistent(String),
}

impl std::fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SnapshotError::NotASnapshot => write!(f, "this is not a Stepwise snapshot"),
            SnapshotError::Version(v) => write!(
                f,
                "this snapshot is of format version {v}; this Stepwise reads version {SNAPSHOT_VERSION}"
            ),
            SnapshotError::Damaged(why) => write!(f, "the snapshot is damaged: {why}"),
            SnapshotError::Malformed(why) => write!(f, "the snapshot does not read: {why}"),
            SnapshotError::OtherProject => write!(
                f,
                "the snapshot was made from another model (or another version of this one)"
            ),
            SnapshotError::Project(why) => write!(f, "the model does not load: {why}"),
            SnapshotError::Inconsistent(why) => write!(f, "the snapshot contradicts itself: {why}"),
        }
    }
}

impl std::error::Error for SnapshotError {}

/// The state, generic over how the agents, their features and their props are held:
/// borrowed when written, owned when read.
#[derive(Serialize, Deserialize)]
struct State<A, F, P> {
    project: u64,
    seed: u64,
    agent_cap: usize,
    tick: u64,
    time: SimTime,
    rng: Pcg32,
    entities: Entities,
    clock: EntityId,
    system: Option<EntityId>,
    /// Each agent with its built-ins (version 6 on).
    agents: A,
    names: Vec<(EntityId, String)>,
    globals: Vec<(String, GVar)>,
    touching: Vec<Vec<(EntityId, EntityId)>>,
    round: crate::world::rounds::RoundState,
    pending_events: Vec<SimEvent>,
    dialogs: crate::world::dialogs::Dialogs,
    serial: u64,
    holds: Vec<Hold>,
    messages_sent: [bool; 3],
    controls: crate::world::controls::Controls,
    /// The props' starting values the run was given (version 2 on).
    starting: Vec<crate::world::starting::Starting>,
    /// Each agent's features in the order they were added, agent by agent as in `agents`
    /// (version 4 on).
    features: F,
    /// Each agent's added props, agent by agent as in `agents` (version 5 on).
    props: P,
}

/// The state as written: the agents' built-ins, features and props read from the agents'
/// columns and tables as they are written, so no list of them is made first.
type Written<'a> = State<EachAgent<'a>, EachAgent<'a>, EachAgent<'a>>;

/// Every agent with its built-ins, or every agent's features or props, agent by agent as
/// [`Agents::iter`] lists them.
struct EachAgent<'a> {
    agents: &'a Agents,
    part: Part,
}

/// What [`EachAgent`] writes of each agent.
#[derive(Clone, Copy)]
enum Part {
    AgentAndBuiltins,
    Features,
    Props,
}

impl Serialize for EachAgent<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let agents = self.agents;
        let mut seq = s.serialize_seq(Some(agents.len()))?;
        for agent in agents.iter() {
            let a = agent.agent();
            match self.part {
                Part::AgentAndBuiltins => seq.serialize_element(&(a, agent.builtins()))?,
                Part::Features => {
                    seq.serialize_element(&Listed(|| agents.features(a).map(|f| f.parts())))?;
                }
                Part::Props => seq.serialize_element(&Listed(|| agents.props(a)))?,
            }
        }
        seq.end()
    }
}

/// A list written from an iterator made twice: once to count it (the format writes the
/// length first), once to write it.
struct Listed<F>(F);

impl<F, I> Serialize for Listed<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some((self.0)().count()))?;
        for item in (self.0)() {
            seq.serialize_element(&item)?;
        }
        seq.end()
    }
}

/// The state as read.
type Read = State<Vec<(Agent, Builtins)>, Vec<Vec<FeatureState>>, Vec<Vec<(PropName, GVar)>>>;

/// Tells a project from another by what a snapshot refers to: its blueprints (names and
/// scripts, whose compiled programs, rules and timers the state points into), its rounds and
/// its stage. Its starting agents are left out: a run past its start no longer depends on
/// them, and a model of 10,000 would make this the slowest part of a snapshot.
fn project_fingerprint(project: &Project) -> u64 {
    let mut text = String::new();
    for bp in &project.blueprints {
        text.push_str(&bp.name);
        text.push('\0');
        text.push_str(&bp.script_text);
        text.push('\0');
    }
    let rest = serde_json::to_string(&(&project.rounds, &project.metadata)).unwrap_or_default();
    text.push_str(&rest);
    hash::bytes_hash(text.as_bytes())
}

impl Simulation {
    /// The simulation's state as a compact snapshot (see the module's comment), made between
    /// ticks; [`Simulation::restore`] continues from it exactly.
    pub fn snapshot(&self) -> Vec<u8> {
        pack(&self.written())
    }

    /// The state as a snapshot writes it.
    fn written(&self) -> Written<'_> {
        let w = &self.world;
        let saved = w.save();
        let agents = &w.agents;
        State {
            project: project_fingerprint(&self.project),
            seed: self.seed,
            agent_cap: self.agent_cap,
            tick: saved.tick,
            time: saved.time,
            rng: saved.rng,
            entities: self.lp.entities().clone(),
            clock: self.clock,
            system: saved.system,
            agents: EachAgent {
                agents,
                part: Part::AgentAndBuiltins,
            },
            names: w.registry().named(),
            globals: saved.globals.into_list(),
            touching: saved.touching,
            round: saved.round,
            pending_events: saved.pending_events,
            dialogs: saved.dialogs,
            serial: saved.serial,
            holds: saved.holds,
            messages_sent: saved.messages_sent,
            controls: saved.controls,
            starting: self.starting.to_vec(),
            features: EachAgent {
                agents,
                part: Part::Features,
            },
            props: EachAgent {
                agents,
                part: Part::Props,
            },
        }
    }

    /// Rebuilds the simulation `bytes` (a [`Simulation::snapshot`]) was made from, for
    /// `project`, the project it ran: it continues exactly as the original would. A snapshot
    /// that is truncated, damaged, of another version, of another project or contradicts
    /// itself is refused with the reason.
    pub fn restore(
        project: impl Into<Rc<Project>>,
        bytes: &[u8],
    ) -> Result<Simulation, SnapshotError> {
        let project = project.into();
        let state = read(bytes)?;
        if state.project != project_fingerprint(&project) {
            return Err(SnapshotError::OtherProject);
        }
        let compiled = compile_project_scripts(&project)
            .map_err(|e| SnapshotError::Project(format!("{} compile errors", e.len())))?;
        let program = Rc::new(LoadedProject::new(compiled));
        rebuild(project, program, state)
    }
}

/// `state` written and packed, behind the magic and the version. The state is written
/// straight into the compressor, through a buffer: its uncompressed form (7.5 MB for 10,000
/// agents, 14 times the packed one) is never held whole.
fn pack(state: &Written<'_>) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&SNAPSHOT_VERSION.to_le_bytes());
    let packer = flate2::write::ZlibEncoder::new(out, flate2::Compression::new(LEVEL));
    let buffered = std::io::BufWriter::with_capacity(64 << 10, packer);
    // Writing into memory fails only when a value refuses to be written (a blueprint index
    // past 32 bits, which no model reaches); the snapshot is then empty, which restoring
    // refuses.
    postcard::to_io(state, buffered)
        .ok()
        .and_then(|buffered| buffered.into_inner().ok())
        .and_then(|packer| packer.finish().ok())
        .unwrap_or_default()
}

/// The state inside `bytes`, unpacked and read, not yet checked against a project.
fn read(bytes: &[u8]) -> Result<Read, SnapshotError> {
    let (magic, rest) = bytes
        .split_at_checked(4)
        .ok_or(SnapshotError::NotASnapshot)?;
    if magic != MAGIC {
        return Err(SnapshotError::NotASnapshot);
    }
    let (version, packed) = rest
        .split_at_checked(2)
        .ok_or(SnapshotError::NotASnapshot)?;
    let version = u16::from_le_bytes([version[0], version[1]]);
    if version != SNAPSHOT_VERSION {
        return Err(SnapshotError::Version(version));
    }
    let body = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(packed, MAX_SNAPSHOT_BYTES)
        .map_err(|e| SnapshotError::Damaged(unpack_failure(e.status)))?;
    let (state, left) = postcard::take_from_bytes::<Read>(&body)
        .map_err(|e| SnapshotError::Malformed(e.to_string()))?;
    if !left.is_empty() {
        return Err(SnapshotError::Malformed(format!(
            "{} bytes after the state",
            left.len()
        )));
    }
    Ok(state)
}

/// Why the packed state did not unpack, in words.
fn unpack_failure(status: miniz_oxide::inflate::TINFLStatus) -> String {
    use miniz_oxide::inflate::TINFLStatus as S;
    match status {
        S::FailedCannotMakeProgress | S::NeedsMoreInput => "it ends early (cut short)".into(),
        S::Adler32Mismatch => "its checksum does not match (it was altered)".into(),
        S::HasMoreOutput => format!("it unpacks to more than {} MB", MAX_SNAPSHOT_BYTES >> 20),
        _ => "its packed data is corrupt".into(),
    }
}

/// A simulation of `program` in `state`, every reference checked first.
fn rebuild(
    project: Rc<Project>,
    program: Rc<LoadedProject>,
    mut state: Read,
) -> Result<Simulation, SnapshotError> {
    let bad = |why: String| SnapshotError::Inconsistent(why);
    let (mut lp, registry) = new_loop().map_err(SnapshotError::Project)?;
    if !(1..=MAX_AGENTS).contains(&state.agent_cap) {
        return Err(bad(format!("an agent limit of {}", state.agent_cap)));
    }
    if !lp.replace_entities(std::mem::take(&mut state.entities)) {
        return Err(bad("events before the entities".into()));
    }
    check_agents(&program, &lp, &state)?;
    if state.touching.len() > program.rules.len() {
        return Err(bad("touch memory for rules the model does not have".into()));
    }
    if state.round.index.is_some_and(|i| i >= project.rounds.len()) {
        return Err(bad("a round the model does not have".into()));
    }
    // An experiment varies a few dozen props at most.
    if state.starting.len() > 1_024 {
        return Err(bad("more starting values than any run is given".into()));
    }
    let starting: Rc<[crate::world::starting::Starting]> =
        std::mem::take(&mut state.starting).into();
    let settings = Settings {
        seed: state.seed,
        timer: super::no_timer,
        agent_cap: state.agent_cap,
        work_limit: MAX_TICK_WORK,
        reference: false,
        starting: Rc::clone(&starting),
    };
    let mut world = World::new(&project, &program.names, settings, registry);
    for (id, path) in std::mem::take(&mut state.names) {
        world
            .registry_mut()
            .adopt(&lp, id, path)
            .map_err(|e| bad(format!("a name: {e}")))?;
    }
    if state.features.len() != state.agents.len() || state.props.len() != state.agents.len() {
        return Err(bad("features or props for agents that are not there".into()));
    }
    let parts = state.features.into_iter().zip(state.props);
    for ((mut agent, builtins), (features, props)) in state.agents.into_iter().zip(parts) {
        let given = features.len();
        features
            .into_iter()
            .for_each(|f| agent.features.push_apart(f));
        if agent.features.count() != given {
            return Err(bad(format!("agent {} has a feature twice", agent.name)));
        }
        compile_messages(&project, &program, &mut agent)?;
        let (id, name, given) = (agent.id, agent.name.clone(), props.len());
        agent.apart.set_props(props);
        *agent.apart.builtins_mut() = builtins;
        world.agents.insert(agent);
        let held = (world.agents.get(id)).map_or(0, |a| world.agents.props(&a).count());
        if held != given {
            return Err(bad(format!(
                "agent {name} has a prop twice, or its blueprint more than {} props",
                crate::agent::MAX_PROPS_PER_BLUEPRINT
            )));
        }
    }
    world.agents.repack();
    world.note_warnings(&program.project.blueprints);
    world.restore(Saved {
        tick: state.tick,
        time: state.time,
        rng: state.rng,
        system: state.system,
        globals: state.globals.into(),
        touching: state.touching,
        round: state.round,
        pending_events: state.pending_events,
        dialogs: state.dialogs,
        serial: state.serial,
        holds: state.holds,
        messages_sent: state.messages_sent,
        controls: state.controls,
    });
    if state.time != super::tick_time(state.tick) {
        return Err(bad(format!(
            "time {:?} is not that of tick {}",
            state.time, state.tick
        )));
    }
    // The loop's clock reaches the snapshot's time (no events yet), then ticks go on from it.
    lp.reach_time(world.time, &mut world)
        .map_err(|e| bad(e.to_string()))?;
    if !lp.is_alive(state.clock) || world.agents.get(state.clock).is_some() {
        return Err(bad("the tick's entity".into()));
    }
    let tick = start_ticks(&mut lp, &world, state.clock, &program).map_err(bad)?;
    Ok(Simulation {
        lp,
        world,
        tick,
        project,
        seed: state.seed,
        timer: super::no_timer,
        agent_cap: state.agent_cap,
        work_limit: MAX_TICK_WORK,
        clock: state.clock,
        inputs: Default::default(),
        reference: false,
        starting,
    })
}

/// Every agent is alive in the entity table, appears once, is of a blueprint the model has
/// (the round agent excepted), and there are no more than the limit.
fn check_agents(
    program: &LoadedProject,
    lp: &crate::event::EventLoop<World>,
    state: &Read,
) -> Result<(), SnapshotError> {
    let bad = |why: String| Err(SnapshotError::Inconsistent(why));
    let mut seen = HashSet::new();
    let mut characters = 0;
    for (agent, _) in &state.agents {
        if !lp.is_alive(agent.id) || !seen.insert(agent.id) {
            return bad(format!("agent {} has a dead or repeated id", agent.name));
        }
        let round_agent = agent.system && state.system == Some(agent.id);
        if !round_agent && (agent.system || agent.blueprint >= program.names.count()) {
            return bad(format!(
                "agent {} is of no blueprint of the model",
                agent.name
            ));
        }
        characters += usize::from(!agent.system);
    }
    if characters > state.agent_cap {
        return bad(format!(
            "{characters} agents, over the limit of {}",
            state.agent_cap
        ));
    }
    if state.system.is_some_and(|id| !seen.contains(&id)) {
        return bad("the round agent is missing".into());
    }
    Ok(())
}

/// Compiles again the messages waiting in `agent`'s queues (a snapshot keeps their text).
fn compile_messages(
    project: &Project,
    program: &LoadedProject,
    agent: &mut Agent,
) -> Result<(), SnapshotError> {
    let phases = [QueuePhase::Update, QueuePhase::Think, QueuePhase::Exec];
    let queued: usize = phases.iter().map(|&p| agent.rare.queued(p).len()).sum();
    if queued == 0 {
        return Ok(());
    }
    let blueprint = program.names.name(agent.blueprint);
    let system = agent.system;
    let refused = format!("a message to {} does not compile", agent.name);
    for phase in [QueuePhase::Update, QueuePhase::Think, QueuePhase::Exec] {
        for message in agent.rare.queue_mut(phase).iter_mut() {
            // The hidden agent's are commands to the model as a whole.
            let body = if system {
                compile_model_script(project, &message.text, &message.script)
            } else {
                compile_agent_script(project, &blueprint, &message.text, &message.script)
            };
            let body = body.map_err(|_| SnapshotError::Inconsistent(refused.clone()))?;
            message.body = Rc::from(body);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: &str = r##"{"id":"p","label":"p","metadata":{"top":-100,"right":100,"bottom":100,"left":-100,"wrap":[false,false],"bounce":true,"roundsCanLoop":false},
      "rounds":[],
      "blueprints":[{"name":"Fish","scriptText":"# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp energy Number 5\naddProp size Number 1\n"}],
      "instances":[{"id":"1","label":"Nemo","bpid":"Fish","initScript":""},{"id":"2","label":"Dory","bpid":"Fish","initScript":""}]}"##;

    fn running() -> (Rc<Project>, Simulation) {
        let project = Rc::new(Project::from_json(MODEL).unwrap());
        let mut sim = Simulation::load(Rc::clone(&project), 1).unwrap();
        sim.advance_to(crate::time::SimTime::from_secs(1));
        (project, sim)
    }

    #[test]
    fn the_props_come_back_agent_by_agent() {
        let (project, sim) = running();
        let back = Simulation::restore(project, &sim.snapshot()).unwrap();
        assert_eq!(back.state_hash(), sim.state_hash());
        let agents = &back.world.agents;
        let props: Vec<Vec<String>> = (agents.iter().filter(|a| !a.system))
            .map(|a| {
                agents
                    .props(&a)
                    .map(|(n, v)| format!("{n}={v:?}"))
                    .collect()
            })
            .collect();
        assert_eq!(props.len(), 2);
        assert!(props
            .iter()
            .all(|p| p.len() == 2 && p[0].starts_with("energy=")));
    }

    #[test]
    fn a_snapshot_that_gives_an_agent_a_prop_twice_is_refused() {
        let (project, sim) = running();
        let mut state = read(&sim.snapshot()).unwrap();
        let given = state.props.iter_mut().find(|p| !p.is_empty()).unwrap();
        given.push(given[0].clone());
        let compiled = compile_project_scripts(&project).unwrap();
        match rebuild(project, Rc::new(LoadedProject::new(compiled)), state) {
            Err(SnapshotError::Inconsistent(why)) => assert!(why.contains("a prop twice"), "{why}"),
            other => panic!("restored: {:?}", other.map(|s| s.state_hash())),
        }
    }
}

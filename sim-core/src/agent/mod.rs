//! Agents: the characters a model's blueprints make, stored densely for the tick.
//!
//! An [`Agent`] holds which features it has, selection flags, an input mode, its `every`
//! timers and GEMSTEP's three message queues (update, think, exec) that
//! [`crate::sim::Simulation::queue_message`] fills. Its props are in columns the [`Agents`]
//! hold: the built-ins every agent has ([`builtin_columns`]), the features' props (a table
//! per feature) and the props its blueprint adds (a table per blueprint); [`AgentRef`] and
//! [`AgentMut`] reach an agent with its built-ins. [`Agents`] is a slot arena indexed by the
//! agent's [`EntityId`]: a removed agent's slot is reused, lookups check the generation, and
//! iteration runs in slot order, which is the same on every platform.

mod apart;
mod builtin;
mod builtin_columns;
mod census;
pub(crate) mod color;
mod feature_state;
mod feature_table;
mod handle;
mod prop_table;
mod rare;

pub use apart::Apart;
pub use builtin::{Extras, BUILTIN_PROPS};
use builtin_columns::BuiltinColumns;
pub use builtin_columns::Builtins;
pub use feature_state::{FeatureState, Features};
use feature_table::FeatureTables;
pub use feature_table::{FeatureMut, FeatureRef};
pub use handle::{AgentMut, AgentRef};
pub use prop_table::MAX_PROPS_PER_BLUEPRINT;
pub use rare::Rare;

use crate::entity::EntityId;
use crate::features::catalog::{FeatureKind, PropSlot};
use crate::script::program::Stmt;
use crate::vars::Value;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// Who moves an agent (GEMSTEP's input modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum InputMode {
    /// Its own programs and features move it.
    #[default]
    Auto,
    /// A student's device moves it.
    Puppet,
    /// Nothing moves it.
    Static,
}

/// Visual states the UI sets, independent of each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Selection {
    /// The current selection.
    pub selected: bool,
    /// Under the pointer, not yet clicked.
    pub hovered: bool,
    /// Part of a group.
    pub grouped: bool,
    /// Being dragged.
    pub captive: bool,
}

/// The tick phase whose queue a message waits in (GEMSTEP's `queueUpdateMessage`,
/// `queueThinkMessage` and `queueExecMessage`): it runs after the blueprint's program of that
/// phase, so a message can act before or after the rest of the tick's work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum QueuePhase {
    /// `AGENTS_UPDATE`: after the update program and `every` timers, before features move.
    Update,
    /// `AGENTS_THINK`: after conditions were tested, before the exec phase.
    Think,
    /// `AGENTS_EXEC`: after the exec program, alongside the consequents of `when` rules.
    Exec,
}

impl QueuePhase {
    /// The phase's name as messages and the log show it.
    pub fn name(self) -> &'static str {
        match self {
            QueuePhase::Update => "update",
            QueuePhase::Think => "think",
            QueuePhase::Exec => "exec",
        }
    }
}

/// Statements sent to an agent, compiled for its blueprint, waiting in one of its queues. A
/// message carries its own compiled body because it belongs to no rule or program of the
/// blueprint, and its text, which is what a snapshot keeps (restoring compiles it again).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(from = "MessageParts", into = "MessageParts")]
pub struct Message {
    /// Where the statements come from, for the log (`think message to Fish/Nemo`).
    pub script: Rc<str>,
    /// The statements as sent.
    pub text: Rc<str>,
    /// The compiled statements (empty in a message just read from a snapshot).
    pub body: Rc<[Stmt]>,
}

/// A message as a snapshot stores it.
#[derive(Serialize, Deserialize)]
struct MessageParts {
    script: Rc<str>,
    text: Rc<str>,
}

impl From<MessageParts> for Message {
    fn from(m: MessageParts) -> Message {
        Message {
            script: m.script,
            text: m.text,
            body: Rc::from([]),
        }
    }
}

impl From<Message> for MessageParts {
    fn from(m: Message) -> MessageParts {
        MessageParts {
            script: m.script,
            text: m.text,
        }
    }
}

/// Up to two agents a `when` rule names, each with its blueprint's index (`Fish` → this fish,
/// `Algae` → the algae it touches).
pub type Bindings = [(usize, EntityId); 2];

/// How often an agent's `every` statement has run and when it last fired, keyed by where
/// the statement was written. GEMSTEP counts an `every` by the times its statement runs, not
/// by ticks: one nested in a test that is false half the time counts half as fast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimerState {
    /// Line, column and number of the `every` statement.
    pub key: (u32, u32, usize),
    /// How many times the statement has run for this agent.
    pub calls: u64,
    /// The run (counted from 0) at which it last fired; [`TimerState::NEVER`] before it
    /// first fires (not an `Option`, which would make every agent's timer 8 bytes larger).
    pub fired_at: u64,
}

impl TimerState {
    /// [`TimerState::fired_at`] of a timer that has not fired yet.
    pub const NEVER: u64 = u64::MAX;
}

/// An agent's `every` timers (see [`Agent::timers`]).
pub type Timers = smallvec::SmallVec<[TimerState; 1]>;

/// A blueprint index as a snapshot stores it: 32 bits on every platform, the round agent's
/// `usize::MAX` (which differs between 64-bit native and 32-bit WASM) as `u32::MAX`.
mod blueprint_index {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(index: &usize, s: S) -> Result<S::Ok, S::Error> {
        let stored = match *index {
            usize::MAX => u32::MAX,
            i => u32::try_from(i).map_err(serde::ser::Error::custom)?,
        };
        stored.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
        Ok(match u32::deserialize(d)? {
            u32::MAX => usize::MAX,
            i => i as usize,
        })
    }
}

/// One character in the simulation.
///
/// Laid out for the tick: the fields every pass over thousands of agents reads (blueprint,
/// features, the flags that decide whether it moves or takes part in rules, the row of its
/// added props) come first and fill one cache line, and each agent starts on a line of its
/// own, so a pass fetches one line of an agent rather than parts of several. Its props are
/// in columns beside the agents: the built-ins (see [`builtin_columns`]), the features' and
/// the added props (one table per blueprint, see [`prop_table`]). The timers come right
/// after the first line.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[repr(C, align(64))]
pub struct Agent {
    /// Which features it has, in the order they were added (their props are in the
    /// agents' [feature tables](Agents::feature); a snapshot stores them apart).
    #[serde(skip)]
    pub features: Features,
    /// The index of its blueprint in the compiled project (changed through
    /// [`Agents::set_blueprint`], which moves its props to that blueprint's table).
    #[serde(with = "blueprint_index")]
    pub blueprint: usize,
    /// UI selection flags.
    pub selection: Selection,
    /// Who moves it.
    pub mode: InputMode,
    /// A hidden agent that runs round scripts; never drawn, counted or tested.
    pub system: bool,
    /// Its added props and built-ins while it is out of the agents (see [`apart`]); a
    /// snapshot stores them apart.
    #[serde(skip)]
    pub apart: Apart,
    /// `every` timers' state: the first held in the agent itself, so a model whose agents
    /// each run one `every` (most that have one) reads no other memory to count it.
    pub timers: Timers,
    /// Its id, also its address in [`Agents`] and the entity registry.
    pub id: EntityId,
    /// Its name (`Fish 1`).
    pub name: Box<str>,
    /// Its status line, GEMSTEP's rarer built-ins (`statusValue`, `trackerId`…), shadows of
    /// built-ins with limits, and the messages waiting in each phase (the exec phase's run
    /// before the consequents of `when` rules, which wait in one list for all agents): what
    /// few agents hold, behind one pointer.
    pub rare: Rare,
}

impl Agent {
    /// A fresh agent of `blueprint` with GEMSTEP's built-in defaults.
    pub fn new(id: EntityId, blueprint: usize, name: String) -> Agent {
        Agent {
            id,
            blueprint,
            name: name.into(),
            rare: Rare::default(),
            apart: Apart::default(),
            features: Features::default(),
            selection: Selection::default(),
            mode: InputMode::Auto,
            timers: Timers::new(),
            system: false,
        }
    }

    /// Whether a feature is attached.
    pub fn has(&self, feature: &str) -> bool {
        self.features.has_kind(FeatureKind::named(feature))
    }
}

/// What [`Agents`] keeps for each slot in a small list beside the agents: the id of the
/// agent in it and where its added props are.
///
/// A read of another agent's prop (the other agent of a `when` pair, `Algae.energy`) checks
/// the id and finds the row with this one read of 12 to 20 bytes, and never fetches the
/// agent's own two cache lines.
#[derive(Debug, Clone, Copy)]
struct Live {
    /// The id of the agent in the slot; `None` for an empty one.
    id: Option<EntityId>,
    /// The table of added props its row is in: its blueprint's index when the row was made
    /// (and since renumbered with it).
    table: u32,
    /// Its row in that table ([`prop_table::NO_ROW`] for none).
    row: u32,
}

impl Live {
    /// An empty slot's.
    const EMPTY: Live = Live {
        id: None,
        table: 0,
        row: prop_table::NO_ROW,
    };
}

/// Every agent, in a slot arena indexed by [`EntityId::index`].
///
/// Which slots hold an agent, and of which id, is kept in a small list of its own beside the
/// agents ([`Live`]), and an empty slot holds a blank agent rather than `None`: a look-up
/// then reads only that list, and the agent's memory is fetched when a field of it is used.
/// With thousands of agents, each pass of the tick saves a cache miss per agent that way.
#[derive(Debug, Clone, Default)]
pub struct Agents {
    slots: Vec<Agent>,
    /// The id of the agent in each slot and where its added props are.
    live: Vec<Live>,
    count: usize,
    /// Counts insertions and removals, so a cached id list knows when it is stale.
    changes: u64,
    /// Bumped by every access that may change an agent's props, built-ins or membership
    /// (everything but [`Agents::queue_of`], [`Agents::timers_of`] and
    /// [`Agents::features_of`]), so a census member list knows when it is stale; the census
    /// also notes which slot changed.
    epoch: u64,
    census: census::Census,
    /// The features' props, in a table per kind with a row per agent that has it.
    tables: FeatureTables,
    /// The added props, in a table per blueprint (by index) with a row per agent that added
    /// any.
    prop_tables: Vec<prop_table::PropTable>,
    /// The built-ins, a column each, by slot.
    builtins: BuiltinColumns,
}

/// One agent's features, to change beside the agent itself ([`Agents::split_mut`]).
pub struct AgentFeatures<'a> {
    tables: &'a mut FeatureTables,
    index: usize,
    kinds: u32,
}

impl AgentFeatures<'_> {
    /// The agent's feature of `kind`, to change.
    #[inline(always)]
    pub fn of_kind(&mut self, kind: FeatureKind) -> Option<FeatureMut<'_>> {
        if self.kinds & kind.bit() == 0 {
            return None;
        }
        self.tables.of_mut(kind)?.get_mut(self.index)
    }
}

/// Gives back the room a list grew beyond its length and an eighth more. Lists that grew one
/// push at a time while a model's agents were made hold up to twice what they need (16,384
/// places for 10,000 agents); the eighth left is room for births before the list grows again.
pub(super) fn trim_room<T>(list: &mut Vec<T>) {
    let keep = list.len() + list.len() / 8;
    if list.capacity() > keep {
        list.shrink_to(keep);
    }
}

/// What an empty slot holds: no blueprint, nothing allocated.
fn blank(id: EntityId) -> Agent {
    Agent::new(id, usize::MAX, String::new())
}

impl Agents {
    /// Makes room for `more` agents beyond the slots there are, so making a model's starting
    /// agents grows the list once rather than doubling it (a doubling held the old list and
    /// a new one twice as large: 12 MB at once for 10,000 agents).
    pub(crate) fn reserve(&mut self, more: usize) {
        self.slots.reserve_exact(more);
        self.live.reserve_exact(more);
        self.builtins.reserve(more);
    }

    /// Makes room for `more` agents like agent `id`: in the table of each feature it has
    /// (and each of its columns that the agent's rows changed) and in its blueprint's table
    /// of added props. Made one by one, a model's starting agents grew each table by
    /// doubling, which left up to twice the room they needed at the peak of a load (3 MB of
    /// 18 for aquatic at 10,000 agents).
    pub(crate) fn reserve_like(&mut self, id: EntityId, more: usize) {
        let Some(agent) = self.get(id) else {
            return;
        };
        let (blueprint, kinds) = (agent.blueprint, agent.features.kind_bits());
        for table in self.tables.iter_mut() {
            if kinds & table.kind().bit() != 0 {
                table.reserve(more);
            }
        }
        self.reserve_props(blueprint, more);
    }

    /// Stores `agent` in the slot of its id (replacing any agent there). The features, props
    /// and built-ins it holds apart join the agents' tables; a copy of an agent that is among
    /// the agents holds none, and goes in without features or props, with the default
    /// built-ins.
    pub fn insert(&mut self, mut agent: Agent) {
        let index = agent.id.index() as usize;
        self.changes += 1;
        self.touch(index);
        if self.slots.len() <= index {
            let filler = agent.id;
            self.slots.resize_with(index + 1, || blank(filler));
            self.live.resize(index + 1, Live::EMPTY);
            self.builtins.grow_to(index + 1);
        }
        self.builtins.put(index, agent.apart.take_builtins());
        let apart = agent.features.take_apart();
        agent.features.clear();
        let props = agent.apart.take_props();
        agent.apart.clear();
        self.drop_features(index);
        self.drop_props(index);
        if let (Some(live), Some(slot)) = (self.live.get_mut(index), self.slots.get_mut(index)) {
            if live.id.is_none() {
                self.count += 1;
            }
            *live = Live {
                id: Some(agent.id),
                ..Live::EMPTY
            };
            *slot = agent;
        }
        for feature in apart {
            self.attach_state(index, feature);
        }
        self.attach_props(index, props);
    }

    /// Takes the agent `id` out, if it is here, its features, props and built-ins held apart
    /// in it.
    pub fn remove(&mut self, id: EntityId) -> Option<Agent> {
        let index = id.index() as usize;
        if !self.contains(id) {
            return None;
        }
        let props = self.take_props(index);
        let builtins = self.builtins.take(index);
        let mut agent = self.take_slot(id)?;
        *agent.apart.builtins_mut() = builtins;
        agent.apart.set_props(props);
        let features = std::mem::take(&mut agent.features);
        for kind in features.kinds() {
            if let Some(feature) = self.tables.of_mut(kind).and_then(|t| t.take(index)) {
                agent.features.push_apart(feature);
            }
        }
        Some(agent)
    }

    /// Removes the agent `id`, if it is here, and its features; false when it was not.
    pub fn discard(&mut self, id: EntityId) -> bool {
        if !self.contains(id) {
            return false;
        }
        self.drop_features(id.index() as usize);
        self.drop_props(id.index() as usize);
        self.builtins.take(id.index() as usize);
        self.take_slot(id).is_some()
    }

    /// Empties the slot of the agent `id` (which is here), answering what it held.
    fn take_slot(&mut self, id: EntityId) -> Option<Agent> {
        let index = id.index() as usize;
        self.touch(index);
        let (kept, slot) = (self.live.get_mut(index)?, self.slots.get_mut(index)?);
        *kept = Live::EMPTY;
        self.count -= 1;
        self.changes += 1;
        Some(std::mem::replace(slot, blank(id)))
    }

    /// Drops the features of the agent in slot `index` from their tables.
    fn drop_features(&mut self, index: usize) {
        let Some(agent) = self.slots.get_mut(index) else {
            return;
        };
        let features = std::mem::take(&mut agent.features);
        for kind in features.kinds() {
            if let Some(table) = self.tables.of_mut(kind) {
                table.remove(index);
            }
        }
    }

    /// Attaches `feature` to the agent in slot `index`, after its others (nothing when it
    /// has one of that kind already).
    fn attach_state(&mut self, index: usize, feature: FeatureState) {
        let Some(agent) = self.slots.get_mut(index) else {
            return;
        };
        let kind = feature.kind();
        if !agent.features.note(kind) {
            return;
        }
        match self.tables.of_mut(kind) {
            Some(table) => _ = table.push_from(index as u32, feature),
            None => agent.features.forget(kind),
        }
    }

    /// Agent `id`'s feature of `kind`, attached at its catalog defaults first if it has none
    /// (`addFeature`).
    pub fn feature_or_new(&mut self, id: EntityId, kind: FeatureKind) -> Option<FeatureMut<'_>> {
        if !self.contains(id) {
            return None;
        }
        let index = id.index() as usize;
        let agent = self.slots.get_mut(index)?;
        let table = self.tables.of_mut(kind)?;
        if agent.features.note(kind) {
            table.push_fresh(index as u32);
        }
        table.get_mut(index)
    }

    /// Gives agent `to` copies of agent `from`'s features in place of its own (a child born
    /// of a parent).
    pub fn copy_features(&mut self, from: EntityId, to: EntityId) {
        if !self.contains(from) || !self.contains(to) || from == to {
            return;
        }
        let (source, target) = (from.index() as usize, to.index() as usize);
        self.drop_features(target);
        let kinds: Vec<FeatureKind> = self
            .slots
            .get(source)
            .map(|a| a.features.kinds().collect())
            .unwrap_or_default();
        for kind in kinds {
            let (Some(agent), Some(table)) = (self.slots.get_mut(target), self.tables.of_mut(kind))
            else {
                continue;
            };
            if agent.features.note(kind) {
                table.copy(source, target as u32);
            }
        }
    }

    /// Agent `id`'s feature of `kind`.
    #[inline]
    pub fn feature(&self, id: EntityId, kind: FeatureKind) -> Option<FeatureRef<'_>> {
        self.feature_in_slot(self.get(id)?.agent(), kind)
    }

    /// The feature of `kind` of `agent`, one of these agents (none for an agent held apart).
    #[inline(always)]
    pub fn feature_of(&self, agent: &Agent, kind: FeatureKind) -> Option<FeatureRef<'_>> {
        let index = agent.id.index() as usize;
        if self.id_at(index) != Some(agent.id) {
            return None;
        }
        self.feature_in_slot(agent, kind)
    }

    /// [`Agents::feature_of`] of an agent known to be in its slot (as [`Agents::get`] gave
    /// it): the id is not checked again.
    #[inline(always)]
    fn feature_in_slot(&self, agent: &Agent, kind: FeatureKind) -> Option<FeatureRef<'_>> {
        if !agent.features.has_kind(kind) {
            return None;
        }
        self.tables.of(kind)?.get(agent.id.index() as usize)
    }

    /// The feature of `agent` by canonical name.
    pub fn feature_named(&self, agent: &Agent, name: &str) -> Option<FeatureRef<'_>> {
        self.feature_of(agent, FeatureKind::named(name))
    }

    /// Agent `id`'s feature of `kind`, to change (leaving census answers current: a census
    /// reads no feature).
    #[inline]
    pub fn feature_mut(&mut self, id: EntityId, kind: FeatureKind) -> Option<FeatureMut<'_>> {
        if !self.contains(id) {
            return None;
        }
        let index = id.index() as usize;
        if !self.slots.get(index)?.features.has_kind(kind) {
            return None;
        }
        self.tables.of_mut(kind)?.get_mut(index)
    }

    /// Agent `id`'s feature by canonical name, to change.
    pub fn feature_named_mut(&mut self, id: EntityId, name: &str) -> Option<FeatureMut<'_>> {
        self.feature_mut(id, FeatureKind::named(name))
    }

    /// A feature prop's number of `agent`, or `default` when the feature or prop is missing.
    pub fn feat_num(&self, agent: &Agent, feature: &str, prop: &str, default: f64) -> f64 {
        self.feature_named(agent, feature)
            .and_then(|f| f.number(prop))
            .unwrap_or(default)
    }

    /// [`Agents::feat_num`] of a catalog prop found by its slot, for the tests the tick makes
    /// for every pair of agents (no name is compared).
    #[inline]
    pub(crate) fn feat_num_at(&self, agent: &Agent, slot: PropSlot, default: f64) -> f64 {
        self.feature_of(agent, slot.kind)
            .and_then(|f| f.number_at(slot))
            .unwrap_or(default)
    }

    /// `agent`'s features in the order they were added.
    pub fn features<'a>(&'a self, agent: &'a Agent) -> impl Iterator<Item = FeatureRef<'a>> {
        agent
            .features
            .kinds()
            .filter_map(|kind| self.feature_of(agent, kind))
    }

    /// The value of `agent`'s built-in property `name`, or `None` if `name` is not one
    /// (see [`AgentRef::builtin`]); `color` is the Costume's tint unless a script set it.
    pub fn builtin(&self, agent: AgentRef<'_>, name: &str) -> Option<Value> {
        agent.builtin_with_tint(name, self.tint(&agent, name))
    }

    /// The tint `agent`'s built-in `name` reads when it is `color` (see
    /// [`AgentRef::builtin_with_tint`]): its Costume's, as an `0xRRGGBB` number.
    pub fn tint(&self, agent: &Agent, name: &str) -> Option<f64> {
        (name == "color")
            .then(|| color::color_number(self, agent))
            .flatten()
    }

    /// The value of a built-in number or truth-value property, without copying any text:
    /// what an expression's typed code reads (`None` for text and for names that are no
    /// built-in). Out of line: the typed code that reads props inlines the read of an added
    /// prop, the common case, and stays small.
    #[inline(never)]
    pub fn builtin_scalar(
        &self,
        agent: AgentRef<'_>,
        name: &str,
    ) -> Option<crate::script::expr::Scalar> {
        use crate::script::expr::Scalar;
        if matches!(name, "name" | "skin" | "statusText" | "trackerId" | "type") {
            return None;
        }
        match self.builtin(agent, name)? {
            Value::Number(n) => Some(Scalar::Number(n)),
            Value::Boolean(b) => Some(Scalar::Boolean(b)),
            Value::String(_) | Value::Null => None,
        }
    }

    /// The agent `id` and its features, both to change.
    #[inline]
    pub fn split_mut(&mut self, id: EntityId) -> Option<(AgentMut<'_>, AgentFeatures<'_>)> {
        if !self.contains(id) {
            return None;
        }
        let index = id.index() as usize;
        self.touch(index);
        let agent = self.slots.get_mut(index)?;
        let features = AgentFeatures {
            tables: &mut self.tables,
            index,
            kinds: agent.features.kind_bits(),
        };
        Some((AgentMut::new(agent, &mut self.builtins, index), features))
    }

    /// Whether the agent `id` still exists.
    pub fn contains(&self, id: EntityId) -> bool {
        self.id_at(id.index() as usize) == Some(id)
    }

    /// The id of the agent in slot `index`; `None` for an empty slot.
    #[inline(always)]
    pub(super) fn id_at(&self, index: usize) -> Option<EntityId> {
        self.live.get(index).and_then(|live| live.id)
    }

    /// The agent `id`, if it still exists.
    #[inline]
    pub fn get(&self, id: EntityId) -> Option<AgentRef<'_>> {
        if !self.contains(id) {
            return None;
        }
        let index = id.index() as usize;
        Some(AgentRef::new(self.slots.get(index)?, &self.builtins, index))
    }

    /// The agent in slot `index`, whether or not the slot holds one (an empty slot holds a
    /// blank agent).
    fn at(&self, index: usize) -> Option<AgentRef<'_>> {
        Some(AgentRef::new(self.slots.get(index)?, &self.builtins, index))
    }

    /// The agent `id`, to change.
    #[inline]
    pub fn get_mut(&mut self, id: EntityId) -> Option<AgentMut<'_>> {
        if !self.contains(id) {
            return None;
        }
        let index = id.index() as usize;
        self.touch(index);
        let agent = self.slots.get_mut(index)?;
        Some(AgentMut::new(agent, &mut self.builtins, index))
    }

    /// The agent `id`'s message queue of `phase`, to add to (made when first needed):
    /// queues are not what a census reads, so this leaves its answers current.
    pub fn queue_of(&mut self, id: EntityId, phase: QueuePhase) -> Option<&mut Vec<Message>> {
        self.rare_of(id).map(|r| r.queue_mut(phase))
    }

    /// Takes the messages waiting for agent `id` in `phase` (none for an agent not here),
    /// leaving census answers current and making nothing.
    pub fn take_queue(&mut self, id: EntityId, phase: QueuePhase) -> Option<Vec<Message>> {
        self.rare_of(id).map(|r| r.take_queue(phase))
    }

    fn rare_of(&mut self, id: EntityId) -> Option<&mut Rare> {
        if !self.contains(id) {
            return None;
        }
        self.slots.get_mut(id.index() as usize).map(|a| &mut a.rare)
    }

    /// The agent `id`'s `every` timers, to change (leaving census answers current).
    pub fn timers_of(&mut self, id: EntityId) -> Option<&mut Timers> {
        if !self.contains(id) {
            return None;
        }
        self.slots
            .get_mut(id.index() as usize)
            .map(|a| &mut a.timers)
    }

    /// Notes that the agent in slot `index` may change.
    fn touch(&mut self, index: usize) {
        self.epoch += 1;
        self.census.note(index, self.slots.len());
    }

    /// Every agent in slot order (system agents included).
    pub fn iter(&self) -> impl Iterator<Item = AgentRef<'_>> {
        self.iter_with_ids().map(|(_, agent)| agent)
    }

    /// Every agent in slot order with its id, read from the list of ids rather than from the
    /// agent (for a pass that needs no other field of the agent's second cache line).
    pub fn iter_with_ids(&self) -> impl Iterator<Item = (EntityId, AgentRef<'_>)> {
        let columns = &self.builtins;
        (self.slots.iter().zip(&self.live).enumerate()).filter_map(move |(index, (agent, live))| {
            Some((live.id?, AgentRef::new(agent, columns, index)))
        })
    }

    /// The ids of every agent, in slot order, into `out` (cleared first; reuse it per tick).
    pub fn ids_into(&self, out: &mut Vec<EntityId>) {
        out.clear();
        out.extend(self.live.iter().filter_map(|live| live.id));
    }

    /// A number that changes whenever an agent is inserted or removed: an id list made by
    /// [`Agents::ids_into`] is current while this stays the same.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Lays out what the agents hold on the heap kind by kind, each kind in slot order: the
    /// rows of each feature table (see [`feature_table`]) and of each blueprint's added
    /// props (see [`prop_table`]) with what their values keep on the heap (a Number's limits,
    /// a long text), then the timers; and gives back the room the lists grew beyond their
    /// length (see [`trim_room`]).
    /// Agents are made one by one while their lists grow and scripts make and drop text, so
    /// their pieces end up scattered, and a pass over thousands of agents waits on memory at
    /// each one; laid out like this, a pass that reads one kind of thing reads memory in
    /// order, which the processor fetches ahead. The old buffers are held until the end, so
    /// no new one reuses the memory another just left.
    pub fn repack(&mut self) {
        let mut heaps = Vec::new();
        for table in self.tables.iter_mut() {
            table.repack(&mut heaps);
        }
        self.repack_props(&mut heaps);
        trim_room(&mut self.slots);
        trim_room(&mut self.live);
        self.builtins.trim_room();
        let mut timers = Vec::new();
        for agent in &mut self.slots {
            if agent.timers.spilled() {
                let fresh: Timers = agent.timers.drain(..).collect();
                timers.push(std::mem::replace(&mut agent.timers, fresh));
            }
        }
    }

    /// How many agents there are (system agents included).
    pub fn len(&self) -> usize {
        self.count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::Entities;

    #[test]
    fn a_removed_agents_slot_is_reused_and_its_old_id_finds_nothing() {
        let mut entities = Entities::new();
        let mut agents = Agents::default();
        let first = entities.spawn().unwrap();
        agents.insert(Agent::new(first, 0, "a".into()));
        assert_eq!(agents.len(), 1);
        assert!(agents.contains(first));
        assert!(agents.remove(first).is_some());
        assert!(!agents.contains(first));
        entities.despawn(first).unwrap();
        let second = entities.spawn().unwrap();
        assert_eq!(second.index(), first.index(), "the slot is reused");
        agents.insert(Agent::new(second, 0, "b".into()));
        assert!(agents.get(first).is_none(), "the old generation is gone");
        assert!(!agents.contains(first) && agents.contains(second));
        assert_eq!(agents.get(second).map(|a| &*a.agent().name), Some("b"));
        assert!(agents.remove(first).is_none());
        assert_eq!(agents.len(), 1);
    }

    #[test]
    fn the_fields_every_pass_reads_share_the_first_cache_line() {
        use std::mem::{align_of, offset_of, size_of};
        assert_eq!(align_of::<Agent>(), 64);
        let ends = [
            offset_of!(Agent, features) + size_of::<Features>(),
            offset_of!(Agent, blueprint) + size_of::<usize>(),
            offset_of!(Agent, selection) + size_of::<Selection>(),
            offset_of!(Agent, mode) + size_of::<InputMode>(),
            offset_of!(Agent, system) + 1,
        ];
        assert!(ends.iter().all(|&end| end <= 64), "{ends:?}");
    }

    #[test]
    fn the_timers_start_in_the_agent() {
        assert!(std::mem::offset_of!(Agent, timers) < 128);
    }

    #[test]
    fn an_agent_is_two_cache_lines_on_64_bit_platforms() {
        // What few agents hold waits behind one pointer ([`Rare`]), and so does what an agent
        // out of the agents holds ([`Apart`]); the props are in columns, the built-ins too
        // ([`builtin_columns`]). 3 lines with the built-ins inline, 6 before the added props'
        // columns, 8 before `Rare`.
        #[cfg(target_pointer_width = "64")]
        assert_eq!(std::mem::size_of::<Agent>(), 2 * 64);
    }

    #[test]
    fn repacking_changes_no_agent() {
        let mut entities = Entities::new();
        let mut agents = Agents::default();
        for i in 0..4 {
            let mut agent = Agent::new(entities.spawn().unwrap(), i, format!("a{i}"));
            for name in ["Movement", "Costume", "Physics"].iter().skip(i % 2) {
                let spec = crate::features::catalog::feature(name).unwrap();
                agent.features.push_apart(FeatureState::new(spec));
            }
            let mut rng = rand_pcg::Pcg32::new(1, 1);
            for p in 0..i + 1 {
                let mut value = crate::vars::GVar::Number(crate::vars::NumberVar::new(p as f64));
                // Limits and a long text live on the heap, which the repack moves too.
                value
                    .call("setMax", &[crate::vars::Value::Number(10.0)], &mut rng)
                    .unwrap();
                agent.apart.set_prop(&format!("p{p}"), value);
            }
            let long = crate::vars::StringVar::new("a text too long to be kept inline");
            agent.apart.set_prop("t", crate::vars::GVar::String(long));
            for t in 0..i {
                agent.timers.push(TimerState {
                    key: (t as u32, 1, 0),
                    calls: 3,
                    fired_at: 1,
                });
            }
            agents.insert(agent);
        }
        let described = |agents: &Agents| -> Vec<String> {
            let props = |a: AgentRef<'_>| {
                agents
                    .props(&a)
                    .map(|(n, v)| format!("{n}={v:?}"))
                    .collect::<Vec<_>>()
            };
            agents
                .iter()
                .map(|a| format!("{a:?} {:?}", props(a)))
                .collect()
        };
        let before = described(&agents);
        agents.repack();
        assert_eq!(before, described(&agents));
        assert!(agents.iter().any(|a| a.timers.spilled()));
        assert!(agents
            .iter()
            .all(|a| agents.props(&a).all(|(_, var)| var.owns_heap())));
    }

    #[test]
    fn ids_come_out_in_slot_order() {
        let mut entities = Entities::new();
        let mut agents = Agents::default();
        let ids: Vec<EntityId> = (0..3).map(|_| entities.spawn().unwrap()).collect();
        for &id in ids.iter().rev() {
            agents.insert(Agent::new(id, 0, String::new()));
        }
        let mut out = Vec::new();
        agents.ids_into(&mut out);
        assert_eq!(out, ids);
    }
}

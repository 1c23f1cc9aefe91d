//! Changes from the UI: props, selection, dragging, adding and removing agents. Prop and
//! position changes travel as entity update messages through the event loop, delivered at
//! once (the loop is between ticks), so the UI and scripts change agents the same way.

use super::record::Input;
use super::{PropEntry, Simulation};
use crate::entity::{EntityId, EntityWorld, QueryOutcome};
use crate::time::SimTime;
use crate::vars::Value;
use crate::world::World;

/// A change the UI sends to an agent.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum AgentUpdate {
    /// Set a built-in or added prop.
    Prop(String, Value),
    /// Set a feature prop.
    FeatProp(String, String, Value),
    /// Move the agent.
    MoveTo(f64, f64),
}

/// Why a UI change was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputError {
    /// The agent does not exist (any more).
    NoSuchAgent,
    /// The blueprint does not exist.
    NoSuchBlueprint(String),
    /// The change could not be applied (the message says why).
    Rejected(String),
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::NoSuchAgent => write!(f, "no such agent"),
            InputError::NoSuchBlueprint(name) => write!(f, "no blueprint named '{name}'"),
            InputError::Rejected(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for InputError {}

impl EntityWorld for World {
    type Update = AgentUpdate;
    type Query = ();
    type Answer = Vec<PropEntry>;
    type Callback = ();

    fn apply_update(&mut self, target: EntityId, _at: SimTime, update: AgentUpdate) {
        if let Err(message) = apply(self, target, update) {
            self.refuse(message);
        }
    }

    fn answer_query(&self, target: EntityId, _query: &()) -> Vec<PropEntry> {
        self.agents
            .get(target)
            .map(|a| super::AgentView::new(a, self).props())
            .unwrap_or_default()
    }

    fn receive_answer(
        &mut self,
        _asker: EntityId,
        _at: SimTime,
        _callback: (),
        _outcome: QueryOutcome<Vec<PropEntry>>,
    ) {
    }
}

fn apply(world: &mut World, id: EntityId, update: AgentUpdate) -> Result<(), String> {
    if let AgentUpdate::Prop(name, value) = &update {
        if let Some(var) = world.agents.prop_mut(id, name) {
            return var
                .call("setTo", std::slice::from_ref(value), &mut world.rng)
                .map(drop)
                .map_err(|e| e.to_string());
        }
    }
    let mut agent = world.agents.get_mut(id).ok_or(crate::exec::REMOVED)?;
    match update {
        AgentUpdate::Prop(name, value) => agent.set_builtin(&name, &value),
        AgentUpdate::FeatProp(feature, prop, value) => {
            let mut f = (world.agents.feature_named_mut(id, &feature))
                .ok_or_else(|| format!("no feature '{feature}'"))?;
            let var = f
                .prop_mut(&prop)
                .ok_or_else(|| format!("no property '{prop}'"))?;
            var.call("setTo", &[value], &mut world.rng)
                .map(drop)
                .map_err(|e| e.to_string())
        }
        AgentUpdate::MoveTo(x, y) => {
            if !(x.is_finite() && y.is_finite()) {
                return Err("positions must be finite numbers".to_string());
            }
            *agent.x_mut() = x;
            *agent.y_mut() = y;
            Ok(())
        }
    }
}

impl Simulation {
    /// Sends `update` to agent `id`, delivered at once (between ticks). The error says why
    /// the agent refused it (a read-only prop, a value of the wrong type). A delivered update
    /// is recorded in the input log, refused or not, so a replay refuses and logs it again.
    pub fn update_agent(&mut self, id: EntityId, update: AgentUpdate) -> Result<(), InputError> {
        self.send(id, update.clone())?;
        self.record(Input::Update(id, update));
        match self.world.take_refusal() {
            Some(message) => Err(InputError::Rejected(message)),
            None => Ok(()),
        }
    }

    pub(super) fn send(&mut self, id: EntityId, update: AgentUpdate) -> Result<(), InputError> {
        if self.world.agents.get(id).is_none_or(|a| a.system) {
            return Err(InputError::NoSuchAgent);
        }
        let now = self.lp.now();
        self.world
            .registry()
            .update_entity(&mut self.lp, &self.world, id, now, update)
            .map_err(|e| InputError::Rejected(e.to_string()))?;
        self.world.take_refusal();
        // Deliver it now: the update is due at the loop's current time, ticks are later.
        self.lp
            .reach_time(now, &mut self.world)
            .map(drop)
            .map_err(|e| InputError::Rejected(e.to_string()))
    }

    /// Sets a built-in or added prop of agent `id`.
    pub fn set_prop(&mut self, id: EntityId, prop: &str, value: Value) -> Result<(), InputError> {
        self.update_agent(id, AgentUpdate::Prop(prop.to_string(), value))
    }

    /// Sets a feature prop of agent `id`.
    pub fn set_feat_prop(
        &mut self,
        id: EntityId,
        feature: &str,
        prop: &str,
        value: Value,
    ) -> Result<(), InputError> {
        self.update_agent(
            id,
            AgentUpdate::FeatProp(feature.to_string(), prop.to_string(), value),
        )
    }

    /// Moves agent `id` (a drag).
    pub fn move_agent(&mut self, id: EntityId, x: f64, y: f64) -> Result<(), InputError> {
        self.update_agent(id, AgentUpdate::MoveTo(x, y))
    }

    /// The inspector's rows for agent `id`.
    pub fn agent_props(&self, id: EntityId) -> Result<Vec<PropEntry>, InputError> {
        self.world
            .registry()
            .query_now(&self.lp, &self.world, id, &())
            .map_err(|_| InputError::NoSuchAgent)
    }

    fn selection_mut(&mut self, id: EntityId) -> Result<&mut crate::agent::Selection, InputError> {
        self.world
            .agents
            .get_mut(id)
            .filter(|a| !a.system)
            .map(|a| &mut a.into_agent().selection)
            .ok_or(InputError::NoSuchAgent)
    }

    /// Marks agent `id` selected or not.
    pub fn select(&mut self, id: EntityId, on: bool) -> Result<(), InputError> {
        self.selection_mut(id).map(|s| s.selected = on)
    }

    /// Marks agent `id` hovered or not.
    pub fn hover(&mut self, id: EntityId, on: bool) -> Result<(), InputError> {
        self.selection_mut(id).map(|s| s.hovered = on)
    }

    /// Marks agent `id` grouped or not.
    pub fn group(&mut self, id: EntityId, on: bool) -> Result<(), InputError> {
        self.selection_mut(id).map(|s| s.grouped = on)
    }

    /// Sets who moves agent `id`: its own programs (auto), a student's device (puppet) or
    /// nothing (static). Only auto agents move by themselves.
    pub fn set_input_mode(
        &mut self,
        id: EntityId,
        mode: crate::agent::InputMode,
    ) -> Result<(), InputError> {
        let mut agent = self
            .world
            .agents
            .get_mut(id)
            .filter(|a| !a.system)
            .ok_or(InputError::NoSuchAgent)?;
        agent.mode = mode;
        self.record(Input::Mode(id, mode));
        Ok(())
    }

    /// Marks agent `id` captive (being dragged: its movement pauses) or not.
    pub fn set_captive(&mut self, id: EntityId, on: bool) -> Result<(), InputError> {
        self.selection_mut(id).map(|s| s.captive = on)?;
        self.record(Input::Captive(id, on));
        Ok(())
    }

    /// Makes agent `cursor` (the agent a pointer moves: the mouse, or a student tracked in
    /// the room) pick up agent `target`, as `featCall Cursor pickUp` does in a script. The
    /// target jumps to the cursor, then follows it every tick and is captive (its own
    /// movement pauses) until [`Simulation::drop_held`], `releaseCursor`, or the cursor's
    /// removal. Returns `false` when the cursor already carries an agent or the target is
    /// already carried; refused when the target's blueprint did not add Cursor.
    pub fn pick_up(&mut self, cursor: EntityId, target: EntityId) -> Result<bool, InputError> {
        let exists = |id| self.world.agents.get(id).is_some_and(|a| !a.system);
        if !exists(cursor) || !exists(target) {
            return Err(InputError::NoSuchAgent);
        }
        let picked = crate::features::cursor::pick_up(&mut self.world, cursor, target)
            .map_err(InputError::Rejected)?;
        self.record(Input::PickUp(cursor, target));
        Ok(picked)
    }

    /// Makes agent `cursor` put down the agent it carries, at the cursor's position; returns
    /// the agent dropped (`None` when it carried nothing).
    pub fn drop_held(&mut self, cursor: EntityId) -> Result<Option<EntityId>, InputError> {
        if self.world.agents.get(cursor).is_none_or(|a| a.system) {
            return Err(InputError::NoSuchAgent);
        }
        let dropped = crate::features::cursor::put_down(&mut self.world, cursor);
        self.record(Input::Drop(cursor));
        Ok(dropped)
    }

    /// The agent `cursor` carries, if any (for drawing the pointer as holding something).
    pub fn held_by(&self, cursor: EntityId) -> Option<EntityId> {
        crate::features::cursor::carried_by(&self.world, cursor)
    }

    /// Removes agent `id`.
    pub fn remove_agent(&mut self, id: EntityId) -> Result<(), InputError> {
        if self.world.agents.get(id).is_none_or(|a| a.system) {
            return Err(InputError::NoSuchAgent);
        }
        self.world.remove_later(id);
        let program = self.program();
        super::lifecycle::flush(&mut self.world, &program, &mut self.lp);
        self.record(Input::Remove(id));
        Ok(())
    }

    /// Makes an agent of `blueprint` at `(x, y)` (its define and init programs run).
    pub fn create_agent(
        &mut self,
        blueprint: &str,
        x: f64,
        y: f64,
    ) -> Result<EntityId, InputError> {
        let bp = self
            .world
            .blueprints
            .index(blueprint)
            .ok_or_else(|| InputError::NoSuchBlueprint(blueprint.to_string()))?;
        let name = format!("{blueprint} {}", self.world.serial());
        let program = self.program();
        let id = super::lifecycle::make_agent(
            &mut self.world,
            &program,
            &mut self.lp,
            bp,
            &name,
            (0.0, 0.0),
        )
        .ok_or_else(|| {
            InputError::Rejected(format!(
                "the model already has {} agents",
                self.world.agent_cap()
            ))
        })?;
        if let Some(mut agent) = self.world.agents.get_mut(id) {
            *agent.x_mut() = x;
            *agent.y_mut() = y;
        }
        self.record(Input::Create(blueprint.to_string(), x, y));
        Ok(id)
    }
}

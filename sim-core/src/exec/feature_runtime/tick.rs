//! The features phase of a tick, run from the features' own hooks: each feature's
//! [`super::common::Runtime::tick`] says what it does every tick, and this runs them in the catalog's order,
//! so the tick names no feature.
//!
//! A feature updates agents in one of three ways: by walking the agents itself
//! ([`TickHooks::pass`]: Movement plans and moves every agent), by updating one agent right
//! after its move in that same walk ([`TickHooks::agent`], and [`TickHooks::agent_in_world`]
//! for work that reads more than the agent), or once after the walk ([`TickHooks::after`]).
//! Riding on one walk reads each agent's memory once a tick instead of once per feature.

use super::dispatch::RUNTIMES;
use crate::agent::Agent;
use crate::entity::EntityId;
use crate::world::World;
use std::any::Any;

/// What one feature does in the features phase of every tick; [`TickHooks::NONE`] for a
/// feature that does nothing there.
#[derive(Clone, Copy)]
pub(crate) struct TickHooks {
    /// Walks the agents itself; at most one feature does.
    pub(crate) pass: Option<Pass>,
    /// Updates an agent's own state right after its move; answers whether
    /// [`TickHooks::agent_in_world`] runs for it too (most agents need nothing more).
    pub(crate) agent: Option<fn(&mut Agent, f64) -> bool>,
    /// Updates an agent, reading the world (Global props, the tick), after [`TickHooks::agent`]
    /// asked for it.
    pub(crate) agent_in_world: Option<fn(&mut World, EntityId)>,
    /// Runs once, after every agent was updated.
    pub(crate) after: Option<fn(&mut World)>,
}

impl TickHooks {
    /// A feature with nothing to do every tick.
    pub(crate) const NONE: TickHooks = TickHooks {
        pass: None,
        agent: None,
        agent_in_world: None,
        after: None,
    };
}

/// A feature's own walk over the agents, which calls [`AgentHooks::run`] on every agent of the
/// list, in its order, right after that agent's own step.
#[derive(Clone, Copy)]
pub(crate) struct Pass {
    /// Makes the scratch space the walk keeps from tick to tick.
    pub(crate) scratch: fn() -> Box<dyn Any>,
    /// Walks `ids`, with the scratch space `scratch` made.
    pub(crate) run: fn(&mut World, &[EntityId], &mut dyn Any, &AgentHooks),
}

/// Every feature's per-agent hooks, in the catalog's order, and the length of a tick.
pub(crate) struct AgentHooks {
    hooks: Vec<AgentHook>,
    seconds_per_tick: f64,
}

/// One feature's per-agent hooks.
type AgentHook = (
    fn(&mut Agent, f64) -> bool,
    Option<fn(&mut World, EntityId)>,
);

impl AgentHooks {
    /// Runs every feature's per-agent hooks on agent `id`.
    pub(crate) fn run(&self, world: &mut World, id: EntityId) {
        let Some(agent) = world.agents.get_mut(id) else {
            return;
        };
        let mut wants_world = 0u32;
        for (i, (own, _)) in self.hooks.iter().enumerate() {
            if own(agent, self.seconds_per_tick) {
                wants_world |= 1 << i;
            }
        }
        if wants_world == 0 {
            return;
        }
        for (i, (_, in_world)) in self.hooks.iter().enumerate() {
            if let Some(in_world) = in_world.filter(|_| wants_world & (1 << i) != 0) {
                in_world(world, id);
            }
        }
    }
}

/// The features phase's state kept from tick to tick: the hooks gathered from the table, and
/// the scratch space of the feature that walks the agents.
pub(crate) struct Scratch {
    agent_hooks: AgentHooks,
    pass: Option<(Pass, Box<dyn Any>)>,
    after: Vec<fn(&mut World)>,
}

impl Scratch {
    /// Gathers the hooks of every feature's runtime, for ticks `seconds_per_tick` long.
    pub(crate) fn new(seconds_per_tick: f64) -> Scratch {
        let hooks = RUNTIMES.iter().map(|r| r.tick);
        Scratch {
            agent_hooks: AgentHooks {
                hooks: hooks
                    .clone()
                    .filter_map(|h| h.agent.map(|own| (own, h.agent_in_world)))
                    .collect(),
                seconds_per_tick,
            },
            pass: hooks
                .clone()
                .find_map(|h| h.pass)
                .map(|pass| (pass, (pass.scratch)())),
            after: hooks.filter_map(|h| h.after).collect(),
        }
    }
}

/// Runs the features phase on the agents `ids`.
pub(crate) fn run(world: &mut World, ids: &[EntityId], scratch: &mut Scratch) {
    let Scratch {
        agent_hooks,
        pass,
        after,
    } = scratch;
    match pass {
        Some((pass, space)) => (pass.run)(world, ids, space.as_mut(), agent_hooks),
        None => ids.iter().for_each(|&id| agent_hooks.run(world, id)),
    }
    after.iter().for_each(|after| after(world));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_one_feature_walks_the_agents_and_every_per_agent_hook_fits_the_mask() {
        let hooks: Vec<TickHooks> = RUNTIMES.iter().map(|r| r.tick).collect();
        assert!(hooks.iter().filter(|h| h.pass.is_some()).count() <= 1);
        assert!(hooks.iter().filter(|h| h.agent.is_some()).count() <= 32);
        // A hook that reads the world runs only when the agent's own hook asks for it.
        assert!(hooks
            .iter()
            .all(|h| h.agent_in_world.is_none() || h.agent.is_some()));
    }
}

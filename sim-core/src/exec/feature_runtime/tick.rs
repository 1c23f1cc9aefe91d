//! The features phase of a tick, run from the features' own hooks: each feature's
//! [`super::common::Runtime::tick`] says what it does every tick, and this runs them in the
//! catalog's order, so the tick names no feature.
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
    /// Updates the own state of an agent that has the feature, right after its move.
    pub(crate) agent: Option<fn(&mut Agent, f64)>,
    /// Updates an agent that has the feature, reading the world (Global props, the tick),
    /// after the agents' own hooks.
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

/// A feature's own walk over the agents, which calls [`AgentHooks::own`] on every agent of
/// the list, in its order, right after that agent's own step, and [`AgentHooks::in_world`]
/// when that asks for it.
#[derive(Clone, Copy)]
pub(crate) struct Pass {
    /// Makes the scratch space the walk keeps from tick to tick.
    pub(crate) scratch: fn() -> Box<dyn Any>,
    /// Walks `ids`, with the scratch space `scratch` made.
    pub(crate) run: fn(&mut World, &[EntityId], &mut dyn Any, &AgentHooks),
}

/// Every feature's per-agent hooks, in the catalog's order, and the length of a tick. A hook
/// runs only for an agent that has its feature, found in the agent's mask of kinds, so an
/// agent without any of those features costs one test.
pub(crate) struct AgentHooks {
    hooks: Vec<AgentHook>,
    /// The kinds that have an own hook, and those that have a hook reading the world.
    own_kinds: u32,
    world_kinds: u32,
    seconds_per_tick: f64,
}

/// One feature's per-agent hooks, and its kind's bit.
struct AgentHook {
    kind: u32,
    own: Option<fn(&mut Agent, f64)>,
    in_world: Option<fn(&mut World, EntityId)>,
}

impl AgentHooks {
    /// Runs the own hooks of `agent`'s features; answers the kinds whose hooks reading the
    /// world are due for it ([`AgentHooks::in_world`]; 0 for none).
    #[inline]
    pub(crate) fn own(&self, agent: &mut Agent) -> u32 {
        let kinds = agent.features.kind_bits();
        if kinds & self.own_kinds != 0 {
            for hook in &self.hooks {
                if let Some(own) = hook.own.filter(|_| kinds & hook.kind != 0) {
                    own(agent, self.seconds_per_tick);
                }
            }
        }
        kinds & self.world_kinds
    }

    /// Runs, for agent `id`, the hooks reading the world of the kinds `due`.
    pub(crate) fn in_world(&self, world: &mut World, id: EntityId, due: u32) {
        for hook in &self.hooks {
            if let Some(in_world) = hook.in_world.filter(|_| due & hook.kind != 0) {
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
        let hooks: Vec<AgentHook> = RUNTIMES
            .iter()
            .filter(|r| r.tick.agent.is_some() || r.tick.agent_in_world.is_some())
            .map(|r| AgentHook {
                kind: r.kind.bit(),
                own: r.tick.agent,
                in_world: r.tick.agent_in_world,
            })
            .collect();
        let kinds_with = |has: fn(&AgentHook) -> bool| {
            hooks
                .iter()
                .filter(|h| has(h))
                .fold(0, |mask, h| mask | h.kind)
        };
        let runtimes = RUNTIMES.iter().map(|r| r.tick);
        Scratch {
            agent_hooks: AgentHooks {
                own_kinds: kinds_with(|h| h.own.is_some()),
                world_kinds: kinds_with(|h| h.in_world.is_some()),
                hooks,
                seconds_per_tick,
            },
            pass: runtimes
                .clone()
                .find_map(|h| h.pass)
                .map(|pass| (pass, (pass.scratch)())),
            after: runtimes.filter_map(|h| h.after).collect(),
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
        None => {
            for &id in ids {
                let due = world.agents.get_mut(id).map_or(0, |a| agent_hooks.own(a));
                if due != 0 {
                    agent_hooks.in_world(world, id, due);
                }
            }
        }
    }
    after.iter().for_each(|after| after(world));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_one_feature_walks_the_agents() {
        let hooks: Vec<TickHooks> = RUNTIMES.iter().map(|r| r.tick).collect();
        assert!(hooks.iter().filter(|h| h.pass.is_some()).count() <= 1);
    }
}

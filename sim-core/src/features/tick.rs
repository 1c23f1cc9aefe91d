//! The features phase of a tick, run from the features' own hooks: each feature's
//! [`super::runtime::Runtime::tick`] says what it does every tick, and this runs them in the
//! catalog's order, so the tick names no feature.
//!
//! A feature updates agents in one of three ways ([`super::runtime::TickHooks`]): by walking
//! the agents itself (Movement plans and moves every agent), by updating one agent right
//! after its move in that same walk (and, for work that reads more than the agent, right
//! after that), or once after the walk.
//! Riding on one walk reads each agent's memory once a tick instead of once per feature.

use super::catalog::FeatureKind;
use super::runtime::{AgentHook, AgentHooks, Pass};
use super::FEATURES;
use crate::entity::EntityId;
use crate::world::World;
use std::any::Any;

/// The features phase's state kept from tick to tick: the hooks gathered from the list of features, and
/// the scratch space of the feature that walks the agents.
pub(crate) struct Scratch {
    agent_hooks: AgentHooks,
    pass: Option<(Pass, Box<dyn Any>)>,
    after: Vec<fn(&mut World)>,
}

impl Scratch {
    /// Gathers the hooks of every feature's runtime, for ticks `seconds_per_tick` long.
    pub(crate) fn new(seconds_per_tick: f64) -> Scratch {
        let hooks: Vec<AgentHook> = (FEATURES.iter().map(|f| &f.runtime))
            .zip(0..)
            .filter(|(r, _)| r.tick.agent.is_some() || r.tick.agent_in_world.is_some())
            .map(|(r, kind)| AgentHook {
                kind: FeatureKind::from_number(kind).bit(),
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
        let runtimes = FEATURES.iter().map(|f| f.runtime.tick);
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
                let due = (world.agents.split_mut(id)).map_or(0, |(mut a, mut features)| {
                    agent_hooks.own(&mut a, &mut features)
                });
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
        let hooks: Vec<_> = FEATURES.iter().map(|f| f.runtime.tick).collect();
        assert!(hooks.iter().filter(|h| h.pass.is_some()).count() <= 1);
    }
}

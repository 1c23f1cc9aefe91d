//! What the world does for a new agent: a name no other agent has, under which the registry
//! knows it, and the small change a child's prop may get from its parent's (`reproduce`); and
//! how many agents the model has, which the cap on new agents counts.

use super::World;
use crate::entity::EntityId;
use crate::event::EventLoop;
use crate::vars::{RandomSource, Value};

impl World {
    pub(crate) fn register(
        &mut self,
        lp: &mut EventLoop<World>,
        bp: &str,
        name: &str,
    ) -> Option<EntityId> {
        let base = if name.is_empty() || name.contains('/') {
            format!("{bp} {}", self.serial())
        } else {
            name.to_string()
        };
        let mut candidate = base.clone();
        loop {
            self.count_named();
            match self.registry_mut().spawn(lp, bp, &candidate) {
                Ok(id) => return Some(id),
                Err(crate::entity::EntityError::DuplicateName(_)) => {
                    candidate = format!("{base} #{}", self.serial());
                }
                Err(e) => {
                    let origin = self.origin(bp, 0, 0);
                    self.log
                        .warn_once(origin, format!("could not make an agent: {e}"));
                    return None;
                }
            }
        }
    }

    pub(crate) fn mutate(&mut self, id: EntityId, feature: &str, prop: &str, add: f64, sub: f64) {
        let shift = -sub + self.rng.next_f64() * (add + sub);
        let var = if feature.is_empty() {
            self.agents.prop_mut(id, prop)
        } else {
            (self.agents.feature_named_mut(id, feature)).and_then(|f| f.into_prop_mut(prop))
        };
        if let Some(var) = var {
            let _ = var.call("add", &[Value::Number(shift.round())], &mut self.rng);
        }
    }

    /// How many agents the model has: every agent but the hidden one that runs the rounds.
    pub(crate) fn model_agents(&self) -> usize {
        self.agents.len() - usize::from(self.system().is_some())
    }
}

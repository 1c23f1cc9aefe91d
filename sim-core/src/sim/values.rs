//! Values the teacher sets while the model runs — a slider, a switch or a chooser moved: a
//! Global prop, or a prop of every agent of a blueprint, changed at once and made the prop's
//! starting value for agents made later and for a reset.

use super::input::{AgentUpdate, InputError};
use super::record::Input;
use super::Simulation;
use crate::entity::EntityId;
use crate::vars::Value;
use crate::world::starting::{StartTarget, Starting};
use std::rc::Rc;

impl Simulation {
    /// Sets the prop `target` names to `value` now, through the prop's own `setTo` (a
    /// blueprint's agents each through the update path the inspector's changes take), and
    /// keeps it as the prop's starting value; answers how many props changed. Recorded in the
    /// input log once any agent was sent the change, refused or not, so a replay does alike;
    /// the first refusal is the error.
    pub fn set_value(&mut self, target: &StartTarget, value: Value) -> Result<usize, InputError> {
        let mut refusal = None;
        let count = match target {
            StartTarget::Global(name) => {
                let var = self.world.globals.get_mut(name).ok_or_else(|| {
                    InputError::Rejected(format!("the model has made no Global prop '{name}' yet"))
                })?;
                var.call("setTo", std::slice::from_ref(&value), &mut self.world.rng)
                    .map_err(|e| InputError::Rejected(e.to_string()))?;
                1
            }
            StartTarget::Prop { blueprint, prop } => {
                let bp = self
                    .world
                    .blueprints
                    .index(blueprint)
                    .ok_or_else(|| InputError::NoSuchBlueprint(blueprint.clone()))?;
                let ids: Vec<EntityId> = self
                    .world
                    .visible_agents()
                    .filter(|a| a.blueprint == bp)
                    .map(|a| a.id)
                    .collect();
                for &id in &ids {
                    self.send(id, AgentUpdate::Prop(prop.clone(), value.clone()))?;
                    if let Some(why) = self.world.take_refusal() {
                        refusal.get_or_insert(why);
                    }
                }
                ids.len()
            }
        };
        self.keep_starting(target, &value);
        self.record(Input::SetValue(target.clone(), value));
        match refusal {
            Some(why) => Err(InputError::Rejected(why)),
            None => Ok(count),
        }
    }

    /// Makes `value` the starting value of `target`, in place of any it had.
    fn keep_starting(&mut self, target: &StartTarget, value: &Value) {
        let mut starting: Vec<Starting> = self
            .starting
            .iter()
            .filter(|s| s.target != *target)
            .cloned()
            .collect();
        starting.push(Starting {
            target: target.clone(),
            value: value.clone(),
        });
        self.starting = Rc::from(starting);
        self.world.set_starting(Rc::clone(&self.starting));
    }
}

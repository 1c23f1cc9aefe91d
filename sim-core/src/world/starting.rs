//! Starting values a run gives props in place of the ones its scripts give them: the values an
//! experiment varies (see [`crate::experiment`]).
//!
//! A blueprint prop's starting value is set on every agent of the blueprint right after its
//! DEFINE program (before its INIT program and its instance's init script, which may still
//! change it), so agents made later in the run start with it too. A Global prop's is set when
//! `addGlobalProp` first makes it. Either way the value goes through the prop's own `setTo`,
//! as a change from the inspector does, so a Number's limits still hold.

use super::World;
use crate::entity::EntityId;
use crate::vars::{GVar, Value};

/// A prop a starting value is for.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum StartTarget {
    /// An added prop of every agent of a blueprint (`Fish.energyUse`).
    Prop {
        /// The blueprint's name.
        blueprint: String,
        /// The prop's name.
        prop: String,
    },
    /// A Global prop (`Global.rate`).
    Global(String),
}

/// One prop's starting value.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Starting {
    /// Whose prop.
    pub target: StartTarget,
    /// The value it starts with.
    pub value: Value,
}

impl StartTarget {
    /// The prop `text` names: `Blueprint.prop`, or `Global.prop` for a Global prop.
    pub fn parse(text: &str) -> Result<StartTarget, String> {
        let text = text.trim();
        match text.split_once('.') {
            Some(("Global", name)) if !name.is_empty() => Ok(StartTarget::Global(name.to_string())),
            Some((blueprint, prop)) if !blueprint.is_empty() && !prop.is_empty() => {
                Ok(StartTarget::Prop {
                    blueprint: blueprint.to_string(),
                    prop: prop.to_string(),
                })
            }
            _ => Err(format!(
                "'{text}' should name a property, like Fish.energyUse or Global.rate"
            )),
        }
    }
}

impl World {
    /// Replaces the props' starting values (a widget set one while the model runs).
    pub(crate) fn set_starting(&mut self, starting: std::rc::Rc<[Starting]>) {
        self.starting = starting;
    }

    /// Gives agent `id`, of blueprint `blueprint`, the starting values of its blueprint's
    /// props (called right after its DEFINE program). A value the prop refuses is logged.
    pub(crate) fn give_starting_props(&mut self, id: EntityId, blueprint: &str) {
        if self.starting.is_empty() {
            return;
        }
        let starting = std::rc::Rc::clone(&self.starting);
        for s in starting.iter() {
            let StartTarget::Prop {
                blueprint: bp,
                prop,
            } = &s.target
            else {
                continue;
            };
            if bp != blueprint {
                continue;
            }
            let var = self.agents.prop_mut(id, prop);
            let result = match var {
                Some(var) => set_to(var, &s.value, &mut self.rng),
                None => Err(format!(
                    "{blueprint} has no property '{prop}', so its starting value is not used"
                )),
            };
            if let Err(why) = result {
                let at = self.origin(blueprint, 0, 0);
                self.log.warn_once(at, why);
            }
        }
    }

    /// Gives the Global prop `name`, just made, its starting value if it has one.
    pub(crate) fn give_starting_global(&mut self, name: &str) {
        let starting = std::rc::Rc::clone(&self.starting);
        let value = starting.iter().find_map(|s| match &s.target {
            StartTarget::Global(n) if n == name => Some(&s.value),
            _ => None,
        });
        let Some(value) = value else {
            return;
        };
        let result = match self.globals.get_mut(name) {
            Some(var) => set_to(var, value, &mut self.rng),
            None => Ok(()),
        };
        if let Err(why) = result {
            let at = self.origin("Global", 0, 0);
            self.log.warn_once(at, why);
        }
    }
}

/// `setTo value` on `var`, with the prop's own checks.
fn set_to(var: &mut GVar, value: &Value, rng: &mut rand_pcg::Pcg32) -> Result<(), String> {
    var.call("setTo", std::slice::from_ref(value), rng)
        .map(drop)
        .map_err(|e| e.to_string())
}

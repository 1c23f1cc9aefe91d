//! Physics at run time: each agent's body, the box touch tests compare.

use super::spec::PHYSICS;
use crate::agent::{Agent, Agents};
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::catalog::{FeatureKind, PropSlot};
use crate::features::runtime::{feat, methods, num_arg, Runtime, TickHooks};
use crate::features::MethodId;
use crate::script::program::Arg;
use crate::vars::Value;

/// The Physics feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: None,
    tick: TickHooks::NONE,
    setter: None,
};

/// The body size of an agent whose Physics sets none (GEMSTEP's costumes are 32 units).
pub const DEFAULT_BODY: f64 = 32.0;

/// Physics's kind, which the tick (and the stage's view of an agent) finds the feature by.
pub(crate) const KIND: FeatureKind = FeatureKind::named(PHYSICS.name);
const RADIUS: PropSlot = PropSlot::of(&PHYSICS, "bodyRadius");
const WIDTH: PropSlot = PropSlot::of(&PHYSICS, "bodyWidth");
const HEIGHT: PropSlot = PropSlot::of(&PHYSICS, "bodyHeight");
pub(crate) const SCALE: PropSlot = PropSlot::of(&PHYSICS, "scale");
pub(crate) const SCALE_Y: PropSlot = PropSlot::of(&PHYSICS, "scaleY");

methods!(PHYSICS, Init = "init", SetSize = "setSize");

/// Runs a Physics method on agent `id`.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    method: MethodId,
    args: &[Arg],
) -> Result<(), Failure> {
    match Method::of(method)? {
        // The body already defaults to the costume's size.
        Method::Init => feat(r, id, KIND).map(drop),
        Method::SetSize => {
            let width = num_arg(r, args, 0, DEFAULT_BODY)?;
            let height = num_arg(r, args, 1, width)?;
            let mut p = feat(r, id, KIND)?;
            p.set("bodyWidth", Value::Number(width));
            p.set("bodyHeight", Value::Number(height));
            Ok(())
        }
    }
}

/// Half the width and half the height of an agent's body, scaled.
/// Every touch test reads it for every body, so its props are found by slot, not by name.
pub fn half_size(agents: &Agents, agent: &Agent) -> (f64, f64) {
    let Some(p) = agents.feature_of(agent, KIND) else {
        return (DEFAULT_BODY / 2.0, DEFAULT_BODY / 2.0);
    };
    let radius = p.number_at(RADIUS).unwrap_or(0.0);
    let pick = |v: f64| {
        if v > 0.0 {
            v
        } else if radius > 0.0 {
            radius * 2.0
        } else {
            DEFAULT_BODY
        }
    };
    let width = pick(p.number_at(WIDTH).unwrap_or(0.0));
    let height = pick(p.number_at(HEIGHT).unwrap_or(0.0));
    let scale = p.number_at(SCALE).unwrap_or(1.0).abs();
    let scale_y = p.number_at(SCALE_Y).unwrap_or(1.0).abs();
    (width * scale / 2.0, height * scale * scale_y / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::Entities;

    #[test]
    fn every_body_slot_names_a_catalog_prop() {
        assert!([RADIUS, WIDTH, HEIGHT, SCALE, SCALE_Y]
            .iter()
            .all(|s| s.resolves()));
    }

    #[test]
    fn the_body_defaults_to_the_costume_size_and_scales() {
        let id = Entities::new().spawn().unwrap();
        let mut agents = Agents::default();
        agents.insert(Agent::new(id, 0, String::new()));
        let size = |agents: &Agents| agents.get(id).map(|a| half_size(agents, &a));
        assert_eq!(size(&agents), Some((16.0, 16.0)));
        let mut physics = agents.feature_or_new(id, KIND).unwrap();
        physics.set("scale", Value::Number(0.5));
        physics.set("scaleY", Value::Number(2.0));
        physics.set("bodyWidth", Value::Number(40.0));
        assert_eq!(size(&agents), Some((10.0, 16.0)));
    }
}

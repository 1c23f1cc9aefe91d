//! Physics at run time: each agent's body, the box touch tests compare.

use super::dispatch::{feat, no_method, num_arg};
use crate::agent::Agent;
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::script::program::Arg;
use crate::vars::Value;

/// The body size of an agent whose Physics sets none (GEMSTEP's costumes are 32 units).
pub const DEFAULT_BODY: f64 = 32.0;

/// Runs a Physics method on agent `id`.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    method: &str,
    args: &[Arg],
) -> Result<(), Failure> {
    match method {
        // The body already defaults to the costume's size.
        "init" => feat(r, id, "Physics").map(drop),
        "setSize" => {
            let width = num_arg(r, args, 0, DEFAULT_BODY)?;
            let height = num_arg(r, args, 1, width)?;
            let p = feat(r, id, "Physics")?;
            p.set("bodyWidth", Value::Number(width));
            p.set("bodyHeight", Value::Number(height));
            Ok(())
        }
        _ => Err(no_method("Physics", method)),
    }
}

/// Half the width and half the height of an agent's body, scaled.
pub fn half_size(agent: &Agent) -> (f64, f64) {
    let Some(p) = agent.feature("Physics") else {
        return (DEFAULT_BODY / 2.0, DEFAULT_BODY / 2.0);
    };
    let radius = p.number("bodyRadius").unwrap_or(0.0);
    let pick = |v: f64| {
        if v > 0.0 {
            v
        } else if radius > 0.0 {
            radius * 2.0
        } else {
            DEFAULT_BODY
        }
    };
    let width = pick(p.number("bodyWidth").unwrap_or(0.0));
    let height = pick(p.number("bodyHeight").unwrap_or(0.0));
    let scale = p.number("scale").unwrap_or(1.0).abs();
    let scale_y = p.number("scaleY").unwrap_or(1.0).abs();
    (width * scale / 2.0, height * scale * scale_y / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::FeatureState;
    use crate::entity::Entities;

    #[test]
    fn the_body_defaults_to_the_costume_size_and_scales() {
        let mut a = Agent::new(Entities::new().spawn().unwrap(), 0, String::new(), 0);
        assert_eq!(half_size(&a), (16.0, 16.0));
        let mut physics = FeatureState::new(crate::features::feature("Physics").unwrap());
        physics.set("scale", Value::Number(0.5));
        physics.set("scaleY", Value::Number(2.0));
        physics.set("bodyWidth", Value::Number(40.0));
        a.features.push(physics);
        assert_eq!(half_size(&a), (10.0, 16.0));
    }
}

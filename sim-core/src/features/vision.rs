//! Vision at run time: a cone in front of the agent, and whether a colour stands out from the
//! agents behind it (camouflage).

use super::dispatch::not_available;
use crate::agent::Agent;
use crate::entity::EntityId;
use crate::exec::{Failure, Obj, Runner};
use crate::script::expr::Value as ExprValue;
use crate::sim::world::World;

/// Whether `seer` sees `other`: within its view distance and inside its view cone, and
/// `other` is visionable.
pub fn sees(seer: &Agent, other: &Agent) -> bool {
    let visionable = other
        .feature("Vision")
        .and_then(|v| v.flag("visionable"))
        .unwrap_or(true);
    if !visionable {
        return false;
    }
    let distance = seer.feat_num("Vision", "viewDistance", 250.0);
    let angle = seer.feat_num("Vision", "viewAngle", 45.0);
    let (dx, dy) = (other.x - seer.x, other.y - seer.y);
    let gap = (dx * dx + dy * dy).sqrt();
    if gap > distance {
        return false;
    }
    if gap < 1e-9 {
        return true;
    }
    let heading = seer.feat_num("Movement", "direction", 0.0);
    let bearing = libm::atan2(-dy, dx).to_degrees();
    let off = (bearing - heading + 180.0).rem_euclid(360.0) - 180.0;
    off.abs() <= angle / 2.0
}

/// Whether `seer` can tell `other`'s colour from every agent `other` sits on, using the
/// seer's detection thresholds. With nothing behind it, `other` stands out.
pub(crate) fn sees_color(world: &World, seer: &Agent, other: &Agent) -> bool {
    let Some(c) = other.feature("Costume") else {
        return true;
    };
    let hsv = |f: &crate::agent::FeatureState| {
        [
            f.number("colorHue").unwrap_or(0.0),
            f.number("colorSaturation").unwrap_or(0.0),
            f.number("colorValue").unwrap_or(0.0),
        ]
    };
    let mine = hsv(c);
    let limits = [
        seer.feat_num("Vision", "colorHueDetectionThreshold", 0.0),
        seer.feat_num("Vision", "colorSaturationDetectionThreshold", 0.0),
        seer.feat_num("Vision", "colorValueDetectionThreshold", 0.0),
    ];
    let blends = |back: &Agent| {
        let Some(bc) = back.feature("Costume") else {
            return false;
        };
        let theirs = hsv(bc);
        mine.iter()
            .zip(theirs)
            .zip(limits)
            .all(|((a, b), limit)| (a - b).abs() <= limit)
    };
    !world.agents.iter().any(|back| {
        back.id != other.id && back.id != seer.id && !back.system && {
            let (hw, hh) = super::physics::half_size(back);
            (other.x - back.x).abs() <= hw && (other.y - back.y).abs() <= hh && blends(back)
        }
    })
}

/// Answers Vision queries: `canSeeColorOfCharacter(other)`.
pub(crate) fn query(
    r: &mut Runner<'_>,
    id: EntityId,
    method: &str,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    match (method, args.first()) {
        ("canSeeColorOfCharacter", Some(ExprValue::Object(Obj::Agent(other)))) => {
            let seer = r.agent(id)?;
            let other = r.agent(*other)?;
            Ok(ExprValue::Boolean(sees_color(r.world, seer, other)))
        }
        ("canSeeColorOfCharacter", _) => Err("needs an agent, such as Moth".to_string()),
        _ => Err(not_available("Vision", method)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::FeatureState;
    use crate::entity::Entities;
    use crate::vars::Value;

    #[test]
    fn an_agent_sees_within_its_cone_and_distance_only() {
        let mut entities = Entities::new();
        let mut eye = Agent::new(entities.spawn().unwrap(), 0, String::new(), 0);
        let mut movement = FeatureState::new(crate::features::feature("Movement").unwrap());
        movement.set("direction", Value::Number(90.0));
        eye.features.push(movement);
        let mut dot = Agent::new(entities.spawn().unwrap(), 1, String::new(), 0);
        dot.y = -100.0; // up, straight ahead of an eye facing 90°
        assert!(sees(&eye, &dot));
        dot.y = 100.0;
        assert!(!sees(&eye, &dot), "behind");
        dot.y = -300.0;
        assert!(!sees(&eye, &dot), "beyond the default 250");
        dot.y = -100.0;
        let mut vision = FeatureState::new(crate::features::feature("Vision").unwrap());
        vision.set("visionable", Value::Boolean(false));
        dot.features.push(vision);
        assert!(!sees(&eye, &dot), "not visionable");
    }
}

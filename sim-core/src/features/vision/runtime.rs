//! Vision at run time: a cone in front of the agent, and whether a colour stands out from the
//! agents behind it (camouflage).

use super::spec::VISION;
use crate::agent::{AgentRef, Agents};
use crate::entity::EntityId;
use crate::exec::{Failure, Obj, Runner};
use crate::features::catalog::{FeatureKind, PropSlot};
use crate::features::costume::COSTUME;
use crate::features::movement::MOVEMENT;
use crate::features::runtime::{methods, no_answer, Runtime, TickHooks};
use crate::features::MethodId;
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::spatial::SpatialGrid;
use crate::world::World;

/// The Vision feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: Some(query),
    tick: TickHooks::NONE,
    setter: None,
};

/// Vision's props the pair tests read, by slot: they run for many pairs every tick.
pub(crate) const VIEW_DISTANCE: PropSlot = PropSlot::of(&VISION, "viewDistance");
const VIEW_ANGLE: PropSlot = PropSlot::of(&VISION, "viewAngle");
const VISIONABLE: PropSlot = PropSlot::of(&VISION, "visionable");
const DIRECTION: PropSlot = PropSlot::of(&MOVEMENT, "direction");
const HUE_THRESHOLD: PropSlot = PropSlot::of(&VISION, "colorHueDetectionThreshold");
const SATURATION_THRESHOLD: PropSlot = PropSlot::of(&VISION, "colorSaturationDetectionThreshold");
/// Vision's kind: every sight test asks whether the other agent is visionable.
const VISION_KIND: FeatureKind = FeatureKind::named(VISION.name);
/// Costume's kind: the colour tests read every candidate's tint.
const COSTUME_KIND: FeatureKind = FeatureKind::named(COSTUME.name);
const VALUE_THRESHOLD: PropSlot = PropSlot::of(&VISION, "colorValueDetectionThreshold");

/// Whether `seer` sees `other`: within its view distance and inside its view cone, and
/// `other` is visionable.
pub fn sees(agents: &Agents, seer: AgentRef<'_>, other: AgentRef<'_>) -> bool {
    let visionable = agents
        .feature_of(&other, VISION_KIND)
        .and_then(|v| v.prop_at(VISIONABLE)?.value().as_bool())
        .unwrap_or(true);
    if !visionable {
        return false;
    }
    let distance = agents.feat_num_at(&seer, VIEW_DISTANCE, 250.0);
    let angle = agents.feat_num_at(&seer, VIEW_ANGLE, 45.0);
    let (dx, dy) = (other.x() - seer.x(), other.y() - seer.y());
    let gap = (dx * dx + dy * dy).sqrt();
    if gap > distance {
        return false;
    }
    if gap < 1e-9 {
        return true;
    }
    let heading = agents.feat_num_at(&seer, DIRECTION, 0.0);
    let bearing = libm::atan2(-dy, dx).to_degrees();
    let off = (bearing - heading + 180.0).rem_euclid(360.0) - 180.0;
    off.abs() <= angle / 2.0
}

/// Whether `seer` can tell `other`'s colour from every agent `other` sits on, using the
/// seer's detection thresholds. With nothing behind it, `other` stands out.
pub(crate) fn sees_color(world: &World, seer: AgentRef<'_>, other: AgentRef<'_>) -> bool {
    !blends_in(
        &world.agents,
        other,
        thresholds(&world.agents, seer),
        |back| back.id != seer.id,
        world.agents.iter(),
    )
}

/// Whether `agent` is camouflaged on a character of blueprint `background`: its centre is
/// on one whose tint is within the agent's own colour detection thresholds of its tint.
pub(crate) fn is_camouflaged(world: &World, agent: AgentRef<'_>, background: usize) -> bool {
    let behind = |back: AgentRef<'_>| back.blueprint == background;
    let agents = &world.agents;
    blends_in(
        agents,
        agent,
        thresholds(agents, agent),
        behind,
        agents.iter(),
    )
}

/// An agent's Vision colour detection thresholds: hue, saturation, value.
fn thresholds(agents: &Agents, agent: AgentRef<'_>) -> [f64; 3] {
    [
        agents.feat_num_at(&agent, HUE_THRESHOLD, 0.0),
        agents.feat_num_at(&agent, SATURATION_THRESHOLD, 0.0),
        agents.feat_num_at(&agent, VALUE_THRESHOLD, 0.0),
    ]
}

/// Whether `agent`'s centre is on one of `candidates` that `behind` accepts and whose tint
/// differs from the agent's by no more than `limits` (hue, saturation, value).
fn blends_in<'a>(
    agents: &Agents,
    agent: AgentRef<'_>,
    limits: [f64; 3],
    behind: impl Fn(AgentRef<'_>) -> bool,
    mut candidates: impl Iterator<Item = AgentRef<'a>>,
) -> bool {
    let Some(mine) = tint(agents, agent) else {
        return false;
    };
    candidates.any(|back| {
        back.id != agent.id && !back.system && behind(back) && {
            let (hw, hh) = crate::features::physics::half_size(agents, &back);
            on_body(agent.x(), agent.y(), back.x(), back.y(), hw, hh)
                && tint(agents, back).is_some_and(|theirs| close(mine, theirs, limits))
        }
    })
}

/// An agent's tint (hue, saturation, value) when it wears a Costume.
fn tint(agents: &Agents, agent: AgentRef<'_>) -> Option<[f64; 3]> {
    agents.feature_of(&agent, COSTUME_KIND).map(hsv_array)
}

/// Whether point `(x, y)` is on the body centred at `(cx, cy)` with half sizes `hw`, `hh`.
fn on_body(x: f64, y: f64, cx: f64, cy: f64, hw: f64, hh: f64) -> bool {
    (x - cx).abs() <= hw && (y - cy).abs() <= hh
}

/// Whether two tints differ by no more than `limits` in hue, saturation and value.
fn close(mine: [f64; 3], theirs: [f64; 3], limits: [f64; 3]) -> bool {
    mine.iter()
        .zip(theirs)
        .zip(limits)
        .all(|((a, b), limit)| (a - b).abs() <= limit)
}

/// One agent a colour can blend into, as [`Backdrops`] holds it: what the colour test reads
/// of it, taken once per index rather than once per test.
#[derive(Clone, Copy)]
struct Backdrop {
    id: EntityId,
    x: f64,
    y: f64,
    hw: f64,
    hh: f64,
    tint: [f64; 3],
}

/// The agents a colour can blend into (those with a Costume), indexed by place, so that the
/// many colour tests of one `seesCamouflaged` rule look only at the agents near each one.
/// Made for one rule's scan, during which no agent moves; [`Backdrops::sees_color`] answers
/// exactly as [`sees_color`] does.
pub(crate) struct Backdrops {
    grid: SpatialGrid,
    /// The indexed agents, in the order of `grid`'s points.
    bodies: Vec<Backdrop>,
    /// The largest half width or height of their bodies: how far a search must reach.
    reach: f64,
}

impl Backdrops {
    /// Indexes the world's costumed agents.
    pub(crate) fn new(world: &World) -> Backdrops {
        let (mut bodies, mut xs, mut ys, mut reach) = (Vec::new(), Vec::new(), Vec::new(), 0.0_f64);
        for (id, agent) in world.agents.iter_with_ids() {
            let Some(tint) = tint(&world.agents, agent).filter(|_| !agent.system) else {
                continue;
            };
            let (hw, hh) = crate::features::physics::half_size(&world.agents, &agent);
            reach = reach.max(hw).max(hh);
            bodies.push(Backdrop {
                id,
                x: agent.x(),
                y: agent.y(),
                hw,
                hh,
                tint,
            });
            xs.push(agent.x());
            ys.push(agent.y());
        }
        let mut grid = SpatialGrid::new();
        grid.rebuild(&xs, &ys, (reach * 2.0).clamp(16.0, 256.0));
        let bodies = grid
            .order()
            .iter()
            .filter_map(|&i| bodies.get(i as usize).copied())
            .collect();
        Backdrops {
            grid,
            bodies,
            reach,
        }
    }

    /// [`sees_color`], looking only at the agents whose bodies can hold `other`'s centre.
    pub(crate) fn sees_color(
        &self,
        world: &World,
        seer: AgentRef<'_>,
        other: AgentRef<'_>,
    ) -> bool {
        // A place that is not a number is on no body: nothing to search.
        if !(other.x().is_finite() && other.y().is_finite() && self.reach.is_finite()) {
            return sees_color(world, seer, other);
        }
        let Some(mine) = tint(&world.agents, other) else {
            return true;
        };
        let limits = thresholds(&world.agents, seer);
        let mut found = false;
        self.grid
            .for_each_run(other.x(), other.y(), self.reach, |run| {
                if found {
                    return;
                }
                let near = self.bodies.get(run).unwrap_or_default();
                found = near.iter().any(|b| {
                    b.id != other.id
                        && b.id != seer.id
                        && on_body(other.x(), other.y(), b.x, b.y, b.hw, b.hh)
                        && close(mine, b.tint, limits)
                });
            });
        !found
    }
}

fn hsv_array(c: crate::agent::FeatureRef<'_>) -> [f64; 3] {
    let (h, s, v) = crate::agent::color::hsv_of(c);
    [h, s, v]
}

methods!(
    VISION,
    Monitor = "monitor",
    IsCamouflaged = "isCamouflaged",
    CanSeeColorOfCharacter = "canSeeColorOfCharacter",
);

/// Runs a Vision method that changes something: only `monitor`, which needs no bookkeeping
/// (every pair a `when` rule names is tested).
fn call(
    _r: &mut Runner<'_>,
    _id: EntityId,
    method: MethodId,
    _args: &[Arg],
) -> Result<(), Failure> {
    match Method::of(method)? {
        Method::Monitor => Ok(()),
        Method::IsCamouflaged | Method::CanSeeColorOfCharacter => {
            Err(crate::features::runtime::answers(&VISION, method))
        }
    }
}

/// Answers Vision's questions about agent `id`: `canSeeColorOfCharacter(other)` and
/// `isCamouflaged('Blueprint')`. A character is an agent value or, in a `featCall`, the
/// blueprint name a `when` binds.
pub(crate) fn query(
    r: &mut Runner<'_>,
    id: EntityId,
    method: MethodId,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    match Method::of(method)? {
        Method::CanSeeColorOfCharacter => {
            let other = match args.first() {
                Some(ExprValue::Object(Obj::Agent(other))) => Some(*other),
                Some(ExprValue::String(name)) => r.bound(name),
                _ => None,
            }
            .ok_or("needs a character, like Moth inside a 'when' that names Moth")?;
            r.charge_scan(r.world.agents.len())?;
            let seer = r.agent(id)?;
            let other = r.agent(other)?;
            Ok(ExprValue::Boolean(sees_color(r.world, seer, other)))
        }
        Method::IsCamouflaged => {
            let Some(ExprValue::String(name)) = args.first() else {
                return Err("needs a blueprint's name in quotes, like 'TreeTrunk'".to_string());
            };
            let background = r
                .world
                .blueprints
                .index(name)
                .ok_or_else(|| crate::features::population::no_blueprint(r, name))?;
            r.charge_scan(r.world.agents.len())?;
            let agent = r.agent(id)?;
            Ok(ExprValue::Boolean(is_camouflaged(
                r.world, agent, background,
            )))
        }
        Method::Monitor => Err(no_answer(&VISION, method)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vision_slot_names_a_catalog_prop() {
        let slots = [
            VIEW_DISTANCE,
            VIEW_ANGLE,
            DIRECTION,
            HUE_THRESHOLD,
            SATURATION_THRESHOLD,
            VISIONABLE,
        ];
        assert!(slots.iter().chain([&VALUE_THRESHOLD]).all(|s| s.resolves()));
    }
    use crate::entity::Entities;
    use crate::vars::Value;

    #[test]
    fn an_agent_sees_within_its_cone_and_distance_only() {
        let mut entities = Entities::new();
        let mut agents = crate::agent::Agents::default();
        let (eye, dot) = (entities.spawn().unwrap(), entities.spawn().unwrap());
        agents.insert(crate::agent::Agent::new(eye, 0, String::new()));
        agents.insert(crate::agent::Agent::new(dot, 1, String::new()));
        let movement = FeatureKind::named("Movement");
        let mut heading = agents.feature_or_new(eye, movement).unwrap();
        heading.set("direction", Value::Number(90.0));
        let sees_at = |agents: &mut crate::agent::Agents, y: f64| {
            *agents.get_mut(dot).unwrap().y_mut() = y;
            sees(agents, agents.get(eye).unwrap(), agents.get(dot).unwrap())
        };
        // Up, straight ahead of an eye facing 90°.
        assert!(sees_at(&mut agents, -100.0));
        assert!(!sees_at(&mut agents, 100.0), "behind");
        assert!(!sees_at(&mut agents, -300.0), "beyond the default 250");
        let mut vision = agents.feature_or_new(dot, VISION_KIND).unwrap();
        vision.set("visionable", Value::Boolean(false));
        assert!(!sees_at(&mut agents, -100.0), "not visionable");
    }
}

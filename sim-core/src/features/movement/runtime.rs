//! Movement at run time: every movement type, seeking, and the stage's bounds (wrap per axis,
//! otherwise bounce back inside).

use super::spec::MOVEMENT;
use crate::agent::{AgentFeatures, AgentMut, AgentRef, InputMode};
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::catalog::{FeatureKind, PropSlot};
use crate::features::runtime::{
    feat, method_name, methods, num_arg, text_arg, AgentHooks, Pass, Runtime, TickHooks,
};
use crate::features::vision::Backdrops;
use crate::features::MethodId;
use crate::project::StageMetadata;
use crate::script::program::Arg;
use crate::spatial::SpatialGrid;
use crate::vars::{RandomSource, Value};
use crate::world::World;

/// The Movement feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: None,
    tick: TickHooks {
        pass: Some(PASS),
        ..TickHooks::NONE
    },
    setter: None,
};

/// Movement's kind, which the tick finds the feature by.
const KIND: FeatureKind = FeatureKind::named(MOVEMENT.name);

/// The Movement props the tick reads and writes for every moving agent.
const MOVEMENT_TYPE: PropSlot = PropSlot::of(&MOVEMENT, "movementType");
const DIRECTION: PropSlot = PropSlot::of(&MOVEMENT, "direction");
const COMPASS: PropSlot = PropSlot::of(&MOVEMENT, "compassDirection");
const DISTANCE: PropSlot = PropSlot::of(&MOVEMENT, "distance");
const IS_MOVING: PropSlot = PropSlot::of(&MOVEMENT, "isMoving");
const AUTO_ORIENT: PropSlot = PropSlot::of(&MOVEMENT, "useAutoOrientation");
const TARGET: PropSlot = PropSlot::of(&MOVEMENT, "targetCharacterType");

methods!(
    MOVEMENT,
    SetMovementType = "setMovementType",
    SetController = "setController",
    QueuePosition = "queuePosition",
    SetRandomDirection = "setRandomDirection",
    SetRandomPosition = "setRandomPosition",
    SetRandomPositionX = "setRandomPositionX",
    SetRandomPositionY = "setRandomPositionY",
    SetRandomStart = "setRandomStart",
    SetRandomStartPosition = "setRandomStartPosition",
    JitterPos = "jitterPos",
    JitterRotate = "jitterRotate",
    SeekNearest = "seekNearest",
    SeekNearestVisibleCone = "seekNearestVisibleCone",
    SeekNearestVisibleColor = "seekNearestVisibleColor",
    WanderUntilCharacter = "wanderUntilCharacter",
);

/// Runs a Movement method on agent `id`.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    method: MethodId,
    args: &[Arg],
) -> Result<(), Failure> {
    match Method::of(method)? {
        Method::SetMovementType => set_type(r, id, args),
        Method::SetController => {
            let who = text_arg(r, args, 0)?;
            let mut agent = r.world.agents.get_mut(id).ok_or(crate::exec::REMOVED)?;
            agent.mode = if who == "user" {
                InputMode::Puppet
            } else {
                InputMode::Auto
            };
            Ok(())
        }
        Method::QueuePosition => {
            let (x, y) = (num_arg(r, args, 0, 0.0)?, num_arg(r, args, 1, 0.0)?);
            let mut agent = r.world.agents.get_mut(id).ok_or(crate::exec::REMOVED)?;
            *agent.x_mut() = x;
            *agent.y_mut() = y;
            Ok(())
        }
        Method::SetRandomDirection => {
            let d = r.world.rng.next_f64() * 360.0;
            feat(r, id, KIND)?.set("direction", Value::Number(d));
            Ok(())
        }
        which @ (Method::SetRandomPosition
        | Method::SetRandomPositionX
        | Method::SetRandomPositionY
        | Method::SetRandomStart
        | Method::SetRandomStartPosition) => random_position(r, id, which),
        Method::JitterPos => {
            // GEMSTEP's `jitterPos(min = -5, max = 5, round = true)`: x, then y, each move
            // by a random amount from min up to max, rounded to a whole number unless
            // `round` is false. Like queuePosition here, the character moves at once.
            let min = num_arg(r, args, 0, -5.0)?;
            let max = num_arg(r, args, 1, 5.0)?;
            let round = match args.get(2) {
                Some(arg) => crate::exec::truthy(&r.arg(arg)?),
                None => true,
            };
            let dx = random_between(r, min, max, round);
            let dy = random_between(r, min, max, round);
            let mut agent = r.world.agents.get_mut(id).ok_or(crate::exec::REMOVED)?;
            *agent.x_mut() += dx;
            *agent.y_mut() += dy;
            Ok(())
        }
        Method::JitterRotate => {
            // GEMSTEP notes the call; its next movement update turns the character to a
            // random angle instead of orienting it (see `update`).
            feat(r, id, KIND)?.set_jitter_rotate(true);
            Ok(())
        }
        Method::SeekNearest
        | Method::SeekNearestVisibleCone
        | Method::SeekNearestVisibleColor
        | Method::WanderUntilCharacter => {
            let target = text_arg(r, args, 0)?;
            let mut m = feat(r, id, KIND)?;
            let kind = method_name(&MOVEMENT, method);
            m.set("movementType", Value::String(kind.to_string()));
            m.set("targetCharacterType", Value::String(target));
            Ok(())
        }
    }
}

/// GEMSTEP Movement's `m_random(min, max, round)`: `RNG() * (max - min) + min`, from min up
/// to (not including) max, then rounded as JavaScript's `Math.round` rounds when `round`.
fn random_between(r: &mut Runner<'_>, min: f64, max: f64, round: bool) -> f64 {
    let n = r.world.rng.next_f64() * (max - min) + min;
    if round {
        crate::script::expr::round_half_up(n)
    } else {
        n
    }
}

/// A `jitterRotate`'s new angle: GEMSTEP's `RNG() * Math.PI * 2` radians.
fn random_angle(rng: &mut impl RandomSource) -> f64 {
    rng.next_f64() * std::f64::consts::TAU
}

fn set_type(r: &mut Runner<'_>, id: EntityId, args: &[Arg]) -> Result<(), Failure> {
    let kind = text_arg(r, args, 0)?;
    let speed = match args.get(1) {
        Some(_) => Some(num_arg(r, args, 1, 0.5)?),
        None => None,
    };
    let direction = match (args.get(2), args.get(3)) {
        (Some(_), Some(_)) => {
            let (lo, hi) = (num_arg(r, args, 2, 0.0)?, num_arg(r, args, 3, 0.0)?);
            let pick = r.world.rng.next_f64();
            Some(if pick < 0.5 { lo } else { hi })
        }
        (Some(_), None) => Some(num_arg(r, args, 2, 0.0)?),
        _ => None,
    };
    let mut m = feat(r, id, KIND)?;
    m.set("movementType", Value::String(kind));
    if let Some(speed) = speed {
        m.set("distance", Value::Number(speed));
    }
    if let Some(d) = direction {
        m.set("direction", Value::Number(d));
    }
    Ok(())
}

fn random_position(r: &mut Runner<'_>, id: EntityId, method: Method) -> Result<(), Failure> {
    let s = r.world.stage().clone();
    let x = s.left + r.world.rng.next_f64() * (s.right - s.left);
    let y = s.top + r.world.rng.next_f64() * (s.bottom - s.top);
    let mut agent = r.world.agents.get_mut(id).ok_or(crate::exec::REMOVED)?;
    if method != Method::SetRandomPositionY {
        *agent.x_mut() = x;
    }
    if method != Method::SetRandomPositionX {
        *agent.y_mut() = y;
    }
    Ok(())
}

/// Where an agent ends up this tick, worked out before any agent moves.
struct Step {
    id: EntityId,
    x: f64,
    y: f64,
}

/// Buffers [`update`] reuses from tick to tick, so moving agents allocates nothing once
/// warmed up.
#[derive(Default)]
struct Scratch {
    steps: Vec<Step>,
    /// Per agent slot, the heading its agent last stepped along (see [`Heading`]).
    headings: Vec<Heading>,
    targets: Vec<Targets>,
    /// The colour backdrops `seekNearestVisibleColor` tests against, made when a seeker first
    /// needs them in a pass (no agent moves until every move is planned).
    backdrops: Option<Backdrops>,
}

/// Moves every agent with Movement that its own programs steer, then keeps it on the stage.
/// The other features' per-agent hooks (`then`) run on every agent of `ids` (moved or not)
/// right after its move, in the same pass, so a feature that updates every agent after
/// movement does not walk them all again.
///
/// Plans read other agents' places (seekers), so every agent plans before any agent moves.
/// Nothing a plan reads of another agent is its Movement props, so each agent's new heading
/// is written right after its own plan, while its props are in cache; the second pass only
/// sets the places.
fn update(world: &mut World, ids: &[EntityId], scratch: &mut Scratch, then: &AgentHooks) {
    let Scratch {
        steps,
        headings,
        targets,
        backdrops,
    } = scratch;
    steps.clear();
    // Seekers' target grids and backdrops hold this tick's places only.
    targets.clear();
    *backdrops = None;
    // Plans read the world while the movements that wander or shake draw random numbers:
    // they draw from this copy of the generator, which is put back after the last plan.
    let mut rng = world.rng.clone();
    for &id in ids {
        let Some(agent) = world.agents.get(id) else {
            continue;
        };
        let Some(m) = world.agents.feature_of(&agent, KIND) else {
            continue;
        };
        // A `jitterRotate` since the last pass turns the character to a random angle in
        // place of orienting it, whoever steers it (GEMSTEP's `m_ProcessPosition`).
        let spin = m.jitter_rotate().then(|| random_angle(&mut rng));
        if agent.mode != InputMode::Auto || agent.selection.captive || agent.system {
            if let (Some(angle), Some((mut agent, mut features))) =
                (spin, world.agents.split_mut(id))
            {
                spin_to(&mut agent, &mut features, angle);
            }
            continue;
        }
        // The type's text is parsed again only after it was set (see `turn`).
        let code = match m.parsed() {
            0 => Move::code(m.str_at(MOVEMENT_TYPE).unwrap_or_default()),
            code => code,
        };
        let kind = Move::of_code(code);
        let distance = m.number_at(DISTANCE).unwrap_or(0.0);
        let direction = m.number_at(DIRECTION).unwrap_or(0.0);
        let seek = Seek {
            // Read only by the movements that look for a target: with thousands of agents,
            // each prop read is a wait for memory.
            target: if kind.seeks() {
                m.str_at(TARGET).unwrap_or_default()
            } else {
                ""
            },
            cache: targets,
            backdrops,
        };
        let planned = match plan(world, agent, kind, distance, direction, &mut rng, seek) {
            Plan::Ahead(d) => {
                let (sin, cos) = Heading::of_slot(headings, id).along(d);
                (cos * distance, -sin * distance, d)
            }
            Plan::Step(dx, dy, d) => (dx, dy, d),
        };
        let landing = land(agent, planned, world.stage());
        if let Some((mut agent, mut features)) = world.agents.split_mut(id) {
            turn(&mut agent, &mut features, &landing, code);
            if let Some(angle) = spin {
                spin_to(&mut agent, &mut features, angle);
            }
            steps.push(Step {
                id,
                x: landing.x,
                y: landing.y,
            });
        }
    }
    world.rng = rng;
    // The steps are in the order of `ids`, one per moving agent.
    let mut steps = steps.iter().peekable();
    for &id in ids {
        let Some((mut agent, mut features)) = world.agents.split_mut(id) else {
            continue;
        };
        if let Some(step) = steps.next_if(|s| s.id == id) {
            *agent.x_mut() = step.x;
            *agent.y_mut() = step.y;
        }
        let due = then.own(&mut agent, &mut features);
        if due != 0 {
            then.in_world(world, id, due);
        }
    }
}

/// Turns an agent to `angle` (radians) for its `jitterRotate`, and forgets the call.
fn spin_to(agent: &mut AgentMut<'_>, features: &mut AgentFeatures<'_>, angle: f64) {
    *agent.orientation_mut() = angle;
    if let Some(mut m) = features.of_kind(KIND) {
        m.set_jitter_rotate(false);
    }
}

/// Movement's walk over the agents, which the features phase runs ([`update`]).
const PASS: Pass = Pass {
    scratch: || Box::<Scratch>::default(),
    run: |world, ids, scratch, then| {
        if let Some(scratch) = scratch.downcast_mut::<Scratch>() {
            update(world, ids, scratch, then);
        }
    },
};

/// What a seeking agent looks for, and the per-tick index of targets.
struct Seek<'a> {
    target: &'a str,
    cache: &'a mut Vec<Targets>,
    backdrops: &'a mut Option<Backdrops>,
}

/// A movement type [`plan`] carries out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Move {
    Wander,
    /// Wander until the agent's centre is on a character of the target kind, then rest.
    WanderUntilInside,
    EdgeToEdge,
    Jitter,
    Float,
    GoLocation,
    SetLocation,
    Seek(Sight),
    /// `stop`, or a type GEMSTEP does not know: it moves nothing.
    Still,
}

/// Each movement type's spelling: the types the catalog offers
/// ([`MOVEMENT_TYPES`](super::MOVEMENT_TYPES)), and the names, old ones too, of the methods
/// that set the type to their own name (`seekNearest`, `wanderUntilInside` ..., see
/// [`call`]), which GEMSTEP's scripts also write as a type. A spelling not listed stands
/// still, as `stop` does.
const MOVES: [(&str, Move); 13] = [
    ("stop", Move::Still),
    ("wander", Move::Wander),
    ("wanderUntilInside", Move::WanderUntilInside),
    ("wanderUntilCharacter", Move::WanderUntilInside),
    ("edgeToEdge", Move::EdgeToEdge),
    ("jitter", Move::Jitter),
    ("float", Move::Float),
    ("goLocation", Move::GoLocation),
    ("setLocation", Move::SetLocation),
    ("seekNearest", Move::Seek(Sight::Anywhere)),
    ("seekNearestVisible", Move::Seek(Sight::Cone)),
    ("seekNearestVisibleCone", Move::Seek(Sight::Cone)),
    ("seekNearestVisibleColor", Move::Seek(Sight::ConeAndColour)),
];

impl Move {
    /// Whether the movement looks for agents of its `targetCharacterType`.
    fn seeks(self) -> bool {
        matches!(self, Move::WanderUntilInside | Move::Seek(_))
    }

    /// The number of the movement type `text` names, which Movement's state keeps as what it
    /// [parsed](crate::agent::FeatureState::parsed): one more than its place in [`MOVES`],
    /// or one more than the last for a type GEMSTEP does not know (never 0, which is
    /// "nothing parsed"). GEMSTEP reads the type ignoring case (`Wander` wanders); the exact
    /// spelling, which nearly every script writes, is tried first.
    fn code(text: &str) -> u8 {
        let at = MOVES
            .iter()
            .position(|(name, _)| *name == text)
            .or_else(|| {
                MOVES
                    .iter()
                    .position(|(name, _)| name.eq_ignore_ascii_case(text))
            })
            .unwrap_or(MOVES.len());
        at as u8 + 1
    }

    /// The movement type of number `code` (see [`Move::code`]).
    fn of_code(code: u8) -> Move {
        MOVES
            .get(usize::from(code).wrapping_sub(1))
            .map_or(Move::Still, |(_, kind)| *kind)
    }
}

/// Where one agent goes this tick.
enum Plan {
    /// `distance` ahead along a heading in degrees.
    Ahead(f64),
    /// `(dx, dy, new direction)`.
    Step(f64, f64, f64),
}

/// The sine and cosine of a heading, kept in an agent's slot from tick to tick. A wanderer
/// turns about once a second and most movement goes straight ahead, so nearly every step is
/// along the heading of the last one, whose sine and cosine (the costliest part of a step)
/// are then not worked out again. They are a function of the heading alone, so an entry
/// left by an agent that was removed serves the next agent in its slot as well.
#[derive(Debug, Clone, Copy)]
struct Heading {
    degrees: f64,
    sin: f64,
    cos: f64,
}

impl Default for Heading {
    fn default() -> Heading {
        Heading {
            degrees: 0.0,
            sin: 0.0,
            cos: 1.0,
        }
    }
}

impl Heading {
    /// The entry of agent `id`'s slot, made when the slot is new.
    fn of_slot(headings: &mut Vec<Heading>, id: EntityId) -> &mut Heading {
        let slot = id.index() as usize;
        if headings.len() <= slot {
            headings.resize(slot + 1, Heading::default());
        }
        &mut headings[slot]
    }

    /// The sine and cosine of `degrees` ([`sin_cos_degrees`]), worked out only when the
    /// heading is not the one kept (compared bit for bit, so `-0.0` is not `0.0`).
    #[inline]
    fn along(&mut self, degrees: f64) -> (f64, f64) {
        if self.degrees.to_bits() != degrees.to_bits() {
            let (sin, cos) = sin_cos_degrees(degrees);
            *self = Heading { degrees, sin, cos };
        }
        (self.sin, self.cos)
    }
}

/// Where one agent goes, before the stage's edges have their say.
fn plan(
    world: &World,
    agent: AgentRef<'_>,
    kind: Move,
    distance: f64,
    direction: f64,
    rng: &mut impl RandomSource,
    mut seek: Seek<'_>,
) -> Plan {
    match kind {
        Move::Wander => Plan::Ahead(direction + wander_turn(rng)),
        Move::WanderUntilInside => match nearest(world, &mut seek, agent, Sight::Anywhere) {
            Some((_, _, inside)) if inside => Plan::Step(0.0, 0.0, direction),
            _ => Plan::Ahead(direction + wander_turn(rng)),
        },
        Move::EdgeToEdge => Plan::Ahead(direction),
        Move::Jitter => {
            let size = (world.agents)
                .feat_num(&agent, "Movement", "jitterDistance", 0.0)
                .max(distance);
            let (r1, r2) = (rng.next_f64(), rng.next_f64());
            Plan::Step((r1 * 2.0 - 1.0) * size, (r2 * 2.0 - 1.0) * size, direction)
        }
        Move::Float => Plan::Step(0.0, -distance, direction),
        Move::GoLocation | Move::SetLocation => {
            let tx = world
                .agents
                .feat_num(&agent, "Movement", "targetX", agent.x());
            let ty = world
                .agents
                .feat_num(&agent, "Movement", "targetY", agent.y());
            let reach = if kind == Move::SetLocation {
                f64::INFINITY
            } else {
                distance
            };
            toward(agent, tx, ty, reach, direction)
        }
        Move::Seek(sight) => match nearest(world, &mut seek, agent, sight) {
            Some((x, y, _)) => toward(agent, x, y, distance, direction),
            None => Plan::Ahead(direction + wander_turn(rng)),
        },
        Move::Still => Plan::Step(0.0, 0.0, direction),
    }
}

/// A wanderer turns about once a second, by up to 90° either way (two numbers are drawn
/// either way, so the draws do not depend on the first).
fn wander_turn(rng: &mut impl RandomSource) -> f64 {
    let (r1, r2) = (rng.next_f64(), rng.next_f64());
    if r1 < 1.0 / 30.0 {
        (r2 - 0.5) * 180.0
    } else {
        0.0
    }
}

fn toward(agent: AgentRef<'_>, tx: f64, ty: f64, distance: f64, direction: f64) -> Plan {
    let (dx, dy) = (tx - agent.x(), ty - agent.y());
    let gap = (dx * dx + dy * dy).sqrt();
    if gap < 1e-9 {
        return Plan::Step(0.0, 0.0, direction);
    }
    let heading = libm::atan2(-dy, dx).to_degrees();
    let step = distance.min(gap);
    Plan::Step(dx / gap * step, dy / gap * step, heading)
}

/// Which targets a seeker can find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sight {
    /// Any, however far and wherever.
    Anywhere,
    /// Those in its vision cone (`seekNearestVisibleCone`).
    Cone,
    /// Those in its vision cone whose colour it can tell from what they sit on
    /// (`seekNearestVisibleColor`: camouflaged targets are not found).
    ConeAndColour,
}

impl Sight {
    /// Whether `seeker` finds `target`; a colour test looks through `backdrops` when given.
    fn finds(
        self,
        world: &World,
        seeker: AgentRef<'_>,
        target: AgentRef<'_>,
        backdrops: Option<&Backdrops>,
    ) -> bool {
        match self {
            Sight::Anywhere => true,
            Sight::Cone => crate::features::vision::sees(&world.agents, seeker, target),
            Sight::ConeAndColour => {
                crate::features::vision::sees(&world.agents, seeker, target)
                    && match backdrops {
                        Some(backdrops) => backdrops.sees_color(world, seeker, target),
                        None => crate::features::vision::sees_color(world, seeker, target),
                    }
            }
        }
    }
}

/// The active agents of one blueprint in a grid, built once per tick when a seeker needs it.
struct Targets {
    blueprint: usize,
    ids: Vec<EntityId>,
    grid: SpatialGrid,
}

impl Targets {
    fn new(world: &World, blueprint: usize) -> Targets {
        let mut ids = Vec::new();
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for a in world
            .agents
            .iter()
            .filter(|a| a.blueprint == blueprint && a.is_active())
        {
            ids.push(a.id);
            xs.push(a.x());
            ys.push(a.y());
        }
        let mut grid = SpatialGrid::new();
        grid.rebuild(&xs, &ys, 64.0);
        Targets {
            blueprint,
            ids,
            grid,
        }
    }

    /// The nearest target to `agent` (within its vision cone when asked), searching boxes
    /// that double in size: a target found at distance `d <= r` in the box of half-size `r`
    /// is the nearest, since every closer point lies in the same box.
    fn nearest<'w>(
        &self,
        world: &'w World,
        agent: AgentRef<'_>,
        sight: Sight,
        backdrops: Option<&Backdrops>,
    ) -> Option<AgentRef<'w>> {
        let limit = if sight != Sight::Anywhere {
            (world.agents).feat_num_at(&agent, crate::features::vision::VIEW_DISTANCE, 250.0)
        } else {
            let s = world.stage();
            (s.right - s.left).abs() + (s.bottom - s.top).abs()
        };
        let mut radius = 32.0_f64;
        // 64 doublings reach past any finite coordinate a model can have.
        for _ in 0..64 {
            let radius_now = radius.min(limit.max(0.0));
            let mut best: Option<(f64, AgentRef<'_>)> = None;
            self.grid
                .for_each_candidate(agent.x(), agent.y(), radius_now, |i| {
                    let Some(other) = self
                        .ids
                        .get(i as usize)
                        .and_then(|id| world.agents.get(*id))
                    else {
                        return;
                    };
                    if other.id == agent.id || !sight.finds(world, agent, other, backdrops) {
                        return;
                    }
                    let (dx, dy) = (other.x() - agent.x(), other.y() - agent.y());
                    let d = (dx * dx + dy * dy).sqrt();
                    if best.is_none_or(|(b, _)| d < b) {
                        best = Some((d, other));
                    }
                });
            match best {
                Some((d, other)) if d <= radius_now => return Some(other),
                found if radius_now >= limit || !limit.is_finite() => return found.map(|(_, o)| o),
                _ => radius *= 2.0,
            }
        }
        None
    }
}

/// The nearest target of the seeker's blueprint `seek.target` and whether `agent`'s centre
/// is inside its body.
fn nearest(
    world: &World,
    seek: &mut Seek<'_>,
    agent: AgentRef<'_>,
    sight: Sight,
) -> Option<(f64, f64, bool)> {
    let bp = world.blueprints.index(seek.target)?;
    let cache = &mut *seek.cache;
    let index = match cache.iter().position(|t| t.blueprint == bp) {
        Some(i) => i,
        None => {
            cache.push(Targets::new(world, bp));
            cache.len() - 1
        }
    };
    // The reference interpreter tests every agent behind, as `sees_color` does.
    let backdrops = (sight == Sight::ConeAndColour && !world.reference())
        .then(|| &*seek.backdrops.get_or_insert_with(|| Backdrops::new(world)));
    let o = cache.get(index)?.nearest(world, agent, sight, backdrops)?;
    let (hw, hh) = crate::features::physics::half_size(&world.agents, &o);
    let inside = (agent.x() - o.x()).abs() <= hw && (agent.y() - o.y()).abs() <= hh;
    Some((o.x(), o.y(), inside))
}

/// Where a planned step `(dx, dy, direction)` takes an agent once the stage's edges have had
/// their say, and which way it then heads.
struct Landing {
    x: f64,
    y: f64,
    direction: f64,
    moving: bool,
}

fn land(
    agent: AgentRef<'_>,
    (dx, dy, direction): (f64, f64, f64),
    stage: &StageMetadata,
) -> Landing {
    let edge = |wrap: bool| match (wrap, stage.bounce) {
        (true, _) => Edge::Wrap,
        (false, true) => Edge::Bounce,
        (false, false) => Edge::Stop,
    };
    let (x, flip_x) = keep_inside(agent.x() + dx, stage.left, stage.right, edge(stage.wrap[0]));
    let (y, flip_y) = keep_inside(agent.y() + dy, stage.top, stage.bottom, edge(stage.wrap[1]));
    let mut direction = direction;
    if flip_x {
        direction = 180.0 - direction;
    }
    if flip_y {
        direction = -direction;
    }
    Landing {
        x,
        y,
        direction: degrees(direction),
        moving: dx != 0.0 || dy != 0.0,
    }
}

/// Writes a landing's heading into the agent's Movement props (and its picture's angle when
/// it orients itself); the place is set later, once every agent has planned. `code` is the
/// movement type's number read at the plan: these writes leave the type as it was, so it is
/// kept for the next tick's plan.
fn turn(agent: &mut AgentMut<'_>, features: &mut AgentFeatures<'_>, landing: &Landing, code: u8) {
    let Some(mut m) = features.of_kind(KIND) else {
        return;
    };
    let auto_orient = m.flag_at(AUTO_ORIENT).unwrap_or(false);
    m.set_number_at(DIRECTION, landing.direction);
    let heading = compass(landing.direction);
    if m.str_at(COMPASS) != Some(heading) {
        m.set_text_at(COMPASS, heading);
    }
    m.set_flag_at(IS_MOVING, landing.moving);
    m.note_parsed(code);
    if auto_orient && landing.moving {
        *agent.orientation_mut() = -landing.direction.to_radians();
    }
}

/// A heading brought into `0..360` degrees; one already there is returned as it is, which is
/// what the remainder would give, without its division.
fn degrees(direction: f64) -> f64 {
    if (0.0..360.0).contains(&direction) {
        direction
    } else {
        direction.rem_euclid(360.0)
    }
}

/// What the stage's edge does to an agent that crosses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edge {
    /// It comes back in on the other side.
    Wrap,
    /// It is reflected back inside.
    Bounce,
    /// It stops at the edge.
    Stop,
}

/// A coordinate kept within `lo..=hi` by the edge's rule, and whether the heading must turn
/// (after bouncing or stopping at an edge the agent heads back in).
pub(crate) fn keep_inside(v: f64, lo: f64, hi: f64, edge: Edge) -> (f64, bool) {
    let span = hi - lo;
    if span.is_nan() || span <= 0.0 || !v.is_finite() {
        return (if lo.is_finite() { lo } else { 0.0 }, false);
    }
    let offset = v - lo;
    match edge {
        // Inside already, the remainder below is the offset itself: skip the division.
        Edge::Wrap if (0.0..span).contains(&offset) => (lo + offset, false),
        Edge::Wrap => (lo + offset.rem_euclid(span), false),
        _ if (lo..=hi).contains(&v) => (v, false),
        Edge::Bounce if v < lo => ((lo + (lo - v)).min(hi), true),
        Edge::Bounce => ((hi - (v - hi)).max(lo), true),
        Edge::Stop => (v.clamp(lo, hi), true),
    }
}

/// The sine and cosine of `degrees`. The angle is first brought within 45° of a multiple of
/// 90° by subtracting that multiple, which is exact in degrees, so only a small angle is
/// turned into radians: a heading of 90° gives exactly (1, 0) and an agent heading straight
/// up does not drift sideways, and the library skips its own argument reduction, the
/// slowest part of a sine.
pub fn sin_cos_degrees(degrees: f64) -> (f64, f64) {
    // Ties (an odd multiple of 45°) may go either way; this rounding is one WASM instruction.
    let quadrant = (degrees * (1.0 / 90.0)).round_ties_even();
    let (sin, cos) = libm::sincos((degrees - 90.0 * quadrant).to_radians());
    // The quadrant as 0..4: a saturating cast keeps a huge or non-finite angle total (its
    // sine is then not-a-number or meaningless either way). Turning by quarters gives
    // (sin, cos), (cos, -sin), (-sin, -cos), (-cos, sin): odd quarters swap the two, and a
    // sign is flipped bit by bit, exactly as negation does, with no branch on the quadrant
    // (which differs from one agent to the next, so a branch would be mispredicted often).
    let q = (quadrant as i64).rem_euclid(4) as u64;
    let (s, c) = if q & 1 == 1 { (cos, sin) } else { (sin, cos) };
    let flip = |v: f64, bit: u64| f64::from_bits(v.to_bits() ^ (bit << 63));
    (flip(s, q >> 1), flip(c, (q ^ (q >> 1)) & 1))
}

/// N, E, S or W for a heading in degrees (0 is east, 90 north).
pub fn compass(direction: f64) -> &'static str {
    // Counted rather than branched on, as headings differ from one agent to the next:
    // 0..45 and 315..360 (and not-a-number) are E, then N, W and S by quarters.
    let d = degrees(direction);
    let quarter = [45.0, 135.0, 225.0, 315.0]
        .iter()
        .map(|&edge| usize::from(d >= edge))
        .sum::<usize>();
    ["E", "N", "W", "S", "E"]
        .get(quarter)
        .copied()
        .unwrap_or("E")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::MOVEMENT_TYPES;

    #[test]
    fn every_movement_slot_names_a_catalog_prop() {
        let slots = [
            MOVEMENT_TYPE,
            DIRECTION,
            COMPASS,
            DISTANCE,
            IS_MOVING,
            AUTO_ORIENT,
            TARGET,
        ];
        assert!(slots.iter().all(|s| s.resolves()));
        assert!(!PropSlot::of(&MOVEMENT, "directoin").resolves());
    }

    #[test]
    fn every_catalog_type_runs_and_every_other_spelling_names_a_movement_method() {
        for kind in MOVEMENT_TYPES {
            assert!(MOVES.iter().any(|(name, _)| name == kind), "{kind}");
        }
        for (name, _) in MOVES {
            let offered = MOVEMENT_TYPES.contains(&name) || MOVEMENT.method(name).is_some();
            assert!(
                offered,
                "{name} is neither a movement type nor a method's name"
            );
        }
    }

    #[test]
    fn a_movement_type_number_gives_back_its_type_and_is_never_0() {
        for (name, kind) in MOVES {
            assert_ne!(Move::code(name), 0);
            assert_eq!(Move::of_code(Move::code(name)), kind, "{name}");
        }
        assert_eq!(Move::of_code(Move::code("Wander")), Move::Wander);
        assert_eq!(
            Move::of_code(Move::code("SEEKNEAREST")),
            Move::Seek(Sight::Anywhere)
        );
        assert_eq!(Move::of_code(Move::code("stop")), Move::Still);
        assert_eq!(Move::of_code(0), Move::Still);
    }

    #[test]
    fn a_kept_heading_gives_the_sine_and_cosine_of_every_heading_asked_for() {
        let bits = |(s, c): (f64, f64)| (s.to_bits(), c.to_bits());
        let mut headings = Vec::new();
        let mut entities = crate::entity::Entities::new();
        let id = (0..4).map(|_| entities.spawn().unwrap()).last().unwrap();
        for d in [
            0.0,
            10.0,
            10.0,
            20.0,
            -0.0,
            0.0,
            f64::NAN,
            f64::NAN,
            10.0,
            370.0,
        ] {
            let kept = Heading::of_slot(&mut headings, id).along(d);
            assert_eq!(bits(kept), bits(sin_cos_degrees(d)), "{d}");
        }
        assert_eq!(headings.len(), 4);
    }

    #[test]
    fn sines_of_degrees_are_exact_at_right_angles_and_match_the_library_elsewhere() {
        assert_eq!(sin_cos_degrees(0.0), (0.0, 1.0));
        assert_eq!(sin_cos_degrees(90.0), (1.0, 0.0));
        assert_eq!(sin_cos_degrees(180.0), (0.0, -1.0));
        assert_eq!(sin_cos_degrees(270.0), (-1.0, 0.0));
        assert_eq!(sin_cos_degrees(-90.0), (-1.0, 0.0));
        assert_eq!(sin_cos_degrees(720.0 + 90.0), (1.0, 0.0));
        for i in 0..=72_000 {
            let d = f64::from(i) * 0.01 - 360.0;
            let (sin, cos) = sin_cos_degrees(d);
            let rad = d.to_radians();
            assert!((sin - rad.sin()).abs() < 1e-15, "sin {d}");
            assert!((cos - rad.cos()).abs() < 1e-15, "cos {d}");
        }
        let (sin, cos) = sin_cos_degrees(f64::NAN);
        assert!(sin.is_nan() && cos.is_nan());
    }

    #[test]
    fn wrapping_and_bouncing_keep_a_coordinate_in_range() {
        assert_eq!(
            keep_inside(410.0, -400.0, 400.0, Edge::Wrap),
            (-390.0, false)
        );
        assert_eq!(
            keep_inside(410.0, -400.0, 400.0, Edge::Bounce),
            (390.0, true)
        );
        assert_eq!(
            keep_inside(-405.0, -400.0, 400.0, Edge::Bounce),
            (-395.0, true)
        );
        assert_eq!(
            keep_inside(-405.0, -400.0, 400.0, Edge::Stop),
            (-400.0, true)
        );
        assert_eq!(keep_inside(12.0, -400.0, 400.0, Edge::Stop), (12.0, false));
        assert_eq!(compass(0.0), "E");
        assert_eq!(compass(90.0), "N");
        assert_eq!(compass(180.0), "W");
        assert_eq!(compass(270.0), "S");
    }

    #[test]
    fn compass_quarters_start_at_their_edges() {
        for (d, heading) in [
            (44.999, "E"),
            (45.0, "N"),
            (134.999, "N"),
            (135.0, "W"),
            (225.0, "S"),
            (314.999, "S"),
            (315.0, "E"),
            (359.999, "E"),
            (-10.0, "E"),
            (-90.0, "S"),
            (450.0, "N"),
            (f64::NAN, "E"),
            (f64::INFINITY, "E"),
        ] {
            assert_eq!(compass(d), heading, "{d}");
        }
    }

    /// The quarter turns as four plain cases, which the sign-flipping form must match bit for
    /// bit (negative zeros and not-a-numbers included).
    fn turned_by_quarters(degrees: f64) -> (f64, f64) {
        let quadrant = (degrees * (1.0 / 90.0)).round_ties_even();
        let (sin, cos) = libm::sincos((degrees - 90.0 * quadrant).to_radians());
        match (quadrant as i64).rem_euclid(4) {
            0 => (sin, cos),
            1 => (cos, -sin),
            2 => (-sin, -cos),
            _ => (-cos, sin),
        }
    }

    #[test]
    fn quarter_turns_flip_and_swap_exactly_as_negation_does() {
        let mut angles = vec![f64::NAN, f64::INFINITY, -f64::INFINITY, 1e300, -1e300, -0.0];
        angles.extend((-1440..=1440).map(|i| f64::from(i) * 0.5));
        angles.extend((0..1000).map(|i| f64::from(i) * 7.3 - 3650.0));
        for d in angles {
            let (sin, cos) = sin_cos_degrees(d);
            let (want_sin, want_cos) = turned_by_quarters(d);
            assert_eq!(sin.to_bits(), want_sin.to_bits(), "sin {d}");
            assert_eq!(cos.to_bits(), want_cos.to_bits(), "cos {d}");
        }
    }
}

//! `when` rules, evaluated once per tick: for each rule, B's agents go into a uniform grid
//! and each A agent tests only the B agents in nearby cells, never all pairs. Passing pairs
//! queue the rule's consequent on A's exec queue with both agents bound by blueprint name.

use super::program::{Contact, Rule, TestKind};
use super::world::World;
use crate::agent::{Agent, Queued};
use crate::entity::EntityId;
use crate::features::physics::half_size;
use crate::features::vision;
use crate::spatial::SpatialGrid;
use std::collections::BTreeSet;
use std::rc::Rc;

/// A centre this close to another counts as on it (`isCenteredOn`).
const CENTERED: f64 = 5.0;

/// The most pairs one rule may match in one tick; beyond it the rest are skipped with a
/// warning, so `when A isCloseTo B 100000` over thousands of agents cannot exhaust memory.
pub const MAX_PAIRS_PER_RULE: usize = 100_000;

/// An agent as a rule sees it.
#[derive(Clone, Copy)]
struct Body {
    id: EntityId,
    x: f64,
    y: f64,
    hw: f64,
    hh: f64,
}

impl Body {
    fn of(agent: &Agent) -> Body {
        let (hw, hh) = half_size(agent);
        Body {
            id: agent.id,
            x: agent.x,
            y: agent.y,
            hw,
            hh,
        }
    }
}

/// Evaluates every rule and queues consequents.
pub(crate) fn update(world: &mut World, grid: &mut SpatialGrid) {
    let program = Rc::clone(&world.program);
    if world.touching.len() < program.rules.len() {
        world
            .touching
            .resize_with(program.rules.len(), BTreeSet::new);
    }
    if world.profile.rules.len() < program.rules.len() {
        world.profile.rules.resize(program.rules.len(), 0);
    }
    for (index, rule) in program.rules.iter().enumerate() {
        let start = (world.timer)();
        match rule.test {
            Some(TestKind::Dies) => deaths(world, index, rule),
            Some(test) => evaluate(world, grid, index, rule, test),
            None => {
                let at = world.origin(&rule.script, rule.line, rule.col);
                let message = format!(
                    "the test '{}' is not available in Stepwise's runtime yet",
                    rule.test_name
                );
                world.log.error(at, message);
            }
        }
        let spent = (world.timer)().saturating_sub(start);
        if let Some(total) = world.profile.rules.get_mut(index) {
            *total = total.saturating_add(spent);
        }
    }
}

fn evaluate(world: &mut World, grid: &mut SpatialGrid, index: usize, rule: &Rule, test: TestKind) {
    let a_side = bodies(world, rule.a);
    let b_side = bodies(world, rule.b);
    let found = scan(world, grid, test, &a_side, &b_side);
    let Found {
        mut passing,
        touching,
        capped,
    } = found;
    if capped {
        let at = world.origin(&rule.script, rule.line, rule.col);
        let message = format!(
            "the rule matched more than {MAX_PAIRS_PER_RULE} pairs in one tick; the rest were skipped"
        );
        world.log.warn_once(at, message);
    }
    if let Some(before) = world.touching.get_mut(index) {
        match test {
            TestKind::FirstTouch(_) => passing.extend(touching.difference(before).copied()),
            TestKind::LastTouch(_) => passing.extend(before.difference(&touching).copied()),
            _ => {}
        }
        *before = touching;
    }
    queue(world, index, rule, &passing);
}

/// The active agents of blueprint `bp` as bodies, in slot order.
fn bodies(world: &World, bp: usize) -> Vec<Body> {
    world
        .agents
        .iter()
        .filter(|a| a.blueprint == bp && a.is_active())
        .map(Body::of)
        .collect()
}

/// What one rule's scan found.
struct Found {
    /// Pairs whose consequent runs (not yet the first/last-touch ones).
    passing: Vec<(EntityId, EntityId)>,
    /// Pairs in contact now, for first/last touches next tick.
    touching: BTreeSet<(EntityId, EntityId)>,
    /// Whether [`MAX_PAIRS_PER_RULE`] cut the scan short.
    capped: bool,
}

/// Tests every A body against the B bodies in nearby grid cells.
fn scan(
    world: &World,
    grid: &mut SpatialGrid,
    test: TestKind,
    a_side: &[Body],
    b_side: &[Body],
) -> Found {
    let xs: Vec<f64> = b_side.iter().map(|b| b.x).collect();
    let ys: Vec<f64> = b_side.iter().map(|b| b.y).collect();
    let reach_b = b_side.iter().map(|b| b.hw.max(b.hh)).fold(0.0, f64::max);
    grid.rebuild(&xs, &ys, (reach_b * 2.0).clamp(16.0, 256.0));
    let mut found = Found {
        passing: Vec::new(),
        touching: BTreeSet::new(),
        capped: false,
    };
    let contact = test.contact();
    for a in a_side {
        let Some(agent_a) = world.agents.get(a.id) else {
            continue;
        };
        let radius = match test {
            TestKind::Sees | TestKind::DoesNotSee | TestKind::SeesCamouflaged => {
                agent_a.feat_num("Vision", "viewDistance", 250.0)
            }
            TestKind::CloseTo(d) => d,
            _ => a.hw.max(a.hh) + reach_b,
        };
        grid.for_each_candidate(a.x, a.y, radius, |i| {
            let Some(b) = b_side.get(i as usize).filter(|b| b.id != a.id) else {
                return;
            };
            let hit = match contact {
                Some(contact) => touches(contact, a, b),
                None => pair_passes(world, test, (a, agent_a), b),
            };
            if !hit {
                return;
            }
            if found.passing.len() + found.touching.len() >= MAX_PAIRS_PER_RULE {
                found.capped = true;
                return;
            }
            if contact.is_some() {
                found.touching.insert((a.id, b.id));
            }
            if !matches!(test, TestKind::FirstTouch(_) | TestKind::LastTouch(_)) {
                found.passing.push((a.id, b.id));
            }
        });
        if found.capped {
            break;
        }
    }
    found
}

/// `when A dies`: agents of A that turned inert since the last tick (remembered as pairs of
/// the agent with itself).
fn deaths(world: &mut World, index: usize, rule: &Rule) {
    let inert: BTreeSet<(EntityId, EntityId)> = world
        .agents
        .iter()
        .filter(|a| a.blueprint == rule.a && !a.system && a.is_inert)
        .map(|a| (a.id, a.id))
        .collect();
    let mut passing = Vec::new();
    if let Some(before) = world.touching.get_mut(index) {
        passing.extend(inert.difference(before).copied());
        *before = inert;
    }
    queue(world, index, rule, &passing);
}

/// Whether a non-contact test passes for body `a` (agent `agent_a`) and body `b`. Distance
/// tests read the bodies alone (they hold the agents' places this tick); only vision tests
/// look the other agent up.
fn pair_passes(world: &World, test: TestKind, (a, agent_a): (&Body, &Agent), b: &Body) -> bool {
    let gap = || {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        (dx * dx + dy * dy).sqrt()
    };
    let sees = |color: bool| {
        world.agents.get(b.id).is_some_and(|other| {
            vision::sees(agent_a, other) && (!color || vision::sees_color(world, agent_a, other))
        })
    };
    match test {
        TestKind::CenteredOn => gap() <= CENTERED,
        TestKind::CloseTo(d) => gap() <= d,
        TestKind::Sees => sees(false),
        TestKind::DoesNotSee => world
            .agents
            .get(b.id)
            .is_some_and(|other| !vision::sees(agent_a, other)),
        TestKind::SeesCamouflaged => sees(true),
        TestKind::Touch(_) | TestKind::FirstTouch(_) | TestKind::LastTouch(_) | TestKind::Dies => {
            false
        }
    }
}

/// Whether two bodies are in the given contact.
fn touches(contact: Contact, a: &Body, b: &Body) -> bool {
    let (dx, dy) = ((a.x - b.x).abs(), (a.y - b.y).abs());
    match contact {
        Contact::Bounds => dx <= a.hw + b.hw && dy <= a.hh + b.hh,
        Contact::CenterInBounds => dx <= b.hw && dy <= b.hh,
        Contact::Centers => (dx * dx + dy * dy).sqrt() <= a.hw.min(b.hw).max(CENTERED),
        Contact::Inside => dx + a.hw <= b.hw && dy + a.hh <= b.hh,
    }
}

fn queue(world: &mut World, index: usize, rule: &Rule, passing: &[(EntityId, EntityId)]) {
    for &(a, b) in passing {
        if world.agents.get(b).is_none() {
            continue;
        }
        if let Some(agent) = world.agents.get_mut(a) {
            agent.exec_queue.push(Queued {
                rule: index,
                bindings: [(rule.a, a), (rule.b, b)],
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(x: f64, y: f64, half: f64) -> Body {
        let mut entities = crate::entity::Entities::new();
        Body {
            id: entities.spawn().unwrap(),
            x,
            y,
            hw: half,
            hh: half,
        }
    }

    #[test]
    fn contacts_compare_bounds_centres_and_insides() {
        let big = body(0.0, 0.0, 50.0);
        let small = body(40.0, 0.0, 5.0);
        assert!(touches(Contact::Bounds, &small, &big));
        assert!(touches(Contact::CenterInBounds, &small, &big));
        assert!(touches(Contact::Inside, &small, &big));
        assert!(!touches(Contact::Centers, &small, &big));
        let far = body(70.0, 0.0, 5.0);
        assert!(!touches(Contact::CenterInBounds, &far, &big));
        assert!(!touches(Contact::Bounds, &far, &body(0.0, 0.0, 10.0)));
    }
}

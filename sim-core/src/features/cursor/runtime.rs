//! Cursor at run time: a cursor agent (a student tracked in the room, or the mouse) picks a
//! character up, carries it and drops it. While carried, the character follows the cursor's
//! position every tick and is captive, so its own movement pauses. As in GEMSTEP, only a
//! character whose blueprint added Cursor can be picked up, a cursor carries one character
//! at a time, and a character is carried by one cursor at a time.

use super::spec::CURSOR;
use crate::agent::Agents;
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::runtime::{feat, methods, text_arg, Runtime, TickHooks};
use crate::features::MethodId;
use crate::script::program::Arg;
use crate::vars::Value;
use crate::world::{Hold, World};

/// The Cursor feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: None,
    tick: TickHooks {
        after: Some(carry),
        ..TickHooks::NONE
    },
    setter: None,
};

/// Cursor's kind, which its methods find the agent's feature by.
const KIND: crate::features::catalog::FeatureKind =
    crate::features::catalog::FeatureKind::named(CURSOR.name);

methods!(
    CURSOR,
    PickUp = "pickUp",
    BindCursor = "bindCursor",
    Drop = "drop",
    ReleaseCursor = "releaseCursor",
);

/// Runs a Cursor method on agent `id`.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    method: MethodId,
    args: &[Arg],
) -> Result<(), Failure> {
    match Method::of(method)? {
        Method::PickUp => {
            let name = text_arg(r, args, 0)?;
            let target = r.bound(&name).ok_or_else(|| {
                format!(
                    "'{name}' is no character here: use pickUp inside a 'when' that names {name}"
                )
            })?;
            feat(r, id, KIND)?;
            pick_up(r.world, id, target).map(drop)
        }
        Method::BindCursor => {
            let wanted = feat(r, id, KIND)?.number("cursorTargetId").unwrap_or(-1.0);
            r.charge_scan(r.world.agents.len())?;
            let target = r
                .world
                .visible_agents()
                .find(|a| f64::from(a.id.index()) == wanted)
                .map(|a| a.id)
                .ok_or_else(|| {
                    format!("no character has the id {wanted} (the number in cursorTargetId)")
                })?;
            pick_up(r.world, id, target).map(drop)
        }
        Method::Drop => {
            put_down(r.world, id);
            Ok(())
        }
        Method::ReleaseCursor => {
            release(r.world, id);
            Ok(())
        }
    }
}

/// Makes `cursor` pick up `target` and moves the target to the cursor. `Ok(false)` when the
/// cursor already carries a character or the target is already carried; an error when the
/// target cannot be carried at all.
pub(crate) fn pick_up(
    world: &mut World,
    cursor: EntityId,
    target: EntityId,
) -> Result<bool, Failure> {
    if cursor == target {
        return Err("a cursor cannot pick itself up".to_string());
    }
    let (x, y) = match world.agents.get(cursor).filter(|a| !a.system) {
        Some(c) => (c.x(), c.y()),
        None => return Err("the cursor was removed".to_string()),
    };
    let busy = world
        .holds()
        .iter()
        .any(|h| h.cursor == cursor || h.held == target);
    let mut agent = world
        .agents
        .get_mut(target)
        .filter(|a| !a.system)
        .ok_or("the character to pick up was removed")?;
    if !agent.has("Cursor") {
        return Err(format!(
            "{} cannot be picked up: its blueprint needs the line 'addFeature Cursor'",
            agent.name
        ));
    }
    if busy {
        return Ok(false);
    }
    *agent.x_mut() = x;
    *agent.y_mut() = y;
    agent.selection.captive = true;
    world.holds_mut().push(Hold {
        cursor,
        held: target,
    });
    let id = f64::from(target.index());
    mark(&mut world.agents, cursor, id, true);
    Ok(true)
}

/// Makes `cursor` put down what it carries, where the cursor is; returns what it dropped.
pub(crate) fn put_down(world: &mut World, cursor: EntityId) -> Option<EntityId> {
    let hold = *world.holds().iter().find(|h| h.cursor == cursor)?;
    let at = world.agents.get(cursor).map(|c| (c.x(), c.y()));
    if let (Some((x, y)), Some(mut held)) = (at, world.agents.get_mut(hold.held)) {
        *held.x_mut() = x;
        *held.y_mut() = y;
    }
    release(world, hold.held);
    Some(hold.held)
}

/// Lets go of `held`: whatever cursor carries it stops, and it is no longer captive (a
/// character nobody carries is simply made not captive).
pub(crate) fn release(world: &mut World, held: EntityId) {
    if let Some(mut agent) = world.agents.get_mut(held) {
        agent.selection.captive = false;
    }
    let Some(i) = world.holds().iter().position(|h| h.held == held) else {
        return;
    };
    let hold = world.holds_mut().swap_remove(i);
    carries_nothing(&mut world.agents, hold.cursor);
}

/// The character `cursor` carries, if any.
pub(crate) fn carried_by(world: &World, cursor: EntityId) -> Option<EntityId> {
    world
        .holds()
        .iter()
        .find(|h| h.cursor == cursor)
        .map(|h| h.held)
}

/// Ends holds whose cursor or character was removed: a character whose cursor is gone is
/// let go where it is.
pub(crate) fn forget_removed(world: &mut World) {
    let gone: Vec<Hold> = world
        .holds()
        .iter()
        .filter(|h| world.agents.get(h.cursor).is_none() || world.agents.get(h.held).is_none())
        .copied()
        .collect();
    for hold in gone {
        release(world, hold.held);
    }
}

/// Moves every carried character to its cursor (after movement, so it is where its cursor
/// ended this tick when conditions are tested).
fn carry(world: &mut World) {
    forget_removed(world);
    for i in 0..world.holds().len() {
        let Some(hold) = world.holds().get(i).copied() else {
            continue;
        };
        let Some((x, y)) = world.agents.get(hold.cursor).map(|c| (c.x(), c.y())) else {
            continue;
        };
        if let Some(mut held) = world.agents.get_mut(hold.held) {
            *held.x_mut() = x;
            *held.y_mut() = y;
        }
    }
}

/// Records that agent `id` carries nothing (a copy of a cursor does not carry what it does).
pub(crate) fn carries_nothing(agents: &mut Agents, id: EntityId) {
    mark(agents, id, -1.0, false);
}

/// Records on a cursor's Cursor props what it carries (`id` -1 for nothing).
fn mark(agents: &mut Agents, cursor: EntityId, id: f64, holding: bool) {
    if let Some(mut c) = agents.feature_mut(cursor, KIND) {
        c.set("cursorTargetId", Value::Number(id));
        c.set("isHolding", Value::Boolean(holding));
    }
}

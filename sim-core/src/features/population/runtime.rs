//! Population at run time: making, copying and removing characters, acting on every
//! character of a kind, and counts and aggregates of a prop.

use super::spec::POPULATION;
use crate::entity::EntityId;
use crate::exec::{Failure, Obj, Runner};
use crate::features::runtime::{
    answers, block_arg, feat, methods, no_answer, text_arg, Runtime, TickHooks,
};
use crate::features::MethodId;
use crate::script::expr::Value as ExprValue;
use crate::script::program::{Arg, Stmt};
use crate::vars::{RandomSource, Value};
use crate::world::Birth;
use std::rc::Rc;

/// The Population feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: Some(query),
    tick: TickHooks::NONE,
    setter: None,
};

/// Population's kind, which its methods find the agent's feature by.
const KIND: crate::features::catalog::FeatureKind =
    crate::features::catalog::FeatureKind::named(POPULATION.name);

methods!(
    POPULATION,
    CreateCharacter = "createCharacter",
    SpawnChild = "spawnChild",
    RemoveCharacter = "removeCharacter",
    GetRandomActiveCharacter = "getRandomActiveCharacter",
    ReleaseAllCharacters = "releaseAllCharacters",
    ReleaseInertCharacters = "releaseInertCharacters",
    HideInertCharacters = "hideInertCharacters",
    RemoveInertCharacters = "removeInertCharacters",
    CharactersReproduce = "charactersReproduce",
    OneCharacterReproduce = "oneCharacterReproduce",
    PopulateBySpawning = "populateBySpawning",
    CharactersForEachActive = "charactersForEachActive",
    CharactersForEach = "charactersForEach",
    GetActiveCharactersCount = "getActiveCharactersCount",
    CountCharacters = "countCharacters",
    CountCharacterProp = "countCharacterProp",
    MinCharacterProp = "minCharacterProp",
    MaxCharacterProp = "maxCharacterProp",
    CountCharactersByPropType = "countCharactersByPropType",
    SetCharactersByFeatPropTypeKeys = "setCharactersByFeatPropTypeKeys",
    CountExistingCharactersByFeatPropType = "countExistingCharactersByFeatPropType",
    TellCharacterByName = "tellCharacterByName",
    TellAllCharacters = "tellAllCharacters",
);

/// Runs a Population method on agent `id`.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    method: MethodId,
    args: &[Arg],
) -> Result<(), Failure> {
    match Method::of(method)? {
        Method::CreateCharacter => {
            let bp = blueprint_arg(r, args)?;
            let at = position(r, id);
            queue_birth(r, bp, at, None, block_arg(args), None);
            Ok(())
        }
        Method::SpawnChild => {
            let bp = r.agent(id)?.blueprint;
            let at = position(r, id);
            let mutation = mutation(r, id);
            queue_birth(r, bp, at, Some(id), block_arg(args), mutation);
            Ok(())
        }
        Method::RemoveCharacter => {
            r.world.remove_later(id);
            Ok(())
        }
        which @ (Method::ReleaseAllCharacters | Method::ReleaseInertCharacters) => {
            r.charge_scan(r.world.agents.len())?;
            let inert_only = which == Method::ReleaseInertCharacters;
            let held: Vec<EntityId> = r
                .world
                .visible_agents()
                .filter(|a| a.is_inert() || !inert_only)
                .map(|a| a.id)
                .collect();
            for id in held {
                crate::features::cursor::release(r.world, id);
            }
            Ok(())
        }
        Method::HideInertCharacters => {
            r.charge_scan(r.world.agents.len())?;
            let inert: Vec<EntityId> = (r.world.agents.iter())
                .filter(|a| a.is_inert() && !a.system)
                .map(|a| a.id)
                .collect();
            for id in inert {
                if let Some(mut agent) = r.world.agents.get_mut(id) {
                    *agent.visible_mut() = false;
                }
            }
            Ok(())
        }
        Method::RemoveInertCharacters => {
            r.charge_scan(r.world.agents.len())?;
            let inert: Vec<EntityId> = r
                .world
                .visible_agents()
                .filter(|a| a.is_inert())
                .map(|a| a.id)
                .collect();
            inert.into_iter().for_each(|i| r.world.remove_later(i));
            Ok(())
        }
        Method::CharactersReproduce => reproduce(r, id, false, args),
        Method::OneCharacterReproduce => reproduce(r, id, true, args),
        Method::PopulateBySpawning => populate(r, id, args),
        which @ (Method::CharactersForEachActive | Method::CharactersForEach) => {
            let bp = blueprint_arg(r, args)?;
            let only_active = which == Method::CharactersForEachActive;
            let ids = members(r, bp, only_active);
            for_each(r, &ids, block_arg(args));
            Ok(())
        }
        Method::TellAllCharacters => {
            let ids: Vec<EntityId> = r.world.visible_agents().map(|a| a.id).collect();
            for_each(r, &ids, block_arg(args));
            Ok(())
        }
        Method::CountCharacters => {
            let bp = blueprint_arg(r, args)?;
            let count = r.world.agents.count_of(bp, false) as f64;
            feat(r, id, KIND)?.set("count", Value::Number(count));
            Ok(())
        }
        Method::CountCharacterProp | Method::MinCharacterProp | Method::MaxCharacterProp => {
            aggregate(r, id, args)
        }
        Method::SetCharactersByFeatPropTypeKeys => {
            let keys = r.args(args)?;
            let buckets = keys
                .iter()
                .filter_map(Value::as_text)
                .map(|k| (k, 0.0))
                .collect();
            if let Some(kept) = feat(r, id, KIND)?.buckets_mut() {
                *kept = buckets;
            }
            Ok(())
        }
        Method::CountExistingCharactersByFeatPropType => super::histogram::count(r, id, true, args),
        Method::CountCharactersByPropType => super::histogram::count(r, id, false, args),
        Method::TellCharacterByName => {
            let name = text_arg(r, args, 0)?;
            r.charge_scan(r.world.agents.len())?;
            let ids: Vec<EntityId> = r
                .world
                .visible_agents()
                .filter(|a| *a.name == *name)
                .map(|a| a.id)
                .collect();
            for_each(r, &ids, block_arg(args));
            Ok(())
        }
        Method::GetRandomActiveCharacter | Method::GetActiveCharactersCount => {
            Err(answers(&POPULATION, method))
        }
    }
}

/// Answers Population's questions: `getActiveCharactersCount('Moth')` and
/// `getRandomActiveCharacter('Moth')` (one active Moth picked with the simulation's
/// generator, or `null` when there is none).
pub(crate) fn query(
    r: &mut Runner<'_>,
    _id: EntityId,
    method: MethodId,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    let blueprint = |r: &Runner<'_>| match args.first() {
        Some(ExprValue::String(name)) => blueprint_named(r, name),
        _ => Err("needs a blueprint's name in quotes, like 'Fish'".to_string()),
    };
    match Method::of(method)? {
        Method::GetActiveCharactersCount => {
            let bp = blueprint(r)?;
            Ok(ExprValue::Number(r.world.agents.count_of(bp, true) as f64))
        }
        Method::GetRandomActiveCharacter => {
            let active = members(r, blueprint(r)?, true);
            let pick = (r.world.rng.next_f64() * active.len() as f64) as usize;
            Ok(active
                .get(pick)
                .map_or(ExprValue::Null, |id| ExprValue::Object(Obj::Agent(*id))))
        }
        Method::CreateCharacter
        | Method::SpawnChild
        | Method::RemoveCharacter
        | Method::ReleaseAllCharacters
        | Method::ReleaseInertCharacters
        | Method::HideInertCharacters
        | Method::RemoveInertCharacters
        | Method::CharactersReproduce
        | Method::OneCharacterReproduce
        | Method::PopulateBySpawning
        | Method::CharactersForEachActive
        | Method::CharactersForEach
        | Method::CountCharacters
        | Method::CountCharacterProp
        | Method::MinCharacterProp
        | Method::MaxCharacterProp
        | Method::CountCharactersByPropType
        | Method::SetCharactersByFeatPropTypeKeys
        | Method::CountExistingCharactersByFeatPropType
        | Method::TellCharacterByName
        | Method::TellAllCharacters => Err(no_answer(&POPULATION, method)),
    }
}

fn blueprint_arg(r: &mut Runner<'_>, args: &[Arg]) -> Result<usize, Failure> {
    let name = text_arg(r, args, 0)?;
    blueprint_named(r, &name)
}

fn blueprint_named(r: &Runner<'_>, name: &str) -> Result<usize, Failure> {
    r.world
        .blueprints
        .index(name)
        .ok_or_else(|| no_blueprint(r, name))
}

/// The error of a blueprint name the model does not have, with the closest one it has.
pub(crate) fn no_blueprint(r: &Runner<'_>, name: &str) -> Failure {
    let names = r.world.blueprints.names();
    match crate::suggest::closest(name, names) {
        Some(close) => format!("there is no blueprint '{name}' — did you mean '{close}'?"),
        None => format!("there is no blueprint '{name}'"),
    }
}

fn position(r: &Runner<'_>, id: EntityId) -> (f64, f64) {
    r.world
        .agents
        .get(id)
        .map_or((0.0, 0.0), |a| (a.x(), a.y()))
}

/// The agents of blueprint `bp` (active ones only, or all but system agents), in slot order.
pub(crate) fn members(r: &mut Runner<'_>, bp: usize, only_active: bool) -> Rc<[EntityId]> {
    r.world.agents.members_of(bp, only_active)
}

/// Queues a birth for the next flush; false (logged once) when the model is at its agent
/// limit, so a caller making many stops there rather than trying each one.
fn queue_birth(
    r: &mut Runner<'_>,
    blueprint: usize,
    at: (f64, f64),
    parent: Option<EntityId>,
    init: &[Stmt],
    mutation: Option<(String, String, f64, f64)>,
) -> bool {
    if !r.charge(1) {
        return false;
    }
    let cap = r.world.agent_cap();
    let (alive, waiting) = (r.world.model_agents(), r.world.births().len());
    if alive + waiting >= cap {
        let bp = r.world.blueprints.name(blueprint);
        let at = r.world.origin(&r.script, r.at.0, r.at.1);
        let message = match waiting {
            0 => format!(
                "no new {bp} was made: the model already has {alive} characters, the most it \
                 may have"
            ),
            _ => format!(
                "no new {bp} was made: the model has {alive} characters and {waiting} more on \
                 the way, and it may have at most {cap}"
            ),
        };
        r.world.log.warn_once_at(at, message);
        return false;
    }
    let script = r.script.clone();
    r.world.queue_birth(Birth {
        blueprint,
        at,
        parent,
        init: Rc::from(init),
        script,
        mutation,
    });
    true
}

/// The mutation the caller's Population props describe, if any.
fn mutation(r: &Runner<'_>, caller: EntityId) -> Option<(String, String, f64, f64)> {
    let pop = r
        .world
        .agents
        .feature_named(r.world.agents.get(caller)?.agent(), "Population")?;
    let prop = pop.text("spawnMutationProp").filter(|p| !p.is_empty())?;
    let feature = pop.text("spawnMutationPropFeature").unwrap_or_default();
    let add = pop.number("spawnMutationMaxAdd").unwrap_or(0.0);
    let sub = pop.number("spawnMutationMaxSubtract").unwrap_or(0.0);
    Some((feature, prop, add, sub))
}

/// Copies every active character of the first argument's kind, or one picked at random.
fn reproduce(
    r: &mut Runner<'_>,
    caller: EntityId,
    only_one: bool,
    args: &[Arg],
) -> Result<(), Failure> {
    let bp = blueprint_arg(r, args)?;
    let mut parents = members(r, bp, true);
    if only_one && !parents.is_empty() {
        let pick = (r.world.rng.next_f64() * parents.len() as f64) as usize;
        parents = parents.get(pick).copied().into_iter().collect();
    }
    let mutation = mutation(r, caller);
    for &parent in parents.iter() {
        let at = position(r, parent);
        if !queue_birth(r, bp, at, Some(parent), block_arg(args), mutation.clone()) {
            break;
        }
    }
    Ok(())
}

fn populate(r: &mut Runner<'_>, caller: EntityId, args: &[Arg]) -> Result<(), Failure> {
    let bp = blueprint_arg(r, args)?;
    let agents = &r.world.agents;
    let target = agents.get(caller).map_or(0.0, |a| {
        agents.feat_num(&a, "Population", "targetPopulationSize", 0.0)
    });
    let parents = members(r, bp, true);
    let pending = r
        .world
        .births()
        .iter()
        .filter(|b| b.blueprint == bp)
        .count();
    let missing = (target - (parents.len() + pending) as f64).max(0.0) as usize;
    let mutation = mutation(r, caller);
    for _ in 0..missing.min(r.world.agent_cap()) {
        let parent = if parents.is_empty() {
            None
        } else {
            let pick = (r.world.rng.next_f64() * parents.len() as f64) as usize;
            parents.get(pick).copied()
        };
        let at = parent.map_or((0.0, 0.0), |p| position(r, p));
        if !queue_birth(r, bp, at, parent, block_arg(args), mutation.clone()) {
            break;
        }
    }
    Ok(())
}

/// Runs `block` on each of `ids`, each visit charged to the tick's budget: loops in loops
/// multiply their work, and the budget stops them where they would never end.
fn for_each(r: &mut Runner<'_>, ids: &[EntityId], block: &[Stmt]) {
    let script = r.script.clone();
    for &other in ids {
        if !r.charge(1) {
            return;
        }
        let mut inner = Runner::new(&mut *r.world, other, script.clone());
        inner.run(block);
    }
}

fn aggregate(r: &mut Runner<'_>, caller: EntityId, args: &[Arg]) -> Result<(), Failure> {
    let bp = blueprint_arg(r, args)?;
    let prop = text_arg(r, args, 1)?;
    let summary = r.world.agents.prop_summary(bp, &prop);
    let count = summary.count as f64;
    let avg = if summary.count == 0 {
        0.0
    } else {
        summary.sum / count
    };
    let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
    let mut p = feat(r, caller, KIND)?;
    p.set("count", Value::Number(count));
    p.set("sum", Value::Number(summary.sum));
    p.set("avg", Value::Number(avg));
    p.set("min", Value::Number(finite(summary.min)));
    p.set("max", Value::Number(finite(summary.max)));
    Ok(())
}

//! Routing `featCall` statements and `callFeatMethod(...)` expressions to the feature that
//! runs them, by the catalog's canonical names (so old spellings work too).

use crate::agent::FeatureState;
use crate::entity::EntityId;
use crate::exec::{Failure, Obj, Runner};
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::vars::Value;
use std::borrow::Cow;

/// Runs `featCall [target.]Feature method args` on agent `id`.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &str,
    method: &str,
    args: &[Arg],
) -> Result<(), Failure> {
    let spec = super::feature(feature).ok_or_else(|| format!("unknown feature '{feature}'"))?;
    let method = spec.method(method).map_or(method, |m| m.name);
    match spec.name {
        "Costume" => super::costume::call(r, id, method, args),
        "Movement" => super::movement::call(r, id, method, args),
        "Physics" => super::physics::call(r, id, method, args),
        // Every pair a `when` rule names is tested, so monitoring needs no bookkeeping.
        "Touches" | "Vision" if method == "monitor" => Ok(()),
        "Population" => super::population::call(r, id, method, args),
        "Graphing" => super::graphing::call(r, id, method, args),
        "Global" => super::global::call(r, method, args),
        "Timer" if method == "stopRound" => {
            r.world.round.stop_requested = true;
            Ok(())
        }
        "Cursor" if method == "releaseCursor" => {
            if let Some(agent) = r.world.agents.get_mut(id) {
                agent.selection.captive = false;
            }
            Ok(())
        }
        _ => Err(not_available(spec.name, method)),
    }
}

/// Answers `agent.callFeatMethod('Feature', 'method', args...)`.
pub(crate) fn query(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &str,
    method: &str,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    let spec = super::feature(feature).ok_or_else(|| format!("unknown feature '{feature}'"))?;
    let method = spec.method(method).map_or(method, |m| m.name);
    match spec.name {
        "Costume" => super::costume::query(r, method, args),
        "Population" => super::population::query(r, method, args),
        "Vision" => super::vision::query(r, id, method, args),
        _ => Err(not_available(spec.name, method)),
    }
}

/// The error for a catalog method the runtime does not run.
pub(crate) fn not_available(feature: &str, method: &str) -> Failure {
    format!("{feature} {method} is not available in Stepwise's runtime yet")
}

/// Agent `id`'s feature `name`, attached with its defaults first if the blueprint did not add
/// it (GEMSTEP needs `addFeature`; the compiler already warns about that).
pub(crate) fn feat<'a>(
    r: &'a mut Runner<'_>,
    id: EntityId,
    name: &'static str,
) -> Result<&'a mut FeatureState, Failure> {
    let spec = super::feature(name).ok_or_else(|| format!("unknown feature '{name}'"))?;
    let agent = r
        .world
        .agents
        .get_mut(id)
        .ok_or_else(|| "the agent was removed".to_string())?;
    if !agent.has(name) {
        agent.features.push(FeatureState::new(spec));
    }
    agent
        .feature_mut(name)
        .ok_or_else(|| format!("{name} could not be attached"))
}

/// The number argument at `i`, or `default` when absent.
pub(crate) fn num_arg(
    r: &mut Runner<'_>,
    args: &[Arg],
    i: usize,
    default: f64,
) -> Result<f64, Failure> {
    match args.get(i) {
        None => Ok(default),
        Some(arg) => {
            let value = r.arg(arg)?;
            value.as_number().filter(|n| n.is_finite()).ok_or_else(|| {
                format!(
                    "argument {} must be a number, got {}",
                    i + 1,
                    value.describe()
                )
            })
        }
    }
}

/// The text argument at `i`.
pub(crate) fn text_arg(r: &mut Runner<'_>, args: &[Arg], i: usize) -> Result<String, Failure> {
    let arg = args
        .get(i)
        .ok_or_else(|| format!("argument {} is missing", i + 1))?;
    match r.arg(arg)? {
        Value::String(text) => Ok(text),
        value => value
            .as_text()
            .ok_or_else(|| format!("argument {} must be text, got {}", i + 1, value.describe())),
    }
}

/// The text argument at `i`, borrowed when it is written out in the script (no copy per
/// call, for statements that run every tick).
pub(crate) fn text_arg_ref<'a>(
    r: &mut Runner<'_>,
    args: &'a [Arg],
    i: usize,
) -> Result<Cow<'a, str>, Failure> {
    match args.get(i) {
        Some(Arg::Literal(Value::String(text))) => Ok(Cow::Borrowed(text)),
        _ => text_arg(r, args, i).map(Cow::Owned),
    }
}

/// The `[[ ]]` block argument, if any.
pub(crate) fn block_arg(args: &[Arg]) -> &[crate::script::program::Stmt] {
    args.iter()
        .find_map(|a| match a {
            Arg::Block(b) => Some(b.as_slice()),
            _ => None,
        })
        .unwrap_or(&[])
}

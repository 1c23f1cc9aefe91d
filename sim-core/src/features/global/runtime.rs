//! Global at run time: props every character of the model shares.

use super::spec::GLOBAL;
use crate::entity::EntityId;
use crate::exec::{to_expr, Failure, Obj, Runner};
use crate::features::runtime::{
    answers, methods, no_answer, text_arg, text_arg_ref, Runtime, TickHooks,
};
use crate::features::MethodId;
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::vars::{GVar, Value, VarType};
use crate::world::World;

/// The Global feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: Some(query),
    tick: TickHooks::NONE,
    setter: None,
};

methods!(
    GLOBAL,
    AddGlobalProp = "addGlobalProp",
    GlobalProp = "globalProp",
    GetGlobalProp = "getGlobalProp",
);

/// Runs a Global method (`addGlobalProp name Type initial`, `globalProp name method args`).
pub(crate) fn call(
    r: &mut Runner<'_>,
    _id: EntityId,
    method: MethodId,
    args: &[Arg],
) -> Result<(), Failure> {
    match Method::of(method)? {
        Method::AddGlobalProp => {
            let name = text_arg(r, args, 0)?;
            let ty = VarType::parse(&text_arg(r, args, 1)?).map_err(|e| e.to_string())?;
            let initial = match args.get(2) {
                Some(arg) => Some(r.arg(arg)?),
                None => None,
            };
            if r.world.global_mut(&name).is_none() {
                let var = GVar::new(ty, initial.as_ref()).map_err(|e| e.to_string())?;
                r.world.globals.add(name.clone(), var);
                r.world.give_starting_global(&name);
            }
            Ok(())
        }
        Method::GlobalProp => {
            let name = text_arg_ref(r, args, 0)?;
            let prop_method = text_arg_ref(r, args, 1)?;
            let rest = args.get(2..).unwrap_or_default();
            r.with_args(rest, |r, values| {
                prop_call(r.world, &name, &prop_method, values)
            })
        }
        Method::GetGlobalProp => Err(answers(&GLOBAL, method)),
    }
}

/// Answers a Global method: `getGlobalProp name` gives the prop's value (GEMSTEP gives the
/// prop itself; a script only ever reads its value).
pub(crate) fn query(
    r: &mut Runner<'_>,
    _id: EntityId,
    method: MethodId,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    match Method::of(method)? {
        Method::GetGlobalProp => {
            let Some(ExprValue::String(name)) = args.first() else {
                return Err(
                    "getGlobalProp needs a global property's name in quotes, like 'rate'"
                        .to_string(),
                );
            };
            let var = r.world.globals.get(name);
            let var = var.ok_or_else(|| no_global(r.world, name))?;
            Ok(to_expr(var.value()))
        }
        Method::AddGlobalProp | Method::GlobalProp => Err(no_answer(&GLOBAL, method)),
    }
}

/// Runs `method` with `values` on the Global prop `name` (`globalProp name method values`).
pub(crate) fn prop_call(
    world: &mut World,
    name: &str,
    method: &str,
    values: &[Value],
) -> Result<(), Failure> {
    let Some(var) = world.globals.get_mut(name) else {
        return Err(no_global(world, name));
    };
    var.call(method, values, &mut world.rng)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// The error of a Global prop the model has not made: the closest one it has, or how to
/// make it.
pub(crate) fn no_global(world: &World, name: &str) -> Failure {
    let names = world.globals.list().iter().map(|(n, _)| n.as_str());
    match crate::suggest::closest(name, names) {
        Some(close) => format!("there is no global property '{name}' — did you mean '{close}'?"),
        None => format!(
            "there is no global property '{name}': make it first with featCall Global \
             addGlobalProp"
        ),
    }
}

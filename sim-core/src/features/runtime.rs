//! What every feature's runtime shares: the entry by which the dispatch and the tick find a
//! feature's methods and per-tick hooks ([`Runtime`], [`TickHooks`]), reading a method's
//! arguments, and attaching a feature a method needs. Features import it, and the dispatch
//! and the tick import the features, so no file imports one that imports it back.

use crate::agent::{Agent, AgentFeatures, FeatureMut};
use crate::entity::EntityId;
use crate::exec::{Failure, Obj, Runner};
use crate::features::catalog::FeatureKind;
use crate::features::{FeatureSpec, MethodId};
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::vars::Value;
use crate::world::World;
use std::any::Any;
use std::borrow::Cow;

/// One feature's methods, as its module gives them to the dispatch: what runs a method that
/// changes something, and what answers a method that answers a question.
pub(crate) struct Runtime {
    /// Runs a method that changes something, by its canonical name.
    pub(crate) act: Act,
    /// Answers a method that answers a question; none for a feature without one.
    pub(crate) answer: Option<Answer>,
    /// What the feature does in the features phase of every tick.
    pub(crate) tick: TickHooks,
    /// The methods whose lowered form is a [`Setter`] (see [`crate::exec::lower`]): none
    /// for most methods.
    pub(crate) setter: Option<fn(MethodId) -> Option<Setter>>,
}

/// A method that sets one Number prop of its own feature from its one argument (or
/// `default` without one), never below `floor`: its lowered form sets the prop by slot, with
/// no call and no look-up by name.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Setter {
    /// The prop it sets.
    pub(crate) slot: crate::features::catalog::PropSlot,
    /// The value without an argument.
    pub(crate) default: f64,
    /// The least value it sets.
    pub(crate) floor: f64,
}

/// Runs method `method` of a feature on agent `id` with `args`.
pub(crate) type Act = fn(&mut Runner<'_>, EntityId, MethodId, &[Arg]) -> Result<(), Failure>;

/// Answers method `method` of a feature for agent `id` given `args`.
pub(crate) type Answer =
    fn(&mut Runner<'_>, EntityId, MethodId, &[ExprValue<Obj>]) -> Result<ExprValue<Obj>, Failure>;

/// What one feature does in the features phase of every tick; [`TickHooks::NONE`] for a
/// feature that does nothing there.
#[derive(Clone, Copy)]
pub(crate) struct TickHooks {
    /// Walks the agents itself; at most one feature does.
    pub(crate) pass: Option<Pass>,
    /// Updates the own state of an agent that has the feature, right after its move.
    pub(crate) agent: Option<fn(&mut Agent, &mut AgentFeatures<'_>, f64)>,
    /// Updates an agent that has the feature, reading the world (Global props, the tick),
    /// after the agents' own hooks.
    pub(crate) agent_in_world: Option<fn(&mut World, EntityId)>,
    /// Runs once, after every agent was updated.
    pub(crate) after: Option<fn(&mut World)>,
}

impl TickHooks {
    /// A feature with nothing to do every tick.
    pub(crate) const NONE: TickHooks = TickHooks {
        pass: None,
        agent: None,
        agent_in_world: None,
        after: None,
    };
}

/// A feature's own walk over the agents, which calls [`AgentHooks::own`] on every agent of
/// the list, in its order, right after that agent's own step, and [`AgentHooks::in_world`]
/// when that asks for it.
#[derive(Clone, Copy)]
pub(crate) struct Pass {
    /// Makes the scratch space the walk keeps from tick to tick.
    pub(crate) scratch: fn() -> Box<dyn Any>,
    /// Walks `ids`, with the scratch space `scratch` made.
    pub(crate) run: fn(&mut World, &[EntityId], &mut dyn Any, &AgentHooks),
}

/// Every feature's per-agent hooks, in the catalog's order, and the length of a tick. A hook
/// runs only for an agent that has its feature, found in the agent's mask of kinds, so an
/// agent without any of those features costs one test.
pub(crate) struct AgentHooks {
    pub(super) hooks: Vec<AgentHook>,
    /// The kinds that have an own hook, and those that have a hook reading the world.
    pub(super) own_kinds: u32,
    pub(super) world_kinds: u32,
    pub(super) seconds_per_tick: f64,
}

/// One feature's per-agent hooks, and its kind's bit.
pub(super) struct AgentHook {
    pub(super) kind: u32,
    pub(super) own: Option<fn(&mut Agent, &mut AgentFeatures<'_>, f64)>,
    pub(super) in_world: Option<fn(&mut World, EntityId)>,
}

impl AgentHooks {
    /// Runs the own hooks of `agent`'s features; answers the kinds whose hooks reading the
    /// world are due for it ([`AgentHooks::in_world`]; 0 for none).
    #[inline]
    pub(crate) fn own(&self, agent: &mut Agent, features: &mut AgentFeatures<'_>) -> u32 {
        let kinds = agent.features.kind_bits();
        if kinds & self.own_kinds != 0 {
            for hook in &self.hooks {
                if let Some(own) = hook.own.filter(|_| kinds & hook.kind != 0) {
                    own(agent, features, self.seconds_per_tick);
                }
            }
        }
        kinds & self.world_kinds
    }

    /// Runs, for agent `id`, the hooks reading the world of the kinds `due`.
    pub(crate) fn in_world(&self, world: &mut World, id: EntityId, due: u32) {
        for hook in &self.hooks {
            if let Some(in_world) = hook.in_world.filter(|_| due & hook.kind != 0) {
                in_world(world, id);
            }
        }
    }
}

/// The error for a method `feature` does not have, with the closest one it has.
pub(crate) fn no_method(feature: &FeatureSpec, method: &str) -> Failure {
    let name = feature.name;
    match crate::suggest::closest(method, feature.method_names()) {
        Some(close) => {
            format!("the feature {name} has no method '{method}' — did you mean '{close}'?")
        }
        None => format!("the feature {name} has no method '{method}'"),
    }
}

/// The error for a method id no method of `spec` has (a compiled program holds only ids
/// the catalog gave, so this is a mistake in Stepwise, reported rather than a panic).
pub(crate) fn no_method_id(spec: &FeatureSpec, id: MethodId) -> Failure {
    format!("{} has no method number {}", spec.name, id.index())
}

/// The error for running, as a change, a method that answers a question (the dispatch sends
/// those to [`Runtime::answer`]).
pub(crate) fn answers(spec: &'static FeatureSpec, id: MethodId) -> Failure {
    let method = method_name(spec, id);
    format!(
        "{method} gives an answer, so use it inside {{{{ }}}}, like \
         {{{{ agent.callFeatMethod('{}', '{method}') }}}}",
        spec.name
    )
}

/// The canonical name of `spec`'s method `id`.
pub(crate) fn method_name(spec: &'static FeatureSpec, id: MethodId) -> &'static str {
    spec.method_at(id).map_or("?", |m| m.name)
}

/// The error for asking a question of a method that changes something (the dispatch runs
/// those through [`Runtime::act`]).
pub(crate) fn no_answer(spec: &'static FeatureSpec, id: MethodId) -> Failure {
    let method = method_name(spec, id);
    format!(
        "{method} changes something and gives no answer, so it cannot be used inside \
         {{{{ }}}}: use it on a line of its own, like featCall {} {method}",
        spec.name
    )
}

/// Declares a feature's `Method`: one variant per method of its catalog entry `$spec`, named
/// as listed (`Variant = "name"`), in the catalog's order; the build stops if the list and
/// the catalog differ. `Method::of` turns the [`MethodId`] the compiler resolved into the
/// variant, so each feature matches on its own methods exhaustively and by number.
macro_rules! methods {
    ($spec:expr, $($variant:ident = $name:literal),+ $(,)?) => {
        /// This feature's methods, in its catalog entry's order (named as GEMSTEP names
        /// them, so some share an ending).
        #[allow(clippy::enum_variant_names)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(crate) enum Method {
            $($variant),+
        }

        impl Method {
            const ALL: &'static [Method] = &[$(Method::$variant),+];

            /// The method the compiler resolved to `id`.
            pub(crate) fn of(
                id: $crate::features::MethodId,
            ) -> Result<Method, $crate::exec::Failure> {
                Method::ALL
                    .get(id.index())
                    .copied()
                    .ok_or_else(|| $crate::features::runtime::no_method_id(&$spec, id))
            }
        }

        const _: () = assert!(
            $crate::features::catalog::lists_in_order(&$spec, &[$($name),+]),
            "a feature's Method enum must list its catalog methods in order",
        );
    };
}
pub(crate) use methods;

/// Agent `id`'s feature of `kind`, attached with its defaults first if the blueprint did not
/// add it (GEMSTEP needs `addFeature`; the compiler already warns about that). Found by kind,
/// so a method that runs every tick compares no names.
pub(crate) fn feat<'a>(
    r: &'a mut Runner<'_>,
    id: EntityId,
    kind: FeatureKind,
) -> Result<FeatureMut<'a>, Failure> {
    // Only the features are touched, which leaves Population's census answers current.
    if !r.world.agents.contains(id) {
        return Err(crate::exec::REMOVED.to_string());
    }
    r.world
        .agents
        .feature_or_new(id, kind)
        .ok_or_else(|| "a feature the catalog does not list".to_string())
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
                    "the {} argument must be a number, not {}",
                    crate::exec::ordinal(i),
                    value.describe()
                )
            })
        }
    }
}

/// The text argument at `i`.
pub(crate) fn text_arg(r: &mut Runner<'_>, args: &[Arg], i: usize) -> Result<String, Failure> {
    let arg = args.get(i).ok_or_else(|| {
        format!(
            "the {} argument is missing: add it to this line",
            crate::exec::ordinal(i)
        )
    })?;
    match r.arg(arg)? {
        Value::String(text) => Ok(text),
        value => value.as_text().ok_or_else(|| {
            format!(
                "the {} argument must be text, not {}",
                crate::exec::ordinal(i),
                value.describe()
            )
        }),
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

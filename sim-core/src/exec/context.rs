//! What expressions see: `agent`, the blueprint names a `when` binds, `global` (GEMSTEP's
//! name for the model's shared agent, whose props are the Global props), and the accessors
//! GEMSTEP scripts use (`agent.x`, `agent.getProp('e').value`, `agent.prop.Movement.direction
//! .value`, `agent.getFeatProp('Population', 'avg').value`, `A.callFeatMethod(...)`,
//! `global.getProp('rate').value`, `global.prop.rate.value`).

use super::{to_expr, Runner};
use crate::entity::EntityId;
use crate::script::expr::{EvalErrorKind, ExprContext, Value as ExprValue};
use crate::vars::RandomSource;

/// The runtime objects an expression can hold.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Obj {
    /// An agent.
    Agent(EntityId),
    /// `agent.prop`: the agent's props, features included.
    Props(EntityId),
    /// One prop of an agent (`getProp('x')`, `agent.prop.x`); read with `.value`.
    Prop(EntityId, Box<str>),
    /// `agent.prop.Movement`: the props of one feature.
    FeatProps(EntityId, Box<str>),
    /// One feature prop, by feature and prop name; read with `.value`.
    FeatProp(EntityId, Box<(String, String)>),
    /// A colour as hue, saturation and value, each 0 to 1 (Costume's `getColorHSV`); read
    /// with `.hue`, `.saturation` and `.value`.
    Hsv([f64; 3]),
    /// `global`: the model's shared agent, whose props are the Global props.
    Global,
    /// `global.prop`: the Global props.
    GlobalProps,
    /// One Global prop (`global.getProp('rate')`, `global.prop.rate`); read with `.value`.
    GlobalProp(Box<str>),
}

/// GEMSTEP's name, in expressions, for the agent that holds the Global props.
const GLOBAL: &str = "global";

type Answer = Result<ExprValue<Obj>, EvalErrorKind>;

/// The error of `.name` read from a property, which only has a `.value`.
fn only_value(prop: &str, name: &str) -> EvalErrorKind {
    EvalErrorKind::Other(format!(
        "'{prop}' is a property: read it with .value, not .{name}"
    ))
}

fn no_prop(object: &str, name: &str) -> EvalErrorKind {
    EvalErrorKind::NoProperty {
        object: object.to_string(),
        name: name.to_string(),
    }
}

impl Runner<'_> {
    fn fail(message: String) -> EvalErrorKind {
        EvalErrorKind::Other(message)
    }

    fn agent_member(&self, id: EntityId, name: &str) -> Answer {
        if name == "prop" {
            return Ok(ExprValue::Object(Obj::Props(id)));
        }
        match self.prop_value(id, name) {
            Ok(v) => Ok(to_expr(v)),
            Err(_) => {
                let agent = self.agent(id).map_err(Self::fail)?;
                if agent.has(name) {
                    Ok(ExprValue::Object(Obj::FeatProps(id, name.into())))
                } else {
                    Err(no_prop(&agent.name, name))
                }
            }
        }
    }

    fn props_member(&self, id: EntityId, name: &str) -> Answer {
        let agent = self.agent(id).map_err(Self::fail)?;
        let feature = crate::features::feature(name).map(|f| f.name);
        match feature {
            Some(f) if agent.has(f) => Ok(ExprValue::Object(Obj::FeatProps(id, f.into()))),
            _ => Ok(ExprValue::Object(Obj::Prop(id, name.into()))),
        }
    }
}

impl ExprContext for Runner<'_> {
    type Object = Obj;

    fn name(&self, name: &str) -> Answer {
        if name == "agent" {
            return Ok(ExprValue::Object(Obj::Agent(self.me)));
        }
        match self.bound(name) {
            Some(id) => Ok(ExprValue::Object(Obj::Agent(id))),
            None if name == GLOBAL => Ok(ExprValue::Object(Obj::Global)),
            None => Err(EvalErrorKind::UnknownName(name.to_string())),
        }
    }

    fn member(&self, object: &Obj, name: &str) -> Answer {
        match object {
            Obj::Agent(id) => self.agent_member(*id, name),
            Obj::Props(id) => self.props_member(*id, name),
            Obj::Prop(id, prop) if name == "value" => {
                self.prop_value(*id, prop).map(to_expr).map_err(Self::fail)
            }
            Obj::FeatProps(id, feature) => Ok(ExprValue::Object(Obj::FeatProp(
                *id,
                Box::new((feature.to_string(), name.to_string())),
            ))),
            Obj::FeatProp(id, names) if name == "value" => self
                .feat_prop_value(*id, &names.0, &names.1)
                .map(to_expr)
                .map_err(Self::fail),
            Obj::Prop(_, prop) => Err(only_value(prop, name)),
            Obj::FeatProp(_, names) => Err(only_value(&names.1, name)),
            Obj::Global if name == "prop" => Ok(ExprValue::Object(Obj::GlobalProps)),
            Obj::Global => Err(Self::fail(format!(
                "global has no '{name}': to read a global property, write \
                 global.getProp('{name}').value"
            ))),
            Obj::GlobalProps => Ok(ExprValue::Object(Obj::GlobalProp(name.into()))),
            Obj::GlobalProp(prop) if name == "value" => self
                .world
                .global(prop)
                .map(|var| to_expr(var.value()))
                .ok_or_else(|| Self::fail(crate::features::global::no_global(self.world, prop))),
            Obj::GlobalProp(prop) => Err(only_value(prop, name)),
            Obj::Hsv([h, s, v]) => match name {
                "hue" => Ok(ExprValue::Number(*h)),
                "saturation" => Ok(ExprValue::Number(*s)),
                "value" => Ok(ExprValue::Number(*v)),
                _ => Err(Self::fail(format!(
                    "a colour has no '{name}': use .hue, .saturation or .value"
                ))),
            },
        }
    }

    fn call(&mut self, object: &Obj, method: &str, args: &[ExprValue<Obj>]) -> Answer {
        if let (Obj::Global, "getProp", [ExprValue::String(name)]) = (object, method, args) {
            return Ok(ExprValue::Object(Obj::GlobalProp(name.as_str().into())));
        }
        let Obj::Agent(id) = object else {
            let what = if *object == Obj::Global {
                GLOBAL
            } else {
                "a property"
            };
            return Err(EvalErrorKind::NoMethod {
                object: what.to_string(),
                method: method.to_string(),
            });
        };
        let text = |i: usize| match args.get(i) {
            Some(ExprValue::String(s)) => Ok(s.clone()),
            _ => Err(EvalErrorKind::BadArguments {
                method: method.to_string(),
                message: format!(
                    "the {} value in its ( ) must be a name in quotes, like 'energy'",
                    crate::exec::ordinal(i)
                ),
            }),
        };
        match method {
            "getProp" => Ok(ExprValue::Object(Obj::Prop(*id, text(0)?.into()))),
            "getFeatProp" => {
                let feature = text(0)?;
                let feature =
                    crate::features::feature(&feature).map_or(feature, |f| f.name.to_string());
                Ok(ExprValue::Object(Obj::FeatProp(
                    *id,
                    Box::new((feature, text(1)?)),
                )))
            }
            "callFeatMethod" => {
                let (feature, name) = (text(0)?, text(1)?);
                let rest = args.get(2..).unwrap_or(&[]);
                crate::features::dispatch::query(self, *id, &feature, &name, rest).map_err(
                    |message| EvalErrorKind::BadArguments {
                        method: name.clone(),
                        message,
                    },
                )
            }
            _ => Err(EvalErrorKind::NoMethod {
                object: "an agent".to_string(),
                method: method.to_string(),
            }),
        }
    }

    fn random(&mut self) -> f64 {
        self.world.rng.next_f64()
    }
}

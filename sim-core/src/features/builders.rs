//! What the features' catalog entries are written with: a prop or method in one call, the
//! changes to one (an example, old names, where its block runs), and the arguments several
//! features' methods share.

use super::catalog::{BlockScope, DefaultValue, FeatMethodSpec, FeatPropSpec};
use crate::args::{ArgKind as K, ArgSpec as A};
use crate::vars::VarType;

pub(super) const fn num(name: &'static str, default: f64, help: &'static str) -> FeatPropSpec {
    FeatPropSpec {
        name,
        aliases: &[],
        ty: VarType::Number,
        default: DefaultValue::Number(default),
        help,
        example: "",
        wakes: false,
    }
}

pub(super) const fn text(
    name: &'static str,
    default: &'static str,
    help: &'static str,
) -> FeatPropSpec {
    FeatPropSpec {
        name,
        aliases: &[],
        ty: VarType::String,
        default: DefaultValue::Text(default),
        help,
        example: "",
        wakes: false,
    }
}

pub(super) const fn flag(name: &'static str, default: bool, help: &'static str) -> FeatPropSpec {
    FeatPropSpec {
        name,
        aliases: &[],
        ty: VarType::Boolean,
        default: DefaultValue::Boolean(default),
        help,
        example: "",
        wakes: false,
    }
}

impl FeatPropSpec {
    /// This prop with its reference example (see [`FeatPropSpec::example`]).
    pub(super) const fn eg(self, example: &'static str) -> FeatPropSpec {
        FeatPropSpec { example, ..self }
    }
}

impl FeatMethodSpec {
    /// This method with its reference example (see [`FeatMethodSpec::example`]).
    pub(super) const fn eg(self, example: &'static str) -> FeatMethodSpec {
        FeatMethodSpec { example, ..self }
    }
}

pub(super) const fn aka(prop: FeatPropSpec, aliases: &'static [&'static str]) -> FeatPropSpec {
    FeatPropSpec { aliases, ..prop }
}

/// `prop`, news to its feature's per-tick update when set (see [`FeatPropSpec::wakes`]).
pub(super) const fn waking(prop: FeatPropSpec) -> FeatPropSpec {
    FeatPropSpec {
        wakes: true,
        ..prop
    }
}

pub(super) const fn method(
    name: &'static str,
    args: &'static [A],
    help: &'static str,
) -> FeatMethodSpec {
    FeatMethodSpec {
        name,
        aliases: &[],
        args,
        block: BlockScope::SameBlueprint,
        answer: None,
        help,
        example: "",
    }
}

/// A method that answers a question with `what` (see [`FeatMethodSpec::answer`]).
pub(super) const fn answers(m: FeatMethodSpec, what: &'static str) -> FeatMethodSpec {
    FeatMethodSpec {
        answer: Some(what),
        ..m
    }
}

pub(super) const fn old(m: FeatMethodSpec, aliases: &'static [&'static str]) -> FeatMethodSpec {
    FeatMethodSpec { aliases, ..m }
}

pub(super) const fn on_blueprint(m: FeatMethodSpec) -> FeatMethodSpec {
    FeatMethodSpec {
        block: BlockScope::FirstArgBlueprint,
        ..m
    }
}

/// A method that visits the existing agents of the blueprint its first argument names (see
/// [`BlockScope::EachOfFirstArg`]).
pub(super) const fn on_each_of(m: FeatMethodSpec) -> FeatMethodSpec {
    FeatMethodSpec {
        block: BlockScope::EachOfFirstArg,
        ..m
    }
}

pub(super) const fn on_any(m: FeatMethodSpec) -> FeatMethodSpec {
    FeatMethodSpec {
        block: BlockScope::AnyBlueprint,
        ..m
    }
}

pub(super) const BP: A = A::one("blueprint", K::Blueprint, "Which kind of character.");
pub(super) const OPT_BP: A = A::optional("blueprint", K::Blueprint, "Which kind of character.");
pub(super) const BLOCK: A = A::optional(
    "script",
    K::Block,
    "Lines that run for each character it acts on.",
);
pub(super) const H: A = A::one("hue", K::Number, "Hue, from 0 to 1.");
pub(super) const S: A = A::one("saturation", K::Number, "Saturation, from 0 to 1.");
pub(super) const V: A = A::one("value", K::Number, "Brightness, from 0 to 1.");
pub(super) const SECS: A = A::one("seconds", K::Number, "How many seconds.");
pub(super) const PROP_NAME: A = A::one("property", K::PropName, "A property of this character.");
pub(super) const FREQ: A = A::optional(
    "frequency",
    K::Number,
    "How many ticks between the graph's points (30 ticks are one second; 30 if left out).",
);

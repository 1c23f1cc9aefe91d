//! Reads the compiler recognises in an expression tree, resolved when the script is compiled,
//! so the runtime can answer them straight from the agent instead of walking the accessor
//! chain a script spells them with:
//!
//! | written | [`ReadPath`] |
//! | --- | --- |
//! | `X.getProp('p').value`, `X.prop.p.value`, `X.p` | [`ReadPath::Builtin`] or [`ReadPath::Added`] |
//! | `X.getFeatProp('F', 'p').value`, `X.prop.F.p.value` | [`ReadPath::FeatProp`] |
//!
//! where `X` is a bare name (`agent`, or a blueprint a `when` binds). Walking the chain makes
//! an object for each step (`getProp` copies its name into a property handle, `.value`
//! looks the handle up by name again); a recognised read is one look-up: a built-in prop by
//! its name, a prop the script adds among the agent's own, a feature prop by its place in the
//! feature ([`PropSlot`]), with no search of the feature catalog.
//!
//! A read is answered straight only when it plainly succeeds (see [`super::Code`]); every
//! error and every unusual case (a missing prop or feature, a removed agent) is worded and
//! decided by evaluating the chain as written. A chain whose meaning depends on more than
//! the names (`X.prop.p.value` where `p` names a feature, a feature or prop the catalog does
//! not list) is not recognised.

use super::ast::{Constant, Expr, ExprKind};
use crate::features::catalog::PropSlot;
use crate::vars::PropKey;

/// The agent a read starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    /// `agent` (or the running agent's blueprint, once bound): the agent running the script.
    Agent,
    /// The other agent of a `when` pair, which a blueprint name was bound to when the
    /// program was loaded ([`super::Code::bind`]).
    Other,
    /// A blueprint's name, as written.
    Named(Box<str>),
}

/// What a recognised read reads of the agent its name gives.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadPath {
    /// A built-in prop (`x`, `alpha`, `type` ...).
    Builtin(String),
    /// A prop the blueprint adds (a name that is no built-in prop).
    Added(PropKey),
    /// A prop of a catalog feature, by its place.
    FeatProp(PropSlot),
}

/// The path of prop `p`: a built-in or an added prop.
fn prop(p: &str, builtin: &dyn Fn(&str) -> bool) -> ReadPath {
    if builtin(p) {
        ReadPath::Builtin(p.to_owned())
    } else {
        ReadPath::Added(PropKey::new(p))
    }
}

/// The path of prop `p` of feature `f`, when the catalog lists both.
fn feat_prop(f: &str, p: &str) -> Option<ReadPath> {
    let (slot, _) = crate::features::feature(f)?.slot(p)?;
    Some(ReadPath::FeatProp(slot))
}

/// Who `expr` reads and what, when it is one of the recognised reads.
pub(super) fn recognise(expr: &Expr, builtin: &dyn Fn(&str) -> bool) -> Option<(Who, ReadPath)> {
    let (name, path) = recognise_named(expr, builtin)?;
    let who = if name == "agent" {
        Who::Agent
    } else {
        Who::Named(name.into())
    };
    Some((who, path))
}

/// The name and path of `expr` when it is one of the recognised reads.
fn recognise_named(expr: &Expr, builtin: &dyn Fn(&str) -> bool) -> Option<(String, ReadPath)> {
    let ExprKind::Member { object, name } = &expr.kind else {
        return None;
    };
    if name != "value" {
        // `X.p`, a prop read straight off the agent (`X.prop` is the props, not a value).
        return match &object.kind {
            ExprKind::Name(x) if name != "prop" => Some((x.clone(), prop(name, builtin))),
            _ => None,
        };
    }
    match &object.kind {
        ExprKind::Call {
            object: callee,
            method,
            args,
        } => {
            let ExprKind::Name(x) = &callee.kind else {
                return None;
            };
            match (method.as_str(), args.as_slice()) {
                ("getProp", [p]) => Some((x.clone(), prop(&text(p)?, builtin))),
                ("getFeatProp", [f, p]) => Some((x.clone(), feat_prop(&text(f)?, &text(p)?)?)),
                _ => None,
            }
        }
        ExprKind::Member {
            object: inner,
            name: last,
        } => match &inner.kind {
            // `X.prop.p.value`, unless `p` names a feature (then it depends on the agent).
            ExprKind::Member {
                object: x,
                name: props,
            } if props == "prop" => match &x.kind {
                ExprKind::Name(x) if crate::features::feature(last).is_none() => {
                    Some((x.clone(), prop(last, builtin)))
                }
                _ => None,
            },
            // `X.prop.F.p.value`
            ExprKind::Member {
                object: props,
                name: feature,
            } => match &props.kind {
                ExprKind::Member { object: x, name } if name == "prop" => match &x.kind {
                    ExprKind::Name(x) => Some((x.clone(), feat_prop(feature, last)?)),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// A string written in quotes.
fn text(expr: &Expr) -> Option<String> {
    match &expr.kind {
        ExprKind::Constant(Constant::String(s)) => Some(s.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::expr::parse_expr;
    use crate::script::Pos;

    fn read(text: &str) -> Option<(String, ReadPath)> {
        let builtin = |name: &str| matches!(name, "x" | "alpha" | "isInert");
        let tree = parse_expr(text, Pos::START).unwrap();
        recognise(&tree, &builtin).map(|(who, path)| {
            let name = match who {
                Who::Agent => "agent".to_string(),
                Who::Other => "other".to_string(),
                Who::Named(name) => name.to_string(),
            };
            (name, path)
        })
    }

    fn slot(feature: &str, prop: &str) -> ReadPath {
        ReadPath::FeatProp(
            crate::features::feature(feature)
                .unwrap()
                .slot(prop)
                .unwrap()
                .0,
        )
    }

    #[test]
    fn the_accessor_chains_of_real_scripts_are_recognised() {
        let added = |x: &str, p: &str| Some((x.to_string(), ReadPath::Added(PropKey::new(p))));
        let builtin = |x: &str, p: &str| Some((x.to_string(), ReadPath::Builtin(p.to_string())));
        assert_eq!(
            read("agent.getProp('energyLevel').value"),
            added("agent", "energyLevel")
        );
        assert_eq!(
            read("Algae.getProp('energyLevel').value"),
            added("Algae", "energyLevel")
        );
        assert_eq!(read("agent.x"), builtin("agent", "x"));
        assert_eq!(
            read("agent.prop.isInert.value"),
            builtin("agent", "isInert")
        );
        assert_eq!(
            read("agent.prop.Movement.compassDirection.value"),
            Some(("agent".into(), slot("Movement", "compassDirection")))
        );
        assert_eq!(
            read("agent.getFeatProp('Population', 'avg').value"),
            Some(("agent".into(), slot("Population", "avg")))
        );
    }

    #[test]
    fn other_shapes_are_left_as_written() {
        for text in [
            "agent.prop",
            "agent.getProp(name).value",
            "agent.getProp('a', 'b').value",
            "agent.callFeatMethod('Costume', 'getColorHSV').value",
            "(agent).getProp('x').value.value",
            "1 + 2",
            // What these give depends on the agent's features, or on no catalog entry.
            "agent.prop.Costume.value",
            "agent.getFeatProp('Costume', 'noSuchProp').value",
            "agent.prop.NoSuchFeature.x.value",
        ] {
            assert_eq!(read(text), None, "{text}");
        }
    }
}

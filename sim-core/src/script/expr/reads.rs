//! Reads the compiler recognises in an expression tree, so the runtime can answer them
//! straight from the agent instead of walking the accessor chain a script spells them with:
//!
//! | written | [`ReadPath`] |
//! | --- | --- |
//! | `X.getProp('p').value`, `X.prop.p.value`, `X.p` | [`ReadPath::Prop`] |
//! | `X.getFeatProp('F', 'p').value` | [`ReadPath::FeatProp`] |
//! | `X.prop.F.p.value` | [`ReadPath::PropsFeatProp`] |
//!
//! where `X` is a bare name (`agent`, or a blueprint a `when` binds). Walking the chain makes
//! an object for each step (`getProp` copies its name into a property handle, `.value`
//! looks the handle up by name again); a recognised read is one look-up.
//!
//! The node keeps the tree it was written as ([`ExprKind::Read`]'s `generic`): a context
//! that does not answer a read ([`super::ExprContext::read`] gives `None`, as the reference
//! interpreter's does always) evaluates that tree, and so does one whose direct answer would
//! be anything but a plain success, so every error and every unusual case (a prop that is
//! also a feature's name, a missing agent) is worded and decided by the one general path.

use super::ast::{Constant, Expr, ExprKind};

/// What a recognised read reads of the agent its name gives.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadPath {
    /// A prop, added or built in (`getProp('p').value`, `.p`).
    Prop(String),
    /// `.prop.p.value`: the prop `p`, unless `p` names a feature the agent has (then the
    /// general path decides).
    PropsProp(String),
    /// `getFeatProp('F', 'p').value`: prop `p` of feature `F` (as written).
    FeatProp(String, String),
    /// `.prop.F.p.value`: prop `p` of feature `F`, when the agent has that feature.
    PropsFeatProp(String, String),
}

impl Expr {
    /// The tree with every recognised read replaced by an [`ExprKind::Read`] node that keeps
    /// the read as written.
    pub fn with_reads(self) -> Expr {
        if let Some((object, path)) = recognise(&self) {
            return Expr {
                offset: self.offset,
                kind: ExprKind::Read {
                    object,
                    path,
                    generic: Box::new(self),
                },
            };
        }
        let offset = self.offset;
        let boxed = |e: Box<Expr>| Box::new(e.with_reads());
        let all = |v: Vec<Expr>| v.into_iter().map(Expr::with_reads).collect();
        let kind = match self.kind {
            ExprKind::Member { object, name } => ExprKind::Member {
                object: boxed(object),
                name,
            },
            ExprKind::Call {
                object,
                method,
                args,
            } => ExprKind::Call {
                object: boxed(object),
                method,
                args: all(args),
            },
            ExprKind::Math { function, args } => ExprKind::Math {
                function,
                args: all(args),
            },
            ExprKind::Unary { op, operand } => ExprKind::Unary {
                op,
                operand: boxed(operand),
            },
            ExprKind::Binary { op, left, right } => ExprKind::Binary {
                op,
                left: boxed(left),
                right: boxed(right),
            },
            ExprKind::Logical { op, left, right } => ExprKind::Logical {
                op,
                left: boxed(left),
                right: boxed(right),
            },
            ExprKind::Conditional {
                test,
                then,
                otherwise,
            } => ExprKind::Conditional {
                test: boxed(test),
                then: boxed(then),
                otherwise: boxed(otherwise),
            },
            kind @ (ExprKind::Constant(_) | ExprKind::Name(_) | ExprKind::Read { .. }) => kind,
        };
        Expr { kind, offset }
    }
}

/// The name and path of `expr` when it is one of the recognised reads.
fn recognise(expr: &Expr) -> Option<(String, ReadPath)> {
    let ExprKind::Member { object, name } = &expr.kind else {
        return None;
    };
    if name != "value" {
        // `X.p`, a prop read straight off the agent (`X.prop` is the props, not a value).
        return match &object.kind {
            ExprKind::Name(x) if name != "prop" => Some((x.clone(), ReadPath::Prop(name.clone()))),
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
                ("getProp", [p]) => Some((x.clone(), ReadPath::Prop(text(p)?))),
                ("getFeatProp", [f, p]) => {
                    Some((x.clone(), ReadPath::FeatProp(text(f)?, text(p)?)))
                }
                _ => None,
            }
        }
        ExprKind::Member {
            object: inner,
            name: last,
        } => match &inner.kind {
            // `X.prop.p.value`
            ExprKind::Member {
                object: x,
                name: props,
            } if props == "prop" => match &x.kind {
                ExprKind::Name(x) => Some((x.clone(), ReadPath::PropsProp(last.clone()))),
                _ => None,
            },
            // `X.prop.F.p.value`
            ExprKind::Member {
                object: props,
                name: feature,
            } => match &props.kind {
                ExprKind::Member { object: x, name } if name == "prop" => match &x.kind {
                    ExprKind::Name(x) => Some((
                        x.clone(),
                        ReadPath::PropsFeatProp(feature.clone(), last.clone()),
                    )),
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
        match parse_expr(text, Pos::START).unwrap().with_reads().kind {
            ExprKind::Read { object, path, .. } => Some((object, path)),
            _ => None,
        }
    }

    #[test]
    fn the_accessor_chains_of_real_scripts_are_recognised() {
        let prop = |x: &str, p: &str| Some((x.to_string(), ReadPath::Prop(p.to_string())));
        assert_eq!(
            read("agent.getProp('energyLevel').value"),
            prop("agent", "energyLevel")
        );
        assert_eq!(
            read("Algae.getProp('energyLevel').value"),
            prop("Algae", "energyLevel")
        );
        assert_eq!(read("agent.x"), prop("agent", "x"));
        assert_eq!(
            read("agent.prop.isInert.value"),
            Some(("agent".into(), ReadPath::PropsProp("isInert".into())))
        );
        assert_eq!(
            read("agent.prop.Movement.compassDirection.value"),
            Some((
                "agent".into(),
                ReadPath::PropsFeatProp("Movement".into(), "compassDirection".into())
            ))
        );
        assert_eq!(
            read("agent.getFeatProp('Population', 'avg').value"),
            Some((
                "agent".into(),
                ReadPath::FeatProp("Population".into(), "avg".into())
            ))
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
        ] {
            assert_eq!(read(text), None, "{text}");
        }
        // Reads inside a larger expression are recognised where they are.
        let tree = parse_expr("agent.x + Fish.getProp('e').value", Pos::START)
            .unwrap()
            .with_reads();
        let ExprKind::Binary { left, right, .. } = tree.kind else {
            panic!("{tree:?}");
        };
        assert!(matches!(left.kind, ExprKind::Read { .. }));
        assert!(matches!(right.kind, ExprKind::Read { .. }));
    }
}

//! Checking the references inside `{{ }}` expressions that can be checked before running:
//! `X.getProp('p')`, `X.prop.p`, `X.prop.Feature.p` and `X.getFeatProp('Feature', 'p')`,
//! where `X` is `agent` or a blueprint a surrounding `when` names. Anything else (other
//! names, computed names) is left to run time, where the evaluator reports it.

use super::error::CompileErrorKind;
use super::scope::{Checked, Compiling, Reported};
use crate::features;
use crate::script::expr::{Constant, Expr, ExprKind};
use crate::script::{Pos, Token, TokenKind};
use crate::suggest::closest;

impl Compiling<'_> {
    /// Checks every checkable reference in `expr`, which was parsed from the text starting at
    /// `start`. All problems are reported; the result says whether there were any.
    pub fn check_expr_refs(&mut self, expr: &Expr, start: Pos) -> Checked<()> {
        let mut failed = false;
        self.walk(expr, start, &mut failed);
        if failed {
            Err(Reported)
        } else {
            Ok(())
        }
    }

    fn walk(&mut self, expr: &Expr, start: Pos, failed: &mut bool) {
        if self.check_node(expr, start).is_err() {
            *failed = true;
        }
        for child in children(expr) {
            self.walk(child, start, failed);
        }
    }

    /// Checks the reference `expr` makes, if it is one of the checkable shapes.
    fn check_node(&mut self, expr: &Expr, start: Pos) -> Checked<()> {
        match &expr.kind {
            ExprKind::Call {
                object,
                method,
                args,
            } => {
                let strings: Vec<&str> = args.iter().filter_map(string_constant).collect();
                match (method.as_str(), strings.as_slice(), args.len()) {
                    ("getProp", [prop], 1) => self.expr_prop(object, None, prop, start),
                    ("getFeatProp", [feature, prop], 2) => {
                        self.expr_prop(object, Some(feature), prop, start)
                    }
                    ("callFeatMethod", [feature, name, ..], _) => {
                        self.expr_feat_method(object, feature, name, start)
                    }
                    _ => Ok(()),
                }
            }
            ExprKind::Member { object, name } => match prop_chain(object) {
                // `X.prop.name`, unless `name` is a feature (then `X.prop.Feature.p` is checked
                // one level up).
                Some((root, None)) if features::feature(name).is_none() => {
                    self.expr_prop(root, None, name, start)
                }
                Some((root, Some(feature))) => self.expr_prop(root, Some(feature), name, start),
                _ => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// The agent an expression names at its root (`agent`, or a blueprint in scope) and a
    /// token to report at; `None` when the root is not a name the compiler can check.
    fn expr_root(&mut self, root: &Expr, start: Pos) -> Checked<Option<(String, Token)>> {
        let ExprKind::Name(name) = &root.kind else {
            return Ok(None);
        };
        let at = Token::new(
            TokenKind::Identifier(name.clone()),
            start.advanced(root.offset),
        );
        let in_scope = name == "agent"
            || self.frame.agent.as_deref() == Some(name.as_str())
            || self.frame.pair.iter().any(|p| p == name)
            || self.frame.binds_own_blueprint(name, self.symbols);
        if in_scope {
            return Ok(Some((name.clone(), at)));
        }
        // Names that are not blueprints are the runtime's business.
        match self.symbols.blueprint(name) {
            Some(_) => Err(self.out_of_scope(name, &at)),
            None => Ok(None),
        }
    }

    /// Checks `X.callFeatMethod('Feature', 'method', ...)`: the feature is added to X and
    /// has the method.
    fn expr_feat_method(
        &mut self,
        root: &Expr,
        feature: &str,
        method: &str,
        start: Pos,
    ) -> Checked<()> {
        let Some((name, at)) = self.expr_root(root, start)? else {
            return Ok(());
        };
        let (_, bp) = self.target(&name, &at)?;
        let spec = self.feature_on(feature, bp.as_deref(), &at)?;
        if spec.method(method).is_some() {
            return Ok(());
        }
        let suggestion = closest(method, spec.method_names()).map(str::to_owned);
        let owner = format!("feature {}", spec.name);
        let kind = CompileErrorKind::UnknownMethod {
            owner,
            method: method.to_owned(),
            suggestion,
        };
        Err(self.report(at.pos, method, kind))
    }

    /// Checks `root`'s prop (or feature prop) named in an expression.
    fn expr_prop(
        &mut self,
        root: &Expr,
        feature: Option<&str>,
        prop: &str,
        start: Pos,
    ) -> Checked<()> {
        let Some((name, at)) = self.expr_root(root, start)? else {
            return Ok(());
        };
        match feature {
            None => {
                let (_, bp) = self.target(&name, &at)?;
                self.prop_type(bp.as_deref(), prop, &at).map(|_| ())
            }
            Some(feature) => {
                let tokens = [
                    Token::new(
                        TokenKind::ObjRef(vec![name.clone(), feature.to_owned()]),
                        at.pos,
                    ),
                    Token::new(TokenKind::Identifier(prop.to_owned()), at.pos),
                ];
                self.feat_prop_ref(&tokens, &at).map(|_| ())
            }
        }
    }
}

/// For `X.prop` gives `(X, None)`; for `X.prop.Feature` gives `(X, Some(Feature))`.
fn prop_chain(expr: &Expr) -> Option<(&Expr, Option<&str>)> {
    let ExprKind::Member { object, name } = &expr.kind else {
        return None;
    };
    if name == "prop" {
        return Some((object, None));
    }
    match &object.kind {
        ExprKind::Member {
            object: root,
            name: prop,
        } if prop == "prop" && features::feature(name).is_some() => Some((root, Some(name))),
        _ => None,
    }
}

fn string_constant(expr: &Expr) -> Option<&str> {
    match &expr.kind {
        ExprKind::Constant(Constant::String(s)) => Some(s),
        _ => None,
    }
}

/// The direct sub-expressions of `expr`.
fn children(expr: &Expr) -> Vec<&Expr> {
    match &expr.kind {
        ExprKind::Constant(_) | ExprKind::Name(_) => Vec::new(),
        ExprKind::Member { object, .. } => vec![object],
        ExprKind::Call { object, args, .. } => std::iter::once(&**object).chain(args).collect(),
        ExprKind::Math { args, .. } => args.iter().collect(),
        ExprKind::Unary { operand, .. } => vec![operand],
        ExprKind::Binary { left, right, .. } | ExprKind::Logical { left, right, .. } => {
            vec![left, right]
        }
        ExprKind::Conditional {
            test,
            then,
            otherwise,
        } => vec![test, then, otherwise],
    }
}

#[cfg(test)]
mod tests {
    use crate::script::keywords::testing::{assert_error, assert_ok};

    #[test]
    fn props_read_in_expressions_are_checked() {
        assert_ok(
            "exprPush {{ agent.getProp('energy').value + agent.prop.energy.value + agent.x }}",
        );
        assert_ok("exprPush {{ agent.prop.Movement.compassDirection.value === 'E' }}");
        assert_ok("exprPush {{ agent.getFeatProp('Movement', 'isMoving').value && Math.abs(1) }}");
        assert_error(
            "exprPush {{ agent.getProp('enrgy').value }}",
            "Fish has no property 'enrgy' — did you mean 'energy'?",
        );
        assert_error(
            "exprPush {{ agent.prop.Movement.speed.value }}",
            "the feature Movement has no property 'speed'",
        );
        assert_error(
            "exprPush {{ agent.getFeatProp('Physics', 'scale').value }}",
            "Fish does not have the feature Physics: add the line 'addFeature Physics' to its # PROGRAM DEFINE",
        );
    }

    #[test]
    fn other_blueprints_in_expressions_must_be_named_by_a_when() {
        assert_ok("when Fish touches Algae [[\n  ifExpr {{ Algae.getProp('energyLevel').value > 0 }} [[\n  ]]\n]]");
        assert_error(
            "ifExpr {{ Algae.getProp('energyLevel').value > 0 }} [[\n]]",
            "'Algae' is no character here: use it only inside a 'when' that names Algae",
        );
        assert_error(
            "when Fish touches Algae [[\n  exprPush {{ Algae.prop.energy.value }}\n]]",
            "Algae has no property 'energy' (make it with addProp in # PROGRAM DEFINE)",
        );
        assert_ok("exprPush {{ agent.callFeatMethod('Costume', 'colorHSVWithinRange', 1, 2, 0.2, 1, 0.2) }}");
        assert_error(
            "exprPush {{ agent.callFeatMethod('Costume', 'colorWithin', 1) }}",
            "the feature Costume has no method 'colorWithin'",
        );
        // Names the compiler cannot know are left to run time.
        assert_ok("exprPush {{ something.getProp('x').value }}");
    }
}

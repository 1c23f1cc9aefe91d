//! Measures written as a `{{ }}` expression, for what a count or an average alone cannot say:
//! `{{ Fish.count / Algae.count }}`, `{{ Global.rate * 100 }}`, `{{ Fish.mean('energy') -
//! Fish.min('energy') }}`.
//!
//! The expression is the scripts' own language ([`crate::script::expr`]), read from the model
//! as a whole rather than from an agent: `Global.name` (or, as GEMSTEP's scripts write it,
//! `global.getProp('name').value` or `global.prop.name.value`) is a Global prop's value, `Fish.count` how many Fish there are, and
//! `Fish.mean('energy')`, `.sum`, `.min` and `.max` a statistic of a Number prop over them.
//!
//! A measure only reads: a monitor is read whenever the screen redraws and an experiment
//! between ticks, so it must never change the run. `Math.random()`, the one part of the
//! language that changes anything (the seeded generator), is refused when the text is read.

use super::measure::{blueprint, statistic, unknown, STATS};
use crate::exec::to_expr;
use crate::script::compiler::{BlueprintSymbols, Symbols};
use crate::script::expr::{
    parse_expr, BinaryOp, Constant, EvalErrorKind, Expr, ExprContext, ExprKind, LogicalOp, MathFn,
    UnaryOp, Value as ExprValue,
};
use crate::script::Pos;
use crate::sim::Simulation;
use crate::vars::VarType;

/// The names that stand for the model's Global props: Stepwise writes `Global`, GEMSTEP's
/// expressions `global`.
const GLOBAL_NAMES: [&str; 2] = ["Global", "global"];

/// A measure's expression, parsed, and the column of the measure's text it starts at (from 0),
/// so errors point into what the teacher wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasureExpr {
    tree: Expr,
    column: usize,
}

/// What a part of a measure's expression gives, as far as it can be known before a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gives {
    Number,
    Truth,
    Text,
    /// `null`, or either of two kinds (`a || b` of a number and a text).
    Other,
}

impl Gives {
    fn of(ty: VarType) -> Gives {
        match ty {
            VarType::Number => Gives::Number,
            VarType::Boolean => Gives::Truth,
            VarType::String => Gives::Text,
            VarType::Dictionary => Gives::Other,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Gives::Number => "a number",
            Gives::Truth => "true or false",
            Gives::Text => "text",
            Gives::Other => "not always a number",
        }
    }
}

/// The handles a measure's expression holds between a name and what is read of it.
#[derive(Debug, Clone, PartialEq)]
enum Seen {
    /// The model's Global props.
    Global,
    /// `global.prop`: the Global props, by name.
    GlobalProps,
    /// One Global prop (`Global.getProp('rate')`), read with `.value`.
    GlobalProp(String),
    /// The agents of a blueprint.
    Blueprint(String),
}

const HOW: &str =
    "a measure reads Global.rate, Fish.count or Fish.mean('energy') (also sum, min, max)";

impl MeasureExpr {
    /// Parses the text between `{{` and `}}`, which starts at `column` (from 0) of the
    /// measure's text.
    pub fn parse(inner: &str, column: usize) -> Result<MeasureExpr, String> {
        let tree = parse_expr(inner, Pos::START.advanced(column))
            .map_err(|e| format!("column {}: {}", e.pos.col, e.kind))?;
        let expr = MeasureExpr { tree, column };
        expr.refuse_random()?;
        Ok(expr)
    }

    /// "column N: why", N counted in the measure's text, for a part at `offset` of the
    /// expression.
    fn at(&self, offset: usize, why: &str) -> String {
        format!("column {}: {why}", self.column + offset + 1)
    }

    /// Refuses `Math.random()` anywhere in the expression.
    fn refuse_random(&self) -> Result<(), String> {
        let mut found = None;
        visit(&self.tree, &mut |e| {
            if let ExprKind::Math {
                function: MathFn::Random,
                ..
            } = e.kind
            {
                found.get_or_insert(e.offset);
            }
        });
        match found {
            None => Ok(()),
            Some(offset) => Err(self.at(
                offset,
                "a measure cannot use Math.random(); it only reads the model",
            )),
        }
    }

    /// Checks every name against the model and that the whole gives a number (or true or
    /// false, measured as 1 or 0).
    pub(crate) fn check(&self, symbols: &Symbols) -> Result<(), String> {
        match gives(&self.tree, symbols).map_err(|(offset, why)| self.at(offset, &why))? {
            Gives::Number | Gives::Truth => Ok(()),
            other => Err(format!(
                "a measure must be a number, and this is {}",
                other.name()
            )),
        }
    }

    /// The expression's value in `sim` now, or why it has none (a statistic of no agents, a
    /// Global prop not made yet, an answer that is not a number).
    pub fn sample(&self, sim: &Simulation) -> Result<f64, String> {
        match self
            .tree
            .eval(&mut Reader(sim))
            .map_err(|e| e.to_string())?
        {
            ExprValue::Number(n) => Ok(n),
            ExprValue::Boolean(b) => Ok(f64::from(u8::from(b))),
            _ => Err("the expression does not give a number".to_string()),
        }
    }
}

/// Calls `f` on `expr` and every part of it.
fn visit(expr: &Expr, f: &mut impl FnMut(&Expr)) {
    f(expr);
    match &expr.kind {
        ExprKind::Constant(_) | ExprKind::Name(_) => {}
        ExprKind::Member { object, .. } => visit(object, f),
        ExprKind::Call { object, args, .. } => {
            visit(object, f);
            args.iter().for_each(|a| visit(a, f));
        }
        ExprKind::Math { args, .. } => args.iter().for_each(|a| visit(a, f)),
        ExprKind::Unary { operand, .. } => visit(operand, f),
        ExprKind::Binary { left, right, .. } | ExprKind::Logical { left, right, .. } => {
            visit(left, f);
            visit(right, f);
        }
        ExprKind::Conditional {
            test,
            then,
            otherwise,
        } => {
            visit(test, f);
            visit(then, f);
            visit(otherwise, f);
        }
    }
}

/// The name `e` is, if it is a bare name.
fn bare(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(name) => Some(name),
        _ => None,
    }
}

/// Whether `e` is `global.prop` (or `Global.prop`), the Global props by name.
fn is_global_props(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Member { object, name }
        if name == "prop" && bare(object).is_some_and(|g| GLOBAL_NAMES.contains(&g)))
}

/// The text `args` is, if it is one string written in quotes.
fn one_text(args: &[Expr]) -> Option<&str> {
    match args {
        [Expr {
            kind: ExprKind::Constant(Constant::String(s)),
            ..
        }] => Some(s),
        _ => None,
    }
}

/// What `e` gives, with every name it reads checked against the model; an error is the
/// offset of the part at fault and why.
fn gives(e: &Expr, symbols: &Symbols) -> Result<Gives, (usize, String)> {
    let whole = |e: &Expr| gives(e, symbols);
    let at = |why: String| (e.offset, why);
    match &e.kind {
        ExprKind::Constant(c) => Ok(match c {
            Constant::Number(_) => Gives::Number,
            Constant::String(_) => Gives::Text,
            Constant::Boolean(_) => Gives::Truth,
            Constant::Null => Gives::Other,
        }),
        ExprKind::Name(name) => Err(at(format!("'{name}' is not a value; {HOW}"))),
        ExprKind::Member { object, name } => match (bare(object), &object.kind) {
            (Some(g), _) if GLOBAL_NAMES.contains(&g) => global(symbols, name).map_err(at),
            (Some(bp), _) => {
                agents(symbols, bp).map_err(at)?;
                match name.as_str() {
                    "count" => Ok(Gives::Number),
                    _ => Err(at(format!(
                        "{bp}.{name} is not something to measure; {HOW}"
                    ))),
                }
            }
            (
                None,
                ExprKind::Call {
                    object: g,
                    method,
                    args,
                },
            ) if name == "value"
                && method == "getProp"
                && bare(g).is_some_and(|g| GLOBAL_NAMES.contains(&g)) =>
            {
                let prop = one_text(args)
                    .ok_or_else(|| at("getProp needs a Global prop's name in quotes".into()))?;
                global(symbols, prop).map_err(at)
            }
            (
                None,
                ExprKind::Member {
                    object: props,
                    name: prop,
                },
            ) if name == "value" && is_global_props(props) => global(symbols, prop).map_err(at),
            _ => Err(at(format!("'.{name}' cannot be read here; {HOW}"))),
        },
        ExprKind::Call {
            object,
            method,
            args,
        } => {
            let Some(bp) = bare(object).filter(|n| !GLOBAL_NAMES.contains(n)) else {
                return Err(at(format!("'{method}(…)' cannot be used here; {HOW}")));
            };
            let declared = agents(symbols, bp).map_err(at)?;
            if !STATS.iter().any(|(name, _)| name == method) {
                return Err(at(format!("{bp} has no '{method}'; {HOW}")));
            }
            let prop = one_text(args)
                .ok_or_else(|| at(format!("{method} needs a prop's name in quotes")))?;
            match declared.prop(prop) {
                Some(VarType::Number) => Ok(Gives::Number),
                Some(ty) => Err(at(format!("{bp}.{prop} is {ty:?}, not a Number"))),
                None => Err(at(unknown(
                    &format!("prop '{prop}' on {bp}"),
                    prop,
                    declared.props.keys().map(String::as_str),
                ))),
            }
        }
        ExprKind::Math { function, args } => {
            for arg in args {
                if whole(arg)? != Gives::Number {
                    return Err(at(format!("Math.{} needs numbers", function.name())));
                }
            }
            Ok(Gives::Number)
        }
        ExprKind::Unary { op, operand } => {
            let inner = whole(operand)?;
            match op {
                UnaryOp::Not => Ok(Gives::Truth),
                UnaryOp::Neg if inner == Gives::Number => Ok(Gives::Number),
                UnaryOp::Neg => Err(at(format!("'-' needs a number, not {}", inner.name()))),
            }
        }
        ExprKind::Binary { op, left, right } => {
            let (l, r) = (whole(left)?, whole(right)?);
            if *op == BinaryOp::Add && (l == Gives::Text || r == Gives::Text) {
                Ok(Gives::Text)
            } else if op.is_arithmetic() {
                match (l, r) {
                    (Gives::Number, Gives::Number) => Ok(Gives::Number),
                    _ => Err(at(format!(
                        "arithmetic needs numbers, not {} and {}",
                        l.name(),
                        r.name()
                    ))),
                }
            } else {
                Ok(Gives::Truth)
            }
        }
        ExprKind::Logical { op, left, right } => {
            let (l, r) = (whole(left)?, whole(right)?);
            Ok(match op {
                LogicalOp::And | LogicalOp::Or if l == r => l,
                _ => Gives::Other,
            })
        }
        ExprKind::Conditional {
            test,
            then,
            otherwise,
        } => {
            whole(test)?;
            let (a, b) = (whole(then)?, whole(otherwise)?);
            Ok(if a == b { a } else { Gives::Other })
        }
    }
}

/// Blueprint `name`'s declarations, for reading its agents.
fn agents<'s>(symbols: &'s Symbols, name: &str) -> Result<&'s BlueprintSymbols, String> {
    if name == "agent" {
        return Err(format!(
            "a measure reads the model as a whole, not one agent; {HOW}"
        ));
    }
    blueprint(symbols, name)
}

/// What reading the Global prop `name` gives, or why it cannot be read.
fn global(symbols: &Symbols, name: &str) -> Result<Gives, String> {
    match symbols.globals.get(name) {
        Some(ty) => Ok(Gives::of(*ty)),
        None => Err(unknown(
            &format!("Global prop '{name}'"),
            name,
            symbols.globals.keys().map(String::as_str),
        )),
    }
}

/// A measure's window on a simulation: it reads and never changes.
struct Reader<'s>(&'s Simulation);

type Answer = Result<ExprValue<Seen>, EvalErrorKind>;

impl Reader<'_> {
    fn global(&self, name: &str) -> Answer {
        self.0
            .global(name)
            .map(to_expr)
            .ok_or_else(|| EvalErrorKind::NoProperty {
                object: "Global".into(),
                name: name.into(),
            })
    }
}

impl ExprContext for Reader<'_> {
    type Object = Seen;

    fn name(&self, name: &str) -> Answer {
        if GLOBAL_NAMES.contains(&name) {
            Ok(ExprValue::Object(Seen::Global))
        } else if self.0.has_blueprint(name) {
            Ok(ExprValue::Object(Seen::Blueprint(name.to_string())))
        } else {
            Err(EvalErrorKind::UnknownName(name.to_string()))
        }
    }

    fn member(&self, object: &Seen, name: &str) -> Answer {
        match (object, name) {
            (Seen::Global, "prop") => Ok(ExprValue::Object(Seen::GlobalProps)),
            (Seen::Global, _) => self.global(name),
            (Seen::GlobalProps, _) => Ok(ExprValue::Object(Seen::GlobalProp(name.to_string()))),
            (Seen::GlobalProp(prop), "value") => self.global(prop),
            (Seen::Blueprint(bp), "count") => Ok(ExprValue::Number(self.0.count_of(bp) as f64)),
            (Seen::GlobalProp(prop), _) => Err(EvalErrorKind::NoProperty {
                object: format!("Global prop '{prop}'"),
                name: name.into(),
            }),
            (Seen::Blueprint(bp), _) => Err(EvalErrorKind::NoProperty {
                object: bp.clone(),
                name: name.into(),
            }),
        }
    }

    fn call(&mut self, object: &Seen, method: &str, args: &[ExprValue<Seen>]) -> Answer {
        let stat = STATS.iter().find(|(name, _)| *name == method).map(|s| s.1);
        match (object, args, stat) {
            (Seen::Global, [ExprValue::String(name)], _) if method == "getProp" => {
                Ok(ExprValue::Object(Seen::GlobalProp(name.clone())))
            }
            (Seen::Blueprint(bp), [ExprValue::String(prop)], Some(stat)) => {
                statistic(self.0, stat, bp, prop)
                    .map(ExprValue::Number)
                    .map_err(|message| EvalErrorKind::BadArguments {
                        method: method.into(),
                        message,
                    })
            }
            _ => Err(EvalErrorKind::NoMethod {
                object: match object {
                    Seen::Blueprint(bp) => bp.clone(),
                    _ => "Global".into(),
                },
                method: method.into(),
            }),
        }
    }

    /// Never asked: [`MeasureExpr::parse`] refuses `Math.random()`.
    fn random(&mut self) -> f64 {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_is_refused_where_it_is_written() {
        let err = MeasureExpr::parse(" Fish.count * Math.random() ", 2).unwrap_err();
        assert!(
            err.starts_with("column 17:") && err.contains("Math.random"),
            "{err}"
        );
        assert!(MeasureExpr::parse("Fish.count / 2", 2).is_ok());
    }

    #[test]
    fn a_parse_error_points_into_the_measure() {
        let err = MeasureExpr::parse(" Fish.count = 2 ", 2).unwrap_err();
        assert!(err.starts_with("column 15:"), "{err}");
    }
}

//! The compiled form of an expression, which is what the simulation runs: the tree typed once,
//! when its script is compiled, into [`Code`] over plain numbers and truth values.
//!
//! Nearly every expression of real models reads props and computes numbers and truth values
//! from them: `agent.getProp('energyLevel').value < 50`, `Algae.getProp('energyLevel').value +
//! Sunbeam.getProp('energyRate').value`, `agent.prop.Movement.compassDirection.value === 'E'`,
//! `!Moth.prop.isInert.value`, `Math.random() * 10 - 5`. Their code reads each prop with one
//! look-up (a recognised read, see [`ReadPath`]) and computes with numbers and booleans held
//! in registers, building no value and no object on the way.
//!
//! Typed code computes what the tree computes (the same functions: [`super::eval`]'s
//! arithmetic, comparisons and `Math`), and only when every operand has the kind it expects.
//! Anything else — a read that is not a number or a boolean, a division by zero, a result
//! that is not finite — gives up ([`Code::scalar`] is `None`), and the caller evaluates the
//! tree as written instead, with the random generator as it was, which words every error and
//! decides every unusual case. An expression with a part that cannot be typed at all
//! (`agent.name + '!'`, `'Time: ' + t`, a method call) has no typed code. The reference
//! interpreter always evaluates the tree, so the differential test checks the typed code
//! against it.

use super::ast::{BinaryOp, Constant, Expr, ExprKind, LogicalOp, MathFn, UnaryOp};
use super::eval::math_of;
use super::reads::{recognise, ReadPath, Who};
use super::value::Value;

/// What typed code reads of the running simulation.
pub trait Reads {
    /// The value of `who`'s prop `path` when it is a number or a truth value; `None` for
    /// anything else (a missing prop, a text, an agent that is not there).
    fn scalar(&self, who: &Who, path: &ReadPath) -> Option<Scalar>;

    /// Whether `who`'s prop `path` is the text `text`; `None` when it is no text.
    fn text_is(&self, who: &Who, path: &ReadPath, text: &str) -> Option<bool>;

    /// A number in `[0, 1)` from the simulation's seeded generator.
    fn random(&mut self) -> f64;
}

/// A value typed code computes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scalar {
    /// A number.
    Number(f64),
    /// A truth value.
    Boolean(bool),
}

impl Scalar {
    /// JavaScript's truth of the value (`0` and `NaN` are false).
    #[inline]
    pub fn is_truthy(self) -> bool {
        match self {
            Scalar::Number(n) => n != 0.0 && !n.is_nan(),
            Scalar::Boolean(b) => b,
        }
    }

    /// The value as an expression value.
    pub fn value<O>(self) -> Value<O> {
        match self {
            Scalar::Number(n) => Value::Number(n),
            Scalar::Boolean(b) => Value::Boolean(b),
        }
    }
}

/// A recognised read: whose prop, and which.
#[derive(Debug, Clone, PartialEq)]
pub struct Read {
    /// The agent the read starts from.
    pub who: Who,
    /// The prop it reads.
    pub path: ReadPath,
}

/// One node of typed code.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    Number(f64),
    Boolean(bool),
    Read(Box<Read>),
    /// `Math.random()`.
    Random,
    Math(MathFn, Box<[Node]>),
    Neg(Box<Node>),
    Not(Box<Node>),
    Binary(BinaryOp, Box<[Node; 2]>),
    /// A binary operator whose right operand is a number written out (`x < 20`, `r * 10`).
    BinaryNumber(BinaryOp, Box<Node>, f64),
    /// [`Node::BinaryNumber`] of a read (`agent.getProp('energy').value < 20`), the commonest
    /// test of real scripts, worked out in place with no call but the read's.
    ReadNumber(BinaryOp, Box<Read>, f64),
    Logical(LogicalOp, Box<[Node; 2]>),
    Conditional(Box<[Node; 3]>),
    /// A read compared with a text written in the expression (`… === 'E'`, `… != 'stop'`):
    /// true when they are the same text, negated for `!=` and `!==`.
    TextIs {
        read: Box<Read>,
        text: Box<str>,
        negated: bool,
    },
}

/// An expression compiled (see the module docs). Made once per `{{ }}` by [`Code::compile`].
#[derive(Debug, Clone, PartialEq)]
pub struct Code {
    /// The typed code; `None` when part of the expression cannot be typed.
    typed: Option<Node>,
    /// Whether running the typed code draws random numbers.
    draws: bool,
}

impl Code {
    /// `tree` compiled; `builtin` tells the agent's built-in prop names.
    pub fn compile(tree: &Expr, builtin: &dyn Fn(&str) -> bool) -> Code {
        let typed = node(tree, builtin);
        let draws = typed.as_ref().is_some_and(Node::draws);
        Code { typed, draws }
    }

    /// Whether the expression has typed code (otherwise it is always evaluated as a tree).
    pub fn is_typed(&self) -> bool {
        self.typed.is_some()
    }

    /// Whether running the typed code draws random numbers (so a caller that gives up on it
    /// puts the generator back before evaluating the tree).
    pub fn draws(&self) -> bool {
        self.draws
    }

    /// The code with its reads of blueprint `own` read from the running agent and those of
    /// `other` from the other agent of a `when` pair ([`Who::Other`]), as the interpreter
    /// binds the names (the first wins when both are one).
    pub fn bind(&self, own: &str, other: Option<&str>) -> Code {
        let mut code = self.clone();
        if let Some(node) = &mut code.typed {
            node.each_read(&mut |who| {
                if let Who::Named(name) = who {
                    if **name == *own {
                        *who = Who::Agent;
                    } else if other == Some(&**name) {
                        *who = Who::Other;
                    }
                }
            });
        }
        code
    }

    /// The typed code's value against `ctx`, or `None` when the tree must be evaluated
    /// instead (random numbers may have been drawn by then).
    #[inline]
    pub fn scalar<R: Reads>(&self, ctx: &mut R) -> Option<Scalar> {
        operand(self.typed.as_ref()?, ctx)
    }
}

/// The typed node of `e`, if every part of it can be typed.
fn node(e: &Expr, builtin: &dyn Fn(&str) -> bool) -> Option<Node> {
    if let Some((who, path)) = recognise(e, builtin) {
        return Some(Node::Read(Box::new(Read { who, path })));
    }
    let sub = |e: &Expr| node(e, builtin);
    Some(match &e.kind {
        ExprKind::Constant(Constant::Number(n)) => Node::Number(*n),
        ExprKind::Constant(Constant::Boolean(b)) => Node::Boolean(*b),
        ExprKind::Math {
            function: MathFn::Random,
            ..
        } => Node::Random,
        ExprKind::Math { function, args } => Node::Math(
            *function,
            args.iter().map(sub).collect::<Option<Box<[Node]>>>()?,
        ),
        ExprKind::Unary {
            op: UnaryOp::Neg,
            operand,
        } => Node::Neg(Box::new(sub(operand)?)),
        ExprKind::Unary {
            op: UnaryOp::Not,
            operand,
        } => Node::Not(Box::new(sub(operand)?)),
        ExprKind::Binary { op, left, right } => match text_is(*op, left, right, builtin) {
            Some(node) => node,
            None => match &right.kind {
                ExprKind::Constant(Constant::Number(n)) => match sub(left)? {
                    Node::Read(read) => Node::ReadNumber(*op, read, *n),
                    left => Node::BinaryNumber(*op, Box::new(left), *n),
                },
                _ => Node::Binary(*op, Box::new([sub(left)?, sub(right)?])),
            },
        },
        ExprKind::Logical { op, left, right } => {
            Node::Logical(*op, Box::new([sub(left)?, sub(right)?]))
        }
        ExprKind::Conditional {
            test,
            then,
            otherwise,
        } => Node::Conditional(Box::new([sub(test)?, sub(then)?, sub(otherwise)?])),
        _ => return None,
    })
}

/// A read compared for (in)equality with a text written out, either way round.
fn text_is(
    op: BinaryOp,
    left: &Expr,
    right: &Expr,
    builtin: &dyn Fn(&str) -> bool,
) -> Option<Node> {
    let negated = match op {
        BinaryOp::LooseEq | BinaryOp::StrictEq => false,
        BinaryOp::LooseNe | BinaryOp::StrictNe => true,
        _ => return None,
    };
    let text = |e: &Expr| match &e.kind {
        ExprKind::Constant(Constant::String(s)) => Some(s.as_str().into()),
        _ => None,
    };
    let ((who, path), text) = match (recognise(left, builtin), text(right)) {
        (Some(read), Some(text)) => (read, text),
        _ => (recognise(right, builtin)?, text(left)?),
    };
    Some(Node::TextIs {
        read: Box::new(Read { who, path }),
        text,
        negated,
    })
}

impl Node {
    fn draws(&self) -> bool {
        self.any(&|n| matches!(n, Node::Random))
    }

    /// Calls `f` on the agent of every read.
    fn each_read(&mut self, f: &mut dyn FnMut(&mut Who)) {
        match self {
            Node::Read(read) | Node::TextIs { read, .. } | Node::ReadNumber(_, read, _) => {
                f(&mut read.who)
            }
            Node::Math(_, args) => args.iter_mut().for_each(|a| a.each_read(f)),
            Node::Neg(n) | Node::Not(n) | Node::BinaryNumber(_, n, _) => n.each_read(f),
            Node::Binary(_, pair) | Node::Logical(_, pair) => {
                pair.iter_mut().for_each(|n| n.each_read(f))
            }
            Node::Conditional(three) => three.iter_mut().for_each(|n| n.each_read(f)),
            Node::Number(_) | Node::Boolean(_) | Node::Random => {}
        }
    }

    /// Whether `test` holds for this node or any below it.
    fn any(&self, test: &dyn Fn(&Node) -> bool) -> bool {
        test(self)
            || match self {
                Node::Math(_, args) => args.iter().any(|a| a.any(test)),
                Node::Neg(n) | Node::Not(n) | Node::BinaryNumber(_, n, _) => n.any(test),
                Node::Binary(_, pair) | Node::Logical(_, pair) => pair.iter().any(|n| n.any(test)),
                Node::Conditional(three) => three.iter().any(|n| n.any(test)),
                _ => false,
            }
    }
}

/// Runs typed code: its value, or `None` where the tree must decide. A number written out
/// and a read are worked out in place, without a call of their own: they are most operands.
#[inline(always)]
fn operand<R: Reads>(node: &Node, ctx: &mut R) -> Option<Scalar> {
    match node {
        Node::Number(n) => Some(Scalar::Number(*n)),
        Node::Read(read) => ctx.scalar(&read.who, &read.path),
        Node::ReadNumber(op, read, n) => {
            binary(*op, ctx.scalar(&read.who, &read.path)?, Scalar::Number(*n))
        }
        Node::Random => Some(Scalar::Number(ctx.random())),
        _ => run(node, ctx),
    }
}

/// [`operand`] for the other nodes: the operators, with the rarer nodes out of line, so the
/// common ones run in a small frame.
fn run<R: Reads>(node: &Node, ctx: &mut R) -> Option<Scalar> {
    match node {
        Node::BinaryNumber(op, left, n) => binary(*op, operand(left, ctx)?, Scalar::Number(*n)),
        Node::Binary(op, pair) => {
            let [left, right] = &**pair;
            let l = operand(left, ctx)?;
            binary(*op, l, operand(right, ctx)?)
        }
        Node::Not(inner) => Some(Scalar::Boolean(!operand(inner, ctx)?.is_truthy())),
        Node::Neg(inner) => Some(Scalar::Number(-number(operand(inner, ctx)?)?)),
        _ => run_rare(node, ctx),
    }
}

/// [`run`] for the rarer nodes.
#[inline(never)]
fn run_rare<R: Reads>(node: &Node, ctx: &mut R) -> Option<Scalar> {
    match node {
        Node::Number(n) => Some(Scalar::Number(*n)),
        Node::Boolean(b) => Some(Scalar::Boolean(*b)),
        Node::Read(read) => ctx.scalar(&read.who, &read.path),
        Node::ReadNumber(..) => operand(node, ctx),
        Node::Random => Some(Scalar::Number(ctx.random())),
        Node::Math(function, args) => {
            let mut numbers = smallvec::SmallVec::<[f64; 4]>::new();
            for arg in args.iter() {
                numbers.push(number(operand(arg, ctx)?)?);
            }
            let n = math_of(*function, &numbers, || ctx.random()).ok()?;
            Some(Scalar::Number(n))
        }
        Node::Logical(op, pair) => {
            let [left, right] = &**pair;
            let l = operand(left, ctx)?;
            match (op, l.is_truthy()) {
                (LogicalOp::And, true) | (LogicalOp::Or, false) => operand(right, ctx),
                _ => Some(l),
            }
        }
        Node::Conditional(three) => {
            let [test, then, otherwise] = &**three;
            if operand(test, ctx)?.is_truthy() {
                operand(then, ctx)
            } else {
                operand(otherwise, ctx)
            }
        }
        Node::TextIs {
            read,
            text,
            negated,
        } => {
            let same = ctx.text_is(&read.who, &read.path, text)?;
            Some(Scalar::Boolean(same != *negated))
        }
        Node::BinaryNumber(..) | Node::Binary(..) | Node::Not(_) | Node::Neg(_) => run(node, ctx),
    }
}

fn number(s: Scalar) -> Option<f64> {
    match s {
        Scalar::Number(n) => Some(n),
        Scalar::Boolean(_) => None,
    }
}

/// What [`super::eval`]'s `binary` gives for two operands of one kind, when it succeeds
/// without converting either: arithmetic and order on two numbers (a finite result),
/// equality on two numbers or two booleans. `None` for everything else.
#[inline(always)]
fn binary(op: BinaryOp, l: Scalar, r: Scalar) -> Option<Scalar> {
    let (a, b) = match (l, r) {
        (Scalar::Number(a), Scalar::Number(b)) => (a, b),
        (Scalar::Boolean(a), Scalar::Boolean(b)) => {
            return match op {
                BinaryOp::LooseEq | BinaryOp::StrictEq => Some(Scalar::Boolean(a == b)),
                BinaryOp::LooseNe | BinaryOp::StrictNe => Some(Scalar::Boolean(a != b)),
                _ => None,
            }
        }
        _ => return None,
    };
    let n = match op {
        BinaryOp::Add => a + b,
        BinaryOp::Sub => a - b,
        BinaryOp::Mul => a * b,
        BinaryOp::Div if b != 0.0 => a / b,
        BinaryOp::Rem if b != 0.0 => a % b,
        BinaryOp::Div | BinaryOp::Rem => return None,
        // NaN compares false and unequal, as in JavaScript.
        BinaryOp::Lt => return Some(Scalar::Boolean(a < b)),
        BinaryOp::Le => return Some(Scalar::Boolean(a <= b)),
        BinaryOp::Gt => return Some(Scalar::Boolean(a > b)),
        BinaryOp::Ge => return Some(Scalar::Boolean(a >= b)),
        BinaryOp::LooseEq | BinaryOp::StrictEq => return Some(Scalar::Boolean(a == b)),
        BinaryOp::LooseNe | BinaryOp::StrictNe => return Some(Scalar::Boolean(a != b)),
    };
    n.is_finite().then_some(Scalar::Number(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::expr::{parse_expr, EvalError, EvalErrorKind, ExprContext};
    use crate::script::Pos;
    use crate::vars::RandomSource;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;

    /// A context with one agent: `agent.x` is 3, prop `on` is true, `kind` is 'E'.
    struct One(Pcg32);

    impl ExprContext for One {
        type Object = ();
        fn name(&self, name: &str) -> Result<Value<()>, EvalErrorKind> {
            match name {
                "agent" => Ok(Value::Object(())),
                _ => Err(EvalErrorKind::UnknownName(name.into())),
            }
        }
        fn member(&self, _: &(), name: &str) -> Result<Value<()>, EvalErrorKind> {
            Ok(match name {
                "x" => Value::Number(3.0),
                "kind" => Value::String("E".into()),
                "on" => Value::Boolean(true),
                _ => {
                    return Err(EvalErrorKind::NoProperty {
                        object: "agent".into(),
                        name: name.into(),
                    })
                }
            })
        }
        fn call(&mut self, _: &(), m: &str, _: &[Value<()>]) -> Result<Value<()>, EvalErrorKind> {
            Err(EvalErrorKind::NoMethod {
                object: "agent".into(),
                method: m.into(),
            })
        }
        fn random(&mut self) -> f64 {
            self.0.next_f64()
        }
    }

    impl Reads for One {
        fn scalar(&self, who: &Who, path: &ReadPath) -> Option<Scalar> {
            match (who, path) {
                (Who::Agent, ReadPath::Builtin(p)) if p == "x" => Some(Scalar::Number(3.0)),
                (Who::Agent, ReadPath::Added(p)) if *p.name() == "on" => {
                    Some(Scalar::Boolean(true))
                }
                _ => None,
            }
        }
        fn text_is(&self, who: &Who, path: &ReadPath, text: &str) -> Option<bool> {
            match (who, path) {
                (Who::Agent, ReadPath::Added(p)) if *p.name() == "kind" => Some(text == "E"),
                _ => None,
            }
        }
        fn random(&mut self) -> f64 {
            self.0.next_f64()
        }
    }

    type Outcome = (Result<Value<()>, EvalError>, f64);

    /// The compiled code of `text`, and what it (or the tree where it gives up, from the
    /// same generator) and the tree give, each with the generator's next number afterwards
    /// (so a draw too many or too few shows).
    fn both(text: &str) -> (Code, Outcome, Outcome) {
        let tree = parse_expr(text, Pos::START).unwrap();
        let code = Code::compile(&tree, &|n| n == "x");
        let mut typed = One(Pcg32::seed_from_u64(5));
        let got = match code.scalar(&mut typed) {
            Some(s) => Ok(s.value()),
            None => {
                typed = One(Pcg32::seed_from_u64(5));
                tree.eval(&mut typed)
            }
        };
        let mut plain = One(Pcg32::seed_from_u64(5));
        let expected = tree.eval(&mut plain);
        let next = |c: &mut One| RandomSource::next_f64(&mut c.0);
        (code, (got, next(&mut typed)), (expected, next(&mut plain)))
    }

    #[test]
    fn typed_code_gives_the_trees_values() {
        for text in [
            "agent.x < 20",
            "agent.x * 2 - 1",
            "-agent.x",
            "!agent.on",
            "agent.on && agent.x > 2",
            "agent.x > 5 || agent.x",
            "agent.x > 2 ? 10 : 20",
            "Math.abs(agent.x - 10)",
            "Math.random() * 10 - 5",
            "agent.kind === 'E'",
            "'W' != agent.kind",
            "true == agent.on",
        ] {
            let (code, typed, plain) = both(text);
            assert!(code.is_typed(), "{text}");
            assert!(
                code.scalar(&mut One(Pcg32::seed_from_u64(5))).is_some(),
                "{text}"
            );
            assert_eq!(typed, plain, "{text}");
        }
    }

    #[test]
    fn where_typed_code_gives_up_the_tree_decides() {
        for text in [
            "agent.x / 0",
            "agent.kind + 1",
            "agent.on + 1",
            "agent.on == 1",
            "Math.random() + agent.nothing",
            "Math.random() < 2 && agent.kind",
            "Math.sqrt(-1)",
        ] {
            let (code, typed, plain) = both(text);
            assert!(code.is_typed(), "{text}");
            assert!(
                code.scalar(&mut One(Pcg32::seed_from_u64(5))).is_none(),
                "{text}"
            );
            assert_eq!(typed, plain, "{text}");
        }
        for text in ["'a' + agent.x", "agent.x + 'a'", "null", "agent"] {
            let (code, typed, plain) = both(text);
            assert!(!code.is_typed(), "{text}");
            assert_eq!(typed, plain, "{text}");
        }
    }

    #[test]
    fn blueprint_names_bind_to_the_agents_in_context() {
        let tree = parse_expr("Fish.x + Algae.x * Shark.x", Pos::START).unwrap();
        let code = Code::compile(&tree, &|n| n == "x").bind("Fish", Some("Algae"));
        let mut whos = Vec::new();
        code.typed
            .clone()
            .unwrap()
            .each_read(&mut |who| whos.push(who.clone()));
        assert_eq!(whos, [Who::Agent, Who::Other, Who::Named("Shark".into())]);
        // Both names one blueprint: the first wins.
        let code = Code::compile(&tree, &|n| n == "x").bind("Fish", Some("Fish"));
        let mut whos = Vec::new();
        code.typed
            .clone()
            .unwrap()
            .each_read(&mut |who| whos.push(who.clone()));
        assert_eq!(whos[0], Who::Agent);
        assert!(!Code::compile(&tree, &|_| false).draws());
        let random = parse_expr("Math.random() * 10 - 5", Pos::START).unwrap();
        assert!(Code::compile(&random, &|_| false).draws());
    }
}

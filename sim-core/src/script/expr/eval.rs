//! Evaluating an [`Expr`] against an [`ExprContext`], the runtime's window on the simulation.
//!
//! The rules, chosen so a student's mistake becomes a clear error rather than a silent `NaN`:
//! - Arithmetic (`- * / %`, unary `-`, every `Math` function) needs numbers; `'a' - 1` is an
//!   error (JavaScript would give `NaN`), and so is `true + 1`.
//! - `+` adds two numbers, or concatenates when either side is a string, writing the other side
//!   as JavaScript does (`'T-Rex #' + 3` is `'T-Rex #3'`).
//! - Every computed number is finite: division or remainder by zero is an error (JavaScript
//!   would give `Infinity` or `NaN`), and so is an overflow or `Math.sqrt(-1)`.
//! - `<`, `<=`, `>`, `>=` compare two numbers or two strings; anything else is an error.
//! - `==` and `===`, `&&`, `||`, `!` and `?:` follow JavaScript (see [`Value`]).
//! - `Math.random()` asks the context, which draws from the simulation's seeded generator.

use super::ast::{BinaryOp, Expr, ExprKind, LogicalOp, MathFn, UnaryOp};
use super::value::Value;

/// What an expression can see of the running simulation. The runtime implements it: it binds
/// names such as `agent`, `Fish` and `Algae` to its objects, answers property reads
/// (`agent.x`, `agent.prop`, `…getProp('x').value`) and method calls (`getProp`), and supplies
/// random numbers from the simulation's seeded generator, never a global one.
pub trait ExprContext {
    /// The runtime's handle for an object: an agent, a property, a feature, a set of props.
    type Object: Clone + PartialEq + std::fmt::Debug;

    /// The value of a bare name, or [`EvalErrorKind::UnknownName`].
    fn name(&self, name: &str) -> Result<Value<Self::Object>, EvalErrorKind>;

    /// `object.name`, or [`EvalErrorKind::NoProperty`].
    fn member(
        &self,
        object: &Self::Object,
        name: &str,
    ) -> Result<Value<Self::Object>, EvalErrorKind>;

    /// `object.method(args)`, or [`EvalErrorKind::NoMethod`] / [`EvalErrorKind::BadArguments`].
    fn call(
        &mut self,
        object: &Self::Object,
        method: &str,
        args: &[Value<Self::Object>],
    ) -> Result<Value<Self::Object>, EvalErrorKind>;

    /// A number in `[0, 1)` from the simulation's seeded generator.
    fn random(&mut self) -> f64;
}

/// An expression that failed while running: which part and why.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalError {
    /// Character offset in the expression text of the part that failed.
    pub offset: usize,
    /// What went wrong, boxed: every evaluation step passes its result up by value, and a
    /// small error keeps that result the size of a value.
    pub kind: Box<EvalErrorKind>,
}

/// What went wrong while evaluating.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum EvalErrorKind {
    /// A name the context does not know.
    UnknownName(String),
    /// A property read the value does not have.
    NoProperty {
        /// The value read from, described ("agent Fish", "a number").
        object: String,
        /// The property name.
        name: String,
    },
    /// A method the value does not have (including calls on plain values).
    NoMethod {
        /// The value called on, described.
        object: String,
        /// The method name.
        method: String,
    },
    /// A method called with arguments it cannot use.
    BadArguments {
        /// The method name.
        method: String,
        /// What it needs, in the user's terms.
        message: String,
    },
    /// An operator or function given the wrong kind of value.
    WrongOperand {
        /// The operator or function (`-`, `<`, `Math.abs`).
        op: String,
        /// What it needs ("numbers").
        expected: &'static str,
        /// What it got ("a string ('a')").
        found: String,
    },
    /// A `+` whose text would be longer than [`crate::vars::MAX_TEXT_BYTES`].
    TextTooLong {
        /// How long it would be, in bytes.
        bytes: usize,
    },
    /// `/` or `%` by zero.
    DivisionByZero {
        /// The operator.
        op: &'static str,
    },
    /// A result that is not a finite number (overflow, `Math.sqrt(-1)`).
    NotFinite {
        /// The operator or function.
        op: String,
    },
    /// Another failure, said in the context's own words (a prop the agent lacks, a removed
    /// agent).
    Other(String),
}

impl std::fmt::Display for EvalErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::UnknownName(name) => write!(
                f,
                "'{name}' names nothing here: use agent for this character, or a blueprint's \
                 name inside a 'when' that names it"
            ),
            Self::NoProperty { object, name } => write!(f, "{object} has no property '{name}'"),
            Self::NoMethod { object, method } => write!(f, "{object} has no method '{method}'"),
            Self::BadArguments { method, message } => write!(f, "{method}: {message}"),
            Self::WrongOperand {
                op,
                expected,
                found,
            } => {
                write!(f, "'{op}' needs {expected}, not {found}")
            }
            Self::DivisionByZero { op } => write!(f, "'{op}' cannot divide by zero"),
            Self::TextTooLong { bytes } => write!(
                f,
                "'+' would make a text {} KB long, but a text may hold at most {} KB",
                bytes.div_ceil(1024),
                crate::vars::MAX_TEXT_BYTES / 1024
            ),
            Self::NotFinite { op } => write!(
                f,
                "'{op}' does not give a usable number here: the result is too large, or not a \
                 number at all (like the square root of a negative number)"
            ),
            Self::Other(message) => f.write_str(message),
        }
    }
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at character {})", self.kind, self.offset + 1)
    }
}

impl std::error::Error for EvalError {}

type Evaluated<C> = Result<Value<<C as ExprContext>::Object>, EvalError>;

impl Expr {
    /// Evaluates the expression; errors name the part that failed and never panic.
    pub fn eval<C: ExprContext>(&self, ctx: &mut C) -> Evaluated<C> {
        let at = |kind| EvalError {
            offset: self.offset,
            kind: Box::new(kind),
        };
        match &self.kind {
            ExprKind::Constant(constant) => Ok(constant.into()),
            ExprKind::Name(name) => ctx.name(name).map_err(at),
            ExprKind::Member { object, name } => match object.eval(ctx)? {
                Value::Object(o) => ctx.member(&o, name).map_err(at),
                plain => Err(at(EvalErrorKind::NoProperty {
                    object: plain.describe(),
                    name: name.clone(),
                })),
            },
            ExprKind::Call {
                object,
                method,
                args,
            } => {
                let target = object.eval(ctx)?;
                let values = eval_all(args, ctx)?;
                match target {
                    Value::Object(o) => ctx.call(&o, method, &values).map_err(at),
                    plain => Err(at(EvalErrorKind::NoMethod {
                        object: plain.describe(),
                        method: method.clone(),
                    })),
                }
            }
            ExprKind::Math { function, args } => {
                let values = eval_all(args, ctx)?;
                math(*function, &values, ctx).map(Value::Number).map_err(at)
            }
            ExprKind::Unary { op, operand } => unary(*op, operand.eval(ctx)?).map_err(at),
            ExprKind::Binary { op, left, right } => {
                let (l, r) = (left.eval(ctx)?, right.eval(ctx)?);
                binary(*op, l, r).map_err(at)
            }
            ExprKind::Logical { op, left, right } => {
                let l = left.eval(ctx)?;
                match (op, l.is_truthy()) {
                    (LogicalOp::And, true) | (LogicalOp::Or, false) => right.eval(ctx),
                    _ => Ok(l),
                }
            }
            ExprKind::Conditional {
                test,
                then,
                otherwise,
            } => {
                let branch = if test.eval(ctx)?.is_truthy() {
                    then
                } else {
                    otherwise
                };
                branch.eval(ctx)
            }
        }
    }
}

fn eval_all<C: ExprContext>(
    args: &[Expr],
    ctx: &mut C,
) -> Result<Vec<Value<C::Object>>, EvalError> {
    args.iter().map(|arg| arg.eval(ctx)).collect()
}

/// `value` as a number for `op`, or the error saying `op` needs numbers.
fn number<O>(op: &str, value: &Value<O>) -> Result<f64, EvalErrorKind> {
    value
        .as_number()
        .ok_or_else(|| EvalErrorKind::WrongOperand {
            op: op.to_owned(),
            expected: "numbers",
            found: value.describe(),
        })
}

/// `n`, or the error saying `op` gave no finite number.
fn finite(op: &str, n: f64) -> Result<f64, EvalErrorKind> {
    if n.is_finite() {
        Ok(n)
    } else {
        Err(EvalErrorKind::NotFinite { op: op.to_owned() })
    }
}

fn unary<O>(op: UnaryOp, value: Value<O>) -> Result<Value<O>, EvalErrorKind> {
    match op {
        UnaryOp::Neg => Ok(Value::Number(-number("-", &value)?)),
        UnaryOp::Not => Ok(Value::Boolean(!value.is_truthy())),
    }
}

fn binary<O: PartialEq>(op: BinaryOp, l: Value<O>, r: Value<O>) -> Result<Value<O>, EvalErrorKind> {
    match op {
        BinaryOp::Add => add(l, r),
        BinaryOp::LooseEq => Ok(Value::Boolean(l.loose_eq(&r))),
        BinaryOp::LooseNe => Ok(Value::Boolean(!l.loose_eq(&r))),
        BinaryOp::StrictEq => Ok(Value::Boolean(l.strict_eq(&r))),
        BinaryOp::StrictNe => Ok(Value::Boolean(!l.strict_eq(&r))),
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => compare(op, &l, &r),
        BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => {
            let symbol = op.symbol();
            arithmetic(op, number(symbol, &l)?, number(symbol, &r)?).map(Value::Number)
        }
    }
}

/// `a op b` for the arithmetic operators (`+ - * / %`) as a finite number, or the error (a
/// comparison does not give a number).
fn arithmetic(op: BinaryOp, a: f64, b: f64) -> Result<f64, EvalErrorKind> {
    let n = match op {
        BinaryOp::Add => a + b,
        BinaryOp::Sub => a - b,
        BinaryOp::Mul => a * b,
        BinaryOp::Div | BinaryOp::Rem if b == 0.0 => {
            return Err(EvalErrorKind::DivisionByZero { op: op.symbol() })
        }
        BinaryOp::Div => a / b,
        BinaryOp::Rem => a % b,
        _ => {
            return Err(EvalErrorKind::WrongOperand {
                op: op.symbol().to_owned(),
                expected: "an arithmetic operator",
                found: "a comparison".to_owned(),
            })
        }
    };
    finite(op.symbol(), n)
}

/// `+`: concatenation when either side is a string, else numeric addition.
fn add<O>(l: Value<O>, r: Value<O>) -> Result<Value<O>, EvalErrorKind> {
    if matches!(l, Value::String(_)) || matches!(r, Value::String(_)) {
        let text = |v: &Value<O>| {
            v.to_js_string().ok_or_else(|| EvalErrorKind::WrongOperand {
                op: "+".to_owned(),
                expected: "numbers or text",
                found: v.describe(),
            })
        };
        let (l, r) = (text(&l)?, text(&r)?);
        if l.len() + r.len() > crate::vars::MAX_TEXT_BYTES {
            return Err(EvalErrorKind::TextTooLong {
                bytes: l.len() + r.len(),
            });
        }
        return Ok(Value::String(l + &r));
    }
    arithmetic(BinaryOp::Add, number("+", &l)?, number("+", &r)?).map(Value::Number)
}

fn compare<O>(op: BinaryOp, l: &Value<O>, r: &Value<O>) -> Result<Value<O>, EvalErrorKind> {
    let ordering = match (l, r) {
        (Value::Number(a), Value::Number(b)) => a.partial_cmp(b),
        (Value::String(a), Value::String(b)) => Some(a.cmp(b)),
        _ => {
            return Err(EvalErrorKind::WrongOperand {
                op: op.symbol().to_owned(),
                expected: "two numbers or two texts",
                found: format!("{} and {}", l.describe(), r.describe()),
            })
        }
    };
    let Some(ordering) = ordering else {
        return Ok(Value::Boolean(false)); // NaN compares false, as in JavaScript
    };
    let result = match op {
        BinaryOp::Lt => ordering.is_lt(),
        BinaryOp::Le => ordering.is_le(),
        BinaryOp::Gt => ordering.is_gt(),
        _ => ordering.is_ge(),
    };
    Ok(Value::Boolean(result))
}

fn math<C: ExprContext>(
    function: MathFn,
    args: &[Value<C::Object>],
    ctx: &mut C,
) -> Result<f64, EvalErrorKind> {
    let op = || format!("Math.{}", function.name());
    let numbers = args
        .iter()
        .map(|a| a.as_number().map_or_else(|| number(&op(), a), Ok))
        .collect::<Result<smallvec::SmallVec<[f64; 4]>, _>>()?;
    math_of(function, &numbers, || ctx.random())
}

/// `Math.function(numbers)` as a finite number, or the error; `Math.random()` takes its
/// number from `random`.
pub(super) fn math_of(
    function: MathFn,
    numbers: &[f64],
    random: impl FnOnce() -> f64,
) -> Result<f64, EvalErrorKind> {
    let first = numbers.first().copied().unwrap_or(0.0);
    let n = match function {
        MathFn::Abs => first.abs(),
        MathFn::Min => numbers.iter().copied().fold(f64::INFINITY, f64::min),
        MathFn::Max => numbers.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        MathFn::Floor => first.floor(),
        MathFn::Ceil => first.ceil(),
        MathFn::Round => round_half_up(first),
        MathFn::Sqrt => first.sqrt(),
        MathFn::Random => random(),
        MathFn::Sin => libm::sin(first),
        MathFn::Cos => libm::cos(first),
    };
    if n.is_finite() {
        Ok(n)
    } else {
        // The operator's name is only made for an error, not on every call.
        finite(&format!("Math.{}", function.name()), n)
    }
}

/// JavaScript's `Math.round`: to the nearest whole number, halves towards +∞ (`-2.5` → `-2`).
pub(crate) fn round_half_up(x: f64) -> f64 {
    let floor = x.floor();
    if x - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    }
}

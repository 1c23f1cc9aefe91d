//! The compiled form of an expression, which is what the simulation runs: the tree flattened,
//! once, into a list of operations ([`Code`]) in evaluation order, run on a small stack of
//! values. Walking the tree made a call and passed a `Result` of a whole value up for every
//! node; here an operation reads its operands from the stack and leaves its result there.
//!
//! The operations are the tree's own steps and call the same functions for what they compute
//! ([`super::eval`]'s operators, [`ExprContext`]'s names, members and calls), in the same
//! order, so the compiled form gives the values, draws the random numbers and words the errors
//! (at the same offsets) of [`Expr::eval`], which the reference interpreter runs. `&&`, `||`
//! and `?:` become jumps, so the operand they skip is never evaluated. A read the compiler
//! recognised ([`super::ReadPath`]) is one operation followed by the chain it was written as,
//! which runs only when the context does not answer the read straight.

use super::ast::{BinaryOp, Constant, Expr, ExprKind, LogicalOp, MathFn, UnaryOp};
use super::eval::{binary, math, numbers, unary, EvalError, EvalErrorKind, ExprContext};
use super::reads::ReadPath;
use super::value::Value;
use smallvec::SmallVec;

/// One operation of [`Code`]. Jump targets are indices into the operations.
#[derive(Debug, Clone, PartialEq)]
enum Op {
    /// Push a value written in the text.
    Push(Constant),
    /// Push the value of a bare name.
    Name { name: Box<str>, offset: usize },
    /// Replace the object on top by its property `name`.
    Member { name: Box<str>, offset: usize },
    /// Replace the object and the `args` values above it by what calling `method` gives.
    Call {
        method: Box<str>,
        args: usize,
        offset: usize,
    },
    /// Replace the top `args` values by the `Math` function's result.
    Math {
        function: MathFn,
        args: usize,
        offset: usize,
    },
    /// Replace the top value by `op` of it.
    Unary { op: UnaryOp, offset: usize },
    /// Replace the top two values by `left op right`.
    Binary { op: BinaryOp, offset: usize },
    /// Replace the top value by `top op right`, a number written in the text (`x < 1`): one
    /// operation where pushing the number would take two.
    BinaryNumber {
        op: BinaryOp,
        right: f64,
        offset: usize,
    },
    /// Push the value of a recognised read when the context answers it and skip the `chain`
    /// operations after this one, which compute it as written; otherwise run them.
    Read {
        object: Box<str>,
        path: ReadPath,
        chain: usize,
    },
    /// `&&` (`keep_if` false) and `||` (`keep_if` true): when the top value's truthiness is
    /// `keep_if`, it is the result: jump to `to`. Otherwise drop it and go on to the right side.
    Shortcut { keep_if: bool, to: usize },
    /// `?:`: take the test off the top; when it is not truthy, jump to `to` (the `else` side).
    Unless { to: usize },
    /// Go on at `to` (past the `else` side of a `?:`).
    Jump { to: usize },
}

/// An expression compiled to operations (see the module docs). Made once per `{{ }}` by
/// [`Expr::compile`].
#[derive(Debug, Clone, PartialEq)]
pub struct Code {
    ops: Box<[Op]>,
}

impl Expr {
    /// The expression as [`Code`]. Compile a tree after [`Expr::with_reads`] to have its
    /// recognised reads answered straight.
    pub fn compile(&self) -> Code {
        let mut ops = Vec::new();
        self.emit(&mut ops);
        Code {
            ops: ops.into_boxed_slice(),
        }
    }

    /// Appends the operations that leave this node's value on the stack.
    fn emit(&self, ops: &mut Vec<Op>) {
        let offset = self.offset;
        match &self.kind {
            ExprKind::Constant(c) => ops.push(Op::Push(c.clone())),
            ExprKind::Name(name) => ops.push(Op::Name {
                name: name.as_str().into(),
                offset,
            }),
            ExprKind::Member { object, name } => {
                object.emit(ops);
                ops.push(Op::Member {
                    name: name.as_str().into(),
                    offset,
                });
            }
            ExprKind::Call {
                object,
                method,
                args,
            } => {
                object.emit(ops);
                args.iter().for_each(|arg| arg.emit(ops));
                ops.push(Op::Call {
                    method: method.as_str().into(),
                    args: args.len(),
                    offset,
                });
            }
            ExprKind::Math { function, args } => {
                args.iter().for_each(|arg| arg.emit(ops));
                ops.push(Op::Math {
                    function: *function,
                    args: args.len(),
                    offset,
                });
            }
            ExprKind::Unary { op, operand } => {
                operand.emit(ops);
                ops.push(Op::Unary { op: *op, offset });
            }
            ExprKind::Binary { op, left, right } => {
                left.emit(ops);
                if let ExprKind::Constant(Constant::Number(n)) = right.kind {
                    ops.push(Op::BinaryNumber {
                        op: *op,
                        right: n,
                        offset,
                    });
                } else {
                    right.emit(ops);
                    ops.push(Op::Binary { op: *op, offset });
                }
            }
            ExprKind::Logical { op, left, right } => {
                left.emit(ops);
                let at = ops.len();
                ops.push(Op::Jump { to: 0 }); // replaced below, once the end is known
                right.emit(ops);
                let keep_if = matches!(op, LogicalOp::Or);
                let to = ops.len();
                patch(ops, at, Op::Shortcut { keep_if, to });
            }
            ExprKind::Conditional {
                test,
                then,
                otherwise,
            } => {
                test.emit(ops);
                let unless = ops.len();
                ops.push(Op::Jump { to: 0 }); // replaced below
                then.emit(ops);
                let jump = ops.len();
                ops.push(Op::Jump { to: 0 }); // replaced below
                let to = ops.len();
                patch(ops, unless, Op::Unless { to });
                otherwise.emit(ops);
                let to = ops.len();
                patch(ops, jump, Op::Jump { to });
            }
            ExprKind::Read {
                object,
                path,
                generic,
            } => {
                let at = ops.len();
                ops.push(Op::Jump { to: 0 }); // replaced below
                generic.emit(ops);
                let chain = ops.len() - at - 1;
                let read = Op::Read {
                    object: object.as_str().into(),
                    path: path.clone(),
                    chain,
                };
                patch(ops, at, read);
            }
        }
    }
}

/// Puts `op` where a placeholder was pushed.
fn patch(ops: &mut [Op], at: usize, op: Op) {
    if let Some(slot) = ops.get_mut(at) {
        *slot = op;
    }
}

/// The values a run holds below the top: enough for every expression of real scripts without
/// a heap, and made only when a second value is pushed.
type Below<O> = Option<SmallVec<[Value<O>; 4]>>;

/// A run's values: the top held apart from those below it, so an operation on the top alone
/// (`< 1`, `* 10`, `.value`) moves no value through memory, and an expression that never holds
/// two values at once (most of them) never touches the memory below.
struct Stack<O> {
    top: Value<O>,
    /// Whether `top` holds a value yet: the first push puts it there, moving nothing below.
    held: bool,
    below: Below<O>,
}

impl<O> Stack<O> {
    #[inline(always)]
    fn push(&mut self, value: Value<O>) {
        let previous = std::mem::replace(&mut self.top, value);
        if self.held {
            self.below.get_or_insert_with(SmallVec::new).push(previous);
        }
        self.held = true;
    }

    /// The top value. [`Expr::compile`] emits every operation after its operands, so there
    /// always is one; `null` only keeps a panic path out.
    #[inline(always)]
    fn pop(&mut self) -> Value<O> {
        let next = match self.below.as_mut().and_then(SmallVec::pop) {
            Some(value) => value,
            None => {
                self.held = false;
                Value::Null
            }
        };
        std::mem::replace(&mut self.top, next)
    }

    /// The top `n` values, the deepest first: the arguments of a call.
    fn pop_args(&mut self, n: usize) -> SmallVec<[Value<O>; 4]> {
        let mut values: SmallVec<[Value<O>; 4]> = (0..n).map(|_| self.pop()).collect();
        values.reverse();
        values
    }

    /// The top value, taken to be replaced by an operation's result.
    fn take(&mut self) -> Value<O> {
        std::mem::replace(&mut self.top, Value::Null)
    }
}

impl Code {
    /// Runs the operations against `ctx`: the value [`Expr::eval`] gives the tree, with the
    /// same draws and the same errors.
    pub fn eval<C: ExprContext>(&self, ctx: &mut C) -> Result<Value<C::Object>, EvalError> {
        let mut stack = Stack {
            top: Value::Null,
            held: false,
            below: None,
        };
        let mut pc = 0;
        while let Some(op) = self.ops.get(pc) {
            pc += 1;
            match op {
                Op::Push(Constant::Number(n)) => stack.push(Value::Number(*n)),
                Op::Push(c) => stack.push(c.into()),
                Op::Name { name, offset } => {
                    let value = ctx.name(name).map_err(at(*offset))?;
                    stack.push(value);
                }
                Op::Member { name, offset } => {
                    stack.top = match stack.take() {
                        Value::Object(o) => ctx.member(&o, name).map_err(at(*offset))?,
                        plain => {
                            return Err(at(*offset)(EvalErrorKind::NoProperty {
                                object: plain.describe(),
                                name: name.to_string(),
                            }))
                        }
                    };
                }
                Op::Call {
                    method,
                    args,
                    offset,
                } => {
                    let values = stack.pop_args(*args);
                    stack.top = match stack.take() {
                        Value::Object(o) => ctx.call(&o, method, &values).map_err(at(*offset))?,
                        plain => {
                            return Err(at(*offset)(EvalErrorKind::NoMethod {
                                object: plain.describe(),
                                method: method.to_string(),
                            }))
                        }
                    };
                }
                Op::Math {
                    function: MathFn::Random,
                    args: 0,
                    ..
                } => stack.push(Value::Number(ctx.random())),
                Op::Math {
                    function,
                    args,
                    offset,
                } => {
                    let values = stack.pop_args(*args);
                    let n = math(*function, &values, ctx).map_err(at(*offset))?;
                    stack.push(Value::Number(n));
                }
                Op::Unary { op, offset } => {
                    stack.top = match (op, stack.take()) {
                        (UnaryOp::Neg, Value::Number(n)) => Value::Number(-n),
                        (op, value) => unary(*op, value).map_err(at(*offset))?,
                    };
                }
                Op::Binary { op, offset } => {
                    let right = stack.pop();
                    if let (Value::Number(a), Value::Number(b)) = (&stack.top, &right) {
                        if let Some(value) = numbers(*op, *a, *b) {
                            stack.top = value;
                            continue;
                        }
                    }
                    let left = stack.take();
                    stack.top = binary(*op, left, right).map_err(at(*offset))?;
                }
                Op::BinaryNumber { op, right, offset } => {
                    if let Value::Number(a) = stack.top {
                        if let Some(value) = numbers(*op, a, *right) {
                            stack.top = value;
                            continue;
                        }
                    }
                    let left = stack.take();
                    let value = binary(*op, left, Value::Number(*right)).map_err(at(*offset))?;
                    stack.top = value;
                }
                Op::Read {
                    object,
                    path,
                    chain,
                } => {
                    if let Some(value) = ctx.read(object, path) {
                        stack.push(value);
                        pc += chain;
                    }
                }
                Op::Shortcut { keep_if, to } => {
                    if stack.top.is_truthy() == *keep_if {
                        pc = *to;
                    } else {
                        stack.pop();
                    }
                }
                Op::Unless { to } => {
                    if !stack.pop().is_truthy() {
                        pc = *to;
                    }
                }
                Op::Jump { to } => pc = *to,
            }
        }
        Ok(stack.top)
    }

    /// Whether the code computes a number from numbers only (numbers written out, `Math`
    /// functions, negation and arithmetic): then it reads nothing of the world but random
    /// numbers, and [`Code::number`] runs it.
    pub fn is_numeric(&self) -> bool {
        self.ops.iter().all(|op| match op {
            Op::Push(Constant::Number(_)) | Op::Math { .. } => true,
            Op::Unary { op, .. } => *op == UnaryOp::Neg,
            Op::Binary { op, .. } | Op::BinaryNumber { op, .. } => op.is_arithmetic(),
            _ => false,
        })
    }

    /// Runs numeric code ([`Code::is_numeric`]) with only a source of random numbers in
    /// `[0, 1)`: the number it computes, or its error; other code fails at its first name.
    pub fn number(&self, random: impl FnMut() -> f64) -> Result<f64, EvalError> {
        let value = self.eval(&mut Draws(random))?;
        Ok(value.as_number().unwrap_or(f64::NAN))
    }
}

/// The error of the operation at `offset`.
fn at(offset: usize) -> impl Fn(EvalErrorKind) -> EvalError {
    move |kind| EvalError {
        offset,
        kind: Box::new(kind),
    }
}

/// A context that knows no names and answers `Math.random()` from a function: all numeric
/// code needs.
struct Draws<F>(F);

impl<F: FnMut() -> f64> ExprContext for Draws<F> {
    type Object = ();

    fn name(&self, name: &str) -> Result<Value<()>, EvalErrorKind> {
        Err(EvalErrorKind::UnknownName(name.to_owned()))
    }

    fn member(&self, _: &(), name: &str) -> Result<Value<()>, EvalErrorKind> {
        Err(EvalErrorKind::NoProperty {
            object: "an object".to_owned(),
            name: name.to_owned(),
        })
    }

    fn call(&mut self, _: &(), method: &str, _: &[Value<()>]) -> Result<Value<()>, EvalErrorKind> {
        Err(EvalErrorKind::NoMethod {
            object: "an object".to_owned(),
            method: method.to_owned(),
        })
    }

    fn random(&mut self) -> f64 {
        (self.0)()
    }
}

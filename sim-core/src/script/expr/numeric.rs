//! The fast path for number-only expressions such as `Math.random() * 10 - 5`: when a script
//! is compiled, such a tree becomes a flat list of number operations ([`NumberCode`]) that
//! runs on a small stack of `f64`s — no tree walk, no [`Value`](super::Value) built at every
//! node — so an update script that turns every agent every tick spends its time on the
//! arithmetic. It gives the same numbers, draws the same random numbers in the same order and
//! fails with the same errors at the same offsets as [`Expr::eval`].

use super::ast::{BinaryOp, Constant, Expr, ExprKind, MathFn, UnaryOp};
use super::eval::{arithmetic, math_of, EvalError};

impl BinaryOp {
    /// Whether the operator computes a number from two numbers (`+ - * / %`).
    pub fn is_arithmetic(self) -> bool {
        matches!(
            self,
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem
        )
    }
}

/// One step of [`NumberCode`], in evaluation order (operands before their operator).
#[derive(Debug, Clone, Copy, PartialEq)]
enum NumOp {
    /// Push a number.
    Const(f64),
    /// Negate the top number.
    Neg,
    /// Replace the top two numbers by `left op right`; a failure points at `offset`.
    Arith { op: BinaryOp, offset: usize },
    /// Replace the top number by `top op right`, a constant written in the script
    /// (`Math.random() * 10`): one step where pushing the constant would take two.
    ArithConst {
        op: BinaryOp,
        right: f64,
        offset: usize,
    },
    /// Replace the top `args` numbers by the function's result; a failure points at `offset`.
    Math {
        function: MathFn,
        args: usize,
        offset: usize,
    },
}

/// The most numbers [`NumberCode`] holds at once. A deeper expression (only very unusual
/// nesting needs more) is evaluated in full instead, so the fast path's stack is a plain array.
const STACK: usize = 16;

/// A number-only expression compiled to stack operations (see the module docs). Made once per
/// `{{ }}` by [`Expr::number_code`].
#[derive(Debug, Clone, PartialEq)]
pub struct NumberCode {
    ops: Vec<NumOp>,
    /// Whether it never holds more than one number at once (`Math.random() * 10 - 5`, the
    /// common case): then it runs with room for no more, which is quicker to set up.
    shallow: bool,
}

impl Expr {
    /// The tree as [`NumberCode`] when it computes a number from numbers only: number
    /// constants, `Math` functions, negation and arithmetic. `None` for anything else (names,
    /// strings, comparisons ...) and for trees that would hold more than 16 numbers at once,
    /// which the runtime evaluates in full.
    pub fn number_code(&self) -> Option<NumberCode> {
        let mut ops = Vec::new();
        if !self.emit(&mut ops) {
            return None;
        }
        let (mut depth, mut deepest) = (0usize, 0usize);
        for op in &ops {
            depth = match op {
                NumOp::Const(_) => depth + 1,
                NumOp::Neg | NumOp::ArithConst { .. } => depth,
                NumOp::Arith { .. } => depth.saturating_sub(1),
                NumOp::Math { args, .. } => (depth + 1).saturating_sub(*args),
            };
            deepest = deepest.max(depth);
        }
        (deepest <= STACK).then_some(NumberCode {
            ops,
            shallow: deepest <= 1,
        })
    }

    /// Appends the operations of this tree to `ops`; false when a part is not number-only.
    fn emit(&self, ops: &mut Vec<NumOp>) -> bool {
        match &self.kind {
            ExprKind::Constant(Constant::Number(n)) => ops.push(NumOp::Const(*n)),
            ExprKind::Math { function, args } => {
                if !args.iter().all(|arg| arg.emit(ops)) {
                    return false;
                }
                ops.push(NumOp::Math {
                    function: *function,
                    args: args.len(),
                    offset: self.offset,
                });
            }
            ExprKind::Unary {
                op: UnaryOp::Neg,
                operand,
            } => {
                if !operand.emit(ops) {
                    return false;
                }
                ops.push(NumOp::Neg);
            }
            ExprKind::Binary { op, left, right } if op.is_arithmetic() => {
                if !left.emit(ops) {
                    return false;
                }
                if let ExprKind::Constant(Constant::Number(n)) = right.kind {
                    ops.push(NumOp::ArithConst {
                        op: *op,
                        right: n,
                        offset: self.offset,
                    });
                    return true;
                }
                if !right.emit(ops) {
                    return false;
                }
                ops.push(NumOp::Arith {
                    op: *op,
                    offset: self.offset,
                });
            }
            _ => return false,
        }
        true
    }
}

impl NumberCode {
    /// Runs the operations; draws numbers in `[0, 1)` from `random` where the tree would call
    /// `Math.random()`, in the same order. Nothing else of the world is read, so a caller that
    /// holds only the simulation's generator can run it.
    pub fn run(&self, random: impl FnMut() -> f64) -> Result<f64, EvalError> {
        if self.shallow {
            self.run_in::<SHALLOW>(random)
        } else {
            self.run_in::<{ STACK + 1 }>(random)
        }
    }

    /// [`NumberCode::run`] with room for `N` numbers below the top: one more than the code
    /// holds at once, for the first push.
    fn run_in<const N: usize>(&self, mut random: impl FnMut() -> f64) -> Result<f64, EvalError> {
        // The top number is held apart from the numbers below it, so an operator on the top
        // alone (`* 10`, a negation) reads and writes no memory. A push moves the top below:
        // the first one moves the 0 it starts as, which nothing reads.
        let mut top = 0.0;
        let mut below = Stack::<N> {
            numbers: [0.0; N],
            len: 0,
        };
        for op in &self.ops {
            top = match *op {
                NumOp::Const(n) => {
                    below.push(top);
                    n
                }
                NumOp::Neg => -top,
                NumOp::Arith { op, offset } => arithmetic_at(op, below.pop(), top, offset)?,
                NumOp::ArithConst { op, right, offset } => arithmetic_at(op, top, right, offset)?,
                // `Math.random()` draws a number in [0, 1): always finite, nothing to check.
                NumOp::Math {
                    function: MathFn::Random,
                    args: 0,
                    ..
                } => {
                    below.push(top);
                    random()
                }
                NumOp::Math {
                    function,
                    args,
                    offset,
                } => {
                    below.push(top);
                    let first = below.len.saturating_sub(args);
                    let operands = below.numbers.get(first..below.len).unwrap_or_default();
                    let n = math_of(function, operands, &mut random).map_err(|kind| EvalError {
                        offset,
                        kind: Box::new(kind),
                    })?;
                    below.len = first;
                    n
                }
            };
        }
        Ok(top)
    }
}

/// `left op right`, or the error that points at `offset`. Only a failure takes the full path,
/// which names what went wrong.
#[inline]
fn arithmetic_at(op: BinaryOp, left: f64, right: f64, offset: usize) -> Result<f64, EvalError> {
    match quick_arithmetic(op, left, right) {
        Some(n) => Ok(n),
        None => full_arithmetic(op, left, right, offset),
    }
}

/// `left op right` the full way, which words the error; out of line, so the operators' fast
/// path holds none of the wording.
#[cold]
#[inline(never)]
fn full_arithmetic(op: BinaryOp, left: f64, right: f64, offset: usize) -> Result<f64, EvalError> {
    arithmetic(op, left, right).map_err(|kind| EvalError {
        offset,
        kind: Box::new(kind),
    })
}

/// What [`arithmetic`] gives when it succeeds, without building a `Result` (the fast path runs
/// this for every operator); `None` where it would fail: a division by zero or a result that
/// is not a finite number.
#[inline]
fn quick_arithmetic(op: BinaryOp, a: f64, b: f64) -> Option<f64> {
    let n = match op {
        BinaryOp::Add => a + b,
        BinaryOp::Sub => a - b,
        BinaryOp::Mul => a * b,
        BinaryOp::Div if b != 0.0 => a / b,
        BinaryOp::Rem if b != 0.0 => a % b,
        _ => return None,
    };
    n.is_finite().then_some(n)
}

/// The numbers [`NumberCode::run`] holds below the top. [`Expr::number_code`] emits every
/// operator after its operands and checks the depth, so an operation always finds what it
/// takes and a push always has room (one more than the depth, for the first push); the
/// fallbacks below only keep a panic path out.
struct Stack<const N: usize> {
    numbers: [f64; N],
    len: usize,
}

/// The room [`NumberCode::run`] makes below the top for code that holds one number at once:
/// the first push, and the operand a one-argument `Math` function pushes.
const SHALLOW: usize = 2;

impl<const N: usize> Stack<N> {
    fn push(&mut self, n: f64) {
        if let Some(slot) = self.numbers.get_mut(self.len) {
            *slot = n;
            self.len += 1;
        }
    }

    fn pop(&mut self) -> f64 {
        self.len = self.len.saturating_sub(1);
        self.numbers.get(self.len).copied().unwrap_or(0.0)
    }
}

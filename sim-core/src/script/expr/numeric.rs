//! The fast path for number-only expressions such as `Math.random() * 10 - 5`: such a tree is
//! evaluated straight to an `f64`, without building a [`Value`] at every node, so an update
//! script that turns every agent every tick spends its time on the arithmetic. It gives the
//! same numbers, draws the same random numbers in the same order and fails with the same errors
//! as [`Expr::eval`].

use super::ast::{BinaryOp, Constant, Expr, ExprKind, UnaryOp};
use super::eval::{arithmetic, math_of, number, EvalError, ExprContext};
use super::value::Value;

impl BinaryOp {
    /// Whether the operator computes a number from two numbers (`+ - * / %`).
    pub fn is_arithmetic(self) -> bool {
        matches!(
            self,
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem
        )
    }
}

impl Expr {
    /// Whether the tree computes a number from numbers only: number constants, `Math`
    /// functions, negation and arithmetic. Checked once when a script is compiled, so the
    /// runtime knows it may use [`Expr::eval_number`].
    pub fn is_numeric(&self) -> bool {
        match &self.kind {
            ExprKind::Constant(Constant::Number(_)) => true,
            ExprKind::Math { args, .. } => args.iter().all(Expr::is_numeric),
            ExprKind::Unary {
                op: UnaryOp::Neg,
                operand,
            } => operand.is_numeric(),
            ExprKind::Binary { op, left, right } => {
                op.is_arithmetic() && left.is_numeric() && right.is_numeric()
            }
            _ => false,
        }
    }

    /// Evaluates the expression to a number. A tree [`Expr::is_numeric`] accepts gives what
    /// [`Expr::eval`] gives; any other part is evaluated in full and must give a number (so
    /// `'a' + 1`, a concatenation in full evaluation, is an error here).
    pub fn eval_number<C: ExprContext>(&self, ctx: &mut C) -> Result<f64, EvalError> {
        let at = |kind| EvalError {
            offset: self.offset,
            kind,
        };
        match &self.kind {
            ExprKind::Constant(Constant::Number(n)) => Ok(*n),
            ExprKind::Math { function, args } => {
                let mut numbers = smallvec::SmallVec::<[f64; 4]>::new();
                for arg in args {
                    numbers.push(arg.eval_number(ctx)?);
                }
                math_of(*function, &numbers, ctx).map_err(at)
            }
            ExprKind::Unary {
                op: UnaryOp::Neg,
                operand,
            } => Ok(-operand.eval_number(ctx)?),
            ExprKind::Binary { op, left, right } if op.is_arithmetic() => {
                let (a, b) = (left.eval_number(ctx)?, right.eval_number(ctx)?);
                arithmetic(*op, a, b).map_err(at)
            }
            _ => self.eval_as_number(ctx),
        }
    }

    /// Evaluates in full; the value must be a number.
    fn eval_as_number<C: ExprContext>(&self, ctx: &mut C) -> Result<f64, EvalError> {
        let value: Value<C::Object> = self.eval(ctx)?;
        number("expression", &value).map_err(|kind| EvalError {
            offset: self.offset,
            kind,
        })
    }
}

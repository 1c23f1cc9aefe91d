//! The `{{ ... }}` expression language: a small, safe, JavaScript-like language of our own.
//!
//! An expression is parsed once, when its script is compiled, into an [`Expr`] tree
//! ([`parse_expr`]) and compiled to typed code over numbers and truth values
//! ([`Code::compile`]), which is what the simulation runs against an [`ExprContext`] through
//! which the runtime exposes agents and their properties; the reference interpreter evaluates
//! the tree itself ([`Expr::eval`]), the plain way, and both give the same values and errors.
//! Nothing is ever run as JavaScript.
//!
//! ```
//! use sim_core::script::expr::{parse_expr, EvalErrorKind, ExprContext, Value};
//! use sim_core::script::Pos;
//!
//! /// A context with one agent whose `x` is 7.
//! struct OneAgent;
//! impl ExprContext for OneAgent {
//!     type Object = ();
//!     fn name(&self, name: &str) -> Result<Value<()>, EvalErrorKind> {
//!         match name {
//!             "agent" => Ok(Value::Object(())),
//!             _ => Err(EvalErrorKind::UnknownName(name.to_owned())),
//!         }
//!     }
//!     fn member(&self, _: &(), name: &str) -> Result<Value<()>, EvalErrorKind> {
//!         match name {
//!             "x" => Ok(Value::Number(7.0)),
//!             _ => Err(EvalErrorKind::NoProperty { object: "agent".into(), name: name.into() }),
//!         }
//!     }
//!     fn call(&mut self, _: &(), method: &str, _: &[Value<()>]) -> Result<Value<()>, EvalErrorKind> {
//!         Err(EvalErrorKind::NoMethod { object: "agent".into(), method: method.into() })
//!     }
//!     fn random(&mut self) -> f64 {
//!         0.5
//!     }
//! }
//!
//! let expr = parse_expr("'x is ' + Math.abs(agent.x - 10)", Pos::START).unwrap();
//! assert_eq!(expr.eval(&mut OneAgent), Ok(Value::String("x is 3".into())));
//! ```

mod ast;
mod code;
mod eval;
mod lexer;
mod parse_error;
mod parser;
mod reads;
mod value;

pub use ast::{Arity, BinaryOp, Constant, Expr, ExprKind, LogicalOp, MathFn, UnaryOp};
pub use code::{Code, Read, Reads, Scalar};
pub(crate) use eval::round_half_up;
pub use eval::{EvalError, EvalErrorKind, ExprContext};
pub use parse_error::{ExprParseError, ExprParseErrorKind};
pub use parser::{parse_expr, MAX_EXPR_LEXEMES, MAX_EXPR_NESTING};
pub use reads::{ReadPath, Who};
pub use value::Value;

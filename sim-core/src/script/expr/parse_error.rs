//! Why an expression's text could not be parsed, and where: the offset in the expression and
//! the matching position in the script.

use super::ast::MathFn;
use crate::script::Pos;

/// An expression that could not be parsed: where and why.
#[derive(Debug, Clone, PartialEq)]
pub struct ExprParseError {
    /// Character offset in the expression text.
    pub offset: usize,
    /// Where that is in the script (the expression's start position moved along by `offset`).
    pub pos: Pos,
    /// What was wrong.
    pub kind: ExprParseErrorKind,
}

impl ExprParseError {
    pub(super) fn new(at: Pos, offset: usize, kind: ExprParseErrorKind) -> ExprParseError {
        ExprParseError {
            offset,
            pos: at.advanced(offset),
            kind,
        }
    }
}

/// What was wrong with an expression's text.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ExprParseErrorKind {
    /// Nothing between the braces.
    Empty,
    /// A character no expression uses.
    UnexpectedChar(char),
    /// A quoted string runs to the end.
    UnterminatedString,
    /// A quoted text longer than a text may be; its size in bytes.
    TextTooLong(usize),
    /// A malformed number (`1e`).
    BadNumber,
    /// Digits run into a name (`2x`).
    NameStartsWithDigit,
    /// A number too large to be finite.
    NumberTooLarge,
    /// A single `=`, which would assign in JavaScript.
    SingleEquals,
    /// A single `&` or `|`.
    SingleLogical(char),
    /// Something other than what the grammar needs here.
    Expected {
        /// What would have been valid.
        expected: &'static str,
        /// What was written instead.
        found: String,
    },
    /// `Math.name` where Math has no such function.
    UnknownMathFn(String),
    /// A Math function called with the wrong number of arguments.
    MathArity {
        /// The function.
        function: MathFn,
        /// How many arguments were given.
        got: usize,
    },
    /// `Math` or `Math.abs` used without calling a function.
    MathNotCalled,
    /// A call of something that is not a method (`foo(1)`).
    NotCallable,
    /// More than [`MAX_EXPR_LEXEMES`](super::MAX_EXPR_LEXEMES) lexemes or
    /// [`MAX_EXPR_NESTING`](super::MAX_EXPR_NESTING) levels of nesting.
    TooComplex,
}

impl std::fmt::Display for ExprParseErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Empty => write!(f, "the expression is empty"),
            Self::UnexpectedChar(c) => crate::lexical::describe_unexpected(*c, f),
            Self::UnterminatedString => write!(f, "string is never closed: add the closing quote"),
            Self::TextTooLong(bytes) => write!(
                f,
                "this text is {} KB; a text may hold at most {} KB",
                bytes.div_ceil(1024),
                crate::vars::MAX_TEXT_BYTES / 1024
            ),
            Self::BadNumber => write!(f, "this number is not written correctly"),
            Self::NameStartsWithDigit => write!(f, "a name cannot start with a digit"),
            Self::NumberTooLarge => write!(f, "this number is too large"),
            Self::SingleEquals => write!(
                f,
                "'=' cannot be used here: to compare, write '==' or '==='"
            ),
            Self::SingleLogical(c) => write!(f, "'{c}' is not an operator: did you mean '{c}{c}'?"),
            Self::Expected { expected, found } => write!(f, "expected {expected}, found {found}"),
            Self::UnknownMathFn(name) => {
                let known: Vec<&str> = MathFn::ALL.iter().map(|m| m.name()).collect();
                write!(
                    f,
                    "Math has no function '{name}' (it has {}, PI)",
                    known.join(", ")
                )
            }
            Self::MathArity { function, got } => {
                write!(
                    f,
                    "Math.{} takes {}, got {got}",
                    function.name(),
                    function.arity()
                )
            }
            Self::MathNotCalled => write!(f, "Math functions must be called, like Math.abs(x)"),
            Self::NotCallable => write!(f, "only methods can be called, like agent.getProp('x')"),
            Self::TooComplex => write!(f, "the expression is too long or nested too deeply"),
        }
    }
}

impl std::fmt::Display for ExprParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.pos, self.kind)
    }
}

impl std::error::Error for ExprParseError {}

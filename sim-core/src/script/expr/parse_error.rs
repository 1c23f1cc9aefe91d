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
        use crate::lexical::NumberProblem;
        match self {
            Self::Empty => f.write_str(
                "there is nothing between {{ and }}: write an expression, like {{ agent.x + 1 }}",
            ),
            Self::UnexpectedChar(c) => crate::lexical::describe_unexpected(*c, true, f),
            Self::UnterminatedString => f.write_str(crate::lexical::UNCLOSED_QUOTE),
            Self::TextTooLong(bytes) => crate::lexical::describe_too_long(*bytes, f),
            Self::BadNumber => NumberProblem::Malformed.fmt(f),
            Self::NameStartsWithDigit => NumberProblem::RunsIntoName.fmt(f),
            Self::NumberTooLarge => NumberProblem::TooLarge.fmt(f),
            Self::SingleEquals => {
                f.write_str("'=' cannot be used here: to compare, write '==' or '==='")
            }
            Self::SingleLogical(c) => {
                let word = if *c == '&' { "and" } else { "or" };
                write!(f, "a single '{c}' does nothing: write '{c}{c}' for '{word}'")
            }
            Self::Expected { expected, found } if found == END => {
                write!(f, "the expression ends too soon: {expected} should come here")
            }
            Self::Expected { expected, found } => {
                write!(f, "{expected} should come here, not {found}")
            }
            Self::UnknownMathFn(name) => {
                let known: Vec<&str> = MathFn::ALL.iter().map(|m| m.name()).collect();
                write!(
                    f,
                    "Math has no function '{name}'; use {} (or the number Math.PI)",
                    known.join(", ")
                )?;
                match crate::suggest::closest(name, known.iter().copied()) {
                    Some(s) => write!(f, " — did you mean '{s}'?"),
                    None => Ok(()),
                }
            }
            Self::MathArity { function, got } => {
                let given = match got {
                    0 => "none".to_owned(),
                    n => n.to_string(),
                };
                write!(
                    f,
                    "Math.{} takes {} in its ( ), but here it has {given}",
                    function.name(),
                    function.arity()
                )
            }
            Self::MathNotCalled => {
                f.write_str("a Math function needs ( ) after it, like Math.abs(x) or Math.random()")
            }
            Self::NotCallable => f.write_str(
                "only a method can have ( ) after it, like agent.getProp('energy')",
            ),
            Self::TooComplex => f.write_str(
                "this expression is too long or has too many ( ) inside one another: split it into smaller steps",
            ),
        }
    }
}

/// How the parser names the end of the expression as what it found.
pub(super) const END: &str = "the end of the expression";

impl std::fmt::Display for ExprParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.pos, self.kind)
    }
}

impl std::error::Error for ExprParseError {}

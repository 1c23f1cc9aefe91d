//! Why ScriptText could not be tokenized, and where.

use super::token::Pos;
use super::tokenizer::MAX_BLOCK_DEPTH;

/// A tokenizer error: where it happened and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenizeError {
    /// Where the offending text starts.
    pub pos: Pos,
    /// What was wrong.
    pub kind: TokenizeErrorKind,
}

/// What was wrong with the text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TokenizeErrorKind {
    /// A quoted string runs to the end of its line.
    UnterminatedString,
    /// A `[[` block is never closed before the text ends.
    UnclosedBlock,
    /// A `{{` expression is not closed on its line.
    UnclosedExpr,
    /// A `]]` with no `[[` open.
    StrayBlockClose,
    /// Blocks nest deeper than [`MAX_BLOCK_DEPTH`].
    TooDeep,
    /// A character that cannot start any token.
    UnexpectedChar(char),
    /// A `.` not followed directly by a name part.
    MissingNameAfterDot,
    /// A number that cannot be read (`1e`, a lone `.`).
    BadNumber,
    /// Digits run straight into a name (`12abc`).
    NameStartsWithDigit,
    /// A number too large to be finite.
    NumberTooLarge,
    /// A `-` or `+` not followed by a number.
    SignWithoutNumber(char),
    /// A quoted text longer than a text may be ([`crate::vars::MAX_TEXT_BYTES`]); its size
    /// in bytes.
    TextTooLong(usize),
}

impl std::fmt::Display for TokenizeErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::lexical::NumberProblem;
        match self {
            Self::UnterminatedString => f.write_str(crate::lexical::UNCLOSED_QUOTE),
            Self::UnclosedBlock => f.write_str(
                "this '[[' is never closed: add ']]' on a line of its own after the lines it holds",
            ),
            Self::UnclosedExpr => write!(
                f,
                "this '{{{{' is never closed: add '}}}}' after the expression, on the same line"
            ),
            Self::StrayBlockClose => {
                f.write_str("this ']]' closes nothing: delete it, or add the '[[' it should close")
            }
            Self::TooDeep => write!(
                f,
                "too many [[ ]] blocks inside one another: at most {MAX_BLOCK_DEPTH} may be"
            ),
            Self::UnexpectedChar(c) => crate::lexical::describe_unexpected(*c, false, f),
            Self::MissingNameAfterDot => {
                f.write_str("a '.' needs a name right after it, like Fish.energy")
            }
            Self::BadNumber => NumberProblem::Malformed.fmt(f),
            Self::NameStartsWithDigit => NumberProblem::RunsIntoName.fmt(f),
            Self::NumberTooLarge => NumberProblem::TooLarge.fmt(f),
            Self::SignWithoutNumber(sign) => {
                write!(f, "'{sign}' needs a number right after it, like {sign}5")
            }
            Self::TextTooLong(bytes) => crate::lexical::describe_too_long(*bytes, f),
        }
    }
}

impl std::fmt::Display for TokenizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.pos, self.kind)
    }
}

impl std::error::Error for TokenizeError {}

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
        match self {
            Self::UnterminatedString => write!(f, "string is never closed: add the closing quote"),
            Self::UnclosedBlock => write!(f, "'[[' is never closed: add a matching ']]'"),
            Self::UnclosedExpr => write!(f, "'{{{{' is never closed on this line: add '}}}}'"),
            Self::StrayBlockClose => write!(f, "']]' has no matching '[['"),
            Self::TooDeep => write!(f, "blocks nest more than {MAX_BLOCK_DEPTH} deep"),
            Self::UnexpectedChar(c) => crate::lexical::describe_unexpected(*c, f),
            Self::MissingNameAfterDot => write!(f, "expected a name right after '.'"),
            Self::BadNumber => write!(f, "this number is not written correctly"),
            Self::NameStartsWithDigit => write!(f, "a name cannot start with a digit"),
            Self::NumberTooLarge => write!(f, "this number is too large"),
            Self::SignWithoutNumber(sign) => write!(f, "'{sign}' must be followed by a number"),
            Self::TextTooLong(bytes) => write!(
                f,
                "this text is {} KB; a text may hold at most {} KB",
                bytes.div_ceil(1024),
                crate::vars::MAX_TEXT_BYTES / 1024
            ),
        }
    }
}

impl std::fmt::Display for TokenizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.pos, self.kind)
    }
}

impl std::error::Error for TokenizeError {}

//! Splits the text of a `{{ ... }}` expression into lexemes: numbers, strings, names and
//! operators, each with its character offset so errors can point at it.

use super::parse_error::{ExprParseError, ExprParseErrorKind};
use crate::lexical::{is_name_part, is_name_start, read_number, read_quoted, NumberProblem};
use crate::script::Pos;

/// One lexeme of an expression.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Lexeme {
    Number(f64),
    Str(String),
    Name(String),
    Op(Op),
    End,
}

/// The operators and punctuation of the expression language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    LParen,
    RParen,
    Dot,
    Comma,
    Question,
    Colon,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Bang,
    EqEq,
    EqEqEq,
    NotEq,
    NotEqEq,
    Lt,
    Le,
    Gt,
    Ge,
    AndAnd,
    OrOr,
    Semicolon,
}

/// Operators by spelling, longest first so `===` wins over `==`.
const OPS: [(&str, Op); 23] = [
    ("===", Op::EqEqEq),
    ("!==", Op::NotEqEq),
    ("==", Op::EqEq),
    ("!=", Op::NotEq),
    ("<=", Op::Le),
    (">=", Op::Ge),
    ("&&", Op::AndAnd),
    ("||", Op::OrOr),
    ("(", Op::LParen),
    (")", Op::RParen),
    (".", Op::Dot),
    (",", Op::Comma),
    ("?", Op::Question),
    (":", Op::Colon),
    ("+", Op::Plus),
    ("-", Op::Minus),
    ("*", Op::Star),
    ("/", Op::Slash),
    ("%", Op::Percent),
    ("!", Op::Bang),
    ("<", Op::Lt),
    (">", Op::Gt),
    (";", Op::Semicolon),
];

impl Op {
    /// How the operator is written.
    pub(super) fn symbol(self) -> &'static str {
        OPS.iter()
            .find(|(_, op)| *op == self)
            .map_or("?", |(spelling, _)| spelling)
    }
}

/// A lexeme and the character offset where it starts.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Spanned {
    pub lexeme: Lexeme,
    pub offset: usize,
}

/// Splits `chars` into lexemes, ending with [`Lexeme::End`]; `at` is where `chars[0]` is in
/// the script, for error positions.
pub(super) fn lex(chars: &[char], at: Pos) -> Result<Vec<Spanned>, ExprParseError> {
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        let Some(&c) = chars.get(i) else {
            out.push(Spanned {
                lexeme: Lexeme::End,
                offset: i,
            });
            return Ok(out);
        };
        let (lexeme, end) =
            lex_one(chars, i, c).map_err(|kind| ExprParseError::new(at, i, kind))?;
        out.push(Spanned { lexeme, offset: i });
        i = end;
    }
}

fn lex_one(chars: &[char], i: usize, c: char) -> Result<(Lexeme, usize), ExprParseErrorKind> {
    let starts_number =
        c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit));
    if starts_number {
        let (n, end) = read_number(chars, i).map_err(|problem| match problem {
            NumberProblem::Malformed => ExprParseErrorKind::BadNumber,
            NumberProblem::RunsIntoName => ExprParseErrorKind::NameStartsWithDigit,
            NumberProblem::TooLarge => ExprParseErrorKind::NumberTooLarge,
        })?;
        return Ok((Lexeme::Number(n), end));
    }
    if c == '\'' || c == '"' {
        let (text, end) = read_quoted(chars, i).ok_or(ExprParseErrorKind::UnterminatedString)?;
        if text.len() > crate::vars::MAX_TEXT_BYTES {
            return Err(ExprParseErrorKind::TextTooLong(text.len()));
        }
        return Ok((Lexeme::Str(text), end));
    }
    if is_name_start(c) {
        let mut end = i + 1;
        while chars.get(end).copied().is_some_and(is_name_part) {
            end += 1;
        }
        let name = chars.get(i..end).unwrap_or_default().iter().collect();
        return Ok((Lexeme::Name(name), end));
    }
    lex_op(chars, i, c)
}

fn lex_op(chars: &[char], i: usize, c: char) -> Result<(Lexeme, usize), ExprParseErrorKind> {
    for (spelling, op) in OPS {
        let len = spelling.chars().count();
        let matches = chars
            .get(i..i + len)
            .is_some_and(|s| s.iter().copied().eq(spelling.chars()));
        if matches {
            return Ok((Lexeme::Op(op), i + len));
        }
    }
    Err(match c {
        '=' => ExprParseErrorKind::SingleEquals,
        '&' | '|' => ExprParseErrorKind::SingleLogical(c),
        other => ExprParseErrorKind::UnexpectedChar(other),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexemes(text: &str) -> Vec<Lexeme> {
        let chars: Vec<char> = text.chars().collect();
        lex(&chars, Pos::START)
            .unwrap()
            .into_iter()
            .map(|s| s.lexeme)
            .collect()
    }

    #[test]
    fn longest_operator_wins() {
        assert_eq!(
            lexemes("a===b!==c<=d"),
            vec![
                Lexeme::Name("a".into()),
                Lexeme::Op(Op::EqEqEq),
                Lexeme::Name("b".into()),
                Lexeme::Op(Op::NotEqEq),
                Lexeme::Name("c".into()),
                Lexeme::Op(Op::Le),
                Lexeme::Name("d".into()),
                Lexeme::End,
            ]
        );
    }

    #[test]
    fn numbers_strings_and_member_dots_are_told_apart() {
        assert_eq!(
            lexemes("a.b .5 'x'"),
            vec![
                Lexeme::Name("a".into()),
                Lexeme::Op(Op::Dot),
                Lexeme::Name("b".into()),
                Lexeme::Number(0.5),
                Lexeme::Str("x".into()),
                Lexeme::End,
            ]
        );
    }

    #[test]
    fn lone_equals_and_ampersand_are_explained() {
        let chars: Vec<char> = "a = 1".chars().collect();
        let error = lex(&chars, Pos::START).unwrap_err();
        assert_eq!(
            (error.offset, error.kind),
            (2, ExprParseErrorKind::SingleEquals)
        );
        let chars: Vec<char> = "a & b".chars().collect();
        let error = lex(&chars, Pos { line: 3, col: 10 }).unwrap_err();
        assert_eq!(error.kind, ExprParseErrorKind::SingleLogical('&'));
        assert_eq!(error.pos, Pos { line: 3, col: 12 });
    }
}

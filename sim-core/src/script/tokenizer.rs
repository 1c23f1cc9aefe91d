//! ScriptText → ScriptUnits, following GEMSTEP's tokenizer line by line.
//!
//! Each line of the text (split at `\n`, trimmed) becomes one [`ScriptUnit`]; a blank line
//! becomes `[Line]`. A `[[` with no `]]` later on its line opens a block that runs until the
//! line holding its matching `]]`; the rest of that closing line continues the unit that opened
//! the block, which is how `if [[ ... ]] [[ ... ]]` keeps its two blocks in one statement.
//!
//! Where GEMSTEP's tokenizer silently loses text, this one keeps it and the printed output says
//! so: tokens before a closing `]]` on the same line (`featPropPop Widgets text]]`) and after an
//! opening `[[` become units of the block instead of being dropped. A `.` joins a dotted name
//! only when it directly follows a name part, so `setTo .5` reads the number 0.5. Any Unicode
//! whitespace separates tokens (GEMSTEP would make a no-break space part of a name). Everything
//! GEMSTEP rejects (an unclosed string, `[[` or `{{`, a stray `]]`, a stray character) is an
//! error naming the line and column.

use super::token::{ExprSource, Literal, Pos, ScriptUnit, Token, TokenKind};
use super::tokenize_error::{TokenizeError, TokenizeErrorKind};
use crate::lexical::{is_name_part, is_name_start, read_number, read_quoted, NumberProblem};

/// How deeply `[[ ... ]]` blocks may nest; deeper text is refused rather than risking the stack.
pub const MAX_BLOCK_DEPTH: usize = 64;

/// Tokenizes ScriptText into ScriptUnits, one per line (blocks hold the lines inside them).
pub fn tokenize(text: &str) -> Result<Vec<ScriptUnit>, TokenizeError> {
    // A byte-order mark opening a file is no part of the script.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Lines {
        rest: text.split('\n').enumerate(),
        depth: 0,
    };
    let mut units = Vec::new();
    while let Some(mut line) = lines.next_line() {
        let mut unit = ScriptUnit::new();
        if lines.read_line(&mut line, &mut unit)? {
            return Err(line.error_at(line.i.saturating_sub(2), TokenizeErrorKind::StrayBlockClose));
        }
        units.push(or_blank(unit, &line));
    }
    Ok(units)
}

/// A unit as read, or `[Line]` when the line held nothing.
fn or_blank(unit: ScriptUnit, line: &Line) -> ScriptUnit {
    if unit.is_empty() {
        vec![Token::new(TokenKind::Line, line.pos(0))]
    } else {
        unit
    }
}

/// The lines still to read and how many blocks are open.
struct Lines<'a> {
    rest: std::iter::Enumerate<std::str::Split<'a, char>>,
    depth: usize,
}

/// One trimmed line and a cursor into it.
struct Line {
    chars: Vec<char>,
    i: usize,
    /// Where `chars[0]` is in the script.
    start: Pos,
}

impl Line {
    fn pos(&self, i: usize) -> Pos {
        self.start.advanced(i)
    }

    fn error_at(&self, i: usize, kind: TokenizeErrorKind) -> TokenizeError {
        TokenizeError {
            pos: self.pos(i),
            kind,
        }
    }

    fn at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.i + offset).copied()
    }

    fn starts_with(&self, pair: &str) -> bool {
        let mut want = pair.chars();
        want.next() == self.at(0) && want.next() == self.at(1)
    }

    fn skip_spaces(&mut self) {
        while self.at(0).is_some_and(char::is_whitespace) {
            self.i += 1;
        }
    }

    /// The trimmed text from `from` to `to` (exclusive).
    fn text(&self, from: usize, to: usize) -> String {
        let slice = self.chars.get(from..to).unwrap_or_default();
        slice.iter().collect::<String>().trim().to_owned()
    }

    /// Where the matching `]]` of the `[[` at the cursor is on this line, counting nested pairs.
    fn find_inline_close(&self) -> Option<usize> {
        let mut level = 0usize;
        let mut i = self.i;
        while i + 1 < self.chars.len() {
            match (self.chars.get(i), self.chars.get(i + 1)) {
                (Some('['), Some('[')) => {
                    level += 1;
                    i += 2;
                }
                (Some(']'), Some(']')) => {
                    level = level.saturating_sub(1);
                    if level == 0 {
                        return Some(i);
                    }
                    i += 2;
                }
                _ => i += 1,
            }
        }
        None
    }
}

impl Lines<'_> {
    fn next_line(&mut self) -> Option<Line> {
        let (index, raw) = self.rest.next()?;
        let trimmed_start = raw.trim_start();
        let indent = raw.chars().count() - trimmed_start.chars().count();
        let line_no = u32::try_from(index + 1).unwrap_or(u32::MAX);
        Some(Line {
            chars: trimmed_start.trim_end().chars().collect(),
            i: 0,
            start: Pos {
                line: line_no,
                col: 1,
            }
            .advanced(indent),
        })
    }

    /// Reads the tokens of `line` into `unit`: a directive line, or tokens up to the end of the
    /// line. Returns true when a `]]` was met (the line is left just past it), which closes
    /// the enclosing block; `line` may be replaced by a later line when a block was read.
    fn read_line(&mut self, line: &mut Line, unit: &mut ScriptUnit) -> Result<bool, TokenizeError> {
        if line.at(0) == Some('#') {
            unit.push(Token::new(TokenKind::Directive, line.pos(0)));
            line.i = 1;
        }
        self.read_line_rest(line, unit)
    }

    /// Like [`Lines::read_line`] but from the cursor, with no directive check.
    fn read_line_rest(
        &mut self,
        line: &mut Line,
        unit: &mut ScriptUnit,
    ) -> Result<bool, TokenizeError> {
        loop {
            line.skip_spaces();
            let Some(first) = line.at(0) else {
                return Ok(false);
            };
            if line.starts_with("]]") {
                line.i += 2;
                return Ok(true);
            }
            let token = self.read_token(line, first)?;
            unit.push(token);
        }
    }

    /// Reads the token whose first character, `first`, is at the cursor.
    fn read_token(&mut self, line: &mut Line, first: char) -> Result<Token, TokenizeError> {
        let start = line.i;
        let pos = line.pos(start);
        let kind = match first {
            '[' if line.starts_with("[[") => return self.read_brackets(line),
            '{' if line.starts_with("{{") => read_expr(line)?,
            '/' if line.starts_with("//") => {
                let text = line.text(start + 2, line.chars.len());
                line.i = line.chars.len();
                TokenKind::Comment(text)
            }
            '\'' | '"' => {
                let (text, end) = read_quoted(&line.chars, start)
                    .ok_or_else(|| line.error_at(start, TokenizeErrorKind::UnterminatedString))?;
                if text.len() > crate::vars::MAX_TEXT_BYTES {
                    return Err(line.error_at(start, TokenizeErrorKind::TextTooLong(text.len())));
                }
                line.i = end;
                TokenKind::String(text)
            }
            c if c.is_ascii_digit() || c == '.' => read_signed_number(line, 1.0)?,
            sign @ ('-' | '+') => {
                line.i += 1;
                line.skip_spaces();
                if !line.at(0).is_some_and(|c| c.is_ascii_digit() || c == '.') {
                    return Err(line.error_at(start, TokenizeErrorKind::SignWithoutNumber(sign)));
                }
                read_signed_number(line, if sign == '-' { -1.0 } else { 1.0 })?
            }
            c if is_name_start(c) => read_name(line)?,
            c => return Err(line.error_at(start, TokenizeErrorKind::UnexpectedChar(c))),
        };
        Ok(Token::new(kind, pos))
    }

    /// Reads `[[ NAME ]]` on one line as a program name, or an open `[[` as a block.
    fn read_brackets(&mut self, line: &mut Line) -> Result<Token, TokenizeError> {
        let open = line.i;
        let pos = line.pos(open);
        if let Some(close) = line.find_inline_close() {
            line.i = close + 2;
            return Ok(Token::new(
                TokenKind::Program(line.text(open + 2, close)),
                pos,
            ));
        }
        if self.depth >= MAX_BLOCK_DEPTH {
            return Err(line.error_at(open, TokenizeErrorKind::TooDeep));
        }
        self.depth += 1;
        line.i = open + 2;
        let units = self.read_block(line, pos)?;
        self.depth -= 1;
        Ok(Token::new(TokenKind::Block(units), pos))
    }

    /// Reads the units of a block whose `[[` was just passed on `line`, up to its closing `]]`;
    /// leaves `line` as the closing line, just past the `]]`.
    fn read_block(&mut self, line: &mut Line, open: Pos) -> Result<Vec<ScriptUnit>, TokenizeError> {
        let mut units = Vec::new();
        let mut unit = ScriptUnit::new();
        // Text after the opening `[[` becomes the block's first unit.
        let mut closed = self.read_line_rest(line, &mut unit)?;
        if !unit.is_empty() {
            units.push(unit);
        }
        while !closed {
            *line = self.next_line().ok_or(TokenizeError {
                pos: open,
                kind: TokenizeErrorKind::UnclosedBlock,
            })?;
            let mut unit = ScriptUnit::new();
            closed = self.read_line(line, &mut unit)?;
            if !closed || !unit.is_empty() {
                units.push(or_blank(unit, line));
            }
        }
        Ok(units)
    }
}

fn read_expr(line: &mut Line) -> Result<TokenKind, TokenizeError> {
    let open = line.i;
    let mut i = open + 2;
    while i + 1 < line.chars.len() {
        if line.chars.get(i) == Some(&'}') && line.chars.get(i + 1) == Some(&'}') {
            let inner = line.chars.get(open + 2..i).unwrap_or_default();
            let leading = inner.iter().take_while(|c| c.is_whitespace()).count();
            line.i = i + 2;
            return Ok(TokenKind::Expr(ExprSource {
                text: line.text(open + 2, i),
                text_pos: line.pos(open + 2 + leading),
            }));
        }
        i += 1;
    }
    Err(line.error_at(open, TokenizeErrorKind::UnclosedExpr))
}

fn read_signed_number(line: &mut Line, sign: f64) -> Result<TokenKind, TokenizeError> {
    let start = line.i;
    let (value, end) = read_number(&line.chars, start).map_err(|problem| {
        let kind = match problem {
            NumberProblem::Malformed => TokenizeErrorKind::BadNumber,
            NumberProblem::RunsIntoName => TokenizeErrorKind::NameStartsWithDigit,
            NumberProblem::TooLarge => TokenizeErrorKind::NumberTooLarge,
        };
        line.error_at(start, kind)
    })?;
    line.i = end;
    Ok(TokenKind::Value(Literal::Number(sign * value)))
}

/// Reads a name, a dotted name (`agent.x`) or one of the words `true`, `false`, `null`.
fn read_name(line: &mut Line) -> Result<TokenKind, TokenizeError> {
    let mut parts = vec![read_name_part(line)];
    while line.at(0) == Some('.') {
        line.i += 1;
        if !line.at(0).is_some_and(is_name_start) {
            return Err(line.error_at(line.i, TokenizeErrorKind::MissingNameAfterDot));
        }
        parts.push(read_name_part(line));
    }
    if parts.len() > 1 {
        return Ok(TokenKind::ObjRef(parts));
    }
    let name = parts.pop().unwrap_or_default();
    Ok(match name.as_str() {
        "true" => TokenKind::Value(Literal::Boolean(true)),
        "false" => TokenKind::Value(Literal::Boolean(false)),
        "null" => TokenKind::Value(Literal::Null),
        _ => TokenKind::Identifier(name),
    })
}

fn read_name_part(line: &mut Line) -> String {
    let start = line.i;
    while line.at(0).is_some_and(is_name_part) {
        line.i += 1;
    }
    line.chars
        .get(start..line.i)
        .unwrap_or_default()
        .iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(unit: &[Token]) -> Vec<TokenKind> {
        unit.iter().map(|t| t.kind.clone()).collect()
    }

    fn ident(name: &str) -> TokenKind {
        TokenKind::Identifier(name.to_owned())
    }

    fn error(text: &str) -> (Pos, TokenizeErrorKind) {
        let e = tokenize(text).unwrap_err();
        (e.pos, e.kind)
    }

    fn pos(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }

    #[test]
    fn every_token_records_its_line_and_column() {
        let units = tokenize("# BLUEPRINT Fish\n  prop agent.x setTo {{  a + 1 }} // hi").unwrap();
        let starts: Vec<Pos> = units.iter().flatten().map(|t| t.pos).collect();
        assert_eq!(
            starts,
            [
                pos(1, 1),
                pos(1, 3),
                pos(1, 13),
                pos(2, 3),
                pos(2, 8),
                pos(2, 16),
                pos(2, 22),
                pos(2, 35)
            ]
        );
        let TokenKind::Expr(source) = &units[1][3].kind else {
            panic!("not an expr")
        };
        assert_eq!(source.text_pos, pos(2, 26));
    }

    #[test]
    fn words_numbers_and_signs_become_values() {
        let units = tokenize("K true false null -5 + 2.5 .5 'x' \"y\"").unwrap();
        let expected = [
            ident("K"),
            TokenKind::Value(Literal::Boolean(true)),
            TokenKind::Value(Literal::Boolean(false)),
            TokenKind::Value(Literal::Null),
            TokenKind::Value(Literal::Number(-5.0)),
            TokenKind::Value(Literal::Number(2.5)),
            TokenKind::Value(Literal::Number(0.5)),
            TokenKind::String("x".into()),
            TokenKind::String("y".into()),
        ];
        assert_eq!(kinds(&units[0]), expected);
    }

    #[test]
    fn a_dot_joins_only_directly_adjacent_name_parts() {
        let units = tokenize("featProp agent.Costume.scale setTo 1").unwrap();
        let parts = vec!["agent".to_owned(), "Costume".into(), "scale".into()];
        assert_eq!(units[0][1].kind, TokenKind::ObjRef(parts));
        assert_eq!(
            error("prop agent. x"),
            (pos(1, 12), TokenizeErrorKind::MissingNameAfterDot)
        );
    }

    #[test]
    fn blank_lines_and_trailing_newline_become_line_units() {
        let units = tokenize("A\n\n   \nB\n").unwrap();
        let shapes: Vec<Vec<TokenKind>> = units.iter().map(|u| kinds(u)).collect();
        assert_eq!(
            shapes,
            [
                vec![ident("A")],
                vec![TokenKind::Line],
                vec![TokenKind::Line],
                vec![ident("B")],
                vec![TokenKind::Line]
            ]
        );
    }

    #[test]
    fn text_beside_block_brackets_is_kept_in_the_block() {
        let units = tokenize("K [[ A\n  B C]] D").unwrap();
        let TokenKind::Block(inner) = &units[0][1].kind else {
            panic!("not a block")
        };
        assert_eq!(inner.len(), 2);
        assert_eq!(kinds(&inner[1]), [ident("B"), ident("C")]);
        assert_eq!(units[0][2].kind, ident("D"));
    }

    #[test]
    fn any_unicode_whitespace_separates_tokens_and_other_unicode_makes_names() {
        let units = tokenize("K\u{a0}été").unwrap();
        assert_eq!(kinds(&units[0]), [ident("K"), ident("été")]);
    }

    #[test]
    fn a_comment_swallows_brackets_after_it() {
        let units = tokenize("K [[\n  // ]]\n]]").unwrap();
        let TokenKind::Block(inner) = &units[0][1].kind else {
            panic!("not a block")
        };
        assert_eq!(kinds(&inner[0]), [TokenKind::Comment("]]".into())]);
    }

    #[test]
    fn nested_inline_brackets_stay_in_the_program_name() {
        let units = tokenize("K [[ a [[ b ]] c ]]").unwrap();
        assert_eq!(units[0][1].kind, TokenKind::Program("a [[ b ]] c".into()));
    }

    #[test]
    fn unclosed_and_stray_brackets_are_errors_at_their_position() {
        assert_eq!(
            error("K 'abc"),
            (pos(1, 3), TokenizeErrorKind::UnterminatedString)
        );
        assert_eq!(
            error("K\n  if [[\n    A"),
            (pos(2, 6), TokenizeErrorKind::UnclosedBlock)
        );
        assert_eq!(
            error("K {{ a > 1"),
            (pos(1, 3), TokenizeErrorKind::UnclosedExpr)
        );
        assert_eq!(
            error("A\n  ]] B"),
            (pos(2, 3), TokenizeErrorKind::StrayBlockClose)
        );
        assert_eq!(
            error("K (a)"),
            (pos(1, 3), TokenizeErrorKind::UnexpectedChar('('))
        );
        assert_eq!(
            error("K 12abc"),
            (pos(1, 3), TokenizeErrorKind::NameStartsWithDigit)
        );
        assert_eq!(error("K 1e"), (pos(1, 3), TokenizeErrorKind::BadNumber));
        assert_eq!(
            error("K - x"),
            (pos(1, 3), TokenizeErrorKind::SignWithoutNumber('-'))
        );
    }

    #[test]
    fn blocks_nested_too_deep_are_refused() {
        let deep = "K [[\n".repeat(MAX_BLOCK_DEPTH + 1);
        assert_eq!(error(&deep).1, TokenizeErrorKind::TooDeep);
        let fine = format!(
            "{}{}",
            "K [[\n".repeat(MAX_BLOCK_DEPTH),
            "]]\n".repeat(MAX_BLOCK_DEPTH)
        );
        assert!(tokenize(&fine).is_ok());
    }

    #[test]
    fn errors_read_as_position_and_message() {
        let e = tokenize("\n   ]]").unwrap_err();
        assert_eq!(
            e.to_string(),
            "2:4: this ']]' closes nothing: delete it, or add the '[[' it should close"
        );
    }
}

//! A tolerant scanner for one line of ScriptText: it never fails, so the editor can colour and
//! complete text the tokenizer refuses (an unclosed string, a half-typed `{{`). It only finds
//! where each lexeme starts and ends and what shape it has; what a word *means* is decided in
//! [`super::highlight`].

/// The shape of a stretch of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lex {
    /// A name or dotted name (`setTo`, `agent.x`).
    Word,
    /// A number, possibly signed (`-5`, `.5`, `1e3`).
    Number,
    /// A quoted string, closed or running to the end of the line.
    Str,
    /// A `{{ ... }}` expression, closed or running to the end of the line.
    Expr,
    /// `[[`.
    BlockOpen,
    /// `]]`.
    BlockClose,
    /// `//` and the rest of the line.
    Comment,
    /// The `#` of a pragma.
    Hash,
    /// Any other character.
    Other,
}

/// One lexeme: its shape and its character range `start..end` in the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lexeme {
    /// Its shape.
    pub kind: Lex,
    /// Index of its first character.
    pub start: usize,
    /// Index just past its last character.
    pub end: usize,
}

fn is_name_start(c: char) -> bool {
    c.is_alphabetic() || c == '_' || c == '$'
}

fn is_name_part(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// Every lexeme of a line, in order; whitespace separates them and belongs to none.
pub fn scan_line(chars: &[char]) -> Vec<Lexeme> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match lexeme_at(chars, i) {
            Some(lexeme) => {
                i = lexeme.end;
                out.push(lexeme);
            }
            None => i += 1,
        }
    }
    out
}

/// The lexeme starting at character `i`, or `None` at whitespace or past the end.
pub fn lexeme_at(chars: &[char], i: usize) -> Option<Lexeme> {
    let c = *chars.get(i)?;
    let next = chars.get(i + 1).copied();
    let (kind, end) = match c {
        c if c.is_whitespace() => return None,
        '/' if next == Some('/') => (Lex::Comment, chars.len()),
        '{' if next == Some('{') => (Lex::Expr, expr_end(chars, i + 2)),
        '[' if next == Some('[') => (Lex::BlockOpen, i + 2),
        ']' if next == Some(']') => (Lex::BlockClose, i + 2),
        '\'' | '"' => (Lex::Str, string_end(chars, i + 1, c)),
        '#' => (Lex::Hash, i + 1),
        c if is_name_start(c) => (Lex::Word, word_end(chars, i)),
        c if starts_number(c, next, chars.get(i + 2).copied()) => {
            (Lex::Number, number_end(chars, i + 1))
        }
        _ => (Lex::Other, i + 1),
    };
    Some(Lexeme {
        kind,
        start: i,
        end,
    })
}

/// Whether `c` (followed by `next`, `after`) begins a number: a digit, a point before a
/// digit, or a sign before either.
fn starts_number(c: char, next: Option<char>, after: Option<char>) -> bool {
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    match c {
        '0'..='9' => true,
        '.' => digit(next),
        '-' | '+' => digit(next) || (next == Some('.') && digit(after)),
        _ => false,
    }
}

fn number_end(chars: &[char], mut i: usize) -> usize {
    while let Some(&c) = chars.get(i) {
        let exponent_sign =
            (c == '-' || c == '+') && matches!(chars.get(i.wrapping_sub(1)), Some('e' | 'E'));
        if !(is_name_part(c) || c == '.' || exponent_sign) {
            break;
        }
        i += 1;
    }
    i
}

fn word_end(chars: &[char], mut i: usize) -> usize {
    while let Some(&c) = chars.get(i) {
        let dot_then_name = c == '.' && chars.get(i + 1).is_some_and(|&n| is_name_part(n));
        if !(is_name_part(c) || dot_then_name) {
            break;
        }
        i += 1;
    }
    i
}

fn string_end(chars: &[char], mut i: usize, quote: char) -> usize {
    while let Some(&c) = chars.get(i) {
        if c == '\\' {
            i += 2;
            continue;
        }
        if c == quote {
            return i + 1;
        }
        i += 1;
    }
    chars.len()
}

fn expr_end(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() {
        if chars.get(i) == Some(&'}') && chars.get(i + 1) == Some(&'}') {
            return i + 2;
        }
        i += 1;
    }
    chars.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shapes(line: &str) -> Vec<(Lex, String)> {
        let chars: Vec<char> = line.chars().collect();
        scan_line(&chars)
            .into_iter()
            .map(|l| (l.kind, chars[l.start..l.end].iter().collect()))
            .collect()
    }

    #[test]
    fn a_statement_splits_into_words_numbers_strings_and_expressions() {
        assert_eq!(
            shapes("prop agent.x setTo -5 'a b' {{ x + 1 }} // note"),
            vec![
                (Lex::Word, "prop".into()),
                (Lex::Word, "agent.x".into()),
                (Lex::Word, "setTo".into()),
                (Lex::Number, "-5".into()),
                (Lex::Str, "'a b'".into()),
                (Lex::Expr, "{{ x + 1 }}".into()),
                (Lex::Comment, "// note".into()),
            ]
        );
    }

    #[test]
    fn unclosed_strings_and_expressions_run_to_the_end_of_the_line() {
        assert_eq!(shapes("'abc"), vec![(Lex::Str, "'abc".into())]);
        assert_eq!(shapes("{{ a }"), vec![(Lex::Expr, "{{ a }".into())]);
        assert_eq!(shapes(r"'it\'s'"), vec![(Lex::Str, r"'it\'s'".into())]);
    }

    #[test]
    fn brackets_pragmas_and_stray_characters_are_their_own_lexemes() {
        assert_eq!(
            shapes("#[[x]] - 1e-3 .5"),
            vec![
                (Lex::Hash, "#".into()),
                (Lex::BlockOpen, "[[".into()),
                (Lex::Word, "x".into()),
                (Lex::BlockClose, "]]".into()),
                (Lex::Other, "-".into()),
                (Lex::Number, "1e-3".into()),
                (Lex::Number, ".5".into()),
            ]
        );
    }

    #[test]
    fn multi_byte_characters_count_as_one_each() {
        let chars: Vec<char> = "prop é 'ü'".chars().collect();
        let lexemes = scan_line(&chars);
        assert_eq!((lexemes[1].start, lexemes[1].end), (5, 6));
        assert_eq!((lexemes[2].start, lexemes[2].end), (7, 10));
        assert_eq!(lexeme_at(&chars, 4), None);
        assert_eq!(lexeme_at(&chars, 99), None);
    }
}

//! Character-level rules shared by the script tokenizer, the expression lexer, the printer and
//! the project's name checks: what a name looks like, how quoted strings and numbers are read,
//! and how they are written back. Keeping them in one place means a string or number means the same thing inside
//! `{{ ... }}` as it does as a keyword argument.

/// Whether `c` may start a name: an ASCII letter, `$`, `_`, or any non-ASCII character that is
/// not whitespace (GEMSTEP accepts non-ASCII names, so students may name things in their language).
pub(crate) fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic()
        || c == '$'
        || c == '_'
        || (!c.is_ascii() && !c.is_whitespace() && !is_invisible(c))
}

/// Whether `c` is a character that shows as nothing, or changes how the text around it is
/// shown: control characters, zero-width spaces and joiners, direction marks and overrides,
/// the byte-order mark, variation selectors and tags. In a name, one makes two names that look
/// alike (`Fish` and `Fi​sh`) or turns a line around, so names may not hold them.
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'..='\u{1160}'
                | '\u{17B4}'..='\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// How a character that cannot start a token is named in an error: an invisible one by its
/// code, since the student cannot see it. `in_expr`: it is inside `{{ }}`, where the
/// operators are already at hand.
pub(crate) fn describe_unexpected(
    c: char,
    in_expr: bool,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    if is_invisible(c) {
        write!(
            f,
            "there is an invisible character (U+{:04X}) here: delete it",
            u32::from(c)
        )
    } else if !in_expr && "(){}+-*/<>=!&|%^".contains(c) {
        write!(
            f,
            "'{c}' cannot be used here: calculations go inside {{{{ }}}}, and text goes in quotes"
        )
    } else {
        write!(
            f,
            "'{c}' cannot be used here (to write it as text, put the text in quotes)"
        )
    }
}

/// What the script and an expression say of a quoted text that is never closed.
pub(crate) const UNCLOSED_QUOTE: &str =
    "this text in quotes is never closed: add the same quote mark at its end";

/// What the script and an expression say of a quoted text of `bytes` bytes, longer than a
/// text may be.
pub(crate) fn describe_too_long(bytes: usize, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    write!(
        f,
        "this text is {} KB long, but a text may hold at most {} KB",
        bytes.div_ceil(1024),
        crate::vars::MAX_TEXT_BYTES / 1024
    )
}

/// Whether `c` may continue a name: a name start or an ASCII digit.
pub(crate) fn is_name_part(c: char) -> bool {
    is_name_start(c) || c.is_ascii_digit()
}

/// Why a number could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NumberProblem {
    /// No digits at all (a lone `.`) or an exponent without digits (`1e`).
    Malformed,
    /// Digits run straight into a name, as in `12abc`.
    RunsIntoName,
    /// The number is too large to be finite.
    TooLarge,
}

impl std::fmt::Display for NumberProblem {
    /// What the script and an expression say of a number that cannot be read.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NumberProblem::Malformed => {
                "this number is not written correctly: write it like 5, -2.5 or 0.1"
            }
            NumberProblem::RunsIntoName => {
                "a name cannot start with a digit: write energy2, not 2energy (or put a space after the number)"
            }
            NumberProblem::TooLarge => "this number is too large to use",
        })
    }
}

/// Reads a decimal number (`12`, `3.4`, `.5`, `1.`, `2e-3`) starting at `start`; returns its
/// value and the index just past it. A number glued to a following name or `.` is rejected.
pub(crate) fn read_number(chars: &[char], start: usize) -> Result<(f64, usize), NumberProblem> {
    let digits_from = |mut i: usize| {
        while chars.get(i).is_some_and(char::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let mut end = digits_from(start);
    if chars.get(end) == Some(&'.') {
        end = digits_from(end + 1);
    }
    if matches!(chars.get(end), Some('e' | 'E')) {
        let mut exp = end + 1;
        if matches!(chars.get(exp), Some('+' | '-')) {
            exp += 1;
        }
        let exp_end = digits_from(exp);
        if exp_end == exp {
            return Err(NumberProblem::Malformed);
        }
        end = exp_end;
    }
    if chars
        .get(end)
        .is_some_and(|&c| is_name_start(c) || c == '.')
    {
        return Err(NumberProblem::RunsIntoName);
    }
    let text: String = chars.get(start..end).unwrap_or_default().iter().collect();
    let value: f64 = text.parse().map_err(|_| NumberProblem::Malformed)?;
    if value.is_finite() {
        Ok((value, end))
    } else {
        Err(NumberProblem::TooLarge)
    }
}

/// Reads a string quoted with the character at `start` (`'` or `"`), decoding the escapes
/// `\n \r \t \b \f \v` (any other escaped character stands for itself). Returns the text and
/// the index just past the closing quote, or `None` when the line ends before the quote closes.
pub(crate) fn read_quoted(chars: &[char], start: usize) -> Option<(String, usize)> {
    let quote = *chars.get(start)?;
    let mut text = String::new();
    let mut i = start + 1;
    loop {
        let c = *chars.get(i)?;
        i += 1;
        if c == quote {
            return Some((text, i));
        }
        if c == '\\' {
            let escaped = *chars.get(i)?;
            i += 1;
            text.push(unescape(escaped));
        } else {
            text.push(c);
        }
    }
}

/// The character an escape sequence `\c` stands for.
fn unescape(c: char) -> char {
    match c {
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        'b' => '\u{8}',
        'f' => '\u{c}',
        'v' => '\u{b}',
        other => other,
    }
}

/// Writes `text` as a single-quoted string that [`read_quoted`] reads back to the same text.
pub(crate) fn quote_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            other => out.push(other),
        }
    }
    out.push('\'');
    out
}

/// Formats a number the way JavaScript's `String(n)` does for the values scripts meet:
/// whole numbers without a fraction (`10`, not `10.0`), `-0` as `0`, and the shortest text that
/// reads back to the same number otherwise. Used for string concatenation and by the printer.
pub(crate) fn format_number(n: f64) -> String {
    if n.is_nan() {
        return "NaN".to_owned();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
    }
    if n == 0.0 {
        return "0".to_owned();
    }
    format!("{n}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn numbers_read_in_every_decimal_shape() {
        for (text, value) in [
            ("12", 12.0),
            ("3.4", 3.4),
            (".5", 0.5),
            ("1.", 1.0),
            ("2e-3", 0.002),
        ] {
            assert_eq!(
                read_number(&chars(text), 0),
                Ok((value, text.len())),
                "{text}"
            );
        }
    }

    #[test]
    fn malformed_numbers_are_rejected() {
        assert_eq!(read_number(&chars("."), 0), Err(NumberProblem::Malformed));
        assert_eq!(read_number(&chars("1e"), 0), Err(NumberProblem::Malformed));
        assert_eq!(
            read_number(&chars("12abc"), 0),
            Err(NumberProblem::RunsIntoName)
        );
        assert_eq!(
            read_number(&chars("1.2.3"), 0),
            Err(NumberProblem::RunsIntoName)
        );
        assert_eq!(
            read_number(&chars("1e999"), 0),
            Err(NumberProblem::TooLarge)
        );
    }

    #[test]
    fn quoted_strings_decode_escapes_and_stop_at_their_own_quote() {
        assert_eq!(
            read_quoted(&chars(r#"'a\'b"c' x"#), 0),
            Some((r#"a'b"c"#.to_owned(), 8))
        );
        assert_eq!(
            read_quoted(&chars(r#""x\ty""#), 0),
            Some(("x\ty".to_owned(), 6))
        );
        assert_eq!(read_quoted(&chars("'open"), 0), None);
        assert_eq!(read_quoted(&chars("'ends with \\"), 0), None);
    }

    #[test]
    fn quoting_reads_back_to_the_same_text() {
        for text in [
            "plain",
            "it's",
            "back\\slash",
            "new\nline",
            "tab\there",
            "",
            "\u{b}\u{c}\u{8}\r",
        ] {
            let quoted = chars(&quote_string(text));
            assert_eq!(
                read_quoted(&quoted, 0),
                Some((text.to_owned(), quoted.len())),
                "{text:?}"
            );
        }
    }

    #[test]
    fn numbers_format_like_javascript() {
        assert_eq!(format_number(10.0), "10");
        assert_eq!(format_number(-0.0), "0");
        assert_eq!(format_number(0.1), "0.1");
        assert_eq!(format_number(-2.5), "-2.5");
        assert_eq!(format_number(f64::NAN), "NaN");
        assert_eq!(format_number(f64::NEG_INFINITY), "-Infinity");
    }
}

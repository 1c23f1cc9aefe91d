//! ScriptUnits → ScriptText, in one canonical layout, so a script edited as units (by the
//! wizard) can be written back as text that tokenizes to the same units.
//!
//! The layout: one unit per line, tokens separated by one space, strings in single quotes,
//! whole numbers without a fraction, `{{ expr }}` and `[[ NAME ]]` with one space inside the
//! brackets, and a block's lines indented two spaces more than the line that opens it, with
//! its `]]` on a line of its own at the opening line's indent (`]] [[` when a second block
//! follows). Lines are joined by `\n` with no newline after the last, mirroring the tokenizer,
//! which makes one unit of every line including a final empty one.

use crate::lexical::{format_number, quote_string};

/// A number as script text: as JavaScript writes it, except that `-0` stays `-0` (JavaScript
/// writes it `0`), so formatting never changes a value a script uses (`1 / -0`, a direction).
fn script_number(n: f64) -> String {
    if n == 0.0 && n.is_sign_negative() {
        "-0".to_owned()
    } else {
        format_number(n)
    }
}
use super::token::{Literal, ScriptUnit, Token, TokenKind};

/// How many spaces each block level indents its lines.
const INDENT: usize = 2;

/// Prints ScriptUnits as canonical ScriptText.
pub fn print_units(units: &[ScriptUnit]) -> String {
    let mut lines = Vec::new();
    for unit in units {
        print_unit(unit, 0, &mut lines);
    }
    lines.join("\n")
}

/// Appends the lines of `unit`, indented by `indent` spaces, to `lines`.
fn print_unit(unit: &[Token], indent: usize, lines: &mut Vec<String>) {
    let mut current = String::new();
    for token in unit {
        if !current.is_empty() {
            current.push(' ');
        }
        if let TokenKind::Block(units) = &token.kind {
            current.push_str("[[");
            lines.push(indented(indent, &current));
            for inner in units {
                print_unit(inner, indent + INDENT, lines);
            }
            current = "]]".to_owned();
        } else {
            current.push_str(&token_text(&token.kind));
        }
    }
    lines.push(indented(indent, &current));
}

/// `text` with `indent` spaces before it; a blank line stays empty.
fn indented(indent: usize, text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!("{:indent$}{text}", "")
    }
}

/// The text of a token that fits on one line (every kind but a block).
fn token_text(kind: &TokenKind) -> String {
    match kind {
        TokenKind::Identifier(name) => name.clone(),
        TokenKind::String(text) => quote_string(text),
        TokenKind::Value(Literal::Number(n)) => script_number(*n),
        TokenKind::Value(Literal::Boolean(b)) => b.to_string(),
        TokenKind::Value(Literal::Null) => "null".to_owned(),
        TokenKind::ObjRef(parts) => parts.join("."),
        TokenKind::Expr(source) => spaced("{{", &source.text, "}}"),
        TokenKind::Program(name) => spaced("[[", name, "]]"),
        TokenKind::Directive => "#".to_owned(),
        TokenKind::Comment(text) if text.is_empty() => "//".to_owned(),
        TokenKind::Comment(text) => format!("// {text}"),
        TokenKind::Line | TokenKind::Block(_) => String::new(),
    }
}

/// `open text close` with single spaces, or `open close` when the text is empty.
fn spaced(open: &str, text: &str, close: &str) -> String {
    if text.is_empty() {
        format!("{open} {close}")
    } else {
        format!("{open} {text} {close}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::tokenize;
    use super::*;

    #[test]
    fn negative_zero_keeps_its_sign() {
        let units = tokenize("prop x setTo -0\nprop y setTo 0").unwrap();
        assert_eq!(print_units(&units), "prop x setTo -0\nprop y setTo 0");
    }

    #[test]
    fn canonical_text_prints_back_exactly() {
        let text = "# BLUEPRINT Fish\n\
                    # PROGRAM UPDATE\n\
                    \n\
                    // a comment\n\
                    prop agent.x setTo -5 'it\\'s' {{ agent.x + 1 }} true null 0.5\n\
                    if [[ NAME ]] [[\n  \n  dbgOut 'a'\n  when A touches B [[\n    prop x add 1\n  ]]\n]] [[\n]]\n";
        let units = tokenize(text).unwrap();
        assert_eq!(print_units(&units), text.replace("\n  \n", "\n\n"));
    }

    #[test]
    fn messy_text_prints_canonically() {
        let units = tokenize("   K   \"a\"  +3 1.50 {{x}}   [[  P  ]] //c").unwrap();
        assert_eq!(print_units(&units), "K 'a' 3 1.5 {{ x }} [[ P ]] // c");
    }

    #[test]
    fn tokens_before_a_closing_bracket_move_to_their_own_line() {
        let units = tokenize("K [[ A\n  B ]] C").unwrap();
        assert_eq!(print_units(&units), "K [[\n  A\n  B\n]] C");
    }
}

//! Syntax colouring: which class each stretch of each line gets.
//!
//! The [`scan`](super::scan) lexemes give every stretch's extent and shape. What a *word*
//! means depends on its place in its statement (the first word is the keyword, the words of
//! a `#` line are a pragma): when the text tokenizes, the sim-core tokenizer's units give each
//! word's place exactly (a statement that continues after a closing `]]` included); when it
//! does not, each line is read on its own, a statement restarting after every `[[`.

use super::scan::{scan_line, Lex, Lexeme};
use crate::authoring::vocab::Vocabulary;
use sim_core::{
    script::{keyword, tokenize},
    Pos, ScriptUnit, TokenKind, VarType, FEATURES,
};
use std::collections::HashMap;

/// The colour class of a stretch of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// A statement's keyword (`featProp`).
    Keyword,
    /// A `#` line (`# PROGRAM UPDATE`).
    Pragma,
    /// A feature name (`Movement`).
    Feature,
    /// A prop or feature prop (`energy`, `agent.x`, `distance`).
    Prop,
    /// A GVar or feature method (`setTo`, `wanderUntilInside`).
    Method,
    /// Any other name (a blueprint, a type, an unknown word).
    Name,
    /// A quoted string.
    Str,
    /// A number.
    Num,
    /// `true`, `false` or `null`.
    Literal,
    /// A `{{ }}` expression, braces included.
    Expr,
    /// `[[` or `]]`.
    Bracket,
    /// A `//` comment.
    Comment,
}

impl Class {
    /// The CSS class the highlighted layer uses.
    pub fn css(self) -> &'static str {
        match self {
            Class::Keyword => "hl-keyword",
            Class::Pragma => "hl-pragma",
            Class::Feature => "hl-feature",
            Class::Prop => "hl-prop",
            Class::Method => "hl-method",
            Class::Name => "hl-name",
            Class::Str => "hl-string",
            Class::Num => "hl-number",
            Class::Literal => "hl-literal",
            Class::Expr => "hl-expr",
            Class::Bracket => "hl-bracket",
            Class::Comment => "hl-comment",
        }
    }
}

/// A coloured stretch of one line: characters `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// Index of the first character in the line.
    pub start: usize,
    /// Index just past the last character.
    pub end: usize,
    /// Its colour.
    pub class: Class,
}

/// A word's place in its statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Role {
    /// How many tokens of the statement come before it.
    index: usize,
    /// Whether the statement is a `#` pragma line.
    pragma: bool,
}

/// The coloured spans of each line of `text` (lines split at `\n`).
pub fn highlight(text: &str, vocab: &Vocabulary) -> Vec<Vec<Span>> {
    let roles = tokenize(text).ok().map(|units| token_roles(&units));
    text.split('\n')
        .enumerate()
        .map(|(i, line)| {
            let chars: Vec<char> = line.chars().collect();
            let lexemes = scan_line(&chars);
            let line_roles = match &roles {
                Some(map) => lexemes
                    .iter()
                    .map(|l| map.get(&(i + 1, l.start + 1)).copied())
                    .collect(),
                None => scanned_roles(&chars, &lexemes),
            };
            lexemes
                .iter()
                .zip(line_roles)
                .map(|(l, role)| Span {
                    start: l.start,
                    end: l.end,
                    class: class_of(&chars, l, role, vocab),
                })
                .collect()
        })
        .collect()
}

/// The role of every word token, by its 1-based (line, column).
fn token_roles(units: &[ScriptUnit]) -> HashMap<(usize, usize), Role> {
    let mut map = HashMap::new();
    collect_roles(units, &mut map);
    map
}

fn collect_roles(units: &[ScriptUnit], map: &mut HashMap<(usize, usize), Role>) {
    for unit in units {
        let pragma = unit.first().is_some_and(|t| t.kind == TokenKind::Directive);
        for (index, token) in unit.iter().enumerate() {
            match &token.kind {
                TokenKind::Block(inner) => collect_roles(inner, map),
                TokenKind::Identifier(_) | TokenKind::ObjRef(_) => {
                    map.insert(key(token.pos), Role { index, pragma });
                }
                _ => {}
            }
        }
    }
}

fn key(pos: Pos) -> (usize, usize) {
    (pos.line as usize, pos.col as usize)
}

/// Roles read from one line alone: a statement starts at the line start and after each `[[`.
fn scanned_roles(chars: &[char], lexemes: &[Lexeme]) -> Vec<Option<Role>> {
    let mut index = 0;
    let mut pragma = false;
    let mut roles = Vec::with_capacity(lexemes.len());
    for l in lexemes {
        roles.push(Some(Role { index, pragma }));
        match l.kind {
            Lex::BlockOpen => {
                index = 0;
                pragma = false;
            }
            Lex::Hash if index == 0 && chars.get(..l.start).is_some_and(blank) => {
                pragma = true;
                index += 1;
            }
            Lex::Comment => {}
            _ => index += 1,
        }
    }
    roles
}

fn blank(chars: &[char]) -> bool {
    chars.iter().all(|c| c.is_whitespace())
}

fn class_of(chars: &[char], l: &Lexeme, role: Option<Role>, vocab: &Vocabulary) -> Class {
    match l.kind {
        Lex::Word => {
            let word: String = chars
                .get(l.start..l.end)
                .unwrap_or_default()
                .iter()
                .collect();
            word_class(&word, role, vocab)
        }
        Lex::Number => Class::Num,
        Lex::Str => Class::Str,
        Lex::Expr => Class::Expr,
        Lex::BlockOpen | Lex::BlockClose => Class::Bracket,
        Lex::Comment => Class::Comment,
        Lex::Hash => Class::Pragma,
        Lex::Other => Class::Name,
    }
}

/// What a word means at its place in the statement.
fn word_class(word: &str, role: Option<Role>, vocab: &Vocabulary) -> Class {
    let Some(role) = role else {
        return Class::Name;
    };
    if role.pragma {
        return Class::Pragma;
    }
    if role.index == 0 {
        return if keyword(word).is_some() {
            Class::Keyword
        } else {
            Class::Name
        };
    }
    match word {
        "true" | "false" | "null" => Class::Literal,
        _ if Vocabulary::is_feature(word) => Class::Feature,
        _ if role.index >= 2 && is_method(word) => Class::Method,
        _ if word.contains('.') || vocab.prop_type(word).is_some() || is_feat_prop(word) => {
            Class::Prop
        }
        _ => Class::Name,
    }
}

/// Whether `word` is a method of some GVar type or some feature.
pub fn is_method(word: &str) -> bool {
    VarType::ALL.iter().any(|t| t.method(word).is_ok())
        || FEATURES.iter().any(|f| f.spec.method(word).is_some())
}

fn is_feat_prop(word: &str) -> bool {
    FEATURES.iter().any(|f| f.spec.prop(word).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::Symbols;

    /// Each span of each line as (text, class).
    fn coloured(text: &str) -> Vec<Vec<(String, Class)>> {
        let vocab = Vocabulary::new(text, "Fish", &Symbols::complete());
        let lines: Vec<Vec<char>> = text.split('\n').map(|l| l.chars().collect()).collect();
        highlight(text, &vocab)
            .iter()
            .zip(&lines)
            .map(|(spans, chars)| {
                spans
                    .iter()
                    .map(|s| (chars[s.start..s.end].iter().collect(), s.class))
                    .collect()
            })
            .collect()
    }

    fn pair(text: &str, class: Class) -> (String, Class) {
        (text.to_owned(), class)
    }

    #[test]
    fn keywords_features_props_methods_and_values_get_their_classes() {
        let text = "addProp energy Number 5\naddFeature Movement\nfeatProp Movement distance setTo 3\nprop energy add {{ agent.x }} // more";
        let lines = coloured(text);
        assert_eq!(lines[0][0], pair("addProp", Class::Keyword));
        assert_eq!(lines[0][3], pair("5", Class::Num));
        assert_eq!(lines[1][1], pair("Movement", Class::Feature));
        assert_eq!(
            lines[2],
            vec![
                pair("featProp", Class::Keyword),
                pair("Movement", Class::Feature),
                pair("distance", Class::Prop),
                pair("setTo", Class::Method),
                pair("3", Class::Num),
            ]
        );
        assert_eq!(lines[3][1], pair("energy", Class::Prop));
        assert_eq!(lines[3][2], pair("add", Class::Method));
        assert_eq!(lines[3][3], pair("{{ agent.x }}", Class::Expr));
        assert_eq!(lines[3][4], pair("// more", Class::Comment));
    }

    #[test]
    fn pragma_lines_and_blocks_are_coloured_by_place_in_the_statement() {
        let text = "# PROGRAM UPDATE\nwhen Fish touches Algae [[\n  prop x setTo 'a'\n]]";
        let lines = coloured(text);
        assert!(lines[0].iter().all(|(_, c)| *c == Class::Pragma));
        assert_eq!(lines[1][0], pair("when", Class::Keyword));
        assert_eq!(lines[1][4], pair("[[", Class::Bracket));
        assert_eq!(lines[2][0], pair("prop", Class::Keyword));
        assert_eq!(lines[2][3], pair("'a'", Class::Str));
        assert_eq!(lines[3][0], pair("]]", Class::Bracket));
    }

    #[test]
    fn text_that_does_not_tokenize_is_still_coloured_line_by_line() {
        let text = "# PROGRAM INIT\nprop x setTo 'open\nifExpr {{ true }} [[ prop y setTo 1 ]]";
        assert!(tokenize(text).is_err());
        let lines = coloured(text);
        assert!(lines[0].iter().all(|(_, c)| *c == Class::Pragma));
        assert_eq!(lines[1][3], pair("'open", Class::Str));
        assert_eq!(lines[1][2], pair("setTo", Class::Method));
        assert_eq!(lines[2][3], pair("prop", Class::Keyword));
        assert_eq!(lines[2][4], pair("y", Class::Prop));
    }

    #[test]
    fn an_unknown_first_word_is_not_coloured_as_a_keyword() {
        let lines = coloured("featPorp Movement distance setTo 1");
        assert_eq!(lines[0][0], pair("featPorp", Class::Name));
    }

    #[test]
    fn spans_count_characters_not_bytes() {
        let lines = coloured("prop x setTo 'héllo wörld' 7");
        assert_eq!(lines[0][3], pair("'héllo wörld'", Class::Str));
        assert_eq!(lines[0][4], pair("7", Class::Num));
    }
}

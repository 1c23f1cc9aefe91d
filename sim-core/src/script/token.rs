//! The tokens of ScriptText and the ScriptUnits they form, in GEMSTEP's shapes.
//!
//! A script is a list of [`ScriptUnit`]s, one per statement line; a unit is the list of its
//! [`Token`]s (the keyword first, then its arguments). A `[[ ... ]]` spanning lines becomes one
//! [`TokenKind::Block`] holding the units of those lines. Serialised with serde, units give
//! exactly the JSON GEMSTEP's own tokenizer produces (`{"identifier": "when"}`, `{"value": 10}`
//! ...); positions are kept out of that JSON so the two can be compared.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// A place in ScriptText: 1-based line and column, columns counted in characters (a tab is one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Line number, starting at 1.
    pub line: u32,
    /// Column number in characters, starting at 1.
    pub col: u32,
}

impl Pos {
    /// The first character of a text; used where no better position is known.
    pub const START: Pos = Pos { line: 1, col: 1 };

    /// The position `chars` characters further along the same line.
    pub fn advanced(self, chars: usize) -> Pos {
        let step = u32::try_from(chars).unwrap_or(u32::MAX);
        Pos {
            line: self.line,
            col: self.col.saturating_add(step),
        }
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One statement: its tokens in order, the keyword first. A blank line is `[Line]`.
pub type ScriptUnit = Vec<Token>;

/// One token of ScriptText and where it starts.
///
/// Two tokens are equal when they say the same thing: their positions are not compared, so
/// the units of a script and of its re-printed text are equal when the meaning was kept.
#[derive(Debug, Clone)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Where its first character is (for a block, the opening `[[`).
    pub pos: Pos,
}

impl Token {
    /// A token of `kind` starting at `pos`.
    pub fn new(kind: TokenKind, pos: Pos) -> Token {
        Token { kind, pos }
    }
}

impl PartialEq for Token {
    fn eq(&self, other: &Token) -> bool {
        self.kind == other.kind
    }
}

/// The token shapes of GEMSTEP's ScriptText.
#[derive(Debug, Clone, PartialEq)]
pub enum TokenKind {
    /// A name: a keyword, a blueprint, a feature, a method (`when`, `Fish`, `setTo`).
    Identifier(String),
    /// A quoted string, with escapes decoded (`'fish.json'`, `"hello"`).
    String(String),
    /// A number, `true`, `false` or `null`.
    Value(Literal),
    /// A dotted name, split at the dots (`agent.energyLevel` → `["agent", "energyLevel"]`).
    ObjRef(Vec<String>),
    /// The text of a `{{ ... }}` expression, trimmed; parsed later by [`crate::script::expr`].
    Expr(ExprSource),
    /// A `[[ ... ]]` spanning lines: the units of the lines inside it.
    Block(Vec<ScriptUnit>),
    /// An inline `[[ NAME ]]` on one line: the trimmed text between the brackets.
    Program(String),
    /// The `#` that starts a pragma line (`# BLUEPRINT Fish`); the rest of the line follows as tokens.
    Directive,
    /// A `//` comment: the rest of the line after the slashes, trimmed.
    Comment(String),
    /// A blank line, kept so units match the lines of the text.
    Line,
}

/// The literal values a [`TokenKind::Value`] holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Literal {
    /// A finite number (every number in ScriptText is a float, as in JavaScript).
    Number(f64),
    /// `true` or `false`.
    Boolean(bool),
    /// `null`.
    Null,
}

/// The text of a `{{ ... }}` expression and where that text starts, so an expression error can
/// point at the exact column. Equality compares the text only.
#[derive(Debug, Clone)]
pub struct ExprSource {
    /// The expression between the braces, trimmed (`agent.x > 0`).
    pub text: String,
    /// Where the first character of `text` is in the script.
    pub text_pos: Pos,
}

impl PartialEq for ExprSource {
    fn eq(&self, other: &ExprSource) -> bool {
        self.text == other.text
    }
}

/// The largest whole number JavaScript holds exactly; whole numbers up to it print without a
/// fraction, as GEMSTEP's JSON does (`10`, not `10.0`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

impl Serialize for Literal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Literal::Number(n) if n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER => {
                // The guard makes the conversion exact.
                serializer.serialize_i64(n as i64)
            }
            Literal::Number(n) => serializer.serialize_f64(n),
            Literal::Boolean(b) => serializer.serialize_bool(b),
            Literal::Null => serializer.serialize_unit(),
        }
    }
}

impl Serialize for Token {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        match &self.kind {
            TokenKind::Identifier(name) => map.serialize_entry("identifier", name)?,
            TokenKind::String(text) => map.serialize_entry("string", text)?,
            TokenKind::Value(literal) => map.serialize_entry("value", literal)?,
            TokenKind::ObjRef(parts) => map.serialize_entry("objref", parts)?,
            TokenKind::Expr(source) => map.serialize_entry("expr", &source.text)?,
            TokenKind::Block(units) => map.serialize_entry("block", units)?,
            TokenKind::Program(name) => map.serialize_entry("program", name)?,
            TokenKind::Directive => map.serialize_entry("directive", "#")?,
            TokenKind::Comment(text) => map.serialize_entry("comment", text)?,
            TokenKind::Line => map.serialize_entry("line", "")?,
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn at(kind: TokenKind, line: u32) -> Token {
        Token::new(kind, Pos { line, col: 1 })
    }

    #[test]
    fn tokens_serialise_as_gemstep_one_key_objects() {
        let unit = vec![
            at(TokenKind::Identifier("when".into()), 1),
            at(TokenKind::String("hi".into()), 1),
            at(TokenKind::Value(Literal::Number(10.0)), 1),
            at(TokenKind::Value(Literal::Number(0.5)), 1),
            at(TokenKind::Value(Literal::Null), 1),
            at(TokenKind::ObjRef(vec!["agent".into(), "x".into()]), 1),
            at(TokenKind::Directive, 1),
            at(TokenKind::Line, 1),
        ];
        let expected = json!([{"identifier": "when"}, {"string": "hi"}, {"value": 10},
            {"value": 0.5}, {"value": null}, {"objref": ["agent", "x"]}, {"directive": "#"},
            {"line": ""}]);
        assert_eq!(serde_json::to_value(&unit).unwrap(), expected);
    }

    #[test]
    fn token_equality_ignores_position() {
        let a = at(TokenKind::Identifier("x".into()), 1);
        let b = at(TokenKind::Identifier("x".into()), 7);
        let c = at(TokenKind::Identifier("y".into()), 1);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn positions_advance_along_the_line() {
        assert_eq!(Pos::START.advanced(4), Pos { line: 1, col: 5 });
        assert_eq!(Pos { line: 2, col: 3 }.to_string(), "2:3");
    }
}

//! The values expressions compute, and JavaScript's rules for them that scripts rely on:
//! truthiness, string conversion for `+`, and `==` versus `===`.

use super::ast::Constant;
use crate::lexical::{format_number, read_number};

/// A value an expression computes. `O` is the runtime's handle for things that are not plain
/// values (an agent, a property, a feature); expressions only pass those handles back to the
/// [`super::ExprContext`] that made them.
#[derive(Debug, Clone, PartialEq)]
pub enum Value<O> {
    /// A number (finite when computed by an expression; see [`Expr::eval`](super::Expr::eval)).
    Number(f64),
    /// A string.
    String(String),
    /// A boolean.
    Boolean(bool),
    /// `null`.
    Null,
    /// A runtime object, such as an agent.
    Object(O),
}

impl<O> Value<O> {
    /// What kind of value this is, as an error message names it ("a number").
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Number(_) => "a number",
            Value::String(_) => "text",
            Value::Boolean(_) => "true or false",
            Value::Null => "nothing (null)",
            Value::Object(_) => "a character or a property",
        }
    }

    /// The value as an error message names it: "the number 2", "the text 'abc'", "the value
    /// true", or its kind for nothing and objects.
    pub fn describe(&self) -> String {
        match self {
            Value::Null | Value::Object(_) => self.type_name().to_owned(),
            Value::String(s) => format!("the text '{s}'"),
            Value::Boolean(b) => format!("the value {b}"),
            other => match other.to_js_string() {
                Some(text) => format!("the number {text}"),
                None => other.type_name().to_owned(),
            },
        }
    }

    /// Whether JavaScript treats the value as true in a test: everything but `false`, `0`,
    /// `NaN`, `''` and `null`.
    pub fn is_truthy(&self) -> bool {
        match self {
            Value::Number(n) => *n != 0.0 && !n.is_nan(),
            Value::String(s) => !s.is_empty(),
            Value::Boolean(b) => *b,
            Value::Null => false,
            Value::Object(_) => true,
        }
    }

    /// The number inside, if this is a number.
    pub fn as_number(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The value as JavaScript's `String(v)` writes it; `None` for objects, which have no
    /// text of their own.
    pub fn to_js_string(&self) -> Option<String> {
        match self {
            Value::Number(n) => Some(format_number(*n)),
            Value::String(s) => Some(s.clone()),
            Value::Boolean(b) => Some(b.to_string()),
            Value::Null => Some("null".to_owned()),
            Value::Object(_) => None,
        }
    }
}

impl<O: PartialEq> Value<O> {
    /// `===`: same kind and same value, no conversions (`NaN` equals nothing).
    pub fn strict_eq(&self, other: &Value<O>) -> bool {
        self == other
    }

    /// `==`: like `===`, except that a number and a string compare as numbers, and a boolean
    /// compares as 1 or 0 (`5 == '5'`, `true == 1`). `null` equals only `null`; an object
    /// equals only itself.
    pub fn loose_eq(&self, other: &Value<O>) -> bool {
        match (self, other) {
            (Value::Number(n), Value::String(s)) | (Value::String(s), Value::Number(n)) => {
                *n == string_to_number(s)
            }
            (Value::Boolean(b), other) | (other, Value::Boolean(b))
                if !matches!(other, Value::Boolean(_)) =>
            {
                Value::Number(f64::from(u8::from(*b))).loose_eq(other)
            }
            _ => self.strict_eq(other),
        }
    }
}

impl<O> From<&Constant> for Value<O> {
    fn from(constant: &Constant) -> Value<O> {
        match constant {
            Constant::Number(n) => Value::Number(*n),
            Constant::String(s) => Value::String(s.clone()),
            Constant::Boolean(b) => Value::Boolean(*b),
            Constant::Null => Value::Null,
        }
    }
}

/// JavaScript's `Number(s)` for decimal text: surrounding whitespace ignored, an empty string
/// is 0, anything that is not a decimal number is `NaN`.
fn string_to_number(s: &str) -> f64 {
    let trimmed = s.trim();
    if trimmed.is_empty() {
        return 0.0;
    }
    let (sign, digits) = match trimmed.strip_prefix('-') {
        Some(rest) => (-1.0, rest),
        None => (1.0, trimmed.strip_prefix('+').unwrap_or(trimmed)),
    };
    let chars: Vec<char> = digits.chars().collect();
    match read_number(&chars, 0) {
        Ok((n, end)) if end == chars.len() => sign * n,
        _ => f64::NAN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type V = Value<u32>;

    #[test]
    fn truthiness_follows_javascript() {
        for falsy in [
            V::Number(0.0),
            V::Number(f64::NAN),
            V::String(String::new()),
            V::Boolean(false),
            V::Null,
        ] {
            assert!(!falsy.is_truthy(), "{falsy:?}");
        }
        for truthy in [
            V::Number(-1.0),
            V::String("0".into()),
            V::Boolean(true),
            V::Object(7),
        ] {
            assert!(truthy.is_truthy(), "{truthy:?}");
        }
    }

    #[test]
    fn loose_equality_converts_numbers_strings_and_booleans() {
        assert!(V::Number(5.0).loose_eq(&V::String(" 5 ".into())));
        assert!(V::String("".into()).loose_eq(&V::Number(0.0)));
        assert!(V::Boolean(true).loose_eq(&V::Number(1.0)));
        assert!(V::String("1".into()).loose_eq(&V::Boolean(true)));
        assert!(V::Boolean(false).loose_eq(&V::Boolean(false)));
        assert!(!V::Null.loose_eq(&V::Number(0.0)));
        assert!(!V::String("abc".into()).loose_eq(&V::Number(f64::NAN)));
        assert!(!V::Object(1).loose_eq(&V::Number(1.0)));
    }

    #[test]
    fn strict_equality_never_converts() {
        assert!(!V::Number(5.0).strict_eq(&V::String("5".into())));
        assert!(V::Object(3).strict_eq(&V::Object(3)));
        assert!(!V::Number(f64::NAN).strict_eq(&V::Number(f64::NAN)));
    }

    #[test]
    fn values_describe_themselves_for_errors() {
        assert_eq!(V::String("a".into()).describe(), "the text 'a'");
        assert_eq!(V::Number(2.0).describe(), "the number 2");
        assert_eq!(V::Boolean(true).describe(), "the value true");
        assert_eq!(V::Object(1).describe(), "a character or a property");
        assert_eq!(V::Null.to_js_string().as_deref(), Some("null"));
    }
}

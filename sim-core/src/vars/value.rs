//! [`Value`]: what a script hands to a GVar method and what it gets back.

use std::fmt;

/// A plain script value: a method argument, a method result, or a GVar's current value.
///
/// Scripts are loosely typed (GEMSTEP inherits JavaScript's habits), so the
/// conversions below accept the spellings real scripts use: an identifier such as
/// `Infinity` or `Algae` arrives as text and still works where a number or a name is
/// expected.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Value {
    /// A number (scripts have one number type, like JavaScript).
    Number(f64),
    /// Text.
    String(String),
    /// `true` or `false`.
    Boolean(bool),
    /// No value (`null` in a script, or a cleared dictionary lookup).
    Null,
}

/// The kinds of [`Value`] a method argument or result may have, for checking and for
/// the wizard's argument pickers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// A number.
    Number,
    /// Text.
    String,
    /// `true` or `false`.
    Boolean,
    /// Any number, text or true/false.
    Any,
}

impl Value {
    /// The number this value stands for: a number, or text that spells a number
    /// (`"12"`, `"-0.5"`, `"Infinity"`). Not-a-number is never a number.
    pub fn as_number(&self) -> Option<f64> {
        let number = match self {
            Value::Number(n) => *n,
            Value::String(text) => parse_number(text)?,
            Value::Boolean(_) | Value::Null => return None,
        };
        (!number.is_nan()).then_some(number)
    }

    /// The truth this value stands for: `true`/`false`, or the text `"true"`/`"false"`.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Boolean(b) => Some(*b),
            Value::String(text) if text == "true" => Some(true),
            Value::String(text) if text == "false" => Some(false),
            _ => None,
        }
    }

    /// The text of a number, text or truth value (numbers print as scripts expect:
    /// `5`, not `5.0`). `Null` has no text.
    pub fn as_text(&self) -> Option<String> {
        match self {
            Value::Null => None,
            Value::String(text) => Some(text.clone()),
            other => Some(other.to_string()),
        }
    }

    /// Whether this value can be used where `kind` is expected.
    pub fn fits(&self, kind: ValueKind) -> bool {
        match kind {
            ValueKind::Number => self.as_number().is_some(),
            ValueKind::String => self.as_text().is_some(),
            ValueKind::Boolean => self.as_bool().is_some(),
            ValueKind::Any => !matches!(self, Value::Null),
        }
    }

    /// A short description for error messages: `the number 5`, `the text 'abc'`.
    pub fn describe(&self) -> String {
        match self {
            Value::Number(_) => format!("the number {self}"),
            Value::String(text) => format!("the text '{}'", truncate(text)),
            Value::Boolean(_) => format!("the value {self}"),
            Value::Null => "nothing (null)".to_string(),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(n) => write_number(f, *n),
            Value::String(text) => f.write_str(text),
            Value::Boolean(b) => write!(f, "{b}"),
            Value::Null => f.write_str("null"),
        }
    }
}

impl fmt::Display for ValueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueKind::Number => "a number",
            ValueKind::String => "text",
            ValueKind::Boolean => "true or false",
            ValueKind::Any => "a number, text or true/false",
        })
    }
}

/// Reads the number spellings scripts use; `Infinity` is JavaScript's, and Rust's own
/// `inf`/`nan` spellings are not script spellings.
fn parse_number(text: &str) -> Option<f64> {
    let text = text.trim();
    match text {
        "Infinity" | "+Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        _ if text.chars().any(|c| c.is_ascii_digit()) => {
            let n: f64 = text.parse().ok()?;
            n.is_finite().then_some(n)
        }
        _ => None,
    }
}

/// Whole numbers print without a decimal point, like JavaScript prints them.
fn write_number(f: &mut fmt::Formatter<'_>, n: f64) -> fmt::Result {
    if n.is_infinite() {
        f.write_str(if n > 0.0 { "Infinity" } else { "-Infinity" })
    } else if n == 0.0 {
        f.write_str("0")
    } else {
        write!(f, "{n}")
    }
}

/// Long text is cut in error messages so one huge value cannot flood the screen.
fn truncate(text: &str) -> String {
    const LIMIT: usize = 40;
    match text.char_indices().nth(LIMIT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Value {
        Value::String(s.to_string())
    }

    #[test]
    fn numbers_print_like_scripts_expect() {
        assert_eq!(Value::Number(5.0).to_string(), "5");
        assert_eq!(Value::Number(-0.0).to_string(), "0");
        assert_eq!(Value::Number(0.25).to_string(), "0.25");
        assert_eq!(Value::Number(f64::INFINITY).to_string(), "Infinity");
        assert_eq!(Value::Number(f64::NEG_INFINITY).to_string(), "-Infinity");
    }

    #[test]
    fn text_that_spells_a_number_is_a_number() {
        assert_eq!(text("12").as_number(), Some(12.0));
        assert_eq!(text(" -0.5 ").as_number(), Some(-0.5));
        assert_eq!(text("Infinity").as_number(), Some(f64::INFINITY));
        assert_eq!(text("-Infinity").as_number(), Some(f64::NEG_INFINITY));
        assert_eq!(text("inf").as_number(), None);
        assert_eq!(text("NaN").as_number(), None);
        assert_eq!(text("ten").as_number(), None);
        assert_eq!(
            text("1e999").as_number(),
            None,
            "overflowing text is not a number"
        );
        assert_eq!(Value::Number(f64::NAN).as_number(), None);
        assert_eq!(Value::Boolean(true).as_number(), None);
        assert_eq!(Value::Null.as_number(), None);
    }

    #[test]
    fn truth_comes_from_booleans_and_their_spellings() {
        assert_eq!(Value::Boolean(false).as_bool(), Some(false));
        assert_eq!(text("true").as_bool(), Some(true));
        assert_eq!(text("yes").as_bool(), None);
        assert_eq!(Value::Number(1.0).as_bool(), None);
    }

    #[test]
    fn kinds_accept_their_values() {
        assert!(Value::Number(1.0).fits(ValueKind::String));
        assert!(text("3").fits(ValueKind::Number));
        assert!(!text("x").fits(ValueKind::Number));
        assert!(!Value::Null.fits(ValueKind::Any));
        assert!(Value::Boolean(true).fits(ValueKind::Any));
    }

    #[test]
    fn descriptions_name_the_value_and_cut_long_text() {
        assert_eq!(Value::Number(2.5).describe(), "the number 2.5");
        assert_eq!(text("abc").describe(), "the text 'abc'");
        let long = "é".repeat(100);
        assert_eq!(
            text(&long).describe().chars().count(),
            "the text ''".len() + 41
        );
    }
}

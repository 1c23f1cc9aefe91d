//! The values a varied prop takes, read from the text a teacher writes: a list (`1,2,3`,
//! `true,false`, `consumer,producer`) or a range (`0.1..0.5:0.1`).

use crate::vars::Value;

/// The most values one prop may take in an experiment.
pub const MAX_VALUES: usize = 1_000;

/// The values `text` lists, in order.
pub fn parse_values(text: &str) -> Result<Vec<Value>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("no values (write them like 1,2,3 or 0.1..0.5:0.1)".to_string());
    }
    if text.contains("..") {
        return range(text);
    }
    let items: Vec<&str> = text.split(',').map(str::trim).collect();
    if items.len() > MAX_VALUES {
        return Err(format!(
            "{} values; a prop may take at most {MAX_VALUES}",
            items.len()
        ));
    }
    items.into_iter().map(item).collect()
}

/// One listed value: `true`/`false`, a number, or text (quotes, if any, taken off).
fn item(text: &str) -> Result<Value, String> {
    if text.is_empty() {
        return Err("an empty value in the list (two commas in a row?)".to_string());
    }
    Ok(match text {
        "true" => Value::Boolean(true),
        "false" => Value::Boolean(false),
        _ => match number(text) {
            Some(n) => Value::Number(n),
            None => Value::String(unquoted(text).to_string()),
        },
    })
}

fn unquoted(text: &str) -> &str {
    for quote in ['\'', '"'] {
        if let Some(inner) = text.strip_prefix(quote).and_then(|t| t.strip_suffix(quote)) {
            return inner;
        }
    }
    text
}

/// A finite number written in decimal (`inf` and `NaN`, which Rust also reads, are text).
fn number(text: &str) -> Option<f64> {
    let plain = text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'));
    text.parse::<f64>().ok().filter(|n| plain && n.is_finite())
}

/// `low..high:step` (`:step` left out steps by 1): every value from `low` up to `high`,
/// both included. Each is `low + i × step` rounded to the decimals the ends and the step
/// are written with, so `0.1..0.5:0.1` gives 0.3, not 0.30000000000000004.
fn range(text: &str) -> Result<Vec<Value>, String> {
    let bad = || format!("'{text}' is not a range like 0.1..0.5:0.1");
    let (low, rest) = text.split_once("..").ok_or_else(bad)?;
    let (high, step) = rest.split_once(':').unwrap_or((rest, "1"));
    let [low, high, step] = [low, high, step].map(str::trim);
    let (Some(lo), Some(hi), Some(by)) = (number(low), number(high), number(step)) else {
        return Err(bad());
    };
    if by <= 0.0 {
        return Err(format!("the step of '{text}' must be above 0"));
    }
    if hi < lo {
        return Err(format!("the range '{text}' ends below where it starts"));
    }
    // A whisker of slack, so 0.1..0.5:0.1 reaches 0.5 despite rounding.
    let steps = ((hi - lo) / by * (1.0 + 1e-9)).floor();
    if steps + 1.0 > MAX_VALUES as f64 {
        return Err(format!(
            "'{text}' gives {} values; a prop may take at most {MAX_VALUES}",
            steps + 1.0
        ));
    }
    let places = [low, high, step].map(decimals).into_iter().max().flatten();
    let round = |v: f64| match places {
        Some(d) => {
            let scale = 10f64.powi(d);
            (v * scale).round() / scale
        }
        None => v,
    };
    Ok((0..=steps as usize)
        .map(|i| Value::Number(round(lo + i as f64 * by).min(hi)))
        .collect())
}

/// The places after the decimal point `text` is written with (`None` for an exponent, which
/// is left unrounded, or more places than a double holds).
fn decimals(text: &str) -> Option<i32> {
    if text.contains(['e', 'E']) {
        return None;
    }
    let places = text.split_once('.').map_or(0, |(_, after)| after.len());
    i32::try_from(places).ok().filter(|p| *p <= 15)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<f64> {
        parse_values(text)
            .unwrap()
            .iter()
            .map(|v| v.as_number().unwrap())
            .collect()
    }

    #[test]
    fn a_list_reads_numbers_flags_and_text() {
        assert_eq!(numbers("1, 2,3"), [1.0, 2.0, 3.0]);
        assert_eq!(
            parse_values("true,false,'consumer',producer").unwrap(),
            [
                Value::Boolean(true),
                Value::Boolean(false),
                Value::String("consumer".into()),
                Value::String("producer".into())
            ]
        );
        assert_eq!(parse_values("inf").unwrap(), [Value::String("inf".into())]);
    }

    #[test]
    fn a_range_includes_both_ends_without_rounding_noise() {
        assert_eq!(numbers("0.1..0.5:0.1"), [0.1, 0.2, 0.3, 0.4, 0.5]);
        assert_eq!(numbers("1..3"), [1.0, 2.0, 3.0]);
        assert_eq!(numbers("0..1:0.25"), [0.0, 0.25, 0.5, 0.75, 1.0]);
        assert_eq!(numbers("-1..1:0.7"), [-1.0, -0.3, 0.4]);
        assert_eq!(numbers("2..2:5"), [2.0]);
    }

    #[test]
    fn bad_values_say_what_is_wrong() {
        for (text, says) in [
            ("", "no values"),
            ("1,,2", "empty value"),
            ("1..0", "ends below"),
            ("0..1:0", "above 0"),
            ("0..1:-1", "above 0"),
            ("a..b", "not a range"),
            ("0..100000", "at most 1000"),
            ("0..1:1e-300", "at most 1000"),
        ] {
            let err = parse_values(text).unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
        let many = vec!["1"; MAX_VALUES + 1].join(",");
        assert!(parse_values(&many).unwrap_err().contains("at most"));
    }
}

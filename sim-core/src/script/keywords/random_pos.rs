//! `randomPos min max [whole]`: moves the character to a random spot.

use super::shared::line_args;
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{Arg, StmtKind};
use crate::script::unparse::{value_token, word};
use crate::script::{ScriptUnit, Token};
use crate::vars::Value;

const ARGS: &[ArgSpec] = &[
    ArgSpec::one("min", ArgKind::Number, "The smallest x or y it may pick."),
    ArgSpec::one("max", ArgKind::Number, "The largest x or y it may pick."),
    ArgSpec::optional(
        "whole",
        ArgKind::Boolean,
        "true to pick whole numbers only.",
    ),
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "randomPos",
    aliases: &[],
    help: "Moves the character to a random place, with x and y between min and max.",
    example: "# PROGRAM INIT\nrandomPos -300 300",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let values = line_args(cx, &KEYWORD, head, args)?;
    let literal = |i: usize| match values.get(i) {
        Some(Arg::Literal(v)) => Some(v.clone()),
        _ => None,
    };
    match (literal(0), literal(1), literal(2)) {
        (Some(Value::Number(min)), Some(Value::Number(max)), whole) => {
            Ok(Compiled::Stmt(StmtKind::RandomPos {
                min,
                max,
                whole: whole == Some(Value::Boolean(true)),
            }))
        }
        _ => Err(cx.expected(head, "min", "numbers written out")),
    }
}

/// `randomPos min max [true]`.
pub(crate) fn print(min: f64, max: f64, whole: bool) -> ScriptUnit {
    let mut unit = vec![
        word(KEYWORD.name),
        value_token(&Value::Number(min)),
        value_token(&Value::Number(max)),
    ];
    if whole {
        unit.push(value_token(&Value::Boolean(true)));
    }
    unit
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, assert_warning};

    #[test]
    fn random_pos_takes_two_numbers_and_an_optional_flag() {
        assert_ok("randomPos -100 100\nrandomPos 0 10 true");
        assert_error("randomPos 1", "randomPos expects 2 to 3 arguments, got 1");
        assert_error(
            "randomPos 'a' 1",
            "randomPos: 'min' must be a number, not the text 'a'",
        );
        assert_warning(
            "randomPos 1 2 3",
            "'whole' takes the number 3 as true, as GEMSTEP does",
        );
    }
}

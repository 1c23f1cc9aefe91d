//! `randomPos min max [whole]`: moves the character to a random spot.

use super::shared::line_args;
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{describe_token, Checked, Compiling};
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
        _ => {
            // The first of min and max that is not a number written out, or min.
            let i = usize::from(matches!(literal(0), Some(Value::Number(_))));
            let got = args
                .get(i)
                .map_or_else(|| "nothing".to_owned(), describe_token);
            let expected = "a number written out, like 300 (not a property or a {{ }})";
            Err(cx.expected_instead(head, got, ARGS[i].name, expected))
        }
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
        assert_error(
            "randomPos 1",
            "randomPos needs 2 or 3 arguments (min, max and maybe whole), but this line gives it 1",
        );
        assert_error(
            "randomPos 'a' 1",
            "'min' in randomPos must be a number, not the text 'a'",
        );
        assert_warning(
            "randomPos 1 2 3",
            "'whole' takes true or false, so the number 3 is read as true here",
        );
    }
}

//! `dbgError 'message'`: stops the line with an error message on purpose, to flag a
//! situation that should never happen.

use super::shared::line_args;
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{Arg, StmtKind};
use crate::script::unparse::{value_token, word};
use crate::script::{ScriptUnit, Token};
use crate::vars::Value;

const ARGS: &[ArgSpec] = &[ArgSpec::one("message", ArgKind::Text, "What went wrong.")];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "dbgError",
    aliases: &[],
    help: "Reports a script error with your own message, to flag something that should not happen.",
    example: "ifProp energy lessThan 0 [[\n  dbgError 'energy should never go below 0'\n]]",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let values = line_args(cx, &KEYWORD, head, args)?;
    match values.first() {
        Some(Arg::Literal(Value::String(text))) => {
            Ok(Compiled::Stmt(StmtKind::DbgError(text.clone())))
        }
        _ => Err(cx.expected(
            args.first().unwrap_or(head),
            "message",
            "text in quotes, like 'oops'",
        )),
    }
}

/// `dbgError 'message'`.
pub(crate) fn print(message: &str) -> ScriptUnit {
    vec![
        word(KEYWORD.name),
        value_token(&Value::String(message.to_owned())),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok};

    #[test]
    fn dbg_error_takes_one_message() {
        assert_ok("dbgError 'should not happen'");
        assert_error(
            "dbgError",
            "dbgError needs 1 argument (message), but this line gives it none",
        );
        assert_error(
            "dbgError 4",
            "'message' in dbgError must be text in quotes, like 'oops', not the number 4",
        );
    }
}

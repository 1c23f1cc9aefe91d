//! `if {{ test }} [[ then ]] [[ otherwise ]]`, or `if [[ test ]] [[ then ]] ...` where the
//! test block leaves its answer on the stack. Printed back by `ifExpr`'s printer.

use super::shared::{if_stmt, split_test, OTHERWISE, THEN};
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::Test;
use crate::script::{Token, TokenKind};

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "test",
        ArgKind::Any,
        "A formula in {{ }}, or lines in [[ ]] that leave true or false on the stack.",
    ),
    THEN,
    OTHERWISE,
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "if",
    aliases: &[],
    help: "Runs the lines below it if the test is true (and the second block if it is false).",
    example: "if {{ agent.getProp('energy').value > 80 }} [[\n  featProp Costume glow setTo 1\n]]",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let (test, blocks) = split_test(cx, &KEYWORD, head, args, "a test")?;
    let test = match &test.kind {
        TokenKind::Block(units) => Ok(Test::Block(cx.block(units))),
        TokenKind::Expr(_) => cx.expr(test).map(Test::Expr),
        _ => Err(cx.expected(test, "test", "an expression in {{ }} or a block in [[ ]]")),
    };
    if_stmt(cx, test, blocks, head)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok};

    #[test]
    fn if_takes_an_expression_or_a_block_as_its_test() {
        assert_ok("if {{ agent.x > 0 }} [[\n  prop x setTo 0\n]]\nif [[\n  exprPush {{ true }}\n]] [[\n  prop x setTo 1\n]]");
        assert_error("if", "if needs 2 or 3 arguments (test, then and maybe otherwise), but this line gives it none");
        assert_error(
            "if 'yes' [[\n]]",
            "'test' in if must be an expression in {{ }} or a block in [[ ]], not the text 'yes'",
        );
    }
}

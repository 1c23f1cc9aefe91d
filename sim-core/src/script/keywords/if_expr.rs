//! `ifExpr {{ test }} [[ then ]] [[ otherwise ]]`: runs a block when a formula is true, and
//! optionally another when it is false. Also prints every kind of `if` statement back.

use super::shared::{if_stmt, split_test, OTHERWISE, THEN};
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{Stmt, Test};
use crate::script::unparse::{block_token, expr_token, word};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "test",
        ArgKind::Expr,
        "A formula that is true or false, like {{ agent.x > 0 }}.",
    ),
    THEN,
    OTHERWISE,
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "ifExpr",
    aliases: &[],
    help: "Works out a formula and runs the lines below it if the answer is true.",
    example: "ifExpr {{ agent.getProp('energy').value < 10 }} [[\n  prop hungry setTo true\n]]",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let (test, blocks) = split_test(cx, &KEYWORD, head, args, "an expression")?;
    let test = cx.expr(test).map(Test::Expr);
    if_stmt(cx, test, blocks, head)
}

/// Any `if` statement: `ifExpr`, `if`, `ifProp` or `ifFeatProp`, depending on its test.
pub(crate) fn print(test: &Test, then: &[Stmt], otherwise: &[Stmt]) -> ScriptUnit {
    let mut unit = match test {
        Test::Expr(e) => vec![word(KEYWORD.name), expr_token(&e.text)],
        Test::Block(stmts) => vec![word(super::if_keyword::KEYWORD.name), block_token(stmts)],
        Test::Prop(r, call) => super::if_prop::print_test(r, call),
        Test::FeatProp(r, call) => super::if_feat_prop::print_test(r, call),
    };
    unit.push(block_token(then));
    if !otherwise.is_empty() {
        unit.push(block_token(otherwise));
    }
    unit
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, compile};
    use crate::script::program::StmtKind;

    #[test]
    fn if_expr_takes_a_test_and_one_or_two_blocks() {
        assert_ok("ifExpr {{ agent.x > 0 }} [[\n  prop x setTo 0\n]] [[\n  prop x setTo 1\n]]");
        let bp = compile("ifExpr {{ true }} [[\n  prop x setTo 0\n]] // trailing note").unwrap();
        assert!(
            matches!(&bp.update[0].kind, StmtKind::If { then, otherwise, .. } if then.len() == 1 && otherwise.is_empty())
        );
        assert_error(
            "ifExpr {{ true }}",
            "ifExpr needs 2 or 3 arguments (test, then and maybe otherwise), but this line gives it 1",
        );
        assert_error(
            "ifExpr 1 [[\n]]",
            "'expression' in ifExpr must be an expression in {{ }}, not the number 1",
        );
        assert_error(
            "ifExpr {{ true }} 5",
            "'then' in ifExpr must be lines in a [[ ]] block, not the number 5",
        );
        assert_error(
            "ifExpr {{ true }} [[\n  prop enrgy add 1\n]]",
            "Fish has no property 'enrgy' — did you mean 'energy'?",
        );
    }
}

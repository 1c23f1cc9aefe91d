//! `exprPush {{ e }}`: works out an expression and puts the result on the stack.

use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{ScriptExpr, StmtKind};
use crate::script::unparse::{expr_token, word};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[ArgSpec::one(
    "expression",
    ArgKind::Expr,
    "A formula, like {{ agent.x + 10 }}.",
)];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "exprPush",
    aliases: &[],
    help:
        "Works out a formula and saves the answer on a list (the stack) for propPop or featPropPop.",
    example: "exprPush {{ agent.x + 10 }}\npropPop x",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, ARGS, head, args)?;
    let token = args
        .first()
        .ok_or_else(|| cx.missing(head, "expression", "an expression in {{ }}"))?;
    Ok(Compiled::Stmt(StmtKind::ExprPush(cx.expr(token)?)))
}

/// `exprPush {{ e }}`.
pub(crate) fn print(expr: &ScriptExpr) -> ScriptUnit {
    vec![word(KEYWORD.name), expr_token(&expr.text)]
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, errors};

    #[test]
    fn expr_push_needs_one_expression_that_parses() {
        assert_ok("exprPush {{ agent.getProp('energy').value * 2 }}");
        assert_error(
            "exprPush",
            "exprPush needs 1 argument (expression), but this line gives it none",
        );
        assert_error(
            "exprPush 5",
            "'expression' in exprPush must be an expression in {{ }}, not the number 5",
        );
        assert_eq!(errors("exprPush {{ 1 + }}").len(), 1);
    }
}

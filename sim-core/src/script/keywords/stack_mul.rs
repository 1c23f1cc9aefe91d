//! `stackMul`: takes the last two saved values off the stack, multiplies them, and saves the answer.

use super::shared::no_args;
use super::{Compiled, Keyword};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{StackOp, StmtKind};
use crate::script::unparse::word;
use crate::script::{ScriptUnit, Token};

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "stackMul",
    aliases: &[],
    help: "Takes the last two saved values off the list (the stack), multiplies them, and saves the answer.",
    example: "featPropPush Costume scale\nexprPush {{ 2 }}\nstackMul\nfeatPropPop Costume scale",
    args: &[],
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    no_args(cx, &KEYWORD, head, args, StmtKind::Stack(StackOp::Mul))
}

/// `stackMul`.
pub(crate) fn print() -> ScriptUnit {
    vec![word(KEYWORD.name)]
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_ok, assert_warning};

    #[test]
    fn stack_mul_takes_no_arguments() {
        assert_ok("stackMul");
        assert_warning(
            "stackMul 1",
            "stackMul takes no arguments, but this line gives it 1; it is ignored",
        );
    }
}

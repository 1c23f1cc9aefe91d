//! `dbgStack`: Prints the list of saved values (the stack) to the debugging console.

use super::shared::no_args;
use super::{Compiled, Keyword};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::StmtKind;
use crate::script::unparse::word;
use crate::script::{ScriptUnit, Token};

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "dbgStack",
    aliases: &[],
    help: "Prints the list of saved values (the stack) to the debugging console.",
    example: "propPush energy\ndbgStack",
    args: &[],
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    no_args(cx, &KEYWORD, head, args, StmtKind::DbgStack)
}

/// `dbgStack`.
pub(crate) fn print() -> ScriptUnit {
    vec![word(KEYWORD.name)]
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_ok, assert_warning};

    #[test]
    fn dbg_stack_takes_no_arguments() {
        assert_ok("dbgStack");
        assert_warning(
            "dbgStack 1",
            "dbgStack takes no arguments, but this line gives it 1; it is ignored",
        );
    }
}

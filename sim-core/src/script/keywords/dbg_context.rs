//! `dbgContext`: Prints which characters this line can name to the debugging console.

use super::shared::no_args;
use super::{Compiled, Keyword};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::StmtKind;
use crate::script::unparse::word;
use crate::script::{ScriptUnit, Token};

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "dbgContext",
    aliases: &[],
    help: "Prints which characters this line can name to the debugging console.",
    example: "when Fish touches Algae [[\n  dbgContext\n]]",
    args: &[],
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    no_args(cx, &KEYWORD, head, args, StmtKind::DbgContext)
}

/// `dbgContext`.
pub(crate) fn print() -> ScriptUnit {
    vec![word(KEYWORD.name)]
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_ok, assert_warning};

    #[test]
    fn dbg_context_takes_no_arguments() {
        assert_ok("dbgContext");
        assert_warning(
            "dbgContext 1",
            "dbgContext takes no arguments, but this line gives it 1; it is ignored",
        );
    }
}

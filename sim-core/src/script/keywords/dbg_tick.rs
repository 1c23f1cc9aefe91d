//! `dbgTick`: GEMSTEP's debugging keyword that only counts, per agent, how often it ran, in
//! a counter nothing reads. Accepted so GEMSTEP scripts that use it run; it changes nothing.

use super::shared::no_args;
use super::{Compiled, Keyword};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::StmtKind;
use crate::script::unparse::word;
use crate::script::{ScriptUnit, Token};

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "dbgTick",
    aliases: &[],
    help: "A debugging line from GEMSTEP that does nothing you can see; safe to remove.",
    example: "dbgTick",
    args: &[],
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    no_args(cx, &KEYWORD, head, args, StmtKind::DbgTick)
}

/// `dbgTick`.
pub(crate) fn print() -> ScriptUnit {
    vec![word(KEYWORD.name)]
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_ok, assert_warning};

    #[test]
    fn dbg_tick_takes_no_arguments() {
        assert_ok("dbgTick");
        assert_warning(
            "dbgTick 1",
            "dbgTick takes no arguments, but this line gives it 1; it is ignored",
        );
    }
}

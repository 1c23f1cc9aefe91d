//! `dbgOut values`: prints values to the debugging console.

use super::shared::line_args;
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{Arg, StmtKind};
use crate::script::unparse::{arg_token, word};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[ArgSpec::rest(
    "values",
    ArgKind::Any,
    "Text, numbers or formulas to print.",
)];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "dbgOut",
    aliases: &[],
    help: "Prints text or values to the debugging console, to help find mistakes.",
    example: "dbgOut 'energy is' {{ agent.getProp('energy').value }}",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let values = line_args(cx, &KEYWORD, head, args)?;
    Ok(Compiled::Stmt(StmtKind::DbgOut(values)))
}

/// `dbgOut values`.
pub(crate) fn print(values: &[Arg]) -> ScriptUnit {
    std::iter::once(word(KEYWORD.name))
        .chain(values.iter().map(arg_token))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok};

    #[test]
    fn dbg_out_prints_any_values_but_not_blocks() {
        assert_ok("dbgOut 'energy' {{ agent.getProp('energy').value }} 3\ndbgOut");
        assert_error(
            "dbgOut [[\n]]",
            "'values' in dbgOut must be a value (a number, text, or true or false), not a [[ ]] block",
        );
    }
}

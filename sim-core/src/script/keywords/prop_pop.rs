//! `propPop ref`: takes the value on top of the stack and puts it in a property (after
//! `exprPush`, `propPush` or `featPropPush`).

use super::shared::{only_prop_ref, prop_unit};
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{PropRef, StmtKind};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[ArgSpec::one(
    "prop",
    ArgKind::PropRef,
    "The property that receives the value.",
)];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "propPop",
    aliases: &[],
    help: "Takes the last saved value off the list (the stack) and puts it in a property.",
    example: "exprPush {{ agent.getProp('energy').value + 10 }}\npropPop energy",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let reference = only_prop_ref(cx, &KEYWORD, head, args)?;
    Ok(Compiled::Stmt(StmtKind::PropPop(reference)))
}

/// `propPop ref`.
pub(crate) fn print(reference: &PropRef) -> ScriptUnit {
    prop_unit(KEYWORD.name, reference)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok};

    #[test]
    fn prop_pop_takes_exactly_one_known_prop() {
        assert_ok("exprPush {{ 1 }}\npropPop agent.energy");
        assert_error(
            "propPop",
            "propPop needs 1 argument (prop), but this line gives it none",
        );
        assert_error(
            "propPop engy",
            "Fish has no property 'engy' (make it with addProp in # PROGRAM DEFINE)",
        );
        assert_error("propPop {{ 1 }}", "'prop' in propPop must be a property, like energy, agent.energy or Fish.energy, not an expression in {{ }}");
    }
}

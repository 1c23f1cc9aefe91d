//! `propPush ref`: puts a property's value on the stack, for a later `propPop` or
//! `featPropPop`.

use super::shared::{only_prop_ref, prop_unit};
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{PropRef, StmtKind};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[ArgSpec::one(
    "prop",
    ArgKind::PropRef,
    "The property whose value to save.",
)];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "propPush",
    aliases: &[],
    help: "Saves a property's value on a list (the stack), to use on a later line.",
    example: "propPush energy\nfeatPropPop Graphing graphValue",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let reference = only_prop_ref(cx, &KEYWORD, head, args)?;
    Ok(Compiled::Stmt(StmtKind::PropPush(reference)))
}

/// `propPush ref`.
pub(crate) fn print(reference: &PropRef) -> ScriptUnit {
    prop_unit(KEYWORD.name, reference)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, assert_warning};

    #[test]
    fn prop_push_takes_exactly_one_known_prop() {
        assert_ok("propPush energy\npropPush agent.x");
        assert_error(
            "propPush",
            "propPush needs 1 argument (prop), but this line gives it none",
        );
        assert_warning(
            "propPush energy x",
            "propPush takes 1 argument, but this line gives it 2; the extra one is ignored",
        );
        assert_error(
            "propPush enrgy",
            "Fish has no property 'enrgy' — did you mean 'energy'?",
        );
        assert_error("propPush 'energy'", "'prop' in propPush must be a property, like energy, agent.energy or Fish.energy, not the text 'energy'");
    }
}

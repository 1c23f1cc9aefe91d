//! `prop ref method args` (older: `call`): changes one of this character's properties, or
//! another character's inside a `when`.

use super::shared::prop_call_unit;
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{MethodCall, PropRef, StmtKind};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "prop",
        ArgKind::PropRef,
        "The property: energy, agent.energy, or Fish.energy inside a when.",
    ),
    ArgSpec::one(
        "method",
        ArgKind::Method,
        "What to do to it: setTo, add, sub ...",
    ),
    ArgSpec::rest(
        "values",
        ArgKind::Any,
        "What the method needs, like the number to add.",
    ),
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "prop",
    aliases: &["call"],
    help: "Sets or changes a property of this character.",
    example: "prop energy sub 1",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, ARGS, head, args)?;
    let [reference, method, rest @ ..] = args else {
        return Err(cx.missing(head, "prop", "a property and a method"));
    };
    let (reference, ty) = cx.prop_ref(reference)?;
    let call = cx.method_call(ty, method, rest)?;
    Ok(Compiled::Stmt(StmtKind::Prop(reference, call)))
}

/// `prop ref method args`.
pub(crate) fn print(reference: &PropRef, call: &MethodCall) -> ScriptUnit {
    prop_call_unit(KEYWORD.name, reference, call)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, assert_warning};

    #[test]
    fn prop_checks_the_prop_the_method_and_its_arguments() {
        assert_ok("prop energy setTo 5\nprop agent.energy add {{ agent.x }}\ncall x sub 1\nprop label setTo Algae");
        assert_error("prop energy", "prop needs at least 2 arguments (prop, method and maybe values), but this line gives it 1");
        assert_error(
            "prop enrgy add 1",
            "Fish has no property 'enrgy' — did you mean 'energy'?",
        );
        assert_warning(
            "prop energy setTo 1 2",
            "setTo takes 1 argument, but this line gives it 2; the extra one is ignored",
        );
        assert_error(
            "prop energy ad 1",
            "a Number property has no method 'ad' — did you mean 'add'?",
        );
        assert_error(
            "prop energy setTo 'lots'",
            "'value' in setTo must be a number, not the text 'lots'",
        );
        assert_warning(
            "prop hungry setTo 3",
            "'value' takes true or false, so the number 3 is read as true here",
        );
        assert_error(
            "prop hungry setTo 'very'",
            "'value' in setTo must be true or false, not the text 'very'",
        );
    }

    #[test]
    fn other_blueprints_are_only_named_inside_a_when_that_names_them() {
        assert_error(
            "prop Algae.energyLevel sub 1",
            "'Algae' is no character here: use it only inside a 'when' that names Algae",
        );
        assert_error(
            "prop Algea.energyLevel sub 1",
            "there is no blueprint 'Algea' — did you mean 'Algae'?",
        );
        assert_ok("prop Fish.energy add 1");
    }
}

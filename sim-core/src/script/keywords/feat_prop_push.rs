//! `featPropPush Feature prop`: puts a feature property's value on the stack.

use super::shared::{feat_prop_unit, only_feat_prop_ref};
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{FeatPropRef, StmtKind};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[ArgSpec::one(
    "feature prop",
    ArgKind::FeatPropRef,
    "The feature property whose value to save, like Costume colorScaleIndex.",
)];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "featPropPush",
    aliases: &[],
    help: "Saves a feature property's value on a list (the stack), to use on a later line.",
    example: "featPropPush Costume scale\nfeatPropPop Graphing graphValue",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let reference = only_feat_prop_ref(cx, KEYWORD.name, head, args)?;
    Ok(Compiled::Stmt(StmtKind::FeatPropPush(reference)))
}

/// `featPropPush Feature prop`.
pub(crate) fn print(reference: &FeatPropRef) -> ScriptUnit {
    feat_prop_unit(KEYWORD.name, reference)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, assert_warning};

    #[test]
    fn feat_prop_push_takes_one_feature_prop_and_ignores_the_rest() {
        assert_ok("featPropPush Costume colorScaleIndex\nfeatPropPush Movement.direction");
        assert_error(
            "featPropPush",
            "featPropPush needs a feature property, like Costume scale, but this line gives it none",
        );
        assert_warning(
            "featPropPush Costume glow 1",
            "featPropPush takes 1 argument, but this line gives it 2; the extra one is ignored",
        );
        assert_error(
            "featPropPush Costume glw",
            "the feature Costume has no property 'glw' — did you mean 'glow'?",
        );
    }
}

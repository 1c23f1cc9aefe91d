//! `ifFeatProp Feature prop test value [[ then ]] [[ otherwise ]]`: runs a block when a
//! comparison on a feature property is true.

use super::if_prop::{comparison, split_blocks};
use super::shared::{feat_prop_call_unit, if_stmt, COMPARED_WITH, COMPARISON};
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{FeatPropRef, MethodCall, Test};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "feature prop",
        ArgKind::FeatPropRef,
        "The feature property to check.",
    ),
    COMPARISON,
    COMPARED_WITH,
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "ifFeatProp",
    aliases: &[],
    help: "Checks a feature property of this character and runs the lines below it if the check is true.",
    example: "ifFeatProp Costume scale greaterThan 3 [[\n  featProp Costume scale setTo 3\n]]",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, ARGS, head, args)?;
    let (test_args, blocks) = split_blocks(args);
    let (reference, ty, used) = cx.feat_prop_ref(test_args, head)?;
    let Some((method, values)) = test_args.get(used..).and_then(<[Token]>::split_first) else {
        return Err(cx.missing(head, "test", "a comparison, like equal or greaterThan"));
    };
    let call = comparison(cx, Some(ty), method, values)?;
    if_stmt(cx, Ok(Test::FeatProp(reference, call)), blocks, head)
}

/// `ifFeatProp Feature prop test values` (the blocks are added by the caller).
pub(crate) fn print_test(reference: &FeatPropRef, call: &MethodCall) -> ScriptUnit {
    feat_prop_call_unit(KEYWORD.name, reference, call)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok};

    #[test]
    fn if_feat_prop_needs_a_feature_prop_a_comparison_and_a_block() {
        assert_ok("ifFeatProp Movement direction equal 90 [[\n  prop x add 1\n]]");
        assert_error(
            "ifFeatProp Movement",
            "ifFeatProp needs at least 2 arguments (feature prop, test and maybe values), but this line gives it 1",
        );
        assert_error(
            "ifFeatProp Movement direction setTo 1 [[\n]]",
            "'setTo' changes the property, so it cannot be a test: use a comparison, such as equal or greaterThan",
        );
        assert_error(
            "ifFeatProp Movement speed equal 1 [[\n]]",
            "the feature Movement has no property 'speed'",
        );
    }
}

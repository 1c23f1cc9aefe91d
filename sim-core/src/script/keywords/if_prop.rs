//! `ifProp ref test value [[ then ]] [[ otherwise ]]`: runs a block when a comparison on a
//! property is true, like `ifProp energy greaterThan 50 [[ ... ]]`.

use super::shared::{if_stmt, prop_call_unit, COMPARED_WITH, COMPARISON};
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::{MethodCall, PropRef, Test};
use crate::script::{ScriptUnit, Token, TokenKind};
use crate::vars::VarType;

const ARGS: &[ArgSpec] = &[
    ArgSpec::one("prop", ArgKind::PropRef, "The property to check."),
    COMPARISON,
    COMPARED_WITH,
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "ifProp",
    aliases: &[],
    help: "Checks a property of this character and runs the lines below it if the check is true.",
    example: "ifProp energy lessThan 10 [[\n  prop hungry setTo true\n]]",
    args: ARGS,
    compile,
};

/// Splits `args` into the leading ones and the trailing blocks.
pub(crate) fn split_blocks(args: &[Token]) -> (&[Token], &[Token]) {
    let first_block = args
        .iter()
        .rposition(|t| !matches!(t.kind, TokenKind::Block(_)))
        .map_or(0, |i| i + 1);
    args.split_at(first_block)
}

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, ARGS, head, args)?;
    let (test_args, blocks) = split_blocks(args);
    let [reference, method, values @ ..] = test_args else {
        return Err(cx.missing(
            head,
            "prop",
            "a property, a comparison and the lines to run",
        ));
    };
    let (reference, ty) = cx.prop_ref(reference)?;
    let call = comparison(cx, ty, method, values)?;
    if_stmt(cx, Ok(Test::Prop(reference, call)), blocks, head)
}

/// A method call that must answer true or false.
pub(crate) fn comparison(
    cx: &mut Compiling<'_>,
    ty: Option<VarType>,
    method: &Token,
    values: &[Token],
) -> Checked<MethodCall> {
    let call = cx.method_call(ty, method, values)?;
    let answers = ty
        .and_then(|ty| ty.method(&call.method).ok())
        .is_none_or(|m| m.returns.is_some());
    if answers {
        return Ok(call);
    }
    Err(cx.report_at(
        method,
        CompileErrorKind::NotAllowedHere {
            keyword: call.method,
            reason: "changes the property, so it cannot be a test: use a comparison, such as \
                     equal or greaterThan"
                .to_owned(),
        },
    ))
}

/// `ifProp ref test values` (the blocks are added by the caller).
pub(crate) fn print_test(reference: &PropRef, call: &MethodCall) -> ScriptUnit {
    prop_call_unit(KEYWORD.name, reference, call)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok};

    #[test]
    fn if_prop_needs_a_comparison_and_a_block() {
        assert_ok("ifProp energy greaterThan 50 [[\n  prop x add 1\n]]\nifProp label equal 'fish' [[\n]] [[\n  prop x sub 1\n]]\nifProp energy gt 1 [[\n]]");
        assert_error(
            "ifProp energy",
            "ifProp needs at least 2 arguments (prop, test and maybe values), but this line gives it 1",
        );
        assert_error(
            "ifProp energy add 1 [[\n]]",
            "'add' changes the property, so it cannot be a test: use a comparison, such as equal or greaterThan",
        );
        assert_error(
            "ifProp energy greaterThan 50",
            "ifProp needs [[ ]] lines to run here",
        );
        assert_error(
            "ifProp enrgy equal 1 [[\n]]",
            "Fish has no property 'enrgy' — did you mean 'energy'?",
        );
    }
}

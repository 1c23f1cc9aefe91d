//! `featProp Feature prop method args`: changes a property that a feature gave this character.

use super::shared::feat_prop_call_unit;
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{FeatPropRef, MethodCall, StmtKind};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[
    ArgSpec::one(
        "feature prop",
        ArgKind::FeatPropRef,
        "The feature and its property: Movement direction, or Fish.Costume.glow.",
    ),
    ArgSpec::one(
        "method",
        ArgKind::Method,
        "What to do to it: setTo, add ...",
    ),
    ArgSpec::rest("values", ArgKind::Any, "What the method needs."),
];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "featProp",
    aliases: &[],
    help: "Sets or changes a property that one of this character's features gave it.",
    example: "featProp Costume scale setTo 2",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let args = cx.keyword_args(KEYWORD.name, ARGS, head, args)?;
    let (reference, ty, used) = cx.feat_prop_ref(args, head)?;
    let Some((method, rest)) = args.get(used..).and_then(<[Token]>::split_first) else {
        return Err(cx.missing(head, "method", ArgKind::Method.describe()));
    };
    let call = cx.method_call(Some(ty), method, rest)?;
    Ok(Compiled::Stmt(StmtKind::FeatProp(reference, call)))
}

/// `featProp Feature prop method args`.
pub(crate) fn print(reference: &FeatPropRef, call: &MethodCall) -> ScriptUnit {
    feat_prop_call_unit(KEYWORD.name, reference, call)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok};
    use crate::script::compiler::{compile_blueprint, Symbols};
    use crate::script::tokenize;

    #[test]
    fn a_blueprint_named_like_a_feature_is_read_as_the_owner() {
        let text = "# BLUEPRINT Timer\naddFeature Costume\nfeatProp Timer.Costume glow setTo 1\nfeatProp Costume.glow setTo 1";
        let mut symbols = Symbols::complete();
        symbols.add_blueprint("Timer", &tokenize(text).unwrap());
        assert!(compile_blueprint(text, "Timer", &symbols).is_ok());
    }

    #[test]
    fn feat_prop_reads_every_spelling_and_checks_feature_prop_and_method() {
        assert_ok(
            "featProp Movement direction setTo 90\nfeatProp agent.Movement distance setTo 2\nfeatProp Costume.glow setTo 1\nfeatProp AgentWidgets text setTo 'hi'",
        );
        assert_error(
            "featProp Movement",
            "featProp needs at least 2 arguments (feature prop, method and maybe values), but this line gives it 1",
        );
        assert_error(
            "featProp Movement directon setTo 90",
            "the feature Movement has no property 'directon' — did you mean 'direction'?",
        );
        assert_error(
            "featProp Physics scale setTo 2",
            "Fish does not have the feature Physics: add the line 'addFeature Physics' to its # PROGRAM DEFINE",
        );
        assert_error(
            "featProp Movement direction setTo 'up'",
            "'value' in setTo must be a number, not the text 'up'",
        );
        assert_error(
            "featProp Movement direction invert",
            "a Number property has no method 'invert'",
        );
        assert_error(
            "featProp Movment direction setTo 1",
            "there is no feature 'Movment' — did you mean 'Movement'?",
        );
    }
}

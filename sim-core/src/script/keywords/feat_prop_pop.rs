//! `featPropPop Feature prop`: takes the value on top of the stack and puts it in a feature
//! property (`exprPush {{ agent.name }}` then `featPropPop Graphing text`).

use super::shared::{feat_prop_unit, only_feat_prop_ref};
use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::program::{FeatPropRef, StmtKind};
use crate::script::{ScriptUnit, Token};

const ARGS: &[ArgSpec] = &[ArgSpec::one(
    "feature prop",
    ArgKind::FeatPropRef,
    "The feature property that receives the value, like Graphing text.",
)];

/// The keyword.
pub(crate) const KEYWORD: Keyword = Keyword {
    name: "featPropPop",
    aliases: &[],
    help: "Takes the last saved value off the list (the stack) and puts it in a feature property.",
    example: "exprPush {{ agent.getProp('energy').value / 100 }}\nfeatPropPop Graphing meter",
    args: ARGS,
    compile,
};

fn compile(cx: &mut Compiling<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let reference = only_feat_prop_ref(cx, KEYWORD.name, head, args)?;
    Ok(Compiled::Stmt(StmtKind::FeatPropPop(reference)))
}

/// `featPropPop Feature prop`.
pub(crate) fn print(reference: &FeatPropRef) -> ScriptUnit {
    feat_prop_unit(KEYWORD.name, reference)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_error, assert_ok, assert_warning};

    #[test]
    fn feat_prop_pop_takes_one_feature_prop_and_ignores_the_rest() {
        assert_ok("exprPush {{ agent.name }}\nfeatPropPop AgentWidgets text\nfeatPropPop agent.Movement direction");
        assert_error("featPropPop Graphing", "'feature prop' in featPropPop must be the name of one of the feature's properties, not the name 'Graphing'");
        assert_error(
            "featPropPop Graphing txt",
            "the feature Graphing has no property 'txt' — did you mean 'text'?",
        );
        assert_warning(
            "exprPush {{ 1 }}\nfeatPropPop Fish.Costume colorScaleIndex setTo 1",
            "featPropPop takes 1 argument, but this line gives it 3; the extra 2 are ignored",
        );
        assert_warning(
            "exprPush {{ 1 }}\nfeatPropPop Costume.colorScaleIndex 1",
            "featPropPop takes 1 argument, but this line gives it 2; the extra one is ignored",
        );
        assert_error(
            "featPropPop Vision viewAngle",
            "Fish does not have the feature Vision: add the line 'addFeature Vision' to its # PROGRAM DEFINE",
        );
    }
}

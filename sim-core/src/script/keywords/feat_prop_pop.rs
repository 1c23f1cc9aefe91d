//! `featPropPop Feature prop`: takes the value on top of the stack and puts it in a feature
//! property (`exprPush {{ agent.name }}` then `featPropPop Graphing text`).

use super::{Compiled, Keyword};
use crate::script::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Cx};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::{FeatPropRef, StmtKind};
use crate::script::unparse::{feat_prop_tokens, word};
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
    args: ARGS,
    compile,
};

fn compile(cx: &mut Cx<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let reference = whole_feat_prop_ref(cx, KEYWORD.name, head, args)?;
    Ok(Compiled::Stmt(StmtKind::FeatPropPop(reference)))
}

/// A feature property reference that must be all of `args` (for the push and pop keywords).
pub(crate) fn whole_feat_prop_ref(
    cx: &mut Cx<'_>,
    name: &str,
    head: &Token,
    args: &[Token],
) -> Checked<FeatPropRef> {
    let (reference, _, used) = cx.feat_prop_ref(args, head)?;
    if used == args.len() {
        return Ok(reference);
    }
    Err(cx.report_at(
        head,
        CompileErrorKind::ArgCount {
            name: name.to_owned(),
            expected: "a feature property only".to_owned(),
            got: args.len(),
        },
    ))
}

/// `featPropPop Feature prop`.
pub(crate) fn print(reference: &FeatPropRef) -> ScriptUnit {
    let mut unit = vec![word(KEYWORD.name)];
    unit.extend(feat_prop_tokens(reference));
    unit
}

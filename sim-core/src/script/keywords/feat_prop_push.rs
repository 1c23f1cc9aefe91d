//! `featPropPush Feature prop`: puts a feature property's value on the stack.

use super::{Compiled, Keyword};
use crate::script::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Cx};
use crate::script::program::{FeatPropRef, StmtKind};
use crate::script::unparse::{feat_prop_tokens, word};
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
    args: ARGS,
    compile,
};

fn compile(cx: &mut Cx<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    let reference = super::feat_prop_pop::whole_feat_prop_ref(cx, KEYWORD.name, head, args)?;
    Ok(Compiled::Stmt(StmtKind::FeatPropPush(reference)))
}

/// `featPropPush Feature prop`.
pub(crate) fn print(reference: &FeatPropRef) -> ScriptUnit {
    let mut unit = vec![word(KEYWORD.name)];
    unit.extend(feat_prop_tokens(reference));
    unit
}

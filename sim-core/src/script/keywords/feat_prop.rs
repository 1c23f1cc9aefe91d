//! `featProp Feature prop method args`: changes a property that a feature gave this character.

use super::prop::call_tokens;
use super::{Compiled, Keyword};
use crate::script::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Cx};
use crate::script::program::{FeatPropRef, MethodCall, StmtKind};
use crate::script::unparse::{feat_prop_tokens, word};
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
    args: ARGS,
    compile,
};

fn compile(cx: &mut Cx<'_>, head: &Token, args: &[Token]) -> Checked<Compiled> {
    cx.check_count(KEYWORD.name, ARGS, head, args.len())?;
    let (reference, ty, used) = cx.feat_prop_ref(args, head)?;
    let Some((method, rest)) = args.get(used..).and_then(<[Token]>::split_first) else {
        return Err(cx.expected(head, "method", ArgKind::Method.describe()));
    };
    let call = cx.method_call(Some(ty), method, rest)?;
    Ok(Compiled::Stmt(StmtKind::FeatProp(reference, call)))
}

/// `featProp Feature prop method args`.
pub(crate) fn print(reference: &FeatPropRef, call: &MethodCall) -> ScriptUnit {
    let mut unit = vec![word(KEYWORD.name)];
    unit.extend(feat_prop_tokens(reference));
    unit.extend(call_tokens(call));
    unit
}

//! Compile and print steps that several keywords share: the `if` keywords' argument entries,
//! test split and `[[ then ]]` / `[[ otherwise ]]` blocks; the lone property of `propPush` and
//! `propPop`; the lone feature property of `featPropPush` and `featPropPop`; reading a whole
//! line's arguments from the table; keywords with no arguments; and printing a (feature)
//! property with its method call. Each keyword keeps its own file, table entry and tests; only
//! the steps that are the same live here, so a fix to one reaches all its users.

use super::{Compiled, Keyword};
use crate::args::{ArgKind, ArgSpec};
use crate::script::compiler::scope::{Checked, Compiling};
use crate::script::compiler::CompileErrorKind;
use crate::script::program::{Arg, FeatPropRef, MethodCall, PropRef, Stmt, StmtKind, Test};
use crate::script::unparse::{arg_token, feat_prop_tokens, prop_subject_token, word};
use crate::script::{ScriptUnit, Token, TokenKind};

/// The `[[ then ]]` block of every `if` keyword.
pub(crate) const THEN: ArgSpec = ArgSpec::one(
    "then",
    ArgKind::Block,
    "Lines that run when the test is true.",
);

/// The optional `[[ otherwise ]]` block of every `if` keyword.
pub(crate) const OTHERWISE: ArgSpec = ArgSpec::optional(
    "otherwise",
    ArgKind::Block,
    "Lines that run when the test is false.",
);

/// The comparison method of `ifProp` and `ifFeatProp`.
pub(crate) const COMPARISON: ArgSpec = ArgSpec::one(
    "test",
    ArgKind::Method,
    "A comparison: equal, greaterThan, lessThan ...",
);

/// What `ifProp` and `ifFeatProp` compare with, followed by their blocks.
pub(crate) const COMPARED_WITH: ArgSpec = ArgSpec::rest(
    "values",
    ArgKind::Any,
    "What to compare with, then the lines in [[ ]] to run.",
);

/// A keyword that takes no arguments and always compiles to `stmt`.
pub(crate) fn no_args(
    cx: &mut Compiling<'_>,
    keyword: &Keyword,
    head: &Token,
    args: &[Token],
    stmt: StmtKind,
) -> Checked<Compiled> {
    cx.keyword_args(keyword.name, keyword.args, head, args)?;
    Ok(Compiled::Stmt(stmt))
}

/// The arguments of a keyword whose table describes them all, read in the line's own frame.
pub(crate) fn line_args(
    cx: &mut Compiling<'_>,
    keyword: &Keyword,
    head: &Token,
    args: &[Token],
) -> Checked<Vec<Arg>> {
    let frame = cx.frame.clone();
    let args = cx.keyword_args(keyword.name, keyword.args, head, args)?;
    cx.args(keyword.name, keyword.args, head, args, &frame)
}

/// The one property reference that is a keyword's only argument (`propPush`, `propPop`).
pub(crate) fn only_prop_ref(
    cx: &mut Compiling<'_>,
    keyword: &Keyword,
    head: &Token,
    args: &[Token],
) -> Checked<PropRef> {
    let args = cx.keyword_args(keyword.name, keyword.args, head, args)?;
    let token = args
        .first()
        .ok_or_else(|| cx.missing(head, "prop", "a property"))?;
    let (reference, _) = cx.prop_ref(token)?;
    Ok(reference)
}

/// The feature property reference that is a keyword's only argument (`featPropPush`,
/// `featPropPop`). It can span one or two tokens (`Costume glow`, `Fish.Costume glow`), so
/// the count is checked here rather than from the table: GEMSTEP reads the reference and
/// ignores what follows it, so anything after it is a warning at its first token.
pub(crate) fn only_feat_prop_ref(
    cx: &mut Compiling<'_>,
    name: &str,
    head: &Token,
    args: &[Token],
) -> Checked<FeatPropRef> {
    if args.is_empty() {
        return Err(cx.report_at(
            head,
            CompileErrorKind::ArgCount {
                name: name.to_owned(),
                expected: "a feature property, like Costume scale".to_owned(),
                got: 0,
            },
        ));
    }
    let (reference, _, used) = cx.feat_prop_ref(args, head)?;
    if let Some(extra) = args.get(used) {
        // The reference is one argument, however many words it takes.
        let kind = CompileErrorKind::ExtraArgs {
            name: name.to_owned(),
            max: 1,
            got: 1 + args.len() - used,
        };
        cx.warn_at(extra, kind);
    }
    Ok(reference)
}

/// The test of an `if` line, after checking the count, and the blocks that follow it.
/// `expected` says what the test should be, for the error when it is missing.
pub(crate) fn split_test<'t>(
    cx: &mut Compiling<'_>,
    keyword: &Keyword,
    head: &Token,
    args: &'t [Token],
    expected: &str,
) -> Checked<(&'t Token, &'t [Token])> {
    let args = cx.keyword_args(keyword.name, keyword.args, head, args)?;
    args.split_first()
        .ok_or_else(|| cx.missing(head, "test", expected))
}

/// An `if` statement from its test and the blocks that end the line. The blocks are compiled
/// (and their errors reported) before a failed test is returned, so one pass shows both.
pub(crate) fn if_stmt(
    cx: &mut Compiling<'_>,
    test: Checked<Test>,
    blocks: &[Token],
    head: &Token,
) -> Checked<Compiled> {
    let (then, otherwise) = branches(cx, blocks, head)?;
    Ok(Compiled::Stmt(StmtKind::If {
        test: test?,
        then,
        otherwise,
    }))
}

/// The `[[ then ]]` and optional `[[ otherwise ]]` blocks that end every `if` keyword.
fn branches(
    cx: &mut Compiling<'_>,
    blocks: &[Token],
    head: &Token,
) -> Checked<(Vec<Stmt>, Vec<Stmt>)> {
    let mut compiled = Vec::new();
    for (i, token) in blocks.iter().enumerate() {
        let TokenKind::Block(units) = &token.kind else {
            let name = if i == 0 { "then" } else { "otherwise" };
            return Err(cx.expected(token, name, ArgKind::Block.describe()));
        };
        compiled.push(cx.block(units));
    }
    let mut compiled = compiled.into_iter();
    match (compiled.next(), compiled.next(), compiled.next()) {
        (Some(then), otherwise, None) => Ok((then, otherwise.unwrap_or_default())),
        (None, ..) => Err(cx.report_at(
            head,
            CompileErrorKind::ArgType {
                name: cx.current_keyword.clone(),
                arg: "then".to_owned(),
                expected: "[[ ]] lines to run".to_owned(),
                got: "nothing".to_owned(),
            },
        )),
        _ => Err(cx.expected_instead(
            blocks.get(2).unwrap_or(head),
            "a third [[ ]] block".to_owned(),
            "otherwise",
            "the last block (an if has at most two: then and otherwise)",
        )),
    }
}

/// `name ref` (`propPush energy`).
pub(crate) fn prop_unit(name: &str, reference: &PropRef) -> ScriptUnit {
    vec![word(name), prop_subject_token(reference)]
}

/// `name Feature prop` (`featPropPush Costume glow`).
pub(crate) fn feat_prop_unit(name: &str, reference: &FeatPropRef) -> ScriptUnit {
    let mut unit = vec![word(name)];
    unit.extend(feat_prop_tokens(reference));
    unit
}

/// `name ref method args` (`prop`, `ifProp`; an `if`'s blocks are added by its caller).
pub(crate) fn prop_call_unit(name: &str, reference: &PropRef, call: &MethodCall) -> ScriptUnit {
    let mut unit = prop_unit(name, reference);
    unit.extend(call_tokens(call));
    unit
}

/// `name Feature prop method args` (`featProp`, `ifFeatProp`).
pub(crate) fn feat_prop_call_unit(
    name: &str,
    reference: &FeatPropRef,
    call: &MethodCall,
) -> ScriptUnit {
    let mut unit = feat_prop_unit(name, reference);
    unit.extend(call_tokens(call));
    unit
}

/// The method and its arguments as tokens.
fn call_tokens(call: &MethodCall) -> impl Iterator<Item = Token> + '_ {
    std::iter::once(word(&call.method)).chain(call.args.iter().map(arg_token))
}

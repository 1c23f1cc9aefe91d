//! Compiled statements → ScriptUnits → ScriptText, so a script the wizard changed can be
//! written back. Each keyword prints its own statements (in its file); this module holds the
//! shared pieces and lays out a whole blueprint.
//!
//! Printing keeps the meaning, not the spelling: older keywords come back in their current
//! form (`useFeature` → `addFeature`), bare words as quoted text, and comments are not part
//! of compiled programs. To reformat text as written, use [`super::print_units`] on its units.

use super::keywords::{
    add_feature, add_prop, dbg_context, dbg_error, dbg_out, dbg_stack, dbg_tick, every, expr_push,
    feat_call, feat_prop, feat_prop_pop, feat_prop_push, if_expr, on_event, pragma, prop, prop_pop,
    prop_push, random_pos, stack_add, stack_div, stack_mul, stack_sub, when,
};
use super::program::{
    Arg, CompiledBlueprint, FeatPropRef, ProgramSlot, PropRef, StackOp, Stmt, StmtKind, Target,
};
use super::{print_units, ExprSource, Literal, Pos, ScriptUnit, Token, TokenKind};
use crate::vars::Value;

/// A token at no particular place (positions do not matter when printing).
pub(crate) fn token(kind: TokenKind) -> Token {
    Token::new(kind, Pos::START)
}

/// A bare word: a keyword, a name, a method.
pub(crate) fn word(w: &str) -> Token {
    token(TokenKind::Identifier(w.to_owned()))
}

/// A literal value.
pub(crate) fn value_token(value: &Value) -> Token {
    token(match value {
        Value::Number(n) => TokenKind::Value(Literal::Number(*n)),
        Value::String(s) => TokenKind::String(s.clone()),
        Value::Boolean(b) => TokenKind::Value(Literal::Boolean(*b)),
        Value::Null => TokenKind::Value(Literal::Null),
    })
}

/// `{{ text }}`.
pub(crate) fn expr_token(text: &str) -> Token {
    token(TokenKind::Expr(ExprSource {
        text: text.to_owned(),
        text_pos: Pos::START,
    }))
}

/// `[[ ... ]]` holding `stmts`.
pub(crate) fn block_token(stmts: &[Stmt]) -> Token {
    token(TokenKind::Block(stmts.iter().map(stmt_unit).collect()))
}

/// One argument.
pub(crate) fn arg_token(arg: &Arg) -> Token {
    match arg {
        Arg::Literal(v) => value_token(v),
        Arg::Expr(e) => expr_token(&e.text),
        Arg::Ref(r) => prop_ref_token(r),
        Arg::Block(stmts) => block_token(stmts),
    }
}

fn target_name(target: &Target) -> &str {
    match target {
        Target::Agent => "agent",
        Target::Blueprint(bp) => bp,
    }
}

/// `agent.prop` or `Bp.prop`.
pub(crate) fn prop_ref_token(r: &PropRef) -> Token {
    token(TokenKind::ObjRef(vec![
        target_name(&r.target).to_owned(),
        r.prop.clone(),
    ]))
}

/// The property a keyword acts on: a bare `prop` for the running agent, `Bp.prop` otherwise.
pub(crate) fn prop_subject_token(r: &PropRef) -> Token {
    match r.target {
        Target::Agent => word(&r.prop),
        Target::Blueprint(_) => prop_ref_token(r),
    }
}

/// `Feature prop` for the running agent, `Bp.Feature.prop` for another.
pub(crate) fn feat_prop_tokens(r: &FeatPropRef) -> Vec<Token> {
    match &r.target {
        Target::Agent => vec![word(r.feature()), word(r.prop())],
        Target::Blueprint(bp) => {
            vec![token(TokenKind::ObjRef(vec![
                bp.clone(),
                r.feature().to_owned(),
                r.prop().to_owned(),
            ]))]
        }
    }
}

/// `Feature`, or `Bp.Feature` for another agent's feature.
pub(crate) fn feature_token(target: &Target, feature: &str) -> Token {
    match target {
        Target::Agent => word(feature),
        Target::Blueprint(bp) => token(TokenKind::ObjRef(vec![bp.clone(), feature.to_owned()])),
    }
}

/// The unit one statement prints as.
pub fn stmt_unit(stmt: &Stmt) -> ScriptUnit {
    match &stmt.kind {
        StmtKind::AddProp { name, ty, initial } => add_prop::print(name, *ty, initial.as_ref()),
        StmtKind::AddFeature(f) => add_feature::print(f),
        StmtKind::Prop(r, call) => prop::print(r, call),
        StmtKind::FeatProp(r, call) => feat_prop::print(r, call),
        StmtKind::FeatCall {
            target,
            feature,
            method,
            args,
        } => {
            let name = feature.method_at(*method).map_or("", |m| m.name);
            feat_call::print(target, feature.name, name, args)
        }
        StmtKind::GlobalProp { name, call } => feat_call::print(
            &Target::Agent,
            "Global",
            "globalProp",
            &feat_call::global_prop_literals(name.clone(), call.clone()),
        ),
        StmtKind::PropPush(r) => prop_push::print(r),
        StmtKind::PropPop(r) => prop_pop::print(r),
        StmtKind::FeatPropPush(r) => feat_prop_push::print(r),
        StmtKind::FeatPropPop(r) => feat_prop_pop::print(r),
        StmtKind::ExprPush(e) => expr_push::print(e),
        StmtKind::If {
            test,
            then,
            otherwise,
        } => if_expr::print(test, then, otherwise),
        StmtKind::Every(e) => every::print(e),
        StmtKind::DbgOut(args) => dbg_out::print(args),
        StmtKind::DbgStack => dbg_stack::print(),
        StmtKind::DbgTick => dbg_tick::print(),
        StmtKind::DbgContext => dbg_context::print(),
        StmtKind::DbgError(text) => dbg_error::print(text),
        StmtKind::RandomPos { min, max, whole } => random_pos::print(*min, *max, *whole),
        StmtKind::Stack(op) => match op {
            StackOp::Add => stack_add::print(),
            StackOp::Sub => stack_sub::print(),
            StackOp::Mul => stack_mul::print(),
            StackOp::Div => stack_div::print(),
        },
    }
}

/// Plain statements (an instance or round script) as ScriptText.
pub fn print_stmts(stmts: &[Stmt]) -> String {
    let units: Vec<ScriptUnit> = stmts.iter().map(stmt_unit).collect();
    print_units(&units)
}

/// A whole compiled blueprint as canonical ScriptText: its pragmas, then each program that
/// has lines; handlers go under `# PROGRAM EVENT`, timers and rules at the end of `# PROGRAM UPDATE`.
pub fn print_blueprint(bp: &CompiledBlueprint) -> String {
    let mut units = vec![pragma::print_blueprint(&bp.name, bp.base.as_deref())];
    units.extend(bp.tags.iter().map(pragma::print_tag));
    for slot in [
        ProgramSlot::Define,
        ProgramSlot::Init,
        ProgramSlot::Update,
        ProgramSlot::Think,
        ProgramSlot::Exec,
    ] {
        let mut lines: Vec<ScriptUnit> = bp.program(slot).iter().map(stmt_unit).collect();
        if slot == ProgramSlot::Update {
            lines.extend(bp.timers.iter().map(every::print));
            lines.extend(bp.conditions.iter().map(when::print));
        }
        if !lines.is_empty() {
            units.push(pragma::print_program(slot));
            units.append(&mut lines);
        }
    }
    if !bp.events.is_empty() {
        units.push(pragma::print_program(ProgramSlot::Event));
        units.extend(bp.events.iter().map(on_event::print));
    }
    print_units(&units)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::keywords::testing::compile;

    /// Compiles `lines` in Fish's UPDATE program and prints them back.
    fn printed(lines: &str) -> String {
        print_stmts(&compile(lines).unwrap().update)
    }

    #[test]
    fn statements_print_in_current_spelling_with_their_meaning() {
        assert_eq!(printed("call agent.energy add 1"), "prop energy add 1");
        assert_eq!(
            printed("featProp agent.Movement direction setTo 90"),
            "featProp Movement direction setTo 90"
        );
        assert_eq!(
            printed("featProp Costume.glow setTo 1"),
            "featProp Costume glow setTo 1"
        );
        assert_eq!(
            printed("prop label setTo Algae\nprop energy setTo Fish.energy"),
            "prop label setTo 'Algae'\nprop energy setTo agent.energy"
        );
        assert_eq!(
            printed("featCall Global globalProp darkMoths setMax Infinity"),
            "featCall Global globalProp 'darkMoths' setMax Infinity"
        );
        assert_eq!(
            printed("ifProp energy gt 1 [[\n prop x add 1\n]] [[\n]]"),
            "ifProp energy greaterThan 1 [[\n  prop x add 1\n]]"
        );
    }

    #[test]
    fn rules_timers_and_handlers_print_under_their_programs() {
        let bp =
            compile("when Fish touches Algae [[\n]]\nevery 2 [[\n]]\nonEvent Tick [[\n]]").unwrap();
        let text = print_blueprint(&bp);
        let update = text.find("# PROGRAM UPDATE").unwrap();
        let event = text.find("# PROGRAM EVENT").unwrap();
        assert!(update < text.find("every 2 [[").unwrap());
        assert!(update < text.find("when Fish touches Algae [[").unwrap());
        assert!(event < text.find("onEvent Tick [[").unwrap());
    }
}

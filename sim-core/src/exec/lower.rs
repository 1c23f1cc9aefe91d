//! The compiled form the tick runs: each statement of a blueprint's programs, timers, event
//! handlers and `when` consequents lowered, once when the program is loaded, to an [`Op`] in
//! which every name is resolved — whose agent (the running one or the other of a `when`
//! pair), which prop (by name among the agent's own, by slot among a feature's), which
//! change (`setTo`, `add`, `sub`), and the value as a number written out or as typed code.
//!
//! An operation does one plain thing: steps a Number, sets a feature's Number, tests typed
//! code, counts a timer. Whatever it does not handle plainly — a prop that is missing or not
//! a Number, a value that is not a number, an expression typed code cannot finish — it hands,
//! before changing anything, to the statement as written (the `source` it keeps), which the plain
//! interpreter runs exactly as the reference interpreter does, so the result, every error and
//! every unusual case are decided in one place. A statement no operation stands for
//! ([`Op::Plain`]) always runs that way.

use crate::features::catalog::PropSlot;
use crate::features::runtime::Setter;
use crate::script::expr::Code;
use crate::script::program::{Arg, Every, MethodCall, Stmt, StmtKind, Target, Test};
use crate::vars::{NumberStep, PropKey, Value};
use crate::world::globals::Global;

/// Which of the agents in context an operation addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Who {
    /// The agent running the statements.
    Me,
    /// The other agent of a `when` pair.
    Other,
}

/// A Number an operation changes or compares.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Place {
    /// A prop the agent holds by that name, found through its key (an added prop; a
    /// built-in is left to the statement as written).
    Prop(Who, PropKey),
    /// A feature's prop, by slot.
    Feat(Who, PropSlot),
    /// A Global prop, by name.
    Global(Global),
}

/// The number an operation uses: written out, or computed by typed code.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Operand {
    /// Written in the script.
    Number(f64),
    /// A `{{ }}` expression's typed code, names bound ([`Code::bind`]).
    Code(Code),
}

impl Operand {
    /// Whether computing it draws random numbers.
    pub fn draws(&self) -> bool {
        matches!(self, Operand::Code(code) if code.draws())
    }
}

/// A Number comparison of `ifProp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Compare {
    Equal,
    NotEqual,
    Greater,
    Less,
    GreaterOrEqual,
    LessOrEqual,
}

impl Compare {
    /// The comparison a Number method (or its older spelling) makes.
    fn named(method: &str) -> Option<Compare> {
        Some(match method {
            "equal" | "eq" => Compare::Equal,
            "notEqual" => Compare::NotEqual,
            "greaterThan" | "gt" => Compare::Greater,
            "lessThan" | "lt" => Compare::Less,
            "greaterThanOrEqual" | "gte" => Compare::GreaterOrEqual,
            "lessThanOrEqual" | "lte" => Compare::LessOrEqual,
            _ => return None,
        })
    }

    /// `a` compared with `b`, as the Number method compares.
    pub fn holds(self, a: f64, b: f64) -> bool {
        match self {
            Compare::Equal => a == b,
            Compare::NotEqual => a != b,
            Compare::Greater => a > b,
            Compare::Less => a < b,
            Compare::GreaterOrEqual => a >= b,
            Compare::LessOrEqual => a <= b,
        }
    }
}

/// What an `if` tests, where it can be decided plainly.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Decide {
    /// `ifExpr {{ e }}`: the truth of typed code.
    Code(Code),
    /// `ifProp p compare n` on a Number.
    Compare(Place, Compare, Operand),
    /// Always by the statement as written (`if [[ ]]`, an expression typed code cannot run).
    AsWritten,
}

/// One lowered statement (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Op {
    /// `prop`, `featProp` or `globalProp` with `setTo`, `add` or `sub` and one number.
    Step {
        place: Place,
        step: NumberStep,
        by: Operand,
        source: Box<[Stmt]>,
    },
    /// `exprPush {{ e }}` straight followed by `propPop p` or `featPropPop p`: the value set
    /// to the Number, never held on the value stack.
    Set {
        place: Place,
        value: Code,
        source: Box<[Stmt]>,
    },
    /// A feature method that sets one of its Numbers (Costume's `setPose` and `setGlow`),
    /// to the value or to `floor`, whichever is more.
    FeatSet {
        who: Who,
        slot: PropSlot,
        value: Operand,
        floor: f64,
        source: Box<[Stmt]>,
    },
    /// An `if`: its test, and its branches lowered.
    If {
        decide: Decide,
        then: Box<[Op]>,
        otherwise: Box<[Op]>,
        source: Box<Stmt>,
    },
    /// An `every` timer: where it is written, the key its count is kept under, and its body
    /// lowered.
    Every {
        at: (u32, u32),
        key: (u32, u32, usize),
        period: f64,
        run_at_start: bool,
        body: Box<[Op]>,
    },
    /// A statement run as written.
    Plain(Box<Stmt>),
}

impl Op {
    /// How many statements as written it stands for: what the tick's budget charges for it
    /// (an `if` or `every` counts as one; the lines in it are charged as they run).
    #[inline(always)]
    pub fn statements(&self) -> u64 {
        match self {
            // `exprPush` and the pop after it.
            Op::Set { .. } => 2,
            Op::Step { .. } | Op::FeatSet { .. } | Op::If { .. } | Op::Every { .. } => 1,
            Op::Plain(_) => 1,
        }
    }

    /// The statements as written of an operation that stands for whole statements (a step
    /// or a set), which it hands to the interpreter when it cannot make them plainly.
    pub fn source(&self) -> Option<&[Stmt]> {
        match self {
            Op::Step { source, .. } | Op::Set { source, .. } | Op::FeatSet { source, .. } => {
                Some(source)
            }
            Op::If { .. } | Op::Every { .. } | Op::Plain(_) => None,
        }
    }

    /// The line and column of its first statement as written.
    pub fn place(&self) -> (u32, u32) {
        match self {
            Op::Step { source, .. } | Op::Set { source, .. } | Op::FeatSet { source, .. } => {
                source.first().map_or((0, 0), |s| (s.line, s.col))
            }
            Op::If { source, .. } => (source.line, source.col),
            Op::Every { at, .. } => *at,
            Op::Plain(stmt) => (stmt.line, stmt.col),
        }
    }
}

/// The names statements are lowered among: the running agent's blueprint and, in a `when`
/// consequent, the other blueprint of the pair. The first wins when both are one, as the
/// interpreter binds them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scope<'a> {
    /// The running agent's blueprint.
    pub own: &'a str,
    /// The other blueprint of a `when` pair.
    pub other: Option<&'a str>,
}

impl Scope<'_> {
    /// The agent `target` addresses here, if it names one.
    fn who(&self, target: &Target) -> Option<Who> {
        match target {
            Target::Agent => Some(Who::Me),
            Target::Blueprint(name) => self.named(name),
        }
    }

    /// The agent a blueprint name binds here.
    fn named(&self, name: &str) -> Option<Who> {
        if name == self.own {
            Some(Who::Me)
        } else if self.other == Some(name) {
            Some(Who::Other)
        } else {
            None
        }
    }
}

/// `stmts` lowered in `scope`.
pub(crate) fn lower(stmts: &[Stmt], scope: Scope<'_>) -> Box<[Op]> {
    let mut ops = Vec::with_capacity(stmts.len());
    let mut rest = stmts;
    while let Some((stmt, tail)) = rest.split_first() {
        match tail.first().and_then(|next| set(stmt, next, scope)) {
            Some(op) => {
                ops.push(op);
                rest = tail.get(1..).unwrap_or_default();
            }
            None => {
                ops.push(one(stmt, scope));
                rest = tail;
            }
        }
    }
    ops.into_boxed_slice()
}

/// `every` timers lowered in `scope`, as the timers of an update program run them.
pub(crate) fn lower_timers(timers: &[Every], scope: Scope<'_>) -> Box<[Op]> {
    timers
        .iter()
        .map(|every| {
            // A top-level timer is placed where its first line is, as the interpreter
            // places it (see `Runner::top_level_every`).
            let (line, col, _) = every.timer_key();
            timer(every, (line, col), scope)
        })
        .collect()
}

fn timer(every: &Every, at: (u32, u32), scope: Scope<'_>) -> Op {
    Op::Every {
        at,
        key: every.timer_key(),
        period: every.period,
        run_at_start: every.run_at_start,
        body: lower(&every.body, scope),
    }
}

/// One statement lowered.
fn one(stmt: &Stmt, scope: Scope<'_>) -> Op {
    let plain = || Op::Plain(Box::new(stmt.clone()));
    let source = || Box::from([stmt.clone()]);
    match &stmt.kind {
        StmtKind::Prop(r, call) => {
            let Some(who) = scope.who(&r.target) else {
                return plain();
            };
            step(Place::Prop(who, PropKey::new(&r.prop)), call, scope, source).unwrap_or_else(plain)
        }
        StmtKind::FeatProp(r, call) => {
            let Some(who) = scope.who(&r.target) else {
                return plain();
            };
            step(Place::Feat(who, r.slot), call, scope, source).unwrap_or_else(plain)
        }
        StmtKind::GlobalProp { name, call } => {
            step(Place::Global(Global::new(name)), call, scope, source).unwrap_or_else(plain)
        }
        StmtKind::FeatCall {
            target,
            feature,
            method,
            args,
            ..
        } => {
            // A method its feature says sets one Number prop from its argument.
            let Some(Setter {
                slot,
                default,
                floor,
            }) = crate::features::dispatch::setter(feature, *method)
            else {
                return plain();
            };
            let value = match args.as_slice() {
                [] => Some(Operand::Number(default)),
                [arg] => operand(arg, scope),
                _ => None,
            };
            match (scope.who(target), value) {
                (Some(who), Some(value)) => Op::FeatSet {
                    who,
                    slot,
                    value,
                    floor,
                    source: source(),
                },
                _ => plain(),
            }
        }
        StmtKind::If {
            test,
            then,
            otherwise,
        } => Op::If {
            decide: decide(test, scope),
            then: lower(then, scope),
            otherwise: lower(otherwise, scope),
            source: Box::new(stmt.clone()),
        },
        StmtKind::Every(every) => timer(every, (stmt.line, stmt.col), scope),
        _ => plain(),
    }
}

/// `exprPush {{ e }}` and the `propPop` or `featPropPop` after it, as one [`Op::Set`].
fn set(push: &Stmt, pop: &Stmt, scope: Scope<'_>) -> Option<Op> {
    let StmtKind::ExprPush(e) = &push.kind else {
        return None;
    };
    let place = match &pop.kind {
        StmtKind::PropPop(r) => Place::Prop(scope.who(&r.target)?, PropKey::new(&r.prop)),
        StmtKind::FeatPropPop(r) => Place::Feat(scope.who(&r.target)?, r.slot),
        _ => return None,
    };
    let value = bound(&e.code, scope)?;
    Some(Op::Set {
        place,
        value,
        source: Box::from([push.clone(), pop.clone()]),
    })
}

/// A Number method call lowered to a step, when it is `setTo`, `add` or `sub` of one number.
fn step(
    place: Place,
    call: &MethodCall,
    scope: Scope<'_>,
    source: impl FnOnce() -> Box<[Stmt]>,
) -> Option<Op> {
    let step = NumberStep::named(&call.method)?;
    let [arg] = call.args.as_slice() else {
        return None;
    };
    Some(Op::Step {
        place,
        step,
        by: operand(arg, scope)?,
        source: source(),
    })
}

/// An argument as a number written out or typed code; `None` for anything else.
fn operand(arg: &Arg, scope: Scope<'_>) -> Option<Operand> {
    match arg {
        Arg::Literal(Value::Number(n)) => Some(Operand::Number(*n)),
        Arg::Expr(e) => bound(&e.code, scope).map(Operand::Code),
        _ => None,
    }
}

/// Typed code with its blueprint names bound in `scope`; `None` when it has none.
fn bound(code: &Code, scope: Scope<'_>) -> Option<Code> {
    code.is_typed().then(|| code.bind(scope.own, scope.other))
}

fn decide(test: &Test, scope: Scope<'_>) -> Decide {
    match test {
        Test::Expr(e) => bound(&e.code, scope).map_or(Decide::AsWritten, Decide::Code),
        Test::Prop(r, call) => {
            let compare = Compare::named(&call.method);
            let place = scope
                .who(&r.target)
                .map(|who| Place::Prop(who, PropKey::new(&r.prop)));
            match (place, compare, call.args.as_slice()) {
                (Some(place), Some(compare), [arg]) => match operand(arg, scope) {
                    Some(by) => Decide::Compare(place, compare, by),
                    None => Decide::AsWritten,
                },
                _ => Decide::AsWritten,
            }
        }
        Test::Block(_) | Test::FeatProp(..) => Decide::AsWritten,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::Project;
    use crate::script::compiler::compile_project;

    fn update_ops(update: &str) -> Box<[Op]> {
        let script = format!(
            "# BLUEPRINT A\n# PROGRAM DEFINE\naddFeature Costume\n# PROGRAM UPDATE\n{update}\n"
        );
        let json = serde_json::json!({"id": "t", "label": "t", "instances": [],
            "blueprints": [{"name": "A", "label": "A", "scriptText": script}]});
        let compiled = compile_project(&Project::from_json(&json.to_string()).unwrap()).unwrap();
        let scope = Scope {
            own: "A",
            other: None,
        };
        lower(&compiled.blueprints[0].update, scope)
    }

    #[test]
    fn a_setter_method_sets_its_prop_by_slot_and_other_methods_run_as_written() {
        let ops = update_ops("featCall Costume setGlow 2\nfeatCall Costume setPose\nfeatCall Costume setColorize 1 0 0");
        let costume = crate::features::feature("Costume").unwrap();
        match &ops[..] {
            [Op::FeatSet {
                slot: glow,
                value: Operand::Number(seconds),
                floor,
                ..
            }, Op::FeatSet {
                slot: frame,
                value: Operand::Number(first),
                ..
            }, Op::Plain(_)] => {
                assert_eq!(*glow, PropSlot::of(costume, "glow"));
                assert_eq!((*seconds, *floor), (2.0, 0.0));
                assert_eq!(*frame, PropSlot::of(costume, "currentFrame"));
                assert_eq!(*first, 0.0, "setPose without a frame shows the first");
            }
            other => panic!("lowered to {other:?}"),
        }
    }
}

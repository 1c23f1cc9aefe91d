//! Statements that step numbers, worked out once and run straight on the world: the `when`
//! consequents and update programs made only of them.
//!
//! Most consequents in classroom models count or score: `featCall Global globalProp contacts
//! add 1`, `prop Fish.energy add 10`, `featProp Algae.Costume glow setTo 1`. Many update
//! programs turn or age their agent: `featProp Movement direction add {{ Math.random() * 10 -
//! 5 }}`, `prop age add 1`. A rule runs its consequent once per passing pair, and an update
//! program runs once per agent, thousands of times a tick; the interpreter spends far more on
//! finding the statement's target, method and argument than on the change itself. A body made
//! only of such changes is worked out once, when the program is prepared: whose prop (the
//! rule's first agent or its second; the agent itself in an update program), which prop, which
//! step, and the number, written out or a numbers-only expression.
//!
//! A change that cannot be made this way (the expression fails, the prop is missing or is not
//! a Number, or the result would not be a number) changes nothing, not even the random
//! generator, and is left to the interpreter, statement by statement, which draws the same
//! numbers again and makes the change or words the error exactly as it always does: the result
//! is the interpreter's in every case.

use super::{global_in, same_text, World};
use crate::entity::EntityId;
use crate::features::catalog::PropSlot;
use crate::script::expr::Code;
use crate::script::program::{Arg, Stmt, StmtKind, Target};
use crate::vars::{GVar, NumberStep, RandomSource, Value};

/// Makes `step` by `n` on `var` when it is a Number: false, with nothing changed, otherwise.
fn step_number(var: Option<&mut GVar>, step: NumberStep, n: f64) -> bool {
    match var {
        Some(GVar::Number(number)) => number.step(step, n),
        _ => false,
    }
}

/// One statement of a body, worked out.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Change {
    place: Place,
    step: NumberStep,
    by: By,
}

/// Which Number a change changes.
#[derive(Debug, Clone, PartialEq)]
enum Place {
    /// A Global prop, by name (Global props are made as the model runs).
    Global(String),
    /// A prop added to an agent, by name.
    Prop(Who, String),
    /// A feature prop of an agent, by slot.
    Feat(Who, PropSlot),
}

/// Which of a rule's two agents a change addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// The agent running the body (the rule's first blueprint; the agent itself in an update
    /// program).
    First,
    /// The other agent (the rule's second blueprint).
    Second,
}

/// The number a change steps by.
#[derive(Debug, Clone, PartialEq)]
enum By {
    /// Written out (`add 1`).
    Written(f64),
    /// A numbers-only expression (`add {{ Math.random() * 10 - 5 }}`), run each time.
    Computed(Code),
}

/// `body` worked out, one change per statement; `None` when a statement is anything else.
/// `first` and `second` are the names of the rule's blueprints, which the body's targets are
/// bound to as the interpreter binds them: the first blueprint's name wins when both are one.
/// An update program is bound with its own blueprint's name as both: then only the agent
/// itself is addressed, as the interpreter allows outside a `when`.
pub(crate) fn changes(body: &[Stmt], first: &str, second: &str) -> Option<Vec<Change>> {
    let who = |target: &Target| match target {
        Target::Agent => Some(Who::First),
        Target::Blueprint(name) if name == first => Some(Who::First),
        Target::Blueprint(name) if name == second => Some(Who::Second),
        Target::Blueprint(_) => None,
    };
    body.iter()
        .map(|stmt| {
            let (place, call) = match &stmt.kind {
                StmtKind::GlobalProp { name, call } => (Place::Global(name.clone()), call),
                StmtKind::Prop(r, call) => (Place::Prop(who(&r.target)?, r.prop.clone()), call),
                StmtKind::FeatProp(r, call) => (Place::Feat(who(&r.target)?, r.slot), call),
                _ => return None,
            };
            let step = NumberStep::named(&call.method)?;
            let by = match call.args.as_slice() {
                [Arg::Literal(Value::Number(n))] => By::Written(*n),
                [Arg::Expr(e)] if e.code.is_numeric() => By::Computed(e.code.clone()),
                _ => return None,
            };
            Some(Change { place, step, by })
        })
        .collect()
}

/// Whether `changes` read and change nothing of a rule's two agents (only Global props, by
/// numbers written out): then every passing pair runs the body to the same effect, whichever
/// pair it is and in whatever order they run.
pub(crate) fn same_for_every_pair(changes: &[Change]) -> bool {
    changes.iter().all(|change| {
        matches!(
            (&change.place, &change.by),
            (Place::Global(_), By::Written(_))
        )
    })
}

impl Change {
    /// Makes the change for the pair `first`, `second` (both the agent itself in an update
    /// program); false, with nothing changed, not even the random generator, when the
    /// interpreter must run the statement instead.
    #[inline]
    pub(crate) fn apply(&self, world: &mut World, first: EntityId, second: EntityId) -> bool {
        match &self.by {
            By::Written(n) => self.step(world, first, second, *n),
            By::Computed(code) => {
                let before = world.rng.clone();
                let done = code
                    .number(|| world.rng.next_f64())
                    .is_ok_and(|n| self.step(world, first, second, n));
                if !done {
                    world.rng = before;
                }
                done
            }
        }
    }

    /// Steps the change's Number by `n`.
    #[inline]
    fn step(&self, world: &mut World, first: EntityId, second: EntityId, n: f64) -> bool {
        let agent = |who| match who {
            Who::First => first,
            Who::Second => second,
        };
        let var = match &self.place {
            Place::Global(name) => global_in(&mut world.globals, name),
            Place::Prop(who, name) => world
                .agents
                .get_mut(agent(*who))
                .and_then(|a| a.prop_mut(name)),
            Place::Feat(who, slot) => world
                .agents
                .get_mut(agent(*who))
                .and_then(|a| a.feature_prop_mut(*slot)),
        };
        step_number(var, self.step, n)
    }

    /// Makes a change by a number written out to `var`, found already; false, with nothing
    /// changed, when the interpreter must run the statement instead (a computed number is
    /// always left to [`Change::apply`]).
    #[inline]
    pub(crate) fn apply_to(&self, var: Option<&mut GVar>) -> bool {
        match self.by {
            By::Written(n) => step_number(var, self.step, n),
            By::Computed(_) => false,
        }
    }

    /// Where in `globals` the Global prop this change steps is, if it is one that exists.
    pub(crate) fn global_index(&self, globals: &[(String, GVar)]) -> Option<usize> {
        match &self.place {
            Place::Global(name) => globals.iter().position(|(n, _)| same_text(n, name)),
            Place::Prop(..) | Place::Feat(..) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::program::{Arg, FeatPropRef, MethodCall, PropRef};
    use crate::vars::Value;

    fn stmt(kind: StmtKind) -> Stmt {
        Stmt {
            line: 1,
            col: 1,
            kind,
        }
    }

    fn call(method: &str, arg: Value) -> MethodCall {
        MethodCall {
            method: method.to_string(),
            args: vec![Arg::Literal(arg)],
        }
    }

    fn prop(target: Target, method: &str, arg: Value) -> Stmt {
        let r = PropRef {
            target,
            prop: "energy".to_string(),
        };
        stmt(StmtKind::Prop(r, call(method, arg)))
    }

    #[test]
    fn number_steps_by_written_numbers_are_worked_out_and_bound_as_the_interpreter_binds() {
        let body = [
            stmt(StmtKind::GlobalProp {
                name: "hits".to_string(),
                call: call("add", Value::Number(1.0)),
            }),
            prop(
                Target::Blueprint("Algae".to_string()),
                "sub",
                Value::Number(2.0),
            ),
            prop(Target::Agent, "setTo", Value::Number(3.0)),
        ];
        let found = changes(&body, "Fish", "Algae").unwrap();
        assert!(!same_for_every_pair(&found), "props of the pair change");
        assert!(
            same_for_every_pair(&found[..1]),
            "only a Global prop changes"
        );
        assert_eq!(found[0].place, Place::Global("hits".to_string()));
        assert_eq!(
            (found[0].step, &found[0].by),
            (NumberStep::Add, &By::Written(1.0))
        );
        assert_eq!(
            found[1].place,
            Place::Prop(Who::Second, "energy".to_string())
        );
        assert_eq!(
            found[2].place,
            Place::Prop(Who::First, "energy".to_string())
        );
        // One blueprint with itself: its name is the first agent, as in the interpreter.
        let same = [prop(
            Target::Blueprint("Fish".to_string()),
            "add",
            Value::Number(1.0),
        )];
        assert_eq!(
            changes(&same, "Fish", "Fish").unwrap()[0].place,
            Place::Prop(Who::First, "energy".to_string())
        );
    }

    #[test]
    fn anything_else_leaves_the_consequent_to_the_interpreter() {
        let movement = crate::features::feature("Movement").unwrap();
        let slot = PropSlot::of(movement, "distance");
        let feat = |method: &str, arg| {
            let r = FeatPropRef {
                target: Target::Agent,
                slot,
            };
            stmt(StmtKind::FeatProp(r, call(method, arg)))
        };
        assert!(changes(&[feat("add", Value::Number(1.0))], "A", "B").is_some());
        for body in [
            vec![feat("mul", Value::Number(2.0))],
            vec![feat("add", Value::String("1".to_string()))],
            vec![prop(
                Target::Blueprint("Shark".to_string()),
                "add",
                Value::Number(1.0),
            )],
            vec![
                feat("add", Value::Number(1.0)),
                stmt(StmtKind::DbgError("stop".to_string())),
            ],
        ] {
            assert!(changes(&body, "A", "B").is_none(), "{body:?}");
        }
    }

    #[test]
    fn numbers_only_expressions_are_worked_out_and_any_other_is_not() {
        let expr = |text: &str| {
            let tree = crate::script::expr::parse_expr(text, crate::script::Pos::START).unwrap();
            Arg::Expr(crate::script::program::ScriptExpr {
                text: text.to_string(),
                code: tree.compile(),
                tree,
            })
        };
        let global = |arg| {
            stmt(StmtKind::GlobalProp {
                name: "hits".to_string(),
                call: MethodCall {
                    method: "add".to_string(),
                    args: vec![arg],
                },
            })
        };
        let drawn = changes(&[global(expr("Math.random() * 10 - 5"))], "A", "A").unwrap();
        assert!(matches!(drawn[0].by, By::Computed(_)));
        assert!(
            !same_for_every_pair(&drawn),
            "each pair draws its own number"
        );
        assert!(changes(&[global(expr("agent.x + 1"))], "A", "A").is_none());
    }
}

//! `when` consequents that change numbers by numbers written out, run straight on the world.
//!
//! Most consequents in classroom models count or score: `featCall Global globalProp contacts
//! add 1`, `prop Fish.energy add 10`, `featProp Algae.Costume glow setTo 1`. A rule runs its
//! consequent once per passing pair, thousands of times a tick, and the interpreter spends far
//! more on finding the statement's target, method and argument than on the change itself. A
//! consequent made only of such changes is worked out once, when the program is prepared:
//! whose prop (the rule's first agent or its second), which prop, which step, which number.
//!
//! A change that cannot be made this way (the prop is missing, is not a Number, or the result
//! would not be a number) is left to the interpreter, statement by statement, which makes it
//! or words the error exactly as it always does: the result is the interpreter's in every case.

use super::world::{global_in, same_text, World};
use crate::entity::EntityId;
use crate::exec::steps::{self, step_number, StepBy};
use crate::features::catalog::PropSlot;
use crate::script::program::{MethodCall, Stmt, StmtKind, Target};
use crate::vars::{GVar, NumberStep};

/// One statement of a consequent, worked out.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Change {
    place: Place,
    step: NumberStep,
    by: f64,
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
    /// The agent running the consequent (the rule's first blueprint).
    First,
    /// The other agent (the rule's second blueprint).
    Second,
}

/// `body` worked out, one change per statement; `None` when a statement is anything else.
/// `first` and `second` are the names of the rule's blueprints, which the body's targets are
/// bound to as the interpreter binds them: the first blueprint's name wins when both are one.
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
            let (step, by) = number_step(call)?;
            Some(Change { place, step, by })
        })
        .collect()
}

/// The step and number of a call such as `add 1`: only a number written out, since nothing
/// here can evaluate an expression.
fn number_step(call: &MethodCall) -> Option<(NumberStep, f64)> {
    match steps::number_step(call)? {
        (step, StepBy::Written(n)) => Some((step, n)),
        (_, StepBy::Computed(..)) => None,
    }
}

/// Whether `changes` read and change nothing of a rule's two agents (only Global props):
/// then every passing pair runs the consequent to the same effect, whichever pair it is.
pub(crate) fn same_for_every_pair(changes: &[Change]) -> bool {
    changes
        .iter()
        .all(|change| matches!(change.place, Place::Global(_)))
}

impl Change {
    /// Makes the change for the pair `first`, `second`; false, with nothing changed, when the
    /// interpreter must run the statement instead.
    #[inline]
    pub(crate) fn apply(&self, world: &mut World, first: EntityId, second: EntityId) -> bool {
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
        self.apply_to(var)
    }

    /// Makes the change to `var`, found already; false, with nothing changed, when the
    /// interpreter must run the statement instead.
    #[inline]
    pub(crate) fn apply_to(&self, var: Option<&mut GVar>) -> bool {
        step_number(var, self.step, self.by)
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
    use crate::script::program::{Arg, FeatPropRef, PropRef};
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
        assert_eq!((found[0].step, found[0].by), (NumberStep::Add, 1.0));
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
}

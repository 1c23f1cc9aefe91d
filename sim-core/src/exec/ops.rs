//! Runs the lowered form the tick runs ([`super::lower`]) as one agent, with the other
//! agent of a `when` pair in context.
//!
//! An operation's plain case is made straight on the world; any other case changes nothing
//! (a random number drawn on the way is put back) and runs the statement as written in the
//! plain interpreter ([`Runner`]), which is lent this run's value stack, so statements run as
//! written share one stack as they would in one runner.

use super::{timer_due, Runner};
use crate::agent::{Agent, Agents, Bindings};
use crate::entity::EntityId;
use crate::exec::lower::{Decide, Op, Operand, Place, Who};
use crate::features::catalog::PropSlot;
use crate::script::expr::{Code, ReadPath, Reads, Scalar, Who as ReadWho};
use crate::script::program::Stmt;
use crate::vars::{GVar, NumberStep, RandomSource, Value};
use crate::world::{World, TICKS_PER_SECOND};
use std::rc::Rc;

/// One run of lowered statements as one agent.
pub(crate) struct Cx<'w, 's> {
    world: &'w mut World,
    me: EntityId,
    /// The other agent of a `when` pair (the running agent itself outside one).
    other: EntityId,
    /// The blueprints a `when` pair binds `me` and `other` to, for statements run as
    /// written (kept apart from the agents, which change with each consequent).
    pair: Option<[usize; 2]>,
    /// The script the statements come from, for the log.
    script: &'s Rc<str>,
    /// The value stack of the statements run as written (taken from the world's spare one
    /// when the first of them runs, so a run that needs none sets up nothing).
    stack: Vec<Value>,
}

impl<'w, 's> Cx<'w, 's> {
    /// A run as agent `me` of statements from `script`.
    pub fn new(world: &'w mut World, me: EntityId, script: &'s Rc<str>) -> Cx<'w, 's> {
        Cx {
            world,
            me,
            other: me,
            pair: None,
            script,
            stack: Vec::new(),
        }
    }

    /// Binds a `when` consequent's pair, agent `a` of blueprint `blueprints[0]` and `b` of
    /// `blueprints[1]`: it runs as `a`, on an empty value stack; an agent removed since runs
    /// nothing. One run context serves each consequent of a rule in turn.
    pub fn bind(&mut self, blueprints: [usize; 2], a: EntityId, b: EntityId) {
        self.me = a;
        self.other = b;
        self.pair = Some(blueprints);
        self.stack.clear();
    }

    /// Runs as agent `me` from now on, with no pair bound, on an empty value stack (one run
    /// context serves a run of agents of one blueprint in turn); answers the blueprint of
    /// `me`, or `None` when it was removed.
    pub fn run_as(&mut self, me: EntityId) -> Option<usize> {
        self.me = me;
        self.other = me;
        self.pair = None;
        self.stack.clear();
        self.world.agents.get(me).map(|agent| agent.blueprint)
    }

    /// Runs `ops` in order (nothing when the running agent was removed).
    pub fn run(&mut self, ops: &[Op]) {
        if !self.world.agents.contains(self.me) {
            return;
        }
        self.run_ops(ops);
    }

    fn run_ops(&mut self, ops: &[Op]) {
        for op in ops {
            // Each operation is charged the statements it stands for, as the interpreter
            // charges them one by one, so both ways stop at the same statement. One that
            // stands for more statements than the budget has left runs them as written, each
            // charged, so the tick stops part way through exactly as the interpreter's does.
            let statements = op.statements();
            if statements > 1 && self.world.budget.left() < statements {
                if let Some(source) = op.source() {
                    self.with_runner(|runner| runner.run(source));
                }
                return;
            }
            if !self.world.budget.charge(statements) {
                let (line, col) = op.place();
                self.world.stopped_at(self.script, line, col);
                return;
            }
            match op {
                Op::Step {
                    place,
                    step,
                    by,
                    source,
                } => {
                    if !self.step(place, *step, by) {
                        self.as_written(source);
                    }
                }
                Op::Set {
                    place,
                    value,
                    source,
                } => {
                    if !self.set(place, value) {
                        self.as_written(source);
                    }
                }
                Op::FeatSet {
                    who,
                    slot,
                    value,
                    floor,
                    source,
                } => {
                    if !self.feat_set(*who, *slot, value, *floor) {
                        self.as_written(source);
                    }
                }
                Op::If {
                    decide,
                    then,
                    otherwise,
                    source,
                } => {
                    let yes = match self.decide(decide) {
                        Some(yes) => Some(yes),
                        None => self.decide_as_written(source),
                    };
                    let branch = match yes {
                        Some(true) => then,
                        Some(false) => otherwise,
                        None => continue,
                    };
                    // Most `if`s have no `else`, and most tests fail on most ticks.
                    if !branch.is_empty() {
                        self.run_ops(branch);
                    }
                }
                Op::Every {
                    at: _,
                    key,
                    period,
                    run_at_start,
                    body,
                } => {
                    let frames = period * f64::from(TICKS_PER_SECOND);
                    if timer_due(self.world, self.me, *key, frames, *run_at_start) {
                        self.run_ops(body);
                    }
                }
                Op::Plain(stmt) => self.as_written(std::slice::from_ref(stmt)),
            }
        }
    }

    /// The agent `who` names.
    #[inline]
    fn id(&self, who: Who) -> EntityId {
        match who {
            Who::Me => self.me,
            Who::Other => self.other,
        }
    }

    /// The Number at `place`, if there is one; found as the interpreter finds it.
    #[inline]
    fn number_at(&mut self, place: &Place) -> Option<&mut crate::vars::NumberVar> {
        let var = match place {
            Place::Prop(who, key) => {
                let id = self.id(*who);
                self.world.agents.prop_keyed_mut(id, key)?
            }
            Place::Feat(who, slot) => {
                let id = self.id(*who);
                (self.world.agents.feature_mut(id, slot.kind)?).into_prop_at_mut(*slot)?
            }
            Place::Global(global) => global.find(&mut self.world.globals)?,
        };
        match var {
            GVar::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The number `operand` gives, if it gives one. A number written in the script (`add 1`,
    /// `setPose 0`: most operands) is read where the statement runs; in WASM a call that
    /// returns an optional number passes it through memory.
    #[inline(always)]
    fn number(&mut self, operand: &Operand) -> Option<f64> {
        match operand {
            Operand::Number(n) => Some(*n),
            Operand::Code(code) => self.computed(code),
        }
    }

    /// The number `code` computes, if it computes one.
    #[inline(never)]
    fn computed(&mut self, code: &Code) -> Option<f64> {
        match code.scalar(self)? {
            Scalar::Number(n) => Some(n),
            Scalar::Boolean(_) => None,
        }
    }

    /// Runs `f`, which may draw random numbers; when it gives up (`false`), the generator is
    /// put back as it was.
    #[inline]
    fn undrawn(&mut self, draws: bool, f: impl FnOnce(&mut Self) -> bool) -> bool {
        if !draws {
            return f(self);
        }
        let before = self.world.rng.clone();
        let done = f(self);
        if !done {
            self.world.rng = before;
        }
        done
    }

    /// [`Op::Step`]: true when made.
    #[inline]
    fn step(&mut self, place: &Place, step: NumberStep, by: &Operand) -> bool {
        self.undrawn(by.draws(), |cx| match cx.number(by) {
            Some(n) => cx.number_at(place).is_some_and(|var| var.step(step, n)),
            None => false,
        })
    }

    /// [`Op::Set`]: true when made. The value passes the stack's limit as a push would.
    fn set(&mut self, place: &Place, value: &crate::script::expr::Code) -> bool {
        if self.stack.len() >= super::MAX_STACK {
            return false;
        }
        self.undrawn(value.draws(), |cx| match value.scalar(cx) {
            Some(Scalar::Number(n)) => cx
                .number_at(place)
                .is_some_and(|var| var.step(NumberStep::SetTo, n)),
            _ => false,
        })
    }

    /// [`Op::FeatSet`]: true when made. The feature is not attached here (the method as
    /// written attaches it).
    fn feat_set(
        &mut self,
        who: Who,
        slot: crate::features::catalog::PropSlot,
        value: &Operand,
        floor: f64,
    ) -> bool {
        self.undrawn(value.draws(), |cx| {
            let Some(n) = cx.number(value).filter(|n| n.is_finite()) else {
                return false;
            };
            let id = cx.id(who);
            let var = (cx.world.agents.feature_mut(id, slot.kind))
                .and_then(|feature| feature.into_prop_at_mut(slot));
            match var {
                Some(GVar::Number(var)) => var.step(
                    NumberStep::SetTo,
                    crate::features::costume::at_least(n, floor),
                ),
                _ => false,
            }
        })
    }

    /// An `if`'s test decided plainly, or `None` when it must be decided as written.
    fn decide(&mut self, decide: &Decide) -> Option<bool> {
        match decide {
            Decide::Code(code) => {
                let mark = code.draws().then(|| self.world.rng.clone());
                let yes = code.scalar(self).map(Scalar::is_truthy);
                if let (None, Some(rng)) = (yes, mark) {
                    self.world.rng = rng;
                }
                yes
            }
            Decide::Compare(place, compare, by) => {
                let mut yes = None;
                self.undrawn(by.draws(), |cx| {
                    let Some(n) = cx.number(by) else {
                        return false;
                    };
                    yes = cx.number_at(place).map(|var| compare.holds(var.value(), n));
                    yes.is_some()
                });
                yes
            }
            Decide::AsWritten => None,
        }
    }

    /// The test of `source`, an `if`, decided as written; `None` when it failed (the error
    /// is logged and neither branch runs).
    fn decide_as_written(&mut self, source: &Stmt) -> Option<bool> {
        let crate::script::program::StmtKind::If { test, .. } = &source.kind else {
            return None;
        };
        self.with_runner(|runner| runner.decide(source, test))
    }

    /// Runs `stmts` as written, on this run's value stack (they were charged to the budget
    /// as the operation standing for them).
    fn as_written(&mut self, stmts: &[Stmt]) {
        self.with_runner(|runner| runner.run_paid(stmts));
    }

    /// Runs `f` with the plain interpreter, lent this run's value stack.
    #[inline(never)]
    fn with_runner<T>(&mut self, f: impl FnOnce(&mut Runner<'_>) -> T) -> T {
        let mut stack = std::mem::take(&mut self.stack);
        if stack.capacity() == 0 {
            stack = self.world.take_stack();
        }
        let bindings = self
            .pair
            .map(|[a, b]| [(a, self.me), (b, self.other)] as Bindings);
        let mut runner = Runner::with(self.world, self.me, self.script, bindings, stack);
        let out = f(&mut runner);
        self.stack = std::mem::take(&mut runner.stack);
        out
    }
}

impl Drop for Cx<'_, '_> {
    /// Hands the (emptied) value stack back to the world for the next run.
    fn drop(&mut self) {
        self.world.keep_stack(&mut self.stack);
    }
}

/// `agent`'s feature prop at `slot`: out of line, so the typed code that reads props inlines
/// the read of an added prop, the common case, and stays small.
#[inline(never)]
fn feat_prop<'a>(agents: &'a Agents, agent: &Agent, slot: PropSlot) -> Option<&'a GVar> {
    agents.feature_of(agent, slot.kind)?.prop_at(slot)
}

impl Reads for Cx<'_, '_> {
    #[inline(always)]
    fn scalar(&self, who: &ReadWho, path: &ReadPath) -> Option<Scalar> {
        let agent = self.world.agents.get(self.read_id(who)?)?;
        let var = match path {
            ReadPath::Builtin(prop) => return self.world.agents.builtin_scalar(agent, prop),
            ReadPath::Added(prop) => self.world.agents.prop_keyed_in_slot(agent.agent(), prop)?,
            ReadPath::FeatProp(slot) => feat_prop(&self.world.agents, agent.agent(), *slot)?,
        };
        match var {
            GVar::Number(n) => Some(Scalar::Number(n.value())),
            GVar::Boolean(b) => Some(Scalar::Boolean(b.value())),
            GVar::String(_) | GVar::Dictionary(_) => None,
        }
    }

    fn text_is(&self, who: &ReadWho, path: &ReadPath, text: &str) -> Option<bool> {
        let agent = self.world.agents.get(self.read_id(who)?)?;
        let var = match path {
            ReadPath::Builtin(prop) if prop == "type" => {
                return Some(self.world.blueprints.name_ref(agent.blueprint) == text)
            }
            ReadPath::Builtin(prop) => {
                return match self.world.agents.builtin(agent, prop)? {
                    Value::String(s) => Some(s == text),
                    _ => None,
                }
            }
            ReadPath::Added(prop) => self.world.agents.prop_keyed_in_slot(agent.agent(), prop)?,
            ReadPath::FeatProp(slot) => feat_prop(&self.world.agents, agent.agent(), *slot)?,
        };
        match var {
            GVar::String(s) => Some(s.value() == text),
            _ => None,
        }
    }

    fn random(&mut self) -> f64 {
        self.world.rng.next_f64()
    }
}

impl Cx<'_, '_> {
    /// The agent a read starts from; `None` for a name bound to neither agent in context
    /// (the expression as written says why).
    #[inline]
    fn read_id(&self, who: &ReadWho) -> Option<EntityId> {
        match who {
            ReadWho::Agent => Some(self.me),
            ReadWho::Other => Some(self.other),
            ReadWho::Named(_) => None,
        }
    }
}

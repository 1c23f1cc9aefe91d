//! What statements do: the plain interpreter ([`Runner`]), which runs compiled statements as
//! written for one agent — the value stack, `if`s, `every` timers, property and
//! feature-property methods, feature calls — and the runner of the lowered form the tick runs
//! ([`ops`]), which hands every case it does not handle plainly to the interpreter. The
//! reference interpreter is the plain interpreter run on every statement.
//!
//! A failing statement never stops the simulation: its error goes to the [`log::Log`] (once
//! per source line, with the script, line and column), the agent skips that statement and
//! goes on with the next.

mod context;
pub(crate) mod counted;
pub(crate) mod loaded;
pub(crate) mod lower;
pub(crate) mod ops;
mod props;

/// The runtime log, which lives with the world ([`crate::world::log`]).
pub(crate) use context::Obj;

use crate::agent::{Bindings, TimerState};
use crate::entity::EntityId;
use crate::script::expr::{EvalError, Value as ExprValue};
use crate::script::program::{Arg, Every, ScriptExpr, StackOp, Stmt, StmtKind, Target, Test};
use crate::vars::{GVar, RandomSource, Value};
use crate::world::World;
use std::rc::Rc;

/// A statement's failure, as the log shows it.
pub(crate) type Failure = String;

/// The failure of a line that needs a character that was removed.
pub(crate) const REMOVED: &str = "the character was removed";

/// "first", "second" ... for the value at `index` (from 0) of a method's list.
pub(crate) fn ordinal(index: usize) -> String {
    match index {
        0 => "first".to_owned(),
        1 => "second".to_owned(),
        2 => "third".to_owned(),
        i => format!("{}th", i + 1),
    }
}

/// The most values one run of a script may leave on its value stack: `exprPush` without a
/// matching pop in a long run stops here with an error instead of growing.
pub const MAX_STACK: usize = 1_000;

/// Evaluated method arguments: held on the stack for the few a statement takes, so running a
/// statement every tick does not allocate.
pub(crate) type Values = smallvec::SmallVec<[Value; 3]>;

/// Runs statements as one agent, in the context of up to two agents bound by blueprint name.
pub(crate) struct Runner<'w> {
    /// The world the statements change.
    pub world: &'w mut World,
    /// The agent running them (`agent`).
    pub me: EntityId,
    /// Blueprint names bound by a `when` rule.
    pub bindings: Option<Bindings>,
    /// The script the statements come from, for the log.
    pub script: Rc<str>,
    /// The value stack (`exprPush`, `propPop` ...).
    pub stack: Vec<Value>,
    /// Line and column of the statement running, for warnings raised inside it.
    pub at: (u32, u32),
}

impl<'w> Runner<'w> {
    /// A runner for agent `me` with statements from `script`.
    pub fn new(world: &'w mut World, me: EntityId, script: Rc<str>) -> Runner<'w> {
        let stack = world.take_stack();
        Runner {
            world,
            me,
            bindings: None,
            script,
            stack,
            at: (0, 0),
        }
    }

    /// A runner for agent `me`, with `bindings`, on `stack` (the value stack of the lowered
    /// statements it runs for, see [`ops`]).
    pub(crate) fn with(
        world: &'w mut World,
        me: EntityId,
        script: &Rc<str>,
        bindings: Option<Bindings>,
        stack: Vec<Value>,
    ) -> Runner<'w> {
        Runner {
            world,
            me,
            bindings,
            script: Rc::clone(script),
            stack,
            at: (0, 0),
        }
    }

    /// Runs `stmts` in order; a failing statement is logged and skipped. Each statement is
    /// charged to the tick's [budget](crate::world::budget): once it is spent, nothing more
    /// runs.
    pub fn run(&mut self, stmts: &[Stmt]) {
        self.run_stmts(stmts, true);
    }

    /// [`Runner::run`] for statements already charged to the budget (a lowered operation
    /// handing its source to the interpreter); the blocks they run are charged as usual.
    pub(crate) fn run_paid(&mut self, stmts: &[Stmt]) {
        self.run_stmts(stmts, false);
    }

    fn run_stmts(&mut self, stmts: &[Stmt], charge: bool) {
        for stmt in stmts {
            if !self.world.agents.contains(self.me) {
                return;
            }
            if charge && !self.world.budget.charge(1) {
                self.stopped_at(stmt.line, stmt.col);
                return;
            }
            self.at = (stmt.line, stmt.col);
            if let Err(message) = self.step(stmt) {
                if self.world.budget.over() {
                    // It failed because the tick's budget ran out: that is logged already,
                    // and nothing more runs.
                    return;
                }
                let at = self.world.origin(&self.script, stmt.line, stmt.col);
                self.world.log.error(at, message);
            }
        }
    }

    /// Charges `units` of work (agents a loop visits, agents made) to the tick's budget at
    /// the statement running; false when it is spent and the work must not be done.
    pub(crate) fn charge(&mut self, units: u64) -> bool {
        if self.world.budget.charge(units) {
            return true;
        }
        self.stopped_at(self.at.0, self.at.1);
        false
    }

    /// Charges a pass that looks at `agents` agents (a name, a flag) to the tick's budget:
    /// one unit per 16 agents, as such a look costs a fraction of a statement. Fails when the
    /// budget is spent.
    pub(crate) fn charge_scan(&mut self, agents: usize) -> Result<(), Failure> {
        if self.charge(1 + agents as u64 / 16) {
            Ok(())
        } else {
            Err("this tick has already done as much work as it may".to_string())
        }
    }

    fn step(&mut self, stmt: &Stmt) -> Result<(), Failure> {
        match &stmt.kind {
            StmtKind::AddProp { name, ty, initial } => self.add_prop(name, *ty, initial.as_ref()),
            StmtKind::AddFeature(name) => self.add_feature(self.me, name),
            StmtKind::Prop(r, call) => self.with_args(&call.args, |runner, values| {
                runner.call_prop(r, &call.method, values).map(drop)
            }),
            StmtKind::FeatProp(r, call) => self.with_args(&call.args, |runner, values| {
                runner.call_feat_prop(r, &call.method, values).map(drop)
            }),
            StmtKind::FeatCall {
                target,
                feature,
                method,
                args,
            } => {
                let id = self.resolve(target)?;
                crate::features::dispatch::call(self, id, feature, *method, args)
            }
            StmtKind::GlobalProp { name, call } => self.with_args(&call.args, |runner, values| {
                crate::features::global::prop_call(runner.world, name, &call.method, values)
            }),
            StmtKind::PropPush(r) => {
                let value = self.read_prop(r)?;
                self.push(value)
            }
            StmtKind::PropPop(r) => {
                let value = self.pop()?;
                self.call_prop(r, "setTo", &[value]).map(drop)
            }
            StmtKind::FeatPropPush(r) => {
                let value = self.read_feat_prop(r)?;
                self.push(value)
            }
            StmtKind::FeatPropPop(r) => {
                let value = self.pop()?;
                self.call_feat_prop(r, "setTo", &[value]).map(drop)
            }
            StmtKind::ExprPush(e) => {
                let value = self.eval(e)?;
                self.push(value)
            }
            StmtKind::If {
                test,
                then,
                otherwise,
            } => {
                let branch = if self.test(test)? { then } else { otherwise };
                // Most `if`s have no `else`, and most tests fail on most ticks.
                if !branch.is_empty() {
                    self.run(branch);
                }
                Ok(())
            }
            StmtKind::Every(every) => {
                self.nested_every(every);
                Ok(())
            }
            StmtKind::DbgOut(args) => self.dbg_out(stmt, args),
            StmtKind::DbgStack => {
                let text = format!("stack: {:?}", self.stack);
                self.debug(stmt, text);
                Ok(())
            }
            StmtKind::DbgTick => Ok(()),
            StmtKind::DbgContext => {
                let text = self.describe_context();
                self.debug(stmt, text);
                Ok(())
            }
            StmtKind::DbgError(text) => Err(text.clone()),
            StmtKind::RandomPos { min, max, whole } => self.random_pos(*min, *max, *whole),
            StmtKind::Stack(op) => self.stack_op(*op),
        }
    }

    /// The agent a statement addresses.
    pub fn resolve(&self, target: &Target) -> Result<EntityId, Failure> {
        match target {
            Target::Agent => Ok(self.me),
            Target::Blueprint(name) => self.bound(name).ok_or_else(|| self.unbound(name)),
        }
    }

    /// The agent a blueprint name is bound to here: a `when` binding, or the running agent
    /// when it is of that blueprint.
    pub fn bound(&self, name: &str) -> Option<EntityId> {
        let blueprints = &self.world.blueprints;
        if let Some(bindings) = &self.bindings {
            if let Some((_, id)) = bindings
                .iter()
                .find(|(bp, _)| blueprints.name_ref(*bp) == name)
            {
                return Some(*id);
            }
        }
        let me = self.world.agents.get(self.me)?;
        (blueprints.name_ref(me.blueprint) == name).then_some(self.me)
    }

    /// The error of a blueprint name that binds no agent here: the running agent is of
    /// another blueprint (a block run on characters of any blueprint, `tellAllCharacters`,
    /// reaches those too) and no `when` names it.
    fn unbound(&self, name: &str) -> Failure {
        match self.world.agents.get(self.me) {
            Some(me) => format!(
                "'{name}' is no character here: this line runs for {}, a {}, and no 'when' \
                 names {name}",
                me.name,
                self.world.blueprints.name_ref(me.blueprint)
            ),
            None => REMOVED.to_string(),
        }
    }

    /// Evaluates an expression as a plain value.
    pub fn eval(&mut self, e: &ScriptExpr) -> Result<Value, Failure> {
        let value = self.eval_raw(e)?;
        plain(value)
    }

    /// Evaluates an expression, objects included, as written.
    pub fn eval_raw(&mut self, e: &ScriptExpr) -> Result<ExprValue<Obj>, Failure> {
        e.tree.eval(self).map_err(|err| failure(e, &err))
    }

    /// Evaluates arguments to plain values (a block is not a value).
    pub fn args(&mut self, args: &[Arg]) -> Result<Values, Failure> {
        let mut values = Values::new();
        for arg in args {
            values.push(self.arg(arg)?);
        }
        Ok(values)
    }

    /// Runs `then` with `args` evaluated. One argument, what most method calls take, is
    /// evaluated on its own rather than into a list.
    pub fn with_args<T>(
        &mut self,
        args: &[Arg],
        then: impl FnOnce(&mut Self, &[Value]) -> Result<T, Failure>,
    ) -> Result<T, Failure> {
        match args {
            // A value written out in the script (`add 1`) is passed as it is, not copied.
            [Arg::Literal(value)] => return then(self, std::slice::from_ref(value)),
            [arg] => {
                let value = self.arg(arg)?;
                return then(self, std::slice::from_ref(&value));
            }
            _ => {}
        }
        let values = self.args(args)?;
        then(self, &values)
    }

    /// Evaluates one argument.
    pub fn arg(&mut self, arg: &Arg) -> Result<Value, Failure> {
        match arg {
            Arg::Literal(v) => Ok(v.clone()),
            Arg::Expr(e) => self.eval(e),
            Arg::Ref(r) => self.read_prop(r),
            Arg::Block(_) => Err("a [[ ]] block cannot be used as a value here".to_string()),
        }
    }

    /// Puts a value on the stack, refused past [`MAX_STACK`].
    pub(crate) fn push(&mut self, value: Value) -> Result<(), Failure> {
        if self.stack.len() >= MAX_STACK {
            return Err(format!(
                "the stack is full: {MAX_STACK} saved values were never taken back with \
                 propPop or featPropPop"
            ));
        }
        self.stack.push(value);
        Ok(())
    }

    fn pop(&mut self) -> Result<Value, Failure> {
        self.stack.pop().ok_or_else(|| {
            "the stack is empty: save a value first with propPush, featPropPush or exprPush"
                .to_string()
        })
    }

    /// Whether an `if`'s test passes; an error is logged at `stmt`, the `if`, and gives
    /// `None` (neither branch runs).
    pub(crate) fn decide(&mut self, stmt: &Stmt, test: &Test) -> Option<bool> {
        self.at = (stmt.line, stmt.col);
        match self.test(test) {
            Ok(yes) => Some(yes),
            Err(message) => {
                let at = self.world.origin(&self.script, stmt.line, stmt.col);
                self.world.log.error(at, message);
                None
            }
        }
    }

    fn test(&mut self, test: &Test) -> Result<bool, Failure> {
        Ok(match test {
            Test::Expr(e) => self.eval_raw(e)?.is_truthy(),
            Test::Block(block) => {
                let depth = self.stack.len();
                self.run(block);
                let result = if self.stack.len() > depth {
                    self.pop()?
                } else {
                    Value::Null
                };
                truthy(&result)
            }
            Test::Prop(r, call) => {
                let args = self.args(&call.args)?;
                truthy(
                    &self
                        .call_prop(r, &call.method, &args)?
                        .unwrap_or(Value::Null),
                )
            }
            Test::FeatProp(r, call) => {
                let args = self.args(&call.args)?;
                truthy(
                    &self
                        .call_feat_prop(r, &call.method, &args)?
                        .unwrap_or(Value::Null),
                )
            }
        })
    }

    /// Runs a top-level timer of the running agent if it is due this tick (charged to the
    /// budget as the statement it is).
    pub fn top_level_every(&mut self, every: &Every) {
        let (line, col, _) = every.timer_key();
        if !self.world.budget.charge(1) {
            self.stopped_at(line, col);
            return;
        }
        self.nested_every(every);
    }

    /// Notes that the tick's budget ran out at `line`, `col` of this runner's script (the
    /// first place it ran out is kept).
    pub(crate) fn stopped_at(&mut self, line: u32, col: u32) {
        self.world.stopped_at(&self.script, line, col);
    }

    fn nested_every(&mut self, every: &Every) {
        if self.timer_due(every) {
            self.run(&every.body);
        }
    }

    /// Whether an `every` fires on this run of its statement, counting the run.
    fn timer_due(&mut self, every: &Every) -> bool {
        let frames = every.period * f64::from(crate::world::TICKS_PER_SECOND);
        timer_due(
            self.world,
            self.me,
            every.timer_key(),
            frames,
            every.run_at_start,
        )
    }

    fn dbg_out(&mut self, stmt: &Stmt, args: &[Arg]) -> Result<(), Failure> {
        let values = self.args(args)?;
        let text: Vec<String> = values
            .iter()
            .map(|v| v.as_text().unwrap_or_else(|| "null".to_string()))
            .collect();
        let line = format!("{}: {}", self.describe_me(), text.join(" "));
        self.debug(stmt, line);
        Ok(())
    }

    fn debug(&mut self, stmt: &Stmt, text: String) {
        let at = self.world.origin(&self.script, stmt.line, stmt.col);
        self.world.log.debug(at, text);
    }

    fn describe_me(&self) -> String {
        self.world
            .agents
            .get(self.me)
            .map_or_else(String::new, |a| a.name.to_string())
    }

    fn describe_context(&self) -> String {
        let mut parts = vec![format!("agent = {}", self.describe_me())];
        for (bp, id) in self.bindings.iter().flatten() {
            let name = self.world.blueprints.name_ref(*bp);
            let agent = self
                .world
                .agents
                .get(*id)
                .map_or("(removed)", |a| &*a.agent().name);
            parts.push(format!("{name} = {agent}"));
        }
        parts.join(", ")
    }

    fn random_pos(&mut self, min: f64, max: f64, whole: bool) -> Result<(), Failure> {
        let pick = |rng: &mut rand_pcg::Pcg32| {
            let v = min + rng.next_f64() * (max - min);
            if whole {
                v.floor()
            } else {
                v
            }
        };
        let (x, y) = (pick(&mut self.world.rng), pick(&mut self.world.rng));
        let mut agent = self.world.agents.get_mut(self.me).ok_or(REMOVED)?;
        *agent.x_mut() = x;
        *agent.y_mut() = y;
        Ok(())
    }

    fn stack_op(&mut self, op: StackOp) -> Result<(), Failure> {
        let top = self.pop()?;
        let second = self.pop()?;
        let (a, b) = match (second.as_number(), top.as_number()) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                let keyword = match op {
                    StackOp::Add => "stackAdd",
                    StackOp::Sub => "stackSub",
                    StackOp::Mul => "stackMul",
                    StackOp::Div => "stackDiv",
                };
                return Err(format!(
                    "{keyword} needs two numbers on the stack, not {} and {}",
                    second.describe(),
                    top.describe()
                ));
            }
        };
        let result = match op {
            StackOp::Add => a + b,
            StackOp::Sub => a - b,
            StackOp::Mul => a * b,
            StackOp::Div if b == 0.0 => return Err("stackDiv cannot divide by zero".to_string()),
            StackOp::Div => a / b,
        };
        self.push(Value::Number(result))
    }

    fn add_prop(
        &mut self,
        name: &str,
        ty: crate::vars::VarType,
        initial: Option<&Value>,
    ) -> Result<(), Failure> {
        let var = GVar::new(ty, initial).map_err(|e| e.to_string())?;
        self.world.agents.set_prop(self.me, name, var)
    }

    /// Attaches a feature with its catalog defaults (a second `addFeature` changes nothing).
    pub fn add_feature(&mut self, id: EntityId, name: &str) -> Result<(), Failure> {
        let spec = crate::features::feature(name)
            .ok_or_else(|| format!("there is no feature '{name}'"))?;
        let kind = crate::features::catalog::FeatureKind::named(spec.name);
        self.world
            .agents
            .feature_or_new(id, kind)
            .map(drop)
            .ok_or_else(|| REMOVED.into())
    }
}

impl Drop for Runner<'_> {
    /// Hands the (emptied) value stack back to the world, so the next runner reuses its
    /// memory instead of allocating one per agent per tick.
    fn drop(&mut self) {
        self.world.keep_stack(&mut self.stack);
    }
}

/// Whether agent `id`'s timer `key` fires on this run of its `every` statement, counting the
/// run. GEMSTEP's rule: with `frames` = seconds × 30, it fires on the first run whose count
/// since the last firing (or since the first run, before any) is more than `frames`, so
/// `every 1` fires on runs 31, 62, 93…; `run_at_start` also fires on run 0, then 31, 62…
#[inline]
pub(crate) fn timer_due(
    world: &mut World,
    id: EntityId,
    key: (u32, u32, usize),
    frames: f64,
    run_at_start: bool,
) -> bool {
    let Some(timers) = world.agents.timers_of(id) else {
        return false;
    };
    let at = match timers.iter().position(|t| t.key == key) {
        Some(at) => at,
        None => {
            timers.push(TimerState {
                key,
                calls: 0,
                fired_at: TimerState::NEVER,
            });
            timers.len() - 1
        }
    };
    let Some(timer) = timers.get_mut(at) else {
        return false;
    };
    let run = timer.calls;
    timer.calls = run.saturating_add(1);
    let never = timer.fired_at == TimerState::NEVER;
    let since = run.saturating_sub(if never { 0 } else { timer.fired_at });
    let fire = since as f64 > frames || (run_at_start && never);
    if fire {
        timer.fired_at = run;
    }
    fire
}

/// A script value's truth, as `if` tests it.
pub(crate) fn truthy(value: &Value) -> bool {
    match value {
        Value::Boolean(b) => *b,
        Value::Number(n) => *n != 0.0 && !n.is_nan(),
        Value::String(s) => !s.is_empty() && s != "false",
        Value::Null => false,
    }
}

/// An expression's value as a plain script value; agents and props are not plain values.
pub(crate) fn plain(value: ExprValue<Obj>) -> Result<Value, Failure> {
    Ok(match value {
        ExprValue::Number(n) => Value::Number(n),
        ExprValue::String(s) => Value::String(s),
        ExprValue::Boolean(b) => Value::Boolean(b),
        ExprValue::Null => Value::Null,
        ExprValue::Object(_) => {
            return Err(
                "this expression gives a character or a property, not a value: add .value at \
                 the end, like agent.getProp('energy').value"
                    .to_string(),
            )
        }
    })
}

/// The log's message for expression `e` failing with `err`.
fn failure(e: &ScriptExpr, err: &EvalError) -> Failure {
    format!("in {{{{ {} }}}}: {err}", e.text)
}

/// A plain script value as an expression value (of any context's objects: the runtime's, or
/// an experiment measure's).
pub(crate) fn to_expr<O>(value: Value) -> ExprValue<O> {
    match value {
        Value::Number(n) => ExprValue::Number(n),
        Value::String(s) => ExprValue::String(s),
        Value::Boolean(b) => ExprValue::Boolean(b),
        Value::Null => ExprValue::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_values_are_true_as_javascript_tests_them() {
        assert!(truthy(&Value::Number(2.0)));
        assert!(!truthy(&Value::Number(0.0)));
        assert!(!truthy(&Value::String(String::new())));
        assert!(!truthy(&Value::String("false".into())));
        assert!(!truthy(&Value::Null));
        assert_eq!(plain(ExprValue::Number(1.0)), Ok(Value::Number(1.0)));
        assert!(plain(ExprValue::Object(Obj::Props(
            crate::entity::Entities::new().spawn().unwrap()
        )))
        .is_err());
    }
}

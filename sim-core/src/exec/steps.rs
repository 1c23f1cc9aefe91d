//! The statements scripts run most, `add`, `sub` or `setTo` a number on a Number prop
//! (`prop energy add 1`, `featProp Movement direction add {{ Math.random() * 10 - 5 }}`,
//! `featCall Global globalProp count add 1`), run without building method arguments as values
//! or dispatching the method by name.
//!
//! The argument is evaluated first, exactly as the full path evaluates it (random numbers are
//! drawn in the same order); when the prop is not a Number or the change would not give a
//! number, the full path runs with the value already evaluated, and words any error as it
//! always does.

use super::{failure, Failure, Runner};
use crate::agent::Agent;
use crate::script::program::{MethodCall, Target};
use crate::vars::{GVar, NumberStep, RandomSource, Value};
pub(crate) use crate::world::direct::number_step;
use crate::world::direct::{step_number, StepBy};

impl Runner<'_> {
    /// The number of a [`number_step`], evaluated as [`Runner::arg`] evaluates it.
    fn step_by(&mut self, by: StepBy<'_>) -> Result<f64, Failure> {
        match by {
            StepBy::Written(n) => Ok(n),
            StepBy::Computed(e, code) => code
                .number(|| self.world.rng.next_f64())
                .map_err(|err| failure(e, &err)),
        }
    }

    /// `prop` or `featProp` with a number step: the Number `var` finds in the agent `target`
    /// names is stepped in place; otherwise `full`, the statement's full path, runs with the
    /// number already evaluated.
    pub(super) fn agent_prop_step(
        &mut self,
        target: &Target,
        (step, by): (NumberStep, StepBy<'_>),
        var: impl FnOnce(&mut Agent) -> Option<&mut GVar>,
        full: impl FnOnce(&mut Self, &[Value]) -> Result<Option<Value>, Failure>,
    ) -> Result<(), Failure> {
        let n = self.step_by(by)?;
        let stepped = match self.resolve(target) {
            Ok(id) => step_number(self.world.agents.get_mut(id).and_then(var), step, n),
            Err(_) => false,
        };
        if stepped {
            return Ok(());
        }
        full(self, &[Value::Number(n)]).map(drop)
    }

    /// `featCall Global globalProp name step arg`.
    pub(super) fn global_step(
        &mut self,
        name: &str,
        call: &MethodCall,
        (step, by): (NumberStep, StepBy<'_>),
    ) -> Result<(), Failure> {
        let n = self.step_by(by)?;
        let var = crate::world::global_in(&mut self.world.globals, name);
        if step_number(var, step, n) {
            return Ok(());
        }
        crate::exec::features::global::prop_call(
            self.world,
            name,
            &call.method,
            &[Value::Number(n)],
        )
    }
}

//! Reading and calling methods on properties: built-in, added (`addProp`) and feature props.

use super::{Failure, Runner};
use crate::agent::{Agent, AgentMut, AgentRef};
use crate::entity::EntityId;
use crate::script::program::{FeatPropRef, PropRef};
use crate::vars::{GVar, Value};

impl Runner<'_> {
    /// The value of `agent.prop` for the agent a ref names.
    pub fn read_prop(&self, r: &PropRef) -> Result<Value, Failure> {
        let id = self.resolve(&r.target)?;
        self.prop_value(id, &r.prop)
    }

    /// The value of a built-in or added prop of agent `id`.
    pub fn prop_value(&self, id: EntityId, name: &str) -> Result<Value, Failure> {
        let agent = self.agent(id)?;
        if name == "type" {
            return Ok(Value::String(self.world.blueprint_name(&agent).to_string()));
        }
        if let Some(value) = self.world.agents.builtin(agent, name) {
            return Ok(value);
        }
        match self.world.agents.prop(&agent, name) {
            Some(var) => Ok(var.value()),
            None => Err(format!("{} has no property '{name}'", agent.name)),
        }
    }

    /// Calls `method` on a prop; answers what a test method answers.
    pub fn call_prop(
        &mut self,
        r: &PropRef,
        method: &str,
        args: &[Value],
    ) -> Result<Option<Value>, Failure> {
        let id = self.resolve(&r.target)?;
        self.call_prop_of(id, &r.prop, method, args)
    }

    /// Calls `method` on prop `name` of agent `id`.
    pub fn call_prop_of(
        &mut self,
        id: EntityId,
        name: &str,
        method: &str,
        args: &[Value],
    ) -> Result<Option<Value>, Failure> {
        let world = &mut *self.world;
        if let Some(var) = world.agents.prop_mut(id, name) {
            return var
                .call(method, args, &mut world.rng)
                .map_err(|e| e.to_string());
        }
        let tint = (world.agents.get(id)).and_then(|agent| world.agents.tint(&agent, name));
        let mut agent = world
            .agents
            .get_mut(id)
            .ok_or_else(|| crate::exec::REMOVED.to_string())?;
        let Some(current) = agent.as_ref().builtin_with_tint(name, tint) else {
            return Err(format!("{} has no property '{name}'", agent.name));
        };
        call_builtin(
            &mut agent,
            (name, current, tint),
            (method, args),
            &mut world.rng,
        )
    }

    /// The value of a feature prop.
    pub fn read_feat_prop(&self, r: &FeatPropRef) -> Result<Value, Failure> {
        let id = self.resolve(&r.target)?;
        let agent = self.agent(id)?;
        let feat = (self.world.agents.feature_of(&agent, r.slot.kind))
            .ok_or_else(|| no_feature(&agent, r.feature()))?;
        feat.prop_at(r.slot)
            .map(GVar::value)
            .ok_or_else(|| no_feat_prop(r.feature(), r.prop()))
    }

    /// The value of feature prop `feature.prop` of agent `id`.
    pub fn feat_prop_value(
        &self,
        id: EntityId,
        feature: &str,
        prop: &str,
    ) -> Result<Value, Failure> {
        let agent = self.agent(id)?;
        let canonical = crate::features::feature(feature).map_or(feature, |f| f.name);
        let feat = (self.world.agents.feature_named(&agent, canonical))
            .ok_or_else(|| no_feature(&agent, feature))?;
        feat.prop(prop)
            .map(GVar::value)
            .ok_or_else(|| no_feat_prop(feature, prop))
    }

    /// Calls `method` on a feature prop.
    pub fn call_feat_prop(
        &mut self,
        r: &FeatPropRef,
        method: &str,
        args: &[Value],
    ) -> Result<Option<Value>, Failure> {
        let id = self.resolve(&r.target)?;
        let world = &mut *self.world;
        let agent = world
            .agents
            .get(id)
            .ok_or_else(|| crate::exec::REMOVED.to_string())?;
        if !agent.features.has_kind(r.slot.kind) {
            return Err(no_feature(&agent, r.feature()));
        }
        let var = (world.agents.feature_mut(id, r.slot.kind))
            .and_then(|feat| feat.into_prop_at_mut(r.slot))
            .ok_or_else(|| no_feat_prop(r.feature(), r.prop()))?;
        var.call(method, args, &mut world.rng)
            .map_err(|e| e.to_string())
    }

    /// The agent `id`, or the error a removed agent gives.
    pub fn agent(&self, id: EntityId) -> Result<AgentRef<'_>, Failure> {
        self.world
            .agents
            .get(id)
            .ok_or_else(|| crate::exec::REMOVED.to_string())
    }
}

/// The error of a feature the agent lacks, naming what to add.
fn no_feature(agent: &Agent, feature: &str) -> Failure {
    format!(
        "{} does not have the feature {feature}: add the line 'addFeature {feature}' to its \
         blueprint",
        agent.name
    )
}

/// The error of a feature property the feature does not have.
fn no_feat_prop(feature: &str, prop: &str) -> Failure {
    format!("the feature {feature} has no property '{prop}'")
}

/// Runs a GVar method on a built-in prop through a shadow GVar that keeps limits between
/// calls, then writes the value back to the field. Only a shadow with more than a value is
/// kept on the agent.
fn call_builtin(
    agent: &mut AgentMut<'_>,
    (name, current, tint): (&str, Value, Option<f64>),
    (method, args): (&str, &[Value]),
    rng: &mut rand_pcg::Pcg32,
) -> Result<Option<Value>, Failure> {
    let position = agent
        .rare
        .builtin_vars()
        .iter()
        .position(|(n, _)| n == name);
    let mut var = match position {
        Some(i) => agent.rare.builtin_vars_mut().swap_remove(i).1,
        None => (agent.as_ref())
            .builtin_var(name, tint)
            .ok_or_else(|| format!("'{name}' has no methods to use"))?,
    };
    if let (GVar::Number(n), Some(v)) = (&mut var, current.as_number()) {
        n.set(v).map_err(|e| e.to_string())?;
    } else if let Some(fresh) = GVar::holding(&current) {
        if fresh.var_type() == var.var_type() {
            var = fresh;
        }
    }
    let result = var.call(method, args, rng).map_err(|e| e.to_string());
    let write = match &result {
        Ok(_) if Agent::is_writable_builtin(name) => agent.set_builtin(name, &var.value()),
        Ok(_) if var.value() != current => Err(format!(
            "'{name}' cannot be changed: it is only there to be read"
        )),
        _ => Ok(()),
    };
    // A shadow that holds nothing but the value (no limits, wrap or options) is what the
    // next call makes afresh from the field, so it is not kept: an instance's `prop x setTo`
    // leaves no shadow on the agent (it kept one for x and one for y on every agent).
    if agent.as_ref().builtin_var(name, tint).as_ref() != Some(&var) {
        agent.rare.builtin_vars_mut().push((name.into(), var));
    }
    write?;
    result
}

#[cfg(test)]
mod tests {
    use crate::agent::AgentRef;
    use crate::project::Project;
    use crate::sim::Simulation;

    fn sim(define: &str, init: &str) -> Simulation {
        let script = format!("# BLUEPRINT A\n# PROGRAM DEFINE\n{define}\n");
        let json = serde_json::json!({"id": "t", "label": "t",
            "blueprints": [{"name": "A", "label": "A", "scriptText": script}],
            "instances": [{"id": "0", "label": "a", "bpid": "A", "initScript": init}]});
        Simulation::load(Project::from_json(&json.to_string()).unwrap(), 1).unwrap()
    }

    fn agent(sim: &Simulation) -> AgentRef<'_> {
        sim.world().agents.iter().find(|a| !a.system).unwrap()
    }

    fn shadows(sim: &Simulation) -> Vec<String> {
        let names = agent(sim).agent().rare.builtin_vars().iter();
        names.map(|(n, _)| n.to_string()).collect()
    }

    #[test]
    fn a_built_in_set_to_a_value_keeps_no_shadow_and_one_with_limits_keeps_them() {
        let plain = sim("", "prop x setTo 40\nprop y setTo -20");
        assert!(shadows(&plain).is_empty());
        assert_eq!((agent(&plain).x(), agent(&plain).y()), (40.0, -20.0));

        let limited = sim("prop x setMin 10", "prop x setTo 3");
        assert_eq!(shadows(&limited), vec!["x".to_string()]);
        assert_eq!(
            agent(&limited).x(),
            10.0,
            "the limit set in define holds in init"
        );
    }
}

//! The phase machine: GEMSTEP's fixed order of work within every tick. (GEMSTEP also names
//! the steps of loading a model; `Simulation::load` does those at once, so they are not here.)
//!
//! Each phase finishes for every agent before the next starts, so a phase always sees the
//! freshest results of the ones before it (inputs before physics, conditions before the
//! agents act on them). Modules — features, conditions, graphs — *opt in* to the phases
//! they need; the machine only records who runs where, the simulation does the running.

use std::fmt;

/// One step of a tick, named as in GEMSTEP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)] // the names are GEMSTEP's; the lists below give their order
pub enum Phase {
    InputsRead,
    InputsUpdate,
    Create,
    Delete,
    Timers,
    PhysicsUpdate,
    PhysicsThink,
    InputsExec,
    AgentsUpdate,
    AgentsEvent,
    GroupsUpdate,
    FeaturesUpdate,
    GraphsUpdate,
    ConditionsUpdate,
    FeaturesThink,
    GroupsThink,
    AgentsThink,
    GroupsVeto,
    FeaturesExec,
    AgentsExec,
    GroupsExec,
    SimEval,
    RefereeEval,
    UiUpdate,
    VisUpdate,
    VisRender,
}

/// The phases of every tick, in GEMSTEP's order.
pub const TICK_PHASES: [Phase; 26] = [
    Phase::InputsRead,
    Phase::InputsUpdate,
    Phase::Create,
    Phase::Delete,
    Phase::Timers,
    Phase::PhysicsUpdate,
    Phase::PhysicsThink,
    Phase::InputsExec,
    Phase::AgentsUpdate,
    Phase::AgentsEvent,
    Phase::GroupsUpdate,
    Phase::FeaturesUpdate,
    Phase::GraphsUpdate,
    Phase::ConditionsUpdate,
    Phase::FeaturesThink,
    Phase::GroupsThink,
    Phase::AgentsThink,
    Phase::GroupsVeto,
    Phase::FeaturesExec,
    Phase::AgentsExec,
    Phase::GroupsExec,
    Phase::SimEval,
    Phase::RefereeEval,
    Phase::UiUpdate,
    Phase::VisUpdate,
    Phase::VisRender,
];

const PHASE_COUNT: usize = Phase::VisRender as usize + 1;

impl Phase {
    /// GEMSTEP's name, e.g. `AGENTS_UPDATE`.
    pub fn name(self) -> &'static str {
        PHASE_NAMES[self as usize]
    }
}

const PHASE_NAMES: [&str; PHASE_COUNT] = [
    "INPUTS_READ",
    "INPUTS_UPDATE",
    "CREATE",
    "DELETE",
    "TIMERS",
    "PHYSICS_UPDATE",
    "PHYSICS_THINK",
    "INPUTS_EXEC",
    "AGENTS_UPDATE",
    "AGENTS_EVENT",
    "GROUPS_UPDATE",
    "FEATURES_UPDATE",
    "GRAPHS_UPDATE",
    "CONDITIONS_UPDATE",
    "FEATURES_THINK",
    "GROUPS_THINK",
    "AGENTS_THINK",
    "GROUPS_VETO",
    "FEATURES_EXEC",
    "AGENTS_EXEC",
    "GROUPS_EXEC",
    "SIM_EVAL",
    "REFEREE_EVAL",
    "UI_UPDATE",
    "VIS_UPDATE",
    "VIS_RENDER",
];

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who runs in which phase. `M` identifies a module (a feature, the conditions, graphs...).
#[derive(Debug, Clone)]
pub struct PhaseMachine<M> {
    hooks: Vec<Vec<M>>,
}

impl<M: Copy + PartialEq> Default for PhaseMachine<M> {
    fn default() -> Self {
        PhaseMachine::new()
    }
}

impl<M: Copy + PartialEq> PhaseMachine<M> {
    /// A machine where no module runs anywhere yet.
    pub fn new() -> Self {
        PhaseMachine {
            hooks: vec![Vec::new(); PHASE_COUNT],
        }
    }

    /// Opts `module` in to `phase`; modules of one phase run in the order they opted in.
    /// Opting in twice is the same as once.
    pub fn opt_in(&mut self, phase: Phase, module: M) {
        let hooks = &mut self.hooks[phase as usize];
        if !hooks.contains(&module) {
            hooks.push(module);
        }
    }

    /// The modules that run in `phase`, in order.
    pub fn modules(&self, phase: Phase) -> &[M] {
        &self.hooks[phase as usize]
    }

    /// Every `(phase, module)` of one tick, in the order they run.
    pub fn tick_order(&self) -> impl Iterator<Item = (Phase, M)> + '_ {
        TICK_PHASES
            .iter()
            .flat_map(move |&p| self.modules(p).iter().map(move |&m| (p, m)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_phase_is_in_the_tick_list_in_declaration_order() {
        let all: Vec<Phase> = TICK_PHASES.to_vec();
        assert_eq!(all.len(), PHASE_COUNT);
        assert!(
            all.windows(2).all(|w| w[0] < w[1]),
            "phases out of order: {all:?}"
        );
    }

    #[test]
    fn conditions_come_before_the_agents_act_on_them() {
        let at = |p| TICK_PHASES.iter().position(|&q| q == p).unwrap();
        assert!(at(Phase::AgentsUpdate) < at(Phase::ConditionsUpdate));
        assert!(at(Phase::ConditionsUpdate) < at(Phase::AgentsThink));
        assert!(at(Phase::AgentsThink) < at(Phase::AgentsExec));
        assert_eq!(Phase::AgentsExec.to_string(), "AGENTS_EXEC");
    }

    #[test]
    fn modules_run_in_tick_order_then_opt_in_order() {
        let mut m = PhaseMachine::new();
        m.opt_in(Phase::AgentsExec, 'x');
        m.opt_in(Phase::PhysicsUpdate, 'p');
        m.opt_in(Phase::AgentsExec, 'y');
        m.opt_in(Phase::AgentsExec, 'x');
        let order: Vec<_> = m.tick_order().collect();
        assert_eq!(
            order,
            vec![
                (Phase::PhysicsUpdate, 'p'),
                (Phase::AgentsExec, 'x'),
                (Phase::AgentsExec, 'y')
            ]
        );
        assert!(m.modules(Phase::UiUpdate).is_empty());
    }
}

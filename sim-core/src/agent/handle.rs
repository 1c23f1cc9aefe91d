//! Handles to one agent among the agents: the agent itself and its built-in props, which
//! live in columns beside it ([`builtin_columns`](super::builtin_columns)).
//!
//! A handle reads as the agent (`a.blueprint`, `a.name`) and answers its built-ins by
//! method (`a.x()`, `*a.x_mut() += 1.0`).

use super::builtin_columns::{BuiltinColumns, Builtins};
use super::Agent;
use std::ops::{Deref, DerefMut};

/// An agent among the agents, to read.
#[derive(Clone, Copy)]
pub struct AgentRef<'a> {
    agent: &'a Agent,
    columns: &'a BuiltinColumns,
    slot: usize,
}

/// An agent among the agents, to change.
pub struct AgentMut<'a> {
    agent: &'a mut Agent,
    columns: &'a mut BuiltinColumns,
    slot: usize,
}

impl<'a> AgentRef<'a> {
    pub(super) fn new(agent: &'a Agent, columns: &'a BuiltinColumns, slot: usize) -> Self {
        AgentRef {
            agent,
            columns,
            slot,
        }
    }

    /// The agent itself, for as long as the agents are borrowed.
    #[inline(always)]
    pub fn agent(self) -> &'a Agent {
        self.agent
    }

    /// `skin`: the picture's name.
    pub fn skin(&self) -> &'a str {
        &self.columns.skin[self.slot]
    }

    /// `x`: position in stage units, origin at the centre.
    #[inline(always)]
    pub fn x(&self) -> f64 {
        self.columns.x[self.slot]
    }
    /// `y`: position in stage units, y down.
    #[inline(always)]
    pub fn y(&self) -> f64 {
        self.columns.y[self.slot]
    }
    /// `orientation`: rotation in radians.
    #[inline(always)]
    pub fn orientation(&self) -> f64 {
        self.columns.orientation[self.slot]
    }
    /// `alpha`: opacity from 0 to 1.
    #[inline(always)]
    pub fn alpha(&self) -> f64 {
        self.columns.alpha[self.slot]
    }
    /// `zIndex`: drawing order, higher in front.
    #[inline(always)]
    pub fn z_index(&self) -> f64 {
        self.columns.z_index[self.slot]
    }
    /// `visible`: whether it is drawn.
    #[inline(always)]
    pub fn visible(&self) -> bool {
        self.columns.visible[self.slot]
    }
    /// `isInert`: an inert agent takes part in no condition.
    #[inline(always)]
    pub fn is_inert(&self) -> bool {
        self.columns.is_inert[self.slot]
    }
    /// Whether conditions and population counts see this agent.
    #[inline(always)]
    pub fn is_active(&self) -> bool {
        !self.agent.system && !self.is_inert()
    }
    /// A copy of all its built-ins.
    pub fn builtins(&self) -> Builtins {
        self.columns.get(self.slot)
    }
}

impl<'a> AgentMut<'a> {
    pub(super) fn new(agent: &'a mut Agent, columns: &'a mut BuiltinColumns, slot: usize) -> Self {
        AgentMut {
            agent,
            columns,
            slot,
        }
    }

    /// The agent itself, to change, for as long as the agents are borrowed.
    pub fn into_agent(self) -> &'a mut Agent {
        self.agent
    }

    /// The same agent, to read.
    pub fn as_ref(&self) -> AgentRef<'_> {
        AgentRef::new(self.agent, self.columns, self.slot)
    }

    /// `x`, to change.
    pub fn x_mut(&mut self) -> &mut f64 {
        &mut self.columns.x[self.slot]
    }
    /// `y`, to change.
    pub fn y_mut(&mut self) -> &mut f64 {
        &mut self.columns.y[self.slot]
    }
    /// `orientation`, to change.
    pub fn orientation_mut(&mut self) -> &mut f64 {
        &mut self.columns.orientation[self.slot]
    }
    /// `alpha`, to change (the caller keeps it within 0..1).
    pub fn alpha_mut(&mut self) -> &mut f64 {
        &mut self.columns.alpha[self.slot]
    }
    /// `zIndex`, to change.
    pub fn z_index_mut(&mut self) -> &mut f64 {
        &mut self.columns.z_index[self.slot]
    }
    /// `visible`, to change.
    pub fn visible_mut(&mut self) -> &mut bool {
        &mut self.columns.visible[self.slot]
    }
    /// `isInert`, to change.
    pub fn is_inert_mut(&mut self) -> &mut bool {
        &mut self.columns.is_inert[self.slot]
    }
    /// `skin`, to change.
    pub fn skin_mut(&mut self) -> &mut Box<str> {
        &mut self.columns.skin[self.slot]
    }
}

impl Deref for AgentRef<'_> {
    type Target = Agent;
    #[inline(always)]
    fn deref(&self) -> &Agent {
        self.agent
    }
}

impl Deref for AgentMut<'_> {
    type Target = Agent;
    #[inline(always)]
    fn deref(&self) -> &Agent {
        self.agent
    }
}

impl DerefMut for AgentMut<'_> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Agent {
        self.agent
    }
}

impl std::fmt::Debug for AgentRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} {:?}", self.agent, self.builtins())
    }
}

//! What an agent out of the agents holds of its props: while it is being made, hot-swapped or
//! read from a snapshot, its added props and built-ins are kept in the agent itself (its
//! features in [`Features`](super::Features)), and they join the agents' columns and tables
//! when it goes in. An agent among the agents holds nothing apart: one empty pointer.

use super::Builtins;
use crate::vars::{GVar, PropName};

/// An agent's props held apart (see the module docs); none until one is set.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Apart(Option<Box<Held>>);

/// The props themselves.
#[derive(Debug, Clone, Default, PartialEq)]
struct Held {
    /// Added props, in the order added.
    props: Vec<(PropName, GVar)>,
    /// Built-ins.
    builtins: Builtins,
}

impl Apart {
    fn held(&mut self) -> &mut Held {
        self.0.get_or_insert_with(Box::default)
    }

    /// Sets added prop `name` to `var`, after the others if it is new (agents are given
    /// props among the agents, by [`Agents::set_prop`](super::Agents::set_prop); tests give
    /// them before).
    #[cfg(test)]
    pub fn set_prop(&mut self, name: &str, var: GVar) {
        let list = &mut self.held().props;
        match list.iter_mut().find(|(n, _)| n == name) {
            Some((_, at)) => *at = var,
            None => list.push((PropName::new(name), var)),
        }
    }

    /// Replaces the added props with `list`.
    pub fn set_props(&mut self, list: Vec<(PropName, GVar)>) {
        if list.is_empty() && self.0.is_none() {
            return;
        }
        self.held().props = list;
    }

    /// The added props, in the order added.
    pub fn props(&self) -> &[(PropName, GVar)] {
        self.0.as_deref().map_or(&[], |h| h.props.as_slice())
    }

    /// Takes the added props out, leaving none.
    pub fn take_props(&mut self) -> Vec<(PropName, GVar)> {
        self.0
            .as_deref_mut()
            .map(|h| std::mem::take(&mut h.props))
            .unwrap_or_default()
    }

    /// The built-ins, to set before the agent goes in (GEMSTEP's defaults until set).
    pub fn builtins_mut(&mut self) -> &mut Builtins {
        &mut self.held().builtins
    }

    /// Takes the built-ins out, leaving the defaults.
    pub fn take_builtins(&mut self) -> Builtins {
        self.0
            .as_deref_mut()
            .map(|h| std::mem::take(&mut h.builtins))
            .unwrap_or_default()
    }

    /// Drops whatever is held, so an agent among the agents holds nothing apart.
    pub(super) fn clear(&mut self) {
        self.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vars::NumberVar;

    #[test]
    fn props_and_built_ins_are_held_until_taken() {
        let mut apart = Apart::default();
        assert!(apart.props().is_empty());
        assert_eq!(apart.take_builtins(), Builtins::default());
        apart.set_prop("energy", GVar::Number(NumberVar::new(1.0)));
        apart.set_prop("energy", GVar::Number(NumberVar::new(2.0)));
        apart.builtins_mut().x = 5.0;
        assert_eq!(apart.props().len(), 1, "set twice, held once");
        assert_eq!(apart.take_builtins().x, 5.0);
        assert_eq!(apart.take_builtins(), Builtins::default());
        assert_eq!(apart.take_props().len(), 1);
        assert!(apart.props().is_empty());
    }
}

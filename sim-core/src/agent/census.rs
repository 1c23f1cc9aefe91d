//! The census: Population's questions about a whole blueprint (how many Fish, the sum and
//! range of their `energyLevel`), answered from a cache that is exact.
//!
//! GEMSTEP scans every agent of the kind on each call, so a model where 20,000 agents each
//! ask every tick costs 20,000 × 20,000 reads per tick. The answers only change when an
//! agent changes, and every change of an agent goes through [`Agents::get_mut`] or
//! [`Agents::iter_mut`] (or an insert or removal), which bump the store's *epoch*. An answer
//! is reused while the epoch it was computed at is current, so it is always what a fresh
//! scan would give. The accessors that do not bump it hand out only parts no census reads: a
//! feature's state, the message queues and the `every` timers.
//!
//! Only props added with `addProp` are cached. A built-in such as `color` may be computed
//! from a feature's state, which changes without an epoch bump, so built-ins are scanned
//! each time (models aggregate their own props).

use super::{Agent, Agents, BUILTIN_PROPS};
use crate::entity::EntityId;
use std::rc::Rc;

/// At most this many answers are kept; a model asks about a handful of (blueprint, prop)
/// pairs, and the oldest answer makes room for a new one.
const MAX_ANSWERS: usize = 16;

/// A prop over the active agents of a blueprint that hold it as a number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PropSummary {
    /// How many agents hold the prop as a number.
    pub count: usize,
    /// Their sum, added in slot order.
    pub sum: f64,
    /// The smallest (`+∞` when there are none).
    pub min: f64,
    /// The largest (`-∞` when there are none).
    pub max: f64,
}

#[derive(Debug, Clone, PartialEq)]
enum Question {
    Prop(usize, String),
    Members { blueprint: usize, only_active: bool },
}

#[derive(Debug, Clone)]
enum Answer {
    Prop(PropSummary),
    Members(Rc<[EntityId]>),
}

/// Answers kept with the epoch they were computed at.
#[derive(Debug, Clone, Default)]
pub(super) struct Census {
    answers: Vec<(Question, u64, Answer)>,
    /// How many answers were computed rather than reused, for tests and the profiler.
    computed: u64,
}

fn summarise(agents: &Agents, blueprint: usize, prop: &str) -> PropSummary {
    let mut summary = PropSummary {
        count: 0,
        sum: 0.0,
        min: f64::INFINITY,
        max: f64::NEG_INFINITY,
    };
    let values = agents
        .iter()
        .filter(|a| a.blueprint == blueprint && a.is_active())
        .filter_map(|a| a.prop(prop).map(|v| v.value()).or_else(|| a.builtin(prop)))
        .filter_map(|v| v.as_number());
    for value in values {
        summary.count += 1;
        summary.sum += value;
        summary.min = summary.min.min(value);
        summary.max = summary.max.max(value);
    }
    summary
}

fn members(agents: &Agents, blueprint: usize, only_active: bool) -> Rc<[EntityId]> {
    agents
        .iter()
        .filter(|a: &&Agent| {
            !a.system && a.blueprint == blueprint && (a.is_active() || !only_active)
        })
        .map(|a| a.id)
        .collect()
}

impl Agents {
    fn cached(&self, question: &Question) -> Option<&Answer> {
        self.census
            .answers
            .iter()
            .find(|(q, epoch, _)| *epoch == self.epoch && q == question)
            .map(|(_, _, answer)| answer)
    }

    fn keep(&mut self, question: Question, answer: Answer) {
        let census = &mut self.census;
        census.computed += 1;
        census.answers.retain(|(q, _, _)| *q != question);
        if census.answers.len() >= MAX_ANSWERS {
            census.answers.remove(0);
        }
        census.answers.push((question, self.epoch, answer));
    }

    /// `prop` over the active agents of `blueprint` (Population's `countCharacterProp`,
    /// `minCharacterProp` and `maxCharacterProp`), as a fresh scan would give it.
    pub fn prop_summary(&mut self, blueprint: usize, prop: &str) -> PropSummary {
        if BUILTIN_PROPS.contains(&prop) {
            return summarise(self, blueprint, prop);
        }
        let question = Question::Prop(blueprint, prop.to_string());
        if let Some(Answer::Prop(summary)) = self.cached(&question) {
            return *summary;
        }
        let summary = summarise(self, blueprint, prop);
        self.keep(question, Answer::Prop(summary));
        summary
    }

    /// The agents of `blueprint` in slot order, system agents never, inert ones unless
    /// `only_active`.
    pub fn members_of(&mut self, blueprint: usize, only_active: bool) -> Rc<[EntityId]> {
        let question = Question::Members {
            blueprint,
            only_active,
        };
        if let Some(Answer::Members(ids)) = self.cached(&question) {
            return ids.clone();
        }
        let ids = members(self, blueprint, only_active);
        self.keep(question, Answer::Members(ids.clone()));
        ids
    }

    /// How many census answers were computed rather than reused so far.
    pub fn census_computed(&self) -> u64 {
        self.census.computed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::Entities;
    use crate::vars::{GVar, Value, VarType};

    fn store(values: &[f64]) -> (Agents, Vec<EntityId>) {
        let mut entities = Entities::new();
        let mut agents = Agents::default();
        let mut ids = Vec::new();
        for (n, v) in values.iter().enumerate() {
            let id = entities.spawn().unwrap();
            let mut agent = Agent::new(id, n % 2, format!("a{n}"), 0);
            let var = GVar::new(VarType::Number, Some(&Value::Number(*v))).unwrap();
            agent.props.push(("energy".into(), var));
            agents.insert(agent);
            ids.push(id);
        }
        (agents, ids)
    }

    #[test]
    fn a_summary_is_reused_until_an_agent_changes_and_then_is_fresh() {
        let (mut agents, ids) = store(&[1.0, 10.0, 2.0, 20.0, 3.0]);
        let first = agents.prop_summary(0, "energy");
        assert_eq!(
            (first.count, first.sum, first.min, first.max),
            (3, 6.0, 1.0, 3.0)
        );
        let computed = agents.census_computed();
        assert_eq!(agents.prop_summary(0, "energy"), first);
        assert_eq!(
            agents.census_computed(),
            computed,
            "asked again, nothing changed"
        );

        let var = agents.get_mut(ids[0]).unwrap().prop_mut("energy").unwrap();
        *var = GVar::new(VarType::Number, Some(&Value::Number(-5.0))).unwrap();
        let after = agents.prop_summary(0, "energy");
        assert_eq!((after.sum, after.min), (0.0, -5.0));

        agents.get_mut(ids[2]).unwrap().is_inert = true;
        assert_eq!(agents.prop_summary(0, "energy").count, 2);
        assert_eq!(agents.members_of(0, true).len(), 2);
        assert_eq!(agents.members_of(0, false).len(), 3);
        agents.remove(ids[4]);
        assert_eq!(agents.members_of(0, false).len(), 2);
    }

    #[test]
    fn the_parts_changed_without_an_epoch_are_parts_no_census_reads() {
        let (mut agents, ids) = store(&[1.0, 2.0]);
        let before = agents.prop_summary(0, "energy");
        let computed = agents.census_computed();
        agents.queue_of(ids[0], super::super::QueuePhase::Update);
        agents.timers_of(ids[0]);
        agents.features_of(ids[0]);
        assert_eq!(agents.prop_summary(0, "energy"), before);
        assert_eq!(agents.census_computed(), computed);
    }

    #[test]
    fn the_cache_holds_a_bounded_number_of_answers() {
        let (mut agents, _) = store(&[1.0]);
        for n in 0..100 {
            agents.prop_summary(0, &format!("p{n}"));
        }
        assert!(agents.census.answers.len() <= MAX_ANSWERS);
    }
}

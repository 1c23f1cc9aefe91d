//! The census: Population's questions about a whole blueprint (how many Fish, the sum and
//! range of their `energyLevel`, the list of them), answered without reading every agent on
//! every call.
//!
//! GEMSTEP scans every agent of the kind on each call, so a model where 20,000 agents each
//! ask every tick costs 20,000 × 20,000 reads a tick. Here the agents are taken in blocks of
//! [`BLOCK`] slots, and an answer keeps one part per block. Every change of an agent goes
//! through [`Agents::get_mut`] or [`Agents::iter_mut`] (or an insert or a removal), which
//! note the slot in a log; an answer brings itself up to date by recomputing the blocks of
//! the slots noted since it last did, so an agent that changes and then asks costs one block
//! and a pass over the parts, not a pass over the agents. The accessors that note nothing
//! hand out only what no census reads: a feature's state, the message queues, the timers.
//!
//! The numbers are exactly those of a fresh pass: a sum is added up block by block, in slot
//! order within a block and then over the blocks, whether it was just computed or brought up
//! to date (for whole numbers, as most props are, that is the plain sum). Built-in props
//! (`x`, `alpha`...) are fields every change of which is noted like an added prop's; only
//! `color` is scanned on each call instead, as it is computed from the Costume feature's
//! state, which changes without a note.

use super::Agents;
use crate::entity::EntityId;
use std::rc::Rc;

/// Slots per block: a changed agent costs a pass over its block and one over the blocks.
pub const BLOCK: usize = 64;
/// At most this many answers are kept; a model asks about a handful of (blueprint, prop)
/// pairs, and the oldest answer makes room for a new one.
const MAX_ANSWERS: usize = 16;
/// The log of changed slots is dropped past this many entries (or twice the slots, if that
/// is more); answers behind it then recompute every block once.
const MIN_LOG: usize = 4_096;

/// A prop over the active agents of a blueprint that hold it as a number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PropSummary {
    /// How many agents hold the prop as a number.
    pub count: usize,
    /// Their sum, added block by block (see the module's notes).
    pub sum: f64,
    /// The smallest (`+∞` when there are none).
    pub min: f64,
    /// The largest (`-∞` when there are none).
    pub max: f64,
}

impl PropSummary {
    const EMPTY: PropSummary = PropSummary {
        count: 0,
        sum: 0.0,
        min: f64::INFINITY,
        max: f64::NEG_INFINITY,
    };

    fn add(&mut self, value: f64) {
        self.count += 1;
        self.sum += value;
        self.min = self.min.min(value);
        self.max = self.max.max(value);
    }

    fn join(&mut self, part: &PropSummary) {
        self.count += part.count;
        self.sum += part.sum;
        self.min = self.min.min(part.min);
        self.max = self.max.max(part.max);
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Question {
    /// A prop (added, or built in but `color`) over the active agents of a blueprint.
    Prop(usize, String),
    /// How many agents a blueprint has (all but system agents, or only active ones).
    Count { blueprint: usize, only_active: bool },
}

/// An answer by blocks, current up to `synced` in the change log.
#[derive(Debug, Clone)]
struct Answer {
    question: Question,
    parts: Vec<PropSummary>,
    total: PropSummary,
    synced: u64,
}

/// The change log, the answers, and the member lists.
#[derive(Debug, Clone, Default)]
pub(super) struct Census {
    /// Slots changed, oldest first; entry `i` has sequence number `log_start + i`.
    log: Vec<u32>,
    log_start: u64,
    answers: Vec<Answer>,
    /// Member lists with the epoch they were made at (a list is remade after any change).
    members: Vec<(usize, bool, u64, Rc<[EntityId]>)>,
    /// How many blocks were recomputed so far, for tests and the profiler.
    blocks_computed: u64,
}

impl Census {
    /// Notes that slot `index` may have changed.
    pub(super) fn note(&mut self, index: usize, slots: usize) {
        if self.answers.is_empty() {
            return;
        }
        if self.log.len() >= MIN_LOG.max(2 * slots) {
            self.forget_log();
        }
        self.log.push(index as u32);
    }

    /// Notes that any slot may have changed: every answer recomputes all its blocks.
    pub(super) fn forget_log(&mut self) {
        self.log_start += self.log.len() as u64 + 1;
        self.log.clear();
    }

    fn log_end(&self) -> u64 {
        self.log_start + self.log.len() as u64
    }
}

/// Whether the agent in `slot` counts for `question`, and the number it adds (1 for a count).
fn value_of(agents: &Agents, slot: usize, question: &Question) -> Option<f64> {
    let agent = agents.at(slot)?;
    if agents.id_at(slot).is_none() || agent.system {
        return None;
    }
    match question {
        Question::Prop(blueprint, prop) => {
            if agent.blueprint != *blueprint || !agent.is_active() {
                return None;
            }
            match agents.prop(&agent, prop) {
                Some(var) => var.value().as_number(),
                None => agent.builtin(prop)?.as_number(),
            }
        }
        Question::Count {
            blueprint,
            only_active,
        } => (agent.blueprint == *blueprint && (agent.is_active() || !only_active)).then_some(1.0),
    }
}

fn block_part(agents: &Agents, block: usize, question: &Question) -> PropSummary {
    let mut part = PropSummary::EMPTY;
    let start = block * BLOCK;
    let end = (start + BLOCK).min(agents.slots.len());
    for slot in start..end {
        if let Some(value) = value_of(agents, slot, question) {
            part.add(value);
        }
    }
    part
}

fn total_of(parts: &[PropSummary]) -> PropSummary {
    let mut total = PropSummary::EMPTY;
    for part in parts {
        total.join(part);
    }
    total
}

impl Agents {
    /// The answer to `question`, brought up to date.
    fn answer(&mut self, question: Question) -> PropSummary {
        let blocks = self.slots.len().div_ceil(BLOCK);
        let end = self.census.log_end();
        let at = self
            .census
            .answers
            .iter()
            .position(|a| a.question == question);
        let Some(at) = at else {
            let parts: Vec<PropSummary> = (0..blocks)
                .map(|b| block_part(self, b, &question))
                .collect();
            self.census.blocks_computed += blocks as u64;
            let total = total_of(&parts);
            if self.census.answers.len() >= MAX_ANSWERS {
                self.census.answers.remove(0);
            }
            self.census.answers.push(Answer {
                question,
                parts,
                total,
                synced: end,
            });
            return total;
        };
        let mut answer = self.census.answers.swap_remove(at);
        if answer.synced == end && answer.parts.len() == blocks {
            self.census.answers.push(answer.clone());
            return answer.total;
        }
        let stale: Vec<usize> =
            if answer.synced < self.census.log_start || answer.parts.len() != blocks {
                (0..blocks).collect()
            } else {
                let from = (answer.synced - self.census.log_start) as usize;
                let mut stale: Vec<usize> = self.census.log[from..]
                    .iter()
                    .map(|&slot| slot as usize / BLOCK)
                    .collect();
                stale.sort_unstable();
                stale.dedup();
                stale
            };
        answer.parts.resize(blocks, PropSummary::EMPTY);
        for &block in &stale {
            if let Some(part) = answer.parts.get_mut(block) {
                *part = block_part(self, block, &answer.question);
            }
        }
        self.census.blocks_computed += stale.len() as u64;
        answer.total = total_of(&answer.parts);
        answer.synced = end;
        let total = answer.total;
        self.census.answers.push(answer);
        total
    }

    /// `prop` over the active agents of `blueprint` (Population's `countCharacterProp`,
    /// `minCharacterProp` and `maxCharacterProp`), as a fresh pass would give it.
    pub fn prop_summary(&mut self, blueprint: usize, prop: &str) -> PropSummary {
        if prop == "color" {
            let mut summary = PropSummary::EMPTY;
            let mut part = PropSummary::EMPTY;
            for slot in 0..self.slots.len() {
                let Some(agent) = self.at(slot) else {
                    break;
                };
                if slot % BLOCK == 0 && slot > 0 {
                    summary.join(&part);
                    part = PropSummary::EMPTY;
                }
                let counts = self.id_at(slot).is_some()
                    && !agent.system
                    && agent.blueprint == blueprint
                    && agent.is_active();
                if let Some(value) = counts
                    .then(|| agent.builtin(prop).and_then(|v| v.as_number()))
                    .flatten()
                {
                    part.add(value);
                }
            }
            summary.join(&part);
            return summary;
        }
        self.answer(Question::Prop(blueprint, prop.to_string()))
    }

    /// How many agents `blueprint` has: all but system agents, or only the active ones.
    pub fn count_of(&mut self, blueprint: usize, only_active: bool) -> usize {
        self.answer(Question::Count {
            blueprint,
            only_active,
        })
        .count
    }

    /// The agents of `blueprint` in slot order, system agents never, inert ones unless
    /// `only_active`; the list is kept until any agent changes.
    pub fn members_of(&mut self, blueprint: usize, only_active: bool) -> Rc<[EntityId]> {
        let epoch = self.epoch;
        let kept = self
            .census
            .members
            .iter()
            .find(|(b, a, e, _)| (*b, *a, *e) == (blueprint, only_active, epoch));
        if let Some((_, _, _, ids)) = kept {
            return ids.clone();
        }
        let ids: Rc<[EntityId]> = self
            .iter()
            .filter(|a| !a.system && a.blueprint == blueprint && (a.is_active() || !only_active))
            .map(|a| a.id)
            .collect();
        let members = &mut self.census.members;
        members.retain(|(b, a, _, _)| (*b, *a) != (blueprint, only_active));
        if members.len() >= MAX_ANSWERS {
            members.remove(0);
        }
        members.push((blueprint, only_active, epoch, ids.clone()));
        ids
    }

    /// How many blocks the census has recomputed so far.
    #[cfg(test)]
    pub fn census_blocks_computed(&self) -> u64 {
        self.census.blocks_computed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::Agent;
    use crate::entity::Entities;
    use crate::vars::{GVar, Value, VarType};
    use proptest::prelude::*;

    fn number(v: f64) -> GVar {
        GVar::new(VarType::Number, Some(&Value::Number(v))).unwrap()
    }

    fn store(values: &[f64]) -> (Agents, Vec<EntityId>, Entities) {
        let mut entities = Entities::new();
        let mut agents = Agents::default();
        let mut ids = Vec::new();
        for (n, v) in values.iter().enumerate() {
            let id = entities.spawn().unwrap();
            let mut agent = Agent::new(id, n % 2, format!("a{n}"));
            agent.apart.set_prop("energy", number(*v));
            agents.insert(agent);
            ids.push(id);
        }
        (agents, ids, entities)
    }

    /// The summary from nothing: what an answer must always equal.
    fn fresh(agents: &Agents, blueprint: usize) -> PropSummary {
        let mut copy = agents.clone();
        copy.census = Census::default();
        copy.prop_summary(blueprint, "energy")
    }

    #[test]
    fn an_answer_follows_every_change_and_recomputes_only_changed_blocks() {
        let (mut agents, ids, _) = store(&[1.0, 10.0, 2.0, 20.0, 3.0]);
        let first = agents.prop_summary(0, "energy");
        assert_eq!(
            (first.count, first.sum, first.min, first.max),
            (3, 6.0, 1.0, 3.0)
        );
        let computed = agents.census_blocks_computed();
        assert_eq!(agents.prop_summary(0, "energy"), first);
        assert_eq!(agents.census_blocks_computed(), computed, "nothing changed");

        *agents.prop_mut(ids[0], "energy").unwrap() = number(-5.0);
        let after = agents.prop_summary(0, "energy");
        assert_eq!((after.sum, after.min), (0.0, -5.0));
        assert_eq!(agents.census_blocks_computed(), computed + 1, "one block");

        *agents.get_mut(ids[2]).unwrap().is_inert_mut() = true;
        assert_eq!(agents.prop_summary(0, "energy").count, 2);
        assert_eq!(agents.count_of(0, true), 2);
        assert_eq!(agents.count_of(0, false), 3);
        assert_eq!(agents.members_of(0, true).len(), 2);
        agents.remove(ids[4]);
        assert_eq!(agents.count_of(0, false), 2);
        assert_eq!(agents.members_of(0, false).len(), 2);
    }

    #[test]
    fn a_built_in_prop_is_answered_by_blocks_too() {
        let (mut agents, ids, _) = store(&[0.0; 200]);
        for (n, id) in ids.iter().enumerate() {
            *agents.get_mut(*id).unwrap().x_mut() = n as f64;
        }
        let first = agents.prop_summary(0, "x");
        assert_eq!((first.count, first.min, first.max), (100, 0.0, 198.0));
        let computed = agents.census_blocks_computed();
        assert_eq!(agents.prop_summary(0, "x"), first);
        assert_eq!(
            agents.census_blocks_computed(),
            computed,
            "asked again: nothing read"
        );
        *agents.get_mut(ids[198]).unwrap().x_mut() = -7.0;
        let after = agents.prop_summary(0, "x");
        assert_eq!((after.min, after.max), (-7.0, 196.0));
        assert_eq!(agents.census_blocks_computed(), computed + 1, "one block");
        let mut copy = agents.clone();
        copy.census = Census::default();
        assert_eq!(copy.prop_summary(0, "x"), after, "as a fresh pass gives it");
    }

    #[test]
    fn what_changes_without_a_note_is_what_no_census_reads() {
        let (mut agents, ids, _) = store(&[1.0, 2.0]);
        let before = agents.prop_summary(0, "energy");
        let computed = agents.census_blocks_computed();
        agents.queue_of(ids[0], super::super::QueuePhase::Update);
        agents.timers_of(ids[0]);
        agents.feature_or_new(
            ids[0],
            crate::features::catalog::FeatureKind::named("Movement"),
        );
        assert_eq!(agents.prop_summary(0, "energy"), before);
        assert_eq!(agents.census_blocks_computed(), computed);
    }

    #[test]
    fn the_cache_and_the_log_stay_bounded() {
        let (mut agents, ids, _) = store(&[1.0; 10]);
        for n in 0..100 {
            agents.prop_summary(0, &format!("p{n}"));
        }
        assert!(agents.census.answers.len() <= MAX_ANSWERS);
        for _ in 0..3 * MIN_LOG {
            agents.get_mut(ids[0]);
        }
        assert!(agents.census.log.len() <= MIN_LOG);
        assert_eq!(agents.prop_summary(0, "energy"), fresh(&agents, 0));
    }

    /// One change to the store: set agent `n`'s energy, make it inert or active, remove it,
    /// or add a new agent.
    #[derive(Debug, Clone)]
    enum Change {
        Set(usize, f64),
        Inert(usize, bool),
        Remove(usize),
        Add(f64),
        Ask,
    }

    fn change() -> impl Strategy<Value = Change> {
        prop_oneof![
            4 => (0..300usize, -1e6..1e6f64).prop_map(|(n, v)| Change::Set(n, v)),
            1 => (0..300usize, any::<bool>()).prop_map(|(n, b)| Change::Inert(n, b)),
            1 => (0..300usize).prop_map(Change::Remove),
            1 => (-1e3..1e3f64).prop_map(Change::Add),
            3 => Just(Change::Ask),
        ]
    }

    proptest! {
        /// Whatever happens between questions, an answer equals one computed from nothing,
        /// to the last bit.
        #[test]
        fn answers_always_equal_a_fresh_pass(
            start in prop::collection::vec(-1e3..1e3f64, 1..300),
            changes in prop::collection::vec(change(), 0..200),
        ) {
            let (mut agents, mut ids, mut entities) = store(&start);
            for change in changes {
                match change {
                    Change::Set(n, v) => {
                        if let Some(a) = ids.get(n % ids.len().max(1)).and_then(|id| agents.prop_mut(*id, "energy")) {
                            *a = number(v);
                        }
                    }
                    Change::Inert(n, b) => {
                        if let Some(mut a) = ids.get(n % ids.len().max(1)).and_then(|id| agents.get_mut(*id)) {
                            *a.is_inert_mut() = b;
                        }
                    }
                    Change::Remove(n) => {
                        if !ids.is_empty() {
                            let id = ids.remove(n % ids.len());
                            agents.remove(id);
                            entities.despawn(id).unwrap();
                        }
                    }
                    Change::Add(v) => {
                        let id = entities.spawn().unwrap();
                        let mut agent = Agent::new(id, 0, "new".into());
                        agent.apart.set_prop("energy", number(v));
                        agents.insert(agent);
                        ids.push(id);
                    }
                    Change::Ask => {}
                }
                for blueprint in [0, 1] {
                    let answer = agents.prop_summary(blueprint, "energy");
                    let expected = fresh(&agents, blueprint);
                    prop_assert_eq!(answer.count, expected.count);
                    prop_assert_eq!(answer.sum.to_bits(), expected.sum.to_bits());
                    prop_assert_eq!(answer.min.to_bits(), expected.min.to_bits());
                    prop_assert_eq!(answer.max.to_bits(), expected.max.to_bits());
                    prop_assert_eq!(agents.count_of(blueprint, false), agents.members_of(blueprint, false).len());
                }
            }
        }
    }
}

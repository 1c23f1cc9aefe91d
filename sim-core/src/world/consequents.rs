//! The consequents of `when` rules that passed this tick, in one world-level list rather
//! than in each agent's exec queue.
//!
//! Conditions append pairs rule by rule: pushing each onto its agent's own queue would
//! touch agents in scattered memory order, and the exec phase would then have to walk every
//! agent to find the few with work. Instead the list is put in run order once (see
//! [`Consequents::sort`]: agent by agent in slot order, the order of
//! [`crate::agent::Agents::ids_into`]), and the exec phase reads it in that order (as runs of
//! one agent when messages sent to an agent must run before its consequents). A scan finds
//! each rule's pairs in that order already, so with one rule there is nothing to sort. Every
//! buffer is kept from tick to tick, so a warm tick allocates nothing.

use crate::entity::EntityId;

/// One passing pair of a rule: agent `a` runs the rule's consequent with `a` and `b` bound
/// to the rule's two blueprints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Consequent {
    /// The rule's index in the compiled project's rules.
    pub rule: usize,
    /// The agent that runs the consequent (the rule's first blueprint).
    pub a: EntityId,
    /// The other agent (the rule's second blueprint).
    pub b: EntityId,
}

impl Consequent {
    /// The slot of the agent that runs it.
    fn slot(&self) -> usize {
        self.a.index() as usize
    }

    /// Where it runs: by agent, then by rule, then by the other agent, each in slot order.
    /// The three are packed into one number (slots have 32 bits), so that comparing two
    /// orders does not branch on which part differs: whether the next consequent has the
    /// same agent is a coin toss to the processor.
    fn order(&self) -> u128 {
        (u128::from(self.a.index()) << 96) | (self.rule as u128) << 32 | u128::from(self.b.index())
    }

    /// The order the scans give the pairs in: by rule, then as [`Consequent::order`].
    fn scanned(&self) -> u128 {
        (self.rule as u128) << 64 | u128::from(self.a.index()) << 32 | u128::from(self.b.index())
    }
}

/// This tick's consequents and the buffers that sort them.
#[derive(Debug, Default)]
pub(crate) struct Consequents {
    /// In the order queued until [`Consequents::sort`], in run order after.
    list: Vec<Consequent>,
    /// A sorting pass's output, swapped with `list` when done.
    sorted: Vec<Consequent>,
    /// Per key, where its run starts in a pass's output.
    starts: Vec<usize>,
}

impl Consequents {
    /// Adds consequents after those already queued; `count` of them, when known, is room
    /// made first (an iterator of pairs of consequents does not tell its length).
    pub fn extend(&mut self, count: usize, consequents: impl Iterator<Item = Consequent>) {
        self.list.reserve(count);
        self.list.extend(consequents);
    }

    /// The consequents, in run order once sorted.
    pub fn as_slice(&self) -> &[Consequent] {
        &self.list
    }

    /// Empties the list, keeping every buffer's capacity.
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// Puts the list in run order ([`Consequent::order`]): agent by agent in slot order, and
    /// an agent's consequents rule by rule, each rule's by the other agent's slot. The order
    /// does not depend on how a scan found the pairs, so the reference interpreter, which
    /// tests every pair in slot order, runs the same consequents in the same order. Stable
    /// counting passes, least significant key first: linear, and unlike `sort_by_key` they
    /// allocate nothing once the buffers have grown. The scans give each rule's pairs in run
    /// order, rule after rule: one rule's list is left as it is, and several rules' need only
    /// the pass by agent.
    pub fn sort(&mut self) {
        if self.list.is_sorted_by_key(Consequent::order) {
            return;
        }
        if self.list.is_sorted_by_key(Consequent::scanned) {
            self.pass(Consequent::slot);
            return;
        }
        self.pass(|c| c.b.index() as usize);
        if self.list.iter().any(|c| c.rule != self.list[0].rule) {
            self.pass(|c| c.rule);
        }
        self.pass(Consequent::slot);
    }

    /// One stable counting pass of the list by `key`.
    fn pass(&mut self, key: impl Fn(&Consequent) -> usize) {
        self.starts.clear();
        for c in &self.list {
            let k = key(c);
            if k >= self.starts.len() {
                self.starts.resize(k + 1, 0);
            }
            if let Some(count) = self.starts.get_mut(k) {
                *count += 1;
            }
        }
        let mut start = 0;
        for entry in &mut self.starts {
            let count = *entry;
            *entry = start;
            start += count;
        }
        // Every place below the list's length is written once; the buffer only needs that
        // many entries, whatever they hold (the previous pass's, mostly).
        let len = self.list.len();
        self.sorted.truncate(len);
        if let Some(&filler) = self.list.first() {
            self.sorted.resize(len, filler);
        }
        for c in &self.list {
            if let Some(next) = self.starts.get_mut(key(c)) {
                if let Some(place) = self.sorted.get_mut(*next) {
                    *place = *c;
                }
                *next += 1;
            }
        }
        std::mem::swap(&mut self.list, &mut self.sorted);
    }
}

/// `agent`'s consequents, split off the front of `list` (sorted by agent) after dropping those
/// of earlier slots, whose agents the caller has passed. Empty when the agent has none, or when
/// the ones in its slot were queued for an agent that has since left it.
pub(crate) fn run_of<'a>(list: &mut &'a [Consequent], agent: EntityId) -> &'a [Consequent] {
    let slot = agent.index() as usize;
    let passed = list.iter().take_while(|c| c.slot() < slot).count();
    *list = list.get(passed..).unwrap_or_default();
    let run = split_slot(list, slot);
    if run.first().is_some_and(|c| c.a != agent) {
        &[]
    } else {
        run
    }
}

/// The consequents of `slot` at the front of `list`, split off it.
fn split_slot<'a>(list: &mut &'a [Consequent], slot: usize) -> &'a [Consequent] {
    let count = list.iter().take_while(|c| c.slot() == slot).count();
    let (run, rest) = list.split_at_checked(count).unwrap_or((*list, &[]));
    *list = rest;
    run
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::Entities;

    /// Four agents in slots 0..4.
    fn agents() -> Vec<EntityId> {
        let mut entities = Entities::new();
        (0..4).map(|_| entities.spawn().unwrap()).collect()
    }

    fn queued(pairs: &[(usize, EntityId)]) -> Consequents {
        let mut list = Consequents::default();
        list.extend(
            pairs.len(),
            pairs.iter().map(|&(rule, a)| Consequent { rule, a, b: a }),
        );
        list
    }

    fn rules_and_slots(list: &Consequents) -> Vec<(usize, u32)> {
        list.as_slice()
            .iter()
            .map(|c| (c.rule, c.a.index()))
            .collect()
    }

    #[test]
    fn sorting_puts_agents_in_slot_order_then_rules_in_order() {
        let [a, b, c, d] = agents()[..] else { panic!() };
        let mut list = queued(&[(6, d), (1, b), (2, d), (3, a), (4, b), (5, c), (0, d)]);
        list.sort();
        assert_eq!(
            rules_and_slots(&list),
            vec![(3, 0), (1, 1), (4, 1), (5, 2), (0, 3), (2, 3), (6, 3)]
        );
    }

    proptest::proptest! {
        /// Whatever the agents and rules, and whether they come as the scans give them or
        /// scrambled, tick after tick on the same buffers, the sort orders the list exactly
        /// as the standard library's sort by agent, rule and other agent does.
        #[test]
        fn sorting_matches_a_sort_by_agent_rule_and_other_tick_after_tick(
            ticks in proptest::collection::vec(
                (
                    proptest::collection::btree_set((0usize..40, 0usize..3, 0usize..40), 0..200),
                    proptest::bool::ANY,
                ),
                1..4,
            )
        ) {
            let mut entities = Entities::new();
            let ids: Vec<EntityId> = (0..40).map(|_| entities.spawn().unwrap()).collect();
            let mut list = Consequents::default();
            for (slots, as_scanned) in ticks {
                // A set of (agent, rule, other) is what scans queue: each pair once per rule.
                let mut queued: Vec<Consequent> = slots
                    .iter()
                    .map(|&(a, rule, b)| Consequent { rule, a: ids[a], b: ids[b] })
                    .collect();
                if as_scanned {
                    // Rule after rule, each in run order.
                    queued.sort_by_key(|c| (c.rule, c.a.index(), c.b.index()));
                } else {
                    queued.sort_by_key(|c| (c.b.index() * 7 + c.a.index() * 3) % 11);
                }
                list.extend(queued.len(), queued.iter().copied());
                list.sort();
                let mut expected = queued;
                expected.sort_by_key(Consequent::order);
                proptest::prop_assert_eq!(list.as_slice(), &expected[..]);
                list.clear();
            }
        }
    }

    #[test]
    fn runs_split_the_sorted_list_agent_by_agent() {
        let [a, b, c, d] = agents()[..] else { panic!() };
        let mut list = queued(&[(0, c), (1, a), (2, c)]);
        list.sort();
        let mut rest = list.as_slice();
        assert_eq!(run_of(&mut rest, a).len(), 1);
        assert!(run_of(&mut rest, b).is_empty(), "b has none");
        let rules: Vec<usize> = run_of(&mut rest, c).iter().map(|r| r.rule).collect();
        assert_eq!(rules, vec![0, 2]);
        assert!(run_of(&mut rest, d).is_empty() && rest.is_empty());

        let mut rest = list.as_slice();
        assert!(
            run_of(&mut rest, b).is_empty(),
            "b has none; a's were passed"
        );
        assert_eq!(run_of(&mut rest, c).len(), 2);
    }

    #[test]
    fn an_agent_does_not_take_the_consequents_of_an_earlier_agent_in_its_slot() {
        let mut entities = Entities::new();
        let old = entities.spawn().unwrap();
        entities.despawn(old).unwrap();
        let new = entities.spawn().unwrap();
        assert_eq!(old.index(), new.index());
        let list = queued(&[(0, old)]);
        let mut rest = list.as_slice();
        assert!(run_of(&mut rest, new).is_empty());
        assert!(rest.is_empty());
    }
}

//! The props blueprints add (`addProp`), held in columns: one table per blueprint, with a
//! column per prop name its agents added and a row per agent that added any.
//!
//! Agents of one blueprint add the same props, so a name is held once per blueprint rather
//! than once per agent, and an agent costs one value per prop. A pass that reads one prop of
//! every agent of a blueprint reads one column in order. An agent's table and row are kept
//! beside its id in the agents' list of slots ([`Live`](super::Live)), so finding another
//! agent's prop reads neither that agent nor its blueprint; a column holds `None` for the rows of
//! agents that never added that prop (which costs no more than a value: `Option<GVar>` is the
//! size of a `GVar`).
//!
//! An agent out of the agents (made but not yet in, taken out, read from a snapshot) holds
//! its props apart ([`Apart`](super::Apart)) and they join its blueprint's table when it goes in.
//!
//! An agent's props are listed in the order its blueprint's agents first added them (which
//! is the order it added them, since a blueprint's agents run the same `addProp`s).

use super::{Agent, Agents};
use crate::entity::EntityId;
use crate::vars::{GVar, PropKey, PropName};

/// The row of an agent with no props in its table.
pub(super) const NO_ROW: u32 = u32::MAX;

/// The most prop names one blueprint's agents add. Each name is a column as long as the
/// blueprint has agents, so without a limit, a snapshot that gave each agent a different name
/// would make a table of agents × names; a real blueprint adds a few dozen.
pub const MAX_PROPS_PER_BLUEPRINT: usize = 256;

/// One blueprint's added props (see the module docs).
#[derive(Debug, Clone, Default)]
pub(super) struct PropTable {
    /// Each column's prop name, in the order first added.
    names: Vec<PropName>,
    /// One column per name, one value per row (`None` where that row's agent has no such prop).
    columns: Vec<Vec<Option<GVar>>>,
    /// The slot of each row's agent.
    owner: Vec<u32>,
}

impl PropTable {
    /// The column of `name`.
    fn column(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The column of `key`: at the place the key guesses, checked inline, and searched for
    /// (and remembered in the key) only on a miss.
    #[inline(always)]
    fn keyed(&self, key: &PropKey) -> Option<usize> {
        let at = key.guess();
        if self.names.get(at) == Some(key.name()) {
            return Some(at);
        }
        self.search(key)
    }

    /// The search past a wrong guess, out of line so the guess's check is all that is
    /// inlined where a prop is read.
    #[inline(never)]
    fn search(&self, key: &PropKey) -> Option<usize> {
        let at = self.names.iter().position(|n| n == key.name())?;
        key.found_at(at);
        Some(at)
    }

    /// The value in `row` of `column`.
    #[inline(always)]
    fn get(&self, row: u32, column: usize) -> Option<&GVar> {
        self.columns.get(column)?.get(row as usize)?.as_ref()
    }

    /// The value in `row` of `column`, to change.
    #[inline(always)]
    fn get_mut(&mut self, row: u32, column: usize) -> Option<&mut GVar> {
        self.columns
            .get_mut(column)?
            .get_mut(row as usize)?
            .as_mut()
    }

    /// Adds an empty row for the agent in `slot`.
    fn push_row(&mut self, slot: u32) -> u32 {
        let row = u32::try_from(self.owner.len()).unwrap_or(NO_ROW);
        self.owner.push(slot);
        self.columns.iter_mut().for_each(|column| column.push(None));
        row
    }

    /// Sets `name` to `var` in `row` (adding the column first if no agent had it); refused
    /// past [`MAX_PROPS_PER_BLUEPRINT`] names.
    fn set(&mut self, row: u32, name: &str, var: GVar) -> Result<(), String> {
        let column = match self.column(name) {
            Some(column) => column,
            None if self.names.len() >= MAX_PROPS_PER_BLUEPRINT => {
                return Err(format!(
                    "a blueprint's characters can have at most {MAX_PROPS_PER_BLUEPRINT} \
                     added properties, and '{name}' would be one more"
                ))
            }
            None => {
                self.names.push(PropName::new(name));
                self.columns.push(vec![None; self.owner.len()]);
                self.names.len() - 1
            }
        };
        match self
            .columns
            .get_mut(column)
            .and_then(|c| c.get_mut(row as usize))
        {
            Some(at) => *at = Some(var),
            None => return Err(format!("no row {row} for the prop '{name}'")),
        }
        Ok(())
    }

    /// The props of `row`, in column order.
    fn row(&self, row: u32) -> impl Iterator<Item = (&PropName, &GVar)> {
        self.names
            .iter()
            .zip(&self.columns)
            .filter_map(move |(name, column)| Some((name, column.get(row as usize)?.as_ref()?)))
    }

    /// Takes `row`, the row of the agent in `slot`, out, answering its props and, when the
    /// last row moved into its place, the slot of that row's agent (nothing when the row is
    /// another agent's).
    fn take_row(&mut self, row: u32, slot: u32) -> (Vec<(PropName, GVar)>, Option<u32>) {
        let at = row as usize;
        if self.owner.get(at) != Some(&slot) {
            return (Vec::new(), None);
        }
        self.owner.swap_remove(at);
        let mut props = Vec::new();
        for (name, column) in self.names.iter().zip(&mut self.columns) {
            if let Some(var) = column.swap_remove(at) {
                props.push((name.clone(), var));
            }
        }
        (props, self.owner.get(at).copied())
    }

    /// Drops the columns no agent holds a value in (left by agents removed, or by a model
    /// edited while it runs that no longer adds a prop), so they neither cost memory nor
    /// count against [`MAX_PROPS_PER_BLUEPRINT`]. Keys only guess columns, so none goes
    /// wrong.
    fn drop_empty_columns(&mut self) {
        let held: Vec<bool> = (self.columns.iter())
            .map(|column| column.iter().any(Option::is_some))
            .collect();
        let mut kept = held.iter();
        self.names.retain(|_| kept.next().copied().unwrap_or(true));
        let mut kept = held.iter();
        self.columns
            .retain(|_| kept.next().copied().unwrap_or(true));
    }

    /// Makes room for `more` rows with the props its rows have.
    fn reserve(&mut self, more: usize) {
        self.owner.reserve(more);
        self.columns.iter_mut().for_each(|c| c.reserve(more));
    }

    /// Puts the rows in the order of their agents' slots (agents made one by one are already
    /// in it; births and removals shuffle them), answering each slot's new row, and moves
    /// what the values hold on the heap to fresh memory in that order (see
    /// [`Agents::repack`]); old values go to `spent`.
    fn repack(&mut self, spent: &mut Vec<GVar>) -> Option<Vec<(u32, u32)>> {
        self.drop_empty_columns();
        let moved = (!self.owner.is_sorted()).then(|| {
            let mut order: Vec<usize> = (0..self.owner.len()).collect();
            order.sort_unstable_by_key(|&row| self.owner.get(row).copied());
            for column in &mut self.columns {
                let mut sorted = Vec::with_capacity(column.len());
                sorted.extend(
                    order
                        .iter()
                        .map(|&row| column.get_mut(row).and_then(Option::take)),
                );
                *column = sorted;
            }
            let owner: Vec<u32> = order
                .iter()
                .filter_map(|&r| self.owner.get(r).copied())
                .collect();
            self.owner = owner;
            (self.owner.iter().enumerate())
                .map(|(row, &slot)| (slot, row as u32))
                .collect()
        });
        for var in self.columns.iter_mut().flatten().flatten() {
            var.relocate(spent);
        }
        self.columns.iter_mut().for_each(super::trim_room);
        super::trim_room(&mut self.owner);
        moved
    }
}

impl Agents {
    /// `agent`'s added prop `name` (none for an agent held apart).
    pub fn prop<'a>(&'a self, agent: &Agent, name: &str) -> Option<&'a GVar> {
        let (table, row) = self.prop_table_of(agent)?;
        table.get(row, table.column(name)?)
    }

    /// The added prop of `key` (what compiled statements and expressions look up) of
    /// `agent`, one known to be in its slot (as [`Agents::get`] gave it): its id is not
    /// checked again.
    #[inline(always)]
    pub(crate) fn prop_keyed_in_slot<'a>(
        &'a self,
        agent: &Agent,
        key: &PropKey,
    ) -> Option<&'a GVar> {
        let live = self.live.get(agent.id.index() as usize)?;
        let table = self.prop_tables.get(live.table as usize)?;
        table.get(live.row, table.keyed(key)?)
    }

    /// Agent `id`'s added prop of `key`, found from the list of slots alone (the agent's
    /// own memory is not read).
    #[inline(always)]
    pub(crate) fn prop_keyed(&self, id: EntityId, key: &PropKey) -> Option<&GVar> {
        let live = self.live.get(id.index() as usize)?;
        if live.id != Some(id) || live.row == NO_ROW {
            return None;
        }
        let table = self.prop_tables.get(live.table as usize)?;
        table.get(live.row, table.keyed(key)?)
    }

    /// Agent `id`'s added prop `name`, to change.
    pub fn prop_mut(&mut self, id: EntityId, name: &str) -> Option<&mut GVar> {
        let (table, row) = self.prop_table_mut(id)?;
        let column = table.column(name)?;
        table.get_mut(row, column)
    }

    /// Agent `id`'s added prop of `key`, to change.
    #[inline(always)]
    pub fn prop_keyed_mut(&mut self, id: EntityId, key: &PropKey) -> Option<&mut GVar> {
        let (table, row) = self.prop_table_mut(id)?;
        let column = table.keyed(key)?;
        table.get_mut(row, column)
    }

    /// `agent`'s added props, in the order its blueprint's agents first added them (none for
    /// an agent held apart: [`Agent::apart`] holds those).
    pub fn props<'a>(&'a self, agent: &Agent) -> impl Iterator<Item = (&'a PropName, &'a GVar)> {
        self.prop_table_of(agent)
            .into_iter()
            .flat_map(|(table, row)| table.row(row))
    }

    /// Sets agent `id`'s prop `name` to `var`, adding it if it has none (`addProp`).
    pub fn set_prop(&mut self, id: EntityId, name: &str, var: GVar) -> Result<(), String> {
        if !self.contains(id) {
            return Err(crate::exec::REMOVED.into());
        }
        let index = id.index() as usize;
        self.touch(index);
        let blueprint = self.slots.get(index).ok_or(crate::exec::REMOVED)?.blueprint;
        let live = self.live.get_mut(index).ok_or(crate::exec::REMOVED)?;
        if live.row == NO_ROW {
            // The first prop: the agent's row goes in its blueprint's table.
            live.table = u32::try_from(blueprint).map_err(|_| "no blueprint")?;
        }
        let at = live.table as usize;
        if self.prop_tables.len() <= at {
            // A blueprint index comes from the compiled project, so this grows to the number
            // of its blueprints at most.
            self.prop_tables.resize_with(at + 1, PropTable::default);
        }
        let table = self.prop_tables.get_mut(at).ok_or("no blueprint")?;
        if live.row == NO_ROW {
            live.row = table.push_row(index as u32);
        }
        table.set(live.row, name, var)
    }

    /// Gives every agent of blueprint `old` the index `remap[old]`, and each blueprint's
    /// table of props with it (a model edited while it runs may number its blueprints
    /// anew); agents of an index `remap` does not list (the hidden round agent) keep theirs.
    pub fn renumber_blueprints(&mut self, remap: &[usize]) {
        if remap.iter().enumerate().all(|(old, &new)| old == new) {
            return;
        }
        let now = |old: usize| remap.get(old).copied().unwrap_or(old);
        let count = (0..self.prop_tables.len())
            .map(now)
            .max()
            .map_or(0, |n| n + 1);
        let mut tables: Vec<PropTable> = Vec::new();
        tables.resize_with(count.max(self.prop_tables.len()), PropTable::default);
        for (old, table) in std::mem::take(&mut self.prop_tables)
            .into_iter()
            .enumerate()
        {
            if let Some(at) = tables.get_mut(now(old)) {
                *at = table;
            }
        }
        self.prop_tables = tables;
        self.epoch += 1;
        self.census.forget_log();
        for (agent, live) in self.slots.iter_mut().zip(&mut self.live) {
            if live.id.is_some() {
                agent.blueprint = now(agent.blueprint);
                live.table = u32::try_from(now(live.table as usize)).unwrap_or(live.table);
            }
        }
    }

    /// Gives agent `to` copies of agent `from`'s props in place of its own (a child born of
    /// a parent).
    pub fn copy_props(&mut self, from: EntityId, to: EntityId) {
        if from == to || !self.contains(to) {
            return;
        }
        let Some(parent) = self.get(from) else {
            return;
        };
        let props: Vec<(PropName, GVar)> = (self.props(&parent))
            .map(|(n, v)| (n.clone(), v.clone()))
            .collect();
        self.drop_props(to.index() as usize);
        for (name, var) in props {
            // The parent held these, so its table has room for them; the child's may not.
            let _ = self.set_prop(to, &name, var);
        }
    }

    /// The table and row of `agent`'s props, when `agent` is among the agents and has a row.
    #[inline(always)]
    fn prop_table_of(&self, agent: &Agent) -> Option<(&PropTable, u32)> {
        let live = self.live.get(agent.id.index() as usize)?;
        if live.row == NO_ROW || live.id != Some(agent.id) {
            return None;
        }
        Some((self.prop_tables.get(live.table as usize)?, live.row))
    }

    /// The table and row of agent `id`'s props, to change.
    #[inline(always)]
    fn prop_table_mut(&mut self, id: EntityId) -> Option<(&mut PropTable, u32)> {
        if !self.contains(id) {
            return None;
        }
        let index = id.index() as usize;
        self.touch(index);
        let live = *self.live.get(index)?;
        if live.row == NO_ROW {
            return None;
        }
        Some((self.prop_tables.get_mut(live.table as usize)?, live.row))
    }

    /// Takes the props of the agent in slot `index` out of its table, answering them.
    pub(super) fn take_props(&mut self, index: usize) -> Vec<(PropName, GVar)> {
        let Some(live) = self.live.get_mut(index) else {
            return Vec::new();
        };
        let row = std::mem::replace(&mut live.row, NO_ROW);
        let Some(table) = self.prop_tables.get_mut(live.table as usize) else {
            return Vec::new();
        };
        if row == NO_ROW {
            return Vec::new();
        }
        let (props, moved) = table.take_row(row, index as u32);
        if let Some(moved) = moved.and_then(|slot| self.live.get_mut(slot as usize)) {
            moved.row = row;
        }
        props
    }

    /// Drops the props of the agent in slot `index`.
    pub(super) fn drop_props(&mut self, index: usize) {
        drop(self.take_props(index));
    }

    /// Puts the props `agent` (now in slot `index`) held apart into its blueprint's table;
    /// those past the table's limit are dropped (only a hostile snapshot has them, and
    /// restoring checks for it first).
    pub(super) fn attach_props(&mut self, index: usize, props: Vec<(PropName, GVar)>) {
        let Some(id) = self.id_at(index) else {
            return;
        };
        for (name, var) in props {
            let _ = self.set_prop(id, &name, var);
        }
    }

    /// Makes room in blueprint `blueprint`'s table for `more` agents with the props its
    /// agents have.
    pub(super) fn reserve_props(&mut self, blueprint: usize, more: usize) {
        if let Some(table) = self.prop_tables.get_mut(blueprint) {
            table.reserve(more);
        }
    }

    /// Lays the prop tables out in slot order (see [`Agents::repack`]).
    pub(super) fn repack_props(&mut self, spent: &mut Vec<GVar>) {
        for table in &mut self.prop_tables {
            for (slot, row) in table.repack(spent).into_iter().flatten() {
                if let Some(live) = self.live.get_mut(slot as usize) {
                    live.row = row;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::Entities;
    use crate::vars::NumberVar;

    fn number(n: f64) -> GVar {
        GVar::Number(NumberVar::new(n))
    }

    fn value(var: Option<&GVar>) -> Option<f64> {
        var.and_then(|v| v.value().as_number())
    }

    fn agents_of(count: usize) -> (Agents, Vec<EntityId>) {
        let mut entities = Entities::new();
        let mut agents = Agents::default();
        let ids: Vec<EntityId> = (0..count)
            .map(|i| {
                let id = entities.spawn().unwrap();
                agents.insert(Agent::new(id, i % 2, format!("a{i}")));
                id
            })
            .collect();
        (agents, ids)
    }

    #[test]
    fn an_option_of_a_value_costs_no_more_than_the_value() {
        assert_eq!(
            std::mem::size_of::<Option<GVar>>(),
            std::mem::size_of::<GVar>()
        );
    }

    #[test]
    fn props_are_set_read_and_listed_per_agent() {
        let (mut agents, ids) = agents_of(3);
        agents.set_prop(ids[0], "energy", number(1.0)).unwrap();
        agents.set_prop(ids[0], "size", number(2.0)).unwrap();
        agents.set_prop(ids[2], "size", number(3.0)).unwrap();
        let first = agents.get(ids[0]).unwrap().agent();
        let third = agents.get(ids[2]).unwrap().agent();
        assert_eq!(value(agents.prop(first, "energy")), Some(1.0));
        assert_eq!(value(agents.prop(third, "energy")), None, "never added");
        assert_eq!(value(agents.prop(third, "size")), Some(3.0));
        let names: Vec<&str> = agents.props(first).map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["energy", "size"]);
        assert_eq!(agents.props(agents.get(ids[1]).unwrap().agent()).count(), 0);
        agents.set_prop(ids[0], "energy", number(9.0)).unwrap();
        let first = agents.get(ids[0]).unwrap().agent();
        assert_eq!(
            value(agents.prop(first, "energy")),
            Some(9.0),
            "a second add sets it"
        );
    }

    #[test]
    fn a_key_finds_its_prop_in_every_blueprint_whatever_its_column() {
        let (mut agents, ids) = agents_of(2);
        agents.set_prop(ids[0], "a", number(1.0)).unwrap();
        agents.set_prop(ids[0], "b", number(2.0)).unwrap();
        agents.set_prop(ids[1], "b", number(3.0)).unwrap();
        let key = PropKey::new("b");
        let first = agents.get(ids[0]).unwrap().agent();
        assert_eq!(
            value(agents.prop_keyed_in_slot(first, &key)),
            Some(2.0),
            "a miss searches"
        );
        assert_eq!(key.guess(), 1, "and remembers the place");
        for _ in 0..2 {
            let (first, second) = (
                agents.get(ids[0]).unwrap().agent(),
                agents.get(ids[1]).unwrap().agent(),
            );
            assert_eq!(value(agents.prop_keyed_in_slot(first, &key)), Some(2.0));
            assert_eq!(value(agents.prop_keyed_in_slot(second, &key)), Some(3.0));
        }
        if let Some(GVar::Number(n)) = agents.prop_keyed_mut(ids[1], &key) {
            n.set(7.0).unwrap();
        }
        let second = agents.get(ids[1]).unwrap().agent();
        assert_eq!(value(agents.prop_keyed_in_slot(second, &key)), Some(7.0));
        assert!(agents
            .prop_keyed_in_slot(second, &PropKey::new("a"))
            .is_none());
    }

    #[test]
    fn removing_an_agent_keeps_its_props_and_every_other_agents() {
        let (mut agents, ids) = agents_of(6);
        for (i, &id) in ids.iter().enumerate() {
            agents.set_prop(id, "n", number(i as f64)).unwrap();
        }
        let mut taken = agents.remove(ids[0]).unwrap();
        assert_eq!(agents.prop_mut(ids[0], "n"), None);
        let kept: Vec<(String, GVar)> = taken
            .apart
            .props()
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect();
        assert_eq!(kept, [("n".to_string(), number(0.0))]);
        assert!(agents.discard(ids[2]));
        for (i, &id) in ids.iter().enumerate().skip(1).filter(|(i, _)| *i != 2) {
            let agent = agents.get(id).unwrap().agent();
            assert_eq!(value(agents.prop(agent, "n")), Some(i as f64), "agent {i}");
        }
        taken.apart.set_prop("n", number(5.0));
        agents.insert(taken);
        let back = agents.get(ids[0]).unwrap().agent();
        assert_eq!(value(agents.prop(back, "n")), Some(5.0));
    }

    #[test]
    fn a_copy_of_an_agent_among_the_agents_goes_in_without_props() {
        let (mut agents, ids) = agents_of(1);
        agents.set_prop(ids[0], "n", number(1.0)).unwrap();
        let mut entities = Entities::new();
        let _ = entities.spawn().unwrap();
        let mut copy = agents.get(ids[0]).unwrap().agent().clone();
        copy.id = entities.spawn().unwrap();
        let copy_id = copy.id;
        agents.insert(copy);
        assert_eq!(
            agents.props(agents.get(copy_id).unwrap().agent()).count(),
            0
        );
        agents.set_prop(copy_id, "n", number(2.0)).unwrap();
        let first = agents.get(ids[0]).unwrap().agent();
        assert_eq!(
            value(agents.prop(first, "n")),
            Some(1.0),
            "the original keeps its own"
        );
    }

    #[test]
    fn a_child_gets_copies_of_its_parents_props_in_place_of_its_own() {
        let (mut agents, ids) = agents_of(3);
        agents.set_prop(ids[0], "n", number(1.0)).unwrap();
        agents.set_prop(ids[2], "other", number(2.0)).unwrap();
        agents.copy_props(ids[0], ids[2]);
        let child = agents.get(ids[2]).unwrap().agent();
        let props: Vec<&str> = agents.props(child).map(|(n, _)| n.as_str()).collect();
        assert_eq!(props, ["n"]);
    }

    #[test]
    fn blueprints_numbered_anew_keep_their_agents_props() {
        let (mut agents, ids) = agents_of(4);
        for (i, &id) in ids.iter().enumerate() {
            let name = if i % 2 == 0 { "even" } else { "odd" };
            agents.set_prop(id, name, number(i as f64)).unwrap();
        }
        agents.renumber_blueprints(&[2, 0]);
        for (i, &id) in ids.iter().enumerate() {
            let agent = agents.get(id).unwrap().agent();
            assert_eq!(agent.blueprint, if i % 2 == 0 { 2 } else { 0 });
            let props: Vec<&str> = agents.props(agent).map(|(n, _)| n.as_str()).collect();
            assert_eq!(
                props,
                [if i % 2 == 0 { "even" } else { "odd" }],
                "agent {i}"
            );
            assert_eq!(value(agents.prop(agent, props[0])), Some(i as f64));
        }
        assert!(
            agents.prop_tables[1].names.is_empty(),
            "no blueprint has index 1 now"
        );
    }

    #[test]
    fn a_column_no_agent_holds_a_value_in_goes_at_a_repack() {
        let (mut agents, ids) = agents_of(2);
        agents.set_prop(ids[0], "gone", number(1.0)).unwrap();
        agents.set_prop(ids[0], "kept", number(2.0)).unwrap();
        assert!(agents.discard(ids[0]));
        let mut entities = Entities::new();
        let _ = entities.spawn().unwrap();
        let _ = entities.spawn().unwrap();
        let id = entities.spawn().unwrap();
        agents.insert(Agent::new(id, 0, "c".into()));
        agents.set_prop(id, "kept", number(3.0)).unwrap();
        agents.repack();
        let names: Vec<&str> = agents.prop_tables[0]
            .names
            .iter()
            .map(|n| n.as_str())
            .collect();
        assert_eq!(names, ["kept"]);
        let agent = agents.get(id).unwrap().agent();
        assert_eq!(
            value(agents.prop_keyed_in_slot(agent, &PropKey::new("kept"))),
            Some(3.0)
        );
    }

    #[test]
    fn a_blueprint_holds_at_most_its_limit_of_names() {
        let (mut agents, ids) = agents_of(1);
        for i in 0..MAX_PROPS_PER_BLUEPRINT {
            agents
                .set_prop(ids[0], &format!("p{i}"), number(0.0))
                .unwrap();
        }
        let refused = agents.set_prop(ids[0], "one more", number(0.0));
        assert!(refused
            .unwrap_err()
            .contains("at most 256 added properties"));
        assert!(
            agents.set_prop(ids[0], "p3", number(1.0)).is_ok(),
            "a known name still sets"
        );
    }

    #[test]
    fn repacking_puts_rows_in_slot_order_and_changes_no_prop() {
        let (mut agents, ids) = agents_of(8);
        for (i, &id) in ids.iter().enumerate().rev() {
            agents.set_prop(id, "n", number(i as f64)).unwrap();
        }
        agents.repack();
        for table in &agents.prop_tables {
            assert!(table.owner.is_sorted());
        }
        for (i, &id) in ids.iter().enumerate() {
            let agent = agents.get(id).unwrap().agent();
            assert_eq!(value(agents.prop(agent, "n")), Some(i as f64));
        }
    }
}

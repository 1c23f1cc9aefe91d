//! Attached features' props in columns: one table per feature kind, one row per agent that
//! has the feature, one column per catalog prop.
//!
//! A pass over thousands of agents reads one feature's props of each in turn (Movement's
//! heading, Graphing's meter, Physics' body). Held in each agent's own list, every such read
//! followed pointers to memory of its own; held here, the props of one kind sit one after the
//! other in the order of the agents' slots, which a pass reads in order. A column is made
//! only when some agent changes that prop: until then every row reads the catalog's default,
//! kept once. An agent then costs what its features' changed props cost, with no list or
//! buffer of its own.

use super::feature_state::{Catalog, FeatureParts, FeaturePartsRef, FeatureState, More};
use crate::features::catalog::{FeatureKind, PropSlot};
use crate::vars::{GVar, Value};
use std::borrow::Cow;

/// A row number's mark for "no row" in [`FeatureTable::row_of`].
const NO_ROW: u32 = u32::MAX;

/// What the per-tick update of one attached feature notes about itself.
#[derive(Debug, Clone, Copy)]
struct RowState {
    /// Whether its per-tick update has work to do: set when a prop whose catalog entry
    /// [`wakes`](crate::features::FeatPropSpec::wakes) the feature is set (and when the
    /// feature is attached), cleared by the update when it finds nothing to do. A sleeping
    /// feature's update reads none of its props.
    awake: bool,
    /// What the update last parsed from its props (0: nothing), so it does not parse the
    /// same text again every tick (Movement's `movementType`). Setting a waking prop clears
    /// it, so what is kept always matches the props as they are.
    parsed: u8,
    /// Whether `jitterRotate` was called since the last movement pass (Movement; GEMSTEP's
    /// `_jitterRotate`), which then turns the character to a random angle. Kept here, not in
    /// [`More`], so the pass reads it beside the rest of the row's state for every mover.
    jitter_rotate: bool,
    /// Whether [`More::graph_value_old`] was ever set (Graphing): until then it is 0, and the
    /// graph's update, which compares `graphValue` with it for every agent every tick, does
    /// not follow the row's pointer to [`More`] to read it.
    graph_value_old_kept: bool,
}

impl RowState {
    const FRESH: RowState = RowState {
        awake: true,
        parsed: 0,
        jitter_rotate: false,
        graph_value_old_kept: false,
    };
}

/// Every attached feature of one kind.
#[derive(Debug, Clone)]
pub struct FeatureTable {
    /// The feature's kind (also in `catalog`, kept here so a write checks it without
    /// reading the catalog).
    kind: FeatureKind,
    /// The feature's catalog entry and its props' defaults.
    catalog: &'static Catalog,
    /// The row of each agent slot's feature ([`NO_ROW`] for an agent without it).
    row_of: Vec<u32>,
    /// The slot of each row's agent.
    owner: Vec<u32>,
    /// Each row's update state.
    state: Vec<RowState>,
    /// How many of the first catalog props are hot ([`FeatureSpec::hot`]): the props the
    /// tick reads and writes for nearly every agent with the feature (Movement's five), kept
    /// together row by row in `hot_rows` rather than in columns, so one agent's step reads
    /// one stretch of memory rather than one per prop.
    ///
    /// [`FeatureSpec::hot`]: crate::features::FeatureSpec::hot
    hot: usize,
    /// The hot props of every row, row after row (`hot` values each).
    hot_rows: Vec<GVar>,
    /// One column per catalog prop, in catalog order: empty until a row changes that prop,
    /// then one value per row (always empty for the hot ones).
    columns: Box<[Vec<GVar>]>,
    /// Each row's added props, graph points and counts, which few have.
    more: Vec<Option<Box<More>>>,
}

impl FeatureTable {
    /// A table with no rows.
    pub(crate) fn new(catalog: &'static Catalog) -> FeatureTable {
        FeatureTable {
            kind: catalog.kind,
            catalog,
            row_of: Vec::new(),
            owner: Vec::new(),
            state: Vec::new(),
            hot: catalog.spec.hot.min(catalog.defaults.len()),
            hot_rows: Vec::new(),
            columns: catalog.defaults.iter().map(|_| Vec::new()).collect(),
            more: Vec::new(),
        }
    }

    /// The feature's kind.
    pub(crate) fn kind(&self) -> FeatureKind {
        self.kind
    }

    /// The row of the agent in `slot`, if it has the feature.
    #[inline(always)]
    fn row(&self, slot: usize) -> Option<usize> {
        match self.row_of.get(slot) {
            Some(&row) if row != NO_ROW => Some(row as usize),
            _ => None,
        }
    }

    /// The feature of the agent in `slot`.
    #[inline(always)]
    pub(crate) fn get(&self, slot: usize) -> Option<FeatureRef<'_>> {
        let row = self.row(slot)?;
        Some(FeatureRef { table: self, row })
    }

    /// The feature of the agent in `slot`, to change.
    #[inline(always)]
    pub(crate) fn get_mut(&mut self, slot: usize) -> Option<FeatureMut<'_>> {
        let row = self.row(slot)?;
        Some(FeatureMut { table: self, row })
    }

    /// The only row of a one-row table (a detached [`FeatureState`]).
    pub(super) fn single(&self) -> FeatureRef<'_> {
        FeatureRef {
            table: self,
            row: 0,
        }
    }

    /// [`FeatureTable::single`], to change.
    pub(super) fn single_mut(&mut self) -> FeatureMut<'_> {
        FeatureMut {
            table: self,
            row: 0,
        }
    }

    /// Adds a row at its catalog defaults for the agent in `slot` (owner `NO_ROW` for a
    /// detached feature, which no slot finds).
    pub(super) fn push_fresh(&mut self, slot: u32) -> usize {
        let row = self.owner.len();
        self.owner.push(slot);
        self.state.push(RowState::FRESH);
        self.more.push(None);
        let hot = self.catalog.defaults.iter().take(self.hot);
        self.hot_rows.extend(hot.cloned());
        for (column, default) in self.columns.iter_mut().zip(&self.catalog.defaults) {
            if !column.is_empty() {
                column.push(default.clone());
            }
        }
        self.note_row(slot, row);
        row
    }

    /// Records that the agent in `slot` has its feature at `row`.
    fn note_row(&mut self, slot: u32, row: usize) {
        if slot == NO_ROW {
            return;
        }
        let slot = slot as usize;
        if self.row_of.len() <= slot {
            self.row_of.resize(slot + 1, NO_ROW);
        }
        if let Some(at) = self.row_of.get_mut(slot) {
            *at = u32::try_from(row).unwrap_or(NO_ROW);
        }
    }

    /// Adds a row for the agent in `slot` holding what `from`'s only row holds.
    pub(super) fn push_from(&mut self, slot: u32, from: FeatureState) -> usize {
        let mut from = from.into_table();
        let row = self.push_fresh(slot);
        if let (Some(state), Some(&kept)) = (self.state.get_mut(row), from.state.first()) {
            *state = kept;
        }
        if let (Some(more), Some(kept)) = (self.more.get_mut(row), from.more.first_mut()) {
            *more = kept.take();
        }
        let start = row * self.hot;
        let chunk = self.hot_rows.iter_mut().skip(start).take(self.hot);
        for (at, value) in chunk.zip(from.hot_rows.drain(..)) {
            *at = value;
        }
        for (index, column) in from.columns.iter_mut().enumerate() {
            if let Some(value) = column.pop() {
                if let Some(at) = self.hold(row, index) {
                    *at = value;
                }
            }
        }
        row
    }

    /// Adds a detached row holding what a snapshot stored (checked against the catalog by
    /// the caller); a prop at its default makes no column.
    pub(super) fn push_parts(&mut self, parts: FeatureParts) {
        let row = self.push_fresh(NO_ROW);
        let catalog = self.columns.len();
        let mut vars = parts.vars.into_iter();
        for (index, var) in vars.by_ref().take(catalog).enumerate() {
            if self.catalog.defaults.get(index) != Some(&var) {
                if let Some(held) = self.hold(row, index) {
                    *held = var;
                }
            }
        }
        let more = More {
            added: parts.added.into_iter().map(Cow::Owned).collect(),
            vars: vars.collect(),
            series: parts.series,
            buckets: parts.buckets,
            graph_value_old: parts.graph_value_old,
        };
        let kept = more.graph_value_old.to_bits() != 0;
        let empty =
            more.added.is_empty() && more.series.is_empty() && more.buckets.is_empty() && !kept;
        if let Some(slot) = self.more.get_mut(row) {
            *slot = (!empty).then(|| Box::new(more));
        }
        if let Some(state) = self.state.get_mut(row) {
            state.jitter_rotate = parts.jitter_rotate;
            state.graph_value_old_kept = kept;
        }
    }

    /// Adds a row for the agent in `to` holding a copy of what the agent in `from` holds (a
    /// child born of a parent).
    pub(super) fn copy(&mut self, from: usize, to: u32) {
        let Some(source) = self.row(from) else {
            return;
        };
        let row = self.push_fresh(to);
        fn copy_within<T: Clone>(list: &mut [T], from: usize, to: usize) {
            if let Some(value) = list.get(from).cloned() {
                if let Some(at) = list.get_mut(to) {
                    *at = value;
                }
            }
        }
        copy_within(&mut self.state, source, row);
        copy_within(&mut self.more, source, row);
        for i in 0..self.hot {
            copy_within(
                &mut self.hot_rows,
                source * self.hot + i,
                row * self.hot + i,
            );
        }
        for column in self.columns.iter_mut().filter(|c| !c.is_empty()) {
            copy_within(column, source, row);
        }
    }

    /// Takes the feature of the agent in `slot` out, the last row moving to its place; its
    /// props are handed back as a detached feature.
    pub(super) fn take(&mut self, slot: usize) -> Option<FeatureState> {
        let row = self.row(slot)?;
        let mut out = FeatureTable::new(self.catalog);
        out.owner.push(NO_ROW);
        out.state.push(self.state.swap_remove(row));
        out.more.push(self.more.swap_remove(row));
        out.hot_rows = swap_remove_chunk(&mut self.hot_rows, row, self.hot);
        for (column, kept) in self.columns.iter_mut().zip(out.columns.iter_mut()) {
            if !column.is_empty() {
                kept.push(column.swap_remove(row));
            }
        }
        self.unlink(slot, row);
        Some(FeatureState::from_table(out))
    }

    /// Drops the feature of the agent in `slot`, the last row moving to its place.
    pub(super) fn remove(&mut self, slot: usize) {
        let Some(row) = self.row(slot) else {
            return;
        };
        self.state.swap_remove(row);
        self.more.swap_remove(row);
        swap_remove_chunk(&mut self.hot_rows, row, self.hot);
        for column in self.columns.iter_mut().filter(|c| !c.is_empty()) {
            column.swap_remove(row);
        }
        self.unlink(slot, row);
    }

    /// Forgets `slot`'s row, which the last row has just taken the place of.
    fn unlink(&mut self, slot: usize, row: usize) {
        self.owner.swap_remove(row);
        if let Some(at) = self.row_of.get_mut(slot) {
            *at = NO_ROW;
        }
        if let Some(&moved) = self.owner.get(row) {
            self.note_row(moved, row);
        }
    }

    /// The value of catalog prop `index` of `row`, made a column first if no row changed it
    /// yet, to change.
    #[inline(always)]
    fn hold(&mut self, row: usize, index: usize) -> Option<&mut GVar> {
        if index < self.hot {
            return self.hot_rows.get_mut(row * self.hot + index);
        }
        let rows = self.owner.len();
        let column = self.columns.get_mut(index)?;
        if column.is_empty() {
            let default = self.catalog.defaults.get(index)?;
            *column = vec![default.clone(); rows];
        }
        column.get_mut(row)
    }

    /// Makes room for `more` rows like the ones it has: in every list, and in each column a
    /// row has changed.
    pub(super) fn reserve(&mut self, more: usize) {
        self.row_of.reserve(more);
        self.owner.reserve(more);
        self.state.reserve(more);
        self.more.reserve(more);
        self.hot_rows.reserve(more.saturating_mul(self.hot));
        for column in self.columns.iter_mut().filter(|c| !c.is_empty()) {
            column.reserve(more);
        }
    }

    /// Puts the rows in the order of their agents' slots, so a pass over the agents in slot
    /// order reads each column in order (births and removals leave them out of order), and
    /// moves what the values keep on the heap next to each other (see
    /// [`super::Agents::repack`]), and gives back the room its lists grew beyond their
    /// length. One column is copied at a time.
    pub(super) fn repack(&mut self, spent: &mut Vec<GVar>) {
        if !self.owner.is_sorted() {
            let mut order: Vec<usize> = (0..self.owner.len()).collect();
            order.sort_unstable_by_key(|&row| self.owner.get(row).copied());
            fn permuted<T: Clone>(list: &[T], order: &[usize]) -> Vec<T> {
                order
                    .iter()
                    .filter_map(|&row| list.get(row).cloned())
                    .collect()
            }
            self.owner = permuted(&self.owner, &order);
            self.state = permuted(&self.state, &order);
            let mut more: Vec<Option<Box<More>>> = Vec::with_capacity(order.len());
            for &row in &order {
                more.push(self.more.get_mut(row).and_then(Option::take));
            }
            self.more = more;
            let mut hot_rows = Vec::with_capacity(self.hot_rows.len());
            for &row in &order {
                let chunk = self.hot_rows.iter_mut().skip(row * self.hot).take(self.hot);
                hot_rows.extend(chunk.map(taken));
            }
            self.hot_rows = hot_rows;
            for column in self.columns.iter_mut().filter(|c| !c.is_empty()) {
                let mut moved: Vec<GVar> = Vec::with_capacity(order.len());
                for &row in &order {
                    if let Some(value) = column.get_mut(row) {
                        moved.push(taken(value));
                    }
                }
                *column = moved;
            }
            let owners = std::mem::take(&mut self.owner);
            for (row, &slot) in owners.iter().enumerate() {
                self.note_row(slot, row);
            }
            self.owner = owners;
        }
        self.hot_rows
            .iter_mut()
            .for_each(|value| value.relocate(spent));
        for column in self.columns.iter_mut() {
            column.iter_mut().for_each(|value| value.relocate(spent));
            super::trim_room(column);
        }
        super::trim_room(&mut self.row_of);
        super::trim_room(&mut self.owner);
        super::trim_room(&mut self.state);
        super::trim_room(&mut self.hot_rows);
        super::trim_room(&mut self.more);
    }
}

/// The value at `value`, a placeholder (which takes no memory) left in its place.
fn taken(value: &mut GVar) -> GVar {
    std::mem::replace(value, GVar::Boolean(Default::default()))
}

/// Takes the `width` values of `row` out of rows laid out one after the other, the last row's
/// moving into their place (as `Vec::swap_remove` does for one value).
fn swap_remove_chunk(rows: &mut Vec<GVar>, row: usize, width: usize) -> Vec<GVar> {
    let count = rows.len().checked_div(width).unwrap_or(0);
    if row >= count {
        return Vec::new();
    }
    let last = (count - 1) * width;
    for i in 0..width {
        rows.swap(row * width + i, last + i);
    }
    rows.split_off(last)
}

/// One table per catalog feature, by kind.
#[derive(Debug, Clone)]
pub struct FeatureTables {
    tables: Box<[FeatureTable]>,
}

impl Default for FeatureTables {
    fn default() -> FeatureTables {
        FeatureTables {
            tables: crate::features::FEATURES
                .iter()
                .map(|f| FeatureTable::new(super::feature_state::catalog_of(&f.spec)))
                .collect(),
        }
    }
}

impl FeatureTables {
    /// The table of `kind` (none for a kind the catalog does not list).
    #[inline(always)]
    pub(super) fn of(&self, kind: FeatureKind) -> Option<&FeatureTable> {
        self.tables.get(usize::from(kind.number()))
    }

    /// The table of `kind`, to change.
    #[inline(always)]
    pub(super) fn of_mut(&mut self, kind: FeatureKind) -> Option<&mut FeatureTable> {
        self.tables.get_mut(usize::from(kind.number()))
    }

    /// Every table, in catalog order.
    pub(super) fn iter_mut(&mut self) -> impl Iterator<Item = &mut FeatureTable> {
        self.tables.iter_mut()
    }
}

/// An attached feature's props, read where they are held.
#[derive(Clone, Copy)]
pub struct FeatureRef<'a> {
    table: &'a FeatureTable,
    row: usize,
}

impl std::fmt::Debug for FeatureRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.props()).finish()
    }
}

impl<'a> FeatureRef<'a> {
    /// The feature's kind.
    #[inline(always)]
    pub(crate) fn kind(self) -> FeatureKind {
        self.table.kind
    }

    /// The feature's canonical name.
    pub fn name(self) -> &'static str {
        self.table.catalog.spec.name
    }

    fn more(self) -> Option<&'a More> {
        self.table.more.get(self.row)?.as_deref()
    }

    /// The names of the props the runtime added, in order.
    fn added(self) -> &'a [Cow<'static, str>] {
        self.more().map_or(&[], |m| &m.added)
    }

    /// Points a line graph has collected (Graphing), oldest first.
    pub fn series(self) -> &'a [f64] {
        self.more().map_or(&[], |m| &m.series)
    }

    /// Counts per value of a prop (Population's `_countsByProp`), in key order as set.
    pub fn buckets(self) -> &'a [(String, f64)] {
        self.more().map_or(&[], |m| &m.buckets)
    }

    /// The `graphValue` last added to the graph as a point of its own (Graphing; 0 at first).
    pub(crate) fn graph_value_old(self) -> f64 {
        let kept = self.row_state().is_some_and(|s| s.graph_value_old_kept);
        match kept.then(|| self.more()).flatten() {
            Some(more) => more.graph_value_old,
            None => 0.0,
        }
    }

    /// Whether `jitterRotate` was called since the last movement pass (Movement).
    pub(crate) fn jitter_rotate(self) -> bool {
        self.row_state().is_some_and(|s| s.jitter_rotate)
    }

    fn row_state(self) -> Option<&'a RowState> {
        self.table.state.get(self.row)
    }

    /// Whether it holds added props, a graph's points or counts.
    pub(crate) fn has_more(self) -> bool {
        self.more().is_some()
    }

    /// Whether the feature's per-tick update has work to do (see [`RowState::awake`]).
    #[inline]
    pub(crate) fn is_awake(self) -> bool {
        self.row_state().is_some_and(|s| s.awake)
    }

    /// What the feature's update last noted with [`FeatureMut::note_parsed`], if no waking
    /// prop was set since (0 otherwise).
    #[inline]
    pub(crate) fn parsed(self) -> u8 {
        self.row_state().map_or(0, |s| s.parsed)
    }

    /// The prop at `index` (catalog props first, then the added ones): its column's value,
    /// or the catalog's default where no row changed it.
    #[inline(always)]
    fn var(self, index: usize) -> Option<&'a GVar> {
        let table = self.table;
        if index < table.hot {
            return table.hot_rows.get(self.row * table.hot + index);
        }
        match table.columns.get(index) {
            Some(column) => column
                .get(self.row)
                .or_else(|| table.catalog.defaults.get(index)),
            None => self.more()?.vars.get(index - table.columns.len()),
        }
    }

    /// Where a property is: a catalog prop by its name (searched in the catalog's static
    /// table, which stays in cache), then a prop the runtime added, then a catalog prop by
    /// an older name.
    fn index_of(self, name: &str) -> Option<usize> {
        index_of(self.table.catalog, self.added(), name)
    }

    /// Where a catalog prop is: straight at its slot when this is the slot's feature,
    /// otherwise by name.
    #[inline(always)]
    fn slot_index(self, slot: PropSlot) -> Option<usize> {
        if self.kind() == slot.kind {
            Some(slot.index)
        } else {
            self.index_of(slot.name)
        }
    }

    /// A property by name or catalog alias.
    pub fn prop(self, name: &str) -> Option<&'a GVar> {
        self.var(self.index_of(name)?)
    }

    /// A catalog prop found by its slot (no name search).
    #[inline(always)]
    pub(crate) fn prop_at(self, slot: PropSlot) -> Option<&'a GVar> {
        self.var(self.slot_index(slot)?)
    }

    /// A catalog prop's value as a number, found by its slot.
    #[inline(always)]
    pub(crate) fn number_at(self, slot: PropSlot) -> Option<f64> {
        match self.prop_at(slot)? {
            // Straight from a Number prop, without building a value to convert.
            GVar::Number(n) => Some(n.value()).filter(|v| !v.is_nan()),
            var => var.value().as_number(),
        }
    }

    /// A catalog String prop's text, found by its slot (no copy).
    #[inline(always)]
    pub(crate) fn str_at(self, slot: PropSlot) -> Option<&'a str> {
        match self.prop_at(slot)? {
            GVar::String(s) => Some(s.value()),
            _ => None,
        }
    }

    /// A catalog prop's value as text, found by its slot: borrowed when it is a String,
    /// otherwise converted as [`FeatureRef::text`] converts it.
    pub(crate) fn text_at(self, slot: PropSlot) -> Option<Cow<'a, str>> {
        match self.prop_at(slot)? {
            GVar::String(s) => Some(Cow::Borrowed(s.value())),
            var => var.value().as_text().map(Cow::Owned),
        }
    }

    /// A catalog prop's value as a truth value, found by its slot. A Boolean is read in
    /// place; any other type is converted out of line.
    #[inline(always)]
    pub(crate) fn flag_at(self, slot: PropSlot) -> Option<bool> {
        match self.prop_at(slot)? {
            GVar::Boolean(b) => Some(b.value()),
            var => truth_of(var),
        }
    }

    /// A property's value as a number, if it is one.
    pub fn number(self, name: &str) -> Option<f64> {
        self.prop(name)?.value().as_number()
    }

    /// A property's value as text, if it has one.
    pub fn text(self, name: &str) -> Option<String> {
        self.prop(name)?.value().as_text()
    }

    /// Every property with its value, in order: the catalog's, then the added ones.
    pub fn props(self) -> impl Iterator<Item = (&'a str, &'a GVar)> {
        let catalog = (self.table.catalog.spec.props.iter().enumerate())
            .filter_map(move |(i, p)| Some((p.name, self.var(i)?)));
        let more = self.more();
        let added = more
            .into_iter()
            .flat_map(|m| m.added.iter().map(|n| &**n).zip(&m.vars));
        catalog.chain(added)
    }
}

impl<'a> FeatureRef<'a> {
    /// The feature as a snapshot writes it.
    pub(crate) fn parts(self) -> FeaturePartsRef<'a> {
        let catalog = self.table.columns.len();
        let more = self.more();
        FeaturePartsRef {
            name: self.name(),
            vars: (0..catalog)
                .filter_map(|i| self.var(i))
                .chain(more.into_iter().flat_map(|m| &m.vars))
                .collect(),
            added: self.added(),
            series: self.series(),
            buckets: self.buckets(),
            graph_value_old: self.graph_value_old(),
            jitter_rotate: self.jitter_rotate(),
        }
    }
}

/// [`FeatureRef::index_of`] over a catalog and a row's added names.
fn index_of(catalog: &Catalog, added: &[Cow<'static, str>], name: &str) -> Option<usize> {
    let props = catalog.spec.props;
    if let Some(i) = props.iter().position(|p| p.name == name) {
        return Some(i);
    }
    if let Some(i) = added.iter().position(|n| *n == name) {
        return Some(props.len() + i);
    }
    props.iter().position(|p| p.aliases.contains(&name))
}

/// The truth value of a prop that is not a Boolean, as its value converts (out of line: the
/// tick reads Booleans).
#[cold]
#[inline(never)]
fn truth_of(var: &GVar) -> Option<bool> {
    var.value().as_bool()
}

/// An attached feature's props, to change where they are held.
pub struct FeatureMut<'a> {
    table: &'a mut FeatureTable,
    row: usize,
}

/// Reads on a [`FeatureMut`], as its [`FeatureRef`] reads them.
macro_rules! reads {
    ($($(#[$doc:meta])* $vis:vis fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $out:ty;)*) => {
        $(
            $(#[$doc])*
            #[inline(always)]
            $vis fn $name(&self $(, $arg: $ty)*) -> $out {
                self.get().$name($($arg),*)
            }
        )*
    };
}

impl<'a> FeatureMut<'a> {
    /// The feature, to read.
    #[inline(always)]
    pub fn get(&self) -> FeatureRef<'_> {
        FeatureRef {
            table: self.table,
            row: self.row,
        }
    }

    reads! {
        /// See [`FeatureRef::number_at`].
        pub(crate) fn number_at(&self, slot: PropSlot) -> Option<f64>;
        /// See [`FeatureRef::str_at`].
        pub(crate) fn str_at(&self, slot: PropSlot) -> Option<&str>;
        /// See [`FeatureRef::flag_at`].
        pub(crate) fn flag_at(&self, slot: PropSlot) -> Option<bool>;
        /// See [`FeatureRef::number`].
        pub fn number(&self, name: &str) -> Option<f64>;
        /// See [`FeatureRef::text`].
        pub fn text(&self, name: &str) -> Option<String>;
        /// See [`FeatureRef::is_awake`].
        pub(crate) fn is_awake(&self) -> bool;
    }

    fn state_mut(&mut self) -> Option<&mut RowState> {
        self.table.state.get_mut(self.row)
    }

    /// Notes that a waking prop was set: the update has work to do and must read its props
    /// afresh.
    #[inline(always)]
    fn wake(&mut self) {
        if let Some(state) = self.state_mut() {
            state.awake = true;
            state.parsed = 0;
        }
    }

    /// Puts the feature to sleep (its update found nothing to do) until a waking prop is set.
    pub(crate) fn sleep(&mut self) {
        if let Some(state) = self.state_mut() {
            state.awake = false;
        }
    }

    /// Notes what the feature's update parsed from the props as they are now; the next
    /// setting of a waking prop forgets it.
    #[inline]
    pub(crate) fn note_parsed(&mut self, parsed: u8) {
        if let Some(state) = self.state_mut() {
            state.parsed = parsed;
        }
    }

    /// What only some features hold, made when first changed.
    fn more_mut(&mut self) -> Option<&mut More> {
        Some(
            self.table
                .more
                .get_mut(self.row)?
                .get_or_insert_with(Box::default),
        )
    }

    /// A graph's points, to change.
    pub(crate) fn series_mut(&mut self) -> Option<&mut Vec<f64>> {
        self.more_mut().map(|m| &mut m.series)
    }

    /// Notes `value` as the `graphValue` last added to the graph as a point of its own.
    pub(crate) fn set_graph_value_old(&mut self, value: f64) {
        if let Some(more) = self.more_mut() {
            more.graph_value_old = value;
        }
        if let Some(state) = self.state_mut() {
            state.graph_value_old_kept = true;
        }
    }

    /// Notes (or forgets) that `jitterRotate` was called, for the next movement pass.
    pub(crate) fn set_jitter_rotate(&mut self, pending: bool) {
        if let Some(state) = self.state_mut() {
            state.jitter_rotate = pending;
        }
    }

    /// A histogram's counts, to change.
    pub(crate) fn buckets_mut(&mut self) -> Option<&mut Vec<(String, f64)>> {
        self.more_mut().map(|m| &mut m.buckets)
    }

    /// The same feature, borrowed for less long, so the `into_` methods give the `&mut self`
    /// ones.
    #[inline(always)]
    fn reborrow(&mut self) -> FeatureMut<'_> {
        FeatureMut {
            table: self.table,
            row: self.row,
        }
    }

    /// The prop at `index`, to change: every change of a prop goes through here or through
    /// [`FeatureMut::prop_at_mut`], so that a prop that
    /// [`wakes`](crate::features::FeatPropSpec::wakes) the feature wakes it.
    #[inline(always)]
    fn var_mut(&mut self, index: usize) -> Option<&mut GVar> {
        self.reborrow().into_var_mut(index)
    }

    /// A property by name or catalog alias, to change.
    pub fn prop_mut(&mut self, name: &str) -> Option<&mut GVar> {
        self.reborrow().into_prop_mut(name)
    }

    /// A catalog prop found by its slot, to change: when this is the slot's feature, the
    /// slot says whether the prop wakes it.
    #[inline(always)]
    pub(crate) fn prop_at_mut(&mut self, slot: PropSlot) -> Option<&mut GVar> {
        self.reborrow().into_prop_at_mut(slot)
    }

    /// [`FeatureMut::prop_at_mut`], giving up the view for a borrow as long as its own.
    #[inline(always)]
    pub(crate) fn into_prop_at_mut(mut self, slot: PropSlot) -> Option<&'a mut GVar> {
        if self.table.kind != slot.kind {
            let index = self.get().index_of(slot.name)?;
            return self.into_var_mut(index);
        }
        // The slot says whether the prop wakes the feature: no catalog look-up.
        if slot.wakes {
            self.wake();
        }
        self.table.hold(self.row, slot.index)
    }

    /// [`FeatureMut::prop_mut`], giving up the view for a borrow as long as its own.
    pub fn into_prop_mut(self, name: &str) -> Option<&'a mut GVar> {
        let index = self.get().index_of(name)?;
        self.into_var_mut(index)
    }

    /// [`FeatureMut::var_mut`], giving up the view for a borrow as long as its own.
    #[inline(always)]
    fn into_var_mut(mut self, index: usize) -> Option<&'a mut GVar> {
        let wakes = (self.table.catalog.spec.props.get(index)).is_some_and(|p| p.wakes);
        if wakes {
            self.wake();
        }
        let catalog = self.table.columns.len();
        if index < catalog {
            return self.table.hold(self.row, index);
        }
        let more = self.table.more.get_mut(self.row)?.as_deref_mut()?;
        more.vars.get_mut(index - catalog)
    }

    /// Sets a catalog prop found by its slot, as [`FeatureMut::set`] does by name.
    pub(crate) fn set_at(&mut self, slot: PropSlot, value: Value) {
        let index = self.get().slot_index(slot);
        self.set_index(index, Cow::Borrowed(slot.name), value);
    }

    /// Sets a catalog Number prop found by its slot to `n` in place (its limits apply), as
    /// [`FeatureMut::set_at`] would, without building a value.
    #[inline(always)]
    pub(crate) fn set_number_at(&mut self, slot: PropSlot, n: f64) {
        if let Some(GVar::Number(var)) = self.prop_at_mut(slot) {
            if var.step(crate::vars::NumberStep::SetTo, n) {
                return;
            }
        }
        self.set_number_slowly(slot, n);
    }

    /// [`FeatureMut::set_number_at`] of a prop that is not a Number, or of a value that is
    /// not a number: out of line, so the common case inlines small.
    #[cold]
    #[inline(never)]
    fn set_number_slowly(&mut self, slot: PropSlot, n: f64) {
        self.set_at(slot, Value::Number(n));
    }

    /// Sets a catalog Boolean prop found by its slot, without building a value.
    pub(crate) fn set_flag_at(&mut self, slot: PropSlot, flag: bool) {
        if let Some(GVar::Boolean(var)) = self.prop_at_mut(slot) {
            var.set(flag);
        } else {
            self.set_at(slot, Value::Boolean(flag));
        }
    }

    /// Sets a catalog String prop found by its slot to `text`, in place when it holds text
    /// already.
    pub(crate) fn set_text_at(&mut self, slot: PropSlot, text: &str) {
        if let Some(GVar::String(s)) = self.prop_at_mut(slot) {
            s.set_text(text);
        } else {
            self.set_at(slot, Value::String(text.to_string()));
        }
    }

    /// Sets a property to `value`, adding it with the value's type when the catalog does
    /// not list it (runtime results such as Population's `avg`).
    pub fn set(&mut self, name: impl Into<Cow<'static, str>>, value: Value) {
        let name = name.into();
        let index = self.get().index_of(&name);
        self.set_index(index, name, value);
    }

    /// Sets the prop at `index` (found once by the caller), or adds `name` when there is none.
    fn set_index(&mut self, index: Option<usize>, name: Cow<'static, str>, value: Value) {
        let Some(var) = index.and_then(|i| self.var_mut(i)) else {
            if let (Some(new), Some(more)) = (GVar::holding(&value), self.more_mut()) {
                more.added.push(name);
                more.vars.push(new);
            }
            return;
        };
        if let (GVar::Number(n), Some(v)) = (&mut *var, value.as_number()) {
            if n.set(v).is_ok() {
                return;
            }
        }
        if let Some(new) = GVar::holding(&value) {
            *var = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Agent, Agents, FeatureState};
    use crate::entity::{Entities, EntityId};
    use crate::features::catalog::{FeatureKind, PropSlot};
    use crate::vars::Value;

    fn spec(name: &str) -> &'static crate::features::FeatureSpec {
        crate::features::feature(name).unwrap()
    }

    /// `n` agents with no features, and their ids.
    fn agents(n: usize) -> (Agents, Vec<EntityId>) {
        let mut entities = Entities::new();
        let mut agents = Agents::default();
        let ids: Vec<EntityId> = (0..n).map(|_| entities.spawn().unwrap()).collect();
        for &id in &ids {
            agents.insert(Agent::new(id, 0, String::new()));
        }
        (agents, ids)
    }

    const MOVEMENT: FeatureKind = FeatureKind::named("Movement");
    const COSTUME: FeatureKind = FeatureKind::named("Costume");

    #[test]
    fn room_is_made_for_agents_like_the_first_and_what_is_left_over_given_back() {
        let (mut agents, ids) = agents(300);
        let Some((&first, rest)) = ids.split_first() else {
            unreachable!()
        };
        agents
            .feature_or_new(first, COSTUME)
            .unwrap()
            .set("currentFrame", Value::Number(1.0));
        agents.reserve_like(first, 99);
        // Not a clone: a cloned list has only the room it needs.
        fn costume(agents: &Agents) -> &super::FeatureTable {
            agents.tables.of(COSTUME).unwrap()
        }
        let room = |t: &super::FeatureTable| {
            (
                t.owner.capacity(),
                t.columns.iter().map(Vec::capacity).max(),
            )
        };
        let (owners, column) = room(costume(&agents));
        assert!(owners >= 100 && column >= Some(100), "{owners} {column:?}");
        for &id in rest {
            agents
                .feature_or_new(id, COSTUME)
                .unwrap()
                .set("currentFrame", Value::Number(2.0));
        }
        agents.repack();
        let table = costume(&agents);
        let (rows, (owners, column)) = (table.owner.len(), room(table));
        assert_eq!(rows, 300);
        assert!(
            owners <= rows + rows / 8 && column <= Some(rows + rows / 8),
            "{owners} {column:?}"
        );
    }

    #[test]
    fn a_feature_starts_at_its_catalog_defaults_and_finds_props_by_alias() {
        let mut state = FeatureState::new(spec("Population"));
        let mut f = state.view_mut();
        assert!(f.get().prop("monitoredCharacter").is_some());
        f.set("monitoredCharacter", Value::String("Moth".into()));
        let f = state.view();
        assert_eq!(
            f.text("monitoredAgent").as_deref(),
            Some("Moth"),
            "old name"
        );
        assert_eq!(f.text("monitoredCharacter").as_deref(), Some("Moth"));
        assert!(f.prop("nothing").is_none());
    }

    #[test]
    fn setting_a_number_keeps_its_limits_and_unknown_props_are_added() {
        let (mut agents, ids) = agents(1);
        let mut f = agents.feature_or_new(ids[0], MOVEMENT).unwrap();
        let mut rng = <rand_pcg::Pcg32 as rand_core::SeedableRng>::seed_from_u64(1);
        f.prop_mut("distance")
            .unwrap()
            .call("setMax", &[Value::Number(2.0)], &mut rng)
            .unwrap();
        f.set("distance", Value::Number(9.0));
        assert_eq!(f.number("distance"), Some(2.0));
        f.set("extra", Value::Boolean(true));
        let f = agents.feature(ids[0], MOVEMENT).unwrap();
        assert_eq!(
            f.prop("extra").and_then(|v| v.value().as_bool()),
            Some(true)
        );
        let names: Vec<&str> = f.props().map(|(n, _)| n).collect();
        assert_eq!(names.last(), Some(&"extra"), "added after the catalog's");
    }

    #[test]
    fn a_slot_reads_and_writes_the_same_prop_as_its_name() {
        let movement = spec("Movement");
        let distance = PropSlot::of(movement, "distance");
        let (mut agents, ids) = agents(1);
        let mut f = agents.feature_or_new(ids[0], MOVEMENT).unwrap();
        f.set_at(distance, Value::Number(3.0));
        assert_eq!(f.number("distance"), Some(3.0));
        assert_eq!(f.number_at(distance), Some(3.0));
        let type_slot = PropSlot::of(movement, "movementType");
        assert_eq!(f.str_at(type_slot), Some("stop"));
        assert_eq!(f.flag_at(PropSlot::of(movement, "isMoving")), Some(false));
    }

    #[test]
    fn a_write_through_a_slot_wakes_the_feature_only_for_a_waking_prop() {
        let costume = spec("Costume");
        let (mut agents, ids) = agents(1);
        let mut f = agents.feature_or_new(ids[0], COSTUME).unwrap();
        f.sleep();
        f.set_number_at(PropSlot::of(costume, "scaleY"), 2.0);
        assert!(!f.is_awake());
        f.set_number_at(PropSlot::of(costume, "glow"), 1.0);
        assert!(f.is_awake());
        // A slot of another feature finds the prop by name, and wakes by the catalog's say.
        let mut other = agents.feature_or_new(ids[0], MOVEMENT).unwrap();
        other.sleep();
        other.set_number_at(PropSlot::of(costume, "glow"), 1.0);
        assert!(!other.is_awake());
        assert_eq!(other.number("glow"), Some(1.0));
    }

    #[test]
    fn setting_a_waking_prop_forgets_what_was_parsed_and_others_keep_it() {
        let movement = spec("Movement");
        let (mut agents, ids) = agents(1);
        let mut f = agents.feature_or_new(ids[0], MOVEMENT).unwrap();
        assert_eq!(f.get().parsed(), 0);
        let mut check = |write: &dyn Fn(&mut super::FeatureMut<'_>), forgets: bool| {
            f.note_parsed(3);
            assert_eq!(f.get().parsed(), 3);
            write(&mut f);
            assert_eq!(f.get().parsed(), if forgets { 0 } else { 3 });
        };
        check(
            &|f| f.set("movementType", Value::String("wander".into())),
            true,
        );
        check(
            &|f| f.set_text_at(PropSlot::of(movement, "movementType"), "float"),
            true,
        );
        check(&|f| _ = f.prop_mut("movementType"), true);
        check(
            &|f| f.set_number_at(PropSlot::of(movement, "distance"), 2.0),
            false,
        );
        check(&|f| f.set("direction", Value::Number(90.0)), false);
        assert_eq!(f.text("movementType").as_deref(), Some("float"));
    }

    #[test]
    fn a_slot_of_another_feature_falls_back_to_its_name() {
        let glow = PropSlot::of(spec("Costume"), "glow");
        let (mut agents, ids) = agents(1);
        let mut f = agents.feature_or_new(ids[0], MOVEMENT).unwrap();
        assert_eq!(f.number_at(glow), None, "Movement has no glow");
        f.set_at(glow, Value::Number(2.0));
        assert_eq!(f.number("glow"), Some(2.0), "added as set() adds it");
        assert_eq!(f.number_at(glow), Some(2.0));
    }

    #[test]
    fn every_feature_is_found_by_kind_in_the_order_it_was_added() {
        let (mut agents, ids) = agents(1);
        for spec in crate::features::FEATURES.iter().rev().map(|f| &f.spec) {
            agents.feature_or_new(ids[0], FeatureKind::named(spec.name));
        }
        let agent = agents.get(ids[0]).unwrap().agent();
        let names: Vec<&str> = agents.features(agent).map(|f| f.name()).collect();
        let mut expected: Vec<&str> = crate::features::FEATURES
            .iter()
            .map(|f| f.spec.name)
            .collect();
        expected.reverse();
        assert_eq!(names, expected);
        for crate::features::Feature { spec, .. } in crate::features::FEATURES {
            let kind = FeatureKind::named(spec.name);
            assert_eq!(
                agents.feature_of(agent, kind).map(|f| f.name()),
                Some(spec.name)
            );
        }
    }

    #[test]
    fn a_column_is_made_only_when_a_row_changes_its_prop() {
        let (mut agents, ids) = agents(3);
        for &id in &ids {
            agents.feature_or_new(id, COSTUME);
            agents.feature_or_new(id, MOVEMENT);
        }
        let table = agents.tables.of(COSTUME).unwrap();
        assert!(
            table.columns.iter().all(Vec::is_empty),
            "every row at its defaults"
        );
        let mut f = agents.feature_mut(ids[1], COSTUME).unwrap();
        f.set("glow", Value::Number(4.0));
        let table = agents.tables.of(COSTUME).unwrap();
        let made: Vec<usize> = table.columns.iter().map(Vec::len).collect();
        assert_eq!(made.iter().filter(|&&n| n == 3).count(), 1, "{made:?}");
        let glow = |agents: &Agents, id| agents.feature(id, COSTUME).unwrap().number("glow");
        assert_eq!(
            glow(&agents, ids[0]),
            Some(0.0),
            "the others read the default"
        );
        assert_eq!(glow(&agents, ids[1]), Some(4.0));
        // Movement's hot props are held together, row by row, from the start.
        let movement = agents.tables.of(MOVEMENT).unwrap();
        assert!(movement.hot > 0 && movement.columns.iter().all(Vec::is_empty));
        assert_eq!(movement.hot_rows.len(), 3 * movement.hot);
    }

    #[test]
    fn removing_an_agent_moves_the_last_row_into_its_place_and_keeps_every_value() {
        let (mut agents, ids) = agents(4);
        for (i, &id) in ids.iter().enumerate() {
            let mut f = agents.feature_or_new(id, MOVEMENT).unwrap();
            f.set("distance", Value::Number(i as f64));
            f.set(format!("own{i}"), Value::Number(10.0 + i as f64));
        }
        let taken = agents.remove(ids[1]).unwrap();
        assert!(agents.discard(ids[0]));
        let distance = |agents: &Agents, id| agents.feature(id, MOVEMENT)?.number("distance");
        assert_eq!(distance(&agents, ids[2]), Some(2.0));
        assert_eq!(distance(&agents, ids[3]), Some(3.0));
        let own3 = agents.feature(ids[3], MOVEMENT).unwrap().number("own3");
        assert_eq!(own3, Some(13.0), "added props move with their row");
        assert_eq!(agents.tables.of(MOVEMENT).unwrap().owner.len(), 2);
        // Taken out, the agent holds its feature apart; back in, it is found as before.
        let apart = taken.features.apart();
        assert_eq!(apart.len(), 1);
        assert_eq!(apart[0].view().number("distance"), Some(1.0));
        agents.insert(taken);
        assert_eq!(distance(&agents, ids[1]), Some(1.0));
        let own1 = agents.feature(ids[1], MOVEMENT).unwrap().number("own1");
        assert_eq!(own1, Some(11.0));
    }

    #[test]
    fn a_copy_of_an_agent_among_the_agents_goes_in_without_features() {
        let (mut agents, ids) = agents(2);
        agents.feature_or_new(ids[0], MOVEMENT);
        let mut copy = agents.get(ids[0]).unwrap().agent().clone();
        copy.id = ids[1];
        agents.insert(copy);
        let agent = agents.get(ids[1]).unwrap().agent();
        assert_eq!(agents.features(agent).count(), 0);
        assert!(!agent.features.has_kind(MOVEMENT));
    }

    #[test]
    fn a_child_gets_copies_of_its_parents_features_in_place_of_its_own() {
        let (mut agents, ids) = agents(2);
        agents.feature_or_new(ids[1], COSTUME);
        let mut f = agents.feature_or_new(ids[0], MOVEMENT).unwrap();
        f.set("distance", Value::Number(7.0));
        if let Some(series) = f.series_mut() {
            series.push(1.5);
        }
        agents.copy_features(ids[0], ids[1]);
        let child = agents.get(ids[1]).unwrap().agent();
        let names: Vec<&str> = agents.features(child).map(|f| f.name()).collect();
        assert_eq!(names, ["Movement"]);
        let f = agents.feature_of(child, MOVEMENT).unwrap();
        assert_eq!((f.number("distance"), f.series()), (Some(7.0), &[1.5][..]));
        let mut parent = agents.feature_mut(ids[0], MOVEMENT).unwrap();
        parent.set("distance", Value::Number(1.0));
        let child = agents.feature(ids[1], MOVEMENT).unwrap();
        assert_eq!(child.number("distance"), Some(7.0), "a copy, not a share");
    }

    #[test]
    fn a_repack_puts_rows_in_slot_order_and_changes_no_value() {
        let (mut agents, ids) = agents(5);
        for &id in ids.iter().rev() {
            let mut f = agents.feature_or_new(id, MOVEMENT).unwrap();
            f.set("distance", Value::Number(f64::from(id.index())));
        }
        let before: Vec<String> = (ids.iter())
            .map(|&id| format!("{:?}", agents.feature(id, MOVEMENT)))
            .collect();
        assert!(!agents.tables.of(MOVEMENT).unwrap().owner.is_sorted());
        agents.repack();
        assert!(agents.tables.of(MOVEMENT).unwrap().owner.is_sorted());
        let after: Vec<String> = (ids.iter())
            .map(|&id| format!("{:?}", agents.feature(id, MOVEMENT)))
            .collect();
        assert_eq!(before, after);
    }

    #[test]
    fn an_agent_held_apart_is_not_read_through_another_agents_slot() {
        let (mut agents, ids) = agents(1);
        agents.feature_or_new(ids[0], MOVEMENT);
        let apart = agents.remove(ids[0]).unwrap();
        assert!(apart.features.has_kind(MOVEMENT));
        assert!(agents.feature_of(&apart, MOVEMENT).is_none());
    }
}

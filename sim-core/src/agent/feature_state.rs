//! A feature attached to an agent: its name and the properties it holds as GVars.
//!
//! An attached feature holds only the catalog props its agent has changed (and the props the
//! runtime added); every other catalog prop reads as its default, kept once for every agent
//! in [`catalog_defaults`]. GEMSTEP's Costume and AgentWidgets list over twenty props each,
//! and a character changes a handful: holding all of them cost aquatic's fish and algae
//! about 2 KB each, most of an agent's memory.

use crate::features::catalog::{FeatureKind, PropSlot};
use crate::features::{DefaultValue, FeatureSpec};
use crate::vars::{GVar, Value};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::sync::{Mutex, OnceLock, PoisonError};

/// One attached feature's properties, made from the catalog's defaults.
///
/// The fields the tick reads to find a feature and its props (kind, then the props) come
/// first, and what few features have waits behind one pointer, so a feature is 48 bytes
/// rather than 128 and an agent's list of them spans fewer cache lines.
#[derive(Debug, Clone)]
#[repr(C)]
pub struct FeatureState {
    /// The feature's kind, which the tick finds it by.
    pub(crate) kind: FeatureKind,
    /// Whether its per-tick update has work to do: set when a prop whose catalog entry
    /// [`wakes`](crate::features::FeatPropSpec::wakes) the feature is set (and when the feature
    /// is made or read back), cleared by the update when it finds nothing to do. A sleeping
    /// feature's update reads none of its props.
    awake: bool,
    /// What the feature's per-tick update last parsed from its props (0: nothing), so it does
    /// not parse the same text again every tick (Movement's `movementType`). Setting a prop
    /// that [`wakes`](crate::features::FeatPropSpec::wakes) the feature clears it, so what is
    /// kept always matches the props as they are.
    parsed: u8,
    /// How many of the first catalog props it always holds (the catalog's
    /// [`hot`](FeatureSpec::hot) count): prop `i` below it is at `vars[i]`, found without
    /// counting bits.
    hot: u8,
    /// Which catalog props it holds in `vars`: bit `i` for the catalog's prop `i` (the
    /// catalog has at most 32 per feature). The others read as [`catalog_defaults`].
    held: u32,
    /// The values it holds: the catalog props of `held` in catalog order, then the added ones.
    vars: Vec<GVar>,
    /// The feature's catalog entry and its props' defaults.
    catalog: &'static Catalog,
    /// Added props' names, a graph's points and a histogram's counts, once there are any.
    more: Option<Box<More>>,
}

/// What only some attached features hold.
#[derive(Debug, Clone, Default)]
struct More {
    /// The names of props the runtime added (`avg` ...), which follow the catalog's props in
    /// `vars`. The catalog's own names are read from `spec`, so an agent does not carry a copy
    /// (a smaller agent is a faster tick with thousands of them).
    added: Vec<Cow<'static, str>>,
    /// Points a line graph has collected (Graphing), oldest first.
    series: Vec<f64>,
    /// Counts per value of a prop (Population's `_countsByProp`, drawn as a histogram), in
    /// key order as set.
    buckets: Vec<(String, f64)>,
}

/// An attached feature as a snapshot stores it: by its catalog name. Read back only when that
/// feature exists and its catalog props are there with their catalog types, which the tick
/// relies on (it finds them by slot).
#[derive(Deserialize)]
struct FeatureParts {
    name: String,
    vars: Vec<GVar>,
    added: Vec<String>,
    series: Vec<f64>,
    buckets: Vec<(String, f64)>,
}

/// [`FeatureParts`] borrowed from a feature, so writing a snapshot copies nothing.
#[derive(Serialize)]
struct FeaturePartsRef<'a> {
    name: &'a str,
    vars: Vec<&'a GVar>,
    added: &'a [Cow<'static, str>],
    series: &'a [f64],
    buckets: &'a [(String, f64)],
}

impl Serialize for FeatureState {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FeaturePartsRef {
            name: self.name(),
            vars: self.props().map(|(_, var)| var).collect(),
            added: self.added(),
            series: self.series(),
            buckets: self.buckets(),
        }
        .serialize(s)
    }
}

// Written out rather than derived: a derive would see the `&'static` fields and tie the
// input's lifetime to them.
impl<'de> Deserialize<'de> for FeatureState {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let parts = FeatureParts::deserialize(d)?;
        FeatureState::try_from(parts).map_err(serde::de::Error::custom)
    }
}

impl TryFrom<FeatureParts> for FeatureState {
    type Error = String;

    fn try_from(p: FeatureParts) -> Result<FeatureState, String> {
        let spec = crate::features::feature(&p.name)
            .filter(|s| s.name == p.name)
            .ok_or_else(|| format!("no feature named '{}'", p.name))?;
        // The types FeatureState::new gives the catalog props (a Number where one could
        // not be made).
        let catalog_type =
            |ty| GVar::new(ty, None).map_or(crate::vars::VarType::Number, |v| v.var_type());
        let catalog_types_kept = p.vars.len() == spec.props.len() + p.added.len()
            && spec
                .props
                .iter()
                .zip(&p.vars)
                .all(|(prop, var)| catalog_type(prop.ty) == var.var_type());
        if !catalog_types_kept {
            return Err(format!(
                "feature {}'s props do not match its catalog",
                p.name
            ));
        }
        let more = More {
            added: p.added.into_iter().map(Cow::Owned).collect(),
            series: p.series,
            buckets: p.buckets,
        };
        let empty = more.added.is_empty() && more.series.is_empty() && more.buckets.is_empty();
        let kind = FeatureKind::named(spec.name);
        // Held: the catalog props that differ from their defaults, then the added ones.
        let defaults = &catalog_of(spec).defaults;
        let mut held = 0;
        let mut vars = Vec::new();
        for (i, var) in p.vars.into_iter().enumerate() {
            match defaults.get(i) {
                Some(default) if *default == var && i >= spec.hot => {}
                Some(_) => {
                    held |= 1 << i;
                    vars.push(var);
                }
                None => vars.push(var),
            }
        }
        Ok(FeatureState {
            kind,
            awake: true,
            parsed: 0,
            hot: hot_count(spec),
            held,
            catalog: catalog_of(spec),
            vars,
            more: (!empty).then(|| Box::new(more)),
        })
    }
}

impl FeatureState {
    /// The feature as `addFeature` attaches it: every catalog prop at its default, and none
    /// held yet.
    pub fn new(spec: &'static FeatureSpec) -> FeatureState {
        let catalog = catalog_of(spec);
        let hot = hot_count(spec);
        let vars: Vec<GVar> = catalog.defaults.iter().take(hot.into()).cloned().collect();
        FeatureState {
            kind: FeatureKind::named(spec.name),
            awake: true,
            parsed: 0,
            hot,
            held: u32::try_from((1u64 << vars.len()) - 1).unwrap_or(u32::MAX),
            catalog,
            vars,
            more: None,
        }
    }

    /// The prop at `index` (catalog props first, then the added ones): held, or the
    /// catalog's default. A held catalog prop is found inline; the rest out of line.
    #[inline(always)]
    fn var(&self, index: usize) -> Option<&GVar> {
        if index < usize::from(self.hot) {
            return self.vars.get(index);
        }
        let bit = held_bit(index);
        if self.held & bit != 0 {
            return self.vars.get((self.held & (bit - 1)).count_ones() as usize);
        }
        self.unheld(index)
    }

    /// [`FeatureState::var`] of a prop it does not hold: a catalog prop's default, or an
    /// added prop (which follow the held ones).
    #[inline(always)]
    fn unheld(&self, index: usize) -> Option<&GVar> {
        let defaults = &self.catalog.defaults;
        match defaults.get(index) {
            Some(default) => Some(default),
            None => self.vars.get(self.held_count() + index - defaults.len()),
        }
    }

    /// The prop at `index`, held from now on (a catalog prop at its default is copied in), to
    /// change. Only [`FeatureState::var_mut`] and [`FeatureState::prop_at_mut`] call it,
    /// after waking the feature as the prop asks.
    #[inline(always)]
    fn hold(&mut self, index: usize) -> Option<&mut GVar> {
        if index < usize::from(self.hot) {
            return self.vars.get_mut(index);
        }
        let bit = held_bit(index);
        if self.held & bit != 0 {
            let at = (self.held & (bit - 1)).count_ones() as usize;
            return self.vars.get_mut(at);
        }
        self.hold_slowly(index)
    }

    /// [`FeatureState::hold`] of a prop not held yet, or of an added prop: out of line.
    #[inline(never)]
    fn hold_slowly(&mut self, index: usize) -> Option<&mut GVar> {
        let catalog = self.catalog.defaults.len();
        if index >= catalog {
            let at = self.held_count() + index - catalog;
            return self.vars.get_mut(at);
        }
        let bit = held_bit(index);
        let at = (self.held & (bit - 1)).count_ones() as usize;
        let default = self.catalog.defaults.get(index)?.clone();
        self.vars.insert(at, default);
        self.held |= bit;
        self.vars.get_mut(at)
    }

    /// How many catalog props it holds (the added props follow them in `vars`).
    #[inline(always)]
    fn held_count(&self) -> usize {
        self.held.count_ones() as usize
    }

    /// The feature's canonical name.
    pub fn name(&self) -> &'static str {
        self.catalog.spec.name
    }

    /// The names of the props the runtime added, in order.
    fn added(&self) -> &[Cow<'static, str>] {
        self.more.as_deref().map_or(&[], |m| &m.added)
    }

    /// Points a line graph has collected (Graphing), oldest first.
    pub fn series(&self) -> &[f64] {
        self.more.as_deref().map_or(&[], |m| &m.series)
    }

    /// Whether it holds added props, a graph's points or counts (see [`More`]).
    pub(crate) fn has_more(&self) -> bool {
        self.more.is_some()
    }

    /// Counts per value of a prop (Population's `_countsByProp`), in key order as set.
    pub fn buckets(&self) -> &[(String, f64)] {
        self.more.as_deref().map_or(&[], |m| &m.buckets)
    }

    /// What only some features hold, made when first changed.
    fn more_mut(&mut self) -> &mut More {
        self.more.get_or_insert_with(Box::default)
    }

    /// A graph's points, to change.
    pub(crate) fn series_mut(&mut self) -> &mut Vec<f64> {
        &mut self.more_mut().series
    }

    /// A histogram's counts, to change.
    pub(crate) fn buckets_mut(&mut self) -> &mut Vec<(String, f64)> {
        &mut self.more_mut().buckets
    }

    /// A property by name or catalog alias.
    pub fn prop(&self, name: &str) -> Option<&GVar> {
        self.var(self.index_of(name)?)
    }

    /// A property by name or catalog alias, to change.
    pub fn prop_mut(&mut self, name: &str) -> Option<&mut GVar> {
        let index = self.index_of(name)?;
        self.var_mut(index)
    }

    /// The prop at `index`, to change: every change of a prop goes through here or through
    /// [`FeatureState::prop_at_mut`], so that a prop that
    /// [`wakes`](crate::features::FeatPropSpec::wakes) the feature wakes it (and what was
    /// [parsed](FeatureState::parsed) from the props is forgotten).
    #[inline(always)]
    fn var_mut(&mut self, index: usize) -> Option<&mut GVar> {
        if self.catalog.spec.props.get(index).is_some_and(|p| p.wakes) {
            self.wake();
        }
        self.hold(index)
    }

    /// Whether the feature's per-tick update has work to do (see [`FeatureState::awake`]).
    #[inline]
    pub(crate) fn is_awake(&self) -> bool {
        self.awake
    }

    /// Notes that a waking prop was set: the update has work to do and must read its props
    /// afresh.
    #[inline(always)]
    fn wake(&mut self) {
        self.awake = true;
        self.parsed = 0;
    }

    /// What the feature's update last noted with [`FeatureState::note_parsed`], if no waking
    /// prop was set since (0 otherwise).
    #[inline]
    pub(crate) fn parsed(&self) -> u8 {
        self.parsed
    }

    /// Notes what the feature's update parsed from the props as they are now; the next
    /// setting of a waking prop forgets it.
    #[inline]
    pub(crate) fn note_parsed(&mut self, parsed: u8) {
        self.parsed = parsed;
    }

    /// Puts the feature to sleep (its update found nothing to do) until a waking prop is set.
    pub(crate) fn sleep(&mut self) {
        self.awake = false;
    }

    /// Where a property is: a catalog prop by its name (searched in the catalog's static
    /// table, which stays in cache, rather than in this agent's own list), then a prop the
    /// runtime added, then a catalog prop by an older name.
    fn index_of(&self, name: &str) -> Option<usize> {
        let catalog = self.catalog.spec.props;
        if let Some(i) = catalog.iter().position(|p| p.name == name) {
            return Some(i);
        }
        if let Some(i) = self.added().iter().position(|n| *n == name) {
            return Some(catalog.len() + i);
        }
        catalog.iter().position(|p| p.aliases.contains(&name))
    }

    /// Where a catalog prop is: straight at its slot when this state is of the slot's feature
    /// ([`FeatureState::new`] lays the catalog props out in catalog order and nothing
    /// reorders them), otherwise by name.
    #[inline(always)]
    fn slot_index(&self, slot: PropSlot) -> Option<usize> {
        if self.kind == slot.kind {
            Some(slot.index)
        } else {
            self.index_of(slot.name)
        }
    }

    /// A catalog prop found by its slot (no name search).
    #[inline(always)]
    pub(crate) fn prop_at(&self, slot: PropSlot) -> Option<&GVar> {
        self.var(self.slot_index(slot)?)
    }

    /// A catalog prop found by its slot, to change: when this state is of the slot's feature,
    /// the slot says whether the prop wakes it (what [`FeatureState::var_mut`] would look up).
    #[inline(always)]
    pub(crate) fn prop_at_mut(&mut self, slot: PropSlot) -> Option<&mut GVar> {
        if self.kind != slot.kind {
            return self.var_mut(self.index_of(slot.name)?);
        }
        if slot.wakes {
            self.wake();
        }
        self.hold(slot.index)
    }

    /// A catalog prop's value as a number, found by its slot (no name search).
    #[inline(always)]
    pub(crate) fn number_at(&self, slot: PropSlot) -> Option<f64> {
        match self.prop_at(slot)? {
            // Straight from a Number prop, without building a value to convert.
            GVar::Number(n) => Some(n.value()).filter(|v| !v.is_nan()),
            var => var.value().as_number(),
        }
    }

    /// A catalog String prop's text, found by its slot (no name search, no copy).
    #[inline(always)]
    pub(crate) fn str_at(&self, slot: PropSlot) -> Option<&str> {
        match self.prop_at(slot)? {
            GVar::String(s) => Some(s.value()),
            _ => None,
        }
    }

    /// A catalog prop's value as text, found by its slot: borrowed when it is a String (no
    /// copy), otherwise converted as [`FeatureState::text`] converts it.
    pub(crate) fn text_at(&self, slot: PropSlot) -> Option<Cow<'_, str>> {
        match self.prop_at(slot)? {
            GVar::String(s) => Some(Cow::Borrowed(s.value())),
            var => var.value().as_text().map(Cow::Owned),
        }
    }

    /// A catalog prop's value as a truth value, found by its slot (no name search). A
    /// Boolean is read in place, inlined where the tick reads it; any other type is converted
    /// out of line.
    #[inline(always)]
    pub(crate) fn flag_at(&self, slot: PropSlot) -> Option<bool> {
        match self.prop_at(slot)? {
            GVar::Boolean(b) => Some(b.value()),
            var => truth_of(var),
        }
    }

    /// Sets a catalog prop found by its slot, as [`FeatureState::set`] does by name.
    pub(crate) fn set_at(&mut self, slot: PropSlot, value: Value) {
        let index = self.slot_index(slot);
        self.set_index(index, Cow::Borrowed(slot.name), value);
    }

    /// Sets a catalog Number prop found by its slot to `n` in place (its limits apply), as
    /// [`FeatureState::set_at`] would, without building a value.
    #[inline(always)]
    pub(crate) fn set_number_at(&mut self, slot: PropSlot, n: f64) {
        if let Some(GVar::Number(var)) = self.prop_at_mut(slot) {
            if var.step(crate::vars::NumberStep::SetTo, n) {
                return;
            }
        }
        self.set_number_slowly(slot, n);
    }

    /// [`FeatureState::set_number_at`] of a prop that is not a Number, or of a value that is
    /// not a number: out of line, so the common case inlines small.
    #[cold]
    #[inline(never)]
    fn set_number_slowly(&mut self, slot: PropSlot, n: f64) {
        self.set_at(slot, Value::Number(n));
    }

    /// Sets a catalog Boolean prop found by its slot, as [`FeatureState::set_at`] would,
    /// without building a value.
    pub(crate) fn set_flag_at(&mut self, slot: PropSlot, flag: bool) {
        if let Some(GVar::Boolean(var)) = self.prop_at_mut(slot) {
            // In place: replacing the whole GVar would first drop the old one.
            var.set(flag);
        } else {
            self.set_at(slot, Value::Boolean(flag));
        }
    }

    /// Sets a catalog String prop found by its slot to `text`, in place when it holds text
    /// already (no allocation once its buffer is big enough).
    pub(crate) fn set_text_at(&mut self, slot: PropSlot, text: &str) {
        if let Some(GVar::String(s)) = self.prop_at_mut(slot) {
            s.set_text(text);
        } else {
            self.set_at(slot, Value::String(text.to_string()));
        }
    }

    /// A property's value as a number, if it is one.
    pub fn number(&self, name: &str) -> Option<f64> {
        self.prop(name)?.value().as_number()
    }

    /// A property's value as text, if it has one.
    pub fn text(&self, name: &str) -> Option<String> {
        self.prop(name)?.value().as_text()
    }

    /// A property's value as a truth value, if it is one.
    pub fn flag(&self, name: &str) -> Option<bool> {
        self.prop(name)?.value().as_bool()
    }

    /// Sets a property to `value`, adding it with the value's type when the catalog does
    /// not list it (runtime results such as Population's `avg`).
    pub fn set(&mut self, name: impl Into<Cow<'static, str>>, value: Value) {
        let name = name.into();
        let index = self.index_of(&name);
        self.set_index(index, name, value);
    }

    /// Sets the prop at `index` (found once by the caller), or adds `name` when there is none.
    fn set_index(&mut self, index: Option<usize>, name: Cow<'static, str>, value: Value) {
        let slot = index.and_then(|i| self.var_mut(i));
        let Some(var) = slot else {
            if let Some(new) = GVar::holding(&value) {
                self.more_mut().added.push(name);
                self.vars.push(new);
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

    /// Every property with its value, in order: the catalog's (held or default), then the
    /// added ones.
    pub fn props(&self) -> impl Iterator<Item = (&str, &GVar)> {
        let catalog = (self.catalog.spec.props.iter().enumerate())
            .filter_map(|(i, p)| Some((p.name, self.var(i)?)));
        let added =
            (self.added().iter().map(|n| &**n)).zip(self.vars.iter().skip(self.held_count()));
        catalog.chain(added)
    }
}

/// The catalog's [`hot`](FeatureSpec::hot) count of `spec`, as an attached feature keeps it
/// (the catalog has at most 32 props per feature).
fn hot_count(spec: &FeatureSpec) -> u8 {
    u8::try_from(spec.hot.min(spec.props.len())).unwrap_or(0)
}

/// The bit of catalog prop `index` in [`FeatureState::held`]; none for an index past 31
/// (which only an added prop has: the catalog has at most 32 per feature).
#[inline(always)]
fn held_bit(index: usize) -> u32 {
    u32::try_from(index)
        .ok()
        .and_then(|i| 1u32.checked_shl(i))
        .unwrap_or(0)
}

/// A catalog feature and its props at their defaults: what an attached feature points to,
/// and what a prop it does not hold reads as.
#[derive(Debug)]
struct Catalog {
    spec: &'static FeatureSpec,
    /// The catalog props' defaults, in catalog order.
    defaults: Box<[GVar]>,
}

impl Catalog {
    fn of(spec: &'static FeatureSpec) -> Catalog {
        Catalog {
            spec,
            defaults: spec.props.iter().map(default_of).collect(),
        }
    }
}

/// The [`Catalog`] of `spec`: made once for every catalog feature, on first use. A spec
/// that is not in the catalog (which only a test could make) gets one of its own, made once
/// and kept, so there are never more than there are specs in the program.
fn catalog_of(spec: &'static FeatureSpec) -> &'static Catalog {
    static CATALOG: OnceLock<Vec<Catalog>> = OnceLock::new();
    static OTHERS: Mutex<Vec<&'static Catalog>> = Mutex::new(Vec::new());
    let all = CATALOG.get_or_init(|| crate::features::FEATURES.iter().map(Catalog::of).collect());
    let listed = all.get(usize::from(FeatureKind::named(spec.name).number()));
    if let Some(entry) = listed.filter(|c| std::ptr::eq(c.spec, spec)) {
        return entry;
    }
    let mut others = OTHERS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(entry) = others.iter().find(|c| std::ptr::eq(c.spec, spec)) {
        return entry;
    }
    let entry: &'static Catalog = Box::leak(Box::new(Catalog::of(spec)));
    others.push(entry);
    entry
}

/// A catalog prop at its default (a Number 0 where the catalog's default does not fit its
/// type, which a catalog test rules out).
fn default_of(prop: &crate::features::FeatPropSpec) -> GVar {
    let value = match prop.default {
        DefaultValue::Number(n) => Value::Number(n),
        DefaultValue::Text(t) => Value::String(t.to_string()),
        DefaultValue::Boolean(b) => Value::Boolean(b),
    };
    GVar::new(prop.ty, Some(&value))
        .or_else(|_| GVar::new(prop.ty, None))
        .unwrap_or_else(|_| GVar::Number(crate::vars::NumberVar::new(0.0)))
}

/// An agent's attached features in the order they were added, with a mask of their kinds
/// and the kinds of the first few kept beside them: each tick asks thousands of agents
/// whether they wear a Costume or show a Graphing widget, and where in the list their
/// Movement is, and the agent itself answers without reading the list (with thousands of
/// agents, reading each attached feature's kind to find one was the tick's costliest wait
/// for memory).
#[derive(Debug, Clone, Deserialize)]
#[serde(from = "Vec<FeatureState>")]
pub struct Features {
    list: Vec<FeatureState>,
    /// The bit of each attached feature's kind.
    kinds: u32,
    /// The kind number of each of the first [`INDEXED`] features, in list order; [`NO_KIND`]
    /// past the list's end.
    order: [u8; INDEXED],
}

/// How many features' kinds [`Features`] keeps in order beside the list: as many as fit in
/// the agent's first cache line, and as many as 29 of GEMSTEP's 39 characters attach (a
/// feature past them is found by reading the list).
const INDEXED: usize = 4;

/// [`Features::order`]'s entry for no feature.
const NO_KIND: u8 = u8::MAX;

impl Default for Features {
    fn default() -> Features {
        Features {
            list: Vec::new(),
            kinds: 0,
            order: [NO_KIND; INDEXED],
        }
    }
}

impl From<Vec<FeatureState>> for Features {
    /// The features of `list`, with their kinds worked out beside them.
    fn from(list: Vec<FeatureState>) -> Features {
        let mut order = [NO_KIND; INDEXED];
        for (slot, feature) in order.iter_mut().zip(&list) {
            *slot = feature.kind.number();
        }
        Features {
            kinds: list.iter().fold(0, |mask, f| mask | f.kind.bit()),
            order,
            list,
        }
    }
}

/// Written as the list alone (the mask is worked out again on reading).
impl Serialize for Features {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(s)
    }
}

impl Features {
    /// Attaches a feature after the others.
    pub fn push(&mut self, feature: FeatureState) {
        if let Some(slot) = self.order.get_mut(self.list.len()) {
            *slot = feature.kind.number();
        }
        self.kinds |= feature.kind.bit();
        self.list.push(feature);
    }

    /// Moves the list into a buffer made now, handing the old one (emptied, its memory still
    /// held) to `spent`, so a pass over every agent lays the lists out one after the other
    /// (see [`super::Agents::repack`]).
    pub(crate) fn relocate_list(&mut self, spent: &mut Vec<Vec<FeatureState>>) {
        let fresh: Vec<FeatureState> = self.list.drain(..).collect();
        spent.push(std::mem::replace(&mut self.list, fresh));
    }

    /// [`FeatureState::relocate_vars`] for the feature at `position`, if there is one.
    pub(crate) fn relocate_vars(&mut self, position: usize, spent: &mut Vec<Vec<GVar>>) {
        if let Some(feature) = self.list.get_mut(position) {
            let fresh: Vec<GVar> = feature.vars.drain(..).collect();
            spent.push(std::mem::replace(&mut feature.vars, fresh));
        }
    }

    /// [`GVar::relocate`] for every prop of the feature at `position`, if there is one.
    pub(crate) fn relocate_heaps(&mut self, position: usize, spent: &mut Vec<GVar>) {
        if let Some(feature) = self.list.get_mut(position) {
            feature.vars.iter_mut().for_each(|var| var.relocate(spent));
        }
    }

    /// How many features are attached.
    pub(crate) fn count(&self) -> usize {
        self.list.len()
    }

    /// Keeps only the features `keep` answers true for, in order.
    pub fn retain(&mut self, keep: impl FnMut(&FeatureState) -> bool) {
        let mut list = std::mem::take(&mut self.list);
        list.retain(keep);
        *self = list.into();
    }

    /// The bits ([`FeatureKind::bit`]) of every attached feature's kind.
    pub(crate) fn kind_bits(&self) -> u32 {
        self.kinds
    }

    /// Whether a feature of `kind` is attached, answered without reading the list.
    pub(crate) fn has_kind(&self, kind: FeatureKind) -> bool {
        self.kinds & kind.bit() != 0
    }

    /// Where the attached feature of `kind` is in the list, found in the agent's own kinds
    /// unless the agent has more than [`INDEXED`] features.
    #[inline]
    fn position(&self, kind: FeatureKind) -> Option<usize> {
        if !self.has_kind(kind) {
            return None;
        }
        let number = kind.number();
        let indexed = self.list.len().min(INDEXED);
        if let Some(at) = self.order.get(..indexed)?.iter().position(|&k| k == number) {
            return Some(at);
        }
        let rest = self.list.get(INDEXED..)?;
        Some(INDEXED + rest.iter().position(|f| f.kind == kind)?)
    }

    /// The attached feature of `kind`.
    #[inline]
    pub(crate) fn of_kind(&self, kind: FeatureKind) -> Option<&FeatureState> {
        self.list.get(self.position(kind)?)
    }

    /// The attached feature of `kind`, to change.
    #[inline]
    pub(crate) fn of_kind_mut(&mut self, kind: FeatureKind) -> Option<&mut FeatureState> {
        let at = self.position(kind)?;
        self.list.get_mut(at)
    }
}

impl std::ops::Deref for Features {
    type Target = [FeatureState];

    fn deref(&self) -> &[FeatureState] {
        &self.list
    }
}

impl std::ops::DerefMut for Features {
    /// The features to change in place; attaching and removing go through [`Features::push`]
    /// and [`Features::retain`], which keep the mask.
    fn deref_mut(&mut self) -> &mut [FeatureState] {
        &mut self.list
    }
}

impl FromIterator<FeatureState> for Features {
    fn from_iter<I: IntoIterator<Item = FeatureState>>(features: I) -> Features {
        features.into_iter().collect::<Vec<_>>().into()
    }
}

/// The truth value of a prop that is not a Boolean, as its value converts (out of line: the
/// tick reads Booleans).
#[cold]
#[inline(never)]
fn truth_of(var: &GVar) -> Option<bool> {
    var.value().as_bool()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_of_one_feature_finds_nothing_in_a_state_of_another() {
        let glow = PropSlot::of(crate::features::feature("Costume").unwrap(), "glow");
        let movement = FeatureState::new(crate::features::feature("Movement").unwrap());
        assert_ne!(glow.kind, movement.kind);
        assert_eq!(movement.number_at(glow), None);
    }

    #[test]
    fn a_feature_starts_at_its_catalog_defaults_and_finds_props_by_alias() {
        let spec = crate::features::feature("Population").unwrap();
        let mut f = FeatureState::new(spec);
        assert_eq!(f.number("count"), Some(0.0));
        f.set("monitoredCharacter", Value::String("Moth".into()));
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
        let spec = crate::features::feature("Movement").unwrap();
        let mut f = FeatureState::new(spec);
        let mut rng = <rand_pcg::Pcg32 as rand_core::SeedableRng>::seed_from_u64(1);
        f.prop_mut("distance")
            .unwrap()
            .call("setMax", &[Value::Number(2.0)], &mut rng)
            .unwrap();
        f.set("distance", Value::Number(9.0));
        assert_eq!(f.number("distance"), Some(2.0));
        f.set("extra", Value::Boolean(true));
        assert_eq!(f.flag("extra"), Some(true));
    }

    #[test]
    fn a_slot_reads_and_writes_the_same_prop_as_its_name() {
        let spec = crate::features::feature("Movement").unwrap();
        let distance = PropSlot::of(spec, "distance");
        let mut f = FeatureState::new(spec);
        f.set_at(distance, Value::Number(3.0));
        assert_eq!(f.number("distance"), Some(3.0));
        assert_eq!(f.number_at(distance), Some(3.0));
        assert_eq!(f.str_at(PropSlot::of(spec, "movementType")), Some("stop"));
        assert_eq!(f.flag_at(PropSlot::of(spec, "isMoving")), Some(false));
    }

    #[test]
    fn a_write_through_a_slot_wakes_the_feature_only_for_a_waking_prop() {
        let spec = crate::features::feature("Costume").unwrap();
        let mut f = FeatureState::new(spec);
        f.sleep();
        f.set_number_at(PropSlot::of(spec, "scaleY"), 2.0);
        assert!(!f.is_awake());
        f.set_number_at(PropSlot::of(spec, "glow"), 1.0);
        assert!(f.is_awake());
        // A slot of another feature finds the prop by name, and wakes by the catalog's say.
        let mut other = FeatureState::new(crate::features::feature("Movement").unwrap());
        other.sleep();
        other.set_number_at(PropSlot::of(spec, "glow"), 1.0);
        assert!(!other.is_awake());
        assert_eq!(other.number("glow"), Some(1.0));
    }

    #[test]
    fn setting_a_waking_prop_forgets_what_was_parsed_and_others_keep_it() {
        let spec = crate::features::feature("Movement").unwrap();
        let mut f = FeatureState::new(spec);
        assert_eq!(f.parsed(), 0);
        let mut check = |write: &dyn Fn(&mut FeatureState), forgets: bool| {
            f.note_parsed(3);
            assert_eq!(f.parsed(), 3);
            write(&mut f);
            assert_eq!(f.parsed(), if forgets { 0 } else { 3 });
        };
        check(
            &|f| f.set("movementType", Value::String("wander".into())),
            true,
        );
        check(
            &|f| f.set_text_at(PropSlot::of(spec, "movementType"), "float"),
            true,
        );
        check(&|f| _ = f.prop_mut("movementType"), true);
        check(
            &|f| f.set_number_at(PropSlot::of(spec, "distance"), 2.0),
            false,
        );
        check(&|f| f.set("direction", Value::Number(90.0)), false);
        assert_eq!(f.text("movementType").as_deref(), Some("float"));
    }

    #[test]
    fn a_feature_is_48_bytes() {
        assert_eq!(std::mem::size_of::<FeatureState>(), 48);
    }

    #[test]
    fn features_are_found_by_kind_however_many_and_after_removal() {
        let all: Features = crate::features::FEATURES
            .iter()
            .rev()
            .map(FeatureState::new)
            .collect();
        for spec in crate::features::FEATURES {
            let kind = FeatureKind::named(spec.name);
            assert_eq!(all.of_kind(kind).map(|f| f.name()), Some(spec.name));
        }
        // A snapshot may hold more features than the kinds kept beside the list.
        let costume = crate::features::feature("Costume").unwrap();
        let many: Features = std::iter::repeat_n(costume, INDEXED)
            .chain(crate::features::feature("Movement"))
            .map(FeatureState::new)
            .collect();
        let found = many.of_kind(FeatureKind::named("Movement"));
        assert_eq!(found.map(|f| f.name()), Some("Movement"), "found past them");
        let movement = FeatureKind::named("Movement");
        let mut some = all.clone();
        some.retain(|f| f.kind != movement);
        assert!(some.of_kind(movement).is_none() && !some.has_kind(movement));
        let costume = FeatureKind::named("Costume");
        assert_eq!(some.of_kind(costume).map(|f| f.name()), Some("Costume"));
        let mut one = Features::default();
        assert!(one.of_kind(costume).is_none());
        one.push(FeatureState::new(
            crate::features::feature("Costume").unwrap(),
        ));
        assert_eq!(one.of_kind_mut(costume).map(|f| f.name()), Some("Costume"));
    }

    #[test]
    fn a_slot_of_another_feature_falls_back_to_its_name() {
        let costume = crate::features::feature("Costume").unwrap();
        let glow = PropSlot::of(costume, "glow");
        let mut f = FeatureState::new(crate::features::feature("Movement").unwrap());
        assert_eq!(f.number_at(glow), None, "Movement has no glow");
        f.set_at(glow, Value::Number(2.0));
        assert_eq!(f.number("glow"), Some(2.0), "added as set() adds it");
        assert_eq!(f.number_at(glow), Some(2.0));
    }
}

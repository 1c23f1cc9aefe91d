//! What an agent knows of its features, and a feature held apart from any agent.
//!
//! An attached feature's props live in its kind's [table](super::feature_table); the agent
//! itself keeps only which kinds it has, in the order they were added ([`Features`]). A
//! feature taken out with its agent (a hot swap remakes an agent apart from the others) or
//! read from a snapshot is a [`FeatureState`] until the agent goes back in.

use super::feature_table::{FeatureMut, FeatureRef, FeatureTable};
use crate::features::catalog::FeatureKind;
use crate::features::{DefaultValue, FeatureSpec};
use crate::vars::{GVar, Value};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::sync::{Mutex, OnceLock, PoisonError};

/// What only some attached features hold.
#[derive(Debug, Clone, Default)]
pub(super) struct More {
    /// The names of props the runtime added (`avg` ...), after the catalog's props.
    pub(super) added: Vec<Cow<'static, str>>,
    /// Their values, in the same order.
    pub(super) vars: Vec<GVar>,
    /// Points a line graph has collected (Graphing), oldest first.
    pub(super) series: Vec<f64>,
    /// Counts per value of a prop (Population's `_countsByProp`, drawn as a histogram), in
    /// key order as set.
    pub(super) buckets: Vec<(String, f64)>,
    /// The `graphValue` last added to the graph as a point of its own (Graphing; GEMSTEP's
    /// `_graphValueOld`, 0 at first): a `graphValue` that differs from it adds a point.
    pub(super) graph_value_old: f64,
}

/// A feature with its props, apart from any agent: one row of a table of its own. An agent
/// taken out of the agents holds its features this way, and puts them back in its kinds'
/// tables when it goes back in. A snapshot's features are read as these ([`FeatureParts`]).
#[derive(Debug, Clone, Deserialize)]
#[serde(try_from = "FeatureParts")]
pub struct FeatureState {
    table: FeatureTable,
}

/// A feature as a snapshot stores it: by its catalog name, its catalog props (every one, in
/// catalog order), then the added ones.
#[derive(Deserialize)]
pub(crate) struct FeatureParts {
    pub(super) name: String,
    pub(super) vars: Vec<GVar>,
    pub(super) added: Vec<String>,
    pub(super) series: Vec<f64>,
    pub(super) buckets: Vec<(String, f64)>,
    pub(super) graph_value_old: f64,
    pub(super) jitter_rotate: bool,
}

/// [`FeatureParts`] borrowed from an attached feature, so writing a snapshot copies nothing.
#[derive(Serialize)]
pub(crate) struct FeaturePartsRef<'a> {
    pub(super) name: &'a str,
    pub(super) vars: Vec<&'a GVar>,
    pub(super) added: &'a [Cow<'static, str>],
    pub(super) series: &'a [f64],
    pub(super) buckets: &'a [(String, f64)],
    pub(super) graph_value_old: f64,
    pub(super) jitter_rotate: bool,
}

impl TryFrom<FeatureParts> for FeatureState {
    type Error = String;

    /// Read back only when that feature exists and its catalog props are there with their
    /// catalog types, which the tick relies on (it finds them by slot).
    fn try_from(p: FeatureParts) -> Result<FeatureState, String> {
        let spec = crate::features::feature(&p.name)
            .filter(|s| s.name == p.name)
            .ok_or_else(|| format!("no feature named '{}'", p.name))?;
        // The types a fresh feature gives the catalog props (a Number where one could not
        // be made).
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
        let mut table = FeatureTable::new(catalog_of(spec));
        table.push_parts(p);
        Ok(FeatureState { table })
    }
}

impl FeatureState {
    /// The feature as `addFeature` attaches it: every catalog prop at its default.
    pub fn new(spec: &'static FeatureSpec) -> FeatureState {
        let mut table = FeatureTable::new(catalog_of(spec));
        table.push_fresh(u32::MAX);
        FeatureState { table }
    }

    /// The one-row table it is, to attach it to a table of its kind.
    pub(super) fn into_table(self) -> FeatureTable {
        self.table
    }

    /// A feature holding the only row of `table`.
    pub(super) fn from_table(table: FeatureTable) -> FeatureState {
        FeatureState { table }
    }

    /// The feature's kind.
    pub(crate) fn kind(&self) -> FeatureKind {
        self.table.kind()
    }

    /// The feature's props, to read.
    pub fn view(&self) -> FeatureRef<'_> {
        self.table.single()
    }

    /// The feature's props, to change.
    pub fn view_mut(&mut self) -> FeatureMut<'_> {
        self.table.single_mut()
    }
}

/// A catalog feature and its props at their defaults: what a table of its kind reads where
/// no agent changed a prop.
#[derive(Debug)]
pub(crate) struct Catalog {
    pub(super) spec: &'static FeatureSpec,
    /// The feature's kind.
    pub(super) kind: FeatureKind,
    /// The catalog props' defaults, in catalog order.
    pub(super) defaults: Box<[GVar]>,
}

impl Catalog {
    fn of(spec: &'static FeatureSpec) -> Catalog {
        Catalog {
            spec,
            kind: FeatureKind::named(spec.name),
            defaults: spec.props.iter().map(default_of).collect(),
        }
    }
}

/// The [`Catalog`] of `spec`: made once for every catalog feature, on first use. A spec
/// that is not in the catalog (which only a test could make) gets one of its own, made once
/// and kept, so there are never more than there are specs in the program.
pub(super) fn catalog_of(spec: &'static FeatureSpec) -> &'static Catalog {
    static CATALOG: OnceLock<Vec<Catalog>> = OnceLock::new();
    static OTHERS: Mutex<Vec<&'static Catalog>> = Mutex::new(Vec::new());
    let all = CATALOG.get_or_init(|| {
        crate::features::FEATURES
            .iter()
            .map(|f| Catalog::of(&f.spec))
            .collect()
    });
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

/// Which features an agent has, in the order they were added: their kinds' bits, and their
/// kind numbers one after the other. The props are in the kinds' tables while the agent is
/// among the agents; an agent taken out holds them itself (`apart`) until it goes back in.
///
/// Each tick asks thousands of agents whether they wear a Costume or show a Graphing widget,
/// and the agent answers from its first cache line, without reading any table.
#[derive(Debug, Clone, Default)]
pub struct Features {
    /// The bit of each feature's kind.
    kinds: u32,
    /// The kind numbers in the order the features were added, four bits each from the
    /// lowest; [`NO_KIND`] past the last.
    order: u64,
    /// The features of an agent that is not among the agents, in order. Boxed: one word in
    /// the agent's first cache line rather than a list's three, for what few agents hold.
    #[allow(clippy::box_collection)]
    apart: Option<Box<Vec<FeatureState>>>,
}

/// [`Features::order`]'s four bits for no feature.
const NO_KIND: u64 = 0xF;

/// How many features [`Features::order`] has room for.
const MOST: usize = 16;

// Every catalog kind fits in four bits, and is not [`NO_KIND`].
const _: () = assert!(crate::features::FEATURES.len() < NO_KIND as usize);

impl Features {
    /// No features.
    const NONE: u64 = u64::MAX;

    /// The bits ([`FeatureKind::bit`]) of every feature's kind.
    pub(crate) fn kind_bits(&self) -> u32 {
        self.kinds
    }

    /// Whether a feature of `kind` is attached, answered without reading any table.
    #[inline(always)]
    pub(crate) fn has_kind(&self, kind: FeatureKind) -> bool {
        self.kinds & kind.bit() != 0
    }

    /// How many features the agent has.
    pub(crate) fn count(&self) -> usize {
        self.kinds.count_ones() as usize
    }

    /// The kinds in the order the features were added.
    pub(crate) fn kinds(&self) -> impl Iterator<Item = FeatureKind> {
        let order = if self.kinds == 0 {
            Features::NONE
        } else {
            self.order
        };
        (0..MOST)
            .map(move |i| (order >> (4 * i)) & NO_KIND)
            .take_while(|&k| k != NO_KIND)
            .filter_map(|k| u8::try_from(k).ok())
            .map(FeatureKind::from_number)
    }

    /// Notes a feature of `kind` added after the others (false, and nothing noted, when the
    /// agent has one of that kind or a kind past the catalog).
    pub(super) fn note(&mut self, kind: FeatureKind) -> bool {
        if self.has_kind(kind) || kind.bit() == 0 || u64::from(kind.number()) >= NO_KIND {
            return false;
        }
        if self.kinds == 0 {
            self.order = Features::NONE;
        }
        let at = self.count();
        self.order = (self.order & !(NO_KIND << (4 * at))) | (u64::from(kind.number()) << (4 * at));
        self.kinds |= kind.bit();
        true
    }

    /// Forgets the feature of `kind`, the others keeping their order.
    pub(super) fn forget(&mut self, kind: FeatureKind) {
        let kept: Vec<FeatureKind> = self.kinds().filter(|&k| k != kind).collect();
        self.kinds = 0;
        for k in kept {
            self.note(k);
        }
    }

    /// Gives an agent that is not among the agents a feature, after its others: an agent
    /// made or remade outside the agents (a test, a hot swap, a snapshot read), whose
    /// features join their tables when it goes in. A second feature of a kind it has already
    /// is dropped. (An agent among the agents gets one from
    /// [`Agents::feature_or_new`](super::Agents::feature_or_new).)
    pub fn push_apart(&mut self, feature: FeatureState) {
        if self.note(feature.kind()) {
            self.apart.get_or_insert_with(Box::default).push(feature);
        }
    }

    /// The features held apart (none for an agent among the agents).
    pub(super) fn take_apart(&mut self) -> Vec<FeatureState> {
        self.apart.take().map_or_else(Vec::new, |b| *b)
    }

    /// The features held apart, in order.
    pub fn apart(&self) -> &[FeatureState] {
        self.apart.as_deref().map_or(&[], Vec::as_slice)
    }

    /// The features held apart, to change.
    pub fn apart_mut(&mut self) -> &mut [FeatureState] {
        self.apart.as_deref_mut().map_or(&mut [], Vec::as_mut_slice)
    }

    /// Keeps only the features held apart that `keep` answers true for, in order.
    pub fn retain_apart(&mut self, keep: impl FnMut(&FeatureState) -> bool) {
        let mut list = self.take_apart();
        list.retain(keep);
        self.clear();
        list.into_iter().for_each(|f| self.push_apart(f));
    }

    /// Forgets every feature.
    pub(super) fn clear(&mut self) {
        *self = Features::default();
    }
}

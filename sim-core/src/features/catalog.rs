//! The feature catalog's types: what a feature, its properties (name, GVar type, starting
//! value) and its methods (name, arguments) are, and finding them by name. Each feature's
//! entry is in its folder's `spec.rs`. The compiler checks `featProp` and `featCall` against
//! the catalog; the wizard lists from it. Older GEMSTEP names that real models still use are
//! kept as aliases (`AgentWidgets` for `Graphing`, `createAgent` for `createCharacter` ...).

use super::FEATURES;
use crate::args::ArgSpec as A;
use crate::vars::VarType;

/// A feature property's starting value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DefaultValue {
    /// A number.
    Number(f64),
    /// Text.
    Text(&'static str),
    /// A boolean.
    Boolean(bool),
}

/// One property a feature adds to each agent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FeatPropSpec {
    /// The property's name.
    pub name: &'static str,
    /// Older names for the same property.
    pub aliases: &'static [&'static str],
    /// Its GVar type, which decides the methods `featProp` may call on it.
    pub ty: VarType,
    /// Its value when the feature is added.
    pub default: DefaultValue,
    /// One plain sentence for the wizard.
    pub help: &'static str,
    /// A line or two that use it, for the reference (each compiles: see `reference`'s tests).
    pub example: &'static str,
    /// Whether setting it is news the feature's per-tick update must look at. Setting such a
    /// prop wakes the attached feature (a Costume's glow or tint may give it work to do every
    /// tick; its update skips it while it sleeps, reading none of its props) and forgets what
    /// the update parsed (`FeatureState::parsed`) from its props (Movement's
    /// type).
    pub wakes: bool,
}

/// Where the statements of a method's `[[ ]]` block run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockScope {
    /// On the agent that called the method (or its copy, for `spawnChild`).
    SameBlueprint,
    /// On agents of the blueprint named by the method's first argument.
    FirstArgBlueprint,
    /// On the existing agents of the blueprint named by the method's first argument. GEMSTEP
    /// looks them up by name, so a name no blueprint has finds none and the block never runs
    /// (`charactersForEach Kelp` in a project without Kelp): a warning, not an error.
    EachOfFirstArg,
    /// On agents of any blueprint (names cannot be checked).
    AnyBlueprint,
}

/// One method a feature offers to `featCall`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FeatMethodSpec {
    /// The method's name.
    pub name: &'static str,
    /// Older names for the same method.
    pub aliases: &'static [&'static str],
    /// Its arguments.
    pub args: &'static [A],
    /// Where a `[[ ]]` argument runs, if the method takes one.
    pub block: BlockScope,
    /// What the method gives back, for a method that answers a question rather than changes
    /// something: an expression's `callFeatMethod(...)` returns the answer, and a `featCall`
    /// statement pushes it on the value stack (so `propPop` can keep it).
    pub answer: Option<&'static str>,
    /// One plain sentence for the wizard.
    pub help: &'static str,
    /// A line or two that use it, for the reference (each compiles: see `reference`'s tests).
    pub example: &'static str,
}

/// A feature: a named pack of properties and methods a blueprint adds with `addFeature`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FeatureSpec {
    /// The feature's name.
    pub name: &'static str,
    /// Older names for the same feature.
    pub aliases: &'static [&'static str],
    /// What it gives a character, for the wizard.
    pub help: &'static str,
    /// A few lines that add and use it, for the reference.
    pub example: &'static str,
    /// Its properties.
    pub props: &'static [FeatPropSpec],
    /// How many of its first props the tick reads or writes for nearly every agent that has
    /// the feature (Movement's type, direction, compass, distance and whether it moved): an
    /// attached feature holds them from the start and finds them at their place, where it
    /// holds the others only once changed (see `agent::FeatureState`).
    pub hot: usize,
    /// Its methods.
    pub methods: &'static [FeatMethodSpec],
}

/// A catalog property's place among its feature's props, found when the engine is compiled so
/// the tick's hot paths read a feature prop without searching for its name.
///
/// An attached [`FeatureState`](crate::agent::FeatureState) keeps its catalog props in catalog
/// order, so `index` is where the prop sits in a state of feature `feature` too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PropSlot {
    /// The canonical name of the feature the prop belongs to.
    pub feature: &'static str,
    /// That feature's kind, which an attached feature is checked against.
    pub kind: FeatureKind,
    /// The prop's position in [`FeatureSpec::props`].
    pub index: usize,
    /// The prop's canonical name.
    pub name: &'static str,
    /// Whether setting it wakes its feature ([`FeatPropSpec::wakes`]), copied here so that a
    /// write through the slot does not look the catalog entry up again.
    pub wakes: bool,
}

impl PropSlot {
    /// The slot of prop `name` of `spec`, for `const` items. A name the catalog does not list
    /// gets a slot that finds no catalog prop (reads give `None`; a write adds a prop of that
    /// name, as [`FeatureState::set`](crate::agent::FeatureState::set) does) rather than a
    /// panic; each module's tests check that its slots resolve.
    pub(crate) const fn of(spec: &FeatureSpec, name: &'static str) -> PropSlot {
        let mut index = 0;
        while index < spec.props.len() {
            if same_text(spec.props[index].name, name) {
                let feature = spec.name;
                return PropSlot {
                    feature,
                    kind: FeatureKind::named(feature),
                    index,
                    name,
                    wakes: spec.props[index].wakes,
                };
            }
            index += 1;
        }
        PropSlot {
            feature: spec.name,
            kind: FeatureKind::named(spec.name),
            index: usize::MAX,
            name,
            wakes: false,
        }
    }

    /// Whether the slot names a prop its feature's catalog entry lists.
    #[cfg(test)]
    pub(crate) fn resolves(self) -> bool {
        super::feature(self.feature).is_some_and(|f| self.index < f.props.len())
    }
}

/// A feature's place in [`FEATURES`]. The tick tells attached features apart by it:
/// comparing one number instead of two names, thousands of times a tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeatureKind(u8);

impl FeatureKind {
    /// The kind of the feature with canonical name `name`, for `const` items. A name the
    /// catalog does not list gets a kind that no attached feature has.
    pub(crate) const fn named(name: &str) -> FeatureKind {
        let mut i = 0;
        while i < FEATURES.len() {
            if same_text(FEATURES[i].spec.name, name) {
                return FeatureKind(i as u8);
            }
            i += 1;
        }
        FeatureKind(u8::MAX)
    }

    /// The kind of `spec`: found by where it sits in [`FEATURES`] (a few pointer
    /// comparisons), or by its name for a copy held elsewhere.
    pub(crate) fn of(spec: &FeatureSpec) -> FeatureKind {
        FEATURES
            .iter()
            .position(|f| std::ptr::eq(&f.spec, spec))
            .and_then(|i| u8::try_from(i).ok())
            .map_or_else(|| FeatureKind::named(spec.name), FeatureKind)
    }

    /// The kind as a small number ([`crate::agent::Features`] keeps its features' kinds so);
    /// `u8::MAX` for a name the catalog does not list.
    pub(crate) const fn number(self) -> u8 {
        self.0
    }

    /// The kind of [`FeatureKind::number`] `n` (a number past the catalog is a kind no
    /// attached feature has).
    pub(crate) const fn from_number(n: u8) -> FeatureKind {
        FeatureKind(n)
    }

    /// The kind's bit in a mask of kinds ([`crate::agent::Features`]); none for a name the
    /// catalog does not list.
    pub(crate) fn bit(self) -> u32 {
        1u32.checked_shl(u32::from(self.0)).unwrap_or(0)
    }
}

/// A feature method's place in its feature's `methods`, resolved when a script is compiled.
/// Each feature's runtime turns it into its own `enum` of methods (see
/// [`lists_in_order`]) and matches on that.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MethodId(u8);

impl MethodId {
    /// The place, counting from 0.
    pub(crate) fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Whether `names` are the names of `spec`'s methods, all of them, in the catalog's order.
/// A feature's runtime checks its `enum` of methods with this when the crate is built, so a
/// [`MethodId`] always stands for the variant at the same place.
pub(crate) const fn lists_in_order(spec: &FeatureSpec, names: &[&str]) -> bool {
    if spec.methods.len() != names.len() {
        return false;
    }
    let mut i = 0;
    while i < names.len() {
        if !same_text(spec.methods[i].name, names[i]) {
            return false;
        }
        i += 1;
    }
    true
}

// Every method of a feature has a `MethodId` of its own.
const _: () = {
    let mut i = 0;
    while i < FEATURES.len() {
        assert!(FEATURES[i].spec.methods.len() <= u8::MAX as usize);
        i += 1;
    }
};

// Every kind has a bit of its own in a mask of 32.
const _: () = assert!(FEATURES.len() <= 32);

// Every feature's catalog props have a bit each in an attached feature's mask of the props it
// holds (see `crate::agent::FeatureState`).
const _: () = {
    let mut i = 0;
    while i < FEATURES.len() {
        assert!(FEATURES[i].spec.props.len() <= 32);
        assert!(FEATURES[i].spec.hot <= FEATURES[i].spec.props.len());
        i += 1;
    }
};

/// Whether two texts are equal, usable in `const` evaluation.
const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

impl FeatureSpec {
    /// The property with this name or alias.
    pub fn prop(&self, name: &str) -> Option<&'static FeatPropSpec> {
        self.props
            .iter()
            .find(|p| p.name == name || p.aliases.contains(&name))
    }

    /// The property with this name or alias and where it sits, for a compiled reference to
    /// read it without searching for its name at run time.
    pub(crate) fn slot(&'static self, name: &str) -> Option<(PropSlot, &'static FeatPropSpec)> {
        let index = self
            .props
            .iter()
            .position(|p| p.name == name || p.aliases.contains(&name))?;
        let prop = self.props.get(index)?;
        let slot = PropSlot {
            feature: self.name,
            kind: FeatureKind::named(self.name),
            index,
            name: prop.name,
            wakes: prop.wakes,
        };
        Some((slot, prop))
    }

    /// The method with this name or alias.
    pub fn method(&self, name: &str) -> Option<&'static FeatMethodSpec> {
        // Canonical names first: the compiler hands the runtime those, every tick.
        let methods = self.methods.iter();
        methods
            .clone()
            .find(|m| m.name == name)
            .or_else(|| methods.clone().find(|m| m.aliases.contains(&name)))
    }

    /// The method with this name or alias and its place among `methods`, which is what a
    /// compiled `featCall` keeps: the feature's runtime matches on it, so running a statement
    /// compares no names.
    pub fn method_with_id(&self, name: &str) -> Option<(MethodId, &'static FeatMethodSpec)> {
        let method = self.method(name)?;
        let index = self.methods.iter().position(|m| std::ptr::eq(m, method))?;
        Some((MethodId(u8::try_from(index).ok()?), method))
    }

    /// The method at place `id` (none for an id of another feature).
    pub fn method_at(&self, id: MethodId) -> Option<&'static FeatMethodSpec> {
        self.methods.get(id.index())
    }

    /// Every property name and alias, for "did you mean".
    pub fn prop_names(&self) -> Vec<&'static str> {
        names_of(self.props.iter().map(|p| (p.name, p.aliases)))
    }

    /// Every method name and alias, for "did you mean".
    pub fn method_names(&self) -> Vec<&'static str> {
        names_of(self.methods.iter().map(|m| (m.name, m.aliases)))
    }
}

fn names_of(
    items: impl Iterator<Item = (&'static str, &'static [&'static str])>,
) -> Vec<&'static str> {
    items
        .flat_map(|(name, aliases)| std::iter::once(name).chain(aliases.iter().copied()))
        .collect()
}

/// The feature with this name or alias (exact case, as GEMSTEP matches them).
pub fn feature(name: &str) -> Option<&'static FeatureSpec> {
    // Canonical names first: the compiler hands the runtime those, every tick.
    let specs = FEATURES.iter().map(|f| &f.spec);
    specs
        .clone()
        .find(|f| f.name == name)
        .or_else(|| specs.clone().find(|f| f.aliases.contains(&name)))
}

/// Every feature name and alias, for "did you mean".
pub fn feature_names() -> Vec<&'static str> {
    names_of(FEATURES.iter().map(|f| (f.spec.name, f.spec.aliases)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_names_find_the_same_feature_prop_and_method() {
        let graphing = feature("AgentWidgets").unwrap();
        assert_eq!(graphing.name, "Graphing");
        assert!(graphing.method("bindMeterTo").is_some());
        let population = feature("Population").unwrap();
        // GEMSTEP's own spelling of the method, missing an 'a'.
        assert_eq!(
            population
                .method("setCharctersByFeatPropTypeKeys")
                .unwrap()
                .name,
            "setCharactersByFeatPropTypeKeys"
        );
        assert_eq!(
            population.method("createAgent").unwrap().name,
            "createCharacter"
        );
        assert_eq!(
            population.prop("monitoredAgent").unwrap().name,
            "monitoredCharacter"
        );
        assert!(feature("agentwidgets").is_none());
    }

    #[test]
    fn every_name_in_the_catalog_is_unique_within_its_feature() {
        let mut all_features = feature_names();
        all_features.sort_unstable();
        let n = all_features.len();
        all_features.dedup();
        assert_eq!(all_features.len(), n);
        for f in FEATURES.iter().map(|f| &f.spec) {
            for names in [f.prop_names(), f.method_names()] {
                let mut sorted = names.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), names.len(), "{}", f.name);
            }
        }
    }

    #[test]
    fn each_feature_has_a_kind_of_its_own_and_an_unknown_name_has_none_of_them() {
        let kinds: Vec<FeatureKind> = FEATURES
            .iter()
            .map(|f| FeatureKind::named(f.spec.name))
            .collect();
        for (i, kind) in kinds.iter().enumerate() {
            assert_eq!(kinds.iter().filter(|k| *k == kind).count(), 1, "{i}");
        }
        let unknown = FeatureKind::named("Movemnet");
        assert!(!kinds.contains(&unknown));
    }
}

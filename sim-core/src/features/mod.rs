//! Features: named packs of properties and methods a blueprint adds with `addFeature`.
//!
//! Each feature has a folder (`movement/`, `costume/` ...): its catalog entry (`spec.rs`: its
//! props and methods, with the reference's help and examples), and what its methods do to an
//! agent and the world and what it does every tick (`runtime.rs`, giving the dispatch its
//! [`runtime::Runtime`]). What they share is here: the catalog's types ([`catalog`]), the
//! helpers the entries are written with (`builders`), the runtimes' common parts
//! ([`runtime`]), the routing of a call to a feature ([`dispatch`]) and the features phase of
//! a tick ([`tick`]).
//!
//! The catalog is read low, by the compiler beside the script language; the runtimes sit
//! above the interpreter ([`crate::exec`]), which calls them through [`dispatch`].

mod builders;
pub mod catalog;
pub(crate) mod dispatch;
pub(crate) mod runtime;
pub(crate) mod tick;

pub(crate) mod costume;
pub(crate) mod cursor;
pub(crate) mod global;
pub(crate) mod graphing;
pub(crate) mod movement;
pub(crate) mod physics;
pub(crate) mod population;
pub(crate) mod timer;
pub(crate) mod touches;
pub(crate) mod vision;

pub use catalog::{
    feature, feature_names, BlockScope, DefaultValue, FeatMethodSpec, FeatPropSpec, FeatureSpec,
    MethodId,
};
pub use movement::MOVEMENT_TYPES;
pub use touches::TOUCH_TYPES;

/// A feature: what it offers (its catalog entry) and what runs it.
pub struct Feature {
    /// Its props and methods, with the reference's help and examples.
    pub spec: FeatureSpec,
    /// What its methods do and what it does every tick.
    pub(crate) runtime: runtime::Runtime,
}

/// Every feature, in the order the wizard lists them: the one list of features (a new feature
/// is its folder and its line here). A feature's kind ([`catalog::FeatureKind`]) is its place
/// here.
pub static FEATURES: &[Feature] = &[
    costume::FEATURE,
    movement::FEATURE,
    physics::FEATURE,
    touches::FEATURE,
    vision::FEATURE,
    population::FEATURE,
    graphing::FEATURE,
    global::FEATURE,
    timer::FEATURE,
    cursor::FEATURE,
];

//! Features: named packs of properties and methods a blueprint adds with `addFeature`.
//!
//! [`catalog`] describes every feature for the compiler, the wizard and the interpreter; it
//! sits low, beside the script language. What each feature's methods do to an agent and the
//! world, and what it does every tick, is in its own folder (`movement/`, `costume/` ...),
//! each giving the dispatch its [`runtime::Runtime`]; [`dispatch`] routes a call to it, and
//! [`tick`] runs the features phase of a tick from their hooks.

pub mod catalog;
pub(crate) mod catalog_looks;
pub(crate) mod catalog_motion;
pub(crate) mod catalog_population;
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
    MethodId, FEATURES,
};
pub use catalog_motion::{MOVEMENT_TYPES, TOUCH_TYPES};

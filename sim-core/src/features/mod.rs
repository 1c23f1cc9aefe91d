//! Features: named packs of properties and methods a blueprint adds with `addFeature`.
//!
//! [`catalog`] describes every feature for the compiler and the wizard; the runtime code of
//! each feature will live beside it, one file per feature.

pub mod catalog;
mod catalog_looks;
mod catalog_motion;
mod catalog_population;

pub use catalog::{
    feature, feature_names, BlockScope, DefaultValue, FeatMethodSpec, FeatPropSpec, FeatureSpec,
    FEATURES,
};
pub use catalog_motion::{MOVEMENT_TYPES, TOUCH_TYPES};

// The runtime side: one file per feature, and the routing of calls to them.
pub(crate) mod costume;
pub(crate) mod cursor;
pub(crate) mod dispatch;
pub(crate) mod global;
pub(crate) mod graphing;
pub(crate) mod histogram;
pub(crate) mod movement;
pub(crate) mod physics;
pub(crate) mod population;
pub(crate) mod vision;

pub(crate) use dispatch::{call, query};

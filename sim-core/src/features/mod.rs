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

//! Features: named packs of properties and methods a blueprint adds with `addFeature`.
//!
//! [`catalog`] describes every feature for the compiler, the wizard and the interpreter. It
//! sits low, beside the script language; the code that runs each feature's methods sits
//! high, in [`crate::exec::feature_runtime`], one file per feature.

pub mod catalog;
pub(crate) mod catalog_looks;
pub(crate) mod catalog_motion;
pub(crate) mod catalog_population;

pub use catalog::{
    feature, feature_names, BlockScope, DefaultValue, FeatMethodSpec, FeatPropSpec, FeatureSpec,
    MethodId, FEATURES,
};
pub use catalog_motion::{MOVEMENT_TYPES, TOUCH_TYPES};

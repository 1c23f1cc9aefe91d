//! The Population feature: making, copying and removing characters, acting on every
//! character of a kind, and counts and aggregates of a prop ([`histogram`]: counts by a
//! prop's value).
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod histogram;
mod runtime;
mod spec;

pub(crate) use runtime::no_blueprint;
pub(crate) use spec::POPULATION;

/// Population's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: POPULATION,
    runtime: runtime::RUNTIME,
};

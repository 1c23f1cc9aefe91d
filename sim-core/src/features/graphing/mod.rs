//! The Graphing feature (GEMSTEP's AgentWidgets): a label, a meter and a line graph per
//! character.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::{BARS_OF, KIND, LARGE, METER, METER_COLOR, METER_PROP, TEXT};
pub(crate) use spec::GRAPHING;

/// Graphing's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: GRAPHING,
    runtime: runtime::RUNTIME,
};

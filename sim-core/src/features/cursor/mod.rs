//! The Cursor feature: a cursor agent (a student tracked in the room, or the mouse) picks a
//! character up, carries it and drops it.
//!
//! Its catalog entry is in `spec`; its methods and tick hooks in `runtime`.

mod runtime;
mod spec;

pub(crate) use runtime::{carried_by, carries_nothing, forget_removed, pick_up, put_down, release};
pub(crate) use spec::CURSOR;

/// Cursor's catalog entry and runtime, for the list of features.
pub(super) const FEATURE: super::Feature = super::Feature {
    spec: CURSOR,
    runtime: runtime::RUNTIME,
};

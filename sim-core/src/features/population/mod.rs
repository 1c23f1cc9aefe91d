//! The Population feature: making, copying and removing characters, acting on every
//! character of a kind, and counts and aggregates of a prop ([`histogram`]: counts by a
//! prop's value).

mod histogram;
mod runtime;

pub(crate) use runtime::{no_blueprint, RUNTIME};

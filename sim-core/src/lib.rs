//! # sim-core: the Stepwise simulation engine
//!
//! A plain Rust library with no web dependencies: it runs natively (tests, benchmarks, the
//! `stepwise` command) and compiled to WASM inside the web app, with identical results.
//!
//! - [`time`]: [`SimTime`](time::SimTime), fixed-point seconds, and the [`Clock`](time::Clock).
//! - [`script`]: GEMSTEP's ScriptText read into ScriptUnits and printed back, and the
//!   `{{ ... }}` expression language.
//! - [`features`]: the feature catalog (Costume, Movement, Physics ...) the compiler checks against.
//! - [`project`]: the `.gemprj` project file — stage, rounds, blueprints, instances.
//! - [`vars`]: GVars, the typed properties (Number, String, Boolean, Dictionary) and their methods.
//! - [`suggest`]: "did you mean …?" for misspelt names.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod features;
pub mod project;
pub mod script;
pub mod suggest;
pub mod time;
pub mod vars;

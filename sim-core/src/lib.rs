//! # sim-core: the Stepwise simulation engine
//!
//! A plain Rust library with no web dependencies: it runs natively (tests, benchmarks, the
//! `stepwise` command) and compiled to WASM inside the web app, with identical results.
//!
//! - [`time`]: [`SimTime`](time::SimTime), fixed-point seconds, and the [`Clock`](time::Clock).
//! - [`script`]: GEMSTEP's ScriptText read into ScriptUnits and printed back, and the
//!   `{{ ... }}` expression language.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod script;
pub mod time;

//! # sim-core: the Stepwise simulation engine
//!
//! A plain Rust library with no web dependencies: it runs natively (tests, benchmarks, the
//! `stepwise` command) and compiled to WASM inside the web app, with identical results.
//!
//! - [`phase`]: GEMSTEP's load and tick phases, and which modules run in each.
//! - [`spatial`]: a uniform grid for neighbour queries (touches, vision) without all pairs.
//! - [`time`]: [`SimTime`](time::SimTime), fixed-point seconds, and the [`Clock`](time::Clock).
//! - [`script`]: GEMSTEP's ScriptText read into ScriptUnits and printed back, and the
//!   `{{ ... }}` expression language.
//! - [`project`]: the `.gemprj` project file — stage, rounds, blueprints, instances.
//! - [`vars`]: GVars, the typed properties (Number, String, Boolean, Dictionary) and their methods.
//! - [`suggest`]: "did you mean …?" for misspelt names.
//! - [`event`]: the [`EventLoop`](event::EventLoop) that runs every timed happening in exact,
//!   deterministic order.
//! - [`sched`]: the [`Scheduler`](sched::Scheduler) of periodic housekeeping tasks, one per
//!   frame, with run-time statistics.
//! - [`entity`]: [`EntityId`](entity::EntityId)s, `Blueprint/name` lookup, and timestamped
//!   update/query messages between entities.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod project;
pub mod script;
pub mod suggest;
pub mod phase;
pub mod spatial;
pub mod entity;
pub mod event;
pub mod sched;
pub mod time;
pub mod vars;

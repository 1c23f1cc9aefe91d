//! # sim-core: the Stepwise simulation engine
//!
//! A plain Rust library with no web dependencies: it runs natively (tests, benchmarks, the
//! `stepwise` command) and compiled to WASM inside the web app, with identical results.
//!
//! - [`phase`]: GEMSTEP's load and tick phases, and which modules run in each.
//! - [`spatial`]: a uniform grid for neighbour queries (touches, vision) without all pairs.
//! - [`time`]: [`SimTime`](time::SimTime), fixed-point seconds, and the [`Clock`](time::Clock).
//! - [`project`]: the `.gemprj` project file — stage, rounds, blueprints, instances.
//! - [`vars`]: GVars, the typed properties (Number, String, Boolean, Dictionary) and their methods.
//! - [`suggest`]: "did you mean …?" for misspelt names.
//! - [`script`]: GEMSTEP's ScriptText read into ScriptUnits and printed back, and the
//!   `{{ ... }}` expression language.
//! - [`sim`]: the [`Simulation`](sim::Simulation) — the one entry point to a running model.
//! - [`experiment`]: parameter sweeps — a model run over combinations of prop values and
//!   seeds, measured into a BehaviorSpace-shaped table.
//! - [`session`]: a live classroom session's messages and lockstep: the teacher's page
//!   runs the model, every other device follows it.
//! - [`agent`]: agents, their props, features and selection state.
//! - [`exec`]: the statement interpreter and the runtime log.
//! - [`features`]: the feature catalog (Costume, Movement, Physics ...) the compiler checks against.
//! - [`event`]: the [`EventLoop`](event::EventLoop) that runs every timed happening in exact,
//!   deterministic order.
//! - [`sched`]: the [`Scheduler`](sched::Scheduler) of periodic housekeeping tasks, one per
//!   frame, with run-time statistics.
//! - [`entity`]: [`EntityId`](entity::EntityId)s, `Blueprint/name` lookup, and timestamped
//!   update/query messages between entities.
//! - [`features`]: the feature catalog (Costume, Movement, Physics ...) the compiler checks against.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod agent;
pub mod args;
pub mod entity;
pub mod event;
pub mod exec;
pub mod experiment;
pub mod features;
pub mod phase;
pub mod project;
pub mod sched;
pub mod script;
pub mod session;
pub mod sim;
pub mod spatial;
pub mod suggest;
pub mod time;
pub mod vars;
pub mod world;

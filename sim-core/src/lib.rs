//! # sim-core: the Stepwise simulation engine
//!
//! A plain Rust library with no web dependencies: it runs natively (tests, benchmarks, the
//! `stepwise` command) and compiled to WASM inside the web app, with identical results.
//!
//! Open a project, run it, read what happened:
//!
//! ```
//! use sim_core::project::Project;
//! use sim_core::sim::{tick_time, Simulation, TICKS_PER_SECOND};
//!
//! let text = r##"{
//!   "id": "pond", "label": "Pond",
//!   "blueprints": [{ "name": "Fish", "scriptText":
//!     "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Population\n# PROGRAM UPDATE\nevery 1 [[\n  featCall Population spawnChild\n]]" }],
//!   "instances": [{ "id": "1", "label": "nemo", "bpid": "Fish" }]
//! }"##;
//! let project = Project::from_json(text).expect("a valid project");
//! let mut sim = Simulation::load(&project, 1).expect("it compiles");
//! sim.advance_to(tick_time(2 * u64::from(TICKS_PER_SECOND)));
//! assert_eq!(sim.tick_count(), 60);
//! // Each fish has a child once a second, from the 31st tick on: 1, then 2.
//! assert_eq!(sim.count_of("Fish"), 2);
//! ```
//!
//! What it holds, from the ground up:
//!
//! - [`time`]: [`SimTime`](time::SimTime), fixed-point seconds, and the [`Clock`](time::Clock).
//! - [`event`]: the [`EventLoop`](event::EventLoop) that runs every timed happening in exact,
//!   deterministic order.
//! - [`entity`]: [`EntityId`](entity::EntityId)s, `Blueprint/name` lookup, and timestamped
//!   update/query messages between entities.
//! - [`sched`]: the [`Scheduler`](sched::Scheduler) of periodic housekeeping tasks, one per
//!   frame, with run-time statistics.
//! - [`phase`]: GEMSTEP's load and tick phases, and which modules run in each.
//! - [`spatial`]: a uniform grid for neighbour queries (touches, vision) without all pairs.
//! - [`vars`]: GVars, the typed properties (Number, String, Boolean, Dictionary) and their methods.
//! - [`suggest`]: "did you mean …?" for misspelt names.
//! - [`args`]: what each keyword and method takes, for the compiler and the wizard.
//! - [`features`]: the feature catalog (Costume, Movement, Physics ...) the compiler checks against.
//! - [`project`]: the `.gemprj` project file — stage, rounds, blueprints, instances, costumes.
//! - [`script`]: GEMSTEP's ScriptText read into ScriptUnits and printed back, the
//!   `{{ ... }}` expression language, and the compiler.
//! - [`agent`]: agents, their props, features and selection state.
//! - [`world`]: everything a tick changes: agents, Global props, the log, rounds, the tick's
//!   work budget.
//! - [`exec`]: the statement interpreter and the runtime log.
//! - [`sim`]: the [`Simulation`](sim::Simulation) — the one entry point to a running model.
//! - [`experiment`]: parameter sweeps — a model run over combinations of prop values and
//!   seeds, measured into a BehaviorSpace-shaped table.
//! - [`session`]: a live classroom session's messages, sealing and lockstep: the teacher's
//!   page runs the model, every other device follows it.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod agent;
pub mod args;
pub mod entity;
pub mod event;
pub mod exec;
pub mod experiment;
pub mod features;
mod lexical;
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

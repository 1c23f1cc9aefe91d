//! # sim-core: the Stepwise simulation engine
//!
//! A plain Rust library with no web dependencies: it runs natively (tests, benchmarks, the
//! `stepwise` command) and compiled to WASM inside the web app, with identical results.
//!
//! Open a project, run it, read what happened:
//!
//! ```
//! use sim_core::sim::tick_time;
//! use sim_core::{Project, Simulation, TICKS_PER_SECOND};
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
//! The types and constants a program needs are re-exported here, at the crate root; free
//! functions are reached through their module (`sim_core::sim::tick_time`,
//! `sim_core::script::tokenize`, `sim_core::project::import_image`), and a live session's wire
//! formats through [`session`]. The modules below are the layers, from the ground up; those
//! marked *(inside)* are not public, and what of them a program needs is re-exported.
//!
//! - [`time`]: [`SimTime`], fixed-point seconds, and the [`Clock`].
//! - [`event`]: the [`EventLoop`] that runs every timed happening in exact,
//!   deterministic order.
//! - [`entity`]: [`EntityId`]s, `Blueprint/name` lookup, and timestamped
//!   update/query messages between entities.
//! - [`sched`]: the [`Scheduler`] of periodic housekeeping tasks, one per
//!   frame, with run-time statistics.
//! - `phase` *(inside)*: GEMSTEP's tick phases, and which modules run in each.
//! - `spatial` *(inside)*: a uniform grid for neighbour queries (touches, vision) without all pairs.
//! - [`vars`]: GVars, the typed properties (Number, String, Boolean, Dictionary) and their methods.
//! - `suggest` *(inside)*: "did you mean …?" for misspelt names.
//! - `args` *(inside)*: what each keyword and method takes, for the compiler and the wizard.
//! - `features` *(inside)*: the features (Costume, Movement, Physics ...), one folder each:
//!   the catalog the compiler checks against, and (above `exec`, which calls them) what each
//!   feature's methods and tick hooks do.
//! - [`project`]: the `.gemprj` project file — stage, rounds, blueprints, instances, costumes.
//! - [`script`]: GEMSTEP's ScriptText read into ScriptUnits and printed back, the
//!   `{{ ... }}` expression language, and the compiler.
//! - `agent` *(inside)*: agents, their props, features and selection state.
//! - `world` *(inside)*: everything a tick changes: agents, Global props, the log, rounds, the tick's
//!   work budget.
//! - `exec` *(inside)*: the statement interpreter.
//! - [`sim`]: the [`Simulation`] — the one entry point to a running model.
//! - [`experiment`]: parameter sweeps — a model run over combinations of prop values and
//!   seeds, measured into a BehaviorSpace-shaped table.
//! - [`reference`]: the script reference — every keyword, feature and method, with an
//!   example — for the app's help and `stepwise reference`.
//! - [`session`]: a live classroom session's messages, sealing and lockstep: the teacher's
//!   page runs the model, every other device follows it.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod agent;
mod args;
pub mod entity;
pub mod event;
mod exec;
pub mod experiment;
mod features;
mod lexical;
mod phase;
pub mod project;
pub mod reference;
pub mod sched;
pub mod script;
pub mod session;
pub mod sim;
mod spatial;
mod suggest;
pub mod time;
pub mod vars;
mod world;

pub use agent::{InputMode, QueuePhase, Selection};
pub use entity::{EntityError, EntityId, EntityRegistry};
pub use event::{EventError, EventLoop};
pub use experiment::{Blank, Measure, RunRows, Stat, Sweep, WidgetSuggestion};
pub use features::{Feature, FeatureSpec, FEATURES};
pub use project::{
    BlueprintDef, CostumeAsset, CostumeProblem, ExperimentDef, InstanceDef, Problem, Project,
    ProjectError, Round, VaryDef, WidgetDef, WidgetKind, MAX_IMAGE_BYTES, MAX_PROJECT_BYTES,
    MAX_WIDGETS,
};
pub use sched::{SchedError, Scheduler, SchedulerStats, TaskStatus};
pub use script::{CompileError, CompileErrorKind, Pos, ScriptUnit, Symbols, Token, TokenKind};
pub use sim::{
    AgentView, CommandTarget, Dialog, Input, InputFrame, InputRefusal, Marker, Overrun, Profile,
    PropEntry, PropGroup, RoundInfo, RoundPhase, Simulation, StartTarget, Starting, SwapError,
    Timeline, MAX_AGENTS, TICKS_PER_SECOND,
};
pub use time::{Clock, ClockState, SimTime, Speed};
pub use vars::{Value, ValueKind, VarType};
pub use world::log::{LogEntry, LogKind, MAX_LOG_ENTRIES, MAX_LOG_MESSAGE_BYTES};

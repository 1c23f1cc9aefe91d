//! # sim-core: the Stepwise simulation engine
//!
//! A plain Rust library with no web dependencies: it runs natively (tests, benchmarks, the
//! `stepwise` command) and compiled to WASM inside the web app, with identical results.
//!
//! - [`time`]: [`SimTime`](time::SimTime), fixed-point seconds, and the [`Clock`](time::Clock).
//! - [`event`]: the [`EventLoop`](event::EventLoop) that runs every timed happening in exact,
//!   deterministic order.
//! - [`sched`]: the [`Scheduler`](sched::Scheduler) of periodic housekeeping tasks, one per
//!   frame, with run-time statistics.
//! - [`entity`]: [`EntityId`](entity::EntityId)s, `Blueprint/name` lookup, and timestamped
//!   update/query messages between entities.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod entity;
pub mod event;
pub mod sched;
pub mod time;

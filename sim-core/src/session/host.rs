//! The teacher's side of lockstep: what the simulation ran becomes [`Bundle`]s, and where
//! the state jumped instead, a new epoch that starts with a [`RoomSnapshot`].
//!
//! Every input the simulation accepts is in its input log with the tick it came at
//! ([`Simulation::input_log`]); the [`Host`] reads the log's new entries after each advance,
//! so whatever accepted an input (a student's device, the teacher's inspector, a drag on the
//! teacher's stage) reaches every device the same way, through one path.

use super::protocol::{Bundle, RoomSnapshot, HASH_EVERY_TICKS};
use crate::project::Project;
use crate::sim::Simulation;
use crate::time::SimTime;
use std::collections::BTreeMap;

/// Turns the teacher's run into bundles.
#[derive(Debug, Default)]
pub struct Host {
    epoch: u32,
    seq: u64,
    /// How many log entries (counting those the log let go) are already in a bundle.
    taken: u64,
    /// The tick count after the last bundle.
    tick: u64,
    /// The sim time the last bundle ran to.
    until: i64,
    /// The newest input of each device accepted since the last bundle.
    acks: BTreeMap<String, u32>,
}

/// Where the log stands: entries ever recorded, those let go included.
fn log_end(sim: &Simulation) -> u64 {
    let log = sim.input_log();
    log.dropped() + log.entries().len() as u64
}

impl Host {
    /// A host for `sim` as it is now (epoch 1: send its snapshot first).
    pub fn new(sim: &Simulation) -> Host {
        Host::after_epoch(sim, 0)
    }

    /// A host whose first epoch follows `epoch`: a teacher's page that reloaded starts after
    /// the epochs its devices saw (it passes a count that only grows, such as the seconds
    /// of its clock), so they take its first snapshot as newer.
    pub fn after_epoch(sim: &Simulation, epoch: u32) -> Host {
        let mut host = Host {
            epoch,
            ..Host::default()
        };
        host.jump(sim);
        host
    }

    /// The epoch now running.
    pub fn epoch(&self) -> u32 {
        self.epoch
    }

    /// The last bundle made.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The state jumped (a reset, another model, a script applied, the timeline): a new
    /// epoch starts from `sim` as it is now, which a snapshot must carry to the devices.
    pub fn jump(&mut self, sim: &Simulation) {
        self.epoch = self.epoch.wrapping_add(1);
        self.seq = 0;
        self.taken = log_end(sim);
        self.tick = sim.tick_count();
        self.until = sim.time().to_bits();
        self.acks.clear();
    }

    /// Notes that a device's input `seq` was accepted, for the next bundle's acks.
    pub fn ack(&mut self, device: &str, seq: u32) {
        self.acks.insert(device.to_string(), seq);
    }

    /// The bundle for what `sim` did since the last one, right after it was advanced to
    /// `until`: the inputs it accepted, then the run (its `sent_ms` is the sender's to set). `Ok(None)` when nothing happened;
    /// `Err` when the simulation moved in a way a bundle cannot say (its tick changed
    /// outside an advance, or inputs came at another tick): the caller then jumps.
    pub fn ran(&mut self, sim: &Simulation, until: SimTime) -> Result<Option<Bundle>, String> {
        let log = sim.input_log();
        let end = log_end(sim);
        if self.taken < log.dropped() {
            return Err("inputs came faster than the log keeps them".into());
        }
        let first = usize::try_from(self.taken - log.dropped()).unwrap_or(usize::MAX);
        let new = log.entries().get(first..).unwrap_or_default();
        if let Some(odd) = new.iter().find(|l| l.tick != self.tick) {
            return Err(format!(
                "an input at tick {} while the bundle starts at tick {}",
                odd.tick, self.tick
            ));
        }
        let until = until.to_bits().max(self.until);
        let tick = sim.tick_count();
        if tick < self.tick {
            return Err("the run went back in time".into());
        }
        if new.is_empty() && until == self.until && tick == self.tick {
            return Ok(None);
        }
        let hash = (tick / HASH_EVERY_TICKS != self.tick / HASH_EVERY_TICKS || tick == 0)
            .then(|| sim.state_hash());
        self.seq += 1;
        let bundle = Bundle {
            epoch: self.epoch,
            seq: self.seq,
            from: self.tick,
            inputs: new.iter().map(|l| l.input.clone()).collect(),
            until,
            tick,
            hash,
            acks: std::mem::take(&mut self.acks).into_iter().collect(),
            sent_ms: 0.0,
        };
        self.taken = end;
        self.tick = tick;
        self.until = until;
        Ok(Some(bundle))
    }

    /// The whole state now, for a device that starts or lost step: the bundles after it are
    /// those numbered after [`Host::seq`].
    pub fn snapshot(
        &self,
        sim: &Simulation,
        project: &Project,
        characters: Vec<String>,
        playing: bool,
    ) -> RoomSnapshot {
        RoomSnapshot {
            epoch: self.epoch,
            seq: self.seq,
            project: super::follow::pack_project(project),
            state: sim.snapshot(),
            characters,
            playing,
        }
    }
}

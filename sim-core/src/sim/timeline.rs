//! The timeline of a run: snapshots kept every few seconds and every input since the start,
//! so any earlier tick can be shown again ([`Timeline::seek`]: the nearest snapshot at or
//! before it, then the inputs after it replayed), and a run rewound and changed goes on from
//! there ([`Timeline::branch`] drops the old future).
//!
//! Snapshots are thinned as the run grows to stay within [`TIMELINE_BUDGET_BYTES`] and
//! [`MAX_TIMELINE_SNAPSHOTS`]: the one whose neighbours are closest goes, so those kept stay
//! spread evenly over the run and a seek anywhere replays about as far as anywhere else. A timeline
//! belongs to one project: after a script edit or a reset the app starts a new one.

use super::record::Logged;
use super::{Simulation, SnapshotError};
use crate::project::Project;

/// The most bytes of snapshots a timeline keeps.
pub const TIMELINE_BUDGET_BYTES: usize = 64 << 20;

/// The most snapshots a timeline keeps, whatever their size: the timeline's memory grows with
/// the model's, and a model of 10,000 agents (a snapshot of 0.6 MB) would otherwise keep 64
/// MB after five minutes. Spread evenly, this many leave a seek at most about a sixteenth of
/// the run to replay.
pub const MAX_TIMELINE_SNAPSHOTS: usize = 24;

/// Ticks between snapshots (3 s of simulation time).
pub const SNAPSHOT_EVERY_TICKS: u64 = 90;

/// Snapshots and inputs of one run, from its first kept tick to the furthest reached.
#[derive(Debug, Clone, Default)]
pub struct Timeline {
    /// (tick, snapshot) in tick order; the first is the timeline's start.
    snapshots: Vec<(u64, Vec<u8>)>,
    bytes: usize,
    /// Every input since the start, in order.
    log: Vec<Logged>,
    /// How many inputs of the simulation's own log were taken already (counted with the ones
    /// its log let go), so [`Timeline::follow`] takes each once.
    taken: u64,
    /// The furthest tick the run reached.
    latest: u64,
    /// The tick [`Timeline::seek`] went to, until the run goes on from it.
    mark: Option<u64>,
    /// The most bytes of snapshots kept.
    budget: usize,
}

impl Timeline {
    /// A timeline starting at `sim`'s present, within [`TIMELINE_BUDGET_BYTES`].
    pub fn new(sim: &Simulation) -> Timeline {
        Timeline::with_budget(sim, TIMELINE_BUDGET_BYTES)
    }

    /// A timeline keeping at most `budget` bytes of snapshots.
    pub fn with_budget(sim: &Simulation, budget: usize) -> Timeline {
        let mut timeline = Timeline {
            latest: sim.tick_count(),
            taken: inputs_seen(sim),
            budget,
            ..Timeline::default()
        };
        timeline.keep(sim.tick_count(), sim.snapshot());
        timeline
    }

    /// The first tick it can show.
    pub fn start(&self) -> u64 {
        self.snapshots.first().map_or(0, |(t, _)| *t)
    }

    /// The furthest tick the run reached.
    pub fn latest(&self) -> u64 {
        self.latest
    }

    /// How many snapshots it holds, and their bytes.
    pub fn kept(&self) -> (usize, usize) {
        (self.snapshots.len(), self.bytes)
    }

    /// Takes in what `sim` did since the last call: its new inputs, the ticks it ran (a
    /// snapshot when one is due). Call it just before the run advances (for the inputs that
    /// came since) and just after (so a snapshot comes before any input of its tick). A run
    /// rewound by [`Timeline::seek`] that goes on, or gets an input, branches there first:
    /// the old future is dropped: the tick it went on from, when it did.
    pub fn follow(&mut self, sim: &Simulation) -> Option<u64> {
        let seen = inputs_seen(sim);
        let fresh = usize::try_from(seen.saturating_sub(self.taken)).unwrap_or(usize::MAX);
        let entries = sim.input_log().entries();
        let new = &entries[entries.len().saturating_sub(fresh)..];
        self.taken = seen;
        let tick = sim.tick_count();
        let mut branched = None;
        if let Some(at) = self.mark {
            if tick != at || !new.is_empty() {
                if at < self.latest {
                    self.branch(at);
                    branched = Some(at);
                }
                self.mark = None;
            }
        }
        self.log.extend_from_slice(new);
        if tick > self.latest {
            self.latest = tick;
        }
        let last = self.snapshots.last().map_or(0, |(t, _)| *t);
        if tick >= last + SNAPSHOT_EVERY_TICKS {
            self.keep(tick, sim.snapshot());
        }
        branched
    }

    /// The simulation at `tick` (within the timeline), rebuilt from the nearest snapshot at or
    /// before it and the inputs after it.
    pub fn seek(
        &mut self,
        project: impl Into<std::rc::Rc<Project>>,
        tick: u64,
    ) -> Result<Simulation, SnapshotError> {
        let tick = tick.clamp(self.start(), self.latest);
        let (at, bytes) = self
            .snapshots
            .iter()
            .rev()
            .find(|(t, _)| *t <= tick)
            .ok_or(SnapshotError::NotASnapshot)?;
        let mut sim = Simulation::restore(project, bytes)?;
        let from = *at;
        let inputs: Vec<Logged> = self
            .log
            .iter()
            .filter(|l| l.tick >= from)
            .cloned()
            .collect();
        sim.replay_to(&inputs, tick);
        self.taken = inputs_seen(&sim);
        self.mark = Some(tick);
        Ok(sim)
    }

    /// Drops everything after `tick`: the snapshots past it and the inputs that came after
    /// it; the run's furthest tick becomes `tick`.
    pub fn branch(&mut self, tick: u64) {
        self.snapshots.retain(|(t, _)| *t <= tick);
        self.bytes = self.snapshots.iter().map(|(_, b)| b.len()).sum();
        self.log.retain(|l| l.tick <= tick);
        self.latest = tick;
    }

    fn keep(&mut self, tick: u64, bytes: Vec<u8>) {
        self.bytes += bytes.len();
        self.snapshots.push((tick, bytes));
        while self.bytes > self.budget || self.snapshots.len() > MAX_TIMELINE_SNAPSHOTS {
            if !self.thin() {
                break;
            }
        }
    }

    /// Lets go of the snapshot whose neighbours are closest (the oldest such), never the
    /// first (the timeline's start) nor the newest; false when there is none to let go.
    fn thin(&mut self) -> bool {
        let ticks: Vec<u64> = self.snapshots.iter().map(|(t, _)| *t).collect();
        let span = |i: usize| ticks[i + 1].saturating_sub(ticks[i - 1]);
        let Some(gone) = (1..ticks.len().saturating_sub(1)).min_by_key(|&i| span(i)) else {
            return false;
        };
        let (_, bytes) = self.snapshots.remove(gone);
        self.bytes -= bytes.len();
        true
    }
}

/// How many inputs `sim` has logged, with those its log let go.
fn inputs_seen(sim: &Simulation) -> u64 {
    let log = sim.input_log();
    log.dropped() + log.entries().len() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinned_snapshots_stay_spread_over_the_run_and_keep_its_ends() {
        let mut timeline = Timeline {
            budget: usize::MAX,
            ..Timeline::default()
        };
        let end = 1000 * SNAPSHOT_EVERY_TICKS;
        for tick in (0..=end).step_by(SNAPSHOT_EVERY_TICKS as usize) {
            timeline.keep(tick, vec![0; 10]);
        }
        let ticks: Vec<u64> = timeline.snapshots.iter().map(|(t, _)| *t).collect();
        assert_eq!(ticks.len(), MAX_TIMELINE_SNAPSHOTS);
        assert_eq!((ticks.first(), ticks.last()), (Some(&0), Some(&end)));
        let widest = ticks.windows(2).map(|w| w[1] - w[0]).max();
        assert!(widest <= Some(end / 8), "{ticks:?}");
        assert_eq!(timeline.kept(), (ticks.len(), 10 * ticks.len()));
    }
}

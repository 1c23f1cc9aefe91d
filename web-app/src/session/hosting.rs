//! [`Hosting`]: the teacher's page turning its run into what devices follow. After every
//! advance of the run it makes the bundle of what ran (through sim-core's [`Host`]); when the
//! run jumped instead (see [`Run::jumps`]) it starts a new epoch, whose snapshot the session
//! sends.

use crate::projects::ProjectHandle;
use crate::run::Run;
use sim_core::session::protocol::{Bundle, RoomSnapshot};
use sim_core::session::Host;

/// The hosted run's bundles and epochs.
#[derive(Debug)]
pub struct Hosting {
    /// The epoch the first one starts after (a reloaded teacher's page starts after the
    /// epochs its devices saw).
    after: u32,
    /// What turns the run into bundles, while the run has a model that compiled.
    host: Option<Host>,
    /// The run's jump count the host last started an epoch at.
    seen_jumps: Option<u64>,
    /// Bundles made since the session last took them.
    bundles: Vec<Bundle>,
    /// Whether the state jumped since the session last asked (it then sends a snapshot).
    jumped: bool,
}

impl Hosting {
    /// Hosting that starts from the run as it is now, its first epoch after `after`.
    pub fn new(run: &Run, after: u32) -> Hosting {
        let mut hosting = Hosting {
            after,
            host: None,
            seen_jumps: None,
            bundles: Vec::new(),
            jumped: false,
        };
        hosting.catch_up(run);
        hosting
    }

    /// Starts a new epoch when the run jumped since the host last looked (or has no host
    /// yet): the bundles of the old epoch mean nothing now.
    fn catch_up(&mut self, run: &Run) {
        if self.seen_jumps == Some(run.jumps()) && self.host.is_some() == run.sim().is_some() {
            return;
        }
        self.seen_jumps = Some(run.jumps());
        self.jumped = true;
        self.bundles.clear();
        let Some(sim) = run.sim() else {
            self.host = None;
            return;
        };
        match &mut self.host {
            Some(host) => host.jump(sim),
            None => self.host = Some(Host::after_epoch(sim, self.after)),
        }
    }

    /// Right after the run advanced (or took inputs while paused): the bundle of what it
    /// did, or, when a bundle cannot say it, a new epoch.
    pub fn ran(&mut self, run: &Run) {
        self.catch_up(run);
        let (Some(host), Some(sim)) = (&mut self.host, run.sim()) else {
            return;
        };
        match host.ran(sim, run.advanced_to()) {
            Ok(Some(b)) => self.bundles.push(b),
            Ok(None) => {}
            Err(_) => {
                self.seen_jumps = None;
                self.catch_up(run);
            }
        }
    }

    /// The bundles made since the last call.
    pub fn take_bundles(&mut self) -> Vec<Bundle> {
        std::mem::take(&mut self.bundles)
    }

    /// Whether the state jumped since the last call (a snapshot is due).
    pub fn take_jumped(&mut self, run: &Run) -> bool {
        self.catch_up(run);
        std::mem::take(&mut self.jumped)
    }

    /// Notes that a device's input `seq` was accepted, for the next bundle's acks.
    pub fn ack(&mut self, device: &str, seq: u32) {
        if let Some(host) = &mut self.host {
            host.ack(device, seq);
        }
    }

    /// The epoch and last bundle of the hosted run.
    pub fn position(&self) -> Option<(u32, u64)> {
        self.host.as_ref().map(|h| (h.epoch(), h.seq()))
    }

    /// The hosted run's state now for a keyframe of the class run: its epoch, last bundle,
    /// tick and snapshot.
    pub fn keyframe(&self, run: &Run) -> Option<(u32, u64, u64, Vec<u8>)> {
        let (host, sim) = (self.host.as_ref()?, run.sim()?);
        Some((host.epoch(), host.seq(), sim.tick_count(), sim.snapshot()))
    }

    /// The whole state for devices, with the blueprints students may pick.
    pub fn room_snapshot(
        &self,
        run: &Run,
        project: &ProjectHandle,
        characters: Vec<String>,
        playing: bool,
    ) -> Option<RoomSnapshot> {
        let (host, sim) = (self.host.as_ref()?, run.sim()?);
        project.with(|c| Some(host.snapshot(sim, &c?.project, characters, playing)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::wander;

    #[test]
    fn each_advance_is_a_bundle_and_each_jump_a_new_epoch() {
        let (handle, mut run) = wander();
        let mut hosting = Hosting::new(&run, 7);
        assert!(
            hosting.take_jumped(&run),
            "the first epoch needs a snapshot"
        );
        assert_eq!(hosting.position(), Some((8, 0)));
        run.step();
        hosting.ran(&run);
        run.step();
        hosting.ran(&run);
        let bundles = hosting.take_bundles();
        assert_eq!(bundles.len(), 2);
        assert_eq!((bundles[1].from, bundles[1].tick), (1, 2));
        assert!(!hosting.take_jumped(&run));
        run.step();
        run.reset();
        // The frame after the reset: nothing ran, and the reset is a new epoch.
        hosting.ran(&run);
        assert!(hosting.take_jumped(&run), "the reset is a jump");
        assert_eq!(hosting.position().map(|p| p.0), Some(9));
        assert!(
            hosting.take_bundles().is_empty(),
            "the old epoch's step is dropped"
        );
        run.step();
        hosting.ran(&run);
        let after = hosting.take_bundles();
        assert_eq!(after.len(), 1, "the step after the reset");
        assert_eq!((after[0].epoch, after[0].from), (9, 0));
        // A jump the host hears of only after the run moved on starts the epoch there: the
        // snapshot the session sends carries the state it starts from.
        run.reset();
        run.step();
        hosting.ran(&run);
        assert!(hosting.take_jumped(&run));
        assert!(hosting.take_bundles().is_empty());
        assert_eq!(hosting.keyframe(&run).map(|k| (k.0, k.2)), Some((10, 1)));
        assert!(hosting
            .room_snapshot(&run, &handle, vec![], false)
            .is_some());
    }

    #[test]
    fn a_run_without_a_model_hosts_nothing() {
        let run = Run::default();
        let mut hosting = Hosting::new(&run, 0);
        hosting.ran(&run);
        assert_eq!(hosting.position(), None);
        assert!(hosting.take_bundles().is_empty());
    }
}

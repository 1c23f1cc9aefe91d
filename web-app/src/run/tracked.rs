//! [`Tracked`]: the stage's simulation, with a count of the times it may have changed.
//!
//! The stage draws the agents every animation frame, and with thousands of them making the
//! list to draw is most of a paused frame's work. The count lets it make the list only when
//! the simulation may have changed since: every way of changing it goes through here (the
//! simulation is private to this module), so no change can slip past the count.

use sim_core::{SimTime, Simulation};

/// The current simulation, if any, and how many times it was changed or may have been.
#[derive(Default)]
pub(super) struct Tracked {
    sim: Option<Simulation>,
    changes: u64,
}

impl Tracked {
    /// The simulation, to read.
    pub(super) fn get(&self) -> Option<&Simulation> {
        self.sim.as_ref()
    }

    /// The simulation, to change: counted as a change whatever the caller does with it.
    pub(super) fn get_mut(&mut self) -> Option<&mut Simulation> {
        self.changes = self.changes.wrapping_add(1);
        self.sim.as_mut()
    }

    /// Puts `sim` in the place of the current simulation.
    pub(super) fn set(&mut self, sim: Option<Simulation>) {
        self.changes = self.changes.wrapping_add(1);
        self.sim = sim;
    }

    /// Runs every tick due up to `t`; counted as a change only when something ran, so a
    /// paused stage, which advances to the same time every frame, changes nothing.
    pub(super) fn advance_to(&mut self, t: SimTime) {
        if self.sim.as_mut().is_some_and(|sim| sim.advance_to(t)) {
            self.changes = self.changes.wrapping_add(1);
        }
    }

    /// How many times the simulation was changed or may have been: equal counts mean the
    /// same state.
    pub(super) fn changes(&self) -> u64 {
        self.changes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::Project;

    fn wander() -> Tracked {
        let text = include_str!("../../../static/models/wander.gemprj");
        let project = Project::from_json(text).unwrap();
        let mut tracked = Tracked::default();
        tracked.set(Some(Simulation::load(&project, 1).unwrap()));
        tracked
    }

    #[test]
    fn only_a_change_or_a_tick_that_ran_counts() {
        let mut tracked = wander();
        let start = tracked.changes();
        let _ = tracked.get();
        assert_eq!(tracked.changes(), start, "reading changes nothing");
        let first = sim_core::sim::tick_time(1);
        tracked.advance_to(first);
        let ticked = tracked.changes();
        assert_ne!(ticked, start, "a tick ran");
        tracked.advance_to(first);
        assert_eq!(
            tracked.changes(),
            ticked,
            "a paused stage advances to the same time"
        );
        let _ = tracked.get_mut();
        assert_ne!(tracked.changes(), ticked, "lent out to change");
        let lent = tracked.changes();
        tracked.set(None);
        assert_ne!(tracked.changes(), lent, "replaced");
        tracked.advance_to(sim_core::sim::tick_time(2));
        assert!(tracked.get().is_none());
    }
}

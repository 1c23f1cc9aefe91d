//! GEMSTEP's `every 1` timer as Stepwise counts it: by the times its statement runs, not by
//! the clock. A timer belongs to one agent and one statement; each run of the statement counts
//! one call, and the body runs when more than 30 calls (one second of ticks) have passed
//! since it last ran, or on the very first call with `runAtStart`.
//!
//! A timer at the top of an update program is called once a tick, so it fires every 31
//! ticks. One inside a `when` consequent is called once per passing pair, so an agent that
//! touches two others at once counts two calls a tick: that is GEMSTEP's meaning, and a
//! hand-written model must count the same way to do the same work.

/// Calls of one second: a timer fires once more than this many calls have passed.
const PERIOD_CALLS: u32 = 30;
/// `fired_at` of a timer that has never fired.
const NEVER: u32 = u32::MAX;

/// One agent's timer of one `every 1` statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Every {
    /// How many times the statement has run.
    calls: u32,
    /// The call it last fired on, or [`NEVER`].
    fired_at: u32,
}

impl Every {
    /// A timer whose statement has not run yet.
    pub(crate) const NEW: Every = Every {
        calls: 0,
        fired_at: NEVER,
    };

    /// Counts one run of the statement; answers whether its body runs this time.
    #[inline]
    pub(crate) fn due(&mut self, run_at_start: bool) -> bool {
        let run = self.calls;
        self.calls = run.saturating_add(1);
        let never = self.fired_at == NEVER;
        let since = run - if never { 0 } else { self.fired_at };
        let fire = since > PERIOD_CALLS || (run_at_start && never);
        if fire {
            self.fired_at = run;
        }
        fire
    }
}

impl Default for Every {
    fn default() -> Every {
        Every::NEW
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn firings(run_at_start: bool, calls: u32) -> Vec<u32> {
        let mut timer = Every::NEW;
        (0..calls).filter(|_| timer.due(run_at_start)).collect()
    }

    #[test]
    fn a_timer_fires_every_31_calls_from_the_first_with_run_at_start() {
        assert_eq!(firings(true, 100), vec![0, 31, 62, 93]);
    }

    #[test]
    fn without_run_at_start_the_first_firing_waits_a_full_period() {
        assert_eq!(firings(false, 100), vec![31, 62, 93]);
    }
}

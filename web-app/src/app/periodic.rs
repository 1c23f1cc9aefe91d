//! The page's periodic work on one [`Scheduler`] driven from the stage's animation frame with
//! the real clock: sampling the graphs, refreshing the inspector and the log and profiler panels while
//! the model runs, and the timed autosave. At most one task runs per frame, so no frame pays
//! for several; the scheduler's per-task statistics are what the profiler's task table shows.

use super::now_ms;
use super::page::PageState;
use crate::projects::Library;
use sim_core::{SchedError, Scheduler, SimTime};

/// Checks each frame whether a sim-second passed and samples the graphs if so.
pub const GRAPHS: &str = "graph sampling";
/// Refreshes the inspector's readout while the model runs.
pub const INSPECTOR: &str = "inspector refresh";
/// Refreshes the log and profiler readout while the model runs.
pub const PANELS: &str = "log & profiler refresh";
/// Writes the open project to the project library when it changed.
pub const AUTOSAVE: &str = "autosave";

/// The tasks that only matter while the model runs (a paused model changes on user actions,
/// which refresh what they change themselves).
pub const WHILE_RUNNING: [&str; 2] = [INSPECTOR, PANELS];

/// Real milliseconds between the inspector and panel refreshes: live enough to follow, rare
/// enough not to rebuild their views every frame.
const REFRESH_MS: i64 = 250;
/// Real milliseconds between timed autosaves.
const AUTOSAVE_MS: i64 = 5_000;

/// Real time `ms` (the page clock, milliseconds) as the scheduler's time.
pub fn real_time(ms: f64) -> SimTime {
    SimTime::from_f64(ms / 1000.0).unwrap_or(SimTime::ZERO)
}

/// The page's scheduler with every task registered, first due from real time `now`; the
/// autosave writes to `library`.
pub fn scheduler(now: SimTime, library: Library) -> Result<Scheduler<PageState>, SchedError> {
    let mut s = Scheduler::new(now_ms);
    s.register(GRAPHS, SimTime::ZERO, now, |page: &mut PageState| {
        page.readouts.stale |= page.run.sample(&mut page.readouts.series);
    })?;
    s.register(
        INSPECTOR,
        millis(REFRESH_MS),
        now,
        |page: &mut PageState| {
            page.refresh_inspection();
            page.readouts.stale = true;
        },
    )?;
    s.register(PANELS, millis(REFRESH_MS), now, |page: &mut PageState| {
        page.refresh_panels();
        page.readouts.stale = true;
    })?;
    s.register(
        AUTOSAVE,
        millis(AUTOSAVE_MS),
        now,
        move |_: &mut PageState| {
            // The library shows its own status and errors in the projects panel.
            library.save();
        },
    )?;
    Ok(s)
}

fn millis(ms: i64) -> SimTime {
    SimTime::from_millis(ms).unwrap_or(SimTime::ZERO)
}

/// Suspends the tasks in [`WHILE_RUNNING`] when the model stops and resumes them when it runs.
pub fn follow_running(s: &mut Scheduler<PageState>, running: bool, now: SimTime) {
    for task in WHILE_RUNNING {
        let _ = if running {
            s.resume(task, now)
        } else {
            s.suspend(task)
        };
    }
}

/// Runs the task due at real time `ts` (milliseconds), if any, on `page`.
pub fn run_due(scheduler: &mut Scheduler<PageState>, page: &mut PageState, ts: f64) {
    let now = real_time(ts);
    follow_running(scheduler, page.model_running(), now);
    if scheduler.process(now, page).is_some() {
        page.readouts.task_stats = scheduler.stats();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_milliseconds_become_scheduler_seconds() {
        assert_eq!(real_time(1500.0), SimTime::from_millis(1500).unwrap());
        assert_eq!(real_time(f64::NAN), SimTime::ZERO);
        assert_eq!(millis(AUTOSAVE_MS), SimTime::from_secs(5));
    }
}

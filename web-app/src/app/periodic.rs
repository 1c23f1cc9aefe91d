//! The app's periodic work on one [`Scheduler`] driven from the animation frame with the real
//! clock: sampling the graphs, refreshing the inspector and the log and profiler panels while
//! the model runs, and the timed autosave. At most one task runs per frame, so no frame pays
//! for several; the scheduler's per-task statistics are what the profiler's task table shows.

use super::{now_ms, App};
use sim_core::{SchedError, Scheduler, SimTime};
use std::rc::Rc;

/// Checks each frame whether a sim-second passed and samples the graphs if so.
pub const GRAPHS: &str = "graph sampling";
/// Refreshes the inspector's snapshot while the model runs.
pub const INSPECTOR: &str = "inspector refresh";
/// Refreshes the log and profiler snapshot while the model runs.
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

/// The app's scheduler with every task registered, first due from real time `now`.
pub fn scheduler(now: SimTime) -> Result<Scheduler<App>, SchedError> {
    let mut s = Scheduler::new(now_ms);
    s.register(GRAPHS, SimTime::ZERO, now, |app: &mut App| {
        app.view_stale |= app.stage.model().sample(&mut app.series);
    })?;
    s.register(INSPECTOR, millis(REFRESH_MS), now, |app: &mut App| {
        app.refresh_inspection();
        app.view_stale = true;
    })?;
    s.register(PANELS, millis(REFRESH_MS), now, |app: &mut App| {
        app.refresh_panels();
        app.view_stale = true;
    })?;
    s.register(AUTOSAVE, millis(AUTOSAVE_MS), now, |app: &mut App| {
        // The library shows its own status and errors in the projects panel.
        app.library.save();
    })?;
    Ok(s)
}

fn millis(ms: i64) -> SimTime {
    SimTime::from_millis(ms).unwrap_or(SimTime::ZERO)
}

/// Suspends the tasks in [`WHILE_RUNNING`] when the model stops and resumes them when it runs.
pub fn follow_running(s: &mut Scheduler<App>, running: bool, now: SimTime) {
    for task in WHILE_RUNNING {
        let _ = if running {
            s.resume(task, now)
        } else {
            s.suspend(task)
        };
    }
}

/// The work the tasks do, and running them from the frame loop.
impl App {
    pub(super) fn refresh_inspection(&mut self) {
        self.inspection = Rc::new(self.stage.model().inspection(self.edit_error.clone()));
    }

    pub(super) fn refresh_panels(&mut self) {
        let mut panels = self.stage.model().panels();
        panels.tasks = self.task_stats.clone();
        self.panels = Rc::new(panels);
        self.refresh_widgets();
    }

    /// Takes what the model's widgets show; true when it changed.
    pub(super) fn refresh_widgets(&mut self) -> bool {
        self.widgets_at = self.project.revision();
        let shown = self.project.with(|c| {
            c.map(|c| self.stage.model().widget_values(&c.project.widgets))
                .unwrap_or_default()
        });
        if *self.widgets_shown == shown {
            return false;
        }
        self.widgets_shown = Rc::new(shown);
        true
    }

    /// Runs the periodic task due at real time `ts` (milliseconds), if any.
    pub(super) fn run_periodic(&mut self, ts: f64) {
        let Some(mut scheduler) = self.scheduler.take() else {
            return;
        };
        let now = real_time(ts);
        let running = self.model_running();
        follow_running(&mut scheduler, running, now);
        if scheduler.process(now, self).is_some() {
            self.task_stats = scheduler.stats();
        }
        self.scheduler = Some(scheduler);
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

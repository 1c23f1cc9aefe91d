//! [`TaskStats`] and [`SchedulerStats`]: what each periodic task cost, as data and as a
//! readable report.

use super::TaskStatus;
use crate::time::SimTime;
use std::fmt;

/// One task's schedule and run-time statistics. Run times are milliseconds as measured by
/// the scheduler's timer.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskStats {
    /// The task's name.
    pub name: String,
    /// Whether it is suspended, waiting for its time, or queued to run.
    pub status: TaskStatus,
    /// Time between runs.
    pub interval: SimTime,
    /// When it last ran, if it has.
    pub last_run: Option<SimTime>,
    /// When it is next due.
    pub next_run: SimTime,
    /// How many times it has run.
    pub runs: u64,
    /// Total run time, milliseconds.
    pub total_ms: f64,
    /// Shortest run, milliseconds (zero before the first run).
    pub min_ms: f64,
    /// Longest run, milliseconds.
    pub max_ms: f64,
}

impl TaskStats {
    pub(super) fn new(name: &str, status: TaskStatus, interval: SimTime, next: SimTime) -> Self {
        TaskStats {
            name: name.to_owned(),
            status,
            interval,
            last_run: None,
            next_run: next,
            runs: 0,
            total_ms: 0.0,
            min_ms: 0.0,
            max_ms: 0.0,
        }
    }

    /// Adds one run that took `ms` milliseconds.
    pub(super) fn record(&mut self, ms: f64) {
        self.min_ms = if self.runs == 0 {
            ms
        } else {
            self.min_ms.min(ms)
        };
        self.max_ms = self.max_ms.max(ms);
        self.total_ms += ms;
        self.runs += 1;
    }

    /// Mean run time, milliseconds (zero before the first run).
    pub fn mean_ms(&self) -> f64 {
        if self.runs == 0 {
            0.0
        } else {
            self.total_ms / self.runs as f64
        }
    }
}

/// Every task's statistics, in registration order; `Display` prints a table.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SchedulerStats {
    /// One row per task.
    pub tasks: Vec<TaskStats>,
}

impl fmt::Display for SchedulerStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .tasks
            .iter()
            .map(|t| t.name.len())
            .max()
            .unwrap_or(4)
            .max(4);
        writeln!(
            f,
            "{:<width$}  {:<9}  {:>9}  {:>6}  {:>10}  {:>9}  {:>9}  {:>9}",
            "task", "status", "interval", "runs", "total ms", "min ms", "mean ms", "max ms"
        )?;
        for t in &self.tasks {
            writeln!(
                f,
                "{:<width$}  {:<9}  {:>9}  {:>6}  {:>10.3}  {:>9.3}  {:>9.3}  {:>9.3}",
                t.name,
                format!("{:?}", t.status),
                t.interval.to_string(),
                t.runs,
                t.total_ms,
                t.min_ms,
                t.mean_ms(),
                t.max_ms
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn min_max_and_mean_follow_the_runs() {
        let mut t = TaskStats::new("a", TaskStatus::Ready, SimTime::ZERO, SimTime::ZERO);
        assert_eq!(t.mean_ms(), 0.0);
        t.record(4.0);
        t.record(2.0);
        t.record(6.0);
        assert_eq!(
            (t.min_ms, t.max_ms, t.total_ms, t.runs),
            (2.0, 6.0, 12.0, 3)
        );
        assert_eq!(t.mean_ms(), 4.0);
    }

    #[test]
    fn the_report_has_a_header_and_a_row_per_task() {
        let mut t = TaskStats::new(
            "autosave",
            TaskStatus::Queued,
            SimTime::from_secs(30),
            SimTime::ZERO,
        );
        t.record(1.5);
        let report = SchedulerStats { tasks: vec![t] }.to_string();
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("task"));
        assert!(lines[1].starts_with("autosave"));
        assert!(
            lines[1].contains("Queued") && lines[1].contains("30s") && lines[1].contains("1.500")
        );
    }
}

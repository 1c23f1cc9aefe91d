//! [`Scheduler`]: named periodic tasks, queued when due and run one per `process` call.

use super::{SchedError, SchedulerStats, TaskStats};
use crate::time::SimTime;
use std::collections::VecDeque;

/// Where a task stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskStatus {
    /// Registered but not eligible to run until resumed.
    Suspended,
    /// Waiting for its next run time.
    Ready,
    /// Due, and waiting in the run queue (a task is never queued twice).
    Queued,
}

struct Task<C> {
    stats: TaskStats,
    run: Box<dyn FnMut(&mut C)>,
}

/// Periodic tasks working on a context `C` (the simulation, the app). Times are whatever
/// the caller's clock counts in, as [`SimTime`] seconds; run times come from the injected
/// timer, in milliseconds.
pub struct Scheduler<C> {
    /// In registration order, which is also the order due tasks are queued in.
    tasks: Vec<Task<C>>,
    /// Indices into `tasks` of the queued tasks, oldest first.
    queue: VecDeque<usize>,
    timer: Box<dyn FnMut() -> f64>,
}

impl<C> Scheduler<C> {
    /// A scheduler timing its tasks with `timer`, which returns milliseconds from any fixed
    /// origin (`performance.now()` in the browser; a fake in tests).
    pub fn new(timer: impl FnMut() -> f64 + 'static) -> Self {
        Scheduler {
            tasks: Vec::new(),
            queue: VecDeque::new(),
            timer: Box::new(timer),
        }
    }

    /// Registers a ready task that first runs `interval` after `now`, then every
    /// `interval` after each run. An interval of zero makes it due at every `process`.
    pub fn register(
        &mut self,
        name: &str,
        interval: SimTime,
        now: SimTime,
        task: impl FnMut(&mut C) + 'static,
    ) -> Result<(), SchedError> {
        if self.index(name).is_some() {
            return Err(SchedError::DuplicateTask(name.to_owned()));
        }
        if interval < SimTime::ZERO {
            let task = name.to_owned();
            return Err(SchedError::NegativeInterval { task, interval });
        }
        let next = now.saturating_add(interval);
        self.tasks.push(Task {
            stats: TaskStats::new(name, TaskStatus::Ready, interval, next),
            run: Box::new(task),
        });
        Ok(())
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.tasks.iter().position(|t| t.stats.name == name)
    }

    fn task_mut(&mut self, name: &str) -> Result<(usize, &mut TaskStats), SchedError> {
        let i = self
            .index(name)
            .ok_or_else(|| SchedError::NoSuchTask(name.to_owned()))?;
        let task = self
            .tasks
            .get_mut(i)
            .ok_or_else(|| SchedError::NoSuchTask(name.to_owned()))?;
        Ok((i, &mut task.stats))
    }

    /// Makes a task ineligible to run, taking it out of the run queue.
    pub fn suspend(&mut self, name: &str) -> Result<(), SchedError> {
        let (i, stats) = self.task_mut(name)?;
        stats.status = TaskStatus::Suspended;
        self.queue.retain(|&q| q != i);
        Ok(())
    }

    /// Makes a suspended task ready again, next due `interval` after `now`. A task that
    /// is not suspended is left as it is.
    pub fn resume(&mut self, name: &str, now: SimTime) -> Result<(), SchedError> {
        let (_, stats) = self.task_mut(name)?;
        if stats.status == TaskStatus::Suspended {
            stats.status = TaskStatus::Ready;
            stats.next_run = now.saturating_add(stats.interval);
        }
        Ok(())
    }

    /// Forgets a task.
    pub fn remove(&mut self, name: &str) -> Result<(), SchedError> {
        let (i, _) = self.task_mut(name)?;
        self.tasks.remove(i);
        self.queue.retain(|&q| q != i);
        for q in &mut self.queue {
            if *q > i {
                *q -= 1;
            }
        }
        Ok(())
    }

    /// Queues every ready task that is due at `now`, then runs the oldest queued task,
    /// if any. Returns the name of the task that ran.
    pub fn process(&mut self, now: SimTime, ctx: &mut C) -> Option<&str> {
        for (i, task) in self.tasks.iter_mut().enumerate() {
            let s = &mut task.stats;
            if s.status == TaskStatus::Ready && s.next_run <= now {
                s.status = TaskStatus::Queued;
                self.queue.push_back(i);
            }
        }
        let i = self.queue.pop_front()?;
        let task = self.tasks.get_mut(i)?;
        let start = (self.timer)();
        (task.run)(ctx);
        let elapsed = (self.timer)() - start;
        let s = &mut task.stats;
        // A timer that goes backwards or returns nonsense must not poison the totals.
        s.record(if elapsed.is_finite() && elapsed > 0.0 {
            elapsed
        } else {
            0.0
        });
        s.status = TaskStatus::Ready;
        s.last_run = Some(now);
        s.next_run = now.saturating_add(s.interval);
        Some(&s.name)
    }

    /// One task's statistics.
    pub fn task(&self, name: &str) -> Option<&TaskStats> {
        self.tasks.iter().map(|t| &t.stats).find(|s| s.name == name)
    }

    /// Every task's statistics, in registration order.
    pub fn stats(&self) -> SchedulerStats {
        SchedulerStats {
            tasks: self.tasks.iter().map(|t| t.stats.clone()).collect(),
        }
    }

    /// How many tasks are registered.
    pub fn len(&self) -> usize {
        self.tasks.len()
    }

    /// Whether no task is registered.
    pub fn is_empty(&self) -> bool {
        self.tasks.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;

    fn secs(s: i32) -> SimTime {
        SimTime::from_secs(s)
    }

    /// A scheduler whose timer advances 2 ms per reading.
    fn scheduler() -> Scheduler<Vec<&'static str>> {
        let clock = Rc::new(Cell::new(0.0));
        Scheduler::new(move || {
            clock.set(clock.get() + 2.0);
            clock.get()
        })
    }

    #[test]
    fn a_task_first_runs_one_interval_after_registration() {
        let mut s = scheduler();
        let mut log = Vec::new();
        s.register("a", secs(5), secs(10), |l: &mut Vec<_>| l.push("a"))
            .unwrap();
        assert_eq!(s.process(secs(14), &mut log), None);
        assert_eq!(s.process(secs(15), &mut log), Some("a"));
        assert_eq!(s.task("a").unwrap().next_run, secs(20));
        assert_eq!(log, vec!["a"]);
    }

    #[test]
    fn removing_a_task_keeps_the_others_queued() {
        let mut s = scheduler();
        let mut log = Vec::new();
        for name in ["a", "b", "c"] {
            s.register(name, secs(1), secs(0), move |l: &mut Vec<_>| l.push(name))
                .unwrap();
        }
        assert_eq!(s.process(secs(1), &mut log), Some("a"));
        s.remove("b").unwrap();
        assert_eq!(s.process(secs(1), &mut log), Some("c"));
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn unknown_and_duplicate_names_and_negative_intervals_are_errors() {
        let mut s = scheduler();
        s.register("a", secs(1), secs(0), |_| {}).unwrap();
        let dup = s.register("a", secs(1), secs(0), |_| {});
        assert_eq!(dup, Err(SchedError::DuplicateTask("a".into())));
        assert_eq!(s.suspend("x"), Err(SchedError::NoSuchTask("x".into())));
        let neg = s.register("n", secs(-1), secs(0), |_| {});
        assert!(matches!(neg, Err(SchedError::NegativeInterval { .. })));
    }

    #[test]
    fn a_timer_going_backwards_counts_as_zero() {
        let mut t = 10.0;
        let mut s: Scheduler<()> = Scheduler::new(move || {
            t -= 1.0;
            t
        });
        s.register("a", SimTime::ZERO, SimTime::ZERO, |_| {})
            .unwrap();
        s.process(SimTime::ZERO, &mut ());
        assert_eq!(s.task("a").unwrap().max_ms, 0.0);
    }
}

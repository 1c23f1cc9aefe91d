//! Behaviour of the periodic task scheduler: one task per call, never queued twice,
//! suspend/resume/remove, and statistics from the injected timer.

use sim_core::{Scheduler, SimTime, TaskStatus};
use std::cell::Cell;
use std::rc::Rc;

fn secs(s: i32) -> SimTime {
    SimTime::from_secs(s)
}

/// A scheduler over a run log, with a fake timer the test moves by hand.
fn scheduler() -> (Scheduler<Vec<&'static str>>, Rc<Cell<f64>>) {
    let clock = Rc::new(Cell::new(0.0));
    let c = Rc::clone(&clock);
    (Scheduler::new(move || c.get()), clock)
}

fn add(s: &mut Scheduler<Vec<&'static str>>, name: &'static str, every: i32) {
    s.register(name, secs(every), secs(0), move |log: &mut Vec<_>| {
        log.push(name)
    })
    .unwrap();
}

#[test]
fn process_runs_at_most_one_due_task_per_call_in_queue_order() {
    let (mut s, _) = scheduler();
    let mut log = Vec::new();
    for name in ["a", "b", "c"] {
        add(&mut s, name, 1);
    }
    assert_eq!(s.process(secs(1), &mut log), Some("a"));
    assert_eq!(log, vec!["a"]);
    assert_eq!(s.task("b").unwrap().status, TaskStatus::Queued);
    assert_eq!(s.process(secs(1), &mut log), Some("b"));
    assert_eq!(s.process(secs(1), &mut log), Some("c"));
    assert_eq!(s.process(secs(1), &mut log), None);
    assert_eq!(log, vec!["a", "b", "c"]);
}

#[test]
fn a_due_task_is_never_queued_twice() {
    let (mut s, _) = scheduler();
    let mut log = Vec::new();
    add(&mut s, "a", 0);
    add(&mut s, "b", 10);
    // "b" stays due while it waits behind "a"; queued twice, it would run twice.
    for _ in 0..4 {
        s.process(secs(10), &mut log);
    }
    assert_eq!(log, vec!["a", "b", "a", "a"]);
    assert_eq!(s.task("b").unwrap().runs, 1);
}

#[test]
fn a_suspended_task_does_not_run_and_resume_starts_a_new_interval() {
    let (mut s, _) = scheduler();
    let mut log = Vec::new();
    add(&mut s, "a", 2);
    s.process(secs(1), &mut log);
    s.suspend("a").unwrap();
    assert_eq!(s.process(secs(10), &mut log), None);
    s.resume("a", secs(10)).unwrap();
    assert_eq!(s.task("a").unwrap().status, TaskStatus::Ready);
    assert_eq!(s.process(secs(11), &mut log), None);
    assert_eq!(s.process(secs(12), &mut log), Some("a"));
}

#[test]
fn suspending_a_queued_task_takes_it_out_of_the_queue() {
    let (mut s, _) = scheduler();
    let mut log = Vec::new();
    add(&mut s, "a", 1);
    add(&mut s, "b", 1);
    s.process(secs(1), &mut log);
    s.suspend("b").unwrap();
    assert_eq!(s.process(secs(1), &mut log), None);
    assert_eq!(log, vec!["a"]);
}

#[test]
fn stats_hold_runs_and_total_min_max_time_from_the_injected_timer() {
    let clock = Rc::new(Cell::new(0.0));
    let durations = Rc::new(Cell::new(0_usize));
    let c = Rc::clone(&clock);
    let mut s: Scheduler<()> = Scheduler::new(move || c.get());
    let (c, d) = (Rc::clone(&clock), Rc::clone(&durations));
    s.register("work", secs(1), secs(0), move |_| {
        // Runs take 3, 1 and 5 ms on the fake timer.
        let ms = [3.0, 1.0, 5.0][d.get() % 3];
        d.set(d.get() + 1);
        c.set(c.get() + ms);
    })
    .unwrap();
    for t in 1..=3 {
        s.process(secs(t), &mut ());
    }
    let stats = s.stats();
    let w = &stats.tasks[0];
    assert_eq!((w.runs, w.total_ms, w.min_ms, w.max_ms), (3, 9.0, 1.0, 5.0));
    assert_eq!((w.last_run, w.next_run), (Some(secs(3)), secs(4)));
    let report = stats.to_string();
    assert!(
        report.lines().nth(1).unwrap().starts_with("work"),
        "{report}"
    );
    assert!(
        report.contains("9.000") && report.contains("5.000"),
        "{report}"
    );
}

#[test]
fn a_removed_task_is_gone_from_stats_and_queue() {
    let (mut s, _) = scheduler();
    let mut log = Vec::new();
    add(&mut s, "a", 1);
    add(&mut s, "b", 1);
    s.process(secs(1), &mut log);
    s.remove("b").unwrap();
    assert_eq!(s.process(secs(1), &mut log), None);
    assert_eq!(s.stats().tasks.len(), 1);
    assert!(s.remove("b").is_err());
}

//! Behaviour of the clock: clamped real time per update, speed (zero and negative), and
//! the states.

use sim_core::time::{Clock, ClockState, SimTime, Speed};

fn ms(t: SimTime) -> i64 {
    t.to_millis()
}

fn running(at_ms: f64) -> Clock {
    let mut c = Clock::new();
    c.start(at_ms);
    c
}

#[test]
fn a_long_real_gap_counts_as_at_most_50ms() {
    let mut c = running(0.0);
    c.update_time(5_000.0);
    c.update_time(5_010.0);
    assert_eq!(ms(c.real_time()), 60);
    assert_eq!(ms(c.time()), 60);
}

#[test]
fn every_update_counts_at_least_1ms_even_if_real_time_stood_still() {
    let mut c = running(7.0);
    for _ in 0..3 {
        c.update_time(7.0);
    }
    assert_eq!(ms(c.real_time()), 3);
}

#[test]
fn negative_speed_runs_sim_time_backwards_and_real_time_forwards() {
    let mut c = running(0.0);
    c.update_time(40.0);
    c.set_speed(Speed::from_num(-0.5), 40.0);
    c.update_time(80.0);
    assert_eq!(ms(c.time()), 20);
    assert_eq!(ms(c.real_time()), 80);
}

#[test]
fn a_speed_change_first_counts_the_time_elapsed_at_the_old_speed() {
    let mut c = running(0.0);
    c.set_speed(Speed::from_num(3), 10.0);
    c.set_speed(Speed::ZERO, 20.0);
    c.update_time(40.0);
    assert_eq!(ms(c.time()), 40);
    assert_eq!(c.speed(), Speed::ZERO);
}

#[test]
fn only_a_running_clock_advances() {
    let mut c = Clock::new();
    c.update_time(30.0);
    assert_eq!(c.state(), ClockState::Init);
    c.start(30.0);
    c.pause(40.0);
    c.update_time(45.0);
    assert_eq!(c.state(), ClockState::Paused);
    assert_eq!(ms(c.time()), 10);
    c.stop(50.0);
    c.update_time(60.0);
    assert_eq!((c.state(), ms(c.time())), (ClockState::Stopped, 10));
}

#[test]
fn a_real_time_that_is_not_a_number_is_ignored() {
    let mut c = running(0.0);
    c.update_time(f64::NAN);
    c.update_time(f64::INFINITY);
    assert_eq!(c.time(), SimTime::ZERO);
    c.update_time(10.0);
    assert_eq!(ms(c.time()), 10);
}

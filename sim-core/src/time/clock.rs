//! [`Clock`]: turns real elapsed milliseconds into simulation time, at a chosen speed.

use super::SimTime;
use fixed::types::I48F16;

/// Simulation speed: sim-seconds per real second. May be zero (frozen) or negative (rewind).
pub type Speed = I48F16;

/// Real time per update is clamped to this many milliseconds, so a stall (a hidden browser
/// tab, a debugger) does not make the simulation leap forward.
const MAX_TICK_MS: f64 = 50.0;
/// Every update advances real time by at least this many milliseconds, so the clock never
/// stalls when it is asked twice within the same millisecond.
const MIN_TICK_MS: f64 = 1.0;

/// What the clock is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ClockState {
    /// Made, not started yet.
    #[default]
    Init,
    /// Advancing with real time.
    Running,
    /// Holding its time; `resume` continues from here.
    Paused,
    /// Finished; `start` begins again from zero.
    Stopped,
}

/// Keeps simulation time and real time.
///
/// The caller passes the real time in milliseconds (a `requestAnimationFrame` timestamp in
/// the browser, a counter in tests); the clock never reads a system clock. Each
/// [`Clock::update_time`] adds the real time since the previous update, clamped to
/// 1..=50 ms, to [`Clock::real_time`], and that span times the speed to [`Clock::time`].
#[derive(Debug, Clone)]
pub struct Clock {
    state: ClockState,
    speed: Speed,
    /// Simulation time, seconds.
    sim_time: SimTime,
    /// Real time the clock has run, seconds, unaffected by speed.
    real_time: SimTime,
    /// The caller's real time at the last update, milliseconds; `None` before the first.
    last_check_ms: Option<f64>,
}

impl Default for Clock {
    fn default() -> Self {
        Clock::new()
    }
}

impl Clock {
    /// A clock at time zero, speed 1, in [`ClockState::Init`].
    pub fn new() -> Self {
        Clock {
            state: ClockState::Init,
            speed: Speed::ONE,
            sim_time: SimTime::ZERO,
            real_time: SimTime::ZERO,
            last_check_ms: None,
        }
    }

    /// The current state.
    pub fn state(&self) -> ClockState {
        self.state
    }

    /// Simulation time, scaled by speed.
    pub fn time(&self) -> SimTime {
        self.sim_time
    }

    /// Real time the clock has been running, unaffected by speed.
    pub fn real_time(&self) -> SimTime {
        self.real_time
    }

    /// Sim-seconds per real second.
    pub fn speed(&self) -> Speed {
        self.speed
    }

    /// Starts running at real time `now_ms`. From `Stopped`, time begins again at zero.
    pub fn start(&mut self, now_ms: f64) {
        if self.state == ClockState::Stopped {
            self.sim_time = SimTime::ZERO;
            self.real_time = SimTime::ZERO;
        }
        self.state = ClockState::Running;
        self.last_check_ms = Some(now_ms);
    }

    /// Brings time up to `now_ms` (at most 50 ms more), then holds it.
    pub fn pause(&mut self, now_ms: f64) {
        if self.state == ClockState::Running {
            self.catch_up(now_ms);
            self.state = ClockState::Paused;
        }
    }

    /// Continues from a pause; the paused span does not count.
    pub fn resume(&mut self, now_ms: f64) {
        if self.state == ClockState::Paused {
            self.state = ClockState::Running;
            self.last_check_ms = Some(now_ms);
        }
    }

    /// Brings time up to `now_ms` and stops; times are kept until the next `start`.
    pub fn stop(&mut self, now_ms: f64) {
        self.catch_up(now_ms);
        self.state = ClockState::Stopped;
    }

    /// Changes the speed, first bringing time up to `now_ms` at the old speed.
    pub fn set_speed(&mut self, speed: Speed, now_ms: f64) {
        self.catch_up(now_ms);
        self.speed = speed;
    }

    /// Sets the simulation time directly (a reset, or a single step while paused).
    pub fn set_time(&mut self, time: SimTime) {
        self.sim_time = time;
    }

    /// Advances by the real time since the last update, clamped to 1..=50 ms, if running.
    /// A `now_ms` that is not finite is ignored.
    pub fn update_time(&mut self, now_ms: f64) {
        self.advance(now_ms, MIN_TICK_MS);
    }

    /// Brings time up to `now_ms` without the 1 ms minimum: `pause`, `stop` and `set_speed`
    /// catch up on what really elapsed, which may be nothing.
    fn catch_up(&mut self, now_ms: f64) {
        self.advance(now_ms, 0.0);
    }

    fn advance(&mut self, now_ms: f64, min_ms: f64) {
        if self.state != ClockState::Running || !now_ms.is_finite() {
            return;
        }
        let last = self.last_check_ms.unwrap_or(now_ms);
        let elapsed_ms = (now_ms - last).clamp(min_ms, MAX_TICK_MS);
        self.last_check_ms = Some(now_ms);
        // 1..=50 ms always converts; the fallback keeps this total anyway.
        let elapsed = SimTime::from_f64(elapsed_ms / 1000.0).unwrap_or(SimTime::ZERO);
        self.real_time = self.real_time.saturating_add(elapsed);
        self.sim_time = self
            .sim_time
            .saturating_add(elapsed.saturating_mul(self.speed));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(t: SimTime) -> i64 {
        t.to_millis()
    }

    #[test]
    fn elapsed_real_time_is_clamped_to_50ms() {
        let mut c = Clock::new();
        c.start(0.0);
        c.update_time(10_000.0);
        assert_eq!(ms(c.time()), 50);
        assert_eq!(ms(c.real_time()), 50);
    }

    #[test]
    fn an_update_advances_at_least_1ms() {
        let mut c = Clock::new();
        c.start(100.0);
        c.update_time(100.0);
        c.update_time(99.0);
        assert_eq!(ms(c.real_time()), 2);
    }

    #[test]
    fn negative_speed_runs_backwards_but_real_time_forward() {
        let mut c = Clock::new();
        c.start(0.0);
        c.set_speed(Speed::from_num(-2), 0.0);
        c.update_time(20.0);
        assert_eq!(ms(c.time()), -40);
        assert_eq!(ms(c.real_time()), 20);
    }

    #[test]
    fn set_speed_first_brings_time_up_to_date() {
        let mut c = Clock::new();
        c.start(0.0);
        c.set_speed(Speed::from_num(4), 40.0);
        assert_eq!(ms(c.time()), 40);
        c.update_time(50.0);
        assert_eq!(ms(c.time()), 80);
    }

    #[test]
    fn paused_span_does_not_count() {
        let mut c = Clock::new();
        c.start(0.0);
        c.pause(30.0);
        c.update_time(40.0);
        c.resume(1_000.0);
        c.update_time(1_020.0);
        assert_eq!(ms(c.time()), 50);
        assert_eq!(c.state(), ClockState::Running);
    }

    #[test]
    fn start_after_stop_begins_at_zero() {
        let mut c = Clock::new();
        c.start(0.0);
        c.update_time(30.0);
        c.stop(30.0);
        assert_eq!(ms(c.time()), 30);
        c.start(500.0);
        assert_eq!(c.time(), SimTime::ZERO);
    }

    #[test]
    fn zero_speed_freezes_sim_time() {
        let mut c = Clock::new();
        c.start(0.0);
        c.set_speed(Speed::ZERO, 0.0);
        c.update_time(30.0);
        assert_eq!(c.time(), SimTime::ZERO);
        assert_eq!(ms(c.real_time()), 30);
    }
}

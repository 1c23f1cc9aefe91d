//! [`Clock`]: turns real elapsed milliseconds into simulation time, at a chosen speed.

use super::SimTime;
use fixed::types::I48F16;

/// Simulation speed: sim-seconds per real second. May be zero (frozen) or negative (rewind).
pub type Speed = I48F16;

/// Real time per update is clamped to this many milliseconds, so a stall (a hidden browser
/// tab, a debugger) does not make the simulation leap forward.
const MAX_TICK_MS: i64 = 50;
/// Every update advances real time by at least this many milliseconds, so the clock never
/// stalls when it is asked twice within the same millisecond.
const MIN_TICK_MS: i64 = 1;

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
/// the browser, a counter in tests); the clock never reads a system clock. As openage's
/// clock does, it counts in exact units and converts only when asked: each caller time is
/// read as whole milliseconds, each [`Clock::update_time`] adds the whole milliseconds since
/// the previous update (clamped to 1..=50) to a count of real time, and simulation time is
/// the time at the start of the current span at one speed plus that span's milliseconds
/// times the speed. So updates that add up to a second of real time read one second (to a
/// unit of [`SimTime`]) however many there were, and no rounding builds up over a lesson.
#[derive(Debug, Clone)]
pub struct Clock {
    state: ClockState,
    speed: Speed,
    /// Simulation time at the start of the current span (since the last speed change,
    /// `set_time` or start).
    span_start: SimTime,
    /// Real milliseconds run in the current span.
    span_ms: i64,
    /// Real milliseconds the clock has run, unaffected by speed.
    real_ms: i64,
    /// The caller's real time at the last update, whole milliseconds; `None` before the
    /// first.
    last_check_ms: Option<i64>,
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
            span_start: SimTime::ZERO,
            span_ms: 0,
            real_ms: 0,
            last_check_ms: None,
        }
    }

    /// The current state.
    pub fn state(&self) -> ClockState {
        self.state
    }

    /// Simulation time, scaled by speed: the span's milliseconds times the speed, rounded
    /// to the nearest unit once, added to where the span started.
    pub fn time(&self) -> SimTime {
        // ms × speed bits (1/65536) / 1000 = SimTime bits (1/65536 s); i128 holds any product.
        let bits = rounded_div(
            i128::from(self.span_ms) * i128::from(self.speed.to_bits()),
            1000,
        );
        let span = SimTime::from_bits(i64::try_from(bits).unwrap_or(if bits < 0 {
            i64::MIN
        } else {
            i64::MAX
        }));
        self.span_start.saturating_add(span)
    }

    /// Real time the clock has been running, unaffected by speed.
    pub fn real_time(&self) -> SimTime {
        SimTime::from_millis(self.real_ms).unwrap_or(SimTime::MAX)
    }

    /// Sim-seconds per real second.
    pub fn speed(&self) -> Speed {
        self.speed
    }

    /// Starts running at real time `now_ms`. From `Stopped`, time begins again at zero.
    pub fn start(&mut self, now_ms: f64) {
        if self.state == ClockState::Stopped {
            self.rebase(SimTime::ZERO);
            self.real_ms = 0;
        }
        self.state = ClockState::Running;
        self.last_check_ms = whole_ms(now_ms);
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
            self.last_check_ms = whole_ms(now_ms);
        }
    }

    /// Brings time up to `now_ms` and stops; times are kept until the next `start`.
    pub fn stop(&mut self, now_ms: f64) {
        self.catch_up(now_ms);
        self.state = ClockState::Stopped;
    }

    /// Changes the speed, first bringing time up to `now_ms` at the old speed; a new span
    /// begins at the time reached.
    pub fn set_speed(&mut self, speed: Speed, now_ms: f64) {
        self.catch_up(now_ms);
        self.rebase(self.time());
        self.speed = speed;
    }

    /// Sets the simulation time directly (a reset, or a single step while paused).
    pub fn set_time(&mut self, time: SimTime) {
        self.rebase(time);
    }

    /// Advances by the real time since the last update, clamped to 1..=50 ms, if running.
    /// A `now_ms` that is not finite is ignored.
    pub fn update_time(&mut self, now_ms: f64) {
        self.advance(now_ms, MIN_TICK_MS);
    }

    /// Brings time up to `now_ms` without the 1 ms minimum: `pause`, `stop` and `set_speed`
    /// catch up on what really elapsed, which may be nothing.
    fn catch_up(&mut self, now_ms: f64) {
        self.advance(now_ms, 0);
    }

    /// Starts a new span at `time`.
    fn rebase(&mut self, time: SimTime) {
        self.span_start = time;
        self.span_ms = 0;
    }

    fn advance(&mut self, now_ms: f64, min_ms: i64) {
        let Some(now) = whole_ms(now_ms) else { return };
        if self.state != ClockState::Running {
            return;
        }
        let last = self.last_check_ms.unwrap_or(now);
        let elapsed = now.saturating_sub(last).clamp(min_ms, MAX_TICK_MS);
        self.last_check_ms = Some(now);
        self.real_ms = self.real_ms.saturating_add(elapsed);
        self.span_ms = self.span_ms.saturating_add(elapsed);
    }
}

/// A caller's time as whole milliseconds (to the nearest); `None` when it is not finite.
fn whole_ms(ms: f64) -> Option<i64> {
    // `as` saturates for huge values, which the clamps then bound.
    ms.is_finite().then(|| ms.round() as i64)
}

/// `n / d` rounded to the nearest, halves away from zero, for `d > 0`.
fn rounded_div(n: i128, d: i128) -> i128 {
    if n >= 0 {
        (n + d / 2) / d
    } else {
        (n - d / 2) / d
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

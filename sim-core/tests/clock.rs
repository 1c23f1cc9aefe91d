//! Behaviour of the clock: clamped real time per update, speed (zero and negative), and
//! the states.

use sim_core::{Clock, ClockState, SimTime, Speed};

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

/// Updates at `now` (ms, possibly fractional) starting from 0, at `speed`.
fn after_updates(speed: f64, times: impl IntoIterator<Item = f64>) -> Clock {
    let mut c = running(0.0);
    c.set_speed(Speed::from_num(speed), 0.0);
    for t in times {
        c.update_time(t);
    }
    c
}

/// Updates that add up to one second of real time read one second of it, times the speed,
/// to one unit of SimTime, however the second was cut up (the openage clock's promise).
#[test]
fn a_second_of_updates_reads_one_second_at_any_speed() {
    let patterns: [(&str, Vec<f64>); 4] = [
        ("33/33/34 ms frames", {
            let mut t = 0.0;
            (0..30)
                .map(|i| {
                    t += [33.0, 33.0, 34.0][i % 3];
                    t
                })
                .collect()
        }),
        (
            "30 frames 1000/30 ms apart",
            (1..=30).map(|i| f64::from(i) * 1000.0 / 30.0).collect(),
        ),
        (
            "60 frames 1000/60 ms apart",
            (1..=60).map(|i| f64::from(i) * 1000.0 / 60.0).collect(),
        ),
        (
            "1000 updates 1 ms apart",
            (1..=1000).map(f64::from).collect(),
        ),
    ];
    for speed in [1.0, 0.25, 8.0, -1.0] {
        for (label, times) in &patterns {
            let c = after_updates(speed, times.iter().copied());
            let want = SimTime::from_fixed(Speed::from_num(speed));
            let off = (c.time().to_bits() - want.to_bits()).abs();
            assert!(
                off <= 1,
                "{label} at speed {speed}: {:?} is {off} units off",
                c.time()
            );
            assert_eq!(c.real_time(), SimTime::from_secs(1), "{label} at {speed}");
        }
    }
}

/// A 45-minute lesson at 60 frames a second reads 45 minutes exactly.
#[test]
fn a_lesson_does_not_drift() {
    let frames = 45 * 60 * 60;
    let c = after_updates(1.0, (1..=frames).map(|i| f64::from(i) * 1000.0 / 60.0));
    assert_eq!(c.time(), SimTime::from_secs(45 * 60));
}

mod model {
    //! The clock against an exact model of its rules: every caller time read as whole
    //! milliseconds, each update's span clamped to 1..=50 ms (pauses, stops and speed
    //! changes without the 1 ms minimum), sim time the exact sum of span × speed. The clock
    //! may differ from the model only by its one rounding per span at one speed.

    use super::*;
    use proptest::prelude::*;

    #[derive(Debug, Clone)]
    enum Op {
        Update(f64),
        Speed(f64, f64),
        Pause(f64),
        Resume(f64),
        SetTime(i32),
    }

    fn op() -> impl Strategy<Value = Op> {
        let gap = 0.0..80.0f64;
        prop_oneof![
            6 => gap.clone().prop_map(Op::Update),
            1 => (prop::sample::select(vec![1.0, 0.25, 8.0, -1.0, 0.0, 2.5]), gap.clone())
                .prop_map(|(s, g)| Op::Speed(s, g)),
            1 => gap.clone().prop_map(Op::Pause),
            1 => (0.0..5_000.0f64).prop_map(Op::Resume),
            1 => (-100..100i32).prop_map(Op::SetTime),
        ]
    }

    /// The model: exact sim time in units of 1/(65536 × 1000) s.
    struct Model {
        running: bool,
        last: i64,
        speed_bits: i64,
        exact: i128,
        real_ms: i64,
        /// Roundings the clock may have made since the model's time was last set.
        roundings: i128,
    }

    impl Model {
        fn advance(&mut self, now: f64, min: i64) {
            if !self.running {
                return;
            }
            let now = now.round() as i64;
            let span = (now - self.last).clamp(min, 50);
            self.last = now;
            self.real_ms += span;
            self.exact += i128::from(span) * i128::from(self.speed_bits);
        }
    }

    proptest! {
        #[test]
        fn the_clock_keeps_the_models_time(ops in prop::collection::vec(op(), 1..300)) {
            let mut clock = running(0.0);
            let mut m = Model { running: true, last: 0, speed_bits: 65_536, exact: 0, real_ms: 0, roundings: 0 };
            let mut now = 0.0;
            for op in ops {
                match op {
                    Op::Update(gap) => {
                        now += gap;
                        clock.update_time(now);
                        m.advance(now, 1);
                    }
                    Op::Speed(speed, gap) => {
                        now += gap;
                        clock.set_speed(Speed::from_num(speed), now);
                        m.advance(now, 0);
                        m.speed_bits = Speed::from_num(speed).to_bits();
                        m.roundings += 1;
                    }
                    Op::Pause(gap) => {
                        now += gap;
                        clock.pause(now);
                        m.advance(now, 0);
                        m.running = false;
                    }
                    Op::Resume(gap) => {
                        now += gap;
                        clock.resume(now);
                        if !m.running {
                            m.running = true;
                            m.last = now.round() as i64;
                        }
                    }
                    Op::SetTime(secs) => {
                        clock.set_time(SimTime::from_secs(secs));
                        m.exact = i128::from(secs) * 65_536 * 1000;
                        m.roundings = 0;
                    }
                }
                let got = i128::from(clock.time().to_bits()) * 1000;
                let slack = 500 * (m.roundings + 1);
                prop_assert!((got - m.exact).abs() <= slack, "clock {} vs model {} (slack {slack})", got, m.exact);
                prop_assert_eq!(clock.real_time(), SimTime::from_millis(m.real_ms).unwrap());
            }
        }
    }
}

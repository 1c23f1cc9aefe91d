//! The walking-skeleton model: a few agents whose positions are a pure function of
//! simulation time. It exists to prove the clock, controls and canvas end to end, and is
//! replaced by the real engine.

use sim_core::time::SimTime;

/// One drawable agent: world position (origin at the stage centre), radius and colour.
#[derive(Debug, Clone, PartialEq)]
pub struct Dot {
    pub x: f64,
    pub y: f64,
    pub radius: f64,
    pub color: &'static str,
}

const COLORS: [&str; 6] = [
    "#e4572e", "#17bebb", "#ffc914", "#76b041", "#7e5bef", "#2e86de",
];

/// Where the skeleton's agents are at simulation time `t`: six agents on circular paths of
/// different radii and angular speeds (radians per sim-second).
pub fn dots_at(t: SimTime) -> Vec<Dot> {
    let secs = t.to_f64();
    COLORS
        .iter()
        .enumerate()
        .map(|(i, color)| {
            let k = i as f64;
            let orbit = 80.0 + 50.0 * k;
            let angle = secs * (0.9 - 0.12 * k) + k;
            Dot {
                x: orbit * angle.cos(),
                y: orbit * angle.sin(),
                radius: 18.0,
                color,
            }
        })
        .collect()
}

//! The walking-skeleton model: a few agents whose positions are a pure function of
//! simulation time. It exists to prove the clock, controls and canvas end to end, and is
//! replaced by the real engine.

use crate::render::{Art, Costumes, RenderAgent};
use sim_core::time::SimTime;

/// The skeleton's agents: side-view art turns by flipping, top-view art by rotating.
const CAST: [(Art, bool); 6] = [
    (Art::Fish, false),
    (Art::Moth, true),
    (Art::Bee, true),
    (Art::Fish, false),
    (Art::Bunny, false),
    (Art::Moth, true),
];

/// Fills `agents` with where the skeleton's agents are at simulation time `t`: six agents on
/// circular paths of different radii and angular speeds (radians per sim-second), each facing
/// the way it moves.
pub fn agents_at(t: SimTime, agents: &mut Vec<RenderAgent>) {
    let secs = t.to_f64();
    agents.clear();
    agents.extend(CAST.iter().enumerate().map(|(i, &(art, rotates))| {
        let k = i as f64;
        let orbit = 80.0 + 50.0 * k;
        let speed = 0.9 - 0.12 * k;
        let angle = secs * speed + k;
        let mut agent = RenderAgent::new(
            i as u32,
            orbit * angle.cos(),
            orbit * angle.sin(),
            Costumes::of_art(art),
        );
        // Moving counter-clockwise, an agent heads a quarter turn ahead of its angle.
        let heading = angle + std::f64::consts::FRAC_PI_2;
        if rotates {
            agent.rotation_deg = heading.to_degrees();
        } else {
            agent.flip_x = heading.cos() < 0.0;
        }
        agent
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_move_with_time_and_face_their_way() {
        let mut at_zero = Vec::new();
        let mut later = Vec::new();
        agents_at(SimTime::ZERO, &mut at_zero);
        agents_at(SimTime::from_f64(1.0).unwrap(), &mut later);
        assert_eq!(at_zero.len(), CAST.len());
        assert!(at_zero
            .iter()
            .zip(&later)
            .all(|(a, b)| (a.x, a.y) != (b.x, b.y)));
        // The first fish starts at angle 0 heading straight up: not flipped.
        assert!(!at_zero[0].flip_x);
        // The moth at angle 1 rad heads 1 rad + 90°.
        assert!((at_zero[1].rotation_deg - (1.0f64.to_degrees() + 90.0)).abs() < 1e-9);
    }
}

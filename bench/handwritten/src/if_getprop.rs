//! The realistic suite's *if-getprop* pattern (`bench/stepwise-runner/src/patterns.rs`),
//! hand-written: `n` Fish from random places on the benchmark world (a square of
//! [`side_for`]`(n)` cells of 10 stage units, centred on the origin, wrapping), heading east,
//! in costume pose 0, with energy `Math.random() * 100`. Every tick, as Stepwise runs the
//! phases, each fish first runs its update program:
//!
//! ```text
//! prop energy sub 0.5
//! ifExpr {{ agent.getProp('energy').value < 1 }} [[ prop energy setTo 100 ]]
//! ifExpr {{ agent.getProp('energy').value > 50 }} [[ featCall Costume setPose 0 ]]
//! ifExpr {{ agent.getProp('energy').value < 50 }} [[ featCall Costume setPose 1 ]]
//! ifExpr {{ agent.getProp('energy').value < 20 }} [[ featCall Costume setPose 2 ]]
//! ```
//!
//! each test reading the energy as the statements before it left it, so a fish at exactly 50
//! keeps the pose it had (it gets there 100 ticks after each reset to 100, its energy then a
//! multiple of 0.5); then it moves by GEMSTEP's `wander`, one unit a tick
//! ([`crate::wander`]). The energy has no limits (`addProp` sets none), and the pose is the
//! costume's frame, a whole number here, so it is kept as one.

use crate::side_for;
use crate::stage::{Edges, Stage};
use crate::wander::Wanderers;
use rand_pcg::rand_core::SeedableRng;
use rand_pcg::Pcg32;

/// Stage units per cell of the benchmark world.
const CELL: f64 = 10.0;
/// How far a wanderer moves a tick (`featProp Movement distance setTo 1`).
const DISTANCE: f64 = 1.0;
/// The highest starting energy (`Math.random() * 100`), and the energy a reset gives.
const FULL: f64 = 100.0;
/// The energy used each tick (`prop energy sub 0.5`).
const USE: f64 = 0.5;

/// The if-getprop world.
#[derive(Debug, Clone)]
pub struct IfGetprop {
    stage: Stage,
    rng: Pcg32,
    fish: Wanderers,
    energy: Vec<f64>,
    /// The costume's pose: 0, 1 or 2.
    pose: Vec<u8>,
}

impl IfGetprop {
    /// `n` fish (at least one), placed and given their energy from `seed`.
    pub fn new(n: usize, seed: u64) -> IfGetprop {
        let n = n.max(1);
        let side = side_for(n) * CELL;
        let stage = Stage::centred_square(side, Edges::Wrap);
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut fish = Wanderers::with_capacity(n);
        let mut energy = Vec::with_capacity(n);
        for _ in 0..n {
            let x = stage.left + crate::unit(&mut rng) * side;
            let y = stage.top + crate::unit(&mut rng) * side;
            fish.push(x, y, 0.0);
            energy.push(crate::unit(&mut rng) * FULL);
        }
        IfGetprop {
            stage,
            rng,
            fish,
            energy,
            pose: vec![0; n],
        }
    }

    /// One tick: every fish's update program, then its move.
    pub fn step(&mut self) {
        for (energy, pose) in self.energy.iter_mut().zip(&mut self.pose) {
            (*energy, *pose) = update(*energy, *pose);
        }
        self.fish.step(&mut self.rng, DISTANCE, &self.stage);
    }

    /// How many fish there are.
    pub fn len(&self) -> usize {
        self.energy.len()
    }

    /// Whether there are no fish (never: there is at least one).
    pub fn is_empty(&self) -> bool {
        self.energy.is_empty()
    }

    /// The side of the square world, in stage units.
    pub fn side(&self) -> f64 {
        self.stage.right - self.stage.left
    }

    /// Fish `i`'s place, if there is a fish `i`.
    pub fn position(&self, i: usize) -> Option<(f64, f64)> {
        Some((*self.fish.xs.get(i)?, *self.fish.ys.get(i)?))
    }

    /// The fish's mean energy.
    pub fn mean_energy(&self) -> f64 {
        self.energy.iter().sum::<f64>() / self.len() as f64
    }

    /// How many fish are in poses 0, 1 and 2.
    pub fn pose_counts(&self) -> [usize; 3] {
        let mut counts = [0; 3];
        for &pose in &self.pose {
            counts[usize::from(pose)] += 1;
        }
        counts
    }
}

/// One fish's update program: its energy and pose after it, from those before.
#[inline]
fn update(energy: f64, pose: u8) -> (f64, u8) {
    let e = energy - USE;
    let e = if e < 1.0 { FULL } else { e };
    // The three pose tests in turn: each later one that passes wins (below 20 both `< 50`
    // and `< 20` pass), and at exactly 50 none does. Worked out without branches: the
    // energies differ from fish to fish, so the processor could not predict them.
    let (below_50, below_20) = (u8::from(e < 50.0), u8::from(e < 20.0));
    let at_50 = u8::from(e == 50.0);
    (e, below_50 + below_20 + at_50 * pose)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The update program statement by statement, as written.
    fn as_written(energy: f64, pose: u8) -> (f64, u8) {
        let (mut e, mut p) = (energy, pose);
        e -= 0.5;
        if e < 1.0 {
            e = 100.0;
        }
        if e > 50.0 {
            p = 0;
        }
        if e < 50.0 {
            p = 1;
        }
        if e < 20.0 {
            p = 2;
        }
        (e, p)
    }

    #[test]
    fn the_update_does_what_the_statements_do_in_turn() {
        for start in [0.0, 0.3, 0.7, 1.0, 1.5, 19.9, 20.5, 49.7, 50.5, 50.7, 99.99] {
            for pose in 0..3 {
                let (mut ours, mut theirs) = ((start, pose), (start, pose));
                for _ in 0..400 {
                    ours = update(ours.0, ours.1);
                    theirs = as_written(theirs.0, theirs.1);
                    assert_eq!(ours, theirs, "from {start}, pose {pose}");
                }
            }
        }
    }

    #[test]
    fn a_reset_fish_keeps_its_pose_at_exactly_50_and_runs_a_199_tick_cycle() {
        let (mut e, mut pose) = update(1.2, 2);
        assert_eq!((e, pose), (100.0, 0));
        for tick in 1..=199 {
            (e, pose) = update(e, pose);
            let expected = match tick {
                100 => (50.0, 0),
                198 => (1.0, 2),
                199 => (100.0, 0),
                _ => (e, pose),
            };
            assert_eq!((e, pose), expected, "tick {tick}");
        }
        assert_eq!(update(50.5, 1), (50.0, 1));
    }

    #[test]
    fn every_fish_runs_its_program_each_tick_and_moves_its_distance() {
        let mut world = IfGetprop::new(500, 4);
        let before = world.clone();
        world.step();
        let side = world.side();
        for i in 0..world.len() {
            assert_eq!(
                (world.energy[i], world.pose[i]),
                as_written(before.energy[i], before.pose[i])
            );
            let (Some((x0, y0)), Some((x1, y1))) = (before.position(i), world.position(i)) else {
                panic!("fish {i} vanished");
            };
            let dx = (x1 - x0 + side / 2.0).rem_euclid(side) - side / 2.0;
            let dy = (y1 - y0 + side / 2.0).rem_euclid(side) - side / 2.0;
            assert!(((dx * dx + dy * dy).sqrt() - DISTANCE).abs() < 1e-9);
        }
        assert_eq!(world.pose_counts().iter().sum::<usize>(), 500);
    }
}

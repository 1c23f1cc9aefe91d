//! The realistic suite's *pair-props* pattern (`bench/stepwise-runner/src/patterns.rs`),
//! hand-written: Fish and Algae, half each, from random places on the benchmark world (a
//! square of [`side_for`]`(n)` cells of 10 stage units, centred on the origin, wrapping),
//! heading east with energy 50. Every tick each agent moves by GEMSTEP's `wander`, one unit
//! a tick ([`crate::wander`]); then `when Fish isCloseTo Algae 10` passes for every ordered
//! (fish, algae) pair whose centres are at most 10 units apart (not across the wrap edge),
//! and each passing pair adds 1 to the fish's energy and takes 1 from the algae's.
//!
//! The pairs come from a grid of the algae with cells twice the distance wide, so the box a
//! fish searches spans at most two rows of two cells: two runs of memory to scan, which
//! measured faster than three runs of cells as wide as the distance (fewer, longer loops;
//! their lengths are what the processor cannot predict). A fish adds its count of pairs to
//! its energy, and each algae's count is gathered in cell order and taken from its energy
//! once: whole numbers, so the sums are exactly what adding and taking 1 per pair gives.

use crate::grid::count_and_mark;
use crate::pair_grid::PairGrid;
use crate::stage::Stage;
use crate::wander::{fish_and_algae, Wanderers};
use rand_pcg::Pcg32;

/// Stage units per cell of the benchmark world.
const CELL: f64 = 10.0;
/// `isCloseTo`'s distance, centre to centre.
const CLOSE: f64 = 10.0;
/// How far a wanderer moves a tick (`featProp Movement distance setTo 1`).
const DISTANCE: f64 = 1.0;
/// Every agent's starting energy (`addProp energy Number 50`).
const START_ENERGY: f64 = 50.0;

/// The pair-props world.
#[derive(Debug, Clone)]
pub struct PairProps {
    stage: Stage,
    rng: Pcg32,
    fish: Wanderers,
    algae: Wanderers,
    fish_energy: Vec<f64>,
    algae_energy: Vec<f64>,
    /// The algae by place, in cells `2 × CLOSE` wide.
    grid: PairGrid,
    /// By grid slot: how many fish were close to the algae there this tick.
    near_fish: Vec<u32>,
}

impl PairProps {
    /// `n` agents (at least one of each kind), placed from `seed`.
    pub fn new(n: usize, seed: u64) -> PairProps {
        let (stage, side, rng, [fish, algae]) = fish_and_algae(n, seed, CELL);
        let (fish_count, algae_count) = (fish.xs.len(), algae.xs.len());
        PairProps {
            stage,
            rng,
            fish,
            algae,
            fish_energy: vec![START_ENERGY; fish_count],
            algae_energy: vec![START_ENERGY; algae_count],
            grid: PairGrid::new(stage.left, stage.top, side, side, 2.0 * CLOSE, algae_count),
            near_fish: vec![0; algae_count],
        }
    }

    /// One tick: wander, then the rule; returns how many pairs passed.
    pub fn step(&mut self) -> u64 {
        self.fish.step(&mut self.rng, DISTANCE, &self.stage);
        self.algae.step(&mut self.rng, DISTANCE, &self.stage);
        self.grid
            .rebuild(&self.algae.xs, &self.algae.ys, &[], |_| true);
        let grid = &self.grid;
        let near_fish = &mut self.near_fish;
        near_fish.fill(0);
        let reach = CLOSE * CLOSE;
        let mut pairs = 0u64;
        let fish = self.fish.xs.iter().zip(&self.fish.ys);
        for ((&x, &y), energy) in fish.zip(&mut self.fish_energy) {
            let mut near = 0;
            for run in grid.runs(x, y, CLOSE, CLOSE) {
                let (xs, ys) = (&grid.xs()[run.clone()], &grid.ys()[run.clone()]);
                near += count_and_mark(xs, ys, &mut near_fish[run], x, y, reach);
            }
            *energy += f64::from(near);
            pairs += u64::from(near);
        }
        for (k, &count) in near_fish.iter().enumerate() {
            self.algae_energy[grid.member(k)] -= f64::from(count);
        }
        pairs
    }

    /// How many agents there are.
    pub fn len(&self) -> usize {
        self.fish.len() + self.algae.len()
    }

    /// Whether there are no agents (never: there is at least one of each kind).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many fish and how many algae there are.
    pub fn counts(&self) -> (usize, usize) {
        (self.fish.len(), self.algae.len())
    }

    /// The sum of the fish's energies and the sum of the algae's.
    pub fn energy_totals(&self) -> (f64, f64) {
        (
            self.fish_energy.iter().sum(),
            self.algae_energy.iter().sum(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_within_the_distance_passes_once_and_changes_both_energies() {
        let mut world = PairProps::new(600, 9);
        for _ in 0..3 {
            let before = world.clone();
            let pairs = world.step();
            // All ordered (fish, algae) pairs, measured plainly after the same move.
            let mut moved = before;
            moved.fish.step(&mut moved.rng, DISTANCE, &moved.stage);
            moved.algae.step(&mut moved.rng, DISTANCE, &moved.stage);
            let mut expected = 0;
            for f in 0..moved.fish.len() {
                let mut gained = 0.0;
                for a in 0..moved.algae.len() {
                    let dx = moved.fish.xs[f] - moved.algae.xs[a];
                    let dy = moved.fish.ys[f] - moved.algae.ys[a];
                    if (dx * dx + dy * dy).sqrt() <= CLOSE {
                        gained += 1.0;
                        moved.algae_energy[a] -= 1.0;
                        expected += 1;
                    }
                }
                moved.fish_energy[f] += gained;
            }
            assert_eq!(pairs, expected);
            assert_eq!(world.fish_energy, moved.fish_energy);
            assert_eq!(world.algae_energy, moved.algae_energy);
        }
    }
}

//! The realistic suite's *physics-touches* pattern (`bench/stepwise-runner/src/patterns.rs`),
//! hand-written: Fish and Algae, half each, from random places on the benchmark world (a
//! square of [`side_for`]`(n)` cells of 10 stage units, centred on the origin, wrapping),
//! heading east with energy 50, each with a Physics body of GEMSTEP's default size (the
//! script sets none: 32 units square, `DEFAULT_BODY` in sim-core's `physics.rs`). Every tick
//! each agent moves by GEMSTEP's `wander`, one unit a tick ([`crate::wander`]); then `when
//! Fish touches Algae` passes, as Stepwise tests Touches' `b2b`, for every ordered (fish,
//! algae) pair whose boxes overlap, edges included: centres at most 16 + 16 units apart
//! across and at most as far up or down (not across the wrap edge). `touches` has no memory
//! (unlike `firstTouches`), so a pair passes every tick it touches, and each passing pair
//! adds 1 to the fish's energy and takes 1 from the algae's.
//!
//! Like every `when` rule in Stepwise, it passes at most [`MAX_PAIRS`] pairs a tick: the fish
//! are taken in the agent order, each with its algae in the agent order, and the pairs past
//! the limit are dropped. The benchmark's density gives 8.5 pairs per agent a tick at 1,000
//! agents and 9.2 at 10,000 (a larger world loses less to its edges), so the limit is
//! reached only from about 10,900 agents; there it cuts the same pairs in both systems.
//!
//! The pairs come from a grid of the algae by counting sort ([`PairGrid`]), in cells about
//! as wide as a body, half the box a fish searches: the box then spans two or three rows of
//! two or three cells, more runs of memory than with cells as wide as the box (two of two)
//! but little over half the candidates, and it measured faster than both those and narrower
//! cells (more, shorter runs). A fish adds its count of touching algae to its energy, and
//! each algae's count is gathered in cell order and taken from its energy once: whole
//! numbers, so the sums are exactly what adding and taking 1 per pair gives.

use crate::pair_grid::PairGrid;
use crate::stage::Stage;
use crate::wander::{fish_and_algae, Wanderers};
use rand_pcg::Pcg32;

/// Stage units per cell of the benchmark world.
const CELL: f64 = 10.0;
/// A body's half width and half height: GEMSTEP's costume size, 32, halved.
const HALF_BODY: f64 = 32.0 / 2.0;
/// How far apart two centres may be, across and up or down, for the boxes to touch.
const REACH: f64 = HALF_BODY + HALF_BODY;
/// The width of the algae grid's cells.
const GRID_CELL: f64 = 2.0 * HALF_BODY;
/// How far a wanderer moves a tick (`featProp Movement distance setTo 1`).
const DISTANCE: f64 = 1.0;
/// Every agent's starting energy (`addProp energy Number 50`).
const START_ENERGY: f64 = 50.0;
/// The most pairs one rule passes in a tick (sim-core's `MAX_PAIRS_PER_RULE`).
pub const MAX_PAIRS: u64 = 100_000;

/// The physics-touches world.
#[derive(Debug, Clone)]
pub struct PhysicsTouches {
    stage: Stage,
    rng: Pcg32,
    fish: Wanderers,
    algae: Wanderers,
    fish_energy: Vec<f64>,
    algae_energy: Vec<f64>,
    /// The algae by place.
    grid: PairGrid,
    /// By grid slot: how many fish touched the algae there this tick.
    touched_by: Vec<u32>,
    /// The grid slots of the one fish whose pairs reach the limit, while they are cut back.
    cut: Vec<u32>,
    /// The most pairs a tick passes: [`MAX_PAIRS`] (lower in tests of the cut).
    cap: u64,
}

impl PhysicsTouches {
    /// `n` agents (at least one of each kind), placed from `seed`.
    pub fn new(n: usize, seed: u64) -> PhysicsTouches {
        let (stage, side, rng, [fish, algae]) = fish_and_algae(n, seed, CELL);
        let (fish_count, algae_count) = (fish.xs.len(), algae.xs.len());
        PhysicsTouches {
            stage,
            rng,
            fish,
            algae,
            fish_energy: vec![START_ENERGY; fish_count],
            algae_energy: vec![START_ENERGY; algae_count],
            grid: PairGrid::new(stage.left, stage.top, side, side, GRID_CELL, algae_count),
            touched_by: vec![0; algae_count],
            cut: Vec::new(),
            cap: MAX_PAIRS,
        }
    }

    /// One tick: wander, then the rule; returns how many pairs passed.
    pub fn step(&mut self) -> u64 {
        self.fish.step(&mut self.rng, DISTANCE, &self.stage);
        self.algae.step(&mut self.rng, DISTANCE, &self.stage);
        self.touch()
    }

    /// The rule, for the agents where they are now; returns how many pairs passed.
    fn touch(&mut self) -> u64 {
        self.grid
            .rebuild(&self.algae.xs, &self.algae.ys, &[], |_| true);
        let grid = &self.grid;
        let touched_by = &mut self.touched_by;
        touched_by.fill(0);
        let mut pairs = 0u64;
        let fish = self.fish.xs.iter().zip(&self.fish.ys);
        for ((&x, &y), energy) in fish.zip(&mut self.fish_energy) {
            let mut near = 0;
            for run in grid.runs(x, y, REACH, REACH) {
                let (xs, ys) = (&grid.xs()[run.clone()], &grid.ys()[run.clone()]);
                near += count_and_mark_boxes(xs, ys, &mut touched_by[run], x, y);
            }
            let mut near = u64::from(near);
            let full = pairs + near > self.cap;
            if full {
                near = self.cap - pairs;
                keep_first(grid, x, y, near as usize, touched_by, &mut self.cut);
            }
            *energy += near as f64;
            pairs += near;
            if full {
                break;
            }
        }
        for (k, &count) in touched_by.iter().enumerate() {
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

/// How many of the points `(xs[j], ys[j])` have a body touching the body at `(x, y)`; adds
/// one to `counts[j]` for each that does. Branch-free.
#[inline]
fn count_and_mark_boxes(xs: &[f64], ys: &[f64], counts: &mut [u32], x: f64, y: f64) -> u32 {
    let mut hits = 0;
    for ((&px, &py), count) in xs.iter().zip(ys).zip(counts) {
        let hit = u32::from(((px - x).abs() <= REACH) & ((py - y).abs() <= REACH));
        *count += hit;
        hits += hit;
    }
    hits
}

/// The fish at `(x, y)`, whose touches were all just marked in `touched_by`, keeps only its
/// first `keep` algae in the agent order, as Stepwise cuts a rule's pairs at the limit: the
/// others' marks are taken back. `cut` is room for its slots (a fish touches a few dozen).
#[cold]
fn keep_first(
    grid: &PairGrid,
    x: f64,
    y: f64,
    keep: usize,
    touched_by: &mut [u32],
    cut: &mut Vec<u32>,
) {
    cut.clear();
    for run in grid.runs(x, y, REACH, REACH) {
        for k in run {
            let touch = (grid.xs()[k] - x).abs() <= REACH && (grid.ys()[k] - y).abs() <= REACH;
            if touch {
                cut.push(k as u32);
            }
        }
    }
    cut.sort_unstable_by_key(|&k| grid.member(k as usize));
    for &k in cut.iter().skip(keep) {
        touched_by[k as usize] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The world after one tick measured plainly: every ordered (fish, algae) pair after the
    /// same move, in the agent order, cut at the world's limit. Returns the pairs passed.
    fn plain_step(world: &mut PhysicsTouches) -> u64 {
        world.fish.step(&mut world.rng, DISTANCE, &world.stage);
        world.algae.step(&mut world.rng, DISTANCE, &world.stage);
        let mut passed = 0;
        'fish: for f in 0..world.fish.len() {
            for a in 0..world.algae.len() {
                let dx = (world.fish.xs[f] - world.algae.xs[a]).abs();
                let dy = (world.fish.ys[f] - world.algae.ys[a]).abs();
                if dx <= HALF_BODY + HALF_BODY && dy <= HALF_BODY + HALF_BODY {
                    if passed == world.cap {
                        break 'fish;
                    }
                    world.fish_energy[f] += 1.0;
                    world.algae_energy[a] -= 1.0;
                    passed += 1;
                }
            }
        }
        passed
    }

    #[test]
    fn every_pair_of_touching_boxes_passes_every_tick_and_changes_both_energies() {
        for cap in [MAX_PAIRS, 3_000, 1] {
            let mut world = PhysicsTouches::new(600, 9);
            world.cap = cap;
            for _ in 0..3 {
                let mut plain = world.clone();
                let pairs = world.step();
                assert_eq!(pairs, plain_step(&mut plain), "cap {cap}");
                // About 4,800 pairs a tick: the lower limits cut them.
                if cap < MAX_PAIRS {
                    assert_eq!(pairs, cap);
                } else {
                    assert!(pairs > 3_000, "{pairs} pairs");
                }
                assert_eq!(world.fish_energy, plain.fish_energy, "cap {cap}");
                assert_eq!(world.algae_energy, plain.algae_energy, "cap {cap}");
            }
        }
    }

    #[test]
    fn boxes_touch_up_to_and_including_their_edges_and_not_across_the_wrap() {
        let mut world = PhysicsTouches::new(1_000, 1);
        let (left, right) = (world.stage.left, world.stage.right);
        // One fish, and algae a whole body width away across, up or down, or both (touching),
        // a hair further (not), and just inside the other side of the wrap edge (not).
        world.fish.xs.iter_mut().for_each(|x| *x = right - 1.0);
        world.fish.ys.iter_mut().for_each(|y| *y = 0.0);
        world.fish.xs[0] = left + 1.0;
        let places = [
            (left + 1.0 + REACH, 0.0),
            (left + 1.0, -REACH),
            (left + 1.0 + REACH, REACH),
            (left + 1.0 + REACH + 1e-9, 0.0),
            (left + 1.0, REACH + 1e-9),
            (right - 1.0, 0.0),
        ];
        let (xs, ys) = (&mut world.algae.xs, &mut world.algae.ys);
        xs.iter_mut().for_each(|x| *x = 0.0);
        ys.iter_mut().for_each(|y| *y = 100.0);
        for (k, &(x, y)) in places.iter().enumerate() {
            (xs[k], ys[k]) = (x, y);
        }
        // The other fish sit on the last of them, by the right edge.
        let others = world.fish.len() as u64 - 1;
        assert_eq!(world.touch(), 3 + others);
        assert_eq!(world.fish_energy[0], START_ENERGY + 3.0);
        let algae = &world.algae_energy;
        assert_eq!(algae[..3], [START_ENERGY - 1.0; 3]);
        assert_eq!(algae[3..5], [START_ENERGY; 2]);
        assert_eq!(algae[5], START_ENERGY - others as f64);
    }
}

//! # The hand-written baseline of issue 8's benchmark
//!
//! Workloads Stepwise is measured on, written directly in Rust the way a performance-minded
//! programmer would: one array per field, no per-agent objects, a uniform grid rebuilt by
//! counting sort for every pair search, nothing allocated per tick. It is the practical limit
//! the engine is compared against, so it is tuned, not naive.
//!
//! The two shared workloads, which every system runs (see `scripts/bench` and the README):
//!
//! - The world is a square of [`side_for`]`(n)` cells, about 0.92 agents per unit cell,
//!   rounded to whole cells so AgentScript's integer patch grid can have the same size.
//!   Positions lie in `[0, side)`.
//! - **wander** ([`World`]): each tick every heading turns by a uniform angle in [−5°, +5°),
//!   then the agent moves 0.1 cell forward; positions wrap at the edges.
//! - **touch**: wander, then every agent counts the others whose centre lies within distance
//!   1 of its own. Distance is plain Euclidean distance in world coordinates: it does **not**
//!   reach across the wrap edge (AgentScript's `inRadius` does not either, so every system
//!   uses this rule). Agents near an edge therefore see slightly fewer neighbours, and the
//!   mean contacts per agent come out a little under the open-plane figure
//!   0.92 × π ≈ 2.9 (expected 2.81 at 1,000 agents, 2.88 at 10,000).
//!
//! And four of the realistic suite's workloads, which otherwise only Stepwise runs, so that
//! Stepwise's speed on real scripts can be set against the best code for the same work.
//! Each does what GEMSTEP's scripts mean as Stepwise carries them out (its movement rules,
//! its `every` timers counted per call, its pair tests, limits on Number props), but keeps
//! only the state that meaning needs (no strings, no derived display values):
//!
//! - **pair-props** ([`PairProps`]): Fish and Algae wandering in GEMSTEP's way, and
//!   `when Fish isCloseTo Algae 10` changing both agents' energy for every close pair.
//! - **if-getprop** ([`IfGetprop`]): Fish wandering and losing energy, four `ifExpr` tests
//!   of it a tick resetting it and picking a costume pose.
//! - **physics-touches** ([`PhysicsTouches`]): Fish and Algae wandering with bodies of
//!   GEMSTEP's default size, and `when Fish touches Algae` changing both agents' energy for
//!   every pair of touching boxes.
//! - **aquatic** ([`Aquatic`]): GEMSTEP's aquatic ecosystem model scaled up as the suite
//!   scales it (same copies, same places): fish crossing the stage, wandering algae,
//!   sunbeams, box-overlap touches, timers, energy, inert agents.
//!
//! Stepwise's random numbers come from another generator, so a run is not the same run as
//! Stepwise's, but its statistics are (`tests/realistic.rs` compares them). Sines and
//! cosines come from `libm` and randomness from a seeded PCG, so a seed gives the same run
//! natively and in WASM.

#![deny(missing_docs)]
#![deny(unsafe_code)]

mod aquatic;
mod every;
mod grid;
mod if_getprop;
mod pair_grid;
mod pair_props;
mod physics_touches;
mod stage;
mod wander;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use aquatic::{Aquatic, Census};
use grid::CellGrid;
pub use if_getprop::IfGetprop;
pub use pair_props::PairProps;
pub use physics_touches::{PhysicsTouches, MAX_PAIRS};
use rand_pcg::rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// Agents per unit cell, inverted: the world has 1.089 cells of area per agent.
const CELLS_PER_AGENT: f64 = 1.089;
/// How far an agent moves each tick, in cells.
const STEP: f64 = 0.1;
/// The widest turn per tick, in degrees, either way.
const MAX_TURN_DEGREES: f64 = 5.0;
/// The touch radius, centre to centre, in cells. The grid's cells are this wide.
const RADIUS: f64 = 1.0;

/// The side of the square world for `n` agents, in whole cells (at least 1): about
/// `sqrt(1.089 n)`, so the density is about 0.92 agents per unit cell.
pub fn side_for(n: usize) -> f64 {
    (CELLS_PER_AGENT * n as f64).sqrt().round().max(1.0)
}

/// `n` agents in a square wrapping world, stored one array per field.
#[derive(Debug, Clone)]
pub struct World {
    side: f64,
    xs: Vec<f64>,
    ys: Vec<f64>,
    /// Headings in radians; x grows along heading 0, y along a quarter turn.
    headings: Vec<f64>,
    rng: Pcg32,
    grid: CellGrid,
}

impl World {
    /// `n` agents at uniformly random positions and headings, drawn from `seed`.
    pub fn new(n: usize, seed: u64) -> World {
        let side = side_for(n);
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut xs = Vec::with_capacity(n);
        let mut ys = Vec::with_capacity(n);
        let mut headings = Vec::with_capacity(n);
        for _ in 0..n {
            xs.push(wrap(unit(&mut rng) * side, side));
            ys.push(wrap(unit(&mut rng) * side, side));
            headings.push(unit(&mut rng) * std::f64::consts::TAU);
        }
        World {
            side,
            xs,
            ys,
            headings,
            rng,
            grid: CellGrid::new(side, n),
        }
    }

    /// The number of agents.
    pub fn len(&self) -> usize {
        self.xs.len()
    }

    /// Whether the world has no agents.
    pub fn is_empty(&self) -> bool {
        self.xs.is_empty()
    }

    /// The side of the square world, in cells.
    pub fn side(&self) -> f64 {
        self.side
    }

    /// Agent `i`'s position, if there is an agent `i`.
    pub fn position(&self, i: usize) -> Option<(f64, f64)> {
        Some((*self.xs.get(i)?, *self.ys.get(i)?))
    }

    /// One tick of *wander*: turn by up to 5° either way, move 0.1 forward, wrap.
    pub fn step_wander(&mut self) {
        let side = self.side;
        let turn_scale = 2.0 * MAX_TURN_DEGREES.to_radians();
        let turn_min = -MAX_TURN_DEGREES.to_radians();
        let agents = self.xs.iter_mut().zip(&mut self.ys).zip(&mut self.headings);
        for ((x, y), heading) in agents {
            *heading += turn_min + turn_scale * unit(&mut self.rng);
            let (sin, cos) = libm::sincos(*heading);
            *x = wrap(*x + STEP * cos, side);
            *y = wrap(*y + STEP * sin, side);
        }
    }

    /// One tick of *touch*: wander, then every agent counts the others within distance 1.
    /// Returns the sum of all agents' counts (each touching pair counts twice, once for
    /// each agent), so the mean contacts per agent is the result divided by [`World::len`].
    pub fn step_touch(&mut self) -> u64 {
        self.step_wander();
        self.grid.rebuild(&self.xs, &self.ys);
        self.grid.count_within(RADIUS)
    }

    /// How many others agent `i` touched in the last [`World::step_touch`] (0 before any).
    pub fn contacts_of(&self, i: usize) -> u32 {
        self.grid.contacts_of(i)
    }
}

/// A uniform number in `[0, 1)` with 32 bits of resolution.
pub(crate) fn unit(rng: &mut Pcg32) -> f64 {
    f64::from(rng.next_u32()) * (1.0 / 4_294_967_296.0)
}

/// `v` brought back into `[0, side)` after a step of less than one side.
fn wrap(v: f64, side: f64) -> f64 {
    if v < 0.0 {
        let w = v + side;
        // A tiny negative `v` can round up to exactly `side`.
        if w < side {
            w
        } else {
            0.0
        }
    } else if v >= side {
        v - side
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_world_side_gives_about_0_92_agents_per_cell() {
        assert_eq!(side_for(1_000), 33.0);
        assert_eq!(side_for(10_000), 104.0);
        assert_eq!(side_for(0), 1.0);
        for n in [1_000, 10_000] {
            let density = n as f64 / (side_for(n) * side_for(n));
            assert!((density - 0.92).abs() < 0.01, "n {n}: density {density}");
        }
    }

    #[test]
    fn wrap_keeps_positions_in_the_half_open_world() {
        assert_eq!(wrap(-0.25, 10.0), 9.75);
        assert_eq!(wrap(10.25, 10.0), 0.25);
        assert_eq!(wrap(3.0, 10.0), 3.0);
        assert_eq!(wrap(-1e-20, 10.0), 0.0);
    }

    #[test]
    fn wander_moves_every_agent_a_tenth_of_a_cell() {
        let mut world = World::new(200, 5);
        let before: Vec<_> = (0..200).filter_map(|i| world.position(i)).collect();
        world.step_wander();
        for (i, (x0, y0)) in before.into_iter().enumerate() {
            let Some((x1, y1)) = world.position(i) else {
                panic!("agent {i} vanished");
            };
            let side = world.side();
            // Undo a wrap before measuring the step.
            let dx = (x1 - x0 + side / 2.0).rem_euclid(side) - side / 2.0;
            let dy = (y1 - y0 + side / 2.0).rem_euclid(side) - side / 2.0;
            assert!(((dx * dx + dy * dy).sqrt() - STEP).abs() < 1e-9);
            assert!((0.0..side).contains(&x1) && (0.0..side).contains(&y1));
        }
    }

    #[test]
    fn an_empty_world_steps_without_contacts() {
        let mut world = World::new(0, 1);
        assert!(world.is_empty());
        assert_eq!(world.step_touch(), 0);
    }
}

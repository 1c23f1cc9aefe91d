//! GEMSTEP's `wander` movement as Stepwise carries it out (`movement.rs` in sim-core): each
//! tick a wanderer draws two uniform numbers; with the first below 1/30 (about once a second)
//! it turns by `(second − 0.5) × 180°`, up to 90° either way; then it moves `distance`
//! ahead along its heading. At a stopping edge it stays on the edge and its heading is
//! reflected on that axis (`180° − d` at a side, `−d` at the top or bottom).
//!
//! A heading changes about once a second, so its cosine and sine are kept beside it and
//! worked out again only after a turn; an edge's reflection only flips one of their signs.

use crate::stage::{Edges, Stage};
use crate::{side_for, unit};
use rand_pcg::rand_core::SeedableRng;
use rand_pcg::Pcg32;

/// The chance a wanderer turns in one tick: about once a second at 30 ticks a second.
const TURN_CHANCE: f64 = 1.0 / 30.0;
/// The widest turn, both ways together, in degrees.
const TURN_SPAN: f64 = 180.0;

/// Agents that wander, one array per field.
#[derive(Debug, Clone, Default)]
pub(crate) struct Wanderers {
    pub(crate) xs: Vec<f64>,
    pub(crate) ys: Vec<f64>,
    /// Headings in degrees in `[0, 360)`: 0 is east, 90 up (towards smaller `y`).
    degrees: Vec<f64>,
    /// Each heading's cosine and sine.
    cos: Vec<f64>,
    sin: Vec<f64>,
}

impl Wanderers {
    /// Room for `n` wanderers.
    pub(crate) fn with_capacity(n: usize) -> Wanderers {
        Wanderers {
            xs: Vec::with_capacity(n),
            ys: Vec::with_capacity(n),
            degrees: Vec::with_capacity(n),
            cos: Vec::with_capacity(n),
            sin: Vec::with_capacity(n),
        }
    }

    /// Adds a wanderer at `(x, y)` heading `degrees`.
    pub(crate) fn push(&mut self, x: f64, y: f64, degrees: f64) {
        let (sin, cos) = sin_cos(degrees);
        self.xs.push(x);
        self.ys.push(y);
        self.degrees.push(normalised(degrees));
        self.cos.push(cos);
        self.sin.push(sin);
    }

    /// How many wanderers there are.
    pub(crate) fn len(&self) -> usize {
        self.xs.len()
    }

    /// One tick of `wander` for every agent: maybe turn, move `distance` ahead, keep on the
    /// stage.
    pub(crate) fn step(&mut self, rng: &mut Pcg32, distance: f64, stage: &Stage) {
        let agents = self
            .xs
            .iter_mut()
            .zip(&mut self.ys)
            .zip(&mut self.degrees)
            .zip(self.cos.iter_mut().zip(&mut self.sin));
        for (((x, y), degrees), (cos, sin)) in agents {
            let turn = turn(rng);
            if turn != 0.0 {
                let d = *degrees + turn;
                (*sin, *cos) = sin_cos(d);
                *degrees = normalised(d);
            }
            let (nx, ny, flip_x, flip_y) = stage.land(*x + *cos * distance, *y - *sin * distance);
            (*x, *y) = (nx, ny);
            if flip_x {
                *degrees = normalised(180.0 - *degrees);
                *cos = -*cos;
            }
            if flip_y {
                *degrees = normalised(-*degrees);
                *sin = -*sin;
            }
        }
    }
}

/// This tick's turn of one wanderer, in degrees (0 most ticks). Both numbers are drawn
/// either way, as Stepwise draws them.
#[inline]
fn turn(rng: &mut Pcg32) -> f64 {
    let (chance, angle) = (unit(rng), unit(rng));
    if chance < TURN_CHANCE {
        (angle - 0.5) * TURN_SPAN
    } else {
        0.0
    }
}

/// The sine and cosine of `degrees`.
pub(crate) fn sin_cos(degrees: f64) -> (f64, f64) {
    libm::sincos(degrees.to_radians())
}

/// A heading brought into `[0, 360)` degrees.
fn normalised(degrees: f64) -> f64 {
    if (0.0..360.0).contains(&degrees) {
        degrees
    } else {
        degrees.rem_euclid(360.0)
    }
}

/// The fish-and-algae world of the pair workloads (pair-props, physics-touches): `n` agents
/// shared out half and half as the suite shares them (the first kind rounded, at least one
/// of each), on a wrapping square of `side_for(n)` cells of `cell` units, each placed
/// uniformly from `seed` (the fish first); answers the stage, its side, the generator
/// after the places, and the two kinds.
pub(crate) fn fish_and_algae(
    n: usize,
    seed: u64,
    cell: f64,
) -> (Stage, f64, Pcg32, [Wanderers; 2]) {
    let side = side_for(n) * cell;
    let stage = Stage::centred_square(side, Edges::Wrap);
    let fish_count = ((n as f64 * 0.5).round() as usize).max(1);
    let algae_count = n.saturating_sub(fish_count).max(1);
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut place = |count: usize| {
        let mut agents = Wanderers::with_capacity(count);
        for _ in 0..count {
            let x = stage.left + unit(&mut rng) * side;
            let y = stage.top + unit(&mut rng) * side;
            agents.push(x, y, 0.0);
        }
        agents
    };
    let kinds = [place(fish_count), place(algae_count)];
    (stage, side, rng, kinds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stage::Edges;
    use rand_pcg::rand_core::SeedableRng;

    #[test]
    fn wanderers_turn_about_once_a_second_and_move_their_distance() {
        let stage = Stage::centred_square(1e6, Edges::Wrap);
        let mut w = Wanderers::with_capacity(1_000);
        for _ in 0..1_000 {
            w.push(0.0, 0.0, 0.0);
        }
        let mut rng = Pcg32::seed_from_u64(3);
        for _ in 0..30 {
            w.step(&mut rng, 1.0, &stage);
        }
        let turned = w.degrees.iter().filter(|&&d| d != 0.0).count();
        // 1 − (29/30)^30 ≈ 0.64 of them have turned at least once.
        assert!((560..720).contains(&turned), "{turned} turned");
        for i in 0..w.len() {
            let reach = (w.xs[i] * w.xs[i] + w.ys[i] * w.ys[i]).sqrt();
            assert!(reach <= 30.0 + 1e-9, "agent {i} went {reach}");
        }
    }

    #[test]
    fn a_stopping_edge_keeps_the_agent_on_it_and_turns_it_back() {
        let stage = Stage::centred_square(10.0, Edges::Stop);
        let mut w = Wanderers::with_capacity(300);
        for _ in 0..300 {
            w.push(4.9, 0.0, 0.0);
        }
        w.step(&mut Pcg32::seed_from_u64(1), 0.2, &stage);
        let stopped: Vec<usize> = (0..300).filter(|&i| w.xs[i] == 5.0).collect();
        // Only the few that turned more than about 60° stay off the edge.
        assert!(stopped.len() > 270, "{} stopped", stopped.len());
        for i in stopped {
            assert!(w.cos[i] < 0.0 && (90.0..270.0).contains(&w.degrees[i]));
            let (sin, cos) = sin_cos(w.degrees[i]);
            assert!((sin - w.sin[i]).abs() < 1e-12 && (cos - w.cos[i]).abs() < 1e-12);
        }
    }
}

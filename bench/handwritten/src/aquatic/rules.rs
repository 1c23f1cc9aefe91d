//! The aquatic model's two pair rules, `when Fish touches Algae` and `when Algae touches
//! Sunbeam`, with GEMSTEP's meaning as Stepwise gives it:
//!
//! - **Which pairs.** `touches` with Touches' `b2b`: the two bodies' boxes overlap (centres at
//!   most the sum of the half widths apart across, and of the half heights up and down).
//!   Only active agents (not inert) take part, as they were when the rules are tested: after
//!   this tick's movement, before its consequents.
//! - **In what order.** The consequents run agent by agent in the model's agent order, each
//!   agent's with the other agents in that order too: a fish's, then an algae's further on,
//!   and so on. The order matters where a fish eats an algae the sun also feeds, as energy
//!   stops at 0 and 100.
//! - **What each does.** Both bodies are wrapped in an `every 1` timer, counted per call: a
//!   fish calls its timer once for each algae it touches, and an algae once for each
//!   sunbeam. When the fish's fires (at the first call, then each 31st), it glows for half a
//!   second and, if the algae has energy, takes 10 of it; an algae left with none turns
//!   inert. When the algae's fires (at the 32nd call, then each 31st), it glows for a second
//!   and gains the sunbeam's 5.
//!
//! Both searches use one grid of the active algae: each fish asks for the algae within its
//! reach, and each sunbeam too (the box test is symmetric, and all sunbeams give the same,
//! so an algae needs only its count of sunbeams, not which).

use super::kinds::{
    clamp_energy, Algae, Fish, Sunbeams, FISH_HALF, MAX_ALGAE_HALF, SUN_HALF_H, SUN_HALF_W,
};
use crate::pair_grid::PairGrid;
use crate::stage::Stage;

/// How many ticks a fish glows after eating (`setGlow 0.5`, at 30 ticks a second).
const FISH_GLOW_TICKS: u32 = 15;
/// How many ticks an algae glows in a sunbeam (`setGlow 1`).
const ALGAE_GLOW_TICKS: u32 = 30;
/// The energy a fish takes from an algae at a time.
const BITE: f64 = 10.0;
/// The energy a sunbeam gives an algae at a time (`energyRate`).
const SUN_ENERGY: f64 = 5.0;

/// The rules' searches and this tick's passing pairs, in buffers sized once.
#[derive(Debug, Clone)]
pub(crate) struct Rules {
    /// The active algae by place, with their half sizes.
    grid: PairGrid,
    /// This tick's touching (fish, algae) pairs, by fish then algae.
    eats: Vec<(u32, u32)>,
    /// How many sunbeams touch each algae this tick: by grid slot while counting, then by
    /// algae.
    sun_by_slot: Vec<u32>,
    sun: Vec<u32>,
    /// The last tick's count of (algae, sunbeam) pairs.
    sun_pairs: u64,
}

impl Rules {
    /// The searches for `algae` algae on `stage`, with cells of about one algae each (the
    /// stage is sparse: far wider cells than a body keep the grid small to rebuild), and
    /// never narrower than a search's reach.
    pub(crate) fn new(stage: &Stage, algae: usize, fish: usize) -> Rules {
        let (width, height) = (stage.right - stage.left, stage.bottom - stage.top);
        let per_algae = (width * height / algae.max(1) as f64).sqrt();
        let cell = per_algae.max(2.0 * (FISH_HALF + MAX_ALGAE_HALF));
        Rules {
            grid: PairGrid::new(stage.left, stage.top, width, height, cell, algae),
            eats: Vec::with_capacity(fish * 4),
            sun_by_slot: vec![0; algae],
            sun: vec![0; algae],
            sun_pairs: 0,
        }
    }

    /// Finds this tick's touching pairs of both rules; returns how many there are.
    pub(crate) fn find(&mut self, fish: &Fish, algae: &Algae, sunbeams: &Sunbeams) -> u64 {
        let places = &algae.places;
        self.grid
            .rebuild(&places.xs, &places.ys, &algae.half, |i| !algae.inert[i]);
        let grid = &self.grid;
        let (xs, ys, halves) = (grid.xs(), grid.ys(), grid.halves());
        self.eats.clear();
        let reach = FISH_HALF + MAX_ALGAE_HALF;
        for (f, ((&x, &y), &inert)) in fish.xs.iter().zip(&fish.ys).zip(&fish.inert).enumerate() {
            if inert {
                continue;
            }
            let first = self.eats.len();
            for run in grid.runs(x, y, reach, reach) {
                for k in run {
                    let gap = FISH_HALF + halves[k];
                    if (xs[k] - x).abs() <= gap && (ys[k] - y).abs() <= gap {
                        self.eats.push((f as u32, grid.member(k) as u32));
                    }
                }
            }
            // A fish's algae in the agent order (the grid found them in cell order); few.
            if self.eats.len() - first > 1 {
                self.eats[first..].sort_unstable_by_key(|&(_, a)| a);
            }
        }
        let lit = &mut self.sun_by_slot[..grid.len()];
        lit.fill(0);
        let (reach_x, reach_y) = (SUN_HALF_W + MAX_ALGAE_HALF, SUN_HALF_H + MAX_ALGAE_HALF);
        let mut sun_pairs = 0u64;
        for (&x, &y) in sunbeams.xs.iter().zip(&sunbeams.ys) {
            for run in grid.runs(x, y, reach_x, reach_y) {
                for k in run {
                    let touch = (xs[k] - x).abs() <= SUN_HALF_W + halves[k]
                        && (ys[k] - y).abs() <= SUN_HALF_H + halves[k];
                    lit[k] += u32::from(touch);
                    sun_pairs += u64::from(touch);
                }
            }
        }
        self.sun.fill(0);
        for (k, &count) in lit.iter().enumerate() {
            self.sun[grid.member(k)] = count;
        }
        self.sun_pairs = sun_pairs;
        self.eats.len() as u64 + sun_pairs
    }

    /// The last tick's touching pairs of each rule: (fish, algae) and (algae, sunbeam).
    pub(crate) fn touches(&self) -> (u64, u64) {
        (self.eats.len() as u64, self.sun_pairs)
    }

    /// Runs this tick's consequents in the model's agent order, at tick `tick`.
    pub(crate) fn run(&self, fish: &mut Fish, algae: &mut Algae, tick: u32) {
        let mut eats = self.eats.iter().peekable();
        let mut lit = self
            .sun
            .iter()
            .enumerate()
            .filter(|&(_, &count)| count > 0)
            .peekable();
        loop {
            let fish_slot = eats.peek().map(|&&(f, _)| fish.slot[f as usize]);
            let algae_slot = lit.peek().map(|&(a, _)| algae.slot[a]);
            let algae_first = match (fish_slot, algae_slot) {
                (None, None) => break,
                (Some(f), Some(a)) => a < f,
                (Some(_), None) => false,
                (None, Some(_)) => true,
            };
            if algae_first {
                if let Some((a, &count)) = lit.next() {
                    for _ in 0..count {
                        shine(algae, a, tick);
                    }
                }
            } else if let Some(&(f, a)) = eats.next() {
                eat(fish, algae, f as usize, a as usize, tick);
            }
        }
    }
}

/// `when Fish touches Algae [[ every 1 runAtStart [[ … ]] ]]` for fish `f` and algae `a`.
fn eat(fish: &mut Fish, algae: &mut Algae, f: usize, a: usize, tick: u32) {
    if !fish.eat_timer[f].due(true) {
        return;
    }
    fish.glow_end[f] = tick + FISH_GLOW_TICKS;
    if algae.energy[a] > 0.0 {
        fish.energy[f] = clamp_energy(fish.energy[f] + BITE);
        algae.energy[a] = clamp_energy(algae.energy[a] - BITE);
    }
    // The fish would grow above 90 here, but the shipped model's fish do not grow.
    if algae.energy[a] <= 0.0 {
        algae.inert[a] = true;
    }
}

/// `when Algae touches Sunbeam [[ every 1 [[ … ]] ]]` for algae `a` and one sunbeam.
fn shine(algae: &mut Algae, a: usize, tick: u32) {
    if !algae.sun_timer[a].due(false) {
        return;
    }
    algae.glow_end[a] = tick + ALGAE_GLOW_TICKS;
    algae.energy[a] = clamp_energy(algae.energy[a] + SUN_ENERGY);
    // Algae would spawn at full energy here, but the shipped model's do not spawn.
}

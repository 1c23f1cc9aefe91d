//! The realistic suite's *aquatic*: GEMSTEP's aquatic ecosystem model, scaled to `n` agents
//! as the suite scales it ([`scaled`]), hand-written with the meaning Stepwise gives its
//! scripts. One tick runs GEMSTEP's phases in order, as Stepwise does:
//!
//! 1. **Update programs.** Fish and Algae each have a top-level `every 1 runAtStart` (ticks
//!    1, 32, 63, …): fish use 1 energy, take a pose and meter colour, and below 1 die (inert,
//!    floating up); algae scale their body to their energy and colour their meter.
//! 2. **Movement.** Fish swim east at 1 a tick from the Start event (run at the end of the
//!    first tick's conditions) and turn back at the sides; algae wander at 0.2. The stage
//!    neither wraps nor bounces: agents stop at an edge and turn back.
//! 3. **Conditions.** The two touch rules find their pairs ([`rules`]); then the events
//!    raised at the end of the last tick run: Start on the first tick, and GEMSTEP's
//!    once-a-second `Tick` (raised after frames 0, 30, 60…, so run on ticks 2, 32, 62…),
//!    which moves every sunbeam 20 to the right and counts the Timer's seconds.
//! 4. **Consequents** of the pairs, in the model's agent order.
//!
//! The model has no rounds, so nothing restarts. The flowers (three blueprints with a
//! costume and a body and no script that runs) are kept as places and cost nothing a tick.

mod kinds;
mod rules;
mod scaled;

use crate::stage::{Edges, Stage};
use kinds::{Algae, Fish, Sunbeams};
use rand_pcg::rand_core::SeedableRng;
use rand_pcg::Pcg32;
use rules::Rules;
use scaled::{Kind, KEPT};

/// Ticks per simulation second.
const TICKS_PER_SECOND: u32 = 30;

/// The aquatic model scaled to `n` agents, and its tick.
#[derive(Debug, Clone)]
pub struct Aquatic {
    stage: Stage,
    /// Ticks run so far.
    tick: u32,
    /// The Timer's count of seconds.
    seconds: u32,
    /// The wanderers' random numbers.
    rng: Pcg32,
    fish: Fish,
    algae: Algae,
    sunbeams: Sunbeams,
    /// The flowers' places.
    flowers: Vec<(f64, f64)>,
    rules: Rules,
}

/// Counts and means of the model's state, for checking that it does the work it should.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Census {
    /// How many fish there are.
    pub fish: usize,
    /// How many of them are inert (dead).
    pub inert_fish: usize,
    /// Their mean energy.
    pub fish_energy: f64,
    /// How many algae there are.
    pub algae: usize,
    /// How many of them are inert (eaten up).
    pub inert_algae: usize,
    /// Their mean energy.
    pub algae_energy: f64,
}

impl Aquatic {
    /// The model scaled to `n` agents, its wanderers' random numbers drawn from `seed`.
    pub fn new(n: usize, seed: u64) -> Aquatic {
        let model = scaled::scaled(n);
        let stage = Stage::centred_square(model.half * 2.0, Edges::Stop);
        let (mut fish, mut algae) = (Fish::default(), Algae::default());
        let (mut sunbeams, mut flowers) = (Sunbeams::default(), Vec::new());
        for (slot, &(kind, x, y)) in model.copies.iter().enumerate() {
            // The kept Timer comes first in the agent order.
            let slot = (slot + KEPT) as u32;
            match kind {
                Kind::Algae(energy) => algae.push(x, y, energy, slot),
                Kind::Fish => fish.push(x, y, slot),
                Kind::Sunbeam => {
                    sunbeams.xs.push(x);
                    sunbeams.ys.push(y);
                }
                Kind::Flower => flowers.push((x, y)),
            }
        }
        let rules = Rules::new(&stage, algae.len(), fish.len());
        Aquatic {
            stage,
            tick: 0,
            seconds: 0,
            rng: Pcg32::seed_from_u64(seed),
            fish,
            algae,
            sunbeams,
            flowers,
            rules,
        }
    }

    /// One tick; returns how many touching pairs the two rules found (each runs its
    /// consequent once).
    pub fn step(&mut self) -> u64 {
        self.tick += 1;
        if self.fish.timer.due(true) {
            self.fish.every_second();
        }
        if self.algae.timer.due(true) {
            self.algae.every_second();
        }
        self.fish.swim(&self.stage);
        self.algae.wander(&mut self.rng, &self.stage);
        let touches = self.rules.find(&self.fish, &self.algae, &self.sunbeams);
        if self.tick == 1 {
            self.fish.start();
        }
        if self.tick >= 2 && (self.tick - 2) % TICKS_PER_SECOND == 0 {
            self.sunbeams.cross();
            self.seconds += 1;
        }
        self.rules.run(&mut self.fish, &mut self.algae, self.tick);
        touches
    }

    /// How many agents the model has: the copies and the kept Timer.
    pub fn len(&self) -> usize {
        KEPT + self.fish.len() + self.algae.len() + self.sunbeams.xs.len() + self.flowers.len()
    }

    /// Whether the model has no agents (never: the Timer is always there).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The last tick's touching pairs of each rule: `when Fish touches Algae` and `when
    /// Algae touches Sunbeam`.
    pub fn touches(&self) -> (u64, u64) {
        self.rules.touches()
    }

    /// The Timer's count of seconds.
    pub fn seconds(&self) -> u32 {
        self.seconds
    }

    /// The fish, the algae, how many are inert and their mean energies.
    pub fn census(&self) -> Census {
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        let count = |v: &[bool]| v.iter().filter(|&&b| b).count();
        Census {
            fish: self.fish.len(),
            inert_fish: count(&self.fish.inert),
            fish_energy: mean(&self.fish.energy),
            algae: self.algae.len(),
            inert_algae: count(&self.algae.inert),
            algae_energy: mean(&self.algae.energy),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_ticks_follow_the_scripts_timing() {
        let mut model = Aquatic::new(1_000, 1);
        assert_eq!(model.len(), 1_000);
        let start = model.census();
        assert_eq!((start.fish, start.algae), (125, 375));
        model.step();
        // Tick 1: every fish used 1 energy (some ate 10), none has moved yet.
        let after = model.census();
        assert!(after.fish_energy >= 49.0 && after.fish_energy < 50.0);
        assert!(model.fish.vx.iter().all(|&v| v == 1.0));
        let xs = model.fish.xs.clone();
        model.step();
        assert_eq!(model.seconds(), 1);
        assert!(model
            .fish
            .xs
            .iter()
            .zip(&xs)
            .all(|(a, b)| (a - b - 1.0).abs() < 1e-9));
        for _ in 2..32 {
            model.step();
        }
        assert_eq!(model.seconds(), 2);
    }

    #[test]
    fn fish_turn_back_at_a_side_and_the_dead_float_to_the_top() {
        let mut model = Aquatic::new(200, 1);
        let right = model.stage.right;
        model.fish.xs[0] = right - 0.5;
        model.fish.vx[0] = 1.0;
        model.fish.swim(&model.stage);
        assert_eq!((model.fish.xs[0], model.fish.vx[0]), (right, -1.0));
        model.fish.inert[0] = true;
        model.fish.ys[0] = model.stage.top + 0.5;
        model.fish.swim(&model.stage);
        assert_eq!(model.fish.ys[0], model.stage.top);
    }
}

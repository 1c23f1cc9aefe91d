//! The aquatic model's kinds of agent, one array per field, and what each does on its own
//! (its update program's `every 1 runAtStart` timer, its movement, its `onEvent Tick`).
//! The pair rules between them are in [`super::rules`].
//!
//! Only state the model's meaning needs is kept. What Stepwise recomputes every tick from
//! other state is left to whoever draws it: a meter's level (`bindMeterTo energyLevel` is the
//! energy out of 100), a fish's `flipX` (it faces west exactly when it heads west), alpha (0.3
//! exactly when inert), the labels' texts. A glow is kept as the tick it fades out, rather
//! than counted down every tick.

use crate::every::Every;
use crate::stage::Stage;
use crate::wander::Wanderers;
use rand_pcg::Pcg32;

/// The size of every Physics body before its scale: Stepwise gives bodies GEMSTEP's costume
/// size, 32 units, when the script sets none (as none of aquatic's does).
const BODY: f64 = 32.0;
/// The meter colours the scripts pick: green when sated, orange below 50, red below 20.
pub(crate) const GREEN: u32 = 0x00_FF_00;
pub(crate) const ORANGE: u32 = 0xFF_66_00;
pub(crate) const RED: u32 = 0xFF_00_00;
/// The highest energy (`setMax 100`; `setMin 0` is the lowest).
pub(crate) const MAX_ENERGY: f64 = 100.0;

/// A fish's half size: Physics `scale` 1 (it would be 2 only for a fish that `grows`, which
/// the shipped model turns off).
pub(crate) const FISH_HALF: f64 = BODY * 1.0 / 2.0;
/// How far a fish moves a tick (`setMovementType 'edgeToEdge' 1 …`, and `float` keeps it).
const FISH_DISTANCE: f64 = 1.0;
/// Energy a fish uses every second (`energyUse`, 2 only for a fish that grows).
const FISH_ENERGY_USE: f64 = 1.0;

/// Fish: they swim east from the Start event, straight to the side of the stage and back;
/// every second they use energy, and below 1 they die: inert, floating up to the top.
#[derive(Debug, Clone, Default)]
pub(crate) struct Fish {
    pub(crate) xs: Vec<f64>,
    pub(crate) ys: Vec<f64>,
    /// The step along x each tick: 0 before the Start event sets the movement, then ±1.
    pub(crate) vx: Vec<f64>,
    pub(crate) energy: Vec<f64>,
    /// The costume's pose: 0 sated, 1 hungry, 2 dead.
    pub(crate) pose: Vec<u8>,
    pub(crate) meter_color: Vec<u32>,
    pub(crate) inert: Vec<bool>,
    /// The tick the fish's glow (after eating) has faded by.
    pub(crate) glow_end: Vec<u32>,
    /// Each fish's `every 1 runAtStart` inside `when Fish touches Algae`.
    pub(crate) eat_timer: Vec<Every>,
    /// Each fish's place in the model's agent order, which the rules' consequents run in.
    pub(crate) slot: Vec<u32>,
    /// The update program's `every 1 runAtStart`: every fish calls it once a tick from the
    /// first, so one timer stands for all of them.
    pub(crate) timer: Every,
}

impl Fish {
    /// Adds a fish at `(x, y)` with its starting props, at `slot` in the agent order.
    pub(crate) fn push(&mut self, x: f64, y: f64, slot: u32) {
        self.xs.push(x);
        self.ys.push(y);
        self.vx.push(0.0);
        self.energy.push(50.0);
        self.pose.push(0);
        self.meter_color.push(0);
        self.inert.push(false);
        self.glow_end.push(0);
        self.eat_timer.push(Every::NEW);
        self.slot.push(slot);
    }

    /// How many fish there are.
    pub(crate) fn len(&self) -> usize {
        self.xs.len()
    }

    /// The Start event: `setMovementType 'edgeToEdge' 1 …` heading `startDirection`, 0
    /// (east).
    pub(crate) fn start(&mut self) {
        self.vx.fill(FISH_DISTANCE);
    }

    /// The update program's timer body: use energy, pick a pose and a meter colour, die.
    pub(crate) fn every_second(&mut self) {
        let fish = self
            .energy
            .iter_mut()
            .zip(&mut self.pose)
            .zip(&mut self.meter_color)
            .zip(&mut self.inert);
        for (((energy, pose), meter), inert) in fish {
            let e = clamp_energy(*energy - FISH_ENERGY_USE);
            *energy = e;
            if e > 50.0 {
                (*pose, *meter) = (0, GREEN);
            }
            if e < 50.0 {
                (*pose, *meter) = (1, ORANGE);
            }
            if e < 20.0 {
                (*pose, *meter) = (1, RED);
            }
            if e < 1.0 {
                // Movement `float`, alpha 0.3, inert.
                *pose = 2;
                *inert = true;
            }
        }
    }

    /// One tick of movement: a living fish goes straight along x and turns back at a side
    /// (edgeToEdge on a stage that neither wraps nor bounces); a dead one floats up and stays
    /// at the top.
    pub(crate) fn swim(&mut self, stage: &Stage) {
        let fish = self
            .xs
            .iter_mut()
            .zip(&mut self.ys)
            .zip(&mut self.vx)
            .zip(&self.inert);
        for (((x, y), vx), &inert) in fish {
            if inert {
                *y = (*y - FISH_DISTANCE).max(stage.top);
                continue;
            }
            let to = *x + *vx;
            if to > stage.right {
                (*x, *vx) = (stage.right, -*vx);
            } else if to < stage.left {
                (*x, *vx) = (stage.left, -*vx);
            } else {
                *x = to;
            }
        }
    }
}

/// How far algae wander a tick (`featProp Movement distance setTo 0.2`).
const ALGAE_DISTANCE: f64 = 0.2;
/// Energy algae use every second (`energyUse`: the shipped model sets 0).
const ALGAE_ENERGY_USE: f64 = 0.0;
/// The largest half size of an algae body: scale 2 at full energy.
pub(crate) const MAX_ALGAE_HALF: f64 = BODY * (MAX_ENERGY / 100.0 * 2.0) / 2.0;

/// Algae: they wander slowly; every second their body is scaled to their energy (scale
/// `energy / 100 × 2`) and their meter coloured; eaten to nothing, they turn inert.
#[derive(Debug, Clone, Default)]
pub(crate) struct Algae {
    pub(crate) places: Wanderers,
    pub(crate) energy: Vec<f64>,
    /// The body's half size, as last scaled.
    pub(crate) half: Vec<f64>,
    pub(crate) meter_color: Vec<u32>,
    pub(crate) inert: Vec<bool>,
    /// The tick the algae's glow (in a sunbeam) has faded by.
    pub(crate) glow_end: Vec<u32>,
    /// Each algae's `every 1` inside `when Algae touches Sunbeam`.
    pub(crate) sun_timer: Vec<Every>,
    /// Each algae's place in the model's agent order.
    pub(crate) slot: Vec<u32>,
    /// The update program's `every 1 runAtStart`, one for all as for the fish.
    pub(crate) timer: Every,
}

impl Algae {
    /// Adds an algae at `(x, y)` with `energy` (its template's), at `slot` in the agent
    /// order. It heads east (Movement's default direction).
    pub(crate) fn push(&mut self, x: f64, y: f64, energy: f64, slot: u32) {
        self.places.push(x, y, 0.0);
        self.energy.push(energy);
        self.half.push(algae_half(energy));
        self.meter_color.push(GREEN);
        self.inert.push(false);
        self.glow_end.push(0);
        self.sun_timer.push(Every::NEW);
        self.slot.push(slot);
    }

    /// How many algae there are.
    pub(crate) fn len(&self) -> usize {
        self.energy.len()
    }

    /// The update program's timer body: use energy, scale the body, colour the meter.
    pub(crate) fn every_second(&mut self) {
        let algae = self
            .energy
            .iter_mut()
            .zip(&mut self.half)
            .zip(&mut self.meter_color);
        for ((energy, half), meter) in algae {
            if *energy > 0.0 {
                *energy = clamp_energy(*energy - ALGAE_ENERGY_USE);
            }
            let e = *energy;
            *half = algae_half(e);
            if e > 50.0 {
                *meter = GREEN;
            }
            if e < 50.0 {
                *meter = ORANGE;
            }
            if e < 20.0 {
                *meter = RED;
            }
        }
    }

    /// One tick of `wander`, 0.2 a tick, stopping at the edges.
    pub(crate) fn wander(&mut self, rng: &mut Pcg32, stage: &Stage) {
        self.places.step(rng, ALGAE_DISTANCE, stage);
    }
}

/// The half size of an algae body at `energy`: Physics scale `energy / 100 × 2`.
fn algae_half(energy: f64) -> f64 {
    BODY * (energy / 100.0 * 2.0) / 2.0
}

/// Energy kept within `setMin 0` and `setMax 100`.
pub(crate) fn clamp_energy(e: f64) -> f64 {
    e.clamp(0.0, MAX_ENERGY)
}

/// A sunbeam's half width and half height: Physics `scale` 0.4 and `scaleY` 2.5.
pub(crate) const SUN_HALF_W: f64 = BODY * 0.4 / 2.0;
pub(crate) const SUN_HALF_H: f64 = BODY * 0.4 * 2.5 / 2.0;
/// How far a sunbeam moves each second, rightwards (`speed` 20, `direction` 1).
const SUN_SPEED: f64 = 20.0;
/// The shipped stage's right edge, past which a sunbeam starts again at its left, whatever
/// the stage's size: the script's numbers are fixed.
const SUN_WRAP: f64 = 400.0;

/// Sunbeams: bodies that cross the stage once a second in a step of 20 units.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sunbeams {
    pub(crate) xs: Vec<f64>,
    pub(crate) ys: Vec<f64>,
}

impl Sunbeams {
    /// `onEvent Tick`: move right; past 400, start again at −400.
    pub(crate) fn cross(&mut self) {
        for x in &mut self.xs {
            *x += SUN_SPEED;
            if *x > SUN_WRAP {
                *x = -SUN_WRAP;
            }
        }
    }
}

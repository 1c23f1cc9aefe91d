//! The hand-written realistic workloads do the work Stepwise does for them: their statistics
//! agree with Stepwise's runs of the same projects.
//!
//! Stepwise's figures below were obtained once, by a throwaway program (outside the
//! repository) linking `stepwise-runner` at commit 830289c, the one these baselines were
//! written against: it loaded `stepwise_runner::patterns::project("pair-props", 1000)` and
//! `stepwise_runner::gemstep::scale(aquatic.gemprj, 1000)` with `Runner::new` at seeds 1 to
//! 16, stepped them, and averaged over the 16 runs: the props' sums and means read through
//! `Simulation::agents()`, inert counts through `AgentView::is_inert`, and, for aquatic,
//! the touching pairs of each rule counted by a `featCall Global globalProp … add 1` put
//! first in each `when` body (outside its `every`, so once per pair; the only change to the
//! model, which moves no agent and draws no random number).
//!
//! The figures for if-getprop and physics-touches were obtained the same way, by a
//! throwaway example program linking `stepwise-runner` in a copy of commit 8a8b55d (the
//! tree this commit was written on), with `patterns.rs` as this commit changes it (Physics
//! bodies of GEMSTEP's default size in physics-touches): it loaded
//! `stepwise_runner::patterns::project(…, 1000)` with `Runner::new` at seeds 1 to 16 and
//! stepped it. For physics-touches, the touching pairs are the energy the fish gained (read
//! through `Simulation::agents()`; the algae lost as much, and the log stayed empty, so no
//! pair was cut at the rule's limit), in the first tick and over 100. For if-getprop,
//! after ticks 100 and 300: the mean energy, the costume poses (`AgentView::costume().frame`)
//! counted, and the mean square distance each fish had moved from its start (its moves
//! added up tick by tick, each taken the short way round the wrapping world).
//!
//! A run is not Stepwise's run: its random numbers come from another generator (the
//! patterns' places, if-getprop's starting energies and every wanderer's turns; aquatic's
//! places are the suite's own fixed ones, so they are the same). Each figure is therefore compared as a mean over 16 runs of each
//! system, with a tolerance of three to four standard errors of the difference of two such
//! means (measured from the runs' spread): wide enough that chance does not fail the test,
//! narrow enough that a different movement rule, timer count, body size or test would.

use bench_handwritten::{Aquatic, Census, IfGetprop, PairProps, PhysicsTouches, MAX_PAIRS};

/// Runs per system each figure is averaged over.
const RUNS: u64 = 16;

/// `value` is within `fraction` of `expected`.
fn close(what: &str, value: f64, expected: f64, fraction: f64) {
    let off = (value - expected).abs() / expected.abs();
    // Shown with `--nocapture`, to see how close each figure is.
    eprintln!("{what}: {value:.4}, Stepwise {expected:.4}");
    assert!(
        off <= fraction,
        "{what}: {value:.4}, Stepwise {expected:.4} ({:.2} % off, at most {:.2} %)",
        off * 100.0,
        fraction * 100.0
    );
}

/// Stepwise's pair-props at 1,000 agents over 100 ticks: mean passing pairs per tick.
/// (The fish then hold 95,382.94 energy in all and the algae −45,382.94: 100 ticks of those
/// pairs, each adding 1 to a fish and taking 1 from an algae of the 25,000 each started
/// with.)
const STEPWISE_PAIR_PROPS_PAIRS_PER_TICK: f64 = 703.829;

#[test]
fn pair_props_passes_as_many_pairs_as_stepwise_and_changes_both_props_per_pair() {
    let ticks = 100;
    let mut pairs_per_tick = 0.0;
    for seed in 1..=RUNS {
        let mut world = PairProps::new(1_000, seed);
        assert_eq!(world.counts(), (500, 500));
        let pairs: u64 = (0..ticks).map(|_| world.step()).sum();
        let (fish, algae) = world.energy_totals();
        // Every pair added 1 to its fish and took 1 from its algae.
        assert_eq!(fish, 25_000.0 + pairs as f64);
        assert_eq!(algae, 25_000.0 - pairs as f64);
        pairs_per_tick += pairs as f64 / f64::from(ticks) / RUNS as f64;
    }
    // The runs' spread is about 15 pairs a tick: 0.75 % of the mean for the difference.
    close(
        "pairs per tick",
        pairs_per_tick,
        STEPWISE_PAIR_PROPS_PAIRS_PER_TICK,
        0.03,
    );
}

/// Stepwise's physics-touches at 1,000 agents over 100 ticks: mean touching pairs per tick
/// (the runs' spread is 83), and in the first tick alone (spread 100).
const STEPWISE_PHYSICS_TOUCHES_PAIRS_PER_TICK: f64 = 8_534.127;
const STEPWISE_PHYSICS_TOUCHES_FIRST_TICK_PAIRS: f64 = 8_560.875;
/// The fish's energy in all after those 100 ticks (spread 8,303; the algae's is 50,000 less
/// this, as every pair moves 1 from an algae to a fish).
const STEPWISE_PHYSICS_TOUCHES_FISH_ENERGY: f64 = 878_412.69;

#[test]
fn physics_touches_passes_as_many_pairs_as_stepwise_and_changes_both_props_per_pair() {
    let ticks = 100;
    let (mut pairs_per_tick, mut first_tick, mut fish_energy) = (0.0, 0.0, 0.0);
    let share = 1.0 / RUNS as f64;
    for seed in 1..=RUNS {
        let mut world = PhysicsTouches::new(1_000, seed);
        assert_eq!(world.counts(), (500, 500));
        let first = world.step();
        let pairs: u64 = first + (1..ticks).map(|_| world.step()).sum::<u64>();
        assert!(first < MAX_PAIRS);
        let (fish, algae) = world.energy_totals();
        // Every pair added 1 to its fish and took 1 from its algae.
        assert_eq!(fish, 25_000.0 + pairs as f64);
        assert_eq!(algae, 25_000.0 - pairs as f64);
        pairs_per_tick += pairs as f64 / f64::from(ticks) * share;
        first_tick += first as f64 * share;
        fish_energy += fish * share;
    }
    // Three to four standard errors of the difference: 1.4 % and 1.7 %. A body of 30 units
    // instead of 32, or pairs counted once rather than every tick they touch, is far off.
    close(
        "pairs per tick",
        pairs_per_tick,
        STEPWISE_PHYSICS_TOUCHES_PAIRS_PER_TICK,
        0.014,
    );
    close(
        "pairs in the first tick",
        first_tick,
        STEPWISE_PHYSICS_TOUCHES_FIRST_TICK_PAIRS,
        0.017,
    );
    close(
        "fish energy",
        fish_energy,
        STEPWISE_PHYSICS_TOUCHES_FISH_ENERGY,
        0.014,
    );
}

/// Means over runs of if-getprop at 1,000 agents after some ticks.
#[derive(Debug, Default)]
struct Poses {
    energy: f64,
    /// How many fish are in poses 0, 1 and 2.
    poses: [f64; 3],
    /// The mean square distance a fish has moved from its start.
    moved: f64,
}

/// Stepwise's if-getprop at 1,000 agents after 100 ticks. The runs' spread: 0.89 in the
/// energy, 15.7, 15.1 and 10.8 fish in the poses, 91 in the square distance.
const STEPWISE_IF_GETPROP_100: Poses = Poses {
    energy: 50.6833,
    poses: [511.5625, 300.1875, 188.25],
    moved: 6_936.52,
};

/// The same after 300 ticks. Spread: 0.83; 15.1, 14.9 and 9.9; 802.
const STEPWISE_IF_GETPROP_300: Poses = Poses {
    energy: 50.5019,
    poses: [516.0, 294.25, 189.75],
    moved: 35_864.44,
};

#[test]
fn if_getprop_uses_energy_picks_poses_and_wanders_as_stepwise_does() {
    let share = 1.0 / RUNS as f64;
    let (mut at_100, mut at_300) = (Poses::default(), Poses::default());
    for seed in 1..=RUNS {
        let mut world = IfGetprop::new(1_000, seed);
        assert_eq!(world.len(), 1_000);
        let side = world.side();
        let mut last: Vec<(f64, f64)> = (0..1_000).filter_map(|i| world.position(i)).collect();
        let mut moved = vec![(0.0, 0.0); last.len()];
        for tick in 1..=300 {
            world.step();
            let short_way = |d: f64| (d + side / 2.0).rem_euclid(side) - side / 2.0;
            for (i, (place, total)) in last.iter_mut().zip(&mut moved).enumerate() {
                let Some((x, y)) = world.position(i) else {
                    panic!("fish {i} vanished");
                };
                total.0 += short_way(x - place.0);
                total.1 += short_way(y - place.1);
                *place = (x, y);
            }
            let figures = match tick {
                100 => &mut at_100,
                300 => &mut at_300,
                _ => continue,
            };
            figures.energy += world.mean_energy() * share;
            for (mean, count) in figures.poses.iter_mut().zip(world.pose_counts()) {
                *mean += count as f64 * share;
            }
            let square: f64 = moved.iter().map(|(dx, dy)| dx * dx + dy * dy).sum();
            figures.moved += square / moved.len() as f64 * share;
        }
    }
    // Three to four standard errors of the difference, from the runs' spread.
    for (tick, ours, theirs, moved) in [
        (100, &at_100, &STEPWISE_IF_GETPROP_100, 0.02),
        (300, &at_300, &STEPWISE_IF_GETPROP_300, 0.035),
    ] {
        close(
            &format!("energy, {tick}"),
            ours.energy,
            theirs.energy,
            0.025,
        );
        for (pose, fraction) in [(0, 0.045), (1, 0.075), (2, 0.085)] {
            let what = format!("pose {pose}, {tick}");
            close(&what, ours.poses[pose], theirs.poses[pose], fraction);
        }
        close(&format!("moved, {tick}"), ours.moved, theirs.moved, moved);
    }
}

/// Means over runs of aquatic at 1,000 agents after some ticks.
#[derive(Debug, Default)]
struct Figures {
    inert_fish: f64,
    fish_energy: f64,
    inert_algae: f64,
    algae_energy: f64,
    /// Touching pairs of both rules per tick, over all the ticks run.
    touches_per_tick: f64,
}

impl Figures {
    fn add(&mut self, census: Census, touches: u64, ticks: u32) {
        let share = 1.0 / RUNS as f64;
        self.inert_fish += census.inert_fish as f64 * share;
        self.fish_energy += census.fish_energy * share;
        self.inert_algae += census.inert_algae as f64 * share;
        self.algae_energy += census.algae_energy * share;
        self.touches_per_tick += touches as f64 / f64::from(ticks) * share;
    }
}

/// Stepwise's aquatic at 1,000 agents (125 fish, 375 algae, 125 sunbeams), after 300 ticks:
/// no fish or algae inert yet. Touches per tick: 5.3473 fish–algae and 4.1894
/// algae–sunbeam.
const STEPWISE_AQUATIC_300: Figures = Figures {
    inert_fish: 0.0,
    fish_energy: 44.9775,
    inert_algae: 0.0,
    algae_energy: 81.7317,
    touches_per_tick: 9.5367,
};

/// The same after 1,800 ticks (a minute), when half the fish have starved. Touches per tick:
/// 3.1824 fish–algae and 3.5289 algae–sunbeam.
const STEPWISE_AQUATIC_1800: Figures = Figures {
    inert_fish: 63.8125,
    fish_energy: 12.5940,
    inert_algae: 0.125,
    algae_energy: 78.0883,
    touches_per_tick: 6.7113,
};

/// Stepwise's aquatic at 1,000 agents after its first tick, at every seed: touching pairs of
/// each rule (the same again in the second tick), and the mean energies.
const STEPWISE_AQUATIC_FIRST_TICK: ((u64, u64), f64, f64) = ((5, 3), 49.32, 83.226_666_666_666_67);

#[test]
fn aquatic_starts_from_the_world_stepwise_starts_from() {
    // The copies and their places are the suite's own; in two ticks the algae have moved
    // 0.4 at most and the fish 1, so the same pairs touch whatever the random numbers.
    let ((eats, sun), fish_energy, algae_energy) = STEPWISE_AQUATIC_FIRST_TICK;
    for seed in 1..=3 {
        let mut model = Aquatic::new(1_000, seed);
        assert_eq!(model.step(), eats + sun);
        assert_eq!(model.touches(), (eats, sun));
        let census = model.census();
        assert!(
            (census.fish_energy - fish_energy).abs() < 1e-9,
            "{census:?}"
        );
        assert!(
            (census.algae_energy - algae_energy).abs() < 1e-9,
            "{census:?}"
        );
        model.step();
        assert_eq!(model.touches(), (eats, sun));
    }
}

#[test]
fn aquatic_feeds_starves_and_touches_as_stepwise_does() {
    let (mut at_300, mut at_1800) = (Figures::default(), Figures::default());
    for seed in 1..=RUNS {
        let mut model = Aquatic::new(1_000, seed);
        assert_eq!(model.len(), 1_000);
        let mut touches = 0;
        for tick in 1..=1_800 {
            let found = model.step();
            let (eats, sun) = model.touches();
            assert_eq!(found, eats + sun);
            touches += found;
            if tick == 300 {
                at_300.add(model.census(), touches, tick);
            }
        }
        at_1800.add(model.census(), touches, 1_800);
        assert_eq!(model.seconds(), 60);
    }
    // Tolerances: three to four standard errors of the difference, from the runs' spread.
    let (ours, theirs) = (&at_300, &STEPWISE_AQUATIC_300);
    assert!(
        ours.inert_fish <= 1.0 && ours.inert_algae <= 1.0,
        "{ours:?}"
    );
    close(
        "fish energy, 300",
        ours.fish_energy,
        theirs.fish_energy,
        0.015,
    );
    close(
        "algae energy, 300",
        ours.algae_energy,
        theirs.algae_energy,
        0.003,
    );
    close(
        "touches, 300",
        ours.touches_per_tick,
        theirs.touches_per_tick,
        0.08,
    );
    let (ours, theirs) = (&at_1800, &STEPWISE_AQUATIC_1800);
    close("inert fish, 1800", ours.inert_fish, theirs.inert_fish, 0.08);
    close(
        "fish energy, 1800",
        ours.fish_energy,
        theirs.fish_energy,
        0.10,
    );
    // Algae are rarely eaten up: a fraction of one per run, in both.
    assert!(
        (ours.inert_algae - theirs.inert_algae).abs() <= 1.0,
        "{ours:?}"
    );
    close(
        "algae energy, 1800",
        ours.algae_energy,
        theirs.algae_energy,
        0.006,
    );
    close(
        "touches, 1800",
        ours.touches_per_tick,
        theirs.touches_per_tick,
        0.07,
    );
}

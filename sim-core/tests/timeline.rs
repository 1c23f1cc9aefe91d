//! The timeline: any earlier tick shown again exactly (the state hash the run had then),
//! inputs included; a rewound run that goes on with a new input drops the old future; the
//! snapshots stay within their budget, thinned, and far ticks still seek exactly.

mod sim_common;

use sim_common::{load, project};
use sim_core::sim::{MAX_TIMELINE_SNAPSHOTS, SNAPSHOT_EVERY_TICKS};
use sim_core::{InputFrame, Marker, Simulation, Timeline};

const FISH: &str = "# BLUEPRINT Fish
# TAG isCharControllable true
# PROGRAM DEFINE
addFeature Movement
featProp Movement movementType setTo 'wander'
addProp n Number 0
# PROGRAM UPDATE
prop n add 1
";

fn model() -> sim_core::Project {
    project(
        &[("Fish", FISH)],
        &[("Fish", "f1", ""), ("Fish", "f2", "")],
        true,
    )
}

/// Runs `ticks` ticks with a controller frame every 13 and a drag at 50, following the
/// timeline as the app does; returns the hash at every tick once its inputs were taken in
/// (index = tick): what the student last saw at that tick.
fn run(sim: &mut Simulation, timeline: &mut Timeline, ticks: u64) -> Vec<u64> {
    let mut hashes = Vec::new();
    for t in 0..ticks {
        if t % 13 == 0 {
            let x = (t % 50) as f64 / 100.0 - 0.25;
            let frame = InputFrame::Markers {
                device: "s1".into(),
                blueprint: "Fish".into(),
                markers: vec![Marker {
                    id: "a".into(),
                    x,
                    y: 0.1,
                }],
            };
            sim.send_input(frame).unwrap();
        }
        if t == 50 {
            let f1 = sim.lookup("Fish/f1").unwrap();
            sim.move_agent(f1, 12.0, 34.0).unwrap();
        }
        hashes.push(sim.state_hash());
        timeline.follow(sim);
        sim.step();
        timeline.follow(sim);
    }
    hashes.push(sim.state_hash());
    hashes
}

#[test]
fn every_earlier_tick_is_shown_again_exactly() {
    let project = model();
    let mut sim = load(&project, 2);
    let mut timeline = Timeline::new(&sim);
    let hashes = run(&mut sim, &mut timeline, 400);
    assert_eq!(timeline.latest(), 400);
    for tick in [0, 1, 49, 50, 51, 89, 90, 91, 200, 399, 400] {
        let seen = timeline.seek(&project, tick).unwrap();
        assert_eq!(seen.tick_count(), tick);
        assert_eq!(seen.state_hash(), hashes[tick as usize], "tick {tick}");
    }
}

#[test]
fn a_rewound_run_that_gets_an_input_drops_the_old_future() {
    let project = model();
    let mut sim = load(&project, 2);
    let mut timeline = Timeline::new(&sim);
    let hashes = run(&mut sim, &mut timeline, 300);
    let mut rewound = timeline.seek(&project, 120).unwrap();
    assert_eq!(
        timeline.follow(&rewound),
        None,
        "looking back changes nothing"
    );
    assert_eq!(
        timeline.latest(),
        300,
        "the future is still there to go back to"
    );
    let f2 = rewound.lookup("Fish/f2").unwrap();
    rewound.move_agent(f2, -100.0, 0.0).unwrap();
    assert_eq!(
        timeline.follow(&rewound),
        Some(120),
        "an edit after rewinding starts a new future"
    );
    assert_eq!(timeline.latest(), 120);
    for _ in 0..30 {
        rewound.step();
        timeline.follow(&rewound);
    }
    let again = timeline.seek(&project, 150).unwrap();
    assert_eq!(again.state_hash(), rewound.state_hash());
    assert_ne!(
        again.state_hash(),
        hashes[150],
        "the new future differs from the old"
    );
    assert_eq!(
        timeline.seek(&project, 280).unwrap().tick_count(),
        150,
        "the old future is gone"
    );
}

#[test]
fn a_long_run_keeps_no_more_snapshots_than_the_most_and_still_seeks_exactly() {
    let project = model();
    let mut sim = load(&project, 3);
    let mut timeline = Timeline::new(&sim);
    let ticks = 3 * MAX_TIMELINE_SNAPSHOTS as u64 * SNAPSHOT_EVERY_TICKS;
    let hashes = run(&mut sim, &mut timeline, ticks);
    let (count, _) = timeline.kept();
    assert!(
        (MAX_TIMELINE_SNAPSHOTS / 2..=MAX_TIMELINE_SNAPSHOTS).contains(&count),
        "{count} snapshots"
    );
    for tick in [0, ticks / 3, ticks - 1] {
        assert_eq!(
            timeline.seek(&project, tick).unwrap().state_hash(),
            hashes[tick as usize],
            "tick {tick}"
        );
    }
}

#[test]
fn snapshots_stay_within_their_budget_and_far_ticks_still_seek_exactly() {
    let project = model();
    let mut sim = load(&project, 2);
    let one = sim.snapshot().len();
    let mut timeline = Timeline::with_budget(&sim, one * 6);
    let hashes = run(&mut sim, &mut timeline, 1800);
    let (count, bytes) = timeline.kept();
    assert!(
        bytes <= one * 8 && count >= 2,
        "{count} snapshots, {bytes} bytes"
    );
    for tick in [0, 333, 1000, 1799] {
        assert_eq!(
            timeline.seek(&project, tick).unwrap().state_hash(),
            hashes[tick as usize],
            "tick {tick}"
        );
    }
}

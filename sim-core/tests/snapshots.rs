//! Snapshots continue a run exactly: for every shared GEMSTEP model and every model of our
//! own, a run restored from a snapshot made at 10 s ends at 20 s with the state hash of the
//! run that never stopped; so does one restored several times over, and one restored from a
//! snapshot of a restored run. Truncated, altered, foreign and hostile snapshots are refused
//! with a reason and never panic (a property test). The shared models are skipped, with a
//! note, when `../shared` is absent.

mod sim_common;

use proptest::prelude::*;
use sim_common::{load, project};
use sim_core::{
    sim::{SnapshotError, SNAPSHOT_VERSION},
    Project, Simulation,
};
use std::path::PathBuf;

const TICKS_PER_SECOND: u64 = 30;

fn model_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        root.join("../../shared/gemstep-models"),
        root.join("../static/models"),
    ] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("skipped: {} is absent", dir.display());
            continue;
        };
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "gemprj"))
            .collect();
        found.sort();
        files.extend(found);
    }
    files
}

fn read(path: &PathBuf) -> Project {
    Project::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_run_resumed_from_a_snapshot_at_10_s_ends_at_20_s_as_the_straight_run() {
    let files = model_files();
    assert!(!files.is_empty());
    for path in files {
        let project = read(&path);
        let mut straight = load(&project, 7);
        straight.play_rounds_to(20 * TICKS_PER_SECOND);

        let mut first = load(&project, 7);
        first.play_rounds_to(10 * TICKS_PER_SECOND);
        let bytes = first.snapshot();
        let mut resumed = Simulation::restore(&project, &bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            resumed.state_hash(),
            first.state_hash(),
            "{}: at 10 s",
            path.display()
        );
        // Restored again from a snapshot of the restored run, at 15 s.
        resumed.play_rounds_to(15 * TICKS_PER_SECOND);
        let mut again = Simulation::restore(&project, &resumed.snapshot()).unwrap();
        again.play_rounds_to(20 * TICKS_PER_SECOND);
        first.play_rounds_to(20 * TICKS_PER_SECOND);
        assert_eq!(
            again.tick_count(),
            straight.tick_count(),
            "{}",
            path.display()
        );
        assert_eq!(
            again.state_hash(),
            straight.state_hash(),
            "{}: at 20 s",
            path.display()
        );
        assert_eq!(
            first.state_hash(),
            straight.state_hash(),
            "{}: snapshotting changed the run",
            path.display()
        );
    }
}

fn small() -> (Project, Simulation) {
    let fish = "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Movement\nfeatProp Movement movementType setTo 'wander'\naddProp energy Number 10\nprop energy setMin 0\nprop energy setMax 100\n# PROGRAM UPDATE\nprop energy sub 1\nevery 1 [[\n  prop energy add 5\n]]\n";
    let project = project(
        &[("Fish", fish)],
        &[("Fish", "a", ""), ("Fish", "b", "")],
        true,
    );
    let mut sim = load(&project, 3);
    for _ in 0..40 {
        sim.step();
    }
    (project, sim)
}

#[test]
fn queued_messages_and_timers_survive_a_snapshot() {
    let (project, mut sim) = small();
    let a = sim.lookup("Fish/a").unwrap();
    sim.queue_message(a, sim_core::QueuePhase::Think, "prop energy setTo 77")
        .unwrap();
    let mut restored = Simulation::restore(&project, &sim.snapshot()).unwrap();
    for _ in 0..50 {
        sim.step();
        restored.step();
    }
    assert_eq!(restored.state_hash(), sim.state_hash());
}

#[test]
fn a_pending_jitter_rotate_and_the_last_graph_value_survive_a_snapshot() {
    let spinner = "# BLUEPRINT Spinner
# PROGRAM DEFINE
addFeature Movement
addFeature Graphing
featProp Graphing graphValue setTo 4
";
    let project = project(&[("Spinner", spinner)], &[("Spinner", "s", "")], false);
    let mut sim = load(&project, 3);
    for _ in 0..5 {
        sim.step();
    }
    let s = sim.lookup("Spinner/s").unwrap();
    // Exec messages run after the movement pass: the turn waits for the next tick.
    sim.queue_message(
        s,
        sim_core::QueuePhase::Exec,
        "featCall Movement jitterRotate",
    )
    .unwrap();
    sim.step();
    let mut restored = Simulation::restore(&project, &sim.snapshot()).unwrap();
    assert_eq!(restored.state_hash(), sim.state_hash());
    for sim in [&mut sim, &mut restored] {
        assert_eq!(sim.agent(s).unwrap().orientation(), 0.0);
        sim.step();
        let spinner = sim.agent(s).unwrap();
        assert_ne!(
            spinner.orientation(),
            0.0,
            "turned on the tick after the call"
        );
        // graphValue 4 was plotted once, on the first tick, and not again.
        assert_eq!(spinner.graph().unwrap().series, [4.0]);
    }
    assert_eq!(restored.state_hash(), sim.state_hash());
}

#[test]
fn a_snapshot_of_another_model_or_version_is_refused() {
    let (_, sim) = small();
    let bytes = sim.snapshot();
    let other = project(&[("Shark", "# BLUEPRINT Shark\n")], &[], false);
    assert_eq!(
        Simulation::restore(&other, &bytes).err(),
        Some(SnapshotError::OtherProject)
    );
    let mut newer = bytes.clone();
    newer[4..6].copy_from_slice(&(SNAPSHOT_VERSION + 1).to_le_bytes());
    assert!(
        matches!(Simulation::restore(&other, &newer), Err(SnapshotError::Version(v)) if v == SNAPSHOT_VERSION + 1)
    );
    assert_eq!(
        Simulation::restore(&other, b"{\"id\":1}").err(),
        Some(SnapshotError::NotASnapshot)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any cut, any flipped byte, any bytes spliced in: refused or restored, never a panic;
    /// a restored one runs on without panicking either.
    #[test]
    fn damaged_snapshots_are_refused_never_panic(cut in 0usize..4000, flips in prop::collection::vec((0usize..4000, any::<u8>()), 0..6), junk in prop::collection::vec(any::<u8>(), 0..64)) {
        let (project, sim) = small();
        let mut bytes = sim.snapshot();
        for (at, x) in flips {
            if !bytes.is_empty() {
                let i = at % bytes.len();
                bytes[i] ^= x;
            }
        }
        bytes.truncate(cut.min(bytes.len()));
        bytes.extend(junk);
        if let Ok(mut restored) = Simulation::restore(&project, &bytes) {
            for _ in 0..5 {
                restored.step();
            }
        }
    }

    /// The real state with bytes changed inside the packing (so the checksum holds): every
    /// field read back is checked, refused or restored, never a panic.
    #[test]
    fn altered_state_is_refused_never_panic(flips in prop::collection::vec((any::<usize>(), 1u8..), 1..4)) {
        let project = read(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../static/models/fish-and-algae.gemprj"));
        let mut sim = load(&project, 5);
        sim.play_rounds_to(3 * TICKS_PER_SECOND);
        let bytes = sim.snapshot();
        let mut body = miniz_oxide::inflate::decompress_to_vec_zlib(&bytes[6..]).unwrap();
        for (at, x) in flips {
            let i = at % body.len();
            body[i] ^= x;
        }
        let mut altered = bytes[..6].to_vec();
        altered.extend(miniz_oxide::deflate::compress_to_vec_zlib(&body, 1));
        if let Ok(mut restored) = Simulation::restore(&project, &altered) {
            for _ in 0..5 {
                restored.step();
            }
        }
    }

    /// State that decodes but was written by a hostile hand (random postcard bytes, well
    /// packed): refused or restored, never a panic.
    #[test]
    fn hostile_state_is_refused_never_panic(body in prop::collection::vec(any::<u8>(), 0..512)) {
        let (project, _) = small();
        let mut bytes = b"SWSN".to_vec();
        bytes.extend_from_slice(&SNAPSHOT_VERSION.to_le_bytes());
        bytes.extend(miniz_oxide::deflate::compress_to_vec_zlib(&body, 1));
        if let Ok(mut restored) = Simulation::restore(&project, &bytes) {
            restored.step();
        }
    }
}

#[test]
fn a_restored_run_resets_to_the_model_s_start() {
    let (project, sim) = small();
    let mut fresh = load(&project, 3);
    let mut restored = Simulation::restore(&project, &sim.snapshot()).unwrap();
    restored.reset();
    fresh.reset();
    assert_eq!(restored.tick_count(), 0);
    assert_eq!(
        restored.agents().count(),
        2,
        "its starting agents are made again"
    );
    assert_eq!(restored.state_hash(), fresh.state_hash());
}

//! The class run as a file: a lesson recorded as the teacher's page records it (an epoch at
//! the start, every bundle, keyframes, a jump in the middle) replays to the teacher's own
//! state hash at every tick asked, from any seek; a damaged, truncated or foreign file is
//! refused with a message and never panics; the recording stops at its size limit.

mod sim_common;

use proptest::prelude::*;
use sim_common::{load, pond};
use sim_core::{
    session::class_run::{RunFileError, KEYFRAME_EVERY_TICKS},
    session::{Host, Reached, Recorder, RunFile, RunReplay},
    InputFrame, Marker, Project, SimTime, Simulation,
};
use std::collections::BTreeMap;

fn model() -> Project {
    pond(2)
}

/// A recorded lesson: the file, and the teacher's hash after each tick of each part.
struct Lesson {
    bytes: Vec<u8>,
    hashes: Vec<BTreeMap<u64, u64>>,
}

/// The teacher's page, recording: `frames` frames of 1/60 s with three students steering,
/// a reset (a new epoch) after `reset_at` frames.
fn record(frames: u64, reset_at: u64) -> Lesson {
    let project = model();
    let mut sim = load(&project, 3);
    let mut host = Host::new(&sim);
    let mut recorder = Recorder::new("Pond", 1.0e12);
    let mut hashes = vec![BTreeMap::new()];
    let start = |sim: &Simulation, host: &Host, recorder: &mut Recorder, why: &str| {
        let snapshot = host.snapshot(sim, &project, vec!["Fish".into()], true);
        recorder.epoch(&snapshot, sim.tick_count(), why, 0.0);
    };
    start(&sim, &host, &mut recorder, "the session started");
    let mut base = 0.0;
    for frame in 1..=frames {
        if frame == reset_at {
            sim = load(&project, 3);
            host.jump(&sim);
            base = (frame - 1) as f64 / 60.0;
            start(&sim, &host, &mut recorder, "the run started over");
            hashes.push(BTreeMap::new());
        }
        for (n, device) in ["ana", "ben", "cy"].iter().enumerate() {
            if (frame + n as u64) % 3 == 0 {
                let t = frame as f64 / 50.0 + n as f64;
                let frame = InputFrame::Markers {
                    device: device.to_string(),
                    blueprint: "Fish".into(),
                    markers: vec![Marker {
                        id: "m".into(),
                        x: t.sin() * 0.4,
                        y: t.cos() * 0.3,
                    }],
                };
                sim.send_input(frame).expect("a good frame");
            }
        }
        let until = SimTime::from_f64(frame as f64 / 60.0 - base).expect("a time");
        sim.advance_to(until);
        let bundle = host.ran(&sim, until).expect("in step").expect("ran");
        recorder.bundle(&bundle);
        hashes
            .last_mut()
            .expect("a part")
            .insert(sim.tick_count(), sim.state_hash());
        if recorder.keyframe_due(sim.tick_count()) {
            recorder.keyframe(host.epoch(), host.seq(), sim.tick_count(), sim.snapshot());
        }
    }
    let names = vec![("ana".to_string(), "Ana".to_string())];
    let bytes = recorder.save(names, "{\"what\":\"join\"}\n");
    Lesson { bytes, hashes }
}

/// The replay's state hash at tick `tick` of part `part`, sought afresh.
fn hash_at(replay: &RunReplay, part: usize, tick: u64) -> (u64, u64) {
    let (mut head, _, mut sim) = replay.seek(replay.position_of(part, tick)).expect("seeks");
    let reached = replay
        .play_to(&mut head, &mut sim, tick, u64::MAX)
        .expect("replays");
    assert_ne!(reached, Reached::Partway);
    (sim.tick_count(), sim.state_hash())
}

#[test]
fn a_recorded_lesson_replays_to_the_teachers_hash_at_every_tick_asked() {
    let lesson = record(2_000, 1_500);
    let replay = RunReplay::open(&lesson.bytes).expect("opens");
    let parts = replay.parts();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0].why, "the session started");
    assert_eq!(parts[1].why, "the run started over");
    assert_eq!(replay.file().names, vec![("ana".into(), "Ana".into())]);
    assert!(replay.file().activity.contains("join"));
    // 1,499 frames of 1/60 s: 749 ticks, then 501 frames more.
    assert_eq!(parts[0].ticks, (0, 749));
    assert_eq!(parts[1].ticks, (0, 250));
    assert_eq!(replay.length(), 750 + 251);
    for (part, tick) in [
        (0, 1),
        (0, 600),
        (0, 601),
        (0, 749),
        (1, 0),
        (1, 137),
        (1, 250),
    ] {
        let (at, hash) = hash_at(&replay, part, tick);
        assert_eq!(at, tick, "part {part} reaches tick {tick}");
        assert_eq!(
            Some(&hash),
            lesson.hashes[part]
                .get(&tick)
                .or((tick == 0).then_some(&hash)),
            "part {part}, tick {tick}"
        );
    }
}

#[test]
fn playing_on_from_a_seek_checks_the_lessons_hashes_and_stops_at_the_budget() {
    let lesson = record(1_400, u64::MAX);
    let replay = RunReplay::open(&lesson.bytes).expect("opens");
    let (mut head, _, mut sim) = replay.seek(0).expect("seeks");
    let mut calls = 0;
    loop {
        calls += 1;
        match replay
            .play_to(&mut head, &mut sim, u64::MAX, 100)
            .expect("replays")
        {
            Reached::Partway => continue,
            Reached::End => break,
            Reached::There => panic!("nothing is past the end"),
        }
    }
    // Past the first keyframe, so a seek there starts from it.
    assert!(sim.tick_count() > KEYFRAME_EVERY_TICKS);
    assert!(
        calls >= 7,
        "{calls} calls of at most ~100 ticks for 699 ticks"
    );
    let (last, hash) = lesson.hashes[0].last_key_value().expect("ticks ran");
    assert_eq!((sim.tick_count(), sim.state_hash()), (*last, *hash));
    assert!(head.checks() >= 20, "{} hash checks", head.checks());
}

#[test]
fn a_replay_that_would_differ_from_the_lesson_says_so() {
    let lesson = record(600, u64::MAX);
    let mut file = RunFile::decode(&lesson.bytes).expect("reads");
    // Another model under the same run: its state differs at the first hash check.
    let other = pond(1);
    let other_sim = load(&other, 3);
    let host = Host::new(&other_sim);
    let snapshot = host.snapshot(&other_sim, &other, Vec::new(), true);
    file.projects[0].0 = snapshot.project;
    file.epochs[0].keyframes.truncate(1);
    file.epochs[0].keyframes[0].state.0 = snapshot.state;
    let replay = RunReplay::open(&file.encode()).expect("opens");
    let (mut head, _, mut sim) = replay.seek(0).expect("seeks");
    let error = replay
        .play_to(&mut head, &mut sim, 300, u64::MAX)
        .expect_err("differs");
    assert!(error.contains("differs"), "{error}");
}

#[test]
fn files_that_are_not_runs_are_refused_by_name() {
    let lesson = record(200, u64::MAX);
    assert_eq!(
        RunReplay::open(b"{\"blueprints\": []}").err(),
        Some(RunFileError::NotARun)
    );
    let mut other = lesson.bytes.clone();
    other[13] = 9;
    assert_eq!(
        RunFile::decode(&other).err(),
        Some(RunFileError::Version(9))
    );
    let cut = &lesson.bytes[..lesson.bytes.len() - 100];
    assert_eq!(RunFile::decode(cut).err(), Some(RunFileError::Damaged));
    let message = RunFileError::Damaged.to_string();
    assert!(message.contains("damaged or cut short"), "{message}");
    let huge = vec![0u8; sim_core::session::class_run::MAX_RUN_BYTES + 1];
    assert!(matches!(
        RunFile::decode(&huge),
        Err(RunFileError::TooLarge(_))
    ));
}

#[test]
fn a_long_activity_record_is_cut_at_a_line_and_never_inside_a_character() {
    let mut recorder = Recorder::new("Pond", 0.0);
    let sim = load(&model(), 1);
    let host = Host::new(&sim);
    recorder.epoch(
        &host.snapshot(&sim, &model(), Vec::new(), false),
        0,
        "start",
        0.0,
    );
    let line = format!("{{\"what\":\"{}\"}}\n", "é".repeat(1000));
    let activity = line.repeat(sim_core::session::class_run::MAX_ACTIVITY_BYTES / line.len() + 5);
    let bytes = recorder.save(Vec::new(), &activity);
    let file = RunFile::decode(&bytes).expect("reads");
    assert!(file.activity.len() <= sim_core::session::class_run::MAX_ACTIVITY_BYTES);
    assert!(file.activity.ends_with('\n'));
    assert!(file.activity.lines().all(|l| l == line.trim_end()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every prefix of a good file, and the file with any byte changed, is refused
    /// (the checksum), never misread and never a panic.
    #[test]
    fn damaged_and_truncated_files_are_refused(cut in 0usize..4_000, at in 0usize..4_000, flip in 1u8..=255) {
        let bytes = small_file();
        let cut = cut % bytes.len();
        prop_assert!(RunReplay::open(&bytes[..cut]).is_err());
        let mut damaged = bytes.clone();
        let at = at % damaged.len();
        damaged[at] ^= flip;
        prop_assert!(RunReplay::open(&damaged).is_err());
    }

    /// Bytes that claim to be a run are refused or read, never a panic; a read one replays
    /// or says why not.
    #[test]
    fn any_bytes_after_the_magic_never_panic(body in proptest::collection::vec(any::<u8>(), 0..600)) {
        let mut bytes = b"STEPWISE-RUN\n\x01\x00".to_vec();
        bytes.extend_from_slice(&body);
        let sum = fnv(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        if let Ok(replay) = RunReplay::open(&bytes) {
            if let Ok((mut head, _, mut sim)) = replay.seek(0) {
                let _ = replay.play_to(&mut head, &mut sim, u64::MAX, 10_000);
            }
        }
    }
}

fn small_file() -> Vec<u8> {
    thread_local! {
        static FILE: Vec<u8> = record(120, u64::MAX).bytes;
    }
    FILE.with(Clone::clone)
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn stepwise_run_replay_prints_the_teachers_final_hash() {
    let lesson = record(900, 700);
    let path = std::env::temp_dir().join(format!("class-run-{}.stepwise-run", std::process::id()));
    std::fs::write(&path, &lesson.bytes).expect("writes");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(["run", "--replay"])
        .arg(&path)
        .output()
        .expect("runs");
    let damaged = std::process::Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(["run", "--replay", "Cargo.toml"])
        .output()
        .expect("runs");
    let _ = std::fs::remove_file(&path);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (_, hash) = lesson.hashes[1].last_key_value().expect("ticks ran");
    assert!(
        text.ends_with(&format!("state hash {hash:016x}\n")),
        "{text}"
    );
    assert!(
        text.contains("part 2: ticks 0 to 100 (the run started over)"),
        "{text}"
    );
    assert!(!damaged.status.success());
    let why = String::from_utf8_lossy(&damaged.stderr);
    assert!(why.contains("not a Stepwise class run"), "{why}");
}

#[test]
fn a_project_from_a_moment_starts_with_its_agents_where_they_were() {
    let mut sim = load(&model(), 5);
    sim.send_input(InputFrame::Markers {
        device: "ana".into(),
        blueprint: "Fish".into(),
        markers: vec![Marker {
            id: "m".into(),
            x: 0.1,
            y: -0.2,
        }],
    })
    .expect("a good frame");
    for _ in 0..95 {
        sim.step();
    }
    let from_here = sim.project_from_here(&model());
    assert_eq!(from_here.instances.len(), 3, "two algae and Ana's fish");
    let again = load(&from_here, 9);
    let state = |sim: &Simulation| {
        let mut agents: Vec<_> = sim
            .agents()
            .map(|a| {
                let props: Vec<_> = a
                    .props()
                    .into_iter()
                    .filter(|p| matches!(p.name.as_str(), "x" | "y" | "energy" | "size"))
                    .map(|p| (p.name, p.value))
                    .collect();
                (a.name().to_string(), a.blueprint().to_string(), props)
            })
            .collect();
        agents.sort_by(|a, b| a.0.cmp(&b.0));
        agents
    };
    assert_eq!(state(&again), state(&sim));
}

#[test]
fn a_recording_goes_on_after_the_teachers_page_reloaded() {
    let lesson = record(400, u64::MAX);
    let file = RunFile::decode(&lesson.bytes).expect("reads");
    let mut recorder = Recorder::resume(file);
    assert_eq!(recorder.ticks(), 200);
    let sim = load(&model(), 3);
    let host = Host::new(&sim);
    let snapshot = host.snapshot(&sim, &model(), Vec::new(), false);
    recorder.epoch(&snapshot, 0, "the teacher's page came back", 0.0);
    let replay = RunReplay::open(&recorder.save(Vec::new(), "")).expect("opens");
    let whys: Vec<_> = replay.parts().into_iter().map(|p| p.why).collect();
    assert_eq!(
        whys,
        ["the session started", "the teacher's page came back"]
    );
    assert_eq!(hash_at(&replay, 0, 150).1, lesson.hashes[0][&150]);
}

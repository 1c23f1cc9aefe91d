//! # class-run: what a saved class run weighs and how fast it opens
//!
//! `class-run MODEL.gemprj [--minutes 45] [--students 30] [--moving 100] [--edits 9]
//! [--out FILE]` records a lesson as the teacher's page does (sim-core's `Host` and
//! `Recorder`, 60 frames a second) with simulated students steering the model's
//! controllable blueprint: each sends its marker every 40 ms while its finger moves
//! (`--moving` percent of the time, in stretches of a few seconds) and every second while
//! it rests, as a student's page does, at phone-pixel positions. `--edits` script changes
//! spread over the lesson each start a new epoch. Prints one JSON object: the file's bytes,
//! the frames and epochs in it, the recorder's largest size on the way, and the time to
//! save, to open and to show the middle and the end of the lesson (seek and replay).

use sim_core::{
    session::{Host, Reached, Recorder, RunReplay},
    InputFrame, Marker, Project, SimTime, Simulation,
};
use std::time::Instant;

fn arg(args: &[String], name: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A student's finger: a seeded walk over a phone's stage, moving or resting in stretches.
struct Finger {
    state: u64,
    px: f64,
    py: f64,
    moving: bool,
    stretch_ms: f64,
    next_ms: f64,
}

impl Finger {
    fn random(&mut self) -> f64 {
        self.state = self
            .state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.state >> 11) as f64 / (1u64 << 53) as f64
    }

    /// The marker to send at `now_ms`, if one is due.
    fn frame(&mut self, now_ms: f64, moving_share: f64) -> Option<Marker> {
        if now_ms >= self.stretch_ms {
            self.moving = self.random() < moving_share;
            self.stretch_ms = now_ms + 2_000.0 + 6_000.0 * self.random();
        }
        if now_ms < self.next_ms {
            return None;
        }
        self.next_ms = now_ms + if self.moving { 40.0 } else { 1_000.0 };
        if self.moving {
            // CSS pixels of a 390-wide phone at device pixel ratio 3.
            self.px = (self.px + (self.random() - 0.5) * 24.0).clamp(0.0, 390.0);
            self.py = (self.py + (self.random() - 0.5) * 24.0).clamp(0.0, 390.0);
            self.px = (self.px * 3.0).round() / 3.0;
            self.py = (self.py * 3.0).round() / 3.0;
        }
        Some(Marker {
            id: "m".into(),
            x: self.px / 390.0 - 0.5,
            y: self.py / 390.0 - 0.5,
        })
    }
}

/// The model with its first controllable blueprint's script changed: a student's edit.
fn edited(project: &Project, blueprint: &str, n: u64) -> Project {
    let mut project = project.clone();
    if let Some(b) = project.blueprints.iter_mut().find(|b| b.name == blueprint) {
        b.script_text.push_str(&format!("\n// change {n}\n"));
    }
    project
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first().filter(|a| !a.starts_with("--")) else {
        eprintln!("usage: class-run MODEL.gemprj [--minutes 45] [--students 30] [--moving 100] [--edits 9] [--out FILE]");
        std::process::exit(2);
    };
    let minutes = arg(&args, "--minutes", 45);
    let students = arg(&args, "--students", 30);
    let moving = arg(&args, "--moving", 100) as f64 / 100.0;
    let edits = arg(&args, "--edits", 9);
    let out = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1));
    let text = std::fs::read_to_string(path).expect("the model reads");
    let mut project = Project::from_json(&text).expect("the model is a project");
    let mut sim = Simulation::load(&project, 1).expect("the model compiles");
    let blueprint = sim
        .controllable_blueprints()
        .first()
        .cloned()
        .expect("the model has a blueprint students can steer");
    let mut host = Host::new(&sim);
    let mut recorder = Recorder::new(&project.label, 0.0);
    let start = |sim: &Simulation, host: &Host, project: &Project, r: &mut Recorder, why: &str| {
        let snapshot = host.snapshot(sim, project, vec![blueprint.clone()], true);
        r.epoch(&snapshot, sim.tick_count(), why, 0.0);
    };
    start(&sim, &host, &project, &mut recorder, "the session started");
    let mut fingers: Vec<Finger> = (0..students)
        .map(|n| Finger {
            state: n * 7_919 + 1,
            px: 195.0,
            py: 195.0,
            moving: false,
            stretch_ms: 0.0,
            next_ms: n as f64 * 13.0,
        })
        .collect();
    let frames = minutes * 60 * 60;
    let edit_every = frames / (edits + 1);
    let (mut sent, mut largest) = (0u64, 0usize);
    let recording = Instant::now();
    for frame in 1..=frames {
        let now_ms = frame as f64 * 1_000.0 / 60.0;
        if edits > 0 && frame % edit_every == 0 && frame / edit_every <= edits {
            project = edited(&project, &blueprint, frame / edit_every);
            sim.hot_swap(&project).expect("the edit swaps in");
            host.jump(&sim);
            start(
                &sim,
                &host,
                &project,
                &mut recorder,
                "a student's change was applied",
            );
        }
        for (n, finger) in fingers.iter_mut().enumerate() {
            if let Some(marker) = finger.frame(now_ms, moving) {
                let frame = InputFrame::Markers {
                    device: format!("dev-{n:02}-{:08x}", n * 2_654_435_761),
                    blueprint: blueprint.clone(),
                    markers: vec![marker],
                };
                sent += u64::from(sim.send_input(frame).is_ok());
            }
        }
        let until = SimTime::from_bits(i64::try_from(frame * 65_536 / 60).unwrap_or(i64::MAX));
        sim.advance_to(until);
        match host.ran(&sim, until) {
            Ok(Some(bundle)) => recorder.bundle(&bundle),
            Ok(None) => {}
            Err(why) => panic!("the host lost track: {why}"),
        }
        if recorder.keyframe_due(sim.tick_count()) {
            recorder.keyframe(host.epoch(), host.seq(), sim.tick_count(), sim.snapshot());
        }
        largest = largest.max(recorder.bytes());
    }
    let record_ms = recording.elapsed().as_secs_f64() * 1e3;
    let final_hash = sim.state_hash();
    let names: Vec<(String, String)> = (0..students)
        .map(|n| (format!("dev-{n:02}"), format!("Student {n}")))
        .collect();
    let activity: String = (0..students * 40)
        .map(|n| format!("{{\"wall_ms\":{n},\"tick\":{n},\"who\":\"Student {}\",\"what\":\"joined\",\"detail\":\"\"}}\n", n % students))
        .collect();
    let saving = Instant::now();
    let bytes = recorder.save(names, &activity);
    let save_ms = saving.elapsed().as_secs_f64() * 1e3;
    if let Some(out) = out {
        std::fs::write(out, &bytes).expect("the file writes");
    }
    let opening = Instant::now();
    let replay = RunReplay::open(&bytes).expect("the run opens");
    let open_ms = opening.elapsed().as_secs_f64() * 1e3;
    let show = |position: u64| {
        let t = Instant::now();
        let (mut head, _, mut sim) = replay.seek(position).expect("seeks");
        let (_, tick) = replay.locate(position);
        let reached = replay
            .play_to(&mut head, &mut sim, tick, u64::MAX)
            .expect("replays");
        (t.elapsed().as_secs_f64() * 1e3, reached, sim.state_hash())
    };
    let (middle_ms, _, _) = show(replay.length() / 2);
    let (end_ms, reached, end_hash) = show(replay.length() - 1);
    assert_ne!(reached, Reached::Partway);
    assert_eq!(end_hash, final_hash, "the replay ends where the lesson did");
    let keyframes: usize = replay.file().epochs.iter().map(|e| e.keyframes.len()).sum();
    println!(
        "{}",
        serde_json::json!({
            "model": path,
            "minutes": minutes,
            "students": students,
            "moving_percent": moving * 100.0,
            "frames_sent": sent,
            "frames_refused": sim.inputs_refused(),
            "ticks": sim.tick_count(),
            "epochs": replay.parts().len(),
            "keyframes": keyframes,
            "file_bytes": bytes.len(),
            "file_mb": bytes.len() as f64 / 1_048_576.0,
            "largest_recording_bytes": largest,
            "record_ms": record_ms,
            "save_ms": save_ms,
            "open_ms": open_ms,
            "show_middle_ms": middle_ms,
            "show_end_ms": end_ms,
            "final_hash": format!("{final_hash:016x}"),
        })
    );
}

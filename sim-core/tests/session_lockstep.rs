//! A live session's lockstep, end to end without a network: a teacher's simulation, its room
//! and host; devices that start from the teacher's snapshot and apply its bundles reach the
//! teacher's state hash at every hash check, whatever the inputs, frame lengths and the
//! moment a device joins; a lost bundle, a jump and a differing state are each noticed.

mod sim_common;

use proptest::prelude::*;
use sim_common::{count, load, pond};
use sim_core::{
    session::protocol::{Join, StudentInput},
    session::{decode, encode, Action, Followed, Follower, Host, Message, Room},
    sim::tick_time,
    Input, Marker, Project, SimTime, Simulation,
};

fn model() -> Project {
    pond(3)
}

/// The teacher's page without a page: a simulation, its host and its room.
struct Teacher {
    project: Project,
    sim: Simulation,
    host: Host,
    room: Room,
    /// Every message sent on the *out* channel, encoded.
    out: Vec<Vec<u8>>,
}

impl Teacher {
    fn new() -> Teacher {
        let project = model();
        let sim = load(&project, 7);
        let host = Host::new(&sim);
        Teacher {
            project,
            sim,
            host,
            room: Room::new("ABCDEF"),
            out: Vec::new(),
        }
    }

    fn snapshot(&self) -> Message {
        let characters = self.sim.controllable_blueprints();
        Message::Snapshot(
            self.host
                .snapshot(&self.sim, &self.project, characters, true),
        )
    }

    fn receive(&mut self, message: &Message, now_ms: f64) {
        let characters = self.sim.controllable_blueprints();
        match self
            .room
            .receive(decode(&encode(message)), now_ms, &characters)
        {
            Action::Apply { frame, ack } => {
                if self.sim.send_input(frame).is_ok() {
                    if let Some((device, seq)) = ack {
                        self.host.ack(&device, seq);
                    }
                }
            }
            Action::Send(m) => self.out.push(encode(&m)),
            Action::SendThenSnapshot(m) => {
                self.out.push(encode(&m));
                let s = self.snapshot();
                self.out.push(encode(&s));
            }
            Action::Snapshot => {
                let s = self.snapshot();
                self.out.push(encode(&s));
            }
            // Students' scripts are the web app's to check and apply (its own tests).
            Action::Nothing | Action::Submitted { .. } | Action::HandedIn { .. } => {}
        }
    }

    /// One animation frame: the clock reached `until`.
    fn frame(&mut self, until: SimTime) {
        self.sim.advance_to(until);
        match self.host.ran(&self.sim, until) {
            Ok(Some(b)) => self.out.push(encode(&Message::Bundle(b))),
            Ok(None) => {}
            Err(why) => panic!("the host lost track: {why}"),
        }
    }
}

/// A device following the *out* channel from message `from` on.
struct Device {
    follower: Option<(Follower, Simulation)>,
    read: usize,
    checks: u32,
    lost: Vec<String>,
}

impl Device {
    fn new(from: usize) -> Device {
        Device {
            follower: None,
            read: from,
            checks: 0,
            lost: Vec::new(),
        }
    }

    fn catch_up(&mut self, out: &[Vec<u8>]) {
        for bytes in &out[self.read..] {
            match decode(bytes).expect("the teacher sends messages") {
                Message::Snapshot(s) if self.follower.as_ref().is_none_or(|(f, _)| f.wants(&s)) => {
                    let (f, _, sim) = Follower::start(&s).expect("the snapshot restores");
                    self.follower = Some((f, sim));
                }
                Message::Bundle(b) => {
                    if let Some((f, sim)) = &mut self.follower {
                        match f.apply(sim, &b) {
                            Followed::Applied if b.hash.is_some() => self.checks += 1,
                            Followed::Lost(why) => self.lost.push(why),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        self.read = out.len();
    }

    fn sim(&self) -> &Simulation {
        &self.follower.as_ref().expect("following").1
    }
}

fn join(device: &str, code: &str) -> Message {
    Message::Join(Join {
        device: device.into(),
        secret: format!("{device}-secret-0123"),
        name: format!("Student {device}"),
        blueprint: "Fish".into(),
        code: code.into(),
    })
}

fn input(device: &str, seq: u32, x: f64, y: f64) -> Message {
    Message::Input(StudentInput {
        device: device.into(),
        secret: format!("{device}-secret-0123"),
        seq,
        markers: vec![Marker {
            id: "m".into(),
            x,
            y,
        }],
        delay_ms: None,
        behind_ms: None,
    })
}

#[test]
fn devices_follow_the_teacher_to_the_same_state_and_a_late_joiner_matches() {
    let mut t = Teacher::new();
    let first = t.snapshot();
    t.out.push(encode(&first));
    let mut projector = Device::new(0);
    for s in ["s1", "s2"] {
        t.receive(&join(s, "abcdef"), 0.0);
    }
    let mut late = None;
    for frame in 1..=700u64 {
        let now = frame as f64 * 16.0;
        if frame % 2 == 0 {
            let x = ((frame as f64) / 100.0).sin() * 0.4;
            t.receive(&input("s1", frame as u32, x, 0.1), now);
            t.receive(&input("s2", frame as u32, -x, -0.1), now);
        }
        // Frames of uneven length, as a browser's are.
        t.frame(tick_time(frame * 30 / 60 + frame % 3));
        if t.sim.tick_count() >= 300 && late.is_none() {
            t.receive(&join("late", "ABCDEF"), now);
            late = Some(Device::new(t.out.len() - 1));
        }
        projector.catch_up(&t.out);
        if let Some(late) = &mut late {
            late.catch_up(&t.out);
        }
    }
    let late = late.expect("the late joiner joined");
    assert!(projector.lost.is_empty(), "{:?}", projector.lost);
    assert!(late.lost.is_empty(), "{:?}", late.lost);
    assert!(projector.checks >= 6, "hash checks: {}", projector.checks);
    assert!(late.checks >= 1);
    assert_eq!(projector.sim().state_hash(), t.sim.state_hash());
    assert_eq!(late.sim().state_hash(), t.sim.state_hash());
    assert_eq!(
        count(projector.sim(), "Fish"),
        2,
        "both students' characters"
    );
}

#[test]
fn the_teachers_own_edits_travel_in_bundles_too() {
    let mut t = Teacher::new();
    let first = t.snapshot();
    t.out.push(encode(&first));
    let mut d = Device::new(0);
    t.frame(tick_time(5));
    t.sim.apply_input(&Input::Create("Fish".into(), 10.0, 20.0));
    t.sim.apply_input(&Input::NextRound);
    t.frame(tick_time(40));
    d.catch_up(&t.out);
    assert!(d.lost.is_empty(), "{:?}", d.lost);
    assert_eq!(count(d.sim(), "Fish"), 1);
    assert_eq!(d.sim().state_hash(), t.sim.state_hash());
}

#[test]
fn a_lost_bundle_a_jump_and_a_differing_state_are_noticed() {
    let mut t = Teacher::new();
    let first = t.snapshot();
    t.out.push(encode(&first));
    let mut d = Device::new(0);
    d.catch_up(&t.out);
    t.frame(tick_time(10));
    t.frame(tick_time(20));
    // The device misses the first bundle.
    d.read += 1;
    d.catch_up(&t.out);
    assert!(d.lost[0].contains("did not arrive"), "{:?}", d.lost);

    let mut d = Device::new(0);
    t.sim.reset();
    t.host.jump(&t.sim);
    t.frame(tick_time(30));
    d.catch_up(&t.out);
    assert!(d.lost.iter().any(|w| w.contains("jumped")), "{:?}", d.lost);

    // A device whose model drifted (here: changed behind the teacher's back) is told at the
    // next hash.
    let mut t = Teacher::new();
    let first = t.snapshot();
    t.out.push(encode(&first));
    let mut d = Device::new(0);
    d.catch_up(&t.out);
    if let Some((_, sim)) = &mut d.follower {
        sim.apply_input(&Input::Create("Algae".into(), 0.0, 0.0));
    }
    t.frame(tick_time(31));
    d.catch_up(&t.out);
    assert!(d.lost.iter().any(|w| w.contains("differs")), "{:?}", d.lost);
}

#[test]
fn the_room_refuses_wrong_codes_strangers_impostors_kicked_devices_and_floods() {
    let mut t = Teacher::new();
    t.receive(&join("s1", "WRONG1"), 0.0);
    assert_eq!(t.room.students().count(), 0);
    t.receive(&join("s1", "ABCDEF"), 0.0);
    assert_eq!(t.room.students().count(), 1);
    // Another device claiming s1's id without its secret.
    let mut impostor = input("s1", 1, 0.0, 0.0);
    if let Message::Input(i) = &mut impostor {
        i.secret = "guessed-secret".into();
    }
    t.receive(&impostor, 10.0);
    assert_eq!(t.room.students().next().unwrap().last_input_ms, None);
    // A device the room does not know (the teacher's page reloaded) is asked to join again.
    t.receive(&input("stranger", 1, 0.0, 0.0), 20.0);
    assert_eq!(
        decode(t.out.last().unwrap()),
        Ok(Message::Rejoin {
            device: "stranger".into()
        })
    );
    // 60 inputs in one second: 25 pass.
    for seq in 1..=60 {
        t.receive(&input("s1", seq, 0.0, 0.0), 500.0);
    }
    assert_eq!(t.room.counts().rate_dropped, 35);
    // Bundles, controls and snapshots from a device are refused.
    let before = t.room.counts().refused;
    t.receive(&Message::Ended, 600.0);
    assert_eq!(t.room.counts().refused, before + 1);
    t.room.receive(decode(b"garbage"), 600.0, &[]);
    assert_eq!(t.room.counts().malformed, 1);
    // Kicked: gone, and cannot come back with the same id.
    assert!(t.room.kick("s1").is_some());
    t.receive(&join("s1", "ABCDEF"), 700.0);
    assert_eq!(t.room.students().count(), 0);
    // Locked: no newcomer.
    t.room.set_locked(true);
    t.receive(&join("s9", "ABCDEF"), 800.0);
    assert_eq!(t.room.students().count(), 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Whatever the inputs, their timing, the frame lengths, the teacher's edits and resets,
    /// and when a device starts, a device that follows every message matches the teacher.
    #[test]
    fn any_session_keeps_every_device_in_step(
        steps in proptest::collection::vec((0u8..6, 0u8..4, -0.5f64..0.5, -0.5f64..0.5), 1..120),
        start in 0usize..60,
    ) {
        let mut t = Teacher::new();
        let first = t.snapshot();
        t.out.push(encode(&first));
        t.receive(&join("a", "ABCDEF"), 0.0);
        t.receive(&join("b", "ABCDEF"), 0.0);
        let mut ticks = 0u64;
        let mut device = None;
        for (i, (kind, frames, x, y)) in steps.iter().enumerate() {
            let now = i as f64 * 40.0;
            match kind {
                0 => t.receive(&input("a", i as u32, *x, *y), now),
                1 => t.receive(&input("b", i as u32, *x, *y), now),
                2 => t.sim.apply_input(&Input::Create("Algae".into(), x * 800.0, y * 800.0)),
                3 => {
                    t.sim.reset();
                    t.host.jump(&t.sim);
                    ticks = 0;
                    let s = t.snapshot();
                    t.out.push(encode(&s));
                }
                _ => {}
            }
            ticks += u64::from(*frames);
            t.frame(tick_time(ticks));
            if i == start {
                let s = t.snapshot();
                t.out.push(encode(&s));
                device = Some(Device::new(t.out.len() - 1));
            }
            if let Some(d) = &mut device {
                d.catch_up(&t.out);
                // A jump restarts the device from the snapshot that follows it.
                if !d.lost.is_empty() {
                    let at = t.out.iter().rposition(|m| matches!(decode(m), Ok(Message::Snapshot(_)))).unwrap();
                    *d = Device::new(at);
                    d.catch_up(&t.out);
                }
            }
        }
        if let Some(d) = &device {
            prop_assert!(d.lost.is_empty(), "{:?}", d.lost);
            prop_assert_eq!(d.sim().state_hash(), t.sim.state_hash());
        }
    }
}

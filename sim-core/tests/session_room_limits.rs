//! One connection cannot take a room down: a flood of joins fills it no faster than a
//! teacher can see it (and one click removes everyone who never steered), and forged inputs
//! from unknown devices make the teacher's page answer only a few times a second.

use sim_core::{
    session::protocol::{Join, StudentInput},
    session::room::{
        JOINS_PER_SECOND, JOIN_BURST, MAX_STUDENTS, REJOINS_PER_SECOND, REJOIN_GAP_MS,
    },
    session::{Action, Message, Room},
};

const CHARACTERS: &[&str] = &["Fish"];

fn characters() -> Vec<String> {
    CHARACTERS.iter().map(|c| c.to_string()).collect()
}

fn join(device: &str, name: &str) -> Message {
    Message::Join(Join {
        device: device.to_string(),
        secret: format!("secret-of-{device}"),
        name: name.to_string(),
        blueprint: "Fish".to_string(),
        code: "ABCDEF".to_string(),
    })
}

fn input(device: &str, seq: u32) -> Message {
    moved(device, seq, 0.0)
}

/// An input with one marker at `x`.
fn moved(device: &str, seq: u32, x: f64) -> Message {
    Message::Input(StudentInput {
        device: device.to_string(),
        secret: format!("secret-of-{device}"),
        seq,
        markers: vec![sim_core::Marker {
            id: "m0".into(),
            x,
            y: 0.0,
        }],
        delay_ms: None,
    })
}

fn welcomed(action: &Action) -> bool {
    matches!(action, Action::SendThenSnapshot(Message::Welcome(_)))
}

#[test]
fn a_flood_of_joins_fills_the_room_no_faster_than_a_teacher_can_see_it() {
    let mut room = Room::new("ABCDEF");
    let chars = characters();
    // 260 joins in about 3 seconds, as one student's NATS client sent them.
    let mut admitted = 0;
    for n in 0..260 {
        let now = n as f64 * 3_000.0 / 260.0;
        let action = room.receive(Ok(join(&format!("fake{n}"), "x")), now, &chars);
        admitted += usize::from(welcomed(&action));
    }
    let most = (JOIN_BURST + 3.0 * JOINS_PER_SECOND).ceil() as usize;
    assert!(admitted <= most, "{admitted} admitted in 3 s");
    assert!(admitted < MAX_STUDENTS);
    assert!(room.counts().joins_throttled >= (260 - most) as u64);
    // A real student a little later gets in, and keeps steering.
    let action = room.receive(Ok(join("ana", "Ana")), 4_000.0, &chars);
    assert!(welcomed(&action), "{action:?}");
    assert!(matches!(
        room.receive(Ok(input("ana", 1)), 4_100.0, &chars),
        Action::Apply { .. }
    ));
    // A device saying it is still there has not steered; one that moves has.
    assert!(room.not_steering().contains(&"ana".to_string()));
    room.receive(Ok(moved("ana", 2, 0.1)), 4_140.0, &chars);
    assert!(!room.not_steering().contains(&"ana".to_string()));
    // One click removes everyone who never steered; Ana stays.
    let idle = room.not_steering();
    assert_eq!(idle.len(), admitted);
    for device in idle {
        room.kick(&device);
    }
    let left: Vec<&str> = room.students().map(|s| s.name.as_str()).collect();
    assert_eq!(left, ["Ana"]);
    // A device coming back (a reload) is not a new student and is never throttled.
    for n in 0..100 {
        let action = room.receive(Ok(join("ana", "Ana")), 4_200.0 + f64::from(n), &chars);
        assert!(welcomed(&action));
    }
}

#[test]
fn forged_inputs_from_unknown_devices_are_answered_a_few_times_a_second() {
    let mut room = Room::new("ABCDEF");
    let chars = characters();
    let mut rejoins = 0;
    // 10,000 inputs in 10 s from devices the room does not know.
    for n in 0..10_000u32 {
        let now = f64::from(n);
        let device = format!("ghost{}", n % 50);
        if let Action::Send(Message::Rejoin { .. }) =
            room.receive(Ok(input(&device, n)), now, &chars)
        {
            rejoins += 1;
        }
    }
    let most = (REJOINS_PER_SECOND * 11.0) as usize;
    assert!(
        rejoins <= most,
        "{rejoins} rejoins for 10,000 forged inputs"
    );
    assert!(
        rejoins >= 10,
        "a device the room forgot is still asked: {rejoins}"
    );
    // One device is asked at most once every couple of seconds.
    let mut room = Room::new("ABCDEF");
    let asked: Vec<f64> = (0..100)
        .map(|n| f64::from(n) * 100.0)
        .filter(|now| {
            matches!(
                room.receive(Ok(input("ben", 1)), *now, &chars),
                Action::Send(Message::Rejoin { .. })
            )
        })
        .collect();
    assert!(
        asked.windows(2).all(|w| w[1] - w[0] >= REJOIN_GAP_MS),
        "{asked:?}"
    );
    assert!(asked.len() >= 4);
}

#[test]
fn a_reloaded_page_numbers_its_inputs_afresh_and_is_heard_after_it_joins_again() {
    let mut room = Room::new("ABCDEF");
    let chars = characters();
    let applied = |a: &Action| matches!(a, Action::Apply { .. });
    assert!(welcomed(&room.receive(Ok(join("tab", "Ana")), 0.0, &chars)));
    assert!(applied(&room.receive(
        Ok(moved("tab", 500, 0.1)),
        100.0,
        &chars
    )));
    // The page reloads: its inputs start from 1 again, below the 500 the room took last.
    assert!(!applied(&room.receive(
        Ok(moved("tab", 1, 0.2)),
        200.0,
        &chars
    )));
    assert!(welcomed(&room.receive(
        Ok(join("tab", "Ana")),
        300.0,
        &chars
    )));
    assert!(applied(&room.receive(
        Ok(moved("tab", 1, 0.2)),
        400.0,
        &chars
    )));
    assert!(applied(&room.receive(
        Ok(moved("tab", 2, 0.3)),
        500.0,
        &chars
    )));
    // Still one student, with the same place on the roster.
    assert_eq!(room.students().count(), 1);
}

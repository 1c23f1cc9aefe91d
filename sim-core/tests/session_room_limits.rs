//! One connection cannot take a room down: a flood of joins fills it no faster than a
//! teacher can see it (and one click removes everyone who never steered), and forged inputs
//! from unknown devices make the teacher's page answer only a few times a second.

mod common;

use common::room::{characters, join, moved};
use sim_core::{
    session::room::{
        JOINS_PER_SECOND, JOIN_BURST, MAX_STUDENTS, REJOINS_PER_SECOND, REJOIN_GAP_MS,
    },
    session::{Action, Message, Room},
};

fn input(device: &str, seq: u32) -> Message {
    moved(device, seq, 0.0)
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

fn submit(device: &str, secret: &str) -> Message {
    Message::Submit(sim_core::session::codesign::Submit {
        device: device.to_string(),
        secret: secret.to_string(),
        id: 1,
        blueprint: "Fish".to_string(),
        text: "# BLUEPRINT Fish\n".to_string(),
        base: 0,
        new_agents: None,
    })
}

#[test]
fn only_a_student_of_the_room_with_its_secret_sends_scripts_and_a_kicked_one_is_ignored() {
    let mut room = Room::new("ABCDEF");
    assert!(welcomed(&room.receive(
        Ok(join("ana", "Ana")),
        0.0,
        &characters()
    )));
    match room.receive(Ok(submit("ana", "secret-of-ana")), 10.0, &characters()) {
        Action::Submitted { submit, name, own } => {
            assert_eq!((name.as_str(), own.as_str()), ("Ana", "Fish"));
            assert_eq!(submit.blueprint, "Fish");
        }
        other => panic!("the teacher's page checks it: {other:?}"),
    }
    let refused = room.counts().refused;
    assert_eq!(
        room.receive(Ok(submit("ana", "guessed")), 20.0, &characters()),
        Action::Nothing,
        "a wrong secret"
    );
    assert_eq!(room.counts().refused, refused + 1);
    room.kick("ana");
    assert_eq!(
        room.receive(Ok(submit("ana", "secret-of-ana")), 30.0, &characters()),
        Action::Nothing,
        "a removed device is not even asked to rejoin"
    );
    assert!(
        matches!(
            room.receive(Ok(submit("bo", "secret-of-bo")), 40.0, &characters()),
            Action::Send(Message::Rejoin { .. })
        ),
        "an unknown device (the teacher's page reloaded) joins again"
    );
}

#[test]
fn the_roster_learns_which_blueprint_a_student_has_open() {
    let mut room = Room::new("ABCDEF");
    room.receive(Ok(join("ana", "Ana")), 0.0, &characters());
    let editing = |blueprint: Option<&str>, secret: &str| {
        Ok(Message::Editing(sim_core::session::codesign::Editing {
            device: "ana".into(),
            secret: secret.into(),
            blueprint: blueprint.map(str::to_string),
        }))
    };
    room.receive(editing(Some("Algae"), "secret-of-ana"), 10.0, &characters());
    let open = |room: &Room| room.students().next().and_then(|s| s.editing.clone());
    assert_eq!(open(&room).as_deref(), Some("Algae"));
    room.receive(editing(None, "wrong"), 20.0, &characters());
    assert_eq!(
        open(&room).as_deref(),
        Some("Algae"),
        "only with the secret"
    );
    room.receive(editing(None, "secret-of-ana"), 30.0, &characters());
    assert_eq!(open(&room), None);
}

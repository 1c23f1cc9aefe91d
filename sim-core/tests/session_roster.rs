//! The roster as a teacher relies on it: two students who give the same name are told apart,
//! sending a script or handing in counts as being active, a removed student can be let back
//! in, and a room taken back after its page closed remembers who was active and who removed.

mod common;

use common::room::{characters, join, moved};
use sim_core::{
    session::codesign::Submit,
    session::protocol::HandIn,
    session::{Action, Message, Room},
};

fn welcome_name(action: &Action) -> Option<String> {
    match action {
        Action::SendThenSnapshot(Message::Welcome(w)) => Some(w.name.clone()),
        _ => None,
    }
}

fn shown(room: &Room, device: &str) -> String {
    room.students()
        .find(|s| s.device == device)
        .map(|s| s.name.clone())
        .unwrap_or_default()
}

#[test]
fn students_who_give_the_same_name_are_numbered_on_every_screen() {
    let mut room = Room::new("ABCDEF");
    let chars = characters();
    let names: Vec<Option<String>> = [("a", "Sam"), ("b", "Sam"), ("c", "sam"), ("d", "Ana")]
        .iter()
        .map(|(device, name)| welcome_name(&room.receive(Ok(join(device, name)), 0.0, &chars)))
        .collect();
    assert_eq!(
        names,
        [Some("Sam"), Some("Sam (2)"), Some("sam (3)"), Some("Ana")].map(|n| n.map(String::from))
    );
    // The names every screen draws are the numbered ones, and a rejoin keeps its number.
    let broadcast: Vec<String> = room.names().into_iter().map(|(_, n)| n).collect();
    assert_eq!(broadcast, ["Sam", "Sam (2)", "sam (3)", "Ana"]);
    assert_eq!(
        welcome_name(&room.receive(Ok(join("b", "Sam")), 10.0, &chars)).as_deref(),
        Some("Sam (2)")
    );
    assert_eq!(shown(&room, "b"), "Sam (2)");
    // The first Sam leaves the roster; a new Sam takes the free name, the second keeps theirs.
    room.kick("a");
    assert_eq!(
        welcome_name(&room.receive(Ok(join("e", "Sam")), 20.0, &chars)).as_deref(),
        Some("Sam")
    );
    assert_eq!(shown(&room, "b"), "Sam (2)");
}

#[test]
fn sending_a_script_or_handing_in_counts_as_being_active() {
    let mut room = Room::new("ABCDEF");
    let chars = characters();
    for device in ["steers", "writes", "hands", "idle"] {
        room.receive(Ok(join(device, device)), 0.0, &chars);
    }
    room.receive(Ok(moved("steers", 1, 0.0)), 100.0, &chars);
    room.receive(Ok(moved("steers", 2, 0.2)), 140.0, &chars);
    let submit = Message::Submit(Submit {
        device: "writes".into(),
        secret: "secret-of-writes".into(),
        id: 1,
        blueprint: "Fish".into(),
        text: "# BLUEPRINT Fish\n".into(),
        base: 0,
        new_agents: None,
    });
    assert!(matches!(
        room.receive(Ok(submit), 200.0, &chars),
        Action::Submitted { .. }
    ));
    let handin = Message::HandIn(HandIn {
        device: "hands".into(),
        secret: "secret-of-hands".into(),
        id: 1,
        title: "mine".into(),
        project: vec![1, 2, 3],
    });
    assert!(matches!(
        room.receive(Ok(handin), 300.0, &chars),
        Action::HandedIn { .. }
    ));
    assert_eq!(room.not_steering(), ["idle"]);
    let active = |d: &str| {
        room.students()
            .find(|s| s.device == d)
            .and_then(|s| s.active_ms())
    };
    assert_eq!(
        (
            active("steers"),
            active("writes"),
            active("hands"),
            active("idle")
        ),
        (Some(140.0), Some(200.0), Some(300.0), None)
    );
    // A script from someone else's device (a wrong secret) is no activity of theirs.
    let forged = Message::Submit(Submit {
        device: "idle".into(),
        secret: "guess".into(),
        id: 9,
        blueprint: "Fish".into(),
        text: String::new(),
        base: 0,
        new_agents: None,
    });
    room.receive(Ok(forged), 400.0, &chars);
    assert_eq!(room.not_steering(), ["idle"]);
}

#[test]
fn a_removed_student_stays_out_until_let_back_in() {
    let mut room = Room::new("ABCDEF");
    let chars = characters();
    room.receive(Ok(join("ana", "Ana")), 0.0, &chars);
    assert!(room.kick("ana").is_some());
    assert_eq!(room.removed(), [("ana".to_string(), "Ana".to_string())]);
    let again = room.receive(Ok(join("ana", "Ana")), 10.0, &chars);
    assert!(
        matches!(again, Action::Send(Message::Refused { .. })),
        "{again:?}"
    );
    assert!(room.readmit("ana"));
    assert!(!room.readmit("ana"), "once");
    assert!(room.removed().is_empty());
    assert_eq!(
        welcome_name(&room.receive(Ok(join("ana", "Ana")), 20.0, &chars)).as_deref(),
        Some("Ana")
    );
    assert!(!room.readmit("ben"), "never removed");
}

/// A room where `devices` joined, Ana steered (last at 5 s) and Cy was removed: what it
/// remembers of them.
fn memory_of(devices: &[&str]) -> Vec<sim_core::session::room::Remembered> {
    let mut room = Room::new("ABCDEF");
    let chars = characters();
    for device in devices {
        room.receive(Ok(join(device, device)), 0.0, &chars);
    }
    room.receive(Ok(moved("ana", 1, 0.0)), 100.0, &chars);
    room.receive(Ok(moved("ana", 2, 0.3)), 5_000.0, &chars);
    room.kick("cy");
    room.memory()
}

#[test]
fn a_room_taken_back_keeps_who_was_active_and_who_was_removed() {
    let chars = characters();
    let memory = memory_of(&["ana", "ben", "cy"]);
    // The page closed; the teacher resumes the room in a new page, whose clock reads the
    // remembered times as the old page's did.
    let mut back = Room::new("ABCDEF");
    back.recall(memory);
    assert_eq!(back.removed(), [("cy".to_string(), "cy".to_string())]);
    assert!(
        back.students().next().is_none(),
        "nobody is on the roster until they rejoin"
    );
    back.receive(Ok(join("ana", "ana")), 9_000.0, &chars);
    back.receive(Ok(join("ben", "ben")), 9_000.0, &chars);
    assert_eq!(
        back.not_steering(),
        ["ben"],
        "Ana steered before the page closed"
    );
    let ana = back.students().find(|s| s.device == "ana").unwrap();
    assert_eq!(ana.active_ms(), Some(5_000.0));
    let cy = back.receive(Ok(join("cy", "cy")), 9_000.0, &chars);
    assert!(matches!(cy, Action::Send(Message::Refused { .. })));
}

#[test]
fn students_who_rejoin_before_the_memory_is_read_back_are_not_missed() {
    let chars = characters();
    let memory = memory_of(&["ana", "cy"]);
    // Both devices are back before the page has read what it kept.
    let mut back = Room::new("ABCDEF");
    back.receive(Ok(join("ana", "ana")), 100.0, &chars);
    back.receive(Ok(join("cy", "cy")), 100.0, &chars);
    let kicked = back.recall(memory);
    assert_eq!(kicked.len(), 1, "the removed one is removed again");
    assert!(matches!(&kicked[0].1, Message::Refused { device, .. } if device == "cy"));
    assert_eq!(back.not_steering(), Vec::<String>::new(), "Ana was active");
    assert_eq!(back.removed(), [("cy".to_string(), "cy".to_string())]);
}

#[test]
fn what_a_room_remembers_is_bounded() {
    let mut room = Room::new("ABCDEF");
    let memory = (0..sim_core::session::room::MAX_REMEMBERED + 50)
        .map(|n| sim_core::session::room::Remembered {
            device: format!("d{n}"),
            name: format!("n{n}"),
            active_ms: None,
            removed: n % 2 == 0,
        })
        .collect();
    room.recall(memory);
    assert!(room.memory().len() <= sim_core::session::room::MAX_REMEMBERED);
    assert!(room.removed().len() >= sim_core::session::room::MAX_REMEMBERED / 2);
}

//! The session protocol: every message that crosses between the teacher's page, projector
//! windows and students' devices in a live classroom session, as plain data.
//!
//! The teacher's page is the one authority. It runs the model and sends, on the room's *out*
//! channel, one [`Bundle`] per animation frame (the inputs it applied and how far it ran, so
//! every other device, which runs the same engine, reaches the same state: lockstep), a
//! [`RoomSnapshot`] wherever the state jumps (a reset, a script applied, another model, the
//! timeline) or a device asks for one, and [`Control`]s for what only shows (playing, speed).
//! Devices send on the room's *in* channel: [`Join`], their controller [`StudentInput`]s and
//! requests for a fresh snapshot. Only the teacher can read *in* and write *out*: the
//! messaging server's permissions say so, not only the pages.
//!
//! On the wire a message is `SWSP`, a little-endian `u16` [`PROTOCOL_VERSION`] and the
//! message in postcard. [`decode`] turns any byte string into a message or an error, never a
//! panic, and refuses what is larger than [`MAX_MESSAGE_BYTES`] or breaks a limit below.

use super::codesign::{Editing, Outcome, Policy, Submit, MAX_NEW_AGENTS, MAX_SCRIPT_BYTES};
use crate::sim::{Input, Marker};
use serde::{Deserialize, Serialize};

/// The version of the message format; a device of another version is refused, not misread.
pub const PROTOCOL_VERSION: u16 = 2;
/// The largest message, encoded: a snapshot of a full model with its project fits.
pub const MAX_MESSAGE_BYTES: usize = 8 << 20;
/// The most inputs one bundle carries (a frame's worth from every device, with room).
pub const MAX_BUNDLE_INPUTS: usize = 4_096;
/// The most markers (characters) one student's device drives: GEMSTEP's limit.
pub const MAX_MARKERS_PER_STUDENT: usize = 4;
/// The longest name, device id, secret, blueprint or reason, in characters.
pub const MAX_TEXT_CHARS: usize = 64;
/// The longest refusal or status text, in characters.
pub const MAX_NOTE_CHARS: usize = 300;
/// The most students a [`Names`] message names.
pub const MAX_NAMES: usize = 1_000;
/// The largest hand-in, packed: 2 MB, a project with its costumes.
pub const MAX_HANDIN_BYTES: usize = 2 << 20;
/// How often (in ticks) a bundle carries the teacher's state hash.
pub const HASH_EVERY_TICKS: u64 = 30;

const MAGIC: &[u8; 4] = b"SWSP";

/// Everything that crosses a session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Message {
    /// Teacher → all: the inputs of one frame and how far the model ran.
    Bundle(Bundle),
    /// Teacher → all: the whole state, where it jumped or was asked for.
    Snapshot(RoomSnapshot),
    /// Teacher → all: playing or paused, the speed and the current tick (also a heartbeat).
    Control(Control),
    /// Teacher → a device: its join was accepted.
    Welcome(Welcome),
    /// Teacher → a device: its join or input was refused, and why.
    Refused {
        /// The device refused.
        device: String,
        /// Why, for its screen.
        reason: String,
    },
    /// Teacher → all: the session ended.
    Ended,
    /// Device → teacher: a student asks to join.
    Join(Join),
    /// Device → teacher: where a student's markers are.
    Input(StudentInput),
    /// Device → teacher: a device lost step (a gap, a hash that differs) or just arrived.
    WantSnapshot {
        /// The device asking.
        device: String,
        /// Why, counted by the teacher.
        reason: String,
    },
    /// Device → teacher: a student leaves on purpose.
    Leave {
        /// The student's device.
        device: String,
        /// The secret it joined with.
        secret: String,
    },
    /// Teacher → a device: its input came from a device the room does not know (the
    /// teacher's page was reloaded): send the join again.
    Rejoin {
        /// The device asked.
        device: String,
    },
    /// Teacher → all: the students' names, for the labels on their characters (sent when
    /// they change, with every snapshot, and now and then for screens that came late).
    Names(Names),
    /// Teacher → all: who may edit the class model's blueprints and whether changes wait for
    /// review (sent when it changes, with every snapshot, and now and then).
    Policy(Policy),
    /// Device → teacher: a student sends a blueprint's new text.
    Submit(Submit),
    /// Device → teacher: which blueprint the student has open.
    Editing(Editing),
    /// Teacher → all: what became of a submission.
    Outcome(Outcome),
    /// Teacher → all: the teacher hands out the class model as it is now (the snapshots carry
    /// it): each student may keep a copy. The number tells one hand-out from the next; 0 says
    /// there is none (the teacher opened another model since).
    HandOut(u32),
    /// Device → teacher: a student hands a project in.
    HandIn(HandIn),
    /// Teacher → all: what became of a device's hand-in.
    HandedIn(HandedIn),
}

/// A project a student hands in to the teacher.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandIn {
    /// The device's id.
    pub device: String,
    /// The secret it joined with.
    pub secret: String,
    /// This hand-in's number on the device (a resend carries the same).
    pub id: u32,
    /// The project's title, as the student's library names it.
    pub title: String,
    /// The project, as `.gemprj` JSON deflated with zlib (see
    /// [`pack_project`](super::follow::pack_project)); at most [`MAX_HANDIN_BYTES`].
    #[serde(with = "serde_bytes")]
    pub project: Vec<u8>,
}

/// The teacher's answer to a hand-in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandedIn {
    /// The device that handed in.
    pub device: String,
    /// Its hand-in's number.
    pub id: u32,
    /// `None` when it arrived; otherwise why it was not taken.
    pub refused: Option<String>,
}

/// Whose characters are whose: each student's device id and name, and whether the teacher
/// shows the names on the stage. Only what shows: no simulation reads it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Names {
    /// `(device id, name)`, one for each student in the room.
    pub names: Vec<(String, String)>,
    /// Whether every screen draws the names by the characters.
    pub shown: bool,
}

/// One frame of the teacher's run: at tick `from`, apply `inputs`, then run to sim time
/// `until`, which leaves the model at tick `tick`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bundle {
    /// Which snapshot this bundle follows (a new epoch starts with every snapshot sent
    /// because the state jumped).
    pub epoch: u32,
    /// This bundle's number within the epoch, from 1; a gap means one was lost.
    pub seq: u64,
    /// The tick count the inputs apply at.
    pub from: u64,
    /// The inputs, in the order the teacher applied them.
    pub inputs: Vec<Input>,
    /// The sim time to run to afterwards, as [`SimTime`](crate::time::SimTime) bits.
    pub until: i64,
    /// The tick count after running.
    pub tick: u64,
    /// The teacher's state hash after running, every [`HASH_EVERY_TICKS`] ticks.
    pub hash: Option<u64>,
    /// The newest input of each device applied in this bundle, so a device can tell how long
    /// its input took to reach the model.
    pub acks: Vec<(String, u32)>,
    /// The teacher's wall clock when it sent the bundle, milliseconds since 1970: only for
    /// devices on the same clock to show how late bundles arrive; no simulation reads it.
    pub sent_ms: f64,
}

/// The whole room's state, to start or resync a device.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoomSnapshot {
    /// The epoch the following bundles belong to.
    pub epoch: u32,
    /// The last bundle already contained in this state (the next is `seq + 1`).
    pub seq: u64,
    /// The project, as `.gemprj` JSON deflated with zlib.
    #[serde(with = "serde_bytes")]
    pub project: Vec<u8>,
    /// The simulation, as [`Simulation::snapshot`](crate::sim::Simulation::snapshot) made it.
    #[serde(with = "serde_bytes")]
    pub state: Vec<u8>,
    /// The blueprints a student may pick as a character.
    pub characters: Vec<String>,
    /// Whether the teacher's clock is running.
    pub playing: bool,
}

/// What only shows on other screens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Control {
    /// The epoch now running.
    pub epoch: u32,
    /// The last bundle sent.
    pub seq: u64,
    /// Whether the teacher's clock is running.
    pub playing: bool,
    /// Sim-seconds per real second.
    pub speed: f64,
    /// Whether the room takes new students.
    pub locked: bool,
}

/// A student's request to join.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Join {
    /// The device's id, made on the device and kept across reloads.
    pub device: String,
    /// A random secret the device made; its inputs must carry it. Only the teacher can read
    /// the *in* channel, so no other device learns it.
    pub secret: String,
    /// The name the student typed.
    pub name: String,
    /// The character blueprint picked.
    pub blueprint: String,
    /// The room code typed or in the link.
    pub code: String,
}

/// The teacher's answer to a join.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Welcome {
    /// The device welcomed.
    pub device: String,
    /// The blueprint its markers drive.
    pub blueprint: String,
    /// The name shown on the roster.
    pub name: String,
}

/// Where a student's markers are now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StudentInput {
    /// The device's id.
    pub device: String,
    /// The secret it joined with.
    pub secret: String,
    /// This input's number, counting up on the device.
    pub seq: u32,
    /// The markers, at most [`MAX_MARKERS_PER_STUDENT`].
    pub markers: Vec<Marker>,
    /// How long the device's last acknowledged input took to reach the model, milliseconds
    /// (for the teacher's roster).
    pub delay_ms: Option<u32>,
    /// How far the model this device shows runs behind the class's, milliseconds: a device
    /// too slow for the model falls behind, and the teacher's roster says so.
    pub behind_ms: Option<u32>,
}

/// Why bytes are not a message.
#[derive(Debug, Clone, PartialEq)]
pub enum ProtocolError {
    /// More than [`MAX_MESSAGE_BYTES`].
    TooLarge(usize),
    /// Not a Stepwise session message.
    NotAMessage,
    /// Another protocol version.
    Version(u16),
    /// The body does not read as a message.
    Malformed(String),
    /// A message that reads but breaks a limit.
    Limit(String),
}

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProtocolError::TooLarge(n) => write!(
                f,
                "a message of {n} bytes is larger than the {MAX_MESSAGE_BYTES} allowed"
            ),
            ProtocolError::NotAMessage => write!(f, "not a Stepwise session message"),
            ProtocolError::Version(v) => write!(
                f,
                "a message of protocol version {v}; this page speaks version {PROTOCOL_VERSION} \
                 (reload both pages)"
            ),
            ProtocolError::Malformed(why) => write!(f, "a damaged message: {why}"),
            ProtocolError::Limit(why) => write!(f, "a message over a limit: {why}"),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// The message as bytes for the wire.
pub fn encode(message: &Message) -> Vec<u8> {
    let mut out = Vec::with_capacity(64);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&PROTOCOL_VERSION.to_le_bytes());
    // Postcard fails only on values it cannot write, which these types do not hold; an
    // empty body is then refused by the reader rather than misread.
    out.extend(postcard::to_allocvec(message).unwrap_or_default());
    out
}

/// The message in `bytes`, or why there is none.
pub fn decode(bytes: &[u8]) -> Result<Message, ProtocolError> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(ProtocolError::TooLarge(bytes.len()));
    }
    let rest = bytes
        .strip_prefix(MAGIC.as_slice())
        .ok_or(ProtocolError::NotAMessage)?;
    let (version, body) = rest.split_at_checked(2).ok_or(ProtocolError::NotAMessage)?;
    let version = u16::from_le_bytes([version[0], version[1]]);
    if version != PROTOCOL_VERSION {
        return Err(ProtocolError::Version(version));
    }
    let (message, left) = postcard::take_from_bytes::<Message>(body)
        .map_err(|e| ProtocolError::Malformed(e.to_string()))?;
    if !left.is_empty() {
        return Err(ProtocolError::Malformed(format!(
            "{} bytes after the message",
            left.len()
        )));
    }
    validate(&message)?;
    Ok(message)
}

/// Checks the limits of a message that arrived already read (from another window of the
/// browser, which hands over values rather than bytes).
pub fn validate(message: &Message) -> Result<(), ProtocolError> {
    check(message).map_err(ProtocolError::Limit)
}

/// Whether `text` is at most `max` characters (counted without walking past the limit).
fn short(text: &str, max: usize) -> bool {
    text.chars().nth(max).is_none()
}

fn check_text(what: &str, text: &str, max: usize) -> Result<(), String> {
    if short(text, max) {
        Ok(())
    } else {
        Err(format!("{what} is longer than {max} characters"))
    }
}

/// The limits a message that reads must keep.
fn check(message: &Message) -> Result<(), String> {
    match message {
        Message::Bundle(b) => {
            if b.inputs.len() > MAX_BUNDLE_INPUTS {
                return Err(format!(
                    "{} inputs in one bundle; at most {MAX_BUNDLE_INPUTS}",
                    b.inputs.len()
                ));
            }
            if b.acks.len() > MAX_BUNDLE_INPUTS {
                return Err("too many acknowledgements in one bundle".into());
            }
            if b.tick < b.from {
                return Err("a bundle that runs backwards".into());
            }
            if !b.sent_ms.is_finite() {
                return Err("a bundle sent at no time".into());
            }
            b.acks
                .iter()
                .try_for_each(|(d, _)| check_text("a device id", d, MAX_TEXT_CHARS))
        }
        Message::Snapshot(s) => {
            if s.characters.len() > 1_000 {
                return Err("too many character blueprints".into());
            }
            s.characters
                .iter()
                .try_for_each(|c| check_text("a blueprint name", c, MAX_TEXT_CHARS * 4))
        }
        Message::Control(c) if !c.speed.is_finite() => Err("a speed that is not a number".into()),
        Message::Control(_) | Message::Ended => Ok(()),
        Message::Welcome(w) => {
            check_text("a device id", &w.device, MAX_TEXT_CHARS)?;
            check_text("a name", &w.name, MAX_TEXT_CHARS)?;
            check_text("a blueprint name", &w.blueprint, MAX_TEXT_CHARS * 4)
        }
        Message::Refused { device, reason } => {
            check_text("a device id", device, MAX_TEXT_CHARS)?;
            check_text("a reason", reason, MAX_NOTE_CHARS)
        }
        Message::Join(j) => {
            check_text("a device id", &j.device, MAX_TEXT_CHARS)?;
            check_text("a secret", &j.secret, MAX_TEXT_CHARS)?;
            check_text("a name", &j.name, MAX_TEXT_CHARS)?;
            check_text("a room code", &j.code, MAX_TEXT_CHARS)?;
            check_text("a blueprint name", &j.blueprint, MAX_TEXT_CHARS * 4)
        }
        Message::Input(i) => {
            check_text("a device id", &i.device, MAX_TEXT_CHARS)?;
            check_text("a secret", &i.secret, MAX_TEXT_CHARS)?;
            if i.markers.len() > MAX_MARKERS_PER_STUDENT {
                return Err(format!(
                    "{} markers; a device drives at most {MAX_MARKERS_PER_STUDENT}",
                    i.markers.len()
                ));
            }
            for m in &i.markers {
                check_text("a marker id", &m.id, MAX_TEXT_CHARS)?;
                if !(m.x.is_finite() && m.y.is_finite()) {
                    return Err(format!("marker '{}' is not at a finite place", m.id));
                }
            }
            Ok(())
        }
        Message::WantSnapshot { device, reason } => {
            check_text("a device id", device, MAX_TEXT_CHARS)?;
            check_text("a reason", reason, MAX_NOTE_CHARS)
        }
        Message::Leave { device, secret } => {
            check_text("a device id", device, MAX_TEXT_CHARS)?;
            check_text("a secret", secret, MAX_TEXT_CHARS)
        }
        Message::Rejoin { device } => check_text("a device id", device, MAX_TEXT_CHARS),
        Message::Policy(_) | Message::HandOut(_) => Ok(()),
        Message::HandIn(h) => {
            check_text("a device id", &h.device, MAX_TEXT_CHARS)?;
            check_text("a secret", &h.secret, MAX_TEXT_CHARS)?;
            check_text("a project title", &h.title, MAX_NOTE_CHARS)?;
            if h.project.len() > MAX_HANDIN_BYTES {
                return Err(format!(
                    "a hand-in of {} bytes; at most {MAX_HANDIN_BYTES}",
                    h.project.len()
                ));
            }
            Ok(())
        }
        Message::HandedIn(h) => {
            check_text("a device id", &h.device, MAX_TEXT_CHARS)?;
            h.refused
                .as_deref()
                .map_or(Ok(()), |why| check_text("a reason", why, MAX_NOTE_CHARS))
        }
        Message::Submit(s) => {
            check_text("a device id", &s.device, MAX_TEXT_CHARS)?;
            check_text("a secret", &s.secret, MAX_TEXT_CHARS)?;
            check_text("a blueprint name", &s.blueprint, MAX_TEXT_CHARS)?;
            if s.text.len() > MAX_SCRIPT_BYTES {
                return Err(format!(
                    "a script of {} bytes; at most {MAX_SCRIPT_BYTES}",
                    s.text.len()
                ));
            }
            match s.new_agents {
                Some(n) if n > MAX_NEW_AGENTS => {
                    Err(format!("{n} starting agents; at most {MAX_NEW_AGENTS}"))
                }
                _ => Ok(()),
            }
        }
        Message::Editing(e) => {
            check_text("a device id", &e.device, MAX_TEXT_CHARS)?;
            check_text("a secret", &e.secret, MAX_TEXT_CHARS)?;
            e.blueprint.as_deref().map_or(Ok(()), |b| {
                check_text("a blueprint name", b, MAX_TEXT_CHARS)
            })
        }
        Message::Outcome(o) => {
            check_text("a device id", &o.device, MAX_TEXT_CHARS)?;
            check_text("a blueprint name", &o.blueprint, MAX_TEXT_CHARS)?;
            match &o.state {
                super::codesign::SendState::Declined(why)
                | super::codesign::SendState::Refused(why) => {
                    check_text("a reason", why, MAX_NOTE_CHARS)
                }
                _ => Ok(()),
            }
        }
        Message::Names(n) => {
            if n.names.len() > MAX_NAMES {
                return Err(format!("{} names; at most {MAX_NAMES}", n.names.len()));
            }
            n.names.iter().try_for_each(|(device, name)| {
                check_text("a device id", device, MAX_TEXT_CHARS)?;
                check_text("a name", name, MAX_TEXT_CHARS)
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn input(n: usize) -> Message {
        Message::Input(StudentInput {
            device: "tab-1".into(),
            secret: "s3cret".into(),
            seq: 7,
            markers: (0..n)
                .map(|i| Marker {
                    id: format!("m{i}"),
                    x: 0.1,
                    y: -0.2,
                })
                .collect(),
            delay_ms: Some(12),
            behind_ms: Some(3_000),
        })
    }

    fn bundle() -> Message {
        Message::Bundle(Bundle {
            epoch: 2,
            seq: 9,
            from: 29,
            inputs: vec![Input::NextRound, Input::Create("Fish".into(), 1.0, 2.0)],
            until: 65_536,
            tick: 30,
            hash: Some(0xdead_beef),
            acks: vec![("tab-1".into(), 7)],
            sent_ms: 1.5e12,
        })
    }

    fn names(n: usize) -> Message {
        Message::Names(Names {
            names: (0..n)
                .map(|i| (format!("tab-{i}"), format!("Ana {i}")))
                .collect(),
            shown: true,
        })
    }

    fn submit(text: String) -> Message {
        Message::Submit(Submit {
            device: "tab-1".into(),
            secret: "s3cret-s3cret".into(),
            id: 3,
            blueprint: "Fish".into(),
            text,
            base: 0x1234_5678_9abc_def0,
            new_agents: None,
        })
    }

    #[test]
    fn messages_survive_the_wire() {
        let outcome = Message::Outcome(Outcome {
            device: "tab-1".into(),
            id: 3,
            blueprint: "Fish".into(),
            state: super::super::codesign::SendState::Declined("not yet".into()),
        });
        let editing = Message::Editing(Editing {
            device: "tab-1".into(),
            secret: "s".into(),
            blueprint: Some("Algae".into()),
        });
        let policy = Message::Policy(Policy::default());
        let handin = Message::HandIn(HandIn {
            device: "tab-1".into(),
            secret: "s".into(),
            id: 4,
            title: "My pond".into(),
            project: vec![1, 2, 3],
        });
        let handed = Message::HandedIn(HandedIn {
            device: "tab-1".into(),
            id: 4,
            refused: Some("one hand-in every 10 seconds".into()),
        });
        for m in [
            bundle(),
            input(2),
            Message::Ended,
            names(3),
            submit("prop x setTo 1".into()),
            outcome,
            editing,
            policy,
            handin,
            handed,
        ] {
            assert_eq!(decode(&encode(&m)), Ok(m));
        }
    }

    #[test]
    fn another_version_is_refused_by_number() {
        let mut bytes = encode(&Message::Ended);
        bytes[4] = 9;
        assert_eq!(decode(&bytes), Err(ProtocolError::Version(9)));
    }

    #[test]
    fn trailing_bytes_and_other_formats_are_refused() {
        let mut bytes = encode(&Message::Ended);
        bytes.push(0);
        assert!(matches!(decode(&bytes), Err(ProtocolError::Malformed(_))));
        assert_eq!(decode(b"{\"tick\":1}"), Err(ProtocolError::NotAMessage));
        assert_eq!(decode(b""), Err(ProtocolError::NotAMessage));
    }

    #[test]
    fn a_device_driving_more_than_four_markers_is_refused() {
        assert!(decode(&encode(&input(4))).is_ok());
        assert!(matches!(
            decode(&encode(&input(5))),
            Err(ProtocolError::Limit(_))
        ));
    }

    #[test]
    fn too_many_names_are_refused() {
        assert!(decode(&encode(&names(MAX_NAMES))).is_ok());
        assert!(matches!(
            decode(&encode(&names(MAX_NAMES + 1))),
            Err(ProtocolError::Limit(_))
        ));
    }

    #[test]
    fn oversized_messages_are_refused_before_reading() {
        let huge = vec![0u8; MAX_MESSAGE_BYTES + 1];
        assert_eq!(
            decode(&huge),
            Err(ProtocolError::TooLarge(MAX_MESSAGE_BYTES + 1))
        );
    }

    #[test]
    fn a_long_name_is_refused() {
        let m = Message::Join(Join {
            device: "d".into(),
            secret: "s".into(),
            name: "n".repeat(MAX_TEXT_CHARS + 1),
            blueprint: "Fish".into(),
            code: "ABCDEF".into(),
        });
        assert!(matches!(decode(&encode(&m)), Err(ProtocolError::Limit(_))));
    }

    #[test]
    fn a_hand_in_over_2_mb_is_refused() {
        let handin = |n: usize| {
            Message::HandIn(HandIn {
                device: "d".into(),
                secret: "s".into(),
                id: 1,
                title: "t".into(),
                project: vec![0; n],
            })
        };
        assert!(decode(&encode(&handin(MAX_HANDIN_BYTES))).is_ok());
        assert!(matches!(
            decode(&encode(&handin(MAX_HANDIN_BYTES + 1))),
            Err(ProtocolError::Limit(_))
        ));
    }

    #[test]
    fn scripts_and_new_agents_have_limits() {
        assert!(decode(&encode(&submit("x".repeat(MAX_SCRIPT_BYTES)))).is_ok());
        assert!(matches!(
            decode(&encode(&submit("x".repeat(MAX_SCRIPT_BYTES + 1)))),
            Err(ProtocolError::Limit(_))
        ));
        let Message::Submit(mut s) = submit(String::new()) else {
            unreachable!()
        };
        s.new_agents = Some(MAX_NEW_AGENTS + 1);
        assert!(matches!(
            decode(&encode(&Message::Submit(s))),
            Err(ProtocolError::Limit(_))
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Any submission within the limits survives the wire exactly; cut short or damaged
        /// in one byte it reads or fails, never panics.
        #[test]
        fn submissions_round_trip_and_survive_damage(
            text in "[ -~\n]{0,400}",
            blueprint in "[A-Za-z][A-Za-z0-9_]{0,20}",
            base in any::<u64>(),
            agents in proptest::option::of(0u8..=MAX_NEW_AGENTS),
            at in any::<usize>(),
            byte in any::<u8>(),
            cut in any::<usize>(),
        ) {
            let m = Message::Submit(Submit {
                device: "phone".into(),
                secret: "secret-secret".into(),
                id: 9,
                blueprint,
                text,
                base,
                new_agents: agents,
            });
            let bytes = encode(&m);
            prop_assert_eq!(decode(&bytes), Ok(m));
            let mut damaged = bytes.clone();
            let i = at % damaged.len();
            damaged[i] = byte;
            if let Ok(read) = decode(&damaged) {
                prop_assert_eq!(decode(&encode(&read)), Ok(read));
            }
            let _ = decode(&bytes[..cut % (bytes.len() + 1)]);
        }

        /// Any byte string is a message or an error, never a panic.
        #[test]
        fn any_bytes_decode_or_fail(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
            let _ = decode(&bytes);
        }

        /// Any bytes after a valid header read or fail without a panic, and what reads
        /// encodes back to the same bytes.
        #[test]
        fn any_body_after_the_header_round_trips_or_fails(
            body in proptest::collection::vec(any::<u8>(), 0..256)
        ) {
            let mut bytes = MAGIC.to_vec();
            bytes.extend_from_slice(&PROTOCOL_VERSION.to_le_bytes());
            bytes.extend_from_slice(&body);
            if let Ok(m) = decode(&bytes) {
                prop_assert_eq!(decode(&encode(&m)), Ok(m));
            }
        }

        /// A valid message damaged in one byte or cut short is still handled.
        #[test]
        fn damaged_messages_do_not_panic(at in 0usize..200, byte in any::<u8>(), cut in 0usize..200) {
            let mut bytes = encode(&bundle());
            let i = at % bytes.len();
            bytes[i] = byte;
            let _ = decode(&bytes);
            bytes.truncate(cut.min(bytes.len()));
            let _ = decode(&bytes);
        }

        /// Inputs with any markers within the limits survive the wire exactly.
        #[test]
        fn inputs_round_trip(
            seq in any::<u32>(),
            markers in proptest::collection::vec((any::<u16>(), -0.5f64..0.5, -0.5f64..0.5), 0..=4)
        ) {
            let m = Message::Input(StudentInput {
                device: "phone".into(),
                secret: "x".into(),
                seq,
                markers: markers.iter().map(|(id, x, y)| Marker { id: id.to_string(), x: *x, y: *y }).collect(),
                delay_ms: None,
                behind_ms: None,
            });
            prop_assert_eq!(decode(&encode(&m)), Ok(m));
        }
    }
}

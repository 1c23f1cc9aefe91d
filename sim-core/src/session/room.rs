//! The teacher's room: who joined, with which character, what they may send, and the counts
//! of what was refused. Every message from the *in* channel goes through [`Room::receive`],
//! which answers with what to do; nothing a device sends can panic the teacher's page or
//! grow without bound.

use super::codesign::{Editing, Submit};
use super::protocol::{
    HandIn, Join, Message, ProtocolError, StudentInput, Welcome, MAX_MARKERS_PER_STUDENT,
};
use crate::sim::InputFrame;
use std::collections::BTreeMap;

/// Inputs a device may send per second; more are dropped and counted.
pub const MAX_INPUTS_PER_SECOND: f64 = 25.0;
/// The most students one room holds.
pub const MAX_STUDENTS: usize = 200;
/// A student not heard from for this long shows as disconnected, milliseconds.
pub const QUIET_MS: f64 = 3_000.0;
/// New students a room takes at once (a class scanning the code together); after that,
/// [`JOINS_PER_SECOND`]: one connection sending joins cannot fill the room faster than the
/// teacher can see it on the roster (200 students take more than a minute).
pub const JOIN_BURST: f64 = 40.0;
/// New students a room takes per second once [`JOIN_BURST`] is used up.
pub const JOINS_PER_SECOND: f64 = 2.0;
/// `Rejoin` answers (to inputs from devices the room does not know) per second, so forged
/// inputs cannot make the teacher's page send a message to everyone for each.
pub const REJOINS_PER_SECOND: f64 = 5.0;
/// The most devices a room remembers having asked to rejoin (each is asked at most once
/// every [`REJOIN_GAP_MS`]).
const MAX_REJOIN_ASKED: usize = 256;
/// The least time between two `Rejoin` answers to one device, milliseconds.
pub const REJOIN_GAP_MS: f64 = 2_000.0;

/// One student on the roster.
#[derive(Debug, Clone, PartialEq)]
pub struct Student {
    /// The device's id.
    pub device: String,
    /// The name every screen shows: the name the student gave, numbered when another
    /// student in the room gave the same (`Sam`, `Sam (2)`), so two are never mistaken.
    pub name: String,
    /// The name the student gave.
    pub given: String,
    /// The character blueprint its markers drive.
    pub blueprint: String,
    secret: String,
    /// When the student was last heard from (page milliseconds).
    pub last_heard_ms: f64,
    /// When its last input came.
    pub last_input_ms: Option<f64>,
    /// When its student last moved a character (an input whose markers differ from the one
    /// before); `None` while the student has not steered at all.
    pub moved_ms: Option<f64>,
    /// When its student last did something: steered, sent a script or handed in (`None`:
    /// nothing yet). What *Remove everyone who is not steering* spares.
    active_ms: Option<f64>,
    /// The markers of its last input, to tell a move from a device saying it is still there.
    last_markers: Option<Vec<crate::sim::Marker>>,
    /// The input-to-model delay the device last measured.
    pub delay_ms: Option<u32>,
    /// How far behind the class the device last said its model runs, milliseconds.
    pub behind_ms: Option<u32>,
    /// The blueprint the student has open in the script drawer, if any.
    pub editing: Option<String>,
    /// Tokens of the rate limit (refilled at [`MAX_INPUTS_PER_SECOND`]).
    tokens: f64,
    /// The newest input number accepted.
    last_seq: Option<u32>,
}

impl Student {
    /// Whether the student was heard from in the last [`QUIET_MS`].
    pub fn connected(&self, now_ms: f64) -> bool {
        now_ms - self.last_heard_ms <= QUIET_MS
    }

    /// When the student last steered, sent a script or handed in.
    pub fn active_ms(&self) -> Option<f64> {
        self.active_ms
    }

    fn acted(&mut self, now_ms: f64) {
        self.active_ms = Some(self.active_ms.map_or(now_ms, |at| at.max(now_ms)));
    }
}

/// What a room remembers of a student who is not on the roster now: a removed one (until let
/// back in), or one of a room taken back after its page closed (until they rejoin).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Remembered {
    /// The device's id.
    pub device: String,
    /// The name it had on the roster.
    pub name: String,
    /// When the student was last active (see [`Student::active_ms`]), in the clock of the
    /// page that remembers it.
    pub active_ms: Option<f64>,
    /// Whether the teacher removed it.
    pub removed: bool,
}

/// The most students a room remembers beyond its roster.
pub const MAX_REMEMBERED: usize = 1_000;

/// What the room counted as refused or dropped.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Counts {
    /// Messages that were not messages, too large, or broke a limit.
    pub malformed: u64,
    /// Inputs beyond [`MAX_INPUTS_PER_SECOND`] for their device.
    pub rate_dropped: u64,
    /// Joins and inputs refused (wrong code or secret, kicked, locked, unknown device).
    pub refused: u64,
    /// Devices that asked for a fresh snapshot.
    pub snapshot_requests: u64,
    /// Joins of new students beyond [`JOIN_BURST`] and [`JOINS_PER_SECOND`].
    pub joins_throttled: u64,
}

/// What the teacher's page does with one message from the *in* channel.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Nothing (a repeat, a message only the teacher sends, or refused and counted).
    Nothing,
    /// Send this on the *out* channel.
    Send(Message),
    /// Send this, then a snapshot (a new student must start from the state).
    SendThenSnapshot(Message),
    /// Give this frame to the simulation; acknowledge input `seq` of `device`.
    Apply {
        /// The frame.
        frame: InputFrame,
        /// The device and its input number, for the next bundle's acks.
        ack: Option<(String, u32)>,
    },
    /// A device lost step: send a snapshot.
    Snapshot,
    /// A student of the room (its secret checked) handed a project in: the teacher's page
    /// keeps it.
    HandedIn {
        /// What was handed in.
        handin: HandIn,
        /// The student's name.
        name: String,
    },
    /// A student of the room (its secret checked) sent a blueprint: the teacher's page checks
    /// it against the room's rules and the model.
    Submitted {
        /// What was sent.
        submit: Submit,
        /// The student's name, for the teacher's list and the log.
        name: String,
        /// The blueprint the student steers.
        own: String,
    },
}

/// A room of a live session.
#[derive(Debug, Clone)]
pub struct Room {
    code: String,
    locked: bool,
    students: BTreeMap<String, Student>,
    /// Removed students and those of a room taken back, by device (see [`Remembered`]).
    remembered: BTreeMap<String, Remembered>,
    counts: Counts,
    /// When the rate limits were last refilled.
    refilled_ms: f64,
    /// Tokens for new students (see [`JOIN_BURST`]).
    join_tokens: f64,
    /// Tokens for `Rejoin` answers (see [`REJOINS_PER_SECOND`]).
    rejoin_tokens: f64,
    /// Devices asked to rejoin, and when.
    rejoin_asked: BTreeMap<String, f64>,
}

/// The device name a student's frames carry in the simulation (so no student's puppets can
/// be taken for another's, nor for a device of the teacher's own).
pub fn puppet_device(device: &str) -> String {
    format!("student:{device}")
}

impl Room {
    /// An open room with this code (its subjects are named by the code's
    /// [key](super::seal::RoomKey)).
    pub fn new(code: &str) -> Room {
        Room {
            code: code.to_string(),
            locked: false,
            students: BTreeMap::new(),
            remembered: BTreeMap::new(),
            counts: Counts::default(),
            refilled_ms: 0.0,
            join_tokens: JOIN_BURST,
            rejoin_tokens: REJOINS_PER_SECOND,
            rejoin_asked: BTreeMap::new(),
        }
    }

    /// The students who did nothing yet (who joined, or whose device only says it is there,
    /// and never steered, sent a script or handed in): what *Remove everyone who is not
    /// steering* removes, in one click however many joins a connection sent.
    pub fn not_steering(&self) -> Vec<String> {
        self.students
            .values()
            .filter(|s| s.active_ms.is_none())
            .map(|s| s.device.clone())
            .collect()
    }

    /// The students the teacher removed, by device, with the names they had.
    pub fn removed(&self) -> Vec<(String, String)> {
        self.remembered
            .values()
            .filter(|r| r.removed)
            .map(|r| (r.device.clone(), r.name.clone()))
            .collect()
    }

    /// Lets a removed device join again; false when it was not removed.
    pub fn readmit(&mut self, device: &str) -> bool {
        self.remembered.remove(device).is_some_and(|r| r.removed)
    }

    /// What the room knows of its students, those on the roster and those it remembers,
    /// for a page that takes the room back after its tab closed (see [`Room::recall`]).
    pub fn memory(&self) -> Vec<Remembered> {
        let on_roster = self.students.values().map(|s| Remembered {
            device: s.device.clone(),
            name: s.name.clone(),
            active_ms: s.active_ms,
            removed: false,
        });
        on_roster.chain(self.remembered.values().cloned()).collect()
    }

    /// Takes back what a room of this code knew of its students (see [`Room::memory`]): the
    /// removed stay removed, and a student keeps when they were last active. A student may
    /// have rejoined already (the memory is read back while the room runs): they keep the
    /// later of the two times, and one the teacher had removed is removed again, with the
    /// frame and the message that says so, as [`Room::kick`] returns them.
    pub fn recall(&mut self, memory: Vec<Remembered>) -> Vec<(InputFrame, Message)> {
        let mut removed = Vec::new();
        for r in memory {
            let Some(s) = self.students.get_mut(&r.device) else {
                self.remember(r);
                continue;
            };
            if r.removed {
                removed.extend(self.kick(&r.device));
            } else if let Some(at) = r.active_ms {
                s.acted(at);
            }
        }
        removed
    }

    /// Remembers `r`; when the room remembers [`MAX_REMEMBERED`] already, one it remembers
    /// only for its last activity makes room (the removed are kept over the others), else
    /// `r` is not kept.
    fn remember(&mut self, r: Remembered) {
        if self.remembered.len() >= MAX_REMEMBERED && !self.remembered.contains_key(&r.device) {
            let forget = self
                .remembered
                .values()
                .find(|o| !o.removed)
                .map(|o| o.device.clone());
            match forget {
                Some(device) => self.remembered.remove(&device),
                None => return,
            };
        }
        self.remembered.insert(r.device.clone(), r);
    }

    /// Whether the teacher removed `device`.
    fn is_removed(&self, device: &str) -> bool {
        self.remembered.get(device).is_some_and(|r| r.removed)
    }

    /// `given` numbered when another student of the room (not `device`) shows it already:
    /// `Sam`, `Sam (2)`, `Sam (3)`.
    fn shown_name(&self, device: &str, given: &str) -> String {
        let taken = |name: &str| {
            self.students
                .values()
                .any(|s| s.device != device && s.name.eq_ignore_ascii_case(name))
        };
        if !taken(given) {
            return given.to_string();
        }
        (2..)
            .map(|n| format!("{given} ({n})"))
            .find(|name| !taken(name))
            .unwrap_or_else(|| given.to_string())
    }

    /// The room code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// Whether new students are refused.
    pub fn locked(&self) -> bool {
        self.locked
    }

    /// Locks or opens the room to new students (those in it stay).
    pub fn set_locked(&mut self, locked: bool) {
        self.locked = locked;
    }

    /// The roster, by device id.
    pub fn students(&self) -> impl ExactSizeIterator<Item = &Student> {
        self.students.values()
    }

    /// Each student's device id and name, in the order of their devices.
    pub fn names(&self) -> Vec<(String, String)> {
        self.students
            .values()
            .map(|s| (s.device.clone(), s.name.clone()))
            .collect()
    }

    /// What was refused and dropped so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Removes a student until the teacher lets them back in: its device may not join again
    /// with the same id, its puppets go (the frame returned), and a refusal tells it.
    pub fn kick(&mut self, device: &str) -> Option<(InputFrame, Message)> {
        let s = self.students.remove(device)?;
        self.remember(Remembered {
            device: s.device,
            name: s.name,
            active_ms: s.active_ms,
            removed: true,
        });
        Some((
            InputFrame::Leave {
                device: puppet_device(device),
            },
            Message::Refused {
                device: device.to_string(),
                reason: "the teacher removed you from this session".into(),
            },
        ))
    }

    /// Handles one message from the *in* channel (or why it was not one) that came at
    /// `now_ms`; `characters` are the blueprints a student may pick.
    pub fn receive(
        &mut self,
        message: Result<Message, ProtocolError>,
        now_ms: f64,
        characters: &[String],
    ) -> Action {
        self.refill(now_ms);
        match message {
            Ok(Message::Join(join)) => self.join(join, now_ms, characters),
            Ok(Message::Input(input)) => self.input(input, now_ms),
            Ok(Message::WantSnapshot { device, .. }) => {
                self.counts.snapshot_requests += 1;
                if let Some(s) = self.students.get_mut(&device) {
                    s.last_heard_ms = now_ms;
                }
                Action::Snapshot
            }
            Ok(Message::Leave { device, secret }) => match self.students.get(&device) {
                Some(s) if s.secret == secret => {
                    self.students.remove(&device);
                    Action::Apply {
                        frame: InputFrame::Leave {
                            device: puppet_device(&device),
                        },
                        ack: None,
                    }
                }
                _ => self.refuse(),
            },
            Ok(Message::Submit(submit)) => self.submitted(submit, now_ms),
            Ok(Message::Editing(editing)) => self.editing(editing, now_ms),
            Ok(Message::HandIn(handin)) => match self.students.get_mut(&handin.device) {
                Some(s) if s.secret == handin.secret => {
                    s.last_heard_ms = now_ms;
                    s.acted(now_ms);
                    Action::HandedIn {
                        name: s.name.clone(),
                        handin,
                    }
                }
                _ => self.refuse(),
            },
            // Only the teacher sends the rest; the server's permissions keep devices from it.
            Ok(_) => self.refuse(),
            Err(_) => {
                self.counts.malformed += 1;
                Action::Nothing
            }
        }
    }

    fn refuse(&mut self) -> Action {
        self.counts.refused += 1;
        Action::Nothing
    }

    fn refused(&mut self, device: &str, reason: &str) -> Action {
        self.counts.refused += 1;
        Action::Send(Message::Refused {
            device: device.to_string(),
            reason: reason.to_string(),
        })
    }

    fn join(&mut self, join: Join, now_ms: f64, characters: &[String]) -> Action {
        if join.code.trim().to_uppercase() != self.code {
            return self.refused(&join.device, "that is not this room's code");
        }
        if self.is_removed(&join.device) {
            return self.refused(&join.device, "the teacher removed you from this session");
        }
        if join.device.is_empty() || join.secret.len() < 8 {
            return self.refused(&join.device, "this device sent no id or secret");
        }
        let name = join.name.trim().to_string();
        if name.is_empty() {
            return self.refused(&join.device, "give your name to join");
        }
        if !characters.contains(&join.blueprint) {
            return self.refused(
                &join.device,
                &format!("'{}' is not a character you may pick", join.blueprint),
            );
        }
        let full = self.students.len() >= MAX_STUDENTS;
        let shown = self.shown_name(&join.device, &name);
        match self.students.get_mut(&join.device) {
            // A device coming back (a reload, a dropped connection) with its secret keeps its
            // place and character; another device cannot take it over.
            Some(s) if s.secret == join.secret => {
                if s.given != name {
                    s.given.clone_from(&name);
                    s.name = shown.clone();
                }
                s.blueprint.clone_from(&join.blueprint);
                s.last_heard_ms = now_ms;
                // A reloaded page numbers its inputs afresh.
                s.last_seq = None;
            }
            Some(_) => return self.refused(&join.device, "another device already uses this id"),
            None if self.locked => {
                return self.refused(&join.device, "the teacher locked this room");
            }
            None if full => return self.refused(&join.device, "this room is full"),
            None if self.join_tokens < 1.0 => {
                self.counts.joins_throttled += 1;
                return self.refused(
                    &join.device,
                    "many students are joining at once: try again in a few seconds",
                );
            }
            None => {
                self.join_tokens -= 1.0;
                // A student of a room taken back keeps when they were last active.
                let recalled = self.remembered.remove(&join.device);
                self.students.insert(
                    join.device.clone(),
                    Student {
                        device: join.device.clone(),
                        name: shown,
                        given: name.clone(),
                        blueprint: join.blueprint.clone(),
                        secret: join.secret,
                        last_heard_ms: now_ms,
                        last_input_ms: None,
                        moved_ms: None,
                        active_ms: recalled.and_then(|r| r.active_ms),
                        last_markers: None,
                        delay_ms: None,
                        behind_ms: None,
                        editing: None,
                        tokens: MAX_INPUTS_PER_SECOND,
                        last_seq: None,
                    },
                );
            }
        }
        let name = self
            .students
            .get(&join.device)
            .map_or(name, |s| s.name.clone());
        Action::SendThenSnapshot(Message::Welcome(Welcome {
            device: join.device,
            blueprint: join.blueprint,
            name,
        }))
    }

    fn input(&mut self, input: StudentInput, now_ms: f64) -> Action {
        let Some(s) = self.students.get_mut(&input.device) else {
            if self.is_removed(&input.device) {
                // Inputs still on their way from a device just removed: it was told already.
                return self.refuse();
            }
            // Perhaps the teacher's page reloaded and lost its roster: the device joins again.
            // Each device is asked at most every few seconds, and the room answers only so
            // many a second, so forged inputs cannot make the page flood the room.
            self.counts.refused += 1;
            return self.ask_to_rejoin(input.device, now_ms);
        };
        if s.secret != input.secret {
            self.counts.refused += 1;
            return Action::Nothing;
        }
        s.last_heard_ms = now_ms;
        if s.last_seq.is_some_and(|last| input.seq <= last) {
            return Action::Nothing;
        }
        if s.tokens < 1.0 {
            self.counts.rate_dropped += 1;
            return Action::Nothing;
        }
        s.tokens -= 1.0;
        s.last_seq = Some(input.seq);
        s.last_input_ms = Some(now_ms);
        if input.delay_ms.is_some() {
            s.delay_ms = input.delay_ms;
        }
        s.behind_ms = input.behind_ms;
        let mut markers = input.markers;
        markers.truncate(MAX_MARKERS_PER_STUDENT);
        // The first input places the character where the device put it; a later one with
        // other markers is the student steering.
        if s.last_markers.as_ref().is_some_and(|last| *last != markers) {
            s.moved_ms = Some(now_ms);
            s.acted(now_ms);
        }
        s.last_markers = Some(markers.clone());
        Action::Apply {
            frame: InputFrame::Markers {
                device: puppet_device(&input.device),
                blueprint: s.blueprint.clone(),
                markers,
            },
            ack: Some((input.device, input.seq)),
        }
    }

    /// A submission from a student of the room with its secret (its rate and content are the
    /// teacher's page's to check); from a removed device it is ignored, from one the room
    /// does not know (the teacher's page reloaded) the device is asked to join again.
    fn submitted(&mut self, submit: Submit, now_ms: f64) -> Action {
        let Some(s) = self.students.get_mut(&submit.device) else {
            self.counts.refused += 1;
            if self.is_removed(&submit.device) {
                return Action::Nothing;
            }
            return self.ask_to_rejoin(submit.device, now_ms);
        };
        if s.secret != submit.secret {
            return self.refuse();
        }
        s.last_heard_ms = now_ms;
        s.acted(now_ms);
        Action::Submitted {
            name: s.name.clone(),
            own: s.blueprint.clone(),
            submit,
        }
    }

    /// Notes which blueprint a student has open; it costs an input of the device's rate.
    fn editing(&mut self, editing: Editing, now_ms: f64) -> Action {
        let Some(s) = self.students.get_mut(&editing.device) else {
            return self.refuse();
        };
        if s.secret != editing.secret {
            return self.refuse();
        }
        if s.tokens < 1.0 {
            self.counts.rate_dropped += 1;
            return Action::Nothing;
        }
        s.tokens -= 1.0;
        s.last_heard_ms = now_ms;
        s.editing = editing.blueprint;
        Action::Nothing
    }

    /// A `Rejoin` for `device`, unless it was asked lately or the room answered enough this
    /// second.
    fn ask_to_rejoin(&mut self, device: String, now_ms: f64) -> Action {
        if let Some(at) = self.rejoin_asked.get(&device) {
            if now_ms - at < REJOIN_GAP_MS {
                return Action::Nothing;
            }
        }
        if self.rejoin_tokens < 1.0 {
            return Action::Nothing;
        }
        self.rejoin_tokens -= 1.0;
        if self.rejoin_asked.len() >= MAX_REJOIN_ASKED {
            // Forget the devices asked longest ago.
            let gap = REJOIN_GAP_MS;
            self.rejoin_asked.retain(|_, at| now_ms - *at < gap);
            if self.rejoin_asked.len() >= MAX_REJOIN_ASKED {
                self.rejoin_asked.clear();
            }
        }
        self.rejoin_asked.insert(device.clone(), now_ms);
        Action::Send(Message::Rejoin { device })
    }

    /// Refills every device's rate limit for the time since the last refill.
    fn refill(&mut self, now_ms: f64) {
        // Seconds since the last refill: every bucket is full after a minute, and a clock
        // that goes back refills nothing.
        let elapsed = ((now_ms - self.refilled_ms) / 1000.0).clamp(0.0, 60.0);
        self.refilled_ms = self.refilled_ms.max(now_ms);
        if elapsed <= 0.0 {
            return;
        }
        self.join_tokens = (self.join_tokens + elapsed * JOINS_PER_SECOND).min(JOIN_BURST);
        self.rejoin_tokens =
            (self.rejoin_tokens + elapsed * REJOINS_PER_SECOND).min(REJOINS_PER_SECOND);
        for s in self.students.values_mut() {
            s.tokens = (s.tokens + elapsed * MAX_INPUTS_PER_SECOND).min(MAX_INPUTS_PER_SECOND);
        }
    }
}

//! The teacher's side of a live session: the room, its links (the classroom's NATS server
//! when there is one, and always a `BroadcastChannel` for a projector window on the same
//! computer), and every frame's work — what came in before the ticks, what the run did
//! after them.

use super::activity::Activity;
use super::codesign::{changed, changed_lines, line_diff, Desk, Verdict, Waiting};
use super::handins::{Handed, Taken, Tray};
use super::hosting::Hosting;
use super::link::{Link, LinkState, NatsLink, Server, Side, WindowLink};
use super::names::PuppetNames;
use super::recording::Recording;
use crate::browser::{storage_get, storage_set};
use crate::projects::ProjectHandle;
use crate::run::Run;
use sim_core::{
    session::codesign::{EditPolicy, Policy, SendState},
    session::protocol::{Control, Message, Names},
    session::room::Remembered,
    session::{Action, Room, RoomKey},
    InputFrame,
};
use std::collections::{BTreeMap, BTreeSet};

/// The least time between two snapshots sent because devices asked or joined, milliseconds:
/// many devices asking at once get one, and requests however many cannot make the page send
/// more (a snapshot carries the whole project to every device). A jump of the teacher's own
/// (Reset, an edit, another model) is sent at once.
const SNAPSHOT_GAP_MS: f64 = 2_000.0;
/// How often a control message goes out even when nothing changed (a heartbeat).
const CONTROL_EVERY_MS: f64 = 1_000.0;
/// How often the students' names go out even when they did not change, for screens that
/// came in between.
const NAMES_EVERY_MS: f64 = 5_000.0;
/// Where the teacher's page keeps its co-design rules (`any review`), so a reload keeps them.
const POLICY_KEY: &str = "stepwise-codesign-policy";

/// The co-design rules this browser's teacher chose last, or the default.
fn kept_policy() -> Policy {
    let text = storage_get(POLICY_KEY).ok().flatten().unwrap_or_default();
    let mut words = text.split(' ');
    match (words.next().and_then(EditPolicy::from_key), words.next()) {
        (Some(edit), Some(review)) => Policy {
            edit,
            review: review == "review",
        },
        _ => Policy::default(),
    }
}

/// A running session on the teacher's page.
pub struct TeacherSession {
    room: Room,
    /// The run as devices follow it: bundles and epochs.
    hosting: Hosting,
    /// Whose characters are whose, as every screen shows them.
    names: PuppetNames,
    /// The id the room's key names its subjects by (shown to tests and load tools).
    room_id: String,
    server: Option<NatsLink>,
    window: Option<WindowLink>,
    /// Devices asked for a snapshot that has not gone out yet.
    snapshot_wanted: bool,
    last_snapshot_ms: f64,
    last_control: Option<(Control, f64)>,
    /// Messages sent, by kind.
    pub sent: SentCounts,
    /// Frames the simulation refused (a full tick, say).
    pub refused_frames: u64,
    /// Where the session was started, for the status.
    pub server_url: Option<String>,
    /// Why there is no server link, when the page knows (no teacher key).
    pub no_server_because: Option<String>,
    /// Controllable blueprints the teacher took off the list students pick from.
    withheld: BTreeSet<String>,
    /// Times the server link opened, as last seen.
    opened: u32,
    /// Whether a window of this browser has spoken on the room's channel.
    window_heard: bool,
    /// Whether every screen draws the students' names by their characters.
    show_names: bool,
    /// The names last sent, and when (`None`: send them at the next frame).
    names_sent: Option<(Names, f64)>,
    /// Students' edits: the rules, the list waiting for review, who changed what.
    pub desk: Desk,
    /// The rules last sent, and when (`None`: send them at the next frame).
    policy_sent: Option<(Policy, f64)>,
    /// The project's revision the waiting submissions were last checked against.
    checked_revision: u64,
    /// The last hand-out's number (students may keep a copy of the class model), if any.
    pub handout: Option<u32>,
    /// The lesson's record.
    pub activity: Activity,
    /// The projects students handed in.
    pub handins: Tray,
    /// The class run, recorded as it goes.
    pub recording: Recording,
    /// The list of hand-ins kept before a reload, once read back.
    pub handins_inbox: std::rc::Rc<std::cell::RefCell<Option<Vec<Handed>>>>,
    /// What the room knew of its students before a reload (see [`Room::memory`]), once read
    /// back, its times on the wall clock.
    pub roster_inbox: std::rc::Rc<std::cell::RefCell<Option<Vec<Remembered>>>>,
    /// Students' names by device, as they joined (for the record once they left).
    known: BTreeMap<String, String>,
    /// What the record last saw of the run: playing, the project's lineage and revision, the
    /// round (number and phase), and the revision a student's change made.
    seen: Seen,
}

/// What the lesson's record last saw of the run.
#[derive(Debug, Default)]
struct Seen {
    started: bool,
    /// This frame is the session's first (its jump is no event).
    first: bool,
    tick: u64,
    playing: bool,
    lineage: u64,
    round: Option<(usize, sim_core::RoundPhase)>,
    applied_revision: u64,
}

/// Now for the record: the wall clock and the run's tick.
fn at(run: &Run) -> (f64, u64) {
    (js_sys::Date::now(), run.tick())
}

/// How far the wall clock is ahead of the page's clock now, milliseconds.
fn wall_offset_ms() -> f64 {
    let page = web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now());
    js_sys::Date::now() - page
}

/// A time of the page's clock on the wall clock (to keep across a reload, which restarts the
/// page's clock).
fn page_to_wall(ms: f64) -> f64 {
    ms + wall_offset_ms()
}

/// A time kept on the wall clock in the page's clock.
fn wall_to_page(ms: f64) -> f64 {
    ms - wall_offset_ms()
}

/// A diff as lines of text for the record.
fn diff_text(old: &str, new: &str) -> String {
    line_diff(old, new)
        .iter()
        .map(|(mark, line)| format!("{mark} {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the teacher's page sent.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SentCounts {
    /// Bundles.
    pub bundles: u64,
    /// Snapshots.
    pub snapshots: u64,
}

impl TeacherSession {
    /// Opens room `code` for the model called `title`, on `server` when given: its traffic
    /// there is sealed with the key the code gives (see [`RoomKey`]), so only a device given
    /// the code can read or join it. It hosts `run` from now, its first epoch after `epoch`.
    pub fn start(
        code: &str,
        title: &str,
        server: Option<Server>,
        (run, epoch): (&Run, u32),
    ) -> TeacherSession {
        let server_url = server.as_ref().map(|s| s.url.clone());
        let key = std::rc::Rc::new(RoomKey::derive(code));
        let room_id = key.id().to_string();
        let server = server.map(|s| NatsLink::open(s, "teacher", Side::Teacher, key));
        TeacherSession {
            room_id,
            room: Room::new(code),
            hosting: Hosting::new(run, epoch),
            names: PuppetNames::new([], true),
            server,
            window: WindowLink::open(code, Side::Teacher),
            snapshot_wanted: true,
            last_snapshot_ms: f64::NEG_INFINITY,
            last_control: None,
            sent: SentCounts::default(),
            refused_frames: 0,
            server_url,
            no_server_because: None,
            withheld: BTreeSet::new(),
            opened: 0,
            window_heard: false,
            show_names: true,
            names_sent: None,
            desk: Desk::new(kept_policy()),
            policy_sent: None,
            checked_revision: 0,
            handout: None,
            activity: Activity::default(),
            handins: Tray::default(),
            recording: Recording::new(code, title),
            handins_inbox: Default::default(),
            roster_inbox: Default::default(),
            known: BTreeMap::new(),
            seen: Seen::default(),
        }
    }

    /// Sets who may edit what and whether changes wait for review; every device hears it at
    /// once, and this browser keeps it.
    pub fn set_policy(&mut self, policy: Policy) {
        self.desk.policy = policy;
        let review = if policy.review { "review" } else { "apply" };
        let _ = storage_set(POLICY_KEY, &format!("{} {review}", policy.edit.key()));
        self.policy_sent = None;
    }

    /// Sends the co-design rules when they changed, after a snapshot, or every
    /// [`NAMES_EVERY_MS`].
    fn publish_policy(&mut self, now_ms: f64) {
        let policy = self.desk.policy;
        let due = self
            .policy_sent
            .as_ref()
            .is_none_or(|(sent, at)| *sent != policy || now_ms - at >= NAMES_EVERY_MS);
        if due {
            self.send(&Message::Policy(policy));
            // A hand-out goes with the rules, so a student who comes late or reloads sees it;
            // none (0) takes back one made for a model no longer open.
            self.send(&Message::HandOut(self.handout.unwrap_or(0)));
            self.policy_sent = Some((policy, now_ms));
        }
    }

    /// Hands the class model as it is now out to every student: each may keep a copy.
    pub fn hand_out(&mut self) {
        let id = (js_sys::Date::now() / 1000.0) as u32;
        self.handout = Some(id.max(self.handout.map_or(0, |h| h.wrapping_add(1))));
        self.policy_sent = None;
        let now = (js_sys::Date::now(), self.seen.tick);
        self.activity
            .note(now, "teacher", "handed out the class model", "");
    }

    /// Applies a student's change to the class model as one undoable step, through the
    /// teacher's own path (the stage swaps it in, every screen gets the new epoch), and tells
    /// the student; one that no longer fits the model is refused with the reason.
    fn apply_change(&mut self, project: &ProjectHandle, w: &Waiting) {
        let result = project.with(|c| {
            let c = c.ok_or_else(|| "no model is open".to_string())?;
            let old = c
                .project
                .blueprint(&w.blueprint)
                .map_or(String::new(), |b| b.script_text.clone());
            changed(&c.project, w).map(|next| (next, old))
        });
        let now = (js_sys::Date::now(), self.seen.tick);
        let answer = match result {
            Ok((next, old)) => {
                let what = if w.new_agents.is_some() {
                    "added"
                } else {
                    "changed"
                };
                project.edit(&format!("{} {what} {}", w.name, w.blueprint), |p| *p = next);
                self.seen.applied_revision = project.revision();
                let answer = self.desk.applied(w, changed_lines(&old, &w.text));
                if let Some(line) = self.desk.changes().last().cloned() {
                    self.activity
                        .note(now, &w.name, &line, &diff_text(&old, &w.text));
                    project.post_note(line);
                }
                answer
            }
            Err(why) => {
                let what = format!("change to {} not applied", w.blueprint);
                self.activity.note(now, &w.name, &what, &why);
                self.desk.failed(w, &why)
            }
        };
        self.send(&Message::Outcome(answer));
    }

    /// The teacher accepts a waiting change (a conflicting one too).
    pub fn accept(&mut self, project: &ProjectHandle, device: &str, id: u32) {
        if let Some(w) = self.desk.take(device, id) {
            self.apply_change(project, &w);
        }
    }

    /// The teacher declines a waiting change, perhaps saying why.
    pub fn decline(&mut self, device: &str, id: u32, reason: &str) {
        if let Some(answer) = self.desk.decline(device, id, reason) {
            let what = format!("declined {}'s {}", self.name_of(device), answer.blueprint);
            let now = (js_sys::Date::now(), self.seen.tick);
            self.activity.note(now, "teacher", &what, reason);
            self.send(&Message::Outcome(answer));
        }
    }

    /// After the class model changed (any edit, the teacher's own too): the waiting changes
    /// written over an older text become conflicts, and their students hear it.
    fn recheck(&mut self, project: &ProjectHandle) {
        let revision = project.revision();
        if revision == self.checked_revision {
            return;
        }
        self.checked_revision = revision;
        let now = (js_sys::Date::now(), self.seen.tick);
        let lineage = project.lineage();
        if lineage != self.seen.lineage {
            self.seen.lineage = lineage;
            // A hand-out was of the model that was open: students are offered it no more.
            if self.handout.take().is_some() {
                self.policy_sent = None;
            }
            let title = project.with(|c| c.map_or(String::new(), |c| c.title().to_string()));
            self.activity
                .note(now, "teacher", &format!("opened {title}"), "");
        } else if revision != self.seen.applied_revision {
            let step = project.undo_label().unwrap_or_default();
            self.activity
                .note(now, "teacher", "changed the model", &step);
        }
        let told = project.with(|c| c.map(|c| self.desk.recheck(&c.project)).unwrap_or_default());
        for answer in told {
            self.send(&Message::Outcome(answer));
        }
    }

    fn submitted(
        &mut self,
        project: &ProjectHandle,
        submit: sim_core::session::codesign::Submit,
        who: (&str, &str),
        now_ms: f64,
    ) {
        let what = match submit.new_agents {
            Some(n) => format!("sent a new blueprint {} with {n} agents", submit.blueprint),
            None => format!("sent a change to {}", submit.blueprint),
        };
        let now = (js_sys::Date::now(), self.seen.tick);
        self.activity.note(now, who.0, &what, "");
        let verdict =
            project.with(|c| c.map(|c| self.desk.submit(submit, who, &c.project, now_ms)));
        match verdict {
            Some(Verdict::Answer(answer)) => {
                let (what, why) = match &answer.state {
                    SendState::Waiting => ("waits for review", ""),
                    SendState::Conflict => ("waits for review, marked as a conflict", ""),
                    SendState::Refused(why) => ("refused", why.as_str()),
                    SendState::Applied | SendState::Declined(_) => ("answered", ""),
                };
                let what = format!("change to {} {what}", answer.blueprint);
                self.activity.note(now, who.0, &what, why);
                self.send(&Message::Outcome(answer));
            }
            Some(Verdict::Apply(w)) => self.apply_change(project, &w),
            None => {}
        }
    }

    /// Whose characters are whose, as every screen shows them.
    pub fn names(&self) -> &PuppetNames {
        &self.names
    }

    /// Whether every screen shows the students' names by their characters.
    pub fn names_shown(&self) -> bool {
        self.show_names
    }

    /// Shows (true) or hides the students' names by their characters on every screen.
    pub fn show_names(&mut self, on: bool) {
        self.show_names = on;
        self.refresh_names();
    }

    /// Takes in the roster's names and the switch, when they changed.
    fn refresh_names(&mut self) {
        let students = self
            .room
            .students()
            .map(|s| (s.device.as_str(), s.name.as_str()));
        if !self.names.same_as(students, self.show_names) {
            self.names = PuppetNames::new(self.room.names(), self.show_names);
        }
    }

    /// Sends the students' names when they changed, after a snapshot, or every
    /// [`NAMES_EVERY_MS`].
    fn publish_names(&mut self, now_ms: f64) {
        let names = Names {
            names: self.room.names(),
            shown: self.show_names,
        };
        let due = self
            .names_sent
            .as_ref()
            .is_none_or(|(sent, at)| *sent != names || now_ms - at >= NAMES_EVERY_MS);
        if due {
            self.send(&Message::Names(names.clone()));
            self.names_sent = Some((names, now_ms));
        }
    }

    /// The room: roster, counts, code.
    pub fn room(&self) -> &Room {
        &self.room
    }

    /// The id the room's subjects are named by (derived from its code).
    pub fn room_id(&self) -> &str {
        &self.room_id
    }

    /// The server link's state (`None` without a server).
    pub fn server_state(&self) -> Option<LinkState> {
        self.server.as_ref().map(Link::state)
    }

    /// Bytes sent through the server so far.
    pub fn server_bytes(&self) -> u64 {
        self.server.as_ref().map_or(0, |s| s.counts().sent_bytes)
    }

    /// The server's last complaint (a wrong teacher key, say).
    pub fn server_error(&self) -> Option<String> {
        self.server.as_ref().and_then(Link::last_error)
    }

    fn send(&mut self, message: &Message) {
        if let Some(server) = &mut self.server {
            server.send(message);
        }
        // A window of this browser says so when it opens (it asks for a snapshot); until
        // one has, nothing is copied into the channel.
        if self.window_heard {
            if let Some(window) = &mut self.window {
                window.send(message);
            }
        }
    }

    /// The blueprints students may pick now: the model's controllable ones the teacher did
    /// not withhold.
    pub fn characters(&self, run: &Run) -> Vec<String> {
        let mut all = run.characters();
        all.retain(|c| !self.withheld.contains(c));
        all
    }

    /// The whole state for devices now, with the blueprints students may pick.
    pub fn room_snapshot(
        &self,
        run: &Run,
        project: &ProjectHandle,
        playing: bool,
    ) -> Option<sim_core::session::protocol::RoomSnapshot> {
        self.hosting
            .room_snapshot(run, project, self.characters(run), playing)
    }

    /// Whether students may pick `blueprint`.
    pub fn offers(&self, blueprint: &str) -> bool {
        !self.withheld.contains(blueprint)
    }

    /// Offers `blueprint` to students or withholds it (students already driving it keep it);
    /// devices get the new list with the next snapshot, sent now.
    pub fn offer(&mut self, blueprint: &str, on: bool) {
        if on {
            self.withheld.remove(blueprint);
        } else {
            self.withheld.insert(blueprint.to_string());
        }
        self.snapshot_wanted = true;
    }

    /// A student's hand-in: taken (its project kept in the library's database with the
    /// room) or refused, and the student told either way.
    fn handed_in(
        &mut self,
        run: &Run,
        h: &sim_core::session::protocol::HandIn,
        name: &str,
        now_ms: f64,
    ) {
        let refused = match self.handins.take(h, name, (now_ms, js_sys::Date::now())) {
            Ok(Taken::New(entry)) => {
                let size = format!("{} KB", entry.bytes.div_ceil(1024));
                self.activity
                    .note(at(run), name, &format!("handed in {}", entry.title), &size);
                let (code, packed, list) = (
                    self.room.code().to_string(),
                    h.project.clone(),
                    self.handins.to_json(),
                );
                wasm_bindgen_futures::spawn_local(async move {
                    let kept =
                        crate::projects::rooms::keep_handin(&code, entry.n, &packed, &list).await;
                    if let Err(e) = kept {
                        web_sys::console::warn_1(&e.to_string().into());
                    }
                });
                None
            }
            Ok(Taken::Again(_)) => None,
            Err(why) => {
                self.activity.note(at(run), name, "hand-in refused", &why);
                Some(why)
            }
        };
        self.send(&Message::HandedIn(sim_core::session::protocol::HandedIn {
            device: h.device.clone(),
            id: h.id,
            refused,
        }));
    }

    /// The name the record gives `device` (its id when it never joined).
    fn name_of(&self, device: &str) -> String {
        let device = device.strip_prefix("student:").unwrap_or(device);
        self.known
            .get(device)
            .cloned()
            .unwrap_or_else(|| device.to_string())
    }

    /// A student joined (or came back): the record says so.
    fn joined(&mut self, run: &Run, w: &sim_core::session::protocol::Welcome) {
        if self.known.len() >= 4 * sim_core::session::room::MAX_STUDENTS {
            self.known.clear();
        }
        self.known.insert(w.device.clone(), w.name.clone());
        let what = format!("joined as {}", w.blueprint);
        self.activity.note(at(run), &w.name, &what, "");
    }

    /// A student's frame in the record: a leave, or one more input this minute.
    fn record_frame(&mut self, run: &Run, frame: &InputFrame, ack: Option<&(String, u32)>) {
        if let InputFrame::Leave { device } = frame {
            let name = self.name_of(device);
            self.activity.note(at(run), &name, "left", "");
        } else if let Some((device, _)) = ack {
            let name = self.name_of(device);
            self.activity.input(at(run), &name);
        }
    }

    /// Takes in what the room knew of its students before the page reloaded, once it is
    /// read back: who was active, and who was removed (removed again if they rejoined since).
    fn recall_roster(&mut self, run: &mut Run) {
        let recalled = self.roster_inbox.borrow_mut().take();
        let Some(mut memory) = recalled else {
            return;
        };
        for r in &mut memory {
            r.active_ms = r.active_ms.map(wall_to_page);
        }
        for (frame, message) in self.room.recall(memory) {
            let _ = run.send_frame(frame);
            self.send(&message);
        }
        self.refresh_names();
    }

    /// Before the frame's ticks: joins, inputs and requests from every link. While the run
    /// is `paused`, students' inputs make, move and let go of their characters at once.
    pub fn receive(&mut self, run: &mut Run, project: &ProjectHandle, now_ms: f64, paused: bool) {
        self.recall_roster(run);
        // Back on the server after a drop: devices that asked meanwhile were not heard, so
        // everyone gets the state again.
        let opened = self.server.as_ref().map_or(0, |s| s.counts().opened);
        if opened > self.opened {
            self.opened = opened;
            self.snapshot_wanted = true;
        }
        let from_windows = self.window.as_mut().map(Link::take).unwrap_or_default();
        self.window_heard |= !from_windows.is_empty();
        let mut arrived = self.server.as_mut().map(Link::take).unwrap_or_default();
        arrived.extend(from_windows);
        let characters = if arrived.is_empty() {
            Vec::new()
        } else {
            self.characters(run)
        };
        for message in arrived {
            match self.room.receive(message, now_ms, &characters) {
                Action::Nothing => {}
                Action::Send(m) => self.send(&m),
                Action::SendThenSnapshot(m) => {
                    if let Message::Welcome(w) = &m {
                        self.joined(run, w);
                    }
                    self.send(&m);
                    self.snapshot_wanted = true;
                }
                Action::Snapshot => self.snapshot_wanted = true,
                Action::HandedIn { handin, name } => self.handed_in(run, &handin, &name, now_ms),
                Action::Submitted { submit, name, own } => {
                    self.submitted(project, submit, (&name, &own), now_ms);
                }
                Action::Apply { frame, ack } => {
                    self.record_frame(run, &frame, ack.as_ref());
                    match run.send_frame(frame) {
                        Ok(()) => {
                            if let Some((device, seq)) = ack {
                                self.hosting.ack(&device, seq);
                            }
                        }
                        Err(_) => self.refused_frames += 1,
                    }
                }
            }
        }
        self.refresh_names();
        if paused {
            run.apply_inputs_now();
            self.hosting.ran(run);
        }
    }

    /// Right after the run advanced (a frame's ticks, a Step): the bundle of what it did.
    pub fn ran(&mut self, run: &Run) {
        self.hosting.ran(run);
    }

    /// After the frame's ticks: the bundles of what ran, a snapshot where the state jumped
    /// or devices asked, and the controls when they changed or a second passed. True when a
    /// bundle carried inputs (the state changed, perhaps without a tick).
    pub fn publish(
        &mut self,
        run: &Run,
        project: &ProjectHandle,
        playing: bool,
        speed: f64,
        now_ms: f64,
    ) -> bool {
        let mut inputs = false;
        self.record_run(run, project, playing);
        let first = std::mem::take(&mut self.seen.first);
        let mut jumped = None;
        if self.hosting.take_jumped(run) {
            let why = if first {
                "the session started"
            } else if project.revision() == self.checked_revision {
                let what = "the run started over or moved on the timeline";
                self.activity.note(at(run), "teacher", what, "");
                what
            } else {
                "the model was changed"
            };
            jumped = Some(why);
            // The snapshot sent now carries the state: bundles made since the jump would
            // reach devices before it, on an epoch they do not have yet.
            self.hosting.take_bundles();
            self.snapshot_wanted = true;
            self.last_snapshot_ms = f64::NEG_INFINITY;
        }
        let bundles = self.hosting.take_bundles();
        self.recording
            .record((run, &self.hosting), project, jumped, &bundles);
        for mut bundle in bundles {
            inputs |= !bundle.inputs.is_empty();
            bundle.sent_ms = js_sys::Date::now();
            self.send(&Message::Bundle(bundle));
            self.sent.bundles += 1;
        }
        if self.snapshot_wanted && now_ms - self.last_snapshot_ms >= SNAPSHOT_GAP_MS {
            let characters = self.characters(run);
            if let Some(snapshot) = self
                .hosting
                .room_snapshot(run, project, characters, playing)
            {
                self.send(&Message::Snapshot(snapshot));
                self.sent.snapshots += 1;
                self.snapshot_wanted = false;
                self.last_snapshot_ms = now_ms;
                // A screen that just started following learns the names and rules at once.
                self.names_sent = None;
                self.policy_sent = None;
            }
        }
        self.publish_names(now_ms);
        self.publish_policy(now_ms);
        self.recheck(project);
        self.publish_control((playing, speed), now_ms);
        inputs
    }

    /// Sends the controls when they changed, or every [`CONTROL_EVERY_MS`] (a heartbeat).
    fn publish_control(&mut self, (playing, speed): (bool, f64), now_ms: f64) {
        let Some((epoch, seq)) = self.hosting.position() else {
            return;
        };
        let control = Control {
            epoch,
            seq,
            playing,
            speed,
            locked: self.room.locked(),
        };
        let due = self.last_control.as_ref().is_none_or(|(c, at)| {
            c.playing != playing
                || c.speed != speed
                || c.locked != control.locked
                || now_ms - at >= CONTROL_EVERY_MS
        });
        if due {
            self.send(&Message::Control(control.clone()));
            self.last_control = Some((control, now_ms));
        }
    }

    /// The run in the record: Play and Pause, and each round's start and end.
    fn record_run(&mut self, run: &Run, project: &ProjectHandle, playing: bool) {
        self.activity.settle();
        if let Some(kept) = self.handins_inbox.borrow_mut().take() {
            self.handins.restore(kept);
        }

        self.seen.tick = run.tick();
        if !self.seen.started {
            // The model and the run as the session found them are no event.
            self.seen.started = true;
            self.seen.lineage = project.lineage();
            self.checked_revision = project.revision();
            self.seen.applied_revision = project.revision();
            self.seen.first = true;
        }
        if playing != self.seen.playing {
            self.seen.playing = playing;
            let what = if playing { "play" } else { "pause" };
            self.activity.note(at(run), "teacher", what, "");
        }
        let round = run
            .round()
            .filter(|r| r.count > 0)
            .map(|r| (r.number, r.phase));
        if round != self.seen.round {
            if let Some((number, phase)) = round {
                let what = format!("round {number}: {phase:?}").to_lowercase();
                self.activity.note(at(run), "model", &what, "");
            }
            self.seen.round = round;
        }
    }

    /// Removes a student for good (its characters go).
    pub fn kick(&mut self, run: &mut Run, device: &str) {
        self.desk.forget_device(device);
        let what = format!("removed {}", self.name_of(device));
        if let Some((frame, message)) = self.room.kick(device) {
            self.activity.note(at(run), "teacher", &what, "");
            let _ = run.send_frame(frame);
            self.send(&message);
            self.refresh_names();
        }
    }

    /// Lets a removed student join again.
    pub fn readmit(&mut self, device: &str) {
        let name = self
            .room
            .removed()
            .into_iter()
            .find(|(d, _)| d == device)
            .map(|(_, name)| name);
        if let Some(name) = name.filter(|_| self.room.readmit(device)) {
            let now = (js_sys::Date::now(), self.seen.tick);
            self.activity
                .note(now, "teacher", &format!("let {name} back in"), "");
        }
    }

    /// What the room knows of its students, its times on the wall clock, as JSON: kept with
    /// the room's state for a page that takes the room back (see [`Room::recall`]).
    pub fn roster_json(&self) -> String {
        let mut memory = self.room.memory();
        for r in &mut memory {
            r.active_ms = r.active_ms.map(page_to_wall);
        }
        serde_json::to_string(&memory).unwrap_or_default()
    }

    /// Removes, in one click, every student who never sent an input: what a connection
    /// sending joins under made-up names leaves on the roster.
    pub fn kick_idle(&mut self, run: &mut Run) {
        for device in self.room.not_steering() {
            self.kick(run, &device);
        }
    }

    /// Locks the room to new students, or opens it.
    pub fn set_locked(&mut self, locked: bool) {
        self.room.set_locked(locked);
        let what = if locked {
            "locked the room"
        } else {
            "opened the room"
        };
        self.activity
            .note((js_sys::Date::now(), self.seen.tick), "teacher", what, "");
    }

    /// The class run as a file now, with the students' names and the lesson's record.
    pub fn run_file(&mut self) -> Vec<u8> {
        let names = self
            .known
            .iter()
            .map(|(device, name)| (device.clone(), name.clone()))
            .collect();
        let activity = self.activity.to_jsonl();
        self.recording.file(names, &activity)
    }

    /// Ends the session: every device is told, every student's characters go, and the class
    /// run is kept among the library's class runs (`kept` hears when).
    pub fn end(mut self, run: &mut Run, kept: impl FnOnce() + 'static) {
        let file = self.run_file();
        self.recording.keep_in_library(file, kept);
        self.send(&Message::Ended);
        let devices: Vec<String> = self.room.students().map(|s| s.device.clone()).collect();
        for device in devices {
            let leave = InputFrame::Leave {
                device: sim_core::session::room::puppet_device(&device),
            };
            let _ = run.send_frame(leave);
        }
    }
}

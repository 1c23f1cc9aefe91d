//! A projector's or a student's side of a live session: it follows the teacher's run (a
//! snapshot, then bundles), asks for a fresh snapshot whenever it lost step and counts it,
//! and, for a student, joins with a name and a character and sends where its markers are, 25
//! times a second.

use super::link::{Link, LinkState, NatsLink, Server, Side, WindowLink};
use super::names::PuppetNames;
use super::to_marker;
use crate::browser::{storage_get, storage_remove, storage_set};
use crate::projects::ProjectHandle;
use crate::run::Run;
use sim_core::{
    session::codesign::{Editing, Outcome, Policy, SendState, Submit},
    session::protocol::{
        Bundle, Control, Join, Message, RoomSnapshot, StudentInput, Welcome,
        MAX_MARKERS_PER_STUDENT, MAX_TEXT_CHARS,
    },
    session::{room::puppet_device, Followed, Follower, RoomKey},
    Marker,
};
use std::collections::VecDeque;

/// Milliseconds between two inputs: 25 a second while the student steers.
pub const INPUT_EVERY_MS: f64 = 40.0;
/// Milliseconds between two inputs while the markers stay where they are: the device still
/// says it is there (and measures its delay) once a second.
pub const STILL_EVERY_MS: f64 = 1_000.0;
/// How long a device waits for the snapshot it asked for before asking again.
const ASK_AGAIN_MS: f64 = 2_000.0;
/// How long a device on the server hears nothing from a teacher before it says that no room
/// has its code: the teacher's page sends at least a heartbeat every second.
pub const NO_ROOM_MS: f64 = 2_000.0;
/// How long nothing from the teacher's page counts as its having gone quiet, milliseconds.
pub const QUIET_TEACHER_MS: f64 = 3_000.0;
/// How often a student's tab looks whether a newer tab of this browser took its place over.
const TAB_CHECK_MS: f64 = 500.0;
/// How often a student's markers are kept in storage while they move, for a reload that
/// comes after the teacher's model let the character go.
const KEEP_MARKERS_MS: f64 = 1_000.0;

/// How long a sent change waits for the teacher's answer before it is sent again.
const RESEND_MS: f64 = 4_000.0;

/// A change this student sent to the class model, and what became of it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sent {
    /// What was sent.
    pub submit: Submit,
    /// The teacher's answer; `None` while none came.
    pub state: Option<SendState>,
    /// When it was last sent (page milliseconds; not kept across a reload).
    #[serde(skip)]
    sent_ms: f64,
}

impl Sent {
    /// When it was last sent (page milliseconds).
    pub fn sent_ms(&self) -> f64 {
        self.sent_ms
    }

    /// Whether the teacher still has to answer or review it.
    pub fn pending(&self) -> bool {
        matches!(
            self.state,
            None | Some(SendState::Waiting) | Some(SendState::Conflict)
        )
    }
}

/// What this device is in the room.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Role {
    /// Shows the room (a projector or another screen): sends nothing but requests.
    Projector,
    /// A student's controller.
    Student,
}

/// This device's id and the secret it joins with (kept across reloads, so a student who
/// comes back keeps their place).
#[derive(Debug, Clone, PartialEq)]
pub struct Identity {
    /// The device's id.
    pub device: String,
    /// Its secret for this room.
    pub secret: String,
}

/// A device in a live session.
pub struct DeviceSession {
    code: String,
    role: Role,
    identity: Identity,
    /// The same-computer link (by room code).
    window: Option<WindowLink>,
    /// The server link (on the subjects the code's key names).
    server: Option<NatsLink>,
    /// Times the window and server links opened, as last seen (a new opening means a
    /// reconnect).
    opened: (u32, u32),
    /// When the server link first opened (page milliseconds).
    server_open_ms: Option<f64>,
    following: bool,
    /// Where this device is in the teacher's run, once its model arrived.
    follower: Option<Follower>,
    /// When the device last asked for a snapshot it has not had yet.
    waiting_since: Option<f64>,
    /// Times this device lost step and resynced.
    pub resyncs: u64,
    /// Why it last lost step.
    pub lost_because: Option<String>,
    /// Messages that did not read.
    pub malformed: u64,
    /// The teacher's controls, last heard.
    pub control: Option<Control>,
    /// When anything from the teacher last arrived (page milliseconds).
    pub heard_ms: Option<f64>,
    /// The characters a student may pick.
    pub characters: Vec<String>,
    /// The join asked for: name and blueprint.
    join: Option<(String, String)>,
    /// The teacher's welcome.
    pub welcome: Option<Welcome>,
    /// Why the teacher refused this device.
    pub refused: Option<String>,
    /// The teacher ended the session.
    pub ended: bool,
    markers: Vec<Marker>,
    /// The markers of the last input sent.
    sent_markers: Vec<Marker>,
    seq: u32,
    last_sent_ms: f64,
    sent_at: VecDeque<(u32, f64)>,
    /// How long this device's last acknowledged input took to reach the teacher's model.
    pub delay_ms: Option<u32>,
    /// How late the last bundles arrived and were applied (teacher's send to applied here,
    /// milliseconds; meaningful on one computer's clock), newest last.
    bundle_delays: VecDeque<f64>,
    /// How far behind the class this device's model runs (see [`Lag`]).
    lag: Lag,
    unsent_inputs: u64,
    /// Whether a bundle with the teacher's inputs (a widget, an inspector edit, a command)
    /// was applied since [`DeviceSession::take_inputs_applied`] last asked.
    inputs_applied: bool,
    /// A student's tab's token in storage: the newest tab of a browser steers, older ones
    /// stop (`None` on a projector).
    tab: Option<String>,
    /// A newer tab of this browser took this student's place over: this one sends nothing.
    pub superseded: bool,
    tab_checked_ms: f64,
    /// The markers last kept in storage, and when.
    kept_markers: (Vec<Marker>, f64),
    /// Whose characters are whose, as the teacher last said.
    pub names: PuppetNames,
    /// Who may edit the class model's blueprints, as the teacher last said.
    pub policy: Option<Policy>,
    /// The last change this student sent, kept in storage across reloads.
    pub sent: Option<Sent>,
    /// The blueprint the student has open, as last told to the teacher.
    editing: Option<String>,
    /// The teacher's last hand-out of the class model, if any.
    pub handout: Option<u32>,
    /// The last project this student handed in, and what became of it.
    pub handin: Option<SentHandIn>,
}

/// A project handed in: its number, title and packed project, and the teacher's answer
/// (`None` while none came; `Some(None)` when it arrived; `Some(Some(why))` when refused).
#[derive(Debug, Clone, PartialEq)]
pub struct SentHandIn {
    /// Its number on this device.
    pub id: u32,
    /// The project's title.
    pub title: String,
    packed: Vec<u8>,
    /// The teacher's answer.
    pub answer: Option<Option<String>>,
    sent_ms: f64,
}

/// Where a student's page keeps `what` for room `code` in this browser's storage.
fn kept(what: &str, code: &str) -> String {
    format!("stepwise-{what}-{code}")
}

/// The change this browser sent last in room `code`, if it keeps one.
fn kept_sent(code: &str) -> Option<Sent> {
    let text = storage_get(&kept("sent", code)).ok()??;
    serde_json::from_str(&text).ok()
}

/// The join this browser made in room `code` (name, blueprint), if it keeps one.
fn kept_join(code: &str) -> Option<(String, String)> {
    let text = storage_get(&kept("join", code)).ok()??;
    let (name, blueprint) = text.split_once('\t')?;
    let clip = |t: &str| t.chars().take(MAX_TEXT_CHARS).collect::<String>();
    (!name.trim().is_empty() && !blueprint.is_empty()).then(|| (clip(name), clip(blueprint)))
}

/// The markers this browser kept for room `code` (`m0 x y;m1 x y`), within the stage.
fn kept_markers(code: &str) -> Vec<(f64, f64)> {
    let text = storage_get(&kept("markers", code))
        .ok()
        .flatten()
        .unwrap_or_default();
    text.split(';')
        .take(MAX_MARKERS_PER_STUDENT)
        .map_while(|m| {
            let mut parts = m.split(' ').skip(1).map(str::parse::<f64>);
            let (x, y) = (parts.next()?.ok()?, parts.next()?.ok()?);
            (x.is_finite() && y.is_finite()).then(|| (x.clamp(-0.5, 0.5), y.clamp(-0.5, 0.5)))
        })
        .collect()
}

impl DeviceSession {
    /// Joins room `code` as `role`, through `server` when given and a window link always. A
    /// student's page that joined this room before (a reload, a browser restarted) joins
    /// again by itself, and takes the place over from any older tab of this browser.
    pub fn start(code: &str, role: Role, identity: Identity, server: Option<Server>) -> Self {
        let student = role == Role::Student;
        let tab = student.then(super::page_token).filter(|t| !t.is_empty());
        if let Some(tab) = &tab {
            let _ = storage_set(&kept("tab", code), tab);
        }
        let server = server.map(|server| {
            let name = format!("device-{}", identity.device);
            let key = std::rc::Rc::new(RoomKey::derive(code));
            NatsLink::open(server, &name, Side::Device, key)
        });
        DeviceSession {
            code: code.to_string(),
            role,
            identity,
            window: WindowLink::open(code, Side::Device),
            server,
            opened: (0, 0),
            server_open_ms: None,
            following: false,
            follower: None,
            waiting_since: None,
            resyncs: 0,
            lost_because: None,
            malformed: 0,
            control: None,
            heard_ms: None,
            characters: Vec::new(),
            join: if student { kept_join(code) } else { None },
            welcome: None,
            refused: None,
            ended: false,
            markers: Vec::new(),
            sent_markers: Vec::new(),
            seq: 0,
            last_sent_ms: f64::NEG_INFINITY,
            sent_at: VecDeque::new(),
            delay_ms: None,
            bundle_delays: VecDeque::new(),
            lag: Lag::default(),
            unsent_inputs: 0,
            inputs_applied: false,
            tab,
            superseded: false,
            tab_checked_ms: f64::NEG_INFINITY,
            kept_markers: (Vec::new(), f64::NEG_INFINITY),
            names: PuppetNames::default(),
            policy: None,
            sent: if student { kept_sent(code) } else { None },
            editing: None,
            handout: None,
            handin: None,
        }
    }

    /// Sends `text` as `blueprint`'s script, written over the class's revision `base` (for a
    /// new blueprint, with `new_agents` starting agents). Its answer comes as an outcome.
    pub fn send_change(
        &mut self,
        blueprint: &str,
        text: &str,
        base: u64,
        new_agents: Option<u8>,
        now_ms: f64,
    ) {
        // Numbered by the clock's seconds and always up, so a reloaded page's numbers never
        // meet an answer the teacher remembers for an older one.
        let last = self.sent.as_ref().map_or(0, |s| s.submit.id);
        let id = ((js_sys::Date::now() / 1000.0) as u32).max(last.wrapping_add(1));
        self.sent = Some(Sent {
            submit: Submit {
                device: self.identity.device.clone(),
                secret: self.identity.secret.clone(),
                id,
                blueprint: blueprint.to_string(),
                text: text.to_string(),
                base,
                new_agents,
            },
            state: None,
            sent_ms: f64::NEG_INFINITY,
        });
        self.resend(now_ms);
    }

    /// Sends the last change again (or for the first time), and keeps it in storage.
    fn resend(&mut self, now_ms: f64) {
        let Some(sent) = &mut self.sent else {
            return;
        };
        sent.sent_ms = now_ms;
        let message = Message::Submit(sent.submit.clone());
        if let Ok(json) = serde_json::to_string(&*sent) {
            let _ = storage_set(&kept("sent", &self.code), &json);
        }
        if !self.superseded {
            self.send(&message);
        }
    }

    /// The teacher's answer to this device's change.
    fn outcome(&mut self, o: Outcome) {
        let Some(sent) = &mut self.sent else {
            return;
        };
        if o.device != self.identity.device || o.id != sent.submit.id {
            return;
        }
        sent.state = Some(o.state);
        if let Ok(json) = serde_json::to_string(&*sent) {
            let _ = storage_set(&kept("sent", &self.code), &json);
        }
    }

    /// Hands `project` (titled `title`) in to the teacher; why not, when it is too large.
    pub fn hand_in(
        &mut self,
        title: &str,
        project: &sim_core::Project,
        now_ms: f64,
    ) -> Result<(), String> {
        let packed = sim_core::session::follow::pack_project(project);
        let max = sim_core::session::protocol::MAX_HANDIN_BYTES;
        if packed.len() > max {
            return Err(format!(
                "this project is {} KB packed; a hand-in is at most {} KB",
                packed.len().div_ceil(1024),
                max / 1024
            ));
        }
        let last = self.handin.as_ref().map_or(0, |h| h.id);
        let id = ((js_sys::Date::now() / 1000.0) as u32).max(last.wrapping_add(1));
        self.handin = Some(SentHandIn {
            id,
            title: title.chars().take(200).collect(),
            packed,
            answer: None,
            sent_ms: now_ms,
        });
        self.send_handin(now_ms);
        Ok(())
    }

    /// Sends the hand-in (again, when its answer did not come).
    fn send_handin(&mut self, now_ms: f64) {
        let Some(h) = &mut self.handin else {
            return;
        };
        h.sent_ms = now_ms;
        let message = Message::HandIn(sim_core::session::protocol::HandIn {
            device: self.identity.device.clone(),
            secret: self.identity.secret.clone(),
            id: h.id,
            title: h.title.clone(),
            project: h.packed.clone(),
        });
        if !self.superseded {
            self.send(&message);
        }
    }

    /// Tells the teacher which blueprint the student has open (none: the drawer closed).
    pub fn set_editing(&mut self, blueprint: Option<String>) {
        if self.editing != blueprint {
            self.editing = blueprint;
            self.send_editing();
        }
    }

    fn send_editing(&mut self) {
        if self.role != Role::Student || self.superseded || self.welcome.is_none() {
            return;
        }
        let message = Message::Editing(Editing {
            device: self.identity.device.clone(),
            secret: self.identity.secret.clone(),
            blueprint: self.editing.clone(),
        });
        self.send(&message);
    }

    /// The join this page asked for (name, blueprint), until the teacher refuses it.
    pub fn joining(&self) -> Option<&(String, String)> {
        self.join.as_ref()
    }

    /// The room code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// This device's id (its characters are the puppets of `student:{id}`).
    pub fn device_id(&self) -> &str {
        &self.identity.device
    }

    /// Projector or student.
    pub fn role(&self) -> Role {
        self.role
    }

    /// Whether the teacher's model has arrived.
    pub fn following(&self) -> bool {
        self.following
    }

    /// Whether no room of this code answers: on the server for [`NO_ROOM_MS`] and nothing
    /// ever came from a teacher (a mistyped code, or a room whose teacher has gone). Only a
    /// page given the room's code can seal a message for it, so silence is the only answer
    /// a wrong code can get.
    pub fn no_room(&self, now_ms: f64) -> bool {
        self.heard_ms.is_none()
            && self
                .server_open_ms
                .is_some_and(|at| now_ms - at >= NO_ROOM_MS)
    }

    /// Whether the teacher's page went quiet: nothing from it for [`QUIET_TEACHER_MS`] (it
    /// sends at least a heartbeat every second).
    pub fn teacher_quiet(&self, now_ms: f64) -> bool {
        self.heard_ms
            .is_some_and(|at| now_ms - at > QUIET_TEACHER_MS)
    }

    /// The server link's state (`None` without a server).
    pub fn server_state(&self) -> Option<LinkState> {
        self.server.as_ref().map(Link::state)
    }

    /// Sends on both links; false when the server link (if there is one) did not carry it.
    fn send(&mut self, message: &Message) -> bool {
        if let Some(window) = &mut self.window {
            window.send(message);
        }
        self.server.as_mut().is_none_or(|s| s.send(message))
    }

    fn ask_snapshot(&mut self, why: &str, now_ms: f64) {
        self.waiting_since = Some(now_ms);
        let message = Message::WantSnapshot {
            device: self.identity.device.clone(),
            reason: why.chars().take(200).collect(),
        };
        self.send(&message);
    }

    /// On reaching the teacher (a link opened): join again if this is a student that
    /// joined, and ask for the state.
    fn greet(&mut self, now_ms: f64) {
        self.send_join();
        let why = if self.following {
            "reconnected"
        } else {
            "arrived"
        };
        self.ask_snapshot(why, now_ms);
    }

    fn lost(&mut self, why: String, now_ms: f64) {
        self.resyncs += 1;
        self.ask_snapshot(&why, now_ms);
        self.lost_because = Some(why);
    }

    /// A student asks to join with `name`, driving `blueprint`.
    pub fn join(&mut self, name: &str, blueprint: &str) {
        let name = name.trim().to_string();
        let _ = storage_set(&kept("join", &self.code), &format!("{name}\t{blueprint}"));
        self.join = Some((name, blueprint.to_string()));
        self.refused = None;
        self.send_join();
    }

    /// Forgets the join (refused, or the session ended): a reload shows the join form.
    fn forget_join(&mut self) {
        self.join = None;
        self.sent = None;
        storage_remove(&kept("sent", &self.code));
        storage_remove(&kept("join", &self.code));
        storage_remove(&kept("markers", &self.code));
    }

    fn send_join(&mut self) {
        if self.superseded {
            return;
        }
        let Some((name, blueprint)) = self.join.clone() else {
            return;
        };
        let message = Message::Join(Join {
            device: self.identity.device.clone(),
            secret: self.identity.secret.clone(),
            name,
            blueprint,
            code: self.code.clone(),
        });
        self.send(&message);
    }

    /// Where this student's markers are (at most four), in stage fractions.
    pub fn markers(&self) -> &[Marker] {
        &self.markers
    }

    /// Puts marker `index` (a new one past the last, up to four) at `(x, y)`.
    pub fn place_marker(&mut self, index: usize, x: f64, y: f64) {
        let (x, y) = (x.clamp(-0.5, 0.5), y.clamp(-0.5, 0.5));
        if let Some(m) = self.markers.get_mut(index) {
            (m.x, m.y) = (x, y);
        } else if self.markers.len() < MAX_MARKERS_PER_STUDENT {
            let id = format!("m{}", self.markers.len());
            self.markers.push(Marker { id, x, y });
        }
    }

    /// One frame: what arrived, applied; what is due, sent. True when the teacher's model
    /// arrived anew (the stage should fit it).
    pub fn frame(&mut self, run: &mut Run, project: &ProjectHandle, now_ms: f64) -> bool {
        let opened = (
            self.window.as_ref().map_or(0, |l| l.counts().opened),
            self.server.as_ref().map_or(0, |l| l.counts().opened),
        );
        if opened.1 > 0 && self.server_open_ms.is_none() {
            self.server_open_ms = Some(now_ms);
        }
        let reopened = opened.0 > self.opened.0 || opened.1 > self.opened.1;
        if reopened {
            self.opened = opened;
            self.greet(now_ms);
        }
        let mut arrived = self.window.as_mut().map(Link::take).unwrap_or_default();
        arrived.extend(self.server.as_mut().map(Link::take).unwrap_or_default());
        let mut adopted = false;
        if !arrived.is_empty() {
            self.heard_ms = Some(now_ms);
        }
        for message in arrived {
            match message {
                Ok(m) => adopted |= self.receive(m, run, project, now_ms),
                Err(_) => self.malformed += 1,
            }
        }
        self.check_tab(now_ms);
        self.settle_markers(run, project);
        self.keep_markers(now_ms);
        if self
            .waiting_since
            .is_some_and(|at| now_ms - at > ASK_AGAIN_MS)
        {
            self.ask_snapshot("the snapshot asked for did not come", now_ms);
        }
        self.send_input(now_ms);
        let unanswered = self
            .sent
            .as_ref()
            .is_some_and(|s| s.state.is_none() && now_ms - s.sent_ms > RESEND_MS);
        if unanswered && self.welcome.is_some() {
            self.resend(now_ms);
        }
        let handin_unanswered = self
            .handin
            .as_ref()
            .is_some_and(|h| h.answer.is_none() && now_ms - h.sent_ms > RESEND_MS);
        if handin_unanswered && self.welcome.is_some() {
            self.send_handin(now_ms);
        }
        adopted
    }

    fn receive(
        &mut self,
        message: Message,
        run: &mut Run,
        project: &ProjectHandle,
        now_ms: f64,
    ) -> bool {
        match message {
            Message::Snapshot(s) => return self.take_snapshot(s, run, project),
            Message::Bundle(b) if self.following && self.waiting_since.is_none() => {
                self.take_bundle(&b, run, now_ms);
            }
            Message::Bundle(_) => {}
            Message::Control(c) => {
                let behind = self.follower.as_ref().is_some_and(|f| {
                    let (epoch, seq) = f.position();
                    c.epoch == epoch && c.seq > seq
                });
                if behind && self.waiting_since.is_none() {
                    self.lost("the last bundles did not arrive".into(), now_ms);
                }
                self.control = Some(c);
            }
            Message::Welcome(w) if w.device == self.identity.device => {
                self.welcome = Some(w);
                self.refused = None;
                // A teacher's page that reloaded lost its list: what waited is sent again
                // (one that did not answers the same), and what the student has open.
                if self.sent.as_ref().is_some_and(Sent::pending) {
                    self.resend(now_ms);
                }
                self.send_editing();
            }
            Message::Policy(p) => self.policy = Some(p),
            // 0: the teacher took the hand-out back (another model is open).
            Message::HandOut(id) => self.handout = (id != 0).then_some(id),
            Message::HandedIn(h) if h.device == self.identity.device => {
                if let Some(sent) = self.handin.as_mut().filter(|s| s.id == h.id) {
                    sent.answer = Some(h.refused);
                }
            }
            Message::Outcome(o) => self.outcome(o),
            Message::Refused { device, reason } if device == self.identity.device => {
                self.welcome = None;
                self.forget_join();
                self.refused = Some(reason);
            }
            Message::Rejoin { device } if device == self.identity.device => self.send_join(),
            Message::Names(n) => self.names = PuppetNames::new(n.names, n.shown),
            Message::Ended => {
                self.ended = true;
                self.welcome = None;
                self.forget_join();
            }
            _ => {}
        }
        false
    }

    /// A snapshot of the teacher's model, taken when this device starts or starts over
    /// following, or when the follower wants it; true when the model was replaced.
    fn take_snapshot(&mut self, s: RoomSnapshot, run: &mut Run, project: &ProjectHandle) -> bool {
        let wanted = !self.following
            || self.waiting_since.is_some()
            || self.follower.as_ref().is_some_and(|f| f.wants(&s));
        if !wanted {
            return false;
        }
        match Follower::start(&s) {
            Ok((follower, teacher_project, sim)) => {
                // The teacher's project becomes the open one (not saved to this device's
                // library) and its state the running one.
                run.adopt(project, Some(teacher_project), sim);
                self.follower = Some(follower);
                self.following = true;
                self.waiting_since = None;
                self.characters = s.characters;
                true
            }
            Err(why) => {
                self.lost_because = Some(why);
                false
            }
        }
    }

    /// A bundle of the teacher's ticks: this device's inputs acknowledged (the delay), the
    /// ticks run, or the thread lost.
    fn take_bundle(&mut self, b: &Bundle, run: &mut Run, now_ms: f64) {
        if let Some((_, seq)) = b.acks.iter().find(|(d, _)| *d == self.identity.device) {
            if let Some(&(_, at)) = self.sent_at.iter().find(|(s, _)| s == seq) {
                self.delay_ms = Some((now_ms - at).clamp(0.0, 600_000.0) as u32);
            }
        }
        let followed = match (&mut self.follower, run.sim_mut()) {
            (Some(f), Some(sim)) => f.apply(sim, b),
            _ => Followed::Lost("waiting for the teacher's model".into()),
        };
        match followed {
            Followed::Lost(why) => self.lost(why, now_ms),
            Followed::Applied => {
                self.inputs_applied |= !b.inputs.is_empty();
                if self.bundle_delays.len() >= 512 {
                    self.bundle_delays.pop_front();
                }
                let delay = js_sys::Date::now() - b.sent_ms;
                self.bundle_delays.push_back(delay);
                self.lag.note(delay);
            }
            Followed::Stale => {}
        }
    }

    /// Whether a newer tab of this browser took this student's place over (looked at every
    /// [`TAB_CHECK_MS`]): this tab then sends nothing more.
    fn check_tab(&mut self, now_ms: f64) {
        let Some(tab) = &self.tab else {
            return;
        };
        if self.superseded || now_ms - self.tab_checked_ms < TAB_CHECK_MS {
            return;
        }
        self.tab_checked_ms = now_ms;
        if let Ok(Some(owner)) = storage_get(&kept("tab", &self.code)) {
            self.superseded = owner != *tab;
        }
    }

    /// A welcomed student with no markers yet (a new join, a reload) takes them from where
    /// its characters are in the teacher's model, else from where this browser kept them,
    /// else a start place: a reload finds the character where it was.
    fn settle_markers(&mut self, run: &Run, project: &ProjectHandle) {
        if self.welcome.is_none() || !self.markers.is_empty() || !self.following {
            return;
        }
        let bounds = crate::stage::bounds(project);
        let mut puppets = run.puppets_of(&puppet_device(&self.identity.device));
        puppets.sort_by(|a, b| a.0.cmp(&b.0));
        for (i, (id, x, y)) in puppets.iter().enumerate() {
            if *id != format!("m{i}") {
                break;
            }
            let (mx, my) = to_marker(&bounds, *x, -*y);
            self.place_marker(i, mx, my);
        }
        if self.markers.is_empty() {
            for (i, (x, y)) in kept_markers(&self.code).into_iter().enumerate() {
                self.place_marker(i, x, y);
            }
        }
        if self.markers.is_empty() {
            let (x, y) = start_place(&self.identity.device);
            self.place_marker(0, x, y);
        }
    }

    /// Keeps the markers in storage when they moved, at most every [`KEEP_MARKERS_MS`].
    fn keep_markers(&mut self, now_ms: f64) {
        let (kept_list, at) = &self.kept_markers;
        if self.superseded || *kept_list == self.markers || now_ms - at < KEEP_MARKERS_MS {
            return;
        }
        let text: Vec<String> = self
            .markers
            .iter()
            .map(|m| format!("{} {} {}", m.id, m.x, m.y))
            .collect();
        let _ = storage_set(&kept("markers", &self.code), &text.join(";"));
        self.kept_markers = (self.markers.clone(), now_ms);
    }

    fn send_input(&mut self, now_ms: f64) {
        let still = self.markers == self.sent_markers;
        let every = if still {
            STILL_EVERY_MS
        } else {
            INPUT_EVERY_MS
        };
        if self.role != Role::Student
            || self.superseded
            || self.welcome.is_none()
            || self.markers.is_empty()
            || now_ms - self.last_sent_ms < every
        {
            return;
        }
        self.sent_markers.clone_from(&self.markers);
        self.seq = self.seq.wrapping_add(1);
        self.last_sent_ms = now_ms;
        if self.sent_at.len() >= 64 {
            self.sent_at.pop_front();
        }
        self.sent_at.push_back((self.seq, now_ms));
        let message = Message::Input(StudentInput {
            device: self.identity.device.clone(),
            secret: self.identity.secret.clone(),
            seq: self.seq,
            markers: self.markers.clone(),
            delay_ms: self.delay_ms,
            behind_ms: self.behind_ms(),
        });
        if !self.send(&message) {
            self.unsent_inputs += 1;
        }
    }

    /// Whether the teacher's inputs changed the model since the last call: while the teacher
    /// is paused, nothing else would refresh what this screen shows of it.
    pub fn take_inputs_applied(&mut self) -> bool {
        std::mem::take(&mut self.inputs_applied)
    }

    /// How far the model this device shows runs behind the class's, milliseconds (see
    /// [`Lag`]); none before the first bundle.
    pub fn behind_ms(&self) -> Option<u32> {
        self.lag.behind_ms()
    }

    /// The 95th percentile of how late the last bundles were applied here, milliseconds.
    pub fn bundle_delay_p95(&self) -> Option<f64> {
        if self.bundle_delays.is_empty() {
            return None;
        }
        let mut sorted: Vec<f64> = self.bundle_delays.iter().copied().collect();
        sorted.sort_by(f64::total_cmp);
        let at = (sorted.len() * 95).div_ceil(100).saturating_sub(1);
        sorted.get(at).copied()
    }

    /// Inputs this device could not send because the server was out of reach (each later
    /// input says where the markers are now, so the character still goes there once the
    /// connection is back).
    pub fn unsent(&self) -> u64 {
        self.unsent_inputs
    }
}

/// How far behind the class a device's model runs, from how late each of the teacher's
/// bundles is applied here (the teacher's send to applied, on two clocks). The two clocks
/// differ by a fixed amount and the network takes a little, so the least delay seen stands
/// for "in step"; a device that cannot run the model as fast as the teacher applies each
/// bundle later than the one before, and the excess over that least is how far behind it is.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Lag {
    /// The least delay seen.
    least: Option<f64>,
    /// The last bundle's delay.
    last: Option<f64>,
}

impl Lag {
    /// Notes that a bundle was applied `delay` milliseconds after the teacher sent it.
    pub fn note(&mut self, delay: f64) {
        if !delay.is_finite() {
            return;
        }
        self.least = Some(self.least.map_or(delay, |l| l.min(delay)));
        self.last = Some(delay);
    }

    /// How far behind the device is, milliseconds; none before a bundle.
    pub fn behind_ms(&self) -> Option<u32> {
        let behind = self.last? - self.least?;
        Some(behind.clamp(0.0, f64::from(u32::MAX)) as u32)
    }
}

/// Where a new student's first character appears: spread over the stage by the device id,
/// so a class of characters does not start in one heap.
fn start_place(device: &str) -> (f64, f64) {
    let h = device.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    let x = f64::from(h & 0xffff) / 65_535.0 * 0.7 - 0.35;
    let y = f64::from(h >> 16) / 65_535.0 * 0.7 - 0.35;
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::Lag;

    #[test]
    fn a_device_in_step_is_not_behind_whatever_its_clock_says() {
        let mut lag = Lag::default();
        assert_eq!(lag.behind_ms(), None);
        // Its clock is 40 s off the teacher's; the network takes 20 to 60 ms.
        for delay in [40_020.0, 40_060.0, 40_030.0] {
            lag.note(delay);
        }
        assert_eq!(lag.behind_ms(), Some(10));
    }

    #[test]
    fn a_device_that_applies_each_bundle_later_is_behind_by_the_excess() {
        let mut lag = Lag::default();
        for delay in [-5_000.0, -4_990.0, -3_000.0, -1_500.0] {
            lag.note(delay);
        }
        assert_eq!(lag.behind_ms(), Some(3_500));
        // Caught up again.
        lag.note(-4_995.0);
        assert_eq!(lag.behind_ms(), Some(5));
        lag.note(f64::NAN);
        assert_eq!(lag.behind_ms(), Some(5));
    }
}

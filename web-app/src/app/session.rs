//! The page's part in a live session: the session it hosts or follows, starting and ending
//! one on the teacher's page, each frame's session work, the state hash shown in a session,
//! and the marks on the stage for a student's own characters. The session's controls are in
//! `session_parts`.

use super::page::PageState;
use crate::browser::{storage_get, storage_remove, storage_set};
use crate::projects::{rooms, ProjectHandle};
use crate::render::StageView;
use crate::session::activity::Activity;
use crate::session::device::{DeviceSession, Role};
use crate::session::link::Server;
use crate::session::teacher::TeacherSession;
use crate::session::{self, from_marker, PageRole};
use crate::stage_model::StageModel;
use sim_core::session::protocol::{self, Message};
use web_sys::CanvasRenderingContext2d;

/// Where the teacher's key for the session server is kept.
const TEACHER_KEY: &str = "stepwise-teacher-key";
/// Where the teacher's page keeps the running session's room code (this tab only), so a
/// reload goes on with the same room and students rejoin by themselves.
const SESSION_CODE: &str = "stepwise-session-code";

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// The room code of the session this tab ran before a reload (its subjects and key come
/// from the code alone).
pub fn running_room() -> Option<String> {
    let kept = session_storage()?.get_item(SESSION_CODE).ok()??;
    // A tab of an older Stepwise kept "CODE ID"; the code is the first word.
    let code = session::clean_code(kept.split(' ').next().unwrap_or_default());
    (!code.is_empty()).then_some(code)
}

/// Where this browser keeps the room its teacher's page runs (`CODE\tMS`, the wall clock
/// when the page was last alive) until the session is ended, so a closed tab, a restarted
/// browser or a slept laptop can resume it.
const KEPT_ROOM: &str = "stepwise-teacher-room";
/// How often a teacher's page says it is alive, milliseconds of the wall clock.
const ALIVE_EVERY_MS: f64 = 2_000.0;
/// A kept room whose page said nothing for this long is offered for resuming (its page was
/// closed); before that, another tab runs it.
const GONE_AFTER_MS: f64 = 3.0 * ALIVE_EVERY_MS;
/// How often a teacher's page keeps its room's state for resuming, milliseconds.
const KEEP_STATE_MS: f64 = 10_000.0;
/// How often the lesson's record is kept when it grew, milliseconds (a reload within this
/// long of an event may lose it).
const KEEP_ACTIVITY_MS: f64 = 250.0;
/// How long a kept room can be resumed: a school day.
const RESUME_WITHIN_MS: f64 = 12.0 * 3_600_000.0;

fn keep_room(code: Option<&str>) {
    if let Some(store) = session_storage() {
        let _ = match code {
            Some(code) => store.set_item(SESSION_CODE, code),
            None => store.remove_item(SESSION_CODE),
        };
    }
    match code {
        Some(code) => {
            let _ = storage_set(KEPT_ROOM, &format!("{code}\t{}", js_sys::Date::now()));
        }
        None => storage_remove(KEPT_ROOM),
    }
}

/// The room a teacher's page of this browser ran and was closed without ending it, and how
/// many minutes ago it was last alive: the teacher may resume it.
pub fn resumable_room() -> Option<(String, f64)> {
    let kept = storage_get(KEPT_ROOM).ok()??;
    let (code, alive) = kept.split_once('\t')?;
    let code = session::clean_code(code);
    let ago = js_sys::Date::now() - alive.parse::<f64>().ok()?;
    let fresh = (GONE_AFTER_MS..RESUME_WITHIN_MS).contains(&ago);
    (fresh && !code.is_empty()).then(|| (code, ago / 60_000.0))
}

/// Keeps the hosted room's state in the library's database, for a resume after the tab
/// closed (written in the background; a failure only means a resume starts afresh).
fn keep_state(t: &TeacherSession, model: &StageModel, project: &ProjectHandle, playing: bool) {
    if *t.activity.reading.borrow() {
        return;
    }
    let Some(snapshot) = model.room_snapshot(project, t.characters(model), playing) else {
        return;
    };
    let bytes = protocol::encode(&Message::Snapshot(snapshot));
    if bytes.len() > protocol::MAX_MESSAGE_BYTES {
        return;
    }
    let code = t.room().code().to_string();
    let (activity, noted, kept) = (
        t.activity.to_json(),
        t.activity.noted,
        t.activity.kept.clone(),
    );
    wasm_bindgen_futures::spawn_local(async move {
        match rooms::keep_with_activity(&code, &bytes, &activity).await {
            Ok(()) => *kept.borrow_mut() = noted,
            Err(e) => web_sys::console::warn_1(&e.to_string().into()),
        }
    });
}

/// Keeps the lesson's record when it grew since it was last kept.
fn keep_activity(t: &TeacherSession) {
    let (noted, kept) = (t.activity.noted, t.activity.kept.clone());
    if *kept.borrow() == noted || *t.activity.reading.borrow() {
        return;
    }
    let (code, activity) = (t.room().code().to_string(), t.activity.to_json());
    wasm_bindgen_futures::spawn_local(async move {
        match rooms::keep_activity(&code, &activity).await {
            Ok(()) => *kept.borrow_mut() = noted,
            Err(e) => web_sys::console::warn_1(&e.to_string().into()),
        }
    });
}

/// Reads back the record of the lesson and the hand-ins that room `code` kept before its
/// page closed or reloaded; they go in front of what comes since.
fn restore_record(teacher: &TeacherSession, code: &str) {
    let (inbox, code) = (teacher.activity.inbox.clone(), code.to_string());
    let reading = teacher.activity.reading.clone();
    let handins = teacher.handins_inbox.clone();
    *reading.borrow_mut() = true;
    wasm_bindgen_futures::spawn_local(async move {
        if let Ok(Some(json)) = rooms::kept_activity(&code).await {
            *inbox.borrow_mut() = Some(Activity::from_json(&json));
        }
        if let Ok(Some(json)) = rooms::kept_handins(&code).await {
            *handins.borrow_mut() = serde_json::from_str(&json).ok();
        }
        *reading.borrow_mut() = false;
    });
}

/// Forgets the room offered for resuming (the teacher chose not to).
pub fn forget_resumable() {
    storage_remove(KEPT_ROOM);
}

/// The session server the teacher's page connects to, or why it has none (this device is
/// offline, so it does not try, or the page has no teacher key), and the tag its room codes
/// start with (a teacher with a key of their own).
fn teacher_server(query: &str) -> (Option<Server>, Option<String>, Option<String>) {
    let url = session::server_url(query);
    let login = teacher_key(query).map(|given| session::teacher_login(&given));
    let tag = login.as_ref().and_then(|(_, _, tag)| tag.clone());
    if url.is_some() && super::update::offline() {
        let why = "this device is offline, so students cannot join over the network: end the \
                   session and start it again once the device is back on the network";
        return (None, Some(why.into()), tag);
    }
    if url.is_some() && login.is_none() {
        let why = "this page has no teacher key, so students cannot join over the network: open \
                   the teacher's link that scripts/serve printed (it ends in ?teach=…)";
        return (None, Some(why.into()), tag);
    }
    let server = url.zip(login).map(|(url, (user, password, _))| Server {
        url,
        user,
        password,
    });
    (server, None, tag)
}

/// The teacher's key: `?teach=KEY` (remembered), else the one remembered.
fn teacher_key(query: &str) -> Option<String> {
    if let Some(key) = session::query_param(query, "teach") {
        let _ = storage_set(TEACHER_KEY, &key);
        return Some(key);
    }
    storage_get(TEACHER_KEY)
        .ok()
        .flatten()
        .filter(|k| !k.is_empty())
}

/// The page's address without its query, for links.
pub(super) fn page_base() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// The live session of this page: the one it hosts (the teacher's page) or follows (a
/// projector, a student's device), and the state hash it shows.
#[derive(Default)]
pub struct PageSession {
    /// The live session this page hosts.
    pub teacher: Option<TeacherSession>,
    /// The session this page follows (a projector or a student's device).
    pub device: Option<DeviceSession>,
    /// The state hash at the shown tick, in a session (the stage's `data-hash`).
    pub shown_hash: Option<(u64, u64)>,
    /// Set when the state changed without a tick (an input applied while paused).
    pub hash_stale: bool,
    /// When the teacher's page last said it is alive (wall clock), for [`resumable_room`].
    alive_ms: f64,
    /// When it last kept the room's state (wall clock).
    kept_ms: f64,
    /// When it last kept the lesson's record (wall clock).
    activity_kept_ms: f64,
    /// A teacher's page of this browser left a room open: this page shows the offer to
    /// resume it once that page has gone quiet (so it looks again now and then).
    pub watch_resume: bool,
}

impl PageSession {
    /// The session the page's address asks to follow, if any (a projector or a student).
    pub fn for_page(role: &PageRole, query: &str) -> PageSession {
        let (code, role) = match role {
            PageRole::Teacher => {
                return PageSession {
                    watch_resume: storage_get(KEPT_ROOM).is_ok_and(|r| r.is_some()),
                    ..PageSession::default()
                }
            }
            PageRole::AskCode | PageRole::Replay(_) => return PageSession::default(),
            PageRole::Projector(code) => (code, Role::Projector),
            PageRole::Student(code) => (code, Role::Student),
        };
        let identity = session::identity(code);
        let server = session::device_server(query);
        PageSession {
            device: Some(DeviceSession::start(code, role, identity, server)),
            ..PageSession::default()
        }
    }

    /// Whether the page hosts or follows a session.
    pub fn is_live(&self) -> bool {
        self.teacher.is_some() || self.device.is_some()
    }

    /// On a device, whether the teacher's model plays; `None` on a page that runs its own.
    pub fn device_playing(&self) -> Option<bool> {
        let device = self.device.as_ref()?;
        Some(device.control.as_ref().is_some_and(|c| c.playing))
    }

    /// Where the student's own markers are (world points), while the student steers a
    /// character of `model`: rings around them show where their characters go.
    pub fn marks(&self, model: &StageModel, project: &ProjectHandle) -> Vec<(f64, f64)> {
        let Some(d) = self.steering(model) else {
            return Vec::new();
        };
        let bounds = StageModel::bounds(project);
        d.markers()
            .iter()
            .map(|m| from_marker(&bounds, m.x, m.y))
            .collect()
    }

    /// The student's device while it steers a character of `model`: joined, the newest tab,
    /// and the model has the character's blueprint.
    pub fn steering(&self, model: &StageModel) -> Option<&DeviceSession> {
        self.device.as_ref().filter(|d| {
            d.role() == Role::Student
                && !d.superseded
                && d.welcome
                    .as_ref()
                    .is_some_and(|w| model.characters().contains(&w.blueprint))
        })
    }

    /// Rings a student's marks (world points) on the stage just drawn through `view`.
    pub fn draw_marks(
        &self,
        ctx: &CanvasRenderingContext2d,
        view: &StageView,
        marks: &[(f64, f64)],
    ) {
        let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        ctx.set_line_width(3.0 * ratio);
        ctx.set_stroke_style_str("#ffd54a");
        for &(wx, wy) in marks {
            let (px, py) = view.world_to_canvas(wx, wy);
            ctx.begin_path();
            let _ = ctx.arc(px, py, 26.0 * ratio, 0.0, std::f64::consts::TAU);
            ctx.stroke();
        }
    }
}

impl PageState {
    /// Starts a session (in the room of `code` when the page goes on with one after a
    /// reload); false when none could start.
    pub fn start_session(&mut self, room: Option<String>) -> bool {
        if self.session.teacher.is_some() {
            return true;
        }
        let resumed = room.is_some();
        let (server, no_server_because, tag) = teacher_server(&self.query);
        let code = room.unwrap_or_else(|| session::new_code(tag.as_deref()));
        if code.is_empty() {
            self.project.post_note(
                "this browser cannot make a room code (no secure random numbers)".into(),
            );
            return false;
        }
        // Epochs count on from the clock's milliseconds, so after a reload the devices take
        // this page's first snapshot as newer than what they followed.
        let epoch = (js_sys::Date::now() as u64 & u64::from(u32::MAX)) as u32;
        self.stage.model_mut().host(Some(epoch));
        let title = self
            .project
            .with(|c| c.map(|c| c.title().to_string()))
            .unwrap_or_default();
        let mut teacher = TeacherSession::start(&code, &title, server);
        let what = if resumed {
            restore_record(&teacher, &code);
            teacher.recording.restore(&code);
            "came back to the session"
        } else {
            "started the session"
        };
        teacher.activity.note(
            (js_sys::Date::now(), self.stage.model().tick()),
            "teacher",
            &format!("{what} in room {code}"),
            "",
        );
        teacher.no_server_because = no_server_because;
        self.session.teacher = Some(teacher);
        self.session.watch_resume = false;
        keep_room(Some(&code));
        true
    }

    /// Ends the session this page hosts.
    pub fn end_session(&mut self) {
        if let Some(t) = self.session.teacher.take() {
            t.end(self.stage.model_mut());
        }
        keep_room(None);
        wasm_bindgen_futures::spawn_local(async {
            if let Err(e) = rooms::forget().await {
                web_sys::console::warn_1(&e.to_string().into());
            }
        });
    }

    /// Takes the hosted room back to the state its page kept (`bytes`, an encoded
    /// snapshot): the model as it was when the tab closed, not from its start.
    pub fn resume_state(&mut self, bytes: &[u8]) {
        let resumed = match protocol::decode(bytes) {
            Ok(Message::Snapshot(snapshot)) => {
                self.stage.model_mut().resume_from(&self.project, &snapshot)
            }
            _ => Err("the kept state does not read".to_string()),
        };
        match resumed {
            Ok(()) => {
                self.stage.resumed(&self.project);
                self.restart_series();
                let at = self.stage.model().time().to_f64();
                self.project.post_note(format!(
                    "The session goes on from where it was kept (t = {at:.1} s)."
                ));
            }
            Err(why) => self.project.post_note(format!(
                "The session's last state could not be taken back ({why}): the model starts afresh."
            )),
        }
    }

    /// The session this page hosts, with the model it runs, for the teacher's actions.
    pub fn teach(&mut self, action: impl FnOnce(&mut TeacherSession, &mut StageModel)) {
        if let Some(t) = &mut self.session.teacher {
            action(t, self.stage.model_mut());
        }
    }

    /// Session work before the frame's ticks (the teacher takes in what arrived); on a
    /// device, everything (it follows the teacher instead of its clock). True when a device
    /// took in a new model.
    pub fn session_before_ticks(&mut self, ts: f64) -> bool {
        if let Some(t) = &mut self.session.teacher {
            let paused = !self.stage.running();
            t.receive(self.stage.model_mut(), &self.project, ts, paused);
            t.show_names_on(self.stage.model_mut());
        }
        let Some(d) = &mut self.session.device else {
            return false;
        };
        let adopted = d.frame(self.stage.model_mut(), &self.project, ts);
        self.stage.model_mut().set_names(&d.names);
        let teacher_acted = d.take_inputs_applied();
        if adopted {
            self.stage.fit_to_project(&self.project);
        }
        self.session.hash_stale |= teacher_acted;
        // While the teacher plays, the periodic refreshes show what changed.
        if teacher_acted && !self.model_running() {
            self.refresh_panels();
            self.refresh_inspection();
            self.views.stale = true;
        }
        adopted
    }

    /// Session work after the frame's ticks: the teacher sends what the run did.
    pub fn session_after_ticks(&mut self, ts: f64, running: bool) {
        let speed = self.stage.speed_label().parse::<f64>().unwrap_or(1.0);
        let mut inputs = false;
        if let Some(t) = &mut self.session.teacher {
            let model = self.stage.model_mut();
            inputs = t.publish(model, &self.project, running, speed, ts);
            let now = js_sys::Date::now();
            if now - self.session.alive_ms >= ALIVE_EVERY_MS {
                self.session.alive_ms = now;
                keep_room(Some(t.room().code()));
            }
            let code = t.room().code().to_string();
            t.recording.keep_if_due(&code, now);
            if now - self.session.kept_ms >= KEEP_STATE_MS {
                self.session.kept_ms = now;
                keep_state(t, self.stage.model(), &self.project, running);
            } else if now - self.session.activity_kept_ms >= KEEP_ACTIVITY_MS {
                self.session.activity_kept_ms = now;
                keep_activity(t);
            }
        }
        if inputs {
            // Inputs applied while paused changed the state without a tick: the hash, the
            // agent list and the panels show it (the periodic refresh only runs while playing).
            self.session.hash_stale = true;
            if !running {
                self.refresh_panels();
                self.refresh_inspection();
                self.views.stale = true;
            }
        }
    }

    /// The state hash shown on the stage (`data-hash`) in a session or a class run's replay,
    /// kept for the tick: only while the run stands still. Hashing the whole state every
    /// tick took a third of a slow follower's time at 3,000 agents; the session's own check
    /// hashes once a second (see `HASH_EVERY_TICKS`).
    pub fn refresh_hash(&mut self) {
        // A class run's replay moves by its own play button, not the stage's clock.
        let running = match &self.run {
            Some(run) => run.playing,
            None => self.model_running(),
        };
        let session = &mut self.session;
        if (!session.is_live() && self.run.is_none()) || running {
            session.shown_hash = None;
            return;
        }
        let tick = self.stage.model().tick();
        if session.shown_hash.is_none_or(|(t, _)| t != tick) || session.hash_stale {
            session.shown_hash = self.stage.model().state_hash().map(|h| (tick, h));
            session.hash_stale = false;
        }
    }
}

//! [`PageSession`]: the page's part in a live session — the session it hosts (the teacher's
//! page) or follows (a projector, a student's device) — with what keeps a hosted room alive
//! across a closed tab: its code in the tab's storage, its state and record in the library's
//! database, the offer to resume it. Each frame the page hands it the run before and after
//! the ticks. The session's controls are in the app's `session_controls`.

use super::activity::Activity;
use super::device::{DeviceSession, Role};
use super::link::Server;
use super::names::PuppetNames;
use super::teacher::TeacherSession;
use super::{from_marker, PageRole};
use crate::browser::{storage_get, storage_remove, storage_set};
use crate::projects::rooms::{self, Beside};
use crate::projects::ProjectHandle;
use crate::render::StageView;
use crate::run::Run;
use crate::session;
use sim_core::session::protocol::{self, Message};
use sim_core::session::Follower;
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
fn keep_state(t: &TeacherSession, run: &Run, project: &ProjectHandle, playing: bool) {
    if *t.activity.reading.borrow() {
        return;
    }
    let Some(snapshot) = t.room_snapshot(run, project, playing) else {
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
    let roster = t.roster_json();
    wasm_bindgen_futures::spawn_local(async move {
        let kept_all = async {
            rooms::keep_with_activity(&code, &bytes, &activity).await?;
            rooms::keep_beside(&code, Beside::Roster, &roster).await
        };
        match kept_all.await {
            Ok(()) => *kept.borrow_mut() = noted,
            Err(e) => web_sys::console::warn_1(&e.to_string().into()),
        }
    });
}

/// Keeps the lesson's record (and with it who was active) when it grew since it was last
/// kept.
fn keep_activity(t: &TeacherSession) {
    let (noted, kept) = (t.activity.noted, t.activity.kept.clone());
    if *kept.borrow() == noted || *t.activity.reading.borrow() {
        return;
    }
    let (code, activity) = (t.room().code().to_string(), t.activity.to_json());
    let roster = t.roster_json();
    wasm_bindgen_futures::spawn_local(async move {
        let kept_all = async {
            rooms::keep_beside(&code, Beside::Activity, &activity).await?;
            rooms::keep_beside(&code, Beside::Roster, &roster).await
        };
        match kept_all.await {
            Ok(()) => *kept.borrow_mut() = noted,
            Err(e) => web_sys::console::warn_1(&e.to_string().into()),
        }
    });
}

/// Reads back the record of the lesson, the hand-ins and the roster's memory that room `code`
/// kept before its page closed or reloaded; they go in front of what comes since.
fn restore_record(teacher: &TeacherSession, code: &str) {
    let (inbox, code) = (teacher.activity.inbox.clone(), code.to_string());
    let reading = teacher.activity.reading.clone();
    let handins = teacher.handins_inbox.clone();
    let roster = teacher.roster_inbox.clone();
    *reading.borrow_mut() = true;
    wasm_bindgen_futures::spawn_local(async move {
        if let Ok(Some(json)) = rooms::kept_beside(&code, Beside::Activity).await {
            *inbox.borrow_mut() = Some(Activity::from_json(&json));
        }
        if let Ok(Some(json)) = rooms::kept_beside(&code, Beside::Roster).await {
            *roster.borrow_mut() = serde_json::from_str(&json).ok();
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
    if url.is_some() && crate::browser::offline() {
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
pub fn page_base() -> String {
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

/// What a frame's session work brought a device.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Arrived {
    /// The teacher's model arrived anew (a snapshot): the stage fits it.
    pub adopted: bool,
    /// The teacher's inputs (a widget, an inspector edit, a command) changed it.
    pub teacher_acted: bool,
}

/// No student's names (a page in no session).
static NO_NAMES: std::sync::LazyLock<PuppetNames> = std::sync::LazyLock::new(PuppetNames::default);

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

    /// Whose characters are whose, as this page shows them: the teacher's roster, or what
    /// the teacher last told this device.
    pub fn names(&self) -> &PuppetNames {
        match (&self.teacher, &self.device) {
            (Some(t), _) => t.names(),
            (None, Some(d)) => &d.names,
            (None, None) => &NO_NAMES,
        }
    }

    /// Where the student's own markers are (world points), while the student steers a
    /// character of `run`: rings around them show where their characters go.
    pub fn marks(&self, run: &Run, project: &ProjectHandle) -> Vec<(f64, f64)> {
        let Some(d) = self.steering(run) else {
            return Vec::new();
        };
        let bounds = crate::stage::bounds(project);
        d.markers()
            .iter()
            .map(|m| from_marker(&bounds, m.x, m.y))
            .collect()
    }

    /// The student's device while it steers a character of `run`: joined, the newest tab,
    /// and the model has the character's blueprint.
    pub fn steering(&self, run: &Run) -> Option<&DeviceSession> {
        self.device.as_ref().filter(|d| {
            d.role() == Role::Student
                && !d.superseded
                && d.welcome
                    .as_ref()
                    .is_some_and(|w| run.characters().contains(&w.blueprint))
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

    /// Starts hosting `run` of `project` (in the room of `code` when the page goes on with
    /// one after a reload or a closed tab); why not, when none could start.
    pub fn start_teaching(
        &mut self,
        run: &Run,
        project: &ProjectHandle,
        query: &str,
        room: Option<String>,
    ) -> Result<(), String> {
        if self.teacher.is_some() {
            return Ok(());
        }
        let resumed = room.is_some();
        let (server, no_server_because, tag) = teacher_server(query);
        let code = room.unwrap_or_else(|| session::new_code(tag.as_deref()));
        if code.is_empty() {
            return Err("this browser cannot make a room code (no secure random numbers)".into());
        }
        // Epochs count on from the clock's milliseconds, so after a reload the devices take
        // this page's first snapshot as newer than what they followed.
        let epoch = (js_sys::Date::now() as u64 & u64::from(u32::MAX)) as u32;
        let title = project
            .with(|c| c.map(|c| c.title().to_string()))
            .unwrap_or_default();
        let mut teacher = TeacherSession::start(&code, &title, server, (run, epoch));
        let what = if resumed {
            restore_record(&teacher, &code);
            teacher.recording.restore(&code);
            "came back to the session"
        } else {
            "started the session"
        };
        teacher.activity.note(
            (js_sys::Date::now(), run.tick()),
            "teacher",
            &format!("{what} in room {code}"),
            "",
        );
        teacher.no_server_because = no_server_because;
        self.teacher = Some(teacher);
        self.watch_resume = false;
        keep_room(Some(&code));
        Ok(())
    }

    /// Ends the session this page hosts: every device is told, every student's characters
    /// leave `run`, and the class run is kept among the library's class runs (`kept` hears
    /// when).
    pub fn end_teaching(&mut self, run: &mut Run, kept: impl FnOnce() + 'static) {
        if let Some(t) = self.teacher.take() {
            t.end(run, kept);
        }
        keep_room(None);
        wasm_bindgen_futures::spawn_local(async {
            if let Err(e) = rooms::forget().await {
                web_sys::console::warn_1(&e.to_string().into());
            }
        });
    }

    /// Takes the hosted room's run back to the state its page kept (`bytes`, an encoded
    /// snapshot): the model as it was when the tab closed, not from its start. The time it
    /// goes on from, or why not.
    pub fn resume_state(
        run: &mut Run,
        project: &ProjectHandle,
        bytes: &[u8],
    ) -> Result<sim_core::SimTime, String> {
        let Ok(Message::Snapshot(snapshot)) = protocol::decode(bytes) else {
            return Err("the kept state does not read".to_string());
        };
        let (_, kept_project, sim) = Follower::start(&snapshot)?;
        run.resume(project, kept_project, sim);
        Ok(run.time())
    }

    /// Session work before the frame's ticks (the teacher takes in what arrived); on a
    /// device, everything (it follows the teacher instead of its clock). Says whether a
    /// device took in a new model, and whether the teacher's inputs changed it.
    pub fn before_ticks(&mut self, run: &mut Run, project: &ProjectHandle, ts: f64) -> Arrived {
        if let Some(t) = &mut self.teacher {
            let paused = !run.running();
            t.receive(run, project, ts, paused);
        }
        let Some(d) = &mut self.device else {
            return Arrived::default();
        };
        let adopted = d.frame(run, project, ts);
        let teacher_acted = d.take_inputs_applied();
        self.hash_stale |= teacher_acted;
        Arrived {
            adopted,
            teacher_acted,
        }
    }

    /// Right after the run advanced (a frame's ticks, a Step): a hosted run's bundle.
    pub fn ran(&mut self, run: &Run) {
        if let Some(t) = &mut self.teacher {
            t.ran(run);
        }
    }

    /// Session work after the frame's ticks: the teacher sends what the run did and keeps
    /// the room for a resume. True when inputs changed the state (perhaps without a tick).
    pub fn after_ticks(&mut self, run: &Run, project: &ProjectHandle, ts: f64) -> bool {
        let Some(t) = &mut self.teacher else {
            return false;
        };
        let running = run.running();
        let inputs = t.publish(run, project, running, run.speed(), ts);
        let now = js_sys::Date::now();
        if now - self.alive_ms >= ALIVE_EVERY_MS {
            self.alive_ms = now;
            keep_room(Some(t.room().code()));
        }
        let code = t.room().code().to_string();
        t.recording.keep_if_due(&code, now);
        if now - self.kept_ms >= KEEP_STATE_MS {
            self.kept_ms = now;
            keep_state(t, run, project, running);
        } else if now - self.activity_kept_ms >= KEEP_ACTIVITY_MS {
            self.activity_kept_ms = now;
            keep_activity(t);
        }
        self.hash_stale |= inputs;
        inputs
    }

    /// The state hash shown on the stage (`data-hash`) in a session or a class run's replay
    /// (`replaying`), kept for the tick: only while the run stands still (`running` says
    /// whether it moves). Hashing the whole state every tick took a third of a slow
    /// follower's time at 3,000 agents; the session's own check hashes once a second (see
    /// `HASH_EVERY_TICKS`).
    pub fn refresh_hash(&mut self, run: &Run, replaying: bool, running: bool) {
        if (!self.is_live() && !replaying) || running {
            self.shown_hash = None;
            return;
        }
        let tick = run.tick();
        if self.shown_hash.is_none_or(|(t, _)| t != tick) || self.hash_stale {
            self.shown_hash = run.state_hash().map(|h| (tick, h));
            self.hash_stale = false;
        }
    }
}

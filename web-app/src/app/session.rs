//! The app's part in a live session: starting and ending one on the teacher's page, each
//! frame's session work, a student's finger on the controller pad, and the marks on the
//! stage for the student's own characters.

use super::stage::canvas_point;
use super::{App, Msg};
use crate::browser::{storage_get, storage_set};
use crate::render::Bounds;
use crate::session::device::{DeviceSession, Role};
use crate::session::link::Server;
use crate::session::teacher::TeacherSession;
use crate::session::view::{self, JoinActions, TeacherActions};
use crate::session::{self, PageRole, TEACHER_USER};
use crate::stage_model::StageModel;
use web_sys::{CanvasRenderingContext2d, PointerEvent};
use yew::prelude::*;

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
pub(super) fn running_room() -> Option<String> {
    let kept = session_storage()?.get_item(SESSION_CODE).ok()??;
    // A tab of an older Stepwise kept "CODE ID"; the code is the first word.
    let code = session::clean_code(kept.split(' ').next().unwrap_or_default());
    (!code.is_empty()).then_some(code)
}

fn keep_room(code: Option<&str>) {
    if let Some(store) = session_storage() {
        let _ = match code {
            Some(code) => store.set_item(SESSION_CODE, code),
            None => store.remove_item(SESSION_CODE),
        };
    }
}

/// A session message of the app.
pub enum SessionMsg {
    /// The teacher starts a session.
    Start,
    /// The teacher ends it.
    End,
    /// Shows or hides the teacher's panel.
    Panel(bool),
    /// Removes a student.
    Kick(String),
    /// Removes every student who never sent an input.
    KickIdle,
    /// Locks or opens the room.
    Lock(bool),
    /// Offers a character blueprint to students, or withholds it.
    Offer((String, bool)),
    /// A student joins with a name and a character.
    Join((String, String)),
    /// A student typed a room code.
    Code(String),
    /// A finger pressed, moved or lifted on the controller pad.
    PadDown(PointerEvent),
    /// See [`SessionMsg::PadDown`].
    PadMove(PointerEvent),
    /// See [`SessionMsg::PadDown`].
    PadUp(PointerEvent),
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
fn page_base() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// A marker's place for a world point of the stage (y up) within `b`.
fn to_marker(b: &Bounds, wx: f64, wy: f64) -> (f64, f64) {
    let width = (b.right - b.left).max(1e-9);
    let height = (b.top - b.bottom).max(1e-9);
    ((wx - b.left) / width - 0.5, (b.top - wy) / height - 0.5)
}

/// The world point (y up) of a marker's place.
fn from_marker(b: &Bounds, x: f64, y: f64) -> (f64, f64) {
    (
        b.left + (x + 0.5) * (b.right - b.left),
        b.top - (y + 0.5) * (b.top - b.bottom),
    )
}

/// Starts the session the page's address asks for, if any (a projector or a student).
pub(super) fn device_for(role: &PageRole, query: &str) -> Option<DeviceSession> {
    let (code, role) = match role {
        PageRole::Teacher | PageRole::AskCode => return None,
        PageRole::Projector(code) => (code, Role::Projector),
        PageRole::Student(code) => (code, Role::Student),
    };
    let identity = session::identity(code);
    Some(DeviceSession::start(
        code,
        role,
        identity,
        session::device_server(query),
    ))
}

impl App {
    /// Handles a session message; true when the view should render again.
    pub(super) fn session_update(&mut self, msg: SessionMsg) -> bool {
        match msg {
            SessionMsg::Start => self.start_session(None),
            SessionMsg::End => {
                if let Some(t) = self.teacher.take() {
                    t.end(self.stage.model_mut());
                }
                keep_room(None);
                self.session_panel = false;
            }
            SessionMsg::Panel(open) => self.session_panel = open,
            SessionMsg::Kick(device) => {
                if let Some(t) = &mut self.teacher {
                    t.kick(self.stage.model_mut(), &device);
                }
            }
            SessionMsg::KickIdle => {
                if let Some(t) = &mut self.teacher {
                    t.kick_idle(self.stage.model_mut());
                }
            }
            SessionMsg::Lock(on) => {
                if let Some(t) = &mut self.teacher {
                    t.set_locked(on);
                }
            }
            SessionMsg::Offer((blueprint, on)) => {
                if let Some(t) = &mut self.teacher {
                    t.offer(&blueprint, on);
                }
            }
            SessionMsg::Code(code) => {
                let code = session::clean_code(&code);
                if !code.is_empty() {
                    if let Some(w) = web_sys::window() {
                        let _ = w
                            .location()
                            .set_search(&session::join_search(&self.query, &code));
                    }
                }
            }
            SessionMsg::Join((name, blueprint)) => {
                if let Some(d) = &mut self.device {
                    d.join(&name, &blueprint);
                }
            }
            SessionMsg::PadDown(e) => return self.pad(&e, true),
            SessionMsg::PadMove(e) => return self.pad(&e, false),
            SessionMsg::PadUp(e) => {
                self.pad_pointers.retain(|(p, _)| *p != e.pointer_id());
                return false;
            }
        }
        true
    }

    /// Starts a session (in the room of `code` when the page goes on with one after a
    /// reload).
    pub(super) fn start_session(&mut self, room: Option<String>) {
        if self.teacher.is_some() {
            self.session_panel = true;
            return;
        }
        let code = room.unwrap_or_else(session::new_code);
        if code.is_empty() {
            self.project.post_note(
                "this browser cannot make a room code (no secure random numbers)".into(),
            );
            return;
        }
        let url = session::server_url(&self.query);
        let key = teacher_key(&self.query);
        let no_key = url.is_some() && key.is_none();
        let server = url.zip(key).map(|(url, password)| Server {
            url,
            user: TEACHER_USER.into(),
            password,
        });
        // Epochs count on from the clock's milliseconds, so after a reload the devices take
        // this page's first snapshot as newer than what they followed.
        let epoch = (js_sys::Date::now() as u64 & u64::from(u32::MAX)) as u32;
        self.stage.model_mut().host(Some(epoch));
        let mut teacher = TeacherSession::start(&code, server);
        if no_key {
            teacher.no_server_because = Some(
                "this page has no teacher key, so students cannot join over the network: open \
                 the teacher's link that scripts/serve printed (it ends in ?teach=…)"
                    .into(),
            );
        }
        self.teacher = Some(teacher);
        keep_room(Some(&code));
        self.session_panel = true;
    }

    /// Session work before the frame's ticks (the teacher takes in what arrived); on a
    /// device, everything (it follows the teacher instead of its clock). True when a device
    /// took in a new model.
    pub(super) fn session_before_ticks(&mut self, ts: f64) -> bool {
        if let Some(t) = &mut self.teacher {
            t.receive(self.stage.model_mut(), ts);
        }
        let Some(d) = &mut self.device else {
            return false;
        };
        let adopted = d.frame(self.stage.model_mut(), &self.project, ts);
        let teacher_acted = d.take_inputs_applied();
        if adopted {
            self.stage.fit_to_project(&self.project);
        }
        // While the teacher plays, the periodic refreshes show what changed.
        if teacher_acted && !self.model_running() {
            self.refresh_panels();
            self.refresh_inspection();
            self.view_stale = true;
        }
        adopted
    }

    /// Session work after the frame's ticks: the teacher sends what the run did.
    pub(super) fn session_after_ticks(&mut self, ts: f64, running: bool) {
        let speed = self.stage.speed_label().parse::<f64>().unwrap_or(1.0);
        if let Some(t) = &mut self.teacher {
            t.publish(self.stage.model_mut(), &self.project, running, speed, ts);
        }
    }

    /// Whether the model shown is running: the clock, or on a device the teacher's.
    pub(super) fn model_running(&self) -> bool {
        match &self.device {
            Some(d) => d.control.as_ref().is_some_and(|c| c.playing),
            None => self.stage.running(),
        }
    }

    /// The state hash shown on the stage (`data-hash`) in a session, kept for the tick.
    pub(super) fn refresh_hash(&mut self) {
        if self.teacher.is_none() && self.device.is_none() {
            self.shown_hash = None;
            return;
        }
        let tick = self.stage.model().tick();
        if self.shown_hash.is_none_or(|(t, _)| t != tick) || self.hash_stale {
            self.shown_hash = self.stage.model().state_hash().map(|h| (tick, h));
            self.hash_stale = false;
        }
    }

    /// A finger on the controller pad moves the nearest of the student's markers that no
    /// other finger holds (or makes one, up to four). True when the view should render.
    fn pad(&mut self, e: &PointerEvent, pressed: bool) -> bool {
        let Some(canvas) = self.stage.canvas() else {
            return false;
        };
        let Some(d) = &mut self.device else {
            return false;
        };
        if d.welcome.is_none() {
            return false;
        }
        e.prevent_default();
        let at = canvas_point(&canvas, e);
        let (wx, wy) = self.stage.view().canvas_to_world(at.0, at.1);
        let bounds = StageModel::bounds(&self.project);
        let (x, y) = to_marker(&bounds, wx, wy);
        let pointer = e.pointer_id();
        let index = if pressed {
            // The nearest marker no other finger holds; with every one held, a new one (a
            // device drives up to four characters, one finger each).
            let held: Vec<usize> = self
                .pad_pointers
                .iter()
                .filter(|(p, _)| *p != pointer)
                .map(|(_, i)| *i)
                .collect();
            let nearest = d
                .markers()
                .iter()
                .enumerate()
                .filter(|(i, _)| !held.contains(i))
                .map(|(i, m)| (i, (m.x - x).hypot(m.y - y)))
                .min_by(|a, b| a.1.total_cmp(&b.1));
            let index = nearest.map_or(d.markers().len(), |(i, _)| i);
            self.pad_pointers.retain(|(p, _)| *p != pointer);
            self.pad_pointers.push((pointer, index));
            if let Some(target) = e.target_dyn_into::<web_sys::Element>() {
                let _ = target.set_pointer_capture(pointer);
            }
            index
        } else {
            match self.pad_pointers.iter().find(|(p, _)| *p == pointer) {
                Some((_, i)) => *i,
                None => return false,
            }
        };
        d.place_marker(index, x, y);
        self.draw();
        false
    }

    /// Where the student's own markers are (world points): rings around them show where
    /// their characters go.
    pub(super) fn marks(&self) -> Vec<(f64, f64)> {
        let Some(d) = self.device.as_ref().filter(|d| d.welcome.is_some()) else {
            return Vec::new();
        };
        let bounds = StageModel::bounds(&self.project);
        d.markers()
            .iter()
            .map(|m| from_marker(&bounds, m.x, m.y))
            .collect()
    }

    /// Rings a student's marks (world points) on the stage just drawn.
    pub(super) fn draw_marks(&self, ctx: &CanvasRenderingContext2d, marks: &[(f64, f64)]) {
        let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        ctx.set_line_width(3.0 * ratio);
        ctx.set_stroke_style_str("#ffd54a");
        for &(wx, wy) in marks {
            let (px, py) = self.stage.view().world_to_canvas(wx, wy);
            ctx.begin_path();
            let _ = ctx.arc(px, py, 26.0 * ratio, 0.0, std::f64::consts::TAU);
            ctx.stroke();
        }
    }

    /// The session parts of the teacher's page: the start button or the panel.
    pub(super) fn teacher_session_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let Some(t) = &self.teacher else {
            let ask = match session::query_param(&self.query, "server") {
                Some(server) => format!("?join&server={server}"),
                None => "?join".to_string(),
            };
            return html! {
                <>
                    <button data-testid="session-start" onclick={link.callback(|_| Msg::Session(SessionMsg::Start))}>
                        { "Start session" }
                    </button>
                    <a class="join-link" data-testid="join-session" href={ask}>{ "Join a session" }</a>
                </>
            };
        };
        let code = t.room().code().to_string();
        let mut join_link = format!("{}?join={code}", page_base());
        let mut view_link = format!("{}?view={code}", page_base());
        if let Some(server) = session::query_param(&self.query, "server") {
            join_link.push_str(&format!("&server={server}"));
            view_link.push_str(&format!("&server={server}"));
        }
        let open = html! {
            <button data-testid="session-start" aria-expanded={self.session_panel.to_string()}
                onclick={link.callback(|_| Msg::Session(SessionMsg::Panel(true)))}>
                { format!("Session {code}") }
            </button>
        };
        if !self.session_panel {
            return open;
        }
        let actions = TeacherActions {
            kick: link.callback(|d| Msg::Session(SessionMsg::Kick(d))),
            kick_idle: link.callback(|_| Msg::Session(SessionMsg::KickIdle)),
            lock: link.callback(|on| Msg::Session(SessionMsg::Lock(on))),
            end: link.callback(|_| Msg::Session(SessionMsg::End)),
            hide: link.callback(|_| Msg::Session(SessionMsg::Panel(false))),
            offer: link.callback(|o| Msg::Session(SessionMsg::Offer(o))),
        };
        let controllable = self.stage.model().characters();
        html! {
            <>
                { open }
                { view::teacher_panel(t, &controllable, &join_link, &view_link, self.stage.frame_ms(), actions) }
            </>
        }
    }

    /// A device's controls: its status line and, for a student not yet in, the join form
    /// (or, without a code in the address, the field to type it).
    pub(super) fn device_session_view(&self, ctx: &Context<Self>) -> Html {
        let Some(d) = &self.device else {
            if self.role == PageRole::AskCode {
                let code = self.join_name.clone();
                let on_code = ctx.link().callback(move |e: SubmitEvent| {
                    e.prevent_default();
                    let typed = code.cast::<web_sys::HtmlInputElement>().map(|i| i.value());
                    Msg::Session(SessionMsg::Code(typed.unwrap_or_default()))
                });
                return view::code_form(&self.join_name, on_code);
            }
            return Html::default();
        };
        let join = (d.role() == Role::Student && d.welcome.is_none()).then(|| {
            let actions = JoinActions {
                join: ctx.link().callback(|j| Msg::Session(SessionMsg::Join(j))),
            };
            view::join_form(
                d,
                &self.join_name,
                &self.join_pick,
                actions,
                self.stage.frame_ms(),
            )
        });
        html! {
            <>
                { view::device_status(d, self.stage.frame_ms()) }
                { join.unwrap_or_default() }
            </>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_places_and_stage_points_are_inverse() {
        let b = Bounds {
            left: -400.0,
            right: 400.0,
            top: 300.0,
            bottom: -300.0,
        };
        assert_eq!(to_marker(&b, -400.0, 300.0), (-0.5, -0.5), "top left");
        assert_eq!(to_marker(&b, 400.0, -300.0), (0.5, 0.5), "bottom right");
        let (wx, wy) = from_marker(&b, 0.2, -0.1);
        let (x, y) = to_marker(&b, wx, wy);
        assert!((x - 0.2).abs() < 1e-12 && (y + 0.1).abs() < 1e-12);
    }
}

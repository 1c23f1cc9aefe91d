//! The session's screens: the teacher's panel (room code, QR code, join link, roster), a
//! student's join form, and the connection line every device shows.

use super::device::DeviceSession;
use super::link::LinkState;
use super::teacher::TeacherSession;
use crate::projects::runs::size_text;
use yew::prelude::*;

/// The SVG path of `link`'s QR code (one unit a module, inside a four-module quiet zone)
/// and its size in modules; `None` when the link is too long for a QR code. The last link's
/// code is kept: the projector's card is drawn again at every tick, and making the code
/// took a few per cent of a slow device's time.
pub fn qr_path(link: &str) -> Option<(String, usize)> {
    /// A link and the QR path made of it.
    type Made = (String, Option<(String, usize)>);
    thread_local! {
        static LAST: std::cell::RefCell<Option<Made>> = const { std::cell::RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| {
        if let Some((_, made)) = last.as_ref().filter(|(seen, _)| seen == link) {
            return made.clone();
        }
        let made = make_qr_path(link);
        *last = Some((link.to_string(), made.clone()));
        made
    })
}

fn make_qr_path(link: &str) -> Option<(String, usize)> {
    let code = qrcode::QrCode::new(link.as_bytes()).ok()?;
    let width = code.width();
    let mut d = String::new();
    for (i, color) in code.to_colors().iter().enumerate() {
        if *color == qrcode::Color::Dark {
            d.push_str(&format!("M{} {}h1v1h-1z", i % width + 4, i / width + 4));
        }
    }
    Some((d, width + 8))
}

/// The join QR code, drawn as SVG.
pub fn qr_code(link: &str) -> Html {
    let Some((d, size)) = qr_path(link) else {
        return html! { <p>{ "The link is too long for a QR code: give students the code." }</p> };
    };
    html! {
        <svg viewBox={format!("0 0 {size} {size}")} xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges">
            <rect width={size.to_string()} height={size.to_string()} fill="#fff" />
            <path d={d} fill="#000" />
        </svg>
    }
}

/// What a link's state says to a person.
pub fn link_text(state: Option<&LinkState>, server: Option<&str>) -> String {
    match (state, server) {
        (None, _) => {
            "no session server: only a projector window on this computer can follow".to_string()
        }
        (Some(LinkState::Connecting), Some(url)) => format!("connecting to {url}…"),
        (Some(LinkState::Connecting), None) => "connecting…".into(),
        (Some(LinkState::Open), _) => "connected".into(),
        (Some(LinkState::Reconnecting(why, n)), _) => {
            format!("connection lost ({why}); reconnecting, attempt {n}")
        }
    }
}

/// The callbacks of the teacher's panel.
pub struct TeacherActions {
    /// Kick this device.
    pub kick: Callback<String>,
    /// Kick every student who never sent an input.
    pub kick_idle: Callback<MouseEvent>,
    /// Lock (true) or open the room.
    pub lock: Callback<bool>,
    /// End the session.
    pub end: Callback<MouseEvent>,
    /// Hide the panel.
    pub hide: Callback<MouseEvent>,
    /// Offer (true) or withhold a character blueprint.
    pub offer: Callback<(String, bool)>,
    /// Show (true) or hide the students' names by their characters on every screen.
    pub names: Callback<bool>,
    /// Hand the class model out: every student may keep a copy.
    pub handout: Callback<MouseEvent>,
    /// Download the lesson's record: `"csv"` or `"jsonl"`.
    pub download: Callback<&'static str>,
    /// Save the class run: a file, and a copy among the library's class runs.
    pub save_run: Callback<MouseEvent>,
}

/// The teacher's panel while a session runs.
pub fn teacher_panel(
    session: &TeacherSession,
    controllable: &[String],
    join_link: &str,
    view_link: &str,
    now_ms: f64,
    actions: TeacherActions,
    (codesign, handins): (Html, Html),
) -> Html {
    let room = session.room();
    let state = session.server_state();
    let mut server_text = match &session.no_server_because {
        Some(why) => format!("{why}; a projector window on this computer can follow"),
        None => link_text(state.as_ref(), session.server_url.as_deref()),
    };
    if let Some(error) = session.server_error() {
        server_text.push_str(&format!(" · the server said: {error}"));
    }
    html! {
        <aside class="session-panel" aria-label="Live session" data-testid="session-panel" data-room={session.room_id().to_string()}>
            <header>
                <h2>{ "Live session" }</h2>
                <button onclick={actions.hide.clone()} aria-label="Hide the session panel">{ "Hide" }</button>
            </header>
            <p class="session-code">{ "Room code " }<strong data-testid="session-code">{ room.code() }</strong></p>
            <div class="session-qr" data-testid="session-qr" role="img" aria-label={format!("QR code of {join_link}")}>{ qr_code(join_link) }</div>
            <p class="session-link">{ "Students open " }<a href={join_link.to_string()} data-testid="session-link" target="_blank">{ join_link }</a></p>
            <p class="session-link">{ "Projector: " }<a href={view_link.to_string()} data-testid="session-view-link" target="_blank">{ view_link }</a></p>
            <p class="session-server" data-testid="session-server" role="status">{ server_text }</p>
            { characters(session, controllable, &actions.offer) }
            { codesign }
            { handins }
            { roster(session, now_ms, &actions.kick) }
            { class_run(session, &actions.save_run) }
            { activity(session, &actions.download) }
            { session_counts(session) }
            { room_actions(session, actions) }
        </aside>
    }
}

/// The room's buttons: remove who is not steering, names on the stage, hand out, lock, end.
fn room_actions(session: &TeacherSession, actions: TeacherActions) -> Html {
    let room = session.room();
    let locked = room.locked();
    let on_lock = {
        let lock = actions.lock.clone();
        Callback::from(move |_: MouseEvent| lock.emit(!locked))
    };
    html! {
        <div class="session-actions">
            if !room.not_steering().is_empty() {
                <button data-testid="session-remove-idle" onclick={actions.kick_idle}>
                    { format!("Remove everyone who is not steering ({})", room.not_steering().len()) }
                </button>
            }
            <label class="session-names">
                <input type="checkbox" data-testid="session-names" checked={session.show_names}
                    onchange={actions.names.reform(move |e: Event| e.target_unchecked_into::<web_sys::HtmlInputElement>().checked())} />
                { " Names on the stage" }
            </label>
            <button data-testid="session-handout" onclick={actions.handout}
                title="Every student may save the class model as it is now to their own projects">
                { if session.handout.is_some() { "Give students a copy again" } else { "Give students a copy" } }
            </button>
            <button data-testid="session-lock" aria-pressed={locked.to_string()} onclick={on_lock}>
                { if locked { "Open the room" } else { "Lock the room" } }
            </button>
            <button data-testid="session-end" onclick={actions.end}>{ "End session" }</button>
        </div>
    }
}

/// The class run being recorded: how much, *Save the class run*, and where the last save went.
fn class_run(session: &TeacherSession, save: &Callback<MouseEvent>) -> Html {
    let recording = &session.recording;
    let (minutes, bytes) = recording.size();
    let status = match recording.stopped() {
        Some(why) => why.to_string(),
        None => format!(
            "The class run is recorded as it goes: {minutes:.1} min so far ({}).",
            size_text(bytes)
        ),
    };
    let saved = match recording.saved.borrow().as_ref() {
        Some(Ok(entry)) => html! {
            <p data-testid="session-run-saved" role="status">
                { format!("Saved ({}) and kept in your projects under Class runs. ", size_text(entry.bytes)) }
                <a data-testid="session-open-run" href={format!("?run={}", entry.id)} target="_blank">{ "Replay it" }</a>
            </p>
        },
        Some(Err(why)) => html! {
            <p class="error" data-testid="session-run-saved" role="alert">
                { format!("The file was offered for download, but it could not be kept in your projects: {why}") }
            </p>
        },
        None => Html::default(),
    };
    html! {
        <div class="session-run" data-testid="session-run" data-kept-ticks={recording.kept_ticks.borrow().to_string()}>
            <p>{ status }</p>
            <button data-testid="session-save-run" onclick={save.clone()}
                title="Download the lesson as it ran, to replay it tick by tick">{ "Save the class run" }</button>
            { saved }
        </div>
    }
}

/// The most recent events of the lesson's record the panel lists (the downloads hold all).
const SHOWN_EVENTS: usize = 40;

/// The lesson's record: its newest events, newest first, and the two downloads.
fn activity(session: &TeacherSession, download: &Callback<&'static str>) -> Html {
    let events = session.activity.events();
    let count = events.len();
    html! {
        <details class="session-activity-box" data-noted={session.activity.noted.to_string()}
            data-kept={session.activity.kept.borrow().to_string()}>
            <summary>{ format!("What happened ({count} events)") }</summary>
            <ol class="session-activity" data-testid="session-activity" reversed=true>
                { for session.activity.events().rev().take(SHOWN_EVENTS).map(|e| html! {
                    <li data-testid="activity-row" title={e.detail.clone()}>
                        { format!("{} · tick {} · {}: {}", crate::browser::clock_time(e.wall_ms), e.tick, e.who, e.what) }
                    </li>
                }) }
            </ol>
            <button data-testid="activity-download" onclick={download.reform(|_: MouseEvent| "csv")}>{ "Download (CSV)" }</button>
            <button data-testid="activity-download-jsonl" onclick={download.reform(|_: MouseEvent| "jsonl")}>{ "Download (JSON Lines)" }</button>
        </details>
    }
}

/// What the session sent, and what it refused and dropped.
fn session_counts(session: &TeacherSession) -> Html {
    let counts = session.room().counts();
    html! {
        <p class="session-counts" data-testid="session-counts">
            { format!("{} bundles, {} snapshots sent ({} KB through the server) · {} inputs over 25/s dropped · {} refused · {} joins held back (too many at once) · {} damaged messages ignored",
                session.sent.bundles, session.sent.snapshots, session.server_bytes() / 1024, counts.rate_dropped, counts.refused, counts.joins_throttled, counts.malformed) }
        </p>
    }
}

/// The character blueprints students may pick, each with its checkbox.
fn characters(
    session: &TeacherSession,
    controllable: &[String],
    offer: &Callback<(String, bool)>,
) -> Html {
    html! {
    <fieldset class="session-characters" data-testid="session-characters">
        <legend>{ "Characters students may pick" }</legend>
        if controllable.is_empty() {
            <p>{ "This model has none yet: add '# TAG isCharControllable true' to a blueprint's script." }</p>
        }
        { for controllable.iter().map(|c| {
            let offer = offer.clone();
            let name = c.clone();
            let on = session.offers(c);
            html! {
                <label><input type="checkbox" checked={on} data-testid="session-character" data-blueprint={c.clone()}
                    onchange={Callback::from(move |_| offer.emit((name.clone(), !on)))} />{ format!(" {c}") }</label>
            }
        }) }
    </fieldset>
    }
}

/// The students in the room: name, character, connected, last move, delay, and Remove.
fn roster(session: &TeacherSession, now_ms: f64, kick: &Callback<String>) -> Html {
    let room = session.room();
    html! {
    <div class="session-roster-box">
    <table class="session-roster" data-testid="session-roster">
        <thead><tr><th>{ "Student" }</th><th>{ "Character" }</th><th>{ "Connected" }</th><th>{ "Last move" }</th><th>{ "Delay" }</th><th></th></tr></thead>
        <tbody>
        { for room.students().map(|s| {
            let device = s.device.clone();
            let kick = kick.clone();
            let last = s.moved_ms.map_or("never".to_string(), |at| format!("{:.1} s ago", ((now_ms - at) / 1000.0).max(0.0)));
            let delay = s.delay_ms.map_or("—".to_string(), |d| format!("{d} ms"));
            let behind = s.behind_ms.filter(|&b| b >= BEHIND_NOTICE_MS);
            html! {
                <tr data-testid="session-student" data-device={s.device.clone()}
                    class={classes!(behind.is_some().then_some("behind"))}
                    data-behind-ms={s.behind_ms.map(|b| b.to_string())}>
                    <td class="name" title={s.name.clone()}>{ &s.name }</td>
                    <td>{ &s.blueprint }
                        if let Some(open) = &s.editing {
                            <span class="student-editing" data-testid="student-editing" title={format!("{} has {open}'s script open", s.name)}>
                                { format!(" · editing {open}") }
                            </span>
                        }
                    </td>
                    <td>{ if s.connected(now_ms) { "yes" } else { "no" } }
                        if let Some(behind) = behind {
                            <span class="student-behind" data-testid="student-behind"
                                title={format!("{}'s device cannot keep up with this model", s.name)}>
                                { format!("{} behind", seconds(behind)) }
                            </span>
                        }
                    </td>
                    <td>{ last }</td>
                    <td>{ delay }</td>
                    <td><button data-testid="session-kick" aria-label={format!("Remove {}", s.name)}
                        onclick={Callback::from(move |_| kick.emit(device.clone()))}>{ "Remove" }</button></td>
                </tr>
            }
        }) }
        </tbody>
    </table>
    </div>
    }
}

/// The join form's callbacks.
pub struct JoinActions {
    /// Join with this name and blueprint.
    pub join: Callback<(String, String)>,
}

/// A student's join form: name, character, Join.
pub fn join_form(
    session: &DeviceSession,
    name: &NodeRef,
    pick: &NodeRef,
    actions: JoinActions,
    now_ms: f64,
) -> Html {
    let (name_ref, pick_ref) = (name.clone(), pick.clone());
    let on_submit = Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        let name = name_ref
            .cast::<web_sys::HtmlInputElement>()
            .map(|i| i.value())
            .unwrap_or_default();
        let pick = pick_ref
            .cast::<web_sys::HtmlSelectElement>()
            .map(|s| s.value())
            .unwrap_or_default();
        actions.join.emit((name, pick));
    });
    let waiting = !session.following();
    html! {
        <form class="join-form" onsubmit={on_submit} aria-label="Join the session">
            <h2>{ format!("Join room {}", session.code()) }</h2>
            <label>{ "Your name " }
                <input data-testid="join-name" ref={name.clone()} maxlength="40" autocomplete="given-name" required=true />
            </label>
            <label>{ "Your character " }
                <select data-testid="join-blueprint" ref={pick.clone()} disabled={waiting}>
                    { for session.characters.iter().map(|c| html! { <option value={c.clone()}>{ c }</option> }) }
                </select>
            </label>
            if session.no_room(now_ms) {
                <p class="join-refused" role="alert" data-testid="join-no-room">
                    { no_room(session.code()) }
                </p>
            } else if waiting {
                <p role="status">{ "Waiting for the teacher's model…" }</p>
            } else if session.characters.is_empty() {
                <p role="status">{ "This model has no character to steer yet (a blueprint needs '# TAG isCharControllable true')." }</p>
            }
            if let Some(why) = &session.refused {
                <p class="join-refused" role="alert" data-testid="join-refused">{ why }</p>
            }
            <button data-testid="join-go" type="submit" disabled={waiting || session.characters.is_empty()}>{ "Join" }</button>
        </form>
    }
}

/// What a device says when no room has its code.
fn no_room(code: &str) -> String {
    format!("no room {code} is open: check the code with your teacher")
}

/// The line every device shows: connection, step and (while `steering`: the student has a
/// character in this model) who this is.
pub fn device_status(session: &DeviceSession, now_ms: f64, steering: bool) -> Html {
    let state = session.server_state();
    let link = link_text(state.as_ref(), None);
    let who = session
        .welcome
        .as_ref()
        .filter(|_| steering)
        .map(|w| format!(" · you are {} ({})", w.name, w.blueprint))
        .unwrap_or_default();
    let delay = session
        .delay_ms
        .map(|d| format!(" · delay {d} ms"))
        .unwrap_or_default();
    let unsent = match session.unsent() {
        0 => String::new(),
        n => format!(" · {n} inputs could not be sent while offline"),
    };
    let step = if session.superseded {
        "this student's place moved to a newer tab of this browser: this one has stopped \
         (reload it to steer here)"
            .to_string()
    } else if session.ended {
        "the teacher ended the session".to_string()
    } else if session.teacher_quiet(now_ms) {
        let quiet = (now_ms - session.heard_ms.unwrap_or(now_ms)) / 1000.0;
        format!("nothing from the teacher's page for {quiet:.0} s (is it open?)")
    } else if session.no_room(now_ms) {
        no_room(session.code())
    } else if !session.following() {
        "waiting for the teacher's model".to_string()
    } else if let Some(behind) = session.behind_ms().filter(|&b| b >= BEHIND_NOTICE_MS) {
        format!("{} behind · {} resyncs", seconds(behind), session.resyncs)
    } else {
        format!("in step · {} resyncs", session.resyncs)
    };
    let behind = session.behind_ms().filter(|&b| b >= BEHIND_NOTICE_MS);
    html! {
        <>
        if let Some(behind) = behind {
            <p class="session-behind" data-testid="device-behind" role="alert">
                { format!("This device is {} behind the class: the model is too much for it. \
                           Close other tabs and apps, or ask your teacher.", seconds(behind)) }
            </p>
        }
        <p class="session-status" data-testid="session-status" role="status"
            data-resyncs={session.resyncs.to_string()}
            data-bundle-delay-p95={session.bundle_delay_p95().map(|d| format!("{d:.1}"))}
            data-connected={(state.is_none() || state == Some(LinkState::Open)).to_string()}>
            { format!("Room {} · {link} · {step}{who}{delay}{unsent}", session.code()) }
        </p>
        </>
    }
}

/// How far behind the class a device must run before it says so, and the teacher's roster
/// marks it, milliseconds: a moment's stall (a tab brought back, a large bundle) is not news.
const BEHIND_NOTICE_MS: u32 = 2_000;

/// `ms` milliseconds as whole seconds, for a person (`3 s`).
fn seconds(ms: u32) -> String {
    format!("{} s", (ms + 500) / 1000)
}

/// Where a joined student's run stands, as the line over their controller says it.
#[derive(Debug, Clone, PartialEq)]
pub enum StudentState {
    /// A newer tab of this browser steers this student's character.
    Superseded,
    /// The teacher ended the session.
    Ended,
    /// The teacher's model has no character of this blueprint (another model was opened):
    /// the student picks another.
    NoCharacter(String),
    /// The teacher's model has not arrived yet, or nothing came from it lately.
    Waiting,
    /// The round is over; the teacher starts the next.
    RoundOver,
    /// The teacher paused the run; `here`: the character is on the stage (after a reset it
    /// comes back at Play).
    Paused {
        /// Whether the student's character is on the stage.
        here: bool,
    },
    /// The run plays.
    Playing,
}

impl StudentState {
    /// Whether the student has a character in the model to steer (the page says whose).
    pub fn steers(&self) -> bool {
        !matches!(
            self,
            StudentState::NoCharacter(_) | StudentState::Ended | StudentState::Superseded
        )
    }
}

/// The line over a joined student's controller: what the run is doing and what to do; with
/// `first_time`, how to steer.
pub fn student_state(state: &StudentState, blueprint: &str, first_time: bool) -> Html {
    let (class, text) = match state {
        StudentState::Superseded => ("stopped", "This page stopped: your character is steered from a newer tab of this browser. Reload here to steer from this page.".to_string()),
        StudentState::Ended => ("stopped", "The teacher ended the session. Thank you!".to_string()),
        StudentState::NoCharacter(bp) => ("stopped", format!("This model has no {bp}: pick another character below.")),
        StudentState::Waiting => ("waiting", "Waiting for the teacher's page…".to_string()),
        StudentState::RoundOver => ("paused", "Round over: the teacher starts the next one.".to_string()),
        StudentState::Paused { here: true } => ("paused", format!("Paused by the teacher: your {blueprint} still follows your finger.")),
        StudentState::Paused { here: false } => ("paused", format!("The teacher reset the model: your {blueprint} comes back when the run plays.")),
        StudentState::Playing if first_time => ("playing", format!("Playing: drag on the stage to steer your {blueprint}; the yellow ring shows where it goes.")),
        StudentState::Playing => ("playing", format!("Playing: steer your {blueprint}.")),
    };
    html! {
        <p class={classes!("student-state", class)} data-testid="student-state" data-state={class} role="status" aria-live="polite">
            { text }
        </p>
    }
}

/// Where a student whose session ended goes next: the code field, on the same server.
pub fn after_end(query: &str) -> Html {
    html! {
        <a class="button join-again" data-testid="join-again" href={super::ask_code_search(query)}>
            { "Join another room" }
        </a>
    }
}

/// The field where a student types the room code the teacher's screen shows.
pub fn code_form(code: &NodeRef, on_submit: Callback<SubmitEvent>) -> Html {
    html! {
        <form class="join-form" onsubmit={on_submit} aria-label="Join a session">
            <h2>{ "Join a session" }</h2>
            <label>{ "Room code " }
                <input data-testid="join-code" ref={code.clone()} maxlength="12" autocapitalize="characters"
                    autocomplete="off" spellcheck="false" required=true />
            </label>
            <button data-testid="join-code-go" type="submit">{ "Go" }</button>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_link_becomes_a_qr_code_with_its_quiet_zone() {
        let (d, size) = qr_path("http://192.168.1.20:8080/?join=ABC123").unwrap();
        // Version 3 (29 modules) holds a link this long; four modules of margin each side.
        assert_eq!(size, 29 + 8);
        assert!(
            d.starts_with("M4 4h1v1h-1z"),
            "the finder pattern's corner: {}",
            &d[..20]
        );
        assert!(qr_path(&"x".repeat(5_000)).is_none());
    }
}

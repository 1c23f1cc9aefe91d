//! The session's screens on a device: a student's join form, the connection line every device
//! shows and the line over a student's controller, and the QR code of a room's link (the
//! teacher's lesson panel is in `lesson`).

use super::device::DeviceSession;
use super::link::LinkState;
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
    let offline = crate::browser::offline();
    let link = if offline {
        "offline: this device has no network".to_string()
    } else {
        link_text(state.as_ref(), None)
    };
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
    let step = if offline {
        "it follows the class again once the network is back".to_string()
    } else if session.superseded {
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
            data-connected={(!offline && (state.is_none() || state == Some(LinkState::Open))).to_string()}
            data-offline={offline.to_string()}>
            { format!("Room {} · {link} · {step}{who}{delay}{unsent}", session.code()) }
        </p>
        </>
    }
}

/// How far behind the class a device must run before it says so, and the teacher's roster
/// marks it, milliseconds: a moment's stall (a tab brought back, a large bundle) is not news.
pub const BEHIND_NOTICE_MS: u32 = 2_000;

/// `ms` milliseconds as whole seconds, for a person (`3 s`).
pub fn seconds(ms: u32) -> String {
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

/// The field where a student types the room code the teacher's screen shows; `mistyped` is a
/// code tried that no open room has.
pub fn code_form(code: &NodeRef, on_submit: Callback<SubmitEvent>, mistyped: Option<&str>) -> Html {
    html! {
        <form class="join-form" onsubmit={on_submit} aria-label="Join a session">
            <h2>{ "Join a session" }</h2>
            if let Some(tried) = mistyped {
                <p class="join-refused" role="alert" data-testid="join-no-room">
                    { format!("{}. Type the code again:", no_room(tried)) }
                </p>
            }
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

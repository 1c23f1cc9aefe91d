//! The teacher's lesson panel, in the page's side column while a session runs: the room code
//! and its QR code, then one tab at a time — the students (the characters they may pick, the
//! roster, the removed), the changes to review, the hand-ins, the lesson's record — and the
//! room's buttons. Removing everyone not steering and ending the session ask first.

use super::codesign_part::{codesign_part, CodesignActions};
use super::handins_part::{handins_part, HandinActions};
use super::screens::{link_text, qr_code, BEHIND_NOTICE_MS};
use super::teacher::TeacherSession;
use crate::projects::runs::size_text;
use sim_core::session::room::Student;
use sim_core::Project;
use yew::prelude::*;

/// The panel's tabs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LessonTab {
    /// Who is in the room.
    #[default]
    Students,
    /// Students' changes waiting for review.
    Reviews,
    /// Projects students handed in.
    HandIns,
    /// The class run and the lesson's record.
    Record,
}

impl LessonTab {
    /// Every tab, in order.
    pub const ALL: [LessonTab; 4] = [
        LessonTab::Students,
        LessonTab::Reviews,
        LessonTab::HandIns,
        LessonTab::Record,
    ];

    /// The tab's name in test ids.
    fn key(self) -> &'static str {
        match self {
            LessonTab::Students => "students",
            LessonTab::Reviews => "reviews",
            LessonTab::HandIns => "handins",
            LessonTab::Record => "record",
        }
    }
}

/// A step that asks first: the one the teacher pressed and has not confirmed yet.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Asking {
    /// Nothing waits for a confirmation.
    #[default]
    Nothing,
    /// *Remove everyone who is not steering*.
    RemoveIdle,
    /// *End session*.
    End,
}

/// What the panel's controls do.
pub struct LessonActions {
    /// Shows this tab.
    pub tab: Callback<LessonTab>,
    /// Asks to confirm a step (or takes the question back).
    pub ask: Callback<Asking>,
    /// Removes this device's student.
    pub kick: Callback<String>,
    /// Lets this removed device back in.
    pub readmit: Callback<String>,
    /// Removes every student who is not steering.
    pub kick_idle: Callback<MouseEvent>,
    /// Locks (true) or opens the room.
    pub lock: Callback<bool>,
    /// Ends the session.
    pub end: Callback<MouseEvent>,
    /// Offers (true) or withholds a blueprint as a character.
    pub offer: Callback<(String, bool)>,
    /// Makes this blueprint a character (an edit of its script).
    pub make_character: Callback<String>,
    /// Shows (true) or hides the students' names by their characters on every screen.
    pub names: Callback<bool>,
    /// Hands the class model out: every student may keep a copy.
    pub handout: Callback<MouseEvent>,
    /// Downloads the lesson's record: `"csv"` or `"jsonl"`.
    pub download: Callback<&'static str>,
    /// Saves the class run: a file, and a copy among the library's class runs.
    pub save_run: Callback<MouseEvent>,
    /// What the review tab does.
    pub codesign: CodesignActions,
    /// What the hand-in tab does.
    pub handins: HandinActions,
}

/// What the panel shows besides the session.
pub struct LessonView<'a> {
    /// The tab shown.
    pub tab: LessonTab,
    /// The step waiting for a confirmation.
    pub asking: Asking,
    /// Every blueprint of the open model, and whether it is a character.
    pub blueprints: &'a [(String, bool)],
    /// The running model's project (the reviews' diffs are against it).
    pub project: Option<&'a Project>,
    /// The student's page and the projector's.
    pub links: (&'a str, &'a str),
    /// The page's clock, milliseconds.
    pub now_ms: f64,
    /// Whether this device is offline.
    pub offline: bool,
}

/// The lesson panel.
pub fn lesson_panel(t: &TeacherSession, shown: &LessonView, actions: &LessonActions) -> Html {
    let count = |tab| match tab {
        LessonTab::Students => t.room().students().len(),
        LessonTab::Reviews => t.desk.waiting().len(),
        LessonTab::HandIns => t.handins.list().len(),
        LessonTab::Record => t.activity.events().len(),
    };
    let label = |tab| match tab {
        LessonTab::Students => format!("Students {}", count(tab)),
        LessonTab::Reviews => format!("Review {}", count(tab)),
        LessonTab::HandIns => format!("Hand-ins {}", count(tab)),
        LessonTab::Record => "Record".to_string(),
    };
    html! {
        <section class="lesson-panel" aria-label="Live session" data-testid="session-panel"
            data-room={t.room_id().to_string()}>
            { head(t, shown) }
            <div class="lesson-tabs" role="tablist" aria-label="The session">
                { for LessonTab::ALL.iter().map(|&tab| html! {
                    <button role="tab" id={format!("lesson-tab-{}", tab.key())}
                        data-testid={format!("lesson-tab-{}", tab.key())}
                        aria-selected={(tab == shown.tab).to_string()}
                        aria-controls={format!("lesson-{}", tab.key())}
                        class={classes!((tab == LessonTab::Reviews && count(tab) > 0).then_some("waiting"))}
                        onclick={actions.tab.reform(move |_: MouseEvent| tab)}>{ label(tab) }</button>
                }) }
            </div>
            { for LessonTab::ALL.iter().map(|&tab| html! {
                <div class="lesson-tab" role="tabpanel" id={format!("lesson-{}", tab.key())}
                    aria-labelledby={format!("lesson-tab-{}", tab.key())} hidden={tab != shown.tab}>
                    { tab_body(tab, t, shown, actions) }
                </div>
            }) }
            { room_actions(t, shown.asking, actions) }
        </section>
    }
}

/// The room code, large, its QR code, the links and how the server link stands.
fn head(t: &TeacherSession, shown: &LessonView) -> Html {
    let (join_link, view_link) = shown.links;
    let mut server_text = if shown.offline {
        "this device is offline: students cannot reach the session until it is back on the \
         network"
            .to_string()
    } else {
        match &t.no_server_because {
            Some(why) => format!("{why}; a projector window on this computer can follow"),
            None => link_text(t.server_state().as_ref(), t.server_url.as_deref()),
        }
    };
    if let Some(error) = t.server_error() {
        server_text.push_str(&format!(" · the server said: {error}"));
    }
    html! {
        <header class="lesson-head">
            <div class="lesson-code">
                <p class="session-code">{ "Room code" }<strong data-testid="session-code">{ t.room().code() }</strong></p>
                <p class={classes!("session-server", shown.offline.then_some("offline"))} data-testid="session-server"
                    data-offline={shown.offline.to_string()} role="status">{ server_text }</p>
                <details class="lesson-links">
                    <summary>{ "Links" }</summary>
                    <p class="session-link">{ "Students open " }<a href={join_link.to_string()} data-testid="session-link" target="_blank">{ join_link }</a></p>
                    <p class="session-link">{ "Projector: " }<a href={view_link.to_string()} data-testid="session-view-link" target="_blank">{ view_link }</a></p>
                </details>
            </div>
            <div class="session-qr" data-testid="session-qr" role="img" aria-label={format!("QR code of {join_link}")}>{ qr_code(join_link) }</div>
        </header>
    }
}

/// What tab `tab` holds.
fn tab_body(
    tab: LessonTab,
    t: &TeacherSession,
    shown: &LessonView,
    actions: &LessonActions,
) -> Html {
    match tab {
        LessonTab::Students => html! {
            <>
            { no_characters(t, shown) }
            { roster(t, shown.now_ms, actions) }
            { removed(t, &actions.readmit) }
            { characters(t, shown, actions) }
            </>
        },
        LessonTab::Reviews => {
            codesign_part(&t.desk, shown.project, shown.now_ms, &actions.codesign)
        }
        LessonTab::HandIns => handins_part(&t.handins, &actions.handins),
        LessonTab::Record => html! {
            <>
            { class_run(t, &actions.save_run) }
            { activity(t, &actions.download) }
            { session_counts(t) }
            </>
        },
    }
}

/// The blueprints students may pick: the model's characters, each with its checkbox, and
/// the other blueprints, each of which the teacher may make a character.
fn characters(t: &TeacherSession, shown: &LessonView, actions: &LessonActions) -> Html {
    let others: Vec<&String> = shown
        .blueprints
        .iter()
        .filter(|(_, character)| !character)
        .map(|(c, _)| c)
        .collect();
    html! {
    <fieldset class="session-characters" data-testid="session-characters">
        <legend>{ "Characters students may pick" }</legend>
        { for shown.blueprints.iter().filter(|(_, character)| *character).map(|(c, _)| {
            let (offer, name, on) = (actions.offer.clone(), c.clone(), t.offers(c));
            html! {
                <label><input type="checkbox" checked={on} data-testid="session-character" data-blueprint={c.clone()}
                    onchange={Callback::from(move |_| offer.emit((name.clone(), !on)))} />{ format!(" {c}") }</label>
            }
        }) }
        if !others.is_empty() {
            { make_character(&others, &actions.make_character) }
        }
    </fieldset>
    }
}

/// The warning, first in the students' tab, when no blueprint is a character students may
/// pick: nobody can join or steer.
fn no_characters(t: &TeacherSession, shown: &LessonView) -> Html {
    let offered = shown
        .blueprints
        .iter()
        .any(|(c, character)| *character && t.offers(c));
    if offered {
        return Html::default();
    }
    html! {
        <p class="session-warning" data-testid="session-no-characters" role="alert">
            { "No blueprint of this model is a character students may pick, so nobody can join or steer: \
               tick one, or make one a character, under Characters below." }
        </p>
    }
}

/// *Make a character*: picks one of `others` (blueprints that are not characters) and adds
/// `# TAG isCharControllable true` to its script, which Undo takes back.
fn make_character(others: &[&String], make: &Callback<String>) -> Html {
    let pick = NodeRef::default();
    let onclick = {
        let (pick, make) = (pick.clone(), make.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(select) = pick.cast::<web_sys::HtmlSelectElement>() {
                make.emit(select.value());
            }
        })
    };
    html! {
        <div class="make-character">
            <select ref={pick} data-testid="session-make-pick" aria-label="A blueprint to make a character">
                { for others.iter().map(|c| html! { <option value={(*c).clone()}>{ (*c).clone() }</option> }) }
            </select>
            <button data-testid="session-make-character" {onclick}
                title="Adds '# TAG isCharControllable true' to its script, so students may steer it (Undo takes it back)">
                { "Make a character" }</button>
        </div>
    }
}

/// How long ago `at` was, for the roster.
fn ago(now_ms: f64, at: Option<f64>) -> String {
    at.map_or("never".to_string(), |at| {
        let seconds = ((now_ms - at) / 1000.0).max(0.0);
        if seconds < 60.0 {
            format!("{seconds:.0} s ago")
        } else {
            format!("{:.0} min ago", seconds / 60.0)
        }
    })
}

/// The students in the room: name, character, connected, last activity, delay, and Remove.
fn roster(t: &TeacherSession, now_ms: f64, actions: &LessonActions) -> Html {
    let room = t.room();
    if room.students().len() == 0 {
        return html! {
            <p class="session-empty" data-testid="session-roster-empty">
                { "No one has joined yet: students scan the code or open the link." }
            </p>
        };
    }
    html! {
    <table class="session-roster" data-testid="session-roster">
        <thead><tr><th>{ "Student" }</th><th>{ "Character" }</th><th>{ "Last active" }</th><th></th></tr></thead>
        <tbody>
        { for room.students().map(|s| student_row(s, now_ms, &actions.kick)) }
        </tbody>
    </table>
    }
}

/// One student's row.
fn student_row(s: &Student, now_ms: f64, kick: &Callback<String>) -> Html {
    let device = s.device.clone();
    let kick = kick.clone();
    let behind = s.behind_ms.filter(|&b| b >= BEHIND_NOTICE_MS);
    let connected = s.connected(now_ms);
    let delay = s
        .delay_ms
        .map_or(String::new(), |d| format!(" · delay {d} ms"));
    html! {
        <tr data-testid="session-student" data-device={s.device.clone()} data-name={s.name.clone()}
            class={classes!(behind.is_some().then_some("behind"), (!connected).then_some("gone"))}
            data-behind-ms={s.behind_ms.map(|b| b.to_string())}>
            <td class="name" title={s.name.clone()}>
                <span class={classes!("dot", connected.then_some("on"))}
                    aria-label={if connected { "connected" } else { "not connected" }} role="img"></span>
                { &s.name }
            </td>
            <td>{ &s.blueprint }
                if let Some(open) = &s.editing {
                    <span class="student-editing" data-testid="student-editing" title={format!("{} has {open}'s script open", s.name)}>
                        { format!(" · editing {open}") }
                    </span>
                }
            </td>
            <td title={format!("{}{delay}", if connected { "connected" } else { "not connected" })}>
                <span data-testid="student-last">{ ago(now_ms, s.active_ms()) }</span>
                if let Some(behind) = behind {
                    <span class="student-behind" data-testid="student-behind"
                        title={format!("{}'s device cannot keep up with this model", s.name)}>
                        { format!("{} behind", super::screens::seconds(behind)) }
                    </span>
                }
            </td>
            <td><button data-testid="session-kick" aria-label={format!("Remove {}", s.name)}
                onclick={Callback::from(move |_| kick.emit(device.clone()))}>{ "Remove" }</button></td>
        </tr>
    }
}

/// The students the teacher removed, each with *Let back in*.
fn removed(t: &TeacherSession, readmit: &Callback<String>) -> Html {
    let removed = t.room().removed();
    if removed.is_empty() {
        return Html::default();
    }
    html! {
        <details class="session-removed" data-testid="session-removed">
            <summary>{ format!("Removed ({})", removed.len()) }</summary>
            <ul>
                { for removed.iter().map(|(device, name)| {
                    let (readmit, device) = (readmit.clone(), device.clone());
                    html! {
                        <li data-testid="removed-student" data-name={name.clone()}>
                            <span>{ name }</span>
                            <button data-testid="session-readmit" aria-label={format!("Let {name} back in")}
                                onclick={Callback::from(move |_| readmit.emit(device.clone()))}>{ "Let back in" }</button>
                        </li>
                    }
                }) }
            </ul>
        </details>
    }
}

/// The room's buttons: remove who is not steering, names on the stage, hand out, lock,
/// end; the two that cannot be taken back ask first.
fn room_actions(t: &TeacherSession, asking: Asking, actions: &LessonActions) -> Html {
    let room = t.room();
    let locked = room.locked();
    let idle = room.not_steering();
    let on_lock = {
        let lock = actions.lock.clone();
        Callback::from(move |_: MouseEvent| lock.emit(!locked))
    };
    let ask = |step: Asking| actions.ask.reform(move |_: MouseEvent| step);
    let question = match asking {
        Asking::RemoveIdle if !idle.is_empty() => {
            let names: Vec<&str> = room
                .students()
                .filter(|s| idle.contains(&s.device))
                .map(|s| s.name.as_str())
                .collect();
            Some((
                format!(
                    "Remove {} who have not steered, sent a script or handed in: {}? They can be let back in.",
                    names.len(),
                    names.join(", ")
                ),
                "Remove them",
                actions.kick_idle.clone(),
            ))
        }
        Asking::End => Some((
            "End the session for everyone? Students' characters leave the model; the class run is kept in your projects.".to_string(),
            "End session",
            actions.end.clone(),
        )),
        _ => None,
    };
    html! {
        <div class="session-actions">
            if let Some((text, yes, confirm)) = question {
                <div class="session-confirm" data-testid="session-confirm" role="alertdialog" aria-label="Are you sure?">
                    <p>{ text }</p>
                    <button class="danger" data-testid="session-confirm-yes" onclick={confirm}>{ yes }</button>
                    <button data-testid="session-confirm-no" onclick={ask(Asking::Nothing)}>{ "Cancel" }</button>
                </div>
            }
            if !idle.is_empty() {
                <button data-testid="session-remove-idle" onclick={ask(Asking::RemoveIdle)}>
                    { format!("Remove everyone not steering ({})", idle.len()) }
                </button>
            }
            <label class="session-names">
                <input type="checkbox" data-testid="session-names" checked={t.names_shown()}
                    onchange={actions.names.reform(move |e: Event| e.target_unchecked_into::<web_sys::HtmlInputElement>().checked())} />
                { " Names on the stage" }
            </label>
            <button data-testid="session-handout" onclick={actions.handout.clone()}
                title="Every student may save the class model as it is now to their own projects">
                { if t.handout.is_some() { "Give students a copy again" } else { "Give students a copy" } }
            </button>
            <button data-testid="session-lock" aria-pressed={locked.to_string()} onclick={on_lock}>
                { if locked { "Open the room" } else { "Lock the room" } }
            </button>
            <button class="danger" data-testid="session-end" onclick={ask(Asking::End)}>{ "End session" }</button>
        </div>
    }
}

/// The class run being recorded: how much, *Save the class run*, and where the last save went.
fn class_run(t: &TeacherSession, save: &Callback<MouseEvent>) -> Html {
    let recording = &t.recording;
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
fn activity(t: &TeacherSession, download: &Callback<&'static str>) -> Html {
    let count = t.activity.events().len();
    html! {
        <details class="session-activity-box" data-noted={t.activity.noted.to_string()}
            data-kept={t.activity.kept.borrow().to_string()} open=true>
            <summary>{ format!("What happened ({count} events)") }</summary>
            <ol class="session-activity" data-testid="session-activity" reversed=true>
                { for t.activity.events().rev().take(SHOWN_EVENTS).map(|e| html! {
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
fn session_counts(t: &TeacherSession) -> Html {
    let counts = t.room().counts();
    html! {
        <p class="session-counts" data-testid="session-counts">
            { format!("{} bundles, {} snapshots sent ({} KB through the server) · {} inputs over 25/s dropped · {} refused · {} joins held back (too many at once) · {} damaged messages ignored",
                t.sent.bundles, t.sent.snapshots, t.server_bytes() / 1024, counts.rate_dropped, counts.refused, counts.joins_throttled, counts.malformed) }
        </p>
    }
}

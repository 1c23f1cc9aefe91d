//! The session's controls on the page: the teacher's start button and panel, a device's
//! status line with the join form (or the field for a room code), and a student's
//! controller pad over the stage. Each keeps what only it needs; the session itself is in
//! the page's state (see `session`).

use super::page::{PageHandle, PageState};
use super::session::{forget_resumable, page_base, resumable_room};
use super::stage::canvas_point;
use crate::browser::{storage_get, storage_set};
use crate::projects::rooms;
use crate::session::codesign_view::{codesign_part, CodesignActions};
use crate::session::device::{DeviceSession, Role};
use crate::session::handins_view::{self, handins_part, HandinActions};
use crate::session::view::{self, JoinActions, StudentState, TeacherActions};
use crate::session::{self, to_marker, PageRole};
use crate::stage_model::StageModel;
use sim_core::session::room::puppet_device;
use sim_core::RoundPhase;
use web_sys::PointerEvent;
use yew::prelude::*;

/// The page handle, for the session's parts.
#[derive(Properties, PartialEq)]
pub struct SessionProps {
    /// The page's shared state.
    pub page: PageHandle,
}

/// The teacher's page: *Start session* and *Join a session*, or once a session runs its
/// button and (when opened) its panel: the room code, links, roster and the room's rules.
#[function_component(TeacherControls)]
pub fn teacher_controls(props: &SessionProps) -> Html {
    let open = use_state(|| false);
    let page = &props.page;
    // The panel's state is set once the page's state is let go: setting it renders this
    // part at once, and the render reads the page.
    let show = {
        let (open, page) = (open.clone(), page.clone());
        Callback::from(move |_: MouseEvent| {
            if page.act(|state| state.start_session(None)) == Some(true) {
                open.set(true);
            }
        })
    };
    let state = page.read();
    let Some(t) = &state.session.teacher else {
        let ask = session::ask_code_search(&state.query);
        return html! {
            <>
                { resume_offer(page, &open) }
                <button data-testid="session-start" onclick={show}>{ "Start session" }</button>
                <a class="join-link" data-testid="join-session" href={ask}>{ "Join a session" }</a>
            </>
        };
    };
    let code = t.room().code().to_string();
    let (join_link, view_link) = room_links(&code, &state.query);
    // Changes waiting for review show on the button too, so a hidden panel does not hide them.
    let waiting = t.desk.waiting().len();
    let button = html! {
        <button data-testid="session-start" aria-expanded={open.to_string()} onclick={show}>
            { format!("Session {code}") }
            if waiting > 0 {
                <span class="session-start-reviews" data-testid="session-reviews">{ format!(" · {waiting} to review") }</span>
            }
        </button>
    };
    if !*open {
        return button;
    }
    let actions = teacher_actions(page, &open);
    let controllable = state.stage.model().characters();
    let now = state.stage.frame_ms();
    let codesign = state.project.with(|c| {
        codesign_part(
            &t.desk,
            c.map(|c| &*c.project),
            now,
            &codesign_actions(page),
        )
    });
    html! {
        <>
            { button }
            { view::teacher_panel(t, &controllable, &join_link, &view_link, now, actions, (codesign, handins_part(&t.handins, &handin_actions(page)))) }
        </>
    }
}

/// The room this browser's teacher's page ran before its tab was closed, offered for
/// resuming with the same code (students rejoin by themselves), or forgotten.
fn resume_offer(page: &PageHandle, open: &UseStateHandle<bool>) -> Html {
    let Some((code, minutes)) = resumable_room() else {
        return Html::default();
    };
    let resume = {
        let (page, open, code) = (page.clone(), open.clone(), code.clone());
        Callback::from(move |_: MouseEvent| {
            if page.act(|state| state.start_session(Some(code.clone()))) != Some(true) {
                return;
            }
            open.set(true);
            // The model goes on from the state the closed page kept, once it is read.
            let (page, code) = (page.clone(), code.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match rooms::kept(&code).await {
                    Ok(Some(bytes)) => {
                        page.act(|state| state.resume_state(&bytes));
                    }
                    Ok(None) => {}
                    Err(e) => web_sys::console::warn_1(&e.to_string().into()),
                }
            });
        })
    };
    let forget = page.callback(|s, _: MouseEvent| {
        forget_resumable();
        s.session.watch_resume = false;
    });
    html! {
        <p class="run-notice session-resume" role="alert">
            { format!("Session {code} was left open {minutes:.0} min ago; its students come back by themselves when you resume it. ") }
            <button data-testid="session-resume" class="primary" onclick={resume}>{ format!("Resume session {code}") }</button>
            <button data-testid="session-forget" onclick={forget}>{ "Forget it" }</button>
        </p>
    }
}

/// The room's links for students and for a projector (with the page's server, if any).
pub(super) fn room_links(code: &str, query: &str) -> (String, String) {
    let mut join_link = format!("{}?join={code}", page_base());
    let mut view_link = format!("{}?view={code}", page_base());
    if let Some(server) = session::query_param(query, "server") {
        join_link.push_str(&format!("&server={server}"));
        view_link.push_str(&format!("&server={server}"));
    }
    (join_link, view_link)
}

/// What the teacher's panel does: on the session, or (Hide) on the panel being `open`.
fn teacher_actions(page: &PageHandle, open: &UseStateHandle<bool>) -> TeacherActions {
    let hide = open.clone();
    TeacherActions {
        kick: page.callback(|s, device: String| s.teach(|t, m| t.kick(m, &device))),
        kick_idle: page.callback(|s, _| s.teach(|t, m| t.kick_idle(m))),
        lock: page.callback(|s, on| s.teach(|t, _| t.set_locked(on))),
        end: {
            let (open, page) = (open.clone(), page.clone());
            Callback::from(move |_| {
                page.act(PageState::end_session);
                open.set(false);
            })
        },
        hide: Callback::from(move |_| hide.set(false)),
        offer: page
            .callback(|s, (blueprint, on): (String, bool)| s.teach(|t, _| t.offer(&blueprint, on))),
        names: page.callback(|s, on| s.teach(|t, _| t.show_names = on)),
        handout: page.callback(|s, _| s.teach(|t, _| t.hand_out())),
        save_run: save_run(page),
        download: page.callback(|s, kind: &'static str| {
            s.teach(|t, _| {
                let code = t.room().code().to_string();
                let (text, mime) = match kind {
                    "jsonl" => (t.activity.to_jsonl(), "application/jsonl"),
                    _ => (t.activity.to_csv(), "text/csv"),
                };
                let name = format!("stepwise-lesson-{code}.{kind}");
                if let Err(e) = crate::browser::download(&name, mime, &text) {
                    web_sys::console::warn_1(&e.to_string().into());
                }
            });
        }),
    }
}

/// *Save the class run*: the file is downloaded and kept among the library's class runs.
fn save_run(page: &PageHandle) -> Callback<MouseEvent> {
    let page = page.clone();
    Callback::from(move |_: MouseEvent| {
        let done = page.clone();
        page.act(|s| {
            let project = s.project.clone();
            let t = s.session.teacher.as_mut()?;
            let bytes = t.run_file();
            let name = t.recording.file_name(&project);
            if let Err(e) =
                crate::browser::download_bytes(&name, "application/octet-stream", &bytes)
            {
                web_sys::console::warn_1(&e.to_string().into());
            }
            t.recording.keep_in_library(bytes, move || done.notify());
            Some(())
        });
    })
}

/// What the teacher's *Handed in* list does: each reads the hand-in back and acts on it.
fn handin_actions(page: &PageHandle) -> HandinActions {
    let handed = |s: &mut PageState, n: u32| {
        let t = s.session.teacher.as_ref()?;
        let h = t.handins.list().iter().find(|h| h.n == n)?.clone();
        Some((t.room().code().to_string(), h, s.project.clone()))
    };
    HandinActions {
        keep: page.callback(move |s, n: u32| {
            if let Some((code, h, project)) = handed(s, n) {
                handins_view::keep(code, h, project);
            }
        }),
        export: page.callback(move |s, n: u32| {
            if let Some((code, h, project)) = handed(s, n) {
                handins_view::export(code, h, project);
            }
        }),
        all: page.callback(|s, _: MouseEvent| {
            if let Some(t) = &s.session.teacher {
                let (code, list) = (t.room().code().to_string(), t.handins.list().to_vec());
                handins_view::download_all(code, list, s.project.clone());
            }
        }),
    }
}

/// What the co-design part of the teacher's panel does to the session.
fn codesign_actions(page: &PageHandle) -> CodesignActions {
    CodesignActions {
        policy: page.callback(|s, policy| s.teach(|t, _| t.set_policy(policy))),
        accept: page.callback(|s, (device, id): (String, u32)| {
            let project = s.project.clone();
            s.teach(|t, _| t.accept(&project, &device, id));
        }),
        decline: page.callback(|s, (device, id, why): (String, u32, String)| {
            s.teach(|t, _| t.decline(&device, id, &why));
        }),
    }
}

/// A device's controls: its status line and, for a student not yet in, the join form (or,
/// without a code in the address, the field to type it).
#[function_component(DeviceControls)]
pub fn device_controls(props: &SessionProps) -> Html {
    let name = use_node_ref();
    let pick = use_node_ref();
    let state = props.page.read();
    let Some(d) = &state.session.device else {
        if state.role != PageRole::AskCode {
            return Html::default();
        }
        let field = name.clone();
        let query = state.query.clone();
        let on_code = Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let typed = field.cast::<web_sys::HtmlInputElement>().map(|i| i.value());
            go_to_room(&query, &typed.unwrap_or_default());
        });
        return view::code_form(&name, on_code);
    };
    let now = state.stage.frame_ms();
    if d.role() != Role::Student {
        return view::device_status(d, now, false);
    }
    let banner = student_state(&state, d);
    let status = view::device_status(d, now, banner.as_ref().is_none_or(StudentState::steers));
    if let Some((name, blueprint)) = d
        .joining()
        .filter(|_| banner.is_none() && d.refused.is_none())
    {
        // A page that joined before (a reload) joins again by itself.
        let text = format!("Joining room {} as {name} ({blueprint})…", d.code());
        return html! {
            <>{ status }<p class="join-pending" data-testid="join-pending" role="status">{ text }</p></>
        };
    }
    let form = match &banner {
        None | Some(StudentState::NoCharacter(_)) => {
            let join = props
                .page
                .callback(|s, (name, blueprint): (String, String)| {
                    if let Some(d) = &mut s.session.device {
                        d.join(&name, &blueprint);
                    }
                });
            view::join_form(d, &name, &pick, JoinActions { join }, now)
        }
        Some(StudentState::Ended) => view::after_end(&state.query),
        Some(_) => Html::default(),
    };
    let blueprint = d.welcome.as_ref().map_or("", |w| w.blueprint.as_str());
    let first_time = !matches!(storage_get(STEERED), Ok(Some(_)));
    html! {
        <>
            { status }
            { banner.map(|b| view::student_state(&b, blueprint, first_time)).unwrap_or_default() }
            { form }
        </>
    }
}

/// Where a browser keeps that its student has steered once (the first-time hint is shown
/// until then).
const STEERED: &str = "stepwise-steered";

/// Where a joined student's run stands; `None` for a student not in (the join form).
fn student_state(state: &PageState, d: &DeviceSession) -> Option<StudentState> {
    if d.superseded {
        return Some(StudentState::Superseded);
    }
    if d.ended {
        return Some(StudentState::Ended);
    }
    let welcome = d.welcome.as_ref()?;
    if !d.following() || d.teacher_quiet(state.stage.frame_ms()) {
        return Some(StudentState::Waiting);
    }
    let model = state.stage.model();
    if !model.characters().contains(&welcome.blueprint) {
        return Some(StudentState::NoCharacter(welcome.blueprint.clone()));
    }
    if model
        .round()
        .is_some_and(|r| r.phase != RoundPhase::Running)
    {
        return Some(StudentState::RoundOver);
    }
    if d.control.as_ref().is_some_and(|c| c.playing) {
        return Some(StudentState::Playing);
    }
    let here = !model.puppets_of(&puppet_device(d.device_id())).is_empty();
    Some(StudentState::Paused { here })
}

/// Opens the room of the typed `code`, keeping the rest of the page's `query`.
fn go_to_room(query: &str, code: &str) {
    let code = session::clean_code(code);
    if code.is_empty() {
        return;
    }
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_search(&session::join_search(query, &code));
    }
}

/// A joined student's controller pad over the stage: each finger moves the nearest of the
/// student's markers that no other finger holds (or makes one, up to four).
#[function_component(ControllerPad)]
pub fn controller_pad(props: &SessionProps) -> Html {
    // Fingers on the pad and the marker each moves.
    let fingers = use_mut_ref(Vec::<(i32, usize)>::new);
    let on = |pressed: bool| {
        let page = props.page.clone();
        let fingers = fingers.clone();
        Callback::from(move |e: PointerEvent| {
            if let Some(mut state) = page.write() {
                pad(&mut state, &mut fingers.borrow_mut(), &e, pressed);
            }
        })
    };
    let up = {
        let fingers = fingers.clone();
        Callback::from(move |e: PointerEvent| {
            fingers.borrow_mut().retain(|(p, _)| *p != e.pointer_id());
        })
    };
    // Where the student's markers are, for tests and assistive tools.
    let markers = props.page.read().session.device.as_ref().map(|d| {
        let places: Vec<String> = d
            .markers()
            .iter()
            .map(|m| format!("{:.3},{:.3}", m.x, m.y))
            .collect();
        places.join(";")
    });
    html! {
        <div class="controller-pad" data-testid="controller-pad" data-markers={markers}
            role="application" aria-label="Drag to steer your character"
            onpointerdown={on(true)} onpointermove={on(false)}
            onpointerup={up.clone()} onpointercancel={up} />
    }
}

/// A finger pressed (`pressed`) or moved on the pad: the marker it holds goes under it.
fn pad(state: &mut PageState, fingers: &mut Vec<(i32, usize)>, e: &PointerEvent, pressed: bool) {
    let Some(canvas) = state.stage.canvas() else {
        return;
    };
    let bounds = StageModel::bounds(&state.project);
    let Some(d) = state
        .session
        .device
        .as_mut()
        .filter(|d| d.welcome.is_some())
    else {
        return;
    };
    e.prevent_default();
    if pressed {
        let _ = storage_set(STEERED, "1");
    }
    let at = canvas_point(&canvas, e);
    let (wx, wy) = state.stage.view().canvas_to_world(at.0, at.1);
    let (x, y) = to_marker(&bounds, wx, wy);
    let pointer = e.pointer_id();
    let index = if pressed {
        // The nearest marker no other finger holds; with every one held, a new one (a device
        // drives up to four characters, one finger each).
        let held: Vec<usize> = fingers
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
        fingers.retain(|(p, _)| *p != pointer);
        fingers.push((pointer, index));
        if let Some(target) = e.target_dyn_into::<web_sys::Element>() {
            let _ = target.set_pointer_capture(pointer);
        }
        index
    } else {
        match fingers.iter().find(|(p, _)| *p == pointer) {
            Some((_, i)) => *i,
            None => return,
        }
    };
    d.place_marker(index, x, y);
    state.draw();
}

//! A device's session controls: its status line with the join form (or the field for a room
//! code), and a student's controller pad over the stage. Each keeps what only it needs; the
//! session itself is in the page's state. The teacher's are in `lesson`.

use super::action::{Action, DeviceAction};
use super::page::{PageHandle, PageState};
use crate::browser::{storage_get, storage_set};
use crate::session::device::{DeviceSession, Role};
use crate::session::screens::{self, JoinActions, StudentState};
use crate::session::{self, to_marker, PageRole};
use crate::stage::canvas_point;
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

/// A device's controls: its status line and, for a student not yet in, the join form (or,
/// without a code in the address, the field to type it).
#[function_component(DeviceControls)]
pub fn device_controls(props: &SessionProps) -> Html {
    let name = use_node_ref();
    let pick = use_node_ref();
    let code = use_node_ref();
    let state = props.page.read();
    let code_form = |mistyped: Option<&str>| {
        let (field, query) = (code.clone(), state.query.clone());
        let on_code = Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let typed = field.cast::<web_sys::HtmlInputElement>().map(|i| i.value());
            go_to_room(&query, &typed.unwrap_or_default());
        });
        screens::code_form(&code, on_code, mistyped)
    };
    let Some(d) = &state.session.device else {
        if state.role != PageRole::AskCode {
            return Html::default();
        }
        return code_form(None);
    };
    let now = state.run.frame_ms();
    if d.role() != Role::Student {
        return screens::device_status(d, now, false);
    }
    let banner = student_state(&state, d);
    let status = screens::device_status(d, now, banner.as_ref().is_none_or(StudentState::steers));
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
        // No room has this code (a mistyped one): the field to type it again.
        None if d.no_room(now) => code_form(Some(d.code())),
        None | Some(StudentState::NoCharacter(_)) => {
            let join = props
                .page
                .on(|(name, blueprint)| Some(Action::Device(DeviceAction::Join(name, blueprint))));
            screens::join_form(d, &name, &pick, JoinActions { join }, now)
        }
        Some(StudentState::Ended) => screens::after_end(&state.query),
        Some(_) => Html::default(),
    };
    let blueprint = d.welcome.as_ref().map_or("", |w| w.blueprint.as_str());
    let first_time = !matches!(storage_get(STEERED), Ok(Some(_)));
    html! {
        <>
            { status }
            { banner.map(|b| screens::student_state(&b, blueprint, first_time)).unwrap_or_default() }
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
    if !d.following() || d.teacher_quiet(state.run.frame_ms()) {
        return Some(StudentState::Waiting);
    }
    let model = &state.run;
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
            let steer = pad(&page.read(), &mut fingers.borrow_mut(), &e, pressed);
            if let Some((index, x, y)) = steer {
                let _ = page.dispatch(Action::Device(DeviceAction::Steer(index, x, y)));
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

/// A finger pressed (`pressed`) or moved on the pad: which marker goes where under it
/// (stage fractions), if any.
fn pad(
    state: &PageState,
    fingers: &mut Vec<(i32, usize)>,
    e: &PointerEvent,
    pressed: bool,
) -> Option<(usize, f64, f64)> {
    let canvas = state.stage.canvas()?;
    let bounds = crate::stage::bounds(&state.project);
    let d = state
        .session
        .device
        .as_ref()
        .filter(|d| d.welcome.is_some())?;
    e.prevent_default();
    if pressed {
        let _ = storage_set(STEERED, "1");
    }
    let at = canvas_point(&canvas, e);
    let (wx, wy) = state.stage.view().canvas_to_world(at.0, at.1);
    let (x, y) = to_marker(&bounds, wx, wy);
    let pointer = e.pointer_id();
    if !pressed {
        let (_, index) = fingers.iter().find(|(p, _)| *p == pointer)?;
        return Some((*index, x, y));
    }
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
    Some((index, x, y))
}

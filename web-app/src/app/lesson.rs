//! The teacher's parts of a live session: the title bar's session button (*Start session*,
//! then the room's code with what waits for review), the offer to resume a room whose tab
//! closed, and the lesson panel in the side column (see [`crate::session::lesson`]). Each
//! dispatches what the teacher does as an action; the session is in the page's state.

use super::action::{Action, TeachAction};
use super::page::{PageHandle, PageState};
use crate::projects::{rooms, ProjectHandle};
use crate::session::codesign_part::CodesignActions;
use crate::session::handins::Handed;
use crate::session::handins_part::{self, HandinActions};
use crate::session::lesson::{lesson_panel, Asking, LessonActions, LessonTab, LessonView};
use crate::session::page::{page_base, resumable_room};
use crate::session::{self};
use yew::prelude::*;

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

/// The session button's inputs.
#[derive(Properties, PartialEq)]
pub struct SessionButtonProps {
    /// The page's shared state.
    pub page: PageHandle,
    /// Shows the lesson panel at this tab.
    pub on_show: Callback<LessonTab>,
}

/// The title bar's session button: *Start session*, or once one runs, the room's code and
/// the changes waiting for review, which show the lesson panel.
#[function_component(SessionButton)]
pub fn session_button(props: &SessionButtonProps) -> Html {
    let page = &props.page;
    let state = page.read();
    let Some(t) = &state.session.teacher else {
        let start = {
            let (page, show) = (page.clone(), props.on_show.clone());
            Callback::from(move |_: MouseEvent| {
                if page
                    .dispatch(Action::Teach(TeachAction::Start(None)))
                    .is_ok()
                {
                    show.emit(LessonTab::Students);
                }
            })
        };
        return html! {
            <button class="session-button" data-testid="session-start" onclick={start}
                title="Open a room: students join from their phones and tablets">{ "Start session" }</button>
        };
    };
    let code = t.room().code().to_string();
    let waiting = t.desk.waiting().len();
    let tab = if waiting > 0 {
        LessonTab::Reviews
    } else {
        LessonTab::Students
    };
    let show = props.on_show.reform(move |_: MouseEvent| tab);
    html! {
        <button class={classes!("session-button", "live", (waiting > 0).then_some("waiting"))}
            data-testid="session-start" onclick={show}
            title="Show the lesson: the room, the students, what waits for you">
            { format!("Session {code}") }
            if waiting > 0 {
                <span class="session-start-reviews" data-testid="session-reviews">{ format!(" · {waiting} to review") }</span>
            }
        </button>
    }
}

/// The room this browser's teacher's page ran before its tab was closed, offered for
/// resuming with the same code (students rejoin by themselves), or forgotten.
#[function_component(ResumeOffer)]
pub fn resume_offer(props: &SessionButtonProps) -> Html {
    let page = &props.page;
    let live = page.read().session.teacher.is_some();
    let Some((code, minutes)) = resumable_room().filter(|_| !live) else {
        return Html::default();
    };
    let resume = {
        let (page, show, code) = (page.clone(), props.on_show.clone(), code.clone());
        Callback::from(move |_: MouseEvent| {
            let start = Action::Teach(TeachAction::Start(Some(code.clone())));
            if page.dispatch(start).is_err() {
                return;
            }
            show.emit(LessonTab::Students);
            // The model goes on from the state the closed page kept, once it is read.
            let (page, code) = (page.clone(), code.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match rooms::kept(&code).await {
                    Ok(Some(bytes)) => {
                        let _ = page.dispatch(Action::Teach(TeachAction::ResumeState(bytes)));
                    }
                    Ok(None) => {}
                    Err(e) => web_sys::console::warn_1(&e.to_string().into()),
                }
            });
        })
    };
    let forget = page.on(|_: MouseEvent| Some(Action::Teach(TeachAction::ForgetResume)));
    html! {
        <p class="run-notice session-resume" role="alert">
            { format!("Session {code} was left open {minutes:.0} min ago; its students come back by themselves when you resume it. ") }
            <button data-testid="session-resume" class="primary" onclick={resume}>{ format!("Resume session {code}") }</button>
            <button data-testid="session-forget" onclick={forget}>{ "Forget it" }</button>
        </p>
    }
}

/// The lesson panel's inputs.
#[derive(Properties, PartialEq)]
pub struct LessonPanelProps {
    /// The page's shared state.
    pub page: PageHandle,
    /// The tab shown.
    pub tab: LessonTab,
    /// Shows another tab.
    pub on_tab: Callback<LessonTab>,
}

/// The lesson panel of the session this page hosts (nothing without one). It keeps which
/// step waits for the teacher's confirmation.
#[function_component(LessonPanel)]
pub fn lesson_panel_part(props: &LessonPanelProps) -> Html {
    let asking = use_state(Asking::default);
    // A question asked comes into view (the side column may be scrolled to the roster's top).
    use_effect_with(*asking, |asking| {
        if *asking != Asking::Nothing {
            let question = web_sys::window().and_then(|w| w.document()).and_then(|d| {
                d.query_selector("[data-testid=\"session-confirm\"]")
                    .ok()
                    .flatten()
            });
            if let Some(question) = question {
                question.scroll_into_view_with_bool(false);
            }
        }
    });
    let page = &props.page;
    let state = page.read();
    let Some(t) = &state.session.teacher else {
        return Html::default();
    };
    let (join_link, view_link) = room_links(t.room().code(), &state.query);
    let blueprints = blueprints(&state.project);
    let actions = lesson_actions(page, &asking, props.on_tab.clone());
    state.project.with(|c| {
        let shown = LessonView {
            tab: props.tab,
            asking: *asking,
            blueprints: &blueprints,
            project: c.map(|c| &*c.project),
            links: (&join_link, &view_link),
            now_ms: state.run.frame_ms(),
            offline: crate::browser::offline(),
        };
        lesson_panel(t, &shown, &actions)
    })
}

/// Every blueprint of the open project, and whether it is a character.
fn blueprints(project: &ProjectHandle) -> Vec<(String, bool)> {
    project.with(|c| {
        c.map(|c| {
            let blueprints = c.project.blueprints.iter();
            blueprints
                .map(|b| (b.name.clone(), c.characters.contains(&b.name)))
                .collect()
        })
        .unwrap_or_default()
    })
}

/// What the lesson panel does: on the session, or on the step `asking` to confirm.
fn lesson_actions(
    page: &PageHandle,
    asking: &UseStateHandle<Asking>,
    tab: Callback<LessonTab>,
) -> LessonActions {
    let confirmed = |action: fn() -> TeachAction| {
        let (page, asking) = (page.clone(), asking.clone());
        Callback::from(move |_: MouseEvent| {
            asking.set(Asking::Nothing);
            let _ = page.dispatch(Action::Teach(action()));
        })
    };
    let ask = {
        let asking = asking.clone();
        Callback::from(move |step| asking.set(step))
    };
    LessonActions {
        tab,
        ask,
        kick: page.on(|device| Some(Action::Teach(TeachAction::Kick(device)))),
        readmit: page.on(|device| Some(Action::Teach(TeachAction::Readmit(device)))),
        kick_idle: confirmed(|| TeachAction::KickIdle),
        lock: page.on(|on| Some(Action::Teach(TeachAction::Lock(on)))),
        end: confirmed(|| TeachAction::End),
        offer: page.on(|(blueprint, on)| Some(Action::Teach(TeachAction::Offer(blueprint, on)))),
        make_character: page
            .on(|blueprint| Some(Action::Teach(TeachAction::MakeCharacter(blueprint)))),
        names: page.on(|on| Some(Action::Teach(TeachAction::ShowNames(on)))),
        handout: page.on(|_| Some(Action::Teach(TeachAction::HandOut))),
        save_run: page.on(|_| Some(Action::Teach(TeachAction::SaveRun))),
        download: download_record(page),
        codesign: codesign_actions(page),
        handins: handin_actions(page),
    }
}

/// *Download* of the lesson's record: `"csv"` or `"jsonl"`.
fn download_record(page: &PageHandle) -> Callback<&'static str> {
    let page = page.clone();
    Callback::from(move |kind: &'static str| {
        let state = page.read();
        let Some(t) = &state.session.teacher else {
            return;
        };
        let code = t.room().code().to_string();
        let (text, mime) = match kind {
            "jsonl" => (t.activity.to_jsonl(), "application/jsonl"),
            _ => (t.activity.to_csv(), "text/csv"),
        };
        let name = format!("stepwise-lesson-{code}.{kind}");
        if let Err(e) = crate::browser::download(&name, mime, &text) {
            web_sys::console::warn_1(&e.to_string().into());
        }
    })
}

/// Hand-in `n` of the session `state` hosts, with its room's code and the open project.
fn handed(state: &PageState, n: u32) -> Option<(String, Handed, ProjectHandle)> {
    let t = state.session.teacher.as_ref()?;
    let h = t.handins.list().iter().find(|h| h.n == n)?.clone();
    Some((t.room().code().to_string(), h, state.project.clone()))
}

/// What the teacher's *Handed in* list does: each reads the hand-in back and acts on it.
fn handin_actions(page: &PageHandle) -> HandinActions {
    let on_handin = |act: fn(String, Handed, ProjectHandle)| {
        let page = page.clone();
        Callback::from(move |n: u32| {
            let found = handed(&page.read(), n);
            if let Some((code, h, project)) = found {
                act(code, h, project);
            }
        })
    };
    let all = {
        let page = page.clone();
        Callback::from(move |_: MouseEvent| {
            let state = page.read();
            if let Some(t) = &state.session.teacher {
                let (code, list) = (t.room().code().to_string(), t.handins.list().to_vec());
                handins_part::download_all(code, list, state.project.clone());
            }
        })
    };
    HandinActions {
        keep: on_handin(handins_part::keep),
        export: on_handin(handins_part::export),
        all,
    }
}

/// What the review tab does to the session.
fn codesign_actions(page: &PageHandle) -> CodesignActions {
    CodesignActions {
        policy: page.on(|policy| Some(Action::Teach(TeachAction::Policy(policy)))),
        accept: page.on(|(device, id)| Some(Action::Teach(TeachAction::Accept(device, id)))),
        decline: page
            .on(|(device, id, why)| Some(Action::Teach(TeachAction::Decline(device, id, why)))),
    }
}

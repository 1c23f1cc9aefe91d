//! [`StageArea`]: the stage canvas and what lies over it (a student's controller pad, the
//! round bar, the teacher's message), and the loop that keeps it alive. It owns its animation
//! frame: every frame it has the page's state take in changes, run the ticks due and draw
//! (see `frame`), then runs the periodic task due (see `periodic`), and tells the shell only
//! when the page shows something new. It owns the pointer too: the wheel zooms about the
//! pointer, a drag on empty stage pans, two fingers pinch-zoom, a double click fits the stage
//! again, and a press on an agent selects and drags it (see `pointer`).

use super::action::{Action, AgentAction, RunAction, StageAction};
use super::device_controls::ControllerPad;
use super::page::{PageHandle, PageState};
use super::pointer::Held;
use super::{crash_guard, periodic, rounds};
use crate::projects::Library;
use crate::render::Gestures;
use gloo_events::EventListener;
use gloo_render::{request_animation_frame, AnimationFrame};
use sim_core::Scheduler;
use web_sys::{PointerEvent, WheelEvent};
use yew::prelude::*;

/// The stage area's inputs.
#[derive(Properties, PartialEq)]
pub struct StageAreaProps {
    /// The page's shared state.
    pub page: PageHandle,
    /// The student's projects, which the timed autosave writes to.
    pub library: Library,
}

/// What the browser asks of the stage.
pub enum Msg {
    /// An animation frame fired at this real time (milliseconds).
    Frame(f64),
    /// The wheel turned over the stage.
    Wheel(WheelEvent),
    /// A pointer was pressed on the stage.
    PointerDown(PointerEvent),
    /// A pointer moved over the stage.
    PointerMove(PointerEvent),
    /// A pointer was released or lost.
    PointerUp(PointerEvent),
    /// The pointer left the stage.
    PointerLeave,
    /// A double click on the stage.
    Fit,
    /// The teacher dismissed the message shown on the stage.
    DismissDialog,
}

/// The stage canvas and its loop.
pub struct StageArea {
    /// Pointers panning or pinching the stage.
    pub(super) gestures: Gestures,
    /// The agent being dragged.
    pub(super) held: Option<Held>,
    /// The pending animation frame; dropping it cancels the loop.
    frame: Option<AnimationFrame>,
    /// The periodic tasks; `None` if they could not be set up.
    scheduler: Option<Scheduler<PageState>>,
    /// Whether the crash guard's marker says a model is running.
    marked_running: bool,
    /// Clears the crash guard's marker when the page is closed on purpose.
    _page_hide: Option<EventListener>,
    /// The real time of the frame before, for the session's refresh beat.
    now_before: f64,
}

impl StageArea {
    /// Asks the browser for the next animation frame.
    fn request_frame(&mut self, ctx: &Context<Self>) {
        let on_frame = ctx.link().callback(Msg::Frame);
        self.frame = Some(request_animation_frame(move |ts| on_frame.emit(ts)));
    }

    /// One animation frame on `page`; true when the page shows something new.
    fn frame(&mut self, page: &mut PageState, ts: f64) -> bool {
        let done = page.frame(ts);
        // A session's panel and status line (roster, connection) refresh four times a second,
        // and so does a teacher's page waiting to offer a room left open.
        let watching = page.session.is_live() || page.session.watch_resume;
        let session_beat = watching && (ts / 250.0) as u64 != (self.now_before / 250.0) as u64;
        self.now_before = ts;
        let fps_changed = page.stage.count_frame(ts, done.work_ms);
        if let Some(scheduler) = &mut self.scheduler {
            periodic::run_due(scheduler, page, ts);
        }
        self.mark_running(page.run.running());
        let stale = std::mem::take(&mut page.readouts.stale);
        done.changed || session_beat || fps_changed || stale
    }

    /// Tells the crash guard whether a model is running, when that changed.
    fn mark_running(&mut self, running: bool) {
        if running != self.marked_running {
            crash_guard::mark_running(running);
            self.marked_running = running;
        }
    }

    /// Handles a pointer message on `page`.
    fn pointer(&mut self, page: &PageHandle, msg: Msg) {
        match msg {
            Msg::Frame(_) => {}
            Msg::Wheel(e) => {
                let zoomed = page.read().stage.wheeled(&e);
                if let Some(view) = zoomed {
                    let _ = page.dispatch(Action::Stage(StageAction::View(view)));
                }
            }
            Msg::PointerDown(e) => self.press(page, &e),
            Msg::PointerMove(e) => self.pointer_moved(page, &e),
            Msg::PointerUp(e) => self.release(page, e.pointer_id()),
            Msg::PointerLeave => {
                if self.holding(&page.read().stage).is_none() {
                    let _ = page.dispatch(Action::Agents(AgentAction::Hover(None)));
                }
            }
            Msg::Fit => {
                let _ = page.dispatch(Action::Stage(StageAction::Fit));
            }
            Msg::DismissDialog => {
                let _ = page.dispatch(Action::Run(RunAction::DismissDialog));
            }
        }
    }
}

impl Component for StageArea {
    type Message = Msg;
    type Properties = StageAreaProps;

    fn create(ctx: &Context<Self>) -> Self {
        let library = ctx.props().library.clone();
        StageArea {
            gestures: Gestures::default(),
            held: None,
            frame: None,
            scheduler: periodic::scheduler(periodic::real_time(0.0), library)
                .map_err(|e| web_sys::console::warn_1(&e.to_string().into()))
                .ok(),
            marked_running: false,
            _page_hide: crash_guard::clear_on_page_hide(),
            now_before: 0.0,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let page = ctx.props().page.clone();
        if let Msg::Frame(ts) = msg {
            self.request_frame(ctx);
            let changed = page.with_state(|state| self.frame(state, ts));
            if changed == Some(true) {
                page.notify();
            }
            return false;
        }
        self.pointer(&page, msg);
        // The shell hands on the page's next revision when something changed.
        false
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let page = &ctx.props().page;
        let state = page.read();
        let run = &state.run;
        let mut stage_label = format!(
            "Stage of {}: {} agents",
            state
                .project
                .with(|c| c.map(|c| c.title().to_string()))
                .unwrap_or_else(|| "no model".into()),
            state.readouts.inspection.agents.len()
        );
        let names = state.stage.names();
        if names.shown && names.names().next().is_some() {
            let list: Vec<&str> = names.names().collect();
            stage_label.push_str(&format!("; students' characters: {}", list.join(", ")));
        }
        html! {
            <main class="stage-area">
                <div class="stage-frame">
                <canvas data-testid="stage" ref={state.stage.canvas_ref()} width="800" height="800"
                    role="img" aria-label={stage_label}
                    data-tick={run.tick().to_string()}
                    data-hash={state.session.shown_hash.map(|(_, h)| format!("{h:016x}"))}
                    data-rings={state.stage.drawn().iter().filter(|a| a.selected || a.hovered).count().to_string()}
                    onwheel={link.callback(Msg::Wheel)}
                    onpointerdown={link.callback(Msg::PointerDown)}
                    onpointermove={link.callback(Msg::PointerMove)}
                    onpointerup={link.callback(Msg::PointerUp)}
                    onpointercancel={link.callback(Msg::PointerUp)}
                    onpointerleave={link.callback(|_| Msg::PointerLeave)}
                    ondblclick={link.callback(|_| Msg::Fit)} />
                <canvas class="stage-overlay" ref={state.stage.over_ref()} aria-hidden="true" />
                if state.session.steering(run).is_some() {
                    <ControllerPad page={page.clone()} />
                }
                { run.round().as_ref().map(rounds::round_bar).unwrap_or_default() }
                { rounds::dialog(run.dialog(), link.callback(|_| Msg::DismissDialog)) }
                </div>
            </main>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            ctx.props().page.with_state(PageState::draw);
            self.request_frame(ctx);
        }
    }
}

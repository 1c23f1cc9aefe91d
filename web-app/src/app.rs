//! The top-level component: title bar, stage canvas and run controls.
//!
//! The simulation clock lives in the component, outside the rendered view; every animation
//! frame advances it and redraws the canvas directly. The view itself re-renders only on a
//! user action or when the displayed time changes.

use crate::{orbits, stage};
use gloo_render::{request_animation_frame, AnimationFrame};
use sim_core::time::{Clock, ClockState, SimTime, Speed};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlSelectElement};
use yew::prelude::*;

/// Simulation ticks per sim-second; a single step advances one tick.
const TICKS_PER_SECOND: i32 = 30;

/// The speeds offered in the speed control, as sim-seconds per real second.
const SPEEDS: [&str; 6] = ["0.25", "0.5", "1", "2", "4", "8"];

/// What the user or the browser asks of the app.
pub enum Msg {
    /// An animation frame fired at this real time (milliseconds).
    Frame(f64),
    Play,
    Pause,
    Step,
    Reset,
    SetSpeed(String),
}

/// The app shell.
pub struct App {
    clock: Clock,
    canvas: NodeRef,
    /// The pending animation frame; dropping it cancels the loop.
    frame: Option<AnimationFrame>,
    /// The last real time seen, milliseconds, for actions that need "now".
    now_ms: f64,
    speed_label: String,
    /// The tick shown in the status bar; the view re-renders when it changes.
    shown_tick: i64,
}

impl App {
    fn request_frame(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        self.frame = Some(request_animation_frame(move |ts| {
            link.send_message(Msg::Frame(ts))
        }));
    }

    fn tick(&self) -> i64 {
        (self.clock.time().to_f64() * f64::from(TICKS_PER_SECOND)).floor() as i64
    }

    fn draw(&self) {
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else {
            return;
        };
        let Ok(Some(ctx)) = canvas.get_context("2d") else {
            return;
        };
        let Ok(ctx) = ctx.dyn_into::<CanvasRenderingContext2d>() else {
            return;
        };
        let dots = orbits::dots_at(self.clock.time());
        stage::draw(
            &ctx,
            f64::from(canvas.width()),
            f64::from(canvas.height()),
            &dots,
        );
    }

    fn step_once(&mut self) {
        self.clock.pause(self.now_ms);
        let next = (self.tick() + 1) as f64 / f64::from(TICKS_PER_SECOND);
        self.clock
            .set_time(SimTime::from_f64(next).unwrap_or(self.clock.time()));
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(_ctx: &Context<Self>) -> Self {
        App {
            clock: Clock::new(),
            canvas: NodeRef::default(),
            frame: None,
            now_ms: 0.0,
            speed_label: "1".into(),
            shown_tick: 0,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Self::Message) -> bool {
        match msg {
            Msg::Frame(ts) => {
                self.now_ms = ts;
                if self.clock.state() == ClockState::Init {
                    self.clock.start(ts);
                }
                self.clock.update_time(ts);
                self.draw();
                self.request_frame(ctx);
                let tick = self.tick();
                let changed = tick != self.shown_tick;
                self.shown_tick = tick;
                return changed;
            }
            Msg::Play => match self.clock.state() {
                ClockState::Paused => self.clock.resume(self.now_ms),
                _ => self.clock.start(self.now_ms),
            },
            Msg::Pause => self.clock.pause(self.now_ms),
            Msg::Step => self.step_once(),
            Msg::Reset => {
                self.clock.pause(self.now_ms);
                self.clock.set_time(SimTime::ZERO);
            }
            Msg::SetSpeed(label) => {
                if let Ok(speed) = label.parse::<f64>() {
                    self.clock.set_speed(Speed::from_num(speed), self.now_ms);
                    self.speed_label = label;
                }
            }
        }
        self.shown_tick = self.tick();
        self.draw();
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let running = self.clock.state() == ClockState::Running;
        let on_speed = link.callback(|e: Event| {
            let value = e.target_dyn_into::<HtmlSelectElement>().map(|s| s.value());
            Msg::SetSpeed(value.unwrap_or_default())
        });
        html! {
            <div class="app">
                <header class="title-bar">
                    <h1>{ "Stepwise" }</h1>
                    <span class="subtitle">{ "classroom simulations" }</span>
                </header>
                <main class="stage-area">
                    <canvas data-testid="stage" ref={self.canvas.clone()} width="800" height="800" />
                </main>
                <footer class="controls">
                    <button data-testid="play" disabled={running} onclick={link.callback(|_| Msg::Play)}>{ "Play" }</button>
                    <button data-testid="pause" disabled={!running} onclick={link.callback(|_| Msg::Pause)}>{ "Pause" }</button>
                    <button data-testid="step" onclick={link.callback(|_| Msg::Step)}>{ "Step" }</button>
                    <button data-testid="reset" onclick={link.callback(|_| Msg::Reset)}>{ "Reset" }</button>
                    <label>{ "Speed " }
                        <select data-testid="speed" onchange={on_speed}>
                            { for SPEEDS.iter().map(|s| html! {
                                <option value={*s} selected={*s == self.speed_label}>{ format!("{s}×") }</option>
                            }) }
                        </select>
                    </label>
                    <span class="status">
                        { format!("t = {:.2} s · tick ", self.clock.time().to_f64()) }
                        <span data-testid="tick">{ self.shown_tick }</span>
                    </span>
                </footer>
            </div>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.draw();
            self.request_frame(ctx);
        }
    }
}

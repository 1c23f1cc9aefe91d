//! [`ModelPicture`]: a library card's picture, drawn from the model itself: its starting
//! agents on its stage, as the stage would show them before Play, painted by the stage's own
//! renderer in software. Art that is still loading is painted again when it arrives.

use crate::render::{RenderAgent, Renderer, Rgb, StageView};
use crate::stage::{project_bounds, still_agents};
use gloo_timers::callback::Timeout;
use sim_core::{Project, Simulation};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::prelude::*;

/// The picture's size in canvas pixels (the card scales it to its width).
const WIDTH: u32 = 320;
const HEIGHT: u32 = 240;
/// How often, and how many times at most, a picture drawn with art still loading is painted
/// again: three seconds in all, after which what arrived late shows at the next open.
const REPAINT_MS: u32 = 150;
const MAX_REPAINTS: u32 = 20;

/// The picture's inputs.
#[derive(Properties, PartialEq)]
pub struct PictureProps {
    /// The model to draw.
    pub project: Rc<Project>,
    /// The model's name, for the picture's description.
    pub label: AttrValue,
}

/// What a picture holds once drawn: the renderer with its art, the starting agents, how the
/// stage maps onto the canvas.
struct Drawing {
    renderer: Renderer,
    agents: Vec<RenderAgent>,
    view: StageView,
}

/// A model's picture on its library card.
pub struct ModelPicture {
    canvas: NodeRef,
    drawing: Option<Drawing>,
    repaints: u32,
    _timer: Option<Timeout>,
}

/// The picture's one message: paint again.
pub struct Paint;

impl Component for ModelPicture {
    type Message = Paint;
    type Properties = PictureProps;

    fn create(_: &Context<Self>) -> Self {
        ModelPicture {
            canvas: NodeRef::default(),
            drawing: None,
            repaints: 0,
            _timer: None,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, _: Paint) -> bool {
        self.paint(ctx);
        false
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let description = format!("The {} model as it starts", ctx.props().label);
        html! {
            <canvas class="model-picture" ref={self.canvas.clone()} width={WIDTH.to_string()}
                height={HEIGHT.to_string()} role="img" aria-label={description} />
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first: bool) {
        if first {
            self.drawing = draw_from(&ctx.props().project);
            self.paint(ctx);
        }
    }
}

impl ModelPicture {
    /// Paints the picture, and once more soon if some art was still loading.
    fn paint(&mut self, ctx: &Context<Self>) {
        let (Some(drawing), Some(context)) = (&mut self.drawing, context(&self.canvas)) else {
            return;
        };
        drawing
            .renderer
            .draw(&context, &drawing.view, &drawing.agents);
        if drawing.renderer.needs_paint() && self.repaints < MAX_REPAINTS {
            self.repaints += 1;
            let link = ctx.link().clone();
            self._timer = Some(Timeout::new(REPAINT_MS, move || link.send_message(Paint)));
        }
    }
}

/// The renderer, agents and view for a picture of `project` as it starts; `None` without a
/// page to draw in. A model that does not load is drawn as its empty stage.
fn draw_from(project: &Project) -> Option<Drawing> {
    let document = web_sys::window()?.document()?;
    let mut renderer = Renderer::new(document);
    renderer.set_project_costumes(&project.costumes);
    let agents = match Simulation::load(project, 1) {
        Ok(sim) => still_agents(&sim, renderer.costumes_mut()),
        Err(_) => Vec::new(),
    };
    let background = Rgb::from_packed(project.metadata.bgcolor);
    let view = StageView::new(
        project_bounds(project),
        background,
        f64::from(WIDTH),
        f64::from(HEIGHT),
    );
    Some(Drawing {
        renderer,
        agents,
        view,
    })
}

/// The canvas's 2D context, if it is on the page.
fn context(canvas: &NodeRef) -> Option<CanvasRenderingContext2d> {
    let canvas = canvas.cast::<HtmlCanvasElement>()?;
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

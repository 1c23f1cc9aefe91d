//! The stage renderer: draws a slice of [`RenderAgent`]s onto a 2D canvas, with no DOM node
//! per agent. Plain Rust over web-sys; the component only calls [`Renderer::draw`] from its
//! animation frame and maps pointer events through [`StageView`] and [`agent_at`].
//!
//! A frame paints the surround and the stage, then the agents in `z_index` order (stable), each
//! a blend of a pre-rasterised sprite into a software frame buffer ([`raster`]) that reaches the
//! canvas in one call, then the widgets (rings, labels, meters, charts) on top with canvas 2D.

mod agent;
mod color;
mod costume;
mod gesture;
mod hit;
mod order;
mod raster;
mod sprites;
mod view;
mod widgets;

pub use agent::{Graph, GraphKind, Meter, RenderAgent};
pub use color::Rgb;
pub use costume::{Art, Costumes, ARTS};
pub use gesture::Gestures;
pub use hit::agent_at;
pub use view::{Bounds, StageView};

use raster::Pixmap;
use sprites::{angle_step, size_step, Look, SpriteKey, Sprites};
use wasm_bindgen::Clamped;
use web_sys::{CanvasRenderingContext2d, Document, ImageData};

/// Agents drawn smaller than this many pixels are skipped.
const MIN_PIXELS: f64 = 0.5;
/// A glow halo's size relative to its agent.
const HALO_SCALE: f64 = 1.9;

/// Draws frames; holds the costume table, the sprite cache and reusable buffers.
pub struct Renderer {
    costumes: Costumes,
    sprites: Sprites,
    /// Indices of the agents to draw this frame, in drawing order.
    order: Vec<usize>,
    /// The stage and costumes of the frame being drawn, before widgets.
    frame: Pixmap,
    css: String,
}

impl Renderer {
    /// A renderer with the built-in costumes, making its sprites in `document`.
    pub fn new(document: Document) -> Renderer {
        Renderer {
            costumes: Costumes::new(),
            sprites: Sprites::new(document),
            order: Vec::new(),
            frame: Pixmap::default(),
            css: String::new(),
        }
    }

    /// The costumes, for hit-testing and sizes.
    pub fn costumes(&self) -> &Costumes {
        &self.costumes
    }

    /// The costumes, for resolving new names to ids.
    pub fn costumes_mut(&mut self) -> &mut Costumes {
        &mut self.costumes
    }

    /// Paints one frame of `agents` as seen through `view`: the stage and every costume go
    /// into the frame buffer, which reaches the canvas in one `putImageData`; the stage edge
    /// and the widgets are then drawn on top with the canvas's own 2D calls.
    pub fn draw(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        view: &StageView,
        agents: &[RenderAgent],
    ) {
        let (width, height) = (
            view.canvas.0.max(0.0) as usize,
            view.canvas.1.max(0.0) as usize,
        );
        self.frame
            .reset(width, height, widgets::surround(view.background));
        let (left, top, right, bottom) = stage_rect(view);
        self.frame
            .fill_rect(left, top, right, bottom, view.background);
        order::draw_order(view, agents, &self.costumes, &mut self.order);
        let scale = view.scale();
        for i in 0..self.order.len() {
            if let Some(agent) = self.order.get(i).and_then(|&a| agents.get(a)) {
                self.draw_agent(view, scale, agent);
            }
        }
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.set_global_alpha(1.0);
        if let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(
            Clamped(self.frame.bytes()),
            width as u32,
            height as u32,
        ) {
            let _ = ctx.put_image_data(&image, 0.0, 0.0);
        }
        ctx.set_line_width(2.0);
        ctx.set_stroke_style_str("#ffffff40");
        // The edge sits just outside the stage, so a fitted stage fills the canvas.
        ctx.stroke_rect(
            left as f64 - 1.0,
            top as f64 - 1.0,
            (right - left) as f64 + 2.0,
            (bottom - top) as f64 + 2.0,
        );
        widgets::begin(ctx);
        for i in 0..self.order.len() {
            if let Some(agent) = self.order.get(i).and_then(|&a| agents.get(a)) {
                self.draw_widgets(ctx, view, scale, agent);
            }
        }
    }

    fn draw_agent(&mut self, view: &StageView, scale: f64, agent: &RenderAgent) {
        let costume = self.costumes.get(agent.costume);
        let pixels = costume.size * agent.scale.abs() * scale;
        if pixels < MIN_PIXELS {
            return;
        }
        let look = match costume.art {
            Some(art) => Look::Art(art, agent.frame % art.spec().frames.len().max(1) as u16),
            None => Look::Disc,
        };
        let colour = agent.color.unwrap_or(costume.tint).bucket();
        let (cx, cy) = view.world_to_canvas(agent.x, agent.y);
        let alpha = (agent.alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
        if let Some(glow) = agent.glow {
            let size = size_step(pixels * HALO_SCALE);
            let halo = SpriteKey {
                look: Look::Halo,
                colour: glow.bucket(),
                size,
                angle: 0,
                flip_x: false,
                flip_y: false,
            };
            self.blit(halo, cx, cy, alpha);
        }
        let key = SpriteKey {
            look,
            colour,
            size: size_step(pixels),
            angle: angle_step(agent.rotation_deg),
            flip_x: agent.flip_x,
            flip_y: agent.flip_y,
        };
        self.blit(key, cx, cy, alpha);
    }

    /// Blends the sprite for `key` into the frame, centred on canvas pixel `(cx, cy)`.
    fn blit(&mut self, key: SpriteKey, cx: f64, cy: f64, alpha: u8) {
        if let Some(sprite) = self.sprites.get(key) {
            let x = (cx - sprite.width() as f64 / 2.0).round() as i64;
            let y = (cy - sprite.height() as f64 / 2.0).round() as i64;
            self.frame.blit(sprite, x, y, alpha);
        }
    }

    fn draw_widgets(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        view: &StageView,
        scale: f64,
        agent: &RenderAgent,
    ) {
        let costume = self.costumes.get(agent.costume);
        let fallback = costume.art.is_none();
        if !(fallback || agent.selected || agent.hovered)
            && agent.label.is_none()
            && agent.meter.is_none()
            && agent.graph.is_none()
        {
            return;
        }
        let (cx, cy) = view.world_to_canvas(agent.x, agent.y);
        let r = costume.size * agent.scale.abs() * scale / 2.0;
        if agent.selected || agent.hovered {
            widgets::outline(ctx, cx, cy, r, agent.selected, agent.hovered);
        }
        let mut text_top = cy + r + 2.0;
        if fallback {
            widgets::label(ctx, &costume.label, cx, text_top);
            text_top += widgets::LABEL_HEIGHT;
        }
        if let Some(text) = &agent.label {
            widgets::label(ctx, text, cx, text_top);
        }
        if let Some(meter) = &agent.meter {
            widgets::meter(ctx, meter, &mut self.css, cx, cy, r);
        }
        if let Some(graph) = &agent.graph {
            widgets::graph(ctx, graph, &mut self.css, cx, cy, r);
        }
    }
}

/// The stage's bounds on the canvas as whole pixels `(left, top, right, bottom)`.
fn stage_rect(view: &StageView) -> (i64, i64, i64, i64) {
    let b = view.bounds;
    let (left, top) = view.world_to_canvas(b.left, b.top);
    let (right, bottom) = view.world_to_canvas(b.right, b.bottom);
    (
        left.round() as i64,
        top.round() as i64,
        right.round() as i64,
        bottom.round() as i64,
    )
}

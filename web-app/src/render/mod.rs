//! The stage renderer: draws a slice of [`RenderAgent`]s onto a 2D canvas, with no DOM node
//! per agent. Plain Rust over web-sys; the component only calls [`Renderer::draw`] from its
//! animation frame and maps pointer events through [`StageView`] and [`agent_at`].
//!
//! A frame paints the surround and the stage, then the agents in `z_index` order (stable), each
//! a blit of a pre-rasterised sprite, then the widgets (rings, labels, meters, charts) on top.

mod agent;
mod color;
mod costume;
mod hit;
mod sprites;
mod view;
mod widgets;

pub use agent::{Graph, GraphKind, Meter, RenderAgent};
pub use color::Rgb;
pub use costume::{Art, Costumes, ARTS};
pub use hit::agent_at;
pub use view::{Bounds, StageView};

use sprites::{bucket_for, Look, SpriteKey, Sprites};
use web_sys::{CanvasRenderingContext2d, Document};

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
    css: String,
    /// The canvas transform is the identity (no rotated blit since it was last reset).
    identity: bool,
    alpha: f64,
}

impl Renderer {
    /// A renderer with the built-in costumes, making its sprites in `document`.
    pub fn new(document: Document) -> Renderer {
        Renderer {
            costumes: Costumes::new(),
            sprites: Sprites::new(document),
            order: Vec::new(),
            css: String::new(),
            identity: true,
            alpha: 1.0,
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

    /// Paints one frame of `agents` as seen through `view`.
    pub fn draw(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        view: &StageView,
        agents: &[RenderAgent],
    ) {
        self.reset_state(ctx);
        self.draw_stage(ctx, view);
        self.sort_visible(view, agents);
        let scale = view.scale();
        for i in 0..self.order.len() {
            if let Some(agent) = self.order.get(i).and_then(|&a| agents.get(a)) {
                self.draw_agent(ctx, view, scale, agent);
            }
        }
        self.reset_state(ctx);
        widgets::begin(ctx);
        for i in 0..self.order.len() {
            if let Some(agent) = self.order.get(i).and_then(|&a| agents.get(a)) {
                self.draw_widgets(ctx, view, scale, agent);
            }
        }
    }

    fn reset_state(&mut self, ctx: &CanvasRenderingContext2d) {
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.set_global_alpha(1.0);
        self.identity = true;
        self.alpha = 1.0;
    }

    /// The surround, the stage rectangle in its background colour, and its edge.
    fn draw_stage(&mut self, ctx: &CanvasRenderingContext2d, view: &StageView) {
        widgets::surround(view.background).write_css(&mut self.css);
        ctx.set_fill_style_str(&self.css);
        ctx.fill_rect(0.0, 0.0, view.canvas.0, view.canvas.1);
        let b = view.bounds;
        let (left, top) = view.world_to_canvas(b.left, b.top);
        let (right, bottom) = view.world_to_canvas(b.right, b.bottom);
        view.background.write_css(&mut self.css);
        ctx.set_fill_style_str(&self.css);
        ctx.fill_rect(left, top, right - left, bottom - top);
        ctx.set_line_width(2.0);
        ctx.set_stroke_style_str("#ffffff40");
        ctx.stroke_rect(left, top, right - left, bottom - top);
    }

    /// Fills `order` with the drawn agents that reach into the view, stably by `z_index`.
    fn sort_visible(&mut self, view: &StageView, agents: &[RenderAgent]) {
        let (left, right, bottom, top) = view.visible_world();
        self.order.clear();
        for (i, agent) in agents.iter().enumerate() {
            // Widgets stick out beside an agent, so cull with a generous margin.
            let reach = hit::half_size(agent, &self.costumes) * 2.0;
            let inside = agent.x + reach >= left
                && agent.x - reach <= right
                && agent.y + reach >= bottom
                && agent.y - reach <= top;
            if inside && agent.is_drawn() {
                self.order.push(i);
            }
        }
        self.order
            .sort_by_key(|&i| agents.get(i).map_or(0, |a| a.z_index));
    }

    fn draw_agent(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        view: &StageView,
        scale: f64,
        agent: &RenderAgent,
    ) {
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
        self.set_alpha(ctx, agent.alpha.clamp(0.0, 1.0));
        if let Some(glow) = agent.glow {
            let halo = pixels * HALO_SCALE;
            let key = SpriteKey {
                look: Look::Halo,
                colour: glow.bucket(),
                bucket: bucket_for(halo),
            };
            self.blit(ctx, key, cx, cy, halo, None);
        }
        let turn = (agent.rotation_deg != 0.0 || agent.flip_x || agent.flip_y).then_some(agent);
        self.blit(
            ctx,
            SpriteKey {
                look,
                colour,
                bucket: bucket_for(pixels),
            },
            cx,
            cy,
            pixels,
            turn,
        );
    }

    fn set_alpha(&mut self, ctx: &CanvasRenderingContext2d, alpha: f64) {
        if alpha != self.alpha {
            ctx.set_global_alpha(alpha);
            self.alpha = alpha;
        }
    }

    /// Draws a sprite `size` pixels square centred on `(cx, cy)`; with `turn`, rotated and
    /// flipped as that agent is, through one `setTransform`.
    fn blit(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        key: SpriteKey,
        cx: f64,
        cy: f64,
        size: f64,
        turn: Option<&RenderAgent>,
    ) {
        let Some(sprite) = self.sprites.get(key) else {
            return;
        };
        let half = size / 2.0;
        match turn {
            None => {
                if !self.identity {
                    let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
                    self.identity = true;
                }
                let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
                    sprite,
                    cx - half,
                    cy - half,
                    size,
                    size,
                );
            }
            Some(agent) => {
                // World angles turn counter-clockwise with y up; the canvas has y down.
                let (sin, cos) = (-agent.rotation_deg.to_radians()).sin_cos();
                let fx = if agent.flip_x { -1.0 } else { 1.0 };
                let fy = if agent.flip_y { -1.0 } else { 1.0 };
                let _ = ctx.set_transform(fx * cos, fx * sin, -fy * sin, fy * cos, cx, cy);
                self.identity = false;
                let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
                    sprite, -half, -half, size, size,
                );
            }
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
            widgets::outline(ctx, cx, cy, r, agent.selected);
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

//! The stage renderer: draws a slice of [`RenderAgent`]s onto a 2D canvas, with no DOM node
//! per agent. Plain Rust over web-sys; the component only calls [`Renderer::draw`] from its
//! animation frame and maps pointer events through [`StageView`] and [`agent_at`].
//!
//! A frame paints the surround and the stage, then the agents in `z_index` order (stable), each
//! a blend of a pre-rasterised sprite into a software frame buffer ([`raster`]) that reaches the
//! canvas in one call with the meters and the labels ([`glyphs`]), then the rings, charts
//! and labels the glyphs cannot draw on top with canvas 2D.
//! Agents wholly hidden behind opaque agents in front of them are not blended ([`occlusion`]),
//! and a label that would cover one nearer the front is left out ([`room`]).

mod agent;
mod color;
mod costume;
mod gesture;
mod glyphs;
mod gpu;
mod hit;
mod occlusion;
mod order;
mod raster;
mod room;
mod scratch;
mod sprites;
mod surface;
mod tiles;
mod view;
mod widgets;

pub use agent::{Graph, GraphKind, Meter, RenderAgent, Status};
pub use color::Rgb;
pub use costume::{Art, Costumes, ARTS};
pub use gesture::Gestures;
pub use hit::agent_at;
pub use view::{Bounds, StageView};

use glyphs::Glyphs;
use occlusion::Coverage;
use raster::Pixmap;
use room::LabelRoom;
use sim_core::CostumeAsset;
use sprites::{angle_step, size_step, stretch_step, Look, SpriteId, SpriteKey, Sprites};
use surface::Surface;
use wasm_bindgen::Clamped;
use web_sys::{CanvasRenderingContext2d, Document, ImageData, WebGl2RenderingContext};

/// Agents drawn smaller than this many pixels are skipped.
const MIN_PIXELS: f64 = 0.5;
/// A glow halo's size relative to its agent.
const HALO_SCALE: f64 = 1.9;

/// One sprite placed on the frame: which, its top-left corner in canvas pixels.
#[derive(Debug, Clone, Copy)]
struct Blit {
    sprite: SpriteId,
    x: i64,
    y: i64,
}

/// An agent's sprites as placed this frame: its glow halo (behind) and its costume.
#[derive(Debug, Clone, Copy)]
struct Placed {
    halo: Option<Blit>,
    body: Blit,
    alpha: u8,
    /// Wholly hidden by opaque agents drawn after it.
    hidden: bool,
}

/// Draws frames; holds the costume table, the sprite cache and reusable buffers.
pub struct Renderer {
    costumes: Costumes,
    sprites: Sprites,
    /// Indices of the agents to draw this frame, in drawing order.
    order: Vec<usize>,
    /// The sprites of the agents in `order`.
    placed: Vec<Placed>,
    coverage: Coverage,
    /// The stage and costumes of the frame being drawn, before the widgets drawn with
    /// canvas 2D: in software, or by the GPU (see [`Renderer::use_gpu`]).
    frame: Surface,
    glyphs: Glyphs,
    room: LabelRoom,
    /// Per agent of `order`, where its labels go this frame, if they have room.
    spots: Vec<Spots>,
    css: String,
    /// The project's costumes changed since the last frame painted.
    costumes_changed: bool,
}

/// Where one label goes this frame: centred on `x`, its top at `y`.
#[derive(Debug, Clone, Copy)]
struct Spot {
    x: f64,
    y: f64,
    /// Its width when the glyph atlas blends it into the frame; `None` when the canvas
    /// draws it over the frame.
    atlas: Option<f64>,
}

/// An agent's labels in a frame: the name shown on a costume the app has no art for, then
/// the agent's own label (see [`label_texts`]).
type Spots = [Option<Spot>; 2];

impl Renderer {
    /// A renderer with the built-in costumes, making its sprites in `document`.
    pub fn new(document: Document) -> Renderer {
        Renderer {
            costumes: Costumes::new(),
            glyphs: Glyphs::new(document.clone()),
            room: LabelRoom::default(),
            spots: Vec::new(),
            sprites: Sprites::new(document),
            order: Vec::new(),
            placed: Vec::new(),
            coverage: Coverage::default(),
            frame: Surface::Soft(Pixmap::default()),
            css: String::new(),
            costumes_changed: false,
        }
    }

    /// Draws with the GPU through `gl` from now on: the frame on its canvas, and what
    /// [`Renderer::draw`] draws with canvas 2D on the canvas over it; its sprite atlas at most
    /// `atlas` texels a side (`None`: the usual). False (the renderer keeps drawing in
    /// software) if the context refuses the shaders or buffers.
    pub fn use_gpu(&mut self, gl: WebGl2RenderingContext, atlas: Option<i32>) -> bool {
        match gpu::GpuFrame::new(gl, atlas) {
            Some(frame) => {
                self.frame = Surface::Gpu(Box::new(frame));
                true
            }
            None => false,
        }
    }

    /// Whether the renderer draws with a GPU context the browser took away.
    pub fn gpu_lost(&self) -> bool {
        matches!(&self.frame, Surface::Gpu(g) if g.lost())
    }

    /// Draws in software from now on (the canvas gives no GPU, or the page asked not to).
    pub fn use_software(&mut self) {
        if matches!(self.frame, Surface::Gpu(_)) {
            self.frame = Surface::Soft(Pixmap::default());
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

    /// Whether the next frame may look different from the last one painted even if the
    /// agents and the view are the same: the project's costumes changed since, or the last
    /// frame drew some art as a stand-in while its image loads, or the GPU was taken away
    /// (the frame goes on in software).
    pub fn needs_paint(&self) -> bool {
        self.costumes_changed || self.sprites.drew_stand_ins() || self.gpu_lost()
    }

    /// Takes up a project's own costumes (after a load or an import); nothing is redone when
    /// they are the ones already in use.
    pub fn set_project_costumes(&mut self, assets: &[CostumeAsset]) {
        if self.sprites.imported() == assets {
            return;
        }
        self.costumes.set_project(assets);
        self.sprites.set_imported(assets);
        self.costumes_changed = true;
    }

    /// Paints one frame of `agents` as seen through `view`: the stage and every costume go
    /// into the frame (in software, a buffer that reaches `ctx`'s canvas in one
    /// `putImageData`; on the GPU, its own canvas); the stage edge and the widgets are then
    /// drawn on top with `ctx`'s 2D calls (on the GPU, `ctx` is the canvas over the GPU's).
    pub fn draw(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        view: &StageView,
        agents: &[RenderAgent],
    ) {
        self.costumes_changed = false;
        let (width, height) = (
            view.canvas.0.max(0.0) as usize,
            view.canvas.1.max(0.0) as usize,
        );
        let (left, top, right, bottom) = stage_rect(view);
        self.frame.begin(
            (width, height),
            (left, top, right, bottom),
            view.background,
            widgets::surround(view.background),
        );
        order::draw_order(view, agents, &self.costumes, &mut self.order);
        let scale = view.scale();
        self.paint_sprites(view, scale, agents, (width, height));
        for i in 0..self.order.len() {
            if let Some(agent) = self.order.get(i).and_then(|&a| agents.get(a)) {
                self.draw_bars(view, scale, agent);
            }
        }
        let labels = widgets::Labels::for_canvas(view.canvas);
        self.find_room(ctx, view, &labels, agents);
        for i in 0..self.order.len() {
            if let Some(agent) = self.order.get(i).and_then(|&a| agents.get(a)) {
                self.blend_labels(agent, i);
            }
        }
        self.present(ctx, (width, height), (left, top, right, bottom));
        widgets::begin(ctx, &labels);
        for i in 0..self.order.len() {
            if let Some(agent) = self.order.get(i).and_then(|&a| agents.get(a)) {
                self.draw_widgets(ctx, view, scale, agent, i);
            }
        }
    }

    /// Places every agent's sprite in draw order, hides those wholly covered in the frame of
    /// `width` × `height` pixels, and blits the rest (halo first) into the frame buffer.
    fn paint_sprites(
        &mut self,
        view: &StageView,
        scale: f64,
        agents: &[RenderAgent],
        (width, height): (usize, usize),
    ) {
        self.sprites.begin_frame();
        self.placed.clear();
        for i in 0..self.order.len() {
            if let Some(agent) = self.order.get(i).and_then(|&a| agents.get(a)) {
                if let Some(placed) = self.place(view, scale, agent) {
                    self.placed.push(placed);
                }
            }
        }
        self.hide_covered(width, height);
        for i in 0..self.placed.len() {
            if let Some(placed) = self.placed.get(i).copied().filter(|p| !p.hidden) {
                if let Some(halo) = placed.halo {
                    self.blit(halo, placed.alpha);
                }
                self.blit(placed.body, placed.alpha);
            }
        }
    }

    /// Shows the frame (`size` pixels): puts the frame buffer on the canvas, or has the GPU
    /// draw it and clears the canvas over it; then strokes the edge of the stage (`rect`:
    /// left, top, right, bottom pixels).
    fn present(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        (width, height): (usize, usize),
        (left, top, right, bottom): (i64, i64, i64, i64),
    ) {
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.set_global_alpha(1.0);
        match &mut self.frame {
            Surface::Soft(frame) => {
                if let Ok(image) = ImageData::new_with_u8_clamped_array_and_sh(
                    Clamped(frame.bytes()),
                    width as u32,
                    height as u32,
                ) {
                    let _ = ctx.put_image_data(&image, 0.0, 0.0);
                }
            }
            Surface::Gpu(frame) => {
                frame.finish();
                ctx.clear_rect(0.0, 0.0, width as f64, height as f64);
            }
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
    }

    /// Walks the placed agents front to back and marks those wholly behind opaque ones.
    fn hide_covered(&mut self, width: usize, height: usize) {
        self.coverage.reset(width, height);
        let (sprites, coverage) = (&mut self.sprites, &mut self.coverage);
        for placed in self.placed.iter_mut().rev() {
            let hidden = [placed.halo, Some(placed.body)]
                .into_iter()
                .flatten()
                .all(|b| {
                    sprites
                        .sprite(b.sprite)
                        .is_none_or(|s| coverage.hides_shape(s.shape(), b.x, b.y))
                });
            if hidden {
                placed.hidden = true;
            } else if placed.alpha == u8::MAX {
                if let Some(sprite) = sprites.sprite(placed.body.sprite) {
                    coverage.cover_shape(sprite.shape(), placed.body.x, placed.body.y);
                }
            }
        }
    }

    /// Where an agent's sprites go this frame; `None` when it is too small to draw or its
    /// sprite cannot be made.
    fn place(&mut self, view: &StageView, scale: f64, agent: &RenderAgent) -> Option<Placed> {
        let costume = self.costumes.get(agent.costume);
        let pixels = costume.size * agent.scale.abs() * scale;
        if pixels < MIN_PIXELS || costume.is_blank() {
            return None;
        }
        let (look, tint) = match (costume.art, costume.imported) {
            (Some(art), _) => {
                let frame = agent.frame % art.spec().frames.len().max(1) as u16;
                (Look::Art(art, frame), costume.tint_at(frame))
            }
            (None, Some((index, poses))) => (
                Look::Imported(index, agent.frame % poses.max(1)),
                costume.tint,
            ),
            (None, None) => (Look::Disc, costume.tint),
        };
        let colour = agent.color.unwrap_or(tint).bucket();
        let (cx, cy) = view.world_to_canvas(agent.x, agent.y);
        let alpha = (agent.alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
        let halo = agent.glow.and_then(|glow| {
            let key = SpriteKey {
                look: Look::Halo,
                colour: glow.bucket(),
                size: size_step(pixels * HALO_SCALE),
                stretch: stretch_step(agent.stretch),
                angle: 0,
                flip_x: false,
                flip_y: false,
            };
            self.centre(key, cx, cy)
        });
        let key = SpriteKey {
            look,
            colour,
            size: size_step(pixels),
            stretch: stretch_step(agent.stretch),
            angle: angle_step(agent.rotation_deg),
            flip_x: agent.flip_x,
            flip_y: agent.flip_y,
        };
        Some(Placed {
            halo,
            body: self.centre(key, cx, cy)?,
            alpha,
            hidden: false,
        })
    }

    /// The sprite for `key` centred on canvas pixel `(cx, cy)`.
    fn centre(&mut self, key: SpriteKey, cx: f64, cy: f64) -> Option<Blit> {
        let id = self.sprites.id(key)?;
        let sprite = self.sprites.sprite(id)?;
        let x = (cx - sprite.width() as f64 / 2.0).round() as i64;
        let y = (cy - sprite.height() as f64 / 2.0).round() as i64;
        Some(Blit { sprite: id, x, y })
    }

    /// Blends a placed sprite into the frame.
    fn blit(&mut self, blit: Blit, alpha: u8) {
        if let Some(sprite) = self.sprites.sprite(blit.sprite) {
            self.frame.blit(sprite, blit.x, blit.y, alpha);
        }
    }

    /// Where an agent's widgets go: its centre on the canvas, its drawn half-width and
    /// half-height.
    fn widget_place(
        &self,
        view: &StageView,
        scale: f64,
        agent: &RenderAgent,
    ) -> (f64, f64, f64, f64) {
        let costume = self.costumes.get(agent.costume);
        let (cx, cy) = view.world_to_canvas(agent.x, agent.y);
        let r = costume.size * agent.scale.abs() * scale / 2.0;
        let half_height = r * agent.stretch.abs().clamp(1.0 / 16.0, 16.0);
        (cx, cy, r, half_height)
    }

    /// An agent's meter and status bar, drawn into the frame over every costume.
    fn draw_bars(&mut self, view: &StageView, scale: f64, agent: &RenderAgent) {
        if agent.meter.is_none() && agent.status.is_none() {
            return;
        }
        let (cx, cy, r, half_height) = self.widget_place(view, scale, agent);
        if let Some(status) = &agent.status {
            widgets::status(&mut self.frame, status, cx, cy + half_height + 2.0, r);
        }
        if let Some(meter) = &agent.meter {
            widgets::meter(&mut self.frame, meter, cx, cy, r);
        }
    }

    /// Where an agent placed at `(cy, r, half_height)` ([`Renderer::widget_place`]) has its
    /// labels: the top of the name of a costume the app has no art for (when it has one) and
    /// of its own label, below the agent and its status bar.
    fn label_tops(
        &self,
        labels: &widgets::Labels,
        agent: &RenderAgent,
        (cy, r, half_height): (f64, f64, f64),
    ) -> (Option<f64>, f64) {
        let mut top = cy + half_height + 2.0;
        if let Some(status) = &agent.status {
            top += widgets::status_space(status, r);
        }
        if self.costumes.get(agent.costume).is_fallback() {
            (Some(top), top + labels.line)
        } else {
            (None, top)
        }
    }

    /// Where the labels of the agents in `order` go this frame (`spots`): the selected and
    /// hovered agents' first, then front to back, each where no label placed before it is.
    fn find_room(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        view: &StageView,
        labels: &widgets::Labels,
        agents: &[RenderAgent],
    ) {
        self.room.reset(
            view.canvas.0.max(0.0) as usize,
            view.canvas.1.max(0.0) as usize,
        );
        self.spots.clear();
        self.spots.resize(self.order.len(), [None, None]);
        // The canvas measures the labels the atlas does not hold.
        ctx.set_font(&widgets::label_font(labels.font_px()));
        let scale = view.scale();
        for picked in [true, false] {
            for i in (0..self.order.len()).rev() {
                let Some(agent) = self.order.get(i).and_then(|&a| agents.get(a)) else {
                    continue;
                };
                if (agent.selected || agent.hovered) == picked {
                    let spots = self.place_labels(ctx, view, scale, labels, agent);
                    if let Some(slot) = self.spots.get_mut(i) {
                        *slot = spots;
                    }
                }
            }
        }
    }

    /// Where an agent's labels go, each only if it has room.
    fn place_labels(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        view: &StageView,
        scale: f64,
        labels: &widgets::Labels,
        agent: &RenderAgent,
    ) -> Spots {
        let mut spots = [None, None];
        let texts = label_texts(&self.costumes, agent);
        if texts == [None, None] {
            return spots;
        }
        let (cx, cy, r, half_height) = self.widget_place(view, scale, agent);
        let (fallback_top, label_top) = self.label_tops(labels, agent, (cy, r, half_height));
        for ((spot, text), top) in spots
            .iter_mut()
            .zip(texts)
            .zip([fallback_top, Some(label_top)])
        {
            let (Some(text), Some(top)) = (text, top) else {
                continue;
            };
            let atlas = self.glyphs.width(labels.font_px(), text);
            let width = atlas
                .or_else(|| ctx.measure_text(text).ok().map(|m| m.width()))
                .unwrap_or(0.0);
            let (x, y) = labels.place(width, cx, top);
            if self
                .room
                .claim((x - width / 2.0, y, x + width / 2.0, y + labels.line))
            {
                *spot = Some(Spot { x, y, atlas });
            }
        }
        spots
    }

    /// The labels of the agent `order[i]` that the glyph atlas draws, blended into the frame
    /// over every costume and meter.
    fn blend_labels(&mut self, agent: &RenderAgent, i: usize) {
        let spots = self.spots.get(i).copied().unwrap_or_default();
        for (spot, text) in spots.into_iter().zip(label_texts(&self.costumes, agent)) {
            if let (
                Some(Spot {
                    x,
                    y,
                    atlas: Some(width),
                }),
                Some(text),
            ) = (spot, text)
            {
                self.glyphs.draw(&mut self.frame, text, width, (x, y));
            }
        }
    }

    /// The rings and chart of the agent `order[i]`, and those of its labels with room that
    /// the glyph atlas does not draw, drawn on the canvas over the frame.
    fn draw_widgets(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        view: &StageView,
        scale: f64,
        agent: &RenderAgent,
        i: usize,
    ) {
        let spots = self.spots.get(i).copied().unwrap_or_default();
        let on_canvas = |spot: &Option<Spot>| spot.is_some_and(|s| s.atlas.is_none());
        if !(agent.selected
            || agent.hovered
            || agent.graph.is_some()
            || spots.iter().any(on_canvas))
        {
            return;
        }
        let (cx, cy, r, half_height) = self.widget_place(view, scale, agent);
        if agent.selected || agent.hovered {
            widgets::outline(
                ctx,
                cx,
                cy,
                r.max(half_height),
                agent.selected,
                agent.hovered,
            );
        }
        for (spot, text) in spots.iter().zip(label_texts(&self.costumes, agent)) {
            if let (Some(spot), Some(text)) = (spot.filter(|s| s.atlas.is_none()), text) {
                widgets::label(ctx, text, (spot.x, spot.y));
            }
        }
        if let Some(graph) = &agent.graph {
            widgets::graph(ctx, graph, &mut self.css, cx, cy, r);
        }
    }
}

/// The texts of an agent's labels, as in [`Spots`].
fn label_texts<'a>(costumes: &'a Costumes, agent: &'a RenderAgent) -> [Option<&'a str>; 2] {
    let costume = costumes.get(agent.costume);
    [
        costume.is_fallback().then_some(costume.label.as_str()),
        agent.label.as_deref(),
    ]
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

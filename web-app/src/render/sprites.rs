//! Pre-rasterised costume images. Each (look, colour, pixel size, turn) is drawn once by the
//! browser into an off-DOM canvas, read back as a [`Pixmap`] and kept; every frame then only
//! blends those pixmaps into the frame buffer. Sizes and angles are quantised so a few hundred
//! sprites serve thousands of agents. Costume SVGs load asynchronously; until one has loaded
//! its agents get a plain disc of their colour.

use super::color::Rgb;
use super::costume::Art;
use super::raster::Pixmap;
use super::scratch::Scratch;
use sim_core::CostumeAsset;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::f64::consts::TAU;
use std::fmt::Write;
use std::hash::{BuildHasherDefault, Hasher};
use web_sys::{CanvasRenderingContext2d, Document, HtmlImageElement};

/// What a sprite shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Look {
    /// A frame of built-in art.
    Art(Art, u16),
    /// A pose of the project's own costume at that index.
    Imported(u16, u16),
    /// A disc with an outline: the fallback shape, and the stand-in while art loads.
    Disc,
    /// A soft radial halo, drawn behind glowing agents.
    Halo,
}

/// One cache entry's identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpriteKey {
    /// What is drawn.
    pub look: Look,
    /// The tint, as an [`Rgb::bucket`].
    pub colour: u16,
    /// Width and height of the unturned costume, pixels, from [`size_step`].
    pub size: u16,
    /// Height over width in sixteenths (16: the art's own shape), from [`stretch_step`].
    pub stretch: u16,
    /// Turn, in [`ANGLE_STEPS`]ths of a full turn clockwise on the canvas, from [`angle_step`].
    pub angle: u8,
    /// Mirrored left-right.
    pub flip_x: bool,
    /// Mirrored top-bottom.
    pub flip_y: bool,
}

/// How many angles a turning costume is drawn at (every 5.6°).
pub const ANGLE_STEPS: u8 = 64;
/// The largest sprite side, pixels; bigger agents are drawn at this size.
const MAX_SIZE: f64 = 1024.0;
/// Beyond this many bytes of sprites the cache starts afresh, bounding memory when zoom,
/// colours or sizes vary a lot.
const MAX_BYTES: usize = 48 << 20;

/// The pixel size a sprite is made at for an agent drawn `pixels` wide: exact up to 32
/// pixels, then in steps of 1/16 of the power of two below (so sizes are at most ~3% off),
/// within 1..=1024.
pub fn size_step(pixels: f64) -> u16 {
    let px = if pixels.is_finite() {
        pixels.clamp(1.0, MAX_SIZE)
    } else {
        1.0
    };
    let step = (px.log2().floor() - 4.0).exp2().max(1.0);
    ((px / step).round() * step).clamp(1.0, MAX_SIZE) as u16
}

/// The sixteenths of a height-over-width `ratio` a sprite is made at, within 1/16..16.
pub fn stretch_step(ratio: f64) -> u16 {
    let ratio = if ratio.is_finite() { ratio.abs() } else { 1.0 };
    (ratio * 16.0).round().clamp(1.0, 256.0) as u16
}

/// The quantised canvas turn for a world rotation of `degrees` counter-clockwise.
pub fn angle_step(degrees: f64) -> u8 {
    if !degrees.is_finite() {
        return 0;
    }
    let turns = (-degrees / 360.0).rem_euclid(1.0);
    ((turns * f64::from(ANGLE_STEPS)).round() as u32 % u32::from(ANGLE_STEPS)) as u8
}

/// A hasher for small keys: one rotate, xor and multiply per word, much cheaper than the
/// default SipHash for the ten thousand sprite lookups of a frame. Keys are ours, not
/// user-chosen, so resistance to crafted collisions is not needed.
#[derive(Default)]
struct KeyHasher(u64);

impl KeyHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.add(u64::from(b)));
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn write_isize(&mut self, n: isize) {
        self.add(n as u64);
    }
}

/// A sprite made in this frame or earlier ones, as [`Sprites::sprite`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpriteId(u32);

/// Costume images and the sprites made from them.
pub struct Sprites {
    images: HashMap<(Art, u16), HtmlImageElement>,
    /// The project's own costumes, and each one's image once asked for.
    imported: Vec<CostumeAsset>,
    imported_images: Vec<Option<HtmlImageElement>>,
    /// Where each made sprite is in `made`: a frame looks a sprite up by its key once, when
    /// placing the agent, and by its [`SpriteId`] after.
    cache: HashMap<SpriteKey, SpriteId, BuildHasherDefault<KeyHasher>>,
    made: Vec<Pixmap>,
    bytes: usize,
    /// The canvas sprites are drawn in, reused.
    scratch: Scratch,
    css: String,
    /// Some art of this frame was drawn as its stand-in disc, its image not loaded yet.
    stand_ins: bool,
}

impl Sprites {
    /// An empty cache making its canvases and images in `document`.
    pub fn new(document: Document) -> Sprites {
        Sprites {
            images: HashMap::new(),
            imported: Vec::new(),
            imported_images: Vec::new(),
            cache: HashMap::default(),
            made: Vec::new(),
            bytes: 0,
            scratch: Scratch::new(document),
            css: String::new(),
            stand_ins: false,
        }
    }

    /// The project costumes in use.
    pub fn imported(&self) -> &[CostumeAsset] {
        &self.imported
    }

    /// Uses `assets` as the project's own costumes from now on; sprites made from the old
    /// ones are dropped, as their indices may now mean other costumes.
    pub fn set_imported(&mut self, assets: &[CostumeAsset]) {
        self.imported = assets.to_vec();
        self.imported_images = vec![None; assets.len()];
        self.forget();
    }

    /// Drops every sprite made, when they fill more than [`MAX_BYTES`]: called before a
    /// frame places its agents, so no id handed out in a frame goes stale within it.
    pub fn begin_frame(&mut self) {
        if self.bytes > MAX_BYTES {
            self.forget();
        }
        self.stand_ins = false;
    }

    /// Whether the last frame drew some art as a stand-in: the next one may show the art.
    pub fn drew_stand_ins(&self) -> bool {
        self.stand_ins
    }

    fn forget(&mut self) {
        self.cache.clear();
        self.made.clear();
        self.bytes = 0;
    }

    /// A sprite by the id [`Sprites::id`] gave in this frame.
    pub fn sprite(&self, id: SpriteId) -> Option<&Pixmap> {
        self.made.get(id.0 as usize)
    }

    /// The id of the sprite for `key`, made now if needed. Art whose image has not loaded yet
    /// gives the disc of the same colour and size instead (not cached under the art's key, so
    /// the art appears once loaded). `None` only if the browser refuses a canvas.
    pub fn id(&mut self, key: SpriteKey) -> Option<SpriteId> {
        if let Some(&id) = self.cache.get(&key) {
            return Some(id);
        }
        let loading = match key.look {
            Look::Art(art, frame) => !self.image_ready(art, frame),
            Look::Imported(index, _) => !self.imported_ready(index),
            _ => false,
        };
        self.stand_ins |= loading;
        let key = if loading { disc_for(key) } else { key };
        if let Some(&id) = self.cache.get(&key) {
            return Some(id);
        }
        let sprite = self.rasterise(key)?;
        let id = SpriteId(u32::try_from(self.made.len()).ok()?);
        self.bytes += sprite.byte_len();
        self.made.push(sprite);
        self.cache.insert(key, id);
        Some(id)
    }

    /// Whether the image of an art frame has loaded, starting its download on first ask.
    fn image_ready(&mut self, art: Art, frame: u16) -> bool {
        let image = match self.images.entry((art, frame)) {
            Entry::Occupied(entry) => entry.into_mut(),
            Entry::Vacant(entry) => {
                let Some(url) = art.spec().frames.get(usize::from(frame)) else {
                    return false;
                };
                let Ok(image) = HtmlImageElement::new() else {
                    return false;
                };
                image.set_src(url);
                entry.insert(image)
            }
        };
        image.complete() && image.natural_width() > 0
    }

    /// Whether the image of a project costume has loaded, starting its decoding on first ask.
    fn imported_ready(&mut self, index: u16) -> bool {
        let index = usize::from(index);
        let (Some(slot), Some(asset)) = (
            self.imported_images.get_mut(index),
            self.imported.get(index),
        ) else {
            return false;
        };
        if slot.is_none() {
            let Ok(image) = HtmlImageElement::new() else {
                return false;
            };
            image.set_src(&asset.data_url());
            *slot = Some(image);
        }
        slot.as_ref()
            .is_some_and(|image| image.complete() && image.natural_width() > 0)
    }

    /// Draws the sprite for `key` and reads it back.
    fn rasterise(&mut self, key: SpriteKey) -> Option<Pixmap> {
        let size = f64::from(key.size);
        let stretch = f64::from(key.stretch) / 16.0;
        let turn = f64::from(key.angle) / f64::from(ANGLE_STEPS) * TAU;
        // The side of the square that holds the costume, stretched, at any turn.
        let side = (size * stretch.max(1.0) * (turn.cos().abs() + turn.sin().abs()))
            .ceil()
            .clamp(1.0, 2.0 * MAX_SIZE);
        let ctx = self.scratch.sized(side as u32, side as u32)?;
        let fx = if key.flip_x { -1.0 } else { 1.0 };
        let fy = if key.flip_y { -1.0 } else { 1.0 };
        let (sin, cos) = turn.sin_cos();
        let _ = ctx.set_transform(
            fx * cos,
            fx * sin,
            -fy * sin,
            fy * cos,
            side / 2.0,
            side / 2.0,
        );
        // Stretched in the costume's own up-down, before it turns.
        let _ = ctx.scale(1.0, stretch);
        let colour = Rgb::from_bucket(key.colour);
        match key.look {
            Look::Art(art, frame) => {
                if let Some(image) = self.images.get(&(art, frame)).cloned() {
                    let h = size / 2.0;
                    let rect = Placement::Whole {
                        x: -h,
                        y: -h,
                        w: size,
                        h: size,
                    };
                    self.paint_image(&ctx, &image, rect, colour, size);
                }
            }
            Look::Imported(index, pose) => self.paint_imported(&ctx, index, pose, colour, size),
            Look::Disc => self.paint_disc(&ctx, colour, size),
            Look::Halo => self.paint_halo(&ctx, colour, size),
        }
        let side_px = side as usize;
        let data = ctx.get_image_data(0.0, 0.0, side, side).ok()?.data().0;
        Pixmap::from_straight_rgba(side_px, side_px, data)
    }

    /// A pose of a project costume, fitted into the `size` square keeping its proportions.
    fn paint_imported(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        index: u16,
        pose: u16,
        colour: Rgb,
        size: f64,
    ) {
        let index = usize::from(index);
        let (Some(asset), Some(Some(image))) =
            (self.imported.get(index), self.imported_images.get(index))
        else {
            return;
        };
        let image = image.clone();
        let frame = asset.frame(pose);
        // A drawing's own size may differ from the size it declares (an SVG with only a
        // viewBox): the frame is scaled to the image as the browser decoded it.
        let sx = f64::from(image.natural_width()) / f64::from(asset.width.max(1));
        let sy = f64::from(image.natural_height()) / f64::from(asset.height.max(1));
        let (w, h) = (f64::from(frame.w), f64::from(frame.h));
        let fit = size / w.max(h).max(1.0);
        let rect = Placement::Part {
            source: (
                f64::from(frame.x) * sx,
                f64::from(frame.y) * sy,
                w * sx,
                h * sy,
            ),
            x: -w * fit / 2.0,
            y: -h * fit / 2.0,
            w: w * fit,
            h: h * fit,
        };
        self.paint_image(ctx, &image, rect, colour, size);
    }

    /// An image, multiplied by the tint and clipped back to the image's own shape: white
    /// areas take the tint, shading and outlines stay darker. White leaves it as drawn.
    fn paint_image(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        image: &HtmlImageElement,
        rect: Placement,
        colour: Rgb,
        size: f64,
    ) {
        rect.draw(ctx, image);
        if colour == Rgb::WHITE {
            return;
        }
        colour.write_css(&mut self.css);
        let _ = ctx.set_global_composite_operation("multiply");
        ctx.set_fill_style_str(&self.css);
        ctx.fill_rect(-size, -size, 2.0 * size, 2.0 * size);
        let _ = ctx.set_global_composite_operation("destination-in");
        rect.draw(ctx, image);
        let _ = ctx.set_global_composite_operation("source-over");
    }

    fn paint_disc(&mut self, ctx: &CanvasRenderingContext2d, colour: Rgb, size: f64) {
        let line = (size / 20.0).max(1.0);
        ctx.begin_path();
        let _ = ctx.arc(0.0, 0.0, (size / 2.0 - line).max(0.5), 0.0, TAU);
        colour.write_css(&mut self.css);
        ctx.set_fill_style_str(&self.css);
        ctx.fill();
        ctx.set_line_width(line);
        ctx.set_stroke_style_str("#2b2b2b");
        ctx.stroke();
    }

    fn paint_halo(&mut self, ctx: &CanvasRenderingContext2d, colour: Rgb, size: f64) {
        let r = size / 2.0;
        let Ok(gradient) = ctx.create_radial_gradient(0.0, 0.0, 0.0, 0.0, 0.0, r) else {
            return;
        };
        for (offset, alpha) in [(0.0, 0.9), (0.45, 0.6), (1.0, 0.0)] {
            self.css.clear();
            // Writing into a String cannot fail.
            let _ = write!(
                self.css,
                "rgba({},{},{},{alpha})",
                colour.r, colour.g, colour.b
            );
            let _ = gradient.add_color_stop(offset, &self.css);
        }
        ctx.set_fill_style_canvas_gradient(&gradient);
        ctx.fill_rect(-r, -r, size, size);
    }
}

/// The disc standing in for a costume whose image has not loaded yet.
fn disc_for(key: SpriteKey) -> SpriteKey {
    SpriteKey {
        look: Look::Disc,
        angle: 0,
        flip_x: false,
        flip_y: false,
        ..key
    }
}

/// Where on the scratch canvas an image goes: whole, or one rectangle (`source`, in image
/// pixels: x, y, width, height) of it.
#[derive(Debug, Clone, Copy)]
enum Placement {
    Whole {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
    },
    Part {
        source: (f64, f64, f64, f64),
        x: f64,
        y: f64,
        w: f64,
        h: f64,
    },
}

impl Placement {
    fn draw(self, ctx: &CanvasRenderingContext2d, image: &HtmlImageElement) {
        // Drawing fails only for an image that is not decoded, which callers check first.
        let _ = match self {
            Placement::Whole { x, y, w, h } => {
                ctx.draw_image_with_html_image_element_and_dw_and_dh(image, x, y, w, h)
            }
            Placement::Part {
                source: (sx, sy, sw, sh),
                x,
                y,
                w,
                h,
            } => ctx.draw_image_with_html_image_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
                image, sx, sy, sw, sh, x, y, w, h,
            ),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_sizes_are_exact_and_large_ones_close() {
        assert_eq!(size_step(7.4), 7);
        assert_eq!(size_step(31.0), 31);
        assert_eq!(size_step(33.0), 34);
        assert_eq!(size_step(100.0), 100);
        assert_eq!(size_step(101.0), 100);
        for px in [40.0, 77.7, 300.0, 999.0] {
            let made = f64::from(size_step(px));
            assert!((made - px).abs() / px <= 0.035, "{px} made as {made}");
        }
    }

    #[test]
    fn sizes_stay_within_limits() {
        assert_eq!(size_step(0.2), 1);
        assert_eq!(size_step(-3.0), 1);
        assert_eq!(size_step(f64::NAN), 1);
        assert_eq!(size_step(1e12), 1024);
    }

    #[test]
    fn stretches_are_sixteenths_within_limits() {
        assert_eq!(stretch_step(1.0), 16);
        assert_eq!(stretch_step(2.5), 40);
        assert_eq!(
            stretch_step(-2.5),
            40,
            "a mirrored stretch is a flip, not a squash"
        );
        assert_eq!(stretch_step(0.0), 1);
        assert_eq!(stretch_step(1e9), 256);
        assert_eq!(stretch_step(f64::NAN), 16);
    }

    #[test]
    fn angles_turn_clockwise_on_the_canvas_and_wrap() {
        assert_eq!(angle_step(0.0), 0);
        assert_eq!(
            angle_step(-90.0),
            16,
            "a clockwise world turn is a quarter of 64 steps"
        );
        assert_eq!(angle_step(90.0), 48);
        assert_eq!(angle_step(360.0), 0);
        assert_eq!(angle_step(-2.0), 0, "2° rounds to no turn");
        assert_eq!(angle_step(-3.0), 1);
        assert_eq!(angle_step(f64::NAN), 0);
        assert!(angle_step(1e300) < ANGLE_STEPS);
    }
}

//! Pre-rasterised costume images. Each (look, colour, size bucket) is drawn once into an
//! off-DOM canvas; every frame then only blits those canvases, which is what keeps thousands
//! of agents cheap. Costume SVGs load asynchronously; until one has loaded its agents get a
//! plain disc of their colour.

use super::color::Rgb;
use super::costume::Art;
use std::collections::HashMap;
use std::fmt::Write;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement, HtmlImageElement};

/// What a sprite shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Look {
    /// A frame of built-in art.
    Art(Art, u16),
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
    /// The sprite is `1 << bucket` pixels square.
    pub bucket: u8,
}

/// The smallest and largest sprite sizes, as powers of two (8 to 512 pixels).
const BUCKETS: (u8, u8) = (3, 9);
/// Beyond this many sprites the cache starts afresh, bounding memory when colours vary a lot.
const MAX_SPRITES: usize = 4096;

/// The size bucket for an agent drawn `pixels` wide: the smallest power of two at least that
/// big, within 8..512, so a sprite is only ever scaled down (or up past 512).
pub fn bucket_for(pixels: f64) -> u8 {
    let exponent = if pixels.is_finite() && pixels > 1.0 {
        pixels.log2().ceil()
    } else {
        0.0
    };
    (exponent as u8).clamp(BUCKETS.0, BUCKETS.1)
}

/// Costume images and the sprites made from them.
pub struct Sprites {
    document: Document,
    images: HashMap<(Art, u16), HtmlImageElement>,
    cache: HashMap<SpriteKey, HtmlCanvasElement>,
    css: String,
}

impl Sprites {
    /// An empty cache making its canvases and images in `document`.
    pub fn new(document: Document) -> Sprites {
        Sprites {
            document,
            images: HashMap::new(),
            cache: HashMap::new(),
            css: String::new(),
        }
    }

    /// The sprite for `key`, made now if needed. Art whose image has not loaded yet gives the
    /// disc of the same colour and size instead (not cached under the art's key, so the art
    /// appears once loaded). `None` only if the browser refuses a canvas.
    pub fn get(&mut self, key: SpriteKey) -> Option<&HtmlCanvasElement> {
        if !self.cache.contains_key(&key) {
            let key = match key.look {
                Look::Art(art, frame) if !self.image_ready(art, frame) => SpriteKey {
                    look: Look::Disc,
                    ..key
                },
                _ => key,
            };
            if !self.cache.contains_key(&key) {
                let sprite = self.rasterise(key)?;
                if self.cache.len() >= MAX_SPRITES {
                    self.cache.clear();
                }
                self.cache.insert(key, sprite);
            }
            return self.cache.get(&key);
        }
        self.cache.get(&key)
    }

    /// Whether the image of an art frame has loaded, starting its download on first ask.
    fn image_ready(&mut self, art: Art, frame: u16) -> bool {
        if !self.images.contains_key(&(art, frame)) {
            let Some(url) = art.spec().frames.get(usize::from(frame)) else {
                return false;
            };
            let Ok(image) = HtmlImageElement::new() else {
                return false;
            };
            image.set_src(url);
            self.images.insert((art, frame), image);
        }
        self.images
            .get(&(art, frame))
            .is_some_and(|image| image.complete() && image.natural_width() > 0)
    }

    /// Draws the sprite for `key` into a new off-DOM canvas.
    fn rasterise(&mut self, key: SpriteKey) -> Option<HtmlCanvasElement> {
        let size = 1u32 << key.bucket;
        let canvas: HtmlCanvasElement = self
            .document
            .create_element("canvas")
            .ok()?
            .dyn_into()
            .ok()?;
        canvas.set_width(size);
        canvas.set_height(size);
        let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        let colour = Rgb::from_bucket(key.colour);
        let side = f64::from(size);
        match key.look {
            Look::Art(art, frame) => self.paint_art(&ctx, art, frame, colour, side),
            Look::Disc => self.paint_disc(&ctx, colour, side),
            Look::Halo => self.paint_halo(&ctx, colour, side),
        }
        Some(canvas)
    }

    /// The art image, multiplied by the tint and clipped back to the art's own shape: white
    /// areas take the tint, shading and outlines stay darker.
    fn paint_art(
        &mut self,
        ctx: &CanvasRenderingContext2d,
        art: Art,
        frame: u16,
        colour: Rgb,
        side: f64,
    ) {
        let Some(image) = self.images.get(&(art, frame)) else {
            return;
        };
        let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(image, 0.0, 0.0, side, side);
        if colour == Rgb::WHITE {
            return;
        }
        colour.write_css(&mut self.css);
        let _ = ctx.set_global_composite_operation("multiply");
        ctx.set_fill_style_str(&self.css);
        ctx.fill_rect(0.0, 0.0, side, side);
        let _ = ctx.set_global_composite_operation("destination-in");
        let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(image, 0.0, 0.0, side, side);
        let _ = ctx.set_global_composite_operation("source-over");
    }

    fn paint_disc(&mut self, ctx: &CanvasRenderingContext2d, colour: Rgb, side: f64) {
        let line = (side / 20.0).max(1.0);
        ctx.begin_path();
        let _ = ctx.arc(
            side / 2.0,
            side / 2.0,
            side / 2.0 - line,
            0.0,
            std::f64::consts::TAU,
        );
        colour.write_css(&mut self.css);
        ctx.set_fill_style_str(&self.css);
        ctx.fill();
        ctx.set_line_width(line);
        ctx.set_stroke_style_str("#2b2b2b");
        ctx.stroke();
    }

    fn paint_halo(&mut self, ctx: &CanvasRenderingContext2d, colour: Rgb, side: f64) {
        let r = side / 2.0;
        let Ok(gradient) = ctx.create_radial_gradient(r, r, 0.0, r, r, r) else {
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
        ctx.fill_rect(0.0, 0.0, side, side);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_the_next_power_of_two_within_range() {
        assert_eq!(bucket_for(16.0), 4);
        assert_eq!(bucket_for(17.0), 5);
        assert_eq!(bucket_for(64.0), 6);
        assert_eq!(bucket_for(2.0), 3, "tiny sprites still get 8 pixels");
        assert_eq!(bucket_for(5000.0), 9, "huge ones are capped at 512");
        assert_eq!(bucket_for(f64::NAN), 3);
        assert_eq!(bucket_for(-4.0), 3);
    }
}

//! Label text drawn into the frame from cached glyphs rather than by the canvas.
//!
//! A label drawn with the canvas's `strokeText` and `fillText` is stroked and rasterised
//! glyph outline by glyph outline, every frame: in headless Chromium a thousand labels took
//! more of a frame than ten thousand costumes. Each character is instead drawn by the canvas
//! once per font size, its outline and its fill read back as two bitmaps, and a label is
//! blended into the frame from them, all outlines first and then all fills, as the canvas
//! draws it. The atlas holds printable ASCII, the names and numbers labels nearly always
//! show; a label with any other character (an accent, an emoji, a script whose letters join)
//! is left to the canvas, which shapes it. Pairs of letters are not kerned.

use super::raster::Pixmap;
use super::scratch::Scratch;
use super::surface::Surface;
use super::widgets;
use web_sys::{CanvasRenderingContext2d, Document};

/// The characters the atlas holds: printable ASCII.
const FIRST: u8 = b' ';
const LAST: u8 = b'~';

/// One character at the atlas's font size.
struct Glyph {
    /// How far the pen moves past it, pixels.
    advance: f64,
    /// Its outline and its fill, each drawn with the pen at `(PAD, PAD)` of the bitmap.
    outline: Pixmap,
    fill: Pixmap,
}

/// Room around a character's pen position for the outline and for strokes that reach
/// past the advance (an italic or a `j`), in font sizes, plus two pixels.
const PAD_PER_PX: f64 = 0.3;

/// The glyphs of one font size, made as labels first need them.
pub struct Glyphs {
    scratch: Scratch,
    /// The font size the cells were made at.
    font_px: f64,
    /// One cell per character from [`FIRST`] to [`LAST`].
    cells: Vec<Option<Glyph>>,
}

/// Which of a glyph's bitmaps a pass blends.
#[derive(Clone, Copy)]
enum Pass {
    Outline,
    Fill,
}

impl Glyphs {
    /// An empty atlas making its glyphs in `document`.
    pub fn new(document: Document) -> Glyphs {
        Glyphs {
            scratch: Scratch::new(document),
            font_px: 0.0,
            cells: Vec::new(),
        }
    }

    /// Whether the atlas can draw `text` (every character printable ASCII).
    pub fn holds(text: &str) -> bool {
        text.bytes().all(|b| (FIRST..=LAST).contains(&b))
    }

    /// How wide `text` is drawn at `font_px`, making the glyphs it needs; `None` when the
    /// atlas does not hold the text or the browser refuses a canvas to make a glyph on (then
    /// the canvas draws it).
    pub fn width(&mut self, font_px: f64, text: &str) -> Option<f64> {
        if !Glyphs::holds(text) {
            return None;
        }
        self.size_for(font_px);
        let mut width = 0.0;
        for b in text.bytes() {
            width += self.glyph(b)?.advance;
        }
        Some(width)
    }

    /// Blends `text`, `width` pixels wide ([`Glyphs::width`] at the current size), into
    /// `frame` centred on `x` with its top at `y`, as the canvas draws a label: all outlines
    /// first, then all fills.
    pub fn draw(&self, frame: &mut Surface, text: &str, width: f64, (x, y): (f64, f64)) {
        let pad = self.pad();
        let row = (y - pad).round() as i64;
        for pass in [Pass::Outline, Pass::Fill] {
            let mut pen = x - width / 2.0;
            for glyph in text.bytes().filter_map(|b| self.cell(b)) {
                let bitmap = match pass {
                    Pass::Outline => &glyph.outline,
                    Pass::Fill => &glyph.fill,
                };
                frame.blit(bitmap, (pen - pad).round() as i64, row, u8::MAX);
                pen += glyph.advance;
            }
        }
    }

    /// Starts afresh when the labels' font size changed (the canvas was resized).
    fn size_for(&mut self, font_px: f64) {
        if font_px != self.font_px || self.cells.is_empty() {
            self.font_px = font_px;
            self.cells.clear();
            self.cells
                .resize_with(usize::from(LAST - FIRST) + 1, || None);
        }
    }

    /// The room around a pen position in a glyph's bitmaps, pixels.
    fn pad(&self) -> f64 {
        (self.font_px * PAD_PER_PX).ceil() + 2.0
    }

    /// The glyph of ASCII byte `b`, if made.
    fn cell(&self, b: u8) -> Option<&Glyph> {
        self.cells.get(usize::from(b.checked_sub(FIRST)?))?.as_ref()
    }

    /// The glyph of ASCII byte `b`, made now if needed.
    fn glyph(&mut self, b: u8) -> Option<&Glyph> {
        let index = usize::from(b.checked_sub(FIRST)?);
        if self.cells.get(index)?.is_none() {
            let glyph = self.make(char::from(b))?;
            *self.cells.get_mut(index)? = Some(glyph);
        }
        self.cell(b)
    }

    /// Draws `c`'s outline and fill on the scratch canvas, as [`widgets::label`] draws text,
    /// and reads each back.
    fn make(&mut self, c: char) -> Option<Glyph> {
        let text = c.to_string();
        let font = widgets::label_font(self.font_px);
        let ctx = self.scratch.sized(1, 1)?;
        ctx.set_font(&font);
        let advance = ctx.measure_text(&text).ok()?.width();
        let pad = self.pad();
        let width = (advance + 2.0 * pad).ceil().max(1.0);
        let height = (self.font_px * 1.5 + 2.0 * pad).ceil();
        let ctx = self.scratch.sized(width as u32, height as u32)?;
        ctx.set_font(&font);
        ctx.set_text_align("left");
        ctx.set_text_baseline("top");
        ctx.set_line_join("round");
        widgets::label_style(&ctx);
        let read = |ctx: &CanvasRenderingContext2d| {
            let data = ctx.get_image_data(0.0, 0.0, width, height).ok()?.data().0;
            Pixmap::from_straight_rgba(width as usize, height as usize, data)
        };
        ctx.stroke_text(&text, pad, pad).ok()?;
        let outline = read(&ctx)?;
        ctx.clear_rect(0.0, 0.0, width, height);
        ctx.fill_text(&text, pad, pad).ok()?;
        let fill = read(&ctx)?;
        Some(Glyph {
            advance,
            outline,
            fill,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_atlas_holds_printable_ascii_only() {
        assert!(Glyphs::holds("Fish 12"));
        assert!(Glyphs::holds("energy: 3.5 (max ~100)"));
        assert!(Glyphs::holds(""));
        assert!(!Glyphs::holds("café"));
        assert!(!Glyphs::holds("🐟"));
        assert!(!Glyphs::holds("line\nbreak"));
        assert!(!Glyphs::holds("tab\there"));
    }
}

//! Where a frame is drawn: the software frame buffer, or the GPU where the device offers
//! WebGL2. Both take the same rectangles and sprites in the same order, so both show the
//! same picture (the e2e test compares them).

use super::color::Rgb;
use super::gpu::GpuFrame;
use super::raster::{PixelRect, Pixmap};
use super::widgets::bands_around;

/// The frame of one drawing path.
pub enum Surface {
    /// Blended on the CPU, put on a 2D canvas once a frame.
    Soft(Pixmap),
    /// Drawn by the GPU into a WebGL2 canvas.
    Gpu(Box<GpuFrame>),
}

impl Surface {
    /// Starts a `width` × `height` frame: the stage (`stage`, whole pixels) filled with
    /// `background`, the rest of the canvas with `surround`. In software each pixel is filled
    /// once (the frame of a projector's stage is several megabytes).
    pub fn begin(
        &mut self,
        (width, height): (usize, usize),
        stage: PixelRect,
        background: Rgb,
        surround: Rgb,
    ) {
        match self {
            Surface::Soft(p) => {
                p.resize(width, height);
                for (x0, y0, x1, y1) in bands_around((0, 0, width as i64, height as i64), stage) {
                    p.fill_rect(x0, y0, x1, y1, surround);
                }
            }
            Surface::Gpu(g) => g.reset(width, height, surround),
        }
        let (x0, y0, x1, y1) = stage;
        self.fill_rect(x0, y0, x1, y1, background);
    }

    /// An opaque rectangle from `(x0, y0)` to `(x1, y1)` (exclusive).
    pub fn fill_rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, colour: Rgb) {
        match self {
            Surface::Soft(p) => p.fill_rect(x0, y0, x1, y1, colour),
            Surface::Gpu(g) => g.fill_rect(x0, y0, x1, y1, colour),
        }
    }

    /// A rectangle of `colour` at opacity `alpha` over what is drawn.
    pub fn shade_rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, colour: Rgb, alpha: u8) {
        match self {
            Surface::Soft(p) => p.shade_rect(x0, y0, x1, y1, colour, alpha),
            Surface::Gpu(g) => g.shade_rect(x0, y0, x1, y1, colour, alpha),
        }
    }

    /// `sprite` over what is drawn, its top-left corner at `(x, y)`, at extra opacity
    /// `alpha`.
    pub fn blit(&mut self, sprite: &Pixmap, x: i64, y: i64, alpha: u8) {
        match self {
            Surface::Soft(p) => p.blit(sprite, x, y, alpha),
            Surface::Gpu(g) => g.blit(sprite, x, y, alpha),
        }
    }
}

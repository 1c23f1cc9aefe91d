//! Where a frame is drawn: the software frame buffer, or the GPU where the device offers
//! WebGL2. Both take the same rectangles and sprites in the same order, so both show the
//! same picture (the e2e test compares them).

use super::color::Rgb;
use super::gpu::GpuFrame;
use super::raster::Pixmap;

/// The frame of one drawing path.
pub enum Surface {
    /// Blended on the CPU, put on a 2D canvas once a frame.
    Soft(Pixmap),
    /// Drawn by the GPU into a WebGL2 canvas.
    Gpu(Box<GpuFrame>),
}

impl Surface {
    /// Starts a `width` × `height` frame filled with `colour`.
    pub fn reset(&mut self, width: usize, height: usize, colour: Rgb) {
        match self {
            Surface::Soft(p) => p.reset(width, height, colour),
            Surface::Gpu(g) => g.reset(width, height, colour),
        }
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

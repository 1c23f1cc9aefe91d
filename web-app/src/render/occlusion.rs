//! Skipping agents that opaque agents in front of them hide completely. A crowd of ten
//! thousand agents on a classroom stage covers it many times over, and blending every sprite
//! of every layer was most of a frame's drawing. Before blending, the agents are walked front
//! to back over a coarse grid of tiles: an agent whose sprites' visible bands fall only on
//! tiles already covered is not drawn, and an opaque agent covers the tiles wholly inside its
//! sprite's opaque bands ([`Shape`]). Only tiles surely covered count, so the picture is
//! exactly the same.

use super::raster::{PixelRect, Shape};
use super::tiles::{Tiles, TILE};

/// Which tiles of the frame are wholly covered by opaque pixels of agents already walked.
#[derive(Debug, Default)]
pub struct Coverage {
    covered: Tiles,
}

impl Coverage {
    /// Uncovers every tile of a `width` × `height` frame, reusing the memory.
    pub fn reset(&mut self, width: usize, height: usize) {
        self.covered.reset(width, height);
    }

    /// Whether a sprite of `shape` with its top-left corner at `(x, y)` would draw only on
    /// covered tiles.
    pub fn hides_shape(&self, shape: &Shape, x: i64, y: i64) -> bool {
        shape.visible.iter().all(|&r| self.hides(moved(r, x, y)))
    }

    /// Covers the tiles wholly inside the opaque bands of a sprite of `shape` at `(x, y)`.
    pub fn cover_shape(&mut self, shape: &Shape, x: i64, y: i64) {
        for &r in &shape.opaque {
            self.cover(moved(r, x, y));
        }
    }

    /// Whether everything `rect` would draw on the frame is already covered (true for a
    /// rectangle wholly off the frame: it draws nothing).
    fn hides(&self, (x0, y0, x1, y1): PixelRect) -> bool {
        let (c0, c1) = (
            x0.div_euclid(TILE).max(0),
            ceil_div(x1).min(self.covered.cols()),
        );
        let (r0, r1) = (
            y0.div_euclid(TILE).max(0),
            ceil_div(y1).min(self.covered.rows()),
        );
        (r0..r1).all(|r| (c0..c1).all(|c| self.covered.is_marked(c, r)))
    }

    /// Marks the tiles wholly inside `rect` covered.
    fn cover(&mut self, (x0, y0, x1, y1): PixelRect) {
        let (c0, c1) = (
            ceil_div(x0).max(0),
            x1.div_euclid(TILE).min(self.covered.cols()),
        );
        let (r0, r1) = (
            ceil_div(y0).max(0),
            y1.div_euclid(TILE).min(self.covered.rows()),
        );
        for r in r0..r1 {
            for c in c0..c1 {
                self.covered.mark(c, r);
            }
        }
    }
}

/// `rect` moved right by `x` and down by `y`.
fn moved((x0, y0, x1, y1): PixelRect, x: i64, y: i64) -> PixelRect {
    (x0 + x, y0 + y, x1 + x, y1 + y)
}

/// `v / TILE` rounded up.
fn ceil_div(v: i64) -> i64 {
    (v + TILE - 1).div_euclid(TILE)
}

#[cfg(test)]
mod tests {
    use super::super::color::Rgb;
    use super::super::raster::{tests::disc, Pixmap};
    use super::*;

    #[test]
    fn only_tiles_wholly_inside_are_covered() {
        let mut c = Coverage::default();
        c.reset(40, 40);
        c.cover((2, 2, 20, 20));
        assert!(c.hides((4, 4, 16, 16)));
        assert!(!c.hides((2, 2, 16, 16)), "tile 0 is only partly covered");
        assert!(!c.hides((4, 4, 21, 16)));
        assert!(c.hides((-30, -30, -1, -1)), "off the frame draws nothing");
        assert!(c.hides((100, 0, 120, 10)));
    }

    #[test]
    fn a_cover_hanging_off_the_frame_covers_the_tiles_on_it() {
        let mut c = Coverage::default();
        c.reset(20, 20);
        c.cover((-50, -50, 70, 70));
        assert!(c.hides((0, 0, 20, 20)));
        assert!(c.hides((-5, -5, 25, 25)));
    }

    /// A frame blended from every placed sprite equals one blended only from those the
    /// front-to-back walk leaves visible.
    #[test]
    fn skipping_hidden_sprites_leaves_the_picture_unchanged() {
        let sprites = [disc(24), disc(40), disc(9)];
        let mut seed = 7_u64;
        let mut next = |m: i64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            ((seed >> 33) as i64).rem_euclid(m)
        };
        let placed: Vec<(usize, i64, i64, u8)> = (0..600)
            .map(|_| {
                let alpha = if next(5) == 0 { 128 } else { 255 };
                (next(3) as usize, next(140) - 20, next(140) - 20, alpha)
            })
            .collect();
        let background = Rgb::new(10, 20, 30);
        let (mut all, mut visible) = (Pixmap::default(), Pixmap::default());
        all.reset(120, 110, background);
        visible.reset(120, 110, background);
        let mut coverage = Coverage::default();
        coverage.reset(120, 110);
        let mut shown = vec![true; placed.len()];
        for (i, &(s, x, y, alpha)) in placed.iter().enumerate().rev() {
            let shape = sprites[s].shape();
            if coverage.hides_shape(shape, x, y) {
                shown[i] = false;
            } else if alpha == 255 {
                coverage.cover_shape(shape, x, y);
            }
        }
        for (i, &(s, x, y, alpha)) in placed.iter().enumerate() {
            all.blit(&sprites[s], x, y, alpha);
            if shown[i] {
                visible.blit(&sprites[s], x, y, alpha);
            }
        }
        let hidden = shown.iter().filter(|s| !**s).count();
        assert!(hidden > 100, "a crowd hides many sprites, hid {hidden}");
        assert!(all == visible, "the pictures differ");
    }
}

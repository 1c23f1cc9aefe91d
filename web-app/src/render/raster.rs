//! A software frame buffer. Canvas 2D `drawImage` costs several microseconds per call in
//! Chromium without a GPU, too slow for ten thousand agents; blending pre-rasterised sprites
//! into one RGBA buffer here and handing it to the canvas once per frame is several times
//! faster. Pixels are premultiplied RGBA bytes; the frame itself is opaque, so what reaches the
//! canvas is plain RGBA.

use super::color::Rgb;
use std::sync::atomic::{AtomicU64, Ordering};

/// An RGBA image, premultiplied, row-major from the top-left.
#[derive(Debug, Clone, Default)]
pub struct Pixmap {
    /// Which image this is, for the GPU's copy of it ([`super::gpu`]): a number no other
    /// pixmap made in this page has, 0 for a frame (never drawn from).
    uid: u64,
    width: usize,
    height: usize,
    data: Vec<u8>,
    /// Runs of non-transparent pixels, row by row: blitting copies opaque runs whole, blends
    /// the rest pixel by pixel, and skips transparent pixels.
    runs: Vec<Run>,
    /// Its outline as bands of rows, for telling when it is hidden or hides others.
    shape: Shape,
}

/// Two pixmaps are equal when they hold the same picture, whatever their [`Pixmap::uid`].
impl PartialEq for Pixmap {
    fn eq(&self, other: &Pixmap) -> bool {
        (self.width, self.height, &self.data, &self.runs, &self.shape)
            == (
                other.width,
                other.height,
                &other.data,
                &other.runs,
                &other.shape,
            )
    }
}

/// The next [`Pixmap::uid`]; 0 is never handed out.
static NEXT_UID: AtomicU64 = AtomicU64::new(1);

/// A sprite's outline as a few horizontal bands, relative to its top-left corner: where it
/// may draw (every non-transparent pixel lies in a `visible` band) and where it surely hides
/// what is under it (every pixel of an `opaque` band is opaque).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Shape {
    /// Bands holding every non-transparent pixel.
    pub visible: Vec<PixelRect>,
    /// Bands of opaque pixels only.
    pub opaque: Vec<PixelRect>,
}

/// How many bands a shape is cut into: more follow a round outline more closely.
const BANDS: usize = 8;

/// A rectangle of pixels, `(left, top, right, bottom)`, right and bottom exclusive.
pub type PixelRect = (i64, i64, i64, i64);

/// A horizontal stretch of pixels that are all opaque or all partly transparent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Run {
    row: usize,
    start: usize,
    end: usize,
    opaque: bool,
}

impl Pixmap {
    /// A pixmap of `width` × `height` from straight (not premultiplied) RGBA bytes, as a
    /// canvas's `getImageData` gives them; `None` if the byte count does not match.
    pub fn from_straight_rgba(width: usize, height: usize, mut data: Vec<u8>) -> Option<Pixmap> {
        if data.len() != width.checked_mul(height)?.checked_mul(4)? {
            return None;
        }
        for px in data.chunks_exact_mut(4) {
            let a = u16::from(px[3]);
            for c in &mut px[..3] {
                *c = mul(*c, a);
            }
        }
        let runs = find_runs(&data, width);
        let shape = shape_of(&runs, height);
        Some(Pixmap {
            uid: NEXT_UID.fetch_add(1, Ordering::Relaxed),
            width,
            height,
            data,
            runs,
            shape,
        })
    }

    /// The number telling this image from every other made in this page (0: a frame).
    pub fn uid(&self) -> u64 {
        self.uid
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The RGBA bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    /// Its outline, for occlusion.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Bytes held, for bounding caches.
    pub fn byte_len(&self) -> usize {
        self.data.len()
    }

    /// Makes this an opaque `width` × `height` frame filled with `colour`, reusing its memory.
    /// A frame is only drawn into, never blitted, so it keeps no runs.
    #[cfg(test)]
    pub fn reset(&mut self, width: usize, height: usize, colour: Rgb) {
        self.resize(width, height);
        self.fill_rect(0, 0, width as i64, height as i64, colour);
    }

    /// Makes this a `width` × `height` frame, its pixels left as they were: for a frame whose
    /// every pixel is filled next.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.width = width;
        self.height = height;
        self.data.resize(width * height * 4, 0);
        self.runs.clear();
        self.shape = Shape::default();
    }

    /// Fills the rectangle from `(x0, y0)` to `(x1, y1)` (exclusive), clipped, with an
    /// opaque colour.
    pub fn fill_rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, colour: Rgb) {
        let (x0, x1) = (clip(x0, self.width), clip(x1, self.width));
        let (y0, y1) = (clip(y0, self.height), clip(y1, self.height));
        let px = [colour.r, colour.g, colour.b, 255];
        for y in y0..y1 {
            let row = y * self.width * 4;
            if let Some(run) = self.data.get_mut(row + x0 * 4..row + x1 * 4) {
                for dst in run.chunks_exact_mut(4) {
                    dst.copy_from_slice(&px);
                }
            }
        }
    }

    /// Blends a rectangle of `colour` at opacity `alpha` over this opaque pixmap, from
    /// `(x0, y0)` to `(x1, y1)` (exclusive), clipped: a meter's backdrop and fill, drawn into
    /// the frame rather than through a canvas call per agent.
    pub fn shade_rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, colour: Rgb, alpha: u8) {
        if alpha == 255 {
            return self.fill_rect(x0, y0, x1, y1, colour);
        }
        let (x0, x1) = (clip(x0, self.width), clip(x1, self.width));
        let (y0, y1) = (clip(y0, self.height), clip(y1, self.height));
        let over = scale(
            u32::from_le_bytes([colour.r, colour.g, colour.b, 255]),
            u32::from(alpha),
        );
        let keep = 255 - (over >> 24);
        for y in y0..y1 {
            let row = y * self.width * 4;
            if let Some(run) = self.data.get_mut(row + x0 * 4..row + x1 * 4) {
                for d in run.chunks_exact_mut(4) {
                    let under = scale(u32::from_le_bytes([d[0], d[1], d[2], d[3]]), keep);
                    d.copy_from_slice(&(over + under).to_le_bytes());
                }
            }
        }
    }

    /// Blends `sprite` over this pixmap with its top-left corner at `(x, y)`, clipped, with
    /// extra opacity `alpha` (255 is the sprite as it is).
    pub fn blit(&mut self, sprite: &Pixmap, x: i64, y: i64, alpha: u8) {
        let alpha = u16::from(alpha);
        // The sprite's columns that land on this pixmap.
        let first = clip(x.saturating_neg(), sprite.width);
        let last = clip((self.width as i64).saturating_sub(x), sprite.width);
        for run in &sprite.runs {
            let dy = y.saturating_add(run.row as i64);
            let (start, end) = (run.start.max(first), run.end.min(last));
            if dy < 0 || dy >= self.height as i64 || start >= end {
                continue;
            }
            let src_start = (run.row * sprite.width + start) * 4;
            let dst_start = (dy as usize * self.width + (x + start as i64) as usize) * 4;
            let len = (end - start) * 4;
            let (Some(src), Some(dst)) = (
                sprite.data.get(src_start..src_start + len),
                self.data.get_mut(dst_start..dst_start + len),
            ) else {
                continue;
            };
            if run.opaque && alpha == 255 {
                dst.copy_from_slice(src);
            } else {
                blend_row(dst, src, alpha);
            }
        }
    }
}

/// The runs of an RGBA image `width` pixels wide: per row, the longest stretch of opaque
/// pixels, and the stretches between it and the row's first and last visible pixels, which
/// get blended (few runs per row keep the per-run overhead low).
fn find_runs(data: &[u8], width: usize) -> Vec<Run> {
    let mut runs = Vec::new();
    for (row, pixels) in data.chunks_exact(width.max(1) * 4).enumerate() {
        let alphas = || pixels.chunks_exact(4).map(|px| px[3]).enumerate();
        let Some(first) = alphas().find(|&(_, a)| a != 0).map(|(i, _)| i) else {
            continue;
        };
        let last = alphas().rfind(|&(_, a)| a != 0).map_or(first, |(i, _)| i) + 1;
        let (mut best, mut current) = ((first, first), first);
        for (col, a) in alphas().skip(first).take(last - first) {
            if a != 255 {
                current = col + 1;
            } else if col + 1 - current > best.1 - best.0 {
                best = (current, col + 1);
            }
        }
        let pieces = [
            (first, best.0, false),
            (best.0, best.1, true),
            (best.1, last, false),
        ];
        for (start, end, opaque) in pieces.into_iter().filter(|(start, end, _)| start < end) {
            runs.push(Run {
                row,
                start,
                end,
                opaque,
            });
        }
    }
    runs
}

/// The shape of an image `height` rows tall from its runs: its rows cut into [`BANDS`]
/// bands; a band is visible from its leftmost to its rightmost run, and opaque over the
/// columns every one of its rows has opaque (none when a row has no opaque run).
fn shape_of(runs: &[Run], height: usize) -> Shape {
    let band = height.div_ceil(BANDS).max(1);
    let mut visible: Vec<Option<(usize, usize)>> = vec![None; height.div_ceil(band)];
    let mut opaque_rows: Vec<Option<(usize, usize)>> = vec![None; height];
    for run in runs {
        if let Some(slot) = visible.get_mut(run.row / band) {
            let (s, e) = slot.unwrap_or((run.start, run.end));
            *slot = Some((s.min(run.start), e.max(run.end)));
        }
        if let Some(slot) = opaque_rows.get_mut(run.row).filter(|_| run.opaque) {
            *slot = Some((run.start, run.end));
        }
    }
    let rect = |b: usize, (s, e): (usize, usize)| {
        let bottom = ((b + 1) * band).min(height);
        (s as i64, (b * band) as i64, e as i64, bottom as i64)
    };
    let opaque = opaque_rows
        .chunks(band)
        .enumerate()
        .filter_map(|(b, rows)| {
            let span = rows.iter().try_fold((0, usize::MAX), |(s, e), row| {
                let (rs, re) = (*row)?;
                Some((s.max(rs), e.min(re)))
            })?;
            (span.0 < span.1).then(|| rect(b, span))
        })
        .collect();
    let visible = visible
        .into_iter()
        .enumerate()
        .filter_map(|(b, span)| Some(rect(b, span?)))
        .collect();
    Shape { visible, opaque }
}

/// Source-over blending of one row of premultiplied pixels, four channels at a time and
/// without branches (a transparent source pixel scales the destination by exactly 1, an
/// opaque one by exactly 0), since edge alphas vary too much for branches to predict.
fn blend_row(dst: &mut [u8], src: &[u8], alpha: u16) {
    if alpha == 255 {
        return over_row(dst, src);
    }
    let alpha = u32::from(alpha);
    for (d, s) in dst.chunks_exact_mut(4).zip(src.chunks_exact(4)) {
        let s = scale(u32::from_le_bytes([s[0], s[1], s[2], s[3]]), alpha);
        let under = scale(
            u32::from_le_bytes([d[0], d[1], d[2], d[3]]),
            255 - (s >> 24),
        );
        d.copy_from_slice(&(s + under).to_le_bytes());
    }
}

/// [`blend_row`] at full opacity (nearly every sprite and every label): the source as it is
/// over the destination, one multiply pair a pixel fewer.
fn over_row(dst: &mut [u8], src: &[u8]) {
    for (d, s) in dst.chunks_exact_mut(4).zip(src.chunks_exact(4)) {
        let s = u32::from_le_bytes([s[0], s[1], s[2], s[3]]);
        let under = scale(
            u32::from_le_bytes([d[0], d[1], d[2], d[3]]),
            255 - (s >> 24),
        );
        d.copy_from_slice(&(s + under).to_le_bytes());
    }
}

/// Every byte of a packed pixel times about `factor / 255` (0..=255), two bytes per multiply:
/// exactly `(byte × (factor + 1)) >> 8`, which keeps 0 and 255 exact, keeps an opaque frame's
/// alpha at 255 under any blend, and never carries out of a byte.
fn scale(pixel: u32, factor: u32) -> u32 {
    let f = factor + 1;
    let even = (((pixel & 0x00ff_00ff) * f) >> 8) & 0x00ff_00ff;
    let odd = (((pixel >> 8) & 0x00ff_00ff) * f) & 0xff00_ff00;
    even | odd
}

/// `a × b / 255`, rounded.
fn mul(a: u8, b: u16) -> u8 {
    let t = u32::from(a) * u32::from(b) + 128;
    ((t + (t >> 8)) >> 8) as u8
}

/// A coordinate clamped into `0..=limit`.
fn clip(v: i64, limit: usize) -> usize {
    v.clamp(0, limit as i64) as usize
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    const RED: Rgb = Rgb::new(255, 0, 0);

    fn pixel(p: &Pixmap, x: usize, y: usize) -> [u8; 4] {
        let i = (y * p.width + x) * 4;
        [p.data[i], p.data[i + 1], p.data[i + 2], p.data[i + 3]]
    }

    /// A 2×2 sprite: opaque white, half-transparent white, transparent, opaque blue.
    fn sprite() -> Pixmap {
        let data = vec![
            255, 255, 255, 255, 255, 255, 255, 128, 9, 9, 9, 0, 0, 0, 255, 255,
        ];
        Pixmap::from_straight_rgba(2, 2, data).unwrap()
    }

    /// A `side`-pixel square sprite holding an opaque disc with a soft edge.
    pub(crate) fn disc(side: usize) -> Pixmap {
        let r = side as f64 / 2.0;
        let mut data = Vec::with_capacity(side * side * 4);
        for y in 0..side {
            for x in 0..side {
                let d = ((x as f64 + 0.5 - r).powi(2) + (y as f64 + 0.5 - r).powi(2)).sqrt();
                let a = ((r - d) * 255.0).clamp(0.0, 255.0) as u8;
                data.extend_from_slice(&[200, 40, 90, a]);
            }
        }
        Pixmap::from_straight_rgba(side, side, data).unwrap()
    }

    /// Whether pixel `(x, y)` lies in one of `rects`.
    fn within(rects: &[PixelRect], x: usize, y: usize) -> bool {
        let (x, y) = (x as i64, y as i64);
        rects
            .iter()
            .any(|&(x0, y0, x1, y1)| x0 <= x && x < x1 && y0 <= y && y < y1)
    }

    #[test]
    fn a_disc_shape_bounds_what_it_draws_and_its_opaque_bands_are_opaque() {
        let s = disc(21);
        let shape = s.shape();
        let mut opaque_area = 0;
        for y in 0..21 {
            for x in 0..21 {
                let a = pixel(&s, x, y)[3];
                if a > 0 {
                    assert!(within(&shape.visible, x, y), "({x}, {y}) drawn outside");
                }
                if within(&shape.opaque, x, y) {
                    assert_eq!(a, 255, "({x}, {y}) in an opaque band");
                    opaque_area += 1;
                }
            }
        }
        assert!(
            opaque_area > 200,
            "the opaque bands hold {opaque_area} of a disc's ~300"
        );
        let blank = Pixmap::from_straight_rgba(3, 3, vec![0; 36]).unwrap();
        assert_eq!(blank.shape(), &Shape::default());
    }

    #[test]
    fn loading_premultiplies_and_finds_runs() {
        let s = sprite();
        assert_eq!(pixel(&s, 1, 0), [128, 128, 128, 128]);
        assert_eq!(pixel(&s, 0, 1), [0, 0, 0, 0]);
        let run = |row, start, end, opaque| Run {
            row,
            start,
            end,
            opaque,
        };
        assert_eq!(
            s.runs,
            vec![run(0, 0, 1, true), run(0, 1, 2, false), run(1, 1, 2, true)]
        );
        assert!(Pixmap::from_straight_rgba(3, 3, vec![0; 4]).is_none());
    }

    #[test]
    fn a_shaded_rectangle_blends_over_the_frame_within_its_clipped_bounds() {
        let mut frame = Pixmap::default();
        frame.reset(4, 4, Rgb::new(255, 255, 255));
        frame.shade_rect(-2, 1, 2, 9, Rgb::new(0, 0, 0), 128);
        assert_eq!(pixel(&frame, 0, 0), [255, 255, 255, 255], "above it");
        assert_eq!(pixel(&frame, 2, 1), [255, 255, 255, 255], "right of it");
        assert_eq!(
            pixel(&frame, 1, 3),
            [127, 127, 127, 255],
            "half black over white"
        );
        frame.shade_rect(0, 0, 1, 1, RED, 255);
        assert_eq!(pixel(&frame, 0, 0), [255, 0, 0, 255], "opaque is a fill");
    }

    #[test]
    fn blitting_blends_over_the_frame() {
        let mut frame = Pixmap::default();
        frame.reset(4, 4, RED);
        frame.blit(&sprite(), 1, 1, 255);
        assert_eq!(pixel(&frame, 0, 0), [255, 0, 0, 255]);
        assert_eq!(pixel(&frame, 1, 1), [255, 255, 255, 255]);
        assert_eq!(pixel(&frame, 2, 1), [255, 128, 128, 255]);
        assert_eq!(
            pixel(&frame, 1, 2),
            [255, 0, 0, 255],
            "transparent pixels leave the frame"
        );
        assert_eq!(pixel(&frame, 2, 2), [0, 0, 255, 255]);
    }

    #[test]
    fn extra_alpha_fades_the_sprite() {
        let mut frame = Pixmap::default();
        frame.reset(2, 2, Rgb::new(0, 0, 0));
        frame.blit(&sprite(), 0, 0, 128);
        assert_eq!(pixel(&frame, 0, 0), [128, 128, 128, 255]);
        frame.blit(&sprite(), 0, 0, 0);
        assert_eq!(
            pixel(&frame, 0, 0),
            [128, 128, 128, 255],
            "alpha 0 draws nothing"
        );
    }

    #[test]
    fn blits_off_any_edge_are_clipped() {
        let mut frame = Pixmap::default();
        frame.reset(3, 3, RED);
        for (x, y) in [(-1, -1), (2, 2), (-5, 0), (0, 9), (i64::MIN, i64::MAX)] {
            frame.blit(&sprite(), x, y, 255);
        }
        assert_eq!(
            pixel(&frame, 0, 0),
            [0, 0, 255, 255],
            "the corner of a sprite at (-1, -1)"
        );
        assert_eq!(pixel(&frame, 2, 2), [255, 255, 255, 255]);
        assert_eq!(pixel(&frame, 1, 1), [255, 0, 0, 255]);
    }

    #[test]
    fn blending_keeps_the_frame_opaque_and_never_overflows() {
        for sa in 0..=255u32 {
            for d in [0u32, 1, 127, 128, 254, 255] {
                let src = sa << 24 | sa << 16 | sa << 8 | sa;
                let dst = 255 << 24 | d << 16 | d << 8 | d;
                let out = src + scale(dst, 255 - sa);
                assert_eq!(out >> 24, 255, "alpha {sa} over {d}");
                assert!(out & 0xff >= d.min(sa), "alpha {sa} over {d} gave {out:#x}");
            }
        }
    }

    #[test]
    fn fill_rect_clips() {
        let mut frame = Pixmap::default();
        frame.reset(3, 2, RED);
        frame.fill_rect(-10, 1, 2, 10, Rgb::new(0, 255, 0));
        assert_eq!(pixel(&frame, 0, 1), [0, 255, 0, 255]);
        assert_eq!(pixel(&frame, 1, 1), [0, 255, 0, 255]);
        assert_eq!(pixel(&frame, 2, 1), [255, 0, 0, 255]);
        assert_eq!(pixel(&frame, 0, 0), [255, 0, 0, 255]);
    }
}

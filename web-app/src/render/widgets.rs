//! What is drawn on and beside agents after all costumes: selection and hover rings, Graphing
//! text labels, meters, status bars and small charts. All positions are canvas pixels around
//! an agent's centre `(cx, cy)` with drawn half-size `r`.
//!
//! Meters and status bars, which real models give every agent, are drawn into the frame's
//! pixels with the costumes (two rectangles each), not through the canvas: with thousands of
//! agents, the canvas calls per agent cost more than the rest of the frame. So are labels of
//! plain ASCII, from the glyph atlas ([`super::glyphs`]) at the place [`Labels::place`] gives;
//! other labels, rings and charts are drawn on the canvas over the frame.

use super::agent::{Graph, GraphKind, Meter, Status};
use super::color::Rgb;
use super::raster::PixelRect;
use super::surface::Surface;
use web_sys::CanvasRenderingContext2d;

/// The smallest and largest label font, canvas pixels.
const FONT_PX: (f64, f64) = (12.0, 32.0);
/// The label font is this fraction of the canvas height, between [`FONT_PX`]: on a
/// projector's large stage labels grow with the agents (24 px on a 960-pixel stage).
const FONT_PER_CANVAS: f64 = 1.0 / 40.0;
/// Meter bar width, pixels.
const METER_WIDTH: f64 = 6.0;
/// The least room between a label and the canvas's edge, pixels.
const LABEL_MARGIN: f64 = 2.0;
/// Chart box size, pixels.
const GRAPH_SIZE: (f64, f64) = (64.0, 38.0);

/// The labels of one frame: their line height and the canvas they must stay inside.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Labels {
    /// Line height, canvas pixels.
    pub line: f64,
    /// The canvas size, pixels.
    pub canvas: (f64, f64),
}

impl Labels {
    /// The label style for a canvas of `canvas` pixels.
    pub fn for_canvas(canvas: (f64, f64)) -> Labels {
        let px = (canvas.1 * FONT_PER_CANVAS)
            .clamp(FONT_PX.0, FONT_PX.1)
            .round();
        Labels {
            line: px + 2.0,
            canvas,
        }
    }

    /// The font size, pixels.
    pub fn font_px(&self) -> f64 {
        self.line - 2.0
    }

    /// Where a label `width` pixels wide, centred on `cx` with its top at `top`, is drawn so
    /// that it stays wholly on the canvas (a label of an agent at the stage's edge slides in
    /// rather than being cut off).
    pub fn place(&self, width: f64, cx: f64, top: f64) -> (f64, f64) {
        let half = width / 2.0 + LABEL_MARGIN;
        let x = if self.canvas.0 <= 2.0 * half {
            self.canvas.0 / 2.0
        } else {
            cx.clamp(half, self.canvas.0 - half)
        };
        let y = top.clamp(0.0, (self.canvas.1 - self.line).max(0.0));
        (x, y)
    }
}

/// Sets the text style every label uses; call once before the widgets of a frame.
pub fn begin(ctx: &CanvasRenderingContext2d, labels: &Labels) {
    ctx.set_font(&label_font(labels.font_px()));
    ctx.set_text_align("center");
    ctx.set_text_baseline("top");
    ctx.set_line_join("round");
    label_style(ctx);
}

/// The CSS font of labels `px` pixels high.
pub fn label_font(px: f64) -> String {
    format!("{px}px system-ui, sans-serif")
}

/// The outline and fill labels are drawn with, set once a frame (and again after a ring or a
/// chart changed them) rather than for each of thousands of labels.
pub fn label_style(ctx: &CanvasRenderingContext2d) {
    ctx.set_line_width(3.0);
    ctx.set_stroke_style_str("#000000b0");
    ctx.set_fill_style_str("#ffffff");
}

/// The selection ring: thick and warm yellow.
const SELECTED_RING: (f64, &str) = (3.0, "#ffd23f");
/// The hover ring: a cool cyan, so it reads apart from the selection ring.
const HOVER_RING: (f64, &str) = (2.5, "#4fe3ff");
/// How far outside the selection ring the hover ring of a selected agent sits, pixels.
const HOVER_GAP: f64 = 4.5;

/// Rings around the agent: yellow when selected, cyan when hovered. A hovered agent that is
/// also selected gets both, the hover ring just outside the selection ring, so pointing at a
/// selected agent still shows.
pub fn outline(
    ctx: &CanvasRenderingContext2d,
    cx: f64,
    cy: f64,
    r: f64,
    selected: bool,
    hovered: bool,
) {
    let radius = r * 1.2 + 3.0;
    if selected {
        ring(ctx, cx, cy, radius, SELECTED_RING);
    }
    if hovered {
        let gap = if selected { HOVER_GAP } else { 0.0 };
        ring(ctx, cx, cy, radius + gap, HOVER_RING);
    }
    label_style(ctx);
}

fn ring(
    ctx: &CanvasRenderingContext2d,
    cx: f64,
    cy: f64,
    radius: f64,
    (width, colour): (f64, &str),
) {
    ctx.begin_path();
    let _ = ctx.arc(cx, cy, radius, 0.0, std::f64::consts::TAU);
    ctx.set_line_width(width);
    ctx.set_stroke_style_str(colour);
    ctx.stroke();
}

/// Label text centred on `x` with its top at `y` (where [`Labels::place`] put it),
/// dark-edged so it reads on any background.
pub fn label(ctx: &CanvasRenderingContext2d, text: &str, (x, y): (f64, f64)) {
    let _ = ctx.stroke_text(text, x, y);
    let _ = ctx.fill_text(text, x, y);
}

/// Backdrop of meters and status bars: black at half opacity.
const BACKDROP: (Rgb, u8) = (Rgb { r: 0, g: 0, b: 0 }, 128);

/// A bar filled `value` (0..1) of its extent with `colour`, over a backdrop one pixel larger
/// all round: from the bottom (`upward`) or from the left.
fn bar(
    frame: &mut Surface,
    (left, top, w, h): (f64, f64, f64, f64),
    value: f64,
    colour: Rgb,
    upward: bool,
) {
    let px = |v: f64| v.round() as i64;
    let (x0, y0, x1, y1) = (px(left), px(top), px(left + w), px(top + h));
    let value = if value.is_nan() {
        0.0
    } else {
        value.clamp(0.0, 1.0)
    };
    let fill = if upward {
        (x0, px(top + h * (1.0 - value)), x1, y1)
    } else {
        (x0, y0, px(left + w * value), y1)
    };
    // The fill is opaque: the backdrop is blended only where it shows, around the fill.
    let backdrop = (x0 - 1, y0 - 1, x1 + 1, y1 + 1);
    for (x0, y0, x1, y1) in bands_around(backdrop, fill) {
        frame.shade_rect(x0, y0, x1, y1, BACKDROP.0, BACKDROP.1);
    }
    let (x0, y0, x1, y1) = fill;
    frame.fill_rect(x0, y0, x1, y1, colour);
}

/// The parts of rectangle `outer` outside rectangle `inner` (both `(x0, y0, x1, y1)`, ends
/// exclusive), as up to four bands: above, below, left and right of `inner`.
pub fn bands_around(outer: PixelRect, inner: PixelRect) -> [PixelRect; 4] {
    let (ox0, oy0, ox1, oy1) = outer;
    // `inner` clipped to `outer`; an empty one leaves the whole of `outer` above it.
    let (ix0, ix1) = (inner.0.clamp(ox0, ox1), inner.2.clamp(ox0, ox1));
    let (iy0, iy1) = (inner.1.clamp(oy0, oy1), inner.3.clamp(oy0, oy1));
    let (iy0, iy1) = if ix0 < ix1 && iy0 < iy1 {
        (iy0, iy1)
    } else {
        (oy1, oy1)
    };
    [
        (ox0, oy0, ox1, iy0),
        (ox0, iy1, ox1, oy1),
        (ox0, iy0, ix0, iy1),
        (ix1, iy0, ox1, iy1),
    ]
}

/// A vertical bar to the right of the agent, filled from the bottom to the meter's value.
pub fn meter(frame: &mut Surface, meter: &Meter, cx: f64, cy: f64, r: f64) {
    let height = (2.0 * r).max(16.0);
    let (left, top) = (cx + r + 4.0, cy + r.max(8.0) - height);
    bar(
        frame,
        (left, top, METER_WIDTH, height),
        meter.value,
        meter.color,
        true,
    );
}

/// Height of the status bar, and of a large one, pixels.
const STATUS_HEIGHT: (f64, f64) = (5.0, 10.0);

/// The status bar's size: as wide as the agent (at least 24 px; half as wide again when
/// large), and [`STATUS_HEIGHT`] tall.
fn status_size(status: &Status, r: f64) -> (f64, f64) {
    if status.large {
        ((3.0 * r).max(36.0), STATUS_HEIGHT.1)
    } else {
        ((2.0 * r).max(24.0), STATUS_HEIGHT.0)
    }
}

/// The height the status bar takes under the agent, with its gap: where the label goes.
pub fn status_space(status: &Status, r: f64) -> f64 {
    status_size(status, r).1 + 3.0
}

/// The status bar under the agent, centred, its top at `top`.
pub fn status(frame: &mut Surface, status: &Status, cx: f64, top: f64, r: f64) {
    let (width, height) = status_size(status, r);
    let place = (cx - width / 2.0, top, width, height);
    bar(frame, place, status.value, status.color, false);
}

/// A small chart above and to the right of the agent, scaled to the series' finite values.
pub fn graph(
    ctx: &CanvasRenderingContext2d,
    graph: &Graph,
    css: &mut String,
    cx: f64,
    cy: f64,
    r: f64,
) {
    let (w, h) = GRAPH_SIZE;
    let (left, top) = (cx + r + METER_WIDTH + 8.0, cy - r - h);
    ctx.set_fill_style_str("#ffffffd9");
    ctx.fill_rect(left, top, w, h);
    ctx.set_line_width(1.0);
    ctx.set_stroke_style_str("#2b2b2b");
    ctx.stroke_rect(left, top, w, h);
    let Some((low, high)) = range(&graph.series, graph.kind) else {
        label_style(ctx);
        return;
    };
    let span = if high > low { high - low } else { 1.0 };
    let y_of = |v: f64| top + h - 3.0 - (v - low) / span * (h - 6.0);
    graph.color.write_css(css);
    let n = graph.series.len() as f64;
    match graph.kind {
        GraphKind::Line => {
            ctx.begin_path();
            let step = if n > 1.0 { (w - 6.0) / (n - 1.0) } else { 0.0 };
            for (i, v) in graph
                .series
                .iter()
                .enumerate()
                .filter(|(_, v)| v.is_finite())
            {
                ctx.line_to(left + 3.0 + i as f64 * step, y_of(*v));
            }
            ctx.set_line_width(1.5);
            ctx.set_stroke_style_str(css);
            ctx.stroke();
        }
        GraphKind::Histogram => {
            let bar = (w - 4.0) / n;
            ctx.set_fill_style_str(css);
            for (i, v) in graph
                .series
                .iter()
                .enumerate()
                .filter(|(_, v)| v.is_finite())
            {
                let y = y_of(*v);
                ctx.fill_rect(
                    left + 2.0 + i as f64 * bar,
                    y,
                    (bar - 1.0).max(1.0),
                    top + h - 3.0 - y,
                );
            }
        }
    }
    label_style(ctx);
}

/// The value range a chart shows: the finite values' min and max, with bars always reaching
/// down to zero. `None` when there is nothing finite to show.
fn range(series: &[f64], kind: GraphKind) -> Option<(f64, f64)> {
    let finite = series.iter().copied().filter(|v| v.is_finite());
    let (low, high) = finite.fold(None, |acc: Option<(f64, f64)>, v| {
        Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
    })?;
    Some(match kind {
        GraphKind::Line => (low, high),
        GraphKind::Histogram => (low.min(0.0), high.max(0.0)),
    })
}

/// The background outside the stage: the stage colour, darkened.
pub fn surround(background: Rgb) -> Rgb {
    background.mix(Rgb::new(0, 0, 0), 0.45)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chart_range_skips_non_finite_values() {
        assert_eq!(
            range(&[3.0, f64::NAN, -1.0, f64::INFINITY], GraphKind::Line),
            Some((-1.0, 3.0))
        );
        assert_eq!(range(&[f64::NAN], GraphKind::Line), None);
        assert_eq!(range(&[], GraphKind::Histogram), None);
    }

    /// Every pixel of `outer` lies in `inner` or in exactly one band of [`bands_around`].
    #[test]
    fn the_bands_around_a_fill_cover_the_rest_of_the_backdrop_once() {
        let outer = (-1, -1, 7, 17);
        let inners = [
            (0, 6, 6, 16),
            (0, 0, 6, 16),
            (0, 16, 6, 16),
            (0, 0, 3, 16),
            (0, 0, 0, 16),
            (-5, -5, 40, 40),
            (3, 30, 9, 40),
        ];
        for inner in inners {
            let bands = bands_around(outer, inner);
            for x in outer.0..outer.2 {
                for y in outer.1..outer.3 {
                    let within =
                        |(x0, y0, x1, y1): PixelRect| x >= x0 && x < x1 && y >= y0 && y < y1;
                    let count = bands.iter().filter(|b| within(**b)).count();
                    let want = usize::from(!within(inner));
                    assert_eq!(count, want, "({x}, {y}) around {inner:?}");
                }
            }
        }
    }

    #[test]
    fn histograms_include_zero() {
        assert_eq!(range(&[3.0, 5.0], GraphKind::Histogram), Some((0.0, 5.0)));
        assert_eq!(
            range(&[-3.0, -5.0], GraphKind::Histogram),
            Some((-5.0, 0.0))
        );
        assert_eq!(range(&[3.0, 5.0], GraphKind::Line), Some((3.0, 5.0)));
    }
}

//! What is drawn on and beside agents after all costumes: selection and hover rings, Graphing
//! text labels, meters and small charts. All positions are canvas pixels around an agent's
//! centre `(cx, cy)` with drawn half-size `r`.

use super::agent::{Graph, GraphKind, Meter, Status};
use super::color::Rgb;
use web_sys::CanvasRenderingContext2d;

/// The smallest and largest label font, canvas pixels.
const FONT_PX: (f64, f64) = (12.0, 32.0);
/// The label font is this fraction of the canvas height, between [`FONT_PX`]: on a
/// projector's large stage labels grow with the agents (24 px on a 960-pixel stage).
const FONT_PER_CANVAS: f64 = 1.0 / 40.0;
/// Meter bar width, pixels.
const METER_WIDTH: f64 = 6.0;
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
        let margin = 2.0;
        let half = width / 2.0 + margin;
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
    ctx.set_font(&format!("{}px system-ui, sans-serif", labels.font_px()));
    ctx.set_text_align("center");
    ctx.set_text_baseline("top");
    ctx.set_line_join("round");
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

/// Centred text whose top is at `top`, dark-edged so it reads on any background, kept on
/// the canvas (see [`Labels::place`]).
pub fn label(ctx: &CanvasRenderingContext2d, labels: &Labels, text: &str, cx: f64, top: f64) {
    let width = ctx.measure_text(text).map_or(0.0, |m| m.width());
    let (x, y) = labels.place(width, cx, top);
    ctx.set_line_width(3.0);
    ctx.set_stroke_style_str("#000000b0");
    let _ = ctx.stroke_text(text, x, y);
    ctx.set_fill_style_str("#ffffff");
    let _ = ctx.fill_text(text, x, y);
}

/// A vertical bar to the right of the agent, filled from the bottom to the meter's value.
pub fn meter(
    ctx: &CanvasRenderingContext2d,
    meter: &Meter,
    css: &mut String,
    cx: f64,
    cy: f64,
    r: f64,
) {
    let height = (2.0 * r).max(16.0);
    let (left, top) = (cx + r + 4.0, cy + r.max(8.0) - height);
    let value = if meter.value.is_nan() {
        0.0
    } else {
        meter.value.clamp(0.0, 1.0)
    };
    ctx.set_fill_style_str("#00000080");
    ctx.fill_rect(left - 1.0, top - 1.0, METER_WIDTH + 2.0, height + 2.0);
    meter.color.write_css(css);
    ctx.set_fill_style_str(css);
    ctx.fill_rect(
        left,
        top + height * (1.0 - value),
        METER_WIDTH,
        height * value,
    );
}

/// Height of the status bar, and of a large one, pixels.
const STATUS_HEIGHT: (f64, f64) = (5.0, 10.0);

/// The status bar under the agent, centred, as wide as the agent (at least 24 px; half as
/// wide again when large), its top at `top`; answers the height it took.
pub fn status(
    ctx: &CanvasRenderingContext2d,
    status: &Status,
    css: &mut String,
    cx: f64,
    top: f64,
    r: f64,
) -> f64 {
    let (width, height) = if status.large {
        ((3.0 * r).max(36.0), STATUS_HEIGHT.1)
    } else {
        ((2.0 * r).max(24.0), STATUS_HEIGHT.0)
    };
    let value = if status.value.is_nan() {
        0.0
    } else {
        status.value.clamp(0.0, 1.0)
    };
    let left = cx - width / 2.0;
    ctx.set_fill_style_str("#00000080");
    ctx.fill_rect(left - 1.0, top - 1.0, width + 2.0, height + 2.0);
    status.color.write_css(css);
    ctx.set_fill_style_str(css);
    ctx.fill_rect(left, top, width * value, height);
    height + 3.0
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

//! Drawing the stage: world coordinates (GEMSTEP's stage, -400..400 on both axes, origin at
//! the centre, y up) mapped onto the canvas.

use crate::orbits::Dot;
use web_sys::CanvasRenderingContext2d;

/// Half the stage's width and height in world units.
const HALF_EXTENT: f64 = 400.0;

/// Clears the canvas and draws every dot, fitted to a canvas of `width` × `height` pixels.
pub fn draw(ctx: &CanvasRenderingContext2d, width: f64, height: f64, dots: &[Dot]) {
    ctx.set_fill_style_str("#0e2a3b");
    ctx.fill_rect(0.0, 0.0, width, height);
    let scale = width.min(height) / (2.0 * HALF_EXTENT);
    for dot in dots {
        let px = width / 2.0 + dot.x * scale;
        let py = height / 2.0 - dot.y * scale;
        ctx.begin_path();
        // arc fails only for a negative radius, which a Dot never has.
        let _ = ctx.arc(px, py, dot.radius * scale, 0.0, std::f64::consts::TAU);
        ctx.set_fill_style_str(dot.color);
        ctx.fill();
    }
}

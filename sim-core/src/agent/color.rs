//! An agent's tint: Costume's hue, saturation and value, and the `0xRRGGBB` number and RGB
//! triples they convert to. Plain functions of an agent's state, read by the props an
//! expression sees (`agent.prop.color.value`), by Costume's methods and by Vision.

use super::{Agent, Agents, FeatureRef};

/// The agent's tint as an `0xRRGGBB` number (what `agent.prop.color.value` reads).
pub(crate) fn color_number(agents: &Agents, agent: &Agent) -> Option<f64> {
    agents
        .feature_named(agent, "Costume")
        .map(|c| rgb_number(hsv_of(c)))
}

/// A costume's tint as (hue, saturation, value).
pub(crate) fn hsv_of(c: FeatureRef<'_>) -> (f64, f64, f64) {
    (
        c.number("colorHue").unwrap_or(0.0),
        c.number("colorSaturation").unwrap_or(0.0),
        c.number("colorValue").unwrap_or(0.0),
    )
}

/// An HSV colour as an `0xRRGGBB` number.
pub(crate) fn rgb_number(hsv: (f64, f64, f64)) -> f64 {
    let [r, g, b] = hsv_to_rgb(hsv);
    let byte = |x: f64| (x.clamp(0.0, 1.0) * 255.0).round();
    byte(r) * 65536.0 + byte(g) * 256.0 + byte(b)
}

/// An `0xRRGGBB` number as (hue, saturation, value).
pub(crate) fn hsv_of_rgb_number(n: f64) -> (f64, f64, f64) {
    let n = n.clamp(0.0, 16_777_215.0) as u32;
    let part = |shift: u32| f64::from((n >> shift) & 0xff) / 255.0;
    rgb_to_hsv([part(16), part(8), part(0)])
}

/// Converts RGB (0..1 each) to HSV (0..1 each).
pub(crate) fn rgb_to_hsv([r, g, b]: [f64; 3]) -> (f64, f64, f64) {
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let delta = max - min;
    let h = if delta == 0.0 {
        0.0
    } else if max == r {
        ((g - b) / delta).rem_euclid(6.0) / 6.0
    } else if max == g {
        ((b - r) / delta + 2.0) / 6.0
    } else {
        ((r - g) / delta + 4.0) / 6.0
    };
    let s = if max == 0.0 { 0.0 } else { delta / max };
    (h, s, max)
}

/// Converts HSV (0..1 each) to RGB (0..1 each).
pub(crate) fn hsv_to_rgb((h, s, v): (f64, f64, f64)) -> [f64; 3] {
    let h6 = h.rem_euclid(1.0) * 6.0;
    let c = v * s;
    let x = c * (1.0 - (h6.rem_euclid(2.0) - 1.0).abs());
    let m = v - c;
    let (r, g, b) = match h6 as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    [r + m, g + m, b + m]
}

//! Costume at run time: which picture and frame, glow that fades, and a tint in HSV that
//! the renderer draws and Vision compares (camouflage).

use super::catalog::PropSlot;
use super::catalog_looks::COSTUME;
use super::dispatch::{feat, not_available, num_arg, text_arg};
use crate::agent::Agent;
use crate::entity::EntityId;
use crate::exec::{Failure, Obj, Runner};
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::vars::{RandomSource, Value};

/// Runs a Costume method on agent `id`.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    method: &str,
    args: &[Arg],
) -> Result<(), Failure> {
    match method {
        "setCostume" | "setAnimatedCostume" => {
            let name = text_arg(r, args, 0)?;
            let frame = num_arg(r, args, 1, 0.0)?;
            let c = feat(r, id, "Costume")?;
            c.set("costumeName", Value::String(name.clone()));
            c.set("currentFrame", Value::Number(frame));
            if let Some(agent) = r.world.agents.get_mut(id) {
                agent.skin = name;
            }
            Ok(())
        }
        "setPose" => {
            let frame = num_arg(r, args, 0, 0.0)?;
            feat(r, id, "Costume")?.set("currentFrame", Value::Number(frame));
            Ok(())
        }
        "setGlow" => {
            let seconds = num_arg(r, args, 0, 1.0)?;
            feat(r, id, "Costume")?.set("glow", Value::Number(seconds.max(0.0)));
            Ok(())
        }
        "setColorize" => {
            let rgb = [
                num_arg(r, args, 0, 0.0)?,
                num_arg(r, args, 1, 0.0)?,
                num_arg(r, args, 2, 0.0)?,
            ];
            let (h, s, v) = rgb_to_hsv(rgb);
            set_hsv(feat(r, id, "Costume")?, h, s, v);
            Ok(())
        }
        "setColorizeHSV" => {
            let hsv = [
                num_arg(r, args, 0, 0.0)?,
                num_arg(r, args, 1, 0.0)?,
                num_arg(r, args, 2, 0.0)?,
            ];
            set_hsv(feat(r, id, "Costume")?, hsv[0], hsv[1], hsv[2]);
            Ok(())
        }
        "randomizeColor" | "randomizeColorHSV" => randomize(r, id, args),
        "resetColorize" => {
            set_hsv(feat(r, id, "Costume")?, 0.0, 0.0, 0.0);
            Ok(())
        }
        "initHSVColorScale" => {
            let h = num_arg(r, args, 0, 0.0)?;
            let s = num_arg(r, args, 1, 0.0)?;
            let v = num_arg(r, args, 2, 1.0)?;
            let kind = text_arg(r, args, 3).unwrap_or_else(|_| "value".to_string());
            let steps = num_arg(r, args, 4, 5.0)?;
            let c = feat(r, id, "Costume")?;
            c.set("colorScaleHue", Value::Number(h));
            c.set("colorScaleSaturation", Value::Number(s));
            c.set("colorScaleValue", Value::Number(v));
            c.set("colorScaleType", Value::String(kind));
            c.set("colorScaleSteps", Value::Number(steps));
            Ok(())
        }
        _ => Err(not_available("Costume", method)),
    }
}

/// Answers Costume queries: `colorHSVWithinRange(a, b, hTol, sTol, vTol)` compares two
/// colours given as `0xRRGGBB` numbers.
pub(crate) fn query(
    r: &mut Runner<'_>,
    method: &str,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    let _ = r;
    if method != "colorHSVWithinRange" {
        return Err(not_available("Costume", method));
    }
    let n = |i: usize| match args.get(i) {
        Some(ExprValue::Number(x)) => Ok(*x),
        other => Err(format!(
            "argument {} must be a number, got {:?}",
            i + 3,
            other.map(ExprValue::type_name)
        )),
    };
    let (a, b) = (hsv_of_rgb_number(n(0)?), hsv_of_rgb_number(n(1)?));
    let within =
        hue_distance(a.0, b.0) <= n(2)? && (a.1 - b.1).abs() <= n(3)? && (a.2 - b.2).abs() <= n(4)?;
    Ok(ExprValue::Boolean(within))
}

/// The Costume props the tick reads for every agent that wears one.
const GLOW: PropSlot = PropSlot::of(&COSTUME, "glow");
const SCALE_STEPS: PropSlot = PropSlot::of(&COSTUME, "colorScaleSteps");

/// Fades glows by one tick.
pub(crate) fn update(agent: &mut Agent, seconds_per_tick: f64) {
    if let Some(c) = agent.feature_mut("Costume") {
        let glow = c.number_at(GLOW).unwrap_or(0.0);
        if glow > 0.0 {
            c.set_at(GLOW, Value::Number((glow - seconds_per_tick).max(0.0)));
        }
        apply_color_scale(c);
    }
}

/// The agent's tint as an `0xRRGGBB` number (what `agent.prop.color.value` reads).
pub(crate) fn color_number(agent: &Agent) -> Option<f64> {
    let c = agent.feature("Costume")?;
    let hsv = (
        c.number("colorHue").unwrap_or(0.0),
        c.number("colorSaturation").unwrap_or(0.0),
        c.number("colorValue").unwrap_or(0.0),
    );
    let [r, g, b] = hsv_to_rgb(hsv);
    let byte = |x: f64| (x.clamp(0.0, 1.0) * 255.0).round();
    Some(byte(r) * 65536.0 + byte(g) * 256.0 + byte(b))
}

fn randomize(r: &mut Runner<'_>, id: EntityId, args: &[Arg]) -> Result<(), Failure> {
    let ranges = [
        num_arg(r, args, 0, 0.0)?,
        num_arg(r, args, 1, 0.0)?,
        num_arg(r, args, 2, 0.0)?,
    ];
    let mut shifts = [0.0; 3];
    for (shift, range) in shifts.iter_mut().zip(ranges) {
        *shift = (r.world.rng.next_f64() * 2.0 - 1.0) * range;
    }
    let c = feat(r, id, "Costume")?;
    let h = c.number("colorHue").unwrap_or(0.0) + shifts[0];
    let s = c.number("colorSaturation").unwrap_or(0.0) + shifts[1];
    let v = c.number("colorValue").unwrap_or(0.0) + shifts[2];
    set_hsv(c, h.rem_euclid(1.0), s.clamp(0.0, 1.0), v.clamp(0.0, 1.0));
    Ok(())
}

fn set_hsv(c: &mut crate::agent::FeatureState, h: f64, s: f64, v: f64) {
    c.set("colorHue", Value::Number(h));
    c.set("colorSaturation", Value::Number(s));
    c.set("colorValue", Value::Number(v));
}

/// With a colour scale set up, the scale index picks the tint: step `i` of `steps` moves the
/// scale's component (hue, saturation or value) from 0 to its set level.
fn apply_color_scale(c: &mut crate::agent::FeatureState) {
    let steps = c.number_at(SCALE_STEPS).unwrap_or(0.0);
    if steps < 1.0 {
        return;
    }
    let index = c
        .number("colorScaleIndex")
        .unwrap_or(0.0)
        .clamp(0.0, steps - 1.0);
    let fraction = if steps > 1.0 {
        index / (steps - 1.0)
    } else {
        0.0
    };
    let mut hsv = [
        c.number("colorScaleHue").unwrap_or(0.0),
        c.number("colorScaleSaturation").unwrap_or(0.0),
        c.number("colorScaleValue").unwrap_or(1.0),
    ];
    let part = match c.text("colorScaleType").as_deref() {
        Some("hue") => 0,
        Some("saturation") => 1,
        _ => 2,
    };
    if let Some(slot) = hsv.get_mut(part) {
        *slot *= fraction;
    }
    set_hsv(c, hsv[0], hsv[1], hsv[2]);
}

fn hue_distance(a: f64, b: f64) -> f64 {
    let d = (a - b).abs().rem_euclid(1.0);
    d.min(1.0 - d)
}

fn hsv_of_rgb_number(n: f64) -> (f64, f64, f64) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsv_round_trips_through_rgb() {
        let (h, s, v) = rgb_to_hsv([1.0, 0.5, 0.0]);
        let [r, g, b] = hsv_to_rgb((h, s, v));
        assert!((r - 1.0).abs() < 1e-9 && (g - 0.5).abs() < 1e-9 && b.abs() < 1e-9);
        assert!(hue_distance(0.95, 0.05) < 0.11);
    }
}

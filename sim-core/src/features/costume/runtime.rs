//! Costume at run time: which picture and frame, glow that fades, and a tint in HSV that
//! the renderer draws and Vision compares (camouflage).

use super::spec::COSTUME;
use crate::agent::color::{hsv_of, hsv_of_rgb_number, hsv_to_rgb, rgb_number, rgb_to_hsv};
use crate::agent::{AgentFeatures, FeatureMut, FeatureRef};
use crate::entity::EntityId;
use crate::exec::{Failure, Obj, Runner};
use crate::features::catalog::{FeatureKind, PropSlot};
use crate::features::runtime::{
    answers, feat, methods, no_answer, num_arg, text_arg, Runtime, Setter, TickHooks,
};
use crate::features::MethodId;
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::vars::{RandomSource, Value};
use std::borrow::Cow;

/// The Costume feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: Some(query),
    tick: TickHooks {
        agent: Some(tick),
        ..TickHooks::NONE
    },
    setter: Some(setter),
};

methods!(
    COSTUME,
    SetCostume = "setCostume",
    SetAnimatedCostume = "setAnimatedCostume",
    SetPose = "setPose",
    SetGlow = "setGlow",
    SetColorize = "setColorize",
    SetColorizeHsv = "setColorizeHSV",
    RandomizeColor = "randomizeColor",
    RandomizeColorHsv = "randomizeColorHSV",
    ColorHsvWithinRange = "colorHSVWithinRange",
    ResetColorize = "resetColorize",
    InitHsvColorScale = "initHSVColorScale",
    GetHsvColorScaleColor = "getHSVColorScaleColor",
    GetColorHsv = "getColorHSV",
);

/// Runs a Costume method on agent `id`.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    method: MethodId,
    args: &[Arg],
) -> Result<(), Failure> {
    match Method::of(method)? {
        Method::SetCostume | Method::SetAnimatedCostume => {
            let name = text_arg(r, args, 0)?;
            let frame = num_arg(r, args, 1, 0.0)?;
            let mut c = feat(r, id, KIND)?;
            c.set("costumeName", Value::String(name.clone()));
            c.set_number_at(FRAME, frame);
            if let Some(mut agent) = r.world.agents.get_mut(id) {
                *agent.skin_mut() = name.into();
            }
            Ok(())
        }
        Method::SetPose => {
            let frame = num_arg(r, args, 0, 0.0)?;
            feat(r, id, KIND)?.set_number_at(FRAME, frame);
            Ok(())
        }
        Method::SetGlow => {
            let seconds = num_arg(r, args, 0, 1.0)?;
            feat(r, id, KIND)?.set_number_at(GLOW, at_least(seconds, 0.0));
            Ok(())
        }
        Method::SetColorize => {
            let rgb = three_numbers(r, args, 0.0)?;
            set_hsv(&mut feat(r, id, KIND)?, rgb_to_hsv(rgb));
            Ok(())
        }
        Method::SetColorizeHsv => {
            let [h, s, v] = three_numbers(r, args, 0.0)?;
            set_hsv(&mut feat(r, id, KIND)?, (h, s, v));
            Ok(())
        }
        Method::RandomizeColor => randomize_rgb(r, id, args),
        Method::RandomizeColorHsv => randomize_hsv(r, id, args),
        Method::ResetColorize => {
            let mut c = feat(r, id, KIND)?;
            c.set("colorScaleSteps", Value::Number(0.0));
            set_hsv(&mut c, (0.0, 0.0, 0.0));
            Ok(())
        }
        Method::InitHsvColorScale => init_scale(r, id, args),
        Method::ColorHsvWithinRange | Method::GetHsvColorScaleColor | Method::GetColorHsv => {
            Err(answers(&COSTUME, method))
        }
    }
}

/// Costume's methods that set one of its Number props, for their lowered form: `setPose`
/// sets the frame, `setGlow` the glow's seconds (never below 0).
fn setter(method: MethodId) -> Option<Setter> {
    match Method::of(method).ok()? {
        Method::SetPose => Some(Setter {
            slot: FRAME,
            default: 0.0,
            floor: f64::NEG_INFINITY,
        }),
        Method::SetGlow => Some(Setter {
            slot: GLOW,
            default: 1.0,
            floor: 0.0,
        }),
        Method::SetCostume
        | Method::SetAnimatedCostume
        | Method::SetColorize
        | Method::SetColorizeHsv
        | Method::RandomizeColor
        | Method::RandomizeColorHsv
        | Method::ColorHsvWithinRange
        | Method::ResetColorize
        | Method::InitHsvColorScale
        | Method::GetHsvColorScaleColor
        | Method::GetColorHsv => None,
    }
}

/// Answers Costume's questions about agent `id`: `getColorHSV()` (its tint),
/// `getHSVColorScaleColor(step)` (a colour number) and `colorHSVWithinRange(a, b, hTol,
/// sTol, vTol)` (whether two `0xRRGGBB` colours are close).
pub(crate) fn query(
    r: &mut Runner<'_>,
    id: EntityId,
    method: MethodId,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    let n = |i: usize| match args.get(i) {
        Some(ExprValue::Number(x)) => Ok(*x),
        other => Err(format!(
            "the {} value in its ( ) must be a number, not {}",
            crate::exec::ordinal(i),
            other.map_or_else(|| "nothing".to_owned(), ExprValue::describe)
        )),
    };
    match Method::of(method)? {
        Method::GetColorHsv => {
            r.agent(id)?;
            let (h, s, v) = r
                .world
                .agents
                .feature(id, KIND)
                .map_or((0.0, 0.0, 0.0), hsv_of);
            Ok(ExprValue::Object(Obj::Hsv([h, s, v])))
        }
        Method::GetHsvColorScaleColor => {
            let step = n(0)?;
            r.agent(id)?;
            let hsv = match r.world.agents.feature(id, KIND) {
                Some(c) => scale_color(c, step)?,
                // No scale set up: black, as GEMSTEP answers.
                None => (0.0, 0.0, 0.0),
            };
            Ok(ExprValue::Number(rgb_number(hsv)))
        }
        Method::ColorHsvWithinRange => {
            let (a, b) = (hsv_of_rgb_number(n(0)?), hsv_of_rgb_number(n(1)?));
            let within = hue_distance(a.0, b.0) <= n(2)?
                && (a.1 - b.1).abs() <= n(3)?
                && (a.2 - b.2).abs() <= n(4)?;
            Ok(ExprValue::Boolean(within))
        }
        Method::SetCostume
        | Method::SetAnimatedCostume
        | Method::SetPose
        | Method::SetGlow
        | Method::SetColorize
        | Method::SetColorizeHsv
        | Method::RandomizeColor
        | Method::RandomizeColorHsv
        | Method::ResetColorize
        | Method::InitHsvColorScale => Err(no_answer(&COSTUME, method)),
    }
}

/// `n`, or `floor` when `n` is not more: `-0.0` gives `floor` exactly, on every platform
/// (`f64::max` may give either zero, and WASM's and x86's differ).
pub(crate) fn at_least(n: f64, floor: f64) -> f64 {
    if n > floor {
        n
    } else {
        floor
    }
}

/// Costume's kind, which the tick (and the stage's view of an agent) finds the feature by.
pub(crate) const KIND: FeatureKind = FeatureKind::named(COSTUME.name);

/// The Costume props the tick reads for every agent that wears one, and those the stage
/// reads every frame to draw it.
pub(crate) const GLOW: PropSlot = PropSlot::of(&COSTUME, "glow");
pub(crate) const FRAME: PropSlot = PropSlot::of(&COSTUME, "currentFrame");
pub(crate) const NAME: PropSlot = PropSlot::of(&COSTUME, "costumeName");
pub(crate) const SCALE: PropSlot = PropSlot::of(&COSTUME, "scale");
pub(crate) const SCALE_Y: PropSlot = PropSlot::of(&COSTUME, "scaleY");
pub(crate) const FLIP_X: PropSlot = PropSlot::of(&COSTUME, "flipX");
pub(crate) const FLIP_Y: PropSlot = PropSlot::of(&COSTUME, "flipY");
pub(crate) const COLOR_VALUE: PropSlot = PropSlot::of(&COSTUME, "colorValue");
pub(crate) const GLOW_COLOR: PropSlot = PropSlot::of(&COSTUME, "glowColor");
const SCALE_STEPS: PropSlot = PropSlot::of(&COSTUME, "colorScaleSteps");
const COLOR: PropSlot = PropSlot::of(&COSTUME, "color");
// The colour scale's props, which the tick reads for every agent with a scale.
const SCALE_HUE: PropSlot = PropSlot::of(&COSTUME, "colorScaleHue");
const SCALE_SATURATION: PropSlot = PropSlot::of(&COSTUME, "colorScaleSaturation");
const SCALE_VALUE: PropSlot = PropSlot::of(&COSTUME, "colorScaleValue");
const SCALE_TYPE: PropSlot = PropSlot::of(&COSTUME, "colorScaleType");
const SCALE_INDEX: PropSlot = PropSlot::of(&COSTUME, "colorScaleIndex");

/// Costume's part of every tick, for one agent: see [`update`].
fn tick(_: &mut crate::agent::Agent, features: &mut AgentFeatures<'_>, seconds_per_tick: f64) {
    update(features, seconds_per_tick);
}

/// Fades glows by one tick, and sets the tint from the colour number or the colour scale
/// (the scale wins, as in GEMSTEP's costume update). A costume with no glow left, no colour
/// number and no colour scale has nothing to do, and sleeps until one of those is set.
fn update(features: &mut AgentFeatures<'_>, seconds_per_tick: f64) {
    let Some(mut c) = features.of_kind(KIND).filter(|c| c.is_awake()) else {
        return;
    };
    let glow = c.number_at(GLOW).unwrap_or(0.0);
    let glowing = glow > 0.0;
    if glowing {
        c.set_number_at(GLOW, at_least(glow - seconds_per_tick, 0.0));
    }
    let colored = apply_color_number(&mut c);
    let scaled = apply_color_scale(&mut c);
    if !(glowing || colored || scaled) {
        c.sleep();
    }
}

/// A Costume `color` of 0 or more (an `0xRRGGBB` number) sets the tint's hue, saturation
/// and value; answers whether it did.
fn apply_color_number(c: &mut FeatureMut<'_>) -> bool {
    let color = c.number_at(COLOR).unwrap_or(-1.0);
    if !(0.0..=f64::from(0xff_ffff_u32)).contains(&color) {
        return false;
    }
    let n = color as u32;
    let channel = |shift: u32| f64::from((n >> shift) & 0xff) / 255.0;
    set_hsv(c, rgb_to_hsv([channel(16), channel(8), channel(0)]));
    true
}

/// Three number arguments (missing ones are `default`).
fn three_numbers(r: &mut Runner<'_>, args: &[Arg], default: f64) -> Result<[f64; 3], Failure> {
    Ok([
        num_arg(r, args, 0, default)?,
        num_arg(r, args, 1, default)?,
        num_arg(r, args, 2, default)?,
    ])
}

/// A random shift of at most `range` either way.
fn shift(r: &mut Runner<'_>, range: f64) -> f64 {
    (r.world.rng.next_f64() * 2.0 - 1.0) * range
}

/// `randomizeColor dRed dGreen dBlue`: moves the tint's red, green and blue (0 to 1) each by
/// up to its amount either way; an untinted character starts from white.
fn randomize_rgb(r: &mut Runner<'_>, id: EntityId, args: &[Arg]) -> Result<(), Failure> {
    let ranges = three_numbers(r, args, 0.0)?;
    let shifts = ranges.map(|range| shift(r, range));
    let mut c = feat(r, id, KIND)?;
    let start = tint(c.get()).map_or([1.0; 3], hsv_to_rgb);
    let mut rgb = [0.0; 3];
    for ((out, from), by) in rgb.iter_mut().zip(start).zip(shifts) {
        *out = (from + by).clamp(0.0, 1.0);
    }
    set_hsv(&mut c, rgb_to_hsv(rgb));
    Ok(())
}

/// `randomizeColorHSV dHue dSat dVal`: moves the tint's hue, saturation and value each by up
/// to its amount either way; an untinted character starts from the middle (0.5 each).
fn randomize_hsv(r: &mut Runner<'_>, id: EntityId, args: &[Arg]) -> Result<(), Failure> {
    let ranges = three_numbers(r, args, 0.0)?;
    let [dh, ds, dv] = ranges.map(|range| shift(r, range));
    let mut c = feat(r, id, KIND)?;
    let (h, s, v) = tint(c.get()).unwrap_or((0.5, 0.5, 0.5));
    let unit = |x: f64| x.clamp(0.0, 1.0);
    set_hsv(&mut c, (unit(h + dh), unit(s + ds), unit(v + dv)));
    Ok(())
}

/// The tint, if the character has one (a tint with no brightness is no tint).
fn tint(c: FeatureRef<'_>) -> Option<(f64, f64, f64)> {
    let hsv = hsv_of(c);
    (hsv.2 > 0.0).then_some(hsv)
}

fn set_hsv(c: &mut FeatureMut<'_>, (h, s, v): (f64, f64, f64)) {
    c.set("colorHue", Value::Number(h));
    c.set("colorSaturation", Value::Number(s));
    c.set("colorValue", Value::Number(v));
}

/// `initHSVColorScale hue sat val type steps`: sets up a scale of `steps` colours that
/// share two of hue, saturation and value and step the third (`type`) from 0 to 1. Left-out
/// arguments keep the scale props' values.
fn init_scale(r: &mut Runner<'_>, id: EntityId, args: &[Arg]) -> Result<(), Failure> {
    let now = {
        let costume = feat(r, id, KIND)?;
        let (h, s, v, kind) = hsv_scale_props(costume.get());
        (h, s, v, kind.into_owned())
    };
    let h = num_arg(r, args, 0, now.0)?;
    let s = num_arg(r, args, 1, now.1)?;
    let v = num_arg(r, args, 2, now.2)?;
    let kind = match args.get(3) {
        Some(_) => text_arg(r, args, 3)?,
        None => now.3,
    };
    if !matches!(kind.as_str(), "hue" | "saturation" | "value") {
        return Err(format!(
            "the scale type must be 'hue', 'saturation' or 'value', not '{kind}'"
        ));
    }
    let steps = num_arg(r, args, 4, 5.0)?.floor().max(1.0);
    let mut c = feat(r, id, KIND)?;
    c.set("colorScaleHue", Value::Number(h));
    c.set("colorScaleSaturation", Value::Number(s));
    c.set("colorScaleValue", Value::Number(v));
    c.set("colorScaleType", Value::String(kind));
    c.set("colorScaleSteps", Value::Number(steps));
    Ok(())
}

fn hsv_scale_props(c: FeatureRef<'_>) -> (f64, f64, f64, Cow<'_, str>) {
    let number = |slot| c.prop_at(slot).and_then(|v| v.value().as_number());
    (
        number(SCALE_HUE).unwrap_or(0.0),
        number(SCALE_SATURATION).unwrap_or(0.0),
        number(SCALE_VALUE).unwrap_or(1.0),
        c.text_at(SCALE_TYPE).unwrap_or_default(),
    )
}

/// Step `step` of the costume's colour scale: the scale's type (hue, saturation or value)
/// is `step / (steps - 1)`, the other two are the scale's. No scale set up gives black.
fn scale_color(c: FeatureRef<'_>, step: f64) -> Result<(f64, f64, f64), Failure> {
    let steps = c.number_at(SCALE_STEPS).unwrap_or(0.0);
    if steps < 1.0 {
        return Ok((0.0, 0.0, 0.0));
    }
    let last = steps - 1.0;
    if step.fract() != 0.0 || !(0.0..=last).contains(&step) {
        return Err(format!(
            "step {step} is not on the colour scale: use a whole number from 0 to {last}"
        ));
    }
    let fraction = if last > 0.0 { step / last } else { 0.0 };
    let (h, s, v, kind) = hsv_scale_props(c);
    Ok(match &*kind {
        "hue" => (fraction, s, v),
        "saturation" => (h, fraction, v),
        _ => (h, s, fraction),
    })
}

/// With a colour scale set up, the scale index picks the tint (GEMSTEP's costume shows the
/// scale colour of `colorScaleIndex`, held to the scale's steps); answers whether there is
/// a scale.
fn apply_color_scale(c: &mut FeatureMut<'_>) -> bool {
    let steps = c.number_at(SCALE_STEPS).unwrap_or(0.0);
    if steps < 1.0 {
        return false;
    }
    let index = (c.get().prop_at(SCALE_INDEX))
        .and_then(|v| v.value().as_number())
        .unwrap_or(0.0)
        .round()
        .clamp(0.0, steps - 1.0);
    if let Ok(hsv) = scale_color(c.get(), index) {
        set_hsv(c, hsv);
    }
    true
}

fn hue_distance(a: f64, b: f64) -> f64 {
    let d = (a - b).abs().rem_euclid(1.0);
    d.min(1.0 - d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_costume_slot_names_a_catalog_prop() {
        let scale = [
            SCALE_HUE,
            SCALE_SATURATION,
            SCALE_VALUE,
            SCALE_TYPE,
            SCALE_INDEX,
        ];
        assert!(GLOW.resolves() && SCALE_STEPS.resolves() && COLOR.resolves());
        assert!(scale.iter().all(|s| s.resolves()));
    }

    #[test]
    fn hsv_round_trips_through_rgb() {
        let (h, s, v) = rgb_to_hsv([1.0, 0.5, 0.0]);
        let [r, g, b] = hsv_to_rgb((h, s, v));
        assert!((r - 1.0).abs() < 1e-9 && (g - 0.5).abs() < 1e-9 && b.abs() < 1e-9);
        assert!(hue_distance(0.95, 0.05) < 0.11);
    }

    #[test]
    fn a_colour_scale_steps_its_part_from_0_to_1_and_keeps_the_other_two() {
        let mut state =
            crate::agent::FeatureState::new(crate::features::feature("Costume").unwrap());
        let c = state.view();
        assert_eq!(scale_color(c, 0.0), Ok((0.0, 0.0, 0.0)), "no scale: black");
        let mut c = state.view_mut();
        c.set("colorScaleHue", Value::Number(0.3));
        c.set("colorScaleSaturation", Value::Number(0.8));
        c.set("colorScaleType", Value::String("value".into()));
        c.set("colorScaleSteps", Value::Number(3.0));
        let c = state.view();
        assert_eq!(scale_color(c, 1.0), Ok((0.3, 0.8, 0.5)));
        assert_eq!(scale_color(c, 2.0), Ok((0.3, 0.8, 1.0)));
        assert!(scale_color(c, 3.0).is_err() && scale_color(c, 0.5).is_err());
        assert_eq!(rgb_number((0.0, 1.0, 1.0)), f64::from(0xff_00_00));
    }
}

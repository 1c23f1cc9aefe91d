//! What the renderer draws: one plain record per agent. This struct is the single seam between
//! the simulation and the stage; whatever runs the model fills a `Vec<RenderAgent>` (reusing it
//! from frame to frame) and hands the slice to [`Renderer::draw`](super::Renderer::draw).
//!
//! From GEMSTEP's props: `x`, `y`, `zIndex`, `alpha`, `visible` map directly; Costume's
//! `costumeName` through [`Costumes::resolve`](super::Costumes::resolve) (once per change, not
//! per frame), `currentFrame` to `frame`, `scale` (times Physics `scale`) to `scale`,
//! `flipX`/`flipY`, `colorHue`/`colorSaturation`/`colorValue` through
//! [`Rgb::from_hsv`](super::Rgb::from_hsv), a running `glow` to `glow` (its `glowColor`, else
//! [`Rgb::GLOW_YELLOW`](super::Rgb::GLOW_YELLOW)); Graphing's `text` to `label`, `meter` and
//! `meterColor` (a packed integer, see [`Rgb::from_packed`](super::Rgb::from_packed)) to
//! `meter`, a graphed prop's history to `graph`.

use super::color::Rgb;
use super::costume::CostumeId;

/// One agent as drawn on the stage, in world units (origin at the stage centre, y up).
#[derive(Debug, Clone, PartialEq)]
pub struct RenderAgent {
    /// The agent's id, returned by hit-testing.
    pub id: u32,
    /// Centre, world units.
    pub x: f64,
    /// Centre, world units (y grows upwards).
    pub y: f64,
    /// The costume, resolved once from its name by [`Costumes::resolve`](super::Costumes::resolve).
    pub costume: CostumeId,
    /// The costume's frame (GEMSTEP's pose); wraps around the frames the art has.
    pub frame: u16,
    /// Size relative to the costume's natural size; 1 is natural.
    pub scale: f64,
    /// Height over width on top of `scale` (GEMSTEP's `scaleY`); 1 keeps the art's shape.
    pub stretch: f64,
    /// Orientation in degrees, counter-clockwise, 0 facing right.
    pub rotation_deg: f64,
    /// Mirror left-right.
    pub flip_x: bool,
    /// Mirror top-bottom.
    pub flip_y: bool,
    /// Tint; `None` keeps the costume's own colour.
    pub color: Option<Rgb>,
    /// Opacity, 0 (invisible) to 1.
    pub alpha: f64,
    /// A soft halo of this colour behind the agent while it glows.
    pub glow: Option<Rgb>,
    /// Drawing order: higher is drawn later (on top); equal values keep slice order.
    pub z_index: i32,
    /// Hidden agents are neither drawn nor hit.
    pub visible: bool,
    /// Drawn with a strong outline.
    pub selected: bool,
    /// Drawn with a light outline.
    pub hovered: bool,
    /// Graphing text shown under the agent.
    pub label: Option<String>,
    /// Graphing meter shown beside the agent.
    pub meter: Option<Meter>,
    /// The status bar under it, if a script set `statusValue`.
    pub status: Option<Status>,
    /// Graphing chart shown in a small box beside the agent.
    pub graph: Option<Graph>,
}

impl RenderAgent {
    /// An agent at `(x, y)` wearing `costume`, with every other field at its plain default:
    /// natural size, upright, opaque, visible, no widgets.
    pub fn new(id: u32, x: f64, y: f64, costume: CostumeId) -> RenderAgent {
        RenderAgent {
            id,
            x,
            y,
            costume,
            frame: 0,
            scale: 1.0,
            stretch: 1.0,
            rotation_deg: 0.0,
            flip_x: false,
            flip_y: false,
            color: None,
            alpha: 1.0,
            glow: None,
            z_index: 0,
            visible: true,
            selected: false,
            hovered: false,
            label: None,
            meter: None,
            status: None,
            graph: None,
        }
    }

    /// Whether anything of the agent is drawn: visible, not fully transparent, and with a
    /// finite position and a positive size.
    pub fn is_drawn(&self) -> bool {
        self.visible
            && self.alpha > 0.0
            && self.x.is_finite()
            && self.y.is_finite()
            && self.scale.is_finite()
            && self.scale != 0.0
    }
}

/// A Graphing meter: a bar filled to `value` (0..1, clamped when drawn).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Meter {
    /// Fill level, 0..1.
    pub value: f64,
    /// Fill colour.
    pub color: Rgb,
}

/// GEMSTEP's status meter (`statusValue`): a bar under the agent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Status {
    /// Fill level, 0..1.
    pub value: f64,
    /// Fill colour.
    pub color: Rgb,
    /// Drawn large (`statusValueIsLarge`).
    pub large: bool,
}

/// How a [`Graph`] draws its series.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphKind {
    /// A polyline through the values, oldest on the left.
    Line,
    /// One bar per value.
    Histogram,
}

/// A Graphing chart beside an agent.
#[derive(Debug, Clone, PartialEq)]
pub struct Graph {
    /// Line or bars.
    pub kind: GraphKind,
    /// The values, oldest first; the chart scales to their range.
    pub series: Vec<f64>,
    /// Line or bar colour.
    pub color: Rgb,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_transparent_or_broken_agents_are_not_drawn() {
        let base = RenderAgent::new(1, 0.0, 0.0, CostumeId::default());
        assert!(base.is_drawn());
        let cases: [fn(&mut RenderAgent); 5] = [
            |a| a.visible = false,
            |a| a.alpha = 0.0,
            |a| a.x = f64::NAN,
            |a| a.y = f64::INFINITY,
            |a| a.scale = 0.0,
        ];
        for spoil in cases {
            let mut agent = base.clone();
            spoil(&mut agent);
            assert!(!agent.is_drawn(), "{agent:?}");
        }
    }
}

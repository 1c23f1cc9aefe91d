//! [`StageMetadata`]: the stage's bounds, edges and colour, as a `.gemprj` stores them.

use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};

/// The stage: world bounds (origin at the centre, y grows downwards, so `top` is
/// the smaller y), whether agents wrap around each axis or bounce off the edges,
/// the background colour, and whether rounds start over after the last one.
///
/// A field missing from the file takes GEMSTEP's default: bounds -400..400 on both
/// axes, no wrap, bounce on, background 0x000066 (dark blue), rounds do not loop.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StageMetadata {
    /// The smallest y on stage.
    #[serde(serialize_with = "whole_if_possible")]
    pub top: f64,
    /// The largest x on stage.
    #[serde(serialize_with = "whole_if_possible")]
    pub right: f64,
    /// The largest y on stage.
    #[serde(serialize_with = "whole_if_possible")]
    pub bottom: f64,
    /// The smallest x on stage.
    #[serde(serialize_with = "whole_if_possible")]
    pub left: f64,
    /// Whether agents leaving one edge come back at the other: `[x, y]`.
    pub wrap: [bool; 2],
    /// Whether agents bounce off the edges (when not wrapping).
    pub bounce: bool,
    /// Background colour as a 0xRRGGBB number.
    pub bgcolor: u32,
    /// Whether the rounds start again from the first after the last one ends.
    pub rounds_can_loop: bool,
    /// Fields Stepwise does not use, kept so saving does not lose them.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Default for StageMetadata {
    fn default() -> Self {
        Self {
            top: -400.0,
            right: 400.0,
            bottom: 400.0,
            left: -400.0,
            wrap: [false, false],
            bounce: true,
            bgcolor: 0x00_00_66,
            rounds_can_loop: false,
            extra: Map::new(),
        }
    }
}

impl StageMetadata {
    /// The stage's width in world units.
    pub fn width(&self) -> f64 {
        self.right - self.left
    }

    /// The stage's height in world units.
    pub fn height(&self) -> f64 {
        self.bottom - self.top
    }
}

/// Writes whole numbers without a fraction (`-400`, not `-400.0`), so a file written
/// back is the file that was read.
fn whole_if_possible<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53: every whole f64 below is exact
    if value.fract() == 0.0 && value.abs() < EXACT {
        serializer.serialize_i64(*value as i64)
    } else {
        serializer.serialize_f64(*value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_take_gemstep_defaults() {
        let stage: StageMetadata = serde_json::from_str("{}").unwrap();
        assert_eq!(stage, StageMetadata::default());
        assert_eq!((stage.width(), stage.height()), (800.0, 800.0));
    }

    #[test]
    fn whole_bounds_are_written_without_a_fraction() {
        let stage = StageMetadata {
            left: -400.5,
            ..StageMetadata::default()
        };
        let json = serde_json::to_string(&stage).unwrap();
        assert!(json.contains(r#""top":-400,"#), "{json}");
        assert!(json.contains(r#""left":-400.5"#), "{json}");
        assert!(json.contains(r#""roundsCanLoop":false"#), "{json}");
    }

    #[test]
    fn unknown_fields_are_kept() {
        let stage: StageMetadata = serde_json::from_str(r#"{"top":-300,"grid":true}"#).unwrap();
        assert_eq!(stage.top, -300.0);
        assert_eq!(stage.extra.get("grid"), Some(&Value::Bool(true)));
        let back = serde_json::to_value(&stage).unwrap();
        assert_eq!(back.get("grid"), Some(&Value::Bool(true)));
    }
}

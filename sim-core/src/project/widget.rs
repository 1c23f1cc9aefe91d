//! [`WidgetDef`]: the teacher's interface widgets as the project file keeps them — sliders,
//! switches and choosers that set a prop of the running model, monitors that show a measure,
//! and buttons that run a line of ScriptText.
//!
//! GEMSTEP has no widgets; the list is left out of the file when there are none, and GEMSTEP
//! ignores the field when there are, so a project still opens there.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The most widgets a project keeps.
pub const MAX_WIDGETS: usize = 60;

/// What a widget is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum WidgetKind {
    /// A number between `min` and `max` in steps of `step`.
    #[default]
    Slider,
    /// On or off, for a Boolean prop.
    Switch,
    /// One of `options`.
    Chooser,
    /// Shows a measure (`count Fish`, `mean Fish.energy`, `Global.rate`).
    Monitor,
    /// Runs `script` as the model or as every agent of a blueprint.
    Button,
}

/// One widget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct WidgetDef {
    /// What it is.
    pub kind: WidgetKind,
    /// What it is called on screen (its target when empty).
    pub label: String,
    /// A slider's, switch's or chooser's prop (`Fish.energyUse`: a blueprint prop, set on every
    /// agent of the blueprint and for those made later; `Global.rate`); a monitor's measure; a
    /// button's runner (a blueprint's name, or empty for the model as a whole).
    pub target: String,
    /// A slider's least value.
    pub min: f64,
    /// A slider's greatest value.
    pub max: f64,
    /// A slider's step.
    pub step: f64,
    /// A chooser's options.
    pub options: Vec<String>,
    /// A button's line of ScriptText.
    pub script: String,
    /// Fields Stepwise does not use, kept so saving does not lose them.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Default for WidgetDef {
    fn default() -> WidgetDef {
        WidgetDef {
            kind: WidgetKind::Slider,
            label: String::new(),
            target: String::new(),
            min: 0.0,
            max: 10.0,
            step: 1.0,
            options: Vec::new(),
            script: String::new(),
            extra: Map::new(),
        }
    }
}

impl WidgetDef {
    /// The name to show: the label, or the target when the label is blank.
    pub fn shown_label(&self) -> &str {
        if self.label.trim().is_empty() {
            &self.target
        } else {
            &self.label
        }
    }
}

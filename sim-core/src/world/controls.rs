//! The state of controller inputs (see [`crate::sim::controllers`], which applies them):
//! the frames a device sends, why one is refused, and the frames waiting for the next tick
//! with the puppets they drive.

use crate::entity::EntityId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most markers one frame (one device) may carry.
pub const MAX_MARKERS_PER_DEVICE: usize = 100;
/// The most markers all frames waiting for one tick may carry together.
pub const MAX_MARKERS_PER_TICK: usize = 2_000;
/// The longest device name or marker id, in characters.
pub const MAX_INPUT_NAME_CHARS: usize = 64;
/// How many ticks a puppet stays without a frame for its marker (4 s).
pub const PUPPET_TIMEOUT_TICKS: u64 = 120;
/// The tag that lets students' devices drive a blueprint.
pub const CONTROLLABLE_TAG: &str = "isCharControllable";

/// One tracked point: its id on the device and its place, each coordinate from -0.5 to 0.5 of
/// the stage (GEMSTEP's convention; 0, 0 is the centre).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Marker {
    /// The marker's id, unique on its device.
    pub id: String,
    /// Across the stage, -0.5 (left edge) to 0.5 (right edge).
    pub x: f64,
    /// Down the stage, -0.5 (top edge) to 0.5 (bottom edge).
    pub y: f64,
}

/// What a device sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum InputFrame {
    /// Where the device's markers are now, each driving an agent of `blueprint`.
    Markers {
        /// The device's name.
        device: String,
        /// The controllable blueprint its markers drive.
        blueprint: String,
        /// Its markers.
        markers: Vec<Marker>,
    },
    /// The device left: its puppets go.
    Leave {
        /// The device's name.
        device: String,
    },
}

impl InputFrame {
    /// The device that sent the frame.
    pub fn device(&self) -> &str {
        match self {
            InputFrame::Markers { device, .. } | InputFrame::Leave { device } => device,
        }
    }
}

/// Why a frame was refused (nothing changed).
#[derive(Debug, Clone, PartialEq)]
pub enum InputRefusal {
    /// The device name is empty or longer than [`MAX_INPUT_NAME_CHARS`].
    DeviceName,
    /// A marker id is empty, too long or repeated in the frame.
    MarkerId(String),
    /// The model has no blueprint of that name.
    NoSuchBlueprint(String),
    /// The blueprint is not tagged `isCharControllable true`.
    NotControllable(String),
    /// A coordinate is not a finite number.
    NotFinite(String),
    /// More than [`MAX_MARKERS_PER_DEVICE`] markers in one frame.
    TooManyMarkers(usize),
    /// The markers waiting for this tick would pass [`MAX_MARKERS_PER_TICK`].
    TickFull,
}

impl std::fmt::Display for InputRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputRefusal::DeviceName => write!(
                f,
                "a device name must have 1 to {MAX_INPUT_NAME_CHARS} characters"
            ),
            InputRefusal::MarkerId(id) => write!(
                f,
                "marker id '{id}' is empty, longer than {MAX_INPUT_NAME_CHARS} characters or repeated"
            ),
            InputRefusal::NoSuchBlueprint(name) => write!(f, "the model has no blueprint '{name}'"),
            InputRefusal::NotControllable(name) => write!(
                f,
                "blueprint '{name}' is not controllable (it needs '# TAG {CONTROLLABLE_TAG} true')"
            ),
            InputRefusal::NotFinite(id) => write!(f, "marker '{id}' is not at a finite place"),
            InputRefusal::TooManyMarkers(n) => write!(
                f,
                "{n} markers in one frame; a device may send {MAX_MARKERS_PER_DEVICE}"
            ),
            InputRefusal::TickFull => write!(
                f,
                "this tick already has {MAX_MARKERS_PER_TICK} markers waiting; the frame was dropped"
            ),
        }
    }
}

impl std::error::Error for InputRefusal {}

/// An agent a marker drives, and the tick its marker was last seen.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(crate) struct Puppet {
    pub agent: EntityId,
    pub seen: u64,
}

/// The frames waiting for the next tick and the puppets they drive, by (device, marker id).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Controls {
    pub pending: Vec<InputFrame>,
    pub puppets: BTreeMap<(String, String), Puppet>,
    /// Frames refused since the model started.
    pub refused: u64,
}

impl Controls {
    /// How many markers the waiting frames carry.
    pub fn pending_markers(&self) -> usize {
        self.pending
            .iter()
            .map(|f| match f {
                InputFrame::Markers { markers, .. } => markers.len(),
                InputFrame::Leave { .. } => 0,
            })
            .sum()
    }
}

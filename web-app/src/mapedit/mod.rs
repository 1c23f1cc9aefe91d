//! The instance map editor: placing a blueprint's instances on the stage by clicking, moving
//! them by dragging, naming them and editing their init scripts, and the stage settings and
//! rounds of the model, all in one panel.
//!
//! [`place`] and [`settings`] are plain changes to a project, tested natively; every change
//! goes through [`apply_edit`], which refuses one that would leave the project inconsistent or
//! not compiling, so the model on stage is always the project as edited (reset to its new
//! starting state). [`panel`] is the Yew view; the app's pointer code calls [`MapTool`] hooks
//! when the panel is open.

mod apply;
mod panel;
pub mod place;
pub mod settings;

pub use apply::{apply_edit, MapError};
pub use panel::MapEditor;

use crate::projects::ProjectHandle;
use crate::render::Rgb;
use place::AgentOrigin;

/// What the stage's pointer does while the map editor is open.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MapTool {
    /// Whether the map editor is open: drags then move instances, not just agents.
    pub open: bool,
    /// The blueprint a click on empty stage places (empty: none).
    pub blueprint: String,
}

impl MapTool {
    /// The stage colour the open project asks for.
    pub fn background(handle: &ProjectHandle) -> Option<Rgb> {
        handle.with(|c| c.map(|c| Rgb::from_packed(c.project.metadata.bgcolor)))
    }

    /// The blueprint a click on empty stage places now, if any.
    pub fn placing(&self) -> Option<&str> {
        Some(self.blueprint.as_str()).filter(|b| self.open && !b.is_empty())
    }

    /// Places an instance of the chosen blueprint at the model point `(x, y)`.
    pub fn place_at(&self, handle: &ProjectHandle, x: f64, y: f64) -> Result<(), String> {
        let Some(blueprint) = self.placing() else {
            return Ok(());
        };
        apply_edit(handle, &format!("place a {blueprint}"), |p| {
            place::place(p, blueprint, x, y).map(|_| ())
        })
    }

    /// Moves the instance `agent` was made from to the model point `(x, y)`. An agent made
    /// by a script, not from an instance, has no instance to move: nothing changes.
    pub fn drop_at(
        &self,
        handle: &ProjectHandle,
        agent: &AgentOrigin,
        x: f64,
        y: f64,
    ) -> Result<(), String> {
        if !self.open {
            return Ok(());
        }
        let Some(index) = handle.with(|c| c.and_then(|c| place::instance_of(&c.project, agent)))
        else {
            return Err(format!(
                "'{}' was made by a script, so it has no place on the map to move",
                agent.name
            ));
        };
        apply_edit(handle, &format!("move {}", agent.name), |p| {
            place::move_to(p, index, x, y)
        })
    }
}

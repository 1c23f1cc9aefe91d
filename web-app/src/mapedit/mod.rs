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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::projects::{CurrentProject, Origin};
    use sim_core::Project;

    fn handle() -> ProjectHandle {
        let handle = ProjectHandle::empty();
        let project = Project::from_json(
            r##"{ "blueprints": [{ "name": "Fish", "scriptText": "# BLUEPRINT Fish" }] }"##,
        )
        .unwrap();
        handle.replace(CurrentProject::new(project, Origin::Other));
        handle
    }

    fn scripts(handle: &ProjectHandle) -> Vec<String> {
        handle.with(|c| {
            c.map(|c| {
                c.project
                    .instances
                    .iter()
                    .map(|i| i.init_script.clone())
                    .collect()
            })
            .unwrap_or_default()
        })
    }

    #[test]
    fn clicks_place_only_while_open_with_a_blueprint_chosen() {
        let handle = handle();
        let mut tool = MapTool {
            open: false,
            blueprint: "Fish".into(),
        };
        tool.place_at(&handle, 1.0, 2.0).unwrap();
        assert!(scripts(&handle).is_empty());
        tool.open = true;
        tool.place_at(&handle, 1.0, 2.0).unwrap();
        assert_eq!(scripts(&handle), ["prop x setTo 1\nprop y setTo 2"]);
        tool.blueprint.clear();
        assert_eq!(tool.placing(), None);
    }

    #[test]
    fn a_drop_moves_the_instance_the_agent_came_from() {
        let handle = handle();
        let tool = MapTool {
            open: true,
            blueprint: "Fish".into(),
        };
        tool.place_at(&handle, 0.0, 0.0).unwrap();
        let agent = AgentOrigin {
            name: "Fish 1".into(),
            blueprint: "Fish".into(),
            rank: 0,
        };
        tool.drop_at(&handle, &agent, 30.0, -40.0).unwrap();
        assert_eq!(scripts(&handle), ["prop x setTo 30\nprop y setTo -40"]);
        let spawned = AgentOrigin {
            name: "Fish 9".into(),
            ..agent
        };
        let refused = tool.drop_at(&handle, &spawned, 0.0, 0.0).unwrap_err();
        assert!(refused.contains("made by a script"), "{refused}");
    }
}

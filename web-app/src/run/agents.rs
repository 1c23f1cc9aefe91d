//! What the page does to the run's agents and reads of them: selection, hover and dragging
//! from the stage's pointer, the inspector's edits, the widgets' and the command line's
//! lines, and the readouts the panels show. An agent that disappeared meanwhile is ignored:
//! it is simply gone.

use super::Run;
use crate::inspector::{parse_value, Edit, Inspection};
use crate::mapedit::place::AgentOrigin;
use crate::panels::{PanelsReadout, Series};
use crate::session::PuppetNames;
use crate::widgets::Shown;
use sim_core::{
    AgentView, CommandTarget, EntityId, InputFrame, InputRefusal, PropGroup, Simulation,
    StartTarget, Value, WidgetDef,
};
use std::rc::Rc;

impl Run {
    /// Marks `id` as the hovered agent (none: nothing under the pointer); true if it changed.
    pub fn hover(&mut self, id: Option<EntityId>) -> bool {
        if id == self.hovered {
            return false;
        }
        if let Some(sim) = self.sim.get_mut() {
            if let Some(old) = self.hovered {
                let _ = sim.hover(old, false);
            }
            if let Some(new) = id {
                let _ = sim.hover(new, true);
            }
        }
        self.hovered = id;
        true
    }

    /// Selects `id`: alone, or with `add` added to the selection as part of a group.
    pub fn select(&mut self, id: EntityId, add: bool) {
        if !add {
            self.clear_selection();
        }
        if let Some(sim) = self.sim.get_mut() {
            let _ = sim.select(id, true);
            if add {
                let _ = sim.group(id, true);
            }
        }
    }

    /// Deselects and ungroups every agent.
    pub fn clear_selection(&mut self) {
        let Some(sim) = self.sim.get_mut() else {
            return;
        };
        for id in marked(sim) {
            let _ = sim.select(id, false);
            let _ = sim.group(id, false);
        }
    }

    /// Removes every selected or grouped agent.
    pub fn remove_selected(&mut self) {
        let Some(sim) = self.sim.get_mut() else {
            return;
        };
        for id in marked(sim) {
            let _ = sim.remove_agent(id);
        }
    }

    /// Marks `id` held by the pointer (its own movement pauses) or let go.
    pub fn hold(&mut self, id: EntityId, on: bool) {
        if let Some(sim) = self.sim.get_mut() {
            let _ = sim.set_captive(id, on);
        }
    }

    /// Moves `id` to the renderer's world point `(x, y)` (y up; the simulation's y is down).
    pub fn drag_to(&mut self, id: EntityId, x: f64, y: f64) {
        if let Some(sim) = self.sim.get_mut() {
            let _ = sim.move_agent(id, x, -y);
        }
    }

    /// Applies a prop edit from the inspector; the error says why it was refused.
    pub fn edit(&mut self, edit: &Edit) -> Result<(), String> {
        let sim = self.sim.get_mut().ok_or("the model is not running")?;
        let value = parse_value(&edit.text, &edit.was)?;
        let result = match &edit.group {
            PropGroup::Feature(feature) => {
                sim.set_feat_prop(edit.agent, feature, &edit.name, value)
            }
            _ => sim.set_prop(edit.agent, &edit.name, value),
        };
        result.map_err(|e| format!("{}: {e}", edit.name))
    }

    /// What ties agent `id` to the instance it was made from, and where it is in the model's
    /// coordinates (y down), for the map editor.
    pub fn origin_of(&self, id: EntityId) -> Option<(AgentOrigin, (f64, f64))> {
        let sim = self.sim.get()?;
        let agent = sim.agent(id)?;
        let same =
            |a: &AgentView<'_>| a.name() == agent.name() && a.blueprint() == agent.blueprint();
        let rank = sim
            .agents()
            .take_while(|a| a.id() != id)
            .filter(same)
            .count();
        let origin = AgentOrigin {
            name: agent.name().to_owned(),
            blueprint: agent.blueprint().to_owned(),
            rank,
        };
        Some((origin, agent.position()))
    }

    /// What each widget shows now: a slider's, switch's or chooser's prop value, a monitor's
    /// measure (see [`crate::widgets`]).
    pub fn widget_values(&self, widgets: &[WidgetDef]) -> Vec<Shown> {
        let Some(sim) = self.sim.get() else {
            return vec![Shown::Nothing; widgets.len()];
        };
        widgets
            .iter()
            .map(|w| crate::widgets::shown(sim, w))
            .collect()
    }

    /// Sets the prop a slider, switch or chooser is bound to (see [`Simulation::set_value`]).
    pub fn set_value(&mut self, target: &StartTarget, value: Value) -> Result<usize, String> {
        let sim = self.sim.get_mut().ok_or("the model is not running")?;
        sim.set_value(target, value).map_err(|e| e.to_string())
    }

    /// Runs a widget button's line (see [`Simulation::run_command`]); how many agents will
    /// run it at the next tick, or why it was refused.
    pub fn run_command(&mut self, target: &CommandTarget, text: &str) -> Result<usize, String> {
        let sim = self.sim.get_mut().ok_or("the model is not running")?;
        sim.run_command(target, text).map_err(|e| e.to_string())
    }

    /// Sends a line typed at the command line, refusing what would only be a warning in a
    /// script (see [`Simulation::type_command`]).
    pub fn type_command(&mut self, target: &CommandTarget, text: &str) -> Result<usize, String> {
        let sim = self.sim.get_mut().ok_or("the model is not running")?;
        sim.type_command(target, text).map_err(|e| e.to_string())
    }

    /// A student's controller frame (or a leave), for the next tick.
    pub fn send_frame(&mut self, frame: InputFrame) -> Result<(), InputRefusal> {
        let sim = self.sim.get_mut().ok_or(InputRefusal::TickFull)?;
        sim.send_input(frame)
    }

    /// Applies the students' waiting frames at once, without a tick (while the run is
    /// paused; see [`Simulation::apply_inputs_now`]).
    pub fn apply_inputs_now(&mut self) {
        if self.sim.get().is_some_and(|sim| sim.inputs_waiting() > 0) {
            if let Some(sim) = self.sim.get_mut() {
                sim.apply_inputs_now();
            }
        }
    }

    /// Where the characters a student's device drives are (its puppets, named `{device}
    /// {marker}`), by marker id, in the model's coordinates (y down).
    pub fn puppets_of(&self, device: &str) -> Vec<(String, f64, f64)> {
        let Some(sim) = self.sim.get() else {
            return Vec::new();
        };
        sim.agents()
            .filter_map(|a| {
                let marker = a.name().strip_prefix(device)?.strip_prefix(' ')?;
                let (x, y) = a.position();
                Some((marker.to_string(), x, y))
            })
            .collect()
    }

    /// The log and profile as the panels show them.
    pub fn panels(&self) -> PanelsReadout {
        self.sim
            .get()
            .map_or_else(PanelsReadout::default, PanelsReadout::of)
    }

    /// Adds a sample of the counts and Globals to `series` when one is due; true when it did.
    /// The series is copied only when a sample is due and the panel still shares it.
    pub fn sample(&self, series: &mut Rc<Series>) -> bool {
        let Some(sim) = self.sim.get() else {
            return false;
        };
        let due = series.is_due(sim.time().to_f64());
        if due {
            Rc::make_mut(series).sample(sim);
        }
        due
    }

    /// What the inspector shows, with `error` the last refused edit's message; a student's
    /// character goes by the student's name (`names`).
    pub fn inspection(&self, error: Option<String>, names: &PuppetNames) -> Inspection {
        let Some(sim) = self.sim.get() else {
            return Inspection::default();
        };
        let mut inspection = Inspection::of(sim, error);
        let rows = inspection.agents.iter_mut();
        for row in rows.chain(inspection.inspected.as_mut().map(|(row, _)| row)) {
            if let Some(name) = names.of(&row.name) {
                row.name = name;
            }
        }
        inspection
    }
}

/// The agents selected or grouped.
fn marked(sim: &Simulation) -> Vec<EntityId> {
    sim.agents()
        .filter(|a| a.selection().selected || a.selection().grouped)
        .map(|a| a.id())
        .collect()
}

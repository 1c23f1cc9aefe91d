//! The stage's pointer: pressing, dragging and hovering agents, and handing presses on empty
//! stage to the pan and pinch gestures.

use super::stage::canvas_point;
use super::{App, Held};
use web_sys::PointerEvent;

impl App {
    /// A press on empty stage starts a pan (or, with a second pointer, a pinch); a press on an
    /// agent selects it (shift: adds it to the group) and holds it for dragging. True when
    /// the selection changed.
    pub(super) fn press(&mut self, e: &PointerEvent) -> bool {
        let Some(canvas) = self.stage.canvas() else {
            return false;
        };
        let at = canvas_point(&canvas, e);
        let (wx, wy) = self.stage.view().canvas_to_world(at.0, at.1);
        let on_agent = self.stage.agent_at(wx, wy);
        let primary = e.button() == 0;
        if primary && on_agent.is_none() && self.map.placing().is_some() {
            // The model's y grows downwards; the stage's world y grows upwards.
            self.map_error = self.map.place_at(&self.project, wx, -wy).err();
            return true;
        }
        if primary && self.gestures.press(e.pointer_id(), at, on_agent.is_none()) {
            // Capture keeps the drag going when the pointer leaves the canvas; failing only
            // means it stops there.
            let _ = canvas.set_pointer_capture(e.pointer_id());
            return false;
        }
        let Some(drawn) = on_agent.filter(|_| primary && !self.stage.is_demo()) else {
            return false;
        };
        let model = self.stage.model_mut();
        let (Some(agent), Some(at_agent)) =
            (model.entity(drawn), model.drawn().get(drawn as usize))
        else {
            return false;
        };
        let offset = (at_agent.x - wx, at_agent.y - wy);
        model.select(agent, e.shift_key());
        model.hold(agent, true);
        self.held = Some(Held {
            pointer: e.pointer_id(),
            agent,
            offset,
            moved: false,
        });
        let _ = canvas.set_pointer_capture(e.pointer_id());
        self.draw();
        true
    }

    /// The held agent follows its pointer; otherwise the view pans or the agent under a free
    /// pointer is hovered. True when the inspector should refresh.
    pub(super) fn pointer_moved(&mut self, e: &PointerEvent) -> bool {
        let Some(canvas) = self.stage.canvas() else {
            return false;
        };
        let at = canvas_point(&canvas, e);
        let (wx, wy) = self.stage.view().canvas_to_world(at.0, at.1);
        if let Some(held) = self.held.as_mut().filter(|h| h.pointer == e.pointer_id()) {
            held.moved = true;
            let (agent, (dx, dy)) = (held.agent, held.offset);
            self.stage.model_mut().drag_to(agent, wx + dx, wy + dy);
            self.draw();
            return true;
        }
        if self.drag(e) || e.buttons() != 0 {
            return false;
        }
        self.hover_at(wx, wy)
    }

    /// Marks the agent at world point `(wx, wy)` hovered; true when that changed.
    pub(super) fn hover_at(&mut self, wx: f64, wy: f64) -> bool {
        if self.stage.is_demo() {
            return false;
        }
        let under = self
            .stage
            .agent_at(wx, wy)
            .and_then(|drawn| self.stage.model().entity(drawn));
        let changed = self.stage.model_mut().hover(under);
        if changed {
            self.draw();
        }
        changed
    }

    /// A pointer let go: a held agent is released (with the map editor open, a moved one's
    /// instance takes its new place), a pan or pinch ends. True when the map editor has news.
    pub(super) fn release(&mut self, pointer: i32) -> bool {
        self.gestures.release(pointer);
        let Some(held) = self.held.take_if(|h| h.pointer == pointer) else {
            return false;
        };
        self.stage.model_mut().hold(held.agent, false);
        if !self.map.open || !held.moved {
            return false;
        }
        let Some((origin, (x, y))) = self.stage.model().origin_of(held.agent) else {
            return false;
        };
        self.map_error = self.map.drop_at(&self.project, &origin, x, y).err();
        true
    }

    /// Pans or pinches the view when the pointer belongs to a gesture; true when it did.
    pub(super) fn drag(&mut self, e: &PointerEvent) -> bool {
        let Some(canvas) = self.stage.canvas() else {
            return false;
        };
        let at = canvas_point(&canvas, e);
        let moved = self
            .gestures
            .moved(e.pointer_id(), at, self.stage.view_mut());
        if moved {
            self.draw();
        }
        moved
    }
}

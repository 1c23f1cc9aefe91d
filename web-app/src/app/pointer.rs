//! The stage's pointer: pressing, dragging and hovering agents, and handing presses on empty
//! stage to the pan and pinch gestures.

use super::page::PageState;
use super::stage::{canvas_point, Stage};
use super::stage_area::StageArea;
use sim_core::EntityId;
use web_sys::PointerEvent;

/// An agent held by a pointer: which pointer, which agent, and the agent's offset from the
/// pointer in world units, so it does not jump to centre on the pointer.
pub struct Held {
    pointer: i32,
    agent: EntityId,
    offset: (f64, f64),
    /// Whether it moved since it was pressed.
    moved: bool,
    /// The stage's generation when it was pressed (see [`Stage::generation`]).
    generation: u64,
}

impl StageArea {
    /// The agent held, unless the stage ended the drag since (a new model, a reset).
    pub(super) fn holding(&mut self, stage: &Stage) -> Option<&mut Held> {
        if self
            .held
            .as_ref()
            .is_some_and(|h| h.generation != stage.generation())
        {
            self.held = None;
        }
        self.held.as_mut()
    }

    /// A press on empty stage starts a pan (or, with a second pointer, a pinch); a press on an
    /// agent selects it (shift: adds it to the group) and holds it for dragging. True when
    /// the selection changed.
    pub(super) fn press(&mut self, page: &mut PageState, e: &PointerEvent) -> bool {
        let Some(canvas) = page.stage.canvas() else {
            return false;
        };
        let at = canvas_point(&canvas, e);
        let (wx, wy) = page.stage.view().canvas_to_world(at.0, at.1);
        let on_agent = page.stage.agent_at(wx, wy);
        let primary = e.button() == 0;
        if primary && on_agent.is_none() && page.map.placing().is_some() {
            // The model's y grows downwards; the stage's world y grows upwards.
            page.map_error = page.map.place_at(&page.project, wx, -wy).err();
            return true;
        }
        if primary && self.gestures.press(e.pointer_id(), at, on_agent.is_none()) {
            // Capture keeps the drag going when the pointer leaves the canvas; failing only
            // means it stops there.
            let _ = canvas.set_pointer_capture(e.pointer_id());
            return false;
        }
        let Some(drawn) = on_agent.filter(|_| primary && !page.stage.is_demo()) else {
            return false;
        };
        let model = page.stage.model_mut();
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
            generation: page.stage.generation(),
        });
        let _ = canvas.set_pointer_capture(e.pointer_id());
        page.draw();
        true
    }

    /// The held agent follows its pointer; otherwise the view pans or the agent under a free
    /// pointer is hovered. True when the inspector should refresh.
    pub(super) fn pointer_moved(&mut self, page: &mut PageState, e: &PointerEvent) -> bool {
        let Some(canvas) = page.stage.canvas() else {
            return false;
        };
        let at = canvas_point(&canvas, e);
        let (wx, wy) = page.stage.view().canvas_to_world(at.0, at.1);
        if let Some(held) = self
            .holding(&page.stage)
            .filter(|h| h.pointer == e.pointer_id())
        {
            held.moved = true;
            let (agent, (dx, dy)) = (held.agent, held.offset);
            page.stage.model_mut().drag_to(agent, wx + dx, wy + dy);
            page.draw();
            return true;
        }
        if self.drag(page, e) || e.buttons() != 0 {
            return false;
        }
        Self::hover_at(page, wx, wy)
    }

    /// Marks the agent at world point `(wx, wy)` hovered; true when that changed.
    fn hover_at(page: &mut PageState, wx: f64, wy: f64) -> bool {
        if page.stage.is_demo() {
            return false;
        }
        let under = page
            .stage
            .agent_at(wx, wy)
            .and_then(|drawn| page.stage.model().entity(drawn));
        let changed = page.stage.model_mut().hover(under);
        if changed {
            page.draw();
        }
        changed
    }

    /// A pointer let go: a held agent is released (with the map editor open, a moved one's
    /// instance takes its new place), a pan or pinch ends. True when the map editor has news.
    pub(super) fn release(&mut self, page: &mut PageState, pointer: i32) -> bool {
        self.gestures.release(pointer);
        self.holding(&page.stage);
        let Some(held) = self.held.take_if(|h| h.pointer == pointer) else {
            return false;
        };
        page.stage.model_mut().hold(held.agent, false);
        if !page.map.open || !held.moved {
            return false;
        }
        let Some((origin, (x, y))) = page.stage.model().origin_of(held.agent) else {
            return false;
        };
        page.map_error = page.map.drop_at(&page.project, &origin, x, y).err();
        true
    }

    /// Pans or pinches the view when the pointer belongs to a gesture; true when it did.
    pub(super) fn drag(&mut self, page: &mut PageState, e: &PointerEvent) -> bool {
        let Some(canvas) = page.stage.canvas() else {
            return false;
        };
        let at = canvas_point(&canvas, e);
        let moved = self
            .gestures
            .moved(e.pointer_id(), at, page.stage.view_mut());
        if moved {
            page.draw();
        }
        moved
    }
}

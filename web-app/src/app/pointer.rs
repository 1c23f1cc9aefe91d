//! The stage's pointer: pressing, dragging and hovering agents, and handing presses on empty
//! stage to the pan and pinch gestures. Each event reads the page to find what is under the
//! pointer and dispatches what it does as an action.

use super::action::{Action, AgentAction, StageAction};
use super::page::PageHandle;
use super::stage_area::StageArea;
use crate::stage::{canvas_point, Stage};
use sim_core::EntityId;
use web_sys::{HtmlCanvasElement, PointerEvent};

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

/// Where a pointer event falls: on the canvas (canvas pixels) and in the world (y up).
fn place(canvas: &HtmlCanvasElement, stage: &Stage, e: &PointerEvent) -> ((f64, f64), (f64, f64)) {
    let at = canvas_point(canvas, e);
    (at, stage.view().canvas_to_world(at.0, at.1))
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

    /// A press on empty stage starts a pan (or, with a second pointer, a pinch) or, with the
    /// map editor placing, places an instance there; a press on an agent selects it (shift:
    /// adds it to the group) and holds it for dragging.
    pub(super) fn press(&mut self, page: &PageHandle, e: &PointerEvent) {
        let (canvas, at, (wx, wy), on_agent, placing, generation) = {
            let state = page.read();
            let Some(canvas) = state.stage.canvas() else {
                return;
            };
            let (at, world) = place(&canvas, &state.stage, e);
            let on_agent = state.stage.agent_at(world.0, world.1);
            let placing = state.map.placing().is_some();
            (
                canvas,
                at,
                world,
                on_agent,
                placing,
                state.stage.generation(),
            )
        };
        if e.button() != 0 {
            return;
        }
        if on_agent.is_none() && placing {
            let _ = page.dispatch(Action::Agents(AgentAction::PlaceAt { x: wx, y: wy }));
            return;
        }
        if self.gestures.press(e.pointer_id(), at, on_agent.is_none()) {
            // Capture keeps the drag going when the pointer leaves the canvas; failing only
            // means it stops there.
            let _ = canvas.set_pointer_capture(e.pointer_id());
            return;
        }
        let Some((drawn, Some(agent))) = on_agent else {
            return;
        };
        let Some((x, y)) = page.read().stage.drawn_at(drawn) else {
            return;
        };
        self.held = Some(Held {
            pointer: e.pointer_id(),
            agent,
            offset: (x - wx, y - wy),
            moved: false,
            generation,
        });
        let _ = canvas.set_pointer_capture(e.pointer_id());
        let add = e.shift_key();
        let _ = page.dispatch(Action::Agents(AgentAction::Grab { agent, add }));
    }

    /// The held agent follows its pointer; otherwise the view pans or the agent under a free
    /// pointer is hovered.
    pub(super) fn pointer_moved(&mut self, page: &PageHandle, e: &PointerEvent) {
        let (at, (wx, wy), mut view) = {
            let state = page.read();
            let Some(canvas) = state.stage.canvas() else {
                return;
            };
            let (at, world) = place(&canvas, &state.stage, e);
            (at, world, state.stage.view().clone())
        };
        let stage_generation = page.read().stage.generation();
        if let Some(held) = self
            .held
            .as_mut()
            .filter(|h| h.pointer == e.pointer_id() && h.generation == stage_generation)
        {
            held.moved = true;
            let (agent, (dx, dy)) = (held.agent, held.offset);
            let (x, y) = (wx + dx, wy + dy);
            let _ = page.dispatch(Action::Agents(AgentAction::DragTo { agent, x, y }));
            return;
        }
        if self.gestures.moved(e.pointer_id(), at, &mut view) {
            let _ = page.dispatch(Action::Stage(StageAction::View(view)));
            return;
        }
        if e.buttons() != 0 || page.read().stage.is_demo() {
            return;
        }
        let under = page.read().stage.agent_at(wx, wy).and_then(|(_, id)| id);
        let _ = page.dispatch(Action::Agents(AgentAction::Hover(under)));
    }

    /// A pointer let go: a held agent is released (with the map editor open, a moved one's
    /// instance takes its new place), a pan or pinch ends.
    pub(super) fn release(&mut self, page: &PageHandle, pointer: i32) {
        self.gestures.release(pointer);
        self.holding(&page.read().stage);
        let Some(held) = self.held.take_if(|h| h.pointer == pointer) else {
            return;
        };
        let (agent, moved) = (held.agent, held.moved);
        let _ = page.dispatch(Action::Agents(AgentAction::LetGo { agent, moved }));
    }
}

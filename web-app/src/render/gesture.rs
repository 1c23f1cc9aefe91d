//! Panning and pinch-zooming the stage with pointers: one pointer pressed on empty stage drags
//! the view; two pointers pinch, zooming about their midpoint and following it. Plain state
//! over canvas-pixel positions, so the component only forwards pointer events.

use super::view::StageView;

/// The pointers currently moving the view.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Gestures {
    /// Pressed pointers by id, with their last canvas position; at most two.
    pointers: Vec<(i32, (f64, f64))>,
}

impl Gestures {
    /// A pointer pressed at canvas point `at`. It joins the gesture when the press is on empty
    /// stage, or when another pointer is already down (the second finger of a pinch may land
    /// on an agent). Returns whether the pointer was taken, so the caller can capture it.
    pub fn press(&mut self, id: i32, at: (f64, f64), on_empty_stage: bool) -> bool {
        let joins = (on_empty_stage || self.pointers.len() == 1) && self.pointers.len() < 2;
        if joins && !self.pointers.iter().any(|(p, _)| *p == id) {
            self.pointers.push((id, at));
        }
        joins
    }

    /// A pointer moved to `at`; moves `view` if it belongs to the gesture and returns whether
    /// the view changed.
    pub fn moved(&mut self, id: i32, at: (f64, f64), view: &mut StageView) -> bool {
        let Some(index) = self.pointers.iter().position(|(p, _)| *p == id) else {
            return false;
        };
        let before = self.pointers.clone();
        if let Some(pointer) = self.pointers.get_mut(index) {
            pointer.1 = at;
        }
        match (before.as_slice(), self.pointers.as_slice()) {
            ([(_, from)], [(_, to)]) => view.pan_by(to.0 - from.0, to.1 - from.1),
            ([(_, a0), (_, b0)], [(_, a1), (_, b1)]) => {
                let (mid0, mid1) = (midpoint(*a0, *b0), midpoint(*a1, *b1));
                let (d0, d1) = (distance(*a0, *b0), distance(*a1, *b1));
                if d0 > 0.0 && d1 > 0.0 {
                    view.zoom_about(mid0.0, mid0.1, d1 / d0);
                }
                view.pan_by(mid1.0 - mid0.0, mid1.1 - mid0.1);
            }
            _ => return false,
        }
        true
    }

    /// A pointer was released or cancelled; it leaves the gesture.
    pub fn release(&mut self, id: i32) {
        self.pointers.retain(|(p, _)| *p != id);
    }
}

fn midpoint(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{Bounds, Rgb};

    fn view() -> StageView {
        StageView::new(Bounds::default(), Rgb::WHITE, 800.0, 800.0)
    }

    #[test]
    fn one_pointer_on_empty_stage_pans() {
        let (mut g, mut v) = (Gestures::default(), view());
        assert!(g.press(1, (100.0, 100.0), true));
        assert!(g.moved(1, (130.0, 90.0), &mut v));
        assert_eq!(v.world_to_canvas(0.0, 0.0), (430.0, 390.0));
        g.release(1);
        assert!(
            !g.moved(1, (500.0, 500.0), &mut v),
            "a released pointer moves nothing"
        );
    }

    #[test]
    fn a_press_on_an_agent_is_left_alone() {
        let (mut g, mut v) = (Gestures::default(), view());
        assert!(!g.press(1, (100.0, 100.0), false));
        assert!(!g.moved(1, (200.0, 100.0), &mut v));
        assert_eq!(v, view());
    }

    #[test]
    fn two_pointers_pinch_about_their_midpoint() {
        let (mut g, mut v) = (Gestures::default(), view());
        g.press(1, (300.0, 400.0), true);
        assert!(
            g.press(2, (500.0, 400.0), false),
            "a second finger joins even on an agent"
        );
        let under = v.canvas_to_world(400.0, 400.0);
        g.moved(2, (700.0, 400.0), &mut v);
        g.moved(1, (100.0, 400.0), &mut v);
        // The fingers spread from 200 to 600 pixels apart about the same midpoint.
        assert!((v.zoom - 3.0).abs() < 1e-9, "zoom {}", v.zoom);
        let now = v.canvas_to_world(400.0, 400.0);
        assert!((now.0 - under.0).abs() < 1e-9 && (now.1 - under.1).abs() < 1e-9);
    }

    #[test]
    fn a_third_pointer_is_ignored() {
        let mut g = Gestures::default();
        g.press(1, (0.0, 0.0), true);
        g.press(2, (10.0, 0.0), true);
        assert!(!g.press(3, (20.0, 0.0), true));
        assert_eq!(g.pointers.len(), 2);
    }
}

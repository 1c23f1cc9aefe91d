//! Room for labels. In a crowd, labels drawn over one another read as none of them: a stage
//! of a thousand labelled fish was a smear of white. Labels are instead given room front to
//! back (the selected and hovered agents' first) over a coarse grid of tiles, and a label
//! that would fall on a tile another label took is left out this frame. It shows again as
//! soon as its agent moves clear. Leaving them out also spares blending thousands of
//! unreadable glyphs into the frame.

use super::tiles::{Tiles, TILE};

/// The tiles of a frame that labels have taken.
#[derive(Debug, Default)]
pub struct LabelRoom {
    taken: Tiles,
}

impl LabelRoom {
    /// Frees every tile of a `width` × `height` frame, reusing the memory.
    pub fn reset(&mut self, width: usize, height: usize) {
        self.taken.reset(width, height);
    }

    /// Takes every tile the box from `(x0, y0)` to `(x1, y1)` (pixels) touches on the frame,
    /// and answers true, when none of them is taken yet; otherwise takes nothing and answers
    /// false. A box not wholly at finite numbers has no place, and no room.
    pub fn claim(&mut self, (x0, y0, x1, y1): (f64, f64, f64, f64)) -> bool {
        if ![x0, y0, x1, y1].iter().all(|v| v.is_finite()) {
            return false;
        }
        let tile = |v: f64| (v / TILE as f64).floor() as i64;
        let end = |v: f64| tile(v.ceil() - 1.0).saturating_add(1);
        let (c0, c1) = (tile(x0).max(0), end(x1).min(self.taken.cols()));
        let (r0, r1) = (tile(y0).max(0), end(y1).min(self.taken.rows()));
        let free = (r0..r1).all(|r| (c0..c1).all(|c| !self.taken.is_marked(c, r)));
        if free {
            for r in r0..r1 {
                for c in c0..c1 {
                    self.taken.mark(c, r);
                }
            }
        }
        free
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room() -> LabelRoom {
        let mut room = LabelRoom::default();
        room.reset(200, 100);
        room
    }

    #[test]
    fn a_label_over_one_already_placed_gives_way() {
        let mut room = room();
        assert!(room.claim((10.0, 10.0, 60.0, 24.0)));
        assert!(!room.claim((50.0, 20.0, 90.0, 34.0)), "overlaps the first");
        assert!(!room.claim((10.0, 10.0, 60.0, 24.0)), "the same place");
        assert!(room.claim((70.0, 10.0, 120.0, 24.0)), "beside it, clear");
        assert!(room.claim((10.0, 30.0, 60.0, 44.0)), "below it, clear");
    }

    #[test]
    fn a_label_that_gave_way_takes_no_room() {
        let mut room = room();
        assert!(room.claim((40.0, 40.0, 80.0, 54.0)));
        // Reaches from clear room onto the first label: refused, so its clear part stays free.
        assert!(!room.claim((0.0, 40.0, 44.0, 54.0)));
        assert!(room.claim((0.0, 40.0, 36.0, 54.0)));
    }

    #[test]
    fn edges_that_only_touch_leave_both_labels() {
        let mut room = room();
        assert!(room.claim((0.0, 0.0, 40.0, 16.0)));
        assert!(
            room.claim((40.0, 0.0, 80.0, 16.0)),
            "starts where the first ends"
        );
        assert!(
            room.claim((0.0, 16.0, 40.0, 32.0)),
            "starts below the first"
        );
    }

    #[test]
    fn a_new_frame_frees_every_tile() {
        let mut room = room();
        assert!(room.claim((0.0, 0.0, 200.0, 100.0)));
        assert!(!room.claim((100.0, 50.0, 110.0, 60.0)));
        room.reset(200, 100);
        assert!(room.claim((100.0, 50.0, 110.0, 60.0)));
    }

    #[test]
    fn boxes_reaching_past_the_frame_are_clipped_and_hostile_numbers_take_nothing() {
        let mut room = room();
        assert!(room.claim((-50.0, -50.0, 10.0, 10.0)));
        assert!(!room.claim((0.0, 0.0, 4.0, 4.0)));
        assert!(!room.claim((f64::NAN, 100.0, f64::NAN, 110.0)));
        assert!(!room.claim((100.0, 50.0, f64::INFINITY, 60.0)));
        assert!(
            room.claim((1e300, 1e300, 2e300, 2e300)),
            "wholly off the frame"
        );
        assert!(
            room.claim((-2e300, 40.0, -1e300, 60.0)),
            "wholly off the frame"
        );
        assert!(
            room.claim((190.0, 90.0, 200.0, 100.0)),
            "the far corner is still free"
        );
    }
}

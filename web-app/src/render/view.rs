//! Where the stage sits on the canvas: GEMSTEP world coordinates (origin at the centre, y up)
//! fitted to the canvas, then zoomed and panned by the user. Pure arithmetic, so hit-testing
//! and the pointer handlers share exactly the mapping the drawing uses.

use super::color::Rgb;

/// The stage's edges in world units. GEMSTEP's default is -400..400 on both axes; `top` is
/// the larger y because y grows upwards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Smallest x.
    pub left: f64,
    /// Largest x.
    pub right: f64,
    /// Largest y.
    pub top: f64,
    /// Smallest y.
    pub bottom: f64,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            left: -400.0,
            right: 400.0,
            top: 400.0,
            bottom: -400.0,
        }
    }
}

impl Bounds {
    fn width(&self) -> f64 {
        self.right - self.left
    }

    fn height(&self) -> f64 {
        self.top - self.bottom
    }

    fn centre(&self) -> (f64, f64) {
        (
            (self.left + self.right) / 2.0,
            (self.top + self.bottom) / 2.0,
        )
    }
}

/// The smallest and largest zoom the user can reach.
const ZOOM_RANGE: (f64, f64) = (0.1, 50.0);

/// The stage as seen through the canvas.
#[derive(Debug, Clone, PartialEq)]
pub struct StageView {
    /// The stage's edges.
    pub bounds: Bounds,
    /// Colour inside the bounds.
    pub background: Rgb,
    /// Magnification over the fitted view; 1 shows the whole stage.
    pub zoom: f64,
    /// The world point shown at the canvas centre.
    pub centre: (f64, f64),
    /// Canvas size in device pixels.
    pub canvas: (f64, f64),
}

impl StageView {
    /// The whole of `bounds` fitted to a canvas of `width` × `height` pixels.
    pub fn new(bounds: Bounds, background: Rgb, width: f64, height: f64) -> StageView {
        let mut view = StageView {
            bounds,
            background,
            zoom: 1.0,
            centre: (0.0, 0.0),
            canvas: (width, height),
        };
        view.fit();
        view
    }

    /// Shows the whole stage again, centred, undoing zoom and pan.
    pub fn fit(&mut self) {
        self.zoom = 1.0;
        self.centre = self.bounds.centre();
    }

    /// Canvas pixels per world unit. Degenerate bounds or canvas give 1, never 0 or NaN.
    pub fn scale(&self) -> f64 {
        let fit = (self.canvas.0 / self.bounds.width()).min(self.canvas.1 / self.bounds.height());
        let scale = fit * self.zoom;
        if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        }
    }

    /// The canvas pixel showing world point `(x, y)`.
    pub fn world_to_canvas(&self, x: f64, y: f64) -> (f64, f64) {
        let s = self.scale();
        (
            self.canvas.0 / 2.0 + (x - self.centre.0) * s,
            self.canvas.1 / 2.0 - (y - self.centre.1) * s,
        )
    }

    /// The world point under canvas pixel `(px, py)`; the inverse of
    /// [`world_to_canvas`](StageView::world_to_canvas).
    pub fn canvas_to_world(&self, px: f64, py: f64) -> (f64, f64) {
        let s = self.scale();
        (
            self.centre.0 + (px - self.canvas.0 / 2.0) / s,
            self.centre.1 - (py - self.canvas.1 / 2.0) / s,
        )
    }

    /// Multiplies the zoom by `factor`, keeping the world point under canvas pixel
    /// `(px, py)` where it is, as a wheel zoom should. The zoom stays within 0.1..50.
    pub fn zoom_about(&mut self, px: f64, py: f64, factor: f64) {
        if !(factor.is_finite() && factor > 0.0) {
            return;
        }
        let (wx, wy) = self.canvas_to_world(px, py);
        self.zoom = (self.zoom * factor).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        let s = self.scale();
        self.centre = (
            wx - (px - self.canvas.0 / 2.0) / s,
            wy + (py - self.canvas.1 / 2.0) / s,
        );
    }

    /// Moves the view with a drag of `(dx, dy)` canvas pixels: the stage follows the pointer.
    pub fn pan_by(&mut self, dx: f64, dy: f64) {
        if !(dx.is_finite() && dy.is_finite()) {
            return;
        }
        let s = self.scale();
        self.centre = (self.centre.0 - dx / s, self.centre.1 + dy / s);
    }

    /// The world rectangle the canvas shows, as `(left, right, bottom, top)`; agents wholly
    /// outside it are not drawn.
    pub fn visible_world(&self) -> (f64, f64, f64, f64) {
        let (left, top) = self.canvas_to_world(0.0, 0.0);
        let (right, bottom) = self.canvas_to_world(self.canvas.0, self.canvas.1);
        (left, right, bottom, top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> StageView {
        StageView::new(Bounds::default(), Rgb::WHITE, 800.0, 600.0)
    }

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9
    }

    #[test]
    fn the_fitted_stage_fills_the_shorter_side_with_y_up() {
        let v = view();
        assert_eq!(v.scale(), 0.75);
        assert_eq!(v.world_to_canvas(0.0, 0.0), (400.0, 300.0));
        assert_eq!(v.world_to_canvas(-400.0, 400.0), (100.0, 0.0));
        assert_eq!(v.world_to_canvas(400.0, -400.0), (700.0, 600.0));
    }

    #[test]
    fn canvas_to_world_inverts_world_to_canvas() {
        let mut v = view();
        v.zoom_about(123.0, 456.0, 2.5);
        v.pan_by(-40.0, 17.0);
        for (x, y) in [(0.0, 0.0), (-400.0, 400.0), (123.5, -77.25)] {
            let (px, py) = v.world_to_canvas(x, y);
            assert!(close(v.canvas_to_world(px, py), (x, y)));
        }
    }

    #[test]
    fn zooming_keeps_the_point_under_the_pointer() {
        let mut v = view();
        let before = v.canvas_to_world(600.0, 100.0);
        v.zoom_about(600.0, 100.0, 3.0);
        assert_eq!(v.zoom, 3.0);
        assert!(close(v.canvas_to_world(600.0, 100.0), before));
    }

    #[test]
    fn zoom_is_clamped_and_ignores_nonsense() {
        let mut v = view();
        v.zoom_about(0.0, 0.0, 1e9);
        assert_eq!(v.zoom, 50.0);
        v.zoom_about(0.0, 0.0, 1e-12);
        assert_eq!(v.zoom, 0.1);
        let before = v.clone();
        v.zoom_about(0.0, 0.0, f64::NAN);
        v.zoom_about(0.0, 0.0, -2.0);
        v.pan_by(f64::INFINITY, 0.0);
        assert_eq!(v, before);
    }

    #[test]
    fn panning_moves_the_stage_with_the_pointer_and_fit_undoes_it() {
        let mut v = view();
        v.pan_by(75.0, -30.0);
        assert!(close(v.world_to_canvas(0.0, 0.0), (475.0, 270.0)));
        v.zoom_about(10.0, 10.0, 4.0);
        v.fit();
        assert_eq!(v, view());
    }

    #[test]
    fn degenerate_sizes_give_a_usable_scale() {
        let flat = Bounds {
            left: 0.0,
            right: 0.0,
            top: 0.0,
            bottom: 0.0,
        };
        assert_eq!(StageView::new(flat, Rgb::WHITE, 800.0, 600.0).scale(), 1.0);
        assert_eq!(
            StageView::new(Bounds::default(), Rgb::WHITE, 0.0, 0.0).scale(),
            1.0
        );
    }

    #[test]
    fn the_visible_world_is_the_canvas_rectangle() {
        let (left, right, bottom, top) = view().visible_world();
        assert_eq!(
            (left, right, bottom, top),
            (-400.0 * 4.0 / 3.0, 400.0 * 4.0 / 3.0, -400.0, 400.0)
        );
    }
}

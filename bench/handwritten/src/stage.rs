//! The stage of a GEMSTEP model in its own units: a rectangle whose top is the smaller `y`
//! (heading 90° points up, to smaller `y`), and what its edges do to an agent that crosses
//! them. Stepwise's benchmark world wraps at every edge; GEMSTEP's shipped models mostly do
//! not wrap or bounce, so an agent stops at the edge and turns back in.

/// What the stage's edges do to an agent that crosses them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edges {
    /// It comes back in on the other side.
    Wrap,
    /// It stops at the edge, and its heading turns back inside (reflected on that axis).
    Stop,
}

/// A rectangular stage and its edge rule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Stage {
    pub(crate) left: f64,
    pub(crate) top: f64,
    pub(crate) right: f64,
    pub(crate) bottom: f64,
    pub(crate) edges: Edges,
}

impl Stage {
    /// A square stage of side `side` centred on the origin.
    pub(crate) fn centred_square(side: f64, edges: Edges) -> Stage {
        let half = side / 2.0;
        Stage {
            left: -half,
            top: -half,
            right: half,
            bottom: half,
            edges,
        }
    }

    /// Where an agent moved to `(x, y)` ends up, and whether its heading turns back on the
    /// x axis and on the y axis.
    #[inline]
    pub(crate) fn land(&self, x: f64, y: f64) -> (f64, f64, bool, bool) {
        match self.edges {
            Edges::Wrap => (
                wrap(x, self.left, self.right),
                wrap(y, self.top, self.bottom),
                false,
                false,
            ),
            Edges::Stop => {
                let (x, flip_x) = stop(x, self.left, self.right);
                let (y, flip_y) = stop(y, self.top, self.bottom);
                (x, y, flip_x, flip_y)
            }
        }
    }
}

/// `v` brought back into `[lo, hi)` by going round (a step is far shorter than the stage).
#[inline]
pub(crate) fn wrap(v: f64, lo: f64, hi: f64) -> f64 {
    if v < lo {
        let w = v + (hi - lo);
        // A tiny step below `lo` can round up to exactly `hi`.
        if w < hi {
            w
        } else {
            lo
        }
    } else if v >= hi {
        v - (hi - lo)
    } else {
        v
    }
}

/// `v` stopped within `[lo, hi]`, and whether it had to be.
#[inline]
pub(crate) fn stop(v: f64, lo: f64, hi: f64) -> (f64, bool) {
    if v < lo {
        (lo, true)
    } else if v > hi {
        (hi, true)
    } else {
        (v, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_goes_round_and_stopping_clamps_and_says_so() {
        assert_eq!(wrap(-401.0, -400.0, 400.0), 399.0);
        assert_eq!(wrap(400.0, -400.0, 400.0), -400.0);
        assert_eq!(wrap(-1e-20, 0.0, 10.0), 0.0);
        assert_eq!(stop(401.0, -400.0, 400.0), (400.0, true));
        assert_eq!(stop(400.0, -400.0, 400.0), (400.0, false));
        let stage = Stage::centred_square(800.0, Edges::Stop);
        assert_eq!(stage.land(-405.0, 10.0), (-400.0, 10.0, true, false));
    }
}

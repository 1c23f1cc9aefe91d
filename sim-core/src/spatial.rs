//! A uniform spatial grid: which agents are near which, without testing all pairs.
//!
//! Rebuilt once per tick from agent positions by a counting sort into cells, reusing its
//! buffers, so after the first tick a rebuild allocates nothing. Queries return *candidates*
//! from the cells a search box overlaps; the caller applies the exact test (bounds overlap,
//! centre distance, vision cone).

/// The most cells a grid will use per indexed point (plus a small constant), so a tiny cell
/// size over a huge extent cannot ask for an enormous allocation: cells grow instead.
const MAX_CELLS_PER_POINT: usize = 4;
const MIN_CELLS: usize = 64;

/// Points bucketed into square cells.
#[derive(Debug, Default, Clone)]
pub struct SpatialGrid {
    /// One over the cell side in world units: finding a point's cell multiplies by it rather
    /// than divides (a division takes several times as long, twice per point and four times
    /// per search). Any increasing function of the place finds the cells, as long as indexing
    /// and searching use the same one.
    per_cell: f64,
    /// World coordinates of the grid's lower-left corner.
    min_x: f64,
    min_y: f64,
    cols: usize,
    rows: usize,
    /// `entries[cell_start[c]..cell_start[c + 1]]` are the points in cell `c`.
    cell_start: Vec<u32>,
    /// Point indices ordered by cell.
    entries: Vec<u32>,
    /// Each point's cell, by point index.
    cell_of: Vec<u32>,
}

impl SpatialGrid {
    /// An empty grid.
    pub fn new() -> Self {
        SpatialGrid::default()
    }

    /// Indexes points `i` at `(xs[i], ys[i])` (the shorter slice decides the count) in cells
    /// of about `cell_size` world units. Non-finite coordinates land in an edge cell.
    pub fn rebuild(&mut self, xs: &[f64], ys: &[f64], cell_size: f64) {
        let n = xs.len().min(ys.len()).min(u32::MAX as usize);
        let (min_x, max_x) = finite_range(&xs[..n]);
        let (min_y, max_y) = finite_range(&ys[..n]);
        let (w, h) = ((max_x - min_x).max(0.0), (max_y - min_y).max(0.0));
        // A cell's number fits 32 bits (see `col_of`).
        let budget = (n * MAX_CELLS_PER_POINT).clamp(MIN_CELLS, u32::MAX as usize) as f64;
        let mut cell = if cell_size.is_finite() && cell_size > 0.0 {
            cell_size
        } else {
            1.0
        };
        // Grow the cells until the grid fits the budget.
        while ((w / cell).floor() + 1.0) * ((h / cell).floor() + 1.0) > budget {
            cell *= 2.0;
        }
        self.per_cell = 1.0 / cell;
        self.min_x = min_x;
        self.min_y = min_y;
        self.cols = (w / cell) as usize + 1;
        self.rows = (h / cell) as usize + 1;
        self.sort_into_cells(&xs[..n], &ys[..n]);
    }

    fn sort_into_cells(&mut self, xs: &[f64], ys: &[f64]) {
        let cells = self.cols * self.rows;
        self.cell_start.clear();
        self.cell_start.resize(cells + 1, 0);
        self.cell_of.clear();
        for (&x, &y) in xs.iter().zip(ys) {
            let c = self.cell_index(self.col_of(x), self.row_of(y));
            self.cell_of.push(c as u32);
            self.cell_start[c + 1] += 1;
        }
        for c in 0..cells {
            self.cell_start[c + 1] += self.cell_start[c];
        }
        self.entries.clear();
        self.entries.resize(xs.len(), 0);
        // Fill each cell from its end backwards, using the counts as cursors.
        for (i, &c) in self.cell_of.iter().enumerate().rev() {
            let slot = &mut self.cell_start[c as usize + 1];
            *slot -= 1;
            self.entries[*slot as usize] = i as u32;
        }
        // The cursors now hold each cell's start; shift them back into place.
        self.cell_start.rotate_left(1);
        self.cell_start[cells] = xs.len() as u32;
    }

    fn col_of(&self, x: f64) -> usize {
        // Float-to-int casts saturate (NaN becomes 0), so this is total. There are fewer than
        // 2^32 cells (the budget), so a saturated 32-bit column still picks the last one: and
        // on a 64-bit processor the cast to 32 bits is a few instructions fewer.
        (((x - self.min_x) * self.per_cell) as u32 as usize).min(self.cols - 1)
    }

    fn row_of(&self, y: f64) -> usize {
        (((y - self.min_y) * self.per_cell) as u32 as usize).min(self.rows - 1)
    }

    fn cell_index(&self, col: usize, row: usize) -> usize {
        row * self.cols + col
    }

    /// The number of indexed points.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.cell_of.len()
    }

    /// Whether no points are indexed.
    pub fn is_empty(&self) -> bool {
        self.cell_of.is_empty()
    }

    /// The point indices in cell order: the positions [`SpatialGrid::for_each_run`] reports
    /// index this list. A copy of per-point data laid out in this order puts the candidates
    /// of one search next to each other in memory.
    pub fn order(&self) -> &[u32] {
        &self.entries
    }

    /// Calls `visit(range)` with runs of positions in [`SpatialGrid::order`] covering every
    /// point in the cells that overlap the box of half-size `radius` around `(x, y)` (the
    /// same points [`SpatialGrid::for_each_candidate`] visits), one run per row of cells.
    pub fn for_each_run(
        &self,
        x: f64,
        y: f64,
        radius: f64,
        mut visit: impl FnMut(std::ops::Range<usize>),
    ) {
        if self.is_empty() || radius.is_nan() || radius < 0.0 {
            return;
        }
        let (c0, c1) = (self.col_of(x - radius), self.col_of(x + radius));
        let (r0, r1) = (self.row_of(y - radius), self.row_of(y + radius));
        for row in r0..=r1 {
            let first = self.cell_start[self.cell_index(c0, row)] as usize;
            let last = self.cell_start[self.cell_index(c1, row) + 1] as usize;
            // Cells of one row are contiguous, so one run covers c0..=c1.
            visit(first..last);
        }
    }

    /// Calls `visit(i)` for every point in the cells that overlap the box of half-size
    /// `radius` around `(x, y)`. Every point within `radius` (on each axis) is visited;
    /// some farther ones may be too.
    pub fn for_each_candidate(&self, x: f64, y: f64, radius: f64, mut visit: impl FnMut(u32)) {
        if self.is_empty() || radius.is_nan() || radius < 0.0 {
            return;
        }
        self.for_each_run(x, y, radius, |run| {
            for &i in &self.entries[run] {
                visit(i);
            }
        });
    }
}

/// The smallest and largest finite value, or `(0, 0)` when there is none.
fn finite_range(values: &[f64]) -> (f64, f64) {
    let mut range: Option<(f64, f64)> = None;
    for &v in values.iter().filter(|v| v.is_finite()) {
        // Plain comparisons (no NaN reaches here): `f64::min` is a library call in WASM.
        range = Some(match range {
            None => (v, v),
            Some((lo, hi)) => (if v < lo { v } else { lo }, if v > hi { v } else { hi }),
        });
    }
    range.unwrap_or((0.0, 0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(grid: &SpatialGrid, x: f64, y: f64, r: f64) -> Vec<u32> {
        let mut found = vec![];
        grid.for_each_candidate(x, y, r, |i| found.push(i));
        found.sort();
        found
    }

    #[test]
    fn candidates_include_every_point_within_the_radius() {
        let xs: Vec<f64> = (0..100).map(|i| f64::from(i % 10) * 3.0).collect();
        let ys: Vec<f64> = (0..100).map(|i| f64::from(i / 10) * 3.0).collect();
        let mut grid = SpatialGrid::new();
        grid.rebuild(&xs, &ys, 2.0);
        for (qx, qy, r) in [
            (0.0, 0.0, 3.0),
            (13.5, 13.5, 4.0),
            (27.0, 27.0, 0.5),
            (-5.0, 40.0, 9.0),
        ] {
            let found = near(&grid, qx, qy, r);
            for i in 0..100u32 {
                let (x, y) = (xs[i as usize], ys[i as usize]);
                if (x - qx).abs() <= r && (y - qy).abs() <= r {
                    assert!(
                        found.contains(&i),
                        "point {i} at ({x},{y}) missing near ({qx},{qy}) r={r}"
                    );
                }
            }
        }
    }

    #[test]
    fn runs_cover_the_same_points_as_candidates() {
        let xs: Vec<f64> = (0..200).map(|i| f64::from(i * 37 % 101)).collect();
        let ys: Vec<f64> = (0..200).map(|i| f64::from(i * 53 % 97)).collect();
        let mut grid = SpatialGrid::new();
        grid.rebuild(&xs, &ys, 7.0);
        for (qx, qy, r) in [(50.0, 50.0, 10.0), (0.0, 90.0, 3.0), (100.0, 0.0, 30.0)] {
            let mut by_runs: Vec<u32> = vec![];
            grid.for_each_run(qx, qy, r, |run| by_runs.extend(&grid.order()[run]));
            by_runs.sort();
            assert_eq!(by_runs, near(&grid, qx, qy, r));
        }
        let mut order = grid.order().to_vec();
        order.sort();
        assert_eq!(order, (0..200).collect::<Vec<u32>>(), "every point once");
    }

    #[test]
    fn far_cells_are_not_visited() {
        let xs = [0.0, 100.0];
        let ys = [0.0, 100.0];
        let mut grid = SpatialGrid::new();
        grid.rebuild(&xs, &ys, 10.0);
        assert_eq!(near(&grid, 0.0, 0.0, 5.0), vec![0]);
        assert_eq!(near(&grid, 100.0, 100.0, 5.0), vec![1]);
    }

    #[test]
    fn hostile_coordinates_do_not_panic() {
        let xs = [f64::NAN, f64::INFINITY, -1e300, 1e300, 0.0];
        let ys = [0.0, f64::NEG_INFINITY, 1e300, -1e300, f64::NAN];
        let mut grid = SpatialGrid::new();
        grid.rebuild(&xs, &ys, 1e-300);
        assert_eq!(grid.len(), 5);
        assert!(grid.cols * grid.rows <= MIN_CELLS.max(5 * MAX_CELLS_PER_POINT));
        let mut seen = 0;
        grid.for_each_candidate(0.0, 0.0, f64::INFINITY, |_| seen += 1);
        assert_eq!(seen, 5);
        grid.for_each_candidate(f64::NAN, 0.0, f64::NAN, |_| seen += 1);
        assert_eq!(seen, 5);
    }

    #[test]
    fn rebuild_reuses_the_grid() {
        let mut grid = SpatialGrid::new();
        grid.rebuild(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0], 1.0);
        grid.rebuild(&[5.0], &[5.0], 1.0);
        assert_eq!(grid.len(), 1);
        assert_eq!(near(&grid, 5.0, 5.0, 0.1), vec![0]);
        grid.rebuild(&[], &[], 1.0);
        assert!(grid.is_empty());
        assert!(near(&grid, 0.0, 0.0, 10.0).is_empty());
    }
}

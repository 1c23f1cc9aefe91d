//! The pair search of a `when A … B` rule between two kinds of agent: B's agents sorted into a
//! uniform grid over the stage by counting sort, rebuilt in buffers sized once (nothing is
//! allocated per tick), and each A agent asking for the B agents in the cells its reach
//! overlaps.
//!
//! Places (and each body's half size, for box tests) are copied into cell order, so the cells
//! of one grid row that a search covers are one contiguous run of memory: a search reads a
//! few runs without indirection, and [`PairGrid::member`] says which agent a slot holds. A
//! place off the stage counts in the nearest edge cell, so a search clamped to the stage
//! still finds it.

use std::ops::Range;

/// A cell index that marks an agent left out of the grid.
const LEFT_OUT: u32 = u32::MAX;

/// One kind of agent bucketed into square cells over a rectangle.
#[derive(Debug, Clone)]
pub(crate) struct PairGrid {
    left: f64,
    top: f64,
    /// Cells per stage unit.
    per_unit: f64,
    cols: usize,
    rows: usize,
    /// The agents of cell `c` occupy slots `cell_start[c]..cell_start[c + 1]`.
    cell_start: Vec<u32>,
    /// Where the next agent of each cell goes while sorting.
    cursor: Vec<u32>,
    /// Each agent's cell, by agent index ([`LEFT_OUT`] for one not in the grid).
    cell_of: Vec<u32>,
    /// By slot: places, half sizes and which agent the slot holds.
    xs: Vec<f64>,
    ys: Vec<f64>,
    halves: Vec<f64>,
    members: Vec<u32>,
}

impl PairGrid {
    /// A grid of cells `cell` units wide (or a little wider, to fit the stage in whole cells)
    /// over the rectangle from `(left, top)` spanning `width` × `height`, for up to
    /// `capacity` agents.
    pub(crate) fn new(
        left: f64,
        top: f64,
        width: f64,
        height: f64,
        cell: f64,
        capacity: usize,
    ) -> PairGrid {
        let count = |span: f64| ((span / cell).floor() as usize).max(1);
        let (cols, rows) = (count(width), count(height));
        let cells = cols * rows;
        PairGrid {
            left,
            top,
            per_unit: cols as f64 / width.max(f64::MIN_POSITIVE),
            cols,
            rows,
            cell_start: vec![0; cells + 1],
            cursor: vec![0; cells],
            cell_of: vec![LEFT_OUT; capacity],
            xs: vec![0.0; capacity],
            ys: vec![0.0; capacity],
            halves: vec![0.0; capacity],
            members: vec![0; capacity],
        }
    }

    /// The column of stage coordinate `x`, clamped to the grid.
    #[inline]
    fn col(&self, x: f64) -> usize {
        // A negative or not-a-number offset saturates to column 0.
        (((x - self.left) * self.per_unit) as usize).min(self.cols - 1)
    }

    /// The row of stage coordinate `y`, clamped to the grid.
    #[inline]
    fn row(&self, y: f64) -> usize {
        (((y - self.top) * self.per_unit) as usize).min(self.rows - 1)
    }

    /// Sorts the agents `i` with `keep(i)` (of at most the capacity, at `(xs[i], ys[i])`,
    /// with half size `halves[i]`, or 0 when `halves` is empty) into cells.
    pub(crate) fn rebuild(
        &mut self,
        xs: &[f64],
        ys: &[f64],
        halves: &[f64],
        keep: impl Fn(usize) -> bool,
    ) {
        self.cell_start.fill(0);
        for (i, (&x, &y)) in xs.iter().zip(ys).enumerate() {
            let c = if keep(i) {
                let c = self.row(y) * self.cols + self.col(x);
                self.cell_start[c + 1] += 1;
                c as u32
            } else {
                LEFT_OUT
            };
            self.cell_of[i] = c;
        }
        for c in 0..self.cursor.len() {
            self.cell_start[c + 1] += self.cell_start[c];
        }
        let cells = self.cursor.len();
        self.cursor.copy_from_slice(&self.cell_start[..cells]);
        for (i, &c) in self.cell_of[..xs.len()].iter().enumerate() {
            if c == LEFT_OUT {
                continue;
            }
            let slot = &mut self.cursor[c as usize];
            let k = *slot as usize;
            *slot += 1;
            self.xs[k] = xs[i];
            self.ys[k] = ys[i];
            self.halves[k] = halves.get(i).copied().unwrap_or(0.0);
            self.members[k] = i as u32;
        }
    }

    /// How many agents the grid holds.
    pub(crate) fn len(&self) -> usize {
        self.cell_start[self.cursor.len()] as usize
    }

    /// The runs of slots, one per grid row, whose cells overlap the box of half sizes
    /// `(rx, ry)` around `(x, y)`: every agent within that box is in one of them.
    #[inline]
    pub(crate) fn runs(
        &self,
        x: f64,
        y: f64,
        rx: f64,
        ry: f64,
    ) -> impl Iterator<Item = Range<usize>> + '_ {
        let (first, last) = (self.col(x - rx), self.col(x + rx));
        (self.row(y - ry)..=self.row(y + ry)).map(move |row| {
            let base = row * self.cols;
            self.cell_start[base + first] as usize..self.cell_start[base + last + 1] as usize
        })
    }

    /// Places by slot.
    pub(crate) fn xs(&self) -> &[f64] {
        &self.xs
    }

    /// Places by slot.
    pub(crate) fn ys(&self) -> &[f64] {
        &self.ys
    }

    /// Half sizes by slot.
    pub(crate) fn halves(&self) -> &[f64] {
        &self.halves
    }

    /// The agent slot `k` holds.
    #[inline]
    pub(crate) fn member(&self, k: usize) -> usize {
        self.members[k] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kept_agent_in_the_box_is_in_a_run_and_left_out_ones_are_not() {
        let xs: Vec<f64> = (0..400).map(|i| f64::from(i % 20) * 5.0 - 50.0).collect();
        let ys: Vec<f64> = (0..400).map(|i| f64::from(i / 20) * 5.0 - 50.0).collect();
        let mut grid = PairGrid::new(-50.0, -50.0, 100.0, 100.0, 12.0, 400);
        grid.rebuild(&xs, &ys, &[], |i| i % 7 != 0);
        assert_eq!(grid.len(), 400 - 58);
        for (x, y, r) in [(0.0, 0.0, 10.0), (-50.0, 45.0, 12.0), (200.0, -300.0, 5.0)] {
            let mut found: Vec<usize> = grid
                .runs(x, y, r, r)
                .flatten()
                .filter(|&k| (grid.xs()[k] - x).abs() <= r && (grid.ys()[k] - y).abs() <= r)
                .map(|k| grid.member(k))
                .collect();
            found.sort_unstable();
            let expected: Vec<usize> = (0..400)
                .filter(|&i| i % 7 != 0 && (xs[i] - x).abs() <= r && (ys[i] - y).abs() <= r)
                .collect();
            assert_eq!(found, expected, "around ({x}, {y})");
        }
    }
}

//! The neighbour search of *touch*: a uniform grid of cells at least one radius wide, so
//! every agent within the radius of an agent lies in its own cell or one of the eight around
//! it. Rebuilt each tick by counting sort into buffers sized once, so a tick allocates nothing.
//!
//! Positions are copied into cell order, so neighbouring cells of a row are one contiguous
//! run of memory. Each pair is tested once, from the agent earlier in cell order: an agent
//! scans two runs (the rest of its own cell and the cell to its right; the three cells below),
//! without indirection. The grid does not wrap: cells on an edge have no neighbours beyond it.

/// Agents bucketed into the square cells of a `side × side` world.
#[derive(Debug, Clone)]
pub(crate) struct CellGrid {
    /// Cells per row and per column.
    cols: usize,
    /// Cells per world unit.
    cells_per_unit: f64,
    /// Agents of cell `c` occupy slots `cell_start[c]..cell_start[c + 1]`.
    cell_start: Vec<u32>,
    /// Where the next agent of each cell goes while sorting.
    cursor: Vec<u32>,
    /// Each agent's cell, by agent index.
    cell_of: Vec<u32>,
    /// Positions in cell order, and which agent each slot holds.
    sorted_x: Vec<f64>,
    sorted_y: Vec<f64>,
    agent_at: Vec<u32>,
    /// Counts by slot while counting.
    slot_contacts: Vec<u32>,
    /// The last count of each agent, by agent index.
    contacts: Vec<u32>,
}

impl CellGrid {
    /// A grid for `n` agents in a world `side` units wide, with cells one unit wide (or a
    /// little wider when `side` is not whole).
    pub(crate) fn new(side: f64, n: usize) -> CellGrid {
        let cols = (side.floor() as usize).max(1);
        let cells = cols * cols;
        CellGrid {
            cols,
            cells_per_unit: cols as f64 / side.max(f64::MIN_POSITIVE),
            cell_start: vec![0; cells + 1],
            cursor: vec![0; cells],
            cell_of: vec![0; n],
            sorted_x: vec![0.0; n],
            sorted_y: vec![0.0; n],
            agent_at: vec![0; n],
            slot_contacts: vec![0; n],
            contacts: vec![0; n],
        }
    }

    /// The column (or row) of world coordinate `v` in `[0, side)`.
    fn cell_coord(&self, v: f64) -> usize {
        ((v * self.cells_per_unit) as usize).min(self.cols - 1)
    }

    /// Sorts the agents at `(xs[i], ys[i])` into cells. Both slices hold one entry per agent
    /// the grid was made for.
    pub(crate) fn rebuild(&mut self, xs: &[f64], ys: &[f64]) {
        self.cell_start.fill(0);
        for (i, (&x, &y)) in xs.iter().zip(ys).enumerate() {
            let c = self.cell_coord(y) * self.cols + self.cell_coord(x);
            self.cell_of[i] = c as u32;
            self.cell_start[c + 1] += 1;
        }
        for c in 0..self.cursor.len() {
            self.cell_start[c + 1] += self.cell_start[c];
        }
        let cells = self.cursor.len();
        self.cursor.copy_from_slice(&self.cell_start[..cells]);
        for (i, &c) in self.cell_of.iter().enumerate() {
            let slot = &mut self.cursor[c as usize];
            let k = *slot as usize;
            *slot += 1;
            self.sorted_x[k] = xs[i];
            self.sorted_y[k] = ys[i];
            self.agent_at[k] = i as u32;
        }
    }

    /// Counts, for every agent, the others within `radius` (at most one cell width) of it,
    /// centre to centre; records each count and returns their sum.
    ///
    /// Each pair is tested once: an agent looks only at the agents after it in its own cell,
    /// the cell to its right and the three cells below, and a hit counts for both agents.
    pub(crate) fn count_within(&mut self, radius: f64) -> u64 {
        let r2 = radius * radius;
        let (cols, last) = (self.cols, self.cols - 1);
        let start = &self.cell_start;
        self.slot_contacts.fill(0);
        for row in 0..cols {
            for col in 0..cols {
                let c = row * cols + col;
                let (left, right) = (col.saturating_sub(1), (col + 1).min(last));
                // Own cell and the one to its right are adjacent in cell order.
                let row_end = start[row * cols + right + 1] as usize;
                let below = if row < last {
                    let b = (row + 1) * cols;
                    start[b + left] as usize..start[b + right + 1] as usize
                } else {
                    0..0
                };
                for k in start[c] as usize..start[c + 1] as usize {
                    let (x, y) = (self.sorted_x[k], self.sorted_y[k]);
                    let mut near = 0;
                    for range in [k + 1..row_end, below.clone()] {
                        let (xs, ys) =
                            (&self.sorted_x[range.clone()], &self.sorted_y[range.clone()]);
                        near += count_and_mark(xs, ys, &mut self.slot_contacts[range], x, y, r2);
                    }
                    self.slot_contacts[k] += near;
                }
            }
        }
        let mut total = 0u64;
        for (&agent, &count) in self.agent_at.iter().zip(&self.slot_contacts) {
            self.contacts[agent as usize] = count;
            total += u64::from(count);
        }
        total
    }

    /// Agent `i`'s last count, or 0 for an agent the grid does not hold.
    pub(crate) fn contacts_of(&self, i: usize) -> u32 {
        self.contacts.get(i).copied().unwrap_or(0)
    }
}

/// How many of the points `(xs[j], ys[j])` lie within `sqrt(r2)` of `(x, y)`; adds one to
/// `counts[j]` for each that does. Branch-free.
pub(crate) fn count_and_mark(
    xs: &[f64],
    ys: &[f64],
    counts: &mut [u32],
    x: f64,
    y: f64,
    r2: f64,
) -> u32 {
    let mut hits = 0;
    for ((&px, &py), count) in xs.iter().zip(ys).zip(counts) {
        let (dx, dy) = (px - x, py - y);
        let hit = u32::from(dx * dx + dy * dy <= r2);
        *count += hit;
        hits += hit;
    }
    hits
}

#[cfg(test)]
mod tests {
    use crate::World;

    /// Every agent's count, found by testing all pairs.
    fn brute_force_counts(world: &World) -> Vec<u32> {
        let points: Vec<_> = (0..world.len()).filter_map(|i| world.position(i)).collect();
        points
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| {
                let near = points.iter().enumerate().filter(|&(j, &(px, py))| {
                    j != i && (px - x) * (px - x) + (py - y) * (py - y) <= 1.0
                });
                near.count() as u32
            })
            .collect()
    }

    #[test]
    fn grid_counts_equal_all_pairs_counts_for_every_agent() {
        let mut world = World::new(1_500, 11);
        for _ in 0..5 {
            let total = world.step_touch();
            let expected = brute_force_counts(&world);
            let counts: Vec<u32> = (0..world.len()).map(|i| world.contacts_of(i)).collect();
            assert_eq!(counts, expected);
            assert_eq!(total, expected.iter().map(|&c| u64::from(c)).sum::<u64>());
        }
    }

    #[test]
    fn pairs_across_the_wrap_edge_do_not_touch() {
        // Two agents a fifth of a cell apart through the edge, far apart inside the world.
        let mut grid = super::CellGrid::new(10.0, 2);
        grid.rebuild(&[0.1, 9.9], &[5.0, 5.0]);
        assert_eq!(grid.count_within(1.0), 0);
        grid.rebuild(&[0.1, 0.9], &[5.0, 5.0]);
        assert_eq!(grid.count_within(1.0), 2);
        assert_eq!((grid.contacts_of(0), grid.contacts_of(1)), (1, 1));
    }
}

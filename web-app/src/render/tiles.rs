//! A grid of square tiles over the frame, each marked or not: what the occlusion walk
//! ([`super::occlusion`]) and the room for labels ([`super::room`]) keep track of.

/// Tile side, pixels: small enough that a 20-pixel agent covers several tiles, and that
/// labels sit at most this close before one gives way.
pub const TILE: i64 = 4;

/// Which tiles of a frame are marked.
#[derive(Debug, Default)]
pub struct Tiles {
    cols: i64,
    rows: i64,
    marked: Vec<bool>,
}

impl Tiles {
    /// Unmarks every tile of a `width` × `height` frame, reusing the memory.
    pub fn reset(&mut self, width: usize, height: usize) {
        self.cols = (width as i64 + TILE - 1) / TILE;
        self.rows = (height as i64 + TILE - 1) / TILE;
        self.marked.clear();
        self.marked
            .resize((self.cols * self.rows).max(0) as usize, false);
    }

    /// Columns of tiles across the frame.
    pub fn cols(&self) -> i64 {
        self.cols
    }

    /// Rows of tiles down the frame.
    pub fn rows(&self) -> i64 {
        self.rows
    }

    /// Whether the tile at `(col, row)` is marked (none off the grid is).
    pub fn is_marked(&self, col: i64, row: i64) -> bool {
        self.index(col, row)
            .and_then(|i| self.marked.get(i))
            .copied()
            .unwrap_or(false)
    }

    /// Marks the tile at `(col, row)`, if it is on the grid.
    pub fn mark(&mut self, col: i64, row: i64) {
        if let Some(tile) = self.index(col, row).and_then(|i| self.marked.get_mut(i)) {
            *tile = true;
        }
    }

    fn index(&self, col: i64, row: i64) -> Option<usize> {
        let on = (0..self.cols).contains(&col) && (0..self.rows).contains(&row);
        on.then(|| (row * self.cols + col) as usize)
    }
}

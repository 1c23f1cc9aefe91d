//! [`FpsMeter`]: the demo pages' frames-per-second figure.

/// Counts animation frames to show frames per second in demo mode, with the mean time the
/// frame's own work took (moving the demo and drawing), which tells a slow renderer from a
/// busy machine.
#[derive(Default)]
pub struct FpsMeter {
    frames: u32,
    since_ms: f64,
    work_ms: f64,
    /// Frames per second and mean work per frame (ms) over the last full second.
    pub shown: Option<(f64, f64)>,
}

impl FpsMeter {
    /// Counts a frame at `ts` milliseconds whose work took `work_ms`; true when the shown
    /// figures changed.
    pub fn frame(&mut self, ts: f64, work_ms: f64) -> bool {
        self.frames += 1;
        self.work_ms += work_ms;
        let elapsed = ts - self.since_ms;
        if elapsed < 1000.0 {
            return false;
        }
        let first = self.since_ms == 0.0;
        self.since_ms = ts;
        let rate = f64::from(self.frames) * 1000.0 / elapsed;
        let work = self.work_ms / f64::from(self.frames);
        (self.frames, self.work_ms) = (0, 0.0);
        // The first window starts at page load, not at a frame: skip it.
        if !first {
            self.shown = Some((rate, work));
        }
        !first
    }
}

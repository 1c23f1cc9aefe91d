//! `stepwise run --replay FILE`: a saved class run played through headless, part by part,
//! checking the lesson's state hashes on the way; prints each part and the final state hash,
//! the one the teacher's page had when the run was saved.

use sim_core::session::{Reached, RunReplay};
use std::fmt::Write as _;

/// Replays the class run in `file`; returns the summary, or why it could not.
pub fn run(file: &str) -> Result<String, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let replay = RunReplay::open(&bytes).map_err(|e| format!("{file}: {e}"))?;
    let mut out = String::new();
    let _ = writeln!(out, "class run: {}", replay.file().title);
    let mut last_hash = 0;
    let mut checks = 0;
    for (index, part) in replay.parts().iter().enumerate() {
        let (mut head, _, mut sim) = replay
            .seek(part.start)
            .map_err(|e| format!("{file}: part {}: {e}", index + 1))?;
        let reached = replay
            .play_to(&mut head, &mut sim, part.ticks.1, u64::MAX)
            .map_err(|e| format!("{file}: part {}: {e}", index + 1))?;
        if reached == Reached::Partway {
            return Err(format!("{file}: part {} did not finish", index + 1));
        }
        checks += head.checks();
        last_hash = sim.state_hash();
        let _ = writeln!(
            out,
            "part {}: ticks {} to {} ({}), state hash {last_hash:016x}",
            index + 1,
            part.ticks.0,
            sim.tick_count(),
            part.why
        );
    }
    let _ = writeln!(out, "{checks} of the lesson's state hashes matched");
    let _ = write!(out, "state hash {last_hash:016x}");
    Ok(out)
}

//! A device's side of lockstep: the teacher's snapshot restored into a simulation of its
//! own, then each [`Bundle`] applied in order — its inputs, then the run to the same sim
//! time — so the device reaches the teacher's state bit for bit. A gap in the bundles, a
//! bundle of another epoch or a state hash that differs means the device lost step: it asks
//! for a fresh snapshot and counts a resync.

use super::protocol::{Bundle, RoomSnapshot};
use crate::project::{Project, MAX_PROJECT_BYTES};
use crate::sim::Simulation;
use crate::time::SimTime;

/// The project as it travels in a snapshot: compact JSON, deflated.
pub fn pack_project(project: &Project) -> Vec<u8> {
    let json = serde_json::to_vec(project).unwrap_or_default();
    miniz_oxide::deflate::compress_to_vec_zlib(&json, 1)
}

/// The project a snapshot carries, checked as an opened file is.
pub fn unpack_project(bytes: &[u8]) -> Result<Project, String> {
    let json = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(bytes, MAX_PROJECT_BYTES)
        .map_err(|e| format!("the model in the snapshot is damaged or too large ({e:?})"))?;
    let text = std::str::from_utf8(&json).map_err(|_| "the model is not text".to_string())?;
    Project::from_json(text).map_err(|e| format!("the model in the snapshot is not valid: {e}"))
}

/// Where this device stands in the teacher's run (the simulation it follows is the caller's,
/// so the device's stage can draw and inspect it as any other).
#[derive(Debug, Clone)]
pub struct Follower {
    epoch: u32,
    seq: u64,
    characters: Vec<String>,
    /// The last hash check: the tick and whether it matched.
    checked: Option<(u64, bool)>,
}

/// What a bundle did.
#[derive(Debug, Clone, PartialEq)]
pub enum Followed {
    /// Applied: the model is at the bundle's tick.
    Applied,
    /// Already applied (a repeat) or of an older epoch than the snapshot: ignored.
    Stale,
    /// The device lost step, and why: it needs a fresh snapshot.
    Lost(String),
}

impl Follower {
    /// Starts following from the teacher's snapshot: the follower, the teacher's project and
    /// the simulation restored from it.
    pub fn start(snapshot: &RoomSnapshot) -> Result<(Follower, Project, Simulation), String> {
        let project = unpack_project(&snapshot.project)?;
        let sim = Simulation::restore(&project, &snapshot.state)
            .map_err(|e| format!("the snapshot cannot be restored: {e}"))?;
        let follower = Follower {
            epoch: snapshot.epoch,
            seq: snapshot.seq,
            characters: snapshot.characters.clone(),
            checked: None,
        };
        Ok((follower, project, sim))
    }

    /// Whether a snapshot that arrived should replace the state followed: it starts a newer
    /// epoch (the teacher's model jumped). A snapshot of the same epoch, sent for another
    /// device, is not needed by one in step.
    pub fn wants(&self, snapshot: &RoomSnapshot) -> bool {
        newer(snapshot.epoch, self.epoch)
    }

    /// Applies the next bundle, or says why it cannot.
    pub fn apply(&mut self, sim: &mut Simulation, bundle: &Bundle) -> Followed {
        if bundle.epoch != self.epoch {
            return if newer(bundle.epoch, self.epoch) {
                Followed::Lost(format!(
                    "the teacher's model jumped (epoch {})",
                    bundle.epoch
                ))
            } else {
                Followed::Stale
            };
        }
        if bundle.seq <= self.seq {
            return Followed::Stale;
        }
        if bundle.seq != self.seq + 1 {
            return Followed::Lost(format!(
                "bundles {} to {} did not arrive",
                self.seq + 1,
                bundle.seq - 1
            ));
        }
        if bundle.from != sim.tick_count() {
            return Followed::Lost(format!(
                "this device is at tick {}, the bundle starts at tick {}",
                sim.tick_count(),
                bundle.from
            ));
        }
        for input in &bundle.inputs {
            sim.apply_input(input);
        }
        sim.advance_to(SimTime::from_bits(bundle.until));
        self.seq = bundle.seq;
        if sim.tick_count() != bundle.tick {
            return Followed::Lost(format!(
                "this device reached tick {}, the teacher tick {}",
                sim.tick_count(),
                bundle.tick
            ));
        }
        if let Some(hash) = bundle.hash {
            let same = sim.state_hash() == hash;
            self.checked = Some((bundle.tick, same));
            if !same {
                return Followed::Lost(format!(
                    "the state at tick {} differs from the teacher's",
                    bundle.tick
                ));
            }
        }
        Followed::Applied
    }

    /// The blueprints a student may pick.
    pub fn characters(&self) -> &[String] {
        &self.characters
    }

    /// The epoch and the last bundle applied.
    pub fn position(&self) -> (u32, u64) {
        (self.epoch, self.seq)
    }

    /// The tick of the last hash check and whether it matched.
    pub fn last_check(&self) -> Option<(u64, bool)> {
        self.checked
    }
}

/// Whether epoch `a` came after `b` (epochs only grow, wrapping after 4 billion jumps).
fn newer(a: u32, b: u32) -> bool {
    a != b && a.wrapping_sub(b) < u32::MAX / 2
}
